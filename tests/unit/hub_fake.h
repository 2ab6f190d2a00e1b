/* hub_fake.h: a fake transport for hub tests (no sockets): it records what the hub sends and
 * the timer it arms. Shared by test_hub.c and test_hub_tour.c. SPDX-License-Identifier: MIT */
#ifndef BH_HUB_FAKE_H
#define BH_HUB_FAKE_H

#include <stdint.h>
#include <string.h>

#define FAKE_MAX_MSGS 2048

typedef struct {
    int n;                        /* messages recorded (at most FAKE_MAX_MSGS) */
    uint64_t conn[FAKE_MAX_MSGS]; /* connection each message went to */
    char *msg[FAKE_MAX_MSGS];     /* the message text, malloc'd */
    uint64_t timer_at;            /* last instant the hub armed its timer for (µs) */
    int timer_calls;              /* how often it armed it */
} fake;

static inline void f_send(void *ctx, uint64_t c, const char *buf, size_t len)
{
    fake *f = ctx;
    if (f->n < FAKE_MAX_MSGS) {
        f->conn[f->n] = c;
        f->msg[f->n] = strndup(buf, len);
        f->n++;
    }
}

static inline void f_close(void *ctx, uint64_t c, const char *reason)
{
    (void)ctx, (void)c, (void)reason;
}

static inline void f_timer(void *ctx, uint64_t at)
{
    fake *f = ctx;
    f->timer_at = at;
    f->timer_calls++;
}

#endif
