/* test_store.c: the store: migrations from an empty database, exact round trip of every row
 * kind across close/reopen, per-turn transactions (a second handle sees nothing before
 * store_flush), duplicate and failure paths, a crash keeping exactly the flushed turns, and on
 * sqlite the WAL checkpoint policy driven commit by commit (store__checkpoint_step: what it
 * does follows from the commits, not from the scheduler).
 * With BH_TEST_PG set to a PostgreSQL URI (tests/integration/pg_cluster.sh starts a
 * throwaway server and sets it) the cases that do not look at sqlite's files run against
 * that database instead, each on an empty schema.
 * SPDX-License-Identifier: MIT */
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

#include <libpq-fe.h>
#include <sqlite3.h>

#include "bh.h"
#include "bh_test.h"
#include "store.h"
#include "store_node.h"
#include "store_account.h"
#include "store_int.h"
#include "store_state.h"
#include "store_league.h"
#include "store_rating.h"
#include "store_tour.h"

static char dir[] = "/tmp/bh_store_XXXXXX";
static char path[1024];
static const char *pg_url; /* BH_TEST_PG: the cases run on this PostgreSQL database */

/* An empty database at path: a new sqlite file, or PostgreSQL's public schema emptied. */
static void fresh(void)
{
    if (!pg_url) {
        snprintf(path, sizeof path, "%s/t.db", dir);
        bh_test_rm_db(path);
        return;
    }
    snprintf(path, sizeof path, "%s", pg_url);
    PGconn *c = PQconnectdb(pg_url);
    CHECK_MSG(PQstatus(c) == CONNECTION_OK, "connect %s: %s", pg_url, PQerrorMessage(c));
    PGresult *r = PQexec(c, "SET client_min_messages = warning;"
                            "DROP SCHEMA public CASCADE; CREATE SCHEMA public");
    CHECK_MSG(PQresultStatus(r) == PGRES_COMMAND_OK, "empty the schema: %s",
              PQresultErrorMessage(r));
    PQclear(r);
    PQfinish(c);
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
    CHECK_EQ_INT("schema", 12, store_schema_version(st)); /* v12: nodes, game owners */
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
    CHECK_EQ_INT("schema kept", 12, store_schema_version(st));
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

static long wal_size(void)
{
    char p[sizeof path + 8];
    snprintf(p, sizeof p, "%s-wal", path);
    return file_size(p);
}

/* WAL file bytes for n frames: a 32-byte header, then per frame a 24-byte header and a page
 * (4096 bytes, sqlite's default page size; sqlite's WAL format). */
static long wal_bytes(long n)
{
    return 32 + n * (24 + 4096);
}

/* The WAL file's size after driven_open's first commit: a fresh file's migrations (they stay
 * in the WAL until the warm-up's checkpoint) and that commit. The file never shrinks below its
 * largest size (sqlite overwrites it from the start), so the bounds below are the larger of
 * this and the turns'. */
static long wal_opened;

static long wal_bound(long n)
{
    return wal_bytes(n) > wal_opened ? wal_bytes(n) : wal_opened;
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

/* Every game 1..4 holds exactly turns events. */
static void check_turns(const char *what, int turns)
{
    store *a;
    CHECK_EQ_INT("reopen", BH_OK, store_open(path, &a));
    for (int g = 1; g <= 4; g++) {
        int n = 0;
        CHECK_EQ_INT("each", BH_OK, store_each_event(a, g, count_event, &n));
        CHECK_EQ_INT(what, turns, n);
    }
    store_close(a);
}

static store_ckpt_stats stats(store *a)
{
    store_ckpt_stats s = {0};
    CHECK_EQ_INT("stats", BH_OK, store__checkpoint_stats(a, &s));
    return s;
}

/* What one commit did to the WAL, from the policy's counters before and after it. */
typedef struct {
    bool restarted; /* it wrote from the WAL's start */
    int added;      /* frames it wrote */
} commit_seen;

static commit_seen seen_commit(store_ckpt_stats before, store_ckpt_stats after)
{
    CHECK_EQ_U64("one commit", before.commits + 1, after.commits);
    bool r = after.restarts > before.restarts;
    return (commit_seen){r, r ? after.wal_frames : after.wal_frames - before.wal_frames};
}

/* A fresh store with the policy driven by the test (store__checkpoint_manual: frames, busy,
 * ctx), its WAL restarted once: the policy counts the first commit's frames from 0, so that
 * commit also counts the frames store_open's migrations left in the WAL; after a checkpoint
 * (a step that is due) the next commit restarts the WAL and every count starts clean. */
static store *driven_open(int frames, int (*busy)(void *ctx, int n), void *ctx)
{
    fresh();
    store *a;
    CHECK_EQ_INT("open", BH_OK, store_open(path, &a));
    CHECK_EQ_INT("driven policy", BH_OK, store__checkpoint_manual(a, frames, busy, ctx));
    int64_t id;
    for (int i = 0; i < 2; i++) {
        CHECK_EQ_INT("a row", BH_OK, store_tournament_add(a, "warm-up", 1, &id));
        CHECK_EQ_INT("flush", BH_OK, store_flush(a));
        if (i == 0) /* the migrations' frames and this commit's: the file's largest size */
            wal_opened = wal_size();
        CHECK_EQ_INT("step", BH_OK, store__checkpoint_step(a, i == 0));
    }
    store_ckpt_stats s = stats(a);
    CHECK_MSG(s.restarts == 1 && s.wal_frames < frames, "warm-up: %llu restarts, %d frames",
              (unsigned long long)s.restarts, s.wal_frames);
    return a;
}

/* The policy driven after every commit (store__checkpoint_step), nothing else reading the
 * file. A checkpoint runs exactly when the frames committed since the last one reach F, and
 * copies the whole WAL: nothing overtakes it and no reader needs old frames (sqlite: a
 * PASSIVE checkpoint copies every frame no reader needs). So the commit after each checkpoint
 * restarts the WAL, and no other does (the policy sees a restart as a commit that leaves fewer
 * frames in the WAL than the last one did: so k < F, checked, k the most frames one commit
 * adds). The WAL then holds just the frames committed since the last checkpoint, and one runs
 * once they reach F: at most F - 1 + k frames, a file of at most wal_bound(F - 1 + k). Every
 * row is there after reopening. */
static void checkpoint_restarts_wal(void)
{
    enum { F = 16, TURNS = 300 };
    store *a = driven_open(F, NULL, NULL);
    CHECK_EQ_INT("only one policy", BH_ESTATE, store__checkpoint_manual(a, F, NULL, NULL));
    store_ckpt_stats s = stats(a), s0 = s;
    int grown = s.wal_frames, k = 0, most = 0;
    bool copied = false; /* the last step ran a checkpoint */
    for (int t = 0; t < TURNS; t++) {
        add_turn(a, t);
        CHECK_EQ_INT("flush", BH_OK, store_flush(a));
        store_ckpt_stats c = stats(a);
        commit_seen cs = seen_commit(s, c);
        CHECK_EQ_INT("a commit restarts the WAL iff a checkpoint ran after the last", copied,
                     cs.restarted);
        k = cs.added > k ? cs.added : k;
        most = c.wal_frames > most ? c.wal_frames : most;
        grown += cs.added;
        CHECK_EQ_INT("step", BH_OK, store__checkpoint_step(a, false));
        s = stats(a);
        copied = s.passive > c.passive;
        CHECK_EQ_INT("a checkpoint iff F frames since the last", grown >= F, copied);
        CHECK_EQ_U64("no RESTART checkpoint: the WAL never holds 4 x F", 0, s.restart_ckpt);
        if (copied)
            grown = 0;
    }
    CHECK_MSG(k > 0 && k < F, "one commit adds %d frames (1..F-1)", k);
    CHECK_MSG(s.passive - s0.passive >= TURNS / F, "%llu checkpoints",
              (unsigned long long)(s.passive - s0.passive));
    CHECK_EQ_U64("every checkpoint but a last one restarted the WAL",
                 s.passive - s0.passive - copied, s.restarts - s0.restarts);
    CHECK_MSG(most <= F - 1 + k, "the WAL held %d frames (F - 1 + k = %d)", most, F - 1 + k);
    CHECK_MSG(wal_size() <= wal_bound(F - 1 + k), "WAL file %ld bytes, bound %ld", wal_size(),
              wal_bound(F - 1 + k));
    store_close(a);
    check_turns("every flushed turn", TURNS);
}

/* The period: a step that is due checkpoints whatever was committed (here less than F
 * frames), and nothing when nothing was; a step that is not due waits for F frames. */
static void checkpoint_when_due(void)
{
    fresh();
    store *a;
    CHECK_EQ_INT("open", BH_OK, store_open(path, &a));
    CHECK_EQ_INT("no policy yet", BH_ESTATE, store__checkpoint_step(a, true));
    CHECK_EQ_INT("driven policy", BH_OK, store__checkpoint_manual(a, 1000, NULL, NULL));
    add_turn(a, 0);
    CHECK_EQ_INT("flush", BH_OK, store_flush(a));
    long db = file_size(path);
    CHECK_EQ_INT("step, not due", BH_OK, store__checkpoint_step(a, false));
    CHECK_EQ_U64("under F frames: no checkpoint", 0, stats(a).passive);
    CHECK_EQ_INT("step, due", BH_OK, store__checkpoint_step(a, true));
    CHECK_EQ_U64("due: a checkpoint", 1, stats(a).passive);
    CHECK_MSG(file_size(path) > db, "the checkpoint copied pages: %ld -> %ld bytes", db,
              file_size(path));
    CHECK_EQ_INT("step, due", BH_OK, store__checkpoint_step(a, true));
    CHECK_EQ_U64("nothing committed since: none", 1, stats(a).passive);
    store_close(a);
    check_turns("the turn", 1);
}

/* A reader that makes every checkpoint fall behind by the last commit, as the loop's commits
 * overtake the thread's checkpoints under load: its read transaction begins before each
 * commit and ends after the step, so a PASSIVE checkpoint may copy only the frames before that
 * commit (sqlite: frames past a reader's snapshot are not copied) and the next commit cannot
 * restart the WAL. It stands in for the loop's commit in flight, which a RESTART checkpoint
 * waits for (it takes the write lock); here the RESTART waits for the reader, in its busy
 * handler, lag_busy, which ends the reader's transaction. */
typedef struct {
    sqlite3 *db;
    bool open;    /* its read transaction is open */
    int released; /* read transactions ended by the busy handler */
} lag_reader;

static void lag_begin(lag_reader *r)
{
    int rc = sqlite3_exec(r->db, "BEGIN; SELECT count(*) FROM events", NULL, NULL, NULL);
    CHECK_MSG(rc == SQLITE_OK, "reader begins: %s", sqlite3_errmsg(r->db));
    r->open = true;
}

static void lag_end(lag_reader *r)
{
    if (r->open)
        CHECK_EQ_INT("reader ends", SQLITE_OK, sqlite3_exec(r->db, "COMMIT", NULL, NULL, NULL));
    r->open = false;
}

static int lag_busy(void *ctx, int n)
{
    lag_reader *r = ctx;
    (void)n;
    if (!r->open)
        return 0; /* nothing of ours holds a lock: fail at once */
    lag_end(r);
    r->released++;
    return 1;
}

/* Every checkpoint overtaken (lag_reader), the policy driven after every commit, restart
 * mark R = 4 x F. Step by step, as the policy says (store.h; store.c ckpt_step):
 * - a checkpoint runs when the frames committed since the last one began reach F, except
 *   during a catch-up; no PASSIVE lets the WAL restart, so it grows;
 * - a checkpoint that finds R frames or more starts a catch-up: at once a first PASSIVE pass
 *   (under 2R frames), then one pass per commit, until CATCH_UP_TRIES = 8 passes have run or
 *   a pass found 2R frames: then, at the next step, the RESTART checkpoint;
 * - a commit restarts the WAL iff a RESTART checkpoint ran after the commit before it.
 * So, k the most frames one commit adds, the WAL holds at most min(R + F + 9k - 2,
 * 2R + 2k - 1) frames: the catch-up begins under R + F + k - 1 frames (the checkpoint before
 * found under R, and a checkpoint runs once F - 1 + k frames more at the most were added),
 * and the RESTART comes 8 commits later at the latest; or the pass before the RESTART found
 * under 2R + k frames (the pass before it found under 2R), and one more commit. Without the
 * RESTART the WAL would hold every frame written. Every row is there after reopening.
 * F = 32 ends its catch-ups after 8 passes (8k < R), F = 4 when a pass found 2R. BY_PASS: the
 * reader stops lagging while a catch-up runs (the loop's commits no longer overtake it), so
 * its second pass copies the whole WAL, the next commit restarts it, and that ends the
 * catch-up without a RESTART checkpoint. */
typedef enum { BY_PASSES, BY_TWICE, BY_PASS } catch_up_end;

static void catch_up_case(int F, int turns, catch_up_end by)
{
    lag_reader r = {0};
    store *a = driven_open(F, lag_busy, &r);
    CHECK_EQ_INT("reader", SQLITE_OK, sqlite3_open_v2(path, &r.db, SQLITE_OPEN_READONLY, NULL));
    const int R = 4 * F;
    store_ckpt_stats s = stats(a), s0 = s;
    int k = 0, most = 0, total = 0, grown = s.wal_frames;
    int passes = 0;              /* passes of the catch-up in progress; 0: none */
    bool twice = false;          /* the last pass found 2R frames */
    bool expect_restart = false; /* the last step ran a RESTART or a checkpoint not overtaken */
    int ended[3] = {0, 0, 0};    /* catch-ups ended, by catch_up_end */
    for (int t = 0; t < turns; t++) {
        bool lag = by != BY_PASS || passes == 0;
        if (lag)
            lag_begin(&r);
        add_turn(a, t);
        CHECK_EQ_INT("flush", BH_OK, store_flush(a));
        store_ckpt_stats c = stats(a);
        commit_seen cs = seen_commit(s, c);
        CHECK_EQ_INT("a commit restarts the WAL iff the last step ran a RESTART checkpoint or a"
                     " checkpoint that nothing overtook",
                     expect_restart, cs.restarted);
        k = cs.added > k ? cs.added : k;
        total += cs.added;
        grown += cs.added;
        most = c.wal_frames > most ? c.wal_frames : most;
        CHECK_EQ_INT("step", BH_OK, store__checkpoint_step(a, false));
        lag_end(&r);
        s = stats(a);
        int ran = (int)(s.passive - c.passive), restarted = (int)(s.restart_ckpt - c.restart_ckpt);
        expect_restart = restarted || (ran && !lag);
        if (passes > 0 && cs.restarted) {
            CHECK_EQ_INT("catch-up: the WAL restarted, no more checkpoints", 0, ran + restarted);
            ended[BY_PASS]++;
            passes = 0;
            continue;
        }
        if (passes > 0) {
            bool due = passes == 8 || twice;
            CHECK_EQ_INT("catch-up: the RESTART checkpoint after 8 passes or 2R frames", due,
                         restarted);
            CHECK_EQ_INT("catch-up: else one more pass", !due, ran);
            if (due)
                ended[twice ? BY_TWICE : BY_PASSES]++;
            passes = due ? 0 : passes + 1;
            twice = c.wal_frames >= 2 * R;
            continue;
        }
        bool ckpt = grown >= F, start = ckpt && c.wal_frames >= R;
        CHECK_EQ_INT("a checkpoint iff F frames since the last began, and its catch-up pass",
                     ckpt + (start && c.wal_frames < 2 * R), ran);
        CHECK_EQ_INT("a RESTART at once when the checkpoint finds 2R", start && !ran, restarted);
        if (ckpt)
            grown = 0;
        passes = start && c.wal_frames < 2 * R ? 1 : 0;
        twice = false;
    }
    int bound = R + F + 9 * k - 2 < 2 * R + 2 * k - 1 ? R + F + 9 * k - 2 : 2 * R + 2 * k - 1;
    CHECK_MSG(total > 2 * bound, "%d frames written, bound %d: the test needs more", total, bound);
    CHECK_MSG(ended[by] >= 2, "catch-ups ended after 8 passes: %d, at 2R: %d, by a pass: %d",
              ended[BY_PASSES], ended[BY_TWICE], ended[BY_PASS]);
    /* Counted from s0: the warm-up's checkpoint (driven_open) may be a RESTART of its own
     * when the migrations left 2R frames or more (schema v10 does for F = 4). */
    uint64_t restart_ckpt = s.restart_ckpt - s0.restart_ckpt;
    CHECK_EQ_U64("WAL restarts", restart_ckpt + (uint64_t)ended[BY_PASS] - expect_restart,
                 s.restarts - s0.restarts);
    CHECK_EQ_U64("each RESTART checkpoint waited for the reader", restart_ckpt,
                 (uint64_t)r.released);
    CHECK_MSG(most <= bound, "F %d: the WAL held %d frames, bound %d (k = %d)", F, most, bound, k);
    CHECK_MSG(wal_size() <= wal_bytes(bound), "WAL file %ld bytes, bound %ld", wal_size(),
              wal_bytes(bound));
    sqlite3_close(r.db);
    store_close(a);
    check_turns("every flushed turn", turns);
}

/* A catch-up waits for the loop's next commit to see whether its pass let the WAL restart; a
 * step with no commit since the pass (the thread's 50 ms without one) ends it: no checkpoint
 * then, and the next commit's step is the plain trigger again (under F frames: nothing). */
static void catch_up_needs_a_commit(void)
{
    enum { F = 16 };
    lag_reader r = {0};
    store *a = driven_open(F, lag_busy, &r);
    CHECK_EQ_INT("reader", SQLITE_OK, sqlite3_open_v2(path, &r.db, SQLITE_OPEN_READONLY, NULL));
    int t = 0;
    store_ckpt_stats s = stats(a), c = s;
    for (; t < 1000 && s.passive - c.passive < 2; t++) { /* until a step starts a catch-up */
        lag_begin(&r);
        add_turn(a, t);
        CHECK_EQ_INT("flush", BH_OK, store_flush(a));
        c = stats(a);
        CHECK_EQ_INT("step", BH_OK, store__checkpoint_step(a, false));
        lag_end(&r);
        s = stats(a);
    }
    CHECK_MSG(s.passive - c.passive == 2 && c.wal_frames >= 4 * F,
              "a checkpoint and the first pass at %d frames", c.wal_frames);
    CHECK_EQ_INT("step, no commit", BH_OK, store__checkpoint_step(a, false));
    store_ckpt_stats n = stats(a);
    CHECK_EQ_U64("no pass without a commit", s.passive, n.passive);
    CHECK_EQ_U64("no RESTART", s.restart_ckpt, n.restart_ckpt);
    add_turn(a, t);
    CHECK_EQ_INT("flush", BH_OK, store_flush(a));
    CHECK_EQ_INT("step", BH_OK, store__checkpoint_step(a, false));
    n = stats(a);
    CHECK_MSG(n.wal_frames - c.wal_frames < F, "a turn adds under F frames");
    CHECK_EQ_U64("the catch-up ended: no pass", s.passive, n.passive);
    sqlite3_close(r.db);
    store_close(a);
    check_turns("every flushed turn", t + 1);
}

static void catch_up_by_passes(void)
{
    catch_up_case(32, 200, BY_PASSES);
}

static void catch_up_by_twice_the_mark(void)
{
    catch_up_case(4, 150, BY_TWICE);
}

static void catch_up_by_a_pass(void)
{
    catch_up_case(16, 200, BY_PASS);
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

/* store_checkpoint_thread runs the same policy on its own thread, at its own pace: under
 * continuous commits (a small restart mark, 4 x 8 frames, so that catch-ups and RESTART
 * checkpoints happen if the thread gets the CPU) and a concurrent reader, every row is there
 * after closing and reopening. How large the WAL grows depends on how fast the thread runs:
 * bench_store --frames --reader-us prints it. */
static void background_checkpoints(void)
{
    enum { TURNS = 600 };
    fresh();
    store *a;
    CHECK_EQ_INT("open", BH_OK, store_open(path, &a));
    CHECK_EQ_INT("thread", BH_OK, store_checkpoint_thread(a, 20, 8));
    CHECK_EQ_INT("no driving a thread", BH_ESTATE, store__checkpoint_step(a, false));
    reader_ctx r = {.stop = false};
    pthread_t th;
    CHECK_EQ_INT("reader", 0, pthread_create(&th, NULL, reader_main, &r));
    for (int t = 0; t < TURNS; t++) {
        add_turn(a, t);
        CHECK_EQ_INT("flush", BH_OK, store_flush(a));
        if (t % 4 == 0)
            sleep_us(100);
    }
    atomic_store(&r.stop, true);
    pthread_join(th, NULL);
    store_close(a);
    check_turns("every flushed turn", TURNS);
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

/* A crash (SIGKILL, no close, no last checkpoint) after TURNS flushed turns and one turn
 * written but not flushed, in a process whose WAL restarted many times (the policy driven
 * after every commit, F = 16, as in checkpoint_restarts_wal: the child reports its
 * restarts, the most frames a commit added, k, and the most the WAL held): reopening finds exactly
 * the flushed turns, in order, and nothing of the last; the WAL file the crash left is at most
 * wal_bound(F - 1 + k). */
static void crash_keeps_flushed_turns(void)
{
    enum { TURNS = 500, F = 16 };
    fresh();
    int fd[2];
    CHECK_EQ_INT("pipe", 0, pipe(fd));
    pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        store *a = driven_open(F, NULL, NULL);
        long k = 0, most = 0;
        store_ckpt_stats s = {0}, c;
        if (store__checkpoint_stats(a, &s) != BH_OK)
            _exit(2);
        for (int t = 0; t < TURNS; t++) {
            add_turn(a, t);
            if (store_flush(a) != BH_OK || store__checkpoint_stats(a, &c) != BH_OK ||
                store__checkpoint_step(a, false) != BH_OK)
                _exit(3);
            long added = c.restarts > s.restarts ? c.wal_frames : c.wal_frames - s.wal_frames;
            k = added > k ? added : k;
            most = c.wal_frames > most ? c.wal_frames : most;
            s = c;
        }
        add_turn(a, TURNS); /* in the open transaction: never acknowledged */
        long report[4] = {(long)s.restarts, k, most, wal_opened};
        if (write(fd[1], report, sizeof report) != (ssize_t)sizeof report)
            _exit(4);
        raise(SIGKILL);
        _exit(5);
    }
    close(fd[1]);
    long report[4] = {0, 0, 0, 0}; /* restarts, k, the most frames the WAL held, wal_opened */
    CHECK_EQ_INT("report", (long)sizeof report, (long)read(fd[0], report, sizeof report));
    close(fd[0]);
    wal_opened = report[3];
    int status = 0;
    CHECK_EQ_INT("child", pid, waitpid(pid, &status, 0));
    CHECK_MSG(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL, "child status %d", status);
    CHECK_MSG(report[0] >= TURNS / F - 1, "the child's WAL restarted %ld times", report[0]);
    CHECK_MSG(report[1] > 0 && report[1] < F, "one commit adds %ld frames (1..F-1)", report[1]);
    CHECK_MSG(report[2] <= F - 1 + report[1], "the WAL held %ld frames, F - 1 + k = %ld", report[2],
              F - 1 + report[1]);
    CHECK_MSG(wal_size() >= 0 && wal_size() <= wal_bound(F - 1 + report[1]),
              "the crashed process's WAL: %ld bytes, bound %ld", wal_size(),
              wal_bound(F - 1 + report[1]));
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
    char logf[sizeof path + 8];
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

static int keep_seed(void *ctx, const store_tour *t)
{
    *(store_tour *)ctx = *t;
    ((store_tour *)ctx)->teams = ((store_tour *)ctx)->trf = NULL;
    return 0;
}

static int count_tgame(void *ctx, const store_tgame *g)
{
    *(int *)ctx += g->round == 2 && g->team1 == 3;
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
        "ALTER TABLE games DROP COLUMN owner; ALTER TABLE games DROP COLUMN owner_epoch;"
        "DROP TABLE nodes;" /* v12 */
        "ALTER TABLE games DROP COLUMN kind; ALTER TABLE chat DROP COLUMN ply_a;"
        "ALTER TABLE chat DROP COLUMN ply_b; ALTER TABLE chat DROP COLUMN game_ms;"
        "PRAGMA user_version = 1");
    CHECK_EQ_INT("reopen v1 with the tables", BH_OK, store_open(path, &st));
    CHECK_EQ_INT("migrated", 12, store_schema_version(st));
    char buf[100] = "";
    CHECK_EQ_INT("each", BH_OK, store_each_tour(st, keep_tour_row, buf));
    CHECK_EQ_STR("the older server's row", "7 1 0 1 2 T", buf);
    store_close(st);
    raw("ALTER TABLE games DROP COLUMN owner; ALTER TABLE games DROP COLUMN owner_epoch;"
        "DROP TABLE nodes;" /* v12 */
        "DROP TABLE tour_state; DROP TABLE tour_games; ALTER TABLE games DROP COLUMN kind;"
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
    raw("ALTER TABLE games DROP COLUMN owner; ALTER TABLE games DROP COLUMN owner_epoch;"
        "DROP TABLE nodes;" /* v12 */
        "ALTER TABLE chat DROP COLUMN ply_a; ALTER TABLE chat DROP COLUMN ply_b;"
        "ALTER TABLE chat DROP COLUMN game_ms;"
        "INSERT INTO chat(game_id, t_ms, seat, text) VALUES(9, 5, 2, 'sit');"
        "PRAGMA user_version = 4");
    CHECK_EQ_INT("reopen v4", BH_OK, store_open(path, &st));
    CHECK_EQ_INT("migrated", 12, store_schema_version(st));
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

/* A crash (SIGKILL, no close) after TURNS flushed turns and one turn written but not
 * flushed, on either engine with nothing but store.h: reopening finds exactly the flushed
 * turns, in order, and nothing of the last. */
static void crash_keeps_flushed(void)
{
    enum { TURNS = 200 };
    fresh();
    pid_t pid = fork();
    if (pid == 0) {
        store *a;
        if (store_open(path, &a) != BH_OK)
            _exit(2);
        for (int t = 0; t < TURNS; t++) {
            add_turn(a, t);
            if (store_flush(a) != BH_OK)
                _exit(3);
        }
        add_turn(a, TURNS); /* in the open transaction: never acknowledged */
        raise(SIGKILL);
        _exit(5);
    }
    int status = 0;
    CHECK_EQ_INT("child", pid, waitpid(pid, &status, 0));
    CHECK_MSG(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL, "child status %d", status);
    store *a;
    CHECK_EQ_INT("reopen", BH_OK, store_open(path, &a));
    for (int g = 1; g <= 4; g++) {
        int next = 0;
        CHECK_EQ_INT("in order", BH_OK, store_each_event(a, g, check_seq, &next));
        CHECK_EQ_INT("the flushed turns, not the last", TURNS, next);
    }
    store_close(a);
}

/* The tournament tables: a state replaced in place, a game's tournament row once. */
static void tour_rows(void)
{
    fresh();
    store *st;
    CHECK_EQ_INT("open", BH_OK, store_open(path, &st));
    CHECK_EQ_INT("tables", BH_OK, store_tour_init(st));
    store_tour a = {5, 1, 0xfedcba9876543210ull, "0 1", "A"};
    CHECK_EQ_INT("put", BH_OK, store_tour_put(st, &a));
    a.trf = "B";
    a.teams = NULL;
    CHECK_EQ_INT("replace", BH_OK, store_tour_put(st, &a));
    store_tgame g = {.game = 11, .tournament = 5, .round = 2, .match = 1, .game_no = 0, .team1 = 3};
    CHECK_EQ_INT("tgame", BH_OK, store_tgame_add(st, &g));
    CHECK_EQ_INT("tgame twice", BH_EEXIST, store_tgame_add(st, &g));
    CHECK_EQ_INT("flush: the turn goes on after BH_EEXIST", BH_OK, store_flush(st));
    store_close(st);
    CHECK_EQ_INT("reopen", BH_OK, store_open(path, &st));
    char buf[100] = "";
    CHECK_EQ_INT("each", BH_OK, store_each_tour(st, keep_tour_row, buf));
    CHECK_EQ_STR("the replaced row", "5 1 - B", buf);
    store_tour seen = {0};
    CHECK_EQ_INT("each", BH_OK, store_each_tour(st, keep_seed, &seen));
    CHECK_MSG(seen.seed == 0xfedcba9876543210ull, "the 64-bit seed: %llx",
              (unsigned long long)seen.seed);
    int tgames = 0;
    CHECK_EQ_INT("each tgame", BH_OK, store_each_tgame(st, count_tgame, &tgames));
    CHECK_EQ_INT("one tgame", 1, tgames);
    int64_t tid = 0, t1 = 0, t2 = 0;
    CHECK_EQ_INT("ids from 1", BH_OK, store_tournament_add(st, "x", 1, &tid));
    CHECK_EQ_INT("team", BH_OK, store_team_add(st, tid, "A", "a", "b", &t1));
    CHECK_EQ_INT("team", BH_OK, store_team_add(st, tid, "B", "c", "d", &t2));
    CHECK_EQ_INT("tour id", 1, tid);
    CHECK_EQ_INT("next id", t1 + 1, t2);
    CHECK_EQ_INT("token", BH_OK, store_token_add(st, "h1", "team", t1, -1));
    CHECK_EQ_INT("token", BH_OK, store_token_add(st, "h2", "team", t1, -1));
    char hash[16];
    CHECK_EQ_INT("newest token", BH_OK, store_token_hash(st, "team", t1, -1, hash, sizeof hash));
    CHECK_EQ_STR("newest", "h2", hash);
    CHECK_EQ_INT("revoke", BH_OK, store_token_revoke(st, "team", t1, -1));
    CHECK_EQ_INT("none", BH_ENOTFOUND, store_token_hash(st, "team", t1, -1, hash, sizeof hash));
    store_result_set r = {1, 9, "WIN1", "mate", "*", "director", "desk"};
    CHECK_EQ_INT("result log", BH_OK, store_result_log_add(st, &r));
    CHECK_EQ_INT("flush", BH_OK, store_flush(st));
    store_close(st);
}

/* PostgreSQL: a statement that fails (a team of no tournament: the foreign key) aborts the
 * turn's transaction: store_flush fails and nothing of the turn is stored; the next turn
 * works. */
static void failed_statement_fails_turn(void)
{
    fresh();
    store *st;
    CHECK_EQ_INT("open", BH_OK, store_open(path, &st));
    store_event e = {.game = 1, .seq = 0, .kind = "start", .seat = -1, .ply = -1};
    CHECK_EQ_INT("event", BH_OK, store_event_add(st, &e));
    int64_t id = 0;
    CHECK_EQ_INT("no such tournament", BH_ESTORE, store_team_add(st, 77, "A", "a", "b", &id));
    CHECK_EQ_INT("flush fails", BH_ESTORE, store_flush(st));
    int n = 0;
    CHECK_EQ_INT("each", BH_OK, store_each_event(st, 1, count_event, &n));
    CHECK_EQ_INT("nothing of the turn", 0, n);
    CHECK_EQ_INT("next turn", BH_OK, store_event_add(st, &e));
    CHECK_EQ_INT("flush", BH_OK, store_flush(st));
    CHECK_EQ_INT("each", BH_OK, store_each_event(st, 1, count_event, &n));
    CHECK_EQ_INT("the next turn's", 1, n);
    store_close(st);
}

/* PostgreSQL: a write that waits for another connection's uncommitted row (the same event
 * key) fails after the busy time (store_set_busy_ms: lock_timeout) with BH_ESTORE, and the
 * turn with it; once the other commits, the retry finds the key taken (BH_EEXIST). */
static void busy_row(void)
{
    fresh();
    store *a, *b;
    CHECK_EQ_INT("open a", BH_OK, store_open(path, &a));
    CHECK_EQ_INT("open b", BH_OK, store_open(path, &b));
    store_set_busy_ms(a, 20);
    store_event e = {.game = 1, .seq = 0, .t_us = 0, .kind = "start", .seat = -1, .ply = -1};
    CHECK_EQ_INT("b writes the row", BH_OK, store_event_add(b, &e));
    CHECK_EQ_INT("a waits, then fails", BH_ESTORE, store_event_add(a, &e));
    CHECK_EQ_INT("a's turn fails", BH_ESTORE, store_flush(a));
    CHECK_EQ_INT("b commits", BH_OK, store_flush(b));
    CHECK_EQ_INT("a retries: taken", BH_EEXIST, store_event_add(a, &e));
    e.seq = 1;
    CHECK_EQ_INT("a's next", BH_OK, store_event_add(a, &e));
    CHECK_EQ_INT("a commits", BH_OK, store_flush(a));
    int n = 0;
    store_each_event(b, 1, count_event, &n);
    CHECK_EQ_INT("both events once", 2, n);
    store_close(b);
    store_close(a);
}

/* Append "table.column," for every column of every table of the sqlite file at file (sorted by
 * table, then column) to out. */
static void sqlite_columns(const char *file, char *out, size_t cap)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *q = NULL;
    CHECK_EQ_INT("sqlite open", SQLITE_OK, sqlite3_open(file, &db));
    CHECK_EQ_INT("sqlite columns", SQLITE_OK,
                 sqlite3_prepare_v2(db,
                                    "SELECT m.name || '.' || p.name FROM sqlite_master m,"
                                    " pragma_table_info(m.name) p WHERE m.type = 'table'"
                                    " ORDER BY 1",
                                    -1, &q, NULL));
    while (q && sqlite3_step(q) == SQLITE_ROW) {
        size_t n = strlen(out);
        snprintf(out + n, cap - n, "%s,", (const char *)sqlite3_column_text(q, 0));
    }
    sqlite3_finalize(q);
    sqlite3_close(db);
}

/* The same for the public schema of the PostgreSQL database at uri, leaving out what only
 * PostgreSQL has: its version table and the tokens' rowid (sqlite's own). */
static void pg_columns(const char *uri, char *out, size_t cap)
{
    PGconn *c = PQconnectdb(uri);
    PGresult *r = PQexec(c, "SELECT table_name || '.' || column_name FROM"
                            " information_schema.columns WHERE table_schema = 'public'"
                            " AND table_name <> 'schema_version'"
                            " AND NOT (table_name = 'tokens' AND column_name = 'rowid')"
                            " ORDER BY (table_name || '.' || column_name) COLLATE \"C\"");
    CHECK_MSG(PQresultStatus(r) == PGRES_TUPLES_OK, "columns: %s", PQresultErrorMessage(r));
    for (int i = 0; i < PQntuples(r); i++) {
        size_t n = strlen(out);
        snprintf(out + n, cap - n, "%s,", PQgetvalue(r, i, 0));
    }
    PQclear(r);
    PQfinish(c);
}

/* PostgreSQL: the migrations make the same tables with the same columns as on sqlite, and
 * every integer column is 64-bit. */
static void same_tables(void)
{
    fresh();
    store *st;
    CHECK_EQ_INT("open PostgreSQL", BH_OK, store_open(path, &st));
    store_close(st);
    char lite[600];
    CHECK_MSG(mkdtemp(dir) != NULL, "mkdtemp");
    snprintf(lite, sizeof lite, "%s/t.db", dir);
    CHECK_EQ_INT("open sqlite", BH_OK, store_open(lite, &st));
    store_close(st);
    static char a[8192], b[8192];
    a[0] = b[0] = '\0';
    sqlite_columns(lite, a, sizeof a);
    pg_columns(path, b, sizeof b);
    CHECK_MSG(strlen(a) > 200, "sqlite's columns: %s", a);
    CHECK_EQ_STR("the same tables and columns", a, b);
    bh_test_rm_db(lite);
    rmdir(dir);
    PGconn *c = PQconnectdb(path);
    PGresult *r = PQexec(c, "SELECT count(*) FROM information_schema.columns WHERE"
                            " table_schema = 'public' AND data_type = 'integer'");
    CHECK_EQ_STR("no 32-bit integer column", "0", PQgetvalue(r, 0, 0));
    PQclear(r);
    PQfinish(c);
}

/* Accounts: one per key, read back by key and id, and kept across a reopen; sessions open
 * their account until they expire or are revoked, and a revoked or expired one reads as no
 * session at all. */
static void accounts_and_sessions(void)
{
    fresh();
    store *st;
    CHECK_EQ_INT("open", BH_OK, store_open(path, &st));
    int64_t ann = 0, bob = 0, other = 0;
    CHECK_EQ_INT("ann", BH_OK, store_account_add(st, "Ann", "ann", "$argon2id$h1", 1000, &ann));
    CHECK_EQ_INT("same key", BH_EEXIST,
                 store_account_add(st, "ANN", "ann", "$argon2id$h2", 1001, &other));
    CHECK_EQ_INT("no id on a refusal", 0, other);
    CHECK_EQ_INT("bob", BH_OK, store_account_add(st, "Bob", "bob", "$argon2id$h3", 1002, &bob));
    CHECK(ann > 0 && bob > ann);
    char big[STORE_ACCOUNT_NAME_MAX + 2];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    CHECK_EQ_INT("long name", BH_ELIMIT, store_account_add(st, big, "x", "h", 1, &other));
    int64_t s1 = 0, s2 = 0, s3 = 0;
    CHECK_EQ_INT("session 1", BH_OK, store_session_add(st, "h-one", ann, 2000, 5000, &s1));
    CHECK_EQ_INT("session 2", BH_OK, store_session_add(st, "h-two", ann, 2000, 9000, &s2));
    CHECK_EQ_INT("session 3", BH_OK, store_session_add(st, "h-three", bob, 2000, 9000, &s3));
    CHECK_EQ_INT("same hash", BH_EEXIST, store_session_add(st, "h-one", bob, 2000, 9000, &other));
    CHECK_EQ_INT("no account", BH_ENOTFOUND, store_session_add(st, "h-x", 999, 2000, 9000, &other));
    CHECK_EQ_INT("flush", BH_OK, store_flush(st));
    store_close(st);

    CHECK_EQ_INT("reopen", BH_OK, store_open(path, &st));
    store_account a;
    CHECK_EQ_INT("find", BH_OK, store_account_find(st, "ann", &a));
    CHECK_EQ_INT("id", ann, a.id);
    CHECK_EQ_STR("name as typed", "Ann", a.name);
    CHECK_EQ_STR("key", "ann", a.key);
    CHECK_EQ_STR("hash", "$argon2id$h1", a.pw_hash);
    CHECK_EQ_INT("created", 1000, a.created_ms);
    CHECK_EQ_INT("get", BH_OK, store_account_get(st, bob, &a));
    CHECK_EQ_STR("bob", "Bob", a.name);
    CHECK_EQ_INT("unknown key", BH_ENOTFOUND, store_account_find(st, "cid", &a));
    CHECK_EQ_INT("unknown id", BH_ENOTFOUND, store_account_get(st, 999, &a));

    int64_t id = 0, acc = 0, exp = 0;
    CHECK_EQ_INT("open session", BH_OK, store_session_find(st, "h-one", 4999, &id, &acc, &exp));
    CHECK_EQ_INT("its id", s1, id);
    CHECK_EQ_INT("its account", ann, acc);
    CHECK_EQ_INT("its expiry", 5000, exp);
    CHECK_EQ_INT("expired at its instant", BH_ENOTFOUND,
                 store_session_find(st, "h-one", 5000, &id, &acc, &exp));
    CHECK_EQ_INT("unknown hash", BH_ENOTFOUND, store_session_find(st, "h-no", 1, NULL, NULL, NULL));
    CHECK_EQ_INT("revoke 2", BH_OK, store_session_revoke(st, s2, 3000));
    CHECK_EQ_INT("revoke 2 again", BH_OK, store_session_revoke(st, s2, 3500));
    CHECK_EQ_INT("revoke unknown", BH_ENOTFOUND, store_session_revoke(st, 999, 3000));
    CHECK_EQ_INT("revoked", BH_ENOTFOUND, store_session_find(st, "h-two", 3001, NULL, NULL, NULL));
    CHECK_EQ_INT("bob's still open", BH_OK,
                 store_session_find(st, "h-three", 3001, NULL, &acc, NULL));
    CHECK_EQ_INT("bob", bob, acc);
    int n = -1;
    CHECK_EQ_INT("revoke all of ann", BH_OK, store_session_revoke_all(st, ann, 4000, &n));
    CHECK_EQ_INT("one was open", 1, n);
    CHECK_EQ_INT("session 1 revoked", BH_ENOTFOUND,
                 store_session_find(st, "h-one", 4001, NULL, NULL, NULL));
    CHECK_EQ_INT("flush", BH_OK, store_flush(st));
    store_close(st);

    CHECK_EQ_INT("reopen", BH_OK, store_open(path, &st));
    CHECK_EQ_INT("revocation kept", BH_ENOTFOUND,
                 store_session_find(st, "h-two", 3001, NULL, NULL, NULL));
    CHECK_EQ_INT("prune", BH_OK, store_session_prune(st, 6000, &n));
    CHECK_EQ_INT("two pruned (revoked at 3000 and 4000)", 2, n);
    CHECK_EQ_INT("bob's kept", BH_OK, store_session_find(st, "h-three", 6000, NULL, NULL, NULL));
    CHECK_EQ_INT("flush", BH_OK, store_flush(st));
    store_close(st);
}

static int keep_entry(void *ctx, int64_t team, int board)
{
    size_t n = strlen(ctx);
    snprintf((char *)ctx + n, 100 - n, "%lld/%c ", (long long)team, "AB"[board]);
    return 0;
}

/* A tournament entry's board links to one account; an account may hold several entries. */
static void entries_link_accounts(void)
{
    fresh();
    store *st;
    CHECK_EQ_INT("open", BH_OK, store_open(path, &st));
    int64_t ann = 0, bob = 0, acc = 0;
    CHECK_EQ_INT("ann", BH_OK, store_account_add(st, "Ann", "ann", "h", 1, &ann));
    CHECK_EQ_INT("bob", BH_OK, store_account_add(st, "Bob", "bob", "h", 1, &bob));
    CHECK_EQ_INT("none yet", BH_ENOTFOUND, store_entry_account(st, 7, 0, &acc));
    CHECK_EQ_INT("link 7/A", BH_OK, store_entry_link(st, 7, 0, ann, 10));
    CHECK_EQ_INT("again: no change", BH_OK, store_entry_link(st, 7, 0, ann, 11));
    CHECK_EQ_INT("7/A is ann's", BH_EEXIST, store_entry_link(st, 7, 0, bob, 12));
    CHECK_EQ_INT("link 7/B", BH_OK, store_entry_link(st, 7, 1, bob, 13));
    CHECK_EQ_INT("link 9/B", BH_OK, store_entry_link(st, 9, 1, ann, 14));
    CHECK_EQ_INT("no account", BH_ENOTFOUND, store_entry_link(st, 9, 0, 999, 15));
    CHECK_EQ_INT("flush", BH_OK, store_flush(st));
    store_close(st);
    CHECK_EQ_INT("reopen", BH_OK, store_open(path, &st));
    CHECK_EQ_INT("7/B", BH_OK, store_entry_account(st, 7, 1, &acc));
    CHECK_EQ_INT("bob's", bob, acc);
    char buf[100] = "";
    CHECK_EQ_INT("ann's entries", BH_OK, store_each_entry(st, ann, keep_entry, buf));
    CHECK_EQ_STR("in team order", "7/A 9/B ", buf);
    store_close(st);
}

typedef struct {
    char seen[200];
    store_rated_game last;
} rated_walk;

static int keep_rated(void *ctx, const store_rated_game *g)
{
    rated_walk *w = ctx;
    size_t n = strlen(w->seen);
    snprintf(w->seen + n, sizeof w->seen - n, "%lld:%d ", (long long)g->game_id, g->result);
    w->last = *g;
    return 0;
}

/* Ratings (v10, G-REPLAY): a rated game writes each player's rating and history row; a
 * double comes back bit for bit (1/3, 1464.0507..., a subnormal-free tiny volatility) on
 * both engines; a game is rated once; refusals write nothing. */
static void ratings_and_history(void)
{
    fresh();
    store *st;
    CHECK_EQ_INT("open", BH_OK, store_open(path, &st));
    int64_t acc[5];
    const char *names[] = {"ann", "bob", "cid", "dan", "eve"};
    for (int i = 0; i < 5; i++)
        CHECK_EQ_INT("account", BH_OK, store_account_add(st, names[i], names[i], "h", 1, &acc[i]));
    store_rating r;
    CHECK_EQ_INT("no rating yet", BH_ENOTFOUND, store_rating_get(st, acc[0], &r));
    store_rated_game g = {.game_id = 41, .result = 2, .at_ms = 5000};
    for (int i = 0; i < 4; i++) {
        g.accounts[i] = acc[i];
        g.before[i] = (store_glicko){1500, 350, 0.06};
        g.after[i] = (store_glicko){1464.0506970673, 151.51651, 0.0599959842 + i};
    }
    g.after[1].rating = 1.0 / 3.0;
    CHECK_EQ_INT("record", BH_OK, store_rating_record(st, &g));
    CHECK_EQ_INT("rated once", BH_EEXIST, store_rating_record(st, &g));
    store_rated_game bad = g;
    bad.game_id = 42;
    bad.accounts[3] = acc[0];
    CHECK_EQ_INT("one account twice", BH_EINVAL, store_rating_record(st, &bad));
    bad.accounts[3] = 999;
    CHECK_EQ_INT("no such account", BH_ENOTFOUND, store_rating_record(st, &bad));
    bad.accounts[3] = acc[3];
    bad.result = 3;
    CHECK_EQ_INT("result 3", BH_EINVAL, store_rating_record(st, &bad));
    store_rated_game g2 = {
        .game_id = 7, .result = 1, .at_ms = 6000, .accounts = {acc[4], acc[1], acc[0], acc[2]}};
    g2.before[1] = g.after[1];
    g2.after[1] = (store_glicko){1490.25, 140.5, 0.06};
    CHECK_EQ_INT("second game", BH_OK, store_rating_record(st, &g2));
    CHECK_EQ_INT("flush", BH_OK, store_flush(st));
    store_close(st);

    CHECK_EQ_INT("reopen", BH_OK, store_open(path, &st));
    CHECK_EQ_INT("ann's", BH_OK, store_rating_get(st, acc[0], &r));
    CHECK(r.g.rating == g2.after[2].rating && r.g.rd == g2.after[2].rd);
    CHECK_EQ_INT("ann played 2", 2, r.games);
    CHECK_EQ_INT("updated", 6000, r.updated_ms);
    CHECK_EQ_INT("dan's", BH_OK, store_rating_get(st, acc[3], &r));
    CHECK_MSG(r.g.rating == 1464.0506970673 && r.g.rd == 151.51651 && r.g.vol == 3.0599959842,
              "dan: %.17g %.17g %.17g", r.g.rating, r.g.rd, r.g.vol);
    CHECK_EQ_INT("dan played 1", 1, r.games);
    rated_walk w;
    memset(&w, 0, sizeof w);
    CHECK_EQ_INT("all", BH_OK, store_each_rated_game(st, 0, keep_rated, &w));
    CHECK_EQ_STR("in the order rated", "41:2 7:1 ", w.seen);
    CHECK(w.last.before[1].rating == 1.0 / 3.0); /* bob's before, exactly */
    CHECK(w.last.after[1].rating == 1490.25);
    CHECK_EQ_INT("team A first", acc[4], w.last.accounts[0]);
    memset(&w, 0, sizeof w);
    CHECK_EQ_INT("dan's games", BH_OK, store_each_rated_game(st, acc[3], keep_rated, &w));
    CHECK_EQ_STR("only game 41", "41:2 ", w.seen);
    CHECK(w.last.after[1].rating == 1.0 / 3.0);
    store_close(st);
}

/* Two nodes on one database (two connections, as two processes have): a game claimed by
 * node a is refused to node b while a's lease holds and given to b once it ran out; from
 * then on a's writes for it are fenced, and the whole turn they were in is rolled back (an
 * event of another game written in the same turn is not kept either); a process that joined
 * under a's name again fences the older one's lease. The scenario of issue "past one
 * machine": a node paused by SIGSTOP past its lease changes nothing when it wakes. */
static void nodes_fence(void)
{
    fresh();
    store *a, *b;
    CHECK_EQ_INT("open a", BH_OK, store_open(path, &a));
    CHECK_EQ_INT("open b", BH_OK, store_open(path, &b));
    store_game g = {.base_ms = 60000, .created_ms = 1, .status = STORE_LIVE, .ruleset = "online"};
    int64_t gid = 0, gid2 = 0;
    CHECK_EQ_INT("game", BH_OK, store_game_add(a, &g, &gid));
    CHECK_EQ_INT("game 2", BH_OK, store_game_add(a, &g, &gid2));
    int64_t ea = 0, eb = 0, ge = 0, ge2 = 0, ge_b = 0;
    CHECK_EQ_INT("bad name", BH_EINVAL, store_node_join(a, "", 0, 3000, &ea));
    CHECK_EQ_INT("a joins", BH_OK, store_node_join(a, "node-a", 1000, 3000, &ea));
    CHECK_EQ_INT("a's first epoch", 1, ea);
    CHECK_EQ_INT("a claims", BH_OK, store_node_claim(a, "node-a", gid, 1000, &ge));
    CHECK_EQ_INT("a claims 2", BH_OK, store_node_claim(a, "node-a", gid2, 1000, &ge2));
    CHECK_EQ_INT("game epoch", 1, ge);
    CHECK_EQ_INT("a's turn", BH_OK, store_flush(a));
    CHECK_EQ_INT("b joins", BH_OK, store_node_join(b, "node-b", 2000, 3000, &eb));
    CHECK_EQ_INT("a's lease holds the game", BH_ESTATE,
                 store_node_claim(b, "node-b", gid, 3999, &ge_b));
    CHECK_EQ_INT("no such game", BH_ENOTFOUND, store_node_claim(b, "node-b", 999, 3999, &ge_b));
    CHECK_EQ_INT("b's turn", BH_OK, store_flush(b));
    /* a writes under its fence: kept */
    store_event e = {.game = gid, .seq = 0, .kind = "start", .seat = -1, .ply = -1};
    CHECK_EQ_INT("a's fence", BH_OK, store_node_fence(a, "node-a", ea, gid, ge));
    CHECK_EQ_INT("a's event", BH_OK, store_event_add(a, &e));
    CHECK_EQ_INT("a's turn 2", BH_OK, store_flush(a));
    /* a stops renewing (paused); its lease ran out at 4000: b takes the game over */
    CHECK_EQ_INT("b claims", BH_OK, store_node_claim(b, "node-b", gid, 4001, &ge_b));
    CHECK_EQ_INT("the next epoch", 2, ge_b);
    CHECK_EQ_INT("b's turn 2", BH_OK, store_flush(b));
    char owner[STORE_NODE_NAME_MAX + 1];
    int64_t oe = 0;
    CHECK_EQ_INT("owner", BH_OK, store_node_owner(a, gid, owner, &oe));
    CHECK_EQ_STR("b owns it", "node-b", owner);
    CHECK_EQ_INT("at epoch 2", 2, oe);
    /* a wakes: a move of each of its games in one turn; the fence of the lost one fails and
     * the turn is rolled back whole */
    store_event e2 = {.game = gid2, .seq = 0, .kind = "start", .seat = -1, .ply = -1};
    CHECK_EQ_INT("a's fence, game 2", BH_OK, store_node_fence(a, "node-a", ea, gid2, ge2));
    CHECK_EQ_INT("a's event, game 2", BH_OK, store_event_add(a, &e2));
    CHECK_EQ_INT("a's fence fails", BH_EFENCED, store_node_fence(a, "node-a", ea, gid, ge));
    store_event late = {.game = gid, .seq = 1, .kind = "move", .seat = 0, .ply = 0, .text = "e2e4"};
    store_event_add(a, &late);
    CHECK_EQ_INT("a's turn is fenced", BH_EFENCED, store_flush(a));
    int n = 0;
    CHECK_EQ_INT("events", BH_OK, store_each_event(b, gid, count_event, &n));
    CHECK_EQ_INT("only the event a wrote while it owned the game", 1, n);
    n = 0;
    CHECK_EQ_INT("events 2", BH_OK, store_each_event(b, gid2, count_event, &n));
    CHECK_EQ_INT("nothing of the fenced turn", 0, n);
    /* b writes its own move */
    CHECK_EQ_INT("b's fence", BH_OK, store_node_fence(b, "node-b", eb, gid, ge_b));
    CHECK_EQ_INT("b's event", BH_OK, store_event_add(b, &late));
    CHECK_EQ_INT("b's turn 3", BH_OK, store_flush(b));
    /* a process that joins as node-a again fences the older one */
    store *a2;
    int64_t ea2 = 0;
    CHECK_EQ_INT("open a2", BH_OK, store_open(path, &a2));
    CHECK_EQ_INT("a2 joins", BH_OK, store_node_join(a2, "node-a", 5000, 3000, &ea2));
    CHECK_EQ_INT("a2's epoch", 2, ea2);
    CHECK_EQ_INT("a2's turn", BH_OK, store_flush(a2));
    CHECK_EQ_INT("the old a renews: fenced", BH_EFENCED,
                 store_node_renew(a, "node-a", ea, 5001, 3000));
    CHECK_EQ_INT("and its turn rolls back", BH_EFENCED, store_flush(a));
    CHECK_EQ_INT("a2 renews", BH_OK, store_node_renew(a2, "node-a", ea2, 5001, 3000));
    CHECK_EQ_INT("a2 claims its name's game 2", BH_OK,
                 store_node_claim(a2, "node-a", gid2, 5001, &ge2));
    CHECK_EQ_INT("game 2's next epoch", 2, ge2);
    CHECK_EQ_INT("a2's turn 2", BH_OK, store_flush(a2));
    CHECK_EQ_INT("the old a's fence for game 2", BH_EFENCED,
                 store_node_fence(a, "node-a", ea, gid2, 1));
    CHECK_EQ_INT("rolled back", BH_EFENCED, store_flush(a));
    store_close(a2);
    store_close(b);
    store_close(a);
}

/* A store bound to its node (store_node_bind), as the server runs with --node: the games it
 * adds are its own at epoch 1, and each write of one is fenced without the caller asking; once
 * its lease ran out and node b took a game over (found by store_node_orphans), a's write for
 * it fails, its turn rolls back, and its renewal is refused; a game it never claimed cannot be
 * written either. */
static void nodes_bound(void)
{
    fresh();
    store *a, *b;
    CHECK_EQ_INT("open a", BH_OK, store_open(path, &a));
    CHECK_EQ_INT("open b", BH_OK, store_open(path, &b));
    int64_t ea = 0, eb = 0, oe = 0, ge_b = 0;
    CHECK_EQ_INT("a joins", BH_OK, store_node_join(a, "node-a", 1000, 3000, &ea));
    CHECK_EQ_INT("a's join", BH_OK, store_flush(a));
    CHECK_EQ_INT("a binds", BH_OK, store_node_bind(a, "node-a", ea));
    CHECK_EQ_INT("bound once", BH_EINVAL, store_node_bind(a, "node-a", ea));
    store_game g = {.base_ms = 60000, .created_ms = 1, .status = STORE_LIVE, .ruleset = "online"};
    int64_t gid = 0, free_gid = 0;
    CHECK_EQ_INT("a's game", BH_OK, store_game_add(a, &g, &gid));
    store_event e = {.game = gid, .seq = 0, .kind = "start", .seat = -1, .ply = -1};
    CHECK_EQ_INT("its event", BH_OK, store_event_add(a, &e));
    CHECK_EQ_INT("a's turn", BH_OK, store_flush(a));
    char owner[STORE_NODE_NAME_MAX + 1];
    CHECK_EQ_INT("owner", BH_OK, store_node_owner(b, gid, owner, &oe));
    CHECK_EQ_STR("a owns the game it added", "node-a", owner);
    CHECK_EQ_INT("at epoch 1", 1, oe);
    CHECK_EQ_INT("an unowned game", BH_OK, store_game_add(b, &g, &free_gid));
    CHECK_EQ_INT("b joins", BH_OK, store_node_join(b, "node-b", 2000, 3000, &eb));
    CHECK_EQ_INT("b's turn", BH_OK, store_flush(b));
    int64_t ids[4];
    int n = -1;
    CHECK_EQ_INT("orphans while a's lease holds", BH_OK,
                 store_node_orphans(b, "node-b", 3999, ids, 4, &n));
    CHECK_EQ_INT("only the unowned game", 1, n);
    CHECK_EQ_INT("which is", free_gid, ids[0]);
    CHECK_EQ_INT("orphans after it ran out", BH_OK,
                 store_node_orphans(b, "node-b", 4001, ids, 4, &n));
    CHECK_EQ_INT("a's game too", 2, n);
    CHECK_EQ_INT("a's first", gid, ids[0]);
    CHECK_EQ_INT("b takes it over", BH_OK, store_node_claim(b, "node-b", gid, 4001, &ge_b));
    CHECK_EQ_INT("b's turn 2", BH_OK, store_flush(b));
    CHECK_EQ_INT("no orphans left for b but the unowned one", BH_OK,
                 store_node_orphans(b, "node-b", 4001, ids, 4, &n));
    CHECK_EQ_INT("one", 1, n);
    store_event late = {.game = gid, .seq = 1, .kind = "move", .seat = 0, .ply = 0, .text = "e2e4"};
    CHECK_EQ_INT("a's write is fenced", BH_EFENCED, store_event_add(a, &late));
    CHECK_EQ_INT("a's turn rolls back", BH_EFENCED, store_flush(a));
    n = 0;
    CHECK_EQ_INT("events", BH_OK, store_each_event(b, gid, count_event, &n));
    CHECK_EQ_INT("only the event a wrote while it owned the game", 1, n);
    CHECK_EQ_INT("a's lease ran out: its renewal is refused", BH_EFENCED,
                 store_node_renew(a, "node-a", ea, 5000, 3000));
    CHECK_EQ_INT("rolled back", BH_EFENCED, store_flush(a));
    store_event other = {.game = free_gid, .seq = 0, .kind = "start", .seat = -1, .ply = -1};
    CHECK_EQ_INT("a game a never claimed", BH_EFENCED, store_event_add(a, &other));
    CHECK_EQ_INT("rolled back too", BH_EFENCED, store_flush(a));
    /* a rejoins (a new epoch, its old games lost): a finished game is written by any live node
     * (a director's result), and a team's token names a team, not a game */
    CHECK_EQ_INT("a rejoins", BH_OK, store_node_join(b, "node-a", 5000, 3000, &ea));
    CHECK_EQ_INT("a's rejoin", BH_OK, store_flush(b));
    store *a2;
    CHECK_EQ_INT("open a2", BH_OK, store_open(path, &a2));
    CHECK_EQ_INT("a2 binds", BH_OK, store_node_bind(a2, "node-a", ea));
    store_game fin = g;
    fin.status = STORE_FINISHED;
    fin.result = "1-0";
    int64_t fin_gid = 0;
    CHECK_EQ_INT("a finished game of nobody's", BH_OK, store_game_add(b, &fin, &fin_gid));
    CHECK_EQ_INT("b's turn 2b", BH_OK, store_flush(b));
    CHECK_EQ_INT("its result set again by a2", BH_OK,
                 store_game_update(a2, fin_gid, STORE_FINISHED, "0-1", "adjudicated", NULL, NULL));
    store_result_set rs = {.game = fin_gid, .at_ms = 5000, .result = "0-1", .was = "1-0"};
    CHECK_EQ_INT("and logged", BH_OK, store_result_log_add(a2, &rs));
    CHECK_EQ_INT("a team's token", BH_OK, store_token_add(a2, "ab12", "team", 987654, -1));
    CHECK_EQ_INT("a2's turn", BH_OK, store_flush(a2));
    CHECK_EQ_INT("a live game still is not a2's", BH_EFENCED,
                 store_game_update(a2, gid, STORE_FINISHED, "0-1", NULL, NULL, NULL));
    CHECK_EQ_INT("rolled back", BH_EFENCED, store_flush(a2));
    store_close(a2);
    CHECK_EQ_INT("b renews in time", BH_OK, store_node_renew(b, "node-b", eb, 4999, 3000));
    CHECK_EQ_INT("b's turn 3", BH_OK, store_flush(b));
    /* b stops cleanly: its game may be taken over at once, not at 7999 */
    CHECK_EQ_INT("b leaves", BH_OK, store_node_leave(b, "node-b", eb));
    CHECK_EQ_INT("b's last turn", BH_OK, store_flush(b));
    CHECK_EQ_INT("a stale epoch cannot leave", BH_EFENCED, store_node_leave(a, "node-b", eb + 1));
    CHECK_EQ_INT("rolled back", BH_EFENCED, store_flush(a));
    int64_t ge_c = 0;
    CHECK_EQ_INT("node c takes b's game at 5000", BH_OK,
                 store_node_claim(a, "node-c", gid, 5000, &ge_c));
    CHECK_EQ_INT("its next epoch", 3, ge_c);
    CHECK_EQ_INT("c's turn", BH_OK, store_flush(a));
    store_close(b);
    store_close(a);
}

static const bh_test_case cases[] = {
    {"ratings_and_history", ratings_and_history},
    {"accounts_and_sessions", accounts_and_sessions},
    {"entries_link_accounts", entries_link_accounts},
    {"league_rows", league_rows},
    {"club_state_rows", club_state_rows},
    {"tour_tables_v2", tour_tables_v2},
    {"round_trip", round_trip},
    {"turn_transaction", turn_transaction},
    {"busy_database", busy_database},
    {"checkpoint_restarts_wal", checkpoint_restarts_wal},
    {"checkpoint_when_due", checkpoint_when_due},
    {"catch_up_by_passes", catch_up_by_passes},
    {"catch_up_by_twice_the_mark", catch_up_by_twice_the_mark},
    {"catch_up_by_a_pass", catch_up_by_a_pass},
    {"catch_up_needs_a_commit", catch_up_needs_a_commit},
    {"background_checkpoints", background_checkpoints},
    {"crash_keeps_flushed_turns", crash_keeps_flushed_turns},
    {"open_failures", open_failures},
    {"disk_full", disk_full},
    {"chat_anchor_v5", chat_anchor_v5},
    {"crash_keeps_flushed", crash_keeps_flushed},
    {"tour_rows", tour_rows},
    {"nodes_fence", nodes_fence},
    {"nodes_bound", nodes_bound},
};

/* The cases that run on PostgreSQL: all but those that look at sqlite's files. */
static const bh_test_case pg_cases[] = {
    {"league_rows", league_rows},
    {"club_state_rows", club_state_rows},
    {"round_trip", round_trip},
    {"turn_transaction", turn_transaction},
    {"crash_keeps_flushed", crash_keeps_flushed},
    {"tour_rows", tour_rows},
    {"failed_statement_fails_turn", failed_statement_fails_turn},
    {"busy_row", busy_row},
    {"same_tables", same_tables},
    {"accounts_and_sessions", accounts_and_sessions},
    {"entries_link_accounts", entries_link_accounts},
    {"ratings_and_history", ratings_and_history},
    {"nodes_fence", nodes_fence},
    {"nodes_bound", nodes_bound},
};

int main(int argc, char **argv)
{
    pg_url = getenv("BH_TEST_PG");
    if (pg_url && *pg_url) {
        printf("store on PostgreSQL (BH_TEST_PG)\n");
        return bh_test_run(pg_cases, BH_ARRAY_LEN(pg_cases), argc, argv);
    }
    pg_url = NULL;
    if (!mkdtemp(dir))
        return 1;
    int rc = bh_test_run(cases, BH_ARRAY_LEN(cases), argc, argv);
    fresh();
    rmdir(dir);
    return rc;
}
