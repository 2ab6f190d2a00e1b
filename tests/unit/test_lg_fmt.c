/* test_lg_fmt.c: the league of seed 003 as a format on the seam (tourney/league/league_fmt.h),
 * through tfmt_league's operations only, as the hub's executor drives it: found by its magic word,
 * its deadlines on the wall clock (art. 5: 10 days, then 5), a challenge answered into a
 * CREATE_GAME of a chess game (F-CHESS: players, colours, 5+1, T-WAIT) followed by a game
 * notice to each player, a gate forfeit recorded as a forfeit, an end heard twice counted
 * once, and a lapse that fires once at its instant across save and load.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "bh_test.h"
#include "game.h"
#include "club.h"
#include "league_fmt.h"

#define DAY (86400LL * 1000000)
#define T0 (1109635200LL * 1000000) /* 1 March 2005 00:00 UTC (art. 10), µs */

static int kinds(const tfmt_acts *a, int kind)
{
    int n = 0;
    for (int i = 0; i < a->n; i++)
        n += a->v[i].kind == kind;
    return n;
}

/* 4 teams in 2 groups on 1 board (team t: players 10t+1, 10t+2), started at T0. */
static league *small(void)
{
    league_config c;
    league_config_default(&c);
    c.teams = 4;
    c.groups = 2;
    c.boards = 1;
    c.max_invited = 1;
    CHECK_EQ_INT("config", BH_OK, league_config_check(&c, NULL));
    league *l = league_new(9, &c);
    for (int t = 1; t <= 4; t++) {
        roster r;
        roster_init(&r);
        char name[16];
        for (int i = 1; i <= 2; i++) {
            snprintf(name, sizeof name, "P%d", 10 * t + i);
            roster_add(&r, 10 * t + i, name, 2300 - 10 * t - i, false, NULL);
        }
        snprintf(name, sizeof name, "T%d", t);
        CHECK_EQ_INT("team", BH_OK, league_add_team(l, 100 + t, name, &r, 10 * t + 1, NULL));
    }
    tfmt_acts a;
    tfmt_acts_init(&a);
    CHECK_EQ_INT("start", BH_OK, league_start(l, T0, &a, NULL));
    tfmt_acts_fini(&a);
    return l;
}

/* Through the format's save and load (what the executor does at a restart). */
static void *reload(void *ev)
{
    const tfmt_ops *const fmts[] = {&tfmt_club, &tfmt_league};
    char *text = tfmt_league.save(ev);
    CHECK(tfmt_find(fmts, 2, text) == &tfmt_league);
    void *out = NULL;
    CHECK_EQ_INT("load", BH_OK, tfmt_league.load(9, text, 0, &out, NULL));
    free(text);
    tfmt_league.free(ev);
    return out;
}

static void a_game_through_the_seam(void)
{
    CHECK_EQ_INT("wall clock", TFMT_CLOCK_WALL, tfmt_league.clock);
    CHECK_EQ_INT("two games a board", TFMT_SLOT_PACKED, tfmt_league.slot);
    void *ev = reload(small());
    CHECK_EQ_INT("no deadline before a challenge", 0, (int)tfmt_league.next_instant(ev));
    CHECK_EQ_INT("T-WAIT 600 s", 600, (int)tfmt_league.wait_s(ev));
    tfmt_key k = {LEAGUE_STAGE_GROUPS, 0, 0, 0};
    const league_game *g = league_game_get(ev, k);
    int w = g->c.player[0], b = g->c.player[1];
    tfmt_acts a;
    tfmt_acts_init(&a);
    CHECK_EQ_INT("send", BH_OK, league_send(ev, k, w, 0, T0 + DAY, &a, NULL));
    const tfmt_act *n = NULL;
    for (int i = 0; i < a.n; i++)
        if (a.v[i].kind == TFMT_ACT_NOTICE)
            n = &a.v[i];
    CHECK_MSG(n && n->notice.to == b && n->notice.note == LEAGUE_N_PROPOSED &&
                  n->notice.deadline_us == (uint64_t)(T0 + 11 * DAY),
              "the proposal to Black, valid 10 days (art. 5)");
    CHECK_EQ_INT("persisted", 1, kinds(&a, TFMT_ACT_PERSIST));
    CHECK_EQ_INT("published", 1, kinds(&a, TFMT_ACT_STANDINGS));
    tfmt_acts_fini(&a);
    ev = reload(ev);
    CHECK(tfmt_league.next_instant(ev) == (uint64_t)(T0 + 11 * DAY));
    tfmt_acts_init(&a);
    CHECK_EQ_INT("accept", BH_OK, league_accept(ev, k, b, T0 + 2 * DAY, &a, NULL));
    int cg = -1;
    for (int i = 0; i < a.n; i++)
        if (a.v[i].kind == TFMT_ACT_CREATE_GAME)
            cg = i;
    CHECK(cg >= 0 && cg + 2 < a.n);
    if (cg >= 0 && cg + 2 < a.n) {
        const tfmt_act *x = &a.v[cg];
        CHECK_EQ_INT("a chess game", GAME_KIND_CHESS, x->create.game_kind);
        CHECK_EQ_INT("White", w, x->create.player[0]);
        CHECK_EQ_INT("Black", b, x->create.player[1]);
        CHECK_EQ_INT("5 min (art. 4)", 300000, (int)x->create.base_ms);
        CHECK_EQ_INT("+1 s", 1000, (int)x->create.inc_ms);
        CHECK_EQ_STR("FIDE Laws", "fide", x->create.ruleset);
        CHECK_EQ_INT("waiting time", 600, (int)x->create.wait_s);
        CHECK(x->create.start_us == (uint64_t)(T0 + 2 * DAY));
        for (int s = 0; s < 2; s++) {
            const tfmt_act *y = &a.v[cg + 1 + s];
            CHECK_MSG(y->kind == TFMT_ACT_NOTICE && y->notice.note == LEAGUE_N_GAME &&
                          y->notice.to == x->create.player[s] && tfmt_key_eq(y->key, k),
                      "the game notice to seat %d right after its CREATE_GAME", s);
        }
    }
    int pack = -1;
    CHECK_EQ_INT("packed", BH_OK, tfmt_key_pack(TFMT_SLOT_PACKED, (tfmt_key){2, 1, 1, 3}, &pack));
    CHECK_EQ_INT("game 2 board 4", 67, pack);
    tfmt_acts_fini(&a);
    /* Black absent after the waiting time: the gate's forfeit (T-WAIT), a forfeit in league */
    tfmt_acts_init(&a);
    tfmt_league.game_over(ev, k, TFMT_FF_W, T0 + 2 * DAY + 600 * 1000000LL, &a);
    CHECK_EQ_INT("recorded as a forfeit", BH_RES_FF_W, league_game_get(ev, k)->res);
    CHECK_EQ_INT("persisted", 1, kinds(&a, TFMT_ACT_PERSIST));
    tfmt_acts_fini(&a);
    tfmt_acts_init(&a);
    tfmt_league.game_over(ev, k, TFMT_WIN2, T0 + 3 * DAY, &a);
    CHECK_EQ_INT("an end heard again: nothing", 0, a.n);
    CHECK_EQ_INT("still the forfeit", BH_RES_FF_W, league_game_get(ev, k)->res);
    tfmt_acts_fini(&a);
    tfmt_league.free(ev);
}

static void a_lapse_once_across_a_reload(void)
{
    void *ev = small();
    tfmt_key k = {LEAGUE_STAGE_GROUPS, 1, 0, 0}; /* group B's match */
    int w = league_game_get(ev, k)->c.player[0];
    tfmt_acts la;
    tfmt_acts_init(&la);
    CHECK_EQ_INT("send", BH_OK, league_send(ev, k, w, 0, T0, &la, NULL));
    tfmt_acts_fini(&la);
    ev = reload(ev);
    uint64_t at = tfmt_league.next_instant(ev);
    CHECK(at == (uint64_t)(T0 + 10 * DAY));
    tfmt_acts a;
    tfmt_acts_init(&a);
    tfmt_league.on_time(ev, at - 1, &a);
    CHECK_EQ_INT("nothing a µs early", 0, a.n);
    /* the server was down over the deadline: loaded after it, the lapse fires once, dated at it */
    ev = reload(ev);
    tfmt_league.loaded(ev, at + DAY, &a);
    int lapsed = 0;
    for (int i = 0; i < a.n; i++)
        if (a.v[i].kind == TFMT_ACT_NOTICE && a.v[i].notice.note == LEAGUE_N_LAPSED) {
            lapsed++;
            CHECK(a.v[i].notice.to == w && a.v[i].notice.at_us == at);
        }
    CHECK_EQ_INT("lapsed once", 1, lapsed);
    tfmt_acts_fini(&a);
    ev = reload(ev);
    tfmt_acts_init(&a);
    tfmt_league.on_time(ev, at + 2 * DAY, &a);
    tfmt_league.loaded(ev, at + 2 * DAY, &a);
    CHECK_EQ_INT("not again", 0, kinds(&a, TFMT_ACT_NOTICE));
    CHECK_EQ_INT("no deadline runs (the second challenge is not sent)", 0,
                 (int)tfmt_league.next_instant(ev));
    tfmt_acts_fini(&a);
    tfmt_league.free(ev);
}

static const bh_test_case cases[] = {
    {"a_game_through_the_seam", a_game_through_the_seam},
    {"a_lapse_once_across_a_reload", a_lapse_once_across_a_reload},
};

BH_TEST_MAIN(cases)
