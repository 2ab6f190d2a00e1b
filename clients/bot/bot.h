/* bot.h: bots that play bughouse seats over the wire (issue 8): random legal moves with a
 * bias for captures, checks and drops, or a UCI engine (Fairy-Stockfish, crazyhouse).
 * SPDX-License-Identifier: MIT
 * One bot_pool drives many seats from one wsclient context. A team token (role "team",
 * protocol/messages/s2c-assign.md) makes the pool join every game of that team as it is
 * created; a player token plays one seat. The position of each seat's board is the server's:
 * it is parsed from every state and move message's FEN, and a move is chosen among
 * bh_gen_legal of that position, so the bot never sends a move that is not legal in the
 * state the server gave it. Connections that drop are reopened (tokens stay valid); a seat
 * that another connection takes (session_replaced: a person opened the seat's link, or
 * replace_throttled: someone holds it) is given up for good, never taken back.
 * With a CECP engine (opts.cecp) each seat gets its own engine process for its game: the
 * bot relays the opponent's moves, clocks, reserves and partner chat to it and its moves and
 * partner tells back; an engine that exits, prints garbage or refuses a move loses the game
 * (the bot resigns for it and logs why on stderr); one that does not move is waited for as
 * long as its clock lasts (a sitting engine is not hung), and the server's flag ends it. */
#ifndef BH_BOT_H
#define BH_BOT_H

#include <stdbool.h>
#include <stdint.h>

#include "wsclient.h"

typedef struct bot_pool bot_pool;

typedef struct {
    wsc_opts server;   /* where to connect (borrowed strings must outlive the pool) */
    int pace_ms;       /* think time before each move: uniform in [pace_ms/2, pace_ms] */
    uint64_t seed;     /* random moves */
    const char *uci;   /* NULL: random bot; else the engine command ("fairy-stockfish") */
    int movetime_ms;   /* engine: go movetime */
    const char *cecp;  /* NULL, or an xboard/CECP engine command ("sjeng"): one child per seat
                        * plays it (bot_cecp.h); its moves only, never random ones */
    int engine_mem_mb; /* CECP child's address-space limit, MiB (0: 1024) */
    bool verbose;      /* log connections and errors to stderr */
} bot_opts;

/* New pool over context x (borrowed; outlives the pool). */
bot_pool *bot_pool_new(wsc_ctx *x, const bot_opts *o);
/* Close every connection and free. NULL is a no-op. */
void bot_pool_free(bot_pool *p);

/* Drive a team: connect with the team token (copied) and play every seat assigned to it. */
void bot_pool_add_team(bot_pool *p, const char *token);
/* Play one seat with a player token (copied) of game `game`. */
void bot_pool_add_seat(bot_pool *p, const char *token, int64_t game);

/* Service the pool once: read messages, (re)connect, move where due. Call after wsc_pump. */
void bot_pool_step(bot_pool *p);

/* Counters for logs and tests. */
typedef struct {
    int seats_live;   /* seat connections open */
    long moves_sent;  /* moves sent */
    long moves_acked; /* acks for moves */
    long errors;      /* error replies */
    long reconnects;  /* connections reopened */
    long games_done;  /* seats whose game ended */
    long replaced;    /* seats given up: played from another connection */
    int seats_left;   /* seats not done (their game not over, not given up) */
    long resigned;    /* games resigned for an engine that could not play on (CECP) */
    long ptells_out;  /* engine tells sent as partner chat (CECP) */
    long ptells_in;   /* partner chat lines relayed to an engine (CECP) */
} bot_stats;
void bot_pool_stats(const bot_pool *p, bot_stats *out);

/* ---- the lobby (bot_lobby.c; protocol/messages/c2s-table.md) ---- */

/* A seat at a lobby table for the bot: --lobby TABLE:SEAT[:LINK] with --name. */
typedef struct {
    long long table;  /* 1.. */
    int seat;         /* 0..3: 0 White A, 1 Black A, 2 White B, 3 Black B */
    const char *link; /* a private table's link token; NULL or "" for a public table */
    const char *name; /* the guest name it sits under (the account name rules, guest.md) */
} bot_lobby_seat;

/* Connect to server, become the guest l->name, sit at l's seat and say ready: the connection
 * (kept open until the start: a seat empties when its connection closes), or NULL with the
 * refusal printed on stderr (its code and field). */
wsc *bot_lobby_sit(wsc_ctx *x, const wsc_opts *server, const bot_lobby_seat *l);
/* Read c for up to ms: 1 with *game and token (cap bytes) when the table started (its seat
 * token), 0 nothing yet, -1 the connection closed. */
int bot_lobby_started(wsc *c, int ms, long long *game, char *token, size_t cap);

#endif
