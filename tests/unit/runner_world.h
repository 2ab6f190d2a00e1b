/* runner_world.h: the pure runner as a world of runner_script.h: what the hub does with the
 * runner's actions, reduced to what the script observes (a table of the games as the store keeps
 * them, the last persisted state), with no sqlite and no JSON. The runner runs its pairing jobs
 * inline, as the hub does without a worker, or (async) asks for them and each is computed and
 * handed back at once. SPDX-License-Identifier: MIT */
#ifndef BH_RUNNER_WORLD_H
#define BH_RUNNER_WORLD_H

#include "runner.h"
#include "runner_script.h"

typedef struct {
    tfmt_key key;
    int64_t team[2];
    bool finished;
    bool adjudicated; /* a restart adjudicated it (the hub's recovery "adjudicated") */
    tfmt_res result;
} rw_row;

typedef struct {
    runner *r;
    int64_t id;
    int n_teams;
    runner_saved saved; /* the last TFMT_ACT_PERSIST */
    rw_row *rows;       /* every game created, in creation order */
    int nrows, caprows;
    int acts[RUNNER_ACT_GAME2 + 1]; /* actions carried out, by kind */
    bool async; /* the runner asks for pairing jobs; each is done at once, where it is asked */
    runner_reply late; /* the last TFMT_ACT_REPLY carried out: a deferred reply */
    bool has_late;
} rw;

/* The world over w (zeroed by the caller); rw_fini frees what it holds. */
rs_world rw_world(rw *w);
void rw_fini(rw *w);

#endif
