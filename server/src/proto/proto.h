/* proto.h: the wire protocol bughouse.v1: JSON text frames <-> typed C structs.
 * SPDX-License-Identifier: MIT
 * The only module that includes cJSON (it never leaves proto.c / proto_enc.c). The contract is
 * protocol/README.md and protocol/messages/; protocol/examples/ are golden files.
 * Decoding validates every field (type, range, length) and reports typed errors; encoders
 * return a new NUL-terminated compact JSON string that the caller frees with free(). */
#ifndef BH_PROTO_H
#define BH_PROTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PROTO_MAX_FRAME 8192            /* bytes of one client message (larger: too_large) */
#define PROTO_ID_MAX 9007199254740991LL /* 2^53-1: exact in a JS number */
/* String limits in bytes (protocol/README.md "Strings"): one per field, equal to what the
 * server stores (GAME_NAME_MAX and TOUR_NAME_LEN are PROTO_NAME_MAX + 1, asserted in hub);
 * a longer string is BH_ELIMIT, never cut. */
#define PROTO_TOKEN_MAX 128           /* bytes of a token */
#define PROTO_NAME_MAX 64             /* bytes of a tournament, team or player name */
#define PROTO_WAIT_MAX_S 86400        /* tournament_create wait_s: at most a day */
#define PROTO_BREAK_MAX_S 86400       /* tournament_create break_s: at most a day */
#define PROTO_TEXT_MAX 500            /* bytes of a chat line */
#define PROTO_MOVE_MAX 15             /* bytes of a move text ("e7e8q", "N@f3", "Nbxd7+") */
#define PROTO_PLY_MAX 100000          /* largest ply accepted */
#define PROTO_CLOCK_MAX_MS 86400000LL /* largest base or increment: one day */
#define PROTO_REASON_MAX 23           /* bytes of a director's result reason */
#define PROTO_PAIRS_MAX 1024          /* pairs of a round_pair by hand (more: too_large) */
#define PROTO_PASSWORD_MAX 128        /* bytes of a password (auth_pw.h AUTH_PW_MAX) */

/* Client -> server message types (protocol/messages/<name>.md). */
#define PROTO_PNAME_MAX 47  /* bytes of a roster player's name (tourney ROSTER_NAME_LEN - 1) */
#define PROTO_ROSTER_MAX 32 /* players on a roster (tourney ROSTER_MAX) */

/* A roster player as the club's and the league's team messages give it (players: [{id, name,
 * rating, invited}]). */
typedef struct {
    int id; /* > 0 */
    char name[PROTO_PNAME_MAX + 1];
    int rating;   /* 0..4000 (0 unrated) */
    bool invited; /* the league's invited players (F-TEAMRATING); false in a club team */
} proto_player_in;

typedef enum {
    PROTO_AUTH,              /* bind the connection to the token's role */
    PROTO_JOIN,              /* watch or play a game: reply is a full state */
    PROTO_MOVE,              /* a move or drop on the sender's board */
    PROTO_RESIGN,            /* resign for the sender's team */
    PROTO_CHAT,              /* partner chat */
    PROTO_PING,              /* reply pong */
    PROTO_TOURNAMENT_CREATE, /* director */
    PROTO_TEAM_REGISTER,     /* director */
    PROTO_GAME_CREATE,       /* director: game and the four player tokens */
    PROTO_GAME_START,        /* director: start without waiting for all four seats */
    PROTO_GAMES,             /* director: list games with status and recovery policy */
    PROTO_DRAW,              /* P-AGREE: offer, accept or decline a draw */
    PROTO_CLAIM,             /* P-REPEAT: claim a threefold repetition on one's board */
    PROTO_TOURNAMENT_START,  /* director: close registration, pair round 1 (T-AUTO on) */
    PROTO_TOURNAMENT_GET,    /* anyone: a tournament snapshot (proto_tour.h) */
    PROTO_TOURNAMENT_PAUSE,  /* director: pause or resume T-AUTO (paused) */
    PROTO_GAME_PAUSE,        /* director: pause or resume one game's clocks (paused) */
    PROTO_GAME_RESULT,       /* director: adjudicate a live game or override a result */
    PROTO_TEAM_WITHDRAW,     /* director: withdraw a team (keep_current: its match) */
    PROTO_RESULT_LOG,        /* director: a game's result log (who set which result, when) */
    PROTO_TEAM_REMOVE,       /* director: a team leaves a Swiss before its start */
    PROTO_BYE_REQUEST,       /* director: a team sits out a round (T-REQBYE), or cancel */
    PROTO_ROUND_SCHEDULE,    /* director: a round starts no earlier than start_ms (T-SCHEDULE) */
    PROTO_ROUND_PAIR,        /* director: pair (or re-pair) the next round while T-AUTO pauses */
    PROTO_ROUND_START,       /* director: start what T-AUTO would start next, while paused */
    PROTO_EXPORT,            /* director: BPGN of a game or TRF of a tournament (format) */
    PROTO_LIVE,              /* anyone: the live games, and later pushes when that changes */
    PROTO_GAME2_COLORS,      /* P-GAME2: the loser of game 1 swaps colours in game 2 or not */
    PROTO_ANNOUNCE,          /* director: a notice to every page, or to one team (team) */
    PROTO_TEAM_TOKEN,        /* director: reissue a team's link (team): a new token, the old
                              * ones revoked */
    PROTO_SIGNUP,            /* anyone: make an account (name, password) and log in */
    PROTO_LOGIN,             /* anyone: log in to an account: reply session */
    PROTO_LOGOUT,            /* a logged-in connection or a guest: end its session */
    PROTO_GUEST,             /* anyone: play unrated under a chosen name */
    PROTO_ENTRY_LINK,        /* a team's connection, logged in: its board is the account's */
    PROTO_LOBBY,             /* anyone: the lobby's tables, and later pushes when they change */
    PROTO_TABLE,             /* an account or a guest: create, sit, stand, ready, kick */
    PROTO_PREMOVE_CANCEL,    /* P-PREMOVE: cancel the sender's queued premove (proto_move:
                              * game and board; ply 0, move "") */
    PROTO_RATING,            /* anyone: an account's rating (name): reply rating_reply */
    PROTO_PROFILE,           /* anyone: an account's profile (name): reply profile_reply */
    PROTO_TYPE_COUNT_
} proto_type;

enum { PROTO_DRAW_OFFER = 0, PROTO_DRAW_ACCEPT = 1, PROTO_DRAW_DECLINE = 2 };
enum { PROTO_EXPORT_BPGN = 0, PROTO_EXPORT_TRF = 1 };

/* Game kinds on the wire (game_create "kind", state "kind"): equal to game.h's game_kind.
 * A chess game has one board, "A", and two seats: 0 White, 1 Black (game.h GAME_A_WHITE,
 * GAME_A_BLACK). */
enum { PROTO_KIND_BUGHOUSE = 0, PROTO_KIND_CHESS = 1 };
/* What a claim claims (FIDE 9.2 threefold repetition, 9.3 fifty moves: chess only); its
 * optional "move" (proto_claim.move, "" none) is the intended move of 9.2.1.1 / 9.3.1. */
enum { PROTO_CLAIM_REPETITION = 0, PROTO_CLAIM_FIFTY = 1 };

/* ---- one struct per message kind (protocol/messages/c2s-<kind>.md), fields named as on the
 * wire; strings are valid UTF-8 without control characters, copied whole. ---- */

typedef struct {
    char token[PROTO_TOKEN_MAX + 1];
} proto_auth;

typedef struct {
    int64_t game; /* 1.. */
} proto_game_ref; /* join, resign, game_start */

typedef struct {
    int64_t game;
    int board;                     /* 0 = "A", 1 = "B" */
    int ply;                       /* ply of the board the move was made for, 0.. */
    char move[PROTO_MOVE_MAX + 1]; /* UCI or SAN move text */
} proto_move;

typedef struct {
    int64_t game;
    char text[PROTO_TEXT_MAX + 1];
} proto_chat;

typedef struct {
    int64_t game;
    int action; /* PROTO_DRAW_OFFER / _ACCEPT / _DECLINE */
} proto_draw;

typedef struct {
    int64_t game;
    int claim;                     /* PROTO_CLAIM_REPETITION (default) or PROTO_CLAIM_FIFTY */
    char move[PROTO_MOVE_MAX + 1]; /* the intended move, "" none */
} proto_claim;

/* tournament_create: the options 0 / "" are the ruleset's default (proto_tour.h). */
typedef struct {
    char name[PROTO_NAME_MAX + 1];
    char ruleset[16];        /* game ruleset name, "" the server's */
    int64_t base_ms, inc_ms; /* time control, 0 = the ruleset's */
    int rounds;              /* 0 = T-ROUNDS */
    int64_t wait_s, break_s; /* -1 = absent (the server's default) */
    int small;               /* T-ROUNDS small field: 0 default, 1 "rr", 2 "cap" */
    int late_until;          /* T-LATE: late entries up to this round (0 none) */
    int bye_requests;        /* T-REQBYE: requested byes a team may take (0 none) */
    int bye_kind;            /* T-REQBYE: 0 half (default), 1 zero */
    int n_tiebreaks;         /* 0 = T-TIEBREAK default */
    char tiebreaks[8][12];   /* tie-break names ("DE", "BH-C1", ...) */
} proto_tournament_create;

typedef struct {
    int64_t tournament;
    char name[PROTO_NAME_MAX + 1];
    char players[2][PROTO_NAME_MAX + 1]; /* captain, partner */
    int ratings[2];                      /* captain, partner (0 = unrated) */
    int64_t team; /* the team replaced before the start (its id, token and links stay); 0: new */
} proto_team_register;

typedef struct {
    int64_t tournament;   /* 0 = none */
    int64_t team1, team2; /* 0 = none */
    int64_t base_ms, inc_ms;
    int kind; /* PROTO_KIND_BUGHOUSE (default) or PROTO_KIND_CHESS (then players holds 2
               * names, White and Black, and no teams are given) */
    char players[4][PROTO_NAME_MAX + 1]; /* by seat; "" when not given */
} proto_game_create;

typedef struct {
    int64_t tournament; /* tournament_get: 0 = the current one */
} proto_tour_ref;       /* tournament_start, tournament_get, round_start */

typedef struct {
    int64_t tournament;
    bool paused; /* true pause, false resume */
} proto_tournament_pause;

typedef struct {
    int64_t game;
    bool paused;
} proto_game_pause;

typedef struct {
    int64_t game;
    char result[8];                    /* a result token (result.h): WIN1, WIN2 or DRAW */
    char reason[PROTO_REASON_MAX + 1]; /* why (shown with the result) */
} proto_game_result;

typedef struct {
    int64_t tournament, team;
    bool keep_current; /* the team plays its current match to its end */
    bool undo;         /* take the team's withdrawal back (runner_reinstate) */
} proto_team_withdraw;

typedef struct {
    int64_t tournament, team;
} proto_team_remove;

typedef struct {
    int64_t tournament, team;
    int round;   /* 1..64 */
    bool cancel; /* take the request back */
} proto_bye_request;

typedef struct {
    int64_t tournament;
    int round;        /* 1..64 */
    int64_t start_ms; /* ms since the Unix epoch, 0: take the schedule back */
} proto_round_schedule;

#define PROTO_BUDGET_S_MAX 3600 /* round_pair's budget_s: an hour */

/* round_pair: the pairs are out of line (up to PROTO_PAIRS_MAX * 16 bytes, so that no other
 * message is that large): allocated by proto_decode for a pairing by hand, freed by
 * proto_msg_free. */
typedef struct {
    int64_t tournament;
    bool allow_rematch;
    int64_t budget_s;    /* seconds the Swiss pairer may search, 1..PROTO_BUDGET_S_MAX; 0: not
                          * given (the server's --pairing-budget-s) */
    bool hand;           /* "pairs" given (a pairing by hand) */
    int n_pairs;         /* pairs in `pairs` */
    int64_t (*pairs)[2]; /* {team, team or 0 (the bye)}, as sent; NULL when n_pairs is 0 */
} proto_round_pair;

typedef struct {
    int format;         /* PROTO_EXPORT_BPGN (game) or PROTO_EXPORT_TRF (tournament) */
    int64_t game;       /* bpgn */
    bool chat;          /* bpgn: partner chat as comments (director only; default false) */
    int64_t tournament; /* trf */
} proto_export;

typedef struct {
    int64_t game; /* game 1 of the pairing */
    bool swap;    /* true swap colours in game 2, false keep */
} proto_game2_colors;

typedef struct {
    int64_t team;                  /* 0 = everyone */
    char text[PROTO_TEXT_MAX + 1]; /* may hold line feeds */
} proto_announce;

typedef struct {
    int64_t team;
} proto_team_token;

/* signup and login. The password is wiped by proto_msg_free. */
typedef struct {
    char name[PROTO_NAME_MAX + 1];
    char password[PROTO_PASSWORD_MAX + 1];
} proto_login;

typedef struct {
    char name[PROTO_NAME_MAX + 1];
} proto_guest;

typedef struct {
    int board; /* 0 A, 1 B */
} proto_entry_link;

/* table's action (c2s-table.md). */
enum {
    PROTO_TABLE_CREATE,
    PROTO_TABLE_SIT,
    PROTO_TABLE_STAND,
    PROTO_TABLE_READY,
    PROTO_TABLE_UNREADY,
    PROTO_TABLE_KICK,
    PROTO_TABLE_SEEK,    /* look for a partner */
    PROTO_TABLE_UNSEEK,  /* stop looking */
    PROTO_TABLE_PARTNER, /* answer a seek: a new table, the two as partners */
    PROTO_TABLE_REMATCH, /* accept the rematch of a played table's ended game */
    PROTO_TABLE_QUEUE,   /* wait at a table for a seat in a later game (O-ROTATION) */
    PROTO_TABLE_UNQUEUE  /* stop waiting */
};

/* table: action; the other fields as that action needs them (the decoder requires table and
 * seat for sit and kick, base_ms for create); the lobby's own limits are lobby.h's. */
typedef struct {
    int action;                     /* PROTO_TABLE_* */
    int64_t table;                  /* sit, kick, queue, rematch: 1..; else 0 */
    int seat;                       /* sit, kick: 0..3; else -1 */
    char link[PROTO_TOKEN_MAX + 1]; /* "" none */
    int64_t base_ms;                /* create: 0..PROTO_CLOCK_MAX_MS as sent */
    int64_t inc_ms;                 /* create: 0..PROTO_CLOCK_MAX_MS, default 0 */
    bool rated;
    char ruleset[16]; /* create: default "online" */
    bool priv;        /* "private" */
    int64_t seek;     /* partner: the seek answered (1..); else 0 */
    int64_t game;     /* rematch: the ended game (1..); else 0 */
    bool swap;        /* rematch: partners swapped (default false: same seats) */
    bool rotate;      /* rematch: the rotated next game (O-ROTATION; default false) */
} proto_table;
typedef struct {
    char name[PROTO_NAME_MAX + 1]; /* the account's name, any case */
} proto_rating;

/* A decoded client message: its type, its id, and the struct of its type: the union member
 * named as the type (export_: export is a C++ keyword); ping, games, live and logout have none.
 * 528 bytes on x86-64 (one struct for all kinds with the pairs inline would be 17,648). */
typedef struct {
    proto_type type;
    int64_t id; /* echoed in the reply; 0..PROTO_ID_MAX */
    union {
        proto_auth auth;
        proto_game_ref join, resign, game_start, result_log;
        proto_move move, premove_cancel;
        proto_chat chat;
        proto_draw draw;
        proto_claim claim;
        proto_tournament_create tournament_create;
        proto_team_register team_register;
        proto_game_create game_create;
        proto_tour_ref tournament_start, tournament_get, round_start;
        proto_tournament_pause tournament_pause;
        proto_game_pause game_pause;
        proto_game_result game_result;
        proto_team_withdraw team_withdraw;
        proto_bye_request bye_request;
        proto_team_remove team_remove;
        proto_round_schedule round_schedule;
        proto_round_pair round_pair;
        proto_export export_;
        proto_game2_colors game2_colors;
        proto_announce announce;
        proto_team_token team_token;
        proto_login signup, login;
        proto_guest guest;
        proto_entry_link entry_link;
        proto_table table;
        proto_rating rating;
        proto_rating profile; /* the same field: name */
    };
} proto_msg;

/* What is known about a message that failed to decode: its id if it had a valid one, and
 * the offending field (for the error's "field"). */
typedef struct {
    bool has_id;
    int64_t id;
    char field[24];
} proto_err;

/* Decode one text frame of len bytes (need not be NUL-terminated). On BH_OK *out is filled,
 * and every string in it is valid UTF-8 without control characters, copied whole; on an error
 * *out is untouched.
 * Errors: BH_ELIMIT (len > PROTO_MAX_FRAME, or a string over its limit: err->field),
 * BH_EJSON (not a JSON object), BH_ETEXT (the frame is not valid UTF-8 or holds a \u0000
 * escape: err->field is the top-level field holding it; a control character in a string
 * field: err->field names it), BH_EFIELD (type, id or another field missing, mistyped or out
 * of range; err->field names it), BH_ETYPE (unknown type). err is always written. */
int proto_decode(const char *buf, size_t len, proto_msg *out, proto_err *err);

/* Release what a decoded message owns (a hand round_pair's pairs) and clear it, and wipe a
 * signup's or login's password (a store the compiler may not drop); every other kind owns
 * nothing (no-op). Call it once after each proto_decode that returned BH_OK. */
void proto_msg_free(proto_msg *m);

/* Wire name of a message type ("move"), static string; NULL when out of range. */
const char *proto_type_name(proto_type t);

/* ---- encoders (server -> client). has_id false omits "id". ---- */

/* {"type":"error","id":..,"code":"<bh_errname(code)>","message":..,"field":..}; field may be
 * NULL or "" (omitted). */
char *proto_enc_error(bool has_id, int64_t id, int code, const char *field);
/* The same with a human message of our own (copied; NULL: bh_strerror(code)), for an error
 * whose code and field alone do not say enough ("teams 3 and 5 met before"). */
char *proto_enc_error_msg(bool has_id, int64_t id, int code, const char *field,
                          const char *message);
/* The same with "retry_ms": when the refused act may succeed (replace_throttled); retry_ms < 0
 * omits it. */
char *proto_enc_error_retry(bool has_id, int64_t id, int code, const char *field,
                            const char *message, int64_t retry_ms);
/* The `moved` error (protocol/messages/s2c-error.md): the game of field ("game", "token") is
 * run by the cluster's node named node, where the client is to connect again (through
 * HAProxy: the same address with ?node=NAME). */
char *proto_enc_moved(bool has_id, int64_t id, const char *field, const char *node);

/* {"type":"authed","id":..,"role":role[,"game":..,"seat":..]}; game < 0 omits game/seat. */
char *proto_enc_authed(int64_t id, const char *role, int64_t game, int seat);

/* {"type":"authed","id":..,"role":role,"name":name[,"expires_ms":..]}: an account (role
 * "account", expires_ms > 0) or a guest (role "guest", expires_ms 0: omitted). */
char *proto_enc_authed_name(int64_t id, const char *role, const char *name, int64_t expires_ms);

/* {"type":"session","id":..,"token":..,"name":..,"expires_ms":..}: the reply to signup and
 * login; token is sent to its owner only. */
char *proto_enc_session(int64_t id, const char *token, const char *name, int64_t expires_ms);

/* {"type":"rating_reply","id":..,"name":..,"rating":..,"rd":..,"provisional":..,"games":..}:
 * the reply to rating; rating and rd rounded to whole points. */
char *proto_enc_rating_reply(int64_t id, const char *name, double rating, double rd,
                             bool provisional, int64_t games);

/* One rated game of a profile (proto_enc_profile_reply), as the account played it. */
typedef struct {
    int64_t game;             /* the game's id */
    int64_t at_ms;            /* when it was rated, ms since the epoch */
    const char *partner;      /* the partner's name (borrowed) */
    const char *opponents[2]; /* the opponents' names (borrowed) */
    int result;               /* the account's team's: 0 loss, 1 draw, 2 win */
    double before, after, rd; /* the account's rating before and after, its RD after */
} proto_profile_game;

/* {"type":"profile_reply","id":..,"name":..,"rating":..,"rd":..,"provisional":..,"games":..,
 * "history":[{at_ms, rating, rd}] (oldest first), "rated":[{game, at_ms, partner, opponents,
 * result ("win"/"draw"/"loss"), before, after, rd}] (newest first)}: the reply to profile;
 * rated[0..n) borrowed, newest first; every rating and RD rounded to whole points. */
char *proto_enc_profile_reply(int64_t id, const char *name, double rating, double rd,
                              bool provisional, int64_t games, const proto_profile_game *rated,
                              size_t n);

/* {"type":"ack","id":..}; with game >= 0 also game, board ("A"/"B"), ply and seq (move). */
char *proto_enc_ack(int64_t id, int64_t game, int board, int ply, int64_t seq);

/* {"type":"pong","id":..,"server_ms":..}. */
char *proto_enc_pong(int64_t id, int64_t server_ms);

/* {"type":"created","id":..,"<what>":value} with what "tournament" or "team". */
char *proto_enc_created(int64_t id, const char *what, int64_t value);

/* {"type":"game_created","id":..,"game":..,"tokens":[n strings by seat]}: n 4 (bughouse) or
 * 2 (chess). */
char *proto_enc_game_created(int64_t id, int64_t game, const char *const tokens[], int n);

typedef struct {
    int64_t game;
    const char *status;   /* "waiting", "live", "finished" */
    const char *result;   /* NULL while not finished */
    const char *reason;   /* NULL while not finished */
    const char *recovery; /* NULL unless a restart applied a policy: "resumed", "adjudicated" */
} proto_game_row;

/* {"type":"games","id":..,"games":[{game,status,result?,reason?,recovery?}...]}. */
char *proto_enc_games(int64_t id, const proto_game_row *rows, size_t n);

typedef struct {
    int64_t seq;      /* index in the game's event list */
    int64_t t_ms;     /* game time: ms since the game started */
    const char *kind; /* "move", "flag", "resign", "start", "result", ... */
    int seat;         /* -1 when none */
    int board;        /* -1 when none */
    int ply;          /* -1 when none */
    const char *text; /* move text or NULL */
    const char *san;  /* move: its SAN, or NULL (omitted) */
    int64_t clock_ms; /* move: the mover's remaining time after it (increment added), ms;
                       * -1 when none (omitted) */
} proto_event;

typedef struct {
    int seat;
    int64_t t_ms; /* wall clock ms */
    const char *text;
    int ply[2];      /* plies played on boards A and B when it was sent ("ply"); -1 unknown
                      * (a line stored before schema v5): omitted */
    int64_t game_ms; /* game time when it was sent, ms ("game_ms"); -1 unknown: omitted */
} proto_chat_line;

/* A full snapshot of one game as one connection may see it. */
typedef struct {
    int64_t game;
    const char *status;   /* "waiting", "live", "finished" */
    const char *fen[2];   /* boards A, B: FEN with reserves in [] */
    int ply[2];           /* next ply of each board (the ply a move must name) */
    int64_t clock_ms[4];  /* remaining time by seat */
    int running[2];       /* seat whose clock runs on each board, -1 none */
    int64_t server_ms;    /* wall clock of the snapshot */
    int64_t base_ms;      /* time control: initial time per player */
    int64_t inc_ms;       /* increment per move */
    const char *names[4]; /* player names by seat */
    bool connected[4];    /* seat has a live connection */
    const char *role;     /* the receiver: "player", "spectator", "director" */
    int you;              /* receiver's seat, -1 unless a player of this game */
    const proto_event *events;
    size_t n_events;
    const char *result, *reason, *recovery; /* NULL when not set */
    const proto_chat_line *chat; /* partner chat visible to the receiver (NULL/0 = omitted) */
    size_t n_chat;
    bool with_chat;     /* include "chat" (players and director only) */
    bool paused;        /* the director paused the game: clocks stand still */
    int result_board;   /* board of the deciding event, -1 none */
    int64_t start_ms;   /* waiting: wall-clock ms from which the clocks may start
                         * (the break's end); 0 = omitted */
    int64_t forfeit_ms; /* waiting: wall-clock ms at which absent seats forfeit (wait_s);
                         * 0 = omitted (the game waits for the director or all seats) */
    struct {            /* the game's place in its tournament (id 0 = omitted) */
        int64_t id;
        const char *name;
        int round, match, game_no; /* game_no 0-based: 0 game 1, 1 game 2 (T-DOUBLE) */
        const char *teams[2];      /* names of the team seated as team 1 (seats 0 + 3), 2 */
    } tour;
    bool chess;          /* a chess game: "kind" "chess", one board (fen[0]), seats 0 and 1, two
                          * clocks; else "kind" "bughouse" with two boards and four seats */
    const char *ruleset; /* the game's ruleset name ("online"); NULL = omitted */
    bool premove;        /* the ruleset queues premoves (P-PREMOVE) */
    bool rated;          /* a rated lobby game (G-RATED): "rated" true and each seat's rating */
    struct {
        double rating, rd; /* the player's rating now (Glicko scale; sent rounded) */
        bool provisional;  /* G-PROVISIONAL */
    } rating[4];
} proto_state;

/* {"type":"state","id":..(if has_id),...} from s. */
char *proto_enc_state(bool has_id, int64_t id, const proto_state *s);

/* A move delta broadcast to everyone in the game. */
typedef struct {
    int64_t game;
    int64_t seq;
    int board; /* 0 = A, 1 = B */
    int ply;   /* the ply it was made for */
    int seat;
    const char *move;   /* UCI */
    const char *san;    /* SAN or NULL */
    const char *fen[2]; /* both boards after the move (reserves change on both) */
    int64_t clock_ms[4];
    int running[2];
    int64_t server_ms;
    int64_t t_ms; /* game time of the move */
} proto_move_ev;

/* {"type":"move",...} from m: the delta every watcher of the game receives. */
char *proto_enc_move(const proto_move_ev *m);

/* {"type":"result","game":..,"result":..,"reason":..,"board":"A"/"B"/null,"clock_ms":[4],
 * "server_ms":..}; board: the board of the deciding event, -1 none (agreement, director). */
char *proto_enc_result(int64_t game, const char *result, const char *reason, int board,
                       const int64_t clock_ms[4], int64_t server_ms);

/* {"type":"chat","game":..,"seat":..,"text":..,"server_ms":..,"ply":[a,b],"game_ms":..}:
 * the line's fields as in the state's chat list. */
char *proto_enc_chat(int64_t game, const proto_chat_line *line);

/* {"type":"seat","game":..,"seat":..,"connected":bool}. */
char *proto_enc_seat(int64_t game, int seat, bool connected);

/* {"type":"announcement"[,"id":..],"text":..,"team":..|null,"name":..|null,"server_ms":..
 * [,"delivered":n]}: the director's notice (team 0: to everyone; name: that team's name).
 * The reply to announce has id and delivered (connections it went to, the sender's not
 * counted); the push has neither (has_id false, delivered ignored). */
char *proto_enc_announcement(bool has_id, int64_t id, const char *text, int64_t team,
                             const char *name, int64_t server_ms, int delivered);

/* {"type":"start","game":..,"clock_ms":[4],"running":[2],"server_ms":..}. */
char *proto_enc_start(int64_t game, const int64_t clock_ms[4], const int running[2],
                      int64_t server_ms);

#define PROTO_QUEUE_MAX 4 /* names waiting at a table: lobby.h's LOBBY_QUEUE_MAX */

/* One lobby table as one receiver sees it (c2s-table.md, s2c-table_reply.md). */
typedef struct {
    int64_t table;
    bool started;
    bool rematch; /* status "rematch": a played table whose game ended (seats' accept) */
    bool playing; /* status "playing": a played table whose game is on (to those waiting) */
    int64_t base_ms, inc_ms;
    bool rated;
    const char *ruleset;
    bool priv;
    const char *creator;
    bool mine;
    struct {
        const char *name; /* NULL: the seat is empty */
        bool account, ready;
        const char *accept; /* rematch: "same" / "swap" accepted, NULL not (omitted) */
        double rating, rd;  /* the account's rating (sent rounded); rd 0: omitted (a guest) */
        bool provisional;   /* G-PROVISIONAL */
    } seats[4];
    bool with_expected;                 /* four rated seats: "expected" is sent */
    double expected;                    /* team 1's (seats 0 + 3) expected score, 0..1 (G-TEAM) */
    int you;                            /* the receiver's seat, -1 none */
    const char *queue[PROTO_QUEUE_MAX]; /* the names waiting (O-ROTATION), nqueue of them */
    int nqueue;                         /* 0: "queue" omitted */
    bool rotation;      /* status rematch: seats are the rotated next game's ("rotation") */
    const char *out[4]; /* rotation: who sits the next game out, nout of them ("out") */
    int nout;
    const char *link;  /* NULL: omitted */
    int64_t game;      /* started: the game; 0 omitted */
    const char *token; /* started: the receiver's seat token; NULL omitted */
} proto_table_view;

/* {"type":"table"[,"id"],...} from t: the reply to table (has_id) or the start push. */
char *proto_enc_table(bool has_id, int64_t id, const proto_table_view *t);
/* One open seek (someone looking for a partner) as one receiver sees it. */
typedef struct {
    int64_t seek;
    const char *name;
    bool account;
    bool mine;         /* the receiver's own */
    double rating, rd; /* the account's rating (sent rounded); rd 0: omitted (a guest) */
    bool provisional;  /* G-PROVISIONAL */
} proto_seek_view;

/* {"type":"lobby"[,"id"],"tables":[n tables as in table],"seeks":[ns seeks],"server_ms":..}. */
char *proto_enc_lobby(bool has_id, int64_t id, const proto_table_view *t, size_t n,
                      const proto_seek_view *k, size_t ns, int64_t server_ms);

/* Parse and re-print json compactly with keys as given (for golden-file comparisons).
 * Returns a new string or NULL when json does not parse. */
char *proto_canon(const char *json);

#endif
