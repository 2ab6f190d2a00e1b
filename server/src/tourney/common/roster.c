/* roster.c: rosters in board order and team ratings (F-LINEUP, F-TEAMRATING).
 * SPDX-License-Identifier: MIT
 * Ratings are compared as exact fractions (sum x n'), so two teams are "equal" only when their
 * averages really are; the rounded average is for display. */
#include "roster.h"

#include <string.h>

#include "bh.h"

void roster_init(roster *r)
{
    memset(r, 0, sizeof *r);
}

int roster_add(roster *r, int id, const char *name, int rating, bool invited, refusal *why)
{
    if (r->n >= ROSTER_MAX)
        return refusal_set(why, BH_ELIMIT, "F-LINEUP", "players", r->n);
    if (id <= 0)
        return refusal_set(why, BH_EINVAL, "F-LINEUP", "id", r->n);
    if (!name || !name[0] || strlen(name) >= ROSTER_NAME_LEN)
        return refusal_set(why, BH_EINVAL, "F-LINEUP", "name", r->n);
    if (rating < 0 || rating > ROSTER_RATING_MAX)
        return refusal_set(why, BH_EINVAL, "F-LINEUP", "rating", r->n);
    if (roster_find(r, id) >= 0)
        return refusal_set(why, BH_EEXIST, "F-LINEUP", "id", r->n);
    roster_player *p = &r->p[r->n++];
    p->id = id;
    memcpy(p->name, name, strlen(name) + 1);
    p->rating = rating;
    p->invited = invited;
    return BH_OK;
}

int roster_find(const roster *r, int id)
{
    for (int i = 0; i < r->n; i++)
        if (r->p[i].id == id)
            return i;
    return -1;
}

void roster_sort_by_rating(roster *r)
{
    for (int i = 1; i < r->n; i++) { /* insertion sort: stable, n <= ROSTER_MAX */
        roster_player x = r->p[i];
        int j = i;
        for (; j > 0 && r->p[j - 1].rating < x.rating; j--)
            r->p[j] = r->p[j - 1];
        r->p[j] = x;
    }
}

bool roster_is_by_rating(const roster *r)
{
    for (int i = 1; i < r->n; i++)
        if (r->p[i - 1].rating < r->p[i].rating)
            return false;
    return true;
}

int roster_check_invited(const roster *r, int max_invited, refusal *why)
{
    int k = 0;
    for (int i = 0; i < r->n; i++)
        if (r->p[i].invited && ++k > max_invited)
            return refusal_set(why, BH_ELIMIT, "F-TEAMRATING", "invited", i);
    return BH_OK;
}

int roster_team_rating(const roster *r, int boards, roster_rating *out, refusal *why)
{
    if (boards < 1)
        return refusal_set(why, BH_EINVAL, "F-TEAMRATING", "boards", -1);
    if (r->n < boards)
        return refusal_set(why, BH_ESHORT, "F-TEAMRATING", "players", r->n);
    long sum = 0;
    for (int i = 0; i < boards; i++) {
        if (r->p[i].rating <= 0)
            return refusal_set(why, BH_EINVAL, "F-TEAMRATING", "rating", i);
        sum += r->p[i].rating;
    }
    out->sum = sum;
    out->n = boards;
    out->avg = (int)((2 * sum + boards) / (2L * boards)); /* round half up (sum > 0) */
    return BH_OK;
}

int roster_rating_cmp(const roster_rating *a, const roster_rating *b)
{
    long x = a->sum * b->n, y = b->sum * a->n;
    return x < y ? -1 : x > y;
}
