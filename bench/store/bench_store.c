/* bench_store.c: the server loop's write path alone, through store.h: every turn_us a turn of
 * M moves of random games out of G (store_event_add), then one store_flush, as hub_turn_end
 * does; the checkpoint thread as main.c starts it (10 s, 4,096 frames). Prints the commits'
 * (store_flush) p50, p99, p99.9 and max in ms, how many took 5 ms or more, and the WAL file's
 * largest size (sampled every 50 commits). The defaults are bench_load's 1,500 games, one move
 * per board every 2 s: 1,500 moves/s in about 250 turns of 6 moves.
 * SPDX-License-Identifier: MIT
 * Usage: bench_store [--seconds S] [--dir D] [--games G] [--moves M] [--turn-us U]
 *                    [--runs K]
 * (default 60 s in /tmp; the database is removed after each run). */
#include <errno.h>
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

typedef struct {
    int seconds, games, moves, turn_us, runs;
    const char *dir;
} opts;

typedef struct {
    double p50, p99, p999, max; /* ms */
    long slow;                  /* commits of 5 ms or more */
    long commits;
    double wal_mb;
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

static int run(const opts *o, result *r)
{
    char path[512], wal[600];
    snprintf(path, sizeof path, "%s/bench_store_%ld.db", o->dir, (long)getpid());
    snprintf(wal, sizeof wal, "%s-wal", path);
    rm_db(path);
    store *st;
    if (store_open(path, &st) != BH_OK || store_checkpoint_thread(st, 10000, 4096) != BH_OK) {
        fprintf(stderr, "bench_store: cannot open %s\n", path);
        return -1;
    }
    int64_t *seq = calloc((size_t)o->games + 1, sizeof *seq);
    size_t cap = (size_t)o->seconds * (1000000u / (unsigned)o->turn_us + 1) + 16, n = 0;
    uint64_t *t = malloc(cap * sizeof *t);
    long wal_max = 0;
    srand(1);
    uint64_t start = now_mono_us(), end = start + (uint64_t)o->seconds * 1000000u, next = start;
    while (now_mono_us() < end && n < cap) {
        for (int i = 0; i < o->moves; i++) {
            int g = 1 + rand() % o->games;
            store_event e = {.game = g,
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
        t[n++] = now_mono_us() - t0;
        struct stat sb;
        if (n % 50 == 0 && stat(wal, &sb) == 0 && sb.st_size > wal_max)
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
    store_close(st);
    rm_db(path);
    qsort(t, n, sizeof *t, cmp_u64);
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
    free(seq);
    return 0;
}

static int usage(void)
{
    fprintf(stderr, "usage: bench_store [--seconds S] [--dir D] [--games G] [--moves M]"
                    " [--turn-us U] [--runs K]\n");
    return 2;
}

int main(int argc, char **argv)
{
    opts o = {.seconds = 60, .games = 1500, .moves = 6, .turn_us = 4000, .runs = 1, .dir = "/tmp"};
    for (int i = 1; i < argc; i += 2) { /* --flag value pairs */
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int *num = !strcmp(a, "--seconds")   ? &o.seconds
                   : !strcmp(a, "--games")   ? &o.games
                   : !strcmp(a, "--moves")   ? &o.moves
                   : !strcmp(a, "--turn-us") ? &o.turn_us
                   : !strcmp(a, "--runs")    ? &o.runs
                                             : NULL;
        if (!v || (!num && strcmp(a, "--dir")))
            return usage();
        if (num) {
            char *end;
            errno = 0;
            long x = strtol(v, &end, 10);
            if (*end || errno || x < 1 || x > 100000000)
                return usage();
            *num = (int)x;
        } else {
            o.dir = v;
        }
    }
    char la[64];
    printf("bench_store: %d games, a turn of %d moves every %d us, %d s in %s; load average %s\n",
           o.games, o.moves, o.turn_us, o.seconds, o.dir, bench_loadavg(la, sizeof la));
    printf("  commits   p50_ms   p99_ms  p99.9_ms   max_ms  >=5ms  WAL_max_MB\n");
    double p99[100], max[100], wal[100];
    int ok = 0;
    for (int k = 0; k < o.runs && k < 100; k++) {
        result r;
        if (run(&o, &r) != 0)
            return 1;
        printf("  %7ld %8.3f %8.3f %9.2f %8.1f %6ld %11.1f\n", r.commits, r.p50, r.p99, r.p999,
               r.max, r.slow, r.wal_mb);
        fflush(stdout);
        p99[ok] = r.p99;
        max[ok] = r.max;
        wal[ok++] = r.wal_mb;
    }
    if (ok > 1) {
        bench_spread a = bench_stats(p99, ok), b = bench_stats(max, ok), c = bench_stats(wal, ok);
        printf("  median [range] of %d runs: p99 %.3f [%.3f-%.3f] ms, max %.1f [%.1f-%.1f] ms,"
               " WAL %.1f [%.1f-%.1f] MB\n",
               ok, a.med, a.lo, a.hi, b.med, b.lo, b.hi, c.med, c.lo, c.hi);
    }
    return 0;
}
