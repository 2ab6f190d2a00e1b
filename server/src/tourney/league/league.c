/* league.c: the team league of seed 003 as one event (league.h): registration, the draw, the group
 * round robins, the challenges of every board game, results, the group ranking, the knockout.
 * SPDX-License-Identifier: MIT
 * Only the current stage has open challenges (a stage starts when the one before is over), so
 * the time and the next instant look at its games only. A game decided (over the board, by a
 * forfeit, by the director) is out of the time's reach: its challenge fires nothing more. */
#include "league_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "berger.h"
#include "bh.h"
#include "game.h"
#include "xalloc.h"

void league_config_default(league_config *c)
{
    memset(c, 0, sizeof *c);
    memcpy(c->name, "League", 7);
    memcpy(c->ruleset, "fide", 5);
    c->teams = 20;
    c->groups = 4;
    c->boards = 10;
    c->max_invited = 3;
    c->rating_date = 20050215;
    c->wait_s = 600;
    chal_rules_default(&c->cr);
}

static bool date_ok(int d)
{
    int y = d / 10000, m = d / 100 % 100, day = d % 100;
    static const int LEN[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (y < 1900 || y > 9999 || m < 1 || m > 12 || day < 1)
        return false;
    bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return day <= LEN[m - 1] + (m == 2 && leap);
}

int league_config_check(const league_config *c, refusal *why)
{
    size_t nl = strnlen(c->name, sizeof c->name), rl = strnlen(c->ruleset, sizeof c->ruleset);
    if (nl == 0 || nl == sizeof c->name)
        return refusal_set(why, BH_EINVAL, "F-GROUPS", "name", -1);
    if (rl == 0 || rl == sizeof c->ruleset)
        return refusal_set(why, BH_EINVAL, "F-CHESS", "ruleset", -1);
    if (c->groups != 2 && c->groups != 4)
        return refusal_set(why, BH_EINVAL, "F-KNOCKOUT", "groups", -1);
    if (c->teams < 2 * c->groups || c->teams > LEAGUE_MAX_TEAMS || c->teams % c->groups != 0 ||
        c->teams / c->groups > GROUPS_MAX_S)
        return refusal_set(why, BH_EINVAL, "F-GROUPS", "teams", -1);
    if (c->boards < 1 || c->boards > LEAGUE_MAX_BOARDS)
        return refusal_set(why, BH_EINVAL, "F-GROUPS", "boards", -1);
    if (c->max_invited < 0 || c->max_invited > c->boards)
        return refusal_set(why, BH_EINVAL, "F-TEAMRATING", "max_invited", -1);
    if (!date_ok(c->rating_date))
        return refusal_set(why, BH_EINVAL, "F-TEAMRATING", "rating_date", -1);
    if (c->cr.first_valid_us <= 0)
        return refusal_set(why, BH_EINVAL, "F-CHALLENGE", "first_valid_us", -1);
    if (c->cr.second_valid_us <= 0)
        return refusal_set(why, BH_EINVAL, "F-CHALLENGE", "second_valid_us", -1);
    if (c->cr.base_s <= 0 || c->cr.base_s > 86400)
        return refusal_set(why, BH_EINVAL, "F-CHESS", "base_s", -1);
    if (c->cr.inc_s < 0 || c->cr.inc_s > 3600)
        return refusal_set(why, BH_EINVAL, "F-CHESS", "inc_s", -1);
    if (c->cr.alt_base_s <= 0 || c->cr.alt_base_s > 86400)
        return refusal_set(why, BH_EINVAL, "F-CHESS", "alt_base_s", -1);
    if (c->cr.alt_inc_s < 0 || c->cr.alt_inc_s > 3600)
        return refusal_set(why, BH_EINVAL, "F-CHESS", "alt_inc_s", -1);
    if (c->wait_s > 86400)
        return refusal_set(why, BH_EINVAL, "T-WAIT", "wait_s", -1);
    return BH_OK;
}

league *league_new(int64_t id, const league_config *c)
{
    league *l = xcalloc(1, sizeof *l);
    l->id = id;
    l->cfg = *c;
    for (int i = 0; i < BRACKET_MATCHES; i++)
        l->lot[i] = -1;
    return l;
}

void league_free(league *l)
{
    if (!l)
        return;
    free(l->gm);
    free(l);
}

/* ---- actions ------------------------------------------------------------------------------ */

static tfmt_act *push(tfmt_acts *a, int kind)
{
    static tfmt_act sink; /* a NULL list (the load's replay) takes nothing */
    if (!a) {
        memset(&sink, 0, sizeof sink);
        return &sink;
    }
    return tfmt_push(a, kind);
}

static tfmt_act *notice(tfmt_acts *a, int to, int note, tfmt_key k, int64_t at_us,
                        int64_t deadline_us)
{
    tfmt_act *x = push(a, TFMT_ACT_NOTICE);
    x->key = k;
    x->notice.to = to;
    x->notice.note = note;
    x->notice.at_us = (uint64_t)(at_us > 0 ? at_us : 0);
    x->notice.deadline_us = (uint64_t)(deadline_us > 0 ? deadline_us : 0);
    return x;
}

/* Every change of a league is published: its challenges' states are on its page. */
static void persist(tfmt_acts *a)
{
    push(a, TFMT_ACT_PERSIST);
    push(a, TFMT_ACT_STANDINGS);
}

int64_t league_winner(const league *l)
{
    return l->status == LEAGUE_FINISHED ? l->t[bracket_winner(&l->kb, BRACKET_FINAL)].id : 0;
}

const char *league_stage_name(int s)
{
    static const char *const n[] = {"?", "the group stage", "the quarter-finals", "the semi-finals",
                                    "the final"};
    return s >= LEAGUE_STAGE_GROUPS && s <= LEAGUE_STAGE_FINAL ? n[s] : n[0];
}

static void stage_began(tfmt_acts *a, int s)
{
    push(a, TFMT_ACT_ROUND)->round = s;
    if (a)
        tfmt_note(a, 0, "%s began", league_stage_name(s));
}

/* ---- teams -------------------------------------------------------------------------------- */

int league_team_tid(const league *l, int64_t team)
{
    for (int t = 1; t <= l->nt; t++)
        if (l->t[t].id == team)
            return t;
    return 0;
}

/* The checks of a roster for team `self` (0: a new team): *out the roster by rating. */
static int check_roster(const league *l, int self, const roster *r, int captain, roster *out,
                        refusal *why)
{
    *out = *r;
    roster_sort_by_rating(out); /* art. 2: strictly by rating */
    if (roster_find(out, captain) < 0)
        return refusal_set(why, BH_ENOTFOUND, "F-CHALLENGE", "captain", -1);
    for (int i = 0; i < r->n; i++)
        for (int t = 1; t <= l->nt; t++)
            if (t != self && roster_find(&l->t[t].r, r->p[i].id) >= 0)
                return refusal_set(why, BH_EEXIST, "F-TEAMRATING", "players", i);
    int rc = roster_check_invited(out, l->cfg.max_invited, why);
    if (rc != BH_OK)
        return rc;
    roster_rating rr;
    return roster_team_rating(out, l->cfg.boards, &rr, why);
}

int league_add_team(league *l, int64_t team, const char *name, const roster *r, int captain,
                    refusal *why)
{
    if (l->status != LEAGUE_REGISTERING)
        return refusal_set(why, BH_ESTATE, "F-GROUPS", "tournament", -1);
    if (l->nt >= l->cfg.teams)
        return refusal_set(why, BH_ELIMIT, "F-GROUPS", "teams", -1);
    if (league_team_tid(l, team))
        return refusal_set(why, BH_EEXIST, "F-GROUPS", "team", -1);
    if (!name || !name[0] || strlen(name) >= LEAGUE_NAME_LEN)
        return refusal_set(why, BH_EINVAL, "F-GROUPS", "name", -1);
    for (int t = 1; t <= l->nt; t++)
        if (strcmp(l->t[t].name, name) == 0)
            return refusal_set(why, BH_EEXIST, "F-GROUPS", "name", -1);
    roster sorted;
    int rc = check_roster(l, 0, r, captain, &sorted, why);
    if (rc != BH_OK)
        return rc;
    roster_team *t = &l->t[++l->nt];
    t->id = team;
    memcpy(t->name, name, strlen(name) + 1);
    t->r = sorted;
    t->captain = captain;
    return BH_OK;
}

int league_remove_team(league *l, int64_t team, refusal *why)
{
    if (l->status != LEAGUE_REGISTERING)
        return refusal_set(why, BH_ESTATE, "F-GROUPS", "tournament", -1);
    int k = league_team_tid(l, team);
    if (!k)
        return refusal_set(why, BH_ENOTFOUND, "F-GROUPS", "team", -1);
    roster_team_remove(l->t, &l->nt, k);
    return BH_OK;
}

int league_set_roster(league *l, int64_t team, const roster *r, refusal *why)
{
    if (l->status != LEAGUE_REGISTERING && l->status != LEAGUE_BETWEEN)
        return refusal_set(why, BH_ESTATE, "F-TEAMRATING", "tournament", -1);
    int tid = league_team_tid(l, team);
    if (!tid)
        return refusal_set(why, BH_ENOTFOUND, "F-TEAMRATING", "team", -1);
    roster sorted;
    int rc = check_roster(l, tid, r, l->t[tid].captain, &sorted, why);
    if (rc != BH_OK)
        return rc;
    l->t[tid].r = sorted;
    return BH_OK;
}

/* ---- schedules ---------------------------------------------------------------------------- */

int league__ko_stage(int mi)
{
    return mi <= BRACKET_QF4   ? LEAGUE_STAGE_QF
           : mi <= BRACKET_SF2 ? LEAGUE_STAGE_SF
                               : LEAGUE_STAGE_FINAL;
}

static void stage_range(int s, int *lo, int *hi) /* knockout matches of stage s: [lo, hi) */
{
    *lo = s == LEAGUE_STAGE_QF ? BRACKET_QF1 : s == LEAGUE_STAGE_SF ? BRACKET_SF1 : BRACKET_FINAL;
    *hi = s == LEAGUE_STAGE_QF   ? BRACKET_SF1
          : s == LEAGUE_STAGE_SF ? BRACKET_FINAL
                                 : BRACKET_MATCHES;
}

static int ngames(const league *l, int s)
{
    return s == LEAGUE_STAGE_GROUPS ? l->cfg.boards : 2 * l->cfg.boards;
}

league_mt *league__match(const league *l, int s, int mi)
{
    if (s == LEAGUE_STAGE_GROUPS)
        return mi >= 0 && mi < l->ngm ? &l->gm[mi] : NULL;
    int lo, hi;
    if (s < LEAGUE_STAGE_QF || s > LEAGUE_STAGE_FINAL)
        return NULL;
    stage_range(s, &lo, &hi);
    if (mi < lo || mi >= hi || !l->km[mi].team[0])
        return NULL;
    return (league_mt *)&l->km[mi];
}

/* Game `gi` (game * boards + board) of match m: White's team index w (0 first-named), the
 * sender's side; the players are board b of each roster. */
static void make_game(league *l, league_mt *m, int s, int mi, int gi, int w, int sender_idx)
{
    int nb = l->cfg.boards, b = gi % nb;
    league_game *g = &m->g[gi];
    memset(g, 0, sizeof *g);
    g->key = (tfmt_key){s, mi, gi / nb, b};
    const roster_player *pw = &l->t[m->team[w]].r.p[b], *pb = &l->t[m->team[!w]].r.p[b];
    g->team[0] = l->t[m->team[w]].id;
    g->team[1] = l->t[m->team[!w]].id;
    chal_init(&g->c, sender_idx == w ? CHAL_WHITE : CHAL_BLACK, pw->id, pw->rating, pb->id,
              pb->rating);
}

void league__schedule_groups(league *l)
{
    int s = l->draw.s, rounds = berger_rounds(s, 0), per = (s + s % 2) / 2;
    free(l->gm);
    l->gm = xcalloc((size_t)(l->draw.g * rounds * per), sizeof *l->gm);
    l->ngm = 0;
    berger_pair pr[GROUPS_MAX_S];
    for (int g = 0; g < l->draw.g; g++)
        for (int r = 1; r <= rounds; r++) {
            int np = berger_round(s, r, 0, pr, GROUPS_MAX_S);
            for (int p = 0; p < np; p++) {
                if (!pr[p].white || !pr[p].black)
                    continue; /* the bye: that team rests */
                int mi = l->ngm++;
                league_mt *m = &l->gm[mi];
                m->group = g;
                m->round = r;
                m->team[0] = l->draw.team[g][pr[p].white - 1] + 1;
                m->team[1] = l->draw.team[g][pr[p].black - 1] + 1;
                for (int b = 0; b < l->cfg.boards; b++) {
                    /* art. 3: colours by the numbers in the group table and the board */
                    int w = bracket_group_white(pr[p].white, pr[p].black, b + 1) ? 0 : 1;
                    make_game(l, m, LEAGUE_STAGE_GROUPS, mi, b, w, w); /* art. 5: White sends */
                }
            }
        }
}

void league__schedule_ko(league *l, int s)
{
    int lo, hi, nb = l->cfg.boards;
    stage_range(s, &lo, &hi);
    for (int mi = lo; mi < hi; mi++) {
        league_mt *m = &l->km[mi];
        memset(m, 0, sizeof *m);
        m->group = -1;
        m->team[0] = l->kb.m[mi].team[0];
        m->team[1] = l->kb.m[mi].team[1];
        if (!m->team[0] || !m->team[1]) {
            m->team[0] = m->team[1] = 0; /* an unused slot (the 2-group bracket's QFs) */
            continue;
        }
        for (int gi = 0; gi < 2 * nb; gi++) {
            int b = gi % nb + 1, gn = gi / nb + 1;
            make_game(l, m, s, mi, gi, bracket_ko_white(b, gn),
                      bracket_ko_sender_in(&l->kb, mi, b, gn));
        }
    }
}

static void send_notices(league *l, int s, tfmt_acts *a)
{
    for (int mi = 0; mi < league_n_matches(l, s); mi++) {
        league_mt *m = league__match(l, s, mi);
        for (int gi = 0; m && gi < ngames(l, s); gi++)
            notice(a, m->g[gi].c.player[m->g[gi].c.sender], LEAGUE_N_SEND, m->g[gi].key, 0, 0);
    }
}

int league_start(league *l, int64_t now_us, tfmt_acts *a, refusal *why)
{
    (void)now_us;
    if (l->status != LEAGUE_REGISTERING)
        return refusal_set(why, BH_ESTATE, "F-GROUPS", "tournament", -1);
    if (l->nt != l->cfg.teams)
        return refusal_set(why, BH_EINVAL, "F-GROUPS", "teams", -1);
    roster_rating rr[LEAGUE_MAX_TEAMS];
    for (int t = 1; t <= l->nt; t++) {
        int rc = roster_team_rating(&l->t[t].r, l->cfg.boards, &rr[t - 1], why);
        if (rc != BH_OK)
            return rc;
    }
    int rc = groups_make(rr, l->nt, l->cfg.groups, l->nt / l->cfg.groups, &l->draw, why);
    if (rc != BH_OK)
        return rc;
    for (int t = 1; t <= l->nt; t++)
        l->rating[LEAGUE_STAGE_GROUPS][t] = rr[t - 1];
    l->drawn = true;
    l->status = LEAGUE_RUNNING;
    l->stage = LEAGUE_STAGE_GROUPS;
    league__schedule_groups(l);
    stage_began(a, LEAGUE_STAGE_GROUPS);
    send_notices(l, LEAGUE_STAGE_GROUPS, a);
    persist(a);
    return BH_OK;
}

/* ---- results and their consequences ------------------------------------------------------- */

static int pts2(int res, int side) /* game points x2 of White (side 0) or Black */
{
    static const int W[BH_RES_N_] = {0, 2, 1, 0, 2, 0, 0};
    static const int B[BH_RES_N_] = {0, 0, 1, 2, 0, 2, 0};
    return side ? B[res] : W[res];
}

static bool score(const league *l, const league_mt *m, int s, int *gp2_first, int *gp2_second)
{
    int x[2] = {0, 0};
    bool all = true;
    for (int gi = 0; gi < ngames(l, s); gi++) {
        const league_game *g = &m->g[gi];
        if (g->res == BH_RES_NONE) {
            all = false;
            continue;
        }
        int w = g->team[0] == l->t[m->team[0]].id ? 0 : 1;
        x[w] += pts2(g->res, 0);
        x[!w] += pts2(g->res, 1);
    }
    *gp2_first = x[0];
    *gp2_second = x[1];
    return all;
}

static bool stage_done(const league *l)
{
    int s = l->stage;
    for (int mi = 0; mi < league_n_matches(l, s); mi++) {
        const league_mt *m = league__match(l, s, mi);
        int a, b;
        if (!m)
            continue;
        if (!score(l, m, s, &a, &b))
            return false;
        if (s != LEAGUE_STAGE_GROUPS && l->kb.m[mi].winner < 0)
            return false;
    }
    return true;
}

static void group_stage_over(league *l)
{
    int first[4], second[4];
    league_row rows[GROUPS_MAX_S];
    for (int g = 0; g < l->cfg.groups; g++) {
        league_group_table(l, g, rows, GROUPS_MAX_S);
        first[g] = rows[0].tid;
        second[g] = rows[1].tid;
    }
    if (l->cfg.groups == 4)
        bracket_init(&l->kb, first, second, NULL);
    else
        bracket_init2(&l->kb, first, second, NULL);
    l->have_kb = true;
}

/* Match mi of stage s has its last game decided: the knockout decides it. */
static void match_done(league *l, int s, int mi, tfmt_acts *a)
{
    if (s != LEAGUE_STAGE_GROUPS) {
        const league_mt *m = &l->km[mi];
        int x, y;
        score(l, m, s, &x, &y);
        bracket_result(&l->kb, mi, l->cfg.boards, x, y, &l->rating[s][m->team[0]],
                       &l->rating[s][m->team[1]], NULL);
        if (l->kb.m[mi].by == BRACKET_LOT_DUE) {
            if (l->lot[mi] >= 0)
                bracket_lot(&l->kb, mi, l->lot[mi], NULL); /* the load's replay */
            else
                push(a, LEAGUE_ACT_LOT_DUE)->key = (tfmt_key){s, mi, 0, 0};
        }
    }
    push(a, TFMT_ACT_STANDINGS);
}

/* After a match's end or a lot: the stage may be over. */
static void stage_check(league *l, tfmt_acts *a)
{
    if (l->status != LEAGUE_RUNNING || !stage_done(l))
        return;
    if (l->stage == LEAGUE_STAGE_GROUPS)
        group_stage_over(l);
    if (l->stage == LEAGUE_STAGE_FINAL) {
        l->status = LEAGUE_FINISHED;
        tfmt_act *x = push(a, TFMT_ACT_FINISH);
        snprintf(x->say.text, sizeof x->say.text, "the league is over: team %lld won",
                 (long long)league_winner(l));
        return;
    }
    l->status = LEAGUE_BETWEEN;
    push(a, LEAGUE_ACT_STAGE_OVER)->own.code = l->stage;
}

void league__replay(league *l, int s)
{
    if (s == LEAGUE_STAGE_GROUPS) {
        int x, y;
        for (int mi = 0; mi < l->ngm; mi++)
            if (!score(l, &l->gm[mi], s, &x, &y))
                return;
        group_stage_over(l);
        return;
    }
    int lo, hi;
    stage_range(s, &lo, &hi);
    for (int mi = lo; mi < hi; mi++) {
        int x, y;
        if (l->km[mi].team[0] && score(l, &l->km[mi], s, &x, &y))
            match_done(l, s, mi, NULL);
    }
}

bool league__stage_done(const league *l)
{
    return stage_done(l);
}

/* Record res for game g of match m (the current stage's), then what follows. */
static void record(league *l, league_mt *m, league_game *g, int res, tfmt_acts *a)
{
    g->res = (uint8_t)res;
    int x, y;
    if (score(l, m, l->stage, &x, &y))
        match_done(l, l->stage, g->key.match, a);
    stage_check(l, a);
}

/* ---- the time ----------------------------------------------------------------------------- */

static void create_game(league *l, league_game *g, int64_t now_us, tfmt_acts *a)
{
    chal_start(&g->c, NULL);
    g->created = true;
    tfmt_act *x = push(a, TFMT_ACT_CREATE_GAME);
    x->key = g->key;
    x->create.team[0] = g->team[0];
    x->create.team[1] = g->team[1];
    x->create.player[0] = g->c.player[CHAL_WHITE];
    x->create.player[1] = g->c.player[CHAL_BLACK];
    snprintf(x->create.ruleset, sizeof x->create.ruleset, "%s", l->cfg.ruleset);
    int base, inc;
    chal_time_control(&g->c, &l->cfg.cr, &base, &inc);
    x->create.base_ms = (uint32_t)base * 1000;
    x->create.inc_ms = (uint32_t)inc * 1000;
    x->create.game_kind = GAME_KIND_CHESS;
    x->create.start_us = (uint64_t)(now_us > 0 ? now_us : 0);
    x->create.wait_s = l->cfg.wait_s;
    /* after its CREATE_GAME: the game id is known. The players are read from g, not x: each
     * notice may grow the list and so move x (a use after free test_lg_view found). */
    for (int seat = 0; seat < 2; seat++)
        notice(a, g->c.player[seat], LEAGUE_N_GAME, g->key, now_us, 0)->notice.team = g->team[seat];
}

static int captain_of(const league *l, int64_t team)
{
    int tid = league_team_tid(l, team);
    return tid ? l->t[tid].captain : 0;
}

/* One game's time: returns 1 if something fired. */
static int game_time(league *l, league_mt *m, league_game *g, int64_t now_us, tfmt_acts *a)
{
    if (g->res != BH_RES_NONE)
        return 0;
    if (g->c.state == CHAL_AGREED && !g->created && g->c.start_us <= now_us) {
        create_game(l, g, now_us, a);
        return 1;
    }
    chal_event ev;
    if (!chal_tick(&g->c, now_us, &ev))
        return 0;
    int d = ev.side, other = !d;
    if (ev.kind == CHAL_EV_LAPSED) {
        notice(a, g->c.player[g->c.sender], LEAGUE_N_LAPSED, g->key, ev.at_us, 0);
        notice(a, captain_of(l, g->team[d]), LEAGUE_N_SUBST, g->key, ev.at_us, 0);
    } else {
        notice(a, g->c.player[d], LEAGUE_N_FORFEIT, g->key, ev.at_us, 0);
        notice(a, g->c.player[other], LEAGUE_N_FORFEIT, g->key, ev.at_us, 0);
        record(l, m, g, d == CHAL_WHITE ? BH_RES_FF_B : BH_RES_FF_W, a); /* art. 5 */
    }
    return 1;
}

int league_on_time(league *l, int64_t now_us, tfmt_acts *a)
{
    if (l->status != LEAGUE_RUNNING)
        return 0;
    int fired = 0, s = l->stage;
    for (int mi = 0; mi < league_n_matches(l, s) && l->stage == s; mi++) {
        league_mt *m = league__match(l, s, mi);
        for (int gi = 0; m && gi < ngames(l, s); gi++)
            fired += game_time(l, m, &m->g[gi], now_us, a);
    }
    if (fired)
        persist(a);
    return fired;
}

bool league_next_instant(const league *l, int64_t *at_us)
{
    bool any = false;
    int s = l->stage;
    if (l->status != LEAGUE_RUNNING)
        return false;
    for (int mi = 0; mi < league_n_matches(l, s); mi++) {
        const league_mt *m = league__match(l, s, mi);
        for (int gi = 0; m && gi < ngames(l, s); gi++) {
            const league_game *g = &m->g[gi];
            int64_t t;
            if (g->res != BH_RES_NONE)
                continue;
            if (g->c.state == CHAL_AGREED && !g->created)
                t = g->c.start_us;
            else if (!chal_next_deadline(&g->c, &t))
                continue;
            if (!any || t < *at_us)
                *at_us = t;
            any = true;
        }
    }
    return any;
}

/* ---- challenge events --------------------------------------------------------------------- */

/* The time first, then game k of the running stage, undecided. */
static int begin(league *l, tfmt_key k, int64_t now_us, tfmt_acts *a, league_mt **m,
                 league_game **g, refusal *why)
{
    league_on_time(l, now_us, a);
    if (l->status != LEAGUE_RUNNING)
        return refusal_set(why, BH_ESTATE, "F-CHALLENGE", "tournament", -1);
    *m = k.round == l->stage ? league__match(l, k.round, k.match) : NULL;
    if (!*m || k.board < 0 || k.board >= l->cfg.boards || k.game < 0 ||
        k.game >= ngames(l, k.round) / l->cfg.boards)
        return refusal_set(why, BH_ENOTFOUND, "F-CHALLENGE", "game", -1);
    *g = &(*m)->g[k.game * l->cfg.boards + k.board];
    if ((*g)->res != BH_RES_NONE)
        return refusal_set(why, BH_EDECIDED, "F-CHALLENGE", "game", -1);
    return BH_OK;
}

static int side_of(const league_game *g, int actor, refusal *why)
{
    if (actor > 0 && actor == g->c.player[CHAL_WHITE])
        return CHAL_WHITE;
    if (actor > 0 && actor == g->c.player[CHAL_BLACK])
        return CHAL_BLACK;
    return refusal_set(why, BH_ESEAT, "F-CHALLENGE", "player", -1);
}

/* begin, then actor's side in game *g: the side (>= 0) or the refusal (< 0). */
static int begin_player(league *l, tfmt_key k, int actor, int64_t now_us, tfmt_acts *a,
                        league_game **g, refusal *why)
{
    league_mt *m;
    int rc = begin(l, k, now_us, a, &m, g, why);
    return rc == BH_OK ? side_of(*g, actor, why) : rc;
}

/* A challenge (league_send) or a counter-proposal (league_counter): the same steps. */
static int propose(league *l, tfmt_key k, int actor, int64_t proposal_us, int64_t now_us,
                   tfmt_acts *a, refusal *why, bool counter)
{
    league_game *g;
    int side = begin_player(l, k, actor, now_us, a, &g, why), rc;
    if (side < 0)
        return side;
    rc = counter ? chal_counter(&g->c, &l->cfg.cr, (chal_side)side, proposal_us, now_us, why)
                 : chal_send(&g->c, &l->cfg.cr, (chal_side)side, proposal_us, now_us, why);
    if (rc != BH_OK)
        return rc;
    notice(a, g->c.player[g->c.turn], LEAGUE_N_PROPOSED, k, proposal_us, g->c.deadline_us);
    persist(a);
    return BH_OK;
}

int league_send(league *l, tfmt_key k, int actor, int64_t proposal_us, int64_t now_us, tfmt_acts *a,
                refusal *why)
{
    return propose(l, k, actor, proposal_us, now_us, a, why, false);
}

int league_accept(league *l, tfmt_key k, int actor, int64_t now_us, tfmt_acts *a, refusal *why)
{
    league_game *g;
    int side = begin_player(l, k, actor, now_us, a, &g, why), rc;
    if (side < 0)
        return side;
    rc = chal_accept(&g->c, (chal_side)side, now_us, why);
    if (rc != BH_OK)
        return rc;
    for (int s = 0; s < 2; s++)
        notice(a, g->c.player[s], LEAGUE_N_AGREED, k, g->c.start_us, 0);
    if (g->c.start_us <= now_us)
        create_game(l, g, now_us, a);
    persist(a);
    return BH_OK;
}

int league_counter(league *l, tfmt_key k, int actor, int64_t proposal_us, int64_t now_us,
                   tfmt_acts *a, refusal *why)
{
    return propose(l, k, actor, proposal_us, now_us, a, why, true);
}

int league_substitute(league *l, tfmt_key k, int captain, int player, int64_t now_us, tfmt_acts *a,
                      refusal *why)
{
    league_mt *m;
    league_game *g;
    int rc = begin(l, k, now_us, a, &m, &g, why);
    if (rc != BH_OK)
        return rc;
    /* the captain's side: the team whose captain he is (only that captain may substitute) */
    int side = -1;
    for (int s = 0; s < 2; s++)
        if (captain > 0 && captain == captain_of(l, g->team[s]))
            side = s;
    if (side < 0)
        return refusal_set(why, BH_ENOTCAPTAIN, "F-CHALLENGE", "captain", -1);
    const roster *r = &l->t[league_team_tid(l, g->team[side])].r;
    int pi = roster_find(r, player);
    if (pi < 0)
        return refusal_set(why, BH_ENOTFOUND, "F-CHALLENGE", "player", -1);
    for (int gi = 0; gi < ngames(l, l->stage); gi++) {
        const league_game *o = &m->g[gi];
        if (o->key.board != k.board && (o->c.player[0] == player || o->c.player[1] == player))
            return refusal_set(why, BH_EEXIST, "F-CHALLENGE", "player", -1);
    }
    rc = chal_substitute(&g->c, (chal_side)side, player, r->p[pi].rating, why);
    if (rc != BH_OK)
        return rc;
    notice(a, player, LEAGUE_N_SUBSTITUTED, k, 0, g->c.deadline_us);
    notice(a, g->c.player[!side], LEAGUE_N_SUBSTITUTED, k, 0, g->c.deadline_us);
    persist(a);
    return BH_OK;
}

int league_agree_tc(league *l, tfmt_key k, int actor, bool want, int64_t now_us, tfmt_acts *a,
                    refusal *why)
{
    league_game *g;
    int side = begin_player(l, k, actor, now_us, a, &g, why), rc;
    if (side < 0)
        return side;
    rc = chal_agree_tc(&g->c, (chal_side)side, want, why);
    if (rc != BH_OK)
        return rc;
    notice(a, g->c.player[!side], LEAGUE_N_TC, k, want, 0);
    persist(a);
    return BH_OK;
}

int league_extend(league *l, tfmt_key k, int64_t new_deadline_us, int64_t now_us, tfmt_acts *a,
                  refusal *why)
{
    league_mt *m;
    league_game *g;
    int rc = begin(l, k, now_us, a, &m, &g, why);
    if (rc != BH_OK)
        return rc;
    rc = chal_extend(&g->c, new_deadline_us, now_us, why);
    if (rc != BH_OK)
        return rc;
    notice(a, g->c.player[g->c.turn], LEAGUE_N_EXTENDED, k, g->c.proposal_us, g->c.deadline_us);
    persist(a);
    return BH_OK;
}

/* ---- results ------------------------------------------------------------------------------ */

static int result_in(league *l, tfmt_key k, bh_result res, bool director, int64_t now_us,
                     tfmt_acts *a, refusal *why)
{
    league_mt *m;
    league_game *g;
    int rc = begin(l, k, now_us, a, &m, &g, why);
    if (rc == BH_EDECIDED && !director)
        return refusal_set(why, BH_ESTATE, "F-CHESS", "game", -1);
    if (rc != BH_OK)
        return rc;
    if (!director && !g->created)
        return refusal_set(why, BH_ESTATE, "F-CHESS", "game", -1);
    if (res <= BH_RES_NONE || res >= BH_RES_N_)
        return refusal_set(why, BH_EINVAL, "F-CHESS", "result", -1);
    record(l, m, g, res, a);
    persist(a);
    return BH_OK;
}

int league_game_over(league *l, tfmt_key k, bh_result res, int64_t now_us, tfmt_acts *a,
                     refusal *why)
{
    return result_in(l, k, res, false, now_us, a, why);
}

int league_director_result(league *l, tfmt_key k, bh_result res, int64_t now_us, tfmt_acts *a,
                           refusal *why)
{
    return result_in(l, k, res, true, now_us, a, why);
}

int league_lot(league *l, int mi, int winner, int64_t now_us, tfmt_acts *a, refusal *why)
{
    league_on_time(l, now_us, a);
    if (l->status != LEAGUE_RUNNING || !l->have_kb)
        return refusal_set(why, BH_ESTATE, "F-KNOCKOUT", "tournament", -1);
    int rc = bracket_lot(&l->kb, mi, winner, why);
    if (rc != BH_OK)
        return rc;
    l->lot[mi] = winner;
    push(a, TFMT_ACT_STANDINGS);
    stage_check(l, a);
    persist(a);
    return BH_OK;
}

int league_stage_start(league *l, int64_t now_us, tfmt_acts *a, refusal *why)
{
    (void)now_us;
    if (l->status != LEAGUE_BETWEEN || !l->have_kb)
        return refusal_set(why, BH_ESTATE, "F-KNOCKOUT", "tournament", -1);
    int s = l->stage == LEAGUE_STAGE_GROUPS ? league__ko_stage(bracket_first_match(&l->kb))
                                            : l->stage + 1;
    int lo, hi;
    stage_range(s, &lo, &hi);
    roster_rating rr[LEAGUE_MAX_TEAMS + 1];
    memset(rr, 0, sizeof rr);
    for (int mi = lo; mi < hi; mi++)
        for (int i = 0; i < 2; i++) {
            int tid = l->kb.m[mi].team[i];
            if (!tid)
                continue;
            /* art. 7: the team rating recomputed from the current roster */
            int rc = roster_team_rating(&l->t[tid].r, l->cfg.boards, &rr[tid], why);
            if (rc != BH_OK)
                return rc;
        }
    memcpy(l->rating[s], rr, sizeof rr);
    l->stage = s;
    l->status = LEAGUE_RUNNING;
    league__schedule_ko(l, s);
    stage_began(a, s);
    send_notices(l, s, a);
    persist(a);
    return BH_OK;
}

/* ---- read access -------------------------------------------------------------------------- */

int league_status(const league *l)
{
    return l->status;
}

int league_stage(const league *l)
{
    return l->stage;
}

const league_config *league_config_get(const league *l)
{
    return &l->cfg;
}

int league_n_teams(const league *l)
{
    return l->nt;
}

int64_t league_team_id(const league *l, int tid)
{
    return tid >= 1 && tid <= l->nt ? l->t[tid].id : 0;
}

const char *league_team_name(const league *l, int tid)
{
    return tid >= 1 && tid <= l->nt ? l->t[tid].name : NULL;
}

const roster *league_team_roster(const league *l, int tid)
{
    return tid >= 1 && tid <= l->nt ? &l->t[tid].r : NULL;
}

int league_team_captain(const league *l, int tid)
{
    return tid >= 1 && tid <= l->nt ? l->t[tid].captain : 0;
}

bool league_team_rating(const league *l, int tid, int stage, roster_rating *out)
{
    if (tid < 1 || tid > l->nt || stage < LEAGUE_STAGE_GROUPS || stage > LEAGUE_STAGE_FINAL ||
        l->rating[stage][tid].n == 0)
        return false;
    *out = l->rating[stage][tid];
    return true;
}

const groups_draw *league_draw(const league *l)
{
    return l->drawn ? &l->draw : NULL;
}

const bracket *league_bracket(const league *l)
{
    return l->have_kb ? &l->kb : NULL;
}

int league_n_matches(const league *l, int stage)
{
    if (stage == LEAGUE_STAGE_GROUPS)
        return l->ngm;
    if (stage < LEAGUE_STAGE_QF || stage > LEAGUE_STAGE_FINAL || stage > l->stage)
        return 0;
    int lo, hi;
    stage_range(stage, &lo, &hi);
    return hi; /* indices are the bracket's: [lo, hi) are this stage's */
}

bool league_match(const league *l, int stage, int mi, int64_t *first, int64_t *second, int *group,
                  int *round)
{
    const league_mt *m = stage <= l->stage ? league__match(l, stage, mi) : NULL;
    if (!m)
        return false;
    *first = l->t[m->team[0]].id;
    *second = l->t[m->team[1]].id;
    if (group)
        *group = m->group;
    if (round)
        *round = m->round;
    return true;
}

bool league_match_score(const league *l, int stage, int mi, int *gp2_first, int *gp2_second)
{
    const league_mt *m = stage <= l->stage ? league__match(l, stage, mi) : NULL;
    if (!m) {
        *gp2_first = *gp2_second = 0;
        return false;
    }
    return score(l, m, stage, gp2_first, gp2_second);
}

int league_games_per_match(const league *l, int stage)
{
    return ngames(l, stage);
}

const league_game *league_game_get(const league *l, tfmt_key k)
{
    const league_mt *m = k.round <= l->stage ? league__match(l, k.round, k.match) : NULL;
    if (!m || k.board < 0 || k.board >= l->cfg.boards || k.game < 0 ||
        k.game >= ngames(l, k.round) / l->cfg.boards)
        return NULL;
    return &m->g[k.game * l->cfg.boards + k.board];
}

static int row_cmp(const void *pa, const void *pb)
{
    const league_row *a = pa, *b = pb;
    if (a->mp != b->mp)
        return b->mp - a->mp; /* art. 6: match points */
    if (a->gp2 != b->gp2)
        return b->gp2 - a->gp2; /* art. 6 a: game points on all boards in all matches */
    int c = roster_rating_cmp(&a->rating, &b->rating);
    if (c != 0)
        return c;                 /* art. 6 b: the lower team rating first */
    return a->number - b->number; /* our choice: the number in the group table */
}

int league_group_table(const league *l, int g, league_row *rows, int cap)
{
    if (!l->drawn || g < 0 || g >= l->draw.g || cap < l->draw.s)
        return BH_EINVAL;
    int s = l->draw.s;
    for (int n = 0; n < s; n++) {
        league_row *r = &rows[n];
        memset(r, 0, sizeof *r);
        r->number = n + 1;
        r->tid = l->draw.team[g][n] + 1;
        r->rating = l->rating[LEAGUE_STAGE_GROUPS][r->tid];
    }
    for (int mi = 0; mi < l->ngm; mi++) {
        const league_mt *m = &l->gm[mi];
        if (m->group != g)
            continue;
        int x[2];
        bool all = score(l, m, LEAGUE_STAGE_GROUPS, &x[0], &x[1]);
        for (int n = 0; n < s; n++)
            for (int i = 0; i < 2; i++)
                if (rows[n].tid == m->team[i]) {
                    rows[n].gp2 += x[i];
                    if (all) {
                        rows[n].played++;
                        rows[n].mp += x[i] > x[!i] ? 2 : x[i] == x[!i] ? 1 : 0;
                    }
                }
    }
    qsort(rows, (size_t)s, sizeof *rows, row_cmp);
    for (int n = 0; n < s; n++)
        rows[n].place = n + 1;
    return s;
}
