/* hub_league.c: the team leagues of seed 003 in the server (docs/formats.md), a format on the seam
 * (hub_event.h: hub__league_fmt over tourney/league/league_fmt.h's tfmt_league). The league_*
 * messages (proto_league.h) are carried to the pure core (tourney/league/league.h), which decides
 * everything; this file checks who acts (a league token names one roster player: he acts only in
 * his own games, the captain substitutes), mints the league tokens, keeps the players' notice feed
 * (store_league.h) and encodes the snapshot. The executor (hub_event.c) does the rest for every
 * format: the games (a chess game per agreed challenge, with the players, colours and agreed time
 * control, behind the T-WAIT gate), the state's storage, the pushes, the one timer from
 * league_next_instant (the league's clock is the wall clock), the load. SPDX-License-Identifier:
 * MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auth.h"
#include "bh.h"
#include "hub_event.h"
#include "hub_int.h"
#include "league.h"
#include "league_fmt.h"
#include "league_view.h"
#include "log.h"
#include "now.h"
#include "proto_league.h"
#include "result.h"
#include "store_league.h"

typedef struct {
    int64_t league;
    uint64_t conn;
    int player;
} hlsub;

/* The connections that sent a player's league token: they get his notices. */
struct hub_leagues {
    hlsub *v;
    int n, cap;
};

static void subscribe_player(hub *h, int64_t lid, uint64_t conn, int player)
{
    if (!h->leagues_)
        h->leagues_ = xcalloc(1, sizeof *h->leagues_);
    hub_leagues *ls = h->leagues_;
    for (int i = 0; i < ls->n; i++)
        if (ls->v[i].league == lid && ls->v[i].conn == conn && ls->v[i].player == player)
            return;
    BH_GROW(ls->v, ls->n, ls->cap);
    ls->v[ls->n++] = (hlsub){lid, conn, player};
}

void hub__league_free(hub *h)
{
    if (!h->leagues_)
        return;
    free(h->leagues_->v);
    free(h->leagues_);
    h->leagues_ = NULL;
}

static league *league_of(hub_event *e)
{
    return hub__event_state(e);
}

/* ---- the snapshot ------------------------------------------------------------------------ */

static const char *status_name(int st)
{
    static const char *const n[] = {"registering", "running", "between", "finished"};
    return st >= 0 && st <= LEAGUE_FINISHED ? n[st] : "?";
}

static double rating_avg(const roster_rating *r)
{
    return r->n ? (double)r->sum / r->n : 0;
}

/* "5+1" (minutes + seconds), or "90s+1" for a base that is no whole minute. */
static void tc_text(char *out, size_t cap, int base_s, int inc_s)
{
    if (base_s % 60 == 0)
        snprintf(out, cap, "%d+%d", base_s / 60, inc_s);
    else
        snprintf(out, cap, "%ds+%d", base_s, inc_s);
}

static const char *chal_state_name(const league_game *g)
{
    static const char *const n[] = {"new", "proposed", "lapsed", "agreed", "started", "forfeit"};
    if (g->c.state == CHAL_FORFEIT)
        return "forfeit";
    if (g->res != BH_RES_NONE)
        return "decided";
    return g->c.state < CHAL_STATE_N_ ? n[g->c.state] : "?";
}

/* What the host says of league game g (its hosted game, if any) for its phase: are the clocks
 * running; while it waits behind the gate, who is connected and when the absent lose (on the
 * wall clock, ms). */
static league_phase game_phase(hub *h, hub_event *e, const league_game *g, uint64_t now_us,
                               bool present[2], int64_t *forfeit_ms)
{
    hub_game *hg = g->created ? hub__game_by_id(h, hub__event_gid(e, g->key)) : NULL;
    bool running = hg && hg->status != STORE_WAITING;
    league_phase p = LEAGUE_PH_ARRANGING;
    if (league_game_phase(g, running, &p) != BH_OK)
        log_error("hub: league %lld: a game's state outside its enums",
                  (long long)hub__event_id(e));
    *forfeit_ms = 0;
    if (p == LEAGUE_PH_WAITING && hg && hg->gated) {
        for (int s = 0; s < 2; s++)
            present[s] = hg->conns[s] > 0;
        uint64_t at = game_gate_deadline_us(&hg->gate);
        if (at != GAME_NEVER)
            *forfeit_ms = now_wall_ms() + (at > now_us ? (int64_t)((at - now_us) / 1000) : 0);
    }
    return p;
}

static char *enc(hub *h, hub_event *e, bool has_id, int64_t msg_id, uint64_t now_us)
{
    const league *l = league_of(e);
    const league_config *cfg = league_config_get(l);
    int nt = league_n_teams(l), stage = league_stage(l);
    int rstage = stage ? stage : LEAGUE_STAGE_GROUPS;
    pleague_team_out *teams = xcalloc((size_t)nt + 1, sizeof *teams);
    pleague_player *pl = xcalloc((size_t)nt * ROSTER_MAX + 1, sizeof *pl);
    for (int t = 1; t <= nt; t++) {
        const roster *r = league_team_roster(l, t);
        pleague_player *p = &pl[(t - 1) * ROSTER_MAX];
        for (int i = 0; i < r->n; i++)
            p[i] = (pleague_player){r->p[i].id, r->p[i].name, r->p[i].rating, r->p[i].invited};
        roster_rating rr = {0, 0, 0};
        if (!league_team_rating(l, t, rstage, &rr))
            roster_team_rating(r, cfg->boards, &rr, NULL);
        teams[t - 1] = (pleague_team_out){.team = league_team_id(l, t),
                                          .name = league_team_name(l, t),
                                          .captain = league_team_captain(l, t),
                                          .rating = rating_avg(&rr),
                                          .players = p,
                                          .n = r->n};
        for (int st = LEAGUE_STAGE_GROUPS; st <= LEAGUE_STAGE_FINAL; st++) {
            roster_rating sr;
            teams[t - 1].has_rating[st] = league_team_rating(l, t, st, &sr) && sr.n > 0;
            teams[t - 1].ratings[st] = teams[t - 1].has_rating[st] ? rating_avg(&sr) : 0;
        }
    }
    /* groups with their tables */
    const groups_draw *d = league_draw(l);
    int ng = d ? d->g : 0;
    pleague_group *groups = xcalloc((size_t)ng + 1, sizeof *groups);
    pleague_row *rows = xcalloc((size_t)ng * GROUPS_MAX_S + 1, sizeof *rows);
    static const char *const GN[] = {"A", "B", "C", "D", "E", "F", "G", "H"};
    for (int g = 0; g < ng; g++) {
        league_row lr[GROUPS_MAX_S];
        int n = league_group_table(l, g, lr, GROUPS_MAX_S);
        pleague_row *pr = &rows[g * GROUPS_MAX_S];
        for (int i = 0; i < n; i++)
            pr[i] = (pleague_row){
                lr[i].place, lr[i].number,    league_team_id(l, lr[i].tid), lr[i].played,
                lr[i].mp,    lr[i].gp2 / 2.0, rating_avg(&lr[i].rating)};
        double avg = d->s && d->board_n ? (double)d->sum[g] / (d->s * d->board_n) : 0;
        groups[g] = (pleague_group){GN[g], avg, pr, n > 0 ? n : 0};
    }
    /* the current stage's fixtures */
    int nm = stage ? league_n_matches(l, stage) : 0;
    int gpm = stage ? league_games_per_match(l, stage) : 0;
    pleague_match_out *fx = xcalloc((size_t)nm + 1, sizeof *fx);
    pleague_game_out *gs = xcalloc((size_t)nm * (size_t)gpm + 1, sizeof *gs);
    char(*tcs)[16] = xcalloc((size_t)nm * (size_t)gpm + 1, sizeof *tcs);
    char(*labels)[8] = xcalloc((size_t)nm + 1, sizeof *labels);
    static const char *const KO[] = {"QF1", "QF2", "QF3", "QF4", "SF1", "SF2", "F"};
    int nf = 0, ngo = 0;
    for (int mi = 0; mi < nm; mi++) {
        int64_t first, second;
        int group = -1, round = 0;
        if (!league_match(l, stage, mi, &first, &second, &group, &round))
            continue;
        pleague_match_out *m = &fx[nf];
        int g2[2];
        m->done = league_match_score(l, stage, mi, &g2[0], &g2[1]);
        if (stage == LEAGUE_STAGE_GROUPS)
            snprintf(labels[nf], sizeof labels[nf], "%s%d",
                     group >= 0 && group < 8 ? GN[group] : "?", round);
        else
            snprintf(labels[nf], sizeof labels[nf], "%s", mi < 7 ? KO[mi] : "?");
        *m =
            (pleague_match_out){mi + 1,  labels[nf],      stage == LEAGUE_STAGE_GROUPS ? group : -1,
                                round,   {first, second}, {g2[0] / 2.0, g2[1] / 2.0},
                                m->done, &gs[ngo],        0};
        for (int gi = 0; gi < gpm; gi++) {
            tfmt_key k = {stage, mi, gi / cfg->boards, gi % cfg->boards};
            const league_game *g = league_game_get(l, k);
            if (!g)
                continue;
            int base_s, inc_s;
            chal_time_control(&g->c, &cfg->cr, &base_s, &inc_s);
            tc_text(tcs[ngo], sizeof tcs[ngo], base_s, inc_s);
            bool open = g->c.state == CHAL_PROPOSED && g->res == BH_RES_NONE;
            bool present[2] = {false, false};
            int64_t forfeit_ms = 0;
            league_phase ph = game_phase(h, e, g, now_us, present, &forfeit_ms);
            int j = ngo++;
            gs[j] = (pleague_game_out){.board = k.board + 1,
                                       .game = k.game + 1,
                                       .team = {g->team[0], g->team[1]},
                                       .player = {g->c.player[0], g->c.player[1]},
                                       .sender = g->c.sender == CHAL_WHITE ? "white" : "black",
                                       .state = chal_state_name(g),
                                       .phase = league_phase_name(ph),
                                       .present = {present[0], present[1]},
                                       .forfeit_ms = forfeit_ms,
                                       .challenge = g->c.stage ? g->c.stage : 1,
                                       .turn = open ? (g->c.turn == CHAL_WHITE ? "white" : "black")
                                                    : NULL,
                                       .deadline_ms = open ? g->c.deadline_us / 1000 : 0,
                                       .proposal_ms = open ? g->c.proposal_us / 1000 : 0,
                                       .start_ms = g->c.start_us / 1000,
                                       .want_alt = {g->c.want_alt[0], g->c.want_alt[1]},
                                       .tc = tcs[j],
                                       .subs = g->c.subs[0] + g->c.subs[1],
                                       .extensions = g->c.extensions,
                                       .result = bh_result_token(g->res),
                                       .game_id = g->created ? hub__event_gid(e, k) : 0};
            m->n++;
        }
        nf++;
    }
    /* the bracket */
    const bracket *kb = league_bracket(l);
    pleague_ko ko[BRACKET_MATCHES];
    int nk = 0;
    int64_t winner = 0;
    static const char *const BY[] = {"open", "points", "rating", "lot_due", "lot"};
    for (int mi = kb ? (kb->groups == 4 ? BRACKET_QF1 : BRACKET_SF1) : BRACKET_MATCHES;
         mi < BRACKET_MATCHES; mi++) {
        const bracket_match *m = &kb->m[mi];
        pleague_ko *k = &ko[nk++];
        *k = (pleague_ko){
            KO[mi],
            {m->team[0] ? league_team_id(l, m->team[0]) : 0,
             m->team[1] ? league_team_id(l, m->team[1]) : 0},
            {rating_avg(&m->rating[0]), rating_avg(&m->rating[1])},
            {m->gp2[0] / 2.0, m->gp2[1] / 2.0},
            m->winner >= 0 && m->team[m->winner] ? league_team_id(l, m->team[m->winner]) : 0,
            m->by <= BRACKET_BY_LOT ? BY[m->by] : "?"};
        if (mi == BRACKET_FINAL)
            winner = k->winner;
    }
    char tc[16], alt[16];
    tc_text(tc, sizeof tc, cfg->cr.base_s, cfg->cr.inc_s);
    tc_text(alt, sizeof alt, cfg->cr.alt_base_s, cfg->cr.alt_inc_s);
    pleague_snapshot s = {.league = hub__event_id(e),
                          .name = cfg->name,
                          .status = status_name(league_status(l)),
                          .stage = proto_league_stage_name(stage),
                          .boards = cfg->boards,
                          .teams_max = cfg->teams,
                          .groups_n = cfg->groups,
                          .first_valid_ms = cfg->cr.first_valid_us / 1000,
                          .second_valid_ms = cfg->cr.second_valid_us / 1000,
                          .tc = tc,
                          .alt_tc = alt,
                          .wait_s = cfg->wait_s,
                          .server_ms = now_wall_ms(),
                          .teams = teams,
                          .nt = nt,
                          .groups = groups,
                          .ng = ng,
                          .fixtures = fx,
                          .nf = nf,
                          .bracket = ko,
                          .nk = nk,
                          .winner = winner};
    char *out = proto_league_enc(has_id, msg_id, &s);
    free(labels);
    free(tcs);
    free(gs);
    free(fx);
    free(rows);
    free(groups);
    free(pl);
    free(teams);
    return out;
}

/* ---- the format's hub side (hub_event.h) -------------------------------------------------- */

static char *fmt_enc(hub *h, hub_event *e, uint64_t now_us)
{
    return enc(h, e, false, 0, now_us);
}

static const char *player_name(const league *l, int64_t team, int player)
{
    const roster *r = league_team_roster(l, league_team_tid(l, team));
    int k = r ? roster_find(r, player) : -1;
    return k >= 0 ? r->p[k].name : "";
}

static const char *fmt_seat_name(hub *h, hub_event *e, const tfmt_act *x, int seat)
{
    (void)h;
    return seat < 2 ? player_name(league_of(e), x->create.team[seat], x->create.player[seat]) : "";
}

static bool fmt_game_names(hub *h, hub_event *e, tfmt_key k, const char **event,
                           const char *teams[2])
{
    (void)h;
    const league *l = league_of(e);
    const league_game *g = league_game_get(l, k);
    if (!g)
        return false;
    *event = league_config_get(l)->name;
    for (int i = 0; i < 2; i++)
        teams[i] = league_team_name(l, league_team_tid(l, g->team[i]));
    return true;
}

static const char *note_name(int note)
{
    static const char *const NOTE[] = {"send",        "proposed", "agreed",   "lapsed", "subst",
                                       "substituted", "forfeit",  "extended", "tc"};
    return note == LEAGUE_N_GAME ? "game" : note >= 0 && note <= LEAGUE_N_TC ? NOTE[note] : "?";
}

static pleague_notice wire_notice(const store_notice *n)
{
    bool is_game = n->note == LEAGUE_N_GAME;
    return (pleague_notice){n->seq,
                            n->player,
                            note_name(n->note),
                            {n->stage, n->match, n->game_no, n->board},
                            n->at_us / 1000,
                            n->deadline_us / 1000,
                            n->game,
                            is_game ? n->seat : -1,
                            NULL,
                            n->made_ms};
}

/* Notice n of league `league` to its player's connections still open; a game's notice with
 * the seat's player token (the player's alone: only his league token's connections get it;
 * hub__seat_token gives the same token each time and adds no row). */
static void push_notice(hub *h, int64_t lid, const store_notice *n)
{
    hub_leagues *ls = h->leagues_;
    char tok[AUTH_TOKEN_LEN + 1];
    pleague_notice p = wire_notice(n);
    hub_blob *msg = NULL; /* one buffer for the player's connections */
    for (int i = 0; ls && i < ls->n;) {
        hlsub *x = &ls->v[i];
        if (!hub__sess_find(h, x->conn)) { /* closed */
            ls->v[i] = ls->v[--ls->n];
            continue;
        }
        if (x->league == lid && x->player == n->player) {
            if (!msg) {
                if (p.game_id && p.seat >= 0 && hub__seat_token(h, p.game_id, p.seat, tok) == BH_OK)
                    p.token = tok;
                msg = hub__blob_new(proto_league_enc_notice(lid, &p));
            }
            hub__queue_blob(h, x->conn, msg);
        }
        i++;
    }
    hub__blob_unref(msg);
}

/* NOTICE (league.h's LEAGUE_N_*, league_fmt.h's LEAGUE_N_GAME after its CREATE_GAME): the next seq
 * of the league's feed, stored in the turn's transaction, pushed. */
static void fmt_act(hub *h, hub_event *e, tfmt_act *x, uint64_t now_us)
{
    int64_t lid = hub__event_id(e), seq = 0;
    if (x->kind == LEAGUE_ACT_LOT_DUE || x->kind == LEAGUE_ACT_STAGE_OVER) {
        if (x->kind == LEAGUE_ACT_LOT_DUE)
            log_info("hub: league %lld: knockout match %d drawn between equal team ratings: the "
                     "lot is due",
                     (long long)lid, x->key.match + 1);
        else
            log_info("hub: league %lld: %s is over", (long long)lid,
                     league_stage_name(x->own.code));
        hub__event_push(h, e, now_us);
        return;
    }
    if (x->kind != TFMT_ACT_NOTICE) {
        log_error("hub: league %lld: action %d not carried out", (long long)lid, x->kind);
        return;
    }
    int64_t gid = 0;
    int seat = -1;
    if (x->notice.note == LEAGUE_N_GAME) {
        const league_game *g = league_game_get(league_of(e), x->key);
        gid = hub__event_gid(e, x->key);
        seat = g && g->c.player[1] == x->notice.to ? 1 : 0;
    }
    if (store_notice_last(h->st, lid, &seq) != BH_OK)
        h->store_failed = true;
    store_notice n = {lid,
                      seq + 1,
                      x->notice.to,
                      x->notice.note,
                      x->key.round,
                      x->key.match,
                      x->key.game,
                      x->key.board,
                      (int64_t)x->notice.at_us,
                      (int64_t)x->notice.deadline_us,
                      gid,
                      seat,
                      now_wall_ms()};
    if (store_notice_add(h->st, &n) != BH_OK)
        h->store_failed = true;
    push_notice(h, lid, &n);
}

/* hub_fmt.game_changed: a game's phase or presence changed (its clocks started; a seat came or
 * went while it waits): the snapshot goes out again. */
static void fmt_game_changed(hub *h, hub_event *e, const hub_game *hg)
{
    (void)hg;
    hub__event_push(h, e, now_mono_us());
}

const hub_fmt hub__league_fmt = {
    .core = &tfmt_league,
    .label = "league",
    .enc = fmt_enc,
    .seat_name = fmt_seat_name,
    .act = fmt_act,
    .game_names = fmt_game_names,
    .game_changed = fmt_game_changed,
};

/* ---- commands ----------------------------------------------------------------------------- */

/* The wire's name (proto_league.h) of a field the core names by its own: a refusal names
 * what the client sent. The one that differs and that the wire can reach is chal.h's
 * "proposal", the start_ms of league_send and league_counter (league.h's first_valid_us and
 * second_valid_us cannot fail: proto_league.c takes only validities of 1 ms and more). */
static const char *wire_field(const char *core)
{
    return core && strcmp(core, "proposal") == 0 ? "start_ms" : core;
}

static void refuse(hub *h, uint64_t conn, int64_t id, int rc, const refusal *why)
{
    hub__queue(h, conn,
               proto_club_enc_error(true, id, rc, why ? wire_field(why->field) : NULL,
                                    why ? why->rule : NULL));
}

static void ack(hub *h, uint64_t conn, int64_t id)
{
    hub__queue(h, conn, proto_enc_ack(id, -1, 0, 0, 0));
}

static void do_create(hub *h, hub_sess *s, const pleague_msg *m)
{
    const pleague_create *c = &m->create;
    league_config cfg;
    league_config_default(&cfg);
    snprintf(cfg.name, sizeof cfg.name, "%s", c->name);
    if (c->ruleset[0])
        snprintf(cfg.ruleset, sizeof cfg.ruleset, "%s", c->ruleset);
    if (c->teams > 0)
        cfg.teams = c->teams;
    if (c->groups > 0)
        cfg.groups = c->groups;
    if (c->boards > 0)
        cfg.boards = c->boards;
    if (c->max_invited >= 0)
        cfg.max_invited = c->max_invited;
    else if (cfg.max_invited > cfg.boards) /* seed 003's 3, as far as the boards go */
        cfg.max_invited = cfg.boards;
    if (c->rating_date > 0)
        cfg.rating_date = c->rating_date;
    if (c->wait_s >= 0)
        cfg.wait_s = (uint32_t)c->wait_s;
    if (c->first_valid_ms > 0)
        cfg.cr.first_valid_us = c->first_valid_ms * 1000;
    if (c->second_valid_ms > 0)
        cfg.cr.second_valid_us = c->second_valid_ms * 1000;
    if (c->base_s > 0)
        cfg.cr.base_s = c->base_s;
    if (c->inc_s >= 0)
        cfg.cr.inc_s = c->inc_s;
    if (c->alt_base_s > 0)
        cfg.cr.alt_base_s = c->alt_base_s;
    if (c->alt_inc_s >= 0)
        cfg.cr.alt_inc_s = c->alt_inc_s;
    refusal why = {NULL, NULL, -1};
    int rc = league_config_check(&cfg, &why);
    game_rules gr;
    if (rc == BH_OK && game_rules_by_name(cfg.ruleset, &gr) != BH_OK)
        rc = refusal_set(&why, BH_ENOTFOUND, "F-CHESS", "ruleset", -1);
    if (rc != BH_OK) {
        refuse(h, s->conn, m->id, rc, &why);
        return;
    }
    int64_t id;
    if (hub__event_create(h, cfg.name, &id) != BH_OK) {
        hub__error(h, s->conn, true, m->id, BH_ESTORE, NULL);
        return;
    }
    hub_event *e = hub__event_add(h, id, &hub__league_fmt, league_new(id, &cfg));
    hub__event_subscribe(h, e, s->conn);
    hub__event_persist(h, e);
    log_info("hub: league %lld \"%s\": %d teams, %d groups, %d boards, challenges %lld + %lld ms",
             (long long)id, cfg.name, cfg.teams, cfg.groups, cfg.boards,
             (long long)(cfg.cr.first_valid_us / 1000), (long long)(cfg.cr.second_valid_us / 1000));
    hub__queue(h, s->conn, proto_club_enc_created(m->id, "league", id, NULL));
}

/* Is player on a roster of league l already (and so holds a league token)? */
static bool on_a_roster(const league *l, int player)
{
    for (int t = 1; t <= league_n_teams(l); t++)
        if (roster_find(league_team_roster(l, t), player) >= 0)
            return true;
    return false;
}

/* Mint the league tokens of roster r's players marked fresh (role "league", ref the league,
 * seat the player id) and reply created with them. */
static void reply_tokens(hub *h, hub_sess *s, int64_t id, int64_t lid, int64_t team,
                         const roster *r, const bool *fresh)
{
    char tok[ROSTER_MAX][AUTH_TOKEN_LEN + 1];
    const char *tv[ROSTER_MAX];
    int ids[ROSTER_MAX], n = 0;
    for (int i = 0; i < r->n; i++) {
        if (!fresh[i])
            continue;
        if (hub__token_new(h, "league", lid, r->p[i].id, tok[n]) != BH_OK) {
            h->store_failed = true;
            hub__error(h, s->conn, true, id, BH_ESTORE, NULL);
            return;
        }
        ids[n] = r->p[i].id;
        tv[n] = tok[n];
        n++;
    }
    hub__queue(h, s->conn, proto_league_enc_team(id, team, ids, tv, n));
}

static void do_team(hub *h, hub_sess *s, hub_event *e, const pleague_msg *m, uint64_t now_us)
{
    league *l = league_of(e);
    int64_t lid = hub__event_id(e);
    roster r;
    refusal why = {NULL, NULL, -1};
    int rc = hub__event_roster(m->team.players, m->team.n_players, &r, &why);
    int k = rc == BH_OK ? roster_find(&r, m->team.captain) : 0;
    /* league_add_team decides; the team id it needs comes from the store, so it is tried first
     * on a copy of the league (a refusal stores and mints nothing). */
    if (rc == BH_OK) {
        char *text = league_save(l);
        league *probe = NULL;
        rc = league_load(lid, text, &probe, NULL);
        if (rc == BH_OK)
            rc = league_add_team(probe, INT64_MAX, m->team.name, &r, m->team.captain, &why);
        league_free(probe);
        free(text);
    }
    if (rc != BH_OK) {
        refuse(h, s->conn, m->id, rc, &why);
        return;
    }
    int64_t team = 0;
    if (store_team_add(h->st, lid, m->team.name, r.p[k].name, "", &team) != BH_OK ||
        league_add_team(l, team, m->team.name, &r, m->team.captain, &why) != BH_OK) {
        h->store_failed = true;
        hub__error(h, s->conn, true, m->id, BH_ESTORE, NULL);
        return;
    }
    hub__team_add(h, team, lid, m->team.name, r.p[k].name, "");
    hub__event_persist(h, e);
    bool fresh[ROSTER_MAX];
    for (int i = 0; i < r.n; i++)
        fresh[i] = true;
    reply_tokens(h, s, m->id, lid, team, &r, fresh);
    hub__event_push(h, e, now_us);
}

/* Every league token of the roster players of r not on new (NULL: of all of r) revoked: a
 * player who left a roster, or whose team left the league, reads and answers nothing more. */
static void revoke_left(hub *h, int64_t lid, const roster *r, const roster *now)
{
    for (int i = 0; i < r->n; i++)
        if ((!now || roster_find(now, r->p[i].id) < 0) &&
            store_token_revoke(h->st, "league", lid, r->p[i].id) != BH_OK)
            h->store_failed = true;
}

/* league_team_remove: the team leaves in registration; its players' tokens are revoked. */
static void do_remove(hub *h, hub_sess *s, hub_event *e, const pleague_msg *m, uint64_t now_us)
{
    league *l = league_of(e);
    int tid = league_team_tid(l, m->team.team);
    roster gone = tid ? *league_team_roster(l, tid) : (roster){0};
    refusal why = {NULL, NULL, -1};
    int rc = league_remove_team(l, m->team.team, &why);
    if (rc != BH_OK) {
        refuse(h, s->conn, m->id, rc, &why);
        return;
    }
    revoke_left(h, hub__event_id(e), &gone, NULL);
    hub__event_persist(h, e);
    hub__queue(h, s->conn, proto_enc_ack(m->id, -1, 0, 0, 0));
    hub__event_push(h, e, now_us);
}

static void do_roster(hub *h, hub_sess *s, hub_event *e, const pleague_msg *m, uint64_t now_us)
{
    league *l = league_of(e);
    roster r;
    refusal why = {NULL, NULL, -1};
    int rc = hub__event_roster(m->team.players, m->team.n_players, &r, &why);
    bool was[ROSTER_MAX]; /* by the message's order */
    for (int i = 0; rc == BH_OK && i < r.n; i++)
        was[i] = on_a_roster(l, r.p[i].id);
    int tid = league_team_tid(l, m->team.team);
    roster before = tid ? *league_team_roster(l, tid) : (roster){0};
    if (rc == BH_OK)
        rc = league_set_roster(l, m->team.team, &r, &why);
    if (rc != BH_OK) {
        refuse(h, s->conn, m->id, rc, &why);
        return;
    }
    revoke_left(h, hub__event_id(e), &before, &r);
    const roster *now = league_team_roster(l, league_team_tid(l, m->team.team));
    bool fresh[ROSTER_MAX]; /* by the stored (rating) order */
    for (int i = 0; i < now->n; i++) {
        fresh[i] = false;
        for (int j = 0; j < r.n; j++)
            if (r.p[j].id == now->p[i].id)
                fresh[i] = !was[j];
    }
    hub__event_persist(h, e);
    reply_tokens(h, s, m->id, hub__event_id(e), m->team.team, now, fresh);
    hub__event_push(h, e, now_us);
}

/* The roster player a league token names (role "league", ref = this league, seat = the
 * player id): > 0, or 0 for a token that is not one of this league's. */
static int token_player(hub *h, int64_t lid, const char *token)
{
    int seat;
    return hub__event_token(h, lid, "league", token, &seat) && seat > 0 ? seat : 0;
}

/* The director's result of a game: the league decides; a hosted game still played or waiting for
 * its players ends with it (a waiting one starts first, as the executor's END_GAME does, so
 * that its record is a game with that result); its end then comes back to the league as a game
 * already decided, and is ignored. */
static int director_result(hub *h, hub_event *e, tfmt_key k, const char *res, int64_t now,
                           tfmt_acts *a, refusal *why, uint64_t now_us)
{
    int code = bh_result_decided(res);
    int rc = league_director_result(league_of(e), k, (bh_result)code, now, a, why);
    hub_game *hg = rc == BH_OK ? hub__game_by_id(h, hub__event_gid(e, k)) : NULL;
    if (hg && hg->status == STORE_WAITING)
        hub__game_start(h, hg, now_us);
    if (hg && hg->status == STORE_LIVE)
        hub__game_set_result(h, hg, bh_result_token(bh_result_plain((bh_result)code)), "director",
                             "director", "league page", now_us);
    return rc;
}

static void do_cmd(hub *h, hub_sess *s, hub_event *e, const pleague_msg *m, uint64_t now_us)
{
    league *l = league_of(e);
    int64_t now = (int64_t)hub__event_now(h, e, now_us);
    tfmt_acts a;
    tfmt_acts_init(&a);
    refusal why = {NULL, NULL, -1};
    int rc = BH_OK, actor = 0;
    const pleague_game *g = &m->game;
    tfmt_key k = {g->key.stage, g->key.match, g->key.game, g->key.board};
    bool by_token = m->type == PLEAGUE_SEND || m->type == PLEAGUE_ACCEPT ||
                    m->type == PLEAGUE_COUNTER || m->type == PLEAGUE_TC ||
                    m->type == PLEAGUE_SUBSTITUTE;
    if (by_token && !(actor = token_player(h, hub__event_id(e), g->token))) {
        hub__error(h, s->conn, true, m->id, BH_EAUTH, "token");
        return;
    }
    if (by_token)
        subscribe_player(h, hub__event_id(e), s->conn, actor);
    switch (m->type) {
    case PLEAGUE_START: rc = league_start(l, now, &a, &why); break;
    case PLEAGUE_STAGE_START: rc = league_stage_start(l, now, &a, &why); break;
    case PLEAGUE_SEND: rc = league_send(l, k, actor, g->start_ms * 1000, now, &a, &why); break;
    case PLEAGUE_ACCEPT: rc = league_accept(l, k, actor, now, &a, &why); break;
    case PLEAGUE_COUNTER:
        rc = league_counter(l, k, actor, g->start_ms * 1000, now, &a, &why);
        break;
    case PLEAGUE_TC: rc = league_agree_tc(l, k, actor, g->want, now, &a, &why); break;
    case PLEAGUE_SUBSTITUTE: rc = league_substitute(l, k, actor, g->player, now, &a, &why); break;
    case PLEAGUE_EXTEND: rc = league_extend(l, k, g->deadline_ms * 1000, now, &a, &why); break;
    case PLEAGUE_RESULT: rc = director_result(h, e, k, g->result, now, &a, &why, now_us); break;
    case PLEAGUE_LOT: rc = league_lot(l, m->lot.match, m->lot.winner, now, &a, &why); break;
    default: rc = BH_ETYPE; break;
    }
    /* A refusal changes nothing but the time applied (league.h): what fell due is carried out. */
    hub__event_run(h, e, &a, now_us);
    if (rc != BH_OK)
        refuse(h, s->conn, m->id, rc, &why);
    else
        ack(h, s->conn, m->id);
}

typedef struct {
    pleague_notice *v;
    int n, cap;
} notices_ctx;

static int keep_notice(void *ctx, const store_notice *n)
{
    notices_ctx *c = ctx;
    BH_GROW(c->v, c->n, c->cap);
    c->v[c->n++] = wire_notice(n);
    return 0;
}

/* league_notices: the player's feed since m->notices.since; a game's notice carries the
 * seat's player token. The connection gets his next notices pushed. */
static void do_notices(hub *h, hub_sess *s, hub_event *e, const pleague_msg *m)
{
    int64_t lid = hub__event_id(e), last = 0;
    int player = token_player(h, lid, m->notices.token);
    if (!player) {
        hub__error(h, s->conn, true, m->id, BH_EAUTH, "token");
        return;
    }
    subscribe_player(h, lid, s->conn, player);
    notices_ctx c = {NULL, 0, 0};
    if (store_each_notice(h->st, lid, player, m->notices.since, keep_notice, &c) != BH_OK ||
        store_notice_last(h->st, lid, &last) != BH_OK) {
        hub__error(h, s->conn, true, m->id, BH_ESTORE, NULL);
        free(c.v);
        return;
    }
    char(*tok)[AUTH_TOKEN_LEN + 1] = xcalloc((size_t)c.n + 1, sizeof *tok);
    for (int i = 0; i < c.n; i++)
        if (c.v[i].game_id && c.v[i].seat >= 0 &&
            hub__seat_token(h, c.v[i].game_id, c.v[i].seat, tok[i]) == BH_OK)
            c.v[i].token = tok[i];
    hub__queue(h, s->conn, proto_league_enc_notices(m->id, lid, player, c.v, c.n, last));
    free(tok);
    free(c.v);
}

static void do_export(hub *h, hub_sess *s, hub_event *e, const pleague_msg *m, uint64_t now_us)
{
    const league *l = league_of(e);
    char *text = strcmp(m->what, "tables") == 0    ? league_tables_text(l)
                 : strcmp(m->what, "bracket") == 0 ? league_bracket_text(l)
                 : strcmp(m->what, "trf") == 0     ? league_trf_stage(l, LEAGUE_STAGE_GROUPS)
                 : strcmp(m->what, "trf_qf") == 0  ? league_trf_stage(l, LEAGUE_STAGE_QF)
                 : strcmp(m->what, "trf_sf") == 0  ? league_trf_stage(l, LEAGUE_STAGE_SF)
                 : strcmp(m->what, "trf_final") == 0
                     ? league_trf_stage(l, LEAGUE_STAGE_FINAL)
                     : league_fixtures_text(l, (int64_t)hub__event_now(h, e, now_us));
    hub__queue(h, s->conn, proto_club_enc_text(m->id, m->what, text));
    free(text);
}

void hub__league_msg(hub *h, hub_sess *s, const pleague_msg *m, uint64_t now_us)
{
    if (m->type == PLEAGUE_CREATE) {
        do_create(h, s, m);
        return;
    }
    hub_event *e = hub__event_find_fmt(h, m->league, &hub__league_fmt);
    if (!e) {
        hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "league");
        return;
    }
    hub__event_subscribe(h, e, s->conn);
    switch (m->type) {
    case PLEAGUE_TEAM: do_team(h, s, e, m, now_us); break;
    case PLEAGUE_ROSTER: do_roster(h, s, e, m, now_us); break;
    case PLEAGUE_TEAM_REMOVE: do_remove(h, s, e, m, now_us); break;
    case PLEAGUE_GET: hub__queue(h, s->conn, enc(h, e, true, m->id, now_us)); break;
    case PLEAGUE_NOTICES: do_notices(h, s, e, m); break;
    case PLEAGUE_EXPORT: do_export(h, s, e, m, now_us); break;
    default: do_cmd(h, s, e, m, now_us); break;
    }
}

/* ---- the calendar feed (hub_on_http) ------------------------------------------------------ */

void hub__league_feed(hub *h, int64_t lid, int player, bool json, uint64_t now_us,
                      hub_http_reply *r)
{
    hub_event *e = hub__event_find_fmt(h, lid, &hub__league_fmt);
    r->status = 404;
    if (!e)
        return;
    const league *l = league_of(e);
    int64_t now = (int64_t)hub__event_now(h, e, now_us);
    const char *site = h->cfg.site[0] && h->cfg.site[0] != '?' ? h->cfg.site : NULL;
    char host[65] = "";
    /* the uid's host: the site's letters, digits, dots and hyphens (a Site may be a place) */
    for (size_t i = 0, k = 0; site && site[i] && k + 1 < sizeof host; i++) {
        char c = site[i];
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
            c == '.' || c == '-')
            host[k++] = c;
        host[k] = 0;
    }
    if (!json) {
        char *text = NULL;
        if (league_calendar_ics(l, player, now, host, &text) != BH_OK)
            return;
        *r = (hub_http_reply){200, "text/calendar; charset=utf-8", text, strlen(text)};
        return;
    }
    league_cal_event ev[LEAGUE_CAL_MAX];
    int n = league_player_calendar(l, player, ev, LEAGUE_CAL_MAX);
    if (n < 0)
        return;
    if (n > LEAGUE_CAL_MAX)
        n = LEAGUE_CAL_MAX;
    pleague_cal v[LEAGUE_CAL_MAX];
    char uid[LEAGUE_CAL_MAX][LEAGUE_CAL_UID_MAX];
    for (int i = 0; i < n; i++) {
        const league_cal_event *x = &ev[i];
        if (league_cal_uid(lid, x, host, uid[i], sizeof uid[i]) != BH_OK)
            league_cal_uid(lid, x, NULL, uid[i], sizeof uid[i]);
        v[i] = (pleague_cal){.uid = uid[i],
                             .kind = x->kind == LEAGUE_CAL_START ? "start" : "deadline",
                             .at_ms = x->at_us / 1000,
                             .end_ms =
                                 x->kind == LEAGUE_CAL_START ? (x->at_us + x->length_us) / 1000 : 0,
                             .key = {x->key.round, x->key.match, x->key.game, x->key.board},
                             .label = x->label,
                             .challenge = x->challenge,
                             .to_answer = x->to_answer,
                             .opponent = x->opponent,
                             .sequence = x->sequence,
                             .summary = x->summary};
    }
    const char *name = "";
    int64_t team = 0;
    for (int t = 1; t <= league_n_teams(l); t++) {
        const roster *ro = league_team_roster(l, t);
        int k = roster_find(ro, player);
        if (k >= 0) {
            name = ro->p[k].name;
            team = league_team_id(l, t);
        }
    }
    char *text = proto_league_enc_calendar(lid, player, name, team, now / 1000, v, n);
    *r = (hub_http_reply){200, "application/json; charset=utf-8", text, strlen(text)};
}
