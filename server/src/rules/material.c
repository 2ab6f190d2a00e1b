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

bool bh_is_dead_position(const bh_pos *p)
{
    if (has_reserve(p, BH_WHITE) || has_reserve(p, BH_BLACK))
        return false; /* a dropped piece can mate */
    if (p->by_type_[BH_PAWN] | p->by_type_[BH_ROOK] | p->by_type_[BH_QUEEN])
        return false;
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
