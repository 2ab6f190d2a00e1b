/* hub_fake.h: a fake transport for hub tests (no sockets): it records what the hub sends and
 * the timer it arms, and the helpers that read it. Shared by test_hub.c, test_hub_tour.c and
 * test_hub_dir.c. SPDX-License-Identifier: MIT */
#ifndef BH_HUB_FAKE_H
#define BH_HUB_FAKE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auth.h"
#include "bh_test.h"
#include "hub.h"
#include "store.h"

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

/* Forget the recorded messages. */
static inline void f_clear(fake *f)
{
    for (int i = 0; i < f->n; i++)
        free(f->msg[i]);
    f->n = 0;
}

/* How many messages to conn contain needle. */
static inline int f_count(const fake *f, uint64_t conn, const char *needle)
{
    int n = 0;
    for (int i = 0; i < f->n; i++)
        n += f->conn[i] == conn && strstr(f->msg[i], needle) != NULL;
    return n;
}

/* The last message to conn containing needle, or NULL. */
static inline const char *f_last(const fake *f, uint64_t conn, const char *needle)
{
    for (int i = f->n - 1; i >= 0; i--)
        if (f->conn[i] == conn && strstr(f->msg[i], needle))
            return f->msg[i];
    return NULL;
}

/* The integer after "key": in json, or -1. */
static inline long long jint(const char *json, const char *key)
{
    char k[64];
    snprintf(k, sizeof k, "\"%s\":", key);
    const char *p = json ? strstr(json, k) : NULL;
    return p ? strtoll(p + strlen(k), NULL, 10) : -1;
}

/* The string value after "key":" in json into out (cap bytes), "" when none. */
static inline void jstr(const char *json, const char *key, char *out, size_t cap)
{
    char k[64];
    snprintf(k, sizeof k, "\"%s\":\"", key);
    const char *p = json ? strstr(json, k) : NULL;
    out[0] = '\0';
    if (!p)
        return;
    p += strlen(k);
    size_t n = strcspn(p, "\"");
    snprintf(out, cap, "%.*s", (int)(n < cap ? n : cap - 1), p);
}

/* Fire h's timer at its armed instants (f->timer_at) until nothing is armed or until `until`. */
static inline void f_run_timers(fake *f, hub *h, uint64_t until)
{
    for (int i = 0; i < 1000 && f->timer_at && f->timer_at <= until; i++) {
        uint64_t at = f->timer_at;
        f->timer_at = 0; /* fired: the hub re-arms it if anything is left */
        hub_on_timer(h, at);
        hub_turn_end(h);
    }
}

/* Open the sqlite store at dbpath (its files removed first when fresh) and a hub on it:
 * ruleset `rules`, director token `admin`, recovery policy resume, every send and timer
 * recorded in f, started at now (µs). *st and *h are set; returns BH_OK or the error of
 * store_open / hub_new. */
static inline int f_open_hub(const char *dbpath, bool fresh, const char *rules, const char *admin,
                             fake *f, uint64_t now, store **st, hub **h)
{
    if (fresh)
        bh_test_rm_db(dbpath);
    int rc = store_open(dbpath, st);
    if (rc != BH_OK)
        return rc;
    hub_config cfg = {.recovery = HUB_RECOVER_RESUME};
    snprintf(cfg.ruleset, sizeof cfg.ruleset, "%s", rules);
    auth_hash(admin, cfg.admin_hash);
    hub_io io = {f, f_send, f_close, f_timer, NULL, NULL};
    return hub_new(*st, &cfg, &io, now, h);
}

/* Free the hub and close its store; forget f's messages. */
static inline void f_close_hub(fake *f, store *st, hub *h)
{
    hub_free(h);
    store_close(st);
    f_clear(f);
}

#endif
