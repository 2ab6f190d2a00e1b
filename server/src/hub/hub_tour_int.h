/* hub_tour_int.h: the server tournament's types, shared by hub_tour.c (T-AUTO, commands,
 * persistence) and hub_tour_msg.c (round, standings and tournament messages).
 * SPDX-License-Identifier: MIT */
#ifndef BH_HUB_TOUR_INT_H
#define BH_HUB_TOUR_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "hub_int.h"
#include "tour.h"

/* HT_PAUSED: running, but T-AUTO creates no game and pairs no round until resumed; results
 * of the games in progress are still recorded. */
enum { HT_REGISTERING = 0, HT_RUNNING = 1, HT_FINISHED = 2, HT_PAUSED = 3 };

typedef struct {
    int64_t game; /* hub game id */
    int round, match, game_no;
    int64_t team1; /* hub team seated as GAME_TEAM_1 */
} tgame;

/* P-GAME2: game 1 of a pairing ended decisively; the losing team chooses game 2's colours. */
typedef struct {
    int64_t game1;        /* hub game id of game 1 */
    int64_t loser;        /* hub team that lost game 1 */
    uint64_t deadline_us; /* monotonic: the default applies from then on */
    int choice;           /* -1 none yet, 0 keep colours, 1 swap */
} hchoice;

typedef struct {
    int64_t id; /* tournament id (store) */
    int status; /* HT_* */
    uint64_t seed;
    bool fallback; /* T-ROUNDS small-field fallback applied at the start */
    tour *t;
    int64_t *team_of; /* hub team id by tour team id (1..n); index 0 unused */
    int nteam_of;
    tgame *g;
    int ng, capg;
    hchoice *ch; /* pending P-GAME2 choices (not stored: a restart asks again) */
    int nch, capch;
} htour;

struct hub_tours {
    htour *v;
    int n, cap;
};

/* hub_tour.c: game g of match mi of round r, or NULL. */
const tgame *hub__tour_tgame(const htour *ht, int round, int match, int game_no);

/* hub_tour.c, for the director's controls: the tourney result of hub result text for game g
 * of match m; the tournament with this id (NULL none); store it (TRF); queue msg (freed) to
 * every connection; create and start game 1 of match mi of round r; T-AUTO's next step
 * (games 2 due, the paired round's games, the next round). */
tour_game hub__tour_res(const htour *ht, const tgame *g, const tour_match *m, const char *result);
htour *hub__tour_find(hub *h, int64_t id);
void hub__tour_persist(hub *h, const htour *ht);
void hub__tour_to_all(hub *h, char *msg);
int hub__tour_game1(hub *h, htour *ht, int r, int mi, uint64_t now_us);
void hub__tour_advance(hub *h, htour *ht, uint64_t now_us);

/* hub_tour_dir.c: start game 1 of every match of round r that has none (a round paired by
 * the director while T-AUTO paused); true if it started any. */
bool hub__tour_start_paired(hub *h, htour *ht, int r, uint64_t now_us);
/* The standings to everyone (a round completed while T-AUTO pauses). */
void hub__tour_paused_standings(hub *h, htour *ht);
/* Round r was paired and none of its games was created yet. */
bool hub__tour_round_unstarted(const htour *ht, int r);

/* hub_tour_msg.c: encoders (new strings, caller frees; enc_standings NULL if the tourney
 * module fails) and the snapshot reply queued to conn. */
const char *hub__tour_status_name(int status);
char *hub__tour_enc_round(hub *h, const htour *ht, int r);
char *hub__tour_enc_standings(const htour *ht);
void hub__tour_snapshot(hub *h, const htour *ht, uint64_t conn, bool has_id, int64_t id);

#endif
