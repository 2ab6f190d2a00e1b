/* deep.c: the database of deep.h, written with the server's own store and tourney code: a
 * tournament row, one team row per pairing number, and the stored runner state (TRF and team
 * map, runner_save's form) with the status paused. SPDX-License-Identifier: MIT */
#include "deep.h"

#include <stdio.h>
#include <stdlib.h>

#include "bh.h"
#include "drawn_event.h"
#include "now.h"
#include "rng.h"
#include "runner.h"
#include "store.h"
#include "store_tour.h"
#include "swiss.h"
#include "trf.h"
#include "xalloc.h"

int deep_db(const char *db, uint64_t seed, int round, int64_t *tournament, int *teams)
{
    drawn_stats ds = {0, 0, 0};
    tour *t = drawn_event(seed, 20, 80, SWISS_MAX_NODES, round, &ds);
    if (!t)
        return BH_ENOTFOUND;
    store *st = NULL;
    int rc = store_open(db, &st);
    int64_t id = 0;
    if (rc == BH_OK)
        rc = store_tournament_add(st, "Deep", now_wall_ms(), &id);
    int n = tour_n_teams(t);
    size_t cap = 16 + 24 * (size_t)n, len = 0;
    char *map = xmalloc(cap);
    len += (size_t)snprintf(map, cap, "1"); /* T-ROUNDS small field: capped at N-1 */
    for (int i = 1; i <= n && rc == BH_OK; i++) {
        char name[16], c[16], p[16];
        snprintf(name, sizeof name, "D%d", i);
        snprintf(c, sizeof c, "c%d", i);
        snprintf(p, sizeof p, "p%d", i);
        int64_t team;
        rc = store_team_add(st, id, name, c, p, &team);
        len += (size_t)snprintf(map + len, cap - len, " %lld", (long long)team);
    }
    char *trf = trf_export(t);
    store_tour row = {id, RUNNER_PAUSED, bh_weyl64((uint64_t)id), map, trf};
    if (rc == BH_OK)
        rc = store_tour_init(st);
    if (rc == BH_OK)
        rc = store_tour_put(st, &row);
    if (rc == BH_OK)
        rc = store_flush(st);
    store_close(st);
    free(trf);
    free(map);
    tour_free(t);
    *tournament = id;
    *teams = n;
    return rc;
}
