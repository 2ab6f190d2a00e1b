/* swiss.h: pairing the next round: FIDE C.04.6 Swiss Team Pairing System, colour-free
 * variant FIDE_TEAM_MP_GP (T-PAIR), and the round-robin fallback of T-ROUNDS.
 * SPDX-License-Identifier: MIT
 * Pure and deterministic: the same tournament and seed give the same pairing. The criteria
 * and their order are listed at the top of swiss.c. */
#ifndef BH_SWISS_H
#define BH_SWISS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "tour.h"

typedef struct {
    int n;         /* matches; then the PAB, then requested byes (b == 0) */
    tour_match *m; /* n, owned: release with swiss_pairing_fini */
} swiss_pairing;

/* Pair round tour_n_rounds(t)+1 by the Swiss rules among the teams active in it, and decide
 * who has White on board A in game 1 (`seed` draws the lots; colour never blocks a pairing).
 * A pair's top member in a bracket's pairing identifier is read by the ruleset's top_member
 * (tour.h: the smaller pairing number, C.04.6 3.6.1 as written, or TOUR_TOP_RANK); in the
 * matches written, side a is the higher-ranked team either way (its colour rule's order).
 * Does not change t. On BH_OK *out holds the pairing (caller calls swiss_pairing_fini).
 * Returns BH_ESTATE if the last round is not complete or the planned rounds are all paired,
 * BH_EPAIR if no legal pairing exists (every pairing would need a rematch or a second PAB). */
int swiss_pair(const tour *t, uint64_t seed, swiss_pairing *out);

/* swiss_pair with a bound on the search: the search is exact and, on real events (up to 11
 * rounds), visits about one node per pair; only brackets whose teams have met nearly every
 * possible opponent (25+ rounds, most games drawn) can make it exponential. With max_nodes > 0
 * it gives up after that many search nodes and returns BH_ELIMIT (pair by hand, or call
 * swiss_pair); 0 means no bound. tour_pair_next uses SWISS_MAX_NODES: a node costs more in
 * those deep brackets (its matching tests), so the bound is reached after up to about 10 s
 * on the project's machine (bench/pairing: bench_pairing_drawn); T-AUTO then pauses the event
 * for the director. */
#define SWISS_MAX_NODES 500000ull
int swiss_pair_limited(const tour *t, uint64_t seed, uint64_t max_nodes, swiss_pairing *out);

/* swiss_pair_limited that also gives up (BH_ELIMIT) soon after *stop becomes non-zero (stop
 * NULL: never): another thread may set it to end a pairing nobody waits for (a pairing job at
 * shutdown, runner.h). The pairing returned when it is not stopped is swiss_pair_limited's. */
int swiss_pair_until(const tour *t, uint64_t seed, uint64_t max_nodes, const atomic_int *stop,
                     swiss_pairing *out);

/* Round robin (Berger circle) pairing of round tour_n_rounds(t)+1 of a TOUR_ROUND_ROBIN
 * event; a withdrawn team's match is pre-set as its forfeit. Same contract as swiss_pair. */
int swiss_pair_rr(const tour *t, uint64_t seed, swiss_pairing *out);

/* Why swiss_pair_hand refused a pairing. */
typedef struct {
    int pair; /* index of the offending pair in the list; -1: none (a team left out, state) */
    int team; /* the team concerned (as given), 0 if none */
} swiss_hand_err;

/* A pairing of round tour_n_rounds(t)+1 given by hand (the arbiter sets or corrects the
 * pairing, FIDE C.04.2): n pairs {a, b} of team ids, {a, 0} for the pairing-allocated bye.
 * Every team active in the round without a requested bye appears exactly once; requested
 * byes are added as swiss_pair adds them. Who has White on board A in game 1 is decided by
 * swiss_pair's own rule and lot, in its order, so a hand pairing equal to the computed one
 * gets the same colours. Does not change t; pairs is borrowed. On BH_OK *out holds the
 * pairing (caller calls swiss_pairing_fini). Errors, checked pair by pair in list order, with
 * *e (may be NULL) naming the pair and team:
 *  BH_ESTATE with pair -1: the round cannot be paired now (as swiss_pair); BH_EINVAL with
 *  pair -1: n < 0;
 *  BH_EINVAL: a team paired with itself, or {0, b}; BH_ENOTFOUND: no such team id;
 *  BH_ESTATE: the team is not active in the round (withdrawn, later entry) or has a requested
 *  bye; BH_EEXIST: the team is listed a second time; BH_ELIMIT: a second bye;
 *  BH_EPAIR: a bye to a team that had a PAB or won a match by forfeit ([C2], C.04.1 d), or,
 *  without allow_rematch, two teams that met over the board before ([C1]);
 *  BH_EINVAL with pair -1: e->team, active in the round, is in no pair. */
int swiss_pair_hand(const tour *t, uint64_t seed, const int (*pairs)[2], int n, bool allow_rematch,
                    swiss_pairing *out, swiss_hand_err *e);

void swiss_pairing_fini(swiss_pairing *p); /* NULL-safe; frees p->m */

/* Pair the next round by the event's format and append it to t (tour_add_round). Swiss
 * rounds use swiss_pair_limited(..., SWISS_MAX_NODES, ...): BH_ELIMIT if that is exceeded. */
int tour_pair_next(tour *t, uint64_t seed);

#endif
