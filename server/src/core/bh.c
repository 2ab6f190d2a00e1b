/* bh.c: names and messages for the error codes of bh.h.
 * SPDX-License-Identifier: MIT */
#include "bh.h"

const char *bh_errname(int rc)
{
    switch (rc) {
    case BH_OK: return "ok";
#define BH_ERR_NAME(name, wire, msg)                                                               \
    case BH_##name: return wire;
        BH_ERR_MAP(BH_ERR_NAME)
#undef BH_ERR_NAME
    default: return "unknown";
    }
}

const char *bh_strerror(int rc)
{
    switch (rc) {
    case BH_OK: return "success";
#define BH_ERR_MSG(name, wire, msg)                                                                \
    case BH_##name: return msg;
        BH_ERR_MAP(BH_ERR_MSG)
#undef BH_ERR_MSG
    default: return "unknown error";
    }
}
