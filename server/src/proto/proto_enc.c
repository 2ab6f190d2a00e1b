/* proto_enc.c: encoders of server messages (protocol/messages/).
 * SPDX-License-Identifier: MIT
 * Each builds a cJSON tree, prints it compactly and frees the tree; the caller owns the
 * returned string (free()). Key order is fixed, so the output is deterministic. The two a
 * move costs every seat (ack, move) are written straight into a buffer instead: a tree is
 * two dozen allocations, freed at once. */
#include "proto.h"
#include "proto_int.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "buf.h"
#include "xalloc.h"

cJSON *proto__obj(void)
{
    cJSON *o = cJSON_CreateObject();
    if (!o)
        abort(); /* OOM is fatal (STYLE.md section 6) */
    return o;
}

cJSON *proto__head(const char *type, bool has_id, int64_t id)
{
    cJSON *o = proto__obj();
    cJSON_AddStringToObject(o, "type", type);
    if (has_id)
        cJSON_AddNumberToObject(o, "id", (double)id);
    return o;
}

static void num(cJSON *o, const char *k, int64_t v)
{
    cJSON_AddNumberToObject(o, k, (double)v);
}

void proto__str_or_null(cJSON *o, const char *k, const char *v)
{
    if (v)
        cJSON_AddStringToObject(o, k, v);
    else
        cJSON_AddNullToObject(o, k);
}

static void nums(cJSON *o, const char *k, const int64_t *v, int n)
{
    cJSON *a = cJSON_AddArrayToObject(o, k);
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(a, cJSON_CreateNumber((double)v[i]));
}

void proto__ints(cJSON *o, const char *k, const int *v, int n)
{
    cJSON *a = cJSON_AddArrayToObject(o, k);
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(a, cJSON_CreateNumber(v[i]));
}

/* Every integral number of o (|n| <= 2^53: every integer a double holds exactly; ids are
 * 0..2^53-1, protocol/README.md) goes out as raw digits. cJSON 1.7.15's print_number prints
 * every number with "%1.15g" and reads it back with sscanf (then "%1.17g" when that differs):
 * a float print and a scan for each of a move's dozen integers, several percent of its CPU;
 * and 15 significant digits print 9007199254740991 (an id at PROTO_ID_MAX) as
 * 9.00719925474099e+15, another number. Raw digits are exact and cost a division a digit. */
static void exact_ints(cJSON *o)
{
    for (cJSON *c = o->child; c; c = c->next) {
        double d = c->valuedouble;
        if (cJSON_IsNumber(c) && fabs(d) <= 9007199254740992.0 && d == floor(d)) {
            /* malloc'd by buf, and cJSON_Delete frees valuestring with free() (no cJSON
             * hooks are installed) */
            buf digits = {0};
            buf_i64(&digits, (long long)d);
            c->type = cJSON_Raw;
            c->valuestring = digits.p;
        } else if (c->child) {
            exact_ints(c);
        }
    }
}

char *proto__done(cJSON *o)
{
    exact_ints(o);
    char *s = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    if (!s)
        abort();
    /* cJSON allocates with malloc by default (no hooks installed), so free() is right. */
    return s;
}

static const char *board_name(int b)
{
    return b == 0 ? "A" : b == 1 ? "B" : NULL;
}

/* ---- written straight, without a tree ----------------------------------------------------
 * Strings escaped as cJSON_PrintUnformatted escapes them (RFC 8259 section 7: the quote, the
 * backslash and every control character; the rest, UTF-8 included, as is), so a message reads
 * the same whichever way it was written. */
#define PUT(b, lit) buf_put((b), (lit), sizeof(lit) - 1)

static void put_str(buf *b, const char *s)
{
    if (!s) {
        PUT(b, "null");
        return;
    }
    PUT(b, "\"");
    const char *run = s;
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        buf_put(b, run, (size_t)(s - run));
        run = s + 1;
        switch (c) {
        case '"': PUT(b, "\\\""); break;
        case '\\': PUT(b, "\\\\"); break;
        case '\b': PUT(b, "\\b"); break;
        case '\f': PUT(b, "\\f"); break;
        case '\n': PUT(b, "\\n"); break;
        case '\r': PUT(b, "\\r"); break;
        case '\t': PUT(b, "\\t"); break;
        default: {
            char u[7];
            snprintf(u, sizeof u, "\\u%04x", c);
            buf_put(b, u, 6);
        }
        }
    }
    buf_put(b, run, (size_t)(s - run));
    PUT(b, "\"");
}

/* ,"key":v for an integer v; key a literal. */
#define PUT_INT(b, key, v)                                                                         \
    do {                                                                                           \
        PUT(b, ",\"" key "\":");                                                                   \
        buf_i64((b), (long long)(v));                                                              \
    } while (0)

/* [v0,...] of n integers. */
static void put_ints(buf *b, const int64_t *v, int n)
{
    PUT(b, "[");
    for (int i = 0; i < n; i++) {
        if (i)
            PUT(b, ",");
        buf_i64(b, v[i]);
    }
    PUT(b, "]");
}

cJSON *proto__error(bool has_id, int64_t id, int code, const char *field, const char *message)
{
    cJSON *o = proto__head("error", has_id, id);
    cJSON_AddStringToObject(o, "code", bh_errname(code));
    cJSON_AddStringToObject(o, "message", message ? message : bh_strerror(code));
    if (field && field[0])
        cJSON_AddStringToObject(o, "field", field);
    return o;
}

char *proto_enc_error(bool has_id, int64_t id, int code, const char *field)
{
    return proto_enc_error_msg(has_id, id, code, field, NULL);
}

char *proto_enc_error_msg(bool has_id, int64_t id, int code, const char *field, const char *message)
{
    return proto_enc_error_retry(has_id, id, code, field, message, -1);
}

char *proto_enc_error_retry(bool has_id, int64_t id, int code, const char *field,
                            const char *message, int64_t retry_ms)
{
    cJSON *o = proto__error(has_id, id, code, field, message);
    if (retry_ms >= 0)
        num(o, "retry_ms", retry_ms);
    return proto__done(o);
}

char *proto_enc_moved(bool has_id, int64_t id, const char *field, const char *node)
{
    char message[128];
    snprintf(message, sizeof message, "node %s runs this game: connect to it", node);
    cJSON *o = proto__error(has_id, id, BH_EMOVED, field, message);
    cJSON_AddStringToObject(o, "node", node);
    return proto__done(o);
}

char *proto_enc_authed(int64_t id, const char *role, int64_t game, int seat)
{
    cJSON *o = proto__head("authed", true, id);
    cJSON_AddStringToObject(o, "role", role);
    if (game >= 0) {
        num(o, "game", game);
        num(o, "seat", seat);
    }
    return proto__done(o);
}

char *proto_enc_authed_name(int64_t id, const char *role, const char *name, int64_t expires_ms)
{
    cJSON *o = proto__head("authed", true, id);
    cJSON_AddStringToObject(o, "role", role);
    cJSON_AddStringToObject(o, "name", name);
    if (expires_ms > 0)
        num(o, "expires_ms", expires_ms);
    return proto__done(o);
}

char *proto_enc_session(int64_t id, const char *token, const char *name, int64_t expires_ms)
{
    cJSON *o = proto__head("session", true, id);
    cJSON_AddStringToObject(o, "token", token);
    cJSON_AddStringToObject(o, "name", name);
    num(o, "expires_ms", expires_ms);
    return proto__done(o);
}

char *proto_enc_rating_reply(int64_t id, const char *name, double rating, double rd,
                             bool provisional, int64_t games)
{
    cJSON *o = proto__head("rating_reply", true, id);
    cJSON_AddStringToObject(o, "name", name);
    num(o, "rating", (int64_t)llround(rating));
    num(o, "rd", (int64_t)llround(rd));
    cJSON_AddBoolToObject(o, "provisional", provisional);
    num(o, "games", games);
    return proto__done(o);
}

char *proto_enc_profile_reply(int64_t id, const char *name, double rating, double rd,
                              bool provisional, int64_t games, const proto_profile_game *rated,
                              size_t n)
{
    static const char *const results[] = {"loss", "draw", "win"};
    cJSON *o = proto__head("profile_reply", true, id);
    cJSON_AddStringToObject(o, "name", name);
    num(o, "rating", (int64_t)llround(rating));
    num(o, "rd", (int64_t)llround(rd));
    cJSON_AddBoolToObject(o, "provisional", provisional);
    num(o, "games", games);
    cJSON *hist = cJSON_AddArrayToObject(o, "history");
    for (size_t i = n; i-- > 0;) {
        cJSON *p = proto__obj();
        num(p, "at_ms", rated[i].at_ms);
        num(p, "rating", (int64_t)llround(rated[i].after));
        num(p, "rd", (int64_t)llround(rated[i].rd));
        cJSON_AddItemToArray(hist, p);
    }
    cJSON *list = cJSON_AddArrayToObject(o, "rated");
    for (size_t i = 0; i < n; i++) {
        const proto_profile_game *g = &rated[i];
        cJSON *p = proto__obj();
        num(p, "game", g->game);
        num(p, "at_ms", g->at_ms);
        cJSON_AddStringToObject(p, "partner", g->partner);
        cJSON *opp = cJSON_AddArrayToObject(p, "opponents");
        for (int k = 0; k < 2; k++)
            cJSON_AddItemToArray(opp, cJSON_CreateString(g->opponents[k]));
        cJSON_AddStringToObject(p, "result",
                                results[g->result >= 0 && g->result <= 2 ? g->result : 1]);
        num(p, "before", (int64_t)llround(g->before));
        num(p, "after", (int64_t)llround(g->after));
        num(p, "rd", (int64_t)llround(g->rd));
        cJSON_AddItemToArray(list, p);
    }
    return proto__done(o);
}

char *proto_enc_ack(int64_t id, int64_t game, int board, int ply, int64_t seq)
{
    buf b = {0};
    PUT(&b, "{\"type\":\"ack\"");
    PUT_INT(&b, "id", id);
    if (game >= 0) {
        PUT_INT(&b, "game", game);
        PUT(&b, ",\"board\":");
        put_str(&b, board ? "B" : "A");
        PUT_INT(&b, "ply", ply);
        PUT_INT(&b, "seq", seq);
    }
    PUT(&b, "}");
    return b.p;
}

char *proto_enc_pong(int64_t id, int64_t server_ms)
{
    cJSON *o = proto__head("pong", true, id);
    num(o, "server_ms", server_ms);
    return proto__done(o);
}

char *proto_enc_created(int64_t id, const char *what, int64_t value)
{
    cJSON *o = proto__head("created", true, id);
    num(o, what, value);
    return proto__done(o);
}

char *proto_enc_game_created(int64_t id, int64_t game, const char *const tokens[], int n)
{
    cJSON *o = proto__head("game_created", true, id);
    num(o, "game", game);
    cJSON *a = cJSON_AddArrayToObject(o, "tokens");
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(a, cJSON_CreateString(tokens[i]));
    return proto__done(o);
}

char *proto_enc_games(int64_t id, const proto_game_row *rows, size_t n)
{
    cJSON *o = proto__head("games", true, id);
    cJSON *a = cJSON_AddArrayToObject(o, "games");
    for (size_t i = 0; i < n; i++) {
        cJSON *g = cJSON_CreateObject();
        num(g, "game", rows[i].game);
        cJSON_AddStringToObject(g, "status", rows[i].status);
        proto__str_or_null(g, "result", rows[i].result);
        proto__str_or_null(g, "reason", rows[i].reason);
        proto__str_or_null(g, "recovery", rows[i].recovery);
        cJSON_AddItemToArray(a, g);
    }
    return proto__done(o);
}

/* A chat line's fields (the push and the state's list): its anchors only when known. */
static void chat_fields(cJSON *x, const proto_chat_line *c)
{
    num(x, "seat", c->seat);
    cJSON_AddStringToObject(x, "text", c->text);
    num(x, "server_ms", c->t_ms);
    if (c->ply[0] >= 0 && c->ply[1] >= 0) {
        cJSON *p = cJSON_AddArrayToObject(x, "ply");
        cJSON_AddItemToArray(p, cJSON_CreateNumber(c->ply[0]));
        cJSON_AddItemToArray(p, cJSON_CreateNumber(c->ply[1]));
    }
    if (c->game_ms >= 0)
        num(x, "game_ms", c->game_ms);
}

/* A seat's or seek's rating fields: rating, rd, provisional; none when rd is 0 (a guest). */
static void rating_fields(cJSON *o, double rating, double rd, bool provisional)
{
    if (rd <= 0)
        return;
    num(o, "rating", (int64_t)llround(rating)); /* rounded as rating_reply's */
    num(o, "rd", (int64_t)llround(rd));
    cJSON_AddBoolToObject(o, "provisional", provisional);
}

char *proto_enc_state(bool has_id, int64_t id, const proto_state *s)
{
    cJSON *o = proto__head("state", has_id, id);
    num(o, "game", s->game);
    cJSON_AddStringToObject(o, "status", s->status);
    cJSON_AddStringToObject(o, "role", s->role);
    num(o, "you", s->you);
    cJSON_AddStringToObject(o, "kind", s->chess ? "chess" : "bughouse");
    int nboards = s->chess ? 1 : 2, nseats = 2 * nboards;
    cJSON *boards = cJSON_AddArrayToObject(o, "boards");
    for (int b = 0; b < nboards; b++) {
        cJSON *x = cJSON_CreateObject();
        cJSON_AddStringToObject(x, "board", board_name(b));
        cJSON_AddStringToObject(x, "fen", s->fen[b] ? s->fen[b] : "");
        num(x, "ply", s->ply[b]);
        num(x, "running", s->running[b]);
        cJSON_AddItemToArray(boards, x);
    }
    nums(o, "clock_ms", s->clock_ms, nseats);
    num(o, "server_ms", s->server_ms);
    num(o, "base_ms", s->base_ms);
    num(o, "inc_ms", s->inc_ms);
    cJSON *seats = cJSON_AddArrayToObject(o, "seats");
    for (int i = 0; i < nseats; i++) {
        cJSON *x = cJSON_CreateObject();
        num(x, "seat", i);
        cJSON_AddStringToObject(x, "name", s->names[i] ? s->names[i] : "");
        cJSON_AddBoolToObject(x, "connected", s->connected[i]);
        if (s->rated)
            rating_fields(x, s->rating[i].rating, s->rating[i].rd, s->rating[i].provisional);
        cJSON_AddItemToArray(seats, x);
    }
    cJSON *ev = cJSON_AddArrayToObject(o, "events");
    for (size_t i = 0; i < s->n_events; i++) {
        const proto_event *e = &s->events[i];
        cJSON *x = cJSON_CreateObject();
        num(x, "seq", e->seq);
        num(x, "t_ms", e->t_ms);
        cJSON_AddStringToObject(x, "kind", e->kind);
        if (e->seat >= 0)
            num(x, "seat", e->seat);
        if (e->board >= 0)
            cJSON_AddStringToObject(x, "board", board_name(e->board));
        if (e->ply >= 0)
            num(x, "ply", e->ply);
        if (e->text)
            cJSON_AddStringToObject(x, "text", e->text);
        if (e->san)
            cJSON_AddStringToObject(x, "san", e->san);
        if (e->clock_ms >= 0)
            num(x, "clock_ms", e->clock_ms);
        cJSON_AddItemToArray(ev, x);
    }
    proto__str_or_null(o, "result", s->result);
    proto__str_or_null(o, "reason", s->reason);
    proto__str_or_null(o, "recovery", s->recovery);
    proto__str_or_null(o, "result_board",
                       s->result && (s->result_board == 0 || s->result_board == 1)
                           ? board_name(s->result_board)
                           : NULL);
    cJSON_AddBoolToObject(o, "paused", s->paused);
    if (s->ruleset)
        cJSON_AddStringToObject(o, "ruleset", s->ruleset);
    cJSON_AddBoolToObject(o, "premove", s->premove);
    if (s->rated)
        cJSON_AddBoolToObject(o, "rated", true);
    if (s->start_ms > 0)
        num(o, "start_ms", s->start_ms);
    if (s->forfeit_ms > 0)
        num(o, "forfeit_ms", s->forfeit_ms);
    if (s->tour.id > 0) {
        cJSON *t = cJSON_AddObjectToObject(o, "tournament");
        num(t, "tournament", s->tour.id);
        cJSON_AddStringToObject(t, "name", s->tour.name ? s->tour.name : "");
        num(t, "round", s->tour.round);
        num(t, "match", s->tour.match);
        num(t, "game_no", s->tour.game_no);
        cJSON *tn = cJSON_AddArrayToObject(t, "teams");
        for (int i = 0; i < 2; i++)
            cJSON_AddItemToArray(tn, cJSON_CreateString(s->tour.teams[i] ? s->tour.teams[i] : ""));
    }
    if (s->with_chat) {
        cJSON *c = cJSON_AddArrayToObject(o, "chat");
        for (size_t i = 0; i < s->n_chat; i++) {
            cJSON *x = cJSON_CreateObject();
            chat_fields(x, &s->chat[i]);
            cJSON_AddItemToArray(c, x);
        }
    }
    return proto__done(o);
}

char *proto_enc_announcement(bool has_id, int64_t id, const char *text, int64_t team,
                             const char *name, int64_t server_ms, int delivered)
{
    cJSON *o = proto__head("announcement", has_id, id);
    cJSON_AddStringToObject(o, "text", text);
    if (team > 0)
        num(o, "team", team);
    else
        cJSON_AddNullToObject(o, "team");
    proto__str_or_null(o, "name", team > 0 ? name : NULL);
    num(o, "server_ms", server_ms);
    if (has_id)
        num(o, "delivered", delivered);
    return proto__done(o);
}

char *proto_enc_move(const proto_move_ev *m)
{
    buf b = {0};
    PUT(&b, "{\"type\":\"move\"");
    PUT_INT(&b, "game", m->game);
    PUT_INT(&b, "seq", m->seq);
    PUT(&b, ",\"board\":");
    put_str(&b, board_name(m->board));
    PUT_INT(&b, "ply", m->ply);
    PUT_INT(&b, "seat", m->seat);
    PUT(&b, ",\"move\":");
    put_str(&b, m->move);
    PUT(&b, ",\"san\":");
    put_str(&b, m->san);
    PUT(&b, ",\"fen\":[");
    put_str(&b, m->fen[0] ? m->fen[0] : "");
    PUT(&b, ",");
    put_str(&b, m->fen[1] ? m->fen[1] : "");
    PUT(&b, "]");
    PUT(&b, ",\"clock_ms\":");
    put_ints(&b, m->clock_ms, 4);
    const int64_t running[2] = {m->running[0], m->running[1]};
    PUT(&b, ",\"running\":");
    put_ints(&b, running, 2);
    PUT_INT(&b, "t_ms", m->t_ms);
    PUT_INT(&b, "server_ms", m->server_ms);
    PUT(&b, "}");
    return b.p;
}

char *proto_enc_result(int64_t game, const char *result, const char *reason, int board,
                       const int64_t clock_ms[4], int64_t server_ms)
{
    cJSON *o = proto__head("result", false, 0);
    num(o, "game", game);
    cJSON_AddStringToObject(o, "result", result);
    cJSON_AddStringToObject(o, "reason", reason ? reason : "");
    proto__str_or_null(o, "board", board == 0 || board == 1 ? board_name(board) : NULL);
    nums(o, "clock_ms", clock_ms, 4);
    num(o, "server_ms", server_ms);
    return proto__done(o);
}

char *proto_enc_chat(int64_t game, const proto_chat_line *line)
{
    cJSON *o = proto__head("chat", false, 0);
    num(o, "game", game);
    chat_fields(o, line);
    return proto__done(o);
}

char *proto_enc_seat(int64_t game, int seat, bool connected)
{
    cJSON *o = proto__head("seat", false, 0);
    num(o, "game", game);
    num(o, "seat", seat);
    cJSON_AddBoolToObject(o, "connected", connected);
    return proto__done(o);
}

char *proto_enc_start(int64_t game, const int64_t clock_ms[4], const int running[2],
                      int64_t server_ms)
{
    cJSON *o = proto__head("start", false, 0);
    num(o, "game", game);
    nums(o, "clock_ms", clock_ms, 4);
    proto__ints(o, "running", running, 2);
    num(o, "server_ms", server_ms);
    return proto__done(o);
}

char *proto_canon(const char *json)
{
    cJSON *o = cJSON_Parse(json);
    if (!o)
        return NULL;
    return proto__done(o);
}

static cJSON *table_obj(const proto_table_view *t)
{
    cJSON *o = proto__obj();
    num(o, "table", t->table);
    cJSON_AddStringToObject(o, "status",
                            t->rematch   ? "rematch"
                            : t->started ? "started"
                            : t->playing ? "playing"
                                         : "open");
    num(o, "base_ms", t->base_ms);
    num(o, "inc_ms", t->inc_ms);
    cJSON_AddBoolToObject(o, "rated", t->rated);
    cJSON_AddStringToObject(o, "ruleset", t->ruleset);
    cJSON_AddBoolToObject(o, "private", t->priv);
    cJSON_AddStringToObject(o, "creator", t->creator);
    cJSON_AddBoolToObject(o, "mine", t->mine);
    cJSON *seats = cJSON_AddArrayToObject(o, "seats");
    for (int i = 0; i < 4; i++) {
        if (!t->seats[i].name) {
            cJSON_AddItemToArray(seats, cJSON_CreateNull());
            continue;
        }
        cJSON *s = proto__obj();
        cJSON_AddStringToObject(s, "name", t->seats[i].name);
        cJSON_AddBoolToObject(s, "account", t->seats[i].account);
        cJSON_AddBoolToObject(s, "ready", t->seats[i].ready);
        if (t->seats[i].accept)
            cJSON_AddStringToObject(s, "rematch", t->seats[i].accept);
        rating_fields(s, t->seats[i].rating, t->seats[i].rd, t->seats[i].provisional);
        cJSON_AddItemToArray(seats, s);
    }
    if (t->with_expected) /* two decimals: what a page shows of a probability */
        cJSON_AddNumberToObject(o, "expected", (double)(int)(t->expected * 100 + 0.5) / 100);
    num(o, "you", t->you);
    if (t->nqueue > 0) {
        cJSON *q = cJSON_AddArrayToObject(o, "queue");
        for (int i = 0; i < t->nqueue && i < PROTO_QUEUE_MAX; i++)
            cJSON_AddItemToArray(q, cJSON_CreateString(t->queue[i]));
    }
    if (t->rotation) {
        cJSON_AddBoolToObject(o, "rotation", true);
        cJSON *q = cJSON_AddArrayToObject(o, "out");
        for (int i = 0; i < t->nout && i < 4; i++)
            cJSON_AddItemToArray(q, cJSON_CreateString(t->out[i]));
    }
    if (t->link)
        cJSON_AddStringToObject(o, "link", t->link);
    if (t->game > 0)
        num(o, "game", t->game);
    if (t->token)
        cJSON_AddStringToObject(o, "token", t->token);
    return o;
}

char *proto_enc_table(bool has_id, int64_t id, const proto_table_view *t)
{
    cJSON *o = proto__head("table", has_id, id);
    cJSON *x = table_obj(t);
    for (cJSON *c = x->child; c;) { /* the table's fields, after type and id */
        cJSON *next = c->next;
        cJSON_AddItemToObject(o, c->string, cJSON_DetachItemViaPointer(x, c));
        c = next;
    }
    cJSON_Delete(x);
    return proto__done(o);
}

char *proto_enc_lobby(bool has_id, int64_t id, const proto_table_view *t, size_t n,
                      const proto_seek_view *k, size_t ns, int64_t server_ms)
{
    cJSON *o = proto__head("lobby", has_id, id);
    cJSON *a = cJSON_AddArrayToObject(o, "tables");
    for (size_t i = 0; i < n; i++)
        cJSON_AddItemToArray(a, table_obj(&t[i]));
    cJSON *ks = cJSON_AddArrayToObject(o, "seeks");
    for (size_t i = 0; i < ns; i++) {
        cJSON *x = proto__obj();
        num(x, "seek", k[i].seek);
        cJSON_AddStringToObject(x, "name", k[i].name);
        cJSON_AddBoolToObject(x, "account", k[i].account);
        cJSON_AddBoolToObject(x, "mine", k[i].mine);
        rating_fields(x, k[i].rating, k[i].rd, k[i].provisional);
        cJSON_AddItemToArray(ks, x);
    }
    num(o, "server_ms", server_ms);
    return proto__done(o);
}
