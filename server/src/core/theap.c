/* theap.c: indexed binary min-heap keyed by (deadline, id). SPDX-License-Identifier: MIT
 * pos_[id] is the entry's index in items_ or -1; every swap keeps it true. */
#include "theap.h"

#include <stdint.h>
#include <stdlib.h>

#include "bh.h"
#include "xalloc.h"

typedef struct {
    uint64_t at_us; /* deadline, monotonic µs */
    int id;         /* owner, e.g. a game slot */
} item;

struct theap {
    item *items_;
    int len_, cap_;
    int *pos_; /* by id: index in items_, or -1 */
    int npos_; /* length of pos_ */
};

theap *theap_new(void)
{
    return xcalloc(1, sizeof(theap));
}

void theap_free(theap *h)
{
    if (!h)
        return;
    free(h->items_);
    free(h->pos_);
    free(h);
}

static bool less(const item *a, const item *b)
{
    return a->at_us < b->at_us || (a->at_us == b->at_us && a->id < b->id);
}

static void place(theap *h, int i, item it)
{
    h->items_[i] = it;
    h->pos_[it.id] = i;
}

static void sift_up(theap *h, int i)
{
    item it = h->items_[i];
    while (i > 0) {
        int p = (i - 1) / 2;
        if (!less(&it, &h->items_[p]))
            break;
        place(h, i, h->items_[p]);
        i = p;
    }
    place(h, i, it);
}

static void sift_down(theap *h, int i)
{
    item it = h->items_[i];
    for (;;) {
        int c = 2 * i + 1;
        if (c >= h->len_)
            break;
        if (c + 1 < h->len_ && less(&h->items_[c + 1], &h->items_[c]))
            c++;
        if (!less(&h->items_[c], &it))
            break;
        place(h, i, h->items_[c]);
        i = c;
    }
    place(h, i, it);
}

int theap_set(theap *h, int id, uint64_t at_us)
{
    if (id < 0 || id >= INT32_MAX - 1)
        return BH_EINVAL;
    if (id >= h->npos_) {
        int n = h->npos_ ? h->npos_ : 16;
        while (n <= id)
            n *= 2;
        h->pos_ = xrealloc(h->pos_, (size_t)n * sizeof *h->pos_);
        for (int i = h->npos_; i < n; i++)
            h->pos_[i] = -1;
        h->npos_ = n;
    }
    int i = h->pos_[id];
    if (i >= 0) {
        uint64_t old = h->items_[i].at_us;
        h->items_[i].at_us = at_us;
        if (at_us < old)
            sift_up(h, i);
        else
            sift_down(h, i);
        return BH_OK;
    }
    BH_GROW(h->items_, h->len_, h->cap_);
    i = h->len_++;
    place(h, i, (item){at_us, id});
    sift_up(h, i);
    return BH_OK;
}

void theap_del(theap *h, int id)
{
    if (id < 0 || id >= h->npos_ || h->pos_[id] < 0)
        return;
    int i = h->pos_[id];
    h->pos_[id] = -1;
    h->len_--;
    if (i == h->len_)
        return;
    item last = h->items_[h->len_];
    place(h, i, last);
    sift_up(h, i);
    sift_down(h, h->pos_[last.id]);
}

bool theap_peek(const theap *h, int *id, uint64_t *at_us)
{
    if (h->len_ == 0)
        return false;
    *id = h->items_[0].id;
    *at_us = h->items_[0].at_us;
    return true;
}

int theap_len(const theap *h)
{
    return h->len_;
}
