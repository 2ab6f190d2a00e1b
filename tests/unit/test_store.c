/* test_store.c: the sqlite store: migrations from an empty file, exact round trip of every
 * row kind across close/reopen, per-turn transactions (a second handle sees nothing before
 * store_flush), duplicate and failure paths. SPDX-License-Identifier: MIT */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "bh.h"
#include "bh_test.h"
#include "store.h"
#include "store_state.h"
#include "store_league.h"
#include "store_tour.h"

static char dir[] = "/tmp/bh_store_XXXXXX";
static char path[256];

static void fresh(void)
{
    snprintf(path, sizeof path, "%s/t.db", dir);
    bh_test_rm_db(path);
}

static int count_event(void *ctx, const store_event *e)
{
    (void)e;
    ++*(int *)ctx;
    return 0;
}

typedef struct {
    int n;
    char text[8][32];
    int64_t t_us[8];
    int seat[8], ply[8], move[8], arg[8];
    int64_t lag[8];
} ev_seen;

static int keep_event(void *ctx, const store_event *e)
{
    ev_seen *s = ctx;
    if (s->n < 8) {
        snprintf(s->text[s->n], 32, "%s:%s", e->kind, e->text ? e->text : "-");
        s->t_us[s->n] = e->t_us;
        s->seat[s->n] = e->seat;
        s->ply[s->n] = e->ply;
        s->move[s->n] = e->move;
        s->lag[s->n] = e->lag_us;
        s->arg[s->n] = e->arg;
    }
    s->n++;
    return 0;
}

typedef struct {
    int n;
    char line[4][200];
} game_seen;

static int keep_game(void *ctx, const store_game *g)
{
    game_seen *s = ctx;
    if (s->n < 4)
        snprintf(
            s->line[s->n], 200, "%lld %lld %lld-%lld %lld+%lld st%d %s/%s/%s/%s %s %s %s %s %s k%d",
            (long long)g->id, (long long)g->tournament, (long long)g->team1, (long long)g->team2,
            (long long)g->base_ms, (long long)g->inc_ms, g->status, g->names[0], g->names[1],
            g->names[2], g->names[3], g->result ? g->result : "-", g->reason ? g->reason : "-",
            g->recovery ? g->recovery : "-", g->bpgn ? g->bpgn : "-", g->ruleset, g->kind);
    s->n++;
    return 0;
}

static int keep_team(void *ctx, int64_t id, int64_t tour, const char *name, const char *p1,
                     const char *p2)
{
    snprintf(ctx, 100, "%lld %lld %s %s %s", (long long)id, (long long)tour, name, p1, p2);
    return 0;
}

static int keep_tour(void *ctx, int64_t id, const char *name)
{
    snprintf(ctx, 100, "%lld %s", (long long)id, name);
    return 0;
}

static int keep_chat(void *ctx, const store_chat *c)
{
    size_t n = strlen(ctx);
    snprintf((char *)ctx + n, 100 - n, "%s%d %s @%d/%d %lld", n ? ";" : "", c->seat, c->text,
             c->ply[0], c->ply[1], (long long)c->game_ms);
    return 0;
}

static void round_trip(void)
{
    fresh();
    store *st;
    CHECK_EQ_INT("open", BH_OK, store_open(path, &st));
    CHECK_EQ_INT("schema", 7, store_schema_version(st)); /* v7: the result log */
    int64_t tid, t1, t2, gid;
    CHECK_EQ_INT("tour", BH_OK, store_tournament_add(st, "Open 2026", 1700000000000, &tid));
    CHECK_EQ_INT("team1", BH_OK, store_team_add(st, tid, "Knights", "ann", "bob", &t1));
    CHECK_EQ_INT("team2", BH_OK, store_team_add(st, tid, "Rooks", "cid", "dan", &t2));
    store_game g = {.tournament = tid,
                    .team1 = t1,
                    .team2 = t2,
                    .base_ms = 180000,
                    .inc_ms = 0,
                    .created_ms = 1700000000001,
                    .status = STORE_LIVE,
                    .names = {"ann", "cid", "dan", "bob"},
                    .ruleset = "online"};
    CHECK_EQ_INT("game", BH_OK, store_game_add(st, &g, &gid));
    const char *moves[] = {"e2e4", "e7e5", "g1f3"};
    for (int i = 0; i < 3; i++) {
        store_event e = {.game = gid,
                         .seq = i,
                         .t_us = 1000 * i + 7,
                         .kind = "move",
                         .seat = i % 2,
                         .ply = i,
                         .text = moves[i],
                         .type = 2,
                         .arg = -1,
                         .lag_us = 5 * i,
                         .move = 1000 + i};
        CHECK_EQ_INT("event", BH_OK, store_event_add(st, &e));
    }
    store_event dup = {
        .game = gid, .seq = 1, .t_us = 5, .kind = "move", .seat = 0, .ply = 1, .text = "d2d4"};
    CHECK_EQ_INT("dup seq", BH_EEXIST, store_event_add(st, &dup));
    store_chat c = {
        .game = gid, .t_ms = 1, .seat = 0, .text = "need a knight", .ply = {2, 1}, .game_ms = 4321};
    CHECK_EQ_INT("chat", BH_OK, store_chat_add(st, &c));
    CHECK_EQ_INT("token", BH_OK, store_token_add(st, "abcd", "player", gid, 3));
    CHECK_EQ_INT("token dup", BH_EEXIST, store_token_add(st, "abcd", "player", gid, 2));
    CHECK_EQ_INT("update", BH_OK,
                 store_game_update(st, gid, STORE_FINISHED, "1-0", "mate", NULL, "[BPGN]"));
    CHECK_EQ_INT("update missing", BH_ENOTFOUND,
                 store_game_update(st, 999, STORE_FINISHED, NULL, NULL, NULL, NULL));
    CHECK_EQ_INT("flush", BH_OK, store_flush(st));
    store_close(st);

    CHECK_EQ_INT("reopen", BH_OK, store_open(path, &st));
    CHECK_EQ_INT("schema kept", 7, store_schema_version(st));
    char buf[100] = "";
    store_each_tournament(st, keep_tour, buf);
    CHECK_EQ_STR("tour row", "1 Open 2026", buf);
    store_each_team(st, keep_team, buf);
    CHECK_EQ_STR("last team row", "2 1 Rooks cid dan", buf);
    game_seen gs = {0};
    CHECK_EQ_INT("games", BH_OK, store_each_game(st, keep_game, &gs));
    CHECK_EQ_INT("n games", 1, gs.n);
    CHECK_EQ_STR("game row", "1 1 1-2 180000+0 st2 ann/cid/dan/bob 1-0 mate - [BPGN] online k0",
                 gs.line[0]);
    ev_seen es = {0};
    CHECK_EQ_INT("events", BH_OK, store_each_event(st, gid, keep_event, &es));
    CHECK_EQ_INT("n events", 3, es.n);
    CHECK_EQ_STR("ev1", "move:e7e5", es.text[1]);
    CHECK_EQ_INT("ev2 t", 2007, es.t_us[2]);
    CHECK_EQ_INT("ev2 ply", 2, es.ply[2]);
    CHECK_EQ_INT("ev2 move code", 1002, es.move[2]);
    CHECK_EQ_INT("ev2 lag", 10, es.lag[2]);
    CHECK_EQ_INT("ev2 arg", -1, es.arg[2]);
    buf[0] = '\0';
    store_each_chat(st, gid, keep_chat, buf);
    CHECK_EQ_STR("chat row", "0 need a knight @2/1 4321", buf);
    char role[16];
    int64_t game = 0;
    int seat = -1;
    CHECK_EQ_INT("token find", BH_OK, store_token_find(st, "abcd", role, &game, &seat));
    CHECK_EQ_STR("role", "player", role);
    CHECK_EQ_INT("seat", 3, seat);
    CHECK_EQ_INT("token missing", BH_ENOTFOUND, store_token_find(st, "zz", role, &game, &seat));
    gs.n = 0;
    CHECK_EQ_INT("game get", BH_OK, store_game_get(st, gid, keep_game, &gs));
    CHECK_EQ_INT("game get missing", BH_ENOTFOUND, store_game_get(st, 42, keep_game, &gs));
    /* a chess game (issue 15): two names, its kind kept */
    store_game cg = {.base_ms = 600000,
                     .inc_ms = 5000,
                     .created_ms = 1,
                     .status = STORE_WAITING,
                     .names = {"eve", "fay"},
                     .ruleset = "fide",
                     .kind = 1};
    int64_t cid;
    CHECK_EQ_INT("chess game", BH_OK, store_game_add(st, &cg, &cid));
    gs.n = 0;
    CHECK_EQ_INT("chess get", BH_OK, store_game_get(st, cid, keep_game, &gs));
    CHECK_EQ_STR("chess row", "2 0 0-0 600000+5000 st0 eve/fay// - - - - fide k1", gs.line[0]);
    store_close(st);
}

static void turn_transaction(void)
{
    fresh();
    store *a, *b;
    CHECK_EQ_INT("open a", BH_OK, store_open(path, &a));
    CHECK_EQ_INT("open b", BH_OK, store_open(path, &b));
    store_event e = {.game = 1, .seq = 0, .t_us = 0, .kind = "start", .seat = -1, .ply = -1};
    CHECK_EQ_INT("add", BH_OK, store_event_add(a, &e));
    int n = 0;
    store_each_event(a, 1, count_event, &n);
    CHECK_EQ_INT("writer sees its own write", 1, n);
    n = 0;
    store_each_event(b, 1, count_event, &n);
    CHECK_EQ_INT("other handle before flush", 0, n);
    CHECK_EQ_INT("flush", BH_OK, store_flush(a));
    n = 0;
    store_each_event(b, 1, count_event, &n);
    CHECK_EQ_INT("other handle after flush", 1, n);
    store_close(b);
    store_close(a);
}

/* SQLITE_BUSY: another connection holds the write lock; the write fails with BH_ESTORE
 * (no leak, nothing half-written) and succeeds once the lock is released. */
static void busy_database(void)
{
    fresh();
    store *a, *b;
    CHECK_EQ_INT("open a", BH_OK, store_open(path, &a));
    CHECK_EQ_INT("open b", BH_OK, store_open(path, &b));
    store_set_busy_ms(a, 20);
    store_event e = {.game = 1, .seq = 0, .t_us = 0, .kind = "start", .seat = -1, .ply = -1};
    CHECK_EQ_INT("b takes the lock", BH_OK, store_event_add(b, &e));
    e.seq = 1;
    CHECK_EQ_INT("a is busy", BH_ESTORE, store_event_add(a, &e));
    int64_t id = 0;
    CHECK_EQ_INT("a is busy (tournament)", BH_ESTORE, store_tournament_add(a, "x", 1, &id));
    CHECK_EQ_INT("a flush (nothing open)", BH_OK, store_flush(a));
    CHECK_EQ_INT("b commits", BH_OK, store_flush(b));
    CHECK_EQ_INT("a retries", BH_OK, store_event_add(a, &e));
    CHECK_EQ_INT("a commits", BH_OK, store_flush(a));
    int n = 0;
    store_each_event(b, 1, count_event, &n);
    CHECK_EQ_INT("both events once", 2, n);
    store_close(b);
    store_close(a);
}

static long file_size(const char *p)
{
    struct stat sb;
    return stat(p, &sb) == 0 ? (long)sb.st_size : -1;
}

/* Open a fresh store with a checkpoint thread (period_ms, frames), write 3000 events in 30
 * commits (about 50 WAL frames), and wait up to wait_ms for the database file to grow by
 * 32 KiB: in WAL mode only a checkpoint makes it grow. Returns the store, still open. */
static store *checkpointed_writes(int period_ms, int frames, int wait_ms)
{
    fresh();
    store *a;
    CHECK_EQ_INT("open", BH_OK, store_open(path, &a));
    CHECK_EQ_INT("thread", BH_OK, store_checkpoint_thread(a, period_ms, frames));
    long before = file_size(path);
    for (int i = 0; i < 3000; i++) {
        store_event e = {.game = 1, .seq = i, .t_us = i, .kind = "move", .seat = i % 4, .ply = i};
        CHECK_EQ_INT("add", BH_OK, store_event_add(a, &e));
        if (i % 100 == 99)
            CHECK_EQ_INT("flush", BH_OK, store_flush(a));
    }
    long after = before;
    for (int t = 0; t < wait_ms / 20 && after < before + 32768; t++) {
        struct timespec ts = {0, 20000000L};
        nanosleep(&ts, NULL);
        after = file_size(path);
    }
    CHECK_MSG(after >= before + 32768, "the database file did not grow: %ld -> %ld bytes", before,
              after);
    return a;
}

/* store_checkpoint_thread: the commits of the loop's handle no longer checkpoint (sqlite's
 * automatic checkpoint waits for 1000 WAL pages; these writes make about 50), yet the
 * database file grows because the thread copies the WAL into it (here by its 20 ms period);
 * every row survives. */
static void background_checkpoints(void)
{
    store *a = checkpointed_writes(20, 0, 3000);
    store_close(a);
    CHECK_EQ_INT("reopen", BH_OK, store_open(path, &a));
    int n = 0;
    store_each_event(a, 1, count_event, &n);
    CHECK_EQ_INT("every event", 3000, n);
    store_close(a);
}

/* store_checkpoint_thread by WAL growth: with a period of an hour, only the 16-frame trigger
 * can start the checkpoint that makes the database file grow. */
static void checkpoint_by_wal_growth(void)
{
    store_close(checkpointed_writes(3600000, 16, 5000));
}

static long wal_size(void)
{
    char p[300];
    snprintf(p, sizeof p, "%s-wal", path);
    return file_size(p);
}

static void sleep_us(long us)
{
    struct timespec ts = {us / 1000000, (us % 1000000) * 1000};
    nanosleep(&ts, NULL);
}

/* A second connection (an operator's sqlite3 shell, a backup) reading in short transactions
 * all along, every 200 us. */
typedef struct {
    atomic_bool stop;
    long reads;
} reader_ctx;

static void *reader_main(void *arg)
{
    reader_ctx *r = arg;
    sqlite3 *db = NULL;
    sqlite3_stmt *q = NULL;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(db, "SELECT count(*) FROM events WHERE game_id = 3", -1, &q, NULL) !=
            SQLITE_OK) {
        sqlite3_close(db);
        return NULL;
    }
    sqlite3_busy_timeout(db, 100);
    while (!atomic_load(&r->stop)) {
        if (sqlite3_step(q) == SQLITE_ROW)
            r->reads++;
        sqlite3_reset(q);
        sleep_us(200);
    }
    sqlite3_finalize(q);
    sqlite3_close(db);
    return NULL;
}

/* Enough WAL to show a restart policy: 4 events a turn on 4 games (several B-tree pages). */
static void add_turn(store *a, int t)
{
    for (int g = 0; g < 4; g++) {
        store_event e = {.game = g + 1,
                         .seq = t,
                         .t_us = 10 * t,
                         .kind = "move",
                         .seat = g,
                         .ply = t,
                         .text = "g1f3"};
        CHECK_EQ_INT("add", BH_OK, store_event_add(a, &e));
    }
}

/* The WAL stays bounded under continuous commits with a concurrent reader: 4,000 commits, one
 * every 0.5 ms (8 times the loop's rate at 1,500 games), write about 6,000 frames (25 MB),
 * which is the size the WAL reached before (PASSIVE checkpoints only: each one overtaken by
 * the next commit, so none let the WAL restart). With a restart mark of 4 x 32 frames the
 * thread makes it restart: the file must stay under 3,072 frames of 4 KiB (12.7 MB: the hard
 * mark of 256 frames plus what the commits add during one catch-up pass, two fsyncs that took
 * up to 120 ms each on this VM's disk, with room); every row is there after reopening. */
static void wal_bounded(void)
{
    fresh();
    store *a;
    CHECK_EQ_INT("open", BH_OK, store_open(path, &a));
    CHECK_EQ_INT("thread", BH_OK, store_checkpoint_thread(a, 20, 32));
    reader_ctx r = {.stop = false};
    pthread_t th;
    CHECK_EQ_INT("reader", 0, pthread_create(&th, NULL, reader_main, &r));
    long max = 0;
    enum { TURNS = 4000 };
    for (int t = 0; t < TURNS; t++) {
        add_turn(a, t);
        CHECK_EQ_INT("flush", BH_OK, store_flush(a));
        long w = wal_size();
        if (w > max)
            max = w;
        sleep_us(500);
    }
    atomic_store(&r.stop, true);
    pthread_join(th, NULL);
    CHECK_MSG(r.reads > 0, "the reader read nothing");
    CHECK_MSG(max > 0 && max < 3072L * (4096 + 24), "WAL file reached %ld bytes", max);
    store_close(a);
    CHECK_EQ_INT("reopen", BH_OK, store_open(path, &a));
    for (int g = 1; g <= 4; g++) {
        int n = 0;
        store_each_event(a, g, count_event, &n);
        CHECK_EQ_INT("every event of the game", TURNS, n);
    }
    store_close(a);
}

/* Ordered seqs 0, 1, 2 ... with t_us = 10 x seq: fails the walk at the first gap. */
static int check_seq(void *ctx, const store_event *e)
{
    int *next = ctx;
    if (e->seq != *next || e->t_us != 10 * e->seq)
        return 1;
    ++*next;
    return 0;
}

/* A crash (SIGKILL, no close, no last checkpoint) after 1,500 flushed turns and one turn
 * written but not flushed, in a process whose WAL restarted many times (restart mark 4 x 8
 * frames; its WAL file ends under 8 MB where it reached 30 MB without restarts): reopening
 * finds exactly the flushed turns, in order, and nothing of the last. */
static void crash_keeps_flushed_turns(void)
{
    fresh();
    enum { TURNS = 1500 };
    pid_t pid = fork();
    if (pid == 0) {
        store *a;
        if (store_open(path, &a) != BH_OK || store_checkpoint_thread(a, 10, 8) != BH_OK)
            _exit(2);
        for (int t = 0; t < TURNS; t++) {
            add_turn(a, t);
            if (store_flush(a) != BH_OK)
                _exit(3);
            sleep_us(300); /* a loop's turns have gaps: a writer that never pauses
                            * starves the RESTART checkpoint of the write lock */
        }
        add_turn(a, TURNS); /* in the open transaction: never acknowledged */
        raise(SIGKILL);
        _exit(4);
    }
    int status = 0;
    CHECK_EQ_INT("child", pid, waitpid(pid, &status, 0));
    CHECK_MSG(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL, "child status %d", status);
    long w = wal_size();
    CHECK_MSG(w >= 0 && w < 8L * 1024 * 1024,
              "the crashed process's WAL: %ld bytes (30 MB without"
              " restarts)",
              w);
    store *a;
    CHECK_EQ_INT("reopen", BH_OK, store_open(path, &a));
    for (int g = 1; g <= 4; g++) {
        int next = 0;
        CHECK_EQ_INT("in order", BH_OK, store_each_event(a, g, check_seq, &next));
        CHECK_EQ_INT("the flushed turns, not the last", TURNS, next);
    }
    store_close(a);
}

/* A full disk (the file size limit, RLIMIT_FSIZE, stands in for it: a write past it fails as
 * on a full disk) during turns: store_flush fails with BH_ESTORE, the log says why, and it
 * says no more: sqlite has rolled the transaction back itself, so there is nothing to roll
 * back (issue 25 item 8 saw a spurious "cannot rollback" after each failed COMMIT). */
static void disk_full(void)
{
    fresh();
    char logf[300];
    snprintf(logf, sizeof logf, "%s.log", path);
    pid_t pid = fork();
    if (pid == 0) {
        if (!freopen(logf, "w", stderr))
            _exit(2);
        signal(SIGXFSZ, SIG_IGN);
        store *a;
        if (store_open(path, &a) != BH_OK)
            _exit(3);
        struct rlimit rl = {1 << 20, 1 << 20}; /* 1 MiB per file from now on */
        if (setrlimit(RLIMIT_FSIZE, &rl) != 0)
            _exit(4);
        int failed = 0;
        for (int t = 0; t < 5000 && !failed; t++) {
            add_turn(a, t);
            failed = store_flush(a) != BH_OK;
        }
        fflush(stderr);
        _exit(failed ? 0 : 5); /* no close: its last checkpoint would fail too */
    }
    int status = 0;
    CHECK_EQ_INT("child", pid, waitpid(pid, &status, 0));
    CHECK_MSG(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child status %d (5: no flush failed)",
              status);
    FILE *f = fopen(logf, "r");
    char line[400];
    int errors = 0, rollback = 0;
    while (f && fgets(line, sizeof line, f)) {
        errors += strstr(line, "store: COMMIT") != NULL;
        rollback += strstr(line, "rollback") != NULL;
    }
    if (f)
        fclose(f);
    CHECK_MSG(errors >= 1, "the failed COMMIT is logged");
    CHECK_EQ_INT("no spurious cannot rollback", 0, rollback);
    unlink(logf);
}

static void open_failures(void)
{
    store *st = NULL;
    CHECK_EQ_INT("no dir", BH_ESTORE, store_open("/nonexistent-dir/x/t.db", &st));
    fresh();
    FILE *f = fopen(path, "w");
    fputs("this is not a database, just some text that is long enough to be a header.....\n"
          "more garbage more garbage more garbage more garbage more garbage more garbage\n",
          f);
    fclose(f);
    CHECK_EQ_INT("garbage file", BH_ESTORE, store_open(path, &st));
    store_close(NULL);
}

static int keep_tour_row(void *ctx, const store_tour *t)
{
    snprintf(ctx, 100, "%lld %d %s %s", (long long)t->id, t->status, t->teams ? t->teams : "-",
             t->trf ? t->trf : "-");
    return 0;
}

/* Run sql on the file at path with sqlite itself (what an older server left there). */
static void raw(const char *sql)
{
    sqlite3 *db = NULL;
    CHECK_EQ_INT(sql, SQLITE_OK, sqlite3_open(path, &db));
    CHECK_EQ_INT(sql, SQLITE_OK, sqlite3_exec(db, sql, NULL, NULL, NULL));
    sqlite3_close(db);
}

/* The tournament tables are schema version 2. A version-1 file as older servers left it, with
 * the tables they made outside the migrations and a row in them, opens as version 2 with its
 * row; a version-1 file without them gets them. */
static void tour_tables_v2(void)
{
    fresh();
    store *st;
    CHECK_EQ_INT("open", BH_OK, store_open(path, &st));
    CHECK_EQ_INT("tables", BH_OK, store_tour_init(st));
    store_close(st);
    /* a version-1 file has no games.kind (v4) either */
    raw("INSERT INTO tour_state(id, status, seed, teams, trf) VALUES(7, 1, 42, '0 1 2', 'T');"
        "ALTER TABLE games DROP COLUMN kind; ALTER TABLE chat DROP COLUMN ply_a;"
        "ALTER TABLE chat DROP COLUMN ply_b; ALTER TABLE chat DROP COLUMN game_ms;"
        "PRAGMA user_version = 1");
    CHECK_EQ_INT("reopen v1 with the tables", BH_OK, store_open(path, &st));
    CHECK_EQ_INT("migrated", 7, store_schema_version(st));
    char buf[100] = "";
    CHECK_EQ_INT("each", BH_OK, store_each_tour(st, keep_tour_row, buf));
    CHECK_EQ_STR("the older server's row", "7 1 0 1 2 T", buf);
    store_close(st);
    raw("DROP TABLE tour_state; DROP TABLE tour_games; ALTER TABLE games DROP COLUMN kind;"
        "ALTER TABLE chat DROP COLUMN ply_a; ALTER TABLE chat DROP COLUMN ply_b;"
        "ALTER TABLE chat DROP COLUMN game_ms; PRAGMA user_version = 1");
    CHECK_EQ_INT("reopen v1 without them", BH_OK, store_open(path, &st));
    CHECK_EQ_INT("tables made", BH_OK, store_tour_init(st));
    store_tour row = {3, 0, 9, NULL, "X"};
    CHECK_EQ_INT("a row", BH_OK, store_tour_put(st, &row));
    CHECK_EQ_INT("flush", BH_OK, store_flush(st));
    buf[0] = '\0';
    CHECK_EQ_INT("each", BH_OK, store_each_tour(st, keep_tour_row, buf));
    CHECK_EQ_STR("its row", "3 0 - X", buf);
    store_close(st);
}

/* Schema v5 anchors chat lines to the game (issue 13 item 9). A line a version-4 server
 * stored has no plies and no game time: after the migration it reads as unknown (-1), and a
 * new line keeps its anchors. */
static void chat_anchor_v5(void)
{
    fresh();
    store *st;
    CHECK_EQ_INT("open", BH_OK, store_open(path, &st));
    store_close(st);
    raw("ALTER TABLE chat DROP COLUMN ply_a; ALTER TABLE chat DROP COLUMN ply_b;"
        "ALTER TABLE chat DROP COLUMN game_ms;"
        "INSERT INTO chat(game_id, t_ms, seat, text) VALUES(9, 5, 2, 'sit');"
        "PRAGMA user_version = 4");
    CHECK_EQ_INT("reopen v4", BH_OK, store_open(path, &st));
    CHECK_EQ_INT("migrated", 7, store_schema_version(st));
    store_chat c = {.game = 9, .t_ms = 6, .seat = 1, .text = "go", .ply = {0, 3}, .game_ms = 0};
    CHECK_EQ_INT("chat", BH_OK, store_chat_add(st, &c));
    CHECK_EQ_INT("flush", BH_OK, store_flush(st));
    char buf[100] = "";
    CHECK_EQ_INT("each", BH_OK, store_each_chat(st, 9, keep_chat, buf));
    CHECK_EQ_STR("old line unknown, new line anchored", "2 sit @-1/-1 -1;1 go @0/3 0", buf);
    store_close(st);
}

static int keep_club_row(void *ctx, int64_t id, const char *state)
{
    char *buf = ctx;
    size_t n = strlen(buf);
    snprintf(buf + n, 100 - n, "%lld:%s;", (long long)id, state);
    return 0;
}

/* The club events' state (schema v3): replaced in place, read back in id order after a reopen
 * (store_close commits what the turn left open). */
static void club_state_rows(void)
{
    fresh();
    store *st;
    CHECK_EQ_INT("open", BH_OK, store_open(path, &st));
    CHECK_EQ_INT("put", BH_OK, store_state_put(st, 9, "CLUB 1\nstatus 0 0"));
    CHECK_EQ_INT("put", BH_OK, store_state_put(st, 4, "A"));
    CHECK_EQ_INT("replace", BH_OK, store_state_put(st, 4, "B"));
    CHECK_EQ_INT("flush", BH_OK, store_flush(st));
    CHECK_EQ_INT("open at close", BH_OK, store_state_put(st, 5, "kept"));
    store_close(st);
    CHECK_EQ_INT("reopen", BH_OK, store_open(path, &st));
    char buf[100] = "";
    CHECK_EQ_INT("each", BH_OK, store_each_state(st, keep_club_row, buf));
    CHECK_EQ_STR("rows", "4:B;5:kept;9:CLUB 1\nstatus 0 0;", buf);
    store_close(st);
}

static int keep_notice(void *ctx, const store_notice *n)
{
    char *buf = ctx;
    size_t k = strlen(buf);
    snprintf(buf + k, 200 - k, "%lld:%d/%d %d.%d.%d.%d @%lld dl%lld g%lld s%d;", (long long)n->seq,
             n->player, n->note, n->stage, n->match, n->game_no, n->board, (long long)n->at_us,
             (long long)n->deadline_us, (long long)n->game, n->seat);
    return 0;
}

/* The leagues (schema v6): the notice feed appended, read back after a reopen per player and
 * since a sequence number, a seq never twice. */
static void league_rows(void)
{
    fresh();
    store *st;
    CHECK_EQ_INT("open", BH_OK, store_open(path, &st));
    store_notice a = {7, 1, 101, 0, 1, 0, 0, 0, 0, 0, 0, -1, 5};
    store_notice b = {7, 2, 201, 1, 1, 0, 0, 2, 0, 1764400004000000, 0, -1, 6};
    store_notice c = {7, 3, 101, 9, 1, 0, 0, 0, 0, 0, 31, 0, 7};
    CHECK_EQ_INT("notice 1", BH_OK, store_notice_add(st, &a));
    CHECK_EQ_INT("notice 2", BH_OK, store_notice_add(st, &b));
    CHECK_EQ_INT("notice 3", BH_OK, store_notice_add(st, &c));
    CHECK_EQ_INT("notice 3 again", BH_ESTORE, store_notice_add(st, &c));
    store_close(st);
    CHECK_EQ_INT("reopen", BH_OK, store_open(path, &st));
    char buf[200] = "";
    CHECK_EQ_INT("player 101", BH_OK, store_each_notice(st, 7, 101, 0, keep_notice, buf));
    CHECK_EQ_STR("101's", "1:101/0 1.0.0.0 @0 dl0 g0 s-1;3:101/9 1.0.0.0 @0 dl0 g31 s0;", buf);
    buf[0] = '\0';
    CHECK_EQ_INT("since 1", BH_OK, store_each_notice(st, 7, 0, 1, keep_notice, buf));
    CHECK_EQ_STR("everyone's after 1",
                 "2:201/1 1.0.0.2 @0 dl1764400004000000 g0 s-1;3:101/9 1.0.0.0 @0 dl0 g31 s0;",
                 buf);
    int64_t last = -1;
    CHECK_EQ_INT("last", BH_OK, store_notice_last(st, 7, &last));
    CHECK_EQ_INT("last seq", 3, last);
    CHECK_EQ_INT("last of none", BH_OK, store_notice_last(st, 8, &last));
    CHECK_EQ_INT("empty", 0, last);
    store_close(st);
}

static const bh_test_case cases[] = {
    {"league_rows", league_rows},
    {"club_state_rows", club_state_rows},
    {"tour_tables_v2", tour_tables_v2},
    {"round_trip", round_trip},
    {"turn_transaction", turn_transaction},
    {"busy_database", busy_database},
    {"background_checkpoints", background_checkpoints},
    {"checkpoint_by_wal_growth", checkpoint_by_wal_growth},
    {"wal_bounded", wal_bounded},
    {"crash_keeps_flushed_turns", crash_keeps_flushed_turns},
    {"open_failures", open_failures},
    {"disk_full", disk_full},
    {"chat_anchor_v5", chat_anchor_v5},
};

int main(int argc, char **argv)
{
    if (!mkdtemp(dir))
        return 1;
    int rc = bh_test_run(cases, BH_ARRAY_LEN(cases), argc, argv);
    fresh();
    rmdir(dir);
    return rc;
}
