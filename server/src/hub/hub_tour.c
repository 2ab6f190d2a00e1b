/* hub_tour.c: the tournaments run by the server, as the hub's part of them: each is a runner
 * (tourney/runner.h) that decides; this file carries out its actions (games with their tokens,
 * the store, assign / game2_choice / round / standings messages, pairing jobs), feeds it the
 * games' ends and the time, and loads it back at start.
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
    if (!h->tours_)
        h->tours_ = xcalloc(1, sizeof *h->tours_);
    hub_tours *ts = h->tours_;
    BH_GROW(ts->v, ts->n, ts->cap);
    htour *ht = xcalloc(1, sizeof *ht);
    ht->r = r;
    ts->v[ts->n++] = ht;
    return ht;
}

static void add_gid(htour *ht, int64_t gid)
{
    BH_GROW(ht->gid, ht->ngid, ht->capgid);
    ht->gid[ht->ngid++] = gid;
}

htour *hub__tour_of_game(hub *h, int64_t gid, int *index)
{
    for (int t = 0; h->tours_ && t < h->tours_->n; t++) {
        htour *ht = h->tours_->v[t];
        for (int i = 0; i < ht->ngid; i++)
            if (ht->gid[i] == gid) {
                *index = i;
                return ht;
            }
    }
    return NULL;
}

int64_t hub__tour_gid(const htour *ht, runner_key k)
{
    for (int i = runner_n_games(ht->r) - 1; i >= 0; i--) {
        const runner_game *g = runner_game_at(ht->r, i);
        if (g->key.round == k.round && g->key.match == k.match && g->key.game == k.game &&
            g->key.board == k.board)
            return i < ht->ngid ? ht->gid[i] : 0;
    }
    return 0;
}

runner_result hub__tour_res(const hub_game *hg)
{
    if (strcmp(hg->result, "1-0") == 0)
        return RUNNER_WIN1;
    if (strcmp(hg->result, "0-1") == 0)
        return RUNNER_WIN2;
    /* A game that no one decided over the board (a restart adjudicated it): void. A director's
     * result is not, whatever its reason says (the protocol's own example is "adjudicated"). */
    return strcmp(hg->recovery, "adjudicated") == 0 ? RUNNER_VOID : RUNNER_DRAW;
}

static const hub_team *hub_team_by_id(const hub *h, int64_t id)
{
    for (int i = 0; i < h->nteams; i++)
        if (h->teams[i].id == id)
            return &h->teams[i];
    return NULL;
}

/* Queue msg (freed) to every connection. */
static void to_all(hub *h, char *msg)
{
    for (int i = 0; msg && i < h->capsess; i++)
        if (h->sess[i].conn)
            hub__queue(h, h->sess[i].conn, xstrdup(msg));
    free(msg);
}

static void persist(hub *h, const htour *ht)
{
    runner_saved s;
    runner_save(ht->r, &s);
    store_tour row = {runner_id(ht->r), s.status, s.seed, s.teams, s.trf};
    if (store_tour_put(h->st, &row) != BH_OK)
        h->store_failed = true;
    runner_saved_fini(&s);
}

/* ---- games -------------------------------------------------------------------------------- */

/* Tell the connections of the two teams of game g (store id gid) and, when to_directors,
 * every director, the player tokens of g: a team sees its own two seats, a director all four.
 * tokens by seat; only_conn: to that connection only (0: all). */
static void send_assign(hub *h, const htour *ht, const runner_game *g, int64_t gid,
                        const char tokens[4][AUTH_TOKEN_LEN + 1], const hub_game *hg,
                        uint64_t only_conn, bool to_directors)
{
    proto_assign a = {.tournament = runner_id(ht->r),
                      .round = g->key.round,
                      .match = g->key.match,
                      .game_no = g->key.game,
                      .game = gid,
                      .team1 = g->team[0],
                      .team2 = g->team[1]};
    for (int i = 0; i < h->capsess; i++) {
        const hub_sess *s = &h->sess[i];
        if (!s->conn || (only_conn && s->conn != only_conn))
            continue;
        bool dir = s->role == ROLE_DIRECTOR && to_directors;
        bool team = s->role == ROLE_TEAM && (s->team == g->team[0] || s->team == g->team[1]);
        if (!dir && !team)
            continue;
        a.n = 0;
        for (int seat = 0; seat < 4; seat++) {
            int64_t owner = g->team[game_team_of(seat) == GAME_TEAM_1 ? 0 : 1];
            if (dir || owner == s->team) {
                a.seats[a.n] = seat;
                a.tokens[a.n] = tokens[seat];
                a.names[a.n] = hg ? hg->players[seat] : NULL;
                a.n++;
            }
        }
        hub__queue(h, s->conn, proto_enc_assign(&a));
    }
}

/* RUNNER_ACT_CREATE_GAME: the game in the store with its four tokens and its tournament row,
 * its tokens assigned, and started as the runner asks: at once without a gate (wait_s 0 and
 * no break: the clocks run whether or not the players are there), else behind the gate
 * (issue 13: after the break, when every seat is connected, or by forfeit after wait_s). */
static void create_game(hub *h, htour *ht, const runner_act *x, uint64_t now_us)
{
    const hub_team *a = hub_team_by_id(h, x->team[0]), *b = hub_team_by_id(h, x->team[1]);
    int64_t tid = runner_id(ht->r);
    if (!a || !b) {
        log_error("hub: tournament %lld: a game of unknown teams %lld - %lld", (long long)tid,
                  (long long)x->team[0], (long long)x->team[1]);
        add_gid(ht, 0);
        return;
    }
    const char *names[4];
    /* P-TEAM: team 1 = White on A (captain) + Black on B (partner). */
    names[GAME_A_WHITE] = a->players[0];
    names[GAME_B_BLACK] = a->players[1];
    names[GAME_A_BLACK] = b->players[0];
    names[GAME_B_WHITE] = b->players[1];
    store_game row = {.tournament = tid,
                      .team1 = x->team[0],
                      .team2 = x->team[1],
                      .base_ms = x->base_ms,
                      .inc_ms = x->inc_ms,
                      .created_ms = now_wall_ms(),
                      .status = STORE_WAITING,
                      .names = {names[0], names[1], names[2], names[3]},
                      .ruleset = x->ruleset};
    char tokens[4][AUTH_TOKEN_LEN + 1];
    int rc = store_game_add(h->st, &row, &row.id);
    for (int i = 0; i < 4 && rc == BH_OK; i++)
        rc = hub__seat_token(h, row.id, i, tokens[i]);
    store_tgame sg = {row.id, tid, x->key.round, x->key.match, x->key.game, x->team[0]};
    if (rc == BH_OK)
        rc = store_tgame_add(h->st, &sg);
    if (rc == BH_OK)
        rc = hub__game_load(h, &row, now_us);
    hub_game *hg = rc == BH_OK ? hub__game_by_id(h, row.id) : NULL;
    if (hg && x->wait_s == 0 && x->start_us <= now_us)
        rc = hub__game_start(h, hg, now_us); /* no gate: the clocks run at once (as before) */
    add_gid(ht, rc == BH_OK ? row.id : 0);
    if (rc != BH_OK) {
        log_error("hub: tournament %lld: cannot create a game: %s", (long long)tid,
                  bh_errname(rc));
        h->store_failed = true;
        return;
    }
    const runner_game *g = runner_game_get(ht->r, x->key);
    if (g)
        send_assign(h, ht, g, row.id, (const char(*)[AUTH_TOKEN_LEN + 1])tokens, hg, 0, true);
    if (hg && hg->status == STORE_WAITING) /* issue 13: after the break, when all are here */
        hub__game_gate(h, hg, &(game_gate){x->start_us, x->wait_s}, now_us);
    log_info("hub: tournament %lld round %d match %d game %d: game %lld", (long long)tid,
             x->key.round, x->key.match + 1, x->key.game + 1, (long long)row.id);
}

/* RUNNER_ACT_ASK_CHOICE: to the team the runner names (its team's connections, its captain's
 * seat of game 1 g1, every director); only connection only_conn of them if it is not 0 (a
 * connection that authenticates while the choice is open). */
static void ask_choice(hub *h, const htour *ht, runner_key g1, int64_t loser, uint64_t deadline_us,
                       uint64_t now_us, uint64_t only_conn)
{
    const runner_game *g = runner_game_get(ht->r, g1);
    int64_t gid = hub__tour_gid(ht, g1);
    proto_game2_choice q = {.tournament = runner_id(ht->r),
                            .round = g1.round,
                            .match = g1.match,
                            .game = gid,
                            .team = loser,
                            .deadline_ms = deadline_us > now_us
                                               ? (int64_t)(deadline_us - now_us) / 1000
                                               : 0,
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

/* RUNNER_ACT_GAME2 (issue 13): P-GAME2's outcome to both teams' connections, game 1's
 * watchers (its players, spectators) and every director. */
static void game2_decided(hub *h, const htour *ht, const runner_act *x)
{
    static const char *const how[] = {"chosen", "default", "draw"};
    const runner_game *g = runner_game_get(ht->r, x->key);
    int64_t gid = hub__tour_gid(ht, x->key);
    hub_game *hg = hub__game_by_id(h, gid);
    proto_game2_decided d = {.tournament = runner_id(ht->r),
                             .round = x->key.round,
                             .match = x->key.match,
                             .game = gid,
                             .team = x->team[0],
                             .swap = x->swap,
                             .how = x->how >= 0 && x->how < 3 ? how[x->how] : "default"};
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

struct hub_job {
    runner_job *rj;
};

static void reply_pending(hub *h, htour *ht, const runner_act *x)
{
    hub_tours *ts = h->tours_;
    for (int i = 0; i < ts->npend; i++) {
        if (ts->pend[i].cookie != x->cookie)
            continue;
        hpending p = ts->pend[i];
        ts->pend[i] = ts->pend[--ts->npend];
        runner_reply rep = {.rc = x->rc};
        snprintf(rep.field, sizeof rep.field, "%s", x->field);
        snprintf(rep.msg, sizeof rep.msg, "%s", x->text);
        if (hub__sess_find(h, p.conn))
            hub__tour_reply(h, ht, p.conn, p.id, &rep, 0);
        return;
    }
}

void hub__tour_run(hub *h, htour *ht, runner_acts *a, uint64_t now_us)
{
    long long tid = (long long)runner_id(ht->r);
    for (int i = 0; i < a->n; i++) {
        runner_act *x = &a->v[i];
        switch (x->kind) {
        case RUNNER_ACT_CREATE_GAME: create_game(h, ht, x, now_us); break;
        case RUNNER_ACT_END_GAME: {
            hub_game *hg = hub__game_by_id(h, hub__tour_gid(ht, x->key));
            if (hg && hg->status == STORE_WAITING) /* withdrawn while its game waits */
                hub__game_start(h, hg, now_us);
            if (hg && hg->status == STORE_LIVE)
                hub__game_set_result(h, hg, x->result == RUNNER_WIN1 ? "1-0" : "0-1", x->reason,
                                     now_us);
            break;
        }
        case RUNNER_ACT_ASK_CHOICE:
            ask_choice(h, ht, x->key, x->team[0], x->deadline_us, now_us, 0);
            break;
        case RUNNER_ACT_ROUND: to_all(h, hub__tour_enc_round(h, ht, x->round)); break;
        case RUNNER_ACT_STANDINGS: to_all(h, hub__tour_enc_standings(ht)); break;
        case RUNNER_ACT_PERSIST: persist(h, ht); break;
        case RUNNER_ACT_PAUSE:
            log_error("hub: tournament %lld: %s", tid, x->text);
            for (int k = 0; k < h->capsess; k++)
                if (h->sess[k].conn && h->sess[k].role == ROLE_DIRECTOR)
                    hub__tour_snapshot(h, ht, h->sess[k].conn, false, 0);
            break;
        case RUNNER_ACT_FINISH:
        case RUNNER_ACT_NOTE:
            log_msg(x->rc < 0 ? LOG_ERROR : LOG_INFO, "hub: tournament %lld: %s", tid, x->text);
            break;
        case RUNNER_ACT_PAIR_JOB: {
            hub_job *j = xmalloc(sizeof *j);
            j->rj = x->job;
            x->job = NULL;
            h->io.job(h->io.ctx, j); /* only a hub with io.job makes runners that ask */
            break;
        }
        case RUNNER_ACT_REPLY: reply_pending(h, ht, x); break;
        case RUNNER_ACT_GAME2: game2_decided(h, ht, x); break;
        }
    }
    runner_acts_fini(a);
}

void hub_job_run(hub_job *j)
{
    runner_job_run(j->rj);
}

void hub_job_cancel(hub_job *j)
{
    runner_job_cancel(j->rj);
}

void hub_job_free(hub_job *j)
{
    if (j)
        runner_job_free(j->rj);
    free(j);
}

void hub_on_job(hub *h, hub_job *j, uint64_t now_us)
{
    htour *ht = hub__tour_find(h, runner_job_tournament(j->rj));
    runner_acts a = {0};
    if (ht) {
        runner_job_done(ht->r, j->rj, now_us, &a); /* takes the job */
        hub__tour_run(h, ht, &a, now_us);
    } else {
        runner_job_free(j->rj);
    }
    free(j);
    hub__arm(h);
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

void hub__tour_game_over(hub *h, hub_game *hg, uint64_t now_us)
{
    int i;
    htour *ht = hub__tour_of_game(h, hg->id, &i);
    if (!ht)
        return;
    runner_acts a = {0};
    runner_game_over(ht->r, runner_game_at(ht->r, i)->key, hub__tour_res(hg), now_us, &a);
    hub__tour_run(h, ht, &a, now_us);
}

uint64_t hub__tour_deadline(const hub *h)
{
    uint64_t at = 0;
    for (int t = 0; h->tours_ && t < h->tours_->n; t++) {
        uint64_t d = runner_deadline(h->tours_->v[t]->r);
        if (d && (!at || d < at))
            at = d;
    }
    return at;
}

void hub__tour_timers(hub *h, uint64_t now_us)
{
    for (int t = 0; h->tours_ && t < h->tours_->n; t++) {
        runner_acts a = {0};
        runner_on_time(h->tours_->v[t]->r, now_us, &a);
        hub__tour_run(h, h->tours_->v[t], &a, now_us);
    }
}

bool hub__tour_choice_open(hub *h, int64_t gid)
{
    int i;
    runner_choice c;
    htour *ht = hub__tour_of_game(h, gid, &i);
    return ht && runner_choice_get(ht->r, runner_game_at(ht->r, i)->key, &c) == BH_OK;
}

void hub__tour_game2_colors(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    const proto_game2_colors *x = &m->game2_colors;
    int i;
    runner_choice c;
    htour *ht = hub__tour_of_game(h, x->game, &i);
    runner_key k = ht ? runner_game_at(ht->r, i)->key : (runner_key){0, 0, 0, 0};
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
    runner_acts a = {0};
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
                         .tiebreaks = tb,
                         .n_tiebreaks = m->n_tiebreaks,
                         .legacy_withdraw = h->cfg.legacy_withdraw,
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
    persist(h, add_tour(h, runner_new(id, &c, h->io.job == NULL)));
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
    runner_acts a = {0};
    int rc = runner_register(ht->r, team, m->name, m->players[0], m->players[1], m->ratings[0],
                             m->ratings[1], &a);
    /* The team token: role "team", game_id = the team id (store_token_find). */
    if (rc == BH_OK)
        rc = hub__token_new(h, "team", team, -1, token);
    if (rc != BH_OK) {
        runner_acts_fini(&a);
        hub__error(h, s->conn, true, id, rc, NULL);
        h->store_failed = rc == BH_ESTORE;
        return true;
    }
    hub__tour_run(h, ht, &a, 0);
    hub__queue(h, s->conn, proto_enc_team_created(id, team, token));
    return true;
}

void hub__tour_team_token(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    (void)now_us;
    const hub_team *tm = hub_team_by_id(h, m->team_token.team);
    if (!tm) {
        hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "team");
        return;
    }
    /* Tokens are stored hashed (store.h): the old one cannot be shown again; a new one is
     * minted and the old ones revoked, in the turn's transaction (nothing sent if it fails). */
    char token[AUTH_TOKEN_LEN + 1];
    int rc = store_token_revoke(h->st, "team", tm->id);
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
             "connection%s closed)", (long long)tm->id, tm->name, closed, closed == 1 ? "" : "s");
    hub__queue(h, s->conn, proto_enc_team_created(m->id, tm->id, token));
}

/* The player tokens (the seats' own, hub__seat_token) of every game of ht that is not
 * finished: a team connection gets its own two seats, a director all four.
 * Then the runner's open choices that s may see (its team is to choose, or a director):
 * the push went only to the connections open when game 1 ended (none after a restart). */
static void reassign(hub *h, htour *ht, const hub_sess *s, uint64_t now_us)
{
    int st = runner_status(ht->r);
    if (st != RUNNER_RUNNING && st != RUNNER_PAUSED)
        return;
    bool dir = s->role == ROLE_DIRECTOR;
    const tour *t = runner_tour(ht->r);
    for (int i = 0; i < runner_n_games(ht->r) && i < ht->ngid; i++) {
        const runner_game *g = runner_game_at(ht->r, i);
        hub_game *hg = hub__game_by_id(h, ht->gid[i]);
        if ((!tour_round_match(t, g->key.round, g->key.match) && g->key.round != 0) || !hg ||
            hg->status == STORE_FINISHED)
            continue;
        if (!dir && s->team != g->team[0] && s->team != g->team[1])
            continue;
        char tokens[4][AUTH_TOKEN_LEN + 1];
        memset(tokens, 0, sizeof tokens);
        for (int seat = 0; seat < 4; seat++) {
            bool mine = dir || (game_team_of(seat) == GAME_TEAM_1) == (s->team == g->team[0]);
            if (mine && hub__seat_token(h, ht->gid[i], seat, tokens[seat]) != BH_OK)
                h->store_failed = true;
        }
        send_assign(h, ht, g, ht->gid[i], (const char(*)[AUTH_TOKEN_LEN + 1])tokens, hg, s->conn,
                    dir);
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
    const hub_team *tm = hub_team_by_id(h, s->team);
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

bool hub__tour_game_info(hub *h, int64_t gid, int64_t *tournament, int *round, int *match,
                         int *game_no, const char *teams[2])
{
    int i;
    htour *ht = hub__tour_of_game(h, gid, &i);
    if (!ht)
        return false;
    const runner_game *g = runner_game_at(ht->r, i);
    *tournament = runner_id(ht->r);
    *round = g->key.round;
    *match = g->key.match;
    *game_no = g->key.game;
    for (int k = 0; k < 2; k++) {
        const hub_team *tm = hub_team_by_id(h, g->team[k]);
        teams[k] = tm ? tm->name : NULL;
    }
    return true;
}

/* ---- load ---------------------------------------------------------------------------------- */

static int load_row(void *ctx, const store_tour *row)
{
    hub *h = ctx;
    runner *r = NULL;
    int line = 0;
    runner_saved s = {row->status, row->seed, (char *)row->teams, (char *)row->trf};
    if (runner_restore(row->id, &s, h->io.job == NULL, &r, &line) != BH_OK) {
        log_error("hub: tournament %lld: stored TRF does not import (line %d)",
                  (long long)row->id, line);
        return 0;
    }
    runner_set_legacy_withdraw(r, h->cfg.legacy_withdraw);
    add_tour(h, r);
    return 0;
}

static int load_tgame(void *ctx, const store_tgame *row)
{
    hub *h = ctx;
    htour *ht = hub__tour_find(h, row->tournament);
    if (ht) {
        runner_restore_game(ht->r, (runner_key){row->round, row->match, row->game_no, 0},
                            row->team1);
        add_gid(ht, row->game);
    }
    return 0;
}

int hub__tour_load(hub *h, uint64_t now_us)
{
    if (store_tour_init(h->st) != BH_OK || store_each_tour(h->st, load_row, h) != BH_OK ||
        store_each_tgame(h->st, load_tgame, h) != BH_OK)
        return BH_ESTORE;
    /* The games' ends as the store has them, in creation order: the runner notes those it
     * recorded and applies the others (those of a turn whose tournament update is missing:
     * recovery at load), which may pair the next round; then a running event goes on. */
    for (int t = 0; h->tours_ && t < h->tours_->n; t++) {
        htour *ht = h->tours_->v[t];
        runner_acts a = {0};
        for (int i = 0; i < ht->ngid; i++) {
            hub_game *hg = hub__game_by_id(h, ht->gid[i]);
            if (hg && hg->status == STORE_FINISHED) {
                runner_game_over(ht->r, runner_game_at(ht->r, i)->key, hub__tour_res(hg), now_us,
                                 &a);
                hub__tour_run(h, ht, &a, now_us);
            }
        }
        runner_loaded(ht->r, now_us, &a);
        hub__tour_run(h, ht, &a, now_us);
        /* A game that was waiting for its players (issue 13): its gate is not stored (its
         * instants are monotonic), so it waits the whole wait_s again from now (a game
         * waiting without wait_s, in a break, starts now). */
        game_gate again = {now_us, tour_rules(runner_tour(ht->r))->wait_s};
        for (int i = 0; i < ht->ngid; i++) {
            hub_game *hg = hub__game_by_id(h, ht->gid[i]);
            if (hg && hg->status == STORE_WAITING && !hg->gated)
                hub__game_gate(h, hg, &again, now_us);
        }
        const tour *tt = runner_tour(ht->r);
        log_info("hub: tournament %lld: %s, round %d of %d", (long long)runner_id(ht->r),
                 runner_status_name(runner_status(ht->r)), tour_n_rounds(tt),
                 tour_planned_rounds(tt));
    }
    return BH_OK;
}

void hub__tour_free(hub *h)
{
    if (!h->tours_)
        return;
    for (int i = 0; i < h->tours_->n; i++) {
        runner_free(h->tours_->v[i]->r);
        free(h->tours_->v[i]->gid);
        free(h->tours_->v[i]);
    }
    free(h->tours_->v);
    free(h->tours_->pend);
    free(h->tours_);
    h->tours_ = NULL;
}
