/* trf.h: the tournament as FIDE TRF text (TRF-2026 team section, as we read it), for other
 * tools to check, and as the storage format of the whole state (exact round trip).
 * SPDX-License-Identifier: MIT
 * Records written (one per line, the 3-character code first):
 *   012 name | 062 players | 092 system | XXR and 142 rounds | 192 FIDE_TEAM_MP_GP   header
 *   001 ...   two players per team (captain = startrank 2*id-1, partner = 2*id), TRF-16
 *             columns; per round the opponent on the same board, the colour of game 1 on
 *             that board, and the team's match result (1 = 0, + -, U = PAB, H, Z byes)
 *   013 NAME(32)SSSS SSSS             TRF-16 team record: name, its players' startranks
 *   310 TTT NAME(32) NICK STRENG MP GP RANK  SSSS SSSS   TRF-2026 team record
 *   320 MP GP TTT ...                 TRF-2026 PAB: its points, the team per round (0 none)
 *   330 XX RRR WWW BBB                TRF-2026 forfeited match (+- -+ --), round, teams
 *   BHR key=value ...                 our ruleset (time control, scoring, bye value, tb list)
 *   BHT id entry withdrawn rating_c rating_p name|captain|partner
 *   BHM round a b white GAMES forfeit bye   every match exactly (GAMES: a digit per game)
 *   BHQ id round kind                 requested byes;   BHP winner loser   play-off games
 * Columns of 013/310/320/330 as the FIDE tie-break checker reads them (OttoMilvang/
 * TieBreakServer, trf2json.py). Import replays the BH* records when there are any; a file
 * without them (another tool's) gives the registration list: teams from 310 (or 013 without
 * 310) with their first two 001 players as captain and partner, rounds from 142 or XXR; its
 * pairings and results are not read. Names have '|' and control characters replaced by
 * spaces. */
#ifndef BH_TRF_H
#define BH_TRF_H

#include "tour.h"

/* The TRF text of t. Returns a malloc'd NUL-terminated string (caller frees). */
char *trf_export(const tour *t);

/* Parse TRF text made by trf_export into a new tournament (*out, caller tour_free()s).
 * Returns BH_OK, or BH_EPARSE with *err_line (may be NULL) set to the first bad line (1-based),
 * or BH_EINVAL/BH_ELIMIT/BH_ESTATE from replaying the records. *out is untouched on error. */
int trf_import(const char *text, tour **out, int *err_line);

#endif
