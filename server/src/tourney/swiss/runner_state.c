/* runner_state.c: the runner's lifetime, its stored state (runner.h: runner_save,
 * TRF and "<fallback> <team id by pairing number>") and read
 * access. SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "runner_int.h"
#include "trf.h"
#include "xalloc.h"

/* ---- lifetime and storage -------------------------------------------------------------------- */

runner *runner__alloc(int64_t id, tour *t, bool inline_jobs)
{
    runner *r = xcalloc(1, sizeof *r);
    r->id = id;
    r->t = t;
    r->inline_jobs = inline_jobs;
    r->team_of = xcalloc((size_t)tour_n_teams(t) + 1, sizeof *r->team_of);
    r->nteam_of = 1;
    return r;
}

void runner_free(runner *r)
{
    if (!r)
        return;
    tour_free(r->t);
    free(r->team_of);
    free(r->g);
    free(r->ch);
    free(r);
}

void runner_save(const runner *r, runner_saved *out)
{
    size_t cap = 16 + (size_t)r->nteam_of * 24;
    out->teams = xmalloc(cap);
    size_t len = (size_t)snprintf(out->teams, cap, "%d", r->fallback ? 1 : 0);
    for (int i = 1; i < r->nteam_of; i++)
        len += (size_t)snprintf(out->teams + len, cap - len, " %lld", (long long)r->team_of[i]);
    out->trf = trf_export(r->t);
    out->status = r->status;
    out->seed = r->seed;
}

void runner_saved_fini(runner_saved *s)
{
    free(s->teams);
    free(s->trf);
    s->teams = s->trf = NULL;
}

int runner_restore(int64_t id, const runner_saved *s, bool inline_jobs, runner **out, int *line)
{
    tour *t = NULL;
    int ln = 0;
    if (!s->trf || trf_import(s->trf, &t, &ln) != BH_OK) {
        if (line)
            *line = ln;
        return BH_EPARSE;
    }
    runner *r = runner__alloc(id, t, inline_jobs);
    r->status = s->status;
    r->seed = s->seed;
    /* teams: "<fallback> <team id by pairing number 1..n>" */
    const char *p = s->teams ? s->teams : "0";
    char *end;
    r->fallback = strtol(p, &end, 10) != 0;
    for (p = end; r->nteam_of <= tour_n_teams(t); p = end) {
        long long v = strtoll(p, &end, 10);
        if (end == p)
            break;
        r->team_of[r->nteam_of++] = v;
    }
    *out = r;
    return BH_OK;
}

int runner_restore_game(runner *r, tfmt_key k, int64_t team1)
{
    int64_t team2 = 0;
    const tour_match *m = tour_round_match(r->t, k.round, k.match);
    if (m && m->a < r->nteam_of && m->b < r->nteam_of)
        team2 = team1 == r->team_of[m->a] ? r->team_of[m->b] : r->team_of[m->a];
    else if (k.round == 0 && k.match > 0 && k.match < r->nteam_of)
        team2 = r->team_of[k.match]; /* a play-off game: match = Black's pairing number */
    BH_GROW(r->g, r->ng, r->capg);
    r->g[r->ng++] = (runner_game){k, {team1, team2}, false, TFMT_DRAW, 0};
    return team2 ? BH_OK : BH_EINVAL;
}

void runner_loaded(runner *r, uint64_t now_us, tfmt_acts *a)
{
    if (r->status == TFMT_RUNNING)
        runner__advance(r, now_us, 0, a); /* games due (a P-GAME2 choice asked again), next round */
}

/* ---- read access ------------------------------------------------------------------------------
 */

int64_t runner_id(const runner *r)
{
    return r->id;
}

int runner_status(const runner *r)
{
    return r->status;
}

const char *runner_status_name(int status)
{
    static const char *const name[] = {"registering", "running", "finished", "paused"};
    return status >= 0 && status < (int)BH_ARRAY_LEN(name) ? name[status] : "?";
}

bool runner_fallback(const runner *r)
{
    return r->fallback;
}

const tour *runner_tour(const runner *r)
{
    return r->t;
}

int64_t runner_team_id(const runner *r, int tid)
{
    return tid >= 1 && tid < r->nteam_of ? r->team_of[tid] : 0;
}

int runner_n_games(const runner *r)
{
    return r->ng;
}

const runner_game *runner_game_at(const runner *r, int i)
{
    return i >= 0 && i < r->ng ? &r->g[i] : NULL;
}

int runner_n_choices(const runner *r)
{
    return r->nch;
}

const runner_choice *runner_choice_at(const runner *r, int i)
{
    return i >= 0 && i < r->nch ? &r->ch[i] : NULL;
}
