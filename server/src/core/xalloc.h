/* xalloc.h: allocation that aborts on out-of-memory (as Redis zmalloc, h2o_mem_alloc).
 * Sizes that come from network input must be bounded before they reach these.
 * SPDX-License-Identifier: MIT */
#ifndef BH_XALLOC_H
#define BH_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* Zero the n bytes at p (a password, a token) through a volatile pointer: a wipe the compiler
 * may not drop as a dead store. */
void xwipe(void *p, size_t n);

/* Make room for one more element in the growable array arr of n used and cap allocated
 * (doubling, 8 at first). Out of memory aborts. */
#define BH_GROW(arr, n, cap)                                                                       \
    do {                                                                                           \
        if ((n) == (cap)) {                                                                        \
            (cap) = (cap) ? 2 * (cap) : 8;                                                         \
            (arr) = xrealloc((arr), (size_t)(cap) * sizeof *(arr));                                \
        }                                                                                          \
    } while (0)

#endif
