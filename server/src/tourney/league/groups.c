/* groups.c: the balanced group draw of seed 003 art. 1 (F-GROUPS).
 * SPDX-License-Identifier: MIT
 * Pot by pot, every placement of the pot's teams into the groups is scored by (spread of the
 * group sums, sum of their squares); placements are visited in lexicographic order and only a
 * strictly better one replaces the best, so ties go to the placement that sends the pot's
 * better teams to the earlier groups. */
#include "groups.h"

#include <string.h>

#include "bh.h"
#include "buf.h"

/* Next permutation of p[0..n-1] in lexicographic order; false after the last. */
static bool next_perm(int *p, int n)
{
    int i = n - 2;
    while (i >= 0 && p[i] >= p[i + 1])
        i--;
    if (i < 0)
        return false;
    int j = n - 1;
    while (p[j] <= p[i])
        j--;
    int t = p[i];
    p[i] = p[j];
    p[j] = t;
    for (int a = i + 1, b = n - 1; a < b; a++, b--) {
        t = p[a];
        p[a] = p[b];
        p[b] = t;
    }
    return true;
}

/* Place pot teams pot[0..g-1] (best first): writes the chosen group of each to best[]. */
static void place_pot(const roster_rating *r, const int *pot, int g, const long *sum, int *best,
                      long *best_spread)
{
    int perm[GROUPS_MAX_G];
    long long best_sq = 0;
    *best_spread = -1;
    for (int i = 0; i < g; i++)
        perm[i] = i;
    do {
        long s[GROUPS_MAX_G], lo, hi;
        long long sq = 0;
        for (int j = 0; j < g; j++)
            s[j] = sum[j];
        for (int i = 0; i < g; i++)
            s[perm[i]] += r[pot[i]].sum;
        lo = hi = s[0];
        for (int j = 0; j < g; j++) {
            lo = s[j] < lo ? s[j] : lo;
            hi = s[j] > hi ? s[j] : hi;
            sq += (long long)s[j] * s[j];
        }
        if (*best_spread < 0 || hi - lo < *best_spread ||
            (hi - lo == *best_spread && sq < best_sq)) {
            *best_spread = hi - lo;
            best_sq = sq;
            memcpy(best, perm, (size_t)g * sizeof *best);
        }
    } while (next_perm(perm, g));
}

int groups_make(const roster_rating *r, int n, int g, int s, groups_draw *out, refusal *why)
{
    if (g < 2 || g > GROUPS_MAX_G || s < 1 || s > GROUPS_MAX_S)
        return refusal_set(why, BH_EINVAL, "F-GROUPS", "groups", -1);
    if (n != g * s)
        return refusal_set(why, BH_EINVAL, "F-GROUPS", "teams", -1);
    for (int i = 0; i < n; i++)
        if (r[i].n < 1 || r[i].n != r[0].n)
            return refusal_set(why, BH_EINVAL, "F-GROUPS", "rating", i);
    int order[GROUPS_MAX_G * GROUPS_MAX_S];
    for (int i = 0; i < n; i++) { /* by rating, highest first; ties: earlier entry first */
        int j = i;
        for (; j > 0 && roster_rating_cmp(&r[i], &r[order[j - 1]]) > 0; j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    groups_draw d;
    memset(&d, 0, sizeof d);
    d.g = g;
    d.s = s;
    d.board_n = r[0].n;
    for (int p = 0; p < s; p++) {
        const int *pot = order + p * g;
        int to[GROUPS_MAX_G];
        place_pot(r, pot, g, d.sum, to, &d.spread[p]);
        for (int i = 0; i < g; i++) {
            d.team[to[i]][p] = pot[i];
            d.sum[to[i]] += r[pot[i]].sum;
        }
    }
    *out = d;
    return BH_OK;
}

/* sum / div to one decimal, rounded half up (sum, div > 0), as "2093.4". */
static void one_decimal(buf *b, long sum, long div)
{
    long x10 = (20 * sum + div) / (2 * div);
    buf_printf(b, "%ld.%ld", x10 / 10, x10 % 10);
}

char *groups_format(const groups_draw *d, const roster_rating *r, const char *const *names)
{
    buf b = {0};
    for (int k = 0; k < d->g; k++) {
        buf_printf(&b, "%c  ", 'A' + k);
        one_decimal(&b, d->sum[k], (long)d->s * d->board_n);
        for (int p = 0; p < d->s; p++) {
            int t = d->team[k][p];
            buf_printf(&b, "%s%s (", p ? ", " : "  ", names[t]);
            one_decimal(&b, r[t].sum, r[t].n);
            buf_printf(&b, ")");
        }
        buf_printf(&b, "\n");
    }
    return b.p;
}
