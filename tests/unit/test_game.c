/* test_game.c: the game model and the arbiter with a fake clock: one table row per R-* rule,
 * P-* rules (transfer, seat, premove, illegal, agreement, repetition, game 2), clock checks
 * (R-FLAG-EXACT, equal sums), replay from the event list, and a hand-checkable BPGN export.
 * SPDX-License-Identifier: MIT
 * Times are written in ms from the game start; expected results follow from docs/rules.md alone. */
#include <stdlib.h>
#include <string.h>

#include "bh_test.h"
#include "bpgn.h"
#include "game.h"

#define T0 1000000ULL /* game start: 1 s after the fake clock's zero */
#define T(ms) (T0 + (uint64_t)(ms)*1000ULL)

/* BPGN export -> import -> export is the identity, and the result survives it. */
static void check_round_trip(const game *g, const char *what)
{
    char *a = bpgn_export(g, NULL);
    bpgn_game bg;
    game *h = NULL;
    int rc = bpgn_parse(a, strlen(a), &bg, NULL);
    if (rc == BH_OK)
        rc = bpgn_import(&bg, NULL, T0, &h, NULL);
    CHECK_MSG(rc == BH_OK, "%s: import of own export: %s", what, bh_errname(rc));
    if (rc == BH_OK) {
        char *b = bpgn_export(h, NULL);
        CHECK_MSG(strcmp(a, b) == 0, "%s: round trip differs:\n%s----\n%s", what, a, b);
        free(b);
    }
    game_free(h);
    bpgn_game_fini(&bg);
    free(a);
}

static game *mk(const char *ruleset, uint32_t base_ms, uint32_t inc_ms)
{
    game_rules r;
    if (game_rules_by_name(ruleset, &r) != BH_OK)
        abort();
    game_setup s;
    game_setup_init(&s, &r, base_ms, inc_ms);
    static const char *const names[] = {"Anna", "Boris", "Carl", "Dora"};
    for (int i = 0; i < 4; i++)
        strcpy(s.players[i], names[i]);
    game *g = NULL;
    if (game_new(&s, T0, &g) != BH_OK)
        abort();
    return g;
}

static int mv(game *g, int seat, const char *text, uint64_t now)
{
    return game_move(g, seat, text, GAME_PLY_ANY, now, NULL);
}

/* A script step: seat plays text at ms (expected rc), or a tick when text is NULL. */
typedef struct step {
    int seat;
    const char *text;
    int ms;
    int rc;
} step;

#define END                                                                                        \
    {                                                                                              \
        -1, NULL, -1, BH_OK                                                                        \
    }

static void run(game *g, const step *s)
{
    for (; s->ms >= 0; s++) {
        int rc = s->text ? mv(g, s->seat, s->text, T(s->ms)) : game_tick(g, T(s->ms), NULL);
        CHECK_MSG(rc == s->rc, "step %s by %s at %d ms: expected %s, got %s",
                  s->text ? s->text : "tick", game_seat_name(s->seat), s->ms, bh_errname(s->rc),
                  bh_errname(rc));
    }
}

/* clang-format off */
/* Scholar's mate on board A by White-A (team 1): Qxf7 is a contact check protected by the
 * c4 bishop, so no drop can ever help (P-MATE). 7 plies, 100 ms apart from start_ms. */
#define SCHOLAR_A(start)                                                                    \
    {GAME_A_WHITE, "e2e4", (start), BH_OK}, {GAME_A_BLACK, "e7e5", (start) + 100, BH_OK},                 \
        {GAME_A_WHITE, "f1c4", (start) + 200, BH_OK}, {GAME_A_BLACK, "b8c6", (start) + 300, BH_OK},       \
        {GAME_A_WHITE, "d1h5", (start) + 400, BH_OK}, {GAME_A_BLACK, "g8f6", (start) + 500, BH_OK},       \
        {GAME_A_WHITE, "h5f7", (start) + 600, BH_OK}
#define SCHOLAR_B(start)                                                                    \
    {GAME_B_WHITE, "e2e4", (start), BH_OK}, {GAME_B_BLACK, "e7e5", (start) + 100, BH_OK},                 \
        {GAME_B_WHITE, "f1c4", (start) + 200, BH_OK}, {GAME_B_BLACK, "b8c6", (start) + 300, BH_OK},       \
        {GAME_B_WHITE, "d1h5", (start) + 400, BH_OK}, {GAME_B_BLACK, "g8f6", (start) + 500, BH_OK},       \
        {GAME_B_WHITE, "h5f7", (start) + 600, BH_OK}
/* Black-B mates White-B with Qxf2 protected by the c5 bishop (team 1 mates on B). */
#define BLACK_MATES_B(start)                                                                \
    {GAME_B_WHITE, "a2a3", (start), BH_OK}, {GAME_B_BLACK, "e7e5", (start) + 100, BH_OK},                 \
        {GAME_B_WHITE, "a3a4", (start) + 200, BH_OK}, {GAME_B_BLACK, "f8c5", (start) + 300, BH_OK},       \
        {GAME_B_WHITE, "a4a5", (start) + 400, BH_OK}, {GAME_B_BLACK, "d8h4", (start) + 500, BH_OK},       \
        {GAME_B_WHITE, "a5a6", (start) + 600, BH_OK}

/* clang-format on */
typedef struct arb_case {
    const char *name; /* R-* row */
    const char *ruleset;
    uint32_t base_ms;
    step steps[24];
    int end_ms; /* final tick */
    int winner; /* GAME_TEAM_1/2 or GAME_DRAW */
    game_end reason;
    int board;
    int seat;
    int t_ms; /* instant of the deciding event */
    int combined;
} arb_case;

/* clang-format off */
static const arb_case arb_cases[] = {
    /* Team 1 mates on A (t=600); inside the 2 s window Black-B (team 1) moves illegally on B. */
    {"R-ILLEGAL-MATE", "regulation", 60000,
     {SCHOLAR_A(0), {GAME_B_WHITE, "e2e4", 700, BH_OK}, {GAME_B_BLACK, "e7e4", 900, BH_EILLEGAL},
      END},
     5000, GAME_TEAM_2, GAME_END_ILLEGAL, GAME_BOARD_B, GAME_B_BLACK, 900, 2},
    /* Team 1 mates on A, team 2 mates on B inside the window: draw. */
    {"R-MATE-MATE", "regulation", 60000, {SCHOLAR_A(0), SCHOLAR_B(1000), END}, 5000, GAME_DRAW,
     GAME_END_MATE, GAME_BOARD_A, GAME_A_BLACK, 600, 2},
    /* Flags of different teams on the two boards: B-white (team 2) at 10.0 s, A-white
     * (team 1, moved at 0.5, Black moved at 1.0) at 10.5 s: draw. */
    {"R-FLAG-FLAG different teams", "regulation", 10000,
     {{GAME_A_WHITE, "e2e4", 500, BH_OK}, {GAME_A_BLACK, "e7e5", 1000, BH_OK}, END}, 13000,
     GAME_DRAW, GAME_END_FLAG, GAME_BOARD_B, GAME_B_WHITE, 10000, 2},
    /* Both flags of team 1: A-white at 10.0 s, B-black (clock from 0.2 s) at 10.2 s. */
    {"R-FLAG-FLAG one team", "regulation", 10000, {{GAME_B_WHITE, "e2e4", 200, BH_OK}, END},
     13000, GAME_TEAM_2, GAME_END_FLAG, GAME_BOARD_A, GAME_A_WHITE, 10000, 2},
    /* A-white (team 1) flags at 10.0 s; Black-B (team 1) mates on B at 10.1 s: mate wins. */
    {"R-FLAG-MATE regulation", "regulation", 10000,
     {BLACK_MATES_B(100), {GAME_B_BLACK, "h4f2", 10100, BH_OK}, END}, 13000, GAME_TEAM_1,
     GAME_END_MATE, GAME_BOARD_B, GAME_B_WHITE, 10100, 2},
    /* The same under online (settle 0): the flag at 10.0 s ends the game; the mate is late. */
    {"R-FLAG-MATE online", "online", 10000,
     {BLACK_MATES_B(100), {GAME_B_BLACK, "h4f2", 10100, BH_EOVER}, END}, 13000, GAME_TEAM_2,
     GAME_END_FLAG, GAME_BOARD_A, GAME_A_WHITE, 10000, 1},
    /* Illegal moves by different teams on the two boards: draw. */
    {"R-ILLEGAL-ILLEGAL", "regulation", 60000,
     {{GAME_A_WHITE, "e2e5", 100, BH_EILLEGAL}, {GAME_B_WHITE, "d1d8", 1500, BH_EILLEGAL}, END},
     5000, GAME_DRAW, GAME_END_ILLEGAL, GAME_BOARD_A, GAME_A_WHITE, 100, 2},
    /* R-ORDER: illegal (team 2 on B, 0.9 s) is senior to the mate team 1 gave on A. */
    {"R-ORDER illegal over mate", "regulation", 60000,
     {SCHOLAR_A(0), {GAME_B_WHITE, "e2e5", 900, BH_EILLEGAL}, END}, 5000, GAME_TEAM_1,
     GAME_END_ILLEGAL, GAME_BOARD_B, GAME_B_WHITE, 900, 2},
    /* R-SETTLE: a mate on B at the window's last instant (0.6 + 2.0 s) still combines (both
     * mates by team 1)... */
    {"R-SETTLE window includes its end", "regulation", 60000,
     {SCHOLAR_A(0), BLACK_MATES_B(700), {GAME_B_BLACK, "h4f2", 2600, BH_OK}, END}, 5000,
     GAME_TEAM_1, GAME_END_MATE, GAME_BOARD_A, GAME_A_BLACK, 600, 2},
    /* ... and 1 ms later the game is over. */
    {"R-SETTLE window closed", "regulation", 60000,
     {SCHOLAR_A(0), BLACK_MATES_B(700), {GAME_B_BLACK, "h4f2", 2601, BH_EOVER}, END}, 5000,
     GAME_TEAM_1, GAME_END_MATE, GAME_BOARD_A, GAME_A_BLACK, 600, 1},
    /* settle 0: only same-instant events combine: both Whites flag at 10.0 s: draw. */
    {"R-SETTLE online same instant", "online", 10000, {END}, 10500, GAME_DRAW, GAME_END_FLAG,
     GAME_BOARD_A, GAME_A_WHITE, 10000, 2},
    /* settle 0: A-white (team 1) flags at 10.0 s and Black-B (team 1) mates at that same
     * instant: they combine, the mate wins. */
    {"R-SETTLE online same-instant flag and mate", "online", 10000,
     {BLACK_MATES_B(100), {GAME_B_BLACK, "h4f2", 10000, BH_OK}, END}, 10500, GAME_TEAM_1,
     GAME_END_MATE, GAME_BOARD_B, GAME_B_WHITE, 10000, 2},
    /* settle 0, one mate: team 1 wins at once; B is stopped at the same instant. */
    {"R-SETTLE online first event ends", "online", 60000,
     {SCHOLAR_A(0), {GAME_B_WHITE, "e2e4", 601, BH_EOVER}, END}, 5000, GAME_TEAM_1,
     GAME_END_MATE, GAME_BOARD_A, GAME_A_BLACK, 600, 1},
};
/* clang-format on */

static void arbiter_table(void)
{
    for (size_t i = 0; i < BH_ARRAY_LEN(arb_cases); i++) {
        const arb_case *c = &arb_cases[i];
        game *g = mk(c->ruleset, c->base_ms, 0);
        run(g, c->steps);
        game_tick(g, T(c->end_ms), NULL);
        const game_result *r = game_get_result(g);
        CHECK_MSG(r != NULL, "%s: no result", c->name);
        if (r) {
            CHECK_MSG(r->winner == c->winner, "%s: winner %d, expected %d", c->name, r->winner,
                      c->winner);
            CHECK_MSG(r->reason == c->reason, "%s: reason %s, expected %s", c->name,
                      game_end_name(r->reason), game_end_name(c->reason));
            CHECK_MSG(r->board == c->board, "%s: board %d", c->name, r->board);
            CHECK_MSG(r->seat == c->seat, "%s: seat %s", c->name, game_seat_name(r->seat));
            CHECK_MSG(r->t_us == T(c->t_ms), "%s: t %llu", c->name,
                      (unsigned long long)(r->t_us - T0));
            CHECK_MSG(r->combined == c->combined, "%s: combined %d", c->name, r->combined);
            /* The wire's reason: a draw by events against both teams says so (s2c-result). */
            static const char *const both[][2] = {{"R-MATE-MATE", "mate_both"},
                                                  {"R-FLAG-FLAG different teams", "flag_both"},
                                                  {"R-ILLEGAL-ILLEGAL", "illegal_both"},
                                                  {"R-SETTLE online same instant", "flag_both"}};
            const char *want = game_end_name(c->reason);
            for (size_t k = 0; k < BH_ARRAY_LEN(both); k++)
                if (strcmp(both[k][0], c->name) == 0)
                    want = both[k][1];
            CHECK_MSG(strcmp(game_result_reason(r), want) == 0, "%s: wire reason %s, expected %s",
                      c->name, game_result_reason(r), want);
            size_t n;
            const game_event *ev = game_events(g, &n);
            CHECK_MSG(ev[n - 1].type == GAME_EV_RESULT && ev[n - 1].arg == c->winner,
                      "%s: last event is the result", c->name);
            /* The event list rebuilds the same game (R-* decided the same way). */
            game *h = NULL;
            CHECK_MSG(game_replay(game_get_setup(g), ev, n, &h) == BH_OK, "%s: replay", c->name);
            game_free(h);
            check_round_trip(g, c->name);
        }
        game_free(g);
    }
}

/* R-ORDER: resignation is voluntary and immediate; once a window is open it is the lowest. */
static void resign_rules(void)
{
    game *g = mk("regulation", 60000, 0);
    CHECK_EQ_INT("resign", BH_OK, game_resign(g, GAME_A_BLACK, T(1000), NULL));
    const game_result *r = game_get_result(g);
    CHECK(r && r->winner == GAME_TEAM_1 && r->reason == GAME_END_RESIGN && r->end_us == T(1000));
    CHECK_EQ_INT("B stopped at once", 59000000, game_clock_us(g, GAME_B_WHITE, T(5000)));
    CHECK_EQ_INT("resign again", BH_EOVER, game_resign(g, GAME_B_WHITE, T(1200), NULL));
    game_free(g);

    /* A-white (team 1) flags at 10 s; team 2 resigns on B inside the window: flag decides. */
    g = mk("regulation", 10000, 0);
    mv(g, GAME_B_WHITE, "e2e4", T(100));
    game_tick(g, T(10000), NULL);
    CHECK_EQ_INT("settling", GAME_SETTLING, game_state(g));
    CHECK_EQ_INT("resign in window", BH_OK, game_resign(g, GAME_B_WHITE, T(10050), NULL));
    r = game_get_result(g);
    CHECK(r && r->winner == GAME_TEAM_2 && r->reason == GAME_END_FLAG && r->combined == 2);
    game_free(g);
}

/* R-FLAG-EXACT: a flag noticed 300 ms late is dated at its instant; the flagged clock shows 0
 * and the other three their true values at that instant (online: the game ends there). */
static void flag_noticed_late(void)
{
    game *g = mk("online", 10000, 0);
    CHECK_EQ_INT("A white", BH_OK, mv(g, GAME_A_WHITE, "e2e4", T(1000)));
    CHECK_EQ_INT("A black", BH_OK, mv(g, GAME_A_BLACK, "e7e5", T(1500)));
    CHECK_EQ_INT("B white", BH_OK, mv(g, GAME_B_WHITE, "d2d4", T(2000)));
    CHECK_EQ_U64("next deadline: A-white's flag", T(10500), game_next_deadline_us(g));
    game_delta d;
    game_tick(g, T(10800), &d);
    const game_result *r = game_get_result(g);
    CHECK(r != NULL);
    if (r) {
        CHECK_EQ_U64("dated at the exact instant", T(10500), r->t_us);
        CHECK_EQ_U64("ended then", T(10500), r->end_us);
        CHECK_EQ_INT("seat", GAME_A_WHITE, r->seat);
        CHECK_EQ_INT("team 2 wins", GAME_TEAM_2, r->winner);
    }
    CHECK_EQ_INT("flag + result events", 2, d.ev_count);
    CHECK_EQ_INT("A-white shows 0", 0, d.clock_us[GAME_A_WHITE]);
    CHECK_EQ_INT("A-black 10 - 0.5", 9500000, d.clock_us[GAME_A_BLACK]);
    CHECK_EQ_INT("B-white 10 - 2", 8000000, d.clock_us[GAME_B_WHITE]);
    CHECK_EQ_INT("B-black 10 - (10.5 - 2)", 1500000, d.clock_us[GAME_B_BLACK]);
    CHECK_EQ_U64("no deadline", GAME_NEVER, game_next_deadline_us(g));
    /* A move on board B after the game ended on A: a typed error. */
    CHECK_EQ_INT("move after end", BH_EOVER, mv(g, GAME_B_BLACK, "d7d5", T(10900)));
    game_free(g);
}

/* With no increment and both boards started together, A-white + A-black = B-white + B-black
 * at every instant (each board's sum is 2 * base - elapsed). Random legal play, fixed seed. */
static void clock_sums_equal(void)
{
    game *g = mk("online", 180000, 0);
    uint64_t seed = 42, now = T(0);
    for (int i = 0; i < 300 && game_state(g) == GAME_PLAYING; i++) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        now += (seed >> 33) % 400000;
        int board = (int)((seed >> 20) & 1);
        const bh_pos *p = game_pos(g, board);
        bh_move ms[BH_MAX_MOVES];
        int n = bh_gen_legal(p, ms);
        if (n > 0) {
            int seat = board * 2 + (int)bh_side_to_move(p);
            int rc =
                game_move_bh(g, seat, ms[(seed >> 40) % (uint64_t)n], GAME_PLY_ANY, 0, now, NULL);
            CHECK_EQ_INT("random move", BH_OK, rc);
        }
        uint64_t at = now + (seed >> 50) % 1000;
        int64_t a = game_clock_us(g, GAME_A_WHITE, at) + game_clock_us(g, GAME_A_BLACK, at);
        int64_t b = game_clock_us(g, GAME_B_WHITE, at) + game_clock_us(g, GAME_B_BLACK, at);
        if (game_state(g) == GAME_PLAYING) {
            CHECK_EQ_INT("A sum == B sum", a, b);
            CHECK_EQ_INT("A sum == 360 s - elapsed", 360000000 - (int64_t)(at - T0), a);
        }
    }
    check_round_trip(g, "random play"); /* µs clocks exported in ms, re-imported */
    game_free(g);
}

/* P-MOVE, P-PROMO: a capture enters the partner's reserve at the instant of the move. */
static void capture_goes_to_partner(void)
{
    game *g = mk("online", 60000, 0);
    mv(g, GAME_A_WHITE, "e2e4", T(100));
    mv(g, GAME_A_BLACK, "d7d5", T(200));
    game_delta d;
    CHECK_EQ_INT("exd5", BH_OK, game_move(g, GAME_A_WHITE, "exd5", 2, T(300), &d));
    CHECK_EQ_INT("handed a pawn", BH_PAWN, d.handed);
    CHECK_EQ_INT("to Black-B", GAME_B_BLACK, d.handed_to);
    CHECK_EQ_STR("san", "exd5", d.san);
    CHECK_EQ_STR("uci", "e4d5", d.uci);
    CHECK_EQ_INT("Black-B holds it", 1, bh_reserve_count(game_pos(g, 1), BH_BLACK, BH_PAWN));
    CHECK_EQ_INT("White-A holds none", 0, bh_reserve_count(game_pos(g, 0), BH_WHITE, BH_PAWN));
    /* Black-B drops it on its first turn (P-DROP). */
    mv(g, GAME_B_WHITE, "e2e4", T(400));
    CHECK_EQ_INT("P@d5", BH_OK, mv(g, GAME_B_BLACK, "P@d5", T(500)));
    CHECK_EQ_INT("reserve empty", 0, bh_reserve_count(game_pos(g, 1), BH_BLACK, BH_PAWN));
    mv(g, GAME_B_WHITE, "g1f3", T(600));
    CHECK_EQ_INT("no second pawn", BH_EILLEGAL, mv(g, GAME_B_BLACK, "P@d6", T(700)));
    game_free(g);
}

/* P-MATE: a slider check that a drop could block is not mate, even with an empty reserve;
 * P-WAIT: the checked side, with no legal move, waits with its clock running until its
 * partner's capture arrives, then blocks with a drop. Board A starts from a FEN. */
static void blockable_check_waits(void)
{
    game_rules r;
    game_rules_online(&r);
    game_setup s;
    game_setup_init(&s, &r, 60000, 0);
    strcpy(s.fen[0], "k7/8/8/8/8/8/1R6/6RK[] w - - 0 1");
    game *g = NULL;
    CHECK_EQ_INT("FEN start", BH_OK, game_new(&s, T0, &g));
    game_delta d;
    CHECK_EQ_INT("Ra1+", BH_OK, game_move(g, GAME_A_WHITE, "Ra1", 0, T(100), &d));
    CHECK_EQ_STR("check, not mate", "Ra1+", d.san);
    CHECK_EQ_INT("no legal move", BH_STATUS_WAITING, bh_status(game_pos(g, 0)));
    CHECK_EQ_INT("game goes on", GAME_PLAYING, game_state(g));
    CHECK_EQ_INT("no drop yet", BH_EILLEGAL, mv(g, GAME_A_BLACK, "P@a7", T(200)));
    /* B: 1. e4 d5 2. exd5: White-B's capture goes to its partner Black-A. */
    mv(g, GAME_B_WHITE, "e2e4", T(300));
    mv(g, GAME_B_BLACK, "d7d5", T(400));
    CHECK_EQ_INT("exd5", BH_OK, game_move(g, GAME_B_WHITE, "exd5", 2, T(500), &d));
    CHECK_EQ_INT("to Black-A", GAME_A_BLACK, d.handed_to);
    CHECK_EQ_INT("Black-A's clock ran while waiting", 60000000 - 4900000,
                 game_clock_us(g, GAME_A_BLACK, T(5000)));
    CHECK_EQ_INT("P@a7 blocks", BH_OK, game_move(g, GAME_A_BLACK, "P@a7", 1, T(5000), &d));
    CHECK_EQ_INT("still playing", GAME_PLAYING, game_state(g));
    check_round_trip(g, "FEN start");
    game_free(g);

    strcpy(s.fen[0], "not a fen");
    CHECK_EQ_INT("bad FEN", BH_EFEN, game_new(&s, T0, &g));
}

/* P-SEAT, P-PREMOVE, stale ply, P-ILLEGAL in both rulesets. */
static void move_errors(void)
{
    game *g = mk("regulation", 60000, 0);
    size_t n0, n1;
    game_events(g, &n0);
    CHECK_EQ_INT("black first: not your turn", BH_ETURN,
                 game_move(g, GAME_A_BLACK, "e7e5", 0, T(50), NULL));
    CHECK_EQ_INT("black's premove for ply 1: stale (c2s-move.md)", BH_ESTALE,
                 game_move(g, GAME_A_BLACK, "e7e5", 1, T(50), NULL));
    CHECK_EQ_INT("stale ply", BH_ESTALE, game_move(g, GAME_A_WHITE, "e2e4", 1, T(60), NULL));
    CHECK_EQ_INT("garbage is no move", BH_EMOVE, mv(g, GAME_A_WHITE, "hello", T(70)));
    CHECK_EQ_INT("seat out of range", BH_EINVAL, mv(g, 4, "e2e4", T(80)));
    game_events(g, &n1);
    CHECK_EQ_INT("nothing recorded", (int)n0, (int)n1);
    CHECK_EQ_INT("white", BH_OK, game_move(g, GAME_A_WHITE, "e2e4", 0, T(100), NULL));
    CHECK_EQ_INT("time going back", BH_EINVAL, mv(g, GAME_A_BLACK, "e7e5", T(90)));
    /* The premove sent before White's move was rejected, never queued: Black is to move. */
    CHECK_EQ_INT("plies", 1, game_board_plies(g, 0));
    CHECK_EQ_INT("black to move", BH_BLACK, bh_side_to_move(game_pos(g, 0)));
    CHECK_EQ_INT("SAN accepted", BH_OK, game_move(g, GAME_A_BLACK, "Nf6", 1, T(200), NULL));
    game_free(g);

    /* online: an illegal move is rejected and changes nothing. */
    g = mk("online", 60000, 0);
    game_events(g, &n0);
    CHECK_EQ_INT("illegal rejected", BH_EILLEGAL, mv(g, GAME_A_WHITE, "e2e5", T(100)));
    game_events(g, &n1);
    CHECK_EQ_INT("nothing recorded", (int)n0, (int)n1);
    CHECK_EQ_INT("still playing", GAME_PLAYING, game_state(g));
    CHECK_EQ_INT("then legal", BH_OK, mv(g, GAME_A_WHITE, "e2e4", T(200)));
    game_free(g);

    /* regulation: it is recorded and stops the board; the team loses after the window. */
    g = mk("regulation", 60000, 0);
    game_delta d;
    /* A pawn move to the last rank without its piece is incomplete text: refused, no penalty. */
    game_events(g, &n0);
    CHECK_EQ_INT("no promotion piece", BH_EMOVE, game_move(g, GAME_B_WHITE, "e2e8", 0, T(50), &d));
    game_events(g, &n1);
    CHECK_EQ_INT("incomplete text not recorded", (int)n0, (int)n1);
    CHECK_EQ_INT("illegal recorded", BH_EILLEGAL,
                 game_move(g, GAME_B_WHITE, "e2e5", 0, T(100), &d));
    CHECK_EQ_INT("one event", 1, d.ev_count);
    CHECK_EQ_INT("settling", GAME_SETTLING, d.state);
    CHECK(game_board_stopped(g, 1) && !game_board_stopped(g, 0));
    CHECK_EQ_U64("deadline: window end + 1 µs", T(2100) + 1, game_next_deadline_us(g));
    CHECK_EQ_INT("board B stopped", BH_EOVER, mv(g, GAME_B_WHITE, "e2e4", T(200)));
    CHECK_EQ_INT("board A plays on", BH_OK, mv(g, GAME_A_WHITE, "e2e4", T(300)));
    game_tick(g, T(2100) + 1, NULL);
    const game_result *r = game_get_result(g);
    CHECK(r && r->winner == GAME_TEAM_1 && r->reason == GAME_END_ILLEGAL);
    CHECK(r && r->end_us == T(2100));
    game_free(g);
}

/* P-AGREE: an offer by one team, acceptance by the other; it ends both boards. */
static void draw_by_agreement(void)
{
    game *g = mk("regulation", 60000, 0);
    CHECK_EQ_INT("no offer to accept", BH_ESTATE, game_accept_draw(g, GAME_A_BLACK, T(10), NULL));
    CHECK_EQ_INT("offer (team 1)", BH_OK, game_offer_draw(g, GAME_A_WHITE, T(20), NULL));
    CHECK_EQ_INT("pending", GAME_TEAM_1, game_draw_offer(g));
    CHECK_EQ_INT("second offer", BH_ESTATE, game_offer_draw(g, GAME_B_WHITE, T(30), NULL));
    CHECK_EQ_INT("partner cannot accept", BH_ESTATE,
                 game_accept_draw(g, GAME_B_BLACK, T(40), NULL));
    CHECK_EQ_INT("decline", BH_OK, game_decline_draw(g, GAME_B_WHITE, T(50), NULL));
    CHECK_EQ_INT("gone", 0, game_draw_offer(g));
    CHECK_EQ_INT("offer (team 2)", BH_OK, game_offer_draw(g, GAME_B_WHITE, T(60), NULL));
    CHECK_EQ_INT("accept (team 1)", BH_OK, game_accept_draw(g, GAME_B_BLACK, T(70), NULL));
    const game_result *r = game_get_result(g);
    CHECK(r && r->winner == GAME_DRAW && r->reason == GAME_END_AGREE && r->end_us == T(70));
    CHECK(game_board_stopped(g, 0) && game_board_stopped(g, 1));
    size_t n;
    const game_event *ev = game_events(g, &n);
    game *h = NULL;
    CHECK_EQ_INT("replay", BH_OK, game_replay(game_get_setup(g), ev, n, &h));
    game_free(h);
    game_free(g);

    /* No draw while a settle window is open. */
    g = mk("regulation", 60000, 0);
    mv(g, GAME_A_WHITE, "e2e5", T(10));
    CHECK_EQ_INT("offer in window", BH_EOVER, game_offer_draw(g, GAME_B_WHITE, T(20), NULL));
    game_free(g);
}

/* P-REPEAT: the same board, side, rights and both reserves three times; claim by a player of
 * that board. A partner capture changes the reserves, so the count starts again. */
static void repetition_claim(void)
{
    static const char *const shuffle[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
    game *g = mk("online", 60000, 0);
    int t = 0;
    for (int k = 0; k < 4; k++)
        mv(g, k & 1, shuffle[k], T(t += 100));
    CHECK_EQ_INT("twice only", BH_ESTATE, game_claim_repetition(g, GAME_A_WHITE, T(t += 10), NULL));
    for (int k = 0; k < 4; k++)
        mv(g, k & 1, shuffle[k], T(t += 100));
    CHECK_EQ_INT("partner board cannot claim", BH_ESTATE,
                 game_claim_repetition(g, GAME_B_WHITE, T(t += 10), NULL));
    CHECK_EQ_INT("third time", BH_OK, game_claim_repetition(g, GAME_A_BLACK, T(t += 10), NULL));
    const game_result *r = game_get_result(g);
    CHECK(r && r->winner == GAME_DRAW && r->reason == GAME_END_REPEAT && r->board == 0);
    game_free(g);

    g = mk("online", 60000, 0);
    t = 0;
    for (int k = 0; k < 4; k++)
        mv(g, k & 1, shuffle[k], T(t += 100));
    /* B: 1. e4 d5 2. exd5: White-B's capture goes to Black-A (board A's reserve). */
    mv(g, GAME_B_WHITE, "e2e4", T(t += 100));
    mv(g, GAME_B_BLACK, "d7d5", T(t += 100));
    mv(g, GAME_B_WHITE, "e4d5", T(t += 100));
    for (int k = 0; k < 4; k++)
        mv(g, k & 1, shuffle[k], T(t += 100));
    CHECK_EQ_INT("reserves differ: no repetition", BH_ESTATE,
                 game_claim_repetition(g, GAME_A_WHITE, T(t += 10), NULL));
    game_free(g);
}

/* P-GAME2: the loser of game 1 chooses colours; after a draw the colours swap. */
static void game2_colours(void)
{
    game *g = mk("regulation", 60000, 0);
    game_resign(g, GAME_A_BLACK, T(100), NULL); /* team 1 (Anna + Dora) wins */
    game_setup s2;
    CHECK_EQ_INT("keep", BH_OK, game_setup_game2(g, false, &s2));
    CHECK_EQ_STR("kept", "Anna", s2.players[GAME_A_WHITE]);
    CHECK_EQ_INT("team1_is kept", 1, s2.team1_is);
    CHECK_EQ_INT("swap", BH_OK, game_setup_game2(g, true, &s2));
    CHECK_EQ_STR("A white", "Boris", s2.players[GAME_A_WHITE]);
    CHECK_EQ_STR("A black", "Anna", s2.players[GAME_A_BLACK]);
    CHECK_EQ_STR("B white", "Dora", s2.players[GAME_B_WHITE]);
    CHECK_EQ_STR("B black", "Carl", s2.players[GAME_B_BLACK]);
    CHECK_EQ_INT("team1 seats now hold match team 2", 2, s2.team1_is);
    game *g2 = NULL;
    CHECK_EQ_INT("game 2 starts", BH_OK, game_new(&s2, T(60000), &g2));
    game_resign(g2, GAME_A_BLACK, T(61000), NULL); /* Anna resigns: match team 1 loses */
    const game_result *r = game_get_result(g2);
    CHECK(r && r->winner == GAME_TEAM_1 && r->match_winner == 2);
    game_free(g2);
    game_free(g);

    g = mk("regulation", 60000, 0);
    CHECK_EQ_INT("not over", BH_ESTATE, game_setup_game2(g, true, &s2));
    game_offer_draw(g, GAME_A_WHITE, T(10), NULL);
    game_accept_draw(g, GAME_A_BLACK, T(20), NULL);
    CHECK_EQ_INT("draw", BH_OK, game_setup_game2(g, false, &s2));
    CHECK_EQ_STR("draw swaps", "Boris", s2.players[GAME_A_WHITE]);
    game_free(g);
}

/* R-FLAG-EXACT: lag credit only under a ruleset that caps it; it is recorded in the event so
 * a replay charges the same time. */
static void lag_credit_policy(void)
{
    game_rules r;
    game_rules_online(&r);
    r.lag.max_move_ms = 200;
    game_setup s;
    game_setup_init(&s, &r, 10000, 0);
    game *g = NULL;
    game_new(&s, T0, &g);
    game_move_bh(g, GAME_A_WHITE, bh_move_make(12, 28, BH_MK_NORMAL), 0, 500000, T(1000), NULL);
    CHECK_EQ_INT("charged 1 s - 0.2 s cap", 9200000, game_clock_us(g, GAME_A_WHITE, T(2000)));
    size_t n;
    const game_event *ev = game_events(g, &n);
    CHECK_EQ_INT("credit recorded", 200000, ev[1].lag_us);
    game *h = NULL;
    CHECK_EQ_INT("replay", BH_OK, game_replay(&s, ev, n, &h));
    CHECK_EQ_INT("same clock", 9200000, game_clock_us(h, GAME_A_WHITE, T(2000)));
    game_free(h);
    game_free(g);

    g = mk("online", 10000, 0); /* off by default */
    game_move_bh(g, GAME_A_WHITE, bh_move_make(12, 28, BH_MK_NORMAL), 0, 500000, T(1000), NULL);
    CHECK_EQ_INT("no credit", 9000000, game_clock_us(g, GAME_A_WHITE, T(2000)));
    game_free(g);
}

/* P-PREMOVE as a casual-ruleset option: a move for the next ply is queued and played at the
 * instant of the opponent's move (no time charged); one not legal then is dropped. */
static void premove_casual(void)
{
    game_rules r;
    game_rules_online(&r);
    r.premove = true;
    game_setup s;
    game_setup_init(&s, &r, 60000, 0);
    game *g = NULL;
    game_new(&s, T0, &g);
    game_delta d;
    CHECK_EQ_INT("e4", BH_OK, game_move(g, GAME_A_WHITE, "e2e4", 0, T(100), &d));
    CHECK_EQ_INT("premove for the wrong ply", BH_ESTALE,
                 game_move(g, GAME_A_WHITE, "g1f3", 1, T(120), &d));
    CHECK_EQ_INT("premove must be UCI", BH_EMOVE, game_move(g, GAME_A_WHITE, "Nf3", 2, T(130), &d));
    CHECK_EQ_INT("queued", BH_OK, game_move(g, GAME_A_WHITE, "g1f3", 2, T(150), &d));
    CHECK(d.premove_queued);
    CHECK_EQ_STR("pending", "g1f3", game_premove(g, GAME_A_WHITE));
    CHECK_EQ_INT("black moves", BH_OK, game_move(g, GAME_A_BLACK, "e7e5", 1, T(400), &d));
    CHECK_EQ_INT("premove played: move + move", 2, d.ev_count);
    CHECK_EQ_INT("three plies", 3, game_board_plies(g, 0));
    CHECK(game_premove(g, GAME_A_WHITE) == NULL);
    CHECK_EQ_INT("no time charged", 59900000, game_clock_us(g, GAME_A_WHITE, T(1000)));
    CHECK_EQ_INT("Nc6", BH_OK, mv(g, GAME_A_BLACK, "b8c6", T(500)));
    CHECK_EQ_INT("black premoves e5e4", BH_OK, mv(g, GAME_A_BLACK, "e5e4", T(600)));
    CHECK_EQ_INT("Nxe5 takes that pawn", BH_OK, game_move(g, GAME_A_WHITE, "f3e5", 4, T(700), &d));
    size_t n;
    const game_event *ev = game_events(g, &n);
    CHECK_EQ_INT("premove dropped", GAME_EV_PREMOVE, ev[n - 1].type);
    CHECK_EQ_STR("dropped, not illegal", "", ev[n - 1].uci);
    CHECK_EQ_INT("still playing", GAME_PLAYING, game_state(g));
    CHECK_EQ_INT("queue again", BH_OK, mv(g, GAME_A_WHITE, "d2d4", T(800)));
    CHECK_EQ_INT("cancel", BH_OK, game_cancel_premove(g, GAME_A_WHITE, T(900), NULL));
    CHECK_EQ_INT("nothing to cancel", BH_ESTATE,
                 game_cancel_premove(g, GAME_A_WHITE, T(950), NULL));
    ev = game_events(g, &n);
    game *h = NULL;
    CHECK_EQ_INT("replay with premoves", BH_OK, game_replay(&s, ev, n, &h));
    game_free(h);
    check_round_trip(g, "premoves");
    game_free(g);

    /* regulation: rejected, never queued, nothing recorded. */
    g = mk("regulation", 60000, 0);
    mv(g, GAME_A_WHITE, "e2e4", T(100));
    /* c2s-move.md: a premove (for the next ply) is stale_ply; at the current ply out of
     * turn it is not_your_turn */
    CHECK_EQ_INT("rejected", BH_ESTALE, game_move(g, GAME_A_WHITE, "g1f3", 2, T(150), NULL));
    CHECK_EQ_INT("out of turn", BH_ETURN, game_move(g, GAME_A_WHITE, "g1f3", 1, T(150), NULL));
    CHECK(game_premove(g, GAME_A_WHITE) == NULL);
    game_free(g);
}

/* A stored event list that was tampered with does not replay. */
static void replay_detects_tampering(void)
{
    game *g = mk("online", 60000, 0);
    mv(g, GAME_A_WHITE, "e2e4", T(100));
    mv(g, GAME_A_BLACK, "e7e5", T(200));
    size_t n;
    const game_event *ev = game_events(g, &n);
    game_event bad[8];
    memcpy(bad, ev, n * sizeof *ev);
    bad[2].seat = GAME_A_WHITE; /* White "plays" Black's move */
    game *h = NULL;
    CHECK_EQ_INT("tampered", BH_ESTATE, game_replay(game_get_setup(g), bad, n, &h));
    CHECK_EQ_INT("empty", BH_EINVAL, game_replay(game_get_setup(g), ev, 0, &h));
    game_free(g);
}

/* BPGN export of a short game, checkable by hand: clocks are base - elapsed per mover; the
 * Scholar's mate ends on A; Result is board A's (bughousedb), Winner names the team. */
static void bpgn_export_by_hand(void)
{
    game *g = mk("online", 60000, 0);
    static const step steps[] = {{GAME_A_WHITE, "e2e4", 1000, BH_OK},
                                 {GAME_B_WHITE, "d2d4", 1500, BH_OK},
                                 {GAME_A_BLACK, "e7e5", 2250, BH_OK},
                                 {GAME_A_WHITE, "Bc4", 3000, BH_OK},
                                 {GAME_A_BLACK, "Nc6", 4000, BH_OK},
                                 {GAME_A_WHITE, "Qh5", 5000, BH_OK},
                                 {GAME_A_BLACK, "Nf6", 6000, BH_OK},
                                 {GAME_A_WHITE, "Qxf7", 7000, BH_OK},
                                 END};
    run(g, steps);
    game_tick(g, T(8000), NULL);
    bpgn_meta meta = {.event = "test", .date = "2026-01-01"};
    char *s = bpgn_export(g, &meta);
    const char *want = "[Event \"test\"]\n[Date \"2026-01-01\"]\n[WhiteA \"Anna\"]\n"
                       "[BlackA \"Boris\"]\n[WhiteB \"Carl\"]\n[BlackB \"Dora\"]\n"
                       "[TimeControl \"60+0\"]\n[Ruleset \"online\"]\n"
                       "[Winner \"WhiteA+BlackB\"]\n[Result \"1-0\"]\n\n"
                       "1A. e4{59} 1B. d4{58.5} 1a. e5{58.75} 2A. Bc4{58.25} 2a. Nc6{57.75}\n"
                       "3A. Qh5{57.25} 3a. Nf6{56.75} 4A. Qxf7#{56.25}\n"
                       "{Boris checkmated} 1-0\n";
    CHECK_EQ_STR("export", want, s);
    bpgn_game bg;
    CHECK_EQ_INT("parse", BH_OK, bpgn_parse(s, strlen(s), &bg, NULL));
    int w = -1;
    CHECK_EQ_INT("team result", BH_OK, bpgn_team_result(&bg, &w));
    CHECK_EQ_INT("team 1", GAME_TEAM_1, w);
    CHECK_EQ_INT("8 moves + closing comment", 9, (int)bg.nitems);
    CHECK_EQ_INT("clock of 1B", 58500, (int)bg.items[1].clock_ms);
    bpgn_game_fini(&bg);
    free(s);
    game_free(g);
}

/* A game decided on board B: Result is board B's (Black-B mated: 0-1), Winner is team 1; the
 * file read without its Winner tag (bughousedb convention) gives the same team. */
static void bpgn_result_on_board_b(void)
{
    game *g = mk("online", 60000, 0);
    static const step steps[] = {BLACK_MATES_B(100), {GAME_B_BLACK, "h4f2", 900, BH_OK}, END};
    run(g, steps);
    game_tick(g, T(1000), NULL);
    char *s = bpgn_export(g, NULL);
    CHECK_MSG(strstr(s, "[Winner \"WhiteA+BlackB\"]\n[Result \"0-1\"]") != NULL, "tags:\n%s", s);
    CHECK_MSG(strstr(s, "{Carl checkmated} 0-1\n") != NULL, "closing:\n%s", s);
    char *w = strstr(s, "[Winner");
    memmove(w, strchr(w, '\n') + 1, strlen(strchr(w, '\n') + 1) + 1);
    bpgn_game bg;
    CHECK_EQ_INT("parse", BH_OK, bpgn_parse(s, strlen(s), &bg, NULL));
    int team = -1;
    CHECK_EQ_INT("result", BH_OK, bpgn_team_result(&bg, &team));
    CHECK_EQ_INT("team 1 by the bughousedb reading", GAME_TEAM_1, team);
    bpgn_game_fini(&bg);
    free(s);
    game_free(g);
}

/* bughousedb's Result is for the board that ended the game (FORMAT.md): 1934301 ends with a
 * mate on B and says 1-0, so White-B + Black-A (team 2) won. */
static void bpgn_bughousedb_convention(void)
{
    const char *text = "[WhiteA \"Rabbos\"][BlackA \"Stesox\"]\n[WhiteB \"Giomaxxim\"]"
                       "[BlackB \"BobBughouse\"]\n[Result \"1-0\"]\n"
                       "1A. e4{1} 1B. e4{1} {BobBughouse checkmated} 1-0\n";
    bpgn_game bg;
    CHECK_EQ_INT("parse", BH_OK, bpgn_parse(text, strlen(text), &bg, NULL));
    int w = -1;
    CHECK_EQ_INT("result", BH_OK, bpgn_team_result(&bg, &w));
    CHECK_EQ_INT("team 2 won", GAME_TEAM_2, w);
    CHECK_EQ_STR("two tags on a line", "Stesox", bpgn_get_tag(&bg, "BlackA"));
    bpgn_game_fini(&bg);
    CHECK_EQ_INT("bad token", BH_EPARSE, bpgn_parse("1A e4", 5, &bg, NULL));
    CHECK_EQ_INT("unclosed comment", BH_EPARSE, bpgn_parse("1A. e4 {x", 9, &bg, NULL));
}

/* ---- hostile-input review (regressions) ------------------------------------------------ */

/* A game started near UINT64_MAX (long base time) wrapped its flag instants to early values:
 * the first call flagged both boards "in the past" and the record did not replay. */
static void issue_start_near_uint64_max(void)
{
    game_rules r;
    game_rules_regulation(&r);
    game_setup s;
    game_setup_init(&s, &r, UINT32_MAX, 0);
    uint64_t t0 = UINT64_MAX - 1000000000ULL;
    game *g = NULL;
    if (game_new(&s, t0, &g) != BH_OK) {
        CHECK_MSG(false, "game_new");
        return;
    }
    CHECK_EQ_U64("deadline saturates", GAME_NEVER - 1, game_next_deadline_us(g));
    game_tick(g, t0 + 1, NULL);
    CHECK_EQ_INT("still playing", GAME_PLAYING, game_state(g));
    CHECK_EQ_INT("e4", BH_OK, game_move(g, GAME_A_WHITE, "e4", 0, t0 + 2, NULL));
    CHECK_EQ_INT("resign", BH_OK, game_resign(g, GAME_B_BLACK, t0 + 3, NULL));
    CHECK_EQ_INT("over", GAME_OVER, game_state(g));
    size_t n;
    const game_event *ev = game_events(g, &n);
    game *h = NULL;
    CHECK_EQ_INT("replays", BH_OK, game_replay(&s, ev, n, &h));
    game_free(h);
    game_free(g);
    /* GAME_NEVER is a sentinel, never the instant of an act. */
    CHECK_EQ_INT("start at GAME_NEVER", BH_EINVAL, game_new(&s, GAME_NEVER, &g));
    CHECK_EQ_INT("new", BH_OK, game_new(&s, GAME_NEVER - 10, &g));
    CHECK_EQ_INT("move at GAME_NEVER", BH_EINVAL, mv(g, GAME_A_WHITE, "e4", GAME_NEVER));
    CHECK_EQ_INT("resign at GAME_NEVER", BH_EINVAL, game_resign(g, 0, GAME_NEVER, NULL));
    CHECK_EQ_INT("flag at the end of time", BH_OK, game_tick(g, GAME_NEVER, NULL));
    CHECK_EQ_INT("over", GAME_OVER, game_state(g));
    game_free(g);
}

/* bpgn_parse summed the move number's digits into an int before checking it (signed overflow
 * on "99999999999A."), and refused numbers over 9999 that our own export writes for long
 * games (FEN full-move numbers go to 65535). */
static void issue_bpgn_move_numbers(void)
{
    bpgn_game bg;
    const char *ok = "[FENA \"4k3/8/8/8/8/8/8/4K3[] b - - 0 65534\"]\n"
                     "65534a. Kd8 65535A. Kd1 65535a. Ke8 *";
    CHECK_EQ_INT("65535 parses", BH_OK, bpgn_parse(ok, strlen(ok), &bg, NULL));
    CHECK_EQ_INT("three moves", 3, bg.nitems);
    game *g = NULL;
    CHECK_EQ_INT("imports", BH_OK, bpgn_import(&bg, NULL, T0, &g, NULL));
    if (g)
        check_round_trip(g, "move 65535");
    game_free(g);
    bpgn_game_fini(&bg);
    static const char *const bad[] = {"99999999999999999999A. e4", "65536A. e4", "2147483648a. e5"};
    for (size_t i = 0; i < BH_ARRAY_LEN(bad); i++)
        CHECK_EQ_INT(bad[i], BH_EPARSE, bpgn_parse(bad[i], strlen(bad[i]), &bg, NULL));
}

/* Act comments named players by name: a name holding '}' ended the comment early (the export
 * did not parse), and two seats with the same name made import credit the act to the first
 * of them (a resignation by BlackA came back as WhiteA's: the other team lost). Such names
 * are now written as the seat label. */
static void issue_bpgn_unreadable_names(void)
{
    static const char *const sets[][4] = {
        {"a}b", "Boris", "Carl", "Dora"},
        {"bot", "bot", "Carl", "Dora"},
        {"BlackA", "Boris", "Carl", "Dora"},
    };
    for (size_t k = 0; k < BH_ARRAY_LEN(sets); k++) {
        game_rules r;
        game_rules_online(&r);
        game_setup s;
        game_setup_init(&s, &r, 60000, 0);
        for (int i = 0; i < 4; i++)
            strcpy(s.players[i], sets[k][i]);
        game *g = NULL;
        if (game_new(&s, T0, &g) != BH_OK)
            abort();
        CHECK_EQ_INT("e4", BH_OK, mv(g, GAME_A_WHITE, "e4", T(1000)));
        CHECK_EQ_INT("offer", BH_OK, game_offer_draw(g, GAME_A_WHITE, T(1500), NULL));
        CHECK_EQ_INT("decline", BH_OK, game_decline_draw(g, GAME_A_BLACK, T(1600), NULL));
        CHECK_EQ_INT("resign", BH_OK, game_resign(g, GAME_A_BLACK, T(2000), NULL));
        char *a = bpgn_export(g, NULL);
        bpgn_game bg;
        game *h = NULL;
        int rc = bpgn_parse(a, strlen(a), &bg, NULL);
        if (rc == BH_OK)
            rc = bpgn_import(&bg, NULL, T0, &h, NULL);
        CHECK_MSG(rc == BH_OK, "names %s/%s: import %s\n%s", sets[k][0], sets[k][1], bh_errname(rc),
                  a);
        if (h) {
            CHECK_EQ_INT("winner", GAME_TEAM_1, game_get_result(h)->winner);
            CHECK_EQ_INT("resigning seat", GAME_A_BLACK, game_get_result(h)->seat);
            size_t n1, n2;
            game_events(g, &n1);
            game_events(h, &n2);
            CHECK_EQ_INT("same number of events", n1, n2);
        }
        check_round_trip(g, sets[k][0]);
        game_free(h);
        bpgn_game_fini(&bg);
        free(a);
        game_free(g);
    }
}

/* [TimeControl "nan"] passed the range check (NaN compares false) and was converted to an
 * integer (undefined behaviour); a base that rounds to 0 ms gave BH_EINVAL. Both are a bad
 * TimeControl: BH_EPARSE, as bpgn.h says. */
static void issue_bpgn_timecontrol_nan(void)
{
    static const char *const bad[] = {"nan", "NAN+1", "60+nan", "0.0001", "inf", "-5", "60+-1"};
    for (size_t i = 0; i < BH_ARRAY_LEN(bad); i++) {
        char text[128];
        snprintf(text, sizeof text, "[TimeControl \"%s\"]\n1A. e4 *", bad[i]);
        bpgn_game bg;
        game *g = NULL;
        CHECK_EQ_INT("parse", BH_OK, bpgn_parse(text, strlen(text), &bg, NULL));
        CHECK_EQ_INT(bad[i], BH_EPARSE, bpgn_import(&bg, NULL, T0, &g, NULL));
        game_free(g);
        bpgn_game_fini(&bg);
    }
}

/* A setup FEN with 16 black pawns in Black B's reserve: the pawn White A captured could not
 * enter it (bh_reserve_add: BH_ELIMIT, ignored) and vanished, against P-MOVE. Setups whose
 * material could overflow a reserve are now refused. */
static void issue_setup_reserve_overflow(void)
{
    game_rules r;
    game_rules_online(&r);
    game_setup s;
    game_setup_init(&s, &r, 60000, 0);
    strcpy(s.fen[1], "4k3/8/8/8/8/8/8/4K3[pppppppppppppppp] w - - 0 1");
    game *g = NULL;
    CHECK_EQ_INT("16 + 8 black pawns", BH_ELIMIT, game_new(&s, T0, &g));
    strcpy(s.fen[1], "4k3/8/8/8/8/8/8/4K3[pppppppp] w - - 0 1");
    CHECK_EQ_INT("8 + 8 black pawns", BH_OK, game_new(&s, T0, &g));
    game_free(g);
    strcpy(s.fen[0], "4k3/8/8/8/8/8/8/Q~3K3[] w - - 0 1");
    strcpy(s.fen[1], "4k3/8/8/8/8/8/8/4K3[PPPPPPPPPPPPPPPP] w - - 0 1");
    CHECK_EQ_INT("a promoted queen counts as a pawn", BH_ELIMIT, game_new(&s, T0, &g));
    strcpy(s.fen[0], "4k3/8/8/8/8/8/8/QQQQK3[QQQQQQQQQQQQQ] w - - 0 1");
    strcpy(s.fen[1], "");
    CHECK_EQ_INT("17 white queens", BH_ELIMIT, game_new(&s, T0, &g));
}

/* A premove queued when the game ended stayed queued: game_premove() still showed it and
 * cancelling it appended a PREMOVE event after the RESULT event. */
static void issue_premove_after_game_end(void)
{
    game_rules r;
    game_rules_online(&r);
    r.premove = true;
    game_setup s;
    game_setup_init(&s, &r, 60000, 0);
    game *g = NULL;
    if (game_new(&s, T0, &g) != BH_OK)
        abort();
    CHECK_EQ_INT("black premoves", BH_OK, mv(g, GAME_A_BLACK, "e7e5", T(100)));
    CHECK_EQ_STR("queued", "e7e5", game_premove(g, GAME_A_BLACK));
    CHECK_EQ_INT("resign", BH_OK, game_resign(g, GAME_B_WHITE, T(200), NULL));
    CHECK(game_premove(g, GAME_A_BLACK) == NULL);
    CHECK_EQ_INT("nothing to cancel", BH_ESTATE,
                 game_cancel_premove(g, GAME_A_BLACK, T(300), NULL));
    size_t n;
    const game_event *ev = game_events(g, &n);
    CHECK_EQ_INT("RESULT is the last event", GAME_EV_RESULT, ev[n - 1].type);
    game *h = NULL;
    CHECK_EQ_INT("replays", BH_OK, game_replay(&s, ev, n, &h));
    game_free(h);
    game_free(g);
}

/* Each comment or move became a 272-byte item however short its text: 10 MB of "{}" took
 * 1.37 GB. Items and tags are now capped (BH_ELIMIT) and the cap is reached early. */
static void issue_bpgn_memory_amplification(void)
{
    size_t n = 10u << 20;
    char *t = malloc(n);
    if (!t)
        abort();
    for (size_t i = 0; i < n; i += 2) {
        t[i] = '{';
        t[i + 1] = '}';
    }
    bpgn_game bg;
    CHECK_EQ_INT("10 MB of comments", BH_ELIMIT, bpgn_parse(t, n, &bg, NULL));
    CHECK_EQ_INT("emptied", 0, bg.nitems);
    CHECK_EQ_INT("exactly the cap", BH_OK, bpgn_parse(t, 2 * BPGN_ITEMS_MAX, &bg, NULL));
    CHECK_EQ_INT("items", BPGN_ITEMS_MAX, bg.nitems);
    bpgn_game_fini(&bg);
    CHECK_EQ_INT("one over", BH_ELIMIT, bpgn_parse(t, 2 * BPGN_ITEMS_MAX + 2, &bg, NULL));
    size_t k = 0;
    for (int i = 0; i <= BPGN_TAGS_MAX; i++)
        k += (size_t)snprintf(t + k, n - k, "[T%d \"v\"]\n", i);
    CHECK_EQ_INT("too many tags", BH_ELIMIT, bpgn_parse(t, k, &bg, NULL));
    free(t);
}

/* A setup FEN written with the en-passant square after 1. e4 ("e3", as many tools write it)
 * kept an en-passant right that no pawn could use, so the start position never equalled its
 * repetitions and a valid P-REPEAT claim was refused. */
static void issue_fen_ep_without_capturer(void)
{
    game_rules r;
    game_rules_online(&r);
    game_setup s;
    game_setup_init(&s, &r, 60000, 0);
    strcpy(s.fen[0], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq e3 0 1");
    game *g = NULL;
    if (game_new(&s, T0, &g) != BH_OK)
        abort();
    static const char *const shuffle[] = {"g8f6", "g1f3", "f6g8", "f3g1"};
    for (int i = 0; i < 8; i++)
        CHECK_EQ_INT(shuffle[i % 4], BH_OK,
                     mv(g, i % 2 ? GAME_A_WHITE : GAME_A_BLACK, shuffle[i % 4], T(100 * (i + 1))));
    CHECK_EQ_INT("third occurrence of the start", BH_OK,
                 game_claim_repetition(g, GAME_A_BLACK, T(1000), NULL));
    CHECK_EQ_INT("drawn", GAME_DRAW, game_get_result(g) ? game_get_result(g)->winner : -1);
    game_free(g);
}

/* Export wrote only the ruleset's name: a modified "regulation" (settle 0) imported with the
 * named defaults, so a second flag inside the default window joined the result, and a
 * custom name imported as "online". TimeControl over 86400 s (valid for game_new) did not
 * import at all. Export now writes [Rules] when the ruleset is not exactly the named one. */
static void issue_bpgn_custom_rules_round_trip(void)
{
    game_rules r;
    game_rules_regulation(&r);
    r.settle_ms = 0;
    game_setup s;
    game_setup_init(&s, &r, 180000, 0);
    game *g = NULL;
    if (game_new(&s, T0, &g) != BH_OK)
        abort();
    CHECK_EQ_INT("e4", BH_OK, mv(g, GAME_A_WHITE, "e4", T(1000)));
    game_tick(g, T(1000000), NULL);
    CHECK_EQ_INT("one flag decides", 1, game_get_result(g) ? game_get_result(g)->combined : 0);
    check_round_trip(g, "regulation with settle 0");
    game_free(g);

    game_rules_online(&r);
    strcpy(r.name, "club");
    r.illegal_loses = true;
    r.premove = true;
    r.lag = (clk_lag){300, 3000};
    game_setup_init(&s, &r, UINT32_MAX, UINT32_MAX);
    if (game_new(&s, T0, &g) != BH_OK)
        abort();
    CHECK_EQ_INT("e4", BH_OK, mv(g, GAME_A_WHITE, "e4", T(1000)));
    CHECK_EQ_INT("illegal", BH_EILLEGAL, mv(g, GAME_A_BLACK, "e5e4", T(2000)));
    game_tick(g, T(2001), NULL); /* the settle window [t, t] closes */
    char *text = bpgn_export(g, NULL);
    bpgn_game bg;
    game *h = NULL;
    CHECK_EQ_INT("parse", BH_OK, bpgn_parse(text, strlen(text), &bg, NULL));
    CHECK_EQ_INT("import", BH_OK, bpgn_import(&bg, NULL, T0, &h, NULL));
    if (h) {
        const game_rules *hr = &game_get_setup(h)->rules;
        CHECK_EQ_STR("name", "club", hr->name);
        CHECK(hr->illegal_loses && hr->premove && !hr->dropped_rook_castles);
        CHECK_EQ_INT("lag move", 300, hr->lag.max_move_ms);
        CHECK_EQ_INT("lag total", 3000, hr->lag.max_total_ms);
        CHECK_EQ_INT("base", UINT32_MAX, game_get_setup(h)->base_ms);
        CHECK_EQ_INT("inc", UINT32_MAX, game_get_setup(h)->inc_ms);
    }
    check_round_trip(g, "custom ruleset");
    game_free(h);
    bpgn_game_fini(&bg);
    free(text);
    game_free(g);
    static const char *const bad[] = {"premove=2", "settle_ms=x", "bogus=1", "settle_ms=4294967296",
                                      "premove=1x"};
    for (size_t i = 0; i < BH_ARRAY_LEN(bad); i++) {
        char in[128];
        snprintf(in, sizeof in, "[Rules \"%s\"]\n1A. e4 *", bad[i]);
        CHECK_EQ_INT("parse", BH_OK, bpgn_parse(in, strlen(in), &bg, NULL));
        CHECK_EQ_INT(bad[i], BH_EPARSE, bpgn_import(&bg, NULL, T0, &h, NULL));
        bpgn_game_fini(&bg);
    }
}

/* A lag policy over 4294967 ms per move granted credits that did not fit the event's 32-bit
 * lag_us: the stored event said less than was credited and the record did not replay. */
static void issue_lag_credit_fits_event(void)
{
    game_rules r;
    game_rules_online(&r);
    r.lag = (clk_lag){UINT32_MAX, 0};
    game_setup s;
    game_setup_init(&s, &r, UINT32_MAX, 0);
    game *g = NULL;
    if (game_new(&s, T0, &g) != BH_OK)
        abort();
    bh_move m;
    CHECK_EQ_INT("e4", BH_OK, bh_parse_uci(game_pos(g, 0), "e2e4", &m));
    uint64_t lag = 5000000000ULL; /* 5000 s of measured lag */
    CHECK_EQ_INT("move", BH_OK, game_move_bh(g, GAME_A_WHITE, m, 0, lag, T(6000000), NULL));
    size_t n;
    const game_event *ev = game_events(g, &n);
    CHECK_EQ_U64("credit capped at the event's field", UINT32_MAX, ev[n - 1].lag_us);
    CHECK_EQ_INT("white charged 6000 s - credit",
                 (int64_t)UINT32_MAX * 1000 - 6000000000LL + UINT32_MAX,
                 game_clock_us(g, GAME_A_WHITE, T(6000000)));
    game *h = NULL;
    CHECK_EQ_INT("replays", BH_OK, game_replay(&s, ev, n, &h));
    game_free(h);
    game_free(g);
}

/* Act comments had no time: import dated an act at the previous move's instant. An illegal
 * move at 58 s (regulation: a 2 s settle window) came back at 0 s, so the partner's move at
 * 59 s was "after the end" and the export did not import. Acts now carry "at <seconds>". */
static void issue_bpgn_act_instants(void)
{
    game *g = mk("regulation", 180000, 0);
    CHECK_EQ_INT("illegal", BH_EILLEGAL, mv(g, GAME_A_WHITE, "e2e5", T(58000)));
    CHECK_EQ_INT("partner plays in the window", BH_OK, mv(g, GAME_B_WHITE, "f3", T(59000)));
    game_tick(g, T(70000), NULL);
    CHECK_EQ_INT("over", GAME_OVER, game_state(g));
    check_round_trip(g, "illegal at 58 s");
    char *text = bpgn_export(g, NULL);
    CHECK_MSG(strstr(text, "{Anna makes an illegal move at 58}") != NULL, "act comment:\n%s", text);
    free(text);
    game_free(g);
    /* Comments without a time (older exports) still import, dated at the last instant. */
    const char *old = "[WhiteA \"Anna\"][BlackA \"Boris\"][Winner \"BlackA+WhiteB\"]\n"
                      "1A. e4{170} {Anna resigns} 0-1";
    bpgn_game bg;
    CHECK_EQ_INT("parse", BH_OK, bpgn_parse(old, strlen(old), &bg, NULL));
    CHECK_EQ_INT("import", BH_OK, bpgn_import(&bg, NULL, T0, &g, NULL));
    if (g && game_get_result(g)) {
        CHECK_EQ_INT("resigned", GAME_END_RESIGN, game_get_result(g)->reason);
        CHECK_EQ_U64("at the move's instant", T(10000), game_get_result(g)->t_us);
    }
    game_free(g);
    bpgn_game_fini(&bg);
}

/* game_move_recorded credited the whole gap between the board's last press and the game's
 * last instant; over 4295 s it was truncated in the event's lag_us, so a replay of the stored
 * events rebuilt different clocks. Found by fuzz_game. */
static void issue_recorded_credit_fits_event(void)
{
    game *g = mk("online", UINT32_MAX, 0);
    /* Board B plays 5000 s in; board A's White then claims a clock above what it has. */
    CHECK_EQ_INT("B", BH_OK, mv(g, GAME_B_WHITE, "e4", T(5000000)));
    CHECK_EQ_INT("A", BH_OK, game_move_recorded(g, GAME_A_WHITE, "e4", UINT32_MAX, NULL));
    size_t n;
    const game_event *ev = game_events(g, &n);
    CHECK_EQ_U64("credit capped", UINT32_MAX, ev[n - 1].lag_us);
    game *h = NULL;
    CHECK_EQ_INT("replays", BH_OK, game_replay(game_get_setup(g), ev, n, &h));
    if (h)
        for (int s = 0; s < 4; s++)
            CHECK_EQ_INT(game_seat_name(s), game_clock_us(g, s, T(6000000)),
                         game_clock_us(h, s, T(6000000)));
    game_free(h);
    game_free(g);
}

/* With inc UINT32_MAX ms the clocks passed 115 days after three moves; the export wrote them,
 * and import read "{12884781.885}" as a comment, not a clock. Clocks up to CLK_MAX_US (31
 * years) now import, and one at the cap is read as "no time used". Found by fuzz_game. */
static void issue_bpgn_huge_increment(void)
{
    game *g = mk("online", UINT32_MAX, UINT32_MAX);
    static const char *const line[] = {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"};
    for (int i = 0; i < 6; i++)
        CHECK_EQ_INT(line[i], BH_OK, mv(g, i % 2, line[i], T(1000 * (i + 1))));
    CHECK_EQ_INT("black: base + 3 increments - 3 s", 4LL * UINT32_MAX * 1000 - 3000000,
                 game_clock_us(g, GAME_A_BLACK, T(7000)));
    check_round_trip(g, "huge increment");
    game_free(g);
    /* At the cap: 240 moves of knights. */
    g = mk("online", UINT32_MAX, UINT32_MAX);
    static const char *const shuffle[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
    for (int i = 0; i < 480; i++)
        CHECK_EQ_INT(shuffle[i % 4], BH_OK, mv(g, i % 2, shuffle[i % 4], T(1000 * (i + 1))));
    CHECK_EQ_INT("black at the cap", CLK_MAX_US, game_clock_us(g, GAME_A_BLACK, T(480000)));
    char *text = bpgn_export(g, NULL);
    bpgn_game bg;
    game *h = NULL;
    CHECK_EQ_INT("parse", BH_OK, bpgn_parse(text, strlen(text), &bg, NULL));
    CHECK_EQ_INT("import", BH_OK, bpgn_import(&bg, NULL, T0, &h, NULL));
    CHECK_EQ_INT("all moves", 480, h ? game_board_plies(h, 0) : 0);
    game_free(h);
    bpgn_game_fini(&bg);
    free(text);
    game_free(g);
}

/* T-ARMAGEDDON: "online-arm" is the online ruleset with White 3:00 and Black 2:00 on both
 * boards (two thirds of base_ms); a name with the suffix on an unknown ruleset is unknown. */
static void armageddon_clocks(void)
{
    game_rules r;
    CHECK_EQ_INT("online-arm", BH_OK, game_rules_by_name("online-arm", &r));
    CHECK_MSG(r.armageddon && strcmp(r.name, "online-arm") == 0, "rules %s", r.name);
    CHECK_EQ_INT("regulation-arm", BH_OK, game_rules_by_name("regulation-arm", &r));
    CHECK_MSG(r.armageddon && r.illegal_loses, "regulation-arm is regulation");
    CHECK_EQ_INT("blitz-arm", BH_ENOTFOUND, game_rules_by_name("blitz-arm", &r));
    CHECK_EQ_INT("-arm", BH_ENOTFOUND, game_rules_by_name("-arm", &r));
    game_rules_by_name("online-arm", &r);
    game_setup s;
    game_setup_init(&s, &r, 180000, 0);
    game *g = NULL;
    CHECK_EQ_INT("new", BH_OK, game_new(&s, 1000, &g));
    int64_t want[4] = {180000000, 120000000, 180000000, 120000000};
    for (int seat = 0; seat < 4 && g; seat++)
        CHECK_EQ_U64(game_seat_name(seat), (uint64_t)want[seat],
                     (uint64_t)game_clock_us(g, seat, 1000));
    game_free(g);
}

/* The BPGN records clocks in ms; the game runs in µs. A move made just inside a settle window
 * (R-SETTLE, regulation: 2 s after the first decisive event) must replay inside it, though the
 * replayed instants can be up to 2 ms early (one rounded clock per side of a board). 5 s per
 * player. Board A: 1.f3 at 1 s + u0, 1...e5 at 2 s + u1, then White A's flag falls at
 * F = 6 s + u1 - u0 (R-FLAG-EXACT). Board B: 1.e4 at 0.5 s, 1...e5 at 4 s, 2.Nf3 at 7.5 s, and
 * 2...Nc6 less than 1 ms before the window's end F + 2 s. 300 seeded cases (u in µs): each
 * export imports back with the same result (Team 2: White A flagged). */
static void bpgn_ms_rounding_window(void)
{
    uint64_t x = 0x5eed;
    int failed = 0;
    for (int k = 0; k < 300; k++) {
        uint64_t u[6];
        for (int i = 0; i < 6; i++) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            u[i] = (x >> 33) % 1000;
        }
        game *g = mk("regulation", 5000, 0);
        uint64_t flag = T(6000) + u[1] - u[0];
        int rc = mv(g, GAME_B_WHITE, "e2e4", T(500) + u[4]);
        rc |= mv(g, GAME_A_WHITE, "f2f3", T(1000) + u[0]);
        rc |= mv(g, GAME_A_BLACK, "e7e5", T(2000) + u[1]);
        rc |= mv(g, GAME_B_BLACK, "e7e5", T(4000) + u[2]);
        rc |= mv(g, GAME_B_WHITE, "g1f3", T(7500) + u[3]);
        rc |= mv(g, GAME_B_BLACK, "b8c6", flag + 2000000 - 1 - u[5]);
        game_tick(g, T(9000), NULL);
        const game_result *gr = game_get_result(g);
        CHECK_MSG(rc == BH_OK && gr && gr->winner == GAME_TEAM_2, "case %d: the game itself", k);
        char *a = bpgn_export(g, NULL);
        bpgn_game bg;
        game *h = NULL;
        size_t bad = 0;
        int irc = bpgn_parse(a, strlen(a), &bg, NULL);
        if (irc == BH_OK)
            irc = bpgn_import(&bg, NULL, T0, &h, &bad);
        const game_result *hr = h ? game_get_result(h) : NULL;
        if (irc != BH_OK || !hr || hr->winner != GAME_TEAM_2) {
            if (failed++ < 3)
                fprintf(stderr,
                        "  case %d (u %llu %llu %llu %llu %llu %llu): import %s at item %zu\n", k,
                        (unsigned long long)u[0], (unsigned long long)u[1],
                        (unsigned long long)u[2], (unsigned long long)u[3],
                        (unsigned long long)u[4], (unsigned long long)u[5], bh_errname(irc), bad);
        }
        game_free(h);
        if (irc == BH_OK)
            bpgn_game_fini(&bg);
        free(a);
        game_free(g);
    }
    CHECK_EQ_INT("exports that do not replay to the same result", 0, failed);
}

/* A real record (test_demo_e2e, regulation 10+0, tests/data/games/regress/settle-edge.bpgn):
 * Black B mates at 13b; board A plays on through the 2 s settle window and White A's 30th
 * move comes just before its end. The clocks are whole ms, each board's replay early by its
 * own rounding, so that move replayed 2 ms late, after the window: bpgn_import failed with
 * game_over at item 84. It replays, and the result is the record's (WhiteA+BlackB). */
static void bpgn_settle_edge_record(void)
{
    size_t n = 0;
    char *text = bh_test_data_file("games/regress/settle-edge.bpgn", &n);
    CHECK_MSG(text != NULL, "no settle-edge.bpgn");
    if (!text)
        return;
    bpgn_game bg;
    CHECK_EQ_INT("parse", BH_OK, bpgn_parse(text, n, &bg, NULL));
    game *g = NULL;
    size_t bad = 0;
    int rc = bpgn_import(&bg, NULL, T0, &g, &bad);
    CHECK_MSG(rc == BH_OK, "import: %s at item %zu", bh_errname(rc), bad);
    const game_result *gr = g ? game_get_result(g) : NULL;
    CHECK_MSG(gr && gr->winner == GAME_TEAM_1, "result: %d", gr ? gr->winner : -1);
    int winner = -1;
    CHECK_EQ_INT("the record's winner", BH_OK, bpgn_team_result(&bg, &winner));
    CHECK_EQ_INT("same team", GAME_TEAM_1, winner);
    game_free(g);
    bpgn_game_fini(&bg);
    free(text);
}

/* Issue 13 item 9: partner chat as comments, each after the moves it followed (the sum of
 * both boards' plies when it was sent) and before an act that came later in game time; a '}'
 * of the text is written ')' (PGN comments have no escape). The import skips "[%chat ...]"
 * comments: a line reading "Anna forfeits on time" or "Boris resigns" is no act, and the
 * game read back is the one without chat. */
static void bpgn_chat_comments(void)
{
    game *g = mk("online", 60000, 0);
    static const step steps[] = {{GAME_A_WHITE, "e2e4", 1000, BH_OK},
                                 {GAME_B_WHITE, "d2d4", 1500, BH_OK},
                                 {GAME_A_BLACK, "e7e5", 2250, BH_OK},
                                 END};
    run(g, steps);
    CHECK_EQ_INT("Boris resigns", BH_OK, game_resign(g, GAME_A_BLACK, T(3000), NULL));
    const bpgn_chat chat[] = {
        {GAME_B_BLACK, 0, 0, "hi"},
        {GAME_A_WHITE, 2, 1800, "need a knight :}"},
        {GAME_B_WHITE, 3, 2500, "Anna forfeits on time"},
        {GAME_A_BLACK, 3, 3500, "Boris resigns"},
    };
    bpgn_meta meta = {.event = "test", .chat = chat, .nchat = BH_ARRAY_LEN(chat)};
    char *s = bpgn_export(g, &meta);
    const char *want = "{[%chat BlackB 0] hi} 1A. e4{59} 1B. d4{58.5}\n"
                       "{[%chat WhiteA 1.8] need a knight :)} 1a. e5{58.75}\n"
                       "{[%chat WhiteB 2.5] Anna forfeits on time} {Boris resigns at 3}\n"
                       "{[%chat BlackA 3.5] Boris resigns}\n"
                       "{Boris resigns} 1-0\n";
    const char *moves = strstr(s, "\n\n");
    CHECK_EQ_STR("movetext", want, moves ? moves + 2 : s);
    bpgn_game bg;
    game *h = NULL;
    CHECK_EQ_INT("parse", BH_OK, bpgn_parse(s, strlen(s), &bg, NULL));
    CHECK_EQ_INT("3 moves, 4 chat lines, the act, the closing comment", 9, (int)bg.nitems);
    CHECK_EQ_INT("import", BH_OK, bpgn_import(&bg, NULL, T0, &h, NULL));
    if (h) {
        CHECK_EQ_INT("over", GAME_OVER, game_state(h));
        CHECK_EQ_INT("by the resignation, not a flag", GAME_END_RESIGN, game_get_result(h)->reason);
        CHECK_EQ_U64("at 3 s", T(3000), game_get_result(h)->t_us);
        char *a = bpgn_export(g, NULL), *b = bpgn_export(h, NULL);
        CHECK_EQ_STR("the game without its chat", a, b);
        CHECK_MSG(!strstr(a, "chat"), "no chat without meta.chat:\n%s", a);
        free(a);
        free(b);
    }
    game_free(h);
    bpgn_game_fini(&bg);
    free(s);
    game_free(g);
}

/* ---- P-PREMOVE in the online ruleset: one test per open-source tracker report (issue 28
 * item 3). Each asserts what the report names as the right behaviour. ---- */

/* A game of the online ruleset with the start positions fen_a / fen_b ("" the initial). */
static game *mk_online_fen(const char *fen_a, const char *fen_b)
{
    game_rules r;
    game_rules_online(&r);
    game_setup s;
    game_setup_init(&s, &r, 60000, 0);
    snprintf(s.fen[0], sizeof s.fen[0], "%s", fen_a);
    snprintf(s.fen[1], sizeof s.fen[1], "%s", fen_b);
    game *g = NULL;
    if (game_new(&s, T0, &g) != BH_OK)
        abort();
    return g;
}

/* The last move played on board b (its SAN), "" if none. */
static const char *last_san(const game *g, int b)
{
    int k = game_board_plies(g, b);
    const game_ply *p = k > 0 ? game_board_ply(g, b, k - 1, NULL) : NULL;
    return p ? p->san : "";
}

/* The rulesets: online queues premoves; regulation and fide never do. */
static void premove_rulesets(void)
{
    game_rules r;
    game_rules_online(&r);
    CHECK(r.premove);
    game_rules_by_name("online-arm", &r);
    CHECK(r.premove);
    game_rules_regulation(&r);
    CHECK(!r.premove);
    game_rules_fide(&r);
    CHECK(!r.premove);
    game *g = mk("online", 60000, 0);
    CHECK_EQ_INT("online: black's premove queued", BH_OK,
                 game_move(g, GAME_A_BLACK, "e7e5", 1, T(50), NULL));
    game_free(g);
    g = mk("fide", 60000, 0);
    CHECK_EQ_INT("fide: stale_ply, never queued", BH_ESTALE,
                 game_move(g, GAME_A_BLACK, "e7e5", 1, T(50), NULL));
    CHECK(game_premove(g, GAME_A_BLACK) == NULL);
    game_free(g);
}

/* lila #1488 "Add dropping piece as premove": in crazyhouse a drop could not be premoved.
 * A drop of a held piece is queued like a move and played at the opponent's move instant,
 * charged no time. */
static void lila_1488_drop_premove(void)
{
    game *g = mk_online_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[n] w KQkq - 0 1", "");
    game_delta d;
    CHECK_EQ_INT("black premoves N@e4", BH_OK, game_move(g, GAME_A_BLACK, "N@e4", 1, T(100), &d));
    CHECK(d.premove_queued);
    CHECK_EQ_STR("shown as pending", "N@e4", game_premove(g, GAME_A_BLACK));
    CHECK_EQ_INT("white d2d3", BH_OK, game_move(g, GAME_A_WHITE, "d2d3", 0, T(3000), &d));
    CHECK_EQ_INT("the drop followed it", 2, game_board_plies(g, 0));
    CHECK_EQ_STR("N@e4 played", "N@e4", last_san(g, 0));
    CHECK_EQ_INT("the knight left the reserve", 0,
                 bh_reserve_count(game_pos(g, 0), BH_BLACK, BH_KNIGHT));
    CHECK_EQ_INT("no time charged to black", 60000000, game_clock_us(g, GAME_A_BLACK, T(3000)));
    game_free(g);
}

/* lila #2454 "allow grabbing pieces from empty pockets": a player anticipates a piece (his
 * partner is about to capture it) and drops it as a premove while the pocket is empty, as
 * bughouse interfaces allow (bughouse.pro's "preturn"). Queued; played at the opponent's
 * move if the piece has arrived by then, dropped silently (no illegal move) if not. */
static void lila_2454_predrop_from_empty_pocket(void)
{
    /* Board B: White can take a knight on d5 (e4xd5): it goes to Black on board A. */
    const char *b = "rnbqkb1r/pppppppp/8/3n4/4P3/8/PPPP1PPP/RNBQKBNR[] w KQkq - 0 1";
    game *g = mk_online_fen("", b);
    game_delta d;
    CHECK_EQ_INT("no knight in black's pocket", 0,
                 bh_reserve_count(game_pos(g, 0), BH_BLACK, BH_KNIGHT));
    CHECK_EQ_INT("predrop N@e5 queued", BH_OK, game_move(g, GAME_A_BLACK, "N@e5", 1, T(100), &d));
    CHECK_EQ_INT("partner takes the knight", BH_OK,
                 game_move(g, GAME_B_WHITE, "e4d5", 0, T(200), NULL));
    CHECK_EQ_INT("it arrived", 1, bh_reserve_count(game_pos(g, 0), BH_BLACK, BH_KNIGHT));
    CHECK_EQ_INT("white e2e4", BH_OK, game_move(g, GAME_A_WHITE, "e2e4", 0, T(300), &d));
    CHECK_EQ_STR("the predrop played", "N@e5", last_san(g, 0));
    CHECK_EQ_INT("pocket empty again", 0, bh_reserve_count(game_pos(g, 0), BH_BLACK, BH_KNIGHT));
    game_free(g);

    /* Not arrived by the opponent's move: dropped silently, black is on move. */
    g = mk_online_fen("", b);
    CHECK_EQ_INT("predrop N@e5 queued", BH_OK, game_move(g, GAME_A_BLACK, "N@e5", 1, T(100), &d));
    CHECK_EQ_INT("white e2e4 first", BH_OK, game_move(g, GAME_A_WHITE, "e2e4", 0, T(200), &d));
    size_t n;
    const game_event *ev = game_events(g, &n);
    CHECK_EQ_INT("dropped: a premove event", GAME_EV_PREMOVE, ev[n - 1].type);
    CHECK_EQ_STR("with no move", "", ev[n - 1].uci);
    CHECK_EQ_INT("not played", 1, game_board_plies(g, 0));
    CHECK(game_premove(g, GAME_A_BLACK) == NULL);
    CHECK_EQ_INT("still playing", GAME_PLAYING, game_state(g));
    CHECK_EQ_INT("the knight comes later", BH_OK,
                 game_move(g, GAME_B_WHITE, "e4d5", 0, T(300), NULL));
    CHECK_EQ_INT("it stays in the pocket", 1,
                 bh_reserve_count(game_pos(g, 0), BH_BLACK, BH_KNIGHT));
    CHECK_EQ_INT("black drops it by hand", BH_OK,
                 game_move(g, GAME_A_BLACK, "N@e5", 1, T(400), NULL));
    game_free(g);
}

/* lila #18606 "Can't premove imaginary pawn captures in Crazyhouse": after 1. e4 d5 2. exd5
 * c6 3. dxc6 Nxc6 4. Nf3 Nf6 5. Be2 e5 6. d3 Bc5 7. O-O, expecting 7...P@h3, White should be
 * able to premove gxh3 onto the empty square. Queued; played when the pawn is dropped there. */
static void lila_18606_imaginary_pawn_capture(void)
{
    const char *a = "r1bqk2r/pp3ppp/2n2n2/2b1p3/8/3P1N2/PPP1BPPP/RNBQ1RK1[p] b kq - 2 7";
    game *g = mk_online_fen(a, "");
    game_delta d;
    CHECK_EQ_INT("gxh3 queued onto an empty square", BH_OK,
                 game_move(g, GAME_A_WHITE, "g2h3", 1, T(100), &d));
    CHECK_EQ_INT("7...P@h3", BH_OK, game_move(g, GAME_A_BLACK, "P@h3", 0, T(900), &d));
    CHECK_EQ_STR("8. gxh3 played", "gxh3", last_san(g, 0));
    const game_ply *p = game_board_ply(g, 0, 1, NULL);
    CHECK_MSG(p && p->t_us == T(900), "played at the instant of P@h3");
    CHECK_EQ_INT("the pawn went to White's partner", 1,
                 bh_reserve_count(game_pos(g, 1), BH_BLACK, BH_PAWN));
    game_free(g);

    /* Black plays something else: the capture is impossible and is dropped. */
    g = mk_online_fen(a, "");
    CHECK_EQ_INT("gxh3 queued", BH_OK, game_move(g, GAME_A_WHITE, "g2h3", 1, T(100), &d));
    CHECK_EQ_INT("7...O-O", BH_OK, game_move(g, GAME_A_BLACK, "e8g8", 0, T(900), &d));
    CHECK_EQ_INT("not played", 1, game_board_plies(g, 0));
    CHECK_EQ_INT("still playing", GAME_PLAYING, game_state(g));
    game_free(g);
}

/* lila #19802 "drop moves in conditional premoves can be added but the server does not
 * actually play them": the line 1. e4 d5 2. exd5 Qxd5 3. Nc3 P@d4 (Black holding a pawn): the
 * server plays the queued drop P@d4 after 3. Nc3. */
static void lila_19802_server_plays_drop(void)
{
    game *g = mk_online_fen("rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[p] w KQkq - 0 3", "");
    game_delta d;
    CHECK_EQ_INT("P@d4 queued", BH_OK, game_move(g, GAME_A_BLACK, "P@d4", 1, T(100), &d));
    CHECK_EQ_INT("3. Nc3", BH_OK, game_move(g, GAME_A_WHITE, "b1c3", 0, T(500), &d));
    CHECK_EQ_INT("the delta carries both moves", 2, (int)d.ev_count);
    CHECK_EQ_STR("3...P@d4 played by the server", "P@d4", last_san(g, 0));
    CHECK_EQ_INT("white on move", BH_WHITE, bh_side_to_move(game_pos(g, 0)));
    game_free(g);
}

/* pychess-variants #1395 "premoves+promotion bug": the promotion choice must be offered when
 * the premove is made, not only on the player's turn. The piece chosen then (here an
 * underpromotion to a knight, with check) is the one played, not a queen by default; a
 * promoting premove without its piece is refused when it is made (bad_move, c2s-move.md: a
 * promotion names its piece), not queued to be dropped later. */
static void pychess_1395_premove_promotion(void)
{
    const char *a = "4k3/1P6/8/8/8/8/8/4K3[] b - - 0 1";
    game *g = mk_online_fen(a, "");
    game_delta d;
    CHECK_EQ_INT("no piece named: refused", BH_EMOVE,
                 game_move(g, GAME_A_WHITE, "b7b8", 1, T(50), &d));
    CHECK(game_premove(g, GAME_A_WHITE) == NULL);
    CHECK_EQ_INT("b8=N queued", BH_OK, game_move(g, GAME_A_WHITE, "b7b8n", 1, T(100), &d));
    CHECK_EQ_INT("Kd8 walks into it", BH_OK, game_move(g, GAME_A_BLACK, "e8d7", 0, T(200), &d));
    CHECK_EQ_STR("the knight chosen at premove time", "b8=N+", last_san(g, 0));
    game_free(g);
}

/* pychess-variants #1766 "Invalid move in bughouse game": a player premoved (h8g8), was
 * disconnected and reconnected; the server failed on "Invalid move 'h8g8'". A premove that is
 * not legal when its turn comes is dropped silently (never an illegal move, the game goes on),
 * and a reconnecting client's resend of a premove that was played is not applied twice. */
static void pychess_1766_premove_across_reconnect(void)
{
    game *g = mk("online", 60000, 0);
    game_delta d;
    CHECK_EQ_INT("h8g8 queued (g8 holds the knight)", BH_OK,
                 game_move(g, GAME_A_BLACK, "h8g8", 1, T(100), &d));
    CHECK_EQ_INT("e4", BH_OK, game_move(g, GAME_A_WHITE, "e2e4", 0, T(200), &d));
    size_t n;
    const game_event *ev = game_events(g, &n);
    for (size_t i = 0; i < n; i++)
        CHECK(ev[i].type != GAME_EV_ILLEGAL);
    CHECK_EQ_INT("dropped", GAME_EV_PREMOVE, ev[n - 1].type);
    CHECK_EQ_INT("the game goes on", GAME_PLAYING, game_state(g));
    CHECK_EQ_INT("black on move", BH_BLACK, bh_side_to_move(game_pos(g, 0)));
    /* After the reconnect: e7e5 queued twice (a resend) is one premove, played once. */
    CHECK_EQ_INT("e5 now", BH_OK, game_move(g, GAME_A_BLACK, "e7e5", 1, T(300), &d));
    CHECK_EQ_INT("Nf6 premoved", BH_OK, game_move(g, GAME_A_BLACK, "g8f6", 3, T(400), &d));
    CHECK_EQ_INT("resent", BH_OK, game_move(g, GAME_A_BLACK, "g8f6", 3, T(450), &d));
    CHECK_EQ_INT("Nf3", BH_OK, game_move(g, GAME_A_WHITE, "g1f3", 2, T(500), &d));
    CHECK_EQ_INT("four plies", 4, game_board_plies(g, 0));
    CHECK_EQ_STR("Nf6 played", "Nf6", last_san(g, 0));
    CHECK(game_premove(g, GAME_A_BLACK) == NULL);
    CHECK_EQ_INT("the resend for its ply after it was played: stale, not applied", BH_ESTALE,
                 game_move(g, GAME_A_BLACK, "g8f6", 3, T(600), &d));
    CHECK_EQ_INT("still four plies", 4, game_board_plies(g, 0));
    ev = game_events(g, &n);
    game *h = NULL;
    CHECK_EQ_INT("the record replays (a restart)", BH_OK,
                 game_replay(game_get_setup(g), ev, n, &h));
    CHECK_EQ_INT("replayed: four plies", 4, h ? game_board_plies(h, 0) : -1);
    game_free(h);
    game_free(g);
}

static const bh_test_case cases[] = {
    {"premove_rulesets", premove_rulesets},
    {"lila_1488_drop_premove", lila_1488_drop_premove},
    {"lila_2454_predrop_from_empty_pocket", lila_2454_predrop_from_empty_pocket},
    {"lila_18606_imaginary_pawn_capture", lila_18606_imaginary_pawn_capture},
    {"lila_19802_server_plays_drop", lila_19802_server_plays_drop},
    {"pychess_1395_premove_promotion", pychess_1395_premove_promotion},
    {"pychess_1766_premove_across_reconnect", pychess_1766_premove_across_reconnect},
    {"bpgn_chat_comments", bpgn_chat_comments},
    {"bpgn_settle_edge_record", bpgn_settle_edge_record},
    {"bpgn_ms_rounding_window", bpgn_ms_rounding_window},
    {"armageddon_clocks", armageddon_clocks},
    {"issue-bpgn-huge-increment", issue_bpgn_huge_increment},
    {"issue-recorded-credit-fits-event", issue_recorded_credit_fits_event},
    {"issue-bpgn-act-instants", issue_bpgn_act_instants},
    {"issue-lag-credit-fits-event", issue_lag_credit_fits_event},
    {"issue-bpgn-custom-rules-round-trip", issue_bpgn_custom_rules_round_trip},
    {"issue-fen-ep-without-capturer", issue_fen_ep_without_capturer},
    {"issue-bpgn-memory-amplification", issue_bpgn_memory_amplification},
    {"issue-premove-after-game-end", issue_premove_after_game_end},
    {"issue-bpgn-unreadable-names", issue_bpgn_unreadable_names},
    {"issue-bpgn-timecontrol-nan", issue_bpgn_timecontrol_nan},
    {"issue-setup-reserve-overflow", issue_setup_reserve_overflow},
    {"issue-start-near-uint64-max", issue_start_near_uint64_max},
    {"issue-bpgn-move-numbers", issue_bpgn_move_numbers},
    {"arbiter_table", arbiter_table},
    {"resign_rules", resign_rules},
    {"flag_noticed_late", flag_noticed_late},
    {"clock_sums_equal", clock_sums_equal},
    {"capture_goes_to_partner", capture_goes_to_partner},
    {"blockable_check_waits", blockable_check_waits},
    {"move_errors", move_errors},
    {"draw_by_agreement", draw_by_agreement},
    {"repetition_claim", repetition_claim},
    {"game2_colours", game2_colours},
    {"lag_credit_policy", lag_credit_policy},
    {"premove_casual", premove_casual},
    {"replay_detects_tampering", replay_detects_tampering},
    {"bpgn_export_by_hand", bpgn_export_by_hand},
    {"bpgn_result_on_board_b", bpgn_result_on_board_b},
    {"bpgn_bughousedb_convention", bpgn_bughousedb_convention},
};

BH_TEST_MAIN(cases)
