/* drawn_event.c: the event of drawn_event.h (the generator of bench_pairing_drawn).
 * SPDX-License-Identifier: MIT */
#include "drawn_event.h"

#include <stdio.h>
#include <stdlib.h>

#include "bh.h"
#include "now.h"
#include "rng.h"
#include "swiss.h"

static int below(uint64_t *s, int n)
{
    return (int)(bh_splitmix64(s) % (uint64_t)n);
}

tour *drawn_event(uint64_t seed, int lo, int hi, uint64_t max_nodes, int stop_round,
                  drawn_stats *st, FILE *log)
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
    for (int r = 1; r <= tour_planned_rounds(t); r++) {
        if (wd && below(&s, 100) < 10)
            tour_withdraw(t, 1 + below(&s, n), true);
        if (r == stop_round)
            return t;
        swiss_pairing p = {0, NULL};
        uint64_t t0 = now_mono_us();
        int rc = swiss_pair_limited(t, seed, max_nodes, &p);
        double dt = (double)(now_mono_us() - t0) / 1e6;
        st->worst = dt > st->worst ? dt : st->worst;
        if (log && (dt > 2.0 || rc == BH_ELIMIT))
            fprintf(log, "  seed %llu: %d teams, round %d: %s in %.2f s\n",
                    (unsigned long long)seed, n, r, bh_errname(rc), dt);
        st->limits += rc == BH_ELIMIT;
        if (rc != BH_OK) {
            swiss_pairing_fini(&p);
            break;
        }
        st->rounds++;
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
    return NULL;
}
