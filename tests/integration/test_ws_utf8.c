/* test_ws_utf8.c: valid UTF-8, always, over real sockets. Every string field
 * at its limit, with 2-, 3- and 4-byte characters (tournament, team and player names 64 bytes,
 * a chat line 500, a director's reason 23), comes back whole in join/state, live,
 * tournament_get, assign, chat, result and the BPGN and TRF exports, also after a restart
 * (the store and the TRF state); one byte more is too_large naming the field, never cut; a bad
 * byte is bad_text naming the field and the connection keeps working. Every frame the server
 * sends in this test is checked with glibc's iconv decoder (strict: it refuses what browsers
 * and node's ws refuse), not with the server's own validator. SPDX-License-Identifier: MIT */
#include <cjson/cJSON.h>
#include <errno.h>
#include <iconv.h>

#include "itest.h"

static const char *bin;
static long frames_checked;

/* s is well-formed UTF-8 by glibc's decoder. */
static bool strict_utf8(const char *s, size_t n)
{
    iconv_t cd = iconv_open("UTF-32LE", "UTF-8");
    if (cd == (iconv_t)-1)
        return false;
    bool ok = true;
    char *in = (char *)s, out[4096];
    size_t il = n;
    while (ok && il > 0) {
        char *o = out;
        size_t ol = sizeof out;
        if (iconv(cd, &in, &il, &o, &ol) == (size_t)-1 && errno != E2BIG)
            ok = false;
    }
    iconv_close(cd);
    return ok;
}

/* The next frame of c, checked; NULL on timeout. */
static char *recv_checked(wsc *c, int ms)
{
    char *s = wsc_recv(c, ms);
    if (s) {
        frames_checked++;
        CHECK_MSG(strict_utf8(s, strlen(s)), "a frame is not valid UTF-8: %.120s", s);
    }
    return s;
}

/* Send text; return the reply with its id, checking every frame read on the way. */
static char *call(wsc *c, const char *text)
{
    return itest_call_via(c, text, 300, ITEST_REPLY_MS, recv_checked);
}

/* The next frame of c of type (others checked and dropped). */
static char *recv_type(wsc *c, const char *type, int ms)
{
    return itest_recv_type_via(c, type, 300, ms, recv_checked);
}

/* Check every frame waiting on c. */
static void drain(wsc_ctx *x, wsc *c)
{
    wsc_pump(x, 50);
    char *s;
    while ((s = recv_checked(c, 0)) != NULL)
        free(s);
}

/* A string of exactly bytes bytes: unit repeated while it fits, then ASCII pad. */
static void at_limit(char *out, const char *unit, size_t bytes, char pad)
{
    out[0] = '\0';
    while (strlen(out) + strlen(unit) <= bytes)
        strcat(out, unit);
    size_t n = strlen(out);
    memset(out + n, pad, bytes - n);
    out[bytes] = '\0';
}

/* The names of the test: a field each, distinct, 64 bytes (protocol/README.md "Strings"). */
enum { N_TOUR, N_T1, N_T1C, N_T1P, N_T2, N_T2C, N_T2P, N_COUNT };
static char names[N_COUNT][80];

/* Characters of 2, 3 and 4 bytes, two of each so that the names differ. */
static const char *const units[2][3] = {
    {"\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80"}, /* U+00E9, U+20AC, U+1F600 */
    {"\xD0\xB6", "\xE4\xB8\xAD", "\xF0\x9F\x82\xA1"}, /* U+0436, U+4E2D, U+1F0A1 */
};

/* Field i gets characters of 2 + (i + rot) % 3 bytes: over rot = 0, 1, 2 every field is at
 * its limit with each width. */
static const char *unit_of(int i, int rot)
{
    return units[i % 2][(i + rot) % 3];
}

static void make_names(int rot)
{
    for (int i = 0; i < N_COUNT; i++)
        at_limit(names[i], unit_of(i, rot), 64, (char)('a' + i));
}

static bool has(const char *frame, const char *s)
{
    return frame && strstr(frame, s);
}

static wsc *director(wsc_ctx *x, const itest_srv *s)
{
    wsc *d = itest_connect(x, s, NULL);
    char *r = d ? call(d, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ITEST_ADMIN "\"}") : NULL;
    CHECK_MSG(has(r, "\"role\":\"director\""), "no director: %s", r ? r : "(none)");
    free(r);
    return d;
}

/* The reply's error code, or "" (and the field into field). */
static const char *err_of(const char *r, char code[32], char field[32])
{
    jstr(r, "field", field, 32);
    return ecode(r, code);
}

/* Over the limit and bad text: refused with the field named; the connection goes on. */
static void refusals(wsc *d)
{
    char big[80], t[5][512], code[32], field[32];
    at_limit(big, "\xC3\xA9", 64, 'x');
    strcat(big, "y"); /* 65 bytes */
    snprintf(t[0], sizeof t[0], "{\"type\":\"tournament_create\",\"id\":100,\"name\":\"%s\"}", big);
    snprintf(t[1], sizeof t[1],
             "{\"type\":\"game_create\",\"id\":101,\"base_ms\":60000,"
             "\"players\":[\"a\",\"b\",\"c\",\"%s\"]}",
             big);
    snprintf(t[2], sizeof t[2], "{\"type\":\"tournament_create\",\"id\":102,\"name\":\"ab\xC3\"}");
    snprintf(t[3], sizeof t[3],
             "{\"type\":\"game_create\",\"id\":103,\"base_ms\":60000,"
             "\"players\":[\"a\",\"b\",\"\xED\xA0\x80\",\"d\"]}");
    snprintf(t[4], sizeof t[4], "{\"type\":\"tournament_create\",\"id\":104,\"name\":\"a\\nb\"}");
    static const struct {
        const char *what, *code, *field;
    } want[] = {
        {"tournament name 65 bytes", "too_large", "name"},
        {"player 65 bytes", "too_large", "players"},
        {"a cut character", "bad_text", "name"},
        {"a surrogate in a player", "bad_text", "players"},
        {"a line feed in a name", "bad_text", "name"},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(want); i++) {
        char *r = call(d, t[i]);
        CHECK_EQ_STR(want[i].what, want[i].code, err_of(r, code, field));
        CHECK_EQ_STR(want[i].what, want[i].field, field);
        free(r);
    }
    /* Text fields that are not free text: a 128-byte token and a 15-byte move of multi-byte
     * characters are read whole (neither too_large nor bad_text) and refused for what they
     * say (no such token; the director holds no seat). */
    char tok[160], mv[32], msg[512];
    at_limit(tok, "\xE2\x82\xAC", 128, 't');
    snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":110,\"token\":\"%s\"}", tok);
    char *r = call(d, msg);
    CHECK_EQ_STR("a 128-byte token of U+20AC", "unauthorized", err_of(r, code, field));
    free(r);
    /* (an unknown token changes nothing: this connection is still the director's) */
    at_limit(mv, "\xC3\xA9", 15, 'm');
    snprintf(msg, sizeof msg,
             "{\"type\":\"move\",\"id\":111,\"game\":1,\"board\":\"A\",\"ply\":0,\"move\":\"%s\"}",
             mv);
    r = call(d, msg);
    CHECK_MSG(strcmp(err_of(r, code, field), "") != 0 && strcmp(code, "bad_text") != 0 &&
                  strcmp(code, "too_large") != 0,
              "a 15-byte move of U+00E9: %s", r ? r : "(none)");
    free(r);
    r = call(d, "{\"type\":\"ping\",\"id\":120}");
    CHECK_MSG(has(r, "\"type\":\"pong\""), "the connection stopped working after bad text");
    free(r);
}

/* Names whole in a frame: each listed name appears byte for byte. */
static void whole(const char *what, const char *frame, const int *which, int n)
{
    for (int i = 0; i < n; i++)
        CHECK_MSG(has(frame, names[which[i]]), "%s: name %d is not whole in %.200s", what, which[i],
                  frame ? frame : "(none)");
}

static void at_limit_everywhere(int rot)
{
    make_names(rot);
    frames_checked = 0;
    itest_srv s;
    itest_init(&s, bin);
    CHECK_MSG(itest_start(&s, NULL) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    wsc *d = director(x, &s);
    refusals(d);
    char buf[2048], tmp[256];

    /* A tournament of two teams, every name 64 bytes. */
    snprintf(
        buf, sizeof buf,
        "{\"type\":\"tournament_create\",\"id\":2,\"name\":\"%s\",\"rounds\":1,\"base_ms\":600000}",
        names[N_TOUR]);
    char *r = call(d, buf);
    long long tid = jint(r, "tournament", -1);
    CHECK_MSG(tid > 0, "tournament_create: %s", r ? r : "(none)");
    free(r);
    char team_tok[2][160];
    for (int t = 0; t < 2; t++) {
        int base = t ? N_T2 : N_T1;
        snprintf(buf, sizeof buf,
                 "{\"type\":\"team_register\",\"id\":%d,\"tournament\":%lld,\"name\":\"%s\","
                 "\"players\":[\"%s\",\"%s\"]}",
                 3 + t, tid, names[base], names[base + 1], names[base + 2]);
        r = call(d, buf);
        jstr(r, "token", team_tok[t], sizeof team_tok[t]);
        CHECK_MSG(strlen(team_tok[t]) >= 16, "team %d: %s", t, r ? r : "(none)");
        free(r);
    }
    snprintf(buf, sizeof buf, "{\"type\":\"tournament_start\",\"id\":5,\"tournament\":%lld}", tid);
    r = call(d, buf);
    static const int all[] = {N_TOUR, N_T1, N_T1C, N_T1P, N_T2, N_T2C, N_T2P};
    whole("tournament_start reply", r, all, 7);
    free(r);

    /* Team 1's connection: assign with its seats' tokens and names. */
    wsc *tc = itest_connect(x, &s, NULL);
    snprintf(buf, sizeof buf, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", team_tok[0]);
    free(call(tc, buf));
    char *as = recv_type(tc, "assign", 3000);
    static const int t1[] = {N_T1C, N_T1P};
    whole("assign", as, t1, 2);
    long long gid = jint(as, "game", -1);
    cJSON *ao = as ? cJSON_Parse(as) : NULL;
    const cJSON *seat0 =
        ao ? cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(ao, "seats"), 0) : NULL;
    const cJSON *tok = seat0 ? cJSON_GetObjectItemCaseSensitive(seat0, "token") : NULL;
    int seat = seat0 ? cJSON_GetObjectItemCaseSensitive(seat0, "seat")->valueint : -1;
    char seat_tok[160] = "";
    if (cJSON_IsString(tok))
        snprintf(seat_tok, sizeof seat_tok, "%s", tok->valuestring);
    cJSON_Delete(ao);
    free(as);
    CHECK_MSG(gid > 0 && seat_tok[0], "no game or seat token in assign");

    /* The player joins: state with the four names whole. */
    wsc *p = itest_connect(x, &s, NULL);
    snprintf(buf, sizeof buf, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", seat_tok);
    free(call(p, buf));
    snprintf(buf, sizeof buf, "{\"type\":\"join\",\"id\":2,\"game\":%lld}", gid);
    r = call(p, buf);
    static const int players[] = {N_T1C, N_T1P, N_T2C, N_T2P};
    whole("state", r, players, 4);
    free(r);

    /* A chat line at 500 bytes (3-byte characters): ack, and whole in the next state. */
    char line[520];
    at_limit(line, unit_of(N_COUNT, rot), 500, 'z');
    snprintf(buf, sizeof buf, "{\"type\":\"chat\",\"id\":3,\"game\":%lld,\"text\":\"%s\"}", gid,
             line);
    r = call(p, buf);
    CHECK_MSG(has(r, "\"type\":\"ack\""), "chat at 500 bytes: %s", r ? r : "(none)");
    free(r);
    snprintf(buf, sizeof buf, "{\"type\":\"chat\",\"id\":4,\"game\":%lld,\"text\":\"%sz\"}", gid,
             line);
    r = call(p, buf);
    CHECK_EQ_STR("chat at 501 bytes", "too_large", err_of(r, tmp, tmp + 64));
    free(r);
    snprintf(buf, sizeof buf, "{\"type\":\"join\",\"id\":5,\"game\":%lld}", gid);
    r = call(p, buf);
    CHECK_MSG(has(r, line), "the chat line is not whole in the state");
    free(r);

    /* live (anyone): team names and players whole. */
    wsc *spec = itest_connect(x, &s, NULL);
    r = call(spec, "{\"type\":\"live\",\"id\":6}");
    static const int live[] = {N_T1, N_T2, N_T1C, N_T1P, N_T2C, N_T2P};
    whole("live", r, live, 6);
    free(r);
    snprintf(buf, sizeof buf, "{\"type\":\"tournament_get\",\"id\":7,\"tournament\":%lld}", tid);
    r = call(spec, buf);
    whole("tournament_get", r, all, 7);
    free(r);

    /* The director adjudicates with a 23-byte reason of 2-byte characters. */
    char reason[32];
    at_limit(reason, unit_of(N_COUNT + 1, rot), 23, 'r');
    snprintf(
        buf, sizeof buf,
        "{\"type\":\"game_result\",\"id\":8,\"game\":%lld,\"result\":\"1-0\",\"reason\":\"%s\"}",
        gid, reason);
    r = call(d, buf);
    CHECK_MSG(has(r, "\"type\":\"ack\""), "game_result: %s", r ? r : "(none)");
    free(r);
    r = recv_type(p, "result", 3000);
    CHECK_MSG(has(r, reason), "the reason is not whole in result: %s", r ? r : "(none)");
    free(r);
    snprintf(buf, sizeof buf, "{\"type\":\"export\",\"id\":9,\"format\":\"bpgn\",\"game\":%lld}",
             gid);
    r = call(d, buf);
    whole("BPGN", r, players, 4);
    CHECK_MSG(has(r, reason), "the reason is not whole in the BPGN");
    free(r);
    snprintf(buf, sizeof buf,
             "{\"type\":\"export\",\"id\":10,\"format\":\"trf\",\"tournament\":%lld}", tid);
    r = call(d, buf);
    whole("TRF", r, all, 7);
    free(r);

    /* A single game whose four players are at the limit. */
    snprintf(buf, sizeof buf,
             "{\"type\":\"game_create\",\"id\":11,\"base_ms\":60000,\"players\":[\"%s\",\"%s\",\"%"
             "s\",\"%s\"]}",
             names[N_T2P], names[N_T1P], names[N_T2C], names[N_T1C]);
    r = call(d, buf);
    long long g2 = jint(r, "game", -1);
    free(r);
    snprintf(buf, sizeof buf, "{\"type\":\"join\",\"id\":12,\"game\":%lld}", g2);
    r = call(spec, buf);
    whole("single game state", r, players, 4);
    free(r);
    drain(x, d);
    drain(x, tc);
    drain(x, p);
    drain(x, spec);
    wsc_free(spec);
    wsc_free(p);
    wsc_free(tc);
    wsc_free(d);

    /* A restart: the names come back whole from the store and the stored TRF state. */
    CHECK_EQ_INT("clean stop", 0, itest_stop(&s, SIGTERM));
    CHECK_MSG(itest_start(&s, NULL) == 0, "server did not restart");
    d = director(x, &s);
    snprintf(buf, sizeof buf, "{\"type\":\"tournament_get\",\"id\":13,\"tournament\":%lld}", tid);
    r = call(d, buf);
    whole("tournament_get after a restart", r, all, 7);
    free(r);
    snprintf(buf, sizeof buf, "{\"type\":\"join\",\"id\":14,\"game\":%lld}", gid);
    r = call(d, buf);
    whole("state after a restart", r, players, 4);
    CHECK_MSG(has(r, line), "the chat line is not whole after a restart");
    free(r);
    drain(x, d);
    wsc_free(d);
    CHECK_MSG(frames_checked > 30, "only %ld frames checked", frames_checked);
    (void)seat;
    wsc_ctx_free(x);
    ITEST_FINISH(&s);
}

static void at_limit_rot0(void)
{
    at_limit_everywhere(0);
}

static void at_limit_rot1(void)
{
    at_limit_everywhere(1);
}

static void at_limit_rot2(void)
{
    at_limit_everywhere(2);
}

static const bh_test_case cases[] = {
    {"at_limit_rot0", at_limit_rot0},
    {"at_limit_rot1", at_limit_rot1},
    {"at_limit_rot2", at_limit_rot2},
};

ITEST_MAIN(cases)
