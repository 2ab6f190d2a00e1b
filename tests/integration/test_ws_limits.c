/* test_ws_limits.c: connection limits and seat ownership over real sockets: the cap of
 * WebSocket connections per remote address (typed error, then close; per address; a freed
 * place is reusable); a second connection authenticating with the same player token (the
 * new one takes the seat, the old one gets session_replaced and watches on as a spectator,
 * open); and a client that takes the seat back by itself in a loop: after
 * one takeover every try within 5 s is replace_throttled (with retry_ms), each try waits
 * again, and the holder plays on undisturbed; a flood's error comes after the replies to the
 * requests before it. SPDX-License-Identifier: MIT */
#define _GNU_SOURCE /* memmem */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <errno.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>

#include "itest.h"
#include "now.h"

static const char *bin;

static bool pings(wsc *c)
{
    char *r = itest_call(c, "{\"type\":\"ping\",\"id\":77}");
    bool ok = r && strstr(r, "\"type\":\"pong\"");
    free(r);
    return ok;
}

/* The upgrade to bughouse.v1 by hand on the connected socket fd (server at port); true when
 * the server answered 101. What it read is left in buf (size cap), NUL-ended, *len bytes. */
static bool raw_upgrade(int fd, int port, char *buf, size_t cap, size_t *len)
{
    int n = snprintf(buf, cap,
                     "GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\n"
                     "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                     "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: bughouse.v1\r\n\r\n",
                     port);
    *len = 0;
    if (write(fd, buf, (size_t)n) != n)
        return false;
    while (*len < cap - 1 && !memmem(buf, *len, "\r\n\r\n", 4)) {
        ssize_t r = read(fd, buf + *len, cap - 1 - *len);
        if (r <= 0)
            break;
        *len += (size_t)r;
    }
    buf[*len] = '\0';
    return *len > 12 && strncmp(buf, "HTTP/1.1 101", 12) == 0;
}

/* A WebSocket by hand from the local address src over plain TCP: upgrade, then a ping
 * message (masked with the key 0); returns true if a pong comes back. */
static bool raw_ping_from(const char *src, int port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET};
    inet_pton(AF_INET, src, &a.sin_addr);
    bool ok = false;
    struct timeval tv = {3, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    if (bind(fd, (struct sockaddr *)&a, sizeof a) != 0)
        goto done;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons((uint16_t)port);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0)
        goto done;
    char buf[4096];
    size_t len;
    if (!raw_upgrade(fd, port, buf, sizeof buf, &len))
        goto done;
    const char *msg = "{\"type\":\"ping\",\"id\":5}";
    unsigned char fr[64] = {0x81, (unsigned char)(0x80 | strlen(msg)), 0, 0, 0, 0};
    memcpy(fr + 6, msg, strlen(msg));
    if (write(fd, fr, 6 + strlen(msg)) != (ssize_t)(6 + strlen(msg)))
        goto done;
    while (len < sizeof buf - 1) {
        if (memmem(buf, len, "\"type\":\"pong\"", 13)) {
            ok = true;
            break;
        }
        if (memmem(buf, len, "\"type\":\"error\"", 14))
            break;
        ssize_t r = read(fd, buf + len, sizeof buf - 1 - len);
        if (r <= 0)
            break;
        len += (size_t)r;
    }
done:
    close(fd);
    return ok;
}

static void conns_per_address_capped(void)
{
    itest_srv s;
    itest_init(&s, bin);
    const char *args[] = {"--no-tls", "--max-conns-loopback", "2", NULL};
    CHECK_MSG(itest_start(&s, args) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    wsc_opts o = {.host = "127.0.0.1", .port = s.port, .tls = false};
    wsc *c1 = wsc_connect(x, &o, 3000), *c2 = wsc_connect(x, &o, 3000);
    CHECK_MSG(c1 && c2, "the first two connections were refused");
    /* The third from 127.0.0.1: the upgrade completes, then the typed error and a close. */
    wsc *c3 = wsc_connect(x, &o, 3000);
    CHECK_MSG(c3 != NULL, "the third connection's upgrade did not complete");
    if (c3) {
        char *r = wsc_recv_type(c3, "error", 3000);
        char e[32];
        CHECK_EQ_STR("over the cap", "too_large", ecode(r, e));
        CHECK_EQ_STR("field", "connections", jstr(r, "field", e, sizeof e));
        free(r);
        CHECK_MSG(itest_wait_closed(x, c3, 3000), "the connection over the cap stayed open");
        CHECK_EQ_INT("close code", 1008, wsc_close_code(c3));
        CHECK_EQ_STR("close reason", "too_large", wsc_close_reason(c3));
    }
    CHECK_MSG(c1 && pings(c1), "the first connection stopped working");
    CHECK_MSG(c2 && pings(c2), "the second connection stopped working");
    /* Another address has its own count. */
    CHECK_MSG(raw_ping_from("127.0.0.2", s.port), "127.0.0.2 was refused");
    /* A place freed by a close is taken again. */
    wsc_free(c1);
    wsc *c4 = NULL;
    for (int i = 0; i < 50 && !c4; i++) {
        wsc_pump(x, 20);
        c4 = wsc_connect(x, &o, 3000);
        if (c4 && (wsc_pump(x, 100), wsc_closed(c4) || !pings(c4))) {
            wsc_free(c4);
            c4 = NULL;
        }
    }
    CHECK_MSG(c4 != NULL, "no connection accepted after one of two closed");
    wsc_free(c4);
    wsc_free(c3);
    wsc_free(c2);
    wsc_ctx_free(x);
    ITEST_FINISH(&s);
}

static void same_token_replaces_the_old_connection(void)
{
    itest_srv s;
    itest_init(&s, bin);
    CHECK_MSG(itest_start(&s, NULL) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    itest_game g = {0};
    CHECK_EQ_INT("a live game", 0, itest_game_live(x, &s, &g, 60000));
    char e[32], t[32];
    char *r = itest_move(g.p[0], g.game, 20, "A", 0, "e2e4");
    CHECK_EQ_STR("first move", "ack", jstr(r, "type", t, sizeof t));
    free(r);

    /* Seat 0 again, on a new connection (a reconnect before the old one is known dead). */
    wsc *n0 = itest_connect(x, &s, NULL);
    char msg[160];
    snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":30,\"token\":\"%s\"}", g.tokens[0]);
    r = itest_call(n0, msg);
    CHECK_EQ_STR("new connection authed", "authed", jstr(r, "type", t, sizeof t));
    free(r);
    r = wsc_recv_type(g.p[0], "error", 3000);
    CHECK_EQ_STR("old connection told", "session_replaced", ecode(r, e));
    CHECK_EQ_INT("pushed, no id", -1, jint(r, "id", -1));
    CHECK_EQ_INT("when Play here may take it back", 5000, jint(r, "retry_ms", -1));
    free(r);
    /* It stays open and watches: a spectator's state of the same game, at once. */
    r = wsc_recv_type(g.p[0], "state", 3000);
    CHECK_EQ_STR("old connection now watches", "spectator", jstr(r, "role", t, sizeof t));
    CHECK_EQ_INT("old connection: no seat", -1, jint(r, "you", 0));
    free(r);
    CHECK_MSG(!wsc_closed(g.p[0]), "the old connection was closed");
    r = itest_move(g.p[0], g.game, 29, "A", 2, "g1f3");
    CHECK_EQ_STR("the old connection may not move", "unauthorized", ecode(r, e));
    free(r);

    /* The new connection gets the full state of its seat. */
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":31,\"game\":%lld}", g.game);
    r = itest_call(n0, msg);
    CHECK_EQ_STR("state", "state", jstr(r, "type", t, sizeof t));
    CHECK_EQ_STR("role", "player", jstr(r, "role", t, sizeof t));
    CHECK_EQ_INT("you", 0, jint(r, "you", -1));
    CHECK_EQ_STR("status", "live", jstr(r, "status", t, sizeof t));
    CHECK_MSG(r && strstr(r, "\"text\":\"e2e4\""), "the state lacks the move e2e4: %s",
              r ? r : "(none)");
    free(r);

    /* Play goes on: the opponent's move reaches the new connection, which moves next. */
    r = itest_move(g.p[1], g.game, 21, "A", 1, "e7e5");
    CHECK_EQ_STR("opponent's move", "ack", jstr(r, "type", t, sizeof t));
    free(r);
    r = wsc_recv_type(n0, "move", 3000);
    CHECK_EQ_STR("delta to the new connection", "e7e5", jstr(r, "move", t, sizeof t));
    free(r);
    r = wsc_recv_type(g.p[0], "move", 3000);
    CHECK_EQ_STR("and to the old one, watching", "e7e5", jstr(r, "move", t, sizeof t));
    free(r);
    r = itest_move(n0, g.game, 32, "A", 2, "g1f3");
    CHECK_EQ_STR("move from the new connection", "ack", jstr(r, "type", t, sizeof t));
    CHECK_EQ_INT("its ply", 2, jint(r, "ply", -1));
    free(r);
    /* The seat is connected (the others saw it come back). */
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":40,\"game\":%lld}", g.game);
    r = itest_call(g.p[1], msg);
    int connected = 0;
    for (const char *q = r; q && (q = strstr(q, "\"connected\":true")); q++)
        connected++;
    CHECK_EQ_INT("seats connected", 4, connected);
    free(r);
    wsc_free(n0);
    itest_game_free(&g);
    wsc_ctx_free(x);
    ITEST_FINISH(&s);
}

/* Authenticate c with token (id), return the reply (caller frees). */
static char *auth(wsc *c, const char *token, int id)
{
    char msg[160];
    snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":%d,\"token\":\"%s\"}", id, token);
    return itest_call(c, msg);
}

/* core's monotonic clock in whole ms (the bounds of the server's instants) */
static long long mono_ms(void)
{
    return (long long)(now_mono_us() / 1000);
}

/* session_replaced pushes waiting on c (read within ms). */
static int replaced_pushes(wsc_ctx *x, wsc *c, int ms)
{
    wsc_pump(x, ms);
    int n = 0;
    char *r;
    while ((r = wsc_recv(c, 0)) != NULL) {
        n += strstr(r, "\"session_replaced\"") != NULL;
        free(r);
    }
    return n;
}

/* A client that takes its seat back by itself (old clients reconnected on session_replaced;
 * a hostile one re-sends auth), against the holder: one takeover, then replace_throttled for
 * every try within 5 s of the last one, on the same connection and on fresh ones; the holder
 * keeps the seat and plays; once the tries stop for 5 s the seat can be taken on purpose. */
static void takeover_loop_throttled(void)
{
    itest_srv s;
    itest_init(&s, bin);
    CHECK_MSG(itest_start(&s, NULL) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    itest_game g = {0};
    CHECK_EQ_INT("a live game", 0, itest_game_live(x, &s, &g, 120000));
    char e[32], t[32];
    /* The holder: a second tab that took the seat from p[0] (one takeover). */
    wsc *holder = itest_connect(x, &s, NULL);
    /* The seat's lock runs 5 s from the server's handling of the last takeover or refused
     * try, an instant between that request's send and its reply: [prev_send, prev_recv] */
    long long prev_send = mono_ms();
    char *r = auth(holder, g.tokens[0], 30);
    long long prev_recv = mono_ms();
    CHECK_EQ_STR("the second tab takes the seat", "authed", jstr(r, "type", t, sizeof t));
    free(r);
    char msg[128];
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":31,\"game\":%lld}", g.game);
    free(itest_call(holder, msg));
    CHECK_EQ_INT("the first tab told once", 1, replaced_pushes(x, g.p[0], 100));
    /* The loop: the replaced connection re-authenticates 20 times, and 10 fresh connections
     * try once each, 100 ms apart, while the holder plays. */
    int throttled = 0, acks = 0, ply = 0;
    long long retry = -1;
    static const char *const moves[] = {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"};
    for (int i = 0; i < 30; i++) {
        wsc *fresh = i >= 20 ? itest_connect(x, &s, NULL) : NULL;
        long long t_send = mono_ms();
        r = auth(fresh ? fresh : g.p[0], g.tokens[0], 40 + i);
        long long t_recv = mono_ms();
        if (strcmp(ecode(r, e), "replace_throttled") == 0) {
            throttled++;
            /* what is left of the 5 s lock (HUB_REPLACE_LOCK_MS) set by the previous
             * request, rounded up to the ms: the server's two instants lie in the two
             * send-reply intervals, so the bounds hold however slow the machine is (2 ms
             * for our clock's whole-ms readings and the server's rounding up) */
            retry = jint(r, "retry_ms", -1);
            long long lo = 5000 - (t_recv - prev_send) - 2, hi = 5000 - (t_send - prev_recv) + 2;
            CHECK_MSG(retry >= lo && retry <= hi && retry <= 5000,
                      "retry_ms %lld outside [%lld, %lld]", retry, lo, hi);
            CHECK_EQ_STR("field", "token", jstr(r, "field", t, sizeof t));
        }
        prev_send = t_send, prev_recv = t_recv;
        free(r);
        wsc_free(fresh);
        if (i % 5 == 0 && ply < 6) { /* the holder (White) and Black on board A play on */
            wsc *mover = ply % 2 ? g.p[1] : holder;
            r = itest_move(mover, g.game, 100 + ply, "A", ply, moves[ply]);
            acks += strcmp(jstr(r, "type", t, sizeof t), "ack") == 0 && !(ply % 2);
            free(r);
            ply++;
        }
        itest_sleep_ms(100);
    }
    CHECK_EQ_INT("every try throttled", 30, throttled);
    CHECK_EQ_INT("the holder's moves acked", 3, acks);
    CHECK_EQ_INT("the holder was never replaced", 0, replaced_pushes(x, holder, 100));
    CHECK_MSG(!wsc_closed(holder), "the holder's connection closed");
    /* The tries stop; 5 s later "Play here" on the first tab takes the seat on purpose. */
    itest_sleep_ms(5200);
    r = auth(g.p[0], g.tokens[0], 90);
    CHECK_EQ_STR("taken on purpose after the lock", "authed", jstr(r, "type", t, sizeof t));
    free(r);
    CHECK_EQ_INT("the holder told once", 1, replaced_pushes(x, holder, 200));
    wsc_free(holder);
    itest_game_free(&g);
    wsc_ctx_free(x);
    ITEST_FINISH(&s);
}

/* The server's CPU time so far in clock ticks (utime + stime of /proc/PID/stat), -1 if unknown. */
static long cpu_ticks(pid_t pid)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    if (f)
        fclose(f);
    buf[n] = '\0';
    const char *p = strrchr(buf, ')'); /* after the command's name, which may hold blanks */
    unsigned long ut = 0, st = 0;
    if (!p || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut, &st) != 2)
        return -1;
    return (long)(ut + st);
}

/* The soft open-files limit of process pid (/proc/PID/limits), -1 if unknown. */
static long nofile_of(pid_t pid)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/limits", (int)pid);
    FILE *f = fopen(path, "r");
    long v = -1;
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "Max open files", 14) == 0)
            v = strtol(line + 14, NULL, 10);
    if (f)
        fclose(f);
    return v;
}

static long file_size(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 ? (long)sb.st_size : -1;
}

/* Out of descriptors (issue 30: with the open-files limit reached, accept() failed with
 * EMFILE on every loop turn: a core spent and 200,000 log lines a second). Under an
 * open-files limit of 300, 400 TCP connections that never send a byte: the server takes what
 * its table holds, then stops accepting; over 3 s with them all open it spends under 10 % of a
 * core and its log grows by under 10 kB; a WebSocket connected before keeps answering, within
 * 1 s; the idle connections are closed after --handshake-s, and a new WebSocket connects. */
static void descriptors_run_out(void)
{
    struct rlimit own;
    getrlimit(RLIMIT_NOFILE, &own);
    if (own.rlim_cur < 1024 && own.rlim_max >= 1024) { /* the test's own 400 sockets */
        own.rlim_cur = 1024;
        setrlimit(RLIMIT_NOFILE, &own);
    }
    itest_srv s;
    itest_init(&s, bin);
    s.nofile = 300;
    const char *args[] = {"--no-tls", "--handshake-s", "6", NULL};
    CHECK_MSG(itest_start(&s, args) == 0, "server did not start");
    long lim = nofile_of(s.pid);
    if (lim != 300) { /* root with CAP_SYS_RESOURCE: the server raised its limit again */
        printf("descriptors_run_out: the server's open-files limit is %ld, not 300: nothing to "
               "test here\n",
               lim);
        ITEST_FINISH(&s);
        return;
    }
    wsc_ctx *x = wsc_ctx_new();
    wsc_opts o = {.host = "127.0.0.1", .port = s.port, .tls = false};
    wsc *c1 = wsc_connect(x, &o, 3000);
    CHECK_MSG(c1 && pings(c1), "the first connection does not work");
    enum { IDLE = 400 };
    int fds[IDLE], open = 0;
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)s.port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    for (int i = 0; i < IDLE; i++) {
        fds[i] = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
        if (fds[i] >= 0 &&
            (connect(fds[i], (struct sockaddr *)&a, sizeof a) == 0 || errno == EINPROGRESS))
            open++;
    }
    CHECK_EQ_INT("idle connections opened", IDLE, open);
    wsc_pump(x, 1000); /* the server takes what it can */
    long t0 = cpu_ticks(s.pid), l0 = file_size(s.log);
    wsc_pump(x, 3000);
    long t1 = cpu_ticks(s.pid), l1 = file_size(s.log), hz = sysconf(_SC_CLK_TCK);
    CHECK_MSG(t0 >= 0 && t1 >= 0 && (t1 - t0) * 10 < 3 * hz,
              "%ld ticks of CPU in 3 s with the descriptors used up (%ld a second)", t1 - t0, hz);
    CHECK_MSG(l0 >= 0 && l1 - l0 < 10000, "the log grew by %ld bytes in 3 s", l1 - l0);
    uint64_t p0 = now_mono_us();
    CHECK_MSG(c1 && pings(c1), "the connection made before stopped answering");
    uint64_t rtt = now_mono_us() - p0;
    CHECK_MSG(rtt < 1000000, "its ping took %.0f ms", (double)rtt / 1e3);
    for (int i = 0; i < IDLE; i++)
        if (fds[i] >= 0)
            close(fds[i]);
    wsc *c2 = NULL; /* the backlog's last connections, then this one: accepted again */
    for (int i = 0; i < 100 && !c2; i++) {
        c2 = wsc_connect(x, &o, 3000);
        if (c2 && !pings(c2)) {
            wsc_free(c2);
            c2 = NULL;
            wsc_pump(x, 100);
        }
    }
    CHECK_MSG(c2 != NULL, "no connection accepted after the idle ones closed");
    wsc_free(c2);
    wsc_free(c1);
    wsc_ctx_free(x);
    ITEST_FINISH(&s);
}

/* Raw TCP connections that never send a byte (a TLS handshake that never ends looks the same
 * to the cap) count against their address: with --max-conns-loopback 1, the loopback address
 * holds 1 + 16 TCP connections (net.c NET_TCP_SLACK). Opened one by one: n idle sockets to
 * the server, nonblocking. */
static int open_idle(int *fds, int n, int port)
{
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int open = 0;
    for (int i = 0; i < n; i++) {
        fds[i] = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
        if (fds[i] >= 0 &&
            (connect(fds[i], (struct sockaddr *)&a, sizeof a) == 0 || errno == EINPROGRESS))
            open++;
    }
    return open;
}

/* How many of fds the server has closed (a read sees the end or a reset). */
static int closed_by_server(const int *fds, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        char c;
        ssize_t r = fds[i] >= 0 ? recv(fds[i], &c, 1, MSG_DONTWAIT) : 0;
        k += r == 0 || (r < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINPROGRESS);
    }
    return k;
}

static void close_all_fds(int *fds, int n)
{
    for (int i = 0; i < n; i++)
        if (fds[i] >= 0)
            close(fds[i]);
}

static void tcp_connections_capped(void)
{
    itest_srv s;
    itest_init(&s, bin);
    const char *args[] = {"--no-tls", "--max-conns-loopback", "1", "--handshake-s", "60", NULL};
    CHECK_MSG(itest_start(&s, args) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    wsc_opts o = {.host = "127.0.0.1", .port = s.port, .tls = false};
    enum { CAP = 1 + 16, MORE = 3 };
    int fds[CAP + MORE];
    /* 20 idle sockets: the server keeps 17 and closes the 3 over the cap unread */
    CHECK_EQ_INT("opened", CAP + MORE, open_idle(fds, CAP + MORE, s.port));
    int shut = 0;
    for (int i = 0; i < 100 && shut < MORE; i++) {
        wsc_pump(x, 50);
        shut = closed_by_server(fds, CAP + MORE);
    }
    CHECK_EQ_INT("closed over the cap", MORE, shut);
    wsc_pump(x, 300);
    CHECK_EQ_INT("still closed over the cap", MORE, closed_by_server(fds, CAP + MORE));
    /* a WebSocket from the same address is the 18th TCP connection: no upgrade */
    wsc *c = wsc_connect(x, &o, 3000);
    CHECK_MSG(c == NULL, "a WebSocket got through with the address at its TCP cap");
    wsc_free(c);
    CHECK_MSG(raw_ping_from("127.0.0.2", s.port), "127.0.0.2 was refused: its own count");
    /* every socket closed: the count returns to 0, so 17 fit again, exactly */
    close_all_fds(fds, CAP + MORE);
    bool fit = false;
    for (int t = 0; t < 50 && !fit; t++) {
        wsc_pump(x, 100);
        CHECK_EQ_INT("reopened", CAP, open_idle(fds, CAP, s.port));
        wsc_pump(x, 300);
        fit = closed_by_server(fds, CAP) == 0;
        if (!fit) /* the server had not seen every close yet */
            close_all_fds(fds, CAP);
    }
    CHECK_MSG(fit, "17 idle connections no longer fit after the first ones closed");
    c = wsc_connect(x, &o, 3000);
    CHECK_MSG(c == NULL, "the 18th connection got through after the count came back");
    wsc_free(c);
    close_all_fds(fds, CAP);
    c = NULL; /* and with them closed, a WebSocket connects and answers */
    for (int i = 0; i < 50 && !c; i++) {
        wsc_pump(x, 100);
        c = wsc_connect(x, &o, 3000);
        if (c && !pings(c)) {
            wsc_free(c);
            c = NULL;
        }
    }
    CHECK_MSG(c != NULL, "no WebSocket after the idle connections closed");
    wsc_free(c);
    wsc_ctx_free(x);
    ITEST_FINISH(&s);
}

/* 41 pings in one write on a server whose burst is 40 (refill 1 a second): one read, one loop
 * turn. The 40 within the burst are answered and their pongs come before the rate_limited
 * error, which is the last message before the close frame: a fatal error is queued behind the
 * turn's replies, not sent ahead of them (it was: the client read the error, then 39 pongs). */
static void flood_error_after_replies(void)
{
    itest_srv s;
    itest_init(&s, bin);
    const char *args[] = {"--no-tls", "--rate", "1", "--burst", "40", NULL};
    CHECK_MSG(itest_start(&s, args) == 0, "server did not start");
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)s.port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    struct timeval tv = {5, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    CHECK_MSG(connect(fd, (struct sockaddr *)&a, sizeof a) == 0, "no TCP connection");
    static char in[65536];
    size_t len;
    CHECK_MSG(raw_upgrade(fd, s.port, in, sizeof in, &len), "no upgrade");
    const char *msg = "{\"type\":\"ping\",\"id\":5}";
    size_t ml = strlen(msg), fl = 6 + ml;
    unsigned char frames[41 * 64];
    for (int i = 0; i < 41; i++) { /* masked with the key 0: the payload as it is */
        unsigned char *f = frames + (size_t)i * fl;
        f[0] = 0x81;
        f[1] = (unsigned char)(0x80 | ml);
        memset(f + 2, 0, 4);
        memcpy(f + 6, msg, ml);
    }
    CHECK(write(fd, frames, 41 * fl) == (ssize_t)(41 * fl));
    len = 0;
    for (ssize_t r; len < sizeof in - 1 && (r = read(fd, in + len, sizeof in - 1 - len)) > 0;)
        len += (size_t)r; /* until the server closes (or 5 s of silence) */
    close(fd);
    in[len] = '\0';
    const char *err = memmem(in, len, "\"type\":\"error\"", 14);
    CHECK_MSG(err != NULL, "no error");
    int before = 0, after = 0;
    for (const char *p = in; (p = memmem(p, len - (size_t)(p - in), "\"type\":\"pong\"", 13));
         p += 13)
        if (err && p < err)
            before++;
        else
            after++;
    CHECK_EQ_INT("pongs before the error", 40, before);
    CHECK_EQ_INT("pongs after the error", 0, after);
    CHECK_MSG(err && strstr(err, "rate_limited"), "the error is not rate_limited");
    ITEST_FINISH(&s);
}

static const bh_test_case cases[] = {
    {"flood_error_after_replies", flood_error_after_replies},
    {"tcp_connections_capped", tcp_connections_capped},
    {"descriptors_run_out", descriptors_run_out},
    {"conns_per_address_capped", conns_per_address_capped},
    {"takeover_loop_throttled", takeover_loop_throttled},
    {"same_token_replaces_the_old_connection", same_token_replaces_the_old_connection},
};

ITEST_MAIN(cases)
