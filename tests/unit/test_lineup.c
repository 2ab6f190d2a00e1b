/* test_lineup.c: line-ups of seed 004 (F-LINEUP, F-SHORT): 6 boards + 4 reserves, four
 * substitutions a round by shifting, no line-up = the first six, at least 3 players; every
 * refusal with its code, rule and field. SPDX-License-Identifier: MIT
 * The roster is players 1..10 in the fixed board order (1-6 main, 7-10 reserves). */
#include <stdlib.h>

#include "bh.h"
#include "bh_test.h"
#include "formats_fixture.h"
#include "lineup.h"

static roster r10;
static lineup_rules lr;

static void setup(void)
{
    lineup_rules_seed004(&lr);
    fx_roster(&r10, 10, 1, NULL);
}

/* The regulation's numbers (art. 1-3): 6 main + 4 reserves, 4 substitutions, 3 players. */
static void seed004_rules(void)
{
    setup();
    CHECK_EQ_INT("boards", 6, lr.boards);
    CHECK_EQ_INT("reserves", 4, lr.reserves);
    CHECK_EQ_INT("substitutions", 4, lr.max_subs);
    CHECK_EQ_INT("min players", 3, lr.min_players);
    CHECK_EQ_INT("6 + 4 roster", BH_OK, lineup_check_roster(&r10, &lr, NULL));
    roster r11;
    fx_roster(&r11, 11, 1, NULL);
    refusal why;
    CHECK_EQ_INT("11 players", BH_ELIMIT, lineup_check_roster(&r11, &lr, &why));
    CHECK_EQ_STR("field", "players", why.field);
    roster r2;
    fx_roster(&r2, 2, 1, NULL);
    CHECK_EQ_INT("2 players", BH_ESHORT, lineup_check_roster(&r2, &lr, NULL));
}

static void check_boards(const lineup *l, const int *want_ids, int boards)
{
    for (int b = 0; b < boards; b++)
        CHECK_MSG(l->player[b] == want_ids[b], "board %d: want player %d, got %d", b + 1,
                  want_ids[b], l->player[b]);
}

/* Art. 3: no line-up by the deadline -> the first six play, in board order. */
static void default_first_six(void)
{
    setup();
    lineup l;
    lineup_default(&r10, &lr, &l);
    const int want[6] = {1, 2, 3, 4, 5, 6};
    check_boards(&l, want, 6);
    CHECK_EQ_INT("subs", 0, l.subs);
    CHECK_EQ_INT("players", 6, l.players);
    roster r4; /* a team that registered only four: boards 5 and 6 empty */
    fx_roster(&r4, 4, 1, NULL);
    lineup_default(&r4, &lr, &l);
    const int want4[6] = {1, 2, 3, 4, 0, 0};
    check_boards(&l, want4, 6);
    CHECK_EQ_INT("board 5 empty", -1, l.board[4]);
}

/* Substitution by shifting: leaving out player 2 moves 3..6 up one board and reserve 7 onto
 * board 6; that is one substitution. */
static void shifting(void)
{
    setup();
    lineup l;
    const int ids[6] = {1, 3, 4, 5, 6, 7};
    CHECK_EQ_INT("one out, one in", BH_OK, lineup_check(&r10, &lr, ids, 6, &l, NULL));
    check_boards(&l, ids, 6);
    CHECK_EQ_INT("subs", 1, l.subs);
    const int four[6] = {1, 2, 7, 8, 9, 10}; /* four substitutions: the maximum, allowed */
    CHECK_EQ_INT("four subs", BH_OK, lineup_check(&r10, &lr, four, 6, &l, NULL));
    CHECK_EQ_INT("subs", 4, l.subs);
    CHECK_EQ_INT("board 3 = first reserve", 7, l.player[2]);
}

/* F-SHORT: at least 3 players; the empty boards are the lowest ones (shifting fills from the
 * top), each lost by forfeit; a main player left out with no reserve is not a substitution. */
static void short_team(void)
{
    setup();
    lineup l;
    const int three[3] = {2, 4, 9};
    CHECK_EQ_INT("three players", BH_OK, lineup_check(&r10, &lr, three, 3, &l, NULL));
    const int want[6] = {2, 4, 9, 0, 0, 0};
    check_boards(&l, want, 6);
    CHECK_EQ_INT("players", 3, l.players);
    CHECK_EQ_INT("subs: only the reserve", 1, l.subs);
    for (int b = 3; b < 6; b++)
        CHECK_EQ_INT("empty board", -1, l.board[b]);
    refusal why;
    CHECK_EQ_INT("two players", BH_ESHORT, lineup_check(&r10, &lr, three, 2, &l, &why));
    CHECK_EQ_STR("rule", "F-SHORT", why.rule);
    CHECK_EQ_INT("nobody", BH_ESHORT, lineup_check(&r10, &lr, NULL, 0, &l, &why));
}

/* Each refusal: its code, rule, field and the index of the offending entry. */
static void refusals(void)
{
    setup();
    lineup l;
    refusal why;
    static const struct {
        const char *name;
        int ids[7], n, rc, index;
        const char *rule;
    } cases[] = {
        {"unknown player", {1, 2, 3, 42, 5, 6}, 6, BH_ENOTFOUND, 3, "F-LINEUP"},
        {"order broken", {1, 3, 2, 4, 5, 6}, 6, BH_EORDER, 2, "F-LINEUP"},
        {"reserve order", {1, 2, 3, 4, 8, 7}, 6, BH_EORDER, 5, "F-LINEUP"},
        {"named twice", {1, 2, 2, 4, 5, 6}, 6, BH_EEXIST, 2, "F-LINEUP"},
        {"seven players", {1, 2, 3, 4, 5, 6, 7}, 7, BH_ELIMIT, 6, "F-LINEUP"},
        {"too few", {1, 2}, 2, BH_ESHORT, -1, "F-SHORT"},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(cases); i++) {
        why.rule = why.field = NULL;
        CHECK_EQ_INT(cases[i].name, cases[i].rc,
                     lineup_check(&r10, &lr, cases[i].ids, cases[i].n, &l, &why));
        CHECK_EQ_INT(cases[i].name, cases[i].index, why.index);
        CHECK_EQ_STR(cases[i].name, cases[i].rule, why.rule);
        CHECK_EQ_STR(cases[i].name, "players", why.field);
    }
}

/* More substitutions than allowed: with a fifth reserve (not possible in seed 004, whose 4
 * reserves can never exceed its 4 substitutions) the fifth reserve is refused. */
static void too_many_changes(void)
{
    setup();
    lineup_rules wide = lr;
    wide.reserves = 5;
    roster r11;
    fx_roster(&r11, 11, 1, NULL);
    CHECK_EQ_INT("roster", BH_OK, lineup_check_roster(&r11, &wide, NULL));
    lineup l;
    refusal why;
    const int ids[6] = {1, 7, 8, 9, 10, 11};
    CHECK_EQ_INT("five subs", BH_ESUBS, lineup_check(&r11, &wide, ids, 6, &l, &why));
    CHECK_EQ_INT("the fifth reserve", 5, why.index);
    CHECK_EQ_STR("rule", "F-LINEUP", why.rule);
    CHECK_EQ_INT("four subs ok", BH_OK, lineup_check(&r11, &wide, ids, 5, &l, NULL));
    CHECK_EQ_INT("subs", 4, l.subs);
}

/* Art. 3: line-ups after the previous round ends and by the deadline. */
static void window(void)
{
    setup();
    lineup l;
    refusal why;
    const int ids[6] = {1, 2, 3, 4, 5, 6};
    lineup_window w = {1000000, 5000000};
    CHECK_EQ_INT("in time", BH_OK, lineup_submit(&r10, &lr, ids, 6, &w, 4999999, &l, NULL));
    CHECK_EQ_INT("at the deadline", BH_ELATE,
                 lineup_submit(&r10, &lr, ids, 6, &w, 5000000, &l, &why));
    CHECK_EQ_STR("field", "submitted_at", why.field);
    CHECK_EQ_INT("before the round ended", BH_ESTATE,
                 lineup_submit(&r10, &lr, ids, 6, &w, 999999, &l, NULL));
    CHECK_EQ_INT("late wins over bad", BH_ELATE,
                 lineup_submit(&r10, &lr, ids, 2, &w, 6000000, &l, NULL));
}

static void bad_rules(void)
{
    setup();
    lineup_rules x = lr;
    x.min_players = 7;
    CHECK_EQ_INT("min > boards", BH_EINVAL, lineup_check_roster(&r10, &x, NULL));
    x = lr;
    x.boards = LINEUP_MAX_BOARDS + 1;
    CHECK_EQ_INT("boards", BH_EINVAL, lineup_check_roster(&r10, &x, NULL));
}

static const bh_test_case cases[] = {
    {"seed004_rules", seed004_rules},
    {"default_first_six", default_first_six},
    {"shifting", shifting},
    {"short_team", short_team},
    {"refusals", refusals},
    {"too_many_changes", too_many_changes},
    {"window", window},
    {"bad_rules", bad_rules},
};

BH_TEST_MAIN(cases)
