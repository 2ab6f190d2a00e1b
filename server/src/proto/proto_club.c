/* proto_club.c: the club round robin's messages (proto_club.h).
 * SPDX-License-Identifier: MIT
 * The field readers are proto.c's (proto_int.h: an integer in a range, a string of 1..max
 * bytes, the field named on every refusal). */
#include "proto_club.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "proto_int.h"
#include "proto_names.h"
#include "xalloc.h"

/* The wire names (proto_names.h, written by protocol/gen.py): one for every kind. */
static const char *const names[PCLUB_TYPE_COUNT_] = {PCLUB_C2S_TYPES(PROTO__NAME)};
_Static_assert(0 PCLUB_C2S_TYPES(PROTO__ONE) == PCLUB_TYPE_COUNT_,
               "proto_names.h names every kind");

const char *proto_club_type_name(pclub_type t)
{
    return (unsigned)t < PCLUB_TYPE_COUNT_ ? names[t] : NULL;
}

/* A prose field (a protest's text, the committee's reason): line breaks allowed. Into a new
 * string *out of its length (proto_club_msg_free's). */
static int text_field(const cJSON *o, const char *name, size_t max, char **out, proto_err *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
    if (!v)
        return proto__bad(err, BH_EFIELD, name);
    *out = xmalloc(cJSON_IsString(v) && v->valuestring ? strlen(v->valuestring) + 1 : 1);
    return proto__str_val_lf(v, name, max, true, *out, err);
}

/* players: [id, ...] of min..max player ids into out, their count in *n: a line-up
 * (club_lineup; may be empty: every board lost by forfeit is refused by the rules, not here)
 * or an attendance check (club_attend, at least one), whose ids go to a new array *heap
 * (proto_club_msg_free's) when heap is not NULL. */
static int ids_field(const cJSON *o, int min, int max, int *out, int **heap, int *n, proto_err *err)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, "players");
    if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) < min)
        return proto__bad(err, BH_EFIELD, "players");
    if (cJSON_GetArraySize(a) > max)
        return proto__bad(err, BH_ELIMIT, "players");
    if (heap)
        out = *heap = xcalloc((size_t)cJSON_GetArraySize(a), sizeof *out);
    const cJSON *v;
    cJSON_ArrayForEach(v, a)
    {
        int64_t x;
        int rc = proto__int_val(v, "players", 1, INT32_MAX, &x, err);
        if (rc != BH_OK)
            return rc;
        out[(*n)++] = (int)x;
    }
    return BH_OK;
}

/* round, match and board of a game (1-based on the wire). */
static int game_fields(const cJSON *o, int *round, int *match, int *board, proto_err *err)
{
    int rc;
    if ((rc = proto__int(o, "round", false, 1, 64, -1, round, err)) != BH_OK ||
        (rc = proto__int(o, "match", false, 1, 64, -1, match, err)) != BH_OK ||
        (rc = proto__int(o, "board", false, 1, PCLUB_BOARDS_MAX, -1, board, err)) != BH_OK)
        return rc;
    (*match)--;
    (*board)--;
    return BH_OK;
}

static int decode_create(const cJSON *o, pclub_create_in *c, proto_err *err)
{
    int rc;
    c->boards = c->reserves = c->max_subs = c->min_players = c->double_rr = -1;
    c->base_ms = c->inc_ms = c->wait_s = c->break_s = c->protest_s = c->deposit = -1;
    if ((rc = proto__need_str(o, "name", PROTO_NAME_MAX, c->name, err)) != BH_OK ||
        (rc = proto__int(o, "boards", true, 1, PCLUB_BOARDS_MAX, -1, &c->boards, err)) != BH_OK ||
        (rc = proto__int(o, "reserves", true, 0, PCLUB_PLAYERS_MAX, -1, &c->reserves, err)) ||
        (rc = proto__int(o, "max_subs", true, 0, PCLUB_PLAYERS_MAX, -1, &c->max_subs, err)) ||
        (rc = proto__int(o, "min_players", true, 1, PCLUB_BOARDS_MAX, -1, &c->min_players, err)) ||
        (rc = proto__get_bool(o, "double", &c->double_rr, err)) == BH_EFIELD ||
        (rc = proto__opt_int(o, "base_ms", 1000, PROTO_CLOCK_MAX_MS, &c->base_ms, err)) ||
        (rc = proto__opt_int(o, "inc_ms", 0, PROTO_CLOCK_MAX_MS, &c->inc_ms, err)) ||
        (rc = proto__opt_int(o, "wait_s", 0, 86400, &c->wait_s, err)) ||
        (rc = proto__opt_int(o, "break_s", 0, 86400, &c->break_s, err)) ||
        (rc = proto__opt_int(o, "protest_s", 0, 86400, &c->protest_s, err)) ||
        (rc = proto__opt_int(o, "deposit", 0, 1000000000, &c->deposit, err)))
        return rc;
    c->sb_cut1 = -1;
    static const char *const sb[] = {"SB", "SB-C1"};
    rc = proto__word(o, "sb", sb, 2, &c->sb_cut1, err);
    return rc == BH_ENOTFOUND ? BH_OK : rc;
}

static int decode_fields(const cJSON *o, pclub_msg *m, proto_err *err)
{
    int rc, b;
    if (m->type != PCLUB_CREATE && (rc = PROTO__NEED_ID(o, "club", &m->club, err)) != BH_OK)
        return rc;
    switch (m->type) {
    case PCLUB_CREATE: return decode_create(o, &m->create, err);
    case PCLUB_TEAM_REMOVE: return PROTO__NEED_ID(o, "team", &m->team.team, err);
    case PCLUB_TEAM:
        if ((rc = PROTO__OPT_ID(o, "team", &m->team.team, err)) != BH_OK ||
            (rc = proto__need_str(o, "name", PROTO_NAME_MAX, m->team.name, err)) != BH_OK ||
            (rc = proto__roster(o, PCLUB_PLAYERS_MAX, false, &m->team.players, &m->team.n_players,
                                err)) != BH_OK)
            return rc;
        return proto__int(o, "captain", false, 1, INT32_MAX, -1, &m->team.captain, err);
    case PCLUB_LINEUP: {
        pclub_lineup_in *l = &m->lineup;
        if ((rc = proto__int(o, "round", false, 1, 64, -1, &l->round, err)) != BH_OK ||
            (rc = PROTO__OPT_ID(o, "team", &l->team, err)) != BH_OK)
            return rc;
        return ids_field(o, 0, PCLUB_BOARDS_MAX, l->ids, NULL, &l->n_ids, err);
    }
    case PCLUB_RESULT: {
        pclub_result_in *r = &m->result;
        if ((rc = game_fields(o, &r->round, &r->match, &r->board, err)) != BH_OK)
            return rc;
        return proto__need_result(o, "result", true, r->result, err);
    }
    case PCLUB_PROTEST: {
        pclub_protest_in *p = &m->protest;
        if ((rc = game_fields(o, &p->round, &p->match, &p->board, err)) != BH_OK ||
            (rc = text_field(o, "text", PCLUB_TEXT_MAX, &p->text, err)) != BH_OK)
            return rc;
        return proto__need_int(o, "deposit", 0, 1000000000, &p->deposit, err);
    }
    case PCLUB_DECIDE: {
        pclub_decide_in *d = &m->decide;
        if ((rc = proto__need_str(o, "token", PROTO_TOKEN_MAX, d->token, err)) != BH_OK ||
            (rc = proto__int(o, "protest", false, 1, INT32_MAX, -1, &d->protest, err)) != BH_OK ||
            (rc = proto__need_bool(o, "upheld", &b, err)) != BH_OK ||
            (rc = text_field(o, "reason", PCLUB_TEXT_MAX, &d->reason, err)) != BH_OK)
            return rc;
        d->upheld = b == 1;
        if (d->upheld)
            return proto__need_result(o, "result", true, d->result, err);
        return BH_OK;
    }
    case PCLUB_ATTEND: {
        pclub_attend_in *t = &m->attend;
        if ((rc = proto__int(o, "round", false, 1, 64, -1, &t->round, err)) != BH_OK)
            return rc;
        return ids_field(o, 1, PCLUB_ATTEND_MAX, NULL, &t->attend, &t->n_attend, err);
    }
    case PCLUB_EXPORT:
        if ((rc = proto__need_str(o, "what", sizeof m->what - 1, m->what, err)) != BH_OK)
            return rc;
        if (strcmp(m->what, "trf") && strcmp(m->what, "crosstable") && strcmp(m->what, "lineups"))
            return proto__bad(err, BH_EFIELD, "what");
        return BH_OK;
    default: return BH_OK; /* start, round_start, appeals, get: the club alone */
    }
}

int proto__club_decode_obj(const cJSON *o, const char *buf, size_t len, pclub_msg *out,
                           proto_err *err)
{
    int k = 0;
    int64_t id = 0;
    int rc = proto__family_obj(o, buf, len, names, PCLUB_TYPE_COUNT_, &k, &id, err);
    if (rc != BH_OK)
        return rc; /* BH_ETYPE: not ours */
    memset(out, 0, sizeof *out);
    out->type = (pclub_type)k;
    out->id = id;
    rc = decode_fields(o, out, err);
    if (rc != BH_OK)
        proto_club_msg_free(out);
    return rc;
}

void proto_club_msg_free(pclub_msg *m)
{
    switch (m->type) {
    case PCLUB_TEAM:
        free(m->team.players);
        m->team.players = NULL;
        m->team.n_players = 0;
        break;
    case PCLUB_PROTEST:
        free(m->protest.text);
        m->protest.text = NULL;
        break;
    case PCLUB_DECIDE:
        free(m->decide.reason);
        m->decide.reason = NULL;
        break;
    case PCLUB_ATTEND:
        free(m->attend.attend);
        m->attend.attend = NULL;
        m->attend.n_attend = 0;
        break;
    default: break;
    }
}

int proto_club_decode(const char *buf, size_t len, pclub_msg *out, proto_err *err)
{
    int rc;
    cJSON *o = proto__parse(buf, len, err, &rc);
    if (!o)
        return rc;
    rc = proto__club_decode_obj(o, buf, len, out, err); /* BH_ETYPE: not ours */
    cJSON_Delete(o);
    return rc;
}

/* ---- encoders ------------------------------------------------------------------------------ */

static void num(cJSON *o, const char *k, double v)
{
    cJSON_AddNumberToObject(o, k, v);
}

char *proto_club_enc_created(int64_t id, const char *what, int64_t value, const char *token)
{
    cJSON *o = proto__head("created", true, id);
    num(o, what, (double)value);
    if (token)
        cJSON_AddStringToObject(o, "token", token);
    return proto__done(o);
}

char *proto_club_enc_text(int64_t id, const char *what, const char *text)
{
    cJSON *o = proto__head("export_reply", true, id);
    cJSON_AddStringToObject(o, "what", what);
    cJSON_AddStringToObject(o, "text", text ? text : "");
    return proto__done(o);
}

char *proto_club_enc_error(bool has_id, int64_t id, int code, const char *field, const char *rule)
{
    char msg[200];
    if (rule)
        snprintf(msg, sizeof msg, "%s: %s", rule, bh_strerror(code));
    else
        snprintf(msg, sizeof msg, "%s", bh_strerror(code));
    cJSON *o = proto__error(has_id, id, code, field, msg);
    if (rule)
        cJSON_AddStringToObject(o, "rule", rule);
    return proto__done(o);
}

static cJSON *enc_team(const pclub_team *t)
{
    cJSON *x = proto__obj();
    num(x, "team", (double)t->team);
    cJSON_AddStringToObject(x, "name", t->name);
    num(x, "captain", t->captain);
    cJSON *a = cJSON_AddArrayToObject(x, "players");
    for (int i = 0; i < t->n; i++) {
        cJSON *p = proto__obj();
        num(p, "id", t->players[i].id);
        cJSON_AddStringToObject(p, "name", t->players[i].name);
        num(p, "rating", t->players[i].rating);
        cJSON_AddItemToArray(a, p);
    }
    return x;
}

static cJSON *enc_match(const pclub_match *m)
{
    cJSON *x = proto__obj();
    num(x, "home", (double)m->home);
    num(x, "away", (double)m->away);
    cJSON *gp = cJSON_AddArrayToObject(x, "gp");
    cJSON_AddItemToArray(gp, cJSON_CreateNumber(m->gp[0]));
    cJSON_AddItemToArray(gp, cJSON_CreateNumber(m->gp[1]));
    if (m->done)
        proto__ints(x, "mp", m->mp, 2);
    cJSON_AddStringToObject(x, "status", m->done ? "done" : "playing");
    cJSON *a = cJSON_AddArrayToObject(x, "boards");
    for (int i = 0; i < m->n; i++) {
        const pclub_board *b = &m->boards[i];
        cJSON *y = proto__obj();
        num(y, "board", b->board);
        num(y, "white_team", (double)b->team[0]);
        num(y, "black_team", (double)b->team[1]);
        num(y, "white", b->player[0]);
        num(y, "black", b->player[1]);
        cJSON_AddStringToObject(y, "result", b->result);
        cJSON_AddBoolToObject(y, "live", b->live);
        if (b->live) {
            cJSON *p = cJSON_AddArrayToObject(y, "present");
            cJSON_AddItemToArray(p, cJSON_CreateBool(b->present[0]));
            cJSON_AddItemToArray(p, cJSON_CreateBool(b->present[1]));
            if (b->wait_ms > 0)
                num(y, "wait_ms", (double)b->wait_ms);
        }
        cJSON_AddItemToArray(a, y);
    }
    return x;
}

static cJSON *enc_round(const pclub_round *r)
{
    cJSON *x = proto__obj();
    num(x, "round", r->round);
    cJSON_AddStringToObject(x, "status", r->status);
    if (strcmp(r->status, "lineups") == 0)
        num(x, "starts_in_ms", (double)r->starts_in_ms);
    if (r->protest_ms > 0)
        num(x, "protest_ms", (double)r->protest_ms);
    cJSON *a = cJSON_AddArrayToObject(x, "matches");
    for (int i = 0; i < r->nm; i++)
        cJSON_AddItemToArray(a, enc_match(&r->matches[i]));
    a = cJSON_AddArrayToObject(x, "lineups");
    for (int i = 0; i < r->nl; i++) {
        cJSON *y = proto__obj();
        num(y, "team", (double)r->lineups[i].team);
        cJSON_AddBoolToObject(y, "submitted", r->lineups[i].submitted);
        proto__ints(y, "players", r->lineups[i].players, r->lineups[i].n);
        cJSON_AddItemToArray(a, y);
    }
    return x;
}

static cJSON *enc_protest(const pclub_protest *p)
{
    cJSON *x = proto__obj();
    num(x, "protest", p->id);
    cJSON_AddStringToObject(x, "state", p->state);
    num(x, "round", p->round);
    num(x, "match", p->match + 1);
    num(x, "board", p->board + 1);
    num(x, "team", (double)p->team);
    cJSON_AddStringToObject(x, "text", p->text);
    proto__str_or_null(x, "reason", p->reason);
    num(x, "deposit", (double)p->deposit);
    cJSON_AddStringToObject(x, "currency", p->currency);
    cJSON_AddBoolToObject(x, "deposit_returned", p->returned);
    proto__str_or_null(x, "new_result", p->new_result);
    return x;
}

char *proto_club_enc(bool has_id, int64_t id, const pclub_snapshot *s)
{
    cJSON *o = proto__head("club", has_id, id);
    num(o, "club", (double)s->club);
    cJSON_AddStringToObject(o, "name", s->name);
    cJSON_AddStringToObject(o, "status", s->status);
    num(o, "round", s->round);
    num(o, "rounds", s->rounds);
    num(o, "boards", s->boards);
    num(o, "deposit", (double)s->deposit);
    cJSON_AddStringToObject(o, "currency", s->currency ? s->currency : "");
    cJSON *a = cJSON_AddArrayToObject(o, "teams");
    for (int i = 0; i < s->nt; i++)
        cJSON_AddItemToArray(a, enc_team(&s->teams[i]));
    a = cJSON_AddArrayToObject(o, "schedule");
    for (int i = 0; i < s->nr; i++)
        cJSON_AddItemToArray(a, enc_round(&s->rounds_v[i]));
    a = cJSON_AddArrayToObject(o, "protests");
    for (int i = 0; i < s->np; i++)
        cJSON_AddItemToArray(a, enc_protest(&s->protests[i]));
    a = cJSON_AddArrayToObject(o, "tiebreaks");
    for (int i = 0; i < s->n_tb; i++)
        cJSON_AddItemToArray(a, cJSON_CreateString(s->tb_names[i]));
    a = cJSON_AddArrayToObject(o, "standings");
    for (int i = 0; i < s->n_rows; i++) {
        const pclub_row *r = &s->rows[i];
        cJSON *x = proto__obj();
        num(x, "place", r->place);
        num(x, "team", (double)r->team);
        cJSON_AddStringToObject(x, "name", r->name);
        num(x, "mp", r->mp);
        num(x, "gp", r->gp);
        cJSON *tb = cJSON_AddArrayToObject(x, "tb");
        for (int k = 0; k < s->n_tb; k++)
            cJSON_AddItemToArray(tb, cJSON_CreateNumber(r->tb[k]));
        cJSON_AddBoolToObject(x, "lot", r->lot);
        cJSON_AddItemToArray(a, x);
    }
    return proto__done(o);
}
