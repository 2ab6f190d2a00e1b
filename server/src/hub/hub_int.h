/* hub_int.h: the hub's internal types and the functions its files share. The files are
 * layered, each calling only those below it (tests/include_graph.py checks it):
 *   hub.c            the door: lifecycle, sessions and roles, the dispatch table, the formats
 *   hub_club.c, hub_league.c, hub_tour.c (+ hub_tour_dir.c, hub_tour_msg.c)
 *                    each format's messages and its hub side (hub_fmt)
 *   hub_lobby.c      the lobby's tables (lobby.h decides): creates a started table's game
 *   hub_event.c      the one executor of every format's actions (hub_event.h)
 *   hub_game.c, hub_chess.c   games: start, moves, clocks, persistence, broadcasts; what a
 *                    game needs from its event comes through h->owner (hub_game_owner), set
 *                    by the executor
 *   hub_reg.c        the registry of events' names and teams
 *   hub_sess.c, hub_out.c     the session map; the outbox, errors and tokens
 * SPDX-License-Identifier: MIT */
#ifndef BH_HUB_INT_H
#define BH_HUB_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "auth.h"
#include "game.h"
#include "hub.h"
#include "proto.h"
#include "proto_club.h"
#include "proto_league.h"
#include "store.h"
#include "tfmt.h"
#include "theap.h"
#include "tour.h"
#include "xalloc.h"

enum { ROLE_SPECTATOR = 0, ROLE_PLAYER = 1, ROLE_DIRECTOR = 2, ROLE_TEAM = 3 };
/* hub.h's HUB_MAY_* bit of a role. */
#define HUB_ROLE_BIT(role) (1u << (role))

typedef struct hub_tours hub_tours;     /* hub_tour.c */
typedef struct hub_events hub_events;   /* hub_event.c: the team events on the seam */
typedef struct hub_leagues hub_leagues; /* hub_league.c: its players' notice subscribers */
typedef struct hub_accts hub_accts;     /* hub_acct.c: the login rate limits */
typedef struct lobby lobby;             /* lobby.h: the lobby's tables (hub_lobby.c) */
typedef struct hub_fmt hub_fmt;         /* hub_event.h: a format's hub side */
#define HUB_FORMATS_MAX 8               /* formats in hub.c's table */

#define HUB_CHAT_MAX 1000 /* partner-chat lines kept per game (both teams) */
#define HUB_WATCH_MAX 256 /* games one director connection may join at once */
/* After a seat changed hands between two open connections (a second tab, a bot and a browser
 * on one token), another takeover within this time is refused (replace_throttled), and each
 * refused try starts the time again: two clients that take the seat back from each other by
 * themselves stop after one swap, and the one that holds it plays on. A person's "Play here"
 * waits at most this long. */
#define HUB_REPLACE_LOCK_MS 5000

typedef struct {
    uint64_t conn; /* owner's connection id; 0 = empty map slot */
    int role;      /* ROLE_* */
    int64_t game;  /* player: the game of the token */
    int seat;      /* player: the seat of the token */
    int watch;     /* slot of the game joined, -1 none */
    bool seated;   /* counted in the watched game's conns[seat] */
    int64_t team;  /* ROLE_TEAM: the team of the team token */
    int *more;     /* director only: slots of further games joined (a dashboard) */
    int nmore, capmore;
    bool live_sub;  /* sent `live`: gets the list again when a game starts, ends or pauses */
    bool lobby_sub; /* sent `lobby`: gets the table list again when it changes */
    /* A spectator that authenticated with the player token of a finished game: a
     * read-only view of that game which still reads the chat of the
     * token's team; -1 none. Its moves, chat lines, draws and resignations get game_over. */
    int64_t view_game;
    int view_seat;
    /* Who the connection is (hub_acct.c), beside its role: the account of a session token
     * (signup, login, auth) or a guest's chosen name; none of it changes role or seat. */
    int64_t account;               /* the account, 0 none */
    int64_t session;               /* its session's rowid (store_account.h), 0 none */
    bool guest;                    /* a guest (account 0) under name */
    char name[PROTO_NAME_MAX + 1]; /* the account's name or the guest's, "" none */
    unsigned char addr[16];        /* the remote address (hub_conn_addr), IPv4 v4-mapped */
    bool has_addr;                 /* addr is known */
} hub_sess;

typedef struct {
    int seat;
    int64_t t_ms;    /* wall clock */
    char *text;      /* owned */
    int ply[2];      /* plies on boards A and B when it was sent, -1 unknown (store_chat) */
    int64_t game_ms; /* game time when it was sent (ms, 0 before the start), -1 unknown */
} hub_chat;

typedef struct {
    int64_t id;       /* store rowid */
    int slot;         /* index in hub.games and id in the timer heap */
    int status;       /* STORE_WAITING / STORE_LIVE / STORE_FINISHED */
    game_rules rules; /* with the time control and players, what its game_setup is made of
                       * (setup_of; no start FEN: a hub game starts from the initial position) */
    uint32_t base_ms, inc_ms;
    game_kind kind;                 /* GAME_KIND_BUGHOUSE or GAME_KIND_CHESS (2 seats) */
    char players[4][GAME_NAME_MAX]; /* by seat, "" unknown */
    game *g;                        /* NULL while waiting (and if a stored game fails to replay) */
    int64_t base_us;                /* monotonic instant of game time 0: game time = now - base */
    size_t stored;                  /* events of g already in the store */
    bool cold;       /* finished, and its game object and chat are not in memory: they are loaded
                      * from the store when someone asks (hub__game_warm) and released again at the
                      * end of that loop turn (hub__game_cool); the moves are the game's alone */
    uint64_t *watch; /* connections that joined */
    int nwatch, capwatch;
    int conns[4];        /* seated connections by seat */
    uint64_t holder[4];  /* by seat: the connection that last authenticated with the seat's
                          * token (it alone may act for the seat), 0 = none */
    uint64_t lock_us[4]; /* by seat: monotonic µs until which no other connection may take the
                          * seat from an open holder (HUB_REPLACE_LOCK_MS), 0 = none */
    int refused[4];      /* by seat: takeovers refused since the last one (logged once) */
    hub_chat *chat;
    int nchat, capchat;
    char result[8]; /* "" while not finished */
    char reason[24];
    char recovery[16]; /* "", "resumed", "adjudicated" */
    char ruleset[16];
    signed char rated;  /* a rated lobby game (G-RATED): 1 yes, -1 no, 0 not looked up yet */
    int rboard;         /* board of the deciding event (0 A, 1 B), -1 none */
    bool paused;        /* the director paused it: game time stands at paused_gt */
    uint64_t paused_gt; /* game time (µs) of the pause */
    int npause;         /* director's records stored (pause, resume, end: seqs -1, -2, ...) */
    uint64_t end_gt;    /* game time the director ended it (game_result), 0 none */
    int64_t created_ms; /* wall clock of its creation (the BPGN Date) */
    int64_t tournament; /* its tournament, 0 none */
    int64_t team[2];    /* hub teams of seats 0+3 and of seats 1+2, 0 unknown */
    bool gated;         /* waiting behind gate (a tournament game), which decides
                         * when its clocks start and whether absent seats forfeit */
    game_gate gate;     /* monotonic µs; not stored: a restart waits wait_s again from then */
} hub_game;

/* A message queued for many connections (hub__queue_blob): one buffer, counted references;
 * the outbox entries hold one each. */
typedef struct {
    int refs;
    size_t len;
    char msg[]; /* NUL-terminated, valid UTF-8 */
} hub_blob;

typedef struct {
    uint64_t conn;
    char *msg; /* owned; NULL for a close or a blob */
    size_t len;
    const char *close; /* not NULL: close conn with this reason after what was queued */
    hub_blob *blob;    /* not NULL: the message is the blob's (a reference held) */
} hub_out;

/* One limit per name field, equal to every buffer the name is copied into (protocol/README.md
 * "Strings"): a name the decoder accepted is never cut on its way to a game, a tournament, a
 * TRF or a BPGN file. */
_Static_assert(GAME_NAME_MAX == PROTO_NAME_MAX + 1, "game_setup player names hold a wire name");
_Static_assert(TOUR_NAME_LEN == PROTO_NAME_MAX + 1, "tournament and team names hold a wire name");

typedef struct {
    int64_t id, tournament;
    char name[PROTO_NAME_MAX + 1];
    char players[2][PROTO_NAME_MAX + 1];
} hub_team;

typedef struct {
    int64_t id;
    char name[PROTO_NAME_MAX + 1]; /* the BPGN Event of its games */
} hub_tname;

/* What a game of an event is in its event (hub_game_owner.info). */
typedef struct {
    int64_t event;        /* the event's id */
    const char *name;     /* the event's name, NULL unknown */
    tfmt_key key;         /* the game's key in its event */
    int slot;             /* TFMT_SLOT_* of its format: TFMT_SLOT_GAME, a bughouse game is a
                           * pairing's game on both boards (the Swiss); else one board of an
                           * N-board match */
    const char *teams[2]; /* the names of the team seated as team 1 (White) and team 2, NULL
                           * unknown */
} hub_game_info;

/* What the games (hub_game.c) need from the events their games belong to, without calling
 * up into them: set once by hub_new to the executor's (hub_event.c: hub__event_owner). */
typedef struct {
    /* The earliest instant any event wants the time (the loop's monotonic µs), 0 none. */
    uint64_t (*deadline)(const hub *h);
    /* hg finished at now_us: its event goes on. false: hg is no event's game. */
    bool (*game_over)(hub *h, hub_game *hg, uint64_t now_us);
    /* The first connection of seat of hg (an event's game) arrived at now_us. */
    void (*seat)(hub *h, hub_game *hg, int seat, uint64_t now_us);
    /* Event game hg changed what its event shows (it started; a seat came or went while it
     * waits). */
    void (*changed)(hub *h, const hub_game *hg);
    /* Game gid's place in its event: true with *out filled (names borrowed until the event
     * changes), false if it is no event's game. */
    bool (*info)(hub *h, int64_t gid, hub_game_info *out);
} hub_game_owner;

typedef struct hub_node hub_node;

struct hub {
    store *st;                     /* borrowed */
    const hub_game_owner *owner;   /* the events, for the games (hub_event.c) */
    hub_game_owner owner_all;      /* hub__event_owner with the pairing jobs' deadlines (hub.c) */
    const hub_fmt *const *formats; /* hub.c's table: the formats the executor loads */
    int nformats;
    hub_config cfg;
    hub_io io;
    hub_sess *sess; /* open-addressing map by conn (hub_sess.c) */
    int nsess, capsess;
    hub_game **games; /* by slot: in the order loaded (by id, but for games taken over) */
    int ngames, capgames;
    hub_tname *tournaments; /* ids and names */
    int ntour, captour;
    hub_team *teams;
    int nteams, capteams;
    theap *timers;     /* one entry per game with a deadline; id = slot */
    uint64_t armed_us; /* deadline given to io.timer, 0 none */
    hub_out *out;      /* the turn's outbox */
    int nout, capout;
    bool store_failed;     /* a write of this turn failed: nothing may be acknowledged */
    hub_tours *tours_;     /* tournaments run by the server (hub_tour.c); NULL until loaded */
    hub_events *events_;   /* team events on the seam (hub_event.c); NULL until the first */
    hub_leagues *leagues_; /* hub_league.c: notice subscribers; NULL until the first */
    hub_accts *accts_;     /* hub_acct.c: rate limits and waiting hashes; NULL until used */
    bool live_dirty;       /* the live-games list changed this turn: pushed at hub_turn_end */
    lobby *lobby_;         /* hub_lobby.c: the lobby's tables; NULL until used */
    bool lobby_dirty;      /* the table list changed this turn: pushed at hub_turn_end */
    uint64_t live_now;     /* the turn's time for that push */
    int *warm;             /* slots of finished games loaded this turn (released at its end) */
    int nwarm, capwarm;
    int *order; /* the slots of games, by ascending id (hub__game_by_id) */
    int caporder;
    hub_node *node_; /* hub_node.c: this server as a cluster's node; NULL: one process */
};

/* hub_node.c: the hub as a node of a cluster (hub_config.node): join (at hub_new, after the
 * finished games' load; BH_OK also on one process, else the store's error), whether a game not
 * finished may be loaded (claimed for this node; true on one process; false when a live node holds
 * it or the game is gone, or the store failed: store_failed set), the renewal's deadline (0
 * none), the renewal and the takeovers due at now_us, whether the node lost its lease by now_us (0:
 * as known so far; if so the open turn is marked to be rolled back, and nothing more may be written
 * or sent), after a turn's commit (BH_OK, or BH_EFENCED: the node lost its lease), and its freeing.
 */
int hub__node_join(hub *h, uint64_t now_us);
/* A server without --node, at its start: BH_ESTATE (logged) when nodes of a cluster hold leases
 * on its database (it would run their games beside them: it claims and fences nothing); else
 * BH_OK, also on a node. */
int hub__node_alone(hub *h);
bool hub__node_claim(hub *h, int64_t gid);
/* At the start, after the join: claim and load the games of ids (n, ascending) no live node
 * holds, renewing the lease as it goes (it is held from the end). BH_OK (also on one process),
 * BH_EFENCED or BH_ESTORE. */
int hub__node_load(hub *h, const int64_t *ids, int n);
uint64_t hub__node_deadline(const hub *h);
void hub__node_timers(hub *h, uint64_t now_us);
bool hub__node_lost(hub *h, uint64_t now_us);
int hub__node_committed(hub *h);
void hub__node_free(hub *h);
/* On a node, game gid, which is not in memory here: a finished game is loaded (any node shows
 * it); one not finished is claimed and loaded when no live node holds it (a takeover on
 * demand, before the next renewal's), else the `moved` error naming the node that holds it is
 * queued to conn (has_id, id: the message's; field: its field that named the game) and *moved
 * set. Returns the game now in memory, or NULL (one process, no such game, moved, or the store
 * failed: store_failed set). */
hub_game *hub__node_fetch(hub *h, uint64_t conn, bool has_id, int64_t id, int64_t gid,
                          const char *field, bool *moved);

/* A job run off the loop (hub_io.job; hub.h's hub_job_* call these): each kind's struct
 * starts with it (hub_tour.c's pairings, hub_acct.c's password hashes). */
struct hub_job {
    void (*run)(hub_job *j);                           /* any thread: touches only j */
    void (*cancel)(hub_job *j);                        /* any thread: give up soon; NULL none */
    void (*free_)(hub_job *j);                         /* release j, not delivered */
    void (*done)(hub *h, hub_job *j, uint64_t now_us); /* the loop's thread: takes j */
    bool long_; /* seconds to minutes (a pairing): hub_job_long */
};

/* hub_tour.c: the pairing jobs' clock: the earliest instant a job's progress push or its time
 * budget's end is due (0 none), and what is due at now_us (a `pairing` push to the directors;
 * runner_job_expire when the budget is spent). */
uint64_t hub__tour_job_deadline(const hub *h);
void hub__tour_job_timers(hub *h, uint64_t now_us);

/* hub_acct.c: the account messages (protocol/messages/c2s-signup.md, -login, -logout,
 * -guest, -entry_link), as hub_run handlers: every refusal is a typed error naming its field;
 * signup and login answer when their password job is delivered (hub_job). */
void hub__acct_signup(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
void hub__acct_login(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
void hub__acct_logout(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
void hub__acct_guest(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
void hub__acct_entry_link(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
/* auth with a token of hash (hex SHA-256) that is an open session's: s acts as its account
 * and `authed` (role "account") is queued with id; true. false (nothing done) when hash is
 * no open session's (unknown, expired, revoked). */
bool hub__acct_auth(hub *h, hub_sess *s, int64_t id, const char *hash);
/* At the hub's start: delete the sessions that expired or were revoked (they open nothing).
 * BH_OK or BH_ESTORE. */
int hub__acct_load(hub *h);
/* Free what hub_acct.c holds (hub_free). */
void hub__acct_free(hub *h);

/* hub_lobby.c: the lobby (protocol/messages/c2s-lobby.md, c2s-table.md), as hub_run
 * handlers: lobby subscribes s and replies the table list; table carries out one act of s (an
 * account or a guest: else unauthorized, field name) and replies the table, every refusal
 * lobby.h's typed error with its field. gone: conn closed (its seat empties; its tables pass
 * to the first seated person, or close). push: the list to every subscriber (hub_turn_end, when
 * lobby_dirty). */
void hub__lobby_sub(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
void hub__lobby_table(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
void hub__lobby_gone(hub *h, uint64_t conn);
/* conn is about to be someone else (a login, a logout, a guest name, a session's auth): it
 * stands up from its seat, its seek closes and its wait ends (all held the old name and whether it
 * was an account's: a rated table's seat stays an account's); the tables it created stay. */
void hub__lobby_who_changed(hub *h, uint64_t conn);
void hub__lobby_push(hub *h);
/* hg ended: if it is a lobby table's game, its four players are offered the rematch (a
 * `table` push with status rematch to each seat's connection). */
void hub__lobby_game_over(hub *h, const hub_game *hg);
/* conn authenticated with the player token of seat of finished game gid (a play page opened
 * again after the end): if it is a lobby table's ended game, conn is that seat's connection
 * now and gets the rematch offer (the same push). */
void hub__lobby_viewer(hub *h, uint64_t conn, int64_t gid, int seat);
void hub__lobby_free(hub *h);
/* hub_rating.c: a rated game started (the lobby's rated table: seat i's account accounts[i]):
 * its accounts are stored for its end (store_rated_start). And a game ended with result (a
 * BPGN token, the team of seats 0 and 3 first): when it started rated, it is rated now
 * (hub_rate_game). Failures are logged; a store failure fails the turn (store_failed). */
void hub__rated_start(hub *h, int64_t game_id, const int64_t accounts[4]);
/* The accounts of rated game game_id by seat (as hub__rated_start was given them): BH_OK,
 * BH_ENOTFOUND (not a rated game) or BH_ESTORE. */
int hub__rated_accounts(hub *h, int64_t game_id, int64_t accounts[4]);
void hub__rated_end(hub *h, int64_t game_id, const char *result);
/* The current ratings of rated game game_id's players by seat into out[4] (G-RATED; each
 * account's now: after the game's end, its new rating): true, or false when the game is not
 * rated or the store fails. One store read of the accounts and one per player. */
bool hub__rated_seats(hub *h, int64_t game_id, rating out[4]);

/* hub_rating.c: the rating message (protocol/messages/c2s-rating.md) as a hub_run handler:
 * the named account's rating_reply, or not_found (field name). */
void hub__rating_get(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
/* hub_rating.c: the profile message (protocol/messages/c2s-profile.md): the named account's
 * profile_reply (its rating and its last HUB_PROFILE_GAMES rated games), or not_found (field
 * name), or store_error. */
#define HUB_PROFILE_GAMES 100
void hub__profile_get(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);

/* hub_sess.c: the session map. find returns NULL when absent; add returns the (zeroed but
 * for conn) new entry, or the existing one; del removes (no-op if absent). Pointers are
 * valid until the next add or del. */
hub_sess *hub__sess_find(hub *h, uint64_t conn);
hub_sess *hub__sess_add(hub *h, uint64_t conn);
void hub__sess_del(hub *h, uint64_t conn);

/* hub_out.c: the outbox, errors and tokens. */
/* queue msg (owned, taken) for conn in the outbox. */
void hub__queue(hub *h, uint64_t conn, char *msg);
/* msg (owned, taken) as a blob for hub__queue_blob, checked for UTF-8 once (repaired
 * as hub__queue does); one reference, the caller's: drop it with hub__blob_unref after the
 * queueing. Sent to many connections, one buffer serves them all until hub_turn_end. */
hub_blob *hub__blob_new(char *msg);
/* queue b (a reference taken) for conn in the outbox. */
void hub__queue_blob(hub *h, uint64_t conn, hub_blob *b);
/* drop a reference to b (NULL: nothing); the last frees it. */
void hub__blob_unref(hub_blob *b);
/* Release what outbox entry o holds. */
void hub__out_free(hub_out *o);
/* queue closing conn (reason: static text) after what is queued for it. */
void hub__queue_close(hub *h, uint64_t conn, const char *reason);
/* queue an error reply. */
void hub__error(hub *h, uint64_t conn, bool has_id, int64_t id, int code, const char *field);
/* a new random token (auth_token_new) into token, its hash stored for role with ref
 * (the game, or the team / event of a team or appeals token) and seat (-1: none) in the turn's
 * transaction (store_token_add). BH_OK, BH_EIO (RNG or hash), BH_EEXIST or BH_ESTORE. */
int hub__token_new(hub *h, const char *role, int64_t ref, int seat, char token[AUTH_TOKEN_LEN + 1]);
/* the player token of seat of game gid into token: the seat's own
 * token (auth_seat_token under cfg.token_key), stored once; handing it out again (a team's
 * login, a director's tournament_get) gives the same token and adds no row. BH_OK, BH_EIO or
 * BH_ESTORE. */
int hub__seat_token(hub *h, int64_t gid, int seat, char token[AUTH_TOKEN_LEN + 1]);
/* A team's link mark for directors: the first HUB_LINK_LEN hex digits of the SHA-256 of the
 * team's current team token into out (a desk that kept a token tells a reissued one by it;
 * the token itself is not known). false when the team has no token (or the store failed). */
#define HUB_LINK_LEN 12
bool hub__team_link(hub *h, int64_t team, char out[HUB_LINK_LEN + 1]);

/* hub_reg.c: the registry of events and teams, filled one way at creation and at load. */
/* Register event id's name (the BPGN Event of its games; a name NULL is ""). */
void hub__event_name_add(hub *h, int64_t id, const char *name);
/* The name of event id (any format), or NULL: no such event. Borrowed until the next
 * hub__event_name_add. */
const char *hub__event_name(const hub *h, int64_t id);
/* A new event: its row stored (tournaments: the id every format's event takes) in the turn's
 * transaction and its name registered. BH_OK, or BH_ESTORE (h->store_failed set). */
int hub__event_create(hub *h, const char *name, int64_t *id);
/* Register team id of event (players p1, p2: "" for none); returns it (valid until the next
 * add). */
hub_team *hub__team_add(hub *h, int64_t id, int64_t event, const char *name, const char *p1,
                        const char *p2);
/* A new team of event: its row stored and registered (hub__team_add); NULL: the store failed
 * (h->store_failed set). */
hub_team *hub__team_create(hub *h, int64_t event, const char *name, const char *p1, const char *p2,
                           int64_t *id);
/* The team with this id (any event), or NULL. */
const hub_team *hub__team_by_id(const hub *h, int64_t id);

/* hub_game.c */
/* Load: build the game of a stored row (replaying its events) and apply the recovery
 * policy to a live one. Returns BH_OK or an error (logged; the game is kept as stored). */
int hub__game_load(hub *h, const store_game *row, uint64_t now_us);
/* Free a game and what it owns. */
void hub__game_free(hub_game *hg);
/* A finished game's record in memory for this loop turn: its events replayed from the store
 * into hg->g and its chat loaded, when hg->cold. Live and waiting games are always in memory
 * (no-op). BH_OK, or the replay's error (logged; hg->g stays NULL). */
int hub__game_warm(hub *h, hub_game *hg);
/* End of a loop turn: release the game objects and chats of finished games (those that
 * finished this turn and those warmed for a request), so memory does not grow with the
 * games an event has played. */
void hub__game_cool(hub *h);
/* Start a waiting game at now_us: events stored, start broadcast, timer armed. */
int hub__game_start(hub *h, hub_game *hg, uint64_t now_us);
/* Put waiting game hg behind gate gt and carry out its verdict at now_us (again
 * whenever a seat connects and at its deadlines): start the game, hold it (timer armed), or
 * start and end it at once by forfeit (a result.h token: WIN1, WIN2 or DRAW, reason "forfeit", or
 * "forfeit_both" for absences of both teams: game_gate_decide's combination). */
void hub__game_gate(hub *h, hub_game *hg, const game_gate *gt, uint64_t now_us);
/* A session joins hg (reply: state with id); seats a player of this game. */
void hub__game_join(hub *h, hub_sess *s, hub_game *hg, int64_t id, uint64_t now_us);
/* A session leaves the game(s) it watches (close, a new identity, or a spectator's or
 * player's new join; a director's joins accumulate). */
void hub__game_leave(hub *h, hub_sess *s);
/* A player session whose seat was taken by another connection (session_replaced): it stops
 * counting as the seat's connection (seat pushed when none is left) but keeps watching the
 * game, now as a spectator, and gets that state (no id) at once. */
void hub__game_demote(hub *h, hub_sess *s, uint64_t now_us);
/* Player commands (the dispatch table lets only players send them); each replies (ack or
 * error) to s->conn with m->id. move: m->move; resign, draw (offer / accept / decline) and
 * claim (m->resign, m->draw, m->claim): acts of a seat that the game judges; chat: m->chat. */
void hub__game_move(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
/* premove_cancel (m->premove_cancel, P-PREMOVE): the seat's queued premove is cancelled: ack,
 * or bad_state (field premove) when none is queued, and the errors of a move. */
void hub__game_premove_cancel(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
void hub__game_act(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
void hub__game_chat(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
/* Apply due deadlines of every game up to now_us. */
void hub__game_timers(hub *h, uint64_t now_us);
/* Re-arm io.timer to the heap's earliest deadline when it changed. */
void hub__arm(hub *h);
/* The game with this id, or NULL. */
hub_game *hub__game_by_id(hub *h, int64_t id);
/* Status name: "waiting", "live", "finished". */
const char *hub__status_name(int status);
/* The director pauses (pause true) or resumes a live game: its clocks stand still at the
 * pause instant (a flag already due falls first) and restart from there; stored as a
 * record in the game's event list (negative seq, ignored by the game model) so a restart
 * keeps it; every watcher gets a new state. BH_OK, BH_ESTATE (not live, already in that
 * state), BH_EOVER (a due flag ended the game first). */
int hub__game_pause(hub *h, hub_game *hg, bool pause, uint64_t now_us);
/* The director's result: adjudicates a live game (it ends now) or overrides the result of a
 * finished one (store and BPGN updated, result and state sent again). The caller updates a
 * tournament for an override (hub__tour_result_changed). who set it and through which page
 * ("director", "desk"; "arbiter", "club page"; "server", a format's label) go into the game's
 * result log (store_result_log_add) before the BPGN is written (its ResultBy tag). BH_OK or
 * BH_ESTATE (waiting). */
int hub__game_set_result(hub *h, hub_game *hg, const char *result, const char *reason,
                         const char *who, const char *page, uint64_t now_us);
/* Game gid's result log as BPGN's ResultBy value into buf (cap bytes): the entries oldest
 * first, "2026-12-06T20:10:00Z director (desk): 1-0 adjudicated, was *", "; " between; ""
 * none. */
void hub__result_by(hub *h, int64_t gid, char *buf, size_t cap);
/* BPGN of hg with its result (the director's too), or NULL before the start. Caller frees.
 * Tags: Event (the tournament's name, else "bughouse-server game N"), Site (cfg.site, "?"
 * unset), Date (UTC, of the game's creation) and Round ("3.2": round 3, pairing 2, with
 * MatchGame 1 or 2 (T-DOUBLE); "playoff" for an Armageddon game; "-" outside tournaments).
 * with_chat: both teams' partner chat as comments at the moves they followed (the
 * director's export only; the stored and public record never has it). */
char *hub__game_bpgn(hub *h, hub_game *hg, bool with_chat);
/* The public live-games list: the reply to `live` (has_id) or a push. */
char *hub__game_enc_live(hub *h, bool has_id, int64_t id, uint64_t now_us);
/* The list changed (a game started, ended or paused): hub_turn_end pushes it once to every
 * connection that asked for it (hub__live_push). */
void hub__live_changed(hub *h, uint64_t now_us);
void hub__live_push(hub *h, uint64_t now_us);

/* hub_tour.c: tournaments (each is a runner, which decides: docs/runner.md; a format on
 * the seam, hub_event.h: the executor loads them, feeds them the games' ends and the time). */
void hub__tour_free(hub *h);
/* tournament_create: validate the options (BH_OK, or an error and *field), then set up the
 * tournament id created in the store. */
int hub__tour_check_create(const hub *h, const proto_tournament_create *m, const char **field);
void hub__tour_created(hub *h, int64_t id, const proto_tournament_create *m);
/* team_register: BH_OK, BH_ESTATE (started) or BH_EEXIST (name taken); then, once stored as
 * team id, add it and reply (created with the team token). Returns false when the
 * tournament is not one of ours (the caller replies). */
/* team_register: may the team enter (runner_can_register)? false: the error was sent (to
 * s->conn with id). */
bool hub__tour_check_team(hub *h, hub_sess *s, int64_t id, const proto_team_register *m);
bool hub__tour_team_added(hub *h, hub_sess *s, int64_t id, const proto_team_register *m,
                          int64_t team);
/* team_register with m->team: that team of the Swiss takes the new name, players and ratings
 * before the start (runner_replace_team; the store's row and the hub's copy follow; its token
 * stays); the reply is created (what "team", no token) or the runner's refusal, sent to
 * s->conn with id. */
void hub__tour_team_replace(hub *h, hub_sess *s, int64_t id, const proto_team_register *m);
/* tournament_start, tournament_pause and tournament_get (m->tournament_start, ...). */
void hub__tour_start(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
void hub__tour_pause(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
void hub__tour_get(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
/* A team token authenticated s (s->team set) at now_us: reply authed and send assign
 * messages, and game2_choice for its choice still open (deadline_ms: the time left). */
void hub__tour_team_authed(hub *h, hub_sess *s, int64_t id, uint64_t now_us);
/* team_token (a director): a new team token for m->team, every older one revoked and the
 * connections logged in with one closed (unauthorized); the reply is team_created with the
 * new token; logged. Errors: not_found (team), store_error. */
void hub__tour_team_token(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
/* game2_colors from s (m->game2_colors): the answer of the team the runner asked (its captain
 * or connection; anyone else: unauthorized). */
void hub__tour_game2_colors(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
/* Is a game-2 colour choice open for game 1 gid (the runner asked, nobody answered yet)? */
bool hub__tour_choice_open(hub *h, int64_t gid);

/* hub_tour_dir.c: the director's controls (protocol/README.md "The director's controls"). */
/* game_pause, game_result, team_withdraw, round_pair, round_start, export (the union member of
 * that name in m): each replies. */
void hub__dir_game_pause(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
void hub__dir_game_result(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
void hub__dir_team_withdraw(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
void hub__dir_result_log(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
void hub__dir_team_remove(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
void hub__dir_bye_request(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
void hub__dir_round_schedule(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
void hub__dir_round_pair(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
void hub__dir_round_start(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
void hub__dir_export(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us);
/* Tournament game hg changed what its round shows (it started, or a seat came or
 * went while it waits): that round goes to every connection again (the `round` push, with
 * its games' states and absent seats). Nothing for other games or a play-off (round 0). */
void hub__tour_game_changed(hub *h, const hub_game *hg);

/* hub_chess.c: what differs for a chess game (GAME_KIND_CHESS, F-CHESS). */
/* Seats of hg's kind: 4 (bughouse) or 2 (chess: 0 White, 1 Black, board A). */
int hub__seats(const hub_game *hg);
/* A claim message of seat at game time gt: game_claim_draw's result (game.h), BH_EINVAL for
 * a chess-only claim (fifty, an intended move) in a bughouse game. */
int hub__claim(hub_game *hg, int seat, const proto_claim *m, uint64_t gt, game_delta *d);
/* The reply field naming what a refused claim got wrong. */
const char *hub__claim_field(const hub_game *hg, const proto_claim *m, int rc);

/* hub_club.c: the club round robins (tourney/club/club.h), a format on the seam
 * (hub_event.h: hub__club_fmt); hub_club.c keeps the club's own messages. */
/* A decoded club_* message (proto_club.h) that the dispatch table let s send (hub.c: the
 * director's kinds, a captain's lineup and protest): carried out and replied. */
void hub__club_msg(hub *h, hub_sess *s, const pclub_msg *m, uint64_t now_us);

/* hub_league.c: the leagues of seed 003 (tourney/league/league.h), a format on the seam
 * (hub_event.h: hub__league_fmt). A decoded league_* message (proto_league.h) that the
 * dispatch table let s send (the director's kinds; a player's, whose league token in the
 * message the handler checks): carried out and replied. */
void hub__league_msg(hub *h, hub_sess *s, const pleague_msg *m, uint64_t now_us);
void hub__league_free(hub *h);
/* League lid's calendar feed of player (hub_on_http): json, else the .ics, into *r (200); 404
 * for no such league or player (r->body NULL). */
void hub__league_feed(hub *h, int64_t lid, int player, bool json, uint64_t now_us,
                      hub_http_reply *r);

#endif
