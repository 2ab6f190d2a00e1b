/* tour_db.h: a server database holding one tournament given as TRF, as the server stores its
 * own (runner_save's form), to start a server on: bench_load --deep-pairing and test_ws_pairing
 * start it on a deep Swiss paused just before a slow pairing. SPDX-License-Identifier: MIT */
#ifndef BH_TOUR_DB_H
#define BH_TOUR_DB_H

#include <stdint.h>

/* Write into the new database db the started tournament of TRF text trf with status
 * RUNNER_* `status`: a tournament row, a team row per pairing number ("D1", ... with players
 * "c1", "p1", ...) and the stored state (the TRF, the team map, a seed). BH_OK with *tournament
 * (its id) and *teams set; BH_EPARSE (the TRF does not import, or its event is not started);
 * BH_ESTORE. */
int tour_db_write(const char *db, const char *trf, int status, int64_t *tournament, int *teams);

#endif
