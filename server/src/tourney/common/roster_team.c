/* roster_team.c: a team's records in an event's saved text (roster_team.h).
 * SPDX-License-Identifier: MIT */
#include "roster_team.h"

#include <stdio.h>
#include <string.h>

#include "bh.h"
#include "text_esc.h"

void roster_team_remove(roster_team *t, int *n, int k)
{
    memmove(&t[k], &t[k + 1], (size_t)(*n - k) * sizeof *t);
    (*n)--;
}

void roster_team_save(buf *b, const roster_team *t)
{
    buf_printf(b, "team %lld %d", (long long)t->id, t->captain);
    text_esc(b, t->name);
    buf_printf(b, "\n");
    for (int i = 0; i < t->r.n; i++) {
        const roster_player *p = &t->r.p[i];
        buf_printf(b, "player %d %d %d", p->id, p->rating, p->invited ? 1 : 0);
        text_esc(b, p->name);
        buf_printf(b, "\n");
    }
}

int roster_team_read(roster_team *t, char **tok, int nt)
{
    long long tid, cap;
    if (nt != 4)
        goto bad;
    TEXT_NUM(1, INT64_MIN, INT64_MAX, tid);
    TEXT_NUM(2, 1, INT32_MAX, cap);
    text_unesc(tok[3]);
    t->id = tid;
    t->captain = (int)cap;
    snprintf(t->name, sizeof t->name, "%s", tok[3]);
    roster_init(&t->r);
    return BH_OK;
bad:
    return BH_EPARSE;
}

int roster_team_read_player(roster_team *t, char **tok, int nt)
{
    long long pid, rating, inv;
    if (nt != 5)
        goto bad;
    TEXT_NUM(1, 1, INT32_MAX, pid);
    TEXT_NUM(2, 0, ROSTER_RATING_MAX, rating);
    TEXT_NUM(3, 0, 1, inv);
    text_unesc(tok[4]);
    if (roster_add(&t->r, (int)pid, tok[4], (int)rating, inv != 0, NULL) != BH_OK)
        goto bad;
    return BH_OK;
bad:
    return BH_EPARSE;
}
