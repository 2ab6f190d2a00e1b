/* wsclient.c: blocking WebSocket client over one lws client context per wsc_ctx.
 * SPDX-License-Identifier: MIT
 * A 20 ms lws_sul tick bounds each lws_service() wait, so timeouts are honoured with the
 * default poll loop. Connections are kept in a list; lws holds a pointer to ours as user data
 * and CLIENT_CLOSED detaches it (the wsc stays valid until wsc_free). */
#include "wsclient.h"

#include <libwebsockets.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct msg {
    struct msg *next;
    size_t len;
    bool binary;
    unsigned char buf[]; /* LWS_PRE headroom (outgoing) + data + NUL */
} msg;

struct wsc {
    wsc_ctx *x;
    struct lws *wsi; /* NULL once closed */
    bool established, closed;
    int close_code;
    char close_reason[64];
    msg *in_head, *in_tail;   /* received */
    msg *out_head, *out_tail; /* to send */
    char *rx;                 /* message being reassembled */
    size_t rx_len;
    bool want_close;
    int npending;
};

struct wsc_ctx {
    struct lws_context *ctx;
    lws_sorted_usec_list_t tick;
};

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void on_tick(lws_sorted_usec_list_t *sul)
{
    wsc_ctx *x = lws_container_of(sul, wsc_ctx, tick);
    lws_sul_schedule(x->ctx, 0, &x->tick, on_tick, 20 * LWS_US_PER_MS);
}

static msg *msg_new(const void *buf, size_t len, bool binary, size_t pre)
{
    msg *m = malloc(sizeof *m + pre + len + 1);
    if (!m)
        abort();
    m->next = NULL;
    m->len = len;
    m->binary = binary;
    memcpy(m->buf + pre, buf, len);
    m->buf[pre + len] = '\0';
    return m;
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                    size_t len)
{
    wsc *c = lws_get_opaque_user_data(wsi);
    (void)user;
    switch (reason) {
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        if (c)
            c->established = true;
        break;
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
        if (c) {
            c->closed = true;
            c->wsi = NULL;
            snprintf(c->close_reason, sizeof c->close_reason, "%s",
                     in ? (const char *)in : "connection error");
        }
        break;
    case LWS_CALLBACK_CLIENT_RECEIVE:
        if (!c)
            break;
        if (lws_is_first_fragment(wsi))
            c->rx_len = 0;
        c->rx = realloc(c->rx, c->rx_len + len + 1);
        if (!c->rx)
            abort();
        memcpy(c->rx + c->rx_len, in, len);
        c->rx_len += len;
        if (lws_is_final_fragment(wsi)) {
            msg *m = msg_new(c->rx, c->rx_len, lws_frame_is_binary(wsi), 0);
            if (c->in_tail)
                c->in_tail->next = m;
            else
                c->in_head = m;
            c->in_tail = m;
            c->npending++;
            c->rx_len = 0;
        }
        break;
    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
        if (c && len >= 2) {
            const unsigned char *p = in;
            c->close_code = p[0] << 8 | p[1];
            size_t n = len - 2 < sizeof c->close_reason - 1 ? len - 2 : sizeof c->close_reason - 1;
            memcpy(c->close_reason, p + 2, n);
            c->close_reason[n] = '\0';
        }
        break;
    case LWS_CALLBACK_CLIENT_WRITEABLE: {
        if (!c)
            break;
        if (c->want_close && !c->out_head) {
            lws_close_reason(wsi, LWS_CLOSE_STATUS_NORMAL, NULL, 0);
            return -1;
        }
        msg *m = c->out_head;
        if (!m)
            break;
        int wrote =
            lws_write(wsi, m->buf + LWS_PRE, m->len, m->binary ? LWS_WRITE_BINARY : LWS_WRITE_TEXT);
        if (wrote < (int)m->len)
            return -1;
        c->out_head = m->next;
        if (!c->out_head)
            c->out_tail = NULL;
        free(m);
        if (c->out_head || c->want_close)
            lws_callback_on_writable(wsi);
        break;
    }
    case LWS_CALLBACK_CLIENT_CLOSED:
        if (c) {
            c->closed = true;
            c->wsi = NULL;
        }
        break;
    default: break;
    }
    return 0;
}

static const struct lws_protocols protocols[] = {
    {"bughouse.v1", callback, 0, 65536, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

wsc_ctx *wsc_ctx_new(void)
{
    wsc_ctx *x = calloc(1, sizeof *x);
    if (!x)
        abort();
    lws_set_log_level(LLL_ERR, NULL);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = protocols;
    info.options = LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT | LWS_SERVER_OPTION_JUST_USE_RAW_ORIGIN;
    x->ctx = lws_create_context(&info);
    if (!x->ctx) {
        fprintf(stderr, "wsclient: cannot create an lws context\n");
        free(x);
        return NULL;
    }
    lws_sul_schedule(x->ctx, 0, &x->tick, on_tick, 20 * LWS_US_PER_MS);
    return x;
}

void wsc_ctx_free(wsc_ctx *x)
{
    if (!x)
        return;
    lws_context_destroy(x->ctx);
    free(x);
}

void wsc_pump(wsc_ctx *x, int ms)
{
    long long end = now_ms() + ms;
    do
        lws_service(x->ctx, 0);
    while (now_ms() < end);
}

wsc *wsc_connect(wsc_ctx *x, const wsc_opts *o, int timeout_ms)
{
    wsc *c = calloc(1, sizeof *c);
    if (!c)
        abort();
    c->x = x;
    struct lws_client_connect_info i;
    memset(&i, 0, sizeof i);
    i.context = x->ctx;
    i.address = o->host;
    i.port = o->port;
    i.path = o->path ? o->path : "/";
    /* Host with the port, as browsers send it (the server's same-origin check compares the
     * Origin's host[:port] with it). */
    char host[300];
    snprintf(host, sizeof host, "%s:%d", o->host, o->port);
    i.host = host;
    i.origin = o->origin;
    i.protocol = o->subprotocol ? o->subprotocol : "bughouse.v1";
    i.ssl_connection = o->tls ? LCCSCF_USE_SSL | LCCSCF_ALLOW_SELFSIGNED |
                                    LCCSCF_SKIP_SERVER_CERT_HOSTNAME_CHECK | LCCSCF_ALLOW_INSECURE |
                                    LCCSCF_ALLOW_EXPIRED
                              : 0;
    i.opaque_user_data = c;
    i.pwsi = &c->wsi;
    if (!lws_client_connect_via_info(&i)) {
        free(c);
        return NULL;
    }
    long long end = now_ms() + timeout_ms;
    while (!c->established && !c->closed && now_ms() < end)
        lws_service(x->ctx, 0);
    if (!c->established) {
        wsc_free(c);
        return NULL;
    }
    return c;
}

int wsc_send_raw(wsc *c, const void *buf, size_t len, bool binary)
{
    if (c->closed || !c->wsi)
        return -1;
    msg *m = msg_new(buf, len, binary, LWS_PRE);
    if (c->out_tail)
        c->out_tail->next = m;
    else
        c->out_head = m;
    c->out_tail = m;
    lws_callback_on_writable(c->wsi);
    return 0;
}

int wsc_send(wsc *c, const char *text)
{
    return wsc_send_raw(c, text, strlen(text), false);
}

char *wsc_recv(wsc *c, int timeout_ms)
{
    long long end = now_ms() + timeout_ms;
    for (;;) {
        while (c->in_head) {
            msg *m = c->in_head;
            c->in_head = m->next;
            if (!c->in_head)
                c->in_tail = NULL;
            c->npending--;
            if (m->binary) {
                free(m);
                continue;
            }
            char *s = malloc(m->len + 1);
            if (!s)
                abort();
            memcpy(s, m->buf, m->len + 1);
            free(m);
            return s;
        }
        if (c->closed || now_ms() >= end)
            return NULL;
        lws_service(c->x->ctx, 0);
    }
}

char *wsc_recv_type(wsc *c, const char *type, int timeout_ms)
{
    char want[64];
    snprintf(want, sizeof want, "\"type\":\"%s\"", type);
    long long end = now_ms() + timeout_ms;
    for (;;) {
        long long left = end - now_ms();
        char *s = wsc_recv(c, left > 0 ? (int)left : 0);
        if (!s || strstr(s, want))
            return s;
        free(s);
    }
}

bool wsc_closed(const wsc *c)
{
    return c->closed;
}

int wsc_close_code(const wsc *c)
{
    return c->close_code;
}

const char *wsc_close_reason(const wsc *c)
{
    return c->close_reason;
}

int wsc_pending(const wsc *c)
{
    return c->npending;
}

void wsc_free(wsc *c)
{
    if (!c)
        return;
    if (c->wsi && !c->closed) {
        c->want_close = true;
        lws_callback_on_writable(c->wsi);
        long long end = now_ms() + 500;
        while (!c->closed && now_ms() < end)
            lws_service(c->x->ctx, 0);
    }
    if (c->wsi)
        lws_set_opaque_user_data(c->wsi, NULL);
    for (msg *m = c->in_head, *n; m; m = n) {
        n = m->next;
        free(m);
    }
    for (msg *m = c->out_head, *n; m; m = n) {
        n = m->next;
        free(m);
    }
    free(c->rx);
    free(c);
}
