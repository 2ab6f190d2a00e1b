/* berger.h: round-robin pairings by the Berger tables (FIDE Handbook C.05, Annex 1), for any
 * number of teams (F-RR, F-GROUPS). SPDX-License-Identifier: MIT
 * Pure arithmetic: the tables are computed by a closed form that reproduces the published
 * ones (tests/data/berger/), not stored. Numbers are pairing numbers 1..n. */
#ifndef BH_BERGER_H
#define BH_BERGER_H

#include <stdbool.h>

/* Largest number of participants accepted (a Berger table of 256 has 255 rounds). */
#define BERGER_MAX 256

/* Flags for berger_round and berger_rounds. */
enum {
    BERGER_DOUBLE = 1u << 0,    /* double round robin: the second cycle repeats the first
                                 * with colours reversed (C.05 Annex 1) */
    BERGER_SWAP_LAST = 1u << 1, /* with BERGER_DOUBLE: exchange the last two rounds of the
                                 * first cycle, as C.05 Annex 1 recommends, so that nobody
                                 * has the same colour three times in a row (the second
                                 * cycle keeps the table's order) */
};

/* One game (or team match) of a round: `white` has White (for a team match: the team named
 * first, which has White on the odd boards by F-CHESS unless the format says otherwise).
 * With an odd number of participants the table's highest number is the bye: that side is 0
 * and the other participant rests that round. */
typedef struct {
    int white; /* pairing number, 0 = the bye */
    int black; /* pairing number, 0 = the bye */
} berger_pair;

/* Rounds of a round robin of n participants: n-1 (n even) or n (n odd, the bye is a
 * participant), doubled with BERGER_DOUBLE. 0 if n < 2 or n > BERGER_MAX. */
int berger_rounds(int n, unsigned flags);

/* Pairings of round r (1..berger_rounds(n, flags)) for n participants, in the table's board
 * order (board 1 is the game of the table's highest number, as published). Writes
 * (n + n % 2) / 2 pairs to out, which has room for cap; returns that count, or BH_EINVAL if
 * n is outside 2..BERGER_MAX, r is outside 1..berger_rounds(n, flags), flags has unknown
 * bits or BERGER_SWAP_LAST without BERGER_DOUBLE, and BH_ELIMIT if cap is too small. out
 * is written only on success. */
int berger_round(int n, int r, unsigned flags, berger_pair *out, int cap);

/* The round (1..berger_rounds) in which participants a and b meet in the given cycle (1, or
 * 2 with BERGER_DOUBLE), and whether a has White there (*a_white may be NULL). Returns the
 * round, or BH_EINVAL for a == b, a number outside 1..n, or a cycle the flags do not have. */
int berger_round_of(int n, int a, int b, int cycle, unsigned flags, bool *a_white);

#endif
