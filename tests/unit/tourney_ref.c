/* tourney_ref.c: the brute-force reference pairer. It enumerates every legal pairing of the
 * field (every PAB choice, then every perfect matching in identifier order), computes for each
 * one the key of the criteria as the text of C.04.6 states them (the spec in code: swiss.c
 * must agree with it), and keeps the smallest key.
 * SPDX-License-Identifier: MIT
 * Teams are ranked by match points, then TPN (game points never order a bracket, C.04.6 3.6).
 * Key, compared lexicographically, smaller is better (the text of C.04.6 taken literally):
 *   PAB (3.4): its match points, minus its matches played, minus its id (none if even);
 *   then for each bracket, top down (T = unpaired teams with the top match points, 3.2):
 *     [C4] (2.3.1) the number of upfloaters;
 *     [C5] (2.3.2) the upfloaters' score differences (T's score minus theirs) in descending
 *       order (minimised: the upfloater scores taken in ascending order are maximised);
 *     [C6] (2.3.3) unless every team of the following scoregroup floated up: the number of
 *       upfloaters of the bracket where that scoregroup's remaining teams are paired (its
 *       [C4]; minimised, the graded reading);
 *     [C7] (2.3.4) the number of upfloaters who were floaters in the previous round (not in
 *       the last two rounds);
 *     3.5.3-3.5.5 the upfloater set: its members' ranking positions, the set sorted by
 *       descending score, then TPN (the first set that can be paired is taken);
 *     [C10] (2.3.7) the number of upfloaters whose opponents were floaters in the previous
 *       round (not in the last two rounds): 3.6 takes the first identifier among the
 *       bracket's pairings that best meet it;
 *   A floater of the previous round: a team that played over the board there against a team
 *   with other match points before that round (up or down); a PAB or forfeit is no float.
 *     3.6 the identifier: the top members' TPNs in ascending order, then their bottom
 *       members' TPNs in the same order (3.6.1 as written: a pair's top member is its team
 *       with the smaller TPN, whatever the scores; with the ruleset's TOUR_TOP_RANK, the
 *       ranking position stands for the TPN here: an upfloater is then always a bottom).
 *   "TPN" in the set order (3.5.3-3.5.5) is read as the ranking position: the sets compared
 *   there have the same profile, so position by position their members have the same score
 *   and the two orders agree.  */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "tourney_ref.h"

enum { MAXT = 32, KEYLEN = 256 };

typedef struct {
    int n;        /* teams in the field */
    int id[MAXT]; /* field index -> team id */
    int mp[MAXT], gp[MAXT], played[MAXT];
    bool can_bye[MAXT];
    bool fprev[MAXT]; /* a floater in the previous round (up or down, over the board) */
    bool floats_on;   /* [C7] and [C10] apply: not one of the last two rounds */
    bool met[MAXT][MAXT];
    int rank[MAXT];     /* field index -> ranking position (0 = first) */
    int byrank[MAXT];   /* ranking position -> field index */
    int order[MAXT];    /* field index -> position in the order of 3.6 (TPN or rank) */
    int by_order[MAXT]; /* that position -> field index */
    int mate[MAXT];     /* current matching (field indices), -1 free, -2 bye */
    int best_key[KEYLEN], best_len;
    int best_mate[MAXT];
    bool found;
} ref;

static void consider(ref *R, int bye)
{
    int key[KEYLEN], len = 0;
    if (bye >= 0) {
        key[len++] = R->mp[bye];
        key[len++] = -R->played[bye];
        key[len++] = -R->id[bye];
    }
    bool done[MAXT] = {false};
    if (bye >= 0)
        done[bye] = true;
    for (;;) {
        int top = -1;
        for (int x = 0; x < R->n; x++)
            if (!done[x] && (top < 0 || R->mp[x] > top))
                top = R->mp[x];
        if (top < 0)
            break;
        int T[MAXT], s = 0; /* T in ranking order */
        for (int k = 0; k < R->n; k++) {
            int x = R->byrank[k];
            if (!done[x] && R->mp[x] == top)
                T[s++] = x;
        }
        int pos[MAXT];
        for (int x = 0; x < R->n; x++)
            pos[x] = -1;
        for (int i = 0; i < s; i++)
            pos[T[i]] = i;
        int ups[MAXT], k = 0, diff[MAXT];
        for (int i = 0; i < s; i++) /* ranking order: the set sorted by score, then TPN */
            if (pos[R->mate[T[i]]] < 0)
                ups[k++] = R->mate[T[i]];
        for (int a = 0; a < k; a++)
            for (int b = a + 1; b < k; b++)
                if (R->rank[ups[b]] < R->rank[ups[a]]) {
                    int tmp = ups[a];
                    ups[a] = ups[b];
                    ups[b] = tmp;
                }
        /* sorted by rank, the scores descend: the differences taken from the last descend */
        for (int a = 0; a < k; a++)
            diff[a] = top - R->mp[ups[k - 1 - a]];
        key[len++] = k;             /* [C4] */
        for (int a = 0; a < k; a++) /* [C5] */
            key[len++] = diff[a];
        /* [C6] (2.3.3): the following scoregroup (the next score below T among the teams not
         * yet paired), unless all of it floated up here: its remaining teams R are the next
         * bracket's T, and [C4] there is its number of upfloaters, the teams of R paired
         * outside R (graded: the fewest; 0 when the scoregroup is empty or absent). */
        int next = -1;
        for (int x = 0; x < R->n; x++)
            if (!done[x] && R->mp[x] < top && R->mp[x] > next)
                next = R->mp[x];
        int c6 = 0;
        for (int x = 0; x < R->n && next >= 0; x++) {
            bool in_r = !done[x] && R->mp[x] == next && pos[R->mate[x]] < 0;
            if (in_r && !(R->mp[R->mate[x]] == next && pos[R->mate[R->mate[x]]] < 0))
                c6++; /* x stays for the next bracket and is paired outside R */
        }
        key[len++] = c6;
        int c7 = 0, c10 = 0;
        for (int a = 0; a < k && R->floats_on; a++) {
            c7 += R->fprev[ups[a]];           /* the upfloater floated last round */
            c10 += R->fprev[R->mate[ups[a]]]; /* its opponent (in T) floated last round */
        }
        key[len++] = c7;            /* [C7] */
        for (int a = 0; a < k; a++) /* 3.5.3-3.5.5 */
            key[len++] = R->rank[ups[a]];
        key[len++] = c10; /* [C10] */
        /* 3.6: the tops in ascending order, then their bottoms; the order is by pairing
         * number (3.6.1 as written: the top member of a pair is its smaller TPN) or, with
         * TOUR_TOP_RANK, by ranking position */
        int tops[MAXT], nt = 0;
        for (int k2 = 0; k2 < R->n; k2++) {
            int x = R->by_order[k2];
            if (done[x] || (pos[x] < 0 && !(pos[R->mate[x]] >= 0)))
                continue; /* not in the bracket */
            if (R->order[R->mate[x]] > k2)
                tops[nt++] = x;
        }
        for (int a = 0; a < nt; a++)
            key[len++] = R->order[tops[a]];
        for (int a = 0; a < nt; a++)
            key[len++] = R->order[R->mate[tops[a]]];
        for (int i = 0; i < s; i++) {
            done[T[i]] = true;
            done[R->mate[T[i]]] = true;
        }
    }
    bool better = !R->found;
    for (int i = 0; !better && i < len && i < R->best_len; i++) {
        if (key[i] != R->best_key[i]) {
            better = key[i] < R->best_key[i];
            break;
        }
    }
    if (better) {
        R->found = true;
        memcpy(R->best_key, key, (size_t)len * sizeof *key);
        R->best_len = len;
        memcpy(R->best_mate, R->mate, sizeof R->mate);
    }
}

/* Every perfect matching of the free teams, the lowest free index paired first. */
static void enumerate(ref *R, int bye)
{
    int x = 0;
    while (x < R->n && R->mate[x] != -1)
        x++;
    if (x == R->n) {
        consider(R, bye);
        return;
    }
    for (int y = x + 1; y < R->n; y++) {
        if (R->mate[y] != -1 || R->met[x][y])
            continue;
        R->mate[x] = y;
        R->mate[y] = x;
        enumerate(R, bye);
        R->mate[x] = R->mate[y] = -1;
    }
}

int ref_pair(const tour *t, int *partner)
{
    ref *R = calloc(1, sizeof *R);
    int nt = tour_n_teams(t), r = tour_n_rounds(t) + 1;
    for (int id = 0; id <= nt; id++)
        partner[id] = -1;
    for (int id = 1; id <= nt; id++) {
        if (!tour_is_active(t, id, r) || tour_requested_bye(t, id, r) >= 0)
            continue;
        int x = R->n++;
        R->id[x] = id;
        R->can_bye[x] = true;
        for (int k = 1; k < r; k++) {
            tour_slot s;
            tour_slot_get(t, id, k, &s);
            R->mp[x] += s.mp;
            R->gp[x] += s.gp2;
            R->played[x] += s.kind == TOUR_SLOT_PLAYED;
            if (s.kind == TOUR_SLOT_PAB || s.kind == TOUR_SLOT_FF_WIN || s.kind == TOUR_SLOT_FPB)
                R->can_bye[x] = false;
        }
    }
    for (int x = 0; x < R->n; x++) {
        for (int k = 1; k < r; k++) {
            tour_slot s;
            tour_slot_get(t, R->id[x], k, &s);
            if (s.kind != TOUR_SLOT_PLAYED)
                continue;
            for (int y = 0; y < R->n; y++)
                if (R->id[y] == s.opp)
                    R->met[x][y] = R->met[y][x] = true;
        }
    }
    /* Floaters of the previous round r-1: played over the board against a team with other
     * match points before r-1 (a PAB or a forfeit is no float: choice, as swiss.c). */
    int planned = tour_planned_rounds(t);
    R->floats_on = planned <= 0 || r < planned - 1;
    for (int x = 0; x < R->n && r >= 2; x++) {
        tour_slot s;
        tour_slot_get(t, R->id[x], r - 1, &s);
        if (s.kind == TOUR_SLOT_PLAYED)
            R->fprev[x] = tour_team_mp(t, R->id[x], r - 2) != tour_team_mp(t, s.opp, r - 2);
    }
    /* ranking: match points, then TPN (C.04.6 3.6: a bracket is paired by TPN; game points
     * only allocate colours, 4.2.2) */
    for (int x = 0; x < R->n; x++) {
        int k = 0;
        for (int y = 0; y < R->n; y++) {
            bool before = R->mp[y] > R->mp[x] || (R->mp[y] == R->mp[x] && R->id[y] < R->id[x]);
            k += before;
        }
        R->rank[x] = k;
        R->byrank[k] = x;
    }
    bool top_rank = tour_rules(t)->top_member == TOUR_TOP_RANK;
    for (int x = 0; x < R->n; x++) { /* field indices are in pairing-number order */
        R->order[x] = top_rank ? R->rank[x] : x;
        R->by_order[R->order[x]] = x;
    }
    for (int x = 0; x < R->n; x++)
        R->mate[x] = -1;
    if (R->n % 2 == 0) {
        enumerate(R, -1);
    } else {
        for (int b = 0; b < R->n; b++) {
            if (!R->can_bye[b])
                continue;
            R->mate[b] = -2;
            enumerate(R, b);
            R->mate[b] = -1;
        }
    }
    int rc = -1;
    if (R->found && R->n > 0) {
        for (int x = 0; x < R->n; x++)
            partner[R->id[x]] = R->best_mate[x] == -2 ? 0 : R->id[R->best_mate[x]];
        rc = 0;
    }
    free(R);
    return rc;
}
