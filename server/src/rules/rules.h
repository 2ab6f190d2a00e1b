/* rules.h: one board of bughouse, crazyhouse or plain chess: position with reserves, legal
 * moves and drops, mate, stalemate and dead-position predicates, FEN, UCI and SAN, repetition
 * key, perft.
 * SPDX-License-Identifier: MIT
 * Pure: no I/O, no allocation, no mutable globals (attack tables are built once, thread-safely,
 * by the first bh_pos_start/bh_pos_from_fen). Rule ids (P-*) are defined in docs/rules.md.
 * Squares are 0..63 with a1 = 0, b1 = 1, ..., h8 = 63. */
#ifndef BH_RULES_H
#define BH_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bh.h"

typedef enum { BH_WHITE = 0, BH_BLACK = 1 } bh_color;

/* Piece types. BH_NO_PIECE is 0 so a zeroed field means "none". */
enum {
    BH_NO_PIECE = 0,
    BH_PAWN = 1,
    BH_KNIGHT = 2,
    BH_BISHOP = 3,
    BH_ROOK = 4,
    BH_QUEEN = 5,
    BH_KING = 6
};

#define BH_MAX_MOVES 2048 /* capacity for bh_gen_legal (provable bound for any FEN) */
#define BH_UCI_MAX 8      /* "e7e8q" / "N@f3" plus NUL, rounded up */
#define BH_SAN_MAX 16     /* "Nbd7xe5=Q#"-sized, plus NUL, rounded up */
#define BH_FEN_MAX 512    /* bh_pos_to_fen never writes more, NUL included */
#define BH_RESERVE_CAP 16 /* most pieces of one type one side may hold (16 pawns per colour) */

/* A move, 16 bits. 0 is BH_MOVE_NONE (a1a1 is never a move). Layout (use the accessors):
 * bits 0-5 to-square, bits 6-11 from-square (for a drop: the piece type), bits 12-15 kind. */
typedef uint16_t bh_move;
#define BH_MOVE_NONE ((bh_move)0)

enum {
    BH_MK_NORMAL = 0,
    BH_MK_PROMO_N = 1, /* promotion to knight; +1 bishop, +2 rook, +3 queen */
    BH_MK_PROMO_B = 2,
    BH_MK_PROMO_R = 3,
    BH_MK_PROMO_Q = 4,
    BH_MK_CASTLE = 5, /* king's move e1g1 / e1c1 / e8g8 / e8c8 */
    BH_MK_EP = 6,     /* en-passant capture */
    BH_MK_DROP = 7    /* drop of a reserve piece; the from field holds the piece type */
};

static inline bh_move bh_move_make(int from, int to, int kind)
{
    return (bh_move)((unsigned)to | ((unsigned)from << 6) | ((unsigned)kind << 12));
}
static inline bh_move bh_move_drop(int piece, int to)
{
    return bh_move_make(piece, to, BH_MK_DROP);
}
static inline int bh_move_to(bh_move m)
{
    return m & 63;
}
/* From-square of a board move; meaningless for a drop. */
static inline int bh_move_from(bh_move m)
{
    return (m >> 6) & 63;
}
static inline int bh_move_kind(bh_move m)
{
    return m >> 12;
}
static inline bool bh_move_is_drop(bh_move m)
{
    return bh_move_kind(m) == BH_MK_DROP;
}
/* Piece type dropped (BH_PAWN..BH_QUEEN), or BH_NO_PIECE for a board move. */
static inline int bh_move_drop_piece(bh_move m)
{
    return bh_move_is_drop(m) ? bh_move_from(m) : BH_NO_PIECE;
}
/* Promotion piece type (BH_KNIGHT..BH_QUEEN), or BH_NO_PIECE. */
static inline int bh_move_promo(bh_move m)
{
    int k = bh_move_kind(m);
    return k >= BH_MK_PROMO_N && k <= BH_MK_PROMO_Q ? k + 1 : BH_NO_PIECE;
}

/* Capture model of one board. */
typedef enum {
    BH_MODEL_BUGHOUSE = 0,   /* captured piece leaves the board; the caller hands it on (P-MOVE) */
    BH_MODEL_CRAZYHOUSE = 1, /* captured piece goes to the capturer's own reserve */
    BH_MODEL_CHESS = 2       /* chess (FIDE Laws; F-CHESS): a captured piece leaves the
                              * game, there is no reserve and no drop, no promoted marks; mate is
                              * the FIDE checkmate (art. 5.1.1), no legal move and no check is
                              * stalemate (art. 5.2.1); the en-passant square counts (FEN, key)
                              * only when an en-passant capture is legal (art. 9.2.2) */
} bh_model;

/* Ruleset options of one board. A NULL options pointer means BH_OPTIONS_DEFAULT. */
typedef struct {
    bh_model model;            /* capture model */
    bool dropped_rook_castles; /* P-CASTLE-DROP: a rook dropped on its corner may castle
                                * (no effect in the chess model: nothing is dropped) */
} bh_options;

/* Regulation defaults (seed 000): bughouse captures, dropped rooks castle. */
#define BH_OPTIONS_DEFAULT ((bh_options){BH_MODEL_BUGHOUSE, true})

/* Castling right bits (bh_pos castle_). */
enum { BH_CASTLE_WK = 1, BH_CASTLE_WQ = 2, BH_CASTLE_BK = 4, BH_CASTLE_BQ = 8 };

/* The position. A value type: copy it freely, mutate it only through these functions; it is
 * valid only once bh_pos_start or bh_pos_from_fen has filled it. Fields ending in '_' are
 * private. */
typedef struct bh_pos {
    uint64_t by_type_[7];   /* [BH_PAWN..BH_KING] squares; [0] = all occupied */
    uint64_t by_color_[2];  /* squares of each colour */
    uint64_t promoted_;     /* squares holding a promoted piece (P-PROMO, '~' in FEN) */
    uint64_t key_;          /* Zobrist key, see bh_pos_key */
    uint64_t checkers_;     /* pieces giving check to the side to move */
    uint8_t board_[64];     /* 0 empty, else type | colour << 3 */
    uint8_t reserve_[2][8]; /* [colour][type] pieces in hand, type BH_PAWN..BH_QUEEN */
    uint8_t stm_;           /* bh_color to move */
    uint8_t castle_;        /* BH_CASTLE_* bits */
    uint8_t ep_;            /* en-passant square, 64 if none; make (and FEN) set it after
                             * a double step only if an enemy pawn attacks it (Stockfish) */
    uint8_t king_moved_;    /* bit c: colour c's king has moved (P-CASTLE-DROP) */
    uint16_t halfmove_;     /* plies since the last capture, pawn move or drop of a pawn;
                             * stays at 65535 once there */
    uint16_t fullmove_;     /* full-move number, starts at 1; stays at 65535 once there */
    bh_options opt_;        /* ruleset of this board */
} bh_pos;

/* What bh_make changed, for bh_unmake. Caller storage, one per made move. */
typedef struct bh_undo {
    uint64_t key_;           /* key before the move */
    uint64_t checkers_;      /* checkers before the move */
    bh_move move_;           /* the move */
    uint8_t captured_;       /* board code of the captured piece, 0 if none */
    uint8_t cap_promoted_;   /* 1 if the captured piece was a promoted piece */
    uint8_t moved_promoted_; /* 1 if the moving piece was a promoted piece */
    uint8_t castle_;         /* castling rights before */
    uint8_t ep_;             /* en-passant square before */
    uint8_t king_moved_;     /* king-moved bits before */
    uint16_t halfmove_;      /* half-move clock before */
    uint16_t fullmove_;      /* full-move number before */
    int8_t handed_;          /* piece type handed on (see bh_undo_handed) */
} bh_undo;

/* ---- position setup ---------------------------------------------------------------- */

/* Set p to the initial position with empty reserves and ruleset o (copied; NULL = default). */
void bh_pos_start(bh_pos *p, const bh_options *o);

/* The FEN field an error names. */
typedef enum {
    BH_FEN_FIELD_NONE = 0, /* no error */
    BH_FEN_FIELD_BOARD,    /* piece placement: bad char, wrong rank/file count, bad '~' */
    BH_FEN_FIELD_RESERVE,  /* [..] holdings: bad char, king, unclosed, over BH_RESERVE_CAP */
    BH_FEN_FIELD_SIDE,     /* side to move: not 'w' / 'b' */
    BH_FEN_FIELD_CASTLING, /* castling: bad char, repeated, no king/rook on its square */
    BH_FEN_FIELD_EP,       /* en-passant: bad square, wrong rank, no pawn that just moved */
    BH_FEN_FIELD_HALFMOVE, /* half-move clock: not a number 0..65535 */
    BH_FEN_FIELD_FULLMOVE, /* full-move number: not a number 1..65535 */
    BH_FEN_FIELD_POSITION, /* fields valid but the position is not: king count, pawn on rank
                            * 1/8, side not to move in check, trailing text */
} bh_fen_field;

typedef struct {
    bh_fen_field field; /* which field is wrong */
    int offset;         /* byte offset in the FEN where the problem was found */
    const char *what;   /* static English message */
} bh_fen_error;

/* Parse fen ("<board>[<reserve>] <side> <castling> <ep> <halfmove> <fullmove>"; the reserve
 * may also be a ninth rank "/Qn" or absent; halfmove and fullmove may be omitted) into p with
 * ruleset o (copied; NULL = default). '~' after a piece marks it promoted (P-PROMO).
 * BH_MODEL_CHESS: plain FEN; an empty reserve ("[]", "/") is accepted, a piece in it is a
 * BH_FEN_FIELD_RESERVE error and a '~' a BH_FEN_FIELD_BOARD error (chess has neither).
 * Returns BH_OK, or BH_EFEN (p untouched; *err, if err is non-NULL, names the field),
 * or BH_EINVAL if p or fen is NULL. FEN cannot say whether a king has moved: a king on its
 * home square counts as never moved, so with dropped_rook_castles a rook dropped on its corner
 * gives that castling right (P-CASTLE-DROP; Fairy-Stockfish's castlingDroppedPiece does the
 * same). Positions reached by bh_make track king moves exactly. An en-passant square that no
 * pawn attacks is checked, then dropped (no right: P-REPEAT, as bh_make). fen is borrowed. */
int bh_pos_from_fen(bh_pos *p, const char *fen, const bh_options *o, bh_fen_error *err);

/* Static name of a FEN field ("board", "reserve", "side", "castling", "ep", "halfmove",
 * "fullmove", "position", "none"). */
const char *bh_fen_field_name(bh_fen_field f);

/* Write p as FEN with the reserve in brackets (white pieces first, each colour in QRBNP order,
 * e.g. "[QNPnp]") and '~' after promoted pieces, as lichess and Fairy-Stockfish do; in the
 * chess model plain FEN, without brackets (the en-passant square only when a capture there is
 * legal, as lichess and python-chess write it).
 * Returns the length written (excluding NUL), or BH_ELIMIT if len is too small
 * (BH_FEN_MAX always suffices; buf then holds ""). */
int bh_pos_to_fen(const bh_pos *p, char *buf, size_t len);

/* ---- accessors --------------------------------------------------------------------- */

/* Colour to move. All accessors read p only and never fail. */
bh_color bh_side_to_move(const bh_pos *p);
/* Full-move number (1 at the start, +1 after each Black move, never above 65535). */
int bh_fullmove(const bh_pos *p);
/* Plies played since the start of the numbering: 2 * (fullmove - 1) + (Black to move). */
int bh_ply(const bh_pos *p);
/* Half-move clock: plies since the last capture, pawn move or pawn drop. Informational only
 * in bughouse (P-WAIT: no fifty-move rule); in chess the 50- and 75-move rules count it
 * (FIDE art. 9.3, 9.6.2: 100 and 150 plies). */
int bh_halfmove(const bh_pos *p);
/* Ruleset of this board. */
const bh_options *bh_pos_options(const bh_pos *p);
/* Piece type on sq (0..63), or BH_NO_PIECE; its colour in *color if color is non-NULL and
 * there is a piece. Out-of-range sq gives BH_NO_PIECE. */
int bh_piece_at(const bh_pos *p, int sq, bh_color *color);
/* True if the piece on sq is a promoted piece (captured, it counts as a pawn: P-PROMO). */
bool bh_is_promoted_at(const bh_pos *p, int sq);
/* Number of pieces of type piece (BH_PAWN..BH_QUEEN) colour c holds; 0 for other types. */
int bh_reserve_count(const bh_pos *p, bh_color c, int piece);
/* Add one piece of type piece to colour c's reserve: the partner transfer (P-MOVE).
 * Returns BH_OK, BH_EINVAL (piece not BH_PAWN..BH_QUEEN, c not a colour, or the chess model,
 * which has no reserve) or BH_ELIMIT (already BH_RESERVE_CAP of that type). Updates the
 * repetition key. */
int bh_reserve_add(bh_pos *p, bh_color c, int piece);
/* Remove one piece from a reserve (e.g. undoing a transfer). BH_OK, BH_EINVAL, or
 * BH_ESTATE if the reserve holds none of that type. */
int bh_reserve_remove(bh_pos *p, bh_color c, int piece);

/* ---- moves ------------------------------------------------------------------------- */

/* Write every legal move and drop of the side to move to out (capacity BH_MAX_MOVES) and
 * return their number (0 = no legal move: see bh_status). Order is unspecified but fixed.
 * Implements P-DROP, P-DROP-PAWN, P-PROMO, P-PAWN-2ND, P-CASTLE-DROP. */
int bh_gen_legal(const bh_pos *p, bh_move *out);

/* True if m is a legal move or drop in p. Any 16-bit value may be passed. */
bool bh_is_legal(const bh_pos *p, bh_move m);

/* Play the legal move m (the caller guarantees legality, e.g. m came from bh_gen_legal or a
 * parser; debug builds assert a cheap sanity check, bh_is_legal checks fully) and record
 * what changed in *u. Bughouse model: a captured piece leaves the
 * board (read bh_undo_handed(u) to hand it to the partner). Crazyhouse model: it goes to the
 * mover's reserve, a promoted piece as a pawn (P-PROMO). */
void bh_make(bh_pos *p, bh_move m, bh_undo *u);

/* Take back the move recorded in u, which must be the last move made on p. */
void bh_unmake(bh_pos *p, const bh_undo *u);

/* Piece type the move recorded in u captured, as it is handed on: BH_PAWN for a promoted
 * piece (P-PROMO), BH_NO_PIECE if the move captured nothing. Same in both models. */
int bh_undo_handed(const bh_undo *u);

/* ---- status (P-MATE, P-WAIT; chess: FIDE Laws art. 5) ------------------------------- */

/* True if the side to move is in check (O(1): checkers are kept by make/unmake). */
bool bh_in_check(const bh_pos *p);
/* Crazyhouse mate: in check and no legal move or drop with the real reserve. */
bool bh_is_crazyhouse_mate(const bh_pos *p);
/* Bughouse mate (P-MATE): crazyhouse mate and, in addition, no empty square where a dropped
 * piece would end the check (double, contact and knight checks; a slider check with no
 * empty square between checker and king). */
bool bh_is_bughouse_mate(const bh_pos *p);

/* The mate of p's model: bh_is_bughouse_mate in the bughouse and crazyhouse models (what SAN
 * marks '#', P-MATE); in chess checkmate, in check with no legal move (FIDE art. 5.1.1). */
bool bh_is_mate(const bh_pos *p);

/* FIDE art. 5.2.2 and 9.6.2 (dead position: neither player can checkmate by any series of
 * legal moves), decided on material (and, for kings and pawns, on the pawn structure);
 * meant for the chess model: in bughouse a drop can always come (P-WAIT). True exactly in
 * these positions, each provably dead:
 *   - king against king;
 *   - king and one knight against a lone king;
 *   - kings and any number of bishops of either colour, all on squares of one colour
 *     (K+B v K, K+B v K+B with same-coloured bishops, ...): only a bishop can give check,
 *     so a king in check stands on that colour; it has at least two orthogonal neighbours
 *     on the board, of the other colour, which no bishop attacks or stands on, and the other
 *     king covers at most one of them: the king always has a flight;
 *   - chess model only, kings and pawns only, the side to move not in check, no en-passant
 *     square, and: every pawn's advance square holds a pawn (of either colour), no pawn
 *     attacks an enemy pawn, and for each king no enemy pawn that no other enemy pawn
 *     defends is a king's step from the squares that king can reach through squares holding
 *     no pawn and attacked by no enemy pawn (e.g. the wall k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7).
 *     Proof, by induction over the plies, that no pawn ever moves or leaves the board: a
 *     push is blocked while the blocking pawns stay; a capture by a pawn needs an enemy
 *     piece on a square it attacks, which holds no enemy pawn, and a king never stands
 *     there after its own move (that is moving into check), nor now (the side to move is not
 *     in check, the other side cannot be); en passant needs a double step just played; no
 *     castling without rooks. So only kings move, each stays within its reachable squares
 *     (the other king only removes squares), and captures only an undefended pawn next to
 *     them, of which there is none: a defended pawn stays defended, as its defender never
 *     moves. No pawn ever promotes, only a pawn can give check (a king never does), and no
 *     king ever stands on a square an enemy pawn attacks: neither side is ever in check, so
 *     neither can checkmate. The other models are left out: in bughouse a partner can hand
 *     a piece over at any time (P-MOVE, P-WAIT).
 * Not detected (returns false): every other dead position, such as a pawn structure where a
 * king reaches an undefended pawn but could still never mate, pawn walls with bishops, or
 * K+N v K+N positions where no helpmate exists; the game goes on there (the 75-move rule,
 * art. 9.6.2, ends it). */
bool bh_is_dead_position(const bh_pos *p);

/* False when colour c provably cannot checkmate the other king by any series of legal moves
 * (FIDE art. 6.9 and 7.5.5: a flag, or a second illegal move, is then a draw): c has a lone
 * king, or the position is dead (bh_is_dead_position). True otherwise, even where c could
 * in fact never mate (e.g. K+N against K+Q, which lichess counts as insufficient): the
 * server then gives the win, which only the cases above are proven wrong for. */
bool bh_can_checkmate(const bh_pos *p, bh_color c);

typedef enum {
    BH_STATUS_PLAYING = 0, /* side to move has a legal move and is not in check */
    BH_STATUS_CHECK,       /* in check, has a legal move */
    BH_STATUS_MATE,        /* bughouse mate (P-MATE), or checkmate in chess: the game is lost */
    BH_STATUS_WAITING,     /* bughouse/crazyhouse: no legal move, not bughouse mate: wait for a
                            * piece (P-WAIT); may be in check. Never stalemate, never a
                            * material draw. */
    BH_STATUS_STALEMATE,   /* chess only: no legal move, not in check (FIDE art. 5.2.1) */
    BH_STATUS_DEAD         /* chess only: bh_is_dead_position (FIDE art. 5.2.2), the side to
                            * move has a legal move */
} bh_status_kind;

/* Status of the side to move. Bughouse and crazyhouse (P-MATE, P-WAIT): MATE takes
 * precedence over WAITING. Chess: MATE, then STALEMATE, then DEAD, then CHECK or PLAYING. */
bh_status_kind bh_status(const bh_pos *p);
/* Static name: "playing", "check", "mate", "waiting", "stalemate", "dead_position". */
const char *bh_status_name(bh_status_kind s);

/* ---- notation ---------------------------------------------------------------------- */

/* Parse UCI ("e2e4", "e7e8q", "N@f3", "P@e4"; castling as the king's move "e1g1") into a
 * legal move of p. Returns BH_OK (*out set), BH_EMOVE (not UCI syntax, a drop in the chess
 * model, or a pawn move to the last rank without its promotion letter: incomplete, the piece
 * is the player's choice, FIDE Laws art. 3.7.e) or BH_EILLEGAL (well-formed, but no such
 * legal move). */
int bh_parse_uci(const bh_pos *p, const char *s, bh_move *out);

/* Write m as UCI into buf (BH_UCI_MAX bytes, NUL-terminated). Returns the length (4 or 5).
 * Never fails: any 16-bit value gives some text ('?' for a drop of no piece). */
int bh_move_to_uci(bh_move m, char buf[BH_UCI_MAX]);

/* Parse SAN ("Nbd7", "exd5", "e8=Q+", "N@f3#", "O-O-O") into a legal move of p. Lenient:
 * "0-0", "@e4" (pawn drop), "e8Q", "exd6e.p.", any trailing "+", "#", "!", "?", and a
 * superfluous disambiguation. A pawn move without a file ("e5") is a push only, never a
 * capture. Returns BH_OK (*out set), BH_EMOVE (unparseable, a drop in the chess model, or a
 * pawn move to the last rank without "=Q" etc.: incomplete, as in bh_parse_uci),
 * BH_EILLEGAL (no such legal move) or BH_EAMBIGUOUS (more than one legal move matches). */
int bh_parse_san(const bh_pos *p, const char *s, bh_move *out);

/* Write the legal move m of p as SAN into buf (BH_SAN_MAX bytes), with minimal
 * disambiguation and "+" or "#" (bh_is_mate: bughouse mate, P-MATE; checkmate in chess).
 * Returns the length, or BH_EILLEGAL
 * (buf then holds "") if m is not legal in p. */
int bh_move_to_san(const bh_pos *p, bh_move m, char buf[BH_SAN_MAX]);

/* ---- keys, perft, invariants ------------------------------------------------------- */

/* Repetition key (P-REPEAT; chess: FIDE art. 9.2.2): Zobrist hash of board (incl. promoted
 * marks), side to move, castling rights, en-passant square and both reserves (by count, so the
 * order in which reserve pieces arrived does not matter). The en-passant square counts when
 * an enemy pawn attacks it; in the chess model only when that capture is legal (art. 9.2.2:
 * "the possible moves of all the pieces ... are the same"). */
uint64_t bh_pos_key(const bh_pos *p);

/* Number of leaf nodes of the legal move tree of depth plies under p, in p's capture model.
 * p is restored before return. depth 0 gives 1. */
uint64_t bh_perft(bh_pos *p, int depth);

/* Invariant check (STYLE.md 6): bitboards agree with the mailbox, one king per side,
 * no pawn on rank 1/8, reserve counts within cap, key and checkers equal to recomputed
 * values. Cheap enough for assert() after every make/unmake in debug builds. */
bool bh_pos_ok(const bh_pos *p);

#endif
