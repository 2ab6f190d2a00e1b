/* load.c: load generator: N concurrent games of four player connections against a
 * bughouse-server it starts itself; each board makes one legal move (knight shuffles: legal
 * forever, no captures) every R ms. Prints the server's CPU (% of one core, from
 * /proc/PID/stat over the measuring window), its memory per connection (VmRSS minus the idle
 * server's, divided by the connections) and the latency from a move's send by the mover to
 * the arrival of the move delta at the opponent's connection on that board (p50/p99/max).
 * SPDX-License-Identifier: MIT
 * --ramp N1,N2,... runs one fresh server per N and reports the largest N with p99 < 10 ms;
 * --runs K repeats each N K times and prints the median and range; --report-s S prints a
 * row every S seconds of the window (long windows: p50/p99/max, server CPU and memory).
 * --deep-pairing starts the server on a deep Swiss paused before a slow pairing (tour_db.h); after
 * the window the director asks for that pairing (round_pair), and the moves sent while the
 * server pairs (until round_pair's reply, which waits for it) make a second window.
 * round_pair, not a resume: a resume first sends the last round and the standings to
 * every connection (tens of MB at 4,000), which would be measured instead of the pairing.
 * The client is one epoll thread (lean.c) on the same machine: it shares the CPU with the
 * server, so the latency includes the client's own time. The server dies with the bench
 * (itest_start: PR_SET_PDEATHSIG), and SIGINT/SIGTERM end the run cleanly. Usage: see
 * usage() below. */
#define _GNU_SOURCE
#include <errno.h>
#include <sys/resource.h>

#include "bench_stats.h"
#include "itest.h"
#include "lean.h"
#include "now.h"
#include "runner.h"
#include "theap.h"
#include "tour_db.h"
#include "xalloc.h"

static const char *const shuffle[2][4] = {
    {"g1f3", "g8f6", "f3g1", "f6g8"}, /* board A */
    {"b1c3", "b8c6", "c3b1", "c6b8"}, /* board B */
};

typedef struct {
    const char *server;
    const char *vs;   /* --vs: a reference server run beside it, or NULL */
    const char *node; /* --node: the server under test runs as this node (not the reference) */
    bool tls;
    int rate_ms;    /* one move per board every rate_ms */
    double warmup;  /* s before measuring */
    double seconds; /* measuring window */
    int window;     /* connection handshakes in flight */
    int runs;       /* fresh servers per N */
    int report_s;   /* a row every report_s seconds of the window; 0 = none */
    bool smoke;
    bool deep;            /* --deep-pairing */
    const char *deep_trf; /* its tournament (TRF file) */
} opts;

typedef struct {
    int game, seat; /* seat -1: the director */
    int phase;      /* 0 connecting, 1 authed+joined sent, 2 state received */
} pconn;

typedef struct {
    int ply;         /* ply of the outstanding move (or the next to send) */
    int64_t sent_us; /* when it was sent; 0 = waiting for its turn */
    int64_t due_us;  /* when it was due: its phase. The next move is due one period later,
                      * not one period after the send: boards due within one poll of the
                      * client are sent together, and with the send as the phase they would
                      * stay together, merging a little more each period (measured so: the
                      * server's loop fell from 68,000 turns a minute to 7,000, p50 from 1 ms
                      * to 6 ms, in 15 minutes: the load bunched instead of spreading) */
} board;

typedef struct {
    int n; /* games */
    const opts *o;
    lc_loop *l;
    lc_conn *dir;
    pconn dirp;
    int dir_authed;
    int created, create_sent;
    int64_t *gid;
    char (*tok)[4][40];
    pconn *pc;                          /* 4n */
    lc_conn **pl;                       /* 4n */
    int opened, ready, started, failed; /* failed: connections lost or never opened */
    int next_conn;                      /* next player connection to open */
    int *start_seen;                    /* per game: start messages received */
    board *b;                           /* 2n */
    theap *q;        /* the boards waiting for their next move, by due time (id: the board) */
    int64_t t_start; /* when the director connected */
    int64_t win_lo, win_hi; /* measuring window (moves sent inside it count) */
    int32_t *lat;           /* µs, in order of arrival */
    int32_t max_lat;        /* largest latency since the last --report-s row (µs) */
    int64_t max_t;          /* when that move was sent */
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
    double us_move; /* server CPU a move: cpu over moves/s */
    long sent, lost;
    int errors;
    bool ok;
    /* --deep-pairing: how long the server paired, its first second, the rest of it, and a
     * window after it */
    double deep_s;
    wstats burst, pairing, after;
    char deep_status[16];
} result;

/* SIGINT, SIGTERM, SIGHUP: end the run in progress cleanly (server stopped, temp directory
 * removed). The one mutable global, as STYLE.md allows. */
static volatile sig_atomic_t g_stop;

static void on_stop_signal(int sig)
{
    (void)sig;
    g_stop = 1;
}

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

/* Seconds the main thread of pid (0: this process) has waited on a run queue, runnable but
 * not running (the second field of /proc/PID/schedstat, in ns): on a shared machine, the
 * time other processes took from it. 0 if unknown. */
static double rq_wait_s(pid_t pid)
{
    char path[64];
    if (pid)
        snprintf(path, sizeof path, "/proc/%d/schedstat", (int)pid);
    else
        snprintf(path, sizeof path, "/proc/self/schedstat");
    FILE *f = fopen(path, "r");
    unsigned long long ran = 0, wait = 0;
    if (f) {
        if (fscanf(f, "%llu %llu", &ran, &wait) != 2)
            wait = 0;
        fclose(f);
    }
    return (double)wait / 1e9;
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
    lc_conn *c = r->pl[4 * g + seat];
    if (!c)
        return; /* the mover's connection is gone (counted in r->failed): the board stops */
    b->sent_us = now;
    if (now >= r->win_lo && now < r->win_hi)
        r->sent_in_win++;
    if (r->deep_sent && now >= r->deep_sent) {
        BH_GROW(r->sent2, r->nsent2, r->capsent2);
        r->sent2[r->nsent2++] = now;
    }
    lc_send(c, msg, (size_t)len);
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
        BH_GROW(r->lat, r->nlat, r->caplat);
        int32_t us = (int32_t)(now - b->sent_us);
        r->lat[r->nlat++] = us;
        if (us > r->max_lat)
            r->max_lat = us, r->max_t = b->sent_us;
    } else if (r->deep_sent && b->sent_us >= r->deep_sent) {
        BH_GROW(r->lat2, r->nlat2, r->caplat2);
        r->lat2[r->nlat2].sent = b->sent_us;
        r->lat2[r->nlat2++].lat = (int32_t)(now - b->sent_us);
    }
    /* The phase kept, also for a late reply: its next move is sent at once but stays due at
     * its slot (before, a late board became due "now", the moment the host gave the CPU
     * back, and every board late in one pause shared that phase from then on). Slots missed
     * whole are skipped: a board catches up one move, not a burst. */
    int64_t period = (int64_t)r->o->rate_ms * 1000, next = b->due_us + period;
    while (next + period <= now)
        next += period;
    b->ply++;
    b->sent_us = 0;
    theap_set(r->q, bi, (uint64_t)next);
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
        snprintf(r->deep_status, sizeof r->deep_status, "%.*s", st ? (int)strcspn(st + 8, "\"") : 6,
                 st ? st + 8 : "paired");
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
        int len =
            snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", ITEST_ADMIN);
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
        fprintf(stderr, "connection (game %d seat %d) closed after %.1f s: %s\n", p->game, p->seat,
                (double)(lc_now_us() - r->t_start) / 1e6, why);
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
        r->pl[next] = lc_connect(r->l, src, &r->pc[next]);
        if (!r->pl[next]) {
            fprintf(stderr, "connect %d from %s: %s\n", next, src, strerror(errno));
            r->failed++;
        }
        next++;
    }
    r->next_conn = next;
}

/* A setup that makes no progress (no game created, no player ready, no game started) for this
 * long has stalled; one that is only slow (a busy machine) goes on. */
#define SETUP_STALL_S 60

/* Create the games and connect their players: pump and poll until every game has started.
 * Returns 0, or -1 after saying why: a connection lost (the first one ends the setup), a
 * signal, or a stall (SETUP_STALL_S). Prints the progress every second. */
static int setup(run *r)
{
    int64_t now = lc_now_us(), next = now + 1000000, moved = now;
    int seen = -1;
    while (r->started < r->n || r->ready < 4 * r->n) {
        if (r->failed || g_stop) {
            fprintf(stderr, "setup incomplete: %s\n",
                    g_stop ? "stopped by a signal" : "a connection was lost");
            return -1;
        }
        pump(r);
        lc_poll(r->l, 5);
        now = lc_now_us();
        int progress_now = r->created + r->ready + r->started;
        if (progress_now != seen) {
            seen = progress_now;
            moved = now;
        } else if (now - moved > SETUP_STALL_S * 1000000LL) {
            fprintf(stderr, "setup stalled: no progress for %d s\n", SETUP_STALL_S);
            return -1;
        }
        if (now > next) {
            next += 1000000;
            printf("  %s\n", progress(r));
            fflush(stdout);
        }
    }
    return 0;
}

/* One row of a long window (--report-s): the moves that arrived since the last row. */
typedef struct {
    int64_t t_us;   /* start of the interval */
    size_t from;    /* its first latency in r->lat */
    double cpu_s;   /* server CPU time at its start */
    double ccpu_s;  /* our CPU time at its start */
    double rq_s;    /* server run-queue wait at its start */
    double crq_s;   /* ours */
    double steal_s; /* the machine's stolen CPU time at its start */
} interval;

static interval interval_start(const run *r, pid_t pid, int64_t now)
{
    return (interval){now,
                      r->nlat,
                      cpu_s(pid),
                      self_cpu_s(),
                      rq_wait_s(pid),
                      rq_wait_s(0),
                      (double)now_steal_us() / 1e6};
}

static void interval_head(void)
{
    printf("  %6s %7s %7s %7s %8s %8s %7s %7s %7s %7s %7s %7s\n", "t_s", "moves/s", "p50_ms",
           "p99_ms", "max_ms", "max_at_s", "srv_cpu", "srv_rq", "cli_cpu", "cli_rq", "steal",
           "srv_MB");
}

/* Print the interval that ends at now and start the next one. srv_rq and cli_rq: % of the
 * interval the server's loop thread and the client waited for a CPU (other processes); steal:
 * % of the machine's CPU time (all its CPUs) the hypervisor took. */
static void interval_row(run *r, pid_t pid, interval *iv, int64_t now)
{
    size_t k = r->nlat - iv->from;
    double el = (double)(now - iv->t_us) / 1e6, p50 = 0, p99 = 0;
    if (k) {
        int32_t *v = malloc(k * sizeof *v);
        if (!v) {
            fprintf(stderr, "out of memory\n");
            exit(1);
        }
        memcpy(v, r->lat + iv->from, k * sizeof *v);
        qsort(v, k, sizeof *v, cmp_i32);
        p50 = v[k / 2] / 1000.0;
        p99 = v[k * 99 / 100] / 1000.0;
        free(v);
    }
    interval next = interval_start(r, pid, now);
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    printf("  %6.0f %7.0f %7.2f %7.2f %8.2f %8.1f %6.1f%% %6.1f%% %6.1f%% %6.1f%% %6.1f%% %7.1f\n",
           (double)(now - r->win_lo) / 1e6, (double)k / el, p50, p99, r->max_lat / 1000.0,
           r->max_lat ? (double)(r->max_t - r->win_lo) / 1e6 : 0.0,
           100.0 * (next.cpu_s - iv->cpu_s) / el, 100.0 * (next.rq_s - iv->rq_s) / el,
           100.0 * (next.ccpu_s - iv->ccpu_s) / el, 100.0 * (next.crq_s - iv->crq_s) / el,
           100.0 * (next.steal_s - iv->steal_s) / el / (double)(ncpu > 0 ? ncpu : 1),
           (double)rss_kb(pid) / 1024.0);
    fflush(stdout);
    *iv = next;
    r->max_lat = 0;
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
        if (!trf || tour_db_write(srv.db, trf, TFMT_PAUSED, &tournament, &teams) != 0) {
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
    const char *args[] = {"--rules", "online",  "--rate",
                          "100000",  "--burst", "100000",
                          "--node",  o->node,   o->tls ? NULL : "--no-tls",
                          NULL};
    if (!o->node) /* one process: drop "--node NAME" */
        memmove(&args[6], &args[8], 2 * sizeof *args);
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
    r->q = theap_new();
    r->win_lo = r->win_hi = INT64_MAX;
    lc_handlers h = {r, on_open, on_text, on_close};
    r->l = lc_new("127.0.0.1", srv.port, o->tls, &h);
    lc_loop *l = r->l;
    r->t_start = lc_now_us();
    r->dirp = (pconn){-1, -1, 0};
    r->dir = lc_connect(l, "127.0.0.1", &r->dirp);
    int set = setup(r);
    res->setup_s = (double)(lc_now_us() - r->t_start) / 1e6;
    printf("  setup: %d games, %d players ready, %d games started, %d failed, in %.1f s\n",
           r->created, r->ready, r->started, r->failed, res->setup_s);
    fflush(stdout);
    if (set != 0) {
        if (!g_stop)
            itest_dump_log(&srv);
        goto out;
    }
    /* Play: the boards' first moves spread evenly over one period. */
    int64_t t0 = lc_now_us() + 10000, period = (int64_t)o->rate_ms * 1000;
    for (int i = 0; i < 2 * n; i++)
        theap_set(r->q, i, (uint64_t)(t0 + period * i / (2 * n)));
    r->win_lo = t0 + (int64_t)(o->warmup * 1e6);
    r->win_hi = r->win_lo + (int64_t)(o->seconds * 1e6);
    double c0 = 0, cc0 = 0;
    bool measuring = false;
    interval iv = {0};
    int64_t report_us = (int64_t)o->report_s * 1000000, next_report = INT64_MAX;
    while (!g_stop) {
        int64_t now = lc_now_us();
        if (!measuring && now >= r->win_lo) {
            measuring = true;
            c0 = cpu_s(srv.pid);
            cc0 = self_cpu_s();
            if (report_us) {
                interval_head();
                iv = interval_start(r, srv.pid, now);
                r->max_lat = 0;
                next_report = now + report_us;
            }
        }
        if (now >= next_report) {
            interval_row(r, srv.pid, &iv, now);
            next_report += report_us;
        }
        if (now >= r->win_hi && !o->deep)
            break;
        if (now >= r->win_hi && !r->deep_sent) { /* the director pairs: the pairing starts */
            window_stats(&srv, r, res, c0, cc0, idle_kb);
            if (report_us) { /* the window's tail; the windows after it are print_deep's */
                if (now > iv.t_us)
                    interval_row(r, srv.pid, &iv, now);
                report_us = 0, next_report = INT64_MAX;
            }
            char msg[128];
            int len =
                snprintf(msg, sizeof msg, "{\"type\":\"round_pair\",\"id\":7,\"tournament\":%lld}",
                         (long long)r->tournament);
            r->deep_sent = now;
            if (r->dir)
                lc_send(r->dir, msg, (size_t)len);
        }
        /* after the reply, one more window as long as the first: the machine's load then */
        if (r->deep_sent &&
            ((r->deep_done && now >= r->deep_done + 1000000 + (int64_t)(o->seconds * 1e6)) ||
             now >= r->deep_sent + 600000000))
            break;
        /* Earliest due first (a min-heap, theap.h), so that a board is sent at its own due
         * time whatever the order its replies came back in (a FIFO ring held a board due now
         * behind one due later, and sent them together). */
        int bi;
        uint64_t at;
        while (theap_peek(r->q, &bi, &at) && (int64_t)at <= now) {
            theap_del(r->q, bi);
            r->b[bi].due_us = (int64_t)at;
            send_move(r, bi, now);
        }
        /* Round the wait up: sleeping past a due time delays a send (the latency counts
         * from the actual send), while rounding down would spin on epoll_wait(0). */
        int wait = theap_peek(r->q, &bi, &at) ? (int)(((int64_t)at - now + 999) / 1000) : 5;
        lc_poll(l, wait < 0 ? 0 : wait > 5 ? 5 : wait);
    }
    if (g_stop) {
        fprintf(stderr, "stopped by a signal\n");
        goto out;
    }
    if (!o->deep)
        window_stats(&srv, r, res, c0, cc0, idle_kb);
    /* Drain: moves sent in the window (and with --deep-pairing, in the windows after it) may
     * still be on their way. A saturated run is late, not lossy (its lateness shows in p99
     * and max), so the drain goes on while moves keep arriving, up to 2 minutes; lost = not
     * arrived when none came for 10 s. */
    int64_t drain_end = lc_now_us() + 120000000, quiet_end = lc_now_us() + 10000000;
    size_t arrived = r->nlat + r->nlat2;
    while (lc_now_us() < drain_end && lc_now_us() < quiet_end &&
           ((long)r->nlat < r->sent_in_win || r->nlat2 < r->nsent2) && !g_stop) {
        lc_poll(l, 5);
        if (r->nlat + r->nlat2 != arrived) {
            arrived = r->nlat + r->nlat2;
            quiet_end = lc_now_us() + 10000000;
        }
    }
    if (report_us && r->nlat > iv.from)
        interval_row(r, srv.pid, &iv, lc_now_us()); /* the tail and the drain */
    res->sent = r->sent_in_win;
    res->lost = r->sent_in_win - (long)r->nlat;
    res->rate = (double)r->nlat / o->seconds;
    res->us_move = res->rate > 0 ? res->cpu * 1e4 / res->rate : 0;
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
        /* the run fails unless the reply is the pairing (issue 30 item 4: too_large over the
         * budget is no success) */
        res->ok = res->ok && r->deep_done && strcmp(r->deep_status, "paired") == 0 &&
                  res->burst.lost == 0 && res->pairing.lost == 0 && res->after.lost == 0;
    }
    if (r->failed) { /* the server's side of it: e.g. its idle sweep's "silent for" lines */
        fprintf(stderr, "%d connections lost during the run; the server's log ends:\n", r->failed);
        itest_dump_log(&srv);
    }
out:
    lc_free(l);
    itest_stop(&srv, SIGTERM);
    itest_cleanup(&srv);
    free(r->gid);
    free(r->tok);
    free(r->pc);
    free(r->pl);
    free(r->start_seen);
    free(r->b);
    theap_free(r->q);
    free(r->lat);
    free(r->lat2);
    free(r->sent2);
    return res->ok ? 0 : -1;
}

static void print_head(const opts *o)
{
    printf("%s, one move per board every %d ms, window %.0f s after %.0f s warm-up\n",
           o->tls ? "wss (TLS)" : "ws (--no-tls)", o->rate_ms, o->seconds, o->warmup);
    printf("%7s %7s %8s %9s %8s %8s %8s %8s %8s %8s %8s %6s\n", "games", "conns", "setup_s",
           "moves/s", "srv_cpu%", "us/move", "cli_cpu%", "KB/conn", "p50_ms", "p99_ms", "max_ms",
           "lost");
}

static void print_row(const result *x, const char *label)
{
    char games[16];
    snprintf(games, sizeof games, "%d", x->n);
    printf("%7s %7d %8.1f %9.0f %8.1f %8.1f %8.1f %8.1f %8.2f %8.2f %8.2f %6ld%s\n",
           label ? label : games, x->conns, x->setup_s, x->rate, x->cpu, x->us_move, x->ccpu,
           x->kb_conn, x->p50, x->p99, x->pmax, x->lost, x->ok || label ? "" : "  (failed)");
    fflush(stdout);
}

/* The median, least and greatest of each figure over the runs that succeeded (of k runs
 * of one N): med/lo/hi rows; returns how many succeeded. */
static int aggregate(const result *rs, int k, result *med, result *lo, result *hi)
{
    double *v = calloc((size_t)k, sizeof *v);
    int ok = 0;
    for (int i = 0; i < k; i++)
        ok += rs[i].ok;
    *med = *lo = *hi = rs[0];
#define AGG(field)                                                                                 \
    do {                                                                                           \
        int m_ = 0;                                                                                \
        for (int i_ = 0; i_ < k; i_++)                                                             \
            if (rs[i_].ok)                                                                         \
                v[m_++] = (double)rs[i_].field;                                                    \
        if (m_) {                                                                                  \
            bench_spread x_ = bench_stats(v, m_);                                                  \
            med->field = x_.med;                                                                   \
            lo->field = x_.lo;                                                                     \
            hi->field = x_.hi;                                                                     \
        }                                                                                          \
    } while (0)
    AGG(setup_s);
    AGG(rate);
    AGG(cpu);
    AGG(us_move);
    AGG(ccpu);
    AGG(kb_conn);
    AGG(p50);
    AGG(p99);
    AGG(pmax);
    AGG(lost);
    AGG(deep_s); /* --deep-pairing (0 otherwise) */
    AGG(burst.secs);
    AGG(burst.rate);
    AGG(burst.p50);
    AGG(burst.p99);
    AGG(burst.pmax);
    AGG(burst.lost);
    AGG(pairing.secs);
    AGG(pairing.rate);
    AGG(pairing.p50);
    AGG(pairing.p99);
    AGG(pairing.pmax);
    AGG(pairing.lost);
    AGG(after.secs);
    AGG(after.rate);
    AGG(after.p50);
    AGG(after.p99);
    AGG(after.pmax);
    AGG(after.lost);
#undef AGG
    free(v);
    return ok;
}

/* --deep-pairing: the windows side by side. label NULL: one run's, with the machine's load
 * average; else the row of the aggregate ("median", "min", "max") of the runs that succeeded. */
static void print_deep(const opts *o, const result *x, const char *label)
{
    char load[64];
    if (label)
        printf("\ndeep pairing, %s of the runs that succeeded: round_pair took %.1f s on the "
               "server\n",
               label, x->deep_s);
    else
        printf("\ndeep pairing: round_pair of the next round of %s took %.1f s on the server (its "
               "reply: %s); load average %s\n",
               o->deep_trf, x->deep_s, x->deep_status, bench_loadavg(load, sizeof load));
    printf("%-34s %7s %9s %8s %8s %8s %6s\n", "window (moves sent in it)", "s", "moves/s", "p50_ms",
           "p99_ms", "max_ms", "lost");
    printf("%-34s %7.1f %9.0f %8.2f %8.2f %8.2f %6ld\n", "before round_pair (no pairing)",
           o->seconds, x->rate, x->p50, x->p99, x->pmax, x->lost);
    printf("%-34s %7.1f %9.0f %8.2f %8.2f %8.2f %6ld\n", "the pairing's first second",
           x->burst.secs, x->burst.rate, x->burst.p50, x->burst.p99, x->burst.pmax, x->burst.lost);
    printf("%-34s %7.1f %9.0f %8.2f %8.2f %8.2f %6ld\n", "the rest of the pairing", x->pairing.secs,
           x->pairing.rate, x->pairing.p50, x->pairing.p99, x->pairing.pmax, x->pairing.lost);
    printf("%-34s %7.1f %9.0f %8.2f %8.2f %8.2f %6ld%s\n", "after it (1 s after the reply)",
           x->after.secs, x->after.rate, x->after.p50, x->after.p99, x->after.pmax, x->after.lost,
           x->ok || label ? "" : "  (failed)");
    fflush(stdout);
}

static void usage(void)
{
    fprintf(stderr,
            "usage: bench_load [--games N | --ramp N1,N2,...] [--rate-ms R] [--seconds S]\n"
            "                  [--warmup S] [--runs K] [--report-s S] [--no-tls] [--window W]\n"
            "                  [--server PATH] [--vs PATH] [--node NAME] [--smoke]\n"
            "                  [--deep-pairing [TRF]]\n"
            "  --games N      concurrent games (4 player connections each; default 100)\n"
            "  --ramp LIST    one fresh server per N; prints a table and the largest N with\n"
            "                 p99 < 10 ms\n"
            "  --rate-ms R    each board makes one move every R ms (default 1000)\n"
            "  --seconds S    measuring window (default 10), after --warmup S (default 3)\n"
            "  --runs K       K runs (a fresh server each) per N: every run's row, then the\n"
            "                 median and range of each figure over the runs that succeeded\n"
            "  --report-s S   during the window, a row every S s: moves/s, p50/p99/max of the\n"
            "                 moves that arrived in it, server CPU and RSS (long windows)\n"
            "  --vs PATH      a reference server (say, a build of the commit before a change):\n"
            "                 each run runs both, in alternating order, and the medians end\n"
            "                 with the ratio of the server CPU a move, this over the reference\n"
            "  --node NAME    the server under test runs as a node of a cluster (--node NAME;\n"
            "                 the --vs reference does not): run under\n"
            "                 tests/integration/pg_cluster.sh, which gives both PostgreSQL\n"
            "  --no-tls       plain ws instead of wss\n"
            "  --window W     connection handshakes in flight during setup (default 256)\n"
            "  --smoke        2 games, 1 s: exit 1 unless every move arrived (ctest)\n"
            "  --deep-pairing [TRF]  the server also holds a deep Swiss paused before a slow\n"
            "                 pairing (default tests/data/tourney/draws78-r34.trf: about 40 s,\n"
            "                 within the server's default 300 s pairing budget);\n"
            "                 after the window the director pairs it (round_pair): prints\n"
            "                 p50/p99/max of the moves sent while the server pairs, beside\n"
            "                 the window's and a window after it\n"
            "A run fails (exit 1) on any lost connection, lost move or error reply (with\n"
            "--deep-pairing also: no reply to round_pair, a reply that is not the pairing\n"
            "(too_large: over its budget), a move lost in a later window).\n");
}

int main(int argc, char **argv)
{
    opts o = {.server = getenv("BH_SERVER") ? getenv("BH_SERVER") : BH_SERVER_PATH,
              .tls = true,
              .rate_ms = 1000,
              .warmup = 3,
              .seconds = 10,
              .window = 256,
              .runs = 1,
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
        } else if (strcmp(a, "--runs") == 0 && v) {
            o.runs = atoi(v), i++;
        } else if (strcmp(a, "--report-s") == 0 && v) {
            o.report_s = atoi(v), i++;
        } else if (strcmp(a, "--server") == 0 && v) {
            o.server = v, i++;
        } else if (strcmp(a, "--vs") == 0 && v) {
            o.vs = v, i++;
        } else if (strcmp(a, "--node") == 0 && v) {
            o.node = v, i++;
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
    bool bad_n = false;
    for (int i = 0; i < nlist; i++)
        bad_n |= list[i] < 1;
    if (o.rate_ms < 1 || o.seconds <= 0 || o.window < 1 || o.runs < 1 || o.runs > 100 ||
        o.report_s < 0 || bad_n) {
        usage();
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    struct sigaction sa = {.sa_handler = on_stop_signal};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    result *res = calloc((size_t)nlist * (size_t)o.runs, sizeof *res);
    result *ref = calloc((size_t)nlist * (size_t)o.runs, sizeof *ref); /* --vs */
    result agg[64][3], ragg[3];
    int nok[64] = {0};
    int best = -1, rc = 0, done = 0;
    print_head(&o);
    for (int i = 0; i < nlist && !g_stop; i++, done++) {
        result *rs = res + (size_t)i * (size_t)o.runs, *rr = ref + (size_t)i * (size_t)o.runs;
        for (int k = 0; k < o.runs && !g_stop; k++) {
            /* --vs: the two servers take turns going first, so a machine that speeds up or
             * slows down over the runs favours neither. */
            for (int side = 0; side < (o.vs ? 2 : 1) && !g_stop; side++) {
                bool is_ref = o.vs && (side ^ (k & 1));
                opts oo = o;
                if (is_ref)
                    oo.server = o.vs, oo.node = NULL;
                char la[64], nth[32] = "";
                if (o.runs > 1)
                    snprintf(nth, sizeof nth, ", run %d of %d", k + 1, o.runs);
                printf("N=%d games (%d connections)%s%s%s, load average %s:\n", list[i],
                       4 * list[i], nth, o.vs ? ", server " : "", o.vs ? oo.server : "",
                       bench_loadavg(la, sizeof la));
                fflush(stdout);
                result *x = is_ref ? &rr[k] : &rs[k];
                if (run_one(&oo, list[i], x) != 0)
                    rc = 1;
                print_row(x, NULL);
                if (o.deep)
                    print_deep(&o, x, NULL);
                if (k + 1 < o.runs || side == 0)
                    sleep(1);
            }
        }
        nok[i] = aggregate(rs, o.runs, &agg[i][0], &agg[i][1], &agg[i][2]);
        if (o.runs > 1 || o.vs) {
            printf("N=%d: %d of %d runs succeeded%s\n", list[i], nok[i], o.runs,
                   o.vs ? " (this server)" : "");
            if (nok[i]) {
                print_row(&agg[i][0], "median");
                print_row(&agg[i][1], "min");
                print_row(&agg[i][2], "max");
                for (int a = 0; a < 3 && o.deep; a++)
                    print_deep(&o, &agg[i][a], (const char *[]){"median", "min", "max"}[a]);
            }
        }
        if (o.vs) {
            int rok = aggregate(rr, o.runs, &ragg[0], &ragg[1], &ragg[2]);
            printf("N=%d: %d of %d runs succeeded (reference %s)\n", list[i], rok, o.runs, o.vs);
            if (rok) {
                print_row(&ragg[0], "median");
                print_row(&ragg[1], "min");
                print_row(&ragg[2], "max");
            }
            if (rok && nok[i])
                printf("N=%d: server CPU a move %.1f us [%.1f-%.1f] against the reference's %.1f "
                       "us [%.1f-%.1f]: %.2f of it (medians of %d and %d runs)\n",
                       list[i], agg[i][0].us_move, agg[i][1].us_move, agg[i][2].us_move,
                       ragg[0].us_move, ragg[1].us_move, ragg[2].us_move,
                       agg[i][0].us_move / ragg[0].us_move, nok[i], rok);
            if (rok < o.runs)
                rc = 1;
        }
        if (nok[i] == o.runs && agg[i][0].p99 < 10.0 && (best < 0 || list[i] > best))
            best = list[i];
        if (!nok[i] && ramp)
            break;
        if (ramp)
            sleep(1);
    }
    if (ramp || nlist > 1) {
        printf("\nsummary (%s, one move per board every %d ms%s):\n", o.tls ? "wss" : "ws --no-tls",
               o.rate_ms, o.runs > 1 ? "; median of the runs that succeeded" : "");
        print_head(&o);
        for (int i = 0; i < done && i < nlist; i++) {
            if (nok[i])
                print_row(&agg[i][0], NULL);
            if (nok[i] < o.runs)
                printf("%7d: %d of %d runs failed\n", list[i], o.runs - nok[i], o.runs);
        }
        if (best > 0)
            printf("largest N with p99 < 10 ms%s: %d games (%d connections)\n",
                   o.runs > 1 ? " (median, every run succeeding)" : "", best, 4 * best);
        else
            printf("no N reached p99 < 10 ms\n");
    }
    free(res);
    free(ref);
    return g_stop ? 130 : rc;
}
