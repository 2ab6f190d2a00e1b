/* wsclient.h: a small blocking WebSocket client on the libwebsockets client API, for tests,
 * bots and the load generator. SPDX-License-Identifier: MIT
 * One wsc_ctx (one lws context, its own poll loop) drives many connections; every blocking
 * call services the whole context, so messages for other connections are queued on them
 * meanwhile. Single-threaded. Messages are NUL-terminated copies owned by the caller. */
#ifndef BH_WSCLIENT_H
#define BH_WSCLIENT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct wsc_ctx wsc_ctx;
typedef struct wsc wsc;

typedef struct {
    const char *host; /* "127.0.0.1" */
    int port;
    bool tls;                /* wss (self-signed certificates are accepted) */
    const char *origin;      /* full Origin header value ("https://x.example"), NULL = none */
    const char *subprotocol; /* NULL = "bughouse.v1" */
    const char *path;        /* NULL = "/" */
} wsc_opts;

/* New context. Returns NULL if lws cannot create it (logged to stderr). */
wsc_ctx *wsc_ctx_new(void);

/* Close every connection of x and free it. NULL is a no-op. */
void wsc_ctx_free(wsc_ctx *x);

/* Connect and wait up to timeout_ms for the handshake. Returns the connection, or NULL when
 * refused, failed or timed out (the connection is freed then). */
wsc *wsc_connect(wsc_ctx *x, const wsc_opts *o, int timeout_ms);

/* Queue a text (or binary) message of len bytes (copied); written by the service loop.
 * Returns 0, or -1 if c is closed. wsc_send sends a NUL-terminated text. */
int wsc_send(wsc *c, const char *text);
int wsc_send_raw(wsc *c, const void *buf, size_t len, bool binary);

/* Wait up to timeout_ms for the next text message of c. Returns it (caller frees), or NULL
 * on timeout or when c is closed and its queue is empty. */
char *wsc_recv(wsc *c, int timeout_ms);

/* Wait up to timeout_ms for the next message of c whose "type" is type (a substring match
 * on "\"type\":\"<type>\""); earlier messages of other types are discarded. NULL if none. */
char *wsc_recv_type(wsc *c, const char *type, int timeout_ms);

/* Service the context for up to ms milliseconds (pings are answered in there). */
void wsc_pump(wsc_ctx *x, int ms);

/* True once the server closed c (or the connection failed). */
bool wsc_closed(const wsc *c);

/* Close code the server sent (e.g. 1008), 0 if none; reason copied into the connection
 * (borrowed, "" if none). */
int wsc_close_code(const wsc *c);
const char *wsc_close_reason(const wsc *c);

/* Number of queued, unread messages. */
int wsc_pending(const wsc *c);

/* Close c (if open) and free it. NULL is a no-op. */
void wsc_free(wsc *c);

#endif
