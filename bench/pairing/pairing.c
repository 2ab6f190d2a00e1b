/* pairing.c: time to pair one round of a Swiss team event of 50, 200, 1000 (and 4000) teams in
 * the middle of an 11-round event (T-ROUNDS), with random results, 3 % forfeits and a few
 * withdrawals. Prints the median and range of 5 runs of the middle round, and the slowest
 * round of the event, with the load average (the machine is shared).
 * SPDX-License-Identifier: MIT
 * Usage: bench_pairing [N ...] | bench_pairing stress [LO HI EVENTS [ROUNDS]] */
#include <stdio.h>
#include <stdlib.h>

#include "bench_stats.h"
#include "bh.h"
#include "now.h"
#include "rng.h"
#include "swiss.h"
#include "tour.h"

static void play(tour *t, uint64_t *s)
{
    int r = tour_n_rounds(t);
    for (int i = 0; i < tour_round_size(t, r); i++) {
        const tour_match *m = tour_round_match(t, r, i);
        if (!m->b)
            continue;
        if (bh_splitmix64(s) % 100 < 3) {
            tour_set_forfeit(t, r, i, (tour_forfeit)(1 + bh_splitmix64(s) % 2));
            continue;
        }
        for (int g = 0; g < 2; g++)
            tour_set_game(t, r, i, g, (tour_game)(1 + bh_splitmix64(s) % 3));
    }
    if (bh_splitmix64(s) % 100 < 50)
        tour_withdraw(t, 1 + (int)(bh_splitmix64(s) % (uint64_t)tour_n_teams(t)), true);
}

/* The middle round's pairing time over its 5 runs (s), and the slowest round in *slowest;
 * med < 0 when a round cannot be paired. */
static bench_spread bench(int n, double *slowest)
{
    uint64_t s = 0xbe4c0000ull + (uint64_t)n;
    tour *t = tour_new(NULL);
    for (int i = 0; i < n; i++) {
        /* One draw per statement: a call's argument order is unspecified (gcc and clang
         * differ); this is the order gcc drew them in. */
        int rating2 = 1000 + (int)(bh_splitmix64(&s) % 1400);
        tour_add_team(t, "T", "c", "p", 1000 + (int)(bh_splitmix64(&s) % 1400), rating2, NULL);
    }
    tour_start(t, NULL);
    int rounds = tour_planned_rounds(t), mid = rounds / 2 + 1;
    double mid_s[5];
    *slowest = 0;
    for (int r = 1; r <= rounds; r++) {
        int reps = r == mid ? 5 : 1;
        for (int k = 0; k < reps; k++) {
            swiss_pairing p;
            uint64_t t0 = now_mono_us();
            int rc = swiss_pair(t, (uint64_t)r, &p);
            double dt = (double)(now_mono_us() - t0) / 1e6;
            if (rc != BH_OK) {
                fprintf(stderr, "round %d: %s\n", r, bh_errname(rc));
                tour_free(t);
                return (bench_spread){-1, -1, -1};
            }
            if (r == mid)
                mid_s[k] = dt;
            if (k == reps - 1)
                tour_add_round(t, p.m, p.n);
            swiss_pairing_fini(&p);
            if (dt > *slowest)
                *slowest = dt;
        }
        play(t, &s);
    }
    tour_free(t);
    return bench_stats(mid_s, 5);
}

/* Deep events: n teams, n-1 rounds (the Swiss cap of T-ROUNDS): many dead-ends and
 * backtracking. Prints the slowest single pairing over `events` events per size. */
static void stress(int lo, int hi, int events, int rounds)
{
    double worst = 0;
    int worst_n = 0, paired = 0, dead = 0;
    for (int n = lo; n <= hi; n++) {
        for (int e = 0; e < events; e++) {
            uint64_t s = 0x57e55000ull + (uint64_t)(n * 1000 + e);
            tour_ruleset rs;
            tour_ruleset_default(&rs);
            rs.rounds = rounds > 0 && rounds < n - 1 ? rounds : n - 1;
            rs.small_policy = TOUR_SMALL_CAP;
            tour *t = tour_new(&rs);
            for (int i = 0; i < n; i++)
                tour_add_team(t, "T", "c", "p", 1000 + (int)(bh_splitmix64(&s) % 1400), 1500, NULL);
            tour_start(t, NULL);
            while (tour_n_rounds(t) < tour_planned_rounds(t)) {
                swiss_pairing p;
                uint64_t t0 = now_mono_us();
                int rc = swiss_pair_limited(t, 1, SWISS_MAX_NODES, &p);
                double dt = (double)(now_mono_us() - t0) / 1e6;
                if (dt > 1.0)
                    printf("  slow: %d teams, event %d, round %d: %.2f s\n", n, e,
                           tour_n_rounds(t) + 1, dt);
                if (dt > worst) {
                    worst = dt;
                    worst_n = n;
                }
                if (rc == BH_ELIMIT)
                    printf("  gave up (SWISS_MAX_NODES): %d teams, event %d, round %d, %.2f s\n", n,
                           e, tour_n_rounds(t) + 1, dt);
                if (rc != BH_OK) {
                    dead++;
                    break;
                }
                paired++;
                tour_add_round(t, p.m, p.n);
                swiss_pairing_fini(&p);
                play(t, &s);
            }
            tour_free(t);
        }
    }
    printf(
        "stress %d-%d teams, %d rounds (0: n-1), %d events each: %d rounds paired, %d dead ends, "
        "slowest pairing %.4f s (%d teams)\n",
        lo, hi, rounds, events, paired, dead, worst, worst_n);
}

int main(int argc, char **argv)
{
    if (argc > 1 && argv[1][0] == 's') { /* stress LO HI EVENTS */
        stress(argc > 2 ? atoi(argv[2]) : 8, argc > 3 ? atoi(argv[3]) : 40,
               argc > 4 ? atoi(argv[4]) : 20, argc > 5 ? atoi(argv[5]) : 0);
        return 0;
    }
    static const int sizes[] = {50, 200, 1000, 4000};
    char la[64];
    printf("bench_pairing: load average %s\n", bench_loadavg(la, sizeof la));
    printf("| teams | rounds | middle round, ms (median [min-max] of 5) | slowest round, ms "
           "|\n|---|---|---|---|\n");
    int n_sizes = argc > 1 ? argc - 1 : (int)BH_ARRAY_LEN(sizes);
    for (int i = 0; i < n_sizes; i++) {
        int n = argc > 1 ? atoi(argv[i + 1]) : sizes[i];
        double slowest;
        bench_spread mid = bench(n, &slowest);
        printf("| %d | %d | %.3f [%.3f-%.3f] | %.3f |\n", n, tour_rounds_for(n), mid.med * 1e3,
               mid.lo * 1e3, mid.hi * 1e3, slowest * 1e3);
        fflush(stdout);
    }
    return 0;
}
