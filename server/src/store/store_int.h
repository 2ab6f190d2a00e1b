/* store_int.h: what store.c shares with the store's other files (store_tour.c, store_state.c),
 * and the checkpoint policy's test entries (test_store.c, bench_store.c).
 * SPDX-License-Identifier: MIT */
#ifndef BH_STORE_INT_H
#define BH_STORE_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "store.h"
#include "store_sql.h"

/* Log what failed with the engine's message (sql_errmsg); returns BH_ESTORE. */
int store__fail(store *st, const char *what);
/* The open connection (borrowed; valid until store_close): what the store's files run their
 * statements on (store_sql.h), on either engine. */
sql_db *store__sql(store *st);
/* Step the bound write s (a statement of sql_prepare, store__sql's) once and finalize it:
 * BH_OK, BH_EEXIST (SQL_UNIQUE and its key taken: nothing written) or BH_ESTORE (logged as
 * what). *changes, *id (if not NULL): the rows it changed, the new row's id (SQL_ID). */
int store__write_once(store *st, sql_stmt *s, const char *what, int64_t *changes, int64_t *id);
/* Whether the account exists, read before a write that names it (on PostgreSQL a failed
 * foreign key would abort the turn's transaction): BH_OK, BH_ENOTFOUND or BH_ESTORE (logged). */
int store__account_exists(store *st, int64_t account);
/* Open the turn's transaction if none is open (store_flush commits it). BH_OK or BH_ESTORE. */
int store__begin(store *st);
/* A fence failed in the open transaction (store_node.h): store_flush rolls it back and returns
 * BH_EFENCED. */
void store__fence_failed(store *st);
/* The open transaction's number (each store__begin that opens one adds 1). */
uint64_t store__tx(store *st);

/* The node a store is bound to (store_node.c; store_node_bind): where st keeps it (NULL: not
 * bound), its fence of a write for game in the open transaction (BH_OK, also when not bound
 * or game <= 0; BH_EFENCED; BH_ESTORE), its claim of a game st just added (BH_OK when not
 * bound; BH_ESTORE), and its freeing (NULL: nothing). */
typedef struct store_node_ctx store_node_ctx;
store_node_ctx **store__node(store *st);
int store__fence_game(store *st, int64_t game);
int store__node_adopt(store *st, int64_t game);
void store__node_free(store_node_ctx *nc);

/* For tests: the checkpoint policy of store_checkpoint_thread (store.h) without its thread,
 * driven by store__checkpoint_step on the caller's thread, so that what it does follows from
 * the commits alone. frames as in store_checkpoint_thread (<= 0: 4096; restart mark 4 x
 * frames). busy becomes the checkpoint connection's sqlite3_busy_handler, called (n: the
 * retries so far) while a RESTART checkpoint waits for a lock; it returns non-zero to retry;
 * NULL: the thread's (retry for 50 ms). ctx is borrowed until store_close. From then on the
 * commits of st never checkpoint by themselves. BH_OK, BH_ESTATE (a checkpoint policy is
 * already set up, or st is on PostgreSQL) or BH_ESTORE (logged). */
int store__checkpoint_manual(store *st, int frames, int (*busy)(void *ctx, int n), void *ctx);

/* One decision of the policy, as the thread makes it when it wakes: call it after a commit.
 * due: as if period_ms had passed (a checkpoint of whatever was committed). During a catch-up
 * the commits since the last call tell whether the last pass let the WAL restart; a call with
 * no commit since the last ends the catch-up. It never waits for a commit; it waits for a lock
 * only in a RESTART checkpoint (through busy). BH_OK, or BH_ESTATE (no store__checkpoint_manual
 * policy). */
int store__checkpoint_step(store *st, bool due);

typedef struct {
    uint64_t commits;      /* the loop's commits since the policy was set up */
    uint64_t restarts;     /* of them, those that restarted the WAL */
    uint64_t passive;      /* PASSIVE checkpoints run (catch-up passes included) */
    uint64_t restart_ckpt; /* RESTART checkpoints run */
    int wal_frames;        /* frames in the WAL after the last commit */
} store_ckpt_stats;

/* The policy's counters into *out. Call it on the loop's thread (wal_frames is its own).
 * BH_OK, or BH_ESTATE (no checkpoint policy: sqlite's automatic checkpoints). */
int store__checkpoint_stats(store *st, store_ckpt_stats *out);

#endif
