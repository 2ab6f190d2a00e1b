/* result.h: a game's result, one enum and its one string table, from the wire to the store.
 * SPDX-License-Identifier: MIT
 * The tokens are PGN's result tokens (PGN standard 8.2.6; the Seven Tag Roster's Result tag)
 * and the forfeits as the TRF crosstables write them (+ won, - lost, White's first). Side 1
 * is the one named first: White, team 1 (White on board A), the team of a match seated
 * first. BH_RESULTS is the only place the tokens are written; every other module converts
 * through bh_result_token and bh_result_parse.
 * The tokens are stored (the games' results in the store, saved event texts), and so are
 * the values (the club's and the league's saved boards): never change or renumber one. */
#ifndef BH_RESULT_H
#define BH_RESULT_H

#include <stdbool.h>
#include <stddef.h>

/* X(NAME, token, meaning) */
#define BH_RESULTS(X)                                                                              \
    X(NONE, "*", "no result: not played yet, still played, or unknown")                            \
    X(WIN1, "1-0", "side 1 won over the board")                                                    \
    X(DRAW, "1/2-1/2", "drawn")                                                                    \
    X(WIN2, "0-1", "side 2 won over the board")                                                    \
    X(FF_W, "+-", "side 1 won by forfeit (side 2 absent)")                                         \
    X(FF_B, "-+", "side 2 won by forfeit (side 1 absent)")                                         \
    X(FF_BOTH, "--", "both lost by forfeit (both absent)")

typedef enum {
#define BH_RESULT_ENUM(name, token, meaning) BH_RES_##name,
    BH_RESULTS(BH_RESULT_ENUM)
#undef BH_RESULT_ENUM
        BH_RES_N_
} bh_result;

/* The token of r (static string); NULL for a value outside the enum. */
const char *bh_result_token(bh_result r);

/* The result whose token is exactly s[0..len) (no blanks around it, no NUL inside): BH_OK
 * with *out set, or BH_EINVAL leaving *out as it was (so a caller may preset a default); a
 * NULL s is refused. */
int bh_result_parse(const char *s, size_t len, bh_result *out);

/* The decided result whose token is the NUL-terminated s: its value, or -1 (s NULL, "*",
 * or not a token). */
int bh_result_decided(const char *s);

/* The TRF result character (FIDE TRF-16, field 'result' of a 001 record's round) of r seen
 * from side s (0 side 1, White; 1 side 2): 1 = 0 for the games played, + - for the forfeits,
 * ' ' for NONE or a value outside the enum. */
char bh_result_trf(bh_result r, int s);

/* True for the forfeits (FF_W, FF_B, FF_BOTH). */
bool bh_result_is_forfeit(bh_result r);

/* The result a forfeit counts as: FF_W WIN1, FF_B WIN2, FF_BOTH DRAW (as game_gate_decide
 * scores both sides absent); every other value is itself. */
bh_result bh_result_plain(bh_result r);

#endif
