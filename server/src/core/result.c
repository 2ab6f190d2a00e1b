/* result.c: the tokens of result.h's BH_RESULTS and the helpers over them.
 * SPDX-License-Identifier: MIT */
#include "result.h"

#include <string.h>

#include "bh.h"

static const char *const TOKEN[BH_RES_N_] = {
#define BH_RESULT_TOKEN(name, token, meaning) [BH_RES_##name] = token,
    BH_RESULTS(BH_RESULT_TOKEN)
#undef BH_RESULT_TOKEN
};

const char *bh_result_token(bh_result r)
{
    return (unsigned)r < BH_RES_N_ ? TOKEN[r] : NULL;
}

int bh_result_parse(const char *s, size_t len, bh_result *out)
{
    if (!s)
        return BH_EINVAL;
    for (int r = 0; r < BH_RES_N_; r++)
        if (strlen(TOKEN[r]) == len && memcmp(s, TOKEN[r], len) == 0) {
            *out = (bh_result)r;
            return BH_OK;
        }
    return BH_EINVAL;
}

int bh_result_decided(const char *s)
{
    bh_result r;
    if (!s || bh_result_parse(s, strlen(s), &r) != BH_OK || r == BH_RES_NONE)
        return -1;
    return (int)r;
}

char bh_result_trf(bh_result r, int s)
{
    static const char W[BH_RES_N_] = {' ', '1', '=', '0', '+', '-', '-'};
    static const char B[BH_RES_N_] = {' ', '0', '=', '1', '-', '+', '-'};
    return (unsigned)r >= BH_RES_N_ ? ' ' : s ? B[r] : W[r];
}

bool bh_result_is_forfeit(bh_result r)
{
    return r == BH_RES_FF_W || r == BH_RES_FF_B || r == BH_RES_FF_BOTH;
}

bh_result bh_result_plain(bh_result r)
{
    return r == BH_RES_FF_W      ? BH_RES_WIN1
           : r == BH_RES_FF_B    ? BH_RES_WIN2
           : r == BH_RES_FF_BOTH ? BH_RES_DRAW
                                 : r;
}
