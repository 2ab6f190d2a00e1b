/* runner_script.h: seeded random whole tournaments for the runner's equivalence test.
 * One driver plays the same script against two worlds: the hub (JSON messages, the
 * sqlite store, tests/unit/hub_fake.h: runner_golden_gen.c) and the pure runner (test_runner.c).
 * SPDX-License-Identifier: MIT
 * The driver decides its next step only from what it observes (rs_obs: the tournament's status,
 * its TRF, the games created), so two worlds that behave the same get the same steps; every
 * reply and every observation is folded into one 64-bit digest per event. */
#ifndef BH_RUNNER_SCRIPT_H
#define BH_RUNNER_SCRIPT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define RS_T0 1000000000ULL /* monotonic µs of an event's start */
#define RS_BASE_MS 3600000  /* 1 h a player: no clock falls within an event (see rs_run) */
#define RS_MAX_PAIRS 64

typedef struct {
    int n_teams;         /* 2..12 */
    int rounds;          /* 0: T-ROUNDS */
    const char *small;   /* NULL, "rr" or "cap" (tournament_create "small") */
    const char *tb;      /* tie-breaks as a JSON array's body ("\"DE\",\"BH-C1\"") or NULL */
    const char *ruleset; /* "online" or "regulation" */
    int extra_tours;     /* empty tournaments created first: the event's id (its seed) varies */
    int ratings[12][2];  /* captain, partner */
} rs_setup;

enum {
    RS_START,       /* tournament_start */
    RS_END,         /* the director's result for a live game (it ends now) */
    RS_OVERRIDE,    /* the director's result for a finished game */
    RS_CHOOSE,      /* game2_colors from a team's connection, for game 1 of a match */
    RS_PAUSE,       /* tournament_pause (flag: paused) */
    RS_WITHDRAW,    /* team_withdraw (flag: keep_current) */
    RS_PAIR,        /* round_pair, computed */
    RS_PAIR_HAND,   /* round_pair with pairs (flag: allow_rematch) */
    RS_ROUND_START, /* round_start */
    RS_REGISTER,    /* team_register (after the start: refused) */
    RS_KINDS_
};

typedef struct {
    int kind;
    int round, match, game_no; /* the game of RS_END, RS_OVERRIDE, RS_CHOOSE */
    int result;                /* 0 "1-0", 1 "0-1", 2 "1/2-1/2" (from team 1's seat) */
    int64_t team;              /* RS_CHOOSE: the sending team; RS_WITHDRAW */
    bool flag;
    int n_pairs;
    int64_t pairs[RS_MAX_PAIRS][2]; /* hub team ids, 0: the bye */
    const char *name;               /* RS_REGISTER */
} rs_cmd;

typedef struct {
    int round, match, game_no; /* round 0: a play-off game (match: Black's pairing number) */
    int64_t team1, team2;      /* hub team ids seated as GAME_TEAM_1 and GAME_TEAM_2 */
    bool live;
} rs_game;

typedef struct {
    int status;     /* 0 registering, 1 running, 2 finished, 3 paused */
    char *trf;      /* the tournament's TRF (trf_export), malloc'd */
    rs_game *games; /* every game of the tournament in creation order, malloc'd */
    int ngames;
    int64_t team_of[13]; /* hub team id by pairing number (1..n_teams) */
} rs_obs;

/* One world. Replies are "ok" or "<error name>:<field>" ("unauthorized:" without a field). */
typedef struct {
    void *ctx;
    /* A new world (fresh store) at now: create the tournament and register its teams (hub
     * team ids 1..n in order). */
    void (*create)(void *ctx, const rs_setup *s, uint64_t now);
    void (*cmd)(void *ctx, const rs_cmd *c, uint64_t now, char reply[64]);
    /* Time passes up to now: deadlines fire at their instants. */
    void (*advance)(void *ctx, uint64_t now);
    /* A restart at now; live games are adjudicated (a draw, void for a play-off) or resumed. */
    void (*restart)(void *ctx, bool adjudicate, uint64_t now);
    void (*observe)(void *ctx, rs_obs *o);
    void (*destroy)(void *ctx);
} rs_world;

void rs_obs_fini(rs_obs *o);

/* Play event `seed` in w: returns its digest; *steps gets the steps played, *finished whether
 * the tournament finished. A line per step goes to transcript when not NULL. */
uint64_t rs_run(const rs_world *w, uint64_t seed, int *steps, bool *finished, FILE *transcript);

#endif
