/* test_proto_club.c: the club round robin's messages (proto_club.h) against their golden files
 * (protocol/examples/c2s-club_*.json, s2c-club.json, written by protocol/gen.py) and hostile
 * inputs: every wrong type or range names its field. SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "bh_test.h"
#include "proto.h"
#include "proto_any.h"
#include "proto_club.h"
#include "proto_golden.h"

static int dec_file(const char *name, pclub_msg *m)
{
    char *s = bh_test_example(name);
    if (!s)
        return -1;
    proto_err err;
    proto_club_msg_free(m); /* the previous file's message */
    int rc = proto_club_decode(s, strlen(s), m, &err);
    free(s);
    return rc;
}

static void golden_client(void)
{
    static pclub_msg m;
    CHECK_EQ_INT("create", BH_OK, dec_file("c2s-club_create.json", &m));
    CHECK_EQ_INT("type", PCLUB_CREATE, m.type);
    CHECK_EQ_STR("name", "Chornomorsk 2016", m.create.name);
    CHECK_EQ_INT("break_s", 600, m.create.break_s);
    CHECK_EQ_INT("boards absent", -1, m.create.boards);
    CHECK_EQ_INT("sb: Cut-1", 1, m.create.sb_cut1);
    CHECK_EQ_INT("team", BH_OK, dec_file("c2s-club_team.json", &m));
    CHECK_EQ_INT("players", 3, m.team.n_players);
    CHECK_EQ_INT("rating", 2290, m.team.players[1].rating);
    CHECK_EQ_INT("captain", 11, m.team.captain);
    CHECK_EQ_INT("lineup", BH_OK, dec_file("c2s-club_lineup.json", &m));
    CHECK_EQ_INT("ids", 6, m.lineup.n_ids);
    CHECK_EQ_INT("board 2", 13, m.lineup.ids[1]);
    CHECK_EQ_INT("result", BH_OK, dec_file("c2s-club_result.json", &m));
    CHECK_EQ_INT("board (0-based)", 1, m.result.board);
    CHECK_EQ_INT("match (0-based)", 0, m.result.match);
    CHECK_EQ_STR("result", "1/2-1/2", m.result.result);
    CHECK_EQ_INT("protest", BH_OK, dec_file("c2s-club_protest.json", &m));
    CHECK_EQ_INT("deposit", 20000, m.protest.deposit);
    CHECK_EQ_INT("decide", BH_OK, dec_file("c2s-club_decide.json", &m));
    CHECK(m.decide.upheld);
    CHECK_EQ_STR("new result", "0-1", m.decide.result);
    CHECK_EQ_INT("attend", BH_OK, dec_file("c2s-club_attend.json", &m));
    CHECK_EQ_INT("present", 5, m.attend.n_attend);
    CHECK_EQ_INT("present 4", 21, m.attend.attend[3]);
    static const char *const plain[] = {"c2s-club_start.json",   "c2s-club_round_start.json",
                                        "c2s-club_appeals.json", "c2s-club_get.json",
                                        "c2s-club_attend.json",  "c2s-club_export.json"};
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++) {
        CHECK_EQ_INT(plain[i], BH_OK, dec_file(plain[i], &m));
        CHECK_EQ_INT("club", 3, m.club);
    }
}

/* The snapshot encoder against s2c-club.json (the document's example). */
static void golden_server(void)
{
    pclub_player p4[] = {{11, "Ivanenko", 2350}}, p5[] = {{21, "Kovalenko", 2300}};
    pclub_team teams[] = {{4, "Portovik", 11, p4, 1}, {5, "Druzhba", 21, p5, 1}};
    pclub_board boards[] = {{1, {4, 5}, {11, 21}, "1-0", false, {false, false}, 0},
                            {2, {5, 4}, {0, 12}, "*", true, {false, true}, 420000}};
    pclub_match m = {4, 5, {1, 0}, {0, 0}, false, boards, 2};
    int l4[] = {11, 12}, l5[] = {21, 0};
    pclub_lineup lus[] = {{4, true, l4, 2}, {5, false, l5, 2}};
    pclub_round r = {1, "playing", 0, 0, &m, 1, lus, 2};
    pclub_protest p = {1,    "filed", 1,     0,     0,   5, "the flag fell first",
                       NULL, 20000,   "UAH", false, NULL};
    pclub_row rows[] = {{1, 4, "Portovik", 0, 0, {0}, false}, {2, 5, "Druzhba", 0, 0, {0}, false}};
    pclub_snapshot s = {.club = 3,
                        .name = "Chornomorsk 2016",
                        .status = "running",
                        .round = 1,
                        .rounds = 1,
                        .boards = 2,
                        .deposit = 20000,
                        .currency = "UAH",
                        .teams = teams,
                        .nt = 2,
                        .rounds_v = &r,
                        .nr = 1,
                        .protests = &p,
                        .np = 1,
                        .n_tb = 4,
                        .tb_names = {"GP", "DE", "WIN", "SB"},
                        .rows = rows,
                        .n_rows = 2};
    same("s2c-club.json", proto_club_enc(true, 49, &s));
}

typedef struct {
    const char *json;
    int rc;
    const char *field;
} bad_case;

static void hostile(void)
{
    static const bad_case cases[] = {
        {"{\"type\":\"club_get\",\"id\":1}", BH_EFIELD, "club"},
        {"{\"type\":\"club_get\",\"id\":1,\"club\":\"3\"}", BH_EFIELD, "club"},
        {"{\"type\":\"club_get\",\"id\":-1,\"club\":3}", BH_EFIELD, "id"},
        {"{\"type\":\"club_create\",\"id\":1}", BH_EFIELD, "name"},
        {"{\"type\":\"club_create\",\"id\":1,\"name\":\"x\",\"boards\":17}", BH_EFIELD, "boards"},
        {"{\"type\":\"club_create\",\"id\":1,\"name\":\"x\",\"double\":1}", BH_EFIELD, "double"},
        {"{\"type\":\"club_create\",\"id\":1,\"name\":\"x\",\"sb\":\"BH\"}", BH_EFIELD, "sb"},
        {"{\"type\":\"club_create\",\"id\":1,\"name\":\"x\",\"sb\":1}", BH_EFIELD, "sb"},
        {"{\"type\":\"club_create\",\"id\":1,\"name\":\"x\",\"wait_s\":1e400}", BH_EFIELD,
         "wait_s"},
        {"{\"type\":\"club_team\",\"id\":1,\"club\":3,\"name\":\"x\",\"players\":[],\"captain\":1}",
         BH_EFIELD, "players"},
        {"{\"type\":\"club_team\",\"id\":1,\"club\":3,\"name\":\"x\",\"players\":[{\"id\":0,"
         "\"name\":\"a\"}],\"captain\":1}",
         BH_EFIELD, "id"},
        {"{\"type\":\"club_team\",\"id\":1,\"club\":3,\"name\":\"x\",\"players\":[{\"id\":1,"
         "\"name\":\"\"}],\"captain\":1}",
         BH_EFIELD, "name"},
        {"{\"type\":\"club_lineup\",\"id\":1,\"club\":3,\"round\":1,\"players\":[1,2.5]}",
         BH_EFIELD, "players"},
        {"{\"type\":\"club_lineup\",\"id\":1,\"club\":3,\"round\":1,\"players\":[1,2,3,4,5,6,7,8,9,"
         "10,11,12,13,14,15,16,17]}",
         BH_ELIMIT, "players"},
        {"{\"type\":\"club_lineup\",\"id\":1,\"club\":3,\"round\":0,\"players\":[]}", BH_EFIELD,
         "round"},
        {"{\"type\":\"club_result\",\"id\":1,\"club\":3,\"round\":1,\"match\":1,\"board\":0,"
         "\"result\":\"1-0\"}",
         BH_EFIELD, "board"},
        {"{\"type\":\"club_result\",\"id\":1,\"club\":3,\"round\":1,\"match\":1,\"board\":1,"
         "\"result\":\"1:0\"}",
         BH_EFIELD, "result"},
        {"{\"type\":\"club_protest\",\"id\":1,\"club\":3,\"round\":1,\"match\":1,\"board\":1,"
         "\"text\":\"x\"}",
         BH_EFIELD, "deposit"},
        {"{\"type\":\"club_decide\",\"id\":1,\"club\":3,\"token\":\"t\",\"protest\":1,"
         "\"upheld\":true,\"reason\":\"r\"}",
         BH_EFIELD, "result"},
        {"{\"type\":\"club_decide\",\"id\":1,\"club\":3,\"token\":\"t\",\"protest\":1,"
         "\"upheld\":\"yes\",\"reason\":\"r\"}",
         BH_EFIELD, "upheld"},
        {"{\"type\":\"club_export\",\"id\":1,\"club\":3,\"what\":\"pgn\"}", BH_EFIELD, "what"},
        {"{\"type\":\"club_attend\",\"id\":1,\"club\":3,\"round\":1,\"players\":[]}", BH_EFIELD,
         "players"},
        /* Text as in every other message (protocol/README.md "Envelope"): the frame is UTF-8
         * (RFC 3629: a lone continuation byte, an overlong form), no \u0000, no control
         * character in a name; a protest's text may have line breaks, nothing else. */
        {"{\"type\":\"club_team\",\"id\":1,\"club\":3,\"name\":\"Dnipro\x80\",\"players\":"
         "[{\"id\":1,\"name\":\"a\"}],\"captain\":1}",
         BH_ETEXT, "name"},
        {"{\"type\":\"club_create\",\"id\":1,\"name\":\"\xC0\xAF\"}", BH_ETEXT, "name"},
        {"{\"type\":\"club_create\",\"id\":1,\"name\":\"a\\u0000b\"}", BH_ETEXT, "name"},
        {"{\"type\":\"club_team\",\"id\":1,\"club\":3,\"name\":\"x\",\"players\":[{\"id\":1,"
         "\"name\":\"Ivan\\nenko\"}],\"captain\":1}",
         BH_ETEXT, "name"},
        {"{\"type\":\"club_protest\",\"id\":1,\"club\":3,\"round\":1,\"match\":1,\"board\":1,"
         "\"text\":\"the flag\\u0007\",\"deposit\":0}",
         BH_ETEXT, "text"},
    };
    static pclub_msg m;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        proto_err err;
        proto_club_msg_free(&m);
        int rc = proto_club_decode(cases[i].json, strlen(cases[i].json), &m, &err);
        CHECK_MSG(rc == cases[i].rc && strcmp(err.field, cases[i].field) == 0,
                  "%s: want %s field %s, got %s field %s", cases[i].json, bh_errname(cases[i].rc),
                  cases[i].field, bh_errname(rc), err.field);
    }
    proto_err err;
    static const char two_lines[] = "{\"type\":\"club_protest\",\"id\":1,\"club\":3,\"round\":1,"
                                    "\"match\":1,\"board\":1,\"text\":\"a\\nb\",\"deposit\":0}";
    CHECK_EQ_INT("protest text: a line break is fine", BH_OK,
                 proto_club_decode(two_lines, strlen(two_lines), &m, &err));
    CHECK_EQ_STR("protest text: two lines", "a\nb", m.protest.text);
    proto_club_msg_free(&m);
    CHECK_EQ_INT("not JSON", BH_EJSON, proto_club_decode("{\"club_", 7, &m, &err));
    const char *other = "{\"type\":\"move\",\"x\":\"club_\"}";
    CHECK_EQ_INT("another type", BH_ETYPE, proto_club_decode(other, strlen(other), &m, &err));
    /* The server's one decode picks the family by the type's value (proto_any.h): an escaped
     * name is the same string (RFC 8259 section 7), "club_" in another field is not a type. */
    proto_any a;
    const char *esc = "{\"type\":\"club\\u005fget\",\"id\":49,\"club\":3}";
    CHECK_EQ_INT("escaped club_get: decoded", BH_OK, proto_decode_any(esc, strlen(esc), &a, &err));
    CHECK_MSG(a.fam == PROTO_FAM_CLUB && a.club.type == PCLUB_GET && a.club.id == 49,
              "escaped club_get: fam %d type %d id %lld", (int)a.fam, (int)a.club.type,
              (long long)a.club.id);
    proto_any_free(&a);
    const char *mv = "{\"type\":\"move\",\"id\":1,\"x\":\"club_\"}";
    CHECK_EQ_INT("move with club_ in a value: the core's refusal", BH_EFIELD,
                 proto_decode_any(mv, strlen(mv), &a, &err));
    CHECK(a.fam == PROTO_FAM_CORE);
    const char *nope = "{\"type\":\"club_nothing\",\"id\":2}";
    CHECK_EQ_INT("club_nothing: unknown type", BH_ETYPE,
                 proto_decode_any(nope, strlen(nope), &a, &err));
    CHECK_EQ_STR("club_nothing: the field", "type", err.field);
    char *big = malloc(PROTO_MAX_FRAME + 2);
    memset(big, ' ', PROTO_MAX_FRAME + 1);
    big[PROTO_MAX_FRAME + 1] = 0;
    CHECK_EQ_INT("too large", BH_ELIMIT, proto_club_decode(big, PROTO_MAX_FRAME + 1, &m, &err));
    free(big);
}

/* Byte mutations of every client example: the decoder never crashes (ASan) and answers with
 * one of its codes (bad_text: a mutated escape such as "\t" in a name); a refusal of a club
 * message names a field (or the frame: EJSON). */
static void mutations(void)
{
    static const char *const files[] = {
        "c2s-club_create.json", "c2s-club_team.json",    "c2s-club_lineup.json",
        "c2s-club_result.json", "c2s-club_protest.json", "c2s-club_decide.json",
        "c2s-club_attend.json", "c2s-club_export.json",  "c2s-club_get.json"};
    uint64_t x = 0x9e3779b97f4a7c15ull;
    static pclub_msg m;
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
            proto_club_msg_free(&m);
            int rc = proto_club_decode(buf, n, &m, &err);
            CHECK_MSG(rc == BH_OK || rc == BH_EJSON || rc == BH_ETYPE || rc == BH_EFIELD ||
                          rc == BH_ELIMIT || rc == BH_ETEXT,
                      "%s mutant %d: %d", files[f], i, rc);
            CHECK_MSG(rc != BH_EFIELD || err.field[0], "%s mutant %d: no field", files[f], i);
        }
        free(buf);
        free(s);
    }
}

/* The hub decodes every frame into one proto_any on its stack (hub_on_text): a tagged union is
 * as large as its largest message, not the sum of every kind's fields (8,272 bytes when the
 * club's message was one flat struct, 2,184 with the club's and the league's large parts
 * inline). 536 bytes on x86-64: the core's proto_msg (528: game_create's four names) and the
 * family; pclub_msg 184, pleague_msg 208, their rosters, texts and attendances out of line.
 * The bound leaves room for a few fields, none for an inline text (PCLUB_TEXT_MAX) or roster
 * (PCLUB_PLAYERS_MAX players). */
static void frame_size(void)
{
    CHECK_MSG(sizeof(proto_any) <= 640,
              "proto_any: %zu bytes (pclub_msg %zu, pleague_msg %zu, proto_msg %zu)",
              sizeof(proto_any), sizeof(pclub_msg), sizeof(pleague_msg), sizeof(proto_msg));
}

static const bh_test_case cases[] = {
    {"frame_size", frame_size},       {"mutations", mutations}, {"golden_client", golden_client},
    {"golden_server", golden_server}, {"hostile", hostile},
};

BH_TEST_MAIN(cases)
