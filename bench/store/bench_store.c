/* bench_store.c: the server loop's write path alone, through store.h: every turn_us a turn of
 * M moves of random games out of G (store_event_add), then one store_flush, as hub_turn_end
 * does; the checkpoint thread as main.c starts it (10 s, 4,096 frames; --frames F: F frames,
 * restart mark 4 x F). Prints the commits' (store_flush) p50, p99, p99.9 and max in ms, how
 * many took 5 ms or more, the WAL file's largest size (after every commit) and the WAL's
 * restarts. How large the WAL grows depends on how soon the thread gets the CPU: a figure to
 * print, not a bound a unit test could assert (test_store drives the policy itself).
 * --reader-us U adds a second connection reading in short transactions every U us (an
 * operator's sqlite3 shell, a backup). The defaults are bench_load's 1,500 games, one move
 * per board every 2 s: 1,500 moves/s in about 250 turns of 6 moves. A turn every 0.5 ms of 4
 * moves on 4 games with F = 32 and a reader every 200 us (`--seconds 2 --games 4 --moves 4
 * --turn-us 500 --frames 32 --reader-us 200`) is the case the unit test wal_bounded asserted
 * a bound for (3,072 frames, 12.7 MB), which a busy machine (load 4-8) broke (26.5 MB).
 * --pg URI runs the same turns on a PostgreSQL database instead (store_open's URI; each run
 * writes games of its own, numbered from the process id, so runs never collide; no reader,
 * no WAL figures): there every store_event_add is a round trip too, so the turn's whole
 * write time (turn_p50, turn_p99: the adds and the flush) is what the loop waits.
 * SPDX-License-Identifier: MIT
 * Usage: bench_store [--seconds S] [--dir D] [--games G] [--moves M] [--turn-us U]
 *                    [--runs K] [--frames F] [--reader-us U] [--pg URI]
 * (default 60 s in /tmp; the database is removed after each run). */
#include <errno.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bench_stats.h"
#include "bh.h"
#include "now.h"
#include "store.h"
#include "store_int.h"

typedef struct {
    int seconds, games, moves, turn_us, runs;
    int frames;    /* the checkpoint thread's frames */
    int reader_us; /* a reader every reader_us; 0: none */
    const char *dir;
    const char *pg; /* a PostgreSQL URI, or NULL: a sqlite file in dir */
} opts;

typedef struct {
    double p50, p99, p999, max; /* ms */
    long slow;                  /* commits of 5 ms or more */
    long commits;
    double wal_mb;
    unsigned long long restarts; /* of the WAL */
    long reads;                  /* the reader's */
    double turn_p50, turn_p99;   /* ms: the turn's adds and its flush */
} result;

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void rm_db(const char *path)
{
    char p[600];
    unlink(path);
    snprintf(p, sizeof p, "%s-wal", path);
    unlink(p);
    snprintf(p, sizeof p, "%s-shm", path);
    unlink(p);
}

typedef struct {
    const char *path;
    int every_us;
    atomic_bool stop;
    long reads;
} reader;

/* A second connection reading in short transactions every every_us until stop. */
static void *reader_main(void *arg)
{
    reader *r = arg;
    sqlite3 *db = NULL;
    sqlite3_stmt *q = NULL;
    if (sqlite3_open_v2(r->path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(db, "SELECT count(*) FROM events WHERE game_id = 3", -1, &q, NULL) !=
            SQLITE_OK) {
        fprintf(stderr, "bench_store: reader: %s\n", sqlite3_errmsg(db));
        sqlite3_close(db);
        return NULL;
    }
    sqlite3_busy_timeout(db, 100);
    struct timespec ts = {r->every_us / 1000000, (long)(r->every_us % 1000000) * 1000};
    while (!atomic_load(&r->stop)) {
        if (sqlite3_step(q) == SQLITE_ROW)
            r->reads++;
        sqlite3_reset(q);
        nanosleep(&ts, NULL);
    }
    sqlite3_finalize(q);
    sqlite3_close(db);
    return NULL;
}

static int run(const opts *o, result *r)
{
    char path[512], wal[600];
    snprintf(path, sizeof path, "%s/bench_store_%ld.db", o->dir, (long)getpid());
    snprintf(wal, sizeof wal, "%s-wal", path);
    rm_db(path);
    store *st;
    if (store_open(o->pg ? o->pg : path, &st) != BH_OK ||
        store_checkpoint_thread(st, 10000, o->frames) != BH_OK) {
        fprintf(stderr, "bench_store: cannot open %s\n", o->pg ? "the PostgreSQL URI" : path);
        return -1;
    }
    static int run_no;
    int64_t base = o->pg ? ((int64_t)getpid() * 1000 + run_no++) * (o->games + 1) : 0;
    reader rd = {.path = path, .every_us = o->reader_us, .stop = false};
    pthread_t th;
    if (o->reader_us > 0 && pthread_create(&th, NULL, reader_main, &rd) != 0) {
        fprintf(stderr, "bench_store: cannot start the reader\n");
        return -1;
    }
    int64_t *seq = calloc((size_t)o->games + 1, sizeof *seq);
    size_t cap = (size_t)o->seconds * (1000000u / (unsigned)o->turn_us + 1) + 16, n = 0;
    uint64_t *t = malloc(cap * sizeof *t), *tw = malloc(cap * sizeof *tw);
    long wal_max = 0;
    srand(1);
    uint64_t start = now_mono_us(), end = start + (uint64_t)o->seconds * 1000000u, next = start;
    while (now_mono_us() < end && n < cap) {
        uint64_t tt = now_mono_us();
        for (int i = 0; i < o->moves; i++) {
            int g = 1 + rand() % o->games;
            store_event e = {.game = base + g,
                             .seq = seq[g],
                             .t_us = seq[g] * 2000000,
                             .kind = "move",
                             .seat = (int)(seq[g] % 4),
                             .ply = (int)(seq[g] / 2),
                             .text = "g1f3",
                             .type = 1,
                             .lag_us = 1000,
                             .move = 1234};
            seq[g]++;
            if (store_event_add(st, &e) != BH_OK)
                return -1;
        }
        uint64_t t0 = now_mono_us();
        if (store_flush(st) != BH_OK)
            return -1;
        tw[n] = now_mono_us() - tt;
        t[n++] = now_mono_us() - t0;
        struct stat sb;
        if (stat(wal, &sb) == 0 && sb.st_size > wal_max)
            wal_max = (long)sb.st_size;
        next += (uint64_t)o->turn_us;
        uint64_t now = now_mono_us();
        if (next > now) {
            struct timespec ts = {(time_t)((next - now) / 1000000u),
                                  (long)((next - now) % 1000000u) * 1000};
            nanosleep(&ts, NULL);
        } else {
            next = now; /* late: no burst to catch up */
        }
    }
    if (o->reader_us > 0) {
        atomic_store(&rd.stop, true);
        pthread_join(th, NULL);
    }
    store_ckpt_stats cs = {0};
    store__checkpoint_stats(st, &cs);
    r->restarts = (unsigned long long)cs.restarts;
    r->reads = rd.reads;
    store_close(st);
    rm_db(path);
    qsort(t, n, sizeof *t, cmp_u64);
    qsort(tw, n, sizeof *tw, cmp_u64);
    r->turn_p50 = (double)tw[n / 2] / 1e3;
    r->turn_p99 = (double)tw[n * 99 / 100] / 1e3;
    r->commits = (long)n;
    r->p50 = (double)t[n / 2] / 1e3;
    r->p99 = (double)t[n * 99 / 100] / 1e3;
    r->p999 = (double)t[n * 999 / 1000] / 1e3;
    r->max = (double)t[n - 1] / 1e3;
    r->slow = 0;
    for (size_t i = 0; i < n; i++)
        r->slow += t[i] >= 5000;
    r->wal_mb = (double)wal_max / 1e6;
    free(t);
    free(tw);
    free(seq);
    return 0;
}

static int usage(void)
{
    fprintf(stderr, "usage: bench_store [--seconds S] [--dir D] [--games G] [--moves M]"
                    " [--turn-us U] [--runs K] [--frames F] [--reader-us U] [--pg URI]\n");
    return 2;
}

int main(int argc, char **argv)
{
    opts o = {.seconds = 60,
              .games = 1500,
              .moves = 6,
              .turn_us = 4000,
              .runs = 1,
              .frames = 4096,
              .dir = "/tmp"};
    for (int i = 1; i < argc; i += 2) { /* --flag value pairs */
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int *num = !strcmp(a, "--seconds")     ? &o.seconds
                   : !strcmp(a, "--games")     ? &o.games
                   : !strcmp(a, "--moves")     ? &o.moves
                   : !strcmp(a, "--turn-us")   ? &o.turn_us
                   : !strcmp(a, "--runs")      ? &o.runs
                   : !strcmp(a, "--frames")    ? &o.frames
                   : !strcmp(a, "--reader-us") ? &o.reader_us
                                               : NULL;
        if (!v || (!num && strcmp(a, "--dir") && strcmp(a, "--pg")))
            return usage();
        if (num) {
            char *end;
            errno = 0;
            long x = strtol(v, &end, 10);
            if (*end || errno || x < 1 || x > 100000000)
                return usage();
            *num = (int)x;
        } else if (!strcmp(a, "--pg")) {
            o.pg = v;
        } else {
            o.dir = v;
        }
    }
    char la[64];
    if (o.pg && o.reader_us > 0)
        return usage(); /* the reader is sqlite's */
    printf("bench_store: %d games, a turn of %d moves every %d us, %d s in %s; checkpoints every"
           " %d frames (restart mark %d), ",
           o.games, o.moves, o.turn_us, o.seconds, o.pg ? "PostgreSQL" : o.dir, o.frames,
           4 * o.frames);
    if (o.reader_us > 0)
        printf("a reader every %d us; ", o.reader_us);
    printf("load average %s\n", bench_loadavg(la, sizeof la));
    printf("  commits   p50_ms   p99_ms  p99.9_ms   max_ms  >=5ms  WAL_max_MB  restarts    reads"
           "  turn_p50  turn_p99\n");
    double p50[100], p99[100], max[100], wal[100], turn[100];
    int ok = 0;
    for (int k = 0; k < o.runs && k < 100; k++) {
        result r;
        if (run(&o, &r) != 0)
            return 1;
        printf("  %7ld %8.3f %8.3f %9.2f %8.1f %6ld %11.1f %9llu %8ld %9.3f %9.3f\n", r.commits,
               r.p50, r.p99, r.p999, r.max, r.slow, r.wal_mb, r.restarts, r.reads, r.turn_p50,
               r.turn_p99);
        fflush(stdout);
        p50[ok] = r.p50;
        p99[ok] = r.p99;
        turn[ok] = r.turn_p50;
        max[ok] = r.max;
        wal[ok++] = r.wal_mb;
    }
    if (ok > 1) {
        bench_spread a = bench_stats(p99, ok), b = bench_stats(max, ok), c = bench_stats(wal, ok);
        printf("  median [range] of %d runs: p99 %.3f [%.3f-%.3f] ms, max %.1f [%.1f-%.1f] ms,"
               " WAL %.1f [%.1f-%.1f] MB\n",
               ok, a.med, a.lo, a.hi, b.med, b.lo, b.hi, c.med, c.lo, c.hi);
        bench_spread d = bench_stats(p50, ok), e = bench_stats(turn, ok);
        printf("  median [range] of %d runs: commit p50 %.3f [%.3f-%.3f] ms, turn p50 %.3f"
               " [%.3f-%.3f] ms\n",
               ok, d.med, d.lo, d.hi, e.med, e.lo, e.hi);
    }
    return 0;
}
