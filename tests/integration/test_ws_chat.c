/* test_ws_chat.c: partner chat anchored to the game over real sockets.
 * Two partners chat (lines and signals) at known plies; each line carries both boards' plies
 * and the game time; a reconnect gets the team's lines back in order with their plies (the
 * state's chat list); the other team never receives them (P-SEAT); the director's BPGN export
 * with "chat": true has both teams' lines as comments at the moves they followed, without it
 * none; a player's or a spectator's export never has chat (asking is unauthorized, field chat);
 * all of it survives SIGKILL + restart, of a live game and of a finished one.
 * SPDX-License-Identifier: MIT */
#include "itest.h"
#include "xalloc.h"

static const char *bin;

/* Seats: 0 ann (WhiteA) + 3 bob (BlackB) are team 1; 1 cid (BlackA) + 2 dan (WhiteB) team 2. */

/* join / resign of game a with id, as c. */
static char *call_game(wsc *c, const char *type, int id, long long a)
{
    char msg[256];
    snprintf(msg, sizeof msg, "{\"type\":\"%s\",\"id\":%d,\"game\":%lld}", type, id, a);
    return itest_call(c, msg);
}

/* Every frame each connection received, whoever read it (the calls skip pushes): a test
 * reads what was pushed to a seat from its log. */
static struct {
    wsc *c;
    char *log;
    size_t n, cap;
} rec[8];

static char *rec_recv(wsc *c, int ms)
{
    char *f = wsc_recv(c, ms);
    for (size_t i = 0; f && i < BH_ARRAY_LEN(rec); i++)
        if (rec[i].c == c || !rec[i].c) {
            rec[i].c = c;
            size_t k = strlen(f);
            if (rec[i].n + k + 2 > rec[i].cap) {
                rec[i].cap = (rec[i].n + k + 2) * 2;
                rec[i].log = xrealloc(rec[i].log, rec[i].cap);
            }
            memcpy(rec[i].log + rec[i].n, f, k);
            rec[i].n += k;
            rec[i].log[rec[i].n++] = '\n';
            rec[i].log[rec[i].n] = '\0';
            break;
        }
    return f;
}

/* What c received so far ("" none). */
static const char *log_of(wsc *c)
{
    for (size_t i = 0; i < BH_ARRAY_LEN(rec); i++)
        if (rec[i].c == c)
            return rec[i].log ? rec[i].log : "";
    return "";
}

static void rec_reset(void)
{
    for (size_t i = 0; i < BH_ARRAY_LEN(rec); i++)
        free(rec[i].log);
    memset(rec, 0, sizeof rec);
}

static char *rcall(wsc *c, const char *text)
{
    return itest_call_via(c, text, 200, ITEST_REPLY_MS, rec_recv);
}

static char *rmove(wsc *c, long long gid, int id, const char *board, int ply, const char *mv)
{
    return itest_move_via(c, gid, id, board, ply, mv, rec_recv);
}

/* Send a chat line from c; true when acknowledged. */
static bool say(wsc *c, long long game, int id, const char *text)
{
    char msg[256];
    snprintf(msg, sizeof msg, "{\"type\":\"chat\",\"id\":%d,\"game\":%lld,\"text\":\"%s\"}", id,
             game, text);
    char *r = rcall(c, msg);
    char t[32];
    bool ok = r && strcmp(jstr(r, "type", t, sizeof t), "ack") == 0;
    CHECK_MSG(ok, "chat %s: %s", text, r ? r : "(none)");
    free(r);
    return ok;
}

/* Every frame pushed to c so far: a ping's reply comes after them (the server answers in
 * order). Borrowed from the log. */
static const char *drain(wsc *c, int id)
{
    char msg[64];
    snprintf(msg, sizeof msg, "{\"type\":\"ping\",\"id\":%d}", id);
    char *r = rcall(c, msg);
    CHECK_MSG(r != NULL, "no pong %d", id);
    free(r);
    return log_of(c);
}

/* The state's chat list, from "chat":[ to its end (NULL if absent). */
static const char *chat_of(const char *state)
{
    return state ? strstr(state, "\"chat\":[") : NULL;
}

/* a occurs in s, and before b (b NULL: anywhere after a). */
static bool before(const char *s, const char *a, const char *b)
{
    const char *pa = s ? strstr(s, a) : NULL;
    const char *pb = pa && b ? strstr(pa, b) : NULL;
    return pa && (!b || pb);
}

static char *export_bpgn(wsc *c, long long game, int id, const char *chat)
{
    char msg[160];
    snprintf(msg, sizeof msg, "{\"type\":\"export\",\"id\":%d,\"format\":\"bpgn\",\"game\":%lld%s}",
             id, game, chat);
    return itest_call(c, msg);
}

/* The director's BPGN export with chat: both teams' lines at their moves. */
static void check_director_export(wsc *dir, long long game, const char *when, char **out)
{
    char *r = export_bpgn(dir, game, 40, ",\"chat\":true");
    char t[32];
    CHECK_MSG(r && strcmp(jstr(r, "type", t, sizeof t), "export") == 0, "%s: export: %s", when,
              r ? r : "(none)");
    /* ann's line before any move; bob's (its '}' written ')') and cid's after 1B. d4 and
     * before 2A. Nf3; the signal after 2A. Nf3. */
    CHECK_MSG(before(r, "{[%chat WhiteA ", "] hi partner} 1A. e4{"), "%s: line 1: %s", when,
              r ? r : "(none)");
    CHECK_MSG(before(r, "1B. d4{", "{[%chat BlackB ") &&
                  before(r, "] need a knight :)}", "2A. Nf3{"),
              "%s: line 2 at ply 3: %s", when, r ? r : "(none)");
    CHECK_MSG(before(r, "1B. d4{", "{[%chat BlackA ") && before(r, "] plan of team 2}", "2A. Nf3{"),
              "%s: the other team's line too, for the director: %s", when, r ? r : "(none)");
    CHECK_MSG(before(r, "2A. Nf3{", "{[%chat WhiteA ") && before(r, "] sit!}", NULL),
              "%s: the signal after Nf3: %s", when, r ? r : "(none)");
    CHECK_MSG(before(r, "need a knight", "plan of team 2") && before(r, "plan of team 2", "sit!"),
              "%s: in the order sent: %s", when, r ? r : "(none)");
    if (out)
        *out = r;
    else
        free(r);
    r = export_bpgn(dir, game, 41, "");
    CHECK_MSG(r && strstr(r, "1A. e4{") && !strstr(r, "[%chat"), "%s: default has no chat: %s",
              when, r ? r : "(none)");
    free(r);
    r = export_bpgn(dir, game, 42, ",\"chat\":false");
    CHECK_MSG(r && strstr(r, "1A. e4{") && !strstr(r, "[%chat"), "%s: chat false: %s", when,
              r ? r : "(none)");
    free(r);
}

/* Team 1's lines in a state, in order, with their plies. */
static void check_team1_state(const char *st, const char *when)
{
    const char *c = chat_of(st);
    CHECK_MSG(c && before(c, "{\"seat\":0,\"text\":\"hi partner\"", "\"ply\":[0,0]"),
              "%s: line 1 and its plies: %s", when, st ? st : "(none)");
    CHECK_MSG(c && before(c, "{\"seat\":3,\"text\":\"need a knight :}\"", "\"ply\":[2,1]"),
              "%s: line 2 at A 2 plies, B 1: %s", when, st ? st : "(none)");
    CHECK_MSG(c && before(c, "{\"seat\":0,\"text\":\"sit!\"", "\"ply\":[3,1]"),
              "%s: the signal at A 3, B 1: %s", when, st ? st : "(none)");
    CHECK_MSG(c && before(c, "hi partner", "need a knight") && before(c, "need a knight", "sit!"),
              "%s: in order: %s", when, st ? st : "(none)");
    CHECK_MSG(c && !strstr(c, "plan of team 2"), "%s: no line of the other team: %s", when, st);
}

/* The game time of the n-th (0-based) chat line of a state, -1 if none. */
static long long game_ms_of(const char *st, int n)
{
    const char *p = chat_of(st);
    for (int i = 0; p && i <= n; i++)
        if ((p = strstr(p + 1, "\"game_ms\":")) == NULL)
            return -1;
    return p ? strtoll(p + 10, NULL, 10) : -1;
}

/* The read-only view a finished game's tokens open (issue 13 items 9 and 10): bob's (team
 * 1, st his state) and cid's (team 2) read their own team's lines with their plies, never the
 * other team's; whatever a seat does from it gets game_over naming the game, and the
 * connection keeps working; a spectator without a token reads no chat. */
static void check_finished_view(wsc_ctx *x, itest_srv *s, itest_game *g, const char *st)
{
    CHECK_MSG(st && strstr(st, "\"role\":\"spectator\"") && strstr(st, "\"you\":-1"),
              "read-only view: %s", st ? st : "(none)");
    check_team1_state(st, "finished view (bob)");
    char msg[256];
    static const char *const acts[][2] = {
        /* type, the fields after game */
        {"move", ",\"board\":\"B\",\"ply\":1,\"move\":\"e7e5\""},
        {"chat", ",\"text\":\"after the end\""},
        {"resign", ""},
        {"draw", ",\"action\":\"offer\""},
        {"claim", ""},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(acts); i++) {
        snprintf(msg, sizeof msg, "{\"type\":\"%s\",\"id\":%d,\"game\":%lld%s}", acts[i][0],
                 60 + (int)i, (long long)g->game, acts[i][1]);
        char *r = itest_call(g->p[3], msg);
        CHECK_MSG(r && strstr(r, "\"code\":\"game_over\"") && strstr(r, "\"field\":\"game\""),
                  "the view's %s: %s", msg, r ? r : "(none)");
        free(r);
    }
    char *again = call_game(g->p[3], "join", 66, g->game); /* still working, nothing added */
    CHECK_MSG(again && chat_of(again) && !strstr(again, "after the end"),
              "the view after its refused acts: %s", again ? again : "(none)");
    free(again);
    char *cid = itest_seat(x, s, g, 1);
    CHECK_MSG(cid && strstr(cid, "\"role\":\"spectator\"") && chat_of(cid) &&
                  strstr(chat_of(cid), "plan of team 2") && !strstr(cid, "hi partner") &&
                  !strstr(cid, "need a knight") && !strstr(cid, "sit!"),
              "team 2's read-only view: %s", cid ? cid : "(none)");
    free(cid);
    wsc *spec = itest_connect(x, s, NULL);
    char *sp = call_game(spec, "join", 67, g->game);
    CHECK_MSG(sp && strstr(sp, "\"type\":\"state\"") && !chat_of(sp) && !strstr(sp, "hi partner") &&
                  !strstr(sp, "plan of team 2"),
              "a spectator of the finished game: %s", sp ? sp : "(none)");
    free(sp);
    wsc_free(spec);
}

static void chat_at_plies(void)
{
    itest_srv s;
    itest_init(&s, bin);
    CHECK_MSG(itest_start(&s, NULL) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    itest_game g = {0};
    char e[32];
    CHECK_EQ_INT("live", 0, itest_game_live(x, &s, &g, 300000));
    long long id = g.game;
    wsc *spec = itest_connect(x, &s, NULL);
    free(call_game(spec, "join", 2, id));
    for (int i = 0; i < 4; i++) /* what was pushed so far (start, seats) */
        drain(g.p[i], 90);
    drain(spec, 90);

    /* ann before any move; the moves; bob and cid at A 2 plies, B 1; ann's signal after Nf3. */
    say(g.p[0], id, 30, "hi partner");
    char *r = rmove(g.p[0], id, 20, "A", 0, "e2e4");
    free(r);
    free(rmove(g.p[1], id, 21, "A", 1, "e7e5"));
    free(rmove(g.p[2], id, 22, "B", 0, "d2d4"));
    say(g.p[3], id, 31, "need a knight :}");
    say(g.p[1], id, 32, "plan of team 2");
    r = rmove(g.p[0], id, 23, "A", 2, "g1f3");
    CHECK_EQ_STR("Nf3", "ack", jstr(r, "type", e, sizeof e));
    free(r);
    say(g.p[0], id, 33, "sit!");

    /* The pushes: bob got his partner's lines with their anchors; the other team and the
     * spectator got none of them, cid's partner dan got cid's. */
    const char *got = drain(g.p[3], 91);
    CHECK_MSG(before(got, "\"text\":\"hi partner\"", "\"ply\":[0,0]") &&
                  before(got, "\"text\":\"sit!\"", "\"ply\":[3,1]") && strstr(got, "\"game_ms\":"),
              "partner's pushes with plies: %s", got);
    CHECK_MSG(!strstr(got, "plan of team 2"), "team 1 got team 2's line: %s", got);
    CHECK_MSG(!strstr(drain(g.p[0], 94), "plan of team 2"), "ann got team 2's line");
    for (int seat = 1; seat <= 2; seat++) {
        got = drain(g.p[seat], 92);
        CHECK_MSG(!strstr(got, "hi partner") && !strstr(got, "need a knight") &&
                      !strstr(got, "sit!"),
                  "seat %d (team 2) received team 1's chat: %s", seat, got);
        CHECK_MSG(seat == 1 || strstr(got, "plan of team 2"), "dan gets cid's line: %s", got);
    }
    got = drain(spec, 93);
    CHECK_MSG(!strstr(got, "\"type\":\"chat\""), "the spectator received chat: %s", got);

    /* bob reconnects: the team's lines, in order, with plies; game time does not go back. */
    wsc_free(g.p[3]);
    g.p[3] = NULL;
    rec_reset(); /* no connection of the log may be reused for another */
    char *st = itest_seat(x, &s, &g, 3);
    check_team1_state(st, "reconnect");
    long long t0 = game_ms_of(st, 0), t1 = game_ms_of(st, 1), t2 = game_ms_of(st, 2);
    CHECK_MSG(t0 >= 0 && t0 <= t1 && t1 <= t2, "game times %lld %lld %lld", t0, t1, t2);
    free(st);
    /* cid's own state: team 2's line only. */
    st = call_game(g.p[1], "join", 12, id);
    CHECK_MSG(chat_of(st) && strstr(chat_of(st), "plan of team 2") && !strstr(st, "hi partner") &&
                  !strstr(st, "sit!"),
              "team 2's state: %s", st ? st : "(none)");
    free(st);
    st = call_game(spec, "join", 13, id);
    CHECK_MSG(st && !chat_of(st), "a spectator's state has no chat: %s", st ? st : "(none)");
    free(st);

    /* Exports of the live game: the director's with chat; nobody else may ask for chat. */
    check_director_export(g.dir, id, "live", NULL);
    char msg[160];
    snprintf(msg, sizeof msg,
             "{\"type\":\"export\",\"id\":43,\"format\":\"bpgn\",\"game\":%lld,\"chat\":true}", id);
    r = itest_call(g.p[0], msg);
    CHECK_MSG(r && strstr(r, "\"code\":\"unauthorized\"") && strstr(r, "\"field\":\"chat\""),
              "a player asks for chat: %s", r ? r : "(none)");
    free(r);
    snprintf(msg, sizeof msg,
             "{\"type\":\"export\",\"id\":44,\"format\":\"bpgn\",\"game\":%lld,\"chat\":1}", id);
    r = itest_call(g.dir, msg);
    CHECK_MSG(r && strstr(r, "\"type\":\"error\"") && strstr(r, "\"field\":\"chat\""),
              "chat not a boolean: %s", r ? r : "(none)");
    free(r);

    /* SIGKILL in the live game, restart: the lines and their anchors are all there. */
    char tokens[4][40];
    memcpy(tokens, g.tokens, sizeof tokens);
    CHECK_EQ_INT("killed", 128 + SIGKILL, itest_stop(&s, SIGKILL));
    itest_game_free(&g);
    wsc_free(spec);
    rec_reset();
    for (int round = 0; round < 2; round++) {
        const char *when = round == 0 ? "restart (live)" : "restart (finished)";
        CHECK_MSG(itest_start(&s, NULL) == 0, "server did not restart");
        g.game = id;
        memcpy(g.tokens, tokens, sizeof tokens);
        g.dir = itest_connect(x, &s, NULL);
        r = itest_call(g.dir, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ITEST_ADMIN "\"}");
        CHECK_MSG(r && strstr(r, "\"role\":\"director\""), "director: %s", r ? r : "(none)");
        free(r);
        st = call_game(g.dir, "join", 14, id);
        CHECK_MSG(chat_of(st) && before(chat_of(st), "hi partner", "need a knight") &&
                      before(chat_of(st), "need a knight", "plan of team 2") &&
                      before(chat_of(st), "plan of team 2", "\"ply\":[2,1]") &&
                      before(chat_of(st), "plan of team 2", "sit!"),
                  "%s: director's state: %s", when, st ? st : "(none)");
        CHECK_MSG(game_ms_of(st, 3) == t2, "%s: game time kept: %lld, was %lld", when,
                  game_ms_of(st, 3), t2);
        free(st);
        st = itest_seat(x, &s, &g, 3);
        if (round == 0) /* a live game: bob plays on and reads his team's chat */
            check_team1_state(st, when);
        else /* a finished game's token opens a read-only view (item 10) with its team's chat */
            check_finished_view(x, &s, &g, st);
        free(st);
        char *kept = NULL;
        check_director_export(g.dir, id, when, &kept);
        if (round == 0) {
            /* cid resigns: the game is finished, its record public, and still without chat */
            free(itest_seat(x, &s, &g, 1));
            r = call_game(g.p[1], "resign", 15, id);
            CHECK_EQ_STR("resign", "ack", jstr(r, "type", e, sizeof e));
            free(r);
            free(kept);
        } else {
            CHECK_MSG(strstr(kept, "{BlackA resigns at ") || strstr(kept, "{cid resigns at "),
                      "the resignation in the record: %s", kept);
            free(kept);
        }
        if (round == 1) {
            /* the public record of a finished game: a player's and a spectator's export */
            r = export_bpgn(g.p[3], id, 45, "");
            CHECK_MSG(r && strstr(r, "\"type\":\"export\"") && strstr(r, "1A. e4{") &&
                          !strstr(r, "[%chat") && !strstr(r, "hi partner"),
                      "a player's export: %s", r ? r : "(none)");
            free(r);
            spec = itest_connect(x, &s, NULL);
            r = export_bpgn(spec, id, 46, "");
            CHECK_MSG(r && strstr(r, "\"type\":\"export\"") && !strstr(r, "[%chat"),
                      "a spectator's export: %s", r ? r : "(none)");
            free(r);
            r = export_bpgn(spec, id, 47, ",\"chat\":true");
            CHECK_MSG(r && strstr(r, "\"code\":\"unauthorized\"") &&
                          strstr(r, "\"field\":\"chat\""),
                      "a spectator asks for chat: %s", r ? r : "(none)");
            free(r);
            wsc_free(spec);
            break;
        }
        CHECK_EQ_INT("killed again", 128 + SIGKILL, itest_stop(&s, SIGKILL));
        itest_game_free(&g);
        rec_reset();
    }
    itest_game_free(&g);
    rec_reset();
    wsc_ctx_free(x);
    ITEST_FINISH(&s);
}

static const bh_test_case cases[] = {
    {"chat_at_plies", chat_at_plies},
};

ITEST_MAIN(cases)
