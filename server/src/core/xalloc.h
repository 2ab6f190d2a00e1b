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

#endif
