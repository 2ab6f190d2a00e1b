/* drawn.c: the hostile-input review's deep events, paired round after round within the node
 * bound: n teams (LO..HI), every round up to n-1 (TOUR_SMALL_CAP), equal or random ratings,
 * a random share of drawn games (up to all: one huge scoregroup), withdrawals in a third of
 * the events. Prints every round slower than 2 s and every BH_ELIMIT with its seed.
 * SPDX-License-Identifier: MIT
 * Usage: bench_pairing_drawn [SEED0 EVENTS [LO HI [MAX_NODES]]] (default 7000 200 20 80, and
 * SWISS_MAX_NODES). Seeds 7164 (78 teams, round 34) and 7178 (76 teams, round 46) take
 * 9 s and 8 s (release) before BH_ELIMIT: the node bound does not bound the time there.
 * tests/data/tourney/draws43-r5.trf and draws79-r16.trf are round 5 of seed 7002 and round
 * 16 of seed 7017. */
#include <stdio.h>
#include <stdlib.h>

#include "bh.h"
#include "now.h"
#include "rng.h"
#include "swiss.h"
#include "tour.h"

static int below(uint64_t *s, int n)
{
    return (int)(bh_splitmix64(s) % (uint64_t)n);
}

/* One event; returns its slowest round in seconds. */
static double event(uint64_t seed, int lo, int hi, uint64_t max_nodes, int *rounds, int *limits)
{
    uint64_t s = seed;
    int n = lo + below(&s, hi - lo + 1);
    tour_ruleset rs;
    tour_ruleset_default(&rs);
    rs.rounds = TOUR_MAX_ROUNDS;
    rs.small_policy = TOUR_SMALL_CAP;
    rs.games = 2;
    tour *t = tour_new(&rs);
    int eq = below(&s, 2);
    for (int i = 0; i < n; i++) {
        int rc = eq ? 2000 : 1000 + below(&s, 1400);
        tour_add_team(t, "T", "c", "p", rc, eq ? 2000 : 1500, NULL);
    }
    tour_start(t, NULL);
    int drawp = below(&s, 100);
    int wd = below(&s, 3);
    double worst = 0;
    for (int r = 1; r <= tour_planned_rounds(t); r++) {
        if (wd && below(&s, 100) < 10)
            tour_withdraw(t, 1 + below(&s, n), true);
        swiss_pairing p = {0, NULL};
        uint64_t t0 = now_mono_us();
        int rc = swiss_pair_limited(t, seed, max_nodes, &p);
        double dt = (double)(now_mono_us() - t0) / 1e6;
        worst = dt > worst ? dt : worst;
        if (dt > 2.0 || rc == BH_ELIMIT)
            printf("  seed %llu: %d teams, round %d: %s in %.2f s\n", (unsigned long long)seed, n,
                   r, bh_errname(rc), dt);
        *limits += rc == BH_ELIMIT;
        if (rc != BH_OK) {
            swiss_pairing_fini(&p);
            break;
        }
        (*rounds)++;
        tour_add_round(t, p.m, p.n);
        swiss_pairing_fini(&p);
        for (int i = 0; i < tour_round_size(t, r); i++) {
            const tour_match *m = tour_round_match(t, r, i);
            if (!m->b || m->forfeit)
                continue;
            for (int g = 0; g < 2; g++) {
                tour_game res = below(&s, 100) < drawp ? TOUR_G_DRAW
                                : below(&s, 2)         ? TOUR_G_WIN_A
                                                       : TOUR_G_WIN_B;
                tour_set_game(t, r, i, g, res);
            }
        }
    }
    tour_free(t);
    return worst;
}

int main(int argc, char **argv)
{
    uint64_t seed0 = argc > 1 ? strtoull(argv[1], NULL, 10) : 7000;
    int events = argc > 2 ? atoi(argv[2]) : 200;
    int lo = argc > 3 ? atoi(argv[3]) : 20, hi = argc > 4 ? atoi(argv[4]) : 80;
    uint64_t max_nodes = argc > 5 ? strtoull(argv[5], NULL, 10) : SWISS_MAX_NODES;
    if (lo < 2 || hi < lo || hi >= TOUR_MAX_TEAMS || events < 1) {
        fprintf(stderr, "usage: bench_pairing_drawn [SEED0 EVENTS [LO HI [MAX_NODES]]]\n");
        return 2;
    }
    int rounds = 0, limits = 0;
    double worst = 0;
    uint64_t worst_seed = seed0;
    for (int e = 0; e < events; e++) {
        double w = event(seed0 + (uint64_t)e, lo, hi, max_nodes, &rounds, &limits);
        if (w > worst)
            worst = w, worst_seed = seed0 + (uint64_t)e;
    }
    printf("drawn events %llu..%llu (%d-%d teams): %d rounds paired, %d BH_ELIMIT, slowest round "
           "%.2f s (seed %llu)\n",
           (unsigned long long)seed0, (unsigned long long)(seed0 + (uint64_t)events - 1), lo, hi,
           rounds, limits, worst, (unsigned long long)worst_seed);
    return 0;
}
