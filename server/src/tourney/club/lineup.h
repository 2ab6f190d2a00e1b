/* lineup.h: a round's line-up from a roster with a fixed board order (F-LINEUP, F-SHORT;
 * seed 004 art. 2-3). SPDX-License-Identifier: MIT
 * The roster's first `boards` players are the team's main players, the rest its reserves, in
 * the order fixed for the event. A line-up names the players of one round in that order; the
 * i-th named plays board i ("substitution by shifting": leaving a player out moves everyone
 * below up one board). Pure: the time is passed in. */
#ifndef BH_LINEUP_H
#define BH_LINEUP_H

#include <stdint.h>

#include "refusal.h"
#include "roster.h"

#define LINEUP_MAX_BOARDS 16

typedef struct {
    int boards;      /* boards per match (seed 004: 6) */
    int reserves;    /* reserves a roster may hold beyond `boards` (seed 004: 4) */
    int max_subs;    /* substitutions allowed in one round (seed 004 art. 3: 4) */
    int min_players; /* players a team needs to start a match (seed 004 art. 2: 3) */
} lineup_rules;

/* The rules of seed 004: 6 boards, 4 reserves, 4 substitutions a round, at least 3 players. */
void lineup_rules_seed004(lineup_rules *lr);

/* A validated line-up. A substitution is a reserve (a roster player after the first
 * `boards`) who plays this round: each one takes the place of a main player who does not.
 * Main players left out with no reserve for them are not substitutions: their boards stay
 * empty (F-SHORT). */
typedef struct {
    int boards;                    /* = rules.boards */
    int players;                   /* boards with a player: 1..players */
    int subs;                      /* reserves playing (substitutions) */
    int board[LINEUP_MAX_BOARDS];  /* roster index (0-based) on board i+1, -1 empty */
    int player[LINEUP_MAX_BOARDS]; /* that player's id, 0 empty */
} lineup;

/* When line-ups for a round are taken: from open_us (the end of the previous round, seed 004
 * art. 3: "after the previous round ends") until deadline_us, exclusive. Microseconds on the
 * caller's clock. */
typedef struct {
    int64_t open_us;     /* first instant a line-up is accepted; 0: from the start */
    int64_t deadline_us; /* a line-up at or after it is late */
} lineup_window;

/* Check that roster r suits rules lr: BH_OK, or with *why (F-LINEUP): BH_EINVAL rules out of
 * range (boards 1..LINEUP_MAX_BOARDS, reserves >= 0, 0 <= max_subs, 1 <= min_players <=
 * boards; field "rules"); BH_ELIMIT more than boards + reserves players ("players", the first
 * one too many); BH_ESHORT fewer than min_players ("players"). */
int lineup_check_roster(const roster *r, const lineup_rules *lr, refusal *why);

/* Validate a line-up of n player ids (ids is borrowed; n may be 0 with ids NULL) for roster
 * r under rules lr, whose roster lineup_check_roster accepted. On BH_OK *out holds the boards
 * (board i+1 = ids[i]; the boards after the last named are empty, lost by forfeit: F-SHORT).
 * Refusals, checked in this order, each with *why (may be NULL), rule and field:
 *  BH_ELIMIT   more than lr->boards players (F-LINEUP, "players");
 *  BH_ENOTFOUND ids[i] is not on the roster (F-LINEUP, "players", i);
 *  BH_EEXIST   ids[i] is named a second time (F-LINEUP, "players", i);
 *  BH_EORDER   ids[i] comes before a player it follows in the roster (F-LINEUP, "players", i);
 *  BH_ESHORT   fewer than lr->min_players (F-SHORT, "players");
 *  BH_ESUBS    more reserves than lr->max_subs (F-LINEUP, "players", the first one over). */
int lineup_check(const roster *r, const lineup_rules *lr, const int *ids, int n, lineup *out,
                 refusal *why);

/* lineup_check for a line-up submitted at now_us within window w: first BH_ESTATE if now_us
 * is before w->open_us (F-LINEUP, "submitted_at": the previous round has not ended) and
 * BH_ELATE if now_us >= w->deadline_us (F-LINEUP, "submitted_at"); then as lineup_check. */
int lineup_submit(const roster *r, const lineup_rules *lr, const int *ids, int n,
                  const lineup_window *w, int64_t now_us, lineup *out, refusal *why);

/* The line-up of a team that submitted none by the deadline: the first lr->boards players
 * of the roster (seed 004 art. 3: "the team plays its first six"), the boards past the
 * roster's end empty. r must have passed lineup_check_roster. */
void lineup_default(const roster *r, const lineup_rules *lr, lineup *out);

#endif
