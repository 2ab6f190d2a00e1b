/* tfmt.h: the seam a team event's format plugs into. An event kind (the bughouse Swiss of
 * seed 000, the club round robin of seed 004, the league of seed 003) implements tfmt_ops
 * over its own pure state; the hub's one executor (hub/hub_event.h) carries out what every
 * format returns, one action list (tfmt_acts): create a game (bughouse or chess: seats,
 * colours, time control, wait_s), end one, persist, publish a round or the standings, notify
 * one player, log, finish, run a job off the loop, answer a deferred command.
 * SPDX-License-Identifier: MIT
 * Pure: no I/O, no clock reads. Time comes in as now_us on the format's own clock
 * (tfmt_ops.clock): monotonic µs for events whose instants are not stored (the club's waiting
 * times restart after a restart), or persistent wall-clock µs for those whose deadlines run
 * across restarts (the league's 10-day challenges). The executor converts for its timer.
 * Action kinds: TFMT_ACT_* below are the seam's; a format's own kinds start at
 * TFMT_ACT_FORMAT_ (the Swiss's P-GAME2 choice, runner.h) and the executor hands them to the
 * format's hub hook. */
#ifndef BH_TFMT_H
#define BH_TFMT_H

#include <stdbool.h>
#include <stdint.h>

#include "result.h"

/* An event's status; the values are stored (tour_state.status): never renumber. TFMT_PAUSED:
 * the event creates no game and pairs no round until resumed (T-AUTO holds); results of games
 * in progress count. */
enum { TFMT_REGISTERING = 0, TFMT_RUNNING = 1, TFMT_FINISHED = 2, TFMT_PAUSED = 3 };

/* A game's result from its seats (team 1 = GAME_TEAM_1 / White first: White on board A, Black
 * on B in bughouse). The forfeits are the gate's (T-WAIT: a seat absent after the waiting
 * time) and recorded as such; a format whose core has no forfeit result maps them with
 * tfmt_res_plain. The values are stored: never renumber. */
typedef enum {
    TFMT_WIN1 = 0,   /* team 1 (White) won over the board */
    TFMT_DRAW = 1,   /* drawn */
    TFMT_WIN2 = 2,   /* team 2 (Black) won */
    TFMT_VOID = 3,   /* nobody decided it over the board (a restart adjudicated it
                      * a draw): a draw in a match; a play-off game is played again */
    TFMT_FF_W = 4,   /* team 1 won by forfeit (team 2 absent) */
    TFMT_FF_B = 5,   /* team 2 won by forfeit */
    TFMT_FF_BOTH = 6 /* both lost by forfeit (both absent) */
} tfmt_res;

/* tfmt_res of r: a forfeit win is the win (FF_W WIN1, FF_B WIN2), a double forfeit a
 * draw (the hub scores "forfeit_both" as a draw, as game_gate_decide says); the others
 * are the same values. */
tfmt_res tfmt_res_plain(tfmt_res r);

/* The result (result.h) of r, its one mapping: the same result, a forfeit as that forfeit,
 * TFMT_VOID a draw (as a match counts it); NONE for a value outside the enum. */
bh_result tfmt_res_result(tfmt_res r);

/* A game of the event. Play-off games (T-ARMAGEDDON) are round 0: match = the pairing number
 * of the team seated as team 2, game = the play-off game's number from 0. */
typedef struct {
    int round; /* 1-based; 0: play-off */
    int match; /* index of the match in its round (0-based) */
    int game;  /* game of the match (0-based: 0 and 1 in a double round, T-DOUBLE) */
    int board; /* 0: a bughouse game is both boards (a board number for N-board matches) */
} tfmt_key;

/* The actions a format returns, carried out in order by the hub's executor; each kind's
 * fields are the tfmt_act member named after the colon. */
enum {
    TFMT_ACT_CREATE_GAME,  /* create: game `key` now; its clocks start by the gate */
    TFMT_ACT_END_GAME,     /* end: end live game `key` now (a withdrawal); the format has
                            * recorded the end already */
    TFMT_ACT_ROUND,        /* round: publish that round */
    TFMT_ACT_STANDINGS,    /* publish the standings */
    TFMT_ACT_PERSIST,      /* store the state (tfmt_ops.save) */
    TFMT_ACT_PAUSE,        /* say: the event paused itself, tell the directors why */
    TFMT_ACT_FINISH,       /* say: the event is over, and how */
    TFMT_ACT_JOB,          /* job: run it off the loop (the format's hub hook) */
    TFMT_ACT_REPLY,        /* say: the deferred reply to the command with cookie */
    TFMT_ACT_NOTE,         /* say: a line for the log (rc < 0: an error) */
    TFMT_ACT_NOTICE,       /* notice: tell one player the format's note about game `key` */
    TFMT_ACT_FORMAT_ = 100 /* own: kinds from here on are a format's own, carried out by its
                            * hub hook (hub_fmt.act) */
};

/* One action: its kind, the game it concerns, and the member of the union its kind names. */
typedef struct {
    int kind;
    tfmt_key key; /* CREATE_GAME, END_GAME, NOTICE, a format's own kind: the game */
    union {
        struct {
            int64_t team[2];          /* the teams in seat order (team 1: White on board A) */
            int player[2];            /* chess (club, league): the roster ids of White and
                                       * Black; 0 for the Swiss's bughouse games */
            char ruleset[40];         /* game ruleset name ("online", "regulation-arm") */
            uint32_t base_ms, inc_ms; /* P-TC (a play-off: White's time, T-ARMAGEDDON) */
            bool armageddon;
            int game_kind;     /* game.h's game_kind (GAME_KIND_BUGHOUSE, the zeroed
                                * default, or GAME_KIND_CHESS: seats 0 White, 1 Black) */
            uint64_t start_us; /* the earliest instant its clocks may start (now_us +
                                * break_s after a game or a round, T-AUTO) */
            uint32_t wait_s;   /* the gate's waiting time (game_gate, game.h): from
                                * start_us the clocks start when every seat is connected,
                                * absent seats forfeit after wait_s; 0: at start_us */
        } create;              /* CREATE_GAME */
        struct {
            tfmt_res result;
            const char *reason; /* static text: a short code the game keeps as its reason,
                                 * optionally followed by ": " and an explanation for the log
                                 * ("withdrawn", "forfeit: absent after the waiting time") */
        } end;                  /* END_GAME */
        struct {
            int64_t team;         /* the team of the player told */
            int to, note;         /* the player (a roster id of team), the format's note code */
            uint64_t at_us;       /* the instant the note concerns (0 none) */
            uint64_t deadline_us; /* an answer's deadline (0 none) */
        } notice;                 /* NOTICE */
        int round;                /* ROUND */
        struct {
            void *job;                   /* the format's work (the Swiss's pairing: runner_job),
                                          * owned by the list until taken (set to NULL) */
            void (*job_free)(void *job); /* frees job (tfmt_acts_fini) */
        } job;                           /* JOB */
        struct {
            uint64_t cookie; /* REPLY: the deferred command's */
            int rc;          /* REPLY: BH_OK or the error; NOTE: < 0 for an error line */
            char field[24];  /* REPLY: the field to name in an error */
            char text[200];  /* PAUSE, FINISH, NOTE; REPLY: the error's message ("" none) */
        } say;               /* NOTE, PAUSE, FINISH, REPLY */
        struct {
            int64_t team[2];
            int flag, code;
            uint64_t deadline_us;
        } own; /* a format's own kind: what each field means is in its header */
    };
} tfmt_act;

/* A growable list of actions (caller storage: zero it, or tfmt_acts_init). */
typedef struct {
    tfmt_act *v;
    int n, cap;
} tfmt_acts;

void tfmt_acts_init(tfmt_acts *a);
/* Free the list and every job still in it (its job_free). */
void tfmt_acts_fini(tfmt_acts *a);
/* One action appended to a (zeroed, kind set). */
tfmt_act *tfmt_push(tfmt_acts *a, int kind);
/* A TFMT_ACT_NOTE line (printf format; rc < 0: an error line). */
void tfmt_note(tfmt_acts *a, int rc, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* The clock of a format's now_us (tfmt_ops.clock). */
enum {
    TFMT_CLOCK_MONO = 0, /* monotonic µs, as the hub's loop (instants not stored) */
    TFMT_CLOCK_WALL = 1  /* wall-clock µs since the Unix epoch (instants stored as they are) */
};

/* How a game's tfmt_key is kept in the store's game map (tour_games: round, match and one
 * game_no column; tfmt_ops.slot). Stored values: never renumber. */
enum {
    TFMT_SLOT_GAME = 0,  /* game_no = key.game, board 0 (the Swiss: a bughouse game is both
                          * boards) */
    TFMT_SLOT_BOARD = 1, /* game_no = key.board, game 0 (the club: one game a board) */
    TFMT_SLOT_PACKED = 2 /* game_no = key.game * TFMT_PACK + key.board (two games a board:
                          * the league's knockout) */
};
#define TFMT_PACK 64 /* boards per game number in TFMT_SLOT_PACKED */

/* k as the map's game_no for slot: BH_OK, or BH_EINVAL (k does not fit that slot: a game
 * number in SLOT_BOARD, a board in SLOT_GAME, a board >= TFMT_PACK or a negative field). */
int tfmt_key_pack(int slot, tfmt_key k, int *game_no);
/* The key of a stored row (round, match, game_no) for slot; BH_OK or BH_EINVAL (unknown slot,
 * negative game_no). */
int tfmt_key_unpack(int slot, int round, int match, int game_no, tfmt_key *k);
/* Same game? (all four fields). */
bool tfmt_key_eq(tfmt_key a, tfmt_key b);

/* A format: the operations the executor calls on an event's state (void *: the format's own
 * struct, club *, league *...). Every function pointer but those marked optional is set. */
typedef struct tfmt_ops {
    const char *kind;  /* the kind name: "club", "league" (logs, the wire's event kind) */
    const char *magic; /* the first word of its saved text ("CLUB", "LEAGUE"): the executor
                        * finds an event's format by it at load (tfmt_find) */
    int clock;         /* TFMT_CLOCK_* */
    int slot;          /* TFMT_SLOT_* */
    /* The whole state as text (malloc'd, caller frees), starting with magic and a space or
     * newline. */
    char *(*save)(const void *ev);
    /* Back from save's text at now_us: BH_OK with *out, or BH_EPARSE (*line, may be NULL). */
    int (*load)(int64_t id, const char *text, uint64_t now_us, void **out, int *line);
    void (*free)(void *ev); /* NULL-safe */
    /* Optional: a stored game (key, the team seated as team 1) is given back in creation
     * order after load (the Swiss runner keeps its game list; others know their games). */
    int (*restore_game)(void *ev, tfmt_key k, int64_t team1);
    /* Optional: loading is over (the games' ends known to the store were fed with
     * game_over): go on. */
    void (*loaded)(void *ev, uint64_t now_us, tfmt_acts *a);
    /* The earliest instant on_time must see (the format's clock), 0: none. */
    uint64_t (*next_instant)(const void *ev);
    /* Do what is due at now_us. */
    void (*on_time)(void *ev, uint64_t now_us, tfmt_acts *a);
    /* Game k ended with res. A game whose end is known already, or an unknown key, is
     * ignored (the executor feeds every finished game again at load). */
    void (*game_over)(void *ev, tfmt_key k, tfmt_res res, uint64_t now_us, tfmt_acts *a);
    /* Optional (T-WAIT kept by the format, the club's): seat (0 White, 1 Black; bughouse 0-3)
     * of live game k is connected. true: the state changed (the executor persists). NULL:
     * the hub's gate decides (wait_s of CREATE_GAME). */
    bool (*seat_present)(void *ev, tfmt_key k, int seat);
    /* Optional: the waiting time (s) of its games still waiting after a restart (their gate
     * is not stored: they wait that long again from the load); NULL: 0. */
    uint32_t (*wait_s)(const void *ev);
} tfmt_ops;

/* The format among fmts[0..n) whose magic is text's first word (up to a space or newline),
 * NULL if none. */
const tfmt_ops *tfmt_find(const tfmt_ops *const *fmts, int n, const char *text);

#endif
