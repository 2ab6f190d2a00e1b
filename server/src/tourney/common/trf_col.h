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

/* The point systems of a team event with games scored 1 / 0.5 / 0 and matches 2 / 1 / 0
 * (T-SCORE), appended to b as two TRF-2026 records: "162  W 1.0    D 0.5    L 0.0    A 0.0"
 * (the points of a game result; A: an absence) and "362 TW 2.0   TD 1.0   TL 0.0" (the match
 * points). Each code's (last) letter is at column 6 + 9k and its points at columns 7-10 + 9k,
 * where the FIDE tie-break checker (TieBreakServer's trf2json.py) and trf_std.c read them. */
void trf_put_team_points(buf *b);

#endif
