/* bpgn.h: BPGN (bughouse PGN) tokenizer, import into the game model, and export.
 * SPDX-License-Identifier: MIT
 * One time-ordered stream for both boards ("1A. e4{179.547} 1a. Nc6{...} 1B. ..."), drops
 * "N@f3", the mover's remaining clock after each move in seconds with milliseconds.
 * Result convention (docs/rules.md, FORMAT.md): bughousedb writes [Result] (and the final token)
 * for the board where the game ended, in that board's colours, which alone does not name the
 * team. We write the same (so bughousedb readers are right) and state the team in a tag:
 * [Winner "WhiteA+BlackB" | "BlackA+WhiteB" | "draw" | "*"]. Reading: a Winner tag decides;
 * without one the file is read in the bughousedb convention (closing comment, else the board
 * of the last move). */
#ifndef BH_BPGN_H
#define BH_BPGN_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"

#define BPGN_TAG_NAME_MAX 32
#define BPGN_TAG_VALUE_MAX 256
#define BPGN_TEXT_MAX 256
#define BPGN_TAGS_MAX 256    /* most tags one game may have (bpgn_parse: BH_ELIMIT) */
#define BPGN_ITEMS_MAX 65536 /* most moves plus comments one game may have (BH_ELIMIT) */

typedef struct bpgn_tag {
    char name[BPGN_TAG_NAME_MAX];
    char value[BPGN_TAG_VALUE_MAX];
} bpgn_tag;

/* One item of the movetext stream: a move, or a comment that is not a clock. */
typedef struct bpgn_item {
    int seat;                 /* move: GAME_A_WHITE.. from the side letter A a B b; -1 comment */
    int number;               /* move: full-move number on its board */
    int64_t clock_ms;         /* move: remaining after the move (ms), -1 if none */
    char text[BPGN_TEXT_MAX]; /* move: SAN as written; comment: its text without braces */
} bpgn_item;

typedef struct bpgn_game {
    bpgn_tag *tags; /* owned */
    size_t ntags;
    bpgn_item *items; /* owned; moves and comments in stream order */
    size_t nitems;
    char result[8]; /* a PGN result token (result.h: no forfeit), or "" if none */
} bpgn_game;

/* Tokenize one game (tags, movetext, result token) from text[0..len). Parsing stops after the
 * result token or at the end of text; *used (may be NULL) gets the bytes consumed. Movetext
 * alone (no tags, no result: the MbProg CSV field) is accepted. Comments may hold any byte
 * but '}'; a comment right after a move that is a number is that move's clock. Returns BH_OK
 * (*out filled; release with bpgn_game_fini), BH_EPARSE (bad token; *out empty), BH_ELIMIT
 * (over BPGN_TAGS_MAX tags or BPGN_ITEMS_MAX items, so a few bytes of input cannot cost
 * hundreds of bytes each without bound; *out empty) or BH_EINVAL. text is borrowed. */
int bpgn_parse(const char *text, size_t len, bpgn_game *out, size_t *used);

/* Release what *bg owns; bg may be zeroed or NULL. */
void bpgn_game_fini(bpgn_game *bg);

/* Value of tag name, or NULL. Borrowed from bg. */
const char *bpgn_get_tag(const bpgn_game *bg, const char *name);

/* Team result of the file: GAME_TEAM_1 (WhiteA+BlackB), GAME_TEAM_2 or GAME_DRAW into
 * *winner. Reads a [Winner] tag (our convention), else bughousedb's: the closing comment's
 * name ("X checkmated", "X forfeits on time", "X resigns") is the loser; failing that, the
 * result token is read for the board of the last move. Returns BH_OK, or BH_ENOTFOUND for an
 * unfinished game (result NONE, no result, or nothing to tell). */
int bpgn_team_result(const bpgn_game *bg, int *winner);

/* Replay bg through the game model: rules r (NULL: the [Ruleset] tag, else "online", with the
 * options of a [Rules] tag applied over them; BH_EPARSE if that tag is malformed), time
 * control from [TimeControl "base+inc"] (seconds; default 180+0), names from the player tags,
 * start positions from [FENA] / [FENB] (BH_EFEN if one does not parse),
 * the game started at start_us, each move at the instant its recorded clock gives
 * (game_move_recorded). A file without a Winner tag (not ours), or with [Clocks "per-board"],
 * is replayed with setup.recorded (one timeline per board). A settle window open at the end closes.
 * Act comments that we export (resigns, draws, illegal moves, claims) are replayed at the
 * instant they carry ("{Anna resigns at 61.5}": seconds from the start), or without one at the
 * previous item's instant; a closing
 * "forfeits on time" (or a finished game of ours still running at the end) runs the clocks until
 * the flag falls. Returns BH_OK (*out owns the game), or the error of the first move that does not
 * replay (its item index in *bad if bad is non-NULL; the partial game is freed), or BH_EPARSE (bad
 * TimeControl). */
int bpgn_import(const bpgn_game *bg, const game_rules *r, uint64_t start_us, game **out,
                size_t *bad);

/* A partner-chat line to write into the movetext as a comment: after the
 * first `plies` moves of the game in time order (0: before the first; the sum of both boards'
 * plies when it was sent), game_ms its game time (ms from the start, -1 unknown). */
typedef struct bpgn_chat {
    int seat;         /* sender, GAME_A_WHITE.. */
    int plies;        /* moves of the game (both boards) it followed, -1 unknown: at the end */
    int64_t game_ms;  /* -1 unknown */
    const char *text; /* valid UTF-8 without control characters (proto.c) */
} bpgn_chat;

/* Optional header values for export (NULL fields are left out). Borrowed for the call.
 * date is PGN's "YYYY.MM.DD"; round PGN's Round ("3", "3.2" round 3 board 2, "-" none);
 * match_game the game of a team match ("1" or "2", T-DOUBLE). chat (nchat lines in the order
 * they were sent, NULL/0 none) become movetext comments "{[%chat WhiteB 61.5] need a knight}"
 * (the sender's seat label, the game time in seconds; a '}' of the text written as ')', PGN
 * comments having no escape); import skips every comment that starts "[%". */
typedef struct bpgn_meta {
    const char *event, *site, *date, *time, *round, *match_game;
    const bpgn_chat *chat;
    size_t nchat;
    const char *board, *team[2]; /* a chess game of a team match (pgn_meta): board, teams */
    const char *result_by;       /* the game's result log (who set which result, when, through
                                  * which page) as a ResultBy tag, NULL or ""
                                  * none */
} bpgn_meta;

/* Render g (any state) as BPGN: tags (Event, Site, Date, Round, Time, MatchGame, the four
 * players, TimeControl, Ruleset, Rules (every option, written only when the ruleset is not
 * exactly the named "regulation" or "online"), FENA / FENB for a board that did not start from
 * the initial position, Clocks "per-board" for a setup.recorded game, Winner, Result), the moves
 * in time order with clocks, act comments with their instants, and the closing comment with
 * the result token. A chess game is written as PGN instead (pgn_export with meta's event, site,
 * date, round, board and teams; bpgn_export_as's result and reason as the arbiter's result).
 * Returns a NUL-terminated string the caller frees with free(). Never NULL (OOM aborts). */
char *bpgn_export(const game *g, const bpgn_meta *meta);

/* bpgn_export with the team result given outside the game model (a director's adjudication
 * or override, a restart's adjudication): result, a token of result.h (WIN1 for team 1:
 * WhiteA+BlackB, WIN2 or DRAW), and reason (client text) go into the Winner and Result tags, a
 * Termination tag and the closing comment ("{reason} result", a '}' of the reason written as
 * ')'). result NULL: bpgn_export. */
char *bpgn_export_as(const game *g, const bpgn_meta *meta, const char *result, const char *reason);

#endif
