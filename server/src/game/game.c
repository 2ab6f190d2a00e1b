/* game.c: the game of either kind (two boards and four seats, or one chess board and two):
 * moves, partner transfers, accessors.
 * SPDX-License-Identifier: MIT
 * Every act first applies what fell due by its instant (game__advance), so a flag that
 * nobody noticed is still dated at its exact instant (R-FLAG-EXACT). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "xalloc.h"

int game_team_of(int seat)
{
    return seat == GAME_A_WHITE || seat == GAME_B_BLACK ? GAME_TEAM_1 : GAME_TEAM_2;
}

bh_result game_winner_result(int winner)
{
    return winner == GAME_TEAM_1 ? BH_RES_WIN1 : winner == GAME_TEAM_2 ? BH_RES_WIN2 : BH_RES_DRAW;
}

int game_partner_of(int seat)
{
    return 3 - seat;
}

const char *game_seat_name(int seat)
{
    static const char *const names[] = {"WhiteA", "BlackA", "WhiteB", "BlackB"};
    return seat >= 0 && seat < 4 ? names[seat] : "?";
}

void game_setup_init(game_setup *s, const game_rules *r, uint32_t base_ms, uint32_t inc_ms)
{
    memset(s, 0, sizeof *s);
    s->rules = *r;
    s->base_ms = base_ms;
    s->inc_ms = inc_ms;
    s->team1_is = 1;
}

size_t game__push_ev(game *g, int type, int seat, uint64_t t_us, bh_move m, uint32_t lag_us,
                     int arg)
{
    BH_GROW(g->ev, g->nev, g->cap_ev);
    game_event *e = &g->ev[g->nev];
    memset(e, 0, sizeof *e);
    e->t_us = t_us;
    e->lag_us = lag_us;
    e->type = (uint8_t)type;
    e->seat = (int8_t)seat;
    e->arg = (int8_t)arg;
    e->move = m;
    return g->nev++;
}

void game__push_key(game *g, int board)
{
    BH_GROW(g->keys[board], g->nkeys[board], g->cap_keys[board]);
    g->keys[board][g->nkeys[board]++] = bh_pos_key(&g->pos[board]);
}

static game_ply *push_ply(game *g)
{
    BH_GROW(g->ply, g->nply_all, g->cap_ply);
    game_ply *p = &g->ply[g->nply_all++];
    memset(p, 0, sizeof *p);
    return p;
}

/* Material is conserved across the two boards: a capture hands the piece on in its own colour
 * (P-MOVE; a promoted piece as a pawn, P-PROMO). So no reserve can pass BH_RESERVE_CAP, where
 * bh_reserve_add would refuse the piece and it would vanish, if per colour and handed type
 * the pieces of both boards and both reserves number at most BH_RESERVE_CAP (the initial
 * position has 16 pawns of each colour). */
static bool material_fits(const game *g)
{
    int n[2][8] = {{0}};
    for (int b = 0; b < 2; b++) {
        const bh_pos *p = &g->pos[b];
        for (int sq = 0; sq < 64; sq++) {
            bh_color c;
            int pt = bh_piece_at(p, sq, &c);
            if (pt != BH_NO_PIECE && pt != BH_KING)
                n[c][bh_is_promoted_at(p, sq) ? BH_PAWN : pt]++;
        }
        for (int c = 0; c < 2; c++)
            for (int pt = BH_PAWN; pt <= BH_QUEEN; pt++)
                n[c][pt] += bh_reserve_count(p, (bh_color)c, pt);
    }
    for (int c = 0; c < 2; c++)
        for (int pt = BH_PAWN; pt <= BH_QUEEN; pt++)
            if (n[c][pt] > BH_RESERVE_CAP)
                return false;
    return true;
}

int game_new(const game_setup *s, uint64_t start_us, game **out)
{
    if (!s || !out || s->base_ms == 0 || (s->team1_is != 1 && s->team1_is != 2) ||
        start_us == GAME_NEVER)
        return BH_EINVAL;
    if (s->kind != GAME_KIND_BUGHOUSE && s->kind != GAME_KIND_CHESS)
        return BH_EINVAL;
    game *g = xcalloc(1, sizeof *g);
    g->setup = *s;
    for (int i = 0; i < 4; i++)
        g->setup.players[i][GAME_NAME_MAX - 1] = '\0';
    bool chess = game__chess(g);
    bh_options o = game_kind_options(s->kind, &s->rules);
    /* A chess game has board A only: board B never starts and counts as stopped, so every
     * decisive event ends the game at once (no settle window). */
    for (int b = 0; b < 2; b++) {
        if (chess && b == GAME_BOARD_B) {
            bh_pos_start(&g->pos[b], &o);
            clk_init(&g->clock[b], s->base_ms, s->inc_ms);
            g->stopped[b] = true;
            continue;
        }
        g->setup.fen[b][BH_FEN_MAX - 1] = '\0';
        if (!g->setup.fen[b][0]) {
            bh_pos_start(&g->pos[b], &o);
        } else if (bh_pos_from_fen(&g->pos[b], g->setup.fen[b], &o, NULL) != BH_OK) {
            game_free(g);
            return BH_EFEN;
        }
        /* T-ARMAGEDDON: 3:00 vs 2:00 is White's base and two thirds of it for Black. */
        uint32_t black_ms =
            s->rules.armageddon ? (uint32_t)((uint64_t)s->base_ms * 2 / 3) : s->base_ms;
        clk_init_split(&g->clock[b], s->base_ms, black_ms, s->inc_ms);
        clk_start(&g->clock[b], (int)bh_side_to_move(&g->pos[b]), start_us);
        game__push_key(g, b);
    }
    if (!chess && !material_fits(g)) {
        game_free(g);
        return BH_ELIMIT;
    }
    g->start_us = g->last_us = start_us;
    g->state = GAME_PLAYING;
    game__push_ev(g, GAME_EV_START, -1, start_us, BH_MOVE_NONE, 0, 0);
    *out = g;
    return BH_OK;
}

void game_free(game *g)
{
    if (!g)
        return;
    free(g->ev);
    free(g->ply);
    free(g->keys[0]);
    free(g->keys[1]);
    free(g);
}

void game__delta_begin(game *g, game_delta *d)
{
    memset(d, 0, sizeof *d);
    d->ev_first = g->nev;
    d->board = d->seat = d->handed_to = -1;
}

void game__delta_end(game *g, game_delta *d, uint64_t now_us)
{
    d->ev_count = g->nev - d->ev_first;
    for (int s = 0; s < 4; s++)
        d->clock_us[s] = game_clock_us(g, s, now_us);
    d->state = g->state;
}

/* The checks every act on a board shares; the caller has advanced to now_us already. */
static int board_open(const game *g, int seat)
{
    if (g->state == GAME_OVER || g->stopped[seat >> 1])
        return BH_EOVER;
    return BH_OK;
}

int game__illegal(game *g, int seat, uint64_t now_us, game_delta *out)
{
    /* P-ILLEGAL (regulation): recorded; a decisive event against the mover's team. Chess
     * (FIDE 7.5.5): with penalty_ms the first one gives the opponent that time instead. */
    size_t ev = game__push_ev(g, GAME_EV_ILLEGAL, seat, now_us, BH_MOVE_NONE, 0, 0);
    if (!game__chess(g))
        game__decisive(g, GAME_END_ILLEGAL, seat, now_us, ev);
    else if (++g->illegal[seat] == 1 && g->setup.rules.penalty_ms > 0)
        clk_add_us(&g->clock[0], (seat & 1) ^ 1, (uint64_t)g->setup.rules.penalty_ms * 1000);
    else
        game__chess_loss(g, GAME_END_ILLEGAL, seat, now_us, ev);
    if (out) {
        out->board = seat >> 1;
        out->seat = seat;
    }
    return BH_EILLEGAL;
}

static void apply_move(game *g, int seat, bh_move m, uint64_t now_us, uint64_t credit_us,
                       game_delta *d);

static void push_premove_ev(game *g, int seat, uint64_t now_us, const char *uci)
{
    size_t i = game__push_ev(g, GAME_EV_PREMOVE, seat, now_us, BH_MOVE_NONE, 0, 0);
    snprintf(g->ev[i].uci, sizeof g->ev[i].uci, "%s", uci);
}

/* P-PREMOVE (premove rulesets): the side now on move on board plays its queued move at this
 * instant, charged no time; a queued move that is not legal now is dropped. */
static void run_premove(game *g, int board, uint64_t now_us)
{
    int seat = board * 2 + (int)bh_side_to_move(&g->pos[board]);
    if (!g->premove[seat][0] || g->stopped[board])
        return;
    char uci[BH_UCI_MAX];
    memcpy(uci, g->premove[seat], sizeof uci);
    g->premove[seat][0] = '\0';
    bh_move m;
    if (bh_parse_uci(&g->pos[board], uci, &m) != BH_OK ||
        clk_press(&g->clock[board], seat & 1, now_us, 0) != BH_OK) {
        push_premove_ev(g, seat, now_us, "");
        return;
    }
    apply_move(g, seat, m, now_us, 0, NULL);
}

/* "e2e4", "e7e8q", "N@f3": the shape of a UCI move, checked without a position. */
static bool uci_shape(const char *s)
{
    size_t n = strlen(s);
    bool sq2 = n >= 4 && s[2] >= 'a' && s[2] <= 'h' && s[3] >= '1' && s[3] <= '8';
    if (n == 4 && s[1] == '@' && strchr("PNBRQ", s[0]) && s[0])
        return sq2;
    bool sq1 = n >= 4 && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8';
    return sq1 && sq2 && (n == 4 || (n == 5 && strchr("qrbn", s[4]) && s[4]));
}

/* Queue text as seat's premove if the ruleset allows it (caller: not seat's turn). */
static int queue_premove(game *g, int seat, const char *text, int ply, uint64_t now_us,
                         game_delta *d)
{
    int board = seat >> 1;
    if (!g->setup.rules.premove) /* c2s-move.md: a move for another ply is stale_ply */
        return ply != GAME_PLY_ANY && ply != g->nply[board] ? BH_ESTALE : BH_ETURN;
    if (ply != GAME_PLY_ANY && ply != g->nply[board] + 1)
        return BH_ESTALE;
    if (!uci_shape(text)) /* SAN needs the position it is read in; without a ply it is no
                           * premove at all, just a move out of turn */
        return ply == GAME_PLY_ANY ? BH_ETURN : BH_EMOVE;
    if (game__chess(g) && strchr(text, '@')) /* F-CHESS: nothing is ever dropped */
        return BH_EMOVE;
    /* A promotion names its piece (c2s-move.md) now, as the choice is made (pychess-variants
     * #1395): the seat's own pawn cannot leave its square before the seat's turn. */
    bh_color c;
    int from = (text[0] - 'a') + 8 * (text[1] - '1');
    if (text[1] != '@' && !text[4] && bh_piece_at(&g->pos[board], from, &c) == BH_PAWN &&
        (int)c == (seat & 1) && text[3] == ((seat & 1) ? '1' : '8'))
        return BH_EMOVE;
    snprintf(g->premove[seat], sizeof g->premove[seat], "%s", text);
    push_premove_ev(g, seat, now_us, text);
    d->premove_queued = true;
    d->board = board;
    d->seat = seat;
    return BH_OK;
}

int game_cancel_premove(game *g, int seat, uint64_t now_us, game_delta *out)
{
    game_delta tmp, *d = out ? out : &tmp;
    if (!g || !game__seat_ok(g, seat) || now_us < g->last_us || now_us == GAME_NEVER)
        return BH_EINVAL;
    game__delta_begin(g, d);
    game__advance(g, now_us, 3);
    g->last_us = now_us;
    int rc = BH_ESTATE;
    if (g->premove[seat][0]) {
        g->premove[seat][0] = '\0';
        push_premove_ev(g, seat, now_us, "");
        rc = BH_OK;
    }
    game__delta_end(g, d, now_us);
    return rc;
}

const char *game_premove(const game *g, int seat)
{
    return game__seat_ok(g, seat) && g->premove[seat][0] ? g->premove[seat] : NULL;
}

/* The move m is legal on seat's board, the seat is on move, the board is open. */
static void apply_move(game *g, int seat, bh_move m, uint64_t now_us, uint64_t credit_us,
                       game_delta *d)
{
    int board = seat >> 1, color = seat & 1;
    bh_pos *p = &g->pos[board];
    game_ply *pl = push_ply(g);
    pl->t_us = now_us;
    pl->move = m;
    pl->seat = (int8_t)seat;
    pl->number = (uint16_t)bh_fullmove(p);
    bh_move_to_san(p, m, pl->san);
    bh_undo u;
    bh_make(p, m, &u);
    /* Chess: a captured piece leaves the game (F-CHESS); nothing is handed on. */
    int handed = game__chess(g) ? BH_NO_PIECE : bh_undo_handed(&u);
    pl->handed = (int8_t)handed;
    pl->clock_us = clk_remaining_us(&g->clock[board], color, now_us);
    size_t ev = game__push_ev(g, GAME_EV_MOVE, seat, now_us, m, (uint32_t)credit_us, 0);
    g->nply[board]++;
    game__push_key(g, board);
    if (handed != BH_NO_PIECE) {
        /* P-MOVE, P-PROMO: the capture enters the partner's reserve at this instant. */
        int partner = game_partner_of(seat);
        bh_reserve_add(&g->pos[partner >> 1], (bh_color)(partner & 1), handed);
        game__push_key(g, partner >> 1);
        if (d) {
            d->handed = handed;
            d->handed_to = partner;
        }
    }
    if (d) {
        d->move = m;
        memcpy(d->san, pl->san, sizeof d->san);
        bh_move_to_uci(m, d->uci);
    }
    if (game__chess(g))
        game__chess_after_move(g, seat, ev, now_us);
    else if (bh_in_check(p) && bh_is_bughouse_mate(p))
        game__decisive(g, GAME_END_MATE, board * 2 + (int)bh_side_to_move(p), now_us, ev);
    run_premove(g, board, now_us);
}

int game__play(game *g, int seat, bh_move m, int ply, uint64_t now_us, uint64_t credit_us,
               bool parsed, game_delta *out)
{
    int board = seat >> 1, color = seat & 1;
    int rc = board_open(g, seat);
    if (rc != BH_OK)
        return rc;
    if ((int)bh_side_to_move(&g->pos[board]) != color)
        return BH_ETURN;
    if (ply != GAME_PLY_ANY && ply != g->nply[board])
        return BH_ESTALE;
    if (out) {
        out->board = board;
        out->seat = seat;
    }
    if (!parsed && !bh_is_legal(&g->pos[board], m)) {
        if (g->setup.rules.illegal_loses)
            return game__illegal(g, seat, now_us, out);
        return BH_EILLEGAL;
    }
    rc = clk_press(&g->clock[board], color, now_us, credit_us);
    if (rc != BH_OK)
        return rc == BH_EOVER ? BH_EOVER : BH_ESTATE; /* flags were applied: not expected */
    apply_move(g, seat, m, now_us, credit_us, out);
    return BH_OK;
}

/* Common entry: validate, advance to now_us, run fn, fill the delta. */
static bool enter(game *g, int seat, uint64_t now_us, game_delta *d)
{
    if (!g || !game__seat_ok(g, seat) || now_us < g->last_us || now_us == GAME_NEVER)
        return false;
    game__delta_begin(g, d);
    game__advance(g, now_us, game__move_mask(g, seat >> 1));
    g->last_us = now_us;
    return true;
}

int game_move(game *g, int seat, const char *text, int ply, uint64_t now_us, game_delta *out)
{
    game_delta tmp, *d = out ? out : &tmp;
    if (!text || !enter(g, seat, now_us, d))
        return BH_EINVAL;
    int board = seat >> 1;
    int rc = board_open(g, seat);
    if (rc == BH_OK && (int)bh_side_to_move(&g->pos[board]) != (seat & 1)) {
        rc = queue_premove(g, seat, text, ply, now_us, d);
        game__delta_end(g, d, now_us);
        return rc;
    }
    if (rc == BH_OK && ply != GAME_PLY_ANY && ply != g->nply[board])
        rc = BH_ESTALE;
    bh_move m = BH_MOVE_NONE;
    if (rc == BH_OK) {
        rc = bh_parse_uci(&g->pos[board], text, &m);
        if (rc == BH_EMOVE)
            rc = bh_parse_san(&g->pos[board], text, &m);
        if (rc == BH_EILLEGAL) {
            d->board = board;
            d->seat = seat;
            if (g->setup.rules.illegal_loses)
                game__illegal(g, seat, now_us, d);
        }
    }
    if (rc == BH_OK) {
        uint64_t credit = 0; /* text moves carry no lag measurement */
        rc = game__play(g, seat, m, ply, now_us, credit, true, d);
    }
    game__delta_end(g, d, now_us);
    return rc;
}

int game_move_bh(game *g, int seat, bh_move m, int ply, uint64_t lag_us, uint64_t now_us,
                 game_delta *out)
{
    game_delta tmp, *d = out ? out : &tmp;
    if (!enter(g, seat, now_us, d))
        return BH_EINVAL;
    uint64_t credit = 0;
    int board = seat >> 1;
    if (board_open(g, seat) == BH_OK && (int)bh_side_to_move(&g->pos[board]) != (seat & 1)) {
        char uci[BH_UCI_MAX];
        bh_move_to_uci(m, uci);
        int rc = queue_premove(g, seat, uci, ply, now_us, d);
        game__delta_end(g, d, now_us);
        return rc;
    }
    /* Credit only a move that will be accepted, so a rejected move spends no budget. */
    if (board_open(g, seat) == BH_OK && (int)bh_side_to_move(&g->pos[board]) == (seat & 1) &&
        (ply == GAME_PLY_ANY || ply == g->nply[board]) && bh_is_legal(&g->pos[board], m))
        /* The event records the credit in 32 bits (game_event lag_us): grant no more. */
        credit = clk_lag_credit(&g->setup.rules.lag, &g->lag_used_us[seat],
                                lag_us < UINT32_MAX ? lag_us : UINT32_MAX);
    int rc = game__play(g, seat, m, ply, now_us, credit, false, d);
    game__delta_end(g, d, now_us);
    return rc;
}

int game_move_recorded(game *g, int seat, const char *text, int64_t clock_after_ms, game_delta *out)
{
    game_delta tmp, *d = out ? out : &tmp;
    if (!g || !text || !game__seat_ok(g, seat) || clock_after_ms > GAME_CLOCK_MAX_MS)
        return BH_EINVAL;
    int board = seat >> 1, color = seat & 1;
    uint64_t now = g->last_us, credit = 0;
    const clk *c = &g->clock[board];
    if (clock_after_ms >= 0 && clk_running(c) == color) {
        /* The instant at which this board's clock shows the recorded value. */
        uint64_t since = clk_since_us(c);
        int64_t charged = clk_remaining_us(c, color, since) + (int64_t)g->setup.inc_ms * 1000 -
                          clock_after_ms * 1000;
        if (clock_after_ms >= GAME_CLOCK_MAX_MS)
            charged = 0; /* a clock at its cap (CLK_MAX_US) does not tell the time used */
        uint64_t ch = (uint64_t)(charged > 0 ? charged : 0);
        uint64_t e =
            since >= UINT64_MAX - 1 || ch > UINT64_MAX - 1 - since ? UINT64_MAX - 1 : since + ch;
        if (e >= now || g->setup.recorded)
            now = e;
        else
            credit = now - e < UINT32_MAX ? now - e : UINT32_MAX; /* game_event lag_us */
    } else if (g->setup.recorded) {
        now = clk_since_us(c);
    }
    if (!g->setup.recorded) {
        /* Our records carry whole ms, rounded up, so each board's replayed instants are up to
         * 2 ms early (one rounded clock per side), each board by its own amount: a move made
         * just before a flag or the end of the settle window (the other board's events) can
         * replay up to 2 ms after it. It was made (the record has it, and the server refuses
         * a move after the game's end), so it is dated just before that event. A move at a
         * flag's very instant stays there: the two are simultaneous (R-ORDER). */
        uint64_t due = game_next_deadline_us(g);
        bool closes = g->state == GAME_SETTLING && due == g->window_end_us + 1;
        if (due != GAME_NEVER && (closes ? due <= now : due < now) && now - due < 2000 &&
            due > g->last_us)
            now = due - 1;
    }
    game__delta_begin(g, d);
    game__advance(g, now, game__move_mask(g, board));
    if (now > g->last_us)
        g->last_us = now;
    bh_move m = BH_MOVE_NONE;
    int rc = board_open(g, seat);
    if (rc == BH_OK && (int)bh_side_to_move(&g->pos[board]) != color)
        rc = BH_ETURN;
    if (rc == BH_OK) {
        rc = bh_parse_uci(&g->pos[board], text, &m);
        if (rc == BH_EMOVE)
            rc = bh_parse_san(&g->pos[board], text, &m);
    }
    if (rc == BH_OK)
        rc = game__play(g, seat, m, GAME_PLY_ANY, now, credit, true, d);
    game__delta_end(g, d, now);
    return rc;
}

game_kind game_get_kind(const game *g)
{
    return g->setup.kind;
}

int game_boards(const game *g)
{
    return game_kind_boards(g->setup.kind);
}

int game_seats(const game *g)
{
    return game_kind_seats(g->setup.kind);
}

int game_state(const game *g)
{
    return g->state;
}

const game_result *game_get_result(const game *g)
{
    return g->state == GAME_OVER ? &g->result : NULL;
}

const game_setup *game_get_setup(const game *g)
{
    return &g->setup;
}

const bh_pos *game_pos(const game *g, int board)
{
    return board >= 0 && board < game_boards(g) ? &g->pos[board] : NULL;
}

bool game_board_stopped(const game *g, int board)
{
    return (board == 0 || board == 1) && g->stopped[board];
}

int game_board_plies(const game *g, int board)
{
    return board == 0 || board == 1 ? g->nply[board] : 0;
}

int64_t game_clock_us(const game *g, int seat, uint64_t now_us)
{
    if (!game__seat_ok(g, seat))
        return 0;
    return clk_remaining_us(&g->clock[seat >> 1], seat & 1, now_us);
}

int game_draw_offer(const game *g)
{
    return g->draw_offer;
}

uint64_t game_start_us(const game *g)
{
    return g->start_us;
}

uint64_t game_last_us(const game *g)
{
    return g->last_us;
}

const game_event *game_events(const game *g, size_t *n)
{
    *n = g->nev;
    return g->ev;
}

const game_ply *game_plies(const game *g, size_t *n)
{
    *n = g->nply_all;
    return g->ply;
}

const game_ply *game_board_ply(const game *g, int board, int k, size_t *event)
{
    if (board < 0 || board >= game_boards(g) || k < 0 || k >= g->nply[board])
        return NULL;
    const game_ply *p = NULL;
    for (size_t i = 0, seen = 0; i < g->nply_all && !p; i++)
        if (g->ply[i].seat >> 1 == board && (int)seen++ == k)
            p = &g->ply[i];
    if (event)
        for (size_t i = 0, seen = 0; i < g->nev; i++)
            if (g->ev[i].type == GAME_EV_MOVE && g->ev[i].seat >> 1 == board && (int)seen++ == k) {
                *event = i;
                break;
            }
    return p;
}
