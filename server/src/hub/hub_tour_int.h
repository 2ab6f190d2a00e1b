/* hub_tour_int.h: the server's tournaments, shared by hub_tour.c (the runner's actions carried
 * out: games, tokens, store, messages; loading), hub_tour_dir.c (the director's commands) and
 * hub_tour_msg.c (round, standings and tournament messages).
 * SPDX-License-Identifier: MIT
 * Each tournament is a runner (tourney/swiss/runner.h), which decides everything about it, run as
 * a format on the seam by the hub's executor (hub_event.h: hub__swiss_fmt), which keeps the
 * store's game id of each of its games. */
#ifndef BH_HUB_TOUR_INT_H
#define BH_HUB_TOUR_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "hub_event.h"
#include "hub_int.h"
#include "runner.h"

/* What the last push of one round said (hub__tour_enc_round_push): a push sends only what
 * differs from it. */
typedef struct {
    int n;              /* its matches */
    char status[8];     /* "paired", "playing", "done" */
    char **m;           /* n texts, each match as proto_enc_tmatch wrote it */
    int64_t (*pair)[2]; /* n pairs: each match's team1 and team2 (a new pairing is a whole round) */
} hround_pub;

typedef struct {
    runner *r;       /* the event's state (hub__event_state(e)), freed by the executor */
    hub_event *e;    /* the executor's event: its games, its subscribers */
    uint64_t v;      /* the version of its last round, round_delta or standings push: each
                      * push takes the next, so a client that misses one sees a gap; from the
                      * wall clock's ms at creation or load, so a restart is a gap too */
    hround_pub *pub; /* by round - 1 (npub of them; a round not pushed yet: n 0) */
    int npub;
    struct tour_job *job;   /* its pairing on the worker (hub_tour.c), NULL none */
    uint64_t job_t0_us;     /* when it was handed over (monotonic) */
    uint64_t job_budget_us; /* its time budget: at job_t0_us + this, runner_job_expire */
    bool job_expired;       /* runner_job_expire was called */
    uint64_t job_next_us;   /* the next `pairing` push */
} htour;

/* A director's reply that waits for a pairing job (runner_reply.deferred). */
typedef struct {
    uint64_t cookie;
    uint64_t conn;
    int64_t id; /* the command's id */
    int64_t tournament;
} hpending;

struct hub_tours {
    htour **v; /* by creation; each heap-allocated (stable while actions run) */
    int n, cap;
    hpending *pend;
    int npend, cappend;
    uint64_t next_cookie;
    int64_t budget_s; /* round_pair's budget_s for the job it makes next (0: the default) */
};

/* hub_tour.c: the tournament with this id (NULL none); the tournament and runner key of
 * store game gid (NULL none); the store id of r's game k (0 none). */
htour *hub__tour_find(hub *h, int64_t id);
htour *hub__tour_of_game(hub *h, int64_t gid, tfmt_key *k);
static inline int64_t hub__tour_gid(const htour *ht, tfmt_key k)
{
    return hub__event_gid(ht->e, k);
}
/* hub_tour.c: carry out the runner's actions a (in order; a is emptied): hub__event_run. */
void hub__tour_run(hub *h, htour *ht, tfmt_acts *a, uint64_t now_us);
/* hub_tour.c: answer a director's command: the error of rep, or (cookie) wait for its job, or
 * the tournament snapshot now. */
void hub__tour_reply(hub *h, htour *ht, uint64_t conn, int64_t id, const runner_reply *rep,
                     uint64_t cookie);
/* A director's command to a tournament's runner (tournament_start, tournament_pause,
 * team_withdraw, round_pair, round_start): its tournament, the runner's actions and reply,
 * and the cookie of the pairing job it may start. */
typedef struct {
    htour *ht;
    tfmt_acts a;
    runner_reply rep;
    uint64_t cookie;
} htour_cmd;

/* hub_tour.c: begin command id of s for tournament into c: false (not_found, field
 * tournament, sent) when there is none. Then the caller asks the runner (c->ht->r, c->cookie,
 * &c->a, &c->rep) and ends it with hub__tour_cmd_end: the actions carried out, then the reply
 * (the snapshot or the runner's error; it waits for the pairing job the command started). */
bool hub__tour_cmd_begin(hub *h, hub_sess *s, int64_t id, int64_t tournament, htour_cmd *c);
void hub__tour_cmd_end(hub *h, hub_sess *s, int64_t id, htour_cmd *c, uint64_t now_us);
/* hub_tour.c: a fresh cookie for a command that may wait for a job. */
uint64_t hub__tour_cookie(hub *h);
/* hub_tour.c: the runner's result of the store game hg (TFMT_VOID: a restart adjudicated
 * it and nobody changed its draw since). */
tfmt_res hub__tour_res(const hub_game *hg);

/* hub_tour_msg.c: the push of round r (a new string, caller frees; NULL: nothing to send):
 * the whole round (`round`) when no push of it was made yet, or its status, its number of
 * matches or (only < 0) the teams of a match changed since (a pairing replaced); else `round_delta`
 * with the matches whose text differs from the last push's, or NULL if none does. only >= 0: only
 * match `only` can have changed (a game's state or its seats), so only that one is encoded; -1:
 * any. Each message sent takes the next version ht->v. Protocol: s2c-round.md, s2c-round_delta.md.
 */
char *hub__tour_enc_round_push(hub *h, htour *ht, int r, int only);
/* hub_tour_msg.c: the standings push (next version; NULL if the tourney module fails). */
char *hub__tour_enc_standings(htour *ht);
/* hub_tour_msg.c: frees what the pushes remembered of ht's rounds. */
void hub__tour_pub_free(htour *ht);
void hub__tour_snapshot(hub *h, const htour *ht, uint64_t conn, bool has_id, int64_t id);

#endif
