/* deep.h: a server database holding one deep Swiss, paused just before a slow pairing
 * (bench_load --deep-pairing: the pairing runs on the server's worker while games are played).
 * SPDX-License-Identifier: MIT */
#ifndef BH_DEEP_H
#define BH_DEEP_H

#include <stdint.h>

/* Write into the new database db event `seed` of bench_pairing_drawn (drawn_event.h) as it
 * stands before pairing `round`: its teams, and the tournament paused (a resume pairs that
 * round). BH_OK with *tournament (its id) and *teams set; BH_ENOTFOUND when the event ends
 * before that round; BH_ESTORE. */
int deep_db(const char *db, uint64_t seed, int round, int64_t *tournament, int *teams);

#endif
