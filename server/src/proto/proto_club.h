/* proto_club.h: the club round robin's messages (protocol/messages/c2s-club_*.md,
 * s2c-club.md): JSON <-> typed C structs, kept apart from proto.h's table so that the two
 * change independently. SPDX-License-Identifier: MIT
 * Same conventions as proto.h: decoders fill a struct and name the offending field; each
 * encoder returns a new compact JSON string (caller frees). */
#ifndef BH_PROTO_CLUB_H
#define BH_PROTO_CLUB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "proto.h"

#define PCLUB_PLAYERS_MAX PROTO_ROSTER_MAX
#define PCLUB_BOARDS_MAX 16 /* boards of a match (tourney LINEUP_MAX_BOARDS) */
#define PCLUB_NAME_MAX PROTO_PNAME_MAX
#define PCLUB_TEXT_MAX 2000 /* bytes of a protest's text or a decision's reason */
#define PCLUB_TB_MAX 6
#define PCLUB_ATTEND_MAX 512 /* players of a round (32 teams x 16 boards) */

typedef enum {
    PCLUB_CREATE,      /* director: a new club round robin (options: seed 004's defaults) */
    PCLUB_TEAM,        /* director: a team with its roster and captain; reply: team token */
    PCLUB_START,       /* director: close registration, round 1's line-ups open */
    PCLUB_LINEUP,      /* captain (team token) or director: the line-up of a round */
    PCLUB_ROUND_START, /* director: start the round whose line-ups are taken, now */
    PCLUB_RESULT,      /* director (the arbiter): a board's result, or its forfeit */
    PCLUB_PROTEST,     /* captain (team token): a protest about a game of the round */
    PCLUB_APPEALS,     /* director: a token for the appeals committee */
    PCLUB_DECIDE,      /* appeals committee (its token in the message): uphold or reject */
    PCLUB_GET,         /* anyone: the event's snapshot */
    PCLUB_EXPORT,      /* director: "trf", "crosstable" or "lineups" as text */
    PCLUB_ATTEND,      /* director (the arbiter): players at their boards (T-WAIT) */
    PCLUB_TEAM_REMOVE, /* director: a team leaves the event before the start */
    PCLUB_TYPE_COUNT_
} pclub_type;

/* ---- one struct per message kind (protocol/messages/c2s-club_*.md), fields named as on the
 * wire but for the lists of player ids (the wire's "players": ids, attend); optional numbers
 * are -1 when absent. ---- */

typedef struct {
    char name[PROTO_NAME_MAX + 1];
    /* options (-1: seed 004's default) */
    int boards, reserves, max_subs, min_players, double_rr;
    int64_t base_ms, inc_ms, wait_s, break_s, protest_s, deposit;
    int sb_cut1; /* "sb": 0 "SB" (seed 004's default), 1 "SB-C1"; -1 absent */
} pclub_create_in;

typedef struct {
    int64_t team; /* team: the team replaced (0: a new team); team_remove: the team leaving */
    char name[PROTO_NAME_MAX + 1];
    int captain;
    int n_players;            /* 1..PCLUB_PLAYERS_MAX */
    proto_player_in *players; /* out of line (proto_club_msg_free) */
} pclub_team_in;

typedef struct {
    int round;    /* 1-based */
    int64_t team; /* director only; 0 absent */
    int n_ids;
    int ids[PCLUB_BOARDS_MAX]; /* player ids in board order */
} pclub_lineup_in;

/* A game of a round: round 1-based; match, board 0-based (the wire's board is 1-based, as
 * printed on a scoresheet). */
typedef struct {
    int round, match, board;
    char result[8]; /* a result token (result.h) but NONE's */
} pclub_result_in;

typedef struct {
    int round, match, board; /* as pclub_result_in's */
    int64_t deposit;
    char *text; /* 1..PCLUB_TEXT_MAX bytes, out of line (proto_club_msg_free) */
} pclub_protest_in;

typedef struct {
    char token[PROTO_TOKEN_MAX + 1]; /* the appeals token */
    int protest;
    bool upheld;
    char result[8]; /* upheld: the board's new result */
    char *reason;   /* 1..PCLUB_TEXT_MAX bytes, out of line (proto_club_msg_free) */
} pclub_decide_in;

typedef struct {
    int round;
    int n_attend; /* player ids present: 1..PCLUB_ATTEND_MAX */
    int *attend;  /* out of line (proto_club_msg_free) */
} pclub_attend_in;

/* A decoded club message: its type, its id, its club (every type but create) and the struct
 * of its type, the union member named as the type; start, round_start, appeals and get have
 * none (the club alone). The large parts (a roster, a protest's text, a decision's reason, an
 * attendance's ids) are out of line, allocated by the decoder and freed by
 * proto_club_msg_free, as proto_msg's hand pairs are: 184 bytes on x86-64 (8,264 with one
 * struct for all kinds, 2,176 as a union with them inline). */
typedef struct {
    pclub_type type;
    int64_t id;
    int64_t club; /* every type but create */
    union {
        pclub_create_in create;
        pclub_team_in team; /* team, team_remove */
        pclub_lineup_in lineup;
        pclub_result_in result;
        pclub_protest_in protest;
        pclub_decide_in decide;
        pclub_attend_in attend;
        char what[16]; /* export: "trf", "crosstable" or "lineups" */
    };
} pclub_msg;

/* Wire name of a kind ("club_lineup"), static string; NULL out of range. */
const char *proto_club_type_name(pclub_type t);

/* Decode a club message. BH_OK, or BH_ELIMIT (frame too large), BH_EJSON, BH_ETYPE (not a
 * club type: the caller hands the frame to proto_decode), BH_EFIELD / BH_ELIMIT with
 * err->field. err is always written. */
int proto_club_decode(const char *buf, size_t len, pclub_msg *out, proto_err *err);

/* Release what a decoded message owns (its kind's out-of-line part) and clear the pointer; a
 * no-op for the other kinds and for a zeroed message. Call it once after each decode that
 * returned BH_OK (on an error the decoder has released what it took). */
void proto_club_msg_free(pclub_msg *m);

/* ---- encoders ------------------------------------------------------------------------------ */

typedef struct {
    int id;
    const char *name;
    int rating;
} pclub_player;

typedef struct {
    int64_t team;
    const char *name;
    int captain;
    const pclub_player *players;
    int n;
} pclub_team;

typedef struct {
    int board;          /* 1-based */
    int64_t team[2];    /* White's team, Black's */
    int player[2];      /* roster ids, 0 empty */
    const char *result; /* a result token (result.h), NONE's included */
    bool live;
    bool present[2]; /* T-WAIT: White, Black seen at the board or marked by the arbiter */
    int64_t wait_ms; /* live with a seat absent: until the waiting time ends; else 0 */
} pclub_board;

typedef struct {
    int64_t home, away;
    double gp[2];
    int mp[2]; /* when done */
    bool done;
    const pclub_board *boards;
    int n;
} pclub_match;

typedef struct {
    int64_t team;
    bool submitted;
    const int *players; /* by board, 0 empty */
    int n;
} pclub_lineup;

typedef struct {
    int round;
    const char *status;   /* "lineups", "playing", "done" */
    int64_t starts_in_ms; /* "lineups": until the deadline (the round's start) */
    int64_t protest_ms;   /* "done" with its protest window open: until it closes; else 0 */
    const pclub_match *matches;
    int nm;
    const pclub_lineup *lineups;
    int nl;
} pclub_round;

typedef struct {
    int id;
    const char *state; /* "filed", "upheld", "rejected" */
    int round, match, board;
    int64_t team;
    const char *text, *reason; /* reason NULL while filed */
    long deposit;
    const char *currency;
    bool returned;
    const char *new_result; /* upheld: the board's new result */
} pclub_protest;

typedef struct {
    int place;
    int64_t team;
    const char *name;
    int mp;
    double gp;
    double tb[PCLUB_TB_MAX];
    bool lot;
} pclub_row;

typedef struct {
    int64_t club;
    const char *name, *status; /* "registering", "running", "finished" */
    int round, rounds, boards;
    long deposit;         /* a protest's deposit (F-PROTEST), minor units of currency */
    const char *currency; /* ISO 4217 */
    const pclub_team *teams;
    int nt;
    const pclub_round *rounds_v;
    int nr;
    const pclub_protest *protests;
    int np;
    int n_tb;
    const char *tb_names[PCLUB_TB_MAX];
    const pclub_row *rows;
    int n_rows;
} pclub_snapshot;

/* {"type":"club",...}: the reply to club_get (has_id) or a push after a change. */
char *proto_club_enc(bool has_id, int64_t id, const pclub_snapshot *s);
/* {"type":"created","id":..,"club":..} or with "team" and its "token". */
char *proto_club_enc_created(int64_t id, const char *what, int64_t value, const char *token);
/* {"type":"export_reply","id":..,"what":..,"text":..} */
char *proto_club_enc_text(int64_t id, const char *what, const char *text);
/* An error naming the field and the rule (a docs/rules.md id, may be NULL): message
 * "F-LINEUP: ...". */
char *proto_club_enc_error(bool has_id, int64_t id, int code, const char *field, const char *rule);

#endif
