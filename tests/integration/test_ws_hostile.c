/* test_ws_hostile.c: bad input over real sockets. Each bad message gets its typed error and
 * is followed by a valid message on the same connection that still works (STYLE.md section 9,
 * Redis protocol.tcl); the three policy violations (frame over 64 KiB, flood, foreign Origin)
 * get their typed error and then a 1008 close. Also: seats (P-SEAT), stale and resent moves,
 * partner-chat privacy, spectators. SPDX-License-Identifier: MIT */
#include "itest.h"

static const char *bin;
static itest_srv srv;
static wsc_ctx *ctx;

/* The connection answers a ping with a pong (it still works). */
static void still_works(wsc *c, const char *after)
{
    char *r = itest_call(c, "{\"type\":\"ping\",\"id\":999}");
    char t[16];
    CHECK_EQ_STR(after, "pong", jstr(r, "type", t, sizeof t));
    free(r);
}

/* Read c's messages up to the pong of a ping; true if one of them contains needle. */
static bool saw_before_pong(wsc *c, const char *needle)
{
    wsc_send(c, "{\"type\":\"ping\",\"id\":998}");
    bool seen = false;
    for (;;) {
        char *m = wsc_recv(c, 3000);
        if (!m)
            return seen;
        seen |= strstr(m, needle) != NULL;
        bool pong = strstr(m, "\"type\":\"pong\"") != NULL;
        free(m);
        if (pong)
            return seen;
    }
}

static void bad_messages_keep_the_connection(void)
{
    itest_game g = {0}, g2 = {0};
    CHECK_EQ_INT("create", 0, itest_create_game(ctx, &srv, &g, 60000, false));
    g2.dir = g.dir;
    CHECK_EQ_INT("create 2", 0, itest_create_game(ctx, &srv, &g2, 60000, true));
    for (int seat = 0; seat < 4; seat++)
        free(itest_seat(ctx, &srv, &g, seat));
    free(wsc_recv_type(g.p[0], "start", 3000));
    wsc *p0 = g.p[0];
    char msg[512], e[32];

    struct {
        const char *name, *text, *code;
    } bad[] = {
        {"invalid json", "{\"type\":\"ping\",\"id\":", "bad_json"},
        {"unknown type", "{\"type\":\"teleport\",\"id\":3}", "unknown_type"},
        {"missing field", "{\"type\":\"move\",\"id\":4,\"game\":1,\"ply\":0,\"move\":\"e2e4\"}",
         "missing_field"},
        {"mistyped field",
         "{\"type\":\"move\",\"id\":5,\"game\":\"1\",\"board\":\"A\","
         "\"ply\":0,\"move\":\"e2e4\"}",
         "missing_field"},
        {"huge ply",
         "{\"type\":\"move\",\"id\":6,\"game\":1,\"board\":\"A\",\"ply\":1e300,"
         "\"move\":\"e2e4\"}",
         "missing_field"},
        {"huge id", "{\"type\":\"ping\",\"id\":1e400}", "missing_field"},
        {"no id", "{\"type\":\"ping\"}", "missing_field"},
        {"director command", "{\"type\":\"games\",\"id\":7}", "unauthorized"},
        {"partner board",
         "{\"type\":\"move\",\"id\":8,\"game\":1,\"board\":\"B\",\"ply\":0,"
         "\"move\":\"e2e4\"}",
         "not_your_seat"},
        {"other game",
         "{\"type\":\"move\",\"id\":9,\"game\":2,\"board\":\"A\",\"ply\":0,"
         "\"move\":\"e2e4\"}",
         "not_your_seat"},
        {"chat other game", "{\"type\":\"chat\",\"id\":10,\"game\":2,\"text\":\"hi\"}",
         "not_your_seat"},
        {"no such game", "{\"type\":\"join\",\"id\":11,\"game\":99}", "not_found"},
        {"bad move text",
         "{\"type\":\"move\",\"id\":12,\"game\":1,\"board\":\"A\",\"ply\":0,"
         "\"move\":\"zz9\"}",
         "bad_move"},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(bad); i++) {
        wsc_send(p0, bad[i].text);
        char *r = wsc_recv_type(p0, "error", 3000);
        CHECK_EQ_STR(bad[i].name, bad[i].code, ecode(r, e));
        free(r);
        still_works(p0, bad[i].name);
    }
    /* A binary frame, an oversized message (10 KB > 8 KiB, under the 64 KiB frame limit). */
    wsc_send_raw(p0, "\x01\x02\x03", 3, true);
    char *r = wsc_recv_type(p0, "error", 3000);
    CHECK_EQ_STR("binary", "bad_json", ecode(r, e));
    free(r);
    still_works(p0, "binary");
    char *big = malloc(10001);
    memset(big, ' ', 10000);
    big[0] = '{';
    big[9999] = '}';
    big[10000] = '\0';
    wsc_send(p0, big);
    free(big);
    r = wsc_recv_type(p0, "error", 3000);
    CHECK_EQ_STR("oversized", "too_large", ecode(r, e));
    free(r);
    still_works(p0, "oversized");

    /* Out of turn: Black on A before White moved. */
    r = itest_move(g.p[1], g.game, 20, "A", 0, "e7e5");
    CHECK_EQ_STR("out of turn", "not_your_turn", ecode(r, e));
    free(r);
    still_works(g.p[1], "out of turn");
    /* Premove (P-PREMOVE): Black sends its reply for ply 1 before White's move: rejected. */
    r = itest_move(g.p[1], g.game, 21, "A", 1, "e7e5");
    CHECK_EQ_STR("premove (c2s-move.md)", "stale_ply", ecode(r, e));
    free(r);
    /* White moves; a different move for the same ply is stale; the resend is acked once. */
    r = itest_move(p0, g.game, 22, "A", 0, "e2e4");
    long long seq = jint(r, "seq", -1);
    CHECK_EQ_STR("e4", "ack", jstr(r, "type", e, sizeof e));
    free(r);
    r = itest_move(p0, g.game, 23, "A", 0, "d2d4");
    CHECK_EQ_STR("stale", "stale_ply", ecode(r, e));
    free(r);
    r = itest_move(p0, g.game, 24, "A", 0, "e2e4");
    CHECK_EQ_STR("resend acked", "ack", jstr(r, "type", e, sizeof e));
    CHECK_EQ_INT("resend same seq", seq, jint(r, "seq", -2));
    free(r);
    /* The premove was not queued: Black's ply-1 move is still Black's to make, and the board
     * shows exactly one move. */
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":25,\"game\":%lld}", g.game);
    r = itest_call(g.p[1], msg);
    CHECK_MSG(r && strstr(r, "\"board\":\"A\",\"fen\":\"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/"
                             "RNBQKBNR[] b KQkq"),
              "board A after e4 (premove not applied): %s", r ? r : "(none)");
    CHECK_MSG(r && strstr(r, "\"ply\":1,\"running\":1"), "A ply 1, Black to move: %s",
              r ? r : "(none)");
    free(r);

    /* Partner chat: the partner (seat 3) and the director get it; the opponents and a
     * spectator do not. Spectators may not move or chat. */
    wsc *spec = itest_connect(ctx, &srv, NULL);
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":30,\"game\":%lld}", g.game);
    free(itest_call(spec, msg));
    free(itest_call(g.dir, msg));
    snprintf(msg, sizeof msg,
             "{\"type\":\"chat\",\"id\":31,\"game\":%lld,\"text\":\"sit on "
             "your hands\"}",
             g.game);
    CHECK_CALL_TYPE(p0, msg, "ack");
    CHECK_MSG(saw_before_pong(g.p[3], "sit on your hands"), "partner did not get the chat");
    CHECK_MSG(saw_before_pong(g.dir, "sit on your hands"), "director did not get the chat");
    CHECK_MSG(!saw_before_pong(g.p[1], "sit on your hands"), "opponent got partner chat");
    CHECK_MSG(!saw_before_pong(g.p[2], "sit on your hands"), "opponent got partner chat");
    CHECK_MSG(!saw_before_pong(spec, "sit on your hands"), "spectator got partner chat");
    snprintf(msg, sizeof msg,
             "{\"type\":\"move\",\"id\":32,\"game\":%lld,\"board\":\"A\","
             "\"ply\":1,\"move\":\"e7e5\"}",
             g.game);
    CHECK_CALL_ERR(spec, msg, "unauthorized");
    snprintf(msg, sizeof msg, "{\"type\":\"chat\",\"id\":33,\"game\":%lld,\"text\":\"x\"}", g.game);
    CHECK_CALL_ERR(spec, msg, "unauthorized");
    CHECK_CALL_ERR(spec, "{\"type\":\"auth\",\"id\":34,\"token\":\"not-a-token\"}", "unauthorized");
    still_works(spec, "spectator");
    /* A spectator's state carries no chat at all; the partner's state does. */
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":35,\"game\":%lld}", g.game);
    r = itest_call(spec, msg);
    CHECK_MSG(r && !strstr(r, "\"chat\"") && !strstr(r, "hands"), "spectator state: %s",
              r ? r : "(none)");
    free(r);
    r = itest_call(g.p[3], msg);
    CHECK_MSG(r && strstr(r, "sit on your hands"), "partner state lacks the chat: %s",
              r ? r : "(none)");
    free(r);

    /* A move after the game ended: game 2, started by the director, resigned. */
    char *st = itest_seat(ctx, &srv, &g2, 0);
    free(st);
    snprintf(msg, sizeof msg, "{\"type\":\"game_start\",\"id\":40,\"game\":%lld}", g2.game);
    CHECK_CALL_TYPE(g.dir, msg, "ack");
    CHECK_CALL_ERR(g.dir, msg, "bad_state");
    snprintf(msg, sizeof msg, "{\"type\":\"resign\",\"id\":41,\"game\":%lld}", g2.game);
    CHECK_CALL_TYPE(g2.p[0], msg, "ack");
    r = itest_move(g2.p[0], g2.game, 42, "A", 0, "e2e4");
    CHECK_EQ_STR("after end", "game_over", ecode(r, e));
    free(r);
    still_works(g2.p[0], "after end");

    wsc_free(spec);
    g2.dir = NULL;
    itest_game_free(&g2);
    itest_game_free(&g);
}

static void policy_violations_close(void)
{
    char e[32];
    /* A frame over 64 KiB: too_large, then close 1008. */
    wsc *c = itest_connect(ctx, &srv, NULL);
    size_t n = 70000;
    char *big = malloc(n + 1);
    memset(big, 'x', n);
    big[n] = '\0';
    wsc_send(c, big);
    free(big);
    char *r = wsc_recv_type(c, "error", 3000);
    CHECK_EQ_STR("huge frame", "too_large", ecode(r, e));
    free(r);
    CHECK(itest_wait_closed(ctx, c, 5000));
    CHECK_EQ_INT("close code", 1008, wsc_close_code(c));
    CHECK_EQ_STR("close reason", "too_large", wsc_close_reason(c));
    wsc_free(c);

    /* A flood: 41 pings at once, one over the burst of 40 (floods of 300 and 3000, whose rest
     * arrives after the server's close frame: test_ws_shell). On a server of its own that refills 1
     * message per second: at the default 20/s a busy machine that spreads the 41 over more than 50
     * ms earns the client a token, and no flood (the flake seen once under load). */
    itest_srv slow;
    itest_init(&slow, bin);
    const char *slow_args[] = {"--rate", "1", "--burst", "40", NULL};
    CHECK_MSG(itest_start(&slow, slow_args) == 0, "second server did not start");
    c = itest_connect(ctx, &slow, NULL);
    for (int i = 0; c && i < 41; i++)
        wsc_send(c, "{\"type\":\"ping\",\"id\":1}");
    r = c ? wsc_recv_type(c, "error", 5000) : NULL;
    CHECK_EQ_STR("flood", "rate_limited", ecode(r, e));
    free(r);
    CHECK(c && itest_wait_closed(ctx, c, 5000));
    CHECK_EQ_INT("flood close", 1008, c ? wsc_close_code(c) : 0);
    wsc_free(c);
    ITEST_FINISH(&slow);

    /* A foreign Origin: unauthorized (field origin), then close. */
    c = itest_connect(ctx, &srv, "https://evil.example");
    CHECK_MSG(c != NULL, "upgrade with a foreign origin did not complete");
    if (c) {
        r = wsc_recv_type(c, "error", 3000);
        CHECK_EQ_STR("origin", "unauthorized", ecode(r, e));
        CHECK_EQ_STR("origin field", "origin", jstr(r, "field", e, sizeof e));
        free(r);
        CHECK(itest_wait_closed(ctx, c, 5000));
        wsc_free(c);
    }
    /* Allowed origins: the configured one and the server's own. */
    c = itest_connect(ctx, &srv, "https://ok.example");
    CHECK_MSG(c != NULL, "allowed origin refused");
    if (c)
        still_works(c, "allowed origin");
    wsc_free(c);
    char own[64];
    snprintf(own, sizeof own, "https://127.0.0.1:%d", srv.port);
    c = itest_connect(ctx, &srv, own);
    CHECK_MSG(c != NULL, "same origin refused");
    if (c)
        still_works(c, "same origin");
    wsc_free(c);
    /* Another subprotocol is refused at the handshake. */
    wsc_opts o = {.host = "127.0.0.1", .port = srv.port, .tls = true, .subprotocol = "chat"};
    c = wsc_connect(ctx, &o, 2000);
    CHECK_MSG(c == NULL, "a connection without bughouse.v1 was accepted");
    wsc_free(c);
}

/* Mutated golden client messages from the director, a player and a spectator (35 per
 * connection, under the flood limit): the server answers each with a well-formed message,
 * never crashes (it runs under ASan), and the connections still work afterwards. */
static void random_garbage_over_the_wire(void)
{
    static const char *const files[] = {"c2s-auth.json",
                                        "c2s-join.json",
                                        "c2s-move.json",
                                        "c2s-chat.json",
                                        "c2s-draw.json",
                                        "c2s-game_create.json",
                                        "c2s-team_register.json",
                                        "c2s-resign.json",
                                        "c2s-game_pause.json",
                                        "c2s-game_result.json",
                                        "c2s-team_withdraw.json",
                                        "c2s-round_pair.json",
                                        "c2s-round_pair_hand.json",
                                        "c2s-round_start.json",
                                        "c2s-export.json",
                                        "c2s-live.json",
                                        "c2s-game2_colors.json"};
    char *ex[BH_ARRAY_LEN(files)];
    for (size_t i = 0; i < BH_ARRAY_LEN(files); i++)
        ex[i] = bh_test_example(files[i]);
    uint64_t rng = 0x2545F4914F6CDD1DULL;
    int bad_replies = 0, sent = 0;
    for (int round = 0; round < 6; round++) {
        itest_game g = {0};
        if (itest_create_game(ctx, &srv, &g, 60000, false) != 0) {
            CHECK_MSG(false, "create failed");
            break;
        }
        free(itest_seat(ctx, &srv, &g, 0));
        wsc *who[3] = {g.dir, g.p[0], itest_connect(ctx, &srv, NULL)};
        for (int k = 0; k < 3; k++) {
            for (int i = 0; i < 30 && who[k]; i++) {
                rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
                const char *src = ex[rng % BH_ARRAY_LEN(files)];
                if (!src)
                    continue;
                char buf[4200];
                size_t n = strlen(src);
                memcpy(buf, src, n + 1);
                for (int e = 0; e < 1 + (int)(rng >> 60); e++) {
                    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
                    size_t at = (size_t)(rng >> 16) % n;
                    buf[at] = "{}[]\":,019eE.-aAB \\"[(rng >> 8) % 20];
                }
                wsc_send(who[k], buf);
                sent++;
            }
            /* Every reply up to the pong is a typed message. */
            wsc_send(who[k], "{\"type\":\"ping\",\"id\":4242}");
            for (;;) {
                char *m = wsc_recv(who[k], 3000);
                if (!m) {
                    bad_replies++;
                    break;
                }
                if (strncmp(m, "{\"type\":\"", 9) != 0)
                    bad_replies++;
                bool pong = strstr(m, "\"id\":4242") != NULL;
                free(m);
                if (pong)
                    break;
            }
        }
        wsc_free(who[2]);
        itest_game_free(&g);
    }
    for (size_t i = 0; i < BH_ARRAY_LEN(files); i++)
        free(ex[i]);
    CHECK_EQ_INT("replies that are not typed messages (or missing)", 0, bad_replies);
    CHECK_MSG(sent > 400, "only %d messages sent", sent);
}

/* The director's controls, the live list and P-GAME2's game2_colors with bad input: missing
 * fields, wrong types, huge and negative numbers, unknown ids, the wrong state, and the wrong
 * sender (a spectator, a player). Each gets its typed error and the connection still works;
 * the game and the tournament are unchanged (the game is still live and unpaused, the
 * tournament still registering with its teams). */
/* fmt with each '@' replaced by arg, into out. */
static void subst(char *out, size_t cap, const char *fmt, const char *arg)
{
    size_t n = 0, la = strlen(arg);
    for (; *fmt && n + la + 1 < cap; fmt++) {
        if (*fmt == '@') {
            memcpy(out + n, arg, la);
            n += la;
        } else {
            out[n++] = *fmt;
        }
    }
    out[n] = '\0';
}

static void director_controls_hostile(void)
{
    itest_game g = {0}, w = {0};
    CHECK_EQ_INT("create", 0, itest_create_game(ctx, &srv, &g, 60000, false));
    w.dir = g.dir;
    CHECK_EQ_INT("create waiting", 0, itest_create_game(ctx, &srv, &w, 60000, true));
    for (int seat = 0; seat < 4; seat++)
        free(itest_seat(ctx, &srv, &g, seat));
    free(wsc_recv_type(g.p[0], "start", 3000));
    wsc *d = g.dir, *spec = itest_connect(ctx, &srv, NULL);
    char *r = itest_call(d, "{\"type\":\"tournament_create\",\"id\":50,\"name\":\"Hostile\"}");
    long long tid = jint(r, "tournament", -1);
    free(r);
    r = itest_call(d, "{\"type\":\"team_register\",\"id\":51,\"tournament\":1,\"name\":\"x\","
                      "\"players\":[\"a\",\"b\"]}");
    free(r);
    CHECK_MSG(tid > 0, "no tournament");
    char live[32], wait[32], tour[32], t[64][256];
    snprintf(live, sizeof live, "%lld", g.game);
    snprintf(wait, sizeof wait, "%lld", w.game);
    snprintf(tour, sizeof tour, "%lld", tid);
    struct {
        const char *fmt, *arg, *code;
    } bad[] = {
        {"{\"type\":\"game_pause\",\"id\":60,\"paused\":true}", "", "missing_field"},
        {"{\"type\":\"game_pause\",\"id\":61,\"game\":\"@\",\"paused\":true}", live,
         "missing_field"},
        {"{\"type\":\"game_pause\",\"id\":62,\"game\":-@,\"paused\":true}", live, "missing_field"},
        {"{\"type\":\"game_pause\",\"id\":63,\"game\":@.5,\"paused\":true}", live, "missing_field"},
        {"{\"type\":\"game_pause\",\"id\":64,\"game\":9007199254740993,\"paused\":true}", "",
         "missing_field"},
        {"{\"type\":\"game_pause\",\"id\":65,\"game\":1e999,\"paused\":true}", "", "missing_field"},
        {"{\"type\":\"game_pause\",\"id\":66,\"game\":@}", live, "missing_field"},
        {"{\"type\":\"game_pause\",\"id\":67,\"game\":@,\"paused\":\"true\"}", live,
         "missing_field"},
        {"{\"type\":\"game_pause\",\"id\":68,\"game\":@,\"paused\":null}", live, "missing_field"},
        {"{\"type\":\"game_pause\",\"id\":69,\"game\":999999,\"paused\":true}", "", "not_found"},
        {"{\"type\":\"game_pause\",\"id\":70,\"game\":@,\"paused\":true}", wait, "bad_state"},
        {"{\"type\":\"game_pause\",\"id\":71,\"game\":@,\"paused\":false}", live, "bad_state"},
        {"{\"type\":\"game_result\",\"id\":72,\"game\":@,\"result\":\"2-0\",\"reason\":\"x\"}",
         live, "missing_field"},
        {"{\"type\":\"game_result\",\"id\":73,\"game\":@,\"result\":1,\"reason\":\"x\"}", live,
         "missing_field"},
        {"{\"type\":\"game_result\",\"id\":74,\"game\":@,\"result\":\"1-0\"}", live,
         "missing_field"},
        {"{\"type\":\"game_result\",\"id\":75,\"game\":@,\"result\":\"1-0\",\"reason\":\"\"}", live,
         "missing_field"},
        {"{\"type\":\"game_result\",\"id\":76,\"game\":@,\"result\":\"1-0\","
         "\"reason\":\"012345678901234567890123\"}",
         live, "too_large"},
        {"{\"type\":\"game_result\",\"id\":77,\"game\":@,\"result\":\"1-0\",\"reason\":[\"x\"]}",
         live, "missing_field"},
        {"{\"type\":\"game_result\",\"id\":78,\"game\":999999,\"result\":\"1-0\",\"reason\":\"x\"}",
         "", "not_found"},
        {"{\"type\":\"game_result\",\"id\":79,\"game\":@,\"result\":\"1-0\",\"reason\":\"x\"}",
         wait, "bad_state"},
        {"{\"type\":\"team_withdraw\",\"id\":80,\"tournament\":@}", tour, "missing_field"},
        {"{\"type\":\"team_withdraw\",\"id\":81,\"tournament\":@,\"team\":-1}", tour,
         "missing_field"},
        {"{\"type\":\"team_withdraw\",\"id\":82,\"tournament\":@,\"team\":1,\"keep_current\":1}",
         tour, "missing_field"},
        {"{\"type\":\"team_withdraw\",\"id\":83,\"tournament\":999999,\"team\":1}", "",
         "not_found"},
        {"{\"type\":\"team_withdraw\",\"id\":84,\"tournament\":@,\"team\":1}", tour, "bad_state"},
        {"{\"type\":\"round_pair\",\"id\":85}", "", "missing_field"},
        {"{\"type\":\"round_pair\",\"id\":86,\"tournament\":\"@\"}", tour, "missing_field"},
        {"{\"type\":\"round_pair\",\"id\":87,\"tournament\":0}", "", "missing_field"},
        {"{\"type\":\"round_pair\",\"id\":88,\"tournament\":999999}", "", "not_found"},
        {"{\"type\":\"round_pair\",\"id\":89,\"tournament\":@}", tour, "bad_state"},
        {"{\"type\":\"round_pair\",\"id\":104,\"tournament\":@,\"pairs\":[[1,\"2\"]]}", tour,
         "missing_field"},
        {"{\"type\":\"round_pair\",\"id\":105,\"tournament\":@,\"pairs\":[[1,2]],"
         "\"allow_rematch\":0}",
         tour, "missing_field"},
        {"{\"type\":\"round_pair\",\"id\":106,\"tournament\":@,\"pairs\":[[1,0]]}", tour,
         "bad_state"},
        {"{\"type\":\"round_start\",\"id\":90,\"tournament\":{}}", "", "missing_field"},
        {"{\"type\":\"round_start\",\"id\":91,\"tournament\":999999}", "", "not_found"},
        {"{\"type\":\"round_start\",\"id\":92,\"tournament\":@}", tour, "bad_state"},
        {"{\"type\":\"export\",\"id\":93,\"game\":@}", live, "missing_field"},
        {"{\"type\":\"export\",\"id\":94,\"format\":\"pgn\",\"game\":@}", live, "missing_field"},
        {"{\"type\":\"export\",\"id\":95,\"format\":\"bpgn\",\"tournament\":@}", tour,
         "missing_field"},
        {"{\"type\":\"export\",\"id\":96,\"format\":\"trf\",\"game\":@}", live, "missing_field"},
        {"{\"type\":\"export\",\"id\":97,\"format\":\"bpgn\",\"game\":999999}", "", "not_found"},
        {"{\"type\":\"export\",\"id\":98,\"format\":\"trf\",\"tournament\":999999}", "",
         "not_found"},
        {"{\"type\":\"export\",\"id\":99,\"format\":\"bpgn\",\"game\":@}", wait, "bad_state"},
        {"{\"type\":\"game2_colors\",\"id\":100,\"game\":@}", live, "missing_field"},
        {"{\"type\":\"game2_colors\",\"id\":101,\"game\":@,\"swap\":1}", live, "missing_field"},
        {"{\"type\":\"game2_colors\",\"id\":102,\"game\":@,\"swap\":true}", live, "not_found"},
        {"{\"type\":\"live\",\"id\":-1}", "", "missing_field"},
        {"{\"type\":\"live\",\"id\":103,\"v\":2}", "", "missing_field"},
    };
    char e[32];
    for (size_t i = 0; i < BH_ARRAY_LEN(bad) && i < BH_ARRAY_LEN(t); i++) {
        subst(t[i], sizeof t[i], bad[i].fmt, bad[i].arg);
        itest_sleep_ms(60); /* under the flood limit (20 messages/s) */
        wsc_send(d, t[i]);
        r = wsc_recv_type(d, "error", 3000);
        CHECK_EQ_STR(t[i], bad[i].code, ecode(r, e));
        free(r);
    }
    still_works(d, "director after the bad controls");
    /* The director-only messages from a spectator and from a player: unauthorized. */
    static const char *const dir_only[] = {"game_pause", "game_result", "team_withdraw",
                                           "round_pair", "round_start", "export"};
    for (size_t i = 0; i < BH_ARRAY_LEN(dir_only); i++) {
        char msg[256];
        snprintf(msg, sizeof msg,
                 "{\"type\":\"%s\",\"id\":110,\"game\":%s,\"paused\":true,\"result\":\"1-0\","
                 "\"reason\":\"x\",\"tournament\":%s,\"team\":1,\"format\":\"bpgn\"}",
                 dir_only[i], live, tour);
        CHECK_CALL_ERR(spec, msg, "unauthorized");
        CHECK_CALL_ERR(g.p[0], msg, "unauthorized");
    }
    still_works(spec, "spectator");
    still_works(g.p[0], "player");
    /* Nothing changed: the game is live and not paused, the tournament still registering. */
    char msg[256];
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":111,\"game\":%s}", live);
    r = itest_call(spec, msg);
    CHECK_MSG(r && strstr(r, "\"status\":\"live\"") && strstr(r, "\"paused\":false") &&
                  strstr(r, "\"result\":null"),
              "game after the bad controls: %.300s", r ? r : "(none)");
    free(r);
    snprintf(msg, sizeof msg, "{\"type\":\"tournament_get\",\"id\":112,\"tournament\":%s}", tour);
    r = itest_call(spec, msg);
    CHECK_MSG(r && strstr(r, "\"status\":\"registering\"") && strstr(r, "\"withdrawn\":0"),
              "tournament after the bad controls: %.300s", r ? r : "(none)");
    free(r);
    /* Pause twice, a move while paused, resume twice. */
    snprintf(msg, sizeof msg, "{\"type\":\"game_pause\",\"id\":113,\"game\":%s,\"paused\":true}",
             live);
    CHECK_CALL_TYPE(d, msg, "ack");
    CHECK_CALL_ERR(d, msg, "bad_state");
    r = itest_move(g.p[0], g.game, 114, "A", 0, "e2e4");
    CHECK_EQ_STR("move while paused", "bad_state", ecode(r, e));
    free(r);
    snprintf(msg, sizeof msg, "{\"type\":\"game_pause\",\"id\":115,\"game\":%s,\"paused\":false}",
             live);
    CHECK_CALL_TYPE(d, msg, "ack");
    CHECK_CALL_ERR(d, msg, "bad_state");
    r = itest_move(g.p[0], g.game, 116, "A", 0, "e2e4");
    CHECK_EQ_STR("move after the resume", "ack", jstr(r, "type", e, sizeof e));
    free(r);
    /* A promotion without its piece is bad_move (incomplete text), not an illegal move. */
    r = itest_move(g.p[2], g.game, 117, "B", 0, "e7e8");
    CHECK_EQ_STR("e7e8", "bad_move", ecode(r, e));
    free(r);
    still_works(g.p[2], "after e7e8");
    /* A spectator's live flood (under the burst): one reply each, the others unaffected. */
    for (int i = 0; i < 30; i++)
        wsc_send(spec, "{\"type\":\"live\",\"id\":120}");
    int replies = 0;
    for (char *m; replies < 30 && (m = wsc_recv(spec, 3000)); free(m))
        replies += strstr(m, "\"type\":\"live\",\"id\":120") != NULL;
    CHECK_EQ_INT("live replies", 30, replies);
    still_works(d, "director after the live flood");
    wsc_free(spec);
    w.dir = NULL;
    itest_game_free(&w);
    itest_game_free(&g);
}

static const bh_test_case cases[] = {
    {"bad_messages_keep_the_connection", bad_messages_keep_the_connection},
    {"policy_violations_close", policy_violations_close},
    {"random_garbage_over_the_wire", random_garbage_over_the_wire},
    {"director_controls_hostile", director_controls_hostile}, /* last: game ids above */
};

int main(int argc, char **argv)
{
    bin = getenv("BH_SERVER");
    if (!bin) {
        fprintf(stderr, "set BH_SERVER to the bughouse-server binary\n");
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    itest_init(&srv, bin);
    const char *args[] = {"--allow-origin", "https://ok.example", NULL};
    if (itest_start(&srv, args) != 0) {
        fprintf(stderr, "server did not start\n");
        itest_dump_log(&srv);
        itest_cleanup(&srv);
        return 1;
    }
    ctx = wsc_ctx_new();
    int rc = bh_test_run(cases, BH_ARRAY_LEN(cases), argc, argv);
    /* Shutdown: an open connection gets a 1001 close frame before the server exits. */
    wsc *last = itest_connect(ctx, &srv, NULL);
    kill(srv.pid, SIGTERM);
    for (int i = 0; i < 100 && last && !wsc_closed(last); i++)
        wsc_pump(ctx, 20);
    if (!last || wsc_close_code(last) != 1001) {
        fprintf(stderr, "FAIL shutdown: close code %d (want 1001)\n",
                last ? wsc_close_code(last) : -1);
        rc = 1;
    }
    wsc_free(last);
    wsc_ctx_free(ctx);
    int st = itest_wait(&srv);
    if (st != 0 || rc != 0) {
        fprintf(stderr, "server exit status %d\n", st);
        itest_dump_log(&srv);
        rc = 1;
    }
    itest_cleanup(&srv);
    return rc;
}
