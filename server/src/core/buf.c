/* buf.c: growable printf buffer. SPDX-License-Identifier: MIT */
#include "buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

void buf_printf(buf *b, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(b->p ? b->p + b->len : NULL, b->p ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (k < 0)
            return;
        if (b->p && b->len + (size_t)k < b->cap) {
            b->len += (size_t)k;
            return;
        }
        b->cap = 2 * (b->cap + (size_t)k) + 64;
        b->p = xrealloc(b->p, b->cap);
    }
}

void buf_put(buf *b, const char *s, size_t n)
{
    if (!b->p || b->len + n >= b->cap) {
        b->cap = 2 * (b->cap + n) + 64;
        b->p = xrealloc(b->p, b->cap);
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

void buf_i64(buf *b, long long v)
{
    char d[24], *p = d + sizeof d;
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    do
        *--p = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0)
        *--p = '-';
    buf_put(b, p, (size_t)(d + sizeof d - p));
}

char *buf_take(buf *b)
{
    if (!b->p)
        buf_put(b, "", 0);
    return b->p;
}

void buf_free(buf *b)
{
    free(b->p);
    b->p = NULL;
    b->len = b->cap = 0;
}
