/* store.c: sqlite3 persistence: schema migrations, lazy per-turn transaction, rows.
 * SPDX-License-Identifier: MIT
 * Migrations are a table of SQL scripts indexed by PRAGMA user_version: a new version is
 * appended, never edited. Every sqlite failure is logged here once and becomes BH_ESTORE. */
#include "store.h"
#include "store_int.h"
#include "store_sql.h"

#include <errno.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "bh.h"
#include "log.h"
#include "now.h"
#include "xalloc.h"

static const char *const migrations[] = {
    /* v1 */
    "CREATE TABLE tournaments(id INTEGER PRIMARY KEY, name TEXT NOT NULL,"
    "  created_ms INTEGER NOT NULL);"
    "CREATE TABLE teams(id INTEGER PRIMARY KEY,"
    "  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),"
    "  name TEXT NOT NULL, player1 TEXT NOT NULL, player2 TEXT NOT NULL);"
    "CREATE TABLE games(id INTEGER PRIMARY KEY, tournament_id INTEGER NOT NULL DEFAULT 0,"
    "  team1 INTEGER NOT NULL DEFAULT 0, team2 INTEGER NOT NULL DEFAULT 0,"
    "  base_ms INTEGER NOT NULL, inc_ms INTEGER NOT NULL, created_ms INTEGER NOT NULL,"
    "  status INTEGER NOT NULL, name0 TEXT, name1 TEXT, name2 TEXT, name3 TEXT,"
    "  result TEXT, reason TEXT, recovery TEXT, bpgn TEXT, ruleset TEXT NOT NULL DEFAULT '');"
    "CREATE TABLE tokens(hash TEXT PRIMARY KEY, role TEXT NOT NULL,"
    "  game_id INTEGER NOT NULL, seat INTEGER NOT NULL);"
    "CREATE TABLE events(game_id INTEGER NOT NULL, seq INTEGER NOT NULL,"
    "  t_us INTEGER NOT NULL, kind TEXT NOT NULL, seat INTEGER NOT NULL, ply INTEGER NOT NULL,"
    "  text TEXT, type INTEGER NOT NULL DEFAULT 0, arg INTEGER NOT NULL DEFAULT 0,"
    "  lag_us INTEGER NOT NULL DEFAULT 0, move INTEGER NOT NULL DEFAULT 0,"
    "  PRIMARY KEY(game_id, seq)) WITHOUT ROWID;"
    "CREATE TABLE chat(id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL,"
    "  t_ms INTEGER NOT NULL, seat INTEGER NOT NULL, text TEXT NOT NULL);"
    "CREATE INDEX chat_game ON chat(game_id, id);",
    /* v2: the tournaments run by the server (store_tour.h). IF NOT EXISTS: a version 1
     * database may hold them already (made by the server outside the migrations), rows kept. */
    "CREATE TABLE IF NOT EXISTS tour_state(id INTEGER PRIMARY KEY,"
    "  status INTEGER NOT NULL, seed INTEGER NOT NULL, teams TEXT, trf TEXT);"
    "CREATE TABLE IF NOT EXISTS tour_games(game_id INTEGER PRIMARY KEY,"
    "  tournament_id INTEGER NOT NULL, round INTEGER NOT NULL,"
    "  match INTEGER NOT NULL, game_no INTEGER NOT NULL, team1 INTEGER NOT NULL);",
    /* v3: the club round robins (store_state.h): each event's whole state as text */
    "CREATE TABLE IF NOT EXISTS club_state(id INTEGER PRIMARY KEY, state TEXT NOT NULL);",
    /* v4: chess games hosted by the hub: the game kind, 0 bughouse, 1 chess */
    "ALTER TABLE games ADD COLUMN kind INTEGER NOT NULL DEFAULT 0;",
    /* v5: chat anchored to the game: each board's plies and the game time (ms)
     * when the line was sent; -1 for lines stored under an earlier schema (unknown) */
    "ALTER TABLE chat ADD COLUMN ply_a INTEGER NOT NULL DEFAULT -1;"
    "ALTER TABLE chat ADD COLUMN ply_b INTEGER NOT NULL DEFAULT -1;"
    "ALTER TABLE chat ADD COLUMN game_ms INTEGER NOT NULL DEFAULT -1;",
    /* v6: the leagues of seed 003 (store_league.h): every player's notice feed
     * (seq: 1.. per league; the league's state is an event's, in club_state) */
    "CREATE TABLE IF NOT EXISTS league_notices(league_id INTEGER NOT NULL,"
    "  seq INTEGER NOT NULL, player INTEGER NOT NULL, note INTEGER NOT NULL,"
    "  stage INTEGER NOT NULL, match INTEGER NOT NULL, game_no INTEGER NOT NULL,"
    "  board INTEGER NOT NULL, at_us INTEGER NOT NULL, deadline_us INTEGER NOT NULL,"
    "  game_id INTEGER NOT NULL, seat INTEGER NOT NULL, made_ms INTEGER NOT NULL,"
    "  PRIMARY KEY(league_id, seq)) WITHOUT ROWID;",
    /* v7: the result log: every result set, by whom and through which page */
    "CREATE TABLE IF NOT EXISTS result_log(id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL,"
    "  at_ms INTEGER NOT NULL, result TEXT NOT NULL, reason TEXT NOT NULL, was TEXT NOT NULL,"
    "  who TEXT NOT NULL, page TEXT NOT NULL);"
    "CREATE INDEX IF NOT EXISTS result_log_game ON result_log(game_id, id);",
    /* v8: accounts and their login sessions (store_account.h): a name key is unique; a
     * session is its token's hash, an expiry and a revocation (0: open) */
    "CREATE TABLE IF NOT EXISTS accounts(id INTEGER PRIMARY KEY, name TEXT NOT NULL,"
    "  name_key TEXT NOT NULL UNIQUE, pw_hash TEXT NOT NULL, created_ms INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS sessions(id INTEGER PRIMARY KEY, hash TEXT NOT NULL UNIQUE,"
    "  account_id INTEGER NOT NULL REFERENCES accounts(id), created_ms INTEGER NOT NULL,"
    "  expires_ms INTEGER NOT NULL, revoked_ms INTEGER NOT NULL DEFAULT 0);"
    "CREATE INDEX IF NOT EXISTS sessions_account ON sessions(account_id);",
    /* v9: a tournament entry's player linked to an account (store_account.h): the team of a
     * Swiss and its board (0 A, the captain; 1 B), one account per board */
    "CREATE TABLE IF NOT EXISTS entry_accounts(team_id INTEGER NOT NULL, board INTEGER NOT NULL,"
    "  account_id INTEGER NOT NULL REFERENCES accounts(id), linked_ms INTEGER NOT NULL,"
    "  PRIMARY KEY(team_id, board)) WITHOUT ROWID;"
    "CREATE INDEX IF NOT EXISTS entry_accounts_account ON entry_accounts(account_id);",
    /* v10: ratings of open play (store_rating.h, docs/rules.md G-REPLAY): an account's
     * Glicko-2 rating, each rated game in the order rated (its four accounts, team A first,
     * and A's result: 0 loss, 1 draw, 2 win), and each player's rating before and after it */
    "CREATE TABLE IF NOT EXISTS ratings(account_id INTEGER NOT NULL PRIMARY KEY"
    "  REFERENCES accounts(id), rating DOUBLE PRECISION NOT NULL, rd DOUBLE PRECISION NOT NULL,"
    "  vol DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL, updated_ms INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS rated_games(id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL"
    "  UNIQUE, a1 INTEGER NOT NULL, a2 INTEGER NOT NULL, b1 INTEGER NOT NULL,"
    "  b2 INTEGER NOT NULL, result INTEGER NOT NULL, at_ms INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS rating_history(game_id INTEGER NOT NULL,"
    "  account_id INTEGER NOT NULL REFERENCES accounts(id), at_ms INTEGER NOT NULL,"
    "  rating_before DOUBLE PRECISION NOT NULL, rd_before DOUBLE PRECISION NOT NULL,"
    "  vol_before DOUBLE PRECISION NOT NULL, rating_after DOUBLE PRECISION NOT NULL,"
    "  rd_after DOUBLE PRECISION NOT NULL, vol_after DOUBLE PRECISION NOT NULL,"
    "  PRIMARY KEY(game_id, account_id)) WITHOUT ROWID;"
    "CREATE INDEX IF NOT EXISTS rating_history_account ON rating_history(account_id, at_ms);",
    /* v11: a rated game as it started (store_rating.h store_rated_start): its four accounts,
     * team A (seats 0 and 3) first, so its end rates it after a restart too */
    ("CREATE TABLE IF NOT EXISTS rated_starts(game_id INTEGER NOT NULL PRIMARY KEY,"
     "  a1 INTEGER NOT NULL, a2 INTEGER NOT NULL, b1 INTEGER NOT NULL, b2 INTEGER NOT NULL);"),
    /* v12: server nodes of a cluster and the games they own (store_node.h): a node's lease
     * and its epoch (bumped at each join under its name), a game's owner and its epoch
     * (bumped at each claim) */
    "CREATE TABLE IF NOT EXISTS nodes(name TEXT NOT NULL PRIMARY KEY, epoch INTEGER NOT NULL,"
    "  lease_until_ms INTEGER NOT NULL);"
    "ALTER TABLE games ADD COLUMN owner TEXT;"
    "ALTER TABLE games ADD COLUMN owner_epoch INTEGER NOT NULL DEFAULT 0;"
    /* the games a node may take over (store_node_orphans), read every second */
    "CREATE INDEX IF NOT EXISTS games_open ON games(status) WHERE status <> 2;",
};

enum {
    Q_TOUR_ADD,
    Q_TEAM_ADD,
    Q_TEAM_SET,
    Q_GAME_ADD,
    Q_GAME_UPD,
    Q_TOKEN_ADD,
    Q_TOKEN_FIND,
    Q_TOKEN_REVOKE,
    Q_TOKEN_HASH,
    Q_EVENT_ADD,
    Q_CHAT_ADD,
    Q_TOURS,
    Q_TEAMS,
    Q_GAMES,
    Q_GAME_GET,
    Q_EVENTS,
    Q_CHATS,
    Q_RESULT_ADD,
    Q_RESULTS,
    Q_COUNT_
};

static const char *const sql[Q_COUNT_] = {
    [Q_TOUR_ADD] = "INSERT INTO tournaments(name, created_ms) VALUES(?1, ?2)",
    [Q_TEAM_ADD] = "INSERT INTO teams(tournament_id, name, player1, player2)"
                   " VALUES(?1, ?2, ?3, ?4)",
    [Q_TEAM_SET] = "UPDATE teams SET name = ?2, player1 = ?3, player2 = ?4 WHERE id = ?1",
    [Q_GAME_ADD] = "INSERT INTO games(tournament_id, team1, team2, base_ms, inc_ms, created_ms,"
                   " status, name0, name1, name2, name3, result, reason, recovery, bpgn, ruleset,"
                   " kind) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14,"
                   " ?15, ?16, ?17)",
    [Q_GAME_UPD] = "UPDATE games SET status = ?2, result = ?3, reason = ?4, recovery = ?5,"
                   " bpgn = ?6 WHERE id = ?1",
    [Q_TOKEN_ADD] = "INSERT INTO tokens(hash, role, game_id, seat) VALUES(?1, ?2, ?3, ?4)",
    [Q_TOKEN_FIND] = "SELECT role, game_id, seat FROM tokens WHERE hash = ?1",
    [Q_TOKEN_REVOKE] =
        "DELETE FROM tokens WHERE role = ?1 AND game_id = ?2 AND (?3 < 0 OR seat = ?3)",
    [Q_TOKEN_HASH] = "SELECT hash FROM tokens WHERE role = ?1 AND game_id = ?2 AND seat = ?3"
                     " ORDER BY rowid DESC LIMIT 1",
    [Q_EVENT_ADD] = "INSERT INTO events(game_id, seq, t_us, kind, seat, ply, text, type, arg,"
                    " lag_us, move) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
    [Q_CHAT_ADD] = "INSERT INTO chat(game_id, t_ms, seat, text, ply_a, ply_b, game_ms)"
                   " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    [Q_TOURS] = "SELECT id, name FROM tournaments ORDER BY id",
    [Q_TEAMS] = "SELECT id, tournament_id, name, player1, player2 FROM teams ORDER BY id",
    [Q_GAMES] = "SELECT id, tournament_id, team1, team2, base_ms, inc_ms, created_ms, status,"
                " name0, name1, name2, name3, result, reason, recovery, bpgn, ruleset,"
                " kind FROM games ORDER BY id",
    [Q_GAME_GET] = "SELECT id, tournament_id, team1, team2, base_ms, inc_ms, created_ms,"
                   " status, name0, name1, name2, name3, result, reason, recovery, bpgn,"
                   " ruleset, kind FROM games WHERE id = ?1",
    [Q_EVENTS] = "SELECT game_id, seq, t_us, kind, seat, ply, text, type, arg, lag_us, move"
                 " FROM events"
                 " WHERE game_id = ?1 ORDER BY seq",
    [Q_CHATS] = "SELECT game_id, t_ms, seat, text, ply_a, ply_b, game_ms FROM chat"
                " WHERE game_id = ?1 ORDER BY id",
    [Q_RESULT_ADD] = "INSERT INTO result_log(game_id, at_ms, result, reason, was, who, page)"
                     " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    [Q_RESULTS] = "SELECT game_id, at_ms, result, reason, was, who, page FROM result_log"
                  " WHERE game_id = ?1 ORDER BY id",
};

/* A sqlite3_busy_handler that retries every 200 us for ms: sqlite's own busy_timeout sleeps
 * 1, 2, 5, 10, ... 100 ms between tries, so a lock held for 3 ms (a RESTART checkpoint) would
 * cost the loop 8 ms. */
typedef struct {
    int ms;
    uint64_t since_us; /* when the current wait began */
} busy_wait;

static int on_busy(void *arg, int n)
{
    busy_wait *b = arg;
    uint64_t now = now_mono_us();
    if (n == 0)
        b->since_us = now;
    if (now - b->since_us >= (uint64_t)b->ms * 1000)
        return 0;
    struct timespec ts = {0, 200 * 1000};
    nanosleep(&ts, NULL);
    return 1;
}

typedef struct {
    pthread_t th;
    bool threaded; /* th runs ckpt_main; false: store__checkpoint_step drives the policy */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    bool stop;         /* under mu */
    int grown;         /* under mu: WAL frames committed since the last checkpoint began */
    int period_ms;     /* at the latest this long after a commit, a checkpoint */
    int frames;        /* or as soon as the WAL has grown by this many frames */
    int wal_frames;    /* loop thread only (on_wal_commit): frames in the WAL at the last commit */
    int restart;       /* from this many frames in the WAL the thread makes it restart */
    uint64_t commits;  /* under mu: the loop's commits so far */
    uint64_t restarts; /* under mu: of them, those that restarted the WAL */
    bool waiting;      /* under mu: the thread waits for the loop's next commit */
    /* The catch-up in progress (ckpt_step), under mu: */
    int tries;             /* catch-up passes run so far; 0: not catching up */
    int log;               /* frames in the WAL at the last pass, -1 after a failure */
    uint64_t seen;         /* commits when the last pass ended: a later one is the "next" */
    uint64_t restarts_at;  /* restarts when the catch-up began */
    uint64_t passive;      /* under mu: PASSIVE checkpoints run, catch-up passes included */
    uint64_t restart_ckpt; /* under mu: RESTART checkpoints run */
    sqlite3 *db;           /* the thread's own connection */
    busy_wait busy;        /* its lock waits (RESTART): short, the loop's writes wait meanwhile */
    bool trace;            /* BH_STORE_TRACE: log each checkpoint */
} ckpt;

/* The loop's COMMIT times, kept when BH_STORE_TRACE is set in the environment (store_open):
 * every commit slower than TRACE_SLOW_US is logged, and every TRACE_EVERY_US a summary line
 * (count, histogram, max, the WAL file's size). Two clock reads a commit; off: none. */
enum { TRACE_SLOW_US = 5000, TRACE_EVERY_US = 60 * 1000 * 1000, TRACE_BUCKETS = 8 };
static const uint64_t trace_edge_us[TRACE_BUCKETS - 1] = {250, 500, 1000, 2000, 5000, 10000, 50000};
typedef struct {
    bool on;
    uint64_t since_us; /* start of the summary's interval */
    uint64_t n, max_us, sum_us;
    uint64_t hist[TRACE_BUCKETS]; /* < 0.25, 0.5, 1, 2, 5, 10, 50 ms, >= 50 ms */
} commit_trace;

struct store {
    sql_db *db;    /* the connection: sqlite or PostgreSQL (store_sql.h) */
    sqlite3 *lite; /* sqlite's handle, NULL on PostgreSQL: the checkpoint policy's */
    sql_stmt *q[Q_COUNT_];
    bool in_tx;     /* a transaction is open since the last store_flush */
    char *path;     /* for the checkpoint thread's connection */
    ckpt *ckpt;     /* NULL: sqlite's automatic checkpoints (always on PostgreSQL) */
    busy_wait busy; /* how long a write waits for a lock */
    commit_trace tr;
    bool fenced;          /* a fence failed in the open transaction: store_flush rolls it back */
    uint64_t tx;          /* transactions opened so far: the open one's number */
    store_node_ctx *node; /* the node st is bound to (store_node_bind); NULL: one process */
};

store_node_ctx **store__node(store *st)
{
    return &st->node;
}

uint64_t store__tx(store *st)
{
    return st->tx;
}

static int exec(store *st, const char *s)
{
    return sql_exec(st->db, s);
}

/* After a failed statement: roll back the transaction if the engine has not (sqlite rolls
 * back by itself after an I/O error or a full disk, and a ROLLBACK would only log "cannot
 * rollback"). */
static void rollback(store *st)
{
    sql_rollback(st->db);
}

/* PostgreSQL keeps the schema version in a table (sqlite: PRAGMA user_version). The
 * migrations run in one transaction that first takes an advisory lock, so servers starting
 * together on one database migrate it once. */
#define PG_MIGRATE_LOCK                                                                            \
    "SELECT pg_advisory_xact_lock(7431);"                                                          \
    "CREATE TABLE IF NOT EXISTS schema_version(version BIGINT NOT NULL);"                          \
    "INSERT INTO schema_version SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM schema_version)"

/* What PostgreSQL adds to a version's script: the column sqlite has by itself (a rowid
 * table's rowid, which Q_TOKEN_HASH orders by). NULL: nothing. */
static const char *const pg_also[BH_ARRAY_LEN(migrations)] = {
    [0] = "ALTER TABLE tokens ADD COLUMN rowid BIGSERIAL",
};

static int migrate(store *st)
{
    bool pg = sql_is_pg(st->db);
    if (pg && (sql_begin(st->db) != BH_OK || exec(st, PG_MIGRATE_LOCK) != BH_OK)) {
        rollback(st);
        return BH_ESTORE;
    }
    int version = store_schema_version(st);
    if (version < 0 || version > (int)BH_ARRAY_LEN(migrations)) {
        if (version > 0)
            log_error("store: schema version %d is newer than this server (%d)", version,
                      (int)BH_ARRAY_LEN(migrations));
        rollback(st);
        return BH_ESTORE;
    }
    for (int v = version; v < (int)BH_ARRAY_LEN(migrations); v++) {
        char set[64];
        snprintf(set, sizeof set,
                 pg ? "UPDATE schema_version SET version = %d" : "PRAGMA user_version = %d", v + 1);
        if (!pg && sql_begin(st->db) != BH_OK)
            return BH_ESTORE;
        if (sql_ddl(st->db, migrations[v]) != BH_OK ||
            (pg && pg_also[v] && exec(st, pg_also[v]) != BH_OK) || exec(st, set) != BH_OK) {
            rollback(st);
            return BH_ESTORE;
        }
        if (!pg && sql_commit(st->db) != BH_OK)
            return BH_ESTORE;
        log_info("store: migrated schema to version %d", v + 1);
    }
    return pg ? sql_commit(st->db) : BH_OK;
}

/* The flags each statement is prepared with (store_sql.h). */
static int q_flags(int i)
{
    switch (i) {
    case Q_TOUR_ADD:
    case Q_TEAM_ADD:
    case Q_GAME_ADD: return SQL_ID;
    case Q_TOKEN_ADD:
    case Q_EVENT_ADD: return SQL_UNIQUE;
    default: return 0;
    }
}

int store_open(const char *path, store **out)
{
    store *st = xcalloc(1, sizeof *st);
    if (sql_open(path, &st->db) != BH_OK) {
        free(st);
        return BH_ESTORE;
    }
    st->lite = sql_sqlite(st->db);
    st->path = xstrdup(path);
    store_set_busy_ms(st, 2000);
    st->tr.on = getenv("BH_STORE_TRACE") != NULL;
    st->tr.since_us = now_mono_us();
    /* WAL: readers never block the writer; NORMAL sync is durable across process crashes
     * (SIGKILL), which is the failure the recovery policy is about. */
    if (st->lite && (exec(st, "PRAGMA journal_mode = WAL") != BH_OK ||
                     exec(st, "PRAGMA synchronous = NORMAL") != BH_OK ||
                     exec(st, "PRAGMA foreign_keys = ON") != BH_OK))
        goto fail;
    if (migrate(st) != BH_OK)
        goto fail;
    for (int i = 0; i < Q_COUNT_; i++)
        if (!(st->q[i] = sql_prepare(st->db, sql[i], q_flags(i))))
            goto fail;
    *out = st;
    return BH_OK;
fail:
    log_error("store_open %s: %s", sql_is_pg(st->db) ? "(PostgreSQL)" : path, sql_errmsg(st->db));
    for (int i = 0; i < Q_COUNT_; i++)
        sql_finalize(st->q[i]);
    sql_close(st->db);
    free(st->path);
    free(st);
    return BH_ESTORE;
}

/* sqlite3_wal_hook of the loop's connection: after each COMMIT, in the loop's thread, with
 * the frames now in the WAL (counted again from 0 after a WAL restart). Wakes the thread once
 * the WAL has grown by c->frames. */
static int on_wal_commit(void *arg, sqlite3 *db, const char *name, int nframes)
{
    ckpt *c = arg;
    (void)db;
    (void)name;
    bool restarted = nframes < c->wal_frames;
    int added = restarted ? nframes : nframes - c->wal_frames;
    c->wal_frames = nframes;
    pthread_mutex_lock(&c->mu);
    c->grown += added;
    c->commits++;
    c->restarts += restarted;
    if (c->grown >= c->frames || c->waiting)
        pthread_cond_signal(&c->cv);
    pthread_mutex_unlock(&c->mu);
    return SQLITE_OK;
}

/* One checkpoint of mode on the policy's connection, called with mu held (released during the
 * checkpoint). Counts it and sets c->log to the frames in the WAL, -1 after a failure. */
static void ckpt_run(ckpt *c, int mode, const char *name)
{
    pthread_mutex_unlock(&c->mu);
    int done = 0, log = 0;
    uint64_t t0 = c->trace ? now_mono_us() : 0;
    int r = sqlite3_wal_checkpoint_v2(c->db, NULL, mode, &log, &done);
    if (r != SQLITE_OK && r != SQLITE_BUSY)
        log_warn("store: background checkpoint (%s): %s", name, sqlite3_errmsg(c->db));
    if (c->trace)
        log_info("store: checkpoint %s %.1f ms: %d of %d WAL frames copied%s", name,
                 (double)(now_mono_us() - t0) / 1e3, done, log, r == SQLITE_BUSY ? " (busy)" : "");
    pthread_mutex_lock(&c->mu);
    c->log = r == SQLITE_OK ? log : -1;
    if (mode == SQLITE_CHECKPOINT_RESTART)
        c->restart_ckpt++;
    else
        c->passive++;
}

/* fsync one of the connection's files (op: SQLITE_FCNTL_FILE_POINTER for the database,
 * SQLITE_FCNTL_JOURNAL_POINTER for the WAL) through sqlite's own VFS handle: no second file
 * descriptor, whose close would drop sqlite's POSIX locks on the file. */
static void ckpt_sync(ckpt *c, int op)
{
    sqlite3_file *f = NULL;
    if (sqlite3_file_control(c->db, "main", op, &f) == SQLITE_OK && f && f->pMethods)
        f->pMethods->xSync(f, SQLITE_SYNC_NORMAL);
}

/* A PASSIVE pass of the catch-up (mu held). Returns true: the policy now waits for the loop's
 * next commit, which restarts the WAL if no commit overtook the pass. */
static bool catch_up_pass(ckpt *c)
{
    ckpt_run(c, SQLITE_CHECKPOINT_PASSIVE, "passive catch-up");
    c->tries++;
    c->seen = c->commits;
    return true;
}

/* The checkpoint policy: one decision, called with mu held (released during checkpoints and
 * fsyncs) by the thread each time it wakes, or by store__checkpoint_step. due: period_ms has
 * passed since the last checkpoint. Returns true when a catch-up pass ran and the policy
 * waits for the loop's next commit (the thread waits up to 50 ms for it; no commit by the
 * next call ends the catch-up, the next one starts over).
 *
 * A checkpoint runs once the WAL has grown by c->frames, or when due after any commit:
 * PASSIVE, which copies what no reader still needs and never waits for the writer.
 *
 * The WAL restarts (its next commit writes from its start again) only in a COMMIT that begins
 * when every frame is in the database file; a PASSIVE checkpoint only ever copies the frames
 * that were there when it began, so under continuous commits (every 4 ms at 1,500 games) it
 * never catches up and the WAL grows without end (660 MB in 15 minutes). So once a PASSIVE
 * finds c->restart frames in the WAL, a catch-up: fsync the database file and the WAL once,
 * outside any lock (the pages the last checkpoint copied, which sqlite left unsynced because
 * it had not caught up, and the frames so far), then PASSIVE passes that have little left to
 * copy and sync, one per loop commit: a pass that no commit overtakes lets the next commit
 * restart the WAL. After CATCH_UP_TRIES passes, or once a pass found twice the restart mark
 * (or failed), a RESTART checkpoint: it holds the write lock for what is left (the loop's next
 * write waits in on_busy for about two fsyncs) and waits up to 50 ms for readers of old
 * frames. */
enum { CATCH_UP_TRIES = 8 };
static bool ckpt_step(ckpt *c, bool due)
{
    if (c->tries > 0) {
        if (c->restarts != c->restarts_at || c->commits == c->seen) {
            c->tries = 0; /* restarted, or no commit to restart it yet */
            return false;
        }
        if (c->tries < CATCH_UP_TRIES && c->log >= 0 && c->log < 2 * c->restart)
            return catch_up_pass(c);
        c->tries = 0;
        ckpt_run(c, SQLITE_CHECKPOINT_RESTART, "restart");
        return false;
    }
    if (c->grown == 0 || (c->grown < c->frames && !due))
        return false;
    c->grown = 0;
    ckpt_run(c, SQLITE_CHECKPOINT_PASSIVE, "passive");
    if (c->log < c->restart)
        return false;
    c->restarts_at = c->restarts;
    pthread_mutex_unlock(&c->mu);
    ckpt_sync(c, SQLITE_FCNTL_FILE_POINTER);
    ckpt_sync(c, SQLITE_FCNTL_JOURNAL_POINTER);
    pthread_mutex_lock(&c->mu);
    if (c->log < 2 * c->restart)
        return catch_up_pass(c);
    ckpt_run(c, SQLITE_CHECKPOINT_RESTART, "restart");
    return false;
}

static void *ckpt_main(void *arg)
{
    ckpt *c = arg;
    pthread_mutex_lock(&c->mu);
    bool next_commit = false;
    while (!c->stop) {
        /* Until the WAL has grown by frames (period_ms at the latest), or during a catch-up
         * until the loop's next commit (50 ms at the most). */
        struct timespec ts = now_wall_after(next_commit ? 50 : (uint32_t)c->period_ms);
        int rc = 0;
        c->waiting = next_commit;
        while (!c->stop && rc != ETIMEDOUT &&
               (next_commit ? c->commits == c->seen : c->grown < c->frames))
            rc = pthread_cond_timedwait(&c->cv, &c->mu, &ts);
        c->waiting = false;
        if (c->stop)
            break;
        next_commit = ckpt_step(c, rc == ETIMEDOUT);
    }
    pthread_mutex_unlock(&c->mu);
    return NULL;
}

static void ckpt_free(ckpt *c)
{
    sqlite3_close(c->db);
    pthread_cond_destroy(&c->cv);
    pthread_mutex_destroy(&c->mu);
    free(c);
}

/* The policy's state and its own connection to st's file (busy: its lock waits, NULL for
 * on_busy's 50 ms), for store_checkpoint_thread and store__checkpoint_manual. The WAL hook is
 * not set yet. BH_OK or BH_ESTORE (logged). */
static int ckpt_new(store *st, int period_ms, int frames, int (*busy)(void *, int), void *ctx,
                    ckpt **out)
{
    ckpt *c = xcalloc(1, sizeof *c);
    c->period_ms = period_ms > 0 ? period_ms : 10000;
    c->trace = st->tr.on;
    c->frames = frames > 0 ? frames : 4096;
    c->restart = 4 * c->frames;
    pthread_mutex_init(&c->mu, NULL);
    pthread_cond_init(&c->cv, NULL);
    /* The connection opens the file lazily: a statement makes it read the WAL (else the
     * checkpoint reports "not in WAL mode" and does nothing). */
    if (sqlite3_open_v2(st->path, &c->db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK ||
        sqlite3_exec(c->db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL) != SQLITE_OK ||
        sqlite3_exec(c->db, "PRAGMA synchronous = NORMAL", NULL, NULL, NULL) != SQLITE_OK) {
        log_error("store: checkpoint connection to %s: %s", st->path,
                  c->db ? sqlite3_errmsg(c->db) : "no memory");
        ckpt_free(c);
        return BH_ESTORE;
    }
    c->busy.ms = 50;
    if (busy)
        sqlite3_busy_handler(c->db, busy, ctx);
    else
        sqlite3_busy_handler(c->db, on_busy, &c->busy);
    /* After a burst the restart truncates the WAL file to twice the restart mark. */
    char limit[64];
    snprintf(limit, sizeof limit, "PRAGMA journal_size_limit = %lld",
             2LL * c->restart * (4096 + 24));
    exec(st, limit);
    *out = c;
    return BH_OK;
}

/* From now on a COMMIT of the loop's connection never checkpoints (the hook replaces sqlite's
 * automatic checkpoint, which is a WAL hook too) and only counts frames. */
static void ckpt_attach(store *st, ckpt *c)
{
    sqlite3_wal_hook(st->lite, on_wal_commit, c);
    st->ckpt = c;
}

int store_checkpoint_thread(store *st, int period_ms, int frames)
{
    if (st->ckpt || !st->lite)
        return BH_OK;
    ckpt *c;
    if (ckpt_new(st, period_ms, frames, NULL, NULL, &c) != BH_OK)
        return BH_ESTORE;
    c->threaded = true;
    if (pthread_create(&c->th, NULL, ckpt_main, c) != 0) {
        log_error("store: cannot start the checkpoint thread");
        ckpt_free(c);
        return BH_ESTORE;
    }
    ckpt_attach(st, c);
    return BH_OK;
}

int store__checkpoint_manual(store *st, int frames, int (*busy)(void *ctx, int n), void *ctx)
{
    if (st->ckpt || !st->lite)
        return BH_ESTATE;
    ckpt *c;
    if (ckpt_new(st, 0, frames, busy, ctx, &c) != BH_OK)
        return BH_ESTORE;
    ckpt_attach(st, c);
    return BH_OK;
}

int store__checkpoint_step(store *st, bool due)
{
    ckpt *c = st->ckpt;
    if (!c || c->threaded)
        return BH_ESTATE;
    pthread_mutex_lock(&c->mu);
    ckpt_step(c, due);
    pthread_mutex_unlock(&c->mu);
    return BH_OK;
}

int store__checkpoint_stats(store *st, store_ckpt_stats *out)
{
    ckpt *c = st->ckpt;
    if (!c)
        return BH_ESTATE;
    pthread_mutex_lock(&c->mu);
    *out = (store_ckpt_stats){.commits = c->commits,
                              .restarts = c->restarts,
                              .passive = c->passive,
                              .restart_ckpt = c->restart_ckpt,
                              .wal_frames = c->wal_frames};
    pthread_mutex_unlock(&c->mu);
    return BH_OK;
}

static void ckpt_stop(store *st)
{
    ckpt *c = st->ckpt;
    if (!c)
        return;
    if (c->threaded) {
        pthread_mutex_lock(&c->mu);
        c->stop = true;
        pthread_cond_signal(&c->cv);
        pthread_mutex_unlock(&c->mu);
        pthread_join(c->th, NULL);
    }
    sqlite3_wal_hook(st->lite, NULL, NULL);
    ckpt_free(c);
    st->ckpt = NULL;
}

void store_set_busy_ms(store *st, int ms)
{
    st->busy.ms = ms > 0 ? ms : 0;
    if (st->lite) {
        sqlite3_busy_handler(st->lite, on_busy, &st->busy);
        return;
    }
    char set[48]; /* PostgreSQL: a lock wait longer than this fails the statement */
    snprintf(set, sizeof set, "SET lock_timeout = %d", st->busy.ms > 0 ? st->busy.ms : 1);
    exec(st, set);
}

void store_close(store *st)
{
    if (!st)
        return;
    store_flush(st);
    ckpt_stop(st);
    for (int i = 0; i < Q_COUNT_; i++)
        sql_finalize(st->q[i]);
    store__node_free(st->node);
    sql_close(st->db); /* sqlite: the last connection checkpoints the WAL */
    free(st->path);
    free(st);
}

/* Size of the WAL file in bytes, or -1 (no file). */
static long long wal_bytes(const char *db_path)
{
    char p[4096];
    struct stat sb;
    snprintf(p, sizeof p, "%s-wal", db_path);
    return stat(p, &sb) == 0 ? (long long)sb.st_size : -1;
}

/* BH_STORE_TRACE: count one commit of took_us; log it if slow, and the interval's summary. */
static void trace_commit(store *st, uint64_t t0, uint64_t t1)
{
    commit_trace *t = &st->tr;
    uint64_t took = t1 - t0;
    int b = 0;
    while (b < TRACE_BUCKETS - 1 && took >= trace_edge_us[b])
        b++;
    t->hist[b]++;
    t->n++;
    t->sum_us += took;
    if (took > t->max_us)
        t->max_us = took;
    if (took >= TRACE_SLOW_US)
        log_info("store: slow commit %.1f ms (WAL file %lld bytes)", (double)took / 1e3,
                 wal_bytes(st->path));
    if (t1 - t->since_us < TRACE_EVERY_US)
        return;
    unsigned long long restarts = 0;
    if (st->ckpt) {
        pthread_mutex_lock(&st->ckpt->mu);
        restarts = st->ckpt->restarts;
        pthread_mutex_unlock(&st->ckpt->mu);
    }
    log_info("store: %llu commits in %.0f s, mean %.3f ms, max %.1f ms; <0.25 ms %llu, <0.5 %llu,"
             " <1 %llu, <2 %llu, <5 %llu, <10 %llu, <50 %llu, >=50 %llu; WAL file %lld bytes,"
             " %llu WAL restarts so far",
             (unsigned long long)t->n, (double)(t1 - t->since_us) / 1e6,
             t->n ? (double)t->sum_us / (double)t->n / 1e3 : 0.0, (double)t->max_us / 1e3,
             (unsigned long long)t->hist[0], (unsigned long long)t->hist[1],
             (unsigned long long)t->hist[2], (unsigned long long)t->hist[3],
             (unsigned long long)t->hist[4], (unsigned long long)t->hist[5],
             (unsigned long long)t->hist[6], (unsigned long long)t->hist[7], wal_bytes(st->path),
             restarts);
    *t = (commit_trace){.on = true, .since_us = t1};
}

void store__fence_failed(store *st)
{
    st->fenced = true;
}

int store_flush(store *st)
{
    if (!st->in_tx)
        return BH_OK;
    st->in_tx = false;
    if (st->fenced) {
        st->fenced = false;
        rollback(st);
        return BH_EFENCED;
    }
    uint64_t t0 = st->tr.on ? now_mono_us() : 0;
    if (sql_commit(st->db) != BH_OK) {
        rollback(st);
        return BH_ESTORE;
    }
    if (st->tr.on)
        trace_commit(st, t0, now_mono_us());
    return BH_OK;
}

int store_schema_version(store *st)
{
    sql_stmt *s = sql_prepare(
        st->db, sql_is_pg(st->db) ? "SELECT version FROM schema_version" : "PRAGMA user_version",
        0);
    int v = s && sql_step(s) == SQL_ROW ? (int)sql_int64(s, 0) : -1;
    sql_finalize(s);
    return v;
}

/* Start the turn's transaction on the first write. */
int store__begin(store *st)
{
    if (st->in_tx)
        return BH_OK;
    if (sql_begin(st->db) != BH_OK)
        return BH_ESTORE;
    st->in_tx = true;
    st->tx++;
    return BH_OK;
}

/* store__begin, then the fence of a write for game (store_node_bind; nothing on one process).
 * BH_OK, BH_EFENCED or BH_ESTORE. */
static int begin_for(store *st, int64_t game)
{
    return store__begin(st) != BH_OK ? BH_ESTORE : store__fence_game(st, game);
}

/* Run a bound write statement once, then reset it. BH_OK, BH_EEXIST (its key is taken) or
 * BH_ESTORE (logged). *changes, *id (if not NULL): the rows it changed, the new row's id. */
static int step_write(store *st, sql_stmt *s, const char *what, int64_t *changes, int64_t *id)
{
    int rc = sql_step(s);
    if (changes)
        *changes = sql_changes(s);
    if (id)
        *id = sql_id(s);
    int out = rc == SQL_DONE ? BH_OK : rc == SQL_EXISTS ? BH_EEXIST : store__fail(st, what);
    sql_reset(s);
    return out;
}

int store_tournament_add(store *st, const char *name, int64_t created_ms, int64_t *id)
{
    if (store__begin(st) != BH_OK)
        return BH_ESTORE;
    sql_stmt *s = st->q[Q_TOUR_ADD];
    sql_bind_text(s, 1, name);
    sql_bind_int64(s, 2, created_ms);
    return step_write(st, s, "tournament_add", NULL, id);
}

int store_team_add(store *st, int64_t tournament, const char *name, const char *player1,
                   const char *player2, int64_t *id)
{
    if (store__begin(st) != BH_OK)
        return BH_ESTORE;
    sql_stmt *s = st->q[Q_TEAM_ADD];
    sql_bind_int64(s, 1, tournament);
    sql_bind_text(s, 2, name);
    sql_bind_text(s, 3, player1);
    sql_bind_text(s, 4, player2);
    return step_write(st, s, "team_add", NULL, id);
}

int store_team_set(store *st, int64_t id, const char *name, const char *player1,
                   const char *player2)
{
    if (store__begin(st) != BH_OK)
        return BH_ESTORE;
    sql_stmt *s = st->q[Q_TEAM_SET];
    sql_bind_int64(s, 1, id);
    sql_bind_text(s, 2, name);
    sql_bind_text(s, 3, player1);
    sql_bind_text(s, 4, player2);
    int64_t changes = 0;
    int rc = step_write(st, s, "team_set", &changes, NULL);
    return rc == BH_OK && changes == 0 ? BH_ENOTFOUND : rc;
}

int store_game_add(store *st, const store_game *g, int64_t *id)
{
    if (store__begin(st) != BH_OK)
        return BH_ESTORE;
    sql_stmt *s = st->q[Q_GAME_ADD];
    sql_bind_int64(s, 1, g->tournament);
    sql_bind_int64(s, 2, g->team1);
    sql_bind_int64(s, 3, g->team2);
    sql_bind_int64(s, 4, g->base_ms);
    sql_bind_int64(s, 5, g->inc_ms);
    sql_bind_int64(s, 6, g->created_ms);
    sql_bind_int64(s, 7, g->status);
    for (int i = 0; i < 4; i++)
        sql_bind_text(s, 8 + i, g->names[i] ? g->names[i] : "");
    sql_bind_text(s, 12, g->result);
    sql_bind_text(s, 13, g->reason);
    sql_bind_text(s, 14, g->recovery);
    sql_bind_text(s, 15, g->bpgn);
    sql_bind_text(s, 16, g->ruleset ? g->ruleset : "");
    sql_bind_int64(s, 17, g->kind);
    int rc = step_write(st, s, "game_add", NULL, id);
    return rc == BH_OK ? store__node_adopt(st, *id) : rc;
}

int store_game_update(store *st, int64_t id, int status, const char *result, const char *reason,
                      const char *recovery, const char *bpgn)
{
    int rc = begin_for(st, id);
    if (rc != BH_OK)
        return rc;
    sql_stmt *s = st->q[Q_GAME_UPD];
    sql_bind_int64(s, 1, id);
    sql_bind_int64(s, 2, status);
    sql_bind_text(s, 3, result);
    sql_bind_text(s, 4, reason);
    sql_bind_text(s, 5, recovery);
    sql_bind_text(s, 6, bpgn);
    int64_t changed = 0;
    rc = step_write(st, s, "game_update", &changed, NULL);
    if (rc == BH_OK && changed == 0)
        return BH_ENOTFOUND;
    return rc;
}

int store_token_add(store *st, const char *hash, const char *role, int64_t game, int seat)
{
    int rc = begin_for(st, strcmp(role, "player") == 0 ? game : 0); /* else: a team, a league */
    if (rc != BH_OK)
        return rc;
    sql_stmt *s = st->q[Q_TOKEN_ADD];
    sql_bind_text(s, 1, hash);
    sql_bind_text(s, 2, role);
    sql_bind_int64(s, 3, game);
    sql_bind_int64(s, 4, seat);
    return step_write(st, s, "token_add", NULL, NULL);
}

int store_token_revoke(store *st, const char *role, int64_t game, int seat)
{
    int rc = begin_for(st, strcmp(role, "player") == 0 ? game : 0);
    if (rc != BH_OK)
        return rc;
    sql_stmt *s = st->q[Q_TOKEN_REVOKE];
    sql_bind_text(s, 1, role);
    sql_bind_int64(s, 2, game);
    sql_bind_int64(s, 3, seat);
    return step_write(st, s, "token_revoke", NULL, NULL);
}

int store_token_hash(store *st, const char *role, int64_t game, int seat, char *hash, size_t cap)
{
    sql_stmt *s = st->q[Q_TOKEN_HASH];
    sql_bind_text(s, 1, role);
    sql_bind_int64(s, 2, game);
    sql_bind_int64(s, 3, seat);
    int rc = sql_step(s), out = BH_ENOTFOUND;
    if (rc == SQL_ROW) {
        const char *x = sql_text(s, 0);
        snprintf(hash, cap, "%s", x ? x : "");
        out = BH_OK;
    } else if (rc != SQL_DONE) {
        out = store__fail(st, "token_hash");
    }
    sql_reset(s);
    return out;
}

int store_token_find(store *st, const char *hash, char role[16], int64_t *game, int *seat)
{
    sql_stmt *s = st->q[Q_TOKEN_FIND];
    sql_bind_text(s, 1, hash);
    int rc = sql_step(s), out = BH_ENOTFOUND;
    if (rc == SQL_ROW) {
        const char *r = sql_text(s, 0);
        snprintf(role, 16, "%s", r ? r : "");
        *game = sql_int64(s, 1);
        *seat = (int)sql_int64(s, 2);
        out = BH_OK;
    } else if (rc != SQL_DONE) {
        out = store__fail(st, "token_find");
    }
    sql_reset(s);
    return out;
}

int store_event_add(store *st, const store_event *e)
{
    int rc = begin_for(st, e->game);
    if (rc != BH_OK)
        return rc;
    sql_stmt *s = st->q[Q_EVENT_ADD];
    sql_bind_int64(s, 1, e->game);
    sql_bind_int64(s, 2, e->seq);
    sql_bind_int64(s, 3, e->t_us);
    sql_bind_text(s, 4, e->kind);
    sql_bind_int64(s, 5, e->seat);
    sql_bind_int64(s, 6, e->ply);
    sql_bind_text(s, 7, e->text);
    sql_bind_int64(s, 8, e->type);
    sql_bind_int64(s, 9, e->arg);
    sql_bind_int64(s, 10, e->lag_us);
    sql_bind_int64(s, 11, e->move);
    return step_write(st, s, "event_add", NULL, NULL);
}

int store_chat_add(store *st, const store_chat *c)
{
    int rc = begin_for(st, c->game);
    if (rc != BH_OK)
        return rc;
    sql_stmt *s = st->q[Q_CHAT_ADD];
    sql_bind_int64(s, 1, c->game);
    sql_bind_int64(s, 2, c->t_ms);
    sql_bind_int64(s, 3, c->seat);
    sql_bind_text(s, 4, c->text);
    sql_bind_int64(s, 5, c->ply[0]);
    sql_bind_int64(s, 6, c->ply[1]);
    sql_bind_int64(s, 7, c->game_ms);
    return step_write(st, s, "chat_add", NULL, NULL);
}

int store_result_log_add(store *st, const store_result_set *r)
{
    int rc = begin_for(st, r->game);
    if (rc != BH_OK)
        return rc;
    sql_stmt *s = st->q[Q_RESULT_ADD];
    sql_bind_int64(s, 1, r->game);
    sql_bind_int64(s, 2, r->at_ms);
    const char *v[5] = {r->result, r->reason, r->was, r->who, r->page};
    for (int i = 0; i < 5; i++)
        sql_bind_text(s, 3 + i, v[i] ? v[i] : "");
    return step_write(st, s, "result_log_add", NULL, NULL);
}

/* Step a bound read statement; row() unpacks each row and calls the caller's fn. */
typedef void (*any_fn)(void);
typedef int (*row_fn)(sql_stmt *s, any_fn fn, void *ctx);

static int walk(store *st, sql_stmt *s, row_fn row, any_fn fn, void *ctx, bool *any)
{
    int rc, out = BH_OK;
    while ((rc = sql_step(s)) == SQL_ROW) {
        if (any)
            *any = true;
        out = row(s, fn, ctx);
        if (out != 0)
            break;
    }
    if (out == 0 && rc != SQL_DONE)
        out = store__fail(st, "read");
    sql_reset(s);
    return out;
}

static int col_int(sql_stmt *s, int i)
{
    return (int)sql_int64(s, i);
}

static int row_tour(sql_stmt *s, any_fn fn, void *ctx)
{
    int (*f)(void *, int64_t, const char *) = (int (*)(void *, int64_t, const char *))fn;
    return f(ctx, sql_int64(s, 0), sql_text(s, 1));
}

typedef int (*team_fn)(void *, int64_t, int64_t, const char *, const char *, const char *);

static int row_team(sql_stmt *s, any_fn fn, void *ctx)
{
    team_fn f = (team_fn)fn;
    return f(ctx, sql_int64(s, 0), sql_int64(s, 1), sql_text(s, 2), sql_text(s, 3), sql_text(s, 4));
}

static int row_game(sql_stmt *s, any_fn fn, void *ctx)
{
    int (*f)(void *, const store_game *) = (int (*)(void *, const store_game *))fn;
    store_game g = {
        .id = sql_int64(s, 0),
        .tournament = sql_int64(s, 1),
        .team1 = sql_int64(s, 2),
        .team2 = sql_int64(s, 3),
        .base_ms = sql_int64(s, 4),
        .inc_ms = sql_int64(s, 5),
        .created_ms = sql_int64(s, 6),
        .status = col_int(s, 7),
        .names = {sql_text(s, 8), sql_text(s, 9), sql_text(s, 10), sql_text(s, 11)},
        .result = sql_text(s, 12),
        .reason = sql_text(s, 13),
        .recovery = sql_text(s, 14),
        .bpgn = sql_text(s, 15),
        .ruleset = sql_text(s, 16),
        .kind = col_int(s, 17),
    };
    return f(ctx, &g);
}

static int row_event(sql_stmt *s, any_fn fn, void *ctx)
{
    int (*f)(void *, const store_event *) = (int (*)(void *, const store_event *))fn;
    store_event e = {
        .game = sql_int64(s, 0),
        .seq = sql_int64(s, 1),
        .t_us = sql_int64(s, 2),
        .kind = sql_text(s, 3),
        .seat = col_int(s, 4),
        .ply = col_int(s, 5),
        .text = sql_text(s, 6),
        .type = col_int(s, 7),
        .arg = col_int(s, 8),
        .lag_us = sql_int64(s, 9),
        .move = col_int(s, 10),
    };
    return f(ctx, &e);
}

static int row_chat(sql_stmt *s, any_fn fn, void *ctx)
{
    int (*f)(void *, const store_chat *) = (int (*)(void *, const store_chat *))fn;
    store_chat c = {
        .game = sql_int64(s, 0),
        .t_ms = sql_int64(s, 1),
        .seat = col_int(s, 2),
        .text = sql_text(s, 3),
        .ply = {col_int(s, 4), col_int(s, 5)},
        .game_ms = sql_int64(s, 6),
    };
    return f(ctx, &c);
}

int store_each_tournament(store *st, int (*fn)(void *ctx, int64_t id, const char *name), void *ctx)
{
    return walk(st, st->q[Q_TOURS], row_tour, (any_fn)fn, ctx, NULL);
}

int store_each_team(store *st, team_fn fn, void *ctx)
{
    return walk(st, st->q[Q_TEAMS], row_team, (any_fn)fn, ctx, NULL);
}

int store_each_game(store *st, int (*fn)(void *ctx, const store_game *g), void *ctx)
{
    return walk(st, st->q[Q_GAMES], row_game, (any_fn)fn, ctx, NULL);
}

int store_game_get(store *st, int64_t id, int (*fn)(void *ctx, const store_game *g), void *ctx)
{
    bool any = false;
    sql_bind_int64(st->q[Q_GAME_GET], 1, id);
    int rc = walk(st, st->q[Q_GAME_GET], row_game, (any_fn)fn, ctx, &any);
    return rc == BH_OK && !any ? BH_ENOTFOUND : rc;
}

int store_each_event(store *st, int64_t game, int (*fn)(void *ctx, const store_event *e), void *ctx)
{
    sql_bind_int64(st->q[Q_EVENTS], 1, game);
    return walk(st, st->q[Q_EVENTS], row_event, (any_fn)fn, ctx, NULL);
}

int store_each_chat(store *st, int64_t game, int (*fn)(void *ctx, const store_chat *c), void *ctx)
{
    sql_bind_int64(st->q[Q_CHATS], 1, game);
    return walk(st, st->q[Q_CHATS], row_chat, (any_fn)fn, ctx, NULL);
}

static int row_result(sql_stmt *s, any_fn fn, void *ctx)
{
    int (*f)(void *, const store_result_set *) = (int (*)(void *, const store_result_set *))fn;
    store_result_set r = {.game = sql_int64(s, 0),
                          .at_ms = sql_int64(s, 1),
                          .result = sql_text(s, 2),
                          .reason = sql_text(s, 3),
                          .was = sql_text(s, 4),
                          .who = sql_text(s, 5),
                          .page = sql_text(s, 6)};
    return f(ctx, &r);
}

int store_each_result_set(store *st, int64_t game, int (*fn)(void *ctx, const store_result_set *r),
                          void *ctx)
{
    sql_bind_int64(st->q[Q_RESULTS], 1, game);
    return walk(st, st->q[Q_RESULTS], row_result, (any_fn)fn, ctx, NULL);
}

/* ---- for the store's other files (store_int.h) ------------------------------------------- */

int store__fail(store *st, const char *what)
{
    log_error("store: %s: %s", what, sql_errmsg(st->db));
    return BH_ESTORE;
}

sql_db *store__sql(store *st)
{
    return st->db;
}

int store__write_once(store *st, sql_stmt *s, const char *what, int64_t *changes, int64_t *id)
{
    int rc = sql_step(s), out = BH_OK;
    if (rc == SQL_DONE) {
        if (changes)
            *changes = sql_changes(s);
        if (id)
            *id = sql_id(s);
    } else if (rc == SQL_EXISTS) {
        out = BH_EEXIST;
    } else {
        out = store__fail(st, what);
    }
    sql_finalize(s);
    return out;
}

int store__account_exists(store *st, int64_t account)
{
    sql_stmt *s = sql_prepare(st->db, "SELECT 1 FROM accounts WHERE id = ?1", 0);
    if (!s)
        return store__fail(st, "account_exists prepare");
    sql_bind_int64(s, 1, account);
    int rc = sql_step(s);
    int out = rc == SQL_ROW    ? BH_OK
              : rc == SQL_DONE ? BH_ENOTFOUND
                               : store__fail(st, "account_exists");
    sql_finalize(s);
    return out;
}
