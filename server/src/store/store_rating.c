/* store_rating.c: tables ratings, rated_games and rating_history (store_rating.h; made by
 * store.c's v10), on either engine through the statement layer (store_sql.h).
 * SPDX-License-Identifier: MIT
 * Four players a game: each statement is prepared for its call. The game's unique id is
 * written first (SQL_UNIQUE): a second report of the same game is an answer, BH_EEXIST,
 * before anything else is written. */
#include "store_rating.h"

#include <stdbool.h>
#include <string.h>

#include "bh.h"
#include "store_int.h"

int store_rating_get(store *st, int64_t account, store_rating *out)
{
    sql_stmt *s = sql_prepare(store__sql(st),
                              "SELECT rating, rd, vol, games, updated_ms FROM ratings"
                              " WHERE account_id = ?1",
                              0);
    if (!s)
        return store__fail(st, "rating_get prepare");
    sql_bind_int64(s, 1, account);
    int rc = sql_step(s), out_rc = BH_ENOTFOUND;
    if (rc == SQL_ROW) {
        out->account = account;
        out->g = (store_glicko){sql_double(s, 0), sql_double(s, 1), sql_double(s, 2)};
        out->games = sql_int64(s, 3);
        out->updated_ms = sql_int64(s, 4);
        out_rc = BH_OK;
    } else if (rc != SQL_DONE) {
        out_rc = store__fail(st, "rating_get");
    }
    sql_finalize(s);
    return out_rc;
}

static int record(store *st, const store_rated_game *g);

int store_rating_record(store *st, const store_rated_game *g)
{
    if (g->result < 0 || g->result > 2)
        return BH_EINVAL;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < i; j++)
            if (g->accounts[i] == g->accounts[j])
                return BH_EINVAL;
    if (store__begin(st) != BH_OK)
        return BH_ESTORE;
    for (int i = 0; i < 4; i++) {
        int rc = store__account_exists(st, g->accounts[i]);
        if (rc != BH_OK)
            return rc;
    }
    /* A savepoint: an engine failure halfway leaves none of the game in the turn (and on
     * PostgreSQL the turn's transaction usable). */
    if (sql_exec(store__sql(st), "SAVEPOINT rate_game") != BH_OK)
        return BH_ESTORE;
    int rc = record(st, g);
    if (sql_exec(store__sql(st),
                 rc == BH_OK || rc == BH_EEXIST
                     ? "RELEASE SAVEPOINT rate_game"
                     : "ROLLBACK TO SAVEPOINT rate_game; RELEASE SAVEPOINT rate_game") != BH_OK)
        return BH_ESTORE;
    return rc;
}

/* store_rating_record's writes, checks made. */
static int record(store *st, const store_rated_game *g)
{
    sql_stmt *s = sql_prepare(store__sql(st),
                              "INSERT INTO rated_games(game_id, a1, a2, b1, b2, result, at_ms)"
                              " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                              SQL_UNIQUE);
    if (!s)
        return store__fail(st, "rated_game prepare");
    sql_bind_int64(s, 1, g->game_id);
    for (int i = 0; i < 4; i++)
        sql_bind_int64(s, 2 + i, g->accounts[i]);
    sql_bind_int64(s, 6, g->result);
    sql_bind_int64(s, 7, g->at_ms);
    int rc = store__write_once(st, s, "rated_game", NULL, NULL);
    for (int i = 0; i < 4 && rc == BH_OK; i++) {
        s = sql_prepare(store__sql(st),
                        "INSERT INTO rating_history(game_id, account_id, at_ms, rating_before,"
                        " rd_before, vol_before, rating_after, rd_after, vol_after)"
                        " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                        0);
        if (!s)
            return store__fail(st, "rating_history prepare");
        sql_bind_int64(s, 1, g->game_id);
        sql_bind_int64(s, 2, g->accounts[i]);
        sql_bind_int64(s, 3, g->at_ms);
        sql_bind_double(s, 4, g->before[i].rating);
        sql_bind_double(s, 5, g->before[i].rd);
        sql_bind_double(s, 6, g->before[i].vol);
        sql_bind_double(s, 7, g->after[i].rating);
        sql_bind_double(s, 8, g->after[i].rd);
        sql_bind_double(s, 9, g->after[i].vol);
        if ((rc = store__write_once(st, s, "rating_history", NULL, NULL)) != BH_OK)
            break;
        s = sql_prepare(store__sql(st),
                        "INSERT INTO ratings(account_id, rating, rd, vol, games, updated_ms)"
                        " VALUES(?1, ?2, ?3, ?4, 1, ?5) ON CONFLICT(account_id) DO UPDATE SET"
                        " rating = ?2, rd = ?3, vol = ?4, games = ratings.games + 1,"
                        " updated_ms = ?5",
                        0);
        if (!s)
            return store__fail(st, "ratings prepare");
        sql_bind_int64(s, 1, g->accounts[i]);
        sql_bind_double(s, 2, g->after[i].rating);
        sql_bind_double(s, 3, g->after[i].rd);
        sql_bind_double(s, 4, g->after[i].vol);
        sql_bind_int64(s, 5, g->at_ms);
        rc = store__write_once(st, s, "ratings", NULL, NULL);
    }
    return rc;
}

int store_each_rated_game(store *st, int64_t account,
                          int (*fn)(void *ctx, const store_rated_game *game), void *ctx)
{
    sql_stmt *s = sql_prepare(
        store__sql(st),
        "SELECT r.game_id, r.a1, r.a2, r.b1, r.b2, r.result, r.at_ms, h.account_id,"
        " h.rating_before, h.rd_before, h.vol_before, h.rating_after, h.rd_after, h.vol_after"
        " FROM rated_games r JOIN rating_history h ON h.game_id = r.game_id"
        " WHERE ?1 = 0 OR ?1 IN (r.a1, r.a2, r.b1, r.b2) ORDER BY r.id, h.account_id",
        0);
    if (!s)
        return store__fail(st, "each_rated_game prepare");
    sql_bind_int64(s, 1, account);
    store_rated_game g;
    memset(&g, 0, sizeof g);
    int rc, out = BH_OK, rows = 0;
    while ((rc = sql_step(s)) == SQL_ROW) {
        int64_t id = sql_int64(s, 0);
        if (rows > 0 && id != g.game_id) {
            if ((out = fn(ctx, &g)) != 0)
                break;
            memset(&g, 0, sizeof g);
        }
        rows++;
        g.game_id = id;
        for (int i = 0; i < 4; i++)
            g.accounts[i] = sql_int64(s, 1 + i);
        g.result = (int)sql_int64(s, 5);
        g.at_ms = sql_int64(s, 6);
        int64_t who = sql_int64(s, 7);
        for (int i = 0; i < 4; i++)
            if (g.accounts[i] == who) {
                g.before[i] = (store_glicko){sql_double(s, 8), sql_double(s, 9), sql_double(s, 10)};
                g.after[i] =
                    (store_glicko){sql_double(s, 11), sql_double(s, 12), sql_double(s, 13)};
            }
    }
    if (out == BH_OK && rc != SQL_DONE)
        out = store__fail(st, "each_rated_game");
    else if (out == BH_OK && rows > 0)
        out = fn(ctx, &g);
    sql_finalize(s);
    return out;
}

int store_rated_start(store *st, int64_t game_id, const int64_t accounts[4])
{
    if (store__begin(st) != BH_OK)
        return BH_ESTORE;
    sql_stmt *s = sql_prepare(store__sql(st),
                              "INSERT INTO rated_starts(game_id, a1, a2, b1, b2)"
                              " VALUES(?1, ?2, ?3, ?4, ?5)",
                              SQL_UNIQUE);
    if (!s)
        return store__fail(st, "rated_start prepare");
    sql_bind_int64(s, 1, game_id);
    for (int i = 0; i < 4; i++)
        sql_bind_int64(s, 2 + i, accounts[i]);
    return store__write_once(st, s, "rated_start", NULL, NULL);
}

int store_rated_start_get(store *st, int64_t game_id, int64_t accounts[4])
{
    sql_stmt *s = sql_prepare(store__sql(st),
                              "SELECT a1, a2, b1, b2 FROM rated_starts WHERE game_id = ?1", 0);
    if (!s)
        return store__fail(st, "rated_start_get prepare");
    sql_bind_int64(s, 1, game_id);
    int rc = sql_step(s), out = BH_ENOTFOUND;
    if (rc == SQL_ROW) {
        for (int i = 0; i < 4; i++)
            accounts[i] = sql_int64(s, i);
        out = BH_OK;
    } else if (rc != SQL_DONE) {
        out = store__fail(st, "rated_start_get");
    }
    sql_finalize(s);
    return out;
}
