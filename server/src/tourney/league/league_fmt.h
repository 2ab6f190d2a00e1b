/* league_fmt.h: the league of seed 003 (league.h) as a format on the seam (tfmt.h): tfmt_league,
 * and the conversion of the league's actions into the seam's one action list.
 * SPDX-License-Identifier: MIT
 * Pure. Its clock is the wall clock (TFMT_CLOCK_WALL: the 10- and 5-day deadlines are stored
 * and run across restarts), its game map packed (TFMT_SLOT_PACKED: two games a board in the
 * knockout), T-WAIT the hub's gate (CREATE_GAME's wait_s; no seat_present). */
#ifndef BH_LEAGUE_FMT_H
#define BH_LEAGUE_FMT_H

#include "league.h"
#include "tfmt.h"

/* The format's own notice (TFMT_ACT_NOTICE note): player `to`'s game `key` was created (the
 * NOTICE follows its CREATE_GAME in the list, so the executor's game id is known). The others
 * are league.h's LEAGUE_N_*. */
#define LEAGUE_N_GAME 64

/* the league's actions in (emptied) as the seam's, appended to out in order: CREATE_GAME a chess
 * game (game_kind GAME_KIND_CHESS, players, time control, start_us, wait_s) followed by a
 * LEAGUE_N_GAME NOTICE to each of its players; NOTICE as is (to, note, key, at_us, deadline_us);
 * STAGE a ROUND (round = the stage); STANDINGS, STAGE_OVER, LOT_DUE STANDINGS (and a NOTE
 * for the latter two); FINISH a FINISH naming the winner (team[0]); PERSIST a PERSIST
 * followed by a STANDINGS (every change of a league is published: its challenges' states
 * are on its page). */
void league_fmt_acts(league_acts *in, tfmt_acts *out);

extern const tfmt_ops tfmt_league;

#endif
