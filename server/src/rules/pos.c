/* pos.c: the position: setup, accessors, reserves, make/unmake, key and invariants.
 * SPDX-License-Identifier: MIT
 * Invariant: board_, by_type_, by_color_, promoted_, key_ and checkers_ always describe the
 * same position (bh_pos_ok); make/unmake keep them in step incrementally. */
#include <assert.h>
#include <string.h>

#include "rules_int.h"

static inline void put_piece(bh_pos *p, int sq, int code)
{
    uint64_t b = bb_sq(sq);
    p->board_[sq] = (uint8_t)code;
    p->by_type_[pc_type(code)] |= b;
    p->by_type_[0] |= b;
    p->by_color_[pc_color(code)] |= b;
    p->key_ ^= bh__tab.zob_piece[code][sq];
}

static inline void remove_piece(bh_pos *p, int sq)
{
    int code = p->board_[sq];
    uint64_t b = bb_sq(sq);
    p->board_[sq] = 0;
    p->by_type_[pc_type(code)] ^= b;
    p->by_type_[0] ^= b;
    p->by_color_[pc_color(code)] ^= b;
    p->key_ ^= bh__tab.zob_piece[code][sq];
}

static inline void set_promoted(bh_pos *p, int sq, bool on)
{
    if (((p->promoted_ >> sq) & 1) != on) {
        p->promoted_ ^= bb_sq(sq);
        p->key_ ^= bh__tab.zob_promoted[sq];
    }
}

/* The piece on from moved to to; with marked (a promoted piece stays one) its promoted mark. */
static inline void move_marked(bh_pos *p, int from, int to, bool marked)
{
    if (marked) {
        set_promoted(p, from, false);
        set_promoted(p, to, true);
    }
    int code = p->board_[from];
    uint64_t b = bb_sq(from) | bb_sq(to);
    p->board_[from] = 0;
    p->board_[to] = (uint8_t)code;
    p->by_type_[pc_type(code)] ^= b;
    p->by_type_[0] ^= b;
    p->by_color_[pc_color(code)] ^= b;
    p->key_ ^= bh__tab.zob_piece[code][from] ^ bh__tab.zob_piece[code][to];
}

/* The key holds zob_res[c][pt][k] for every k = 1..count: independent of arrival order. */
static inline void reserve_inc(bh_pos *p, int c, int pt)
{
    int n = ++p->reserve_[c][pt];
    p->key_ ^= bh__tab.zob_res[c][pt][n];
}

static inline void reserve_dec(bh_pos *p, int c, int pt)
{
    int n = p->reserve_[c][pt]--;
    p->key_ ^= bh__tab.zob_res[c][pt][n];
}

uint64_t bh__attackers(const bh_pos *p, int sq, uint64_t occ, int by)
{
    const bh__tables *t = &bh__tab;
    uint64_t bq = p->by_type_[BH_BISHOP] | p->by_type_[BH_QUEEN];
    uint64_t rq = p->by_type_[BH_ROOK] | p->by_type_[BH_QUEEN];
    return ((t->pawn[by ^ 1][sq] & p->by_type_[BH_PAWN]) |
            (t->knight[sq] & p->by_type_[BH_KNIGHT]) | (t->king[sq] & p->by_type_[BH_KING]) |
            (bishop_att(sq, occ) & bq) | (rook_att(sq, occ) & rq)) &
           p->by_color_[by];
}

uint64_t bh__compute_checkers(const bh_pos *p)
{
    int us = p->stm_;
    return bh__attackers(p, king_sq(p, us), p->by_type_[0], us ^ 1);
}

uint64_t bh__compute_key(const bh_pos *p)
{
    const bh__tables *t = &bh__tab;
    uint64_t k = 0;
    for (int sq = 0; sq < 64; sq++)
        if (p->board_[sq])
            k ^= t->zob_piece[p->board_[sq]][sq];
    for (uint64_t b = p->promoted_; b;)
        k ^= t->zob_promoted[bb_pop_lsb(&b)];
    for (int c = 0; c < 2; c++)
        for (int pt = BH_PAWN; pt <= BH_QUEEN; pt++)
            for (int n = 1; n <= p->reserve_[c][pt] && n < BH_ZOB_RES_MAX; n++)
                k ^= t->zob_res[c][pt][n];
    k ^= t->zob_castle[p->castle_] ^ t->zob_ep[p->ep_];
    if (p->stm_ == BH_BLACK)
        k ^= t->zob_side;
    return k;
}

void bh_pos_start(bh_pos *p, const bh_options *o)
{
    int rc =
        bh_pos_from_fen(p, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", o, NULL);
    assert(rc == BH_OK);
    (void)rc;
}

bh_color bh_side_to_move(const bh_pos *p)
{
    return (bh_color)p->stm_;
}

int bh_fullmove(const bh_pos *p)
{
    return p->fullmove_;
}

int bh_ply(const bh_pos *p)
{
    return 2 * (p->fullmove_ - 1) + p->stm_;
}

int bh_halfmove(const bh_pos *p)
{
    return p->halfmove_;
}

const bh_options *bh_pos_options(const bh_pos *p)
{
    return &p->opt_;
}

int bh_piece_at(const bh_pos *p, int sq, bh_color *color)
{
    if (sq < 0 || sq > 63 || !p->board_[sq])
        return BH_NO_PIECE;
    if (color)
        *color = (bh_color)pc_color(p->board_[sq]);
    return pc_type(p->board_[sq]);
}

bool bh_is_promoted_at(const bh_pos *p, int sq)
{
    return sq >= 0 && sq < 64 && ((p->promoted_ >> sq) & 1);
}

int bh_reserve_count(const bh_pos *p, bh_color c, int piece)
{
    if ((c != BH_WHITE && c != BH_BLACK) || piece < BH_PAWN || piece > BH_QUEEN)
        return 0;
    return p->reserve_[c][piece];
}

int bh_reserve_add(bh_pos *p, bh_color c, int piece)
{
    if ((c != BH_WHITE && c != BH_BLACK) || piece < BH_PAWN || piece > BH_QUEEN ||
        p->opt_.model == BH_MODEL_CHESS)
        return BH_EINVAL;
    if (p->reserve_[c][piece] >= BH_RESERVE_CAP)
        return BH_ELIMIT;
    reserve_inc(p, c, piece);
    return BH_OK;
}

int bh_reserve_remove(bh_pos *p, bh_color c, int piece)
{
    if ((c != BH_WHITE && c != BH_BLACK) || piece < BH_PAWN || piece > BH_QUEEN ||
        p->opt_.model == BH_MODEL_CHESS)
        return BH_EINVAL;
    if (p->reserve_[c][piece] == 0)
        return BH_ESTATE;
    reserve_dec(p, c, piece);
    return BH_OK;
}

int bh_undo_handed(const bh_undo *u)
{
    return u->handed_;
}

/* P-CASTLE-DROP: a rook dropped on its own corner while its king has never moved (and so
 * stands on its home square) regains that side's castling right. */
static inline void dropped_rook_right(bh_pos *p, int us, int to)
{
    int home = us == BH_WHITE ? 4 : 60;
    if ((p->king_moved_ >> us) & 1 || p->board_[home] != pc_code(BH_KING, us))
        return;
    if (to == home + 3)
        p->castle_ |= us == BH_WHITE ? BH_CASTLE_WK : BH_CASTLE_BK;
    else if (to == home - 4)
        p->castle_ |= us == BH_WHITE ? BH_CASTLE_WQ : BH_CASTLE_BQ;
}

void bh_make(bh_pos *p, bh_move m, bh_undo *u)
{
    const bh__tables *t = &bh__tab;
    int us = p->stm_, them = us ^ 1;
    int to = bh_move_to(m), kind = bh_move_kind(m);
    /* Cheap sanity of the caller's promise that m is legal (full check: bh_is_legal). */
    assert(kind == BH_MK_DROP
               ? !p->board_[to] && p->reserve_[us][bh_move_from(m)] > 0
               : p->board_[bh_move_from(m)] && pc_color(p->board_[bh_move_from(m)]) == us &&
                     !(p->by_color_[us] & bb_sq(to)));

    u->key_ = p->key_;
    u->checkers_ = p->checkers_;
    u->move_ = m;
    u->castle_ = p->castle_;
    u->ep_ = p->ep_;
    u->king_moved_ = p->king_moved_;
    u->halfmove_ = p->halfmove_;
    u->fullmove_ = p->fullmove_;
    u->captured_ = 0;
    u->cap_promoted_ = 0;
    u->moved_promoted_ = 0;
    u->handed_ = BH_NO_PIECE;

    p->key_ ^= t->zob_castle[p->castle_] ^ t->zob_ep[p->ep_];
    p->ep_ = 64;
    if (p->halfmove_ < UINT16_MAX) /* both counters stop at their maximum: no wrap to 0 */
        p->halfmove_++;

    if (kind == BH_MK_DROP) {
        int pt = bh_move_from(m);
        reserve_dec(p, us, pt);
        put_piece(p, to, pc_code(pt, us));
        if (pt == BH_PAWN)
            p->halfmove_ = 0;
        else if (pt == BH_ROOK && p->opt_.dropped_rook_castles)
            dropped_rook_right(p, us, to);
    } else {
        int from = bh_move_from(m);
        int code = p->board_[from];
        int capsq = kind == BH_MK_EP ? (us == BH_WHITE ? to - 8 : to + 8) : to;
        int cap = p->board_[capsq];
        if (cap) {
            bool promo = (p->promoted_ >> capsq) & 1;
            u->captured_ = (uint8_t)cap;
            u->cap_promoted_ = promo;
            u->handed_ = (int8_t)(promo ? BH_PAWN : pc_type(cap));
            set_promoted(p, capsq, false);
            remove_piece(p, capsq);
            if (p->opt_.model == BH_MODEL_CRAZYHOUSE)
                reserve_inc(p, us, u->handed_);
            p->halfmove_ = 0;
        }
        u->moved_promoted_ = (p->promoted_ >> from) & 1;
        move_marked(p, from, to, u->moved_promoted_);
        if (kind == BH_MK_CASTLE) {
            int rf = to > from ? to + 1 : to - 2, rt = to > from ? to - 1 : to + 1;
            move_marked(p, rf, rt, (p->promoted_ >> rf) & 1);
        } else if (kind >= BH_MK_PROMO_N && kind <= BH_MK_PROMO_Q) {
            remove_piece(p, to);
            put_piece(p, to, pc_code(kind + 1, us));
            /* Chess has no promoted marks: a promoted queen is a queen (FIDE art. 3.7.5.3). */
            if (p->opt_.model != BH_MODEL_CHESS)
                set_promoted(p, to, true);
        }
        int type = pc_type(code);
        if (type == BH_PAWN) {
            p->halfmove_ = 0;
            if ((to ^ from) == 16 &&
                (t->pawn[us][(from + to) / 2] & p->by_type_[BH_PAWN] & p->by_color_[them]))
                p->ep_ = (uint8_t)((from + to) / 2);
        } else if (type == BH_KING) {
            p->king_moved_ |= (uint8_t)(1 << us);
        }
        p->castle_ &= t->castle_mask[from] & t->castle_mask[to];
    }
    p->key_ ^= t->zob_castle[p->castle_] ^ t->zob_ep[p->ep_] ^ t->zob_side;
    if (us == BH_BLACK && p->fullmove_ < UINT16_MAX)
        p->fullmove_++;
    p->stm_ = (uint8_t)them;
    p->checkers_ = bh__attackers(p, king_sq(p, them), p->by_type_[0], us);
#ifndef NDEBUG
    assert(bh_pos_ok(p));
#endif
}

void bh_unmake(bh_pos *p, const bh_undo *u)
{
    int them = p->stm_, us = them ^ 1;
    bh_move m = u->move_;
    int to = bh_move_to(m), kind = bh_move_kind(m);

    if (kind == BH_MK_DROP) {
        remove_piece(p, to);
        reserve_inc(p, us, bh_move_from(m));
    } else {
        int from = bh_move_from(m);
        if (kind >= BH_MK_PROMO_N && kind <= BH_MK_PROMO_Q) {
            remove_piece(p, to);
            put_piece(p, to, pc_code(BH_PAWN, us));
            set_promoted(p, to, false);
        } else if (kind == BH_MK_CASTLE) {
            int rf = to > from ? to + 1 : to - 2, rt = to > from ? to - 1 : to + 1;
            move_marked(p, rt, rf, (p->promoted_ >> rt) & 1);
        }
        move_marked(p, to, from, u->moved_promoted_);
        if (u->captured_) {
            int capsq = kind == BH_MK_EP ? (us == BH_WHITE ? to - 8 : to + 8) : to;
            put_piece(p, capsq, u->captured_);
            if (u->cap_promoted_)
                set_promoted(p, capsq, true);
            if (p->opt_.model == BH_MODEL_CRAZYHOUSE)
                reserve_dec(p, us, u->handed_);
        }
    }
    p->fullmove_ = u->fullmove_;
    p->stm_ = (uint8_t)us;
    p->castle_ = u->castle_;
    p->ep_ = u->ep_;
    p->king_moved_ = u->king_moved_;
    p->halfmove_ = u->halfmove_;
    p->key_ = u->key_;
    p->checkers_ = u->checkers_;
#ifndef NDEBUG
    assert(bh_pos_ok(p));
#endif
}

bool bh__ep_right(const bh_pos *p)
{
    return p->ep_ != 64 && (p->opt_.model != BH_MODEL_CHESS || bh__ep_legal(p, p->stm_, p->ep_));
}

uint64_t bh_pos_key(const bh_pos *p)
{
    /* ep_ is kept as bh_make sets it (an enemy pawn attacks the square), so make stays the
     * same for every model; chess drops a right whose capture is illegal here (9.2.2). */
    if (p->ep_ != 64 && !bh__ep_right(p))
        return p->key_ ^ bh__tab.zob_ep[p->ep_];
    return p->key_;
}

bool bh_pos_ok(const bh_pos *p)
{
    uint64_t all = 0;
    for (int pt = BH_PAWN; pt <= BH_KING; pt++) {
        if (all & p->by_type_[pt])
            return false;
        all |= p->by_type_[pt];
    }
    if (all != p->by_type_[0] || (p->by_color_[0] & p->by_color_[1]) ||
        (p->by_color_[0] | p->by_color_[1]) != all)
        return false;
    for (int sq = 0; sq < 64; sq++) {
        int code = p->board_[sq];
        if (!code) {
            if (all & bb_sq(sq))
                return false;
            continue;
        }
        int pt = pc_type(code), c = pc_color(code);
        if (pt < BH_PAWN || pt > BH_KING || code > 15 || (code & 8 && c != 1))
            return false;
        if (!(p->by_type_[pt] & p->by_color_[c] & bb_sq(sq)))
            return false;
    }
    for (int c = 0; c < 2; c++) {
        if (bb_count(p->by_type_[BH_KING] & p->by_color_[c]) != 1)
            return false;
        for (int pt = 0; pt < 8; pt++) {
            bool holdable = pt >= BH_PAWN && pt <= BH_QUEEN;
            if ((!holdable && p->reserve_[c][pt]) || p->reserve_[c][pt] >= BH_ZOB_RES_MAX ||
                (p->opt_.model == BH_MODEL_CHESS && p->reserve_[c][pt]))
                return false;
        }
    }
    if (p->by_type_[BH_PAWN] & (BB_RANK_1 | BB_RANK_8))
        return false;
    if (p->promoted_ & ~(all & ~p->by_type_[BH_PAWN] & ~p->by_type_[BH_KING]))
        return false;
    if (p->opt_.model == BH_MODEL_CHESS && p->promoted_)
        return false;
    if (p->stm_ > 1 || p->castle_ > 15 || p->ep_ > 64 || p->fullmove_ < 1)
        return false;
    static const struct {
        int bit, king, rook, color;
    } cr[4] = {{BH_CASTLE_WK, 4, 7, 0},
               {BH_CASTLE_WQ, 4, 0, 0},
               {BH_CASTLE_BK, 60, 63, 1},
               {BH_CASTLE_BQ, 60, 56, 1}};
    for (int i = 0; i < 4; i++)
        if ((p->castle_ & cr[i].bit) && (p->board_[cr[i].king] != pc_code(BH_KING, cr[i].color) ||
                                         p->board_[cr[i].rook] != pc_code(BH_ROOK, cr[i].color)))
            return false;
    if (p->ep_ != 64) {
        int rank = p->ep_ / 8;
        if (rank != (p->stm_ == BH_WHITE ? 5 : 2))
            return false;
    }
    int them = p->stm_ ^ 1;
    if (bh__attackers(p, king_sq(p, them), all, p->stm_))
        return false;
    return p->key_ == bh__compute_key(p) && p->checkers_ == bh__compute_checkers(p);
}
