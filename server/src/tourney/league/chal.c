/* chal.c: the challenge state machine of seed 003 art. 5 (F-CHALLENGE).
 * SPDX-License-Identifier: MIT
 * NEW -send-> PROPOSED -accept-> AGREED -start-> STARTED; a counter-proposal keeps PROPOSED
 * and hands the answer to the other side; an expired first challenge -> LAPSED -send->
 * PROPOSED (stage 2); an expired second one -> FORFEIT. Refusals change nothing. */
#include "chal.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"

static const char *const STATE[CHAL_STATE_N_] = {"new",    "proposed", "lapsed",
                                                 "agreed", "started",  "forfeit"};

void chal_rules_default(chal_rules *cr)
{
    cr->first_valid_us = 10 * CHAL_DAY_US;
    cr->second_valid_us = 5 * CHAL_DAY_US;
    cr->base_s = 300;
    cr->inc_s = 1;
    cr->alt_base_s = 600;
    cr->alt_inc_s = 1;
}

static int no(refusal *why, int rc, const char *field)
{
    return refusal_set(why, rc, "F-CHALLENGE", field, -1);
}

int chal_init(chal *c, chal_side sender, int white, int white_rating, int black, int black_rating)
{
    if ((sender != CHAL_WHITE && sender != CHAL_BLACK) || white < 1 || black < 1 ||
        white_rating < 0 || black_rating < 0)
        return BH_EINVAL;
    memset(c, 0, sizeof *c);
    c->state = CHAL_NEW;
    c->sender = (uint8_t)sender;
    c->stage = 1;
    c->player[CHAL_WHITE] = white;
    c->player[CHAL_BLACK] = black;
    c->rating[CHAL_WHITE] = white_rating;
    c->rating[CHAL_BLACK] = black_rating;
    return BH_OK;
}

static int64_t validity(const chal *c, const chal_rules *cr)
{
    return c->stage == 1 ? cr->first_valid_us : cr->second_valid_us;
}

static void propose(chal *c, const chal_rules *cr, chal_side by, int64_t at_us, int64_t now_us)
{
    c->state = CHAL_PROPOSED;
    c->turn = (uint8_t)!by;
    c->proposal_us = at_us;
    c->deadline_us = now_us + validity(c, cr);
}

int chal_send(chal *c, const chal_rules *cr, chal_side by, int64_t proposal_us, int64_t now_us,
              refusal *why)
{
    if (c->state != CHAL_NEW && c->state != CHAL_LAPSED)
        return no(why, BH_ESTATE, "state");
    if (by != c->sender)
        return no(why, BH_ETURN, "side");
    if (proposal_us != 0 && proposal_us < now_us)
        return no(why, BH_EINVAL, "proposal");
    if (c->state == CHAL_LAPSED)
        c->stage = 2; /* art. 5: the second challenge on the same board */
    c->counters = 0;
    propose(c, cr, by, proposal_us, now_us);
    return BH_OK;
}

/* The checks shared by accept and counter. */
static int answer_ok(const chal *c, chal_side by, int64_t now_us, refusal *why)
{
    if (c->state != CHAL_PROPOSED)
        return no(why, BH_ESTATE, "state");
    if (by != c->turn)
        return no(why, BH_ETURN, "side");
    if (now_us >= c->deadline_us)
        return no(why, BH_ELATE, "deadline");
    return BH_OK;
}

int chal_accept(chal *c, chal_side by, int64_t now_us, refusal *why)
{
    int rc = answer_ok(c, by, now_us, why);
    if (rc != BH_OK)
        return rc;
    c->state = CHAL_AGREED;
    c->start_us = c->proposal_us;
    c->proposal_us = 0;
    c->deadline_us = 0;
    return BH_OK;
}

int chal_counter(chal *c, const chal_rules *cr, chal_side by, int64_t proposal_us, int64_t now_us,
                 refusal *why)
{
    int rc = answer_ok(c, by, now_us, why);
    if (rc != BH_OK)
        return rc;
    if (proposal_us != 0 && proposal_us < now_us)
        return no(why, BH_EINVAL, "proposal");
    propose(c, cr, by, proposal_us, now_us);
    c->counters++;
    return BH_OK;
}

int chal_tick(chal *c, int64_t now_us, chal_event *ev)
{
    if (ev)
        memset(ev, 0, sizeof *ev);
    if (c->state != CHAL_PROPOSED || now_us < c->deadline_us)
        return 0;
    if (ev) {
        ev->kind = c->stage == 1 ? CHAL_EV_LAPSED : CHAL_EV_FORFEIT;
        ev->side = c->turn;
        ev->stage = c->stage;
        ev->at_us = c->deadline_us;
    }
    c->state = c->stage == 1 ? CHAL_LAPSED : CHAL_FORFEIT;
    c->defaulter = c->turn;
    c->deadline_us = 0;
    c->proposal_us = 0;
    return 1;
}

bool chal_next_deadline(const chal *c, int64_t *at_us)
{
    if (c->state != CHAL_PROPOSED)
        return false;
    *at_us = c->deadline_us;
    return true;
}

int chal_substitute(chal *c, chal_side side, int player, int rating, refusal *why)
{
    bool lapsed = c->state == CHAL_LAPSED && c->defaulter == side;
    bool second_open = c->state == CHAL_PROPOSED && c->stage == 2 && c->counters == 0 &&
                       c->turn == side && c->defaulter == side;
    if (side > CHAL_BLACK || (!lapsed && !second_open))
        return no(why, BH_ESTATE, "state");
    if (player < 1 || player == c->player[side] || player == c->player[!side])
        return no(why, BH_EINVAL, "player");
    if (rating < 0 || rating > c->rating[side]) /* art. 5: "rated not above the replaced" */
        return no(why, BH_ERATING, "rating");
    c->player[side] = player;
    c->rating[side] = rating;
    c->subs[side]++;
    return BH_OK;
}

int chal_extend(chal *c, int64_t new_deadline_us, int64_t now_us, refusal *why)
{
    if (c->state != CHAL_PROPOSED)
        return no(why, BH_ESTATE, "state");
    if (new_deadline_us <= c->deadline_us || new_deadline_us <= now_us)
        return no(why, BH_EINVAL, "deadline");
    c->deadline_us = new_deadline_us;
    c->extensions++;
    return BH_OK;
}

int chal_agree_tc(chal *c, chal_side side, bool want, refusal *why)
{
    if (c->state == CHAL_STARTED || c->state == CHAL_FORFEIT)
        return no(why, BH_ESTATE, "state");
    if (side > CHAL_BLACK)
        return no(why, BH_EINVAL, "side");
    c->want_alt[side] = want;
    return BH_OK;
}

void chal_time_control(const chal *c, const chal_rules *cr, int *base_s, int *inc_s)
{
    bool alt = c->want_alt[CHAL_WHITE] && c->want_alt[CHAL_BLACK];
    *base_s = alt ? cr->alt_base_s : cr->base_s;
    *inc_s = alt ? cr->alt_inc_s : cr->inc_s;
}

int chal_start(chal *c, refusal *why)
{
    if (c->state != CHAL_AGREED)
        return no(why, BH_ESTATE, "state");
    c->state = CHAL_STARTED;
    return BH_OK;
}

/* ---- text form: "chal v1 state=... sender=w ..." with every key, in this order ---- */

int chal_save(const chal *c, char *out, size_t cap)
{
    const char *wb = "wb";
    int n = snprintf(out, cap,
                     "chal v1 state=%s sender=%c stage=%d turn=%c defaulter=%c alt=%d%d"
                     " deadline=%" PRId64 " proposal=%" PRId64 " start=%" PRId64
                     " white=%d:%d:%d black=%d:%d:%d counters=%d ext=%d",
                     STATE[c->state], wb[c->sender], c->stage, wb[c->turn], wb[c->defaulter],
                     c->want_alt[0], c->want_alt[1], c->deadline_us, c->proposal_us, c->start_us,
                     c->player[0], c->rating[0], c->subs[0], c->player[1], c->rating[1], c->subs[1],
                     c->counters, c->extensions);
    return n < 0 || (size_t)n >= cap ? BH_ELIMIT : n;
}

/* Expect " key=" at *p (or "key=" at the start); on success *p points after the '='. */
static bool key(const char **p, const char *k)
{
    if (**p == ' ')
        (*p)++;
    size_t n = strlen(k);
    if (strncmp(*p, k, n) != 0 || (*p)[n] != '=')
        return false;
    *p += n + 1;
    return true;
}

static bool num(const char **p, int64_t lo, int64_t hi, int64_t *v)
{
    if (!(**p == '-' || (**p >= '0' && **p <= '9')))
        return false;
    char *end;
    errno = 0;
    long long x = strtoll(*p, &end, 10);
    if (errno || x < lo || x > hi)
        return false;
    *p = end;
    *v = x;
    return true;
}

static bool side(const char **p, uint8_t *v)
{
    if (**p != 'w' && **p != 'b')
        return false;
    *v = **p == 'b';
    (*p)++;
    return true;
}

static bool triple(const char **p, int *id, int *rating, int *subs)
{
    int64_t a, b, s;
    if (!num(p, 0, INT32_MAX, &a) || *(*p)++ != ':' || !num(p, 0, INT32_MAX, &b) ||
        *(*p)++ != ':' || !num(p, 0, INT32_MAX, &s))
        return false;
    *id = (int)a, *rating = (int)b, *subs = (int)s;
    return true;
}

static bool consistent(const chal *c)
{
    bool open = c->state == CHAL_PROPOSED;
    if (c->stage < 1 || c->stage > 2 || c->player[0] < 1 || c->player[1] < 1 ||
        c->player[0] == c->player[1] || c->extensions < 0)
        return false;
    if (open != (c->deadline_us > 0) || (!open && c->proposal_us != 0) || c->proposal_us < 0)
        return false;
    if ((c->state == CHAL_NEW || c->state == CHAL_LAPSED) && c->stage != 1)
        return false;
    if (c->state == CHAL_FORFEIT && c->stage != 2)
        return false;
    return c->start_us >= 0 &&
           (c->start_us == 0 || c->state == CHAL_AGREED || c->state == CHAL_STARTED);
}

int chal_load(chal *c, const char *text)
{
    const char *p = text;
    chal x;
    memset(&x, 0, sizeof x);
    if (strncmp(p, "chal v1", 7) != 0)
        return BH_EPARSE;
    p += 7;
    int64_t v, alt;
    int st = -1;
    if (!key(&p, "state"))
        return BH_EPARSE;
    for (int i = 0; i < CHAL_STATE_N_; i++) {
        size_t n = strlen(STATE[i]);
        if (strncmp(p, STATE[i], n) == 0 && (p[n] == ' ' || p[n] == '\0')) {
            st = i;
            p += n;
        }
    }
    if (st < 0 || !key(&p, "sender") || !side(&p, &x.sender) || !key(&p, "stage") ||
        !num(&p, 1, 2, &v))
        return BH_EPARSE;
    x.state = (uint8_t)st;
    x.stage = (uint8_t)v;
    if (!key(&p, "turn") || !side(&p, &x.turn) || !key(&p, "defaulter") ||
        !side(&p, &x.defaulter) || !key(&p, "alt") || !num(&p, 0, 11, &alt) ||
        (alt != 0 && alt != 1 && alt != 10 && alt != 11))
        return BH_EPARSE;
    x.want_alt[0] = alt >= 10;
    x.want_alt[1] = alt % 10 == 1;
    if (!key(&p, "deadline") || !num(&p, 0, INT64_MAX, &x.deadline_us) || !key(&p, "proposal") ||
        !num(&p, 0, INT64_MAX, &x.proposal_us) || !key(&p, "start") ||
        !num(&p, 0, INT64_MAX, &x.start_us) || !key(&p, "white") ||
        !triple(&p, &x.player[0], &x.rating[0], &x.subs[0]) || !key(&p, "black") ||
        !triple(&p, &x.player[1], &x.rating[1], &x.subs[1]) || !key(&p, "counters") ||
        !num(&p, 0, INT32_MAX, &alt) || !key(&p, "ext") || !num(&p, 0, INT32_MAX, &v) || *p != '\0')
        return BH_EPARSE;
    x.counters = (int)alt;
    x.extensions = (int)v;
    if (!consistent(&x))
        return BH_EINVAL;
    *c = x;
    return BH_OK;
}
