/* test_core.c: core helpers: error names are the wire names of protocol/errors.md.
 * SPDX-License-Identifier: MIT */
#include "bh.h"
#include "bh_test.h"
#include "buf.h"
#include "now.h"

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

static const bh_test_case cases[] = {
    {"buf_printf_grows", buf_printf_grows},
    {"errname_wire_names", errname_wire_names},
    {"now_is_monotonic", now_is_monotonic},
    {"pgn_date", pgn_date},
};

BH_TEST_MAIN(cases)
