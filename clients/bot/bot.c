/* bot.c: the bot pool (bot.h): team connections that receive assign messages, seat
 * connections that play, random move choice with a bias, optional UCI engine (bot_uci.c).
 * SPDX-License-Identifier: MIT
 * Every position comes from the server's FEN (state and move messages); a move is only sent
 * for the ply the server last reported and only when it is this seat's turn there. */
#include "bot.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot_cecp.h"
#include "bot_int.h"
#include "rules.h"

#define RECONNECT_MS 500
#define HUNG_GRACE_MS 5000 /* an engine silent this long past its clock is hung */
/* Engine tells relayed as chat: TELL_PER_S a second after a burst of TELL_BURST (the server
 * allows a connection 20 messages a second, and Fairy-Stockfish tells its partner its clock
 * many times a move), PTELL_CAP a game per seat (the server keeps 1000 chat lines a game). */
#define TELL_PER_S 1.0
#define TELL_BURST 5.0
#define PTELL_CAP 250

typedef struct {
    wsc *c;
    char token[160];
    int64_t game;
    int seat;      /* -1 until authed */
    bool live;     /* the game is live */
    bool done;     /* the game ended (or the seat was given up): nothing more to do */
    bool replaced; /* given up: another connection plays it (its slot is not reused, so a
                    * later assign of the same game does not take the seat back) */
    bool chess;    /* a chess game (state "kind"): one board, FEN without reserve, F-CHESS */
    bh_pos pos;    /* own board as the server last showed it */
    bool have_pos;
    int ply;            /* the board's ply count as the server last showed it */
    int sent_ply;       /* ply we sent a move for, -1 none */
    long long move_at;  /* when to move (ms), 0 = not scheduled */
    long long retry_at; /* reconnect time when closed */
    int64_t next_id;
    /* CECP engine seats (opts.cecp) */
    cecp *eng;       /* this seat's engine, NULL before the game or after it */
    bool eng_failed; /* it could not start or play on: resign when live */
    bool resigned;   /* resign sent */
    int eng_ply;     /* the ply the engine's board is at */
    int clock_ms[4]; /* clocks by seat as the server last showed them */
    int base_ms, inc_ms;
    char partner[65];                  /* the partner seat's name */
    int ptells;                        /* engine tells relayed in this game */
    double tell_tokens;                /* token bucket for relayed tells (TELL_PER_S, TELL_BURST) */
    long long tell_at;                 /* its last refill, ms */
    int tells_dropped;                 /* tells over the rate, not relayed */
    char last_tell[CECP_TEXT_MAX + 1]; /* the engine's last tell (echo suppression) */
    char pending[8];                   /* a virtual drop waiting for its piece, "" none */
} seat_conn;

typedef struct {
    wsc *c;
    char token[160];
    long long retry_at;
} team_conn;

struct bot_pool {
    wsc_ctx *x;
    bot_opts o;
    seat_conn *s;
    int ns, caps;
    team_conn *t;
    int nt, capt;
    uint64_t rng;
    bot_stats st;
    bot_engine *eng; /* UCI engine or NULL */
};

static long long mono_ms(void)
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

static void send_fmt(wsc *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#include <stdarg.h>
static void send_fmt(wsc *c, const char *fmt, ...)
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
    send_fmt(s->c, "{\"type\":\"auth\",\"id\":%lld,\"token\":\"%s\"}", (long long)s->next_id++,
             s->token);
    send_fmt(s->c, "{\"type\":\"join\",\"id\":%lld,\"game\":%lld}", (long long)s->next_id++,
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

static void cecp_turn(bot_pool *p, seat_conn *s, long long now);

static void maybe_move(bot_pool *p, seat_conn *s, long long now)
{
    if (p->o.cecp) {
        cecp_turn(p, s, now);
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
    send_fmt(s->c,
             "{\"type\":\"move\",\"id\":%lld,\"game\":%lld,\"board\":\"%c\",\"ply\":%d,"
             "\"move\":\"%s\"}",
             (long long)s->next_id++, (long long)s->game, s->seat >> 1 ? 'B' : 'A', s->ply, uci);
    s->sent_ply = s->ply;
    p->st.moves_sent++;
}

/* ---- receiving ---------------------------------------------------------------------------- */

static const char *jstr(const cJSON *o, const char *k)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

static double jnum(const cJSON *o, const char *k, double def)
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
    if (s->eng) {
        long long t = cecp_think_ms(s->eng, mono_ms());
        int left = cecp_think_clock_ms(s->eng);
        if (t > 0 && t >= left)
            fprintf(stderr,
                    "bughouse-bot: game %lld seat %d: the game ended while the engine owed a "
                    "move for %lld ms (its clock had %d ms): it hung or sat past its time\n",
                    (long long)s->game, s->seat, t, left);
        if (s->tells_dropped)
            fprintf(stderr,
                    "bughouse-bot: game %lld seat %d: %d engine tells over %.0f a second "
                    "were not relayed\n",
                    (long long)s->game, s->seat, s->tells_dropped, TELL_PER_S);
        cecp_close(s->eng);
        s->eng = NULL;
    }
    if (!s->done)
        p->st.games_done++;
    s->done = true;
    s->live = false;
    wsc_free(s->c);
    s->c = NULL;
}

/* ---- CECP engine seats ------------------------------------------------------------------ */

/* The partner of seat s: 0 (White on A) and 3 (Black on B) are a team, 1 and 2 the other. */
static int partner_of(int s)
{
    return 3 - s;
}

/* text as the body of a JSON string (quotes, backslashes and control bytes escaped). */
static void json_escape(const char *text, char *out, size_t cap)
{
    size_t k = 0;
    for (const unsigned char *t = (const unsigned char *)text; *t && k + 7 < cap; t++) {
        if (*t == '"' || *t == '\\') {
            out[k++] = '\\';
            out[k++] = (char)*t;
        } else if (*t < 0x20) {
            k += (size_t)snprintf(out + k, cap - k, "\\u%04x", *t);
        } else {
            out[k++] = (char)*t;
        }
    }
    out[k] = '\0';
}

static void read_clocks(seat_conn *s, const cJSON *o)
{
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(o, "clock_ms");
    for (int i = 0; i < 4 && cJSON_IsArray(c); i++) {
        const cJSON *v = cJSON_GetArrayItem(c, i);
        if (cJSON_IsNumber(v))
            s->clock_ms[i] = (int)v->valuedouble;
    }
}

static void seat_resign(bot_pool *p, seat_conn *s, const char *why)
{
    if (s->resigned || !s->c || !s->live)
        return;
    fprintf(stderr, "bughouse-bot: game %lld seat %d: resigning: %s\n", (long long)s->game, s->seat,
            why);
    send_fmt(s->c, "{\"type\":\"resign\",\"id\":%lld,\"game\":%lld}", (long long)s->next_id++,
             (long long)s->game);
    s->resigned = true;
    p->st.resigned++;
}

/* The engine can no longer play: log why, stop it, resign (when the game is live; else as
 * soon as it is). */
static void engine_lost(bot_pool *p, seat_conn *s, const char *why)
{
    fprintf(stderr, "bughouse-bot: game %lld seat %d: the engine loses: %s\n", (long long)s->game,
            s->seat, why);
    cecp_close(s->eng);
    s->eng = NULL;
    s->eng_failed = true;
    seat_resign(p, s, why);
}

/* A state for a CECP seat: start the engine and its game, or set its board again when moves
 * were played that it did not see (a reconnect), or bring its holding up to date. */
static void cecp_state(bot_pool *p, seat_conn *s)
{
    if (!p->o.cecp || s->done || s->seat < 0 || !s->have_pos || s->eng_failed)
        return;
    char tag[64];
    snprintf(tag, sizeof tag, "game %lld seat %d", (long long)s->game, s->seat);
    if (s->chess) {
        fprintf(stderr, "bughouse-bot: %s: a chess game; the CECP bridge plays bughouse only\n",
                tag);
        s->eng_failed = true;
        return;
    }
    if (!s->eng) {
        cecp_opts o = {.cmd = p->o.cecp,
                       .mem_mb = p->o.engine_mem_mb > 0 ? p->o.engine_mem_mb : 1024,
                       .handshake_ms = 10000,
                       .tag = tag,
                       .trace = p->o.verbose};
        char why[256];
        if (cecp_open(&o, &s->eng, why, sizeof why) != BH_OK) {
            fprintf(stderr, "bughouse-bot: %s: engine \"%s\" did not start: %s\n", tag, p->o.cecp,
                    why);
            s->eng = NULL;
            s->eng_failed = true;
            return;
        }
        cecp_new_game(s->eng, &s->pos, s->base_ms, s->inc_ms, s->partner);
        s->eng_ply = s->ply;
    } else if (s->eng_ply != s->ply) {
        fprintf(stderr, "bughouse-bot: %s: the engine is at ply %d, the board at %d: setboard\n",
                tag, s->eng_ply, s->ply);
        cecp_new_game(s->eng, &s->pos, s->base_ms, s->inc_ms, s->partner);
        s->eng_ply = s->ply;
        s->pending[0] = '\0';
    } else {
        cecp_reserves(s->eng, &s->pos, "state");
    }
}

/* A move broadcast for a CECP seat (its position already updated): the opponent's move on
 * our board goes to the engine, then the board's reserves if either changed. */
static void cecp_move_seen(seat_conn *s, const cJSON *o)
{
    if (!s->eng)
        return;
    const char *board = jstr(o, "board"), *mv = jstr(o, "move");
    int mover = (int)jnum(o, "seat", -1), ply = (int)jnum(o, "ply", -1);
    if (board && board[0] - 'A' == s->seat >> 1) {
        if (mover != s->seat && mover >= 0 && mover < 4 && mv) {
            if (s->eng_ply == ply) {
                cecp_opponent_move(s->eng, mv, s->clock_ms[s->seat], s->clock_ms[mover], mono_ms());
                s->eng_ply = ply + 1;
            } else {
                s->eng_ply = -1; /* out of step: the next state sets its board again */
            }
        } else {
            s->eng_ply = ply + 1;
        }
    }
    char after[48];
    snprintf(after, sizeof after, "after %c ply %d", board ? board[0] : '?', ply);
    cecp_reserves(s->eng, &s->pos, after);
}

static void send_engine_move(bot_pool *p, seat_conn *s, const char *send)
{
    send_fmt(s->c,
             "{\"type\":\"move\",\"id\":%lld,\"game\":%lld,\"board\":\"%c\",\"ply\":%d,"
             "\"move\":\"%s\"}",
             (long long)s->next_id++, (long long)s->game, s->seat >> 1 ? 'B' : 'A', s->ply, send);
    s->sent_ply = s->ply;
    s->pending[0] = '\0';
    p->st.moves_sent++;
}

/* A virtual drop whose piece has arrived is made now. */
static void cecp_pending(bot_pool *p, seat_conn *s)
{
    bh_move m;
    char uci[BH_UCI_MAX];
    if (s->pending[0] && s->c && s->sent_ply != s->ply &&
        cecp_parse_move(&s->pos, s->pending, &m) == BH_OK) {
        bh_move_to_uci(m, uci);
        if (p->o.verbose)
            fprintf(stderr, "bughouse-bot: game %lld seat %d: the piece came: %s\n",
                    (long long)s->game, s->seat, uci);
        send_engine_move(p, s, uci);
    }
}

/* The engine's move text: sent for the ply it was asked for. Text that is not a move loses; a
 * drop of a piece it does not hold yet waits for the piece (its clock running); any other move
 * that is not legal here is still sent, and the server's ruleset rules on it. */
static void cecp_engine_move(bot_pool *p, seat_conn *s, const char *text)
{
    char why[128];
    bool our_turn = s->live && s->have_pos && (int)bh_side_to_move(&s->pos) == (s->seat & 1);
    if (!our_turn || s->sent_ply == s->ply || s->eng_ply != s->ply) {
        snprintf(why, sizeof why, "it played \"%s\" when no move was asked of it", text);
        engine_lost(p, s, why);
        return;
    }
    bh_move m;
    int rc = cecp_parse_move(&s->pos, text, &m);
    if (rc == BH_EMOVE) {
        snprintf(why, sizeof why, "its move \"%s\" is not a move", text);
        engine_lost(p, s, why);
        return;
    }
    char uci[BH_UCI_MAX];
    const char *send = text;
    if (rc == BH_OK) {
        bh_move_to_uci(m, uci);
        send = uci;
    } else if (cecp_is_virtual_drop(&s->pos, text)) {
        fprintf(stderr,
                "bughouse-bot: game %lld seat %d: the engine drops %s before it has the piece: "
                "the move waits for it\n",
                (long long)s->game, s->seat, text);
        snprintf(s->pending, sizeof s->pending, "%s", text);
        return;
    } else {
        fprintf(stderr,
                "bughouse-bot: game %lld seat %d: the engine's move %s is illegal here "
                "(sent: the server's ruleset rules on it)\n",
                (long long)s->game, s->seat, text);
    }
    send_engine_move(p, s, send);
}

static void cecp_tell(bot_pool *p, seat_conn *s, const char *chat, long long now)
{
    if (!s->tell_at)
        s->tell_tokens = TELL_BURST;
    s->tell_tokens += (double)(now - s->tell_at) * TELL_PER_S / 1000.0;
    if (s->tell_tokens > TELL_BURST)
        s->tell_tokens = TELL_BURST;
    s->tell_at = now;
    if (s->tell_tokens < 1.0) {
        s->tells_dropped++;
        return;
    }
    s->tell_tokens -= 1.0;
    if (s->ptells >= PTELL_CAP) {
        if (s->ptells++ == PTELL_CAP)
            fprintf(stderr,
                    "bughouse-bot: game %lld seat %d: %d tells relayed; the rest of "
                    "this game's are not\n",
                    (long long)s->game, s->seat, PTELL_CAP);
        return;
    }
    s->ptells++;
    if (p->o.verbose)
        fprintf(stderr, "bughouse-bot: game %lld seat %d ptell engine->chat \"%s\"\n",
                (long long)s->game, s->seat, chat);
    snprintf(s->last_tell, sizeof s->last_tell, "%s", chat);
    char esc[CECP_TEXT_MAX * 6 + 8];
    json_escape(chat, esc, sizeof esc);
    send_fmt(s->c, "{\"type\":\"chat\",\"id\":%lld,\"game\":%lld,\"text\":\"%s\"}",
             (long long)s->next_id++, (long long)s->game, esc);
    p->st.ptells_out++;
}

/* A CECP seat's turn in the loop: read what its engine said, ask it for a move when due,
 * and call it hung only when it is silent well past its own clock. */
static void cecp_turn(bot_pool *p, seat_conn *s, long long now)
{
    if (!s->c || s->done || s->seat < 0)
        return;
    if (s->eng_failed) {
        seat_resign(p, s, "the engine cannot play");
        return;
    }
    if (!s->eng)
        return;
    cecp_event ev;
    for (cecp_poll(s->eng, &ev); ev.kind != CECP_EV_NONE && s->eng; cecp_poll(s->eng, &ev)) {
        switch (ev.kind) {
        case CECP_EV_MOVE: cecp_engine_move(p, s, ev.text); break;
        case CECP_EV_RESIGN: seat_resign(p, s, "the engine resigned"); break;
        case CECP_EV_PTELL: cecp_tell(p, s, ev.text, now); break;
        case CECP_EV_LOST: engine_lost(p, s, ev.text); return;
        case CECP_EV_NONE: break;
        }
    }
    if (!s->eng || !s->live || !s->have_pos)
        return;
    cecp_pending(p, s);
    int opp = s->seat ^ 1;
    bool our_turn = (int)bh_side_to_move(&s->pos) == (s->seat & 1);
    if (our_turn && s->sent_ply != s->ply && s->eng_ply == s->ply && !cecp_thinking(s->eng))
        cecp_go(s->eng, s->clock_ms[s->seat], s->clock_ms[opp], now);
    long long t = cecp_think_ms(s->eng, now);
    int budget = cecp_think_clock_ms(s->eng);
    if (t > (long long)budget + HUNG_GRACE_MS) {
        char why[128];
        snprintf(why, sizeof why, "no move in %lld ms with %d ms on its clock: hung", t, budget);
        engine_lost(p, s, why);
    }
}

static void seat_msg(bot_pool *p, seat_conn *s, const char *text)
{
    cJSON *o = cJSON_Parse(text);
    const char *type = o ? jstr(o, "type") : NULL;
    if (!type)
        goto out;
    if (strcmp(type, "authed") == 0) {
        s->seat = (int)jnum(o, "seat", -1);
    } else if (strcmp(type, "state") == 0) {
        const char *st = jstr(o, "status");
        int you = (int)jnum(o, "you", -1);
        if (you >= 0)
            s->seat = you;
        if (st && strcmp(st, "finished") == 0) {
            seat_done(p, s);
            goto out;
        }
        s->live = st && strcmp(st, "live") == 0;
        const char *kind = jstr(o, "kind");
        s->chess = kind && strcmp(kind, "chess") == 0;
        const cJSON *b =
            cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(o, "boards"), s->seat >> 1);
        if (b && s->seat >= 0) {
            set_fen(s, jstr(b, "fen"));
            s->ply = (int)jnum(b, "ply", 0);
            s->sent_ply = -1; /* a fresh state: whatever we sent is settled */
        }
        read_clocks(s, o);
        s->base_ms = (int)jnum(o, "base_ms", 0);
        s->inc_ms = (int)jnum(o, "inc_ms", 0);
        const cJSON *seat;
        cJSON_ArrayForEach(seat, cJSON_GetObjectItemCaseSensitive(o, "seats"))
        {
            const char *name = jstr(seat, "name");
            if (name && s->seat >= 0 && (int)jnum(seat, "seat", -1) == partner_of(s->seat))
                snprintf(s->partner, sizeof s->partner, "%s", name);
        }
        cecp_state(p, s);
    } else if (strcmp(type, "start") == 0) {
        s->live = true;
    } else if (strcmp(type, "move") == 0 && s->seat >= 0) {
        const cJSON *f = cJSON_GetObjectItemCaseSensitive(o, "fen");
        set_fen(s, cJSON_IsArray(f) ? cJSON_GetArrayItem(f, s->seat >> 1)->valuestring : NULL);
        const char *board = jstr(o, "board");
        if (board && board[0] - 'A' == s->seat >> 1)
            s->ply = (int)jnum(o, "ply", 0) + 1;
        read_clocks(s, o);
        cecp_move_seen(s, o);
    } else if (strcmp(type, "chat") == 0 && s->eng && s->seat >= 0) {
        const char *line = jstr(o, "text");
        if (line && (int)jnum(o, "seat", -1) == partner_of(s->seat)) {
            if (strcmp(line, s->last_tell) == 0) {
                /* Two engines as partners: one's tell echoed back by the other ("Sorry, I
                 * don't understand") would bounce between them for ever. */
                if (p->o.verbose)
                    fprintf(stderr,
                            "bughouse-bot: game %lld seat %d: partner said our last tell "
                            "back; not relayed\n",
                            (long long)s->game, s->seat);
            } else {
                cecp_partner_chat(s->eng, line);
                p->st.ptells_in++;
            }
        }
    } else if (strcmp(type, "ack") == 0) {
        if (cJSON_GetObjectItemCaseSensitive(o, "board"))
            p->st.moves_acked++;
    } else if (strcmp(type, "result") == 0) {
        seat_done(p, s);
    } else if (strcmp(type, "error") == 0) {
        p->st.errors++;
        const char *code = jstr(o, "code");
        if (p->o.verbose && !(code && strcmp(code, "session_replaced") == 0))
            fprintf(stderr, "bot: game %lld seat %d: error %s\n", (long long)s->game, s->seat,
                    code ? code : "?");
        if (code && strcmp(code, "game_over") == 0) {
            seat_done(p, s);
        } else if (code && strcmp(code, "illegal_move") == 0 && (s->eng || s->eng_failed)) {
            /* The ruleset refused the engine's illegal move instead of ending the game. */
            if (s->eng)
                engine_lost(p, s, "the server refused its move as illegal");
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
            send_fmt(s->c, "{\"type\":\"join\",\"id\":%lld,\"game\":%lld}", (long long)s->next_id++,
                     (long long)s->game);
        }
    }
out:
    cJSON_Delete(o);
}

static void team_msg(bot_pool *p, team_conn *t, const char *text)
{
    cJSON *o = cJSON_Parse(text);
    const char *type = o ? jstr(o, "type") : NULL;
    if (type && strcmp(type, "assign") == 0) {
        int64_t game = (int64_t)jnum(o, "game", 0);
        const cJSON *seat;
        cJSON_ArrayForEach(seat, cJSON_GetObjectItemCaseSensitive(o, "seats"))
        {
            const char *tok = jstr(seat, "token");
            if (tok && game > 0)
                seat_add(p, tok, game, (int)jnum(seat, "seat", -1));
        }
    } else if (type && strcmp(type, "game2_choice") == 0 && t->c) {
        /* P-GAME2: our team lost game 1; answer at once (T-AUTO need not wait for the
         * deadline): keep the colours after odd game ids, swap after even ones, so both
         * choices get played. */
        int64_t game = (int64_t)jnum(o, "game", 0);
        send_fmt(t->c, "{\"type\":\"game2_colors\",\"id\":2,\"game\":%lld,\"swap\":%s}",
                 (long long)game, game % 2 ? "false" : "true");
    } else if (type && strcmp(type, "error") == 0 && p->o.verbose) {
        fprintf(stderr, "bot: team connection: %s\n", text);
    }
    cJSON_Delete(o);
}

void bot_pool_step(bot_pool *p)
{
    long long now = mono_ms();
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
                send_fmt(t->c, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", t->token);
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
