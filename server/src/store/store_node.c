/* store_node.c: table nodes and the owner columns of games (store_node.h; made by store.c's
 * v12), on either engine through the statement layer (store_sql.h).
 * SPDX-License-Identifier: MIT
 * Each statement is prepared for its call: a node joins once, renews its lease about once a
 * second and claims a game when it takes it over; only the fence runs with every turn that
 * writes a game, and it is one UPDATE of one row by its key. */
#include "store_node.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "log.h"
#include "store_int.h"
#include "xalloc.h"

/* A game the bound node claimed: the epoch of its claim, and the transaction (store__tx) its
 * writes were last fenced in, so that a turn fences each game once. */
typedef struct {
    int64_t game, epoch;
    uint64_t tx;
} claimed;

/* What store_node_bind binds: the node, its fence statement (prepared once: it runs with every
 * turn that writes a game), and its claims, ascending by game. */
struct store_node_ctx {
    char name[STORE_NODE_NAME_MAX + 1];
    int64_t epoch;
    sql_stmt *fence;
    claimed *c;
    int n, cap;
};

/* A finished game (status 2) is written by whichever node a director reaches (a result set
 * again, its log): nothing runs in it any more, and no node takes it over. */
#define FENCE_SQL                                                                                  \
    "UPDATE games SET owner_epoch = owner_epoch WHERE id = ?1 AND EXISTS"                          \
    " (SELECT 1 FROM nodes WHERE name = ?2 AND epoch = ?4)"                                        \
    " AND (status = 2 OR (owner = ?2 AND owner_epoch = ?3))"

/* The index of game in nc's claims, or where it would go (*found false). */
static int find(const store_node_ctx *nc, int64_t game, bool *found)
{
    int lo = 0, hi = nc->n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (nc->c[mid].game < game)
            lo = mid + 1;
        else
            hi = mid;
    }
    *found = lo < nc->n && nc->c[lo].game == game;
    return lo;
}

/* Remember the bound node's claim of game at epoch (st not bound, or bound to another name:
 * nothing). */
static void remember(store *st, const char *name, int64_t game, int64_t epoch)
{
    store_node_ctx *nc = *store__node(st);
    if (!nc || strcmp(nc->name, name) != 0)
        return;
    bool found;
    int i = find(nc, game, &found);
    if (!found) {
        BH_GROW(nc->c, nc->n, nc->cap);
        memmove(&nc->c[i + 1], &nc->c[i], (size_t)(nc->n - i) * sizeof *nc->c);
        nc->n++;
    }
    nc->c[i] = (claimed){game, epoch, 0};
}

static bool name_ok(const char *name)
{
    size_t n = name ? strlen(name) : 0;
    return n >= 1 && n <= STORE_NODE_NAME_MAX;
}

/* Prepare text on st's connection; NULL after logging what failed. */
static sql_stmt *prepare(store *st, const char *text, const char *what)
{
    sql_stmt *s = sql_prepare(store__sql(st), text, 0);
    if (!s)
        store__fail(st, what);
    return s;
}

/* The turn's transaction open and text prepared for a write by node name (what: for the log);
 * NULL with *rc set when name is bad (BH_EINVAL) or the store failed (BH_ESTORE). */
static sql_stmt *start(store *st, const char *name, const char *text, const char *what, int *rc)
{
    sql_stmt *s = NULL;
    *rc = !name_ok(name) ? BH_EINVAL : store__begin(st) != BH_OK ? BH_ESTORE : BH_OK;
    if (*rc == BH_OK && !(s = prepare(st, text, what)))
        *rc = BH_ESTORE;
    return s;
}

/* Step the bound fence-like write s (what: for the log) once: BH_OK when it changed a row,
 * BH_EFENCED when it changed none (the transaction is then to be rolled back:
 * store__fence_failed), BH_ESTORE. */
static int fence_write(store *st, sql_stmt *s, const char *what)
{
    int64_t changed = 0;
    int rc = store__write_once(st, s, what, &changed, NULL);
    if (rc == BH_OK && changed == 0) {
        store__fence_failed(st);
        return BH_EFENCED;
    }
    return rc;
}

/* The one integer column of the one row text selects for key (?1): BH_OK, BH_ENOTFOUND or
 * BH_ESTORE. */
static int select_int(store *st, const char *text, int64_t key, const char *skey, const char *what,
                      int64_t *out)
{
    sql_stmt *s = prepare(st, text, what);
    if (!s)
        return BH_ESTORE;
    if (skey)
        sql_bind_text(s, 1, skey);
    else
        sql_bind_int64(s, 1, key);
    int r = sql_step(s), rc = BH_ENOTFOUND;
    if (r == SQL_ROW) {
        *out = sql_int64(s, 0);
        rc = BH_OK;
    } else if (r != SQL_DONE) {
        rc = store__fail(st, what);
    }
    sql_finalize(s);
    return rc;
}

int store_node_join(store *st, const char *name, int64_t now_ms, int64_t ttl_ms, int64_t *epoch)
{
    if (ttl_ms <= 0)
        return BH_EINVAL;
    int rc;
    sql_stmt *s = start(st, name,
                        "INSERT INTO nodes(name, epoch, lease_until_ms) VALUES(?1, 1, ?2)"
                        " ON CONFLICT(name) DO UPDATE SET epoch = nodes.epoch + 1,"
                        " lease_until_ms = excluded.lease_until_ms",
                        "node_join", &rc);
    if (!s)
        return rc;
    sql_bind_text(s, 1, name);
    sql_bind_int64(s, 2, now_ms + ttl_ms);
    rc = store__write_once(st, s, "node_join", NULL, NULL);
    if (rc == BH_OK)
        rc =
            select_int(st, "SELECT epoch FROM nodes WHERE name = ?1", 0, name, "node_epoch", epoch);
    /* PostgreSQL ends this session when a transaction of it stays open three quarters of a
     * lease (when the node fences itself: hub_node.c): a node paused in the middle of a turn
     * then holds no game's row lock when its lease runs out, so the claims of the others do
     * not wait for it */
    char set[96];
    snprintf(set, sizeof set, "SET idle_in_transaction_session_timeout = %lld",
             (long long)(ttl_ms * 3 / 4));
    if (rc == BH_OK && sql_is_pg(store__sql(st)) && sql_exec(store__sql(st), set) != BH_OK)
        rc = store__fail(st, "node_join: idle_in_transaction_session_timeout");
    return rc == BH_ENOTFOUND ? store__fail(st, "node_join: the row just written") : rc;
}

int store_node_renew(store *st, const char *name, int64_t epoch, int64_t now_ms, int64_t ttl_ms)
{
    if (!name_ok(name) || ttl_ms <= 0)
        return BH_EINVAL;
    if (store__begin(st) != BH_OK)
        return BH_ESTORE;
    sql_stmt *s = prepare(st,
                          "UPDATE nodes SET lease_until_ms = ?3 WHERE name = ?1 AND epoch = ?2"
                          " AND lease_until_ms >= ?4",
                          "node_renew");
    if (!s)
        return BH_ESTORE;
    sql_bind_text(s, 1, name);
    sql_bind_int64(s, 2, epoch);
    sql_bind_int64(s, 3, now_ms + ttl_ms);
    sql_bind_int64(s, 4, now_ms);
    return fence_write(st, s, "node_renew");
}

int store_node_leave(store *st, const char *name, int64_t epoch)
{
    int rc;
    sql_stmt *s =
        start(st, name, "UPDATE nodes SET lease_until_ms = 0 WHERE name = ?1 AND epoch = ?2",
              "node_leave", &rc);
    if (!s)
        return rc;
    sql_bind_text(s, 1, name);
    sql_bind_int64(s, 2, epoch);
    return fence_write(st, s, "node_leave");
}

int store_node_claim(store *st, const char *name, int64_t game, int64_t now_ms, int64_t *game_epoch)
{
    /* On PostgreSQL a row another transaction holds (another node's claim or fence not yet
     * committed) is skipped, not waited for: two nodes taking over one dead node's games in
     * the same order do not queue behind each other's locks (the skipped game is BH_ESTATE
     * now and claimable at the next try, if still free). */
    static const char *const claim[2] = {
        "UPDATE games SET owner = ?2, owner_epoch = owner_epoch + 1"
        " WHERE id = ?1 AND (owner IS NULL OR owner = ?2 OR NOT EXISTS"
        " (SELECT 1 FROM nodes WHERE nodes.name = games.owner AND nodes.lease_until_ms > ?3))",
        "UPDATE games SET owner = ?2, owner_epoch = owner_epoch + 1 WHERE id ="
        " (SELECT id FROM games WHERE id = ?1 AND (owner IS NULL OR owner = ?2 OR NOT EXISTS"
        " (SELECT 1 FROM nodes WHERE nodes.name = games.owner AND nodes.lease_until_ms > ?3))"
        " FOR UPDATE SKIP LOCKED)"};
    int rc;
    sql_stmt *s = start(st, name, claim[sql_is_pg(store__sql(st))], "node_claim", &rc);
    if (!s)
        return rc;
    sql_bind_int64(s, 1, game);
    sql_bind_text(s, 2, name);
    sql_bind_int64(s, 3, now_ms);
    int64_t changed = 0;
    rc = store__write_once(st, s, "node_claim", &changed, NULL);
    if (rc != BH_OK)
        return rc;
    rc = select_int(st, "SELECT owner_epoch FROM games WHERE id = ?1", game, NULL, "node_claim",
                    game_epoch);
    if (rc == BH_OK && changed == 0)
        return BH_ESTATE;
    if (rc == BH_OK)
        remember(st, name, game, *game_epoch);
    return rc;
}

int store_node_fence(store *st, const char *name, int64_t node_epoch, int64_t game,
                     int64_t game_epoch)
{
    /* A write of the row's own value: it changes nothing but takes the row's lock until the
     * commit (PostgreSQL), so a claim of the game waits for this transaction. */
    int rc;
    sql_stmt *s = start(st, name, FENCE_SQL, "node_fence", &rc);
    if (!s)
        return rc;
    sql_bind_int64(s, 1, game);
    sql_bind_text(s, 2, name);
    sql_bind_int64(s, 3, game_epoch);
    sql_bind_int64(s, 4, node_epoch);
    return fence_write(st, s, "node_fence");
}

int store_node_owner(store *st, int64_t game, char owner[STORE_NODE_NAME_MAX + 1],
                     int64_t *game_epoch)
{
    sql_stmt *s = prepare(st, "SELECT owner, owner_epoch FROM games WHERE id = ?1", "node_owner");
    if (!s)
        return BH_ESTORE;
    sql_bind_int64(s, 1, game);
    int r = sql_step(s), rc = BH_ENOTFOUND;
    if (r == SQL_ROW) {
        const char *o = sql_text(s, 0);
        size_t n = o ? strlen(o) : 0;
        n = n > STORE_NODE_NAME_MAX ? STORE_NODE_NAME_MAX : n;
        memcpy(owner, o ? o : "", n);
        owner[n] = '\0';
        *game_epoch = sql_int64(s, 1);
        rc = BH_OK;
    } else if (r != SQL_DONE) {
        rc = store__fail(st, "node_owner");
    }
    sql_finalize(s);
    return rc;
}

int store_node_bind(store *st, const char *name, int64_t node_epoch)
{
    store_node_ctx **slot = store__node(st);
    if (!name_ok(name) || *slot)
        return BH_EINVAL;
    sql_stmt *f = prepare(st, FENCE_SQL, "node_bind");
    if (!f)
        return BH_ESTORE;
    store_node_ctx *nc = xcalloc(1, sizeof *nc);
    snprintf(nc->name, sizeof nc->name, "%s", name);
    nc->epoch = node_epoch;
    nc->fence = f;
    *slot = nc;
    return BH_OK;
}

void store_node_fenced(store *st)
{
    if (store__begin(st) == BH_OK) /* a transaction to roll back, so that the flush says so */
        store__fence_failed(st);
}

int store__fence_game(store *st, int64_t game)
{
    store_node_ctx *nc = *store__node(st);
    if (!nc || game <= 0)
        return BH_OK;
    bool found;
    int i = find(nc, game, &found);
    claimed unclaimed = {game, -1, 0}; /* a finished game's write needs no claim */
    claimed *c = found ? &nc->c[i] : &unclaimed;
    uint64_t tx = store__tx(st);
    if (c->tx == tx)
        return BH_OK;
    sql_stmt *s = nc->fence;
    sql_bind_int64(s, 1, game);
    sql_bind_text(s, 2, nc->name);
    sql_bind_int64(s, 3, c->epoch);
    sql_bind_int64(s, 4, nc->epoch);
    int r = sql_step(s);
    int64_t changed = r == SQL_DONE ? sql_changes(s) : 0;
    int rc = r == SQL_DONE ? BH_OK : store__fail(st, "node_fence");
    sql_reset(s);
    if (rc != BH_OK)
        return rc;
    if (changed == 0) {
        log_warn("store: game %lld is not node %s's (at epoch %lld), nor finished: fenced",
                 (long long)game, nc->name, (long long)c->epoch);
        store__fence_failed(st);
        return BH_EFENCED;
    }
    c->tx = tx;
    return BH_OK;
}

int store__node_adopt(store *st, int64_t game)
{
    store_node_ctx *nc = *store__node(st);
    int64_t epoch;
    if (!nc)
        return BH_OK;
    /* a new row has no owner: the claim cannot be refused */
    int rc = store_node_claim(st, nc->name, game, 0, &epoch);
    return rc == BH_OK ? BH_OK : store__fail(st, "node_adopt");
}

void store__node_free(store_node_ctx *nc)
{
    if (!nc)
        return;
    sql_finalize(nc->fence);
    free(nc->c);
    free(nc);
}

int store_node_orphans(store *st, const char *name, int64_t now_ms, int64_t *ids, int cap, int *n)
{
    *n = 0;
    if (!name_ok(name) || cap <= 0)
        return BH_EINVAL;
    sql_stmt *s = prepare(st,
                          "SELECT id FROM games WHERE status <> 2 AND (owner IS NULL OR"
                          " (owner <> ?1 AND NOT EXISTS (SELECT 1 FROM nodes WHERE"
                          " nodes.name = games.owner AND nodes.lease_until_ms > ?2)))"
                          " ORDER BY id LIMIT ?3",
                          "node_orphans");
    if (!s)
        return BH_ESTORE;
    sql_bind_text(s, 1, name);
    sql_bind_int64(s, 2, now_ms);
    sql_bind_int64(s, 3, cap);
    int r;
    while ((r = sql_step(s)) == SQL_ROW && *n < cap)
        ids[(*n)++] = sql_int64(s, 0);
    int rc = r == SQL_ROW || r == SQL_DONE ? BH_OK : store__fail(st, "node_orphans");
    sql_finalize(s);
    return rc;
}

int store_node_live(store *st, int64_t now_ms, int *n)
{
    int64_t count = 0;
    int rc = select_int(st, "SELECT COUNT(*) FROM nodes WHERE lease_until_ms > ?1", now_ms, NULL,
                        "node_live", &count);
    *n = (int)count;
    return rc == BH_ENOTFOUND ? BH_OK : rc;
}
