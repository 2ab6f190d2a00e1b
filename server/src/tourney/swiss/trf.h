/* trf.h: the tournament as FIDE TRF text (TRF-2026 team section, as we read it), for other
 * tools to check, and as the storage format of the whole state (exact round trip).
 * SPDX-License-Identifier: MIT
 * Records written (one per line, the 3-character code first):
 *   012 name | 062 players, 072 rated players, 082 teams | 092 system | XXR and 142 rounds |
 *   192 FIDE_TEAM_MP_GP | 162 W 1.0 D 0.5 L 0.0 A 0.0 P (the PAB's game points / 2): the
 *   points of a board's result | 352 WB: board A has the team's colour | 362 TW 2.0 TD 1.0
 *   TL 0.0 (match scoring only)                                          header (TRF-2026)
 *   001 ...   two players per team (captain = startrank 2*id-1, partner = 2*id), TRF-2026
 *             columns; points (81-84): the player's own, its round results by the 162; per
 *             round the opponent on the same board, the scheduled colour of game 1 on that
 *             board (a forfeited match too), and the board's result: with 2 games a match
 *             the boards carry the team's game points (2-0: 1 1; 1.5-0.5: 1 = and 0 =;
 *             1-1: = =; trf.c board_res), else both the match result; + - a forfeited
 *             match, U the PAB, H, Z, F byes
 *   013 NAME(32)SSSS SSSS             TRF-16 team record: name, its players' startranks
 *   310 TTT NAME(32) NICK STRENG MP GP RANK  SSSS SSSS   TRF-2026 team record
 *   320 MP GP TTT ...                 TRF-2026 PAB: its points, the team per round (0 none)
 *   330 XX RRR WWW BBB                TRF-2026 forfeited match (+- -+ --), round, teams
 *   BHR key=value ...                 our ruleset (time control, scoring, bye value, top=tpn or
 *                                     rank: tour.h TOUR_TOP_*, tb list)
 *   BHT id entry withdrawn rating_c rating_p name|captain|partner
 *   BHM round a b white GAMES forfeit bye [ffg]   every match exactly (GAMES: a digit per
 *             game; ffg, written when not 0: tour_match.ff_games, the games won by forfeit)
 *   BHQ id round kind                 requested byes;   BHP winner loser   play-off games
 * Columns of 013/310/320/330 and 162/362 as the FIDE tie-break checker reads them
 * (OttoMilvang/TieBreakServer, trf2json.py; checked by hand against its tiebreakchecker.py:
 * same match points, game points and Buchholz Cut-1 under C.07 2024). Import
 * replays the BH* records when there are any (exact).
 * A file without BHT records (another tool's, or ours with the BH* lines stripped) is read
 * from the standard records (trf_std.c):
 *   teams      310 in order (013 when there is no 310); captain and partner are the first two
 *              players listed, games a match = 2; when a team lists more (another tool's file,
 *              the club's and the league's with their reserves, a knockout's two games a
 *              board) a game per board: the most players of one team with a game in one round
 *              (the players listed before any round). More than TOUR_MAX_GAMES players listed:
 *              BH_ELIMIT at that line
 *   rounds     per round, each team's players' 001 entries: every opponent must be in one
 *              opposing team, which must name this team back with the other half of the
 *              result and the other colour; else BH_EPARSE at the contradicting line.
 *              1 = 0 (W D L) are game points of the board; + - a forfeited match (on every
 *              board; beside played boards: a game won/lost); 0000 with U a PAB; with H, Z,
 *              F the byes TRF-2026 names half-, zero- and full-point byes, read as requested
 *              byes (TOUR_BYE_HALF, _ZERO, _FULL; recorded as requests too): F scores a won
 *              match and bars the PAB; letters in either case (TRF-2026); a blank entry
 *              (which TRF-2026 reads as Z) is a round the team was not paired in; 0000 with +
 *              beside the team's games a board won because the seat opposite was empty
 *              (club_trf). Colours: with two players the boards alternate (P-TEAM); with more
 *              the listed order is not the boards', and which team had White is not read
 *   212        the tie-breaks (C.07 codes after PTS): MPVGP, DE, WIN, BH/C1, BH become GP, DE,
 *              WON, BH-C1, BH; a record with another code is not used (T-TIEBREAK's default)
 *   162, 362   must give the points we score (games 1 / 0.5 / 0, matches 2 / 1 / 0), else
 *              BH_EPARSE at that line; a 162 record says the entries are each board's own
 *              game points (our export writes it): the game points are then exact
 *   320        the PAB's match and game points (the ruleset's bye values) and its team per
 *              round; it must agree with the U entries; listed with a blank 001 entry: a PAB
 *              given up by a withdrawal
 *   330        each must name a forfeited match of the round with the same absent teams;
 *              gives the forfeited match's White team
 *   entry/withdrawal   the first round a team is in; after the last one it is in
 *   started    when a round was played, or when 142/XXR plans rounds for 2 teams or more (the
 *              file's team numbers are kept as pairing numbers: round 1 can be paired);
 *              else a registration list (tour_start would number the teams)
 * Game points of a file without 162 (its 001 result is the team's match result, as this
 * server's exports without 162 have it: a won match reads as 2-0, with two games a match
 * it was 2-0 or 1.5-0.5):
 * the 310 game-point totals decide: the narrow wins
 * are the ones that make every team's total match (a flow problem). When several choices fit
 * the totals (the results form a cycle along which half points can move), the file does not
 * say which: one of them is taken (match points, game-point totals and the tie-breaks DE,
 * BH, BH-C1, WON, PLAYOFF stay exact; the split of those matches, and so SB, may not) and
 * trf_info.gp_open counts such matches.
 * Not in the standard records: the time control, scoring and tie-break list (defaults, bye
 * values from 320), the format (Swiss), which team was a in a match (the lower id is), a
 * round whose results are not complete (written blank: not rebuilt), requested byes and
 * withdrawals for rounds not yet paired, a requested bye given up by a withdrawal during its
 * round (written blank: read as not paired, which scores the same), the play-off games. Names
 * have '|' and control characters replaced by spaces. A fixed-width field (001 name, 013 and
 * 310 team name) counts a column a character, as a UTF-8 reader slices it: a name is cut at a
 * character boundary and padded to the width in characters; the reader counts the same way. */
#ifndef BH_TRF_H
#define BH_TRF_H

#include "tour.h"

/* The TRF text of t. Returns a malloc'd NUL-terminated string (caller frees). */
char *trf_export(const tour *t);

/* How a file was read. */
typedef struct {
    bool std;    /* true: no BH* records, the standard records were read */
    int rounds;  /* rounds rebuilt from the standard records */
    int gp_open; /* matches whose game points the file leaves open (2-0 or 1.5-0.5 both fit
                  * the 310 totals; one was taken); 0: every match's game points are exact */
    bool gp_fit; /* the 310 game-point totals are met (false: no 310 record, or totals
                  * that no choice meets; then every open match reads as 2-0) */
} trf_info;

/* Parse TRF text (made by trf_export, or with standard records only: above) into a new
 * tournament (*out, caller tour_free()s). The text must be UTF-8 (FIDE's TRF-25 is; names
 * reach the pages as JSON strings).
 * Returns BH_OK, or BH_EPARSE with *err_line (may be NULL) set to the first bad line (1-based;
 * a line with a byte that is not UTF-8; the BHR line for started=1 without a team record,
 * BHT: a started event has teams),
 * or BH_EINVAL/BH_ELIMIT/BH_ESTATE/BH_ENOTFOUND (a record naming a team that does not exist)
 * from replaying the records, with *err_line at that record. *out is untouched on error. */
int trf_import(const char *text, tour **out, int *err_line);
/* trf_import, and *info (may be NULL) says how the file was read (on BH_OK only). */
int trf_import_info(const char *text, tour **out, int *err_line, trf_info *info);

#endif
