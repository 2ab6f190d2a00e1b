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

typedef struct {
    runner *r;    /* the event's state (hub__event_state(e)), freed by the executor */
    hub_event *e; /* the executor's event: its games, its subscribers */
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

/* hub_tour_msg.c: encoders (new strings, caller frees; enc_standings NULL if the tourney
 * module fails) and the snapshot reply queued to conn. */
char *hub__tour_enc_round(hub *h, const htour *ht, int r);
char *hub__tour_enc_standings(const htour *ht);
void hub__tour_snapshot(hub *h, const htour *ht, uint64_t conn, bool has_id, int64_t id);

#endif
