/* test_hub.c: the hub without sockets: a fake transport records what would be sent and the
 * timer it would arm, the time is passed in. Proves: nothing is acknowledged before the
 * turn's store commit; a flag is dated at its exact instant when the timer fires late
 * (R-FLAG-EXACT) and the single timer is armed to the earliest deadline; a game starts only
 * when all four seats are connected, and a disconnected player's clock keeps running.
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
    const char *t = r ? strstr(r, "\"tokens\":[") : NULL;
    for (int i = 0; t && i < 4; i++) {
        t = strchr(t + (i ? 1 : 10), '"');
        memcpy(tokens[i], t + 1, AUTH_TOKEN_LEN);
        tokens[i][AUTH_TOKEN_LEN] = '\0';
        t += AUTH_TOKEN_LEN + 1;
    }
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
    turn(10, "{\"type\":\"move\",\"id\":37,\"game\":1,\"board\":\"A\",\"ply\":0,"
             "\"move\":\"e2e4\"}", T0 + 1000);
    int n1 = 0, n50 = 0;
    for (int i = 0; i < io_log.n; i++) {
        n1 += io_log.conn[i] == 1 && strstr(io_log.msg[i], "\"type\":\"move\",\"game\":1");
        n50 += io_log.conn[i] == 50 && strstr(io_log.msg[i], "\"type\":\"move\"") != NULL;
    }
    CHECK_EQ_INT("director got game 1's move once", 1, n1);
    CHECK_EQ_INT("spectator left game 1", 0, n50);
    close_hub();
}

static const bh_test_case cases[] = {
    {"director_watches_many", director_watches_many},
    {"store_failure_acknowledges_nothing", store_failure_acknowledges_nothing},
    {"draw_by_agreement", draw_by_agreement},
    {"ack_only_after_commit", ack_only_after_commit},
    {"flag_dated_exactly_when_late", flag_dated_exactly_when_late},
    {"starts_with_four_and_clock_runs_when_away", starts_with_four_and_clock_runs_when_away},
};

BH_TEST_MAIN(cases)
