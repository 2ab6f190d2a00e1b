/* rng.h: splitmix64 (Vigna, public domain algorithm; the seeding generator of xoshiro,
 * https://prng.di.unimi.it/splitmix64.c): one 64-bit mixer and the generator built on it.
 * Deterministic and seedable: the pairing's colour lot, the bots' choices, the Zobrist keys,
 * the tests' random events.
 * SPDX-License-Identifier: MIT */
#ifndef BH_RNG_H
#define BH_RNG_H

#include <stdint.h>

/* splitmix64's finalizer: every input bit reaches every output bit (a hash of one word). */
static inline uint64_t bh_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

#define BH_GOLDEN64 0x9E3779B97F4A7C15ull /* 2^64 / golden ratio: splitmix64's increment */

/* The next value of the splitmix64 sequence whose state is *s (any 64-bit seed). */
static inline uint64_t bh_splitmix64(uint64_t *s)
{
    return bh_mix64(*s += BH_GOLDEN64);
}

/* splitmix64's state after i steps from 0 (a Weyl sequence): distinct values for distinct i,
 * spread over all 64 bits, unmixed. A seed made from an id (a tournament's pairing seed), or
 * a lot drawn from a seed and a count (its top bit). */
static inline uint64_t bh_weyl64(uint64_t i)
{
    return i * BH_GOLDEN64;
}

#endif
