/* test_hub_dir.c: the director's controls in the hub without sockets. A fake
 * transport records what would be sent; time is passed in. Proves: a paused game's clocks
 * stand at the pause instant, a restart keeps the pause and charges nothing for the downtime,
 * the resumed clock flags exactly when its stored remaining time runs out (R-FLAG-EXACT) and
 * the result names the board; a director adjudicates and overrides results (store, BPGN
 * tags, games list); only the director may; a withdrawal forfeits the current match
 * (T-FORFEIT) and ends its live game; round_start and round_pair run a paused tournament by
 * hand; an override recomputes the standings, and one of an earlier round is refused; the
 * snapshot carries every round; the public live list is pushed when games start and end; a
 * round paired by hand (round_pair with pairs): every bad list refused with its typed error
 * and nothing changed, the good one stored as sent, replaced by a re-pair, kept across a
 * restart and played.
 * Hostile and edge cases (stale P-GAME2 choices, a choice after a restart,
 * a play-off the director adjudicates, a paused game ended and restarted, a round robin's
 * withdrawn team, a reason in the BPGN) and seeded random controls.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "auth.h"
#include "bh.h"
#include "bh_test.h"
#include "bpgn.h"
#include "hub.h"
#include "now.h"
#include "store.h"

#define ADMIN "unit-admin-token-0123456789"
#define T0 1000000000ULL
#define SEC 1000000ULL

#include "hub_fake.h"
#include "round_view.h"

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

/* The error answering message `id` has code and field (below). */
static void refused(int id, const char *code, const char *field, const char *what);

static void open_hub(bool fresh, uint64_t now)
{
    snprintf(dbpath, sizeof dbpath, "/tmp/bh_test_hub_dir_%d.db", (int)getpid());
    CHECK_EQ_INT("hub", BH_OK, f_open_hub(dbpath, fresh, "online", ADMIN, &io, now, &st, &h));
}

static void close_hub(bool remove)
{
    f_close_hub(&io, st, h);
    if (remove)
        bh_test_rm_db(dbpath);
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

/* A new empty hub (fresh database) at T0 with the director on connection 1. */
static void fresh_hub(void)
{
    memset(&io, 0, sizeof io);
    open_hub(true, T0);
    director(1, T0);
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
        snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":3,\"token\":\"%.*s\"}", AUTH_TOKEN_LEN,
                 t + 1);
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
    /* the refusal says what is needed and what the connection holds, not "bad token" */
    CHECK_MSG(f_last(&io, 20, "game_pause needs a director's token; this connection holds none"),
              "a spectator's refusal");
    turn(10, "{\"type\":\"game_pause\",\"id\":70,\"game\":1,\"paused\":true}", T0 + 10 * SEC);
    CHECK_MSG(f_last(&io, 10,
                     "game_pause needs a director's token; this connection holds a "
                     "player's"),
              "a player's refusal");
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
    CHECK_MSG(s && strstr(s, "\"paused\":false") && strstr(s, "\"running\":1"), "resume: %s",
              s ? s : "(none)");
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
    turn(1,
         "{\"type\":\"game_result\",\"id\":9,\"game\":1,\"result\":\"1/2-1/2\","
         "\"reason\":\"adjudicated\"}",
         T0 + 5 * SEC);
    CHECK_MSG(f_last(&io, 1, "\"type\":\"ack\",\"id\":9") != NULL, "no ack to the adjudication");
    const char *res = f_last(&io, 20, "\"type\":\"result\"");
    CHECK_MSG(res &&
                  strstr(res, "\"result\":\"1/2-1/2\",\"reason\":\"adjudicated\",\"board\":null"),
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
    turn(1,
         "{\"type\":\"game_result\",\"id\":11,\"game\":1,\"result\":\"0-1\","
         "\"reason\":\"appeal\"}",
         T0 + 7 * SEC);
    CHECK_MSG(f_last(&io, 20, "\"result\":\"0-1\",\"reason\":\"appeal\"") != NULL,
              "no override result");
    CHECK_MSG(f_last(&io, 20, "\"type\":\"state\"") != NULL, "no state after the override");
    turn(1, "{\"type\":\"games\",\"id\":12}", T0 + 7 * SEC);
    CHECK_MSG(
        f_last(&io, 1,
               "\"game\":1,\"status\":\"finished\",\"result\":\"0-1\",\"reason\":\"appeal\"") !=
            NULL,
        "games list: %s", f_last(&io, 1, "\"type\":\"games\""));
    turn(1, "{\"type\":\"export\",\"id\":13,\"format\":\"bpgn\",\"game\":1}", T0 + 8 * SEC);
    ex = f_last(&io, 1, "\"type\":\"export\"");
    CHECK_MSG(ex && strstr(ex, "[Winner \\\"BlackA+WhiteB\\\"]") &&
                  strstr(ex, "[Result \\\"0-1\\\"]"),
              "BPGN after the override: %s", ex ? ex : "(none)");
    /* the audit trail (issue 26 item 4): both results, who, through which page, what each
     * replaced, in the BPGN's ResultBy tag */
    CHECK_MSG(ex && strstr(ex, "[ResultBy \\\"") &&
                  strstr(ex, "director (desk): 1/2-1/2 adjudicated, was *; ") &&
                  strstr(ex, "director (desk): 0-1 appeal, was 1/2-1/2\\\"]"),
              "ResultBy: %s", ex ? ex : "(none)");
    turn(1, "{\"type\":\"export\",\"id\":14,\"format\":\"trf\",\"tournament\":5}", T0 + 8 * SEC);
    CHECK_MSG(f_last(&io, 1, "\"id\":14,\"code\":\"not_found\"") != NULL, "TRF of no tournament");
    close_hub(false);
    /* The override is stored. */
    open_hub(false, T0 + 20 * SEC);
    director(1, T0 + 20 * SEC);
    turn(1, "{\"type\":\"games\",\"id\":2}", T0 + 20 * SEC);
    CHECK_MSG(f_last(&io, 1, "\"result\":\"0-1\",\"reason\":\"appeal\"") != NULL,
              "override not stored");
    turn(1, "{\"type\":\"result_log\",\"id\":3,\"game\":1}", T0 + 20 * SEC);
    const char *lg = f_last(&io, 1, "\"type\":\"result_log\"");
    CHECK_MSG(lg && count(lg, "\"at_ms\":") == 2 &&
                  strstr(lg, "\"result\":\"1/2-1/2\",\"reason\":\"adjudicated\",\"was\":\"*\","
                             "\"who\":\"director\",\"page\":\"desk\"") &&
                  strstr(lg, "\"result\":\"0-1\",\"reason\":\"appeal\",\"was\":\"1/2-1/2\"") &&
                  strstr(lg, "1/2-1/2\",\"reason\":\"adjudicated\"") < strstr(lg, "\"appeal\""),
              "the result log, stored: %s", lg ? lg : "(none)");
    turn(1, "{\"type\":\"result_log\",\"id\":4,\"game\":99}", T0 + 20 * SEC);
    refused(4, "not_found", "game", "the log of no game");
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

/* The team tokens of new_tour's four teams (its team_register replies, ids 3..6). */
static void team_tokens(char tok[4][80])
{
    for (int i = 0; i < 4; i++) {
        char want[32];
        snprintf(want, sizeof want, "\"id\":%d,\"team\":", 3 + i);
        const char *c = f_last(&io, 1, want);
        const char *p = c ? strstr(c, "\"token\":\"") : NULL;
        snprintf(tok[i], 80, "%.*s", p ? (int)strcspn(p + 9, "\"") : 0, p ? p + 9 : "");
    }
}

/* new_tour, and the hub team ids of its n teams by pairing number - 1 into tid. */
static void new_tour_ids(const char *name, int n, int rounds, long long *tid)
{
    new_tour(name, n, rounds);
    for (int i = 0; i < n; i++) {
        char want[32];
        snprintf(want, sizeof want, "\"id\":%d,\"team\":", 3 + i);
        tid[i] = jint(f_last(&io, 1, want), "team");
    }
}

static void tournament_by_hand(void)
{
    fresh_hub();
    hub_on_open(h, 2); /* spectator */
    turn(2, "{\"type\":\"live\",\"id\":1}", T0);
    CHECK_MSG(f_last(&io, 2, "\"type\":\"live\",\"id\":1,") && f_last(&io, 2, "\"games\":[]"),
              "live list before any game");
    char msg[256];
    new_tour("D", 4, 2);
    turn(1, "{\"type\":\"team_withdraw\",\"id\":7,\"tournament\":1,\"team\":1}", T0);
    CHECK_MSG(f_last(&io, 1, "\"id\":7,\"code\":\"bad_state\"") != NULL,
              "withdraw before the start");
    f_clear(&io);
    turn(1, "{\"type\":\"tournament_start\",\"id\":8,\"tournament\":1}", T0);
    int64_t a[16][3];
    CHECK_EQ_INT("round 1 games", 2, assigns(a, 16));
    const char *lv = f_last(&io, 2, "\"type\":\"live\"");
    CHECK_MSG(lv && !strstr(lv, "\"id\"") && count(lv, "\"round\":1,") == 2,
              "live push at the start: %s", lv ? lv : "(none)");
    turn(1, "{\"type\":\"round_start\",\"id\":9,\"tournament\":1}", T0);
    CHECK_MSG(f_last(&io, 1, "\"id\":9,\"code\":\"bad_state\"") != NULL,
              "round_start while running");
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
    CHECK_MSG(f_last(&io, 1, "\"id\":14,\"code\":\"bad_state\"") != NULL,
              "paired an incomplete round");
    turn(1, "{\"type\":\"round_start\",\"id\":15,\"tournament\":1}", T0 + 6 * SEC);
    CHECK_EQ_INT("round_start: game 2", 1, assigns(a + 2, 14));
    f_clear(&io);
    f_run_timers(&io, h,
                 T0 + 12 * SEC); /* game 2 draws too: round 1 complete, round 2 not paired */
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
    CHECK_MSG(f_last(&io, 2, "\"reasons\":[\"flag_both\",\"appeal\"]") != NULL,
              "round shows no appeal");

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
                  strstr(snap, "\"reasons\":[\"flag_both\",\"appeal\"]"),
              "after a restart: %s", snap ? snap : "(none)");
    close_hub(true);
}

/* A withdrawal taken back (team_withdraw with undo, issue 26 item 4): the forfeit it made in
 * round 1 stands (C.04.6 2.1.1: a forfeit is no meeting; the opponent's 2 match points stay),
 * and the team is paired again in round 2: 4 active teams make 2 matches and no bye (with the
 * team still withdrawn, 3 would make one bye). The undo is stored (after a restart). */
static void withdrawal_undone(void)
{
    fresh_hub();
    hub_on_open(h, 2);
    turn(2, "{\"type\":\"live\",\"id\":1}", T0);
    char msg[256], want[96];
    new_tour("U", 4, 2);
    turn(1, "{\"type\":\"tournament_start\",\"id\":8,\"tournament\":1}", T0);
    int64_t a[16][3];
    CHECK_EQ_INT("round 1 games", 2, assigns(a, 16));
    turn(1, "{\"type\":\"tournament_pause\",\"id\":10,\"tournament\":1,\"paused\":true}", T0);
    long long w = (long long)a[0][1];
    snprintf(msg, sizeof msg,
             "{\"type\":\"team_withdraw\",\"id\":11,\"tournament\":1,\"team\":%lld}", w);
    turn(1, msg, T0 + SEC);
    snprintf(msg, sizeof msg,
             "{\"type\":\"team_withdraw\",\"id\":12,\"tournament\":1,\"team\":%lld,"
             "\"undo\":true,\"keep_current\":true}",
             w);
    turn(1, msg, T0 + SEC);
    const char *e = f_last(&io, 1, "\"id\":12,");
    CHECK_MSG(e && strstr(e, "\"code\":\"invalid\"") && strstr(e, "\"field\":\"keep_current\""),
              "undo with keep_current: %s", e ? e : "(none)");
    snprintf(msg, sizeof msg,
             "{\"type\":\"team_withdraw\",\"id\":13,\"tournament\":1,\"team\":%lld,"
             "\"undo\":true}",
             w);
    turn(1, msg, T0 + SEC);
    const char *snap = f_last(&io, 1, "\"type\":\"tournament\",\"id\":13");
    snprintf(want, sizeof want, "{\"team\":%lld,", w);
    const char *row = snap ? strstr(snap, want) : NULL;
    CHECK_MSG(row && strstr(row, "\"withdrawn\":0,") &&
                  strstr(row, "\"withdrawn\":0,") < strchr(row, '}'),
              "undo: %s", snap ? snap : "(none)");
    snprintf(msg, sizeof msg,
             "{\"type\":\"team_withdraw\",\"id\":14,\"tournament\":1,\"team\":%lld,"
             "\"undo\":true}",
             w);
    turn(1, msg, T0 + SEC);
    e = f_last(&io, 1, "\"id\":14,");
    CHECK_MSG(e && strstr(e, "\"code\":\"bad_state\"") && strstr(e, "\"field\":\"team\""),
              "undo of a team not withdrawn: %s", e ? e : "(none)");

    /* The other match plays both games (draws on time); round 1 complete. */
    f_run_timers(&io, h, T0 + 6 * SEC);
    turn(1, "{\"type\":\"round_start\",\"id\":15,\"tournament\":1}", T0 + 6 * SEC);
    f_clear(&io);
    f_run_timers(&io, h, T0 + 12 * SEC);
    const char *sd = f_last(&io, 2, "\"type\":\"standings\"");
    CHECK_MSG(sd && count(sd, "\"mp\":2,") == 1 && count(sd, "\"mp\":1,") == 2 &&
                  count(sd, "\"mp\":0,") == 1,
              "the forfeit stands (2, 1, 1, 0): %s", sd ? sd : "(none)");
    close_hub(false);

    open_hub(false, T0 + 13 * SEC);
    director(1, T0 + 13 * SEC);
    f_clear(&io);
    turn(1, "{\"type\":\"round_pair\",\"id\":16,\"tournament\":1}", T0 + 14 * SEC);
    const char *rd = f_last(&io, 1, "\"type\":\"round\"");
    snprintf(want, sizeof want, "\"team1\":%lld,", w);
    char want2[96];
    snprintf(want2, sizeof want2, "\"team2\":%lld,", w);
    CHECK_MSG(rd && strstr(rd, "\"round\":2,") && !strstr(rd, "\"status\":\"bye\"") &&
                  (strstr(rd, want) || strstr(rd, want2)),
              "round 2 pairs the team again, no bye: %s", rd ? rd : "(none)");
    close_hub(true);
}

/* Team tid's object in snapshot snap contains needle (the object has arrays, no objects). */
static bool row_has(const char *snap, long long tid, const char *needle)
{
    char want[48];
    snprintf(want, sizeof want, "{\"team\":%lld,", tid);
    const char *row = snap ? strstr(snap, want) : NULL;
    const char *hit = row ? strstr(row, needle) : NULL;
    return hit && hit < strchr(row, '}');
}

/* bye_request {team, round[, cancel]} as message `id` of tournament tour. */
static void bye_req(int id, int tour, long long team, int round, bool cancel, uint64_t now)
{
    char msg[200];
    snprintf(msg, sizeof msg,
             "{\"type\":\"bye_request\",\"id\":%d,\"tournament\":%d,\"team\":%lld,\"round\":%d%s}",
             id, tour, team, round, cancel ? ",\"cancel\":true" : "");
    turn(1, msg, now);
}

/* The error answering message `id` has code and field. */
static void refused(int id, const char *code, const char *field, const char *what)
{
    char want[32], c[48], f[32];
    snprintf(want, sizeof want, "\"id\":%d,", id);
    const char *e = f_last(&io, 1, want);
    snprintf(c, sizeof c, "\"code\":\"%s\"", code);
    snprintf(f, sizeof f, "\"field\":\"%s\"", field);
    CHECK_MSG(e && strstr(e, c) && strstr(e, f), "%s: %s", what, e ? e : "(none)");
}

/* Requested byes (bye_request, T-REQBYE; issue 26 item 4): 7 teams, 4 rounds, one requested
 * bye a team. The lowest-rated team asks for round 2 before the start; the start renumbers
 * it 7th by rating (T-PAIR) and the request follows it. Refusals: a second request for a
 * round, a cancel of none, the last round, a round paired, a team over its one bye, an event
 * that takes none. Round 2 pairs the other six in three matches and gives the team its
 * requested bye, scored as a drawn match (1 match point, T-BYE's score), and no PAB; the
 * request survives a restart. */
static void bye_requested(void)
{
    fresh_hub();
    turn(1,
         "{\"type\":\"tournament_create\",\"id\":2,\"name\":\"R\",\"base_ms\":5000,"
         "\"ruleset\":\"online\",\"rounds\":4,\"bye_requests\":1}",
         T0);
    long long tid[7];
    char msg[256], want[32];
    for (int i = 0; i < 7; i++) {
        snprintf(msg, sizeof msg,
                 "{\"type\":\"team_register\",\"id\":%d,\"tournament\":1,\"name\":\"T%d\","
                 "\"players\":[\"c%d\",\"p%d\"],\"ratings\":[%d,%d]}",
                 3 + i, i, i, i, 1500 + 100 * i, 1500 + 100 * i);
        turn(1, msg, T0);
        snprintf(want, sizeof want, "\"id\":%d,\"team\":", 3 + i);
        tid[i] = jint(f_last(&io, 1, want), "team");
    }
    bye_req(20, 1, tid[0], 2, false, T0);
    const char *snap = f_last(&io, 1, "\"type\":\"tournament\",\"id\":20,");
    CHECK_MSG(row_has(snap, tid[0], "\"byes\":[2]") && strstr(snap, "\"bye_requests\":1,") &&
                  strstr(snap, "\"bye_kind\":\"half\""),
              "request before the start: %s", snap ? snap : "(none)");
    bye_req(21, 1, tid[1], 2, false, T0);
    bye_req(22, 1, tid[1], 2, false, T0);
    refused(22, "exists", "round", "the same round twice");
    bye_req(23, 1, tid[1], 2, true, T0);
    snap = f_last(&io, 1, "\"type\":\"tournament\",\"id\":23,");
    CHECK_MSG(row_has(snap, tid[1], "\"byes\":[]"), "cancel: %s", snap ? snap : "(none)");
    bye_req(24, 1, tid[1], 2, true, T0);
    refused(24, "not_found", "round", "cancel of no request");
    bye_req(25, 1, tid[2], 4, false, T0);
    refused(25, "bad_state", "round", "the last round");
    bye_req(26, 1, 999, 2, false, T0);
    refused(26, "not_found", "team", "no such team");

    turn(1, "{\"type\":\"tournament_start\",\"id\":27,\"tournament\":1}", T0);
    snap = f_last(&io, 1, "\"type\":\"tournament\",\"id\":27,");
    CHECK_MSG(row_has(snap, tid[0], "\"no\":7,") && row_has(snap, tid[0], "\"byes\":[2]") &&
                  row_has(snap, tid[6], "\"byes\":[]"),
              "the request follows its team's new number: %s", snap ? snap : "(none)");
    bye_req(28, 1, tid[2], 1, false, T0);
    refused(28, "bad_state", "round", "a round paired");
    bye_req(29, 1, tid[0], 3, false, T0);
    refused(29, "bad_state", "team", "over its one requested bye");

    /* Round 1: every game drawn on time (nobody moves); round 2 paired at once (break 0). */
    f_run_timers(&io, h, T0 + 11 * SEC);
    const char *rd = f_last(&io, 1, "\"type\":\"round\",\"tournament\":1,\"round\":2,");
    snprintf(want, sizeof want, "\"team1\":%lld,", tid[0]);
    const char *bye = rd ? strstr(rd, want) : NULL;
    CHECK_MSG(rd && count(rd, "\"status\":\"bye\"") == 1 && count(rd, "\"team2\":null") == 1 &&
                  bye && strstr(bye, "\"mp\":[1,0]") && strstr(bye, "\"bye\":\"half\""),
              "round 2: three matches and the requested bye: %s", rd ? rd : "(none)");
    close_hub(false);

    open_hub(false, T0 + 12 * SEC);
    director(1, T0 + 12 * SEC);
    turn(1, "{\"type\":\"tournament_get\",\"id\":30,\"tournament\":1}", T0 + 12 * SEC);
    snap = f_last(&io, 1, "\"type\":\"tournament\",\"id\":30,");
    CHECK_MSG(row_has(snap, tid[0], "\"byes\":[2]") && strstr(snap, "\"bye_requests\":1,"),
              "stored: %s", snap ? snap : "(none)");
    turn(1, "{\"type\":\"tournament_create\",\"id\":31,\"name\":\"N\"}", T0 + 12 * SEC);
    turn(1,
         "{\"type\":\"team_register\",\"id\":32,\"tournament\":2,\"name\":\"X\","
         "\"players\":[\"x\",\"y\"]}",
         T0 + 12 * SEC);
    long long x = jint(f_last(&io, 1, "\"id\":32,\"team\":"), "team");
    bye_req(33, 2, x, 2, false, T0 + 12 * SEC);
    refused(33, "bad_state", "tournament", "an event without requested byes");
    CHECK_MSG(strstr(f_last(&io, 1, "\"id\":33,"), "takes no requested byes") != NULL,
              "the refusal says why");
    close_hub(true);
}

/* A scheduled round start (round_schedule, T-SCHEDULE; issue 26 item 4): 4 teams, 2 rounds,
 * round 1 scheduled 30 s after T0 (on the hub's wall clock: the test's fake loop time plus the
 * real offset the hub reads). The schedule survives a restart; tournament_start at T0
 * publishes the pairing at once but no clock runs before the time: nobody moves, so each game
 * ends by flags exactly 5 s (BASE) after its start: nothing at T0 + 34 s, game 1 of both
 * matches at T0 + 35 s. Refusals: a time not in the future, a clear without a schedule, a
 * round paired. */
static void round_scheduled(void)
{
    fresh_hub();
    new_tour("S", 4, 2);
    int64_t wall0 = ((int64_t)T0 + now_wall_ms() * 1000 - (int64_t)now_mono_us()) / 1000;
    char msg[200];
    snprintf(msg, sizeof msg,
             "{\"type\":\"round_schedule\",\"id\":20,\"tournament\":1,\"round\":1,"
             "\"start_ms\":%lld}",
             (long long)(wall0 + 30000));
    turn(1, msg, T0);
    const char *snap = f_last(&io, 1, "\"type\":\"tournament\",\"id\":20,");
    char want[96];
    snprintf(want, sizeof want, "\"schedule\":{\"round\":1,\"start_ms\":%lld}",
             (long long)(wall0 + 30000));
    CHECK_MSG(snap && strstr(snap, want), "scheduled: %s", snap ? snap : "(none)");
    snprintf(msg, sizeof msg,
             "{\"type\":\"round_schedule\",\"id\":21,\"tournament\":1,\"round\":2,"
             "\"start_ms\":%lld}",
             (long long)(wall0 - 1000));
    turn(1, msg, T0);
    refused(21, "invalid", "start_ms", "a time in the past");
    turn(1, "{\"type\":\"round_schedule\",\"id\":22,\"tournament\":1,\"round\":2,\"start_ms\":0}",
         T0);
    refused(22, "not_found", "round", "a clear without a schedule");
    close_hub(false);

    open_hub(false, T0);
    director(1, T0);
    turn(1, "{\"type\":\"tournament_get\",\"id\":23,\"tournament\":1}", T0);
    snap = f_last(&io, 1, "\"type\":\"tournament\",\"id\":23,");
    CHECK_MSG(snap && strstr(snap, want), "stored: %s", snap ? snap : "(none)");
    turn(1, "{\"type\":\"tournament_start\",\"id\":24,\"tournament\":1}", T0);
    const char *rd = f_last(&io, 1, "\"type\":\"round\",\"tournament\":1,\"round\":1,");
    CHECK_MSG(rd && count(rd, "\"waiting\"") == 2, "round 1 published, its games waiting: %s",
              rd ? rd : "(none)");
    turn(1, "{\"type\":\"round_schedule\",\"id\":25,\"tournament\":1,\"round\":1,\"start_ms\":0}",
         T0);
    refused(25, "bad_state", "round", "a round paired");
    f_run_timers(&io, h, T0 + 34 * SEC);
    cJSON *view = f_round_view(&io, 1, 1, 1); /* round 1 as the desk holds it from the pushes */
    CHECK_EQ_INT("no game over at T0 + 34 s", 0, f_round_games(view, "finished"));
    cJSON_Delete(view);
    f_run_timers(&io, h, T0 + 35 * SEC + 100000);
    view = f_round_view(&io, 1, 1, 1);
    CHECK_EQ_INT("both games 1 over by flags 5 s after the scheduled start", 2,
                 f_round_games(view, "finished"));
    cJSON_Delete(view);
    close_hub(true);
}

/* team_remove (issue 26 item 1: remove a team before the start): of four teams the second
 * leaves; the snapshot lists three, its team token no longer opens anything while the others'
 * still do; a team of the same name is registered again (a replacement); after the start a
 * removal is refused with the way out (withdrawal), and the four are stored. */
static void team_removed(void)
{
    fresh_hub();
    long long tid[4];
    char tok[4][80], msg[200];
    new_tour_ids("X", 4, 2, tid);
    team_tokens(tok);
    snprintf(msg, sizeof msg, "{\"type\":\"team_remove\",\"id\":20,\"tournament\":1,\"team\":%lld}",
             tid[1]);
    turn(1, msg, T0);
    const char *snap = f_last(&io, 1, "\"type\":\"tournament\",\"id\":20,");
    char want[48];
    snprintf(want, sizeof want, "{\"team\":%lld,", tid[1]);
    CHECK_MSG(snap && count(snap, "{\"team\":") == 3 && !strstr(snap, want), "three teams left: %s",
              snap ? snap : "(none)");
    hub_on_open(h, 30);
    snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":21,\"token\":\"%s\"}", tok[1]);
    turn(30, msg, T0);
    const char *e = f_last(&io, 30, "\"id\":21,");
    CHECK_MSG(e && strstr(e, "\"code\":\"unauthorized\""), "the removed team's token: %s",
              e ? e : "(none)");
    hub_on_open(h, 31);
    snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":22,\"token\":\"%s\"}", tok[2]);
    turn(31, msg, T0);
    e = f_last(&io, 31, "\"id\":22,");
    CHECK_MSG(e && strstr(e, "\"role\":\"team\""), "another team's token still works: %s",
              e ? e : "(none)");
    snprintf(msg, sizeof msg, "{\"type\":\"team_remove\",\"id\":23,\"tournament\":1,\"team\":%lld}",
             tid[1]);
    turn(1, msg, T0);
    refused(23, "not_found", "team", "removed twice");
    turn(1,
         "{\"type\":\"team_register\",\"id\":24,\"tournament\":1,\"name\":\"T1\","
         "\"players\":[\"c9\",\"p9\"],\"ratings\":[1950,1800]}",
         T0);
    long long again = jint(f_last(&io, 1, "\"id\":24,\"team\":"), "team");
    CHECK_MSG(again > 0 && again != tid[1], "the name registered again: team %lld", again);
    turn(1, "{\"type\":\"tournament_start\",\"id\":25,\"tournament\":1}", T0);
    snprintf(msg, sizeof msg, "{\"type\":\"team_remove\",\"id\":26,\"tournament\":1,\"team\":%lld}",
             tid[0]);
    turn(1, msg, T0);
    refused(26, "bad_state", "tournament", "after the start");
    e = f_last(&io, 1, "\"id\":26,");
    CHECK_MSG(e && strstr(e, "withdraw the team instead"), "the refusal says what to do: %s",
              e ? e : "(none)");
    close_hub(false);
    open_hub(false, T0 + SEC);
    director(1, T0 + SEC);
    turn(1, "{\"type\":\"tournament_get\",\"id\":27,\"tournament\":1}", T0 + SEC);
    snap = f_last(&io, 1, "\"type\":\"tournament\",\"id\":27,");
    snprintf(want, sizeof want, "{\"team\":%lld,", again);
    CHECK_MSG(snap && count(snap, "{\"team\":") == 4 && strstr(snap, want),
              "stored: the four, the replacement among them: %s", snap ? snap : "(none)");
    close_hub(true);
}

/* The live list names both teams of an Armageddon play-off game (round 0, T-ARMAGEDDON): two
 * teams draw their match 1-1 (nobody moves: flags), the server starts the play-off game. */
static void live_playoff(void)
{
    fresh_hub();
    hub_on_open(h, 2);
    turn(2, "{\"type\":\"live\",\"id\":1}", T0);
    new_tour("A", 2, 0);
    turn(1, "{\"type\":\"tournament_start\",\"id\":5,\"tournament\":1}", T0);
    f_run_timers(&io, h, T0 + 2 * BASE * 1000ULL); /* games 1 and 2: draws on time */
    const char *lv = f_last(&io, 2, "\"type\":\"live\"");
    CHECK_MSG(
        lv && strstr(lv, "\"round\":0,") && count(lv, "\"game\":") == 1 &&
            (strstr(lv, "\"teams\":[\"T0\",\"T1\"]") || strstr(lv, "\"teams\":[\"T1\",\"T0\"]")),
        "play-off in the live list: %s", lv ? lv : "(none)");
    close_hub(true);
}

/* Round 1 of a 4-team, 2-round event started; game 1 of the match of a[0] adjudicated 1-0 by
 * the director at 1 s, so its team2 (the loser) is asked for game 2's colours (P-GAME2). */
static long long choice_pending(int64_t a[16][3])
{
    fresh_hub();
    new_tour("C", 4, 2);
    turn(1, "{\"type\":\"tournament_start\",\"id\":8,\"tournament\":1}", T0);
    CHECK_EQ_INT("round 1 games", 2, assigns(a, 16));
    f_clear(&io);
    char msg[160];
    snprintf(msg, sizeof msg,
             "{\"type\":\"game_result\",\"id\":9,\"game\":%lld,\"result\":\"1-0\","
             "\"reason\":\"adjudicated\"}",
             (long long)a[0][0]);
    turn(1, msg, T0 + SEC);
    const char *q = f_last(&io, 1, "\"type\":\"game2_choice\"");
    CHECK_MSG(q && jint(q, "team") == a[0][2], "the loser is not asked: %s", q ? q : "(none)");
    return a[0][0];
}

/* How many assigns to conn 1 start game 2 of match 0 of round 1 (the match of choice_pending). */
static int games2(void)
{
    return f_count(&io, 1,
                   "\"type\":\"assign\",\"tournament\":1,\"round\":1,\"match\":0,"
                   "\"game_no\":1,");
}

/* Regression: a P-GAME2 choice made stale while pending. Before the fix the deadline timer
 * spun forever (the server hung) once game 2 existed (game 1 overridden to a draw) or the
 * match was forfeited (a withdrawal), and after an override 1-0 -> 0-1 the winner kept the
 * choice. alarm(): a hang fails the test instead of waiting for the ctest timeout. */
static void game2_stale_choice(void)
{
    int64_t a[16][3];
    char msg[160];
    alarm(20);
    long long g1 = choice_pending(a); /* override to a draw: game 2 at once, swapped */
    snprintf(msg, sizeof msg,
             "{\"type\":\"game_result\",\"id\":10,\"game\":%lld,\"result\":\"1/2-1/2\","
             "\"reason\":\"appeal\"}",
             g1);
    turn(1, msg, T0 + 2 * SEC);
    CHECK_MSG(f_last(&io, 1, "\"type\":\"ack\",\"id\":10") != NULL, "no ack to the override");
    CHECK_EQ_INT("draw: game 2 at once", 1, games2());
    f_run_timers(&io, h, T0 + 20 * SEC); /* past the old deadline */
    CHECK_EQ_INT("one game 2 after the old deadline", 1, games2());
    close_hub(true);

    g1 = choice_pending(a); /* override 1-0 -> 0-1: the new loser (team1) is asked */
    snprintf(msg, sizeof msg,
             "{\"type\":\"game_result\",\"id\":10,\"game\":%lld,\"result\":\"0-1\","
             "\"reason\":\"appeal\"}",
             g1);
    f_clear(&io);
    turn(1, msg, T0 + 2 * SEC);
    const char *q = f_last(&io, 1, "\"type\":\"game2_choice\"");
    CHECK_MSG(q && jint(q, "team") == a[0][1], "flip: asked %s", q ? q : "(none)");
    CHECK_EQ_INT("flip: no game 2 yet", 0, games2());
    f_run_timers(&io, h, T0 + 16 * SEC); /* the old deadline passes: the new one runs */
    CHECK_EQ_INT("flip: no game 2 at the old deadline", 0, games2());
    f_run_timers(&io, h, T0 + 18 * SEC);
    CHECK_EQ_INT("flip: game 2 at the new deadline", 1, games2());
    close_hub(true);

    choice_pending(a); /* the loser withdraws: its match is forfeited, no game 2 */
    snprintf(msg, sizeof msg,
             "{\"type\":\"team_withdraw\",\"id\":10,\"tournament\":1,\"team\":%lld}",
             (long long)a[0][2]);
    turn(1, msg, T0 + 2 * SEC);
    CHECK_MSG(f_last(&io, 1, "\"type\":\"tournament\",\"id\":10") != NULL, "no withdraw reply");
    f_clear(&io);
    f_run_timers(&io, h, T0 + 20 * SEC);
    CHECK_EQ_INT("forfeit: no game 2", 0, games2());
    CHECK_MSG(f_last(&io, 1, "\"round\":2,") != NULL, "round 2 not paired after the forfeit");
    close_hub(true);
    alarm(0);
}

/* Regression: the director adjudicates an Armageddon play-off game (T-ARMAGEDDON) with the
 * reason of the protocol's example, "adjudicated". Before the fix the play-off took it for a
 * game a restart had adjudicated (void) and played another game, ignoring the result. */
static void playoff_adjudicated(void)
{
    fresh_hub();
    new_tour("A", 2, 0);
    turn(1, "{\"type\":\"tournament_start\",\"id\":5,\"tournament\":1}", T0);
    f_run_timers(&io, h, T0 + 2 * BASE * 1000ULL); /* games 1 and 2: draws on time */
    const char *as = f_last(&io, 1, "\"type\":\"assign\",\"tournament\":1,\"round\":0,");
    CHECK_MSG(as != NULL, "no play-off game");
    long long g = jint(as, "game"), white = jint(as, "team1");
    char msg[200];
    snprintf(msg, sizeof msg,
             "{\"type\":\"game_result\",\"id\":9,\"game\":%lld,\"result\":\"1-0\","
             "\"reason\":\"adjudicated\"}",
             g);
    f_clear(&io);
    turn(1, msg, T0 + 11 * SEC);
    CHECK_MSG(f_last(&io, 1, "\"type\":\"ack\",\"id\":9") != NULL, "no ack");
    CHECK_EQ_INT("no second play-off game", 0, f_count(&io, 1, "\"type\":\"assign\""));
    const char *sd = f_last(&io, 1, "\"type\":\"standings\"");
    CHECK_MSG(sd && strstr(sd, "\"final\":true"), "not final: %s", sd ? sd : "(none)");
    CHECK_EQ_INT("White's team first", (int)white,
                 (int)jint(sd ? strstr(sd, "\"rows\"") : NULL, "team"));
    close_hub(true);
}

/* Regression: a game the director paused and then adjudicated was paused again after a
 * restart (its last pause record was read back without the end after it). */
static void paused_end_restart(void)
{
    memset(&io, 0, sizeof io);
    open_hub(true, T0);
    live_game();
    turn(1, "{\"type\":\"game_pause\",\"id\":10,\"game\":1,\"paused\":true}", T0 + 10 * SEC);
    turn(1, "{\"type\":\"game_result\",\"id\":11,\"game\":1,\"result\":\"1-0\",\"reason\":\"x\"}",
         T0 + 11 * SEC);
    CHECK_MSG(f_last(&io, 1, "\"type\":\"ack\",\"id\":11") != NULL, "no ack to the result");
    close_hub(false);
    open_hub(false, T0 + 100 * SEC);
    hub_on_open(h, 20);
    turn(20, "{\"type\":\"join\",\"id\":1,\"game\":1}", T0 + 150 * SEC);
    const char *s = f_last(&io, 20, "\"type\":\"state\"");
    CHECK_MSG(s && strstr(s, "\"status\":\"finished\"") && strstr(s, "\"paused\":false"),
              "after a restart: %s", s ? s : "(none)");
    CHECK_MSG(s && strstr(s, "\"clock_ms\":[50000,60000,50000,60000]"), "clocks: %s",
              s ? s : "(none)");
    close_hub(true);
}

/* Regression: a round robin (4 teams: T-ROUNDS fallback) pairs a withdrawn team with its
 * matches forfeited (T-FORFEIT); T-AUTO created and started games for them anyway. */
static void rr_withdrawn_no_games(void)
{
    fresh_hub();
    new_tour("W", 4, 3);
    turn(1, "{\"type\":\"tournament_start\",\"id\":5,\"tournament\":1}", T0);
    turn(1, "{\"type\":\"team_withdraw\",\"id\":6,\"tournament\":1,\"team\":1}", T0 + SEC);
    CHECK_MSG(f_last(&io, 1, "\"type\":\"tournament\",\"id\":6") != NULL, "no withdraw reply");
    f_run_timers(&io, h, T0 + 100 * SEC);
    int64_t a[32][3];
    int n = assigns(a, 32), with1 = 0;
    for (int i = 0; i < n; i++)
        with1 += a[i][1] == 1 || a[i][2] == 1;
    CHECK_EQ_INT("games of the withdrawn team (round 1 only)", 1, with1);
    /* Round 1: the game the withdrawal ended + 2; rounds 2 and 3: 2 each (the other match is
     * forfeited). Then the three tied teams play Armageddon games (round 0). */
    int playoff = f_count(&io, 1, "\"type\":\"assign\",\"tournament\":1,\"round\":0,");
    CHECK_EQ_INT("games of rounds 1-3", 7, n - playoff);
    close_hub(true);
}

/* The "text" string of a JSON message, unescaped (\" \\ \n only: enough for BPGN without
 * control characters); a new string, or NULL. */
static char *json_text(const char *json)
{
    const char *p = json ? strstr(json, "\"text\":\"") : NULL;
    if (!p)
        return NULL;
    p += 8;
    char *out = malloc(strlen(p) + 1), *o = out;
    for (; *p && *p != '"'; p++) {
        if (*p == '\\' && p[1]) {
            p++;
            *o++ = *p == 'n' ? '\n' : *p;
        } else {
            *o++ = *p;
        }
    }
    *o = '\0';
    return out;
}

/* Regression: a director's reason is client text; written raw into the BPGN tag and the
 * closing comment, a '"' or '}' made the exported (and stored) BPGN unparseable. */
static void reason_in_bpgn(void)
{
    memset(&io, 0, sizeof io);
    open_hub(true, T0);
    live_game();
    turn(10, "{\"type\":\"move\",\"id\":6,\"game\":1,\"board\":\"A\",\"ply\":0,\"move\":\"e2e4\"}",
         T0 + 1 * SEC);
    turn(1,
         "{\"type\":\"game_result\",\"id\":7,\"game\":1,\"result\":\"1-0\","
         "\"reason\":\"a\\\"]{b\\\\c}d\"}",
         T0 + 2 * SEC);
    CHECK_MSG(f_last(&io, 1, "\"type\":\"ack\",\"id\":7") != NULL, "no ack");
    turn(1, "{\"type\":\"export\",\"id\":8,\"format\":\"bpgn\",\"game\":1}", T0 + 3 * SEC);
    char *text = json_text(f_last(&io, 1, "\"type\":\"export\",\"id\":8"));
    bpgn_game bg;
    int rc = text ? bpgn_parse(text, strlen(text), &bg, NULL) : BH_EINVAL;
    CHECK_EQ_INT("the BPGN parses", BH_OK, rc);
    if (rc == BH_OK) {
        const char *t = bpgn_get_tag(&bg, "Termination");
        CHECK_EQ_STR("Termination", "a\"]{b\\c}d", t ? t : "(none)");
        CHECK_EQ_STR("Result", "1-0", bpgn_get_tag(&bg, "Result"));
        CHECK_EQ_STR("result token", "1-0", bg.result);
        CHECK_EQ_INT("items: a move and the closing comment", 2, (int)bg.nitems);
        bpgn_game_fini(&bg);
    }
    free(text);
    close_hub(true);
}

/* Regression: a P-GAME2 choice open when the server restarts is asked again at load, when no
 * connection is open, and was never sent to the team's connection that authenticates
 * afterwards (nor to a director's tournament_get): the loser could not choose. Now the team's
 * connection gets game2_choice with the time left and its choice starts game 2. */
static void choice_after_restart(void)
{
    fresh_hub();
    new_tour("C", 4, 2);
    char tok[4][80];
    team_tokens(tok);
    turn(1, "{\"type\":\"tournament_start\",\"id\":8,\"tournament\":1}", T0);
    int64_t a[16][3];
    CHECK_EQ_INT("round 1 games", 2, assigns(a, 16));
    char msg[200];
    snprintf(msg, sizeof msg,
             "{\"type\":\"game_result\",\"id\":9,\"game\":%lld,\"result\":\"1-0\","
             "\"reason\":\"adjudicated\"}",
             (long long)a[0][0]);
    turn(1, msg, T0 + SEC);
    close_hub(false); /* each turn is committed: as a SIGKILL */
    open_hub(false, T0 + 100 * SEC);
    hub_on_open(h, 7);
    snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}",
             a[0][2] >= 1 && a[0][2] <= 4 ? tok[a[0][2] - 1] : "");
    turn(7, msg, T0 + 101 * SEC);
    const char *q = f_last(&io, 7, "\"type\":\"game2_choice\"");
    CHECK_MSG(q && jint(q, "team") == a[0][2] && jint(q, "game") == a[0][0],
              "the loser's team connection is not asked: %s", q ? q : "(none)");
    CHECK_EQ_INT("time left", 14000, (int)jint(q, "deadline_ms"));
    director(1, T0 + 102 * SEC);
    turn(1, "{\"type\":\"tournament_get\",\"id\":3,\"tournament\":1}", T0 + 102 * SEC);
    CHECK_EQ_INT("the director's tournament_get", 1, f_count(&io, 1, "\"type\":\"game2_choice\""));
    f_clear(&io);
    snprintf(msg, sizeof msg, "{\"type\":\"game2_colors\",\"id\":4,\"game\":%lld,\"swap\":false}",
             (long long)a[0][0]);
    turn(7, msg, T0 + 103 * SEC);
    CHECK_MSG(f_last(&io, 7, "\"type\":\"ack\",\"id\":4") != NULL, "no ack to the choice");
    const char *as = f_last(&io, 7, "\"type\":\"assign\"");
    CHECK_MSG(as && jint(as, "game_no") == 1 && jint(as, "team1") == a[0][1],
              "game 2 (colours kept): %s", as ? as : "(none)");
    close_hub(true);
}
/* Random director controls against a running 4-team event (seeded, reproducible; run more
 * seeds with BH_HUB_SEEDS=n, longer runs with BH_HUB_STEPS=n): game_pause, game_result,
 * team_withdraw, round_pair (computed or by hand),
 * round_start, tournament_pause, export, live, tournament_get and game2_colors (from the
 * director and from the four team connections) with small ids of every kind, time steps that
 * fire the clocks and the P-GAME2 deadlines, and restarts. Every message gets exactly one
 * reply with its id, every turn commits, and nothing hangs (alarm) or trips ASan/UBSan. */
static uint64_t rnd_state;

static unsigned rnd(unsigned n)
{
    rnd_state ^= rnd_state << 13, rnd_state ^= rnd_state >> 7, rnd_state ^= rnd_state << 17;
    return (unsigned)(rnd_state >> 33) % n;
}

static void random_controls_seed(uint64_t seed)
{
    rnd_state = seed * 0x9E3779B97F4A7C15ULL + 1;
    fresh_hub();
    new_tour("R", 4, 3);
    char tok[4][80];
    team_tokens(tok);
    uint64_t now = T0;
    char msg[400]; /* room for any token of tok[4][80] as GCC counts it */
    for (int k = 0; k < 4; k++) {
        hub_on_open(h, 30 + (uint64_t)k);
        snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", tok[k]);
        turn(30 + (uint64_t)k, msg, now);
    }
    hub_on_open(h, 2);
    turn(1, "{\"type\":\"tournament_start\",\"id\":8,\"tournament\":1}", now);
    static const char *const res[] = {"1-0", "0-1", "1/2-1/2"};
    const char *env = getenv("BH_HUB_STEPS");
    int steps = env ? atoi(env) : 120;
    for (int step = 0; step < steps; step++) {
        int id = 100000 + step, op = (int)rnd(14);
        unsigned gid = 1 + rnd(16), team = 1 + rnd(5), tour = 1 + rnd(2);
        bool b = rnd(2);
        uint64_t conn = op == 12 ? 30 + rnd(4) : rnd(8) ? 1 : 2;
        switch (op) {
        case 0:
        case 1:
            snprintf(msg, sizeof msg,
                     "{\"type\":\"game_pause\",\"id\":%d,\"game\":%u,\"paused\":%s}", id, gid,
                     b ? "true" : "false");
            break;
        case 2:
            snprintf(msg, sizeof msg,
                     "{\"type\":\"game_result\",\"id\":%d,\"game\":%u,\"result\":\"%s\","
                     "\"reason\":\"r\"}",
                     id, gid, res[rnd(3)]);
            break;
        case 3:
            snprintf(msg, sizeof msg,
                     "{\"type\":\"team_withdraw\",\"id\":%d,\"tournament\":%u,\"team\":%u,"
                     "\"keep_current\":%s}",
                     id, tour, team, b ? "true" : "false");
            if (rnd(3))
                continue; /* rarer: a withdrawal is final */
            break;
        case 4:
            if (b) { /* by hand: two pairs of small ids (0 = a bye), a rematch sometimes allowed */
                /* One draw per statement (a call's argument order is unspecified: gcc and
                 * clang differ), in the order gcc drew them. */
                bool rematch = rnd(2);
                unsigned b2 = rnd(6), a2 = 1 + rnd(5), b1 = rnd(6), a1 = 1 + rnd(5);
                snprintf(msg, sizeof msg,
                         "{\"type\":\"round_pair\",\"id\":%d,\"tournament\":%u,\"pairs\":"
                         "[[%u,%u],[%u,%u]],\"allow_rematch\":%s}",
                         id, tour, a1, b1, a2, b2, rematch ? "true" : "false");
            } else
                snprintf(msg, sizeof msg, "{\"type\":\"round_pair\",\"id\":%d,\"tournament\":%u}",
                         id, tour);
            break;
        case 5:
            snprintf(msg, sizeof msg, "{\"type\":\"round_start\",\"id\":%d,\"tournament\":%u}", id,
                     tour);
            break;
        case 6:
            snprintf(msg, sizeof msg,
                     "{\"type\":\"tournament_pause\",\"id\":%d,\"tournament\":%u,\"paused\":%s}",
                     id, tour, b ? "true" : "false");
            break;
        case 7:
            snprintf(msg, sizeof msg,
                     b ? "{\"type\":\"export\",\"id\":%d,\"format\":\"bpgn\",\"game\":%u}"
                       : "{\"type\":\"export\",\"id\":%d,\"format\":\"trf\",\"tournament\":%u}",
                     id, b ? gid : tour);
            break;
        case 8: snprintf(msg, sizeof msg, "{\"type\":\"live\",\"id\":%d}", id); break;
        case 9:
            snprintf(msg, sizeof msg, "{\"type\":\"tournament_get\",\"id\":%d,\"tournament\":%u}",
                     id, tour);
            break;
        case 10:
        case 11: { /* time passes: clocks, deadlines */
            uint64_t secs = rnd(8);
            now += secs * SEC + rnd(1000) * 1000ULL;
            f_run_timers(&io, h, now);
            continue;
        }
        case 12:
        default:
            if (op == 13 && rnd(4) == 0) { /* a restart (each turn is committed) */
                close_hub(false);
                open_hub(false, now);
                director(1, now);
                for (int k = 0; k < 4; k++) {
                    hub_on_open(h, 30 + (uint64_t)k);
                    snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}",
                             tok[k]);
                    turn(30 + (uint64_t)k, msg, now);
                }
                hub_on_open(h, 2);
                continue;
            }
            snprintf(msg, sizeof msg,
                     "{\"type\":\"game2_colors\",\"id\":%d,\"game\":%u,\"swap\":%s}", id, gid,
                     b ? "true" : "false");
            break;
        }
        if (io.n > FAKE_MAX_MSGS - 200)
            f_clear(&io);
        int before = io.n;
        turn(conn, msg, now);
        char want[32];
        snprintf(want, sizeof want, "\"id\":%d", id);
        int replies = 0;
        for (int i = before; i < io.n; i++)
            replies += io.conn[i] == conn && strstr(io.msg[i], want) != NULL;
        CHECK_MSG(replies == 1, "seed %llu step %d: %d replies to %s", (unsigned long long)seed,
                  step, replies, msg);
    }
    now += 600 * SEC; /* the event runs to its end: the timers stop */
    f_run_timers(&io, h, now);
    close_hub(true);
}

static void random_controls(void)
{
    const char *env = getenv("BH_HUB_SEEDS");
    int n = env ? atoi(env) : 8;
    alarm(60 + (unsigned)n);
    for (int i = 0; i < n; i++)
        random_controls_seed((uint64_t)i);
    alarm(0);
}

/* Regression: a team withdrawn (without keep_current) while it plays an Armageddon play-off
 * game: that game went on (and the event could finish with it still live). Now it ends at
 * once as a loss for the withdrawn team (reason "withdrawn"), like a game of its match. Three
 * teams draw every game: T1 (White) - T0 play the first play-off game; T0 withdraws. */
static void withdraw_in_playoff(void)
{
    fresh_hub();
    new_tour("A", 3, 0);
    turn(1, "{\"type\":\"tournament_start\",\"id\":5,\"tournament\":1}", T0);
    f_run_timers(&io, h, T0 + 40 * SEC);
    const char *as = f_last(&io, 1, "\"type\":\"assign\",\"tournament\":1,\"round\":0,");
    CHECK_MSG(as && jint(as, "team1") == 2 && jint(as, "team2") == 1, "play-off: %s",
              as ? as : "(none)");
    long long po = jint(as, "game");
    hub_on_open(h, 2);
    char msg[160];
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":1,\"game\":%lld}", po);
    turn(2, msg, T0 + 41 * SEC);
    turn(1, "{\"type\":\"team_withdraw\",\"id\":6,\"tournament\":1,\"team\":1}", T0 + 41 * SEC);
    CHECK_MSG(f_last(&io, 1, "\"type\":\"tournament\",\"id\":6") != NULL, "no withdraw reply");
    const char *res = f_last(&io, 2, "\"type\":\"result\"");
    CHECK_MSG(res && strstr(res, "\"result\":\"1-0\",\"reason\":\"withdrawn\""),
              "the play-off game: %s", res ? res : "(none)");
    close_hub(true);
}

/* The matches of the first "matches" array at or after p: {team1, team2 (0: a bye), white}. */
static int round_matches(const char *p, long long out[][3], int max)
{
    int n = 0;
    const char *q = p ? strstr(p, "\"matches\":[") : NULL;
    while (q && n < max && (q = strstr(q, "{\"match\":")) != NULL) {
        out[n][0] = jint(q, "team1");
        out[n][1] = jint(q, "team2");
        out[n][2] = jint(q, "white");
        n++;
        q++;
    }
    return n;
}

/* Is {x, y} (either order; y 0: x's bye) one of the n matches m? */
static bool has_match(long long m[][3], int n, long long x, long long y)
{
    for (int i = 0; i < n; i++)
        if ((m[i][0] == x && m[i][1] == y) || (y && m[i][0] == y && m[i][1] == x))
            return true;
    return false;
}

/* Send round_pair for tournament 1 with tail (the pairs and options) from conn; expect an
 * error with code (NULL: a tournament reply), field (unless NULL) and, if msg, that text in
 * the message. */
static const char *hand_pair(uint64_t conn, int id, const char *tail, const char *code,
                             const char *field, const char *msg, uint64_t now)
{
    static char json[8192];
    snprintf(json, sizeof json, "{\"type\":\"round_pair\",\"id\":%d,\"tournament\":1%s}", id, tail);
    turn(conn, json, now);
    char want[96];
    snprintf(want, sizeof want, "\"id\":%d,", id);
    const char *r = f_last(&io, conn, want);
    if (!code) {
        CHECK_MSG(r && strstr(r, "\"type\":\"tournament\""), "%s: %s", tail, r ? r : "(none)");
        return r;
    }
    char c[64], f[64];
    snprintf(c, sizeof c, "\"code\":\"%s\"", code);
    snprintf(f, sizeof f, field ? "\"field\":\"%s\"" : "\"code\"", field);
    CHECK_MSG(r && strstr(r, "\"type\":\"error\"") && strstr(r, c) && strstr(r, f) &&
                  (!msg || strstr(r, msg)),
              "%.60s: want %s %s %s, got %s", tail, code, field ? field : "-", msg ? msg : "",
              r ? r : "(none)");
    return r;
}

/* Issue 6 wiring: the director pairs a round by hand (round_pair with pairs, FIDE C.04.2).
 * Six teams (TPN 1..6 = T0..T5); round 1 is 1-4 2-5 3-6; team 6 withdraws during it, so 3
 * wins by forfeit; the other matches draw 1-1. Round 2 has five teams, one PAB. Every bad
 * list is refused with its typed error naming the pair and nothing changes (no round is
 * broadcast, the snapshot still has round 1, or the hand round stays); then the pairing
 * 3-5 1-2 4-bye, sent in another order, is stored as sent, broadcast as `round`, replaced by
 * a re-pair with a rematch allowed and set again, survives a restart with the same colours,
 * and is played by round_start. */
static void hand_pairing(void)
{
    fresh_hub();
    hub_on_open(h, 2); /* spectator */
    long long tid[6];  /* hub team id by TPN - 1 */
    new_tour_ids("H", 6, 3, tid);
    turn(1, "{\"type\":\"tournament_start\",\"id\":9,\"tournament\":1}", T0);
    long long m[8][3];
    CHECK_EQ_INT("round 1", 3, round_matches(f_last(&io, 2, "\"type\":\"round\""), m, 8));
    CHECK_MSG(has_match(m, 3, tid[0], tid[3]) && has_match(m, 3, tid[1], tid[4]) &&
                  has_match(m, 3, tid[2], tid[5]),
              "round 1 is not 1-4 2-5 3-6");
    turn(1, "{\"type\":\"tournament_pause\",\"id\":10,\"tournament\":1,\"paused\":true}", T0);
    char msg[256];
    snprintf(msg, sizeof msg,
             "{\"type\":\"team_withdraw\",\"id\":11,\"tournament\":1,\"team\":%lld}", tid[5]);
    turn(1, msg, T0 + SEC);
    f_run_timers(&io, h, T0 + 6 * SEC);
    turn(1, "{\"type\":\"round_start\",\"id\":12,\"tournament\":1}", T0 + 6 * SEC);
    f_run_timers(&io, h, T0 + 12 * SEC);
    turn(1, "{\"type\":\"tournament_get\",\"id\":13,\"tournament\":1}", T0 + 12 * SEC);
    const char *snap = f_last(&io, 1, "\"id\":13,");
    CHECK_MSG(snap && strstr(snap, "\"round\":1,") && strstr(snap, "\"status\":\"done\""),
              "round 1 not done: %s", snap ? snap : "(none)");

    /* Every bad list: a typed error, nothing changes. */
    f_clear(&io);
    uint64_t now = T0 + 13 * SEC;
    char t[512];
#define P(i) tid[(i)-1] /* hub team id of TPN i */
    hand_pair(2, 20, ",\"pairs\":[[1,2]]", "unauthorized", NULL, NULL, now);
    hand_pair(1, 21, ",\"pairs\":\"1-2, 3-5, 4-0\"", "missing_field", "pairs", NULL, now);
    hand_pair(1, 22, ",\"pairs\":[[1,2],[3]]", "missing_field", "pairs[1]", NULL, now);
    hand_pair(1, 23, ",\"pairs\":[[1,2]],\"allow_rematch\":\"yes\"", "missing_field",
              "allow_rematch", NULL, now);
    snprintf(t, sizeof t, ",\"pairs\":[[%lld,%lld],[%lld,99],[%lld,0]]", P(1), P(2), P(3), P(4));
    hand_pair(1, 24, t, "not_found", "pairs[1]", "no team 99", now);
    /* two unknown teams in one pair: not found, not "paired with itself" (hostile review) */
    snprintf(t, sizeof t, ",\"pairs\":[[%lld,%lld],[98,99],[%lld,0]]", P(1), P(2), P(4));
    hand_pair(1, 43, t, "not_found", "pairs[1]", "no team 98", now);
    snprintf(t, sizeof t, ",\"pairs\":[[%lld,%lld],[%lld,99],[98,0]]", P(1), P(2), P(3));
    hand_pair(1, 44, t, "not_found", "pairs[1]", "no team 99", now);
    snprintf(t, sizeof t, ",\"pairs\":[[%lld,%lld],[%lld,%lld],[%lld,%lld]]", P(1), P(2), P(3),
             P(6), P(4), P(5));
    hand_pair(1, 25, t, "bad_state", "pairs[1]", "withdrawn", now);
    snprintf(t, sizeof t, ",\"pairs\":[[%lld,%lld],[%lld,%lld],[%lld,0]]", P(1), P(2), P(3), P(5),
             P(1));
    hand_pair(1, 26, t, "exists", "pairs[2]", "listed twice", now);
    snprintf(t, sizeof t, ",\"pairs\":[[%lld,%lld],[%lld,%lld],[%lld,%lld]]", P(1), P(2), P(3),
             P(3), P(4), P(5));
    hand_pair(1, 27, t, "invalid", "pairs[1]", "with itself", now);
    snprintf(t, sizeof t, ",\"pairs\":[[%lld,%lld],[%lld,%lld]]", P(1), P(2), P(3), P(5));
    char left[64];
    snprintf(left, sizeof left, "team %lld plays round 2 and is in no pair", P(4));
    hand_pair(1, 28, t, "invalid", "pairs", left, now);
    snprintf(t, sizeof t, ",\"pairs\":[[%lld,%lld],[%lld,0],[%lld,0]]", P(1), P(2), P(5), P(4));
    hand_pair(1, 29, t, "too_large", "pairs[2]", "one PAB at most", now);
    snprintf(t, sizeof t, ",\"pairs\":[[%lld,%lld],[%lld,%lld],[%lld,0]]", P(1), P(2), P(4), P(5),
             P(3));
    hand_pair(1, 30, t, "no_pairing", "pairs[2]", "C.04.1 d", now);
    snprintf(t, sizeof t, ",\"pairs\":[[%lld,%lld],[%lld,%lld],[%lld,0]]", P(4), P(1), P(2), P(3),
             P(5));
    char met[96];
    snprintf(met, sizeof met, "teams %lld and %lld met before", P(4), P(1));
    hand_pair(1, 31, t, "no_pairing", "pairs[0]", met, now);
    char *huge = malloc(8000);
    int len = snprintf(huge, 8000, ",\"pairs\":[");
    for (int i = 0; i < 1025; i++)
        len += snprintf(huge + len, (size_t)(8000 - len), "%s[1,2]", i ? "," : "");
    snprintf(huge + len, (size_t)(8000 - len), "]");
    hand_pair(1, 32, huge, "too_large", "pairs", NULL, now);
    free(huge);
    CHECK_EQ_INT("no round after the errors", 0, f_count(&io, 2, "\"type\":\"round\""));
    turn(1, "{\"type\":\"tournament_get\",\"id\":33,\"tournament\":1}", now);
    snap = f_last(&io, 1, "\"id\":33,");
    CHECK_MSG(snap && strstr(snap, "\"round\":1,") && !strstr(snap, "\"round\":2,"),
              "the errors changed the tournament: %s", snap ? snap : "(none)");
    turn(1, "{\"type\":\"ping\",\"id\":34}", now);
    CHECK_MSG(f_last(&io, 1, "\"type\":\"pong\",\"id\":34") != NULL, "the connection is dead");

    /* The good pairing, in another order and with the sides swapped: 3-5 1-2 4-bye. */
    snprintf(t, sizeof t, ",\"pairs\":[[%lld,0],[%lld,%lld],[%lld,%lld]]", P(4), P(2), P(1), P(5),
             P(3));
    hand_pair(1, 35, t, NULL, NULL, NULL, now);
    const char *rd = f_last(&io, 2, "\"type\":\"round\"");
    CHECK_MSG(rd && strstr(rd, "\"round\":2,") && strstr(rd, "\"status\":\"paired\""),
              "round 2 not broadcast as paired: %s", rd ? rd : "(none)");
    long long sent[8][3];
    CHECK_EQ_INT("round 2: 2 matches and the bye", 3, round_matches(rd, sent, 8));
    CHECK_MSG(has_match(sent, 3, P(3), P(5)) && has_match(sent, 3, P(1), P(2)) &&
                  has_match(sent, 3, P(4), 0),
              "round 2 is not the pairing sent: %s", rd ? rd : "(none)");
    /* team1 is the higher-ranked (3 leads on its forfeit win, then TPN order), as computed */
    CHECK_MSG(sent[0][0] == P(3) && sent[1][0] == P(1) && sent[2][0] == P(4),
              "team1 is not the higher-ranked: %s", rd ? rd : "(none)");
    CHECK_EQ_INT("no game before round_start", 0, f_count(&io, 1, "\"type\":\"assign\""));

    /* An error now leaves the hand round as it is; a re-pair (a rematch allowed) replaces it;
     * the hand pairing is set again. */
    f_clear(&io);
    snprintf(t, sizeof t, ",\"pairs\":[[%lld,%lld],[%lld,%lld],[%lld,0]]", P(4), P(1), P(2), P(3),
             P(5));
    hand_pair(1, 36, t, "no_pairing", "pairs[0]", met, now);
    CHECK_EQ_INT("no round after the error", 0, f_count(&io, 2, "\"type\":\"round\""));
    turn(1, "{\"type\":\"tournament_get\",\"id\":37,\"tournament\":1}", now);
    snap = f_last(&io, 1, "\"id\":37,");
    const char *cur = snap ? strstr(snap, "\"current\":") : NULL;
    CHECK_EQ_INT("still round 2", 3, round_matches(cur, m, 3));
    CHECK_MSG(cur && strstr(cur, "\"round\":2,") && memcmp(m, sent, sizeof m[0] * 3) == 0,
              "the error changed round 2: %s", snap ? snap : "(none)");
    snprintf(t, sizeof t, ",\"pairs\":[[%lld,%lld],[%lld,%lld],[%lld,0]],\"allow_rematch\":true",
             P(4), P(1), P(2), P(3), P(5));
    hand_pair(1, 38, t, NULL, NULL, NULL, now);
    CHECK_EQ_INT("re-paired", 3, round_matches(f_last(&io, 2, "\"type\":\"round\""), m, 8));
    CHECK_MSG(has_match(m, 3, P(1), P(4)) && has_match(m, 3, P(2), P(3)) &&
                  has_match(m, 3, P(5), 0),
              "the re-pair with a rematch did not replace round 2");
    snprintf(t, sizeof t, ",\"pairs\":[[%lld,%lld],[%lld,%lld],[%lld,0]]", P(3), P(5), P(1), P(2),
             P(4));
    hand_pair(1, 39, t, NULL, NULL, NULL, now);
    CHECK_EQ_INT("set again", 3, round_matches(f_last(&io, 2, "\"type\":\"round\""), m, 8));
    CHECK_MSG(memcmp(m, sent, sizeof m[0] * 3) == 0, "the same pairing, other colours");
    close_hub(false);

    /* After a restart: the hand round as stored, colours included; round_start plays it. */
    open_hub(false, T0 + 30 * SEC);
    director(1, T0 + 30 * SEC);
    hub_on_open(h, 2);
    turn(2, "{\"type\":\"tournament_get\",\"id\":40,\"tournament\":1}", T0 + 30 * SEC);
    snap = f_last(&io, 2, "\"id\":40,");
    cur = snap ? strstr(snap, "\"current\":") : NULL;
    CHECK_EQ_INT("after the restart", 3, round_matches(cur, m, 3));
    CHECK_MSG(cur && strstr(cur, "\"round\":2,") && strstr(cur, "\"status\":\"paired\"") &&
                  memcmp(m, sent, sizeof m[0] * 3) == 0,
              "the hand round did not survive the restart: %s", snap ? snap : "(none)");
    turn(1, "{\"type\":\"round_start\",\"id\":41,\"tournament\":1}", T0 + 31 * SEC);
    int64_t a[8][3];
    CHECK_EQ_INT("round 2: two games", 2, assigns(a, 8));
    for (int i = 0; i < 2; i++) {
        long long x = a[i][1], y = a[i][2];
        CHECK_MSG((has_match(sent, 2, x, y)), "a game of teams %lld and %lld", x, y);
        /* white 1: team1's captain has White on board A in game 1 (seat 0 = team1) */
        for (int k = 0; k < 2; k++)
            if (has_match(sent + k, 1, x, y))
                CHECK_EQ_INT("White on board A", sent[k][2] == 1 ? sent[k][0] : sent[k][1], x);
    }
    f_run_timers(&io, h, T0 + 37 * SEC);
    turn(1, "{\"type\":\"round_start\",\"id\":42,\"tournament\":1}", T0 + 37 * SEC);
    f_run_timers(&io, h, T0 + 43 * SEC);
    rd = f_last(&io, 2, "\"type\":\"round\"");
    CHECK_MSG(rd && strstr(rd, "\"round\":2,") && strstr(rd, "\"status\":\"done\""),
              "round 2 not played out: %s", rd ? rd : "(none)");
#undef P
    close_hub(true);
}

/* T-AUTO meets a round it cannot pair (T-PAIR): it pauses for the director instead of ending
 * the event. Six teams, 3 rounds (a Swiss: more teams than rounds): round 1 is 1-4 2-5 3-6
 * (C.04.6: top half against bottom half); teams 2, 3, 5 and 6 withdraw at once, 1-4 is played
 * out. Round 2 has only 1 and 4, who met: no legal pairing. The director's connection gets the
 * snapshot with status "paused"; a resume pauses again; a hand pairing 1-4 is refused without
 * allow_rematch and stored with it. */
static void unpairable_pauses(void)
{
    fresh_hub();
    long long tid[6];
    new_tour_ids("U", 6, 3, tid);
    turn(1, "{\"type\":\"tournament_start\",\"id\":9,\"tournament\":1}", T0);
    char msg[256];
    for (int i = 1; i < 6; i++) {
        if (i == 3)
            continue;
        snprintf(msg, sizeof msg,
                 "{\"type\":\"team_withdraw\",\"id\":%d,\"tournament\":1,\"team\":%lld}", 10 + i,
                 tid[i]);
        turn(1, msg, T0 + SEC);
    }
    f_clear(&io);
    f_run_timers(&io, h, T0 + 12 * SEC);
    const char *snap = f_last(&io, 1, "\"type\":\"tournament\"");
    CHECK_MSG(snap && strstr(snap, "\"status\":\"paused\""), "no paused snapshot: %s",
              snap ? snap : "(none)");
    turn(1, "{\"type\":\"tournament_get\",\"id\":20,\"tournament\":1}", T0 + 13 * SEC);
    snap = f_last(&io, 1, "\"id\":20,");
    CHECK_MSG(snap && strstr(snap, "\"status\":\"paused\"") && strstr(snap, "\"round\":1,"),
              "not paused after round 1: %s", snap ? snap : "(none)");
    turn(1, "{\"type\":\"tournament_pause\",\"id\":21,\"tournament\":1,\"paused\":false}",
         T0 + 14 * SEC);
    turn(1, "{\"type\":\"tournament_get\",\"id\":22,\"tournament\":1}", T0 + 14 * SEC);
    snap = f_last(&io, 1, "\"id\":22,");
    CHECK_MSG(snap && strstr(snap, "\"status\":\"paused\""), "resume did not pause again: %s",
              snap ? snap : "(none)");
    char t[128];
    snprintf(t, sizeof t, ",\"pairs\":[[%lld,%lld]]", tid[0], tid[3]);
    hand_pair(1, 23, t, "no_pairing", "pairs[0]", NULL, T0 + 15 * SEC);
    snprintf(t, sizeof t, ",\"pairs\":[[%lld,%lld]],\"allow_rematch\":true", tid[0], tid[3]);
    const char *r = hand_pair(1, 24, t, NULL, NULL, NULL, T0 + 15 * SEC);
    CHECK_MSG(r && strstr(r, "\"round\":2,"), "hand round 2 not stored: %s", r ? r : "(none)");
    close_hub(true);
}

/* Hostile-input review: withdrawals after a pairing by hand, before its games. Five teams,
 * 3 rounds: round 1 is 1-3 2-4 and the PAB to 5, drawn. Round 2 by hand: 1-5 2-3, the PAB to
 * 4. Team 4 withdraws (its PAB is forfeited: 0 MP), then team 5 (1 wins 1-5 by forfeit); no
 * game starts for either. A re-pair (the pairer) drops those forfeits with the hand round:
 * teams 4 and 5 are in no pair; round_start starts the one match of 1, 2, 3 and the PAB goes
 * to one of them. */
static void withdraw_after_hand(void)
{
    fresh_hub();
    long long tid[5];
    new_tour_ids("W", 5, 3, tid);
    turn(1, "{\"type\":\"tournament_start\",\"id\":9,\"tournament\":1}", T0);
    turn(1, "{\"type\":\"tournament_pause\",\"id\":10,\"tournament\":1,\"paused\":true}", T0);
    f_run_timers(&io, h, T0 + 6 * SEC);
    turn(1, "{\"type\":\"round_start\",\"id\":11,\"tournament\":1}", T0 + 6 * SEC);
    f_run_timers(&io, h, T0 + 12 * SEC);
    uint64_t now = T0 + 13 * SEC;
    char t[256];
    snprintf(t, sizeof t, ",\"pairs\":[[%lld,%lld],[%lld,%lld],[%lld,0]]", tid[0], tid[4], tid[1],
             tid[2], tid[3]);
    hand_pair(1, 12, t, NULL, NULL, NULL, now);
    for (int i = 3; i < 5; i++) {
        snprintf(t, sizeof t,
                 "{\"type\":\"team_withdraw\",\"id\":%d,\"tournament\":1,\"team\":%lld}", 13 + i,
                 tid[i]);
        turn(1, t, now);
    }
    CHECK_EQ_INT("no game for the hand round", 0, f_count(&io, 1, "\"round\":2,\"match\""));
    turn(1, "{\"type\":\"tournament_get\",\"id\":20,\"tournament\":1}", now);
    const char *snap = f_last(&io, 1, "\"id\":20,");
    const char *cur = snap ? strstr(snap, "\"current\":") : NULL;
    long long m[4][3];
    CHECK_EQ_INT("the hand round", 3, round_matches(cur, m, 3));
    CHECK_MSG(m[0][0] == tid[0] && m[0][1] == tid[4] && m[2][0] == tid[3] && m[2][1] == 0,
              "the hand round: %.600s", cur ? cur : "(none)");
    /* 1 wins its match by forfeit (2 MP), 4's PAB is forfeited (0 MP) */
    const char *m0 = cur ? strstr(cur, "{\"match\":0,") : NULL;
    const char *m2 = cur ? strstr(cur, "{\"match\":2,") : NULL;
    CHECK_MSG(m0 && strstr(m0, "\"mp\":[2,0]") == strstr(m0, "\"mp\":") && m2 &&
                  strstr(m2, "\"mp\":[0,0]") == strstr(m2, "\"mp\":"),
              "the forfeits of the hand round: %.600s", cur ? cur : "(none)");
    hand_pair(1, 21, "", NULL, NULL, NULL, now); /* the pairer, again */
    turn(1, "{\"type\":\"tournament_get\",\"id\":22,\"tournament\":1}", now);
    snap = f_last(&io, 1, "\"id\":22,");
    cur = snap ? strstr(snap, "\"current\":") : NULL;
    const char *end = cur ? strstr(cur, "]}") : NULL; /* the end of current's matches */
    const char *third = cur ? strstr(cur, "{\"match\":2,") : NULL;
    CHECK_MSG(end && (!third || third > end), "re-paired: more than a match and the PAB: %.600s",
              cur ? cur : "(none)");
    CHECK_EQ_INT("re-paired: a match and the PAB", 2, round_matches(cur, m, 2));
    CHECK_MSG(cur && strstr(cur, "\"round\":2,") && m[0][1] != 0 && m[1][1] == 0,
              "re-paired: %.600s", cur ? cur : "(none)");
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < 2; k++)
            CHECK_MSG(m[i][k] != tid[3] && m[i][k] != tid[4], "a withdrawn team paired: %.400s",
                      cur ? cur : "(none)");
    turn(1, "{\"type\":\"round_start\",\"id\":23,\"tournament\":1}", now);
    CHECK_EQ_INT("round 2: one game", 1,
                 f_count(&io, 1, "\"type\":\"assign\",\"tournament\":1,\"round\":2,"));
    close_hub(true);
}

/* Hostile-input review: round_pair during an Armageddon play-off (two teams, one round, both
 * games drawn on time): by hand, with a rematch allowed, or computed, it is refused
 * (bad_state, field round: no round is left) and changes nothing; resuming plays the play-off
 * to its end (final standings). */
static void playoff_hand_pair(void)
{
    fresh_hub();
    new_tour("A", 2, 0);
    turn(1, "{\"type\":\"tournament_start\",\"id\":5,\"tournament\":1}", T0);
    f_run_timers(&io, h, T0 + 2 * BASE * 1000ULL); /* games 1 and 2: draws on time */
    CHECK_MSG(f_last(&io, 1, "\"type\":\"assign\",\"tournament\":1,\"round\":0,") != NULL,
              "no play-off game");
    turn(1, "{\"type\":\"tournament_pause\",\"id\":6,\"tournament\":1,\"paused\":true}",
         T0 + 2 * BASE * 1000ULL);
    uint64_t now = T0 + 2 * BASE * 1000ULL + SEC;
    hand_pair(1, 7, ",\"pairs\":[[1,2]],\"allow_rematch\":true", "bad_state", "round", NULL, now);
    hand_pair(1, 8, ",\"pairs\":[[2,1]]", "bad_state", "round", NULL, now);
    hand_pair(1, 9, "", "bad_state", "round", NULL, now);
    turn(1, "{\"type\":\"tournament_get\",\"id\":10,\"tournament\":1}", now);
    const char *snap = f_last(&io, 1, "\"id\":10,");
    CHECK_MSG(snap && strstr(snap, "\"round\":1,") && !strstr(snap, "\"round\":2,"),
              "a round after the last: %.200s", snap ? snap : "(none)");
    turn(1, "{\"type\":\"tournament_pause\",\"id\":11,\"tournament\":1,\"paused\":false}", now);
    for (int i = 0; i < 10 && !f_last(&io, 1, "\"final\":true"); i++)
        f_run_timers(&io, h, now + (uint64_t)(i + 1) * 200 * SEC); /* White 3:00 */
    CHECK_MSG(f_last(&io, 1, "\"final\":true") != NULL, "the play-off did not end");
    close_hub(true);
}

/* Hostile-input review: a round nobody can pair, not even by hand, ends the event instead of
 * pausing it forever. Four teams, 2 rounds (Swiss), round 1 is 1-3 2-4; T-AUTO is paused and
 * teams 2, 3, 4 (all four, if all) withdraw, so team 1 wins by forfeit and is alone in round
 * 2 with no PAB allowed (C.04.1 d, [C2]), or nobody is left. The pairer fails, the hand
 * pairing [1, 0] (or []) is refused too; a resume finishes the event (the final standings)
 * instead of pausing it again. */
static void lone_team_run(bool all)
{
    fresh_hub();
    long long tid[4];
    new_tour_ids("L", 4, 2, tid);
    turn(1, "{\"type\":\"tournament_start\",\"id\":9,\"tournament\":1}", T0);
    turn(1, "{\"type\":\"tournament_pause\",\"id\":10,\"tournament\":1,\"paused\":true}", T0);
    char msg[256];
    for (int i = all ? 0 : 1; i < 4; i++) {
        snprintf(msg, sizeof msg,
                 "{\"type\":\"team_withdraw\",\"id\":%d,\"tournament\":1,\"team\":%lld}", 11 + i,
                 tid[i]);
        turn(1, msg, T0 + SEC);
    }
    f_run_timers(&io, h, T0 + 12 * SEC);
    hand_pair(1, 18, ",\"pairs\":[]", all ? "no_pairing" : "invalid", all ? "round" : "pairs", NULL,
              T0 + 12 * SEC);
    snprintf(msg, sizeof msg, ",\"pairs\":[[%lld,0]]", tid[0]);
    hand_pair(1, 19, msg, all ? "bad_state" : "no_pairing", "pairs[0]", NULL, T0 + 12 * SEC);
    turn(1, "{\"type\":\"tournament_pause\",\"id\":20,\"tournament\":1,\"paused\":false}",
         T0 + 13 * SEC);
    turn(1, "{\"type\":\"tournament_get\",\"id\":21,\"tournament\":1}", T0 + 13 * SEC);
    const char *snap = f_last(&io, 1, "\"id\":21,");
    CHECK_MSG(snap && strstr(snap, "\"status\":\"finished\"") && strstr(snap, "\"round\":1,") &&
                  strstr(snap, "\"final\":true"),
              "%s: the event stays open: %.300s", all ? "no team left" : "a lone team",
              snap ? snap : "(none)");
    turn(1, "{\"type\":\"tournament_pause\",\"id\":22,\"tournament\":1,\"paused\":false}",
         T0 + 14 * SEC);
    const char *r = f_last(&io, 1, "\"id\":22,");
    CHECK_MSG(r && strstr(r, "bad_state"), "resume of a finished event: %s", r ? r : "(none)");
    close_hub(true);
}

static void lone_team_finishes(void)
{
    lone_team_run(false);
    lone_team_run(true);
}

/* A round robin (4 teams: the T-ROUNDS fallback) follows its Berger table: round_pair by hand
 * of round 2 is refused (bad_state, field pairs) and changes nothing, so no later round of
 * the table can repeat a hand pairing; without pairs it pairs round 2 by the table. */
static void rr_no_hand_pairing(void)
{
    fresh_hub();
    long long tid[4];
    new_tour_ids("R", 4, 3, tid);
    turn(1, "{\"type\":\"tournament_start\",\"id\":5,\"tournament\":1}", T0);
    f_run_timers(&io, h, T0 + 6 * SEC); /* game 1 of round 1 ends; game 2 starts */
    turn(1, "{\"type\":\"tournament_pause\",\"id\":6,\"tournament\":1,\"paused\":true}",
         T0 + 6 * SEC);
    f_run_timers(&io, h, T0 + 100 * SEC); /* round 1 complete, round 2 not paired (paused) */
    char t[128];
    snprintf(t, sizeof t, ",\"pairs\":[[%lld,%lld],[%lld,%lld]]", tid[0], tid[1], tid[2], tid[3]);
    hand_pair(1, 7, t, "bad_state", "pairs", "Berger table", T0 + 101 * SEC);
    turn(1, "{\"type\":\"tournament_get\",\"id\":8,\"tournament\":1}", T0 + 101 * SEC);
    const char *snap = f_last(&io, 1, "\"id\":8,");
    CHECK_MSG(snap && strstr(snap, "\"round\":1,"), "a round was added: %.300s",
              snap ? snap : "(none)");
    const char *r = hand_pair(1, 9, "", NULL, NULL, NULL, T0 + 102 * SEC);
    CHECK_MSG(r && strstr(r, "\"round\":2,"), "round 2 not paired: %.300s", r ? r : "(none)");
    close_hub(true);
}

/* The link mark (issue 26): a director's tournament carries, per team, the first 12 hex digits
 * of the SHA-256 of the team's current token; a spectator's carries none. A reissue at one desk
 * pushes the tournament to the other director with the new token's mark. */
static bool link_is(const char *snap, const char *token)
{
    char hash[AUTH_HASH_LEN + 1], want[48];
    if (!snap || auth_hash(token, hash) != BH_OK)
        return false;
    snprintf(want, sizeof want, "\"link\":\"%.12s\"", hash);
    return strstr(snap, want) != NULL;
}

static void link_mark(void)
{
    fresh_hub();
    new_tour("L", 4, 2);
    char tok[4][80];
    team_tokens(tok);
    director(3, T0);
    hub_on_open(h, 2); /* spectator */
    turn(2, "{\"type\":\"tournament_get\",\"id\":5,\"tournament\":1}", T0);
    const char *sp = f_last(&io, 2, "\"type\":\"tournament\"");
    CHECK_MSG(sp && !strstr(sp, "\"link\""), "a spectator sees no link mark: %.200s",
              sp ? sp : "(none)");
    turn(3, "{\"type\":\"tournament_get\",\"id\":5,\"tournament\":1}", T0);
    const char *d = f_last(&io, 3, "\"type\":\"tournament\"");
    CHECK_MSG(link_is(d, tok[0]) && link_is(d, tok[3]), "the director's marks: %.300s",
              d ? d : "(none)");
    long long team = jint(f_last(&io, 1, "\"id\":3,\"team\":"), "team");
    f_clear(&io);
    char msg[128];
    snprintf(msg, sizeof msg, "{\"type\":\"team_token\",\"id\":9,\"team\":%lld}", team);
    turn(1, msg, T0);
    const char *c = f_last(&io, 1, "\"id\":9,");
    const char *p = c ? strstr(c, "\"token\":\"") : NULL;
    char fresh[80];
    snprintf(fresh, sizeof fresh, "%.*s", p ? (int)strcspn(p + 9, "\"") : 0, p ? p + 9 : "");
    const char *push = f_last(&io, 3, "\"type\":\"tournament\"");
    CHECK_MSG(push && !strstr(push, "\"id\":") && link_is(push, fresh) && !link_is(push, tok[0]) &&
                  link_is(push, tok[1]),
              "the other desk's push: %.300s", push ? push : "(none)");
    CHECK_MSG(!f_last(&io, 2, "\"type\":\"tournament\""), "no push to a spectator");
    close_hub(true);
}

static const bh_test_case cases[] = {
    {"link_mark", link_mark},
    {"withdraw_in_playoff", withdraw_in_playoff},
    {"random_controls", random_controls},
    {"choice_after_restart", choice_after_restart},
    {"reason_in_bpgn", reason_in_bpgn},
    {"playoff_adjudicated", playoff_adjudicated},
    {"paused_end_restart", paused_end_restart},
    {"rr_withdrawn_no_games", rr_withdrawn_no_games},
    {"game2_stale_choice", game2_stale_choice},
    {"live_playoff", live_playoff},
    {"pause_resume_restart", pause_resume_restart},
    {"adjudicate_override_export", adjudicate_override_export},
    {"tournament_by_hand", tournament_by_hand},
    {"withdrawal_undone", withdrawal_undone},
    {"bye_requested", bye_requested},
    {"round_scheduled", round_scheduled},
    {"team_removed", team_removed},
    {"hand_pairing", hand_pairing},
    {"unpairable_pauses", unpairable_pauses},
    {"rr_no_hand_pairing", rr_no_hand_pairing},
    {"lone_team_finishes", lone_team_finishes},
    {"playoff_hand_pair", playoff_hand_pair},
    {"withdraw_after_hand", withdraw_after_hand},
};

BH_TEST_MAIN(cases)
