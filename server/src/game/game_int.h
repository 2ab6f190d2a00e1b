/* game_int.h: the game object, shared by game.c, arbiter.c, fide.c, replay.c, bpgn_io.c and
 * pgn.c only.
 * SPDX-License-Identifier: MIT */
#ifndef BH_GAME_INT_H
#define BH_GAME_INT_H

#include "bpgn.h"
#include "buf.h"
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
    int illegal[4]; /* illegal moves recorded per seat (chess penalty_ms: the second loses) */
};

static inline bool game__chess(const game *g)
{
    return g->setup.kind == GAME_KIND_CHESS;
}
/* A seat of this game's kind: 0..3 (bughouse) or 0..1 (chess). */
static inline bool game__seat_ok(const game *g, int seat)
{
    return seat >= 0 && seat < game_seats(g);
}

size_t game__push_ev(game *g, int type, int seat, uint64_t t_us, bh_move m, uint32_t lag_us,
                     int arg);
void game__push_key(game *g, int board);
/* Apply flags due by now_us on the boards in mask (bit per board) and a settle-window end
 * due by now_us (arbiter.c). */
void game__advance(game *g, uint64_t now_us, int mask);
/* Boards whose flags a move on board applies first: both, or with setup.recorded its own. */
int game__move_mask(const game *g, int board);
/* Chess (fide.c): after seat's move, recorded as event ev at now_us: mate (decisive), or the
 * automatic draws: stalemate, dead position, fivefold repetition, 75 moves (FIDE 5, 9.6). */
void game__chess_after_move(game *g, int seat, size_t ev, uint64_t now_us);
/* Chess: the losing event of kind (flag, illegal move) by seat, recorded as event ev at t_us:
 * a loss, or a draw when the opponent cannot checkmate (FIDE 6.9, 7.5.5). */
void game__chess_loss(game *g, game_end kind, int seat, uint64_t t_us, size_t ev);
/* The draw claim of game_claim_draw with the intended move already parsed (BH_MOVE_NONE for
 * none), from a live call or a stored event (fide.c). The caller has advanced to now_us. */
int game__claim(game *g, int seat, int what, bh_move intended, uint64_t now_us, game_delta *d);
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
/* Run the clocks until the game ends: a flag, then the settle window (bpgn_io.c). */
void game__run_out(game *g);
/* "180+2", "60", "0.5+0" (seconds) -> ms; BH_OK or BH_EPARSE (bpgn_io.c). */
int bpgn__parse_tc(const char *s, uint32_t *base_ms, uint32_t *inc_ms);
/* Tokenizer pieces shared by the BPGN and PGN readers (bpgn.c): the tag at t[*i] ('[') into
 * bg (BH_OK, BH_EPARSE, BH_ELIMIT; *i moves past it); the next item (NULL at
 * BPGN_ITEMS_MAX); a result token at t[i] (its length in *n). */
int bpgn__parse_tag(const char *t, size_t len, size_t *i, bpgn_game *bg, size_t *cap);
bpgn_item *bpgn__push_item(bpgn_game *bg, size_t *cap);
bool bpgn__is_result(const char *t, size_t len, size_t i, size_t *n);
/* End of a parse: on BH_OK move *bg to *out and set *used to consumed, else free *bg and zero
 * *out. Returns rc. */
int bpgn__finish(bpgn_game *bg, int rc, size_t consumed, bpgn_game *out, size_t *used);
/* The tag pair [name "value"] and a line feed appended to b, '"' and '\\' in value escaped
 * (pgn.c; the PGN and BPGN writers). */
void bpgn__put_tag(buf *b, const char *name, const char *value);
void game__delta_end(game *g, game_delta *d, uint64_t now_us);

#endif
