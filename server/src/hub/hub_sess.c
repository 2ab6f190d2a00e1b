/* hub_sess.c: sessions by connection id: open addressing with linear probing and
 * backward-shift deletion (no tombstones), load kept under 1/2. SPDX-License-Identifier: MIT */
#include <stdlib.h>

#include "hub_int.h"
#include "xalloc.h"

static uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return x;
}

hub_sess *hub__sess_find(hub *h, uint64_t conn)
{
    if (!h->capsess || !conn)
        return NULL;
    size_t mask = (size_t)h->capsess - 1;
    for (size_t i = mix(conn) & mask;; i = (i + 1) & mask) {
        if (h->sess[i].conn == conn)
            return &h->sess[i];
        if (!h->sess[i].conn)
            return NULL;
    }
}

static void grow(hub *h)
{
    hub_sess *old = h->sess;
    int oldcap = h->capsess;
    h->capsess = oldcap ? 2 * oldcap : 64;
    h->sess = xcalloc((size_t)h->capsess, sizeof *h->sess);
    size_t mask = (size_t)h->capsess - 1;
    for (int j = 0; j < oldcap; j++) {
        if (!old[j].conn)
            continue;
        size_t i = mix(old[j].conn) & mask;
        while (h->sess[i].conn)
            i = (i + 1) & mask;
        h->sess[i] = old[j];
    }
    free(old);
}

hub_sess *hub__sess_add(hub *h, uint64_t conn)
{
    hub_sess *s = hub__sess_find(h, conn);
    if (s)
        return s;
    if (2 * (h->nsess + 1) > h->capsess)
        grow(h);
    size_t mask = (size_t)h->capsess - 1;
    size_t i = mix(conn) & mask;
    while (h->sess[i].conn)
        i = (i + 1) & mask;
    h->sess[i] = (hub_sess){.conn = conn,
                            .role = ROLE_SPECTATOR,
                            .seat = -1,
                            .watch = -1,
                            .view_game = -1,
                            .view_seat = -1};
    h->nsess++;
    return &h->sess[i];
}

void hub__sess_del(hub *h, uint64_t conn)
{
    hub_sess *s = hub__sess_find(h, conn);
    if (!s)
        return;
    size_t mask = (size_t)h->capsess - 1;
    size_t i = (size_t)(s - h->sess);
    h->sess[i].conn = 0;
    h->nsess--;
    /* Backward shift: move later entries of the probe run into the hole when their home
     * slot does not lie strictly between the hole and them. */
    for (size_t j = (i + 1) & mask; h->sess[j].conn; j = (j + 1) & mask) {
        size_t home = mix(h->sess[j].conn) & mask;
        bool between = i <= j ? (i < home && home <= j) : (i < home || home <= j);
        if (!between) {
            h->sess[i] = h->sess[j];
            h->sess[j].conn = 0;
            i = j;
        }
    }
}
