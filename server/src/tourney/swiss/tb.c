/* tb.c: the Swiss's tie-breaks and standings (T-TIEBREAK, T-ARMAGEDDON, T-PRIZES) over the
 * one C.07 engine (rank.h): the model's slots become a crosstable, each tie-break of the
 * ruleset (tour.h's TB_*) is one of the engine's, read the Swiss's way (direct encounter
 * RANK_DE_ALL_MET, Sonneborn-Berger the opponents' match points as C.07 art. 16 adjusts them
 * times the game points scored against them), and the standings are ordered as every
 * team event's are (tb_order.h). SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "buf.h"
#include "rank.h"
#include "tb.h"
#include "tb_order.h"
#include "xalloc.h"

/* The Swiss's tie-breaks: the engine's, their short names, and whether a value is x2. */
static const struct {
    int id;
    int rank; /* rank_tb */
    const char *name;
    bool x2;
} TB[] = {
    {TB_DE, RANK_TB_DE, "DE", false},           {TB_BH_C1, RANK_TB_BH_C1, "BH-C1", false},
    {TB_BH, RANK_TB_BH, "BH", false},           {TB_GP, RANK_TB_GP, "GP", true},
    {TB_WON, RANK_TB_WIN, "WON", false},        {TB_SB, RANK_TB_SB, "SB", true},
    {TB_PLAYOFF, RANK_TB_PLAYOFF, "PO", false}, {TB_SB_C1, RANK_TB_SB_C1, "SB-C1", true},
};

static const uint8_t KIND[] = {
    [TOUR_SLOT_ABSENT] = RANK_S_ABSENT, [TOUR_SLOT_PENDING] = RANK_S_PENDING,
    [TOUR_SLOT_PLAYED] = RANK_S_PLAYED, [TOUR_SLOT_PAB] = RANK_S_PAB,
    [TOUR_SLOT_FF_WIN] = RANK_S_FF_WIN, [TOUR_SLOT_FF_LOSS] = RANK_S_FF_LOSS,
    [TOUR_SLOT_HPB] = RANK_S_HPB,       [TOUR_SLOT_ZPB] = RANK_S_ZPB,
    [TOUR_SLOT_FPB] = RANK_S_FPB,
};

typedef struct {
    rank_rules rr;
    rank_xt *x;
    int n, R; /* teams, rounds counted */
} tbc;

/* t's crosstable over rounds 1..upto (< 0 or past the rounds paired: all), its play-offs
 * included. A round won: a match won over the board, by forfeit, or a full-point bye. */
static void tbc_init(tbc *c, const tour *t, int upto)
{
    const tour_ruleset *rs = tour_rules(t);
    c->n = tour_n_teams(t);
    c->R = upto < 0 || upto > tour_n_rounds(t) ? tour_n_rounds(t) : upto;
    memset(&c->rr, 0, sizeof c->rr);
    c->rr.win_mp = 2;
    c->rr.draw_mp = rs->score_per == TOUR_SCORE_GAME ? 2 : 1;
    c->rr.boards = rs->games;
    c->rr.sb = rs->legacy_tb ? RANK_SB_PLAYED : RANK_SB_ART16;
    c->rr.sb_opp = RANK_MP; /* SB: opponents' match points (art. 16) x own game points */
    c->rr.sb_own = RANK_GP;
    c->rr.de = RANK_DE_ALL_MET;
    c->x = rank_xt_new(&c->rr, c->n, c->R);
    for (int id = 1; id <= c->n; id++)
        for (int r = 1; r <= c->R; r++) {
            tour_slot s;
            tour_slot_get(t, id, r, &s);
            rank_slot *x = rank_xt_slot(c->x, id, r);
            x->kind = s.kind < (int)BH_ARRAY_LEN(KIND) ? KIND[s.kind] : RANK_S_ABSENT;
            x->opp = s.opp;
            x->mp = s.mp;
            x->gp2 = s.gp2;
            x->won = (s.kind == TOUR_SLOT_PLAYED && s.gp2 > s.opp_gp2) ||
                     s.kind == TOUR_SLOT_FF_WIN || s.kind == TOUR_SLOT_FPB;
        }
    for (int i = 0; i < tour_n_playoffs(t); i++) {
        const tour_playoff *p = tour_playoff_get(t, i);
        rank_xt_playoff(c->x, p->winner, p->loser);
    }
    rank_xt_close(c->x); /* a Swiss has no rematch: no BH_ELIMIT */
}

static void tbc_fini(tbc *c)
{
    rank_xt_free(c->x);
}

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
                if (rank_xt_mp(c.x, y) == rank_xt_mp(c.x, x)) {
                    g[x] = g[y];
                    break;
                }
        }
    }
    rank_xt_tb(c.x, TB[i].rank, group ? group : g, vals);
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
    rank_xt_tb(st->c->x, TB[st->ix[k]].rank, group, v);
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
    int *mp = xcalloc((size_t)n + 1, sizeof *mp);
    for (int id = 1; id <= n; id++)
        mp[id] = rank_xt_mp(c.x, id);
    tb_order(n, mp, n_tb, tb_step, &st, order, val, tied);
    for (int x = 0; x < n; x++) {
        int id = order[x];
        tb_row *r = &rows[x];
        *r = (tb_row){.id = id, .place = x + 1, .mp = mp[id], .gp2 = rank_xt_gp2(c.x, id)};
        for (int k = 0; k < n_tb; k++)
            r->tb[k] = val[id * n_tb + k];
        r->prize = x < 3 && c.R > 0; /* T-PRIZES; no prize place before round 1 */
        r->tied_next = tied[x];
    }
    out->n = n;
    out->rows = rows;
    out->n_tb = n_tb;
    free(mp);
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
