/* rank.c: the C.07 engine (rank.h: the crosstable and its tie-breaks, FIDE C.07 as applied
 * from 1 August 2024) and the ranking of a team event from its records (F-RR, F-GROUPS).
 * SPDX-License-Identifier: MIT
 * Each team has one slot a round. Unplayed rounds (C.07 art. 16): in a Swiss (rules.rr false)
 * a team's own unplayed rounds count against a dummy opponent with its own score, and an
 * opponent's requested byes and unpaired rounds with only voluntarily unplayed rounds after
 * them count as draws (its forfeit losses keep their 0: 16.2.4, 16.3.1); a forfeit is no
 * meeting. Cut-1 (art. 14) cuts a voluntarily unplayed round before any other (art. 16.5).
 * The 2026 edition of C.07 (from 1 March 2026) caps those dummies (16.4: at the opponent's
 * score, or at a draw a round); that is not applied here. In a round robin (rules.rr) the rest
 * round of an odd count is no round at all and a forfeited match counts, with its recorded score,
 * as a meeting with the scheduled opponent (our choice, as FIDE TEC's TieBreakServer treats round
 * robins): every cell of the crosstable is then a result. */
#include "rank.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "buf.h"
#include "tb_order.h"
#include "xalloc.h"

struct rank_xt {
    const rank_rules *rr;
    const roster_rating *rating; /* RANK_TB_LOW_RATING only (rank_compute) */
    int n, R;                    /* teams, rounds */
    rank_slot *s;                /* (n+1) x (R+1) */
    int *mp, *gp2;               /* by team: totals */
    int *amp, *agp;              /* by team: totals as an opponent sees them (art. 16) */
    int *meet, *de;              /* n x n (0-based): meetings counted, match points in them */
    int (*po)[2];                /* play-off games: winner, loser */
    int npo, cappo;
};

typedef rank_xt ctx;
typedef rank_slot slot;

static slot *at(const ctx *c, int t, int r)
{
    return &c->s[(size_t)t * (size_t)(c->R + 1) + (size_t)r];
}

static bool met(const ctx *c, const slot *x)
{
    return x->kind == RANK_S_PLAYED || x->kind == RANK_S_PENDING ||
           (c->rr->rr && (x->kind == RANK_S_FF_WIN || x->kind == RANK_S_FF_LOSS) && x->opp);
}

/* A voluntarily unplayed round (C.07 art. 16): own forfeit, requested bye, absence. In a
 * round robin a rest round is not a round, so it is not voluntary either. */
static bool voluntary(const ctx *c, const slot *x)
{
    return x->kind == RANK_S_FF_LOSS || x->kind == RANK_S_HPB || x->kind == RANK_S_ZPB ||
           x->kind == RANK_S_ABSENT || (x->kind == RANK_S_NONE && !c->rr->rr);
}

void rank_rules_club(rank_rules *rr)
{
    memset(rr, 0, sizeof *rr);
    rr->win_mp = 2;
    rr->draw_mp = 1;
    rr->boards = 6;
    rr->rr = true;
    rr->sb_opp = RANK_MP;
    rr->sb_own = RANK_GP;
    rr->n_tb = 4;
    rr->tb[0] = RANK_TB_GP;
    rr->tb[1] = RANK_TB_DE;
    rr->tb[2] = RANK_TB_WIN;
    rr->tb[3] = RANK_TB_SB;
}

void rank_rules_league_group(rank_rules *rr)
{
    rank_rules_club(rr);
    rr->boards = 10;
    rr->n_tb = 2;
    rr->tb[0] = RANK_TB_GP;
    rr->tb[1] = RANK_TB_LOW_RATING;
}

/* ---- the tie-break functions: v[team] for every team 1..n; higher ranks higher ---- */

static void tb_gp(const ctx *c, const int *group, long *v)
{
    (void)group;
    for (int t = 1; t <= c->n; t++)
        v[t] = c->gp2[t];
}

/* C.07 art. 7.1 (WIN): rounds in which the team scored a win's match points, with or
 * without playing (a forfeit win counts; a bye scoring a draw does not). */
static void tb_win(const ctx *c, const int *group, long *v)
{
    (void)group;
    for (int t = 1; t <= c->n; t++) {
        v[t] = 0;
        for (int r = 1; r <= c->R; r++)
            v[t] += at(c, t, r)->won;
    }
}

/* C.07 art. 8.1: one round's part of the opponents' match points; art. 16 for unplayed rounds
 * (in a Swiss a dummy opponent with the team's own score; in a round robin nothing). */
static long bh_part(const ctx *c, int t, int r)
{
    const slot *x = at(c, t, r);
    return met(c, x) ? c->amp[x->opp] : !c->rr->rr ? c->mp[t] : 0;
}

static void tb_bh(const ctx *c, const int *group, long *v)
{
    (void)group;
    for (int t = 1; t <= c->n; t++) {
        v[t] = 0;
        for (int r = 1; r <= c->R; r++)
            v[t] += bh_part(c, t, r);
    }
}

/* C.07 art. 14.1 Cut-1: the lowest part left out; a voluntarily unplayed round's part (the
 * last one) is cut first (art. 16.5). */
static void tb_bh_c1(const ctx *c, const int *group, long *v)
{
    (void)group;
    for (int t = 1; t <= c->n; t++) {
        long sum = 0, low = 0, vol = -1;
        for (int r = 1; r <= c->R; r++) {
            long p = bh_part(c, t, r);
            sum += p;
            if (r == 1 || p < low)
                low = p;
            if (voluntary(c, at(c, t, r)))
                vol = p;
        }
        v[t] = c->R == 0 ? 0 : sum - (vol >= 0 ? vol : low);
    }
}

/* The score of t's opponent in round slot x as team SB weighs it (rules.sb_opp: match or game
 * points as an opponent's are seen, art. 16), in *opp: false when the round has no part in SB
 * (a round robin's round not met: its rest round). In a Swiss an unplayed round is a dummy
 * opponent with t's own score. */
static bool sb_opp_score(const ctx *c, int t, const slot *x, long *opp)
{
    const rank_rules *rr = c->rr;
    if (met(c, x))
        *opp = rr->sb_opp == RANK_GP ? c->agp[x->opp] : c->amp[x->opp];
    else if (!rr->rr)
        *opp = rr->sb_opp == RANK_GP ? c->gp2[t] : c->mp[t];
    else
        return false;
    return true;
}

/* C.07 art. 9.1 for teams, read by rules.sb (rank_sb): RANK_SB_ART16, each opponent's score
 * (match or game points, rules.sb_opp) times the team's result against it (match or game
 * points, rules.sb_own), art. 16 as in BH; RANK_SB_PLAYED, the matches played only. */
static void tb_sb(const ctx *c, const int *group, long *v)
{
    (void)group;
    const rank_rules *rr = c->rr;
    for (int t = 1; t <= c->n; t++) {
        v[t] = 0;
        for (int r = 1; r <= c->R; r++) {
            const slot *x = at(c, t, r);
            long opp;
            if (rr->sb == RANK_SB_PLAYED) {
                if (x->kind == RANK_S_PLAYED)
                    v[t] += (long)c->mp[x->opp] * x->gp2;
                continue;
            }
            if (sb_opp_score(c, t, x, &opp))
                v[t] += opp * (rr->sb_own == RANK_GP ? x->gp2 : x->mp);
        }
    }
}

/* C.07 art. 14.1 Cut-1 on team SB (RANK_SB_ART16's parts): the least significant value is the
 * part of the opponent with the lowest score (rules.sb_opp), the lower part first among
 * equal scores, as FIDE TEC's TieBreakServer cuts SB; a voluntarily unplayed round's part (the
 * last one) is cut before any other (art. 16.5), as BH-C1 does. */
static void tb_sb_c1(const ctx *c, const int *group, long *v)
{
    (void)group;
    const rank_rules *rr = c->rr;
    for (int t = 1; t <= c->n; t++) {
        long sum = 0, low_score = 0, low_part = 0, vol = -1;
        bool any = false;
        for (int r = 1; r <= c->R; r++) {
            const slot *x = at(c, t, r);
            long opp;
            if (!sb_opp_score(c, t, x, &opp))
                continue;
            long part = opp * (rr->sb_own == RANK_GP ? x->gp2 : x->mp);
            sum += part;
            if (!any || opp < low_score || (opp == low_score && part < low_part)) {
                low_score = opp;
                low_part = part;
            }
            any = true;
            if (voluntary(c, x))
                vol = part;
        }
        v[t] = !any ? 0 : sum - (vol >= 0 ? vol : low_part);
    }
}

/* Seed 003 art. 6b: the lower team rating ranks higher: the number of teams rated above. */
static void tb_low_rating(const ctx *c, const int *group, long *v)
{
    (void)group;
    for (int t = 1; t <= c->n; t++) {
        v[t] = 0;
        for (int u = 1; u <= c->n; u++)
            v[t] += roster_rating_cmp(&c->rating[u], &c->rating[t]) > 0;
    }
}

/* Direct encounter among the teams mem[0..k-1], C.07 art. 6: each team's match points in its
 * meetings with the others (averaged per opponent when they met more than once; x12 keeps
 * that exact for up to 4 meetings). If all have met, rank by it; if not, a team is placed
 * first only if its score beats every other's best possible one (missing meetings won), then
 * the same for the next place, and so on. Teams still tied are ranked again among
 * themselves (our reading: the iteration FIDE TEC's TieBreakServer applies). Writes tiers
 * (0 = best) from tier0 to tier[team]; returns the number of tiers used. */
static int de_tiers(const ctx *c, int *mem, int k, int *tier, int tier0)
{
    if (k == 1) {
        tier[mem[0]] = tier0;
        return 1;
    }
    long *sc = xcalloc((size_t)k, sizeof *sc), *mx = xcalloc((size_t)k, sizeof *mx);
    bool all = true;
    for (int i = 0; i < k; i++) {
        int seen = 0;
        for (int j = 0; j < k; j++) {
            size_t ij = (size_t)(mem[i] - 1) * (size_t)c->n + (size_t)(mem[j] - 1);
            if (j != i && c->meet[ij]) {
                sc[i] += 12L * c->de[ij] / c->meet[ij];
                seen++;
            }
        }
        mx[i] = sc[i] + 12L * c->rr->win_mp * (k - 1 - seen);
        all = all && seen == k - 1;
    }
    for (int i = 1; i < k; i++) /* by score, then team number: insertion sort, k small */
        for (int j = i; j > 0 && (sc[j] > sc[j - 1] || (sc[j] == sc[j - 1] && mem[j] < mem[j - 1]));
             j--) {
            long a = sc[j], b = mx[j];
            int m = mem[j];
            sc[j] = sc[j - 1], mx[j] = mx[j - 1], mem[j] = mem[j - 1];
            sc[j - 1] = a, mx[j - 1] = b, mem[j - 1] = m;
        }
    int used = 0, pos = 0;
    if (all) {
        if (sc[0] != sc[k - 1])
            for (int i = 0; i < k; i = pos) {
                for (pos = i; pos < k && sc[pos] == sc[i]; pos++)
                    ;
                used += de_tiers(c, mem + i, pos - i, tier, tier0 + used);
            }
    } else {
        for (; pos < k - 1; pos++) {
            long best_other = 0;
            for (int j = pos + 1; j < k; j++)
                best_other = mx[j] > best_other ? mx[j] : best_other;
            if (sc[pos] <= best_other)
                break;
            tier[mem[pos]] = tier0 + used++;
        }
        if (pos == k - 1) /* the last one is alone too */
            tier[mem[pos]] = tier0 + used++;
        else if (pos > 0)
            used += de_tiers(c, mem + pos, k - pos, tier, tier0 + used);
    }
    if (used == 0) { /* no separation: one tier */
        for (int i = 0; i < k; i++)
            tier[mem[i]] = tier0;
        used = 1;
    }
    free(sc);
    free(mx);
    return used;
}

/* RANK_DE_ALL_MET: inside each tie group, the match points scored in meetings between its
 * members; it decides only if every member met every other; otherwise 0 for the group. */
static void de_all_met(const ctx *c, const int *group, long *v)
{
    int *size = xcalloc((size_t)c->n + 2, sizeof *size);
    int *stamp = xcalloc((size_t)c->n + 1, sizeof *stamp);
    bool *complete = xmalloc(((size_t)c->n + 2) * sizeof *complete);
    for (int t = 1; t <= c->n; t++)
        size[group[t]]++;
    for (int g = 0; g <= c->n + 1; g++)
        complete[g] = true;
    for (int t = 1; t <= c->n; t++) {
        v[t] = 0;
        int distinct = 0;
        for (int r = 1; r <= c->R; r++) {
            const slot *x = at(c, t, r);
            if (!met(c, x) || group[x->opp] != group[t])
                continue;
            v[t] += x->mp;
            if (stamp[x->opp] != t) {
                stamp[x->opp] = t;
                distinct++;
            }
        }
        if (distinct != size[group[t]] - 1)
            complete[group[t]] = false;
    }
    for (int t = 1; t <= c->n; t++)
        if (size[group[t]] < 2 || !complete[group[t]])
            v[t] = 0;
    free(size);
    free(stamp);
    free(complete);
}

static void tb_de(const ctx *c, const int *group, long *v)
{
    if (c->rr->de == RANK_DE_ALL_MET) {
        de_all_met(c, group, v);
        return;
    }
    int *mem = xcalloc((size_t)c->n + 1, sizeof *mem),
        *tier = xcalloc((size_t)c->n + 1, sizeof *tier);
    bool *done = xcalloc((size_t)c->n + 1, sizeof *done);
    for (int t = 1; t <= c->n; t++) {
        if (done[t])
            continue;
        int k = 0;
        for (int u = t; u <= c->n; u++)
            if (group[u] == group[t]) {
                mem[k++] = u;
                done[u] = true;
            }
        int tiers = de_tiers(c, mem, k, tier, 0);
        for (int i = 0; i < k; i++)
            v[mem[i]] = tiers - 1 - tier[mem[i]]; /* higher is better */
    }
    free(mem);
    free(tier);
    free(done);
}

/* T-ARMAGEDDON: play-off games won against teams of the same tie group. */
static void tb_playoff(const ctx *c, const int *group, long *v)
{
    for (int t = 1; t <= c->n; t++)
        v[t] = 0;
    for (int i = 0; i < c->npo; i++) {
        int w = c->po[i][0], l = c->po[i][1];
        if (w >= 1 && w <= c->n && l >= 1 && l <= c->n && group[w] == group[l])
            v[w]++;
    }
}

static const struct {
    int id;
    const char *name;
    void (*fn)(const ctx *c, const int *group, long *v);
} TB[] = {
    {RANK_TB_GP, "GP", tb_gp},          {RANK_TB_DE, "DE", tb_de},
    {RANK_TB_WIN, "WIN", tb_win},       {RANK_TB_SB, "SB", tb_sb},
    {RANK_TB_BH, "BH", tb_bh},          {RANK_TB_LOW_RATING, "LOW", tb_low_rating},
    {RANK_TB_BH_C1, "BH-C1", tb_bh_c1}, {RANK_TB_PLAYOFF, "PO", tb_playoff},
    {RANK_TB_SB_C1, "SB-C1", tb_sb_c1},
};

static int find_tb(int id)
{
    for (size_t i = 0; i < BH_ARRAY_LEN(TB); i++)
        if (TB[i].id == id)
            return (int)i;
    return -1;
}

const char *rank_tb_name(int tb)
{
    int i = find_tb(tb);
    return i < 0 ? "?" : TB[i].name;
}

int rank_tb_scale(const rank_rules *rr, int tb)
{
    if (tb == RANK_TB_GP)
        return 2;
    if (tb == RANK_TB_SB && rr->sb == RANK_SB_PLAYED)
        return 2;
    if (tb == RANK_TB_SB || tb == RANK_TB_SB_C1)
        return (rr->sb_opp == RANK_GP ? 2 : 1) * (rr->sb_own == RANK_GP ? 2 : 1);
    return 1;
}

/* ---- building the slots ---- */

static int bad(refusal *why, int rc, int i)
{
    return refusal_set(why, rc, "F-RR", "matches", i);
}

static int put(ctx *c, int t, int r, uint8_t kind, int opp, int mp, int gp2)
{
    slot *x = at(c, t, r);
    if (x->kind != RANK_S_NONE)
        return BH_EEXIST;
    *x = (slot){kind, mp == c->rr->win_mp, opp, mp, gp2};
    return BH_OK;
}

static int record(ctx *c, const rank_match *m)
{
    const rank_rules *rr = c->rr;
    int r = m->round, a = m->a, b = m->b, rc;
    if (m->kind >= RANK_KIND_N_ || r < 1 || r > c->R || a < 1 || a > c->n || b < 0 || b > c->n ||
        a == b || m->gp2_a < 0 || m->gp2_b < 0 || (b == 0) != (m->kind >= RANK_PAB))
        return BH_EINVAL;
    switch (m->kind) {
    case RANK_PLAYED: {
        int d = m->gp2_a - m->gp2_b;
        int ma = d > 0 ? rr->win_mp : d == 0 ? rr->draw_mp : 0;
        int mb = d < 0 ? rr->win_mp : d == 0 ? rr->draw_mp : 0;
        if ((rc = put(c, a, r, RANK_S_PLAYED, b, ma, m->gp2_a)) != BH_OK)
            return rc;
        return put(c, b, r, RANK_S_PLAYED, a, mb, m->gp2_b);
    }
    case RANK_FF_A:
    case RANK_FF_B:
    case RANK_FF_BOTH: {
        bool wa = m->kind == RANK_FF_B, wb = m->kind == RANK_FF_A;
        if ((rc = put(c, a, r, wa ? RANK_S_FF_WIN : RANK_S_FF_LOSS, b, wa ? rr->win_mp : 0,
                      m->gp2_a)) != BH_OK)
            return rc;
        return put(c, b, r, wb ? RANK_S_FF_WIN : RANK_S_FF_LOSS, a, wb ? rr->win_mp : 0, m->gp2_b);
    }
    case RANK_PAB: return put(c, a, r, RANK_S_PAB, 0, rr->draw_mp, m->gp2_a);
    case RANK_HPB: return put(c, a, r, RANK_S_HPB, 0, rr->draw_mp, m->gp2_a);
    case RANK_ZPB: return put(c, a, r, RANK_S_ZPB, 0, 0, m->gp2_a);
    default: return put(c, a, r, RANK_S_ABSENT, 0, 0, m->gp2_a);
    }
}

/* ---- the crosstable ---- */

rank_xt *rank_xt_new(const rank_rules *rr, int n, int rounds)
{
    ctx *c = xcalloc(1, sizeof *c);
    size_t nn = (size_t)n + 1;
    c->rr = rr;
    c->n = n;
    c->R = rounds;
    c->s = xcalloc(nn * ((size_t)rounds + 1), sizeof *c->s);
    c->mp = xcalloc(nn, sizeof *c->mp);
    c->gp2 = xcalloc(nn, sizeof *c->gp2);
    c->amp = xcalloc(nn, sizeof *c->amp);
    c->agp = xcalloc(nn, sizeof *c->agp);
    c->meet = xcalloc((size_t)n * (size_t)n + 1, sizeof *c->meet);
    c->de = xcalloc((size_t)n * (size_t)n + 1, sizeof *c->de);
    return c;
}

void rank_xt_free(rank_xt *c)
{
    if (!c)
        return;
    free(c->s);
    free(c->mp);
    free(c->gp2);
    free(c->amp);
    free(c->agp);
    free(c->meet);
    free(c->de);
    free(c->po);
    free(c);
}

rank_slot *rank_xt_slot(rank_xt *c, int t, int r)
{
    return at(c, t, r);
}

void rank_xt_playoff(rank_xt *c, int winner, int loser)
{
    BH_GROW(c->po, c->npo, c->cappo);
    c->po[c->npo][0] = winner;
    c->po[c->npo++][1] = loser;
}

int rank_xt_close(rank_xt *c)
{
    const rank_rules *rr = c->rr;
    int rc = BH_OK, n = c->n;
    for (int t = 1; t <= n; t++) {
        c->mp[t] = c->gp2[t] = 0;
        for (int r = 1; r <= c->R; r++) {
            const slot *x = at(c, t, r);
            c->mp[t] += x->mp;
            c->gp2[t] += x->gp2;
            if (!met(c, x) || x->opp < 1 || x->opp > n)
                continue;
            size_t ij = (size_t)(t - 1) * (size_t)n + (size_t)(x->opp - 1);
            if (++c->meet[ij] > 4)
                rc = BH_ELIMIT;
            c->de[ij] += x->mp;
        }
        c->amp[t] = c->mp[t];
        c->agp[t] = c->gp2[t];
        /* Art. 16 (16.3.2): the voluntarily unplayed rounds after the team's last other
         * round count as draws for its opponents, but only those without a scheduled
         * opponent (requested byes, rounds not paired in); a forfeit loss keeps the points
         * awarded, 0, wherever it is (16.3.1), as in FIDE TEC's TieBreakServer (its adjusted
         * score: the points of a round with an opponent stand). */
        for (int r = c->R; r >= 1 && voluntary(c, at(c, t, r)); r--) {
            const slot *x = at(c, t, r);
            if (x->kind == RANK_S_FF_LOSS)
                continue;
            c->amp[t] += rr->draw_mp - x->mp;
            c->agp[t] += rr->boards - x->gp2;
        }
    }
    return rc;
}

int rank_xt_mp(const rank_xt *c, int t)
{
    return c->mp[t];
}

int rank_xt_gp2(const rank_xt *c, int t)
{
    return c->gp2[t];
}

int rank_xt_tb(const rank_xt *c, int tb, const int *group, int *v)
{
    int i = find_tb(tb);
    if (i < 0 || tb == RANK_TB_LOW_RATING)
        return BH_EINVAL;
    long *lv = xcalloc((size_t)c->n + 1, sizeof *lv);
    TB[i].fn(c, group, lv);
    for (int t = 1; t <= c->n; t++)
        v[t] = (int)lv[t];
    free(lv);
    return BH_OK;
}

/* ---- the table ---- */

/* tb_order's view of rr->tb: tie-break k as ints (the values fit: rank_compute's limits) */
static void rank_step(void *arg, int k, const int *group, int *v)
{
    const ctx *c = arg;
    long *lv = xcalloc((size_t)c->n + 1, sizeof *lv);
    TB[find_tb(c->rr->tb[k])].fn(c, group, lv);
    for (int t = 1; t <= c->n; t++)
        v[t] = (int)lv[t];
    free(lv);
}

int rank_compute(const rank_rules *rr, int n, const rank_match *m, int n_m,
                 const roster_rating *rating, rank_table *out, refusal *why)
{
    if (n < 1 || n > RANK_MAX_TEAMS || rr->n_tb < 0 || rr->n_tb > RANK_MAX_TB || rr->boards < 1 ||
        rr->sb_opp > RANK_GP || rr->sb_own > RANK_GP || rr->sb > RANK_SB_PLAYED ||
        rr->de > RANK_DE_ALL_MET)
        return refusal_set(why, BH_EINVAL, "F-RR", "rules", -1);
    for (int k = 0; k < rr->n_tb; k++) {
        if (find_tb(rr->tb[k]) < 0)
            return refusal_set(why, BH_EINVAL, "F-RR", "rules", k);
        if (rr->tb[k] == RANK_TB_LOW_RATING && !rating)
            return refusal_set(why, BH_EINVAL, "F-GROUPS", "rating", -1);
    }
    int R = 0;
    for (int i = 0; i < n_m; i++) {
        if (m[i].round < 1 || m[i].round > RANK_MAX_ROUNDS)
            return bad(why, BH_EINVAL, i);
        R = m[i].round > R ? m[i].round : R;
    }
    ctx *c = rank_xt_new(rr, n, R);
    int rc = BH_OK;
    for (int i = 0; i < n_m && rc == BH_OK; i++)
        if ((rc = record(c, &m[i])) != BH_OK)
            bad(why, rc, i);
    if (rc == BH_OK && (rc = rank_xt_close(c)) != BH_OK)
        bad(why, rc, -1);
    if (rc != BH_OK) {
        rank_xt_free(c);
        return rc;
    }
    c->rating = rating;
    rank_row *rows = xcalloc((size_t)n, sizeof *rows);
    int *order = xcalloc((size_t)n, sizeof *order);
    int *val = xcalloc(((size_t)n + 1) * (size_t)rr->n_tb + 1, sizeof *val);
    bool *tied = xcalloc((size_t)n, sizeof *tied);
    tb_order(n, c->mp, rr->n_tb, rank_step, c, order, val, tied);
    for (int i = 0; i < n; i++) {
        int t = order[i];
        rows[i] = (rank_row){
            .team = t, .place = i + 1, .mp = c->mp[t], .gp2 = c->gp2[t], .tied_next = tied[i]};
        for (int k = 0; k < rr->n_tb; k++)
            rows[i].tb[k] = val[t * rr->n_tb + k];
    }
    out->n = n;
    out->rows = rows;
    out->rules = *rr;
    free(order);
    free(val);
    free(tied);
    rank_xt_free(c);
    return BH_OK;
}

void rank_table_fini(rank_table *t)
{
    if (!t)
        return;
    free(t->rows);
    t->rows = NULL;
    t->n = 0;
}

static void scaled(buf *b, long v, int scale)
{
    if (scale == 1)
        buf_printf(b, " %7ld", v);
    else if (scale == 2)
        buf_printf(b, " %5ld.%d", v / 2, v % 2 ? 5 : 0);
    else
        buf_printf(b, " %4ld.%02ld", v / 4, v % 4 * 25);
}

/* s left-aligned in `width` columns, counting UTF-8 code points (names are UTF-8: "Каисса"),
 * cut at a code-point boundary if longer. */
static void pad(buf *b, const char *s, int width)
{
    int cols = 0;
    size_t i = 0;
    for (; s[i]; i++) {
        bool lead = ((unsigned char)s[i] & 0xC0) != 0x80;
        if (lead && cols == width)
            break;
        cols += lead;
    }
    buf_printf(b, "%.*s%*s", (int)i, s, width - cols, "");
}

char *rank_format(const rank_table *t, const char *const *names)
{
    buf b = {0};
    buf_printf(&b, "Place  %-24s %4s %7s", "Team", "MP", "GP");
    for (int k = 0; k < t->rules.n_tb; k++) /* GP has its own column */
        if (t->rules.tb[k] != RANK_TB_GP)
            buf_printf(&b, " %7s", rank_tb_name(t->rules.tb[k]));
    buf_printf(&b, "\n");
    for (int i = 0; i < t->n; i++) {
        const rank_row *r = &t->rows[i];
        char num[16];
        snprintf(num, sizeof num, "%d", r->team);
        buf_printf(&b, "%5d  ", r->place);
        pad(&b, names ? names[r->team] : num, 24);
        buf_printf(&b, " %4d", r->mp);
        scaled(&b, r->gp2, 2);
        for (int k = 0; k < t->rules.n_tb; k++)
            if (t->rules.tb[k] != RANK_TB_GP)
                scaled(&b, r->tb[k], rank_tb_scale(&t->rules, t->rules.tb[k]));
        bool lot = r->tied_next || (i > 0 && t->rows[i - 1].tied_next);
        buf_printf(&b, "%s\n", lot ? "  (lot)" : "");
    }
    return b.p;
}
