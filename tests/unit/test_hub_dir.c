/* test_hub_dir.c: the director's controls in the hub without sockets (issue 7). A fake
 * transport records what would be sent; time is passed in. Proves: a paused game's clocks
 * stand at the pause instant, a restart keeps the pause and charges nothing for the downtime,
 * the resumed clock flags exactly when its stored remaining time runs out (R-FLAG-EXACT) and
 * the result names the board; a director adjudicates and overrides results (store, BPGN
 * tags, games list); only the director may; a withdrawal forfeits the current match
 * (T-FORFEIT) and ends its live game; round_start and round_pair run a paused tournament by
 * hand; an override recomputes the standings, and one of an earlier round is refused; the
 * snapshot carries every round; the public live list is pushed when games start and end.
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
#define T0 1000000000ULL
#define SEC 1000000ULL

#include "hub_fake.h"

static char dbpath[64];
static store *st;
static hub *h;
static fake io;

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; p && (p = strstr(p, needle)); p++)
        n++;
    return n;
}

static void open_hub(bool fresh, uint64_t now)
{
    snprintf(dbpath, sizeof dbpath, "/tmp/bh_test_hub_dir_%d.db", (int)getpid());
    if (fresh)
        unlink(dbpath);
    CHECK_EQ_INT("store", BH_OK, store_open(dbpath, &st));
    hub_config cfg = {.recovery = HUB_RECOVER_RESUME};
    snprintf(cfg.ruleset, sizeof cfg.ruleset, "online");
    auth_hash(ADMIN, cfg.admin_hash);
    hub_io hio = {&io, f_send, f_close, f_timer};
    CHECK_EQ_INT("hub", BH_OK, hub_new(st, &cfg, &hio, now, &h));
}

static void close_hub(bool remove)
{
    hub_free(h);
    store_close(st);
    f_clear(&io);
    if (!remove)
        return;
    char p[96];
    unlink(dbpath);
    snprintf(p, sizeof p, "%s-wal", dbpath);
    unlink(p);
    snprintf(p, sizeof p, "%s-shm", dbpath);
    unlink(p);
}

static void turn(uint64_t conn, const char *json, uint64_t now)
{
    hub_on_text(h, conn, json, strlen(json), now);
    CHECK_EQ_INT(json, BH_OK, hub_turn_end(h));
}

static void director(uint64_t conn, uint64_t now)
{
    hub_on_open(h, conn);
    turn(conn, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ADMIN "\"}", now);
}

/* Game 1 of 60 s (director conn 1), its four seats as conns 10..13 joined at T0 (so it
 * starts), a spectator on conn 20. */
static void live_game(void)
{
    director(1, T0);
    turn(1, "{\"type\":\"game_create\",\"id\":2,\"base_ms\":60000}", T0);
    const char *r = f_last(&io, 1, "game_created");
    const char *t = r ? strstr(r, "\"tokens\":[") : NULL;
    CHECK_MSG(t != NULL, "no game_created");
    for (int s = 0; t && s < 4; s++) {
        t = strchr(t + (s ? 1 : 10), '"');
        char msg[160];
        snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":3,\"token\":\"%.*s\"}",
                 AUTH_TOKEN_LEN, t + 1);
        t += AUTH_TOKEN_LEN + 1;
        hub_on_open(h, 10 + (uint64_t)s);
        turn(10 + (uint64_t)s, msg, T0);
        turn(10 + (uint64_t)s, "{\"type\":\"join\",\"id\":4,\"game\":1}", T0);
    }
    hub_on_open(h, 20);
    turn(20, "{\"type\":\"join\",\"id\":5,\"game\":1}", T0);
}

/* Pause at 10 s, restart while paused, resume at 200 s: seat 2 (White B, never moved) has
 * 50 s left and flags at 250 s exactly. */
static void pause_resume_restart(void)
{
    memset(&io, 0, sizeof io);
    open_hub(true, T0);
    live_game();
    turn(10, "{\"type\":\"move\",\"id\":6,\"game\":1,\"board\":\"A\",\"ply\":0,\"move\":\"e2e4\"}",
         T0 + 1 * SEC);
    f_clear(&io);
    turn(20, "{\"type\":\"game_pause\",\"id\":7,\"game\":1,\"paused\":true}", T0 + 10 * SEC);
    CHECK_MSG(f_last(&io, 20, "\"code\":\"unauthorized\"") != NULL, "a spectator paused");
    turn(1, "{\"type\":\"game_pause\",\"id\":8,\"game\":9,\"paused\":true}", T0 + 10 * SEC);
    CHECK_MSG(f_last(&io, 1, "\"code\":\"not_found\"") != NULL, "unknown game paused");
    turn(1, "{\"type\":\"game_pause\",\"id\":9,\"game\":1,\"paused\":false}", T0 + 10 * SEC);
    CHECK_MSG(f_last(&io, 1, "\"code\":\"bad_state\"") != NULL, "resumed a running game");
    f_clear(&io);
    turn(1, "{\"type\":\"game_pause\",\"id\":10,\"game\":1,\"paused\":true}", T0 + 10 * SEC);
    CHECK_MSG(f_last(&io, 1, "\"type\":\"ack\",\"id\":10") != NULL, "no ack to the pause");
    const char *s = f_last(&io, 20, "\"type\":\"state\"");
    CHECK_MSG(s && strstr(s, "\"paused\":true"), "spectator: no paused state");
    CHECK_MSG(s && strstr(s, "\"clock_ms\":[59000,51000,50000,60000]"), "clocks at the pause: %s",
              s ? s : "(none)");
    CHECK_MSG(f_last(&io, 11, "\"paused\":true") != NULL, "player: no paused state");
    CHECK_EQ_INT("no timer while paused", 0, (int)io.timer_at);
    turn(11, "{\"type\":\"move\",\"id\":11,\"game\":1,\"board\":\"A\",\"ply\":1,\"move\":\"e7e5\"}",
         T0 + 20 * SEC);
    CHECK_MSG(f_last(&io, 11, "\"field\":\"paused\"") != NULL, "moved while paused");
    close_hub(false);

    open_hub(false, T0 + 100 * SEC); /* restart while paused */
    hub_on_open(h, 20);
    turn(20, "{\"type\":\"join\",\"id\":1,\"game\":1}", T0 + 150 * SEC);
    s = f_last(&io, 20, "\"type\":\"state\"");
    CHECK_MSG(s && strstr(s, "\"paused\":true") &&
                  strstr(s, "\"clock_ms\":[59000,51000,50000,60000]"),
              "after a restart: %s", s ? s : "(none)");
    director(1, T0 + 200 * SEC);
    f_clear(&io);
    turn(1, "{\"type\":\"game_pause\",\"id\":2,\"game\":1,\"paused\":false}", T0 + 200 * SEC);
    s = f_last(&io, 20, "\"type\":\"state\"");
    CHECK_MSG(s && strstr(s, "\"paused\":false") && strstr(s, "\"running\":1"),
              "resume: %s", s ? s : "(none)");
    CHECK_EQ_INT("flag armed at 250 s", (int)((T0 + 250 * SEC) / 1000), (int)(io.timer_at / 1000));
    f_run_timers(&io, h, T0 + 300 * SEC);
    const char *res = f_last(&io, 20, "\"type\":\"result\"");
    CHECK_MSG(res && strstr(res, "\"result\":\"1-0\",\"reason\":\"flag\",\"board\":\"B\""),
              "result: %s", res ? res : "(none)");
    CHECK_MSG(res && strstr(res, "\"clock_ms\":[59000,1000,0,60000]"), "clocks at the flag: %s",
              res ? res : "(none)");
    close_hub(true);
}

/* Adjudicate a live game, override it, export its BPGN; the errors. */
static void adjudicate_override_export(void)
{
    memset(&io, 0, sizeof io);
    open_hub(true, T0);
    live_game();
    turn(1, "{\"type\":\"game_create\",\"id\":3,\"base_ms\":60000}", T0); /* game 2: waiting */
    f_clear(&io);
    turn(20, "{\"type\":\"game_result\",\"id\":6,\"game\":1,\"result\":\"1-0\",\"reason\":\"x\"}",
         T0 + SEC);
    CHECK_MSG(f_last(&io, 20, "\"code\":\"unauthorized\"") != NULL, "a spectator set a result");
    turn(1, "{\"type\":\"game_result\",\"id\":7,\"game\":2,\"result\":\"1-0\",\"reason\":\"x\"}",
         T0 + SEC);
    CHECK_MSG(f_last(&io, 1, "\"code\":\"bad_state\"") != NULL, "result of a waiting game");
    turn(1, "{\"type\":\"export\",\"id\":8,\"format\":\"bpgn\",\"game\":2}", T0 + SEC);
    CHECK_MSG(f_last(&io, 1, "\"id\":8,\"code\":\"bad_state\"") != NULL, "BPGN of a waiting game");
    turn(1, "{\"type\":\"game_result\",\"id\":9,\"game\":1,\"result\":\"1/2-1/2\","
            "\"reason\":\"adjudicated\"}",
         T0 + 5 * SEC);
    CHECK_MSG(f_last(&io, 1, "\"type\":\"ack\",\"id\":9") != NULL, "no ack to the adjudication");
    const char *res = f_last(&io, 20, "\"type\":\"result\"");
    CHECK_MSG(res && strstr(res, "\"result\":\"1/2-1/2\",\"reason\":\"adjudicated\",\"board\":null"),
              "adjudication: %s", res ? res : "(none)");
    CHECK_MSG(res && strstr(res, "\"clock_ms\":[55000,60000,55000,60000]"), "clocks: %s",
              res ? res : "(none)");
    turn(1, "{\"type\":\"export\",\"id\":10,\"format\":\"bpgn\",\"game\":1}", T0 + 6 * SEC);
    const char *ex = f_last(&io, 1, "\"type\":\"export\"");
    CHECK_MSG(ex && strstr(ex, "[Result \\\"1/2-1/2\\\"]") && strstr(ex, "[Winner \\\"draw\\\"]") &&
                  strstr(ex, "[Termination \\\"adjudicated\\\"]") &&
                  strstr(ex, "{adjudicated} 1/2-1/2\\n\""),
              "BPGN: %s", ex ? ex : "(none)");
    f_clear(&io);
    turn(1, "{\"type\":\"game_result\",\"id\":11,\"game\":1,\"result\":\"0-1\","
            "\"reason\":\"appeal\"}",
         T0 + 7 * SEC);
    CHECK_MSG(f_last(&io, 20, "\"result\":\"0-1\",\"reason\":\"appeal\"") != NULL, "no override result");
    CHECK_MSG(f_last(&io, 20, "\"type\":\"state\"") != NULL, "no state after the override");
    turn(1, "{\"type\":\"games\",\"id\":12}", T0 + 7 * SEC);
    CHECK_MSG(f_last(&io, 1, "\"game\":1,\"status\":\"finished\",\"result\":\"0-1\",\"reason\":\"appeal\"") !=
                  NULL,
              "games list: %s", f_last(&io, 1, "\"type\":\"games\""));
    turn(1, "{\"type\":\"export\",\"id\":13,\"format\":\"bpgn\",\"game\":1}", T0 + 8 * SEC);
    ex = f_last(&io, 1, "\"type\":\"export\"");
    CHECK_MSG(ex && strstr(ex, "[Winner \\\"BlackA+WhiteB\\\"]") && strstr(ex, "[Result \\\"0-1\\\"]"),
              "BPGN after the override: %s", ex ? ex : "(none)");
    turn(1, "{\"type\":\"export\",\"id\":14,\"format\":\"trf\",\"tournament\":5}", T0 + 8 * SEC);
    CHECK_MSG(f_last(&io, 1, "\"id\":14,\"code\":\"not_found\"") != NULL, "TRF of no tournament");
    close_hub(false);
    /* The override is stored. */
    open_hub(false, T0 + 20 * SEC);
    director(1, T0 + 20 * SEC);
    turn(1, "{\"type\":\"games\",\"id\":2}", T0 + 20 * SEC);
    CHECK_MSG(f_last(&io, 1, "\"result\":\"0-1\",\"reason\":\"appeal\"") != NULL, "override not stored");
    close_hub(true);
}

/* game ids of the assigns to conn 1 in order, with their team1 / team2. */
static int assigns(int64_t out[][3], int max)
{
    int n = 0;
    for (int i = 0; i < io.n && n < max; i++)
        if (io.conn[i] == 1 && strstr(io.msg[i], "\"type\":\"assign\"")) {
            out[n][0] = jint(io.msg[i], "game");
            out[n][1] = jint(io.msg[i], "team1");
            out[n][2] = jint(io.msg[i], "team2");
            n++;
        }
    return n;
}

#define BASE 5000 /* ms per player: games end by flags at 5 s */

/* The director (conn 1) creates tournament 1 (rounds 0: T-ROUNDS) and registers n teams T0,
 * T1, ... rated 2000, 1900, ... (so their pairing numbers are 1, 2, ...). */
static void new_tour(const char *name, int n, int rounds)
{
    char msg[256], rs[24] = "";
    if (rounds)
        snprintf(rs, sizeof rs, ",\"rounds\":%d", rounds);
    snprintf(msg, sizeof msg,
             "{\"type\":\"tournament_create\",\"id\":2,\"name\":\"%s\",\"base_ms\":%d,"
             "\"ruleset\":\"online\"%s}",
             name, BASE, rs);
    turn(1, msg, T0);
    for (int i = 0; i < n; i++) {
        snprintf(msg, sizeof msg,
                 "{\"type\":\"team_register\",\"id\":%d,\"tournament\":1,\"name\":\"T%d\","
                 "\"players\":[\"c%d\",\"p%d\"],\"ratings\":[%d,1800]}",
                 3 + i, i, i, i, 2000 - 100 * i);
        turn(1, msg, T0);
    }
}

static void tournament_by_hand(void)
{
    memset(&io, 0, sizeof io);
    open_hub(true, T0);
    director(1, T0);
    hub_on_open(h, 2); /* spectator */
    turn(2, "{\"type\":\"live\",\"id\":1}", T0);
    CHECK_MSG(f_last(&io, 2, "\"type\":\"live\",\"id\":1,") && f_last(&io, 2, "\"games\":[]"),
              "live list before any game");
    char msg[256];
    new_tour("D", 4, 2);
    turn(1, "{\"type\":\"team_withdraw\",\"id\":7,\"tournament\":1,\"team\":1}", T0);
    CHECK_MSG(f_last(&io, 1, "\"id\":7,\"code\":\"bad_state\"") != NULL, "withdraw before the start");
    f_clear(&io);
    turn(1, "{\"type\":\"tournament_start\",\"id\":8,\"tournament\":1}", T0);
    int64_t a[16][3];
    CHECK_EQ_INT("round 1 games", 2, assigns(a, 16));
    const char *lv = f_last(&io, 2, "\"type\":\"live\"");
    CHECK_MSG(lv && !strstr(lv, "\"id\"") && count(lv, "\"round\":1,") == 2,
              "live push at the start: %s", lv ? lv : "(none)");
    turn(1, "{\"type\":\"round_start\",\"id\":9,\"tournament\":1}", T0);
    CHECK_MSG(f_last(&io, 1, "\"id\":9,\"code\":\"bad_state\"") != NULL, "round_start while running");
    turn(1, "{\"type\":\"tournament_pause\",\"id\":10,\"tournament\":1,\"paused\":true}", T0);

    /* Withdraw team1 of game a[0] (its match is lost by forfeit; its game ends now). */
    f_clear(&io);
    snprintf(msg, sizeof msg,
             "{\"type\":\"team_withdraw\",\"id\":11,\"tournament\":1,\"team\":%lld}",
             (long long)a[0][1]);
    turn(1, msg, T0 + SEC);
    const char *snap = f_last(&io, 1, "\"type\":\"tournament\",\"id\":11");
    CHECK_MSG(snap != NULL, "no reply to team_withdraw");
    char want[96];
    hub_on_open(h, 3);
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":1,\"game\":%lld}", (long long)a[0][0]);
    turn(3, msg, T0 + SEC);
    const char *st0 = f_last(&io, 3, "\"type\":\"state\"");
    CHECK_MSG(st0 && strstr(st0, "\"result\":\"0-1\",\"reason\":\"withdrawn\""),
              "withdrawn game: %s", st0 ? st0 : "(none)");
    snprintf(msg, sizeof msg,
             "{\"type\":\"team_withdraw\",\"id\":12,\"tournament\":1,\"team\":%lld}",
             (long long)a[0][1]);
    turn(1, msg, T0 + SEC);
    CHECK_MSG(f_last(&io, 1, "\"id\":12,\"code\":\"bad_state\"") != NULL, "withdrawn twice");
    turn(1, "{\"type\":\"team_withdraw\",\"id\":13,\"tournament\":1,\"team\":99}", T0 + SEC);
    CHECK_MSG(f_last(&io, 1, "\"id\":13,\"code\":\"not_found\"") != NULL, "unknown team");

    /* The other match: game 1 flags (a draw: both White clocks) at 5 s; paused: no game 2. */
    f_clear(&io);
    f_run_timers(&io, h, T0 + 6 * SEC);
    CHECK_EQ_INT("no game 2 while paused", 0, assigns(a + 2, 14));
    lv = f_last(&io, 2, "\"type\":\"live\"");
    CHECK_MSG(lv && strstr(lv, "\"games\":[]"), "live push after the ends: %s", lv ? lv : "(none)");
    turn(1, "{\"type\":\"round_pair\",\"id\":14,\"tournament\":1}", T0 + 6 * SEC);
    CHECK_MSG(f_last(&io, 1, "\"id\":14,\"code\":\"bad_state\"") != NULL, "paired an incomplete round");
    turn(1, "{\"type\":\"round_start\",\"id\":15,\"tournament\":1}", T0 + 6 * SEC);
    CHECK_EQ_INT("round_start: game 2", 1, assigns(a + 2, 14));
    f_clear(&io);
    f_run_timers(&io, h, T0 + 12 * SEC); /* game 2 draws too: round 1 complete, round 2 not paired */
    const char *sd = f_last(&io, 2, "\"type\":\"standings\"");
    CHECK_MSG(sd && count(sd, "\"mp\":2,") == 1 && count(sd, "\"mp\":1,") == 2,
              "standings after round 1 (forfeit win, 1-1): %s", sd ? sd : "(none)");
    CHECK_EQ_INT("no round 2 while paused", 0, f_count(&io, 2, "\"round\":2,"));

    /* Override game 2 of round 1: 1-0 -> that match is 2-0 in MP. */
    f_clear(&io);
    snprintf(msg, sizeof msg,
             "{\"type\":\"game_result\",\"id\":16,\"game\":%lld,\"result\":\"1-0\","
             "\"reason\":\"appeal\"}",
             (long long)a[2][0]);
    turn(1, msg, T0 + 13 * SEC);
    sd = f_last(&io, 2, "\"type\":\"standings\"");
    CHECK_MSG(sd && count(sd, "\"mp\":2,") == 2 && count(sd, "\"mp\":0,") == 2,
              "standings after the override: %s", sd ? sd : "(none)");
    CHECK_MSG(f_last(&io, 2, "\"reasons\":[\"flag\",\"appeal\"]") != NULL, "round shows no appeal");

    /* Pair round 2 by hand (3 active teams: one bye), again, then start it. */
    f_clear(&io);
    turn(1, "{\"type\":\"round_pair\",\"id\":17,\"tournament\":1}", T0 + 14 * SEC);
    const char *rd = f_last(&io, 2, "\"type\":\"round\"");
    CHECK_MSG(rd && strstr(rd, "\"round\":2,") && strstr(rd, "\"status\":\"paired\"") &&
                  strstr(rd, "\"status\":\"bye\""),
              "round 2 paired: %s", rd ? rd : "(none)");
    snprintf(want, sizeof want, "\"team1\":%lld,", (long long)a[0][1]);
    CHECK_MSG(rd && !strstr(rd, want), "the withdrawn team is paired: %s", rd ? rd : "");
    CHECK_EQ_INT("no game at round_pair", 0, assigns(a + 3, 13));
    turn(1, "{\"type\":\"round_pair\",\"id\":18,\"tournament\":1}", T0 + 14 * SEC);
    CHECK_MSG(f_last(&io, 1, "\"type\":\"tournament\",\"id\":18") != NULL, "re-pair refused");
    snprintf(msg, sizeof msg,
             "{\"type\":\"game_result\",\"id\":19,\"game\":%lld,\"result\":\"0-1\","
             "\"reason\":\"appeal\"}",
             (long long)a[2][0]);
    turn(1, msg, T0 + 15 * SEC);
    CHECK_MSG(f_last(&io, 1, "\"id\":19,\"code\":\"bad_state\",") &&
                  strstr(f_last(&io, 1, "\"id\":19,"), "\"field\":\"round\""),
              "override of an earlier round accepted");
    turn(1, "{\"type\":\"round_start\",\"id\":20,\"tournament\":1}", T0 + 15 * SEC);
    CHECK_EQ_INT("round 2: one game", 1, assigns(a + 3, 13));
    snap = f_last(&io, 1, "\"type\":\"tournament\",\"id\":20");
    CHECK_MSG(snap && strstr(snap, "\"history\":[{\"tournament\":1,\"round\":1,") &&
                  strstr(snap, "{\"tournament\":1,\"round\":2,"),
              "history: %s", snap ? snap : "(none)");
    CHECK_MSG(snap && strstr(snap, "\"status\":\"paused\""), "round_start resumed T-AUTO");
    turn(1, "{\"type\":\"export\",\"id\":21,\"format\":\"trf\",\"tournament\":1}", T0 + 15 * SEC);
    const char *ex = f_last(&io, 1, "\"type\":\"export\",\"id\":21");
    CHECK_MSG(ex && strstr(ex, "\"format\":\"trf\"") && strstr(ex, "012 D"), "TRF: %s",
              ex ? ex : "(none)");
    close_hub(false);

    /* After a restart: the paused tournament with its two rounds. */
    open_hub(false, T0 + 30 * SEC);
    hub_on_open(h, 2);
    turn(2, "{\"type\":\"tournament_get\",\"id\":1,\"tournament\":1}", T0 + 30 * SEC);
    snap = f_last(&io, 2, "\"type\":\"tournament\"");
    CHECK_MSG(snap && strstr(snap, "\"status\":\"paused\"") && strstr(snap, "\"round\":2,") &&
                  strstr(snap, "\"reasons\":[\"flag\",\"appeal\"]"),
              "after a restart: %s", snap ? snap : "(none)");
    close_hub(true);
}

/* The live list names both teams of an Armageddon play-off game (round 0, T-ARMAGEDDON): two
 * teams draw their match 1-1 (nobody moves: flags), the server starts the play-off game. */
static void live_playoff(void)
{
    memset(&io, 0, sizeof io);
    open_hub(true, T0);
    director(1, T0);
    hub_on_open(h, 2);
    turn(2, "{\"type\":\"live\",\"id\":1}", T0);
    new_tour("A", 2, 0);
    turn(1, "{\"type\":\"tournament_start\",\"id\":5,\"tournament\":1}", T0);
    f_run_timers(&io, h, T0 + 2 * BASE * 1000ULL); /* games 1 and 2: draws on time */
    const char *lv = f_last(&io, 2, "\"type\":\"live\"");
    CHECK_MSG(lv && strstr(lv, "\"round\":0,") && count(lv, "\"game\":") == 1 &&
                  (strstr(lv, "\"teams\":[\"T0\",\"T1\"]") || strstr(lv, "\"teams\":[\"T1\",\"T0\"]")),
              "play-off in the live list: %s", lv ? lv : "(none)");
    close_hub(true);
}

static const bh_test_case cases[] = {
    {"live_playoff", live_playoff},
    {"pause_resume_restart", pause_resume_restart},
    {"adjudicate_override_export", adjudicate_override_export},
    {"tournament_by_hand", tournament_by_hand},
};

BH_TEST_MAIN(cases)
