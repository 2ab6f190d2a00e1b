/* test_ws_league_hostile.c: the league of seed 003 attacked over real sockets as a
 * hostile client would (the brief: bad input never crashes the server and never corrupts
 * state). Every attack gets a typed error naming its field (and, for a refusal by the
 * league's rules, the rule: F-CHALLENGE, F-GROUPS, F-TEAMRATING, F-KNOCKOUT), the
 * connection keeps working, and the league's snapshot (league_get without its server_ms) is
 * the same before and after each batch of attacks and after a kill -9 and a restart.
 * Malformed JSON, invalid UTF-8, frames over the 8 KiB limit, wrong types, numbers out of
 * range (negative, 2^53, 1e400, "NaN"), unknown leagues, tokens of another league, another
 * player's, the director's, acts out of turn or for another seat, accepting one's own
 * challenge, a counter after the accept, a substitute not on the roster or while no
 * lapse allows it, a non-director's extend, results for games not created (a later stage, a
 * board or match beyond the league's), a lot when none is due, league_start and
 * league_stage_start at the wrong time, league_team after the start, rosters and names at and
 * one byte over their limits in 2-, 3- and 4-byte UTF-8, league_notices with a negative or
 * huge since, a flood of league_get (the per-connection budget bounds it: rate_limited).
 * SPDX-License-Identifier: MIT */
#include <cjson/cJSON.h>
#include <stdarg.h>

#include "itest.h"
#include "now.h"

static const char *bin;
static int next_id = 1000;

#define NT 4
#define NB 2

static char tok[NT * 10 + 20][40];  /* league A's tokens by player id (team t: 10t+1..10t+3) */
static char tokb[NT * 10 + 20][40]; /* league B's (the same player ids) */

/* A message (fmt goes on after "{\"id\":N,") and its reply (NULL on timeout). */
__attribute__((format(printf, 2, 3))) static char *call(wsc *c, const char *fmt, ...)
{
    static char body[20000], json[20100];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(body, sizeof body, fmt, ap);
    va_end(ap);
    snprintf(json, sizeof json, "{\"id\":%d,%s", next_id++, body);
    return itest_call_via(c, json, 400, 8000, wsc_recv);
}

/* The reply must be an error with code `code` (bh_errname) naming `field` (NULL: any
 * non-empty field; "" none needed) and, when rule is given, that rule. */
static void want_err(int line, const char *r, int code, const char *field, const char *rule)
{
    cJSON *o = r ? cJSON_Parse(r) : NULL;
    const char *t = cJSON_GetStringValue(cJSON_GetObjectItem(o, "type"));
    const char *c = cJSON_GetStringValue(cJSON_GetObjectItem(o, "code"));
    const char *f = cJSON_GetStringValue(cJSON_GetObjectItem(o, "field"));
    const char *ru = cJSON_GetStringValue(cJSON_GetObjectItem(o, "rule"));
    bool ok = t && strcmp(t, "error") == 0 && c && strcmp(c, bh_errname(code)) == 0;
    if (field && field[0])
        ok = ok && f && strcmp(f, field) == 0;
    else if (!field)
        ok = ok && f && f[0];
    if (rule)
        ok = ok && ru && strcmp(ru, rule) == 0;
    CHECK_MSG(ok, "line %d: want %s field %s rule %s, got %s", line, bh_errname(code),
              field ? field : "(any)", rule ? rule : "(any)", r ? r : "(no reply)");
    cJSON_Delete(o);
}

#define ERR(c, code, field, rule, ...)                                                             \
    do {                                                                                           \
        char *r_ = call((c), __VA_ARGS__);                                                         \
        want_err(__LINE__, r_, (code), (field), (rule));                                           \
        free(r_);                                                                                  \
    } while (0)

#define OK(c, want, ...)                                                                           \
    do {                                                                                           \
        char *r_ = call((c), __VA_ARGS__);                                                         \
        char t_[32];                                                                               \
        CHECK_MSG(r_ &&strcmp(jstr(r_, "type", t_, sizeof t_), (want)) == 0, "line %d: %s",        \
                  __LINE__, r_ ? r_ : "(none)");                                                   \
        free(r_);                                                                                  \
    } while (0)

/* The raw frame text (no id added) and the error it must get. */
static void raw_err(int line, wsc *c, const char *text, int code, const char *field)
{
    CHECK_MSG(wsc_send(c, text) == 0, "line %d: send", line);
    char *r = wsc_recv_type(c, "error", 5000);
    want_err(line, r, code, field, NULL);
    free(r);
}

/* The snapshot of league L without what moves by itself (server_ms, the reply's id). */
static char *snap(wsc *c, long long L)
{
    char *r = call(c, "\"type\":\"league_get\",\"league\":%lld}", L);
    cJSON *o = r ? cJSON_Parse(r) : NULL;
    free(r);
    if (!o)
        return NULL;
    cJSON_DeleteItemFromObject(o, "server_ms");
    cJSON_DeleteItemFromObject(o, "id");
    char *s = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    return s;
}

static void same_snap(int line, wsc *c, long long L, const char *before)
{
    char *now = snap(c, L);
    CHECK_MSG(before && now && strcmp(before, now) == 0, "line %d: state changed:\n%s\n%s", line,
              before ? before : "(none)", now ? now : "(none)");
    free(now);
}

/* The connection still answers. */
static void alive(int line, wsc *c)
{
    char *r = call(c, "\"type\":\"ping\"}");
    char t[32];
    CHECK_MSG(r && strcmp(jstr(r, "type", t, sizeof t), "pong") == 0, "line %d: ping: %s", line,
              r ? r : "(none)");
    free(r);
}

static long long create(wsc *dir, const char *name)
{
    char *r = call(dir,
                   "\"type\":\"league_create\",\"name\":\"%s\",\"teams\":%d,\"groups\":2,"
                   "\"boards\":%d,\"first_valid_ms\":600000,\"second_valid_ms\":600000,"
                   "\"wait_s\":60}",
                   name, NT, NB);
    long long L = jint(r, "league", -1);
    CHECK_MSG(L > 0, "create %s: %s", name, r ? r : "(none)");
    free(r);
    return L;
}

/* Team t of league L: players 10t+1..10t+3 rated 2400-20t-3i, captain 10t+1; tokens. */
static void team(wsc *dir, long long L, int t, char (*tv)[40])
{
    char pl[512];
    size_t n = 0;
    for (int i = 1; i <= 3; i++)
        n += (size_t)snprintf(pl + n, sizeof pl - n, "%s{\"id\":%d,\"name\":\"P%d\",\"rating\":%d}",
                              i > 1 ? "," : "", t * 10 + i, t * 10 + i, 2400 - 20 * t - 3 * i);
    char *r = call(dir,
                   "\"type\":\"league_team\",\"league\":%lld,\"name\":\"Team %d\","
                   "\"captain\":%d,\"players\":[%s]}",
                   L, t, t * 10 + 1, pl);
    for (int i = 1; i <= 3; i++) {
        char k[32];
        snprintf(k, sizeof k, "\"player\":%d,", t * 10 + i);
        jstr(r ? strstr(r, k) : NULL, "token", tv[t * 10 + i], sizeof tv[0]);
        CHECK_MSG(tv[t * 10 + i][0], "team %d player %d: no token in %s", t, i, r ? r : "");
    }
    free(r);
}

/* A string of n copies of the UTF-8 character ch then pad ASCII bytes 'a'. */
static const char *utf8_name(char *out, const char *ch, int n, int pad)
{
    size_t k = 0, w = strlen(ch);
    for (int i = 0; i < n; i++, k += w)
        memcpy(out + k, ch, w);
    for (int i = 0; i < pad; i++)
        out[k++] = 'a';
    out[k] = '\0';
    return out;
}

/* Group match 1's game on board b: its sender and answerer, from the snapshot. */
static void sides(wsc *c, long long L, int b, int *sender, int *other, int *sub_of_other)
{
    char *r = call(c, "\"type\":\"league_get\",\"league\":%lld}", L);
    cJSON *o = r ? cJSON_Parse(r) : NULL;
    free(r);
    const cJSON *m = cJSON_GetArrayItem(cJSON_GetObjectItem(o, "fixtures"), 0), *g;
    *sender = *other = *sub_of_other = 0;
    cJSON_ArrayForEach(g, cJSON_GetObjectItem(m, "games"))
    {
        if ((int)cJSON_GetNumberValue(cJSON_GetObjectItem(g, "board")) != b)
            continue;
        bool w = strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(g, "sender")), "white") == 0;
        *sender = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(g, w ? "white" : "black"));
        *other = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(g, w ? "black" : "white"));
    }
    *sub_of_other = *other / 10 * 10 + 3; /* the reserve (rated lowest) of the answerer's team */
    cJSON_Delete(o);
}

#define SEND(c, L, token, b, extra)                                                                \
    "\"type\":\"league_send\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,\"match\":1,"           \
    "\"board\":%d" extra "}",                                                                      \
        (L), (token), (b)

static void league_hostile(void)
{
    itest_srv s;
    itest_init(&s, bin);
    CHECK_MSG(itest_start(&s, NULL) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    /* pc carries the players' league tokens (any connection may); it is a director's
     * connection only for the director's message budget (anon has the default 20/s, burst
     * 40, and sends fewer) */
    wsc *dir = itest_connect(x, &s, NULL), *pc = itest_connect(x, &s, NULL);
    wsc *anon = itest_connect(x, &s, NULL);
    OK(dir, "authed", "\"type\":\"auth\",\"token\":\"%s\"}", ITEST_ADMIN);
    OK(pc, "authed", "\"type\":\"auth\",\"token\":\"%s\"}", ITEST_ADMIN);
    long long L = create(dir, "Hostile A"), LB = create(dir, "Hostile B");
    char nm[256];

    /* ---- before the start: the registration ---- */
    char *s0 = snap(dir, L);
    ERR(dir, BH_ENOTFOUND, "league", NULL, "\"type\":\"league_get\",\"league\":999999}");
    ERR(dir, BH_ENOTFOUND, "league", NULL,
        "\"type\":\"league_start\",\"league\":9007199254740991}");
    ERR(dir, BH_EFIELD, "league", NULL, "\"type\":\"league_get\",\"league\":9007199254740992}");
    ERR(dir, BH_EFIELD, "league", NULL, "\"type\":\"league_get\",\"league\":-1}");
    ERR(dir, BH_EFIELD, "league", NULL, "\"type\":\"league_get\",\"league\":\"NaN\"}");
    ERR(dir, BH_EFIELD, "league", NULL, "\"type\":\"league_get\",\"league\":1e400}");
    ERR(dir, BH_EFIELD, "league", NULL, "\"type\":\"league_get\",\"league\":null}");
    ERR(dir, BH_EFIELD, "league", NULL, "\"type\":\"league_get\",\"league\":[1]}");
    ERR(dir, BH_EFIELD, "league", NULL, "\"type\":\"league_get\",\"league\":1.5}");
    /* a roster of 33 (PLEAGUE_PLAYERS_MAX 32) */
    {
        static char pl[8000];
        size_t n = 0;
        for (int i = 0; i < 33; i++)
            n += (size_t)snprintf(pl + n, sizeof pl - n, "%s{\"id\":%d,\"name\":\"X%d\"}",
                                  i ? "," : "", 500 + i, i);
        ERR(dir, BH_ELIMIT, "players", NULL,
            "\"type\":\"league_team\",\"league\":%lld,\"name\":\"Big\",\"captain\":500,"
            "\"players\":[%s]}",
            L, pl);
    }
    /* names one byte over PLEAGUE_PNAME_MAX (47) in 2-, 3- and 4-byte UTF-8; a character cut at
     * the limit; a team name over PROTO_NAME_MAX (64) */
    static const struct {
        const char *ch;
        int n, pad, code;
    } over[] = {{"\xc3\xa9", 24, 0, BH_ELIMIT},          /* é x24 = 48 bytes */
                {"\xe2\x82\xac", 16, 0, BH_ELIMIT},      /* € x16 = 48 */
                {"\xf0\x9f\x98\x80", 12, 0, BH_ELIMIT},  /* U+1F600 x12 = 48 */
                {"\xf0\x9f\x98\x80", 11, 4, BH_ELIMIT}}; /* 44 + 4 = 48 */
    for (size_t i = 0; i < BH_ARRAY_LEN(over); i++)
        ERR(dir, over[i].code, "name", NULL,
            "\"type\":\"league_team\",\"league\":%lld,\"name\":\"T\",\"captain\":1,"
            "\"players\":[{\"id\":1,\"name\":\"%s\"}]}",
            L, utf8_name(nm, over[i].ch, over[i].n, over[i].pad));
    /* 46 bytes then the first byte of a 2-byte character: invalid UTF-8, not a cut name */
    utf8_name(nm, "\xc3\xa9", 23, 0);
    strcat(nm, "\xc3");
    ERR(dir, BH_ETEXT, "", NULL,
        "\"type\":\"league_team\",\"league\":%lld,\"name\":\"T\",\"captain\":1,"
        "\"players\":[{\"id\":1,\"name\":\"%s\"}]}",
        L, nm);
    ERR(dir, BH_ELIMIT, "name", NULL,
        "\"type\":\"league_team\",\"league\":%lld,\"name\":\"%s\",\"captain\":1,"
        "\"players\":[{\"id\":1,\"name\":\"a\"}]}",
        L, utf8_name(nm, "\xe2\x82\xac", 21, 2)); /* 65 bytes */
    ERR(dir, BH_ETEXT, "name", NULL,
        "\"type\":\"league_team\",\"league\":%lld,\"name\":\"T\\u0007\",\"captain\":1,"
        "\"players\":[{\"id\":1,\"name\":\"a\"}]}",
        L);
    /* the rules of a roster: the captain on it, each player once, not in another team */
    ERR(dir, BH_ENOTFOUND, "captain", NULL,
        "\"type\":\"league_team\",\"league\":%lld,\"name\":\"T\",\"captain\":2,"
        "\"players\":[{\"id\":1,\"name\":\"a\",\"rating\":2000}]}",
        L);
    char *r = call(dir,
                   "\"type\":\"league_team\",\"league\":%lld,\"name\":\"T\",\"captain\":1,"
                   "\"players\":[{\"id\":1,\"name\":\"a\",\"rating\":2000},"
                   "{\"id\":1,\"name\":\"b\",\"rating\":2100}]}",
                   L);
    want_err(__LINE__, r, BH_EEXIST, "players", NULL);
    free(r);
    /* the wrong time: nothing to start, no stage, no lot, no game */
    ERR(dir, BH_EINVAL, "teams", "F-GROUPS", "\"type\":\"league_start\",\"league\":%lld}", L);
    ERR(dir, BH_ESTATE, "tournament", NULL, "\"type\":\"league_stage_start\",\"league\":%lld}", L);
    ERR(dir, BH_ESTATE, "tournament", NULL,
        "\"type\":\"league_lot\",\"league\":%lld,\"match\":5,\"winner\":1}", L);
    ERR(dir, BH_ESTATE, "tournament", "F-CHALLENGE",
        "\"type\":\"league_result\",\"league\":%lld,\"stage\":1,\"match\":1,\"board\":1,"
        "\"result\":\"1-0\"}",
        L);
    ERR(dir, BH_ESTATE, "tournament", "F-CHALLENGE",
        "\"type\":\"league_extend\",\"league\":%lld,\"stage\":1,\"match\":1,\"board\":1,"
        "\"deadline_ms\":253402300799999}",
        L);
    same_snap(__LINE__, dir, L, s0);
    free(s0);
    alive(__LINE__, dir);

    /* names at the limit are taken whole: league B's team 1 (47 bytes in 2-, 3-, 4-byte) */
    {
        char n1[64], n2[64], n3[64], pl[512];
        snprintf(pl, sizeof pl,
                 "{\"id\":11,\"name\":\"%s\",\"rating\":2300},{\"id\":12,\"name\":\"%s\","
                 "\"rating\":2290},{\"id\":13,\"name\":\"%s\",\"rating\":2280}",
                 utf8_name(n1, "\xc3\xa9", 23, 1), utf8_name(n2, "\xe2\x82\xac", 15, 2),
                 utf8_name(n3, "\xf0\x9f\x98\x80", 11, 3));
        r = call(dir,
                 "\"type\":\"league_team\",\"league\":%lld,\"name\":\"%s\",\"captain\":11,"
                 "\"players\":[%s]}",
                 LB, utf8_name(nm, "\xf0\x9f\x98\x80", 16, 0), pl); /* team name 64 bytes */
        char t[32];
        CHECK_MSG(r && strcmp(jstr(r, "type", t, sizeof t), "created") == 0, "at the limit: %s",
                  r ? r : "(none)");
        for (int i = 1; i <= 3; i++) {
            char k[32];
            snprintf(k, sizeof k, "\"player\":%d,", 10 + i);
            jstr(r ? strstr(r, k) : NULL, "token", tokb[10 + i], sizeof tokb[0]);
        }
        free(r);
        r = call(dir, "\"type\":\"league_get\",\"league\":%lld}", LB);
        CHECK_MSG(r && strstr(r, n1) && strstr(r, n2) && strstr(r, n3) && strstr(r, nm),
                  "the names at the limit kept whole: %s", r ? r : "(none)");
        free(r);
    }

    for (int t = 1; t <= NT; t++)
        team(dir, L, t, tok);
    /* a fifth team of four; a player already in another team of the league (B) */
    ERR(dir, BH_ELIMIT, "teams", "F-GROUPS",
        "\"type\":\"league_team\",\"league\":%lld,\"name\":\"Extra\",\"captain\":91,"
        "\"players\":[{\"id\":91,\"name\":\"a\",\"rating\":2000}]}",
        L);
    char *sb = snap(dir, LB);
    ERR(dir, BH_EEXIST, "players", NULL,
        "\"type\":\"league_team\",\"league\":%lld,\"name\":\"Extra\",\"captain\":11,"
        "\"players\":[{\"id\":11,\"name\":\"a\",\"rating\":2000}]}",
        LB);
    same_snap(__LINE__, dir, LB, sb);
    free(sb);
    OK(dir, "ack", "\"type\":\"league_start\",\"league\":%lld}", L);

    /* ---- running: the groups ---- */
    int snd, ans, sub;
    sides(dir, L, 1, &snd, &ans, &sub);
    CHECK_MSG(snd && ans, "match 1 board 1: sender %d answerer %d", snd, ans);
    s0 = snap(dir, L);
    ERR(dir, BH_ESTATE, NULL, NULL, "\"type\":\"league_start\",\"league\":%lld}", L);
    ERR(dir, BH_ESTATE, NULL, NULL, "\"type\":\"league_stage_start\",\"league\":%lld}", L);
    ERR(dir, BH_ESTATE, NULL, NULL,
        "\"type\":\"league_team\",\"league\":%lld,\"name\":\"Late\",\"captain\":91,"
        "\"players\":[{\"id\":91,\"name\":\"a\",\"rating\":2000}]}",
        L);
    ERR(dir, BH_ESTATE, NULL, NULL,
        "\"type\":\"league_lot\",\"league\":%lld,\"match\":5,\"winner\":1}", L);
    /* tokens: none, another league's (same player id), a made-up one, the admin's */
    ERR(pc, BH_EAUTH, "token", NULL, SEND(pc, L, "nope", 1, ""));
    ERR(pc, BH_EAUTH, "token", NULL, SEND(pc, L, tokb[snd % 10 + 10], 1, ""));
    ERR(pc, BH_EAUTH, "token", NULL, SEND(pc, L, ITEST_ADMIN, 1, ""));
    ERR(pc, BH_EFIELD, "token", NULL,
        "\"type\":\"league_send\",\"league\":%lld,\"token\":7,\"stage\":1,\"match\":1,"
        "\"board\":1}",
        L);
    /* a league token is no auth token (protocol/README.md "Leagues") */
    ERR(anon, BH_EAUTH, "", NULL, "\"type\":\"auth\",\"token\":\"%s\"}", tok[snd]);
    /* out of turn, another seat's game, another board's, a game that is not there */
    ERR(pc, BH_ETURN, NULL, "F-CHALLENGE", SEND(pc, L, tok[ans], 1, ""));
    ERR(pc, BH_ESEAT, NULL, "F-CHALLENGE", SEND(pc, L, tok[snd], 2, ""));
    ERR(pc, BH_ESEAT, NULL, NULL, SEND(pc, L, tok[sub], 1, ""));
    ERR(pc, BH_ENOTFOUND, NULL, NULL,
        "\"type\":\"league_send\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,\"match\":512,"
        "\"board\":1}",
        L, tok[snd]);
    ERR(pc, BH_ENOTFOUND, NULL, NULL,
        "\"type\":\"league_send\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,\"match\":1,"
        "\"board\":16}",
        L, tok[snd]);
    ERR(pc, BH_ENOTFOUND, NULL, NULL,
        "\"type\":\"league_send\",\"league\":%lld,\"token\":\"%s\",\"stage\":2,\"match\":1,"
        "\"board\":1}",
        L, tok[snd]);
    ERR(pc, BH_ENOTFOUND, NULL, NULL,
        "\"type\":\"league_send\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,\"match\":1,"
        "\"board\":1,\"game\":2}",
        L, tok[snd]);
    /* numbers out of range */
    ERR(pc, BH_EFIELD, "start_ms", NULL, SEND(pc, L, tok[snd], 1, ",\"start_ms\":-1"));
    ERR(pc, BH_EFIELD, "start_ms", NULL,
        SEND(pc, L, tok[snd], 1, ",\"start_ms\":9007199254740992"));
    ERR(pc, BH_EFIELD, "start_ms", NULL, SEND(pc, L, tok[snd], 1, ",\"start_ms\":\"NaN\""));
    /* a start already past (1970-01-01, 1 ms): refused by the challenge's rule (chal.c names
     * it "proposal"), the reply names the field the client sent */
    ERR(pc, BH_EINVAL, "start_ms", "F-CHALLENGE", SEND(pc, L, tok[snd], 1, ",\"start_ms\":1"));
    ERR(pc, BH_EFIELD, "board", NULL,
        "\"type\":\"league_send\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,\"match\":1,"
        "\"board\":-1}",
        L, tok[snd]);
    ERR(pc, BH_EFIELD, "match", NULL,
        "\"type\":\"league_send\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,\"match\":1e20,"
        "\"board\":1}",
        L, tok[snd]);
    /* nothing proposed yet: no accept, counter, substitute */
    ERR(pc, BH_ESTATE, NULL, "F-CHALLENGE",
        "\"type\":\"league_accept\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,\"match\":1,"
        "\"board\":1}",
        L, tok[ans]);
    ERR(pc, BH_ESTATE, NULL, "F-CHALLENGE",
        "\"type\":\"league_counter\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,\"match\":1,"
        "\"board\":1}",
        L, tok[ans]);
    /* the director's acts by a connection without the director's token (a player's): unauthorized
     */
    ERR(anon, BH_EAUTH, "", NULL,
        "\"type\":\"league_extend\",\"league\":%lld,\"stage\":1,\"match\":1,\"board\":1,"
        "\"deadline_ms\":253402300799999}",
        L);
    ERR(anon, BH_EAUTH, "", NULL,
        "\"type\":\"league_result\",\"league\":%lld,\"stage\":1,\"match\":1,\"board\":1,"
        "\"result\":\"1-0\"}",
        L);
    ERR(anon, BH_EAUTH, "", NULL, "\"type\":\"league_start\",\"league\":%lld}", L);
    ERR(anon, BH_EAUTH, "", NULL,
        "\"type\":\"league_roster\",\"league\":%lld,\"team\":1,\"players\":[{\"id\":1,"
        "\"name\":\"a\"}]}",
        L);
    /* results for games not created: a later stage, a match or board beyond the league's */
    ERR(dir, BH_ENOTFOUND, NULL, NULL,
        "\"type\":\"league_result\",\"league\":%lld,\"stage\":2,\"match\":1,\"board\":1,"
        "\"result\":\"1-0\"}",
        L);
    ERR(dir, BH_ENOTFOUND, NULL, NULL,
        "\"type\":\"league_result\",\"league\":%lld,\"stage\":1,\"match\":99,\"board\":1,"
        "\"result\":\"1-0\"}",
        L);
    ERR(dir, BH_ENOTFOUND, NULL, NULL,
        "\"type\":\"league_result\",\"league\":%lld,\"stage\":1,\"match\":1,\"board\":3,"
        "\"result\":\"1-0\"}",
        L);
    ERR(dir, BH_EFIELD, "result", NULL,
        "\"type\":\"league_result\",\"league\":%lld,\"stage\":1,\"match\":1,\"board\":1,"
        "\"result\":\"*\"}",
        L);
    /* notices: since negative, over 2^53; a huge since is simply nothing new */
    ERR(pc, BH_EFIELD, "since", NULL,
        "\"type\":\"league_notices\",\"league\":%lld,\"token\":\"%s\",\"since\":-1}", L, tok[snd]);
    ERR(pc, BH_EFIELD, "since", NULL,
        "\"type\":\"league_notices\",\"league\":%lld,\"token\":\"%s\",\"since\":9007199254740992}",
        L, tok[snd]);
    r = call(pc,
             "\"type\":\"league_notices\",\"league\":%lld,\"token\":\"%s\","
             "\"since\":9007199254740991}",
             L, tok[snd]);
    CHECK_MSG(r && strstr(r, "\"notices\":[]"), "since 2^53-1: %s", r ? r : "(none)");
    free(r);
    ERR(pc, BH_EAUTH, "token", NULL,
        "\"type\":\"league_notices\",\"league\":%lld,\"token\":\"%s\"}", L, tokb[11]);
    /* frames: malformed JSON, invalid UTF-8, over 8 KiB, a type that is not a string */
    raw_err(__LINE__, anon, "{\"type\":\"league_get\",\"id\":5,\"league\":", BH_EJSON, "");
    raw_err(__LINE__, anon, "{\"type\":\"league_get\",\"id\":5,\"league\":1,\"x\":\"\xff\xfe\"}",
            BH_ETEXT, "");
    raw_err(__LINE__, anon, "{\"type\":\"league_get\",\"id\":-5,\"league\":1}", BH_EFIELD, "id");
    raw_err(__LINE__, anon, "{\"type\":\"league_nothing\",\"id\":5}", BH_ETYPE, "");
    raw_err(__LINE__, anon, "{\"type\":[\"league_get\"],\"id\":5}", BH_EFIELD, "type");
    {
        static char big[9000];
        int n =
            snprintf(big, sizeof big, "{\"type\":\"league_get\",\"id\":5,\"league\":1,\"x\":\"");
        memset(big + n, 'x', sizeof big - (size_t)n - 3);
        memcpy(big + sizeof big - 3, "\"}", 3);
        raw_err(__LINE__, anon, big, BH_ELIMIT, "");
    }
    alive(__LINE__, anon);
    same_snap(__LINE__, dir, L, s0);
    free(s0);

    /* ---- a challenge: sent for an hour from now, then the acts that may not follow ---- */
    long long later = now_wall_ms() + 3600000;
    char extra[64];
    snprintf(extra, sizeof extra, ",\"start_ms\":%lld", later);
    OK(pc, "ack",
       "\"type\":\"league_send\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,\"match\":1,"
       "\"board\":1,\"start_ms\":%lld}",
       L, tok[snd], later);
    s0 = snap(dir, L);
    ERR(pc, BH_ESTATE, "state", "F-CHALLENGE", SEND(pc, L, tok[snd], 1, "")); /* sent twice */
    ERR(pc, BH_ETURN, NULL, "F-CHALLENGE",
        "\"type\":\"league_accept\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,\"match\":1,"
        "\"board\":1}",
        L, tok[snd]); /* one's own challenge */
    ERR(pc, BH_ETURN, NULL, "F-CHALLENGE",
        "\"type\":\"league_counter\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,\"match\":1,"
        "\"board\":1}",
        L, tok[snd]);
    ERR(pc, BH_ESEAT, NULL, NULL,
        "\"type\":\"league_accept\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,\"match\":1,"
        "\"board\":1}",
        L, tok[sub]);
    /* substitutes: by a player who is not his captain, rated above, not on the roster, and
     * while the challenge has not lapsed */
    ERR(pc, BH_ENOTCAPTAIN, NULL, NULL,
        "\"type\":\"league_substitute\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,"
        "\"match\":1,\"board\":1,\"player\":%d}",
        L, tok[sub], sub);
    ERR(pc, BH_ESTATE, NULL, NULL,
        "\"type\":\"league_substitute\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,"
        "\"match\":1,\"board\":1,\"player\":%d}",
        L, tok[ans / 10 * 10 + 1], sub);
    /* an extension into the past or to 2^53-1 ms */
    ERR(dir, BH_EINVAL, "deadline", "F-CHALLENGE",
        "\"type\":\"league_extend\",\"league\":%lld,\"stage\":1,\"match\":1,\"board\":1,"
        "\"deadline_ms\":1}",
        L);
    /* instants after 9999-12-31 (PLEAGUE_INSTANT_MAX_MS) are no dates */
    ERR(dir, BH_EFIELD, "deadline_ms", NULL,
        "\"type\":\"league_extend\",\"league\":%lld,\"stage\":1,\"match\":1,\"board\":1,"
        "\"deadline_ms\":253402300800000}",
        L);
    ERR(pc, BH_EFIELD, "start_ms", NULL,
        "\"type\":\"league_counter\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,"
        "\"match\":1,\"board\":1,\"start_ms\":253402300800000}",
        L, tok[ans]);
    same_snap(__LINE__, dir, L, s0);
    free(s0);
    OK(pc, "ack",
       "\"type\":\"league_accept\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,\"match\":1,"
       "\"board\":1}",
       L, tok[ans]);
    s0 = snap(dir, L);
    ERR(pc, BH_ESTATE, NULL, "F-CHALLENGE",
        "\"type\":\"league_counter\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,\"match\":1,"
        "\"board\":1}",
        L, tok[ans]);
    ERR(pc, BH_ESTATE, NULL, "F-CHALLENGE",
        "\"type\":\"league_accept\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,\"match\":1,"
        "\"board\":1}",
        L, tok[ans]);
    ERR(pc, BH_ESTATE, NULL, "F-CHALLENGE", SEND(pc, L, tok[snd], 1, ""));
    ERR(dir, BH_ESTATE, NULL, NULL,
        "\"type\":\"league_extend\",\"league\":%lld,\"stage\":1,\"match\":1,\"board\":1,"
        "\"deadline_ms\":253402300799999}",
        L);
    same_snap(__LINE__, dir, L, s0);

    /* ---- a flood of league_get from one connection: answered until the budget (20/s,
     * burst 40) is spent, then rate_limited and the connection closed ---- */
    {
        wsc *fl = itest_connect(x, &s, NULL);
        char msg[96];
        snprintf(msg, sizeof msg, "{\"type\":\"league_get\",\"id\":1,\"league\":%lld}", L);
        int64_t t0 = now_wall_ms();
        for (int i = 0; fl && i < 200; i++)
            wsc_send(fl, msg);
        int got = 0, limited = 0;
        int64_t t_lim = 0;
        for (char *f; fl && (f = wsc_recv(fl, 3000)) != NULL; free(f)) {
            got += strstr(f, "\"type\":\"league\"") != NULL;
            if (strstr(f, "rate_limited") && !limited++)
                t_lim = now_wall_ms();
        }
        /* the burst, and what the 20/s refill earned until the refusal (a loaded machine
         * spreads the 200 frames out) */
        long long ms = t_lim ? (long long)(t_lim - t0) : -1, bound = 41 + 20 * (ms + 999) / 1000;
        fprintf(stderr, "    flood: %d snapshots, then rate_limited after %lld ms\n", got, ms);
        CHECK_MSG(limited == 1 && got >= 40 && got <= bound && fl && itest_wait_closed(x, fl, 5000),
                  "flood: %d snapshots (at most %lld), %d rate_limited", got, bound, limited);
        wsc_free(fl);
    }
    alive(__LINE__, pc);
    alive(__LINE__, dir);

    /* ---- kill -9 and a restart: the same state ---- */
    alive(__LINE__, anon);
    /* the largest id comes back exact (cJSON alone prints it 9.00719925474099e+15) */
    CHECK_MSG(wsc_send(anon, "{\"type\":\"ping\",\"id\":9007199254740991}") == 0, "send");
    r = wsc_recv_type(anon, "pong", 5000);
    CHECK_MSG(r && strstr(r, "\"id\":9007199254740991"), "id 2^53-1: %s", r ? r : "(none)");
    free(r);
    wsc_free(anon);
    wsc_free(pc);
    wsc_free(dir);
    CHECK_EQ_INT("SIGKILL", 128 + SIGKILL, itest_stop(&s, SIGKILL));
    CHECK_MSG(itest_start(&s, NULL) == 0, "restart");
    dir = itest_connect(x, &s, NULL);
    OK(dir, "authed", "\"type\":\"auth\",\"token\":\"%s\"}", ITEST_ADMIN);
    same_snap(__LINE__, dir, L, s0);
    free(s0);
    /* the tokens still work after the restart, and a refusal still changes nothing */
    ERR(dir, BH_ESTATE, NULL, "F-CHALLENGE",
        "\"type\":\"league_counter\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,\"match\":1,"
        "\"board\":1}",
        L, tok[ans]);
    ERR(dir, BH_EAUTH, "token", NULL, SEND(dir, L, tokb[11], 2, ""));
    wsc_free(dir);
    wsc_ctx_free(x);
    ITEST_FINISH(&s);
}

/* Late acts: an answer after the deadline, substitutes (not on the roster, the other
 * team's, by a non-captain, by the wrong captain) while the captain may substitute; acts
 * for the group stage after it ended; the knockout's stage_start twice, a lot when none is
 * due; then the kill -9 and the same state. One board, first and second challenges 1.5 s. */
static void league_late(void)
{
    itest_srv s;
    itest_init(&s, bin);
    CHECK_MSG(itest_start(&s, NULL) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    wsc *dir = itest_connect(x, &s, NULL);
    OK(dir, "authed", "\"type\":\"auth\",\"token\":\"%s\"}", ITEST_ADMIN);
    char *r = call(dir, "\"type\":\"league_create\",\"name\":\"Late\",\"teams\":4,"
                        "\"groups\":2,\"boards\":1,\"first_valid_ms\":1500,"
                        "\"second_valid_ms\":1500,\"wait_s\":60}");
    long long L = jint(r, "league", -1);
    free(r);
    for (int t = 1; t <= NT; t++)
        team(dir, L, t, tok);
    OK(dir, "ack", "\"type\":\"league_start\",\"league\":%lld}", L);
    int snd, ans, sub;
    sides(dir, L, 1, &snd, &ans, &sub);
    int cap = ans / 10 * 10 + 1;
    OK(dir, "ack", SEND(dir, L, tok[snd], 1, ""));
    /* the deadline passes unanswered: the answer is too late (the lapse is applied first) */
    itest_sleep_ms(1700);
    char *s0 = NULL;
    r = call(dir,
             "\"type\":\"league_accept\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,"
             "\"match\":1,\"board\":1}",
             L, tok[ans]);
    want_err(__LINE__, r, BH_ESTATE, "state", "F-CHALLENGE");
    free(r);
    s0 = snap(dir, L);
    CHECK_MSG(s0 && strstr(s0, "\"state\":\"lapsed\""), "lapsed: %s", s0 ? s0 : "(none)");
    /* substitutes: not on the roster, of the other team, by a player who is not the captain,
     * by the captain of the side that did not default (one board: the answerer is his team's
     * top player and captain, so no roster player is rated above him; rating_too_high is
     * test_chal's) */
    ERR(dir, BH_ENOTFOUND, "player", "F-CHALLENGE",
        "\"type\":\"league_substitute\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,"
        "\"match\":1,\"board\":1,\"player\":%d}",
        L, tok[cap], 99);
    ERR(dir, BH_ENOTFOUND, "player", "F-CHALLENGE",
        "\"type\":\"league_substitute\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,"
        "\"match\":1,\"board\":1,\"player\":%d}",
        L, tok[cap], snd / 10 * 10 + 3);
    ERR(dir, BH_ENOTCAPTAIN, "captain", "F-CHALLENGE",
        "\"type\":\"league_substitute\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,"
        "\"match\":1,\"board\":1,\"player\":%d}",
        L, tok[sub], sub);
    ERR(dir, BH_ESTATE, "state", "F-CHALLENGE",
        "\"type\":\"league_substitute\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,"
        "\"match\":1,\"board\":1,\"player\":%d}",
        L, tok[snd / 10 * 10 + 1], snd / 10 * 10 + 3); /* the sender's captain: no lapse of his */
    same_snap(__LINE__, dir, L, s0);
    free(s0);
    /* the director decides every group game; then the group stage is over */
    r = call(dir, "\"type\":\"league_get\",\"league\":%lld}", L);
    cJSON *o = r ? cJSON_Parse(r) : NULL;
    free(r);
    const cJSON *m, *g;
    int k = 0;
    cJSON_ArrayForEach(m, cJSON_GetObjectItem(o, "fixtures"))
    {
        cJSON_ArrayForEach(g, cJSON_GetObjectItem(m, "games"))
        {
            /* the home team always wins 1-0 (no drawn match: no lot) */
            OK(dir, "ack",
               "\"type\":\"league_result\",\"league\":%lld,\"stage\":1,\"match\":%d,"
               "\"board\":%d,\"result\":\"%s\"}",
               L, (int)cJSON_GetNumberValue(cJSON_GetObjectItem(m, "match")),
               (int)cJSON_GetNumberValue(cJSON_GetObjectItem(g, "board")), k++ % 2 ? "0-1" : "1-0");
        }
    }
    cJSON_Delete(o);
    s0 = snap(dir, L);
    CHECK_MSG(s0 && strstr(s0, "\"status\":\"between\""), "between: %s", s0 ? s0 : "(none)");
    ERR(dir, BH_ESTATE, "tournament", "F-CHALLENGE", SEND(dir, L, tok[snd], 1, ""));
    ERR(dir, BH_ESTATE, "tournament", "F-CHALLENGE",
        "\"type\":\"league_result\",\"league\":%lld,\"stage\":1,\"match\":1,\"board\":1,"
        "\"result\":\"0-1\"}",
        L);
    ERR(dir, BH_ESTATE, "tournament", "F-KNOCKOUT",
        "\"type\":\"league_lot\",\"league\":%lld,\"match\":5,\"winner\":1}", L);
    ERR(dir, BH_ESTATE, "tournament", "F-GROUPS", "\"type\":\"league_start\",\"league\":%lld}", L);
    ERR(dir, BH_ESTATE, "tournament", NULL,
        "\"type\":\"league_team\",\"league\":%lld,\"name\":\"Late\",\"captain\":91,"
        "\"players\":[{\"id\":91,\"name\":\"a\",\"rating\":2000}]}",
        L);
    /* between the stages rosters may change, but only a team of this league's */
    r = call(dir,
             "\"type\":\"league_roster\",\"league\":%lld,\"team\":999999,"
             "\"players\":[{\"id\":91,\"name\":\"a\",\"rating\":2000}]}",
             L);
    want_err(__LINE__, r, BH_ENOTFOUND, NULL, NULL);
    free(r);
    same_snap(__LINE__, dir, L, s0);
    free(s0);
    OK(dir, "ack", "\"type\":\"league_stage_start\",\"league\":%lld}", L);
    s0 = snap(dir, L);
    ERR(dir, BH_ESTATE, "tournament", "F-KNOCKOUT",
        "\"type\":\"league_stage_start\",\"league\":%lld}", L);
    ERR(dir, BH_ENOTFOUND, "game", "F-CHALLENGE", SEND(dir, L, tok[snd], 1, "")); /* stage 1 */
    ERR(dir, BH_ENOTFOUND, "game", "F-CHALLENGE",
        "\"type\":\"league_result\",\"league\":%lld,\"stage\":4,\"match\":7,\"board\":1,"
        "\"result\":\"0-1\"}",
        L); /* the final, not yet */
    ERR(dir, BH_ENOTFOUND, "game", "F-CHALLENGE",
        "\"type\":\"league_result\",\"league\":%lld,\"stage\":3,\"match\":1,\"board\":1,"
        "\"result\":\"0-1\"}",
        L); /* the semi-finals are matches 5 and 6 */
    r = call(dir, "\"type\":\"league_lot\",\"league\":%lld,\"match\":5,\"winner\":1}", L);
    want_err(__LINE__, r, BH_ESTATE, NULL, NULL); /* no lot is due */
    free(r);
    same_snap(__LINE__, dir, L, s0);
    wsc_free(dir);
    CHECK_EQ_INT("SIGKILL", 128 + SIGKILL, itest_stop(&s, SIGKILL));
    CHECK_MSG(itest_start(&s, NULL) == 0, "restart");
    dir = itest_connect(x, &s, NULL);
    same_snap(__LINE__, dir, L, s0);
    free(s0);
    wsc_free(dir);
    wsc_ctx_free(x);
    ITEST_FINISH(&s);
}

static const bh_test_case cases[] = {
    {"league_hostile", league_hostile},
    {"league_late", league_late},
};

ITEST_MAIN(cases)
