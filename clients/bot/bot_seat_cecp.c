/* bot_seat_cecp.c: the bot pool's CECP seats: each plays through its own engine
 * (bot_cecp.h), fed from the server's messages, its moves and tells sent back.
 * SPDX-License-Identifier: MIT
 * The engine only moves when asked for the ply the server showed; what it cannot do (start,
 * answer, stay sane) loses the game for it by resignation, with the reason on stderr. */
#include <stdio.h>
#include <string.h>

#include "bot_int.h"

#define HUNG_GRACE_MS 5000 /* an engine silent this long past its clock is hung */
/* Engine tells relayed as chat: TELL_PER_S a second after a burst of TELL_BURST (the server
 * allows a connection 20 messages a second, and Fairy-Stockfish tells its partner its clock
 * many times a move), PTELL_CAP a game per seat (the server keeps 1000 chat lines a game). */
#define TELL_PER_S 1.0
#define TELL_BURST 5.0
#define PTELL_CAP 250

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
    bot__send_fmt(s->c, "{\"type\":\"resign\",\"id\":%lld,\"game\":%lld}", (long long)s->next_id++,
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

void bot__cecp_state(bot_pool *p, seat_conn *s, const cJSON *state)
{
    read_clocks(s, state);
    s->base_ms = (int)bot__jnum(state, "base_ms", 0);
    s->inc_ms = (int)bot__jnum(state, "inc_ms", 0);
    const cJSON *seat;
    cJSON_ArrayForEach(seat, cJSON_GetObjectItemCaseSensitive(state, "seats"))
    {
        const char *name = bot__jstr(seat, "name");
        if (name && s->seat >= 0 && (int)bot__jnum(seat, "seat", -1) == partner_of(s->seat))
            snprintf(s->partner, sizeof s->partner, "%s", name);
    }
    if (s->done || s->seat < 0 || !s->have_pos || s->eng_failed)
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

void bot__cecp_move(seat_conn *s, const cJSON *o)
{
    read_clocks(s, o);
    if (!s->eng || s->seat < 0)
        return;
    const char *board = bot__jstr(o, "board"), *mv = bot__jstr(o, "move");
    int mover = (int)bot__jnum(o, "seat", -1), ply = (int)bot__jnum(o, "ply", -1);
    if (board && board[0] - 'A' == s->seat >> 1) {
        if (mover != s->seat && mover >= 0 && mover < 4 && mv) {
            if (s->eng_ply == ply) {
                cecp_opponent_move(s->eng, mv, s->clock_ms[s->seat], s->clock_ms[mover],
                                   bot__mono_ms());
                s->eng_ply = ply + 1;
            } else if (s->c) {
                /* Out of step (a move it did not see): the state this join brings sets the
                 * engine's board again (bot__cecp_state). */
                s->eng_ply = -1;
                bot__send_fmt(s->c, "{\"type\":\"join\",\"id\":%lld,\"game\":%lld}",
                              (long long)s->next_id++, (long long)s->game);
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
    bot__send_fmt(s->c,
                  "{\"type\":\"move\",\"id\":%lld,\"game\":%lld,\"board\":\"%c\",\"ply\":%d,"
                  "\"move\":\"%s\"}",
                  (long long)s->next_id++, (long long)s->game, s->seat >> 1 ? 'B' : 'A', s->ply,
                  send);
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
        snprintf(why, sizeof why, "it played \"%.60s\" when no move was asked of it", text);
        engine_lost(p, s, why);
        return;
    }
    bh_move m;
    int rc = cecp_parse_move(&s->pos, text, &m);
    if (rc == BH_EMOVE) {
        snprintf(why, sizeof why, "its move \"%.60s\" is not a move", text);
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
        snprintf(s->pending, sizeof s->pending, "%.*s", (int)sizeof s->pending - 1, text);
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
    snprintf(s->last_tell, sizeof s->last_tell, "%.*s", (int)sizeof s->last_tell - 1, chat);
    char esc[CECP_TEXT_MAX * 6 + 8];
    json_escape(chat, esc, sizeof esc);
    bot__send_fmt(s->c, "{\"type\":\"chat\",\"id\":%lld,\"game\":%lld,\"text\":\"%s\"}",
                  (long long)s->next_id++, (long long)s->game, esc);
    p->st.ptells_out++;
}

/* An engine is hung only when it is silent well past its own clock. */
void bot__cecp_turn(bot_pool *p, seat_conn *s, long long now)
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

void bot__cecp_chat(bot_pool *p, seat_conn *s, const cJSON *o)
{
    const char *line = bot__jstr(o, "text");
    if (!s->eng || s->seat < 0 || !line || (int)bot__jnum(o, "seat", -1) != partner_of(s->seat))
        return;
    if (strcmp(line, s->last_tell) == 0) {
        /* Two engines as partners: one's tell echoed back by the other ("Sorry, I don't
         * understand") would bounce between them for ever. */
        if (p->o.verbose)
            fprintf(stderr,
                    "bughouse-bot: game %lld seat %d: partner said our last tell back; not "
                    "relayed\n",
                    (long long)s->game, s->seat);
        return;
    }
    cecp_partner_chat(s->eng, line);
    p->st.ptells_in++;
}

bool bot__cecp_refused(bot_pool *p, seat_conn *s)
{
    if (!s->eng && !s->eng_failed)
        return false;
    if (s->eng)
        engine_lost(p, s, "the server refused its move as illegal");
    return true;
}

void bot__cecp_done(seat_conn *s)
{
    if (s->eng) {
        long long t = cecp_think_ms(s->eng, bot__mono_ms());
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
}
