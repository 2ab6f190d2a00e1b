/* runner_world.c: the runner world of runner_world.h. Each reply is built as the hub builds
 * it from the runner's answers (the hub's own checks, such as who may choose for a team, are
 * repeated here in a line each). SPDX-License-Identifier: MIT */
#include "runner_world.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "trf.h"

static rw_row *row_of(rw *w, tfmt_key k)
{
    for (int i = 0; i < w->nrows; i++)
        if (w->rows[i].key.round == k.round && w->rows[i].key.match == k.match &&
            w->rows[i].key.game == k.game)
            return &w->rows[i];
    return NULL;
}

/* Carry out the actions: the games table and the stored state; the rest are messages. */
static void run(rw *w, tfmt_acts *a);

static void run(rw *w, tfmt_acts *a)
{
    for (int i = 0; i < a->n; i++) {
        tfmt_act *x = &a->v[i];
        w->acts[x->kind]++;
        if (x->kind == TFMT_ACT_CREATE_GAME) {
            if (w->nrows == w->caprows) {
                w->caprows = w->caprows ? 2 * w->caprows : 64;
                w->rows = realloc(w->rows, (size_t)w->caprows * sizeof *w->rows);
            }
            w->rows[w->nrows++] =
                (rw_row){x->key, {x->create.team[0], x->create.team[1]}, false, false, 0};
        } else if (x->kind == TFMT_ACT_END_GAME) {
            rw_row *g = row_of(w, x->key);
            if (g && !g->finished) {
                g->finished = true;
                g->result = x->end.result;
                runner_game_over(w->r, x->key, x->end.result, 0, a); /* noted only */
            }
        } else if (x->kind == TFMT_ACT_PERSIST) {
            runner_saved_fini(&w->saved);
            runner_save(w->r, &w->saved);
        } else if (x->kind == TFMT_ACT_REPLY) {
            w->late.rc = x->say.rc;
            snprintf(w->late.field, sizeof w->late.field, "%s", x->say.field);
            w->has_late = true;
        } else if (x->kind == TFMT_ACT_JOB) {
            runner_job *j = x->job.job;
            x->job.job = NULL;
            runner_job_run(j);
            tfmt_acts b = {0};
            runner_job_done(w->r, j, 0, &b);
            run(w, &b);
        }
    }
    tfmt_acts_fini(a);
}

static void reply_of(const runner_reply *rep, char reply[64])
{
    if (rep->rc == BH_OK)
        snprintf(reply, 64, "ok");
    else
        snprintf(reply, 64, "%s:%s", bh_errname(rep->rc), rep->field);
}

static void w_create(void *ctx, const rs_setup *s, uint64_t now)
{
    (void)now;
    rw *w = ctx;
    rw_fini(w);
    w->id = s->extra_tours + 1;
    const char *tb[8];
    char tbuf[8][16];
    int ntb = 0;
    for (const char *p = s->tb; p && *p && ntb < 8;) {
        p = strchr(p, '"');
        if (!p)
            break;
        size_t len = strcspn(p + 1, "\"");
        snprintf(tbuf[ntb], sizeof tbuf[ntb], "%.*s", (int)len, p + 1);
        tb[ntb] = tbuf[ntb];
        ntb++;
        p += len + 2;
        p += *p == ',';
    }
    runner_config c = {.name = "E",
                       .ruleset = s->ruleset,
                       .base_ms = RS_BASE_MS,
                       .rounds = s->rounds,
                       .small = !s->small                     ? 0
                                : strcmp(s->small, "rr") == 0 ? 1
                                                              : 2,
                       .tiebreaks = ntb ? tb : NULL,
                       .n_tiebreaks = ntb,
                       /* the golden file is the hub before issue 17: a withdrawal during a
                        * match forfeited all of it, and an override of a forfeited game was
                        * taken (and ignored by the score) */
                       .legacy_withdraw = getenv("RW_NEW_WITHDRAW") == NULL,
                       /* and its SB and play-off pairs are those before issue 25 */
                       .legacy_tb = true};
    w->r = runner_new(w->id, &c, !w->async);
    tfmt_acts a = {0};
    runner_save(w->r, &w->saved);
    for (int i = 0; i < s->n_teams; i++) {
        char name[16], cap[16], par[16];
        snprintf(name, sizeof name, "T%d", i);
        snprintf(cap, sizeof cap, "c%d", i);
        snprintf(par, sizeof par, "p%d", i);
        runner_register(w->r, i + 1, name, cap, par, s->ratings[i][0], s->ratings[i][1], &a);
        run(w, &a);
    }
    w->n_teams = s->n_teams;
}

static tfmt_res res_of(int r)
{
    return r == 0 ? TFMT_WIN1 : r == 1 ? TFMT_WIN2 : TFMT_DRAW;
}

static void w_cmd(void *ctx, const rs_cmd *c, uint64_t now, char reply[64])
{
    rw *w = ctx;
    tfmt_acts a = {0};
    runner_reply rep = {0};
    tfmt_key k = {c->round, c->match, c->game_no, 0};
    rw_row *g = NULL;
    switch (c->kind) {
    case RS_START: runner_start(w->r, now, 1, &a, &rep); break;
    case RS_END: /* the director adjudicates a live game: it ends, the hub tells the runner */
        g = row_of(w, k);
        if (!g || g->finished) {
            rep.rc = BH_ENOTFOUND;
            snprintf(rep.field, sizeof rep.field, "game");
            break;
        }
        g->finished = true;
        g->result = res_of(c->result);
        runner_game_over(w->r, k, g->result, now, &a);
        break;
    case RS_OVERRIDE:
        g = row_of(w, k);
        if (!g) {
            rep.rc = BH_ENOTFOUND;
            snprintf(rep.field, sizeof rep.field, "game");
        } else if (runner_override_check(w->r, k, &rep) == BH_OK) {
            g->result = res_of(c->result); /* the hub's game_set_result, then the runner */
            runner_override(w->r, k, g->result, now, &a, &rep);
        }
        break;
    case RS_CHOOSE: { /* game2_colors from the team's connection */
        runner_choice ch;
        if (!row_of(w, k) || runner_choice_get(w->r, k, &ch) != BH_OK) {
            rep.rc = BH_ENOTFOUND;
            snprintf(rep.field, sizeof rep.field, "game");
        } else if (ch.loser != c->team) {
            rep.rc = BH_EAUTH;
        } else {
            runner_choose(w->r, k, c->flag, now, &a);
        }
        break;
    }
    case RS_PAUSE: runner_pause(w->r, c->flag, now, 1, &a, &rep); break;
    case RS_WITHDRAW: runner_withdraw(w->r, c->team, c->flag, now, 1, &a, &rep); break;
    case RS_PAIR: runner_pair(w->r, 1, &a, &rep); break;
    case RS_PAIR_HAND:
        runner_pair_hand(w->r, (const int64_t(*)[2])c->pairs, c->n_pairs, c->flag, &a, &rep);
        break;
    case RS_ROUND_START: runner_round_start(w->r, now, 1, &a, &rep); break;
    default:
        if (runner_can_register(w->r, c->name, &rep) == BH_OK) {
            w->n_teams++;
            rep.rc = runner_register(w->r, w->n_teams, c->name, "x", "y", 0, 0, &a);
        }
        break;
    }
    w->has_late = false;
    run(w, &a);
    reply_of(rep.deferred && w->has_late ? &w->late : &rep, reply); /* as the hub replies */
}

static void w_advance(void *ctx, uint64_t now)
{
    rw *w = ctx;
    for (int i = 0; i < 1000; i++) {
        uint64_t at = runner_deadline(w->r);
        if (!at || at > now)
            break;
        tfmt_acts a = {0};
        runner_on_time(w->r, at, &a);
        run(w, &a);
    }
}

/* As hub_new does: games in progress are adjudicated or resumed, the tournament is read back
 * from what was persisted, its games are told which of them ended, then it goes on. */
static void w_restart(void *ctx, bool adjudicate, uint64_t now)
{
    rw *w = ctx;
    runner_free(w->r);
    w->r = NULL;
    for (int i = 0; adjudicate && i < w->nrows; i++)
        if (!w->rows[i].finished) {
            w->rows[i].finished = true;
            w->rows[i].adjudicated = true;
            w->rows[i].result = TFMT_DRAW;
        }
    int line;
    if (runner_restore(w->id, &w->saved, !w->async, &w->r, &line) != BH_OK) {
        fprintf(stderr, "runner_restore: line %d\n", line);
        exit(2);
    }
    runner_set_legacy_withdraw(w->r, getenv("RW_NEW_WITHDRAW") == NULL); /* as runner_new */
    runner_set_legacy_tb(w->r, true);
    for (int i = 0; i < w->nrows; i++)
        runner_restore_game(w->r, w->rows[i].key, w->rows[i].team[0]);
    tfmt_acts a = {0};
    for (int i = 0; i < w->nrows; i++)
        if (w->rows[i].finished) {
            tfmt_res res = w->rows[i].adjudicated && w->rows[i].result == TFMT_DRAW
                               ? TFMT_VOID
                               : w->rows[i].result;
            runner_game_over(w->r, w->rows[i].key, res, now, &a);
            run(w, &a);
        }
    runner_loaded(w->r, now, &a);
    run(w, &a);
}

static void w_observe(void *ctx, rs_obs *o)
{
    rw *w = ctx;
    const tour *t = runner_tour(w->r);
    o->status = runner_status(w->r);
    o->trf = trf_export(t);
    o->games = calloc((size_t)w->nrows + 1, sizeof *o->games);
    o->ngames = w->nrows;
    for (int i = 0; i < w->nrows; i++) {
        const rw_row *g = &w->rows[i];
        o->games[i] = (rs_game){g->key.round, g->key.match, g->key.game,
                                g->team[0],   g->team[1],   !g->finished};
    }
    for (int i = 1; i <= 12 && tour_is_started(t); i++)
        o->team_of[i] = runner_team_id(w->r, i);
}

static void w_destroy(void *ctx)
{
    rw_fini(ctx);
}

rs_world rw_world(rw *w)
{
    return (rs_world){w, w_create, w_cmd, w_advance, w_restart, w_observe, w_destroy};
}

void rw_fini(rw *w)
{
    bool async = w->async;
    runner_free(w->r);
    runner_saved_fini(&w->saved);
    free(w->rows);
    memset(w, 0, sizeof *w);
    w->async = async;
}
