/* proto_league.h: the team league's messages (seed 003; protocol/messages/
 * c2s-league_*.md, s2c-league*.md): JSON <-> typed C structs, kept apart from proto.h's and
 * proto_club.h's tables so that they change independently. SPDX-License-Identifier: MIT
 * Same conventions as proto.h: the decoder fills one struct per kind and names the offending
 * field; each encoder returns a new compact JSON string (the caller frees it).
 *
 * A league game is named on the wire by stage (1 groups, 2 quarter-finals, 3 semi-finals,
 * 4 final: tourney/league/league.h LEAGUE_STAGE_*), match (1-based: the match's index in its stage
 * as league_get lists it), board (1-based, as printed on a scoresheet) and game (1, or 1 and 2 in
 * the knockout: art. 7, two games a board). Instants are wall-clock ms since the Unix epoch (*_ms),
 * durations ms or s as named. */
#ifndef BH_PROTO_LEAGUE_H
#define BH_PROTO_LEAGUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "proto.h"

#define PLEAGUE_PLAYERS_MAX PROTO_ROSTER_MAX
#define PLEAGUE_PNAME_MAX PROTO_PNAME_MAX
#define PLEAGUE_BOARDS_MAX 16                       /* tourney LEAGUE_MAX_BOARDS */
#define PLEAGUE_TEAMS_MAX 32                        /* tourney LEAGUE_MAX_TEAMS */
#define PLEAGUE_VALID_MAX_MS (366LL * 86400 * 1000) /* a challenge's validity: at most a year */
/* The latest instant a message may name (start_ms, deadline_ms): 9999-12-31T23:59:59.999Z,
 * as ISO 8601's four-digit years go; later is refused naming the field (its µs stay far from
 * INT64_MAX, its text exact in 15 digits). */
#define PLEAGUE_INSTANT_MAX_MS 253402300799999LL

typedef enum {
    PLEAGUE_CREATE,      /* director: a new league (options: seed 003's defaults) */
    PLEAGUE_TEAM,        /* director: a team with roster, ratings, invited flags, captain;
                          * reply: the team and one league token per roster player */
    PLEAGUE_ROSTER,      /* director: a team's new roster (registration, or between stages) */
    PLEAGUE_START,       /* director: close registration, the draw, the group stage */
    PLEAGUE_STAGE_START, /* director: the next knockout stage (ratings recomputed) */
    PLEAGUE_GET,         /* anyone: the league's snapshot */
    PLEAGUE_SEND,        /* the sending player (league token): the challenge, a start or now */
    PLEAGUE_ACCEPT,      /* the answering player: accept the open proposal */
    PLEAGUE_COUNTER,     /* the answering player: propose another start */
    PLEAGUE_TC,          /* a player of the game: agree to (or withdraw from) 10+1 */
    PLEAGUE_SUBSTITUTE,  /* the non-answering team's captain (league token): a substitute */
    PLEAGUE_EXTEND,      /* director: move an open deadline */
    PLEAGUE_RESULT,      /* director: a game's result (forfeits included) */
    PLEAGUE_LOT,         /* director: the lot of a drawn knockout match between equal ratings */
    PLEAGUE_NOTICES,     /* a player (league token): its notice feed since a sequence number */
    PLEAGUE_EXPORT,      /* director: "tables", "bracket", "fixtures" or "trf" as text */
    PLEAGUE_TEAM_REMOVE, /* director: a team leaves the league in registration */
    PLEAGUE_TYPE_COUNT_
} pleague_type;

/* Stage names on the wire and in the snapshot: "groups", "qf", "sf", "final". */
const char *proto_league_stage_name(int stage);

/* A game on the wire, 0-based here except stage (wire match/board/game are 1-based). */
typedef struct {
    int stage, match, game, board;
} pleague_key;

typedef struct {
    char name[PROTO_NAME_MAX + 1];
    char ruleset[32];                                    /* "" = "fide" */
    int teams, groups, boards, max_invited, rating_date; /* -1: seed 003's */
    int64_t wait_s;                                      /* -1: 600 */
    int64_t first_valid_ms, second_valid_ms;             /* -1: 10 days, 5 days */
    int base_s, inc_s, alt_base_s, alt_inc_s;            /* -1: 5+1, 10+1 */
} pleague_create;

typedef struct {
    int64_t team;                  /* roster, team_remove */
    char name[PROTO_NAME_MAX + 1]; /* team only */
    int captain;                   /* team only */
    int n_players;                 /* 1..PLEAGUE_PLAYERS_MAX */
    proto_player_in *players;      /* out of line (proto_league_msg_free; ids unique in the
                                    * league) */
} pleague_team;

typedef struct {
    char token[PROTO_TOKEN_MAX + 1]; /* the player's league token (all but extend, result) */
    pleague_key key;
    int64_t start_ms;    /* send, counter: the proposed start, 0 = now */
    bool want;           /* tc */
    int player;          /* substitute: the substitute's player id */
    int64_t deadline_ms; /* extend */
    char result[8];      /* result: a result token (result.h) but NONE's */
} pleague_game;

typedef struct {
    int match;  /* 0-based knockout match index (BRACKET_QF1..BRACKET_FINAL) */
    int winner; /* 0 the team named first, 1 the second */
} pleague_lot;

typedef struct {
    char token[PROTO_TOKEN_MAX + 1];
    int64_t since; /* notices with seq > since */
} pleague_notices;

/* A decoded league message: its type, its id, its league and the struct of its kind. A
 * roster is out of line, allocated by the decoder and freed by proto_league_msg_free: 208
 * bytes on x86-64 (2,032 with the roster inline). */
typedef struct {
    pleague_type type;
    int64_t id;
    int64_t league; /* every kind but create */
    union {
        pleague_create create;
        pleague_team team; /* team, roster */
        pleague_game game; /* send, accept, counter, tc, substitute, extend, result */
        pleague_lot lot;
        pleague_notices notices;
        char what[16]; /* export */
    };
} pleague_msg;

/* Decode a league message. BH_OK, or BH_ELIMIT (frame too large, a string over its limit),
 * BH_EJSON, BH_ETYPE (not a league type: the caller hands the frame on), BH_ETEXT,
 * BH_EFIELD with err->field (missing, mistyped or out of range). err is always written. */
int proto_league_decode(const char *buf, size_t len, pleague_msg *out, proto_err *err);

/* Release what a decoded message owns (team, roster: the players) and clear the pointer; a
 * no-op for the other kinds and for a zeroed message. Call it once after each decode that
 * returned BH_OK (on an error the decoder has released what it took). */
void proto_league_msg_free(pleague_msg *m);

/* Wire name of a kind ("league_send"); NULL out of range. */
const char *proto_league_type_name(pleague_type t);

/* ---- encoders ------------------------------------------------------------------------------ */

typedef struct {
    int id;
    const char *name;
    int rating;
    bool invited;
} pleague_player;

typedef struct {
    int64_t team;
    const char *name;
    int captain;
    double rating; /* the current stage's team rating (the average of the board players) */
    const pleague_player *players;
    int n;
    bool has_rating[5]; /* by stage (LEAGUE_STAGE_*: 1 groups .. 4 final; 0 unused): computed */
    double ratings[5];  /* the team rating of each stage: fixed at the group stage's start,
                         * recomputed from the roster at each knockout stage's (art. 7) */
} pleague_team_out;

typedef struct {
    int place, number;
    int64_t team;
    int played, mp;
    double gp;
    double rating; /* group-stage team rating */
} pleague_row;

typedef struct {
    const char *name; /* "A".. */
    double average;   /* the group's average rating (F-GROUPS) */
    const pleague_row *rows;
    int n;
} pleague_group;

typedef struct {
    int board, game;     /* 1-based */
    int64_t team[2];     /* White's, Black's */
    int player[2];       /* White, Black */
    const char *sender;  /* "white" / "black" */
    const char *state;   /* "new", "proposed", "lapsed", "agreed", "started", "forfeit",
                          * "decided" */
    const char *phase;   /* league_phase_name's: "arranging" .. "ruled"; NULL omitted */
    bool present[2];     /* waiting: White, Black connected to the game */
    int64_t forfeit_ms;  /* waiting: when an absent player loses (T-WAIT; ms since the epoch),
                          * 0 none (then present is omitted too) */
    int challenge;       /* 1 first, 2 second */
    const char *turn;    /* proposed: "white"/"black" who must answer; else NULL */
    int64_t deadline_ms; /* proposed: the answer's deadline; else 0 (omitted) */
    int64_t proposal_ms; /* proposed: the proposed start, 0 = now (omitted elsewhere) */
    int64_t start_ms;    /* agreed/started: the start, 0 = as soon as both are present */
    bool want_alt[2];    /* White, Black agree to the alternative time control */
    const char *tc;      /* "5+1" (what the game is played at if created now) */
    int subs, extensions;
    const char *result; /* a result token (result.h), NONE's included */
    int64_t game_id;    /* the hosted chess game, 0 none */
} pleague_game_out;

typedef struct {
    int match;         /* 1-based */
    const char *label; /* "A1" (group A, round 1) or "QF1", "SF2", "F" */
    int group, round;  /* group 0-based, -1 knockout; Berger round 1-based, 0 */
    int64_t team[2];   /* first- and second-named */
    double gp[2];
    bool done;
    const pleague_game_out *games;
    int n;
} pleague_match_out;

typedef struct {
    const char *label; /* "QF1".."F" */
    int64_t team[2];   /* 0 until known */
    double rating[2];
    double gp[2];
    int64_t winner; /* 0 open */
    const char *by; /* "open", "points", "rating", "lot_due", "lot" */
} pleague_ko;

typedef struct {
    int64_t league;
    const char *name, *status; /* "registering", "running", "between", "finished" */
    const char *stage;         /* "groups".."final", NULL before the start */
    int boards, teams_max, groups_n;
    int64_t first_valid_ms, second_valid_ms;
    const char *tc, *alt_tc; /* "5+1", "10+1" */
    uint32_t wait_s;
    int64_t server_ms;
    const pleague_team_out *teams;
    int nt;
    const pleague_group *groups;
    int ng;
    const pleague_match_out *fixtures; /* the current stage's */
    int nf;
    const pleague_ko *bracket;
    int nk;
    int64_t winner; /* 0 none */
} pleague_snapshot;

/* {"type":"league",...}: the reply to league_get (has_id) or a push after a change. */
char *proto_league_enc(bool has_id, int64_t id, const pleague_snapshot *s);

/* One entry of a player's calendar feed (GET /feed/league/L/player/P.json; league_view.h's
 * league_cal_event as the wire has it). */
typedef struct {
    const char *uid;     /* as the .ics has it (RFC 5545 UID) */
    const char *kind;    /* "deadline" (an open challenge's answer) or "start" (agreed) */
    int64_t at_ms;       /* the instant, ms since the Unix epoch */
    int64_t end_ms;      /* start: at_ms + the game's expected length; 0 omitted */
    pleague_key key;     /* the game (0-based as the decoder's) */
    const char *label;   /* "A1", "QF1".."F" */
    int challenge;       /* 1 or 2 */
    bool to_answer;      /* deadline: the player must answer */
    int opponent;        /* roster id */
    int sequence;        /* grows when the entry changes (RFC 5545 SEQUENCE) */
    const char *summary; /* a line a person reads */
} pleague_cal;

/* The calendar feed of player (name, team id) in league: {"league","player","name","team",
 * "server_ms","events":[...]} (no envelope: an HTTP document, not a message; malloc'd). */
char *proto_league_enc_calendar(int64_t league, int player, const char *name, int64_t team,
                                int64_t server_ms, const pleague_cal *v, int n);

/* One notice of a player's feed. */
typedef struct {
    int64_t seq;         /* 1.. in the league */
    int player;          /* the player told */
    const char *note;    /* "send", "proposed", "agreed", "lapsed", "subst", "substituted",
                          * "forfeit", "extended", "tc", "game" */
    pleague_key key;     /* the game (0-based as the decoder's) */
    int64_t at_ms;       /* the instant it concerns (0 none / now) */
    int64_t deadline_ms; /* proposed, extended: the answer's deadline; 0 omitted */
    int64_t game_id;     /* game: the hosted chess game; 0 omitted */
    int seat;            /* game: the player's seat (0 White, 1 Black); -1 omitted */
    const char *token;   /* game: the seat's player token (only to the player); NULL omitted */
    int64_t server_ms;   /* when the notice was made */
} pleague_notice;

/* {"type":"league_notices","id":..,"league":..,"player":..,"notices":[...],"last":..}: the
 * reply to league_notices (last: the newest seq of the feed, 0 empty). */
char *proto_league_enc_notices(int64_t id, int64_t league, int player, const pleague_notice *v,
                               int n, int64_t last);
/* {"type":"league_notice","league":..,"notice":{...}}: the push to the player's connections. */
char *proto_league_enc_notice(int64_t league, const pleague_notice *x);

/* {"type":"created","id":..,"team":..,"tokens":[{"player":..,"token":..}...]}. */
char *proto_league_enc_team(int64_t id, int64_t team, const int *players, const char *const *tokens,
                            int n);

#endif
