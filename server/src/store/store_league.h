/* store_league.h: the leagues of seed 003: their players' notice feed (the
 * league's state is stored as every event's, store_state.h). SPDX-License-Identifier: MIT
 * The table is schema version 6 of store.c's migrations. Writes join the turn's transaction
 * (store_flush commits), so a challenge, its deadline's effect and the notices it made are on
 * disk together before any reply or push of the turn. */
#ifndef BH_STORE_LEAGUE_H
#define BH_STORE_LEAGUE_H

#include <stdint.h>

#include "store.h"

/* One notice of a league's feed (the hub's row; note is tourney/league/league.h's LEAGUE_N_*, or
 * the hub's own "game created" note). Instants: at_us, deadline_us on the league's clock (wall µs),
 * made_ms wall ms. */
typedef struct {
    int64_t league, seq;
    int player, note;
    int stage, match, game_no, board;
    int64_t at_us, deadline_us;
    int64_t game; /* the hosted game, 0 none */
    int seat;     /* -1 none */
    int64_t made_ms;
} store_notice;

/* Append notice n (its seq must be new in its league). BH_OK or BH_ESTORE. */
int store_notice_add(store *st, const store_notice *n);

/* League league's notices with seq > since, in seq order, of player (or of every player when
 * player is 0); fn returning non-zero stops the walk and that value is returned. BH_OK
 * after a full walk, or BH_ESTORE. */
int store_each_notice(store *st, int64_t league, int player, int64_t since,
                      int (*fn)(void *ctx, const store_notice *n), void *ctx);

/* The highest seq of league's feed into *seq (0 when empty). BH_OK or BH_ESTORE. */
int store_notice_last(store *st, int64_t league, int64_t *seq);

#endif
