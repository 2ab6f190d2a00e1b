/* club.h: the club team round robin of seed 004 (F-RR, F-LINEUP, F-SHORT, F-PROTEST, F-CHESS,
 * T-WAIT), a format on the seam (tfmt.h): events in, each with now_us (monotonic µs), actions
 * out (tfmt_acts, the action kinds the hub carries out for every format).
 * SPDX-License-Identifier: MIT
 * Pure: no I/O, no clock reads. The schedule is the Berger table (berger.h, FIDE C.05 Annex 1;
 * single or double); a match is N boards, each one chess game, colours by F-CHESS (the team
 * named first has White on the odd boards); the line-ups come from each team's roster
 * (lineup.h: shifting substitutions, at most K, the first N by default, short teams); a board
 * whose seat stays empty past the waiting time is lost by forfeit (T-WAIT); protests and their
 * appeals go through protest.h and change a board's result; the ranking is rank.h's (seed 004
 * art. 4). Teams are the caller's ids (int64); their pairing numbers are the registration
 * order (seed 004 is silent: the director registers them in the drawn order).
 *
 * Why not a pairer of the Swiss runner (swiss/runner_int.h): those decide over the Swiss's
 * model, whose match is at most a few game results without players, line-ups or board
 * forfeits; the club event needs all three, so it keeps its own state. */
#ifndef BH_CLUB_H
#define BH_CLUB_H

#include <stdbool.h>
#include <stdint.h>

#include "lineup.h"
#include "protest.h"
#include "rank.h"
#include "refusal.h"
#include "roster.h"
#include "tfmt.h"

#define CLUB_MAX_TEAMS 32
#define CLUB_NAME_LEN 65 /* 64 bytes + NUL, as the protocol takes names */

/* A board's result is a bh_result (result.h) from White's side (White = the game's team[0]);
 * forfeits are recorded as such (TRF + and -), never as games played (F-SHORT, T-WAIT). */

typedef struct {
    char name[CLUB_NAME_LEN];
    char ruleset[32];         /* game ruleset of the boards ("fide": F-CHESS) */
    uint32_t base_ms, inc_ms; /* seed 004 art. 2: 10 min + 5 s from move 1 */
    lineup_rules lr;          /* boards, reserves, substitutions, minimum players */
    bool double_rr;           /* a double round robin (BERGER_DOUBLE | BERGER_SWAP_LAST) */
    int64_t wait_us;          /* T-WAIT: waiting time at a board (seed 004 art. 2: 10 min);
                               * 0: no timer, the arbiter reports absences (club_board_absent:
                               * an over-the-board event whose results are entered) */
    int64_t break_us;         /* from a round's end to the next round's start: the line-up
                               * deadline (art. 3: line-ups after the previous round); at least
                               * the protest window, so that its protests are taken */
    protest_rules pr;         /* F-PROTEST: window, deposit */
    rank_rules rk;            /* seed 004 art. 4; rk.boards follows lr.boards; the last
                               * tie-break RANK_TB_SB (the default) or RANK_TB_SB_C1 */
} club_config;

/* Seed 004: "fide", 10+5, 6 boards + 4 reserves, 4 substitutions, at least 3 players, single
 * round robin, 10 min waiting time, 10 min break, protests within 10 min (200 UAH), ranking
 * MP, GP, DE, WIN, SB. */
void club_config_default(club_config *c);

/* Check c: BH_OK or BH_EINVAL with *why (rule F-RR, field "boards", "ruleset", "wait_s",
 * "break_s", "base_ms"; "sb": the ranking is not seed 004's four tie-breaks ending in team SB
 * or team SB Cut-1, the one choice a director has). */
int club_config_check(const club_config *c, refusal *why);

typedef struct club club;

/* A new event `id` in registration from a checked c (copied). Caller frees with club_free. */
club *club_new(int64_t id, const club_config *c);
void club_free(club *c); /* NULL-safe */

/* Register team `team` (the caller's id) named name with its roster (copied; board order
 * fixed for the event, F-LINEUP) and its captain (a roster player id). BH_OK, or with *why:
 * BH_ESTATE started ("tournament"); BH_ELIMIT CLUB_MAX_TEAMS ("teams"); BH_EEXIST the id or
 * the name is registered ("team", "name"); BH_EINVAL empty name ("name"); BH_ENOTFOUND the
 * captain is not on the roster ("captain"); BH_EEXIST a player id on another team's roster
 * ("players", its index: a player plays for one team); lineup_check_roster's refusals
 * ("players"). */
int club_add_team(club *c, int64_t team, const char *name, const roster *r, int captain,
                  refusal *why);
/* club_add_team's checks alone (nothing changes): a caller that must store the team first. */
int club_check_team(const club *c, int64_t team, const char *name, const roster *r, int captain,
                    refusal *why);
/* Before the start, team `team` takes a new name, roster and captain in its place (its
 * pairing number to be, its id and its token stay). BH_OK, or with *why: BH_ENOTFOUND no such
 * team ("team"), or club_add_team's refusals, the team itself left out of the comparisons
 * (nothing changes on a refusal). */
int club_replace_team(club *c, int64_t team, const char *name, const roster *r, int captain,
                      refusal *why);
/* Before the start, team `team` leaves the event (the teams registered after it move up a
 * place). BH_OK, or with *why: BH_ESTATE started ("tournament"), BH_ENOTFOUND ("team"). */
int club_remove_team(club *c, int64_t team, refusal *why);

/* Close registration and open round 1's line-ups until now_us + break_us, when round 1
 * starts. BH_OK, or BH_ESTATE ("tournament": started), BH_EINVAL ("teams": fewer than 2). */
int club_start(club *c, uint64_t now_us, tfmt_acts *a, refusal *why);

/* A line-up for round rnd from team's captain (by_director: the director's correction, taken
 * at any time before the round starts, no captain needed). ids: the player ids in board order
 * (borrowed). BH_OK (stored; it replaces an earlier one), or with *why: BH_ENOTFOUND "team";
 * BH_ENOTCAPTAIN "captain" (F-LINEUP: the submitter is not the team's captain); BH_EROUND
 * "round" (not the round whose line-ups are taken now); BH_ELATE "submitted_at" (the round
 * started; lineup_submit's window otherwise); lineup_check's refusals (BH_ELIMIT,
 * BH_ENOTFOUND, BH_EEXIST, BH_EORDER, BH_ESHORT, BH_ESUBS; "players" and the index). */
int club_lineup(club *c, int64_t team, int submitter, bool by_director, int rnd, const int *ids,
                int n, uint64_t now_us, tfmt_acts *a, refusal *why);

/* The line-up of team in round rnd (submitted, or the default once the round started);
 * NULL if there is none yet. *submitted (may be NULL): it came from the captain or director. */
const lineup *club_lineup_get(const club *c, int64_t team, int rnd, bool *submitted);

/* The earliest instant something is due (a round's start, a board's waiting time), 0 none;
 * and doing what is due at now_us. */
uint64_t club_deadline(const club *c);
void club_on_time(club *c, uint64_t now_us, tfmt_acts *a);

/* The director starts the round whose line-ups are taken now, before its deadline (the
 * missing line-ups are the default ones; the previous round's protest window closes with
 * it). BH_OK or BH_ESTATE "round" (no round waits). */
int club_round_start(club *c, uint64_t now_us, tfmt_acts *a, refusal *why);

/* T-WAIT: the player on seat (0 White, 1 Black) of game k is at the board (the hub saw the
 * seat connected). BH_OK (marked now), BH_EEXIST (present already: nothing changed),
 * BH_ENOTFOUND (no such live game, or a seat other than 0 and 1). A seat not reported by the game's
 * start + wait_us loses the board by forfeit (club_on_time: TFMT_ACT_END_GAME). */
int club_seat_present(club *c, tfmt_key k, int seat);
/* T-WAIT over the board: the arbiter's attendance check of round rnd (the round being
 * played): each player in ids (borrowed) is at his board (club_seat_present for his seat).
 * All or nothing: BH_OK, or with *why (rule T-WAIT): BH_EROUND "round" (not the round being
 * played), BH_ENOTFOUND "players" (ids[i] plays no live board of the round). */
int club_attend(club *c, int rnd, const int *ids, int n, refusal *why);
/* The hub's own waiting time ran out with seats absent (bit 0 White, bit 1 Black): the board
 * is lost by forfeit now (both absent: both lose). BH_OK (TFMT_ACT_END_GAME follows),
 * BH_ENOTFOUND (no such live game), BH_EINVAL (mask 0). */
int club_board_absent(club *c, tfmt_key k, unsigned mask, uint64_t now_us, tfmt_acts *a);

/* Game k ended over the board with res (from the seats: WIN1 = White). Unknown or finished
 * games are ignored. When the round's last board ends, the round ends: its protest window
 * opens, the standings follow, the next round's line-ups are taken until end + break_us. */
void club_game_over(club *c, tfmt_key k, tfmt_res res, uint64_t now_us, tfmt_acts *a);

/* F-PROTEST: the captain `player` of team files a protest about game k of round rnd. BH_OK
 * (*id), or protest_file's refusals, and BH_ENOTCAPTAIN "filer" (not a team of the event),
 * BH_ESTATE "game" (the game is still being played). */
int club_protest(club *c, int64_t team, int player, int rnd, tfmt_key k, const char *text,
                 long deposit_minor, uint64_t now_us, int *id, tfmt_acts *a, refusal *why);
/* The appeals committee decides protest id: upheld with the board's new result (bh_result
 * BH_RES_WIN1..BH_RES_FF_BOTH), which replaces the old one, the ranking is recomputed and
 * republished; or rejected. protest_decide's refusals, BH_EINVAL "result" (upheld with a
 * result outside BH_RES_WIN1..BH_RES_FF_BOTH). */
int club_protest_decide(club *c, int id, bool upheld, int new_result, const char *reason,
                        uint64_t now_us, tfmt_acts *a, refusal *why);
const protest_desk *club_protests(const club *c);
/* F-PROTEST: the board protest id is about, in *k (round, match, game 0, board 0..N-1).
 * BH_OK, or BH_ENOTFOUND (no protest with that id on the desk; *k unchanged). */
int club_protest_key(const club *c, int id, tfmt_key *k);
/* F-PROTEST: the round whose protests are taken now (the last round that started; 0: none)
 * and, in *until_us, the instant its window closes: its end + the window once it has ended,
 * 0 while it is being played (a finished game may be protested at once). */
int club_protest_round(const club *c, uint64_t *until_us);

/* The ranking now (seed 004 art. 4) over the matches whose every board is decided. BH_OK with
 * *out (rank_table_fini), or rank_compute's error. Team numbers are pairing numbers. */
int club_rank(const club *c, rank_table *out);

/* ---- read access ------------------------------------------------------------------------- */

typedef struct {
    tfmt_key key;      /* round, match, game 0, board 0..N-1 */
    int64_t team[2];   /* White's team, Black's team */
    int player[2];     /* roster ids, 0: the board is empty on that side */
    uint8_t res;       /* bh_result */
    bool live;         /* a game was created and has not ended */
    bool present[2];   /* T-WAIT: seats reported present */
    uint64_t start_us; /* when its game was created (0: no game: an empty board) */
} club_board;

int club_status(const club *c); /* TFMT_REGISTERING, _RUNNING, _FINISHED */
const club_config *club_config_get(const club *c);
int club_n_teams(const club *c);
int64_t club_team_id(const club *c, int tid);   /* pairing number 1..n -> the caller's id, 0 */
int club_team_tid(const club *c, int64_t team); /* 0: none */
const char *club_team_name(const club *c, int tid);
const roster *club_team_roster(const club *c, int tid);
int club_team_captain(const club *c, int tid);
int club_rounds(const club *c);        /* planned (Berger), 0 before the start */
int club_current_round(const club *c); /* the round being played or whose line-ups are taken */
bool club_round_started(const club *c, int rnd);
/* The matches of round rnd (byes left out): home = the team named first (Berger's White). */
int club_n_matches(const club *c, int rnd);
bool club_match(const club *c, int rnd, int mi, int64_t *home, int64_t *away);
const club_board *club_board_get(const club *c, tfmt_key k);
/* T-WAIT: the instant board x's waiting time ends (its game's start + wait_us) while the game
 * is live with a seat absent; 0 when nothing waits there (over, both present, or no waiting
 * time in c). */
uint64_t club_board_wait_until(const club *c, const club_board *x);
/* Game points x2 of each team in match mi of round rnd (board points summed) and whether
 * every board is decided. */
bool club_match_score(const club *c, int rnd, int mi, int *gp2_home, int *gp2_away);

/* ---- exports (malloc'd text, caller frees) ------------------------------------------------ */

/* TRF-2026 (columns as trf.h's export): 012, 062, 082, 092, XXR, 192, 162 and 362 (their
 * columns: trf_col.h trf_put_team_points), 212 (the ranking, F-RR, in C.07's codes: PTS
 * MPVGP DE WIN), one 001 record
 * per roster player (start ranks by team then board order; per round the opponent on the same
 * board, the colour, 1 = 0 or + - for a forfeit; blank when not in the line-up; 0000 - + for a
 * board whose opponent's seat was empty), then one 310 team record per team with its MP, GP,
 * rank and players. */
char *club_trf(const club *c);
/* The crosstable: one row per team (by pairing number), a column per opponent with
 * "MP:GP" of each meeting (two in a double round robin), then MP, GP and place. */
char *club_crosstable(const club *c);
/* The line-up of every started round: "round R team: board. name (id) ..." lines. */
char *club_lineups_text(const club *c);

/* ---- storage ------------------------------------------------------------------------------ */

/* The whole state as text (malloc'd): config, teams, rosters, line-ups, board results,
 * who is at each live board (T-WAIT), protests. Monotonic instants are not stored: club_load
 * restarts a waiting period in full for the seats still absent. */
char *club_save(const club *c);
/* Back from club_save's text at now_us: BH_OK with *out, or BH_EPARSE (*out NULL; *line, may
 * be NULL: the line, 0 for an inconsistency of the whole). The
 * live games are the caller's: it ends or keeps them; those still undecided are live again,
 * their waiting time restarting at now_us. */
int club_load(int64_t id, const char *text, uint64_t now_us, club **out, int *line);

/* The club round robin on the seam (tfmt.h): club_fmt.c. */
extern const tfmt_ops tfmt_club;

#endif
