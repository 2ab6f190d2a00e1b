/* lineup.c: line-ups by shifting (F-LINEUP, F-SHORT).
 * SPDX-License-Identifier: MIT
 * A line-up is valid when its players appear in strictly increasing roster order; then the
 * boards fill from the top and any empty boards are the lowest (the highest numbers). */
#include "lineup.h"

#include <string.h>

#include "bh.h"

void lineup_rules_seed004(lineup_rules *lr)
{
    lr->boards = 6;
    lr->reserves = 4;
    lr->max_subs = 4;
    lr->min_players = 3;
}

int lineup_check_roster(const roster *r, const lineup_rules *lr, refusal *why)
{
    if (lr->boards < 1 || lr->boards > LINEUP_MAX_BOARDS || lr->reserves < 0 || lr->max_subs < 0 ||
        lr->min_players < 1 || lr->min_players > lr->boards)
        return refusal_set(why, BH_EINVAL, "F-LINEUP", "rules", -1);
    if (r->n > lr->boards + lr->reserves)
        return refusal_set(why, BH_ELIMIT, "F-LINEUP", "players", lr->boards + lr->reserves);
    if (r->n < lr->min_players)
        return refusal_set(why, BH_ESHORT, "F-LINEUP", "players", -1);
    return BH_OK;
}

static void fill(const roster *r, const lineup_rules *lr, const int *idx, int n, lineup *out)
{
    memset(out, 0, sizeof *out);
    out->boards = lr->boards;
    out->players = n;
    for (int b = 0; b < lr->boards; b++) {
        out->board[b] = b < n ? idx[b] : -1;
        out->player[b] = b < n ? r->p[idx[b]].id : 0;
        out->subs += b < n && idx[b] >= lr->boards;
    }
}

int lineup_check(const roster *r, const lineup_rules *lr, const int *ids, int n, lineup *out,
                 refusal *why)
{
    if (n > lr->boards)
        return refusal_set(why, BH_ELIMIT, "F-LINEUP", "players", lr->boards);
    int idx[LINEUP_MAX_BOARDS];
    for (int i = 0; i < n; i++) {
        idx[i] = roster_find(r, ids[i]);
        if (idx[i] < 0)
            return refusal_set(why, BH_ENOTFOUND, "F-LINEUP", "players", i);
        for (int j = 0; j < i; j++)
            if (idx[j] == idx[i])
                return refusal_set(why, BH_EEXIST, "F-LINEUP", "players", i);
        if (i > 0 && idx[i] < idx[i - 1])
            return refusal_set(why, BH_EORDER, "F-LINEUP", "players", i);
    }
    if (n < lr->min_players)
        return refusal_set(why, BH_ESHORT, "F-SHORT", "players", -1);
    for (int i = 0, subs = 0; i < n; i++)
        if (idx[i] >= lr->boards && ++subs > lr->max_subs)
            return refusal_set(why, BH_ESUBS, "F-LINEUP", "players", i);
    fill(r, lr, idx, n, out);
    return BH_OK;
}

int lineup_submit(const roster *r, const lineup_rules *lr, const int *ids, int n,
                  const lineup_window *w, int64_t now_us, lineup *out, refusal *why)
{
    if (now_us < w->open_us)
        return refusal_set(why, BH_ESTATE, "F-LINEUP", "submitted_at", -1);
    if (now_us >= w->deadline_us)
        return refusal_set(why, BH_ELATE, "F-LINEUP", "submitted_at", -1);
    return lineup_check(r, lr, ids, n, out, why);
}

void lineup_default(const roster *r, const lineup_rules *lr, lineup *out)
{
    int idx[LINEUP_MAX_BOARDS], n = r->n < lr->boards ? r->n : lr->boards;
    for (int i = 0; i < n; i++)
        idx[i] = i;
    fill(r, lr, idx, n, out);
}
