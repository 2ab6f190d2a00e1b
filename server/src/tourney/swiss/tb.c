/* tb.c: tie-breaks as a table of functions, and the standings built from them.
 * SPDX-License-Identifier: MIT
 * C.07 (from 1 August 2024), art. 16: a team's own unplayed rounds count against a dummy
 * opponent with the team's own final score; an opponent's requested byes and rounds it was
 * not paired in (a withdrawal) that are followed only by voluntarily unplayed rounds count as
 * draws (16.2.5, 16.3.2), while its forfeit losses keep their 0 wherever they are (16.2.4,
 * 16.3.1: the points awarded); Cut-1 (art. 14) cuts a voluntarily unplayed round before any
 * other (art. 16.5). The 2026 edition of C.07 (from 1 March 2026) caps those dummies (16.4:
 * at the opponent's score, or at a draw a round); that is not applied here. */
#include <stdio.h>
#include <stdlib.h>

#include "bh.h"
#include "buf.h"
#include "tb.h"
#include "tb_order.h"
#include "xalloc.h"

typedef struct {
    const tour *t;
    int n, R;      /* teams, rounds paired */
    tour_slot *s;  /* (n+1) x (R+1): s[id * (R+1) + r] */
    int *mp, *gp2; /* by id */
    int *adj;      /* by id: score as an opponent (trailing voluntary rounds as draws) */
    int draw_mp;   /* match points of a drawn match */
} tbc;

static const tour_slot *slot(const tbc *c, int id, int r)
{
    return &c->s[(size_t)id * (size_t)(c->R + 1) + (size_t)r];
}

static bool met(int kind)
{
    return kind == TOUR_SLOT_PLAYED || kind == TOUR_SLOT_PENDING;
}

/* upto: the rounds counted (1..upto; < 0 or past the rounds paired: all) */
static void tbc_init(tbc *c, const tour *t, int upto)
{
    c->t = t;
    c->n = tour_n_teams(t);
    c->R = upto < 0 || upto > tour_n_rounds(t) ? tour_n_rounds(t) : upto;
    c->s = xcalloc(((size_t)c->n + 1) * ((size_t)c->R + 1), sizeof *c->s);
    c->mp = xcalloc((size_t)c->n + 1, sizeof *c->mp);
    c->gp2 = xcalloc((size_t)c->n + 1, sizeof *c->gp2);
    c->adj = xcalloc((size_t)c->n + 1, sizeof *c->adj);
    c->draw_mp = tour_rules(t)->score_per == TOUR_SCORE_GAME ? 2 : 1;
    for (int id = 1; id <= c->n; id++) {
        for (int r = 1; r <= c->R; r++) {
            tour_slot *x = &c->s[(size_t)id * (size_t)(c->R + 1) + (size_t)r];
            tour_slot_get(t, id, r, x);
            c->mp[id] += x->mp;
            c->gp2[id] += x->gp2;
        }
        c->adj[id] = c->mp[id];
        for (int r = c->R; r >= 1 && tour_slot_is_voluntary(slot(c, id, r)->kind); r--)
            if (slot(c, id, r)->kind != TOUR_SLOT_FF_LOSS)
                c->adj[id] += c->draw_mp - slot(c, id, r)->mp;
    }
}

static void tbc_fini(tbc *c)
{
    free(c->s);
    free(c->mp);
    free(c->gp2);
    free(c->adj);
}

/* Buchholz contributions of one round (art. 16: dummy opponent for own unplayed rounds). */
static int bh_part(const tbc *c, int id, int r)
{
    const tour_slot *x = slot(c, id, r);
    return met(x->kind) ? c->adj[x->opp] : c->mp[id];
}

static void tb_bh(const tbc *c, const int *group, int *v)
{
    (void)group;
    for (int id = 1; id <= c->n; id++) {
        v[id] = 0;
        for (int r = 1; r <= c->R; r++)
            v[id] += bh_part(c, id, r);
    }
}

static void tb_bh_c1(const tbc *c, const int *group, int *v)
{
    (void)group;
    for (int id = 1; id <= c->n; id++) {
        int sum = 0, low = 0, vol = -1;
        for (int r = 1; r <= c->R; r++) {
            int p = bh_part(c, id, r);
            sum += p;
            if (r == 1 || p < low)
                low = p;
            if (tour_slot_is_voluntary(slot(c, id, r)->kind))
                vol = p; /* art. 16.5: cut first */
        }
        v[id] = c->R == 0 ? 0 : sum - (vol >= 0 ? vol : low);
    }
}

static void tb_gp(const tbc *c, const int *group, int *v)
{
    (void)group;
    for (int id = 1; id <= c->n; id++)
        v[id] = c->gp2[id];
}

static void tb_won(const tbc *c, const int *group, int *v)
{
    (void)group;
    for (int id = 1; id <= c->n; id++) {
        v[id] = 0;
        for (int r = 1; r <= c->R; r++) {
            const tour_slot *x = slot(c, id, r);
            v[id] += (x->kind == TOUR_SLOT_PLAYED && x->gp2 > tour_rules(c->t)->games) ||
                     x->kind == TOUR_SLOT_FF_WIN || x->kind == TOUR_SLOT_FPB;
        }
    }
}

/* Team Sonneborn-Berger: each opponent's match points times the game points (x2) scored
 * against it, over the matches played (choice: the F-RR reading). */
static void tb_sb(const tbc *c, const int *group, int *v)
{
    (void)group;
    for (int id = 1; id <= c->n; id++) {
        v[id] = 0;
        for (int r = 1; r <= c->R; r++) {
            const tour_slot *x = slot(c, id, r);
            if (x->kind == TOUR_SLOT_PLAYED)
                v[id] += c->mp[x->opp] * x->gp2;
        }
    }
}

/* Direct encounter (C.07 art. 6): inside each tie group, the match points scored in matches
 * played between its members; it decides only if every member has met every other (choice:
 * a forfeit is not a meeting, T-FORFEIT); otherwise it is 0 for the whole group. */
static void tb_de(const tbc *c, const int *group, int *v)
{
    int *size = xcalloc((size_t)c->n + 2, sizeof *size);
    int *stamp = xcalloc((size_t)c->n + 1, sizeof *stamp);
    bool *complete = xmalloc(((size_t)c->n + 2) * sizeof *complete);
    for (int id = 1; id <= c->n; id++)
        size[group[id]]++;
    for (int g = 0; g <= c->n + 1; g++)
        complete[g] = true;
    for (int id = 1; id <= c->n; id++) {
        v[id] = 0;
        int distinct = 0;
        for (int r = 1; r <= c->R; r++) {
            const tour_slot *x = slot(c, id, r);
            if (!met(x->kind) || group[x->opp] != group[id])
                continue;
            v[id] += x->mp;
            if (stamp[x->opp] != id) {
                stamp[x->opp] = id;
                distinct++;
            }
        }
        if (distinct != size[group[id]] - 1)
            complete[group[id]] = false;
    }
    for (int id = 1; id <= c->n; id++)
        if (size[group[id]] < 2 || !complete[group[id]])
            v[id] = 0;
    free(size);
    free(stamp);
    free(complete);
}

/* Armageddon play-off (T-ARMAGEDDON): games won against teams of the same tie group. */
static void tb_playoff(const tbc *c, const int *group, int *v)
{
    for (int id = 1; id <= c->n; id++)
        v[id] = 0;
    for (int i = 0; i < tour_n_playoffs(c->t); i++) {
        const tour_playoff *p = tour_playoff_get(c->t, i);
        if (p->winner <= c->n && p->loser <= c->n && group[p->winner] == group[p->loser])
            v[p->winner]++;
    }
}

static const struct {
    int id;
    const char *name;
    bool x2;
    void (*fn)(const tbc *c, const int *group, int *v);
} TB[] = {
    {TB_DE, "DE", false, tb_de},           {TB_BH_C1, "BH-C1", false, tb_bh_c1},
    {TB_BH, "BH", false, tb_bh},           {TB_GP, "GP", true, tb_gp},
    {TB_WON, "WON", false, tb_won},        {TB_SB, "SB", true, tb_sb},
    {TB_PLAYOFF, "PO", false, tb_playoff},
};

static int find_tb(int id)
{
    for (size_t i = 0; i < BH_ARRAY_LEN(TB); i++)
        if (TB[i].id == id)
            return (int)i;
    return -1;
}

const char *tb_name(int id)
{
    int i = find_tb(id);
    return i < 0 ? "?" : TB[i].name;
}

bool tb_is_x2(int id)
{
    int i = find_tb(id);
    return i >= 0 && TB[i].x2;
}

int tb_compute(const tour *t, int id, const int *group, int *vals)
{
    int i = find_tb(id);
    if (i < 0)
        return BH_EINVAL;
    tbc c;
    tbc_init(&c, t, -1);
    int *g = NULL;
    if (!group) { /* one group per match-point total, numbered by its first team */
        g = xcalloc((size_t)c.n + 1, sizeof *g);
        for (int x = 1; x <= c.n; x++) {
            g[x] = x;
            for (int y = 1; y < x; y++)
                if (c.mp[y] == c.mp[x]) {
                    g[x] = g[y];
                    break;
                }
        }
    }
    TB[i].fn(&c, group ? group : g, vals);
    vals[0] = 0;
    free(g);
    tbc_fini(&c);
    return BH_OK;
}

int tb_standings_compute(const tour *t, tb_standings *out)
{
    return tb_standings_upto(t, -1, out);
}

/* tb_order's view of the ruleset's known tie-breaks (TB indices in ix) */
typedef struct {
    const tbc *c;
    const int *ix;
} step;

static void tb_step(void *ctx, int k, const int *group, int *v)
{
    const step *st = ctx;
    TB[st->ix[k]].fn(st->c, group, v);
}

int tb_standings_upto(const tour *t, int upto, tb_standings *out)
{
    const tour_ruleset *rs = tour_rules(t);
    tbc c;
    tbc_init(&c, t, upto);
    int n = c.n, n_tb = 0, ix[TOUR_MAX_TB];
    for (int k = 0; k < rs->n_tb; k++) {
        int i = find_tb(rs->tb[k]);
        if (i < 0)
            continue;
        ix[n_tb] = i;
        out->tb[n_tb++] = rs->tb[k];
    }
    tb_row *rows = xcalloc((size_t)n + 1, sizeof *rows);
    int *order = xcalloc((size_t)n + 1, sizeof *order);
    int *val = xcalloc(((size_t)n + 1) * (size_t)n_tb + 1, sizeof *val);
    bool *tied = xcalloc((size_t)n + 1, sizeof *tied);
    step st = {&c, ix};
    tb_order(n, c.mp, n_tb, tb_step, &st, order, val, tied);
    for (int x = 0; x < n; x++) {
        int id = order[x];
        tb_row *r = &rows[x];
        *r = (tb_row){.id = id, .place = x + 1, .mp = c.mp[id], .gp2 = c.gp2[id]};
        for (int k = 0; k < n_tb; k++)
            r->tb[k] = val[id * n_tb + k];
        r->prize = x < 3 && c.R > 0; /* T-PRIZES; no prize place before round 1 */
        r->tied_next = tied[x];
    }
    out->n = n;
    out->rows = rows;
    out->n_tb = n_tb;
    free(order);
    free(val);
    free(tied);
    tbc_fini(&c);
    return BH_OK;
}

void tb_standings_fini(tb_standings *s)
{
    if (!s)
        return;
    free(s->rows);
    s->rows = NULL;
    s->n = 0;
}

static void half(buf *b, int x2, int width)
{
    buf_printf(b, "%*d.%d", width - 2, x2 / 2, x2 % 2 ? 5 : 0);
}

char *tb_format(const tour *t, const tb_standings *s)
{
    buf b = {NULL, 0, 0};
    buf_printf(&b, "Place  No  %-24s %4s %6s", "Team", "MP", "GP");
    for (int k = 0; k < s->n_tb; k++)
        buf_printf(&b, " %6s", tb_name(s->tb[k]));
    buf_printf(&b, "\n");
    for (int x = 0; x < s->n; x++) {
        const tb_row *r = &s->rows[x];
        const tour_team *tm = tour_team_get(t, r->id);
        buf_printf(&b, "%4d%c %3d  %-24.24s %4d ", r->place, r->prize ? '*' : ' ', r->id,
                  tm ? tm->name : "?", r->mp);
        half(&b, r->gp2, 6);
        for (int k = 0; k < s->n_tb; k++) {
            buf_printf(&b, " ");
            if (tb_is_x2(s->tb[k]))
                half(&b, r->tb[k], 6);
            else
                buf_printf(&b, "%6d", r->tb[k]);
        }
        buf_printf(&b, "%s\n", r->tied_next && r->place <= 3 ? "  (tied: play-off)" : "");
    }
    buf_printf(&b, "\nCrosstable\n  No");
    for (int r = 1; r <= tour_n_rounds(t); r++)
        buf_printf(&b, " %7s%d", "R", r);
    buf_printf(&b, "\n");
    for (int id = 1; id <= tour_n_teams(t); id++) {
        buf_printf(&b, "%4d", id);
        for (int r = 1; r <= tour_n_rounds(t); r++) {
            tour_slot x;
            char cell[32];
            tour_slot_get(t, id, r, &x);
            switch (x.kind) {
            case TOUR_SLOT_PLAYED:
                snprintf(cell, sizeof cell, "%d%c%d%s", x.opp, x.white ? 'w' : 'b', x.gp2 / 2,
                         x.gp2 % 2 ? ".5" : "");
                break;
            case TOUR_SLOT_PENDING:
                snprintf(cell, sizeof cell, "%d%c?", x.opp, x.white ? 'w' : 'b');
                break;
            case TOUR_SLOT_FF_WIN: snprintf(cell, sizeof cell, "+F%d", x.opp); break;
            case TOUR_SLOT_FF_LOSS: snprintf(cell, sizeof cell, "-F%d", x.opp); break;
            case TOUR_SLOT_PAB: snprintf(cell, sizeof cell, "PAB"); break;
            case TOUR_SLOT_HPB: snprintf(cell, sizeof cell, "HPB"); break;
            case TOUR_SLOT_ZPB: snprintf(cell, sizeof cell, "ZPB"); break;
            case TOUR_SLOT_FPB: snprintf(cell, sizeof cell, "FPB"); break;
            case TOUR_SLOT_ABSENT:
            default: /* absent: not paired in that round */ snprintf(cell, sizeof cell, "-"); break;
            }
            buf_printf(&b, " %8s", cell);
        }
        buf_printf(&b, "\n");
    }
    return b.p;
}
