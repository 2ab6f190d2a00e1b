/* net.h: the network shell: libwebsockets on a libev loop, TLS, static files, WebSocket
 * connections for the subprotocol bughouse.v1. SPDX-License-Identifier: MIT
 * The only module that includes libwebsockets; nothing here knows about chess or JSON.
 * Connections are named by a net_conn id (never a pointer), so a message for a connection
 * that has closed is simply dropped. Policy violations (binary frame, oversized message,
 * flood, foreign Origin) are reported to the owner through on_violation so that it can send
 * a typed error; net then closes the connection itself when the violation is fatal. */
#ifndef BH_NET_H
#define BH_NET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct net net;
typedef uint64_t net_conn; /* 0 is never a valid connection */

#define NET_SUBPROTOCOL "bughouse.v1"
#define NET_FEED_PREFIX "/feed/" /* the paths on_http answers */
#define NET_PATH_MAX 256         /* bytes of a feed's path */

/* The owner's answer to an HTTP request (net_handlers.on_http). */
typedef struct net_http_reply {
    int status;        /* HTTP status code */
    const char *ctype; /* Content-Type, static (e.g. "text/calendar; charset=utf-8") */
    char *body;        /* malloc'd, net frees it; NULL: an empty body */
    size_t len;        /* bytes of body */
} net_http_reply;

typedef struct {
    void *ctx; /* passed back to every callback */
    /* A WebSocket connection was established (Origin already accepted). */
    void (*on_open)(void *ctx, net_conn c);
    /* One complete text message (fragments joined). buf is borrowed for the call. */
    void (*on_text)(void *ctx, net_conn c, const char *buf, size_t len);
    /* A policy violation: code is BH_EJSON (binary frame), BH_ELIMIT (message too large),
     * BH_ERATE (flood) or BH_EAUTH (foreign Origin; field "origin"). When fatal, net closes
     * the connection (code 1008) after flushing what the owner queued in this callback. */
    void (*on_violation)(void *ctx, net_conn c, int code, const char *field, bool fatal);
    /* (BH_ELIMIT with field "connections", fatal: the remote address is over its cap; on_open
     * is not called for that connection.) */
    /* The connection is gone; c is never reused. */
    void (*on_close)(void *ctx, net_conn c);
    /* The deadline set with net_timer_set has passed. */
    void (*on_timer)(void *ctx);
    /* Once per loop turn, before the loop sleeps (libev prepare): the place to commit the
     * turn's store transaction and then hand the turn's replies to net_send. */
    void (*on_turn_end)(void *ctx);
    /* net_wake was called (from any thread): runs in the loop, then the turn ends as after
     * any event (on_turn_end). NULL: nothing to do. */
    void (*on_wake)(void *ctx);
    /* An HTTP GET of a path under NET_FEED_PREFIX (the feeds: nothing else is asked of the
     * owner; every other path is a static file of web_root; another method on a feed is
     * answered 405 with Allow: GET by net itself). path: the URL's path without the query
     * (borrowed for the call, at most NET_PATH_MAX bytes: a longer one is answered 414
     * without asking). The owner fills *r in the call (preset: 404, no body): status, ctype
     * (a static string), body (malloc'd: net frees it) of len bytes. NULL handler: 404 for
     * every feed. Not followed by on_turn_end: a feed only reads. */
    void (*on_http)(void *ctx, const char *path, struct net_http_reply *r);
} net_handlers;

typedef struct {
    const char *iface;          /* address to bind, e.g. "127.0.0.1"; NULL = all interfaces */
    int port;                   /* TCP port; 0 = let the kernel choose (see net_port) */
    bool tls;                   /* serve https/wss with cert_path and key_path */
    const char *cert_path;      /* PEM certificate chain (borrowed for net_open only) */
    const char *key_path;       /* PEM private key (borrowed for net_open only) */
    const char *web_root;       /* directory served over HTTP at "/" (borrowed; must outlive net) */
    const char *const *origins; /* extra allowed Origin values (exact match), NULL-terminated
                                 * or NULL; borrowed, must outlive net. Always allowed: no
                                 * Origin header, and an Origin whose host equals Host. */
    size_t max_msg_bytes;   /* larger messages are dropped with a non-fatal BH_ELIMIT; 0 = 8192 */
    size_t max_frame_bytes; /* a message growing past this is fatal BH_ELIMIT; 0 = 65536 */
    double rate_per_s;      /* sustained messages per second per connection; 0 = 20 */
    double rate_burst;      /* bucket size; 0 = 40 */
    int ping_s;             /* WebSocket ping after this many idle seconds; 0 = 30 */
    int idle_s;             /* close when no pong/traffic for this long; 0 = ping_s + 10 */
    int handshake_s;        /* close a TCP connection whose TLS and HTTP handshake (or an idle
                             * HTTP connection) takes longer; 0 = 10, at most idle_s */
    size_t max_queue_bytes; /* a slower reader is disconnected; 0 = 4 MiB */
    int max_conns_per_ip;   /* WebSocket connections from one remote address (loopback
                             * excluded); the next one gets BH_ELIMIT, field "connections",
                             * and is closed; 0 = no cap. The address's TCP connections
                             * (accepted sockets, TLS and HTTP handshakes included) are
                             * capped at this + 16: one more is closed at accept, unread */
    int max_conns_loopback; /* the same cap for loopback addresses (127/8, ::1); 0 = no cap */
    bool loopback_only;     /* serve only if the socket bound is on a loopback address (plain
                             * http: --no-tls); judged by the address bound, never the name */
} net_config;

/* Open the listening socket described by cfg with the handlers h (copied). First raises the
 * process's open-files limit as far as allowed (logged: it bounds the connections). On success
 * stores a new net in *out and returns BH_OK. Errors, each logged with its reason: BH_EINVAL
 * (TLS without cert or key; iface names no interface or IPv4 address), BH_EIO (the address
 * cannot be bound, e.g. the port is in use: the errno text is logged; or libwebsockets fails
 * otherwise), BH_EAUTH (loopback_only, and the socket bound is not on a loopback address:
 * nothing was served, the socket is closed). */
int net_open(const net_config *cfg, const net_handlers *h, net **out);

/* The IPv4 address iface stands for, resolved as libwebsockets resolves it (an interface of
 * that name first, then a numeric address; NULL: 0.0.0.0), as text into out; *loopback says
 * whether it is in 127.0.0.0/8. BH_OK, or BH_ENOTFOUND (no interface or address of that
 * name). For a clear early refusal; net_open checks the address actually bound. */
int net_resolve_iface(const char *iface, char out[16], bool *loopback);

/* The TCP port actually bound (useful with port 0). */
int net_port(const net *n);

/* The address the listening socket is bound to, as text ("127.0.0.1"); borrowed, lives as
 * long as n. */
const char *net_addr(const net *n);

/* Run the event loop until SIGINT or SIGTERM arrives (libev signal watchers: the handler
 * runs in the loop, not in signal context) or net_stop() is called. Returns BH_OK. */
int net_run(net *n);

/* Ask net_run to return after the current callback; loop thread only. */
void net_stop(net *n);

/* Send the text message buf[0..len) (copied; the caller keeps buf) to connection c: written
 * at once when nothing of c's waits to be written, else queued behind it for the writeable
 * callback. Loop thread only, outside lws's callbacks (the turn's end). Returns BH_OK (a
 * write the socket refused closes c at its next writeable callback), BH_ENOTFOUND if c is
 * closed, BH_ELIMIT if c's queue is over max_queue_bytes (c is then closed). */
int net_send(net *n, net_conn c, const char *buf, size_t len);

/* Give c its own message budget from now on: per_s messages a second sustained, burst at
 * once (the bucket starts full); the shell's decision for a role (a director's connection:
 * hub_io.budget). Unknown c, per_s <= 0 or burst < 1: a no-op. */
void net_conn_budget(net *n, net_conn c, double per_s, double burst);

/* The remote address of c into out (16 bytes, IPv4 as v4-mapped IPv6): true, or false (out
 * untouched) when c is unknown or its address could not be read. */
bool net_conn_addr(const net *n, net_conn c, unsigned char out[16]);

/* Close c (1008, reason as the close reason, e.g. an error name) once its queue is written.
 * Unknown c is a no-op. */
void net_close_conn(net *n, net_conn c, const char *reason);

/* Arm the single timer for the monotonic instant at_us (now_mono_us() scale); 0 disarms.
 * An instant in the past fires on the next loop turn. Replaces any earlier deadline. */
void net_timer_set(net *n, uint64_t at_us);

/* Wake the loop from any thread (libev ev_async): on_wake runs in it soon after. Calls made
 * before on_wake runs are merged into one. Not after net_close. */
void net_wake(net *n);

/* Close every connection cleanly (queued messages are written, then a 1001 "shutdown"
 * close frame; at most about half a second) and free n. No handler is called from here on.
 * NULL is a no-op. */
void net_close(net *n);

/* Write a new self-signed development certificate for CN=localhost (SAN localhost,
 * 127.0.0.1, ::1; EC P-256; one year) to cert_path and its key to key_path (mode 0600),
 * with the OpenSSL API. Returns BH_OK or BH_EIO (logged). */
int net_cert_make_dev(const char *cert_path, const char *key_path);

#endif
