/* test_core.c: core helpers: error names are the wire names of protocol/errors.md; the UTF-8
 * validator agrees with glibc's iconv decoder (an independent strict one) and RFC 3629's own
 * examples; the result tokens are the PGN standard's. SPDX-License-Identifier: MIT */
#include <iconv.h>

#include "bh.h"
#include "bh_test.h"
#include "buf.h"
#include "now.h"
#include "result.h"
#include "utf8.h"

static void errname_wire_names(void)
{
    CHECK_EQ_STR("ok", "ok", bh_errname(BH_OK));
    CHECK_EQ_STR("illegal", "illegal_move", bh_errname(BH_EILLEGAL));
    CHECK_EQ_STR("seat", "not_your_seat", bh_errname(BH_ESEAT));
    CHECK_EQ_STR("json", "bad_json", bh_errname(BH_EJSON));
    CHECK_EQ_STR("out of range", "unknown", bh_errname(12345));
    CHECK(BH_EINVAL < 0 && BH_EPAIR < 0);
}

static void now_is_monotonic(void)
{
    uint64_t a = now_mono_us(), b = now_mono_us();
    CHECK(b >= a);
    /* Wall clock is after 2020-01-01 (1577836800000 ms) on any sane machine. */
    CHECK(now_wall_ms() > 1577836800000LL);
}

/* buf_printf grows past its first allocation and keeps the text equal to one snprintf. */
/* PGN dates (UTC) of instants checked with Python's datetime.utcfromtimestamp: the epoch, a
 * leap day of a century leap year, the protocol examples' server_ms, and the last ms of 2099
 * and of 9999. */
static void pgn_date(void)
{
    static const struct {
        int64_t ms;
        const char *want;
    } cases[] = {
        {0, "1970.01.01"},
        {951782400000LL, "2000.02.29"},
        {951782399999LL, "2000.02.28"},
        {1764400000000LL, "2025.11.29"},
        {4102444799999LL, "2099.12.31"},
        {253402300799999LL, "9999.12.31"},
        {-1, "????.??.??"},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(cases); i++) {
        char out[11];
        now_pgn_date(cases[i].ms, out);
        CHECK_EQ_STR(cases[i].want, cases[i].want, out);
    }
}

static void buf_printf_grows(void)
{
    buf b = {0};
    char want[8192] = "";
    size_t n = 0;
    for (int i = 0; i < 500; i++) {
        buf_printf(&b, "%d,", i * 7919);
        n += (size_t)snprintf(want + n, sizeof want - n, "%d,", i * 7919);
    }
    CHECK_EQ_U64("length", n, b.len);
    CHECK_EQ_STR("text", want, b.p);
    buf_free(&b);
    CHECK(b.p == NULL && b.len == 0);
}

/* glibc's decoder as the reference: UTF-8 -> UTF-32 fails on any ill-formed sequence. */
static bool iconv_valid(iconv_t cd, const unsigned char *s, size_t n)
{
    char out[64], *in = (char *)s, *o = out;
    size_t il = n, ol = sizeof out;
    iconv(cd, NULL, NULL, NULL, NULL);
    return iconv(cd, &in, &il, &o, &ol) != (size_t)-1 && il == 0;
}

/* Every 1- and 2-byte string, and 3- and 4-byte strings over every lead byte with the
 * continuation bytes at the edges of Table 3-7's ranges: the same verdict as iconv. */
static void utf8_valid_as_iconv(void)
{
    iconv_t cd = iconv_open("UTF-32LE", "UTF-8");
    CHECK_MSG(cd != (iconv_t)-1, "no iconv UTF-8 decoder");
    if (cd == (iconv_t)-1)
        return;
    static const unsigned char edge[] = {0x00, 0x7F, 0x80, 0x8F, 0x90,
                                         0x9F, 0xA0, 0xBF, 0xC0, 0xFF};
    long differ = 0, valid = 0;
    unsigned char b[4];
    for (unsigned x = 0; x < 65536; x++) {
        b[0] = (unsigned char)(x >> 8), b[1] = (unsigned char)x;
        for (size_t n = 1; n <= 2; n++)
            differ += bh_utf8_valid((const char *)b, n, NULL) != iconv_valid(cd, b, n);
    }
    for (unsigned lead = 0; lead < 256; lead++)
        for (size_t i = 0; i < sizeof edge; i++)
            for (size_t j = 0; j < sizeof edge; j++)
                for (size_t k = 0; k < sizeof edge; k++) {
                    b[0] = (unsigned char)lead, b[1] = edge[i], b[2] = edge[j], b[3] = edge[k];
                    bool ours = bh_utf8_valid((const char *)b, 4, NULL);
                    differ += ours != iconv_valid(cd, b, 4);
                    differ += bh_utf8_valid((const char *)b, 3, NULL) != iconv_valid(cd, b, 3);
                    valid += ours;
                }
    iconv_close(cd);
    CHECK_EQ_INT("strings judged unlike iconv", 0, differ);
    CHECK(valid > 1000);
}

static void utf8_rfc3629_examples(void)
{
    /* RFC 3629 section 7: "A<NOT IDENTICAL TO><ALPHA>.", "hangugeo", "nihongo", U+233B4. */
    static const struct {
        const char *s;
        uint32_t cp[4];
    } ex[] = {
        {"\x41\xE2\x89\xA2\xCE\x91\x2E", {0x41, 0x2262, 0x391, 0x2E}},
        {"\xED\x95\x9C\xEA\xB5\xAD\xEC\x96\xB4", {0xD55C, 0xAD6D, 0xC5B4}},
        {"\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E", {0x65E5, 0x672C, 0x8A9E}},
        {"\xEF\xBB\xBF\xF0\xA3\x8E\xB4", {0xFEFF, 0x233B4}},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(ex); i++) {
        const char *s = ex[i].s;
        size_t n = strlen(s), at = 0;
        CHECK_MSG(bh_utf8_valid(s, n, NULL), "example %zu invalid", i);
        for (int k = 0; k < 4 && ex[i].cp[k]; k++) {
            uint32_t cp = 0;
            size_t len = bh_utf8_seq(s + at, n - at, &cp);
            CHECK_EQ_U64("code point", ex[i].cp[k], cp);
            at += len ? len : 1;
        }
        CHECK_EQ_U64("whole string decoded", n, at);
    }
    /* The edges of the scalar values: U+D7FF and U+E000 around the surrogates, U+10FFFF. */
    CHECK(bh_utf8_valid("\xED\x9F\xBF\xEE\x80\x80\xF4\x8F\xBF\xBF", 10, NULL));
    size_t bad = 99;
    CHECK(!bh_utf8_valid("ab\xED\xA0\x80", 5, &bad)); /* U+D800 */
    CHECK_EQ_U64("first bad byte", 2, bad);
}

/* Prefixes end on a character boundary; repair replaces each bad byte by U+FFFD. */
static void utf8_prefix_and_repair(void)
{
    const char *e24 = "\xC3\xA9\xC3\xA9\xC3\xA9"; /* three U+00E9 */
    size_t chars = 0;
    CHECK_EQ_U64("5 bytes of 2-byte chars", 4, bh_utf8_prefix(e24, 99, 5, &chars));
    CHECK_EQ_U64("two chars", 2, chars);
    CHECK_EQ_U64("2 chars", 4, bh_utf8_prefix(e24, 2, 99, NULL));
    CHECK_EQ_U64("a 4-byte char in 3 bytes", 0, bh_utf8_prefix("\xF0\x9F\x98\x80", 9, 3, NULL));
    size_t n = 0;
    char *r = bh_utf8_repair("a\xC3"
                             "b\xFF",
                             4, &n);
    CHECK_EQ_STR("repaired",
                 "a\xEF\xBF\xBD"
                 "b\xEF\xBF\xBD",
                 r);
    CHECK_EQ_U64("length", 8, n);
    CHECK(bh_utf8_valid(r, n, NULL));
    free(r);
}

/* The PGN standard's result tokens (8.2.6, the Seven Tag Roster's Result tag: "1-0" White
 * wins, "0-1" Black wins, "1/2-1/2" drawn, "*" unknown or ongoing) and the TRF forfeits round
 * trip through result.h; anything else is refused and leaves the value alone. */
static void result_tokens(void)
{
    static const struct {
        const char *token;
        bh_result r;
    } tok[] = {
        /* the PGN standard's four, then the forfeits */
        {"1-0", BH_RES_WIN1}, {"0-1", BH_RES_WIN2}, {"1/2-1/2", BH_RES_DRAW}, {"*", BH_RES_NONE},
        {"+-", BH_RES_FF_W},  {"-+", BH_RES_FF_B},  {"--", BH_RES_FF_BOTH},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(tok); i++) {
        bh_result r = BH_RES_N_;
        CHECK_EQ_INT(tok[i].token, BH_OK, bh_result_parse(tok[i].token, strlen(tok[i].token), &r));
        CHECK_EQ_INT(tok[i].token, (int)tok[i].r, (int)r);
        CHECK_EQ_STR(tok[i].token, tok[i].token, bh_result_token(r));
        CHECK_EQ_INT(tok[i].token, i >= 4, bh_result_is_forfeit(r));
    }
    static const struct {
        const char *s;
        size_t len;
    } bad[] = {
        {"1-1", 3},   {"1/2", 3},       {"", 0},   {"1-0 ", 4}, {" 1-0", 4}, {"1-0\0", 4},
        {"1\0-0", 4}, {"1/2-1/2\0", 8}, {"1-", 2}, {"1:0", 3},  {"0-0", 3},  {"1/2-1/", 6},
        {"=", 1},     {"**", 2},        {"+", 1},  {"+:-", 3},  {"1-0", 2},  {"1-0", 4},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(bad); i++) {
        bh_result r = BH_RES_DRAW;
        CHECK_EQ_INT(bad[i].s, BH_EINVAL, bh_result_parse(bad[i].s, bad[i].len, &r));
        CHECK_EQ_INT("left alone", BH_RES_DRAW, (int)r);
    }
    bh_result r = BH_RES_WIN1;
    CHECK_EQ_INT("NULL", BH_EINVAL, bh_result_parse(NULL, 0, &r));
    CHECK(bh_result_token(BH_RES_N_) == NULL && bh_result_token((bh_result)-1) == NULL);
    /* A forfeit counts as the win (a double one as a draw). */
    CHECK_EQ_INT("FF_W", BH_RES_WIN1, (int)bh_result_plain(BH_RES_FF_W));
    CHECK_EQ_INT("FF_B", BH_RES_WIN2, (int)bh_result_plain(BH_RES_FF_B));
    CHECK_EQ_INT("FF_BOTH", BH_RES_DRAW, (int)bh_result_plain(BH_RES_FF_BOTH));
    CHECK_EQ_INT("NONE", BH_RES_NONE, (int)bh_result_plain(BH_RES_NONE));
    CHECK_EQ_INT("DRAW", BH_RES_DRAW, (int)bh_result_plain(BH_RES_DRAW));
}

static const bh_test_case cases[] = {
    {"buf_printf_grows", buf_printf_grows},
    {"errname_wire_names", errname_wire_names},
    {"now_is_monotonic", now_is_monotonic},
    {"utf8_prefix_and_repair", utf8_prefix_and_repair},
    {"utf8_rfc3629_examples", utf8_rfc3629_examples},
    {"utf8_valid_as_iconv", utf8_valid_as_iconv},
    {"pgn_date", pgn_date},
    {"result_tokens", result_tokens},
};

BH_TEST_MAIN(cases)
