/* bot_int.h: what the bot module's files share: the pool and its seats (bot.c), the CECP
 * seats' glue (bot_seat_cecp.c), the UCI engine (bot_uci.c). SPDX-License-Identifier: MIT */
#ifndef BH_BOT_INT_H
#define BH_BOT_INT_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdint.h>

#include "bot.h"
#include "bot_cecp.h"
#include "rules.h"

typedef struct bot_engine bot_engine;

/* Start the engine command (run by /bin/sh) as a child with UCI_Variant crazyhouse. NULL if
 * it does not answer uciok/readyok within a few seconds. */
bot_engine *bot_engine_open(const char *cmd);
/* Stop the child and free. NULL is a no-op. */
void bot_engine_close(bot_engine *e);
/* The engine's move for pos (position fen + go movetime), BH_MOVE_NONE on any failure. A
 * chess-model position switches the engine to UCI_Variant chess (and back for bughouse).
 * Blocks up to movetime_ms plus a margin. The caller still checks legality. */
bh_move bot_engine_move(bot_engine *e, const bh_pos *pos, int movetime_ms);

typedef struct {
    wsc *c;
    char token[160];
    int64_t game;
    int seat;      /* -1 until authed */
    bool live;     /* the game is live */
    bool done;     /* the game ended (or the seat was given up): nothing more to do */
    bool replaced; /* given up: another connection plays it (its slot is not reused, so a
                    * later assign of the same game does not take the seat back) */
    bool chess;    /* a chess game (state "kind"): one board, FEN without reserve, F-CHESS */
    bh_pos pos;    /* own board as the server last showed it */
    bool have_pos;
    int ply;            /* the board's ply count as the server last showed it */
    int sent_ply;       /* ply we sent a move for, -1 none */
    long long move_at;  /* when to move (ms), 0 = not scheduled */
    long long retry_at; /* reconnect time when closed */
    int64_t next_id;
    /* CECP engine seats (opts.cecp) */
    cecp *eng;       /* this seat's engine, NULL before the game or after it */
    bool eng_failed; /* it could not start or play on: resign when live */
    bool resigned;   /* resign sent */
    int eng_ply;     /* the ply the engine's board is at */
    int clock_ms[4]; /* clocks by seat as the server last showed them */
    int base_ms, inc_ms;
    char partner[65];                  /* the partner seat's name */
    int ptells;                        /* engine tells relayed in this game */
    double tell_tokens;                /* token bucket for relayed tells (TELL_PER_S, TELL_BURST) */
    long long tell_at;                 /* its last refill, ms */
    int tells_dropped;                 /* tells over the rate, not relayed */
    char last_tell[CECP_TEXT_MAX + 1]; /* the engine's last tell (echo suppression) */
    char pending[8];                   /* a virtual drop waiting for its piece, "" none */
} seat_conn;

typedef struct {
    wsc *c;
    char token[160];
    long long retry_at;
} team_conn;

struct bot_pool {
    wsc_ctx *x;
    bot_opts o;
    seat_conn *s;
    int ns, caps;
    team_conn *t;
    int nt, capt;
    uint64_t rng;
    bot_stats st;
    bot_engine *eng; /* UCI engine or NULL */
};

/* ---- shared by bot.c and bot_seat_cecp.c ---------------------------------------------------- */

/* Monotonic milliseconds. */
long long bot__mono_ms(void);
/* Format a message (at most 511 bytes after formatting) and queue it on c (wsc_send). */
void bot__send_fmt(wsc *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* String member k of o, NULL if absent or not a string (borrowed from o). */
const char *bot__jstr(const cJSON *o, const char *k);
/* Number member k of o, def if absent or not a number. */
double bot__jnum(const cJSON *o, const char *k, double def);

/* CECP seats (bot_seat_cecp.c); p->o.cecp is set. A state (not finished) for s, already read
 * into s: start its engine and game, or set the engine's board again, or update its holding. */
void bot__cecp_state(bot_pool *p, seat_conn *s, const cJSON *state);
/* A move broadcast for s, its position already updated: clocks, the opponent's move to the
 * engine, the holding. */
void bot__cecp_move(seat_conn *s, const cJSON *move);
/* A partner-chat broadcast: the partner's line goes to s's engine as ptell. */
void bot__cecp_chat(bot_pool *p, seat_conn *s, const cJSON *chat);
/* The server refused s's move as illegal_move: true when s is a CECP seat (its engine then
 * loses: the bot resigns), false otherwise. */
bool bot__cecp_refused(bot_pool *p, seat_conn *s);
/* s's turn in the loop: read its engine, ask it for a move when due, resign for it when it
 * can no longer play. */
void bot__cecp_turn(bot_pool *p, seat_conn *s, long long now);
/* s's game is over: log a move the engine still owed and tells not relayed, stop the engine.
 * A seat without an engine is a no-op. */
void bot__cecp_done(seat_conn *s);

#endif
