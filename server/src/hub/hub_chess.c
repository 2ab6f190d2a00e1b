/* hub_chess.c: the hub's chess games (docs/rules.md F-CHESS): what differs from a
 * bughouse game, kept out of hub_game.c. SPDX-License-Identifier: MIT
 * A chess game (game.h GAME_KIND_CHESS) has one board, "A", and two seats, 0 White and
 * 1 Black; the game model decides everything (FIDE Laws: claims 9.2 / 9.3, penalties 9.5.3). */
#include <stdio.h>
#include <string.h>

#include "bh.h"
#include "hub_int.h"

int hub__seats(const hub_game *hg)
{
    return game_kind_seats(hg->kind);
}

int hub__claim(hub_game *hg, int seat, const proto_claim *m, uint64_t gt, game_delta *d)
{
    bool chess = hg->kind == GAME_KIND_CHESS;
    /* P-REPEAT: bughouse knows the threefold repetition of the present position only. */
    if (!chess && (m->claim != PROTO_CLAIM_REPETITION || m->move[0]))
        return BH_EINVAL;
    game_claim what = m->claim == PROTO_CLAIM_FIFTY ? GAME_CLAIM_FIFTY : GAME_CLAIM_REPETITION;
    return game_claim_draw(hg->g, seat, what, m->move[0] ? m->move : NULL, gt, d);
}

const char *hub__claim_field(const hub_game *hg, const proto_claim *m, int rc)
{
    if (rc == BH_EINVAL && hg->kind != GAME_KIND_CHESS)
        return m->move[0] ? "move" : "claim"; /* chess-only (FIDE 9.3, 9.2.1.1) */
    if (rc == BH_EMOVE || rc == BH_EAMBIGUOUS || rc == BH_EILLEGAL)
        return "move";
    if (rc == BH_ETURN)
        return "turn";
    if (rc == BH_ESTATE)
        return "claim"; /* the claim is incorrect (9.5.3) */
    return "game";
}
