/* fide.c: the FIDE Laws parts of a chess game (F-CHESS): the automatic ends after a move
 * (mate, stalemate, dead position, fivefold repetition, 75 moves), the flag and illegal-move
 * draws when the opponent cannot checkmate, and draw claims (threefold, 50 moves).
 * SPDX-License-Identifier: MIT
 * Positions are compared by bh_pos_key (FIDE 9.2.2: side to move, castling rights, en passant
 * only when legal); the game keeps one key per position reached, the start included. */
#include "game_int.h"

/* Occurrences of key among the positions of board b so far. Positions before a capture or
 * pawn move cannot share a key with later ones, so the whole list can be scanned. */
static int occurrences(const game *g, int b, uint64_t key)
{
    int n = 0;
    for (size_t i = 0; i < g->nkeys[b]; i++)
        n += g->keys[b][i] == key;
    return n;
}

void game__chess_after_move(game *g, int seat, size_t ev, uint64_t now_us)
{
    const bh_pos *p = &g->pos[0];
    switch (bh_status(p)) {
    case BH_STATUS_MATE: /* art. 5.1.1; it takes precedence over 9.6.2 */
        game__decisive(g, GAME_END_MATE, (int)bh_side_to_move(p), now_us, ev);
        return;
    case BH_STATUS_STALEMATE: /* art. 5.2.1 */
        game__draw(g, GAME_END_STALEMATE, seat, now_us, ev);
        return;
    case BH_STATUS_DEAD: /* art. 5.2.2 */ game__draw(g, GAME_END_DEAD, seat, now_us, ev); return;
    case BH_STATUS_PLAYING:
    case BH_STATUS_CHECK:
    case BH_STATUS_WAITING: break; /* WAITING: never in the chess model */
    }
    if (occurrences(g, 0, bh_pos_key(p)) >= 5) /* art. 9.6.1 */
        game__draw(g, GAME_END_FIVEFOLD, seat, now_us, ev);
    else if (bh_halfmove(p) >= 150) /* art. 9.6.2: 75 moves by each player */
        game__draw(g, GAME_END_SEVENTYFIVE, seat, now_us, ev);
}

void game__chess_loss(game *g, game_end kind, int seat, uint64_t t_us, size_t ev)
{
    /* Art. 6.9 (flag) and 7.5.5 (illegal move): a draw if the opponent cannot checkmate the
     * player's king by any possible series of legal moves (bh_can_checkmate's proven cases). */
    if (!bh_can_checkmate(&g->pos[0], (bh_color)((seat & 1) ^ 1)))
        game__draw(g, kind == GAME_END_FLAG ? GAME_END_FLAG_DRAW : GAME_END_ILLEGAL_DRAW, seat,
                   t_us, ev);
    else
        game__decisive(g, kind, seat, t_us, ev);
}

/* Is the claim correct for the position now (intended BH_MOVE_NONE, art. 9.2.1.2 / 9.3.2)
 * or after the intended legal move (9.2.1.1 / 9.3.1)? */
static bool claim_ok(const game *g, int what, bh_move intended)
{
    bh_pos p = g->pos[0];
    if (intended != BH_MOVE_NONE) {
        bh_undo u;
        bh_make(&p, intended, &u);
    }
    if (what == GAME_CLAIM_FIFTY)
        return bh_halfmove(&p) >= 100; /* 50 moves by each player */
    /* The intended position is not in the list yet: it would be one more occurrence. */
    return occurrences(g, 0, bh_pos_key(&p)) + (intended != BH_MOVE_NONE) >= 3;
}

/* P-REPEAT (bughouse): any seat of the board, the present position three times. */
static int claim_bughouse(game *g, int seat, uint64_t now_us)
{
    int b = seat >> 1;
    if (occurrences(g, b, bh_pos_key(&g->pos[b])) < 3)
        return BH_ESTATE;
    size_t ev = game__push_ev(g, GAME_EV_CLAIM, seat, now_us, BH_MOVE_NONE, 0, 0);
    game__draw(g, GAME_END_REPEAT, seat, now_us, ev);
    return BH_OK;
}

int game__claim(game *g, int seat, int what, bh_move intended, uint64_t now_us, game_delta *d)
{
    if (!game__chess(g)) {
        if (what != GAME_CLAIM_REPETITION || intended != BH_MOVE_NONE)
            return BH_EINVAL;
        return g->state != GAME_PLAYING ? BH_EOVER : claim_bughouse(g, seat, now_us);
    }
    if (g->state == GAME_OVER)
        return BH_EOVER;
    if ((int)bh_side_to_move(&g->pos[0]) != (seat & 1)) /* "a player having the move" */
        return BH_ETURN;
    if (intended != BH_MOVE_NONE && !bh_is_legal(&g->pos[0], intended))
        return BH_EILLEGAL;
    if (claim_ok(g, what, intended)) {
        /* 9.5.2: correct, the game is drawn at once; an intended move is only written. */
        size_t ev = game__push_ev(g, GAME_EV_CLAIM, seat, now_us, intended, 0, what);
        game__draw(g, what == GAME_CLAIM_FIFTY ? GAME_END_FIFTY : GAME_END_REPEAT, seat, now_us,
                   ev);
        return BH_OK;
    }
    uint32_t penalty_ms = g->setup.rules.penalty_ms;
    if (penalty_ms == 0)
        return BH_ESTATE; /* refused: nothing recorded */
    /* 9.5.3 (A.4, rapid and blitz: one minute): the opponent gets the time, play goes on,
     * and a claim based on an intended move has that move made. */
    game__push_ev(g, GAME_EV_CLAIM, seat, now_us, intended, 0, what | GAME_CLAIM_REJECTED);
    clk_add_us(&g->clock[0], (seat & 1) ^ 1, (uint64_t)penalty_ms * 1000);
    if (intended != BH_MOVE_NONE)
        game__play(g, seat, intended, GAME_PLY_ANY, now_us, 0, true, d);
    return BH_ESTATE;
}

bool game_can_claim(const game *g, int seat, game_claim what)
{
    if (!g || !game__seat_ok(g, seat) || g->state != GAME_PLAYING)
        return false;
    if (!game__chess(g)) {
        int b = seat >> 1;
        return what == GAME_CLAIM_REPETITION && occurrences(g, b, bh_pos_key(&g->pos[b])) >= 3;
    }
    return (int)bh_side_to_move(&g->pos[0]) == (seat & 1) &&
           (what == GAME_CLAIM_REPETITION || what == GAME_CLAIM_FIFTY) &&
           claim_ok(g, what, BH_MOVE_NONE);
}
