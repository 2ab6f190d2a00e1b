/* buf.c: growable printf buffer. SPDX-License-Identifier: MIT */
#include "buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

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

void buf_free(buf *b)
{
    free(b->p);
    b->p = NULL;
    b->len = b->cap = 0;
}
