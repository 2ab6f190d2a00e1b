/* net.c: libwebsockets context, HTTP mount for clients/web, TLS.
 * SPDX-License-Identifier: MIT
 * One lws context on the libev event loop (the default poll loop collapses at a few
 * thousand connections, DESIGN.md "net"). */
#include "net.h"

#include <ev.h>
#include <libwebsockets.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "log.h"
#include "xalloc.h"

struct net {
    struct lws_context *ctx;
    struct lws_http_mount mount;
    struct ev_loop *loop;   /* ours, lent to lws as a foreign loop */
    ev_signal sigint, sigterm;
    int port;
};

/* SIGINT/SIGTERM: leave ev_run; net_close then tears down (DESIGN.md shutdown). */
static void on_stop_signal(struct ev_loop *loop, ev_signal *w, int revents)
{
    (void)w;
    (void)revents;
    ev_break(loop, EVBREAK_ALL);
}

static const struct lws_protocols protocols[] = {
    {"http", lws_callback_http_dummy, 0, 0, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

int net_open(const net_config *cfg, net **out)
{
    if (cfg->tls && (!cfg->cert_path || !cfg->key_path))
        return BH_EINVAL;
    net *n = xcalloc(1, sizeof *n);
    n->mount.mountpoint = "/";
    n->mount.mountpoint_len = 1;
    n->mount.origin = cfg->web_root;
    n->mount.def = "index.html";
    n->mount.origin_protocol = LWSMPRO_FILE;

    lws_set_log_level(LLL_ERR | LLL_WARN, NULL);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = cfg->port; /* 0: the kernel picks a free port, see net_port() */
    info.iface = cfg->iface;
    info.protocols = protocols;
    info.mounts = &n->mount;
    n->loop = ev_loop_new(EVFLAG_AUTO);
    if (!n->loop) {
        free(n);
        return BH_EIO;
    }
    void *foreign[1] = {n->loop};
    info.foreign_loops = foreign;
    info.options = LWS_SERVER_OPTION_LIBEV | LWS_SERVER_OPTION_DISABLE_IPV6;
    if (cfg->tls) {
        info.options |= LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT;
        info.ssl_cert_filepath = cfg->cert_path;
        info.ssl_private_key_filepath = cfg->key_path;
    }
    n->ctx = lws_create_context(&info);
    if (!n->ctx) {
        log_error("net: cannot create the libwebsockets context on port %d", cfg->port);
        ev_loop_destroy(n->loop);
        free(n);
        return BH_EIO;
    }
    struct lws_vhost *vh = lws_get_vhost_by_name(n->ctx, "default");
    n->port = vh ? lws_get_vhost_listen_port(vh) : cfg->port;
    ev_signal_init(&n->sigint, on_stop_signal, SIGINT);
    ev_signal_init(&n->sigterm, on_stop_signal, SIGTERM);
    ev_signal_start(n->loop, &n->sigint);
    ev_signal_start(n->loop, &n->sigterm);
    *out = n;
    return BH_OK;
}

int net_port(const net *n)
{
    return n->port;
}

int net_run(net *n)
{
    ev_run(n->loop, 0);
    return BH_OK;
}

void net_stop(net *n)
{
    ev_break(n->loop, EVBREAK_ALL);
}

void net_close(net *n)
{
    if (!n)
        return;
    ev_signal_stop(n->loop, &n->sigint);
    ev_signal_stop(n->loop, &n->sigterm);
    lws_context_destroy(n->ctx);
    ev_loop_destroy(n->loop);
    free(n);
}
