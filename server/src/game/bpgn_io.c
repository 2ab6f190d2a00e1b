/* bpgn_io.c: BPGN export from the game's record, and import through the game model.
 * SPDX-License-Identifier: MIT
 * Export walks the event list (time order) and prints each move with the mover's clock after
 * it; import replays moves at the instants their clocks give, so export -> import -> export
 * is the identity. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpgn.h"
#include "buf.h"
#include "game_int.h"
#include "pgn.h"
#include "utf8.h"
#include "xalloc.h"

/* Movetext token, wrapped at 80 columns. */
static void put_token(buf *b, const char *tok)
{
    size_t line = 0, n = strlen(tok); /* the current line's length */
    while (line < b->len && b->p[b->len - line - 1] != '\n')
        line++;
    if (line > 0 && line + 1 + n > 80)
        buf_printf(b, "\n");
    else if (line > 0)
        buf_printf(b, " ");
    buf_printf(b, "%s", tok);
}

/* Seconds with milliseconds, trailing zeros dropped: 59.43, 119.9, 180. */
static void fmt_secs(char *out, size_t cap, int64_t ms)
{
    if (ms < 0)
        ms = 0;
    int n = snprintf(out, cap, "%lld.%03lld", (long long)(ms / 1000), (long long)(ms % 1000));
    while (n > 0 && out[n - 1] == '0')
        out[--n] = '\0';
    if (n > 0 && out[n - 1] == '.')
        out[--n] = '\0';
}

/* The name act comments use for seat: the player's name, or the seat label ("WhiteA") when
 * the name could not be read back as this seat: empty, holding '}' (it would end the comment),
 * starting "[%" (the embedded commands, such as chat lines, that import skips), or equal to
 * another seat's name or label. Export and import both use it, so each comment
 * names exactly one seat. */
static const char *name_of(const game *g, int seat)
{
    const char *name = g->setup.players[seat];
    if (!name[0] || strchr(name, '}') || strncmp(name, "[%", 2) == 0) /* "[%": a command */
        return game_seat_name(seat);
    for (int s = 0; s < 4; s++)
        if (s != seat &&
            (strcmp(name, g->setup.players[s]) == 0 || strcmp(name, game_seat_name(s)) == 0))
            return game_seat_name(seat);
    return name;
}

/* bughousedb's convention: the result of the board that decided the game, in that board's
 * colours (a draw by agreement has no board; it is 1/2-1/2 either way). */
static const char *result_token(const game *g)
{
    if (g->state != GAME_OVER)
        return bh_result_token(BH_RES_NONE);
    if (g->result.winner == GAME_DRAW)
        return bh_result_token(BH_RES_DRAW);
    int board = g->result.board < 0 ? 0 : g->result.board;
    return bh_result_token(game_team_of(board * 2) == g->result.winner ? BH_RES_WIN1 : BH_RES_WIN2);
}

static const char *winner_tag(const game *g)
{
    if (g->state != GAME_OVER)
        return "*";
    return g->result.winner == GAME_TEAM_1   ? "WhiteA+BlackB"
           : g->result.winner == GAME_TEAM_2 ? "BlackA+WhiteB"
                                             : "draw";
}

/* [Rules "..."]: every option of r, so a custom or modified ruleset survives the round trip
 * (the [Ruleset] name alone would import as the named defaults, or as "online"). */
static void rules_text(const game_rules *r, char *out, size_t cap)
{
    snprintf(out, cap,
             "illegal_loses=%d settle_ms=%lu dropped_rook_castles=%d premove=%d lag_move_ms=%lu "
             "lag_total_ms=%lu draw_swaps_game2=%d",
             r->illegal_loses, (unsigned long)r->settle_ms, r->dropped_rook_castles, r->premove,
             (unsigned long)r->lag.max_move_ms, (unsigned long)r->lag.max_total_ms,
             r->draw_swaps_game2);
}

/* Apply a [Rules] tag written by rules_text to *r. BH_OK or BH_EPARSE. */
static int parse_rules(const char *s, game_rules *r)
{
    static const char *const keys[] = {"illegal_loses",   "settle_ms",   "dropped_rook_castles",
                                       "premove",         "lag_move_ms", "lag_total_ms",
                                       "draw_swaps_game2"};
    while (*s) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        size_t k = 0, n = 0;
        for (; k < BH_ARRAY_LEN(keys); k++) {
            n = strlen(keys[k]);
            if (strncmp(s, keys[k], n) == 0 && s[n] == '=')
                break;
        }
        if (k == BH_ARRAY_LEN(keys) || s[n + 1] < '0' || s[n + 1] > '9')
            return BH_EPARSE;
        char *end;
        unsigned long long v = strtoull(s + n + 1, &end, 10);
        if (v > UINT32_MAX || (*end && *end != ' ') || (k != 1 && k != 4 && k != 5 && v > 1))
            return BH_EPARSE;
        switch (k) {
        case 0: r->illegal_loses = v; break;
        case 1: r->settle_ms = (uint32_t)v; break;
        case 2: r->dropped_rook_castles = v; break;
        case 3: r->premove = v; break;
        case 4: r->lag.max_move_ms = (uint32_t)v; break;
        case 5: r->lag.max_total_ms = (uint32_t)v; break;
        default: r->draw_swaps_game2 = v; break;
        }
        s = end;
    }
    return BH_OK;
}

/* Verb of an act comment, by event type; NULL for events that are not acts. */
static const char *act_verb(int type)
{
    switch (type) {
    case GAME_EV_ILLEGAL: return "makes an illegal move";
    case GAME_EV_RESIGN: return "resigns";
    case GAME_EV_DRAW_OFFER: return "offers a draw";
    case GAME_EV_DRAW_DECLINE: return "declines the draw";
    case GAME_EV_DRAW_ACCEPT: return "accepts the draw";
    case GAME_EV_CLAIM: return "claims a draw by repetition";
    default: return NULL;
    }
}

static void dec_text(const game *g, const game__dec *d, char *out, size_t cap)
{
    static const char *const what[] = {"", "resigns", "forfeits on time", "checkmated",
                                       "loses by an illegal move"};
    snprintf(out, cap, "%s %s", name_of(g, d->seat), what[d->kind]);
}

/* Write the chat lines of meta that are due before the event e, or all that are left when
 * e is NULL (the end of the movetext); *next is the first line not yet written, moves_out the
 * moves written so far. A line is due once the moves it followed are out, and before an act
 * whose instant is later than its game time; the lines keep the order they were sent in. */
static void put_chat(buf *b, const game *g, const bpgn_meta *meta, size_t *next,
                     const game_event *e, size_t moves_out)
{
    for (; meta && *next < meta->nchat; ++*next) {
        const bpgn_chat *c = &meta->chat[*next];
        if (e && (c->plies < 0 || (size_t)c->plies > moves_out))
            return;
        if (e && e->type != GAME_EV_MOVE && (size_t)c->plies == moves_out && c->game_ms >= 0 &&
            c->game_ms >= (int64_t)((e->t_us - g->start_us) / 1000))
            return;
        const char *text = c->text ? c->text : "";
        char secs[32] = "";
        if (c->game_ms >= 0) {
            secs[0] = ' ';
            fmt_secs(secs + 1, sizeof secs - 1, c->game_ms);
        }
        size_t cap = strlen(text) + 64;
        char *tok = xmalloc(cap);
        int n = snprintf(tok, cap, "{[%%chat %s%s] %s}", game_seat_name(c->seat), secs, text);
        for (char *p = tok + 1; p < tok + n - 1; p++)
            if (*p == '}') /* PGN comments have no escape: a '}' would end this one */
                *p = ')';
        put_token(b, tok);
        free(tok);
    }
}

char *bpgn_export(const game *g, const bpgn_meta *meta)
{
    return bpgn_export_as(g, meta, NULL, NULL);
}

char *bpgn_export_as(const game *g, const bpgn_meta *meta, const char *given, const char *why)
{
    if (game__chess(g)) {
        pgn_meta pm = {.event = meta ? meta->event : NULL,
                       .site = meta ? meta->site : NULL,
                       .date = meta ? meta->date : NULL,
                       .round = meta ? meta->round : NULL,
                       .board = meta ? meta->board : NULL,
                       .white_team = meta ? meta->team[0] : NULL,
                       .black_team = meta ? meta->team[1] : NULL,
                       .result = given,
                       .reason = why};
        return pgn_export(g, &pm);
    }
    buf b = {0};
    char tmp[BPGN_TEXT_MAX + 64], s1[32], s2[32];
    if (meta && meta->event)
        bpgn__put_tag(&b, "Event", meta->event);
    if (meta && meta->site)
        bpgn__put_tag(&b, "Site", meta->site);
    if (meta && meta->date)
        bpgn__put_tag(&b, "Date", meta->date);
    if (meta && meta->round)
        bpgn__put_tag(&b, "Round", meta->round);
    if (meta && meta->time)
        bpgn__put_tag(&b, "Time", meta->time);
    if (meta && meta->match_game)
        bpgn__put_tag(&b, "MatchGame", meta->match_game);
    for (int s = 0; s < 4; s++)
        bpgn__put_tag(&b, game_seat_name(s), g->setup.players[s]);
    fmt_secs(s1, sizeof s1, g->setup.base_ms);
    fmt_secs(s2, sizeof s2, g->setup.inc_ms);
    snprintf(tmp, sizeof tmp, "%s+%s", s1, s2);
    bpgn__put_tag(&b, "TimeControl", tmp);
    bpgn__put_tag(&b, "Ruleset", g->setup.rules.name);
    game_rules named;
    char named_text[BPGN_TEXT_MAX];
    rules_text(&g->setup.rules, tmp, sizeof tmp);
    if (game_rules_by_name(g->setup.rules.name, &named) == BH_OK)
        rules_text(&named, named_text, sizeof named_text);
    else
        named_text[0] = '\0';
    if (strcmp(tmp, named_text) != 0)
        bpgn__put_tag(&b, "Rules", tmp);
    if (g->setup.fen[0][0])
        bpgn__put_tag(&b, "FENA", g->setup.fen[0]);
    if (g->setup.fen[1][0])
        bpgn__put_tag(&b, "FENB", g->setup.fen[1]);
    if (g->setup.recorded)
        bpgn__put_tag(&b, "Clocks", "per-board");
    const char *res = given ? given : result_token(g); /* the arbiter's: the team result */
    bh_result gr = BH_RES_DRAW;
    if (given)
        bh_result_parse(given, strlen(given), &gr);
    bpgn__put_tag(&b, "Winner",
                  !given              ? winner_tag(g)
                  : gr == BH_RES_WIN1 ? "WhiteA+BlackB"
                  : gr == BH_RES_WIN2 ? "BlackA+WhiteB"
                                      : "draw");
    bpgn__put_tag(&b, "Result", res);
    if (given)
        bpgn__put_tag(&b, "Termination", why ? why : "");
    if (meta && meta->result_by && meta->result_by[0])
        bpgn__put_tag(&b, "ResultBy", meta->result_by);
    buf_printf(&b, "\n");
    size_t np = 0, nchat = 0;
    for (size_t i = 0; i < g->nev; i++) {
        const game_event *e = &g->ev[i];
        if (e->type == GAME_EV_MOVE || act_verb(e->type))
            put_chat(&b, g, meta, &nchat, e, np);
        switch (e->type) {
        case GAME_EV_MOVE: {
            const game_ply *p = &g->ply[np++];
            fmt_secs(s1, sizeof s1, (p->clock_us + 999) / 1000);
            snprintf(tmp, sizeof tmp, "%d%c. %s{%s}", p->number, "AaBb"[p->seat], p -> san, s1);
            put_token(&b, tmp);
            break;
        }
        case GAME_EV_ILLEGAL:
        case GAME_EV_RESIGN:
        case GAME_EV_DRAW_OFFER:
        case GAME_EV_DRAW_DECLINE:
        case GAME_EV_DRAW_ACCEPT:
        case GAME_EV_CLAIM:
            /* "{Anna resigns at 61.5}": the act's instant in seconds from the start, so the
             * import dates it exactly (a settle window or a flag may hang on it). */
            fmt_secs(s1, sizeof s1, (int64_t)((e->t_us - g->start_us) / 1000));
            snprintf(tmp, sizeof tmp, "{%s %s at %s}", name_of(g, e->seat), act_verb(e->type), s1);
            put_token(&b, tmp);
            break;
        default: break; /* START, FLAG, RESULT: in the closing comment and clocks */
        }
    }
    put_chat(&b, g, meta, &nchat, NULL, np);
    buf_printf(&b, "\n");
    char term[2 * BPGN_TEXT_MAX];
    if (given) {
        /* a '}' in the reason (client text) would close the comment early */
        snprintf(term, sizeof term, "%s", why ? why : "");
        for (char *p = term; (p = strchr(p, '}'));)
            *p = ')';
    } else if (g->state != GAME_OVER) {
        snprintf(term, sizeof term, "Game in progress");
    } else if (g->result.reason == GAME_END_AGREE) {
        snprintf(term, sizeof term, "Game drawn by agreement");
    } else if (g->result.reason == GAME_END_REPEAT) {
        snprintf(term, sizeof term, "Game drawn by repetition");
    } else {
        term[0] = '\0';
        for (int k = 0; k < g->ndec; k++) {
            dec_text(g, &g->dec[k], tmp, sizeof tmp);
            size_t n = strlen(term);
            snprintf(term + n, sizeof term - n, "%s%s", k ? "; " : "", tmp);
        }
        if (g->ndec > 1 && g->result.winner == GAME_DRAW) {
            size_t n = strlen(term);
            snprintf(term + n, sizeof term - n, ": draw");
        }
    }
    buf_printf(&b, "{%s} %s\n", term, res);
    return b.p;
}

/* "61.5" -> 61500 ms; -1 if s is not seconds with at most 3 decimals (up to 115 days). */
static int64_t parse_secs(const char *s)
{
    int64_t ms = 0;
    int digits = 0, frac = -1;
    for (; *s; s++) {
        if (*s == '.' && frac < 0 && digits > 0) {
            frac = 0;
        } else if (*s >= '0' && *s <= '9' && frac < 3 && digits < 11) {
            ms = ms * 10 + (*s - '0');
            frac >= 0 ? frac++ : digits++;
        } else {
            return -1;
        }
    }
    if (digits == 0 || frac == 0)
        return -1;
    for (int k = frac < 0 ? 0 : frac; k < 3; k++)
        ms *= 10;
    return ms;
}

/* Act comment "<name> <verb>" or "<name> <verb> at <seconds>" -> seat, or -1; the longest
 * matching name wins. *at_ms gets the seconds as ms from the start, or -1 if none. */
static int act_seat(const game *g, const char *text, const char *verb, int64_t *at_ms)
{
    int best = -1;
    size_t best_len = 0, vn = strlen(verb);
    for (int s = 0; s < 4; s++) {
        const char *name = name_of(g, s);
        size_t n = strlen(name);
        if (n <= best_len || strncmp(text, name, n) != 0 || text[n] != ' ' ||
            strncmp(text + n + 1, verb, vn) != 0)
            continue;
        const char *tail = text + n + 1 + vn;
        int64_t ms = -1;
        if (*tail && (strncmp(tail, " at ", 4) != 0 || (ms = parse_secs(tail + 4)) < 0))
            continue;
        best = s;
        best_len = n;
        *at_ms = ms;
    }
    return best;
}

/* "180+2", "60", "0.5+0" -> ms. Any value game_setup holds (uint32 ms) is accepted, so
 * every export imports. */
int bpgn__parse_tc(const char *s, uint32_t *base_ms, uint32_t *inc_ms)
{
    const double max_s = UINT32_MAX / 1000.0;
    double base = 0, inc = 0;
    char *end;
    base = strtod(s, &end);
    /* Written so that NaN fails too ("nan" parses; every comparison with it is false). */
    if (end == s || !(base >= 0.001 && base <= max_s))
        return BH_EPARSE;
    if (*end == '+') {
        const char *p = end + 1;
        inc = strtod(p, &end);
        if (end == p || !(inc >= 0 && inc <= max_s))
            return BH_EPARSE;
    }
    if (*end)
        return BH_EPARSE;
    *base_ms = (uint32_t)(base * 1000 + 0.5);
    *inc_ms = (uint32_t)(inc * 1000 + 0.5);
    return BH_OK;
}

void game__run_out(game *g)
{
    for (int k = 0; k < 8 && g->state != GAME_OVER; k++) {
        uint64_t t = game_next_deadline_us(g);
        if (t == GAME_NEVER)
            break;
        game_tick(g, t, NULL);
    }
}

int bpgn_import(const bpgn_game *bg, const game_rules *r, uint64_t start_us, game **out,
                size_t *bad)
{
    game_rules rules;
    if (r)
        rules = *r;
    else if (game_rules_by_name(bpgn_get_tag(bg, "Ruleset"), &rules) != BH_OK)
        game_rules_online(&rules);
    const char *opts = bpgn_get_tag(bg, "Rules");
    if (!r && opts) {
        const char *name = bpgn_get_tag(bg, "Ruleset");
        if (parse_rules(opts, &rules) != BH_OK)
            return BH_EPARSE;
        memset(rules.name, 0, sizeof rules.name);
        snprintf(rules.name, sizeof rules.name, "%s", name ? name : "");
    }
    uint32_t base_ms = 180000, inc_ms = 0;
    const char *tc = bpgn_get_tag(bg, "TimeControl");
    if (tc && bpgn__parse_tc(tc, &base_ms, &inc_ms) != BH_OK)
        return BH_EPARSE;
    game_setup s;
    game_setup_init(&s, &rules, base_ms, inc_ms);
    /* Foreign records (no Winner tag) and our exports of them keep a timeline per board. */
    const char *clocks = bpgn_get_tag(bg, "Clocks");
    s.recorded = !bpgn_get_tag(bg, "Winner") || (clocks && strcmp(clocks, "per-board") == 0);
    static const char *const fen_tags[] = {"FENA", "FENB"};
    for (int b = 0; b < 2; b++) {
        const char *fen = bpgn_get_tag(bg, fen_tags[b]);
        if (fen)
            snprintf(s.fen[b], sizeof s.fen[b], "%s", fen);
    }
    for (int k = 0; k < 4; k++) {
        const char *name = bpgn_get_tag(bg, game_seat_name(k));
        if (name) /* a longer name (another site's file) is cut at a character, not inside one */
            snprintf(s.players[k], sizeof s.players[k], "%.*s",
                     (int)bh_utf8_prefix(name, (size_t)-1, sizeof s.players[k] - 1, NULL), name);
    }
    game *g = NULL;
    int rc = game_new(&s, start_us, &g);
    if (rc != BH_OK)
        return rc;
    bool flag_end = false;
    size_t i = 0;
    for (; i < bg->nitems && rc == BH_OK; i++) {
        const bpgn_item *it = &bg->items[i];
        if (it->seat >= 0) {
            rc = game_move_recorded(g, it->seat, it->text, it->clock_ms, NULL);
            continue;
        }
        if (g->state == GAME_OVER || strncmp(it->text, "[%", 2) == 0)
            continue; /* the closing comment repeats what the stream did; "[%chat ...]" and
                       * other embedded commands are no acts (a chat line may say anything) */
        int seat = -1, type = 0;
        int64_t at_ms = -1;
        for (type = GAME_EV_ILLEGAL; type <= GAME_EV_CLAIM && seat < 0; type++)
            if (act_verb(type))
                seat = act_seat(g, it->text, act_verb(type), &at_ms);
        type--;
        if (seat < 0) {
            if (strstr(it->text, " forfeits on time"))
                flag_end = true;
            continue;
        }
        /* The act's own instant if the comment has one (never before the last instant: the
         * ms rounding of clocks), else the last instant seen. */
        uint64_t now = g->last_us, off = (uint64_t)at_ms * 1000;
        if (at_ms >= 0 && off > now - start_us)
            now = off > GAME_NEVER - 1 - start_us ? GAME_NEVER - 1 : start_us + off;
        switch (type) {
        case GAME_EV_RESIGN: rc = game_resign(g, seat, now, NULL); break;
        case GAME_EV_DRAW_OFFER: rc = game_offer_draw(g, seat, now, NULL); break;
        case GAME_EV_DRAW_DECLINE: rc = game_decline_draw(g, seat, now, NULL); break;
        case GAME_EV_DRAW_ACCEPT: rc = game_accept_draw(g, seat, now, NULL); break;
        case GAME_EV_CLAIM: rc = game_claim_repetition(g, seat, now, NULL); break;
        default: /* GAME_EV_ILLEGAL: recorded as the game does (illegal_loses rulesets) */
            game_tick(g, now, NULL);
            if (g->state == GAME_OVER || g->stopped[seat >> 1])
                rc = BH_EOVER;
            else
                game__illegal(g, seat, now, NULL);
            break;
        }
    }
    if (rc != BH_OK) {
        if (bad)
            *bad = i - 1;
        game_free(g);
        return rc;
    }
    int winner;
    /* The record is complete: an open settle window closes, and a recorded flag falls. */
    if (g->state == GAME_SETTLING || flag_end ||
        (bpgn_get_tag(bg, "Winner") && bpgn_team_result(bg, &winner) == BH_OK))
        game__run_out(g);
    *out = g;
    return BH_OK;
}
