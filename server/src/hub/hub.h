/* hub.h: sessions, roles and seats, the game registry, the timer heap, and the director's
 * commands: everything between the wire (proto) and the game model (game), with the store.
 * SPDX-License-Identifier: MIT
 * Single-threaded and driven by the loop: the owner feeds it connection events and the time
 * (monotonic µs), and it answers through hub_io. Replies and broadcasts of one loop turn are
 * held in an outbox and handed to hub_io.send only by hub_turn_end, after the turn's store
 * transaction is committed: nothing is acknowledged before it is on disk (DESIGN.md "store").
 * Connections are named by the owner's 64-bit ids (never pointers). */
#ifndef BH_HUB_H
#define BH_HUB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rating.h"
#include "store.h"

typedef struct hub hub;
typedef struct hub_job hub_job; /* work run off the loop: a tournament's pairing, or an
                                 * account password's hash (signup) or verification (login) */

/* What the hub asks of the shell. ctx is passed back. */
typedef struct {
    void *ctx;
    /* Send a text message to connection c (copied by the callee). */
    void (*send)(void *ctx, uint64_t c, const char *buf, size_t len);
    /* Close connection c after what was sent to it (reason: an error name). */
    void (*close)(void *ctx, uint64_t c, const char *reason);
    /* Arm the single timer at monotonic at_us; 0 = disarm. */
    void (*timer)(void *ctx, uint64_t at_us);
    /* Run j off the loop: hub_job_run(j) on another thread, then hub_on_job(h, j, now) on
     * the loop's thread (or hub_job_free(j) when the hub is going away). The callee owns j.
     * NULL: the hub computes pairings and password hashes inside the calls that need them
     * (tests). */
    void (*job)(void *ctx, hub_job *j);
    /* Give connection c a message budget of per_s a second, burst at once (net_conn_budget);
     * NULL: the transport's for everyone. The hub calls it when c becomes a director's. */
    void (*budget)(void *ctx, uint64_t c, double per_s, double burst);
} hub_io;

/* A director's budget: setting up and importing a big field is its job, and a player's 20/s,
 * burst 40 would refuse it (the 39th team_register of a 40-team setup: rate_limited). The
 * admin token authenticates it; a player's budget stays the transport's. */
#define HUB_DIRECTOR_RATE_PER_S 500.0
#define HUB_DIRECTOR_BURST 5000.0

/* Policy for a game that was in progress when the server stopped (DESIGN.md "store"). */
typedef enum {
    HUB_RECOVER_RESUME = 0,    /* replay its events; clocks continue from the last stored
                                * event, as if no time passed while the server was down */
    HUB_RECOVER_ADJUDICATE = 1 /* end it as a draw, reason "adjudicated" */
} hub_recovery;

typedef struct {
    char admin_hash[65];         /* hex SHA-256 of the director's token */
    hub_recovery recovery;       /* for games found live in the store at start */
    char ruleset[16];            /* game ruleset name: "regulation" or "online" */
    char site[64];               /* the BPGN Site of every game ("City, Region COUNTRY" or a URL);
                                  * "" writes PGN's unknown "?" */
    bool legacy_withdraw;        /* runner_config.legacy_withdraw for every event: tests only
                                  * (tests/data/runner/golden.txt's scoring of withdrawals) */
    bool legacy_tb;              /* runner_config.legacy_tb for every event: tests only (the
                                  * same file's SB and play-off pairs) */
    int wait_s;                  /* tournament_create's wait_s when it gives none (0: clocks start
                                  * at once; bughouse-server --wait-s, default HUB_WAIT_S_DEFAULT) */
    int break_s;                 /* tournament_create's break_s when it gives none (--break-s) */
    int pairing_budget_s;        /* how long a Swiss pairing job may search when round_pair gives
                                  * no budget_s, and for T-AUTO (--pairing-budget-s; 0: the
                                  * default HUB_PAIRING_BUDGET_S_DEFAULT) */
    bool login_limit_loopback;   /* rate-limit signups and logins from loopback addresses per
                                  * address too (tests); false: a local reverse proxy's clients
                                  * all come from 127.0.0.1 and share no budget (hub_acct.c) */
    unsigned char token_key[32]; /* the seat tokens' key (auth_seat_token, AUTH_KEY_BYTES):
                                  * a seat's token is the same at every login (zeroed: a
                                  * test's fixed key) */
    char node[64];               /* this server's name as a node of a cluster on one database
                                  * (bughouse-server --node, store_node.h); "": one process */
    int lease_ms;                /* a node's lease (--lease-ms; HUB_LEASE_MS_DEFAULT) */
} hub_config;

/* A node's lease: renewed every second; its games are taken over at most about 6 s after the
 * node died (the lease, then the next renewal of another node). */
#define HUB_LEASE_MS_DEFAULT 5000

/* The server's defaults for a human event (bughouse-server --wait-s, --break-s): 5 minutes
 * of waiting for the players of a game (seed 004 art. 2 waits 10 minutes for 10+5 chess; a
 * 3+0 bughouse game lasts about 6 minutes on the clock), 1 minute between games and rounds. */
#define HUB_WAIT_S_DEFAULT 300
#define HUB_BREAK_S_DEFAULT 60
/* A pairing's time budget on the worker: 5 minutes, far above the 40 s of the deepest round
 * measured (78 teams after 33 drawn rounds, bench_load --deep-pairing), short enough that a
 * director who waits is told to pair by hand before the players leave. */
#define HUB_PAIRING_BUDGET_S_DEFAULT 300

/* Create a hub over the open store st (borrowed; must outlive the hub), load tournaments,
 * teams and games from it, and apply cfg->recovery to games that were live (the result is
 * written to the store and shown to the director by the games message). now_us is the
 * monotonic time. Returns BH_OK (*out owns the hub), BH_ENOTFOUND (unknown ruleset),
 * BH_ESTATE (cfg->node is empty but nodes of a cluster hold leases on this database: logged)
 * or BH_ESTORE. */
int hub_new(store *st, const hub_config *cfg, const hub_io *io, uint64_t now_us, hub **out);

/* A node's clean stop (hub_config.node), after the last hub_turn_end: it gives up its lease, so
 * the other nodes take its games over at their next renewal instead of a lease later; nothing
 * is written after it. BH_OK (also on one process, or a node already fenced), BH_EFENCED (its
 * name joined again elsewhere) or BH_ESTORE. */
int hub_leave(hub *h);

/* Free h; NULL is a no-op. Does not flush: call hub_turn_end first. */
void hub_free(hub *h);

/* A connection opened (a spectator until it authenticates). */
void hub_on_open(hub *h, uint64_t c);

/* One complete text message from c at monotonic now_us; buf is borrowed. Never fails:
 * every problem is answered with an error message to c. */
void hub_on_text(hub *h, uint64_t c, const char *buf, size_t len, uint64_t now_us);

/* The remote address of connection c (16 bytes, IPv4 as v4-mapped IPv6; copied), told by the
 * shell right after hub_on_open: logins and sign-ups are rate-limited per address
 * (protocol/messages/c2s-login.md). Without it c's address is unknown and not limited.
 * Unknown c: a no-op. */
void hub_conn_addr(hub *h, uint64_t c, const unsigned char addr[16]);

/* A policy violation detected by the transport (binary frame, too large, flood, origin):
 * queue the typed error for c. When fatal the transport closes c itself. */
void hub_on_violation(hub *h, uint64_t c, int code, const char *field, bool fatal);

/* Connection c closed: its seat (if any) is marked disconnected; the game's clocks keep
 * running (only the director's game_pause stops them). */
void hub_on_close(hub *h, uint64_t c);

/* The timer fired at monotonic now_us: apply due flags and settle-window ends of every game
 * whose deadline has passed (on a node: first renew its lease and take over the games of
 * nodes whose lease ran out), then re-arm the timer to the earliest remaining deadline. */
void hub_on_timer(hub *h, uint64_t now_us);

/* End of a loop turn: commit the store transaction, then hand the outbox to io.send.
 * If the commit fails nothing of the turn is sent (no acknowledgement of an event that is
 * not on disk) and BH_ESTORE is returned: the owner must stop the server, and a restart
 * recovers from what the store holds (crash-only). A node of a cluster that lost its lease
 * (hub_config.node) sends nothing either and returns BH_EFENCED: the owner must stop it, and
 * another node has its games, or takes them over. Returns BH_OK, BH_ESTORE or BH_EFENCED. */
int hub_turn_end(hub *h);

/* A job (hub_io.job): compute it. Any thread; touches only j (its own copy of the
 * tournament, or of the password), never the hub. */
void hub_job_run(hub_job *j);

/* A job computed by hub_job_run, back on the loop's thread at monotonic now_us: the hub takes
 * j and carries out what follows (the round's games and messages, a director's reply that
 * waited for it; an account made or a login's session and their reply); a job that the
 * tournament no longer wants (it was paused meanwhile, or is gone) is dropped. Then call
 * hub_turn_end as after any event. */
void hub_on_job(hub *h, hub_job *j, uint64_t now_us);

/* Ask a running hub_job_run to give up soon (any thread: shutdown); such a job is dropped
 * when delivered. */
void hub_job_cancel(hub_job *j);

/* Free a job without delivering it (shutdown); NULL-safe. */
void hub_job_free(hub_job *j);

/* A job that may run for minutes (a tournament's pairing, up to its time budget) rather than
 * a fraction of a second (a password hash): the shell runs the two kinds on separate threads,
 * so a login never waits behind a deep pairing. */
bool hub_job_long(const hub_job *j);

/* Who may send what: hub_on_text looks every decoded message up in one
 * const table, by kind, and refuses a sender whose role is not in the entry before any
 * handler runs; the table is readable here for tests and tools. A connection without a token
 * is a spectator (protocol/README.md "Roles"). */
enum {
    HUB_MAY_SPECTATOR = 1u << 0,
    HUB_MAY_PLAYER = 1u << 1,
    HUB_MAY_DIRECTOR = 1u << 2,
    HUB_MAY_TEAM = 1u << 3,
    HUB_MAY_ANYONE = 0xFu
};

typedef struct {
    const char *type; /* the message's wire type ("move", "club_lineup") */
    unsigned roles;   /* HUB_MAY_* bits of the roles that may send it */
    const char *also; /* NULL, or when anyone else may too, in words (export: "the BPGN of a
                       * finished game", an unknown game being not_found for anyone;
                       * game2_colors: while no choice is open, not_found for anyone) */
    int refusal;      /* what a refused sender gets: BH_EAUTH (error unauthorized, no field)
                       * or, for a club captain's message, BH_ENOTCAPTAIN (field and rule) */
    const char *rule; /* the refusal's rule id (docs/rules.md) and field, NULL for BH_EAUTH */
    const char *field;
} hub_perm;

/* The dispatch table: hub_dispatch_count() entries, one per message kind of proto.h and
 * proto_club.h; hub_dispatch_at(i) for i below it, else NULL. Static, read-only. */
size_t hub_dispatch_count(void);
const hub_perm *hub_dispatch_at(size_t i);

/* Number of games in memory, and of those live (for logs and tests). */
int hub_game_count(const hub *h, int *live);
/* The answer to an HTTP GET of a feed (hub_on_http). */
typedef struct {
    int status;        /* 200, 404 */
    const char *ctype; /* Content-Type, static */
    char *body;        /* malloc'd (the caller frees it), NULL: empty */
    size_t len;        /* bytes of body */
} hub_http_reply;

/* An HTTP GET of path (the URL's path, no query; borrowed) at monotonic now_us, into *r. The
 * feeds: /feed/league/L/player/P.ics, player P's fixtures in league L as an
 * iCalendar file (RFC 5545; league_view.h's league_calendar_ics), and .../P.json the same
 * entries for a program (proto_league_enc_calendar). 404 with a one-line text for any other
 * path, an unknown league or a player on no roster and in no game of it (L and P decimal, 1 to
 * 18 digits, nothing else). Reads only: nothing is stored or sent. Anyone may read a feed:
 * what it holds is on the league's public page. */
void hub_on_http(hub *h, const char *path, uint64_t now_us, hub_http_reply *r);

/* Number of games whose game object (moves, positions, clocks) is in memory: the live ones.
 * A finished game is in the store only, loaded for the loop turn that asks for it (join,
 * state, export, an override, a resent move) and released at that turn's hub_turn_end. */
int hub_game_loaded(const hub *h);

/* Ratings of open play (hub_rating.c; docs/rules.md G-GLICKO2, G-TEAM, G-RATED). Rate game
 * game_id (> 0) that ended with result (team A's), accounts[0..1] team A and [2..3] team B:
 * each account's stored rating (or the defaults) updated by rating_game_update and stored
 * with the game (store_rating_record), stamped at_ms (wall clock, ms since the epoch). The
 * lobby calls it when a rated game ends; it is declared here so tests drive it without one.
 * out (may be NULL) receives the four new ratings. BH_OK; BH_EINVAL (game_id <= 0, a bad
 * result, an account <= 0 or the same account twice: G-RATED); BH_ENOTFOUND (an account that
 * does not exist); BH_EEXIST (the game was rated already: nothing changes); BH_ESTORE (the
 * turn fails). */
int hub_rate_game(hub *h, int64_t game_id, const int64_t accounts[4], rating_result result,
                  int64_t at_ms, rating out[4]);
/* The rating of account into *out: the stored one, or rating_default() when it has no rated
 * game. BH_OK or BH_ESTORE. */
int hub_rating_of(hub *h, int64_t account, rating *out);

#endif
