/* itest.h: helpers for the integration tests over real sockets: start bughouse-server on a
 * kernel-chosen port with a fresh temp directory (database, certificate), stop it with a
 * signal, and read fields out of JSON replies. SPDX-License-Identifier: MIT
 * Header-only (static functions) so each test binary stays one file plus bh_wsclient. */
#ifndef BH_ITEST_H
#define BH_ITEST_H

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bh.h"
#include "bh_test.h"
#include "wsclient.h"

#define ITEST_ADMIN "itest-admin-token-0123456789"

typedef struct {
    pid_t pid;
    int port;
    char dir[64]; /* temp directory: db, certs, log */
    char db[128];
    char log[128];
    const char *bin;
    int nofile; /* > 0: the server's open-files limit, soft and hard (as prlimit --nofile) */
} itest_srv;

static inline void itest_sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static inline int itest_sh(const char *cmd)
{
    return system(cmd);
}

/* Make a temp dir for the database, the log and the certificates; remember the binary.
 * With BH_TEST_PG set to a PostgreSQL URI (tests/integration/pg_cluster.sh sets it) the
 * database is that one instead, its public schema emptied here (with psql), so a test binary
 * run under pg_cluster.sh runs its cases with the server on PostgreSQL. */
static inline void itest_init(itest_srv *s, const char *bin)
{
    memset(s, 0, sizeof *s);
    const char *base = getenv("BH_ITEST_TMP"); /* e.g. /dev/shm: the database on tmpfs */
    snprintf(s->dir, sizeof s->dir, "%s/bh_itest_XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(s->dir)) {
        perror("mkdtemp");
        exit(1);
    }
    snprintf(s->db, sizeof s->db, "%s/bughouse.db", s->dir);
    snprintf(s->log, sizeof s->log, "%s/server.log", s->dir);
    s->bin = bin;
    const char *pg = getenv("BH_TEST_PG");
    if (pg && *pg) {
        char cmd[512];
        snprintf(s->db, sizeof s->db, "%s", pg);
        snprintf(cmd, sizeof cmd,
                 "psql -qX '%s' -c 'SET client_min_messages = warning' -c 'DROP SCHEMA public"
                 " CASCADE' -c 'CREATE SCHEMA public'",
                 pg);
        if (strlen(pg) >= sizeof s->db || strchr(pg, '\'') || itest_sh(cmd) != 0) {
            fprintf(stderr, "itest: cannot empty the PostgreSQL database %s\n", pg);
            exit(1);
        }
    }
}

/* Start the server with extra args (NULL-terminated list) in the temp directory as its
 * working directory, so that the first start makes certs/dev-cert.pem and certs/dev-key.pem
 * there with the server's own OpenSSL code; wait for its port. Returns 0 or -1.
 * The server gets SIGKILL when the calling process dies (PR_SET_PDEATHSIG, Linux), so a test
 * or bench that crashes or is killed never leaves its server running. */
static inline int itest_start(itest_srv *s, const char *const *extra)
{
    const char *argv[40];
    int n = 0;
    static char web[512];
    if (!getcwd(web, sizeof web - 16))
        return -1;
    strcat(web, "/clients/web");
    argv[n++] = s->bin;
    argv[n++] = "--port";
    argv[n++] = "0";
    argv[n++] = "--db";
    argv[n++] = s->db;
    argv[n++] = "--admin-token";
    argv[n++] = ITEST_ADMIN;
    argv[n++] = "--web";
    argv[n++] = web;
    /* Tournament games start at once, as before issue 13 (a test that waits for players or
     * keeps a break gives --wait-s / --break-s in extra: the last one counts). */
    argv[n++] = "--wait-s";
    argv[n++] = "0";
    argv[n++] = "--break-s";
    argv[n++] = "0";
    for (int i = 0; extra && extra[i] && n < 38; i++)
        argv[n++] = extra[i];
    argv[n] = NULL;
    FILE *lf = fopen(s->log, "a");
    if (!lf)
        return -1;
    fprintf(lf, "---- start\n");
    fclose(lf);
    pid_t parent = getpid();
    s->pid = fork();
    if (s->pid == 0) {
        /* getppid: the parent may have died before prctl took effect. */
        struct rlimit nofile = {(rlim_t)s->nofile, (rlim_t)s->nofile};
        if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent || chdir(s->dir) != 0 ||
            !freopen(s->log, "a", stderr) || !freopen("/dev/null", "w", stdout) ||
            (s->nofile > 0 && setrlimit(RLIMIT_NOFILE, &nofile) != 0))
            _exit(127);
        execv(s->bin, (char *const *)argv);
        _exit(127);
    }
    for (int tries = 0; tries < 500; tries++) {
        itest_sleep_ms(20);
        FILE *f = fopen(s->log, "r");
        if (!f)
            continue;
        char line[512];
        int port = 0;
        bool started = false;
        while (fgets(line, sizeof line, f)) {
            if (strstr(line, "---- start"))
                started = true, port = 0;
            const char *p = strstr(line, "listening on ");
            if (started && p && (p = strstr(p, "127.0.0.1:")))
                port = atoi(p + 10);
        }
        fclose(f);
        if (port > 0) {
            s->port = port;
            return 0;
        }
        int st;
        if (waitpid(s->pid, &st, WNOHANG) == s->pid) {
            s->pid = 0;
            return -1;
        }
    }
    return -1;
}

/* Stop with sig (SIGTERM: clean shutdown, SIGKILL: crash); returns the exit status, or
 * 128+signal if killed. */
static inline int itest_stop(itest_srv *s, int sig)
{
    if (s->pid <= 0)
        return -1;
    kill(s->pid, sig);
    int st = 0;
    waitpid(s->pid, &st, 0);
    s->pid = 0;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* Wait for the server to exit by itself (after a signal sent earlier); returns as
 * itest_stop. */
static inline int itest_wait(itest_srv *s)
{
    if (s->pid <= 0)
        return -1;
    int st = 0;
    waitpid(s->pid, &st, 0);
    s->pid = 0;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static inline void itest_cleanup(itest_srv *s)
{
    if (s->pid > 0)
        itest_stop(s, SIGKILL);
    char cmd[256];
    if (getenv("BH_ITEST_KEEP")) {
        fprintf(stderr, "kept %s\n", s->dir);
        return;
    }
    snprintf(cmd, sizeof cmd, "rm -rf %s", s->dir);
    itest_sh(cmd);
}

static inline void itest_dump_log(const itest_srv *s)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "tail -n 40 %s >&2", s->log);
    itest_sh(cmd);
}

static inline wsc *itest_connect(wsc_ctx *x, const itest_srv *s, const char *origin)
{
    wsc_opts o = {.host = "127.0.0.1", .port = s->port, .tls = true, .origin = origin};
    return wsc_connect(x, &o, 3000);
}

/* Service x until the server has closed c or timeout_ms pass; true if closed. (A fixed
 * short wait flakes on a busy machine.) */
static inline bool itest_wait_closed(wsc_ctx *x, wsc *c, int timeout_ms)
{
    for (int t = 0; t < timeout_ms && !wsc_closed(c); t += 20)
        wsc_pump(x, 20);
    return wsc_closed(c);
}

/* Integer value of the first "key": in json, or def. */
static inline long long jint(const char *json, const char *key, long long def)
{
    char k[64];
    snprintf(k, sizeof k, "\"%s\":", key);
    const char *p = json ? strstr(json, k) : NULL;
    return p ? strtoll(p + strlen(k), NULL, 10) : def;
}

/* String value of the first "key":"..." in json copied into out (no unescaping). */
static inline const char *jstr(const char *json, const char *key, char *out, size_t cap)
{
    char k[64];
    snprintf(k, sizeof k, "\"%s\":\"", key);
    out[0] = '\0';
    const char *p = json ? strstr(json, k) : NULL;
    if (!p)
        return out;
    p += strlen(k);
    size_t n = 0;
    while (p[n] && p[n] != '"' && n + 1 < cap)
        n++;
    memcpy(out, p, n);
    out[n] = '\0';
    return out;
}

/* The seat-th integer of the first "clock_ms" array in json (a state or a move push), or -1. */
static inline long long itest_clock_ms(const char *json, int seat)
{
    const char *p = json ? strstr(json, "\"clock_ms\":[") : NULL;
    if (!p)
        return -1;
    p += 12;
    for (int i = 0; i < seat; i++) {
        p = strchr(p, ',');
        if (!p)
            return -1;
        p++;
    }
    return strtoll(p, NULL, 10);
}

/* How many times needle occurs in hay (NULL: 0). */
static inline int itest_count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; p && (p = strstr(p, needle)); p++)
        n++;
    return n;
}

/* One frame of c within ms, or NULL: wsc_recv, or a test's reader that also checks each frame. */
typedef char *(*itest_recv_fn)(wsc *c, int ms);

/* Send text and wait for the reply with that id, reading at most `frames` frames with recv,
 * each within ms (other messages are skipped). Caller frees; NULL on a send error or timeout. */
static inline char *itest_call_via(wsc *c, const char *text, int frames, int ms, itest_recv_fn recv)
{
    long long id = jint(text, "id", -1);
    if (wsc_send(c, text) != 0)
        return NULL;
    char want[48];
    int n = snprintf(want, sizeof want, "\"id\":%lld", id);
    for (int i = 0; i < frames; i++) {
        char *s = recv(c, ms);
        if (!s)
            return NULL;
        const char *at = strstr(s, want);
        if (at && (at[n] == ',' || at[n] == '}'))
            return s;
        free(s);
    }
    return NULL;
}

/* The next frame of c of type, reading at most `frames` frames with recv, each within ms
 * (others are dropped). Unlike wsc_recv_type, ms bounds each frame, not the whole wait.
 * Caller frees; NULL on timeout. */
static inline char *itest_recv_type_via(wsc *c, const char *type, int frames, int ms,
                                        itest_recv_fn recv)
{
    char want[48];
    snprintf(want, sizeof want, "\"type\":\"%s\"", type);
    for (int i = 0; i < frames; i++) {
        char *s = recv(c, ms);
        if (!s || strstr(s, want))
            return s;
        free(s);
    }
    return NULL;
}

/* How long a test waits for one frame of a reply: a timeout is a failure, so it is long
 * enough for a loaded machine (a password hash took over 3 s at load 20 on 2 cores, where it
 * takes 61 ms quiet) and costs nothing when the reply comes. */
#define ITEST_REPLY_MS 30000

/* Send text and wait for the reply with that id (other messages are skipped). Caller frees. */
static inline char *itest_call(wsc *c, const char *text)
{
    return itest_call_via(c, text, 200, ITEST_REPLY_MS, wsc_recv);
}

/* Error code of a reply ("" if it is not an error). */
static inline const char *ecode(const char *reply, char out[32])
{
    if (!reply || !strstr(reply, "\"type\":\"error\""))
        return strcpy(out, reply ? "" : "(no reply)");
    return jstr(reply, "code", out, 32);
}

#define CHECK_CALL_ERR(c, text, want)                                                              \
    do {                                                                                           \
        char *r_ = itest_call((c), (text));                                                        \
        char ebuf_[32];                                                                            \
        CHECK_EQ_STR(text, (want), ecode(r_, ebuf_));                                              \
        free(r_);                                                                                  \
    } while (0)

#define CHECK_CALL_TYPE(c, text, want)                                                             \
    do {                                                                                           \
        char *r_ = itest_call((c), (text));                                                        \
        char tbuf_[32];                                                                            \
        CHECK_EQ_STR(text, (want), jstr(r_, "type", tbuf_, 32));                                   \
        if (!r_ || strcmp(tbuf_, (want)) != 0)                                                     \
            fprintf(stderr, "    reply: %s\n", r_ ? r_ : "(none)");                                \
        free(r_);                                                                                  \
    } while (0)

/* End of a test case: SIGTERM must give a clean exit; on any failure the server's log is
 * printed; then the temp directory goes. */
#define ITEST_FINISH(s)                                                                            \
    do {                                                                                           \
        CHECK_EQ_INT("clean exit", 0, itest_stop((s), SIGTERM));                                   \
        if (bh_test_failures_)                                                                     \
            itest_dump_log(s);                                                                     \
        itest_cleanup(s);                                                                          \
    } while (0)

/* main() of an integration test: BH_SERVER names the server binary (set by ctest), stored in
 * the file's `bin`; SIGPIPE is ignored so a closed socket is an error return, not a death. */
#define ITEST_MAIN(cases)                                                                          \
    int main(int argc, char **argv)                                                                \
    {                                                                                              \
        bin = getenv("BH_SERVER");                                                                 \
        if (!bin) {                                                                                \
            fprintf(stderr, "set BH_SERVER to the bughouse-server binary\n");                      \
            return 2;                                                                              \
        }                                                                                          \
        signal(SIGPIPE, SIG_IGN);                                                                  \
        return bh_test_run(cases, BH_ARRAY_LEN(cases), argc, argv);                                \
    }

#endif

/* ---- a game with four seated players ---- */

typedef struct {
    wsc *dir;  /* director */
    wsc *p[4]; /* players by seat */
    long long game;
    char tokens[4][40];
} itest_game;

/* Director creates a game (players ann, cid, dan, bob; base_ms) and gets the tokens. */
static inline int itest_create_game(wsc_ctx *x, const itest_srv *s, itest_game *g, int base_ms,
                                    bool reuse_director)
{
    if (!reuse_director || !g->dir) {
        g->dir = itest_connect(x, s, NULL);
        if (!g->dir)
            return -1;
        char *r = itest_call(g->dir, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ITEST_ADMIN "\"}");
        bool ok = r && strstr(r, "\"role\":\"director\"");
        free(r);
        if (!ok)
            return -1;
    }
    char msg[256];
    snprintf(msg, sizeof msg,
             "{\"type\":\"game_create\",\"id\":2,\"base_ms\":%d,"
             "\"players\":[\"ann\",\"cid\",\"dan\",\"bob\"]}",
             base_ms);
    char *r = itest_call(g->dir, msg);
    g->game = jint(r, "game", -1);
    const char *t = r ? strstr(r, "\"tokens\":[") : NULL;
    for (int i = 0; t && i < 4; i++) {
        t = strchr(t + (i ? 1 : 10), '"');
        if (!t)
            break;
        snprintf(g->tokens[i], sizeof g->tokens[i], "%.32s", t + 1);
        t += 33;
    }
    free(r);
    return g->game > 0 && t ? 0 : -1;
}

/* Player of seat connects, authenticates and joins; returns the state reply (caller frees). */
static inline char *itest_seat(wsc_ctx *x, const itest_srv *s, itest_game *g, int seat)
{
    g->p[seat] = itest_connect(x, s, NULL);
    if (!g->p[seat])
        return NULL;
    char msg[256];
    snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":10,\"token\":\"%s\"}", g->tokens[seat]);
    char *r = itest_call(g->p[seat], msg);
    free(r);
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":11,\"game\":%lld}", g->game);
    return itest_call(g->p[seat], msg);
}

/* A live game: the director creates it (itest_create_game), the four players join, and the
 * start is read from seat 0. Returns 0, or -1 when the game could not be made. */
static inline int itest_game_live(wsc_ctx *x, const itest_srv *s, itest_game *g, int base_ms)
{
    if (itest_create_game(x, s, g, base_ms, false) != 0)
        return -1;
    for (int seat = 0; seat < 4; seat++)
        free(itest_seat(x, s, g, seat));
    char *r = g->p[0] ? wsc_recv_type(g->p[0], "start", 3000) : NULL;
    int rc = r ? 0 : -1;
    free(r);
    return rc;
}

/* Send a move and return the reply (ack or error) read with recv (itest_call_via's limits);
 * caller frees. */
static inline char *itest_move_via(wsc *c, long long gid, int id, const char *board, int ply,
                                   const char *mv, itest_recv_fn recv)
{
    char msg[256];
    snprintf(msg, sizeof msg,
             "{\"type\":\"move\",\"id\":%d,\"game\":%lld,\"board\":\"%s\","
             "\"ply\":%d,\"move\":\"%s\"}",
             id, gid, board, ply, mv);
    return itest_call_via(c, msg, 200, 3000, recv);
}

/* Send a move and return the reply (ack or error); caller frees. */
static inline char *itest_move(wsc *c, long long gid, int id, const char *board, int ply,
                               const char *mv)
{
    return itest_move_via(c, gid, id, board, ply, mv, wsc_recv);
}

/* The opening of the recovery tests, on a live game of four seated players: e2e4 and e7e5 on
 * board A, d2d4 on board B, each checked to be acknowledged; *seq_d4 (if not NULL) gets d2d4's
 * seq. Returns Black A's clock in ms as the third move push to seat 3 reports it (stopped at
 * e7e5), checked to be under 60 s and over 50 s, or -1. */
static inline long long itest_three_moves(itest_game *g, long long *seq_d4)
{
    static const struct {
        int seat;
        const char *board, *uci;
        int ply;
    } mv[] = {{0, "A", "e2e4", 0}, {1, "A", "e7e5", 1}, {2, "B", "d2d4", 0}};
    char e[64];
    for (int i = 0; i < 3; i++) {
        char *r = itest_move(g->p[mv[i].seat], g->game, 20 + i, mv[i].board, mv[i].ply, mv[i].uci);
        CHECK_EQ_STR(mv[i].uci, "ack", jstr(r, "type", e, sizeof e));
        if (i == 2 && seq_d4)
            *seq_d4 = jint(r, "seq", -1);
        free(r);
    }
    char *delta = NULL;
    for (int i = 0; i < 3; i++) {
        free(delta);
        delta = wsc_recv_type(g->p[3], "move", 3000);
    }
    long long black_a_ms = itest_clock_ms(delta, 1);
    free(delta);
    CHECK_MSG(black_a_ms > 50000 && black_a_ms < 60000, "black A clock %lld", black_a_ms);
    return black_a_ms;
}

static inline void itest_game_free(itest_game *g)
{
    for (int i = 0; i < 4; i++)
        wsc_free(g->p[i]);
    wsc_free(g->dir);
    memset(g, 0, sizeof *g);
}
