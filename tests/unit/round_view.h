/* round_view.h: a tournament round as a client holds it from the pushes a hub test recorded
 * (protocol/messages/s2c-round.md, s2c-round_delta.md), for test_hub_tour.c and test_hub_dir.c.
 * SPDX-License-Identifier: MIT */
#ifndef BH_ROUND_VIEW_H
#define BH_ROUND_VIEW_H

#include <cjson/cJSON.h>

#include "hub_fake.h"

/* Round `round` of tournament t as a client that read every message to conn holds it: the
 * last whole `round` message of it, then each later `round_delta` of it with its matches put
 * in place by their `match` index. The versions of the tournament's pushes after that `round`
 * must follow one another without a gap (each v one more than the last): a gap fails the
 * check. Returns the round (caller deletes; its "matches" array in match order) or NULL when
 * no whole `round` of it was recorded. */
static inline cJSON *f_round_view(const fake *f, uint64_t conn, int64_t t, int round)
{
    cJSON *view = NULL;
    double v = 0;
    for (int i = 0; i < f->n; i++) {
        if (f->conn[i] != conn)
            continue;
        cJSON *m = cJSON_Parse(f->msg[i]);
        const cJSON *type = cJSON_GetObjectItemCaseSensitive(m, "type");
        const cJSON *tn = cJSON_GetObjectItemCaseSensitive(m, "tournament");
        const cJSON *vn = cJSON_GetObjectItemCaseSensitive(m, "v");
        bool push =
            cJSON_IsString(type) && cJSON_IsNumber(tn) && tn->valuedouble == (double)t &&
            cJSON_IsNumber(vn) &&
            (!strcmp(type->valuestring, "round") || !strcmp(type->valuestring, "round_delta") ||
             !strcmp(type->valuestring, "standings"));
        if (!push) {
            cJSON_Delete(m);
            continue;
        }
        if (view)
            CHECK_MSG(vn->valuedouble == v + 1, "push version %.0f after %.0f: %s", vn->valuedouble,
                      v, f->msg[i]);
        v = vn->valuedouble;
        const cJSON *rn = cJSON_GetObjectItemCaseSensitive(m, "round");
        if (strcmp(type->valuestring, "standings") == 0 || !cJSON_IsNumber(rn) ||
            (int)rn->valuedouble != round) {
            cJSON_Delete(m);
            continue;
        }
        if (strcmp(type->valuestring, "round") == 0) {
            cJSON_Delete(view);
            view = m;
            continue;
        }
        const cJSON *x;
        cJSON *all = cJSON_GetObjectItemCaseSensitive(view, "matches");
        cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(m, "matches"))
        {
            const cJSON *k = cJSON_GetObjectItemCaseSensitive(x, "match");
            int at = cJSON_IsNumber(k) ? (int)k->valuedouble : -1;
            CHECK_MSG(all && at >= 0 && at < cJSON_GetArraySize(all),
                      "a round_delta's match %d is not in the round: %s", at, f->msg[i]);
            if (all && at >= 0 && at < cJSON_GetArraySize(all))
                cJSON_ReplaceItemInArray(all, at, cJSON_Duplicate(x, true));
        }
        if (view) {
            cJSON_ReplaceItemInObjectCaseSensitive(
                view, "status",
                cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(m, "status"), true));
        }
        cJSON_Delete(m);
    }
    return view;
}

/* How many of the games of view (f_round_view; NULL: 0) are in state `state`. */
static inline int f_round_games(const cJSON *view, const char *state)
{
    int n = 0;
    const cJSON *x, *s;
    cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(view, "matches"))
    {
        cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(x, "states"))
        {
            n += cJSON_IsString(s) && strcmp(s->valuestring, state) == 0;
        }
    }
    return n;
}

#endif
