/* test_clock.c: the clock as arithmetic on now_us (R-FLAG-EXACT, P-TC).
 * SPDX-License-Identifier: MIT
 * Expected values are plain arithmetic anyone can redo by hand: 3+0 is 180000000 µs. */
#include "bh_test.h"
#include "clk.h"

#define S(x) ((uint64_t)(x)*1000000ULL)
#define MS(x) ((uint64_t)(x)*1000ULL)

static void clock_runs_for_side_on_move(void)
{
    clk c;
    clk_init(&c, 180000, 0);
    CHECK_EQ_INT("stopped", CLK_STOPPED, clk_running(&c));
    CHECK_EQ_U64("no flag when stopped", CLK_NEVER, clk_flag_us(&c));
    CHECK_EQ_INT("start", BH_OK, clk_start(&c, CLK_WHITE, S(10)));
    CHECK_EQ_INT("start twice", BH_ESTATE, clk_start(&c, CLK_WHITE, S(10)));
    CHECK_EQ_INT("white after 2.5s", 177500000, clk_remaining_us(&c, CLK_WHITE, S(10) + MS(2500)));
    CHECK_EQ_INT("black untouched", 180000000, clk_remaining_us(&c, CLK_BLACK, S(12)));
    CHECK_EQ_U64("flag instant", S(190), clk_flag_us(&c));
    CHECK_EQ_INT("press by wrong side", BH_ETURN, clk_press(&c, CLK_BLACK, S(11), 0));
    CHECK_EQ_INT("press", BH_OK, clk_press(&c, CLK_WHITE, S(13), 0));
    CHECK_EQ_INT("white frozen", 177000000, clk_remaining_us(&c, CLK_WHITE, S(100)));
    CHECK_EQ_INT("black runs", 179000000, clk_remaining_us(&c, CLK_BLACK, S(14)));
    CHECK_EQ_INT("time going back", BH_EINVAL, clk_press(&c, CLK_BLACK, S(12), 0));
}

static void increment_from_move_one(void)
{
    clk c;
    clk_init(&c, 60000, 2000); /* 1+2 */
    clk_start(&c, CLK_WHITE, 0);
    CHECK_EQ_INT("press 1", BH_OK, clk_press(&c, CLK_WHITE, MS(500), 0));
    CHECK_EQ_INT("white 60 - 0.5 + 2", 61500000, clk_remaining_us(&c, CLK_WHITE, MS(900)));
    CHECK_EQ_INT("press 2", BH_OK, clk_press(&c, CLK_BLACK, MS(3500), 0));
    CHECK_EQ_INT("black 60 - 3 + 2", 59000000, clk_remaining_us(&c, CLK_BLACK, MS(9000)));
}

/* R-FLAG-EXACT: the flag falls when the time reaches zero; a press at or after it is refused;
 * stopping late dates the stop at the flag, the flagged side shows 0, the other its value. */
static void flag_exact(void)
{
    clk c;
    clk_init(&c, 1000, 0);
    clk_start(&c, CLK_WHITE, S(5));
    clk_press(&c, CLK_WHITE, S(5) + MS(400), 0);
    CHECK_EQ_U64("black flag at 5.4 + 1.0", S(6) + MS(400), clk_flag_us(&c));
    CHECK(!clk_is_flagged(&c, S(6) + MS(400) - 1));
    CHECK(clk_is_flagged(&c, S(6) + MS(400)));
    CHECK_EQ_INT("press at the flag instant", BH_EOVER,
                 clk_press(&c, CLK_BLACK, S(6) + MS(400), 0));
    CHECK_EQ_INT("press 1 µs before", BH_OK, clk_press(&c, CLK_BLACK, S(6) + MS(400) - 1, 0));
    CHECK_EQ_INT("black kept 1 µs", 1, clk_remaining_us(&c, CLK_BLACK, S(99)));
    /* white has 600 ms, runs from 6.4 s - 1 µs; noticed 300 ms late */
    uint64_t flag = clk_flag_us(&c);
    clk_stop(&c, flag + MS(300));
    CHECK_EQ_INT("flagged side shows 0", 0, clk_remaining_us(&c, CLK_WHITE, flag + MS(300)));
    CHECK_EQ_INT("other side true value", 1, clk_remaining_us(&c, CLK_BLACK, flag + MS(300)));
    CHECK_EQ_U64("stopped at the flag instant", flag, clk_since_us(&c));
    CHECK_EQ_INT("press when stopped", BH_ESTATE, clk_press(&c, CLK_WHITE, flag + MS(400), 0));
}

/* With no increment, the sum of a clock's two sides falls by exactly the elapsed time, so two
 * clocks started together always show equal sums (the game-level check is in test_game). */
static void sums_of_two_clocks_agree(void)
{
    clk a, b;
    clk_init(&a, 180000, 0);
    clk_init(&b, 180000, 0);
    clk_start(&a, CLK_WHITE, 0);
    clk_start(&b, CLK_WHITE, 0);
    uint64_t ta = 0, tb = 0, seed = 12345;
    for (int i = 0; i < 200; i++) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        uint64_t step = (seed >> 33) % 700000;
        if (i & 1) {
            ta += step;
            CHECK_EQ_INT("press a", BH_OK, clk_press(&a, clk_running(&a), ta, 0));
        } else {
            tb += step;
            CHECK_EQ_INT("press b", BH_OK, clk_press(&b, clk_running(&b), tb, 0));
        }
        uint64_t now = ta > tb ? ta : tb;
        int64_t sa = clk_remaining_us(&a, 0, now) + clk_remaining_us(&a, 1, now);
        int64_t sb = clk_remaining_us(&b, 0, now) + clk_remaining_us(&b, 1, now);
        CHECK_EQ_INT("sum a == sum b", sa, sb);
        CHECK_EQ_INT("sum a == 360 s - now", 360000000 - (int64_t)now, sa);
    }
}

/* Lag credit is optional, off by default and capped per move and per game. */
static void lag_credit_capped(void)
{
    uint64_t used = 0;
    CHECK_EQ_U64("off (NULL)", 0, clk_lag_credit(NULL, &used, 500000));
    clk_lag off = {0, 0};
    CHECK_EQ_U64("off (zero)", 0, clk_lag_credit(&off, &used, 500000));
    clk_lag p = {200, 500};
    CHECK_EQ_U64("under cap", 150000, clk_lag_credit(&p, &used, 150000));
    CHECK_EQ_U64("move cap", 200000, clk_lag_credit(&p, &used, 900000));
    CHECK_EQ_U64("total cap", 150000, clk_lag_credit(&p, &used, 900000));
    CHECK_EQ_U64("spent", 0, clk_lag_credit(&p, &used, 900000));
    CHECK_EQ_U64("used", 500000, used);
    clk c;
    clk_init(&c, 10000, 0);
    clk_start(&c, CLK_WHITE, 0);
    CHECK_EQ_INT("press with credit", BH_OK, clk_press(&c, CLK_WHITE, S(2), MS(150)));
    CHECK_EQ_INT("charged 1.85 s", 8150000, clk_remaining_us(&c, CLK_WHITE, S(3)));
    CHECK_EQ_INT("credit over elapsed charges 0", BH_OK, clk_press(&c, CLK_BLACK, S(2) + 5, MS(1)));
    CHECK_EQ_INT("black untouched", 10000000, clk_remaining_us(&c, CLK_BLACK, S(3)));
}

/* Hostile-input review: a start near the end of the timeline must not wrap the flag instant
 * to an early one (which flagged a fresh game at once). */
static void issue_flag_instant_saturates(void)
{
    clk c;
    clk_init(&c, UINT32_MAX, 0);
    uint64_t t0 = UINT64_MAX - 1000000000ULL;
    clk_start(&c, CLK_WHITE, t0);
    CHECK_EQ_U64("saturated flag instant", CLK_NEVER - 1, clk_flag_us(&c));
    CHECK(!clk_is_flagged(&c, t0));
    CHECK_EQ_INT("press 1 s later", BH_OK, clk_press(&c, CLK_WHITE, t0 + S(1), 0));
    CHECK_EQ_INT("white charged 1 s", (int64_t)UINT32_MAX * 1000 - 1000000,
                 clk_remaining_us(&c, CLK_WHITE, t0 + S(2)));
    clk_init(&c, 1000, 0);
    clk_start(&c, CLK_BLACK, UINT64_MAX);
    CHECK_EQ_U64("start at UINT64_MAX", CLK_NEVER - 1, clk_flag_us(&c));
}

/* Increments were added without bound: with inc UINT32_MAX ms, after about two million
 * presses left_us would overflow int64 (UB). A side now holds at most CLK_MAX_US. */
static void issue_increment_saturates(void)
{
    clk c;
    clk_init(&c, UINT32_MAX, UINT32_MAX);
    clk_start(&c, CLK_WHITE, 0);
    uint64_t t = 0;
    for (int i = 0; i < 480; i++) {
        t += 1000;
        CHECK_EQ_INT("press", BH_OK, clk_press(&c, i % 2, t, 0));
    }
    CHECK_EQ_INT("black capped", CLK_MAX_US, clk_remaining_us(&c, CLK_BLACK, t + 1000));
    CHECK_EQ_INT("white capped, running 1 ms", CLK_MAX_US - 1000,
                 clk_remaining_us(&c, CLK_WHITE, t + 1000));
}

/* FIDE 7.5.5 / 9.5.3 penalties: time added to the waiting side, or to the running side (its
 * flag moves by the same amount), capped like increments. */
static void add_time_penalty(void)
{
    clk c;
    clk_init(&c, 60000, 0); /* 1 min */
    clk_start(&c, CLK_WHITE, 0);
    CHECK_EQ_INT("waiting side", BH_OK, clk_add_us(&c, CLK_BLACK, 60000000));
    CHECK_EQ_INT("black 2 min", 120000000, clk_remaining_us(&c, CLK_BLACK, 10000000));
    CHECK_EQ_INT("running side", BH_OK, clk_add_us(&c, CLK_WHITE, 60000000));
    CHECK_EQ_INT("white 2 min - 10 s", 110000000, clk_remaining_us(&c, CLK_WHITE, 10000000));
    CHECK_EQ_U64("flag moved", 120000000, clk_flag_us(&c));
    CHECK_EQ_INT("bad side", BH_EINVAL, clk_add_us(&c, 2, 1));
    clk_add_us(&c, CLK_BLACK, UINT64_MAX);
    CHECK_EQ_INT("capped", CLK_MAX_US, clk_remaining_us(&c, CLK_BLACK, 0));
}

static const bh_test_case cases[] = {
    {"add_time_penalty", add_time_penalty},
    {"issue-increment-saturates", issue_increment_saturates},
    {"issue-flag-instant-saturates", issue_flag_instant_saturates},
    {"clock_runs_for_side_on_move", clock_runs_for_side_on_move},
    {"increment_from_move_one", increment_from_move_one},
    {"flag_exact", flag_exact},
    {"sums_of_two_clocks_agree", sums_of_two_clocks_agree},
    {"lag_credit_capped", lag_credit_capped},
};

BH_TEST_MAIN(cases)
