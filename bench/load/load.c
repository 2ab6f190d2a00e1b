/* load.c: load generator: N concurrent games of four player connections against a
 * bughouse-server it starts itself; each board makes one legal move (knight shuffles: legal
 * forever, no captures) every R ms. Prints the server's CPU (% of one core, from
 * /proc/PID/stat over the measuring window), its memory per connection (VmRSS minus the idle
 * server's, divided by the connections) and the latency from a move's send by the mover to
 * the arrival of the move delta at the opponent's connection on that board (p50/p99/max).
 * SPDX-License-Identifier: MIT
 * --ramp N1,N2,... runs one fresh server per N and reports the largest N with p99 < 10 ms.
 * --deep-pairing starts the server on a deep Swiss paused before a slow pairing (tour_db.h); after
 * the window the director asks for that pairing (round_pair), and the moves sent while the
 * server pairs (until round_pair's reply, which waits for it) make a second window (issue 14
 * item 3). round_pair, not a resume: a resume first sends the last round and the standings to
 * every connection (tens of MB at 4,000), which would be measured instead of the pairing.
 * The client is one epoll thread (lean.c) on the same machine: it shares the CPU with the
 * server, so the latency includes the client's own time. Usage: see usage() below. */
#define _GNU_SOURCE
#include <errno.h>
#include <sys/resource.h>

#include "itest.h"
#include "lean.h"
#include "runner.h"
#include "tour_db.h"

static const char *const shuffle[2][4] = {
    {"g1f3", "g8f6", "f3g1", "f6g8"}, /* board A */
    {"b1c3", "b8c6", "c3b1", "c6b8"}, /* board B */
};

typedef struct {
    const char *server;
    bool tls;
    int rate_ms;    /* one move per board every rate_ms */
    double warmup;  /* s before measuring */
    double seconds; /* measuring window */
    int window;     /* connection handshakes in flight */
    bool smoke;
    bool deep;             /* --deep-pairing */
    const char *deep_trf;  /* its tournament (TRF file) */
} opts;

typedef struct {
    int game, seat; /* seat -1: the director */
    int phase;      /* 0 connecting, 1 authed+joined sent, 2 state received */
} pconn;

typedef struct {
    int ply;         /* ply of the outstanding move (or the next to send) */
    int64_t sent_us; /* when it was sent; 0 = waiting for its turn */
} board;

typedef struct {
    int board;
    int64_t due_us;
} due;

typedef struct {
    int n; /* games */
    const opts *o;
    lc_conn *dir;
    pconn dirp;
    int dir_authed;
    int created, create_sent;
    int64_t *gid;
    char (*tok)[4][40];
    pconn *pc;    /* 4n */
    lc_conn **pl; /* 4n */
    int opened, ready, started, failed;
    int next_conn; /* next player connection to open */
    int *start_seen; /* per game: start messages received */
    board *b;        /* 2n */
    due *q;          /* ring of boards waiting for their next move */
    int qcap, qhead, qlen;
    int64_t win_lo, win_hi; /* measuring window (moves sent inside it count) */
    int32_t *lat;           /* µs */
    size_t nlat, caplat;
    long sent_in_win;
    int errors;
    /* --deep-pairing: the resume sent at deep_sent; its reply at deep_done */
    int64_t tournament;
    int64_t deep_sent, deep_done;
    char deep_status[16];
    struct {
        int64_t sent;
        int32_t lat; /* µs */
    } * lat2;        /* moves sent from deep_sent on that arrived */
    size_t nlat2, caplat2;
    int64_t *sent2; /* send instants from deep_sent on */
    size_t nsent2, capsent2;
} run;

/* --deep-pairing: latency of the moves sent in a window after the resume. */
typedef struct {
    double secs, rate, p50, p99, pmax;
    long sent, lost;
} wstats;

typedef struct {
    int n, conns;
    double setup_s, rate, cpu, ccpu, kb_conn, p50, p99, pmax;
    long sent, lost;
    int errors;
    bool ok;
    /* --deep-pairing: how long the server paired, its first second, the rest of it, and a
     * window after it */
    double deep_s;
    wstats burst, pairing, after;
    char deep_status[16];
} result;

/* ---- /proc ------------------------------------------------------------------------------- */

/* Resident set of pid in KiB (the second field of /proc/PID/statm, in pages), -1 if gone. */
static long rss_kb(pid_t pid)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/statm", (int)pid);
    FILE *f = fopen(path, "r");
    long size = 0, resident = -1;
    if (f) {
        if (fscanf(f, "%ld %ld", &size, &resident) != 2)
            resident = -1;
        fclose(f);
    }
    return resident < 0 ? -1 : resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/* utime + stime of pid in seconds. */
static double cpu_s(pid_t pid)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    size_t k = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[k] = '\0';
    const char *p = strrchr(buf, ')');
    unsigned long ut = 0, st = 0;
    if (!p || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut, &st) != 2)
        return 0;
    return (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
}

static double self_cpu_s(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
           ru.ru_stime.tv_usec / 1e6;
}

/* Raise the open-files limit to at least need (the soft limit up to the hard one; the hard
 * one too when we may). Returns the soft limit now in force. */
static long raise_nofile(long need)
{
    struct rlimit rl;
    getrlimit(RLIMIT_NOFILE, &rl);
    if ((long)rl.rlim_max < need) {
        struct rlimit up = {(rlim_t)need, (rlim_t)need};
        if (setrlimit(RLIMIT_NOFILE, &up) == 0)
            return need;
    }
    rl.rlim_cur = rl.rlim_max;
    setrlimit(RLIMIT_NOFILE, &rl);
    getrlimit(RLIMIT_NOFILE, &rl);
    return (long)rl.rlim_cur;
}

/* ---- messages ----------------------------------------------------------------------------- */

static void q_push(run *r, int bi, int64_t at)
{
    if (r->qlen == r->qcap) {
        fprintf(stderr, "queue overflow\n");
        exit(1);
    }
    r->q[(r->qhead + r->qlen++) % r->qcap] = (due){bi, at};
}

static void send_move(run *r, int bi, int64_t now)
{
    board *b = &r->b[bi];
    int g = bi >> 1, bd = bi & 1, seat = 2 * bd + (b->ply & 1);
    char msg[200];
    int len = snprintf(msg, sizeof msg,
                       "{\"type\":\"move\",\"id\":%d,\"game\":%lld,\"board\":\"%c\","
                       "\"ply\":%d,\"move\":\"%s\"}",
                       b->ply + 100, (long long)r->gid[g], bd ? 'B' : 'A', b->ply,
                       shuffle[bd][b->ply % 4]);
    b->sent_us = now;
    if (now >= r->win_lo && now < r->win_hi)
        r->sent_in_win++;
    if (r->deep_sent && now >= r->deep_sent) {
        if (r->nsent2 == r->capsent2) {
            r->capsent2 = r->capsent2 ? 2 * r->capsent2 : 65536;
            r->sent2 = realloc(r->sent2, r->capsent2 * sizeof *r->sent2);
        }
        r->sent2[r->nsent2++] = now;
    }
    lc_send(r->pl[4 * g + seat], msg, (size_t)len);
}

static void on_move(run *r, const pconn *p, const char *m, int64_t now)
{
    const char *bs = strstr(m, "\"board\":\"");
    if (!bs)
        return;
    int bd = bs[9] == 'B';
    int ply = (int)jint(bs, "ply", -1);
    int bi = 2 * p->game + bd;
    board *b = &r->b[bi];
    /* Only the opponent's copy of the outstanding move counts. */
    if (p->seat != 2 * bd + 1 - (ply & 1) || ply != b->ply || !b->sent_us)
        return;
    if (b->sent_us >= r->win_lo && b->sent_us < r->win_hi) {
        if (r->nlat == r->caplat) {
            r->caplat = r->caplat ? 2 * r->caplat : 65536;
            r->lat = realloc(r->lat, r->caplat * sizeof *r->lat);
        }
        r->lat[r->nlat++] = (int32_t)(now - b->sent_us);
    } else if (r->deep_sent && b->sent_us >= r->deep_sent) {
        if (r->nlat2 == r->caplat2) {
            r->caplat2 = r->caplat2 ? 2 * r->caplat2 : 65536;
            r->lat2 = realloc(r->lat2, r->caplat2 * sizeof *r->lat2);
        }
        r->lat2[r->nlat2].sent = b->sent_us;
        r->lat2[r->nlat2++].lat = (int32_t)(now - b->sent_us);
    }
    int64_t next = b->sent_us + (int64_t)r->o->rate_ms * 1000;
    b->ply++;
    b->sent_us = 0;
    q_push(r, bi, next > now ? next : now);
}

static void parse_created(run *r, const char *m)
{
    int i = (int)jint(m, "id", -1) - 1000;
    const char *t = strstr(m, "\"tokens\":[");
    if (i < 0 || i >= r->n || !t) {
        if (r->errors++ < 5)
            fprintf(stderr, "director: %s\n", m);
        return;
    }
    r->gid[i] = jint(m, "game", -1);
    t += 10;
    for (int s = 0; s < 4; s++) {
        t = strchr(t, '"');
        if (!t)
            return;
        const char *e = strchr(t + 1, '"');
        snprintf(r->tok[i][s], sizeof r->tok[i][s], "%.*s", (int)(e - t - 1), t + 1);
        t = e + 1;
    }
    r->created++;
}

static void on_text(void *ctx, lc_conn *c, const char *m, size_t len, int64_t now)
{
    run *r = ctx;
    pconn *p = lc_user(c);
    (void)len;
    if (strncmp(m, "{\"type\":\"move\"", 14) == 0) {
        on_move(r, p, m, now);
        return;
    }
    if (strncmp(m, "{\"type\":\"ack\"", 13) == 0)
        return;
    if (p->seat < 0 && r->deep_sent && !r->deep_done && strstr(m, "\"id\":7,")) {
        r->deep_done = now; /* round_pair's reply: the pairing is done */
        const char *st = strstr(m, "\"code\":\"");
        snprintf(r->deep_status, sizeof r->deep_status, "%.*s",
                 st ? (int)strcspn(st + 8, "\"") : 6, st ? st + 8 : "paired");
        return;
    }
    if (strncmp(m, "{\"type\":\"error\"", 15) == 0) {
        if (r->errors++ < 5)
            fprintf(stderr, "error on game %d seat %d: %s\n", p->game, p->seat, m);
        return;
    }
    if (p->seat < 0) {
        if (strstr(m, "\"role\":\"director\""))
            r->dir_authed = 1;
        else if (strncmp(m, "{\"type\":\"game_created\"", 22) == 0)
            parse_created(r, m);
        return;
    }
    if (strncmp(m, "{\"type\":\"state\"", 15) == 0 && p->phase == 1) {
        p->phase = 2;
        r->ready++;
    } else if (strncmp(m, "{\"type\":\"start\"", 15) == 0) {
        if (++r->start_seen[p->game] == 4)
            r->started++;
    }
}

static void on_open(void *ctx, lc_conn *c)
{
    run *r = ctx;
    pconn *p = lc_user(c);
    char msg[160];
    r->opened++;
    if (p->seat < 0) {
        int len = snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}",
                           ITEST_ADMIN);
        lc_send(c, msg, (size_t)len);
        return;
    }
    int len = snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}",
                       r->tok[p->game][p->seat]);
    lc_send(c, msg, (size_t)len);
    len = snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":2,\"game\":%lld}",
                   (long long)r->gid[p->game]);
    lc_send(c, msg, (size_t)len);
    p->phase = 1;
}

static void on_close(void *ctx, lc_conn *c, const char *why)
{
    run *r = ctx;
    pconn *p = lc_user(c);
    if (r->failed++ < 5)
        fprintf(stderr, "connection (game %d seat %d) closed: %s\n", p->game, p->seat, why);
    if (p->seat < 0)
        r->dir = NULL;
    else
        r->pl[4 * p->game + p->seat] = NULL;
}

/* ---- one run ------------------------------------------------------------------------------ */

static int cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* Poll until cond() holds or the deadline; prints progress every second. */
#define POLL_UNTIL(l, cond, secs, what)                                                            \
    do {                                                                                           \
        int64_t until_ = lc_now_us() + (int64_t)((secs)*1e6), next_ = lc_now_us() + 1000000;     \
        while (!(cond) && lc_now_us() < until_) {                                                  \
            pump(r);                                                                               \
            lc_poll((l), 5);                                                                       \
            if (lc_now_us() > next_) {                                                             \
                next_ += 1000000;                                                                  \
                printf("  %s\n", what(r));                                                         \
                fflush(stdout);                                                                    \
            }                                                                                      \
        }                                                                                          \
    } while (0)

static lc_loop *g_loop; /* the loop of the run in progress (pump needs it) */

static const char *progress(const run *r)
{
    static char s[160];
    snprintf(s, sizeof s, "setup: %d/%d games created, %d/%d players ready, %d games started",
             r->created, r->n, r->ready, 4 * r->n, r->started);
    return s;
}

/* Keep the pipelines full: game_create up to 64 in flight, player connections up to
 * o->window handshakes in flight. */
static void pump(run *r)
{
    char msg[200];
    while (r->dir && r->dir_authed && r->create_sent < r->n && r->create_sent - r->created < 64) {
        int len = snprintf(msg, sizeof msg,
                           "{\"type\":\"game_create\",\"id\":%d,\"base_ms\":3600000,"
                           "\"players\":[\"ann\",\"cid\",\"dan\",\"bob\"]}",
                           1000 + r->create_sent);
        lc_send(r->dir, msg, (size_t)len);
        r->create_sent++;
    }
    int next = r->next_conn;
    while (next < 4 * r->n && next / 4 < r->created && next - r->ready < r->o->window) {
        char src[32];
        snprintf(src, sizeof src, "127.0.0.%d", 2 + next / 16000);
        r->pc[next] = (pconn){next / 4, next % 4, 0};
        r->pl[next] = lc_connect(g_loop, src, &r->pc[next]);
        if (!r->pl[next]) {
            fprintf(stderr, "connect %d from %s: %s\n", next, src, strerror(errno));
            r->failed++;
            r->ready++; /* do not wait for it */
        }
        next++;
    }
    r->next_conn = next;
}

/* The moves sent in [lo, hi) after the resume: their count, how many arrived, percentiles. */
static void window_lat(const run *r, int64_t lo, int64_t hi, wstats *w)
{
    memset(w, 0, sizeof *w);
    w->secs = hi > lo ? (double)(hi - lo) / 1e6 : 0;
    for (size_t i = 0; i < r->nsent2; i++)
        w->sent += r->sent2[i] >= lo && r->sent2[i] < hi;
    int32_t *v = malloc((r->nlat2 + 1) * sizeof *v);
    size_t n = 0;
    for (size_t i = 0; i < r->nlat2; i++)
        if (r->lat2[i].sent >= lo && r->lat2[i].sent < hi)
            v[n++] = r->lat2[i].lat;
    w->lost = w->sent - (long)n;
    w->rate = w->secs > 0 ? (double)n / w->secs : 0;
    if (n) {
        qsort(v, n, sizeof *v, cmp_i32);
        w->p50 = v[n / 2] / 1000.0;
        w->p99 = v[n * 99 / 100] / 1000.0;
        w->pmax = v[n - 1] / 1000.0;
    }
    free(v);
}

/* The server's and the client's CPU over the window, and the memory per connection. */
static void window_stats(const itest_srv *srv, const run *r, result *res, double c0, double cc0,
                         long idle_kb)
{
    double el = (double)(lc_now_us() - r->win_lo) / 1e6;
    res->cpu = 100.0 * (cpu_s(srv->pid) - c0) / el;
    res->ccpu = 100.0 * (self_cpu_s() - cc0) / el;
    res->kb_conn = (double)(rss_kb(srv->pid) - idle_kb) / (4.0 * r->n);
}

static int run_one(const opts *o, int n, result *res)
{
    memset(res, 0, sizeof *res);
    res->n = n;
    res->conns = 4 * n;
    long need = 4L * n + 64;
    long have = raise_nofile(need);
    if (have < need) {
        printf("N=%d needs %ld open files here and as many in the server (4 per game, plus "
               "some), but the limit is %ld and cannot be raised (raising the hard limit, "
               "ulimit -Hn, needs root with CAP_SYS_RESOURCE). Skipping N=%d.\n",
               n, need, have, n);
        return -1;
    }
    itest_srv srv;
    itest_init(&srv, o->server);
    int64_t tournament = 0;
    if (o->deep) {
        int teams = 0;
        char *trf = bh_test_slurp(o->deep_trf, NULL);
        if (!trf || tour_db_write(srv.db, trf, RUNNER_PAUSED, &tournament, &teams) != 0) {
            fprintf(stderr, "cannot make a database of %s\n", o->deep_trf);
            free(trf);
            itest_cleanup(&srv);
            return -1;
        }
        free(trf);
        printf("  deep event: %s, %d teams, tournament %lld paused\n", o->deep_trf, teams,
               (long long)tournament);
        fflush(stdout); /* before the fork of itest_start */
    }
    const char *args[] = {"--rules",           "online", "--rate", "100000", "--burst", "100000",
                          o->tls ? NULL : "--no-tls", NULL};
    if (itest_start(&srv, args) != 0) {
        fprintf(stderr, "server did not start\n");
        itest_dump_log(&srv);
        itest_cleanup(&srv);
        return -1;
    }
    itest_sleep_ms(300);
    long idle_kb = rss_kb(srv.pid);
    run rr = {.n = n, .o = o, .tournament = tournament}, *r = &rr;
    r->gid = calloc((size_t)n, sizeof *r->gid);
    r->tok = calloc((size_t)n, sizeof *r->tok);
    r->pc = calloc(4 * (size_t)n, sizeof *r->pc);
    r->pl = calloc(4 * (size_t)n, sizeof *r->pl);
    r->start_seen = calloc((size_t)n, sizeof *r->start_seen);
    r->b = calloc(2 * (size_t)n, sizeof *r->b);
    r->qcap = 2 * n + 1;
    r->q = calloc((size_t)r->qcap, sizeof *r->q);
    r->win_lo = r->win_hi = INT64_MAX;
    lc_handlers h = {r, on_open, on_text, on_close};
    lc_loop *l = lc_new("127.0.0.1", srv.port, o->tls, &h);
    g_loop = l;
    int64_t t_setup = lc_now_us();
    r->dirp = (pconn){-1, -1, 0};
    r->dir = lc_connect(l, "127.0.0.1", &r->dirp);
    POLL_UNTIL(l, r->started + r->failed >= n && r->ready >= 4 * n, 60 + n / 20.0, progress);
    res->setup_s = (double)(lc_now_us() - t_setup) / 1e6;
    printf("  setup: %d games, %d players ready, %d games started, %d failed, in %.1f s\n",
           r->created, r->ready, r->started, r->failed, res->setup_s);
    fflush(stdout);
    if (r->started < n || r->failed) {
        fprintf(stderr, "setup incomplete\n");
        itest_dump_log(&srv);
        goto out;
    }
    /* Play: the boards' first moves spread evenly over one period. */
    int64_t t0 = lc_now_us() + 10000, period = (int64_t)o->rate_ms * 1000;
    for (int i = 0; i < 2 * n; i++)
        q_push(r, i, t0 + period * i / (2 * n));
    r->win_lo = t0 + (int64_t)(o->warmup * 1e6);
    r->win_hi = r->win_lo + (int64_t)(o->seconds * 1e6);
    double c0 = 0, cc0 = 0;
    bool measuring = false;
    for (;;) {
        int64_t now = lc_now_us();
        if (!measuring && now >= r->win_lo) {
            measuring = true;
            c0 = cpu_s(srv.pid);
            cc0 = self_cpu_s();
        }
        if (now >= r->win_hi && !o->deep)
            break;
        if (now >= r->win_hi && !r->deep_sent) { /* the director pairs: the pairing starts */
            window_stats(&srv, r, res, c0, cc0, idle_kb);
            char msg[128];
            int len = snprintf(msg, sizeof msg,
                               "{\"type\":\"round_pair\",\"id\":7,\"tournament\":%lld}",
                               (long long)r->tournament);
            r->deep_sent = now;
            if (r->dir)
                lc_send(r->dir, msg, (size_t)len);
        }
        /* after the reply, one more window as long as the first: the machine's load then */
        if (r->deep_sent && ((r->deep_done && now >= r->deep_done + 1000000 +
                                                        (int64_t)(o->seconds * 1e6)) ||
                             now >= r->deep_sent + 600000000))
            break;
        while (r->qlen && r->q[r->qhead].due_us <= now) {
            int bi = r->q[r->qhead].board;
            r->qhead = (r->qhead + 1) % r->qcap;
            r->qlen--;
            send_move(r, bi, now);
        }
        /* Round the wait up: sleeping past a due time delays a send (the latency counts
         * from the actual send), while rounding down would spin on epoll_wait(0). */
        int wait = r->qlen ? (int)((r->q[r->qhead].due_us - now + 999) / 1000) : 5;
        lc_poll(l, wait < 0 ? 0 : wait > 5 ? 5 : wait);
    }
    if (!o->deep)
        window_stats(&srv, r, res, c0, cc0, idle_kb);
    /* Drain: moves sent in the window may still be on their way. */
    int64_t drain = lc_now_us() + 1000000;
    while (lc_now_us() < drain)
        lc_poll(l, 5);
    res->sent = r->sent_in_win;
    res->lost = r->sent_in_win - (long)r->nlat;
    res->rate = (double)r->nlat / o->seconds;
    res->errors = r->errors;
    if (r->nlat) {
        qsort(r->lat, r->nlat, sizeof *r->lat, cmp_i32);
        res->p50 = r->lat[r->nlat / 2] / 1000.0;
        res->p99 = r->lat[r->nlat * 99 / 100] / 1000.0;
        res->pmax = r->lat[r->nlat - 1] / 1000.0;
    }
    res->ok = r->nlat > 0 && res->lost == 0 && r->errors == 0 && r->failed == 0;
    if (o->deep) {
        int64_t end = r->deep_done ? r->deep_done : lc_now_us(), mid = r->deep_sent + 1000000;
        res->deep_s = (double)(end - r->deep_sent) / 1e6;
        snprintf(res->deep_status, sizeof res->deep_status, "%.15s",
                 r->deep_done ? r->deep_status : "no reply");
        window_lat(r, r->deep_sent, mid < end ? mid : end, &res->burst);
        window_lat(r, mid, end, &res->pairing);
        if (r->deep_done)
            window_lat(r, r->deep_done + 1000000,
                       r->deep_done + 1000000 + (int64_t)(o->seconds * 1e6), &res->after);
        res->ok = res->ok && r->deep_done && res->burst.lost == 0 && res->pairing.lost == 0 &&
                  res->after.lost == 0;
    }
out:
    lc_free(l);
    g_loop = NULL;
    itest_stop(&srv, SIGTERM);
    itest_cleanup(&srv);
    free(r->gid);
    free(r->tok);
    free(r->pc);
    free(r->pl);
    free(r->start_seen);
    free(r->b);
    free(r->q);
    free(r->lat);
    free(r->lat2);
    free(r->sent2);
    return res->ok ? 0 : -1;
}

static void print_head(const opts *o)
{
    printf("%s, one move per board every %d ms, window %.0f s after %.0f s warm-up\n",
           o->tls ? "wss (TLS)" : "ws (--no-tls)", o->rate_ms, o->seconds, o->warmup);
    printf("%7s %7s %8s %9s %8s %8s %8s %8s %8s %8s %6s\n", "games", "conns", "setup_s",
           "moves/s", "srv_cpu%", "cli_cpu%", "KB/conn", "p50_ms", "p99_ms", "max_ms", "lost");
}

static void print_row(const result *x)
{
    printf("%7d %7d %8.1f %9.0f %8.1f %8.1f %8.1f %8.2f %8.2f %8.2f %6ld%s\n", x->n, x->conns,
           x->setup_s, x->rate, x->cpu, x->ccpu, x->kb_conn, x->p50, x->p99, x->pmax, x->lost,
           x->ok ? "" : "  (failed)");
    fflush(stdout);
}

/* --deep-pairing: the two windows side by side, with the load average of the machine. */
static void print_deep(const opts *o, const result *x)
{
    char load[64] = "?";
    FILE *f = fopen("/proc/loadavg", "r");
    if (f) {
        if (!fgets(load, sizeof load, f))
            snprintf(load, sizeof load, "?");
        fclose(f);
        load[strcspn(load, "\n")] = '\0';
    }
    printf("\ndeep pairing: round_pair of the next round of %s took %.1f s on the server (its "
           "reply: %s); load average %s\n",
           o->deep_trf, x->deep_s, x->deep_status, load);
    printf("%-34s %7s %9s %8s %8s %8s %6s\n", "window (moves sent in it)", "s", "moves/s",
           "p50_ms", "p99_ms", "max_ms", "lost");
    printf("%-34s %7.1f %9.0f %8.2f %8.2f %8.2f %6ld\n", "before round_pair (no pairing)",
           o->seconds, x->rate, x->p50, x->p99, x->pmax, x->lost);
    printf("%-34s %7.1f %9.0f %8.2f %8.2f %8.2f %6ld\n", "the pairing's first second", x->burst.secs,
           x->burst.rate, x->burst.p50, x->burst.p99, x->burst.pmax, x->burst.lost);
    printf("%-34s %7.1f %9.0f %8.2f %8.2f %8.2f %6ld\n", "the rest of the pairing",
           x->pairing.secs, x->pairing.rate, x->pairing.p50, x->pairing.p99, x->pairing.pmax,
           x->pairing.lost);
    printf("%-34s %7.1f %9.0f %8.2f %8.2f %8.2f %6ld%s\n", "after it (1 s after the reply)",
           x->after.secs, x->after.rate, x->after.p50, x->after.p99, x->after.pmax, x->after.lost,
           x->ok ? "" : "  (failed)");
    fflush(stdout);
}

static void usage(void)
{
    fprintf(stderr,
            "usage: bench_load [--games N | --ramp N1,N2,...] [--rate-ms R] [--seconds S]\n"
            "                  [--warmup S] [--no-tls] [--window W] [--server PATH] [--smoke]\n"
            "  --games N      concurrent games (4 player connections each; default 100)\n"
            "  --ramp LIST    one fresh server per N; prints a table and the largest N with\n"
            "                 p99 < 10 ms\n"
            "  --rate-ms R    each board makes one move every R ms (default 1000)\n"
            "  --seconds S    measuring window (default 10), after --warmup S (default 3)\n"
            "  --no-tls       plain ws instead of wss\n"
            "  --window W     connection handshakes in flight during setup (default 256)\n"
            "  --smoke        2 games, 1 s: exit 1 unless every move arrived (ctest)\n"
            "  --deep-pairing [TRF]  the server also holds a deep Swiss paused before a slow\n"
            "                 pairing (default tests/data/tourney/draws78-r34.trf: about 9 s);\n"
            "                 after the window the director pairs it (round_pair): prints\n"
            "                 p50/p99/max of the moves sent while the server pairs, beside\n"
            "                 the window's and a window after it\n");
}

int main(int argc, char **argv)
{
    opts o = {.server = getenv("BH_SERVER") ? getenv("BH_SERVER") : BH_SERVER_PATH,
              .tls = true,
              .rate_ms = 1000,
              .warmup = 3,
              .seconds = 10,
              .window = 256,
              .deep_trf = "tests/data/tourney/draws78-r34.trf"};
    int list[64], nlist = 0;
    list[nlist++] = 100;
    bool ramp = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--games") == 0 && v) {
            list[0] = atoi(v), nlist = 1, i++;
        } else if (strcmp(a, "--ramp") == 0 && v) {
            nlist = 0, ramp = true, i++;
            for (char *s = argv[i]; *s && nlist < 64; s = strchr(s, ',') ? strchr(s, ',') + 1 : "")
                list[nlist++] = atoi(s);
        } else if (strcmp(a, "--rate-ms") == 0 && v) {
            o.rate_ms = atoi(v), i++;
        } else if (strcmp(a, "--seconds") == 0 && v) {
            o.seconds = atof(v), i++;
        } else if (strcmp(a, "--warmup") == 0 && v) {
            o.warmup = atof(v), i++;
        } else if (strcmp(a, "--window") == 0 && v) {
            o.window = atoi(v), i++;
        } else if (strcmp(a, "--server") == 0 && v) {
            o.server = v, i++;
        } else if (strcmp(a, "--no-tls") == 0) {
            o.tls = false;
        } else if (strcmp(a, "--deep-pairing") == 0) {
            o.deep = true;
            if (v && v[0] != '-')
                o.deep_trf = v, i++;
        } else if (strcmp(a, "--smoke") == 0) {
            o.smoke = true, list[0] = 2, nlist = 1;
            o.rate_ms = 50, o.warmup = 0.2, o.seconds = 1;
        } else {
            usage();
            return 2;
        }
    }
    if (o.rate_ms < 1 || o.seconds <= 0 || o.window < 1) {
        usage();
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    result res[64];
    int best = -1, rc = 0;
    print_head(&o);
    for (int i = 0; i < nlist; i++) {
        printf("N=%d games (%d connections):\n", list[i], 4 * list[i]);
        fflush(stdout);
        if (run_one(&o, list[i], &res[i]) != 0)
            rc = 1;
        print_row(&res[i]);
        if (o.deep)
            print_deep(&o, &res[i]);
        if (res[i].ok && res[i].p99 < 10.0 && (best < 0 || list[i] > best))
            best = list[i];
        if (!res[i].ok && ramp)
            break;
        if (ramp)
            sleep(1);
    }
    if (ramp || nlist > 1) {
        printf("\nsummary (%s, one move per board every %d ms):\n",
               o.tls ? "wss" : "ws --no-tls", o.rate_ms);
        print_head(&o);
        for (int i = 0; i < nlist && res[i].n; i++)
            print_row(&res[i]);
        if (best > 0)
            printf("largest N with p99 < 10 ms: %d games (%d connections)\n", best, 4 * best);
        else
            printf("no N reached p99 < 10 ms\n");
    }
    return rc;
}
