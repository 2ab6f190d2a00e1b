/* club.c: the club team round robin of seed 004 (club.h).
 * SPDX-License-Identifier: MIT
 * A round goes: line-ups taken (from the previous round's end, or the start, until start_at),
 * then started (every board a chess game or a forfeit), then ended when its last board is
 * decided. The schedule of every round is fixed at the start by the Berger table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "berger.h"
#include "bh.h"
#include "club_int.h"
#include "game.h"
#include "tfmt.h"
#include "xalloc.h"

/* ---- config ------------------------------------------------------------------------------ */

void club_config_default(club_config *c)
{
    memset(c, 0, sizeof *c);
    snprintf(c->name, sizeof c->name, "%s", "club championship");
    snprintf(c->ruleset, sizeof c->ruleset, "%s", "fide");
    c->base_ms = 600000; /* art. 2: 10 minutes ... */
    c->inc_ms = 5000;    /* ... plus 5 seconds a move from move 1 */
    lineup_rules_seed004(&c->lr);
    c->wait_us = 600 * (int64_t)1000000;  /* art. 2: waiting time 10 minutes */
    c->break_us = 600 * (int64_t)1000000; /* T-BREAK, our choice: the protest window (art. 5) */
    protest_rules_seed004(&c->pr);
    rank_rules_club(&c->rk);
}

int club_config_check(const club_config *c, refusal *why)
{
    roster empty;
    roster_init(&empty);
    lineup_rules lr = c->lr;
    if (lr.boards < 1 || lr.boards > LINEUP_MAX_BOARDS || lr.reserves < 0 || lr.max_subs < 0 ||
        lr.min_players < 1 || lr.min_players > lr.boards)
        return refusal_set(why, BH_EINVAL, "F-RR", "boards", -1);
    if (!c->ruleset[0])
        return refusal_set(why, BH_EINVAL, "F-RR", "ruleset", -1);
    if (c->base_ms == 0)
        return refusal_set(why, BH_EINVAL, "F-RR", "base_ms", -1);
    if (c->wait_us < 0)
        return refusal_set(why, BH_EINVAL, "T-WAIT", "wait_s", -1);
    if (c->break_us < 0 || c->break_us < c->pr.window_us)
        return refusal_set(why, BH_EINVAL, "F-PROTEST", "break_s", -1);
    int last = c->rk.n_tb > 0 ? c->rk.tb[c->rk.n_tb - 1] : 0;
    if (c->rk.n_tb != 4 || (last != RANK_TB_SB && last != RANK_TB_SB_C1))
        return refusal_set(why, BH_EINVAL, "F-RR", "sb", -1);
    return BH_OK;
}

club *club_new(int64_t id, const club_config *cfg)
{
    club *c = xcalloc(1, sizeof *c);
    c->id = id;
    c->cfg = *cfg;
    c->cfg.rk.boards = cfg->lr.boards;
    c->status = TFMT_REGISTERING;
    c->pd = protest_desk_new(&c->cfg.pr);
    return c;
}

static void free_rounds(club *c)
{
    for (int r = 1; c->rd && r <= c->rounds; r++)
        free(c->rd[r].b);
    free(c->rd);
    c->rd = NULL;
}

void club_free(club *c)
{
    if (!c)
        return;
    free_rounds(c);
    protest_desk_free(c->pd);
    free(c);
}

/* ---- actions ----------------------------------------------------------------------------- */

static void act(tfmt_acts *a, int kind, int rnd)
{
    tfmt_push(a, kind)->round = rnd;
}

/* ---- registration ------------------------------------------------------------------------ */

int club_team_tid(const club *c, int64_t team)
{
    for (int i = 1; i <= c->nt; i++)
        if (c->t[i].id == team)
            return i;
    return 0;
}

/* club_check_team for a new team (adding) or for one taking the place of a team already
 * blanked out of c (not adding: the event is not fuller). */
static int check_team(const club *c, bool adding, int64_t team, const char *name, const roster *r,
                      int captain, refusal *why)
{
    if (c->status != TFMT_REGISTERING)
        return refusal_set(why, BH_ESTATE, "F-RR", "tournament", -1);
    if (adding && c->nt >= CLUB_MAX_TEAMS)
        return refusal_set(why, BH_ELIMIT, "F-RR", "teams", -1);
    if (!name || !name[0] || strlen(name) >= CLUB_NAME_LEN)
        return refusal_set(why, BH_EINVAL, "F-RR", "name", -1);
    if (club_team_tid(c, team))
        return refusal_set(why, BH_EEXIST, "F-RR", "team", -1);
    for (int i = 1; i <= c->nt; i++)
        if (strcmp(c->t[i].name, name) == 0)
            return refusal_set(why, BH_EEXIST, "F-RR", "name", -1);
    int rc = lineup_check_roster(r, &c->cfg.lr, why);
    if (rc != BH_OK)
        return rc;
    if (roster_find(r, captain) < 0)
        return refusal_set(why, BH_ENOTFOUND, "F-LINEUP", "captain", -1);
    /* a player plays for one team of the event: his id names him in attendance and exports */
    for (int i = 0; i < r->n; i++)
        for (int t = 1; t <= c->nt; t++)
            if (roster_find(&c->t[t].r, r->p[i].id) >= 0)
                return refusal_set(why, BH_EEXIST, "F-LINEUP", "players", i);
    return BH_OK;
}

int club_check_team(const club *c, int64_t team, const char *name, const roster *r, int captain,
                    refusal *why)
{
    return check_team(c, true, team, name, r, captain, why);
}

static void set_team(roster_team *t, int64_t team, const char *name, const roster *r, int captain)
{
    t->id = team;
    snprintf(t->name, sizeof t->name, "%s", name);
    t->r = *r;
    t->captain = captain;
}

int club_replace_team(club *c, int64_t team, const char *name, const roster *r, int captain,
                      refusal *why)
{
    int k = club_team_tid(c, team);
    if (!k)
        return refusal_set(why, BH_ENOTFOUND, "F-RR", "team", -1);
    roster_team old = c->t[k];
    memset(&c->t[k], 0, sizeof c->t[k]); /* out of the comparisons: no id, name or player */
    int rc = check_team(c, false, team, name, r, captain, why);
    if (rc != BH_OK)
        c->t[k] = old;
    else
        set_team(&c->t[k], team, name, r, captain);
    return rc;
}

int club_remove_team(club *c, int64_t team, refusal *why)
{
    if (c->status != TFMT_REGISTERING)
        return refusal_set(why, BH_ESTATE, "F-RR", "tournament", -1);
    int k = club_team_tid(c, team);
    if (!k)
        return refusal_set(why, BH_ENOTFOUND, "F-RR", "team", -1);
    roster_team_remove(c->t, &c->nt, k);
    return BH_OK;
}

int club_add_team(club *c, int64_t team, const char *name, const roster *r, int captain,
                  refusal *why)
{
    int rc = club_check_team(c, team, name, r, captain, why);
    if (rc == BH_OK)
        set_team(&c->t[++c->nt], team, name, r, captain);
    return rc;
}

/* ---- schedule ---------------------------------------------------------------------------- */

static unsigned berger_flags(const club *c)
{
    return c->cfg.double_rr ? BERGER_DOUBLE | BERGER_SWAP_LAST : 0;
}

/* Every round's matches by the Berger table (C.05 Annex 1), boards not decided. */
void club__schedule(club *c)
{
    c->rounds = berger_rounds(c->nt, berger_flags(c));
    c->rd = xcalloc((size_t)c->rounds + 1, sizeof *c->rd);
    int nb = c->cfg.lr.boards;
    for (int r = 1; r <= c->rounds; r++) {
        round_t *rd = &c->rd[r];
        berger_pair p[MAX_MATCHES + 1];
        int k = berger_round(c->nt, r, berger_flags(c), p, MAX_MATCHES + 1);
        for (int i = 0; i < k; i++)
            if (p[i].white && p[i].black) {
                rd->home[rd->n] = p[i].white;
                rd->away[rd->n] = p[i].black;
                rd->n++;
            }
        rd->b = xcalloc((size_t)(rd->n * nb) + 1, sizeof *rd->b);
        for (int mi = 0; mi < rd->n; mi++)
            for (int b = 0; b < nb; b++) {
                club_board *x = &rd->b[mi * nb + b];
                x->key = (tfmt_key){r, mi, 0, b};
                bool home_white = club__home_white(b);
                x->team[0] = c->t[home_white ? rd->home[mi] : rd->away[mi]].id;
                x->team[1] = c->t[home_white ? rd->away[mi] : rd->home[mi]].id;
            }
    }
}

int club_start(club *c, uint64_t now_us, tfmt_acts *a, refusal *why)
{
    if (c->status != TFMT_REGISTERING)
        return refusal_set(why, BH_ESTATE, "F-RR", "tournament", -1);
    if (c->nt < 2)
        return refusal_set(why, BH_EINVAL, "F-RR", "teams", -1);
    club__schedule(c);
    c->status = TFMT_RUNNING;
    c->cur = 1;
    c->rd[1].start_at = now_us + (uint64_t)c->cfg.break_us;
    tfmt_note(a, 0, "round robin of %d teams: %d rounds (Berger tables, C.05 Annex 1)", c->nt,
              c->rounds);
    act(a, TFMT_ACT_PERSIST, 0);
    act(a, TFMT_ACT_ROUND, 1);
    act(a, TFMT_ACT_STANDINGS, 0);
    return BH_OK;
}

/* ---- boards ------------------------------------------------------------------------------ */

static club_board *board_at(const club *c, tfmt_key k)
{
    if (c->status == TFMT_REGISTERING || k.round < 1 || k.round > c->rounds || k.game != 0)
        return NULL;
    const round_t *rd = &c->rd[k.round];
    if (k.match < 0 || k.match >= rd->n || k.board < 0 || k.board >= c->cfg.lr.boards)
        return NULL;
    return &rd->b[k.match * c->cfg.lr.boards + k.board];
}

const club_board *club_board_get(const club *c, tfmt_key k)
{
    return board_at(c, k);
}

static bool round_decided(const club *c, int rnd)
{
    const round_t *rd = &c->rd[rnd];
    for (int i = 0; i < rd->n * c->cfg.lr.boards; i++)
        if (rd->b[i].res == BH_RES_NONE)
            return false;
    return true;
}

static void finish(club *c, tfmt_acts *a)
{
    c->status = TFMT_FINISHED;
    tfmt_act *x = tfmt_push(a, TFMT_ACT_FINISH);
    snprintf(x->say.text, sizeof x->say.text, "finished after %d rounds", c->rounds);
}

/* A board of round rnd was decided: the round's end when it was the last. */
static void board_done(club *c, int rnd, uint64_t now_us, tfmt_acts *a)
{
    round_t *rd = &c->rd[rnd];
    if (!rd->ended && round_decided(c, rnd)) {
        rd->ended = true;
        rd->end_us = now_us;
        tfmt_note(a, 0, "round %d ended: protests until %lld s from now (F-PROTEST)", rnd,
                  (long long)(c->cfg.pr.window_us / 1000000));
        if (rnd < c->rounds) {
            c->cur = rnd + 1;
            c->rd[rnd + 1].start_at = now_us + (uint64_t)c->cfg.break_us;
        } else {
            finish(c, a);
        }
    }
    act(a, TFMT_ACT_PERSIST, 0);
    act(a, TFMT_ACT_ROUND, rnd);
    if (rd->ended)
        act(a, TFMT_ACT_STANDINGS, 0);
}

static tfmt_res runner_res(int res)
{
    return res == BH_RES_WIN1 || res == BH_RES_FF_W   ? TFMT_WIN1
           : res == BH_RES_WIN2 || res == BH_RES_FF_B ? TFMT_WIN2
           : res == BH_RES_FF_BOTH                    ? TFMT_VOID
                                                      : TFMT_DRAW;
}

bool club__lineup_fill(const club *c, round_t *rd, int tid)
{
    if (rd->lu[tid].have)
        return false;
    lineup_default(&c->t[tid].r, &c->cfg.lr, &rd->lu[tid].l);
    rd->lu[tid].have = true;
    return true;
}

void club__seat(const round_t *rd, int mi, int b, club_board *x)
{
    bool hw = club__home_white(b);
    x->player[0] = rd->lu[hw ? rd->home[mi] : rd->away[mi]].l.player[b];
    x->player[1] = rd->lu[hw ? rd->away[mi] : rd->home[mi]].l.player[b];
}

/* Start round rnd: the default line-ups (art. 3: "the team plays its first six"), then each
 * board a game, or a forfeit where a seat is empty (F-SHORT). */
static void start_round(club *c, int rnd, uint64_t now_us, tfmt_acts *a)
{
    round_t *rd = &c->rd[rnd];
    int nb = c->cfg.lr.boards;
    rd->started = true;
    for (int mi = 0; mi < rd->n; mi++)
        for (int s = 0; s < 2; s++) {
            int tid = s ? rd->away[mi] : rd->home[mi];
            if (club__lineup_fill(c, rd, tid))
                tfmt_note(a, 0, "round %d: %s plays its first %d (no line-up submitted, F-LINEUP)",
                          rnd, c->t[tid].name, nb);
        }
    tfmt_note(a, 0, "round %d started", rnd);
    for (int mi = 0; mi < rd->n; mi++)
        for (int b = 0; b < nb; b++) {
            club_board *x = &rd->b[mi * nb + b];
            club__seat(rd, mi, b, x);
            if (x->player[0] && x->player[1]) {
                x->live = true;
                x->start_us = now_us;
                tfmt_act *g = tfmt_push(a, TFMT_ACT_CREATE_GAME);
                g->key = x->key;
                g->create.team[0] = x->team[0];
                g->create.team[1] = x->team[1];
                g->create.player[0] = x->player[0];
                g->create.player[1] = x->player[1];
                snprintf(g->create.ruleset, sizeof g->create.ruleset, "%s", c->cfg.ruleset);
                g->create.base_ms = c->cfg.base_ms;
                g->create.inc_ms = c->cfg.inc_ms;
                g->create.game_kind = GAME_KIND_CHESS; /* F-CHESS: one game a board */
                continue;
            }
            /* F-SHORT: an empty board is lost by forfeit (both empty: both lose) */
            x->res = x->player[0] ? BH_RES_FF_W : x->player[1] ? BH_RES_FF_B : BH_RES_FF_BOTH;
            tfmt_note(a, 0, "round %d match %d board %d: %s (empty board, F-SHORT)", rnd, mi + 1,
                      b + 1, bh_result_token(x->res));
        }
    board_done(c, rnd, now_us, a);
}

int club_round_start(club *c, uint64_t now_us, tfmt_acts *a, refusal *why)
{
    if (c->status != TFMT_RUNNING || c->rd[c->cur].started)
        return refusal_set(why, BH_ESTATE, "F-RR", "round", -1);
    start_round(c, c->cur, now_us, a);
    return BH_OK;
}

uint64_t club_deadline(const club *c)
{
    if (c->status != TFMT_RUNNING)
        return 0;
    const round_t *rd = &c->rd[c->cur];
    if (!rd->started)
        return rd->start_at;
    uint64_t at = 0;
    for (int i = 0; i < rd->n * c->cfg.lr.boards; i++) {
        uint64_t due = club_board_wait_until(c, &rd->b[i]);
        if (due && (!at || due < at))
            at = due;
    }
    return at;
}

uint64_t club_board_wait_until(const club *c, const club_board *x)
{
    if (c->cfg.wait_us <= 0 || !x->live || (x->present[0] && x->present[1]))
        return 0;
    return x->start_us + (uint64_t)c->cfg.wait_us;
}

/* A board lost by forfeit by the seats in mask (bit 0 White, bit 1 Black): absent after the
 * waiting time (T-WAIT), or of a team that cannot start the match (F-SHORT). */
static void forfeit(club *c, club_board *x, unsigned mask, bool short_team, uint64_t now_us,
                    tfmt_acts *a)
{
    x->live = false;
    x->res = mask == 3 ? BH_RES_FF_BOTH : (mask & 1) ? BH_RES_FF_B : BH_RES_FF_W;
    tfmt_act *e = tfmt_push(a, TFMT_ACT_END_GAME);
    e->key = x->key;
    e->end.result = runner_res(x->res);
    e->end.reason = short_team ? "forfeit: fewer than the players a match needs at the boards"
                               : "forfeit: absent after the waiting time";
    tfmt_note(a, 0, "round %d match %d board %d: %s (%s)", x->key.round, x->key.match + 1,
              x->key.board + 1, bh_result_token(x->res),
              short_team ? "the team has too few players at the boards, F-SHORT"
                         : "absent after the waiting time, T-WAIT");
    board_done(c, x->key.round, now_us, a);
}

/* F-SHORT at the boards (seed 004 art. 2: a team may start a match with at least 3 players at
 * the boards): once match mi's waiting time is over, a team with fewer than min_players
 * present (T-WAIT: seen at their boards or marked by the arbiter) cannot start it, and every
 * board of the match still being played is lost by it by forfeit (both teams short: by both).
 * Boards already decided keep their results. */
static void short_teams(club *c, round_t *rd, int mi, uint64_t now_us, tfmt_acts *a)
{
    int nb = c->cfg.lr.boards;
    club_board *b = &rd->b[mi * nb];
    int64_t home = club_team_id(c, rd->home[mi]);
    int at[2] = {0, 0}; /* present players: home, away */
    bool due = false;
    for (int k = 0; k < nb; k++) {
        for (int s = 0; s < 2; s++)
            if (b[k].player[s] && b[k].present[s])
                at[b[k].team[s] == home ? 0 : 1]++;
        uint64_t until = club_board_wait_until(c, &b[k]);
        due |= until && now_us >= until;
    }
    bool short_side[2] = {at[0] < c->cfg.lr.min_players, at[1] < c->cfg.lr.min_players};
    if (!due || (!short_side[0] && !short_side[1]))
        return;
    for (int k = 0; k < nb; k++) {
        unsigned mask = 0;
        for (int s = 0; s < 2; s++)
            if (short_side[b[k].team[s] == home ? 0 : 1])
                mask |= 1u << s;
        if (b[k].live)
            forfeit(c, &b[k], mask, true, now_us, a);
    }
}

void club_on_time(club *c, uint64_t now_us, tfmt_acts *a)
{
    if (c->status != TFMT_RUNNING)
        return;
    round_t *rd = &c->rd[c->cur];
    if (!rd->started) {
        if (now_us >= rd->start_at)
            start_round(c, c->cur, now_us, a);
        return;
    }
    if (c->cfg.wait_us <= 0)
        return;
    for (int mi = 0; mi < rd->n; mi++)
        short_teams(c, rd, mi, now_us, a);
    for (int i = 0; i < rd->n * c->cfg.lr.boards; i++) {
        club_board *x = &rd->b[i];
        uint64_t until = club_board_wait_until(c, x);
        if (until && now_us >= until)
            forfeit(c, x, (x->present[0] ? 0u : 1u) | (x->present[1] ? 0u : 2u), false, now_us, a);
    }
}

int club_seat_present(club *c, tfmt_key k, int seat)
{
    club_board *x = board_at(c, k);
    if (!x || !x->live || seat < 0 || seat > 1)
        return BH_ENOTFOUND;
    if (x->present[seat])
        return BH_EEXIST;
    x->present[seat] = true;
    return BH_OK;
}

int club_attend(club *c, int rnd, const int *ids, int n, refusal *why)
{
    if (c->status != TFMT_RUNNING || rnd != c->cur || !c->rd[rnd].started)
        return refusal_set(why, BH_EROUND, "T-WAIT", "round", -1);
    round_t *rd = &c->rd[rnd];
    int nb = rd->n * c->cfg.lr.boards;
    for (int pass = 0; pass < 2; pass++) /* check every id, then mark */
        for (int i = 0; i < n; i++) {
            bool found = false;
            for (int k = 0; k < nb && !found; k++)
                for (int s = 0; s < 2 && !found; s++)
                    if (rd->b[k].live && rd->b[k].player[s] == ids[i]) {
                        found = true;
                        if (pass)
                            rd->b[k].present[s] = true;
                    }
            if (!found)
                return refusal_set(why, BH_ENOTFOUND, "T-WAIT", "players", i);
        }
    return BH_OK;
}

int club_board_absent(club *c, tfmt_key k, unsigned mask, uint64_t now_us, tfmt_acts *a)
{
    club_board *x = board_at(c, k);
    if (!x || !x->live)
        return BH_ENOTFOUND;
    if ((mask & 3u) == 0)
        return BH_EINVAL;
    forfeit(c, x, mask & 3u, false, now_us, a);
    return BH_OK;
}

void club_game_over(club *c, tfmt_key k, tfmt_res res, uint64_t now_us, tfmt_acts *a)
{
    club_board *x = board_at(c, k);
    if (!x || !x->live)
        return;
    x->live = false;
    x->res = res == TFMT_WIN1 ? BH_RES_WIN1 : res == TFMT_WIN2 ? BH_RES_WIN2 : BH_RES_DRAW;
    tfmt_note(a, 0, "round %d match %d board %d: %s", k.round, k.match + 1, k.board + 1,
              bh_result_token(x->res));
    board_done(c, k.round, now_us, a);
}

/* ---- line-ups ------------------------------------------------------------------------------ */

int club_lineup(club *c, int64_t team, int submitter, bool by_director, int rnd, const int *ids,
                int n, uint64_t now_us, tfmt_acts *a, refusal *why)
{
    int tid = club_team_tid(c, team);
    if (!tid)
        return refusal_set(why, BH_ENOTFOUND, "F-LINEUP", "team", -1);
    if (!by_director && submitter != c->t[tid].captain)
        return refusal_set(why, BH_ENOTCAPTAIN, "F-LINEUP", "captain", -1);
    int open = c->status == TFMT_REGISTERING ? 1 : c->cur;
    if (c->status == TFMT_FINISHED || rnd < 1 || (c->rounds && rnd > c->rounds))
        return refusal_set(why, BH_EROUND, "F-LINEUP", "round", -1);
    if (rnd < open || (rnd == open && c->status == TFMT_RUNNING && c->rd[rnd].started))
        return refusal_set(why, BH_ELATE, "F-LINEUP", "submitted_at", -1);
    if (rnd == open + 1 && c->status == TFMT_RUNNING && c->rd[open].started && !by_director)
        return refusal_set(why, BH_ESTATE, "F-LINEUP", "submitted_at", -1); /* art. 3 */
    if (rnd != open && !(by_director && rnd == open + 1))
        return refusal_set(why, BH_EROUND, "F-LINEUP", "round", -1);
    if (c->status == TFMT_RUNNING) {
        /* rounds before the start (registration) have no round record yet: plain check */
        int k;
        for (k = 0; k < c->rd[rnd].n; k++)
            if (c->rd[rnd].home[k] == tid || c->rd[rnd].away[k] == tid)
                break;
        if (k == c->rd[rnd].n)
            return refusal_set(why, BH_EROUND, "F-LINEUP", "round", -1); /* it rests (bye) */
    }
    lineup l;
    int rc = lineup_check(&c->t[tid].r, &c->cfg.lr, ids, n, &l, why);
    if (rc != BH_OK)
        return rc;
    if (c->status == TFMT_REGISTERING)
        return refusal_set(why, BH_ESTATE, "F-LINEUP", "submitted_at", -1); /* checked only */
    lu_t *u = &c->rd[rnd].lu[tid];
    u->l = l;
    u->have = u->submitted = true;
    (void)now_us;
    tfmt_note(a, 0, "round %d: line-up of %s (%d players, %d substitutions)%s", rnd, c->t[tid].name,
              l.players, l.subs, by_director ? " by the director" : "");
    act(a, TFMT_ACT_PERSIST, 0);
    act(a, TFMT_ACT_ROUND, rnd);
    return BH_OK;
}

const lineup *club_lineup_get(const club *c, int64_t team, int rnd, bool *submitted)
{
    int tid = club_team_tid(c, team);
    if (!tid || c->status == TFMT_REGISTERING || rnd < 1 || rnd > c->rounds ||
        !c->rd[rnd].lu[tid].have)
        return NULL;
    if (submitted)
        *submitted = c->rd[rnd].lu[tid].submitted;
    return &c->rd[rnd].lu[tid].l;
}

/* ---- protests -------------------------------------------------------------------------------- */

static uint32_t game_id(tfmt_key k)
{
    return ((uint32_t)k.round << 12) | ((uint32_t)k.match << 6) | (uint32_t)k.board;
}

static tfmt_key key_of_id(uint32_t id)
{
    return (tfmt_key){(int)(id >> 12), (int)((id >> 6) & 63u), 0, (int)(id & 63u)};
}

int club_protest_round(const club *c, uint64_t *until_us)
{
    *until_us = 0;
    if (c->status == TFMT_REGISTERING)
        return 0;
    int r = c->rd[c->cur].started ? c->cur : c->cur - 1;
    if (r > 0 && c->rd[r].ended)
        *until_us = c->rd[r].end_us + (uint64_t)c->cfg.pr.window_us;
    return r;
}

int club_protest(club *c, int64_t team, int player, int rnd, tfmt_key k, const char *text,
                 long deposit_minor, uint64_t now_us, int *id, tfmt_acts *a, refusal *why)
{
    int tid = club_team_tid(c, team);
    if (!tid) /* another event's team: not a captain of this one (c2s-club_protest.md) */
        return refusal_set(why, BH_ENOTCAPTAIN, "F-PROTEST", "filer", -1);
    if (c->status == TFMT_REGISTERING)
        return refusal_set(why, BH_ENOTFOUND, "F-PROTEST", "game", -1);
    /* protests are taken for the last round that started, until its window closes */
    int pr_round = c->rd[c->cur].started ? c->cur : c->cur - 1;
    protest_round pr = {
        pr_round, pr_round > 0 && c->rd[pr_round].ended ? (int64_t)c->rd[pr_round].end_us : 0};
    if (pr_round > 0 && c->rd[pr_round].ended && pr.end_us == 0)
        pr.end_us = 1; /* an end at instant 0 is still an end */
    const club_board *x = board_at(c, k);
    if (x && k.round != rnd)
        return refusal_set(why, BH_EROUND, "F-PROTEST", "round", -1);
    if (x && k.round == pr_round && (x->live || x->res == BH_RES_NONE))
        return refusal_set(why, BH_ESTATE, "F-PROTEST", "game", -1);
    protest_game g = {0, 0, 0, 0};
    if (x)
        g = (protest_game){game_id(k), k.round, c->rd[k.round].home[k.match],
                           c->rd[k.round].away[k.match]};
    protest_filer who = {player, tid, player == c->t[tid].captain};
    int pid = 0;
    int rc = protest_file(c->pd, &pr, x ? &g : NULL, &who, text, deposit_minor, (int64_t)now_us,
                          &pid, why);
    if (rc != BH_OK)
        return rc;
    if (id)
        *id = pid;
    tfmt_note(a, 0, "protest %d by %s about round %d match %d board %d (F-PROTEST)", pid,
              c->t[tid].name, k.round, k.match + 1, k.board + 1);
    act(a, TFMT_ACT_PERSIST, 0);
    act(a, TFMT_ACT_ROUND, k.round); /* the desk is published with the round */
    return BH_OK;
}

int club_protest_decide(club *c, int id, bool upheld, int new_result, const char *reason,
                        uint64_t now_us, tfmt_acts *a, refusal *why)
{
    const protest *p = protest_find(c->pd, id);
    if (p && p->state == PROTEST_FILED && upheld &&
        (new_result < BH_RES_WIN1 || new_result > BH_RES_FF_BOTH))
        return refusal_set(why, BH_EINVAL, "F-PROTEST", "result", -1);
    int rc =
        protest_decide(c->pd, id, upheld, upheld ? new_result : -1, reason, (int64_t)now_us, why);
    if (rc != BH_OK)
        return rc;
    p = protest_find(c->pd, id);
    tfmt_key k = key_of_id(p->game);
    club_board *x = board_at(c, k);
    tfmt_note(a, 0, "protest %d %s", id, upheld ? "upheld" : "rejected");
    if (upheld && x) {
        tfmt_note(a, 0, "round %d match %d board %d: %s replaced by %s (protest %d)", k.round,
                  k.match + 1, k.board + 1, bh_result_token(x->res), bh_result_token(new_result),
                  id);
        x->res = (uint8_t)new_result;
        act(a, TFMT_ACT_PERSIST, 0);
        act(a, TFMT_ACT_ROUND, k.round);
        act(a, TFMT_ACT_STANDINGS, 0);
    } else {
        act(a, TFMT_ACT_PERSIST, 0);
        act(a, TFMT_ACT_ROUND, k.round);
    }
    return BH_OK;
}

int club_protest_key(const club *c, int id, tfmt_key *k)
{
    const protest *p = protest_find(c->pd, id);
    if (!p)
        return BH_ENOTFOUND;
    *k = key_of_id(p->game);
    return BH_OK;
}

const protest_desk *club_protests(const club *c)
{
    return c->pd;
}

/* ---- scores and ranking -------------------------------------------------------------------- */

/* Game points x2 of White and Black on a board. */
static void board_gp2(int res, int *w, int *b)
{
    static const int W[BH_RES_N_] = {0, 2, 1, 0, 2, 0, 0};
    static const int B[BH_RES_N_] = {0, 0, 1, 2, 0, 2, 0};
    *w = W[res];
    *b = B[res];
}

bool club_match_score(const club *c, int rnd, int mi, int *gp2_home, int *gp2_away)
{
    *gp2_home = *gp2_away = 0;
    if (c->status == TFMT_REGISTERING || rnd < 1 || rnd > c->rounds || mi < 0 || mi >= c->rd[rnd].n)
        return false;
    bool all = true;
    int nb = c->cfg.lr.boards;
    for (int b = 0; b < nb; b++) {
        const club_board *x = &c->rd[rnd].b[mi * nb + b];
        int w, k;
        board_gp2(x->res, &w, &k);
        all &= x->res != BH_RES_NONE;
        bool home_white = club__home_white(b);
        *gp2_home += home_white ? w : k;
        *gp2_away += home_white ? k : w;
    }
    return all;
}

int club_rank(const club *c, rank_table *out)
{
    int cap = 1;
    for (int r = 1; r <= c->rounds; r++)
        cap += c->rd[r].n;
    rank_match *m = xcalloc((size_t)cap, sizeof *m);
    int n = 0;
    for (int r = 1; r <= c->rounds; r++)
        for (int mi = 0; mi < c->rd[r].n; mi++) {
            int h, w;
            if (!club_match_score(c, r, mi, &h, &w))
                continue;
            m[n++] = (rank_match){r, c->rd[r].home[mi], c->rd[r].away[mi], h, w, RANK_PLAYED};
        }
    int rc = rank_compute(&c->cfg.rk, c->nt, m, n, NULL, out, NULL);
    free(m);
    return rc;
}

/* ---- read access ------------------------------------------------------------------------- */

int club_status(const club *c)
{
    return c->status;
}

const club_config *club_config_get(const club *c)
{
    return &c->cfg;
}

int club_n_teams(const club *c)
{
    return c->nt;
}

int64_t club_team_id(const club *c, int tid)
{
    return tid >= 1 && tid <= c->nt ? c->t[tid].id : 0;
}

const char *club_team_name(const club *c, int tid)
{
    return tid >= 1 && tid <= c->nt ? c->t[tid].name : NULL;
}

const roster *club_team_roster(const club *c, int tid)
{
    return tid >= 1 && tid <= c->nt ? &c->t[tid].r : NULL;
}

int club_team_captain(const club *c, int tid)
{
    return tid >= 1 && tid <= c->nt ? c->t[tid].captain : 0;
}

int club_rounds(const club *c)
{
    return c->rounds;
}

int club_current_round(const club *c)
{
    return c->cur;
}

bool club_round_started(const club *c, int rnd)
{
    return c->status != TFMT_REGISTERING && rnd >= 1 && rnd <= c->rounds && c->rd[rnd].started;
}

int club_n_matches(const club *c, int rnd)
{
    return c->status != TFMT_REGISTERING && rnd >= 1 && rnd <= c->rounds ? c->rd[rnd].n : 0;
}

bool club_match(const club *c, int rnd, int mi, int64_t *home, int64_t *away)
{
    if (mi < 0 || mi >= club_n_matches(c, rnd))
        return false;
    *home = c->t[c->rd[rnd].home[mi]].id;
    *away = c->t[c->rd[rnd].away[mi]].id;
    return true;
}
