/* test_hub_tour.c: tournaments in the hub without sockets (T-AUTO). A fake
 * transport records what would be sent; time is passed in. Nobody moves, so every game ends
 * when the two White clocks fall at the same instant: flags of different teams on different
 * boards, a draw (R-FLAG-FLAG). Proves: round 1 is paired and started at tournament_start;
 * the director gets the four tokens of each game (assign); game 2 of a pairing starts when
 * game 1 ends, with the teams' colours swapped after a draw (P-GAME2); each match scores 1-1
 * (T-SCORE: 1 MP each); round 2 follows without a rematch (T-AUTO, T-PAIR); the final
 * standings are broadcast to a spectator; after a restart the stored tournament is the same;
 * tournament_pause holds T-AUTO (results still count) across a restart until resumed; a tie
 * on a prize place after the last round is played off in Armageddon games (T-ARMAGEDDON).
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
#define BASE_MS 5000
#define SEC(s) ((uint64_t)(s)*1000000ULL)

#include "hub_fake.h"
#include "round_view.h"

/* How often needle occurs in s. */
static int count_str(const char *s, const char *needle)
{
    int n = 0;
    for (const char *p = s; p && (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

static char dbpath[64];
static store *st;
static hub *h;
static fake io;

static void open_hub(bool fresh)
{
    snprintf(dbpath, sizeof dbpath, "/tmp/bh_test_hub_tour_%d.db", (int)getpid());
    CHECK_EQ_INT("hub", BH_OK, f_open_hub(dbpath, fresh, "regulation", ADMIN, &io, T0, &st, &h));
}

static void close_hub(void)
{
    f_close_hub(&io, st, h);
}

static void turn(uint64_t conn, const char *json, uint64_t now)
{
    hub_on_text(h, conn, json, strlen(json), now);
    CHECK_EQ_INT(json, BH_OK, hub_turn_end(h));
}

/* Fire the timer at its armed instants until nothing is armed or until `until`. */
static void run_timers(uint64_t until)
{
    f_run_timers(&io, h, until);
}

/* The (team1, team2) of every assign sent to conn, in order. */
static int assigns(int64_t out[][2], int max)
{
    int n = 0;
    for (int i = 0; i < io.n && n < max; i++)
        if (io.conn[i] == 1 && strstr(io.msg[i], "\"type\":\"assign\"")) {
            out[n][0] = jint(io.msg[i], "team1");
            out[n][1] = jint(io.msg[i], "team2");
            n++;
        }
    return n;
}

static void rm_db(void)
{
    bh_test_rm_db(dbpath);
}

static void tauto_draws(void)
{
    memset(&io, 0, sizeof io);
    open_hub(true);
    hub_on_open(h, 1); /* director */
    hub_on_open(h, 2); /* spectator */
    turn(1, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ADMIN "\"}", T0);
    char msg[256];
    snprintf(msg, sizeof msg,
             "{\"type\":\"tournament_create\",\"id\":2,\"name\":\"Unit\",\"base_ms\":%d,"
             "\"ruleset\":\"online\",\"rounds\":2,\"tiebreaks\":[\"DE\",\"BH-C1\"]}",
             BASE_MS); /* no play-off tie-break: the tie stays (see playoff_four) */
    turn(1, msg, T0);
    CHECK_EQ_INT("tournament id", 1, jint(f_last(&io, 1, "created"), "tournament"));
    for (int i = 0; i < 4; i++) {
        snprintf(msg, sizeof msg,
                 "{\"type\":\"team_register\",\"id\":%d,\"tournament\":1,\"name\":\"U%d\","
                 "\"players\":[\"c%d\",\"p%d\"],\"ratings\":[%d,%d]}",
                 3 + i, i, i, i, 2000 - 100 * i, 1800);
        turn(1, msg, T0);
        CHECK_EQ_INT("team id", i + 1, jint(f_last(&io, 1, "\"team\":"), "team"));
    }
    f_clear(&io);
    turn(1, "{\"type\":\"tournament_start\",\"id\":9,\"tournament\":1}", T0);
    CHECK_MSG(f_last(&io, 1, "\"type\":\"tournament\"") != NULL, "no reply to tournament_start");
    CHECK_EQ_INT("round 1 to the spectator", 1, f_count(&io, 2, "\"type\":\"round\""));
    int64_t a[16][2];
    CHECK_EQ_INT("round 1: two games", 2, assigns(a, 16));
    /* Four tokens per game for the director. */
    const char *as = f_last(&io, 1, "\"type\":\"assign\"");
    int tokens = 0;
    for (const char *p = as; p && (p = strstr(p, "\"token\":")); p++)
        tokens++;
    CHECK_EQ_INT("director sees 4 tokens", 4, tokens);
    /* T-PAIR by pairing number (rating order U0..U3 = 1..4): 1-3 and 2-4 in round 1
     * (top half against bottom half); white of game 1 by lot. */
    bool m13 = (a[0][0] == 1 && a[0][1] == 3) || (a[0][0] == 3 && a[0][1] == 1);
    bool m24 = (a[1][0] == 2 && a[1][1] == 4) || (a[1][0] == 4 && a[1][1] == 2);
    CHECK_MSG(m13 && m24, "round 1 pairs %lld-%lld %lld-%lld", (long long)a[0][0],
              (long long)a[0][1], (long long)a[1][0], (long long)a[1][1]);
    int64_t g1[2][2] = {{a[0][0], a[0][1]}, {a[1][0], a[1][1]}};
    /* A director who connects later gets fresh tokens of the live games on tournament_get. */
    hub_on_open(h, 4);
    turn(4, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ADMIN "\"}", T0);
    turn(4, "{\"type\":\"tournament_get\",\"id\":2,\"tournament\":1}", T0);
    CHECK_EQ_INT("late director: assigns", 2, f_count(&io, 4, "\"type\":\"assign\""));
    as = f_last(&io, 4, "\"type\":\"assign\"");
    tokens = 0;
    for (const char *p = as; p && (p = strstr(p, "\"token\":")); p++)
        tokens++;
    CHECK_EQ_INT("late director: 4 tokens", 4, tokens);
    hub_on_close(h, 4);

    /* Game 1 of both matches: both White flags at BASE_MS -> draws; game 2 starts with the
     * colours swapped (P-GAME2 after a draw). */
    f_clear(&io);
    run_timers(T0 + (uint64_t)BASE_MS * 1000);
    CHECK_EQ_INT("game 2 of both matches", 2, assigns(a, 16));
    for (int i = 0; i < 2; i++) {
        CHECK_EQ_INT("swapped team1", (int)g1[i][1], (int)a[i][0]);
        CHECK_EQ_INT("swapped team2", (int)g1[i][0], (int)a[i][1]);
    }
    CHECK_MSG(f_last(&io, 2, "\"reasons\":[\"flag_both\"") != NULL,
              "round shows no flag_both reason (R-FLAG-FLAG draw)");

    /* Game 2: draws again; round 1 complete: 1 MP each, standings, round 2 paired. */
    f_clear(&io);
    run_timers(T0 + 2ULL * BASE_MS * 1000);
    const char *sd = f_last(&io, 2, "\"type\":\"standings\"");
    CHECK_MSG(sd != NULL, "no standings after round 1");
    CHECK_EQ_INT("standings round", 1, jint(sd, "round"));
    int ones = 0;
    for (const char *p = sd; p && (p = strstr(p, "\"mp\":1,\"gp\":1,")); p++)
        ones++;
    CHECK_EQ_INT("1 MP each (T-SCORE)", 4, ones);
    CHECK_EQ_INT("round 2: two games", 2, assigns(a, 16));
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < 2; k++) {
            bool same = (a[i][0] == g1[k][0] && a[i][1] == g1[k][1]) ||
                        (a[i][0] == g1[k][1] && a[i][1] == g1[k][0]);
            CHECK_MSG(!same, "rematch %lld-%lld", (long long)a[i][0], (long long)a[i][1]);
        }

    /* Round 2 to the end: final standings to everyone. */
    f_clear(&io);
    run_timers(T0 + 4ULL * BASE_MS * 1000);
    sd = f_last(&io, 2, "\"final\":true");
    CHECK_MSG(sd != NULL, "no final standings");
    CHECK_EQ_INT("final after round", 2, jint(sd, "round"));
    CHECK_EQ_INT("no timer left", 0, (int)io.timer_at);
    char final_copy[4096];
    snprintf(final_copy, sizeof final_copy, "%s", sd ? strstr(sd, "\"rows\"") : "");
    int n_games = hub_game_count(h, NULL);
    CHECK_EQ_INT("games", 8, n_games);
    close_hub();

    /* Restart: the stored tournament reads back the same. */
    open_hub(false);
    hub_on_open(h, 3);
    turn(3, "{\"type\":\"tournament_get\",\"id\":1}", T0 + 30000000ULL);
    const char *snap = f_last(&io, 3, "\"type\":\"tournament\"");
    CHECK_MSG(snap && strstr(snap, "\"status\":\"finished\""), "not finished after restart");
    CHECK_MSG(snap && strstr(snap, final_copy) != NULL, "standings differ after restart:\n%s\n%s",
              snap ? snap : "(none)", final_copy);
    CHECK_EQ_INT("no new games", 8, hub_game_count(h, NULL));
    close_hub();
    rm_db();
}

/* tournament_pause: game 1 ends while paused, its result counts, game 2 waits for the
 * resume; a restart keeps the pause. */
static void pause_holds_tauto(void)
{
    memset(&io, 0, sizeof io);
    open_hub(true);
    hub_on_open(h, 1);
    turn(1, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ADMIN "\"}", T0);
    char msg[256];
    snprintf(msg, sizeof msg,
             "{\"type\":\"tournament_create\",\"id\":2,\"name\":\"P\",\"base_ms\":%d,"
             "\"ruleset\":\"online\",\"tiebreaks\":[\"DE\",\"BH-C1\"]}",
             BASE_MS);
    turn(1, msg, T0);
    /* Names of the full 64 bytes (the tourney module keeps 63): the teams are still found
     * again after the start renumbers them. */
    char longname[65];
    memset(longname, 'x', 64);
    longname[64] = '\0';
    for (int i = 0; i < 2; i++) {
        longname[0] = (char)('A' + i);
        snprintf(msg, sizeof msg,
                 "{\"type\":\"team_register\",\"id\":%d,\"tournament\":1,\"name\":\"%s\","
                 "\"players\":[\"c%d\",\"p%d\"]}",
                 3 + i, longname, i, i);
        turn(1, msg, T0);
    }
    turn(1, "{\"type\":\"tournament_pause\",\"id\":5,\"tournament\":1,\"paused\":true}", T0);
    CHECK_MSG(f_last(&io, 1, "\"code\":\"bad_state\"") != NULL, "pause before the start");
    turn(1, "{\"type\":\"tournament_start\",\"id\":6,\"tournament\":1}", T0);
    /* 2 teams: T-ROUNDS gives 9, more than N-1: the round-robin fallback, 1 round. */
    const char *r = f_last(&io, 1, "\"type\":\"tournament\"");
    CHECK_MSG(r && strstr(r, "\"format\":\"round_robin\"") && strstr(r, "\"fallback\":true"),
              "no T-ROUNDS fallback: %s", r ? r : "(none)");
    CHECK_EQ_INT("planned rounds", 1, jint(r, "rounds"));
    int64_t a[8][2];
    CHECK_EQ_INT("game 1", 1, assigns(a, 8));
    f_clear(&io);
    turn(1, "{\"type\":\"tournament_pause\",\"id\":7,\"tournament\":1,\"paused\":true}", T0);
    CHECK_MSG(f_last(&io, 1, "\"status\":\"paused\"") != NULL, "not paused");
    turn(1, "{\"type\":\"tournament_pause\",\"id\":8,\"tournament\":1,\"paused\":true}", T0);
    CHECK_MSG(f_last(&io, 1, "\"code\":\"bad_state\"") != NULL, "paused twice");
    f_clear(&io);
    run_timers(T0 + 3ULL * BASE_MS * 1000);
    CHECK_EQ_INT("no game 2 while paused", 0, assigns(a, 8));
    CHECK_MSG(f_last(&io, 1, "\"results\":[\"1/2-1/2\",null]") != NULL, "game 1 not recorded");
    close_hub();

    open_hub(false); /* the pause is stored */
    hub_on_open(h, 1);
    turn(1, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ADMIN "\"}", T0 + 20000000ULL);
    turn(1, "{\"type\":\"tournament_get\",\"id\":2}", T0 + 20000000ULL);
    CHECK_MSG(f_last(&io, 1, "\"status\":\"paused\"") != NULL, "pause lost in a restart");
    CHECK_EQ_INT("no game created at load", 1, hub_game_count(h, NULL));
    f_clear(&io);
    turn(1, "{\"type\":\"tournament_pause\",\"id\":3,\"tournament\":1,\"paused\":false}",
         T0 + 20000000ULL);
    CHECK_EQ_INT("game 2 at the resume", 1, assigns(a, 8));
    CHECK_MSG(f_last(&io, 1, "\"status\":\"running\"") != NULL, "not running");
    run_timers(T0 + 40000000ULL);
    CHECK_MSG(f_last(&io, 1, "\"final\":true") != NULL, "no final standings");
    close_hub();
    rm_db();
}

/* The last assign sent to conn 1 for round 0 (a play-off game): its game, team1, team2. */
static bool playoff_assign(int64_t *game, int64_t *t1, int64_t *t2)
{
    for (int i = io.n - 1; i >= 0; i--)
        if (io.conn[i] == 1 && strstr(io.msg[i], "\"type\":\"assign\"") &&
            jint(io.msg[i], "round") == 0) {
            *game = jint(io.msg[i], "game");
            *t1 = jint(io.msg[i], "team1");
            *t2 = jint(io.msg[i], "team2");
            return true;
        }
    return false;
}

/* Create a tournament of n teams (ratings 2000, 1900, ...) and start it; without the play-off
 * tie-break when no_playoff. */
static void start_event(int n, int rounds, bool no_playoff)
{
    memset(&io, 0, sizeof io);
    open_hub(true);
    hub_on_open(h, 1); /* director */
    hub_on_open(h, 2); /* spectator */
    turn(1, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ADMIN "\"}", T0);
    char msg[256], rs[64] = "";
    if (rounds)
        snprintf(rs, sizeof rs, ",\"rounds\":%d", rounds);
    if (no_playoff)
        snprintf(rs + strlen(rs), sizeof rs - strlen(rs), ",\"tiebreaks\":[\"DE\",\"BH-C1\"]");
    snprintf(msg, sizeof msg,
             "{\"type\":\"tournament_create\",\"id\":2,\"name\":\"PO\",\"base_ms\":%d,"
             "\"ruleset\":\"online\"%s}",
             BASE_MS, rs);
    turn(1, msg, T0);
    for (int i = 0; i < n; i++) {
        snprintf(msg, sizeof msg,
                 "{\"type\":\"team_register\",\"id\":%d,\"tournament\":1,\"name\":\"T%d\","
                 "\"players\":[\"c%d\",\"p%d\"],\"ratings\":[%d,%d]}",
                 3 + i, i, i, i, 2000 - 100 * i, 1800);
        turn(1, msg, T0);
    }
    turn(1, "{\"type\":\"tournament_start\",\"id\":9,\"tournament\":1}", T0);
}

/* T-ARMAGEDDON, T-PRIZES: 2 teams draw their match 1-1 and are tied on everything (match
 * points, direct encounter 1-1, Buchholz Cut-1 0 after one round): the server creates an
 * Armageddon game, White 3:00 and Black 2:00 on both boards (the state's clocks). Nobody
 * moves: both White flags fall at 3:00 on the same instant, a draw, which counts as a win for
 * Black's team (the team of Black on board A, assign team2): it is placed first, PO 1-0, the
 * standings final, and they read back the same after a restart. */
static void playoff_two(void)
{
    start_event(2, 0, false);
    run_timers(T0 + 2ULL * BASE_MS * 1000); /* game 1 and game 2: draws */
    int64_t game, w, b;
    CHECK_MSG(playoff_assign(&game, &w, &b), "no play-off game after a tied last round");
    CHECK_MSG(f_last(&io, 1, "\"final\":true") == NULL, "final before the play-off");
    const char *sd = f_last(&io, 2, "\"type\":\"standings\"");
    CHECK_MSG(sd && strstr(sd, "\"tied_next\":true"), "standings do not show the tie: %s",
              sd ? sd : "(none)");
    char msg[128];
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":20,\"game\":%lld}", (long long)game);
    turn(1, msg, T0 + 2ULL * BASE_MS * 1000);
    const char *state = f_last(&io, 1, "\"type\":\"state\"");
    CHECK_MSG(state && strstr(state, "\"clock_ms\":[180000,120000,180000,120000]"),
              "Armageddon clocks: %s", state ? state : "(none)");
    f_clear(&io);
    run_timers(T0 + 2ULL * BASE_MS * 1000 + 181000000ULL);
    sd = f_last(&io, 2, "\"final\":true");
    CHECK_MSG(sd != NULL, "no final standings after the play-off game");
    CHECK_EQ_INT("the standings once after the last play-off game: the final ones", 1,
                 f_count(&io, 2, "\"type\":\"standings\""));
    CHECK_EQ_INT("Black's team first", (int)b, (int)jint(sd, "team"));
    CHECK_MSG(sd && strstr(sd, "\"tb\":[1,0,1]") && strstr(sd, "\"tb\":[1,0,0]") &&
                  !strstr(sd, "\"tied_next\":true"),
              "standings after the play-off: %s", sd ? sd : "(none)");
    CHECK_EQ_INT("games: 2 + 1 play-off", 3, hub_game_count(h, NULL));
    char final_copy[2048];
    snprintf(final_copy, sizeof final_copy, "%s", sd ? strstr(sd, "\"rows\"") : "");
    close_hub();
    open_hub(false);
    hub_on_open(h, 3);
    turn(3, "{\"type\":\"tournament_get\",\"id\":1}", T0 + 400000000ULL);
    const char *snap = f_last(&io, 3, "\"type\":\"tournament\"");
    CHECK_MSG(snap && strstr(snap, "\"status\":\"finished\"") && strstr(snap, final_copy),
              "play-off lost in a restart: %s", snap ? snap : "(none)");
    CHECK_EQ_INT("no new game at load", 3, hub_game_count(h, NULL));
    close_hub();
    rm_db();
}

/* 4 teams, 2 rounds, every game drawn: all four tied on everything. The play-off sorts
 * them (T-ARMAGEDDON's bracket), Black's team wins (nobody moves). The places 1-3 end
 * distinct, and the PO values are the play-off wins. */
static void playoff_four(void)
{
    start_event(4, 2, false);
    uint64_t now = T0 + 4ULL * BASE_MS * 1000;
    run_timers(now);
    int games = 0;
    int64_t last_game = 0, game, w, b;
    int64_t pw[16] = {0}, pb[16] = {0}; /* play-off colours: White's and Black's team */
    while (playoff_assign(&game, &w, &b) && game != last_game && games < 10) {
        pw[games] = w, pb[games] = b;
        last_game = game;
        games++;
        now += 181000000ULL;
        f_clear(&io);
        run_timers(now);
        CHECK_EQ_INT("the standings once per play-off game", 1,
                     f_count(&io, 2, "\"type\":\"standings\""));
    }
    const char *sd = f_last(&io, 2, "\"final\":true");
    CHECK_MSG(sd != NULL, "no final standings after %d play-off games", games);
    /* The bracket: with no wins, teams 1-2 and 3-4 play; their winners meet: 2-1-0-0. Place 3
     * is shared by the two that lost with no wins: they play again, and the winner meets the
     * team with 1 win, whose winner meets the team with 2: 3-2-1-0. */
    CHECK_EQ_INT("play-off games", 6, games);
    int po[4] = {-1, -1, -1, -1};
    const char *p = sd;
    for (int i = 0; i < 4 && p && (p = strstr(p, "\"tb\":[")); i++, p++)
        sscanf(p, "\"tb\":[%*d,%*d,%d", &po[i]);
    CHECK_EQ_INT("PO place 1", 3, po[0]);
    CHECK_EQ_INT("PO place 2", 2, po[1]);
    CHECK_EQ_INT("PO place 3", 1, po[2]);
    CHECK_EQ_INT("PO place 4", 0, po[3]);
    /* Colours alternate: when the same two teams meet again, they swap. */
    for (int i = 0; i < games; i++)
        for (int j = i + 1; j < games; j++)
            if ((pw[i] == pw[j] && pb[i] == pb[j]) || (pw[i] == pb[j] && pb[i] == pw[j])) {
                CHECK_EQ_INT("replayed pair: White swaps", (int)pb[i], (int)pw[j]);
                break;
            }
    close_hub();
    rm_db();
}

/* The token of seat `seat` in the last assign to conn 1 (the director: all four seats). */
static void seat_token(int seat, char *out, size_t cap)
{
    out[0] = '\0';
    const char *a = f_last(&io, 1, "\"type\":\"assign\"");
    char key[32];
    snprintf(key, sizeof key, "{\"seat\":%d,", seat);
    const char *p = a ? strstr(a, key) : NULL;
    p = p ? strstr(p, "\"token\":\"") : NULL;
    if (p)
        snprintf(out, cap, "%.*s", (int)strcspn(p + 9, "\""), p + 9);
}

/* P-GAME2: a 2-team event (1 round, no play-off). In game 1 the captain of team1 (seat 0)
 * resigns: team1 lost. The server asks the loser (game2_choice to its captain's connection and
 * the director, 15 s, default swap) and waits; the winner's captain may not choose (unauthorized);
 * with keep == true the loser's captain keeps the colours and game 2 starts at once with the
 * same team1; a second choice is not_found. With keep == false nobody answers: game 2 starts
 * at the deadline with the colours swapped. */
static void game2_choice_case(bool keep)
{
    start_event(2, 0, true);
    char msg[256];
    int64_t a[8][2];
    CHECK_EQ_INT("game 1", 1, assigns(a, 8));
    const char *as = f_last(&io, 1, "\"type\":\"assign\"");
    long long g1 = jint(as, "game");
    char tok0[80], tok1[80];
    seat_token(0, tok0, sizeof tok0);
    seat_token(1, tok1, sizeof tok1);
    hub_on_open(h, 5); /* team1's captain (White on A) */
    hub_on_open(h, 6); /* team2's captain (Black on A) */
    snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", tok0);
    turn(5, msg, T0);
    snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", tok1);
    turn(6, msg, T0);
    f_clear(&io);
    uint64_t t1 = T0 + 1000000ULL;
    snprintf(msg, sizeof msg, "{\"type\":\"resign\",\"id\":2,\"game\":%lld}", g1);
    turn(5, msg, t1);
    const char *q = f_last(&io, 5, "\"type\":\"game2_choice\"");
    CHECK_MSG(q != NULL, "the loser's captain was not asked");
    CHECK_EQ_INT("asked: the loser", (int)a[0][0], (int)jint(q, "team"));
    CHECK_EQ_INT("asked: game 1", (int)g1, (int)jint(q, "game"));
    CHECK_EQ_INT("deadline", 15000, (int)jint(q, "deadline_ms"));
    CHECK_MSG(f_last(&io, 1, "\"type\":\"game2_choice\"") != NULL, "the director was not told");
    CHECK_EQ_INT("the winner is not asked", 0, f_count(&io, 6, "game2_choice"));
    CHECK_EQ_INT("game 2 waits for the choice", 0, assigns(a + 1, 7));
    CHECK_EQ_INT("timer armed for the deadline", (int)((t1 + 15000000ULL) / 1000),
                 (int)(io.timer_at / 1000));
    snprintf(msg, sizeof msg, "{\"type\":\"game2_colors\",\"id\":3,\"game\":%lld,\"swap\":false}",
             g1);
    turn(6, msg, t1 + 1000);
    CHECK_MSG(f_last(&io, 6, "\"code\":\"unauthorized\"") != NULL, "the winner chose");
    if (keep) {
        f_clear(&io);
        turn(5, msg, t1 + 2000);
        CHECK_MSG(f_last(&io, 5, "\"type\":\"ack\"") != NULL, "no ack to the choice");
        CHECK_EQ_INT("game 2 at once", 1, assigns(a + 1, 7));
        CHECK_EQ_INT("kept: same team1", (int)a[0][0], (int)a[1][0]);
        turn(5, msg, t1 + 3000);
        CHECK_MSG(f_last(&io, 5, "\"code\":\"not_found\"") != NULL, "chose twice");
    } else {
        f_clear(&io);
        run_timers(t1 + 14000000ULL);
        CHECK_EQ_INT("no game 2 before the deadline", 0, assigns(a + 1, 7));
        run_timers(t1 + 15000000ULL);
        CHECK_EQ_INT("game 2 at the deadline", 1, assigns(a + 1, 7));
        CHECK_EQ_INT("default: swapped", (int)a[0][1], (int)a[1][0]);
    }
    close_hub();
    rm_db();
}

static void game2_keep(void)
{
    game2_choice_case(true);
}

static void game2_default(void)
{
    game2_choice_case(false);
}

/* ---- pairing jobs off the loop (issue 14 item 3) ------------------------------------------ */

/* The hub's pairing jobs, held by the test as the server's worker would hold them. */
static hub_job *held[8];
static int nheld;

static void f_job(void *ctx, hub_job *j)
{
    (void)ctx;
    if (nheld < 8)
        held[nheld++] = j;
    else
        hub_job_free(j);
}

static void open_hub_jobs(void)
{
    snprintf(dbpath, sizeof dbpath, "/tmp/bh_test_hub_tour_%d.db", (int)getpid());
    bh_test_rm_db(dbpath);
    CHECK_EQ_INT("store", BH_OK, store_open(dbpath, &st));
    hub_config cfg = {.recovery = HUB_RECOVER_RESUME};
    snprintf(cfg.ruleset, sizeof cfg.ruleset, "online");
    auth_hash(ADMIN, cfg.admin_hash);
    hub_io hio = {&io, f_send, f_close, f_timer, f_job, NULL};
    CHECK_EQ_INT("hub", BH_OK, hub_new(st, &cfg, &hio, T0, &h));
}

/* Deliver held job i (computed as the worker would) at now. */
static void deliver(int i, uint64_t now)
{
    hub_job_run(held[i]);
    hub_on_job(h, held[i], now);
    held[i] = NULL;
    CHECK_EQ_INT("turn", BH_OK, hub_turn_end(h));
}

/* The start of a 4-team event asks for a pairing job and does not reply yet; the director's
 * controls are refused while it runs (bad_state, field pairing); its result starts round 1
 * and the start's reply (the snapshot with round 1) follows. Later, a pause while T-AUTO's
 * job for round 2 runs: its result is dropped (no game); the resume pairs again. A job still
 * held when the hub is freed is freed with hub_job_free (no leak under ASan). */
static void jobs_off_loop(void)
{
    memset(&io, 0, sizeof io);
    nheld = 0;
    open_hub_jobs();
    hub_on_open(h, 1);
    turn(1, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ADMIN "\"}", T0);
    char msg[256];
    snprintf(msg, sizeof msg,
             "{\"type\":\"tournament_create\",\"id\":2,\"name\":\"J\",\"base_ms\":%d,"
             "\"ruleset\":\"online\",\"rounds\":2,\"tiebreaks\":[\"DE\"]}",
             BASE_MS);
    turn(1, msg, T0);
    for (int i = 0; i < 4; i++) {
        snprintf(msg, sizeof msg,
                 "{\"type\":\"team_register\",\"id\":%d,\"tournament\":1,\"name\":\"J%d\","
                 "\"players\":[\"c%d\",\"p%d\"],\"ratings\":[%d,1800]}",
                 3 + i, i, i, i, 2000 - 100 * i);
        turn(1, msg, T0);
    }
    f_clear(&io);
    turn(1, "{\"type\":\"tournament_start\",\"id\":9,\"tournament\":1}", T0);
    CHECK_EQ_INT("a job", 1, nheld);
    CHECK_EQ_INT("no reply yet", 0, f_count(&io, 1, "\"id\":9,"));
    int64_t a[16][2];
    CHECK_EQ_INT("no game yet", 0, assigns(a, 16));
    turn(1, "{\"type\":\"team_withdraw\",\"id\":10,\"tournament\":1,\"team\":1}", T0);
    const char *e = f_last(&io, 1, "\"id\":10,");
    CHECK_MSG(e && strstr(e, "\"code\":\"bad_state\"") && strstr(e, "\"field\":\"pairing\""),
              "withdraw while pairing: %s", e ? e : "(none)");
    deliver(0, T0 + 1000);
    CHECK_EQ_INT("round 1's games", 2, assigns(a, 16));
    const char *r = f_last(&io, 1, "\"id\":9,");
    CHECK_MSG(r && strstr(r, "\"type\":\"tournament\"") && strstr(r, "\"current\""),
              "the start's reply with round 1: %s", r ? r : "(none)");
    /* round 1: both White flags fall at BASE_MS on both games of both matches: draws */
    nheld = 0;
    run_timers(T0 + 2ULL * BASE_MS * 1000 + 2000);
    CHECK_EQ_INT("T-AUTO's job for round 2", 1, nheld);
    f_clear(&io);
    turn(1, "{\"type\":\"tournament_pause\",\"id\":11,\"tournament\":1,\"paused\":true}",
         T0 + 20000000ULL);
    CHECK_MSG(f_last(&io, 1, "\"status\":\"paused\"") != NULL, "not paused");
    deliver(0, T0 + 21000000ULL);
    CHECK_EQ_INT("the stale pairing starts nothing", 0, assigns(a, 16));
    nheld = 0;
    turn(1, "{\"type\":\"tournament_pause\",\"id\":12,\"tournament\":1,\"paused\":false}",
         T0 + 22000000ULL);
    CHECK_EQ_INT("the resume asks again", 1, nheld);
    CHECK_EQ_INT("its reply waits", 0, f_count(&io, 1, "\"id\":12,"));
    close_hub(); /* the reply never comes: the hub is gone first */
    hub_job_free(held[0]);
    rm_db();
}

/* Connect seat `seat` of the director's last assigned game as connection conn at now. */
static void sit(uint64_t conn, int seat, long long gid, uint64_t now)
{
    char tok[80], msg[256];
    seat_token(seat, tok, sizeof tok);
    hub_on_open(h, conn);
    snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", tok);
    turn(conn, msg, now);
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":2,\"game\":%lld}", gid);
    turn(conn, msg, now);
}

/* Issue 13 item 3 through the hub: wait_s 60, break_s 10, two teams, one round. Game 1: the
 * players of WhiteA (team 1) and WhiteB (team 2) never come; the other two do at 1 s. The
 * clocks do not run (the spectator's state says waiting, with the forfeit instant); at 59 s
 * nothing has happened, at 60 s the game ends unplayed: absences of both teams, a draw
 * (forfeit_both, R-FLAG-FLAG's combination). Game 2 follows (a draw: no P-GAME2 choice),
 * behind the break: all four players connected at 61 s do not start it before 70 s (10 s
 * after game 1's end), and at 70 s it starts. */
static void gate_forfeit_and_break(void)
{
    memset(&io, 0, sizeof io);
    open_hub(true);
    hub_on_open(h, 1);
    hub_on_open(h, 2);
    turn(1, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ADMIN "\"}", T0);
    char msg[320];
    snprintf(msg, sizeof msg,
             "{\"type\":\"tournament_create\",\"id\":2,\"name\":\"Gate\",\"base_ms\":%d,"
             "\"ruleset\":\"online\",\"rounds\":1,\"tiebreaks\":[\"DE\"],\"wait_s\":60,"
             "\"break_s\":10}",
             BASE_MS);
    turn(1, msg, T0);
    for (int i = 0; i < 2; i++) {
        snprintf(msg, sizeof msg,
                 "{\"type\":\"team_register\",\"id\":%d,\"tournament\":1,\"name\":\"T%d\","
                 "\"players\":[\"c%d\",\"p%d\"],\"ratings\":[%d,%d]}",
                 3 + i, i, i, i, 2000 - 100 * i, 1800);
        turn(1, msg, T0);
    }
    turn(1, "{\"type\":\"tournament_start\",\"id\":9,\"tournament\":1}", T0);
    long long g1 = jint(f_last(&io, 1, "\"type\":\"assign\""), "game");
    CHECK_MSG(g1 > 0, "no game 1");
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":3,\"game\":%lld}", g1);
    turn(2, msg, T0);
    const char *st2 = f_last(&io, 2, "\"type\":\"state\"");
    CHECK_MSG(st2 && strstr(st2, "\"status\":\"waiting\""), "game 1 not waiting: %s",
              st2 ? st2 : "(none)");
    CHECK_MSG(st2 && jint(st2, "forfeit_ms") - jint(st2, "server_ms") == 60000,
              "forfeit in 60 s: %s", st2 ? st2 : "(none)");
    CHECK_MSG(st2 && strstr(st2, "\"tournament\":{\"tournament\":1,\"name\":\"Gate\",\"round\":1,"
                                 "\"match\":0,\"game_no\":0,\"teams\":[\"T"),
              "state: its tournament: %s", st2);
    sit(6, 1 /* BlackA */, g1, T0 + SEC(1));
    sit(8, 3 /* BlackB */, g1, T0 + SEC(1));
    f_clear(&io);
    run_timers(T0 + SEC(59));
    CHECK_EQ_INT("no start before the waiting time", 0, f_count(&io, 2, "\"type\":\"start\""));
    CHECK_EQ_INT("no result before the waiting time", 0, f_count(&io, 2, "\"type\":\"result\""));
    run_timers(T0 + SEC(60));
    const char *res = f_last(&io, 2, "\"type\":\"result\"");
    CHECK_MSG(res && strstr(res, "\"result\":\"1/2-1/2\"") &&
                  strstr(res, "\"reason\":\"forfeit_both\""),
              "game 1: %s", res ? res : "(no result)");
    long long g2 = jint(f_last(&io, 1, "\"type\":\"assign\""), "game");
    CHECK_MSG(g2 > g1, "game 2 not created after the draw");
    for (int s = 0; s < 4; s++)
        sit(10 + (uint64_t)s, s, g2, T0 + SEC(61));
    const char *st10 = f_last(&io, 10, "\"type\":\"state\"");
    CHECK_MSG(st10 && strstr(st10, "\"status\":\"waiting\"") &&
                  jint(st10, "start_ms") - jint(st10, "server_ms") == 9000,
              "game 2 in the break, 9 s left: %s", st10 ? st10 : "(none)");
    CHECK_EQ_INT("all four there: still the break", 0, f_count(&io, 10, "\"type\":\"start\""));
    run_timers(T0 + SEC(69));
    CHECK_EQ_INT("not before the break's end", 0, f_count(&io, 10, "\"type\":\"start\""));
    run_timers(T0 + SEC(70));
    CHECK_EQ_INT("game 2 starts at 70 s", 1, f_count(&io, 10, "\"type\":\"start\""));
    close_hub();
    rm_db();
}

/* Round pushes send what changed (s2c-round_delta.md): 16 teams, 8 matches. Round 1 goes to
 * a spectator whole once; each game that ends or starts afterwards comes as a round_delta with
 * that one match, under a quarter of the round's bytes, each version one more than the last. The
 * round folded from the pushes equals the round of a fresh tournament_get snapshot, whose v is
 * the last push's; when the round is done the whole round comes again (status "done"). */
static void round_deltas(void)
{
    start_event(16, 3, true);
    CHECK_EQ_INT("round 1 whole to the spectator", 1, f_count(&io, 2, "\"type\":\"round\""));
    run_timers(T0 + (uint64_t)BASE_MS * 1000); /* every game 1 flags: 8 results, game 2s */
    int deltas = 0, one_match = 0;
    size_t most = 0;
    for (int i = 0; i < io.n; i++)
        if (io.conn[i] == 2 && strstr(io.msg[i], "\"type\":\"round_delta\"")) {
            deltas++;
            one_match += count_str(io.msg[i], "\"match\":") == 1;
            if (strlen(io.msg[i]) > most)
                most = strlen(io.msg[i]);
        }
    CHECK_MSG(deltas >= 8, "%d round_delta messages for eight results", deltas);
    CHECK_EQ_INT("each round_delta carries one match", deltas, one_match);
    CHECK_EQ_INT("no whole round while its status stays", 1, f_count(&io, 2, "\"type\":\"round\""));
    cJSON *view = f_round_view(&io, 2, 1, 1);
    CHECK_EQ_INT("eight games 1 finished in the spectator's view", 8,
                 f_round_games(view, "finished"));
    turn(2, "{\"type\":\"tournament_get\",\"id\":5,\"tournament\":1}", T0 + SEC(6));
    cJSON *snap = cJSON_Parse(f_last(&io, 2, "\"type\":\"tournament\",\"id\":5,"));
    const cJSON *cur = cJSON_GetObjectItemCaseSensitive(snap, "current");
    CHECK_MSG(cJSON_Compare(cJSON_GetObjectItemCaseSensitive(cur, "matches"),
                            cJSON_GetObjectItemCaseSensitive(view, "matches"), true),
              "the round folded from the pushes differs from the snapshot's");
    char *whole = cJSON_PrintUnformatted(cur); /* the round as a whole push would carry it */
    CHECK_MSG(whole && most > 0 && most * 4 < strlen(whole),
              "a round_delta of %zu bytes, the whole round %zu", most, whole ? strlen(whole) : 0);
    free(whole);
    double last_v = 0;
    for (int i = 0; i < io.n; i++)
        if (io.conn[i] == 2 &&
            (strstr(io.msg[i], "\"type\":\"round") || strstr(io.msg[i], "\"type\":\"standings\"")))
            last_v = (double)jint(io.msg[i], "v");
    const cJSON *sv = cJSON_GetObjectItemCaseSensitive(snap, "v");
    CHECK_MSG(cJSON_IsNumber(sv) && sv->valuedouble == last_v && last_v > 1,
              "the snapshot's v %.0f, the last push's %.0f",
              cJSON_IsNumber(sv) ? sv->valuedouble : -1, last_v);
    cJSON_Delete(snap);
    cJSON_Delete(view);
    run_timers(T0 + SEC(40)); /* the games 2 flag too: round 1 is done, round 2 paired */
    const char *done = f_last(&io, 2, "\"type\":\"round\",\"tournament\":1,\"round\":1,");
    CHECK_MSG(done && strstr(done, "\"status\":\"done\""), "round 1 not sent whole as done: %s",
              done ? done : "(none)");
    view = f_round_view(&io, 2, 1, 2);
    CHECK_MSG(view != NULL, "round 2 not sent whole");
    cJSON_Delete(view);
    close_hub();
    rm_db();
}

static const bh_test_case cases[] = {
    {"round_deltas", round_deltas},           {"gate_forfeit_and_break", gate_forfeit_and_break},
    {"jobs_off_loop", jobs_off_loop},         {"game2_keep", game2_keep},
    {"game2_default", game2_default},         {"playoff_two", playoff_two},
    {"playoff_four", playoff_four},           {"tauto_draws", tauto_draws},
    {"pause_holds_tauto", pause_holds_tauto},
};

BH_TEST_MAIN(cases)
