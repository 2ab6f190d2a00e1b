/* hub.c: sessions and roles, message dispatch, the director's commands, the outbox, and
 * loading the registry from the store at start. SPDX-License-Identifier: MIT
 * Every reply goes through the outbox, which hub_turn_end hands to the transport only after
 * the store has committed the turn (DESIGN.md "store": written before acknowledged). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auth.h"
#include "bh.h"
#include "hub_event.h"
#include "hub_int.h"
#include "proto_any.h"
#include "proto_names.h"
#include "log.h"
#include "now.h"
#include "utf8.h"
#include "xalloc.h"

/* ---- the formats ------------------------------------------------------------------------ */

/* Every event format the hub runs: its hub side (hub_event.h), which the executor loads by
 * the magic word of its saved text. Its messages' routes are in the dispatch table below
 * (the core's, then club_*, then league_*). */
static const hub_fmt *const FORMATS[] = {&hub__swiss_fmt, &hub__club_fmt, &hub__league_fmt};
_Static_assert(BH_ARRAY_LEN(FORMATS) <= HUB_FORMATS_MAX, "HUB_FORMATS_MAX");

/* ---- loading -------------------------------------------------------------------------- */

static int load_tour(void *ctx, int64_t id, const char *name)
{
    hub__event_name_add(ctx, id, name);
    return 0;
}

static int load_team(void *ctx, int64_t id, int64_t tid, const char *name, const char *p1,
                     const char *p2)
{
    hub__team_add(ctx, id, tid, name, p1, p2);
    return 0;
}

typedef struct {
    hub *h;
    uint64_t now_us;
    int64_t *open; /* a node's games not finished: claimed after its join (hub__node_load) */
    int nopen, capopen;
} load_ctx;

static int load_game(void *ctx, const store_game *row)
{
    load_ctx *lc = ctx;
    if (row->status != STORE_FINISHED && lc->h->cfg.node[0]) {
        BH_GROW(lc->open, lc->nopen, lc->capopen);
        lc->open[lc->nopen++] = row->id;
        return 0;
    }
    hub__game_load(lc->h, row, lc->now_us);
    return 0;
}

/* The events' next instant (hub_event.c) or the pairing jobs' (hub_tour.c: a progress push, a
 * time budget's end), whichever comes first: the one deadline hub__arm asks the owner for. */
static uint64_t owner_deadline(const hub *h)
{
    uint64_t at[] = {hub__event_deadline(h), hub__tour_job_deadline(h), hub__node_deadline(h)};
    uint64_t first = 0;
    for (size_t i = 0; i < BH_ARRAY_LEN(at); i++)
        if (at[i] && (!first || at[i] < first))
            first = at[i];
    return first;
}

/* A finished game: a lobby table's offers its rematch (hub_lobby.c), an event's goes on
 * (hub_event.c). */
static bool owner_game_over(hub *h, hub_game *hg, uint64_t now_us)
{
    hub__lobby_game_over(h, hg);
    return hub__event_game_over(h, hg, now_us);
}

int hub_new(store *st, const hub_config *cfg, const hub_io *io, uint64_t now_us, hub **out)
{
    game_rules r;
    if (game_rules_by_name(cfg->ruleset, &r) != BH_OK)
        return BH_ENOTFOUND;
    hub *h = xcalloc(1, sizeof *h);
    h->st = st;
    h->cfg = *cfg;
    h->io = *io;
    h->timers = theap_new();
    h->owner_all = hub__event_owner;
    h->owner_all.deadline = owner_deadline;
    h->owner_all.game_over = owner_game_over;
    h->owner = &h->owner_all;
    h->formats = FORMATS;
    h->nformats = (int)BH_ARRAY_LEN(FORMATS);
    /* A node joins once the finished games are in (they may be thousands: its lease starts
     * after them), then claims and loads the others, renewing as it goes. */
    load_ctx lc = {h, now_us, NULL, 0, 0};
    if (hub__node_alone(h) != BH_OK) {
        hub_free(h);
        return BH_ESTATE;
    }
    int rc = store_each_tournament(st, load_tour, h) != BH_OK ||
                     store_each_team(st, load_team, h) != BH_OK ||
                     store_each_game(st, load_game, &lc) != BH_OK ||
                     hub__node_join(h, now_mono_us()) != BH_OK ||
                     hub__node_load(h, lc.open, lc.nopen) != BH_OK || h->store_failed ||
                     (!h->node_ && hub__event_load(h, now_us) != BH_OK) ||
                     hub__acct_load(h) != BH_OK || store_flush(st) != BH_OK
                 ? BH_ESTORE
                 : BH_OK;
    free(lc.open);
    if (rc != BH_OK) {
        hub_free(h);
        return BH_ESTORE;
    }
    /* Nothing was sent yet: drop what recovery queued for nobody. */
    for (int i = 0; i < h->nout; i++)
        free(h->out[i].msg);
    h->nout = 0;
    hub__game_cool(h);
    hub__arm(h);
    *out = h;
    return BH_OK;
}

void hub_free(hub *h)
{
    if (!h)
        return;
    for (int i = 0; i < h->ngames; i++)
        hub__game_free(h->games[i]);
    free(h->games);
    free(h->order);
    free(h->warm);
    for (int i = 0; i < h->nout; i++)
        hub__out_free(&h->out[i]);
    free(h->out);
    for (int i = 0; i < h->capsess; i++)
        if (h->sess[i].conn)
            free(h->sess[i].more);
    free(h->sess);
    free(h->tournaments);
    free(h->teams);
    hub__event_free(h);
    hub__tour_free(h);
    hub__league_free(h);
    hub__acct_free(h);
    hub__lobby_free(h);
    hub__node_free(h);
    theap_free(h->timers);
    free(h);
}

int hub_game_count(const hub *h, int *live)
{
    int n = 0;
    for (int i = 0; i < h->ngames; i++)
        n += h->games[i]->status == STORE_LIVE;
    if (live)
        *live = n;
    return h->ngames;
}

int hub_game_loaded(const hub *h)
{
    int n = 0;
    for (int i = 0; i < h->ngames; i++)
        n += h->games[i]->g != NULL;
    return n;
}

/* ---- connections ---------------------------------------------------------------------- */

void hub_on_open(hub *h, uint64_t c)
{
    hub__sess_add(h, c);
}

/* s gives up the seat token it authenticated with (a close, or a new identity), or the
 * read-only view of a finished game's token. */
static void release_seat(hub *h, hub_sess *s)
{
    s->view_game = -1;
    s->view_seat = -1;
    if (s->role != ROLE_PLAYER)
        return;
    hub_game *hg = hub__game_by_id(h, s->game);
    if (hg && s->seat >= 0 && s->seat < 4 && hg->holder[s->seat] == s->conn)
        hg->holder[s->seat] = 0;
}

/* A decimal id of 1 to 18 digits at *p, up to the character stop: BH_OK with *out and *p past
 * it, else BH_EINVAL. */
static int path_id(const char **p, char stop, int64_t *out)
{
    int64_t v = 0;
    int k = 0;
    for (; **p >= '0' && **p <= '9' && k < 18; (*p)++, k++)
        v = v * 10 + (**p - '0');
    if (k == 0 || **p != stop || v <= 0)
        return BH_EINVAL;
    *out = v;
    return BH_OK;
}

void hub_on_http(hub *h, const char *path, uint64_t now_us, hub_http_reply *r)
{
    static const char pre[] = "/feed/league/";
    *r = (hub_http_reply){404, "text/plain; charset=utf-8", NULL, 0};
    int64_t lid, player;
    const char *p = path;
    if (!p || strncmp(p, pre, sizeof pre - 1) != 0)
        return;
    p += sizeof pre - 1;
    if (path_id(&p, '/', &lid) != BH_OK || strncmp(p, "/player/", 8) != 0)
        return;
    p += 8;
    if (path_id(&p, '.', &player) != BH_OK || player > INT32_MAX)
        return;
    bool json = strcmp(p, ".json") == 0;
    if (!json && strcmp(p, ".ics") != 0)
        return;
    hub__league_feed(h, lid, (int)player, json, now_us, r);
}

void hub_on_close(hub *h, uint64_t c)
{
    hub_sess *s = hub__sess_find(h, c);
    if (!s)
        return;
    release_seat(h, s);
    hub__game_leave(h, s);
    hub__lobby_gone(h, c);
    hub__sess_del(h, c);
    /* Drop replies still queued for c: it is gone. */
    for (int i = 0; i < h->nout; i++)
        if (h->out[i].conn == c) {
            h->out[i].len = 0;
            h->out[i].close = NULL;
        }
}

void hub_on_violation(hub *h, uint64_t c, int code, const char *field, bool fatal)
{
    /* Fatal or not, behind the replies of this turn already queued for c: the transport
     * closes c only after what is sent to it by the turn's end (its writeable callback comes
     * after the next poll, and the turn ends before it), so the error is the last message
     * before the close frame, not one that overtakes replies to earlier requests. */
    (void)fatal;
    hub__queue(h, c, proto_enc_error(false, 0, code, field));
}

void hub_on_timer(hub *h, uint64_t now_us)
{
    h->armed_us = 0;
    if (hub__node_lost(h, now_us))
        return;
    hub__node_timers(h, now_us);
    /* The events first: a waiting time that ends at the instant a clock would flag decides the
     * board (seed 004: 10 min waiting with 10 min clocks; an absent player loses by forfeit,
     * not the present one on time, and two absent players both lose). */
    hub__event_timers(h, now_us); /* the team events on the seam (hub_event.h) */
    hub__game_timers(h, now_us);
    hub__tour_job_timers(h, now_us);
    hub__arm(h);
}

int hub_turn_end(hub *h)
{
    if (h->live_dirty)
        hub__live_push(h, h->live_now);
    if (h->lobby_dirty)
        hub__lobby_push(h);
    hub__event_flush(h);  /* the events' pushes, after the turn's replies (hub_event.h) */
    hub__arm(h);          /* a push held back has its timer */
    hub__game_cool(h);    /* the turn's finished and warmed games leave memory */
    hub__node_lost(h, 0); /* a node that lost its lease rolls the turn back (BH_EFENCED) */
    int rc = store_flush(h->st);
    if (rc == BH_OK && !h->store_failed)
        rc = hub__node_committed(h);
    else if (rc == BH_OK)
        rc = BH_ESTORE;
    if (rc == BH_ESTORE && hub__node_lost(h, now_mono_us()))
        rc = BH_EFENCED; /* a node stalled past its lease: PostgreSQL ended its session */
    if (rc != BH_OK) {
        log_error("hub: %s; %d replies of this turn are not sent",
                  rc == BH_EFENCED ? "this node is fenced" : "the store failed", h->nout);
        for (int i = 0; i < h->nout; i++)
            hub__out_free(&h->out[i]);
        h->nout = 0;
        return rc;
    }
    for (int i = 0; i < h->nout; i++) {
        hub_out *o = &h->out[i];
        if (o->len)
            h->io.send(h->io.ctx, o->conn, o->blob ? o->blob->msg : o->msg, o->len);
        if (o->close)
            h->io.close(h->io.ctx, o->conn, o->close);
        hub__out_free(o);
    }
    h->nout = 0;
    return BH_OK;
}

/* ---- commands ------------------------------------------------------------------------- */

/* The open connection other than s that holds seat of hg, or NULL. */
static hub_sess *other_holder(hub *h, const hub_game *hg, int seat, const hub_sess *s)
{
    uint64_t old = hg->holder[seat];
    return old && old != s->conn ? hub__sess_find(h, old) : NULL;
}

/* May s take seat of hg at now_us? Not while the seat is locked after a takeover between
 * open connections (HUB_REPLACE_LOCK_MS): then the refusal, which locks it again, is queued
 * (replace_throttled with retry_ms) and false returned. A seat without an open holder (a
 * reconnect after a close) is always free. */
static bool may_take(hub *h, hub_sess *s, int64_t id, hub_game *hg, int seat, uint64_t now_us)
{
    if (!other_holder(h, hg, seat, s) || now_us >= hg->lock_us[seat])
        return true;
    int64_t left_ms = (int64_t)((hg->lock_us[seat] - now_us + 999) / 1000);
    hg->lock_us[seat] = now_us + (uint64_t)HUB_REPLACE_LOCK_MS * 1000;
    if (hg->refused[seat]++ == 0) /* a client that loops would fill the log */
        log_info("hub: game %lld seat %d: connection %llx may not take the seat yet (it changed "
                 "hands moments ago): replace_throttled",
                 (long long)hg->id, seat, (unsigned long long)s->conn);
    char msg[160];
    snprintf(msg, sizeof msg,
             "this seat moved to another connection moments ago; it stays there: try again in "
             "%d s (each try before then waits %d s more)",
             (int)((left_ms + 999) / 1000), HUB_REPLACE_LOCK_MS / 1000);
    hub__queue(h, s->conn, proto_enc_error_retry(true, id, BH_ETHROTTLED, "token", msg, left_ms));
    return false;
}

/* A player token authenticated s for seat of hg: an older open connection holding the same
 * token (a reconnect that arrived before the old TCP connection is known dead, a second tab
 * or device) loses the seat: it gets session_replaced and goes on watching the game as a
 * spectator, open, so that a client need not (and must not) reconnect by itself; the seat is
 * locked against the next takeover for HUB_REPLACE_LOCK_MS (may_take). The newest connection
 * is the one a real player is looking at. */
static void take_seat(hub *h, hub_sess *s, hub_game *hg, int seat, uint64_t now_us)
{
    hub_sess *o = other_holder(h, hg, seat, s);
    hg->holder[seat] = s->conn;
    if (!o)
        return;
    log_info("hub: game %lld seat %d: connection %llx replaced by %llx", (long long)hg->id, seat,
             (unsigned long long)o->conn, (unsigned long long)s->conn);
    hg->lock_us[seat] = now_us + (uint64_t)HUB_REPLACE_LOCK_MS * 1000;
    hg->refused[seat] = 0;
    hub__queue(h, o->conn,
               proto_enc_error_retry(false, 0, BH_EREPLACED, "token",
                                     "this seat is now played from another connection (tab or "
                                     "device); this one watches; auth again to play here",
                                     HUB_REPLACE_LOCK_MS));
    hub__game_demote(h, o, now_us);
}

static void do_auth(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    char hash[AUTH_HASH_LEN + 1];
    if (auth_hash(m->auth.token, hash) != BH_OK)
        goto bad;
    if (h->cfg.admin_hash[0] && auth_hash_eq(hash, h->cfg.admin_hash)) {
        release_seat(h, s);
        s->role = ROLE_DIRECTOR;
        s->game = -1;
        s->seat = -1;
        if (h->io.budget)
            h->io.budget(h->io.ctx, s->conn, HUB_DIRECTOR_RATE_PER_S, HUB_DIRECTOR_BURST);
        hub__queue(h, s->conn, proto_enc_authed(m->id, "director", -1, -1));
        return;
    }
    char role[16];
    int64_t gid;
    int seat;
    int rc = store_token_find(h->st, hash, role, &gid, &seat);
    bool player = rc == BH_OK && strcmp(role, "player") == 0, moved = false;
    hub_game *hg = player ? hub__game_by_id(h, gid) : NULL;
    if (player && !hg)
        hg = hub__node_fetch(h, s->conn, true, m->id, gid, "token", &moved);
    if (moved)
        return;
    if (hg && seat >= 0 && seat < 4 && hg->status == STORE_FINISHED) {
        /* The token of a finished game opens a read-only view of it (the
         * seat plays no more): the connection is a spectator, told the game and the seat,
         * that still reads its own team's chat with the plies, never the other
         * team's; what a seat does gets game_over (allowed). */
        release_seat(h, s);
        hub__game_leave(h, s);
        s->role = ROLE_SPECTATOR;
        s->game = -1;
        s->seat = -1;
        s->view_game = gid;
        s->view_seat = seat;
        hub__queue(h, s->conn, proto_enc_authed(m->id, "spectator", gid, seat));
        hub__lobby_viewer(h, s->conn, gid, seat); /* a lobby table's: its rematch offer */
        return;
    }
    if (hg && seat >= 0 && seat < 4) {
        if (!may_take(h, s, m->id, hg, seat, now_us))
            return; /* s stays what it was */
        /* A new identity on this connection: leave the seat of the old one first. */
        release_seat(h, s);
        hub__game_leave(h, s);
        s->role = ROLE_PLAYER;
        s->game = gid;
        s->seat = seat;
        take_seat(h, s, hg, seat, now_us);
        hub__queue(h, s->conn, proto_enc_authed(m->id, "player", gid, seat));
        return;
    }
    if (rc == BH_OK && strcmp(role, "team") == 0) { /* a team token: gid is the team id */
        release_seat(h, s);
        hub__game_leave(h, s);
        s->role = ROLE_TEAM;
        s->team = gid;
        s->game = -1;
        s->seat = -1;
        hub__tour_team_authed(h, s, m->id, now_us);
        return;
    }
    if (rc == BH_ENOTFOUND && hub__acct_auth(h, s, m->id, hash))
        return; /* a session token: the connection acts as its account */
bad:
    hub__error(h, s->conn, true, m->id, BH_EAUTH, "token");
}

static bool has_tournament(const hub *h, int64_t id)
{
    return hub__event_name(h, id) != NULL;
}

static void do_tournament_create(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    (void)now_us;
    const proto_tournament_create *x = &m->tournament_create;
    int64_t id;
    const char *field = NULL;
    int rc = hub__tour_check_create(h, x, &field);
    if (rc != BH_OK) {
        hub__error(h, s->conn, true, m->id, rc, field);
        return;
    }
    if (hub__event_create(h, x->name, &id) != BH_OK) {
        hub__error(h, s->conn, true, m->id, BH_ESTORE, NULL);
        return;
    }
    hub__tour_created(h, id, x);
    hub__queue(h, s->conn, proto_enc_created(m->id, "tournament", id));
}

static void do_team_register(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    (void)now_us;
    const proto_team_register *x = &m->team_register;
    if (!has_tournament(h, x->tournament)) {
        hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "tournament");
        return;
    }
    int64_t id;
    if (x->team) { /* a correction before the start, in place */
        hub__tour_team_replace(h, s, m->id, x);
        return;
    }
    if (!hub__tour_check_team(h, s, m->id, x))
        return;
    if (!hub__team_create(h, x->tournament, x->name, x->players[0], x->players[1], &id)) {
        hub__error(h, s->conn, true, m->id, BH_ESTORE, NULL);
        return;
    }
    if (hub__tour_team_added(h, s, m->id, x, id))
        return;
    hub__queue(h, s->conn, proto_enc_created(m->id, "team", id));
}

static void do_game_create(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    const proto_game_create *x = &m->game_create;
    const char *names[4] = {x->players[0], x->players[1], x->players[2], x->players[3]};
    if (x->tournament && !has_tournament(h, x->tournament)) {
        hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "tournament");
        return;
    }
    if (x->team1 || x->team2) {
        const hub_team *t1 = hub__team_by_id(h, x->team1), *t2 = hub__team_by_id(h, x->team2);
        if (!t1 || !t2 || t1 == t2) {
            hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, t1 ? "team2" : "team1");
            return;
        }
        /* P-TEAM: team 1 = White on A (captain) + Black on B (partner). */
        names[GAME_A_WHITE] = t1->players[0];
        names[GAME_B_BLACK] = t1->players[1];
        names[GAME_A_BLACK] = t2->players[0];
        names[GAME_B_WHITE] = t2->players[1];
    }
    store_game row = {.tournament = x->tournament,
                      .team1 = x->team1,
                      .team2 = x->team2,
                      .base_ms = x->base_ms,
                      .inc_ms = x->inc_ms,
                      .created_ms = now_wall_ms(),
                      .status = STORE_WAITING,
                      .names = {names[0], names[1], names[2], names[3]},
                      .ruleset = h->cfg.ruleset};
    /* A chess game (F-CHESS): seats 0 White and 1 Black, the FIDE Laws' ruleset. */
    if (x->kind == PROTO_KIND_CHESS) {
        row.kind = GAME_KIND_CHESS;
        row.ruleset = "fide";
        row.names[2] = row.names[3] = "";
    }
    int nseats = game_kind_seats(row.kind);
    char tokens[4][AUTH_TOKEN_LEN + 1];
    const char *tok[4];
    int rc = store_game_add(h->st, &row, &row.id);
    for (int i = 0; i < nseats && rc == BH_OK; i++) {
        rc = hub__token_new(h, "player", row.id, i, tokens[i]);
        tok[i] = tokens[i];
    }
    if (rc == BH_OK)
        rc = hub__game_load(h, &row, now_us);
    if (rc != BH_OK) {
        h->store_failed = true;
        hub__error(h, s->conn, true, m->id, rc, NULL);
        return;
    }
    hub__queue(h, s->conn, proto_enc_game_created(m->id, row.id, tok, nseats));
}

static void do_game_start(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    hub_game *hg = hub__game_by_id(h, m->game_start.game);
    if (!hg) {
        hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "game");
        return;
    }
    if (hg->status != STORE_WAITING) {
        hub__error(h, s->conn, true, m->id, BH_ESTATE, "game");
        return;
    }
    int rc = hub__game_start(h, hg, now_us);
    if (rc != BH_OK) {
        hub__error(h, s->conn, true, m->id, rc, NULL);
        return;
    }
    hub__queue(h, s->conn, proto_enc_ack(m->id, -1, 0, 0, 0));
}

static void do_games(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    (void)now_us;
    proto_game_row *rows = xcalloc((size_t)h->ngames + 1, sizeof *rows);
    for (int i = 0; i < h->ngames; i++) {
        const hub_game *hg = h->games[h->order[i]]; /* by id */
        rows[i] = (proto_game_row){
            hg->id, hub__status_name(hg->status), hg->result[0] ? hg->result : NULL,
            hg->reason[0] ? hg->reason : NULL, hg->recovery[0] ? hg->recovery : NULL};
    }
    hub__queue(h, s->conn, proto_enc_games(m->id, rows, (size_t)h->ngames));
    free(rows);
}

/* The hub team a connection plays for: its team token's, or the team of its seat in a
 * tournament game; 0 for none (a spectator, a director, a single game's player). */
static int64_t team_of_sess(hub *h, const hub_sess *s)
{
    if (s->role == ROLE_TEAM)
        return s->team;
    if (s->role != ROLE_PLAYER || s->seat < 0 || s->seat > 3)
        return 0;
    const hub_game *hg = hub__game_by_id(h, s->game);
    return hg ? hg->team[game_team_of(s->seat) == GAME_TEAM_1 ? 0 : 1] : 0;
}

/* announce: the director's notice to every connection (team 0: the hall: players, teams,
 * spectators, directors) or to one team's connections (its team token's and its seats') and
 * the directors. Not stored: a page that is not connected at that moment does not get it.
 * The reply says to how many connections it went. */
static void do_announce(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    (void)now_us;
    const proto_announce *a = &m->announce;
    const hub_team *t = NULL;
    if (a->team && !(t = hub__team_by_id(h, a->team))) {
        hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "team");
        return;
    }
    const char *name = t ? t->name : NULL;
    int64_t now_ms = now_wall_ms();
    char *push = proto_enc_announcement(false, 0, a->text, a->team, name, now_ms, 0);
    int n = 0;
    for (int i = 0; i < h->capsess; i++) {
        const hub_sess *x = &h->sess[i];
        if (!x->conn || x->conn == s->conn)
            continue;
        if (t && x->role != ROLE_DIRECTOR && team_of_sess(h, x) != t->id)
            continue;
        hub__queue(h, x->conn, xstrdup(push));
        n++;
    }
    free(push);
    log_info("hub: announcement to %s (%d connections): %s", name ? name : "everyone", n, a->text);
    hub__queue(h, s->conn, proto_enc_announcement(true, m->id, a->text, a->team, name, now_ms, n));
}

static void do_ping(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    (void)now_us;
    hub__queue(h, s->conn, proto_enc_pong(m->id, now_wall_ms()));
}

static void do_join(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    hub_game *hg = hub__game_by_id(h, m->join.game);
    bool moved = false;
    if (!hg)
        hg = hub__node_fetch(h, s->conn, true, m->id, m->join.game, "game", &moved);
    if (moved)
        return;
    if (!hg)
        hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "game");
    else
        hub__game_join(h, s, hg, m->id, now_us);
}

static void do_live(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    s->live_sub = true;
    hub__queue(h, s->conn, hub__game_enc_live(h, true, m->id, now_us));
}

/* export's exception: a finished game's record is public (its watchers saw every move and
 * clock): the download of a replay. A live game's stays the director's; an unknown game is
 * not_found for anyone, as a join is. */
static bool public_bpgn(hub *h, const proto_msg *m, const char **field)
{
    if (m->export_.chat) { /* the teams' chat is the director's (P-SEAT) */
        *field = "chat";
        return false;
    }
    if (m->export_.format != PROTO_EXPORT_BPGN)
        return false;
    const hub_game *hg = hub__game_by_id(h, m->export_.game);
    return !hg || hg->status == STORE_FINISHED;
}

/* game2_colors' exception: while no choice of that game is open the answer is not_found, for
 * anyone, whatever the role; only an open choice is the captain's. */
static bool no_choice(hub *h, const proto_msg *m, const char **field)
{
    (void)field;
    return !hub__tour_choice_open(h, m->game2_colors.game);
}

/* ---- dispatch ------------------------------------------------------------------------- */

typedef void hub_run(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
typedef void hub_run_club(hub *h, hub_sess *s, const pclub_msg *m, uint64_t now_us);
typedef void hub_run_league(hub *h, hub_sess *s, const pleague_msg *m, uint64_t now_us);

/* One message kind: who may send it (perm, public in hub.h), when anyone else may too
 * (open_if, the test behind perm.also; when it says no it may name the field the refusal
 * names, else NULL), and what carries it out (run for proto.h's kinds,
 * run_club for proto_club.h's, run_league for proto_league.h's). */
typedef struct {
    hub_perm perm;
    bool (*open_if)(hub *h, const proto_msg *m, const char **field);
    hub_run *run;
    hub_run_club *run_club;
    hub_run_league *run_league;
} hub_route;

#define DIRECTOR HUB_MAY_DIRECTOR
#define ANYONE HUB_MAY_ANYONE
#define PLAYER HUB_MAY_PLAYER
#define TEAM HUB_MAY_TEAM
/* A route's perm is named by its kind's wire name (PROTO_WIRE: proto_names.h, from gen.py). */
#define R(kind, who, fn)                                                                           \
    [kind] = {{PROTO_WIRE(kind), who, NULL, BH_EAUTH, NULL, NULL}, NULL, fn, NULL, NULL}
#define C(kind, who, ...)                                                                          \
    [PROTO_TYPE_COUNT_ +                                                                           \
        kind] = {{PROTO_WIRE(kind), who, NULL, __VA_ARGS__}, NULL, NULL, hub__club_msg, NULL}
#define L(kind, who)                                                                               \
    [PROTO_TYPE_COUNT_ + PCLUB_TYPE_COUNT_ + kind] = {                                             \
        {PROTO_WIRE(kind), who, NULL, BH_EAUTH, NULL, NULL}, NULL, NULL, NULL, hub__league_msg}

/* Every kind, by proto_type, then by PROTO_TYPE_COUNT_ + pclub_type, then by
 * PROTO_TYPE_COUNT_ + PCLUB_TYPE_COUNT_ + pleague_type. The roles are
 * protocol/README.md's "who" column (tests/unit/test_hub_perm.c holds the two together);
 * what a role alone does not decide stays with the handler: a player acts only for its own
 * seat (own_game: not_your_seat), game2_colors only for the captain asked (unauthorized), a
 * club line-up only for a team of that event (not_captain), club_decide with the appeals
 * token it carries (unauthorized), a league player's kinds with the league token they carry
 * (unauthorized, field token; then the league's own checks: not_your_seat, not_captain). */
static const hub_route routes[] = {
    R(PROTO_AUTH, ANYONE, do_auth),
    R(PROTO_JOIN, ANYONE, do_join),
    R(PROTO_MOVE, PLAYER, hub__game_move),
    R(PROTO_PREMOVE_CANCEL, PLAYER, hub__game_premove_cancel),
    R(PROTO_RESIGN, PLAYER, hub__game_act),
    R(PROTO_CHAT, PLAYER, hub__game_chat),
    R(PROTO_PING, ANYONE, do_ping),
    R(PROTO_TOURNAMENT_CREATE, DIRECTOR, do_tournament_create),
    R(PROTO_TEAM_REGISTER, DIRECTOR, do_team_register),
    R(PROTO_GAME_CREATE, DIRECTOR, do_game_create),
    R(PROTO_GAME_START, DIRECTOR, do_game_start),
    R(PROTO_GAMES, DIRECTOR, do_games),
    R(PROTO_DRAW, PLAYER, hub__game_act),
    R(PROTO_CLAIM, PLAYER, hub__game_act),
    R(PROTO_TOURNAMENT_START, DIRECTOR, hub__tour_start),
    R(PROTO_TOURNAMENT_GET, ANYONE, hub__tour_get),
    R(PROTO_TOURNAMENT_PAUSE, DIRECTOR, hub__tour_pause),
    R(PROTO_GAME_PAUSE, DIRECTOR, hub__dir_game_pause),
    R(PROTO_GAME_RESULT, DIRECTOR, hub__dir_game_result),
    R(PROTO_TEAM_WITHDRAW, DIRECTOR, hub__dir_team_withdraw),
    R(PROTO_RESULT_LOG, DIRECTOR, hub__dir_result_log),
    R(PROTO_TEAM_REMOVE, DIRECTOR, hub__dir_team_remove),
    R(PROTO_BYE_REQUEST, DIRECTOR, hub__dir_bye_request),
    R(PROTO_ROUND_SCHEDULE, DIRECTOR, hub__dir_round_schedule),
    R(PROTO_ROUND_PAIR, DIRECTOR, hub__dir_round_pair),
    R(PROTO_ROUND_START, DIRECTOR, hub__dir_round_start),
    [PROTO_EXPORT] = {{PROTO_WIRE(PROTO_EXPORT), DIRECTOR, "the BPGN of a finished game", BH_EAUTH,
                       NULL, NULL},
                      public_bpgn,
                      hub__dir_export,
                      NULL,
                      NULL},
    R(PROTO_LIVE, ANYONE, do_live),
    [PROTO_GAME2_COLORS] = {{PROTO_WIRE(PROTO_GAME2_COLORS), PLAYER | TEAM,
                             "not_found while no choice of that game is open", BH_EAUTH, NULL,
                             NULL},
                            no_choice,
                            hub__tour_game2_colors,
                            NULL,
                            NULL},
    R(PROTO_ANNOUNCE, DIRECTOR, do_announce),
    R(PROTO_TEAM_TOKEN, DIRECTOR, hub__tour_team_token),
    R(PROTO_SIGNUP, ANYONE, hub__acct_signup),
    R(PROTO_LOGIN, ANYONE, hub__acct_login),
    R(PROTO_LOGOUT, ANYONE, hub__acct_logout),
    R(PROTO_GUEST, ANYONE, hub__acct_guest),
    R(PROTO_ENTRY_LINK, TEAM, hub__acct_entry_link),
    R(PROTO_LOBBY, ANYONE, hub__lobby_sub),
    R(PROTO_TABLE, ANYONE, hub__lobby_table),
    R(PROTO_RATING, ANYONE, hub__rating_get),
    R(PROTO_PROFILE, ANYONE, hub__profile_get),
    C(PCLUB_CREATE, DIRECTOR, BH_EAUTH, NULL, NULL),
    C(PCLUB_TEAM, DIRECTOR, BH_EAUTH, NULL, NULL),
    C(PCLUB_START, DIRECTOR, BH_EAUTH, NULL, NULL),
    C(PCLUB_LINEUP, DIRECTOR | TEAM, BH_ENOTCAPTAIN, "F-LINEUP", "captain"),
    C(PCLUB_ROUND_START, DIRECTOR, BH_EAUTH, NULL, NULL),
    C(PCLUB_RESULT, DIRECTOR, BH_EAUTH, NULL, NULL),
    C(PCLUB_PROTEST, TEAM, BH_ENOTCAPTAIN, "F-PROTEST", "filer"),
    C(PCLUB_APPEALS, DIRECTOR, BH_EAUTH, NULL, NULL),
    C(PCLUB_DECIDE, ANYONE, BH_EAUTH, NULL, NULL),
    C(PCLUB_GET, ANYONE, BH_EAUTH, NULL, NULL),
    C(PCLUB_EXPORT, DIRECTOR, BH_EAUTH, NULL, NULL),
    C(PCLUB_ATTEND, DIRECTOR, BH_EAUTH, NULL, NULL),
    C(PCLUB_TEAM_REMOVE, DIRECTOR, BH_EAUTH, NULL, NULL),
    L(PLEAGUE_CREATE, DIRECTOR),
    L(PLEAGUE_TEAM, DIRECTOR),
    L(PLEAGUE_ROSTER, DIRECTOR),
    L(PLEAGUE_TEAM_REMOVE, DIRECTOR),
    L(PLEAGUE_START, DIRECTOR),
    L(PLEAGUE_STAGE_START, DIRECTOR),
    L(PLEAGUE_GET, ANYONE),
    L(PLEAGUE_SEND, ANYONE),
    L(PLEAGUE_ACCEPT, ANYONE),
    L(PLEAGUE_COUNTER, ANYONE),
    L(PLEAGUE_TC, ANYONE),
    L(PLEAGUE_SUBSTITUTE, ANYONE),
    L(PLEAGUE_EXTEND, DIRECTOR),
    L(PLEAGUE_RESULT, DIRECTOR),
    L(PLEAGUE_LOT, DIRECTOR),
    L(PLEAGUE_NOTICES, ANYONE),
    L(PLEAGUE_EXPORT, DIRECTOR),
};
#undef R
#undef C
#undef L
#undef DIRECTOR
#undef ANYONE
#undef PLAYER
#undef TEAM

_Static_assert(sizeof routes / sizeof routes[0] ==
                   PROTO_TYPE_COUNT_ + PCLUB_TYPE_COUNT_ + PLEAGUE_TYPE_COUNT_,
               "one route per message kind");
_Static_assert(HUB_ROLE_BIT(ROLE_SPECTATOR) == HUB_MAY_SPECTATOR &&
                   HUB_ROLE_BIT(ROLE_PLAYER) == HUB_MAY_PLAYER &&
                   HUB_ROLE_BIT(ROLE_DIRECTOR) == HUB_MAY_DIRECTOR &&
                   HUB_ROLE_BIT(ROLE_TEAM) == HUB_MAY_TEAM,
               "hub.h's HUB_MAY_* bits are the roles'");

void hub_job_run(hub_job *j)
{
    j->run(j);
}

void hub_job_cancel(hub_job *j)
{
    if (j->cancel)
        j->cancel(j);
}

bool hub_job_long(const hub_job *j)
{
    return j->long_;
}

void hub_job_free(hub_job *j)
{
    if (j)
        j->free_(j);
}

void hub_on_job(hub *h, hub_job *j, uint64_t now_us)
{
    j->done(h, j, now_us);
    hub__arm(h);
}

size_t hub_dispatch_count(void)
{
    return sizeof routes / sizeof routes[0];
}

const hub_perm *hub_dispatch_at(size_t i)
{
    return i < hub_dispatch_count() ? &routes[i].perm : NULL;
}

/* The game of a seat's act (move, resign, draw, claim, chat), -1 for other kinds. */
static int64_t seat_act_game(const proto_msg *m)
{
    switch (m->type) {
    case PROTO_MOVE: return m->move.game;
    case PROTO_PREMOVE_CANCEL: return m->premove_cancel.game;
    case PROTO_RESIGN: return m->resign.game;
    case PROTO_DRAW: return m->draw.game;
    case PROTO_CLAIM: return m->claim.game;
    case PROTO_CHAT: return m->chat.game;
    default: return -1;
    }
}

/* The words of a role refusal: what the message needs and what the connection holds
 * ("club_create needs a director's token; this connection holds a player's"), so a
 * client does not read "bad token" when its token is good but for another role. Returns a
 * static buffer, valid until the next call. */
static const char *role_refusal(const hub_sess *s, const hub_perm *p)
{
    static const char *const whose[] = {[ROLE_SPECTATOR] = "a spectator's",
                                        [ROLE_PLAYER] = "a player's",
                                        [ROLE_DIRECTOR] = "a director's",
                                        [ROLE_TEAM] = "a team's"};
    static char msg[200];
    char need[96] = "";
    for (int role = ROLE_PLAYER; role <= ROLE_TEAM; role++)
        if (p->roles & HUB_ROLE_BIT(role))
            snprintf(need + strlen(need), sizeof need - strlen(need), "%s%s", need[0] ? " or " : "",
                     whose[role]);
    bool none = s->role == ROLE_SPECTATOR || s->role < 0 || s->role > ROLE_TEAM;
    snprintf(msg, sizeof msg, "%s needs %s token; this connection holds %s", p->type,
             need[0] ? need : "another", none ? "none" : whose[s->role]);
    return msg;
}

/* May s send a message of route r (open: its exception holds)? Else the refusal is queued
 * (BH_EAUTH naming field, NULL: none; m, NULL for a club kind: a read-only view's act in its
 * finished game gets game_over instead) (nothing else happens: no handler runs, no state changes)
 * and false returned. */
static bool allowed(hub *h, const hub_sess *s, int64_t id, const hub_route *r, bool open,
                    const char *field, const proto_msg *m)
{
    if (open || (r->perm.roles & HUB_ROLE_BIT(s->role)))
        return true;
    if (m && s->view_game >= 0 && seat_act_game(m) == s->view_game)
        /* the read-only view of a finished game's token acting in that
         * game: it is over for that seat, which is what its holder needs to hear */
        hub__error(h, s->conn, true, id, BH_EOVER, "game");
    else if (r->perm.refusal == BH_EAUTH)
        hub__queue(h, s->conn,
                   proto_enc_error_msg(true, id, BH_EAUTH, field, role_refusal(s, &r->perm)));
    else
        hub__queue(h, s->conn,
                   proto_club_enc_error(true, id, r->perm.refusal, r->perm.field, r->perm.rule));
    return false;
}

/* Is m a team event's message (the Swiss's, a club's, a league's)? Those run on a server
 * started without --node: one runner per event is not elected among nodes. */
static bool team_event_msg(const proto_any *m)
{
    static const proto_type swiss[] = {
        PROTO_TOURNAMENT_CREATE, PROTO_TEAM_REGISTER, PROTO_TOURNAMENT_START, PROTO_TOURNAMENT_GET,
        PROTO_TOURNAMENT_PAUSE,  PROTO_TEAM_WITHDRAW, PROTO_TEAM_REMOVE,      PROTO_BYE_REQUEST,
        PROTO_ROUND_SCHEDULE,    PROTO_ROUND_PAIR,    PROTO_ROUND_START,      PROTO_GAME2_COLORS,
        PROTO_TEAM_TOKEN,        PROTO_ENTRY_LINK};
    if (m->fam != PROTO_FAM_CORE)
        return true;
    for (size_t i = 0; i < BH_ARRAY_LEN(swiss); i++)
        if (m->core.type == swiss[i])
            return true;
    return false;
}

void hub_on_text(hub *h, uint64_t c, const char *buf, size_t len, uint64_t now_us)
{
    if (hub__node_lost(h, now_us))
        return; /* the process stops at the turn's end; the client reconnects elsewhere */
    hub_sess *s = hub__sess_find(h, c);
    if (!s)
        s = hub__sess_add(h, c);
    proto_err err;
    proto_any a; /* decoded once; its family is the type's (proto_any.h) */
    int rc = proto_decode_any(buf, len, &a, &err);
    if (rc != BH_OK) {
        hub__error(h, c, err.has_id, err.id, rc, err.field);
        hub__arm(h);
        return;
    }
    const hub_route *r;
    if (h->node_ && team_event_msg(&a)) {
        hub__queue(h, c,
                   proto_enc_error_msg(true,
                                       a.fam == PROTO_FAM_LEAGUE ? a.league.id
                                       : a.fam == PROTO_FAM_CLUB ? a.club.id
                                                                 : a.core.id,
                                       BH_ESTATE, "type",
                                       "team events run on a server started without --node"));
        proto_any_free(&a);
        hub__arm(h);
        return;
    }
    switch (a.fam) {
    case PROTO_FAM_LEAGUE: /* the leagues (hub_league.c) */
        r = &routes[PROTO_TYPE_COUNT_ + PCLUB_TYPE_COUNT_ + a.league.type];
        if (allowed(h, s, a.league.id, r, false, NULL, NULL))
            r->run_league(h, s, &a.league, now_us);
        break;
    case PROTO_FAM_CLUB: /* the club round robins (hub_club.c) */
        r = &routes[PROTO_TYPE_COUNT_ + a.club.type];
        if (allowed(h, s, a.club.id, r, false, NULL, NULL))
            r->run_club(h, s, &a.club, now_us);
        break;
    default: {
        r = &routes[a.core.type];
        const char *field = NULL; /* set by open_if: read only after it ran */
        bool open = r->open_if && r->open_if(h, &a.core, &field);
        if (allowed(h, s, a.core.id, r, open, field, &a.core))
            r->run(h, s, &a.core, now_us);
        break;
    }
    }
    proto_any_free(&a);
    hub__arm(h);
}
