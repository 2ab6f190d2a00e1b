/* test_ws_club.c: the club round robin of seed 004 through the server over real sockets
 * (docs/formats.md): 6 teams of 6 boards + 4 reserves, 5 rounds by the Berger table;
 * captains submit line-ups with shifting substitutions over their team connections, one team
 * is short in round 1 (its empty boards lost by forfeit), round 1 starts by itself at its
 * line-up deadline, the arbiter enters results and a forfeit by waiting time, one protest is
 * upheld and one rejected with the appeals committee's token, the server is killed with
 * SIGKILL in round 3 and restarted on its database; at the end the ranking recomputed from
 * the stored state (the sqlite file, read after the server stopped) equals the server's.
 * Bad inputs get their typed errors over the wire. SPDX-License-Identifier: MIT */
#include <stdarg.h>

#include "club.h"
#include "itest.h"
#include "store.h"
#include "store_state.h"

static const char *bin;

static wsc_ctx *x;
static wsc *dir, *cap[7];
static long long club_id, team[7];
static char token[7][64];

static char *callf(wsc *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static char *callf(wsc *c, const char *fmt, ...)
{
    char buf[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return itest_call(c, buf);
}

/* The reply is of type want (an error's code otherwise); frees it. */
static void expect(char *r, const char *want, const char *what)
{
    char t[32] = "", e[32];
    if (r)
        jstr(r, "type", t, sizeof t);
    if (strcmp(t, "error") == 0)
        snprintf(t, sizeof t, "%s", ecode(r, e));
    CHECK_MSG(strcmp(t, want) == 0, "%s: want %s, got %s", what, want, r ? r : "(none)");
    free(r);
}

static void connect_all(const itest_srv *s)
{
    dir = itest_connect(x, s, NULL);
    expect(itest_call(dir, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ITEST_ADMIN "\"}"), "authed",
           "director");
    for (int t = 1; t <= 6 && token[t][0]; t++) {
        cap[t] = itest_connect(x, s, NULL);
        expect(callf(cap[t], "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", token[t]), "authed",
               "captain");
    }
}

static void close_all(void)
{
    wsc_free(dir);
    for (int t = 1; t <= 6; t++)
        if (cap[t])
            wsc_free(cap[t]);
    memset(cap, 0, sizeof cap);
}

static int pid(int t, int i)
{
    return 100 * t + i;
}

static char *snapshot(void)
{
    return callf(dir, "{\"type\":\"club_get\",\"id\":5,\"club\":%lld}", club_id);
}

static void submit(int t, int rnd, const int *ids, int n, const char *want)
{
    char list[256] = "";
    size_t k = 0;
    for (int i = 0; i < n; i++)
        k += (size_t)snprintf(list + k, sizeof list - k, "%s%d", i ? "," : "", ids[i]);
    expect(callf(cap[t],
                 "{\"type\":\"club_lineup\",\"id\":9,\"club\":%lld,\"round\":%d,"
                 "\"players\":[%s]}",
                 club_id, rnd, list),
           want, "line-up");
}

static void result(int rnd, int m, int b, const char *res, const char *want)
{
    expect(callf(dir,
                 "{\"type\":\"club_result\",\"id\":7,\"club\":%lld,\"round\":%d,\"match\":%d,"
                 "\"board\":%d,\"result\":\"%s\"}",
                 club_id, rnd, m, b, res),
           want, "result");
}

/* Boards of round r: (r + m + b) % 3 -> 1-0, 1/2-1/2, 0-1, from board `from` of match 1. */
static void play(int r, int from_match)
{
    static const char *const res[] = {"1-0", "1/2-1/2", "0-1"};
    for (int m = from_match; m <= 3; m++)
        for (int b = 1; b <= 6; b++) {
            char *rep = callf(dir,
                              "{\"type\":\"club_result\",\"id\":7,\"club\":%lld,\"round\":%d,"
                              "\"match\":%d,\"board\":%d,\"result\":\"%s\"}",
                              club_id, r, m, b, res[(r + m + b) % 3]);
            CHECK_MSG(rep && (strstr(rep, "\"type\":\"ack\"") || strstr(rep, "already_decided")),
                      "round %d match %d board %d: %s", r, m, b, rep ? rep : "(none)");
            free(rep);
        }
}

static int standings_of(const char *json, long long *out, int cap_)
{
    const char *p = json ? strstr(json, "\"standings\":[") : NULL;
    int n = 0;
    while (p && n < cap_ && (p = strstr(p, "{\"place\":")) != NULL) {
        out[n++] = jint(p, "team", -1);
        p++;
    }
    return n;
}

typedef struct {
    int n;
    char line[160];
} committee;

static int committee_row(void *ctx, const store_result_set *r)
{
    committee *c = ctx;
    if (strcmp(r->who, "appeals committee") == 0) {
        c->n++;
        snprintf(c->line, sizeof c->line, "%s %s was %s %s", r->result, r->reason, r->was, r->page);
    }
    return 0;
}

static char *stored;
static int keep(void *ctx, int64_t id, const char *state)
{
    (void)ctx;
    if (id == club_id) {
        free(stored);
        stored = strdup(state);
    }
    return 0;
}

/* The arbiter enters a round's 18 results at once: over the default flood limit (20 a second
 * after a burst of 40), which is the server's to enforce (test_ws_limits). */
static const char *const args[] = {"--rate", "1000", "--burst", "1000", NULL};

static void club_event(void)
{
    itest_srv s;
    itest_init(&s, bin);
    CHECK_MSG(itest_start(&s, args) == 0, "server did not start");
    x = wsc_ctx_new();
    connect_all(&s);
    char *r = itest_call(dir, "{\"type\":\"club_create\",\"id\":3,\"name\":\"Chornomorsk 2016\","
                              "\"break_s\":10,\"protest_s\":10,\"wait_s\":0}");
    club_id = jint(r, "club", -1);
    CHECK_MSG(club_id > 0, "created: %s", r ? r : "(none)");
    free(r);
    for (int t = 1; t <= 6; t++) {
        char players[1200];
        size_t n = 0;
        for (int i = 1; i <= 10; i++)
            n += (size_t)snprintf(players + n, sizeof players - n,
                                  "%s{\"id\":%d,\"name\":\"P%d\",\"rating\":%d}", i > 1 ? "," : "",
                                  pid(t, i), pid(t, i), 2300 - 10 * i);
        r = callf(dir,
                  "{\"type\":\"club_team\",\"id\":%d,\"club\":%lld,\"name\":\"Club %d\","
                  "\"players\":[%s],\"captain\":%d}",
                  10 + t, club_id, t, players, pid(t, 1));
        team[t] = jint(r, "team", -1);
        jstr(r, "token", token[t], sizeof token[t]);
        CHECK_MSG(team[t] > 0 && token[t][0], "team %d: %s", t, r ? r : "(none)");
        free(r);
        cap[t] = itest_connect(x, &s, NULL);
        expect(callf(cap[t], "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", token[t]), "authed",
               "captain");
    }
    expect(callf(cap[1], "{\"type\":\"club_start\",\"id\":8,\"club\":%lld}", club_id),
           "unauthorized", "a captain starts");
    expect(callf(dir, "{\"type\":\"club_start\",\"id\":8,\"club\":%lld}", club_id), "ack", "start");

    /* round 1: shifting (team 1 leaves out board 2 and brings reserve 7), team 2 short */
    int t1[6] = {pid(1, 1), pid(1, 3), pid(1, 4), pid(1, 5), pid(1, 6), pid(1, 7)};
    submit(1, 1, t1, 6, "ack");
    int t2[4] = {pid(2, 1), pid(2, 2), pid(2, 3), pid(2, 4)};
    submit(2, 1, t2, 4, "ack");
    int bad_order[3] = {pid(3, 2), pid(3, 1), pid(3, 3)};
    submit(3, 1, bad_order, 3, "board_order");
    int two[2] = {pid(3, 1), pid(3, 2)};
    submit(3, 1, two, 2, "too_few_players");
    submit(3, 2, t1, 0, "wrong_round");
    expect(itest_call(dir, "{\"type\":\"club_lineup\",\"id\":9,\"club\":1,\"round\":\"one\","
                           "\"players\":[]}"),
           "missing_field", "a mistyped round");

    /* the deadline (10 s after the start) starts round 1 by itself */
    bool playing = false;
    for (int i = 0; i < 300 && !playing; i++) {
        r = snapshot();
        playing = r && strstr(r, "\"round\":1,\"status\":\"playing\"");
        free(r);
        if (!playing)
            itest_sleep_ms(100);
    }
    CHECK_MSG(playing, "round 1 started at its deadline");
    submit(4, 1, t2, 0, "too_late");

    /* T-WAIT: the arbiter forfeits board 1 of match 1 (Black absent after the waiting time) */
    result(1, 1, 1, "+-", "ack");
    result(1, 1, 1, "1-0", "already_decided");
    result(1, 1, 2, "2-0", "missing_field");
    play(1, 1);

    /* F-PROTEST: team 6 (away in match 1: Berger 1-6) protests board 2, team 1 board 3 */
    r = callf(dir, "{\"type\":\"club_appeals\",\"id\":12,\"club\":%lld}", club_id);
    char appeals[64] = "";
    jstr(r, "token", appeals, sizeof appeals);
    CHECK_MSG(appeals[0], "appeals token: %s", r ? r : "(none)");
    free(r);
    r = callf(cap[6],
              "{\"type\":\"club_protest\",\"id\":13,\"club\":%lld,\"round\":1,\"match\":1,"
              "\"board\":2,\"text\":\"the clock was stopped late\",\"deposit\":20000}",
              club_id);
    long long p1 = jint(r, "protest", -1);
    CHECK_MSG(p1 == 1, "protest 1: %s", r ? r : "(none)");
    free(r);
    r = callf(cap[1],
              "{\"type\":\"club_protest\",\"id\":13,\"club\":%lld,\"round\":1,\"match\":1,"
              "\"board\":3,\"text\":\"an illegal move\",\"deposit\":20000}",
              club_id);
    long long p2 = jint(r, "protest", -1);
    CHECK_MSG(p2 == 2, "protest 2: %s", r ? r : "(none)");
    free(r);
    expect(callf(cap[2],
                 "{\"type\":\"club_protest\",\"id\":13,\"club\":%lld,\"round\":1,"
                 "\"match\":1,\"board\":2,\"text\":\"x\",\"deposit\":20000}",
                 club_id),
           "not_captain", "a team not in the match");
    expect(callf(dir,
                 "{\"type\":\"club_decide\",\"id\":14,\"club\":%lld,\"token\":\"nope\","
                 "\"protest\":1,\"upheld\":true,\"result\":\"1-0\",\"reason\":\"r\"}",
                 club_id),
           "unauthorized", "a wrong appeals token");
    expect(callf(dir,
                 "{\"type\":\"club_decide\",\"id\":14,\"club\":%lld,\"token\":\"%s\","
                 "\"protest\":1,\"upheld\":true,\"result\":\"1-0\",\"reason\":\"upheld\"}",
                 club_id, appeals),
           "ack", "upheld");
    expect(callf(dir,
                 "{\"type\":\"club_decide\",\"id\":14,\"club\":%lld,\"token\":\"%s\","
                 "\"protest\":2,\"upheld\":false,\"reason\":\"not proven\"}",
                 club_id, appeals),
           "ack", "rejected");
    r = snapshot();
    CHECK_MSG(r && strstr(r, "\"gp\":[2.5,3.5],\"mp\":[0,2]") &&
                  strstr(r, "\"state\":\"rejected\""),
              "match 1 after the protest (3-3 became 2.5-3.5): %s", r ? r : "(none)");
    free(r);

    /* rounds 2-5, each started by the director once the line-ups are in; SIGKILL in round 3 */
    for (int rnd = 2; rnd <= 5; rnd++) {
        int sub[6] = {pid(rnd, 1), pid(rnd, 2), pid(rnd, 3), pid(rnd, 4), pid(rnd, 6), pid(rnd, 8)};
        submit(rnd, rnd, sub, 6, "ack"); /* team rnd: boards 5, 6 to players 6 and 8 */
        expect(callf(dir, "{\"type\":\"club_round_start\",\"id\":15,\"club\":%lld}", club_id),
               "ack", "round start");
        if (rnd == 3) {
            result(3, 1, 1, "1-0", "ack");
            char *before = snapshot();
            CHECK_EQ_INT("killed", 128 + SIGKILL, itest_stop(&s, SIGKILL));
            close_all();
            CHECK_MSG(itest_start(&s, args) == 0, "server did not restart");
            connect_all(&s);
            r = snapshot();
            CHECK_MSG(before && r && strcmp(before, r) == 0,
                      "after SIGKILL the same event:\n%s\n%s", before ? before : "", r ? r : "");
            free(before);
            free(r);
        }
        play(rnd, 1);
    }
    r = snapshot();
    CHECK_MSG(r && strstr(r, "\"status\":\"finished\""), "finished: %.300s", r ? r : "(none)");
    long long got[6] = {0};
    CHECK_EQ_INT("standings", 6, standings_of(r, got, 6));
    free(r);
    r = callf(dir, "{\"type\":\"club_export\",\"id\":16,\"club\":%lld,\"what\":\"trf\"}", club_id);
    CHECK_MSG(r && strstr(r, "XXR 5"), "TRF export: %.200s", r ? r : "(none)");
    free(r);
    close_all();
    wsc_ctx_free(x);
    CHECK_EQ_INT("clean exit", 0, itest_stop(&s, SIGTERM));

    /* the ranking recomputed from the stored state equals the server's */
    store *st = NULL;
    CHECK_EQ_INT("db", BH_OK, store_open(s.db, &st));
    if (st) {
        store_each_state(st, keep, NULL);
        /* the upheld protest is in the result log of round 1 match 1 board 2's game: the
         * arbiter's 1/2-1/2 replaced by the committee's 1-0 */
        committee c1 = {0};
        for (int64_t g = 1; g <= 200; g++)
            store_each_result_set(st, g, committee_row, &c1);
        CHECK_EQ_INT("committee entries", 1, c1.n);
        CHECK_MSG(strcmp(c1.line, "1-0 protest upheld was 1/2-1/2 club page") == 0,
                  "the committee's entry: %s", c1.line);
        store_close(st);
    }
    club *c = NULL;
    int line = 0;
    CHECK_EQ_INT("stored state", BH_OK, stored ? club_load(club_id, stored, 0, &c, &line) : -1);
    rank_table rt;
    if (c && club_rank(c, &rt) == BH_OK) {
        for (int i = 0; i < rt.n; i++)
            CHECK_MSG(club_team_id(c, rt.rows[i].team) == got[i],
                      "place %d: from the store %lld, the server %lld", i + 1,
                      (long long)club_team_id(c, rt.rows[i].team), got[i]);
        rank_table_fini(&rt);
    }
    club_free(c);
    free(stored);
    if (bh_test_failures_)
        itest_dump_log(&s);
    itest_cleanup(&s);
}

static const bh_test_case cases[] = {
    {"club_event", club_event},
};

ITEST_MAIN(cases)
