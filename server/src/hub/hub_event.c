/* hub_event.c: the one executor of the team events on the seam (hub_event.h, tourney/seam/tfmt.h).
 * SPDX-License-Identifier: MIT
 * Each event's state text is stored in the event table (store_state.h: id, state; the format
 * named by the text's magic word) and each of its games in the game map (tour_games) in the
 * turn's transaction that made it, so a kill -9 loses nothing that was acknowledged. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auth.h"
#include "bh.h"
#include "hub_event.h"
#include "log.h"
#include "now.h"
#include "proto_tour.h"
#include "result.h"
#include "store_state.h"
#include "store_tour.h"
#include "xalloc.h"

typedef struct {
    tfmt_key key;
    int64_t gid; /* 0: the game could not be created */
} hev_game;

struct hub_event {
    int64_t id;
    const hub_fmt *f;
    void *ev;
    uint64_t *subs; /* connections that get its pushes */
    int nsubs, capsubs;
    hev_game *g; /* creation order */
    int ng, capg;
    bool dirty;  /* changed since its last push: pushed by hub__event_flush */
    bool pushed; /* pushed once: last_push_us holds */
    uint64_t last_push_us;
};

struct hub_events {
    hub_event **v; /* heap-allocated each: stable while actions run */
    int n, cap;
    bool have_off;
    int64_t wall_off_us; /* wall-clock µs - monotonic µs, read once */
    uint64_t now_us;     /* the latest loop time given to an event (the turn's, for the flush) */
};

static hub_events *events(hub *h)
{
    if (!h->events_)
        h->events_ = xcalloc(1, sizeof *h->events_);
    return h->events_;
}

hub_event *hub__event_add(hub *h, int64_t id, const hub_fmt *f, void *ev)
{
    hub_events *es = events(h);
    BH_GROW(es->v, es->n, es->cap);
    hub_event *e = xcalloc(1, sizeof *e);
    *e = (hub_event){.id = id, .f = f, .ev = ev};
    es->v[es->n++] = e;
    return e;
}

hub_event *hub__event_find(hub *h, int64_t id)
{
    for (int i = 0; h->events_ && i < h->events_->n; i++)
        if (h->events_->v[i]->id == id)
            return h->events_->v[i];
    return NULL;
}

hub_event *hub__event_find_fmt(hub *h, int64_t id, const hub_fmt *f)
{
    hub_event *e = hub__event_find(h, id);
    return e && e->f == f ? e : NULL;
}

int64_t hub__event_id(const hub_event *e)
{
    return e->id;
}

const hub_fmt *hub__event_fmt(const hub_event *e)
{
    return e->f;
}

void *hub__event_state(const hub_event *e)
{
    return e->ev;
}

static int64_t wall_off(const hub *h)
{
    hub_events *es = h->events_;
    if (!es->have_off) {
        es->wall_off_us = now_wall_ms() * 1000 - (int64_t)now_mono_us();
        es->have_off = true;
    }
    return es->wall_off_us;
}

uint64_t hub__event_now(const hub *h, const hub_event *e, uint64_t now_us)
{
    if (e->f->core->clock != TFMT_CLOCK_WALL)
        return now_us;
    return (uint64_t)((int64_t)now_us + wall_off(h));
}

/* An instant at of e's clock on the loop's (monotonic) clock; 0 stays 0 (none). */
int64_t hub__wall_off(hub *h)
{
    events(h);
    return wall_off(h);
}

static uint64_t to_mono(const hub *h, const hub_event *e, uint64_t at)
{
    if (!at || e->f->core->clock != TFMT_CLOCK_WALL)
        return at;
    int64_t m = (int64_t)at - wall_off(h);
    return m > 0 ? (uint64_t)m : 1;
}

void hub__event_subscribe(hub *h, hub_event *e, uint64_t conn)
{
    (void)h;
    for (int i = 0; i < e->nsubs; i++)
        if (e->subs[i] == conn)
            return;
    BH_GROW(e->subs, e->nsubs, e->capsubs);
    e->subs[e->nsubs++] = conn;
}

void hub__event_persist(hub *h, hub_event *e)
{
    if (e->f->persist) {
        e->f->persist(h, e);
        return;
    }
    char *text = e->f->core->save(e->ev);
    if (!text || store_state_put(h->st, e->id, text) != BH_OK)
        h->store_failed = true;
    free(text);
}

void hub__event_push(hub *h, hub_event *e, uint64_t now_us)
{
    e->dirty = true;
    if (now_us > h->events_->now_us)
        h->events_->now_us = now_us;
}

/* When e's due push may go (monotonic µs): at once (0) or HUB_EVENT_PUSH_GAP_MS after its last. */
static uint64_t push_due(const hub_event *e)
{
    return e->pushed ? e->last_push_us + (uint64_t)HUB_EVENT_PUSH_GAP_MS * 1000 : 0;
}

/* The snapshot (hub_fmt.enc) encoded once, one buffer queued to every open subscriber but
 * those hub_fmt.enc_for encodes on their own. */
static void push_now(hub *h, hub_event *e, uint64_t now_us)
{
    e->dirty = false;
    e->pushed = true;
    e->last_push_us = now_us;
    char *msg = e->f->enc ? e->f->enc(h, e, now_us) : NULL;
    hub_blob *b = msg ? hub__blob_new(msg) : NULL;
    for (int i = 0; b && i < e->nsubs;) {
        const hub_sess *s = hub__sess_find(h, e->subs[i]);
        if (!s) { /* closed */
            e->subs[i] = e->subs[--e->nsubs];
            continue;
        }
        char *own = e->f->enc_for ? e->f->enc_for(h, e, s, now_us) : NULL;
        if (own)
            hub__queue(h, e->subs[i++], own);
        else
            hub__queue_blob(h, e->subs[i++], b);
    }
    hub__blob_unref(b);
}

void hub__event_flush(hub *h)
{
    hub_events *es = h->events_;
    for (int i = 0; es && i < es->n; i++) {
        hub_event *e = es->v[i];
        if (e->dirty && push_due(e) <= es->now_us)
            push_now(h, e, es->now_us);
    }
}

/* ---- games -------------------------------------------------------------------------------- */

static void map_add(hub_event *e, tfmt_key k, int64_t gid)
{
    BH_GROW(e->g, e->ng, e->capg);
    e->g[e->ng++] = (hev_game){k, gid};
}

int64_t hub__event_gid(const hub_event *e, tfmt_key k)
{
    for (int i = e->ng - 1; i >= 0; i--) /* the latest: a game played again has a new id */
        if (tfmt_key_eq(e->g[i].key, k))
            return e->g[i].gid;
    return 0;
}

hub_event *hub__event_of_game(hub *h, int64_t gid, tfmt_key *k)
{
    for (int t = 0; gid && h->events_ && t < h->events_->n; t++) {
        hub_event *e = h->events_->v[t];
        for (int i = 0; i < e->ng; i++)
            if (e->g[i].gid == gid) {
                if (k)
                    *k = e->g[i].key;
                return e;
            }
    }
    return NULL;
}

int hub__event_n_games(const hub_event *e)
{
    return e->ng;
}

tfmt_key hub__event_game_at(const hub_event *e, int i, int64_t *gid)
{
    if (gid)
        *gid = e->g[i].gid;
    return e->g[i].key;
}

/* The team (index into hg->team) that owns seat of hg: chess 0 White, 1 Black; bughouse by
 * its board's team (P-TEAM: team 1 = White on A and Black on B). */
static int owner(const hub_game *hg, int seat)
{
    if (hg->kind == GAME_KIND_CHESS)
        return seat;
    return game_team_of(seat) == GAME_TEAM_1 ? 0 : 1;
}

void hub__event_assign(hub *h, int64_t gid, uint64_t conn, int64_t team)
{
    hub_game *hg = hub__game_by_id(h, gid);
    tfmt_key k = {0, 0, 0, 0};
    hub_event *e = hub__event_of_game(h, gid, &k);
    if (!hg || !e)
        return;
    char tok[4][AUTH_TOKEN_LEN + 1];
    proto_assign a = {.tournament = e->id,
                      .round = k.round,
                      .match = k.match,
                      .game_no = e->f->core->slot == TFMT_SLOT_BOARD ? k.board : k.game,
                      .game = gid,
                      .team1 = hg->team[0],
                      .team2 = hg->team[1]};
    for (int seat = 0; seat < hub__seats(hg); seat++) {
        if (team && hg->team[owner(hg, seat)] != team)
            continue;
        if (hub__seat_token(h, gid, seat, tok[seat]) != BH_OK) {
            h->store_failed = true;
            return;
        }
        a.seats[a.n] = seat;
        a.tokens[a.n] = tok[seat];
        a.names[a.n] = hg->players[seat];
        a.n++;
    }
    if (a.n)
        hub__queue(h, conn, proto_enc_assign(&a));
}

void hub__event_assigns_to(hub *h, hub_event *e, const hub_sess *s)
{
    if (s->role != ROLE_TEAM)
        return;
    for (int i = 0; i < e->ng; i++) {
        hub_game *hg = hub__game_by_id(h, e->g[i].gid);
        if (hg && hg->status != STORE_FINISHED &&
            (hg->team[0] == s->team || hg->team[1] == s->team))
            hub__event_assign(h, e->g[i].gid, s->conn, s->team);
    }
}

bool hub__event_game_info(hub *h, int64_t gid, hub_event **e, tfmt_key *k, const char **event,
                          const char *teams[2])
{
    hub_event *x = hub__event_of_game(h, gid, k);
    if (!x)
        return false;
    *e = x;
    *event = NULL;
    teams[0] = teams[1] = NULL;
    if (x->f->game_names && !x->f->game_names(h, x, *k, event, teams))
        *event = NULL, teams[0] = teams[1] = NULL;
    return true;
}

tfmt_res hub__event_res(const hub_game *hg)
{
    bool forfeit = strncmp(hg->reason, "forfeit", 7) == 0;
    bh_result r = BH_RES_NONE;
    bh_result_parse(hg->result, strlen(hg->result), &r);
    if (r == BH_RES_WIN1)
        return forfeit ? TFMT_FF_W : TFMT_WIN1;
    if (r == BH_RES_WIN2)
        return forfeit ? TFMT_FF_B : TFMT_WIN2;
    if (strcmp(hg->reason, "forfeit_both") == 0)
        return TFMT_FF_BOTH;
    /* A game that no one decided over the board (a restart adjudicated it): void. A director's
     * result is not, whatever its reason says. */
    return strcmp(hg->recovery, "adjudicated") == 0 ? TFMT_VOID : TFMT_DRAW;
}

/* CREATE_GAME (see hub_event.h). */
static void create_game(hub *h, hub_event *e, const tfmt_act *x, uint64_t now_us)
{
    const tfmt_ops *ops = e->f->core;
    bool chess = x->create.game_kind == GAME_KIND_CHESS;
    const char *names[4] = {"", "", "", ""};
    for (int seat = 0; seat < (chess ? 2 : 4) && e->f->seat_name; seat++)
        if (!(names[seat] = e->f->seat_name(h, e, x, seat))) {
            log_error("hub: %s %lld: a game of unknown teams %lld - %lld", e->f->label,
                      (long long)e->id, (long long)x->create.team[0], (long long)x->create.team[1]);
            map_add(e, x->key, 0);
            return;
        }
    char n0[GAME_NAME_MAX], n1[GAME_NAME_MAX], n2[GAME_NAME_MAX], n3[GAME_NAME_MAX];
    snprintf(n0, sizeof n0, "%s", names[0]); /* seat_name's storage is borrowed per call */
    snprintf(n1, sizeof n1, "%s", names[1]);
    snprintf(n2, sizeof n2, "%s", names[2]);
    snprintf(n3, sizeof n3, "%s", names[3]);
    store_game row = {.tournament = e->id,
                      .team1 = x->create.team[0],
                      .team2 = x->create.team[1],
                      .base_ms = x->create.base_ms,
                      .inc_ms = x->create.inc_ms,
                      .created_ms = now_wall_ms(),
                      .status = STORE_WAITING,
                      .names = {n0, n1, n2, n3},
                      .ruleset = x->create.ruleset,
                      .kind = chess ? GAME_KIND_CHESS : GAME_KIND_BUGHOUSE};
    int game_no = 0;
    int rc = tfmt_key_pack(ops->slot, x->key, &game_no);
    if (rc == BH_OK)
        rc = store_game_add(h->st, &row, &row.id);
    char tok[AUTH_TOKEN_LEN + 1];
    for (int i = 0; i < (chess ? 2 : 4) && rc == BH_OK; i++)
        rc = hub__seat_token(h, row.id, i, tok);
    store_tgame tg = {row.id, e->id, x->key.round, x->key.match, game_no, x->create.team[0]};
    if (rc == BH_OK)
        rc = store_tgame_add(h->st, &tg);
    if (rc == BH_OK)
        rc = hub__game_load(h, &row, now_us);
    hub_game *hg = rc == BH_OK ? hub__game_by_id(h, row.id) : NULL;
    uint64_t start_us = to_mono(h, e, x->create.start_us);
    if (hg && x->create.wait_s == 0 && start_us <= now_us)
        rc = hub__game_start(h, hg, now_us); /* no gate: the clocks run at once */
    map_add(e, x->key, rc == BH_OK ? row.id : 0);
    if (rc != BH_OK) {
        h->store_failed = true;
        log_error("hub: %s %lld: game %d.%d.%d.%d: not created (%s)", e->f->label, (long long)e->id,
                  x->key.round, x->key.match + 1, x->key.game + 1, x->key.board + 1,
                  bh_errname(rc));
        return;
    }
    for (int i = 0; i < h->capsess; i++) { /* the two teams' connections (and directors) */
        const hub_sess *s = &h->sess[i];
        if (!s->conn)
            continue;
        if (s->role == ROLE_TEAM && (s->team == x->create.team[0] || s->team == x->create.team[1]))
            hub__event_assign(h, row.id, s->conn, s->team);
        else if (s->role == ROLE_DIRECTOR && e->f->assign_directors)
            hub__event_assign(h, row.id, s->conn, 0);
    }
    if (hg->status == STORE_WAITING) /* the gate: from start_us, when all are here */
        hub__game_gate(h, hg, &(game_gate){start_us, x->create.wait_s}, now_us);
    char where[32] = "";
    if (ops->slot != TFMT_SLOT_GAME)
        snprintf(where, sizeof where, " board %d", x->key.board + 1);
    log_info("hub: %s %lld round %d match %d game %d%s: game %lld", e->f->label, (long long)e->id,
             x->key.round, x->key.match + 1, x->key.game + 1, where, (long long)row.id);
}

/* END_GAME: the game ends now, if it is still played (a waiting one starts first). */
static void end_game(hub *h, hub_event *e, const tfmt_act *x, uint64_t now_us)
{
    hub_game *hg = hub__game_by_id(h, hub__event_gid(e, x->key));
    if (hg && hg->status == STORE_WAITING)
        hub__game_start(h, hg, now_us);
    if (!hg || hg->status != STORE_LIVE)
        return;
    char reason[24];
    const char *why = x->end.reason ? x->end.reason : "";
    size_t n = strcspn(why, ":");
    snprintf(reason, sizeof reason, "%.*s", (int)(n < sizeof reason ? n : sizeof reason - 1), why);
    const char *res = bh_result_token(bh_result_plain(tfmt_res_result(x->end.result)));
    hub__game_set_result(h, hg, res, reason, "server", e->f->label, now_us);
}

void hub__event_run(hub *h, hub_event *e, tfmt_acts *a, uint64_t now_us)
{
    bool push = false, save = false;
    for (int i = 0; i < a->n; i++) {
        tfmt_act *x = &a->v[i];
        switch (x->kind) {
        case TFMT_ACT_CREATE_GAME: create_game(h, e, x, now_us); break;
        case TFMT_ACT_END_GAME: end_game(h, e, x, now_us); break;
        case TFMT_ACT_PERSIST: save = true; break;
        case TFMT_ACT_ROUND:
        case TFMT_ACT_STANDINGS:
            if (e->f->publish)
                e->f->publish(h, e, x, now_us);
            else
                push = true;
            break;
        case TFMT_ACT_NOTE:
        case TFMT_ACT_FINISH:
            log_msg(x->say.rc < 0 ? LOG_ERROR : LOG_INFO, "hub: %s %lld: %s", e->f->label,
                    (long long)e->id, x->say.text);
            break;
        default:
            if (e->f->act)
                e->f->act(h, e, x, now_us);
            else
                log_error("hub: %s %lld: action %d not carried out", e->f->label, (long long)e->id,
                          x->kind);
            break;
        }
    }
    tfmt_acts_fini(a);
    if (save)
        hub__event_persist(h, e);
    if (push)
        hub__event_push(h, e, now_us);
}

/* ---- the hub's hooks ---------------------------------------------------------------------- */

bool hub__event_game_over(hub *h, hub_game *hg, uint64_t now_us)
{
    tfmt_key k;
    hub_event *e = hub__event_of_game(h, hg->id, &k);
    if (!e)
        return false;
    tfmt_acts a;
    tfmt_acts_init(&a);
    e->f->core->game_over(e->ev, k, hub__event_res(hg), hub__event_now(h, e, now_us), &a);
    hub__event_run(h, e, &a, now_us);
    return true;
}

void hub__event_seat(hub *h, hub_game *hg, int seat, uint64_t now_us)
{
    tfmt_key k;
    hub_event *e = hub__event_of_game(h, hg->id, &k);
    if (e && e->f->core->seat_present && e->f->core->seat_present(e->ev, k, seat)) {
        hub__event_persist(h, e);
        hub__event_push(h, e, now_us); /* the arbiter's table: who is at the board */
    }
}

uint64_t hub__event_deadline(const hub *h)
{
    uint64_t at = 0;
    for (int i = 0; h->events_ && i < h->events_->n; i++) {
        const hub_event *e = h->events_->v[i];
        uint64_t x = to_mono(h, e, e->f->core->next_instant(e->ev));
        if (x && (!at || x < at))
            at = x;
        uint64_t p = e->dirty ? push_due(e) : 0; /* a push held back (hub__event_flush) */
        if (p && (!at || p < at))
            at = p;
    }
    return at;
}

static void time_of(hub *h, hub_event *e, uint64_t now_us)
{
    uint64_t at = to_mono(h, e, e->f->core->next_instant(e->ev));
    if (!at || at > now_us)
        return;
    tfmt_acts a;
    tfmt_acts_init(&a);
    e->f->core->on_time(e->ev, hub__event_now(h, e, now_us), &a);
    hub__event_run(h, e, &a, now_us);
}

void hub__event_timers(hub *h, uint64_t now_us)
{
    if (h->events_ && now_us > h->events_->now_us)
        h->events_->now_us = now_us; /* a held-back push due now goes at the turn's end */
    for (int i = 0; h->events_ && i < h->events_->n; i++)
        time_of(h, h->events_->v[i], now_us);
}

/* ---- loading ------------------------------------------------------------------------------ */

typedef struct {
    hub *h;
    uint64_t now_us;
} load_ctx;

static int load_row(void *ctx, int64_t id, const char *state)
{
    load_ctx *lc = ctx;
    const hub *h = lc->h;
    const tfmt_ops *cores[HUB_FORMATS_MAX];
    for (int i = 0; i < h->nformats; i++)
        cores[i] = h->formats[i]->core;
    const tfmt_ops *ops = tfmt_find(cores, h->nformats, state);
    const hub_fmt *f = NULL;
    for (int i = 0; ops && i < h->nformats; i++)
        if (h->formats[i]->core == ops)
            f = h->formats[i];
    if (!f) {
        log_error("hub: event %lld: stored state of an unknown format (\"%.16s\"): kept as "
                  "stored",
                  (long long)id, state);
        return 0;
    }
    hub_event tmp = {.id = id, .f = f}; /* for its clock */
    events(lc->h);
    void *ev = NULL;
    int line = 0;
    if (ops->load(id, state, hub__event_now(lc->h, &tmp, lc->now_us), &ev, &line) != BH_OK) {
        log_error("hub: %s %lld: the stored state does not load (line %d): kept as stored",
                  f->label, (long long)id, line);
        return 0;
    }
    hub__event_add(lc->h, id, f, ev);
    return 0;
}

static int load_tgame(void *ctx, const store_tgame *row)
{
    hub *h = ctx;
    hub_event *e = hub__event_find(h, row->tournament);
    tfmt_key k;
    if (!e || tfmt_key_unpack(e->f->core->slot, row->round, row->match, row->game_no, &k) != BH_OK)
        return 0;
    if (e->f->core->restore_game)
        e->f->core->restore_game(e->ev, k, row->team1);
    map_add(e, k, row->game);
    return 0;
}

int hub__event_load(hub *h, uint64_t now_us)
{
    load_ctx lc = {h, now_us};
    for (int i = 0; i < h->nformats; i++)
        if (h->formats[i]->load_rows && h->formats[i]->load_rows(h, now_us) != BH_OK)
            return BH_ESTORE;
    if (store_each_state(h->st, load_row, &lc) != BH_OK ||
        store_each_tgame(h->st, load_tgame, h) != BH_OK)
        return BH_ESTORE;
    for (int t = 0; h->events_ && t < h->events_->n; t++) {
        hub_event *e = h->events_->v[t];
        const tfmt_ops *ops = e->f->core;
        uint64_t now = hub__event_now(h, e, now_us);
        /* The games' ends as the store has them, in creation order: the format ignores those
         * it knows and applies the others (a turn whose event update is missing). */
        tfmt_acts a;
        tfmt_acts_init(&a);
        for (int i = 0; i < e->ng; i++) {
            hub_game *hg = hub__game_by_id(h, e->g[i].gid);
            if (hg && hg->status == STORE_FINISHED) {
                ops->game_over(e->ev, e->g[i].key, hub__event_res(hg), now, &a);
                hub__event_run(h, e, &a, now_us);
            }
        }
        if (ops->loaded) {
            ops->loaded(e->ev, now, &a);
            hub__event_run(h, e, &a, now_us);
        }
        /* A game that was waiting for its players: its gate is not stored, so it waits the
         * whole waiting time again from now. */
        game_gate again = {now_us, ops->wait_s ? ops->wait_s(e->ev) : 0};
        for (int i = 0; i < e->ng; i++) {
            hub_game *hg = hub__game_by_id(h, e->g[i].gid);
            if (hg && hg->status == STORE_WAITING && !hg->gated)
                hub__game_gate(h, hg, &again, now_us);
        }
        if (e->f->after_load)
            e->f->after_load(h, e);
        /* What fell due while the server was down, once (the formats act only on what is
         * due: a league's deadlines that passed fire now). */
        ops->on_time(e->ev, now, &a);
        hub__event_run(h, e, &a, now_us);
    }
    return BH_OK;
}

void hub__event_free(hub *h)
{
    if (!h->events_)
        return;
    for (int i = 0; i < h->events_->n; i++) {
        hub_event *e = h->events_->v[i];
        e->f->core->free(e->ev);
        free(e->subs);
        free(e->g);
        free(e);
    }
    free(h->events_->v);
    free(h->events_);
    h->events_ = NULL;
}

/* ---- the games' owner --------------------------------------------------------------------- */

static bool owner_game_over(hub *h, hub_game *hg, uint64_t now_us)
{
    return hub__event_game_over(h, hg, now_us);
}

static void owner_changed(hub *h, const hub_game *hg)
{
    tfmt_key k;
    hub_event *e = hg->tournament ? hub__event_of_game(h, hg->id, &k) : NULL;
    if (e && e->f->game_changed)
        e->f->game_changed(h, e, hg);
}

static bool owner_info(hub *h, int64_t gid, hub_game_info *out)
{
    hub_event *e;
    const char *event;
    memset(out, 0, sizeof *out);
    if (!hub__event_game_info(h, gid, &e, &out->key, &event, out->teams))
        return false;
    out->event = e->id;
    out->name = event;
    out->slot = e->f->core->slot;
    return true;
}

const hub_game_owner hub__event_owner = {
    .deadline = hub__event_deadline,
    .game_over = owner_game_over,
    .seat = hub__event_seat,
    .changed = owner_changed,
    .info = owner_info,
};

/* ---- the formats' commands ---------------------------------------------------------------- */

bool hub__event_token(hub *h, int64_t ref, const char *role, const char *token, int *seat)
{
    char hash[AUTH_HASH_LEN + 1], got[16];
    int64_t at;
    return auth_hash(token, hash) == BH_OK &&
           store_token_find(h->st, hash, got, &at, seat) == BH_OK && strcmp(got, role) == 0 &&
           at == ref;
}

int hub__event_roster(const proto_player_in *players, int n, roster *r, refusal *why)
{
    roster_init(r);
    for (int i = 0; i < n; i++) {
        const proto_player_in *p = &players[i];
        int rc = roster_add(r, p->id, p->name, p->rating, p->invited, why);
        if (rc != BH_OK)
            return refusal_set(why, rc, why ? why->rule : NULL, "players", i);
    }
    return BH_OK;
}
