/* store_league.c: table league_notices (store_league.h; made by store.c's v6).
 * SPDX-License-Identifier: MIT
 * One row per notice a league makes (a challenge, an answer, a deadline, a game): a few a
 * minute in a real league. */
#include "store_league.h"

#include "bh.h"
#include "log.h"
#include "store_int.h"

int store_notice_add(store *st, const store_notice *n)
{
    if (store__begin(st) != BH_OK)
        return BH_ESTORE;
    /* SQL_UNIQUE: a seq stored twice fails this call alone (BH_ESTORE), not the turn's
     * transaction (PostgreSQL aborts a transaction at a failed statement). */
    sql_stmt *s = sql_prepare(store__sql(st),
                              "INSERT INTO league_notices(league_id, seq, player, note, stage, "
                              "match, game_no, board, at_us, deadline_us, game_id, seat, made_ms) "
                              "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
                              SQL_UNIQUE);
    if (!s)
        return store__fail(st, "notice_add prepare");
    const int64_t v[] = {n->league, n->seq,     n->player, n->note,  n->stage,
                         n->match,  n->game_no, n->board,  n->at_us, n->deadline_us,
                         n->game,   n->seat,    n->made_ms};
    for (int i = 0; i < (int)BH_ARRAY_LEN(v); i++)
        sql_bind_int64(s, i + 1, v[i]);
    int rc = sql_step(s);
    int out = rc == SQL_DONE ? BH_OK : rc == SQL_EXISTS ? BH_ESTORE : store__fail(st, "notice_add");
    if (rc == SQL_EXISTS)
        log_error("store: notice_add: league %lld seq %lld is stored already", (long long)n->league,
                  (long long)n->seq);
    sql_finalize(s);
    return out;
}

int store_each_notice(store *st, int64_t league, int player, int64_t since,
                      int (*fn)(void *ctx, const store_notice *n), void *ctx)
{
    sql_stmt *s = sql_prepare(store__sql(st),
                              "SELECT seq, player, note, stage, match, game_no, board, at_us, "
                              "deadline_us, game_id, seat, made_ms FROM league_notices "
                              "WHERE league_id = ?1 AND seq > ?2 AND (?3 = 0 OR player = ?3) "
                              "ORDER BY seq",
                              0);
    if (!s)
        return store__fail(st, "each_notice prepare");
    sql_bind_int64(s, 1, league);
    sql_bind_int64(s, 2, since);
    sql_bind_int64(s, 3, player);
    int rc, out = BH_OK;
    while ((rc = sql_step(s)) == SQL_ROW) {
        store_notice n = {.league = league,
                          .seq = sql_int64(s, 0),
                          .player = (int)sql_int64(s, 1),
                          .note = (int)sql_int64(s, 2),
                          .stage = (int)sql_int64(s, 3),
                          .match = (int)sql_int64(s, 4),
                          .game_no = (int)sql_int64(s, 5),
                          .board = (int)sql_int64(s, 6),
                          .at_us = sql_int64(s, 7),
                          .deadline_us = sql_int64(s, 8),
                          .game = sql_int64(s, 9),
                          .seat = (int)sql_int64(s, 10),
                          .made_ms = sql_int64(s, 11)};
        if ((out = fn(ctx, &n)) != 0)
            break;
    }
    if (out == BH_OK && rc != SQL_DONE)
        out = store__fail(st, "each_notice");
    sql_finalize(s);
    return out;
}

int store_notice_last(store *st, int64_t league, int64_t *seq)
{
    sql_stmt *s = sql_prepare(store__sql(st),
                              "SELECT COALESCE(MAX(seq), 0) FROM league_notices"
                              " WHERE league_id = ?1",
                              0);
    if (!s)
        return store__fail(st, "notice_last prepare");
    sql_bind_int64(s, 1, league);
    int rc = sql_step(s) == SQL_ROW ? BH_OK : store__fail(st, "notice_last");
    *seq = rc == BH_OK ? sql_int64(s, 0) : 0;
    sql_finalize(s);
    return rc;
}
