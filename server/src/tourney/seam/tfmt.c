/* tfmt.c: the seam's small logic (tfmt.h): the action list, results, the stored form of a game's
 * key, the format of a saved text. SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "tfmt.h"
#include "xalloc.h"

/* ---- actions ------------------------------------------------------------------------------- */

void tfmt_acts_init(tfmt_acts *a)
{
    memset(a, 0, sizeof *a);
}

void tfmt_acts_fini(tfmt_acts *a)
{
    for (int i = 0; i < a->n; i++)
        if (a->v[i].kind == TFMT_ACT_JOB && a->v[i].job.job && a->v[i].job.job_free)
            a->v[i].job.job_free(a->v[i].job.job);
    free(a->v);
    memset(a, 0, sizeof *a);
}

tfmt_act *tfmt_push(tfmt_acts *a, int kind)
{
    BH_GROW(a->v, a->n, a->cap);
    tfmt_act *x = &a->v[a->n++];
    memset(x, 0, sizeof *x);
    x->kind = kind;
    return x;
}

void tfmt_note(tfmt_acts *a, int rc, const char *fmt, ...)
{
    tfmt_act *x = tfmt_push(a, TFMT_ACT_NOTE);
    x->say.rc = rc;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(x->say.text, sizeof x->say.text, fmt, ap);
    va_end(ap);
}

tfmt_res tfmt_res_plain(tfmt_res r)
{
    switch (r) {
    case TFMT_WIN1:
    case TFMT_FF_W: return TFMT_WIN1;
    case TFMT_WIN2:
    case TFMT_FF_B: return TFMT_WIN2;
    case TFMT_VOID: return TFMT_VOID;
    default: return TFMT_DRAW; /* TFMT_DRAW, TFMT_FF_BOTH */
    }
}

bh_result tfmt_res_result(tfmt_res r)
{
    static const bh_result map[] = {
        [TFMT_WIN1] = BH_RES_WIN1,       [TFMT_DRAW] = BH_RES_DRAW, [TFMT_WIN2] = BH_RES_WIN2,
        [TFMT_VOID] = BH_RES_DRAW,       [TFMT_FF_W] = BH_RES_FF_W, [TFMT_FF_B] = BH_RES_FF_B,
        [TFMT_FF_BOTH] = BH_RES_FF_BOTH,
    };
    return (unsigned)r < BH_ARRAY_LEN(map) ? map[r] : BH_RES_NONE;
}

int tfmt_key_pack(int slot, tfmt_key k, int *game_no)
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

int tfmt_key_unpack(int slot, int round, int match, int game_no, tfmt_key *k)
{
    if (game_no < 0)
        return BH_EINVAL;
    *k = (tfmt_key){round, match, 0, 0};
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

bool tfmt_key_eq(tfmt_key a, tfmt_key b)
{
    return a.round == b.round && a.match == b.match && a.game == b.game && a.board == b.board;
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
