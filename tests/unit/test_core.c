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
};

BH_TEST_MAIN(cases)
