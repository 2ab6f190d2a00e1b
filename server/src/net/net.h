/* net.h: the network shell: libwebsockets on its libev loop, TLS, static files.
 * SPDX-License-Identifier: MIT
 * The only module that includes libwebsockets; nothing here knows about chess. */
#ifndef BH_NET_H
#define BH_NET_H

#include <stdbool.h>

typedef struct net net;

typedef struct {
    const char *iface;    /* address to bind, e.g. "127.0.0.1"; NULL = all interfaces */
    int port;             /* TCP port; 0 = let the kernel choose (see net_port) */
    bool tls;             /* serve https/wss with cert_path and key_path */
    const char *cert_path; /* PEM certificate chain (borrowed for net_open only) */
    const char *key_path;  /* PEM private key (borrowed for net_open only) */
    const char *web_root;  /* directory served over HTTP at "/" (borrowed; must outlive net) */
} net_config;

/* Open the listening socket described by cfg. On success stores a new net in *out and
 * returns BH_OK; returns BH_EINVAL for a bad config (TLS without cert or key) and BH_EIO when
 * libwebsockets cannot create the context or bind (the reason is logged). */
int net_open(const net_config *cfg, net **out);

/* The TCP port actually bound (useful with port 0). */
int net_port(const net *n);

/* Run the event loop until SIGINT or SIGTERM arrives (libev signal watchers, so the
 * handler runs in the loop, not in signal context) or net_stop() is called from a callback
 * of this loop. Returns BH_OK. */
int net_run(net *n);

/* Ask net_run to return; call only from the loop's thread (a callback). */
void net_stop(net *n);

/* Close every connection and free n. NULL is a no-op. */
void net_close(net *n);

#endif
