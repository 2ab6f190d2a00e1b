/* roster.h: a team's roster (players with ratings, in board order) and its team rating
 * (F-LINEUP, F-TEAMRATING). SPDX-License-Identifier: MIT
 * A value type in caller storage: no allocation. The array order is the board order: seed 004
 * fixes it for the event (art. 3), seed 003 orders it strictly by rating (art. 2). */
#ifndef BH_ROSTER_H
#define BH_ROSTER_H

#include <stdbool.h>

#include "refusal.h"

#define ROSTER_MAX 32      /* players on one roster */
#define ROSTER_NAME_LEN 48 /* bytes incl. NUL; longer names are refused */
#define ROSTER_RATING_MAX 4000

typedef struct {
    int id;                     /* the caller's player id, > 0, unique in the roster */
    char name[ROSTER_NAME_LEN]; /* display name, UTF-8, non-empty */
    int rating;                 /* as of the event's fixed date (seed 003 art. 2); 0 = unrated */
    bool invited;               /* an invited player ("легионер", seed 003 art. 2) */
} roster_player;

typedef struct {
    int n;                       /* players */
    roster_player p[ROSTER_MAX]; /* board order: p[0] is board 1 */
} roster;

/* Empty roster. */
void roster_init(roster *r);

/* Append a player at the end of the board order; name is copied. Returns BH_OK, or with *why
 * (may be NULL; rule F-LINEUP): BH_ELIMIT the roster is full (field "players"); BH_EINVAL
 * id <= 0 (field "id"), name NULL, empty or longer than ROSTER_NAME_LEN-1 bytes ("name"),
 * rating outside 0..ROSTER_RATING_MAX ("rating"); BH_EEXIST the id is on the roster ("id"). */
int roster_add(roster *r, int id, const char *name, int rating, bool invited, refusal *why);

/* Index (0-based board order) of player id, or -1. */
int roster_find(const roster *r, int id);

/* Order the roster strictly by rating, highest first (seed 003 art. 2, F-TEAMRATING). Equal
 * ratings keep the order the captain published (a stable sort): our choice where the
 * regulation is silent. */
void roster_sort_by_rating(roster *r);

/* Whether r is in that order (every rating >= the next one's). */
bool roster_is_by_rating(const roster *r);

/* BH_OK if r has at most max_invited invited players (3 in seed 003 art. 2); else
 * BH_ELIMIT with *why (may be NULL) = F-TEAMRATING, field "invited", index of the first
 * invited player over the limit. */
int roster_check_invited(const roster *r, int max_invited, refusal *why);

/* A team rating: the average of the board players' ratings, kept exact (sum / n). */
typedef struct {
    long sum; /* ratings of the board players */
    int n;    /* board players counted */
    int avg;  /* sum / n rounded to the nearest integer, .5 upwards (as C.07 rounds an
               * average rating): for display; comparisons use the exact value */
} roster_rating;

/* Team rating of r (F-TEAMRATING, seed 003 art. 2): the average of the first `boards`
 * players' ratings, i.e. of the board players once r is ordered by rating. Recompute it from
 * the current roster before each knockout stage (art. 7). Returns BH_OK with *out, or with
 * *why (F-TEAMRATING): BH_EINVAL boards < 1 ("boards"); BH_ESHORT fewer than `boards`
 * players ("players"); BH_EINVAL a board player rated 0 ("rating", its index): an unrated
 * board player would lower the rating that decides drawn knockout matches. */
int roster_team_rating(const roster *r, int boards, roster_rating *out, refusal *why);

/* Compare two team ratings exactly: <0 if a is lower, 0 if equal, >0 if a is higher. */
int roster_rating_cmp(const roster_rating *a, const roster_rating *b);

#endif
