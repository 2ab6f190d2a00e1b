/* test_ws_tokens.c: tokens do not pile up, over real sockets. A seat has one token
 * (auth_seat_token), so 300 team logins and 50 tournament_get leave the tokens table as it
 * was (counted in the server's own database with sqlite3), hand out the same token every
 * time, and that token still plays; once the game is finished it opens a read-only view.
 * (A token minted per login, 2 per unfinished game for a team, 4 for a director's
 * tournament_get, the old ones valid, would grow it: 300 logins, 6 -> 726 rows.)
 * SPDX-License-Identifier: MIT */
#include <sqlite3.h>

#include "itest.h"

static const char *bin;

/* Replies and pushes may queue behind 300 logins: more frames, longer waits than itest_call. */
static char *call(wsc *c, const char *text)
{
    return itest_call_via(c, text, 400, ITEST_REPLY_MS, wsc_recv);
}

static char *recv_type(wsc *c, const char *type, int ms)
{
    return itest_recv_type_via(c, type, 400, ms, wsc_recv);
}

/* Rows of the tokens table of the server's database (read while it runs: WAL). */
static long long token_rows(const char *db)
{
    sqlite3 *q = NULL;
    sqlite3_stmt *st = NULL;
    long long n = -1;
    if (sqlite3_open_v2(db, &q, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
        sqlite3_prepare_v2(q, "SELECT COUNT(*) FROM tokens", -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        n = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(q);
    return n;
}

/* The token of the first seat in an assign (into out), and that seat. */
static int first_seat(const char *as, char *out, size_t cap)
{
    const char *p = as ? strstr(as, "\"seat\":") : NULL;
    int seat = p ? atoi(p + 7) : -1;
    p = p ? strstr(p, "\"token\":\"") : NULL;
    out[0] = '\0';
    if (p)
        snprintf(out, cap, "%.*s", (int)strcspn(p + 9, "\""), p + 9);
    return seat;
}

static void logins_keep_token_count(void)
{
    itest_srv s;
    itest_init(&s, bin);
    static const char *const extra[] = {"--rate", "100000", "--burst", "100000", NULL};
    CHECK_MSG(itest_start(&s, extra) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    wsc *d = itest_connect(x, &s, NULL);
    free(call(d, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ITEST_ADMIN "\"}"));
    char *r = call(d, "{\"type\":\"tournament_create\",\"id\":2,\"name\":\"Tokens\",\"rounds\":1,"
                      "\"base_ms\":600000}");
    long long tid = jint(r, "tournament", -1);
    free(r);
    char team_tok[2][160], buf[512];
    for (int t = 0; t < 2; t++) {
        snprintf(buf, sizeof buf,
                 "{\"type\":\"team_register\",\"id\":%d,\"tournament\":%lld,\"name\":\"T%d\","
                 "\"players\":[\"c%d\",\"p%d\"]}",
                 3 + t, tid, t, t, t);
        r = call(d, buf);
        jstr(r, "token", team_tok[t], sizeof team_tok[t]);
        free(r);
    }
    snprintf(buf, sizeof buf, "{\"type\":\"tournament_start\",\"id\":5,\"tournament\":%lld}", tid);
    free(call(d, buf));
    long long rows0 = token_rows(s.db);
    CHECK_MSG(rows0 > 0, "tokens table: %lld", rows0);

    /* 300 logins of team 1's connection (each: authed, then an assign of its two seats). */
    wsc *tc = itest_connect(x, &s, NULL);
    char tok0[160] = "", tok[160];
    int seat0 = -1, same = 0;
    long long gid = -1;
    for (int i = 0; i < 300; i++) {
        snprintf(buf, sizeof buf, "{\"type\":\"auth\",\"id\":%d,\"token\":\"%s\"}", 10 + i,
                 team_tok[0]);
        free(call(tc, buf));
        char *as = recv_type(tc, "assign", 5000);
        int seat = first_seat(as, tok, sizeof tok);
        if (i == 0) {
            seat0 = seat;
            snprintf(tok0, sizeof tok0, "%s", tok);
            gid = jint(as, "game", -1);
        }
        same += seat == seat0 && strcmp(tok, tok0) == 0;
        free(as);
    }
    CHECK_EQ_INT("300 logins: the same token every time", 300, same);
    /* 50 director's tournament_get: the same four tokens again. */
    for (int i = 0; i < 50; i++) {
        snprintf(buf, sizeof buf, "{\"type\":\"tournament_get\",\"id\":%d,\"tournament\":%lld}",
                 400 + i, tid);
        free(call(d, buf));
    }
    long long rows1 = token_rows(s.db);
    CHECK_MSG(rows1 == rows0, "tokens: %lld before, %lld after 300 logins + 50 tournament_get",
              rows0, rows1);
    printf("tokens: %lld rows before, %lld after 300 team logins and 50 tournament_get\n", rows0,
           rows1);

    /* The token still plays its seat. */
    wsc *p = itest_connect(x, &s, NULL);
    snprintf(buf, sizeof buf, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", tok0);
    r = call(p, buf);
    CHECK_MSG(r && strstr(r, "\"role\":\"player\""), "the seat's token: %s", r ? r : "(none)");
    free(r);

    /* The director ends the game: the token opens a read-only view. */
    snprintf(
        buf, sizeof buf,
        "{\"type\":\"game_result\",\"id\":6,\"game\":%lld,\"result\":\"1-0\",\"reason\":\"test\"}",
        gid);
    r = call(d, buf);
    CHECK_MSG(r && !strstr(r, "\"error\""), "game_result: %s", r ? r : "(none)");
    free(r);
    wsc *v = itest_connect(x, &s, NULL);
    snprintf(buf, sizeof buf, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", tok0);
    r = call(v, buf);
    CHECK_MSG(r && strstr(r, "\"role\":\"spectator\""), "a finished game's token: %s",
              r ? r : "(none)");
    free(r);
    snprintf(buf, sizeof buf, "{\"type\":\"join\",\"id\":2,\"game\":%lld}", gid);
    r = call(v, buf);
    CHECK_MSG(r && strstr(r, "\"role\":\"spectator\"") && strstr(r, "\"status\":\"finished\""),
              "read-only state: %.200s", r ? r : "(none)");
    free(r);
    snprintf(buf, sizeof buf, "{\"type\":\"chat\",\"id\":3,\"game\":%lld,\"text\":\"gg\"}", gid);
    r = call(v, buf);
    CHECK_MSG(r && strstr(r, "\"type\":\"error\""), "a read-only view cannot chat: %s",
              r ? r : "(none)");
    free(r);
    (void)seat0;
    wsc_free(v);
    wsc_free(p);
    wsc_free(tc);
    wsc_free(d);
    wsc_ctx_free(x);
    ITEST_FINISH(&s);
}

static const bh_test_case cases[] = {
    {"logins_keep_token_count", logins_keep_token_count},
};

ITEST_MAIN(cases)
