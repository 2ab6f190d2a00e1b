/* proto_tour.c: encoders of the tournament messages (proto_tour.h).
 * SPDX-License-Identifier: MIT
 * Fixed key order, compact output; cJSON never leaves this file. */
#include "proto_tour.h"
#include "proto_int.h"

#include <cjson/cJSON.h>
#include <stdlib.h>

/* Match i of r as a round message's object. */
static cJSON *match_obj(const proto_round *r, int i)
{
    const proto_tmatch *m = &r->matches[i];
    cJSON *x = proto__obj();
    cJSON_AddNumberToObject(x, "match", i);
    cJSON_AddNumberToObject(x, "team1", (double)m->team1);
    cJSON_AddStringToObject(x, "name1", m->name1 ? m->name1 : "");
    if (m->team2) {
        cJSON_AddNumberToObject(x, "team2", (double)m->team2);
        cJSON_AddStringToObject(x, "name2", m->name2 ? m->name2 : "");
        cJSON_AddNumberToObject(x, "white", m->white);
    } else {
        cJSON_AddNullToObject(x, "team2");
        cJSON_AddNullToObject(x, "name2");
        cJSON_AddNullToObject(x, "white");
    }
    cJSON *g = cJSON_AddArrayToObject(x, "games");
    cJSON *res = cJSON_AddArrayToObject(x, "results");
    cJSON *why = cJSON_AddArrayToObject(x, "reasons");
    cJSON *st = cJSON_AddArrayToObject(x, "states");
    cJSON *abs = cJSON_AddArrayToObject(x, "absent");
    for (int k = 0; m->team2 && k < 2; k++) {
        cJSON_AddItemToArray(g, m->games[k] ? cJSON_CreateNumber((double)m->games[k])
                                            : cJSON_CreateNull());
        cJSON_AddItemToArray(res, m->results[k] ? cJSON_CreateString(m->results[k])
                                                : cJSON_CreateNull());
        cJSON_AddItemToArray(why, m->reasons[k] ? cJSON_CreateString(m->reasons[k])
                                                : cJSON_CreateNull());
        cJSON_AddItemToArray(st,
                             m->states[k] ? cJSON_CreateString(m->states[k]) : cJSON_CreateNull());
        cJSON *names = cJSON_CreateArray();
        for (int j = 0; j < m->nabsent[k] && j < 4; j++)
            cJSON_AddItemToArray(names, cJSON_CreateString(m->absent[k][j]));
        cJSON_AddItemToArray(abs, names);
    }
    cJSON *mp = cJSON_AddArrayToObject(x, "mp");
    cJSON *gp = cJSON_AddArrayToObject(x, "gp");
    for (int k = 0; k < 2; k++) {
        cJSON_AddItemToArray(mp, cJSON_CreateNumber(m->mp[k]));
        cJSON_AddItemToArray(gp, cJSON_CreateNumber(m->gp[k]));
    }
    cJSON_AddStringToObject(x, "status", m->status);
    if (!m->team2) /* a bye: its kind (T-BYE, T-REQBYE) */
        cJSON_AddStringToObject(x, "bye", m->bye ? m->bye : "pab");
    return x;
}

/* r's header and the matches at idx (n of them; idx NULL: every match). */
static void round_body(cJSON *o, const proto_round *r, const int *idx, int n)
{
    cJSON_AddNumberToObject(o, "tournament", (double)r->tournament);
    cJSON_AddNumberToObject(o, "round", r->round);
    cJSON_AddNumberToObject(o, "rounds", r->rounds);
    cJSON_AddStringToObject(o, "status", r->status);
    if (r->v)
        cJSON_AddNumberToObject(o, "v", (double)r->v);
    cJSON *a = cJSON_AddArrayToObject(o, "matches");
    for (int i = 0; i < (idx ? n : r->n); i++)
        cJSON_AddItemToArray(a, match_obj(r, idx ? idx[i] : i));
}

static void standings_body(cJSON *o, const proto_standings *s)
{
    cJSON_AddNumberToObject(o, "tournament", (double)s->tournament);
    cJSON_AddNumberToObject(o, "round", s->round);
    cJSON_AddBoolToObject(o, "final", s->final);
    if (s->v)
        cJSON_AddNumberToObject(o, "v", (double)s->v);
    cJSON *tb = cJSON_AddArrayToObject(o, "tiebreaks");
    for (int i = 0; i < s->n_tb; i++)
        cJSON_AddItemToArray(tb, cJSON_CreateString(s->tb_names[i]));
    cJSON *rows = cJSON_AddArrayToObject(o, "rows");
    for (int i = 0; i < s->n; i++) {
        const proto_srow *r = &s->rows[i];
        cJSON *x = proto__obj();
        cJSON_AddNumberToObject(x, "place", r->place);
        cJSON_AddNumberToObject(x, "team", (double)r->team);
        cJSON_AddStringToObject(x, "name", r->name ? r->name : "");
        cJSON_AddNumberToObject(x, "mp", r->mp);
        cJSON_AddNumberToObject(x, "gp", r->gp);
        cJSON *v = cJSON_AddArrayToObject(x, "tb");
        for (int k = 0; k < s->n_tb; k++)
            cJSON_AddItemToArray(v, cJSON_CreateNumber(r->tb[k]));
        cJSON_AddBoolToObject(x, "prize", r->prize);
        cJSON_AddBoolToObject(x, "tied_next", r->tied_next);
        if (r->entry > 1)
            cJSON_AddNumberToObject(x, "entry", r->entry); /* a late entry (T-LATE) */
        cJSON_AddItemToArray(rows, x);
    }
}

char *proto_enc_round(const proto_round *r)
{
    cJSON *o = proto__head("round", false, 0);
    round_body(o, r, NULL, 0);
    return proto__done(o);
}

char *proto_enc_round_delta(const proto_round *r, const int *idx, int n)
{
    cJSON *o = proto__head("round_delta", false, 0);
    round_body(o, r, idx, n);
    return proto__done(o);
}

char *proto_enc_tmatch(const proto_round *r, int i)
{
    return proto__done(match_obj(r, i));
}

char *proto_enc_standings(const proto_standings *s)
{
    cJSON *o = proto__head("standings", false, 0);
    standings_body(o, s);
    return proto__done(o);
}

char *proto_enc_assign(const proto_assign *a)
{
    cJSON *o = proto__head("assign", false, 0);
    cJSON_AddNumberToObject(o, "tournament", (double)a->tournament);
    cJSON_AddNumberToObject(o, "round", a->round);
    cJSON_AddNumberToObject(o, "match", a->match);
    cJSON_AddNumberToObject(o, "game_no", a->game_no);
    cJSON_AddNumberToObject(o, "game", (double)a->game);
    cJSON_AddNumberToObject(o, "team1", (double)a->team1);
    cJSON_AddNumberToObject(o, "team2", (double)a->team2);
    cJSON *s = cJSON_AddArrayToObject(o, "seats");
    for (int i = 0; i < a->n; i++) {
        cJSON *x = proto__obj();
        cJSON_AddNumberToObject(x, "seat", a->seats[i]);
        proto__str_or_null(x, "name", a->names[i]);
        cJSON_AddStringToObject(x, "token", a->tokens[i]);
        cJSON_AddItemToArray(s, x);
    }
    return proto__done(o);
}

char *proto_enc_game2_choice(const proto_game2_choice *c)
{
    cJSON *o = proto__head("game2_choice", false, 0);
    cJSON_AddNumberToObject(o, "tournament", (double)c->tournament);
    cJSON_AddNumberToObject(o, "round", c->round);
    cJSON_AddNumberToObject(o, "match", c->match);
    cJSON_AddNumberToObject(o, "game", (double)c->game);
    cJSON_AddNumberToObject(o, "team", (double)c->team);
    cJSON_AddNumberToObject(o, "deadline_ms", (double)c->deadline_ms);
    cJSON_AddBoolToObject(o, "swap_default", c->swap_default);
    return proto__done(o);
}

char *proto_enc_game2_decided(const proto_game2_decided *d)
{
    cJSON *o = proto__head("game2_decided", false, 0);
    cJSON_AddNumberToObject(o, "tournament", (double)d->tournament);
    cJSON_AddNumberToObject(o, "round", d->round);
    cJSON_AddNumberToObject(o, "match", d->match);
    cJSON_AddNumberToObject(o, "game", (double)d->game);
    cJSON_AddNumberToObject(o, "team", (double)d->team);
    cJSON_AddBoolToObject(o, "swap", d->swap);
    cJSON_AddStringToObject(o, "how", d->how ? d->how : "");
    return proto__done(o);
}

char *proto_enc_team_created(int64_t id, int64_t team, const char *token)
{
    cJSON *o = proto__head("created", true, id);
    cJSON_AddNumberToObject(o, "team", (double)team);
    cJSON_AddStringToObject(o, "token", token);
    return proto__done(o);
}

char *proto_enc_authed_team(int64_t id, int64_t team, int64_t tournament)
{
    cJSON *o = proto__head("authed", true, id);
    cJSON_AddStringToObject(o, "role", "team");
    cJSON_AddNumberToObject(o, "team", (double)team);
    cJSON_AddNumberToObject(o, "tournament", (double)tournament);
    return proto__done(o);
}

char *proto_enc_result_log(int64_t id, int64_t game, const proto_result_set *v, int n)
{
    cJSON *o = proto__head("result_log", true, id);
    cJSON_AddNumberToObject(o, "game", (double)game);
    cJSON *a = cJSON_AddArrayToObject(o, "entries");
    for (int i = 0; i < n; i++) {
        cJSON *x = proto__obj();
        cJSON_AddNumberToObject(x, "at_ms", (double)v[i].at_ms);
        cJSON_AddStringToObject(x, "result", v[i].result);
        cJSON_AddStringToObject(x, "reason", v[i].reason);
        cJSON_AddStringToObject(x, "was", v[i].was);
        cJSON_AddStringToObject(x, "who", v[i].who);
        cJSON_AddStringToObject(x, "page", v[i].page);
        cJSON_AddItemToArray(a, x);
    }
    return proto__done(o);
}

char *proto_enc_tournament(bool has_id, int64_t id, const proto_tour_snap *s)
{
    cJSON *o = proto__head("tournament", has_id, id);
    cJSON_AddNumberToObject(o, "tournament", (double)s->tournament);
    cJSON_AddStringToObject(o, "name", s->name ? s->name : "");
    cJSON_AddStringToObject(o, "status", s->status);
    cJSON_AddStringToObject(o, "format", s->format);
    cJSON_AddBoolToObject(o, "fallback", s->fallback);
    cJSON_AddNumberToObject(o, "rounds", s->rounds);
    cJSON_AddNumberToObject(o, "round", s->round);
    cJSON_AddNumberToObject(o, "late_until", s->late_until);
    cJSON_AddNumberToObject(o, "bye_requests", s->bye_requests);
    cJSON_AddStringToObject(o, "bye_kind", s->bye_kind ? s->bye_kind : "half");
    if (s->sched_round && s->sched_ms > 0) {
        cJSON *sc = cJSON_AddObjectToObject(o, "schedule");
        cJSON_AddNumberToObject(sc, "round", s->sched_round);
        cJSON_AddNumberToObject(sc, "start_ms", (double)s->sched_ms);
    } else {
        cJSON_AddNullToObject(o, "schedule");
    }
    cJSON_AddNumberToObject(o, "base_ms", (double)s->base_ms);
    cJSON_AddNumberToObject(o, "inc_ms", (double)s->inc_ms);
    cJSON_AddNumberToObject(o, "wait_s", (double)s->wait_s);
    cJSON_AddNumberToObject(o, "break_s", (double)s->break_s);
    cJSON_AddStringToObject(o, "ruleset", s->ruleset ? s->ruleset : "");
    cJSON *t = cJSON_AddArrayToObject(o, "teams");
    for (int i = 0; i < s->n_teams; i++) {
        const proto_tteam *x = &s->teams[i];
        cJSON *j = proto__obj();
        cJSON_AddNumberToObject(j, "team", (double)x->team);
        cJSON_AddNumberToObject(j, "no", x->no);
        cJSON_AddStringToObject(j, "name", x->name ? x->name : "");
        cJSON *p = cJSON_AddArrayToObject(j, "players");
        cJSON *r = cJSON_AddArrayToObject(j, "ratings");
        for (int k = 0; k < 2; k++) {
            cJSON_AddItemToArray(p, cJSON_CreateString(x->players[k] ? x->players[k] : ""));
            cJSON_AddItemToArray(r, cJSON_CreateNumber(x->ratings[k]));
        }
        cJSON_AddNumberToObject(j, "withdrawn", x->withdrawn);
        cJSON_AddNumberToObject(j, "entry", x->entry > 1 ? x->entry : 1);
        cJSON *b = cJSON_AddArrayToObject(j, "byes");
        for (int k = 0; k < x->n_byes; k++)
            cJSON_AddItemToArray(b, cJSON_CreateNumber(x->byes[k]));
        if (x->link)
            cJSON_AddStringToObject(j, "link", x->link);
        cJSON_AddItemToArray(t, j);
    }
    if (s->current) {
        cJSON *c = cJSON_AddObjectToObject(o, "current");
        round_body(c, s->current, NULL, 0);
    } else {
        cJSON_AddNullToObject(o, "current");
    }
    if (s->standings) {
        cJSON *c = cJSON_AddObjectToObject(o, "standings");
        standings_body(c, s->standings);
    } else {
        cJSON_AddNullToObject(o, "standings");
    }
    cJSON *hist = cJSON_AddArrayToObject(o, "history");
    for (int i = 0; i < s->n_history; i++) {
        cJSON *c = proto__obj();
        round_body(c, &s->history[i], NULL, 0);
        cJSON_AddItemToArray(hist, c);
    }
    cJSON_AddNumberToObject(o, "v", (double)s->v);
    return proto__done(o);
}

char *proto_enc_export(int64_t id, const char *format, int64_t game, int64_t tournament,
                       const char *text)
{
    cJSON *o = proto__head("export", true, id);
    cJSON_AddStringToObject(o, "format", format);
    if (game > 0)
        cJSON_AddNumberToObject(o, "game", (double)game);
    if (tournament > 0)
        cJSON_AddNumberToObject(o, "tournament", (double)tournament);
    cJSON_AddStringToObject(o, "text", text ? text : "");
    return proto__done(o);
}

char *proto_enc_live(bool has_id, int64_t id, const proto_live_row *rows, int n, int64_t server_ms)
{
    cJSON *o = proto__head("live", has_id, id);
    cJSON_AddNumberToObject(o, "server_ms", (double)server_ms);
    cJSON *a = cJSON_AddArrayToObject(o, "games");
    for (int i = 0; i < n; i++) {
        const proto_live_row *r = &rows[i];
        cJSON *x = proto__obj();
        cJSON_AddNumberToObject(x, "game", (double)r->game);
        if (r->tournament > 0) {
            cJSON_AddNumberToObject(x, "tournament", (double)r->tournament);
            cJSON_AddNumberToObject(x, "round", r->round);
            cJSON_AddNumberToObject(x, "match", r->match);
            cJSON_AddNumberToObject(x, "game_no", r->game_no);
        } else {
            cJSON_AddNullToObject(x, "tournament");
        }
        cJSON *t = cJSON_AddArrayToObject(x, "teams");
        for (int k = 0; k < 2; k++)
            cJSON_AddItemToArray(t, r->teams[k] ? cJSON_CreateString(r->teams[k])
                                                : cJSON_CreateNull());
        cJSON *p = cJSON_AddArrayToObject(x, "players");
        for (int k = 0; k < 4; k++)
            cJSON_AddItemToArray(p, cJSON_CreateString(r->names[k] ? r->names[k] : ""));
        cJSON *c = cJSON_AddArrayToObject(x, "clock_ms");
        for (int k = 0; k < 4; k++)
            cJSON_AddItemToArray(c, cJSON_CreateNumber((double)r->clock_ms[k]));
        proto__ints(x, "running", r->running, 2);
        proto__ints(x, "ply", r->ply, 2);
        cJSON_AddBoolToObject(x, "paused", r->paused);
        cJSON_AddStringToObject(x, "kind", r->chess ? "chess" : "bughouse");
        cJSON_AddItemToArray(a, x);
    }
    return proto__done(o);
}
