/* lg_int.h: the league event's state, shared by lg.c (decisions) and lg_io.c (exports,
 * storage). SPDX-License-Identifier: MIT */
#ifndef BH_LG_INT_H
#define BH_LG_INT_H

#include "lg.h"

#define LG_MAX_GAMES (2 * LG_MAX_BOARDS)
#define LG_STAGES 5 /* indexed by LG_STAGE_* (0 unused) */

typedef struct {
    int64_t id;
    char name[LG_NAME_LEN];
    roster r;
    int captain;
} lg_team;

typedef struct {
    int team[2]; /* tids: the team named first, the second; 0 = an unused knockout slot */
    int group;   /* 0-based; -1 in the knockout */
    int round;   /* Berger round; 0 in the knockout */
    lg_game g[LG_MAX_GAMES]; /* game * boards + board */
} lg_mt;

struct lg {
    int64_t id;
    lg_config cfg;
    int status;                  /* LG_* */
    int stage;                   /* LG_STAGE_*, 0 before the start */
    lg_team t[LG_MAX_TEAMS + 1]; /* [1..nt] */
    int nt;
    bool drawn;
    groups_draw draw;
    roster_rating rating[LG_STAGES][LG_MAX_TEAMS + 1]; /* [stage][tid]; n == 0: none */
    lg_mt *gm;                                         /* the group stage's matches */
    int ngm;
    bool have_kb;
    league_bracket kb;
    lg_mt km[LEAGUE_MATCHES];
    int lot[LEAGUE_MATCHES]; /* the lot drawn: -1 none, else the winner 0/1 */
};

/* The group stage's schedule from l->draw: l->gm, l->ngm, the games' keys, teams and
 * challenges in CHAL_NEW (lg.c). */
void lg__schedule_groups(lg *l);
/* Knockout stage s's matches from the bracket and the current rosters (lg.c); the ratings
 * l->rating[s] must be set. */
void lg__schedule_ko(lg *l, int s);
/* The load's replay of stage s's results (lg.c): the group stage's end makes the bracket; a
 * knockout stage's complete matches are decided (league_result, and the stored lots). */
void lg__replay(lg *l, int s);
/* Every match of the current stage decided (lg.c). */
bool lg__stage_done(const lg *l);
/* The stage of knockout match mi. */
int lg__ko_stage(int mi);
/* Match mi of stage s, NULL if none. */
lg_mt *lg__match(const lg *l, int s, int mi);

#endif
