/* hub_league.c: the team leagues of seed 003 (issue 16) in the server: the league_* messages
 * (proto_league.h) carried to the pure core (tourney/lg.h), which decides everything; the
 * hub checks who acts (a league token names one roster player: he acts only in his own
 * games, the captain substitutes), stores the league's state (store_league.h) and every
 * notice before any reply of the turn, hosts the agreed games and pushes.
 * SPDX-License-Identifier: MIT
 *
 * Two halves, so that the league moves onto the generic event seam (the format interface
 * and its one hub executor) by moving code, not rewriting it:
 *  - the format (fmt_*): the league's operations over lg.h: save, the next instant, the
 *    time, a game's end, each returning lg_acts;
 *  - the executor (exec_*): carries out lg_acts: CREATE_GAME a hosted chess game (F-CHESS,
 *    hub_chess.c) with the players, colours and agreed time control behind the T-WAIT gate
 *    (wait_s: both present start the clocks, an absent player loses); NOTICE a row of the
 *    player's feed (store_league.h) and a push to his connections; PERSIST lg_save's text;
 *    STAGE, STANDINGS, LOT_DUE, STAGE_OVER, FINISH a snapshot push and a log line; one timer
 *    per league from lg_next_instant.
 *
 * The clock. lg's deadlines run for days across restarts, so its clock is the wall clock (µs
 * since the epoch, stored as they are); the hub's timers are monotonic. The executor reads
 * the wall clock (now.h) at each turn and arms the hub's timer at the monotonic instant
 * that lies as far ahead as the league's next wall instant. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auth.h"
#include "bh.h"
#include "hub_int.h"
#include "lg.h"
#include "log.h"
#include "now.h"
#include "proto_league.h"
#include "store_league.h"
#include "store_tour.h"

#define HLG_N_GAME 100 /* the hub's own notice: your game was created (game, seat, token) */

typedef struct {
    uint64_t conn;
    int player;
} hlsub;

typedef struct {
    int64_t id;
    lg *l;
    int64_t seq;    /* the feed's last notice */
    uint64_t *subs; /* connections that sent a message about this league: its pushes */
    int nsubs, capsubs;
    hlsub *psubs; /* connections that sent a player's token: his notices */
    int npsubs, cappsubs;
} hleague;

/* A hosted game: the hub game of league game key (stored in tour_games: round = stage,
 * match, game_no = game * 64 + board, team1 = White's team). */
typedef struct {
    int64_t league, game;
    runner_key key;
} hlgame;

struct hub_leagues {
    hleague *v;
    int n, cap;
    hlgame *g;
    int ng, capg;
};

static hub_leagues *leagues(hub *h)
{
    if (!h->leagues_)
        h->leagues_ = xcalloc(1, sizeof *h->leagues_);
    return h->leagues_;
}

static hleague *find(hub *h, int64_t id)
{
    hub_leagues *ls = leagues(h);
    for (int i = 0; i < ls->n; i++)
        if (ls->v[i].id == id)
            return &ls->v[i];
    return NULL;
}

static int64_t wall_us(void)
{
    return now_wall_ms() * 1000;
}

bool hub__league_has(hub *h, int64_t id)
{
    return find(h, id) != NULL;
}

static void subscribe(hleague *x, uint64_t conn)
{
    for (int i = 0; i < x->nsubs; i++)
        if (x->subs[i] == conn)
            return;
    BH_GROW(x->subs, x->nsubs, x->capsubs);
    x->subs[x->nsubs++] = conn;
}

static void subscribe_player(hleague *x, uint64_t conn, int player)
{
    for (int i = 0; i < x->npsubs; i++)
        if (x->psubs[i].conn == conn && x->psubs[i].player == player)
            return;
    BH_GROW(x->psubs, x->npsubs, x->cappsubs);
    x->psubs[x->npsubs++] = (hlsub){conn, player};
}

static hleague *add(hub *h, int64_t id, lg *l)
{
    hub_leagues *ls = leagues(h);
    BH_GROW(ls->v, ls->n, ls->cap);
    hleague *x = &ls->v[ls->n++];
    memset(x, 0, sizeof *x);
    x->id = id;
    x->l = l;
    return x;
}

void hub__league_free(hub *h)
{
    if (!h->leagues_)
        return;
    for (int i = 0; i < h->leagues_->n; i++) {
        lg_free(h->leagues_->v[i].l);
        free(h->leagues_->v[i].subs);
        free(h->leagues_->v[i].psubs);
    }
    free(h->leagues_->v);
    free(h->leagues_->g);
    free(h->leagues_);
    h->leagues_ = NULL;
}

/* ---- the format: the league's operations (lg.h) ----------------------------------------- */

static char *fmt_save(const hleague *x)
{
    return lg_save(x->l);
}

/* The next wall instant (µs) the league waits for, 0 none. */
static int64_t fmt_next(const hleague *x)
{
    int64_t at;
    return lg_next_instant(x->l, &at) ? (at > 0 ? at : 1) : 0;
}

static void fmt_on_time(hleague *x, int64_t now, lg_acts *a)
{
    lg_on_time(x->l, now, a);
}

/* The hosted game's end as lg_res: its result from White's side; a gate forfeit (T-WAIT:
 * reason "forfeit", "forfeit_both") is recorded as a forfeit, never as a game played. */
static lg_res res_of(const hub_game *hg)
{
    bool ff = strcmp(hg->reason, "forfeit") == 0 || strcmp(hg->reason, "forfeit_both") == 0;
    if (strcmp(hg->result, "1-0") == 0)
        return ff ? LG_FF_W : LG_1_0;
    if (strcmp(hg->result, "0-1") == 0)
        return ff ? LG_FF_B : LG_0_1;
    return ff ? LG_FF_BOTH : LG_DRAW;
}

static void fmt_game_over(hleague *x, runner_key k, const hub_game *hg, int64_t now, lg_acts *a)
{
    refusal why = {NULL, NULL, -1};
    if (lg_game_over(x->l, k, res_of(hg), now, a, &why) != BH_OK) /* decided: the director's */
        log_info("hub: league %lld game %lld: its end is not the league's (%s)",
                 (long long)x->id, (long long)hg->id, why.field ? why.field : "");
}

/* ---- the snapshot ------------------------------------------------------------------------ */

static const char *const RES[LG_RES_N_] = {"*", "1-0", "1/2-1/2", "0-1", "+-", "-+", "--"};

static int res_code(const char *s)
{
    for (int i = LG_1_0; i < LG_RES_N_; i++)
        if (strcmp(s, RES[i]) == 0)
            return i;
    return -1;
}

static const char *status_name(int st)
{
    static const char *const n[] = {"registering", "running", "between", "finished"};
    return st >= 0 && st <= LG_FINISHED ? n[st] : "?";
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

static int64_t game_of_key(hub *h, int64_t league, runner_key k);

static const char *chal_state_name(const lg_game *g)
{
    static const char *const n[] = {"new", "proposed", "lapsed", "agreed", "started", "forfeit"};
    if (g->c.state == CHAL_FORFEIT)
        return "forfeit";
    if (g->res != LG_NONE)
        return "decided";
    return g->c.state < CHAL_STATE_N_ ? n[g->c.state] : "?";
}

static char *enc(hub *h, const hleague *x, bool has_id, int64_t msg_id)
{
    const lg *l = x->l;
    const lg_config *cfg = lg_config_get(l);
    int nt = lg_n_teams(l), stage = lg_stage(l);
    int rstage = stage ? stage : LG_STAGE_GROUPS;
    pleague_team_out *teams = xcalloc((size_t)nt + 1, sizeof *teams);
    pleague_player *pl = xcalloc((size_t)nt * ROSTER_MAX + 1, sizeof *pl);
    for (int t = 1; t <= nt; t++) {
        const roster *r = lg_team_roster(l, t);
        pleague_player *p = &pl[(t - 1) * ROSTER_MAX];
        for (int i = 0; i < r->n; i++)
            p[i] = (pleague_player){r->p[i].id, r->p[i].name, r->p[i].rating, r->p[i].invited};
        roster_rating rr = {0, 0, 0};
        if (!lg_team_rating(l, t, rstage, &rr))
            roster_team_rating(r, cfg->boards, &rr, NULL);
        teams[t - 1] = (pleague_team_out){lg_team_id(l, t), lg_team_name(l, t),
                                          lg_team_captain(l, t), rating_avg(&rr), p, r->n};
    }
    /* groups with their tables */
    const groups_draw *d = lg_draw(l);
    int ng = d ? d->g : 0;
    pleague_group *groups = xcalloc((size_t)ng + 1, sizeof *groups);
    pleague_row *rows = xcalloc((size_t)ng * GROUPS_MAX_S + 1, sizeof *rows);
    static const char *const GN[] = {"A", "B", "C", "D", "E", "F", "G", "H"};
    for (int g = 0; g < ng; g++) {
        lg_row lr[GROUPS_MAX_S];
        int n = lg_group_table(l, g, lr, GROUPS_MAX_S);
        pleague_row *pr = &rows[g * GROUPS_MAX_S];
        for (int i = 0; i < n; i++)
            pr[i] = (pleague_row){lr[i].place,  lr[i].number, lg_team_id(l, lr[i].tid),
                                  lr[i].played, lr[i].mp,     lr[i].gp2 / 2.0,
                                  rating_avg(&lr[i].rating)};
        double avg = d->s && d->board_n ? (double)d->sum[g] / (d->s * d->board_n) : 0;
        groups[g] = (pleague_group){GN[g], avg, pr, n > 0 ? n : 0};
    }
    /* the current stage's fixtures */
    int nm = stage ? lg_n_matches(l, stage) : 0;
    int gpm = stage ? lg_games_per_match(l, stage) : 0;
    pleague_match_out *fx = xcalloc((size_t)nm + 1, sizeof *fx);
    pleague_game_out *gs = xcalloc((size_t)nm * (size_t)gpm + 1, sizeof *gs);
    char(*tcs)[16] = xcalloc((size_t)nm * (size_t)gpm + 1, sizeof *tcs);
    char(*labels)[8] = xcalloc((size_t)nm + 1, sizeof *labels);
    static const char *const KO[] = {"QF1", "QF2", "QF3", "QF4", "SF1", "SF2", "F"};
    int nf = 0, ngo = 0;
    for (int mi = 0; mi < nm; mi++) {
        int64_t first, second;
        int group = -1, round = 0;
        if (!lg_match(l, stage, mi, &first, &second, &group, &round))
            continue;
        pleague_match_out *m = &fx[nf];
        int g2[2];
        m->done = lg_match_score(l, stage, mi, &g2[0], &g2[1]);
        if (stage == LG_STAGE_GROUPS)
            snprintf(labels[nf], sizeof labels[nf], "%s%d", group >= 0 && group < 8 ? GN[group] : "?",
                     round);
        else
            snprintf(labels[nf], sizeof labels[nf], "%s", mi < 7 ? KO[mi] : "?");
        *m = (pleague_match_out){mi + 1, labels[nf], stage == LG_STAGE_GROUPS ? group : -1, round,
                                 {first, second}, {g2[0] / 2.0, g2[1] / 2.0}, m->done,
                                 &gs[ngo], 0};
        for (int gi = 0; gi < gpm; gi++) {
            runner_key k = {stage, mi, gi / cfg->boards, gi % cfg->boards};
            const lg_game *g = lg_game_get(l, k);
            if (!g)
                continue;
            int base_s, inc_s;
            chal_time_control(&g->c, &cfg->cr, &base_s, &inc_s);
            tc_text(tcs[ngo], sizeof tcs[ngo], base_s, inc_s);
            bool open = g->c.state == CHAL_PROPOSED && g->res == LG_NONE;
            int j = ngo++;
            gs[j] = (pleague_game_out){
                .board = k.board + 1,
                .game = k.game + 1,
                .team = {g->team[0], g->team[1]},
                .player = {g->c.player[0], g->c.player[1]},
                .sender = g->c.sender == CHAL_WHITE ? "white" : "black",
                .state = chal_state_name(g),
                .challenge = g->c.stage ? g->c.stage : 1,
                .turn = open ? (g->c.turn == CHAL_WHITE ? "white" : "black") : NULL,
                .deadline_ms = open ? g->c.deadline_us / 1000 : 0,
                .proposal_ms = open ? g->c.proposal_us / 1000 : 0,
                .start_ms = g->c.start_us / 1000,
                .want_alt = {g->c.want_alt[0], g->c.want_alt[1]},
                .tc = tcs[j],
                .subs = g->c.subs[0] + g->c.subs[1],
                .extensions = g->c.extensions,
                .result = RES[g->res < LG_RES_N_ ? g->res : 0],
                .game_id = g->created ? game_of_key(h, x->id, k) : 0};
            m->n++;
        }
        nf++;
    }
    /* the bracket */
    const league_bracket *kb = lg_bracket(l);
    pleague_ko ko[LEAGUE_MATCHES];
    int nk = 0;
    int64_t winner = 0;
    static const char *const BY[] = {"open", "points", "rating", "lot_due", "lot"};
    for (int mi = kb ? (kb->groups == 4 ? LEAGUE_QF1 : LEAGUE_SF1) : LEAGUE_MATCHES;
         mi < LEAGUE_MATCHES; mi++) {
        const league_match *m = &kb->m[mi];
        pleague_ko *k = &ko[nk++];
        *k = (pleague_ko){KO[mi],
                          {m->team[0] ? lg_team_id(l, m->team[0]) : 0,
                           m->team[1] ? lg_team_id(l, m->team[1]) : 0},
                          {rating_avg(&m->rating[0]), rating_avg(&m->rating[1])},
                          {m->gp2[0] / 2.0, m->gp2[1] / 2.0},
                          m->winner >= 0 && m->team[m->winner] ? lg_team_id(l, m->team[m->winner])
                                                               : 0,
                          m->by <= LEAGUE_BY_LOT ? BY[m->by] : "?"};
        if (mi == LEAGUE_FINAL)
            winner = k->winner;
    }
    char tc[16], alt[16];
    tc_text(tc, sizeof tc, cfg->cr.base_s, cfg->cr.inc_s);
    tc_text(alt, sizeof alt, cfg->cr.alt_base_s, cfg->cr.alt_inc_s);
    pleague_snapshot s = {.league = x->id,
                          .name = cfg->name,
                          .status = status_name(lg_status(l)),
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

/* ---- the executor ------------------------------------------------------------------------ */

static hlgame *map_of_game(hub *h, int64_t gid)
{
    hub_leagues *ls = leagues(h);
    for (int i = 0; i < ls->ng; i++)
        if (ls->g[i].game == gid)
            return &ls->g[i];
    return NULL;
}

static int64_t game_of_key(hub *h, int64_t league, runner_key k)
{
    hub_leagues *ls = leagues(h);
    for (int i = 0; i < ls->ng; i++) {
        const hlgame *g = &ls->g[i];
        if (g->league == league && g->key.round == k.round && g->key.match == k.match &&
            g->key.game == k.game && g->key.board == k.board)
            return g->game;
    }
    return 0;
}

static void map_add(hub *h, int64_t league, int64_t gid, runner_key k)
{
    hub_leagues *ls = leagues(h);
    BH_GROW(ls->g, ls->ng, ls->capg);
    ls->g[ls->ng++] = (hlgame){league, gid, k};
}

static const char *player_name(const lg *l, int64_t team, int player)
{
    const roster *r = lg_team_roster(l, lg_team_tid(l, team));
    int k = r ? roster_find(r, player) : -1;
    return k >= 0 ? r->p[k].name : "";
}

static pleague_notice wire_notice(const store_notice *n);

/* Notice n (seq set) of league x to its player's connections: a game's notice with the seat's
 * token (the player's alone: only his league token's connections get it). */
static void push_notice(hub *h, hleague *x, const store_notice *n)
{
    char tok[AUTH_TOKEN_LEN + 1];
    pleague_notice p = wire_notice(n);
    if (p.game_id && p.seat >= 0 && hub__seat_token(h, p.game_id, p.seat, tok) == BH_OK)
        p.token = tok;
    char *msg = NULL;
    for (int i = 0; i < x->npsubs;) {
        if (!hub__sess_find(h, x->psubs[i].conn)) { /* closed */
            x->psubs[i] = x->psubs[--x->npsubs];
            continue;
        }
        if (x->psubs[i].player == n->player) {
            if (!msg)
                msg = proto_league_enc_notice(x->id, &p);
            hub__queue(h, x->psubs[i].conn, xstrdup(msg));
        }
        i++;
    }
    free(msg);
}

/* A notice for player `to` about game k: the next seq of the feed, stored, pushed. */
static void exec_notice(hub *h, hleague *x, int to, int note, runner_key k, int64_t at_us,
                        int64_t deadline_us, int64_t gid, int seat)
{
    store_notice n = {x->id,  ++x->seq,    to,  note,        k.round, k.match, k.game,
                      k.board, at_us,      deadline_us, gid, seat,    now_wall_ms()};
    if (store_notice_add(h->st, &n) != BH_OK)
        h->store_failed = true;
    push_notice(h, x, &n);
}

/* LG_ACT_CREATE_GAME: a chess game (F-CHESS) with the players, colours and agreed time
 * control, behind the T-WAIT gate (wait_s after now: both present start the clocks earlier;
 * an absent player loses by forfeit), its key stored, and a `game` notice to each player. */
static void exec_create(hub *h, hleague *x, const lg_act *a, uint64_t now_us)
{
    const lg_config *cfg = lg_config_get(x->l);
    store_game row = {.tournament = x->id,
                      .team1 = a->team[0],
                      .team2 = a->team[1],
                      .base_ms = a->base_ms,
                      .inc_ms = a->inc_ms,
                      .created_ms = now_wall_ms(),
                      .status = STORE_WAITING,
                      .names = {player_name(x->l, a->team[0], a->player[0]),
                                player_name(x->l, a->team[1], a->player[1]), "", ""},
                      .ruleset = a->ruleset[0] ? a->ruleset : cfg->ruleset,
                      .kind = GAME_KIND_CHESS};
    store_tgame tg = {0, x->id, a->key.round, a->key.match, a->key.game * 64 + a->key.board,
                      a->team[0]};
    int rc = store_game_add(h->st, &row, &row.id);
    tg.game = row.id;
    if (rc == BH_OK)
        rc = store_tgame_add(h->st, &tg);
    if (rc == BH_OK)
        rc = hub__game_load(h, &row, now_us);
    hub_game *hg = rc == BH_OK ? hub__game_by_id(h, row.id) : NULL;
    if (!hg) {
        h->store_failed = true;
        log_error("hub: league %lld: game %d.%d.%d.%d: no game (%s)", (long long)x->id,
                  a->key.round, a->key.match + 1, a->key.game + 1, a->key.board + 1,
                  bh_errname(rc));
        return;
    }
    map_add(h, x->id, row.id, a->key);
    log_info("hub: league %lld stage %d match %d game %d board %d: game %lld, %d (White) - %d, "
             "%u+%u ms",
             (long long)x->id, a->key.round, a->key.match + 1, a->key.game + 1,
             a->key.board + 1, (long long)row.id, a->player[0], a->player[1], a->base_ms,
             a->inc_ms);
    for (int seat = 0; seat < 2; seat++)
        exec_notice(h, x, a->player[seat], HLG_N_GAME, a->key, a->start_us, 0, row.id, seat);
    game_gate gt = {now_us, a->wait_s};
    hub__game_gate(h, hg, &gt, now_us);
}

static void persist(hub *h, const hleague *x)
{
    char *text = fmt_save(x);
    if (store_league_put(h->st, x->id, text) != BH_OK)
        h->store_failed = true;
    free(text);
}

/* The snapshot to every connection of the league still open. */
static void publish(hub *h, hleague *x)
{
    char *msg = enc(h, x, false, 0);
    for (int i = 0; i < x->nsubs;) {
        if (!hub__sess_find(h, x->subs[i])) { /* closed */
            x->subs[i] = x->subs[--x->nsubs];
            continue;
        }
        hub__queue(h, x->subs[i++], xstrdup(msg));
    }
    free(msg);
}

/* Carry out the core's actions (a): store, push, host. x may move (a CREATE_GAME does not add
 * leagues), so it is looked up by id once. */
static void exec_run(hub *h, int64_t id, lg_acts *a, uint64_t now_us)
{
    hleague *x = find(h, id);
    bool save = false;
    for (int i = 0; x && i < a->n; i++) {
        const lg_act *y = &a->v[i];
        switch (y->kind) {
        case LG_ACT_PERSIST: save = true; break;
        case LG_ACT_CREATE_GAME: exec_create(h, x, y, now_us); break;
        case LG_ACT_NOTICE:
            exec_notice(h, x, y->to, y->note, y->key, y->at_us, y->deadline_us, 0, -1);
            break;
        case LG_ACT_STAGE:
            log_info("hub: league %lld: stage %s began", (long long)id,
                     proto_league_stage_name(y->stage));
            break;
        case LG_ACT_STAGE_OVER:
            log_info("hub: league %lld: stage %s is over", (long long)id,
                     proto_league_stage_name(y->stage));
            break;
        case LG_ACT_LOT_DUE:
            log_info("hub: league %lld: match %d drawn between equal ratings: the lot is due",
                     (long long)id, y->key.match + 1);
            break;
        case LG_ACT_FINISH:
            log_info("hub: league %lld: finished, the winner is team %lld", (long long)id,
                     (long long)y->team[0]);
            break;
        default: break;
        }
    }
    if (x && save)
        persist(h, x);
    if (x && a->n)
        publish(h, x);
    lg_acts_fini(a);
}

/* ---- events from the hub ------------------------------------------------------------------ */

void hub__league_game_over(hub *h, hub_game *hg, uint64_t now_us)
{
    hlgame *g = map_of_game(h, hg->id);
    hleague *x = g ? find(h, g->league) : NULL;
    if (!x)
        return;
    int64_t id = x->id;
    lg_acts a;
    lg_acts_init(&a);
    fmt_game_over(x, g->key, hg, wall_us(), &a);
    exec_run(h, id, &a, now_us);
}

bool hub__league_game_info(hub *h, int64_t gid, const char **event, int *stage, int *match,
                           int *board, const char *teams[2])
{
    hlgame *g = map_of_game(h, gid);
    hleague *x = g ? find(h, g->league) : NULL;
    const lg_game *lgm = x ? lg_game_get(x->l, g->key) : NULL;
    if (!lgm)
        return false;
    *event = lg_config_get(x->l)->name;
    *stage = g->key.round;
    *match = g->key.match;
    *board = g->key.board;
    for (int i = 0; i < 2; i++)
        teams[i] = lg_team_name(x->l, lg_team_tid(x->l, lgm->team[i]));
    return true;
}

/* ---- commands ----------------------------------------------------------------------------- */

static void refuse(hub *h, uint64_t conn, int64_t id, int rc, const refusal *why)
{
    hub__queue(h, conn, proto_club_enc_error(true, id, rc, why ? why->field : NULL,
                                             why ? why->rule : NULL));
}

static void ack(hub *h, uint64_t conn, int64_t id)
{
    hub__queue(h, conn, proto_enc_ack(id, -1, 0, 0, 0));
}

static void do_create(hub *h, hub_sess *s, const pleague_msg *m)
{
    const pleague_create *c = &m->create;
    lg_config cfg;
    lg_config_seed003(&cfg);
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
    int rc = lg_config_check(&cfg, &why);
    game_rules gr;
    if (rc == BH_OK && game_rules_by_name(cfg.ruleset, &gr) != BH_OK)
        rc = refusal_set(&why, BH_ENOTFOUND, "F-CHESS", "ruleset", -1);
    if (rc != BH_OK) {
        refuse(h, s->conn, m->id, rc, &why);
        return;
    }
    int64_t id;
    if (store_tournament_add(h->st, cfg.name, now_wall_ms(), &id) != BH_OK) {
        h->store_failed = true;
        hub__error(h, s->conn, true, m->id, BH_ESTORE, NULL);
        return;
    }
    hleague *x = add(h, id, lg_new(id, &cfg));
    subscribe(x, s->conn);
    persist(h, x);
    log_info("hub: league %lld \"%s\": %d teams, %d groups, %d boards, challenges %lld + %lld ms",
             (long long)id, cfg.name, cfg.teams, cfg.groups, cfg.boards,
             (long long)(cfg.cr.first_valid_us / 1000), (long long)(cfg.cr.second_valid_us / 1000));
    hub__queue(h, s->conn, proto_club_enc_created(m->id, "league", id, NULL));
}

/* The roster of a league_team or league_roster message; BH_OK or a refusal naming
 * players[i]. */
static int roster_of(const pleague_team *t, roster *r, refusal *why)
{
    roster_init(r);
    for (int i = 0; i < t->n_players; i++) {
        const pleague_player_in *p = &t->players[i];
        int rc = roster_add(r, p->id, p->name, p->rating, p->invited, why);
        if (rc != BH_OK) {
            why->field = "players";
            why->index = i;
            return rc;
        }
    }
    return BH_OK;
}

/* Is player already holding a league token of league? (a roster change keeps the tokens) */
static bool has_token(hub *h, int64_t league, int player)
{
    for (int t = 1; t <= lg_n_teams(find(h, league)->l); t++) {
        const roster *r = lg_team_roster(find(h, league)->l, t);
        if (roster_find(r, player) >= 0)
            return true;
    }
    return false;
}

/* Mint the league tokens of roster r's players (those in `fresh`) and reply created. */
static void reply_tokens(hub *h, hub_sess *s, int64_t id, int64_t league, int64_t team,
                         const roster *r, const bool *fresh)
{
    char tok[ROSTER_MAX][AUTH_TOKEN_LEN + 1];
    const char *tv[ROSTER_MAX];
    int ids[ROSTER_MAX], n = 0;
    for (int i = 0; i < r->n; i++) {
        if (!fresh[i])
            continue;
        if (hub__token_new(h, "league", league, r->p[i].id, tok[n]) != BH_OK) {
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

static void do_team(hub *h, hub_sess *s, hleague *x, const pleague_msg *m)
{
    roster r;
    refusal why = {NULL, NULL, -1};
    int rc = roster_of(&m->team, &r, &why);
    if (rc == BH_OK && lg_status(x->l) != LG_REGISTERING)
        rc = refusal_set(&why, BH_ESTATE, "F-GROUPS", "tournament", -1);
    if (rc == BH_OK && lg_n_teams(x->l) >= lg_config_get(x->l)->teams)
        rc = refusal_set(&why, BH_ELIMIT, "F-GROUPS", "teams", -1);
    int k = rc == BH_OK ? roster_find(&r, m->team.captain) : 0;
    if (rc == BH_OK && k < 0)
        rc = refusal_set(&why, BH_ENOTFOUND, "F-CHALLENGE", "captain", -1);
    int64_t team = 0;
    /* lg_add_team decides the rest; the id it needs comes from the store, so a refusal is
     * tried first on a scratch copy of the league (nothing stored, nothing minted). */
    if (rc == BH_OK) {
        char *text = lg_save(x->l);
        lg *probe = NULL;
        if (lg_load(x->id, text, &probe, NULL) == BH_OK)
            rc = lg_add_team(probe, INT64_MAX, m->team.name, &r, m->team.captain, &why);
        lg_free(probe);
        free(text);
    }
    if (rc != BH_OK) {
        refuse(h, s->conn, m->id, rc, &why);
        return;
    }
    if (store_team_add(h->st, x->id, m->team.name, r.p[k].name, "", &team) != BH_OK) {
        h->store_failed = true;
        hub__error(h, s->conn, true, m->id, BH_ESTORE, NULL);
        return;
    }
    lg_add_team(x->l, team, m->team.name, &r, m->team.captain, NULL);
    BH_GROW(h->teams, h->nteams, h->capteams);
    hub_team *ht = &h->teams[h->nteams++];
    memset(ht, 0, sizeof *ht);
    ht->id = team;
    ht->tournament = x->id;
    snprintf(ht->name, sizeof ht->name, "%s", m->team.name);
    snprintf(ht->players[0], sizeof ht->players[0], "%s", r.p[k].name);
    persist(h, x);
    bool fresh[ROSTER_MAX];
    for (int i = 0; i < r.n; i++)
        fresh[i] = true;
    reply_tokens(h, s, m->id, x->id, team, &r, fresh);
    publish(h, x);
}

static void do_roster(hub *h, hub_sess *s, hleague *x, const pleague_msg *m)
{
    roster r;
    refusal why = {NULL, NULL, -1};
    int rc = roster_of(&m->team, &r, &why);
    bool fresh[ROSTER_MAX];
    for (int i = 0; rc == BH_OK && i < r.n; i++)
        fresh[i] = !has_token(h, x->id, r.p[i].id);
    if (rc == BH_OK)
        rc = lg_set_roster(x->l, m->team.team, &r, &why);
    if (rc != BH_OK) {
        refuse(h, s->conn, m->id, rc, &why);
        return;
    }
    const roster *now = lg_team_roster(x->l, lg_team_tid(x->l, m->team.team));
    bool fr[ROSTER_MAX]; /* in the stored (rating) order */
    for (int i = 0; i < now->n; i++) {
        fr[i] = false;
        for (int j = 0; j < r.n; j++)
            if (r.p[j].id == now->p[i].id)
                fr[i] = fresh[j];
    }
    persist(h, x);
    reply_tokens(h, s, m->id, x->id, m->team.team, now, fr);
    publish(h, x);
}

/* The roster player a league token names (role "league", ref = this league, seat = the
 * player id): > 0, or 0 for a token that is not one of this league's. */
static int token_player(hub *h, int64_t league, const char *token)
{
    char hash[AUTH_HASH_LEN + 1], role[16];
    int64_t ref;
    int seat;
    if (auth_hash(token, hash) != BH_OK ||
        store_token_find(h->st, hash, role, &ref, &seat) != BH_OK ||
        strcmp(role, "league") != 0 || ref != league || seat <= 0)
        return 0;
    return seat;
}

static void do_cmd(hub *h, hub_sess *s, hleague *x, const pleague_msg *m, uint64_t now_us)
{
    int64_t id = x->id, now = wall_us();
    lg_acts a;
    lg_acts_init(&a);
    refusal why = {NULL, NULL, -1};
    int rc = BH_OK, actor = 0;
    const pleague_game *g = &m->game;
    runner_key k = {g->key.stage, g->key.match, g->key.game, g->key.board};
    bool by_token = m->type == PLG_SEND || m->type == PLG_ACCEPT || m->type == PLG_COUNTER ||
                    m->type == PLG_TC || m->type == PLG_SUBSTITUTE;
    if (by_token && !(actor = token_player(h, x->id, g->token))) {
        lg_acts_fini(&a);
        hub__error(h, s->conn, true, m->id, BH_EAUTH, "token");
        return;
    }
    if (by_token)
        subscribe_player(x, s->conn, actor);
    switch (m->type) {
    case PLG_START: rc = lg_start(x->l, now, &a, &why); break;
    case PLG_STAGE_START: rc = lg_stage_start(x->l, now, &a, &why); break;
    case PLG_SEND: rc = lg_send(x->l, k, actor, g->start_ms * 1000, now, &a, &why); break;
    case PLG_ACCEPT: rc = lg_accept(x->l, k, actor, now, &a, &why); break;
    case PLG_COUNTER: rc = lg_counter(x->l, k, actor, g->start_ms * 1000, now, &a, &why); break;
    case PLG_TC: rc = lg_agree_tc(x->l, k, actor, g->want, now, &a, &why); break;
    case PLG_SUBSTITUTE: rc = lg_substitute(x->l, k, actor, g->player, now, &a, &why); break;
    case PLG_EXTEND: rc = lg_extend(x->l, k, g->deadline_ms * 1000, now, &a, &why); break;
    case PLG_RESULT: {
        rc = lg_director_result(x->l, k, (lg_res)res_code(g->result), now, &a, &why);
        int64_t gid = rc == BH_OK ? game_of_key(h, x->id, k) : 0;
        hub_game *hg = gid ? hub__game_by_id(h, gid) : NULL;
        if (hg && hg->status == STORE_LIVE) { /* the hosted game ends with it */
            int c = res_code(g->result);
            const char *r = c == LG_1_0 || c == LG_FF_W   ? "1-0"
                            : c == LG_0_1 || c == LG_FF_B ? "0-1"
                                                          : "1/2-1/2";
            hub__game_set_result(h, hg, r, "director", now_us);
        }
        break;
    }
    case PLG_LOT: rc = lg_lot(x->l, m->lot.match, m->lot.winner, now, &a, &why); break;
    default: rc = BH_ETYPE; break;
    }
    if (rc != BH_OK) {
        /* A refusal changes nothing but the time applied (lg.h): what fell due is done. */
        exec_run(h, id, &a, now_us);
        refuse(h, s->conn, m->id, rc, &why);
        return;
    }
    exec_run(h, id, &a, now_us);
    ack(h, s->conn, m->id);
}

typedef struct {
    pleague_notice *v;
    int n, cap;
} notices_ctx;

static const char *note_name(int note)
{
    static const char *const NOTE[] = {"send",  "proposed", "agreed", "lapsed", "subst",
                                       "substituted", "forfeit", "extended", "tc"};
    return note == HLG_N_GAME ? "game" : note >= 0 && note <= LG_N_TC ? NOTE[note] : "?";
}

static pleague_notice wire_notice(const store_notice *n)
{
    bool is_game = n->note == HLG_N_GAME;
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

static int keep_notice(void *ctx, const store_notice *n)
{
    notices_ctx *c = ctx;
    BH_GROW(c->v, c->n, c->cap);
    c->v[c->n++] = wire_notice(n);
    return 0;
}

/* league_notices: the player's feed since m->notices.since; a game's notice carries the
 * seat's player token (the player's own: hub__seat_token gives the same token each time). */
static void do_notices(hub *h, hub_sess *s, hleague *x, const pleague_msg *m)
{
    int player = token_player(h, x->id, m->notices.token);
    if (!player) {
        hub__error(h, s->conn, true, m->id, BH_EAUTH, "token");
        return;
    }
    subscribe_player(x, s->conn, player);
    notices_ctx c = {NULL, 0, 0};
    if (store_each_notice(h->st, x->id, player, m->notices.since, keep_notice, &c) != BH_OK) {
        hub__error(h, s->conn, true, m->id, BH_ESTORE, NULL);
        free(c.v);
        return;
    }
    char(*tok)[AUTH_TOKEN_LEN + 1] = xcalloc((size_t)c.n + 1, sizeof *tok);
    for (int i = 0; i < c.n; i++)
        if (c.v[i].game_id && c.v[i].seat >= 0 &&
            hub__seat_token(h, c.v[i].game_id, c.v[i].seat, tok[i]) == BH_OK)
            c.v[i].token = tok[i];
    hub__queue(h, s->conn, proto_league_enc_notices(m->id, x->id, player, c.v, c.n, x->seq));
    free(tok);
    free(c.v);
}

static void do_export(hub *h, hub_sess *s, hleague *x, const pleague_msg *m)
{
    char *text = strcmp(m->what, "tables") == 0    ? lg_tables_text(x->l)
                 : strcmp(m->what, "bracket") == 0 ? lg_bracket_text(x->l)
                 : strcmp(m->what, "trf") == 0     ? lg_trf_groups(x->l)
                                                   : lg_fixtures_text(x->l, wall_us());
    hub__queue(h, s->conn, proto_club_enc_text(m->id, m->what, text));
    free(text);
}

void hub__league_msg(hub *h, hub_sess *s, const pleague_msg *m, uint64_t now_us)
{
    if (m->type == PLG_CREATE) {
        do_create(h, s, m);
        return;
    }
    hleague *x = find(h, m->league);
    if (!x) {
        hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "league");
        return;
    }
    subscribe(x, s->conn);
    switch (m->type) {
    case PLG_TEAM: do_team(h, s, x, m); break;
    case PLG_ROSTER: do_roster(h, s, x, m); break;
    case PLG_GET: hub__queue(h, s->conn, enc(h, x, true, m->id)); break;
    case PLG_NOTICES: do_notices(h, s, x, m); break;
    case PLG_EXPORT: do_export(h, s, x, m); break;
    default: do_cmd(h, s, x, m, now_us); break;
    }
}

/* ---- time and loading --------------------------------------------------------------------- */

uint64_t hub__league_deadline(const hub *h)
{
    uint64_t at = 0;
    int64_t wall = 0;
    uint64_t mono = 0;
    for (int i = 0; h->leagues_ && i < h->leagues_->n; i++) {
        int64_t w = fmt_next(&h->leagues_->v[i]);
        if (!w)
            continue;
        if (!mono) {
            mono = now_mono_us();
            wall = wall_us();
        }
        uint64_t m = w <= wall ? mono : mono + (uint64_t)(w - wall);
        if (!at || m < at)
            at = m ? m : 1;
    }
    return at;
}

void hub__league_timers(hub *h, uint64_t now_us)
{
    int64_t now = wall_us();
    for (int i = 0; h->leagues_ && i < h->leagues_->n; i++) {
        int64_t at = fmt_next(&h->leagues_->v[i]);
        if (!at || at > now)
            continue;
        lg_acts a;
        lg_acts_init(&a);
        fmt_on_time(&h->leagues_->v[i], now, &a);
        exec_run(h, h->leagues_->v[i].id, &a, now_us);
    }
}

typedef struct {
    hub *h;
    uint64_t now_us;
} load_ctx;

static int load_row(void *ctx, int64_t id, const char *state)
{
    load_ctx *lc = ctx;
    lg *l = NULL;
    int line = 0;
    if (lg_load(id, state, &l, &line) != BH_OK) {
        log_error("hub: league %lld: the stored state does not load (line %d): kept as stored",
                  (long long)id, line);
        return 0;
    }
    hleague *x = add(lc->h, id, l);
    if (store_notice_last(lc->h->st, id, &x->seq) != BH_OK)
        return BH_ESTORE;
    return 0;
}

static int load_tgame(void *ctx, const store_tgame *row)
{
    hub *h = ctx;
    if (find(h, row->tournament))
        map_add(h, row->tournament, row->game,
                (runner_key){row->round, row->match, row->game_no / 64, row->game_no % 64});
    return 0;
}

int hub__league_load(hub *h, uint64_t now_us)
{
    load_ctx lc = {h, now_us};
    int rc = store_each_league(h->st, load_row, &lc);
    if (rc == BH_OK && h->leagues_ && h->leagues_->n)
        rc = store_each_tgame(h->st, load_tgame, h);
    for (int i = 0; rc == BH_OK && h->leagues_ && i < h->leagues_->ng; i++) {
        hlgame g = h->leagues_->g[i];
        hub_game *hg = hub__game_by_id(h, g.game);
        hleague *x = find(h, g.league);
        const lg_game *lgm = x ? lg_game_get(x->l, g.key) : NULL;
        if (!hg || !lgm || lgm->res != LG_NONE)
            continue;
        if (hg->status == STORE_FINISHED) { /* it ended without the league hearing of it */
            hub__league_game_over(h, hg, now_us);
        } else if (hg->status == STORE_WAITING) { /* the gate is not stored: wait_s again */
            game_gate gt = {now_us, lg_config_get(x->l)->wait_s};
            hub__game_gate(h, hg, &gt, now_us);
        }
    }
    /* What fell due while the league was stored fires now, once, dated at its instant. */
    for (int i = 0; rc == BH_OK && h->leagues_ && i < h->leagues_->n; i++) {
        lg_acts a;
        lg_acts_init(&a);
        fmt_on_time(&h->leagues_->v[i], wall_us(), &a);
        exec_run(h, h->leagues_->v[i].id, &a, now_us);
    }
    return rc;
}
