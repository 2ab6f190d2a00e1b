/* trf_col.h: fixed-width fields of TRF text, for the writers of TRF records (trf.c, the club's
 * export in club_io.c, the league's in league_io.c). SPDX-License-Identifier: MIT */
#ifndef BH_TRF_COL_H
#define BH_TRF_COL_H

#include <stddef.h>

#include "buf.h"

/* src into dst (cap bytes, NUL included) with '|' and control characters as spaces, so that a
 * field never splits a record. src is valid UTF-8 (checked when it came in); cap holds it whole
 * (names are stored whole, at most 64 bytes). */
void trf_clean(char *dst, const char *src, size_t cap);

/* s (cleaned, valid UTF-8) appended to b as a fixed-width field of width columns: TRF-2026
 * counts a column a character (what a UTF-8 reader slices), so s is cut at a character
 * boundary and padded with spaces to width characters. */
void trf_put_col(buf *b, const char *s, size_t width);

/* A team event's TRF-2026 header: 012 the event's name (cleaned here), 062 players, 072 rated
 * players, 082 teams, 092 what, XXR and 142 the rounds, 192 FIDE_TEAM_MP_GP and the point
 * systems (trf_put_team_points). */
void trf_put_team_header(buf *b, const char *event, int players, int rated, int teams, int rounds,
                         const char *what);

/* The records of every team TRF writer, names cleaned here: trf_pts2, the game points x2 of a
 * result code (2 '1' and '+', 1 '=', else 0); the head of a 001 player record, its rounds to
 * follow (start number, name in 33 columns, rating, no sex, title, id or birth date, points
 * pts2 / 2, rank); a round of it (blank for res ' ', "0000 - res" for opp 0, else opp, colour,
 * res); the head of a 310 team record, its players' start numbers to follow (number, name in 32
 * columns, no nickname, strength, match points, game points gp2 / 2, rank). */
int trf_pts2(char res);
void trf_put_player(buf *b, int no, const char *name, int rating, int pts2, int rank);
void trf_put_round(buf *b, int opp, char colour, char res);
void trf_put_team(buf *b, int no, const char *name, int rating, int mp, int gp2, int rank);

/* The point systems of a team event with games scored 1 / 0.5 / 0 and matches 2 / 1 / 0
 * (T-SCORE), appended to b as two TRF-2026 records: "162  W 1.0    D 0.5    L 0.0    A 0.0"
 * (the points of a game result; A: an absence) and "362 TW 2.0   TD 1.0   TL 0.0" (the match
 * points). Each code's (last) letter is at column 6 + 9k and its points at columns 7-10 + 9k,
 * where the FIDE tie-break checker (TieBreakServer's trf2json.py) and trf_std.c read them. */
void trf_put_team_points(buf *b);

#endif
