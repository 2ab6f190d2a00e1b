/* blossom.c: Edmonds' blossom algorithm for maximum-cardinality matching in general graphs.
 * SPDX-License-Identifier: MIT
 * Graphs are adjacency bit matrices (a pairing's compatibility graph is dense: everything
 * but rematches), so one search scans n rows of n/64 words. The pairing keeps one perfect
 * matching of the unpaired teams as a witness and repairs it with one augmenting path when
 * it fixes a pair (bm_remove_pair): that answers "can the rest still be paired?" exactly. */
#include <stdlib.h>
#include <string.h>

#include "tour_int.h"
#include "xalloc.h"

void bm_init(bm *g, int n)
{
    g->n = n;
    g->words = (n + 63) / 64;
    g->adj = xcalloc((size_t)n * (size_t)g->words + 1, sizeof *g->adj);
    g->alive = xcalloc((size_t)g->words + 1, sizeof *g->alive);
    for (int v = 0; v < n; v++)
        g->alive[v / 64] |= 1ull << (v % 64);
    g->mate = xmalloc(((size_t)n + 1) * sizeof *g->mate);
    for (int v = 0; v < n; v++)
        g->mate[v] = -1;
    g->p = xmalloc(((size_t)n + 1) * sizeof *g->p);
    g->base = xmalloc(((size_t)n + 1) * sizeof *g->base);
    g->q = xmalloc(((size_t)n + 1) * sizeof *g->q);
    g->used = xmalloc((size_t)n + 1);
    g->blossom = xmalloc((size_t)n + 1);
    g->mark = xmalloc((size_t)n + 1);
}

void bm_fini(bm *g)
{
    free(g->adj);
    free(g->alive);
    free(g->mate);
    free(g->p);
    free(g->base);
    free(g->q);
    free(g->used);
    free(g->blossom);
    free(g->mark);
    memset(g, 0, sizeof *g);
}

void bm_add_edge(bm *g, int u, int v)
{
    g->adj[(size_t)u * (size_t)g->words + (size_t)(v / 64)] |= 1ull << (v % 64);
    g->adj[(size_t)v * (size_t)g->words + (size_t)(u / 64)] |= 1ull << (u % 64);
}

bool bm_has_edge(const bm *g, int u, int v)
{
    return (g->adj[(size_t)u * (size_t)g->words + (size_t)(v / 64)] >> (v % 64)) & 1u;
}

void bm_set_alive(bm *g, int v, bool on)
{
    if (on)
        g->alive[v / 64] |= 1ull << (v % 64);
    else
        g->alive[v / 64] &= ~(1ull << (v % 64));
}

bool bm_is_alive(const bm *g, int v)
{
    return (g->alive[v / 64] >> (v % 64)) & 1u;
}

static int lca(bm *g, int a, int b)
{
    memset(g->mark, 0, (size_t)g->n);
    for (;;) {
        a = g->base[a];
        g->mark[a] = 1;
        if (g->mate[a] == -1)
            break;
        a = g->p[g->mate[a]];
    }
    for (;;) {
        b = g->base[b];
        if (g->mark[b])
            return b;
        b = g->p[g->mate[b]];
    }
}

static void mark_path(bm *g, int v, int b, int child)
{
    while (g->base[v] != b) {
        g->blossom[g->base[v]] = g->blossom[g->base[g->mate[v]]] = 1;
        g->p[v] = child;
        child = g->mate[v];
        v = g->p[g->mate[v]];
    }
}

/* BFS for an augmenting path from root; returns its exposed end, or -1. */
static int find_path(bm *g, int root)
{
    int n = g->n, qh = 0, qt = 0;
    memset(g->used, 0, (size_t)n);
    for (int i = 0; i < n; i++) {
        g->p[i] = -1;
        g->base[i] = i;
    }
    g->used[root] = 1;
    g->q[qt++] = root;
    while (qh < qt) {
        int v = g->q[qh++];
        const uint64_t *row = g->adj + (size_t)v * (size_t)g->words;
        for (int w = 0; w < g->words; w++) {
            uint64_t bits = row[w] & g->alive[w];
            while (bits) {
                int to = w * 64 + __builtin_ctzll(bits);
                bits &= bits - 1;
                if (g->base[v] == g->base[to] || g->mate[v] == to)
                    continue;
                if (to == root || (g->mate[to] != -1 && g->p[g->mate[to]] != -1)) {
                    int cb = lca(g, v, to);
                    memset(g->blossom, 0, (size_t)n);
                    mark_path(g, v, cb, to);
                    mark_path(g, to, cb, v);
                    for (int i = 0; i < n; i++) {
                        if (g->blossom[g->base[i]]) {
                            g->base[i] = cb;
                            if (!g->used[i]) {
                                g->used[i] = 1;
                                g->q[qt++] = i;
                            }
                        }
                    }
                } else if (g->p[to] == -1) {
                    g->p[to] = v;
                    if (g->mate[to] == -1)
                        return to;
                    g->used[g->mate[to]] = 1;
                    g->q[qt++] = g->mate[to];
                }
            }
        }
    }
    return -1;
}

bool bm_augment(bm *g, int root)
{
    int v = find_path(g, root);
    if (v < 0)
        return false;
    while (v != -1) {
        int pv = g->p[v], ppv = g->mate[pv];
        g->mate[v] = pv;
        g->mate[pv] = v;
        v = ppv;
    }
    return true;
}

int bm_maximize(bm *g)
{
    for (int v = 0; v < g->n; v++) {
        if (!bm_is_alive(g, v) || g->mate[v] != -1)
            continue;
        for (int u = v + 1; u < g->n; u++) {
            if (bm_is_alive(g, u) && g->mate[u] == -1 && bm_has_edge(g, v, u)) {
                g->mate[v] = u;
                g->mate[u] = v;
                break;
            }
        }
    }
    for (int v = 0; v < g->n; v++)
        if (bm_is_alive(g, v) && g->mate[v] == -1)
            bm_augment(g, v);
    int size = 0;
    for (int v = 0; v < g->n; v++)
        if (bm_is_alive(g, v) && g->mate[v] > v)
            size++;
    return size;
}

bool bm_remove_set(bm *g, const int *vs, int m)
{
    int *out = xmalloc(((size_t)m + 1) * sizeof *out), n_out = 0;
    for (int i = 0; i < m; i++)
        bm_set_alive(g, vs[i], false);
    for (int i = 0; i < m; i++) {
        int o = g->mate[vs[i]];
        g->mate[vs[i]] = -1;
        if (o >= 0 && bm_is_alive(g, o)) {
            g->mate[o] = -1;
            out[n_out++] = o;
        }
    }
    bool ok = true;
    for (int i = 0; i < n_out && ok; i++)
        if (g->mate[out[i]] < 0)
            ok = bm_augment(g, out[i]);
    free(out);
    return ok;
}

bool bm_remove_pair(bm *g, int u, int v)
{
    int mu = g->mate[u], mv = g->mate[v];
    bm_set_alive(g, u, false);
    bm_set_alive(g, v, false);
    g->mate[u] = g->mate[v] = -1;
    if (mu == v)
        return true;
    if (mu >= 0)
        g->mate[mu] = -1;
    if (mv >= 0)
        g->mate[mv] = -1;
    if (mu < 0 || mv < 0)
        return true; /* the matching was not perfect: nothing to repair against */
    if (bm_has_edge(g, mu, mv)) {
        g->mate[mu] = mv;
        g->mate[mv] = mu;
        return true;
    }
    if (bm_augment(g, mu))
        return true;
    /* No perfect matching of the rest: put everything back. */
    bm_set_alive(g, u, true);
    bm_set_alive(g, v, true);
    g->mate[u] = mu;
    g->mate[mu] = u;
    g->mate[v] = mv;
    g->mate[mv] = v;
    return false;
}
