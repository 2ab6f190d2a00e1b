/* test_roster.c: rosters and team ratings of seed 003 (F-TEAMRATING, art. 2 and 7): boards
 * strictly by rating, up to 3 invited players, the team rating as the average of the 10 board
 * players (rounded half up for display, compared exactly). SPDX-License-Identifier: MIT */
#include "bh.h"
#include "bh_test.h"
#include "formats_fixture.h"
#include "roster.h"

static void add_refusals(void)
{
    roster r;
    roster_init(&r);
    refusal why;
    CHECK_EQ_INT("ok", BH_OK, roster_add(&r, 7, "Anna", 1800, false, &why));
    CHECK_EQ_INT("same id", BH_EEXIST, roster_add(&r, 7, "Bob", 1700, false, &why));
    CHECK_EQ_STR("field", "id", why.field);
    CHECK_EQ_INT("id 0", BH_EINVAL, roster_add(&r, 0, "Bob", 1700, false, NULL));
    CHECK_EQ_INT("no name", BH_EINVAL, roster_add(&r, 8, "", 1700, false, &why));
    CHECK_EQ_STR("field", "name", why.field);
    CHECK_EQ_INT("NULL name", BH_EINVAL, roster_add(&r, 8, NULL, 1700, false, NULL));
    char longname[ROSTER_NAME_LEN + 1];
    memset(longname, 'x', sizeof longname - 1);
    longname[ROSTER_NAME_LEN] = '\0';
    CHECK_EQ_INT("long name", BH_EINVAL, roster_add(&r, 8, longname, 1700, false, NULL));
    CHECK_EQ_INT("rating", BH_EINVAL, roster_add(&r, 8, "Bob", -1, false, &why));
    CHECK_EQ_STR("field", "rating", why.field);
    CHECK_EQ_INT("one player", 1, r.n);
    for (int i = 1; i < ROSTER_MAX; i++)
        CHECK_EQ_INT("fill", BH_OK, roster_add(&r, 100 + i, "X", 1500, false, NULL));
    CHECK_EQ_INT("full", BH_ELIMIT, roster_add(&r, 99, "Y", 1500, false, NULL));
    CHECK_EQ_INT("find", 0, roster_find(&r, 7));
    CHECK_EQ_INT("find none", -1, roster_find(&r, 99));
}

/* Art. 2: boards strictly by rating; equal ratings keep the captain's published order. */
static void boards_by_rating(void)
{
    const int rating[6] = {1700, 2100, 1900, 2100, 1500, 1900};
    roster r;
    fx_roster(&r, 6, 1, rating);
    CHECK(!roster_is_by_rating(&r));
    roster_sort_by_rating(&r);
    CHECK(roster_is_by_rating(&r));
    const int want[6] = {2, 4, 3, 6, 1, 5}; /* 2100 (2 before 4), 1900 (3 before 6), ... */
    for (int i = 0; i < 6; i++)
        CHECK_EQ_INT("board order", want[i], r.p[i].id);
}

/* Art. 2: up to 3 invited players. */
static void invited_limit(void)
{
    roster r;
    fx_roster(&r, 10, 1, NULL);
    r.p[1].invited = r.p[4].invited = r.p[8].invited = true;
    CHECK_EQ_INT("three", BH_OK, roster_check_invited(&r, 3, NULL));
    r.p[9].invited = true;
    refusal why;
    CHECK_EQ_INT("four", BH_ELIMIT, roster_check_invited(&r, 3, &why));
    CHECK_EQ_INT("the fourth", 9, why.index);
    CHECK_EQ_STR("rule", "F-TEAMRATING", why.rule);
}

/* The team rating is the mean of the 10 board players: 1500, 1550, ..., 1950 -> 1725 exactly;
 * an 11th, weaker player is a reserve and does not count. Rounding: 17254 / 10 = 1725.4 ->
 * 1725, 17255 / 10 = 1725.5 -> 1726. */
static void team_rating(void)
{
    int rating[11];
    for (int i = 0; i < 10; i++)
        rating[i] = 1950 - 50 * i;
    rating[10] = 1000;
    roster r;
    fx_roster(&r, 11, 1, rating);
    roster_rating tr;
    CHECK_EQ_INT("rating", BH_OK, roster_team_rating(&r, 10, &tr, NULL));
    CHECK_EQ_INT("avg", 1725, tr.avg);
    CHECK_EQ_INT("sum", 17250, tr.sum);
    r.p[0].rating += 4; /* 17254 */
    roster_team_rating(&r, 10, &tr, NULL);
    CHECK_EQ_INT("x.4 rounds down", 1725, tr.avg);
    r.p[0].rating += 1; /* 17255 */
    roster_rating up;
    roster_team_rating(&r, 10, &up, NULL);
    CHECK_EQ_INT("x.5 rounds up", 1726, up.avg);
    /* equal rounded averages, different exact ones: the comparison sees the difference */
    CHECK(roster_rating_cmp(&tr, &up) < 0 && roster_rating_cmp(&up, &tr) > 0);
    CHECK_EQ_INT("equal", 0, roster_rating_cmp(&up, &up));
    roster_rating six = {6 * 1725, 6, 1725}, ten = {17250, 10, 1725};
    CHECK_EQ_INT("same average, other sizes", 0, roster_rating_cmp(&six, &ten));
}

static void team_rating_refusals(void)
{
    roster r;
    fx_roster(&r, 9, 1, NULL);
    roster_rating tr;
    refusal why;
    CHECK_EQ_INT("nine players", BH_ESHORT, roster_team_rating(&r, 10, &tr, &why));
    CHECK_EQ_STR("field", "players", why.field);
    fx_roster(&r, 10, 1, NULL);
    r.p[3].rating = 0;
    CHECK_EQ_INT("unrated board player", BH_EINVAL, roster_team_rating(&r, 10, &tr, &why));
    CHECK_EQ_INT("index", 3, why.index);
    CHECK_EQ_INT("boards 0", BH_EINVAL, roster_team_rating(&r, 0, &tr, NULL));
}

static const bh_test_case cases[] = {
    {"add_refusals", add_refusals},
    {"boards_by_rating", boards_by_rating},
    {"invited_limit", invited_limit},
    {"team_rating", team_rating},
    {"team_rating_refusals", team_rating_refusals},
};

BH_TEST_MAIN(cases)
