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
    sqlite3_stmt *s = NULL;
    if (store__begin(st) != BH_OK)
        return BH_ESTORE;
    if (sqlite3_prepare_v2(store__db(st),
                           "INSERT INTO league_notices(league_id, seq, player, note, stage, "
                           "match, game_no, board, at_us, deadline_us, game_id, seat, made_ms) "
                           "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
                           -1, &s, NULL) != SQLITE_OK)
        return store__fail(st, "notice_add prepare");
    const int64_t v[] = {n->league, n->seq,     n->player, n->note,  n->stage,
                         n->match,  n->game_no, n->board,  n->at_us, n->deadline_us,
                         n->game,   n->seat,    n->made_ms};
    for (int i = 0; i < (int)BH_ARRAY_LEN(v); i++)
        sqlite3_bind_int64(s, i + 1, v[i]);
    int rc = sqlite3_step(s) == SQLITE_DONE ? BH_OK : store__fail(st, "notice_add");
    sqlite3_finalize(s);
    return rc;
}

int store_each_notice(store *st, int64_t league, int player, int64_t since,
                      int (*fn)(void *ctx, const store_notice *n), void *ctx)
{
    sqlite3_stmt *s = NULL;
    if (sqlite3_prepare_v2(store__db(st),
                           "SELECT seq, player, note, stage, match, game_no, board, at_us, "
                           "deadline_us, game_id, seat, made_ms FROM league_notices "
                           "WHERE league_id = ?1 AND seq > ?2 AND (?3 = 0 OR player = ?3) "
                           "ORDER BY seq",
                           -1, &s, NULL) != SQLITE_OK)
        return store__fail(st, "each_notice prepare");
    sqlite3_bind_int64(s, 1, league);
    sqlite3_bind_int64(s, 2, since);
    sqlite3_bind_int64(s, 3, player);
    int rc, out = BH_OK;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        store_notice n = {.league = league,
                          .seq = sqlite3_column_int64(s, 0),
                          .player = sqlite3_column_int(s, 1),
                          .note = sqlite3_column_int(s, 2),
                          .stage = sqlite3_column_int(s, 3),
                          .match = sqlite3_column_int(s, 4),
                          .game_no = sqlite3_column_int(s, 5),
                          .board = sqlite3_column_int(s, 6),
                          .at_us = sqlite3_column_int64(s, 7),
                          .deadline_us = sqlite3_column_int64(s, 8),
                          .game = sqlite3_column_int64(s, 9),
                          .seat = sqlite3_column_int(s, 10),
                          .made_ms = sqlite3_column_int64(s, 11)};
        if ((out = fn(ctx, &n)) != 0)
            break;
    }
    if (out == BH_OK && rc != SQLITE_DONE)
        out = store__fail(st, "each_notice");
    sqlite3_finalize(s);
    return out;
}

int store_notice_last(store *st, int64_t league, int64_t *seq)
{
    sqlite3_stmt *s = NULL;
    if (sqlite3_prepare_v2(store__db(st),
                           "SELECT COALESCE(MAX(seq), 0) FROM league_notices WHERE league_id = ?1",
                           -1, &s, NULL) != SQLITE_OK)
        return store__fail(st, "notice_last prepare");
    sqlite3_bind_int64(s, 1, league);
    int rc = sqlite3_step(s) == SQLITE_ROW ? BH_OK : store__fail(st, "notice_last");
    *seq = rc == BH_OK ? sqlite3_column_int64(s, 0) : 0;
    sqlite3_finalize(s);
    return rc;
}
