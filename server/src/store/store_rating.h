/* store_rating.h: ratings of open play: each account's Glicko-2 rating, and each rated game
 * with the four players' ratings before and after it.
 * SPDX-License-Identifier: MIT
 * Tables ratings, rated_games and rating_history, schema version 10 of store.c's migrations,
 * the same on sqlite and PostgreSQL (store_sql.h; DOUBLE PRECISION columns round-trip a
 * double exactly on both). The numbers are computed elsewhere (server/src/rating, pure); the
 * store keeps them so that replaying rated_games in id order from the defaults gives
 * ratings back exactly (docs/rules.md G-REPLAY). Writes join the turn's transaction
 * (store_flush commits). */
#ifndef BH_STORE_RATING_H
#define BH_STORE_RATING_H

#include <stdint.h>

#include "store.h"

/* A Glicko-2 rating on the Glicko scale (1500-centred). */
typedef struct {
    double rating; /* rating */
    double rd;     /* rating deviation */
    double vol;    /* volatility */
} store_glicko;

/* An account's rating as stored. */
typedef struct {
    int64_t account;    /* accounts.id */
    store_glicko g;     /* the rating after its last rated game */
    int64_t games;      /* rated games counted */
    int64_t updated_ms; /* wall clock of the last rated game, ms since the epoch */
} store_rating;

/* One rated bughouse game. */
typedef struct {
    int64_t game_id;        /* the game's id (games.id); rated once */
    int64_t accounts[4];    /* team A: [0], [1]; team B: [2], [3]; four accounts */
    int result;             /* team A's result: 0 loss, 1 draw, 2 win */
    int64_t at_ms;          /* wall clock when it was rated, ms since the epoch */
    store_glicko before[4]; /* accounts[i]'s rating before the game */
    store_glicko after[4];  /* ... and after it */
} store_rated_game;

/* The rating of account into *out. BH_OK, BH_ENOTFOUND (no rated game yet: the caller's
 * defaults apply) or BH_ESTORE; *out is written only on BH_OK. */
int store_rating_get(store *st, int64_t account, store_rating *out);

/* Record rated game g (borrowed): its rated_games row, a rating_history row per player and
 * each player's ratings row set to g->after[i] with one more game and updated_ms =
 * g->at_ms. All or nothing within the turn: every check is made before the first write.
 * BH_OK; BH_EINVAL (result not 0, 1 or 2, or an account twice); BH_ENOTFOUND (an account
 * that does not exist); BH_EEXIST (game_id was rated already: nothing written); BH_ESTORE. */
int store_rating_record(store *st, const store_rated_game *g);

/* A rated game starts (the lobby's rated table): game_id's four accounts, team A (seats 0 and
 * 3: [0], [1]) then team B (seats 1 and 2: [2], [3]), kept until its end rates it
 * (store_rated_start_get), across restarts. BH_OK, BH_EEXIST (game_id has them already:
 * nothing written) or BH_ESTORE. */
int store_rated_start(store *st, int64_t game_id, const int64_t accounts[4]);

/* The accounts store_rated_start kept for game_id into accounts[4]: BH_OK, BH_ENOTFOUND (not
 * a rated game) or BH_ESTORE. */
int store_rated_start_get(store *st, int64_t game_id, int64_t accounts[4]);

/* Every rated game, in the order rated (the order to replay them in), or only those account
 * played when account is not 0: fn(ctx, game) with game borrowed for the call; fn returning
 * non-zero stops the walk and that value is returned. BH_OK after a full walk, or
 * BH_ESTORE. */
int store_each_rated_game(store *st, int64_t account,
                          int (*fn)(void *ctx, const store_rated_game *game), void *ctx);

#endif
