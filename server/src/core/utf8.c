/* utf8.c: well-formed UTF-8 by the byte ranges of Unicode 15 Table 3-7 (RFC 3629 section 4).
 * SPDX-License-Identifier: MIT */
#include "utf8.h"

#include <string.h>

#include "xalloc.h"

size_t bh_utf8_seq(const char *s, size_t n, uint32_t *cp)
{
    if (n == 0)
        return 0;
    const unsigned char *u = (const unsigned char *)s;
    unsigned c = u[0];
    size_t len;
    unsigned lo = 0x80, hi = 0xBF; /* the allowed range of the second byte */
    uint32_t v;
    if (c < 0x80) {
        if (cp)
            *cp = c;
        return 1;
    } else if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
        v = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        v = c & 0x0F;
        if (c == 0xE0)
            lo = 0xA0; /* no overlong 3-byte forms */
        else if (c == 0xED)
            hi = 0x9F; /* no surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        v = c & 0x07;
        if (c == 0xF0)
            lo = 0x90; /* no overlong 4-byte forms */
        else if (c == 0xF4)
            hi = 0x8F; /* nothing above U+10FFFF */
    } else {
        return 0; /* a continuation byte, C0, C1 or F5..FF */
    }
    if (n < len)
        return 0;
    for (size_t i = 1; i < len; i++) {
        unsigned b = u[i];
        if (b < (i == 1 ? lo : 0x80) || b > (i == 1 ? hi : 0xBF))
            return 0;
        v = (v << 6) | (b & 0x3F);
    }
    if (cp)
        *cp = v;
    return len;
}

bool bh_utf8_valid(const char *s, size_t n, size_t *bad_at)
{
    size_t i = 0;
    while (i < n) {
        if ((unsigned char)s[i] < 0x80) { /* the common case: ASCII */
            i++;
            continue;
        }
        size_t k = bh_utf8_seq(s + i, n - i, NULL);
        if (!k) {
            if (bad_at)
                *bad_at = i;
            return false;
        }
        i += k;
    }
    return true;
}

size_t bh_utf8_prefix(const char *s, size_t max_chars, size_t max_bytes, size_t *chars)
{
    size_t n = strlen(s), i = 0, c = 0;
    while (i < n && c < max_chars) {
        size_t k = bh_utf8_seq(s + i, n - i, NULL);
        if (!k)
            k = 1;
        if (i + k > max_bytes)
            break;
        i += k;
        c++;
    }
    if (chars)
        *chars = c;
    return i;
}

char *bh_utf8_repair(const char *s, size_t n, size_t *out_len)
{
    char *out = xmalloc(3 * n + 1), *o = out;
    for (size_t i = 0; i < n;) {
        size_t k = bh_utf8_seq(s + i, n - i, NULL);
        if (k) {
            memcpy(o, s + i, k);
            o += k;
            i += k;
        } else {
            memcpy(o, "\xEF\xBF\xBD", 3); /* U+FFFD */
            o += 3;
            i++;
        }
    }
    *o = '\0';
    if (out_len)
        *out_len = (size_t)(o - out);
    return out;
}
