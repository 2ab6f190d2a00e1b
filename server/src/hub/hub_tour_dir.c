/* hub_tour_dir.c: the director's controls (issue 7, T-AUTO "the director may pause, override
 * a result, or re-pair before start"): pause and resume one game, adjudicate or override a
 * result, withdraw a team, pair and start the next round by hand while T-AUTO is paused, and
 * export BPGN / TRF (protocol/messages/c2s-game_pause.md ... c2s-export.md).
 * SPDX-License-Identifier: MIT
 * Every change to a tournament is stored (TRF) in the same turn and re-broadcast (round,
 * standings). An override of a game of an earlier round than the last paired one is refused
 * (bad_state, field "round"): that round's result already fed the next pairing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "hub_tour_int.h"
#include "log.h"
#include "proto_tour.h"
#include "swiss.h"
#include "trf.h"
#include "xalloc.h"

/* The tournament game of hub game gid (and its tournament), or NULL. */
static const tgame *tgame_of(hub *h, int64_t gid, htour **out)
{
    for (int ti = 0; h->tours_ && ti < h->tours_->n; ti++) {
        htour *ht = &h->tours_->v[ti];
        for (int i = 0; i < ht->ng; i++)
            if (ht->g[i].game == gid) {
                *out = ht;
                return &ht->g[i];
            }
    }
    return NULL;
}

static const char *hub_team_name(const hub *h, int64_t id)
{
    for (int i = 0; i < h->nteams; i++)
        if (h->teams[i].id == id)
            return h->teams[i].name;
    return NULL;
}

bool hub__tour_game_info(hub *h, int64_t gid, int64_t *tournament, int *round, int *match,
                         int *game_no, const char *teams[2])
{
    htour *ht = NULL;
    const tgame *g = tgame_of(h, gid, &ht);
    if (!g)
        return false;
    const tour_match *m = tour_round_match(ht->t, g->round, g->match);
    int64_t t2 = 0;
    if (m) /* a match game: the other side of the match */
        t2 = g->team1 == ht->team_of[m->a] ? ht->team_of[m->b] : ht->team_of[m->a];
    else if (g->round == 0 && g->match > 0 && g->match < ht->nteam_of)
        t2 = ht->team_of[g->match]; /* an Armageddon play-off: match = Black's tour id */
    *tournament = ht->id;
    *round = g->round;
    *match = g->match;
    *game_no = g->game_no;
    teams[0] = hub_team_name(h, g->team1);
    teams[1] = t2 ? hub_team_name(h, t2) : NULL;
    return true;
}

bool hub__tour_round_unstarted(const htour *ht, int r)
{
    if (r < 1 || tour_round_complete(ht->t, r))
        return false;
    for (int i = 0; i < ht->ng; i++)
        if (ht->g[i].round == r)
            return false;
    return true;
}

bool hub__tour_start_paired(hub *h, htour *ht, int r, uint64_t now_us)
{
    if (!hub__tour_round_unstarted(ht, r))
        return false;
    bool any = false;
    for (int i = 0; i < tour_round_size(ht->t, r); i++) {
        const tour_match *m = tour_round_match(ht->t, r, i);
        if (m->b == 0 || m->forfeit != TOUR_FF_NONE)
            continue; /* a bye, or a match forfeited by a withdrawal */
        any |= hub__tour_game1(h, ht, r, i, now_us) == BH_OK;
    }
    return any;
}

void hub__tour_paused_standings(hub *h, htour *ht)
{
    char *st = hub__tour_enc_standings(ht);
    if (st)
        hub__tour_to_all(h, st);
}

/* Round r and the standings to everyone, after a change the director made. */
static void rebroadcast(hub *h, htour *ht, int r)
{
    hub__tour_persist(h, ht);
    if (r > 0)
        hub__tour_to_all(h, hub__tour_enc_round(h, ht, r));
    if (tour_is_started(ht->t))
        hub__tour_paused_standings(h, ht);
}

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

/* game_result: adjudicate a live game (T-AUTO goes on from its end as from any end) or
 * override a finished one (the tournament's match and standings are recomputed). */
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
    htour *ht = NULL;
    const tgame *g = tgame_of(h, hg->id, &ht);
    bool override = hg->status == STORE_FINISHED;
    if (g && override && g->round < tour_n_rounds(ht->t)) {
        /* A later round is paired from this result: refused (pause T-AUTO before the round
         * ends to correct a result before the next pairing). */
        hub__error(h, s->conn, true, m->id, BH_ESTATE, "round");
        return;
    }
    int rc = hub__game_set_result(h, hg, m->result, m->reason, now_us);
    if (rc != BH_OK) {
        hub__error(h, s->conn, true, m->id, rc, "game");
        return;
    }
    if (g && override) {
        tgame copy = *g;
        const tour_match *tm = tour_round_match(ht->t, copy.round, copy.match);
        if (tm && tour_set_game(ht->t, copy.round, copy.match, copy.game_no,
                                hub__tour_res(ht, &copy, tm, hg->result)) == BH_OK)
            rebroadcast(h, ht, copy.round);
        hub__tour_choice_check(h, ht, copy.game, now_us); /* P-GAME2: the loser may change */
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
        if (!(text = hub__game_bpgn(h, hg))) {
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
        text = trf_export(ht->t);
        hub__queue(h, s->conn, proto_enc_export(m->id, "trf", 0, ht->id, text));
    }
    free(text);
}

/* ---- tournaments ---------------------------------------------------------------------------- */

/* The tournament of m in one of the states allowed (bit mask of 1 << HT_*), or NULL after
 * replying the error. */
static htour *tour_in(hub *h, hub_sess *s, const proto_msg *m, unsigned states)
{
    htour *ht = hub__tour_find(h, m->tournament);
    if (!ht)
        hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "tournament");
    else if (!(states & (1u << ht->status)))
        hub__error(h, s->conn, true, m->id, BH_ESTATE, "tournament");
    else
        return ht;
    return NULL;
}

/* team_withdraw: without keep_current the team's current match is forfeited (tour_withdraw)
 * and its live game ends now as a loss for it (reason "withdrawn"), an Armageddon play-off
 * game included (T-ARMAGEDDON: the other team wins it; a withdrawn team is then out of the
 * play-off). */
static void do_withdraw(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    htour *ht = tour_in(h, s, m, 1u << HT_RUNNING | 1u << HT_PAUSED);
    if (!ht)
        return;
    int tid = 0;
    for (int i = 1; i < ht->nteam_of; i++)
        if (ht->team_of[i] == m->team)
            tid = i;
    int rc = tid ? tour_withdraw(ht->t, tid, m->action == 1) : BH_ENOTFOUND;
    if (rc != BH_OK) {
        hub__error(h, s->conn, true, m->id, rc, "team");
        return;
    }
    int64_t tournament = ht->id;
    int r = tour_n_rounds(ht->t);
    log_info("hub: tournament %lld: team %lld withdrawn%s", (long long)tournament,
             (long long)m->team, m->action == 1 ? " after its current match" : "");
    /* End the team's live games of a forfeited match or of the play-off (finish() may pair
     * the next round or start the next play-off game). */
    for (int i = 0; i < ht->ng; i++) {
        tgame g = ht->g[i];
        const tour_match *tm = tour_round_match(ht->t, g.round, g.match);
        hub_game *hg = hub__game_by_id(h, g.game);
        bool playoff = g.round == 0 && m->action != 1 && (g.team1 == m->team || g.match == tid);
        if (!hg || hg->status != STORE_LIVE ||
            (!playoff && (g.round != r || !tm || tm->forfeit == TOUR_FF_NONE ||
                          (tm->a != tid && tm->b != tid))))
            continue;
        hub__game_set_result(h, hg, g.team1 == m->team ? "0-1" : "1-0", "withdrawn", now_us);
        ht = hub__tour_find(h, tournament); /* the tournaments may have moved */
    }
    if (ht->status == HT_RUNNING)
        hub__tour_advance(h, ht, now_us);
    rebroadcast(h, ht, tour_n_rounds(ht->t));
    hub__tour_snapshot(h, ht, s->conn, true, m->id);
}

/* The hub team id of tour team tid, or what the director sent for pair i (tid < 1). */
static long long hub_team_of(const htour *ht, const proto_msg *m, int i, int tid, int given)
{
    if (tid >= 1 && tid < ht->nteam_of)
        return (long long)ht->team_of[tid];
    return i >= 0 ? (long long)m->pairs[i][given] : 0;
}

/* The error reply to a refused pairing by hand (swiss_pair_hand's rc and *e): the field names
 * the pair ("pairs[2]"), the message the teams (protocol/messages/c2s-round_pair.md). */
static void hand_error(hub *h, hub_sess *s, const proto_msg *m, const htour *ht, int r, int rc,
                       const int (*pairs)[2], const swiss_hand_err *e)
{
    char field[24] = "pairs", msg[160];
    int i = e->pair, given = i >= 0 && pairs[i][0] != e->team; /* which side e->team is */
    long long team = hub_team_of(ht, m, i, e->team, given);
    if (i >= 0)
        snprintf(field, sizeof field, "pairs[%d]", i);
    bool bye = i >= 0 && m->pairs[i][1] == 0;
    switch (rc) {
    case BH_ENOTFOUND: snprintf(msg, sizeof msg, "no team %lld in this tournament", team); break;
    case BH_ESTATE:
        snprintf(msg, sizeof msg, "team %lld is not to be paired in round %d (withdrawn, not yet "
                 "entered, or on a requested bye)", team, r + 1);
        break;
    case BH_EEXIST: snprintf(msg, sizeof msg, "team %lld is listed twice", team); break;
    case BH_ELIMIT:
        snprintf(msg, sizeof msg, "a second bye (team %lld): one PAB at most", team);
        break;
    case BH_EPAIR:
        if (bye)
            snprintf(msg, sizeof msg, "team %lld had a pairing-allocated bye or won a match by "
                     "forfeit: no PAB for it (C.04.1 d)", team);
        else
            snprintf(msg, sizeof msg, "teams %lld and %lld met before ([C1]): send allow_rematch "
                     "to pair them again", (long long)m->pairs[i][0], (long long)m->pairs[i][1]);
        break;
    default:
        if (i >= 0)
            snprintf(msg, sizeof msg, "team %lld is paired with itself", team);
        else
            snprintf(msg, sizeof msg, "team %lld plays round %d and is in no pair", team, r + 1);
        rc = BH_EINVAL;
        break;
    }
    hub__queue(h, s->conn, proto_enc_error_msg(true, m->id, rc, field, msg));
}

/* Pair round r+1 of ht by the director's pairs (hub team ids) and append it. BH_OK, or the
 * error already replied. */
static int pair_by_hand(hub *h, hub_sess *s, const proto_msg *m, htour *ht, int r)
{
    int (*pairs)[2] = xmalloc(((size_t)m->n_pairs + 1) * sizeof *pairs);
    for (int i = 0; i < m->n_pairs; i++)
        for (int k = 0; k < 2; k++) {
            /* not a team of this tournament: a negative id of its own, so that two unknown
             * teams in one pair are not taken for a team paired with itself */
            pairs[i][k] = -1 - (2 * i + k);
            for (int tid = 1; tid < ht->nteam_of; tid++)
                if (ht->team_of[tid] == m->pairs[i][k])
                    pairs[i][k] = tid;
            if (k == 1 && m->pairs[i][1] == 0)
                pairs[i][k] = 0; /* the bye */
        }
    swiss_pairing p = {0, NULL};
    swiss_hand_err e;
    int rc = swiss_pair_hand(ht->t, ht->seed + (uint64_t)r, (const int (*)[2])pairs, m->n_pairs,
                             m->action == 1, &p, &e);
    if (rc == BH_OK && (rc = tour_add_round(ht->t, p.m, p.n)) != BH_OK)
        e.pair = -1;
    if (rc != BH_OK && e.pair < 0 && rc != BH_EINVAL)
        hub__error(h, s->conn, true, m->id, rc, "round");
    else if (rc != BH_OK)
        hand_error(h, s, m, ht, r, rc, (const int (*)[2])pairs, &e);
    swiss_pairing_fini(&p);
    free(pairs);
    return rc;
}

/* round_pair: while T-AUTO is paused and the current round is complete, pair the next round
 * (again, if it was paired and none of its games started: after a withdrawal or an
 * override), by the pairer or by the director's pairs. Its games start on round_start or
 * when T-AUTO resumes. On any error the tournament is left as it was: a round paired before
 * is put back. */
static void do_round_pair(hub *h, hub_sess *s, const proto_msg *m)
{
    htour *ht = tour_in(h, s, m, 1u << HT_PAUSED);
    if (!ht)
        return;
    int r = tour_n_rounds(ht->t), nold = 0;
    tour_match *old = NULL; /* the unstarted round replaced, kept until the new one stands */
    if (hub__tour_round_unstarted(ht, r)) {
        nold = tour_round_size(ht->t, r);
        old = xmalloc(((size_t)nold + 1) * sizeof *old);
        for (int i = 0; i < nold; i++)
            old[i] = *tour_round_match(ht->t, r, i);
        if (tour_drop_round(ht->t) != BH_OK) {
            hub__error(h, s->conn, true, m->id, BH_ESTATE, "round");
            free(old);
            return;
        }
        r--;
    }
    int rc = BH_ESTATE;
    if ((r > 0 && !tour_round_complete(ht->t, r)) || r >= tour_planned_rounds(ht->t))
        hub__error(h, s->conn, true, m->id, BH_ESTATE, "round");
    else if (m->hand && tour_format(ht->t) == TOUR_ROUND_ROBIN) /* its later rounds would
                                                                   * not know: rematches */
        hub__queue(h, s->conn,
                   proto_enc_error_msg(true, m->id, BH_ESTATE, "pairs",
                                       "a round robin follows its Berger table: its rounds "
                                       "are not paired by hand"));
    else if (m->hand)
        rc = pair_by_hand(h, s, m, ht, r);
    else if ((rc = tour_pair_next(ht->t, ht->seed + (uint64_t)r)) != BH_OK)
        hub__error(h, s->conn, true, m->id, rc, "round");
    if (rc != BH_OK) {
        if (old && tour_add_round(ht->t, old, nold) != BH_OK)
            log_warn("hub: tournament %lld: the round replaced could not be put back",
                     (long long)ht->id); /* not expected: it was valid a moment ago */
        free(old);
        return;
    }
    free(old);
    log_info("hub: tournament %lld: round %d paired %s", (long long)ht->id, r + 1,
             m->hand ? "by hand by the director" : "by the director");
    rebroadcast(h, ht, r + 1);
    hub__tour_snapshot(h, ht, s->conn, true, m->id);
}

/* Does T-AUTO have anything to start: a round paired by hand, a game 2 whose game 1 ended,
 * or the next round after a complete one? */
static bool start_due(hub *h, const htour *ht)
{
    int r = tour_n_rounds(ht->t);
    if (r == 0 || hub__tour_round_unstarted(ht, r))
        return true;
    if (tour_round_complete(ht->t, r))
        return r < tour_planned_rounds(ht->t);
    for (int mi = 0; mi < tour_round_size(ht->t, r); mi++) {
        const tour_match *tm = tour_round_match(ht->t, r, mi);
        const tgame *last = NULL;
        for (int k = 0; k < TOUR_MAX_GAMES; k++) {
            const tgame *x = hub__tour_tgame(ht, r, mi, k);
            if (x)
                last = x;
        }
        const hub_game *hg = last ? hub__game_by_id(h, last->game) : NULL;
        if (last && tm->forfeit == TOUR_FF_NONE && hg && hg->status == STORE_FINISHED &&
            last->game_no + 1 < tour_rules(ht->t)->games)
            return true;
    }
    return false;
}

/* round_start: while T-AUTO is paused, start by hand what it would start next (the round
 * paired by round_pair, the games 2 that are due, or the next round, pairing it first); the
 * tournament stays paused. */
static void do_round_start(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    htour *ht = tour_in(h, s, m, 1u << HT_PAUSED);
    if (!ht)
        return;
    if (!start_due(h, ht)) {
        hub__error(h, s->conn, true, m->id, BH_ESTATE, "round");
        return;
    }
    int64_t id = ht->id;
    hub__tour_advance(h, ht, now_us);
    ht = hub__tour_find(h, id);
    log_info("hub: tournament %lld: round %d started by the director", (long long)id,
             tour_n_rounds(ht->t));
    hub__tour_snapshot(h, ht, s->conn, true, m->id);
}

void hub__dir_cmd(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    switch (m->type) {
    case PROTO_GAME_PAUSE: do_game_pause(h, s, m, now_us); break;
    case PROTO_GAME_RESULT: do_game_result(h, s, m, now_us); break;
    case PROTO_EXPORT: do_export(h, s, m); break;
    case PROTO_TEAM_WITHDRAW: do_withdraw(h, s, m, now_us); break;
    case PROTO_ROUND_PAIR: do_round_pair(h, s, m); break;
    case PROTO_ROUND_START: do_round_start(h, s, m, now_us); break;
    default: hub__error(h, s->conn, true, m->id, BH_ETYPE, "type"); break;
    }
}
