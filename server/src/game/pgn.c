/* pgn.c: PGN of chess games: export as lichess writes it, the reader, and import through the
 * game model.
 * SPDX-License-Identifier: MIT
 * Export walks the event list, so a move's clock, an incorrect claim and the deciding act come
 * out in the order they happened; import replays each move at the instant its clock gives. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "game_int.h"
#include "pgn.h"

/* The separator before the next movetext token: none at the start of the line. */
static const char *sep(const buf *b)
{
    return b->len && b->p[b->len - 1] != '\n' ? " " : "";
}

void bpgn__put_tag(buf *b, const char *name, const char *value)
{
    buf_printf(b, "[%s \"", name);
    for (const char *p = value; *p; p++)
        buf_printf(b, *p == '"' || *p == '\\' ? "\\%c" : "%c", *p);
    buf_printf(b, "\"]\n");
}

static const char *result_token(const game *g)
{
    return bh_result_token(g->state != GAME_OVER ? BH_RES_NONE
                                                 : game_winner_result(g->result.winner));
}

/* Termination as lichess writes it (the PGN standard's values, capitalised). */
static const char *termination(const game *g)
{
    if (g->state != GAME_OVER)
        return "Unterminated";
    switch (g->result.reason) {
    case GAME_END_FLAG:
    case GAME_END_FLAG_DRAW: return "Time forfeit";
    case GAME_END_ILLEGAL:
    case GAME_END_ILLEGAL_DRAW: return "Rules infraction";
    default: return "Normal";
    }
}

/* The closing comment: what decided the game, with the FIDE article. Each text is
 * pre + the side (who: the player of result.seat) + post. */
static void put_reason(buf *b, const game *g)
{
    static const struct {
        game_end end;
        const char *pre, *post;
        bool who;
    } ends[] = {
        {GAME_END_AGREE, "Draw by agreement (FIDE 9.1).", "", false},
        {GAME_END_REPEAT, "Draw by threefold repetition, claimed by ", " (FIDE 9.2).", true},
        {GAME_END_FIFTY, "Draw by the 50-move rule, claimed by ", " (FIDE 9.3).", true},
        {GAME_END_STALEMATE, "Draw by stalemate (FIDE 5.2.1).", "", false},
        {GAME_END_DEAD, "Draw: dead position (FIDE 5.2.2).", "", false},
        {GAME_END_FIVEFOLD, "Draw by fivefold repetition (FIDE 9.6.1).", "", false},
        {GAME_END_SEVENTYFIVE, "Draw by the 75-move rule (FIDE 9.6.2).", "", false},
        {GAME_END_FLAG_DRAW, "",
         " lost on time, but the opponent cannot checkmate: draw (FIDE 6.9).", true},
        {GAME_END_ILLEGAL_DRAW, "",
         " made an illegal move, but the opponent cannot checkmate: draw (FIDE 7.5.5).", true},
        {GAME_END_RESIGN, "", " resigns.", true},
        {GAME_END_ILLEGAL, "", " made an illegal move (FIDE 7.5.5).", true},
        {GAME_END_FLAG, "", " lost on time (FIDE 6.9).", true},
        {GAME_END_MATE, "", " is checkmated (FIDE 5.1.1).", true},
    };
    if (g->state != GAME_OVER)
        return;
    const game_result *r = &g->result;
    for (size_t i = 0; i < BH_ARRAY_LEN(ends); i++)
        if (ends[i].end == r->reason) {
            buf_printf(b, "%s{ %s%s%s", sep(b), ends[i].pre,
                       ends[i].who ? (r->seat == GAME_A_WHITE ? "White" : "Black") : "",
                       ends[i].post);
            if (r->winner != GAME_DRAW)
                buf_printf(b, " %s wins.", r->winner == GAME_TEAM_1 ? "White" : "Black");
            buf_printf(b, " }");
            return;
        }
}

/* "H:MM:SS" of us, seconds rounded half up as lichess does (Centis.roundSeconds). */
static void put_clock(buf *b, int64_t us)
{
    int64_t s = us < 0 ? 0 : (us + 500000) / 1000000;
    buf_printf(b, " { [%%clk %lld:%02lld:%02lld] }", (long long)(s / 3600),
               (long long)(s / 60 % 60), (long long)(s % 60));
}

/* "12. Nf3" for White; "12... Nf6" for Black after a comment, or at the start (lichess). */
static void put_move(buf *b, int number, int seat, const char *san, bool after_comment)
{
    buf_printf(b, "%s", sep(b));
    if (seat == GAME_A_WHITE)
        buf_printf(b, "%d. %s", number, san);
    else if (after_comment)
        buf_printf(b, "%d... %s", number, san);
    else
        buf_printf(b, "%s", san);
}

char *pgn_export(const game *g, const pgn_meta *meta)
{
    if (!g || !game__chess(g))
        return NULL;
    buf b = {0};
    bpgn__put_tag(&b, "Event", meta && meta->event ? meta->event : "?");
    bpgn__put_tag(&b, "Site", meta && meta->site ? meta->site : "?");
    bpgn__put_tag(&b, "Date", meta && meta->date ? meta->date : "????.??.??");
    bpgn__put_tag(&b, "Round", meta && meta->round ? meta->round : "?");
    if (meta && meta->board)
        bpgn__put_tag(&b, "Board", meta->board);
    bpgn__put_tag(&b, "White", g->setup.players[0][0] ? g->setup.players[0] : "?");
    bpgn__put_tag(&b, "Black", g->setup.players[1][0] ? g->setup.players[1] : "?");
    if (meta && meta->white_team)
        bpgn__put_tag(&b, "WhiteTeam", meta->white_team);
    if (meta && meta->black_team)
        bpgn__put_tag(&b, "BlackTeam", meta->black_team);
    const char *given = meta && meta->result ? meta->result : NULL;
    bpgn__put_tag(&b, "Result", given ? given : result_token(g));
    char tc[48];
    snprintf(tc, sizeof tc, "%lu+%lu", (unsigned long)(g->setup.base_ms / 1000),
             (unsigned long)(g->setup.inc_ms / 1000));
    if (g->setup.base_ms % 1000 || g->setup.inc_ms % 1000) /* not whole seconds: keep the ms */
        snprintf(tc, sizeof tc, "%.3f+%.3f", g->setup.base_ms / 1000.0, g->setup.inc_ms / 1000.0);
    bpgn__put_tag(&b, "TimeControl", tc);
    bool forfeit = given && meta->reason && strcmp(meta->reason, "forfeit") == 0;
    bpgn__put_tag(&b, "Termination",
                  !given    ? termination(g)
                  : forfeit ? "Abandoned"
                            : "Adjudication");
    if (g->setup.fen[0][0]) {
        char fen[BH_FEN_MAX];
        bh_pos start;
        bh_options o = {BH_MODEL_CHESS, false};
        if (bh_pos_from_fen(&start, g->setup.fen[0], &o, NULL) == BH_OK)
            bh_pos_to_fen(&start, fen, sizeof fen);
        else
            snprintf(fen, sizeof fen, "%s", g->setup.fen[0]);
        bpgn__put_tag(&b, "FEN", fen);
        bpgn__put_tag(&b, "SetUp", "1");
    }
    buf_printf(&b, "\n");
    size_t np = 0;
    bool comment = true; /* a Black move first in the movetext takes its "N..." number */
    for (size_t i = 0; i < g->nev; i++) {
        const game_event *e = &g->ev[i];
        if (e->type == GAME_EV_MOVE) {
            const game_ply *p = &g->ply[np++];
            put_move(&b, p->number, p->seat, p->san, comment);
            put_clock(&b, p->clock_us);
            comment = true;
        } else if (e->type == GAME_EV_ILLEGAL) {
            buf_printf(&b, "%s{ %s made an illegal move (FIDE 7.5). }", sep(&b),
                       e->seat == GAME_A_WHITE ? "White" : "Black");
            comment = true;
        } else if (e->type == GAME_EV_CLAIM && (e->arg & GAME_CLAIM_REJECTED)) {
            buf_printf(&b, "%s{ %s claims a draw by %s: incorrect (FIDE 9.5.3). }", sep(&b),
                       e->seat == GAME_A_WHITE ? "White" : "Black",
                       (e->arg & 1) == GAME_CLAIM_FIFTY ? "the 50-move rule" : "repetition");
            comment = true;
        } else if (e->type == GAME_EV_CLAIM && e->move != BH_MOVE_NONE) {
            /* A correct claim with an intended move: written, not played (FIDE 9.2.1.1). */
            char san[BH_SAN_MAX];
            if (bh_move_to_san(&g->pos[0], e->move, san) < 0)
                bh_move_to_uci(e->move, san);
            put_move(&b, bh_fullmove(&g->pos[0]), e->seat, san, comment);
            buf_printf(&b, " { intended move of the claim, not played }");
            comment = true;
        }
    }
    if (given) { /* the reason is client text: a '}' ends no comment, a newline no line */
        buf_printf(&b, "%s{ The arbiter's result: %s (", sep(&b), given);
        const char *why = meta->reason && meta->reason[0] ? meta->reason : "adjudicated";
        for (const char *p = why; *p; p++)
            buf_printf(&b, "%c", *p == '}' ? ')' : (unsigned char)*p < 0x20 ? ' ' : *p);
        buf_printf(&b, "). }");
    } else
        put_reason(&b, g);
    buf_printf(&b, "%s%s\n", sep(&b), given ? given : result_token(g));
    return b.p;
}

/* "[%clk 0:09:59.9]" anywhere in comment text s[0..n) -> ms; -1 if none, -2 if malformed. */
static int64_t clk_of(const char *s, size_t n)
{
    static const char key[] = "[%clk";
    const char *p = NULL;
    for (size_t i = 0; i + sizeof key - 1 <= n; i++)
        if (memcmp(s + i, key, sizeof key - 1) == 0) {
            p = s + i + sizeof key - 1;
            break;
        }
    if (!p)
        return -1;
    const char *end = s + n;
    while (p < end && isspace((unsigned char)*p)) /* chess.com wraps lines inside comments */
        p++;
    int64_t part[3] = {0, 0, 0}, ms = 0;
    int k = 0, digits = 0;
    for (; p < end && k < 3; p++) {
        if (isdigit((unsigned char)*p) && digits < 9) {
            part[k] = part[k] * 10 + (*p - '0');
            digits++;
        } else if (*p == ':' && digits) {
            k++;
            digits = 0;
        } else {
            break;
        }
    }
    if (k != 2 || !digits || part[1] > 59 || part[2] > 59)
        return -2;
    if (p < end && *p == '.') { /* tenths, hundredths, ms */
        int scale = 100;
        for (p++; p < end && isdigit((unsigned char)*p); p++, scale /= 10)
            ms += scale ? (*p - '0') * scale : 0;
    }
    if (p >= end || *p != ']')
        return -2;
    return ((part[0] * 60 + part[1]) * 60 + part[2]) * 1000 + ms;
}

/* Side to move at the start: the [FEN] tag's second field, else White. */
static int start_side(const bpgn_game *bg)
{
    const char *fen = bpgn_get_tag(bg, "FEN");
    const char *sp = fen ? strchr(fen, ' ') : NULL;
    return sp && sp[1] == 'b' ? GAME_A_BLACK : GAME_A_WHITE;
}

/* Skip a variation "( ... )" starting at t[i] (nested, with comments). Returns the index
 * after it, or len + 1 if it is not closed. */
static size_t skip_variation(const char *t, size_t len, size_t i)
{
    int depth = 0;
    for (; i < len; i++) {
        if (t[i] == '{') {
            const char *e = memchr(t + i, '}', len - i);
            if (!e)
                return len + 1;
            i = (size_t)(e - t);
        } else if (t[i] == '(') {
            depth++;
        } else if (t[i] == ')' && --depth == 0) {
            return i + 1;
        }
    }
    return len + 1;
}

int pgn_parse(const char *t, size_t len, bpgn_game *out, size_t *used)
{
    if (!t || !out)
        return BH_EINVAL;
    bpgn_game bg = {0};
    size_t cap_tags = 0, cap_items = 0, i = 0;
    int rc = BH_OK, side = -1, number = 1;
    bool moves_started = false;
    while (i < len && rc == BH_OK) {
        unsigned char c = (unsigned char)t[i];
        size_t n;
        if (isspace(c)) {
            i++;
        } else if (c == '[' && !moves_started) {
            rc = bpgn__parse_tag(t, len, &i, &bg, &cap_tags);
        } else if (c == '[') {
            break; /* the next game's tags */
        } else if (c == '{') {
            const char *end = memchr(t + i + 1, '}', len - i - 1);
            if (!end) {
                rc = BH_EPARSE;
                break;
            }
            int64_t ms = clk_of(t + i + 1, (size_t)(end - t) - i - 1);
            bpgn_item *last = bg.nitems ? &bg.items[bg.nitems - 1] : NULL;
            if (ms == -2)
                rc = BH_EPARSE;
            else if (ms >= 0 && last && last->clock_ms < 0)
                last->clock_ms = ms;
            i = (size_t)(end - t) + 1;
        } else if (c == ';') {
            while (i < len && t[i] != '\n')
                i++;
        } else if (c == '(') {
            i = skip_variation(t, len, i);
            if (i > len)
                rc = BH_EPARSE;
        } else if (c == '$') {
            for (i++; i < len && isdigit((unsigned char)t[i]);)
                i++;
        } else if (bpgn__is_result(t, len, i, &n)) {
            snprintf(bg.result, sizeof bg.result, "%.*s", (int)n, t + i);
            i += n;
            break;
        } else if (isdigit(c)) {
            number = 0;
            for (; i < len && isdigit((unsigned char)t[i]); i++)
                if (number <= 65535)
                    number = number * 10 + (t[i] - '0');
            while (i < len && t[i] == '.')
                i++;
            if (number > 65535)
                rc = BH_EPARSE;
            moves_started = true;
        } else {
            size_t p = i;
            while (p < len && !isspace((unsigned char)t[p]) && !strchr("{}();$", t[p]))
                p++;
            if (p - i >= BPGN_TEXT_MAX || p == i) {
                rc = BH_EPARSE;
                break;
            }
            bpgn_item *it = bpgn__push_item(&bg, &cap_items);
            if (!it) {
                rc = BH_ELIMIT;
                break;
            }
            if (side < 0)
                side = start_side(&bg);
            it->seat = side;
            it->number = number;
            snprintf(it->text, sizeof it->text, "%.*s", (int)(p - i), t + i);
            if (side == GAME_A_BLACK)
                number++;
            side ^= 1;
            moves_started = true;
            i = p;
        }
    }
    return bpgn__finish(&bg, rc, i, out, used);
}

static bool has(const char *s, const char *word)
{
    return s && strstr(s, word);
}

/* The ending the tags state, applied to g at its last instant (see pgn.h). */
static int apply_ending(game *g, const bpgn_game *bg)
{
    const char *term = bpgn_get_tag(bg, "Termination");
    const char *res = bpgn_get_tag(bg, "Result");
    if (!res || !res[0])
        res = bg->result;
    uint64_t now = g->last_us;
    int stm = (int)bh_side_to_move(&g->pos[0]);
    bh_result r = BH_RES_N_; /* BH_RES_N_: not a result token */
    bh_result_parse(res, strlen(res), &r);
    if (has(term, "abandoned") || r == BH_RES_NONE || !res[0])
        return BH_OK;
    if (has(term, "on time") || has(term, "Time forfeit") || has(term, "timeout")) {
        game__run_out(g);
        return g->state == GAME_OVER ? BH_OK : BH_ESTATE;
    }
    if (has(term, "repetition"))
        return game_claim_draw(g, stm, GAME_CLAIM_REPETITION, NULL, now, NULL);
    if (has(term, "50-move") || has(term, "fifty"))
        return game_claim_draw(g, stm, GAME_CLAIM_FIFTY, NULL, now, NULL);
    if (r == BH_RES_DRAW) {
        int rc = game_offer_draw(g, stm ^ 1, now, NULL);
        return rc == BH_OK ? game_accept_draw(g, stm, now, NULL) : rc;
    }
    if (r == BH_RES_WIN1 || r == BH_RES_WIN2)
        return game_resign(g, r == BH_RES_WIN1 ? GAME_A_BLACK : GAME_A_WHITE, now, NULL);
    return BH_ESTATE;
}

int pgn_import(const bpgn_game *bg, const game_rules *r, uint64_t start_us, game **out, size_t *bad)
{
    game_rules rules;
    if (r)
        rules = *r;
    else
        game_rules_online(&rules);
    uint32_t base_ms = 600000, inc_ms = 0;
    const char *tc = bpgn_get_tag(bg, "TimeControl");
    if (tc && strcmp(tc, "-") != 0 && bpgn__parse_tc(tc, &base_ms, &inc_ms) != BH_OK)
        return BH_EPARSE;
    game_setup s;
    game_setup_init(&s, &rules, base_ms, inc_ms);
    s.kind = GAME_KIND_CHESS;
    const char *white = bpgn_get_tag(bg, "White"), *black = bpgn_get_tag(bg, "Black");
    snprintf(s.players[0], sizeof s.players[0], "%s", white ? white : "");
    snprintf(s.players[1], sizeof s.players[1], "%s", black ? black : "");
    const char *fen = bpgn_get_tag(bg, "FEN");
    if (fen)
        snprintf(s.fen[0], sizeof s.fen[0], "%s", fen);
    game *g = NULL;
    int rc = game_new(&s, start_us, &g);
    if (rc != BH_OK)
        return rc;
    for (size_t i = 0; i < bg->nitems && rc == BH_OK; i++) {
        const bpgn_item *it = &bg->items[i];
        if (it->seat < 0)
            continue;
        rc = game_move_recorded(g, it->seat, it->text, it->clock_ms, NULL);
        if (rc != BH_OK && bad)
            *bad = i;
    }
    if (rc == BH_OK && g->state != GAME_OVER) {
        rc = apply_ending(g, bg);
        if (rc != BH_OK && bad)
            *bad = bg->nitems;
    }
    if (rc != BH_OK) {
        game_free(g);
        return rc;
    }
    *out = g;
    return BH_OK;
}
