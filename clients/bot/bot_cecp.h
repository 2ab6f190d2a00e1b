/* bot_cecp.h: a bughouse engine that speaks xboard/CECP (Sjeng, Fairy-Stockfish in xboard
 * mode) playing one seat of one game for the bot pool (bot.c).
 * SPDX-License-Identifier: MIT
 * The bridge is the engine's ICS: it owns the engine's view of the game. The bot feeds it the
 * server's facts (the opponent's moves, both clocks, every change of the board's reserves,
 * the partner's chat) and reads back its moves, resignation and partner tells. Engine output
 * is parsed strictly: any line with a control byte, a line over CECP_LINE_MAX bytes, or a
 * `move` whose text is not a move is garbage, and the engine loses (the bot resigns for it). */
#ifndef BH_BOT_CECP_H
#define BH_BOT_CECP_H

#include <stdbool.h>
#include <stddef.h>

#include "rules.h"

#define CECP_LINE_MAX 4096 /* longest engine line accepted, bytes without the newline */
#define CECP_TEXT_MAX 500  /* partner chat text (protocol/messages/c2s-chat.md), bytes */

/* ---- pure: engine lines and partner words ------------------------------------------------ */

typedef enum {
    CECP_L_OTHER = 0, /* thinking output, statistics, banners: ignored */
    CECP_L_MOVE,      /* "move X": text holds X */
    CECP_L_RESIGN,    /* "resign" */
    CECP_L_PTELL,     /* "tellics ptell TEXT": text holds TEXT */
    CECP_L_TELLICS,   /* any other "tellics ..." (seek, set, abort, flag): ignored, logged */
    CECP_L_FEATURE,   /* "feature ...": text holds the rest of the line */
    CECP_L_ILLEGAL,   /* "Illegal move...": the engine refused a move we sent (its board and
                       * the server's differ) */
    CECP_L_ERROR,     /* "Error ...": a command it does not know (Fairy-Stockfish: nopost):
                       * logged, ignored */
    CECP_L_GARBAGE    /* a control byte, or a "move" line whose argument is not one token */
} cecp_line_kind;

/* Classify one engine line (without its newline; a trailing '\r' is ignored). The argument
 * of a move, ptell or feature line is copied into text (cap bytes, NUL-terminated, cut at a
 * UTF-8 boundary when longer). line is borrowed. Never fails. */
cecp_line_kind cecp_classify(const char *line, char *text, size_t cap);

/* Parse the engine's move text (coordinate notation: "e2e4", "e7e8q", drops "N@f3"; an
 * uppercase promotion letter and a lowercase drop letter are accepted) in pos. Returns BH_OK
 * (*out set), BH_EMOVE (not a move: garbage) or BH_EILLEGAL (a move, not legal in pos).
 * Castling is the king's two-square move. */
int cecp_parse_move(const bh_pos *pos, const char *text, bh_move *out);

/* True if text is a drop of a piece the side to move of pos does not hold, legal once it
 * holds one: a virtual drop (Fairy-Stockfish names the drop it waits for), made when the
 * partner sends the piece. */
bool cecp_is_virtual_drop(const bh_pos *pos, const char *text);

/* A partner-chat line (a person's signal or words, or another engine's relayed tell) as the
 * ptell text an engine understands, written into out (cap bytes): the web page's signals map
 * to the engines' words ("sit!" -> "sit", "go!" -> "go", "need ♞" -> "+n", "trade ok" ->
 * "+trades", "no trades" -> "-trades"); any other text is passed as it is, control bytes
 * replaced by spaces. Returns out. */
const char *cecp_chat_to_ptell(const char *chat, char *out, size_t cap);

/* An engine's ptell as partner-chat text for the server, written into out (cap bytes, at
 * most CECP_TEXT_MAX bytes kept, never a character cut): a bare engine word maps to the web
 * page's signal ("sit" -> "sit!", "go" or "move" -> "go!", "+n"/"++n"/"+++n" -> "need ♞",
 * "+trades" -> "trade ok", "-trades" -> "no trades"); any other tell is passed as it is, with
 * tabs as spaces and bytes that are not UTF-8 as '?' (the server takes only UTF-8 without
 * control characters). Returns the length, 0 when nothing is left to send (an empty tell). */
size_t cecp_ptell_to_chat(const char *ptell, char *out, size_t cap);

/* The xboard holding command for pos's reserves, "holding [QRBNP] [qrbnp]" in that piece
 * order: White's pieces upper case, then Black's lower case (Sjeng and Fairy-Stockfish read
 * either case). Written into out (cap bytes; 48 suffice). Returns out. */
const char *cecp_holding(const bh_pos *pos, char *out, size_t cap);

/* ---- the engine process and its game ----------------------------------------------------- */

typedef struct cecp cecp;

typedef struct {
    const char *cmd;  /* engine command, run by /bin/sh -c as "exec CMD" when it is one simple
                       * command (borrowed for the call) */
    int mem_mb;       /* address-space limit of the child (RLIMIT_AS), MiB; <= 0: none */
    int handshake_ms; /* wait for "feature ... done=1" this long; <= 0: 10000 */
    const char *tag;  /* log prefix, e.g. "game 7 seat 2" (copied) */
    bool trace;       /* log on stderr every line sent to the engine, each holding change with
                       * its cause, its moves and tells (the reasons it loses are always
                       * logged) */
} cecp_opts;

/* Start the engine: fork with pipes, the memory limit set in the child, which runs in its own
 * process group with /usr/games added to its PATH (Debian's engines live there), "xboard",
 * "protover 2", wait for done=1, check that "bughouse" is among its variants. Returns BH_OK
 * and *out (free with cecp_close), or BH_EIO with the reason in why (why_len bytes; the
 * child is killed). Blocks up to handshake_ms. */
int cecp_open(const cecp_opts *o, cecp **out, char *why, size_t why_len);

/* "quit", then SIGKILL to the child's process group and reap the child; free. NULL is a
 * no-op. */
void cecp_close(cecp *e);

/* Start a game on the engine: "new", "variant bughouse", "easy", "nopost", "level 0 M:SS
 * INC" from base_ms/inc_ms, "force", then "setboard" when pos is not the initial position,
 * "partner NAME" (partner: spaces and control bytes become '_'; NULL or "" sends none) and
 * the holding of pos. The engine waits in force mode until cecp_go or cecp_opponent_move. */
void cecp_new_game(cecp *e, const bh_pos *pos, int base_ms, int inc_ms, const char *partner);

/* The opponent's move uci (the server's text: "e2e4", "N@f3", "e7e8q") on the engine's board,
 * with both clocks (ms, the engine's own first) sent as "time"/"otim" (centiseconds) before
 * it: "usermove X" when the engine asked for usermove=1, else the bare move. The engine then
 * thinks (after a "go" when it was still in force mode); now_ms starts its move timer. */
void cecp_opponent_move(cecp *e, const char *uci, int my_ms, int opp_ms, long long now_ms);

/* Ask for a move now ("time", "otim", "go") when the engine is in force mode; nothing when it
 * is already thinking. now_ms starts its move timer. */
void cecp_go(cecp *e, int my_ms, int opp_ms, long long now_ms);

/* Send the holding of pos if it differs from the last one sent. after (borrowed, may be NULL)
 * is logged with it ("after A ply 12"). Returns true if a holding was sent. */
bool cecp_reserves(cecp *e, const bh_pos *pos, const char *after);

/* Relay a partner-chat line to the engine as "ptell ..." (cecp_chat_to_ptell). */
void cecp_partner_chat(cecp *e, const char *chat);

/* True while the engine owes a move (asked by cecp_go or cecp_opponent_move, not answered). */
bool cecp_thinking(const cecp *e);
/* Milliseconds since the engine was asked for its move (0 when not thinking). */
long long cecp_think_ms(const cecp *e, long long now_ms);
/* The engine's own clock (ms) when it was asked for the move it owes (0 when not thinking). */
int cecp_think_clock_ms(const cecp *e);

/* What the engine said since the last call. */
typedef enum {
    CECP_EV_NONE = 0, /* nothing more to read now */
    CECP_EV_MOVE,     /* text: its move (unchecked: parse it with cecp_parse_move) */
    CECP_EV_RESIGN,   /* it resigned */
    CECP_EV_PTELL,    /* text: chat for the partner (cecp_ptell_to_chat applied; non-empty;
                       * not logged: the caller decides whether it is relayed) */
    CECP_EV_LOST      /* it can no longer play: text says why (exited, garbage, refused a
                       * move); the engine is dead or killed, later calls return NONE */
} cecp_event_kind;

typedef struct {
    cecp_event_kind kind;
    char text[CECP_TEXT_MAX + 64];
} cecp_event;

/* Read the engine's output without blocking and return the next event in *ev (kind NONE when
 * there is none). Lines that are no event are logged (tellics) or dropped (thinking). */
void cecp_poll(cecp *e, cecp_event *ev);

/* Kill the child now (the game is over for it, or it hung); later calls return NONE. */
void cecp_kill(cecp *e, const char *why);

#endif
