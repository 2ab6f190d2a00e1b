/* replay.c: named rulesets and kinds, game 2 of a double round, and rebuilding a game from
 * its events.
 * SPDX-License-Identifier: MIT
 * Replay feeds each stored act back through the public entry points at its stored instant;
 * flags and results are not applied from the record but recomputed, then compared. */
#include <string.h>

#include "game_int.h"

void game_rules_regulation(game_rules *out)
{
    memset(out, 0, sizeof *out);
    strcpy(out->name, "regulation");
    out->illegal_loses = true;        /* P-ILLEGAL */
    out->settle_ms = 2000;            /* R-SETTLE: our choice */
    out->dropped_rook_castles = true; /* P-CASTLE-DROP */
    out->premove = false;             /* P-PREMOVE */
    out->lag.max_move_ms = 0;         /* R-FLAG-EXACT: no lag credit */
    out->lag.max_total_ms = 0;
    out->draw_swaps_game2 = true; /* P-GAME2 */
}

void game_rules_online(game_rules *out)
{
    memset(out, 0, sizeof *out);
    strcpy(out->name, "online");
    out->illegal_loses = false;
    out->settle_ms = 0;
    out->dropped_rook_castles = false;
    out->premove = true; /* P-PREMOVE: one per seat, played at the opponent's move instant */
    out->lag.max_move_ms = 0;
    out->lag.max_total_ms = 0;
    out->draw_swaps_game2 = true;
}

void game_rules_fide(game_rules *out)
{
    game_rules_online(out);
    strcpy(out->name, "fide");
    out->illegal_loses = true; /* 7.5.5: the second illegal move loses */
    out->penalty_ms = 60000;   /* 7.5.5, 9.5.3 with Appendix A.4 (rapid) and B (blitz) */
    out->premove = false;      /* over the board a move is made on the position in front of
                                * the player (FIDE 4.2-4.7): nothing is queued */
}

const char *game_kind_name(game_kind k)
{
    return k == GAME_KIND_BUGHOUSE ? "bughouse" : k == GAME_KIND_CHESS ? "chess" : "?";
}

int game_kind_boards(game_kind k)
{
    return k == GAME_KIND_CHESS ? 1 : 2;
}

int game_kind_seats(game_kind k)
{
    return k == GAME_KIND_CHESS ? 2 : 4;
}

bh_options game_kind_options(game_kind k, const game_rules *r)
{
    bool chess = k == GAME_KIND_CHESS;
    return (bh_options){chess ? BH_MODEL_CHESS : BH_MODEL_BUGHOUSE,
                        !chess && r->dropped_rook_castles};
}

int game_kind_by_name(const char *name, game_kind *out)
{
    if (name && strcmp(name, "bughouse") == 0)
        *out = GAME_KIND_BUGHOUSE;
    else if (name && strcmp(name, "chess") == 0)
        *out = GAME_KIND_CHESS;
    else
        return BH_ENOTFOUND;
    return BH_OK;
}

int game_rules_by_name(const char *name, game_rules *out)
{
    size_t n = name ? strlen(name) : 0;
    bool arm = n > 4 && strcmp(name + n - 4, "-arm") == 0;
    n -= arm ? 4 : 0;
    if (name && n == 10 && strncmp(name, "regulation", n) == 0)
        game_rules_regulation(out);
    else if (name && n == 6 && strncmp(name, "online", n) == 0)
        game_rules_online(out);
    else if (name && n == 4 && strncmp(name, "fide", n) == 0)
        game_rules_fide(out);
    else
        return BH_ENOTFOUND;
    if (arm) {
        out->armageddon = true;
        strcat(out->name, "-arm");
    }
    return BH_OK;
}

int game_setup_next(const game_setup *s1, int winner, bool loser_swaps, game_setup *out)
{
    if (winner != GAME_DRAW && winner != GAME_TEAM_1 && winner != GAME_TEAM_2)
        return BH_EINVAL;
    *out = *s1;
    bool swap = winner == GAME_DRAW ? s1->rules.draw_swaps_game2 : loser_swaps;
    if (swap) {
        /* Each player takes the other colour on the same board, so team 1's seats
         * (White-A, Black-B) now hold the other match team. */
        char tmp[GAME_NAME_MAX];
        for (int b = 0; b < game_kind_boards(s1->kind); b++) {
            memcpy(tmp, out->players[2 * b], sizeof tmp);
            memcpy(out->players[2 * b], out->players[2 * b + 1], sizeof tmp);
            memcpy(out->players[2 * b + 1], tmp, sizeof tmp);
        }
        out->team1_is = 3 - out->team1_is;
    }
    return BH_OK;
}

int game_setup_game2(const game *g1, bool loser_swaps, game_setup *out)
{
    if (!g1 || g1->state != GAME_OVER)
        return BH_ESTATE;
    return game_setup_next(&g1->setup, g1->result.winner, loser_swaps, out);
}

static bool same_event(const game_event *a, const game_event *b)
{
    return a->t_us == b->t_us && a->type == b->type && a->seat == b->seat && a->arg == b->arg &&
           a->move == b->move && a->lag_us == b->lag_us && strcmp(a->uci, b->uci) == 0;
}

/* Apply the stored act e; the events it produces are compared by the caller. */
static int apply_stored(game *g, const game_event *e)
{
    int seat = e->seat;
    bool seated = game__seat_ok(g, seat);
    switch (e->type) {
    case GAME_EV_MOVE:
        if (!seated)
            return BH_ESTATE;
        game__advance(g, e->t_us, game__move_mask(g, seat >> 1));
        if (e->t_us > g->last_us)
            g->last_us = e->t_us;
        return game__play(g, seat, e->move, GAME_PLY_ANY, e->t_us, e->lag_us, false, NULL);
    case GAME_EV_ILLEGAL:
        if (!seated)
            return BH_ESTATE;
        game__advance(g, e->t_us, 3);
        if (e->t_us > g->last_us)
            g->last_us = e->t_us;
        if (g->state == GAME_OVER || g->stopped[seat >> 1])
            return BH_ESTATE;
        game__illegal(g, seat, e->t_us, NULL);
        return BH_OK;
    case GAME_EV_PREMOVE:
        if (!e->uci[0])
            return game_cancel_premove(g, seat, e->t_us, NULL);
        return game_move(g, seat, e->uci, GAME_PLY_ANY, e->t_us, NULL);
    case GAME_EV_RESIGN: return game_resign(g, seat, e->t_us, NULL);
    case GAME_EV_DRAW_OFFER: return game_offer_draw(g, seat, e->t_us, NULL);
    case GAME_EV_DRAW_DECLINE: return game_decline_draw(g, seat, e->t_us, NULL);
    case GAME_EV_DRAW_ACCEPT: return game_accept_draw(g, seat, e->t_us, NULL);
    case GAME_EV_CLAIM: {
        /* The claim as stored (what, intended move); a rejected one replays its penalty and
         * its intended move, which the caller compares with the record. */
        if (!seated || e->t_us < g->last_us)
            return BH_ESTATE;
        game__advance(g, e->t_us, 3);
        g->last_us = e->t_us;
        game_delta d;
        game__delta_begin(g, &d);
        int rc = game__claim(g, seat, e->arg & ~GAME_CLAIM_REJECTED, e->move, e->t_us, &d);
        return rc == BH_ESTATE ? BH_OK : rc; /* a rejected claim still appends its events */
    }
    case GAME_EV_FLAG: return game_tick(g, e->t_us, NULL);
    case GAME_EV_RESULT:
        /* A window's result is dated at its last instant and applied 1 µs later. */
        return game_tick(g, e->t_us + 1, NULL);
    default: return BH_ESTATE;
    }
}

int game_replay(const game_setup *s, const game_event *ev, size_t n, game **out)
{
    if (!s || !ev || n == 0 || ev[0].type != GAME_EV_START)
        return BH_EINVAL;
    game *g = NULL;
    int rc = game_new(s, ev[0].t_us, &g);
    if (rc != BH_OK)
        return rc;
    rc = same_event(&g->ev[0], &ev[0]) ? BH_OK : BH_ESTATE;
    /* The next stored event the rebuilt game has not produced is an act to apply; what the
     * act produces (flags first, the act, a premove it triggers, a result) must match. */
    while (rc == BH_OK && g->nev < n) {
        size_t before = g->nev;
        const game_event *e = &ev[before];
        if (e->t_us < g->last_us && !s->recorded && e->type != GAME_EV_RESULT)
            rc = BH_ESTATE;
        else
            rc = apply_stored(g, e);
        if (rc == BH_OK && (g->nev == before || g->nev > n))
            rc = BH_ESTATE;
        for (size_t i = before; rc == BH_OK && i < g->nev; i++)
            if (!same_event(&g->ev[i], &ev[i]))
                rc = BH_ESTATE;
    }
    if (rc != BH_OK) {
        game_free(g);
        return BH_ESTATE;
    }
    *out = g;
    return BH_OK;
}
