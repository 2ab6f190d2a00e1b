/* fuzz.h: entry points of the libFuzzer drivers, shared with the deterministic smoke test.
 * SPDX-License-Identifier: MIT
 * Each driver checks the module contracts itself and calls fuzz_fail() (abort) on a breach,
 * so libFuzzer reports it as a crash and the smoke test (test_fuzz_smoke) fails. Under
 * libFuzzer (BH_FUZZ_MAIN) a driver file also defines LLVMFuzzerTestOneInput. */
#ifndef BH_FUZZ_H
#define BH_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

int fuzz_fen_one(const uint8_t *data, size_t size);
int fuzz_move_one(const uint8_t *data, size_t size);
int fuzz_bpgn_one(const uint8_t *data, size_t size);
int fuzz_game_one(const uint8_t *data, size_t size);
int fuzz_proto_one(const uint8_t *data, size_t size);
int fuzz_league_one(const uint8_t *data, size_t size);
int fuzz_club_one(const uint8_t *data, size_t size);
int fuzz_state_one(const uint8_t *data, size_t size);
int fuzz_trf_one(const uint8_t *data, size_t size);

#define fuzz_fail(...)                                                                             \
    do {                                                                                           \
        fprintf(stderr, "fuzz contract breach %s:%d: ", __FILE__, __LINE__);                       \
        fprintf(stderr, __VA_ARGS__);                                                              \
        fputc('\n', stderr);                                                                       \
        abort();                                                                                   \
    } while (0)

#define FUZZ_CHECK(cond, ...)                                                                      \
    do {                                                                                           \
        if (!(cond))                                                                               \
            fuzz_fail(__VA_ARGS__);                                                                \
    } while (0)

/* A decoded string's contract (fuzz_proto, fuzz_league): NUL-terminated within cap, at
 * least min bytes, valid UTF-8 without control characters (protocol/README.md "Strings"). */
static inline void fuzz_check_str(const char *s, size_t cap, size_t min, const char *what)
{
    size_t n = strnlen(s, cap);
    FUZZ_CHECK(n < cap, "%s not terminated", what);
    FUZZ_CHECK(n >= min, "%s shorter than %zu", what, min);
    FUZZ_CHECK(bh_utf8_valid(s, n, NULL), "%s is not valid UTF-8", what);
    for (size_t i = 0; i < n; i++)
        FUZZ_CHECK((unsigned char)s[i] >= 0x20 && s[i] != 0x7F, "%s holds a control character",
                   what);
}

#ifdef BH_FUZZ_MAIN
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
#define BH_FUZZ_EXPORT(fn)                                                                         \
    int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)                                   \
    {                                                                                              \
        return fn(data, size);                                                                     \
    }
#else
#define BH_FUZZ_EXPORT(fn)
#endif

#endif
