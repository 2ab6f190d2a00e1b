/* material.c: positions decided by material alone: the dead positions the chess model detects
 * (FIDE Laws art. 5.2.2, 9.6.2) and whether a side can still checkmate (art. 6.9, 7.5.5).
 * SPDX-License-Identifier: MIT
 * Only cases with a proof are reported (rules.h says which); anything else is "may mate". */
#include "rules_int.h"

#define BB_DARK 0xAA55AA55AA55AA55ULL /* a1, c1, ..., h8: the dark squares */

static bool has_reserve(const bh_pos *p, int c)
{
    for (int pt = BH_PAWN; pt <= BH_QUEEN; pt++)
        if (p->reserve_[c][pt])
            return true;
    return false;
}

/* Squares the pawns in `pawns` of colour c attack. */
static uint64_t pawn_attacks(uint64_t pawns, int c)
{
    if (c == BH_WHITE)
        return ((pawns & ~BB_FILE_A) << 7) | ((pawns & ~BB_FILE_H) << 9);
    return ((pawns & ~BB_FILE_A) >> 9) | ((pawns & ~BB_FILE_H) >> 7);
}

/* b and every square a king's step from a square of b. */
static uint64_t king_spread(uint64_t b)
{
    uint64_t row = b | ((b & ~BB_FILE_A) >> 1) | ((b & ~BB_FILE_H) << 1);
    return row | (row << 8) | (row >> 8);
}

/* The kings-and-pawns rule of bh_is_dead_position (rules.h has the proof). */
static bool pawns_frozen_forever(const bh_pos *p)
{
    if (p->opt_.model != BH_MODEL_CHESS || p->checkers_ || p->ep_ != 64)
        return false;
    uint64_t pawns = p->by_type_[BH_PAWN];
    uint64_t pc[2] = {pawns & p->by_color_[BH_WHITE], pawns & p->by_color_[BH_BLACK]};
    /* Every advance square holds a pawn, and no pawn attacks an enemy pawn. */
    if ((pc[BH_WHITE] << 8) & ~pawns || (pc[BH_BLACK] >> 8) & ~pawns)
        return false;
    uint64_t att[2] = {pawn_attacks(pc[BH_WHITE], BH_WHITE), pawn_attacks(pc[BH_BLACK], BH_BLACK)};
    if ((att[BH_WHITE] & pc[BH_BLACK]) || (att[BH_BLACK] & pc[BH_WHITE]))
        return false;
    for (int c = BH_WHITE; c <= BH_BLACK; c++) {
        /* The squares king c can ever stand on, the other king taken as absent. */
        uint64_t open = ~pawns & ~att[c ^ 1], region = bb_sq(king_sq(p, c)), prev = 0;
        while (region != prev) {
            prev = region;
            region |= king_spread(region) & open;
        }
        /* An enemy pawn its own pawns defend is never capturable: that would be moving into
         * check. */
        if (king_spread(region) & pc[c ^ 1] & ~att[c ^ 1])
            return false;
    }
    return true;
}

bool bh_is_dead_position(const bh_pos *p)
{
    if (has_reserve(p, BH_WHITE) || has_reserve(p, BH_BLACK))
        return false; /* a dropped piece can mate */
    if (p->by_type_[BH_ROOK] | p->by_type_[BH_QUEEN])
        return false;
    if (p->by_type_[BH_PAWN])
        return !(p->by_type_[BH_KNIGHT] | p->by_type_[BH_BISHOP]) && pawns_frozen_forever(p);
    uint64_t knights = p->by_type_[BH_KNIGHT], bishops = p->by_type_[BH_BISHOP];
    if (knights) /* K+N v K: one knight and nothing else but the kings */
        return !bishops && !bb_more_than_one(knights);
    /* Kings and bishops only (none at all is K v K): dead if no two bishops differ in colour. */
    return !(bishops & BB_DARK) || !(bishops & ~BB_DARK);
}

bool bh_can_checkmate(const bh_pos *p, bh_color c)
{
    /* A lone king never gives check: two kings can never stand next to each other. */
    if (!(p->by_color_[c] & ~p->by_type_[BH_KING]) && !has_reserve(p, c))
        return false;
    return !bh_is_dead_position(p);
}
