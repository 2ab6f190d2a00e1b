/* lobby.h: the lobby's tables of four seats, decided without I/O (issue 28, item 2).
 * SPDX-License-Identifier: MIT
 * A table is a bughouse game not yet started: a time control, rated or casual, a ruleset
 * ("online" or "regulation"), public (listed) or private (reachable by its link token only),
 * and four seats numbered as game.h's: 0 White on A, 1 Black on A, 2 White on B, 3 Black on B;
 * partners are A-White with B-Black (0 + 3) and A-Black with B-White (1 + 2), P-TEAM /
 * game_partner_of. A person is who a connection is (an account or a guest) and acts through
 * that connection's id; nothing here trusts a client: every refusal is a bh.h code with the
 * field or rule it names. The caller (the hub) makes the random link tokens, creates the game
 * when lobby_ready says the table is full and ready, and removes the table then. */
#ifndef BH_LOBBY_H
#define BH_LOBBY_H

#include <stdbool.h>
#include <stdint.h>

#define LOBBY_NAME_MAX 64          /* bytes of a person's name (the wire's PROTO_NAME_MAX) */
#define LOBBY_LINK_LEN 32          /* hex characters of a private table's link token */
#define LOBBY_SEATS 4              /* seats of a table: a bughouse game's */
#define LOBBY_BASE_MIN_MS 15000    /* shortest base time: 15 s (a hyper-bullet table) */
#define LOBBY_BASE_MAX_MS 10800000 /* longest: 3 h */
#define LOBBY_INC_MAX_MS 60000     /* largest increment: 60 s */
#define LOBBY_TABLES_MAX 200       /* tables open at once (lobby_new's cap, at most) */
#define LOBBY_PER_CREATOR_MAX 2    /* open tables one person (connection) created */
#define LOBBY_QUEUE_MAX 4          /* people waiting at one table for a seat (O-ROTATION) */

enum { LOBBY_ONLINE = 0, LOBBY_REGULATION = 1 }; /* the rulesets a table may use */

/* Who acts: a connection (conn > 0) with the name it goes by and whether that name is an
 * account's (a session) or a guest's; an account's rating of open play as the caller read it
 * (Glicko scale, rd 0: none given, as for a guest), kept with the seat or seek to be shown. */
typedef struct {
    uint64_t conn;
    const char *name; /* 1..LOBBY_NAME_MAX bytes; copied */
    bool account;
    double rating, rd;
} lobby_person;

typedef struct {
    uint64_t conn; /* 0: the seat is empty */
    char name[LOBBY_NAME_MAX + 1];
    bool account;
    bool ready;
    double rating, rd; /* as lobby_person's when it sat (rd 0: none) */
} lobby_seat;

/* What create asks for. */
typedef struct {
    int64_t base_ms, inc_ms; /* as sent: checked by lobby_create */
    bool rated;
    int ruleset; /* LOBBY_ONLINE / LOBBY_REGULATION; anything else is refused */
    bool priv;   /* by link only */
} lobby_opts;

typedef struct {
    int64_t id; /* 1.., never reused by one lobby */
    uint64_t creator;
    char creator_name[LOBBY_NAME_MAX + 1];
    uint32_t base_ms, inc_ms;
    bool rated;
    int ruleset;
    bool priv;
    char link[LOBBY_LINK_LEN + 1]; /* private tables: the token that opens it; else "" */
    lobby_seat seat[LOBBY_SEATS];
    lobby_seat queue[LOBBY_QUEUE_MAX]; /* waiting for a seat, first come first (ready unused) */
    int nqueue;
} lobby_table;

/* A seek: someone looking for a partner (FICS' `partner`): another person answers it with
 * lobby_partner and the two sit at a new table as partners. */
typedef struct {
    int64_t id; /* 1.., never reused by one lobby */
    uint64_t conn;
    char name[LOBBY_NAME_MAX + 1];
    bool account;
    double rating, rd; /* as lobby_person's when it sought (rd 0: none) */
} lobby_seek;

typedef struct lobby lobby;

/* A new empty lobby of at most max_tables tables (1..LOBBY_TABLES_MAX, clamped) and
 * per_creator tables per creating connection (1..). Never NULL (out of memory aborts). */
lobby *lobby_new(int max_tables, int per_creator);
void lobby_free(lobby *l);

/* Open a table for who with opts; link: the private table's token (LOBBY_LINK_LEN lowercase
 * hex characters, made by the caller from a random source; ignored for a public table). The
 * creator is not seated (lobby_sit). *id: the new table. Errors, *field naming the field or
 * rule: BH_EINVAL "base_ms" (outside LOBBY_BASE_MIN_MS..LOBBY_BASE_MAX_MS), "inc_ms"
 * (0..LOBBY_INC_MAX_MS), "ruleset" (not online/regulation), "link" (a private table without a
 * well-formed link); BH_EAUTH "name" (who has no name: neither account nor guest); BH_ELIMIT
 * "tables" (the lobby is full) or "creator" (who has per_creator open tables already). */
int lobby_create(lobby *l, const lobby_person *who, const lobby_opts *opts, const char *link,
                 int64_t *id, const char **field);

/* who sits in seat (0..3) of table; link: what who presented (NULL or "" none), required and
 * compared for a private table. A person sits at one seat of one table at a time: sitting
 * elsewhere first stands up from the old seat. Every ready flag of that table (and of the
 * table left) drops: a new line-up is agreed afresh. Errors (*field): BH_ENOTFOUND "table"
 * (no such table, or a private table and link does not match: the table's existence is not
 * told); BH_EINVAL "seat" (not 0..3); BH_EEXIST "seat" (someone else sits there; sitting again
 * in one's own seat is BH_OK, nothing changes); BH_EAUTH "name" (no name); BH_EAUTH "rated"
 * (a rated table seats accounts only: a guest is refused, naming the rule); BH_EEXIST "name"
 * (the same account sits or waits at this table from another connection). */
int lobby_sit(lobby *l, int64_t table, const lobby_person *who, int seat, const char *link,
              const char **field);

/* who stands up from its seat; *table: the table it left. The table's ready flags drop; a
 * table nobody sits at stays (its creator may still be seated elsewhere or come back) unless
 * its creator is gone (lobby_gone). Errors: BH_ESTATE "seat" (who sits nowhere). */
int lobby_stand(lobby *l, uint64_t conn, int64_t *table, const char **field);

/* who says ready (ready true) or not; *start set true when, after it, the four seats are
 * taken and all four ready: the caller starts the game (lobby_table_get for the line-up) and
 * then removes the table (lobby_remove). Errors: BH_ESTATE "seat" (who sits nowhere). */
int lobby_ready(lobby *l, uint64_t conn, bool ready, int64_t *table, bool *start,
                const char **field);

/* The creator (conn) sends the person in seat of table away before the start; the seat
 * empties and the table's ready flags drop; *kicked: the connection sent away. Errors:
 * BH_ENOTFOUND "table"; BH_EAUTH "creator" (conn did not create the table); BH_EINVAL "seat"
 * (not 0..3); BH_ESTATE "seat" (the seat is empty). Kicking oneself is standing up. */
int lobby_kick(lobby *l, uint64_t conn, int64_t table, int seat, uint64_t *kicked,
               const char **field);

/* conn is gone (its connection closed): its seat empties and its seek closes; a table it
 * created passes to the first person seated there (in seat order: its creator from then on,
 * who may kick), and closes when nobody sits there. Returns how many tables and seeks changed
 * (0: it was nowhere); ids of the tables closed go to closed[0..*nclosed) (cap entries at
 * most). */
int lobby_gone(lobby *l, uint64_t conn, int64_t *closed, int cap, int *nclosed);

/* Remove table id (started: its game exists now). BH_OK or BH_ENOTFOUND. */
int lobby_remove(lobby *l, int64_t id);

/* who looks for a partner; *id: the seek. At most LOBBY_TABLES_MAX seeks are open. Errors:
 * BH_EAUTH "name" (no name); BH_EEXIST "seek" (who seeks already); BH_ELIMIT "seeks" (full). */
int lobby_seek_add(lobby *l, const lobby_person *who, int64_t *id, const char **field);
/* conn stops seeking. BH_OK, or BH_ESTATE "seek" (it was not seeking). */
int lobby_seek_cancel(lobby *l, uint64_t conn, const char **field);
/* who answers seek: a new public table with opts (lobby_create's checks), created by the
 * seeker, the seeker in White on A and who in Black on B (partners, P-TEAM); the seek and any
 * seek of who close. *table: the new table. Errors: BH_ENOTFOUND "seek" (no such seek);
 * BH_EINVAL "seek" (who's own); lobby_create's errors (the seeker's per-creator cap:
 * BH_ELIMIT "creator"); a rated opts with a guest on either side: BH_EAUTH "rated". */
int lobby_partner(lobby *l, const lobby_person *who, int64_t seek, const lobby_opts *opts,
                  int64_t *table, const char **field);
/* The open seeks, oldest first: lobby_seek_count of them, lobby_seek_at(i). */
int lobby_seek_count(const lobby *l);
const lobby_seek *lobby_seek_at(const lobby *l, int i);

/* who waits at table (an open one; link as for lobby_sit) for a seat in a game after the
 * first: O-ROTATION brings the waiting in when a game ends. A person waits at one table at a
 * time and not where he sits: waiting elsewhere, or sitting, ends an earlier wait, and waiting
 * stands him up from a seat. Errors (*field): BH_ENOTFOUND "table" (none, or private and a
 * wrong link); BH_EAUTH "name"; BH_EAUTH "rated" (a guest at a rated table); BH_ELIMIT "queue"
 * (LOBBY_QUEUE_MAX wait there already); BH_EEXIST "name" (the same account sits or waits there
 * from another connection). Waiting again where one waits is BH_OK. */
int lobby_queue(lobby *l, int64_t table, const lobby_person *who, const char *link,
                const char **field);
/* conn stops waiting; *table: where it waited (an open or a played table's id). BH_OK, or
 * BH_ESTATE "queue" (it waited nowhere). */
int lobby_unqueue(lobby *l, uint64_t conn, int64_t *table, const char **field);

/* The tables in creation order: lobby_count of them, lobby_at(i) for 0 <= i < count (valid
 * until the next call that changes the lobby); lobby_find: table id or NULL; lobby_seat_of:
 * the table conn sits at (and *seat), or NULL. */
int lobby_count(const lobby *l);
const lobby_table *lobby_at(const lobby *l, int i);
const lobby_table *lobby_find(const lobby *l, int64_t id);
const lobby_table *lobby_seat_of(const lobby *l, uint64_t conn, int *seat);
/* Seats taken at t (0..4). */
int lobby_seated(const lobby_table *t);

/* ---- Rematch (issue 28 item 2): a started table stays, as a played table, with its game.
 * When that game ends its four players are offered the table again, as one of two variants:
 *   LOBBY_REMATCH_SAME: everyone keeps his seat (the partnerships stay: 0 + 3, 1 + 2);
 *   LOBBY_REMATCH_SWAP: partners swapped; each player keeps his board and the two board-B
 *     players exchange seats (2 <-> 3): A-White's partner is the former B-White (now Black on
 *     B), A-Black's the former B-Black (now White on B). Board A's players keep their colours.
 * Each player accepts one variant (a later accept replaces his earlier one); when all four
 * accepted the same variant the caller creates the new game with the same time control,
 * ruleset and rated flag, seats as lobby_rematch_seat says, and calls lobby_restart. */
enum {
    LOBBY_REMATCH_NONE = 0,
    LOBBY_REMATCH_SAME = 1,
    LOBBY_REMATCH_SWAP = 2,
    LOBBY_REMATCH_ROTATE = 3
};
#define LOBBY_PLAYED_MAX 200 /* played tables kept; the oldest ended one goes first */

typedef struct {
    int64_t table; /* the table's id (lobby_table.id) */
    int64_t game;  /* its current game */
    int64_t prev;  /* the game the current one is a rematch of, 0 none */
    bool over;     /* the current game ended: the rematch is offered */
    uint32_t base_ms, inc_ms;
    bool rated;
    int ruleset;
    bool priv;                    /* opened as a private table: listed to its people only */
    lobby_seat seat[LOBBY_SEATS]; /* by seat of the current game; conn: the connection last
                                   * known as that player (0 unknown), ready unused */
    int accept[LOBBY_SEATS];      /* LOBBY_REMATCH_* by seat (of the next game when rotating) */
    int games[LOBBY_SEATS];       /* games each seat's player has played at this table */
    lobby_seat queue[LOBBY_QUEUE_MAX]; /* waiting for a seat (O-ROTATION), first come first */
    int qgames[LOBBY_QUEUE_MAX];       /* games each waiting person has played here */
    int nqueue;
    int winner;            /* the ended game's: 1 seats 0 + 3 won, 2 seats 1 + 2, 0 a draw */
    bool rotate;           /* over with people waiting: the next game rotates (O-ROTATION) */
    int next[LOBBY_SEATS]; /* rotate: who takes seat i next: 0..3 that seat's player now,
                            * LOBBY_SEATS + k queue[k] */
} lobby_played;

/* O-ROTATION for a played table whose game ended, people waiting: next[i] as lobby_played says,
 * from the games each has played here, the waiting order and the result (winner 1: the team
 * of seats 0 and 3 won, 2: the other, 0: a draw). Pure; p is read only. */
void lobby_rotation(const lobby_played *p, int winner, int next[LOBBY_SEATS]);

/* The seat that the player of old_seat (0..3) takes in the rematch variant (SAME or SWAP);
 * -1 for a bad seat or variant. */
int lobby_rematch_seat(int variant, int old_seat);

/* Table id started as game (> 0): it leaves the open tables and is kept as a played table
 * (at most LOBBY_PLAYED_MAX: a full list drops its oldest ended entry, else its oldest).
 * BH_OK or BH_ENOTFOUND (no open table id). */
int lobby_start(lobby *l, int64_t id, int64_t game);

/* game ended with winner (lobby_rotation's: 1, 2, 0 a draw): its played table (if any) is
 * offered for a rematch, or with people waiting for the rotated next game (rotate, next);
 * *p (may be NULL) gets it. BH_OK, or BH_ENOTFOUND (game is no table's current game). */
int lobby_over(lobby *l, int64_t game, int winner, const lobby_played **p);

/* who accepts the rematch variant of table's game. seat: the seat of game that who holds by
 * its player token (the caller checked the token), or -1: then who is that seat's or waiting
 * person by lobby_is. *start true when all four accepted variant, each on a connection still
 * open (an acceptance ends with its connection: lobby_gone). A table with people waiting takes
 * ROTATE only, from the next game's four (accept by the next game's seat); one without, SAME or
 * SWAP from its four. Errors (*field): BH_EINVAL "rematch" (variant not SAME or SWAP, or not ROTATE
 * while people wait; ROTATE while nobody waits); BH_ENOTFOUND "table" (no played table id);
 * BH_ESTATE "started" (game's rematch has started already: game is the table's previous game);
 * BH_ENOTFOUND "game" (game is not the table's); BH_ESTATE "game" (the game is not over yet);
 * BH_EAUTH "table" (who is none of its four players). */
int lobby_rematch(lobby *l, const lobby_person *who, int seat, int64_t table, int64_t game,
                  int variant, bool *start, const char **field);

/* table's rematch started as game (> 0), the variant all four accepted: its seats move as
 * lobby_rematch_seat says (ROTATE: as next says; the players who sit out wait, after those
 * waiting already, in seat order, unless their connection has closed or they sit or wait
 * elsewhere: then they have left), each player's games grow by one, prev = the ended game,
 * accepts clear, over false. BH_OK, or BH_ENOTFOUND / BH_ESTATE (no played table id, or its
 * game not over, or ROTATE without a rotation). */
int lobby_restart(lobby *l, int64_t table, int variant, int64_t game);

/* The connection conn (> 0) is now the player of seat (0..3) of table's current game (its
 * token's holder, a play page): table's pushes go there. BH_OK, BH_ENOTFOUND, BH_EINVAL. */
int lobby_played_seen(lobby *l, int64_t table, int seat, uint64_t conn);

/* Is who the person of seat or waiting entry x: its connection, or by name and kind an
 * account (its login proves the name), or a guest whose recorded connection has closed (a
 * guest's name is anyone's to take: while its page is open, only that page is the guest). */
bool lobby_is(const lobby_seat *x, const lobby_person *who);

/* Is who (lobby_is) one of played table p's four players, or waiting there? */
bool lobby_played_by(const lobby_played *p, const lobby_person *who);

/* The played tables (oldest first), and one by table id (NULL none). */
int lobby_played_count(const lobby *l);
const lobby_played *lobby_played_at(const lobby *l, int i);
const lobby_played *lobby_played_find(const lobby *l, int64_t table);
/* The played table whose current game is game, or NULL. */
const lobby_played *lobby_played_of_game(const lobby *l, int64_t game);

/* "online" / "regulation" as LOBBY_*; -1 anything else. */
int lobby_ruleset_by_name(const char *name);
const char *lobby_ruleset_name(int ruleset);

#endif
