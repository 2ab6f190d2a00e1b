/* test_proto_tour.c: the tournament messages against their golden files
 * (protocol/examples/: tournament_create, team_register, tournament_start, tournament_get,
 * round, standings, assign, tournament, game2_colors, game2_choice, and the team forms of
 * created and authed), and bad
 * option values. SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "bh_test.h"
#include "proto.h"
#include "proto_golden.h"
#include "proto_tour.h"

static int decode_str(const char *s, proto_msg *m, proto_err *err)
{
    return proto_decode(s, strlen(s), m, err);
}

static void golden_client(void)
{
    proto_msg m;
    CHECK_EQ_INT("tcreate", BH_OK, decode_file("c2s-tournament_create.json", &m));
    CHECK_EQ_INT("tcreate type", PROTO_TOURNAMENT_CREATE, m.type);
    CHECK_EQ_STR("tcreate name", "Bughouse Open", m.tournament_create.name);
    CHECK_EQ_INT("tcreate base", 60000, m.tournament_create.base_ms);
    CHECK_EQ_INT("tcreate inc", 0, m.tournament_create.inc_ms);
    CHECK_EQ_STR("tcreate ruleset", "regulation", m.tournament_create.ruleset);
    CHECK_EQ_INT("tcreate rounds", 5, m.tournament_create.rounds);
    CHECK_EQ_INT("tcreate wait_s", 300, m.tournament_create.wait_s);
    CHECK_EQ_INT("tcreate break_s", 60, m.tournament_create.break_s);
    CHECK_EQ_INT("tcreate n_tb", 3, m.tournament_create.n_tiebreaks);
    CHECK_EQ_STR("tcreate tb1", "BH-C1", m.tournament_create.tiebreaks[1]);
    CHECK_EQ_STR("tcreate tb2", "PO", m.tournament_create.tiebreaks[2]);
    CHECK_EQ_INT("team", BH_OK, decode_file("c2s-team_register.json", &m));
    CHECK_EQ_INT("team rating c", 2100, m.team_register.ratings[0]);
    CHECK_EQ_INT("team rating p", 1950, m.team_register.ratings[1]);
    CHECK_EQ_INT("start", BH_OK, decode_file("c2s-tournament_start.json", &m));
    CHECK_EQ_INT("start type", PROTO_TOURNAMENT_START, m.type);
    CHECK_EQ_INT("start tour", 1, m.tournament_start.tournament);
    CHECK_EQ_INT("get", BH_OK, decode_file("c2s-tournament_get.json", &m));
    CHECK_EQ_INT("get type", PROTO_TOURNAMENT_GET, m.type);
    CHECK_EQ_INT("get tour", 1, m.tournament_get.tournament);
    CHECK_EQ_INT("pause", BH_OK, decode_file("c2s-tournament_pause.json", &m));
    CHECK_EQ_INT("pause type", PROTO_TOURNAMENT_PAUSE, m.type);
    CHECK_EQ_INT("pause action", 1, m.tournament_pause.paused);
    CHECK_EQ_INT("game2_colors", BH_OK, decode_file("c2s-game2_colors.json", &m));
    CHECK_EQ_INT("game2_colors type", PROTO_GAME2_COLORS, m.type);
    CHECK_EQ_INT("game2_colors game", 9, m.game2_colors.game);
    CHECK_EQ_INT("game2_colors keep", 0, m.game2_colors.swap);
}

static void bad_options(void)
{
    static const struct {
        const char *json;
        int rc;
        const char *field;
    } cases[] = {
        {"{\"type\":\"tournament_create\",\"id\":1,\"name\":\"x\",\"rounds\":0}", BH_EFIELD,
         "rounds"},
        {"{\"type\":\"tournament_create\",\"id\":1,\"name\":\"x\",\"wait_s\":-1}", BH_EFIELD,
         "wait_s"},
        {"{\"type\":\"tournament_create\",\"id\":1,\"name\":\"x\",\"break_s\":86401}", BH_EFIELD,
         "break_s"},
        {"{\"type\":\"tournament_create\",\"id\":1,\"name\":\"x\",\"rounds\":65}", BH_EFIELD,
         "rounds"},
        {"{\"type\":\"tournament_create\",\"id\":1,\"name\":\"x\",\"base_ms\":999}", BH_EFIELD,
         "base_ms"},
        {"{\"type\":\"tournament_create\",\"id\":1,\"name\":\"x\",\"small\":\"no\"}", BH_EFIELD,
         "small"},
        {"{\"type\":\"tournament_create\",\"id\":1,\"name\":\"x\",\"tiebreaks\":[]}", BH_EFIELD,
         "tiebreaks"},
        {"{\"type\":\"tournament_create\",\"id\":1,\"name\":\"x\",\"tiebreaks\":"
         "[\"DE\",\"DE\",\"DE\",\"DE\",\"DE\",\"DE\",\"DE\",\"DE\",\"DE\"]}",
         BH_EFIELD, "tiebreaks"},
        {"{\"type\":\"tournament_create\",\"id\":1,\"name\":\"x\",\"tiebreaks\":[\"abcdefghijklm\"]"
         "}",
         BH_ELIMIT, "tiebreaks"},
        {"{\"type\":\"tournament_create\",\"id\":1,\"name\":\"x\",\"ruleset\":5}", BH_EFIELD,
         "ruleset"},
        {"{\"type\":\"team_register\",\"id\":1,\"tournament\":1,\"name\":\"x\",\"players\":"
         "[\"a\",\"b\"],\"ratings\":[1,4001]}",
         BH_EFIELD, "ratings"},
        {"{\"type\":\"team_register\",\"id\":1,\"tournament\":1,\"name\":\"x\",\"players\":"
         "[\"a\",\"b\"],\"ratings\":[1]}",
         BH_EFIELD, "ratings"},
        {"{\"type\":\"team_register\",\"id\":1,\"tournament\":1,\"name\":\"x\",\"players\":"
         "[\"a\",\"b\"],\"ratings\":[1.5,2]}",
         BH_EFIELD, "ratings"},
        {"{\"type\":\"tournament_start\",\"id\":1}", BH_EFIELD, "tournament"},
        {"{\"type\":\"tournament_get\",\"id\":1,\"tournament\":0}", BH_EFIELD, "tournament"},
        {"{\"type\":\"tournament_pause\",\"id\":1,\"tournament\":1}", BH_EFIELD, "paused"},
        {"{\"type\":\"tournament_pause\",\"id\":1,\"tournament\":1,\"paused\":1}", BH_EFIELD,
         "paused"},
        {"{\"type\":\"game2_colors\",\"id\":1,\"game\":9}", BH_EFIELD, "swap"},
        {"{\"type\":\"game2_colors\",\"id\":1,\"game\":0,\"swap\":true}", BH_EFIELD, "game"},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(cases); i++) {
        proto_msg m;
        proto_err err;
        CHECK_EQ_INT(cases[i].json, cases[i].rc, decode_str(cases[i].json, &m, &err));
        CHECK_EQ_STR(cases[i].json, cases[i].field, err.field);
    }
    proto_msg m;
    proto_err err;
    CHECK_EQ_INT("get without id", BH_OK,
                 decode_str("{\"type\":\"tournament_get\",\"id\":4}", &m, &err));
    CHECK_EQ_INT("get default", 0, m.tournament_get.tournament);
}

static void golden_server(void)
{
    same("s2c-team_created.json",
         proto_enc_team_created(11, 1, "5d0f8c2a9b7e4c1d3a6f0e9b8c7d6a5f"));
    same("s2c-authed_team.json", proto_enc_authed_team(1, 3, 1));
    proto_assign a = {
        .tournament = 1,
        .round = 1,
        .match = 0,
        .game_no = 0,
        .game = 7,
        .team1 = 1,
        .team2 = 2,
        .n = 2,
        .seats = {0, 3},
        .tokens = {"9a1b2c3d4e5f60718293a4b5c6d7e8f9", "0f1e2d3c4b5a69788796a5b4c3d2e1f0"},
        .names = {"ann", "bob"}};
    same("s2c-assign.json", proto_enc_assign(&a));
    proto_game2_choice gc = {1, 1, 0, 9, 3, 15000, true};
    same("s2c-game2_choice.json", proto_enc_game2_choice(&gc));
    proto_game2_decided gd = {1, 1, 0, 9, 3, false, "chosen"};
    same("s2c-game2_decided.json", proto_enc_game2_decided(&gd));
    proto_tmatch rm[2] = {
        {.team1 = 1,
         .team2 = 3,
         .name1 = "Knights",
         .name2 = "Pawns",
         .white = 2,
         .games = {9, 10},
         .results = {"0-1", NULL},
         .reasons = {"mate", NULL},
         .states = {"finished", "live"},
         .mp = {0, 0},
         .gp = {0, 1},
         .status = "playing"},
        {.team1 = 2, .name1 = "Rooks", .mp = {1, 0}, .gp = {1, 0}, .status = "bye"}};
    proto_round r = {1, 2, 5, "playing", rm, 2, 7};
    same("s2c-round.json", proto_enc_round(&r));
    r.v = 8; /* the next push: only match 0 changed */
    same("s2c-round_delta.json", proto_enc_round_delta(&r, (const int[]){0}, 1));
    proto_srow rows[3] = {
        {1, 3, "Pawns", 3, 2.5, {0, 2, 0}, true, false, 0},
        {2, 1, "Knights", 2, 2, {0, 1, 0}, true, false, 0},
        {3, 2, "Rooks", 1, 1, {0, 2, 0}, true, false, 0},
    };
    proto_standings st = {1, 2, false, 3, {"DE", "BH-C1", "PO"}, rows, 3, 9};
    same("s2c-standings.json", proto_enc_standings(&st));

    const int pawns_byes[1] = {3};
    proto_tteam teams[3] = {
        {1, 1, "Knights", {"ann", "bob"}, {2100, 1950}, 0, 1, NULL, 0, NULL},
        {2, 2, "Rooks", {"cid", "dan"}, {2000, 1900}, 0, 1, NULL, 0, NULL},
        {3, 3, "Pawns", {"eve", "fay"}, {1800, 1700}, 0, 1, pawns_byes, 1, NULL}};
    proto_tmatch cm[2] = {
        {.team1 = 1,
         .team2 = 2,
         .name1 = "Knights",
         .name2 = "Rooks",
         .white = 1,
         .games = {7, 0},
         .states = {"waiting", NULL},
         .absent = {{"cid"}, {NULL}},
         .nabsent = {1, 0},
         .status = "playing"},
        {.team1 = 3, .name1 = "Pawns", .mp = {1, 0}, .gp = {1, 0}, .status = "bye"}};
    proto_round cur = {1, 1, 5, "playing", cm, 2, 0};
    proto_srow srows[3] = {
        {1, 3, "Pawns", 1, 1, {0, 0, 0}, true, false, 0},
        {2, 1, "Knights", 0, 0, {0, 0, 0}, true, true, 0},
        {3, 2, "Rooks", 0, 0, {0, 0, 0}, true, false, 0},
    };
    proto_standings sst = {1, 0, false, 3, {"DE", "BH-C1", "PO"}, srows, 3, 0};
    proto_tour_snap snap = {.tournament = 1,
                            .name = "Bughouse Open",
                            .status = "running",
                            .format = "swiss",
                            .rounds = 5,
                            .round = 1,
                            .bye_requests = 1,
                            .bye_kind = "half",
                            .base_ms = 60000,
                            .wait_s = 300,
                            .break_s = 60,
                            .ruleset = "regulation",
                            .teams = teams,
                            .n_teams = 3,
                            .current = &cur,
                            .standings = &sst,
                            .history = &cur,
                            .n_history = 1,
                            .v = 12};
    same("s2c-tournament.json", proto_enc_tournament(true, 13, &snap));
}

/* The director's controls and the public live list (issue 7): every golden file decodes to
 * the fields its document names; malformed variants get the documented error and field. */
static void golden_director(void)
{
    proto_msg m;
    CHECK_EQ_INT("game_pause", BH_OK, decode_file("c2s-game_pause.json", &m));
    CHECK_EQ_INT("game_pause type", PROTO_GAME_PAUSE, m.type);
    CHECK_EQ_INT("game_pause game", 7, m.game_pause.game);
    CHECK_EQ_INT("game_pause paused", 1, m.game_pause.paused);
    CHECK_EQ_INT("game_result", BH_OK, decode_file("c2s-game_result.json", &m));
    CHECK_EQ_INT("game_result type", PROTO_GAME_RESULT, m.type);
    CHECK_EQ_STR("game_result result", "1/2-1/2", m.game_result.result);
    CHECK_EQ_STR("game_result reason", "adjudicated", m.game_result.reason);
    CHECK_EQ_INT("team_withdraw", BH_OK, decode_file("c2s-team_withdraw.json", &m));
    CHECK_EQ_INT("team_withdraw team", 3, m.team_withdraw.team);
    CHECK_EQ_INT("team_withdraw tournament", 1, m.team_withdraw.tournament);
    CHECK_EQ_INT("team_withdraw keep", 0, m.team_withdraw.keep_current);
    CHECK_EQ_INT("round_pair", BH_OK, decode_file("c2s-round_pair.json", &m));
    CHECK_EQ_INT("round_pair type", PROTO_ROUND_PAIR, m.type);
    CHECK_EQ_INT("round_start", BH_OK, decode_file("c2s-round_start.json", &m));
    CHECK_EQ_INT("round_start type", PROTO_ROUND_START, m.type);
    CHECK_EQ_INT("round_start tournament", 1, m.round_start.tournament);
    CHECK_EQ_INT("export", BH_OK, decode_file("c2s-export.json", &m));
    CHECK_EQ_INT("export format", PROTO_EXPORT_TRF, m.export_.format);
    CHECK_EQ_INT("export tournament", 1, m.export_.tournament);
    CHECK_EQ_INT("live", BH_OK, decode_file("c2s-live.json", &m));
    CHECK_EQ_INT("live type", PROTO_LIVE, m.type);

    same("s2c-export_reply.json",
         proto_enc_export(26, "bpgn", 7, 0,
                          "[Event \"bughouse-server game 7\"]\n[Result \"1-0\"]\n"));
    proto_live_row row = {.game = 7,
                          .tournament = 1,
                          .round = 1,
                          .match = 0,
                          .game_no = 0,
                          .teams = {"Knights", "Rooks"},
                          .names = {"ann", "cid", "dan", "bob"},
                          .clock_ms = {178950, 180000, 180000, 180000},
                          .running = {1, 2},
                          .ply = {1, 0}};
    same("s2c-live_reply.json", proto_enc_live(true, 27, &row, 1, 1764400000000));

    static const struct {
        const char *json;
        int rc;
        const char *field;
    } bad[] = {
        {"{\"type\":\"game_pause\",\"id\":1,\"game\":7}", BH_EFIELD, "paused"},
        {"{\"type\":\"game_pause\",\"id\":1,\"game\":7,\"paused\":1}", BH_EFIELD, "paused"},
        {"{\"type\":\"game_result\",\"id\":1,\"game\":7,\"result\":\"2-0\",\"reason\":\"x\"}",
         BH_EFIELD, "result"},
        {"{\"type\":\"game_result\",\"id\":1,\"game\":7,\"result\":\"1-0\"}", BH_EFIELD, "reason"},
        {"{\"type\":\"game_result\",\"id\":1,\"game\":7,\"result\":\"1-0\",\"reason\":"
         "\"a reason that is far too long\"}",
         BH_ELIMIT, "reason"},
        {"{\"type\":\"team_withdraw\",\"id\":1,\"tournament\":1}", BH_EFIELD, "team"},
        {"{\"type\":\"team_withdraw\",\"id\":1,\"tournament\":1,\"team\":2,\"keep_current\":"
         "\"yes\"}",
         BH_EFIELD, "keep_current"},
        {"{\"type\":\"round_start\",\"id\":1}", BH_EFIELD, "tournament"},
        {"{\"type\":\"export\",\"id\":1,\"format\":\"pgn\",\"game\":7}", BH_EFIELD, "format"},
        {"{\"type\":\"export\",\"id\":1,\"format\":\"bpgn\",\"tournament\":1}", BH_EFIELD, "game"},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(bad); i++) {
        proto_err err;
        CHECK_EQ_INT(bad[i].json, bad[i].rc, decode_str(bad[i].json, &m, &err));
        CHECK_EQ_STR(bad[i].json, bad[i].field, err.field);
    }
}

/* round_pair with a pairing by hand (issue 6 wiring): the golden file decodes to its pairs;
 * without pairs it is the computed pairing; every malformed pairs field is refused with the
 * documented code and field (the pair's index), and 1024 pairs is the limit. */
static void round_pair_hand(void)
{
    proto_msg *m = malloc(sizeof *m);
    CHECK_EQ_INT("hand", BH_OK, decode_file("c2s-round_pair_hand.json", m));
    CHECK_EQ_INT("hand type", PROTO_ROUND_PAIR, m->type);
    CHECK_EQ_INT("hand tournament", 1, m->round_pair.tournament);
    CHECK_MSG(m->round_pair.hand, "pairs not seen");
    CHECK_EQ_INT("allow_rematch", 1, m->round_pair.allow_rematch);
    CHECK_EQ_INT("3 pairs", 3, m->round_pair.n_pairs);
    const int64_t want[3][2] = {{1, 4}, {2, 3}, {5, 0}};
    for (int i = 0; i < 3 && m->round_pair.n_pairs == 3; i++)
        for (int k = 0; k < 2; k++)
            CHECK_EQ_INT("pair", want[i][k], m->round_pair.pairs[i][k]);
    proto_msg_free(m);
    CHECK_EQ_INT("computed", BH_OK, decode_file("c2s-round_pair.json", m));
    CHECK_MSG(!m->round_pair.hand && m->round_pair.n_pairs == 0 && !m->round_pair.allow_rematch,
              "pairs in the computed form");
    CHECK_EQ_INT("empty list", BH_OK,
                 decode_str("{\"type\":\"round_pair\",\"id\":1,\"tournament\":1,\"pairs\":[]}", m,
                            &(proto_err){0}));
    CHECK_MSG(m->round_pair.hand && m->round_pair.n_pairs == 0,
              "an empty list is a (bad) hand pairing, not none");

    static const struct {
        const char *pairs; /* the value of "pairs", or a whole tail after "tournament":1 */
        int rc;
        const char *field;
    } bad[] = {
        {"\"pairs\":{}", BH_EFIELD, "pairs"},
        {"\"pairs\":\"1-4\"", BH_EFIELD, "pairs"},
        {"\"pairs\":[1,4]", BH_EFIELD, "pairs[0]"},
        {"\"pairs\":[[1,4],[2]]", BH_EFIELD, "pairs[1]"},
        {"\"pairs\":[[1,4],[2,3,5]]", BH_EFIELD, "pairs[1]"},
        {"\"pairs\":[[1,4],[2,\"3\"]]", BH_EFIELD, "pairs[1]"},
        {"\"pairs\":[[1,4],[2,3.5]]", BH_EFIELD, "pairs[1]"},
        {"\"pairs\":[[1,4],[2,-3]]", BH_EFIELD, "pairs[1]"},
        {"\"pairs\":[[1,4],[0,3]]", BH_EFIELD, "pairs[1]"},
        {"\"pairs\":[[1,4],[2,1e400]]", BH_EFIELD, "pairs[1]"},
        {"\"pairs\":[[1,4],[2,9007199254740992]]", BH_EFIELD, "pairs[1]"},
        {"\"pairs\":[[1,4],null]", BH_EFIELD, "pairs[1]"},
        {"\"pairs\":[[1,4]],\"allow_rematch\":1", BH_EFIELD, "allow_rematch"},
        {"\"allow_rematch\":\"yes\"", BH_EFIELD, "allow_rematch"},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(bad); i++) {
        char json[256];
        snprintf(json, sizeof json, "{\"type\":\"round_pair\",\"id\":1,\"tournament\":1,%s}",
                 bad[i].pairs);
        proto_err err;
        CHECK_EQ_INT(json, bad[i].rc, decode_str(json, m, &err));
        CHECK_EQ_STR(json, bad[i].field, err.field);
        CHECK_MSG(err.has_id && err.id == 1, "%s: the id is lost", json);
    }
    /* PROTO_PAIRS_MAX pairs decode; one more is too_large (both under the 8 KiB frame). */
    for (int n = PROTO_PAIRS_MAX; n <= PROTO_PAIRS_MAX + 1; n++) {
        char *json = malloc(PROTO_MAX_FRAME + 1);
        size_t len = (size_t)snprintf(json, 80,
                                      "{\"type\":\"round_pair\",\"id\":2,"
                                      "\"tournament\":1,\"pairs\":[");
        for (int i = 0; i < n; i++)
            len += (size_t)snprintf(json + len, 8, "%s[1,2]", i ? "," : "");
        len += (size_t)snprintf(json + len, 4, "]}");
        CHECK_MSG(len <= PROTO_MAX_FRAME, "the test frame is over the frame limit (%zu)", len);
        proto_err err;
        int rc = proto_decode(json, len, m, &err);
        if (n == PROTO_PAIRS_MAX) {
            CHECK_EQ_INT("1024 pairs", BH_OK, rc);
            CHECK_EQ_INT("1024 pairs kept", PROTO_PAIRS_MAX, m->round_pair.n_pairs);
            proto_msg_free(m);
        } else {
            CHECK_EQ_INT("1025 pairs", BH_ELIMIT, rc);
            CHECK_EQ_STR("1025 pairs field", "pairs", err.field);
        }
        free(json);
    }
    free(m);
}

static const bh_test_case cases[] = {
    {"golden_director", golden_director}, {"round_pair_hand", round_pair_hand},
    {"golden_client", golden_client},     {"bad_options", bad_options},
    {"golden_server", golden_server},
};

BH_TEST_MAIN(cases)
