/* store_tour.c: tables tour_state and tour_games (store_tour.h; made by store.c's v2).
 * SPDX-License-Identifier: MIT
 * Statements are prepared per call: these writes happen a few times per game, not per move. */
#include "store_tour.h"

#include <stdbool.h>
#include <stdio.h>

#include "bh.h"
#include "log.h"
#include "store_int.h"

int store_tour_init(store *st)
{
    if (store_schema_version(st) >= 2)
        return BH_OK;
    log_error("store: the tournament tables are missing (schema version %d)",
              store_schema_version(st));
    return BH_ESTORE;
}

int store_tour_put(store *st, const store_tour *t)
{
    sqlite3_stmt *s = NULL;
    if (store__begin(st) != BH_OK)
        return BH_ESTORE;
    if (sqlite3_prepare_v2(store__db(st),
                           "INSERT OR REPLACE INTO tour_state(id, status, seed, teams, trf)"
                           " VALUES(?1, ?2, ?3, ?4, ?5)",
                           -1, &s, NULL) != SQLITE_OK)
        return store__fail(st, "tour_put prepare");
    sqlite3_bind_int64(s, 1, t->id);
    sqlite3_bind_int(s, 2, t->status);
    sqlite3_bind_int64(s, 3, (sqlite3_int64)t->seed);
    store__bind_text(s, 4, t->teams);
    store__bind_text(s, 5, t->trf);
    int rc = sqlite3_step(s) == SQLITE_DONE ? BH_OK : store__fail(st, "tour_put");
    sqlite3_finalize(s);
    return rc;
}

int store_tgame_add(store *st, const store_tgame *g)
{
    sqlite3_stmt *s = NULL;
    if (store__begin(st) != BH_OK)
        return BH_ESTORE;
    if (sqlite3_prepare_v2(store__db(st),
                           "INSERT INTO tour_games(game_id, tournament_id, round, match, game_no,"
                           " team1) VALUES(?1, ?2, ?3, ?4, ?5, ?6)",
                           -1, &s, NULL) != SQLITE_OK)
        return store__fail(st, "tgame_add prepare");
    sqlite3_bind_int64(s, 1, g->game);
    sqlite3_bind_int64(s, 2, g->tournament);
    sqlite3_bind_int(s, 3, g->round);
    sqlite3_bind_int(s, 4, g->match);
    sqlite3_bind_int(s, 5, g->game_no);
    sqlite3_bind_int64(s, 6, g->team1);
    int rc = sqlite3_step(s);
    int ext = sqlite3_extended_errcode(store__db(st));
    sqlite3_finalize(s);
    if (rc == SQLITE_DONE)
        return BH_OK;
    if (ext == SQLITE_CONSTRAINT_PRIMARYKEY || ext == SQLITE_CONSTRAINT_UNIQUE)
        return BH_EEXIST;
    return store__fail(st, "tgame_add");
}

static const char *col_text(sqlite3_stmt *s, int i)
{
    return (const char *)sqlite3_column_text(s, i); /* NULL for SQL NULL */
}

int store_each_tour(store *st, int (*fn)(void *ctx, const store_tour *t), void *ctx)
{
    sqlite3_stmt *s = NULL;
    if (sqlite3_prepare_v2(store__db(st),
                           "SELECT id, status, seed, teams, trf FROM tour_state ORDER BY id", -1,
                           &s, NULL) != SQLITE_OK)
        return store__fail(st, "each_tour prepare");
    int rc, out = BH_OK;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        store_tour t = {.id = sqlite3_column_int64(s, 0),
                        .status = sqlite3_column_int(s, 1),
                        .seed = (uint64_t)sqlite3_column_int64(s, 2),
                        .teams = col_text(s, 3),
                        .trf = col_text(s, 4)};
        if ((out = fn(ctx, &t)) != 0)
            break;
    }
    if (out == BH_OK && rc != SQLITE_DONE)
        out = store__fail(st, "each_tour");
    sqlite3_finalize(s);
    return out;
}

int store_each_tgame(store *st, int (*fn)(void *ctx, const store_tgame *g), void *ctx)
{
    sqlite3_stmt *s = NULL;
    if (sqlite3_prepare_v2(
            store__db(st),
            "SELECT game_id, tournament_id, round, match, game_no, team1 FROM tour_games"
            " ORDER BY game_id",
            -1, &s, NULL) != SQLITE_OK)
        return store__fail(st, "each_tgame prepare");
    int rc, out = BH_OK;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        store_tgame g = {.game = sqlite3_column_int64(s, 0),
                         .tournament = sqlite3_column_int64(s, 1),
                         .round = sqlite3_column_int(s, 2),
                         .match = sqlite3_column_int(s, 3),
                         .game_no = sqlite3_column_int(s, 4),
                         .team1 = sqlite3_column_int64(s, 5)};
        if ((out = fn(ctx, &g)) != 0)
            break;
    }
    if (out == BH_OK && rc != SQLITE_DONE)
        out = store__fail(st, "each_tgame");
    sqlite3_finalize(s);
    return out;
}
