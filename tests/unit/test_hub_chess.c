/* test_hub_chess.c: chess games hosted by the hub (docs/rules.md F-CHESS), without
 * sockets: game_create with kind chess gives two tokens, the game starts when both seats are
 * connected, Fool's mate (1. f3 e5 2. g4 Qh4#, the shortest mate, FIDE Laws 5.1.1) ends it
 * 0-1 by mate, the PGN export has the [%clk] of every move as lichess writes it (10+5 from
 * move 1: 1. f3 at 2 s leaves White 9:58 + 5 s = 10:03; 2... Qh4# after 2 s of Black's
 * 10:03 leaves 10:06), and bad input gets typed errors naming the field.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "auth.h"
#include "bh.h"
#include "bh_test.h"
#include "hub.h"
#include "store.h"

#define ADMIN "unit-admin-token-0123456789"
#define T0 1000000000ULL
#define SEC 1000000ULL

#include "hub_fake.h"

static char dbpath[64];
static store *st;
static hub *h;
static fake io_log;

static void turn(uint64_t conn, const char *json, uint64_t now)
{
    hub_on_text(h, conn, json, strlen(json), now);
    hub_turn_end(h);
}

static char tokens[2][AUTH_TOKEN_LEN + 1];

/* The director (conn 1) makes game 1, a chess game at 10+5; seats 0 and 1 join as conns 10
 * and 11 when join is true. */
static void chess_game(bool join)
{
    snprintf(dbpath, sizeof dbpath, "/tmp/bh_test_hub_chess_%d.db", (int)getpid());
    memset(&io_log, 0, sizeof io_log);
    CHECK_EQ_INT("hub", BH_OK, f_open_hub(dbpath, true, "online", ADMIN, &io_log, T0, &st, &h));
    hub_on_open(h, 1);
    turn(1, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ADMIN "\"}", T0);
    turn(1,
         "{\"type\":\"game_create\",\"id\":2,\"base_ms\":600000,\"inc_ms\":5000,"
         "\"kind\":\"chess\",\"players\":[\"Ivanenko\",\"Kovalenko\"]}",
         T0);
    const char *r = f_last(&io_log, 1, "game_created");
    CHECK_MSG(r != NULL, "no game_created");
    const char *t = r ? strstr(r, "\"tokens\":[") : NULL;
    /* tokens: ["<32 hex>","<32 hex>"] */
    const char *a = t ? strchr(t + 9, '"') : NULL;
    const char *b = a ? strchr(a + AUTH_TOKEN_LEN + 2, '"') : NULL;
    CHECK_MSG(a && b && b[AUTH_TOKEN_LEN + 1] == '"' && b[AUTH_TOKEN_LEN + 2] == ']',
              "not two tokens: %s", r ? r : "(none)");
    if (!a || !b)
        return;
    memcpy(tokens[0], a + 1, AUTH_TOKEN_LEN);
    memcpy(tokens[1], b + 1, AUTH_TOKEN_LEN);
    tokens[0][AUTH_TOKEN_LEN] = tokens[1][AUTH_TOKEN_LEN] = '\0';
    for (int s = 0; join && s < 2; s++) {
        char msg[256];
        hub_on_open(h, 10 + (uint64_t)s);
        snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":3,\"token\":\"%s\"}", tokens[s]);
        turn(10 + (uint64_t)s, msg, T0);
        turn(10 + (uint64_t)s, "{\"type\":\"join\",\"id\":4,\"game\":1}", T0);
    }
}

static void done(void)
{
    f_close_hub(&io_log, st, h);
    bh_test_rm_db(dbpath);
}

static void move(uint64_t conn, int id, int ply, const char *mv, uint64_t now)
{
    char msg[160];
    snprintf(msg, sizeof msg,
             "{\"type\":\"move\",\"id\":%d,\"game\":1,\"board\":\"A\",\"ply\":%d,\"move\":\"%s\"}",
             id, ply, mv);
    turn(conn, msg, now);
}

static void fools_mate(void)
{
    chess_game(true);
    const char *s0 = f_last(&io_log, 10, "\"type\":\"state\"");
    CHECK_MSG(s0 && strstr(s0, "\"kind\":\"chess\"") && strstr(s0, "\"you\":0"), "seat 0 state: %s",
              s0 ? s0 : "(none)");
    CHECK_MSG(f_last(&io_log, 11, "\"type\":\"start\"") != NULL, "two seats did not start it");
    const char *s1 = f_last(&io_log, 11, "\"type\":\"state\"");
    CHECK_MSG(s1 && strstr(s1, "\"seats\":[{\"seat\":0,\"name\":\"Ivanenko\"") &&
                  strstr(s1, "{\"seat\":1,\"name\":\"Kovalenko\",\"connected\":true}]"),
              "two seats: %s", s1 ? s1 : "(none)");
    /* a spectator */
    hub_on_open(h, 30);
    turn(30, "{\"type\":\"join\",\"id\":5,\"game\":1}", T0);
    move(10, 10, 0, "f2f3", T0 + 2 * SEC);
    CHECK_MSG(f_last(&io_log, 10, "\"type\":\"ack\",\"id\":10") != NULL, "f3 not acked");
    const char *d = f_last(&io_log, 30, "\"type\":\"move\"");
    CHECK_MSG(d && strstr(d, "\"san\":\"f3\"") &&
                  strstr(d, "rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 1"),
              "spectator delta: %s", d ? d : "(none)");
    move(11, 11, 1, "e5", T0 + 4 * SEC); /* SAN */
    move(10, 12, 2, "g2g4", T0 + 5 * SEC);
    move(11, 13, 3, "Qh4#", T0 + 7 * SEC);
    const char *res = f_last(&io_log, 30, "\"type\":\"result\"");
    CHECK_MSG(res && strstr(res, "\"result\":\"0-1\",\"reason\":\"mate\""), "result: %s",
              res ? res : "(none)");
    hub_on_open(h, 31); /* anyone may export a finished game */
    turn(31, "{\"type\":\"export\",\"id\":6,\"format\":\"bpgn\",\"game\":1}", T0 + 8 * SEC);
    const char *x = f_last(&io_log, 31, "\"type\":\"export\"");
    CHECK_MSG(x && strstr(x, "[White \\\"Ivanenko\\\"]") &&
                  strstr(x, "[Black \\\"Kovalenko\\\"]") && strstr(x, "[Result \\\"0-1\\\"]") &&
                  strstr(x, "[TimeControl \\\"600+5\\\"]") &&
                  strstr(x, "1. f3 { [%clk 0:10:03] } 1... e5 { [%clk 0:10:03] }") &&
                  strstr(x, "2... Qh4# { [%clk 0:10:06] }") && !strstr(x, "WhiteA"),
              "PGN: %s", x ? x : "(none)");
    done();
}

static void bad_input(void)
{
    chess_game(true);
    move(10, 20, 0, "N@f3", T0 + SEC); /* F-CHESS: no drops */
    CHECK_MSG(f_last(&io_log, 10, "\"id\":20,\"code\":\"illegal_move\"") ||
                  f_last(&io_log, 10, "\"id\":20,\"code\":\"bad_move\""),
              "drop in chess: %s", io_log.n ? io_log.msg[io_log.n - 1] : "");
    CHECK_MSG(strstr(f_last(&io_log, 10, "\"id\":20"), "\"field\":\"move\"") != NULL,
              "drop error names move");
    turn(10, "{\"type\":\"move\",\"id\":21,\"game\":1,\"board\":\"B\",\"ply\":0,\"move\":\"e2e4\"}",
         T0 + SEC);
    const char *e = f_last(&io_log, 10, "\"id\":21");
    CHECK_MSG(e && strstr(e, "not_your_seat") && strstr(e, "\"field\":\"board\""), "board B: %s",
              e ? e : "(none)");
    /* FIDE 9.2 / 9.3: the claimant must have the move; an incorrect claim is refused */
    turn(11, "{\"type\":\"claim\",\"id\":22,\"game\":1,\"claim\":\"fifty\"}", T0 + SEC);
    e = f_last(&io_log, 11, "\"id\":22");
    CHECK_MSG(e && strstr(e, "not_your_turn") && strstr(e, "\"field\":\"turn\""), "claim: %s",
              e ? e : "(none)");
    turn(10, "{\"type\":\"claim\",\"id\":23,\"game\":1,\"claim\":\"fifty\"}", T0 + SEC);
    e = f_last(&io_log, 10, "\"id\":23");
    CHECK_MSG(e && strstr(e, "bad_state") && strstr(e, "\"field\":\"claim\""), "fifty: %s",
              e ? e : "(none)");
    done();
}

/* A bughouse game refuses the chess-only claims (P-REPEAT: repetition only). */
static void bughouse_refuses_chess_claims(void)
{
    snprintf(dbpath, sizeof dbpath, "/tmp/bh_test_hub_chess_%d.db", (int)getpid());
    memset(&io_log, 0, sizeof io_log);
    CHECK_EQ_INT("hub", BH_OK, f_open_hub(dbpath, true, "online", ADMIN, &io_log, T0, &st, &h));
    hub_on_open(h, 1);
    turn(1, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ADMIN "\"}", T0);
    turn(1, "{\"type\":\"game_create\",\"id\":2,\"base_ms\":60000}", T0);
    const char *r = f_last(&io_log, 1, "game_created");
    const char *t = r ? strstr(r, "\"tokens\":[\"") : NULL;
    CHECK_MSG(t != NULL, "no tokens");
    if (!t)
        return;
    char tok[AUTH_TOKEN_LEN + 1];
    memcpy(tok, t + 11, AUTH_TOKEN_LEN);
    tok[AUTH_TOKEN_LEN] = '\0';
    char msg[256];
    hub_on_open(h, 10);
    snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":3,\"token\":\"%s\"}", tok);
    turn(10, msg, T0);
    turn(10, "{\"type\":\"join\",\"id\":4,\"game\":1}", T0);
    turn(1, "{\"type\":\"game_start\",\"id\":5,\"game\":1}", T0);
    const char *s = f_last(&io_log, 10, "\"type\":\"state\"");
    CHECK_MSG(s && strstr(s, "\"kind\":\"bughouse\""), "kind: %s", s ? s : "(none)");
    turn(10, "{\"type\":\"claim\",\"id\":6,\"game\":1,\"claim\":\"fifty\"}", T0 + SEC);
    const char *e = f_last(&io_log, 10, "\"id\":6");
    CHECK_MSG(e && strstr(e, "\"code\":\"invalid\"") && strstr(e, "\"field\":\"claim\""),
              "fifty in bughouse: %s", e ? e : "(none)");
    turn(10, "{\"type\":\"claim\",\"id\":7,\"game\":1,\"move\":\"e2e4\"}", T0 + SEC);
    e = f_last(&io_log, 10, "\"id\":7");
    CHECK_MSG(e && strstr(e, "\"code\":\"invalid\"") && strstr(e, "\"field\":\"move\""),
              "intended move in bughouse: %s", e ? e : "(none)");
    done();
}

/* The kind survives a restart: the stored chess game replays as chess. */
static void restart_keeps_kind(void)
{
    chess_game(true);
    move(10, 10, 0, "e2e4", T0 + SEC);
    f_close_hub(&io_log, st, h);
    memset(&io_log, 0, sizeof io_log);
    CHECK_EQ_INT("reopen", BH_OK,
                 f_open_hub(dbpath, false, "online", ADMIN, &io_log, T0 + 2 * SEC, &st, &h));
    hub_on_open(h, 30);
    turn(30, "{\"type\":\"join\",\"id\":5,\"game\":1}", T0 + 3 * SEC);
    const char *s = f_last(&io_log, 30, "\"type\":\"state\"");
    CHECK_MSG(s && strstr(s, "\"kind\":\"chess\"") &&
                  strstr(s, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
              "after restart: %s", s ? s : "(none)");
    done();
}

static const bh_test_case cases[] = {
    {"fools_mate", fools_mate},
    {"bad_input", bad_input},
    {"bughouse_refuses_chess_claims", bughouse_refuses_chess_claims},
    {"restart_keeps_kind", restart_keeps_kind},
};

BH_TEST_MAIN(cases)
