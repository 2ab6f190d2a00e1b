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
    if (store__begin(st) != BH_OK)
        return BH_ESTORE;
    sql_stmt *s = sql_prepare(store__sql(st),
                              "INSERT INTO tour_state(id, status, seed, teams, trf)"
                              " VALUES(?1, ?2, ?3, ?4, ?5) ON CONFLICT(id) DO UPDATE SET"
                              " status = excluded.status, seed = excluded.seed,"
                              " teams = excluded.teams, trf = excluded.trf",
                              0);
    if (!s)
        return store__fail(st, "tour_put prepare");
    sql_bind_int64(s, 1, t->id);
    sql_bind_int64(s, 2, t->status);
    sql_bind_int64(s, 3, (int64_t)t->seed);
    sql_bind_text(s, 4, t->teams);
    sql_bind_text(s, 5, t->trf);
    return store__write_once(st, s, "tour_put", NULL, NULL);
}

int store_tgame_add(store *st, const store_tgame *g)
{
    if (store__begin(st) != BH_OK)
        return BH_ESTORE;
    sql_stmt *s = sql_prepare(store__sql(st),
                              "INSERT INTO tour_games(game_id, tournament_id, round, match,"
                              " game_no, team1) VALUES(?1, ?2, ?3, ?4, ?5, ?6)",
                              SQL_UNIQUE);
    if (!s)
        return store__fail(st, "tgame_add prepare");
    sql_bind_int64(s, 1, g->game);
    sql_bind_int64(s, 2, g->tournament);
    sql_bind_int64(s, 3, g->round);
    sql_bind_int64(s, 4, g->match);
    sql_bind_int64(s, 5, g->game_no);
    sql_bind_int64(s, 6, g->team1);
    return store__write_once(st, s, "tgame_add", NULL, NULL);
}

int store_each_tour(store *st, int (*fn)(void *ctx, const store_tour *t), void *ctx)
{
    sql_stmt *s = sql_prepare(store__sql(st),
                              "SELECT id, status, seed, teams, trf FROM tour_state ORDER BY id", 0);
    if (!s)
        return store__fail(st, "each_tour prepare");
    int rc, out = BH_OK;
    while ((rc = sql_step(s)) == SQL_ROW) {
        store_tour t = {.id = sql_int64(s, 0),
                        .status = (int)sql_int64(s, 1),
                        .seed = (uint64_t)sql_int64(s, 2),
                        .teams = sql_text(s, 3), /* NULL for SQL NULL */
                        .trf = sql_text(s, 4)};
        if ((out = fn(ctx, &t)) != 0)
            break;
    }
    if (out == BH_OK && rc != SQL_DONE)
        out = store__fail(st, "each_tour");
    sql_finalize(s);
    return out;
}

int store_each_tgame(store *st, int (*fn)(void *ctx, const store_tgame *g), void *ctx)
{
    sql_stmt *s = sql_prepare(store__sql(st),
                              "SELECT game_id, tournament_id, round, match, game_no, team1"
                              " FROM tour_games ORDER BY game_id",
                              0);
    if (!s)
        return store__fail(st, "each_tgame prepare");
    int rc, out = BH_OK;
    while ((rc = sql_step(s)) == SQL_ROW) {
        store_tgame g = {.game = sql_int64(s, 0),
                         .tournament = sql_int64(s, 1),
                         .round = (int)sql_int64(s, 2),
                         .match = (int)sql_int64(s, 3),
                         .game_no = (int)sql_int64(s, 4),
                         .team1 = sql_int64(s, 5)};
        if ((out = fn(ctx, &g)) != 0)
            break;
    }
    if (out == BH_OK && rc != SQL_DONE)
        out = store__fail(st, "each_tgame");
    sql_finalize(s);
    return out;
}
