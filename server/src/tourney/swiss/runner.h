/* runner.h: the tournament runner (docs/runner.md): one event's state machine. Events in, each with
 * now_us (monotonic µs): the start, a game's end and its result, a P-GAME2 choice, the time
 * (choice deadlines), the director's commands, the result of a pairing job. Actions out: a
 * list the caller carries out in order (create a game, end one, ask for a choice, publish a
 * round or the standings, persist, pause for the directors, finish, run a pairing job, reply).
 * SPDX-License-Identifier: MIT
 * Pure: no I/O, no clock reads, no threads; every T-* decision of a running event is here
 * (T-AUTO, T-DOUBLE and P-GAME2, T-BYE and T-FORFEIT through the pairing and withdrawals,
 * T-ROUNDS at the start, T-ARMAGEDDON, T-PRIZES, the pause on an unpairable round) and the
 * format (runner_int.h: pairers.c) says who plays whom, on how many boards, in which
 * colours. Teams are named by the caller's ids (int64, the store's team ids); games by a
 * tfmt_key. The state saves as text (runner_save) and comes back exactly (runner_restore),
 * the stored form of the server's tournaments (TRF + a team map). */
#ifndef BH_RUNNER_H
#define BH_RUNNER_H

#include <stdbool.h>
#include <stdint.h>

#include "tfmt.h"
#include "tour.h"

typedef struct runner runner;
typedef struct runner_job runner_job;

typedef struct {
    tfmt_key key;
    int64_t team[2]; /* teams in seat order: GAME_TEAM_1, GAME_TEAM_2 */
    bool finished;   /* its end is known (runner_game_over, or ended by the runner) */
    tfmt_res result; /* when finished: the latest (a director's override included) */
    uint64_t end_us; /* monotonic instant its end was known (runner_game_over), 0 none */
} runner_game;

/* A P-GAME2 choice: game 1 of a match was decided; the loser chooses game 2's colours. */
typedef struct {
    tfmt_key game1;
    int64_t loser;        /* the team that lost game 1 */
    bool loser_is_team1;  /* it sat as team 1 in game 1 (its captain had White on A) */
    uint64_t deadline_us; /* monotonic: the default (swap) applies from then on */
    int choice;           /* -1 none yet, 0 keep colours, 1 swap */
} runner_choice;

/* The Swiss's own action kinds (tfmt.h: a format's own from TFMT_ACT_FORMAT_ on; their fields
 * are tfmt_act's `own`). */
enum {
    RUNNER_ACT_ASK_CHOICE = TFMT_ACT_FORMAT_, /* ask own.team[0] (the loser of game 1 `key`;
                                               * own.team[1] the winner) for P-GAME2's choice
                                               * before own.deadline_us */
    RUNNER_ACT_GAME2 /* P-GAME2 decided for game 1 `key` (the outcome to everyone), just before
                      * game 2 is created: own.team[0] the loser (0 after a draw), own.flag
                      * true when the colours swap, own.code how (RUNNER_G2_*) */
};

/* How game 2's colours were decided (RUNNER_ACT_GAME2 own.code). */
enum {
    RUNNER_G2_CHOSEN = 0,  /* the loser chose (runner_choose) */
    RUNNER_G2_DEFAULT = 1, /* no choice before the deadline: the default (swap) */
    RUNNER_G2_DRAW = 2     /* game 1 was drawn: the game ruleset decides (draw_swaps_game2) */
};

/* What a director's command answers: rc BH_OK or an error with the field to name and, for
 * some, a message (protocol/messages/c2s-*.md); deferred: BH_OK now, and the reply (the
 * snapshot) is due when the pairing job it started is done (TFMT_ACT_REPLY, cookie). */
typedef struct {
    int rc;
    char field[24];
    char msg[200]; /* "" none */
    bool deferred;
} runner_reply;

/* Options of a new event, as the tournament_create message gives them. */
typedef struct {
    const char *name;
    const char *ruleset;          /* game ruleset: "regulation" or "online" */
    int64_t base_ms, inc_ms;      /* 0: the ruleset default (P-TC 3+0); inc_ms counts only with a
                                   * base_ms or an inc_ms */
    int rounds;                   /* 0: T-ROUNDS */
    int small;                    /* 0 default, 1 "rr", 2 "cap" (T-ROUNDS small field) */
    const char *const *tiebreaks; /* tb_name()s in order; NULL / 0: T-TIEBREAK's default */
    int n_tiebreaks;
    /* Tests only (the golden comparison, tests/data/runner/golden.txt): a withdrawal forfeits
     * its whole current match, games played included (runner_set_legacy_withdraw). */
    bool legacy_withdraw;
    /* Tests only (the same file): SB over the matches played, C.07 art. 16 not applied, and
     * the play-off between the first two rows tied on a prize place only
     * (tour_ruleset.legacy_tb; runner_set_legacy_tb). */
    bool legacy_tb;
    int late_until;   /* T-LATE: late entries up to round late_until (0: none; tour_ruleset) */
    int bye_requests; /* T-REQBYE: requested byes a team may take (0: none; tour_ruleset) */
    int bye_kind;     /* T-REQBYE: TOUR_BYE_HALF (also for 0) or TOUR_BYE_ZERO */
    uint32_t wait_s;  /* tour_ruleset wait_s (0: clocks start at once, whoever is there) */
    uint32_t break_s; /* tour_ruleset break_s (0: the next game or round starts at once) */
} runner_config;

/* Check c: BH_OK, or BH_ENOTFOUND (field "ruleset": no such game ruleset) or BH_EFIELD
 * (field "tiebreaks": an unknown name), with *field set (static). */
int runner_config_check(const runner_config *c, const char **field);

/* A new event `id` (the store's tournament id) in registration, from a checked c. The pairing
 * seed comes from id (core/rng.h). inline_jobs: pairings run inside the calls (tests, a caller
 * without a worker) instead of as TFMT_ACT_JOB; then no reply is ever deferred. Caller
 * frees with runner_free. */
runner *runner_new(int64_t id, const runner_config *c, bool inline_jobs);
/* runner_config.legacy_withdraw for a restored runner (not stored: tests only). */
void runner_set_legacy_withdraw(runner *r, bool on);
/* runner_config.legacy_tb for a restored runner (not stored: tests only). */
void runner_set_legacy_tb(runner *r, bool on);
void runner_free(runner *r); /* NULL-safe; a job in flight stays valid (runner_job_free) */

/* The stored state: status, pairing seed, the team map as text ("<fallback> <team id by
 * pairing number 1..n>") and the tournament as TRF (malloc'd, caller frees). The games are
 * stored by the caller as they are created (key, team[0]): runner_restore_game. */
typedef struct {
    int status;
    uint64_t seed;
    char *teams;
    char *trf;
} runner_saved;

void runner_save(const runner *r, runner_saved *out);
void runner_saved_fini(runner_saved *s);

/* Restore event id from s (teams may be NULL: an older database). BH_OK with *out, or
 * BH_EPARSE (the TRF does not import; *line its line). Then runner_restore_game for each
 * stored game in creation order, runner_game_over for each finished game in that order (for
 * the ones whose result the TRF holds only the game's end is noted), and runner_loaded.
 * Pending P-GAME2 choices are not stored (their deadlines are monotonic): runner_loaded asks
 * again with a full deadline. The TRF text is borrowed; *line may be NULL. */
int runner_restore(int64_t id, const runner_saved *s, bool inline_jobs, runner **out, int *line);
/* A stored game: key and the team seated as team 1 (the other team comes from its match, or
 * for a play-off game from its key). BH_OK, or BH_EINVAL (no such match: the game is kept,
 * with team[1] 0, as the store has it). */
int runner_restore_game(runner *r, tfmt_key k, int64_t team1);
/* Loading is over: a running event goes on (games due, P-GAME2 choices asked again, the
 * next round). */
void runner_loaded(runner *r, uint64_t now_us, tfmt_acts *a);

/* ---- events ------------------------------------------------------------------------------ */

/* Registration: before the start, or after it a late entry (T-LATE): taken while
 * the team would be paired from a round <= the config's late_until (the next round to be
 * paired: tour_n_rounds + 1), in a Swiss, running or paused, no pairing job in flight. BH_OK,
 * or BH_ESTATE (field "tournament", with a message saying why: finished, no late entries,
 * past late_until, a round robin; field "pairing": a job runs) or BH_EEXIST (field "name":
 * taken, compared on TOUR_NAME_LEN - 1 bytes as the model keeps it). name is borrowed. A late
 * entry scores 0 for the rounds it missed (ABSENT slots, no bye) and gets the next pairing
 * number. */
int runner_can_register(const runner *r, const char *name, runner_reply *rep);
/* Register team `team` (the caller's id) with its players and ratings (strings copied).
 * BH_OK (then TFMT_ACT_PERSIST) or tour_add_team's error (BH_EINVAL, BH_ELIMIT, BH_ESTATE). */
int runner_register(runner *r, int64_t team, const char *name, const char *captain,
                    const char *partner, int rating_captain, int rating_partner, tfmt_acts *a);

/* team_register with `team`: before the start, team `team` takes a new name, players and
 * ratings in its place (tour_replace_team; its id, token and links stay). BH_ESTATE
 * "tournament" with a message (started: the pairing numbers are given; finished),
 * BH_ENOTFOUND "team", BH_EEXIST "name" (another team's, compared as runner_can_register
 * does), BH_EINVAL "name" (empty) or "ratings" (negative). BH_OK: a note, TFMT_ACT_PERSIST.
 * Strings are borrowed. */
int runner_replace_team(runner *r, int64_t team, const char *name, const char *captain,
                        const char *partner, int rating_captain, int rating_partner, tfmt_acts *a,
                        runner_reply *rep);

/* team_remove: team `team` leaves before the start (tour_remove_team): the event forgets it
 * (the caller revokes its token). BH_ESTATE "tournament" with a message (started: withdraw
 * it instead; finished), BH_ENOTFOUND "team". BH_OK: a note, TFMT_ACT_PERSIST. */
int runner_remove_team(runner *r, int64_t team, tfmt_acts *a, runner_reply *rep);

/* tournament_start: close registration (T-ROUNDS decides rounds and format; pairing numbers by
 * rating), pair and start round 1 (T-AUTO). Errors: BH_ESTATE "tournament" (not registering),
 * tour_start's (BH_EINVAL: fewer than 2 teams) with field "tournament". cookie: a non-zero
 * id of the command; the reply waits for the pairing job (rep->deferred; TFMT_ACT_REPLY
 * with the cookie) unless the runner pairs inline. */
int runner_start(runner *r, uint64_t now_us, uint64_t cookie, tfmt_acts *a, runner_reply *rep);

/* Game k ended with res (the caller's record of it, a director's adjudication included):
 * recorded (T-SCORE through the model), then T-AUTO goes on: game 2 or its P-GAME2 choice,
 * the next round, the play-off, the end. A game whose end is known already (one the runner
 * ended itself: TFMT_ACT_END_GAME coming back) and an unknown key are ignored. Paused, the
 * result is recorded and nothing starts (the standings follow when the round is complete). */
void runner_game_over(runner *r, tfmt_key k, tfmt_res res, uint64_t now_us, tfmt_acts *a);

/* P-GAME2: the open choice of game 1 `game1` (BH_OK, *out filled) or BH_ENOTFOUND (none, or
 * made already). Who may choose for the loser is the caller's business (its sessions). */
int runner_choice_get(const runner *r, tfmt_key game1, runner_choice *out);
/* The loser chose (swap or keep): game 2 starts now if running. BH_OK or BH_ENOTFOUND. */
int runner_choose(runner *r, tfmt_key game1, bool swap, uint64_t now_us, tfmt_acts *a);
/* The earliest P-GAME2 deadline of a running event (monotonic µs; 0: none), and applying
 * those due at now_us (the default: swap; the choices still open stay). */
uint64_t runner_deadline(const runner *r);
void runner_on_time(runner *r, uint64_t now_us, tfmt_acts *a);

/* tournament_pause: pause (T-AUTO holds) or resume (it goes on). BH_ESTATE "tournament" when
 * not running (pause) or not paused (resume); "pairing" for a resume while a pairing job
 * runs. A pause while T-AUTO's pairing job runs makes that job stale (its result is dropped). */
int runner_pause(runner *r, bool pause, uint64_t now_us, uint64_t cookie, tfmt_acts *a,
                 runner_reply *rep);

/* team_withdraw: BH_ESTATE "tournament" (not running or paused), BH_ENOTFOUND "team" (not a
 * team of this event), tour_withdraw's errors "team", BH_ESTATE "pairing" (a job runs).
 * Without keep_current the team's current match is forfeited (T-FORFEIT) and its live games
 * end at once as losses (TFMT_ACT_END_GAME "withdrawn"), a play-off game included. But
 * when a game of that match was played (game 1 of a double round), it stands and only
 * the games not yet decided are forfeited (tour_withdraw_games: a live game 2 ends as a loss,
 * a game 2 not started, its P-GAME2 choice open, is scored as a forfeit win for the
 * opponent); the match scores from its games (a team that lost game 1 to the withdrawn team
 * draws the match 1-1). With legacy_withdraw the whole match is forfeited, games played too. */
int runner_withdraw(runner *r, int64_t team, bool keep_current, uint64_t now_us, uint64_t cookie,
                    tfmt_acts *a, runner_reply *rep);

/* team_withdraw with undo: the director takes back a withdrawal (tour_reinstate): the team is
 * paired again from the next round to be paired; the rounds it missed stay unplayed and a
 * forfeit its withdrawal made stands (game_result overrides a game's). Its live games ended
 * by the withdrawal are not played again. BH_ESTATE "tournament" (not running or paused),
 * "pairing" (a job runs: the round being paired would leave the team out), BH_ENOTFOUND
 * "team", BH_ESTATE "team" (not withdrawn). */
int runner_reinstate(runner *r, int64_t team, tfmt_acts *a, runner_reply *rep);

/* bye_request (T-REQBYE): team asks to sit out round `round` of a Swiss (cancel: takes the
 * request back). Taken before the start and while running or paused, for a round not yet
 * paired and not the last, up to the event's bye_requests per team; the pairing leaves the
 * team out and gives it the event's bye kind (tour_request_bye). A request made before the
 * start for a round the event will not have before its last, or in an event that becomes a
 * round robin, is dropped at the start (a note says so). Errors, each with a message:
 * BH_ESTATE "tournament" (finished, a round robin, no requested byes in this event),
 * "pairing" (a job runs); BH_ENOTFOUND "team"; BH_ESTATE "team" (withdrawn, or its
 * bye_requests taken); BH_ESTATE "round" (paired already, the last round, past the planned
 * rounds), BH_EEXIST "round" (a request for it stands), BH_ENOTFOUND "round" (cancel: no
 * such request). BH_OK: a note and the snapshot (TFMT_ACT_PERSIST). */
int runner_request_bye(runner *r, int64_t team, int round, bool cancel, tfmt_acts *a,
                       runner_reply *rep);

/* The caller's clock: wall-clock µs minus its now_us (both as the caller reads them), so that a
 * scheduled start (T-SCHEDULE, stored as wall-clock ms) becomes an instant of now_us. Set it
 * after runner_new and runner_restore; 0 (the default) reads now_us as wall-clock µs. */
void runner_set_wall_off(runner *r, int64_t wall_off_us);

/* round_schedule (T-SCHEDULE): the games of round `round` start no earlier than start_ms (ms
 * since the Unix epoch), after the break as always; start_ms 0 takes the schedule back (the
 * round starts when the last one ends and the break is over). One schedule at a time: a new
 * one replaces it. Taken before the start and while running or paused, for a round not yet
 * paired (its games, once created, keep their start). Errors, each with a message: BH_ESTATE
 * "tournament" (finished), "pairing" (a job runs); BH_ESTATE "round" (paired already, past
 * the planned rounds); BH_EINVAL "start_ms" (not after now_us); BH_ENOTFOUND "round" (a clear
 * of a round without a schedule). BH_OK: a note and the snapshot (TFMT_ACT_PERSIST). */
int runner_schedule(runner *r, int round, int64_t start_ms, uint64_t now_us, tfmt_acts *a,
                    runner_reply *rep);

/* round_pair while paused: pair the next round (again, if none of its games started), by the
 * format's pairer (a job) or by the director's pairs (team ids; 0 the bye); its games start
 * on round_start or the resume. Errors: BH_ESTATE "tournament" (not paused), "pairing" (a job
 * runs), "round" (the round not complete, all rounds paired), "pairs" (a round robin: by its
 * Berger table); the pairer's errors "round"; a hand pairing's "pairs[i]" or "pairs" with a
 * message naming the teams (swiss_pair_hand). On an error nothing changes. */
int runner_pair(runner *r, uint64_t cookie, tfmt_acts *a, runner_reply *rep);
int runner_pair_hand(runner *r, const int64_t (*pairs)[2], int n, bool allow_rematch, tfmt_acts *a,
                     runner_reply *rep);

/* round_start while paused: start what T-AUTO would start next (the round paired by hand, the
 * games 2 due, or the next round, pairing it first); it stays paused. A game 2 whose P-GAME2
 * choice is open is not started (the loser's time does not run while paused: it starts on the
 * next round_start after the choice, or after the deadline once resumed; the desk says so).
 * BH_ESTATE "tournament", "pairing", "round" (nothing to start). */
int runner_round_start(runner *r, uint64_t now_us, uint64_t cookie, tfmt_acts *a,
                       runner_reply *rep);

/* game_result for finished game k: the director overrides its result. BH_ESTATE "round" when
 * a later round is paired from it (or it is a play-off game), "pairing" while a job runs;
 * BH_ENOTFOUND "game" (not a finished game of this event); BH_ESTATE "game" with a message
 * for a game of a forfeited match or a game scored as a forfeit (a withdrawal):
 * the score is the forfeit's and a result set on it would be shown and ignored, and a
 * withdrawal is not undone (with legacy_withdraw such a result is accepted, and ignored by
 * the score of a forfeited match). On BH_OK the match and standings are recomputed and a
 * pending P-GAME2 choice goes to the new loser. */
int runner_override_check(const runner *r, tfmt_key k, runner_reply *rep);
int runner_override(runner *r, tfmt_key k, tfmt_res res, uint64_t now_us, tfmt_acts *a,
                    runner_reply *rep);

/* ---- pairing jobs (off the loop) ----------------------------------------------------------- */

/* Compute the job's pairing: any thread; touches only j (it holds its own copy of the tour).
 * No node bound (pairers.c): it runs until it pairs, proves no pairing exists, or is stopped
 * (runner_job_cancel, runner_job_expire). A deep drawn round of 78 teams takes about 40 s. */
void runner_job_run(runner_job *j);
/* Ask a running runner_job_run to give up soon (any thread; shutdown). A cancelled job is
 * dropped when delivered, like a stale one. */
void runner_job_cancel(runner_job *j);
/* Its time budget ran out (the caller keeps the clock: hub_tour.c): the running pairing gives
 * up soon and is delivered with BH_ELIMIT, so T-AUTO pauses for the director and a director's
 * round_pair is answered too_large (field round). Any thread; no effect on a cancelled job. */
void runner_job_expire(runner_job *j);
/* The round the job pairs (1..). */
int runner_job_round(const runner_job *j);
/* Its result, on the runner's thread (takes j). A job that is stale (the runner moved on: a
 * pause, a newer job) is dropped; else T-AUTO or the director's command goes on. */
void runner_job_done(runner *r, runner_job *j, uint64_t now_us, tfmt_acts *a);
void runner_job_free(runner_job *j); /* NULL-safe */
/* The tournament a job belongs to (runner_new's id). */
int64_t runner_job_tournament(const runner_job *j);
/* A pairing job in flight (its result not yet fed back)? */
bool runner_busy(const runner *r);

/* ---- read access (borrowed until the next call that changes r) ------------------------------ */

int64_t runner_id(const runner *r);
int runner_status(const runner *r);
const char *runner_status_name(int status); /* "registering", "running", "finished", "paused" */
bool runner_fallback(const runner *r);      /* T-ROUNDS small-field fallback applied */
const tour *runner_tour(const runner *r);
int64_t runner_team_id(const runner *r, int tid);   /* the caller's id of pairing number tid, 0 */
int runner_team_tid(const runner *r, int64_t team); /* pairing number of a team id, 0 none */
int runner_n_games(const runner *r);
const runner_game *runner_game_at(const runner *r, int i);       /* creation order */
const runner_game *runner_game_get(const runner *r, tfmt_key k); /* NULL: none */
int runner_n_choices(const runner *r);
const runner_choice *runner_choice_at(const runner *r, int i);
/* Round r was paired and none of its games was created yet (a round paired by the director). */
bool runner_round_unstarted(const runner *r, int round);

/* The bughouse Swiss runner on the seam (tfmt.h): swiss_fmt.c. */
extern const tfmt_ops tfmt_swiss;

#endif
