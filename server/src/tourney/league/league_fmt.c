/* league_fmt.c: the league of seed 003 (league.h) as a format on the seam (league_fmt.h, tfmt.h).
 * SPDX-License-Identifier: MIT */
#include "league_fmt.h"

#include <stdio.h>
#include <string.h>

#include "bh.h"
#include "game.h"

static const char *stage_name(int s)
{
    static const char *const n[] = {"?", "the group stage", "the quarter-finals", "the semi-finals",
                                    "the final"};
    return s >= LEAGUE_STAGE_GROUPS && s <= LEAGUE_STAGE_FINAL ? n[s] : n[0];
}

void league_fmt_acts(league_acts *in, tfmt_acts *out)
{
    for (int i = 0; i < in->n; i++) {
        const league_act *y = &in->v[i];
        tfmt_act *x;
        switch (y->kind) {
        case LEAGUE_ACT_CREATE_GAME:
            x = tfmt_push(out, TFMT_ACT_CREATE_GAME);
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
                tfmt_act *n = tfmt_push(out, TFMT_ACT_NOTICE);
                n->key = y->key;
                n->team[0] = y->team[seat];
                n->to = y->player[seat];
                n->note = LEAGUE_N_GAME;
                n->at_us = x->start_us;
            }
            break;
        case LEAGUE_ACT_NOTICE:
            x = tfmt_push(out, TFMT_ACT_NOTICE);
            x->key = y->key;
            x->to = y->to;
            x->note = y->note;
            x->at_us = (uint64_t)(y->at_us > 0 ? y->at_us : 0);
            x->deadline_us = (uint64_t)(y->deadline_us > 0 ? y->deadline_us : 0);
            break;
        case LEAGUE_ACT_STAGE:
            x = tfmt_push(out, TFMT_ACT_ROUND);
            x->round = y->stage;
            x = tfmt_push(out, TFMT_ACT_NOTE);
            snprintf(x->text, sizeof x->text, "%s began", stage_name(y->stage));
            break;
        case LEAGUE_ACT_STAGE_OVER:
            x = tfmt_push(out, TFMT_ACT_NOTE);
            snprintf(x->text, sizeof x->text, "%s is over", stage_name(y->stage));
            tfmt_push(out, TFMT_ACT_STANDINGS);
            break;
        case LEAGUE_ACT_LOT_DUE:
            x = tfmt_push(out, TFMT_ACT_NOTE);
            snprintf(x->text, sizeof x->text,
                     "knockout match %d drawn between equal team ratings: the lot is due",
                     y->key.match + 1);
            tfmt_push(out, TFMT_ACT_STANDINGS);
            break;
        case LEAGUE_ACT_FINISH:
            x = tfmt_push(out, TFMT_ACT_FINISH);
            x->team[0] = y->team[0];
            snprintf(x->text, sizeof x->text, "the league is over: team %lld won",
                     (long long)y->team[0]);
            break;
        case LEAGUE_ACT_STANDINGS: tfmt_push(out, TFMT_ACT_STANDINGS); break;
        case LEAGUE_ACT_PERSIST:
            tfmt_push(out, TFMT_ACT_PERSIST);
            tfmt_push(out, TFMT_ACT_STANDINGS);
            break;
        default: break;
        }
    }
    in->n = 0;
}

static char *save(const void *ev)
{
    return league_save(ev);
}

static int load(int64_t id, const char *text, uint64_t now_us, void **out, int *line)
{
    (void)now_us; /* the instants are stored: the first on_time fires what fell due */
    league *l = NULL;
    int rc = league_load(id, text, &l, line);
    *out = l;
    return rc;
}

static void free_(void *ev)
{
    league_free(ev);
}

static uint64_t next_instant(const void *ev)
{
    int64_t at;
    return league_next_instant(ev, &at) ? (uint64_t)(at > 0 ? at : 1) : 0;
}

static void on_time(void *ev, uint64_t now_us, tfmt_acts *a)
{
    league_acts la;
    league_acts_init(&la);
    league_on_time(ev, (int64_t)now_us, &la);
    league_fmt_acts(&la, a);
    league_acts_fini(&la);
}

/* league.h: "after a load call league_on_time(now) once". */
static void loaded(void *ev, uint64_t now_us, tfmt_acts *a)
{
    on_time(ev, now_us, a);
}

/* The hub's end of game k (the gate's forfeits recorded as forfeits, never as games played;
 * a void game, which a restart adjudicated, counts as drawn: the league has no replay). A
 * game decided already (the director's result) is refused by the league and ignored here. */
static void game_over(void *ev, tfmt_key k, tfmt_res res, uint64_t now_us, tfmt_acts *a)
{
    static const bh_result R[] = {
        [TFMT_WIN1] = BH_RES_WIN1,      [TFMT_DRAW] = BH_RES_DRAW, [TFMT_WIN2] = BH_RES_WIN2,
        [TFMT_VOID] = BH_RES_DRAW,      [TFMT_FF_W] = BH_RES_FF_W, [TFMT_FF_B] = BH_RES_FF_B,
        [TFMT_FF_BOTH] = BH_RES_FF_BOTH};
    const league_game *g = league_game_get(ev, k);
    if (!g || g->res != BH_RES_NONE || (unsigned)res >= BH_ARRAY_LEN(R))
        return;
    league_acts la;
    league_acts_init(&la);
    if (league_game_over(ev, k, R[res], (int64_t)now_us, &la, NULL) == BH_OK)
        league_fmt_acts(&la, a);
    league_acts_fini(&la);
}

static uint32_t wait_s(const void *ev)
{
    return league_config_get(ev)->wait_s;
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
