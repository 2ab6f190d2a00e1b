/* clk.h: one two-sided chess clock as pure arithmetic on a caller-supplied instant.
 * SPDX-License-Identifier: MIT
 * Nothing here reads a clock: every function takes now_us (monotonic microseconds), so a
 * flag instant is computed from the times (R-FLAG-EXACT), never from when someone noticed.
 * Clock values sent by clients are never inputs; lag credit is a separate, capped policy. */
#ifndef BH_CLK_H
#define BH_CLK_H

#include <stdbool.h>
#include <stdint.h>

#include "bh.h"

#define CLK_NEVER UINT64_MAX /* "no flag can fall": the clock is stopped */
#define CLK_MAX_US                                                                                 \
    (1000000000LL * 1000000) /* most time one side holds (31 years): an                            \
                              * increment past it is lost, never overflows */

enum { CLK_WHITE = 0, CLK_BLACK = 1, CLK_STOPPED = -1 };

/* A clock pair. Value type; fields ending in '_' are private: use the functions. */
typedef struct clk {
    int64_t left_us_[2]; /* remaining time of each side at since_us_ (never negative) */
    uint64_t since_us_;  /* instant the running side's time started counting */
    int64_t inc_us_;     /* added to the mover's time after each press (from move one) */
    int running_;        /* CLK_WHITE, CLK_BLACK or CLK_STOPPED */
} clk;

/* Lag compensation policy (R-FLAG-EXACT: "lag compensation, if any, is capped").
 * A zeroed policy is "off". */
typedef struct clk_lag {
    uint32_t max_move_ms;  /* most credit for one move; 0 = lag compensation off */
    uint32_t max_total_ms; /* most credit for one side over the game; 0 = no total cap */
} clk_lag;

/* Set both sides to base_ms and the increment to inc_ms (added after every press, P-TC).
 * The clock is stopped. */
void clk_init(clk *c, uint32_t base_ms, uint32_t inc_ms);
/* clk_init with different times for White and Black (an Armageddon game, T-ARMAGEDDON). */
void clk_init_split(clk *c, uint32_t white_ms, uint32_t black_ms, uint32_t inc_ms);

/* Start side's time at now_us (µs). Returns BH_OK, BH_EINVAL if side is not CLK_WHITE or
 * CLK_BLACK, or BH_ESTATE if the clock is running already. */
int clk_start(clk *c, int side, uint64_t now_us);

/* Remaining time of side at now_us, in µs, never below 0. For the running side it is
 * left - (now - since); an instant before the last press gives the value at the press. */
int64_t clk_remaining_us(const clk *c, int side, uint64_t now_us);

/* Instant (µs) of the last start, press or stop. */
uint64_t clk_since_us(const clk *c);

/* Side whose time runs, or CLK_STOPPED. */
int clk_running(const clk *c);

/* Exact instant (µs) at which the running side's time reaches 0 (R-FLAG-EXACT), or
 * CLK_NEVER if the clock is stopped. An instant past UINT64_MAX - 1 saturates there. */
uint64_t clk_flag_us(const clk *c);

/* True if the running side's flag has fallen at or before now_us. */
bool clk_is_flagged(const clk *c, uint64_t now_us);

/* Press by side at now_us with credit_us of lag credit (0 without lag compensation; see
 * clk_lag_credit): the mover is charged max(0, now - credit - since), then gets the
 * increment (up to CLK_MAX_US), and the other side's time starts at now_us. Returns BH_OK;
 * BH_ESTATE if the clock is stopped; BH_ETURN if side is not the running side; BH_EINVAL if now_us
 * is before the last press; BH_EOVER if the mover's flag fell at or before now - credit (the press
 * is then refused and nothing changes: the caller records the flag at clk_flag_us). */
int clk_press(clk *c, int side, uint64_t now_us, uint64_t credit_us);

/* Stop the clock at now_us. If the running side's flag fell before now_us the clock stops
 * at the flag instant, so that side shows exactly 0 and the other its true value. A stopped
 * clock stays as it is. Never fails. */
void clk_stop(clk *c, uint64_t now_us);

/* Give side add_us more time (a penalty time for its opponent's incorrect draw claim or
 * illegal move, FIDE Laws art. 9.5.3 and 7.5.5), capped at CLK_MAX_US. Works running or
 * stopped: a running side's flag instant moves by add_us. Returns BH_OK, or BH_EINVAL if side
 * is not CLK_WHITE or CLK_BLACK. */
int clk_add_us(clk *c, int side, uint64_t add_us);

/* Lag credit to grant for one move whose measured network lag is measured_us, under policy
 * p (NULL or max_move_ms 0 = off: returns 0). *used_us is the side's credit so far (in/out:
 * the grant is added). The grant is min(measured, max_move, max_total - used). */
uint64_t clk_lag_credit(const clk_lag *p, uint64_t *used_us, uint64_t measured_us);

#endif
