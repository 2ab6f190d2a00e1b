/* lean.h: a lean WebSocket client for the load generator: one epoll loop, non-blocking
 * sockets, optional TLS (OpenSSL, no certificate check: the server's development
 * certificate is self-signed), text frames only. SPDX-License-Identifier: MIT
 * Made for tens of thousands of connections in one thread: per connection a small struct,
 * one read buffer and one write buffer; no threads, no timers (the caller polls). Client
 * frames are masked with the key 0 (RFC 6455 requires a mask, servers do not check its
 * randomness), so masking costs nothing. */
#ifndef BH_LEAN_H
#define BH_LEAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct lc_loop lc_loop;
typedef struct lc_conn lc_conn;

typedef struct {
    void *ctx;
    /* The WebSocket handshake completed. */
    void (*on_open)(void *ctx, lc_conn *c);
    /* One text message; buf is NUL-terminated and borrowed; now_us = when it was read. */
    void (*on_text)(void *ctx, lc_conn *c, const char *buf, size_t len, int64_t now_us);
    /* The connection failed or closed (before or after opening); c is freed after this. */
    void (*on_close)(void *ctx, lc_conn *c, const char *why);
} lc_handlers;

/* A loop for connections to ip:port (IPv4 dotted), over TLS when tls. NULL on failure. */
lc_loop *lc_new(const char *ip, int port, bool tls, const lc_handlers *h);

/* Start a connection from the local address src (IPv4 dotted, port chosen by the kernel at
 * connect time, so every source address has its own range of ephemeral ports); user is
 * returned by lc_user. NULL when socket() or connect() fails at once (errno set). */
lc_conn *lc_connect(lc_loop *l, const char *src, void *user);

void *lc_user(const lc_conn *c);

/* Queue a text message and write what the socket takes. 0, or -1 if c is closing. */
int lc_send(lc_conn *c, const char *text, size_t len);

/* Wait up to timeout_ms for events and handle them. Returns the number of events. */
int lc_poll(lc_loop *l, int timeout_ms);

/* Number of connections not yet closed. */
int lc_count(const lc_loop *l);

/* Close every connection (no handlers are called) and free l. */
void lc_free(lc_loop *l);

/* Monotonic microseconds. */
int64_t lc_now_us(void);

#endif
