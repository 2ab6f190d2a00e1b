/* test_theap.c: the timer heap against a brute-force reference (a plain array scanned for
 * its minimum), over a long pseudo-random sequence of set/del/pop. SPDX-License-Identifier: MIT */
#include <stdint.h>

#include "bh.h"
#include "bh_test.h"
#include "theap.h"

#define NIDS 200

static uint64_t rng_state = 88172645463325252ULL;
static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* Reference: ref[id] = deadline or UINT64_MAX if absent; min by (deadline, id). */
static bool ref_min(const uint64_t *ref, int *id, uint64_t *at)
{
    int best = -1;
    for (int i = 0; i < NIDS; i++)
        if (ref[i] != UINT64_MAX && (best < 0 || ref[i] < ref[best]))
            best = i;
    if (best < 0)
        return false;
    *id = best;
    *at = ref[best];
    return true;
}

static void matches_reference(void)
{
    theap *h = theap_new();
    uint64_t ref[NIDS];
    for (int i = 0; i < NIDS; i++)
        ref[i] = UINT64_MAX;
    int mismatches = 0, n = 0;
    for (int step = 0; step < 50000; step++) {
        int op = (int)(rnd() % 10), id = (int)(rnd() % NIDS);
        if (op < 6) {
            uint64_t at = rnd() % 1000; /* small range: many ties, broken by id */
            theap_set(h, id, at);
            ref[id] = at;
        } else if (op < 8) {
            theap_del(h, id);
            ref[id] = UINT64_MAX;
        } else {
            int hid = -1, rid = -1;
            uint64_t hat = 0, rat = 0;
            bool hb = theap_peek(h, &hid, &hat), rb = ref_min(ref, &rid, &rat);
            if (hb != rb || (hb && (hid != rid || hat != rat)))
                mismatches++;
            if (hb) {
                theap_del(h, hid);
                ref[hid] = UINT64_MAX;
            }
        }
        n = 0;
        for (int i = 0; i < NIDS; i++)
            n += ref[i] != UINT64_MAX;
        if (n != theap_len(h))
            mismatches++;
    }
    CHECK_EQ_INT("mismatches", 0, mismatches);
    theap_free(h);
}

static void order_and_bounds(void)
{
    theap *h = theap_new();
    CHECK_EQ_INT("neg id", BH_EINVAL, theap_set(h, -1, 5));
    theap_set(h, 7, 300);
    theap_set(h, 3, 100);
    theap_set(h, 9, 100);
    theap_set(h, 1000, 50);
    int id;
    uint64_t at;
    CHECK(theap_peek(h, &id, &at));
    CHECK_EQ_INT("first id", 1000, id);
    theap_set(h, 1000, 400); /* moved later */
    CHECK(theap_peek(h, &id, &at));
    CHECK_EQ_INT("tie -> smaller id", 3, id);
    CHECK_EQ_U64("at", 100, at);
    theap_del(h, 3);
    theap_del(h, 3); /* second delete is a no-op */
    theap_del(h, 12345);
    CHECK(theap_peek(h, &id, &at));
    CHECK_EQ_INT("next", 9, id);
    CHECK_EQ_INT("len", 3, theap_len(h));
    theap_free(h);
    theap_free(NULL);
}

static const bh_test_case cases[] = {
    {"matches_reference", matches_reference},
    {"order_and_bounds", order_and_bounds},
};

BH_TEST_MAIN(cases)
