/* tour_db.c: the database of tour_db.h, written with the server's own store and tourney code.
 * SPDX-License-Identifier: MIT */
#include "tour_db.h"

#include <stdio.h>
#include <stdlib.h>

#include "bh.h"
#include "now.h"
#include "rng.h"
#include "store.h"
#include "store_tour.h"
#include "trf.h"
#include "xalloc.h"

int tour_db_write(const char *db, const char *trf, int status, int64_t *tournament, int *teams)
{
    tour *t = NULL;
    if (trf_import(trf, &t, NULL) != BH_OK || !tour_is_started(t)) {
        tour_free(t);
        return BH_EPARSE;
    }
    store *st = NULL;
    int rc = store_open(db, &st);
    int64_t id = 0;
    if (rc == BH_OK)
        rc = store_tournament_add(st, "Deep", now_wall_ms(), &id);
    int n = tour_n_teams(t);
    size_t cap = 16 + 24 * (size_t)n, len = 0;
    char *map = xmalloc(cap);
    /* "<fallback> <team id by pairing number>": fallback when the rounds are capped at N-1 */
    len += (size_t)snprintf(map, cap, "%d", tour_planned_rounds(t) >= n - 1);
    for (int i = 1; i <= n && rc == BH_OK; i++) {
        char name[16], c[16], p[16];
        snprintf(name, sizeof name, "D%d", i);
        snprintf(c, sizeof c, "c%d", i);
        snprintf(p, sizeof p, "p%d", i);
        int64_t team;
        rc = store_team_add(st, id, name, c, p, &team);
        len += (size_t)snprintf(map + len, cap - len, " %lld", (long long)team);
    }
    store_tour row = {id, status, bh_weyl64((uint64_t)id), map, trf};
    if (rc == BH_OK)
        rc = store_tour_put(st, &row);
    if (rc == BH_OK)
        rc = store_flush(st);
    store_close(st);
    free(map);
    tour_free(t);
    *tournament = id;
    *teams = n;
    return rc;
}
