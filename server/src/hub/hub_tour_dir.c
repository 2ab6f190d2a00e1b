/* hub_tour_dir.c: the director's controls (issue 7): pause and resume one game, adjudicate or
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
#include "trf.h"
#include "xalloc.h"

/* ---- games ---------------------------------------------------------------------------------- */

static void do_game_pause(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    hub_game *hg = hub__game_by_id(h, m->game);
    int rc = hg ? hub__game_pause(h, hg, m->action == 1, now_us) : BH_ENOTFOUND;
    if (rc != BH_OK)
        hub__error(h, s->conn, true, m->id, rc, "game");
    else
        hub__queue(h, s->conn, proto_enc_ack(m->id, -1, 0, 0, 0));
}

/* game_result: adjudicate a live game (its end reaches the runner as any end) or override a
 * finished one (the runner recomputes the match and the standings). */
static void do_game_result(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    hub_game *hg = hub__game_by_id(h, m->game);
    if (!hg) {
        hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "game");
        return;
    }
    if (hg->status == STORE_WAITING) {
        hub__error(h, s->conn, true, m->id, BH_ESTATE, "game");
        return;
    }
    int i;
    htour *ht = hub__tour_of_game(h, hg->id, &i);
    bool override = ht && hg->status == STORE_FINISHED;
    runner_key k = ht ? runner_game_at(ht->r, i)->key : (runner_key){0, 0, 0, 0};
    runner_reply rep;
    if (override && runner_override_check(ht->r, k, &rep) != BH_OK) {
        hub__tour_reply(h, ht, s->conn, m->id, &rep, 0);
        return;
    }
    int rc = hub__game_set_result(h, hg, m->result, m->reason, now_us);
    if (rc != BH_OK) {
        hub__error(h, s->conn, true, m->id, rc, "game");
        return;
    }
    if (override) {
        runner_acts a = {0};
        runner_override(ht->r, k, hub__tour_res(hg), now_us, &a, &rep);
        hub__tour_run(h, ht, &a, now_us);
    }
    hub__queue(h, s->conn, proto_enc_ack(m->id, -1, 0, 0, 0));
}

static void do_export(hub *h, hub_sess *s, const proto_msg *m)
{
    char *text = NULL;
    if (m->action == PROTO_EXPORT_BPGN) {
        hub_game *hg = hub__game_by_id(h, m->game);
        if (!hg) {
            hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "game");
            return;
        }
        /* Partner chat is the director's to read (P-SEAT): hub.c lets a non-director
         * export only a finished game, and without it. */
        if (!(text = hub__game_bpgn(h, hg, m->chat))) {
            hub__error(h, s->conn, true, m->id, BH_ESTATE, "game");
            return;
        }
        hub__queue(h, s->conn, proto_enc_export(m->id, "bpgn", hg->id, 0, text));
    } else {
        htour *ht = hub__tour_find(h, m->tournament);
        if (!ht) {
            hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "tournament");
            return;
        }
        text = trf_export(runner_tour(ht->r));
        hub__queue(h, s->conn, proto_enc_export(m->id, "trf", 0, m->tournament, text));
    }
    free(text);
}

/* ---- tournaments ---------------------------------------------------------------------------- */

/* team_withdraw, round_pair and round_start: the runner decides and answers; its actions are
 * carried out before the reply (the snapshot, or the error), which waits for a pairing job
 * the command started. */
static void do_tour(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    htour *ht = hub__tour_find(h, m->tournament);
    if (!ht) {
        hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "tournament");
        return;
    }
    runner_acts a = {0};
    runner_reply rep;
    uint64_t cookie = hub__tour_cookie(h);
    if (m->type == PROTO_TEAM_WITHDRAW)
        runner_withdraw(ht->r, m->team, m->action == 1, now_us, cookie, &a, &rep);
    else if (m->type == PROTO_ROUND_PAIR && m->hand)
        runner_pair_hand(ht->r, (const int64_t(*)[2])m->pairs, m->n_pairs, m->action == 1, &a,
                         &rep);
    else if (m->type == PROTO_ROUND_PAIR)
        runner_pair(ht->r, cookie, &a, &rep);
    else
        runner_round_start(ht->r, now_us, cookie, &a, &rep);
    hub__tour_run(h, ht, &a, now_us);
    hub__tour_reply(h, ht, s->conn, m->id, &rep, cookie);
}

void hub__dir_cmd(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    switch (m->type) {
    case PROTO_GAME_PAUSE: do_game_pause(h, s, m, now_us); break;
    case PROTO_GAME_RESULT: do_game_result(h, s, m, now_us); break;
    case PROTO_EXPORT: do_export(h, s, m); break;
    case PROTO_TEAM_WITHDRAW:
    case PROTO_ROUND_PAIR:
    case PROTO_ROUND_START: do_tour(h, s, m, now_us); break;
    default: hub__error(h, s->conn, true, m->id, BH_ETYPE, "type"); break;
    }
}
