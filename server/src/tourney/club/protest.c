/* protest.c: the protest desk of an event (F-PROTEST).
 * SPDX-License-Identifier: MIT
 * Every transition checks its preconditions first and changes nothing when it refuses; a
 * protest moves only FILED -> UPHELD or FILED -> REJECTED. */
#include "protest.h"

#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "xalloc.h"

struct protest_desk {
    protest_rules rules;
    protest *p; /* n, growable */
    int n, cap;
    int next_id;
};

void protest_rules_seed004(protest_rules *pr)
{
    pr->window_us = 10LL * 60 * 1000000;
    pr->deposit_minor = 200L * 100;
    memcpy(pr->currency, "UAH", 4);
}

protest_desk *protest_desk_new(const protest_rules *pr)
{
    protest_desk *d = xcalloc(1, sizeof *d);
    d->rules = *pr;
    d->next_id = 1;
    return d;
}

void protest_desk_free(protest_desk *d)
{
    if (!d)
        return;
    for (int i = 0; i < d->n; i++) {
        free(d->p[i].text);
        free(d->p[i].reason);
    }
    free(d->p);
    free(d);
}

int protest_count(const protest_desk *d)
{
    return d->n;
}

const protest *protest_get(const protest_desk *d, int i)
{
    return i >= 0 && i < d->n ? &d->p[i] : NULL;
}

static protest *find(const protest_desk *d, int id)
{
    for (int i = 0; i < d->n; i++)
        if (d->p[i].id == id)
            return &d->p[i];
    return NULL;
}

const protest *protest_find(const protest_desk *d, int id)
{
    return find(d, id);
}

/* 0 if s is a usable text, else the refusal code. */
static int text_rc(const char *s)
{
    if (!s || !s[0])
        return BH_EINVAL;
    return strlen(s) > PROTEST_TEXT_MAX ? BH_ELIMIT : BH_OK;
}

static protest *append(protest_desk *d)
{
    BH_GROW(d->p, d->n, d->cap);
    protest *p = &d->p[d->n++];
    memset(p, 0, sizeof *p);
    return p;
}

int protest_file(protest_desk *d, const protest_round *rnd, const protest_game *g,
                 const protest_filer *who, const char *text, long deposit_minor, int64_t now_us,
                 int *id, refusal *why)
{
    if (!g)
        return refusal_set(why, BH_ENOTFOUND, "F-PROTEST", "game", -1);
    if (g->round != rnd->round)
        return refusal_set(why, BH_EROUND, "F-PROTEST", "game", -1);
    if (!who->captain)
        return refusal_set(why, BH_ENOTCAPTAIN, "F-PROTEST", "filer", -1);
    if (who->team != g->team_a && who->team != g->team_b)
        return refusal_set(why, BH_ENOTCAPTAIN, "F-PROTEST", "team", -1);
    /* art. 5: "not later than 10 minutes after the end of the round" (the instant itself is
     * in time); during the round a finished game may be protested at once */
    if (rnd->end_us > 0 && now_us > rnd->end_us + d->rules.window_us)
        return refusal_set(why, BH_ELATE, "F-PROTEST", "filed_at", -1);
    for (int i = 0; i < d->n; i++)
        if (d->p[i].game == g->id && d->p[i].team == who->team)
            return refusal_set(why, BH_EEXIST, "F-PROTEST", "game", -1);
    int rc = text_rc(text);
    if (rc != BH_OK)
        return refusal_set(why, rc, "F-PROTEST", "text", -1);
    if (deposit_minor != d->rules.deposit_minor)
        return refusal_set(why, BH_EINVAL, "F-PROTEST", "deposit", -1);
    protest *p = append(d);
    p->id = d->next_id++;
    p->state = PROTEST_FILED;
    p->round = g->round;
    p->game = g->id;
    p->team = who->team;
    p->player = who->player;
    p->filed_us = now_us;
    p->text = xstrdup(text);
    p->deposit_minor = deposit_minor;
    p->new_result = -1;
    if (id)
        *id = p->id;
    return BH_OK;
}

int protest_decide(protest_desk *d, int id, bool upheld, int new_result, const char *reason,
                   int64_t now_us, refusal *why)
{
    protest *p = find(d, id);
    if (!p)
        return refusal_set(why, BH_ENOTFOUND, "F-PROTEST", "protest", -1);
    if (p->state != PROTEST_FILED)
        return refusal_set(why, BH_EDECIDED, "F-PROTEST", "protest", -1);
    int rc = text_rc(reason);
    if (rc != BH_OK)
        return refusal_set(why, rc, "F-PROTEST", "reason", -1);
    if (upheld && new_result < 0)
        return refusal_set(why, BH_EINVAL, "F-PROTEST", "result", -1);
    p->state = upheld ? PROTEST_UPHELD : PROTEST_REJECTED;
    p->decided_us = now_us;
    p->reason = xstrdup(reason);
    p->new_result = upheld ? new_result : -1;
    p->deposit_returned = upheld; /* art. 5: returned when the protest is upheld */
    return BH_OK;
}

int protest_load(protest_desk *d, const protest *p)
{
    bool filed = p->state == PROTEST_FILED;
    if (p->id < 1 || p->state > PROTEST_REJECTED || text_rc(p->text) != BH_OK ||
        (filed ? p->reason != NULL || p->deposit_returned : text_rc(p->reason) != BH_OK) ||
        (p->state == PROTEST_UPHELD) != p->deposit_returned)
        return BH_EINVAL;
    if (find(d, p->id))
        return BH_EEXIST;
    protest *q = append(d);
    *q = *p;
    q->text = xstrdup(p->text);
    q->reason = p->reason ? xstrdup(p->reason) : NULL;
    if (p->id >= d->next_id)
        d->next_id = p->id + 1;
    return BH_OK;
}
