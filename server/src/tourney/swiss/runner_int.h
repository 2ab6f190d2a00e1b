/* runner_int.h: the runner's state and the format seam, shared by runner.c (T-AUTO, P-GAME2,
 * the play-off, jobs), runner_dir.c (the commands), runner_state.c (lifetime, storage, read
 * access) and pairers.c (formats).
 * SPDX-License-Identifier: MIT */
#ifndef BH_RUNNER_INT_H
#define BH_RUNNER_INT_H

#include "runner.h"
#include "swiss.h"
#include "xalloc.h"

#define RUNNER_GAME2_CHOICE_MS 15000u /* P-GAME2: time the loser of game 1 has to choose */
#define RUNNER_ARM_WHITE_MS 180000u   /* T-ARMAGEDDON default: White 3:00 (Black 2:00, game.h) */
#define RUNNER_MAX_BOARDS 16          /* games created at once for one match (first_games) */

/* What follows a game of a match (runner_format.next_game). */
enum { RUNNER_NEXT_NONE, RUNNER_NEXT_CHOICE, RUNNER_NEXT_GAME };

/* A format: the runner's policy for who plays whom next, on how many boards, in which
 * colours. The Swiss (C.04.6, T-PAIR) and its T-ROUNDS round-robin fallback are the two
 * (pairers.c); the club round robin (seed 004) and the league (seed 003) are formats of the
 * event seam instead (tourney/seam/tfmt.h). */
typedef struct {
    const char *name; /* the snapshot's "format": "swiss", "round_robin" */
    /* Pair round tour_n_rounds(t)+1 (swiss.h's contract; stop as swiss_pair_until's, may be
     * NULL). The work of a pairing job: pure, any thread, may take seconds (swiss.h). */
    int (*pair)(const tour *t, uint64_t seed, const atomic_int *stop, swiss_pairing *out);
    bool by_hand; /* the director may pair its rounds by hand (round_pair with pairs) */
    /* The games of match m (not a bye, not forfeited) to create when its round starts: their
     * boards and seat orders (a_team1[i]: side a sits as team 1 on board i); returns their
     * count (1..max). */
    int (*first_games)(const tour *t, const tour_match *m, bool *a_team1, int max);
    /* After game `game` of match m ended with res (a_team1: side a sat as team 1 in it):
     * RUNNER_NEXT_NONE (the match has no further game), RUNNER_NEXT_CHOICE (the loser chooses
     * first: *loser_a says whether side a lost) or RUNNER_NEXT_GAME (game + 1, *a_team1_next
     * its seat order). choice: the loser's, -1 none yet, 0 keep, 1 swap. */
    int (*next_game)(const tour *t, const tour_match *m, int game_no, bool a_team1, tfmt_res res,
                     int choice, bool *loser_a, bool *a_team1_next);
} runner_format;

/* pairers.c: the format of t (by tour_format). */
const runner_format *runner__format(const tour *t);

enum { RUNNER_JOB_AUTO, RUNNER_JOB_PAIR }; /* T-AUTO's next round; the director's round_pair */
enum { RUNNER_JOB_GO, RUNNER_JOB_CANCELLED, RUNNER_JOB_EXPIRED }; /* runner_job.stop */

struct runner_job {
    int64_t tournament;
    uint64_t id;     /* runner.job_id when it was made */
    int purpose;     /* RUNNER_JOB_* */
    uint64_t cookie; /* the command whose reply waits for it, 0 none */
    int round;       /* the rounds paired when it was made: it pairs round + 1 */
    tour *t;         /* owned copy (tour_clone) */
    uint64_t seed;
    int (*pair)(const tour *t, uint64_t seed, const atomic_int *stop, swiss_pairing *out);
    atomic_int stop; /* RUNNER_JOB_GO; RUNNER_JOB_CANCELLED (runner_job_cancel: give up, the
                      * result is not wanted); RUNNER_JOB_EXPIRED (runner_job_expire: give up,
                      * and the result, BH_ELIMIT, is delivered) */
    int rc;          /* runner_job_run's result */
    swiss_pairing p; /* on BH_OK */
    tour_match *old; /* RUNNER_JOB_PAIR: the unstarted round it replaces (put back on error) */
    int nold;
};

struct runner {
    int64_t id;
    int status;    /* RUNNER_* */
    uint64_t seed; /* pairing seed: round r is paired with seed + r - 1 */
    bool fallback; /* T-ROUNDS small-field fallback applied at the start */
    bool inline_jobs;
    bool legacy_wd; /* withdrawals scored as golden.txt records them (runner.h) */
    tour *t;
    int64_t *team_of; /* the caller's team id by pairing number (1..nteam_of-1); [0] unused */
    int nteam_of;
    runner_game *g; /* every game in creation order */
    int ng, capg;
    runner_choice *ch; /* pending P-GAME2 choices (not stored: a restart asks again) */
    int nch, capch;
    uint64_t job_id;     /* the pairing job in flight, 0 none */
    uint64_t job_cookie; /* its command's cookie */
    uint64_t next_job;
    uint64_t last_end_us; /* instant of the latest game end (runner_game_over), 0 none: the
                           * break_s before the next round counts from it */
    int64_t wall_off_us;  /* wall-clock µs - the caller's now_us (runner_set_wall_off) */
};

/* runner.c: the scheduled start of round rnd (T-SCHEDULE) on the caller's clock, 0 none. */
uint64_t runner__sched_us(const runner *r, int rnd);

/* runner.c, for runner_dir.c. */
void runner__reply(runner_reply *rep, int rc, const char *field);
/* runner__reply with rep->msg made by fmt (printf); returns rc. */
int runner__refuse(runner_reply *rep, int rc, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Persist, round rnd (> 0) and the standings (once started): after a change by the director. */
void runner__rebroadcast(runner *r, int rnd, tfmt_acts *a);
/* T-AUTO's next step: start a round paired by hand, the games due, then the next round. */
void runner__advance(runner *r, uint64_t now_us, uint64_t cookie, tfmt_acts *a);
/* Pair the next round (T-AUTO) and start it, or finish; cookie: a reply waiting for it. */
void runner__next_round(runner *r, uint64_t now_us, uint64_t cookie, tfmt_acts *a);
/* A job for round tour_n_rounds+1 (purpose, the waiting command's cookie, the round it
 * replaces, taken), as a TFMT_ACT_JOB. */
void runner__submit(runner *r, int purpose, uint64_t cookie, tour_match *old, int nold,
                    tfmt_acts *a);
/* A game of r was created or ended: any job in flight is stale (it reads an older state). */
void runner__touch(runner *r, tfmt_acts *a);
runner_game *runner__game(runner *r, tfmt_key k);
/* The P-GAME2 choice of game1 changed hands (an override): settled now or dropped. */
void runner__choice_check(runner *r, tfmt_key game1, uint64_t now_us, tfmt_acts *a);
/* A runner over t (taken) with no team mapped yet. */
runner *runner__alloc(int64_t id, tour *t, bool inline_jobs);

#endif
