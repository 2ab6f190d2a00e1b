/* tables.c: attack tables (magic bitboards), line tables and Zobrist keys.
 * SPDX-License-Identifier: MIT
 * Built once under pthread_once and read-only afterwards; the magic multipliers are
 * precomputed by tools/gen_magics.c (magics.inc) and the Zobrist keys come from a fixed-seed
 * generator, so keys are identical in every process. */
#include <pthread.h>

#include "rng.h"
#include "rules_int.h"

#include "magics.inc"

bh__tables bh__tab;

static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static uint64_t slide(int sq, uint64_t occ, const int (*dirs)[2], bool inner)
{
    uint64_t r = 0;
    for (int d = 0; d < 4; d++) {
        int f = sq % 8, k = sq / 8;
        for (;;) {
            f += dirs[d][0];
            k += dirs[d][1];
            if (f < 0 || f > 7 || k < 0 || k > 7)
                break;
            if (inner) {
                int nf = f + dirs[d][0], nk = k + dirs[d][1];
                if (nf < 0 || nf > 7 || nk < 0 || nk > 7)
                    break;
            }
            r |= bb_sq(k * 8 + f);
            if (occ & bb_sq(k * 8 + f))
                break;
        }
    }
    return r;
}

static const int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int bishop_dirs[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

static uint32_t init_magics(bh__magic *tab, const uint64_t *magics, const int (*dirs)[2],
                            uint32_t offset)
{
    for (int sq = 0; sq < 64; sq++) {
        bh__magic *m = &tab[sq];
        m->mask = slide(sq, 0, dirs, true);
        m->magic = magics[sq];
        m->shift = (uint8_t)(64 - bb_count(m->mask));
        m->offset = offset;
        uint64_t sub = 0;
        do {
            uint64_t idx = (sub * m->magic) >> m->shift;
            bh__tab.slider_att[offset + idx] = slide(sq, sub, dirs, false);
            sub = (sub - m->mask) & m->mask;
        } while (sub);
        offset += 1u << (64 - m->shift);
    }
    return offset;
}

static void init_tables(void)
{
    bh__tables *t = &bh__tab;
    static const int kn[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                 {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int kg[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                 {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    for (int sq = 0; sq < 64; sq++) {
        int f = sq % 8, r = sq / 8;
        for (int i = 0; i < 8; i++) {
            int nf = f + kn[i][0], nr = r + kn[i][1];
            if (nf >= 0 && nf < 8 && nr >= 0 && nr < 8)
                t->knight[sq] |= bb_sq(nr * 8 + nf);
            nf = f + kg[i][0];
            nr = r + kg[i][1];
            if (nf >= 0 && nf < 8 && nr >= 0 && nr < 8)
                t->king[sq] |= bb_sq(nr * 8 + nf);
        }
        if (r < 7) {
            if (f > 0)
                t->pawn[BH_WHITE][sq] |= bb_sq(sq + 7);
            if (f < 7)
                t->pawn[BH_WHITE][sq] |= bb_sq(sq + 9);
        }
        if (r > 0) {
            if (f > 0)
                t->pawn[BH_BLACK][sq] |= bb_sq(sq - 9);
            if (f < 7)
                t->pawn[BH_BLACK][sq] |= bb_sq(sq - 7);
        }
    }
    uint32_t off = init_magics(t->rmagic, rook_magics, rook_dirs, 0);
    init_magics(t->bmagic, bishop_magics, bishop_dirs, off);

    for (int a = 0; a < 64; a++)
        for (int b = 0; b < 64; b++) {
            if (a == b)
                continue;
            if (rook_att(a, 0) & bb_sq(b)) {
                t->between[a][b] = rook_att(a, bb_sq(b)) & rook_att(b, bb_sq(a));
                t->line[a][b] = (rook_att(a, 0) & rook_att(b, 0)) | bb_sq(a) | bb_sq(b);
            } else if (bishop_att(a, 0) & bb_sq(b)) {
                t->between[a][b] = bishop_att(a, bb_sq(b)) & bishop_att(b, bb_sq(a));
                t->line[a][b] = (bishop_att(a, 0) & bishop_att(b, 0)) | bb_sq(a) | bb_sq(b);
            }
        }

    uint64_t seed = 0x627567686F757365ULL; /* "bughouse" */
    for (int pc = 0; pc < 16; pc++)
        for (int sq = 0; sq < 64; sq++)
            t->zob_piece[pc][sq] = bh_splitmix64(&seed);
    for (int sq = 0; sq < 64; sq++)
        t->zob_promoted[sq] = bh_splitmix64(&seed);
    for (int c = 0; c < 2; c++)
        for (int pt = 0; pt < 8; pt++)
            for (int n = 0; n < BH_ZOB_RES_MAX; n++)
                t->zob_res[c][pt][n] = bh_splitmix64(&seed);
    for (int i = 0; i < 16; i++)
        t->zob_castle[i] = bh_splitmix64(&seed);
    for (int sq = 0; sq < 64; sq++)
        t->zob_ep[sq] = bh_splitmix64(&seed);
    t->zob_ep[64] = 0;
    t->zob_side = bh_splitmix64(&seed);

    for (int sq = 0; sq < 64; sq++)
        t->castle_mask[sq] = 15;
    t->castle_mask[0] = (uint8_t)~BH_CASTLE_WQ & 15;
    t->castle_mask[7] = (uint8_t)~BH_CASTLE_WK & 15;
    t->castle_mask[4] = (uint8_t) ~(BH_CASTLE_WK | BH_CASTLE_WQ) & 15;
    t->castle_mask[56] = (uint8_t)~BH_CASTLE_BQ & 15;
    t->castle_mask[63] = (uint8_t)~BH_CASTLE_BK & 15;
    t->castle_mask[60] = (uint8_t) ~(BH_CASTLE_BK | BH_CASTLE_BQ) & 15;
}

void bh__init(void)
{
    pthread_once(&tables_once, init_tables);
}
