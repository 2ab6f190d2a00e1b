/* swiss.c: the Swiss pairing of a round, FIDE C.04.6 Swiss Team Pairing System, colour-free
 * variant FIDE_TEAM_MP_GP (T-PAIR, T-BYE, T-FORFEIT). Design idea: brackets are paired
 * top down; for each, the upfloater count and profile ([C4], [C5]) are fixed by probes: a
 * depth-first search over the bracket whose every tentative pair is accepted only if an
 * exact completion test (blossom.c: the witness perfect matching of all still unpaired teams
 * can be repaired) says the rest of the field can still be paired. Then the upfloater set
 * (3.5.3-3.5.5) and the bracket's pairing (3.6) are chosen greedily, position by position,
 * each choice checked by a matching test, so the result is the text's first set and first
 * identifier without enumerating pairings.
 * The search is exact (it gives up only at the node bound of swiss_pair_limited) and is kept
 * small by: the upfloater profile fixed one entry at a time by probes; a max-flow bound on the
 * upfloaters a bracket can still take; a memo of failed states (the set of unpaired teams decides
 * whether a bracket can be finished); the deficiency of the teams below the bracket (those a
 * maximum matching among themselves leaves out must float up) as a lower bound on the upfloaters,
 * which decides deep events (30+ rounds) where the lower teams have met nearly everyone; and a
 * probe that allows few upfloater sets tests them directly (probe_sets), since only the set decides
 * it.
 *
 * SPDX-License-Identifier: MIT
 *
 * Criteria, in order. Checked against the text of C.04.6 (effective 1 February 2026) as two
 * independent public conformance notes quote and paraphrase it article by article ([C6],
 * [C7], [C10] as one of them lists 2.3; the handbook page itself could only be read up to its
 * preface here); "choice" marks where we chose between readings:
 *  Ranking. Teams are ordered by match points (primary score, 1.2), then TPN (fixed at
 *     tour_start by team rating; late entries get the next number: choice). Game points, the
 *     secondary score, only allocate colours (4.2.2), never the pairing.
 *  [C1] (2.1.1) No two teams meet twice. A forfeited match is not a meeting (T-FORFEIT).
 *  [C2] (2.1.2) No PAB for a team that had one, won a match by forfeit, or had a full-point
 *     bye (T-BYE; the FPB, a win without playing, bars it as a forfeit win does: C.04.1 d).
 *  [C3] (2.2.1) Completion: the pairing of each bracket must leave the rest of the field
 *     pairable under [C1]-[C2]. Tested exactly with a maximum-cardinality matching.
 *  PAB (3.4). The PAB goes to the team that leaves a legal pairing (3.4.1), then the lowest
 *     score (3.4.2), the most matches played (3.4.3), the largest TPN (3.4.4); it is fixed
 *     before the brackets are paired, as in 3.3.2.
 *  Brackets, top down (3.2, 3.3.2). The bracket is the top scoregroup T of the teams not yet
 *     paired, completed with upfloaters from lower scoregroups; every team of T is paired in it:
 *  [C4] (2.3.1) minimise the number of upfloaters;
 *  [C5] (2.3.2) then minimise the upfloaters' score differences taken in descending order,
 *     i.e. maximise their scores taken in ascending order (we prefer {2,2} to {3,1}): the
 *     profile is fixed from its lowest score up (set_prefix).
 *  [C6] (2.3.3), as public notes quote it: "Unless all the teams in the following scoregroup
 *     became or are upfloaters (thus this scoregroup is now empty), choose the set of
 *     upfloaters so that criteria [C1], [C3] and [C4] are complied with in the bracket where
 *     this (not empty) scoregroup is paired. Note: only the mentioned scoregroup is involved,
 *     even though some of the upfloaters come from lower scoregroups." Read graded (choice):
 *     among the sets meeting [C4]-[C5], those whose following bracket (the scoregroup's
 *     remaining teams) needs the fewest upfloaters ([C4] there); a pass/fail reading differs
 *     only when no set lets that bracket pair with its parity (0 or 1) alone. The count is a
 *     nested search on a second context (next_min: the [C4] probes of the next bracket with
 *     everything this bracket pairs taken out); the profile's witness gives an upper bound
 *     K0, each smaller count from a lower bound up (the scoregroup's own deficiency less the
 *     teams of it that may still float: c6_bound, also a prune inside the search) is probed,
 *     and the least that works bounds every later probe ([C7], the set) at the search's
 *     leaves; a whole set (choose_set's last member) is tested directly (c6_set_ok).
 *  [C7] (2.3.4) then minimise the upfloaters who were floaters in the previous round, except
 *     in the last two rounds: after the profile, probes with a bound on such upfloaters
 *     (pfb, counted in try_pair); the set probes keep the least bound.
 *  Float history (1.5, as implementations paraphrase it): a team was a floater in round r-1
 *     if it played there over the board against a team with other match points before r-1
 *     (up or down); a PAB, a forfeit or a requested bye is no float (no opponent was played:
 *     our reading, one implementation once counted a scoring bye). From the stored rounds.
 *  [C8], [C9] (2.3.5-6, colour preferences): none in the colour-free variant FIDE_TEAM_MP_GP
 *     (1.7: competitions without colour preferences), so they hold trivially.
 *  Choice of the set (3.5.3-3.5.5). The upfloater sets meeting [C4], [C5], [C7] are sorted by
 *     their TPNs (within a set by descending score, then TPN) and the first set that can be paired
 *     (with [C3]) is taken: choose_set, member by member, the smallest candidate for which a
 *     set with that prefix can be paired.
 *  [C10] (2.3.7), in the choice of the pairing: minimise the upfloaters whose opponents were
 *     floaters in the previous round (except in the last two rounds): the subsets of the
 *     upfloaters that could meet such a team, smallest first, each allowed to; the first
 *     identifier of each, the smallest kept (pair_by_identifier). Exponential in the
 *     upfloaters only when several of them cannot avoid such a team; those subsets count
 *     against the node bound of swiss_pair_limited (BH_ELIMIT).
 *  Choice of the pairing (3.6). 3.6.1: "A pairing is a sequence of pairs that includes all
 *     teams in the bracket. For each pair, the team with the smaller TPN is the top member of
 *     the pair; the team with the larger TPN is the bottom member of the pair." 3.6.2: "A
 *     pairing is identified by the TPNs of the top members of each pair sorted in ascending
 *     order, followed by the TPNs of the bottom member of the corresponding pair." (C.04.6,
 *     handbook.fide.com/chapter/SwissTeamPairingSystem202602, as quoted word for word by
 *     public conformance notes; the search tool shows the page only up to its preface.)
 *     Among the bracket's legal pairings, the first by identifier. TPN is the pairing number
 *     (team id), so the top member is the smaller pairing number whatever the scores: an
 *     upfloater with a smaller number than its opponent is a top member (T-PAIR).
 *     The ruleset's top_member = TOUR_TOP_RANK reads it by rank instead (the ranking
 *     position, score then pairing number, stands for the TPN: an upfloater is always a
 *     bottom member), for events paired under that reading (tour.h). The whole top sequence
 *     comes first, so the top set is fixed first (the next top: the smallest team for which
 *     a pairing exists whose tops below it are those chosen), then each top in ascending
 *     order takes the smallest bottom that still completes (identifier_first). 6 teams, 1-4
 *     legal but 2-5 and 2-6 not: 1-5 2-4 3-6 (identifier 1,2,3,5,4,6), not 1-4 2-3 5-6
 *     (1,2,5,4,3,6).
 *  TPN in 3.5: the team's ranking position (score, then pairing number). The sets
 *     compared in 3.5.4 have the same profile ([C5]), so member by member they have the same
 *     score, and the ranking position orders them as the pairing number does.
 *  Then the paired teams leave, and the next top scoregroup is the next bracket.
 *  Colours: who has White on board A in game 1 is decided after pairing: by lot (seed) when
 *  neither team has played; else the team that had Black last gets White; if both had the same,
 *  the team with more Blacks than Whites, then the higher-ranked team, gets its alternation. */
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "rng.h"
#include "swiss.h"
#include "tour_int.h"
#include "xalloc.h"

enum { SMALL_T = 40 }; /* brackets up to this size also get the internal-matching bound */

typedef struct {
    int id, mp, gp2, played; /* played: matches played over the board */
    int whites, blacks, last_white;
    int n_opp, *opp; /* opponents met over the board (ids) */
    bool pab_ok;
    bool fprev; /* a floater in the previous round ([C7], [C10]) */
} steam;

typedef struct {
    int n;
    steam *tm; /* n, in ranking order: local index = rank */
    bm g;      /* compatibility graph; mate = witness perfect matching of the alive */
    int *pair; /* local -> partner local, -1 unpaired */
    int bye;   /* local of the PAB team, -1 none */
    /* the bracket being paired */
    int s, h;   /* |T|, floor(|T| / 2) */
    int *tlist; /* s: locals of T in ranking order */
    int *lvl;   /* local -> scoregroup level below T (0 = next), -1 in T */
    int nlv;
    int *avail;     /* per level: alive teams */
    int *budget;    /* per level: upfloaters it may still give */
    int *need;      /* per level: upfloaters it must still give */
    int *cnt;       /* per level: upfloaters in the profile prefix fixed so far */
    int need_total; /* sum of need */
    /* failed search states (alive sets) of the current probe, an exact memo: whether the
     * rest of a bracket can be completed depends only on which teams are still unpaired */
    uint64_t *memo;     /* memo_cap entries of g.words words */
    uint32_t *memo_gen; /* entry valid iff equal to gen */
    uint32_t gen;
    size_t memo_cap, memo_n;
    uint64_t nodes, max_nodes; /* search nodes so far; limit (0 = none) */
    const atomic_int *stop;    /* not 0: give up as at the limit (another thread's request) */
    bool aborted;              /* the limit was hit */
    int rT, f;                 /* unpaired teams of T; upfloaters still to take */
    uint8_t *fl;     /* set probes (3.5.3-3.5.5): local -> 0 may not float, 1 may, 2 must */
    bool fl_on;      /* fl applies */
    int forced_left; /* teams with fl 2 not yet paired */
    bool def_check;  /* the teams below T cannot pair among themselves: check
                      * their deficiency after every upfloater (out_deficiency) */
    bool floats_on;  /* [C7], [C10] apply (not one of the last two rounds) */
    int pfb;         /* [C7] probes: upfloaters that floated last round the search may
                      * still take (c->n: no limit) */
    int c6;          /* [C6] probes: the most upfloaters the bracket of the following
                      * scoregroup's remaining teams may need (-1: not applied) */
    bool top_rank;   /* 3.6: a pair's top member is the higher-ranked team (TOUR_TOP_RANK),
                      * not the smaller TPN (TOUR_TOP_TPN, the text) */
    /* the memo of the nested searches of [C6] (next_min), kept from one to the next */
    uint64_t *memo2;
    uint32_t *memo2_gen;
    uint32_t gen2;
    size_t memo2_cap;
} ctx;

/* Teams by score, then TPN: a bracket is paired by TPN (C.04.6 3.6.1-3.6.3, the pairing's
 * identifier is made of TPNs); game points, the secondary score, only allocate colours (1.2,
 * 4.2.2). */
static int rank_cmp(const void *pa, const void *pb)
{
    const steam *a = pa, *b = pb;
    if (a->mp != b->mp)
        return b->mp - a->mp;
    return a->id - b->id;
}

static void load(const tour *t, int r, ctx *c)
{
    int nt = tour_n_teams(t);
    c->tm = xcalloc((size_t)nt + 1, sizeof *c->tm);
    c->n = 0;
    for (int id = 1; id <= nt; id++) {
        if (!tour_is_active(t, id, r) || tour_requested_bye(t, id, r) >= 0)
            continue;
        steam *s = &c->tm[c->n++];
        s->id = id;
        s->last_white = -1;
        s->opp = xmalloc(((size_t)r + 1) * sizeof *s->opp);
        bool ff_win = false, pab = false;
        for (int k = 1; k < r; k++) {
            tour_slot sl;
            tour_slot_get(t, id, k, &sl);
            s->mp += sl.mp;
            s->gp2 += sl.gp2;
            if (sl.kind == TOUR_SLOT_PLAYED) {
                s->opp[s->n_opp++] = sl.opp;
                s->played++;
            }
            pab |= sl.kind == TOUR_SLOT_PAB;
            ff_win |= sl.kind == TOUR_SLOT_FF_WIN || sl.kind == TOUR_SLOT_FPB;
            if (sl.white >= 0) {
                s->last_white = sl.white;
                s->whites += sl.white;
                s->blacks += !sl.white;
            }
        }
        s->pab_ok = !pab && !ff_win;
        if (r >= 2) { /* a floater of round r-1: met a team with other match points then */
            tour_slot sl;
            tour_slot_get(t, id, r - 1, &sl);
            s->fprev = sl.kind == TOUR_SLOT_PLAYED &&
                       tour_team_mp(t, id, r - 2) != tour_team_mp(t, sl.opp, r - 2);
        }
    }
    int planned = tour_planned_rounds(t);
    c->floats_on = planned <= 0 || r < planned - 1;
    c->pfb = nt + 1;
    c->c6 = -1;
    c->top_rank = tour_rules(t)->top_member == TOUR_TOP_RANK;
    qsort(c->tm, (size_t)c->n, sizeof *c->tm, rank_cmp);
    int *local = xcalloc((size_t)nt + 1, sizeof *local); /* id -> local + 1 */
    for (int i = 0; i < c->n; i++)
        local[c->tm[i].id] = i + 1;
    bm_init(&c->g, c->n);
    uint8_t *met = xcalloc((size_t)c->n + 1, 1);
    for (int u = 0; u < c->n; u++) {
        for (int k = 0; k < c->tm[u].n_opp; k++)
            if (local[c->tm[u].opp[k]])
                met[local[c->tm[u].opp[k]] - 1] = 1;
        for (int v = u + 1; v < c->n; v++)
            if (!met[v])
                bm_add_edge(&c->g, u, v);
        for (int k = 0; k < c->tm[u].n_opp; k++)
            if (local[c->tm[u].opp[k]])
                met[local[c->tm[u].opp[k]] - 1] = 0;
    }
    free(met);
    free(local);
    c->pair = xmalloc(((size_t)c->n + 1) * sizeof *c->pair);
    for (int i = 0; i < c->n; i++)
        c->pair[i] = -1;
    c->bye = -1;
    c->tlist = xmalloc(((size_t)c->n + 1) * sizeof *c->tlist);
    c->lvl = xmalloc(((size_t)c->n + 1) * sizeof *c->lvl);
    c->avail = xcalloc((size_t)c->n + 1, sizeof *c->avail);
    c->budget = xcalloc((size_t)c->n + 1, sizeof *c->budget);
    c->need = xcalloc((size_t)c->n + 1, sizeof *c->need);
    c->cnt = xcalloc((size_t)c->n + 1, sizeof *c->cnt);
    c->fl = xcalloc((size_t)c->n + 1, sizeof *c->fl);
}

static void unload(ctx *c)
{
    for (int i = 0; i < c->n; i++)
        free(c->tm[i].opp);
    free(c->tm);
    bm_fini(&c->g);
    free(c->pair);
    free(c->tlist);
    free(c->lvl);
    free(c->avail);
    free(c->budget);
    free(c->need);
    free(c->cnt);
    free(c->fl);
    free(c->memo);
    free(c->memo_gen);
    free(c->memo2);
    free(c->memo2_gen);
}

/* PAB key: lowest match points, then most matches played, then largest TPN. */
static int bye_cmp(const steam *a, const steam *b)
{
    if (a->mp != b->mp)
        return a->mp - b->mp;
    if (a->played != b->played)
        return b->played - a->played;
    return b->id - a->id;
}

static int choose_bye(ctx *c)
{
    int *order = xmalloc(((size_t)c->n + 1) * sizeof *order), m = 0;
    for (int i = 0; i < c->n; i++)
        if (c->tm[i].pab_ok)
            order[m++] = i;
    for (int i = 1; i < m; i++) { /* insertion sort: m is small enough, and stable */
        int x = order[i], j = i;
        while (j > 0 && bye_cmp(&c->tm[order[j - 1]], &c->tm[x]) > 0) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = x;
    }
    int *save = xmalloc(((size_t)c->n + 1) * sizeof *save), found = -1;
    for (int k = 0; k < m && found < 0; k++) {
        int b = order[k], mb = c->g.mate[b];
        memcpy(save, c->g.mate, (size_t)c->n * sizeof *save);
        bm_set_alive(&c->g, b, false);
        c->g.mate[b] = -1;
        if (mb >= 0)
            c->g.mate[mb] = -1;
        if (mb < 0 || bm_augment(&c->g, mb)) {
            found = b;
        } else {
            bm_set_alive(&c->g, b, true);
            memcpy(c->g.mate, save, (size_t)c->n * sizeof *save);
        }
    }
    free(save);
    free(order);
    return found;
}

/* The size of a maximum matching among the m teams loc[] alone (the subgraph they induce). */
static int sub_matching(const bm *g, const int *loc, int m)
{
    bm sub;
    bm_init(&sub, m);
    for (int i = 0; i < m; i++)
        for (int j = i + 1; j < m; j++)
            if (bm_has_edge(g, loc[i], loc[j]))
                bm_add_edge(&sub, i, j);
    int nu = bm_maximize(&sub);
    bm_fini(&sub);
    return nu;
}

/* Relaxation: the unpaired teams of T must have enough pairs among themselves. */
static bool t_bound_ok(ctx *c)
{
    if (c->rT == 0 || c->rT > SMALL_T || c->f >= c->rT)
        return true;
    int loc[SMALL_T], m = 0;
    for (int i = 0; i < c->s; i++)
        if (c->pair[c->tlist[i]] < 0)
            loc[m++] = c->tlist[i];
    return 2 * sub_matching(&c->g, loc, m) >= c->rT - c->f;
}

/* Relaxation: f of the unpaired teams of T must get distinct compatible partners outside T
 * with at least need[L] and at most budget[L] of them at level L (a max-flow: T -> outside
 * team -> level -> sink; the lower bounds are met first, as augmenting paths never lower the
 * flow into the sink).
 * Without it, brackets whose teams have all met (every team floats) explore every profile. */
typedef struct {
    int *head, *nxt, *to, *cap, n_e;
} flow;

static void fl_edge(flow *g, int u, int v, int cap)
{
    g->to[g->n_e] = v, g->cap[g->n_e] = cap, g->nxt[g->n_e] = g->head[u], g->head[u] = g->n_e++;
    g->to[g->n_e] = u, g->cap[g->n_e] = 0, g->nxt[g->n_e] = g->head[v], g->head[v] = g->n_e++;
}

/* Augment from source 0 to sink 1 by shortest paths until `goal`; returns the flow. */
static int fl_augment(flow *g, int nodes, int *prev, int *q, int goal, int flowed)
{
    while (flowed < goal) {
        for (int i = 0; i < nodes; i++)
            prev[i] = -1;
        int qh = 0, qt = 0;
        q[qt++] = 0;
        prev[0] = -2;
        while (qh < qt && prev[1] == -1) {
            int u = q[qh++];
            for (int e = g->head[u]; e >= 0; e = g->nxt[e])
                if (g->cap[e] > 0 && prev[g->to[e]] == -1) {
                    prev[g->to[e]] = e;
                    q[qt++] = g->to[e];
                }
        }
        if (prev[1] == -1)
            break;
        for (int v = 1; v != 0; v = g->to[prev[v] ^ 1]) {
            g->cap[prev[v]]--;
            g->cap[prev[v] ^ 1]++;
        }
        flowed++;
    }
    return flowed;
}

static bool floats_ok(ctx *c)
{
    if (c->f == 0 || c->rT > SMALL_T)
        return true;
    int left[SMALL_T], nl = 0;
    for (int i = 0; i < c->s; i++)
        if (c->pair[c->tlist[i]] < 0)
            left[nl++] = c->tlist[i];
    int first_o = c->tlist[c->s - 1] + 1, n_o = c->n - first_o;
    int nodes = 2 + nl + n_o + c->nlv, max_e = 2 * (nl + nl * n_o + n_o + c->nlv) + 2;
    flow g;
    g.head = xmalloc((size_t)nodes * sizeof *g.head);
    g.nxt = xmalloc((size_t)max_e * sizeof *g.nxt);
    g.to = xmalloc((size_t)max_e * sizeof *g.to);
    g.cap = xmalloc((size_t)max_e * sizeof *g.cap);
    g.n_e = 0;
    for (int i = 0; i < nodes; i++)
        g.head[i] = -1;
    int lv0 = 2 + nl + n_o; /* node of level 0 */
    for (int i = 0; i < nl; i++)
        fl_edge(&g, 0, 2 + i, 1);
    for (int k = 0; k < n_o; k++) {
        int o = first_o + k, L = c->lvl[o];
        if (L < 0 || c->pair[o] >= 0 || o == c->bye || c->budget[L] == 0 ||
            (c->fl_on && c->fl[o] == 0))
            continue;
        fl_edge(&g, 2 + nl + k, lv0 + L, 1);
        for (int i = 0; i < nl; i++)
            if (bm_has_edge(&c->g, left[i], o))
                fl_edge(&g, 2 + i, 2 + nl + k, 1);
    }
    int *sink_e = xmalloc(((size_t)c->nlv + 1) * sizeof *sink_e);
    for (int L = 0; L < c->nlv; L++) {
        sink_e[L] = g.n_e;
        fl_edge(&g, lv0 + L, 1, c->need[L]);
    }
    int *prev = xmalloc((size_t)nodes * sizeof *prev), *q = xmalloc((size_t)nodes * sizeof *q);
    int flowed = fl_augment(&g, nodes, prev, q, c->need_total, 0);
    if (flowed == c->need_total) {
        for (int L = 0; L < c->nlv; L++) {
            int cap = c->budget[L] < c->f ? c->budget[L] : c->f;
            if (cap > c->need[L])
                g.cap[sink_e[L]] += cap - c->need[L];
        }
        flowed = fl_augment(&g, nodes, prev, q, c->f, flowed);
    }
    free(sink_e);
    free(prev);
    free(q);
    free(g.head);
    free(g.nxt);
    free(g.to);
    free(g.cap);
    return flowed == c->f;
}

/* Deficiency of the unpaired teams below T: how many of them a maximum matching among
 * themselves leaves out. Each of those must take a partner in T, so it is a lower bound on the
 * upfloaters still to come ([C4] with [C5]: a bracket whose outside teams have met nearly
 * everyone among themselves needs many upfloaters, and without this bound the search proves
 * each smaller count impossible by exhausting it). */
static int out_deficiency(ctx *c)
{
    /* Dirac: if every outside team is compatible with at least half of the others, they have
     * a Hamiltonian cycle, so the deficiency is only the parity (the usual case). */
    int first = c->s ? c->tlist[c->s - 1] + 1 : 0, m_out = 0, min_deg = c->n;
    uint64_t *mask = xcalloc((size_t)c->g.words + 1, sizeof *mask);
    for (int i = first; i < c->n; i++)
        if (c->lvl[i] >= 0 && c->pair[i] < 0 && i != c->bye) {
            mask[i / 64] |= 1ull << (i % 64);
            m_out++;
        }
    for (int i = first; i < c->n && 2 * min_deg >= m_out; i++)
        if (mask[i / 64] >> (i % 64) & 1) {
            int deg = 0;
            for (int w = 0; w < c->g.words; w++)
                deg += __builtin_popcountll(c->g.adj[(size_t)i * (size_t)c->g.words + (size_t)w] &
                                            mask[w]);
            min_deg = deg < min_deg ? deg : min_deg;
        }
    free(mask);
    if (m_out <= 1 || (m_out >= 3 && 2 * min_deg >= m_out))
        return m_out % 2;
    /* From the witness (a perfect matching of all unpaired teams): take T's teams out; the
     * outside teams they were matched to are exposed; augment from each. At most |T|
     * augmentations instead of a matching from scratch. */
    int *mate = xmalloc(((size_t)c->n + 1) * sizeof *mate);
    uint64_t *alive = xmalloc(((size_t)c->g.words + 1) * sizeof *alive);
    memcpy(mate, c->g.mate, (size_t)c->n * sizeof *mate);
    memcpy(alive, c->g.alive, (size_t)c->g.words * sizeof *alive);
    int exposed = 0, n_out = 0;
    int *out = xmalloc(((size_t)c->s + 1) * sizeof *out);
    for (int i = 0; i < c->s; i++) { /* first all of T out, so the matching stays consistent */
        int t = c->tlist[i], m = c->g.mate[t];
        if (c->pair[t] >= 0)
            continue;
        bm_set_alive(&c->g, t, false);
        c->g.mate[t] = -1;
        if (m >= 0) {
            c->g.mate[m] = -1;
            if (c->lvl[m] >= 0)
                out[n_out++] = m;
        }
    }
    for (int i = 0; i < n_out; i++)
        exposed += c->g.mate[out[i]] < 0 && !bm_augment(&c->g, out[i]);
    free(out);
    memcpy(c->g.mate, mate, (size_t)c->n * sizeof *mate);
    memcpy(c->g.alive, alive, (size_t)c->g.words * sizeof *alive);
    free(mate);
    free(alive);
    return exposed;
}

static bool dfs(ctx *c, int ti);
static bool c6_leaf(ctx *c);

/* [C6] bound: the teams of the following scoregroup (level 0) still unpaired need at least
 * this many upfloaters in their own bracket: a maximum matching among themselves leaves def
 * of them out, and at most budget[0] more of them can still float up into T. */
static int c6_bound(const ctx *c)
{
    int *loc = xmalloc(((size_t)c->n + 1) * sizeof *loc), m = 0;
    for (int i = 0; i < c->n; i++)
        if (c->lvl[i] == 0 && c->pair[i] < 0 && i != c->bye)
            loc[m++] = i;
    int def = m - 2 * sub_matching(&c->g, loc, m);
    free(loc);
    return def - c->budget[0];
}

/* Tentatively pair T's team t with p; recurse; undo on failure. */
static bool try_pair(ctx *c, int ti, int t, int p, const int *save)
{
    if (c->pair[p] >= 0 || p == c->bye || !bm_has_edge(&c->g, t, p))
        return false;
    int L = c->lvl[p];
    if (L < 0 ? c->rT - 2 < c->f : c->budget[L] == 0)
        return false;
    bool needed = L >= 0 && c->need[L] > 0;
    if (L >= 0 && c->need_total - needed > c->f - 1)
        return false; /* the levels that must still give upfloaters could not */
    bool forced = L >= 0 && c->fl_on && c->fl[p] == 2;
    if (L >= 0 && c->fl_on && (c->fl[p] == 0 || (!forced && c->forced_left > c->f - 1)))
        return false; /* a set probe: p may not float, or the forced ones would not fit */
    int pf = L >= 0 && c->tm[p].fprev;
    if (pf && c->pfb == 0)
        return false; /* a [C7] probe: no more upfloaters that floated last round */
    if (!bm_remove_pair(&c->g, t, p))
        return false;
    c->pair[t] = p;
    c->pair[p] = t;
    if (L < 0) {
        c->rT -= 2;
    } else {
        c->rT -= 1;
        c->f -= 1;
        c->budget[L]--;
        c->avail[L]--;
        c->need[L] -= needed;
        c->need_total -= needed;
        c->forced_left -= forced;
        c->pfb -= pf;
    }
    if (t_bound_ok(c) && (L < 0 || !c->def_check || out_deficiency(c) <= c->f) && floats_ok(c) &&
        (L != 0 || c->c6 < 0 || c6_bound(c) <= c->c6) && dfs(c, ti + 1))
        return true;
    if (L < 0) {
        c->rT += 2;
    } else {
        c->rT += 1;
        c->f += 1;
        c->budget[L]++;
        c->avail[L]++;
        c->need[L] += needed;
        c->need_total += needed;
        c->forced_left += forced;
        c->pfb += pf;
    }
    c->pair[t] = c->pair[p] = -1;
    memcpy(c->g.mate, save, (size_t)c->n * sizeof *save);
    bm_set_alive(&c->g, t, true);
    bm_set_alive(&c->g, p, true);
    return false;
}

/* The memo's hash of the alive set: every bit of every word reaches the low bits that index
 * the table (a multiply-only hash would leave the high bits of each word out of them, and the
 * sets that differ only there would pile up in one probe sequence). */
static uint64_t alive_hash(const ctx *c)
{
    uint64_t h = BH_GOLDEN64;
    for (int w = 0; w < c->g.words; w++)
        h = bh_mix64(h ^ c->g.alive[w]);
    return h;
}

/* Find the alive set in the memo: returns its slot; *hit tells whether it is there. */
static size_t memo_find(const ctx *c, bool *hit)
{
    size_t mask = c->memo_cap - 1, i = (size_t)alive_hash(c) & mask;
    size_t bytes = (size_t)c->g.words * sizeof *c->memo;
    for (;; i = (i + 1) & mask) {
        if (c->memo_gen[i] != c->gen) {
            *hit = false;
            return i;
        }
        if (memcmp(c->memo + i * (size_t)c->g.words, c->g.alive, bytes) == 0) {
            *hit = true;
            return i;
        }
    }
}

static bool memo_failed(ctx *c)
{
    if (!c->memo || c->s > SMALL_T)
        return false;
    bool hit;
    memo_find(c, &hit);
    return hit;
}

static void memo_add(ctx *c)
{
    if (c->s > SMALL_T)
        return; /* big brackets almost never fail: not worth the memory */
    if (!c->memo) {
        size_t per = (size_t)c->g.words * sizeof *c->memo;
        c->memo_cap = 1u << 16;
        while (c->memo_cap < (1u << 20) && c->memo_cap * per < ((size_t)16 << 20))
            c->memo_cap <<= 1;
        c->memo = xmalloc(c->memo_cap * per);
        c->memo_gen = xcalloc(c->memo_cap, sizeof *c->memo_gen);
        c->memo_n = 0;
    }
    if (c->memo_n * 4 >= c->memo_cap * 3)
        return; /* full: stop remembering, the search stays exact */
    bool hit;
    size_t i = memo_find(c, &hit);
    if (hit)
        return;
    memcpy(c->memo + i * (size_t)c->g.words, c->g.alive, (size_t)c->g.words * sizeof *c->memo);
    c->memo_gen[i] = c->gen;
    c->memo_n++;
}

/* Can T's teams from position ti on be paired under the constraints set (a probe)? The order
 * of the candidates (the S1-S2 order of the first identifier, then the upfloaters by rank)
 * only makes the usual first try succeed: the pairing kept is chosen by 3.5 and 3.6 after. */
static bool dfs(ctx *c, int ti)
{
    while (ti < c->s && c->pair[c->tlist[ti]] >= 0)
        ti++;
    if (ti == c->s)
        return c->f == 0 && c6_leaf(c);
    if (memo_failed(c) || c->aborted)
        return false;
    if ((c->max_nodes && ++c->nodes > c->max_nodes) ||
        (c->stop && atomic_load_explicit(c->stop, memory_order_relaxed))) {
        c->aborted = true;
        return false;
    }
    int t = c->tlist[ti];
    int *save = xmalloc(((size_t)c->n + 1) * sizeof *save);
    memcpy(save, c->g.mate, (size_t)c->n * sizeof *save);
    bool ok = false;
    int j0 = ti + 1 > c->h ? ti + 1 : c->h;
    for (int j = j0; j < c->s && !ok; j++) /* S2 */
        ok = try_pair(c, ti, t, c->tlist[j], save);
    for (int j = ti + 1; j < c->h && !ok; j++) /* rest of S1 */
        ok = try_pair(c, ti, t, c->tlist[j], save);
    for (int p = c->tlist[c->s - 1] + 1; p < c->n && !ok && c->f > 0; p++) /* upfloaters */
        if (c->lvl[p] >= 0)
            ok = try_pair(c, ti, t, p, save);
    free(save);
    if (!ok && !c->aborted)
        memo_add(c);
    return ok;
}

/* [C5] (2.3.2): "minimise the score differences of the upfloaters taken in descending
 * order", i.e. maximise their scores taken in ascending order. The profile (the upfloaters'
 * levels, level 0 = the scoregroup next below T) is fixed one entry at a time from the LOWEST
 * score: cnt[] holds the entries fixed so far, all at levels >= L. A probe of one more entry
 * at level L: exactly cnt[l] at the levels below L (l > L), at least cnt[L] + 1 at L, any
 * number above (l < L); k in all. L = -1: any levels. L = -2: exactly cnt[] (the profile). */
static void set_prefix(ctx *c, int k, int L)
{
    c->gen++; /* new constraints: forget the failed states */
    c->memo_n = 0;
    c->need_total = 0;
    for (int l = 0; l < c->nlv; l++) {
        bool exact = L == -2 || (L >= 0 && l > L);
        c->budget[l] = exact ? c->cnt[l] : k;
        c->need[l] = exact ? c->cnt[l] : l == L ? c->cnt[l] + 1 : 0;
        c->need_total += c->need[l];
    }
    c->f = k;
    c->rT = c->s;
}

/* The state a bracket starts from: every probe is rolled back to it. */
typedef struct {
    int *pair, *mate, *avail;
    uint64_t *alive;
} snap;

static void snap_take(const ctx *c, snap *z)
{
    z->pair = xmalloc(((size_t)c->n + 1) * sizeof *z->pair);
    z->mate = xmalloc(((size_t)c->n + 1) * sizeof *z->mate);
    z->alive = xmalloc(((size_t)c->g.words + 1) * sizeof *z->alive);
    z->avail = xmalloc(((size_t)c->nlv + 1) * sizeof *z->avail);
    memcpy(z->pair, c->pair, (size_t)c->n * sizeof *z->pair);
    memcpy(z->mate, c->g.mate, (size_t)c->n * sizeof *z->mate);
    memcpy(z->alive, c->g.alive, (size_t)c->g.words * sizeof *z->alive);
    memcpy(z->avail, c->avail, (size_t)c->nlv * sizeof *z->avail);
}

static void snap_back(ctx *c, const snap *z)
{
    memcpy(c->pair, z->pair, (size_t)c->n * sizeof *z->pair);
    memcpy(c->g.mate, z->mate, (size_t)c->n * sizeof *z->mate);
    memcpy(c->g.alive, z->alive, (size_t)c->g.words * sizeof *z->alive);
    memcpy(c->avail, z->avail, (size_t)c->nlv * sizeof *z->avail);
}

static void snap_free(snap *z)
{
    free(z->pair);
    free(z->mate);
    free(z->alive);
    free(z->avail);
}

static int probe_sets(ctx *c, const snap *z, int *set, double max_sets);

enum {
    PROBE_SETS_MAX = 1024,  /* upfloater sets a probe tries before any search */
    PROBE_SETS_BIG = 16384, /* ... after a short search could not decide it */
    PROBE_TRY_NODES = 2000  /* the short search */
};

/* The search of a probe, at most `budget` more nodes (0: up to the bound of
 * swiss_pair_limited); rolled back. *undecided: the budget ran out first. */
static bool search(ctx *c, const snap *z, int *set, uint64_t budget, bool *undecided)
{
    uint64_t max = c->max_nodes;
    if (budget && (!max || c->nodes + budget < max))
        c->max_nodes = c->nodes + budget;
    int pfb = c->pfb; /* a successful search leaves it spent */
    bool ok = floats_ok(c) && (c->c6 < 0 || c6_bound(c) <= c->c6) && dfs(c, 0);
    c->pfb = pfb;
    *undecided = c->aborted && c->max_nodes != max;
    if (*undecided)
        c->aborted = false;
    c->max_nodes = max;
    if (ok && set) {
        int k = 0;
        for (int o = 0; o < c->n; o++)
            if (c->lvl[o] >= 0 && z->pair[o] < 0 && c->pair[o] >= 0)
                set[k++] = o;
    }
    snap_back(c, z);
    return ok;
}

/* One probe under the constraints set; rolled back. On success the upfloater set it found
 * (locals, ascending) goes to set (if not NULL). A probe that allows few upfloater sets tries
 * them (probe_sets); else a short search, which usually finds a pairing at once; one it could
 * not decide tries up to PROBE_SETS_BIG sets, then the whole search. */
static bool probe(ctx *c, const snap *z, int *set)
{
    int by_sets = probe_sets(c, z, set, PROBE_SETS_MAX);
    if (by_sets >= 0)
        return by_sets == 1;
    bool undecided = false;
    bool ok = search(c, z, set, PROBE_TRY_NODES, &undecided);
    if (!undecided)
        return ok;
    by_sets = probe_sets(c, z, set, PROBE_SETS_BIG);
    if (by_sets >= 0)
        return by_sets == 1;
    return search(c, z, set, 0, &undecided);
}

/* Can the rest of the field (the alive teams but B) still be paired ([C3], 2.2.1)? From the
 * witness: take B out, augment from the teams left exposed; then put everything back. */
static bool rest_ok(ctx *c, const int *B, int m)
{
    int *mate = xmalloc(((size_t)c->n + 1) * sizeof *mate);
    uint64_t *alive = xmalloc(((size_t)c->g.words + 1) * sizeof *alive);
    memcpy(mate, c->g.mate, (size_t)c->n * sizeof *mate);
    memcpy(alive, c->g.alive, (size_t)c->g.words * sizeof *alive);
    bool ok = bm_remove_set(&c->g, B, m);
    memcpy(c->g.mate, mate, (size_t)c->n * sizeof *mate);
    memcpy(c->g.alive, alive, (size_t)c->g.words * sizeof *alive);
    free(mate);
    free(alive);
    return ok;
}

/* The bracket B = T plus the upfloater set (locals ascending: T first, the set after it) as a
 * graph on positions 0..m-1: compatible pairs, but no two upfloaters (each one floats to T). */
static void bracket_graph(const ctx *c, const int *B, int m, bm *h)
{
    bm_init(h, m);
    for (int i = 0; i < m; i++)
        for (int j = i + 1; j < m && i < c->s; j++)
            if (bm_has_edge(&c->g, B[i], B[j]))
                bm_add_edge(h, i, j);
}

/* 3.5.3-3.5.5 with [C3]: can T with this upfloater set (k, ascending) be paired, and the rest
 * of the field after it? */
static bool set_ok(ctx *c, const int *set, int k)
{
    int m = c->s + k;
    int *B = xmalloc(((size_t)m + 1) * sizeof *B);
    memcpy(B, c->tlist, (size_t)c->s * sizeof *B);
    memcpy(B + c->s, set, (size_t)k * sizeof *B);
    bm h;
    bracket_graph(c, B, m, &h);
    bool ok = 2 * bm_maximize(&h) == m && rest_ok(c, B, m);
    bm_fini(&h);
    free(B);
    return ok;
}

static int next_min(ctx *c, int kmax, const int *B, int m, bool exact);

/* [C6] for a whole set (k, ascending) that can be paired with T: the upfloaters the following
 * scoregroup's bracket needs then, at most c->c6 (exact: the fewest; else any count that
 * works); -1 if more. */
static int c6_set_count(ctx *c, const int *set, int k, bool exact)
{
    int m = c->s + k;
    int *B = xmalloc(((size_t)m + 1) * sizeof *B);
    memcpy(B, c->tlist, (size_t)c->s * sizeof *B);
    memcpy(B + c->s, set, (size_t)k * sizeof *B);
    int v = next_min(c, c->c6, B, m, exact);
    free(B);
    return v;
}

static bool c6_set_ok(ctx *c, const int *set, int k)
{
    return c->c6 < 0 || c6_set_count(c, set, k, false) >= 0;
}

/* The next size-subset of 0..n-1 after comb (ascending indices) in lexicographic order;
 * false after the last. */
static bool next_comb(int *comb, int size, int n)
{
    int a = size - 1;
    while (a >= 0 && comb[a] == n - size + a)
        a--;
    if (a < 0)
        return false;
    comb[a]++;
    for (int b = a + 1; b < size; b++)
        comb[b] = comb[b - 1] + 1;
    return true;
}

/* A probe asks only whether some upfloater set S (f teams, need[l] .. budget[l] of them at
 * level l) can be paired with T and the rest of the field ([C3]), has at most pfb teams that
 * floated last round ([C7]), is allowed by the set probe's fl marks, and leaves the following
 * scoregroup's bracket within c6 ([C6]): once T and S are paired, nothing else of the
 * bracket's pairing matters. When there are few such sets, each is tested directly (set_ok,
 * c6_set_ok, in ascending order) instead of a search over T's pairings, which must exhaust
 * them all to prove that a probe fails (a big bracket whose [C4]-[C7] bounds no set meets:
 * minutes). Returns 1 (the first set that passes goes to `set`), 0 (none), or -1: more than
 * max_sets sets (search). */
static int probe_sets(ctx *c, const snap *z, int *set, double max_sets)
{
    if (c->s == 0)
        return -1;
    int k = c->f, first_o = c->tlist[c->s - 1] + 1, nc = 0;
    int *cand = xmalloc(((size_t)c->n + 1) * sizeof *cand);
    for (int o = first_o; o < c->n; o++)
        if (c->lvl[o] >= 0 && z->pair[o] < 0 && o != c->bye && c->budget[c->lvl[o]] > 0 &&
            !(c->fl_on && c->fl[o] == 0))
            cand[nc++] = o;
    double sets = 1; /* C(nc, k), the sets to try at most */
    for (int i = 0; i < k && sets <= max_sets; i++)
        sets = sets * (nc - i) / (i + 1);
    if (k > nc || sets > max_sets) {
        free(cand);
        return k > nc ? 0 : -1;
    }
    int *comb = xmalloc(((size_t)k + 1) * sizeof *comb);
    int *S = xmalloc(((size_t)k + 1) * sizeof *S);
    int *per = xcalloc((size_t)c->nlv + 1, sizeof *per);
    for (int i = 0; i < k; i++)
        comb[i] = i;
    int found = 0;
    for (;;) { /* the k-subsets of cand in ascending order */
        for (int l = 0; l < c->nlv; l++)
            per[l] = 0;
        int pf = 0, forced = 0;
        for (int i = 0; i < k; i++) {
            S[i] = cand[comb[i]];
            per[c->lvl[S[i]]]++;
            pf += c->tm[S[i]].fprev;
            forced += c->fl_on && c->fl[S[i]] == 2;
        }
        bool fit = pf <= c->pfb && (!c->fl_on || forced == c->forced_left);
        for (int l = 0; l < c->nlv && fit; l++)
            fit = per[l] >= c->need[l] && per[l] <= c->budget[l];
        if (fit && c->max_nodes && (c->nodes += (uint64_t)(c->s + k)) > c->max_nodes) {
            c->aborted = true;
            break;
        }
        if (fit && set_ok(c, S, k) && c6_set_ok(c, S, k) && !c->aborted) {
            found = 1;
            if (set)
                memcpy(set, S, (size_t)k * sizeof *set);
            break;
        }
        if (c->aborted)
            break;
        if (!next_comb(comb, k, nc))
            break;
    }
    free(per);
    free(S);
    free(comb);
    free(cand);
    return found;
}

/* 3.5.3-3.5.5: among the upfloater sets with the profile cnt[] ([C4]-[C5]), the first by
 * TPN (a set sorted by descending score, then TPN, i.e. by ranking position) that can be
 * paired. Greedy by position: the smallest candidate for which some set with that prefix
 * (and only larger members after it) can be paired; `wit` (a set that can be paired, with the
 * prefix chosen so far) bounds the candidates, so a position usually costs no search. */
static void choose_set(ctx *c, int k, const snap *z, int *wit, int *set)
{
    int *used = xcalloc((size_t)c->nlv + 1, sizeof *used);
    int *tmp = xmalloc(((size_t)k + 1) * sizeof *tmp);
    int first_o = c->tlist[c->s - 1] + 1;
    for (int i = 0; i < k; i++) {
        int from = i ? set[i - 1] + 1 : first_o;
        set[i] = wit[i];
        for (int x = from; x < wit[i]; x++) {
            int L = c->lvl[x];
            if (L < 0 || z->pair[x] >= 0 || x == c->bye || used[L] >= c->cnt[L])
                continue;
            set[i] = x;
            bool ok;
            if (i == k - 1) {
                int pf = 0;
                for (int j = 0; j < k; j++)
                    pf += c->tm[set[j]].fprev;
                /* within the [C7] bound, pairable, and within the [C6] bound */
                ok = pf <= c->pfb && set_ok(c, set, k) && c6_set_ok(c, set, k);
            } else { /* members 0..i fixed, the others after x */
                for (int o = first_o; o < c->n; o++)
                    c->fl[o] = (uint8_t)(o > x);
                for (int j = 0; j <= i; j++)
                    c->fl[set[j]] = 2;
                c->fl_on = true;
                c->forced_left = i + 1;
                set_prefix(c, k, -2);
                ok = probe(c, z, tmp);
                c->fl_on = false;
                if (ok)
                    memcpy(wit, tmp, (size_t)k * sizeof *wit);
            }
            if (ok)
                break;
            set[i] = wit[i];
        }
        used[c->lvl[set[i]]]++;
    }
    free(tmp);
    free(used);
}

/* The graph of identifier_first's test "y is the next top": a chosen top (cls 1, below y)
 * with a later bottom below y or anyone above y; a bottom below y (cls 2, or undecided) only
 * with a chosen top before it; y only with teams above it; a team above y with a chosen top,
 * y or another team above y. Built a word at a time from h's rows. */
static void ident_test_graph(const bm *h, const uint8_t *cls, int y, bm *t)
{
    int w = h->words;
    uint64_t *tops = xcalloc((size_t)w + 1, sizeof *tops);
    uint64_t *bots = xcalloc((size_t)w + 1, sizeof *bots);
    uint64_t *above = xcalloc((size_t)w + 1, sizeof *above);
    for (int i = 0; i < h->n; i++) {
        uint64_t bit = 1ull << (i % 64);
        if (i < y && cls[i] == 1)
            tops[i / 64] |= bit;
        else if (i < y)
            bots[i / 64] |= bit;
        else if (i > y)
            above[i / 64] |= bit;
    }
    for (int i = 0; i < h->n; i++) {
        const uint64_t *row = h->adj + (size_t)i * (size_t)w;
        uint64_t *out = t->adj + (size_t)i * (size_t)w;
        for (int k = 0; k < w; k++) {
            /* bits of positions after i (k*64+b > i) / before i */
            uint64_t after = k > i / 64 ? ~0ull : k < i / 64 ? 0 : (~0ull << (i % 64)) << 1;
            uint64_t before = k < i / 64 ? ~0ull : k > i / 64 ? 0 : (1ull << (i % 64)) - 1;
            uint64_t allow;
            if (i < y && cls[i] == 1)
                allow = (bots[k] & after) | above[k];
            else if (i < y)
                allow = tops[k] & before;
            else if (i == y)
                allow = above[k];
            else
                allow = above[k] | tops[k] | (k == y / 64 ? 1ull << (y % 64) : 0);
            out[k] = row[k] & allow;
        }
    }
    free(tops);
    free(bots);
    free(above);
}

/* 3.6: the bracket's pairing with the smallest identifier: the top members' positions in
 * ascending order, then their bottom members' positions (a pair's top member is its smaller
 * position; pair_by_identifier orders the positions by TPN, 3.6.1). The identifier
 * minimises the whole sorted top sequence first, so the top set is decided first, greedily:
 * the next top is the smallest undecided y such that a perfect matching of B exists in which
 * the tops below y are exactly those chosen (every undecided team below y a bottom of one of
 * them) and y a top: one matching test, skipped when the current witness matching already has
 * y as its next top (the usual case). Then each top in ascending order takes the smallest
 * bottom after it with which the other tops and bottoms can still be matched (the witness is
 * repaired by bm_remove_pair). Returns the partner position of each position in `part`. */
static void identifier_first(const bm *h, int m, int *part)
{
    uint8_t *cls = xcalloc((size_t)m + 1, 1); /* 0 undecided, 1 top, 2 bottom */
    int *mate = xmalloc(((size_t)m + 1) * sizeof *mate);
    memcpy(mate, h->mate, (size_t)m * sizeof *mate);
    for (int cur = 0;;) {
        while (cur < m && cls[cur])
            cur++;
        if (cur == m)
            break;
        int ym = cur; /* the witness's next top */
        while (ym < m && (cls[ym] || mate[ym] < ym))
            ym++;
        if (ym == m) { /* all m/2 tops chosen: the rest are bottoms */
            for (int i = cur; i < m; i++)
                cls[i] = cls[i] ? cls[i] : 2;
            break;
        }
        int y = cur;
        for (; y < ym; y++) { /* test y as the next top, cur..y-1 bottoms */
            bm t;
            bm_init(&t, m);
            ident_test_graph(h, cls, y, &t);
            for (int i = 0; i < m; i++) /* warm start from the witness */
                if (mate[i] > i && bm_has_edge(&t, i, mate[i]))
                    t.mate[i] = mate[i], t.mate[mate[i]] = i;
            bool ok = 2 * bm_maximize(&t) == m;
            if (ok)
                memcpy(mate, t.mate, (size_t)m * sizeof *mate);
            bm_fini(&t);
            if (ok)
                break;
        }
        for (int i = cur; i < y; i++)
            if (!cls[i])
                cls[i] = 2;
        cls[y] = 1;
        cur = y + 1;
    }
    /* The bottoms: tops in ascending order, each the smallest partner that still completes. */
    bm b;
    bm_init(&b, m);
    for (int i = 0; i < m; i++)
        for (int j = i + 1; j < m; j++)
            if (cls[i] == 1 && cls[j] == 2 && bm_has_edge(h, i, j))
                bm_add_edge(&b, i, j);
    memcpy(b.mate, mate, (size_t)m * sizeof *mate);
    for (int i = 0; i < m; i++) {
        if (cls[i] != 1)
            continue;
        for (int j = i + 1; j < m; j++)
            if (cls[j] == 2 && bm_is_alive(&b, j) && bm_has_edge(&b, i, j) &&
                bm_remove_pair(&b, i, j)) {
                part[i] = j;
                part[j] = i;
                break;
            }
    }
    bm_fini(&b);
    free(mate);
    free(cls);
}

/* The first identifier (3.6) of the bracket graph h (m positions); false if h has no perfect
 * matching. Partner positions go to part. */
static bool ident_of(bm *h, int m, int *part)
{
    /* A witness close to the first identifier (1 with m/2+1, 2 with m/2+2, ...), so that
     * identifier_first rarely has to test. */
    for (int i = 0, j0 = m / 2; i < m / 2; i++)
        for (int j = j0; j < m; j++)
            if (h->mate[j] < 0 && h->mate[i] < 0 && bm_has_edge(h, i, j)) {
                h->mate[i] = j, h->mate[j] = i;
                break;
            }
    for (int i = 0; i < m; i++)
        part[i] = -1;
    if (2 * bm_maximize(h) != m)
        return false;
    identifier_first(h, m, part);
    return true;
}

/* Is the pairing a's identifier smaller than b's (tops ascending, then their bottoms)? */
static bool ident_less(const int *a, const int *b, int m)
{
    int ia = 0, ib = 0; /* the tops, in ascending order */
    for (;; ia++, ib++) {
        while (ia < m && a[ia] < ia)
            ia++;
        while (ib < m && b[ib] < ib)
            ib++;
        if (ia >= m || ib >= m)
            break;
        if (ia != ib)
            return ia < ib;
    }
    for (int i = 0; i < m; i++) /* same tops: their bottoms in the tops' order */
        if (a[i] > i && a[i] != b[i])
            return a[i] < b[i];
    return false;
}

/* The bracket graph h of positions 0..m-1 (B[p]: the team at position p; up[p]: it is an
 * upfloater): the pairs [C1] allows with a team of T in them (an upfloater is paired with a
 * team of T: [C4]), without, for [C10] (2.3.7), the pairs of the upfloaters not in `may` with
 * a team of T that floated last round. */
static void c10_graph(const ctx *c, const int *B, const uint8_t *up, int m, const uint8_t *may,
                      bm *h)
{
    bm_init(h, m);
    for (int i = 0; i < m; i++)
        for (int j = i + 1; j < m; j++) {
            if ((up[i] && up[j]) || !bm_has_edge(&c->g, B[i], B[j]))
                continue;
            int u = up[i] ? i : up[j] ? j : -1, r = u == i ? j : i; /* upfloater, resident */
            if (c->floats_on && u >= 0 && !may[u] && c->tm[B[r]].fprev)
                continue;
            bm_add_edge(h, i, j);
        }
}

/* Pair the bracket T + set (k upfloaters) by 3.6 and fix its pairs (the rest of the field
 * can be paired: the set was tested). The bracket's positions are its teams in TPN (pairing
 * number) order, so that a pair's top member is its smaller TPN whatever the scores (3.6.1 as
 * written); with TOUR_TOP_RANK in ranking order (T first, the upfloaters after it: they are
 * always bottoms). [C10] first: the fewest upfloaters paired with a team that floated last
 * round; with n such upfloaters possible, the subsets of them allowed to, smallest first, each
 * the first identifier of its graph, the smallest identifier kept. */
static bool pair_by_identifier(ctx *c, const int *set, int k)
{
    int m = c->s + k;
    int *B = xmalloc(((size_t)m + 1) * sizeof *B);
    int *part = xmalloc(((size_t)m + 1) * sizeof *part);
    int *cand = xmalloc(((size_t)m + 1) * sizeof *cand);
    int *comb = xmalloc(((size_t)k + 1) * sizeof *comb);
    uint8_t *may = xcalloc((size_t)m + 1, 1);
    uint8_t *up = xcalloc((size_t)m + 1, 1);
    memcpy(B, c->tlist, (size_t)c->s * sizeof *B);
    memcpy(B + c->s, set, (size_t)k * sizeof *B);
    for (int j = c->s; j < m; j++)
        up[j] = 1;
    if (!c->top_rank) /* T is in TPN order: insert each upfloater at its TPN */
        for (int j = c->s; j < m; j++)
            for (int i = j; i > 0 && c->tm[B[i - 1]].id > c->tm[B[i]].id; i--) {
                int tb = B[i];
                uint8_t tu = up[i];
                B[i] = B[i - 1], up[i] = up[i - 1];
                B[i - 1] = tb, up[i - 1] = tu;
            }
    int nc = 0; /* upfloaters that could meet a team of T that floated last round */
    for (int j = 0; j < m && c->floats_on; j++) {
        if (!up[j])
            continue;
        bool any = false;
        for (int i = 0; i < m && !any; i++)
            any = !up[i] && c->tm[B[i]].fprev && bm_has_edge(&c->g, B[i], B[j]);
        if (any)
            cand[nc++] = j;
        else
            may[j] = 1;
    }
    bool ok = false;
    for (int size = 0; size <= nc && !ok && !c->aborted; size++) {
        for (int a = 0; a < size; a++)
            comb[a] = a;
        for (;;) { /* every subset of cand of this size */
            for (int a = 0; a < nc; a++)
                may[cand[a]] = 0;
            for (int a = 0; a < size; a++)
                may[cand[comb[a]]] = 1;
            /* the subsets grow as a binomial: they count against the node bound */
            if (size > 0 && c->max_nodes && (c->nodes += (uint64_t)m) > c->max_nodes) {
                c->aborted = true;
                ok = false;
                break;
            }
            bm h;
            c10_graph(c, B, up, m, may, &h);
            int *p2 = xmalloc(((size_t)m + 1) * sizeof *p2);
            if (ident_of(&h, m, p2) && (!ok || ident_less(p2, part, m))) {
                memcpy(part, p2, (size_t)m * sizeof *part);
                ok = true;
            }
            free(p2);
            bm_fini(&h);
            if (!next_comb(comb, size, nc))
                break;
        }
    }
    /* The bracket's teams leave at once: only the witness edges leaving the bracket need a
     * repair (pair by pair, the witness would be repaired wherever it paired the bracket
     * otherwise than its pairing, a search over the whole field each time). */
    if (ok) {
        for (int i = 0; i < m; i++)
            c->pair[B[i]] = B[part[i]];
        ok = bm_remove_set(&c->g, B, m);
    }
    free(up);
    free(may);
    free(comb);
    free(cand);
    free(B);
    free(part);
    return ok;
}

/* The next bracket (3.2): T = the unpaired teams (not the PAB) with the top match points, the
 * teams below it by scoregroup level (lvl, avail). Returns false if nobody is left; else the
 * number of teams below T in *n_out and the size of T's own maximum matching in *loc_nu
 * ([C4]: k upfloaters need 2 * loc_nu >= |T| - k; not computed if loc_nu is NULL). */
static bool bracket_setup(ctx *c, int *n_out, int *loc_nu)
{
    int first = -1;
    for (int i = 0; i < c->n && first < 0; i++)
        if (c->pair[i] < 0 && i != c->bye)
            first = i;
    if (first < 0)
        return false;
    int top = c->tm[first].mp, prev = top;
    c->s = 0;
    c->nlv = 0;
    *n_out = 0;
    for (int i = first; i < c->n; i++) {
        c->lvl[i] = -1;
        if (c->pair[i] >= 0 || i == c->bye)
            continue;
        if (c->tm[i].mp == top) {
            c->tlist[c->s++] = i;
            continue;
        }
        if (c->tm[i].mp != prev || c->nlv == 0) {
            prev = c->tm[i].mp;
            c->avail[c->nlv] = 0;
            c->budget[c->nlv] = 0;
            c->need[c->nlv] = 0;
            c->nlv++;
        }
        c->lvl[i] = c->nlv - 1;
        c->avail[c->nlv - 1]++;
        (*n_out)++;
    }
    c->h = c->s / 2;
    c->f = 0;
    if (loc_nu)
        *loc_nu = sub_matching(&c->g, c->tlist, c->s);
    return true;
}

/* [C6] (2.3.3): the fewest upfloaters (at most kmax) with which the bracket of the teams
 * left unpaired now, but the m teams of B, can be paired, the rest of the field after it too
 * ([C1], [C3], [C4] in that bracket); -1 if it needs more than kmax, if the teams but B
 * cannot be paired at all, or if the node limit was hit (c->aborted). The witness must be a
 * perfect matching of the unpaired teams. A nested search on a second context that shares
 * the teams, the graph's edges and its work arrays, with its own copy of the alive set,
 * witness and pairs; the nested memo is kept in c between calls. Not exact: any count <= kmax
 * that works may be returned (the witness's own, when it is small enough: no search). */
static int next_min(ctx *c, int kmax, const int *B, int m, bool exact)
{
    ctx d;
    memset(&d, 0, sizeof d);
    d.n = c->n;
    d.tm = c->tm;
    d.stop = c->stop;
    d.g = c->g; /* edges and work arrays shared: nothing else runs meanwhile */
    d.g.alive = xmalloc(((size_t)c->g.words + 1) * sizeof *d.g.alive);
    d.g.mate = xmalloc(((size_t)c->n + 1) * sizeof *d.g.mate);
    memcpy(d.g.alive, c->g.alive, (size_t)c->g.words * sizeof *d.g.alive);
    memcpy(d.g.mate, c->g.mate, (size_t)c->n * sizeof *d.g.mate);
    d.pair = xmalloc(((size_t)c->n + 1) * sizeof *d.pair);
    memcpy(d.pair, c->pair, (size_t)c->n * sizeof *d.pair);
    d.bye = c->bye;
    for (int i = 0; i < m; i++)
        d.pair[B[i]] = B[i];
    bool rest = bm_remove_set(&d.g, B, m); /* B out: the witness repaired from the partners */
    d.tlist = xmalloc(((size_t)c->n + 1) * sizeof *d.tlist);
    d.lvl = xmalloc(((size_t)c->n + 1) * sizeof *d.lvl);
    d.avail = xcalloc((size_t)c->n + 1, sizeof *d.avail);
    d.budget = xcalloc((size_t)c->n + 1, sizeof *d.budget);
    d.need = xcalloc((size_t)c->n + 1, sizeof *d.need);
    d.cnt = xcalloc((size_t)c->n + 1, sizeof *d.cnt);
    d.fl = xcalloc((size_t)c->n + 1, 1);
    d.pfb = c->n + 1;
    d.c6 = -1;
    d.memo = c->memo2;
    d.memo_gen = c->memo2_gen;
    d.memo_cap = c->memo2_cap;
    d.gen = c->gen2;
    if (c->max_nodes)
        d.max_nodes = c->max_nodes > c->nodes ? c->max_nodes - c->nodes : 1;
    int best = -1, n_out, loc_nu;
    if (!rest) {
        best = -1;
    } else if (bracket_setup(&d, &n_out, NULL)) {
        int wit = 0; /* the witness pairs the next bracket with this many upfloaters */
        for (int i = 0; i < d.s; i++) {
            int o = d.g.mate[d.tlist[i]];
            wit += o < 0 || d.lvl[o] >= 0;
        }
        if (!exact && wit <= kmax)
            best = wit;
        int def = best < 0 ? out_deficiency(&d) : 0;
        loc_nu = best < 0 ? sub_matching(&d.g, d.tlist, d.s) : 0;
        d.def_check = def >= 2;
        for (int k = d.s % 2; best < 0 && k <= kmax && k <= d.s && k <= n_out && !d.aborted;
             k += 2) {
            if (2 * loc_nu < d.s - k || k < def)
                continue;
            set_prefix(&d, k, -1);
            if (floats_ok(&d) && dfs(&d, 0))
                best = k;
        }
    } else {
        best = 0;
    }
    c->nodes += d.nodes + 1;
    c->aborted |= d.aborted || (c->max_nodes && c->nodes > c->max_nodes);
    c->memo2 = d.memo;
    c->memo2_gen = d.memo_gen;
    c->memo2_cap = d.memo_cap;
    c->gen2 = d.gen;
    free(d.g.alive);
    free(d.g.mate);
    free(d.pair);
    free(d.tlist);
    free(d.lvl);
    free(d.avail);
    free(d.budget);
    free(d.need);
    free(d.cnt);
    free(d.fl);
    return c->aborted ? -1 : best;
}

/* A search has paired all of T: with [C6] on, does the following scoregroup's bracket get
 * by with c->c6 upfloaters? */
static bool c6_leaf(ctx *c)
{
    return c->c6 < 0 || next_min(c, c->c6, NULL, 0, false) >= 0;
}

/* [C5]-[C10] for a given number k of upfloaters: the profile fixed one entry at a time by
 * probes (set_prefix), then the set (choose_set) and the pairing (pair_by_identifier). */
static bool pair_with_k(ctx *c, int k)
{
    snap z;
    snap_take(c, &z);
    int *wit = xmalloc(((size_t)k + 1) * sizeof *wit);
    int *set = xmalloc(((size_t)k + 1) * sizeof *set);
    for (int l = 0; l < c->nlv; l++)
        c->cnt[l] = 0;
    bool ok = true;
    if (k == 0) {
        set_prefix(c, 0, -2);
        ok = probe(c, &z, wit);
    } else if (c->s <= SMALL_T) {
        /* First, in small brackets (where searches fail): can k upfloaters work at all, at
         * any levels? That saves a failing probe per level when k is too few. */
        set_prefix(c, k, -1);
        ok = probe(c, &z, wit);
    }
    for (int pos = 0, last = c->nlv - 1; k > 0 && pos < k && ok; pos++) {
        ok = false;
        for (int L = 0, upto = 0; L <= last && !ok; L++) {
            upto += c->avail[L] - c->cnt[L];
            if (c->avail[L] <= c->cnt[L] || upto + pos < k)
                continue; /* not enough teams at levels <= L for the k */
            set_prefix(c, k, L);
            ok = probe(c, &z, wit);
            if (ok) {
                c->cnt[L]++;
                last = L;
            }
        }
    }
    /* [C6] (2.3.3): unless every team of the following scoregroup (level 0) floats up here,
     * the fewest upfloaters its remaining teams' bracket will need: the profile's witness set
     * needs K0; each smaller count of the right parity from the lower bound up is probed.
     * The probes below (C7, the set) keep that bound. */
    if (ok && k > 0 && c->nlv > 0 && z.avail[0] > c->cnt[0] && !c->aborted) {
        c->c6 = c->n; /* c6_set_ok: the exact count for the witness's set */
        int k0 = c6_set_count(c, wit, k, true);
        set_prefix(c, k, -2);
        int lb = c6_bound(c);
        lb = lb > 0 ? lb : 0;
        lb += (lb - (z.avail[0] - c->cnt[0])) % 2 != 0; /* the parity of the teams left */
        for (int K = lb; ok && K < k0 && !c->aborted; K += 2) {
            c->c6 = K;
            set_prefix(c, k, -2);
            if (probe(c, &z, wit))
                k0 = K;
        }
        c->c6 = k0;
    }
    /* [C7] (2.3.4): the fewest upfloaters that floated last round, with the profile; the
     * set probes below keep that bound (pfb). The profile's witness has at most k. */
    int m7 = 0;
    for (int o = 0; o < k && ok; o++)
        m7 += c->tm[wit[o]].fprev;
    for (int m = 0; ok && c->floats_on && m < m7 && !c->aborted; m++) {
        c->pfb = m;
        set_prefix(c, k, -2);
        if (probe(c, &z, wit)) {
            m7 = m;
            break;
        }
    }
    c->pfb = c->floats_on && k > 0 ? m7 : c->n + 1;
    if (ok && k > 0)
        choose_set(c, k, &z, wit, set);
    c->pfb = c->n + 1;
    c->c6 = -1;
    if (ok && !c->aborted) /* an aborted set probe: the set may not be the first */
        ok = pair_by_identifier(c, set, k);
    else
        ok = false;
    free(wit);
    free(set);
    snap_free(&z);
    return ok;
}

static bool pair_bracket(ctx *c)
{
    int n_out, loc_nu;
    if (!bracket_setup(c, &n_out, &loc_nu))
        return true;
    int def = out_deficiency(c);
    c->def_check = def >= 2; /* 1 is only the parity of an odd outside set */
    for (int k = c->s % 2; k <= c->s && k <= n_out; k += 2) {
        if (2 * loc_nu < c->s - k || k < def)
            continue;
        if (pair_with_k(c, k))
            return true;
    }
    return false;
}

/* Who of a (higher-ranked) and b has White on board A in game 1: returns true for a. */
static bool a_gets_white(const steam *a, const steam *b, uint64_t *rng)
{
    int pa = a->last_white < 0 ? -1 : !a->last_white; /* 1: wants White */
    int pb = b->last_white < 0 ? -1 : !b->last_white;
    if (pa < 0 && pb < 0)
        return bh_splitmix64(rng) & 1u; /* P-TEAM: by lot */
    if (pa >= 0 && pb >= 0 && pa != pb)
        return pa == 1;
    if (pb < 0)
        return pa == 1;
    if (pa < 0)
        return pb == 0;
    int da = a->blacks - a->whites, db = b->blacks - b->whites;
    if (pa == 1) /* both want White: the one owed more Whites gets it */
        return da >= db;
    return da > db ? false : db > da ? true : false; /* both want Black: higher rank gets it */
}

static void emit(ctx *c, uint64_t seed, swiss_pairing *out)
{
    uint64_t rng = seed;
    out->n = 0;
    out->m = xcalloc((size_t)c->n / 2 + 2, sizeof *out->m);
    for (int i = 0; i < c->n; i++) {
        int j = c->pair[i];
        if (j <= i)
            continue;
        tour_match *m = &out->m[out->n++];
        m->a = c->tm[i].id;
        m->b = c->tm[j].id;
        m->white = a_gets_white(&c->tm[i], &c->tm[j], &rng) ? m->a : m->b;
    }
    if (c->bye >= 0)
        out->m[out->n++].a = c->tm[c->bye].id;
}

/* Requested byes (tour_request_bye) of round r, appended after the pairing. */
static void add_requested(const tour *t, int r, swiss_pairing *out)
{
    int nt = tour_n_teams(t), extra = 0;
    for (int id = 1; id <= nt; id++)
        extra += tour_is_active(t, id, r) && tour_requested_bye(t, id, r) >= 0;
    if (!extra)
        return;
    out->m = xrealloc(out->m, ((size_t)out->n + (size_t)extra) * sizeof *out->m);
    for (int id = 1; id <= nt; id++) {
        if (!tour_is_active(t, id, r) || tour_requested_bye(t, id, r) < 0)
            continue;
        tour_match *m = &out->m[out->n++];
        memset(m, 0, sizeof *m);
        m->a = id;
        m->bye = (uint8_t)tour_requested_bye(t, id, r);
    }
}

int swiss_pair(const tour *t, uint64_t seed, swiss_pairing *out)
{
    return swiss_pair_limited(t, seed, 0, out);
}

int swiss_pair_limited(const tour *t, uint64_t seed, uint64_t max_nodes, swiss_pairing *out)
{
    return swiss_pair_until(t, seed, max_nodes, NULL, out);
}

int swiss_pair_until(const tour *t, uint64_t seed, uint64_t max_nodes, const atomic_int *stop,
                     swiss_pairing *out)
{
    int r = tour_n_rounds(t) + 1;
    if (!tour_is_started(t) || (r > 1 && !tour_round_complete(t, r - 1)) ||
        r > tour_planned_rounds(t) || r > TOUR_MAX_ROUNDS)
        return BH_ESTATE;
    ctx c;
    memset(&c, 0, sizeof c);
    load(t, r, &c);
    c.max_nodes = max_nodes;
    c.stop = stop;
    int rc = BH_EPAIR;
    if (c.n == 0) { /* nobody to pair: only requested byes, if any */
        swiss_pairing only = {0, NULL};
        add_requested(t, r, &only);
        if (only.n)
            *out = only, rc = BH_OK;
        goto done;
    }
    int size = bm_maximize(&c.g);
    if (2 * size < c.n - 1)
        goto done;
    if (c.n % 2) {
        c.bye = choose_bye(&c);
        if (c.bye < 0)
            goto done;
    }
    for (;;) {
        bool left = false;
        for (int i = 0; i < c.n && !left; i++)
            left = c.pair[i] < 0 && i != c.bye;
        if (!left)
            break;
        if (!pair_bracket(&c)) { /* only when aborted: the witness proves a completion */
            rc = c.aborted ? BH_ELIMIT : BH_EPAIR;
            goto done;
        }
    }
    emit(&c, seed, out);
    add_requested(t, r, out);
    rc = BH_OK;
done:
    unload(&c);
    return rc;
}

/* The pairs of a hand pairing into c (c->pair, c->bye), checked as swiss.h says; *e names
 * the offending pair and team. */
static int hand_load(ctx *c, int nt, const int (*pairs)[2], int n, bool allow_rematch,
                     swiss_hand_err *e)
{
    int *local = xcalloc((size_t)nt + 1, sizeof *local); /* id -> local + 1 */
    for (int i = 0; i < c->n; i++)
        local[c->tm[i].id] = i + 1;
    int rc = BH_OK;
    for (int i = 0; i < n && rc == BH_OK; i++) {
        int a = pairs[i][0], b = pairs[i][1];
        e->pair = i;
        e->team = a;
        if (a == b || a == 0) {
            rc = BH_EINVAL;
            break;
        }
        for (int k = 0; k < 2 && rc == BH_OK; k++) {
            int id = k ? b : a;
            if (k && !id)
                break;
            e->team = id;
            if (id < 1 || id > nt)
                rc = BH_ENOTFOUND;
            else if (!local[id])
                rc = BH_ESTATE; /* withdrawn, not yet entered, or a requested bye */
            else if (c->pair[local[id] - 1] >= 0 || c->bye == local[id] - 1)
                rc = BH_EEXIST;
            else if (k) /* mark a and b paired: the check above finds a second listing */
                c->pair[local[a] - 1] = local[b] - 1, c->pair[local[b] - 1] = local[a] - 1;
        }
        if (rc != BH_OK)
            break;
        int u = local[a] - 1;
        e->team = a;
        if (!b) {
            if (c->bye >= 0)
                rc = BH_ELIMIT; /* one PAB at most */
            else if (!c->tm[u].pab_ok)
                rc = BH_EPAIR; /* [C2], C.04.1 d */
            else
                c->bye = u;
        } else if (!allow_rematch && !bm_has_edge(&c->g, u, local[b] - 1)) {
            rc = BH_EPAIR; /* [C1]: they met over the board */
        }
    }
    for (int i = 0; i < c->n && rc == BH_OK; i++)
        if (c->pair[i] < 0 && c->bye != i) {
            e->pair = -1;
            e->team = c->tm[i].id;
            rc = BH_EINVAL; /* an active team left out */
        }
    free(local);
    return rc;
}

int swiss_pair_hand(const tour *t, uint64_t seed, const int (*pairs)[2], int n, bool allow_rematch,
                    swiss_pairing *out, swiss_hand_err *e)
{
    swiss_hand_err none;
    e = e ? e : &none;
    e->pair = -1;
    e->team = 0;
    int r = tour_n_rounds(t) + 1, nt = tour_n_teams(t);
    if (!tour_is_started(t) || (r > 1 && !tour_round_complete(t, r - 1)) ||
        r > tour_planned_rounds(t) || r > TOUR_MAX_ROUNDS)
        return BH_ESTATE;
    if (n < 0 || (n > 0 && !pairs))
        return BH_EINVAL;
    ctx c;
    memset(&c, 0, sizeof c);
    load(t, r, &c);
    int rc = hand_load(&c, nt, pairs, n, allow_rematch, e);
    if (rc == BH_OK) {
        /* The pairer's own output step: the same colour rule, lots drawn in the same order. */
        emit(&c, seed, out);
        add_requested(t, r, out);
        if (out->n == 0) {
            swiss_pairing_fini(out);
            rc = BH_EPAIR;
        }
    }
    unload(&c);
    return rc;
}

int swiss_pair_rr(const tour *t, uint64_t seed, swiss_pairing *out)
{
    int r = tour_n_rounds(t) + 1, n = tour_n_teams(t);
    if (!tour_is_started(t) || (r > 1 && !tour_round_complete(t, r - 1)) ||
        r > tour_planned_rounds(t))
        return BH_ESTATE;
    int m = n + (n % 2); /* circle method; team m (if n is odd) is the bye */
    int *pos = xmalloc(((size_t)m + 1) * sizeof *pos);
    for (int i = 0; i < m; i++)
        pos[i] = i + 1;
    for (int k = 1; k < r; k++) { /* rotate all but the first */
        int last = pos[m - 1];
        memmove(pos + 2, pos + 1, (size_t)(m - 2) * sizeof *pos);
        pos[1] = last;
    }
    (void)seed; /* colours alternate by board and round: no lot needed after round 1's */
    out->n = 0;
    out->m = xcalloc((size_t)m / 2 + 1, sizeof *out->m);
    for (int i = 0; i < m / 2; i++) {
        int a = pos[i], b = pos[m - 1 - i];
        if (a > n || b > n) {
            out->m[out->n++].a = a > n ? b : a;
            continue;
        }
        tour_match *mt = &out->m[out->n++];
        mt->a = a < b ? a : b;
        mt->b = a < b ? b : a;
        mt->white = (i + r) % 2 ? mt->a : mt->b;
        bool ia = tour_is_active(t, mt->a, r), ib = tour_is_active(t, mt->b, r);
        mt->forfeit = (uint8_t)(!ia && !ib ? TOUR_FF_BOTH
                                : !ia      ? TOUR_FF_A
                                : !ib      ? TOUR_FF_B
                                           : TOUR_FF_NONE);
    }
    free(pos);
    return BH_OK;
}

void swiss_pairing_fini(swiss_pairing *p)
{
    if (!p)
        return;
    free(p->m);
    p->m = NULL;
    p->n = 0;
}

int tour_pair_next(tour *t, uint64_t seed)
{
    swiss_pairing p = {0, NULL};
    int rc = tour_format(t) == TOUR_ROUND_ROBIN ? swiss_pair_rr(t, seed, &p)
                                                : swiss_pair_limited(t, seed, SWISS_MAX_NODES, &p);
    if (rc == BH_OK)
        rc = tour_add_round(t, p.m, p.n);
    swiss_pairing_fini(&p);
    return rc;
}
