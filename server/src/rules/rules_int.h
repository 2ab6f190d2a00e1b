/* rules_int.h: bitboard helpers and attack tables shared by the rules module's own files.
 * SPDX-License-Identifier: MIT
 * The tables are filled once by bh__init() (pthread_once) and read-only afterwards, so any
 * number of threads may use positions concurrently. */
#ifndef BH_RULES_INT_H
#define BH_RULES_INT_H

#include "rules.h"

#define BH_ZOB_RES_MAX 128 /* reserve counts hashed per type (FEN cap 16 + 62 captures < 128) */

typedef struct {
    uint64_t mask;   /* relevant blockers */
    uint64_t magic;  /* multiplier */
    uint32_t offset; /* first entry in the shared attack array */
    uint8_t shift;   /* 64 - popcount(mask) */
} bh__magic;

typedef struct {
    uint64_t knight[64];
    uint64_t king[64];
    uint64_t pawn[2][64];     /* squares a pawn of colour c on sq attacks */
    uint64_t between[64][64]; /* squares strictly between two aligned squares, else 0 */
    uint64_t line[64][64];    /* the whole line through two aligned squares, else 0 */
    bh__magic rmagic[64];
    bh__magic bmagic[64];
    uint64_t zob_piece[16][64]; /* [board code][sq] */
    uint64_t zob_promoted[64];
    uint64_t zob_res[2][8][BH_ZOB_RES_MAX]; /* xor-ed in for count n = 1..: canonical */
    uint64_t zob_castle[16];
    uint64_t zob_ep[65]; /* [64] = 0 */
    uint64_t zob_side;
    uint8_t castle_mask[64]; /* rights kept when a move touches this square */
    uint64_t slider_att[102400 + 5248];
} bh__tables;

extern bh__tables bh__tab; /* written only inside bh__init's pthread_once */

/* Fill the tables on first call; cheap afterwards. Called by every position constructor. */
void bh__init(void);

/* Recompute the Zobrist key of p from scratch. */
uint64_t bh__compute_key(const bh_pos *p);
/* Pieces of colour `by` attacking sq with occupancy occ. */
uint64_t bh__attackers(const bh_pos *p, int sq, uint64_t occ, int by);
/* Recompute checkers_ of p (pieces attacking the side to move's king). */
uint64_t bh__compute_checkers(const bh_pos *p);
/* True if colour side (to move in p) has a legal en-passant capture on square ep. */
bool bh__ep_legal(const bh_pos *p, int side, int ep);
/* The en-passant right of p as FEN and bh_pos_key show it: ep_ set, and in the chess model
 * a legal capture there (FIDE art. 9.2.2). ep_ itself follows bh_make in every model. */
bool bh__ep_right(const bh_pos *p);

static inline int bb_lsb(uint64_t b)
{
    return __builtin_ctzll(b);
}
static inline int bb_pop_lsb(uint64_t *b)
{
    int s = __builtin_ctzll(*b);
    *b &= *b - 1;
    return s;
}
static inline int bb_count(uint64_t b)
{
    return __builtin_popcountll(b);
}
static inline uint64_t bb_sq(int sq)
{
    return 1ULL << sq;
}
static inline bool bb_more_than_one(uint64_t b)
{
    return (b & (b - 1)) != 0;
}

static inline uint64_t rook_att(int sq, uint64_t occ)
{
    const bh__magic *m = &bh__tab.rmagic[sq];
    return bh__tab.slider_att[m->offset + (((occ & m->mask) * m->magic) >> m->shift)];
}
static inline uint64_t bishop_att(int sq, uint64_t occ)
{
    const bh__magic *m = &bh__tab.bmagic[sq];
    return bh__tab.slider_att[m->offset + (((occ & m->mask) * m->magic) >> m->shift)];
}

#define BB_RANK_1 0x00000000000000FFULL
#define BB_RANK_2 0x000000000000FF00ULL
#define BB_RANK_3 0x0000000000FF0000ULL
#define BB_RANK_6 0x0000FF0000000000ULL
#define BB_RANK_7 0x00FF000000000000ULL
#define BB_RANK_8 0xFF00000000000000ULL
#define BB_FILE_A 0x0101010101010101ULL
#define BB_FILE_H 0x8080808080808080ULL

static inline int pc_code(int type, int color)
{
    return type | (color << 3);
}
static inline int pc_type(int code)
{
    return code & 7;
}
static inline int pc_color(int code)
{
    return code >> 3;
}
static inline int king_sq(const bh_pos *p, int c)
{
    return bb_lsb(p->by_type_[BH_KING] & p->by_color_[c]);
}

/* Pieces of colour c pinned to their own king by enemy sliders. */
static inline uint64_t bh__pinned(const bh_pos *p, int c)
{
    int ksq = king_sq(p, c);
    uint64_t them = p->by_color_[c ^ 1];
    uint64_t occ = p->by_type_[0];
    uint64_t snipers = ((rook_att(ksq, 0) & (p->by_type_[BH_ROOK] | p->by_type_[BH_QUEEN])) |
                        (bishop_att(ksq, 0) & (p->by_type_[BH_BISHOP] | p->by_type_[BH_QUEEN]))) &
                       them;
    uint64_t pinned = 0;
    while (snipers) {
        int s = bb_pop_lsb(&snipers);
        uint64_t b = bh__tab.between[ksq][s] & occ;
        if (b && !bb_more_than_one(b))
            pinned |= b & p->by_color_[c];
    }
    return pinned;
}

#endif
