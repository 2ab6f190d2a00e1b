/* tfmt.h: the seam a team event's format plugs into (issue 14 item 1: "a format is the
 * runner's policy"; issue 15). An event kind (the club round robin of seed 004, the league of
 * seed 003, ...) implements tfmt_ops over its own pure state; the hub's one executor
 * (hub/hub_event.h) carries out what every format returns, the one action list runner_acts
 * (runner.h): create a game (bughouse or chess: seats, colours, time control, wait_s), end
 * one, persist, publish a round or the standings, notify one player, log, finish.
 * SPDX-License-Identifier: MIT
 * Pure: no I/O, no clock reads. Time comes in as now_us on the format's own clock
 * (tfmt_ops.clock): monotonic µs for events whose instants are not stored (the club's waiting
 * times restart after a restart), or persistent wall-clock µs for those whose deadlines run
 * across restarts (the league's 10-day challenges). The executor converts for its timer.
 * Action kinds: every format may emit CREATE_GAME, END_GAME, ROUND, STANDINGS, PERSIST,
 * FINISH, NOTE and NOTICE; the runner's own kinds ASK_CHOICE, PAIR_JOB, REPLY, GAME2, PAUSE
 * are the Swiss's (the executor hands kinds it does not carry out to the format's hub hook). */
#ifndef BH_TFMT_H
#define BH_TFMT_H

#include <stdbool.h>
#include <stdint.h>

#include "runner.h"

/* A game's end as the hub saw it, from its seats (team 1 / White first). The forfeits are
 * the gate's (T-WAIT: a seat absent after the waiting time) and recorded as such; a format
 * whose core has no forfeit result maps them with tfmt_runner_res. */
typedef enum {
    TFMT_WIN1 = 0,   /* team 1 (White) won over the board */
    TFMT_DRAW = 1,   /* drawn */
    TFMT_WIN2 = 2,   /* team 2 (Black) won */
    TFMT_VOID = 3,   /* nobody decided it: a restart adjudicated it a draw (RUNNER_VOID) */
    TFMT_FF_W = 4,   /* team 1 won by forfeit (team 2 absent) */
    TFMT_FF_B = 5,   /* team 2 won by forfeit */
    TFMT_FF_BOTH = 6 /* both lost by forfeit (both absent) */
} tfmt_res;

/* runner_result of r: a forfeit win is the win (FF_W WIN1, FF_B WIN2), a double forfeit a
 * draw (the hub scores "forfeit_both" as 1/2-1/2, as game_gate_decide says); the others
 * are the same values. */
runner_result tfmt_runner_res(tfmt_res r);

/* The clock of a format's now_us (tfmt_ops.clock). */
enum {
    TFMT_CLOCK_MONO = 0, /* monotonic µs, as the hub's loop (instants not stored) */
    TFMT_CLOCK_WALL = 1  /* wall-clock µs since the Unix epoch (instants stored as they are) */
};

/* How a game's runner_key is kept in the store's game map (tour_games: round, match and one
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
int tfmt_key_pack(int slot, runner_key k, int *game_no);
/* The key of a stored row (round, match, game_no) for slot; BH_OK or BH_EINVAL (unknown slot,
 * negative game_no). */
int tfmt_key_unpack(int slot, int round, int match, int game_no, runner_key *k);
/* Same game? (all four fields). */
bool tfmt_key_eq(runner_key a, runner_key b);

/* One action appended to a (zeroed, kind set): for a format that builds its own list, or
 * converts another one (lg_acts). */
runner_act *tfmt_act(runner_acts *a, int kind);

/* A format: the operations the executor calls on an event's state (void *: the format's own
 * struct, club *, lg *...). Every function pointer but those marked optional is set. */
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
    int (*restore_game)(void *ev, runner_key k, int64_t team1);
    /* Optional: loading is over (the games' ends known to the store were fed with
     * game_over): go on. */
    void (*loaded)(void *ev, uint64_t now_us, runner_acts *a);
    /* The earliest instant on_time must see (the format's clock), 0: none. */
    uint64_t (*next_instant)(const void *ev);
    /* Do what is due at now_us. */
    void (*on_time)(void *ev, uint64_t now_us, runner_acts *a);
    /* Game k ended with res. A game whose end is known already, or an unknown key, is
     * ignored (the executor feeds every finished game again at load). */
    void (*game_over)(void *ev, runner_key k, tfmt_res res, uint64_t now_us, runner_acts *a);
    /* Optional (T-WAIT kept by the format, the club's): seat (0 White, 1 Black; bughouse 0-3)
     * of live game k is connected. true: the state changed (the executor persists). NULL:
     * the hub's gate decides (wait_s of CREATE_GAME). */
    bool (*seat_present)(void *ev, runner_key k, int seat);
    /* Optional: the waiting time (s) of its games still waiting after a restart (their gate
     * is not stored: they wait that long again from the load); NULL: 0. */
    uint32_t (*wait_s)(const void *ev);
} tfmt_ops;

/* The format among fmts[0..n) whose magic is text's first word (up to a space or newline),
 * NULL if none. */
const tfmt_ops *tfmt_find(const tfmt_ops *const *fmts, int n, const char *text);

/* The club round robin of seed 004 (club.h) on the seam: club_fmt.c. */
extern const tfmt_ops tfmt_club;

#endif
