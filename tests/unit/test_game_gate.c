/* test_game_gate.c: the start gate (game.h game_gate): seed 004 art. 2's
 * waiting time ("10 minutes for a late opponent": 600 s), the break before it, and the result
 * of an absence combined over the two boards as R-FLAG-FLAG combines two flags (docs/rules.md:
 * flags of players of different teams: draw; both of one team: that team loses).
 * SPDX-License-Identifier: MIT */
#include "bh_test.h"
#include "game.h"

#define S(x) ((uint64_t)(x)*1000000ULL)
#define ALL4 0xFu

/* Seed 004 art. 2: 10 minutes of waiting from the scheduled start (here 60 s after the
 * creation: a break). */
static void seed004_waiting_time(void)
{
    game_gate g = {S(100), 600};
    uint64_t next = 0;
    int w = -1;
    CHECK_EQ_U64("deadline: start + 10 min", S(700), game_gate_deadline_us(&g));
    /* During the break nobody starts, even with everyone there. */
    CHECK_EQ_INT("break, all present", GAME_GATE_HOLD,
                 game_gate_decide(&g, GAME_KIND_BUGHOUSE, ALL4, S(99), &w, &next));
    CHECK_EQ_U64("break: ask again at its end", S(100), next);
    CHECK_EQ_INT("break over, all present", GAME_GATE_START,
                 game_gate_decide(&g, GAME_KIND_BUGHOUSE, ALL4, S(100), &w, &next));
    CHECK_EQ_INT("three present, 9:59 waited", GAME_GATE_HOLD,
                 game_gate_decide(&g, GAME_KIND_BUGHOUSE, 0x7, S(699), &w, &next));
    CHECK_EQ_U64("ask again at the deadline", S(700), next);
    CHECK_EQ_INT("the fourth arrives at 9:59", GAME_GATE_START,
                 game_gate_decide(&g, GAME_KIND_BUGHOUSE, ALL4, S(699), &w, &next));
    /* Black on board B (seat 3, team 1) is still absent when the 10 minutes are over. */
    CHECK_EQ_INT("10:00 waited", GAME_GATE_FORFEIT,
                 game_gate_decide(&g, GAME_KIND_BUGHOUSE, 0x7, S(700), &w, &next));
    CHECK_EQ_INT("BlackB absent: team 2 wins", GAME_TEAM_2, w);
}

/* The combination over the two boards, every presence pattern of four seats: an absence is a
 * flag at the deadline on the seat's board; R-FLAG-FLAG combines them. */
static void absences_combine_as_flags(void)
{
    game_gate g = {0, 1};
    for (unsigned p = 0; p < 16; p++) {
        int w = -1;
        game_gate_verdict v = game_gate_decide(&g, GAME_KIND_BUGHOUSE, p, S(1), &w, NULL);
        bool t1_absent = !(p & 1u) || !(p & 8u); /* WhiteA, BlackB */
        bool t2_absent = !(p & 2u) || !(p & 4u); /* BlackA, WhiteB */
        if (p == ALL4) {
            CHECK_EQ_INT("all present", GAME_GATE_START, v);
            continue;
        }
        CHECK_MSG(v == GAME_GATE_FORFEIT, "present %x: verdict %d", p, v);
        int want = t1_absent && t2_absent ? GAME_DRAW : t1_absent ? GAME_TEAM_2 : GAME_TEAM_1;
        CHECK_MSG(w == want, "present %x: winner %d, want %d", p, w, want);
    }
    /* By name: WhiteA and WhiteB absent (both boards, different teams): a draw, as R-FLAG-FLAG
     * for two flags of players of different teams on different boards. */
    int w = -1;
    game_gate_decide(&g, GAME_KIND_BUGHOUSE, (1u << GAME_A_BLACK) | (1u << GAME_B_BLACK), S(1), &w,
                     NULL);
    CHECK_EQ_INT("WhiteA + WhiteB absent: draw", GAME_DRAW, w);
    /* WhiteA and BlackB absent: both boards of team 1, which loses. */
    game_gate_decide(&g, GAME_KIND_BUGHOUSE, (1u << GAME_A_BLACK) | (1u << GAME_B_WHITE), S(1), &w,
                     NULL);
    CHECK_EQ_INT("team 1 absent: team 2 wins", GAME_TEAM_2, w);
}

/* One board of chess (seed 004's board forfeits): the absent side loses; both: draw. */
static void chess_board_forfeit(void)
{
    game_gate g = {S(10), 600};
    int w = -1;
    CHECK_EQ_INT("white and black here", GAME_GATE_START,
                 game_gate_decide(&g, GAME_KIND_CHESS, 0x3, S(11), &w, NULL));
    CHECK_EQ_INT("black absent, before", GAME_GATE_HOLD,
                 game_gate_decide(&g, GAME_KIND_CHESS, 0x1, S(609), &w, NULL));
    CHECK_EQ_INT("black absent, deadline", GAME_GATE_FORFEIT,
                 game_gate_decide(&g, GAME_KIND_CHESS, 0x1, S(610), &w, NULL));
    CHECK_EQ_INT("white wins", GAME_TEAM_1, w);
    game_gate_decide(&g, GAME_KIND_CHESS, 0x2, S(610), &w, NULL);
    CHECK_EQ_INT("white absent: black wins", GAME_TEAM_2, w);
    game_gate_decide(&g, GAME_KIND_CHESS, 0x0, S(610), &w, NULL);
    CHECK_EQ_INT("both absent: draw", GAME_DRAW, w);
    /* bits of seats a chess game has not are ignored */
    CHECK_EQ_INT("seats 2, 3 ignored", GAME_GATE_START,
                 game_gate_decide(&g, GAME_KIND_CHESS, 0x3, S(10), &w, NULL));
}

/* wait_s 0: the behaviour before issue 13: the clocks start at not_before whoever is there. */
static void no_wait_starts_regardless(void)
{
    game_gate g = {S(5), 0};
    uint64_t next = 0;
    CHECK_EQ_U64("no deadline", GAME_NEVER, game_gate_deadline_us(&g));
    CHECK_EQ_INT("before", GAME_GATE_HOLD,
                 game_gate_decide(&g, GAME_KIND_BUGHOUSE, 0, S(4), NULL, &next));
    CHECK_EQ_U64("at the break's end", S(5), next);
    CHECK_EQ_INT("nobody there, started", GAME_GATE_START,
                 game_gate_decide(&g, GAME_KIND_BUGHOUSE, 0, S(5), NULL, NULL));
    game_gate far = {GAME_NEVER - 10, UINT32_MAX};
    CHECK_MSG(game_gate_deadline_us(&far) == GAME_NEVER - 1, "deadline saturates");
}

static const bh_test_case cases[] = {
    {"seed004_waiting_time", seed004_waiting_time},
    {"absences_combine_as_flags", absences_combine_as_flags},
    {"chess_board_forfeit", chess_board_forfeit},
    {"no_wait_starts_regardless", no_wait_starts_regardless},
};

int main(int argc, char **argv)
{
    return bh_test_run(cases, BH_ARRAY_LEN(cases), argc, argv);
}
