/* store_tour.h: the stored state of tournaments run by the server: per tournament
 * its status, pairing seed, team map and the whole tournament as TRF text (trf.h), and per
 * tournament game its round, match and game number. SPDX-License-Identifier: MIT
 * The tables are schema version 2 of store.c's migrations. Writes join the turn's transaction
 * (store_flush commits). */
#ifndef BH_STORE_TOUR_H
#define BH_STORE_TOUR_H

#include <stdint.h>

#include "store.h"

typedef struct {
    int64_t id;        /* tournament id (tournaments.id) */
    int status;        /* the hub's tournament status code (opaque here) */
    uint64_t seed;     /* pairing seed */
    const char *teams; /* team map text (opaque here) or NULL */
    const char *trf;   /* the tournament as TRF (trf_export) or NULL */
} store_tour;

typedef struct {
    int64_t game;       /* games.id */
    int64_t tournament; /* tournaments.id */
    int round, match;   /* round (1-based), match index in the round (0-based) */
    int game_no;        /* game of the match (0-based) */
    int64_t team1;      /* team seated as GAME_TEAM_1 (White on A, Black on B) */
} store_tgame;

/* The tables are there (store_open migrated the file to version 2 or later): BH_OK, or
 * BH_ESTORE (logged). */
int store_tour_init(store *st);

/* Insert or replace the state of tournament t->id. BH_OK or BH_ESTORE. */
int store_tour_put(store *st, const store_tour *t);

/* Record that game g->game is game g->game_no of match g->match of round g->round.
 * BH_OK, BH_EEXIST or BH_ESTORE. */
int store_tgame_add(store *st, const store_tgame *g);

/* Iterators in id order (rows borrowed for the call); fn returning non-zero stops the walk
 * and that value is returned. BH_OK after a full walk, or BH_ESTORE. */
int store_each_tour(store *st, int (*fn)(void *ctx, const store_tour *t), void *ctx);
int store_each_tgame(store *st, int (*fn)(void *ctx, const store_tgame *g), void *ctx);

#endif
