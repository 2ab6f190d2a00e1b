/* game_int.h: the game object, shared by game.c, arbiter.c, replay.c and bpgn_io.c only.
 * SPDX-License-Identifier: MIT */
#ifndef BH_GAME_INT_H
#define BH_GAME_INT_H

#include "game.h"

/* One decisive event waiting to be combined (R-SETTLE). At most one per board. */
typedef struct game__dec {
    game_end kind;
    int seat; /* the seat that lost by it */
    int board;
    uint64_t t_us;
    size_t event;
} game__dec;

struct game {
    game_setup setup;
    bh_pos pos[2];
    clk clock[2];
    bool stopped[2]; /* board ended: decisive event there, or game over */
    int nply[2];     /* plies played per board */
    int state;       /* GAME_PLAYING / GAME_SETTLING / GAME_OVER */
    uint64_t start_us;
    uint64_t last_us;       /* latest instant seen (time never goes back) */
    uint64_t window_end_us; /* SETTLING: last instant inside the window */
    game__dec dec[4];
    int ndec;
    game_result result;
    int draw_offer; /* team with a pending offer, 0 none */
    uint64_t lag_used_us[4];
    char premove[4][BH_UCI_MAX]; /* queued premove of each seat, "" if none */
    game_event *ev;
    size_t nev, cap_ev;
    game_ply *ply;
    size_t nply_all, cap_ply;
    uint64_t *keys[2]; /* repetition keys of each board, one per position reached */
    size_t nkeys[2], cap_keys[2];
};

size_t game__push_ev(game *g, int type, int seat, uint64_t t_us, bh_move m, uint32_t lag_us,
                     int arg);
void game__push_key(game *g, int board);
/* Apply flags due by now_us on the boards in mask (bit per board) and a settle-window end
 * due by now_us (arbiter.c). */
void game__advance(game *g, uint64_t now_us, int mask);
/* Boards whose flags a move on board applies first: both, or with setup.recorded its own. */
int game__move_mask(const game *g, int board);
/* A decisive event of kind by loser seat at t_us, recorded as event ev (arbiter.c). */
void game__decisive(game *g, game_end kind, int seat, uint64_t t_us, size_t ev);
/* End the game as a draw by reason at t_us, deciding event ev (arbiter.c). */
void game__draw(game *g, game_end reason, int seat, uint64_t t_us, size_t ev);
/* Play legal-or-not move m by seat at now_us with a trusted lag credit (game.c). parsed: m
 * came from bh_parse_uci / bh_parse_san on the current position, so it is legal. */
int game__play(game *g, int seat, bh_move m, int ply, uint64_t now_us, uint64_t credit_us,
               bool parsed, game_delta *out);
/* Record an illegal move by seat at now_us (illegal_loses rulesets). */
int game__illegal(game *g, int seat, uint64_t now_us, game_delta *out);
void game__delta_begin(game *g, game_delta *d);
void game__delta_end(game *g, game_delta *d, uint64_t now_us);

#endif
