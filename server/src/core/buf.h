/* buf.h: a growable text buffer with printf-style appends, for writers of whole documents
 * (standings tables, TRF). SPDX-License-Identifier: MIT */
#ifndef BH_BUF_H
#define BH_BUF_H

#include <stddef.h>

/* Zero-initialise ({0}) before use. p is NUL-terminated after the first append and owned by
 * the buffer until the caller takes it (then free() it) or calls buf_free. */
typedef struct {
    char *p;    /* text, NUL-terminated; NULL before the first append */
    size_t len; /* bytes of text, NUL excluded */
    size_t cap; /* bytes allocated */
} buf;

/* Append printf(fmt, ...) to b, growing it as needed. Out of memory aborts (xalloc.h); an
 * encoding error from vsnprintf appends nothing. */
void buf_printf(buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Append the n bytes of s to b (s need not be NUL-terminated). Out of memory aborts. */
void buf_put(buf *b, const char *s, size_t n);

/* Append v in decimal digits (no printf: a hot encoder's integers). */
void buf_i64(buf *b, long long v);

/* b's text, "" when nothing was appended (never NULL), taken: the caller frees it and does not
 * use b again. Out of memory aborts. */
char *buf_take(buf *b);

/* Free b's text and reset it to empty. */
void buf_free(buf *b);

#endif
