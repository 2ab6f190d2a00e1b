/* proto_tour.h: encoders of the tournament messages (protocol/messages/s2c-round.md,
 * s2c-standings.md, s2c-assign.md, s2c-tournament.md, and the team variants of created and
 * authed). SPDX-License-Identifier: MIT
 * Same conventions as proto.h: each returns a new compact JSON string (caller frees). */
#ifndef BH_PROTO_TOUR_H
#define BH_PROTO_TOUR_H

#include <stdbool.h>
#include <stdint.h>

#include "proto.h"

#define PROTO_TB_MAX 8

/* One match of a round. team2 == 0: a bye for team1. */
typedef struct {
    int64_t team1, team2;      /* team ids; team1 is side a of the pairing */
    const char *name1, *name2; /* team names (name2 NULL for a bye) */
    int white;                 /* 1 or 2: the team whose captain has White on A in game 1 */
    int64_t games[2];          /* game ids, 0 = not created yet */
    const char *results[2];    /* per game, from team1's view (a token of result.h), or NULL */
    const char *reasons[2];    /* per game: why it ended ("mate", "flag", ...), or NULL */
    const char *states[2];     /* per game: "waiting" / "live" / "finished" (state's status),
                                * NULL while not created */
    const char *absent[2][4];  /* per waiting game: names of the seats not connected (borrowed) */
    int nabsent[2];
    int mp[2];          /* match points of team1, team2 this round (final when done) */
    double gp[2];       /* game points of team1, team2 this round */
    const char *status; /* "playing", "done", "bye" */
    const char *bye;    /* a bye's kind: "pab" (T-BYE; also NULL), "half", "zero" (T-REQBYE),
                         * "full" (an arbiter's, TRF) */
} proto_tmatch;

typedef struct {
    int64_t tournament;
    int round;          /* 1-based */
    int rounds;         /* planned */
    const char *status; /* "paired", "playing" or "done" */
    const proto_tmatch *matches;
    int n;
    uint64_t v; /* the push's version (s2c-round_delta.md); 0: none (a snapshot's rounds) */
} proto_round;

typedef struct {
    int place;
    int64_t team;
    const char *name;
    int mp;
    double gp;
    double tb[PROTO_TB_MAX]; /* in the order of proto_standings.tb_names */
    bool prize;              /* places 1-3 (T-PRIZES) */
    bool tied_next;          /* a play-off is due with the next row (T-ARMAGEDDON) */
    int entry;               /* > 1: a late entry, paired from this round (T-LATE); else 0 */
} proto_srow;

typedef struct {
    int64_t tournament;
    int round;  /* standings after this round (0 = before round 1) */
    bool final; /* the last round is complete */
    int n_tb;
    const char *tb_names[PROTO_TB_MAX];
    const proto_srow *rows;
    int n;
    uint64_t v; /* the push's version (s2c-round_delta.md); 0: none (in a snapshot) */
} proto_standings;

/* {"type":"round",...} (has_id false), with "v" when r->v > 0. */
char *proto_enc_round(const proto_round *r);

/* {"type":"round_delta",...}: r's header (with "v") and only its matches at the n indexes of
 * idx (each in 0 .. r->n - 1, ascending), each as in a round message. */
char *proto_enc_round_delta(const proto_round *r, const int *idx, int n);

/* Match i of r as the JSON object a round message carries (compact; caller frees): what a push
 * compares to tell a changed match. */
char *proto_enc_tmatch(const proto_round *r, int i);
/* {"type":"standings",...} */
char *proto_enc_standings(const proto_standings *s);

/* Player tokens of one tournament game for a team's connection (its two seats) or a
 * director (all four). */
typedef struct {
    int64_t tournament;
    int round, match, game_no; /* game_no 0 or 1 (T-DOUBLE) */
    int64_t game;
    int64_t team1, team2; /* the teams sitting as GAME_TEAM_1 (WhiteA+BlackB) and 2 */
    int n;
    int seats[4];
    const char *tokens[4];
    const char *names[4];
} proto_assign;

char *proto_enc_assign(const proto_assign *a);

/* P-GAME2: game 1 of a pairing ended decisively; the losing team chooses the colours of game 2
 * (game2_colors) before deadline_ms from now, or the default applies. */
typedef struct {
    int64_t tournament;
    int round, match;
    int64_t game;        /* game 1 */
    int64_t team;        /* the team that lost game 1 and chooses */
    int64_t deadline_ms; /* time left to choose */
    bool swap_default;   /* what applies without a choice */
} proto_game2_choice;

char *proto_enc_game2_choice(const proto_game2_choice *c);

/* game2_decided: P-GAME2's outcome, to both teams, game 1's watchers and every
 * director, before game 2's assign. how: "chosen", "default" or "draw" (static). */
typedef struct {
    int64_t tournament;
    int round, match;
    int64_t game; /* game 1 */
    int64_t team; /* the loser of game 1, 0 after a draw */
    bool swap;
    const char *how;
} proto_game2_decided;

char *proto_enc_game2_decided(const proto_game2_decided *d);

/* {"type":"created","id":..,"team":team,"token":token}: team_register reply. */
char *proto_enc_team_created(int64_t id, int64_t team, const char *token);
/* {"type":"authed","id":..,"role":"team","team":..,"tournament":..}. */
char *proto_enc_authed_team(int64_t id, int64_t team, int64_t tournament);

typedef struct {
    int64_t team;
    int no; /* pairing number, 0 before the start */
    const char *name;
    const char *players[2];
    int ratings[2];
    int withdrawn;   /* first round the team is no longer paired in (team_withdraw), 0 active */
    int entry;       /* first round the team is paired in: > 1 a late entry (T-LATE) */
    const int *byes; /* T-REQBYE: the rounds it asked to sit out, ascending (n_byes) */
    int n_byes;
    const char *link; /* directors only: the first hex digits of the SHA-256 of the team's
                       * current token (a page tells a revoked link by it), else NULL */
} proto_tteam;

typedef struct {
    int64_t tournament;
    const char *name;
    const char *status;   /* "registering", "running", "finished" */
    const char *format;   /* "swiss" or "round_robin" */
    bool fallback;        /* T-ROUNDS small-field fallback applied */
    int rounds;           /* planned (0 before the start) */
    int round;            /* rounds paired so far */
    int late_until;       /* T-LATE: late entries up to this round, 0 none */
    int bye_requests;     /* T-REQBYE: requested byes a team may take, 0 none */
    const char *bye_kind; /* T-REQBYE: "half" or "zero" */
    int sched_round;      /* T-SCHEDULE: round sched_round starts no earlier than */
    int64_t sched_ms;     /* sched_ms (ms since the Unix epoch); 0: no schedule */
    int64_t base_ms, inc_ms;
    int64_t wait_s, break_s; /* the start gate's waiting time, the break */
    const char *ruleset;
    const proto_tteam *teams;
    int n_teams;
    const proto_round *current;       /* NULL before the start */
    const proto_standings *standings; /* NULL before the start */
    const proto_round *history;       /* every paired round, 1..n_history (earlier ones too) */
    int n_history;
    uint64_t v; /* the version of the last round, round_delta or standings push (0: none yet) */
} proto_tour_snap;

/* {"type":"tournament","id":..(has_id),...}. */
char *proto_enc_tournament(bool has_id, int64_t id, const proto_tour_snap *s);

/* One entry of a game's result log (result_log reply); the strings are copies (truncated to
 * their fields: a result token, a reason of PROTO_REASON_MAX bytes, the two names). */
typedef struct {
    int64_t at_ms;
    char result[8], reason[PROTO_REASON_MAX + 1], was[8], who[16], page[24];
} proto_result_set;

/* {"type":"result_log","id":..,"game":..,"entries":[...]}: result_log reply. */
char *proto_enc_result_log(int64_t id, int64_t game, const proto_result_set *v, int n);

/* {"type":"export","id":..,"format":"bpgn"|"trf","game":..|"tournament":..,"text":..}:
 * export reply; game (bpgn) or tournament (trf) is written when > 0. */
char *proto_enc_export(int64_t id, const char *format, int64_t game, int64_t tournament,
                       const char *text);

/* One live game of the public list (protocol/messages/s2c-live.md). */
typedef struct {
    int64_t game;
    int64_t tournament;        /* 0: not a tournament game */
    int round, match, game_no; /* tournament games; round 0 otherwise */
    const char *teams[2];      /* names of GAME_TEAM_1 (seats 0, 3) and GAME_TEAM_2, or NULL */
    const char *names[4];      /* player names by seat */
    int64_t clock_ms[4];       /* remaining time by seat at server_ms */
    int running[2];            /* seat whose clock runs on each board, -1 none */
    int ply[2];                /* plies played on each board */
    bool paused;               /* the director paused it */
    bool chess;                /* a chess game (a club or league board): seats 0 White, 1 Black */
} proto_live_row;

/* {"type":"live"[,"id":..],"server_ms":..,"games":[...]}: reply to live (has_id) or push. */
char *proto_enc_live(bool has_id, int64_t id, const proto_live_row *rows, int n, int64_t server_ms);

#endif
