/* test_proto.c: the wire protocol against its golden files (protocol/examples/) and hostile
 * input (STYLE.md section 9): malformed JSON, wrong types, huge numbers, oversized frames.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "bh_test.h"
#include "proto.h"
#include "proto_club.h"
#include "proto_golden.h"

static void golden_client_messages(void)
{
    proto_msg m;
    CHECK_EQ_INT("auth", BH_OK, decode_file("c2s-auth.json", &m));
    CHECK_EQ_INT("auth type", PROTO_AUTH, m.type);
    CHECK_EQ_STR("token", "3f1c0a9be2d84c51a07e6b2f9d3c4e15", m.auth.token);
    CHECK_EQ_INT("move", BH_OK, decode_file("c2s-move.json", &m));
    CHECK_EQ_INT("move type", PROTO_MOVE, m.type);
    CHECK_EQ_INT("move id", 3, m.id);
    CHECK_EQ_INT("move game", 7, m.move.game);
    CHECK_EQ_INT("move board", 0, m.move.board);
    CHECK_EQ_INT("move ply", 1, m.move.ply);
    CHECK_EQ_STR("move text", "e7e5", m.move.move);
    CHECK_EQ_INT("join", BH_OK, decode_file("c2s-join.json", &m));
    CHECK_EQ_INT("join game", 7, m.join.game);
    CHECK_EQ_INT("chat", BH_OK, decode_file("c2s-chat.json", &m));
    CHECK_EQ_STR("chat text", "need a knight", m.chat.text);
    CHECK_EQ_INT("resign", BH_OK, decode_file("c2s-resign.json", &m));
    CHECK_EQ_INT("resign type", PROTO_RESIGN, m.type);
    CHECK_EQ_INT("ping", BH_OK, decode_file("c2s-ping.json", &m));
    CHECK_EQ_INT("ping id", 6, m.id);
    CHECK_EQ_INT("tcreate", BH_OK, decode_file("c2s-tournament_create.json", &m));
    CHECK_EQ_STR("tname", "Bughouse Open", m.tournament_create.name);
    CHECK_EQ_INT("team", BH_OK, decode_file("c2s-team_register.json", &m));
    CHECK_EQ_STR("team p2", "bob", m.team_register.players[1]);
    CHECK_EQ_INT("team tour", 1, m.team_register.tournament);
    CHECK_EQ_INT("gcreate", BH_OK, decode_file("c2s-game_create.json", &m));
    CHECK_EQ_INT("base", 180000, m.game_create.base_ms);
    CHECK_EQ_STR("seat 3", "bob", m.game_create.players[3]);
    CHECK_EQ_INT("gstart", BH_OK, decode_file("c2s-game_start.json", &m));
    CHECK_EQ_INT("gstart type", PROTO_GAME_START, m.type);
    CHECK_EQ_INT("draw", BH_OK, decode_file("c2s-draw.json", &m));
    CHECK_EQ_INT("draw type", PROTO_DRAW, m.type);
    CHECK_EQ_INT("draw action", PROTO_DRAW_OFFER, m.draw.action);
    CHECK_EQ_INT("claim", BH_OK, decode_file("c2s-claim.json", &m));
    CHECK_EQ_INT("claim game", 7, m.claim.game);
    CHECK_EQ_INT("claim default", PROTO_CLAIM_REPETITION, m.claim.claim);
    CHECK_EQ_STR("claim no move", "", m.claim.move);
    /* issue 15: a chess game and a chess claim */
    CHECK_EQ_INT("gcreate chess", BH_OK, decode_file("c2s-game_create_chess.json", &m));
    CHECK_EQ_INT("chess kind", PROTO_KIND_CHESS, m.game_create.kind);
    CHECK_EQ_STR("chess black", "Kovalenko", m.game_create.players[1]);
    CHECK_EQ_INT("chess inc", 5000, m.game_create.inc_ms);
    CHECK_EQ_INT("claim fifty", BH_OK, decode_file("c2s-claim_fifty.json", &m));
    CHECK_EQ_INT("claim what", PROTO_CLAIM_FIFTY, m.claim.claim);
    CHECK_EQ_STR("claim move", "Kg2", m.claim.move);
    CHECK_EQ_INT("games", BH_OK, decode_file("c2s-games.json", &m));
    CHECK_EQ_INT("games type", PROTO_GAMES, m.type);
    CHECK_EQ_INT("announce", BH_OK, decode_file("c2s-announce.json", &m));
    CHECK_EQ_INT("announce type", PROTO_ANNOUNCE, m.type);
    CHECK_EQ_STR("announce text", "Round 3 starts in 5 minutes: please be at your boards.",
                 m.announce.text);
    CHECK_EQ_INT("announce team", 3, m.announce.team);
    /* accounts */
    CHECK_EQ_INT("signup", BH_OK, decode_file("c2s-signup.json", &m));
    CHECK_EQ_INT("signup type", PROTO_SIGNUP, m.type);
    CHECK_EQ_STR("signup name", "Ann_Lee", m.signup.name);
    CHECK_EQ_STR("signup password", "correct horse", m.signup.password);
    proto_msg_free(&m);
    CHECK_EQ_STR("password wiped", "", m.signup.password);
    CHECK_EQ_INT("login", BH_OK, decode_file("c2s-login.json", &m));
    CHECK_EQ_INT("login type", PROTO_LOGIN, m.type);
    CHECK_EQ_STR("login name", "ann_lee", m.login.name);
    CHECK_EQ_STR("login password", "correct horse", m.login.password);
    proto_msg_free(&m);
    CHECK_EQ_INT("logout", BH_OK, decode_file("c2s-logout.json", &m));
    CHECK_EQ_INT("logout type", PROTO_LOGOUT, m.type);
    CHECK_EQ_INT("guest", BH_OK, decode_file("c2s-guest.json", &m));
    CHECK_EQ_INT("guest type", PROTO_GUEST, m.type);
    CHECK_EQ_STR("guest name", "Visitor7", m.guest.name);
    CHECK_EQ_INT("entry_link", BH_OK, decode_file("c2s-entry_link.json", &m));
    CHECK_EQ_INT("entry_link type", PROTO_ENTRY_LINK, m.type);
    CHECK_EQ_INT("entry_link board", 0, m.entry_link.board);
    CHECK_EQ_INT("rating", BH_OK, decode_file("c2s-rating.json", &m));
    CHECK_EQ_INT("rating type", PROTO_RATING, m.type);
    CHECK_EQ_STR("rating name", "ann_lee", m.rating.name);
    CHECK_EQ_INT("profile", BH_OK, decode_file("c2s-profile.json", &m));
    CHECK_EQ_INT("profile type", PROTO_PROFILE, m.type);
    CHECK_EQ_STR("profile name", "ann_lee", m.profile.name);
    CHECK_EQ_INT("lobby", BH_OK, decode_file("c2s-lobby.json", &m));
    CHECK_EQ_INT("lobby type", PROTO_LOBBY, m.type);
    CHECK_EQ_INT("table", BH_OK, decode_file("c2s-table.json", &m));
    CHECK_EQ_INT("table type", PROTO_TABLE, m.type);
    CHECK_EQ_INT("table action", PROTO_TABLE_CREATE, m.table.action);
    CHECK_EQ_INT("table base_ms", 180000, (int)m.table.base_ms);
    CHECK_EQ_INT("table inc_ms", 2000, (int)m.table.inc_ms);
    CHECK(m.table.priv && !m.table.rated);
    CHECK_EQ_STR("table ruleset", "online", m.table.ruleset);
}

/* table: each action's required fields, named when absent or out of the wire's range. */
static void table_refusals(void)
{
    static const struct {
        const char *json;
        int rc;
        const char *field;
    } cases[] = {
        {"{\"type\":\"table\",\"id\":1}", BH_EFIELD, "action"},
        {"{\"type\":\"table\",\"id\":1,\"action\":\"dance\"}", BH_EFIELD, "action"},
        {"{\"type\":\"table\",\"id\":1,\"action\":\"create\"}", BH_EFIELD, "base_ms"},
        {"{\"type\":\"table\",\"id\":1,\"action\":\"create\",\"base_ms\":60000,\"rated\":1}",
         BH_EFIELD, "rated"},
        {"{\"type\":\"table\",\"id\":1,\"action\":\"create\",\"base_ms\":60000,"
         "\"ruleset\":\"regulation-but-longer\"}",
         BH_ELIMIT, "ruleset"},
        {"{\"type\":\"table\",\"id\":1,\"action\":\"sit\",\"seat\":1}", BH_EFIELD, "table"},
        {"{\"type\":\"table\",\"id\":1,\"action\":\"sit\",\"table\":3,\"seat\":4}", BH_EFIELD,
         "seat"},
        {"{\"type\":\"table\",\"id\":1,\"action\":\"kick\",\"table\":3}", BH_EFIELD, "seat"},
        {"{\"type\":\"table\",\"id\":1,\"action\":\"partner\",\"base_ms\":60000}", BH_EFIELD,
         "seek"},
        {"{\"type\":\"table\",\"id\":1,\"action\":\"rematch\",\"game\":7}", BH_EFIELD, "table"},
        {"{\"type\":\"table\",\"id\":1,\"action\":\"rematch\",\"table\":3}", BH_EFIELD, "game"},
        {"{\"type\":\"table\",\"id\":1,\"action\":\"rematch\",\"table\":3,\"game\":7,"
         "\"swap\":\"yes\"}",
         BH_EFIELD, "swap"},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(cases); i++) {
        proto_msg m;
        proto_err err;
        CHECK_EQ_INT(cases[i].json, cases[i].rc,
                     proto_decode(cases[i].json, strlen(cases[i].json), &m, &err));
        CHECK_EQ_STR(cases[i].json, cases[i].field, err.field);
    }
}

/* Each refusal of an account message names its field, and the next message still decodes. */
static void account_refusals(void)
{
    static const struct {
        const char *json;
        int rc;
        const char *field;
    } cases[] = {
        {"{\"type\":\"login\",\"id\":1,\"password\":\"12345678\"}", BH_EFIELD, "name"},
        {"{\"type\":\"login\",\"id\":1,\"name\":\"ann\"}", BH_EFIELD, "password"},
        {"{\"type\":\"login\",\"id\":1,\"name\":\"ann\",\"password\":\"\"}", BH_EFIELD, "password"},
        {"{\"type\":\"login\",\"id\":1,\"name\":\"ann\",\"password\":7}", BH_EFIELD, "password"},
        {"{\"type\":\"signup\",\"id\":1,\"name\":\"ann\",\"password\":\"a\\u0007bcdefgh\"}",
         BH_ETEXT, "password"},
        {"{\"type\":\"guest\",\"id\":1}", BH_EFIELD, "name"},
        {"{\"type\":\"rating\",\"id\":1}", BH_EFIELD, "name"},
        {"{\"type\":\"rating\",\"id\":1,\"name\":5}", BH_EFIELD, "name"},
        {"{\"type\":\"profile\",\"id\":1}", BH_EFIELD, "name"},
        {"{\"type\":\"guest\",\"id\":1,\"name\":[\"ann\"]}", BH_EFIELD, "name"},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(cases); i++) {
        proto_msg m;
        proto_err err;
        CHECK_EQ_INT(cases[i].json, cases[i].rc,
                     proto_decode(cases[i].json, strlen(cases[i].json), &m, &err));
        CHECK_EQ_STR(cases[i].json, cases[i].field, err.field);
    }
    char big[400];
    snprintf(big, sizeof big,
             "{\"type\":\"login\",\"id\":1,\"name\":\"ann\",\"password\":\"%0129d\"}", 0);
    proto_msg m;
    proto_err err;
    CHECK_EQ_INT("password over 128 bytes", BH_ELIMIT, proto_decode(big, strlen(big), &m, &err));
    CHECK_EQ_STR("its field", "password", err.field);
    snprintf(big, sizeof big,
             "{\"type\":\"login\",\"id\":1,\"name\":\"ann\",\"password\":\"%0128d\"}", 0);
    CHECK_EQ_INT("128 bytes", BH_OK, proto_decode(big, strlen(big), &m, &err));
    proto_msg_free(&m);
}

static void golden_server_messages(void)
{
    proto_table_view tv = {.table = 3,
                           .base_ms = 180000,
                           .inc_ms = 2000,
                           .ruleset = "online",
                           .priv = true,
                           .creator = "Ann_Lee",
                           .mine = true,
                           .you = -1,
                           .link = "5e2d0a9be2d84c51a07e6b2f9d3c4e15"};
    same("s2c-table_reply.json", proto_enc_table(true, 81, &tv));
    proto_table_view lv = {.table = 3,
                           .base_ms = 180000,
                           .inc_ms = 2000,
                           .ruleset = "online",
                           .creator = "Ann_Lee",
                           .you = -1,
                           .seats = {{.name = "Ann_Lee",
                                      .account = true,
                                      .ready = true,
                                      .rating = 1662,
                                      .rd = 290,
                                      .provisional = true}}};
    proto_seek_view sv = {.seek = 4, .name = "Visitor7"};
    same("s2c-lobby_reply.json", proto_enc_lobby(true, 80, &lv, 1, &sv, 1, 1764400000000));
    same("s2c-authed.json", proto_enc_authed(1, "player", 7, 2));
    same("s2c-authed_account.json", proto_enc_authed_name(74, "account", "Ann_Lee", 1766992000000));
    same("s2c-authed_guest.json", proto_enc_authed_name(73, "guest", "Visitor7", 0));
    /* 1662.31/290.32: four new players' first game, won (test_hub_rating), rounded */
    same("s2c-rating_reply.json", proto_enc_rating_reply(76, "Ann_Lee", 1662.31, 290.32, true, 1));
    /* the same game in the profile: before 1500, after 1662.31, RD 290.32 */
    same("s2c-profile_reply.json",
         proto_enc_profile_reply(
             77, "Ann_Lee", 1662.31, 290.32, true, 1,
             &(proto_profile_game){
                 12, 1766992000000, "Bob", {"Cid", "Dan"}, 2, 1500, 1662.31, 290.32},
             1));
    same("s2c-session.json",
         proto_enc_session(71, "9b2e4c1d0a7f83e6b5d4c3a2f1e0d9c8", "Ann_Lee", 1766992000000));
    same("s2c-error_rate_limited.json",
         proto_enc_error_retry(true, 71, BH_ERATE, "name",
                               "too many failed logins of this name: try again later", 30000));
    same("s2c-ack.json", proto_enc_ack(3, 7, 0, 1, 2));
    same("s2c-pong.json", proto_enc_pong(6, 1764400000000));
    same("s2c-created.json", proto_enc_created(11, "team", 1));
    same("s2c-error.json", proto_enc_error(true, 3, BH_ETURN, NULL));
    same("s2c-error_throttled.json",
         proto_enc_error_retry(true, 40, BH_ETHROTTLED, "token",
                               "this seat moved to another connection moments ago; it stays "
                               "there: try again in 5 s (each try before then waits 5 s more)",
                               4870));
    same("s2c-seat.json", proto_enc_seat(7, 3, false));
    const proto_chat_line knight = {3, 1764399999000, "need a knight", {12, 9}, 61500};
    same("s2c-chat_delta.json", proto_enc_chat(7, &knight));
    same("s2c-announcement.json",
         proto_enc_announcement(true, 29, "Round 3 starts in 5 minutes: please be at your boards.",
                                3, "Pawns", 1764400000000, 4));
    const char *tok[4] = {"3f1c0a9be2d84c51a07e6b2f9d3c4e15", "0b8e55d2a4c94f0c9a1e7d3b6f2c8a10",
                          "c4d2e6f8a0b1c3d5e7f9a1b3c5d7e9f1", "9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b"};
    same("s2c-game_created.json", proto_enc_game_created(12, 7, tok, 4));
    proto_game_row row = {7, "live", NULL, NULL, "resumed"};
    same("s2c-games_reply.json", proto_enc_games(14, &row, 1));
    int64_t c0[4] = {180000, 180000, 180000, 180000};
    int run[2] = {0, 2};
    same("s2c-start.json", proto_enc_start(7, c0, run, 1764400000000));
    int64_t c1[4] = {150000, 149000, 170000, 171000};
    same("s2c-result.json", proto_enc_result(7, "1/2-1/2", "mate_both", 0, c1, 1764400060000));
    const char *f0 = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    const char *f1 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1";
    proto_move_ev mv = {
        .game = 7,
        .seq = 2,
        .board = 0,
        .ply = 1,
        .seat = 1,
        .move = "e7e5",
        .san = "e5",
        .fen = {"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[] w KQkq - 0 2", f0},
        .clock_ms = {178950, 177800, 180000, 180000},
        .running = {0, 2},
        .t_ms = 3250,
        .server_ms = 1764400002200};
    same("s2c-move_delta.json", proto_enc_move(&mv));
    /* The move push is written without cJSON: its strings escaped as RFC 8259 section 7 says
     * (quote and backslash escaped, control characters as \b \f \n \r \t or \u00XX, the
     * rest as is), its integers exact to 2^53 - 1 (protocol/README.md: ids), a null SAN as
     * null; the same text read back by cJSON gives the same strings. */
    mv.san = NULL;
    mv.move = "a\"b\\c\n\x01\x1f\t\xc3\xa9";
    mv.game = 9007199254740991;
    mv.server_ms = -5;
    char *odd = proto_enc_move(&mv);
    CHECK(strstr(odd, "\"move\":\"a\\\"b\\\\c\\n\\u0001\\u001f\\t\xc3\xa9\"") != NULL);
    CHECK(strstr(odd, "\"san\":null,") != NULL);
    CHECK(strstr(odd, "\"game\":9007199254740991,") != NULL);
    CHECK(strstr(odd, "\"server_ms\":-5}") != NULL);
    char *canon = proto_canon(odd);
    CHECK(canon != NULL);
    free(canon);
    free(odd);
    proto_event ev[2] = {{0, 0, "start", -1, -1, -1, NULL, NULL, -1},
                         {1, 1050, "move", 0, 0, 0, "e2e4", "e4", 178950}};
    proto_chat_line chat = {3, 1764399999000, "need a knight", {1, 0}, 1050};
    proto_state st = {.game = 7,
                      .status = "live",
                      .fen = {f1, f0},
                      .ply = {1, 0},
                      .clock_ms = {178950, 180000, 180000, 180000},
                      .running = {1, 2},
                      .server_ms = 1764400000000,
                      .base_ms = 180000,
                      .inc_ms = 0,
                      .names = {"ann", "cid", "dan", "bob"},
                      .connected = {true, true, true, false},
                      .role = "player",
                      .you = 2,
                      .events = ev,
                      .n_events = 2,
                      .chat = &chat,
                      .n_chat = 1,
                      .with_chat = true,
                      .result_board = -1};
    same("s2c-state.json", proto_enc_state(true, 2, &st));
    /* A spectator's state has no "chat" key at all. */
    st.with_chat = false;
    char *s = proto_enc_state(false, 0, &st);
    CHECK_MSG(!strstr(s, "\"chat\"") && !strstr(s, "knight"), "spectator state has chat: %s", s);
    free(s);
    /* A chess game's state (issue 15): one board, two seats, two clocks. */
    proto_event cev[2] = {{0, 0, "start", -1, -1, -1, NULL, NULL, -1},
                          {1, 2000, "move", 0, 0, 0, "f2f3", "f3", 603000}};
    proto_state cs = {.game = 8,
                      .status = "live",
                      .fen = {"rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 1", ""},
                      .ply = {1, 0},
                      .clock_ms = {603000, 600000, 0, 0},
                      .running = {1, -1},
                      .server_ms = 1764400000000,
                      .base_ms = 600000,
                      .inc_ms = 5000,
                      .names = {"Ivanenko", "Kovalenko", "", ""},
                      .connected = {true, true, false, false},
                      .role = "spectator",
                      .you = -1,
                      .events = cev,
                      .n_events = 2,
                      .result_board = -1,
                      .chess = true};
    same("s2c-state_chess.json", proto_enc_state(false, 0, &cs));
}

typedef struct {
    const char *name, *json;
    int rc;
    const char *field;
    int has_id;
} bad_case;

static void hostile_input(void)
{
    static const bad_case cases[] = {
        {"empty", "", BH_EJSON, "", 0},
        {"not json", "hello", BH_EJSON, "", 0},
        {"truncated", "{\"type\":\"ping\",\"id\":1", BH_EJSON, "", 0},
        {"array", "[1,2]", BH_EJSON, "", 0},
        {"string", "\"ping\"", BH_EJSON, "", 0},
        /* one object a frame: what follows it is refused, not ignored (an attack session) */
        {"trailing garbage", "{\"type\":\"ping\",\"id\":5}garbage", BH_EJSON, "", 0},
        {"two objects", "{\"type\":\"ping\",\"id\":5}{\"type\":\"ping\",\"id\":6}", BH_EJSON, "",
         0},
        {"no id", "{\"type\":\"ping\"}", BH_EFIELD, "id", 0},
        {"id string", "{\"type\":\"ping\",\"id\":\"1\"}", BH_EFIELD, "id", 0},
        {"id negative", "{\"type\":\"ping\",\"id\":-1}", BH_EFIELD, "id", 0},
        {"id fraction", "{\"type\":\"ping\",\"id\":1.5}", BH_EFIELD, "id", 0},
        {"id huge", "{\"type\":\"ping\",\"id\":1e300}", BH_EFIELD, "id", 0},
        {"id inf", "{\"type\":\"ping\",\"id\":1e999}", BH_EFIELD, "id", 0},
        {"id 2^53", "{\"type\":\"ping\",\"id\":9007199254740992}", BH_EFIELD, "id", 0},
        {"no type", "{\"id\":4}", BH_EFIELD, "type", 1},
        {"version 2", "{\"v\":2,\"id\":4,\"type\":\"ping\"}", BH_EFIELD, "v", 1},
        {"type number", "{\"id\":4,\"type\":7}", BH_EFIELD, "type", 1},
        {"unknown type", "{\"id\":4,\"type\":\"teleport\"}", BH_ETYPE, "type", 1},
        {"type case", "{\"id\":4,\"type\":\"PING\"}", BH_ETYPE, "type", 1},
        {"Id case", "{\"Id\":4,\"type\":\"ping\"}", BH_EFIELD, "id", 0},
        {"move no board", "{\"id\":5,\"type\":\"move\",\"game\":1,\"ply\":0,\"move\":\"e2e4\"}",
         BH_EFIELD, "board", 1},
        {"move board C",
         "{\"id\":5,\"type\":\"move\",\"game\":1,\"board\":\"C\",\"ply\":0,"
         "\"move\":\"e2e4\"}",
         BH_EFIELD, "board", 1},
        {"move ply huge",
         "{\"id\":5,\"type\":\"move\",\"game\":1,\"board\":\"A\","
         "\"ply\":123456789012,\"move\":\"e2e4\"}",
         BH_EFIELD, "ply", 1},
        {"move ply neg",
         "{\"id\":5,\"type\":\"move\",\"game\":1,\"board\":\"A\",\"ply\":-1,"
         "\"move\":\"e2e4\"}",
         BH_EFIELD, "ply", 1},
        {"move text num",
         "{\"id\":5,\"type\":\"move\",\"game\":1,\"board\":\"A\",\"ply\":0,"
         "\"move\":42}",
         BH_EFIELD, "move", 1},
        {"move text long",
         "{\"id\":5,\"type\":\"move\",\"game\":1,\"board\":\"A\",\"ply\":0,"
         "\"move\":\"e2e4e2e4e2e4e2e4e2e4\"}",
         BH_ELIMIT, "move", 1},
        {"move game 0",
         "{\"id\":5,\"type\":\"move\",\"game\":0,\"board\":\"A\",\"ply\":0,"
         "\"move\":\"e2e4\"}",
         BH_EFIELD, "game", 1},
        {"move game str",
         "{\"id\":5,\"type\":\"move\",\"game\":\"1\",\"board\":\"A\","
         "\"ply\":0,\"move\":\"e2e4\"}",
         BH_EFIELD, "game", 1},
        {"auth empty", "{\"id\":6,\"type\":\"auth\",\"token\":\"\"}", BH_EFIELD, "token", 1},
        {"auth null", "{\"id\":6,\"type\":\"auth\",\"token\":null}", BH_EFIELD, "token", 1},
        {"chat missing", "{\"id\":7,\"type\":\"chat\",\"game\":1}", BH_EFIELD, "text", 1},
        {"team 1 player",
         "{\"id\":8,\"type\":\"team_register\",\"tournament\":1,\"name\":\"x\","
         "\"players\":[\"a\"]}",
         BH_EFIELD, "players", 1},
        {"team player num",
         "{\"id\":8,\"type\":\"team_register\",\"tournament\":1,"
         "\"name\":\"x\",\"players\":[\"a\",3]}",
         BH_EFIELD, "players", 1},
        {"chess kind unknown",
         "{\"id\":8,\"type\":\"game_create\",\"base_ms\":60000,\"kind\":\"shogi\"}", BH_EFIELD,
         "kind", 1},
        {"chess 4 players",
         "{\"id\":8,\"type\":\"game_create\",\"base_ms\":60000,\"kind\":\"chess\","
         "\"players\":[\"a\",\"b\",\"c\",\"d\"]}",
         BH_EFIELD, "players", 1},
        {"chess with teams",
         "{\"id\":8,\"type\":\"game_create\",\"base_ms\":60000,\"kind\":\"chess\","
         "\"team1\":1,\"team2\":2}",
         BH_EFIELD, "team1", 1},
        {"claim unknown", "{\"id\":9,\"type\":\"claim\",\"game\":1,\"claim\":\"boredom\"}",
         BH_EFIELD, "claim", 1},
        {"draw bad action", "{\"id\":9,\"type\":\"draw\",\"game\":1,\"action\":\"maybe\"}",
         BH_EFIELD, "action", 1},
        {"game base tiny", "{\"id\":9,\"type\":\"game_create\",\"base_ms\":5}", BH_EFIELD,
         "base_ms", 1},
        {"game base huge", "{\"id\":9,\"type\":\"game_create\",\"base_ms\":1e20}", BH_EFIELD,
         "base_ms", 1},
        /* announce: text of 1..500 bytes of valid UTF-8 (RFC 3629: no overlong forms, no
         * surrogates, nothing past U+10FFFF, no lone continuation bytes), team an id. */
        {"announce no text", "{\"id\":10,\"type\":\"announce\"}", BH_EFIELD, "text", 1},
        {"announce empty", "{\"id\":10,\"type\":\"announce\",\"text\":\"\"}", BH_EFIELD, "text", 1},
        {"announce number", "{\"id\":10,\"type\":\"announce\",\"text\":5}", BH_EFIELD, "text", 1},
        /* Bad UTF-8: bad_text naming the field (the frame is checked as UTF-8 first, issue 13 item
           2). */
        {"announce overlong",
         "{\"id\":10,\"type\":\"announce\",\"text\":\"a\xC0\xAF"
         "b\"}",
         BH_ETEXT, "text", 1},
        {"announce surrogate", "{\"id\":10,\"type\":\"announce\",\"text\":\"\xED\xA0\x80\"}",
         BH_ETEXT, "text", 1},
        {"announce past U+10FFFF",
         "{\"id\":10,\"type\":\"announce\",\"text\":\"\xF4\x90\x80\x80\"}", BH_ETEXT, "text", 1},
        {"announce lone continuation", "{\"id\":10,\"type\":\"announce\",\"text\":\"\x80\"}",
         BH_ETEXT, "text", 1},
        {"announce cut sequence", "{\"id\":10,\"type\":\"announce\",\"text\":\"ab\xE2\x82\"}",
         BH_ETEXT, "text", 1},
        {"announce latin-1", "{\"id\":10,\"type\":\"announce\",\"text\":\"caf\xE9\"}", BH_ETEXT,
         "text", 1},
        {"announce team 0", "{\"id\":10,\"type\":\"announce\",\"text\":\"x\",\"team\":0}",
         BH_EFIELD, "team", 1},
        {"announce team str", "{\"id\":10,\"type\":\"announce\",\"text\":\"x\",\"team\":\"3\"}",
         BH_EFIELD, "team", 1},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(cases); i++) {
        const bad_case *c = &cases[i];
        proto_msg m;
        proto_err err;
        int rc = proto_decode(c->json, strlen(c->json), &m, &err);
        CHECK_EQ_STR(c->name, bh_errname(c->rc), bh_errname(rc));
        CHECK_EQ_STR(c->name, c->field, err.field);
        CHECK_EQ_INT(c->name, c->has_id, err.has_id);
    }
    /* A valid message right after the hostile ones decodes (no hidden state). */
    proto_msg m;
    proto_err err;
    const char *ok = "{\"type\":\"ping\",\"id\":9007199254740991}";
    CHECK_EQ_INT("valid after", BH_OK, proto_decode(ok, strlen(ok), &m, &err));
    CHECK_EQ_U64("max id", 9007199254740991ULL, (uint64_t)m.id);
    const char *v1 = "{\"v\":1,\"type\":\"ping\",\"id\":3}";
    CHECK_EQ_INT("version 1", BH_OK, proto_decode(v1, strlen(v1), &m, &err));
    /* Not NUL-terminated input: only len bytes are read. */
    const char framed[] = "{\"type\":\"ping\",\"id\":2}GARBAGE";
    CHECK_EQ_INT("len-bounded", BH_OK, proto_decode(framed, 22, &m, &err));
    /* announce: 500 bytes of UTF-8 pass (4-byte, 3-byte and 2-byte sequences: U+1F600,
     * U+20AC, U+00E9), 501 are too_large. */
    char ann[700];
    int at = snprintf(ann, sizeof ann, "{\"id\":11,\"type\":\"announce\",\"text\":\"");
    const char *seq = "\xF0\x9F\x98\x80\xE2\x82\xAC\xC3\xA9"
                      "a"; /* 10 bytes */
    for (int k = 0; k < 50; k++)
        at += snprintf(ann + at, sizeof ann - (size_t)at, "%s", seq);
    snprintf(ann + at, sizeof ann - (size_t)at, "\"}");
    CHECK_EQ_INT("announce 500 bytes", BH_OK, proto_decode(ann, strlen(ann), &m, &err));
    CHECK_EQ_INT("announce 500 bytes kept", 500, (int)strlen(m.announce.text));
    CHECK_EQ_INT("announce everyone", 0, m.announce.team);
    memmove(ann + at + 1, ann + at, strlen(ann + at) + 1);
    ann[at] = 'x';
    CHECK_EQ_INT("announce 501 bytes", BH_ELIMIT, proto_decode(ann, strlen(ann), &m, &err));
    CHECK_EQ_STR("announce 501 field", "text", err.field);
    /* Oversized message. */
    size_t big = PROTO_MAX_FRAME + 1;
    char *s = malloc(big);
    memset(s, ' ', big);
    CHECK_EQ_INT("too large", BH_ELIMIT, proto_decode(s, big, &m, &err));
    free(s);
    /* Deep nesting does not crash (cJSON caps nesting at 1000). */
    char deep[4100];
    for (int i = 0; i < 2048; i++) {
        deep[i] = '[';
        deep[2048 + i] = ']';
    }
    deep[4096] = '\0';
    CHECK_EQ_INT("deep", BH_EJSON, proto_decode(deep, 4096, &m, &err));
}

/* protocol/README.md "Strings": every string field is valid UTF-8 without control characters
 * and at most its limit in bytes; at the limit it is kept whole with 2-, 3- and 4-byte
 * characters, one byte over is too_large (never cut), and a bad byte anywhere in the frame
 * is bad_text naming the top-level field that holds it. */
static void strings_whole_or_refused(void)
{
    /* 64 bytes: 32 x U+00E9, 21 x U+20AC + "x", 16 x U+1F600; 65: one ASCII byte more. */
    static const char *const unit[] = {"\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80"};
    for (int u = 0; u < 3; u++) {
        char name[PROTO_NAME_MAX + 8] = "";
        size_t w = strlen(unit[u]);
        while (strlen(name) + w <= PROTO_NAME_MAX)
            strcat(name, unit[u]);
        while (strlen(name) < PROTO_NAME_MAX)
            strcat(name, "x");
        char json[512];
        snprintf(json, sizeof json,
                 "{\"id\":1,\"type\":\"team_register\",\"tournament\":1,\"name\":\"%s\","
                 "\"players\":[\"%s\",\"%s\"]}",
                 name, name, name);
        proto_msg *m = malloc(sizeof *m);
        proto_err err;
        CHECK_EQ_STR("64 bytes accepted", "ok",
                     bh_errname(proto_decode(json, strlen(json), m, &err)));
        CHECK_EQ_STR("name whole", name, m->team_register.name);
        CHECK_EQ_STR("player whole", name, m->team_register.players[1]);
        snprintf(json, sizeof json,
                 "{\"id\":1,\"type\":\"team_register\",\"tournament\":1,\"name\":\"a\","
                 "\"players\":[\"b\",\"%sy\"]}",
                 name);
        CHECK_EQ_STR("65 bytes", "too_large",
                     bh_errname(proto_decode(json, strlen(json), m, &err)));
        CHECK_EQ_STR("65 bytes: field", "players", err.field);
        free(m);
    }
    typedef struct {
        const char *name, *json;
        int rc;
        const char *field;
    } text_case;
    static const text_case cases[] = {
        {"cut 2-byte char in a name",
         "{\"id\":2,\"type\":\"tournament_create\",\"name\":\"ab\xC3\"}", BH_ETEXT, "name"},
        {"surrogate in a chat line",
         "{\"id\":2,\"type\":\"chat\",\"game\":1,\"text\":\"hi \xED\xA0\x80\"}", BH_ETEXT, "text"},
        {"overlong in a player",
         "{\"id\":2,\"type\":\"game_create\",\"base_ms\":60000,"
         "\"players\":[\"a\",\"b\",\"\xC0\xAF\",\"d\"]}",
         BH_ETEXT, "players"},
        {"bad byte in an unknown field", "{\"id\":2,\"type\":\"ping\",\"note\":\"\xFF\"}", BH_ETEXT,
         "note"},
        {"bad byte in a key", "{\"id\":2,\"type\":\"ping\",\"n\xFF\":1}", BH_ETEXT, ""},
        {"U+0000 escape (cJSON would cut there)",
         "{\"id\":2,\"type\":\"tournament_create\",\"name\":\"ab\\u0000cd\"}", BH_ETEXT, "name"},
        {"line feed in a name", "{\"id\":2,\"type\":\"tournament_create\",\"name\":\"a\\nb\"}",
         BH_ETEXT, "name"},
        {"C1 control in a reason",
         "{\"id\":2,\"type\":\"game_result\",\"game\":1,\"result\":\"1-0\","
         "\"reason\":\"x\xC2\x85\"}",
         BH_ETEXT, "reason"},
        {"an escaped backslash before u0000 is text",
         "{\"id\":2,\"type\":\"tournament_create\",\"name\":\"a\\\\u0000\"}", BH_OK, ""},
        {"a raw control character in a name (RFC 8259 section 7)",
         "{\"id\":2,\"type\":\"tournament_create\",\"name\":\"Open\x01 2026\"}", BH_ETEXT, "name"},
        {"U+0085 written as an escape",
         "{\"id\":2,\"type\":\"tournament_create\",\"name\":\"a\\u0085\"}", BH_ETEXT, "name"},
        {"a surrogate pair escape is one 4-byte char",
         "{\"id\":2,\"type\":\"tournament_create\",\"name\":\"\\ud83d\\ude00\"}", BH_OK, ""},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(cases); i++) {
        proto_msg *m = malloc(sizeof *m);
        proto_err err;
        int rc = proto_decode(cases[i].json, strlen(cases[i].json), m, &err);
        CHECK_EQ_STR(cases[i].name, bh_errname(cases[i].rc), bh_errname(rc));
        CHECK_EQ_STR(cases[i].name, cases[i].field, err.field);
        if (rc == BH_OK && i == BH_ARRAY_LEN(cases) - 1)
            CHECK_EQ_STR("U+1F600 from its escape", "\xF0\x9F\x98\x80", m->tournament_create.name);
        free(m);
    }
    /* A raw NUL inside a string (issue 25 saw "Open<00> 2026" stored as "Open"): refused like
     * its escape, naming the field; the same in a token and in a club's message. */
    static const char nul_name[] =
        "{\"id\":2,\"type\":\"tournament_create\",\"name\":\"Open\0 2026\"}";
    static const char nul_token[] = "{\"id\":3,\"type\":\"auth\",\"token\":\"ab\0cd\"}";
    static const char nul_club[] = "{\"type\":\"club_create\",\"id\":1,\"name\":\"a\0b\"}";
    proto_msg *m = malloc(sizeof *m);
    proto_err err;
    CHECK_EQ_STR("raw NUL in a name", "bad_text",
                 bh_errname(proto_decode(nul_name, sizeof nul_name - 1, m, &err)));
    CHECK_EQ_STR("raw NUL in a name: field", "name", err.field);
    CHECK_EQ_STR("raw NUL in a token", "bad_text",
                 bh_errname(proto_decode(nul_token, sizeof nul_token - 1, m, &err)));
    CHECK_EQ_STR("raw NUL in a token: field", "token", err.field);
    free(m);
    pclub_msg c;
    CHECK_EQ_STR("raw NUL in a club's name", "bad_text",
                 bh_errname(proto_club_decode(nul_club, sizeof nul_club - 1, &c, &err)));
    CHECK_EQ_STR("raw NUL in a club's name: field", "name", err.field);
}

static void encoder_escapes(void)
{
    const proto_chat_line line = {0, 5, "quote \" backslash \\ newline \n <script>", {-1, -1}, -1};
    char *s = proto_enc_chat(1, &line);
    char *c = proto_canon(s);
    CHECK_MSG(c != NULL, "chat with escapes does not round-trip: %s", s);
    CHECK_MSG(strstr(s, "\\\"") && strstr(s, "\\n"), "not escaped: %s", s);
    free(s);
    free(c);
    s = proto_enc_error(false, 0, BH_ERATE, "");
    CHECK_EQ_STR("no id no field",
                 "{\"type\":\"error\",\"code\":\"rate_limited\",\"message\":\"too many messages\"}",
                 s);
    free(s);
}

/* Random mutations of every client golden file (byte flips, truncations, inserted bytes):
 * decoding never crashes (ASan/UBSan watch) and every result is OK or one of the documented
 * decode errors, with the id reported only when it is valid. */
static void mutations_never_crash(void)
{
    static const char *const files[] = {
        "c2s-auth.json", "c2s-join.json",          "c2s-move.json",
        "c2s-chat.json", "c2s-team_register.json", "c2s-game_create.json",
    };
    uint64_t rng = 0x9E3779B97F4A7C15ULL;
    int bad = 0, ok = 0;
    for (size_t f = 0; f < BH_ARRAY_LEN(files); f++) {
        char *orig = bh_test_example(files[f]);
        if (!orig)
            continue;
        size_t n = strlen(orig);
        char *buf = malloc(n + 64);
        for (int iter = 0; iter < 3000; iter++) {
            memcpy(buf, orig, n);
            size_t len = n;
            int edits = 1 + (int)(rng % 4);
            for (int e = 0; e < edits; e++) {
                rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
                size_t at = (size_t)(rng >> 8) % len;
                switch (rng % 4) {
                case 0: buf[at] = (char)(rng >> 40); break;                 /* any byte, NUL too */
                case 1: len = at + 1; break;                                /* truncate */
                case 2: buf[at] = "{}[]\":,0-9e."[(rng >> 20) % 13]; break; /* syntax */
                default:                                                    /* insert a digit run */
                    if (len + 8 < n + 64) {
                        memmove(buf + at + 8, buf + at, len - at);
                        memcpy(buf + at, "99999999", 8);
                        len += 8;
                    }
                }
            }
            proto_msg m;
            proto_err err;
            int rc = proto_decode(buf, len, &m, &err);
            if (rc == BH_OK) {
                ok++;
                proto_msg_free(&m); /* a mutated hand round_pair owns its pairs */
            } else if (rc != BH_EJSON && rc != BH_EFIELD && rc != BH_ETYPE && rc != BH_ELIMIT &&
                       rc != BH_ETEXT)
                bad++;
            if (err.has_id && (err.id < 0 || err.id > PROTO_ID_MAX))
                bad++;
        }
        free(buf);
        free(orig);
    }
    CHECK_EQ_INT("undocumented results", 0, bad);
    CHECK_MSG(ok > 0, "no mutation decoded at all (the generator is too destructive)");
}

static const bh_test_case cases[] = {
    {"mutations_never_crash", mutations_never_crash},
    {"golden_client_messages", golden_client_messages},
    {"golden_server_messages", golden_server_messages},
    {"account_refusals", account_refusals},
    {"table_refusals", table_refusals},
    {"hostile_input", hostile_input},
    {"encoder_escapes", encoder_escapes},
    {"strings_whole_or_refused", strings_whole_or_refused},
};

BH_TEST_MAIN(cases)
