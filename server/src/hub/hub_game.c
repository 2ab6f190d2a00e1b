/* hub_game.c: live games: start, moves, resignations, chat, deadlines, persistence of the
 * event list, broadcasts, and recovery at load. SPDX-License-Identifier: MIT
 * Game time is monotonic time minus the game's base (game time 0 = the start), so the stored
 * instants mean the same thing after a restart; resuming a game sets the base so that the
 * clocks continue from the last stored event (the time the server was down is not charged).
 * Every event the game appends is stored in the same loop turn, before any reply. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bh.h"
#include "bpgn.h"
#include "hub_int.h"
#include "log.h"
#include "now.h"
#include "proto_tour.h"
#include "result.h"
#include "xalloc.h"

static const char *const ev_kind[] = {
    [GAME_EV_START] = "start",
    [GAME_EV_MOVE] = "move",
    [GAME_EV_ILLEGAL] = "illegal",
    [GAME_EV_FLAG] = "flag",
    [GAME_EV_RESIGN] = "resign",
    [GAME_EV_DRAW_OFFER] = "draw_offer",
    [GAME_EV_DRAW_DECLINE] = "draw_decline",
    [GAME_EV_DRAW_ACCEPT] = "draw_accept",
    [GAME_EV_CLAIM] = "claim",
    [GAME_EV_RESULT] = "result",
    [GAME_EV_PREMOVE] = "premove",
};

static const char *kind_name(int type)
{
    return type > 0 && type < (int)BH_ARRAY_LEN(ev_kind) && ev_kind[type] ? ev_kind[type]
                                                                          : "unknown";
}

/* Game time of monotonic now (never before the game's last instant). A game that is not
 * live stands still at its last instant: an adjudicated game's model never saw an end, and
 * its clocks must not run on. */
static uint64_t gtime(const hub_game *hg, uint64_t now_us)
{
    int64_t t = (int64_t)now_us - hg->base_us;
    uint64_t last = hg->g ? game_last_us(hg->g) : 0;
    if (hg->status != STORE_LIVE) /* a director's end is later than the last game event */
        return hg->end_gt > last ? hg->end_gt : last;
    if (hg->paused) /* the director's pause: game time stands still */
        return hg->paused_gt < last ? last : hg->paused_gt;
    return t < 0 || (uint64_t)t < last ? last : (uint64_t)t;
}

/* Where the moves among the events [from, n) of g stand: the index in game_plies of the
 * first of them and each board's ply count before it (the game owns the move list; the hub
 * keeps no copy). */
typedef struct {
    size_t ply;
    int board[2];
} mv_cursor;

static mv_cursor mv_cursor_at(const game *g, size_t from)
{
    size_t n, np;
    const game_event *ev = game_events(g, &n);
    game_plies(g, &np);
    mv_cursor c = {np, {game_board_plies(g, 0), game_board_plies(g, 1)}};
    for (size_t i = from; i < n; i++)
        if (ev[i].type == GAME_EV_MOVE) {
            c.ply--;
            c.board[ev[i].seat >> 1]--;
        }
    return c;
}

/* A delta that appended nothing (a call that failed before the game looked at it). */
static game_delta no_delta(const hub_game *hg)
{
    return (game_delta){.ev_first = hg->stored, .board = -1, .seat = -1, .handed_to = -1};
}

/* The setup of hg's game: its ruleset, time control and players (team1_is 1, the initial
 * position: a hub game has no other). */
static void setup_of(const hub_game *hg, game_setup *out)
{
    game_setup_init(out, &hg->rules, hg->base_ms, hg->inc_ms);
    out->kind = hg->kind;
    for (int i = 0; i < 4; i++)
        memcpy(out->players[i], hg->players[i], GAME_NAME_MAX);
}

static void watchers_add(hub_game *hg, uint64_t c)
{
    BH_GROW(hg->watch, hg->nwatch, hg->capwatch);
    hg->watch[hg->nwatch++] = c;
}

static void watchers_del(hub_game *hg, uint64_t c)
{
    for (int i = 0; i < hg->nwatch; i++)
        if (hg->watch[i] == c) {
            hg->watch[i] = hg->watch[--hg->nwatch];
            return;
        }
}

/* Queue msg (owned) to every watcher: one buffer, checked once, for all (hub__queue_blob). */
static void broadcast(hub *h, hub_game *hg, char *msg)
{
    hub_blob *b = hub__blob_new(msg);
    for (int i = 0; i < hg->nwatch; i++)
        hub__queue_blob(h, hg->watch[i], b);
    hub__blob_unref(b);
}

static void clocks_ms(const hub_game *hg, uint64_t gt, int64_t out[4])
{
    for (int s = 0; s < 4; s++)
        out[s] = hg->g                ? game_clock_us(hg->g, s, gt) / 1000
                 : s < hub__seats(hg) ? (int64_t)hg->base_ms
                                      : 0;
}

static int running_seat(const hub_game *hg, int board)
{
    if (!hg->g || hg->status != STORE_LIVE || hg->paused || game_state(hg->g) == GAME_OVER ||
        board >= game_kind_boards(hg->kind) || game_board_stopped(hg->g, board))
        return -1;
    return 2 * board + (int)bh_side_to_move(game_pos(hg->g, board));
}

/* FEN of board of hg into buf: "" for a board its kind has not (a chess game's board B);
 * waiting: the initial position (a chess game's as plain FEN). A bughouse FEN carries the
 * board's two reserves ("[...]"); the state and every move's broadcast send both boards' FEN
 * to each receiver alike, the four players and the spectators (P-RESERVE: reserves are
 * public). */
static void fen_of(const hub_game *hg, int board, char buf[BH_FEN_MAX])
{
    buf[0] = '\0';
    if (board >= game_kind_boards(hg->kind))
        return;
    if (hg->g) {
        bh_pos_to_fen(game_pos(hg->g, board), buf, BH_FEN_MAX);
    } else {
        bh_pos p;
        bh_options o = game_kind_options(hg->kind, &hg->rules);
        bh_pos_start(&p, &o);
        bh_pos_to_fen(&p, buf, BH_FEN_MAX);
    }
}

/* Timer heap entry of hg = its next deadline, in monotonic µs. */
static void schedule(hub *h, hub_game *hg)
{
    uint64_t d = hg->g && hg->status == STORE_LIVE && !hg->paused ? game_next_deadline_us(hg->g)
                                                                  : GAME_NEVER;
    if (d == GAME_NEVER) {
        theap_del(h->timers, hg->slot);
        return;
    }
    int64_t at = hg->base_us + (int64_t)d;
    theap_set(h->timers, hg->slot, at > 0 ? (uint64_t)at : 1);
}

void hub__arm(hub *h)
{
    int id;
    uint64_t at = 0;
    if (!theap_peek(h->timers, &id, &at))
        at = 0;
    uint64_t ev_at = h->owner->deadline(h); /* the events (hub_game_owner) */
    if (ev_at && (!at || ev_at < at))
        at = ev_at;
    if (at != h->armed_us) {
        h->armed_us = at;
        h->io.timer(h->io.ctx, at);
    }
}

/* ---- persistence ------------------------------------------------------------------------ */

/* Store the events appended since the last call. */
static int persist(hub *h, hub_game *hg)
{
    size_t n;
    const game_event *ev = game_events(hg->g, &n);
    mv_cursor c = mv_cursor_at(hg->g, hg->stored);
    int rc = BH_OK;
    for (size_t i = hg->stored; i < n; i++) {
        const game_event *e = &ev[i];
        int board = e->seat >= 0 ? e->seat >> 1 : -1;
        int ply = -1;
        char uci[BH_UCI_MAX] = "";
        if (e->type == GAME_EV_MOVE) {
            ply = c.board[board]++;
            bh_move_to_uci(e->move, uci);
        } else if (e->type == GAME_EV_PREMOVE) /* P-PREMOVE: the queued UCI, "" cancelled */
            snprintf(uci, sizeof uci, "%s", e->uci);
        store_event se = {.game = hg->id,
                          .seq = (int64_t)i,
                          .t_us = (int64_t)e->t_us,
                          .kind = kind_name(e->type),
                          .seat = e->seat,
                          .ply = ply,
                          .text = uci[0] ? uci : NULL,
                          .type = e->type,
                          .arg = e->arg,
                          .lag_us = e->lag_us,
                          .move = e->move};
        if (rc == BH_OK)
            rc = store_event_add(h->st, &se);
    }
    hg->stored = n;
    if (rc != BH_OK)
        h->store_failed = true;
    return rc;
}

static void cool_later(hub *h, hub_game *hg);
/* The result notation (protocol/README.md "Results"): the two sides by name
 * in seat order, the team of seats 0 and 3 (White on board A) first, with BPGN's result
 * between them: "Alfa 1-0 Bravo" (Alfa won), read the same in the log, the BPGN Result tag,
 * the console and the pages. A game outside tournaments names its players. */
static void result_line(const hub *h, const hub_game *hg, char *out, size_t cap)
{
    char side[2][2 * GAME_NAME_MAX + 4];
    for (int k = 0; k < 2; k++) {
        const char *team = NULL;
        for (int i = 0; i < h->nteams && !team; i++)
            if (hg->team[k] && h->teams[i].id == hg->team[k])
                team = h->teams[i].name;
        int a = k ? GAME_A_BLACK : GAME_A_WHITE, b = k ? GAME_B_WHITE : GAME_B_BLACK;
        if (team)
            snprintf(side[k], sizeof side[k], "%s", team);
        else
            snprintf(side[k], sizeof side[k], "%s & %s", hg->players[a], hg->players[b]);
    }
    snprintf(out, cap, "%s %s %s (%s%s%s)", side[0], hg->result, side[1], hg->reason,
             hg->rboard >= 0 ? ", board " : "",
             hg->rboard == 0   ? "A"
             : hg->rboard == 1 ? "B"
                               : "");
}

static void finish(hub *h, hub_game *hg, const char *result, const char *reason, uint64_t now)
{
    snprintf(hg->result, sizeof hg->result, "%s", result);
    snprintf(hg->reason, sizeof hg->reason, "%s", reason);
    char line[400];
    result_line(h, hg, line, sizeof line);
    log_info("hub: game %lld ended: %s", (long long)hg->id, line);
    hg->status = STORE_FINISHED;
    hg->paused = false;
    char *bpgn = hub__game_bpgn(h, hg, false);
    if (store_game_update(h->st, hg->id, STORE_FINISHED, hg->result, hg->reason,
                          hg->recovery[0] ? hg->recovery : NULL, bpgn) != BH_OK)
        h->store_failed = true;
    free(bpgn);
    theap_del(h->timers, hg->slot);
    uint64_t gt = gtime(hg, now);
    int64_t c[4];
    clocks_ms(hg, gt, c);
    broadcast(h, hg,
              proto_enc_result(hg->id, hg->result, hg->reason, hg->rboard, c, now_wall_ms()));
    h->owner->game_over(h, hg, now);       /* its event goes on; a lobby table's offers a rematch */
    hub__rated_end(h, hg->id, hg->result); /* a rated lobby game is rated (G-RATED) */
    hub__live_changed(h, now);
    cool_later(h, hg); /* out of memory at the turn's end; the store has it all */
}

static const char *result_text(int winner)
{
    return bh_result_token(game_winner_result(winner));
}

static void send_state(hub *h, hub_game *hg, const hub_sess *s, bool has_id, int64_t id,
                       uint64_t now);

/* After any call into the game: store new events, broadcast what the call did (its delta d:
 * the events it appended, the clocks at its instant), finish if over, and reschedule. */
static void after_change(hub *h, hub_game *hg, const game_delta *d, uint64_t now)
{
    if (!hg->g)
        return;
    persist(h, hg);
    size_t n, np;
    const game_event *ev = game_events(hg->g, &n);
    const game_ply *plies = game_plies(hg->g, &np);
    size_t first = d->ev_first, end = d->ev_first + d->ev_count;
    mv_cursor c = mv_cursor_at(hg->g, first);
    bool other = false;
    unsigned premove_seats = 0; /* seats whose premove was queued, cancelled or dropped */
    for (size_t i = first; i < end && i < n; i++) {
        const game_event *e = &ev[i];
        if (e->type == GAME_EV_PREMOVE) { /* told only to its own player (send_state) */
            premove_seats |= 1u << e->seat;
            continue;
        }
        if (e->type != GAME_EV_MOVE) {
            other |= e->type != GAME_EV_START && e->type != GAME_EV_RESULT;
            continue;
        }
        int board = e->seat >> 1;
        const game_ply *pl = &plies[c.ply++];
        int ply = c.board[board]++;
        char uci[BH_UCI_MAX], fen[2][BH_FEN_MAX];
        bh_move_to_uci(e->move, uci);
        fen_of(hg, 0, fen[0]);
        fen_of(hg, 1, fen[1]);
        proto_move_ev m = {.game = hg->id,
                           .seq = (int64_t)i,
                           .board = board,
                           .ply = ply,
                           .seat = e->seat,
                           .move = uci,
                           .san = pl->san[0] ? pl->san : NULL,
                           .fen = {fen[0], fen[1]},
                           .running = {running_seat(hg, 0), running_seat(hg, 1)},
                           .server_ms = now_wall_ms(),
                           .t_ms = (int64_t)(e->t_us / 1000)};
        for (int k = 0; k < 4; k++)
            m.clock_ms[k] = d->clock_us[k] / 1000;
        broadcast(h, hg, proto_enc_move(&m));
    }
    /* A board stopped (flag, resignation, draw...): everyone gets a new state; a premove
     * queued, cancelled or dropped: its own player only (P-PREMOVE). */
    for (int i = 0; (other || premove_seats) && i < hg->nwatch; i++) {
        const hub_sess *s = hub__sess_find(h, hg->watch[i]);
        bool own = s && s->role == ROLE_PLAYER && s->game == hg->id && s->seat >= 0 &&
                   (premove_seats >> s->seat & 1u);
        if (s && (other || own))
            send_state(h, hg, s, false, 0, now);
    }
    if (game_state(hg->g) == GAME_OVER && hg->status == STORE_LIVE) {
        const game_result *r = game_get_result(hg->g);
        hg->rboard = r->board;
        finish(h, hg, result_text(r->winner), game_result_reason(r), now);
    }
    schedule(h, hg);
}

/* ---- load and recovery -------------------------------------------------------------------- */

/* The director's pause and resume records: stored in the event list with negative seqs
 * (-1, -2, ... in the order made) and these types, which the game model never sees. */
enum { HUB_EV_PAUSE = 100, HUB_EV_RESUME = 101, HUB_EV_END = 102 };

typedef struct {
    game_event *ev;
    int n, cap;
    int npause;         /* pause/resume records */
    int64_t last_seq;   /* seq of the latest one (the most negative) */
    int last_type;      /* its type */
    uint64_t last_t_us; /* its game time */
    uint64_t end_t_us;  /* game time of a director's end (HUB_EV_END), 0 none */
} ev_buf;

static int load_event(void *ctx, const store_event *e)
{
    ev_buf *b = ctx;
    if (e->type == HUB_EV_END) {
        b->npause++;
        b->end_t_us = (uint64_t)e->t_us;
        return 0;
    }
    if (e->type == HUB_EV_PAUSE || e->type == HUB_EV_RESUME) {
        if (b->npause++ == 0 || e->seq < b->last_seq) {
            b->last_seq = e->seq;
            b->last_type = e->type;
            b->last_t_us = (uint64_t)e->t_us;
        }
        return 0;
    }
    BH_GROW(b->ev, b->n, b->cap);
    game_event *x = &b->ev[b->n++];
    memset(x, 0, sizeof *x);
    x->t_us = (uint64_t)e->t_us;
    x->lag_us = (uint32_t)e->lag_us;
    x->type = (uint8_t)e->type;
    x->seat = (int8_t)e->seat;
    x->arg = (int8_t)e->arg;
    x->move = (bh_move)e->move;
    if (e->type == GAME_EV_PREMOVE && e->text) /* P-PREMOVE: the queued UCI */
        snprintf(x->uci, sizeof x->uci, "%s", e->text);
    return 0;
}

static int load_chat(void *ctx, const store_chat *c)
{
    hub_game *hg = ctx;
    BH_GROW(hg->chat, hg->nchat, hg->capchat);
    hg->chat[hg->nchat++] = (hub_chat){
        c->seat, c->t_ms, xstrdup(c->text ? c->text : ""), {c->ply[0], c->ply[1]}, c->game_ms};
    return 0;
}

/* Rebuild hg->g from the stored events; with set_rboard the board of the model's result too
 * (at load; a warmed game keeps the one it had, which a director's override cleared). */
static int replay(hub *h, hub_game *hg, bool set_rboard)
{
    ev_buf b = {0};
    int rc = store_each_event(h->st, hg->id, load_event, &b);
    game_setup su;
    setup_of(hg, &su);
    if (rc == BH_OK && b.n > 0)
        rc = game_replay(&su, b.ev, (size_t)b.n, &hg->g);
    free(b.ev);
    hg->npause = b.npause;
    hg->end_gt = b.end_t_us;
    if (b.npause && b.last_type == HUB_EV_PAUSE && hg->status == STORE_LIVE) {
        /* still paused (a game the director paused and then ended is not) */
        hg->paused = true;
        hg->paused_gt = b.last_t_us;
    }
    if (rc != BH_OK) {
        log_error("hub: game %lld does not replay from its %d stored events: %s", (long long)hg->id,
                  b.n, bh_errname(rc));
        return rc;
    }
    if (!hg->g)
        return BH_OK;
    if (set_rboard && game_state(hg->g) == GAME_OVER)
        hg->rboard = game_get_result(hg->g)->board;
    size_t n;
    game_events(hg->g, &n);
    hg->stored = n;
    return BH_OK;
}

/* Put hg (the game of slot h->ngames, being added) into h->order. New games come with the
 * highest id; a game taken over from another node (hub_node.c) may come with a lower one. */
static void order_add(hub *h, const hub_game *hg)
{
    int n = h->ngames;
    BH_GROW(h->order, n, h->caporder);
    int i = n;
    while (i > 0 && h->games[h->order[i - 1]]->id > hg->id)
        i--;
    memmove(&h->order[i + 1], &h->order[i], (size_t)(n - i) * sizeof *h->order);
    h->order[i] = hg->slot;
}

int hub__game_load(hub *h, const store_game *row, uint64_t now_us)
{
    game_rules r;
    const char *rs = row->ruleset && row->ruleset[0] ? row->ruleset : h->cfg.ruleset;
    if (game_rules_by_name(rs, &r) != BH_OK)
        game_rules_by_name(h->cfg.ruleset, &r);
    hub_game *hg = xcalloc(1, sizeof *hg);
    hg->id = row->id;
    hg->status = row->status;
    hg->rboard = -1;
    snprintf(hg->ruleset, sizeof hg->ruleset, "%s", r.name);
    hg->rules = r;
    hg->base_ms = (uint32_t)row->base_ms;
    hg->inc_ms = (uint32_t)row->inc_ms;
    hg->kind = row->kind == GAME_KIND_CHESS ? GAME_KIND_CHESS : GAME_KIND_BUGHOUSE;
    for (int i = 0; i < 4; i++)
        snprintf(hg->players[i], GAME_NAME_MAX, "%s", row->names[i] ? row->names[i] : "");
    snprintf(hg->result, sizeof hg->result, "%s", row->result ? row->result : "");
    snprintf(hg->reason, sizeof hg->reason, "%s", row->reason ? row->reason : "");
    snprintf(hg->recovery, sizeof hg->recovery, "%s", row->recovery ? row->recovery : "");
    hg->created_ms = row->created_ms;
    hg->tournament = row->tournament;
    hg->team[0] = row->team1;
    hg->team[1] = row->team2;
    BH_GROW(h->games, h->ngames, h->capgames);
    hg->slot = h->ngames;
    h->games[h->ngames] = hg;
    order_add(h, hg);
    h->ngames++;
    if (hg->status == STORE_FINISHED) {
        /* Replayed once for the board of its result, then out of memory until asked for. */
        int rc = replay(h, hg, true);
        game_free(hg->g);
        hg->g = NULL;
        hg->cold = true;
        return rc;
    }
    store_each_chat(h->st, hg->id, load_chat, hg);
    if (hg->status == STORE_WAITING)
        return BH_OK;
    int rc = replay(h, hg, true);
    /* A game that was in progress when the server stopped: the stated policy. */
    if (rc != BH_OK || !hg->g || h->cfg.recovery == HUB_RECOVER_ADJUDICATE) {
        snprintf(hg->recovery, sizeof hg->recovery, "adjudicated");
        hg->base_us = (int64_t)now_us - (int64_t)(hg->g ? game_last_us(hg->g) : 0);
        finish(h, hg, bh_result_token(BH_RES_DRAW), "adjudicated", now_us);
        log_info("hub: game %lld was in progress: adjudicated a draw", (long long)hg->id);
        return BH_OK;
    }
    snprintf(hg->recovery, sizeof hg->recovery, "resumed");
    hg->base_us = (int64_t)now_us - (int64_t)game_last_us(hg->g);
    if (hg->paused) /* still paused: it goes on from the pause instant when resumed */
        hg->base_us = (int64_t)now_us - (int64_t)hg->paused_gt;
    if (store_game_update(h->st, hg->id, STORE_LIVE, NULL, NULL, hg->recovery, NULL) != BH_OK)
        return BH_ESTORE;
    log_info("hub: game %lld was in progress: resumed at game time %.3f s", (long long)hg->id,
             (double)game_last_us(hg->g) / 1e6);
    game_delta d = no_delta(hg);
    after_change(h, hg, &d, now_us);
    return BH_OK;
}

static void free_chat(hub_game *hg)
{
    for (int i = 0; i < hg->nchat; i++)
        free(hg->chat[i].text);
    free(hg->chat);
    hg->chat = NULL;
    hg->nchat = hg->capchat = 0;
}

int hub__game_warm(hub *h, hub_game *hg)
{
    if (!hg->cold)
        return BH_OK;
    hg->cold = false;
    BH_GROW(h->warm, h->nwarm, h->capwarm);
    h->warm[h->nwarm++] = hg->slot;
    store_each_chat(h->st, hg->id, load_chat, hg);
    return replay(h, hg, false);
}

/* Released at the turn's end (hub__game_cool). */
static void cool_later(hub *h, hub_game *hg)
{
    BH_GROW(h->warm, h->nwarm, h->capwarm);
    h->warm[h->nwarm++] = hg->slot;
}

void hub__game_cool(hub *h)
{
    for (int i = 0; i < h->nwarm; i++) {
        hub_game *hg = h->games[h->warm[i]];
        if (hg->status != STORE_FINISHED || hg->cold)
            continue;
        game_free(hg->g);
        hg->g = NULL;
        free_chat(hg);
        hg->cold = true;
    }
    h->nwarm = 0;
}

void hub__game_free(hub_game *hg)
{
    if (!hg)
        return;
    game_free(hg->g);
    free(hg->watch);
    free_chat(hg);
    free(hg);
}

/* ---- state ------------------------------------------------------------------------------ */

static void send_state(hub *h, hub_game *hg, const hub_sess *s, bool has_id, int64_t id,
                       uint64_t now)
{
    hub__game_warm(h, hg);
    char fen[2][BH_FEN_MAX];
    fen_of(hg, 0, fen[0]);
    fen_of(hg, 1, fen[1]);
    bool mine = s->role == ROLE_PLAYER && s->game == hg->id;
    /* the read-only view of this finished game's token reads its team's chat */
    bool view = s->role == ROLE_SPECTATOR && s->view_game == hg->id && s->view_seat >= 0;
    int team_seat = mine ? s->seat : view ? s->view_seat : -1; /* whose team's chat, -1 all */
    proto_state ps = {
        .game = hg->id,
        .status = hub__status_name(hg->status),
        .fen = {fen[0], fen[1]},
        .ply = {hg->g ? game_board_plies(hg->g, 0) : 0, hg->g ? game_board_plies(hg->g, 1) : 0},
        .running = {running_seat(hg, 0), running_seat(hg, 1)},
        .server_ms = now_wall_ms(),
        .base_ms = hg->base_ms,
        .inc_ms = hg->inc_ms,
        .role = mine                       ? "player"
                : s->role == ROLE_DIRECTOR ? "director"
                                           : "spectator",
        .you = mine ? s->seat : -1,
        .result = hg->result[0] ? hg->result : NULL,
        .reason = hg->reason[0] ? hg->reason : NULL,
        .recovery = hg->recovery[0] ? hg->recovery : NULL,
        .with_chat = mine || view || s->role == ROLE_DIRECTOR,
        .paused = hg->paused,
        .result_board = hg->rboard,
        .chess = hg->kind == GAME_KIND_CHESS,
        .ruleset = hg->ruleset,
        .premove = hg->rules.premove,
    };
    clocks_ms(hg, gtime(hg, now), ps.clock_ms);
    if (hg->status == STORE_WAITING && hg->gated) { /* the gate's instants on the wall clock */
        int64_t wall = ps.server_ms; /* the same instant as server_ms: the client counts
                                      * start_ms - server_ms exactly */
        uint64_t dl = game_gate_deadline_us(&hg->gate);
        ps.start_ms =
            wall +
            (hg->gate.not_before_us > now ? (int64_t)((hg->gate.not_before_us - now) / 1000) : 0);
        if (dl != GAME_NEVER)
            ps.forfeit_ms = wall + (dl > now ? (int64_t)((dl - now) / 1000) : 0);
    }
    hub_game_info gi;
    if (h->owner->info(h, hg->id, &gi) && gi.slot == TFMT_SLOT_GAME) { /* a bughouse event's */
        ps.tour.id = gi.event;
        ps.tour.round = gi.key.round;
        ps.tour.match = gi.key.match;
        ps.tour.game_no = gi.key.game;
        ps.tour.teams[0] = gi.teams[0];
        ps.tour.teams[1] = gi.teams[1];
        ps.tour.name = hub__event_name(h, ps.tour.id);
    }
    rating r[4];
    if (hg->rated >= 0 && hg->kind != GAME_KIND_CHESS) { /* a lobby's rated game: its ratings */
        ps.rated = hub__rated_seats(h, hg->id, r);
        hg->rated = ps.rated ? 1 : -1; /* unrated stays so: one read of the store per game */
        for (int i = 0; ps.rated && i < 4; i++) {
            ps.rating[i].rating = r[i].r;
            ps.rating[i].rd = r[i].rd;
            ps.rating[i].provisional = rating_is_provisional(&r[i]);
        }
    }
    for (int i = 0; i < 4; i++) {
        ps.names[i] = hg->players[i];
        ps.connected[i] = hg->conns[i] > 0;
    }
    size_t n = 0;
    const game_event *ev = hg->g ? game_events(hg->g, &n) : NULL;
    proto_event *pe = xcalloc(n + 1, sizeof *pe);
    char(*uci)[BH_UCI_MAX] = xcalloc(n + 1, BH_UCI_MAX);
    int ply[2] = {0, 0};
    size_t nplies = 0, np = 0, k = 0;
    const game_ply *plies = hg->g ? game_plies(hg->g, &nplies) : NULL;
    for (size_t i = 0; i < n; i++) {
        int board = ev[i].seat >= 0 ? ev[i].seat >> 1 : -1;
        /* P-PREMOVE: a premove is its own player's secret (it would give the move away) */
        if (ev[i].type == GAME_EV_PREMOVE && !(mine && ev[i].seat == s->seat))
            continue;
        pe[k] = (proto_event){.seq = (int64_t)i,
                              .t_ms = (int64_t)(ev[i].t_us / 1000),
                              .kind = kind_name(ev[i].type),
                              .seat = ev[i].seat,
                              .board = board,
                              .ply = -1,
                              .clock_ms = -1};
        if (ev[i].type == GAME_EV_PREMOVE)
            pe[k].text = ev[i].uci; /* "" cancelled or dropped */
        if (ev[i].type == GAME_EV_MOVE) {
            pe[k].ply = ply[board]++;
            bh_move_to_uci(ev[i].move, uci[i]);
            pe[k].text = uci[i];
            /* The plies are the moves in event order (game.h): the clock as the BPGN has it,
             * rounded up to the ms as bpgn_export rounds it. */
            if (np < nplies) {
                pe[k].san = plies[np].san;
                int64_t us = plies[np].clock_us > 0 ? plies[np].clock_us : 0;
                pe[k].clock_ms = (us + 999) / 1000;
                np++;
            }
        }
        k++;
    }
    ps.events = pe;
    ps.n_events = k;
    proto_chat_line *cl = xcalloc((size_t)hg->nchat + 1, sizeof *cl);
    size_t nc = 0;
    for (int i = 0; ps.with_chat && i < hg->nchat; i++)
        if (team_seat < 0 || game_team_of(hg->chat[i].seat) == game_team_of(team_seat))
            cl[nc++] = (proto_chat_line){hg->chat[i].seat,
                                         hg->chat[i].t_ms,
                                         hg->chat[i].text,
                                         {hg->chat[i].ply[0], hg->chat[i].ply[1]},
                                         hg->chat[i].game_ms};
    ps.chat = cl;
    ps.n_chat = nc;
    hub__queue(h, s->conn, proto_enc_state(has_id, id, &ps));
    free(cl);
    free(uci);
    free(pe);
}

/* ---- sessions in games -------------------------------------------------------------------- */

static void add_record(hub *h, hub_game *hg, int type, uint64_t t_us);
static void gate_apply(hub *h, hub_game *hg, uint64_t now_us);

int hub__game_start(hub *h, hub_game *hg, uint64_t now_us)
{
    if (hg->status != STORE_WAITING)
        return BH_ESTATE;
    if (hg->gated) {
        hg->gated = false;
        theap_del(h->timers, hg->slot);
    }
    game_setup su;
    setup_of(hg, &su);
    int rc = game_new(&su, 0, &hg->g);
    if (rc != BH_OK)
        return rc;
    hg->base_us = (int64_t)now_us;
    hg->status = STORE_LIVE;
    if (store_game_update(h->st, hg->id, STORE_LIVE, NULL, NULL, NULL, NULL) != BH_OK)
        h->store_failed = true;
    persist(h, hg);
    int64_t c[4];
    clocks_ms(hg, 0, c);
    int run[2] = {running_seat(hg, 0), running_seat(hg, 1)};
    broadcast(h, hg, proto_enc_start(hg->id, c, run, now_wall_ms()));
    schedule(h, hg);
    log_info("hub: game %lld started", (long long)hg->id);
    hub__live_changed(h, now_us);
    h->owner->changed(h, hg); /* its round: waiting -> live */
    return BH_OK;
}

/* The last connection of seat left hg: its watchers hear it, and the round of a waiting
 * tournament game shows the seat absent again. */
static void seat_gone(hub *h, hub_game *hg, int seat)
{
    broadcast(h, hg, proto_enc_seat(hg->id, seat, false));
    if (hg->status == STORE_WAITING)
        h->owner->changed(h, hg);
}

void hub__game_leave(hub *h, hub_sess *s)
{
    if (s->watch < 0)
        return;
    hub_game *hg = h->games[s->watch];
    watchers_del(hg, s->conn);
    if (s->seated) {
        s->seated = false;
        if (--hg->conns[s->seat] == 0)
            seat_gone(h, hg, s->seat);
    }
    s->watch = -1;
    for (int i = 0; i < s->nmore; i++)
        watchers_del(h->games[s->more[i]], s->conn);
    free(s->more);
    s->more = NULL;
    s->nmore = s->capmore = 0;
}

void hub__game_demote(hub *h, hub_sess *s, uint64_t now_us)
{
    hub_game *hg = s->watch >= 0 ? h->games[s->watch] : NULL;
    if (hg && s->seated) {
        s->seated = false;
        if (--hg->conns[s->seat] == 0)
            seat_gone(h, hg, s->seat);
    }
    s->role = ROLE_SPECTATOR;
    s->game = -1;
    s->seat = -1;
    if (hg)
        send_state(h, hg, s, false, 0, now_us);
}

static bool watching(const hub_sess *s, int slot)
{
    if (s->watch == slot)
        return true;
    for (int i = 0; i < s->nmore; i++)
        if (s->more[i] == slot)
            return true;
    return false;
}

void hub__game_join(hub *h, hub_sess *s, hub_game *hg, int64_t id, uint64_t now_us)
{
    if (s->role == ROLE_DIRECTOR) {
        /* The director's dashboard: joins accumulate; a director never takes a seat. */
        if (!watching(s, hg->slot)) {
            if (s->watch < 0) {
                s->watch = hg->slot;
            } else if (s->nmore + 1 >= HUB_WATCH_MAX) {
                hub__error(h, s->conn, true, id, BH_ELIMIT, "game");
                return;
            } else {
                BH_GROW(s->more, s->nmore, s->capmore);
                s->more[s->nmore++] = hg->slot;
            }
            watchers_add(hg, s->conn);
        }
        send_state(h, hg, s, true, id, now_us);
        return;
    }
    hub__game_leave(h, s);
    s->watch = hg->slot;
    watchers_add(hg, s->conn);
    if (s->role == ROLE_PLAYER && s->game == hg->id) {
        s->seated = true;
        if (hg->conns[s->seat] == 0 && hg->tournament)
            h->owner->seat(h, hg, s->seat, now_us); /* T-WAIT kept by a format (the club's) */
        if (hg->conns[s->seat]++ == 0) {
            for (int i = 0; i < hg->nwatch; i++)
                if (hg->watch[i] != s->conn)
                    hub__queue(h, hg->watch[i], proto_enc_seat(hg->id, s->seat, true));
            if (hg->status == STORE_WAITING) /* its round: one seat fewer absent */
                h->owner->changed(h, hg);
        }
    }
    send_state(h, hg, s, true, id, now_us);
    /* A game starts when all its seats are connected (or on the director's game_start); a
     * tournament game when its gate says so. */
    bool all = true;
    for (int i = 0; i < hub__seats(hg); i++)
        all &= hg->conns[i] > 0;
    if (hg->status == STORE_WAITING && hg->gated)
        gate_apply(h, hg, now_us);
    else if (hg->status == STORE_WAITING && all)
        hub__game_start(h, hg, now_us);
}

static void gate_apply(hub *h, hub_game *hg, uint64_t now_us)
{
    unsigned present = 0;
    for (int s = 0; s < 4; s++)
        present |= hg->conns[s] > 0 ? 1u << s : 0u;
    int winner = GAME_DRAW;
    uint64_t next = GAME_NEVER;
    game_gate_verdict v = game_gate_decide(&hg->gate, hg->kind, present, now_us, &winner, &next);
    if (v == GAME_GATE_HOLD) {
        if (next == GAME_NEVER)
            theap_del(h->timers, hg->slot);
        else
            theap_set(h->timers, hg->slot, next ? next : 1);
        return;
    }
    if (hub__game_start(h, hg, now_us) != BH_OK || v == GAME_GATE_START)
        return;
    /* Forfeit: the game is started and ended at game time 0, so that its record (store, BPGN,
     * TRF through the runner) is a game like any other with its result. */
    bool both = winner == GAME_DRAW; /* absences of both teams (game_gate_decide) */
    hg->end_gt = gtime(hg, now_us);
    add_record(h, hg, HUB_EV_END, hg->end_gt);
    log_info("hub: game %lld: absent seats (present %x of %x) after %u s: %s by forfeit",
             (long long)hg->id, present, (1u << game_seats(hg->g)) - 1u, hg->gate.wait_s,
             result_text(winner));
    finish(h, hg, result_text(winner), both ? "forfeit_both" : "forfeit", now_us);
}

void hub__game_gate(hub *h, hub_game *hg, const game_gate *gt, uint64_t now_us)
{
    if (hg->status != STORE_WAITING)
        return;
    hg->gated = true;
    hg->gate = *gt;
    gate_apply(h, hg, now_us);
}

/* Checks shared by move, resign, draw, claim and chat (message id, for game gid), which only
 * players may send (hub.c's dispatch table): the sender holds a seat of this game. */
static hub_game *own_game(hub *h, hub_sess *s, int64_t id, int64_t gid)
{
    if (gid != s->game) {
        hub__error(h, s->conn, true, id, BH_ESEAT, "game");
        return NULL;
    }
    hub_game *hg = hub__game_by_id(h, gid);
    if (!hg)
        hub__error(h, s->conn, true, id, BH_ENOTFOUND, "game");
    return hg;
}

void hub__game_move(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    const proto_move *mv = &m->move;
    hub_game *hg = own_game(h, s, m->id, mv->game);
    if (!hg)
        return;
    int board = mv->board;
    if (board != s->seat >> 1) {
        hub__error(h, s->conn, true, m->id, BH_ESEAT, "board");
        return;
    }
    hub__game_warm(h, hg); /* a finished game: its moves, for a resend of the last one */
    /* A resend of a move already applied at that ply: acknowledge again, apply once. */
    size_t seq = 0;
    const game_ply *x = hg->g && mv->ply >= 0 ? game_board_ply(hg->g, board, mv->ply, &seq) : NULL;
    if (x) {
        char uci[BH_UCI_MAX];
        bh_move_to_uci(x->move, uci);
        if (x->seat == s->seat && (strcmp(uci, mv->move) == 0 || strcmp(x->san, mv->move) == 0))
            hub__queue(h, s->conn, proto_enc_ack(m->id, hg->id, board, mv->ply, (int64_t)seq));
        else
            hub__error(h, s->conn, true, m->id, BH_ESTALE, "ply");
        return;
    }
    if (hg->status == STORE_WAITING || !hg->g) {
        hub__error(h, s->conn, true, m->id, BH_ESTATE, "game");
        return;
    }
    if (hg->status == STORE_FINISHED) {
        hub__error(h, s->conn, true, m->id, BH_EOVER, "game");
        return;
    }
    if (hg->paused) {
        hub__error(h, s->conn, true, m->id, BH_ESTATE, "paused");
        return;
    }
    game_delta d = no_delta(hg);
    int rc = game_move(hg->g, s->seat, mv->move, mv->ply, gtime(hg, now_us), &d);
    after_change(h, hg, &d, now_us); /* flags due before the move, an illegal move ... */
    if (rc == BH_ESTALE && !hg->rules.premove && mv->ply == game_board_plies(hg->g, board) + 1) {
        /* a premove in a ruleset without them: refused, naming the rule */
        char why[80];
        snprintf(why, sizeof why, "P-PREMOVE: the %s ruleset does not queue premoves",
                 hg->rules.name);
        hub__queue(h, s->conn, proto_enc_error_msg(true, m->id, rc, "ply", why));
        return;
    }
    if (rc != BH_OK) {
        hub__error(h, s->conn, true, m->id, rc, rc == BH_ESTALE ? "ply" : "move");
        return;
    }
    /* The act's move is the first of its seat among the events the call appended (flags of
     * the other board may come before it, the opponent's premove after it); a queued
     * premove appended none. */
    size_t n;
    const game_event *ev = game_events(hg->g, &n);
    int want = d.premove_queued ? GAME_EV_PREMOVE : GAME_EV_MOVE; /* P-PREMOVE: its event */
    for (size_t i = d.ev_first; i < d.ev_first + d.ev_count && i < n; i++)
        if (ev[i].type == want && ev[i].seat == s->seat) {
            hub__queue(h, s->conn, proto_enc_ack(m->id, hg->id, board, mv->ply, (int64_t)i));
            break;
        }
}

void hub__game_premove_cancel(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    const proto_move *x = &m->premove_cancel;
    hub_game *hg = own_game(h, s, m->id, x->game);
    if (!hg)
        return;
    if (x->board != s->seat >> 1) {
        hub__error(h, s->conn, true, m->id, BH_ESEAT, "board");
        return;
    }
    if (hg->status != STORE_LIVE || !hg->g) {
        hub__error(h, s->conn, true, m->id, hg->status == STORE_FINISHED ? BH_EOVER : BH_ESTATE,
                   "game");
        return;
    }
    game_delta d = no_delta(hg);
    int rc = game_cancel_premove(hg->g, s->seat, gtime(hg, now_us), &d);
    after_change(h, hg, &d, now_us); /* flags due first; the cancel event is stored */
    if (rc != BH_OK)
        hub__error(h, s->conn, true, m->id, rc, rc == BH_ESTATE ? "premove" : NULL);
    else
        hub__queue(h, s->conn, proto_enc_ack(m->id, -1, 0, 0, 0));
}

void hub__game_act(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    int64_t gid = m->type == PROTO_CLAIM  ? m->claim.game
                  : m->type == PROTO_DRAW ? m->draw.game
                                          : m->resign.game;
    hub_game *hg = own_game(h, s, m->id, gid);
    if (!hg)
        return;
    if (hg->status != STORE_LIVE || !hg->g) {
        hub__error(h, s->conn, true, m->id, hg->status == STORE_FINISHED ? BH_EOVER : BH_ESTATE,
                   "game");
        return;
    }
    if (hg->paused) {
        hub__error(h, s->conn, true, m->id, BH_ESTATE, "paused");
        return;
    }
    game_delta d = no_delta(hg);
    uint64_t gt = gtime(hg, now_us);
    int rc;
    if (m->type == PROTO_CLAIM)
        rc = hub__claim(hg, s->seat, &m->claim, gt, &d);
    else if (m->type == PROTO_DRAW && m->draw.action == PROTO_DRAW_OFFER)
        rc = game_offer_draw(hg->g, s->seat, gt, &d);
    else if (m->type == PROTO_DRAW && m->draw.action == PROTO_DRAW_ACCEPT)
        rc = game_accept_draw(hg->g, s->seat, gt, &d);
    else if (m->type == PROTO_DRAW)
        rc = game_decline_draw(hg->g, s->seat, gt, &d);
    else
        rc = game_resign(hg->g, s->seat, gt, &d);
    after_change(h, hg, &d, now_us);
    if (rc != BH_OK)
        hub__error(h, s->conn, true, m->id, rc,
                   m->type == PROTO_CLAIM ? hub__claim_field(hg, &m->claim, rc) : NULL);
    else
        hub__queue(h, s->conn, proto_enc_ack(m->id, -1, 0, 0, 0));
}

void hub__game_chat(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    hub_game *hg = own_game(h, s, m->id, m->chat.game);
    if (!hg)
        return;
    hub__game_warm(h, hg);           /* a finished game's chat goes on after its end */
    if (hg->nchat >= HUB_CHAT_MAX) { /* bounded: the whole chat goes into every state */
        hub__error(h, s->conn, true, m->id, BH_ELIMIT, "text");
        return;
    }
    /* The line is anchored to the game, the plies of both boards it
     * followed and the game time (0 while the game waits: its clocks have not started). */
    store_chat c = {.game = hg->id, .t_ms = now_wall_ms(), .seat = s->seat, .text = m->chat.text};
    for (int b = 0; b < 2; b++)
        c.ply[b] = hg->g ? game_board_plies(hg->g, b) : 0;
    c.game_ms = hg->g ? (int64_t)((gtime(hg, now_us) - game_start_us(hg->g)) / 1000) : 0;
    if (store_chat_add(h->st, &c) != BH_OK) {
        h->store_failed = true;
        hub__error(h, s->conn, true, m->id, BH_ESTORE, NULL);
        return;
    }
    BH_GROW(hg->chat, hg->nchat, hg->capchat);
    hg->chat[hg->nchat++] =
        (hub_chat){s->seat, c.t_ms, xstrdup(m->chat.text), {c.ply[0], c.ply[1]}, c.game_ms};
    /* P-SEAT: partner chat reaches the sender's team (its seats, and the read-only views of
     * its finished game's tokens) and the director, nobody else. */
    const proto_chat_line line = {s->seat, c.t_ms, m->chat.text, {c.ply[0], c.ply[1]}, c.game_ms};
    char *msg = proto_enc_chat(hg->id, &line);
    for (int i = 0; i < hg->nwatch; i++) {
        const hub_sess *w = hub__sess_find(h, hg->watch[i]);
        bool team = w && ((w->role == ROLE_PLAYER && w->game == hg->id &&
                           game_team_of(w->seat) == game_team_of(s->seat)) ||
                          (w->role == ROLE_SPECTATOR && w->view_game == hg->id &&
                           game_team_of(w->view_seat) == game_team_of(s->seat)));
        if (w && (w->role == ROLE_DIRECTOR || team)) /* a read-only view: its team's too */
            hub__queue(h, w->conn, xstrdup(msg));
    }
    free(msg);
    hub__queue(h, s->conn, proto_enc_ack(m->id, -1, 0, 0, 0));
}

void hub__game_timers(hub *h, uint64_t now_us)
{
    /* Collect the due games first: each is ticked once per call, so a deadline that does
     * not move cannot spin this loop. */
    int due[64], n = 0, id;
    uint64_t at;
    while (n < (int)BH_ARRAY_LEN(due) && theap_peek(h->timers, &id, &at) && at <= now_us) {
        due[n++] = id;
        theap_del(h->timers, id);
    }
    for (int i = 0; i < n; i++) {
        hub_game *hg = h->games[due[i]];
        if (hg->status == STORE_WAITING && hg->gated) {
            gate_apply(h, hg, now_us);
            continue;
        }
        if (!hg->g || hg->status != STORE_LIVE || hg->paused)
            continue;
        uint64_t before = game_next_deadline_us(hg->g);
        game_delta d = no_delta(hg);
        game_tick(hg->g, gtime(hg, now_us), &d);
        after_change(h, hg, &d, now_us);
        if (hg->status == STORE_LIVE && game_next_deadline_us(hg->g) == before)
            theap_set(h->timers, hg->slot, (uint64_t)(hg->base_us + (int64_t)before) + 1);
    }
}

/* ---- the director's controls ------------------------------------------------------------ */

static void states_to_watchers(hub *h, hub_game *hg, uint64_t now_us)
{
    for (int i = 0; i < hg->nwatch; i++) {
        const hub_sess *w = hub__sess_find(h, hg->watch[i]);
        if (w)
            send_state(h, hg, w, false, 0, now_us);
    }
}

/* Store a director's record (pause, resume, end) at game time t_us. */
static void add_record(hub *h, hub_game *hg, int type, uint64_t t_us)
{
    store_event se = {.game = hg->id,
                      .seq = -1 - (int64_t)hg->npause,
                      .t_us = (int64_t)t_us,
                      .kind = type == HUB_EV_PAUSE    ? "pause"
                              : type == HUB_EV_RESUME ? "resume"
                                                      : "end",
                      .seat = -1,
                      .ply = -1,
                      .type = type};
    if (store_event_add(h->st, &se) != BH_OK)
        h->store_failed = true;
    hg->npause++;
}

int hub__game_pause(hub *h, hub_game *hg, bool pause, uint64_t now_us)
{
    if (hg->status != STORE_LIVE || !hg->g || hg->paused == pause)
        return BH_ESTATE;
    uint64_t gt = gtime(hg, now_us);
    if (pause) { /* a flag that is due falls first (R-FLAG-EXACT) */
        game_delta d = no_delta(hg);
        game_tick(hg->g, gt, &d);
        after_change(h, hg, &d, now_us);
        if (hg->status != STORE_LIVE)
            return BH_EOVER;
        hg->paused_gt = gt;
    } else {
        hg->base_us = (int64_t)now_us - (int64_t)hg->paused_gt;
    }
    hg->paused = pause;
    add_record(h, hg, pause ? HUB_EV_PAUSE : HUB_EV_RESUME, hg->paused_gt);
    schedule(h, hg);
    log_info("hub: game %lld %s at game time %.3f s", (long long)hg->id,
             pause ? "paused" : "resumed", (double)hg->paused_gt / 1e6);
    states_to_watchers(h, hg, now_us);
    hub__live_changed(h, now_us);
    return BH_OK;
}

char *hub__game_bpgn(hub *h, hub_game *hg, bool with_chat)
{
    hub__game_warm(h, hg);
    if (!hg->g)
        return NULL;
    char event[PROTO_NAME_MAX + 1], date[11], round[32], match_game[16], board[16];
    snprintf(event, sizeof event, "bughouse-server game %lld", (long long)hg->id);
    snprintf(round, sizeof round, "-");
    match_game[0] = board[0] = '\0';
    const char *teams[2] = {NULL, NULL};
    hub_game_info gi;
    if (!h->owner->info(h, hg->id, &gi)) {
        /* no event's game */
    } else if (gi.slot == TFMT_SLOT_GAME) {
        /* A bughouse event's game (both boards): the tournament's name, PGN's Round of a team
         * event round.board, the board being the pairing's row, and MatchGame (T-DOUBLE). */
        const char *name = hub__event_name(h, gi.event);
        if (name && name[0])
            snprintf(event, sizeof event, "%s", name);
        if (gi.key.round > 0)
            snprintf(round, sizeof round, "%d.%d", gi.key.round, gi.key.match + 1);
        else
            snprintf(round, sizeof round, "playoff");
        snprintf(match_game, sizeof match_game, "%d", gi.key.game + 1);
    } else {
        /* An N-board event's board (seed 004, 003): the event's name, Round round.match, Board
         * (1 the top), and MatchGame when a board has two games (TFMT_SLOT_PACKED). */
        if (gi.name)
            snprintf(event, sizeof event, "%s", gi.name);
        snprintf(round, sizeof round, "%d.%d", gi.key.round, gi.key.match + 1);
        snprintf(board, sizeof board, "%d", gi.key.board + 1);
        if (gi.slot == TFMT_SLOT_PACKED)
            snprintf(match_game, sizeof match_game, "%d", gi.key.game + 1);
        teams[0] = gi.teams[0];
        teams[1] = gi.teams[1];
    }
    now_pgn_date(hg->created_ms, date);
    bpgn_meta meta = {.event = event,
                      .site = h->cfg.site[0] ? h->cfg.site : "?",
                      .date = date,
                      .round = round,
                      .match_game = match_game[0] ? match_game : NULL,
                      .board = board[0] ? board : NULL,
                      .team = {board[0] ? teams[0] : NULL, board[0] ? teams[1] : NULL}};
    char by[1024];
    hub__result_by(h, hg->id, by, sizeof by);
    meta.result_by = by;
    bpgn_chat *chat = NULL;
    if (with_chat && hg->nchat > 0) {
        chat = xcalloc((size_t)hg->nchat, sizeof *chat);
        for (int i = 0; i < hg->nchat; i++) {
            const hub_chat *c = &hg->chat[i];
            chat[i] = (bpgn_chat){c->seat, c->ply[0] < 0 ? -1 : c->ply[0] + c->ply[1], c->game_ms,
                                  c->text};
        }
        meta.chat = chat;
        meta.nchat = (size_t)hg->nchat;
    }
    const game_result *r = game_state(hg->g) == GAME_OVER ? game_get_result(hg->g) : NULL;
    /* The director's result (adjudication, override, recovery) when the model's differs. */
    bool own = hg->result[0] && !(r && strcmp(result_text(r->winner), hg->result) == 0 &&
                                  strcmp(game_result_reason(r), hg->reason) == 0);
    char *text = bpgn_export_as(hg->g, &meta, own ? hg->result : NULL, own ? hg->reason : NULL);
    free(chat);
    return text;
}

typedef struct {
    char *buf;
    size_t cap, n;
} by_text;

static int add_by(void *ctx, const store_result_set *r)
{
    by_text *b = ctx;
    time_t t = (time_t)(r->at_ms / 1000);
    struct tm tm;
    char when[24] = "?";
    if (gmtime_r(&t, &tm))
        strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
    if (b->n < b->cap)
        b->n +=
            (size_t)snprintf(b->buf + b->n, b->cap - b->n, "%s%s %s (%s): %s %s, was %s",
                             b->n ? "; " : "", when, r->who, r->page, r->result, r->reason, r->was);
    return 0;
}

void hub__result_by(hub *h, int64_t gid, char *buf, size_t cap)
{
    by_text b = {buf, cap, 0};
    buf[0] = '\0';
    if (store_each_result_set(h->st, gid, add_by, &b) != BH_OK)
        buf[0] = '\0';
}

int hub__game_set_result(hub *h, hub_game *hg, const char *result, const char *reason,
                         const char *who, const char *page, uint64_t now_us)
{
    if (hg->status == STORE_WAITING)
        return BH_ESTATE;
    store_result_set log = {hg->id,
                            now_wall_ms(),
                            result,
                            reason,
                            hg->status == STORE_LIVE || !hg->result[0] ? "*" : hg->result,
                            who,
                            page};
    if (store_result_log_add(h->st, &log) != BH_OK)
        h->store_failed = true;
    hub__game_warm(h, hg);                   /* an override: the record and its clocks again */
    if (hg->status == STORE_LIVE && hg->g) { /* a flag that is due falls first */
        game_delta d = no_delta(hg);
        game_tick(hg->g, gtime(hg, now_us), &d);
        after_change(h, hg, &d, now_us);
    }
    hg->rboard = -1;
    if (hg->status == STORE_LIVE) {
        hg->end_gt = gtime(hg, now_us); /* the clocks stop now */
        add_record(h, hg, HUB_EV_END, hg->end_gt);
        log_info("hub: game %lld adjudicated by the director: %s %s", (long long)hg->id, result,
                 reason);
        finish(h, hg, result, reason, now_us);
        return BH_OK;
    }
    log_info("hub: game %lld result overridden by the director: %s %s -> %s %s", (long long)hg->id,
             hg->result, hg->reason, result, reason);
    snprintf(hg->result, sizeof hg->result, "%s", result);
    snprintf(hg->reason, sizeof hg->reason, "%s", reason);
    char *bpgn = hub__game_bpgn(h, hg, false);
    if (store_game_update(h->st, hg->id, STORE_FINISHED, hg->result, hg->reason,
                          hg->recovery[0] ? hg->recovery : NULL, bpgn) != BH_OK)
        h->store_failed = true;
    free(bpgn);
    int64_t c[4];
    clocks_ms(hg, gtime(hg, now_us), c);
    broadcast(h, hg,
              proto_enc_result(hg->id, hg->result, hg->reason, hg->rboard, c, now_wall_ms()));
    states_to_watchers(h, hg, now_us);
    return BH_OK;
}

char *hub__game_enc_live(hub *h, bool has_id, int64_t id, uint64_t now_us)
{
    proto_live_row *rows = xcalloc((size_t)h->ngames + 1, sizeof *rows);
    int n = 0;
    for (int i = 0; i < h->ngames; i++) {
        const hub_game *hg = h->games[h->order[i]]; /* by id */
        if (hg->status != STORE_LIVE)
            continue;
        proto_live_row *r = &rows[n++];
        r->game = hg->id;
        hub_game_info gi;
        if (h->owner->info(h, hg->id, &gi) && gi.slot == TFMT_SLOT_GAME) { /* a bughouse event's */
            r->tournament = gi.event;
            r->round = gi.key.round;
            r->match = gi.key.match;
            r->game_no = gi.key.game;
            r->teams[0] = gi.teams[0];
            r->teams[1] = gi.teams[1];
        }
        for (int k = 0; k < 4; k++)
            r->names[k] = hg->players[k];
        clocks_ms(hg, gtime(hg, now_us), r->clock_ms);
        for (int b = 0; b < 2; b++) {
            r->running[b] = running_seat(hg, b);
            r->ply[b] = hg->g ? game_board_plies(hg->g, b) : 0;
        }
        r->paused = hg->paused;
        r->chess = hg->kind == GAME_KIND_CHESS;
    }
    char *s = proto_enc_live(has_id, id, rows, n, now_wall_ms());
    free(rows);
    return s;
}

void hub__live_changed(hub *h, uint64_t now_us)
{
    h->live_dirty = true;
    h->live_now = now_us;
}

void hub__live_push(hub *h, uint64_t now_us)
{
    h->live_dirty = false;
    char *msg = NULL;
    for (int i = 0; i < h->capsess; i++) {
        if (!h->sess[i].conn || !h->sess[i].live_sub)
            continue;
        if (!msg)
            msg = hub__game_enc_live(h, false, 0, now_us);
        hub__queue(h, h->sess[i].conn, xstrdup(msg));
    }
    free(msg);
}

/* ---- the registry of games ----------------------------------------------------------- */

hub_game *hub__game_by_id(hub *h, int64_t id)
{
    int lo = 0, hi = h->ngames - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        hub_game *hg = h->games[h->order[mid]];
        if (hg->id == id)
            return hg;
        if (hg->id < id)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return NULL;
}

const char *hub__status_name(int status)
{
    return status == STORE_LIVE ? "live" : status == STORE_FINISHED ? "finished" : "waiting";
}
