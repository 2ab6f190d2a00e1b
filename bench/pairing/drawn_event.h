/* drawn_event.h: one of the hostile-input review's deep events (bench_pairing_drawn), played
 * to a round of choice: bench_load --deep-pairing starts a server on such an event.
 * SPDX-License-Identifier: MIT */
#ifndef BH_DRAWN_EVENT_H
#define BH_DRAWN_EVENT_H

#include <stdint.h>
#include <stdio.h>

#include "tour.h"

typedef struct {
    int rounds;   /* rounds paired */
    int limits;   /* pairings that hit BH_ELIMIT */
    double worst; /* the slowest pairing, s */
} drawn_stats;

/* Event `seed` (n teams in lo..hi, every round up to n-1, ratings equal or random, a random
 * share of drawn games, withdrawals in a third of the events), each round paired with
 * swiss_pair_limited(max_nodes). stop_round > 0: stop before pairing that round (its
 * withdrawal made) and return the tournament (caller frees); 0: play it out, return NULL.
 * Prints every round slower than 2 s and every BH_ELIMIT to log (NULL: nowhere). */
tour *drawn_event(uint64_t seed, int lo, int hi, uint64_t max_nodes, int stop_round,
                  drawn_stats *st, FILE *log);

#endif
