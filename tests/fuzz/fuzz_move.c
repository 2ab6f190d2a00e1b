/* fuzz_move.c: bh_parse_san / bh_parse_uci on arbitrary text in many positions.
 * SPDX-License-Identifier: MIT
 * Input: "<FEN>\n<token> <token> ..." (a line that is not a FEN picks a built-in position by
 * its first byte). Each token is parsed as UCI and as SAN: an accepted move is legal, a
 * rejected one leaves *out untouched; an accepted move is played and the position checked.
 * A token "#<c>" plays legal move number c instead, to walk deep into games. */
#include <string.h>

#include "fuzz.h"
#include "rules.h"

static const char *const seeds[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[QRBNPqrbnp] w KQkq - 0 1",
    "4k3/1P6/8/3pP3/8/8/6p1/4K2R[NNbb] w K d6 0 1",
    "r1b1k2r/ppp2ppp/2n5/3q4/1b1P4/2N5/PP3PPP/R1BQKB1R[PNp] w KQkq - 0 1",
    "7k/8/8/8/8/8/5nPP/6RK[QRBN] w - - 0 1",
    "R~3k2r/8/8/8/8/8/8/4K2R[PPPPPPPPPPPPPPPPpppppppppppppppp] b Kk - 0 1",
};

int fuzz_move_one(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096)
        return 0;
    char *buf = malloc(size + 1);
    memcpy(buf, data, size);
    buf[size] = '\0';
    bh_options o = {size & 1 ? BH_MODEL_CRAZYHOUSE : BH_MODEL_BUGHOUSE, (size & 2) != 0};
    bh_pos p;
    char *nl = strchr(buf, '\n');
    char *text = buf;
    if (nl) {
        *nl = '\0';
        text = nl + 1;
    }
    if (!nl || bh_pos_from_fen(&p, buf, &o, NULL) != BH_OK)
        bh_pos_from_fen(&p, seeds[data[0] % BH_ARRAY_LEN(seeds)], &o, NULL);
    char *save = NULL;
    for (char *tok = strtok_r(text, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        bh_move m = BH_MOVE_NONE;
        if (tok[0] == '#' && tok[1]) {
            bh_move moves[BH_MAX_MOVES];
            int n = bh_gen_legal(&p, moves);
            if (n == 0)
                continue;
            m = moves[(unsigned char)tok[1] % n];
        } else {
            bh_move u = 0x5a5a, s = 0x5a5a;
            int ru = bh_parse_uci(&p, tok, &u), rs = bh_parse_san(&p, tok, &s);
            FUZZ_CHECK(ru == BH_OK || ru == BH_EMOVE || ru == BH_EILLEGAL, "uci rc %d", ru);
            FUZZ_CHECK(rs == BH_OK || rs == BH_EMOVE || rs == BH_EILLEGAL || rs == BH_EAMBIGUOUS,
                       "san rc %d", rs);
            FUZZ_CHECK(ru == BH_OK || u == 0x5a5a, "uci wrote *out on failure");
            FUZZ_CHECK(rs == BH_OK || s == 0x5a5a, "san wrote *out on failure");
            FUZZ_CHECK(ru != BH_OK || bh_is_legal(&p, u), "uci gave an illegal move: %s", tok);
            FUZZ_CHECK(rs != BH_OK || bh_is_legal(&p, s), "san gave an illegal move: %s", tok);
            if (ru == BH_OK)
                m = u;
            else if (rs == BH_OK)
                m = s;
            else
                continue;
        }
        char san[BH_SAN_MAX];
        bh_move back;
        FUZZ_CHECK(bh_move_to_san(&p, m, san) > 0, "no SAN for a legal move");
        FUZZ_CHECK(bh_parse_san(&p, san, &back) == BH_OK && back == m, "san round trip %s", san);
        bh_undo u;
        bh_make(&p, m, &u);
        FUZZ_CHECK(bh_pos_ok(&p), "position not ok after %s", san);
        /* Bughouse model: hand the capture back as the partner would (cap permitting). */
        if (bh_undo_handed(&u) != BH_NO_PIECE && o.model == BH_MODEL_BUGHOUSE)
            bh_reserve_add(&p, bh_side_to_move(&p), bh_undo_handed(&u));
        FUZZ_CHECK(bh_pos_ok(&p), "position not ok after the transfer");
    }
    free(buf);
    return 0;
}

BH_FUZZ_EXPORT(fuzz_move_one)
