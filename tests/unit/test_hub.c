/* test_hub.c: the hub without sockets: a fake transport records what would be sent and the
 * timer it would arm, the time is passed in. Proves: nothing is acknowledged before the
 * turn's store commit; a flag is dated at its exact instant when the timer fires late
 * (R-FLAG-EXACT) and the single timer is armed to the earliest deadline; a game starts only
 * when all four seats are connected, and a disconnected player's clock keeps running; a
 * finished game leaves memory and is the same state, BPGN and resend ack when asked for later
 * and after a restart (docs/runner.md "Finished games").
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "auth.h"
#include "bh.h"
#include "bh_test.h"
#include "hub.h"
#include "store.h"

#define ADMIN "unit-admin-token-0123456789"
#define T0 1000000000ULL /* monotonic µs of the first event: arbitrary */

#include "hub_fake.h"

#define f_find f_last

static char dbpath[64];
static store *st;
static hub *h;
static fake io_log;

static void open_hub(const char *rules)
{
    snprintf(dbpath, sizeof dbpath, "/tmp/bh_test_hub_%d.db", (int)getpid());
    memset(&io_log, 0, sizeof io_log);
    CHECK_EQ_INT("hub", BH_OK, f_open_hub(dbpath, true, rules, ADMIN, &io_log, T0, &st, &h));
}

static void close_hub(void)
{
    f_close_hub(&io_log, st, h);
    bh_test_rm_db(dbpath);
}

/* One loop turn: a message from conn at now, then the turn's end. */
static void turn(uint64_t conn, const char *json, uint64_t now)
{
    hub_on_text(h, conn, json, strlen(json), now);
    hub_turn_end(h);
}

static char tokens[4][AUTH_TOKEN_LEN + 1];

/* The four seat tokens of a game_created message r (NULL: none read). */
static void read_tokens(const char *r)
{
    const char *t = r ? strstr(r, "\"tokens\":[") : NULL;
    for (int i = 0; t && i < 4; i++) {
        t = strchr(t + (i ? 1 : 10), '"');
        memcpy(tokens[i], t + 1, AUTH_TOKEN_LEN);
        tokens[i][AUTH_TOKEN_LEN] = '\0';
        t += AUTH_TOKEN_LEN + 1;
    }
}

/* Director (conn 1) creates game 1 with base_ms and reads the tokens. */
static void make_game(int base_ms)
{
    hub_on_open(h, 1);
    turn(1, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ADMIN "\"}", T0);
    char msg[160];
    snprintf(msg, sizeof msg, "{\"type\":\"game_create\",\"id\":2,\"base_ms\":%d}", base_ms);
    turn(1, msg, T0);
    const char *r = f_find(&io_log, 1, "game_created");
    CHECK_MSG(r != NULL, "no game_created");
    read_tokens(r);
}

/* Seat s connects as conn 10+s and joins game 1 at now. */
static void seat(int s, uint64_t now)
{
    char msg[256];
    hub_on_open(h, 10 + (uint64_t)s);
    snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":3,\"token\":\"%s\"}", tokens[s]);
    turn(10 + (uint64_t)s, msg, now);
    turn(10 + (uint64_t)s, "{\"type\":\"join\",\"id\":4,\"game\":1}", now);
}

static int count_events(void *ctx, const store_event *e)
{
    (void)e;
    ++*(int *)ctx;
    return 0;
}

static void ack_only_after_commit(void)
{
    open_hub("online");
    make_game(60000);
    for (int s = 0; s < 4; s++)
        seat(s, T0);
    f_clear(&io_log);
    store *other;
    CHECK_EQ_INT("second handle", BH_OK, store_open(dbpath, &other));
    int before = 0;
    store_each_event(other, 1, count_events, &before);
    const char *mv = "{\"type\":\"move\",\"id\":9,\"game\":1,\"board\":\"A\",\"ply\":0,"
                     "\"move\":\"e2e4\"}";
    hub_on_text(h, 10, mv, strlen(mv), T0 + 1000);
    CHECK_EQ_INT("nothing sent before the turn ends", 0, io_log.n);
    int mid = 0;
    store_each_event(other, 1, count_events, &mid);
    CHECK_EQ_INT("not visible before commit", before, mid);
    CHECK_EQ_INT("turn end", BH_OK, hub_turn_end(h));
    int after = 0;
    store_each_event(other, 1, count_events, &after);
    CHECK_EQ_INT("committed", before + 1, after);
    CHECK_MSG(f_find(&io_log, 10, "\"type\":\"ack\"") != NULL, "no ack after commit");
    /* Every one of the four players and no one else got the move delta. */
    for (uint64_t c = 10; c < 14; c++)
        CHECK_MSG(f_find(&io_log, c, "\"type\":\"move\"") != NULL, "conn %d: no delta", (int)c);
    store_close(other);
    close_hub();
}

typedef struct {
    int64_t t_us;
    int seat;
} flag_seen;

static int find_flag(void *ctx, const store_event *e)
{
    flag_seen *f = ctx;
    if (strcmp(e->kind, "flag") == 0 && f->t_us < 0) {
        f->t_us = e->t_us;
        f->seat = e->seat;
    }
    return 0;
}

static void flag_dated_exactly_when_late(void)
{
    open_hub("online"); /* settle 0: the first flag ends the game */
    make_game(1000);
    for (int s = 0; s < 4; s++)
        seat(s, T0);
    /* Both Whites' clocks run from T0: the timer is armed for T0 + 1 s exactly. */
    CHECK_EQ_U64("armed at the first flag", T0 + 1000000, io_log.timer_at);
    turn(12,
         "{\"type\":\"move\",\"id\":5,\"game\":1,\"board\":\"B\",\"ply\":0,"
         "\"move\":\"d2d4\"}",
         T0 + 100000);
    CHECK_EQ_U64("still the earliest", T0 + 1000000, io_log.timer_at);
    f_clear(&io_log);
    int calls = io_log.timer_calls;
    /* The timer fires 2.7 s late. White A's flag is dated at 1.000000 s. */
    hub_on_timer(h, T0 + 3700000);
    hub_turn_end(h);
    const char *res = f_find(&io_log, 13, "\"type\":\"result\"");
    CHECK_MSG(res && strstr(res, "\"result\":\"0-1\",\"reason\":\"flag\""), "result: %s",
              res ? res : "(none)");
    /* Clocks stop at the flag instant: White A 0; Black B ran from 0.1 s to 1.0 s. */
    CHECK_MSG(res && strstr(res, "\"clock_ms\":[0,1000,900,100]"), "clocks at the flag instant: %s",
              res ? res : "(none)");
    CHECK_EQ_INT("game over: the fired timer is not re-armed", calls, io_log.timer_calls);
    /* The stored flag event carries the exact instant (game time 1.000000 s). */
    flag_seen fs = {-1, -1};
    store_each_event(st, 1, find_flag, &fs);
    CHECK_EQ_INT("flag instant", 1000000, fs.t_us);
    CHECK_EQ_INT("flag seat", 0, fs.seat);
    close_hub();
}

static void starts_with_four_and_clock_runs_when_away(void)
{
    open_hub("regulation");
    make_game(60000);
    for (int s = 0; s < 3; s++)
        seat(s, T0);
    turn(10,
         "{\"type\":\"move\",\"id\":5,\"game\":1,\"board\":\"A\",\"ply\":0,"
         "\"move\":\"e2e4\"}",
         T0);
    CHECK_MSG(f_find(&io_log, 10, "\"code\":\"bad_state\"") != NULL,
              "a move before the start was not bad_state");
    CHECK_MSG(!f_find(&io_log, 10, "\"type\":\"start\""), "started with three seats");
    CHECK_EQ_U64("no timer before the start", 0, io_log.timer_at);
    seat(3, T0 + 500000);
    CHECK_MSG(f_find(&io_log, 10, "\"type\":\"start\"") != NULL, "no start with four seats");
    /* White A disconnects; 10 s later its clock shows 50 s left: it kept running. */
    hub_on_close(h, 10);
    hub_turn_end(h);
    CHECK_MSG(f_find(&io_log, 13,
                     "\"type\":\"seat\",\"game\":1,\"seat\":0,"
                     "\"connected\":false") != NULL,
              "no seat broadcast");
    f_clear(&io_log);
    turn(13, "{\"type\":\"join\",\"id\":6,\"game\":1}", T0 + 500000 + 10000000);
    const char *st8 = f_find(&io_log, 13, "\"type\":\"state\"");
    CHECK_MSG(st8 && strstr(st8, "\"clock_ms\":[50000,60000,50000,60000]"), "state: %s",
              st8 ? st8 : "(none)");
    CHECK_MSG(st8 && strstr(st8, "{\"seat\":0,\"name\":\"\",\"connected\":false}"),
              "seat 0 shown disconnected: %s", st8 ? st8 : "(none)");
    /* White A reconnects with its token: same seat. */
    hub_on_open(h, 20);
    char msg[160];
    snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":7,\"token\":\"%s\"}", tokens[0]);
    turn(20, msg, T0 + 11000000);
    turn(20, "{\"type\":\"join\",\"id\":8,\"game\":1}", T0 + 11000000);
    CHECK_MSG(f_find(&io_log, 20, "\"you\":0") != NULL, "reconnected seat");
    close_hub();
}

/* P-AGREE through the hub: decline with nothing pending is bad_state; an offer by team 1
 * and acceptance by team 2 draw the game; a claim that is not a repetition is bad_state. */
static void draw_by_agreement(void)
{
    open_hub("online");
    make_game(60000);
    for (int s = 0; s < 4; s++)
        seat(s, T0);
    turn(11, "{\"type\":\"claim\",\"id\":20,\"game\":1}", T0 + 1000);
    CHECK_MSG(f_find(&io_log, 11, "\"id\":20,\"code\":\"bad_state\"") != NULL,
              "claim without repetition accepted");
    turn(11, "{\"type\":\"draw\",\"id\":21,\"game\":1,\"action\":\"decline\"}", T0 + 2000);
    CHECK_MSG(f_find(&io_log, 11, "\"id\":21,\"code\":\"bad_state\"") != NULL,
              "decline with nothing pending accepted");
    turn(10, "{\"type\":\"draw\",\"id\":22,\"game\":1,\"action\":\"offer\"}", T0 + 3000);
    CHECK_MSG(f_find(&io_log, 10, "\"type\":\"ack\",\"id\":22") != NULL, "offer not acked");
    CHECK_MSG(f_find(&io_log, 12, "\"kind\":\"draw_offer\"") != NULL, "offer not shown");
    turn(13, "{\"type\":\"draw\",\"id\":23,\"game\":1,\"action\":\"accept\"}", T0 + 4000);
    CHECK_MSG(f_find(&io_log, 13, "\"id\":23,\"code\":\"bad_state\"") != NULL,
              "own team accepted its own offer");
    turn(12, "{\"type\":\"draw\",\"id\":24,\"game\":1,\"action\":\"accept\"}", T0 + 5000);
    const char *res = f_find(&io_log, 10, "\"type\":\"result\"");
    CHECK_MSG(res && strstr(res, "\"result\":\"1/2-1/2\",\"reason\":\"agreement\""), "result: %s",
              res ? res : "(none)");
    close_hub();
}

/* The store fails (another connection holds the write lock): the move is not acknowledged
 * and nothing of the turn is sent; hub_turn_end reports BH_ESTORE (the server then stops). */
static void store_failure_acknowledges_nothing(void)
{
    open_hub("online");
    make_game(60000);
    for (int s = 0; s < 4; s++)
        seat(s, T0);
    f_clear(&io_log);
    store *other;
    CHECK_EQ_INT("second handle", BH_OK, store_open(dbpath, &other));
    store_event e = {.game = 99, .seq = 0, .t_us = 0, .kind = "lock", .seat = -1, .ply = -1};
    CHECK_EQ_INT("lock", BH_OK, store_event_add(other, &e));
    store_set_busy_ms(st, 10);
    const char *mv = "{\"type\":\"move\",\"id\":9,\"game\":1,\"board\":\"A\",\"ply\":0,"
                     "\"move\":\"e2e4\"}";
    hub_on_text(h, 10, mv, strlen(mv), T0 + 1000);
    CHECK_EQ_INT("turn end fails", BH_ESTORE, hub_turn_end(h));
    CHECK_EQ_INT("nothing sent", 0, io_log.n);
    store_flush(other);
    store_close(other);
    close_hub();
}

/* The director joins two games (a dashboard) and receives the moves of both; a spectator's
 * second join replaces its first. */
static void director_watches_many(void)
{
    open_hub("online");
    make_game(60000);
    turn(1, "{\"type\":\"game_create\",\"id\":30,\"base_ms\":60000}", T0);
    for (int s = 0; s < 4; s++)
        seat(s, T0);
    turn(1, "{\"type\":\"join\",\"id\":31,\"game\":1}", T0);
    turn(1, "{\"type\":\"join\",\"id\":32,\"game\":2}", T0);
    turn(1, "{\"type\":\"join\",\"id\":33,\"game\":2}", T0); /* again: no double */
    hub_on_open(h, 50);
    turn(50, "{\"type\":\"join\",\"id\":34,\"game\":1}", T0);
    turn(50, "{\"type\":\"join\",\"id\":35,\"game\":2}", T0);
    turn(1, "{\"type\":\"game_start\",\"id\":36,\"game\":2}", T0);
    f_clear(&io_log);
    turn(10,
         "{\"type\":\"move\",\"id\":37,\"game\":1,\"board\":\"A\",\"ply\":0,"
         "\"move\":\"e2e4\"}",
         T0 + 1000);
    int n1 = 0, n50 = 0;
    for (int i = 0; i < io_log.n; i++) {
        n1 += io_log.conn[i] == 1 && strstr(io_log.msg[i], "\"type\":\"move\",\"game\":1");
        n50 += io_log.conn[i] == 50 && strstr(io_log.msg[i], "\"type\":\"move\"") != NULL;
    }
    CHECK_EQ_INT("director got game 1's move once", 1, n1);
    CHECK_EQ_INT("spectator left game 1", 0, n50);
    close_hub();
}

/* P-RESERVE: the reserves are public. 1.e4 d5 2.exd5 on board A hands the pawn to White A's
 * partner, Black on board B; the move that captured it reaches both teams' four seats and a
 * spectator with board B's FEN showing that reserve, and so does a spectator's state. */
static void reserves_are_public(void)
{
    static const char *const b_fen = "RNBQKBNR[p] w KQkq - 0 1";
    open_hub("online");
    make_game(60000);
    for (int s = 0; s < 4; s++)
        seat(s, T0);
    hub_on_open(h, 50); /* no auth: a spectator */
    turn(50, "{\"type\":\"join\",\"id\":5,\"game\":1}", T0);
    turn(10,
         "{\"type\":\"move\",\"id\":6,\"game\":1,\"board\":\"A\",\"ply\":0,"
         "\"move\":\"e2e4\"}",
         T0 + 1000);
    turn(11,
         "{\"type\":\"move\",\"id\":7,\"game\":1,\"board\":\"A\",\"ply\":1,"
         "\"move\":\"d7d5\"}",
         T0 + 2000);
    f_clear(&io_log);
    turn(10,
         "{\"type\":\"move\",\"id\":8,\"game\":1,\"board\":\"A\",\"ply\":2,"
         "\"move\":\"e4d5\"}",
         T0 + 3000);
    static const uint64_t conns[] = {10, 11, 12, 13, 50};
    for (size_t i = 0; i < BH_ARRAY_LEN(conns); i++) {
        const char *m = f_last(&io_log, conns[i], "\"type\":\"move\"");
        CHECK_MSG(m && strstr(m, b_fen), "conn %d: the capture's move shows no reserve on B: %s",
                  (int)conns[i], m ? m : "(none)");
    }
    f_clear(&io_log);
    turn(50, "{\"type\":\"join\",\"id\":9,\"game\":1}", T0 + 4000);
    const char *state = f_last(&io_log, 50, "\"type\":\"state\"");
    CHECK_MSG(state && strstr(state, "\"role\":\"spectator\"") && strstr(state, b_fen),
              "the spectator's state shows no reserve on B: %s", state ? state : "(none)");
    close_hub();
}

/* ---- finished games live in the store (issue 14 item 5) ------------------------------------ */

/* A copy of the last message to conn containing needle with its "server_ms" value zeroed (the
 * wall clock of the send), or NULL. Caller frees. */
static char *last_no_wall(uint64_t conn, const char *needle)
{
    const char *m = f_last(&io_log, conn, needle);
    if (!m)
        return NULL;
    char *c = strdup(m), *p = c;
    while ((p = strstr(p, "\"server_ms\":")) != NULL) {
        p += strlen("\"server_ms\":");
        char *q = p;
        while (*q >= '0' && *q <= '9')
            q++;
        memmove(p + 1, q, strlen(q) + 1);
        *p = '0';
    }
    return c;
}

/* s (freed) with every from replaced by to, as a new string. */
static char *replace_all(char *s, const char *from, const char *to)
{
    size_t lf = strlen(from), lt = strlen(to), n = 0;
    for (const char *p = s; (p = strstr(p, from)) != NULL; p += lf)
        n++;
    char *out = malloc(strlen(s) + n * lt + 1), *o = out;
    const char *p = s, *q;
    while ((q = strstr(p, from)) != NULL) {
        memcpy(o, p, (size_t)(q - p));
        o += q - p;
        memcpy(o, to, lt);
        o += lt;
        p = q + lf;
    }
    strcpy(o, p);
    free(s);
    return out;
}

#define NFIN 4 /* games played to the end */

/* One game played to its end: director (conn 1) creates game g, four seats (conns 100 + 4g +
 * s) join, moves on both boards and a chat line; the last act (game g's own) ends it in a
 * turn where the director also asks for its state (join) and its BPGN (export) while the game
 * object is still in memory: *state and *bpgn get those replies (caller frees). Ends by
 * resignation (odd g), by flag through the timer (even g). */
static void play_to_end(int g, uint64_t *now, char **state, char **bpgn, char **ack)
{
    char msg[256];
    snprintf(msg, sizeof msg, "{\"type\":\"game_create\",\"id\":2,\"base_ms\":%d}",
             g % 2 ? 60000 : 2000);
    turn(1, msg, *now);
    const char *r = f_last(&io_log, 1, "game_created");
    CHECK_EQ_INT("game id", g, (int)jint(r, "game"));
    read_tokens(r);
    for (int s = 0; s < 4; s++) {
        uint64_t c = 100 + 4 * (uint64_t)g + (uint64_t)s;
        hub_on_open(h, c);
        snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":3,\"token\":\"%s\"}", tokens[s]);
        turn(c, msg, *now);
        snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":4,\"game\":%d}", g);
        turn(c, msg, *now);
    }
    uint64_t c0 = 100 + 4 * (uint64_t)g;
    static const struct {
        int seat;
        const char *board, *move;
        int ply;
    } mv[] = {{0, "A", "e2e4", 0},
              {2, "B", "d2d4", 0},
              {1, "A", "e7e5", 1},
              {3, "B", "d7d5", 1},
              {0, "A", "g1f3", 2}};
    for (size_t i = 0; i < BH_ARRAY_LEN(mv); i++) {
        *now += 100000;
        snprintf(msg, sizeof msg,
                 "{\"type\":\"move\",\"id\":%d,\"game\":%d,\"board\":\"%s\",\"ply\":%d,"
                 "\"move\":\"%s\"}",
                 (int)(50 + i), g, mv[i].board, mv[i].ply, mv[i].move);
        turn(c0 + (uint64_t)mv[i].seat, msg, *now);
    }
    *ack = strdup(f_last(&io_log, c0, "\"type\":\"ack\",\"id\":54"));
    snprintf(msg, sizeof msg, "{\"type\":\"chat\",\"id\":60,\"game\":%d,\"text\":\"gg %d\"}", g, g);
    turn(c0 + 3, msg, *now);
    f_clear(&io_log);
    if (g % 2) { /* resignation by WhiteB */
        *now += 100000;
        snprintf(msg, sizeof msg, "{\"type\":\"resign\",\"id\":61,\"game\":%d}", g);
        hub_on_text(h, c0 + 2, msg, strlen(msg), *now);
    } else { /* BlackA's 2 s run out: the timer fires late, the flag is dated exactly */
        *now = io_log.timer_at + 3000;
        hub_on_timer(h, *now);
    }
    CHECK_EQ_INT("in memory in the turn it ends", 1, hub_game_loaded(h));
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":70,\"game\":%d}", g);
    hub_on_text(h, 1, msg, strlen(msg), *now);
    snprintf(msg, sizeof msg, "{\"type\":\"export\",\"id\":71,\"format\":\"bpgn\",\"game\":%d}", g);
    hub_on_text(h, 1, msg, strlen(msg), *now);
    CHECK_EQ_INT("turn", BH_OK, hub_turn_end(h));
    CHECK_MSG(f_last(&io_log, c0, "\"type\":\"result\"") != NULL, "game %d did not end", g);
    *state = last_no_wall(1, "\"type\":\"state\",\"id\":70");
    *bpgn = strdup(f_last(&io_log, 1, "\"type\":\"export\""));
    CHECK_MSG(*state && strstr(*state, "\"status\":\"finished\"") && strstr(*state, "gg "),
              "state of game %d: %s", g, *state ? *state : "(none)");
    CHECK_EQ_INT("out of memory after that turn", 0, hub_game_loaded(h));
}

/* The director's join and export of game g now: the same replies as while the game was in
 * memory. */
static void same_as_in_memory(int g, uint64_t now, char *const state[], char *const bpgn[],
                              const char *when)
{
    char msg[256];
    f_clear(&io_log);
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":70,\"game\":%d}", g);
    turn(1, msg, now);
    snprintf(msg, sizeof msg, "{\"type\":\"export\",\"id\":71,\"format\":\"bpgn\",\"game\":%d}", g);
    turn(1, msg, now);
    char *st2 = last_no_wall(1, "\"type\":\"state\",\"id\":70");
    const char *ex = f_last(&io_log, 1, "\"type\":\"export\"");
    CHECK_MSG(st2 && strcmp(st2, state[g - 1]) == 0, "%s: state of game %d differs:\n%s\n%s", when,
              g, state[g - 1], st2 ? st2 : "(none)");
    CHECK_MSG(ex && strcmp(ex, bpgn[g - 1]) == 0, "%s: BPGN of game %d differs:\n%s\n%s", when, g,
              bpgn[g - 1], ex ? ex : "(none)");
    free(st2);
    CHECK_EQ_INT("released again", 0, hub_game_loaded(h));
}

/* Issue 14 item 5: a finished game's game object leaves memory at the end of the turn it
 * ended in; its state (events, clocks, positions, chat, result and result board) and BPGN,
 * asked for later, and after a restart, are the same bytes as while it was in memory, and a
 * resent last move is acknowledged again with the same event seq (P-MOVE resend). */
static void finished_games_leave_memory(void)
{
    open_hub("online");
    hub_on_open(h, 1);
    turn(1, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ADMIN "\"}", T0);
    uint64_t now = T0;
    char *state[NFIN], *bpgn[NFIN], *ack[NFIN];
    for (int g = 1; g <= NFIN; g++)
        play_to_end(g, &now, &state[g - 1], &bpgn[g - 1], &ack[g - 1]);
    int live = -1;
    CHECK_EQ_INT("games known", NFIN, hub_game_count(h, &live));
    CHECK_EQ_INT("none live", 0, live);
    CHECK_EQ_INT("none in memory", 0, hub_game_loaded(h));
    for (int g = 1; g <= NFIN; g++)
        same_as_in_memory(g, now + 1000000, state, bpgn, "later");
    /* WhiteA of the last game resends its last move (ply 2 on board A): the ack of then. */
    uint64_t c0 = 100 + 4 * (uint64_t)NFIN;
    f_clear(&io_log);
    char msg[256];
    snprintf(msg, sizeof msg,
             "{\"type\":\"move\",\"id\":54,\"game\":%d,\"board\":\"A\",\"ply\":2,\"move\":"
             "\"g1f3\"}",
             NFIN);
    turn(c0, msg, now + 2000000);
    const char *a = f_last(&io_log, c0, "\"type\":\"ack\",\"id\":54");
    CHECK_MSG(a && strcmp(a, ack[NFIN - 1]) == 0, "resend ack: %s vs %s", a ? a : "(none)",
              ack[NFIN - 1]);
    CHECK_EQ_INT("released after the resend", 0, hub_game_loaded(h));
    /* A restart: the finished games are loaded as records only. */
    hub_free(h);
    store_close(st);
    f_clear(&io_log);
    CHECK_EQ_INT("reopen", BH_OK,
                 f_open_hub(dbpath, false, "online", ADMIN, &io_log, T0 + 100000000ULL, &st, &h));
    CHECK_EQ_INT("none in memory after a restart", 0, hub_game_loaded(h));
    /* ... and no seat is connected any more: the one difference a restart makes. */
    for (int g = 0; g < NFIN; g++)
        state[g] = replace_all(state[g], "\"connected\":true", "\"connected\":false");
    hub_on_open(h, 1);
    turn(1, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ADMIN "\"}", T0 + 100000000ULL);
    for (int g = 1; g <= NFIN; g++)
        same_as_in_memory(g, T0 + 100000000ULL, state, bpgn, "after a restart");
    for (int g = 0; g < NFIN; g++) {
        free(state[g]);
        free(bpgn[g]);
        free(ack[g]);
    }
    close_hub();
}

/* P-PREMOVE (online): a premove is acknowledged, told to its own player alone (never to the
 * opponents: it would give the move away), stored, and still queued after a restart: the
 * opponent's first move after it brings it out. A cancelled one is not played. */
static void premove_private_and_stored(void)
{
    open_hub("online");
    make_game(60000);
    for (int s = 0; s < 4; s++)
        seat(s, T0);
    f_clear(&io_log);
    turn(11, "{\"type\":\"move\",\"id\":20,\"game\":1,\"board\":\"A\",\"ply\":1,\"move\":\"e7e5\"}",
         T0 + 500);
    const char *a = f_find(&io_log, 11, "\"type\":\"ack\",\"id\":20");
    CHECK_MSG(a && strstr(a, "\"ply\":1"), "premove ack: %s", a ? a : "(none)");
    const char *st11 = f_find(&io_log, 11, "\"type\":\"state\"");
    CHECK_MSG(st11 && strstr(st11, "\"kind\":\"premove\"") && strstr(st11, "\"text\":\"e7e5\""),
              "own state lists it: %s", st11 ? st11 : "(none)");
    CHECK_MSG(st11 && strstr(st11, "\"ruleset\":\"online\"") && strstr(st11, "\"premove\":true"),
              "state names the ruleset");
    for (uint64_t c = 10; c < 14; c++)
        if (c != 11)
            CHECK_MSG(f_count(&io_log, c, "e7e5") == 0 &&
                          f_count(&io_log, c, "\"type\":\"state\"") == 0,
                      "conn %d told of the premove", (int)c);
    /* A joining spectator's state does not list it either. */
    hub_on_open(h, 30);
    turn(30, "{\"type\":\"join\",\"id\":5,\"game\":1}", T0 + 600);
    const char *sp = f_find(&io_log, 30, "\"type\":\"state\"");
    CHECK_MSG(sp && !strstr(sp, "premove\",") && !strstr(sp, "e7e5"), "spectator: %s",
              sp ? sp : "(none)");
    /* Board B: a premove cancelled is not played. */
    turn(13, "{\"type\":\"move\",\"id\":21,\"game\":1,\"board\":\"B\",\"ply\":1,\"move\":\"d7d5\"}",
         T0 + 700);
    turn(13, "{\"type\":\"premove_cancel\",\"id\":22,\"game\":1,\"board\":\"B\"}", T0 + 800);
    CHECK_MSG(f_find(&io_log, 13, "\"type\":\"ack\",\"id\":22") != NULL, "cancel acknowledged");
    turn(13, "{\"type\":\"premove_cancel\",\"id\":23,\"game\":1,\"board\":\"B\"}", T0 + 850);
    const char *e = f_find(&io_log, 13, "\"id\":23");
    CHECK_MSG(e && strstr(e, "bad_state") && strstr(e, "premove"), "nothing to cancel: %s",
              e ? e : "(none)");
    turn(12, "{\"type\":\"move\",\"id\":24,\"game\":1,\"board\":\"B\",\"ply\":0,\"move\":\"e2e4\"}",
         T0 + 900);
    CHECK_EQ_INT("the cancelled premove was not played", 0,
                 f_count(&io_log, 12, "\"move\":\"d7d5\""));
    /* A restart with the premove on A queued: it is loaded with the game's events. */
    hub_free(h);
    store_close(st);
    f_clear(&io_log);
    CHECK_EQ_INT("reopen", BH_OK,
                 f_open_hub(dbpath, false, "online", ADMIN, &io_log, T0 + 2000, &st, &h));
    for (int s = 0; s < 4; s++)
        seat(s, T0 + 3000);
    turn(10, "{\"type\":\"move\",\"id\":25,\"game\":1,\"board\":\"A\",\"ply\":0,\"move\":\"e2e4\"}",
         T0 + 4000);
    CHECK_MSG(f_find(&io_log, 10, "\"move\":\"e7e5\"") != NULL,
              "the premove queued before the restart was played after it");
    close_hub();

    /* regulation: refused, naming the rule, and never queued. */
    open_hub("regulation");
    make_game(60000);
    for (int s = 0; s < 4; s++)
        seat(s, T0);
    f_clear(&io_log);
    turn(11, "{\"type\":\"move\",\"id\":30,\"game\":1,\"board\":\"A\",\"ply\":1,\"move\":\"e7e5\"}",
         T0 + 500);
    e = f_find(&io_log, 11, "\"id\":30");
    CHECK_MSG(e && strstr(e, "stale_ply") && strstr(e, "P-PREMOVE"), "regulation: %s",
              e ? e : "(none)");
    turn(10, "{\"type\":\"move\",\"id\":31,\"game\":1,\"board\":\"A\",\"ply\":0,\"move\":\"e2e4\"}",
         T0 + 600);
    CHECK_EQ_INT("not played", 0, f_count(&io_log, 10, "\"move\":\"e7e5\""));
    close_hub();
}

static const bh_test_case cases[] = {
    {"premove_private_and_stored", premove_private_and_stored},
    {"finished_games_leave_memory", finished_games_leave_memory},
    {"director_watches_many", director_watches_many},
    {"P-RESERVE_public", reserves_are_public},
    {"store_failure_acknowledges_nothing", store_failure_acknowledges_nothing},
    {"draw_by_agreement", draw_by_agreement},
    {"ack_only_after_commit", ack_only_after_commit},
    {"flag_dated_exactly_when_late", flag_dated_exactly_when_late},
    {"starts_with_four_and_clock_runs_when_away", starts_with_four_and_clock_runs_when_away},
};

BH_TEST_MAIN(cases)
