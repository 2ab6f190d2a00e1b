/* hub_tour.c: the tournaments run by the server, as the hub's part of them: each is a runner
 * (tourney/swiss/runner.h) that decides, run as a format on the seam (tourney/seam/tfmt.h:
 * tfmt_swiss) by the hub's one executor (hub_event.h), which creates and ends its games, keeps
 * their map, feeds it the games' ends and the time and loads it back; this file is the Swiss's hub
 * side: its own actions (game2_choice, pairing jobs, deferred replies, the directors' pause
 * notice), its round and standings messages to everyone, its stored row, its tokens and commands.
 * SPDX-License-Identifier: MIT
 * The whole tournament is stored (runner_save: TRF and the team map) in the same store
 * transaction as the game result that changed it, so a restart restores it exactly; a game
 * that finished in a turn whose tournament update is missing (recovery at load) is applied at
 * load. Messages are built in hub_tour_msg.c, the director's commands in hub_tour_dir.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auth.h"
#include "bh.h"
#include "hub_event.h"
#include "hub_tour_int.h"
#include "log.h"
#include "now.h"
#include "proto_tour.h"
#include "store_tour.h"
#include "xalloc.h"

htour *hub__tour_find(hub *h, int64_t id)
{
    for (int i = 0; h->tours_ && i < h->tours_->n; i++)
        if (runner_id(h->tours_->v[i]->r) == id)
            return h->tours_->v[i];
    return NULL;
}

static htour *add_tour(hub *h, runner *r)
{
    runner_set_wall_off(r, hub__wall_off(h)); /* T-SCHEDULE: wall-clock starts on its clock */
    if (!h->tours_)
        h->tours_ = xcalloc(1, sizeof *h->tours_);
    hub_tours *ts = h->tours_;
    BH_GROW(ts->v, ts->n, ts->cap);
    htour *ht = xcalloc(1, sizeof *ht);
    ht->r = r;
    /* The push versions count from the wall clock's milliseconds: after a restart they are
     * above those the server sent before, so a page that kept its state across the restart
     * sees a gap and loads the tournament again (s2c-round_delta.md). */
    ht->v = (uint64_t)now_wall_ms();
    ht->e = hub__event_add(h, runner_id(r), &hub__swiss_fmt, r); /* the executor frees r */
    ts->v[ts->n++] = ht;
    return ht;
}

htour *hub__tour_of_game(hub *h, int64_t gid, tfmt_key *k)
{
    hub_event *e = hub__event_of_game(h, gid, k);
    return e && hub__event_fmt(e) == &hub__swiss_fmt ? hub__tour_find(h, hub__event_id(e)) : NULL;
}

tfmt_res hub__tour_res(const hub_game *hg)
{
    return tfmt_res_plain(hub__event_res(hg));
}

/* Queue msg (freed) to every connection: one buffer for all (hub__queue_blob). */
static void to_all(hub *h, char *msg)
{
    hub_blob *b = msg ? hub__blob_new(msg) : NULL;
    for (int i = 0; b && i < h->capsess; i++)
        if (h->sess[i].conn)
            hub__queue_blob(h, h->sess[i].conn, b);
    hub__blob_unref(b);
}

static void persist(hub *h, hub_event *e)
{
    runner_saved s;
    runner_save(hub__event_state(e), &s);
    store_tour row = {hub__event_id(e), s.status, s.seed, s.teams, s.trf};
    if (store_tour_put(h->st, &row) != BH_OK)
        h->store_failed = true;
    runner_saved_fini(&s);
}

/* ---- games -------------------------------------------------------------------------------- */

/* CREATE_GAME's seats (hub_event.c creates the game): P-TEAM, team 1 = White on A (its
 * captain) + Black on B (its partner); NULL for a team the hub does not know. */
static const char *seat_name(hub *h, hub_event *e, const tfmt_act *x, int seat)
{
    (void)e;
    const hub_team *a = hub__team_by_id(h, x->create.team[0]),
                   *b = hub__team_by_id(h, x->create.team[1]);
    if (!a || !b)
        return NULL;
    switch (seat) {
    case GAME_A_WHITE: return a->players[0];
    case GAME_B_BLACK: return a->players[1];
    case GAME_A_BLACK: return b->players[0];
    default: return b->players[1]; /* GAME_B_WHITE */
    }
}

/* RUNNER_ACT_ASK_CHOICE: to the team the runner names (its team's connections, its captain's
 * seat of game 1 g1, every director); only connection only_conn of them if it is not 0 (a
 * connection that authenticates while the choice is open). */
static void ask_choice(hub *h, const htour *ht, tfmt_key g1, int64_t loser, uint64_t deadline_us,
                       uint64_t now_us, uint64_t only_conn)
{
    const runner_game *g = runner_game_get(ht->r, g1);
    int64_t gid = hub__tour_gid(ht, g1);
    proto_game2_choice q = {.tournament = runner_id(ht->r),
                            .round = g1.round,
                            .match = g1.match,
                            .game = gid,
                            .team = loser,
                            .deadline_ms =
                                deadline_us > now_us ? (int64_t)(deadline_us - now_us) / 1000 : 0,
                            .swap_default = true};
    int captain = g && loser == g->team[0] ? GAME_A_WHITE : GAME_A_BLACK; /* board A */
    char *msg = proto_enc_game2_choice(&q);
    for (int i = 0; i < h->capsess; i++) {
        const hub_sess *s = &h->sess[i];
        if (s->conn && (!only_conn || s->conn == only_conn) &&
            (s->role == ROLE_DIRECTOR || (s->role == ROLE_TEAM && s->team == loser) ||
             (s->role == ROLE_PLAYER && s->game == gid && s->seat == captain)))
            hub__queue(h, s->conn, xstrdup(msg));
    }
    free(msg);
}

/* RUNNER_ACT_GAME2: P-GAME2's outcome to both teams' connections, game 1's
 * watchers (its players, spectators) and every director. */
static void game2_decided(hub *h, const htour *ht, const tfmt_act *x)
{
    static const char *const how[] = {"chosen", "default", "draw"};
    const runner_game *g = runner_game_get(ht->r, x->key);
    int64_t gid = hub__tour_gid(ht, x->key);
    hub_game *hg = hub__game_by_id(h, gid);
    proto_game2_decided d = {.tournament = runner_id(ht->r),
                             .round = x->key.round,
                             .match = x->key.match,
                             .game = gid,
                             .team = x->own.team[0],
                             .swap = x->own.flag,
                             .how = x->own.code >= 0 && x->own.code < 3 ? how[x->own.code]
                                                                        : "default"};
    char *msg = proto_enc_game2_decided(&d);
    for (int i = 0; i < h->capsess; i++) {
        const hub_sess *s = &h->sess[i];
        bool team = g && s->role == ROLE_TEAM && (s->team == g->team[0] || s->team == g->team[1]);
        bool watcher = false;
        for (int k = 0; hg && !watcher && k < hg->nwatch; k++)
            watcher = hg->watch[k] == s->conn;
        if (s->conn && (team || watcher || s->role == ROLE_DIRECTOR))
            hub__queue(h, s->conn, xstrdup(msg));
    }
    free(msg);
}

/* ---- the runner's actions ------------------------------------------------------------------- */

/* A pairing job: the runner's (runner_job_run), as a hub_job. The tournament's htour.job
 * points at it from the hand-over to its delivery, so that its time budget and its `pairing`
 * pushes run on the hub's clock (hub__tour_job_timers). */
typedef struct tour_job {
    hub_job base;
    runner_job *rj;
} tour_job;

/* Every 2 s: a director who waits for a deep round sees the search go on. */
#define PAIRING_PUSH_US 2000000ull

/* s2c-pairing.md to the directors. */
static void pairing_push(hub *h, const htour *ht, bool running, uint64_t now_us)
{
    char msg[200];
    snprintf(msg, sizeof msg,
             "{\"type\":\"pairing\",\"tournament\":%lld,\"round\":%d,\"running\":%s,"
             "\"elapsed_ms\":%llu,\"budget_ms\":%llu}",
             (long long)runner_id(ht->r), runner_job_round(ht->job->rj), running ? "true" : "false",
             (unsigned long long)((now_us - ht->job_t0_us) / 1000),
             (unsigned long long)(ht->job_budget_us / 1000));
    for (int k = 0; k < h->capsess; k++)
        if (h->sess[k].conn && h->sess[k].role == ROLE_DIRECTOR)
            hub__queue(h, h->sess[k].conn, xstrdup(msg));
}

/* The hand-over of j at now_us: its budget (round_pair's budget_s, else the server's) starts. */
static void job_begin(hub *h, htour *ht, tour_job *j, uint64_t now_us)
{
    hub_tours *ts = h->tours_;
    int64_t s = ts->budget_s                  ? ts->budget_s
                : h->cfg.pairing_budget_s > 0 ? h->cfg.pairing_budget_s
                                              : HUB_PAIRING_BUDGET_S_DEFAULT;
    ts->budget_s = 0;
    ht->job = j;
    ht->job_t0_us = now_us;
    ht->job_budget_us = (uint64_t)s * 1000000u;
    ht->job_expired = false;
    ht->job_next_us = now_us + PAIRING_PUSH_US;
    pairing_push(h, ht, true, now_us);
}

uint64_t hub__tour_job_deadline(const hub *h)
{
    uint64_t at = 0;
    for (int i = 0; h->tours_ && i < h->tours_->n; i++) {
        const htour *ht = h->tours_->v[i];
        if (!ht->job)
            continue;
        uint64_t end = ht->job_t0_us + ht->job_budget_us;
        uint64_t x = ht->job_expired || ht->job_next_us < end ? ht->job_next_us : end;
        if (!at || x < at)
            at = x;
    }
    return at;
}

void hub__tour_job_timers(hub *h, uint64_t now_us)
{
    for (int i = 0; h->tours_ && i < h->tours_->n; i++) {
        htour *ht = h->tours_->v[i];
        if (!ht->job)
            continue;
        if (!ht->job_expired && now_us >= ht->job_t0_us + ht->job_budget_us) {
            /* over its budget: it gives up soon and is delivered with BH_ELIMIT */
            log_info("hub: tournament %lld: the pairing of round %d ran out of its %llu s",
                     (long long)runner_id(ht->r), runner_job_round(ht->job->rj),
                     (unsigned long long)(ht->job_budget_us / 1000000u));
            runner_job_expire(ht->job->rj);
            ht->job_expired = true;
        }
        if (now_us >= ht->job_next_us) {
            pairing_push(h, ht, true, now_us);
            ht->job_next_us = now_us + PAIRING_PUSH_US;
        }
    }
}

static void tour_job_run(hub_job *j)
{
    runner_job_run(((tour_job *)j)->rj);
}

static void tour_job_cancel(hub_job *j)
{
    runner_job_cancel(((tour_job *)j)->rj);
}

static void tour_job_free(hub_job *j)
{
    runner_job_free(((tour_job *)j)->rj);
    free(j);
}

static void tour_job_done(hub *h, hub_job *base, uint64_t now_us)
{
    tour_job *j = (tour_job *)base;
    htour *ht = hub__tour_find(h, runner_job_tournament(j->rj));
    tfmt_acts a = {0};
    if (ht && ht->job == j) {
        pairing_push(h, ht, false, now_us);
        ht->job = NULL;
    }
    if (ht) {
        runner_job_done(ht->r, j->rj, now_us, &a); /* takes the job */
        hub__tour_run(h, ht, &a, now_us);
    } else {
        runner_job_free(j->rj);
    }
    free(j);
}

static void reply_pending(hub *h, htour *ht, const tfmt_act *x)
{
    hub_tours *ts = h->tours_;
    for (int i = 0; i < ts->npend; i++) {
        if (ts->pend[i].cookie != x->say.cookie)
            continue;
        hpending p = ts->pend[i];
        ts->pend[i] = ts->pend[--ts->npend];
        runner_reply rep = {.rc = x->say.rc};
        snprintf(rep.field, sizeof rep.field, "%s", x->say.field);
        snprintf(rep.msg, sizeof rep.msg, "%s", x->say.text);
        if (hub__sess_find(h, p.conn))
            hub__tour_reply(h, ht, p.conn, p.id, &rep, 0);
        return;
    }
}

/* The Swiss's own kinds (hub_fmt.act), in list order. */
static void act(hub *h, hub_event *e, tfmt_act *x, uint64_t now_us)
{
    htour *ht = hub__tour_find(h, hub__event_id(e));
    switch (x->kind) {
    case RUNNER_ACT_ASK_CHOICE:
        ask_choice(h, ht, x->key, x->own.team[0], x->own.deadline_us, now_us, 0);
        break;
    case TFMT_ACT_PAUSE:
        log_error("hub: tournament %lld: %s", (long long)hub__event_id(e), x->say.text);
        for (int k = 0; k < h->capsess; k++)
            if (h->sess[k].conn && h->sess[k].role == ROLE_DIRECTOR)
                hub__tour_snapshot(h, ht, h->sess[k].conn, false, 0);
        break;
    case TFMT_ACT_JOB: {
        tour_job *j = xmalloc(sizeof *j);
        j->base = (hub_job){tour_job_run, tour_job_cancel, tour_job_free, tour_job_done, true};
        j->rj = x->job.job;
        x->job.job = NULL;
        if (ht && h->io.job)
            job_begin(h, ht, j, now_us);
        h->io.job(h->io.ctx, &j->base); /* only a hub with io.job makes runners that ask */
        break;
    }
    case TFMT_ACT_REPLY: reply_pending(h, ht, x); break;
    case RUNNER_ACT_GAME2: game2_decided(h, ht, x); break;
    default: break;
    }
}

/* ROUND and STANDINGS: what changed in the round (hub__tour_enc_round_push), or the
 * standings, to every connection. */
static void publish(hub *h, hub_event *e, const tfmt_act *x, uint64_t now_us)
{
    (void)now_us;
    htour *ht = hub__tour_find(h, hub__event_id(e));
    to_all(h, x->kind == TFMT_ACT_ROUND ? hub__tour_enc_round_push(h, ht, x->round, -1)
                                        : hub__tour_enc_standings(ht));
}

void hub__tour_run(hub *h, htour *ht, tfmt_acts *a, uint64_t now_us)
{
    hub__event_run(h, ht->e, a, now_us);
}

uint64_t hub__tour_cookie(hub *h)
{
    return h->tours_ ? ++h->tours_->next_cookie : 0;
}

bool hub__tour_cmd_begin(hub *h, hub_sess *s, int64_t id, int64_t tournament, htour_cmd *c)
{
    *c = (htour_cmd){.ht = hub__tour_find(h, tournament)};
    if (!c->ht) {
        hub__error(h, s->conn, true, id, BH_ENOTFOUND, "tournament");
        return false;
    }
    c->cookie = hub__tour_cookie(h);
    return true;
}

void hub__tour_cmd_end(hub *h, hub_sess *s, int64_t id, htour_cmd *c, uint64_t now_us)
{
    hub__tour_run(h, c->ht, &c->a, now_us);
    hub__tour_reply(h, c->ht, s->conn, id, &c->rep, c->cookie);
}

void hub__tour_reply(hub *h, htour *ht, uint64_t conn, int64_t id, const runner_reply *rep,
                     uint64_t cookie)
{
    if (rep->rc != BH_OK && rep->msg[0]) {
        hub__queue(h, conn, proto_enc_error_msg(true, id, rep->rc, rep->field, rep->msg));
    } else if (rep->rc != BH_OK) {
        hub__error(h, conn, true, id, rep->rc, rep->field[0] ? rep->field : NULL);
    } else if (rep->deferred && cookie) {
        hub_tours *ts = h->tours_;
        BH_GROW(ts->pend, ts->npend, ts->cappend);
        ts->pend[ts->npend++] = (hpending){cookie, conn, id, runner_id(ht->r)};
    } else {
        hub__tour_snapshot(h, ht, conn, true, id);
    }
}

/* ---- events from the hub --------------------------------------------------------------------- */

bool hub__tour_choice_open(hub *h, int64_t gid)
{
    tfmt_key k;
    runner_choice c;
    htour *ht = hub__tour_of_game(h, gid, &k);
    return ht && runner_choice_get(ht->r, k, &c) == BH_OK;
}

void hub__tour_game2_colors(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    const proto_game2_colors *x = &m->game2_colors;
    tfmt_key k = {0, 0, 0, 0};
    runner_choice c;
    htour *ht = hub__tour_of_game(h, x->game, &k);
    if (!ht || runner_choice_get(ht->r, k, &c) != BH_OK) {
        hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "game");
        return;
    }
    /* Who may answer for the team the runner asks: its team connection, or its captain's seat
     * (board A) of game 1 (protocol/messages/c2s-game2_colors.md). */
    int captain = c.loser_is_team1 ? GAME_A_WHITE : GAME_A_BLACK;
    if (!((s->role == ROLE_TEAM && s->team == c.loser) ||
          (s->role == ROLE_PLAYER && s->game == x->game && s->seat == captain))) {
        hub__error(h, s->conn, true, m->id, BH_EAUTH, NULL);
        return;
    }
    tfmt_acts a = {0};
    runner_choose(ht->r, k, x->swap, now_us, &a);
    hub__queue(h, s->conn, proto_enc_ack(m->id, -1, 0, 0, 0));
    hub__tour_run(h, ht, &a, now_us);
}

/* ---- creation, registration, start, pause ---------------------------------------------- */

static void config_of(const hub *h, const proto_tournament_create *m, runner_config *c,
                      const char **tb)
{
    for (int i = 0; i < m->n_tiebreaks; i++)
        tb[i] = m->tiebreaks[i];
    *c = (runner_config){.name = m->name,
                         .ruleset = m->ruleset[0] ? m->ruleset : h->cfg.ruleset,
                         .base_ms = m->base_ms,
                         .inc_ms = m->inc_ms,
                         .rounds = m->rounds,
                         .small = m->small,
                         .late_until = m->late_until,
                         .bye_requests = m->bye_requests,
                         .bye_kind = m->bye_kind ? TOUR_BYE_ZERO : TOUR_BYE_HALF,
                         .tiebreaks = tb,
                         .n_tiebreaks = m->n_tiebreaks,
                         .legacy_withdraw = h->cfg.legacy_withdraw,
                         .legacy_tb = h->cfg.legacy_tb,
                         .wait_s = (uint32_t)(m->wait_s >= 0 ? m->wait_s : h->cfg.wait_s),
                         .break_s = (uint32_t)(m->break_s >= 0 ? m->break_s : h->cfg.break_s)};
}

int hub__tour_check_create(const hub *h, const proto_tournament_create *m, const char **field)
{
    const char *tb[PROTO_TB_MAX + 1];
    runner_config c;
    config_of(h, m, &c, tb);
    return runner_config_check(&c, field);
}

void hub__tour_created(hub *h, int64_t id, const proto_tournament_create *m)
{
    const char *tb[PROTO_TB_MAX + 1];
    runner_config c;
    config_of(h, m, &c, tb);
    hub__event_persist(h, add_tour(h, runner_new(id, &c, h->io.job == NULL))->e);
}

bool hub__tour_check_team(hub *h, hub_sess *s, int64_t id, const proto_team_register *m)
{
    htour *ht = hub__tour_find(h, m->tournament);
    runner_reply rep;
    if (!ht && hub__event_find(h, m->tournament)) {
        /* an event on the seam: its teams come with rosters (club_team, ...) */
        hub__error(h, s->conn, true, id, BH_ESTATE, "tournament");
        return false;
    }
    if (!ht || runner_can_register(ht->r, m->name, &rep) == BH_OK)
        return true; /* none: an older database's tournament, teams only */
    hub__tour_reply(h, ht, s->conn, id, &rep, 0); /* the runner's reason (T-LATE) */
    return false;
}

bool hub__tour_team_added(hub *h, hub_sess *s, int64_t id, const proto_team_register *m,
                          int64_t team)
{
    htour *ht = hub__tour_find(h, m->tournament);
    if (!ht)
        return false;
    char token[AUTH_TOKEN_LEN + 1];
    tfmt_acts a = {0};
    int rc = runner_register(ht->r, team, m->name, m->players[0], m->players[1], m->ratings[0],
                             m->ratings[1], &a);
    /* The team token: role "team", game_id = the team id (store_token_find). */
    if (rc == BH_OK)
        rc = hub__token_new(h, "team", team, -1, token);
    if (rc != BH_OK) {
        tfmt_acts_fini(&a);
        hub__error(h, s->conn, true, id, rc, NULL);
        h->store_failed = rc == BH_ESTORE;
        return true;
    }
    hub__tour_run(h, ht, &a, 0);
    hub__queue(h, s->conn, proto_enc_team_created(id, team, token));
    return true;
}

void hub__tour_team_replace(hub *h, hub_sess *s, int64_t id, const proto_team_register *m)
{
    htour *ht = hub__tour_find(h, m->tournament);
    /* the hub's own copy, changed below with the runner's and the store's */
    hub_team *tm = (hub_team *)hub__team_by_id(h, m->team);
    if (tm && tm->tournament != m->tournament)
        tm = NULL;
    if (!ht || !tm) {
        hub__error(h, s->conn, true, id, BH_ENOTFOUND, ht ? "team" : "tournament");
        return;
    }
    tfmt_acts a = {0};
    runner_reply rep;
    if (runner_replace_team(ht->r, m->team, m->name, m->players[0], m->players[1], m->ratings[0],
                            m->ratings[1], &a, &rep) != BH_OK) {
        tfmt_acts_fini(&a);
        hub__tour_reply(h, ht, s->conn, id, &rep, 0);
        return;
    }
    if (store_team_set(h->st, tm->id, m->name, m->players[0], m->players[1]) != BH_OK)
        h->store_failed = true; /* the turn fails: nothing of it is acknowledged */
    snprintf(tm->name, sizeof tm->name, "%s", m->name);
    snprintf(tm->players[0], sizeof tm->players[0], "%s", m->players[0]);
    snprintf(tm->players[1], sizeof tm->players[1], "%s", m->players[1]);
    hub__tour_run(h, ht, &a, 0);
    hub__queue(h, s->conn, proto_enc_created(id, "team", tm->id));
}

void hub__tour_team_token(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    (void)now_us;
    const hub_team *tm = hub__team_by_id(h, m->team_token.team);
    if (!tm) {
        hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "team");
        return;
    }
    /* Tokens are stored hashed (store.h): the old one cannot be shown again; a new one is
     * minted and the old ones revoked, in the turn's transaction (nothing sent if it fails). */
    char token[AUTH_TOKEN_LEN + 1];
    int rc = store_token_revoke(h->st, "team", tm->id, -1);
    if (rc == BH_OK)
        rc = hub__token_new(h, "team", tm->id, -1, token);
    if (rc != BH_OK) {
        hub__error(h, s->conn, true, m->id, rc, NULL);
        h->store_failed = rc == BH_ESTORE;
        return;
    }
    int closed = 0;
    for (int i = 0; i < h->capsess; i++) {
        const hub_sess *x = &h->sess[i];
        if (x->conn && x->role == ROLE_TEAM && x->team == tm->id) {
            hub__error(h, x->conn, false, 0, BH_EAUTH, "token");
            hub__queue_close(h, x->conn, "unauthorized");
            closed++;
        }
    }
    log_info("hub: team %lld (%s): link reissued by the director, the old one revoked (%d "
             "connection%s closed)",
             (long long)tm->id, tm->name, closed, closed == 1 ? "" : "s");
    hub__queue(h, s->conn, proto_enc_team_created(m->id, tm->id, token));
    /* The other directors' desks learn the new link mark: the links they kept are revoked. */
    htour *ht = hub__tour_find(h, tm->tournament);
    for (int i = 0; ht && i < h->capsess; i++)
        if (h->sess[i].conn && h->sess[i].conn != s->conn && h->sess[i].role == ROLE_DIRECTOR)
            hub__tour_snapshot(h, ht, h->sess[i].conn, false, 0);
}

/* The player tokens (the seats' own, hub__seat_token) of every game of ht that is not
 * finished: a team connection gets its own two seats, a director all four.
 * Then the runner's open choices that s may see (its team is to choose, or a director):
 * the push went only to the connections open when game 1 ended (none after a restart). */
static void reassign(hub *h, htour *ht, const hub_sess *s, uint64_t now_us)
{
    int st = runner_status(ht->r);
    if (st != TFMT_RUNNING && st != TFMT_PAUSED)
        return;
    bool dir = s->role == ROLE_DIRECTOR;
    const tour *t = runner_tour(ht->r);
    for (int i = 0; i < hub__event_n_games(ht->e); i++) {
        int64_t gid;
        tfmt_key k = hub__event_game_at(ht->e, i, &gid);
        const runner_game *g = runner_game_get(ht->r, k);
        hub_game *hg = hub__game_by_id(h, gid);
        if (!g || (!tour_round_match(t, k.round, k.match) && k.round != 0) || !hg ||
            hg->status == STORE_FINISHED)
            continue;
        if (!dir && s->team != g->team[0] && s->team != g->team[1])
            continue;
        hub__event_assign(h, gid, s->conn, dir ? 0 : s->team);
    }
    for (int k = 0; k < runner_n_choices(ht->r); k++) {
        const runner_choice *c = runner_choice_at(ht->r, k);
        if (c->choice < 0 && runner_game_get(ht->r, c->game1))
            ask_choice(h, ht, c->game1, c->loser, c->deadline_us, now_us, s->conn);
    }
}

void hub__tour_get(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    htour *ht = NULL;
    int64_t want = m->tournament_get.tournament;
    if (want)
        ht = hub__tour_find(h, want);
    else if (h->tours_ && h->tours_->n)
        ht = h->tours_->v[h->tours_->n - 1]; /* the latest */
    if (!ht) {
        hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "tournament");
        return;
    }
    hub__tour_snapshot(h, ht, s->conn, true, m->id);
    /* A director (say the dashboard after a reload) also gets the tokens of the live games. */
    if (s->role == ROLE_DIRECTOR)
        reassign(h, ht, s, now_us);
}

void hub__tour_start(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    htour_cmd c;
    if (!hub__tour_cmd_begin(h, s, m->id, m->tournament_start.tournament, &c))
        return;
    runner_start(c.ht->r, now_us, c.cookie, &c.a, &c.rep);
    hub__tour_cmd_end(h, s, m->id, &c, now_us);
}

/* The director's pause (no new game, no new round) or resume. */
void hub__tour_pause(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    const proto_tournament_pause *x = &m->tournament_pause;
    htour_cmd c;
    if (!hub__tour_cmd_begin(h, s, m->id, x->tournament, &c))
        return;
    runner_pause(c.ht->r, x->paused, now_us, c.cookie, &c.a, &c.rep);
    hub__tour_cmd_end(h, s, m->id, &c, now_us);
}

/* A team's connection authenticated: fresh player tokens for its seats of every game of its
 * tournament that is not finished, and its open choice. */
void hub__tour_team_authed(hub *h, hub_sess *s, int64_t id, uint64_t now_us)
{
    const hub_team *tm = hub__team_by_id(h, s->team);
    htour *ht = tm ? hub__tour_find(h, tm->tournament) : NULL;
    hub__queue(h, s->conn, proto_enc_authed_team(id, s->team, tm ? tm->tournament : 0));
    if (ht)
        reassign(h, ht, s, now_us);
    else if (tm && hub__event_find(h, tm->tournament)) { /* its boards' tokens, its pushes */
        hub_event *e = hub__event_find(h, tm->tournament);
        hub__event_subscribe(h, e, s->conn);
        hub__event_assigns_to(h, e, s);
    }
}

void hub__tour_game_changed(hub *h, const hub_game *hg)
{
    tfmt_key k;
    htour *ht = hg->tournament ? hub__tour_of_game(h, hg->id, &k) : NULL;
    int r = ht ? k.round : 0;
    if (r > 0) /* a game's state or seats: only its match can have changed */
        to_all(h, hub__tour_enc_round_push(h, ht, r, k.match));
}

/* hub_fmt.game_names: the tournament's name and the names of the teams seated as team 1 and
 * team 2 in game k. */
static bool game_names(hub *h, hub_event *e, tfmt_key k, const char **event, const char *teams[2])
{
    htour *ht = hub__tour_find(h, hub__event_id(e));
    const runner_game *g = ht ? runner_game_get(ht->r, k) : NULL;
    if (!g)
        return false;
    *event = hub__event_name(h, hub__event_id(e));
    for (int i = 0; i < 2; i++) {
        const hub_team *tm = hub__team_by_id(h, g->team[i]);
        teams[i] = tm ? tm->name : NULL;
    }
    return true;
}

/* hub_fmt.game_changed: what changed in the round of game hg goes to everyone. */
static void game_changed(hub *h, hub_event *e, const hub_game *hg)
{
    (void)e;
    hub__tour_game_changed(h, hg);
}

/* ---- load ---------------------------------------------------------------------------------- */

static int load_row(void *ctx, const store_tour *row)
{
    hub *h = ctx;
    runner *r = NULL;
    int line = 0;
    runner_saved s = {row->status, row->seed, (char *)row->teams, (char *)row->trf};
    if (runner_restore(row->id, &s, h->io.job == NULL, &r, &line) != BH_OK) {
        log_error("hub: tournament %lld: stored TRF does not import (line %d)", (long long)row->id,
                  line);
        return 0;
    }
    runner_set_legacy_withdraw(r, h->cfg.legacy_withdraw);
    runner_set_legacy_tb(r, h->cfg.legacy_tb);
    add_tour(h, r);
    return 0;
}

/* The Swiss's events are stored in their own rows (tour_state): added before the executor
 * reads the game map, feeds the stored ends, calls runner_loaded and gates the waiting games
 * again (tfmt_swiss.wait_s). */
static int load_rows(hub *h, uint64_t now_us)
{
    (void)now_us;
    if (store_tour_init(h->st) != BH_OK || store_each_tour(h->st, load_row, h) != BH_OK)
        return BH_ESTORE;
    return BH_OK;
}

static void after_load(hub *h, hub_event *e)
{
    (void)h;
    const runner *r = hub__event_state(e);
    const tour *tt = runner_tour(r);
    log_info("hub: tournament %lld: %s, round %d of %d", (long long)runner_id(r),
             runner_status_name(runner_status(r)), tour_n_rounds(tt), tour_planned_rounds(tt));
}

const hub_fmt hub__swiss_fmt = {
    .core = &tfmt_swiss,
    .label = "tournament",
    .seat_name = seat_name,
    .act = act,
    .assign_directors = true,
    .publish = publish,
    .persist = persist,
    .load_rows = load_rows,
    .after_load = after_load,
    .game_names = game_names,
    .game_changed = game_changed,
};

void hub__tour_free(hub *h)
{
    if (!h->tours_)
        return;
    for (int i = 0; i < h->tours_->n; i++) {
        hub__tour_pub_free(h->tours_->v[i]);
        free(h->tours_->v[i]); /* its runner is the executor's (hub__event_free) */
    }
    free(h->tours_->v);
    free(h->tours_->pend);
    free(h->tours_);
    h->tours_ = NULL;
}
