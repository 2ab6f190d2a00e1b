/* rank.h: the one FIDE C.07 engine (from 1 Aug 2024) of every team event, and the ranking
 * of the club and league events from their match results: match points, then a list of
 * tie-breaks (F-RR seed 004 art. 4; F-GROUPS seed 003 art. 6). SPDX-License-Identifier: MIT
 * The engine reads a crosstable (rank_xt: one slot a team and round) and computes each
 * tie-break from it, a table of functions (rank.c) each citing its C.07 article; where
 * events read an article differently the reading is a named variant of rank_rules (direct
 * encounter: RANK_DE_*; Sonneborn-Berger: RANK_SB_*). rank_compute fills the crosstable
 * from a plain list of match records (who met whom in which round, game points of each); the
 * Swiss's standings (swiss/tb.c) fill it from their model. Pure: no I/O. */
#ifndef BH_RANK_H
#define BH_RANK_H

#include <stdbool.h>
#include <stdint.h>

#include "refusal.h"
#include "roster.h"

#define RANK_MAX_TB 6      /* tie-breaks after match points */
#define RANK_MAX_TEAMS 256 /* teams in one ranking */
#define RANK_MAX_ROUNDS 64

/* What a record is. a and b are team numbers 1..n; b == 0 for the kinds marked "b = 0". */
typedef enum {
    RANK_PLAYED = 0, /* a match played over the boards; boards lost by forfeit inside it
                      * (F-SHORT) are simply part of its game points */
    RANK_FF_A,       /* a did not come: b wins by forfeit (game points as recorded) */
    RANK_FF_B,       /* b did not come: a wins by forfeit */
    RANK_FF_BOTH,    /* neither came: both lose (0 match points each) */
    RANK_PAB,        /* b = 0: pairing-allocated bye, a drawn match's match points */
    RANK_HPB,        /* b = 0: requested half-point bye: a draw's match points (voluntary) */
    RANK_ZPB,        /* b = 0: requested zero-point bye (voluntary) */
    RANK_ABSENT,     /* b = 0: not paired: before a late entry, after a withdrawal (voluntary) */
    RANK_KIND_N_
} rank_kind;

typedef struct {
    int round;        /* 1..RANK_MAX_ROUNDS */
    int a, b;         /* team numbers, 1..n; b = 0 for a bye or absence */
    int gp2_a, gp2_b; /* game points x2 (a won game 2, a draw 1) scored by a and b; for
                       * b = 0 the bye's game points for a (the ruleset's choice) */
    uint8_t kind;     /* rank_kind */
} rank_match;

/* Tie-breaks, applied in the rules' order after match points. */
typedef enum {
    RANK_TB_GP = 1,     /* game points of all boards in all matches (seed 004 art. 4, seed
                         * 003 art. 6a); C.07 team events: the other score, game points */
    RANK_TB_DE,         /* direct encounter, C.07 art. 6, on match points; reading rules.de */
    RANK_TB_WIN,        /* rounds won, with or without playing, C.07 art. 7.1 (WIN): the
                         * slots marked won */
    RANK_TB_SB,         /* team Sonneborn-Berger, C.07 art. 9.1; reading rules.sb */
    RANK_TB_BH,         /* Buchholz on match points, C.07 art. 8.1 */
    RANK_TB_LOW_RATING, /* the lower team rating ranks higher (seed 003 art. 6b) */
    RANK_TB_BH_C1,      /* Buchholz Cut-1 on match points, C.07 art. 8.1, 14.1; a voluntarily
                         * unplayed round is cut first (art. 16.5) */
    RANK_TB_PLAYOFF,    /* play-off games won against teams tied with it (T-ARMAGEDDON) */
    RANK_TB_SB_C1,      /* team SB with Cut-1, C.07 art. 9.1, 14.1: the part of the opponent
                         * with the lowest score left out (RANK_SB_ART16 only) */
} rank_tb;

/* Which score a part of a tie-break uses. */
typedef enum { RANK_MP = 0, RANK_GP = 1 } rank_score;

/* Readings of direct encounter (C.07 art. 6). */
typedef enum {
    RANK_DE_TIERS = 0,  /* the club and league events: each team's match points against the
                         * others of its tie group (averaged per opponent); if not all met, a
                         * team is placed only when no missing result could catch it, and the
                         * rest is ranked again among itself, as FIDE TEC's TieBreakServer does;
                         * the value is the tier, higher first */
    RANK_DE_ALL_MET = 1 /* the Swiss (T-TIEBREAK): the match points scored in meetings inside
                         * the tie group, and only when every member met every other (a forfeit
                         * is no meeting, T-FORFEIT); otherwise 0 for the whole group */
} rank_de;

/* Readings of team Sonneborn-Berger (C.07 art. 9.1). */
typedef enum {
    RANK_SB_ART16 = 0, /* each opponent's score (sb_opp) times the team's result against it
                        * (sb_own), the opponents' scores adjusted by art. 16, and in a Swiss
                        * an unplayed round against a dummy with the team's own score (every
                        * event's SB, the Swiss's T-TIEBREAK option SB included) */
    RANK_SB_PLAYED = 1 /* tests only (tour_ruleset.legacy_tb): over the matches played only,
                        * each opponent's final match points times the game points (x2) scored
                        * against it; art. 16 not applied */
} rank_sb;

typedef struct {
    int win_mp, draw_mp; /* match points of a won and a drawn match (2, 1) */
    int boards;          /* boards a match: a drawn match's game points x2 (C.07 art. 16
                          * counts some unplayed rounds as draws) */
    bool rr;             /* round robin: see rank.c; false: Swiss rules of C.07 art. 16 */
    uint8_t sb;          /* rank_sb: the reading of SB */
    uint8_t sb_opp;      /* rank_score: the opponent's score in SB (RANK_SB_ART16) */
    uint8_t sb_own;      /* rank_score: the team's own result against that opponent */
    uint8_t de;          /* rank_de: the reading of DE */
    int n_tb;            /* tie-breaks in tb */
    int tb[RANK_MAX_TB]; /* rank_tb, in order */
} rank_rules;

/* Seed 004 art. 4 (F-RR): 6 boards, match points 2/1/0, then game points, direct encounter,
 * matches won, team Sonneborn-Berger (opponent's match points x own game points, the team
 * variant the Olympiads use; our choice where the regulation names no variant). */
void rank_rules_club(rank_rules *rr);

/* Seed 003 art. 6 (F-GROUPS): 10 boards, match points 2/1/0, then game points, then the lower
 * team rating. */
void rank_rules_league_group(rank_rules *rr);

typedef struct {
    int team;            /* team number */
    int place;           /* 1..n, unique */
    int mp;              /* match points */
    int gp2;             /* game points x2 */
    int tb[RANK_MAX_TB]; /* tie-break values in rules order; units in rank_tb_scale */
    bool tied_next;      /* equal with the next row on every criterion: the place between
                          * them is by team number here and is due to a lot (C.07 art. 4.2) */
} rank_row;

typedef struct {
    int n;          /* rows = teams */
    rank_row *rows; /* by place; owned: rank_table_fini */
    rank_rules rules;
} rank_table;

/* Rank n teams (1..n) from the n_m records in m (borrowed) under rules *rr. `rating` (borrowed,
 * n+1 entries indexed by team number, or NULL) is needed only by RANK_TB_LOW_RATING. A
 * team with no record in a round rests in it (rr) or is absent (Swiss). On BH_OK *out holds
 * the table (call rank_table_fini). Errors, with *why (may be NULL; rule F-RR, field
 * "matches" and the record's index, or "rules" / "rating" with -1):
 *  BH_EINVAL n outside 1..RANK_MAX_TEAMS, unknown tie-break, rating NULL when needed, a
 *   record with a bad team number, a == b, b == 0 with a match kind or b != 0 with a bye
 *   kind, negative game points, a round outside 1..RANK_MAX_ROUNDS;
 *  BH_EEXIST a team in two records of one round;
 *  BH_ELIMIT two teams meeting more than 4 times (direct encounter averages up to 4). */
int rank_compute(const rank_rules *rr, int n, const rank_match *m, int n_m,
                 const roster_rating *rating, rank_table *out, refusal *why);

void rank_table_fini(rank_table *t); /* NULL-safe */

/* ---- the crosstable the tie-breaks read --------------------------------------------------- */

/* What a team's round was. */
typedef enum {
    RANK_S_NONE = 0, /* no slot: in a round robin the rest round; in a Swiss not paired */
    RANK_S_PLAYED,   /* a match played (over the boards) */
    RANK_S_PENDING,  /* a match paired, its result not complete: a meeting scoring 0 so far */
    RANK_S_FF_WIN,   /* won by forfeit (the opponent absent) */
    RANK_S_FF_LOSS,  /* lost by forfeit (absent; voluntary, C.07 art. 16) */
    RANK_S_PAB,      /* pairing-allocated bye */
    RANK_S_HPB,      /* requested half-point bye (voluntary) */
    RANK_S_ZPB,      /* requested zero-point bye (voluntary) */
    RANK_S_FPB,      /* full-point bye (awarded, not voluntary: C.07 art. 16.2.1) */
    RANK_S_ABSENT,   /* not paired: before a late entry, after a withdrawal (voluntary) */
} rank_slot_kind;

typedef struct {
    uint8_t kind; /* rank_slot_kind */
    bool won;     /* a round won, over the board or not (RANK_TB_WIN counts them) */
    int opp;      /* the opponent, 0 if none */
    int mp, gp2;  /* match points and game points x2 scored this round */
} rank_slot;

typedef struct rank_xt rank_xt;

/* A crosstable of teams 1..n over rounds 1..rounds under rules *rr (borrowed), every slot
 * RANK_S_NONE. Caller frees with rank_xt_free. */
rank_xt *rank_xt_new(const rank_rules *rr, int n, int rounds);
void rank_xt_free(rank_xt *x); /* NULL-safe */
/* Team t's slot of round r (1-based), to fill before rank_xt_close. */
rank_slot *rank_xt_slot(rank_xt *x, int t, int r);
/* A play-off game won by team winner against team loser (RANK_TB_PLAYOFF). */
void rank_xt_playoff(rank_xt *x, int winner, int loser);
/* The slots are filled: the totals, the opponents' scores of C.07 art. 16 and the meetings.
 * BH_OK, or BH_ELIMIT: two teams met more than 4 times (RANK_DE_TIERS averages up to 4;
 * everything else is computed all the same). */
int rank_xt_close(rank_xt *x);
/* Match points and game points x2 of team t, after rank_xt_close. */
int rank_xt_mp(const rank_xt *x, int t);
int rank_xt_gp2(const rank_xt *x, int t);
/* Tie-break tb (rank_tb) of every team: v[1..n], higher ranks higher; group[1..n] a tie-group
 * number per team (equal for the teams tied on everything before tb: tb_order.h), read by DE
 * and PLAYOFF. BH_OK, or BH_EINVAL: unknown tb, or LOW_RATING (it needs ratings:
 * rank_compute). */
int rank_xt_tb(const rank_xt *x, int tb, const int *group, int *v);

/* Short name of a tie-break ("GP", "DE", "WIN", "SB", "BH", "LOW", "BH-C1", "PO") and the divisor
 * that turns its value into the published unit (GP: 2, SB: 1, 2 or 4 by variant); static string,
 * "?" and 1 for an unknown id. */
const char *rank_tb_name(int tb);
int rank_tb_scale(const rank_rules *rr, int tb);

/* The table as text: place, team (names[team], borrowed, or the number when names is NULL),
 * MP, GP and each other tie-break in its unit (DE: the tier among the tied, higher first;
 * LOW: teams rated higher), a "(lot)" mark on rows tied on everything. malloc'd, NUL-terminated;
 * the caller frees it. */
char *rank_format(const rank_table *t, const char *const *names);

#endif
