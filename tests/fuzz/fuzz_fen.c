/* fuzz_fen.c: bh_pos_from_fen on arbitrary bytes, then every contract a parsed position has.
 * SPDX-License-Identifier: MIT
 * First byte: options (model, dropped_rook_castles); the rest is the FEN. A rejected FEN
 * must name a field and leave the position untouched; an accepted one must be bh_pos_ok,
 * round-trip through bh_pos_to_fen, and every legal move must survive SAN and UCI round
 * trips and make/unmake bit for bit. */
#include <string.h>

#include "fuzz.h"
#include "rules.h"

static void check_moves(bh_pos *p)
{
    bh_move moves[BH_MAX_MOVES];
    int n = bh_gen_legal(p, moves);
    FUZZ_CHECK(n >= 0 && n <= BH_MAX_MOVES, "move count %d", n);
    bh_status_kind st = bh_status(p);
    FUZZ_CHECK((n == 0) == (st == BH_STATUS_MATE || st == BH_STATUS_WAITING), "status %d n %d",
               (int)st, n);
    FUZZ_CHECK((st == BH_STATUS_MATE) == bh_is_bughouse_mate(p), "mate predicates disagree");
    FUZZ_CHECK(!bh_is_bughouse_mate(p) || bh_is_crazyhouse_mate(p), "bughouse mate not zh mate");
    for (int i = 0; i < n; i++) {
        bh_move m = moves[i], back;
        FUZZ_CHECK(bh_is_legal(p, m), "generated move not legal");
        char uci[BH_UCI_MAX], san[BH_SAN_MAX];
        bh_move_to_uci(m, uci);
        FUZZ_CHECK(bh_parse_uci(p, uci, &back) == BH_OK && back == m, "uci round trip %s", uci);
        int len = bh_move_to_san(p, m, san);
        FUZZ_CHECK(len > 0 && len < BH_SAN_MAX, "san length %d", len);
        FUZZ_CHECK(bh_parse_san(p, san, &back) == BH_OK && back == m, "san round trip %s", san);
        bh_pos before = *p;
        bh_undo u;
        bh_make(p, m, &u);
        FUZZ_CHECK(bh_pos_ok(p), "not ok after %s", uci);
        bh_unmake(p, &u);
        FUZZ_CHECK(memcmp(&before, p, sizeof before) == 0, "unmake differs after %s", uci);
    }
}

int fuzz_fen_one(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096)
        return 0;
    bh_options o = {data[0] & 1 ? BH_MODEL_CRAZYHOUSE : BH_MODEL_BUGHOUSE, (data[0] & 2) != 0};
    char *fen = malloc(size);
    memcpy(fen, data + 1, size - 1);
    fen[size - 1] = '\0';
    bh_pos p;
    memset(&p, 0xA5, sizeof p);
    bh_pos guard = p;
    bh_fen_error err;
    int rc = bh_pos_from_fen(&p, fen, &o, &err);
    if (rc != BH_OK) {
        FUZZ_CHECK(rc == BH_EFEN, "rc %d", rc);
        FUZZ_CHECK(err.field != BH_FEN_FIELD_NONE && err.what && err.offset >= 0 &&
                       (size_t)err.offset <= strlen(fen),
                   "bad error report");
        FUZZ_CHECK(memcmp(&p, &guard, sizeof p) == 0, "rejected FEN changed the position");
        free(fen);
        return 0;
    }
    FUZZ_CHECK(bh_pos_ok(&p), "parsed position not ok: %s", fen);
    char out[BH_FEN_MAX], out2[BH_FEN_MAX];
    int n = bh_pos_to_fen(&p, out, sizeof out);
    FUZZ_CHECK(n > 0 && n < BH_FEN_MAX, "to_fen %d", n);
    bh_pos q;
    FUZZ_CHECK(bh_pos_from_fen(&q, out, &o, NULL) == BH_OK, "own FEN rejected: %s", out);
    FUZZ_CHECK(bh_pos_key(&q) == bh_pos_key(&p), "key differs after round trip: %s", out);
    bh_pos_to_fen(&q, out2, sizeof out2);
    FUZZ_CHECK(strcmp(out, out2) == 0, "FEN round trip %s vs %s", out, out2);
    check_moves(&p);
    /* One ply deeper, so positions made by bh_make are checked too. */
    bh_move moves[BH_MAX_MOVES];
    int k = bh_gen_legal(&p, moves);
    for (int i = 0; i < k && i < 8; i++) {
        bh_undo u;
        bh_make(&p, moves[(i * 37) % k], &u);
        check_moves(&p);
        bh_unmake(&p, &u);
    }
    free(fen);
    return 0;
}

BH_FUZZ_EXPORT(fuzz_fen_one)
