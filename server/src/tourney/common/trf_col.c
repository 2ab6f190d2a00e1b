/* trf_col.c: fixed-width fields of TRF text (trf_col.h), shared by every TRF writer (the
 * Swiss's trf.c, the club's club_io.c, the league's league_io.c).
 * SPDX-License-Identifier: MIT */
#include "trf_col.h"
#include "utf8.h"

void trf_clean(char *dst, const char *src, size_t cap)
{
    size_t i = 0;
    for (; src[i] && i + 1 < cap; i++)
        dst[i] = (src[i] == '|' || (unsigned char)src[i] < 32) ? ' ' : src[i];
    dst[i] = '\0';
}

/* s (cleaned, valid UTF-8) as a fixed-width field of width columns: TRF counts a column a
 * character (what a UTF-8 reader slices, e.g. the FIDE checker's trf2json.py; trf_std.c
 * reads it back the same way), so s is cut at a character boundary and padded with spaces
 * to width characters: the bytes stay valid UTF-8 and the next field keeps its column. */
void trf_put_col(buf *b, const char *s, size_t width)
{
    size_t chars = 0, n = bh_utf8_prefix(s, width, (size_t)-1, &chars);
    buf_printf(b, "%.*s%*s", (int)n, s, (int)(width - chars), "");
}

void trf_put_team_points(buf *b)
{
    buf_printf(b, "162  W%4.1f    D%4.1f    L%4.1f    A%4.1f\n", 1.0, 0.5, 0.0, 0.0);
    buf_printf(b, "362 TW%4.1f   TD%4.1f   TL%4.1f\n", 2.0, 1.0, 0.0);
}

int trf_pts2(char res)
{
    return res == '1' || res == '+' ? 2 : res == '=' ? 1 : 0;
}

void trf_put_player(buf *b, int no, const char *name, int rating, int pts2, int rank)
{
    char clean[80];
    trf_clean(clean, name, sizeof clean);
    buf_printf(b, "001 %4d      ", no);
    trf_put_col(b, clean, 33);
    buf_printf(b, " %4d %3s %11s %10s %4.1f %4d", rating, "", "", "", pts2 / 2.0, rank);
}

void trf_put_round(buf *b, int opp, char colour, char res)
{
    if (res == ' ')
        buf_printf(b, "          ");
    else if (opp == 0)
        buf_printf(b, "  0000 - %c", res);
    else
        buf_printf(b, "  %4d %c %c", opp, colour, res);
}

void trf_put_team(buf *b, int no, const char *name, int rating, int mp, int gp2, int rank)
{
    char clean[80];
    trf_clean(clean, name, sizeof clean);
    buf_printf(b, "310 %3d ", no);
    trf_put_col(b, clean, 32);
    buf_printf(b, " %-5.5s %6d %6.1f %6.1f %3d ", "", rating, (double)mp, gp2 / 2.0, rank);
}

void trf_put_team_header(buf *b, const char *event, int players, int rated, int teams, int rounds,
                         const char *what)
{
    char name[80];
    trf_clean(name, event, sizeof name);
    buf_printf(b, "012 %s\n062 %d\n072 %d\n082 %d\n", name, players, rated, teams);
    buf_printf(b, "092 %s\n", what);
    buf_printf(b, "XXR %d\n142 %d\n", rounds, rounds);
    buf_printf(b, "192 FIDE_TEAM_MP_GP\n");
    trf_put_team_points(b);
}
