/* arbiter.c: decisive events -> the team result (docs/rules.md R-*), the settle window, flags,
 * resignation, draws by agreement and by repetition claim.
 * SPDX-License-Identifier: MIT
 * The first decisive event stops its board and opens the window [t, t + settle_ms]; the
 * other board plays on; at the window's end (or when both boards have stopped) the events
 * are combined: the highest kind by R-ORDER decides; if its events hit both teams, draw. */
#include <string.h>

#include "game_int.h"

const char *game_end_name(game_end e)
{
    static const char *const names[] = {"none",
                                        "resign",
                                        "flag",
                                        "mate",
                                        "illegal",
                                        "agreement",
                                        "repetition",
                                        "stalemate",
                                        "dead_position",
                                        "fifty_moves",
                                        "fivefold",
                                        "seventy_five_moves",
                                        "flag_insufficient",
                                        "illegal_insufficient"};
    return (unsigned)e < BH_ARRAY_LEN(names) ? names[e] : "unknown";
}

const char *game_result_reason(const game_result *r)
{
    if (r->winner == GAME_DRAW) /* combine(): the top kind hit both teams */
        switch (r->reason) {
        case GAME_END_MATE: return "mate_both";
        case GAME_END_FLAG: return "flag_both";
        case GAME_END_ILLEGAL: return "illegal_both";
        default: break;
        }
    return game_end_name(r->reason);
}

static void finish(game *g, uint64_t end_us)
{
    for (int b = 0; b < 2; b++) {
        clk_stop(&g->clock[b], end_us); /* a board still running stops now (R-SETTLE) */
        g->stopped[b] = true;
    }
    g->state = GAME_OVER;
    g->draw_offer = 0;
    /* Queued premoves die with the game: nothing may follow the RESULT event. */
    memset(g->premove, 0, sizeof g->premove);
    g->result.end_us = end_us;
    g->result.match_winner = g->result.winner == GAME_DRAW     ? 0
                             : g->result.winner == GAME_TEAM_1 ? g->setup.team1_is
                                                               : 3 - g->setup.team1_is;
    game__push_ev(g, GAME_EV_RESULT, -1, end_us, BH_MOVE_NONE, 0, g->result.winner);
}

/* R-ORDER, R-ILLEGAL-MATE, R-MATE-MATE, R-FLAG-FLAG, R-FLAG-MATE, R-ILLEGAL-ILLEGAL: the
 * highest kind decides; its events decide against one team, or, against both, draw. */
static void combine(game *g, uint64_t end_us)
{
    int top = 0;
    for (int i = 1; i < g->ndec; i++)
        if (g->dec[i].kind > g->dec[top].kind)
            top = i;
    int losers = 0; /* bit per team */
    for (int i = 0; i < g->ndec; i++)
        if (g->dec[i].kind == g->dec[top].kind)
            losers |= 1 << game_team_of(g->dec[i].seat);
    const game__dec *d = &g->dec[top];
    memset(&g->result, 0, sizeof g->result);
    int loser = game_team_of(d->seat);
    g->result.winner = losers == (1 << loser) ? 3 - loser : GAME_DRAW;
    g->result.reason = d->kind;
    g->result.board = d->board;
    g->result.seat = d->seat;
    g->result.t_us = d->t_us;
    g->result.event = d->event;
    g->result.combined = g->ndec;
    finish(g, end_us);
}

void game__decisive(game *g, game_end kind, int seat, uint64_t t_us, size_t ev)
{
    int board = seat >> 1;
    clk_stop(&g->clock[board], t_us);
    g->stopped[board] = true;
    g->dec[g->ndec++] = (game__dec){kind, seat, board, t_us, ev};
    if (g->state == GAME_PLAYING) {
        g->state = GAME_SETTLING;
        uint64_t w = (uint64_t)g->setup.rules.settle_ms * 1000;
        /* Saturate below GAME_NEVER so that window_end_us + 1 (its close) cannot wrap. */
        g->window_end_us =
            t_us >= GAME_NEVER - 1 || w > GAME_NEVER - 1 - t_us ? GAME_NEVER - 1 : t_us + w;
        /* Resignation is voluntary and immediate (R-ORDER): no window. */
        if (kind == GAME_END_RESIGN) {
            combine(g, t_us);
            return;
        }
    }
    if (g->stopped[0] && g->stopped[1])
        combine(g, t_us);
}

void game__draw(game *g, game_end reason, int seat, uint64_t t_us, size_t ev)
{
    memset(&g->result, 0, sizeof g->result);
    g->result.winner = GAME_DRAW;
    g->result.reason = reason;
    g->result.board = reason == GAME_END_AGREE ? -1 : seat >> 1;
    g->result.seat = seat;
    g->result.t_us = t_us;
    g->result.event = ev;
    finish(g, t_us);
}

int game__move_mask(const game *g, int board)
{
    return g->setup.recorded ? 1 << board : 3;
}

void game__advance(game *g, uint64_t now_us, int mask)
{
    while (g->state != GAME_OVER) {
        uint64_t next = GAME_NEVER;
        int fb = -1;
        for (int b = 0; b < 2; b++) {
            if (g->stopped[b] || !(mask & (1 << b)))
                continue;
            uint64_t f = clk_flag_us(&g->clock[b]);
            if (f < next) {
                next = f;
                fb = b;
            }
        }
        /* The window includes its last instant; events there come before its close. */
        if (g->state == GAME_SETTLING && g->window_end_us < now_us && g->window_end_us < next) {
            combine(g, g->window_end_us);
            break;
        }
        if (fb < 0 || next > now_us)
            break;
        int seat = fb * 2 + clk_running(&g->clock[fb]);
        size_t ev = game__push_ev(g, GAME_EV_FLAG, seat, next, BH_MOVE_NONE, 0, 0);
        if (game__chess(g))
            game__chess_loss(g, GAME_END_FLAG, seat, next, ev); /* FIDE 6.9 */
        else
            game__decisive(g, GAME_END_FLAG, seat, next, ev);
    }
}

uint64_t game_next_deadline_us(const game *g)
{
    if (g->state == GAME_OVER)
        return GAME_NEVER;
    uint64_t next = GAME_NEVER;
    for (int b = 0; b < 2; b++) {
        uint64_t f = g->stopped[b] ? GAME_NEVER : clk_flag_us(&g->clock[b]);
        if (f < next)
            next = f;
    }
    if (g->state == GAME_SETTLING && g->window_end_us + 1 < next)
        next = g->window_end_us + 1;
    return next;
}

int game_tick(game *g, uint64_t now_us, game_delta *out)
{
    game_delta tmp, *d = out ? out : &tmp;
    game__delta_begin(g, d);
    if (now_us >= g->last_us) {
        game__advance(g, now_us, 3);
        g->last_us = now_us;
    } else if (g->setup.recorded) {
        game__advance(g, now_us, 3);
    }
    game__delta_end(g, d, now_us < g->last_us ? g->last_us : now_us);
    return BH_OK;
}

/* Shared start of the non-move acts: validate, advance, fill the delta's actor. */
static int act_begin(game *g, int seat, uint64_t now_us, game_delta *d)
{
    if (!g || !game__seat_ok(g, seat) || now_us < g->last_us || now_us == GAME_NEVER)
        return BH_EINVAL;
    game__delta_begin(g, d);
    game__advance(g, now_us, 3);
    g->last_us = now_us;
    d->seat = seat;
    d->board = seat >> 1;
    return BH_OK;
}

int game_resign(game *g, int seat, uint64_t now_us, game_delta *out)
{
    game_delta tmp, *d = out ? out : &tmp;
    int rc = act_begin(g, seat, now_us, d);
    if (rc != BH_OK)
        return rc;
    if (g->state == GAME_OVER || g->stopped[seat >> 1]) {
        rc = BH_EOVER;
    } else {
        size_t ev = game__push_ev(g, GAME_EV_RESIGN, seat, now_us, BH_MOVE_NONE, 0, 0);
        game__decisive(g, GAME_END_RESIGN, seat, now_us, ev);
    }
    game__delta_end(g, d, now_us);
    return rc;
}

/* Draw acts are refused once any board has stopped: the game is being settled. */
static int draw_act(game *g, int seat, uint64_t now_us, game_delta *d, int type)
{
    int rc = act_begin(g, seat, now_us, d);
    if (rc != BH_OK)
        return rc;
    int team = game_team_of(seat);
    if (g->state != GAME_PLAYING) {
        rc = BH_EOVER;
    } else if (type == GAME_EV_DRAW_OFFER) {
        if (g->draw_offer)
            rc = BH_ESTATE;
        else {
            g->draw_offer = team;
            game__push_ev(g, type, seat, now_us, BH_MOVE_NONE, 0, 0);
        }
    } else if (type == GAME_EV_DRAW_DECLINE) {
        if (!g->draw_offer)
            rc = BH_ESTATE;
        else {
            g->draw_offer = 0;
            game__push_ev(g, type, seat, now_us, BH_MOVE_NONE, 0, 0);
        }
    } else if (type == GAME_EV_DRAW_ACCEPT) {
        if (g->draw_offer != 3 - team)
            rc = BH_ESTATE;
        else {
            size_t ev = game__push_ev(g, type, seat, now_us, BH_MOVE_NONE, 0, 0);
            game__draw(g, GAME_END_AGREE, seat, now_us, ev);
        }
    }
    game__delta_end(g, d, now_us);
    return rc;
}

int game_offer_draw(game *g, int seat, uint64_t now_us, game_delta *out)
{
    game_delta tmp;
    return draw_act(g, seat, now_us, out ? out : &tmp, GAME_EV_DRAW_OFFER);
}

int game_accept_draw(game *g, int seat, uint64_t now_us, game_delta *out)
{
    game_delta tmp;
    return draw_act(g, seat, now_us, out ? out : &tmp, GAME_EV_DRAW_ACCEPT);
}

int game_decline_draw(game *g, int seat, uint64_t now_us, game_delta *out)
{
    game_delta tmp;
    return draw_act(g, seat, now_us, out ? out : &tmp, GAME_EV_DRAW_DECLINE);
}

int game_claim_repetition(game *g, int seat, uint64_t now_us, game_delta *out)
{
    return game_claim_draw(g, seat, GAME_CLAIM_REPETITION, NULL, now_us, out);
}

int game_claim_draw(game *g, int seat, game_claim what, const char *move, uint64_t now_us,
                    game_delta *out)
{
    game_delta tmp, *d = out ? out : &tmp;
    if (g && (what < GAME_CLAIM_REPETITION || what > GAME_CLAIM_FIFTY ||
              (!game__chess(g) && (what != GAME_CLAIM_REPETITION || move))))
        return BH_EINVAL;
    int rc = act_begin(g, seat, now_us, d);
    if (rc != BH_OK)
        return rc;
    bh_move m = BH_MOVE_NONE;
    if (g->state == GAME_OVER)
        rc = BH_EOVER;
    else if (move && (int)bh_side_to_move(&g->pos[0]) != (seat & 1))
        rc = BH_ETURN;
    else if (move && (rc = bh_parse_uci(&g->pos[0], move, &m)) == BH_EMOVE)
        rc = bh_parse_san(&g->pos[0], move, &m);
    if (rc == BH_OK)
        rc = game__claim(g, seat, what, m, now_us, d);
    game__delta_end(g, d, now_us);
    return rc;
}
