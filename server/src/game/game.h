/* game.h: a game of one of two kinds. Bughouse: two boards, four seats, two clocks, partner
 * transfers, and the arbiter that turns decisive events into the team result (docs/rules.md P-*,
 * R-*). Chess (F-CHESS): one board, two seats, one clock pair, the FIDE Laws'
 * results (mate, stalemate, dead position, flag, claims of threefold and 50 moves, fivefold and
 * 75 moves).
 * SPDX-License-Identifier: MIT
 * Pure: every call takes now_us (monotonic µs) and nothing reads a clock. The append-only
 * event list is the game's record; game_replay() rebuilds a game exactly from it. */
#ifndef BH_GAME_H
#define BH_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bh.h"
#include "clk.h"
#include "result.h"
#include "rules.h"

#define GAME_NEVER UINT64_MAX /* "nothing will happen by itself" (game_next_deadline_us) */
#define GAME_NAME_MAX                                                                              \
    65                    /* player name capacity: 64 bytes of UTF-8 + NUL (the wire's             \
                           * PROTO_NAME_MAX: a name is stored whole, never cut) */
#define GAME_PLY_ANY (-1) /* ply argument that skips the stale-ply check */
#define GAME_CLOCK_MAX_MS (CLK_MAX_US / 1000) /* largest recorded clock accepted (31 years) */

/* Seats (P-TEAM, P-SEAT): board A/B x White/Black. board = seat >> 1, colour = seat & 1. */
enum { GAME_A_WHITE = 0, GAME_A_BLACK = 1, GAME_B_WHITE = 2, GAME_B_BLACK = 3 };
enum { GAME_BOARD_A = 0, GAME_BOARD_B = 1 };
/* Teams (P-TEAM: each team has one White and one Black). GAME_DRAW is the "winner" of a
 * drawn game. */
enum {
    GAME_DRAW = 0,
    GAME_TEAM_1 = 1 /* White-A + Black-B */,
    GAME_TEAM_2 = 2 /* Black-A + White-B */
};

/* Game kinds. A chess game uses board GAME_BOARD_A only, seats GAME_A_WHITE and GAME_A_BLACK
 * (team 1 = White, team 2 = Black), a BH_MODEL_CHESS position: captures leave the game. */
typedef enum { GAME_KIND_BUGHOUSE = 0, GAME_KIND_CHESS = 1 } game_kind;

/* Static name: "bughouse", "chess"; "?" out of range. */
const char *game_kind_name(game_kind k);
/* Kind by name ("bughouse", "chess") into *out: BH_OK, or BH_ENOTFOUND (*out untouched). */
int game_kind_by_name(const char *name, game_kind *out);
/* Boards of kind k: 2 (bughouse) or 1 (chess). */
int game_kind_boards(game_kind k);
/* Seats of kind k: 4 (bughouse) or 2 (chess): seats are 0 .. game_kind_seats(k) - 1. */
int game_kind_seats(game_kind k);

/* Team (GAME_TEAM_1/2) of a seat 0..3. */
int game_team_of(int seat);
/* The team result (result.h) of a winner: GAME_TEAM_1 WIN1, GAME_TEAM_2 WIN2, any other a
 * DRAW. The winners are stored (GAME_EV_RESULT): they keep their values, mapped here. */
bh_result game_winner_result(int winner);
/* Partner of a seat: the other board, the other colour (0<->3, 1<->2). */
int game_partner_of(int seat);
/* Static label of a seat: "WhiteA", "BlackA", "WhiteB", "BlackB"; "?" if out of range. */
const char *game_seat_name(int seat);

/* A ruleset: every option written out (docs/rules.md). Value type. */
typedef struct game_rules {
    char name[16];             /* "regulation", "online", or a custom name */
    bool illegal_loses;        /* P-ILLEGAL: true = a legal-looking illegal move loses */
    uint32_t settle_ms;        /* R-SETTLE window after the first decisive event */
    bool dropped_rook_castles; /* P-CASTLE-DROP */
    bool premove; /* P-PREMOVE: true = a move for the next ply is queued and played when the
                   * opponent moves (online); false = rejected, never queued (regulation,
                   * fide) */
    clk_lag lag;  /* R-FLAG-EXACT lag credit policy; zero = off */
    bool draw_swaps_game2; /* P-GAME2: after a draw, game 2 swaps colours */
    bool armageddon;       /* T-ARMAGEDDON: Black has 2/3 of base_ms on both boards (3:00 vs 2:00);
                            * the caller scores a draw as a win for the team of Black on board A */
    uint32_t penalty_ms;   /* chess only, FIDE Laws 7.5.5 and 9.5.3 (one minute in rapid and
                            * blitz, Appendices A and B): time given to the opponent for an
                            * incorrect draw claim, which is then recorded (its intended move is
                            * played), and, under illegal_loses, for a first illegal move (the
                            * second loses). 0: an incorrect claim is refused unrecorded, and
                            * under illegal_loses the first illegal move loses. */
} game_rules;

/* The position options of a board of kind k under ruleset r: the chess model (captures leave
 * the game, nothing dropped) or bughouse with r's P-CASTLE-DROP. */
bh_options game_kind_options(game_kind k, const game_rules *r);

/* regulation (seed 000): illegal move loses, settle 2000 ms, dropped rooks castle, no
 * premoves, no lag credit, draw -> swap in game 2. */
void game_rules_regulation(game_rules *out);
/* online (FICS / chess.com): illegal moves rejected, settle 0 (flag at the exact instant, the
 * first decisive event ends the game; only same-instant events combine), dropped rooks do
 * not castle, premoves queued on the server (P-PREMOVE: one per seat, played at the
 * opponent's move instant, charged no time), no lag credit, draw -> swap in game 2. */
void game_rules_online(game_rules *out);
/* fide (chess under the FIDE Laws as rapid and blitz apply them, seeds 003/004): the second
 * illegal move loses and the first gives the opponent one minute (7.5.5, A.4.2); an incorrect
 * claim gives the opponent one minute (9.5.3, A.4); settle 0, no premoves, no lag credit.
 * For bughouse games it is "online" with illegal moves losing at once (penalty_ms is chess
 * only). */
void game_rules_fide(game_rules *out);
/* Named ruleset ("regulation", "online" or "fide") into *out; a "-arm" suffix ("online-arm")
 * is the same ruleset for an Armageddon play-off game (armageddon = true). BH_OK or
 * BH_ENOTFOUND. */
int game_rules_by_name(const char *name, game_rules *out);

/* What a game is created from. Value type; game_new copies it. */
typedef struct game_setup {
    game_rules rules;
    uint32_t base_ms;               /* P-TC: time per player per board */
    uint32_t inc_ms;                /* P-TC: added after every move, from move one */
    char players[4][GAME_NAME_MAX]; /* names by seat, "" if unknown */
    int team1_is;                   /* match team (1 or 2) that sits as GAME_TEAM_1 */
    char fen[2][BH_FEN_MAX];        /* start position of each board as FEN with reserves;
                                     * "" = the initial position (the normal case) */
    bool recorded;  /* a replayed record whose two boards' clocks do not share one timeline
                     * (FICS timeseal, chess.com lag compensation): each board keeps its own
                     * time; a move only applies flags of its own board; instants of the two
                     * boards may interleave out of order. false for live games. */
    game_kind kind; /* GAME_KIND_BUGHOUSE (the zeroed default) or GAME_KIND_CHESS: players[0..1]
                     * and fen[0] (plain FEN) only; settle_ms, dropped_rook_castles and
                     * draw-by-team rules of bughouse do not apply */
} game_setup;

/* Fill *s: ruleset r (copied), time control, no names, team1_is = 1, kind bughouse. */
void game_setup_init(game_setup *s, const game_rules *r, uint32_t base_ms, uint32_t inc_ms);

/* Game 2 of a double round (P-GAME2) from finished game 1: same rules, time control and
 * players. The loser's choice loser_swaps decides whether each player takes the other
 * colour on their board; after a draw the ruleset decides (draw_swaps_game2) and
 * loser_swaps is ignored. Swapping moves the players and flips team1_is, so the match
 * teams stay the same people. Returns BH_OK, or BH_ESTATE if g1 is not over. */
typedef struct game game; /* opaque */
int game_setup_game2(const game *g1, bool loser_swaps, game_setup *out);
/* The same rule from game 1's setup s1 and its winner alone (GAME_TEAM_1, GAME_TEAM_2 or
 * GAME_DRAW), for a caller that holds no game object (the tournament runner): BH_OK, or
 * BH_EINVAL for another winner value. */
int game_setup_next(const game_setup *s1, int winner, bool loser_swaps, game_setup *out);

/* Game state. */
enum {
    GAME_PLAYING = 0,  /* both boards play */
    GAME_SETTLING = 1, /* a decisive event stopped a board; the R-SETTLE window is open */
    GAME_OVER = 2      /* result final; both boards stopped */
};

/* Kind of the event that decided a game; decisive kinds are ordered by R-ORDER precedence. */
typedef enum {
    GAME_END_NONE = 0,
    GAME_END_RESIGN = 1,  /* lowest: voluntary and immediate */
    GAME_END_FLAG = 2,    /* time expired (R-FLAG-EXACT) */
    GAME_END_MATE = 3,    /* P-MATE */
    GAME_END_ILLEGAL = 4, /* P-ILLEGAL under illegal_loses: senior to mate */
    GAME_END_AGREE = 5,   /* P-AGREE */
    GAME_END_REPEAT = 6,  /* P-REPEAT claim; chess: threefold repetition claim (FIDE 9.2) */
    /* Chess draws (FIDE Laws; never in bughouse): */
    GAME_END_STALEMATE = 7,    /* art. 5.2.1 */
    GAME_END_DEAD = 8,         /* art. 5.2.2: bh_is_dead_position */
    GAME_END_FIFTY = 9,        /* art. 9.3: claim of the 50-move rule */
    GAME_END_FIVEFOLD = 10,    /* art. 9.6.1: the same position five times, automatic */
    GAME_END_SEVENTYFIVE = 11, /* art. 9.6.2: 75 moves each without pawn move or capture */
    GAME_END_FLAG_DRAW = 12,   /* art. 6.9: flag, but the opponent cannot checkmate */
    GAME_END_ILLEGAL_DRAW = 13 /* art. 7.5.5: a losing illegal move, but the opponent cannot
                                * checkmate */
} game_end;

/* Static name: "none", "resign", "flag", "mate", "illegal", "agreement", "repetition",
 * "stalemate", "dead_position", "fifty_moves", "fivefold", "seventy_five_moves",
 * "flag_insufficient", "illegal_insufficient". */
const char *game_end_name(game_end e);

typedef struct game_result {
    int winner;       /* GAME_TEAM_1, GAME_TEAM_2 or GAME_DRAW */
    int match_winner; /* the same as a match team (setup team1_is), 0 for a draw */
    game_end reason;  /* kind of the deciding event */
    int board;        /* board of the deciding event; -1 for agreement */
    int seat;         /* seat of the deciding event: the side that lost (mated, flagged,
                       * resigned, moved illegally), the claimant / acceptor of a draw, the
                       * flagged side or illegal mover of a FLAG_DRAW / ILLEGAL_DRAW, or the
                       * mover whose move made an automatic chess draw */
    uint64_t t_us;    /* instant of the deciding event */
    uint64_t end_us;  /* instant both boards stopped */
    size_t event;     /* index of the deciding event in the event list */
    int combined;     /* decisive events combined by R-* (1 or 2; 0 for draws by agreement) */
} game_result;

/* The result's reason as the wire and the store name it (protocol/messages/s2c-result.md):
 * game_end_name(r->reason), except a draw made by decisive events against both teams:
 * "mate_both" (R-MATE-MATE), "flag_both" (R-FLAG-FLAG), "illegal_both" (R-ILLEGAL-ILLEGAL).
 * Static string. */
const char *game_result_reason(const game_result *r);

/* Event list entries (the game's record). */
typedef enum {
    GAME_EV_START = 1,        /* both boards' clocks start (White to move) */
    GAME_EV_MOVE = 2,         /* seat played move; lag_us = lag credit granted */
    GAME_EV_ILLEGAL = 3,      /* seat sent a well-formed illegal move (illegal_loses only) */
    GAME_EV_FLAG = 4,         /* seat's time ran out, dated at the exact instant */
    GAME_EV_RESIGN = 5,       /* seat resigned */
    GAME_EV_DRAW_OFFER = 6,   /* seat's team offers a draw */
    GAME_EV_DRAW_DECLINE = 7, /* seat declines (or withdraws) the pending offer */
    GAME_EV_DRAW_ACCEPT = 8,  /* seat accepts: draw (P-AGREE) */
    GAME_EV_CLAIM = 9,        /* seat claims a draw: arg GAME_CLAIM_* | GAME_CLAIM_REJECTED
                               * (an incorrect claim, recorded only under penalty_ms); move =
                               * the intended move of a chess claim (FIDE 9.2.1.1, 9.3.1), else
                               * BH_MOVE_NONE */
    GAME_EV_RESULT = 10,      /* result final; arg = winner team (0 draw) */
    GAME_EV_PREMOVE = 11      /* seat queued uci (premove rulesets); uci "" = cancelled or
                               * dropped (not legal when its turn came) */
} game_ev_type;

typedef struct game_event {
    uint64_t t_us;        /* server instant (µs, monotonic) */
    uint32_t lag_us;      /* MOVE: lag credit granted (µs) */
    uint8_t type;         /* game_ev_type */
    int8_t seat;          /* actor seat, -1 for START/RESULT */
    int8_t arg;           /* RESULT: winner team; CLAIM: what was claimed */
    bh_move move;         /* MOVE: the move */
    char uci[BH_UCI_MAX]; /* PREMOVE: the queued move, "" if cancelled */
} game_event;

/* One move as played (derived from the events; what BPGN and clients show). */
typedef struct game_ply {
    uint64_t t_us;    /* instant of the move */
    int64_t clock_us; /* mover's remaining time after the move (increment added) */
    bh_move move;
    int8_t seat;          /* mover */
    int8_t handed;        /* piece type handed to the partner, BH_NO_PIECE if none */
    uint16_t number;      /* full-move number of the move on its board */
    char san[BH_SAN_MAX]; /* SAN with + / # */
} game_ply;

/* What one call changed, for broadcasting deltas. */
typedef struct game_delta {
    size_t ev_first;      /* first event appended by the call (flags due first, then the act) */
    size_t ev_count;      /* number of events appended */
    int board, seat;      /* board and seat of the act, -1 if none */
    bh_move move;         /* the move played, BH_MOVE_NONE if none */
    char san[BH_SAN_MAX]; /* its SAN, "" if none */
    char uci[BH_UCI_MAX]; /* its UCI, "" if none */
    bool premove_queued;  /* the move was queued as a premove (P-PREMOVE rulesets) */
    int handed;           /* piece type handed to the partner's reserve, BH_NO_PIECE if none */
    int handed_to;        /* seat that received it, -1 if none */
    int64_t clock_us[4];  /* remaining time of every seat at now (µs) */
    int state;            /* GAME_PLAYING / GAME_SETTLING / GAME_OVER after the call */
} game_delta;

/* Create a game from s (copied) and start it at start_us: both clocks of both boards start,
 * White to move on each (P-TC; with a setup FEN, the side it names); a chess game has board A
 * only (its FEN plain, without reserve). Appends GAME_EV_START.
 * Returns BH_OK (*out owns the game; free with game_free), BH_EFEN (a setup FEN does not
 * parse), BH_ELIMIT (setup FENs with more than BH_RESERVE_CAP pieces of one colour and type
 * on both boards and reserves together, promoted pieces counted as pawns: a reserve could
 * overflow, P-MOVE), or BH_EINVAL (base_ms 0, team1_is not 1/2, start_us == GAME_NEVER, an
 * unknown kind). */
int game_new(const game_setup *s, uint64_t start_us, game **out);
/* Free g. NULL is a no-op. */
void game_free(game *g);

/* Play a move by seat at now_us (P-MOVE). text is UCI ("e2e4", "N@f3") or SAN ("Nf3",
 * "N@f3"); ply is the number of plies on the seat's board that the client saw when it made
 * the move (GAME_PLY_ANY skips the check). Flags due by now_us are applied first, at their
 * exact instants. A capture goes to the partner's reserve at now_us (promoted as a pawn).
 * Returns BH_OK, or:
 *   BH_EINVAL   seat out of range, text NULL, now_us before the last call, or now_us ==
 *               GAME_NEVER (the sentinel is never an instant of an act: every act below too);
 *   BH_EOVER    the game is over or this board has stopped (R-SETTLE);
 *   BH_ETURN    not this seat's turn at the board's current ply: a protocol error, never an
 *               illegal move. Without rules.premove (regulation, fide) a move for the next
 *               ply sent before the opponent's move (a premove) is BH_ESTALE, rejected and
 *               never queued (P-PREMOVE, protocol/messages/c2s-move.md: any other ply is
 *               stale_ply). With rules.premove (online), a move in UCI syntax for the next
 *               ply (ply = plies + 1, or GAME_PLY_ANY) is instead queued (BH_OK,
 *               out->premove_queued, one per seat, a new one replaces it) and played at the
 *               instant the opponent's move is made, with no time charged; if it is not
 *               legal then (a drop of a piece that has not arrived, a capture of a piece that
 *               was not put there) it is dropped (GAME_EV_PREMOVE with uci ""), never counted
 *               as an illegal move; a premove for another ply gives BH_ESTALE, one not in UCI
 *               syntax BH_EMOVE (BH_ETURN with GAME_PLY_ANY), a drop in a chess game or a
 *               pawn's move to the last rank without its piece BH_EMOVE;
 *   BH_ESTALE   ply is not the board's current ply count (checked before the turn);
 *   BH_EMOVE / BH_EAMBIGUOUS  the text is not a move (protocol error; nothing changes);
 *   BH_EILLEGAL a well-formed illegal move (P-ILLEGAL): under illegal_loses it is recorded
 *               (GAME_EV_ILLEGAL) and is a decisive event against seat's team (R-*); else
 *               nothing changes. Chess (FIDE 7.5.5): with penalty_ms the first illegal move
 *               of a seat gives the opponent penalty_ms and play goes on, the second loses;
 *               a losing one is a draw when the opponent cannot checkmate (bh_can_checkmate).
 * *out (may be NULL) is filled on every return except BH_EINVAL. text is borrowed. */
int game_move(game *g, int seat, const char *text, int ply, uint64_t now_us, game_delta *out);

/* Cancel seat's queued premove (GAME_EV_PREMOVE with uci ""). BH_OK, BH_ESTATE (none
 * queued; queued premoves are dropped, without an event, when the game ends), BH_EINVAL. */
int game_cancel_premove(game *g, int seat, uint64_t now_us, game_delta *out);
/* Seat's queued premove as UCI (borrowed, valid until the next call), or NULL. */
const char *game_premove(const game *g, int seat);

/* As game_move with an encoded move m and a measured network lag lag_us (credited under the
 * ruleset's lag policy, capped; 0 = none; a move that is refused spends no credit). A
 * premove (rules.premove) is queued as its UCI text. */
int game_move_bh(game *g, int seat, bh_move m, int ply, uint64_t lag_us, uint64_t now_us,
                 game_delta *out);

/* Replay a recorded move (BPGN, CSV, chess.com) whose mover had clock_after_ms left after it
 * (increment included). The instant is the one at which the board's clock shows that value.
 * With setup.recorded the move is dated there (its board's own timeline) and only that board's
 * flags are applied first. Otherwise, if that instant is before the game's last instant (ms
 * rounding of exported clocks), the move is dated at the last instant with the difference as
 * lag credit, so the clock still shows the recorded value (credit at most UINT32_MAX µs, what
 * the event holds; a larger gap charges the rest); if that instant is less than 2 ms past a
 * flag or the settle window's end that is due (the rounding, one ms per side, on each board
 * by its own amount), the move is dated just before it. clock_after_ms < 0: no clock, no
 * time passes. Errors as game_move (no stale check; BH_EINVAL also for a clock over
 * GAME_CLOCK_MAX_MS). For importers and tests, not clients. */
int game_move_recorded(game *g, int seat, const char *text, int64_t clock_after_ms,
                       game_delta *out);

/* Resign for seat's team at now_us: a decisive event on seat's board (R-ORDER: lowest,
 * immediate when it is the first). BH_OK, BH_EINVAL, or BH_EOVER (game over or the seat's
 * board stopped). */
int game_resign(game *g, int seat, uint64_t now_us, game_delta *out);

/* P-AGREE. Offer: seat's team offers a draw; BH_ESTATE if an offer is pending already.
 * Accept: a seat of the other team accepts the pending offer: the game is drawn at now_us,
 * both boards stop; BH_ESTATE if no offer of the other team is pending. Decline: any seat
 * declines or withdraws the pending offer; BH_ESTATE if none. All: BH_EINVAL, BH_EOVER
 * (also while a settle window is open). */
int game_offer_draw(game *g, int seat, uint64_t now_us, game_delta *out);
int game_accept_draw(game *g, int seat, uint64_t now_us, game_delta *out);
int game_decline_draw(game *g, int seat, uint64_t now_us, game_delta *out);

/* P-REPEAT: seat claims that the current position of its board (board, side to move,
 * castling, en passant and both reserves) has occurred three times. Valid: the game is drawn
 * at now_us. BH_ESTATE if the claim is not valid (nothing recorded), BH_EINVAL, BH_EOVER.
 * In a chess game: game_claim_draw(g, seat, GAME_CLAIM_REPETITION, NULL, now_us, out). */
int game_claim_repetition(game *g, int seat, uint64_t now_us, game_delta *out);

/* What a draw claim claims (game_event arg of GAME_EV_CLAIM). */
typedef enum {
    GAME_CLAIM_REPETITION = 0, /* threefold repetition: P-REPEAT, FIDE 9.2 */
    GAME_CLAIM_FIFTY = 1       /* chess only: 50 moves each without pawn move or capture, 9.3 */
} game_claim;
#define GAME_CLAIM_REJECTED 2 /* event arg bit: the claim was incorrect (penalty_ms rulesets) */

/* Draw claim by seat at now_us. Bughouse: GAME_CLAIM_REPETITION only, as
 * game_claim_repetition (move must be NULL). Chess (FIDE 9.2, 9.3): the claimant must have
 * the move; move NULL claims the present position (9.2.1.2: it has appeared for at least the
 * third time; 9.3.2: halfmove clock at least 100), a move (UCI or SAN) claims the position it
 * would make (9.2.1.1, 9.3.1: the claim is judged on it, and, correct, the game is drawn at
 * now_us without the move being played; the event records it). Positions are the same as in
 * 9.2.2: bh_pos_key, en-passant right only when legal. Returns BH_OK (drawn), or:
 *   BH_EINVAL   seat out of range, now_us before the last call or GAME_NEVER, what unknown,
 *               GAME_CLAIM_FIFTY or a move in a bughouse game;
 *   BH_EOVER    the game is over (bughouse: or settling);
 *   BH_ETURN    chess: the claimant does not have the move (nothing recorded);
 *   BH_EMOVE / BH_EAMBIGUOUS / BH_EILLEGAL  the intended move is no move / not legal
 *               (nothing recorded, never an illegal move);
 *   BH_ESTATE   the claim is incorrect. With penalty_ms 0 nothing changes (the online
 *               practice: the server checks the claim at once, as lichess offers only a
 *               correct one). With penalty_ms > 0 (FIDE 9.5.3, rapid and blitz: one minute)
 *               the claim is recorded (arg | GAME_CLAIM_REJECTED), the opponent gets
 *               penalty_ms, and an intended move is then played as a move at now_us.
 * *out (may be NULL) is filled on every return but BH_EINVAL. move is borrowed. */
int game_claim_draw(game *g, int seat, game_claim what, const char *move, uint64_t now_us,
                    game_delta *out);

/* True if game_claim_draw(g, seat, what, NULL, ...) would draw the game now (for showing a
 * claim button). Never changes g. */
bool game_can_claim(const game *g, int seat, game_claim what);

/* Apply everything due by now_us: flags (dated at their exact instants) and the end of a
 * settle window (the window includes its last instant; it closes 1 µs later). A now_us
 * before the last call's instant does nothing (with setup.recorded it still applies the
 * flags due by now_us on either board). Returns BH_OK. */
int game_tick(game *g, uint64_t now_us, game_delta *out);

/* Earliest instant at which something can happen by itself (a flag or the end of the settle
 * window), for one server timer; GAME_NEVER when the game is over. Call game_tick then. */
uint64_t game_next_deadline_us(const game *g);

/* Accessors. Returned pointers are borrowed and valid until the next mutating call. */
game_kind game_get_kind(const game *g);
int game_boards(const game *g); /* game_kind_boards of g's kind */
int game_seats(const game *g);  /* game_kind_seats of g's kind */
int game_state(const game *g);
const game_result *game_get_result(const game *g); /* NULL until GAME_OVER */
const game_setup *game_get_setup(const game *g);
const bh_pos *game_pos(const game *g, int board); /* NULL for a board the kind has not */
bool game_board_stopped(const game *g, int board);
int game_board_plies(const game *g, int board);                  /* plies played on board */
int64_t game_clock_us(const game *g, int seat, uint64_t now_us); /* remaining, µs, >= 0;
                                                                  * 0 for a seat not in play */
int game_draw_offer(const game *g); /* team with a pending draw offer, 0 if none */
uint64_t game_start_us(const game *g);
uint64_t game_last_us(const game *g); /* latest instant the game has seen */
const game_event *game_events(const game *g, size_t *n);
const game_ply *game_plies(const game *g, size_t *n);
/* The k-th move (k from 0) played on board: its ply record, and in *event (may be NULL) the
 * index of its GAME_EV_MOVE event in game_events. NULL when board is not one of the game's
 * or has fewer than k + 1 plies. Linear in the game's length (a resend check, not a loop). */
const game_ply *game_board_ply(const game *g, int board, int k, size_t *event);

/* Rebuild a game from setup s and its event list ev[0..n) (e.g. from the store after a
 * crash), applying each stored act at its stored instant; derived events (flags, results)
 * are recomputed and must match the stored ones. Events after the last stored one are not
 * invented. The events one call appends (game_delta ev_first, ev_count) must be stored
 * together: a list cut inside them does not replay. Returns BH_OK (*out owns the new game),
 * BH_EINVAL (n == 0 or ev[0] not START), or BH_ESTATE (an event does not replay, or the
 * rebuilt list differs from ev). */
int game_replay(const game_setup *s, const game_event *ev, size_t n, game **out);

/* ---- the start gate: a created game's clocks start when its players can
 * play --------------------------------------------------------------------------------------- */

/* When the clocks of a created game may start, and what happens to absent seats. Value type.
 * not_before_us: the earliest instant (a tournament's break_s between games and rounds ends);
 * wait_s: from not_before_us on, the clocks start as soon as every seat of the game is
 * connected; when wait_s seconds have passed with a seat still absent, that seat loses its
 * board by forfeit (seed 004 art. 2: "waiting for a late opponent: 10 minutes"). wait_s 0: the
 * clocks start at not_before_us whoever is there. */
typedef struct game_gate {
    uint64_t not_before_us; /* monotonic µs */
    uint32_t wait_s;        /* seconds after not_before_us; 0 = no waiting (start regardless) */
} game_gate;

typedef enum {
    GAME_GATE_HOLD = 0,   /* not yet: ask again at *next_us (or when a seat connects) */
    GAME_GATE_START = 1,  /* start the clocks now (game_new at now_us) */
    GAME_GATE_FORFEIT = 2 /* wait_s has passed with seats absent: the game is decided unplayed */
} game_gate_verdict;

/* The gate's verdict at now_us for a game of kind k whose connected seats are the bits of
 * present (bit s = seat s; seats 0..game_seats-1 of the kind: 4 bughouse, 2 chess).
 * FORFEIT: the result's winner in *winner. The combination (our reading, docs/rules.md T-WAIT:
 * an absence is a flag at the deadline, R-FLAG-FLAG): an absent seat's board is lost by its team
 * at the deadline, a decisive event on that board; the two boards' events are simultaneous and
 * combine as R-FLAG-FLAG combines flags:
 *   - every absent seat of one team (one or both of its boards): that team loses
 *     (GAME_TEAM_1 / GAME_TEAM_2 wins the other);
 *   - absent seats of both teams (on one board or on two): draw (GAME_DRAW), as decisive
 *     events against both teams; nobody connected at all is such a draw too.
 * A chess game (one board, team 1 = White) is the same with two seats: the absent side loses;
 * both absent: draw. HOLD: *next_us is the instant to ask again (GAME_NEVER: only a seat's
 * arrival changes anything, which a gate with wait_s 0 never waits for). *winner and *next_us
 * may be NULL. Pure: never reads a clock. */
game_gate_verdict game_gate_decide(const game_gate *gt, game_kind k, unsigned present,
                                   uint64_t now_us, int *winner, uint64_t *next_us);
/* The instant absent seats forfeit (not_before_us + wait_s), GAME_NEVER for wait_s 0. */
uint64_t game_gate_deadline_us(const game_gate *gt);

#endif
