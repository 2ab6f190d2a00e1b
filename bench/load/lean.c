/* lean.c: the load generator's WebSocket client: epoll, non-blocking sockets, OpenSSL
 * memory BIO-free non-blocking TLS (SSL on the socket), text frames. See lean.h.
 * SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "lean.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#ifndef IP_BIND_ADDRESS_NO_PORT
#define IP_BIND_ADDRESS_NO_PORT 24
#endif

enum { ST_TCP, ST_TLS, ST_WS, ST_OPEN };

struct lc_conn {
    lc_loop *l;
    int fd;
    SSL *ssl;
    int st;
    uint32_t mask;      /* epoll events registered */
    bool tls_wants_out; /* the TLS handshake waits for the socket to take bytes */
    bool dead;
    char why[128]; /* why it died, for on_close */
    char *rbuf;    /* received (decrypted) bytes not yet parsed */
    size_t rlen, rcap;
    char *wbuf; /* frames not yet written */
    size_t wlen, woff, wcap;
    void *user;
    lc_conn *prev, *next; /* all connections */
    lc_conn *dnext;       /* the dead list */
};

struct lc_loop {
    int ep;
    struct sockaddr_in dst;
    SSL_CTX *tls;
    lc_handlers h;
    lc_conn *all;
    lc_conn *dead;
    int count;
    char upgrade[512];
    size_t upgrade_len;
};

int64_t lc_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static void *xrealloc_or_die(void *p, size_t n)
{
    p = realloc(p, n);
    if (!p) {
        fprintf(stderr, "lean: out of memory\n");
        exit(1);
    }
    return p;
}

lc_loop *lc_new(const char *ip, int port, bool tls, const lc_handlers *h)
{
    lc_loop *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    l->h = *h;
    l->ep = epoll_create1(EPOLL_CLOEXEC);
    l->dst.sin_family = AF_INET;
    l->dst.sin_port = htons((uint16_t)port);
    if (l->ep < 0 || inet_pton(AF_INET, ip, &l->dst.sin_addr) != 1)
        goto fail;
    if (tls) {
        l->tls = SSL_CTX_new(TLS_client_method());
        if (!l->tls)
            goto fail;
        SSL_CTX_set_verify(l->tls, SSL_VERIFY_NONE, NULL);
        SSL_CTX_set_mode(l->tls, SSL_MODE_ENABLE_PARTIAL_WRITE |
                                     SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER |
                                     SSL_MODE_RELEASE_BUFFERS);
    }
    l->upgrade_len = (size_t)snprintf(l->upgrade, sizeof l->upgrade,
                                      "GET / HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\n"
                                      "Connection: Upgrade\r\n"
                                      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                                      "Sec-WebSocket-Version: 13\r\n"
                                      "Sec-WebSocket-Protocol: bughouse.v1\r\n\r\n",
                                      ip, port);
    return l;
fail:
    if (l->ep >= 0)
        close(l->ep);
    free(l);
    return NULL;
}

void *lc_user(const lc_conn *c)
{
    return c->user;
}

int lc_count(const lc_loop *l)
{
    return l->count;
}

static void set_mask(lc_conn *c)
{
    uint32_t want = EPOLLIN;
    if (c->st == ST_TCP || c->tls_wants_out || c->wlen > c->woff)
        want |= EPOLLOUT;
    if (want != c->mask && !c->dead) {
        struct epoll_event ev = {.events = want, .data.ptr = c};
        epoll_ctl(c->l->ep, EPOLL_CTL_MOD, c->fd, &ev);
        c->mask = want;
    }
}

static void kill_conn(lc_conn *c, const char *why)
{
    if (c->dead)
        return;
    c->dead = true;
    snprintf(c->why, sizeof c->why, "%s", why);
    c->dnext = c->l->dead;
    c->l->dead = c;
}

/* kill_conn after a failed SSL call (e = SSL_get_error): what, and OpenSSL's or the socket's
 * reason (a peer that closes the TCP connection without a close_notify is SSL_ERROR_SYSCALL
 * with errno 0, or "unexpected eof while reading" in OpenSSL 3). */
static void kill_tls(lc_conn *c, const char *what, int e)
{
    char why[128];
    unsigned long err = ERR_get_error();
    if (err)
        snprintf(why, sizeof why, "%s: %s", what, ERR_reason_error_string(err));
    else if (e == SSL_ERROR_SYSCALL)
        snprintf(why, sizeof why, "%s: %s", what, errno ? strerror(errno) : "eof");
    else
        snprintf(why, sizeof why, "%s: SSL error %d", what, e);
    ERR_clear_error();
    kill_conn(c, why);
}

static void free_conn(lc_loop *l, lc_conn *c)
{
    if (c->ssl)
        SSL_free(c->ssl);
    close(c->fd);
    free(c->rbuf);
    free(c->wbuf);
    if (c->prev)
        c->prev->next = c->next;
    else
        l->all = c->next;
    if (c->next)
        c->next->prev = c->prev;
    l->count--;
    free(c);
}

static void reap(lc_loop *l)
{
    while (l->dead) {
        lc_conn *c = l->dead;
        l->dead = c->dnext;
        if (l->h.on_close)
            l->h.on_close(l->h.ctx, c, c->why);
        free_conn(l, c);
    }
}

lc_conn *lc_connect(lc_loop *l, const char *src, void *user)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return NULL;
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    setsockopt(fd, IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, &one, sizeof one);
    struct sockaddr_in sa = {.sin_family = AF_INET};
    if (src && (inet_pton(AF_INET, src, &sa.sin_addr) != 1 ||
                bind(fd, (struct sockaddr *)&sa, sizeof sa) != 0))
        goto fail;
    if (connect(fd, (struct sockaddr *)&l->dst, sizeof l->dst) != 0 && errno != EINPROGRESS)
        goto fail;
    lc_conn *c = calloc(1, sizeof *c);
    if (!c)
        goto fail;
    c->l = l;
    c->fd = fd;
    c->user = user;
    c->st = ST_TCP;
    c->mask = EPOLLIN | EPOLLOUT;
    struct epoll_event ev = {.events = c->mask, .data.ptr = c};
    if (epoll_ctl(l->ep, EPOLL_CTL_ADD, fd, &ev) != 0) {
        free(c);
        goto fail;
    }
    c->next = l->all;
    if (l->all)
        l->all->prev = c;
    l->all = c;
    l->count++;
    return c;
fail : {
    int e = errno;
    close(fd);
    errno = e;
    return NULL;
}
}

static void queue(lc_conn *c, const void *p, size_t n)
{
    if (c->woff && c->woff == c->wlen)
        c->woff = c->wlen = 0;
    if (c->wlen + n > c->wcap) {
        if (c->woff) { /* compact first */
            memmove(c->wbuf, c->wbuf + c->woff, c->wlen - c->woff);
            c->wlen -= c->woff;
            c->woff = 0;
        }
        if (c->wlen + n > c->wcap) {
            c->wcap = c->wlen + n > 512 ? 2 * (c->wlen + n) : 512;
            c->wbuf = xrealloc_or_die(c->wbuf, c->wcap);
        }
    }
    memcpy(c->wbuf + c->wlen, p, n);
    c->wlen += n;
}

/* Write what the socket takes. */
static void flush(lc_conn *c)
{
    while (!c->dead && c->woff < c->wlen) {
        size_t n = c->wlen - c->woff;
        ssize_t w;
        if (c->ssl) {
            int r = SSL_write(c->ssl, c->wbuf + c->woff, (int)n);
            if (r <= 0) {
                int e = SSL_get_error(c->ssl, r);
                if (e != SSL_ERROR_WANT_WRITE && e != SSL_ERROR_WANT_READ)
                    kill_tls(c, "tls write failed", e);
                break;
            }
            w = r;
        } else {
            w = send(c->fd, c->wbuf + c->woff, n, MSG_NOSIGNAL);
            if (w < 0) {
                if (errno != EAGAIN && errno != EINTR)
                    kill_conn(c, "write failed");
                break;
            }
        }
        c->woff += (size_t)w;
    }
    if (c->woff == c->wlen)
        c->woff = c->wlen = 0;
}

static void frame(lc_conn *c, int op, const char *p, size_t n)
{
    unsigned char h[14];
    size_t k = 0;
    h[k++] = (unsigned char)(0x80 | op);
    if (n < 126) {
        h[k++] = (unsigned char)(0x80 | n);
    } else if (n < 65536) {
        h[k++] = 0x80 | 126;
        h[k++] = (unsigned char)(n >> 8);
        h[k++] = (unsigned char)n;
    } else {
        h[k++] = 0x80 | 127;
        for (int i = 7; i >= 0; i--)
            h[k++] = (unsigned char)((uint64_t)n >> (8 * i));
    }
    memset(h + k, 0, 4); /* mask key 0: the payload goes as it is */
    k += 4;
    queue(c, h, k);
    queue(c, p, n);
}

int lc_send(lc_conn *c, const char *text, size_t len)
{
    if (c->dead || c->st != ST_OPEN)
        return -1;
    frame(c, 1, text, len);
    flush(c);
    set_mask(c);
    return 0;
}

static void start_ws(lc_conn *c)
{
    c->st = ST_WS;
    queue(c, c->l->upgrade, c->l->upgrade_len);
    flush(c);
}

static void tls_step(lc_conn *c)
{
    int r = SSL_do_handshake(c->ssl);
    c->tls_wants_out = false;
    if (r == 1) {
        start_ws(c);
        return;
    }
    int e = SSL_get_error(c->ssl, r);
    if (e == SSL_ERROR_WANT_WRITE)
        c->tls_wants_out = true;
    else if (e != SSL_ERROR_WANT_READ)
        kill_tls(c, "tls handshake failed", e);
}

/* Parse the handshake reply and the frames in rbuf. */
static void parse(lc_conn *c, int64_t now)
{
    size_t off = 0;
    if (c->st == ST_WS) {
        c->rbuf[c->rlen] = '\0';
        char *end = strstr(c->rbuf, "\r\n\r\n");
        if (!end)
            return;
        if (strncmp(c->rbuf, "HTTP/1.1 101", 12) != 0) {
            kill_conn(c, "upgrade refused");
            return;
        }
        off = (size_t)(end + 4 - c->rbuf);
        c->st = ST_OPEN;
        if (c->l->h.on_open)
            c->l->h.on_open(c->l->h.ctx, c);
    }
    while (!c->dead && c->rlen - off >= 2) {
        const unsigned char *p = (const unsigned char *)c->rbuf + off;
        size_t avail = c->rlen - off, hdr = 2;
        int op = p[0] & 0x0f;
        uint64_t n = p[1] & 0x7f;
        if (n == 126) {
            if (avail < 4)
                break;
            n = (uint64_t)p[2] << 8 | p[3];
            hdr = 4;
        } else if (n == 127) {
            if (avail < 10)
                break;
            n = 0;
            for (int i = 0; i < 8; i++)
                n = n << 8 | p[2 + i];
            hdr = 10;
        }
        if (p[1] & 0x80)
            hdr += 4; /* servers do not mask; skip a key if one is there */
        if (avail < hdr + n)
            break;
        char *pl = c->rbuf + off + hdr;
        char save = pl[n];
        pl[n] = '\0';
        if (op == 1 || op == 0) {
            if (c->l->h.on_text)
                c->l->h.on_text(c->l->h.ctx, c, pl, (size_t)n, now);
        } else if (op == 9) {
            frame(c, 10, pl, (size_t)n);
            flush(c);
        } else if (op == 8) {
            char why[128];
            snprintf(why, sizeof why, "closed by the server%s%s", n > 2 ? ": " : "",
                     n > 2 ? pl + 2 : "");
            kill_conn(c, why);
        }
        pl[n] = save;
        off += hdr + (size_t)n;
    }
    if (off) {
        memmove(c->rbuf, c->rbuf + off, c->rlen - off);
        c->rlen -= off;
    }
}

static void read_all(lc_conn *c)
{
    int64_t now = lc_now_us();
    for (;;) {
        if (c->rcap - c->rlen < 2048) {
            c->rcap = c->rcap ? 2 * c->rcap : 4096;
            c->rbuf = xrealloc_or_die(c->rbuf, c->rcap);
        }
        size_t room = c->rcap - c->rlen - 1; /* one byte for a terminating NUL */
        ssize_t r;
        if (c->ssl) {
            int k = SSL_read(c->ssl, c->rbuf + c->rlen, (int)room);
            if (k <= 0) {
                int e = SSL_get_error(c->ssl, k);
                if (e == SSL_ERROR_ZERO_RETURN)
                    kill_conn(c, "eof");
                else if (e != SSL_ERROR_WANT_READ && e != SSL_ERROR_WANT_WRITE)
                    kill_tls(c, "tls read failed", e);
                break;
            }
            r = k;
        } else {
            r = recv(c->fd, c->rbuf + c->rlen, room, 0);
            if (r <= 0) {
                if (r == 0 || (errno != EAGAIN && errno != EINTR))
                    kill_conn(c, r == 0 ? "eof" : "read failed");
                break;
            }
        }
        c->rlen += (size_t)r;
        parse(c, now);
        if (c->dead || (size_t)r < room)
            break; /* a short read: the socket is drained (TLS: maybe a record left) */
    }
    if (c->ssl && !c->dead && SSL_pending(c->ssl) > 0)
        read_all(c);
}

static void handle(lc_conn *c, uint32_t ev)
{
    if (c->st == ST_TCP) {
        if (!(ev & (EPOLLOUT | EPOLLERR | EPOLLHUP)))
            return;
        int err = 0;
        socklen_t el = sizeof err;
        getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &el);
        if (err) {
            kill_conn(c, strerror(err));
            return;
        }
        if (c->l->tls) {
            c->ssl = SSL_new(c->l->tls);
            if (!c->ssl || SSL_set_fd(c->ssl, c->fd) != 1) {
                kill_conn(c, "SSL_new failed");
                return;
            }
            SSL_set_connect_state(c->ssl);
            c->st = ST_TLS;
            tls_step(c);
        } else {
            start_ws(c);
        }
        set_mask(c);
        return;
    }
    if (c->st == ST_TLS) {
        tls_step(c);
        if (c->st == ST_TLS) {
            set_mask(c);
            return;
        }
    }
    if (ev & EPOLLOUT)
        flush(c);
    if (ev & (EPOLLIN | EPOLLHUP | EPOLLERR))
        read_all(c);
    set_mask(c);
}

int lc_poll(lc_loop *l, int timeout_ms)
{
    struct epoll_event evs[512];
    int n = epoll_wait(l->ep, evs, 512, timeout_ms);
    for (int i = 0; i < n; i++) {
        lc_conn *c = evs[i].data.ptr;
        if (!c->dead)
            handle(c, evs[i].events);
    }
    reap(l);
    return n < 0 ? 0 : n;
}

void lc_free(lc_loop *l)
{
    if (!l)
        return;
    while (l->all)
        free_conn(l, l->all);
    if (l->tls)
        SSL_CTX_free(l->tls);
    close(l->ep);
    free(l);
}
