/* tfmt.c: the seam's small logic (tfmt.h): results, the stored form of a game's key, the
 * format of a saved text.
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "bh.h"
#include "runner_int.h"
#include "tfmt.h"

runner_result tfmt_runner_res(tfmt_res r)
{
    switch (r) {
    case TFMT_WIN1:
    case TFMT_FF_W: return RUNNER_WIN1;
    case TFMT_WIN2:
    case TFMT_FF_B: return RUNNER_WIN2;
    case TFMT_VOID: return RUNNER_VOID;
    default: return RUNNER_DRAW; /* TFMT_DRAW, TFMT_FF_BOTH */
    }
}

int tfmt_key_pack(int slot, runner_key k, int *game_no)
{
    if (k.game < 0 || k.board < 0)
        return BH_EINVAL;
    switch (slot) {
    case TFMT_SLOT_GAME:
        if (k.board)
            return BH_EINVAL;
        *game_no = k.game;
        return BH_OK;
    case TFMT_SLOT_BOARD:
        if (k.game)
            return BH_EINVAL;
        *game_no = k.board;
        return BH_OK;
    case TFMT_SLOT_PACKED:
        if (k.board >= TFMT_PACK || k.game > (1 << 20))
            return BH_EINVAL;
        *game_no = k.game * TFMT_PACK + k.board;
        return BH_OK;
    default: return BH_EINVAL;
    }
}

int tfmt_key_unpack(int slot, int round, int match, int game_no, runner_key *k)
{
    if (game_no < 0)
        return BH_EINVAL;
    *k = (runner_key){round, match, 0, 0};
    switch (slot) {
    case TFMT_SLOT_GAME: k->game = game_no; return BH_OK;
    case TFMT_SLOT_BOARD: k->board = game_no; return BH_OK;
    case TFMT_SLOT_PACKED:
        k->game = game_no / TFMT_PACK;
        k->board = game_no % TFMT_PACK;
        return BH_OK;
    default: return BH_EINVAL;
    }
}

bool tfmt_key_eq(runner_key a, runner_key b)
{
    return a.round == b.round && a.match == b.match && a.game == b.game && a.board == b.board;
}

runner_act *tfmt_act(runner_acts *a, int kind)
{
    return runner__act(a, kind);
}

const tfmt_ops *tfmt_find(const tfmt_ops *const *fmts, int n, const char *text)
{
    if (!text)
        return NULL;
    size_t len = strcspn(text, " \n");
    for (int i = 0; i < n; i++)
        if (fmts[i] && strlen(fmts[i]->magic) == len && memcmp(fmts[i]->magic, text, len) == 0)
            return fmts[i];
    return NULL;
}
