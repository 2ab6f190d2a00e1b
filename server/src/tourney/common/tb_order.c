/* tb_order.c: the order of a standings table (tb_order.h). SPDX-License-Identifier: MIT */
#include "tb_order.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

typedef struct {
    int n_tb;
    const int *mp, *val;
} keys;

/* a before b: -1; after: 1; equal on match points and tie-breaks 0..k-1: 0 */
static int key_cmp(const keys *K, int a, int b, int k)
{
    if (K->mp[a] != K->mp[b])
        return K->mp[a] > K->mp[b] ? -1 : 1;
    for (int i = 0; i < k; i++) {
        int va = K->val[a * K->n_tb + i], vb = K->val[b * K->n_tb + i];
        if (va != vb)
            return va > vb ? -1 : 1;
    }
    return 0;
}

static int order_cmp(const keys *K, int a, int b, int k)
{
    int c = key_cmp(K, a, b, k);
    return c ? c : (a > b) - (a < b);
}

/* Bottom-up merge sort of team numbers (the order is total: any sort gives the same). */
static void sort_teams(int *o, int *tmp, int n, const keys *K, int k)
{
    for (int w = 1; w < n; w *= 2) {
        for (int lo = 0; lo < n; lo += 2 * w) {
            int mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            int i = lo, j = mid, x = lo;
            while (i < mid && j < hi)
                tmp[x++] = order_cmp(K, o[j], o[i], k) < 0 ? o[j++] : o[i++];
            while (i < mid)
                tmp[x++] = o[i++];
            while (j < hi)
                tmp[x++] = o[j++];
        }
        memcpy(o, tmp, (size_t)n * sizeof *o);
    }
}

void tb_order(int n, const int *mp, int n_tb, tb_order_fn fn, void *ctx, int *order, int *val,
              bool *tied)
{
    keys K = {n_tb, mp, val};
    int *tmp = xmalloc(((size_t)n + 1) * sizeof *tmp);
    int *group = xcalloc((size_t)n + 1, sizeof *group);
    int *v = xcalloc((size_t)n + 1, sizeof *v);
    for (int i = 0; i < n; i++)
        order[i] = i + 1;
    for (int k = 0; k < n_tb; k++) {
        /* tie groups: equal on match points and every tie-break so far */
        sort_teams(order, tmp, n, &K, k);
        for (int i = 0; i < n; i++)
            group[order[i]] =
                i > 0 && key_cmp(&K, order[i - 1], order[i], k) == 0 ? group[order[i - 1]] : i + 1;
        fn(ctx, k, group, v);
        for (int t = 1; t <= n; t++)
            val[t * n_tb + k] = v[t];
    }
    sort_teams(order, tmp, n, &K, n_tb);
    for (int i = 0; i < n; i++)
        tied[i] = i + 1 < n && key_cmp(&K, order[i], order[i + 1], n_tb) == 0;
    free(tmp);
    free(group);
    free(v);
}
