/* tour.h: the Swiss team tournament model: ruleset, teams, rounds, double-round
 * matches, forfeits, byes, withdrawals, play-off games, scoring (T-SCORE, T-BYE, T-FORFEIT).
 * SPDX-License-Identifier: MIT
 * Pure: no I/O, no clock reads. Every change is one call, so the caller (the server) can log
 * the calls as events, or store the whole state as TRF (trf.h) and read it back. */
#ifndef BH_TOUR_H
#define BH_TOUR_H

#include <stdbool.h>
#include <stdint.h>

#include "result.h"

#define TOUR_MAX_TEAMS 4096 /* BH_ELIMIT beyond */
#define TOUR_MAX_ROUNDS 64
#define TOUR_MAX_TB 8
#define TOUR_NAME_LEN 65  /* 64 bytes of UTF-8 + NUL: the wire's PROTO_NAME_MAX, stored whole */
#define TOUR_MAX_GAMES 32 /* games (boards x games) per match: a roster's players (ROSTER_MAX) */

typedef struct tour tour;

/* Tie-break ids (tb.h computes them). T-TIEBREAK's default order is DE, BH-C1, PLAYOFF. */
typedef enum {
    TB_NONE = 0,
    TB_DE,      /* direct encounter, C.07 art. 6 */
    TB_BH_C1,   /* Buchholz Cut-1 on match points, C.07 art. 8, 14, 16 */
    TB_BH,      /* Buchholz on match points */
    TB_GP,      /* game points */
    TB_WON,     /* matches won (over the board, by forfeit or a full-point bye) */
    TB_SB,      /* team Sonneborn-Berger: sum of opponent MP x own MP scored against them */
    TB_PLAYOFF, /* Armageddon play-off wins among the tied teams (T-ARMAGEDDON) */
    TB_SB_C1,   /* TB_SB with Cut-1: the opponent with the lowest score left out, C.07 art. 14.1 */
    TB_COUNT_
} tb_id;

enum { TOUR_SCORE_MATCH = 0, TOUR_SCORE_GAME = 1 }; /* T-SCORE score_per */
enum { TOUR_SWISS = 0, TOUR_ROUND_ROBIN = 1 };      /* format */
enum { TOUR_SMALL_RR = 0, TOUR_SMALL_CAP = 1 };     /* T-ROUNDS small-field policy */
/* T-PAIR, C.04.6 art. 3.6.1: "For each pair, the team with the smaller TPN is the top member
 * of the pair; the team with the larger TPN is the bottom member of the pair." TOUR_TOP_TPN
 * reads it as written (the default): the top member is the smaller pairing number whatever
 * the scores, so an upfloater with a smaller number than its opponent is a top member of the
 * pairing identifier (3.6.2). TOUR_TOP_RANK is the other reading (another engine's code;
 * events stored without top=, trf.c): the top member is the higher-ranked team (match points,
 * then pairing number), so an upfloater is always a bottom member. The two give the same brackets,
 * upfloaters and sets (3.2-3.5); only the pairing inside a bracket with an upfloater can
 * differ. TOUR_TOP_RANK keeps an event paired under it on that reading, and lets the pairing
 * benchmark compare the two; it is stored in the TRF (BHR top=rank). */
enum { TOUR_TOP_TPN = 0, TOUR_TOP_RANK = 1 };

/* One game of a match, from side a's point of view. */
typedef enum { TOUR_G_NONE = 0, TOUR_G_WIN_A, TOUR_G_DRAW, TOUR_G_WIN_B } tour_game;
/* The result (result.h) of a tour_game, side a as side 1, its one mapping (the values are
 * stored in the TRF's game columns): NONE for TOUR_G_NONE or a value outside the enum. */
bh_result tour_game_result(tour_game g);
/* A forfeited match (T-FORFEIT): who was absent. */
typedef enum { TOUR_FF_NONE = 0, TOUR_FF_A, TOUR_FF_B, TOUR_FF_BOTH } tour_forfeit;

typedef struct {
    char name[TOUR_NAME_LEN]; /* tournament name */
    char game_ruleset[32];    /* name of the game ruleset ("regulation") */
    uint32_t base_ms, inc_ms; /* time control per player per board (P-TC) */
    int games;                /* games per match: 2 (T-DOUBLE); 1..TOUR_MAX_GAMES */
    int rounds;               /* rounds asked for; 0: by T-ROUNDS at tour_start */
    int score_per;            /* TOUR_SCORE_MATCH (2/1/0 per match) or _GAME */
    int bye_mp;               /* match points of a PAB (T-BYE: a drawn match) */
    int bye_gp2;              /* game points x2 of a PAB (T-BYE: half the games) */
    int small_policy;         /* TOUR_SMALL_RR or TOUR_SMALL_CAP (T-ROUNDS) */
    int top_member;           /* TOUR_TOP_TPN (C.04.6 3.6.1 as written) or TOUR_TOP_RANK */
    int late_until;           /* T-LATE: late entries are taken while they would be paired
                               * from a round <= late_until (the director's; 0: none) */
    int bye_requests;         /* T-REQBYE: requested byes a team may take (0: none) */
    int bye_kind;             /* T-REQBYE: what one scores, TOUR_BYE_HALF or TOUR_BYE_ZERO */
    int sched_round;          /* T-SCHEDULE: the round whose games start no earlier than */
    int64_t sched_ms;         /* this instant (ms since the Unix epoch); 0: none */
    int n_tb;                 /* tie-breaks in use, after match points */
    int tb[TOUR_MAX_TB];      /* tb_id, in order */
    uint32_t wait_s;          /* a game's clocks start when its seats are all
                               * connected, or after wait_s with absent seats forfeiting
                               * (game_gate); 0: they start at once, whoever is there */
    uint32_t break_s;         /* seconds between a game's end and the start of the
                               * match's next game or of the next round (T-BREAK, T-AUTO);
                               * 0: none */
    bool legacy_tb;           /* tests only (tests/data/runner/golden.txt's readings): SB
                               * over the matches played, C.07 art. 16 not applied; the
                               * play-off between the first two rows tied on a prize place
                               * only (tb_playoff_next); not in the TRF, tour_set_legacy_tb */
} tour_ruleset;

typedef struct {
    char name[TOUR_NAME_LEN];           /* team name */
    char captain[TOUR_NAME_LEN];        /* player on board A */
    char partner[TOUR_NAME_LEN];        /* player on board B */
    int rating_captain, rating_partner; /* Elo-like, 0 = unrated */
    int entry_round;                    /* first round it can be paired in (late entry: > 1) */
    int withdrawn_round;                /* first round it is no longer paired in; 0 = active */
} tour_team;

/* Kinds of bye (a match with b == 0). */
typedef enum {
    TOUR_BYE_PAB = 0, /* pairing-allocated bye (T-BYE) */
    TOUR_BYE_HALF,    /* requested half-point bye: scores as a PAB, but is voluntary */
    TOUR_BYE_ZERO,    /* requested zero-point bye: voluntary, scores nothing */
    TOUR_BYE_FULL     /* full-point bye (TRF-2026 round code F; FIDE deprecates it): scores a
                       * won match, every game (as a forfeit win, T-FORFEIT), and like a forfeit
                       * win bars the PAB (C.04.6 [C2], C.04.1 d); an awarded bye, not a
                       * voluntary one (C.07 art. 16.2.1) */
} tour_bye;

/* A match of one round. b == 0: a bye for a (kind in `bye`). */
typedef struct {
    int a, b;  /* team ids (= pairing numbers); a is the higher-ranked at pairing */
    int white; /* team whose captain has White on board A in game 1; 0 for a bye */
    uint8_t game[TOUR_MAX_GAMES]; /* tour_game of each game (the first rs.games used) */
    uint8_t forfeit;              /* tour_forfeit; a forfeit overrides the games */
    uint8_t bye;                  /* tour_bye when b == 0 */
    uint32_t ff_games;            /* bit g: game g was not played and its result is a
                                   * forfeit's: a win for the team present (tour_withdraw_games),
                                   * or with game[g] TOUR_G_NONE lost by both (a club TRF's
                                   * board empty on both sides: 0 game points each) */
} tour_match;

/* What a team got in one round (derived from the matches). */
typedef enum {
    TOUR_SLOT_ABSENT = 0, /* not paired: before its entry, after withdrawal (voluntary) */
    TOUR_SLOT_PENDING,    /* paired, result not complete */
    TOUR_SLOT_PLAYED,     /* both games played */
    TOUR_SLOT_PAB,        /* pairing-allocated bye */
    TOUR_SLOT_FF_WIN,     /* opponent absent */
    TOUR_SLOT_FF_LOSS,    /* own team absent (or both absent) */
    TOUR_SLOT_HPB,        /* requested half-point bye (voluntary) */
    TOUR_SLOT_ZPB,        /* requested zero-point bye (voluntary) */
    TOUR_SLOT_FPB         /* full-point bye (awarded, not voluntary: C.07 art. 16.2.1) */
} tour_slot_kind;

/* Voluntarily unplayed (C.07 art. 16): absent, forfeit loss, requested byes. */
bool tour_slot_is_voluntary(int kind);

typedef struct {
    int kind;    /* tour_slot_kind */
    int opp;     /* opponent team id, 0 if none (PAB, absent) */
    int mp;      /* match points scored this round */
    int gp2;     /* game points x2 scored this round (a game win = 2, a draw = 1) */
    int white;   /* 1 if this team had White on board A in game 1, 0 if not, -1 no game */
    int opp_gp2; /* PLAYED, PENDING: the opponent's game points x2 in the match (with games
                  * lost by both, gp2 + opp_gp2 is under 2 games' worth) */
} tour_slot;

/* A play-off (Armageddon) game between two tied teams (T-ARMAGEDDON). */
typedef struct {
    int winner, loser; /* team ids; a drawn Armageddon game is recorded as Black's win */
} tour_playoff;

/* Fill *rs with the regulation defaults: 3+0, 2 games a match, match scoring 2/1/0, PAB = 1 MP and
 * 1 game point, T-ROUNDS, round-robin fallback, the top member of a pair by TPN (C.04.6 3.6.1),
 * tie-breaks DE, BH-C1, PLAYOFF (T-TIEBREAK). */
void tour_ruleset_default(tour_ruleset *rs);

/* T-ROUNDS: rounds for n teams (< 20: 9; 20-30: 10; > 30: 11). */
int tour_rounds_for(int n_teams);

/* A new tournament with a copy of *rs (NULL: defaults). Caller frees with tour_free(). */
tour *tour_new(const tour_ruleset *rs);
void tour_free(tour *t); /* NULL-safe */
/* A deep copy of t (caller frees with tour_free): a pairing job reads it on another thread
 * while t changes (runner.h). */
tour *tour_clone(const tour *t);
/* tour_ruleset.legacy_tb (tests only: the TRF does not keep it). */
void tour_set_legacy_tb(tour *t, bool on);

/* Add a team; its id (pairing number) is the next integer from 1, written to *id_out.
 * Before tour_start it is a normal entry; after it, a late entry paired from the next round
 * on (Swiss only). Strings are copied (truncated to TOUR_NAME_LEN-1). Returns BH_OK,
 * BH_EINVAL (NULL or empty name, or a negative rating), BH_ELIMIT (TOUR_MAX_TEAMS), BH_ESTATE
 * (round robin already started). */
int tour_add_team(tour *t, const char *name, const char *captain, const char *partner,
                  int rating_captain, int rating_partner, int *id_out);

/* Before the start, team id takes a new name, players and ratings in its place (a director's
 * correction: a misspelt name, a player replaced); its id stays, and so do its bye requests.
 * Strings are copied (cut to TOUR_NAME_LEN - 1 bytes). BH_OK, BH_ENOTFOUND (no such id),
 * BH_ESTATE (started: the pairing numbers are given), BH_EINVAL (empty name, a negative
 * rating). The caller checks that the name is not another team's. */
int tour_replace_team(tour *t, int id, const char *name, const char *captain, const char *partner,
                      int rating_captain, int rating_partner);

/* Remove team id before the start (a director's correction: the entry was a mistake or the
 * team will not come); the teams after it move down one id, and their bye requests with them;
 * its own requests go. BH_OK, BH_ENOTFOUND (no such id), BH_ESTATE (started: a team leaves a
 * started event by withdrawal, tour_withdraw). */
int tour_remove_team(tour *t, int id);

/* Close registration: renumber the teams by team rating (mean of the two, descending; ties
 * keep entry order), fix the number of rounds and the format (T-ROUNDS). If the rounds asked
 * for reach N-1 or more, no rematch-free Swiss is guaranteed: with TOUR_SMALL_RR the event
 * becomes a round robin (N-1 rounds, N if N is odd), with TOUR_SMALL_CAP the rounds are
 * capped at N-1. *warn (may be NULL) is set to true when that fallback applied. Team ids
 * change here and never after; a bye request made before follows its team. BH_ESTATE if already
 * started, BH_EINVAL with < 2 teams. */
int tour_start(tour *t, bool *warn);

/* Withdraw team id. If the last round is paired and not complete and the team is in it:
 * keep_current keeps its match (it is not paired from the next round on); otherwise its
 * match becomes a forfeit loss (its PAB is forfeited). Returns BH_OK, BH_ENOTFOUND,
 * BH_ESTATE (already withdrawn). */
int tour_withdraw(tour *t, int id, bool keep_current);

/* Withdraw team id during its match of the current round (T-FORFEIT applied to
 * the games not played): when a game of that match has a result, the games played stand and
 * each game still without one is scored as a win for the opponent, marked in ff_games (the
 * match stays a meeting: it was played in part); the team is not paired from the next round.
 * When no game has a result (or the team is on a bye, or not in the round), as
 * tour_withdraw(t, id, false): the whole match is forfeited. BH_OK, BH_ENOTFOUND, BH_ESTATE
 * (already withdrawn). */
int tour_withdraw_games(tour *t, int id);

/* Undo team id's withdrawal (the director's): it is paired again from the
 * next round to be paired (tour_n_rounds + 1; a round robin scores its Berger matches again
 * from there). What the withdrawal did stays: the rounds it missed are unplayed
 * (TOUR_SLOT_ABSENT, voluntary: C.07 art. 16) and a match or game it forfeited keeps the
 * forfeit's score (the director may override it). BH_OK, BH_ENOTFOUND, BH_ESTATE (the team
 * is not withdrawn). */
int tour_reinstate(tour *t, int id);

/* Append a paired round: n matches copied from m. Normally called by tour_pair_next
 * (swiss.h); exposed for imports, director overrides and tests. Checks that ids exist, that no
 * team appears twice, that `white` is a or b and the codes are in range; it does not check
 * the pairing rules (that is swiss.h's job). BH_ESTATE if the previous round is not complete,
 * BH_EINVAL on a malformed list, BH_ELIMIT past TOUR_MAX_ROUNDS. */
int tour_add_round(tour *t, const tour_match *m, int n);

/* Remove the last paired round before any of its games has a result (a director re-pairs
 * it: T-AUTO "re-pair before start"); forfeits set by withdrawals go with it. BH_OK,
 * BH_ENOTFOUND (no round), BH_ESTATE (a game of it has a result). */
int tour_drop_round(tour *t);
/* Record game g (0 .. rs.games-1) of match mi of round r (1-based) as res (TOUR_G_*, side a's
 * view); TOUR_G_NONE clears it. BH_ENOTFOUND for a bad index, BH_EINVAL for a PAB or bad res. */
int tour_set_game(tour *t, int r, int mi, int g, tour_game res);

/* Record match mi of round r as forfeited (ff = TOUR_FF_A/B/BOTH) or clear (TOUR_FF_NONE). */
int tour_set_forfeit(tour *t, int r, int mi, tour_forfeit ff);

/* Request a bye for team id in round r (not yet paired): kind TOUR_BYE_HALF, TOUR_BYE_ZERO, or
 * TOUR_BYE_FULL (an arbiter's full-point bye, as TRF imports give it). The pairing leaves the
 * team out and gives it that bye. BH_EINVAL (another kind), BH_ENOTFOUND (no such team),
 * BH_ESTATE (round r already paired, or past TOUR_MAX_ROUNDS), BH_EEXIST (a request for that
 * round exists). */
int tour_request_bye(tour *t, int id, int r, tour_bye kind);
/* The bye kind requested by team id for round r, or -1. */
int tour_requested_bye(const tour *t, int id, int r);
/* Take back team id's request for round r (T-REQBYE). BH_OK, BH_ENOTFOUND (no such request),
 * BH_ESTATE (round r is paired already: its bye stands). */
int tour_cancel_bye(tour *t, int id, int r);
/* Team id's requested byes, every round (paired or not), kinds TOUR_BYE_HALF and
 * TOUR_BYE_ZERO (an arbiter's full-point bye is not one the team asked for); 0 for an unknown
 * id. *rounds (may be NULL) gets up to cap round numbers, ascending. */
int tour_team_bye_requests(const tour *t, int id, int *rounds, int cap);

/* T-SCHEDULE: round r's games start no earlier than start_ms (ms since the Unix epoch; the
 * caller turns it into its clock); start_ms 0 clears it. One schedule at a time (a new one
 * replaces it). BH_OK, BH_EINVAL (r outside 1..TOUR_MAX_ROUNDS, start_ms < 0), BH_ESTATE
 * (round r is paired already). Read back through tour_rules (sched_round, sched_ms). */
int tour_set_schedule(tour *t, int r, int64_t start_ms);

/* Record an Armageddon play-off game won by `winner` against `loser`. */
int tour_add_playoff(tour *t, int winner, int loser);

/* Read access. Pointers returned stay valid until the next mutating call. */
const tour_ruleset *tour_rules(const tour *t);
int tour_n_teams(const tour *t);
const tour_team *tour_team_get(const tour *t, int id); /* NULL if no such id */
int tour_team_rating(const tour *t, int id);           /* mean of the two, rounded down */
int tour_n_rounds(const tour *t);                      /* rounds paired so far */
int tour_planned_rounds(const tour *t);                /* fixed by tour_start; 0 before */
int tour_format(const tour *t);                        /* TOUR_SWISS or TOUR_ROUND_ROBIN */
bool tour_is_started(const tour *t);
int tour_round_size(const tour *t, int r); /* matches in round r, -1 if none */
const tour_match *tour_round_match(const tour *t, int r, int mi);
bool tour_round_complete(const tour *t, int r);
bool tour_is_active(const tour *t, int id, int r); /* entered and not withdrawn in r */
int tour_n_playoffs(const tour *t);
const tour_playoff *tour_playoff_get(const tour *t, int i);

/* What team id got in round r; ABSENT slots score 0. */
void tour_slot_get(const tour *t, int id, int r, tour_slot *out);

/* Match points and game points x2 of team id after rounds 1..upto (upto < 0: all). */
int tour_team_mp(const tour *t, int id, int upto);
int tour_team_gp2(const tour *t, int id, int upto);

#endif
