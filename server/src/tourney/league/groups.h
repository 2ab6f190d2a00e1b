/* groups.h: a group draw balanced by rating (F-GROUPS, seed 003 art. 1): the G best-rated
 * teams head groups A, B, ...; each next pot of G teams (by rating) is placed one team per
 * group so that the groups' average ratings come out as close as possible.
 * SPDX-License-Identifier: MIT
 * "Close" is measured after each pot: first the spread (highest minus lowest group average),
 * then the sum of squared deviations of the averages from their mean, then the placement that
 * gives the pot's better teams the earlier groups. All G! placements of each pot are tried;
 * ratings are compared exactly (integer sums: every group has the same number of teams after
 * each pot). Deterministic. */
#ifndef BH_GROUPS_H
#define BH_GROUPS_H

#include "refusal.h"
#include "roster.h"

#define GROUPS_MAX_G 8  /* 8! = 40320 placements a pot */
#define GROUPS_MAX_S 16 /* teams a group */

typedef struct {
    int g, s;                             /* groups, teams a group */
    int team[GROUPS_MAX_G][GROUPS_MAX_S]; /* team index (0-based, as given) by group and
                                           * number in the group table (pot order: 1 = head) */
    long sum[GROUPS_MAX_G];               /* sum of the group's team-rating sums */
    int board_n;                          /* players a team rating averages (all equal) */
    long spread[GROUPS_MAX_S];            /* after pot p: max - min of the group sums */
} groups_draw;

/* Draw n = g * s teams whose team ratings are r[0..n-1] (borrowed; index = the caller's
 * team order, which also breaks rating ties: the earlier entry ranks higher) into g groups
 * of s. On BH_OK *out holds the draw. Refusals (*why may be NULL; rule F-GROUPS):
 * BH_EINVAL g outside 2..GROUPS_MAX_G or s outside 1..GROUPS_MAX_S ("groups"), n != g * s
 * ("teams"), team ratings over different numbers of boards or none ("rating", index). */
int groups_make(const roster_rating *r, int n, int g, int s, groups_draw *out, refusal *why);

/* The draw as text, one line a group: "A  2093.4  name (2101.0), ..." with the group's
 * average rating and each team's, one decimal, rounded half up. names[i] (borrowed) names
 * team i; r is the array given to groups_make. malloc'd; the caller frees it. */
char *groups_format(const groups_draw *d, const roster_rating *r, const char *const *names);

#endif
