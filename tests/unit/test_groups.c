/* test_groups.c: the balanced group draw of seed 003 art. 1 (F-GROUPS): 20 teams into groups
 * A-D of 5, the top 4 heading the groups, each next pot of 4 placed so that the group
 * averages are as close as possible. Checked by hand for a small draw and for pot 2 of the
 * seed-sized one, and for every pot against an independent search of all 24 placements.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "bh_test.h"
#include "groups.h"

static void ratings(roster_rating *r, const int *avg, int n)
{
    for (int i = 0; i < n; i++)
        r[i] = (roster_rating){10L * avg[i], 10, avg[i]};
}

/* 8 teams into 2 groups of 4 (team ratings 2400 ... 1700 in steps of 100), by hand:
 *  pot 1: A 2400, B 2300. Pot 2 (2200, 2100): A+2100 = B+2200 = 4500, spread 0.
 *  pot 3 (2000, 1900): 6500/6400 either way, spread 100, equal squares: the pot's better team
 *  goes to the earlier group, A. Pot 4 (1800, 1700): A+1700 = B+1800 = 8200, spread 0. */
static void two_groups_by_hand(void)
{
    const int avg[8] = {2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700};
    roster_rating r[8];
    ratings(r, avg, 8);
    groups_draw d;
    CHECK_EQ_INT("draw", BH_OK, groups_make(r, 8, 2, 4, &d, NULL));
    const int a[4] = {0, 3, 4, 7}, b[4] = {1, 2, 5, 6};
    for (int p = 0; p < 4; p++) {
        CHECK_EQ_INT("group A", a[p], d.team[0][p]);
        CHECK_EQ_INT("group B", b[p], d.team[1][p]);
    }
    const long spread[4] = {1000, 0, 1000, 0}; /* x10: sums of 10 board ratings */
    for (int p = 0; p < 4; p++)
        CHECK_EQ_INT("spread after pot", spread[p], d.spread[p]);
    CHECK_EQ_INT("A", 82000, d.sum[0]);
    CHECK_EQ_INT("B", 82000, d.sum[1]);
}

static const int SEED[20] = {2250, 2210, 2180, 2150, 2120, 2100, 2095, 2080, 2040, 2010,
                             1990, 1985, 1950, 1930, 1900, 1890, 1850, 1820, 1800, 1750};

/* The smallest spread any placement of pot[0..3] into groups with sums prev[] can give: all
 * 24 placements, by four nested loops (independent of groups.c's permutation walk). */
static long min_spread(const long *prev, const long *pot)
{
    long best = -1;
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            for (int c = 0; c < 4; c++)
                for (int e = 0; e < 4; e++) {
                    if (a == b || a == c || a == e || b == c || b == e || c == e)
                        continue;
                    long s[4] = {prev[0], prev[1], prev[2], prev[3]};
                    s[a] += pot[0], s[b] += pot[1], s[c] += pot[2], s[e] += pot[3];
                    long lo = s[0], hi = s[0];
                    for (int j = 1; j < 4; j++)
                        lo = s[j] < lo ? s[j] : lo, hi = s[j] > hi ? s[j] : hi;
                    best = best < 0 || hi - lo < best ? hi - lo : best;
                }
    return best;
}

/* Seed 003: 20 teams (given in rating order here), groups A-D of 5.
 * Pot 2 by hand: heads A 2250, B 2210, C 2180, D 2150; pot 2120, 2100, 2095, 2080. The
 * highest sum is at least 2250 + 2080 and the lowest at most 2150 + 2120, so the spread is at
 * least 60, reached by A+2080 and D+2120 with 2100 and 2095 to B and C either way; equal
 * spread, then the smaller sum of squares: B 2210+2095 = 4305, C 2180+2100 = 4280 (deviations
 * of 12.5) beat 4310/4275 (17.5). */
static void seed003_every_pot_minimal(void)
{
    roster_rating r[20];
    ratings(r, SEED, 20);
    groups_draw d;
    CHECK_EQ_INT("draw", BH_OK, groups_make(r, 20, 4, 5, &d, NULL));
    const int pot2[4] = {7, 6, 5, 4}; /* A gets 2080, B 2095, C 2100, D 2120 */
    for (int k = 0; k < 4; k++) {
        CHECK_EQ_INT("head", k, d.team[k][0]);
        CHECK_EQ_INT("pot 2", pot2[k], d.team[k][1]);
    }
    CHECK_EQ_INT("spread after pot 2 (x10)", 600, d.spread[1]);
    long prev[4] = {0};
    for (int p = 0; p < 5; p++) {
        long pot[4];
        for (int i = 0; i < 4; i++)
            pot[i] = r[4 * p + i].sum;
        long want = min_spread(prev, pot);
        CHECK_MSG(d.spread[p] == want, "pot %d: spread %ld, the minimum is %ld", p + 1, d.spread[p],
                  want);
        for (int k = 0; k < 4; k++) {
            CHECK_MSG(d.team[k][p] / 4 == p, "pot %d: group %c got team %d", p + 1, 'A' + k,
                      d.team[k][p]);
            prev[k] += r[d.team[k][p]].sum;
        }
        long lo = prev[0], hi = prev[0];
        for (int k = 1; k < 4; k++)
            lo = prev[k] < lo ? prev[k] : lo, hi = prev[k] > hi ? prev[k] : hi;
        CHECK_EQ_INT("the groups' spread is the one reported", d.spread[p], hi - lo);
    }
    /* snake order (A-D, D-A, ...) for comparison: never better, here worse */
    long snake[4] = {0};
    for (int p = 0; p < 5; p++)
        for (int i = 0; i < 4; i++)
            snake[p % 2 ? 3 - i : i] += r[4 * p + i].sum;
    long lo = snake[0], hi = snake[0];
    for (int k = 1; k < 4; k++)
        lo = snake[k] < lo ? snake[k] : lo, hi = snake[k] > hi ? snake[k] : hi;
    CHECK_MSG(d.spread[4] < hi - lo, "final spread %ld, snake %ld", d.spread[4], hi - lo);
    char *s =
        groups_format(&d, r, (const char *const[]){"T01", "T02", "T03", "T04", "T05", "T06", "T07",
                                                   "T08", "T09", "T10", "T11", "T12", "T13", "T14",
                                                   "T15", "T16", "T17", "T18", "T19", "T20"});
    CHECK(s && strncmp(s, "A  ", 3) == 0 && strstr(s, "T01 (2250.0), T08 (2080.0)"));
    free(s);
}

/* Input order need not be rating order; equal ratings: the earlier entry ranks higher. */
static void ties_and_order(void)
{
    const int avg[4] = {1800, 2000, 2000, 1900};
    roster_rating r[4];
    ratings(r, avg, 4);
    groups_draw d;
    CHECK_EQ_INT("draw", BH_OK, groups_make(r, 4, 2, 2, &d, NULL));
    CHECK_EQ_INT("A head: entry 1 of the two 2000s", 1, d.team[0][0]);
    CHECK_EQ_INT("B head", 2, d.team[1][0]);
    /* pot 2 (1900, 1800): spread 100 and equal squares either way: 1900 to A */
    CHECK_EQ_INT("A second: 1900", 3, d.team[0][1]);
    CHECK_EQ_INT("B second: 1800", 0, d.team[1][1]);
    char *s = groups_format(&d, r, (const char *const[]){"a", "b", "c", "d"});
    CHECK(s &&
          strcmp(s, "A  1950.0  b (2000.0), d (1900.0)\nB  1900.0  c (2000.0), a (1800.0)\n") == 0);
    free(s);
}

static void refusals(void)
{
    roster_rating r[20];
    ratings(r, SEED, 20);
    groups_draw d;
    refusal why;
    CHECK_EQ_INT("one group", BH_EINVAL, groups_make(r, 20, 1, 20, &d, &why));
    CHECK_EQ_STR("field", "groups", why.field);
    CHECK_EQ_INT("9 groups", BH_EINVAL, groups_make(r, 18, 9, 2, &d, NULL));
    CHECK_EQ_INT("19 teams", BH_EINVAL, groups_make(r, 19, 4, 5, &d, &why));
    CHECK_EQ_STR("field", "teams", why.field);
    r[7].n = 9;
    CHECK_EQ_INT("other board count", BH_EINVAL, groups_make(r, 20, 4, 5, &d, &why));
    CHECK_EQ_INT("index", 7, why.index);
}

static const bh_test_case cases[] = {
    {"two_groups_by_hand", two_groups_by_hand},
    {"seed003_every_pot_minimal", seed003_every_pot_minimal},
    {"ties_and_order", ties_and_order},
    {"refusals", refusals},
};

BH_TEST_MAIN(cases)
