/* test_runner.c: the tournament runner (docs/runner.md) with no sqlite and no JSON: every T-*
 * rule by id through the runner's events and actions, and the 500 seeded whole events of
 * tests/data/runner/golden.txt replayed through the runner: the same pairings, results and
 * standings as the file records (made at main 49a90f4; its header says how).
 * SPDX-License-Identifier: MIT */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "bh_test.h"
#include "runner.h"
#include "runner_int.h" /* a pairing job's pairer, replaced below by one that hits the bound */
#include "tb.h"
#include "trf.h"
#include "runner_script.h"
#include "runner_world.h"

/* ---- a small harness: one runner, its actions, caller team ids 101.. ----------------------- */

#define T0 1000000000ULL
#define SEC 1000000ULL

static runner *R;
static tfmt_acts A;
static bool legacy_wd; /* event(): runner_config.legacy_withdraw */
static int late_until; /* event(): runner_config.late_until */

static int n_kind(int kind)
{
    int n = 0;
    for (int i = 0; i < A.n; i++)
        n += A.v[i].kind == kind;
    return n;
}

/* The nth action of a kind (0 first), or NULL. */
static const tfmt_act *act_of(int kind, int nth)
{
    for (int i = 0; i < A.n; i++)
        if (A.v[i].kind == kind && nth-- == 0)
            return &A.v[i];
    return NULL;
}

static void clear(void)
{
    tfmt_acts_fini(&A);
}

/* A new event of n teams registered as 101, 102, ... with falling ratings (so pairing number
 * i is team 100 + i), started at T0; A holds the start's actions. */
static void event(int n, int rounds, int small, const char *const *tb, int ntb, bool inl)
{
    runner_free(R);
    clear();
    runner_config c = {.name = "U",
                       .ruleset = "online",
                       .base_ms = 60000,
                       .rounds = rounds,
                       .small = small,
                       .tiebreaks = tb,
                       .n_tiebreaks = ntb,
                       .legacy_withdraw = legacy_wd,
                       .late_until = late_until};
    const char *field = NULL;
    CHECK_EQ_INT("config", BH_OK, runner_config_check(&c, &field));
    R = runner_new(1, &c, inl);
    for (int i = 0; i < n; i++) {
        char name[16];
        snprintf(name, sizeof name, "T%d", i + 1);
        runner_reply rep;
        CHECK_EQ_INT("can register", BH_OK, runner_can_register(R, name, &rep));
        CHECK_EQ_INT("register", BH_OK,
                     runner_register(R, 101 + i, name, "c", "p", 2000 - 50 * i, 2000 - 50 * i, &A));
    }
    clear();
    runner_reply rep;
    CHECK_EQ_INT("start", BH_OK, runner_start(R, T0, 7, &A, &rep));
}

static tfmt_key key(int r, int m, int g)
{
    return (tfmt_key){r, m, g, 0};
}

/* End live game k with res at now; A holds what follows. */
static void over(tfmt_key k, tfmt_res res, uint64_t now)
{
    clear();
    runner_game_over(R, k, res, now, &A);
}

/* The match of round r between caller teams x and y, or NULL. */
static const tour_match *match_of(int r, int64_t x, int64_t y, int *mi)
{
    const tour *t = runner_tour(R);
    for (int i = 0; i < tour_round_size(t, r); i++) {
        const tour_match *m = tour_round_match(t, r, i);
        int64_t a = runner_team_id(R, m->a), b = runner_team_id(R, m->b);
        if ((a == x && b == y) || (a == y && b == x)) {
            *mi = i;
            return m;
        }
    }
    return NULL;
}

/* T-AUTO, T-DOUBLE: round 1 is paired and its games 1 created at the start (C.04.6: 1-3, 2-4,
 * top half against bottom half); game 2 of a match follows its game 1 at once after a draw,
 * colours swapped (P-GAME2: draw_swaps_game2 of the game ruleset); when both matches are done
 * round 2 is paired and started without anyone's action, the standings published before; after
 * the last round the event finishes. */
static void t_auto_double(void)
{
    event(4, 2, 0, NULL, 0, true);
    CHECK_EQ_INT("running", TFMT_RUNNING, runner_status(R));
    CHECK_EQ_INT("round 1 games", 2, n_kind(TFMT_ACT_CREATE_GAME));
    CHECK_EQ_INT("round 1 published", 1, n_kind(TFMT_ACT_ROUND));
    CHECK_EQ_INT("persisted", 2, n_kind(TFMT_ACT_PERSIST));
    int mi;
    CHECK_MSG(match_of(1, 101, 103, &mi) && match_of(1, 102, 104, &mi), "round 1 not 1-3 2-4");
    const tfmt_act *g1 = act_of(TFMT_ACT_CREATE_GAME, 0);
    CHECK_EQ_INT("game 1 key", 0, g1->key.game);
    CHECK_EQ_STR("ruleset", "online", g1->create.ruleset);
    CHECK_EQ_INT("base", 60000, (int)g1->create.base_ms);
    CHECK_MSG(!g1->create.armageddon, "game 1 an Armageddon game");
    int64_t t1 = g1->create.team[0], t2 = g1->create.team[1];
    tfmt_key k = g1->key;
    over(k, TFMT_DRAW, T0 + SEC);
    const tfmt_act *g2 = act_of(TFMT_ACT_CREATE_GAME, 0);
    CHECK_MSG(g2 && g2->key.game == 1 && g2->create.team[0] == t2 && g2->create.team[1] == t1,
              "game 2 after a draw: not created with the colours swapped");
    CHECK_EQ_INT("no choice after a draw", 0, n_kind(RUNNER_ACT_ASK_CHOICE));
    over(key(1, k.match, 1), TFMT_WIN1, T0 + 2 * SEC); /* t2 wins game 2: 1.5-0.5 */
    CHECK_EQ_INT("the match has no game 3", 0, n_kind(TFMT_ACT_CREATE_GAME));
    const tour *t = runner_tour(R);
    CHECK_EQ_INT("T-SCORE: 1.5-0.5 is a won match", 2, tour_team_mp(t, runner_team_tid(R, t2), 1));
    CHECK_EQ_INT("loser", 0, tour_team_mp(t, runner_team_tid(R, t1), 1));
    int other = 1 - k.match;
    over(key(1, other, 0), TFMT_DRAW, T0 + 3 * SEC);
    over(key(1, other, 1), TFMT_DRAW, T0 + 4 * SEC);
    CHECK_EQ_INT("standings at the round's end", 1, n_kind(TFMT_ACT_STANDINGS));
    CHECK_EQ_INT("round 2 paired without anyone", 2, tour_n_rounds(runner_tour(R)));
    CHECK_EQ_INT("round 2 started", 2, n_kind(TFMT_ACT_CREATE_GAME));
    tfmt_act r2[2] = {*act_of(TFMT_ACT_CREATE_GAME, 0), *act_of(TFMT_ACT_CREATE_GAME, 1)};
    for (int i = 0; i < 2; i++) {
        CHECK_MSG(!match_of(1, r2[i].create.team[0], r2[i].create.team[1], &mi),
                  "round 2: a rematch (T-PAIR [C1])");
        over(r2[i].key, TFMT_DRAW, T0 + 5 * SEC);
        over(key(2, r2[i].key.match, 1), TFMT_DRAW, T0 + 6 * SEC);
    }
    CHECK_EQ_INT("finished after the last round", TFMT_FINISHED, runner_status(R));
    CHECK_EQ_INT("finish", 1, n_kind(TFMT_ACT_FINISH));
    CHECK_EQ_INT("final standings", 1, n_kind(TFMT_ACT_STANDINGS));
}

/* P-GAME2: after a decisive game 1 the loser is asked, with a deadline of 15 s; game 2 waits;
 * the winner is no chooser (the loser's choice only); keep gives game 2 the same seats, and a
 * second choice is not_found; without an answer the default (swap) applies exactly at the
 * deadline and not a microsecond before. */
static void p_game2(void)
{
    for (int mode = 0; mode < 2; mode++) {
        event(2, 0, 0, NULL, 0, true);
        const tfmt_act *g1 = act_of(TFMT_ACT_CREATE_GAME, 0);
        int64_t t1 = g1->create.team[0], t2 = g1->create.team[1];
        tfmt_key k = g1->key;
        uint64_t t = T0 + 3 * SEC;
        over(k, TFMT_WIN2, t); /* team 1 lost */
        const tfmt_act *q = act_of(RUNNER_ACT_ASK_CHOICE, 0);
        CHECK_MSG(q && q->own.team[0] == t1 && q->own.team[1] == t2, "the loser is not asked");
        CHECK_EQ_U64("deadline", t + 15 * SEC, q ? q->own.deadline_us : 0);
        CHECK_EQ_INT("game 2 waits", 0, n_kind(TFMT_ACT_CREATE_GAME));
        CHECK_EQ_U64("runner_deadline", t + 15 * SEC, runner_deadline(R));
        runner_choice c;
        CHECK_EQ_INT("open", BH_OK, runner_choice_get(R, k, &c));
        CHECK_MSG(c.loser == t1 && c.loser_is_team1 && c.choice == -1, "choice record");
        if (mode == 0) {
            clear();
            CHECK_EQ_INT("keep", BH_OK, runner_choose(R, k, false, t + SEC, &A));
            const tfmt_act *g2 = act_of(TFMT_ACT_CREATE_GAME, 0);
            CHECK_MSG(g2 && g2->create.team[0] == t1 && g2->create.team[1] == t2,
                      "kept: not the same seats");
            CHECK_EQ_INT("twice", BH_ENOTFOUND, runner_choose(R, k, true, t + 2 * SEC, &A));
            CHECK_EQ_U64("no deadline left", 0, runner_deadline(R));
        } else {
            clear();
            runner_on_time(R, t + 15 * SEC - 1, &A);
            CHECK_EQ_INT("not before the deadline", 0, n_kind(TFMT_ACT_CREATE_GAME));
            runner_on_time(R, t + 15 * SEC, &A);
            const tfmt_act *g2 = act_of(TFMT_ACT_CREATE_GAME, 0);
            CHECK_MSG(g2 && g2->create.team[0] == t2 && g2->create.team[1] == t1,
                      "default: not swapped");
            CHECK_EQ_INT("the choice is gone", BH_ENOTFOUND, runner_choice_get(R, k, &c));
        }
    }
}

/* P-GAME2 with an override: the director changes game 1's result while the choice is open;
 * the choice belonged to the old loser: the new loser is asked (a new deadline), and after an
 * override to a draw game 2 starts at once, swapped. */
static void p_game2_override(void)
{
    event(2, 0, 0, NULL, 0, true);
    const tfmt_act *g1 = act_of(TFMT_ACT_CREATE_GAME, 0);
    int64_t t1 = g1->create.team[0], t2 = g1->create.team[1];
    tfmt_key k = g1->key;
    over(k, TFMT_WIN1, T0 + SEC); /* team 2 lost */
    CHECK_EQ_INT("asked", 1, n_kind(RUNNER_ACT_ASK_CHOICE));
    clear();
    runner_reply rep;
    CHECK_EQ_INT("override", BH_OK, runner_override(R, k, TFMT_WIN2, T0 + 2 * SEC, &A, &rep));
    const tfmt_act *q = act_of(RUNNER_ACT_ASK_CHOICE, 0);
    CHECK_MSG(q && q->own.team[0] == t1, "the new loser is not asked");
    CHECK_EQ_U64("a new deadline", T0 + 17 * SEC, q ? q->own.deadline_us : 0);
    clear();
    CHECK_EQ_INT("override to a draw", BH_OK,
                 runner_override(R, k, TFMT_DRAW, T0 + 3 * SEC, &A, &rep));
    const tfmt_act *g2 = act_of(TFMT_ACT_CREATE_GAME, 0);
    CHECK_MSG(g2 && g2->create.team[0] == t2 && g2->create.team[1] == t1,
              "draw: game 2 not started swapped");
    CHECK_EQ_INT("no such game", BH_ENOTFOUND, runner_override_check(R, key(0, 0, 0), &rep));
    CHECK_EQ_STR("its field", "game", rep.field);
}

/* T-BYE: 5 teams: a PAB for the lowest team (pairing number 5), no game for it, 1 MP and 1
 * game point; T-ROUNDS: 5 teams and 3 rounds asked: fewer than N-1, a Swiss. */
static void t_bye(void)
{
    event(5, 3, 0, NULL, 0, true);
    const tour *t = runner_tour(R);
    CHECK_EQ_INT("Swiss", TOUR_SWISS, tour_format(t));
    CHECK_EQ_INT("two games 1 (the bye has none)", 2, n_kind(TFMT_ACT_CREATE_GAME));
    const tour_match *bye = NULL;
    for (int i = 0; i < tour_round_size(t, 1); i++)
        if (tour_round_match(t, 1, i)->b == 0)
            bye = tour_round_match(t, 1, i);
    CHECK_MSG(bye && runner_team_id(R, bye->a) == 105, "PAB not to the lowest team");
    tour_slot sl;
    tour_slot_get(t, 5, 1, &sl);
    CHECK_EQ_INT("PAB", TOUR_SLOT_PAB, sl.kind);
    CHECK_EQ_INT("PAB MP", 1, sl.mp);
    CHECK_EQ_INT("PAB GP x2", 2, sl.gp2);
}

/* T-ROUNDS fallback: 4 teams, rounds by T-ROUNDS (9 >= N-1): a round robin of 3 rounds,
 * announced (runner_fallback); with "cap" a Swiss capped at N-1 = 3 rounds; 2 teams: 1 round. */
static void t_rounds(void)
{
    event(4, 0, 0, NULL, 0, true);
    CHECK_MSG(runner_fallback(R), "no fallback");
    CHECK_EQ_INT("round robin", TOUR_ROUND_ROBIN, tour_format(runner_tour(R)));
    CHECK_EQ_INT("rounds", 3, tour_planned_rounds(runner_tour(R)));
    event(4, 0, 2, NULL, 0, true);
    CHECK_MSG(runner_fallback(R), "no fallback (cap)");
    CHECK_EQ_INT("cap: Swiss", TOUR_SWISS, tour_format(runner_tour(R)));
    CHECK_EQ_INT("cap: rounds", 3, tour_planned_rounds(runner_tour(R)));
    event(2, 0, 0, NULL, 0, true);
    CHECK_EQ_INT("2 teams: rounds", 1, tour_planned_rounds(runner_tour(R)));
    runner_reply rep;
    CHECK_EQ_INT("a round robin is not paired by hand", BH_ESTATE,
                 runner_pair_hand(R, (const int64_t[][2]){{101, 102}}, 1, false, &A, &rep));
}

/* T-TIEBREAK as it reaches the runner: the director's list in its order; the default DE,
 * BH-C1, PO; an unknown name is refused with its field. */
static void t_tiebreak(void)
{
    static const char *const tb[] = {"GP", "SB", "BH-C1"};
    event(2, 0, 0, tb, 3, true);
    const tour_ruleset *rs = tour_rules(runner_tour(R));
    CHECK_EQ_INT("n", 3, rs->n_tb);
    CHECK_MSG(rs->tb[0] == TB_GP && rs->tb[1] == TB_SB && rs->tb[2] == TB_BH_C1, "order");
    event(2, 0, 0, NULL, 0, true);
    rs = tour_rules(runner_tour(R));
    CHECK_MSG(rs->n_tb == 3 && rs->tb[0] == TB_DE && rs->tb[1] == TB_BH_C1 &&
                  rs->tb[2] == TB_PLAYOFF,
              "default order");
    static const char *const bad[] = {"DE", "XX"};
    runner_config c = {.name = "B", .ruleset = "online", .tiebreaks = bad, .n_tiebreaks = 2};
    const char *field = NULL;
    CHECK_EQ_INT("unknown tie-break", BH_EFIELD, runner_config_check(&c, &field));
    CHECK_EQ_STR("its field", "tiebreaks", field);
    c.n_tiebreaks = 0;
    c.ruleset = "blitz";
    CHECK_EQ_INT("unknown ruleset", BH_ENOTFOUND, runner_config_check(&c, &field));
    CHECK_EQ_STR("its field", "ruleset", field);
}

/* T-ARMAGEDDON, T-PRIZES: 2 teams draw 1-1 and are tied on everything: an Armageddon game
 * (ruleset "online-arm", White 3:00) is created instead of the end; a draw counts for Black's
 * team (team 2), which is placed first; then the event finishes. A void game (a restart
 * adjudicated it) is played again, with the colours alternating. */
static void t_armageddon(void)
{
    event(2, 0, 0, NULL, 0, true);
    tfmt_key k = act_of(TFMT_ACT_CREATE_GAME, 0)->key;
    over(k, TFMT_DRAW, T0 + SEC);
    over(key(1, k.match, 1), TFMT_DRAW, T0 + 2 * SEC);
    const tfmt_act *po = act_of(TFMT_ACT_CREATE_GAME, 0);
    CHECK_MSG(po && po->key.round == 0 && po->create.armageddon, "no play-off game");
    if (!po)
        return;
    CHECK_EQ_STR("ruleset", "online-arm", po->create.ruleset);
    CHECK_EQ_INT("White's time", 180000, (int)po->create.base_ms);
    CHECK_EQ_INT("not finished", TFMT_RUNNING, runner_status(R));
    tfmt_key pk = po->key;
    int64_t w = po->create.team[0], b = po->create.team[1];
    CHECK_EQ_INT("match = Black's pairing number", runner_team_tid(R, b), pk.match);
    over(pk, TFMT_VOID, T0 + 200 * SEC);
    const tfmt_act *again = act_of(TFMT_ACT_CREATE_GAME, 0);
    CHECK_MSG(again && again->key.round == 0 && again->key.game == 1 &&
                  again->create.team[0] == b && again->create.team[1] == w,
              "a void game is not played again with the colours swapped");
    CHECK_EQ_INT("no play-off record for a void game", 0, tour_n_playoffs(runner_tour(R)));
    over(again->key, TFMT_DRAW, T0 + 400 * SEC); /* draw: Black's team (w) wins */
    CHECK_EQ_INT("finished", TFMT_FINISHED, runner_status(R));
    const tour_playoff *p = tour_playoff_get(runner_tour(R), 0);
    CHECK_MSG(p && runner_team_id(R, p->winner) == w, "a draw is not Black's win");
    tb_standings st = {0};
    CHECK_EQ_INT("standings", BH_OK, tb_standings_compute(runner_tour(R), &st));
    CHECK_MSG(st.n == 2 && runner_team_id(R, st.rows[0].id) == w && !st.rows[0].tied_next,
              "places not decided by the play-off");
    tb_standings_fini(&st);
}

/* T-PRIZES: 4 teams, 2 rounds, every game drawn: all tied; the play-off sorts places 1-3
 * (tb_playoff_next's bracket, Black's team winning): 6 games, and the same two teams swap
 * colours when they meet again. */
static void t_prizes(void)
{
    event(4, 2, 0, NULL, 0, true);
    uint64_t now = T0;
    for (int r = 1; r <= 2; r++)
        for (int mi = 0; mi < 2; mi++)
            for (int g = 0; g < 2; g++)
                over(key(r, mi, g), TFMT_DRAW, now += SEC);
    int games = 0;
    int64_t pw[16], pb[16];
    const tfmt_act *po;
    while ((po = act_of(TFMT_ACT_CREATE_GAME, 0)) && po->key.round == 0 && games < 12) {
        pw[games] = po->create.team[0], pb[games] = po->create.team[1];
        games++;
        over(po->key, TFMT_DRAW, now += 200 * SEC);
    }
    CHECK_EQ_INT("play-off games", 6, games);
    CHECK_EQ_INT("finished", TFMT_FINISHED, runner_status(R));
    for (int i = 0; i < games; i++)
        for (int j = i + 1; j < games; j++)
            if ((pw[i] == pw[j] && pb[i] == pb[j]) || (pw[i] == pb[j] && pb[i] == pw[j])) {
                CHECK_EQ_INT("met again: White swaps", (int)pb[i], (int)pw[j]);
                break;
            }
    tb_standings st = {0};
    tb_standings_compute(runner_tour(R), &st);
    for (int x = 0; x < 3 && x < st.n; x++)
        CHECK_MSG(!st.rows[x].tied_next, "place %d shared", x + 1);
    tb_standings_fini(&st);
}

/* issue-25 item 7b, T-ARMAGEDDON (seed 000: «играется матч Армагеддон до первой победы»): 9
 * teams, one round. Teams 1 and 2 win their matches 1.5-0.5 (2 MP); the other two matches
 * are drawn and team 9 has the PAB (1 MP: T-BYE), so five teams are tied on everything on
 * places 3-7 (direct encounter: not all of them met; Buchholz Cut-1 after one round: 0), and
 * teams 1 and 2 on places 1-2. Each of the five plays before place 3 is decided, no play-off
 * game crosses the two ties, and places 3-7 end in the order of the play-off wins, place 3
 * with more than place 4. */
static void t_armageddon_five(void)
{
    event(9, 1, 0, NULL, 0, true);
    uint64_t now = T0;
    const tour *t = runner_tour(R);
    for (int mi = 0; mi < tour_round_size(t, 1); mi++) {
        const tour_match *m = tour_round_match(t, 1, mi);
        if (m->b == 0)
            continue;
        int64_t lead = runner_team_id(R, m->a) <= 102   ? runner_team_id(R, m->a)
                       : runner_team_id(R, m->b) <= 102 ? runner_team_id(R, m->b)
                                                        : 0;
        over(key(1, mi, 0), TFMT_DRAW, now += SEC);
        const tfmt_act *g2 = act_of(TFMT_ACT_CREATE_GAME, 0);
        CHECK_MSG(g2 && g2->key.round == 1 && g2->key.game == 1, "no game 2 after a draw");
        if (!g2)
            return;
        tfmt_res res = !lead ? TFMT_DRAW : g2->create.team[0] == lead ? TFMT_WIN1 : TFMT_WIN2;
        over(g2->key, res, now += SEC);
    }
    int wins[10] = {0}, games = 0;
    bool played[10] = {false};
    const tfmt_act *po;
    while ((po = act_of(TFMT_ACT_CREATE_GAME, 0)) && po->key.round == 0 && games < 30) {
        int w = (int)(po->create.team[0] - 100), b = (int)(po->create.team[1] - 100);
        if (w < 1 || w > 9 || b < 1 || b > 9)
            return;
        CHECK_MSG((w <= 2) == (b <= 2), "play-off game %d across the ties: teams %d, %d", games, w,
                  b);
        played[w] = played[b] = true;
        tfmt_res res = games % 3 == 1 ? TFMT_WIN1 : TFMT_DRAW; /* a draw: Black's team wins */
        wins[res == TFMT_WIN1 ? w : b]++;
        games++;
        over(po->key, res, now += 200 * SEC);
    }
    CHECK_EQ_INT("finished", TFMT_FINISHED, runner_status(R));
    static const int tied[5] = {3, 4, 7, 8, 9};
    for (int i = 0; i < 5; i++)
        CHECK_MSG(played[tied[i]], "team %d placed without a play-off game", tied[i]);
    tb_standings st = {0};
    CHECK_EQ_INT("standings", BH_OK, tb_standings_compute(t, &st));
    CHECK_EQ_INT("rows", 9, st.n);
    int id[9], kpo = st.n_tb - 1;
    for (int x = 0; x < st.n && x < 9; x++)
        id[x] = (int)runner_team_id(R, st.rows[x].id) - 100;
    CHECK_MSG(id[0] + id[1] == 3 && wins[id[0]] > wins[id[1]], "places 1-2: teams %d, %d", id[0],
              id[1]);
    CHECK_EQ_INT("PO last", TB_PLAYOFF, st.tb[kpo]);
    for (int x = 2; x < 7; x++) {
        CHECK_MSG(st.rows[x].mp == 1, "place %d: team %d, %d MP", x + 1, id[x], st.rows[x].mp);
        CHECK_EQ_INT("PO = the play-off wins", wins[id[x]], st.rows[x].tb[kpo]);
        if (x > 2)
            CHECK_MSG(wins[id[x - 1]] >= wins[id[x]], "place %d (%d wins) above place %d (%d)", x,
                      wins[id[x - 1]], x + 1, wins[id[x]]);
    }
    CHECK_MSG(wins[id[2]] > wins[id[3]], "place 3 not decided: %d and %d wins", wins[id[2]],
              wins[id[3]]);
    tb_standings_fini(&st);
}

/* T-FORFEIT and withdrawals (issue 17): a team withdrawn without keep_current while game 2 of
 * its match is live, game 1 drawn: game 1 stands and only game 2 is forfeited: the live game
 * ends at once as its loss ("withdrawn"), the other team wins the match 1.5-0.5 (2 MP, 1.5
 * game points: T-SCORE), a match played in part (a meeting); withdrawn with keep_current, its
 * match goes on and it is not paired from the next round on. */
static void t_forfeit_withdraw(void)
{
    event(4, 2, 0, NULL, 0, true);
    tfmt_key k = act_of(TFMT_ACT_CREATE_GAME, 0)->key;
    over(k, TFMT_DRAW, T0 + SEC);
    const tfmt_act *g2 = act_of(TFMT_ACT_CREATE_GAME, 0);
    int64_t quitter = g2->create.team[0], other = g2->create.team[1];
    tfmt_key k2 = g2->key;
    clear();
    runner_reply rep;
    CHECK_EQ_INT("withdraw", BH_OK, runner_withdraw(R, quitter, false, T0 + 2 * SEC, 9, &A, &rep));
    const tfmt_act *end = act_of(TFMT_ACT_END_GAME, 0);
    CHECK_MSG(end && end->key.game == k2.game && end->key.match == k2.match &&
                  end->end.result == TFMT_WIN2 && strcmp(end->end.reason, "withdrawn") == 0,
              "the live game is not ended as the withdrawn team's loss");
    CHECK_MSG(runner_game_get(R, k2)->finished, "the runner did not record the end");
    tour_slot sl;
    tour_slot_get(runner_tour(R), runner_team_tid(R, other), 1, &sl);
    CHECK_EQ_INT("game 1 stands: a match played", TOUR_SLOT_PLAYED, sl.kind);
    CHECK_EQ_INT("1.5-0.5: 2 MP", 2, sl.mp);
    CHECK_EQ_INT("1.5-0.5: GP x2", 3, sl.gp2);
    CHECK_EQ_INT("game 2 marked a forfeit", 2,
                 tour_round_match(runner_tour(R), 1, k2.match)->ff_games);
    CHECK_EQ_INT("override of the forfeited game 2", BH_ESTATE,
                 runner_override(R, k2, TFMT_WIN1, T0 + 2 * SEC, &A, &rep));
    CHECK_EQ_STR("names the game", "game", rep.field);
    CHECK_MSG(strstr(rep.msg, "forfeited by a withdrawal") != NULL, "no reason: %s", rep.msg);
    CHECK_EQ_INT("withdrawn twice", BH_ESTATE,
                 runner_withdraw(R, quitter, false, T0 + 3 * SEC, 9, &A, &rep));
    CHECK_EQ_STR("its field", "team", rep.field);
    CHECK_EQ_INT("not a team", BH_ENOTFOUND, runner_withdraw(R, 999, false, T0, 9, &A, &rep));
    /* the other match: keep_current, then it ends; round 2 pairs 2 teams, not the leaver */
    int mi = 1 - k.match;
    tfmt_key o = key(1, mi, 0);
    int64_t keeper = runner_game_get(R, o)->team[0];
    clear();
    CHECK_EQ_INT("keep current", BH_OK,
                 runner_withdraw(R, keeper, true, T0 + 4 * SEC, 9, &A, &rep));
    CHECK_EQ_INT("its game goes on", 0, n_kind(TFMT_ACT_END_GAME));
    over(o, TFMT_DRAW, T0 + 5 * SEC);
    over(key(1, mi, 1), TFMT_DRAW, T0 + 6 * SEC);
    const tour *t = runner_tour(R);
    CHECK_EQ_INT("round 2 paired", 2, tour_n_rounds(t));
    CHECK_EQ_INT("round 2: one match of the two left", 1, tour_round_size(t, 2));
    const tour_match *m = tour_round_match(t, 2, 0);
    CHECK_MSG(runner_team_id(R, m->a) != keeper && runner_team_id(R, m->b) != keeper &&
                  runner_team_id(R, m->a) != quitter && runner_team_id(R, m->b) != quitter,
              "a withdrawn team is paired");
}

/* Issue 17, the case: team X wins game 1, then withdraws while its opponent Y is to
 * choose game 2's colours (P-GAME2): game 1 stands, game 2 is a forfeit win for Y (no game 2
 * is created, the choice is dropped): 1-1, a drawn match, 1 MP each (T-SCORE), not the 2-0
 * forfeit win of the whole match. Before any game of its match is played a withdrawal
 * forfeits the match (T-FORFEIT: 2 MP and every game point to the team present), and an
 * override of a game of that forfeited match is refused with a reason. With legacy_withdraw
 * (the hub before issue 17) the whole match was forfeited: Y got 2-0. */
static void withdraw_after_game1(void)
{
    for (int legacy = 0; legacy < 2; legacy++) {
        legacy_wd = legacy;
        event(6, 2, 0, NULL, 0, true);
        const tfmt_act *c1 = act_of(TFMT_ACT_CREATE_GAME, 0);
        tfmt_key k = c1->key;
        int64_t x = c1->create.team[0], y = c1->create.team[1];
        tfmt_key o = act_of(TFMT_ACT_CREATE_GAME, 1)->key;
        int64_t z = act_of(TFMT_ACT_CREATE_GAME, 1)->create.team[0];
        over(k, TFMT_WIN1, T0 + SEC); /* x wins game 1; y chooses */
        CHECK_EQ_INT("y is asked", 1, n_kind(RUNNER_ACT_ASK_CHOICE));
        clear();
        runner_reply rep;
        CHECK_EQ_INT("x withdraws", BH_OK, runner_withdraw(R, x, false, T0 + 2 * SEC, 9, &A, &rep));
        CHECK_EQ_INT("no game ended (none live)", 0, n_kind(TFMT_ACT_END_GAME));
        CHECK_EQ_INT("no game 2 created", 0, n_kind(TFMT_ACT_CREATE_GAME));
        runner_choice ch;
        CHECK_EQ_INT("the choice is gone", BH_ENOTFOUND, runner_choice_get(R, k, &ch));
        CHECK_EQ_U64("no deadline left", 0, runner_deadline(R));
        tour_slot sy, sx;
        tour_slot_get(runner_tour(R), runner_team_tid(R, y), 1, &sy);
        tour_slot_get(runner_tour(R), runner_team_tid(R, x), 1, &sx);
        CHECK_EQ_INT("y's MP", legacy ? 2 : 1, sy.mp);
        CHECK_EQ_INT("y's GP x2", legacy ? 4 : 2, sy.gp2);
        CHECK_EQ_INT("x's MP", legacy ? 0 : 1, sx.mp);
        CHECK_EQ_INT("y's slot", legacy ? TOUR_SLOT_FF_WIN : TOUR_SLOT_PLAYED, sy.kind);
        /* before its match is played: z withdraws while its game 1 is live */
        clear();
        CHECK_EQ_INT("z withdraws", BH_OK, runner_withdraw(R, z, false, T0 + 3 * SEC, 9, &A, &rep));
        CHECK_EQ_INT("z's live game 1 ended", 1, n_kind(TFMT_ACT_END_GAME));
        const tour_match *mo = tour_round_match(runner_tour(R), 1, o.match);
        CHECK_MSG(mo->forfeit != TOUR_FF_NONE, "z's match not forfeited");
        int64_t w =
            runner_team_id(R, mo->a) == z ? runner_team_id(R, mo->b) : runner_team_id(R, mo->a);
        tour_slot sw;
        tour_slot_get(runner_tour(R), runner_team_tid(R, w), 1, &sw);
        CHECK_EQ_INT("forfeit win", TOUR_SLOT_FF_WIN, sw.kind);
        CHECK_EQ_INT("forfeit win MP", 2, sw.mp);
        CHECK_EQ_INT("forfeit win GP x2", 4, sw.gp2);
        int rc = runner_override(R, o, TFMT_WIN1, T0 + 4 * SEC, &A, &rep);
        CHECK_EQ_INT("override of a forfeited match's game", legacy ? BH_OK : BH_ESTATE, rc);
        if (!legacy) {
            CHECK_EQ_STR("its field", "game", rep.field);
            CHECK_MSG(strstr(rep.msg, "was forfeited") != NULL, "no reason: %s", rep.msg);
        }
        CHECK_EQ_INT("round 1 still on", 1, tour_n_rounds(runner_tour(R)));
        tfmt_key l = key(1, 0, 0);
        for (int mi = 0; mi < 3; mi++)
            if (mi != k.match && mi != o.match)
                l = key(1, mi, 0);
        over(l, TFMT_DRAW, T0 + 5 * SEC);
        over(key(1, l.match, 1), TFMT_DRAW, T0 + 6 * SEC);
        CHECK_EQ_INT("round 2 paired: x and z out", 2, tour_n_rounds(runner_tour(R)));
        CHECK_EQ_INT("round 2: two matches", 2, tour_round_size(runner_tour(R), 2));
        /* the stored state keeps the forfeited game 2 (BHM ffg) */
        runner_saved sv;
        runner_save(R, &sv);
        CHECK_MSG(legacy || strstr(sv.trf, " 2\n") != NULL, "no ffg in the BHM line");
        tour *back = NULL;
        int line = 0;
        CHECK_EQ_INT("reads back", BH_OK, trf_import(sv.trf, &back, &line));
        CHECK_EQ_INT("ff_games back", legacy ? 0 : 2, tour_round_match(back, 1, k.match)->ff_games);
        tour_free(back);
        runner_saved_fini(&sv);
    }
    legacy_wd = false;
}

/* T-LATE (issue 17 item 4): a team registered after the start, late_until 2: during round 1
 * it enters with the next pairing number, paired from round 2; round 1 scores 0 for it (an
 * absence, not a bye: T-BYE's PAB is a pairing's); round 2 pairs it; once round 2 is paired
 * entries are refused with the round named; the TRF keeps late= and its entry round. Without
 * late_until an entry after the start is refused with a sentence, not a raw bad_state. */
static void late_entry(void)
{
    event(6, 3, 0, NULL, 0, true);
    runner_reply rep;
    CHECK_EQ_INT("no late entries", BH_ESTATE, runner_can_register(R, "Late", &rep));
    CHECK_MSG(strstr(rep.msg, "takes no late entries") != NULL, "no reason: %s", rep.msg);
    late_until = 2;
    event(6, 3, 0, NULL, 0, true);
    late_until = 0;
    CHECK_EQ_INT("late: may enter", BH_OK, runner_can_register(R, "Late", &rep));
    CHECK_EQ_INT("duplicate name", BH_EEXIST, runner_can_register(R, "T1", &rep));
    clear();
    CHECK_EQ_INT("late: registered", BH_OK,
                 runner_register(R, 201, "Late", "x", "y", 2500, 2500, &A));
    int tid = runner_team_tid(R, 201);
    CHECK_EQ_INT("the next pairing number", 7, tid);
    CHECK_EQ_INT("paired from round 2", 2, tour_team_get(runner_tour(R), tid)->entry_round);
    CHECK_MSG(n_kind(TFMT_ACT_PERSIST) > 0 && n_kind(TFMT_ACT_STANDINGS) > 0, "not published");
    for (int mi = 0; mi < 3; mi++)
        for (int g = 0; g < 2; g++)
            over(key(1, mi, g), TFMT_DRAW, T0 + (uint64_t)(1 + 2 * mi + g) * SEC);
    const tour *t = runner_tour(R);
    tour_slot s1;
    tour_slot_get(t, tid, 1, &s1);
    CHECK_EQ_INT("round 1: absent", TOUR_SLOT_ABSENT, s1.kind);
    CHECK_EQ_INT("round 1: 0 MP (no bye)", 0, s1.mp);
    CHECK_EQ_INT("round 2 paired", 2, tour_n_rounds(t));
    bool in2 = false;
    for (int i = 0; i < tour_round_size(t, 2); i++) {
        const tour_match *m = tour_round_match(t, 2, i);
        in2 |= m->a == tid || m->b == tid;
    }
    CHECK_MSG(in2, "the late entry is not paired in round 2");
    CHECK_EQ_INT("round 2: 7 teams, 4 pairs with the bye", 4, tour_round_size(t, 2));
    CHECK_EQ_INT("past late_until", BH_ESTATE, runner_can_register(R, "Later", &rep));
    CHECK_MSG(strstr(rep.msg, "up to round 2") != NULL, "no reason: %s", rep.msg);
    CHECK_EQ_INT("register refused too", BH_ESTATE,
                 runner_register(R, 202, "Later", "x", "y", 0, 0, &A));
    runner_saved sv;
    runner_save(R, &sv);
    CHECK_MSG(strstr(sv.trf, " late=2") != NULL, "no late= in the BHR line");
    CHECK_MSG(strstr(sv.trf, "BHT 7 2 0 ") != NULL, "the BHT line does not keep the entry round");
    runner *r2 = NULL;
    int line = 0;
    CHECK_EQ_INT("restores", BH_OK, runner_restore(1, &sv, true, &r2, &line));
    CHECK_EQ_INT("late_until back", 2, tour_rules(runner_tour(r2))->late_until);
    CHECK_EQ_INT("the team map back", 201, (int)runner_team_id(r2, 7));
    runner_free(r2);
    runner_saved_fini(&sv);
}

/* Issue 17: the standings after round k count rounds 1..k only: with round 2 paired and a
 * forfeit already set in it (a withdrawal), tb_standings_upto(1) gives round 1's points, and
 * before any round no place is a prize place (T-PRIZES). */
static void standings_upto(void)
{
    event(4, 3, 0, NULL, 0, true);
    tb_standings st = {0};
    CHECK_EQ_INT("upto 0", BH_OK, tb_standings_upto(runner_tour(R), 0, &st));
    for (int x = 0; x < st.n; x++)
        CHECK_MSG(!st.rows[x].prize && st.rows[x].mp == 0, "a prize or points before round 1");
    tb_standings_fini(&st);
    for (int mi = 0; mi < 2; mi++)
        for (int g = 0; g < 2; g++)
            over(key(1, mi, g), TFMT_DRAW, T0 + (uint64_t)(1 + 2 * mi + g) * SEC);
    CHECK_EQ_INT("round 2 paired", 2, tour_n_rounds(runner_tour(R)));
    int64_t q = act_of(TFMT_ACT_CREATE_GAME, 0)->create.team[0];
    clear();
    runner_reply rep;
    CHECK_EQ_INT("withdraw in round 2", BH_OK,
                 runner_withdraw(R, q, false, T0 + 9 * SEC, 9, &A, &rep));
    CHECK_EQ_INT("upto 1", BH_OK, tb_standings_upto(runner_tour(R), 1, &st));
    for (int x = 0; x < st.n; x++)
        CHECK_EQ_INT("after round 1: 1 MP each (1-1 draws)", 1, st.rows[x].mp);
    CHECK_MSG(st.rows[0].prize, "no prize place after round 1");
    tb_standings_fini(&st);
    CHECK_EQ_INT("all", BH_OK, tb_standings_compute(runner_tour(R), &st));
    CHECK_EQ_INT("with round 2's forfeit: 3 MP at the top", 3, st.rows[0].mp);
    tb_standings_fini(&st);
}

/* T-AUTO meets a round it cannot pair (T-PAIR): it pauses for the director (TFMT_ACT_PAUSE
 * with the reason), a resume pauses again; a hand pairing with a rematch is refused without
 * allow_rematch (no_pairing, pairs[0], a message naming both teams) and taken with it. Six
 * teams, 3 rounds; teams 2, 3, 5, 6 withdraw in round 1; 1-4 is played out. */
static void unpairable_pause(void)
{
    event(6, 3, 0, NULL, 0, true);
    runner_reply rep;
    for (int i = 1; i < 6; i++)
        if (i != 3)
            runner_withdraw(R, 101 + i, false, T0 + SEC, 9, &A, &rep);
    int mi;
    CHECK_MSG(match_of(1, 101, 104, &mi), "round 1 has no 1-4");
    over(key(1, mi, 0), TFMT_DRAW, T0 + 2 * SEC);
    over(key(1, mi, 1), TFMT_DRAW, T0 + 3 * SEC);
    CHECK_EQ_INT("paused", TFMT_PAUSED, runner_status(R));
    const tfmt_act *p = act_of(TFMT_ACT_PAUSE, 0);
    CHECK_MSG(p && strstr(p->say.text, "round 2 cannot be paired (no_pairing)"), "pause reason: %s",
              p ? p->say.text : "(none)");
    clear();
    CHECK_EQ_INT("resume", BH_OK, runner_pause(R, false, T0 + 4 * SEC, 9, &A, &rep));
    CHECK_EQ_INT("paused again", TFMT_PAUSED, runner_status(R));
    int64_t pairs[1][2] = {{101, 104}};
    CHECK_EQ_INT("rematch refused", BH_EPAIR,
                 runner_pair_hand(R, (const int64_t(*)[2])pairs, 1, false, &A, &rep));
    CHECK_EQ_STR("field", "pairs[0]", rep.field);
    CHECK_MSG(strstr(rep.msg, "101") && strstr(rep.msg, "104"), "message: %s", rep.msg);
    CHECK_EQ_INT("with allow_rematch", BH_OK,
                 runner_pair_hand(R, (const int64_t(*)[2])pairs, 1, true, &A, &rep));
    CHECK_EQ_INT("round 2 by hand", 2, tour_n_rounds(runner_tour(R)));
    CHECK_MSG(runner_round_unstarted(R, 2), "round 2 started while paused");
}

/* Re-pair by hand (T-AUTO "re-pair before start"): paused after round 1, the director pairs
 * round 2 (computed), then replaces it by hand; a bad list leaves the round as it was; the
 * round starts on round_start, and then round_pair is refused (round in progress). */
static void repair_by_hand(void)
{
    event(4, 2, 0, NULL, 0, true);
    runner_reply rep;
    runner_pause(R, true, T0, 9, &A, &rep);
    for (int mi = 0; mi < 2; mi++)
        for (int g = 0; g < 2; g++) {
            clear();
            if (g == 1) /* games 2 wait while paused: round_start starts them */
                runner_round_start(R, T0 + SEC, 9, &A, &rep);
            over(key(1, mi, g), TFMT_DRAW, T0 + 2 * SEC);
        }
    CHECK_EQ_INT("round 1 done, round 2 not paired", 1, tour_n_rounds(runner_tour(R)));
    clear();
    CHECK_EQ_INT("pair", BH_OK, runner_pair(R, 9, &A, &rep));
    CHECK_MSG(runner_round_unstarted(R, 2), "not paired / started");
    CHECK_EQ_INT("override of round 1 once round 2 is paired", BH_ESTATE,
                 runner_override_check(R, key(1, 0, 0), &rep));
    CHECK_EQ_STR("its field", "round", rep.field);
    int mi;
    const tour_match *m = tour_round_match(runner_tour(R), 2, 0);
    int64_t a = runner_team_id(R, m->a), b = runner_team_id(R, m->b);
    int64_t rest[2], n = 0;
    for (int64_t x = 101; x <= 104; x++)
        if (x != a && x != b)
            rest[n++] = x;
    int64_t bad[2][2] = {{a, b}, {a, rest[0]}}; /* a twice */
    CHECK_EQ_INT("a team twice", BH_EEXIST,
                 runner_pair_hand(R, (const int64_t(*)[2])bad, 2, true, &A, &rep));
    CHECK_EQ_STR("field", "pairs[1]", rep.field);
    CHECK_MSG(match_of(2, a, b, &mi), "the bad list changed the round");
    int64_t hand[2][2] = {{a, rest[0]}, {b, rest[1]}};
    runner_pair_hand(R, (const int64_t(*)[2])hand, 2, true, &A, &rep);
    CHECK_EQ_INT("re-paired", BH_OK, rep.rc);
    CHECK_MSG(match_of(2, a, rest[0], &mi) && match_of(2, b, rest[1], &mi), "not as given");
    clear();
    CHECK_EQ_INT("round start", BH_OK, runner_round_start(R, T0 + 3 * SEC, 9, &A, &rep));
    CHECK_EQ_INT("its games", 2, n_kind(TFMT_ACT_CREATE_GAME));
    CHECK_EQ_INT("still paused", TFMT_PAUSED, runner_status(R));
    CHECK_EQ_INT("pair with the round in progress", BH_ESTATE, runner_pair(R, 9, &A, &rep));
    CHECK_EQ_STR("field", "round", rep.field);
}

/* The stored state comes back exactly: saved in the middle of round 1 (a P-GAME2 choice open),
 * restored with the games as stored and their ends, the TRF is the same and the loser is asked
 * again with a full deadline (choices are not stored: their deadlines are monotonic). */
static void save_restore(void)
{
    event(4, 2, 0, NULL, 0, true);
    tfmt_key k = act_of(TFMT_ACT_CREATE_GAME, 0)->key;
    over(k, TFMT_WIN1, T0 + SEC);
    runner_saved s;
    runner_save(R, &s);
    runner *r2 = NULL;
    int line;
    CHECK_EQ_INT("restore", BH_OK, runner_restore(1, &s, true, &r2, &line));
    for (int i = 0; i < runner_n_games(R); i++) {
        const runner_game *g = runner_game_at(R, i);
        CHECK_EQ_INT("game", BH_OK, runner_restore_game(r2, g->key, g->team[0]));
    }
    tfmt_acts a = {0};
    runner_game_over(r2, k, TFMT_WIN1, T0 + 50 * SEC, &a);
    CHECK_EQ_INT("a recorded end is only noted", 0, a.n);
    runner_loaded(r2, T0 + 50 * SEC, &a);
    int asked = 0;
    for (int i = 0; i < a.n; i++)
        if (a.v[i].kind == RUNNER_ACT_ASK_CHOICE) {
            asked++;
            CHECK_EQ_U64("a full deadline", T0 + 65 * SEC, a.v[i].own.deadline_us);
        }
    CHECK_EQ_INT("asked again", 1, asked);
    runner_saved s2;
    runner_save(r2, &s2);
    CHECK_EQ_STR("TRF", s.trf, s2.trf);
    CHECK_EQ_STR("teams", s.teams, s2.teams);
    CHECK_EQ_U64("seed", s.seed, s2.seed);
    runner_saved_fini(&s);
    runner_saved_fini(&s2);
    tfmt_acts_fini(&a);
    runner_free(r2);
}

/* Item 3: pairings as jobs. The start asks for a job (the reply waits: deferred); while it
 * runs, the director's controls are refused (bad_state, field "pairing"); its result creates
 * round 1 and the reply. Later a pause while T-AUTO's job runs makes it stale: its result is
 * dropped (no game), and the resume asks for a new one. */
static void jobs(void)
{
    event(4, 2, 0, NULL, 0, false);
    CHECK_EQ_INT("a job, no game yet", 1, n_kind(TFMT_ACT_JOB));
    CHECK_EQ_INT("no game", 0, n_kind(TFMT_ACT_CREATE_GAME));
    CHECK_MSG(runner_busy(R), "not busy");
    tfmt_act *x = (tfmt_act *)act_of(TFMT_ACT_JOB, 0);
    runner_job *j = x->job.job;
    x->job.job = NULL;
    CHECK_EQ_INT("its tournament", 1, (int)runner_job_tournament(j));
    runner_reply rep;
    tfmt_acts b = {0};
    CHECK_EQ_INT("withdraw while busy", BH_ESTATE, runner_withdraw(R, 101, false, T0, 3, &b, &rep));
    CHECK_EQ_STR("field", "pairing", rep.field);
    CHECK_MSG(rep.msg[0], "no message");
    runner_job_run(j);
    clear();
    runner_job_done(R, j, T0 + SEC, &A);
    CHECK_EQ_INT("round 1", 2, n_kind(TFMT_ACT_CREATE_GAME));
    const tfmt_act *re = act_of(TFMT_ACT_REPLY, 0);
    CHECK_MSG(re && re->say.cookie == 7 && re->say.rc == BH_OK, "the start's reply");
    CHECK_MSG(!runner_busy(R), "busy");
    for (int mi = 0; mi < 2; mi++)
        for (int g = 0; g < 2; g++)
            over(key(1, mi, g), TFMT_DRAW, T0 + 2 * SEC);
    x = (tfmt_act *)act_of(TFMT_ACT_JOB, 0);
    CHECK_MSG(x != NULL, "no job for round 2");
    if (!x)
        return;
    j = x->job.job;
    x->job.job = NULL;
    clear();
    CHECK_EQ_INT("pause while T-AUTO pairs", BH_OK,
                 runner_pause(R, true, T0 + 3 * SEC, 8, &A, &rep));
    CHECK_MSG(!rep.deferred && !runner_busy(R), "the job is not stale");
    runner_job_run(j);
    clear();
    runner_job_done(R, j, T0 + 4 * SEC, &A);
    CHECK_EQ_INT("the stale result is dropped", 0, n_kind(TFMT_ACT_CREATE_GAME));
    CHECK_EQ_INT("round 2 not paired", 1, tour_n_rounds(runner_tour(R)));
    clear();
    CHECK_EQ_INT("resume", BH_OK, runner_pause(R, false, T0 + 5 * SEC, 6, &A, &rep));
    CHECK_MSG(rep.deferred, "the resume's reply does not wait for its job");
    CHECK_EQ_INT("a new job", 1, n_kind(TFMT_ACT_JOB));
    tfmt_acts_fini(&b);
}

/* Replay events of the golden file (the first `count`) through the runner; async: its
 * pairings as jobs, each done at once where it is asked. */
static void golden_events(int count, bool async)
{
    char *text = bh_test_data_file("runner/golden.txt", NULL);
    CHECK_MSG(text != NULL, "no golden file");
    if (!text)
        return;
    rw w;
    memset(&w, 0, sizeof w);
    w.async = async;
    rs_world world = rw_world(&w);
    int done = 0, bad = 0;
    for (char *line = strtok(text, "\n"); line && done < count; line = strtok(NULL, "\n")) {
        if (line[0] == '#')
            continue;
        unsigned long long seed;
        int steps, fin;
        char digest[32];
        if (sscanf(line, "%llu %d %d %31s", &seed, &steps, &fin, digest) != 4)
            continue;
        int s2;
        bool f2;
        uint64_t d = rs_run(&world, seed, &s2, &f2, NULL);
        char mine[32];
        snprintf(mine, sizeof mine, "%016" PRIx64, d);
        if (strcmp(mine, digest) != 0 || s2 != steps || f2 != (fin != 0)) {
            if (bad++ < 5)
                BH_FAIL_("event %llu: hub %d steps %s %s, runner %d steps %s %s", seed, steps,
                         fin ? "finished" : "open", digest, s2, f2 ? "finished" : "open", mine);
        }
        done++;
    }
    CHECK_EQ_INT("events differing from the hub", 0, bad);
    CHECK_EQ_INT("events replayed", count, done);
    rw_fini(&w);
    free(text);
}

static void golden(void)
{
    golden_events(40, false);
}

/* Item 3: pairings as jobs change nothing when each is done before the next event. */
static void golden_async(void)
{
    golden_events(40, true);
}

static void golden_all(void)
{
    golden_events(500, false);
    golden_events(500, true);
}

/* The director's round_pair as a job: paused after round 1, round_pair (no pairs) asks for a
 * job and its reply waits; round_start and the resume are refused meanwhile (field pairing);
 * the job's round is paired (status "paired") and the reply follows. A re-pair of that round
 * drops it for its job; a job cancelled (shutdown) puts the dropped round back. */
static void jobs_director(void)
{
    event(4, 2, 0, NULL, 0, false);
    tfmt_act *x = (tfmt_act *)act_of(TFMT_ACT_JOB, 0);
    runner_job *j = x->job.job;
    x->job.job = NULL;
    runner_job_run(j);
    clear();
    runner_job_done(R, j, T0, &A);
    runner_reply rep;
    runner_pause(R, true, T0, 5, &A, &rep);
    for (int mi = 0; mi < 2; mi++)
        for (int g = 0; g < 2; g++) {
            clear();
            if (g == 1)
                runner_round_start(R, T0 + SEC, 5, &A, &rep);
            over(key(1, mi, g), TFMT_DRAW, T0 + 2 * SEC);
        }
    clear();
    CHECK_EQ_INT("pair", BH_OK, runner_pair(R, 11, &A, &rep));
    CHECK_MSG(rep.deferred, "the reply does not wait");
    x = (tfmt_act *)act_of(TFMT_ACT_JOB, 0);
    CHECK_MSG(x != NULL, "no job");
    if (!x)
        return;
    j = x->job.job;
    x->job.job = NULL;
    tfmt_acts b = {0};
    CHECK_EQ_INT("round_start while pairing", BH_ESTATE, runner_round_start(R, T0, 12, &b, &rep));
    CHECK_EQ_STR("field", "pairing", rep.field);
    CHECK_EQ_INT("resume while pairing", BH_ESTATE, runner_pause(R, false, T0, 12, &b, &rep));
    CHECK_EQ_STR("field", "pairing", rep.field);
    runner_job_run(j);
    clear();
    runner_job_done(R, j, T0 + 3 * SEC, &A);
    CHECK_EQ_INT("round 2 paired", 2, tour_n_rounds(runner_tour(R)));
    CHECK_MSG(runner_round_unstarted(R, 2), "round 2 started");
    const tfmt_act *re = act_of(TFMT_ACT_REPLY, 0);
    CHECK_MSG(re && re->say.cookie == 11 && re->say.rc == BH_OK, "the reply");
    tour_match before = *tour_round_match(runner_tour(R), 2, 0);
    clear();
    CHECK_EQ_INT("re-pair", BH_OK, runner_pair(R, 13, &A, &rep));
    CHECK_EQ_INT("the round is dropped meanwhile", 1, tour_n_rounds(runner_tour(R)));
    x = (tfmt_act *)act_of(TFMT_ACT_JOB, 0);
    j = x ? x->job.job : NULL;
    if (x)
        x->job.job = NULL;
    runner_job_cancel(j);
    runner_job_run(j);
    clear();
    runner_job_done(R, j, T0 + 4 * SEC, &A);
    CHECK_EQ_INT("put back", 2, tour_n_rounds(runner_tour(R)));
    const tour_match *m = tour_round_match(runner_tour(R), 2, 0);
    CHECK_MSG(m && m->a == before.a && m->b == before.b, "not the same round");
    re = act_of(TFMT_ACT_REPLY, 0);
    CHECK_MSG(re && re->say.cookie == 13 && re->say.rc == BH_ESTATE, "the cancelled job's reply");
    CHECK_MSG(!runner_busy(R), "still busy");
    tfmt_acts_fini(&b);
}

/* A pairer over its node bound (swiss.h: seconds in deep drawn events). */
static int pair_over_bound(const tour *t, uint64_t seed, const atomic_int *stop, swiss_pairing *out)
{
    (void)t, (void)seed, (void)stop, (void)out;
    return BH_ELIMIT;
}

/* A pairing job over its bound (BH_ELIMIT) pauses the event for the director, as the pairing
 * on the loop did (T-AUTO: no result is lost, the event does not end); the start's reply
 * still comes (the command succeeded). */
static void job_over_bound(void)
{
    event(4, 2, 0, NULL, 0, false);
    tfmt_act *x = (tfmt_act *)act_of(TFMT_ACT_JOB, 0);
    runner_job *j = x->job.job;
    x->job.job = NULL;
    j->pair = pair_over_bound;
    runner_job_run(j);
    clear();
    runner_job_done(R, j, T0 + SEC, &A);
    CHECK_EQ_INT("paused", TFMT_PAUSED, runner_status(R));
    const tfmt_act *p = act_of(TFMT_ACT_PAUSE, 0);
    CHECK_MSG(p && strstr(p->say.text, "round 1 cannot be paired (too_large: the search gave up"),
              "pause: %s", p ? p->say.text : "(none)");
    const tfmt_act *re = act_of(TFMT_ACT_REPLY, 0);
    CHECK_MSG(re && re->say.cookie == 7 && re->say.rc == BH_OK, "the start's reply");
    CHECK_EQ_INT("no round", 0, tour_n_rounds(runner_tour(R)));
}

/* A pairer that searches until it is stopped (a deep round past any budget). */
static int pair_until_stopped(const tour *t, uint64_t seed, const atomic_int *stop,
                              swiss_pairing *out)
{
    (void)t, (void)seed, (void)out;
    return stop && atomic_load(stop) ? BH_ELIMIT : BH_EPAIR;
}

/* runner_job_expire (the hub's time budget ran out) stops the search and the job is
 * delivered: T-AUTO pauses for the director, the start's reply comes. runner_job_cancel
 * (shutdown, a job nobody wants) stops it too, but the job is dropped as stale: the event
 * stays as it was (running, no pause), and a later expire does not revive it. */
static void job_expired_delivered_cancelled_dropped(void)
{
    event(4, 2, 0, NULL, 0, false);
    tfmt_act *x = (tfmt_act *)act_of(TFMT_ACT_JOB, 0);
    runner_job *j = x->job.job;
    x->job.job = NULL;
    j->pair = pair_until_stopped;
    CHECK_EQ_INT("the job pairs round 1", 1, runner_job_round(j));
    runner_job_expire(j);
    runner_job_run(j);
    clear();
    runner_job_done(R, j, T0 + SEC, &A);
    CHECK_EQ_INT("expired: paused", TFMT_PAUSED, runner_status(R));
    const tfmt_act *re = act_of(TFMT_ACT_REPLY, 0);
    CHECK_MSG(re && re->say.cookie == 7 && re->say.rc == BH_OK, "the start's reply");

    event(4, 2, 0, NULL, 0, false); /* frees the first */
    x = (tfmt_act *)act_of(TFMT_ACT_JOB, 0);
    j = x->job.job;
    x->job.job = NULL;
    j->pair = pair_until_stopped;
    runner_job_cancel(j);
    runner_job_expire(j);
    runner_job_run(j);
    clear();
    runner_job_done(R, j, T0 + SEC, &A);
    CHECK(runner_status(R) != TFMT_PAUSED);
    CHECK_MSG(act_of(TFMT_ACT_PAUSE, 0) == NULL, "a cancelled job paused the event");
}

static void teardown(void)
{
    runner_free(R);
    R = NULL;
    clear();
}

/* Issue 13 item 3: wait_s and break_s. Every created game carries the gate's waiting time;
 * round 1 may start at once (T0); game 2 of a match starts break_s after game 1 ended, the
 * P-GAME2 choice included (a choice made within the break does not shorten it); the next
 * round break_s after the game that completed the round; both survive runner_save /
 * runner_restore (the BHR line). With 0 (every other case here, and the golden events) the
 * games start at once, as before. */
static void wait_and_break(void)
{
    runner_free(R);
    clear();
    runner_config c = {.name = "W",
                       .ruleset = "online",
                       .base_ms = 60000,
                       .rounds = 2,
                       .wait_s = 300,
                       .break_s = 60};
    R = runner_new(1, &c, true);
    for (int i = 0; i < 4; i++) {
        char name[16];
        snprintf(name, sizeof name, "T%d", i + 1);
        runner_register(R, 101 + i, name, "c", "p", 2000 - 50 * i, 2000 - 50 * i, &A);
    }
    clear();
    runner_reply rep;
    CHECK_EQ_INT("start", BH_OK, runner_start(R, T0, 7, &A, &rep));
    const tfmt_act *g1 = act_of(TFMT_ACT_CREATE_GAME, 0);
    CHECK_EQ_U64("round 1 starts at once", T0, g1 ? g1->create.start_us : 0);
    CHECK_EQ_INT("the gate's waiting time", 300, g1 ? (int)g1->create.wait_s : 0);
    tfmt_key k0 = act_of(TFMT_ACT_CREATE_GAME, 0)->key, k1 = act_of(TFMT_ACT_CREATE_GAME, 1)->key;
    over(k0, TFMT_DRAW, T0 + 100 * SEC);
    const tfmt_act *g2 = act_of(TFMT_ACT_CREATE_GAME, 0);
    CHECK_EQ_U64("game 2 after a draw: 60 s after game 1", T0 + 160 * SEC,
                 g2 ? g2->create.start_us : 0);
    over(k1, TFMT_WIN1, T0 + 110 * SEC);
    clear();
    CHECK_EQ_INT("choice", BH_OK, runner_choose(R, k1, true, T0 + 115 * SEC, &A));
    g2 = act_of(TFMT_ACT_CREATE_GAME, 0);
    CHECK_EQ_U64("game 2 after a choice: still 60 s after game 1", T0 + 170 * SEC,
                 g2 ? g2->create.start_us : 0);
    over(key(1, k0.match, 1), TFMT_DRAW, T0 + 400 * SEC);
    over(key(1, k1.match, 1), TFMT_DRAW, T0 + 500 * SEC);
    const tfmt_act *r2 = act_of(TFMT_ACT_CREATE_GAME, 0);
    CHECK_MSG(r2 && r2->key.round == 2, "round 2 paired");
    CHECK_EQ_U64("round 2: 60 s after the last game", T0 + 560 * SEC, r2 ? r2->create.start_us : 0);
    runner_saved sv;
    runner_save(R, &sv);
    CHECK_MSG(strstr(sv.trf, " wait_s=300 break_s=60") != NULL, "BHR keeps wait_s, break_s");
    runner *back = NULL;
    CHECK_EQ_INT("restore", BH_OK, runner_restore(1, &sv, true, &back, NULL));
    if (back) {
        CHECK_EQ_INT("restored wait_s", 300, (int)tour_rules(runner_tour(back))->wait_s);
        CHECK_EQ_INT("restored break_s", 60, (int)tour_rules(runner_tour(back))->break_s);
    }
    runner_free(back);
    runner_saved_fini(&sv);
}

/* Issue 13 item 4: P-GAME2's outcome as an action for everyone, just before game 2 is created:
 * who decided (the loser's choice, the deadline's default, the draw rule) and whether the
 * colours swap, the same as game 2's seats show. */
static void p_game2_outcome(void)
{
    for (int mode = 0; mode < 3; mode++) {
        event(2, 0, 0, NULL, 0, true);
        const tfmt_act *g1 = act_of(TFMT_ACT_CREATE_GAME, 0);
        int64_t t1 = g1->create.team[0];
        tfmt_key k = g1->key;
        over(k, mode == 2 ? TFMT_DRAW : TFMT_WIN2, T0 + SEC);
        if (mode == 0) {
            clear();
            runner_choose(R, k, false, T0 + 2 * SEC, &A);
        } else if (mode == 1) {
            clear();
            runner_on_time(R, T0 + 16 * SEC, &A);
        }
        const tfmt_act *d = act_of(RUNNER_ACT_GAME2, 0);
        const tfmt_act *g2 = act_of(TFMT_ACT_CREATE_GAME, 0);
        CHECK_MSG(d && g2 && d < g2, "mode %d: the outcome before game 2", mode);
        if (!d || !g2)
            continue;
        CHECK_EQ_INT("key: game 1", 0, d->key.game);
        CHECK_EQ_INT("how",
                     mode == 0   ? RUNNER_G2_CHOSEN
                     : mode == 1 ? RUNNER_G2_DEFAULT
                                 : RUNNER_G2_DRAW,
                     d->own.code);
        CHECK_EQ_INT("loser (0 after a draw)", (int)(mode == 2 ? 0 : t1), (int)d->own.team[0]);
        CHECK_EQ_INT("swap as game 2 seats it", g2->create.team[0] != t1, d->own.flag);
        CHECK_EQ_INT("keep only when chosen", mode != 0, d->own.flag);
    }
}

static const bh_test_case cases[] = {
    {"p_game2_outcome", p_game2_outcome},
    {"wait_and_break", wait_and_break},
    {"t_auto_double", t_auto_double},
    {"p_game2", p_game2},
    {"p_game2_override", p_game2_override},
    {"t_bye", t_bye},
    {"t_rounds", t_rounds},
    {"t_tiebreak", t_tiebreak},
    {"t_armageddon", t_armageddon},
    {"t_prizes", t_prizes},
    {"issue-25_armageddon_five_tied", t_armageddon_five},
    {"t_forfeit_withdraw", t_forfeit_withdraw},
    {"unpairable_pause", unpairable_pause},
    {"repair_by_hand", repair_by_hand},
    {"save_restore", save_restore},
    {"jobs", jobs},
    {"jobs_director", jobs_director},
    {"job_over_bound", job_over_bound},
    {"job_expired_delivered_cancelled_dropped", job_expired_delivered_cancelled_dropped},
    {"teardown", teardown},
    {"withdraw_after_game1", withdraw_after_game1},
    {"standings_upto", standings_upto},
    {"late_entry", late_entry},
    {"golden", golden},
    {"golden_async", golden_async},
    {"slow_golden_all", golden_all},
};
enum { N_SLOW = 1 }; /* the last cases of the table: only on request (ctest label slow) */

/* `test_runner --transcript SEED [async]`: the steps of one event through the runner, as
 * runner_golden_gen --transcript prints them through the hub (to find where two differ). */
static int transcript(uint64_t seed, bool async)
{
    rw w;
    memset(&w, 0, sizeof w);
    w.async = async;
    rs_world world = rw_world(&w);
    int steps;
    bool fin;
    uint64_t d = rs_run(&world, seed, &steps, &fin, stdout);
    printf("digest %016" PRIx64 "\n", d);
    rw_fini(&w);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 2 && strcmp(argv[1], "--transcript") == 0)
        return transcript(strtoull(argv[2], NULL, 10), argc > 3 && strcmp(argv[3], "async") == 0);
    if (argc == 1) /* the unit run: everything but the slow cases */
        return bh_test_run(cases, BH_ARRAY_LEN(cases) - N_SLOW, argc, argv);
    return bh_test_run(cases, BH_ARRAY_LEN(cases), argc, argv);
}
