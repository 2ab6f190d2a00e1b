/* league_fmt.h: the league of seed 003 (league.h) as a format on the seam (tfmt.h): tfmt_league,
 * whose actions are the seam's already (league.h).
 * SPDX-License-Identifier: MIT
 * Pure. Its clock is the wall clock (TFMT_CLOCK_WALL: the 10- and 5-day deadlines are stored
 * and run across restarts), its game map packed (TFMT_SLOT_PACKED: two games a board in the
 * knockout), T-WAIT the hub's gate (CREATE_GAME's wait_s; no seat_present). */
#ifndef BH_LEAGUE_FMT_H
#define BH_LEAGUE_FMT_H

#include "league.h"
#include "tfmt.h"

extern const tfmt_ops tfmt_league;

#endif
