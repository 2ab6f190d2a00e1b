/* chal.h: arranging one board game of the seed 003 league by challenges with deadlines
 * (F-CHALLENGE, art. 5 and 5.1) and its time control by agreement (art. 4).
 * SPDX-License-Identifier: MIT
 * A value type per board game and a pure state machine: every deadline is an explicit
 * instant (chal_next_deadline) the caller arms a timer for; chal_tick applies the time and
 * fires a passed deadline exactly once (the state moves on, so a second tick, or a tick after
 * chal_load of a saved state, fires nothing more). Times are µs on the caller's clock. */
#ifndef BH_CHAL_H
#define BH_CHAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "refusal.h"

#define CHAL_DAY_US (86400LL * 1000000)

typedef enum { CHAL_WHITE = 0, CHAL_BLACK = 1 } chal_side;

typedef enum {
    CHAL_NEW = 0,  /* nothing sent yet: the sender sends the first challenge */
    CHAL_PROPOSED, /* a proposal (a challenge or a counter-proposal) waits for `turn`'s answer
                    * until deadline_us */
    CHAL_LAPSED,   /* the first challenge went unanswered: `defaulter`'s captain may put in a
                    * substitute; the sender sends the second challenge */
    CHAL_AGREED,   /* a start is agreed: start_us, or 0 for "as soon as both are present" */
    CHAL_STARTED,  /* the game began (reported by the caller) */
    CHAL_FORFEIT,  /* the second challenge went unanswered: `defaulter` loses by forfeit */
    CHAL_STATE_N_
} chal_state;

typedef struct {
    int64_t first_valid_us;    /* validity of the first challenge (art. 5: 10 days) */
    int64_t second_valid_us;   /* of the second (art. 5: 5 days) */
    int base_s, inc_s;         /* time control by default (art. 4: 5+1 = 300 s + 1 s) */
    int alt_base_s, alt_inc_s; /* when both players agree before the game (art. 4: 10+1) */
} chal_rules;

/* Seed 003: 10 days, 5 days, 5+1, by agreement 10+1. */
void chal_rules_default(chal_rules *cr);

typedef struct {
    uint8_t state;       /* chal_state */
    uint8_t sender;      /* chal_side whose player sends the challenges: White (art. 5), or
                          * in the quarter-finals the second-placed team's (art. 5.1) */
    uint8_t stage;       /* 1: first challenge, 2: second */
    uint8_t turn;        /* PROPOSED: the side that must answer */
    uint8_t defaulter;   /* LAPSED, FORFEIT: the side that did not answer */
    bool want_alt[2];    /* each side agrees to the alternative time control */
    int64_t deadline_us; /* PROPOSED: an answer at or after it is late; else 0 */
    int64_t proposal_us; /* PROPOSED: the start proposed, 0 = now */
    int64_t start_us;    /* AGREED, STARTED: the start agreed, 0 = now */
    int player[2];       /* the player on each side (caller's ids, > 0) */
    int rating[2];       /* their ratings as of the event's fixed date */
    int subs[2];         /* substitutions made on each side */
    int counters;        /* counter-proposals in the current stage */
    int extensions;      /* deadlines extended by the director */
} chal;

/* What chal_tick fired. */
typedef enum { CHAL_EV_NONE = 0, CHAL_EV_LAPSED, CHAL_EV_FORFEIT } chal_ev_kind;

typedef struct {
    uint8_t kind;  /* chal_ev_kind */
    uint8_t side;  /* the side that did not answer */
    int stage;     /* the challenge that went unanswered */
    int64_t at_us; /* the deadline's instant (not the tick's: a late tick dates it right) */
} chal_event;

/* A board game in CHAL_NEW between white (player id, rating) and black; `sender` as above.
 * BH_EINVAL for a player id < 1, a negative rating or a bad sender. */
int chal_init(chal *c, chal_side sender, int white, int white_rating, int black, int black_rating);

/* Send a challenge at now_us proposing start proposal_us (0: now): the first from CHAL_NEW,
 * valid first_valid_us, the second from CHAL_LAPSED, valid second_valid_us; the other side
 * must answer before now_us + validity. Refusals (rule F-CHALLENGE): BH_ESTATE not in NEW or
 * LAPSED ("state"); BH_ETURN `by` is not the sender ("side"); BH_EINVAL proposal in the past
 * ("proposal"). */
int chal_send(chal *c, const chal_rules *cr, chal_side by, int64_t proposal_us, int64_t now_us,
              refusal *why);

/* The side whose turn it is accepts the open proposal at now_us: CHAL_AGREED at its time.
 * Refusals: BH_ESTATE nothing open ("state"); BH_ETURN not `by`'s turn ("side"); BH_ELATE
 * now_us is at or after the deadline ("deadline"; the tick fires it). */
int chal_accept(chal *c, chal_side by, int64_t now_us, refusal *why);

/* The side whose turn it is proposes another start instead: that is an answer, so the other
 * side must now answer it, within a fresh window of the current challenge's validity (10
 * days in the first, 5 in the second: our choice where art. 5 is silent); a side that lets a
 * counter-proposal expire is the non-answering one. Refusals as chal_accept, and BH_EINVAL
 * proposal in the past ("proposal"). */
int chal_counter(chal *c, const chal_rules *cr, chal_side by, int64_t proposal_us, int64_t now_us,
                 refusal *why);

/* Apply the time now_us: if an open proposal's deadline has passed, the side to answer has
 * not answered: after the first challenge CHAL_LAPSED, after the second CHAL_FORFEIT (art. 5);
 * *ev (may be NULL) tells what fired and when. Returns 1 if something fired, else 0. */
int chal_tick(chal *c, int64_t now_us, chal_event *ev);

/* The next instant chal_tick must see: true with *at_us in PROPOSED, false otherwise (no
 * deadline runs: nothing sent, lapsed waiting for the second challenge, agreed, over). */
bool chal_next_deadline(const chal *c, int64_t *at_us);

/* The captain of side `side` puts in a substitute (player id, rating) for its player who did
 * not answer (art. 5): in CHAL_LAPSED, or while the second challenge to that side is still
 * unanswered; the substitute takes the board with the same deadline. Refusals: BH_ESTATE
 * neither case, or `side` is not the non-answering side ("state"); BH_EINVAL bad id or the
 * player already there ("player"); BH_ERATING rated above the player replaced ("rating"). */
int chal_substitute(chal *c, chal_side side, int player, int rating, refusal *why);

/* The director moves the open deadline to new_deadline_us, which must be later than both the
 * current one and now_us. Refusals: BH_ESTATE no deadline runs ("state"); BH_EINVAL not later
 * ("deadline"). */
int chal_extend(chal *c, int64_t new_deadline_us, int64_t now_us, refusal *why);

/* Side `side` agrees (want true) or withdraws its agreement (false) to the alternative time
 * control; possible until the game starts (art. 4: "by agreement"). BH_ESTATE once started
 * or over. */
int chal_agree_tc(chal *c, chal_side side, bool want, refusal *why);

/* The time control of the game: the alternative when both sides agree, else the default. */
void chal_time_control(const chal *c, const chal_rules *cr, int *base_s, int *inc_s);

/* The caller reports that the agreed game began (both present): CHAL_STARTED, the time
 * control fixed. BH_ESTATE if not CHAL_AGREED. */
int chal_start(chal *c, refusal *why);

/* The state as one line of text (no newline), for storage: writes at most cap bytes incl.
 * the NUL and returns the length, or BH_ELIMIT if cap is too small (CHAL_TEXT_MAX is). */
#define CHAL_TEXT_MAX 256
int chal_save(const chal *c, char *out, size_t cap);

/* Read a state written by chal_save. BH_EPARSE if the text is not one (a key missing, out of
 * order or unknown, a bad number), BH_EINVAL if its fields are inconsistent (e.g. PROPOSED
 * without a deadline, a stage other than 1-2); *c is written only on success. */
int chal_load(chal *c, const char *text);

#endif
