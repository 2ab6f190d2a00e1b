/* test_proto_league.c: the league's messages (proto_league.h) against their golden
 * files (protocol/examples/c2s-league_*.json, s2c-league*.json, written by protocol/gen.py)
 * and hostile inputs: every wrong type or range is refused naming its field.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "bh_test.h"
#include "proto.h"
#include "proto_any.h"
#include "proto_league.h"
#include "proto_golden.h"

static int dec_file(const char *name, pleague_msg *m)
{
    char *s = bh_test_example(name);
    if (!s)
        return -1;
    proto_err err;
    proto_league_msg_free(m); /* the previous file's message */
    int rc = proto_league_decode(s, strlen(s), m, &err);
    free(s);
    return rc;
}

static void golden_client(void)
{
    static pleague_msg m;
    CHECK_EQ_INT("create", BH_OK, dec_file("c2s-league_create.json", &m));
    CHECK_EQ_INT("type", PLEAGUE_CREATE, m.type);
    CHECK_EQ_STR("name", "Open League 2005", m.create.name);
    CHECK_EQ_INT("teams", 8, m.create.teams);
    CHECK_EQ_INT("groups", 2, m.create.groups);
    CHECK_EQ_INT("boards", 4, m.create.boards);
    CHECK_EQ_INT("first valid", 4000, m.create.first_valid_ms);
    CHECK_EQ_INT("base absent", -1, m.create.base_s);
    CHECK_EQ_INT("wait absent", -1, m.create.wait_s);
    CHECK_EQ_INT("team", BH_OK, dec_file("c2s-league_team.json", &m));
    CHECK_EQ_INT("league", 7, m.league);
    CHECK_EQ_INT("players", 4, m.team.n_players);
    CHECK_EQ_STR("player 3", "Sokolov", m.team.players[2].name);
    CHECK(m.team.players[2].invited && !m.team.players[1].invited);
    CHECK_EQ_INT("rating 2", 2150, m.team.players[1].rating);
    CHECK_EQ_INT("captain", 101, m.team.captain);
    CHECK_EQ_INT("roster", BH_OK, dec_file("c2s-league_roster.json", &m));
    CHECK_EQ_INT("roster team", 12, m.team.team);
    CHECK_EQ_INT("send", BH_OK, dec_file("c2s-league_send.json", &m));
    CHECK_EQ_INT("send stage", 1, m.game.key.stage);
    CHECK_EQ_INT("send match (0-based)", 0, m.game.key.match);
    CHECK_EQ_INT("send game (0-based, default)", 0, m.game.key.game);
    CHECK_EQ_STR("send token", "5e2d0a9be2d84c51a07e6b2f9d3c4e15", m.game.token);
    CHECK_EQ_INT("counter", BH_OK, dec_file("c2s-league_counter.json", &m));
    CHECK_EQ_INT("counter start", 1764500000000LL, m.game.start_ms);
    CHECK_EQ_INT("tc", BH_OK, dec_file("c2s-league_tc.json", &m));
    CHECK(m.game.want);
    CHECK_EQ_INT("substitute", BH_OK, dec_file("c2s-league_substitute.json", &m));
    CHECK_EQ_INT("substitute board (0-based)", 2, m.game.key.board);
    CHECK_EQ_INT("substitute player", 105, m.game.player);
    CHECK_EQ_INT("extend", BH_OK, dec_file("c2s-league_extend.json", &m));
    CHECK_EQ_INT("deadline", 1764600000000LL, m.game.deadline_ms);
    CHECK_EQ_INT("result", BH_OK, dec_file("c2s-league_result.json", &m));
    CHECK_EQ_STR("result", "+-", m.game.result);
    CHECK_EQ_INT("lot", BH_OK, dec_file("c2s-league_lot.json", &m));
    CHECK_EQ_INT("lot match (0-based: SF1)", 4, m.lot.match);
    CHECK_EQ_INT("lot winner (0-based)", 1, m.lot.winner);
    CHECK_EQ_INT("notices", BH_OK, dec_file("c2s-league_notices.json", &m));
    CHECK_EQ_INT("since", 3, m.notices.since);
    CHECK_EQ_INT("export", BH_OK, dec_file("c2s-league_export.json", &m));
    CHECK_EQ_STR("what", "tables", m.what);
    static const char *const plain[] = {"c2s-league_start.json", "c2s-league_stage_start.json",
                                        "c2s-league_get.json", "c2s-league_accept.json"};
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++) {
        CHECK_EQ_INT(plain[i], BH_OK, dec_file(plain[i], &m));
        CHECK_EQ_INT("league", 7, m.league);
    }
}

/* The encoders against s2c-league*.json (the documents' examples). */
static void golden_server(void)
{
    pleague_player p12[] = {{101, "Orlov", 2210, false}}, p13[] = {{201, "Zaitsev", 2190, true}};
    pleague_team_out teams[] = {
        {12, "Kaissa", 101, 2210, p12, 1, {false, true, false, false, false}, {0, 2210, 0, 0, 0}},
        {13,
         "Chigorin",
         201,
         2190,
         p13,
         1,
         {false, true, false, false, false},
         {0, 2190, 0, 0, 0}}};
    pleague_row rows[] = {{1, 1, 12, 0, 0, 0, 2210}};
    pleague_group g = {"A", 2210, rows, 1};
    pleague_game_out gm = {.board = 1,
                           .game = 1,
                           .team = {12, 13},
                           .player = {101, 201},
                           .sender = "white",
                           .state = "proposed",
                           .phase = "arranging",
                           .challenge = 1,
                           .turn = "black",
                           .deadline_ms = 1764400004000,
                           .proposal_ms = 0,
                           .want_alt = {true, false},
                           .tc = "5+1",
                           .result = "*"};
    pleague_match_out mo = {1, "A1", 0, 1, {12, 13}, {0, 0}, false, &gm, 1};
    pleague_snapshot s = {.league = 7,
                          .name = "Open League 2005",
                          .status = "running",
                          .stage = "groups",
                          .boards = 1,
                          .teams_max = 4,
                          .groups_n = 2,
                          .first_valid_ms = 4000,
                          .second_valid_ms = 2000,
                          .tc = "5+1",
                          .alt_tc = "10+1",
                          .wait_s = 600,
                          .server_ms = 1764400000000,
                          .teams = teams,
                          .nt = 2,
                          .groups = &g,
                          .ng = 1,
                          .fixtures = &mo,
                          .nf = 1};
    same("s2c-league.json", proto_league_enc(true, 65, &s));
    pleague_notice v[] = {{4, 101, "agreed", {1, 0, 0, 0}, 0, 0, 0, -1, NULL, 1764400001000},
                          {6,
                           101,
                           "game",
                           {1, 0, 0, 0},
                           0,
                           0,
                           31,
                           0,
                           "8b5a0a9be2d84c51a07e6b2f9d3c4e15",
                           1764400001000}};
    same("s2c-league_notices.json", proto_league_enc_notices(74, 7, 101, v, 2, 6));
    pleague_notice p = {7, 201, "proposed", {1, 0, 0, 0}, 0, 1764400004000,
                        0, -1,  NULL,       1764400000000};
    same("s2c-league_notice.json", proto_league_enc_notice(7, &p));
    int ids[] = {101, 102};
    const char *toks[] = {"5e2d0a9be2d84c51a07e6b2f9d3c4e15", "6f3e0a9be2d84c51a07e6b2f9d3c4e15"};
    same("s2c-created_league_team.json", proto_league_enc_team(61, 12, ids, toks, 2));
}

typedef struct {
    const char *json;
    int rc;
    const char *field;
} bad_case;

/* A name of n copies of the UTF-8 character ch, then pad ASCII bytes. */
static char *utf8_name(char *out, const char *ch, int n, int pad)
{
    size_t k = 0, w = strlen(ch);
    for (int i = 0; i < n; i++, k += w)
        memcpy(out + k, ch, w);
    memset(out + k, 'a', (size_t)pad);
    out[k + (size_t)pad] = '\0';
    return out;
}

/* Limits taken whole: player names of PLEAGUE_PNAME_MAX (47) bytes in 2-, 3- and 4-byte UTF-8,
 * a team name of PROTO_NAME_MAX (64); rosters of PLEAGUE_PLAYERS_MAX (32) and one more; the
 * largest instant; an id of 2^53-1 echoed exact by the encoders (cJSON alone prints
 * 9.00719925474099e+15). */
static void limits(pleague_msg *m)
{
    static const struct {
        const char *ch;
        int n, pad;
    } at[] = {{"\xc3\xa9", 23, 1}, {"\xe2\x82\xac", 15, 2}, {"\xf0\x9f\x98\x80", 11, 3}};
    char name[64], team[80], json[512];
    proto_err err;
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
        utf8_name(name, at[i].ch, at[i].n, at[i].pad);
        utf8_name(team, "\xf0\x9f\x98\x80", 16, 0);
        snprintf(json, sizeof json,
                 "{\"type\":\"league_team\",\"id\":1,\"league\":7,\"name\":\"%s\","
                 "\"players\":[{\"id\":1,\"name\":\"%s\"}],\"captain\":1}",
                 team, name);
        proto_league_msg_free(m);
        CHECK_EQ_INT(name, BH_OK, proto_league_decode(json, strlen(json), m, &err));
        CHECK_EQ_INT("47 bytes", 47, (int)strlen(m->team.players[0].name));
        CHECK_EQ_STR("whole", name, m->team.players[0].name);
        CHECK_EQ_STR("team name of 64 bytes", team, m->team.name);
    }
    static char big[8000];
    for (int n = 32; n <= 33; n++) {
        size_t k = (size_t)snprintf(big, sizeof big,
                                    "{\"type\":\"league_roster\",\"id\":1,\"league\":7,"
                                    "\"team\":3,\"players\":[");
        for (int i = 0; i < n; i++)
            k += (size_t)snprintf(big + k, sizeof big - k, "%s{\"id\":%d,\"name\":\"P%d\"}",
                                  i ? "," : "", i + 1, i + 1);
        snprintf(big + k, sizeof big - k, "]}");
        proto_league_msg_free(m);
        int rc = proto_league_decode(big, strlen(big), m, &err);
        CHECK_EQ_INT(n == 32 ? "32 players" : "33 players", n == 32 ? BH_OK : BH_ELIMIT, rc);
        if (n == 32)
            CHECK_EQ_INT("n_players", 32, m->team.n_players);
        else
            CHECK_EQ_STR("field", "players", err.field);
    }
    const char *late = "{\"type\":\"league_extend\",\"id\":1,\"league\":7,\"stage\":1,"
                       "\"match\":1,\"board\":1,\"deadline_ms\":253402300799999}";
    proto_league_msg_free(m);
    CHECK_EQ_INT("9999-12-31", BH_OK, proto_league_decode(late, strlen(late), m, &err));
    CHECK_EQ_INT("deadline", PLEAGUE_INSTANT_MAX_MS, m->game.deadline_ms);
    char *out = proto_league_enc_notices(PROTO_ID_MAX, PROTO_ID_MAX, 1, NULL, 0, PROTO_ID_MAX);
    CHECK_MSG(strstr(out, "\"id\":9007199254740991,") &&
                  strstr(out, "\"league\":9007199254740991,") &&
                  strstr(out, "\"last\":9007199254740991}"),
              "2^53-1 exact: %s", out);
    free(out);
    out = proto_league_enc_notices(1, 1000000000000000LL, 1, NULL, 0, -1000000000000001LL);
    CHECK_MSG(strstr(out, "\"league\":1000000000000000,") &&
                  strstr(out, "\"last\":-1000000000000001}"),
              "16 digits exact: %s", out);
    free(out);
}

static void hostile(void)
{
    static const bad_case cases[] = {
        {"{\"type\":\"league_get\",\"id\":1}", BH_EFIELD, "league"},
        {"{\"type\":\"league_get\",\"id\":1,\"league\":\"7\"}", BH_EFIELD, "league"},
        {"{\"type\":\"league_get\",\"id\":-1,\"league\":7}", BH_EFIELD, "id"},
        {"{\"type\":\"league_create\",\"id\":1}", BH_EFIELD, "name"},
        {"{\"type\":\"league_create\",\"id\":1,\"name\":\"x\",\"groups\":3}", BH_EFIELD, "groups"},
        {"{\"type\":\"league_create\",\"id\":1,\"name\":\"x\",\"boards\":17}", BH_EFIELD, "boards"},
        {"{\"type\":\"league_create\",\"id\":1,\"name\":\"x\",\"first_valid_ms\":0}", BH_EFIELD,
         "first_valid_ms"},
        {"{\"type\":\"league_create\",\"id\":1,\"name\":\"x\",\"second_valid_ms\":1e400}",
         BH_EFIELD, "second_valid_ms"},
        {"{\"type\":\"league_create\",\"id\":1,\"name\":\"x\",\"rating_date\":2005}", BH_EFIELD,
         "rating_date"},
        {"{\"type\":\"league_create\",\"id\":1,\"name\":\"x\",\"ruleset\":\"\"}", BH_EFIELD,
         "ruleset"},
        {"{\"type\":\"league_team\",\"id\":1,\"league\":7,\"name\":\"x\",\"players\":[],"
         "\"captain\":1}",
         BH_EFIELD, "players"},
        {"{\"type\":\"league_team\",\"id\":1,\"league\":7,\"name\":\"x\",\"players\":[{\"id\":1,"
         "\"name\":\"a\",\"rating\":4001}],\"captain\":1}",
         BH_EFIELD, "rating"},
        {"{\"type\":\"league_team\",\"id\":1,\"league\":7,\"name\":\"x\",\"players\":[{\"id\":1,"
         "\"name\":\"a\",\"invited\":1}],\"captain\":1}",
         BH_EFIELD, "invited"},
        {"{\"type\":\"league_team\",\"id\":1,\"league\":7,\"name\":\"x\",\"players\":[{\"id\":1,"
         "\"name\":\"a\"}]}",
         BH_EFIELD, "captain"},
        {"{\"type\":\"league_team\",\"id\":1,\"league\":7,\"name\":\"x\",\"players\":[{\"id\":1,"
         "\"name\":\"012345678901234567890123456789012345678901234567\"}],\"captain\":1}",
         BH_ELIMIT, "name"},
        {"{\"type\":\"league_roster\",\"id\":1,\"league\":7,\"players\":[{\"id\":1,"
         "\"name\":\"a\"}]}",
         BH_EFIELD, "team"},
        {"{\"type\":\"league_send\",\"id\":1,\"league\":7,\"stage\":1,\"match\":1,\"board\":1}",
         BH_EFIELD, "token"},
        {"{\"type\":\"league_send\",\"id\":1,\"league\":7,\"token\":\"t\",\"stage\":5,"
         "\"match\":1,\"board\":1}",
         BH_EFIELD, "stage"},
        {"{\"type\":\"league_send\",\"id\":1,\"league\":7,\"token\":\"t\",\"stage\":1,"
         "\"match\":0,\"board\":1}",
         BH_EFIELD, "match"},
        {"{\"type\":\"league_accept\",\"id\":1,\"league\":7,\"token\":\"t\",\"stage\":1,"
         "\"match\":1,\"board\":17}",
         BH_EFIELD, "board"},
        {"{\"type\":\"league_accept\",\"id\":1,\"league\":7,\"token\":\"t\",\"stage\":2,"
         "\"match\":1,\"board\":1,\"game\":3}",
         BH_EFIELD, "game"},
        {"{\"type\":\"league_send\",\"id\":1,\"league\":7,\"token\":\"t\",\"stage\":1,"
         "\"match\":1,\"board\":1,\"start_ms\":-5}",
         BH_EFIELD, "start_ms"},
        {"{\"type\":\"league_tc\",\"id\":1,\"league\":7,\"token\":\"t\",\"stage\":1,"
         "\"match\":1,\"board\":1,\"want\":\"yes\"}",
         BH_EFIELD, "want"},
        {"{\"type\":\"league_substitute\",\"id\":1,\"league\":7,\"token\":\"t\",\"stage\":1,"
         "\"match\":1,\"board\":1}",
         BH_EFIELD, "player"},
        {"{\"type\":\"league_extend\",\"id\":1,\"league\":7,\"stage\":1,\"match\":1,\"board\":1}",
         BH_EFIELD, "deadline_ms"},
        {"{\"type\":\"league_result\",\"id\":1,\"league\":7,\"stage\":1,\"match\":1,\"board\":1,"
         "\"result\":\"1:0\"}",
         BH_EFIELD, "result"},
        {"{\"type\":\"league_lot\",\"id\":1,\"league\":7,\"match\":8,\"winner\":1}", BH_EFIELD,
         "match"},
        {"{\"type\":\"league_lot\",\"id\":1,\"league\":7,\"match\":5,\"winner\":0}", BH_EFIELD,
         "winner"},
        {"{\"type\":\"league_notices\",\"id\":1,\"league\":7,\"token\":\"t\",\"since\":0.5}",
         BH_EFIELD, "since"},
        {"{\"type\":\"league_export\",\"id\":1,\"league\":7,\"what\":\"pgn\"}", BH_EFIELD, "what"},
        {"{\"type\":\"league_notices\",\"id\":1,\"league\":7,\"token\":\""
         "0123456789012345678901234567890123456789012345678901234567890123456789012345678901234"
         "567890123456789012345678901234567890123456789\"}",
         BH_ELIMIT, "token"},
        /* Text as in every other message (protocol/README.md "Strings"). */
        {"{\"type\":\"league_team\",\"id\":1,\"league\":7,\"name\":\"Kaissa\x80\",\"players\":"
         "[{\"id\":1,\"name\":\"a\"}],\"captain\":1}",
         BH_ETEXT, "name"},
        {"{\"type\":\"league_create\",\"id\":1,\"name\":\"a\\u0000b\"}", BH_ETEXT, "name"},
        {"{\"type\":\"league_team\",\"id\":1,\"league\":7,\"name\":\"x\",\"players\":[{\"id\":1,"
         "\"name\":\"Or\\nlov\"}],\"captain\":1}",
         BH_ETEXT, "name"},
        /* The session's attacks (test_ws_league_hostile.c has them over sockets): numbers at
         * 2^53 and as strings, instants after 9999-12-31 (PLEAGUE_INSTANT_MAX_MS), a roster of
         * 33, a player that is no object, player ids 0 and 2^31, names one byte over in 2-,
         * 3- and 4-byte UTF-8, a character cut at the limit. */
        {"{\"type\":\"league_get\",\"id\":1,\"league\":9007199254740992}", BH_EFIELD, "league"},
        {"{\"type\":\"league_get\",\"id\":9007199254740992,\"league\":1}", BH_EFIELD, "id"},
        {"{\"type\":\"league_get\",\"id\":1,\"league\":\"NaN\"}", BH_EFIELD, "league"},
        {"{\"type\":\"league_get\",\"id\":1,\"league\":-0.5}", BH_EFIELD, "league"},
        {"{\"type\":\"league_send\",\"id\":1,\"league\":7,\"token\":\"t\",\"stage\":1,"
         "\"match\":1,\"board\":1,\"start_ms\":253402300800000}",
         BH_EFIELD, "start_ms"},
        {"{\"type\":\"league_counter\",\"id\":1,\"league\":7,\"token\":\"t\",\"stage\":1,"
         "\"match\":1,\"board\":1,\"start_ms\":9007199254740991}",
         BH_EFIELD, "start_ms"},
        {"{\"type\":\"league_extend\",\"id\":1,\"league\":7,\"stage\":1,\"match\":1,"
         "\"board\":1,\"deadline_ms\":253402300800000}",
         BH_EFIELD, "deadline_ms"},
        {"{\"type\":\"league_extend\",\"id\":1,\"league\":7,\"stage\":1,\"match\":1,"
         "\"board\":1,\"deadline_ms\":0}",
         BH_EFIELD, "deadline_ms"},
        {"{\"type\":\"league_notices\",\"id\":1,\"league\":7,\"token\":\"t\",\"since\":-1}",
         BH_EFIELD, "since"},
        {"{\"type\":\"league_notices\",\"id\":1,\"league\":7,\"token\":\"t\","
         "\"since\":9007199254740992}",
         BH_EFIELD, "since"},
        {"{\"type\":\"league_team\",\"id\":1,\"league\":7,\"name\":\"x\",\"players\":[1],"
         "\"captain\":1}",
         BH_EFIELD, "players"},
        {"{\"type\":\"league_team\",\"id\":1,\"league\":7,\"name\":\"x\",\"players\":{},"
         "\"captain\":1}",
         BH_EFIELD, "players"},
        {"{\"type\":\"league_team\",\"id\":1,\"league\":7,\"name\":\"x\",\"players\":[{\"id\":0,"
         "\"name\":\"a\"}],\"captain\":1}",
         BH_EFIELD, "id"},
        {"{\"type\":\"league_team\",\"id\":1,\"league\":7,\"name\":\"x\",\"players\":[{\"id\":"
         "2147483648,\"name\":\"a\"}],\"captain\":1}",
         BH_EFIELD, "id"},
        {"{\"type\":\"league_team\",\"id\":1,\"league\":7,\"name\":\"x\",\"players\":[{\"id\":1,"
         "\"name\":\"a\",\"rating\":-1}],\"captain\":1}",
         BH_EFIELD, "rating"},
        {"{\"type\":\"league_team\",\"id\":1,\"league\":7,\"name\":\"x\",\"players\":[{\"id\":1,"
         "\"name\":\"a\"}],\"captain\":-7}",
         BH_EFIELD, "captain"},
        {"{\"type\":\"league_team\",\"id\":1,\"league\":7,\"name\":\"x\",\"players\":[{\"id\":1,"
         "\"name\":"
         "\"\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
         "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
         "\xc3\xa9\xc3\xa9\xc3\xa9\"}],\"captain\":1}", /* 24 x 2 = 48 bytes */
         BH_ELIMIT, "name"},
        {"{\"type\":\"league_team\",\"id\":1,\"league\":7,\"name\":\"x\",\"players\":[{\"id\":1,"
         "\"name\":\"\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac"
         "\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac"
         "\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac\"}],\"captain\":1}", /* 16 x 3 = 48 */
         BH_ELIMIT, "name"},
        {"{\"type\":\"league_team\",\"id\":1,\"league\":7,\"name\":\"x\",\"players\":[{\"id\":1,"
         "\"name\":\"\xf0\x9f\x98\x80\xf0\x9f\x98\x80\xf0\x9f\x98\x80\xf0\x9f\x98\x80"
         "\xf0\x9f\x98\x80\xf0\x9f\x98\x80\xf0\x9f\x98\x80\xf0\x9f\x98\x80\xf0\x9f\x98\x80"
         "\xf0\x9f\x98\x80\xf0\x9f\x98\x80\xf0\x9f\x98\x80\"}],\"captain\":1}", /* 12 x 4 = 48 */
         BH_ELIMIT, "name"},
        {"{\"type\":\"league_team\",\"id\":1,\"league\":7,\"name\":\"x\",\"players\":[{\"id\":1,"
         "\"name\":\"0123456789012345678901234567890123456789012345\xf0\x9f\"}],\"captain\":1}",
         BH_ETEXT, "players"}, /* proto__text_ok names the top-level field it is in */
    };
    static pleague_msg m;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        proto_err err;
        proto_league_msg_free(&m);
        int rc = proto_league_decode(cases[i].json, strlen(cases[i].json), &m, &err);
        CHECK_MSG(rc == cases[i].rc && strcmp(err.field, cases[i].field) == 0,
                  "%s: want %s field %s, got %s field %s", cases[i].json, bh_errname(cases[i].rc),
                  cases[i].field, bh_errname(rc), err.field);
    }
    proto_err err;
    limits(&m);
    CHECK_EQ_INT("not JSON", BH_EJSON, proto_league_decode("{\"league_", 9, &m, &err));
    const char *other = "{\"type\":\"move\",\"x\":\"league_\"}";
    CHECK_EQ_INT("another type", BH_ETYPE, proto_league_decode(other, strlen(other), &m, &err));
    /* One decode, the family by the type's value (proto_any.h); an escaped name is the same
     * string (RFC 8259 section 7). */
    proto_any a;
    const char *esc = "{\"type\":\"league\\u005Fget\",\"id\":65,\"league\":7}";
    CHECK_EQ_INT("escaped league_get: decoded", BH_OK,
                 proto_decode_any(esc, strlen(esc), &a, &err));
    CHECK_MSG(a.fam == PROTO_FAM_LEAGUE && a.league.type == PLEAGUE_GET && a.league.id == 65,
              "escaped league_get: fam %d type %d id %lld", (int)a.fam, (int)a.league.type,
              (long long)a.league.id);
    const char *club = "{\"type\":\"club_get\",\"id\":49,\"club\":3,\"x\":\"league_\"}";
    CHECK_EQ_INT("club_get with league_ in a value: decoded", BH_OK,
                 proto_decode_any(club, strlen(club), &a, &err));
    CHECK(a.fam == PROTO_FAM_CLUB);
    char *big = malloc(PROTO_MAX_FRAME + 2);
    memset(big, ' ', PROTO_MAX_FRAME + 1);
    big[PROTO_MAX_FRAME + 1] = 0;
    CHECK_EQ_INT("too large", BH_ELIMIT, proto_league_decode(big, PROTO_MAX_FRAME + 1, &m, &err));
    free(big);
    CHECK_EQ_STR("type name", "league_substitute", proto_league_type_name(PLEAGUE_SUBSTITUTE));
    CHECK(proto_league_type_name(PLEAGUE_TYPE_COUNT_) == NULL);
}

/* Byte mutations of every client example: the decoder never crashes (ASan) and answers with
 * one of its codes. */
static void mutations(void)
{
    static const char *const files[] = {
        "c2s-league_create.json",     "c2s-league_team.json",    "c2s-league_roster.json",
        "c2s-league_send.json",       "c2s-league_counter.json", "c2s-league_tc.json",
        "c2s-league_substitute.json", "c2s-league_extend.json",  "c2s-league_result.json",
        "c2s-league_lot.json",        "c2s-league_notices.json", "c2s-league_export.json"};
    uint64_t x = 0x9e3779b97f4a7c15ull;
    static pleague_msg m;
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        char *s = bh_test_example(files[f]);
        if (!s) {
            CHECK_MSG(0, "%s missing", files[f]);
            continue;
        }
        size_t n = strlen(s);
        char *buf = malloc(n + 1);
        for (int i = 0; i < 400; i++) {
            memcpy(buf, s, n + 1);
            for (int k = 0; k < 3; k++) {
                x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                buf[x % n] = "{}[]\",:0-9e.x \\"[(x >> 32) % 15];
            }
            proto_err err;
            proto_league_msg_free(&m);
            int rc = proto_league_decode(buf, n, &m, &err);
            CHECK_MSG(rc == BH_OK || rc == BH_EJSON || rc == BH_ETYPE || rc == BH_EFIELD ||
                          rc == BH_ELIMIT || rc == BH_ETEXT,
                      "%s mutant %d: %d", files[f], i, rc);
        }
        free(buf);
        free(s);
    }
}

static const bh_test_case cases[] = {
    {"golden_client", golden_client},
    {"golden_server", golden_server},
    {"hostile", hostile},
    {"mutations", mutations},
};

BH_TEST_MAIN(cases)
