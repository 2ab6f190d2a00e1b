/* store_club.h: the stored state of the club round robins: per event its whole
 * state as the text club_save writes (tourney/club/club.h; opaque here). SPDX-License-Identifier: MIT
 * The table is schema version 3 of store.c's migrations. Writes join the turn's transaction
 * (store_flush commits), so a line-up or a protest is on disk before it is acknowledged. */
#ifndef BH_STORE_CLUB_H
#define BH_STORE_CLUB_H

#include <stdint.h>

#include "store.h"

/* Insert or replace the state of event id (a tournaments.id). BH_OK or BH_ESTORE. */
int store_club_put(store *st, int64_t id, const char *state);

/* Every stored event in id order (state borrowed for the call); fn returning non-zero stops
 * the walk and that value is returned. BH_OK after a full walk, or BH_ESTORE. */
int store_each_club(store *st, int (*fn)(void *ctx, int64_t id, const char *state), void *ctx);

#endif
