/* runner_dir.c: the runner's commands (runner.h): creation and registration, the start, and the
 * director's controls (T-AUTO "the director may pause, override a result, or re-pair
 * before start"): pause and resume, withdraw a team, pair the next round (computed or by hand)
 * and start it while paused, override a result. SPDX-License-Identifier: MIT
 * Each answers with the codes and fields of protocol/messages/c2s-*.md.
 * While a pairing job runs, a command that would change the event is refused (bad_state, field
 * "pairing"): the job pairs the state it copied. A pause is the exception: T-AUTO's job is
 * then stale and its result is dropped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "game.h"
#include "rng.h"
#include "runner_int.h"
#include "tb.h"
#include "xalloc.h"

static const char busy_msg[] = "a pairing is being computed (seconds in a deep event): try "
                               "again when its round is published";

/* The state check shared by the commands: BH_OK, or the error in *rep. states: a bit mask of
 * 1 << RUNNER_*; busy_ok: allowed while a pairing job runs. */
static int check(const runner *r, unsigned states, bool busy_ok, runner_reply *rep)
{
    runner__reply(rep, BH_OK, NULL);
    if (!(states & (1u << r->status)))
        runner__reply(rep, BH_ESTATE, "tournament");
    else if (!busy_ok && runner_busy(r))
        runner__refuse(rep, BH_ESTATE, "pairing", "%s", busy_msg);
    return rep->rc;
}

/* check() for a command taken before the start and while running or paused (T-REQBYE,
 * T-SCHEDULE): a finished event's refusal says so. */
static int check_open(const runner *r, runner_reply *rep)
{
    unsigned open = 1u << TFMT_REGISTERING | 1u << TFMT_RUNNING | 1u << TFMT_PAUSED;
    if (check(r, open, false, rep) != BH_OK && rep->field[0] == 't')
        snprintf(rep->msg, sizeof rep->msg, "the tournament is over");
    return rep->rc;
}

/* After a command: its reply waits for the job it started (async jobs only). */
static void deferred(const runner *r, uint64_t cookie, runner_reply *rep)
{
    rep->deferred = cookie && runner_busy(r) && r->job_cookie == cookie;
}

/* ---- creation and registration --------------------------------------------------------------- */

static int tb_by_name(const char *name)
{
    for (int id = 1; id < TB_COUNT_; id++)
        if (strcmp(tb_name(id), name) == 0)
            return id;
    return 0;
}

int runner_config_check(const runner_config *c, const char **field)
{
    game_rules gr;
    if (game_rules_by_name(c->ruleset, &gr) != BH_OK) {
        *field = "ruleset";
        return BH_ENOTFOUND;
    }
    for (int i = 0; i < c->n_tiebreaks; i++)
        if (!tb_by_name(c->tiebreaks[i])) {
            *field = "tiebreaks";
            return BH_EFIELD;
        }
    return BH_OK;
}

runner *runner_new(int64_t id, const runner_config *c, bool inline_jobs)
{
    tour_ruleset rs;
    tour_ruleset_default(&rs);
    snprintf(rs.name, sizeof rs.name, "%.*s", (int)sizeof rs.name - 1, c->name ? c->name : "");
    snprintf(rs.game_ruleset, sizeof rs.game_ruleset, "%s", c->ruleset);
    if (c->base_ms)
        rs.base_ms = (uint32_t)c->base_ms;
    if (c->base_ms || c->inc_ms)
        rs.inc_ms = (uint32_t)c->inc_ms;
    rs.rounds = c->rounds;
    if (c->small)
        rs.small_policy = c->small == 2 ? TOUR_SMALL_CAP : TOUR_SMALL_RR;
    rs.late_until = c->late_until > 0 && c->late_until <= TOUR_MAX_ROUNDS ? c->late_until : 0;
    rs.bye_requests =
        c->bye_requests > 0 && c->bye_requests <= TOUR_MAX_ROUNDS ? c->bye_requests : 0;
    rs.bye_kind = c->bye_kind == TOUR_BYE_ZERO ? TOUR_BYE_ZERO : TOUR_BYE_HALF;
    if (c->n_tiebreaks) {
        rs.n_tb = 0;
        for (int i = 0; i < c->n_tiebreaks && i < TOUR_MAX_TB; i++)
            if (tb_by_name(c->tiebreaks[i]))
                rs.tb[rs.n_tb++] = tb_by_name(c->tiebreaks[i]);
    }
    rs.wait_s = c->wait_s;
    rs.break_s = c->break_s;
    runner *r = runner__alloc(id, tour_new(&rs), inline_jobs);
    r->seed = bh_weyl64((uint64_t)id);
    r->legacy_wd = c->legacy_withdraw;
    tour_set_legacy_tb(r->t, c->legacy_tb);
    return r;
}

void runner_set_legacy_withdraw(runner *r, bool on)
{
    r->legacy_wd = on;
}

void runner_set_legacy_tb(runner *r, bool on)
{
    tour_set_legacy_tb(r->t, on);
}

/* T-LATE: may a team enter now, after the start? BH_OK or the refusal in *rep. */
static int late_check(const runner *r, runner_reply *rep)
{
    const tour *t = r->t;
    int entry = tour_n_rounds(t) + 1, until = tour_rules(t)->late_until;
    if (check(r, 1u << TFMT_RUNNING | 1u << TFMT_PAUSED, false, rep) != BH_OK) {
        if (rep->field[0] == 't')
            snprintf(rep->msg, sizeof rep->msg, "the tournament is over: no entries");
    } else if (tour_format(t) == TOUR_ROUND_ROBIN) {
        runner__refuse(rep, BH_ESTATE, "tournament",
                       "a round robin takes no late entries (its Berger "
                       "table is fixed at the start)");
    } else if (!until) {
        runner__refuse(rep, BH_ESTATE, "tournament",
                       "the tournament has started and takes no late "
                       "entries (late_until is set at creation)");
    } else if (entry > until || entry > tour_planned_rounds(t)) {
        runner__refuse(rep, BH_ESTATE, "tournament",
                       "late entries were taken up to round %d; the next "
                       "round is %d",
                       until < tour_planned_rounds(t) ? until : tour_planned_rounds(t), entry);
    }
    return rep->rc;
}

/* True when a team other than pairing number `except` (0: none) has name, compared on the
 * TOUR_NAME_LEN - 1 bytes the model keeps (team names are unique). */
static bool name_taken(const runner *r, const char *name, int except)
{
    for (int i = 1; i <= tour_n_teams(r->t); i++)
        if (i != except && strncmp(tour_team_get(r->t, i)->name, name, TOUR_NAME_LEN - 1) == 0)
            return true;
    return false;
}

int runner_can_register(const runner *r, const char *name, runner_reply *rep)
{
    runner__reply(rep, BH_OK, NULL);
    if (r->status != TFMT_REGISTERING)
        late_check(r, rep);
    if (rep->rc == BH_OK && name_taken(r, name, 0))
        runner__reply(rep, BH_EEXIST, "name");
    return rep->rc;
}

int runner_register(runner *r, int64_t team, const char *name, const char *captain,
                    const char *partner, int rating_captain, int rating_partner, tfmt_acts *a)
{
    int tid;
    runner_reply rep;
    if (r->status != TFMT_REGISTERING && late_check(r, &rep) != BH_OK)
        return rep.rc;
    int rc = tour_add_team(r->t, name, captain, partner, rating_captain, rating_partner, &tid);
    if (rc != BH_OK)
        return rc;
    r->team_of = xrealloc(r->team_of, (size_t)(tid + 1) * sizeof *r->team_of);
    r->team_of[tid] = team;
    r->nteam_of = tid + 1;
    if (r->status != TFMT_REGISTERING) { /* T-LATE */
        runner__touch(r, a);
        tfmt_note(a, 0, "late entry: team %lld, pairing number %d, paired from round %d",
                  (long long)team, tid, tour_team_get(r->t, tid)->entry_round);
        runner__rebroadcast(r, tour_n_rounds(r->t), a);
        return BH_OK;
    }
    tfmt_push(a, TFMT_ACT_PERSIST);
    return BH_OK;
}

/* An entry changes only before the start: BH_OK, or BH_ESTATE "tournament" in *rep with the
 * reason (over; started: `started` says what the director can do instead). */
static int before_start(const runner *r, runner_reply *rep, const char *started)
{
    runner__reply(rep, BH_OK, NULL);
    if (r->status != TFMT_REGISTERING)
        runner__refuse(rep, BH_ESTATE, "tournament", "%s",
                       r->status == TFMT_FINISHED ? "the tournament is over" : started);
    return rep->rc;
}

int runner_replace_team(runner *r, int64_t team, const char *name, const char *captain,
                        const char *partner, int rating_captain, int rating_partner, tfmt_acts *a,
                        runner_reply *rep)
{
    if (before_start(r, rep, "the tournament has started: its pairing numbers are given") != BH_OK)
        return rep->rc;
    int tid = runner_team_tid(r, team);
    if (!tid) {
        runner__reply(rep, BH_ENOTFOUND, "team");
        return rep->rc;
    }
    if (name_taken(r, name, tid)) {
        runner__reply(rep, BH_EEXIST, "name");
        return rep->rc;
    }
    int rc = tour_replace_team(r->t, tid, name, captain, partner, rating_captain, rating_partner);
    if (rc != BH_OK) {
        runner__reply(rep, rc, rating_captain < 0 || rating_partner < 0 ? "ratings" : "name");
        return rep->rc;
    }
    tfmt_note(a, 0, "team %lld corrected before the start: %s (%s & %s)", (long long)team, name,
              captain, partner);
    tfmt_push(a, TFMT_ACT_PERSIST);
    return BH_OK;
}

int runner_remove_team(runner *r, int64_t team, tfmt_acts *a, runner_reply *rep)
{
    if (before_start(r, rep,
                     "the tournament has started: withdraw the team instead (its results so far "
                     "stand)") != BH_OK)
        return rep->rc;
    int tid = runner_team_tid(r, team);
    if (!tid || tour_remove_team(r->t, tid) != BH_OK) {
        runner__reply(rep, BH_ENOTFOUND, "team");
        return rep->rc;
    }
    memmove(&r->team_of[tid], &r->team_of[tid + 1],
            (size_t)(r->nteam_of - tid - 1) * sizeof *r->team_of);
    r->nteam_of--;
    tfmt_note(a, 0, "team %lld removed before the start", (long long)team);
    tfmt_push(a, TFMT_ACT_PERSIST);
    return BH_OK;
}

static bool same_entry(const tour_team *a, const tour_team *b)
{
    return strcmp(a->name, b->name) == 0 && strcmp(a->captain, b->captain) == 0 &&
           strcmp(a->partner, b->partner) == 0 && a->rating_captain == b->rating_captain &&
           a->rating_partner == b->rating_partner;
}

/* T-REQBYE at the start: a request for the last round or past it, or any in a round robin
 * (its Berger table has no byes to give), is dropped with a note. */
static void drop_late_byes(runner *r, tfmt_acts *a)
{
    int last = tour_planned_rounds(r->t), rounds[TOUR_MAX_ROUNDS];
    bool rr = tour_format(r->t) == TOUR_ROUND_ROBIN;
    for (int id = 1; id <= tour_n_teams(r->t); id++) {
        int k = tour_team_bye_requests(r->t, id, rounds, TOUR_MAX_ROUNDS);
        for (int i = 0; i < k; i++) {
            if (!rr && rounds[i] < last)
                continue;
            tour_cancel_bye(r->t, id, rounds[i]);
            tfmt_note(a, 0, "%s's bye request for round %d dropped: %s",
                      tour_team_get(r->t, id)->name, rounds[i],
                      rr ? "a round robin has no byes to give" : "the last round has none");
        }
    }
}

int runner_start(runner *r, uint64_t now_us, uint64_t cookie, tfmt_acts *a, runner_reply *rep)
{
    if (check(r, 1u << TFMT_REGISTERING, true, rep) != BH_OK)
        return rep->rc;
    /* tour_start renumbers by rating (T-PAIR's pairing numbers): keep each entry as it was
     * (the names are unique, so no two entries are equal) and find it again after the start. */
    int n = tour_n_teams(r->t);
    tour_team *before = xcalloc((size_t)n + 1, sizeof *before);
    for (int i = 1; i <= n; i++)
        before[i] = *tour_team_get(r->t, i);
    int rc = tour_start(r->t, &r->fallback);
    if (rc != BH_OK) {
        free(before);
        runner__reply(rep, rc, "tournament");
        return rc;
    }
    int64_t *map = xcalloc((size_t)n + 1, sizeof *map);
    for (int i = 1; i <= n; i++)
        for (int k = 1; k <= n && k < r->nteam_of; k++)
            if (same_entry(tour_team_get(r->t, i), &before[k]))
                map[i] = r->team_of[k];
    free(before);
    free(r->team_of);
    r->team_of = map;
    r->nteam_of = n + 1;
    r->status = TFMT_RUNNING;
    tfmt_note(a, 0, "started: %d teams, %d rounds, %s%s", n, tour_planned_rounds(r->t),
              tour_format(r->t) == TOUR_ROUND_ROBIN ? "round robin" : "Swiss",
              r->fallback ? " (T-ROUNDS small-field fallback)" : "");
    drop_late_byes(r, a);
    if (r->inline_jobs)
        cookie = 0;
    runner__next_round(r, now_us, cookie, a);
    tfmt_push(a, TFMT_ACT_PERSIST);
    deferred(r, cookie, rep);
    return BH_OK;
}

/* ---- the director's controls -------------------------------------------------------------- */

int runner_pause(runner *r, bool pause, uint64_t now_us, uint64_t cookie, tfmt_acts *a,
                 runner_reply *rep)
{
    if (check(r, 1u << (pause ? TFMT_RUNNING : TFMT_PAUSED), pause, rep) != BH_OK)
        return rep->rc;
    if (pause)
        runner__touch(r, a); /* T-AUTO's pairing in flight is no longer wanted */
    r->status = pause ? TFMT_PAUSED : TFMT_RUNNING;
    tfmt_note(a, 0, "%s", pause ? "paused" : "resumed");
    if (r->inline_jobs)
        cookie = 0;
    if (!pause)
        runner__advance(r, now_us, cookie, a);
    tfmt_push(a, TFMT_ACT_PERSIST);
    deferred(r, cookie, rep);
    return BH_OK;
}

int runner_withdraw(runner *r, int64_t team, bool keep_current, uint64_t now_us, uint64_t cookie,
                    tfmt_acts *a, runner_reply *rep)
{
    if (check(r, 1u << TFMT_RUNNING | 1u << TFMT_PAUSED, false, rep) != BH_OK)
        return rep->rc;
    int tid = runner_team_tid(r, team);
    /* the games played stand, only the rest is forfeited (tour_withdraw_games) */
    int rc = !tid                           ? BH_ENOTFOUND
             : keep_current || r->legacy_wd ? tour_withdraw(r->t, tid, keep_current)
                                            : tour_withdraw_games(r->t, tid);
    if (rc != BH_OK) {
        runner__reply(rep, rc, "team");
        return rc;
    }
    int n = tour_n_rounds(r->t);
    tfmt_note(a, 0, "team %lld withdrawn%s", (long long)team,
              keep_current ? " after its current match" : "");
    /* End the team's live games of a forfeited match or of the play-off (T-FORFEIT; in the
     * play-off, T-ARMAGEDDON: the other team wins, and a withdrawn team is out of it): each
     * as a loss for it, now, and T-AUTO goes on from each end (it may pair the next round or
     * start the next play-off game). */
    for (int i = 0; i < r->ng; i++) {
        runner_game g = r->g[i];
        const tour_match *m = tour_round_match(r->t, g.key.round, g.key.match);
        bool playoff =
            g.key.round == 0 && !keep_current && (g.team[0] == team || g.key.match == tid);
        bool ff = m && (m->forfeit != TOUR_FF_NONE || (m->ff_games >> g.key.game & 1));
        if (g.finished || (!playoff && (g.key.round != n || !ff || (m->a != tid && m->b != tid))))
            continue;
        tfmt_res res = g.team[0] == team ? TFMT_WIN2 : TFMT_WIN1;
        tfmt_act *x = tfmt_push(a, TFMT_ACT_END_GAME);
        x->key = g.key;
        x->end.result = res;
        x->end.reason = "withdrawn";
        runner_game_over(r, g.key, res, now_us, a);
    }
    /* A P-GAME2 choice for a game 2 now scored as a forfeit is no longer wanted */
    for (int i = runner_n_choices(r) - 1; i >= 0; i--) {
        tfmt_key k1 = runner_choice_at(r, i)->game1;
        const tour_match *m = tour_round_match(r->t, k1.round, k1.match);
        if (m && (m->a == tid || m->b == tid) && k1.game + 1 < TOUR_MAX_GAMES &&
            m->game[k1.game + 1] != TOUR_G_NONE)
            runner__choice_check(r, k1, now_us, a);
    }
    if (r->inline_jobs)
        cookie = 0;
    if (r->status == TFMT_RUNNING && !runner_busy(r))
        runner__advance(r, now_us, cookie, a);
    runner__rebroadcast(r, tour_n_rounds(r->t), a);
    deferred(r, cookie, rep);
    return BH_OK;
}

/* The caller's id of the team of a refused hand pairing: pairing number tid, or what the
 * director sent for pair i (tid < 1). */
static long long team_named(const runner *r, const int64_t (*given)[2], int i, int tid, int side)
{
    if (tid >= 1 && tid < r->nteam_of)
        return (long long)r->team_of[tid];
    return i >= 0 ? (long long)given[i][side] : 0;
}

/* The error of a refused pairing by hand (swiss_pair_hand's rc and *e): the field names the
 * pair ("pairs[2]"), the message the teams (protocol/messages/c2s-round_pair.md). */
static void hand_error(const runner *r, const int64_t (*given)[2], int rnd, int rc,
                       const int (*pairs)[2], const swiss_hand_err *e, runner_reply *rep)
{
    int i = e->pair, side = i >= 0 && pairs[i][0] != e->team; /* which side e->team is */
    long long team = team_named(r, given, i, e->team, side);
    runner__reply(rep, rc, "pairs");
    if (i >= 0)
        snprintf(rep->field, sizeof rep->field, "pairs[%d]", i);
    bool bye = i >= 0 && given[i][1] == 0;
    char *msg = rep->msg;
    size_t cap = sizeof rep->msg;
    switch (rc) {
    case BH_ENOTFOUND: snprintf(msg, cap, "no team %lld in this tournament", team); break;
    case BH_ESTATE:
        snprintf(msg, cap,
                 "team %lld is not to be paired in round %d (withdrawn, not yet "
                 "entered, or on a requested bye)",
                 team, rnd + 1);
        break;
    case BH_EEXIST: snprintf(msg, cap, "team %lld is listed twice", team); break;
    case BH_ELIMIT: snprintf(msg, cap, "a second bye (team %lld): one PAB at most", team); break;
    case BH_EPAIR:
        if (bye)
            snprintf(msg, cap,
                     "team %lld had a pairing-allocated bye or won a match by "
                     "forfeit: no PAB for it (C.04.1 d)",
                     team);
        else
            snprintf(msg, cap,
                     "teams %lld and %lld met before ([C1]): send allow_rematch to "
                     "pair them again",
                     (long long)given[i][0], (long long)given[i][1]);
        break;
    default:
        if (i >= 0)
            snprintf(msg, cap, "team %lld is paired with itself", team);
        else
            snprintf(msg, cap, "team %lld plays round %d and is in no pair", team, rnd + 1);
        rep->rc = BH_EINVAL;
        break;
    }
}

/* Pair round rnd + 1 by the director's pairs (the caller's team ids) and append it. BH_OK, or
 * the error in *rep. */
static int pair_by_hand(runner *r, const int64_t (*given)[2], int n, bool allow_rematch, int rnd,
                        runner_reply *rep)
{
    int(*pairs)[2] = xmalloc(((size_t)n + 1) * sizeof *pairs);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 2; k++) {
            /* not a team of this event: a negative id of its own, so that two unknown teams
             * in one pair are not taken for a team paired with itself */
            pairs[i][k] = -1 - (2 * i + k);
            for (int tid = 1; tid < r->nteam_of; tid++)
                if (r->team_of[tid] == given[i][k])
                    pairs[i][k] = tid;
            if (k == 1 && given[i][1] == 0)
                pairs[i][k] = 0; /* the bye */
        }
    swiss_pairing p = {0, NULL};
    swiss_hand_err e;
    int rc = swiss_pair_hand(r->t, r->seed + (uint64_t)rnd, (const int(*)[2])pairs, n,
                             allow_rematch, &p, &e);
    if (rc == BH_OK && (rc = tour_add_round(r->t, p.m, p.n)) != BH_OK)
        e.pair = -1;
    if (rc != BH_OK && e.pair < 0 && rc != BH_EINVAL)
        runner__reply(rep, rc, "round");
    else if (rc != BH_OK)
        hand_error(r, given, rnd, rc, (const int(*)[2])pairs, &e, rep);
    swiss_pairing_fini(&p);
    free(pairs);
    return rc;
}

int runner_reinstate(runner *r, int64_t team, tfmt_acts *a, runner_reply *rep)
{
    if (check(r, 1u << TFMT_RUNNING | 1u << TFMT_PAUSED, false, rep) != BH_OK)
        return rep->rc;
    int tid = runner_team_tid(r, team);
    int rc = tid ? tour_reinstate(r->t, tid) : BH_ENOTFOUND;
    if (rc != BH_OK) {
        runner__reply(rep, rc, "team");
        return rc;
    }
    int from = tour_n_rounds(r->t) + 1;
    tfmt_note(a, 0, "team %lld reinstated: paired again from round %d", (long long)team, from);
    runner__rebroadcast(r, tour_n_rounds(r->t), a);
    return BH_OK;
}

int runner_request_bye(runner *r, int64_t team, int round, bool cancel, tfmt_acts *a,
                       runner_reply *rep)
{
    if (check_open(r, rep) != BH_OK)
        return rep->rc;
    const tour *t = r->t;
    int tid = runner_team_tid(r, team), next = tour_n_rounds(t) + 1;
    int last = tour_planned_rounds(t) ? tour_planned_rounds(t) : tour_rules(t)->rounds;
    int max = tour_rules(t)->bye_requests;
    const tour_team *tt = tid ? tour_team_get(t, tid) : NULL;
    if (tour_is_started(t) && tour_format(t) == TOUR_ROUND_ROBIN)
        return runner__refuse(rep, BH_ESTATE, "tournament",
                              "a round robin has no byes to give (its Berger table)");
    if (!max)
        return runner__refuse(
            rep, BH_ESTATE, "tournament",
            "this tournament takes no requested byes (bye_requests is set at creation)");
    if (!tt)
        return runner__refuse(rep, BH_ENOTFOUND, "team", "no team %lld in this tournament",
                              (long long)team);
    if (tt->withdrawn_round)
        return runner__refuse(rep, BH_ESTATE, "team", "%s has withdrawn", tt->name);
    if (round < next)
        return runner__refuse(rep, BH_ESTATE, "round",
                              "round %d is paired already; the next round is %d", round, next);
    if (cancel) {
        if (tour_cancel_bye(r->t, tid, round) != BH_OK)
            return runner__refuse(rep, BH_ENOTFOUND, "round", "%s has no bye request for round %d",
                                  tt->name, round);
        tfmt_note(a, 0, "%s's bye request for round %d taken back", tt->name, round);
    } else {
        if (last && round > last)
            return runner__refuse(rep, BH_ESTATE, "round", "the tournament has %d rounds", last);
        if (last && round == last)
            return runner__refuse(rep, BH_ESTATE, "round",
                                  "no requested bye in the last round (T-REQBYE)");
        if (tour_requested_bye(t, tid, round) >= 0)
            return runner__refuse(rep, BH_EEXIST, "round",
                                  "%s has asked for a bye in round %d already", tt->name, round);
        int taken = tour_team_bye_requests(t, tid, NULL, 0);
        if (taken >= max)
            return runner__refuse(rep, BH_ESTATE, "team", "%s has taken its %d requested bye%s",
                                  tt->name, max, max == 1 ? "" : "s");
        int rc = tour_request_bye(r->t, tid, round, (tour_bye)tour_rules(t)->bye_kind);
        if (rc != BH_OK)
            return runner__refuse(rep, rc, "round", "round %d cannot take a bye request", round);
        tfmt_note(a, 0, "%s asks for a bye in round %d (%s)", tt->name, round,
                  tour_rules(t)->bye_kind == TOUR_BYE_ZERO ? "0 points" : "a drawn match");
    }
    runner__rebroadcast(r, tour_n_rounds(t), a); /* before the start: persisted only */
    return BH_OK;
}

void runner_set_wall_off(runner *r, int64_t wall_off_us)
{
    r->wall_off_us = wall_off_us;
}

int runner_schedule(runner *r, int round, int64_t start_ms, uint64_t now_us, tfmt_acts *a,
                    runner_reply *rep)
{
    if (check_open(r, rep) != BH_OK)
        return rep->rc;
    const tour_ruleset *rs = tour_rules(r->t);
    int next = tour_n_rounds(r->t) + 1, last = tour_planned_rounds(r->t);
    runner__reply(rep, BH_OK, NULL);
    if (round < next)
        return runner__refuse(
            rep, BH_ESTATE, "round",
            "round %d is paired already (its games keep their start); the next round is %d", round,
            next);
    if (last && round > last)
        return runner__refuse(rep, BH_ESTATE, "round", "the tournament has %d rounds", last);
    if (start_ms == 0 && rs->sched_round != round)
        return runner__refuse(rep, BH_ENOTFOUND, "round", "round %d has no scheduled start", round);
    if (start_ms && start_ms * 1000 - r->wall_off_us <= (int64_t)now_us)
        return runner__refuse(rep, BH_EINVAL, "start_ms", "the start is not in the future");
    int rc = tour_set_schedule(r->t, round, start_ms);
    if (rc != BH_OK) {
        runner__reply(rep, rc, "round");
        return rc;
    }
    if (start_ms)
        tfmt_note(a, 0, "round %d scheduled: its games start no earlier than %lld ms (epoch)",
                  round, (long long)start_ms);
    else
        tfmt_note(a, 0, "round %d: the scheduled start taken back", round);
    runner__rebroadcast(r, tour_n_rounds(r->t), a);
    return BH_OK;
}

/* round_pair, computed (given NULL) or by hand. On any error the event is left as it was: a
 * round paired before is put back. */
static int do_pair(runner *r, const int64_t (*given)[2], int n, bool allow_rematch, uint64_t cookie,
                   tfmt_acts *a, runner_reply *rep)
{
    if (check(r, 1u << TFMT_PAUSED, false, rep) != BH_OK)
        return rep->rc;
    int rnd = tour_n_rounds(r->t), nold = 0;
    tour_match *old = NULL; /* the unstarted round replaced, kept until the new one stands */
    if (runner_round_unstarted(r, rnd)) {
        nold = tour_round_size(r->t, rnd);
        old = xmalloc(((size_t)nold + 1) * sizeof *old);
        for (int i = 0; i < nold; i++)
            old[i] = *tour_round_match(r->t, rnd, i);
        if (tour_drop_round(r->t) != BH_OK) {
            free(old);
            runner__reply(rep, BH_ESTATE, "round");
            return rep->rc;
        }
        rnd--;
    }
    int rc = BH_ESTATE;
    if ((rnd > 0 && !tour_round_complete(r->t, rnd)) || rnd >= tour_planned_rounds(r->t)) {
        runner__reply(rep, BH_ESTATE, "round");
    } else if (given && !runner__format(r->t)->by_hand) { /* its later rounds would not know:
                                                           * rematches */
        runner__refuse(rep, BH_ESTATE, "pairs",
                       "a round robin follows its Berger table: its rounds are not paired by hand");
    } else if (given) {
        rc = pair_by_hand(r, given, n, allow_rematch, rnd, rep);
    } else if (!r->inline_jobs && cookie) {
        runner__submit(r, RUNNER_JOB_PAIR, cookie, old, nold, a);
        rep->deferred = true;
        return BH_OK; /* the job puts the old round back if it fails */
    } else {
        swiss_pairing p = {0, NULL};
        rc = runner__format(r->t)->pair(r->t, r->seed + (uint64_t)rnd, NULL, &p);
        if (rc == BH_OK)
            rc = tour_add_round(r->t, p.m, p.n);
        swiss_pairing_fini(&p);
        if (rc != BH_OK)
            runner__reply(rep, rc, "round");
    }
    if (rc != BH_OK) {
        if (old && tour_add_round(r->t, old, nold) != BH_OK)
            tfmt_note(a, BH_ESTATE, "the round replaced could not be put back");
        free(old); /* not expected: it was valid a moment ago */
        return rep->rc;
    }
    free(old);
    tfmt_note(a, 0, "round %d paired %s", rnd + 1,
              given ? "by hand by the director" : "by the director");
    runner__rebroadcast(r, rnd + 1, a);
    return BH_OK;
}

int runner_pair(runner *r, uint64_t cookie, tfmt_acts *a, runner_reply *rep)
{
    return do_pair(r, NULL, 0, false, cookie, a, rep);
}

int runner_pair_hand(runner *r, const int64_t (*pairs)[2], int n, bool allow_rematch, tfmt_acts *a,
                     runner_reply *rep)
{
    static const int64_t none[1][2] = {{0, 0}};
    return do_pair(r, n > 0 ? pairs : none, n, allow_rematch, 0, a, rep);
}

/* Does T-AUTO have anything to start: a round paired by hand, a game 2 whose game 1 ended,
 * or the next round after a complete one? */
static bool start_due(const runner *r)
{
    int n = tour_n_rounds(r->t);
    if (n == 0 || runner_round_unstarted(r, n))
        return true;
    if (tour_round_complete(r->t, n))
        return n < tour_planned_rounds(r->t);
    for (int mi = 0; mi < tour_round_size(r->t, n); mi++) {
        const tour_match *tm = tour_round_match(r->t, n, mi);
        const runner_game *last = NULL;
        for (int k = 0; k < TOUR_MAX_GAMES; k++) {
            const runner_game *x = runner_game_get(r, (tfmt_key){n, mi, k, 0});
            if (x)
                last = x;
        }
        if (last && tm->forfeit == TOUR_FF_NONE && last->finished &&
            last->key.game + 1 < tour_rules(r->t)->games &&
            tm->game[last->key.game + 1] == TOUR_G_NONE) /* not scored as a forfeit */
            return true;
    }
    return false;
}

int runner_round_start(runner *r, uint64_t now_us, uint64_t cookie, tfmt_acts *a, runner_reply *rep)
{
    if (check(r, 1u << TFMT_PAUSED, false, rep) != BH_OK)
        return rep->rc;
    if (!start_due(r)) {
        runner__reply(rep, BH_ESTATE, "round");
        return rep->rc;
    }
    if (r->inline_jobs)
        cookie = 0;
    runner__advance(r, now_us, cookie, a);
    tfmt_note(a, 0, "round %d started by the director", tour_n_rounds(r->t));
    deferred(r, cookie, rep);
    return BH_OK;
}

int runner_override_check(const runner *r, tfmt_key k, runner_reply *rep)
{
    runner__reply(rep, BH_OK, NULL);
    const runner_game *g = runner_game_get(r, k);
    if (!g || !g->finished)
        runner__reply(rep, BH_ENOTFOUND, "game");
    else if (g->key.round < tour_n_rounds(r->t))
        /* A later round is paired from this result: refused (pause T-AUTO before the round
         * ends to correct a result before the next pairing). A play-off game is round 0. */
        runner__reply(rep, BH_ESTATE, "round");
    else if (runner_busy(r)) {
        runner__refuse(rep, BH_ESTATE, "pairing", "%s", busy_msg);
    } else if (!r->legacy_wd && g->key.round > 0) {
        /* never a displayed result that the score ignores */
        const tour_match *m = tour_round_match(r->t, k.round, k.match);
        if (m && m->forfeit != TOUR_FF_NONE)
            runner__refuse(rep, BH_ESTATE, "game",
                           "round %d match %d was forfeited (T-FORFEIT: "
                           "a withdrawal): its score is the forfeit's, not this game's",
                           k.round, k.match + 1);
        else if (m && (m->ff_games >> k.game & 1))
            runner__refuse(rep, BH_ESTATE, "game",
                           "game %d of round %d match %d was forfeited by "
                           "a withdrawal (T-FORFEIT): a withdrawal is not undone",
                           k.game + 1, k.round, k.match + 1);
    }
    return rep->rc;
}

int runner_override(runner *r, tfmt_key k, tfmt_res res, uint64_t now_us, tfmt_acts *a,
                    runner_reply *rep)
{
    if (runner_override_check(r, k, rep) != BH_OK)
        return rep->rc;
    runner_game *g = runner__game(r, k);
    g->result = res;
    runner_game copy = *g;
    const tour_match *m = tour_round_match(r->t, k.round, k.match);
    if (m) {
        bool a1 = copy.team[0] == r->team_of[m->a];
        tour_game tg = res == TFMT_WIN1   ? (a1 ? TOUR_G_WIN_A : TOUR_G_WIN_B)
                       : res == TFMT_WIN2 ? (a1 ? TOUR_G_WIN_B : TOUR_G_WIN_A)
                                          : TOUR_G_DRAW;
        if (tour_set_game(r->t, k.round, k.match, k.game, tg) == BH_OK)
            runner__rebroadcast(r, k.round, a);
    }
    runner__choice_check(r, k, now_us, a); /* P-GAME2: the loser may change */
    return BH_OK;
}
