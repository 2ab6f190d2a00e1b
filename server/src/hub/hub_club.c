/* hub_club.c: the club round robins in the server (docs/formats.md), a format on the seam
 * (tourney/seam/tfmt.h: tfmt_club; hub_event.h: hub__club_fmt): the club_* messages (proto_club.h)
 * carried to the pure core (tourney/club/club.h), which decides everything, the team and appeals
 * tokens, and the event's snapshot; the hub's executor (hub_event.c) carries out the core's
 * actions: stores the state before any reply of the turn, creates and ends the boards' games,
 * pushes the snapshot after a change, keeps the time and loads the events back.
 * SPDX-License-Identifier: MIT
 * Every board is a hosted chess game (hub_chess.c, ruleset "fide", the event's clock): made
 * and started when its round starts, its two player tokens given to the captains' connections
 * (`assign`), its end fed to club.h (club_game_over through the executor). The arbiter may still
 * enter a board's result while it is played (club_result: the game ends with it), forfeits
 * included. With wait_s set, a seat that connects is reported present (T-WAIT, club_seat_present)
 * and the waiting time's end forfeits the boards of those absent (the decision is club.h's); over
 * the board the arbiter checks attendance instead (club_attend). wait_s defaults to the
 * regulation's waiting time (seed 004 art. 2: "Очікування суперника при спізненні – 10
 * хвилин", club_config_default); with wait_s 0 there is no timer and the arbiter enters those
 * forfeits himself (club_result). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auth.h"
#include "bh.h"
#include "club.h"
#include "now.h"
#include "proto_club.h"
#include "proto_tour.h"
#include "result.h"
#include "hub_event.h"
#include "hub_int.h"

/* The club of event id (NULL: none, or another format's event). */
static club *find(hub *h, int64_t id)
{
    hub_event *e = hub__event_find_fmt(h, id, &hub__club_fmt);
    return e ? hub__event_state(e) : NULL;
}

/* ---- the snapshot ---------------------------------------------------------------------------- */

static const char *status_name(int st)
{
    return st == TFMT_REGISTERING ? "registering" : st == TFMT_FINISHED ? "finished" : "running";
}

/* The snapshot of c as the wire has it (proto_club.h); every array freed here. */
/* Who reads a snapshot: everyone (VIEW_PUBLIC), the director (VIEW_ALL), or a team id: that
 * team's captain. A line-up is the team's and the arbiter's until its round starts (F-LINEUP:
 * the other team must not adapt to it); the public and the other captains see that it was
 * submitted, not who plays. */
enum { VIEW_PUBLIC = 0, VIEW_ALL = -1 };

static char *enc(const club *c, int64_t id, bool has_id, int64_t msg_id, int64_t viewer,
                 uint64_t now_us)
{
    const club_config *cfg = club_config_get(c);
    int nt = club_n_teams(c), nr = club_rounds(c), nb = cfg->lr.boards;
    pclub_team *teams = xcalloc((size_t)nt + 1, sizeof *teams);
    pclub_player *pl = xcalloc((size_t)nt * ROSTER_MAX + 1, sizeof *pl);
    for (int t = 1; t <= nt; t++) {
        const roster *r = club_team_roster(c, t);
        pclub_player *p = &pl[(t - 1) * ROSTER_MAX];
        for (int i = 0; i < r->n; i++)
            p[i] = (pclub_player){r->p[i].id, r->p[i].name, r->p[i].rating};
        teams[t - 1] = (pclub_team){club_team_id(c, t), club_team_name(c, t),
                                    club_team_captain(c, t), p, r->n};
    }
    /* rounds that started or take line-ups now */
    int shown = club_status(c) == TFMT_REGISTERING ? 0 : club_current_round(c);
    pclub_round *rounds = xcalloc((size_t)shown + 1, sizeof *rounds);
    pclub_match *matches = xcalloc((size_t)shown * 16 + 1, sizeof *matches);
    pclub_board *boards = xcalloc((size_t)shown * 16 * (size_t)nb + 1, sizeof *boards);
    pclub_lineup *lus = xcalloc((size_t)shown * (size_t)nt + 1, sizeof *lus);
    int nm = 0, nbd = 0, nl = 0;
    for (int r = 1; r <= shown && r <= nr; r++) {
        pclub_round *x = &rounds[r - 1];
        x->round = r;
        bool started = club_round_started(c, r);
        x->status = !started ? "lineups" : "playing";
        uint64_t dl = club_deadline(c);
        x->starts_in_ms = !started && dl > now_us ? (int64_t)(dl - now_us) / 1000 : 0;
        x->matches = &matches[nm];
        bool all = true;
        for (int mi = 0; mi < club_n_matches(c, r); mi++) {
            pclub_match *m = &matches[nm++];
            club_match(c, r, mi, &m->home, &m->away);
            int g[2];
            m->done = club_match_score(c, r, mi, &g[0], &g[1]);
            all &= m->done;
            m->gp[0] = g[0] / 2.0;
            m->gp[1] = g[1] / 2.0;
            m->mp[0] = g[0] > g[1] ? 2 : g[0] == g[1] ? 1 : 0;
            m->mp[1] = 2 - m->mp[0];
            m->boards = &boards[nbd];
            for (int b = 0; b < nb && started; b++) {
                const club_board *cb = club_board_get(c, (tfmt_key){r, mi, 0, b});
                uint64_t due = club_board_wait_until(c, cb);
                boards[nbd++] = (pclub_board){b + 1,
                                              {cb->team[0], cb->team[1]},
                                              {cb->player[0], cb->player[1]},
                                              bh_result_token(cb->res),
                                              cb->live,
                                              {cb->present[0], cb->present[1]},
                                              due > now_us ? (int64_t)(due - now_us) / 1000 : 0};
                m->n++;
            }
            x->nm++;
        }
        if (started && all)
            x->status = "done";
        uint64_t until;
        if (club_protest_round(c, &until) == r && until > now_us)
            x->protest_ms = (int64_t)(until - now_us) / 1000;
        x->lineups = &lus[nl];
        for (int t = 1; t <= nt; t++) {
            bool sub = false;
            const lineup *l = club_lineup_get(c, club_team_id(c, t), r, &sub);
            if (!l)
                continue;
            bool open = started || viewer == VIEW_ALL || viewer == club_team_id(c, t);
            lus[nl++] = (pclub_lineup){club_team_id(c, t), sub, open ? l->player : NULL,
                                       open ? l->boards : 0};
            x->nl++;
        }
    }
    const protest_desk *d = club_protests(c);
    int np = protest_count(d);
    pclub_protest *ps = xcalloc((size_t)np + 1, sizeof *ps);
    static const char *const PST[] = {"filed", "upheld", "rejected"};
    for (int i = 0; i < np; i++) {
        const protest *p = protest_get(d, i);
        int tid = p->team;
        ps[i] = (pclub_protest){p->id,
                                PST[p->state],
                                (int)(p->game >> 12),
                                (int)((p->game >> 6) & 63u),
                                (int)(p->game & 63u),
                                club_team_id(c, tid),
                                p->text,
                                p->reason,
                                p->deposit_minor,
                                cfg->pr.currency,
                                p->deposit_returned,
                                p->state == PROTEST_UPHELD && p->new_result > 0 &&
                                        p->new_result < BH_RES_N_
                                    ? bh_result_token(p->new_result)
                                    : NULL};
    }
    rank_table rt = {0, NULL, {0}};
    pclub_row *rows = NULL;
    pclub_snapshot s = {.club = id,
                        .name = cfg->name,
                        .status = status_name(club_status(c)),
                        .round = club_current_round(c),
                        .rounds = nr,
                        .boards = nb,
                        .deposit = cfg->pr.deposit_minor,
                        .currency = cfg->pr.currency,
                        .teams = teams,
                        .nt = nt,
                        .rounds_v = rounds,
                        .nr = shown < nr ? shown : nr,
                        .protests = ps,
                        .np = np};
    if (club_status(c) != TFMT_REGISTERING && club_rank(c, &rt) == BH_OK) {
        rows = xcalloc((size_t)rt.n + 1, sizeof *rows);
        s.n_tb = rt.rules.n_tb < PCLUB_TB_MAX ? rt.rules.n_tb : PCLUB_TB_MAX;
        for (int k = 0; k < s.n_tb; k++)
            s.tb_names[k] = rank_tb_name(rt.rules.tb[k]);
        for (int i = 0; i < rt.n; i++) {
            const rank_row *x = &rt.rows[i];
            rows[i] = (pclub_row){x->place,
                                  club_team_id(c, x->team),
                                  club_team_name(c, x->team),
                                  x->mp,
                                  x->gp2 / 2.0,
                                  {0},
                                  x->tied_next};
            for (int k = 0; k < s.n_tb; k++)
                rows[i].tb[k] = (double)x->tb[k] / rank_tb_scale(&rt.rules, rt.rules.tb[k]);
        }
        s.rows = rows;
        s.n_rows = rt.n;
    }
    char *out = proto_club_enc(has_id, msg_id, &s);
    rank_table_fini(&rt);
    free(rows);
    free(ps);
    free(lus);
    free(boards);
    free(matches);
    free(rounds);
    free(pl);
    free(teams);
    return out;
}

/* ---- the format's hub side ------------------------------------------------------------------ */

static const char *player_name(const club *c, int64_t team, int player)
{
    const roster *r = club_team_roster(c, club_team_tid(c, team));
    int k = r ? roster_find(r, player) : -1;
    return k >= 0 ? r->p[k].name : "";
}

/* Who s is to this event: VIEW_ALL for a director, its team id for one of its captains,
 * VIEW_PUBLIC for anyone else (a team token of another event included). */
static int64_t viewer_of(const club *c, const hub_sess *s)
{
    if (s->role == ROLE_DIRECTOR)
        return VIEW_ALL;
    return s->role == ROLE_TEAM && club_team_tid(c, s->team) ? s->team : VIEW_PUBLIC;
}

static char *fmt_enc(hub *h, hub_event *e, uint64_t now_us)
{
    (void)h;
    return enc(hub__event_state(e), hub__event_id(e), false, 0, VIEW_PUBLIC, now_us);
}

static char *fmt_enc_for(hub *h, hub_event *e, const hub_sess *s, uint64_t now_us)
{
    (void)h;
    const club *c = hub__event_state(e);
    int r = club_current_round(c);
    if (club_status(c) != TFMT_RUNNING || club_round_started(c, r))
        return NULL; /* no line-up is hidden: everyone reads the public snapshot */
    int64_t v = viewer_of(c, s);
    return v == VIEW_PUBLIC ? NULL : enc(c, hub__event_id(e), false, 0, v, now_us);
}

/* A board's seats (F-CHESS): 0 White, 1 Black, the line-up's players. */
static const char *fmt_seat_name(hub *h, hub_event *e, const tfmt_act *x, int seat)
{
    (void)h;
    return player_name(hub__event_state(e), x->create.team[seat & 1], x->create.player[seat & 1]);
}

/* A board's names: the event's, White's and Black's teams'. */
static bool fmt_game_names(hub *h, hub_event *e, tfmt_key k, const char **event,
                           const char *teams[2])
{
    (void)h;
    const club *c = hub__event_state(e);
    const club_board *x = club_board_get(c, k);
    if (!x)
        return false;
    *event = club_config_get(c)->name;
    for (int i = 0; i < 2; i++)
        teams[i] = club_team_name(c, club_team_tid(c, x->team[i]));
    return true;
}

/* Every board is a hosted chess game (CREATE_GAME with game_kind chess), started at once
 * (T-WAIT is the club's: club_seat_present and its waiting time, not the hub's gate); its
 * player tokens go to the two teams' connections, not to the directors (the arbiter does not
 * play); the snapshot is pushed to the connections that sent a message about the event. */
const hub_fmt hub__club_fmt = {
    .core = &tfmt_club,
    .label = "club",
    .enc = fmt_enc,
    .enc_for = fmt_enc_for,
    .seat_name = fmt_seat_name,
    .game_names = fmt_game_names,
};

/* ---- commands -------------------------------------------------------------------------------- */

static void refuse(hub *h, uint64_t conn, int64_t id, int rc, const refusal *why)
{
    hub__queue(h, conn,
               proto_club_enc_error(true, id, rc, why ? why->field : NULL, why ? why->rule : NULL));
}

static void do_create(hub *h, hub_sess *s, const pclub_msg *m)
{
    club_config cfg;
    club_config_default(&cfg);
    snprintf(cfg.name, sizeof cfg.name, "%s", m->create.name);
    if (m->create.boards > 0) {
        cfg.lr.boards = m->create.boards;
        cfg.rk.boards = m->create.boards;
    }
    if (m->create.reserves >= 0)
        cfg.lr.reserves = m->create.reserves;
    if (m->create.max_subs >= 0)
        cfg.lr.max_subs = m->create.max_subs;
    if (m->create.min_players > 0)
        cfg.lr.min_players = m->create.min_players;
    if (m->create.double_rr >= 0)
        cfg.double_rr = m->create.double_rr == 1;
    if (m->create.sb_cut1 >= 0) /* the last tie-break: team SB, or its Cut-1 */
        cfg.rk.tb[cfg.rk.n_tb - 1] = m->create.sb_cut1 ? RANK_TB_SB_C1 : RANK_TB_SB;
    if (m->create.base_ms > 0)
        cfg.base_ms = (uint32_t)m->create.base_ms;
    if (m->create.inc_ms >= 0)
        cfg.inc_ms = (uint32_t)m->create.inc_ms;
    if (m->create.wait_s >= 0) /* else seed 004's 10 minutes (T-WAIT; see the file comment) */
        cfg.wait_us = m->create.wait_s * 1000000;
    if (m->create.protest_s >= 0)
        cfg.pr.window_us = m->create.protest_s * 1000000;
    if (m->create.break_s >= 0)
        cfg.break_us = m->create.break_s * 1000000;
    if (m->create.deposit >= 0)
        cfg.pr.deposit_minor = (long)m->create.deposit;
    refusal why = {NULL, NULL, -1};
    int rc = club_config_check(&cfg, &why);
    if (rc != BH_OK) {
        refuse(h, s->conn, m->id, rc, &why);
        return;
    }
    int64_t id;
    if (hub__event_create(h, m->create.name, &id) != BH_OK) {
        hub__error(h, s->conn, true, m->id, BH_ESTORE, NULL);
        return;
    }
    hub_event *e = hub__event_add(h, id, &hub__club_fmt, club_new(id, &cfg));
    hub__event_subscribe(h, e, s->conn);
    hub__event_persist(h, e);
    hub__queue(h, s->conn, proto_club_enc_created(m->id, "club", id, NULL));
}

/* F-PROTEST: an upheld protest replaced the result of the board whose hosted game is gid (0:
 * the board had no game); the result log says so, the committee's decision beside the
 * arbiter's entries. The game's own record keeps what was played over the board. */
static void log_decision(hub *h, int64_t gid, int was, int now)
{
    if (gid <= 0 || now < 0)
        return;
    store_result_set e = {gid,
                          now_wall_ms(),
                          bh_result_token((bh_result)now),
                          "protest upheld",
                          bh_result_token((bh_result)was),
                          "appeals committee",
                          "club page"};
    if (store_result_log_add(h->st, &e) != BH_OK)
        h->store_failed = true;
}

static void ack(hub *h, uint64_t conn, int64_t id)
{
    hub__queue(h, conn, proto_enc_ack(id, -1, 0, 0, 0));
}

/* A change of club m->club the core made without actions: stored, then the reply (an ack when
 * reply is NULL) queued after it, and the snapshot pushed. */
static void changed(hub *h, hub_sess *s, const pclub_msg *m, char *reply, uint64_t now_us)
{
    hub_event *e = hub__event_find(h, m->club);
    hub__event_persist(h, e);
    if (reply)
        hub__queue(h, s->conn, reply);
    else
        ack(h, s->conn, m->id);
    hub__event_push(h, e, now_us);
}

/* club_team with `team` (before the start): the team's name, roster and captain replaced; its
 * token stays. Stored with the event's state (the teams row keeps the first name: the club's
 * state names the team). */
static void replace_team(hub *h, hub_sess *s, club *c, const pclub_msg *m, const roster *r,
                         uint64_t now_us)
{
    refusal why = {NULL, NULL, -1};
    int rc = club_replace_team(c, m->team.team, m->team.name, r, m->team.captain, &why);
    if (rc != BH_OK)
        refuse(h, s->conn, m->id, rc, &why);
    else
        changed(h, s, m, NULL, now_us);
}

/* club_team_remove: the team leaves before the start and its captain's token is revoked. */
static void remove_team(hub *h, hub_sess *s, club *c, const pclub_msg *m, uint64_t now_us)
{
    refusal why = {NULL, NULL, -1};
    int rc = club_remove_team(c, m->team.team, &why);
    if (rc != BH_OK) {
        refuse(h, s->conn, m->id, rc, &why);
        return;
    }
    if (store_token_revoke(h->st, "team", m->team.team, -1) != BH_OK)
        h->store_failed = true;
    changed(h, s, m, NULL, now_us);
}

static void do_team(hub *h, hub_sess *s, club *c, const pclub_msg *m, uint64_t now_us)
{
    roster r;
    refusal why = {NULL, NULL, -1};
    int rc = hub__event_roster(m->team.players, m->team.n_players, &r, &why);
    if (rc == BH_OK && m->team.team) {
        replace_team(h, s, c, m, &r, now_us);
        return;
    }
    if (rc == BH_OK)
        rc = club_check_team(c, INT64_MAX, m->team.name, &r, m->team.captain, &why);
    if (rc != BH_OK) {
        refuse(h, s->conn, m->id, rc, &why);
        return;
    }
    int64_t team;
    int k = roster_find(&r, m->team.captain);
    char token[AUTH_TOKEN_LEN + 1];
    if (store_team_add(h->st, m->club, m->team.name, r.p[k].name, "", &team) != BH_OK ||
        hub__token_new(h, "team", team, -1, token) != BH_OK) {
        h->store_failed = true;
        hub__error(h, s->conn, true, m->id, BH_ESTORE, NULL);
        return;
    }
    club_add_team(c, team, m->team.name, &r, m->team.captain, NULL);
    hub__team_add(h, team, m->club, m->team.name, r.p[k].name, "");
    changed(h, s, m, proto_club_enc_created(m->id, "team", team, token), now_us);
}

static void do_cmd(hub *h, hub_sess *s, club *c, const pclub_msg *m, uint64_t now_us)
{
    tfmt_acts a;
    tfmt_acts_init(&a);
    refusal why = {NULL, NULL, -1};
    int rc = BH_OK, pid = 0;
    bool director = s->role == ROLE_DIRECTOR;
    switch (m->type) {
    case PCLUB_START: rc = club_start(c, now_us, &a, &why); break;
    case PCLUB_ROUND_START: rc = club_round_start(c, now_us, &a, &why); break;
    case PCLUB_LINEUP: {
        int64_t team = director ? m->lineup.team : s->team;
        if (director && !m->lineup.team) {
            rc = refusal_set(&why, BH_EFIELD, "F-LINEUP", "team", -1);
            break;
        }
        int tid = club_team_tid(c, team);
        rc = club_lineup(c, team, tid ? club_team_captain(c, tid) : 0, director, m->lineup.round,
                         m->lineup.ids, m->lineup.n_ids, now_us, &a, &why);
        break;
    }
    case PCLUB_RESULT: {
        tfmt_key k = {m->result.round, m->result.match, 0, m->result.board};
        const club_board *b = club_board_get(c, k);
        int code = bh_result_decided(m->result.result);
        if (!b) {
            rc = refusal_set(&why, BH_ENOTFOUND, "F-RR", "board", -1);
        } else if (!b->live) {
            rc = refusal_set(&why, b->res ? BH_EDECIDED : BH_ESTATE, "F-RR", "board", -1);
        } else if (code >= BH_RES_FF_W) { /* T-WAIT: the arbiter's forfeit */
            unsigned mask = code == BH_RES_FF_W ? 2u : code == BH_RES_FF_B ? 1u : 3u;
            rc = club_board_absent(c, k, mask, now_us, &a);
        } else {
            club_game_over(c, k,
                           code == BH_RES_WIN1   ? TFMT_WIN1
                           : code == BH_RES_WIN2 ? TFMT_WIN2
                                                 : TFMT_DRAW,
                           now_us, &a);
            /* the hosted game ends with it */
            hub_game *hg = hub__game_by_id(h, hub__event_gid(hub__event_find(h, m->club), k));
            if (hg && hg->status == STORE_LIVE)
                hub__game_set_result(h, hg, bh_result_token(code), "arbiter", "arbiter",
                                     "club page", now_us);
        }
        break;
    }
    case PCLUB_PROTEST: { /* a team token's only (the dispatch table) */
        const pclub_protest_in *p = &m->protest;
        tfmt_key k = {p->round, p->match, 0, p->board};
        int tid = club_team_tid(c, s->team);
        rc = club_protest(c, s->team, tid ? club_team_captain(c, tid) : 0, p->round, k, p->text,
                          (long)p->deposit, now_us, &pid, &a, &why);
        break;
    }
    case PCLUB_ATTEND:
        rc = club_attend(c, m->attend.round, m->attend.attend, m->attend.n_attend, &why);
        break;
    case PCLUB_DECIDE: {
        const pclub_decide_in *d = &m->decide;
        int seat; /* the appeals committee's token (role "appeals", ref = the event) */
        if (!hub__event_token(h, m->club, "appeals", d->token, &seat)) {
            rc = refusal_set(&why, BH_EAUTH, "F-PROTEST", "token", -1);
            break;
        }
        tfmt_key k;
        const club_board *b =
            club_protest_key(c, d->protest, &k) == BH_OK ? club_board_get(c, k) : NULL;
        int was = b ? b->res : BH_RES_NONE;
        rc = club_protest_decide(c, d->protest, d->upheld,
                                 d->upheld ? bh_result_decided(d->result) : -1, d->reason, now_us,
                                 &a, &why);
        if (rc == BH_OK && d->upheld && b) /* the audit trail of the board's hosted game */
            log_decision(h, hub__event_gid(hub__event_find(h, m->club), k), was,
                         bh_result_decided(d->result));
        break;
    }
    default: rc = BH_ETYPE; break;
    }
    if (rc != BH_OK) {
        tfmt_acts_fini(&a);
        refuse(h, s->conn, m->id, rc, &why);
        return;
    }
    hub__event_run(h, hub__event_find(h, m->club), &a, now_us);
    if (m->type == PCLUB_ATTEND) /* no action of the core's: the arbiter's table changed */
        changed(h, s, m, NULL, now_us);
    else if (m->type == PCLUB_PROTEST)
        hub__queue(h, s->conn, proto_club_enc_created(m->id, "protest", pid, NULL));
    else
        ack(h, s->conn, m->id);
}

void hub__club_msg(hub *h, hub_sess *s, const pclub_msg *m, uint64_t now_us)
{
    if (m->type == PCLUB_CREATE) {
        do_create(h, s, m);
        return;
    }
    club *c = find(h, m->club);
    if (!c) {
        hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "club");
        return;
    }
    hub_event *e = hub__event_find(h, m->club);
    hub__event_subscribe(h, e, s->conn);
    /* The dispatch table let a team token send a line-up; it must be this event's team. */
    if (m->type == PCLUB_LINEUP && s->role == ROLE_TEAM && !club_team_tid(c, s->team)) {
        refusal why = {"F-LINEUP", "captain", -1};
        refuse(h, s->conn, m->id, BH_ENOTCAPTAIN, &why);
        return;
    }
    switch (m->type) {
    case PCLUB_TEAM: do_team(h, s, c, m, now_us); break;
    case PCLUB_TEAM_REMOVE: remove_team(h, s, c, m, now_us); break;
    case PCLUB_GET:
        hub__queue(h, s->conn, enc(c, m->club, true, m->id, viewer_of(c, s), now_us));
        hub__event_assigns_to(h, e, s); /* a captain's page: its boards' player tokens */
        break;
    case PCLUB_APPEALS: {
        char token[AUTH_TOKEN_LEN + 1];
        if (hub__token_new(h, "appeals", m->club, -1, token) != BH_OK) {
            h->store_failed = true;
            hub__error(h, s->conn, true, m->id, BH_ESTORE, NULL);
            break;
        }
        hub__queue(h, s->conn, proto_club_enc_created(m->id, "appeals", m->club, token));
        break;
    }
    case PCLUB_EXPORT: {
        char *text = strcmp(m->what, "trf") == 0          ? club_trf(c)
                     : strcmp(m->what, "crosstable") == 0 ? club_crosstable(c)
                                                          : club_lineups_text(c);
        hub__queue(h, s->conn, proto_club_enc_text(m->id, m->what, text));
        free(text);
        break;
    }
    default: do_cmd(h, s, c, m, now_us); break;
    }
}
