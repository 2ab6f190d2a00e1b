/* bot.c: the bot pool (bot.h): team connections that receive assign messages, seat
 * connections that play, random move choice with a bias, optional UCI engine (bot_uci.c);
 * seats played by CECP engines are driven from bot_seat_cecp.c.
 * SPDX-License-Identifier: MIT
 * Every position comes from the server's FEN (state and move messages); a move is only sent
 * for the ply the server last reported and only when it is this seat's turn there. */
#include "bot.h"

#include <cjson/cJSON.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot_int.h"
#include "rules.h"

#define RECONNECT_MS 500

long long bot__mono_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static uint64_t rnd(bot_pool *p)
{
    /* xorshift64* */
    p->rng ^= p->rng >> 12;
    p->rng ^= p->rng << 25;
    p->rng ^= p->rng >> 27;
    return p->rng * 0x2545F4914F6CDD1DULL;
}

bot_pool *bot_pool_new(wsc_ctx *x, const bot_opts *o)
{
    bot_pool *p = calloc(1, sizeof *p);
    if (!p)
        abort();
    p->x = x;
    p->o = *o;
    p->rng = o->seed ? o->seed : 0x1234567ULL;
    if (o->uci) {
        p->eng = bot_engine_open(o->uci);
        if (!p->eng)
            fprintf(stderr, "bot: engine \"%s\" did not start: random moves\n", o->uci);
    }
    return p;
}

void bot_pool_free(bot_pool *p)
{
    if (!p)
        return;
    for (int i = 0; i < p->ns; i++) {
        wsc_free(p->s[i].c);
        cecp_close(p->s[i].eng);
    }
    for (int i = 0; i < p->nt; i++)
        wsc_free(p->t[i].c);
    bot_engine_close(p->eng);
    free(p->s);
    free(p->t);
    free(p);
}

void bot_pool_stats(const bot_pool *p, bot_stats *out)
{
    *out = p->st;
    out->seats_live = 0;
    out->seats_left = 0;
    for (int i = 0; i < p->ns; i++) {
        out->seats_live += p->s[i].c && !p->s[i].done;
        out->seats_left += !p->s[i].done;
    }
}

void bot_pool_add_team(bot_pool *p, const char *token)
{
    if (p->nt == p->capt) {
        p->capt = p->capt ? 2 * p->capt : 8;
        p->t = realloc(p->t, (size_t)p->capt * sizeof *p->t);
        if (!p->t)
            abort();
    }
    team_conn *t = &p->t[p->nt++];
    memset(t, 0, sizeof *t);
    snprintf(t->token, sizeof t->token, "%s", token);
}

static seat_conn *seat_find(bot_pool *p, int64_t game, int seat)
{
    for (int i = 0; i < p->ns; i++)
        if (p->s[i].game == game && p->s[i].seat == seat)
            return &p->s[i];
    return NULL;
}

static seat_conn *seat_add(bot_pool *p, const char *token, int64_t game, int seat)
{
    seat_conn *s = seat >= 0 ? seat_find(p, game, seat) : NULL;
    if (s) {
        snprintf(s->token, sizeof s->token, "%s", token); /* a fresh token after a reconnect */
        return s;
    }
    /* Reuse the slot of a finished seat: a long event must not grow without bound. */
    for (int i = 0; i < p->ns && !s; i++)
        if (p->s[i].done && !p->s[i].c && !p->s[i].replaced)
            s = &p->s[i];
    if (!s) {
        if (p->ns == p->caps) {
            p->caps = p->caps ? 2 * p->caps : 16;
            p->s = realloc(p->s, (size_t)p->caps * sizeof *p->s);
            if (!p->s)
                abort();
        }
        s = &p->s[p->ns++];
    }
    memset(s, 0, sizeof *s);
    snprintf(s->token, sizeof s->token, "%s", token);
    s->game = game;
    s->seat = seat;
    s->sent_ply = -1;
    s->next_id = 1;
    return s;
}

void bot_pool_add_seat(bot_pool *p, const char *token, int64_t game)
{
    seat_add(p, token, game, -1);
}

/* ---- sending ------------------------------------------------------------------------------ */

void bot__send_fmt(wsc *c, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    wsc_send(c, buf);
}

static void seat_connect(bot_pool *p, seat_conn *s, long long now)
{
    s->c = wsc_connect(p->x, &p->o.server, 3000);
    if (!s->c) {
        s->retry_at = now + RECONNECT_MS;
        return;
    }
    bot__send_fmt(s->c, "{\"type\":\"auth\",\"id\":%lld,\"token\":\"%s\"}", (long long)s->next_id++,
                  s->token);
    bot__send_fmt(s->c, "{\"type\":\"join\",\"id\":%lld,\"game\":%lld}", (long long)s->next_id++,
                  (long long)s->game);
}

/* ---- move choice ------------------------------------------------------------------------ */

/* Random legal move with a bias: mate > check > capture > drop > other. Castling is left
 * out (whether a dropped rook may castle depends on the ruleset; never risk it). Returns
 * BH_MOVE_NONE when no move is worth sending (no legal move: P-WAIT). */
static bh_move choose(bot_pool *p, const bh_pos *pos)
{
    static bh_move mv[BH_MAX_MOVES];
    int n = bh_gen_legal(pos, mv);
    bh_move best = BH_MOVE_NONE;
    uint64_t best_w = 0;
    for (int i = 0; i < n; i++) {
        if (bh_move_kind(mv[i]) == BH_MK_CASTLE)
            continue;
        bh_pos q = *pos;
        bh_undo u;
        bh_make(&q, mv[i], &u);
        uint64_t w = 1;
        if (bh_undo_handed(&u) != BH_NO_PIECE)
            w += 6;
        if (bh_move_is_drop(mv[i]))
            w += 2;
        if (bh_in_check(&q)) {
            w += 8;
            if (bh_is_mate(&q)) /* the model's mate: bughouse mate, or checkmate in chess */
                w += 10000;
        }
        /* weighted reservoir: key = w * random */
        uint64_t k = w * (rnd(p) >> 20);
        if (k >= best_w) {
            best_w = k;
            best = mv[i];
        }
    }
    return best;
}

static void maybe_move(bot_pool *p, seat_conn *s, long long now)
{
    if (p->o.cecp) {
        bot__cecp_turn(p, s, now);
        return;
    }
    if (!s->c || s->done || !s->live || !s->have_pos || s->seat < 0)
        return;
    int colour = s->seat & 1;
    if ((int)bh_side_to_move(&s->pos) != colour || s->sent_ply == s->ply) {
        s->move_at = 0;
        return;
    }
    if (!s->move_at) {
        int pace = p->o.pace_ms > 1 ? p->o.pace_ms : 1;
        s->move_at = now + pace / 2 + (long long)(rnd(p) % (uint64_t)(pace / 2 + 1));
        return;
    }
    if (now < s->move_at)
        return;
    s->move_at = 0;
    bh_move m = BH_MOVE_NONE;
    if (p->eng)
        m = bot_engine_move(p->eng, &s->pos, p->o.movetime_ms);
    if (m == BH_MOVE_NONE || !bh_is_legal(&s->pos, m))
        m = choose(p, &s->pos);
    if (m == BH_MOVE_NONE)
        return; /* P-WAIT: nothing legal now; a partner's capture may change that (in chess
                 * mate or stalemate: the server ends the game) */
    char uci[BH_UCI_MAX];
    bh_move_to_uci(m, uci);
    bot__send_fmt(s->c,
                  "{\"type\":\"move\",\"id\":%lld,\"game\":%lld,\"board\":\"%c\",\"ply\":%d,"
                  "\"move\":\"%s\"}",
                  (long long)s->next_id++, (long long)s->game, s->seat >> 1 ? 'B' : 'A', s->ply,
                  uci);
    s->sent_ply = s->ply;
    p->st.moves_sent++;
}

/* ---- receiving ---------------------------------------------------------------------------- */

const char *bot__jstr(const cJSON *o, const char *k)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

double bot__jnum(const cJSON *o, const char *k, double def)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    return cJSON_IsNumber(v) ? v->valuedouble : def;
}

static void set_fen(seat_conn *s, const char *fen)
{
    bh_options opt = BH_OPTIONS_DEFAULT;
    if (s->chess)
        opt.model = BH_MODEL_CHESS;
    bh_fen_error fe;
    if (fen && bh_pos_from_fen(&s->pos, fen, &opt, &fe) == 0)
        s->have_pos = true;
}

static void seat_done(bot_pool *p, seat_conn *s)
{
    bot__cecp_done(s);
    if (!s->done)
        p->st.games_done++;
    s->done = true;
    s->live = false;
    wsc_free(s->c);
    s->c = NULL;
}

static void seat_msg(bot_pool *p, seat_conn *s, const char *text)
{
    cJSON *o = cJSON_Parse(text);
    const char *type = o ? bot__jstr(o, "type") : NULL;
    if (!type)
        goto out;
    if (strcmp(type, "authed") == 0) {
        s->seat = (int)bot__jnum(o, "seat", -1);
    } else if (strcmp(type, "state") == 0) {
        const char *st = bot__jstr(o, "status");
        int you = (int)bot__jnum(o, "you", -1);
        if (you >= 0)
            s->seat = you;
        if (st && strcmp(st, "finished") == 0) {
            seat_done(p, s);
            goto out;
        }
        s->live = st && strcmp(st, "live") == 0;
        const char *kind = bot__jstr(o, "kind");
        s->chess = kind && strcmp(kind, "chess") == 0;
        const cJSON *b =
            cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(o, "boards"), s->seat >> 1);
        if (b && s->seat >= 0) {
            set_fen(s, bot__jstr(b, "fen"));
            s->ply = (int)bot__jnum(b, "ply", 0);
            s->sent_ply = -1; /* a fresh state: whatever we sent is settled */
        }
        if (p->o.cecp)
            bot__cecp_state(p, s, o);
    } else if (strcmp(type, "start") == 0) {
        s->live = true;
    } else if (strcmp(type, "move") == 0 && s->seat >= 0) {
        const cJSON *f = cJSON_GetObjectItemCaseSensitive(o, "fen");
        set_fen(s, cJSON_IsArray(f) ? cJSON_GetArrayItem(f, s->seat >> 1)->valuestring : NULL);
        const char *board = bot__jstr(o, "board");
        if (board && board[0] - 'A' == s->seat >> 1)
            s->ply = (int)bot__jnum(o, "ply", 0) + 1;
        if (p->o.cecp)
            bot__cecp_move(s, o);
    } else if (strcmp(type, "chat") == 0 && p->o.cecp) {
        bot__cecp_chat(p, s, o);
    } else if (strcmp(type, "ack") == 0) {
        if (cJSON_GetObjectItemCaseSensitive(o, "board"))
            p->st.moves_acked++;
    } else if (strcmp(type, "result") == 0) {
        seat_done(p, s);
    } else if (strcmp(type, "error") == 0) {
        p->st.errors++;
        const char *code = bot__jstr(o, "code");
        if (p->o.verbose && !(code && strcmp(code, "session_replaced") == 0))
            fprintf(stderr, "bot: game %lld seat %d: error %s\n", (long long)s->game, s->seat,
                    code ? code : "?");
        if (code && strcmp(code, "game_over") == 0) {
            seat_done(p, s);
        } else if (code && strcmp(code, "illegal_move") == 0 && bot__cecp_refused(p, s)) {
            /* the engine lost: the ruleset refused its illegal move instead of ending the game */
        } else if (code && (strcmp(code, "session_replaced") == 0 ||
                            strcmp(code, "replace_throttled") == 0)) {
            /* Someone else plays this seat (a person opened its link): taking it back would
             * start a war of reconnections; give it up (protocol/errors.md). */
            fprintf(stderr,
                    "bughouse-bot: game %lld seat %d is played from another connection (%s): "
                    "this bot gives the seat up\n",
                    (long long)s->game, s->seat, code);
            p->st.replaced++;
            s->replaced = true;
            seat_done(p, s);
        } else if (s->c) {
            /* Whatever went wrong, ask for the server's state again. */
            s->sent_ply = -1;
            bot__send_fmt(s->c, "{\"type\":\"join\",\"id\":%lld,\"game\":%lld}",
                          (long long)s->next_id++, (long long)s->game);
        }
    }
out:
    cJSON_Delete(o);
}

static void team_msg(bot_pool *p, team_conn *t, const char *text)
{
    cJSON *o = cJSON_Parse(text);
    const char *type = o ? bot__jstr(o, "type") : NULL;
    if (type && strcmp(type, "assign") == 0) {
        int64_t game = (int64_t)bot__jnum(o, "game", 0);
        const cJSON *seat;
        cJSON_ArrayForEach(seat, cJSON_GetObjectItemCaseSensitive(o, "seats"))
        {
            const char *tok = bot__jstr(seat, "token");
            if (tok && game > 0)
                seat_add(p, tok, game, (int)bot__jnum(seat, "seat", -1));
        }
    } else if (type && strcmp(type, "game2_choice") == 0 && t->c) {
        /* P-GAME2: our team lost game 1; answer at once (T-AUTO need not wait for the
         * deadline): keep the colours after odd game ids, swap after even ones, so both
         * choices get played. */
        int64_t game = (int64_t)bot__jnum(o, "game", 0);
        bot__send_fmt(t->c, "{\"type\":\"game2_colors\",\"id\":2,\"game\":%lld,\"swap\":%s}",
                      (long long)game, game % 2 ? "false" : "true");
    } else if (type && strcmp(type, "error") == 0 && p->o.verbose) {
        fprintf(stderr, "bot: team connection: %s\n", text);
    }
    cJSON_Delete(o);
}

void bot_pool_step(bot_pool *p)
{
    long long now = bot__mono_ms();
    for (int i = 0; i < p->nt; i++) {
        team_conn *t = &p->t[i];
        if (t->c && wsc_closed(t->c)) {
            wsc_free(t->c);
            t->c = NULL;
            t->retry_at = now + RECONNECT_MS;
            p->st.reconnects++;
        }
        if (!t->c && now >= t->retry_at) {
            t->c = wsc_connect(p->x, &p->o.server, 3000);
            if (t->c)
                bot__send_fmt(t->c, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", t->token);
            else
                t->retry_at = now + RECONNECT_MS;
        }
        char *m;
        while (t->c && (m = wsc_recv(t->c, 0)) != NULL) {
            team_msg(p, t, m);
            free(m);
        }
    }
    for (int i = 0; i < p->ns; i++) {
        seat_conn *s = &p->s[i];
        if (s->done)
            continue;
        if (s->c && wsc_closed(s->c)) {
            wsc_free(s->c);
            s->c = NULL;
            s->live = false;
            s->retry_at = now + RECONNECT_MS;
            p->st.reconnects++;
        }
        if (!s->c && now >= s->retry_at)
            seat_connect(p, s, now);
        char *m;
        while (s->c && (m = wsc_recv(s->c, 0)) != NULL) {
            seat_msg(p, s, m);
            free(m);
        }
        maybe_move(p, s, now);
    }
}
