/* test_ws_pairing.c: pairing off the loop over real sockets. The server
 * starts on a deep Swiss paused just before a slow pairing (tests/data/tourney/draws78-r34.trf:
 * 78 teams, 33 rounds played, round 34 runs to the node bound: about 9 s in a release build,
 * far longer here) and a casual game of four players. The director resumes the event; the
 * reply waits for the pairing, while the game's moves are acknowledged and a second
 * director's withdrawal is refused (bad_state, field pairing). SIGTERM while the pairing runs:
 * the server exits within seconds, cleanly (exit 0; under ASan without a leak). The slow case
 * (by hand: ws.cmake) lets the pairing end: without a node bound on the worker it pairs the
 * round; budget_spent_pauses gives it 2 s instead: over its time budget the event pauses for
 * the director.
 * SPDX-License-Identifier: MIT */
#include "itest.h"
#include "now.h"
#include "runner.h"
#include "tour_db.h"

static const char *bin;

/* A server on the deep event, its director, and a game whose four seats are joined. */
static bool setup(itest_srv *s, wsc_ctx *x, wsc **d, itest_game *g, int64_t *tid,
                  const char *const *extra)
{
    itest_init(s, bin);
    char *trf = bh_test_data_file("tourney/draws78-r34.trf", NULL);
    int teams = 0;
    int rc = trf ? tour_db_write(s->db, trf, TFMT_PAUSED, tid, &teams) : -1;
    free(trf);
    CHECK_EQ_INT("database", BH_OK, rc);
    CHECK_EQ_INT("teams", 78, teams);
    if (rc != BH_OK || itest_start(s, extra) != 0) {
        CHECK_MSG(0, "server did not start");
        return false;
    }
    *d = itest_connect(x, s, NULL);
    char *r =
        *d ? itest_call(*d, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ITEST_ADMIN "\"}") : NULL;
    CHECK_MSG(r && strstr(r, "\"role\":\"director\""), "director: %s", r ? r : "(none)");
    free(r);
    CHECK_EQ_INT("game", 0, itest_create_game(x, s, g, 600000, false));
    for (int seat = 0; seat < 4; seat++)
        free(itest_seat(x, s, g, seat));
    return *d != NULL;
}

static void resume(wsc *d, int64_t tid)
{
    char msg[128];
    snprintf(msg, sizeof msg,
             "{\"type\":\"tournament_pause\",\"id\":50,\"tournament\":%lld,\"paused\":false}",
             (long long)tid);
    wsc_send(d, msg);
}

/* The next message to c that answers id (others are skipped), within timeout_ms, or NULL. */
static char *reply_to(wsc *c, int id, int timeout_ms)
{
    char want[32];
    snprintf(want, sizeof want, "\"id\":%d,", id);
    for (int t = 0; t < timeout_ms; t += 100) {
        char *m = wsc_recv(c, 100);
        if (m && strstr(m, want))
            return m;
        free(m);
    }
    return NULL;
}

static void shutdown_while_pairing(void)
{
    itest_srv s;
    wsc_ctx *x = wsc_ctx_new();
    wsc *d = NULL;
    itest_game g = {0};
    int64_t tid = 0;
    if (setup(&s, x, &d, &g, &tid, NULL)) {
        resume(d, tid);
        static const char *const mv[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
        for (int ply = 0; ply < 4; ply++) {
            char *r = itest_move(g.p[ply & 1], g.game, 100 + ply, "A", ply, mv[ply]);
            CHECK_MSG(r && strstr(r, "\"type\":\"ack\""), "move %d while pairing: %s", ply,
                      r ? r : "(no reply)");
            free(r);
        }
        wsc *d2 = itest_connect(x, &s, NULL);
        free(itest_call(d2, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ITEST_ADMIN "\"}"));
        char msg[160];
        snprintf(msg, sizeof msg,
                 "{\"type\":\"team_withdraw\",\"id\":60,\"tournament\":%lld,\"team\":3}",
                 (long long)tid);
        char *r = itest_call(d2, msg), code[32], field[32];
        CHECK_EQ_STR("withdraw while pairing", "bad_state", ecode(r, code));
        CHECK_EQ_STR("its field", "pairing", jstr(r, "field", field, sizeof field));
        free(r);
        r = reply_to(d, 50, 100);
        CHECK_MSG(r == NULL, "the resume's reply came before the deep pairing ended: %s", r);
        free(r);
        wsc_free(d2);
        int64_t t0 = (int64_t)now_mono_us();
        CHECK_EQ_INT("clean exit while pairing", 0, itest_stop(&s, SIGTERM));
        double secs = (double)((int64_t)now_mono_us() - t0) / 1e6;
        CHECK_MSG(secs < 5.0, "shutdown took %.1f s: it waited for the pairing", secs);
    }
    itest_game_free(&g);
    wsc_free(d);
    wsc_ctx_free(x);
    if (bh_test_failures_)
        itest_dump_log(&s);
    itest_cleanup(&s);
}

/* The deep pairing runs on the worker without a node bound and ends in a pairing within the
 * default budget (5 minutes; about 40 s in a release build): the resume's reply shows round 34
 * paired, and the event runs on. */
static void slow_deep_pairs(void)
{
    itest_srv s;
    wsc_ctx *x = wsc_ctx_new();
    wsc *d = NULL;
    itest_game g = {0};
    int64_t tid = 0;
    if (setup(&s, x, &d, &g, &tid, NULL)) {
        resume(d, tid);
        char *r = reply_to(d, 50, 800000);
        CHECK_MSG(r && strstr(r, "\"status\":\"running\"") && strstr(r, "\"round\":34,"),
                  "the resume's reply: %.300s", r ? r : "(none)");
        free(r);
        ITEST_FINISH(&s);
    } else {
        itest_cleanup(&s);
    }
    itest_game_free(&g);
    wsc_free(d);
    wsc_ctx_free(x);
}

/* The next `pairing` push to c with "running" as given (others skipped), or NULL. */
static char *pairing_push(wsc *c, bool running, int timeout_ms)
{
    const char *want = running ? "\"running\":true" : "\"running\":false";
    for (int t = 0; t < timeout_ms; t += 100) {
        char *m = wsc_recv(c, 100);
        if (m && strstr(m, "\"type\":\"pairing\"") && strstr(m, want))
            return m;
        free(m);
    }
    return NULL;
}

/* A time budget on the worker (--pairing-budget-s 2, round_pair's budget_s 1): the deep round
 * (minutes of search) is not paired within it. T-AUTO's pairing: the directors get a `pairing`
 * push at its start (round 34, budget_ms 2000), the search gives up at the budget, the resume's
 * reply says paused with round 33 the last, and a last push says running false. The director's
 * round_pair with budget_s 1: too_large, field round, and the round stays unpaired; a budget_s
 * of 0 is refused before any search (missing_field, field budget_s). */
static void budget_spent_pauses(void)
{
    itest_srv s;
    wsc_ctx *x = wsc_ctx_new();
    wsc *d = NULL;
    itest_game g = {0};
    int64_t tid = 0;
    static const char *const extra[] = {"--pairing-budget-s", "2", NULL};
    if (setup(&s, x, &d, &g, &tid, extra)) {
        int64_t t0 = (int64_t)now_mono_us();
        resume(d, tid);
        char *p = pairing_push(d, true, 10000);
        CHECK_MSG(p && strstr(p, "\"round\":34,") && strstr(p, "\"budget_ms\":2000"),
                  "the first pairing push: %s", p ? p : "(none)");
        free(p);
        /* the last push (running false) comes just before the reply it ends the wait for */
        char *r = NULL, *last = NULL;
        for (int t = 0; t < 120000 && !r; t += 100) {
            char *m = wsc_recv(d, 100);
            if (m && strstr(m, "\"id\":50,"))
                r = m;
            else if (m && strstr(m, "\"type\":\"pairing\"") && strstr(m, "\"running\":false"))
                free(last), last = m;
            else
                free(m);
        }
        double secs = (double)((int64_t)now_mono_us() - t0) / 1e6;
        CHECK_MSG(r && strstr(r, "\"status\":\"paused\"") && strstr(r, "\"round\":33,"),
                  "the resume's reply: %.300s", r ? r : "(none)");
        CHECK_MSG(secs >= 2.0, "paused after %.1f s, before its 2 s budget", secs);
        free(r);
        CHECK_MSG(last && strstr(last, "\"round\":34,") && strstr(last, "\"budget_ms\":2000"),
                  "the last pairing push: %s", last ? last : "(none)");
        free(last);
        char msg[160], code[32], field[32];
        snprintf(msg, sizeof msg,
                 "{\"type\":\"round_pair\",\"id\":70,\"tournament\":%lld,\"budget_s\":0}",
                 (long long)tid);
        r = itest_call(d, msg);
        CHECK_EQ_STR("budget_s 0", "missing_field", ecode(r, code));
        CHECK_EQ_STR("its field", "budget_s", jstr(r, "field", field, sizeof field));
        free(r);
        snprintf(msg, sizeof msg,
                 "{\"type\":\"round_pair\",\"id\":71,\"tournament\":%lld,\"budget_s\":1}",
                 (long long)tid);
        wsc_send(d, msg);
        r = reply_to(d, 71, 120000);
        CHECK_EQ_STR("round_pair over its budget", "too_large", ecode(r, code));
        CHECK_EQ_STR("its field", "round", jstr(r, "field", field, sizeof field));
        free(r);
        snprintf(msg, sizeof msg, "{\"type\":\"tournament_get\",\"id\":72,\"tournament\":%lld}",
                 (long long)tid);
        r = itest_call(d, msg);
        CHECK_MSG(r && strstr(r, "\"round\":33,"), "still 33 rounds: %.300s", r ? r : "(none)");
        free(r);
        ITEST_FINISH(&s);
    } else {
        itest_cleanup(&s);
    }
    itest_game_free(&g);
    wsc_free(d);
    wsc_ctx_free(x);
}

static const bh_test_case cases[] = {
    {"shutdown_while_pairing", shutdown_while_pairing},
    {"slow_deep_pairs", slow_deep_pairs},
    {"budget_spent_pauses", budget_spent_pauses},
};

ITEST_MAIN(cases)
