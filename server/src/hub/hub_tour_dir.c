/* hub_tour_dir.c: the director's controls: pause and resume one game, adjudicate or
 * override a result, withdraw a team, pair and start the next round by hand while the
 * tournament is paused, and export BPGN / TRF (protocol/messages/c2s-game_pause.md ...
 * c2s-export.md).
 * SPDX-License-Identifier: MIT
 * The tournament's part of each is the runner's (runner.h: its checks, codes and fields);
 * here the hub's part: the game objects, and the replies. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "hub_tour_int.h"
#include "log.h"
#include "proto_tour.h"
#include "store.h"
#include "trf.h"
#include "xalloc.h"

/* ---- games ---------------------------------------------------------------------------------- */

void hub__dir_game_pause(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    const proto_game_pause *x = &m->game_pause;
    hub_game *hg = hub__game_by_id(h, x->game);
    int rc = hg ? hub__game_pause(h, hg, x->paused, now_us) : BH_ENOTFOUND;
    if (rc != BH_OK)
        hub__error(h, s->conn, true, m->id, rc, "game");
    else
        hub__queue(h, s->conn, proto_enc_ack(m->id, -1, 0, 0, 0));
}

/* game_result: adjudicate a live game (its end reaches the runner as any end) or override a
 * finished one (the runner recomputes the match and the standings). */
void hub__dir_game_result(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    const proto_game_result *x = &m->game_result;
    hub_game *hg = hub__game_by_id(h, x->game);
    if (!hg) {
        hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "game");
        return;
    }
    if (hg->status == STORE_WAITING) {
        hub__error(h, s->conn, true, m->id, BH_ESTATE, "game");
        return;
    }
    tfmt_key k = {0, 0, 0, 0};
    htour *ht = hub__tour_of_game(h, hg->id, &k);
    /* A finished board of another format (a club's, a league's) changes only through it
     * (club_result, club_decide; league_result): the game and its event never disagree. */
    if (!ht && hg->status == STORE_FINISHED && hub__event_of_game(h, hg->id, &k)) {
        hub__error(h, s->conn, true, m->id, BH_ESTATE, "game");
        return;
    }
    bool override = ht && hg->status == STORE_FINISHED;
    runner_reply rep;
    if (override && runner_override_check(ht->r, k, &rep) != BH_OK) {
        hub__tour_reply(h, ht, s->conn, m->id, &rep, 0);
        return;
    }
    int rc = hub__game_set_result(h, hg, x->result, x->reason, "director", "desk", now_us);
    if (rc != BH_OK) {
        hub__error(h, s->conn, true, m->id, rc, "game");
        return;
    }
    if (override) {
        tfmt_acts a = {0};
        runner_override(ht->r, k, hub__tour_res(hg), now_us, &a, &rep);
        hub__tour_run(h, ht, &a, now_us);
    }
    hub__queue(h, s->conn, proto_enc_ack(m->id, -1, 0, 0, 0));
}

/* result_log: the game's entries from the store, copied (a row's strings live only for the
 * walk's step). */
typedef struct {
    proto_result_set *v;
    int n, cap;
} log_rows;

static int log_row(void *ctx, const store_result_set *r)
{
    log_rows *l = ctx;
    BH_GROW(l->v, l->n, l->cap);
    proto_result_set *x = &l->v[l->n++];
    x->at_ms = r->at_ms;
    snprintf(x->result, sizeof x->result, "%s", r->result ? r->result : "");
    snprintf(x->reason, sizeof x->reason, "%s", r->reason ? r->reason : "");
    snprintf(x->was, sizeof x->was, "%s", r->was ? r->was : "*");
    snprintf(x->who, sizeof x->who, "%s", r->who ? r->who : "");
    snprintf(x->page, sizeof x->page, "%s", r->page ? r->page : "");
    return 0;
}

void hub__dir_result_log(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    (void)now_us;
    int64_t gid = m->result_log.game;
    if (!hub__game_by_id(h, gid)) {
        hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "game");
        return;
    }
    log_rows l = {NULL, 0, 0};
    if (store_each_result_set(h->st, gid, log_row, &l) != BH_OK)
        hub__error(h, s->conn, true, m->id, BH_ESTORE, NULL);
    else
        hub__queue(h, s->conn, proto_enc_result_log(m->id, gid, l.v, l.n));
    free(l.v);
}

void hub__dir_export(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    (void)now_us;
    const proto_export *x = &m->export_;
    char *text = NULL;
    if (x->format == PROTO_EXPORT_BPGN) {
        hub_game *hg = hub__game_by_id(h, x->game);
        if (!hg) {
            hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "game");
            return;
        }
        /* Partner chat is the director's to read (P-SEAT): hub.c lets a non-director
         * export only a finished game, and without it. */
        if (!(text = hub__game_bpgn(h, hg, x->chat))) {
            hub__error(h, s->conn, true, m->id, BH_ESTATE, "game");
            return;
        }
        hub__queue(h, s->conn, proto_enc_export(m->id, "bpgn", hg->id, 0, text));
    } else {
        htour *ht = hub__tour_find(h, x->tournament);
        if (!ht) {
            hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "tournament");
            return;
        }
        text = trf_export(runner_tour(ht->r));
        hub__queue(h, s->conn, proto_enc_export(m->id, "trf", 0, x->tournament, text));
    }
    free(text);
}

/* ---- tournaments ---------------------------------------------------------------------------- */

/* team_withdraw (or its undo), round_pair and round_start: the runner decides and answers; its
 * actions are carried out before the reply (the snapshot, or the error), which waits for a pairing
 * job the command started (hub__tour_cmd_end). */
void hub__dir_team_withdraw(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    const proto_team_withdraw *x = &m->team_withdraw;
    htour_cmd c;
    if (!hub__tour_cmd_begin(h, s, m->id, x->tournament, &c))
        return;
    if (x->undo)
        runner_reinstate(c.ht->r, x->team, &c.a, &c.rep);
    else
        runner_withdraw(c.ht->r, x->team, x->keep_current, now_us, c.cookie, &c.a, &c.rep);
    hub__tour_cmd_end(h, s, m->id, &c, now_us);
}

/* team_remove: the runner forgets the team (before the start only); its token stops working. */
void hub__dir_team_remove(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    const proto_team_remove *x = &m->team_remove;
    htour_cmd c;
    if (!hub__tour_cmd_begin(h, s, m->id, x->tournament, &c))
        return;
    if (runner_remove_team(c.ht->r, x->team, &c.a, &c.rep) == BH_OK &&
        store_token_revoke(h->st, "team", x->team, -1) != BH_OK)
        h->store_failed = true;
    hub__tour_cmd_end(h, s, m->id, &c, now_us);
}

/* bye_request (T-REQBYE): the runner decides; the snapshot answers. */
void hub__dir_bye_request(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    const proto_bye_request *x = &m->bye_request;
    htour_cmd c;
    if (!hub__tour_cmd_begin(h, s, m->id, x->tournament, &c))
        return;
    runner_request_bye(c.ht->r, x->team, x->round, x->cancel, &c.a, &c.rep);
    hub__tour_cmd_end(h, s, m->id, &c, now_us);
}

/* round_schedule (T-SCHEDULE): the runner decides; the snapshot answers. */
void hub__dir_round_schedule(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    const proto_round_schedule *x = &m->round_schedule;
    htour_cmd c;
    if (!hub__tour_cmd_begin(h, s, m->id, x->tournament, &c))
        return;
    runner_schedule(c.ht->r, x->round, x->start_ms, now_us, &c.a, &c.rep);
    hub__tour_cmd_end(h, s, m->id, &c, now_us);
}

void hub__dir_round_pair(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    const proto_round_pair *x = &m->round_pair;
    htour_cmd c;
    if (!hub__tour_cmd_begin(h, s, m->id, x->tournament, &c))
        return;
    if (x->hand)
        runner_pair_hand(c.ht->r, (const int64_t(*)[2])x->pairs, x->n_pairs, x->allow_rematch, &c.a,
                         &c.rep);
    else
        runner_pair(c.ht->r, c.cookie, &c.a, &c.rep);
    h->tours_->budget_s = x->budget_s; /* for the job the actions hand over (hub_tour.c) */
    hub__tour_cmd_end(h, s, m->id, &c, now_us);
    h->tours_->budget_s = 0;
}

void hub__dir_round_start(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    htour_cmd c;
    if (!hub__tour_cmd_begin(h, s, m->id, m->round_start.tournament, &c))
        return;
    runner_round_start(c.ht->r, now_us, c.cookie, &c.a, &c.rep);
    hub__tour_cmd_end(h, s, m->id, &c, now_us);
}
