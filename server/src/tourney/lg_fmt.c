/* lg_fmt.c: the league of seed 003 (lg.h) as a format on the seam (lg_fmt.h, tfmt.h).
 * SPDX-License-Identifier: MIT */
#include "lg_fmt.h"

#include <stdio.h>
#include <string.h>

#include "bh.h"
#include "game.h"

static const char *stage_name(int s)
{
    static const char *const n[] = {"?", "the group stage", "the quarter-finals",
                                    "the semi-finals", "the final"};
    return s >= LG_STAGE_GROUPS && s <= LG_STAGE_FINAL ? n[s] : n[0];
}

void lg_fmt_acts(lg_acts *in, runner_acts *out)
{
    for (int i = 0; i < in->n; i++) {
        const lg_act *y = &in->v[i];
        runner_act *x;
        switch (y->kind) {
        case LG_ACT_CREATE_GAME:
            x = tfmt_act(out, RUNNER_ACT_CREATE_GAME);
            x->key = y->key;
            x->team[0] = y->team[0];
            x->team[1] = y->team[1];
            snprintf(x->ruleset, sizeof x->ruleset, "%s", y->ruleset);
            x->base_ms = y->base_ms;
            x->inc_ms = y->inc_ms;
            x->game_kind = GAME_KIND_CHESS;
            x->player[0] = y->player[0];
            x->player[1] = y->player[1];
            x->start_us = (uint64_t)(y->start_us > 0 ? y->start_us : 0);
            x->wait_s = y->wait_s;
            for (int seat = 0; seat < 2; seat++) {
                runner_act *n = tfmt_act(out, RUNNER_ACT_NOTICE);
                n->key = y->key;
                n->team[0] = y->team[seat];
                n->to = y->player[seat];
                n->note = LG_N_GAME;
                n->at_us = x->start_us;
            }
            break;
        case LG_ACT_NOTICE:
            x = tfmt_act(out, RUNNER_ACT_NOTICE);
            x->key = y->key;
            x->to = y->to;
            x->note = y->note;
            x->at_us = (uint64_t)(y->at_us > 0 ? y->at_us : 0);
            x->deadline_us = (uint64_t)(y->deadline_us > 0 ? y->deadline_us : 0);
            break;
        case LG_ACT_STAGE:
            x = tfmt_act(out, RUNNER_ACT_ROUND);
            x->round = y->stage;
            x = tfmt_act(out, RUNNER_ACT_NOTE);
            snprintf(x->text, sizeof x->text, "%s began", stage_name(y->stage));
            break;
        case LG_ACT_STAGE_OVER:
            x = tfmt_act(out, RUNNER_ACT_NOTE);
            snprintf(x->text, sizeof x->text, "%s is over", stage_name(y->stage));
            tfmt_act(out, RUNNER_ACT_STANDINGS);
            break;
        case LG_ACT_LOT_DUE:
            x = tfmt_act(out, RUNNER_ACT_NOTE);
            snprintf(x->text, sizeof x->text,
                     "knockout match %d drawn between equal team ratings: the lot is due",
                     y->key.match + 1);
            tfmt_act(out, RUNNER_ACT_STANDINGS);
            break;
        case LG_ACT_FINISH:
            x = tfmt_act(out, RUNNER_ACT_FINISH);
            x->team[0] = y->team[0];
            snprintf(x->text, sizeof x->text, "the league is over: team %lld won",
                     (long long)y->team[0]);
            break;
        case LG_ACT_STANDINGS: tfmt_act(out, RUNNER_ACT_STANDINGS); break;
        case LG_ACT_PERSIST:
            tfmt_act(out, RUNNER_ACT_PERSIST);
            tfmt_act(out, RUNNER_ACT_STANDINGS);
            break;
        default: break;
        }
    }
    in->n = 0;
}

static char *save(const void *ev)
{
    return lg_save(ev);
}

static int load(int64_t id, const char *text, uint64_t now_us, void **out, int *line)
{
    (void)now_us; /* the instants are stored: the first on_time fires what fell due */
    lg *l = NULL;
    int rc = lg_load(id, text, &l, line);
    *out = l;
    return rc;
}

static void free_(void *ev)
{
    lg_free(ev);
}

static uint64_t next_instant(const void *ev)
{
    int64_t at;
    return lg_next_instant(ev, &at) ? (uint64_t)(at > 0 ? at : 1) : 0;
}

static void on_time(void *ev, uint64_t now_us, runner_acts *a)
{
    lg_acts la;
    lg_acts_init(&la);
    lg_on_time(ev, (int64_t)now_us, &la);
    lg_fmt_acts(&la, a);
    lg_acts_fini(&la);
}

/* lg.h: "after a load call lg_on_time(now) once". */
static void loaded(void *ev, uint64_t now_us, runner_acts *a)
{
    on_time(ev, now_us, a);
}

/* The hub's end of game k (the gate's forfeits recorded as forfeits, never as games played;
 * a void game, which a restart adjudicated, counts as drawn: lg has no replay). A game decided
 * already (the director's result) is refused by lg and ignored here. */
static void game_over(void *ev, runner_key k, tfmt_res res, uint64_t now_us, runner_acts *a)
{
    static const lg_res R[] = {[TFMT_WIN1] = LG_1_0,   [TFMT_DRAW] = LG_DRAW,
                               [TFMT_WIN2] = LG_0_1,   [TFMT_VOID] = LG_DRAW,
                               [TFMT_FF_W] = LG_FF_W,  [TFMT_FF_B] = LG_FF_B,
                               [TFMT_FF_BOTH] = LG_FF_BOTH};
    const lg_game *g = lg_game_get(ev, k);
    if (!g || g->res != LG_NONE || (unsigned)res >= BH_ARRAY_LEN(R))
        return;
    lg_acts la;
    lg_acts_init(&la);
    if (lg_game_over(ev, k, R[res], (int64_t)now_us, &la, NULL) == BH_OK)
        lg_fmt_acts(&la, a);
    lg_acts_fini(&la);
}

static uint32_t wait_s(const void *ev)
{
    return lg_config_get(ev)->wait_s;
}

const tfmt_ops tfmt_league = {
    .kind = "league",
    .magic = "LEAGUE",
    .clock = TFMT_CLOCK_WALL,
    .slot = TFMT_SLOT_PACKED,
    .save = save,
    .load = load,
    .free = free_,
    .loaded = loaded,
    .next_instant = next_instant,
    .on_time = on_time,
    .game_over = game_over,
    .wait_s = wait_s,
};
