/* test_ws_tour.c: a server tournament over real sockets: director commands
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
    CHECK_CALL_ERR(
        d, "{\"type\":\"tournament_create\",\"id\":4,\"name\":\"T\",\"tiebreaks\":[\"XX\"]}",
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

    /* A correction before the start, in place: T2's name and captain changed (its id stays),
     * shown in the snapshot, refused with another team's name, then put back. */
    snprintf(buf, sizeof buf,
             "{\"type\":\"team_register\",\"id\":24,\"tournament\":%d,\"team\":%d,"
             "\"name\":\"T2 Rooks\",\"players\":[\"c2x\",\"p2\"],\"ratings\":[1700,1500]}",
             tid, team_ids[2]);
    r = jcall(d, buf);
    CHECK_EQ_STR("corrected", "created", js(r, "type"));
    CHECK_EQ_INT("the same team", team_ids[2], (int)jn(r, "team"));
    CHECK_MSG(!cJSON_GetObjectItemCaseSensitive(r, "token"), "a correction has no new token");
    cJSON_Delete(r);
    snprintf(buf, sizeof buf, "{\"type\":\"tournament_get\",\"id\":25,\"tournament\":%d}", tid);
    char *snap = itest_call(d, buf);
    CHECK_MSG(snap && strstr(snap, "\"name\":\"T2 Rooks\"") && strstr(snap, "\"c2x\"") &&
                  !strstr(snap, "\"name\":\"T2\""),
              "the corrected team in the snapshot: %.400s", snap ? snap : "(none)");
    free(snap);
    snprintf(buf, sizeof buf,
             "{\"type\":\"team_register\",\"id\":26,\"tournament\":%d,\"team\":%d,"
             "\"name\":\"T1\",\"players\":[\"c2\",\"p2\"]}",
             tid, team_ids[2]);
    CHECK_CALL_ERR(d, buf, "exists");
    snprintf(buf, sizeof buf,
             "{\"type\":\"team_register\",\"id\":27,\"tournament\":%d,\"team\":999,"
             "\"name\":\"T9\",\"players\":[\"c2\",\"p2\"]}",
             tid);
    CHECK_CALL_ERR(d, buf, "not_found");
    snprintf(buf, sizeof buf,
             "{\"type\":\"team_register\",\"id\":28,\"tournament\":%d,\"team\":%d,"
             "\"name\":\"T2\",\"players\":[\"c2\",\"p2\"],\"ratings\":[1700,1500]}",
             tid, team_ids[2]);
    r = jcall(d, buf);
    CHECK_EQ_INT("put back", team_ids[2], (int)jn(r, "team"));
    cJSON_Delete(r);
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
    CHECK_EQ_INT("bye games", 0,
                 cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(bye, "games")));
    const cJSON *bye_mp = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(bye, "mp"), 0);
    CHECK_EQ_INT("bye MP", 1, cJSON_IsNumber(bye_mp) ? (int)bye_mp->valuedouble : -1);
    cJSON_Delete(r);
    CHECK_CALL_ERR(d, buf, "bad_state");
    snprintf(buf, sizeof buf,
             "{\"type\":\"team_register\",\"id\":29,\"tournament\":%d,\"team\":%d,"
             "\"name\":\"T2 Rooks\",\"players\":[\"c2\",\"p2\"]}",
             tid, team_ids[2]);
    CHECK_CALL_ERR(d, buf, "bad_state"); /* started: the pairing numbers are given */
    snprintf(buf, sizeof buf,
             "{\"type\":\"team_register\",\"id\":23,\"tournament\":%d,\"name\":\"Late\","
             "\"players\":[\"a\",\"b\"]}",
             tid);
    CHECK_CALL_ERR(d, buf, "bad_state");

    /* The team connection gets the assign of its round-1 game: its two seats. */
    char *a = wsc_recv_type(tc, "assign", 3000);
    cJSON *ao = a ? cJSON_Parse(a) : NULL;
    free(a);
    CHECK_EQ_INT("assign seats", 2,
                 cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(ao, "seats")));
    CHECK_EQ_INT("assign round", 1, (int)jn(ao, "round"));
    cJSON_Delete(ao);
    wsc_free(tc);
    /* A spectator sees the round. */
    char *rs = wsc_recv_type(spec, "round", 3000);
    CHECK_MSG(rs != NULL, "spectator got no round");
    free(rs);

    bot_opts bo = {
        .server = {.host = "127.0.0.1", .port = s.port, .tls = true}, .pace_ms = 30, .seed = 3};
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

/* ---- hostile round_pair over the wire (hostile-input review) ---- */

static cJSON *call_f(wsc *d, int *id, const char *fmt, long long a, const char *tail)
{
    char buf[16384];
    int n = snprintf(buf, sizeof buf, "{\"type\":\"%s\",\"id\":%d,\"tournament\":%lld%s}", fmt,
                     ++*id, a, tail);
    CHECK_MSG(n < (int)sizeof buf, "message too long");
    itest_sleep_ms(55); /* under the flood limit (20 messages/s) */
    return jcall(d, buf);
}

/* The games of match mi of the current round ("games": [id or null, ...]), k-th. */
static long long cur_game(const cJSON *snap, int mi, int k)
{
    const cJSON *cur = cJSON_GetObjectItemCaseSensitive(snap, "current");
    const cJSON *m = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(cur, "matches"), mi);
    const cJSON *g = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(m, "games"), k);
    return cJSON_IsNumber(g) ? (long long)g->valuedouble : 0;
}

static void adjudicate(wsc *d, int *id, long long game)
{
    char buf[160];
    snprintf(buf, sizeof buf,
             "{\"type\":\"game_result\",\"id\":%d,\"game\":%lld,\"result\":\"1/2-1/2\","
             "\"reason\":\"arbiter\"}",
             ++*id, game);
    itest_sleep_ms(55);
    cJSON *r = jcall(d, buf);
    CHECK_EQ_STR(buf, "ack", js(r, "type"));
    cJSON_Delete(r);
}

/* round_pair of tournament tour with the pairs [a, b], [c, e]: error code in field. */
static void hand_err(wsc *d, int *id, long long tour, long long a, long long b, long long c,
                     long long e, const char *code, const char *field)
{
    char t[256];
    snprintf(t, sizeof t, ",\"pairs\":[[%lld,%lld],[%lld,%lld]]", a, b, c, e);
    cJSON *r = call_f(d, id, "round_pair", tour, t);
    CHECK_EQ_STR(t, code, js(r, "code"));
    CHECK_EQ_STR(t, field, js(r, "field"));
    cJSON_Delete(r);
}

/* Four teams (pairing numbers = hub ids here: registered in rating order), 2 rounds, Swiss:
 * round 1 is 1-3 2-4, every game adjudicated a draw while paused. Then round_pair with pairs
 * that are malformed (wrong types, floats, huge, negative, nested, not pairs), name teams of
 * another tournament, duplicate a team, or are a rematch: each gets its typed error, the
 * connection and the tournament are unchanged. A second director races round_pair against
 * the result that completes round 1 (either order is fine, the outcome is typed). The hand
 * pairing 1-2 3-4 survives a SIGKILL; after the restart a re-pair with a rematch replaces it,
 * survives a second SIGKILL, and a resume starts its games; round_pair is then refused
 * (running; paused with the round in progress). */
static void hand_pair_kill(void)
{
    itest_srv s;
    itest_init(&s, getenv("BH_SERVER"));
    if (itest_start(&s, NULL) != 0) {
        CHECK_MSG(0, "server did not start");
        itest_cleanup(&s);
        return;
    }
    char port[16];
    snprintf(port, sizeof port, "%d", s.port);
    wsc_ctx *x = wsc_ctx_new();
    wsc *d = director(x, &s), *d2 = director(x, &s);
    int id = 100;
    long long team[2][4], tid[2];
    for (int k = 0; k < 2; k++) {
        char buf[256];
        snprintf(buf, sizeof buf,
                 "{\"type\":\"tournament_create\",\"id\":%d,\"name\":\"Hand %d\",\"base_ms\":"
                 "60000,\"ruleset\":\"online\",\"rounds\":2}",
                 ++id, k);
        cJSON *r = jcall(d, buf);
        tid[k] = (long long)jn(r, "tournament");
        cJSON_Delete(r);
        for (int i = 0; i < 4; i++) {
            snprintf(buf, sizeof buf,
                     "{\"type\":\"team_register\",\"id\":%d,\"tournament\":%lld,\"name\":\"H%d\","
                     "\"players\":[\"c%d\",\"p%d\"],\"ratings\":[%d,1500]}",
                     ++id, tid[k], i, i, i, 2000 - 100 * i);
            r = jcall(d, buf);
            team[k][i] = (long long)jn(r, "team");
            cJSON_Delete(r);
        }
    }
    CHECK_MSG(tid[0] > 0 && tid[1] > 0 && team[1][3] > 0, "no tournaments");
    cJSON *r = call_f(d, &id, "tournament_start", tid[0], "");
    CHECK_EQ_STR("swiss", "swiss", js(r, "format"));
    cJSON_Delete(r);
    cJSON_Delete(call_f(d, &id, "tournament_pause", tid[0], ",\"paused\":true"));
    r = call_f(d, &id, "tournament_get", tid[0], "");
    char p1[64];
    pairs_of(cJSON_GetObjectItemCaseSensitive(r, "current"), p1, sizeof p1);
    char want1[64];
    snprintf(want1, sizeof want1, "%lld-%lld %lld-%lld ", team[0][0], team[0][2], team[0][1],
             team[0][3]);
    CHECK_EQ_STR("round 1", want1, p1);
    for (int mi = 0; mi < 2; mi++)
        adjudicate(d, &id, cur_game(r, mi, 0));
    cJSON_Delete(r);
    r = call_f(d, &id, "round_start", tid[0], ""); /* the games 2 */
    adjudicate(d, &id, cur_game(r, 0, 1));
    long long last = cur_game(r, 1, 1);
    CHECK_MSG(last > 0 && cur_game(r, 0, 1) > 0, "no games 2");
    cJSON_Delete(r);
    /* round_pair while a game of round 1 is still live: bad_state (round) */
    r = call_f(d, &id, "round_pair", tid[0], "");
    CHECK_EQ_STR("round in progress", "bad_state", js(r, "code"));
    CHECK_EQ_STR("round in progress: field", "round", js(r, "field"));
    cJSON_Delete(r);

    /* The race: d2 asks for a pairing by hand while d sends the last result. */
    char buf[512], pairs_ok[128];
    snprintf(pairs_ok, sizeof pairs_ok, ",\"pairs\":[[%lld,%lld],[%lld,%lld]]", team[0][1],
             team[0][0], team[0][3], team[0][2]);
    snprintf(buf, sizeof buf,
             "{\"type\":\"game_result\",\"id\":900,\"game\":%lld,\"result\":\"1/2-1/2\","
             "\"reason\":\"arbiter\"}",
             last);
    char rp[256];
    snprintf(rp, sizeof rp, "{\"type\":\"round_pair\",\"id\":901,\"tournament\":%lld%s}", tid[0],
             pairs_ok);
    itest_sleep_ms(60);
    wsc_send(d2, rp);
    wsc_send(d, buf);
    char *a = NULL;
    for (int i = 0; i < 50 && !a; i++) { /* 901's reply: the pairing, or not complete yet */
        a = wsc_recv(d2, 3000);
        if (a && !strstr(a, "\"id\":901,")) {
            free(a);
            a = NULL;
        }
    }
    char e[32];
    CHECK_MSG(a && (strstr(a, "\"type\":\"tournament\"") || !strcmp(ecode(a, e), "bad_state")),
              "the racing round_pair: %s", a ? a : "(no reply)");
    free(a);
    cJSON *st = call_f(d, &id, "tournament_get", tid[0], "");
    int rounds_now = (int)jn(st, "round");
    cJSON_Delete(st);
    CHECK_MSG(rounds_now == 1 || rounds_now == 2, "round %d after the race", rounds_now);
    if (rounds_now == 1) { /* the pairing came first: refused; now it is complete */
        r = call_f(d, &id, "round_pair", tid[0], pairs_ok);
        CHECK_EQ_STR("hand pairing after the race", "tournament", js(r, "type"));
        cJSON_Delete(r);
    }

    /* Hostile pairs: each its typed error, nothing changes. Round 2 is now paired 1-2 3-4 by
     * hand; every bad list below is a re-pair that must leave it as it is. */
    struct {
        const char *tail, *code;
    } bad[] = {
        {",\"pairs\":[[1e400,2]]", "missing_field"},
        {",\"pairs\":[[-1,2]]", "missing_field"},
        {",\"pairs\":[[1.5,2]]", "missing_field"},
        {",\"pairs\":[[\"1\",2]]", "missing_field"},
        {",\"pairs\":[[true,2]]", "missing_field"},
        {",\"pairs\":[[null,2]]", "missing_field"},
        {",\"pairs\":[[1,2,3]]", "missing_field"},
        {",\"pairs\":[[1]]", "missing_field"},
        {",\"pairs\":[[[1],2]]", "missing_field"},
        {",\"pairs\":[1,2]", "missing_field"},
        {",\"pairs\":{\"1\":2}", "missing_field"},
        {",\"pairs\":\"1-2\"", "missing_field"},
        {",\"pairs\":null", "missing_field"},
        {",\"pairs\":[[0,1]]", "missing_field"},
        {",\"pairs\":[[9007199254740992,1]]", "missing_field"},
        {",\"pairs\":[[1,-0.5]]", "missing_field"},
        {",\"pairs\":[[1,2]],\"allow_rematch\":null", "missing_field"},
        {",\"pairs\":[[9007199254740991,9007199254740990]]", "not_found"},
        {",\"pairs\":[]", "invalid"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        r = call_f(d, &id, "round_pair", tid[0], bad[i].tail);
        CHECK_EQ_STR(bad[i].tail, bad[i].code, js(r, "code"));
        cJSON_Delete(r);
    }
    char t[512];
    /* teams of the other tournament, a team twice, a team with itself, a rematch, a
     * tournament not started */
    long long(*T)[4] = team;
    hand_err(d, &id, tid[0], T[0][0], T[0][1], T[1][2], T[1][3], "not_found", "pairs[1]");
    hand_err(d, &id, tid[0], T[0][0], T[0][1], T[0][1], T[0][3], "exists", "pairs[1]");
    hand_err(d, &id, tid[0], T[0][0], T[0][0], T[0][1], T[0][3], "invalid", "pairs[0]");
    hand_err(d, &id, tid[0], T[0][2], T[0][0], T[0][1], T[0][3], "no_pairing", "pairs[0]");
    hand_err(d, &id, tid[1], T[1][0], T[1][1], T[1][2], T[1][3], "bad_state", "tournament");
    char *big = malloc(12000);
    int len = snprintf(big, 12000, ",\"pairs\":[");
    for (int i = 0; i < 1025; i++)
        len += snprintf(big + len, (size_t)(12000 - len), "%s[1,2]", i ? "," : "");
    snprintf(big + len, (size_t)(12000 - len), "]");
    r = call_f(d, &id, "round_pair", tid[0], big);
    CHECK_EQ_STR("1025 pairs", "too_large", js(r, "code"));
    cJSON_Delete(r);
    free(big);
    r = call_f(d, &id, "tournament_get", tid[0], "");
    char p2[64], want2[64];
    pairs_of(cJSON_GetObjectItemCaseSensitive(r, "current"), p2, sizeof p2);
    snprintf(want2, sizeof want2, "%lld-%lld %lld-%lld ", team[0][0], team[0][1], team[0][2],
             team[0][3]);
    CHECK_EQ_STR("round 2 by hand, unchanged by the errors", want2, p2);
    CHECK_EQ_STR("paused", "paused", js(r, "status"));
    cJSON_Delete(r);

    /* SIGKILL; the hand round is as stored; a re-pair with a rematch; SIGKILL again. */
    CHECK_EQ_INT("crash", 128 + SIGKILL, itest_stop(&s, SIGKILL));
    wsc_free(d);
    wsc_free(d2);
    const char *again[] = {"--port", port, NULL};
    CHECK_EQ_INT("restart", 0, itest_start(&s, again));
    d = director(x, &s);
    r = call_f(d, &id, "tournament_get", tid[0], "");
    pairs_of(cJSON_GetObjectItemCaseSensitive(r, "current"), p2, sizeof p2);
    CHECK_EQ_STR("round 2 after the crash", want2, p2);
    CHECK_EQ_STR("paused after the crash", "paused", js(r, "status"));
    CHECK_EQ_INT("round 2 after the crash", 2, (int)jn(r, "round"));
    cJSON_Delete(r);
    snprintf(t, sizeof t, ",\"pairs\":[[%lld,%lld],[%lld,%lld]],\"allow_rematch\":true", team[0][2],
             team[0][0], team[0][1], team[0][3]);
    r = call_f(d, &id, "round_pair", tid[0], t);
    CHECK_EQ_STR("re-pair with a rematch", "tournament", js(r, "type"));
    cJSON_Delete(r);
    CHECK_EQ_INT("crash 2", 128 + SIGKILL, itest_stop(&s, SIGKILL));
    wsc_free(d);
    CHECK_EQ_INT("restart 2", 0, itest_start(&s, again));
    d = director(x, &s);
    r = call_f(d, &id, "tournament_get", tid[0], "");
    pairs_of(cJSON_GetObjectItemCaseSensitive(r, "current"), p2, sizeof p2);
    CHECK_EQ_STR("the re-pair after the crash", want1, p2);
    cJSON_Delete(r);
    r = call_f(d, &id, "tournament_pause", tid[0], ",\"paused\":false");
    CHECK_EQ_STR("resumed", "running", js(r, "status"));
    CHECK_MSG(cur_game(r, 0, 0) > 0 && cur_game(r, 1, 0) > 0, "the hand round did not start");
    cJSON_Delete(r);
    r = call_f(d, &id, "round_pair", tid[0], pairs_ok);
    CHECK_EQ_STR("round_pair while running", "bad_state", js(r, "code"));
    cJSON_Delete(r);
    cJSON_Delete(call_f(d, &id, "tournament_pause", tid[0], ",\"paused\":true"));
    r = call_f(d, &id, "round_pair", tid[0], pairs_ok);
    CHECK_EQ_STR("round_pair with round 2 in progress", "bad_state", js(r, "code"));
    CHECK_EQ_STR("round_pair with round 2 in progress: field", "round", js(r, "field"));
    cJSON_Delete(r);
    r = call_f(d, &id, "tournament_get", tid[0], "");
    pairs_of(cJSON_GetObjectItemCaseSensitive(r, "current"), p2, sizeof p2);
    CHECK_EQ_STR("round 2 as started", want1, p2);
    cJSON_Delete(r);
    wsc_free(d);
    wsc_ctx_free(x);
    CHECK_EQ_INT("clean exit", 0, itest_stop(&s, SIGTERM));
    if (bh_test_failures_)
        itest_dump_log(&s);
    itest_cleanup(&s);
}

static const bh_test_case cases[] = {
    {"tournament_restart", tournament_restart},
    {"tournament_restart_adjudicate", tournament_restart_adjudicate},
    {"hand_pair_kill", hand_pair_kill},
};

BH_TEST_MAIN(cases)
