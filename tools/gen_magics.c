/* gen_magics.c: finds the magic multipliers in server/src/rules/magics.inc (run once, offline).
 * SPDX-License-Identifier: MIT
 * cc -O2 tools/gen_magics.c -o /tmp/gen_magics && /tmp/gen_magics > server/src/rules/magics.inc
 * Deterministic (fixed xorshift seed); a magic maps every blocker subset of a square's mask
 * to an index with no destructive collision. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;
static uint64_t rnd(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 2685821657736338717ULL;
}

static uint64_t slide(int sq, uint64_t occ, const int (*dirs)[2], int edge_mask)
{
    uint64_t r = 0;
    for (int d = 0; d < 4; d++) {
        int f = sq % 8, k = sq / 8;
        for (;;) {
            f += dirs[d][0];
            k += dirs[d][1];
            if (f < 0 || f > 7 || k < 0 || k > 7)
                break;
            if (edge_mask) {
                int nf = f + dirs[d][0], nk = k + dirs[d][1];
                if (nf < 0 || nf > 7 || nk < 0 || nk > 7)
                    break;
            }
            r |= 1ULL << (k * 8 + f);
            if (occ & (1ULL << (k * 8 + f)))
                break;
        }
    }
    return r;
}

static const int rdirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int bdirs[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

int main(void)
{
    static uint64_t occs[4096], atts[4096];
    for (int b = 0; b < 2; b++) {
        const int(*dirs)[2] = b ? bdirs : rdirs;
        printf("static const uint64_t %s_magics[64] = {\n", b ? "bishop" : "rook");
        for (int sq = 0; sq < 64; sq++) {
            uint64_t mask = slide(sq, 0, dirs, 1);
            int bits = __builtin_popcountll(mask), n = 0;
            uint64_t sub = 0;
            do {
                occs[n] = sub;
                atts[n++] = slide(sq, sub, dirs, 0);
                sub = (sub - mask) & mask;
            } while (sub);
            for (;;) {
                uint64_t m = rnd() & rnd() & rnd();
                if (__builtin_popcountll((mask * m) >> 56) < 6)
                    continue;
                int ok = 1;
                if (ok) {
                    static uint64_t tab[4096];
                    static int set[4096];
                    memset(set, 0, sizeof set);
                    for (int i = 0; i < n && ok; i++) {
                        unsigned idx = (unsigned)((occs[i] * m) >> (64 - bits));
                        if (!set[idx]) {
                            set[idx] = 1;
                            tab[idx] = atts[i];
                        } else if (tab[idx] != atts[i])
                            ok = 0;
                    }
                }
                if (ok) {
                    printf("    0x%016" PRIx64 "ULL,%s", m, sq % 4 == 3 ? "\n" : "");
                    break;
                }
            }
        }
        printf("};\n");
    }
    return 0;
}
