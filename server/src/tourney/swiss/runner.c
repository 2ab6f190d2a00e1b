/* runner.c: the runner's core (runner.h): T-AUTO (pair and start each round when the last
 * game of the previous one ends), the double round's game 2 and its P-GAME2 choice with its
 * deadline, results into the model, the Armageddon play-off of ties on prize places after the
 * last round (T-ARMAGEDDON, T-PRIZES), and the pairing jobs.
 * SPDX-License-Identifier: MIT
 * Every call appends its actions in the order the caller must carry them out; an action's
 * content is final when appended. Choices are kept in an array with swap-removal: the order
 * in which due choices are settled (and so the games' creation order) depends on it, and
 * tests/data/runner/golden.txt records that order. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "rng.h"
#include "runner_int.h"
#include "tb.h"
#include "trf.h"
#include "xalloc.h"

/* ---- replies ------------------------------------------------------------------------------- */

void runner__reply(runner_reply *rep, int rc, const char *field)
{
    memset(rep, 0, sizeof *rep);
    rep->rc = rc;
    if (field)
        snprintf(rep->field, sizeof rep->field, "%s", field);
}

int runner__refuse(runner_reply *rep, int rc, const char *field, const char *fmt, ...)
{
    runner__reply(rep, rc, field);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(rep->msg, sizeof rep->msg, fmt, ap);
    va_end(ap);
    return rc;
}

static void persist(tfmt_acts *a)
{
    tfmt_push(a, TFMT_ACT_PERSIST);
}

static void standings(tfmt_acts *a)
{
    tfmt_push(a, TFMT_ACT_STANDINGS);
}

static void round_msg(tfmt_acts *a, int rnd)
{
    tfmt_push(a, TFMT_ACT_ROUND)->round = rnd;
}

/* The deferred reply of the command with cookie (0: none is waiting). */
static void reply_due(tfmt_acts *a, uint64_t cookie, int rc, const char *field)
{
    if (!cookie)
        return;
    tfmt_act *x = tfmt_push(a, TFMT_ACT_REPLY);
    x->say.cookie = cookie;
    x->say.rc = rc;
    snprintf(x->say.field, sizeof x->say.field, "%s", field ? field : "");
}

void runner__rebroadcast(runner *r, int rnd, tfmt_acts *a)
{
    persist(a);
    if (rnd > 0)
        round_msg(a, rnd);
    if (tour_is_started(r->t))
        standings(a);
}

/* ---- games ----------------------------------------------------------------------------------- */

static bool same_key(tfmt_key a, tfmt_key b)
{
    return a.round == b.round && a.match == b.match && a.game == b.game && a.board == b.board;
}

runner_game *runner__game(runner *r, tfmt_key k)
{
    for (int i = r->ng - 1; i >= 0; i--)
        if (same_key(r->g[i].key, k))
            return &r->g[i];
    return NULL;
}

const runner_game *runner_game_get(const runner *r, tfmt_key k)
{
    return runner__game((runner *)r, k);
}

static tfmt_key key_of(int rnd, int match, int game)
{
    return (tfmt_key){rnd, match, game, 0};
}

void runner__touch(runner *r, tfmt_acts *a)
{
    if (!r->job_id)
        return;
    r->job_id = 0; /* its result will be dropped; T-AUTO pairs the state as it is now */
    reply_due(a, r->job_cookie, BH_OK, NULL);
}

/* When a game that follows the end at end_us (0: none, the event's start) may start: after
 * the ruleset's break_s (T-BREAK), never before now_us. */
static uint64_t after_break(const runner *r, uint64_t end_us, uint64_t now_us)
{
    uint64_t b = (uint64_t)tour_rules(r->t)->break_s * 1000000u;
    return end_us && end_us + b > now_us ? end_us + b : now_us;
}

static void create_game(runner *r, tfmt_key k, int64_t t1, int64_t t2, const char *ruleset,
                        uint32_t base_ms, uint32_t inc_ms, bool arm, uint64_t start_us,
                        tfmt_acts *a)
{
    BH_GROW(r->g, r->ng, r->capg);
    r->g[r->ng++] = (runner_game){k, {t1, t2}, false, TFMT_DRAW, 0};
    tfmt_act *x = tfmt_push(a, TFMT_ACT_CREATE_GAME);
    x->key = k;
    x->create.team[0] = t1;
    x->create.team[1] = t2;
    snprintf(x->create.ruleset, sizeof x->create.ruleset, "%s", ruleset);
    x->create.base_ms = base_ms;
    x->create.inc_ms = inc_ms;
    x->create.armageddon = arm;
    x->create.start_us = start_us;
    x->create.wait_s = tour_rules(r->t)->wait_s;
}

/* Create game `game` on board `board` of match mi of round rnd, side a seated as team 1 when
 * a_team1. */
static void create_match_game(runner *r, int rnd, int mi, int game, int board, bool a_team1,
                              uint64_t start_us, tfmt_acts *a)
{
    const tour_ruleset *rs = tour_rules(r->t);
    const tour_match *m = tour_round_match(r->t, rnd, mi);
    int64_t ta = r->team_of[m->a], tb = r->team_of[m->b];
    tfmt_key k = {rnd, mi, game, board};
    create_game(r, k, a_team1 ? ta : tb, a_team1 ? tb : ta, rs->game_ruleset, rs->base_ms,
                rs->inc_ms, false, start_us, a);
}

/* The first games of every match of round rnd (not byes, T-BYE; not matches forfeited by a
 * withdrawal, T-FORFEIT: a round robin pairs a withdrawn team, forfeited). */
uint64_t runner__sched_us(const runner *r, int rnd)
{
    const tour_ruleset *rs = tour_rules(r->t);
    if (rs->sched_round != rnd || rs->sched_ms <= 0)
        return 0;
    int64_t at = rs->sched_ms * 1000 - r->wall_off_us;
    return at > 0 ? (uint64_t)at : 1;
}

static bool start_round(runner *r, int rnd, uint64_t start_us, tfmt_acts *a)
{
    const runner_format *f = runner__format(r->t);
    bool any = false;
    uint64_t sched = runner__sched_us(r, rnd); /* T-SCHEDULE: not before the director's time */
    if (sched > start_us)
        start_us = sched;
    for (int i = 0; i < tour_round_size(r->t, rnd); i++) {
        const tour_match *m = tour_round_match(r->t, rnd, i);
        if (m->b == 0 || m->forfeit != TOUR_FF_NONE)
            continue;
        bool a_team1[RUNNER_MAX_BOARDS];
        int n = f->first_games(r->t, m, a_team1, RUNNER_MAX_BOARDS);
        for (int b = 0; b < n; b++)
            create_match_game(r, rnd, i, 0, b, a_team1[b], start_us, a);
        any |= n > 0;
    }
    return any;
}

bool runner_round_unstarted(const runner *r, int rnd)
{
    if (rnd < 1 || tour_round_complete(r->t, rnd))
        return false;
    for (int i = 0; i < r->ng; i++)
        if (r->g[i].key.round == rnd)
            return false;
    return true;
}

/* ---- Armageddon play-off (T-ARMAGEDDON, T-PRIZES) -------------------------------------------- */

static int tid_of(const runner *r, int64_t team)
{
    for (int i = 1; i < r->nteam_of; i++)
        if (r->team_of[i] == team)
            return i;
    return 0;
}

int runner_team_tid(const runner *r, int64_t team)
{
    return tid_of(r, team);
}

/* Start the next play-off game if none is in progress and the bracket has one (tb_playoff_next:
 * the pair). Colours alternate: when the two met before in the play-off, they swap; else
 * White goes to the team that had Black in its last play-off game when the other had White;
 * else to the one that had White less often; else by lot. Returns true while the play-off
 * goes on. It ends: a game between two teams with w play-off wins makes one of them w+1,
 * and no value passes k-1 among k tied teams, so at most k(k-1)/2 games order them. */
static bool playoff_next(runner *r, uint64_t now_us, tfmt_acts *a)
{
    int k = 0, ta, tb, bal[2] = {0, 0}, lastw[2] = {-1, -1}; /* lastw: 1 White, 0 Black */
    int met = -1; /* a's colour when a and b last met in the play-off */
    const runner_game *last = NULL;
    if (!tb_playoff_next(r->t, &ta, &tb))
        return false;
    int64_t two[2] = {r->team_of[ta], r->team_of[tb]};
    for (int i = 0; i < r->ng; i++) {
        const runner_game *g = &r->g[i];
        if (g->key.round != 0)
            continue;
        last = g, k++;
        for (int x = 0; x < 2; x++)
            if (g->team[0] == two[x] || g->team[1] == two[x]) {
                lastw[x] = g->team[0] == two[x];
                bal[x] += lastw[x] ? 1 : -1;
            }
        if ((g->team[0] == two[0] && g->team[1] == two[1]) ||
            (g->team[0] == two[1] && g->team[1] == two[0]))
            met = g->team[0] == two[0];
    }
    if (last && !last->finished)
        return true;
    uint64_t lot = bh_weyl64(r->seed + (uint64_t)k + 1);
    bool a_white = met >= 0                                                 ? met == 0
                   : lastw[0] != lastw[1] && lastw[0] >= 0 && lastw[1] >= 0 ? lastw[0] == 0
                   : bal[0] != bal[1]                                       ? bal[0] < bal[1]
                                                                            : (lot >> 63) != 0;
    char rules[24];
    snprintf(rules, sizeof rules, "%.15s-arm", tour_rules(r->t)->game_ruleset);
    tfmt_note(a, 0, "Armageddon play-off game %d: %d (White) - %d", k + 1, a_white ? ta : tb,
              a_white ? tb : ta);
    create_game(r, key_of(0, a_white ? tb : ta, k), a_white ? two[0] : two[1],
                a_white ? two[1] : two[0], rules, RUNNER_ARM_WHITE_MS, 0, true,
                after_break(r, r->last_end_us, now_us), a);
    standings(a);
    return true;
}

/* Play-off game g ended: record the winner (T-ARMAGEDDON: a draw counts as a win for Black's
 * team, the team of Black on board A) and go on (the standings follow once). A void game is
 * played again. Applied once: each earlier finished, not void play-off game made one record. */
static void playoff_over(runner *r, const runner_game *g, uint64_t now_us, tfmt_acts *a)
{
    if (r->status != TFMT_RUNNING && r->status != TFMT_PAUSED)
        return;
    int before = 0;
    for (int i = 0; i < r->ng && &r->g[i] != g; i++)
        before += r->g[i].key.round == 0 && r->g[i].finished && r->g[i].result != TFMT_VOID;
    if (tour_n_playoffs(r->t) > before)
        return;
    int white = tid_of(r, g->team[0]), black = g->key.match;
    bool v = g->result == TFMT_VOID;
    if (!v) {
        bool w = g->result == TFMT_WIN1;
        tour_add_playoff(r->t, w ? white : black, w ? black : white);
    }
    tfmt_note(a, 0, "play-off game %d: %s%s", g->key.game + 1,
              bh_result_token(tfmt_res_result(g->result)), v ? " (void: played again)" : "");
    persist(a);
    if (r->status == TFMT_RUNNING) { /* its standings come once: with the next play-off game
                                      * (playoff_next) or as the final ones */
        runner__next_round(r, now_us, 0, a);
        return;
    }
    standings(a);
}

/* ---- T-AUTO ------------------------------------------------------------------------------- */

/* Teams to be paired in round rnd: active, without a requested bye. */
static int teams_to_pair(const tour *t, int rnd)
{
    int n = 0;
    for (int id = 1; id <= tour_n_teams(t); id++)
        n += tour_is_active(t, id, rnd) && tour_requested_bye(t, id, rnd) < 0;
    return n;
}

static void finish(runner *r, int rc, const char *text, tfmt_acts *a)
{
    r->status = TFMT_FINISHED;
    persist(a);
    standings(a);
    tfmt_act *x = tfmt_push(a, TFMT_ACT_FINISH);
    x->say.rc = rc;
    snprintf(x->say.text, sizeof x->say.text, "%s", text);
}

/* Round rnd + 1 was paired (rc BH_OK, appended) or not: start it and return true to go on, or
 * end the event or pause it (false). */
static bool paired(runner *r, int rc, int rnd, uint64_t now_us, tfmt_acts *a)
{
    char text[200];
    if (rc != BH_OK && teams_to_pair(r->t, rnd + 1) < 2) {
        /* Nobody is left, or one team that may not get a PAB (C.04.1 d): no pairing exists,
         * not even by hand, so pausing would leave the event open for good. */
        snprintf(text, sizeof text, "round %d cannot be paired (%s), %d team(s) left: finished",
                 rnd + 1, bh_errname(rc), teams_to_pair(r->t, rnd + 1));
        finish(r, BH_EPAIR, text, a);
        return false;
    }
    if (rc != BH_OK) {
        /* No legal pairing (T-PAIR), or the pairer's node bound was hit (BH_ELIMIT): no result
         * is lost and the event does not end. T-AUTO pauses and the directors get the
         * snapshot: they pair the round by hand (round_pair with pairs, a rematch only with
         * allow_rematch), or resume to try again. */
        r->status = TFMT_PAUSED;
        persist(a);
        tfmt_act *x = tfmt_push(a, TFMT_ACT_PAUSE);
        x->say.rc = rc;
        if (rc == BH_ELIMIT) /* the search gave up: its time budget (worker) or node bound */
            snprintf(x->say.text, sizeof x->say.text,
                     "round %d cannot be paired (%s: the search gave up before it found a "
                     "pairing): paused for the director (round_pair with pairs, or with more "
                     "budget_s)",
                     rnd + 1, bh_errname(rc));
        else
            snprintf(x->say.text, sizeof x->say.text,
                     "round %d cannot be paired (%s): paused for the director (round_pair with "
                     "pairs)",
                     rnd + 1, bh_errname(rc));
        standings(a);
        return false;
    }
    start_round(r, rnd + 1, after_break(r, rnd > 0 ? r->last_end_us : 0, now_us), a);
    persist(a);
    round_msg(a, rnd + 1);
    return true;
}

static int pair_now(runner *r, swiss_pairing *p)
{
    int rc = runner__format(r->t)->pair(r->t, r->seed + (uint64_t)tour_n_rounds(r->t), NULL, p);
    if (rc == BH_OK)
        rc = tour_add_round(r->t, p->m, p->n);
    return rc;
}

void runner__next_round(runner *r, uint64_t now_us, uint64_t cookie, tfmt_acts *a)
{
    for (;;) {
        int n = tour_n_rounds(r->t);
        if (n > 0 && !tour_round_complete(r->t, n))
            break;
        if (n > 0 && n < tour_planned_rounds(r->t))
            standings(a);
        if (n >= tour_planned_rounds(r->t)) {
            if (playoff_next(r, now_us, a)) {
                persist(a);
                break;
            }
            char text[64];
            snprintf(text, sizeof text, "finished after %d rounds", n);
            finish(r, BH_OK, text, a);
            break;
        }
        if (!r->inline_jobs) {
            runner__submit(r, RUNNER_JOB_AUTO, cookie, NULL, 0, a);
            return; /* the reply waits for the job */
        }
        swiss_pairing p = {0, NULL};
        int rc = pair_now(r, &p);
        swiss_pairing_fini(&p);
        if (!paired(r, rc, n, now_us, a))
            break;
    }
    reply_due(a, cookie, BH_OK, NULL);
}

/* ---- P-GAME2: the loser of game 1 chooses game 2's colours ---------------------------------- */

static runner_choice *find_choice(runner *r, tfmt_key game1)
{
    for (int i = 0; i < r->nch; i++)
        if (same_key(r->ch[i].game1, game1))
            return &r->ch[i];
    return NULL;
}

static void drop_choice(runner *r, tfmt_key game1)
{
    runner_choice *c = find_choice(r, game1);
    if (c)
        *c = r->ch[--r->nch];
}

/* P-GAME2's outcome for everyone: before game 2 of game 1 `game1` is created. */
static void game2_decided(tfmt_acts *a, tfmt_key game1, int64_t loser, bool swap, int how)
{
    tfmt_act *x = tfmt_push(a, RUNNER_ACT_GAME2);
    x->key = game1;
    x->own.team[0] = loser;
    x->own.flag = swap;
    x->own.code = how;
}

/* After game g of a match (finished, or its result in the model): start the match's next game
 * if it has one and it does not exist yet. P-GAME2: after a decisive game the losing team
 * chooses whether to swap colours (runner_choose); the game waits for the choice until
 * RUNNER_GAME2_CHOICE_MS have passed, then the default applies: swap, as after a draw (our
 * choice: the rule names no default for a decisive game 1, and a swap keeps each team's
 * colours balanced over the double round). After a draw the game ruleset decides (regulation:
 * swap). g's result (the director's, if he set one) decides. On return a choice of g is
 * pending only if the current loser of g is still to choose: a choice made stale by a
 * forfeit, a game 2 that exists, or an override of g's result (another loser, or a draw) is
 * dropped, so that the deadline (runner_on_time) always makes progress. */
static void next_game(runner *r, const runner_game *g, uint64_t now_us, tfmt_acts *a)
{
    tfmt_key k = g->key;
    const tour_match *m = tour_round_match(r->t, k.round, k.match);
    if (!m || m->forfeit != TOUR_FF_NONE || runner__game(r, key_of(k.round, k.match, k.game + 1)) ||
        (k.game + 1 < TOUR_MAX_GAMES && m->game[k.game + 1] != TOUR_G_NONE)) { /* forfeited */
        drop_choice(r, k);
        return;
    }
    const runner_format *f = runner__format(r->t);
    bool a_team1 = g->team[0] == r->team_of[m->a], loser_a = false, next_a = true;
    /* a game whose end is not known counts as a draw (the hub's game is gone) */
    tfmt_res res = g->finished ? g->result : TFMT_DRAW;
    int choice = -1, what = f->next_game(r->t, m, k.game, a_team1, res, -1, &loser_a, &next_a);
    if (what == RUNNER_NEXT_CHOICE) {
        int64_t loser = loser_a ? r->team_of[m->a] : r->team_of[m->b];
        runner_choice *c = find_choice(r, k);
        if (c && c->loser != loser) { /* the director overrode game 1: the other team chooses */
            drop_choice(r, k);
            c = NULL;
        }
        if (!c) {
            BH_GROW(r->ch, r->nch, r->capch);
            c = &r->ch[r->nch++];
            *c = (runner_choice){k, loser, loser == g->team[0],
                                 now_us + (uint64_t)RUNNER_GAME2_CHOICE_MS * 1000, -1};
            tfmt_act *x = tfmt_push(a, RUNNER_ACT_ASK_CHOICE);
            x->key = k;
            x->own.team[0] = loser;
            x->own.team[1] = loser == g->team[0] ? g->team[1] : g->team[0];
            x->own.deadline_us = c->deadline_us;
            return;
        }
        if (c->choice < 0 && now_us < c->deadline_us)
            return; /* still the loser's time to choose */
        choice = c->choice < 0 ? 1 : c->choice;
        what = f->next_game(r->t, m, k.game, a_team1, res, choice, &loser_a, &next_a);
        if (what == RUNNER_NEXT_GAME)
            game2_decided(a, k, c->loser, choice == 1,
                          c->choice < 0 ? RUNNER_G2_DEFAULT : RUNNER_G2_CHOSEN);
    } else if (what == RUNNER_NEXT_GAME && k.game == 0) {
        game2_decided(a, k, 0, next_a != a_team1, RUNNER_G2_DRAW);
    }
    drop_choice(r, k);
    if (what == RUNNER_NEXT_GAME)
        create_match_game(r, k.round, k.match, k.game + 1, k.board, next_a,
                          after_break(r, g->end_us, now_us), a);
}

/* Game 2 of the match of game 1 game1 is due (a choice or the deadline): create it. */
static void choice_due(runner *r, tfmt_key game1, uint64_t now_us, tfmt_acts *a)
{
    runner_game *g = runner__game(r, game1);
    if (!g)
        return;
    runner_game copy = *g;
    next_game(r, &copy, now_us, a);
    persist(a);
    round_msg(a, game1.round);
}

uint64_t runner_deadline(const runner *r)
{
    uint64_t at = 0;
    for (int i = 0; r->status == TFMT_RUNNING && i < r->nch; i++)
        if (!at || r->ch[i].deadline_us < at)
            at = r->ch[i].deadline_us;
    return at;
}

void runner_on_time(runner *r, uint64_t now_us, tfmt_acts *a)
{
    for (int i = 0; r->status == TFMT_RUNNING && i < r->nch;) {
        if (r->ch[i].deadline_us > now_us) {
            i++;
            continue;
        }
        tfmt_key game1 = r->ch[i].game1;
        choice_due(r, game1, now_us, a); /* next_game removes the entry */
        runner_choice *c = find_choice(r, game1);
        if (c && c->deadline_us <= now_us)
            *c = r->ch[--r->nch]; /* never spin on an entry that stays due */
    }
}

void runner__choice_check(runner *r, tfmt_key game1, uint64_t now_us, tfmt_acts *a)
{
    if (!find_choice(r, game1))
        return;
    if (r->status == TFMT_RUNNING)
        choice_due(r, game1, now_us, a); /* asks the new loser, or starts game 2 after a draw */
    else
        drop_choice(r, game1); /* paused: round_start or the resume asks the loser again */
}

int runner_choice_get(const runner *r, tfmt_key game1, runner_choice *out)
{
    const runner_choice *c = find_choice((runner *)r, game1);
    if (!c || c->choice >= 0)
        return BH_ENOTFOUND;
    *out = *c;
    return BH_OK;
}

int runner_choose(runner *r, tfmt_key game1, bool swap, uint64_t now_us, tfmt_acts *a)
{
    runner_choice *c = find_choice(r, game1);
    if (!c || c->choice >= 0)
        return BH_ENOTFOUND;
    c->choice = swap;
    tfmt_note(a, 0, "round %d match %d: the loser chooses to %s colours in game 2", game1.round,
              game1.match + 1, swap ? "swap" : "keep");
    if (r->status == TFMT_RUNNING)
        choice_due(r, game1, now_us, a);
    return BH_OK;
}

/* ---- results --------------------------------------------------------------------------------- */

/* The model's result of game g of match m (side a's view) from its result from the seats. */
static tour_game tour_res(const runner *r, const runner_game *g, const tour_match *m, tfmt_res res)
{
    bool a1 = g->team[0] == r->team_of[m->a];
    if (res == TFMT_WIN1)
        return a1 ? TOUR_G_WIN_A : TOUR_G_WIN_B;
    if (res == TFMT_WIN2)
        return a1 ? TOUR_G_WIN_B : TOUR_G_WIN_A;
    return TOUR_G_DRAW;
}

void runner_game_over(runner *r, tfmt_key k, tfmt_res res, uint64_t now_us, tfmt_acts *a)
{
    runner_game *g = runner__game(r, k);
    if (!g || g->finished)
        return;
    g->finished = true;
    g->result = res;
    g->end_us = now_us;
    r->last_end_us = now_us;
    runner_game copy = *g;
    if (k.round == 0) {
        runner__touch(r, a);
        playoff_over(r, g, now_us, a);
        return;
    }
    const tour_match *m = tour_round_match(r->t, k.round, k.match);
    if (!m || m->game[k.game] != TOUR_G_NONE ||
        (r->status != TFMT_RUNNING && r->status != TFMT_PAUSED))
        return;
    runner__touch(r, a);
    if (tour_set_game(r->t, k.round, k.match, k.game, tour_res(r, &copy, m, res)) != BH_OK)
        return;
    /* The result notation (protocol/README.md "Results"): the teams by name in seat order, the
     * team seated as team 1 (White on board A) first, BPGN's result between them. */
    const tour_team *t1 = tour_team_get(r->t, tid_of(r, copy.team[0]));
    const tour_team *t2 = tour_team_get(r->t, tid_of(r, copy.team[1]));
    tfmt_note(a, 0, "round %d match %d game %d: %s %s %s%s", k.round, k.match + 1, k.game + 1,
              t1 ? t1->name : "?", bh_result_token(tfmt_res_result(res)), t2 ? t2->name : "?",
              res == TFMT_VOID ? " (void)" : "");
    if (r->status == TFMT_RUNNING)
        next_game(r, &copy, now_us, a);
    persist(a);
    round_msg(a, k.round);
    if (r->status == TFMT_RUNNING)
        runner__next_round(r, now_us, 0, a);
    else if (tour_round_complete(r->t, k.round))
        standings(a); /* the round ended while T-AUTO pauses */
}

void runner__advance(runner *r, uint64_t now_us, uint64_t cookie, tfmt_acts *a)
{
    int n = tour_n_rounds(r->t);
    if (runner_round_unstarted(r, n))
        start_round(r, n, now_us, a); /* a round the director paired by hand */
    for (int mi = 0; n > 0 && mi < tour_round_size(r->t, n); mi++) {
        const runner_game *last = NULL;
        for (int k = 0; k < TOUR_MAX_GAMES; k++) {
            const runner_game *x = runner__game(r, key_of(n, mi, k));
            if (x)
                last = x;
        }
        const tour_match *m = tour_round_match(r->t, n, mi);
        if (last && m->game[last->key.game] != TOUR_G_NONE) {
            runner_game copy = *last;
            next_game(r, &copy, now_us, a);
        }
    }
    persist(a);
    if (n > 0)
        round_msg(a, n);
    runner__next_round(r, now_us, cookie, a);
}

/* ---- pairing jobs ---------------------------------------------------------------------------- */

/* runner_job_free as the action list's job_free. */
static void job_free(void *j)
{
    runner_job_free(j);
}

void runner__submit(runner *r, int purpose, uint64_t cookie, tour_match *old, int nold,
                    tfmt_acts *a)
{
    runner_job *j = xcalloc(1, sizeof *j);
    j->tournament = r->id;
    j->id = ++r->next_job;
    j->purpose = purpose;
    j->cookie = cookie;
    j->round = tour_n_rounds(r->t);
    j->t = tour_clone(r->t);
    j->seed = r->seed + (uint64_t)j->round;
    j->pair = runner__format(r->t)->pair;
    j->rc = BH_ESTATE;
    atomic_init(&j->stop, 0);
    j->old = old;
    j->nold = nold;
    r->job_id = j->id;
    r->job_cookie = cookie;
    tfmt_act *x = tfmt_push(a, TFMT_ACT_JOB);
    x->job.job = j;
    x->job.job_free = job_free;
}

void runner_job_run(runner_job *j)
{
    j->rc = j->pair(j->t, j->seed, &j->stop, &j->p);
}

void runner_job_cancel(runner_job *j)
{
    atomic_store(&j->stop, RUNNER_JOB_CANCELLED);
}

void runner_job_expire(runner_job *j)
{
    int go = RUNNER_JOB_GO;
    atomic_compare_exchange_strong(&j->stop, &go, RUNNER_JOB_EXPIRED);
}

int runner_job_round(const runner_job *j)
{
    return j->round + 1;
}

void runner_job_free(runner_job *j)
{
    if (!j)
        return;
    tour_free(j->t);
    swiss_pairing_fini(&j->p);
    free(j->old);
    free(j);
}

int64_t runner_job_tournament(const runner_job *j)
{
    return j->tournament;
}

bool runner_busy(const runner *r)
{
    return r->job_id != 0;
}

void runner_job_done(runner *r, runner_job *j, uint64_t now_us, tfmt_acts *a)
{
    if (!j)
        return;
    if (j->id != r->job_id || j->round != tour_n_rounds(r->t) ||
        atomic_load(&j->stop) == RUNNER_JOB_CANCELLED) {
        /* stale: the runner moved on (or the job was cancelled: its result means nothing) */
        if (j->id == r->job_id) {
            r->job_id = 0;
            bool put_back =
                j->purpose == RUNNER_JOB_PAIR && j->old && j->round == tour_n_rounds(r->t);
            if (put_back && tour_add_round(r->t, j->old, j->nold) != BH_OK)
                tfmt_note(a, BH_ESTATE, "the round replaced could not be put back");
            reply_due(a, j->cookie, j->purpose == RUNNER_JOB_PAIR ? BH_ESTATE : BH_OK,
                      j->purpose == RUNNER_JOB_PAIR ? "pairing" : NULL);
        }
        tfmt_note(a, 0, "a pairing of round %d that is no longer wanted was dropped", j->round + 1);
        runner_job_free(j);
        return;
    }
    r->job_id = 0;
    /* over its time budget (runner_job_expire): BH_ELIMIT, as the inline node bound gives */
    int rc = j->rc == BH_OK ? tour_add_round(r->t, j->p.m, j->p.n) : j->rc;
    if (j->purpose == RUNNER_JOB_AUTO) {
        if (paired(r, rc, j->round, now_us, a))
            runner__next_round(r, now_us, j->cookie, a);
        else
            reply_due(a, j->cookie, BH_OK, NULL);
    } else if (rc != BH_OK) {
        if (j->old && tour_add_round(r->t, j->old, j->nold) != BH_OK)
            tfmt_note(a, BH_ESTATE, "the round replaced could not be put back");
        reply_due(a, j->cookie, rc, "round");
    } else {
        tfmt_note(a, 0, "round %d paired by the director", j->round + 1);
        runner__rebroadcast(r, j->round + 1, a);
        reply_due(a, j->cookie, BH_OK, NULL);
    }
    runner_job_free(j);
}
