/* proto_league.c: the team league's messages (proto_league.h).
 * SPDX-License-Identifier: MIT
 * The field readers are proto.c's (proto_int.h): every refusal names its field. */
#include "proto_league.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "proto_int.h"
#include "proto_names.h"
#include "xalloc.h"

/* The wire names (proto_names.h, written by protocol/gen.py): one for every kind. */
static const char *const names[PLEAGUE_TYPE_COUNT_] = {PLEAGUE_C2S_TYPES(PROTO__NAME)};
_Static_assert(0 PLEAGUE_C2S_TYPES(PROTO__ONE) == PLEAGUE_TYPE_COUNT_,
               "proto_names.h names every kind");

const char *proto_league_type_name(pleague_type t)
{
    return (unsigned)t < PLEAGUE_TYPE_COUNT_ ? names[t] : NULL;
}

const char *proto_league_stage_name(int stage)
{
    static const char *const s[] = {NULL, "groups", "qf", "sf", "final"};
    return stage >= 1 && stage <= 4 ? s[stage] : NULL;
}

/* stage, match, board and game (1-based on the wire; game optional, 1). */
static int key_fields(const cJSON *o, pleague_key *k, proto_err *err)
{
    int rc;
    if ((rc = proto__int(o, "stage", false, 1, 4, 0, &k->stage, err)) != BH_OK ||
        (rc = proto__int(o, "match", false, 1, 512, 0, &k->match, err)) != BH_OK ||
        (rc = proto__int(o, "board", false, 1, PLEAGUE_BOARDS_MAX, 0, &k->board, err)) != BH_OK ||
        (rc = proto__int(o, "game", true, 1, 2, 1, &k->game, err)) != BH_OK)
        return rc;
    k->match--;
    k->board--;
    k->game--;
    return BH_OK;
}

static int decode_create(const cJSON *o, pleague_create *c, proto_err *err)
{
    int rc;
    c->wait_s = c->first_valid_ms = c->second_valid_ms = -1;
    if ((rc = proto__need_str(o, "name", PROTO_NAME_MAX, c->name, err)) != BH_OK)
        return rc;
    if (cJSON_GetObjectItemCaseSensitive(o, "ruleset") &&
        (rc = proto__need_str(o, "ruleset", sizeof c->ruleset - 1, c->ruleset, err)) != BH_OK)
        return rc;
    if ((rc = proto__int(o, "teams", true, 4, PLEAGUE_TEAMS_MAX, -1, &c->teams, err)) ||
        (rc = proto__int(o, "groups", true, 2, 4, -1, &c->groups, err)) ||
        (rc = proto__int(o, "boards", true, 1, PLEAGUE_BOARDS_MAX, -1, &c->boards, err)) ||
        (rc =
             proto__int(o, "max_invited", true, 0, PLEAGUE_BOARDS_MAX, -1, &c->max_invited, err)) ||
        (rc = proto__int(o, "rating_date", true, 19000101, 99991231, -1, &c->rating_date, err)) ||
        (rc = proto__opt_int(o, "wait_s", 0, PROTO_WAIT_MAX_S, &c->wait_s, err)) ||
        (rc = proto__opt_int(o, "first_valid_ms", 1, PLEAGUE_VALID_MAX_MS, &c->first_valid_ms,
                             err)) ||
        (rc = proto__opt_int(o, "second_valid_ms", 1, PLEAGUE_VALID_MAX_MS, &c->second_valid_ms,
                             err)) ||
        (rc = proto__int(o, "base_s", true, 1, 86400, -1, &c->base_s, err)) ||
        (rc = proto__int(o, "inc_s", true, 0, 3600, -1, &c->inc_s, err)) ||
        (rc = proto__int(o, "alt_base_s", true, 1, 86400, -1, &c->alt_base_s, err)) ||
        (rc = proto__int(o, "alt_inc_s", true, 0, 3600, -1, &c->alt_inc_s, err)))
        return rc;
    if (c->groups == 3) /* the brackets of F-KNOCKOUT: 4 groups, or 2 */
        return proto__bad(err, BH_EFIELD, "groups");
    return BH_OK;
}

static int need_token(const cJSON *o, char *out, proto_err *err)
{
    return proto__need_str(o, "token", PROTO_TOKEN_MAX, out, err);
}

static int decode_fields(const cJSON *o, pleague_msg *m, proto_err *err)
{
    int rc, b = 0;
    if (m->type != PLEAGUE_CREATE && (rc = PROTO__NEED_ID(o, "league", &m->league, err)) != BH_OK)
        return rc;
    pleague_game *g = &m->game;
    switch (m->type) {
    case PLEAGUE_CREATE: return decode_create(o, &m->create, err);
    case PLEAGUE_TEAM:
        if ((rc = proto__need_str(o, "name", PROTO_NAME_MAX, m->team.name, err)) != BH_OK ||
            (rc = proto__roster(o, PLEAGUE_PLAYERS_MAX, true, &m->team.players, &m->team.n_players,
                                err)) != BH_OK)
            return rc;
        return proto__int(o, "captain", false, 1, INT32_MAX, 0, &m->team.captain, err);
    case PLEAGUE_TEAM_REMOVE: return PROTO__NEED_ID(o, "team", &m->team.team, err);
    case PLEAGUE_ROSTER:
        if ((rc = PROTO__NEED_ID(o, "team", &m->team.team, err)) != BH_OK)
            return rc;
        return proto__roster(o, PLEAGUE_PLAYERS_MAX, true, &m->team.players, &m->team.n_players,
                             err);
    case PLEAGUE_SEND:
    case PLEAGUE_COUNTER:
        if ((rc = need_token(o, g->token, err)) != BH_OK ||
            (rc = key_fields(o, &g->key, err)) != BH_OK)
            return rc;
        return proto__opt_int(o, "start_ms", 0, PLEAGUE_INSTANT_MAX_MS, &g->start_ms, err);
    case PLEAGUE_ACCEPT:
        if ((rc = need_token(o, g->token, err)) != BH_OK)
            return rc;
        return key_fields(o, &g->key, err);
    case PLEAGUE_TC:
        if ((rc = need_token(o, g->token, err)) != BH_OK ||
            (rc = key_fields(o, &g->key, err)) != BH_OK)
            return rc;
        b = 1; /* absent: agree */
        if (proto__get_bool(o, "want", &b, err) == BH_EFIELD)
            return BH_EFIELD;
        g->want = b == 1;
        return BH_OK;
    case PLEAGUE_SUBSTITUTE:
        if ((rc = need_token(o, g->token, err)) != BH_OK ||
            (rc = key_fields(o, &g->key, err)) != BH_OK)
            return rc;
        return proto__int(o, "player", false, 1, INT32_MAX, 0, &g->player, err);
    case PLEAGUE_EXTEND:
        if ((rc = key_fields(o, &g->key, err)) != BH_OK)
            return rc;
        return proto__need_int(o, "deadline_ms", 1, PLEAGUE_INSTANT_MAX_MS, &g->deadline_ms, err);
    case PLEAGUE_RESULT:
        if ((rc = key_fields(o, &g->key, err)) != BH_OK)
            return rc;
        return proto__need_result(o, "result", true, g->result, err);
    case PLEAGUE_LOT:
        if ((rc = proto__int(o, "match", false, 1, 7, 0, &m->lot.match, err)) != BH_OK ||
            (rc = proto__int(o, "winner", false, 1, 2, 0, &m->lot.winner, err)) != BH_OK)
            return rc;
        m->lot.match--;
        m->lot.winner--;
        return BH_OK;
    case PLEAGUE_NOTICES:
        if ((rc = need_token(o, m->notices.token, err)) != BH_OK)
            return rc;
        return proto__opt_int(o, "since", 0, PROTO_ID_MAX, &m->notices.since, err);
    case PLEAGUE_EXPORT:
        if ((rc = proto__need_str(o, "what", sizeof m->what - 1, m->what, err)) != BH_OK)
            return rc;
        {
            static const char *const what[] = {"tables", "bracket", "fixtures", "trf",
                                               "trf_qf", "trf_sf",  "trf_final"};
            for (size_t i = 0; i < sizeof what / sizeof what[0]; i++)
                if (strcmp(m->what, what[i]) == 0)
                    return BH_OK;
            return proto__bad(err, BH_EFIELD, "what");
        }
    default: return BH_OK; /* start, stage_start, get: the league alone */
    }
}

int proto__league_decode_obj(const cJSON *o, const char *buf, size_t len, pleague_msg *out,
                             proto_err *err)
{
    int k = 0;
    int64_t id = 0;
    int rc = proto__family_obj(o, buf, len, names, PLEAGUE_TYPE_COUNT_, &k, &id, err);
    if (rc != BH_OK)
        return rc; /* BH_ETYPE: not ours */
    memset(out, 0, sizeof *out);
    out->type = (pleague_type)k;
    out->id = id;
    rc = decode_fields(o, out, err);
    if (rc != BH_OK)
        proto_league_msg_free(out);
    return rc;
}

void proto_league_msg_free(pleague_msg *m)
{
    if (m->type == PLEAGUE_TEAM || m->type == PLEAGUE_ROSTER) {
        free(m->team.players);
        m->team.players = NULL;
        m->team.n_players = 0;
    }
}

int proto_league_decode(const char *buf, size_t len, pleague_msg *out, proto_err *err)
{
    int rc;
    cJSON *o = proto__parse(buf, len, err, &rc);
    if (!o)
        return rc;
    rc = proto__league_decode_obj(o, buf, len, out, err); /* BH_ETYPE: not ours */
    cJSON_Delete(o);
    return rc;
}

/* ---- encoders ------------------------------------------------------------------------------ */

static void num(cJSON *o, const char *k, double v)
{
    cJSON_AddNumberToObject(o, k, v);
}

static void pair(cJSON *o, const char *k, double a, double b)
{
    cJSON *x = cJSON_AddArrayToObject(o, k);
    cJSON_AddItemToArray(x, cJSON_CreateNumber(a));
    cJSON_AddItemToArray(x, cJSON_CreateNumber(b));
}

static cJSON *enc_team(const pleague_team_out *t)
{
    cJSON *x = proto__obj();
    num(x, "team", (double)t->team);
    cJSON_AddStringToObject(x, "name", t->name);
    num(x, "captain", t->captain);
    num(x, "rating", t->rating);
    cJSON *a = cJSON_AddArrayToObject(x, "players");
    for (int i = 0; i < t->n; i++) {
        cJSON *p = proto__obj();
        num(p, "id", t->players[i].id);
        cJSON_AddStringToObject(p, "name", t->players[i].name);
        num(p, "rating", t->players[i].rating);
        cJSON_AddBoolToObject(p, "invited", t->players[i].invited);
        cJSON_AddItemToArray(a, p);
    }
    cJSON *r = cJSON_AddObjectToObject(x, "ratings");
    for (int st = 1; st < 5; st++)
        if (t->has_rating[st] && proto_league_stage_name(st))
            num(r, proto_league_stage_name(st), t->ratings[st]);
    return x;
}

static cJSON *enc_group(const pleague_group *g)
{
    cJSON *x = proto__obj();
    cJSON_AddStringToObject(x, "group", g->name);
    num(x, "average", g->average);
    cJSON *a = cJSON_AddArrayToObject(x, "table");
    for (int i = 0; i < g->n; i++) {
        const pleague_row *r = &g->rows[i];
        cJSON *y = proto__obj();
        num(y, "place", r->place);
        num(y, "number", r->number);
        num(y, "team", (double)r->team);
        num(y, "played", r->played);
        num(y, "mp", r->mp);
        num(y, "gp", r->gp);
        num(y, "rating", r->rating);
        cJSON_AddItemToArray(a, y);
    }
    return x;
}

static cJSON *enc_game(const pleague_game_out *g)
{
    cJSON *y = proto__obj();
    num(y, "board", g->board);
    num(y, "game", g->game);
    num(y, "white_team", (double)g->team[0]);
    num(y, "black_team", (double)g->team[1]);
    num(y, "white", g->player[0]);
    num(y, "black", g->player[1]);
    cJSON_AddStringToObject(y, "sender", g->sender);
    cJSON_AddStringToObject(y, "state", g->state);
    if (g->phase)
        cJSON_AddStringToObject(y, "phase", g->phase);
    if (g->forfeit_ms > 0) {
        cJSON *pr = cJSON_AddArrayToObject(y, "present");
        cJSON_AddItemToArray(pr, cJSON_CreateBool(g->present[0]));
        cJSON_AddItemToArray(pr, cJSON_CreateBool(g->present[1]));
        num(y, "forfeit_ms", (double)g->forfeit_ms);
    }
    num(y, "challenge", g->challenge);
    if (g->turn) {
        cJSON_AddStringToObject(y, "turn", g->turn);
        num(y, "deadline_ms", (double)g->deadline_ms);
        num(y, "proposal_ms", (double)g->proposal_ms);
    }
    if (strcmp(g->state, "agreed") == 0 || strcmp(g->state, "started") == 0)
        num(y, "start_ms", (double)g->start_ms);
    cJSON *w = cJSON_AddArrayToObject(y, "want_alt");
    cJSON_AddItemToArray(w, cJSON_CreateBool(g->want_alt[0]));
    cJSON_AddItemToArray(w, cJSON_CreateBool(g->want_alt[1]));
    cJSON_AddStringToObject(y, "tc", g->tc);
    num(y, "subs", g->subs);
    num(y, "extensions", g->extensions);
    cJSON_AddStringToObject(y, "result", g->result);
    if (g->game_id)
        num(y, "game_id", (double)g->game_id);
    return y;
}

static cJSON *enc_match(const pleague_match_out *m)
{
    cJSON *x = proto__obj();
    num(x, "match", m->match);
    cJSON_AddStringToObject(x, "label", m->label);
    if (m->group >= 0) {
        char g[2] = {(char)('A' + m->group), 0};
        cJSON_AddStringToObject(x, "group", g);
        num(x, "round", m->round);
    }
    pair(x, "teams", (double)m->team[0], (double)m->team[1]);
    pair(x, "gp", m->gp[0], m->gp[1]);
    cJSON_AddBoolToObject(x, "done", m->done);
    cJSON *a = cJSON_AddArrayToObject(x, "games");
    for (int i = 0; i < m->n; i++)
        cJSON_AddItemToArray(a, enc_game(&m->games[i]));
    return x;
}

char *proto_league_enc(bool has_id, int64_t id, const pleague_snapshot *s)
{
    cJSON *o = proto__head("league", has_id, id);
    num(o, "league", (double)s->league);
    cJSON_AddStringToObject(o, "name", s->name);
    cJSON_AddStringToObject(o, "status", s->status);
    proto__str_or_null(o, "stage", s->stage);
    num(o, "boards", s->boards);
    num(o, "teams_max", s->teams_max);
    num(o, "groups_n", s->groups_n);
    num(o, "first_valid_ms", (double)s->first_valid_ms);
    num(o, "second_valid_ms", (double)s->second_valid_ms);
    cJSON_AddStringToObject(o, "tc", s->tc);
    cJSON_AddStringToObject(o, "alt_tc", s->alt_tc);
    num(o, "wait_s", s->wait_s);
    num(o, "server_ms", (double)s->server_ms);
    cJSON *a = cJSON_AddArrayToObject(o, "teams");
    for (int i = 0; i < s->nt; i++)
        cJSON_AddItemToArray(a, enc_team(&s->teams[i]));
    a = cJSON_AddArrayToObject(o, "groups");
    for (int i = 0; i < s->ng; i++)
        cJSON_AddItemToArray(a, enc_group(&s->groups[i]));
    a = cJSON_AddArrayToObject(o, "fixtures");
    for (int i = 0; i < s->nf; i++)
        cJSON_AddItemToArray(a, enc_match(&s->fixtures[i]));
    a = cJSON_AddArrayToObject(o, "bracket");
    for (int i = 0; i < s->nk; i++) {
        const pleague_ko *k = &s->bracket[i];
        cJSON *x = proto__obj();
        cJSON_AddStringToObject(x, "label", k->label);
        num(x, "match", i + 1);
        pair(x, "teams", (double)k->team[0], (double)k->team[1]);
        pair(x, "rating", k->rating[0], k->rating[1]);
        pair(x, "gp", k->gp[0], k->gp[1]);
        num(x, "winner", (double)k->winner);
        cJSON_AddStringToObject(x, "by", k->by);
        cJSON_AddItemToArray(a, x);
    }
    num(o, "winner", (double)s->winner);
    return proto__done(o);
}

static cJSON *enc_notice(const pleague_notice *x)
{
    cJSON *y = proto__obj();
    num(y, "seq", (double)x->seq);
    num(y, "player", x->player);
    cJSON_AddStringToObject(y, "note", x->note);
    cJSON_AddStringToObject(
        y, "stage",
        proto_league_stage_name(x->key.stage) ? proto_league_stage_name(x->key.stage) : "");
    num(y, "match", x->key.match + 1);
    num(y, "board", x->key.board + 1);
    num(y, "game", x->key.game + 1);
    num(y, "at_ms", (double)x->at_ms);
    if (x->deadline_ms)
        num(y, "deadline_ms", (double)x->deadline_ms);
    if (x->game_id)
        num(y, "game_id", (double)x->game_id);
    if (x->seat >= 0)
        num(y, "seat", x->seat);
    if (x->token)
        cJSON_AddStringToObject(y, "token", x->token);
    num(y, "server_ms", (double)x->server_ms);
    return y;
}

char *proto_league_enc_notices(int64_t id, int64_t league, int player, const pleague_notice *v,
                               int n, int64_t last)
{
    cJSON *o = proto__head("league_notices", true, id);
    num(o, "league", (double)league);
    num(o, "player", player);
    cJSON *a = cJSON_AddArrayToObject(o, "notices");
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(a, enc_notice(&v[i]));
    num(o, "last", (double)last);
    return proto__done(o);
}

char *proto_league_enc_notice(int64_t league, const pleague_notice *x)
{
    cJSON *o = proto__head("league_notice", false, 0);
    num(o, "league", (double)league);
    cJSON_AddItemToObject(o, "notice", enc_notice(x));
    return proto__done(o);
}

char *proto_league_enc_team(int64_t id, int64_t team, const int *players, const char *const *tokens,
                            int n)
{
    cJSON *o = proto__head("created", true, id);
    num(o, "team", (double)team);
    cJSON *a = cJSON_AddArrayToObject(o, "tokens");
    for (int i = 0; i < n; i++) {
        cJSON *y = proto__obj();
        num(y, "player", players[i]);
        cJSON_AddStringToObject(y, "token", tokens[i]);
        cJSON_AddItemToArray(a, y);
    }
    return proto__done(o);
}

char *proto_league_enc_calendar(int64_t league, int player, const char *name, int64_t team,
                                int64_t server_ms, const pleague_cal *v, int n)
{
    cJSON *o = proto__obj();
    num(o, "league", (double)league);
    num(o, "player", player);
    cJSON_AddStringToObject(o, "name", name ? name : "");
    num(o, "team", (double)team);
    num(o, "server_ms", (double)server_ms);
    cJSON *a = cJSON_AddArrayToObject(o, "events");
    for (int i = 0; i < n; i++) {
        const pleague_cal *x = &v[i];
        cJSON *y = proto__obj();
        cJSON_AddStringToObject(y, "uid", x->uid);
        cJSON_AddStringToObject(y, "kind", x->kind);
        num(y, "at_ms", (double)x->at_ms);
        if (x->end_ms)
            num(y, "end_ms", (double)x->end_ms);
        const char *st = proto_league_stage_name(x->key.stage);
        cJSON_AddStringToObject(y, "stage", st ? st : "?");
        num(y, "match", x->key.match + 1);
        num(y, "board", x->key.board + 1);
        num(y, "game", x->key.game + 1);
        cJSON_AddStringToObject(y, "label", x->label);
        num(y, "challenge", x->challenge);
        if (strcmp(x->kind, "deadline") == 0)
            cJSON_AddBoolToObject(y, "to_answer", x->to_answer);
        num(y, "opponent", x->opponent);
        num(y, "sequence", x->sequence);
        cJSON_AddStringToObject(y, "summary", x->summary);
        cJSON_AddItemToArray(a, y);
    }
    return proto__done(o);
}
