/* tb.h: tie-breaks and standings (T-TIEBREAK, T-ARMAGEDDON, T-PRIZES), FIDE C.07 as applied
 * from 1 August 2024. SPDX-License-Identifier: MIT
 * Tie-breaks are a table of functions (tb.c); a standings row carries match points, game
 * points and each tie-break of the ruleset in order. Places are never shared. */
#ifndef BH_TB_H
#define BH_TB_H

#include <stdbool.h>

#include "tour.h"

typedef struct {
    int id;              /* team id */
    int place;           /* 1..n, unique (T-PRIZES: never shared) */
    int mp;              /* match points */
    int gp2;             /* game points x2 */
    int tb[TOUR_MAX_TB]; /* tie-break values in ruleset order (units: tb_name) */
    bool prize;          /* place 1-3 (T-PRIZES) */
    bool tied_next;      /* equal on every criterion with the next row: place decided
                          * only by pairing number, a play-off is due (T-ARMAGEDDON) */
} tb_row;

typedef struct {
    int n;               /* rows */
    tb_row *rows;        /* n, by place; owned: tb_standings_fini */
    int n_tb;            /* tie-breaks per row */
    int tb[TOUR_MAX_TB]; /* their tb_id */
} tb_standings;

/* Short name of a tie-break ("DE", "BH-C1", ...) and whether its value is x2 (game points);
 * static strings; "?" for an unknown id. */
const char *tb_name(int id);
bool tb_is_x2(int id);

/* Value of one tie-break for every team, after all rounds paired so far (pending matches
 * score 0). vals has tour_n_teams(t)+1 entries, indexed by team id. `group` (same size) holds,
 * per team, a tie group number: teams with the same number are tied on everything before this
 * tie-break (direct encounter and play-off look only inside the group); NULL: one group per
 * match-point total. Teams not in the standings (never active) get 0. BH_EINVAL bad id. */
int tb_compute(const tour *t, int id, const int *group, int *vals);

/* Standings of all teams that ever took part, ordered by match points, then the ruleset's
 * tie-breaks in order, then pairing number. On BH_OK *out is filled (tb_standings_fini). */
int tb_standings_compute(const tour *t, tb_standings *out);
/* The standings after rounds 1..upto only (upto < 0 or past the rounds paired: all, as
 * tb_standings_compute): a later round's results (a forfeit set by a withdrawal during it, a
 * match finished early) do not count ("standings after round k" count rounds up
 * to k). With no round counted no row is a prize place. BH_OK. */
int tb_standings_upto(const tour *t, int upto, tb_standings *out);
void tb_standings_fini(tb_standings *s); /* NULL-safe */

/* T-ARMAGEDDON, T-PRIZES: the next Armageddon play-off game of t, as the pairing numbers *a
 * and *b (a placed above b); false (nothing written) when no prize place needs one, or the
 * ruleset has no play-off tie-break. A tie group is the teams equal on match points and every
 * tie-break before the play-off; one that holds a prize place (places 1-3) plays, every team
 * of it however far down it reaches, withdrawn teams excepted (they do not play). The bracket,
 * computed from the play-off records alone: the group's teams with w play-off wins (against
 * the group) are level w; a team waits at its level until it plays there. A level's game is
 * between its first two waiting teams in standings order (pairing number, as the standings
 * order the tied); with one waiting team left, that team plays the first team that lost at
 * that level (an odd count has no bye: every team plays, and one loser plays twice). The
 * lowest level with a game plays first, while a prize place of the group is open: its team
 * shares its wins with another team of the group, or a level below it has a game (a team
 * there may still reach it). Open with no level game (the teams sharing it have all lost at
 * their level): its first two teams play again. Every game is between equal wins, so the
 * group ends ordered by play-off wins. The first group, from the top, with a game gives it.
 * With tour_ruleset.legacy_tb (tests only): the first two rows tied on everything on a prize
 * place, as tests/data/runner/golden.txt was made. */
bool tb_playoff_next(const tour *t, int *a, int *b);

/* Render standings as text (place, team, MP, GP, tie-breaks, prize mark) and the crosstable
 * (per round: opponent id, colour w/b of board A game 1, game points; "+F"/"-F" forfeits,
 * "PAB"/"HPB"/"ZPB" byes). Returns a NUL-terminated malloc'd string (caller frees). */
char *tb_format(const tour *t, const tb_standings *s);

#endif
