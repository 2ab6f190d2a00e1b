/* club_int.h: the club round robin's state, shared by club.c (decisions) and club_io.c
 * (exports, storage). SPDX-License-Identifier: MIT */
#ifndef BH_CLUB_INT_H
#define BH_CLUB_INT_H

#include "club.h"
#include "roster_team.h"

_Static_assert(CLUB_NAME_LEN == ROSTER_TEAM_NAME_LEN, "a club team's name is a roster_team's");

#define MAX_MATCHES (CLUB_MAX_TEAMS / 2)

typedef struct {
    lineup l;
    bool have;      /* l is set (submitted, or the default at the round's start) */
    bool submitted; /* by the captain or the director */
} lu_t;

typedef struct {
    int n;                 /* matches (byes left out) */
    int home[MAX_MATCHES]; /* pairing numbers: the team named first (Berger's White) */
    int away[MAX_MATCHES];
    club_board *b; /* n * boards, by match then board */
    bool started, ended;
    uint64_t start_at; /* while line-ups are taken: the deadline, the round's start */
    uint64_t end_us;   /* when ended */
    lu_t lu[CLUB_MAX_TEAMS + 1];
} round_t;

struct club {
    int64_t id;
    club_config cfg;
    int status;
    roster_team t[CLUB_MAX_TEAMS + 1]; /* [1..nt] */
    int nt;
    int rounds;
    round_t *rd; /* [1..rounds] */
    int cur;     /* the round being played, or whose line-ups are taken */
    protest_desk *pd;
};

/* The Berger schedule of c's nt teams into c->rounds, c->rd (club.c). */
void club__schedule(club *c);

/* F-CHESS: whether the home team (the one named first) has White on board b (0-based) of
 * its match: on the odd boards 1, 3, 5, ... (b even). */
static inline bool club__home_white(int b)
{
    return b % 2 == 0;
}

/* Round rd's line-up of team tid: the default (art. 3: "the team plays its first six") if
 * none was set; true if it was just set so (club.c). */
bool club__lineup_fill(const club *c, round_t *rd, int tid);

/* The players of board b of match mi from rd's line-ups (set: club__lineup_fill), White's
 * in player[0] (club.c). */
void club__seat(const round_t *rd, int mi, int b, club_board *x);

#endif
