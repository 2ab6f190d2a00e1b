/* league_int.h: the league event's state, shared by league.c (decisions) and league_io.c (exports,
 * storage). SPDX-License-Identifier: MIT */
#ifndef BH_LEAGUE_INT_H
#define BH_LEAGUE_INT_H

#include "league.h"
#include "roster_team.h"

_Static_assert(LEAGUE_NAME_LEN == ROSTER_TEAM_NAME_LEN, "a league team's name is a roster_team's");

#define LEAGUE_MAX_GAMES (2 * LEAGUE_MAX_BOARDS)
#define LEAGUE_STAGES 5 /* indexed by LEAGUE_STAGE_* (0 unused) */

typedef struct {
    int team[2]; /* tids: the team named first, the second; 0 = an unused knockout slot */
    int group;   /* 0-based; -1 in the knockout */
    int round;   /* Berger round; 0 in the knockout */
    league_game g[LEAGUE_MAX_GAMES]; /* game * boards + board */
} league_mt;

struct league {
    int64_t id;
    league_config cfg;
    int status;                          /* LEAGUE_REGISTERING .. LEAGUE_FINISHED */
    int stage;                           /* LEAGUE_STAGE_*, 0 before the start */
    roster_team t[LEAGUE_MAX_TEAMS + 1]; /* [1..nt] */
    int nt;
    bool drawn;
    groups_draw draw;
    roster_rating rating[LEAGUE_STAGES][LEAGUE_MAX_TEAMS + 1]; /* [stage][tid]; n == 0: none */
    league_mt *gm;                                             /* the group stage's matches */
    int ngm;
    bool have_kb;
    bracket kb;
    league_mt km[BRACKET_MATCHES];
    int lot[BRACKET_MATCHES]; /* the lot drawn: -1 none, else the winner 0/1 */
};

/* The group stage's schedule from l->draw: l->gm, l->ngm, the games' keys, teams and
 * challenges in CHAL_NEW (league.c). */
void league__schedule_groups(league *l);
/* Knockout stage s's matches from the bracket and the current rosters (league.c); the ratings
 * l->rating[s] must be set. */
void league__schedule_ko(league *l, int s);
/* The load's replay of stage s's results (league.c): the group stage's end makes the bracket; a
 * knockout stage's complete matches are decided (bracket_result, and the stored lots). */
void league__replay(league *l, int s);
/* Every match of the current stage decided (league.c). */
bool league__stage_done(const league *l);
/* The stage of knockout match mi. */
int league__ko_stage(int mi);
/* Match mi of stage s, NULL if none. */
league_mt *league__match(const league *l, int s, int mi);

#endif
