/* protest.h: protests about game results and their appeal decisions (F-PROTEST, seed 004
 * art. 5). SPDX-License-Identifier: MIT
 * A state machine per protest: FILED by a team captain, within a window after the round's
 * end, about one game of that round, with a text and a recorded deposit; then UPHELD (with the
 * game's new result, the deposit returned) or REJECTED by the appeals committee, with a
 * reason. Pure: time is passed in, games and people are described by the caller. */
#ifndef BH_PROTEST_H
#define BH_PROTEST_H

#include <stdbool.h>
#include <stdint.h>

#include "refusal.h"

#define PROTEST_TEXT_MAX 2000 /* bytes of a protest's text or a decision's reason */

typedef struct {
    int64_t window_us;  /* after the round's end (seed 004: 10 min = 600000000) */
    long deposit_minor; /* deposit in minor units (seed 004: 200 hryvnias = 20000 kopiyky) */
    char currency[4];   /* ISO 4217 ("UAH") */
} protest_rules;

/* Seed 004 art. 5: 10 minutes, 200 UAH. */
void protest_rules_seed004(protest_rules *pr);

typedef enum { PROTEST_FILED = 0, PROTEST_UPHELD, PROTEST_REJECTED } protest_state;

/* A game as the caller knows it: its id, round and the two teams whose match it is in. */
typedef struct {
    uint32_t id;
    int round;
    int team_a, team_b;
} protest_game;

/* The round protests are now taken for, and when it ended (0: still being played). */
typedef struct {
    int round;
    int64_t end_us;
} protest_round;

/* Who files: a player of a team, and whether they are its captain (the caller knows). */
typedef struct {
    int player;
    int team;
    bool captain;
} protest_filer;

typedef struct {
    int id;        /* 1, 2, ... in filing order */
    uint8_t state; /* protest_state */
    int round;
    uint32_t game;
    int team, player; /* the filing team and its captain */
    int64_t filed_us;
    char *text;            /* owned by the desk */
    long deposit_minor;    /* recorded with the protest */
    bool deposit_returned; /* set when upheld (art. 5) */
    int64_t decided_us;    /* 0 while FILED */
    char *reason;          /* the committee's reason; owned; NULL while FILED */
    int new_result;        /* upheld: the game's new result (the caller's code); else -1 */
} protest;

typedef struct protest_desk protest_desk;

/* A desk for one event's protests, with a copy of *pr. Free with protest_desk_free. */
protest_desk *protest_desk_new(const protest_rules *pr);
void protest_desk_free(protest_desk *d); /* NULL-safe */

/* File a protest about game g (the caller's record of the game named, NULL if no such game)
 * for round rnd, by `who`, at now_us, with text (copied) and the deposit paid. On BH_OK the
 * protest is FILED and *id (may be NULL) is its id. Refusals, in this order, with *why (may
 * be NULL; rule F-PROTEST) naming the field:
 *  BH_ENOTFOUND  no such game ("game");
 *  BH_EROUND     the game is of another round than rnd->round ("game");
 *  BH_ENOTCAPTAIN who is not a captain ("filer"), or the captain of a team not in the game's
 *                match ("team");
 *  BH_ELATE      now_us > rnd->end_us + window_us, the round having ended ("filed_at");
 *  BH_EEXIST     this team has protested this game already ("game");
 *  BH_EINVAL     text NULL or empty ("text"), deposit other than the rules' ("deposit");
 *  BH_ELIMIT     text longer than PROTEST_TEXT_MAX bytes ("text"). */
int protest_file(protest_desk *d, const protest_round *rnd, const protest_game *g,
                 const protest_filer *who, const char *text, long deposit_minor, int64_t now_us,
                 int *id, refusal *why);

/* The appeals committee's decision on protest id at now_us: upheld (new_result >= 0 is the
 * game's result from now on; the caller recomputes the standings; the deposit is marked
 * returned) or rejected (new_result ignored), with a reason (copied). Refusals (F-PROTEST):
 * BH_ENOTFOUND no such protest ("protest"); BH_EDECIDED decided already ("protest");
 * BH_EINVAL reason NULL or empty ("reason"), upheld with new_result < 0 ("result");
 * BH_ELIMIT reason too long ("reason"). */
int protest_decide(protest_desk *d, int id, bool upheld, int new_result, const char *reason,
                   int64_t now_us, refusal *why);

/* Protests on the desk, in filing order; the pointer is borrowed until the next call that
 * changes the desk. protest_get returns NULL for i outside 0..count-1; protest_find by id. */
int protest_count(const protest_desk *d);
const protest *protest_get(const protest_desk *d, int i);
const protest *protest_find(const protest_desk *d, int id);

/* Put back a protest read from storage (a restart): *p is copied with its strings. Refused
 * with BH_EEXIST if its id is on the desk, BH_EINVAL if it is inconsistent (id < 1, unknown
 * state, no text, a decision without reason or a FILED one with a decision). Later filings
 * get ids after the largest loaded. */
int protest_load(protest_desk *d, const protest *p);

#endif
