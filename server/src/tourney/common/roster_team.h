/* roster_team.h: a team of a team event with its roster (the club round robin of seed 004, the
 * league of seed 003): the caller's id, its name, its players in board order, its captain; and
 * its records in an event's saved text. SPDX-License-Identifier: MIT
 * The records are two kinds of line (text_esc.h's %-escaped strings; the numbers decimal):
 *   team <id> <captain> <name>
 *   player <id> <rating> <invited 0|1> <name>      one per player, in board order
 * Pure: no I/O; the text is the caller's buffer. */
#ifndef BH_ROSTER_TEAM_H
#define BH_ROSTER_TEAM_H

#include <stdint.h>

#include "buf.h"
#include "roster.h"

#define ROSTER_TEAM_NAME_LEN 65 /* 64 bytes + NUL, as the protocol takes names */

typedef struct {
    int64_t id; /* the caller's id (the store's team id) */
    char name[ROSTER_TEAM_NAME_LEN];
    roster r;    /* the players in board order */
    int captain; /* a player id of r */
} roster_team;

/* Team k (1-based) leaves the teams t[1..*n]: those after it move up a place, *n drops by one.
 * k must be in 1..*n. */
void roster_team_remove(roster_team *t, int *n, int k);

/* t's team line and its player lines, appended to b. */
void roster_team_save(buf *b, const roster_team *t);

/* A team line's tokens tok[0..nt) (tok[0] "team"; the strings are unescaped in place) into t,
 * its roster empty: BH_OK, or BH_EPARSE (a token count other than 4, a number out of range:
 * the captain 1..INT32_MAX). The name is cut to ROSTER_TEAM_NAME_LEN - 1 bytes; a caller that
 * refuses longer or empty names checks tok[3] after the call. */
int roster_team_read(roster_team *t, char **tok, int nt);

/* A player line's tokens (tok[0] "player") appended to t's roster: BH_OK, or BH_EPARSE (a
 * token count other than 5, an id outside 1..INT32_MAX, a rating outside
 * 0..ROSTER_RATING_MAX, invited not 0 or 1, roster_add's refusal: a full roster, a player
 * twice). */
int roster_team_read_player(roster_team *t, char **tok, int nt);

#endif
