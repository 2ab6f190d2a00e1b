/* drawn.c: the hostile-input review's deep events, paired round after round within the node
 * bound: n teams (LO..HI), every round up to n-1 (TOUR_SMALL_CAP), equal or random ratings,
 * a random share of drawn games (up to all: one huge scoregroup), withdrawals in a third of
 * the events. Prints every round slower than 2 s and every BH_ELIMIT with its seed.
 * SPDX-License-Identifier: MIT
 * Usage: bench_pairing_drawn [SEED0 EVENTS [LO HI [MAX_NODES]]] (default 7000 200 20 80, and
 * SWISS_MAX_NODES). Seeds 7164 (78 teams, round 34) and 7178 (76 teams, round 46) take
 * 9 s and 8 s (release) before BH_ELIMIT: the node bound does not bound the time there.
 * tests/data/tourney/draws43-r5.trf and draws79-r16.trf are round 5 of seed 7002 and round
 * 16 of seed 7017; draws78-r34.trf is seed 7164 before round 34 (`bench_pairing_drawn --trf
 * 7164 34` prints an event's TRF before a round). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drawn_event.h"
#include "swiss.h"
#include "trf.h"

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "--trf") == 0) {
        drawn_stats st = {0, 0, 0};
        tour *t = drawn_event(strtoull(argv[2], NULL, 10), 20, 80, SWISS_MAX_NODES, atoi(argv[3]),
                              &st, stderr);
        char *text = t ? trf_export(t) : NULL;
        if (text)
            fputs(text, stdout);
        free(text);
        tour_free(t);
        return t ? 0 : 1;
    }
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
        drawn_stats st = {0, 0, 0};
        drawn_event(seed0 + (uint64_t)e, lo, hi, max_nodes, 0, &st, stdout);
        rounds += st.rounds, limits += st.limits;
        if (st.worst > worst)
            worst = st.worst, worst_seed = seed0 + (uint64_t)e;
    }
    printf("drawn events %llu..%llu (%d-%d teams): %d rounds paired, %d BH_ELIMIT, slowest round "
           "%.2f s (seed %llu)\n",
           (unsigned long long)seed0, (unsigned long long)(seed0 + (uint64_t)events - 1), lo, hi,
           rounds, limits, worst, (unsigned long long)worst_seed);
    return 0;
}
