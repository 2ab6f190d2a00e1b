/* test_bot_cecp.c: the CECP bridge's pure functions (bot_cecp.h): how engine lines are
 * classified (strictly: control bytes, overlong lines and malformed move lines are garbage),
 * how an engine's move text is read, the partner words both ways, and the holding command.
 * SPDX-License-Identifier: MIT */
#include "bh_test.h"
#include "bot_cecp.h"

static void classify(void)
{
    static const struct {
        const char *name, *line;
        cecp_line_kind kind;
        const char *text;
    } cases[] = {
        {"move", "move e2e4", CECP_L_MOVE, "e2e4"},
        {"move crlf", "move e7e8q\r", CECP_L_MOVE, "e7e8q"},
        {"drop", "move P@h3", CECP_L_MOVE, "P@h3"},
        {"move two words", "move e2e4 e7e5", CECP_L_GARBAGE, ""},
        {"move empty", "move ", CECP_L_GARBAGE, ""},
        {"move too long", "move e2e4e5e6", CECP_L_GARBAGE, ""},
        {"control byte", "move \001\002@@", CECP_L_GARBAGE, ""},
        {"bell in chatter", "thinking\a", CECP_L_GARBAGE, ""},
        {"resign", "resign", CECP_L_RESIGN, ""},
        {"ptell", "tellics ptell Hello! I am Sjeng", CECP_L_PTELL, "Hello! I am Sjeng"},
        {"tellics other", "tellics set f5 bughouse", CECP_L_TELLICS, "set f5 bughouse"},
        {"feature", "feature usermove=1 done=1", CECP_L_FEATURE, "usermove=1 done=1"},
        {"illegal", "Illegal move: e2e5", CECP_L_ILLEGAL, "Illegal move: e2e5"},
        {"error", "Error (unkown command): nopost", CECP_L_ERROR, "Error (unkown command): nopost"},
        {"thinking with tabs", "8 -9 2 9115 9 455750 0\t b8c6 b1c3", CECP_L_OTHER, ""},
        {"moves word alone", "movement", CECP_L_OTHER, ""},
        {"sjeng stats", "NPS: 1383116", CECP_L_OTHER, ""},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(cases); i++) {
        char text[64];
        CHECK_EQ_INT(cases[i].name, (int)cases[i].kind,
                     (int)cecp_classify(cases[i].line, text, sizeof text));
        CHECK_EQ_STR(cases[i].name, cases[i].text, text);
    }
    /* A line one byte over the limit is garbage; at the limit it is chatter. */
    static char big[CECP_LINE_MAX + 2];
    memset(big, 'x', CECP_LINE_MAX);
    char text[8];
    CHECK_EQ_INT("at the limit", CECP_L_OTHER, (int)cecp_classify(big, text, sizeof text));
    big[CECP_LINE_MAX] = 'x';
    CHECK_EQ_INT("over the limit", CECP_L_GARBAGE, (int)cecp_classify(big, text, sizeof text));
    /* A long tell is cut at a UTF-8 boundary: "é" is two bytes, never split. */
    CHECK_EQ_INT("cut tell", CECP_L_PTELL, (int)cecp_classify("tellics ptell ab\xc3\xa9", text, 4));
    CHECK_EQ_STR("cut tell", "ab", text);
}

static void parse_move(void)
{
    bh_pos pos;
    bh_fen_error fe;
    /* White to move with a knight and a pawn in hand. */
    CHECK_EQ_INT("fen", BH_OK,
                 bh_pos_from_fen(&pos, "4k3/1P6/8/8/8/8/8/4K3[NP] w - - 0 1", NULL, &fe));
    static const struct {
        const char *name, *text;
        int rc;
    } cases[] = {
        {"king", "e1d1", BH_OK},
        {"drop", "N@f3", BH_OK},
        {"lowercase drop", "n@f3", BH_OK},
        {"promotion", "b7b8q", BH_OK},
        {"uppercase promo", "b7b8Q", BH_OK},
        {"drop not held", "Q@d4", BH_EILLEGAL},
        {"no promo piece", "b7b8", BH_EMOVE},
        {"off the board", "e1e9", BH_EMOVE},
        {"words", "resign", BH_EMOVE},
        {"pawn on rank 1", "P@a1", BH_EILLEGAL},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(cases); i++) {
        bh_move m;
        CHECK_EQ_INT(cases[i].name, cases[i].rc, cecp_parse_move(&pos, cases[i].text, &m));
    }
    /* A drop of a piece not in hand that would be legal with it waits (a virtual drop); one
     * that is illegal anyway (an occupied square, a pawn on rank 8) or one of a piece in hand
     * is not virtual. */
    CHECK_MSG(cecp_is_virtual_drop(&pos, "Q@d4"), "Q@d4 waits for a queen");
    CHECK_MSG(cecp_is_virtual_drop(&pos, "r@d4"), "r@d4 waits for a rook");
    CHECK_MSG(!cecp_is_virtual_drop(&pos, "Q@e1"), "Q@e1: occupied");
    CHECK_MSG(!cecp_is_virtual_drop(&pos, "N@f3"), "N@f3: held");
    CHECK_MSG(!cecp_is_virtual_drop(&pos, "K@d4"), "K@d4: no king drops");
    CHECK_MSG(!cecp_is_virtual_drop(&pos, "e1d1"), "e1d1: not a drop");
}

static void words(void)
{
    static const struct {
        const char *chat, *ptell;
    } to_engine[] = {
        {"sit!", "sit"},
        {"go!", "go"},
        {"need \u265E", "+n"},
        {"need \u265B", "+q"},
        {"trade ok", "+trades"},
        {"no trades", "-trades"},
        {"hello there", "hello there"},
        {"tab\there", "tab here"},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(to_engine); i++) {
        char out[64];
        CHECK_EQ_STR(to_engine[i].chat, to_engine[i].ptell,
                     cecp_chat_to_ptell(to_engine[i].chat, out, sizeof out));
    }
    static const struct {
        const char *ptell, *chat;
    } to_chat[] = {
        {"sit", "sit!"},
        {"go", "go!"},
        {"move", "go!"},
        {"+n", "need \u265E"},
        {"++n", "need \u265E"},
        {"+++q", "need \u265B"},
        {"+trades", "trade ok"},
        {"-trades", "no trades"},
        {"Ok, I sit next move. Tell me when to go.", "Ok, I sit next move. Tell me when to go."},
        {"  sit  ", "sit!"},
        {"a\tb", "a b"},
        {"caf\xe9 latin-1", "caf? latin-1"},
        {"caf\xc3\xa9 utf-8", "caf\xc3\xa9 utf-8"},
        {"surrogate \xed\xa0\x80", "surrogate ???"},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(to_chat); i++) {
        char out[64];
        cecp_ptell_to_chat(to_chat[i].ptell, out, sizeof out);
        CHECK_EQ_STR(to_chat[i].ptell, to_chat[i].chat, out);
    }
    char out[CECP_TEXT_MAX + 64];
    CHECK_EQ_INT("empty tell", 0, (int)cecp_ptell_to_chat("   ", out, sizeof out));
    static char longer[CECP_TEXT_MAX + 40];
    memset(longer, 'a', sizeof longer - 1);
    CHECK_EQ_INT("a tell is cut to the chat limit", CECP_TEXT_MAX,
                 (int)cecp_ptell_to_chat(longer, out, sizeof out));
}

static void holding(void)
{
    bh_pos pos;
    bh_fen_error fe;
    char out[64];
    bh_pos_start(&pos, NULL);
    CHECK_EQ_STR("start", "holding [] []", cecp_holding(&pos, out, sizeof out));
    CHECK_EQ_INT(
        "fen", BH_OK,
        bh_pos_from_fen(&pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[PNQpbbr] w KQkq - 0 1",
                        NULL, &fe));
    CHECK_EQ_STR("both sides, QRBNP order", "holding [QNP] [rbbp]",
                 cecp_holding(&pos, out, sizeof out));
}

static const bh_test_case cases[] = {
    {"classify", classify},
    {"parse_move", parse_move},
    {"words", words},
    {"holding", holding},
};

BH_TEST_MAIN(cases)
