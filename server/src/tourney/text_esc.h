/* text_esc.h: strings in the stored line-based text forms (club_io.c, lg_io.c): one token, with
 * bytes <= 0x20, '%' and 0x7f as %XX, so that names and texts keep their spaces and line
 * breaks; "%" alone is the empty string. SPDX-License-Identifier: MIT */
#ifndef BH_TEXT_ESC_H
#define BH_TEXT_ESC_H

#include "buf.h"

/* Append " " and s escaped to b (s NULL or empty: " %"). */
static inline void text_esc(buf *b, const char *s)
{
    if (!s || !*s) {
        buf_printf(b, " %%");
        return;
    }
    buf_printf(b, " ");
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p <= 0x20 || *p == '%' || *p == 0x7f)
            buf_printf(b, "%%%02X", *p);
        else
            buf_printf(b, "%c", *p);
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

#endif
