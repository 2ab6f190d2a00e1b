/* pairing.c: time to pair one round of a Swiss team event of 50, 200, 1000 (and 4000) teams in
 * the middle of an 11-round event (T-ROUNDS), with random results, 3 % forfeits and a few
 * withdrawals. Prints the median and range of 5 runs of the middle round, and the slowest
 * round of the event, with the load average (the machine is shared).
 * SPDX-License-Identifier: MIT
 * Usage: bench_pairing [--top-rank] [N ...] | bench_pairing stress [LO HI EVENTS [ROUNDS]]
 *        | bench_pairing readings [LO HI EVENTS]
 * --top-rank pairs with the other reading of C.04.6 3.6.1 (TOUR_TOP_RANK, tour.h): the same
 * events as a build that pairs only by that reading, to compare the code's speed.
 * `readings` counts, over seeded events of LO..HI teams (T-ROUNDS, the results of play()), the
 * rounds that the two readings of C.04.6 art. 3.6.1 (tour.h TOUR_TOP_TPN, TOUR_TOP_RANK) pair
 * differently, among the rounds with an upfloater. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_stats.h"
#include "bh.h"
#include "now.h"
#include "rng.h"
#include "swiss.h"
#include "tour.h"
#include "tour_int.h"

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
 * med < 0 when a round cannot be paired. top_member is the reading of C.04.6 3.6.1
 * (TOUR_TOP_TPN or TOUR_TOP_RANK). */
static bench_spread bench(int n, int top_member, double *slowest)
{
    uint64_t s = 0xbe4c0000ull + (uint64_t)n;
    tour_ruleset rs;
    tour_ruleset_default(&rs);
    rs.top_member = top_member;
    tour *t = tour_new(&rs);
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

/* Does pairing p (of round tour_n_rounds(t)+1) pair two teams with other match points? */
static bool has_upfloater(const tour *t, const swiss_pairing *p)
{
    for (int i = 0; i < p->n; i++)
        if (p->m[i].b && tour_team_mp(t, p->m[i].a, -1) != tour_team_mp(t, p->m[i].b, -1))
            return true;
    return false;
}

/* How many matches of p q does not have (whoever is side a, whatever the colours); 0: the
 * same pairing. */
static int pairs_not_in(const swiss_pairing *p, const swiss_pairing *q, int nt)
{
    int *pa = calloc((size_t)nt + 1, sizeof *pa), *qa = calloc((size_t)nt + 1, sizeof *qa);
    for (int i = 0; i < p->n; i++)
        pa[p->m[i].a] = p->m[i].b + 1, pa[p->m[i].b] = p->m[i].a + 1;
    for (int i = 0; i < q->n; i++)
        qa[q->m[i].a] = q->m[i].b + 1, qa[q->m[i].b] = q->m[i].a + 1;
    int other = 0;
    for (int i = 0; i < p->n; i++)
        other += pa[p->m[i].a] != qa[p->m[i].a];
    free(pa);
    free(qa);
    return other;
}

/* The events run with the text's reading (TOUR_TOP_TPN); each round is also paired with
 * TOUR_TOP_RANK and compared. */
static void readings(int lo, int hi, int events)
{
    int rounds = 0, with_up = 0, differ = 0, matches = 0, moved = 0;
    for (int n = lo; n <= hi; n++) {
        for (int e = 0; e < events; e++) {
            uint64_t s = 0x3610000ull + (uint64_t)(n * 1000 + e);
            tour *t = tour_new(NULL);
            for (int i = 0; i < n; i++) {
                int rc = 1000 + (int)(bh_splitmix64(&s) % 1400); /* first, whatever the compiler */
                tour_add_team(t, "T", "c", "p", rc, 1000 + (int)(bh_splitmix64(&s) % 1400), NULL);
            }
            tour_start(t, NULL);
            while (tour_format(t) == TOUR_SWISS && tour_n_rounds(t) < tour_planned_rounds(t)) {
                swiss_pairing p, q;
                if (swiss_pair_limited(t, 1, SWISS_MAX_NODES, &p) != BH_OK)
                    break;
                tour__set_top_member(t, TOUR_TOP_RANK);
                int rc = swiss_pair_limited(t, 1, SWISS_MAX_NODES, &q);
                tour__set_top_member(t, TOUR_TOP_TPN);
                rounds++;
                int other = rc == BH_OK ? pairs_not_in(&p, &q, tour_n_teams(t)) : p.n;
                matches += p.n;
                moved += other;
                if (has_upfloater(t, &p)) {
                    with_up++;
                    differ += other > 0;
                }
                if (rc == BH_OK)
                    swiss_pairing_fini(&q);
                tour_add_round(t, p.m, p.n);
                swiss_pairing_fini(&p);
                play(t, &s);
            }
            tour_free(t);
        }
    }
    printf("readings of C.04.6 3.6.1, %d-%d teams, %d events each: %d rounds, %d with an "
           "upfloater, %d of them (%.1f %%) paired otherwise by rank than by TPN; %d of %d "
           "matches (%.1f %%) differ\n",
           lo, hi, events, rounds, with_up, differ, with_up ? 100.0 * differ / with_up : 0.0, moved,
           matches, matches ? 100.0 * moved / matches : 0.0);
}

int main(int argc, char **argv)
{
    if (argc > 1 && argv[1][0] == 'r') { /* readings LO HI EVENTS */
        readings(argc > 2 ? atoi(argv[2]) : 10, argc > 3 ? atoi(argv[3]) : 60,
                 argc > 4 ? atoi(argv[4]) : 10);
        return 0;
    }
    if (argc > 1 && argv[1][0] == 's') { /* stress LO HI EVENTS */
        stress(argc > 2 ? atoi(argv[2]) : 8, argc > 3 ? atoi(argv[3]) : 40,
               argc > 4 ? atoi(argv[4]) : 20, argc > 5 ? atoi(argv[5]) : 0);
        return 0;
    }
    static const int sizes[] = {50, 200, 1000, 4000};
    int top = TOUR_TOP_TPN;
    if (argc > 1 && strcmp(argv[1], "--top-rank") == 0) {
        top = TOUR_TOP_RANK;
        argc--, argv++;
    }
    char la[64];
    printf("bench_pairing: load average %s\n", bench_loadavg(la, sizeof la));
    printf("| teams | rounds | middle round, ms (median [min-max] of 5) | slowest round, ms "
           "|\n|---|---|---|---|\n");
    int n_sizes = argc > 1 ? argc - 1 : (int)BH_ARRAY_LEN(sizes);
    for (int i = 0; i < n_sizes; i++) {
        int n = argc > 1 ? atoi(argv[i + 1]) : sizes[i];
        double slowest;
        bench_spread mid = bench(n, top, &slowest);
        printf("| %d | %d | %.3f [%.3f-%.3f] | %.3f |\n", n, tour_rounds_for(n), mid.med * 1e3,
               mid.lo * 1e3, mid.hi * 1e3, slowest * 1e3);
        fflush(stdout);
    }
    return 0;
}
