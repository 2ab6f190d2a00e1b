/* formats_fixture.h: small fixtures shared by the format modules' tests (test_lineup,
 * test_roster). SPDX-License-Identifier: MIT */
#ifndef BH_FORMATS_FIXTURE_H
#define BH_FORMATS_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>

#include "roster.h"

/* A roster of n players with ids id0, id0+1, ..., named "P<id>", rated rating[i] (NULL: all
 * 2000), none invited. Aborts the test binary if a player is refused (a broken fixture). */
static inline void fx_roster(roster *r, int n, int id0, const int *rating)
{
    roster_init(r);
    for (int i = 0; i < n; i++) {
        char name[16];
        snprintf(name, sizeof name, "P%d", id0 + i);
        if (roster_add(r, id0 + i, name, rating ? rating[i] : 2000, false, NULL) != 0) {
            fprintf(stderr, "fixture: roster_add %d refused\n", id0 + i);
            abort();
        }
    }
}

#endif
