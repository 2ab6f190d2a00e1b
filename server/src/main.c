/* main.c: bughouse-server entry point: parse_flags -> app_open (store, net, worker, hub) ->
 * app_run (the loop, then the last flush) -> app_close (the same, in reverse).
 * SPDX-License-Identifier: MIT
 * Wiring only (STYLE.md section 1): the app struct lends net's callbacks to the hub and the
 * hub's outputs to net. One unwinding path: app_close closes whatever app_open opened. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "auth.h"
#include "bh.h"
#include "game.h"
#include "proto.h"
#include "hub.h"
#include "log.h"
#include "net.h"
#include "now.h"
#include "store.h"
#include "work.h"

#define MAX_ORIGINS 16

/* The command line, checked (parse_flags): all that app_open needs. Its strings borrow argv
 * and the environment. */
typedef struct {
    net_config net;                       /* net.origins points at origins below */
    hub_config hub;                       /* admin_hash, token_key empty: app_open fills a copy */
    const char *origins[MAX_ORIGINS + 1]; /* --allow-origin values, NULL-terminated */
    const char *db;                       /* the database: a file or a PostgreSQL URI (--db) */
    const char *seat_key;                 /* the seat tokens' key file (--seat-key); NULL:
                                           * beside the file, or bughouse.seat-key for a URI */
    const char *admin;                    /* --admin-token, else $BH_ADMIN_TOKEN; NULL: make one */
    bool own_cert;                        /* --cert or --key given: never made here */
    bool help;                            /* --help: the usage is printed, nothing to run */
} config;

/* What app_open opened, in its order; NULL: not open (app_close skips it). */
typedef struct {
    store *st;
    net *n;
    work *w;  /* the long jobs' thread: pairings (hub_job_long) */
    work *wq; /* the quick jobs' thread: password hashes, never behind a pairing */
    hub *h;
    int rc; /* exit status */
} app;

static void on_open(void *ctx, net_conn c)
{
    app *a = ctx;
    hub_on_open(a->h, c);
    unsigned char addr[16];
    if (net_conn_addr(a->n, c, addr))
        hub_conn_addr(a->h, c, addr);
}

static void on_text(void *ctx, net_conn c, const char *buf, size_t len)
{
    app *a = ctx;
    hub_on_text(a->h, c, buf, len, now_mono_us());
}

static void on_violation(void *ctx, net_conn c, int code, const char *field, bool fatal)
{
    app *a = ctx;
    hub_on_violation(a->h, c, code, field, fatal);
}

static void on_http(void *ctx, const char *path, net_http_reply *r)
{
    app *a = ctx;
    hub_http_reply hr;
    hub_on_http(a->h, path, now_mono_us(), &hr);
    *r = (net_http_reply){hr.status, hr.ctype, hr.body, hr.len};
}

static void on_close(void *ctx, net_conn c)
{
    app *a = ctx;
    hub_on_close(a->h, c);
}

static void on_timer(void *ctx)
{
    app *a = ctx;
    hub_on_timer(a->h, now_mono_us());
}

/* Jobs (a tournament's pairing, an account password's hash): the hub hands them over, the
 * worker computes them one at a time, the loop gets them back through net_wake and on_wake. */
static void io_job(void *ctx, hub_job *j)
{
    app *a = ctx;
    work_submit(hub_job_long(j) ? a->w : a->wq, j);
}

static void job_run(void *arg)
{
    hub_job_run(arg);
}

static void job_done(void *ctx, void *arg)
{
    app *a = ctx;
    hub_on_job(a->h, arg, now_mono_us());
}

static void job_drop(void *arg)
{
    hub_job_free(arg);
}

static void job_cancel(void *arg)
{
    hub_job_cancel(arg);
}

static void job_wake(void *ctx)
{
    app *a = ctx;
    net_wake(a->n);
}

static void on_wake(void *ctx)
{
    app *a = ctx;
    work_drain(a->w);
    work_drain(a->wq);
}

static void on_turn_end(void *ctx)
{
    app *a = ctx;
    int rc = a->h ? hub_turn_end(a->h) : BH_OK;
    if (rc == BH_EFENCED) {
        log_error("this node lost its lease: stopping (other nodes take its games over; a "
                  "restart joins again)");
        a->rc = 3;
        net_stop(a->n);
    } else if (rc != BH_OK) {
        log_error("the database failed: stopping (restart recovers from the store)");
        a->rc = 1;
        net_stop(a->n);
    }
}

static void io_send(void *ctx, uint64_t c, const char *buf, size_t len)
{
    app *a = ctx;
    net_send(a->n, c, buf, len);
}

static void io_budget(void *ctx, uint64_t c, double per_s, double burst)
{
    app *a = ctx;
    net_conn_budget(a->n, c, per_s, burst);
}

static void io_close(void *ctx, uint64_t c, const char *reason)
{
    app *a = ctx;
    net_close_conn(a->n, c, reason);
}

static void io_timer(void *ctx, uint64_t at_us)
{
    app *a = ctx;
    net_timer_set(a->n, at_us);
}

/* A PostgreSQL URI (store_open's other kind of database), not a file path. */
static bool db_is_uri(const char *db)
{
    return strncmp(db, "postgres://", 11) == 0 || strncmp(db, "postgresql://", 13) == 0;
}

/* The database as logs show it: a URI may hold a password, so only what kind it is. */
static const char *db_shown(const char *db)
{
    return db_is_uri(db) ? "(PostgreSQL, --store URI)" : db;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: bughouse-server [options]\n"
               "  --port N          TCP port (default 8443; 0 = any free port)\n"
               "  --iface ADDR      address to bind (default 127.0.0.1)\n"
               "  --no-tls          plain http/ws; allowed only on a loopback address (the\n"
               "                    address the interface or name stands for, and the one bound)\n"
               "  --cert PEM        TLS certificate (default certs/dev-cert.pem, made if missing)\n"
               "  --key PEM         TLS private key (default certs/dev-key.pem, made if missing)\n"
               "  --web DIR         static files served at / (default clients/web)\n"
               "  --db PATH|URI     the database: a sqlite file (default bughouse.db), or a\n"
               "                    PostgreSQL connection URI, postgres://... or postgresql://...\n"
               "                    (--store is the same flag)\n"
               "  --seat-key PATH   the seat tokens' key file (default: the database file's path\n"
               "                    with .seat-key appended; bughouse.seat-key for a URI)\n"
               "  --admin-token T   the director's token (default: $BH_ADMIN_TOKEN, else a new\n"
               "                    random token printed at start)\n"
               "  --node NAME       run as node NAME of a cluster sharing the database (letters,\n"
               "                    digits, . _ -; at most 63): each game has one owner node,\n"
               "                    taken over by another when that node's lease runs out\n"
               "  --lease-ms N      a node's lease (default 5000; 1000..60000), renewed every\n"
               "                    fifth of it\n"
               "  --recover POLICY  games in progress at start: resume (default) or adjudicate\n"
               "  --rules NAME      ruleset of new games: regulation (default) or online\n"
               "  --site TEXT       the Site tag of every game's BPGN (\"City, Region COUNTRY\"\n"
               "                    or the server's URL; default \"?\", PGN's unknown)\n"
               "  --wait-s N        a tournament game's clocks start when its four players are\n"
               "                    connected, or after N s, absent seats losing by forfeit\n"
               "                    (default 300; 0: at once); tournament_create's wait_s\n"
               "  --break-s N       seconds between a tournament's games and rounds (default\n"
               "                    60); tournament_create's break_s\n"
               "  --pairing-budget-s N  how long the Swiss pairer may search a round (default\n"
               "                    300); then T-AUTO pauses for the director; round_pair's\n"
               "                    budget_s\n"
               "  --allow-origin O  also accept WebSocket upgrades from Origin O (repeatable)\n"
               "  --ping-s N        WebSocket ping after N idle seconds (default 30)\n"
               "  --idle-s N        close a connection silent for N seconds, pongs included\n"
               "                    (default ping-s + 10; more than ping-s)\n"
               "  --handshake-s N   close a TCP connection that has not finished its TLS and\n"
               "                    HTTP handshake after N seconds, and an idle HTTP one\n"
               "                    (default 10; at most idle-s)\n"
               "  --rate N          messages per second per connection (default 20)\n"
               "  --burst N         message burst per connection (default 40)\n"
               "  --max-msg BYTES   largest message (default 8192)\n"
               "  --max-conns-per-ip N  WebSocket connections from one address (default 256;\n"
               "                    0 = no cap), and N + 16 TCP connections of any kind\n"
               "                    (handshakes included); loopback is not counted here\n"
               "  --max-conns-loopback N  the same cap for 127.0.0.0/8 and ::1 (default 0 =\n"
               "                    no cap: a local reverse proxy, the bench, the tests)\n"
               "  --login-limit-loopback  rate-limit sign-ups and logins from loopback\n"
               "                    addresses too (default: per remote address but loopback)\n");
}

/* A node's name: 1..63 of [A-Za-z0-9._-] (it appears in logs and in the nodes table). */
static bool node_name_ok(const char *s)
{
    static const char ok[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-";
    size_t n = strlen(s);
    return n >= 1 && n <= 63 && strspn(s, ok) == n;
}

static bool num_arg(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || end == s || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* Make the development certificate on first start (DESIGN.md "Main job"). */
static int ensure_dev_cert(const char *cert, const char *key)
{
    if (access(cert, R_OK) == 0 && access(key, R_OK) == 0)
        return BH_OK;
    mkdir("certs", 0755); /* may exist */
    log_info("making a development certificate: %s, %s", cert, key);
    return net_cert_make_dev(cert, key);
}

/* The checks that need the flags all read, or the machine: "localhost" is taken as 127.0.0.1,
 * --iface must name an interface or an IPv4 address, --no-tls is refused off a loopback
 * address, --idle-s must be more than --ping-s, --node needs a PostgreSQL database, and a given
 * admin token must be of the accepted form. Sets cfg->net.loopback_only. Returns the exit status:
 * 0, or 2 with the reason on stderr. */
static int check_flags(config *cfg)
{
    if (strcmp(cfg->net.iface, "localhost") == 0) /* not an interface name: lws would not find it */
        cfg->net.iface = "127.0.0.1";
    /* --no-tls: plain http only where nobody else can listen in. Judged by the address the
     * name stands for (an interface named "127.evil" may be 10.9.9.9), and net checks the
     * socket it bound once more (loopback_only). */
    char addr[16];
    bool loopback = false;
    if (net_resolve_iface(cfg->net.iface, addr, &loopback) != BH_OK) {
        fprintf(stderr,
                "bughouse-server: --iface \"%s\" is neither an interface nor an IPv4 "
                "address\n",
                cfg->net.iface);
        return 2;
    }
    if (!cfg->net.tls && !loopback) {
        fprintf(stderr,
                "bughouse-server: --no-tls is allowed only on a loopback address "
                "(--iface \"%s\" is %s)\n",
                cfg->net.iface, addr);
        return 2;
    }
    cfg->net.loopback_only = !cfg->net.tls;
    /* The keepalive: a ping after ping_s quiet seconds must have time to be answered before
     * idle_s closes the connection. */
    int ping_s = cfg->net.ping_s ? cfg->net.ping_s : 30;
    if (cfg->net.idle_s && cfg->net.idle_s <= ping_s) {
        fprintf(stderr,
                "bughouse-server: --idle-s (%d) must be more than --ping-s (%d): a "
                "connection would be closed before its ping could be answered\n",
                cfg->net.idle_s, ping_s);
        return 2;
    }
    if (cfg->hub.node[0] && !db_is_uri(cfg->db)) {
        fprintf(stderr, "bughouse-server: --node needs a PostgreSQL database (--db "
                        "postgres://...): sqlite has one writer, which a paused node would hold\n");
        return 2;
    }
    if (cfg->admin && !auth_token_ok(cfg->admin)) {
        fprintf(stderr, "bughouse-server: the admin token must be 16..128 printable "
                        "characters without spaces\n");
        return 2;
    }
    return 0;
}

/* Fill *cfg with the defaults, then with the flags in argv, checking each as it comes (a
 * number's range, at most MAX_ORIGINS --allow-origin, a known --rules name, a --site of one
 * line), then check_flags. Nothing is opened or made. Returns the exit status: 0 to go on, 0
 * with cfg->help set after --help (the usage is on stdout; the flags after it are not read),
 * or 2 at the first bad flag (its reason, or the usage, is on stderr). cfg must stay where it
 * is: cfg->net.origins points into it. */
static int parse_flags(int argc, char **argv, config *cfg)
{
    *cfg = (config){.net = {.iface = "127.0.0.1",
                            .port = 8443,
                            .tls = true,
                            .cert_path = "certs/dev-cert.pem",
                            .key_path = "certs/dev-key.pem",
                            .web_root = "clients/web",
                            .max_conns_per_ip = 256,
                            .max_conns_loopback = 0},
                    .hub = {.recovery = HUB_RECOVER_RESUME,
                            .ruleset = "regulation",
                            .wait_s = HUB_WAIT_S_DEFAULT,
                            .break_s = HUB_BREAK_S_DEFAULT,
                            .pairing_budget_s = HUB_PAIRING_BUDGET_S_DEFAULT,
                            .lease_ms = HUB_LEASE_MS_DEFAULT},
                    .db = "bughouse.db",
                    .admin = getenv("BH_ADMIN_TOKEN")};
    cfg->net.origins = cfg->origins;
    int norigins = 0;
    static const struct option opts[] = {
        {"port", required_argument, NULL, 'p'},
        {"iface", required_argument, NULL, 'i'},
        {"no-tls", no_argument, NULL, 'n'},
        {"cert", required_argument, NULL, 'c'},
        {"key", required_argument, NULL, 'k'},
        {"web", required_argument, NULL, 'w'},
        {"db", required_argument, NULL, 'd'},
        {"store", required_argument, NULL, 'd'},
        {"seat-key", required_argument, NULL, 'K'},
        {"admin-token", required_argument, NULL, 'a'},
        {"recover", required_argument, NULL, 'r'},
        {"rules", required_argument, NULL, 'R'},
        {"site", required_argument, NULL, 's'},
        {"allow-origin", required_argument, NULL, 'o'},
        {"ping-s", required_argument, NULL, 'P'},
        {"wait-s", required_argument, NULL, 'W'},
        {"break-s", required_argument, NULL, 'B'},
        {"pairing-budget-s", required_argument, NULL, 'G'},
        {"idle-s", required_argument, NULL, 'I'},
        {"handshake-s", required_argument, NULL, 'H'},
        {"rate", required_argument, NULL, 'x'},
        {"burst", required_argument, NULL, 'b'},
        {"max-msg", required_argument, NULL, 'm'},
        {"max-conns-per-ip", required_argument, NULL, 'C'},
        {"max-conns-loopback", required_argument, NULL, 'L'},
        {"login-limit-loopback", no_argument, NULL, 'g'},
        {"node", required_argument, NULL, 'N'},
        {"lease-ms", required_argument, NULL, 'E'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    net_config *nc = &cfg->net;
    hub_config *hc = &cfg->hub;
    /* The flags that take a whole number in [lo, hi] into an int. */
    const struct {
        int flag;
        long lo, hi;
        int *to;
    } ints[] = {
        {'W', 0, PROTO_WAIT_MAX_S, &hc->wait_s},
        {'B', 0, PROTO_BREAK_MAX_S, &hc->break_s},
        {'G', 1, PROTO_BUDGET_S_MAX, &hc->pairing_budget_s},
        {'P', 1, 3600, &nc->ping_s},
        {'I', 2, 7200, &nc->idle_s},
        {'H', 1, 3600, &nc->handshake_s},
        {'C', 0, 1000000, &nc->max_conns_per_ip},
        {'L', 0, 1000000, &nc->max_conns_loopback},
        {'E', 1000, 60000, &hc->lease_ms},
    };
    int c;
    long v;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 'p':
            if (!num_arg(optarg, 0, 65535, &v)) {
                fprintf(stderr, "bughouse-server: --port wants 0..65535, got \"%s\"\n", optarg);
                return 2;
            }
            nc->port = (int)v;
            break;
        case 'i': nc->iface = optarg; break;
        case 'n': nc->tls = false; break;
        case 'c':
            nc->cert_path = optarg;
            cfg->own_cert = true;
            break;
        case 'k':
            nc->key_path = optarg;
            cfg->own_cert = true;
            break;
        case 'w': nc->web_root = optarg; break;
        case 'd': cfg->db = optarg; break;
        case 'K': cfg->seat_key = optarg; break;
        case 'a': cfg->admin = optarg; break;
        case 'r':
            if (strcmp(optarg, "resume") == 0)
                hc->recovery = HUB_RECOVER_RESUME;
            else if (strcmp(optarg, "adjudicate") == 0)
                hc->recovery = HUB_RECOVER_ADJUDICATE;
            else {
                fprintf(stderr, "bughouse-server: --recover wants resume or adjudicate\n");
                return 2;
            }
            break;
        case 'R': {
            game_rules known; /* checked here: an unknown name fails before anything is made */
            if (game_rules_by_name(optarg, &known) != BH_OK) {
                fprintf(stderr, "bughouse-server: unknown --rules \"%s\" (regulation, online)\n",
                        optarg);
                return 2;
            }
            snprintf(hc->ruleset, sizeof hc->ruleset, "%s", optarg);
            break;
        }
        case 's':
            if (strlen(optarg) >= sizeof hc->site || strcspn(optarg, "\n\r\t") != strlen(optarg)) {
                fprintf(stderr, "bughouse-server: --site wants one line of at most %zu bytes\n",
                        sizeof hc->site - 1);
                return 2;
            }
            snprintf(hc->site, sizeof hc->site, "%s", optarg);
            break;
        case 'o':
            if (norigins == MAX_ORIGINS) {
                fprintf(stderr, "bughouse-server: at most %d --allow-origin\n", MAX_ORIGINS);
                return 2;
            }
            cfg->origins[norigins++] = optarg;
            break;
        case 'x':
            if (!num_arg(optarg, 1, 100000, &v))
                goto bad_num;
            nc->rate_per_s = (double)v;
            break;
        case 'b':
            if (!num_arg(optarg, 1, 100000, &v))
                goto bad_num;
            nc->rate_burst = (double)v;
            break;
        case 'm':
            if (!num_arg(optarg, 256, 1 << 20, &v))
                goto bad_num;
            nc->max_msg_bytes = (size_t)v;
            break;
        case 'g': hc->login_limit_loopback = true; break;
        case 'N':
            if (!node_name_ok(optarg)) {
                fprintf(stderr,
                        "bughouse-server: --node wants 1..63 letters, digits, '.', '_' "
                        "or '-', got \"%s\"\n",
                        optarg);
                return 2;
            }
            snprintf(hc->node, sizeof hc->node, "%s", optarg);
            break;
        case 'h':
            usage(stdout);
            cfg->help = true;
            return 0;
        default: { /* a flag of ints[], or not one of ours */
            size_t i = 0;
            while (i < BH_ARRAY_LEN(ints) && ints[i].flag != c)
                i++;
            if (i == BH_ARRAY_LEN(ints)) {
                usage(stderr);
                return 2;
            }
            if (!num_arg(optarg, ints[i].lo, ints[i].hi, &v))
                goto bad_num;
            *ints[i].to = (int)v;
            break;
        }
        }
    }
    return check_flags(cfg);
bad_num:
    fprintf(stderr, "bughouse-server: bad number \"%s\"\n", optarg);
    return 2;
}

/* Open the server cfg describes (borrowed: it must outlive a, as net keeps its web root and
 * origins), in this order: the admin token's hash (with no token given, a new one is made and
 * printed on stderr), the development certificate (made if missing, unless --cert or --key),
 * the seat tokens' key beside the database (read, or made), the store and its checkpoint
 * thread, net, the worker and the hub (which loads the store); then logs what was loaded and
 * where it listens. Returns the exit status: 0 with all of it open; 1 when a step fails (no
 * random token, hash, certificate or seat-token key; a database that cannot be opened or
 * loaded; an unknown ruleset; no worker thread; an address net cannot bind); 2 when net
 * refuses the configuration (BH_EINVAL, or BH_EAUTH: the address bound for --no-tls is not a
 * loopback one). Each failure is printed on stderr here or logged where it happens. On failure a
 * holds what was opened before it, for app_close, which the caller calls in every case. */
static int app_open(app *a, const config *cfg)
{
    *a = (app){0};
    hub_config hc = cfg->hub;
    const char *admin = cfg->admin;
    char admin_new[AUTH_TOKEN_LEN + 1];
    if (!admin) {
        if (auth_token_new(admin_new) != BH_OK)
            return 1;
        admin = admin_new;
        fprintf(stderr, "admin token: %s\n", admin);
    }
    if (auth_hash(admin, hc.admin_hash) != BH_OK)
        return 1;
    const net_config *nc = &cfg->net;
    if (nc->tls && !cfg->own_cert && ensure_dev_cert(nc->cert_path, nc->key_path) != BH_OK)
        return 1;

    /* The seat tokens' key: beside the database, never in it. */
    char keypath[4096];
    if (cfg->seat_key)
        snprintf(keypath, sizeof keypath, "%s", cfg->seat_key);
    else if (db_is_uri(cfg->db))
        snprintf(keypath, sizeof keypath, "bughouse.seat-key");
    else
        snprintf(keypath, sizeof keypath, "%s.seat-key", cfg->db);
    if (auth_key_load(keypath, hc.token_key) != BH_OK) {
        fprintf(stderr, "bughouse-server: cannot read or make the seat-token key %s\n", keypath);
        return 1;
    }

    if (store_open(cfg->db, &a->st) != BH_OK) {
        fprintf(stderr, "bughouse-server: cannot open the database %s\n", db_shown(cfg->db));
        return 1;
    }
    /* WAL checkpoints (fsyncs) on a thread of the store's, never inside the loop's commit. */
    store_checkpoint_thread(a->st, 10000, 4096);
    net_handlers nh = {a,        on_open,     on_text, on_violation, on_close,
                       on_timer, on_turn_end, on_wake, on_http};
    int rc = net_open(nc, &nh, &a->n);
    if (rc != BH_OK) { /* net logged the reason (the errno text of a failed bind) */
        fprintf(stderr, "bughouse-server: cannot listen on %s:%d: %s\n", nc->iface, nc->port,
                rc == BH_EAUTH ? "the address bound is not a loopback address (--no-tls)"
                               : bh_strerror(rc));
        return rc == BH_EIO ? 1 : 2;
    }
    /* nice 10: a pairing of seconds takes the CPU the loop leaves, not the loop's */
    work_fns wf = {job_run, job_done, job_drop, job_cancel, a, job_wake, a, 10};
    if (work_new(&wf, &a->w) != BH_OK || work_new(&wf, &a->wq) != BH_OK)
        return 1;
    hub_io io = {a, io_send, io_close, io_timer, io_job, io_budget};
    rc = hub_new(a->st, &hc, &io, now_mono_us(), &a->h);
    if (rc != BH_OK) {
        if (rc == BH_ENOTFOUND)
            fprintf(stderr, "bughouse-server: unknown --rules \"%s\" (regulation, online)\n",
                    hc.ruleset);
        else if (rc == BH_ESTATE)
            fprintf(stderr, "bughouse-server: nodes of a cluster run on %s: start with --node\n",
                    db_shown(cfg->db));
        else
            fprintf(stderr, "bughouse-server: cannot load the database %s: %s\n", db_shown(cfg->db),
                    bh_strerror(rc));
        return 1;
    }
    int live = 0, ngames = hub_game_count(a->h, &live);
    log_info("database %s: %d games, %d live (recovery policy: %s, rules: %s)", db_shown(cfg->db),
             ngames, live, hc.recovery == HUB_RECOVER_RESUME ? "resume" : "adjudicate", hc.ruleset);
    log_info("listening on %s://%s:%d/", nc->tls ? "https" : "http", net_addr(a->n),
             net_port(a->n));
    return 0;
}

/* Serve: run the loop until SIGINT or SIGTERM, or until a turn's commit fails or the node lost
 * its lease (on_turn_end stops it), then commit and send the last turn, and a node gives up its
 * lease (hub_leave). Returns the exit
 * status: 0, 1 when a commit failed, 3 when the node lost its lease (logged). */
static int app_run(app *a)
{
    net_run(a->n);
    log_info("shutting down");
    int rc = hub_turn_end(a->h);
    if (rc == BH_OK && !a->rc)
        rc = hub_leave(a->h); /* a node: its games go to the others at once */
    if (rc != BH_OK && !a->rc)
        a->rc = rc == BH_EFENCED ? 3 : 1;
    return a->rc;
}

/* Close what app_open opened, each once, in the reverse order of opening, and leave a empty;
 * what a failed app_open did not open (NULL) is skipped. Does not flush: app_run did. The hub
 * can go first: net_close calls no handler, and a pairing job never touches the hub
 * (hub_job_run). The worker goes before net: a job that finishes wakes the loop (net_wake). */
static void app_close(app *a)
{
    hub_free(a->h);
    work_free(a->w); /* a pairing in flight gives up; its tournament pairs again at the restart */
    work_free(a->wq);
    net_close(a->n);
    store_close(a->st);
    *a = (app){0};
}

/* Exit status: 0 after --help or a stop by SIGINT or SIGTERM; 1 when opening fails or a commit
 * fails; 2 for a bad command line, or a configuration net refuses; 3 when the node lost its
 * lease (--node: another node has its games). */
int main(int argc, char **argv)
{
    config cfg;
    int rc = parse_flags(argc, argv, &cfg);
    if (rc != 0 || cfg.help)
        return rc;
    app a;
    rc = app_open(&a, &cfg);
    if (rc == 0)
        rc = app_run(&a);
    app_close(&a);
    return rc;
}
