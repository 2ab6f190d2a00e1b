/* test_ws_league.c: the league of seed 003 (F-GROUPS, F-KNOCKOUT, F-CHALLENGE,
 * F-CHESS) over real sockets, with a SIGKILL in the middle of a challenge window. A smaller
 * league (8 teams in 2 groups, 4 boards, then the semi-finals and the final) with compressed
 * deadlines (first challenge 4 s, second 8 s): challenges accepted and played (a chess game
 * each, the players join with the seat tokens of their `game` notices; one at 10+1 by
 * agreement), countered, expired once then substituted, expired twice -> forfeit (one of them
 * across the kill, one whose deadline passed while the server was down), a director's
 * extension; the other games by the director's results; a drawn semi-final decided by the
 * lower team rating (art. 7); the final and the winner. Every deadline fires once, at its
 * instant: read from the stored notice feed after the restart (each notice's at_ms is the
 * deadline it concerns, server_ms when it was made).
 * SPDX-License-Identifier: MIT */
#include <cjson/cJSON.h>
#include <stdarg.h>

#include "itest.h"
#include "now.h"

static const char *bin;

#define NT 8
#define NB 4
#define FIRST_MS 4000
#define SECOND_MS 8000

static char tok[NT * 10 + 20][40]; /* league tokens by player id (team t: 10t+1 .. 10t+5) */
static long long team_id[NT + 1];
static int next_id = 100;

/* ---- the notice log: every league_notice push and league_notices row seen, by seq ---- */

typedef struct {
    long long seq, at_ms, deadline_ms, game_id, made_ms;
    int player, match, board, game, seat;
    char note[16], token[40];
} notice;

static notice log_v[2048];
static int log_n;

static void log_add(const cJSON *o)
{
    long long seq = (long long)cJSON_GetNumberValue(cJSON_GetObjectItem(o, "seq"));
    for (int i = 0; i < log_n; i++)
        if (log_v[i].seq == seq)
            return;
    if (log_n == (int)BH_ARRAY_LEN(log_v))
        return;
    notice *n = &log_v[log_n++];
    memset(n, 0, sizeof *n);
    n->seq = seq;
    n->player = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(o, "player"));
    n->match = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(o, "match"));
    n->board = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(o, "board"));
    n->game = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(o, "game"));
    n->at_ms = (long long)cJSON_GetNumberValue(cJSON_GetObjectItem(o, "at_ms"));
    const cJSON *d = cJSON_GetObjectItem(o, "deadline_ms");
    n->deadline_ms = d ? (long long)cJSON_GetNumberValue(d) : 0;
    const cJSON *g = cJSON_GetObjectItem(o, "game_id");
    n->game_id = g ? (long long)cJSON_GetNumberValue(g) : 0;
    const cJSON *s = cJSON_GetObjectItem(o, "seat");
    n->seat = s ? (int)cJSON_GetNumberValue(s) : -1;
    n->made_ms = (long long)cJSON_GetNumberValue(cJSON_GetObjectItem(o, "server_ms"));
    snprintf(n->note, sizeof n->note, "%s", cJSON_GetStringValue(cJSON_GetObjectItem(o, "note")));
    const char *t = cJSON_GetStringValue(cJSON_GetObjectItem(o, "token"));
    snprintf(n->token, sizeof n->token, "%s", t ? t : "");
}

/* The frame's notices (a push or a league_notices reply) into the log. */
static void log_frame(const char *frame)
{
    if (!strstr(frame, "\"league_notice"))
        return;
    cJSON *o = cJSON_Parse(frame);
    const cJSON *one = cJSON_GetObjectItem(o, "notice");
    const cJSON *many = cJSON_GetObjectItem(o, "notices"), *x;
    if (one)
        log_add(one);
    cJSON_ArrayForEach(x, many) log_add(x);
    cJSON_Delete(o);
}

/* wsc_recv that logs the notices it reads (so a reply awaited never drops one). */
static char *rx(wsc *c, int ms)
{
    char *s = wsc_recv(c, ms);
    if (s)
        log_frame(s);
    return s;
}

/* A message (fmt opens the object after "{": the id goes first) and its reply. */
__attribute__((format(printf, 2, 3))) static char *call(wsc *c, const char *fmt, ...)
{
    char body[4096], json[4200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(body, sizeof body, fmt, ap);
    va_end(ap);
    snprintf(json, sizeof json, "{\"id\":%d,%s", next_id++, body);
    return itest_call_via(c, json, 2000, 8000, rx);
}

/* The same, expecting the reply type `want`. */
#define CALL_OK(c, want, ...)                                                                      \
    do {                                                                                           \
        char *r_ = call((c), __VA_ARGS__);                                                         \
        char t_[32];                                                                               \
        CHECK_MSG(r_ &&strcmp(jstr(r_, "type", t_, sizeof t_), (want)) == 0, "%s: %s",             \
                  #__VA_ARGS__, r_ ? r_ : "(none)");                                               \
        free(r_);                                                                                  \
    } while (0)

static int count_notes(int player, const char *note, int match, int board)
{
    int n = 0;
    for (int i = 0; i < log_n; i++)
        n += log_v[i].player == player && strcmp(log_v[i].note, note) == 0 &&
             log_v[i].match == match && log_v[i].board == board;
    return n;
}

/* The first notice `note` of player about group match/board with a seq above after. */
static const notice *find_after(int player, const char *note, int match, int board, long long after)
{
    for (int i = 0; i < log_n; i++)
        if (log_v[i].player == player && strcmp(log_v[i].note, note) == 0 &&
            log_v[i].match == match && log_v[i].board == board && log_v[i].seq > after)
            return &log_v[i];
    return NULL;
}

static const notice *find_note(int player, const char *note, int match, int board)
{
    return find_after(player, note, match, board, 0);
}

/* Wait (reading c: the pushes) until find_after finds it; NULL after ms. */
static const notice *wait_after(wsc *c, int player, const char *note, int match, int board,
                                long long after, int ms)
{
    int64_t until = now_wall_ms() + ms;
    for (;;) {
        const notice *n = find_after(player, note, match, board, after);
        if (n || now_wall_ms() > until)
            return n;
        free(rx(c, 100));
    }
}

static const notice *wait_note(wsc *c, int player, const char *note, int match, int board, int ms)
{
    return wait_after(c, player, note, match, board, 0, ms);
}

/* ---- the snapshot ---- */

static cJSON *snap(wsc *c, long long league)
{
    char *r = call(c, "\"type\":\"league_get\",\"league\":%lld}", league);
    cJSON *o = r ? cJSON_Parse(r) : NULL;
    free(r);
    return o;
}

static int num(const cJSON *o, const char *k)
{
    return (int)cJSON_GetNumberValue(cJSON_GetObjectItem(o, k));
}

static const char *str(const cJSON *o, const char *k)
{
    const char *s = cJSON_GetStringValue(cJSON_GetObjectItem(o, k));
    return s ? s : "";
}

/* Game (match, board, game: 1-based) of the snapshot's fixtures, or NULL. */
static const cJSON *game_of(const cJSON *s, int match, int board, int game)
{
    const cJSON *m, *g;
    cJSON_ArrayForEach(m, cJSON_GetObjectItem(s, "fixtures"))
    {
        if (num(m, "match") != match)
            continue;
        cJSON_ArrayForEach(g, cJSON_GetObjectItem(m, "games")) if (num(g, "board") == board &&
                                                                   num(g, "game") == game) return g;
    }
    return NULL;
}

/* The sender and the answerer of a group game. */
static void sides(const cJSON *g, int *sender, int *other)
{
    bool w = strcmp(str(g, "sender"), "white") == 0;
    *sender = num(g, w ? "white" : "black");
    *other = num(g, w ? "black" : "white");
}

static int captain_of(int player)
{
    return player / 10 * 10 + 1;
}

/* ---- a hosted game, played: both players join with their seat tokens, `loser` resigns ---- */

static void play(wsc_ctx *x, const itest_srv *s, wsc *pc, int white, int black, int match,
                 int board, int loser, long long *base_ms)
{
    const notice *nw = wait_note(pc, white, "game", match, board, 8000);
    const notice *nb = wait_note(pc, black, "game", match, board, 8000);
    CHECK_MSG(nw && nb && nw->game_id == nb->game_id && nw->seat == 0 && nb->seat == 1 &&
                  nw->token[0] && nb->token[0],
              "match %d board %d: the game notices", match, board);
    if (!nw || !nb)
        return;
    wsc *p[2];
    char *st = NULL;
    for (int i = 0; i < 2; i++) {
        const notice *n = i ? nb : nw;
        p[i] = itest_connect(x, s, NULL);
        char *r = call(p[i], "\"type\":\"auth\",\"token\":\"%s\"}", n->token);
        CHECK_MSG(r && strstr(r, "\"role\":\"player\""), "auth seat %d: %s", i, r ? r : "");
        free(r);
        r = call(p[i], "\"type\":\"join\",\"game\":%lld}", n->game_id);
        CHECK_MSG(r && strstr(r, "\"kind\":\"chess\""), "join: %s", r ? r : "");
        if (i == 0)
            st = r;
        else
            free(r);
    }
    if (base_ms)
        *base_ms = jint(st, "base_ms", -1);
    free(st);
    /* T-WAIT: both present, the clocks start */
    char *go = itest_recv_type_via(p[1], "start", 50, 3000, wsc_recv);
    CHECK_MSG(go != NULL, "match %d board %d: no start", match, board);
    free(go);
    int who = loser == white ? 0 : 1;
    char *r = call(p[who], "\"type\":\"resign\",\"game\":%lld}", nw->game_id);
    CHECK_MSG(r && strstr(r, "\"ack\""), "resign: %s", r ? r : "");
    free(r);
    wsc_free(p[0]);
    wsc_free(p[1]);
}

/* Subscribe pc to every player's notices (league_notices since 0 with each token). */
static void subscribe_all(wsc *pc, long long league)
{
    for (int t = 1; t <= NT; t++)
        for (int i = 1; i <= 5; i++) {
            char *r = call(pc, "\"type\":\"league_notices\",\"league\":%lld,\"token\":\"%s\"}",
                           league, tok[t * 10 + i]);
            CHECK_MSG(r && strstr(r, "\"league_notices\""), "notices %d: %s", t * 10 + i,
                      r ? r : "");
            free(r);
        }
}

/* The director's results for every undecided game of the current stage: results[] by
 * board-and-game index (cycling), White's view. */
static void decide_rest(wsc *dir, long long league, int stage, const char *const *res, int nres)
{
    cJSON *s = snap(dir, league);
    const cJSON *m, *g;
    int k = 0;
    cJSON_ArrayForEach(m, cJSON_GetObjectItem(s, "fixtures"))
    {
        cJSON_ArrayForEach(g, cJSON_GetObjectItem(m, "games"))
        {
            if (strcmp(str(g, "result"), "*") != 0)
                continue;
            CALL_OK(dir, "ack",
                    "\"type\":\"league_result\",\"league\":%lld,\"stage\":%d,\"match\":%d,"
                    "\"board\":%d,\"game\":%d,\"result\":\"%s\"}",
                    league, stage, num(m, "match"), num(g, "board"), num(g, "game"),
                    res[k++ % nres]);
        }
    }
    cJSON_Delete(s);
}

static void league_end_to_end(void)
{
    itest_srv s;
    itest_init(&s, bin);
    CHECK_MSG(itest_start(&s, NULL) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    /* pc carries every player's league token (any connection may: the token is in the
     * message); it is a director's connection only for the director's message budget. */
    wsc *dir = itest_connect(x, &s, NULL), *pc = itest_connect(x, &s, NULL);
    CALL_OK(dir, "authed", "\"type\":\"auth\",\"token\":\"%s\"}", ITEST_ADMIN);
    CALL_OK(pc, "authed", "\"type\":\"auth\",\"token\":\"%s\"}", ITEST_ADMIN);
    char *r = call(dir,
                   "\"type\":\"league_create\",\"name\":\"Mini League\",\"teams\":%d,"
                   "\"groups\":2,\"boards\":%d,\"first_valid_ms\":%d,\"second_valid_ms\":%d,"
                   "\"wait_s\":60}",
                   NT, NB, FIRST_MS, SECOND_MS);
    long long L = jint(r, "league", -1);
    free(r);
    CHECK_MSG(L > 0, "league_create");
    /* 8 teams of 5 (4 boards + a reserve rated lowest), ratings all distinct */
    for (int t = 1; t <= NT; t++) {
        char pl[1024];
        size_t n = 0;
        for (int i = 1; i <= 5; i++)
            n += (size_t)snprintf(pl + n, sizeof pl - n,
                                  "%s{\"id\":%d,\"name\":\"P%d\",\"rating\":%d}", i > 1 ? "," : "",
                                  t * 10 + i, t * 10 + i, 2400 - 20 * t - 3 * i);
        r = call(dir,
                 "\"type\":\"league_team\",\"league\":%lld,\"name\":\"Team %d\","
                 "\"captain\":%d,\"players\":[%s]}",
                 L, t, t * 10 + 1, pl);
        team_id[t] = jint(r, "team", -1);
        for (int i = 1; i <= 5; i++) {
            char k[32];
            snprintf(k, sizeof k, "\"player\":%d,", t * 10 + i);
            jstr(r ? strstr(r, k) : NULL, "token", tok[t * 10 + i], sizeof tok[0]);
            CHECK_MSG(tok[t * 10 + i][0], "token of %d: %s", t * 10 + i, r ? r : "");
        }
        free(r);
    }
    CALL_OK(dir, "ack", "\"type\":\"league_start\",\"league\":%lld}", L);
    subscribe_all(pc, L);
    cJSON *sn = snap(pc, L);
    CHECK_EQ_STR("running", "running", str(sn, "status"));
    CHECK_EQ_INT("2 groups", 2, cJSON_GetArraySize(cJSON_GetObjectItem(sn, "groups")));
    CHECK_EQ_INT("12 group matches", 12, cJSON_GetArraySize(cJSON_GetObjectItem(sn, "fixtures")));
    int S[5][3], R[5][3]; /* [board][match]: sender, answerer of matches 1 and 2 */
    for (int m = 1; m <= 2; m++)
        for (int b = 1; b <= NB; b++) {
            const cJSON *g = game_of(sn, m, b, 1);
            CHECK_MSG(g && strcmp(str(g, "state"), "new") == 0, "m%d b%d new", m, b);
            if (g)
                sides(g, &S[b][m], &R[b][m]);
            CHECK_EQ_INT("the sender is told", 1, count_notes(S[b][m], "send", m, b));
        }
    cJSON_Delete(sn);
    { /* a wrong token is refused naming the field; an act for another player too */
        char e[32];
        r = call(pc,
                 "\"type\":\"league_send\",\"league\":%lld,\"token\":\"nope\",\"stage\":1,"
                 "\"match\":1,\"board\":1}",
                 L);
        CHECK_EQ_STR("bad token", "unauthorized", ecode(r, e));
        free(r);
        r = call(pc,
                 "\"type\":\"league_send\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,"
                 "\"match\":1,\"board\":1}",
                 L, tok[R[1][1]]);
        CHECK_EQ_STR("the answerer does not send", "not_your_turn", ecode(r, e));
        free(r);
        r = call(pc,
                 "\"type\":\"league_send\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,"
                 "\"match\":1,\"board\":1}",
                 L, tok[S[2][1]]);
        CHECK_EQ_STR("not a player of this game", "not_your_seat", ecode(r, e));
        free(r);
        r = call(pc,
                 "\"type\":\"league_accept\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,"
                 "\"match\":1,\"board\":1}",
                 L, tok[R[1][1]]);
        CHECK_EQ_STR("nothing to accept", "bad_state", ecode(r, e));
        free(r);
    }

    /* m1 b1: sent for now, accepted, played (the answerer resigns). */
    CALL_OK(pc, "ack",
            "\"type\":\"league_send\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,"
            "\"match\":1,\"board\":1,\"start_ms\":0}",
            L, tok[S[1][1]]);
    CHECK(wait_note(pc, R[1][1], "proposed", 1, 1, 5000) != NULL);
    CALL_OK(pc, "ack",
            "\"type\":\"league_accept\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,"
            "\"match\":1,\"board\":1}",
            L, tok[R[1][1]]);
    CHECK_EQ_INT("agreed to both", 2,
                 count_notes(S[1][1], "agreed", 1, 1) + count_notes(R[1][1], "agreed", 1, 1));
    cJSON *s1 = snap(pc, L);
    const cJSON *g11 = game_of(s1, 1, 1, 1);
    int w11 = g11 ? num(g11, "white") : 0, b11 = g11 ? num(g11, "black") : 0;
    cJSON_Delete(s1);
    long long base = 0;
    play(x, &s, pc, w11, b11, 1, 1, R[1][1], &base);
    CHECK_EQ_INT("5+1 by default (art. 4)", 300000, base);

    /* m1 b2: a start proposed later, countered with now, accepted; both agreed 10+1. */
    long long later = now_wall_ms() + 3600000;
    CALL_OK(pc, "ack",
            "\"type\":\"league_send\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,"
            "\"match\":1,\"board\":2,\"start_ms\":%lld}",
            L, tok[S[2][1]], later);
    const notice *pr = wait_note(pc, R[2][1], "proposed", 1, 2, 5000);
    CHECK_MSG(pr && pr->at_ms == later, "the proposal's start");
    CALL_OK(pc, "ack",
            "\"type\":\"league_tc\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,"
            "\"match\":1,\"board\":2,\"want\":true}",
            L, tok[S[2][1]]);
    CALL_OK(pc, "ack",
            "\"type\":\"league_tc\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,"
            "\"match\":1,\"board\":2}",
            L, tok[R[2][1]]);
    CALL_OK(pc, "ack",
            "\"type\":\"league_counter\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,"
            "\"match\":1,\"board\":2,\"start_ms\":0}",
            L, tok[R[2][1]]);
    CHECK(wait_note(pc, S[2][1], "proposed", 1, 2, 5000) != NULL);
    CALL_OK(pc, "ack",
            "\"type\":\"league_accept\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,"
            "\"match\":1,\"board\":2}",
            L, tok[S[2][1]]);
    s1 = snap(pc, L);
    const cJSON *g12 = game_of(s1, 1, 2, 1);
    int w12 = g12 ? num(g12, "white") : 0, b12 = g12 ? num(g12, "black") : 0;
    CHECK_EQ_STR("10+1 agreed", "10+1", g12 ? str(g12, "tc") : "");
    cJSON_Delete(s1);
    play(x, &s, pc, w12, b12, 1, 2, w12, &base);
    CHECK_EQ_INT("10+1 by agreement (art. 4)", 600000, base);

    /* The deadlines: m1 b3 (lapses, substituted), m1 b4 (lapses twice: forfeit, across the
     * kill), m2 b2 (lapses twice, the second deadline passes while the server is down), m2
     * b1 (extended by the director: its first deadline never fires). */
    static const int dl[4][2] = {{1, 3}, {1, 4}, {2, 2}, {2, 1}};
    for (int i = 0; i < 4; i++)
        CALL_OK(pc, "ack",
                "\"type\":\"league_send\",\"league\":%lld,\"token\":\"%s\","
                "\"stage\":1,\"match\":%d,\"board\":%d}",
                L, tok[S[dl[i][1]][dl[i][0]]], dl[i][0], dl[i][1]);
    const notice *p21 = wait_note(pc, R[1][2], "proposed", 2, 1, 5000);
    long long ext = p21 ? p21->deadline_ms + 30000 : 0;
    CALL_OK(dir, "ack",
            "\"type\":\"league_extend\",\"league\":%lld,\"stage\":1,\"match\":2,"
            "\"board\":1,\"deadline_ms\":%lld}",
            L, ext);
    CHECK(wait_note(pc, R[1][2], "extended", 2, 1, 5000) != NULL);
    const notice *p13 = find_note(R[3][1], "proposed", 1, 3);
    const notice *l13 = wait_note(pc, S[3][1], "lapsed", 1, 3, FIRST_MS + 8000);
    const notice *c13 = wait_note(pc, captain_of(R[3][1]), "subst", 1, 3, 3000);
    CHECK_MSG(p13 && l13 && c13 && l13->at_ms == p13->deadline_ms && c13->at_ms == l13->at_ms &&
                  l13->made_ms >= l13->at_ms,
              "m1 b3 lapsed at its deadline");
    CHECK(wait_note(pc, S[4][1], "lapsed", 1, 4, 3000) != NULL);
    CHECK(wait_note(pc, S[2][2], "lapsed", 2, 2, 3000) != NULL);
    /* m2 b2's second challenge: its deadline passes while the server is down */
    CALL_OK(pc, "ack",
            "\"type\":\"league_send\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,"
            "\"match\":2,\"board\":2}",
            L, tok[S[2][2]]);
    const notice *l22 = find_note(S[2][2], "lapsed", 2, 2);
    const notice *p22 = wait_after(pc, R[2][2], "proposed", 2, 2, l22 ? l22->seq : 0, 5000);
    long long dl22 = p22 ? p22->deadline_ms : 0;
    /* m1 b3: the captain puts in the reserve (rated lowest: not above the player, art. 5);
     * not above is checked: another team's captain is refused */
    int sub = R[3][1] / 10 * 10 + 5;
    char e[32];
    r = call(pc,
             "\"type\":\"league_substitute\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,"
             "\"match\":1,\"board\":3,\"player\":%d}",
             L, tok[R[3][1]], sub);
    CHECK_EQ_STR("a player, not the captain", "not_captain", ecode(r, e));
    free(r);
    r = call(pc,
             "\"type\":\"league_substitute\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,"
             "\"match\":1,\"board\":3,\"player\":%d}",
             L, tok[captain_of(S[3][1])], sub);
    CHECK_EQ_STR("the other captain: not on his roster", "not_found", ecode(r, e));
    free(r);
    CALL_OK(pc, "ack",
            "\"type\":\"league_substitute\",\"league\":%lld,\"token\":\"%s\","
            "\"stage\":1,\"match\":1,\"board\":3,\"player\":%d}",
            L, tok[captain_of(R[3][1])], sub);
    CHECK(wait_note(pc, sub, "substituted", 1, 3, 3000) != NULL);
    CALL_OK(pc, "ack",
            "\"type\":\"league_send\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,"
            "\"match\":1,\"board\":3}",
            L, tok[S[3][1]]);
    CHECK(wait_note(pc, sub, "proposed", 1, 3, 5000) != NULL);
    CALL_OK(pc, "ack",
            "\"type\":\"league_accept\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,"
            "\"match\":1,\"board\":3}",
            L, tok[sub]);
    CHECK(wait_note(pc, sub, "game", 1, 3, 5000) != NULL);
    /* m1 b4's second challenge 5 s after m2 b2's, then the kill: the server is down until 1 s
     * after m2 b2's deadline, which passes while it is down; m1 b4's comes 4 s after that,
     * after the restart (the margins are for a loaded machine). */
    while (dl22 && now_wall_ms() < dl22 - SECOND_MS + 5000)
        itest_sleep_ms(50);
    CALL_OK(pc, "ack",
            "\"type\":\"league_send\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,"
            "\"match\":1,\"board\":4}",
            L, tok[S[4][1]]);
    const notice *l14 = find_note(S[4][1], "lapsed", 1, 4);
    const notice *p14 = wait_after(pc, R[4][1], "proposed", 1, 4, l14 ? l14->seq : 0, 5000);
    long long dl14 = p14 ? p14->deadline_ms : 0;
    CHECK_MSG(dl22 && dl14 > dl22, "the two second deadlines %lld %lld", dl22, dl14);
    wsc_free(pc);
    wsc_free(dir);
    CHECK_EQ_INT("SIGKILL", 128 + SIGKILL, itest_stop(&s, SIGKILL));
    while (now_wall_ms() < dl22 + 1000)
        itest_sleep_ms(50);
    long long restart_ms = now_wall_ms();
    CHECK_MSG(itest_start(&s, NULL) == 0, "restart");
    CHECK_MSG(now_wall_ms() < dl14, "restarted before m1 b4's deadline (%lld ms late)",
              now_wall_ms() - dl14);
    dir = itest_connect(x, &s, NULL);
    pc = itest_connect(x, &s, NULL);
    CALL_OK(dir, "authed", "\"type\":\"auth\",\"token\":\"%s\"}", ITEST_ADMIN);
    CALL_OK(pc, "authed", "\"type\":\"auth\",\"token\":\"%s\"}", ITEST_ADMIN);
    subscribe_all(pc, L);
    const notice *f22 = wait_note(pc, R[2][2], "forfeit", 2, 2, 3000);
    CHECK_MSG(f22 && f22->at_ms == dl22 && f22->made_ms >= restart_ms,
              "m2 b2: the forfeit of the deadline passed while down, dated at it");
    const notice *f14 = wait_note(pc, R[4][1], "forfeit", 1, 4, SECOND_MS + 8000);
    CHECK_MSG(f14 && f14->at_ms == dl14 && f14->made_ms >= dl14 && f14->made_ms < dl14 + 3000,
              "m1 b4: the forfeit at its instant after the restart (%lld ms after)",
              f14 ? f14->made_ms - dl14 : -1);
    /* The stored feed, read again whole: every deadline's notices once. */
    log_n = 0;
    subscribe_all(pc, L);
    CHECK_EQ_INT("m1 b3 lapsed once", 1, count_notes(S[3][1], "lapsed", 1, 3));
    CHECK_EQ_INT("m1 b3 subst once", 1, count_notes(captain_of(R[3][1]), "subst", 1, 3));
    CHECK_EQ_INT("m1 b4 lapsed once", 1, count_notes(S[4][1], "lapsed", 1, 4));
    CHECK_EQ_INT("m2 b2 lapsed once", 1, count_notes(S[2][2], "lapsed", 2, 2));
    CHECK_EQ_INT("m1 b4 forfeit once (to both)", 2,
                 count_notes(S[4][1], "forfeit", 1, 4) + count_notes(R[4][1], "forfeit", 1, 4));
    CHECK_EQ_INT("m2 b2 forfeit once (to both)", 2,
                 count_notes(S[2][2], "forfeit", 2, 2) + count_notes(R[2][2], "forfeit", 2, 2));
    CHECK_EQ_INT("m2 b1 extended: never lapsed", 0, count_notes(S[1][2], "lapsed", 2, 1));
    sn = snap(pc, L);
    const cJSON *g = game_of(sn, 1, 4, 1);
    bool w_sends = g && num(g, "white") == S[4][1];
    CHECK_EQ_STR("m1 b4: the answerer lost by forfeit", w_sends ? "+-" : "-+",
                 g ? str(g, "result") : "");
    g = game_of(sn, 2, 1, 1);
    CHECK_MSG(g && strcmp(str(g, "state"), "proposed") == 0 && num(g, "extensions") == 1 &&
                  (long long)cJSON_GetNumberValue(cJSON_GetObjectItem(g, "deadline_ms")) == ext,
              "m2 b1: still open until the extended deadline");
    g = game_of(sn, 1, 1, 1);
    CHECK_MSG(g && strcmp(str(g, "result"), w11 == R[1][1] ? "0-1" : "1-0") == 0,
              "m1 b1: the resignation's result");
    cJSON_Delete(sn);
    CALL_OK(pc, "ack",
            "\"type\":\"league_accept\",\"league\":%lld,\"token\":\"%s\",\"stage\":1,"
            "\"match\":2,\"board\":1}",
            L, tok[R[1][2]]);
    CHECK(wait_note(pc, R[1][2], "game", 2, 1, 5000) != NULL);

    /* The rest of the group stage by the director: White wins, draws, Black wins. */
    static const char *const gres[] = {"1-0", "1/2-1/2", "0-1", "1-0", "1-0"};
    decide_rest(dir, L, 1, gres, 5);
    sn = snap(dir, L);
    CHECK_EQ_STR("the group stage is over", "between", str(sn, "status"));
    CHECK_EQ_INT("semi-finals and final", 3,
                 cJSON_GetArraySize(cJSON_GetObjectItem(sn, "bracket")));
    cJSON_Delete(sn);
    r = call(dir, "\"type\":\"league_export\",\"league\":%lld,\"what\":\"tables\"}", L);
    CHECK_MSG(r && strstr(r, "\"export_reply\"") && strstr(r, "Team 1"), "tables: %.200s",
              r ? r : "");
    free(r);

    /* Semi-finals: SF1 won 8-0 by the first-named; SF2 drawn 4-4: the lower rating goes
     * through (art. 7). */
    CALL_OK(dir, "ack", "\"type\":\"league_stage_start\",\"league\":%lld}", L);
    sn = snap(dir, L);
    CHECK_EQ_STR("sf", "sf", str(sn, "stage"));
    const cJSON *m;
    cJSON_ArrayForEach(m, cJSON_GetObjectItem(sn, "fixtures"))
    {
        long long first =
            (long long)cJSON_GetNumberValue(cJSON_GetArrayItem(cJSON_GetObjectItem(m, "teams"), 0));
        const cJSON *y;
        cJSON_ArrayForEach(y, cJSON_GetObjectItem(m, "games"))
        {
            bool first_white = (long long)num(y, "white_team") == first;
            const char *res = num(m, "match") == 5 ? (first_white ? "1-0" : "0-1") : "1/2-1/2";
            CALL_OK(dir, "ack",
                    "\"type\":\"league_result\",\"league\":%lld,\"stage\":3,\"match\":%d,"
                    "\"board\":%d,\"game\":%d,\"result\":\"%s\"}",
                    L, num(m, "match"), num(y, "board"), num(y, "game"), res);
        }
    }
    cJSON_Delete(sn);
    sn = snap(dir, L);
    const cJSON *kb = cJSON_GetObjectItem(sn, "bracket");
    const cJSON *sf1 = cJSON_GetArrayItem(kb, 0), *sf2 = cJSON_GetArrayItem(kb, 1);
    const cJSON *t2 = cJSON_GetObjectItem(sf2, "teams"), *r2 = cJSON_GetObjectItem(sf2, "rating");
    double ra = cJSON_GetNumberValue(cJSON_GetArrayItem(r2, 0)),
           rb = cJSON_GetNumberValue(cJSON_GetArrayItem(r2, 1));
    long long lower = (long long)cJSON_GetNumberValue(cJSON_GetArrayItem(t2, ra < rb ? 0 : 1));
    CHECK_EQ_STR("SF1 by points", "points", str(sf1, "by"));
    CHECK_EQ_STR("SF2 drawn: by rating", "rating", str(sf2, "by"));
    CHECK_MSG(ra != rb && (long long)num(sf2, "winner") == lower,
              "SF2: the lower-rated team through (%.2f v %.2f)", ra, rb);
    long long f1 = (long long)num(sf1, "winner");
    cJSON_Delete(sn);

    /* The final: the second-named team wins every game. */
    CALL_OK(dir, "ack", "\"type\":\"league_stage_start\",\"league\":%lld}", L);
    sn = snap(dir, L);
    m = cJSON_GetArrayItem(cJSON_GetObjectItem(sn, "fixtures"), 0);
    long long fin[2] = {
        (long long)cJSON_GetNumberValue(cJSON_GetArrayItem(cJSON_GetObjectItem(m, "teams"), 0)),
        (long long)cJSON_GetNumberValue(cJSON_GetArrayItem(cJSON_GetObjectItem(m, "teams"), 1))};
    CHECK_MSG(num(m, "match") == 7 && fin[0] == f1 && fin[1] == lower,
              "the final: W(SF1) v W(SF2)");
    const cJSON *y;
    cJSON_ArrayForEach(y, cJSON_GetObjectItem(m, "games"))
    {
        bool second_white = (long long)num(y, "white_team") == fin[1];
        CALL_OK(dir, "ack",
                "\"type\":\"league_result\",\"league\":%lld,\"stage\":4,\"match\":7,"
                "\"board\":%d,\"game\":%d,\"result\":\"%s\"}",
                L, num(y, "board"), num(y, "game"), second_white ? "1-0" : "0-1");
    }
    cJSON_Delete(sn);
    sn = snap(dir, L);
    CHECK_EQ_STR("finished", "finished", str(sn, "status"));
    CHECK_EQ_INT("the winner", (int)fin[1], num(sn, "winner"));
    cJSON_Delete(sn);
    wsc_free(pc);
    wsc_free(dir);
    wsc_ctx_free(x);
    ITEST_FINISH(&s);
}

static const bh_test_case cases[] = {
    {"league_end_to_end", league_end_to_end},
};

ITEST_MAIN(cases)
