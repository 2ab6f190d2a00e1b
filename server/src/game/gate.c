/* gate.c: the start gate of a created game (game.h): when its clocks start,
 * and the result of a game whose players did not come.
 * SPDX-License-Identifier: MIT
 * Pure: every instant comes from the caller. */
#include "game.h"

uint64_t game_gate_deadline_us(const game_gate *gt)
{
    if (gt->wait_s == 0)
        return GAME_NEVER;
    uint64_t w = (uint64_t)gt->wait_s * 1000000u;
    return gt->not_before_us > GAME_NEVER - 1 - w ? GAME_NEVER - 1 : gt->not_before_us + w;
}

game_gate_verdict game_gate_decide(const game_gate *gt, game_kind k, unsigned present,
                                   uint64_t now_us, int *winner, uint64_t *next_us)
{
    int seats = game_kind_seats(k);
    unsigned all = (1u << seats) - 1u;
    uint64_t deadline = game_gate_deadline_us(gt);
    if (winner)
        *winner = GAME_DRAW;
    if (next_us)
        *next_us = GAME_NEVER;
    if (now_us < gt->not_before_us) { /* the break runs (T-BREAK): nobody starts early */
        if (next_us)
            *next_us = gt->not_before_us;
        return GAME_GATE_HOLD;
    }
    if (gt->wait_s == 0 || (present & all) == all)
        return GAME_GATE_START;
    if (now_us < deadline) {
        if (next_us)
            *next_us = deadline;
        return GAME_GATE_HOLD;
    }
    /* An absence is a flag at the deadline: each absent seat loses its board for its team; combined
     * as R-FLAG-FLAG. In a chess game seat 0 is team 1 (White), seat 1 team 2, which game_team_of
     * gives too. */
    bool absent[3] = {false, false, false};
    for (int s = 0; s < seats; s++)
        if (!(present & (1u << s)))
            absent[game_team_of(s)] = true;
    if (winner)
        *winner = absent[GAME_TEAM_1] && absent[GAME_TEAM_2] ? GAME_DRAW
                  : absent[GAME_TEAM_1]                      ? GAME_TEAM_2
                                                             : GAME_TEAM_1;
    return GAME_GATE_FORFEIT;
}
