/* test_ws_recovery.c: SIGKILL in the middle of a game, restart on the same database. Every
 * acknowledged move and result is there; the interrupted game is resumed with its clocks as
 * they stood at the last stored event (or adjudicated, with the other policy) and the
 * director sees which; players reconnect with their tokens and get the full state; a move
 * re-sent after the reconnect is applied once; a premove is rejected, never played.
 * ctest test_ws_recovery_pg runs it with the server on PostgreSQL (itest_init, BH_TEST_PG).
 * SPDX-License-Identifier: MIT */
#include "itest.h"

static const char *bin;

static char *join(wsc *c, long long game, int id)
{
    char msg[96];
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":%d,\"game\":%lld}", id, game);
    return itest_call(c, msg);
}

static void kill_resume_adjudicate(void)
{
    itest_srv s;
    itest_init(&s, bin);
    CHECK_MSG(itest_start(&s, NULL) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    itest_game g = {0}, g3 = {0};
    char e[64], buf[64];

    /* A tournament and two teams (reloaded exactly after the crash). */
    CHECK_EQ_INT("create", 0, itest_create_game(x, &s, &g, 60000, false));
    char *r = itest_call(g.dir, "{\"type\":\"tournament_create\",\"id\":3,\"name\":\"Cup\"}");
    long long tour = jint(r, "tournament", -1);
    free(r);
    char msg[256];
    snprintf(msg, sizeof msg,
             "{\"type\":\"team_register\",\"id\":4,\"tournament\":%lld,"
             "\"name\":\"Knights\",\"players\":[\"kate\",\"ken\"]}",
             tour);
    r = itest_call(g.dir, msg);
    long long t1 = jint(r, "team", -1);
    free(r);
    snprintf(msg, sizeof msg,
             "{\"type\":\"team_register\",\"id\":5,\"tournament\":%lld,"
             "\"name\":\"Rooks\",\"players\":[\"rita\",\"rob\"]}",
             tour);
    r = itest_call(g.dir, msg);
    long long t2 = jint(r, "team", -1);
    free(r);
    CHECK_MSG(tour > 0 && t1 > 0 && t2 > 0, "tournament %lld teams %lld %lld", tour, t1, t2);

    /* Game 3 finishes before the crash (resignation). */
    g3.dir = g.dir;
    CHECK_EQ_INT("create 3", 0, itest_create_game(x, &s, &g3, 60000, true));
    free(itest_seat(x, &s, &g3, 1));
    snprintf(msg, sizeof msg, "{\"type\":\"game_start\",\"id\":6,\"game\":%lld}", g3.game);
    CHECK_CALL_TYPE(g.dir, msg, "ack");
    snprintf(msg, sizeof msg, "{\"type\":\"resign\",\"id\":7,\"game\":%lld}", g3.game);
    CHECK_CALL_TYPE(g3.p[1], msg, "ack");

    /* Game 1: four players, three acknowledged moves. */
    for (int seat = 0; seat < 4; seat++)
        free(itest_seat(x, &s, &g, seat));
    long long seq_d4 = -1;
    long long black_a_ms = itest_three_moves(&g, &seq_d4); /* Black A's clock stopped at e7e5 */
    itest_sleep_ms(300);
    CHECK_EQ_INT("killed", 128 + SIGKILL, itest_stop(&s, SIGKILL));
    itest_game_free(&g3);
    for (int i = 0; i < 4; i++)
        wsc_free(g.p[i]), g.p[i] = NULL;
    g.dir = NULL; /* freed with g3 */

    /* Restart: resume. */
    itest_sleep_ms(500); /* down time that must not be charged to anyone */
    CHECK_MSG(itest_start(&s, NULL) == 0, "server did not restart");
    wsc *dir = itest_connect(x, &s, NULL);
    free(itest_call(dir, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ITEST_ADMIN "\"}"));
    r = itest_call(dir, "{\"type\":\"games\",\"id\":2}");
    CHECK_MSG(r && strstr(r, "{\"game\":1,\"status\":\"live\",\"result\":null,\"reason\":null,"
                             "\"recovery\":\"resumed\"}"),
              "games after resume: %s", r ? r : "(none)");
    CHECK_MSG(r && strstr(r, "{\"game\":2,\"status\":\"finished\",\"result\":\"1-0\","
                             "\"reason\":\"resign\",\"recovery\":null}"),
              "finished game kept exactly: %s", r ? r : "(none)");
    free(r);
    /* Teams survived: a game between them gets their players in P-TEAM seats. */
    snprintf(msg, sizeof msg,
             "{\"type\":\"game_create\",\"id\":3,\"tournament\":%lld,"
             "\"team1\":%lld,\"team2\":%lld,\"base_ms\":60000}",
             tour, t1, t2);
    r = itest_call(dir, msg);
    long long g4 = jint(r, "game", -1);
    free(r);
    r = join(dir, g4, 4);
    CHECK_MSG(r && strstr(r, "\"seats\":[{\"seat\":0,\"name\":\"kate\"") &&
                  strstr(r, "{\"seat\":3,\"name\":\"ken\"") &&
                  strstr(r, "{\"seat\":1,\"name\":\"rita\""),
              "team game seats: %s", r ? r : "(none)");
    free(r);

    /* Players reconnect with their tokens and get the full state. */
    for (int seat = 0; seat < 4; seat++) {
        r = itest_seat(x, &s, &g, seat);
        CHECK_EQ_STR("status", "live", jstr(r, "status", buf, sizeof buf));
        CHECK_EQ_STR("recovery", "resumed", jstr(r, "recovery", buf, sizeof buf));
        CHECK_EQ_INT("moves in state", 3, itest_count(r, "\"kind\":\"move\""));
        CHECK_MSG(r && strstr(r, "\"text\":\"e2e4\"") && strstr(r, "\"text\":\"d2d4\""),
                  "moves: %s", r ? r : "(none)");
        CHECK_EQ_INT("you", seat, jint(r, "you", -1));
        if (seat == 0) {
            /* Clocks as they stood at the last stored event, exactly for a stopped clock. */
            CHECK_EQ_INT("black A clock kept", black_a_ms, itest_clock_ms(r, 1));
            CHECK_MSG(itest_clock_ms(r, 3) > 59000, "B black charged the down time: %lld",
                      itest_clock_ms(r, 3));
        }
        free(r);
    }
    /* The resend of d2d4 for ply 0 is acknowledged with the same seq and applied once. */
    r = itest_move(g.p[2], g.game, 30, "B", 0, "d2d4");
    CHECK_EQ_STR("resend", "ack", jstr(r, "type", e, sizeof e));
    CHECK_EQ_INT("resend seq", seq_d4, jint(r, "seq", -1));
    free(r);
    /* Premove: White B sends its next move before Black B answered: rejected. */
    r = itest_move(g.p[2], g.game, 31, "B", 2, "c1f4");
    CHECK_EQ_STR("premove (c2s-move.md)", "stale_ply", ecode(r, e));
    free(r);
    r = itest_move(g.p[3], g.game, 32, "B", 1, "d7d5");
    CHECK_EQ_STR("d5", "ack", jstr(r, "type", e, sizeof e));
    free(r);
    r = join(g.p[2], g.game, 33);
    CHECK_EQ_INT("moves after", 4, itest_count(r, "\"kind\":\"move\""));
    CHECK_MSG(r &&
                  strstr(r, "\"board\":\"B\",\"fen\":\"rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/"
                            "RNBQKBNR[] w KQkq") &&
                  strstr(r, "\"ply\":2,\"running\":2"),
              "B after d4 d5, premove not played: %s", r ? r : "(none)");
    free(r);
    r = itest_move(g.p[2], g.game, 34, "B", 2, "c1f4");
    CHECK_EQ_STR("Bf4 now", "ack", jstr(r, "type", e, sizeof e));
    free(r);

    /* Crash again; restart with the other policy: live games are adjudicated. */
    CHECK_EQ_INT("killed 2", 128 + SIGKILL, itest_stop(&s, SIGKILL));
    for (int i = 0; i < 4; i++)
        wsc_free(g.p[i]), g.p[i] = NULL;
    wsc_free(dir);
    const char *adj[] = {"--recover", "adjudicate", NULL};
    CHECK_MSG(itest_start(&s, adj) == 0, "server did not restart (adjudicate)");
    dir = itest_connect(x, &s, NULL);
    free(itest_call(dir, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ITEST_ADMIN "\"}"));
    r = itest_call(dir, "{\"type\":\"games\",\"id\":2}");
    CHECK_MSG(r && strstr(r, "{\"game\":1,\"status\":\"finished\",\"result\":\"1/2-1/2\","
                             "\"reason\":\"adjudicated\",\"recovery\":\"adjudicated\"}"),
              "games after adjudicate: %s", r ? r : "(none)");
    CHECK_MSG(r && strstr(r, "{\"game\":3,\"status\":\"waiting\""), "waiting game kept: %s",
              r ? r : "(none)");
    free(r);
    r = itest_seat(x, &s, &g, 3);
    CHECK_EQ_STR("adjudicated status", "finished", jstr(r, "status", buf, sizeof buf));
    CHECK_EQ_INT("all five moves kept", 5, itest_count(r, "\"kind\":\"move\""));
    long long c3 = itest_clock_ms(r, 3), c0 = itest_clock_ms(r, 0);
    free(r);
    /* The clocks of an adjudicated game stand still. */
    itest_sleep_ms(300);
    r = join(g.p[3], g.game, 39);
    CHECK_EQ_INT("clock 3 frozen", c3, itest_clock_ms(r, 3));
    CHECK_EQ_INT("clock 0 frozen", c0, itest_clock_ms(r, 0));
    free(r);
    /* Issue 13 item 10: the token of a finished game opens a read-only view: the seat's
     * connection (it authenticated after the restart) is a spectator, and a move in that
     * game is refused with game_over (the game ended for that seat), never played. */
    r = itest_move(g.p[3], g.game, 40, "B", 3, "e7e6");
    CHECK_EQ_STR("after adjudication: a read-only view", "game_over", ecode(r, e));
    free(r);

    wsc_free(dir);
    itest_game_free(&g);
    wsc_ctx_free(x);
    ITEST_FINISH(&s);
}

/* Director controls across SIGKILL: a paused game stays paused with its clocks; a P-GAME2
 * choice open at the crash is asked again and the losing team's connection that
 * authenticates after the restart gets it and can answer; an Armageddon play-off game live
 * at the crash resumes, is listed live, and the director's adjudication of it ends the event. */
static void kill_paused_choice_playoff(void)
{
    itest_srv s;
    itest_init(&s, bin);
    CHECK_MSG(itest_start(&s, NULL) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    itest_game g = {0};
    char msg[256], e[32];
    CHECK_EQ_INT("create", 0, itest_create_game(x, &s, &g, 60000, false));
    for (int seat = 0; seat < 4; seat++)
        free(itest_seat(x, &s, &g, seat));
    free(wsc_recv_type(g.p[0], "start", 3000));
    free(itest_move(g.p[0], g.game, 20, "A", 0, "e2e4"));
    snprintf(msg, sizeof msg, "{\"type\":\"game_pause\",\"id\":21,\"game\":%lld,\"paused\":true}",
             g.game);
    CHECK_CALL_TYPE(g.dir, msg, "ack");
    char *r = join(g.dir, g.game, 22);
    long long c0 = itest_clock_ms(r, 0), c1 = itest_clock_ms(r, 1);
    CHECK_MSG(r && strstr(r, "\"paused\":true"), "not paused: %.200s", r ? r : "(none)");
    free(r);

    r = itest_call(g.dir, "{\"type\":\"tournament_create\",\"id\":23,\"name\":\"Duo\","
                          "\"base_ms\":60000}");
    long long tour = jint(r, "tournament", -1);
    free(r);
    char tok[2][40];
    long long team[2];
    for (int i = 0; i < 2; i++) {
        snprintf(msg, sizeof msg,
                 "{\"type\":\"team_register\",\"id\":%d,\"tournament\":%lld,\"name\":\"D%d\","
                 "\"players\":[\"c%d\",\"p%d\"]}",
                 24 + i, tour, i, i, i);
        r = itest_call(g.dir, msg);
        team[i] = jint(r, "team", -1);
        jstr(r, "token", tok[i], sizeof tok[i]);
        free(r);
    }
    snprintf(msg, sizeof msg, "{\"type\":\"tournament_start\",\"id\":26,\"tournament\":%lld}",
             tour);
    r = itest_call(g.dir, msg); /* its current round: game 1 and who has White on A */
    const char *cur = r ? strstr(r, "\"current\":") : NULL;
    const char *gs = cur ? strstr(cur, "\"games\":[") : NULL;
    long long g1 = gs ? strtoll(gs + 9, NULL, 10) : -1;
    long long loser = jint(cur, "white", -1) == 1 ? jint(cur, "team2", -1) : jint(cur, "team1", -1);
    free(r);
    snprintf(msg, sizeof msg,
             "{\"type\":\"game_result\",\"id\":27,\"game\":%lld,\"result\":\"1-0\","
             "\"reason\":\"adjudicated\"}",
             g1);
    wsc_send(g.dir, msg); /* the ack comes after the game2_choice it causes */
    long long asked = -1;
    for (char *m; (m = wsc_recv(g.dir, 3000)); free(m)) {
        if (strstr(m, "\"type\":\"game2_choice\""))
            asked = jint(m, "team", -1);
        if (strstr(m, "\"type\":\"ack\",\"id\":27")) {
            free(m);
            break;
        }
    }
    CHECK_EQ_INT("choice: the loser", loser, asked);
    CHECK_EQ_INT("killed", 128 + SIGKILL, itest_stop(&s, SIGKILL));
    itest_game_free(&g);

    CHECK_MSG(itest_start(&s, NULL) == 0, "server did not restart");
    wsc *spec = itest_connect(x, &s, NULL), *tm = itest_connect(x, &s, NULL);
    itest_sleep_ms(300); /* the paused game's clocks do not run */
    r = join(spec, 1, 30);
    CHECK_MSG(r && strstr(r, "\"status\":\"live\"") && strstr(r, "\"paused\":true"),
              "paused game after the restart: %.200s", r ? r : "(none)");
    CHECK_EQ_INT("clock 0", c0, itest_clock_ms(r, 0));
    CHECK_EQ_INT("clock 1", c1, itest_clock_ms(r, 1));
    free(r);
    snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":31,\"token\":\"%s\"}",
             tok[loser == team[0] ? 0 : 1]);
    wsc_send(tm, msg);
    r = wsc_recv_type(tm, "game2_choice", 3000);
    CHECK_MSG(r && jint(r, "game", -1) == g1 && jint(r, "deadline_ms", -1) > 10000,
              "choice after the restart: %s", r ? r : "(none)");
    free(r);
    snprintf(msg, sizeof msg, "{\"type\":\"game2_colors\",\"id\":32,\"game\":%lld,\"swap\":false}",
             g1);
    CHECK_CALL_TYPE(tm, msg, "ack");
    r = wsc_recv_type(tm, "assign", 3000);
    long long g2 = jint(r, "game", -1);
    CHECK_MSG(r && jint(r, "game_no", -1) == 1, "game 2: %s", r ? r : "(none)");
    free(r);

    /* Game 2 to the other team: 1-1, an Armageddon play-off game starts; kill again. */
    wsc *d = itest_connect(x, &s, NULL);
    free(itest_call(d, "{\"type\":\"auth\",\"id\":33,\"token\":\"" ITEST_ADMIN "\"}"));
    snprintf(msg, sizeof msg,
             "{\"type\":\"game_result\",\"id\":34,\"game\":%lld,\"result\":\"%s\","
             "\"reason\":\"adjudicated\"}",
             g2, "0-1"); /* colours kept: the loser of game 1 is team 2 again, and wins */
    CHECK_CALL_TYPE(d, msg, "ack");
    r = itest_call(d, "{\"type\":\"live\",\"id\":35}");
    const char *pr = r ? strstr(r, "\"round\":0,") : NULL;
    long long po = -1;
    for (const char *q = pr; q && q > r; q--) /* the game id of that live row */
        if (strncmp(q, "{\"game\":", 8) == 0) {
            po = strtoll(q + 8, NULL, 10);
            break;
        }
    CHECK_MSG(po > 0, "no play-off game: %s", r ? r : "(none)");
    free(r);
    wsc_free(d);
    wsc_free(tm);
    wsc_free(spec);
    CHECK_EQ_INT("killed 2", 128 + SIGKILL, itest_stop(&s, SIGKILL));

    CHECK_MSG(itest_start(&s, NULL) == 0, "server did not restart (2)");
    d = itest_connect(x, &s, NULL);
    free(itest_call(d, "{\"type\":\"auth\",\"id\":40,\"token\":\"" ITEST_ADMIN "\"}"));
    r = itest_call(d, "{\"type\":\"live\",\"id\":41}");
    char want[48];
    snprintf(want, sizeof want, "\"game\":%lld,\"tournament\":%lld,\"round\":0,", po, tour);
    CHECK_MSG(r && strstr(r, want), "play-off not live after the restart: %s", r ? r : "(none)");
    free(r);
    snprintf(msg, sizeof msg,
             "{\"type\":\"game_result\",\"id\":42,\"game\":%lld,\"result\":\"1-0\","
             "\"reason\":\"adjudicated\"}",
             po);
    CHECK_CALL_TYPE(d, msg, "ack");
    snprintf(msg, sizeof msg, "{\"type\":\"tournament_get\",\"id\":43,\"tournament\":%lld}", tour);
    r = itest_call(d, msg);
    CHECK_MSG(r && strstr(r, "\"status\":\"finished\"") && strstr(r, "\"final\":true"),
              "event after the play-off: %.300s", r ? r : "(none)");
    free(r);
    (void)e;
    wsc_free(d);
    wsc_ctx_free(x);
    ITEST_FINISH(&s);
}

static const bh_test_case cases[] = {
    {"kill_paused_choice_playoff", kill_paused_choice_playoff},
    {"kill_resume_adjudicate", kill_resume_adjudicate},
};

ITEST_MAIN(cases)
