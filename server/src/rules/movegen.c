/* movegen.c: legal move and drop generation, mate and stalemate predicates, status, perft.
 * SPDX-License-Identifier: MIT
 * Strictly legal generation with a check mask and pin lines (no make/test/unmake): one
 * generator body serves both listing and counting, so perft can count the last ply in bulk
 * (drops are counted as empty squares x reserve piece types). */
#include <assert.h>

#include "rules_int.h"

/* Emit or count: the generator is inlined twice, with out == NULL meaning "count only". */
#define EMIT(mv)                                                                                   \
    do {                                                                                           \
        if (out)                                                                                   \
            out[n] = (mv);                                                                         \
        n++;                                                                                       \
    } while (0)

static inline int emit_pawn_moves(bh_move *out, int n, uint64_t dests, int delta, bool promo)
{
    if (!out)
        return n + bb_count(dests) * (promo ? 4 : 1);
    while (dests) {
        int to = bb_pop_lsb(&dests);
        if (promo) {
            for (int k = BH_MK_PROMO_Q; k >= BH_MK_PROMO_N; k--)
                out[n++] = bh_move_make(to - delta, to, k);
        } else {
            out[n++] = bh_move_make(to - delta, to, BH_MK_NORMAL);
        }
    }
    return n;
}

/* Plain moves of the piece on from to the squares of dests: counted when out is NULL (bulk
 * counting at the last perft ply), else written to out[n...]. Returns the new n. */
static inline int emit_piece_moves(bh_move *out, int n, int from, uint64_t dests)
{
    if (!out)
        return n + bb_count(dests);
    while (dests)
        out[n++] = bh_move_make(from, bb_pop_lsb(&dests), BH_MK_NORMAL);
    return n;
}

static inline uint64_t shift_up(uint64_t b, int us)
{
    return us == BH_WHITE ? b << 8 : b >> 8;
}

/* The en-passant test of gen below, for one square: each taker is tried with both pawns
 * lifted and itself on ep, which catches a pin along the rank too. */
bool bh__ep_legal(const bh_pos *p, int side, int ep)
{
    int ksq = king_sq(p, side), capsq = side == BH_WHITE ? ep - 8 : ep + 8;
    uint64_t occ = p->by_type_[0];
    for (uint64_t b = bh__tab.pawn[side ^ 1][ep] & p->by_type_[BH_PAWN] & p->by_color_[side]; b;) {
        int from = bb_pop_lsb(&b);
        uint64_t nocc = (occ ^ bb_sq(from) ^ bb_sq(capsq)) | bb_sq(ep);
        if (!(bh__attackers(p, ksq, nocc, side ^ 1) & ~bb_sq(capsq)))
            return true;
    }
    return false;
}

static inline __attribute__((always_inline)) int gen(const bh_pos *p, bh_move *out)
{
    const bh__tables *t = &bh__tab;
    int us = p->stm_, them = us ^ 1;
    uint64_t occ = p->by_type_[0], own = p->by_color_[us], enemy = p->by_color_[them];
    int ksq = king_sq(p, us);
    uint64_t checkers = p->checkers_;
    int n = 0;

    /* King moves: test each square with the king lifted off, so it cannot hide behind itself. */
    uint64_t occ_nk = occ ^ bb_sq(ksq);
    for (uint64_t b = t->king[ksq] & ~own; b;) {
        int to = bb_pop_lsb(&b);
        if (!bh__attackers(p, to, occ_nk, them))
            EMIT(bh_move_make(ksq, to, BH_MK_NORMAL));
    }
    if (bb_more_than_one(checkers))
        return n;

    uint64_t target = ~own, drop_target = ~occ;
    if (checkers) {
        int c = bb_lsb(checkers);
        drop_target = t->between[ksq][c];
        target = drop_target | checkers;
    }
    uint64_t pinned = bh__pinned(p, us);

    for (uint64_t b = p->by_type_[BH_KNIGHT] & own & ~pinned; b;) {
        int from = bb_pop_lsb(&b);
        uint64_t a = t->knight[from] & target;
        n = emit_piece_moves(out, n, from, a);
    }
    for (uint64_t b = (p->by_type_[BH_BISHOP] | p->by_type_[BH_QUEEN]) & own; b;) {
        int from = bb_pop_lsb(&b);
        uint64_t a = bishop_att(from, occ) & target;
        if (pinned & bb_sq(from))
            a &= t->line[ksq][from];
        n = emit_piece_moves(out, n, from, a);
    }
    for (uint64_t b = (p->by_type_[BH_ROOK] | p->by_type_[BH_QUEEN]) & own; b;) {
        int from = bb_pop_lsb(&b);
        uint64_t a = rook_att(from, occ) & target;
        if (pinned & bb_sq(from))
            a &= t->line[ksq][from];
        n = emit_piece_moves(out, n, from, a);
    }

    /* Pawns: unpinned ones set-wise, pinned ones one by one along their pin line. */
    uint64_t pawns = p->by_type_[BH_PAWN] & own;
    uint64_t last = us == BH_WHITE ? BB_RANK_8 : BB_RANK_1;
    uint64_t third = us == BH_WHITE ? BB_RANK_3 : BB_RANK_6;
    int up = us == BH_WHITE ? 8 : -8;
    uint64_t free_pawns = pawns & ~pinned;
    uint64_t single = shift_up(free_pawns, us) & ~occ;
    /* P-PAWN-2ND: any pawn on its second rank may advance two, dropped or not. */
    uint64_t dbl = shift_up(single & third, us) & ~occ & target;
    single &= target;
    uint64_t capl = shift_up(free_pawns & ~BB_FILE_A, us) >> 1 & enemy & target;
    uint64_t capr = shift_up(free_pawns & ~BB_FILE_H, us) << 1 & enemy & target;
    n = emit_pawn_moves(out, n, single & ~last, up, false);
    n = emit_pawn_moves(out, n, single & last, up, true);
    n = emit_pawn_moves(out, n, dbl, 2 * up, false);
    n = emit_pawn_moves(out, n, capl & ~last, up - 1, false);
    n = emit_pawn_moves(out, n, capl & last, up - 1, true);
    n = emit_pawn_moves(out, n, capr & ~last, up + 1, false);
    n = emit_pawn_moves(out, n, capr & last, up + 1, true);
    for (uint64_t b = pawns & pinned; b;) {
        int from = bb_pop_lsb(&b);
        uint64_t pin = t->line[ksq][from];
        uint64_t a = t->pawn[us][from] & enemy & target & pin;
        uint64_t s1 = bb_sq(from + up) & ~occ;
        if (s1) {
            a |= s1 & target & pin;
            if (s1 & third)
                a |= shift_up(s1, us) & ~occ & target & pin;
        }
        while (a) {
            int to = bb_pop_lsb(&a);
            if (bb_sq(to) & last) {
                for (int k = BH_MK_PROMO_Q; k >= BH_MK_PROMO_N; k--)
                    EMIT(bh_move_make(from, to, k));
            } else {
                EMIT(bh_move_make(from, to, BH_MK_NORMAL));
            }
        }
    }
    /* The same test as bh__ep_legal, written out: this loop is the perft hot path's own. */
    if (p->ep_ != 64) {
        int ep = p->ep_, capsq = ep - up;
        for (uint64_t b = t->pawn[them][ep] & pawns; b;) {
            int from = bb_pop_lsb(&b);
            uint64_t nocc = (occ ^ bb_sq(from) ^ bb_sq(capsq)) | bb_sq(ep);
            if (!(bh__attackers(p, ksq, nocc, them) & ~bb_sq(capsq)))
                EMIT(bh_move_make(from, ep, BH_MK_EP));
        }
    }

    if (!checkers && p->castle_) {
        int kbit = us == BH_WHITE ? BH_CASTLE_WK : BH_CASTLE_BK;
        int qbit = us == BH_WHITE ? BH_CASTLE_WQ : BH_CASTLE_BQ;
        /* P-CASTLE-DROP: the usual conditions, whether the rook is original or dropped. */
        if ((p->castle_ & kbit) && !(occ & (bb_sq(ksq + 1) | bb_sq(ksq + 2))) &&
            !bh__attackers(p, ksq + 1, occ, them) && !bh__attackers(p, ksq + 2, occ_nk, them))
            EMIT(bh_move_make(ksq, ksq + 2, BH_MK_CASTLE));
        if ((p->castle_ & qbit) && !(occ & (bb_sq(ksq - 1) | bb_sq(ksq - 2) | bb_sq(ksq - 3))) &&
            !bh__attackers(p, ksq - 1, occ, them) && !bh__attackers(p, ksq - 2, occ_nk, them))
            EMIT(bh_move_make(ksq, ksq - 2, BH_MK_CASTLE));
    }

    /* P-DROP: any reserve piece on any empty square (in check: only between king and a
     * single slider checker); P-DROP-PAWN: never a pawn on rank 1 or 8. */
    const uint8_t *res = p->reserve_[us];
    if (drop_target) {
        uint64_t pawn_target = drop_target & ~(BB_RANK_1 | BB_RANK_8);
        if (!out) {
            int kinds = (res[BH_KNIGHT] > 0) + (res[BH_BISHOP] > 0) + (res[BH_ROOK] > 0) +
                        (res[BH_QUEEN] > 0);
            n += kinds * bb_count(drop_target) + (res[BH_PAWN] ? bb_count(pawn_target) : 0);
        } else {
            for (int pt = BH_PAWN; pt <= BH_QUEEN; pt++) {
                if (!res[pt])
                    continue;
                for (uint64_t b = pt == BH_PAWN ? pawn_target : drop_target; b;)
                    out[n++] = bh_move_drop(pt, bb_pop_lsb(&b));
            }
        }
    }
    return n;
}

int bh_gen_legal(const bh_pos *p, bh_move *out)
{
    assert(out);
    return gen(p, out);
}

static int count_legal(const bh_pos *p)
{
    return gen(p, NULL);
}

bool bh_is_legal(const bh_pos *p, bh_move m)
{
    if (m == BH_MOVE_NONE)
        return false;
    bh_move moves[BH_MAX_MOVES];
    int n = gen(p, moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == m)
            return true;
    return false;
}

bool bh_in_check(const bh_pos *p)
{
    return p->checkers_ != 0;
}

bool bh_is_crazyhouse_mate(const bh_pos *p)
{
    return p->checkers_ && count_legal(p) == 0;
}

/* P-MATE: a slider check with an empty square between checker and king can always be
 * blocked by a piece that may still arrive, so it is never mate. */
static bool blockable(const bh_pos *p)
{
    uint64_t c = p->checkers_;
    return !bb_more_than_one(c) && bh__tab.between[king_sq(p, p->stm_)][bb_lsb(c)] != 0;
}

bool bh_is_bughouse_mate(const bh_pos *p)
{
    return p->checkers_ && !blockable(p) && count_legal(p) == 0;
}

bool bh_is_mate(const bh_pos *p)
{
    /* Chess: no reserve, so the crazyhouse test is the FIDE checkmate (art. 5.1.1). */
    return p->opt_.model == BH_MODEL_CHESS ? bh_is_crazyhouse_mate(p) : bh_is_bughouse_mate(p);
}

bh_status_kind bh_status(const bh_pos *p)
{
    bool chess = p->opt_.model == BH_MODEL_CHESS;
    if (count_legal(p) == 0) {
        if (chess) /* FIDE art. 5.1.1, 5.2.1 */
            return p->checkers_ ? BH_STATUS_MATE : BH_STATUS_STALEMATE;
        return p->checkers_ && !blockable(p) ? BH_STATUS_MATE : BH_STATUS_WAITING;
    }
    if (chess && bh_is_dead_position(p)) /* art. 5.2.2 */
        return BH_STATUS_DEAD;
    return p->checkers_ ? BH_STATUS_CHECK : BH_STATUS_PLAYING;
}

const char *bh_status_name(bh_status_kind s)
{
    switch (s) {
    case BH_STATUS_PLAYING: return "playing";
    case BH_STATUS_CHECK: return "check";
    case BH_STATUS_MATE: return "mate";
    case BH_STATUS_WAITING: return "waiting";
    case BH_STATUS_STALEMATE: return "stalemate";
    case BH_STATUS_DEAD: return "dead_position";
    }
    return "unknown";
}

static uint64_t perft_rec(bh_pos *p, int depth)
{
    if (depth == 1)
        return (uint64_t)count_legal(p);
    bh_move moves[BH_MAX_MOVES];
    int n = gen(p, moves);
    uint64_t total = 0;
    bh_undo u;
    for (int i = 0; i < n; i++) {
        bh_make(p, moves[i], &u);
        total += perft_rec(p, depth - 1);
        bh_unmake(p, &u);
    }
    return total;
}

uint64_t bh_perft(bh_pos *p, int depth)
{
    if (depth <= 0)
        return 1;
    return perft_rec(p, depth);
}
