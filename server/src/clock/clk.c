/* clk.c: a two-sided chess clock as arithmetic on now_us.
 * SPDX-License-Identifier: MIT
 * Invariant: left_us_ of the running side is > 0 (a press at or after its flag is refused),
 * so its flag instant is always since_us_ + left_us_ (R-FLAG-EXACT). */
#include "clk.h"

static bool valid_side(int side)
{
    return side == CLK_WHITE || side == CLK_BLACK;
}

void clk_init(clk *c, uint32_t base_ms, uint32_t inc_ms)
{
    clk_init_split(c, base_ms, base_ms, inc_ms);
}

void clk_init_split(clk *c, uint32_t white_ms, uint32_t black_ms, uint32_t inc_ms)
{
    c->left_us_[CLK_WHITE] = (int64_t)white_ms * 1000;
    c->left_us_[CLK_BLACK] = (int64_t)black_ms * 1000;
    c->since_us_ = 0;
    c->inc_us_ = (int64_t)inc_ms * 1000;
    c->running_ = CLK_STOPPED;
}

int clk_start(clk *c, int side, uint64_t now_us)
{
    if (!valid_side(side))
        return BH_EINVAL;
    if (c->running_ != CLK_STOPPED)
        return BH_ESTATE;
    c->running_ = side;
    c->since_us_ = now_us;
    return BH_OK;
}

int64_t clk_remaining_us(const clk *c, int side, uint64_t now_us)
{
    if (!valid_side(side))
        return 0;
    int64_t left = c->left_us_[side];
    if (side == c->running_ && now_us > c->since_us_)
        left -= (int64_t)(now_us - c->since_us_);
    return left > 0 ? left : 0;
}

uint64_t clk_since_us(const clk *c)
{
    return c->since_us_;
}

int clk_running(const clk *c)
{
    return c->running_;
}

uint64_t clk_flag_us(const clk *c)
{
    if (c->running_ == CLK_STOPPED)
        return CLK_NEVER;
    uint64_t left = (uint64_t)(c->left_us_[c->running_] > 0 ? c->left_us_[c->running_] : 0);
    /* Saturate: an instant past the end of the timeline falls at CLK_NEVER - 1, never wraps
     * to an early instant (a start near UINT64_MAX must not flag at once). */
    if (c->since_us_ >= CLK_NEVER - 1 || left > CLK_NEVER - 1 - c->since_us_)
        return CLK_NEVER - 1;
    return c->since_us_ + left;
}

bool clk_is_flagged(const clk *c, uint64_t now_us)
{
    return c->running_ != CLK_STOPPED && now_us >= clk_flag_us(c);
}

int clk_press(clk *c, int side, uint64_t now_us, uint64_t credit_us)
{
    if (c->running_ == CLK_STOPPED)
        return BH_ESTATE;
    if (side != c->running_)
        return BH_ETURN;
    if (now_us < c->since_us_)
        return BH_EINVAL;
    /* The charged instant: lag credit moves it back, never before the last press. */
    uint64_t eff = now_us - c->since_us_ > credit_us ? now_us - credit_us : c->since_us_;
    if (eff >= clk_flag_us(c))
        return BH_EOVER;
    c->left_us_[side] -= (int64_t)(eff - c->since_us_);
    c->left_us_[side] += c->inc_us_;
    if (c->left_us_[side] > CLK_MAX_US) /* endless increments must not overflow int64 */
        c->left_us_[side] = CLK_MAX_US;
    c->running_ = !side;
    c->since_us_ = now_us;
    return BH_OK;
}

int clk_add_us(clk *c, int side, uint64_t add_us)
{
    if (side != CLK_WHITE && side != CLK_BLACK)
        return BH_EINVAL;
    /* left_us_ is the time at since_us_, so for the running side this moves its flag too. */
    uint64_t room = (uint64_t)(CLK_MAX_US - c->left_us_[side]);
    c->left_us_[side] += (int64_t)(add_us < room ? add_us : room);
    return BH_OK;
}

void clk_stop(clk *c, uint64_t now_us)
{
    if (c->running_ == CLK_STOPPED)
        return;
    uint64_t flag = clk_flag_us(c);
    uint64_t at = now_us < flag ? now_us : flag;
    if (at > c->since_us_)
        c->left_us_[c->running_] -= (int64_t)(at - c->since_us_);
    c->since_us_ = at;
    c->running_ = CLK_STOPPED;
}

uint64_t clk_lag_credit(const clk_lag *p, uint64_t *used_us, uint64_t measured_us)
{
    if (!p || p->max_move_ms == 0)
        return 0;
    uint64_t grant = measured_us;
    uint64_t cap = (uint64_t)p->max_move_ms * 1000;
    if (grant > cap)
        grant = cap;
    if (p->max_total_ms) {
        uint64_t total = (uint64_t)p->max_total_ms * 1000;
        uint64_t room = *used_us < total ? total - *used_us : 0;
        if (grant > room)
            grant = room;
    }
    *used_us += grant;
    return grant;
}
