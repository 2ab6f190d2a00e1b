/* theap.h: the timer heap: one binary min-heap of (deadline, id) for every flag and settle
 * window of every game, so the loop arms a single timer to the earliest (DESIGN.md "hub").
 * SPDX-License-Identifier: MIT
 * Indexed: each id (a small non-negative integer, e.g. a game slot) has at most one entry,
 * and theap_set moves it in O(log n). Ties on the deadline break by the smaller id. */
#ifndef BH_THEAP_H
#define BH_THEAP_H

#include <stdbool.h>
#include <stdint.h>

typedef struct theap theap;

/* New empty heap; never NULL (OOM aborts). Free with theap_free. */
theap *theap_new(void);

/* Free h; NULL is a no-op. */
void theap_free(theap *h);

/* Set id's deadline to at_us (monotonic µs), inserting or moving its entry. id must be
 * in 0..INT32_MAX-1; the heap grows its index to id. Returns BH_OK or BH_EINVAL. */
int theap_set(theap *h, int id, uint64_t at_us);

/* Remove id's entry if it has one. */
void theap_del(theap *h, int id);

/* The earliest entry: true and *id, *at_us set, or false if the heap is empty. */
bool theap_peek(const theap *h, int *id, uint64_t *at_us);

/* Number of entries. */
int theap_len(const theap *h);

#endif
