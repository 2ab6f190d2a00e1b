/* test_ws_tour.c: a server tournament over real sockets (issue 6 wiring): director commands
 * and their errors, team tokens and assign messages, T-AUTO with bots, and a crash (SIGKILL)
 * in the middle: after the restart the pairings and standings are the stored ones, the bots'
 * team connections get fresh tokens, and the event runs to its end. SPDX-License-Identifier: MIT */
#include <cjson/cJSON.h>

#include "bot.h"
#include "itest.h"

#define NTEAMS 5 /* odd: a PAB each round (T-BYE) */

static cJSON *jcall(wsc *c, const char *text)
{
    char *s = itest_call(c, text);
    cJSON *o = s ? cJSON_Parse(s) : NULL;
    free(s);
    return o;
}

static const char *js(const cJSON *o, const char *k)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    return cJSON_IsString(v) ? v->valuestring : "";
}

static double jn(const cJSON *o, const char *k)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    return cJSON_IsNumber(v) ? v->valuedouble : -1;
}

/* Pairings of a round object as "t1-t2 t1-t2 ..." */
static void pairs_of(const cJSON *round, char *out, size_t cap)
{
    size_t len = 0;
    out[0] = '\0';
    const cJSON *m;
    cJSON_ArrayForEach(m, cJSON_GetObjectItemCaseSensitive(round, "matches"))
    {
        if (len < cap)
            len += (size_t)snprintf(out + len, cap - len, "%d-%d ", (int)jn(m, "team1"),
                                    (int)jn(m, "team2"));
    }
}

/* Standings rows as "team:mp:gp ..." */
static void rows_of(const cJSON *st, char *out, size_t cap)
{
    size_t len = 0;
    out[0] = '\0';
    const cJSON *r;
    cJSON_ArrayForEach(r, cJSON_GetObjectItemCaseSensitive(st, "rows"))
    {
        if (len < cap)
            len += (size_t)snprintf(out + len, cap - len, "%d:%d:%g ", (int)jn(r, "team"),
                                    (int)jn(r, "mp"), jn(r, "gp"));
    }
}

static wsc *director(wsc_ctx *x, const itest_srv *s)
{
    wsc *d = itest_connect(x, s, NULL);
    if (!d)
        return NULL;
    cJSON *r = jcall(d, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ITEST_ADMIN "\"}");
    CHECK_EQ_STR("director", "director", js(r, "role"));
    cJSON_Delete(r);
    return d;
}

static void run(bool adjudicate)
{
    itest_srv s;
    itest_init(&s, getenv("BH_SERVER"));
    if (itest_start(&s, NULL) != 0) {
        CHECK_MSG(0, "server did not start");
        itest_dump_log(&s);
        itest_cleanup(&s);
        return;
    }
    wsc_ctx *x = wsc_ctx_new();
    wsc *d = director(x, &s);
    wsc *spec = itest_connect(x, &s, NULL);
    bot_pool *bots = NULL;
    char port[16];
    snprintf(port, sizeof port, "%d", s.port);

    /* Creation and its errors. */
    CHECK_CALL_ERR(spec, "{\"type\":\"tournament_create\",\"id\":2,\"name\":\"T\"}",
                   "unauthorized");
    CHECK_CALL_ERR(d, "{\"type\":\"tournament_create\",\"id\":3,\"name\":\"T\",\"ruleset\":\"x\"}",
                   "not_found");
    CHECK_CALL_ERR(d, "{\"type\":\"tournament_create\",\"id\":4,\"name\":\"T\",\"tiebreaks\":[\"XX\"]}",
                   "missing_field");
    cJSON *r = jcall(d, "{\"type\":\"tournament_create\",\"id\":5,\"name\":\"Restart Cup\","
                        "\"base_ms\":6000,\"ruleset\":\"online\",\"rounds\":2}");
    int tid = (int)jn(r, "tournament");
    CHECK_MSG(tid > 0, "no tournament id");
    cJSON_Delete(r);
    char tokens[NTEAMS][160];
    int team_ids[NTEAMS];
    for (int i = 0; i < NTEAMS; i++) {
        char buf[256];
        snprintf(buf, sizeof buf,
                 "{\"type\":\"team_register\",\"id\":%d,\"tournament\":%d,\"name\":\"T%d\","
                 "\"players\":[\"c%d\",\"p%d\"],\"ratings\":[%d,%d]}",
                 10 + i, tid, i, i, i, 1500 + 100 * i, 1500);
        r = jcall(d, buf);
        snprintf(tokens[i], sizeof tokens[i], "%s", js(r, "token"));
        team_ids[i] = (int)jn(r, "team");
        CHECK_MSG(strlen(tokens[i]) >= 16, "team %d: no token", i);
        cJSON_Delete(r);
    }
    char buf[256];
    snprintf(buf, sizeof buf,
             "{\"type\":\"team_register\",\"id\":20,\"tournament\":%d,\"name\":\"T0\","
             "\"players\":[\"a\",\"b\"]}",
             tid);
    CHECK_CALL_ERR(d, buf, "exists");
    snprintf(buf, sizeof buf, "{\"type\":\"tournament_start\",\"id\":21,\"tournament\":%d}", tid);
    CHECK_CALL_ERR(spec, buf, "unauthorized");

    /* A team token before the start: authed as the team, no games yet. */
    wsc *tc = itest_connect(x, &s, NULL);
    snprintf(buf, sizeof buf, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", tokens[3]);
    r = jcall(tc, buf);
    CHECK_EQ_STR("team role", "team", js(r, "role"));
    CHECK_EQ_INT("team id", team_ids[3], (int)jn(r, "team"));
    cJSON_Delete(r);

    snprintf(buf, sizeof buf, "{\"type\":\"tournament_start\",\"id\":22,\"tournament\":%d}", tid);
    r = jcall(d, buf);
    CHECK_EQ_STR("start reply", "tournament", js(r, "type"));
    CHECK_EQ_INT("rounds", 2, (int)jn(r, "rounds"));
    CHECK_EQ_STR("format", "swiss", js(r, "format"));
    /* Pairing numbers by rating: T4 (1900/1500) is number 1. */
    const cJSON *t0 = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(r, "teams"), 0);
    CHECK_EQ_STR("top seed", "T4", js(t0, "name"));
    /* Round 1: two matches and the PAB for the lowest team (T0, pairing number 5), with no
     * game and 1 MP (T-BYE). */
    const cJSON *cur = cJSON_GetObjectItemCaseSensitive(r, "current");
    const cJSON *ms = cJSON_GetObjectItemCaseSensitive(cur, "matches");
    CHECK_EQ_INT("round 1 entries", 3, cJSON_GetArraySize(ms));
    const cJSON *bye = cJSON_GetArrayItem(ms, 2);
    CHECK_EQ_STR("bye status", "bye", js(bye, "status"));
    CHECK_EQ_STR("bye team", "T0", js(bye, "name1"));
    CHECK_EQ_INT("bye games", 0, cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(bye, "games")));
    const cJSON *bye_mp = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(bye, "mp"), 0);
    CHECK_EQ_INT("bye MP", 1, cJSON_IsNumber(bye_mp) ? (int)bye_mp->valuedouble : -1);
    cJSON_Delete(r);
    CHECK_CALL_ERR(d, buf, "bad_state");
    snprintf(buf, sizeof buf,
             "{\"type\":\"team_register\",\"id\":23,\"tournament\":%d,\"name\":\"Late\","
             "\"players\":[\"a\",\"b\"]}",
             tid);
    CHECK_CALL_ERR(d, buf, "bad_state");

    /* The team connection gets the assign of its round-1 game: its two seats. */
    char *a = wsc_recv_type(tc, "assign", 3000);
    cJSON *ao = a ? cJSON_Parse(a) : NULL;
    free(a);
    CHECK_EQ_INT("assign seats", 2, cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(ao, "seats")));
    CHECK_EQ_INT("assign round", 1, (int)jn(ao, "round"));
    cJSON_Delete(ao);
    wsc_free(tc);
    /* A spectator sees the round. */
    char *rs = wsc_recv_type(spec, "round", 3000);
    CHECK_MSG(rs != NULL, "spectator got no round");
    free(rs);

    bot_opts bo = {.server = {.host = "127.0.0.1", .port = s.port, .tls = true},
                   .pace_ms = 30,
                   .seed = 3};
    bots = bot_pool_new(x, &bo);
    for (int i = 0; i < NTEAMS; i++)
        bot_pool_add_team(bots, tokens[i]);

    /* Play round 1; remember the standings and the round-2 pairings, then crash. */
    char pairs2[256] = "", rows1[256] = "";
    for (int i = 0; i < 6000 && !pairs2[0]; i++) {
        wsc_pump(x, 5);
        bot_pool_step(bots);
        char *m;
        while ((m = wsc_recv(d, 0)) != NULL) {
            cJSON *o = cJSON_Parse(m);
            free(m);
            if (!strcmp(js(o, "type"), "standings") && jn(o, "round") == 1)
                rows_of(o, rows1, sizeof rows1);
            if (!strcmp(js(o, "type"), "round") && jn(o, "round") == 2)
                pairs_of(o, pairs2, sizeof pairs2);
            cJSON_Delete(o);
        }
    }
    CHECK_MSG(rows1[0] && pairs2[0], "round 1 did not end (rows \"%s\", pairs \"%s\")", rows1,
              pairs2);
    wsc_pump(x, 300); /* let the bots make a few moves of round 2 */
    for (int i = 0; i < 30; i++) {
        wsc_pump(x, 5);
        bot_pool_step(bots);
    }
    CHECK_EQ_INT("crash", 128 + SIGKILL, itest_stop(&s, SIGKILL));
    wsc_free(d);
    wsc_free(spec);
    d = NULL;
    const char *again[] = {"--port", port, adjudicate ? "--recover" : NULL, "adjudicate", NULL};
    CHECK_EQ_INT("restart", 0, itest_start(&s, again));
    d = director(x, &s);

    /* The stored state: round 2 with the same pairings, the same standings after round 1. */
    snprintf(buf, sizeof buf, "{\"type\":\"tournament_get\",\"id\":30,\"tournament\":%d}", tid);
    r = jcall(d, buf);
    CHECK_EQ_STR("status after restart", "running", js(r, "status"));
    CHECK_EQ_INT("round after restart", 2, (int)jn(r, "round"));
    char p2[256], r1[256];
    pairs_of(cJSON_GetObjectItemCaseSensitive(r, "current"), p2, sizeof p2);
    CHECK_EQ_STR("round-2 pairings survive", pairs2, p2);
    cJSON_Delete(r);
    (void)r1;

    /* The bots reconnect (fresh tokens through their team tokens) and finish the event. */
    bool final = false;
    char final_rows[256] = "";
    for (int i = 0; i < 8000 && !final; i++) {
        wsc_pump(x, 5);
        bot_pool_step(bots);
        char *m;
        while (d && (m = wsc_recv(d, 0)) != NULL) {
            cJSON *o = cJSON_Parse(m);
            free(m);
            if (!strcmp(js(o, "type"), "standings") &&
                cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "final"))) {
                final = true;
                rows_of(o, final_rows, sizeof final_rows);
                CHECK_EQ_INT("final round", 2, (int)jn(o, "round"));
                /* T-PRIZES: no tie left on places 1-3 (the Armageddon play-off decided). */
                const cJSON *row;
                cJSON_ArrayForEach(row, cJSON_GetObjectItemCaseSensitive(o, "rows"))
                    CHECK_MSG(jn(row, "place") > 3 ||
                                  !cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(row, "tied_next")),
                              "place %d still tied in the final standings", (int)jn(row, "place"));
            }
            cJSON_Delete(o);
        }
    }
    CHECK_MSG(final, "no final standings after the restart");
    bot_stats bs;
    bot_pool_stats(bots, &bs);
    CHECK_MSG(bs.reconnects > 0, "the bots never reconnected");
    CHECK_MSG(bs.moves_acked > 0, "no move acknowledged");
    r = jcall(d, "{\"type\":\"games\",\"id\":31}");
    int n = 0, finished = 0;
    const cJSON *g;
    cJSON_ArrayForEach(g, cJSON_GetObjectItemCaseSensitive(r, "games"))
    {
        n++;
        finished += !strcmp(js(g, "status"), "finished");
    }
    /* 2 rounds x 2 matches x 2 games, then the play-off games of ties on prize places. */
    CHECK_MSG(n >= 8, "games: %d", n);
    CHECK_EQ_INT("all finished", n, finished);
    cJSON_Delete(r);

    bot_pool_free(bots);
    wsc_free(d);
    wsc_ctx_free(x);
    CHECK_EQ_INT("clean exit on SIGTERM", 0, itest_stop(&s, SIGTERM));
    if (bh_test_failures_)
        itest_dump_log(&s);
    itest_cleanup(&s);
}

/* Games in progress at the crash resume (the default policy). */
static void tournament_restart(void)
{
    run(false);
}

/* Games in progress at the crash are adjudicated draws at load, before the tournaments are
 * loaded: the reconciliation at load records them and starts the games that follow. */
static void tournament_restart_adjudicate(void)
{
    run(true);
}

static const bh_test_case cases[] = {
    {"tournament_restart", tournament_restart},
    {"tournament_restart_adjudicate", tournament_restart_adjudicate},
};

BH_TEST_MAIN(cases)
