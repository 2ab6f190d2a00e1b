/* store.h: the database: tournaments, teams, games, tokens, game events, partner chat.
 * SPDX-License-Identifier: MIT
 * Two engines behind one API, chosen by store_open's target: a sqlite file (WAL mode), or a
 * PostgreSQL database (libpq). The store module is the only one that includes sqlite3 or
 * libpq. Writes open a transaction lazily and store_flush commits it: the hub calls
 * store_flush once per loop turn, before any reply of that turn is sent, so every
 * acknowledged event is committed (DESIGN.md "store"). Reads see the writes of the open
 * transaction. Strings passed in are copied; rows handed to callbacks are borrowed for the
 * duration of the call only.
 * Both engines are synchronous: every call returns when the engine has answered, and on
 * PostgreSQL each statement is a round trip to the server and store_flush waits for the
 * COMMIT's WAL flush there (synchronous_commit as the server sets it, on by default), on the
 * caller's thread, which is the loop's. docs/store-postgres.md has the measured cost; not
 * blocking the loop (libpq's pipeline mode, or the store on a thread of its own with the
 * loop waiting only before a turn's replies) is the next step, not done here.
 * On PostgreSQL a failed statement aborts the turn's transaction: that write and every other
 * write of the turn fail to commit (store_flush returns BH_ESTORE); on sqlite only that
 * statement fails. Either way nothing the caller did not acknowledge is kept or lost. */
#ifndef BH_STORE_H
#define BH_STORE_H

#include <stddef.h>
#include <stdint.h>

typedef struct store store;

/* Game status in the games table. */
enum { STORE_WAITING = 0, STORE_LIVE = 1, STORE_FINISHED = 2 };

typedef struct {
    int64_t id;           /* the row's id (1, 2, ...); set by store_game_add */
    int64_t tournament;   /* 0 when the game belongs to no tournament */
    int64_t team1, team2; /* team ids; 0 when unknown */
    int64_t base_ms;      /* initial time per player */
    int64_t inc_ms;       /* increment per move */
    int64_t created_ms;   /* wall clock, ms since the epoch */
    int status;           /* STORE_WAITING, STORE_LIVE or STORE_FINISHED */
    const char *names[4]; /* player names by seat; NULL = "" */
    const char *result;   /* a result token (result.h: WIN1, WIN2, DRAW; team 1 first) or NULL */
    const char *reason;   /* why it ended ("mate", "flag", "adjudicated", ...) or NULL */
    const char *recovery; /* policy applied after a restart ("resumed", "adjudicated") or NULL */
    const char *bpgn;     /* the BPGN text of a finished game or NULL */
    const char *ruleset;  /* the game's ruleset name ("regulation", "online", "fide") */
    int kind;             /* game_kind: 0 bughouse (4 names), 1 chess (names[0..1]; schema v4) */
} store_game;

typedef struct {
    int64_t game;     /* game id */
    int64_t seq;      /* 0, 1, 2 ... in the order the game accepted them; -1, -2 ...: the
                       * hub's director records (pause, resume, end), which the game model
                       * never sees */
    int64_t t_us;     /* game time of the event, µs since the game started */
    const char *kind; /* "move", "flag", "resign", "start", ... (at most 15 chars) */
    int seat;         /* 0..3, or -1 */
    int ply;          /* the board's ply the event was made for, or -1 */
    const char *text; /* move text (UCI) or other payload, or NULL */
    int type;         /* the game module's event type code (opaque here) */
    int arg;          /* the game module's event argument (opaque here) */
    int64_t lag_us;   /* lag credit granted to a move, µs */
    int move;         /* the game module's encoded move (opaque here), 0 if none */
} store_event;

typedef struct {
    int64_t game;
    int64_t t_ms; /* wall clock */
    int seat;     /* sender's seat */
    const char *text;
    int ply[2];      /* plies played on boards A and B when it was sent; -1 unknown (a line
                      * stored before schema v5) */
    int64_t game_ms; /* game time when it was sent, ms from the start (0 before it); -1
                      * unknown */
} store_chat;

/* One result set by a person or by the server's own rule (the audit trail):
 * game, when (wall clock ms), the result and reason set, the result it replaced ("*": none,
 * the game was live), who set it ("director", "arbiter", "server") and through which page
 * ("desk", "club page", "league page"; the server's: its rule's format). Strings borrowed. */
typedef struct {
    int64_t game;
    int64_t at_ms;
    const char *result, *reason, *was, *who, *page;
} store_result_set;

/* Open the database named by path and run the schema migrations up to the current version:
 * a PostgreSQL connection URI ("postgres://..." or "postgresql://...", libpq's syntax; the
 * database must exist; the tables are made in its default schema), or else a sqlite file,
 * created if needed, in WAL mode. Both hold the same tables and versions (PostgreSQL keeps
 * its version in table schema_version, sqlite in PRAGMA user_version). On success *out owns
 * the handle (store_close). Returns BH_OK or BH_ESTORE (reason logged; a URI's password is
 * never logged). */
int store_open(const char *path, store **out);

/* How long a write waits for another connection's lock before failing with BH_ESTORE
 * (2000 ms after store_open). sqlite: retried every 200 us, not with sqlite's busy_timeout,
 * whose sleeps grow to 100 ms. PostgreSQL: the session's lock_timeout (ms <= 0: 1 ms); the
 * failed write aborts the turn's transaction. */
void store_set_busy_ms(store *st, int ms);

/* Move WAL checkpoints off the caller's thread: sqlite's automatic checkpoint (every 1000
 * WAL pages, inside a COMMIT) copies pages and fsyncs the WAL and the database file, which
 * stalled the server's loop for 10-50 ms every second or two under load (measured with perf
 * trace at 4,000 moves/s). After this call the commits of st never checkpoint; a thread with
 * its own connection runs a PASSIVE checkpoint (it never blocks the writer) as soon as the
 * WAL has grown by `frames` pages (<= 0: 4096, 16 MiB of 4 KiB pages) since the last one, and
 * period_ms (<= 0: 10,000) after a commit that no checkpoint has copied yet. Few checkpoints
 * matter to the loop too: each one that catches up with the WAL lets the loop's next commit
 * restart the WAL, and that commit fsyncs the new WAL header (sqlite, wal.c), in the loop
 * (measured at 1,500 games: one such fdatasync every ~2 s with a checkpoint every second).
 * The WAL restarts (is written from its start again) only in a commit that begins when a
 * checkpoint has copied all of it, which under continuous commits a PASSIVE checkpoint never
 * achieves (the WAL reached 660 MB in 15 minutes at 1,500 games). So once the WAL holds
 * 4 x frames, the thread catches up: it fsyncs the database file and the WAL outside any
 * lock, then runs PASSIVE passes that have almost nothing left to copy until one lets the
 * loop's next commit restart the WAL; after 8 passes, or at 8 x frames, a RESTART checkpoint,
 * which holds the write lock (the loop's next write waits) for the last frames' copy and
 * fsync, at most 50 ms. The WAL file stays under about 8 x frames pages plus what commits add
 * during one catch-up, with readers of the database in short transactions (a reader that
 * keeps one transaction open keeps the WAL from restarting: sqlite); PRAGMA
 * journal_size_limit truncates it to 8 x frames pages at a restart after a burst.
 * Durability: synchronous = NORMAL. Every commit is in the WAL file before store_flush
 * returns, so a process crash (SIGKILL, abort) loses nothing acknowledged; a power loss or an
 * OS crash may lose the commits not yet fsynced by a checkpoint (each checkpoint fsyncs the
 * WAL first): at most about period_ms of them, or frames' worth, never a corrupt file.
 * BH_STORE_TRACE in the environment logs every checkpoint (mode, ms, frames), every loop
 * commit over 5 ms and a per-minute histogram of commit times. The thread's decisions are one
 * function, which a test drives commit by commit without the thread (store_int.h,
 * store__checkpoint_step).
 * Call once, right after store_open.
 * On PostgreSQL it does nothing and returns BH_OK: the server checkpoints by itself.
 * Returns BH_OK or BH_ESTORE (logged; then the automatic checkpoints stay on). */
int store_checkpoint_thread(store *st, int period_ms, int frames);

/* Commit the open transaction (if any), stop the checkpoint thread, close. NULL is a no-op. */
void store_close(store *st);

/* Commit the writes made since the last flush. Returns BH_OK, BH_ESTORE, or BH_EFENCED (a
 * fence of the transaction failed, store_node.h: nothing of it is written); after a failure
 * the transaction is rolled back and the caller must not acknowledge those writes. */
int store_flush(store *st);

/* Schema version of the open database (sqlite: PRAGMA user_version; PostgreSQL: table
 * schema_version), -1 when it cannot be read. */
int store_schema_version(store *st);

/* Add a tournament / a team. *id receives the new row's id. BH_OK or BH_ESTORE. */
int store_tournament_add(store *st, const char *name, int64_t created_ms, int64_t *id);
int store_team_add(store *st, int64_t tournament, const char *name, const char *player1,
                   const char *player2, int64_t *id);

/* Team id's name and players become name, player1, player2 (a correction before its event
 * starts). BH_OK, BH_ENOTFOUND (no such team), BH_ESTORE. */
int store_team_set(store *st, int64_t id, const char *name, const char *player1,
                   const char *player2);

/* Add a game (g->id is ignored); *id receives its id. BH_OK or BH_ESTORE. */
int store_game_add(store *st, const store_game *g, int64_t *id);

/* Set status, result, reason, recovery and bpgn of game id (NULL strings are stored as
 * NULL). BH_OK, BH_ENOTFOUND or BH_ESTORE. */
int store_game_update(store *st, int64_t id, int status, const char *result, const char *reason,
                      const char *recovery, const char *bpgn);

/* Remember a token hash for a role: "director", or "player" with game and seat.
 * BH_OK, BH_EEXIST (same hash twice) or BH_ESTORE. */
int store_token_add(store *st, const char *hash, const char *role, int64_t game, int seat);

/* Revoke the tokens of a role for game, of every seat (seat < 0: a team token, role "team",
 * game = the team id, when a director reissues a team's link) or of one seat (a league
 * player's: role "league", game = the league, seat = the player id; the other players' stay):
 * they stop opening anything. BH_OK (also when there were none) or BH_ESTORE. */
int store_token_revoke(store *st, const char *role, int64_t game, int seat);

/* The hash of the newest token of a role for game and seat (a team's link: role "team", game
 * = the team id, seat -1) into hash (cap bytes, NUL-terminated). BH_OK, BH_ENOTFOUND or
 * BH_ESTORE. */
int store_token_hash(store *st, const char *role, int64_t game, int seat, char *hash, size_t cap);

/* Look up a token hash. On BH_OK writes role ("director"/"player", at most 15 chars + NUL
 * into role[16]), *game and *seat. BH_ENOTFOUND or BH_ESTORE otherwise. */
int store_token_find(store *st, const char *hash, char role[16], int64_t *game, int *seat);

/* Append an event or a chat line. BH_OK, BH_EEXIST (seq already stored) or BH_ESTORE. */
int store_event_add(store *st, const store_event *e);
int store_chat_add(store *st, const store_chat *c);
/* Append one entry of a game's result log (schema v7). BH_OK or BH_ESTORE. */
int store_result_log_add(store *st, const store_result_set *r);

/* Iterators: call fn for every row in id (or seq) order; fn returning non-zero stops the
 * walk and that value is returned. Returns BH_OK after a full walk, or BH_ESTORE. */
int store_each_tournament(store *st, int (*fn)(void *ctx, int64_t id, const char *name), void *ctx);
int store_each_team(store *st,
                    int (*fn)(void *ctx, int64_t id, int64_t tournament, const char *name,
                              const char *player1, const char *player2),
                    void *ctx);
int store_each_game(store *st, int (*fn)(void *ctx, const store_game *g), void *ctx);
int store_each_event(store *st, int64_t game, int (*fn)(void *ctx, const store_event *e),
                     void *ctx);
int store_each_chat(store *st, int64_t game, int (*fn)(void *ctx, const store_chat *c), void *ctx);
int store_each_result_set(store *st, int64_t game, int (*fn)(void *ctx, const store_result_set *r),
                          void *ctx);

/* Read one game by id into fn (same row lifetime rules). BH_OK, BH_ENOTFOUND, BH_ESTORE. */
int store_game_get(store *st, int64_t id, int (*fn)(void *ctx, const store_game *g), void *ctx);

#endif
