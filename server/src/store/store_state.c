/* store_state.c: table club_state (store_state.h; made by store.c's v3).
 * SPDX-License-Identifier: MIT
 * A write per decision of an event (a line-up, a board's result, a protest): a few a minute. */
#include "store_state.h"

#include "bh.h"
#include "log.h"
#include "store_int.h"

int store_state_put(store *st, int64_t id, const char *state)
{
    if (store__begin(st) != BH_OK)
        return BH_ESTORE;
    sql_stmt *s = sql_prepare(store__sql(st),
                              "INSERT INTO club_state(id, state) VALUES(?1, ?2)"
                              " ON CONFLICT(id) DO UPDATE SET state = excluded.state",
                              0);
    if (!s)
        return store__fail(st, "club_put prepare");
    sql_bind_int64(s, 1, id);
    sql_bind_text(s, 2, state ? state : "");
    return store__write_once(st, s, "club_put", NULL, NULL);
}

int store_each_state(store *st, int (*fn)(void *ctx, int64_t id, const char *state), void *ctx)
{
    sql_stmt *s = sql_prepare(store__sql(st), "SELECT id, state FROM club_state ORDER BY id", 0);
    if (!s)
        return store__fail(st, "each_club prepare");
    int rc, out = BH_OK;
    while ((rc = sql_step(s)) == SQL_ROW) {
        const char *text = sql_text(s, 1);
        if ((out = fn(ctx, sql_int64(s, 0), text ? text : "")) != 0)
            break;
    }
    if (out == BH_OK && rc != SQL_DONE)
        out = store__fail(st, "each_club");
    sql_finalize(s);
    return out;
}
