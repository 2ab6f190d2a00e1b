/* playoff.c: the Armageddon play-off's bracket (T-ARMAGEDDON, T-PRIZES): which two teams play
 * next. SPDX-License-Identifier: MIT
 * Stateless: the next game follows from the standings and the play-off records alone, so a
 * restart or an imported TRF goes on where the bracket was. Every game is between two teams
 * of one tie group with as many play-off wins, so the wins order the group. */
#include <stdlib.h>

#include "bh.h"
#include "tb.h"
#include "xalloc.h"

typedef struct {
    int id;       /* pairing number */
    int row;      /* standings row */
    int wins;     /* play-off wins against teams of the group */
    bool waiting; /* has played no game since it reached `wins` */
} po_team;

static int by_wins(const void *x, const void *y)
{
    const po_team *a = x, *b = y;
    return a->wins != b->wins ? b->wins - a->wins : a->row - b->row;
}

/* The game due at level `wins` of g[0..n) (sorted by_wins): the first two teams waiting there,
 * else the one team waiting there against the first that lost there (the odd team's game).
 * Indices in *a < *b; false if none. */
static bool level_game(const po_team *g, int n, int wins, int *a, int *b)
{
    int wait[2] = {-1, -1}, nwait = 0, lost = -1;
    for (int i = 0; i < n; i++) {
        if (g[i].wins != wins)
            continue;
        if (g[i].waiting && nwait < 2)
            wait[nwait++] = i;
        else if (!g[i].waiting && lost < 0)
            lost = i;
    }
    if (nwait == 2 || (nwait == 1 && lost >= 0)) {
        int other = nwait == 2 ? wait[1] : lost;
        *a = wait[0] < other ? wait[0] : other;
        *b = wait[0] < other ? other : wait[0];
        return true;
    }
    return false;
}

/* The next game of group g[0..n) (sorted by_wins), whose first nprize places are prize places:
 * the game of the lowest level that has one while a prize place is open; else the first two
 * teams sharing a prize place. Indices in *a < *b; false once every prize place is decided. */
static bool group_game(const po_team *g, int n, int nprize, int *a, int *b)
{
    int pending = -1, pa = 0, pb = 0;
    for (int w = g[n - 1].wins; w <= g[0].wins && pending < 0; w++)
        if (level_game(g, n, w, &pa, &pb))
            pending = w;
    int tie = -1;
    bool open = false;
    for (int i = 0; i < nprize && i < n; i++) {
        if (i + 1 < n && g[i].wins == g[i + 1].wins && tie < 0)
            tie = i;
        /* A team below can still reach these wins: its level has a game to play. */
        open |= tie >= 0 || (pending >= 0 && pending < g[i].wins);
    }
    if (!open)
        return false;
    *a = pending >= 0 ? pa : tie;
    *b = pending >= 0 ? pb : tie + 1;
    return true;
}

/* Rows i and j are equal on match points and every tie-break before the play-off (kpo). */
static bool tied_before(const tb_row *i, const tb_row *j, int kpo)
{
    if (i->mp != j->mp)
        return false;
    for (int k = 0; k < kpo; k++)
        if (i->tb[k] != j->tb[k])
            return false;
    return true;
}

/* tour_ruleset.legacy_tb: the first two rows tied on everything, the play-off included, on a
 * prize place, neither team withdrawn (the rule tests/data/runner/golden.txt was made under). */
static bool legacy_pair(const tour *t, const tb_standings *s, int *a, int *b)
{
    for (int x = 0; x + 1 < s->n && x < 3; x++) {
        int p = s->rows[x].id, q = s->rows[x + 1].id;
        if (s->rows[x].tied_next && !tour_team_get(t, p)->withdrawn_round &&
            !tour_team_get(t, q)->withdrawn_round) {
            *a = p, *b = q;
            return true;
        }
    }
    return false;
}

bool tb_playoff_next(const tour *t, int *a, int *b)
{
    const tour_ruleset *rs = tour_rules(t);
    int kpo = -1;
    for (int k = 0; k < rs->n_tb && kpo < 0; k++)
        if (rs->tb[k] == TB_PLAYOFF)
            kpo = k;
    tb_standings s = {0};
    if (kpo < 0 || tb_standings_compute(t, &s) != BH_OK)
        return false;
    if (rs->legacy_tb) {
        bool found = legacy_pair(t, &s, a, b);
        tb_standings_fini(&s);
        return found;
    }
    po_team *g = xcalloc((size_t)s.n + 1, sizeof *g);
    bool found = false;
    for (int x = 0, y; x < 3 && x < s.n && !found; x = y) {
        for (y = x + 1; y < s.n && tied_before(&s.rows[y - 1], &s.rows[y], kpo); y++)
            ;
        int n = 0; /* rows x..y-1 are one tie group; a withdrawn team does not play */
        for (int r = x; r < y; r++)
            if (!tour_team_get(t, s.rows[r].id)->withdrawn_round)
                g[n++] = (po_team){s.rows[r].id, r, 0, true};
        if (n < 2)
            continue;
        for (int i = 0; i < tour_n_playoffs(t); i++) {
            const tour_playoff *p = tour_playoff_get(t, i);
            po_team *w = NULL, *l = NULL;
            for (int j = 0; j < n; j++) {
                w = g[j].id == p->winner ? &g[j] : w;
                l = g[j].id == p->loser ? &g[j] : l;
            }
            if (w && l) {
                w->wins++;
                w->waiting = true;
                l->waiting = false;
            }
        }
        qsort(g, (size_t)n, sizeof *g, by_wins);
        int ia, ib;
        if (group_game(g, n, (y < 3 ? y : 3) - x, &ia, &ib)) {
            *a = g[ia].id, *b = g[ib].id;
            found = true;
        }
    }
    free(g);
    tb_standings_fini(&s);
    return found;
}
