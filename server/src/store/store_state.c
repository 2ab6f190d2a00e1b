/* store_state.c: table club_state (store_state.h; made by store.c's v3).
 * SPDX-License-Identifier: MIT
 * A write per decision of an event (a line-up, a board's result, a protest): a few a minute. */
#include "store_state.h"

#include "bh.h"
#include "log.h"
#include "store_int.h"

int store_state_put(store *st, int64_t id, const char *state)
{
    sqlite3_stmt *s = NULL;
    if (store__begin(st) != BH_OK)
        return BH_ESTORE;
    if (sqlite3_prepare_v2(store__db(st),
                           "INSERT OR REPLACE INTO club_state(id, state) VALUES(?1, ?2)", -1, &s,
                           NULL) != SQLITE_OK)
        return store__fail(st, "club_put prepare");
    sqlite3_bind_int64(s, 1, id);
    store__bind_text(s, 2, state ? state : "");
    int rc = sqlite3_step(s) == SQLITE_DONE ? BH_OK : store__fail(st, "club_put");
    sqlite3_finalize(s);
    return rc;
}

int store_each_state(store *st, int (*fn)(void *ctx, int64_t id, const char *state), void *ctx)
{
    sqlite3_stmt *s = NULL;
    if (sqlite3_prepare_v2(store__db(st), "SELECT id, state FROM club_state ORDER BY id", -1, &s,
                           NULL) != SQLITE_OK)
        return store__fail(st, "each_club prepare");
    int rc, out = BH_OK;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        const char *text = (const char *)sqlite3_column_text(s, 1);
        if ((out = fn(ctx, sqlite3_column_int64(s, 0), text ? text : "")) != 0)
            break;
    }
    if (out == BH_OK && rc != SQLITE_DONE)
        out = store__fail(st, "each_club");
    sqlite3_finalize(s);
    return out;
}
