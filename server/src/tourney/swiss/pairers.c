/* pairers.c: the runner's formats: the bughouse Swiss (FIDE C.04.6 colour-free,
 * T-PAIR) and its T-ROUNDS round-robin fallback (Berger tables). Both play double rounds of
 * one bughouse game at a time (T-DOUBLE): game 1 with the lot's colours, game 2 after it with
 * the colours P-GAME2 gives (game_setup_next, the tested rule of game.h).
 * SPDX-License-Identifier: MIT */
#include "bh.h"
#include "game.h"
#include "runner_int.h"

/* On a worker (stop given) the search has no node bound: the hub stops it when the
 * pairing's time budget runs out (runner_job_expire), so a deep round that takes a minute is
 * paired rather than given up after a bound chosen for the loop. Inline (stop NULL: on the
 * caller's thread) it keeps SWISS_MAX_NODES. */
static int pair_swiss(const tour *t, uint64_t seed, const atomic_int *stop, swiss_pairing *out)
{
    return swiss_pair_until(t, seed, stop ? 0 : SWISS_MAX_NODES, stop, out);
}

/* The Berger table: no search, nothing to stop. */
static int pair_rr(const tour *t, uint64_t seed, const atomic_int *stop, swiss_pairing *out)
{
    (void)stop;
    return swiss_pair_rr(t, seed, out);
}

/* Game 1 on one board (a bughouse game is both boards): the team the pairing gave White on
 * board A sits as team 1 (P-TEAM). */
static int first_games(const tour *t, const tour_match *m, bool *a_team1, int max)
{
    (void)t;
    if (max < 1)
        return 0;
    int w = m->white ? m->white : m->a;
    a_team1[0] = w == m->a;
    return 1;
}

/* T-DOUBLE, P-GAME2: the match's games follow one another; after a decisive game the loser
 * chooses whether to swap (the caller waits for the choice or its deadline, then passes it:
 * the default is a swap); after a draw the game ruleset decides (draw_swaps_game2). */
static int next_game(const tour *t, const tour_match *m, int game_no, bool a_team1, tfmt_res res,
                     int choice, bool *loser_a, bool *a_team1_next)
{
    const tour_ruleset *rs = tour_rules(t);
    if (m->b == 0 || m->forfeit != TOUR_FF_NONE || game_no + 1 >= rs->games)
        return RUNNER_NEXT_NONE;
    bool decisive = res == TFMT_WIN1 || res == TFMT_WIN2;
    if (decisive && choice < 0) {
        *loser_a = (res == TFMT_WIN1) != a_team1; /* team 1 won and a was team 2, or ... */
        return RUNNER_NEXT_CHOICE;
    }
    game_rules gr;
    if (game_rules_by_name(rs->game_ruleset, &gr) != BH_OK)
        game_rules_regulation(&gr);
    game_setup s1, s2;
    game_setup_init(&s1, &gr, rs->base_ms, rs->inc_ms);
    s1.team1_is = a_team1 ? 1 : 2; /* match team 1 = side a */
    int winner = res == TFMT_WIN1 ? GAME_TEAM_1 : res == TFMT_WIN2 ? GAME_TEAM_2 : GAME_DRAW;
    if (game_setup_next(&s1, winner, choice != 0, &s2) != BH_OK)
        return RUNNER_NEXT_NONE;
    *a_team1_next = s2.team1_is == 1;
    return RUNNER_NEXT_GAME;
}

static const runner_format swiss = {"swiss", pair_swiss, true, first_games, next_game};
static const runner_format round_robin = {"round_robin", pair_rr, false, first_games, next_game};

const runner_format *runner__format(const tour *t)
{
    return tour_format(t) == TOUR_ROUND_ROBIN ? &round_robin : &swiss;
}
