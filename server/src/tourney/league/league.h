/* league.h: the team league of seed 003 as one event (docs/formats.md; F-GROUPS, F-TEAMRATING,
 * F-CHALLENGE, F-KNOCKOUT, F-CHESS): groups balanced by rating, a round robin in each group,
 * every board game arranged by a challenge with deadlines, then the knockout of the eight (or,
 * with two groups, four) best, run like the club round robin (club.h): events in, each with
 * now_us, actions out (tfmt_acts), the whole state as text.
 * SPDX-License-Identifier: MIT
 * Pure: no I/O, no clock reads. It composes the format modules: groups.h (the draw), berger.h
 * (the order of each group's matches), bracket.h (group colours, the bracket, the drawn-match
 * rule, who sends a challenge), chal.h (one board game's challenge, deadlines and time
 * control), roster.h (rosters in board order, team ratings).
 *
 * The clock. Deadlines run 10 and 5 days (art. 5), across restarts, so now_us is ONE clock
 * whose instants are stored: the caller's persistent clock (wall-clock µs since the epoch in
 * the hub, an injected clock in tests), not a monotonic one. Every event applies the time
 * first (what is due at now_us fires, once: league_on_time), so the order of a timer and a message
 * at the same instant does not matter. league_next_instant tells the one timer to arm.
 *
 * Games are named by a tfmt_key: round = the stage (LEAGUE_STAGE_*), match = the match's index
 * in its stage (group stage: league_n_matches order; knockout: BRACKET_QF1..BRACKET_FINAL), game =
 * 0, or 0 and 1 in the knockout (art. 7: two games a board), board = 0-based board. */
#ifndef BH_LEAGUE_H
#define BH_LEAGUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chal.h"
#include "groups.h"
#include "bracket.h"
#include "refusal.h"
#include "roster.h"
#include "tfmt.h"

#define LEAGUE_MAX_TEAMS 32
#define LEAGUE_MAX_BOARDS 16
#define LEAGUE_NAME_LEN 65 /* 64 bytes + NUL, as the protocol takes names */

/* Stages (tfmt_key.round). Stored values: never renumber. */
enum { LEAGUE_STAGE_GROUPS = 1, LEAGUE_STAGE_QF = 2, LEAGUE_STAGE_SF = 3, LEAGUE_STAGE_FINAL = 4 };

/* Status. Stored values: never renumber. */
enum {
    LEAGUE_REGISTERING = 0, /* teams come in (league_add_team) */
    LEAGUE_RUNNING = 1,     /* a stage is being played */
    LEAGUE_BETWEEN = 2,     /* a stage is over, the next waits for the director (art. 10: the
                             * knockout starts "by agreement with the captains"); rosters may
                             * change (art. 7) */
    LEAGUE_FINISHED = 3,
};

/* A game's result is a bh_result (result.h) from White's side; forfeits are recorded as such
 * (TRF + and -), never as games played: FF_W when Black did not answer the second challenge
 * (art. 5) or was absent at the agreed game (T-WAIT), FF_BOTH when both were absent or by
 * the director's ruling. */

typedef struct {
    char name[LEAGUE_NAME_LEN];
    char ruleset[32]; /* game ruleset of the boards ("fide": F-CHESS) */
    int teams;        /* 20 (art. 1) */
    int groups;       /* 4 (art. 1); 2 for a smaller league (bracket_init2) */
    int boards;       /* 10 (art. 2, 3) */
    int max_invited;  /* invited players a roster may flag: 3 (art. 2) */
    int rating_date;  /* YYYYMMDD the ratings are fixed at: 20050215 (art. 2) */
    uint32_t wait_s;  /* T-WAIT at an agreed game: the clocks start when both are present,
                       * an absent seat loses after wait_s (the hub's gate); 600 */
    chal_rules cr;    /* art. 4, 5: 10 days, 5 days, 5+1, 10+1 by agreement */
} league_config;

/* Seed 003: "fide", 20 teams, 4 groups, 10 boards, 3 invited, 15 February 2005, 600 s,
 * chal_rules_default. */
void league_config_default(league_config *c);

/* Check c: BH_OK or BH_EINVAL with *why naming the field and the rule: "name" (empty or too
 * long), "ruleset" (empty or too long; F-CHESS), "groups" (not 2 or 4: the brackets of
 * F-KNOCKOUT), "teams" (not groups x s with 2 <= s <= GROUPS_MAX_S, or over LEAGUE_MAX_TEAMS;
 * F-GROUPS), "boards" (1..LEAGUE_MAX_BOARDS; F-GROUPS), "max_invited" (0..boards; F-TEAMRATING),
 * "rating_date" (not a calendar date YYYYMMDD from 1900; F-TEAMRATING), "first_valid_us",
 * "second_valid_us" (not > 0; F-CHALLENGE), "base_s", "inc_s", "alt_base_s", "alt_inc_s"
 * (base not > 0 or increment < 0; F-CHESS), "wait_s" (over a day; T-WAIT). */
int league_config_check(const league_config *c, refusal *why);

typedef struct league league;

/* A new league `id` in registration from a checked c (copied). Caller frees with league_free. */
league *league_new(int64_t id, const league_config *c);
void league_free(league *l); /* NULL-safe */

/* ---- actions ------------------------------------------------------------------------------ */

/* The league's actions are the seam's (tfmt.h): its chess games' CREATE_GAME each followed by
 * a LEAGUE_N_GAME NOTICE to each player, every change by PERSIST and STANDINGS (its challenges'
 * states are on its page), a stage's start by ROUND (round: the stage) and a NOTE, its end by
 * FINISH with the winner in the text; and two of its own kinds (tfmt_act's own): */
enum {
    LEAGUE_ACT_LOT_DUE = TFMT_ACT_FORMAT_, /* knockout match key.match is drawn between equal
                                            * team ratings: the director draws the lot
                                            * (league_lot) */
    LEAGUE_ACT_STAGE_OVER /* stage own.code is over: the next waits for league_stage_start */
};

/* Notices (TFMT_ACT_NOTICE's note). LEAGUE_N_GAME: the player's game `key` was created. */
enum {
    LEAGUE_N_GAME = 64,
    LEAGUE_N_SEND = 0, /* you send the challenge of this game (art. 5, 5.1) */
    LEAGUE_N_PROPOSED, /* a challenge or counter-proposal for the start at_us (0: now)
                        * awaits your answer until deadline_us */
    LEAGUE_N_AGREED,   /* the game is agreed to start at at_us (0: as soon as both are present) */
    LEAGUE_N_LAPSED,   /* your challenge lapsed unanswered: send the second one (5 days) */
    LEAGUE_N_SUBST,    /* (to the non-answering team's captain) you may put in a substitute
                        * rated not above the player (art. 5) */
    LEAGUE_N_SUBSTITUTED, /* a substitute took the board */
    LEAGUE_N_FORFEIT,     /* the second challenge lapsed: the non-answering player lost by
                           * forfeit (at_us: the deadline) */
    LEAGUE_N_EXTENDED,    /* the director extended the deadline to deadline_us */
    LEAGUE_N_TC,          /* the opponent agreed (at_us 1) or withdrew (at_us 0) the alternative
                           * time control */
};

/* The winner's team id once the league is over (the final's winner), else 0. */
int64_t league_winner(const league *l);

/* "the group stage", "the quarter-finals", "the semi-finals", "the final"; "?" for another s. */
const char *league_stage_name(int s);

/* ---- registration (no actions: after a BH_OK the caller stores the state, league_save) ----- */

/* Register team `team` (the caller's id) named name with its roster (copied, then ordered
 * strictly by rating: art. 2, equal ratings in the published order) and its captain (a roster
 * player). BH_OK, or with *why: BH_ESTATE started ("tournament", F-GROUPS); BH_ELIMIT
 * cfg.teams reached ("teams"); BH_EEXIST the id or the name is registered ("team", "name");
 * BH_EINVAL empty or too long name ("name"); BH_ENOTFOUND the captain is not on the roster
 * ("captain", F-CHALLENGE: the captain substitutes); BH_EEXIST a player already on another
 * team's roster ("players", its index); roster_check_invited's refusal (BH_ELIMIT
 * "invited"); roster_team_rating's (BH_ESHORT "players": fewer than cfg.boards, BH_EINVAL
 * "rating": an unrated board player). The team rating is the average of the cfg.boards
 * board players' ratings (F-TEAMRATING; roster_team_rating). */
int league_add_team(league *l, int64_t team, const char *name, const roster *r, int captain,
                    refusal *why);

/* A new roster for team (same checks; its captain stays and must be on it), in registration
 * or between stages (art. 7: "the rosters change considerably" before the knockout): the next
 * stage's boards and team rating come from it. BH_ESTATE "tournament" while a stage runs or
 * after the end; BH_ENOTFOUND "team". */
int league_set_roster(league *l, int64_t team, const roster *r, refusal *why);
/* In registration, team leaves the league (the teams registered after it move up a place).
 * BH_OK, or with *why: BH_ESTATE "tournament" (registration is closed), BH_ENOTFOUND "team". */
int league_remove_team(league *l, int64_t team, refusal *why);

/* Close registration at now_us: the draw (groups_make over the team ratings as of the rating
 * date), each group's round robin in Berger order (berger.h; the team's number in the group
 * table is its pairing number, the group's head 1), every board game a challenge in CHAL_NEW
 * sent by its White player (bracket_group_white, art. 3 and 5): TFMT_ACT_ROUND, a LEAGUE_N_SEND
 * notice to every sender, TFMT_ACT_PERSIST. BH_ESTATE "tournament" (started), BH_EINVAL
 * "teams" (not cfg.teams registered; F-GROUPS), groups_make's refusals. */
int league_start(league *l, int64_t now_us, tfmt_acts *a, refusal *why);

/* ---- challenges (F-CHALLENGE). Each applies the time first (league_on_time). The identity
 * checks: BH_ENOTFOUND "game" (no such game in the running stage), BH_EDECIDED "game" (it has
 * its result), BH_ESTATE "tournament" (no stage runs),
 * BH_ESEAT "player" (actor is not the player who may do this), BH_ENOTCAPTAIN "captain";
 * then chal.h's refusals (rule F-CHALLENGE: "state", "side", "proposal", "deadline",
 * "rating"). A refusal changes nothing (but the time applied). ------------------------------ */

/* The sender of game k (its player on the sending side) sends the challenge proposing start
 * proposal_us (0: now): the first (valid cr.first_valid_us) or, after a lapse, the second
 * (cr.second_valid_us). LEAGUE_N_PROPOSED to the opponent. */
int league_send(league *l, tfmt_key k, int actor, int64_t proposal_us, int64_t now_us, tfmt_acts *a,
                refusal *why);
/* The player who must answer accepts: LEAGUE_N_AGREED to both; a start of 0 or one that has come
 * creates the game now (TFMT_ACT_CREATE_GAME), a later one when league_on_time reaches it. */
int league_accept(league *l, tfmt_key k, int actor, int64_t now_us, tfmt_acts *a, refusal *why);
/* The player who must answer proposes another start instead (chal_counter). */
int league_counter(league *l, tfmt_key k, int actor, int64_t proposal_us, int64_t now_us,
                   tfmt_acts *a, refusal *why);
/* The captain of the non-answering team puts in a substitute (player id on the team's roster,
 * rated as the roster has it) for game k's non-answering player (chal_substitute: rated not
 * above him). Also BH_ENOTFOUND "player" (not on the roster), BH_EEXIST "player" (he plays
 * another board of this match). LEAGUE_N_SUBSTITUTED to the substitute and the opponent. */
int league_substitute(league *l, tfmt_key k, int captain, int player, int64_t now_us, tfmt_acts *a,
                      refusal *why);
/* A player of game k agrees (want) or withdraws agreement to the alternative time control
 * (art. 4: 10+1 when both agree, until the game is created). LEAGUE_N_TC to the opponent. */
int league_agree_tc(league *l, tfmt_key k, int actor, bool want, int64_t now_us, tfmt_acts *a,
                    refusal *why);
/* The director moves game k's open deadline to new_deadline_us (chal_extend: later than the
 * current one and now_us). Who is the director is the caller's business. LEAGUE_N_EXTENDED to
 * the player who must answer. */
int league_extend(league *l, tfmt_key k, int64_t new_deadline_us, int64_t now_us, tfmt_acts *a,
                  refusal *why);

/* Apply the time now_us: every open deadline at or before it fires once (the first
 * challenge lapses: LEAGUE_N_LAPSED to the sender, LEAGUE_N_SUBST to the other team's captain; the
 * second: the non-answering player loses by forfeit, LEAGUE_N_FORFEIT to both), every agreed
 * start that has come creates its game. Returns how many things fired. */
int league_on_time(league *l, int64_t now_us, tfmt_acts *a);

/* The earliest instant league_on_time must see (a deadline, an agreed start): true with *at_us,
 * false if nothing waits for the time. */
bool league_next_instant(const league *l, int64_t *at_us);

/* ---- results ------------------------------------------------------------------------------ */

/* Game k (created: TFMT_ACT_CREATE_GAME) ended with res (BH_RES_WIN1..BH_RES_FF_BOTH: the
 * forfeits of the gate, T-WAIT). The match, the group or the knockout stage go on. BH_OK,
 * BH_ENOTFOUND "game", BH_ESTATE "game" (not created, or decided already), BH_EINVAL "result". */
int league_game_over(league *l, tfmt_key k, bh_result res, int64_t now_us, tfmt_acts *a,
                     refusal *why);
/* The director decides game k not yet decided, whatever its challenge's state. The
 * regulation sets no deadline for sending (a challenge never sent, or no second challenge
 * after a lapse): no timer runs then, and the director rules with this. Same refusals but "game"
 * BH_EDECIDED (decided already); a live game's end is the caller's business. */
int league_director_result(league *l, tfmt_key k, bh_result res, int64_t now_us, tfmt_acts *a,
                           refusal *why);
/* The lot of a drawn knockout match between equal team ratings (LEAGUE_ACT_LOT_DUE): winner 0
 * (the team named first) or 1. bracket_lot's refusals. */
int league_lot(league *l, int mi, int winner, int64_t now_us, tfmt_acts *a, refusal *why);
/* The director starts the next knockout stage (art. 7, 10) at now_us: team ratings
 * recomputed from the current rosters (F-TEAMRATING), boards in rating order, two games a
 * board with colours bracket_ko_white, challenges sent per bracket_ko_sender_in (art. 5.1 in
 * the quarter-finals). BH_ESTATE "tournament" (not LEAGUE_BETWEEN), a roster's refusal ("players"
 * etc. as league_add_team). */
int league_stage_start(league *l, int64_t now_us, tfmt_acts *a, refusal *why);

/* ---- read access -------------------------------------------------------------------------- */

int league_status(const league *l);
int league_stage(const league *l); /* the stage being played or last played, 0 before the start */
const league_config *league_config_get(const league *l);
int league_n_teams(const league *l);
int64_t league_team_id(const league *l, int tid);   /* 1..n in registration order -> id; 0 */
int league_team_tid(const league *l, int64_t team); /* 0: none */
const char *league_team_name(const league *l, int tid);
const roster *league_team_roster(const league *l, int tid);
int league_team_captain(const league *l, int tid);
/* Team tid's rating in stage s (the group stage's is fixed at the start, a knockout stage's
 * at its start); false if not computed. */
bool league_team_rating(const league *l, int tid, int stage, roster_rating *out);
const groups_draw *league_draw(const league *l); /* NULL before the start; team = tid - 1 */
const bracket *league_bracket(const league *l);  /* NULL before the group stage is over */

typedef struct {
    tfmt_key key;
    int64_t team[2]; /* White's team, Black's team */
    chal c;          /* the challenge: players, ratings, state, deadlines */
    uint8_t res;     /* bh_result */
    bool created;    /* its chess game was created */
} league_game;

/* Matches of stage s: group stage in order group A..D, Berger round, board order of the
 * table; knockout: an upper bound of the bracket's indices (BRACKET_QF1..BRACKET_FINAL):
 * league_match is false for those not of stage s (and the unused slots); 0 for a stage not
 * reached. *group the group (0-based; -1 in the knockout), *round the Berger round (0 in the
 * knockout); group and round may be NULL. */
int league_n_matches(const league *l, int stage);
bool league_match(const league *l, int stage, int mi, int64_t *first, int64_t *second, int *group,
                  int *round);
/* Game points x2 of the first- and second-named team in match mi of stage s over its
 * decided games; true when every game is decided. */
bool league_match_score(const league *l, int stage, int mi, int *gp2_first, int *gp2_second);
int league_games_per_match(const league *l, int stage);          /* boards, x2 in the knockout */
const league_game *league_game_get(const league *l, tfmt_key k); /* NULL: none */

/* A group table row (art. 6). */
typedef struct {
    int tid;              /* 1..n */
    int number;           /* number in the group table (the draw's: 1 = the group's head) */
    int played;           /* matches complete */
    int mp;               /* match points 2/1/0 over complete matches */
    int gp2;              /* game points x2 over every decided game of the group stage */
    roster_rating rating; /* the group stage's team rating */
    int place;            /* 1.. */
} league_row;

/* Group g's table in ranking order (art. 6): match points, then total game points, then the
 * LOWER team rating (art. 6 b, exactly: roster_rating_cmp), then (our choice where the
 * regulation is silent) the lower number in the group table, so every order is total and
 * deterministic. Writes s rows; returns s, or BH_EINVAL for a bad g or no draw. */
int league_group_table(const league *l, int g, league_row *rows, int cap);

/* ---- exports (malloc'd text, caller frees) ------------------------------------------------ */

/* The draw with the groups' averages (groups_format) and each group's table: place, number,
 * team, matches, MP, GP, rating, and each meeting's game points. */
char *league_tables_text(const league *l);
/* The bracket: each knockout match, its teams with their stage ratings, game points, how it
 * was decided. "" before the group stage is over. */
char *league_bracket_text(const league *l);

/* The current stage's fixtures for the director and the players: each match with its score,
 * each game with its players, who sends, and its challenge's state: the open deadline (µs on
 * the league's clock, and how long from now_us), the agreed start, or the result. "" before the
 * start. */
char *league_fixtures_text(const league *l, int64_t now_us);

/* The group stage as TRF-2026 (columns as trf.h's export, like club_trf): 012, 062, 072,
 * 082, 092, XXR and 142 (the Berger rounds), 192, 162, 362, 212 (PTS MPVGP: art. 6's first
 * two criteria); one 001 record per player of the
 * CURRENT rosters (start ranks team by team, each in board order; per Berger round the
 * opponent, colour, 1 = 0 or + - for a forfeit; blank in the team's bye round or an undecided
 * game; opponent 0000 when he is no longer on a roster, e.g. after a change between stages),
 * then one 310 record per team: group-stage team rating, MP, GP, place in its group, players.
 * "" before the start. */
char *league_trf_groups(const league *l);
/* Stage s (LEAGUE_STAGE_*) as TRF-2026 (malloc'd, the caller frees): the group stage is
 * league_trf_groups; a knockout stage is one round, the match, as the FIDE tie-break checker
 * (TieBreakServer) scores it: match points for the match, game points a game. Its teams are
 * numbered 1..k in league number order (the checker indexes teams by number: no gap); each has
 * a 001 record per game of its match (two games a board, art. 7: colours reversed in the
 * second), board b of game g numbered (team - 1) * 2B + (g - 1) * B + b for B boards, named by
 * the player who sat there; and a 310 record: the team rating recomputed for that stage
 * (art. 7), MP 2/1/0 of its match by game points once every game is decided, GP, place 1 for
 * the team that went through (a drawn match: the lower team rating, art. 7, F-KNOCKOUT) and 2
 * for the other, 0 undecided, then its 2B records.
 * "" for a stage not reached (e.g. the quarter-finals of a two-group league). */
char *league_trf_stage(const league *l, int s);

/* ---- storage ------------------------------------------------------------------------------ */

/* The whole state as text (malloc'd): config, teams, current rosters, status, the draw, the
 * stage ratings, every game (result and challenge: chal_save), the lots. Instants are on the
 * league's clock and stored as they are. */
char *league_save(const league *l);
/* Back from league_save's text: BH_OK with *out, or BH_EPARSE (*out NULL; *line, may be NULL: the
 * line, 0 for an inconsistency of the whole). The next league_on_time fires what fell due while
 * the state was stored, once. Live games (created, undecided) are the caller's. */
int league_load(int64_t id, const char *text, league **out, int *line);

#endif
