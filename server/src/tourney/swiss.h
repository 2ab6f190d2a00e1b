/* swiss.h: pairing the next round: FIDE C.04.6 Swiss Team Pairing System, colour-free
 * variant FIDE_TEAM_MP_GP (T-PAIR), and the round-robin fallback of T-ROUNDS.
 * SPDX-License-Identifier: MIT
 * Pure and deterministic: the same tournament and seed give the same pairing. The criteria
 * and their order are listed at the top of swiss.c. */
#ifndef BH_SWISS_H
#define BH_SWISS_H

#include <stdint.h>

#include "tour.h"

typedef struct {
    int n;         /* matches; then the PAB, then requested byes (b == 0) */
    tour_match *m; /* n, owned: release with swiss_pairing_fini */
} swiss_pairing;

/* Pair round tour_n_rounds(t)+1 by the Swiss rules among the teams active in it, and decide
 * who has White on board A in game 1 (`seed` draws the lots; colour never blocks a pairing).
 * Does not change t. On BH_OK *out holds the pairing (caller calls swiss_pairing_fini).
 * Returns BH_ESTATE if the last round is not complete or the planned rounds are all paired,
 * BH_EPAIR if no legal pairing exists (every pairing would need a rematch or a second PAB). */
int swiss_pair(const tour *t, uint64_t seed, swiss_pairing *out);

/* swiss_pair with a bound on the search: the search is exact and, on real events (up to 11
 * rounds), visits about one node per pair; only brackets whose teams have met nearly every
 * possible opponent (30+ rounds) can make it exponential. With max_nodes > 0 it gives up
 * after that many search nodes and returns BH_ELIMIT (pair by hand, or call swiss_pair);
 * 0 means no bound. tour_pair_next uses SWISS_MAX_NODES (a few seconds at most here). */
#define SWISS_MAX_NODES 500000ull
int swiss_pair_limited(const tour *t, uint64_t seed, uint64_t max_nodes, swiss_pairing *out);

/* Round robin (Berger circle) pairing of round tour_n_rounds(t)+1 of a TOUR_ROUND_ROBIN
 * event; a withdrawn team's match is pre-set as its forfeit. Same contract as swiss_pair. */
int swiss_pair_rr(const tour *t, uint64_t seed, swiss_pairing *out);

void swiss_pairing_fini(swiss_pairing *p); /* NULL-safe; frees p->m */

/* Pair the next round by the event's format and append it to t (tour_add_round). Swiss
 * rounds use swiss_pair_limited(..., SWISS_MAX_NODES, ...): BH_ELIMIT if that is exceeded. */
int tour_pair_next(tour *t, uint64_t seed);

#endif
