/* text_esc.h: the stored line-based text forms (club_io.c, league_io.c): a record is a code,
 * numbers and strings separated by spaces; a string is one token, with bytes <= 0x20, '%' and
 * 0x7f as %XX, so that names and texts keep their spaces and line breaks; "%" alone is the
 * empty string. SPDX-License-Identifier: MIT */
#ifndef BH_TEXT_ESC_H
#define BH_TEXT_ESC_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

/* Append " " and s escaped to b (s NULL or empty: " %"). */
static inline void text_esc(buf *b, const char *s)
{
    if (!s || !*s) {
        buf_printf(b, " %%");
        return;
    }
    char out[256]; /* in chunks: one buf_printf per chunk, not per byte */
    size_t n = 0;
    out[n++] = ' ';
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (n > sizeof out - 4) {
            out[n] = 0;
            buf_printf(b, "%s", out);
            n = 0;
        }
        if (*p <= 0x20 || *p == '%' || *p == 0x7f) {
            static const char HEX[] = "0123456789ABCDEF";
            out[n++] = '%';
            out[n++] = HEX[*p >> 4];
            out[n++] = HEX[*p & 15];
        } else {
            out[n++] = (char)*p;
        }
    }
    out[n] = 0;
    buf_printf(b, "%s", out);
}

static inline int text_hexval(char ch)
{
    return ch >= '0' && ch <= '9'   ? ch - '0'
           : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10
           : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
                                    : -1;
}

/* Undo text_esc in place on one token. A '%' not followed by two hex digits is kept as it is
 * (the text is not ours then: the caller's checks refuse what does not fit). */
static inline void text_unesc(char *s)
{
    char *o = s;
    if (s[0] == '%' && s[1] == 0) {
        *s = 0;
        return;
    }
    for (char *p = s; *p; p++) {
        int hi = *p == '%' ? text_hexval(p[1]) : -1, lo = hi >= 0 ? text_hexval(p[2]) : -1;
        if (lo >= 0) {
            *o++ = (char)(hi * 16 + lo);
            p += 2;
        } else {
            *o++ = *p;
        }
    }
    *o = 0;
}

/* Split line into at most cap tokens separated by any of seps (in place). */
static inline int text_tokens(char *line, const char *seps, char **tok, int cap)
{
    int n = 0;
    char *sv = NULL;
    for (char *p = strtok_r(line, seps, &sv); p && n < cap; p = strtok_r(NULL, seps, &sv))
        tok[n++] = p;
    return n;
}

/* s as a whole decimal number in lo..hi. */
static inline bool text_num(const char *s, long long lo, long long hi, long long *out)
{
    char *end;
    long long v = strtoll(s, &end, 10);
    if (end == s || *end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* In a reader with tokens tok[0..nt-1] and a label `bad`: token i as a number in lo..hi into
 * dst, or goto bad. */
#define TEXT_NUM(i, lo, hi, dst)                                                                   \
    do {                                                                                           \
        long long v_;                                                                              \
        if ((i) >= nt || !text_num(tok[i], lo, hi, &v_))                                           \
            goto bad;                                                                              \
        dst = v_;                                                                                  \
    } while (0)

#endif
