/* net.c: libwebsockets context on a libev loop: HTTP mount for clients/web, WebSocket
 * sessions of bughouse.v1 with fragment reassembly, send queues, limits and one timer.
 * SPDX-License-Identifier: MIT
 * lws owns the per-session memory and holds only the id of our session (slot + generation),
 * which we free on LWS_CALLBACK_CLOSED. A turn's messages to a connection leave in one write
 * after the turn (net_send corks them, see cork_flush); what the socket cannot take then waits
 * in the connection's queue for SERVER_WRITEABLE (STYLE.md section 7). */
#define _GNU_SOURCE /* RUSAGE_THREAD: BH_LOOP_TRACE counts the loop thread's own faults */
#include "net.h"

#include <ev.h>
#include <libwebsockets.h>
#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <openssl/ssl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bh.h"
#include "log.h"
#include "now.h"
#include "xalloc.h"

/* The TLS server profile (certs/README.md): Mozilla's "intermediate" configuration, version 5.7,
 * for TLS 1.2 without its finite-field DHE suites; TLS 1.3's three AEAD suites. */
#define TLS12_CIPHERS                                                                              \
    "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-GCM-SHA384:"     \
    "ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305"
#define TLS13_CIPHERS "TLS_AES_128_GCM_SHA256:TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256"

typedef struct out_msg {
    struct out_msg *next;
    size_t len;
    unsigned char buf[]; /* LWS_PRE bytes of headroom, then len bytes of text */
} out_msg;

typedef struct {
    struct lws *wsi;
    net_conn id;
    char *rx; /* the message being reassembled */
    size_t rx_len, rx_cap;
    bool rx_binary;  /* the current message is a binary frame */
    bool rx_discard; /* the current message went over max_msg_bytes */
    out_msg *head, *tail;
    size_t queued;                 /* bytes in the queue */
    bool closing;                  /* close once the queue is written */
    bool close_sent;               /* the close frame is on its way: lws awaits the peer's ack */
    int close_code;                /* 1008 policy violation, 1001 going away */
    char reason[32];               /* close reason */
    double tokens;                 /* rate-limit bucket */
    double rate_per_s, rate_burst; /* its budget: the config's, or net_conn_budget's */
    uint64_t tokens_at_us;
    uint64_t rx_us;         /* last traffic from the peer (messages, pongs) */
    bool want_ping;         /* a ping is to be written */
    bool pinged;            /* a ping went out since rx_us */
    unsigned char addr[16]; /* remote address (IPv4 as v4-mapped IPv6) */
    bool counted;           /* counted in net.ips */
    bool broken;            /* a direct write failed: the next writeable callback closes */
    bool overflowed;        /* went over max_queue_bytes: closing, and nothing more is sent */
    uint32_t cork_first;    /* its first and last frame in net.cork (index + 1; 0: none) */
    uint32_t cork_last;
    size_t corked; /* bytes of its frames there */
} sess;

/* A frame corked for the end of the turn: bytes [off, off+len) of net.cork_buf, written
 * after the frame before it to the same connection (next: index + 1 of the one after; 0: the
 * last). */
typedef struct {
    net_conn id;
    size_t off, len;
    uint32_t next;
} cork_frame;

/* Connections per remote address (for the per-address caps): the open WebSocket connections
 * (n) and the accepted TCP connections (tcp: every socket from accept to close, TLS and HTTP
 * handshakes included, WebSocket ones too). Freed when both are 0. */
typedef struct ipcount {
    unsigned char addr[16];
    int n;
    int tcp;
    struct ipcount *next;
} ipcount;

/* An accepted TCP connection counted in its address's ipcount.tcp until lws destroys its wsi
 * (WSI_DESTROY comes after the socket is closed, so the wsi, not the descriptor, is the key). */
typedef struct tcpconn {
    const struct lws *wsi;
    unsigned char addr[16];
    struct tcpconn *next;
} tcpconn;

/* lws's keepalive ("validity") policy for our vhost: none (a hang-up of 0 s turns it off in
 * _lws_validity_confirmed_role). With no policy given, lws 4.1 takes its default one (ping at
 * 300 s, hang up at 310 s) and inserts each connection's validity timer into one sorted list
 * of every connection's timers on ESTABLISHED and on every pong, always at the tail: a walk of
 * the whole list, O(connections). Measured with perf while 4,900 wss games set up: 90-94 % of
 * the server's CPU in lws_dll2_add_sorted; once the first connections had been silent for
 * ping_s (30 s) their pongs took the whole loop, the handshakes stalled at ~16,000
 * connections and on_sweep hung up the connections it had not heard from within idle_s (the
 * client's "tls read failed"). Pings and idle hang-ups come from on_sweep alone. */
static const lws_retry_bo_t no_validity = {.secs_since_valid_ping = 0,
                                           .secs_since_valid_hangup = 0};

/* ---- BH_LOOP_TRACE: the loop's turns measured ----------------------------------------
 * With BH_LOOP_TRACE in the environment (its value: the slow-turn threshold in ms, default 5)
 * the loop measures each turn: from the poll's return (ev_check, run first) to the end of
 * on_turn_end (ev_prepare, before the next poll). A reply can wait at most a turn for the
 * turn's commit and then for the writes of the next one, so the longest turns bound the
 * tail of send-to-opponent latency that the server itself adds (bench/load's 15-minute
 * window). Every 60 s it logs the interval's turns: count, p50/p99/max of
 * their lengths, the share of the time the loop was busy, and the slowest turn split into
 * its parts; every turn over the threshold is logged alone. Off (lt NULL) it costs one
 * pointer test per callback. */
#define LT_BUCKET_US 10u
#define LT_BUCKETS 10001u /* 10 µs buckets up to 100 ms; the last one holds longer turns */
#define LT_REPORT_US 60000000u

typedef struct {
    uint64_t len_us, rx_us, wr_us, timer_us, end_us; /* the turn and its parts */
    uint64_t cpu_us;    /* the loop thread's CPU time in it (CLOCK_THREAD_CPUTIME_ID) */
    int rx, wr, timers; /* callbacks in it */
    long minflt, majflt, nvcsw, nivcsw; /* page faults; waits (blocked), preemptions in it */
} lt_turn;

typedef struct {
    uint64_t slow_us;
    uint64_t t0, since; /* this turn's start (0 outside one); this interval's start */
    uint64_t turns, busy_us, slow;
    lt_turn cur, worst;
    struct rusage ru0; /* at this turn's start */
    uint64_t cpu0;     /* the thread's CPU time at this turn's start */
    uint64_t off_us;   /* this interval: wall time of turns beyond their CPU time */
    uint64_t steal0;   /* the machine's steal (now_steal_us) at the interval's start */
    uint32_t hist[LT_BUCKETS];
} looptrace;

static looptrace *lt_new(void)
{
    const char *e = getenv("BH_LOOP_TRACE");
    if (!e)
        return NULL;
    looptrace *t = xcalloc(1, sizeof *t);
    double ms = atof(e);
    t->slow_us = (uint64_t)((ms > 0 ? ms : 5.0) * 1000.0);
    t->since = now_mono_us();
    t->steal0 = now_steal_us();
    log_info("net: BH_LOOP_TRACE: turns over %.1f ms logged, a summary every 60 s",
             (double)t->slow_us / 1000.0);
    return t;
}

static uint64_t lt_pct(const looptrace *t, double q)
{
    uint64_t want = (uint64_t)((double)t->turns * q), seen = 0;
    for (uint32_t b = 0; b < LT_BUCKETS; b++)
        if ((seen += t->hist[b]) > want)
            return (uint64_t)b * LT_BUCKET_US;
    return (uint64_t)(LT_BUCKETS - 1) * LT_BUCKET_US;
}

static void lt_turn_log(const char *what, const lt_turn *u)
{
    log_info("net: loop %s %.2f ms (on CPU %.2f ms): %d reads %.2f ms, %d writes %.2f ms, %d "
             "timers %.2f ms, "
             "turn end %.2f ms, %ld+%ld page faults, %ld waits, %ld preemptions",
             what, (double)u->len_us / 1e3, (double)u->cpu_us / 1e3, u->rx, (double)u->rx_us / 1e3,
             u->wr, (double)u->wr_us / 1e3, u->timers, (double)u->timer_us / 1e3,
             (double)u->end_us / 1e3, u->minflt, u->majflt, u->nvcsw, u->nivcsw);
}

/* The poll returned: a turn starts. */
static void lt_begin(looptrace *t)
{
    memset(&t->cur, 0, sizeof t->cur);
    getrusage(RUSAGE_THREAD, &t->ru0);
    t->cpu0 = now_thread_cpu_us();
    t->t0 = now_mono_us();
}

/* The turn ended at now (after on_turn_end, whose share was end_us). */
static void lt_end(looptrace *t, uint64_t now, uint64_t end_us)
{
    if (!t->t0)
        return; /* the first prepare, before any poll */
    struct rusage ru;
    getrusage(RUSAGE_THREAD, &ru);
    lt_turn *u = &t->cur;
    u->len_us = now - t->t0;
    u->cpu_us = now_thread_cpu_us() - t->cpu0;
    if (u->len_us > u->cpu_us)
        t->off_us += u->len_us - u->cpu_us;
    u->end_us = end_us;
    u->minflt = ru.ru_minflt - t->ru0.ru_minflt;
    u->majflt = ru.ru_majflt - t->ru0.ru_majflt;
    u->nvcsw = ru.ru_nvcsw - t->ru0.ru_nvcsw;
    u->nivcsw = ru.ru_nivcsw - t->ru0.ru_nivcsw;
    t->t0 = 0;
    uint64_t b = u->len_us / LT_BUCKET_US;
    t->hist[b < LT_BUCKETS ? b : LT_BUCKETS - 1]++;
    t->turns++;
    t->busy_us += u->len_us;
    if (u->len_us > t->worst.len_us)
        t->worst = *u;
    if (u->len_us > t->slow_us) {
        t->slow++;
        lt_turn_log("turn", u);
    }
    if (now - t->since < LT_REPORT_US)
        return;
    uint64_t steal = now_steal_us();
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    double steal_pct = ncpu > 0 && t->steal0 ? 100.0 * (double)(steal - t->steal0) / (double)ncpu /
                                                   (double)(now - t->since)
                                             : -1.0;
    log_info("net: loop %.0f s: %llu turns, p50 %.2f ms, p99 %.2f ms, max %.2f ms, busy %.1f %%, "
             "%llu over %.1f ms; turns off CPU %.0f ms in all; the machine's steal %.1f %%",
             (double)(now - t->since) / 1e6, (unsigned long long)t->turns,
             (double)lt_pct(t, 0.50) / 1e3, (double)lt_pct(t, 0.99) / 1e3,
             (double)t->worst.len_us / 1e3, 100.0 * (double)t->busy_us / (double)(now - t->since),
             (unsigned long long)t->slow, (double)t->slow_us / 1e3, (double)t->off_us / 1e3,
             steal_pct);
    lt_turn_log("interval's slowest turn", &t->worst);
    uint64_t slow_us = t->slow_us;
    memset(t, 0, sizeof *t);
    t->slow_us = slow_us;
    t->since = now;
    t->steal0 = steal;
}

/* One callback of the turn took since..now: counted in *n, its time in *us. */
#define LT_TIMED(lt, field_n, field_us, stmt)                                                      \
    do {                                                                                           \
        uint64_t lt_s_ = (lt) && (lt)->t0 ? now_mono_us() : 0;                                     \
        stmt;                                                                                      \
        if (lt_s_) {                                                                               \
            (lt)->cur.field_n++;                                                                   \
            (lt)->cur.field_us += now_mono_us() - lt_s_;                                           \
        }                                                                                          \
    } while (0)

#define NET_IP_BUCKETS 4096
/* TCP connections one address may hold beyond its WebSocket cap: a browser's page loads (up to
 * six HTTP connections per host) and the upgrade that gets the typed refusal. */
#define NET_TCP_SLACK 16
/* Open-files limit asked for at start: 4 per game, so about 65,000 games. */
#define NET_NOFILE_WANT 262144

/* What lws keeps per connection: only our id. */
typedef struct {
    net_conn id;
    bool origin_bad; /* decided in FILTER_PROTOCOL_CONNECTION, acted on in ESTABLISHED */
} pss;

/* What lws keeps per HTTP request of a feed: the response body until it is written. */
typedef struct {
    unsigned char *buf; /* LWS_PRE bytes of headroom, then the body */
    size_t len;         /* bytes of body */
} http_pss;

struct net {
    struct lws_context *ctx;
    struct lws_http_mount mount;
    struct lws_http_mount feed_mount; /* NET_FEED_PREFIX: http_callback */
    struct lws_protocols protocols[3];
    struct ev_loop *loop; /* ours, lent to lws as a foreign loop */
    ev_signal sigint, sigterm;
    ev_timer timer;
    ev_timer kick;  /* wakes lws's timer list, see on_kick */
    ev_timer sweep; /* pings and idle hang-ups, see on_sweep */
    ev_prepare prepare;
    ev_check check; /* BH_LOOP_TRACE: a turn starts when the poll returns */
    ev_async wake;  /* net_wake from another thread: on_wake in the loop */
    net_handlers h;
    net_config cfg;
    int port;
    char addr[INET6_ADDRSTRLEN]; /* the address bound */
    sess **slots;                /* by slot index; NULL when free */
    uint32_t *gen;               /* generation per slot, bumped on free */
    uint32_t nslots;
    uint32_t *freeslot; /* stack of free slot indexes (nfree of them) */
    uint32_t nfree;
    ipcount *ips[NET_IP_BUCKETS];
    tcpconn *tcps[NET_IP_BUCKETS]; /* by wsi */
    uint64_t refused_log_us;       /* the last TCP refusal logged (one a second) */
    long refused_quiet;            /* TCP refusals since, not logged */
    int nconn;
    bool destroying;         /* inside net_close: no callbacks to the owner any more */
    looptrace *lt;           /* BH_LOOP_TRACE set: the turns measured; NULL otherwise */
    bool corking;            /* inside on_turn_end: net_send corks, cork_flush writes after it */
    unsigned char *cork_buf; /* the corked frames, header and payload, in the order sent */
    size_t cork_len, cork_cap;
    cork_frame *cork;
    uint32_t ncork, capcork;
    unsigned char *scratch; /* one connection's frames gathered for its write */
    size_t scratch_cap;
};

#define SLOT(id) ((uint32_t)((id)&0xffffffffu))
#define GEN(id) ((uint32_t)((id) >> 32))

static sess *find(const net *n, net_conn id)
{
    uint32_t s = SLOT(id);
    if (s >= n->nslots || !n->slots[s] || n->slots[s]->id != id)
        return NULL;
    return n->slots[s];
}

static sess *sess_new(net *n, struct lws *wsi)
{
    if (!n->nfree) {
        uint32_t m = n->nslots ? 2 * n->nslots : 64;
        n->slots = xrealloc(n->slots, m * sizeof *n->slots);
        n->gen = xrealloc(n->gen, m * sizeof *n->gen);
        n->freeslot = xrealloc(n->freeslot, m * sizeof *n->freeslot);
        for (uint32_t i = m; i-- > n->nslots;) { /* lowest slot on top */
            n->slots[i] = NULL;
            n->gen[i] = 1;
            n->freeslot[n->nfree++] = i;
        }
        n->nslots = m;
    }
    uint32_t s = n->freeslot[--n->nfree];
    sess *x = xcalloc(1, sizeof *x);
    x->wsi = wsi;
    x->id = ((uint64_t)n->gen[s] << 32) | s;
    x->rate_per_s = n->cfg.rate_per_s;
    x->rate_burst = n->cfg.rate_burst;
    x->tokens = x->rate_burst;
    x->tokens_at_us = now_mono_us();
    x->rx_us = x->tokens_at_us;
    n->slots[s] = x;
    n->nconn++;
    return x;
}

static void ip_uncount(net *n, const unsigned char addr[16]);

static void sess_free(net *n, sess *x)
{
    uint32_t s = SLOT(x->id);
    n->slots[s] = NULL;
    n->gen[s]++;
    n->freeslot[n->nfree++] = s;
    n->nconn--;
    if (x->counted)
        ip_uncount(n, x->addr);
    for (out_msg *m = x->head, *next; m; m = next) {
        next = m->next;
        free(m);
    }
    free(x->rx);
    free(x);
}

/* ---- connections per remote address ------------------------------------------------------ */

static unsigned ip_bucket(const unsigned char a[16])
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (int i = 0; i < 16; i++)
        h = (h ^ a[i]) * 16777619u;
    return h % NET_IP_BUCKETS;
}

static ipcount **ip_find(net *n, const unsigned char a[16])
{
    ipcount **p = &n->ips[ip_bucket(a)];
    while (*p && memcmp((*p)->addr, a, 16) != 0)
        p = &(*p)->next;
    return p;
}

static void ip_release(ipcount **p)
{
    if (*p && (*p)->n == 0 && (*p)->tcp == 0) {
        ipcount *dead = *p;
        *p = dead->next;
        free(dead);
    }
}

static void ip_uncount(net *n, const unsigned char addr[16])
{
    ipcount **p = ip_find(n, addr);
    if (*p && (*p)->n > 0) {
        (*p)->n--;
        ip_release(p);
    }
}

/* The remote address of socket fd as 16 bytes (IPv4 v4-mapped); false if unknown. */
static bool fd_addr(int fd, unsigned char out[16], bool *loopback)
{
    struct sockaddr_storage ss;
    socklen_t len = sizeof ss;
    memset(out, 0, 16);
    if (fd < 0 || getpeername(fd, (struct sockaddr *)&ss, &len) != 0)
        return false;
    if (ss.ss_family == AF_INET) {
        const struct sockaddr_in *a = (const struct sockaddr_in *)&ss;
        out[10] = out[11] = 0xff;
        memcpy(out + 12, &a->sin_addr, 4);
        *loopback = out[12] == 127;
        return true;
    }
    if (ss.ss_family == AF_INET6) {
        const struct sockaddr_in6 *a = (const struct sockaddr_in6 *)&ss;
        static const unsigned char v4map[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
        memcpy(out, &a->sin6_addr, 16);
        *loopback =
            IN6_IS_ADDR_LOOPBACK(&a->sin6_addr) || (memcmp(out, v4map, 12) == 0 && out[12] == 127);
        return true;
    }
    return false;
}

/* The remote address of wsi, as fd_addr. */
static bool peer_addr(struct lws *wsi, unsigned char out[16], bool *loopback)
{
    return fd_addr((int)lws_get_socket_fd(wsi), out, loopback);
}

/* The TCP connections an address may hold: its WebSocket cap + NET_TCP_SLACK; 0 = no cap. */
static int tcp_cap(const net *n, bool loopback)
{
    int cap = loopback ? n->cfg.max_conns_loopback : n->cfg.max_conns_per_ip;
    return cap > 0 ? cap + NET_TCP_SLACK : 0;
}

static unsigned wsi_bucket(const struct lws *wsi)
{
    return (unsigned)(((uintptr_t)wsi >> 4) % NET_IP_BUCKETS);
}

/* FILTER_NETWORK_CONNECTION: the socket fd was just accepted. false: its address holds its
 * TCP cap already, and lws closes it before reading a byte (logged at most once a second,
 * with the count of those not logged). */
static bool tcp_filter(net *n, int fd)
{
    unsigned char a[16];
    bool loopback = false;
    if (!fd_addr(fd, a, &loopback))
        return true;
    int cap = tcp_cap(n, loopback);
    ipcount **p = ip_find(n, a);
    if (cap <= 0 || !*p || (*p)->tcp < cap)
        return true;
    uint64_t now = now_mono_us();
    if (now - n->refused_log_us >= 1000000) {
        char text[INET6_ADDRSTRLEN] = "?";
        inet_ntop(AF_INET6, a, text, sizeof text);
        log_warn("net: %s has %d TCP connections (the cap): refusing more (%ld more refused "
                 "since the last line)",
                 text, (*p)->tcp, n->refused_quiet);
        n->refused_log_us = now;
        n->refused_quiet = 0;
    } else {
        n->refused_quiet++;
    }
    return false;
}

/* SERVER_NEW_CLIENT_INSTANTIATED: count wsi's TCP connection against its address. */
static void tcp_count(net *n, const struct lws *wsi)
{
    unsigned char a[16];
    bool loopback = false;
    if (!peer_addr((struct lws *)wsi, a, &loopback))
        return;
    ipcount **p = ip_find(n, a);
    if (!*p) {
        *p = xcalloc(1, sizeof **p);
        memcpy((*p)->addr, a, 16);
    }
    (*p)->tcp++;
    tcpconn *c = xcalloc(1, sizeof *c);
    c->wsi = wsi;
    memcpy(c->addr, a, 16);
    unsigned b = wsi_bucket(wsi);
    c->next = n->tcps[b];
    n->tcps[b] = c;
}

/* WSI_DESTROY: wsi's TCP connection no longer counts (nothing if it was never counted). */
static void tcp_uncount(net *n, const struct lws *wsi)
{
    tcpconn **q = &n->tcps[wsi_bucket(wsi)];
    while (*q && (*q)->wsi != wsi)
        q = &(*q)->next;
    if (!*q)
        return;
    tcpconn *c = *q;
    *q = c->next;
    ipcount **p = ip_find(n, c->addr);
    if (*p && (*p)->tcp > 0) {
        (*p)->tcp--;
        ip_release(p);
    }
    free(c);
}

/* Count x against its address's cap: true if admitted (counted), false if over the cap. */
static bool ip_admit(net *n, sess *x)
{
    bool loopback = false;
    if (!peer_addr(x->wsi, x->addr, &loopback))
        return true;
    int cap = loopback ? n->cfg.max_conns_loopback : n->cfg.max_conns_per_ip;
    ipcount **p = ip_find(n, x->addr);
    if (cap > 0 && *p && (*p)->n >= cap) {
        char text[INET6_ADDRSTRLEN] = "?";
        inet_ntop(AF_INET6, x->addr, text, sizeof text);
        log_warn("net: %s has %d connections (the cap): refusing one more", text, (*p)->n);
        return false;
    }
    if (!*p) {
        *p = xcalloc(1, sizeof **p);
        memcpy((*p)->addr, x->addr, 16);
    }
    (*p)->n++;
    x->counted = true;
    return true;
}

static void begin_close(sess *x, const char *reason)
{
    x->closing = true;
    if (!x->close_code)
        x->close_code = LWS_CLOSE_STATUS_POLICY_VIOLATION;
    snprintf(x->reason, sizeof x->reason, "%s", reason);
    lws_callback_on_writable(x->wsi);
}

static void violation(net *n, sess *x, int code, const char *field, bool fatal)
{
    if (n->h.on_violation)
        n->h.on_violation(n->h.ctx, x->id, code, field, fatal);
    if (fatal && !x->closing)
        begin_close(x, bh_errname(code));
}

/* Token bucket: x's rate_per_s tokens per second up to its rate_burst; one token per
 * message. */
static bool rate_ok(sess *x)
{
    uint64_t now = now_mono_us();
    x->tokens += (double)(now - x->tokens_at_us) * x->rate_per_s / 1e6;
    if (x->tokens > x->rate_burst)
        x->tokens = x->rate_burst;
    x->tokens_at_us = now;
    if (x->tokens < 1.0)
        return false;
    x->tokens -= 1.0;
    return true;
}

static void on_receive(net *n, sess *x, struct lws *wsi, const char *in, size_t len)
{
    if (x->closing || n->destroying)
        return; /* a fatal violation is being reported; ignore the rest */
    if (lws_is_first_fragment(wsi)) {
        x->rx_len = 0;
        x->rx_binary = lws_frame_is_binary(wsi);
        x->rx_discard = false;
    }
    size_t total = x->rx_len + len;
    if (total > n->cfg.max_frame_bytes) {
        violation(n, x, BH_ELIMIT, "", true);
        return;
    }
    if (!x->rx_binary && !x->rx_discard) {
        if (total > n->cfg.max_msg_bytes) {
            x->rx_discard = true; /* keep counting, stop storing */
        } else {
            if (total + 1 > x->rx_cap) {
                x->rx_cap = total + 1 > 1024 ? total + 1 : 1024;
                x->rx = xrealloc(x->rx, x->rx_cap);
            }
            memcpy(x->rx + x->rx_len, in, len);
        }
    }
    x->rx_len = total;
    if (!lws_is_final_fragment(wsi))
        return;
    if (!rate_ok(x)) {
        violation(n, x, BH_ERATE, "", true);
        return;
    }
    if (x->rx_binary)
        violation(n, x, BH_EJSON, "", false);
    else if (x->rx_discard)
        violation(n, x, BH_ELIMIT, "", false);
    else {
        x->rx[x->rx_len] = '\0';
        n->h.on_text(n->h.ctx, x->id, x->rx, x->rx_len);
    }
    x->rx_len = 0;
}

/* Allowed: no Origin (not a browser), an Origin whose host[:port] equals the Host header
 * (same origin), or one of cfg.origins exactly. */
static bool origin_allowed(net *n, struct lws *wsi)
{
    char origin[256], host[256];
    int olen = lws_hdr_total_length(wsi, WSI_TOKEN_ORIGIN);
    if (olen <= 0)
        return true;
    if (olen >= (int)sizeof origin ||
        lws_hdr_copy(wsi, origin, sizeof origin, WSI_TOKEN_ORIGIN) < 0)
        return false;
    for (const char *const *o = n->cfg.origins; o && *o; o++)
        if (strcmp(*o, origin) == 0)
            return true;
    if (lws_hdr_copy(wsi, host, sizeof host, WSI_TOKEN_HOST) <= 0)
        return false;
    const char *p = strstr(origin, "://");
    return p && strcmp(p + 3, host) == 0;
}

/* One text frame of buf[LWS_PRE..LWS_PRE+len) (LWS_PRE bytes of headroom before it) to x;
 * false, logged, when lws refused it (the connection is then to be closed). */
static bool write_text(sess *x, unsigned char *buf, size_t len)
{
    if (lws_write(x->wsi, buf + LWS_PRE, len, LWS_WRITE_TEXT) >= (int)len)
        return true;
    log_warn("net: write failed on connection %llx", (unsigned long long)x->id);
    return false;
}

/* The writeable callback: a ping if one is due, then the queued messages in order until the
 * queue is empty or lws had to buffer part of one (lws_partial_buffered: the socket took less
 * than a whole frame; lws writes the rest when the socket drains, then calls again). */
static int write_one(net *n, sess *x)
{
    if (x->close_sent)
        return 0; /* after the close frame nothing more may be written (RFC 6455 5.5.1) */
    if (x->broken)
        return -1;
    if (x->want_ping) {
        /* A payload: lws 4.1 does not report an empty pong (LWS_CALLBACK_RECEIVE_PONG). */
        unsigned char ping[LWS_PRE + 4] = {[LWS_PRE] = 'b', 'h', 'v', '1'};
        x->want_ping = false;
        if (lws_write(x->wsi, ping + LWS_PRE, 4, LWS_WRITE_PING) < 0)
            return -1;
        if (x->head || x->closing)
            lws_callback_on_writable(x->wsi);
        return 0;
    }
    for (out_msg *m; (m = x->head) && !lws_partial_buffered(x->wsi);) {
        if (!write_text(x, m->buf, m->len))
            return -1;
        x->head = m->next;
        if (!x->head)
            x->tail = NULL;
        x->queued -= m->len;
        free(m);
    }
    if (x->head) {
        lws_callback_on_writable(x->wsi);
        return 0;
    }
    if (x->closing && !x->close_sent) {
        /* -1 once: lws sends the close frame, then reads (and drops) what the peer still
         * sends until its close ack or 5 s. Returning -1 again from a later WRITEABLE would
         * kill the socket with the peer's data unread: the kernel answers with a reset, and
         * the peer loses the error and the close frame (a flood of 300 messages did). */
        x->close_sent = true;
        lws_close_reason(x->wsi, (enum lws_close_status)x->close_code, (unsigned char *)x->reason,
                         strlen(x->reason));
        return -1;
    }
    (void)n;
    return 0;
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                    size_t len)
{
    pss *p = user;
    net *n = lws_context_user(lws_get_context(wsi));
    sess *x = p && n ? find(n, p->id) : NULL;
    switch (reason) {
    case LWS_CALLBACK_FILTER_NETWORK_CONNECTION: /* protocol 0's: in is the accepted socket */
        return n && !n->destroying && !tcp_filter(n, (int)(intptr_t)in) ? -1 : 0;
    case LWS_CALLBACK_SERVER_NEW_CLIENT_INSTANTIATED:
        if (n)
            tcp_count(n, wsi);
        return 0;
    case LWS_CALLBACK_WSI_DESTROY:
        if (n)
            tcp_uncount(n, wsi);
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION: {
        /* Only clients that asked for bughouse.v1 get a WebSocket. */
        char proto[128];
        if (lws_hdr_copy(wsi, proto, sizeof proto, WSI_TOKEN_PROTOCOL) <= 0 ||
            !strstr(proto, NET_SUBPROTOCOL))
            return -1;
        p->origin_bad = !origin_allowed(n, wsi);
        return 0;
    }
    case LWS_CALLBACK_ESTABLISHED:
        x = sess_new(n, wsi);
        p->id = x->id;
        if (n->destroying) {
            x->close_code = LWS_CLOSE_STATUS_GOINGAWAY;
            begin_close(x, "shutdown");
            return 0;
        }
        if (p->origin_bad) {
            log_info("net: upgrade from a foreign Origin refused");
            violation(n, x, BH_EAUTH, "origin", true);
            return 0;
        }
        if (!ip_admit(n, x)) {
            violation(n, x, BH_ELIMIT, "connections", true);
            return 0;
        }
        if (n->h.on_open)
            n->h.on_open(n->h.ctx, x->id);
        return 0;
    case LWS_CALLBACK_RECEIVE:
        if (x) {
            /* A closing connection's traffic does not keep it alive: what it sends is dropped
             * (on_receive), and a peer that sends without reading would otherwise hold it open
             * past the idle hang-up for ever. */
            if (!x->closing) {
                x->rx_us = now_mono_us();
                x->pinged = false;
            }
            LT_TIMED(n->lt, rx, rx_us, on_receive(n, x, wsi, in, len));
        }
        return 0;
    case LWS_CALLBACK_RECEIVE_PONG:
        if (x && !x->closing) {
            x->rx_us = now_mono_us();
            x->pinged = false;
        }
        return 0;
    case LWS_CALLBACK_SERVER_WRITEABLE: {
        int rc = 0;
        if (x)
            LT_TIMED(n->lt, wr, wr_us, rc = write_one(n, x));
        return rc;
    }
    case LWS_CALLBACK_CLOSED:
        if (x) {
            net_conn id = x->id;
            sess_free(n, x);
            p->id = 0;
            if (n->h.on_close && !n->destroying)
                n->h.on_close(n->h.ctx, id);
        }
        return 0;
    default: return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
}

/* ---- the feeds: HTTP GET under NET_FEED_PREFIX, answered by the owner ------------------ */

/* The headers of r (and Allow: GET for a 405) on wsi, its body kept in x for the writeable
 * callback. Nonzero: close the connection. */
static int http_reply(struct lws *wsi, http_pss *x, net_http_reply *r)
{
    unsigned char head[LWS_PRE + 1024], *start = &head[LWS_PRE], *p = start,
                                        *end = &head[sizeof head - 1];
    if (!r->ctype)
        r->ctype = "text/plain; charset=utf-8";
    if (lws_add_http_common_headers(wsi, (unsigned)r->status, r->ctype, (lws_filepos_t)r->len, &p,
                                    end) ||
        (r->status == HTTP_STATUS_METHOD_NOT_ALLOWED &&
         lws_add_http_header_by_name(
             wsi, (const unsigned char *)"allow:", (const unsigned char *)"GET", 3, &p, end)) ||
        lws_add_http_header_by_name(wsi, (const unsigned char *)"cache-control:",
                                    (const unsigned char *)"no-cache", 8, &p, end) ||
        lws_add_http_header_by_name(wsi, (const unsigned char *)"access-control-allow-origin:",
                                    (const unsigned char *)"*", 1, &p, end) ||
        lws_finalize_write_http_header(wsi, start, &p, end)) {
        free(r->body);
        return 1;
    }
    x->buf = xmalloc(LWS_PRE + r->len + 1);
    if (r->len)
        memcpy(x->buf + LWS_PRE, r->body, r->len);
    x->len = r->len;
    free(r->body);
    lws_callback_on_writable(wsi);
    return 0;
}

static int http_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                         size_t len)
{
    http_pss *x = user;
    net *n = lws_context_user(lws_get_context(wsi));
    switch (reason) {
    case LWS_CALLBACK_HTTP: {
        char path[NET_PATH_MAX + 1];
        net_http_reply r = {HTTP_STATUS_NOT_FOUND, "text/plain; charset=utf-8", NULL, 0};
        int k = lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI); /* 0: not a GET */
        if (k <= 0)
            r.status = HTTP_STATUS_METHOD_NOT_ALLOWED;
        else if (k > NET_PATH_MAX)
            r.status = HTTP_STATUS_REQ_URI_TOO_LONG;
        else if (lws_hdr_copy(wsi, path, sizeof path, WSI_TOKEN_GET_URI) > 0 && n->h.on_http &&
                 !n->destroying)
            n->h.on_http(n->h.ctx, path, &r);
        if (!r.body) {
            const char *t = r.status == HTTP_STATUS_METHOD_NOT_ALLOWED ? "only GET\n"
                            : r.status == HTTP_STATUS_NOT_FOUND        ? "not found\n"
                                                                       : "refused\n";
            r.body = xstrdup(t);
            r.len = strlen(t);
            r.ctype = "text/plain; charset=utf-8";
        }
        (void)in;
        (void)len;
        return http_reply(wsi, x, &r);
    }
    case LWS_CALLBACK_HTTP_BODY: return 0; /* a POST's body: ignored (405) */
    case LWS_CALLBACK_WSI_DESTROY:         /* a connection that ended on a feed */
        if (n)
            tcp_uncount(n, wsi);
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    case LWS_CALLBACK_HTTP_WRITEABLE:
        if (!x || !x->buf)
            return -1;
        if (lws_write(wsi, x->buf + LWS_PRE, x->len, LWS_WRITE_HTTP_FINAL) != (int)x->len)
            return -1;
        free(x->buf);
        x->buf = NULL;
        return lws_http_transaction_completed(wsi) ? -1 : 0;
    case LWS_CALLBACK_HTTP_DROP_PROTOCOL:
    case LWS_CALLBACK_CLOSED_HTTP:
        if (x) {
            free(x->buf);
            x->buf = NULL;
        }
        return 0;
    default: return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
}

/* SIGINT/SIGTERM: leave ev_run; the owner then flushes and calls net_close. */
static void on_stop_signal(struct ev_loop *loop, ev_signal *w, int revents)
{
    (void)w;
    (void)revents;
    ev_break(loop, EVBREAK_ALL);
}

static void on_ev_timer(struct ev_loop *loop, ev_timer *w, int revents)
{
    (void)loop;
    (void)revents;
    net *n = w->data;
    if (n->h.on_timer)
        LT_TIMED(n->lt, timers, timer_us, n->h.on_timer(n->h.ctx));
}

/* lws 4.1's libev glue re-arms its own timer (lws_sul: handshake and close timeouts,
 * the kills of on_sweep) only after it services an fd, so on a quiet connection its deadlines never
 * fire. Poking its event pipe twice a second makes it service the ripe ones (measured: without
 * this a silent TCP connection and a client that never answers pings stay open forever). */
static void on_kick(struct ev_loop *loop, ev_timer *w, int revents)
{
    (void)loop;
    (void)revents;
    net *n = w->data;
    lws_cancel_service(n->ctx);
}

/* Keepalive without lws's validity timers (see no_validity: they cost O(connections) per
 * insert). Here each session keeps the time of its last traffic and a once-a-second sweep
 * (O(connections) per second, about 0.1 ms at 40,000) sends a ping after ping_s of silence
 * and drops a connection silent for idle_s. */
static void sweep(net *n);
static void cork_flush(net *n);

/* libwebsockets' log lines, at most NET_LWS_LOG_MAX in each NET_LWS_LOG_US window; the rest
 * are counted, and the count is logged when the window closes (the sweep closes it within a
 * second even if nothing more comes). A condition that repeats on every loop turn (an accept
 * failing, a peer misbehaving) then costs a few lines a second instead of filling the disk
 * (an accept failing with EMFILE on every turn wrote 200,000 lines a second). Loop thread
 * only. */
enum { NET_LWS_LOG_MAX = 20 };
#define NET_LWS_LOG_US 10000000ULL
static struct {
    uint64_t since;
    int lines, dropped;
} lws_log_win;

static void lws_log_roll(uint64_t now)
{
    if (now - lws_log_win.since < NET_LWS_LOG_US)
        return;
    if (lws_log_win.dropped)
        log_warn("net: %d more libwebsockets messages in %.0f s not logged", lws_log_win.dropped,
                 (double)(now - lws_log_win.since) / 1e6);
    lws_log_win.since = now, lws_log_win.lines = 0, lws_log_win.dropped = 0;
}

static void lws_log(int level, const char *line)
{
    lws_log_roll(now_mono_us());
    if (++lws_log_win.lines > NET_LWS_LOG_MAX) {
        lws_log_win.dropped++;
        return;
    }
    int len = (int)strcspn(line, "\n");
    if (level & LLL_ERR)
        log_error("lws: %.*s", len, line);
    else
        log_warn("lws: %.*s", len, line);
}

static void on_sweep(struct ev_loop *loop, ev_timer *w, int revents)
{
    (void)loop;
    (void)revents;
    net *n = w->data;
    LT_TIMED(n->lt, timers, timer_us, sweep(n));
    lws_log_roll(now_mono_us());
}

static void sweep(net *n)
{
    uint64_t now = now_mono_us(), ping_us = (uint64_t)n->cfg.ping_s * 1000000u,
             idle_us = (uint64_t)n->cfg.idle_s * 1000000u;
    for (uint32_t s = 0; s < n->nslots; s++) {
        sess *x = n->slots[s];
        if (!x)
            continue;
        uint64_t quiet = now > x->rx_us ? now - x->rx_us : 0;
        if (quiet >= idle_us) {
            log_info("net: connection %llx silent for %d s: closing", (unsigned long long)x->id,
                     n->cfg.idle_s);
            x->rx_us = now; /* once */
            lws_set_timeout(x->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
        } else if (quiet >= ping_us && !x->pinged && !x->closing) {
            x->pinged = x->want_ping = true;
            lws_callback_on_writable(x->wsi);
        }
    }
}

static void on_ev_wake(struct ev_loop *loop, ev_async *w, int revents)
{
    (void)loop;
    (void)revents;
    net *n = w->data;
    if (n->h.on_wake && !n->destroying)
        LT_TIMED(n->lt, timers, timer_us, n->h.on_wake(n->h.ctx));
}

static void on_ev_prepare(struct ev_loop *loop, ev_prepare *w, int revents)
{
    (void)loop;
    (void)revents;
    net *n = w->data;
    uint64_t t = n->lt ? now_mono_us() : 0;
    if (n->h.on_turn_end) {
        n->corking = true;
        n->h.on_turn_end(n->h.ctx);
        n->corking = false;
        cork_flush(n);
    }
    if (n->lt) {
        uint64_t now = now_mono_us();
        lt_end(n->lt, now, now - t);
    }
}

static void on_ev_check(struct ev_loop *loop, ev_check *w, int revents)
{
    (void)loop;
    (void)revents;
    net *n = w->data;
    lt_begin(n->lt);
}

static void defaults(net_config *c)
{
    if (!c->max_msg_bytes)
        c->max_msg_bytes = 8192;
    if (!c->max_frame_bytes)
        c->max_frame_bytes = 65536;
    if (c->max_frame_bytes < c->max_msg_bytes)
        c->max_frame_bytes = c->max_msg_bytes;
    if (c->rate_per_s <= 0)
        c->rate_per_s = 20;
    if (c->rate_burst < 1)
        c->rate_burst = 40;
    if (c->ping_s <= 0)
        c->ping_s = 30;
    if (c->idle_s <= c->ping_s)
        c->idle_s = c->ping_s + 10;
    if (c->handshake_s <= 0)
        c->handshake_s = 10;
    if (c->handshake_s > c->idle_s)
        c->handshake_s = c->idle_s;
    if (!c->max_queue_bytes)
        c->max_queue_bytes = 4u << 20;
}

int net_resolve_iface(const char *iface, char out[16], bool *loopback)
{
    struct in_addr a = {htonl(INADDR_ANY)};
    bool found = !iface;
    struct ifaddrs *ifs = NULL;
    /* lws_interface_to_sa: an interface of that name (its first IPv4 address) wins over the
     * numeric reading, so "127.evil" may well be 10.9.9.9. */
    if (iface && getifaddrs(&ifs) == 0) {
        for (struct ifaddrs *i = ifs; i && !found; i = i->ifa_next)
            if (i->ifa_addr && i->ifa_addr->sa_family == AF_INET &&
                strcmp(i->ifa_name, iface) == 0) {
                a = ((const struct sockaddr_in *)(const void *)i->ifa_addr)->sin_addr;
                found = true;
            }
        freeifaddrs(ifs);
    }
    if (!found)
        found = inet_pton(AF_INET, iface, &a) == 1;
    if (!found)
        return BH_ENOTFOUND;
    inet_ntop(AF_INET, &a, out, 16);
    *loopback = (ntohl(a.s_addr) >> 24) == 127;
    return BH_OK;
}

/* The address of this process's listening TCP socket (the one lws bound: lws keeps it to
 * itself, so it is found among our descriptors) into out; *loopback whether it is one.
 * false when there is none (or /proc is missing: then nothing can be vouched for). */
static bool listen_addr(char out[INET6_ADDRSTRLEN], bool *loopback)
{
    DIR *d = opendir("/proc/self/fd");
    bool found = false;
    for (struct dirent *e; d && !found && (e = readdir(d)) != NULL;) {
        int fd = atoi(e->d_name), on = 0;
        socklen_t len = sizeof on;
        struct sockaddr_storage ss;
        socklen_t sl = sizeof ss;
        if (e->d_name[0] < '0' || e->d_name[0] > '9' ||
            getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &on, &len) != 0 || !on ||
            getsockname(fd, (struct sockaddr *)&ss, &sl) != 0)
            continue;
        if (ss.ss_family == AF_INET) {
            const struct sockaddr_in *a = (const struct sockaddr_in *)&ss;
            inet_ntop(AF_INET, &a->sin_addr, out, INET6_ADDRSTRLEN);
            *loopback = (ntohl(a->sin_addr.s_addr) >> 24) == 127;
            found = true;
        } else if (ss.ss_family == AF_INET6) {
            const struct sockaddr_in6 *a = (const struct sockaddr_in6 *)&ss;
            inet_ntop(AF_INET6, &a->sin6_addr, out, INET6_ADDRSTRLEN);
            *loopback = IN6_IS_ADDR_LOOPBACK(&a->sin6_addr);
            found = true;
        }
    }
    if (d)
        closedir(d);
    return found;
}

/* Can address:port be bound? Tried as lws will bind it (SO_REUSEADDR), before lws is asked:
 * lws 4.1 logs only "ERROR on binding" and leaks a little on that path. Returns 0 or the
 * errno (logged with its text). A race with another process is still caught by lws
 * (FAIL_UPON_UNABLE_TO_BIND). */
static int probe_bind(const char *addr, int port)
{
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    int fd = socket(AF_INET, SOCK_STREAM, 0), on = 1, err = 0;
    if (fd < 0 || inet_pton(AF_INET, addr, &a.sin_addr) != 1)
        err = fd < 0 ? errno : EINVAL;
    else if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) != 0 ||
             bind(fd, (struct sockaddr *)&a, sizeof a) != 0)
        err = errno;
    if (fd >= 0)
        close(fd);
    if (err)
        log_error("net: cannot listen on %s:%d: %s", addr, port, strerror(err));
    return err;
}

/* The descriptors kept out of libwebsockets' reach: the database's files, the log, the
 * event loop's own, a pairing's or an export's files. libwebsockets stops accepting when its
 * table is full (it takes the listening socket out of the poll set until a connection
 * closes) but it sizes that table from the open-files limit, so with the process at the
 * limit its accept() failed with EMFILE on every loop turn: the loop spun at a full core. */
enum { NET_FD_RESERVE = 64 };

/* Raise RLIMIT_NOFILE: the hard limit to NET_NOFILE_WANT when we may (root with
 * CAP_SYS_RESOURCE), else the soft limit to the hard one. lws sizes its fd tables from this
 * limit when the context is created, so it must happen before. */
static void raise_nofile(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
        return;
    if (rl.rlim_max < NET_NOFILE_WANT) {
        struct rlimit up = {NET_NOFILE_WANT, NET_NOFILE_WANT};
        if (setrlimit(RLIMIT_NOFILE, &up) == 0)
            rl = up;
    }
    if (rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
    getrlimit(RLIMIT_NOFILE, &rl);
    if (rl.rlim_cur < NET_NOFILE_WANT)
        log_info("net: open files limit %llu: at most about %llu connections (the hard limit "
                 "can be raised by root with CAP_SYS_RESOURCE: ulimit -Hn, LimitNOFILE=)",
                 (unsigned long long)rl.rlim_cur, (unsigned long long)rl.rlim_cur - 32);
}

int net_open(const net_config *cfg, const net_handlers *h, net **out)
{
    if (cfg->tls && (!cfg->cert_path || !cfg->key_path))
        return BH_EINVAL;
    char want[16];
    bool lo = false;
    if (net_resolve_iface(cfg->iface, want, &lo) != BH_OK) {
        log_error("net: no interface or IPv4 address named \"%s\"", cfg->iface);
        return BH_EINVAL;
    }
    if (probe_bind(want, cfg->port) != 0)
        return BH_EIO;
    raise_nofile();
    net *n = xcalloc(1, sizeof *n);
    n->cfg = *cfg;
    defaults(&n->cfg);
    n->h = *h;
    n->mount.mountpoint = "/";
    n->mount.mountpoint_len = 1;
    n->mount.origin = cfg->web_root;
    n->mount.def = "index.html";
    n->mount.origin_protocol = LWSMPRO_FILE;
    /* bughouse.v1 first, so it is the protocol of every connection; HTTP reasons fall
     * through to lws_callback_http_dummy, which serves the mount. */
    n->protocols[0] =
        (struct lws_protocols){NET_SUBPROTOCOL, callback, sizeof(pss), 4096, 0, NULL, 65536};
    /* The feeds: a callback mount at NET_FEED_PREFIX (lws picks the longest mountpoint that
     * matches, so everything else stays a static file). */
    n->protocols[1] =
        (struct lws_protocols){"bh-feed", http_callback, sizeof(http_pss), 0, 0, NULL, 0};
    n->feed_mount.mountpoint = "/feed";
    n->feed_mount.mountpoint_len = 5;
    n->feed_mount.origin = "bh-feed";
    n->feed_mount.origin_protocol = LWSMPRO_CALLBACK;
    n->mount.mount_next = &n->feed_mount;

    lws_set_log_level(getenv("BH_LWS_DEBUG") ? 0xff : (LLL_ERR | LLL_WARN),
                      getenv("BH_LWS_DEBUG") ? NULL : lws_log);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = cfg->port; /* 0: the kernel picks a free port, see net_port() */
    info.iface = cfg->iface;
    info.protocols = n->protocols;
    info.mounts = &n->mount;
    info.user = n;
    /* a TCP connection that has not completed its TLS and HTTP handshake, or an idle HTTP one,
     * is closed after this: until then it holds a descriptor */
    info.timeout_secs = (unsigned)n->cfg.handshake_s;
    info.timeout_secs_ah_idle = (unsigned)n->cfg.handshake_s;
    info.retry_and_idle_policy = &no_validity;
    n->loop = ev_loop_new(EVFLAG_AUTO);
    if (!n->loop) {
        free(n);
        return BH_EIO;
    }
    void *foreign[1] = {n->loop};
    info.foreign_loops = foreign;
    /* No LWS_SERVER_OPTION_VALIDATE_UTF8: lws would close the connection (1007) on a bad byte;
     * proto_decode checks the text instead and answers with bad_text naming the field, and the
     * connection keeps working (protocol/README.md "Envelope"). */
    info.options = LWS_SERVER_OPTION_LIBEV | LWS_SERVER_OPTION_DISABLE_IPV6 |
                   LWS_SERVER_OPTION_FAIL_UPON_UNABLE_TO_BIND; /* not "listening" on nothing */
    if (cfg->tls) {
        info.options |= LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT;
        info.ssl_cert_filepath = cfg->cert_path;
        info.ssl_private_key_filepath = cfg->key_path;
        /* HTTP/1.1 only: the pages and bots upgrade to WebSocket over it, and an h2 client
         * that floods PING frames without reading would queue one ACK per PING (certs/README) */
        info.alpn = "http/1.1";
        /* TLS 1.2 and 1.3 only; for 1.2 ECDHE with AEAD (forward secrecy, no CBC, no SHA-1):
         * Mozilla's "intermediate" server profile (certs/README) */
        info.ssl_options_set = SSL_OP_NO_SSLv3 | SSL_OP_NO_TLSv1 | SSL_OP_NO_TLSv1_1;
        info.ssl_cipher_list = TLS12_CIPHERS;
        info.tls1_3_plus_cipher_list = TLS13_CIPHERS;
    }
    /* libwebsockets sizes its descriptor table from the soft open-files limit when the context
     * is made: NET_FD_RESERVE below it, so that its accepts stop before the process's do. */
    struct rlimit rl, lower;
    bool lowered = getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
                   rl.rlim_cur > 4 * NET_FD_RESERVE;
    if (lowered) {
        lower = rl;
        lower.rlim_cur -= NET_FD_RESERVE;
        lowered = setrlimit(RLIMIT_NOFILE, &lower) == 0;
    }
    n->ctx = lws_create_context(&info);
    if (lowered && setrlimit(RLIMIT_NOFILE, &rl) != 0)
        log_warn("net: cannot restore the open files limit: %s", strerror(errno));
    if (!n->ctx) {
        log_error("net: cannot listen on %s:%d: libwebsockets refused (see its log above)", want,
                  cfg->port);
        ev_loop_destroy(n->loop);
        free(n);
        return BH_EIO;
    }
    /* The truth is the socket bound, not the name it was asked for. */
    bool have = listen_addr(n->addr, &lo);
    if (!have)
        snprintf(n->addr, sizeof n->addr, "%s", want);
    if (cfg->loopback_only && (!have || !lo)) {
        log_error("net: the listening socket is on %s, not a loopback address: refusing to "
                  "serve plain http there (--no-tls)",
                  have ? n->addr : "an unknown address");
        lws_context_destroy(n->ctx);
        ev_loop_destroy(n->loop);
        free(n);
        return BH_EAUTH;
    }
    struct lws_vhost *vh = lws_get_vhost_by_name(n->ctx, "default");
    n->port = vh ? lws_get_vhost_listen_port(vh) : cfg->port;
    ev_signal_init(&n->sigint, on_stop_signal, SIGINT);
    ev_signal_init(&n->sigterm, on_stop_signal, SIGTERM);
    ev_signal_start(n->loop, &n->sigint);
    ev_signal_start(n->loop, &n->sigterm);
    ev_init(&n->timer, on_ev_timer);
    n->timer.data = n;
    ev_timer_init(&n->kick, on_kick, 0.5, 0.5);
    n->kick.data = n;
    ev_timer_start(n->loop, &n->kick);
    ev_timer_init(&n->sweep, on_sweep, 1.0, 1.0);
    n->sweep.data = n;
    ev_timer_start(n->loop, &n->sweep);
    ev_prepare_init(&n->prepare, on_ev_prepare);
    n->prepare.data = n;
    ev_prepare_start(n->loop, &n->prepare);
    n->lt = lt_new();
    if (n->lt) {
        ev_check_init(&n->check, on_ev_check);
        n->check.data = n;
        ev_set_priority(&n->check, EV_MAXPRI); /* before the turn's other callbacks */
        ev_check_start(n->loop, &n->check);
    }
    ev_async_init(&n->wake, on_ev_wake);
    n->wake.data = n;
    ev_async_start(n->loop, &n->wake);
    *out = n;
    return BH_OK;
}

int net_port(const net *n)
{
    return n->port;
}

const char *net_addr(const net *n)
{
    return n->addr;
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

/* A connection's corked frames are written early once they would pass NET_CORK_MAX bytes, and
 * a message over NET_CORK_BIG bytes is not corked: it goes out at once, after what was corked
 * before it. So the turn's arena holds small frames only (a move push is about 400 bytes), and
 * a big reply (a long game's state, a games list) is copied once, as before corking. Buffers
 * over NET_CORK_KEEP bytes are freed after the turn: one turn of big replies leaves no
 * lasting memory behind. */
#define NET_CORK_MAX 65536u
#define NET_CORK_BIG 16384u
#define NET_CORK_KEEP (1u << 20)

/* The header of an unmasked FIN text frame of len bytes into head (RFC 6455 5.2: a server's
 * frames are not masked; the length in 7 bits, or 126 and 16 bits, or 127 and 64 bits, network
 * order); returns its size, 2 to 10 bytes. */
static size_t ws_head(unsigned char head[10], size_t len)
{
    head[0] = 0x81; /* FIN, opcode 1: text */
    if (len < 126) {
        head[1] = (unsigned char)len;
        return 2;
    }
    if (len <= 0xffff) {
        head[1] = 126;
        head[2] = (unsigned char)(len >> 8);
        head[3] = (unsigned char)len;
        return 4;
    }
    head[1] = 127;
    for (int i = 0; i < 8; i++)
        head[2 + i] = (unsigned char)((uint64_t)len >> (56 - 8 * i));
    return 10;
}

/* n->scratch with room for at least need bytes. */
static unsigned char *scratch(net *n, size_t need)
{
    if (n->scratch_cap < need) {
        n->scratch_cap = need + 4096;
        free(n->scratch);
        n->scratch = xmalloc(n->scratch_cap);
    }
    return n->scratch;
}

/* Write len raw bytes (whole frames) to x; a refused write marks it broken (its writeable
 * callback closes it). */
static void write_raw(sess *x, unsigned char *p, size_t len)
{
    if (lws_write(x->wsi, p, len, LWS_WRITE_RAW) >= (int)len)
        return;
    log_warn("net: write failed on connection %llx", (unsigned long long)x->id);
    x->broken = true;
    lws_callback_on_writable(x->wsi);
}

/* Append the frame of text[0..len) to x's corked frames. */
static void cork(net *n, sess *x, const char *text, size_t len)
{
    unsigned char head[10];
    size_t h = ws_head(head, len);
    while (n->cork_cap < n->cork_len + h + len) {
        n->cork_cap = n->cork_cap ? 2 * n->cork_cap : 65536;
        n->cork_buf = xrealloc(n->cork_buf, n->cork_cap);
    }
    memcpy(n->cork_buf + n->cork_len, head, h);
    memcpy(n->cork_buf + n->cork_len + h, text, len);
    BH_GROW(n->cork, n->ncork, n->capcork);
    n->cork[n->ncork] = (cork_frame){x->id, n->cork_len, h + len, 0};
    n->cork_len += h + len;
    n->ncork++;
    if (x->cork_last)
        n->cork[x->cork_last - 1].next = n->ncork;
    else
        x->cork_first = n->ncork;
    x->cork_last = n->ncork;
    x->corked += h + len;
}

/* Write x's corked frames in one lws_write of raw bytes (LWS_WRITE_RAW: the frames are whole,
 * headers included), in the order they were sent; none left corked after. A connection whose
 * close frame went out or that broke writes nothing. */
static void cork_flush_one(net *n, sess *x)
{
    uint32_t first = x->cork_first;
    if (!first)
        return;
    const cork_frame *f = &n->cork[first - 1];
    unsigned char *p = n->cork_buf + f->off;
    size_t len = f->len;
    if (f->next) {
        p = scratch(n, x->corked);
        len = 0;
        for (uint32_t j = first; j; j = n->cork[j - 1].next) {
            memcpy(p + len, n->cork_buf + n->cork[j - 1].off, n->cork[j - 1].len);
            len += n->cork[j - 1].len;
        }
    }
    x->cork_first = x->cork_last = 0;
    x->corked = 0;
    if (!x->close_sent && !x->broken)
        write_raw(x, p, len);
}

/* After the turn: each connection's corked frames in one write. A mover's ack and the move's
 * push then cost one send, not two; over TLS one record. */
static void cork_flush(net *n)
{
    for (uint32_t i = 0; i < n->ncork; i++) {
        sess *x = find(n, n->cork[i].id);
        if (x && x->cork_first == i + 1)
            cork_flush_one(n, x); /* else gone, or written already */
    }
    n->ncork = 0;
    n->cork_len = 0;
    if (n->cork_cap > NET_CORK_KEEP) {
        free(n->cork_buf);
        n->cork_buf = NULL;
        n->cork_cap = 0;
    }
    if (n->scratch_cap > NET_CORK_KEEP) {
        free(n->scratch);
        n->scratch = NULL;
        n->scratch_cap = 0;
    }
}

/* x may be written now: nothing of it waits in the queue or in lws, and it is not closing. */
static bool direct_ok(const sess *x)
{
    return !x->head && !x->want_ping && !x->closing && !x->broken && !lws_partial_buffered(x->wsi);
}

int net_send(net *n, net_conn c, const char *buf, size_t len)
{
    sess *x = n->destroying ? NULL : find(n, c);
    if (!x || x->close_sent) /* gone, or its close frame is out: it reads nothing more */
        return BH_ENOTFOUND;
    /* Over the bound once, nothing more goes out but what was queued and the close: a later,
     * smaller message that would still fit must not follow a dropped one (a client applying
     * deltas would draw a board with a move missing until the close came). */
    if (x->overflowed)
        return BH_ELIMIT;
    if (x->queued + len > n->cfg.max_queue_bytes) {
        log_warn("net: connection %llx reads too slowly; closing", (unsigned long long)c);
        x->overflowed = true;
        begin_close(x, "too_large");
        return BH_ELIMIT;
    }
    /* Nothing waits before it: corked, and written with the turn's other frames to x in one
     * write after the turn (cork_flush), or at once if big (see NET_CORK_MAX). lws 4.1
     * buffers what the socket does not take and sends it before anything written later; a
     * buffered remainder sends the next message to the queue, so the queue's bound still
     * holds. A message through the queue costs a heap copy, two epoll_ctl calls (POLLOUT on
     * and off) and a writeable callback. */
    if (direct_ok(x) && x->corked && (len > NET_CORK_BIG || x->corked + len + 10 > NET_CORK_MAX))
        cork_flush_one(n, x);
    if (direct_ok(x)) {
        if (len > NET_CORK_BIG) {
            unsigned char head[10];
            size_t h = ws_head(head, len);
            unsigned char *p = scratch(n, h + len);
            memcpy(p, head, h);
            memcpy(p + h, buf, len);
            write_raw(x, p, h + len);
            return BH_OK;
        }
        cork(n, x, buf, len);
        if (!n->corking)
            cork_flush(n);
        return BH_OK;
    }
    out_msg *m = xmalloc(sizeof *m + LWS_PRE + len);
    m->next = NULL;
    m->len = len;
    memcpy(m->buf + LWS_PRE, buf, len);
    if (x->tail)
        x->tail->next = m;
    else
        x->head = m;
    x->tail = m;
    x->queued += len;
    lws_callback_on_writable(x->wsi);
    return BH_OK;
}

void net_conn_budget(net *n, net_conn c, double per_s, double burst)
{
    sess *x = find(n, c);
    if (!x || per_s <= 0 || burst < 1)
        return;
    x->rate_per_s = per_s;
    x->rate_burst = burst;
    x->tokens = burst; /* the new budget starts full */
}

bool net_conn_addr(const net *n, net_conn c, unsigned char out[16])
{
    static const unsigned char none[16];
    const sess *x = find(n, c);
    if (!x || memcmp(x->addr, none, 16) == 0)
        return false;
    memcpy(out, x->addr, 16);
    return true;
}

void net_close_conn(net *n, net_conn c, const char *reason)
{
    sess *x = find(n, c);
    if (x && !x->closing)
        begin_close(x, reason ? reason : "");
}

void net_timer_set(net *n, uint64_t at_us)
{
    ev_timer_stop(n->loop, &n->timer);
    if (!at_us)
        return;
    uint64_t now = now_mono_us();
    double after = at_us > now ? (double)(at_us - now) / 1e6 : 0.0;
    /* ev_now may lag the real time by the length of this turn: refresh it so the relative
     * timeout is measured from now, not from the start of the turn. */
    ev_now_update(n->loop);
    ev_timer_set(&n->timer, after, 0.0);
    ev_timer_start(n->loop, &n->timer);
}

void net_wake(net *n)
{
    ev_async_send(n->loop, &n->wake); /* libev: safe from any thread */
}

void net_close(net *n)
{
    if (!n)
        return;
    /* Clean shutdown: every connection writes what is queued, then a 1001 close frame; the
     * loop runs until they are gone or 500 ms have passed. The owner is no longer called. */
    n->destroying = true;
    for (uint32_t s = 0; s < n->nslots; s++)
        if (n->slots[s] && !n->slots[s]->closing) {
            n->slots[s]->close_code = LWS_CLOSE_STATUS_GOINGAWAY;
            begin_close(n->slots[s], "shutdown");
        }
    uint64_t until = now_mono_us() + 500000;
    ev_prepare_stop(n->loop, &n->prepare);
    ev_timer_stop(n->loop, &n->timer);
    while (n->nconn > 0 && now_mono_us() < until)
        ev_run(n->loop, EVRUN_ONCE);
    ev_signal_stop(n->loop, &n->sigint);
    ev_signal_stop(n->loop, &n->sigterm);
    ev_timer_stop(n->loop, &n->timer);
    ev_timer_stop(n->loop, &n->kick);
    ev_timer_stop(n->loop, &n->sweep);
    ev_async_stop(n->loop, &n->wake);
    lws_context_destroy(n->ctx);
    /* CLOSED callbacks normally free every session; free any left. */
    for (uint32_t s = 0; s < n->nslots; s++)
        if (n->slots[s])
            sess_free(n, n->slots[s]);
    free(n->slots);
    free(n->gen);
    free(n->freeslot);
    free(n->scratch);
    free(n->cork_buf);
    free(n->cork);
    for (int b = 0; b < NET_IP_BUCKETS; b++) {
        for (ipcount *c = n->ips[b], *next; c; c = next) {
            next = c->next;
            free(c);
        }
        for (tcpconn *c = n->tcps[b], *next; c; c = next) {
            next = c->next;
            free(c);
        }
    }
    ev_loop_destroy(n->loop);
    free(n->lt);
    free(n);
}
