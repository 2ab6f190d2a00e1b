/* test_rules.c: the rules module against outside references: Fairy-Stockfish perft counts
 * (tests/data/perft), real crazyhouse games (tests/data/games/crazyhouse-pgn) and positions
 * named after the rule they check (docs/rules.md P-*).
 * SPDX-License-Identifier: MIT
 * `test_rules` runs the unit cases; `test_rules --slow [PREFIX]` runs the deep perft rows. */
#include "bh_test.h"
#include "rules_test.h"
#include "rules.h"

static const bh_options OPT_BUG = {BH_MODEL_BUGHOUSE, false};
static const bh_options OPT_ZH = {BH_MODEL_CRAZYHOUSE, false};
static const bh_options OPT_BUG_DRC = {BH_MODEL_BUGHOUSE, true};

/* ---- helpers ----------------------------------------------------------------------- */

static bool has_move(const bh_pos *p, const char *uci)
{
    bh_move m;
    return bh_parse_uci(p, uci, &m) == BH_OK && bh_is_legal(p, m);
}

static void play(bh_pos *p, const char *uci)
{
    bh_move m;
    bh_undo u;
    int rc = bh_parse_uci(p, uci, &m);
    CHECK_MSG(rc == BH_OK, "move %s: %s", uci, bh_errname(rc));
    if (rc == BH_OK)
        bh_make(p, m, &u);
}

/* ---- perft -------------------------------------------------------------------------- */

static void perft_fsf_rows(void)
{
    perft_file("perft/perft.epd", false);
}
static void perft_fsf_extra_rows(void)
{
    perft_file("perft/perft-extra.epd", false);
}
static void perft_fsf_game_rows(void)
{
    perft_file("perft/perft-games.epd", false);
}
static void slow_perft_fsf_rows(void)
{
    perft_file("perft/perft.epd", true);
}
static void slow_perft_fsf_extra_rows(void)
{
    perft_file("perft/perft-extra.epd", true);
}

/* Walk each row at its deepest depth with at most this many leaves. */
static void perft_invariants(void)
{
    walk_file("perft/perft.epd", 30000);
    walk_file("perft/perft-extra.epd", 30000);
    walk_file("perft/perft-games.epd", 3000);
}
static void slow_perft_invariants(void)
{
    walk_file("perft/perft.epd", 1000000);
    walk_file("perft/perft-extra.epd", 1000000);
    walk_file("perft/perft-games.epd", 100000);
}

/* ---- rules by id -------------------------------------------------------------------- */

static void p_mate_blockable_check_is_waiting(void)
{
    bh_pos p;
    if (!load(&p, "7k/8/8/8/8/8/6PP/r6K[] w - - 0 1", &OPT_BUG))
        return;
    bh_move mv[BH_MAX_MOVES];
    CHECK(bh_in_check(&p));
    CHECK_EQ_INT("legal moves", 0, bh_gen_legal(&p, mv));
    CHECK(bh_is_crazyhouse_mate(&p));
    CHECK(!bh_is_bughouse_mate(&p));
    CHECK_EQ_INT("status", BH_STATUS_WAITING, bh_status(&p));
    if (!load(&p, "7k/8/8/8/8/8/6PP/r6K[N] w - - 0 1", &OPT_BUG))
        return;
    CHECK(has_move(&p, "N@e1"));
    CHECK(!has_move(&p, "N@e4"));
    CHECK_EQ_INT("drops that block", 6, bh_gen_legal(&p, mv));
    CHECK_EQ_INT("status", BH_STATUS_CHECK, bh_status(&p));
    CHECK(!bh_is_crazyhouse_mate(&p));
}

/* The last position of bench.bpgn ("30a. R@c1+ {WHITE checkmated}"): crazyhouse mate, since
 * White's pawns may not be dropped on d1 (P-DROP-PAWN); but a knight arriving from the
 * partner could block on d1, so in bughouse White waits (P-MATE, P-WAIT). */
static void p_mate_bench_bpgn_final_position(void)
{
    bh_pos p;
    if (!load(&p, "rnb2b1r/ppq2k1p/2p2p2/4p3/2PpBn1n/8/P1PN1PPP/2r1KB1R[PPqp] w K - 1 31", &OPT_ZH))
        return;
    CHECK(bh_is_crazyhouse_mate(&p));
    CHECK(!bh_is_bughouse_mate(&p));
    CHECK_EQ_INT("status", BH_STATUS_WAITING, bh_status(&p));
    CHECK(!has_move(&p, "P@d1"));
    CHECK_EQ_INT("transfer", BH_OK, bh_reserve_add(&p, BH_WHITE, BH_KNIGHT));
    CHECK(has_move(&p, "N@d1"));
    CHECK_EQ_INT("status", BH_STATUS_CHECK, bh_status(&p));
}

static void p_mate_contact_and_knight(void)
{
    static const char *const fens[] = {
        "7k/8/8/2b5/8/8/6PP/6qK[QRBN] w - - 0 1",
        "7k/8/8/8/8/8/5nPP/6RK[QRBN] w - - 0 1",
        "7k/8/8/2b5/8/8/6PP/6qK[] w - - 0 1",
        "7k/8/8/8/8/8/5nPP/6RK[] w - - 0 1",
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(fens); i++) {
        bh_pos p;
        if (!load(&p, fens[i], &OPT_BUG))
            continue;
        CHECK_MSG(bh_is_bughouse_mate(&p), "not bughouse mate: %s", fens[i]);
        CHECK_MSG(bh_is_crazyhouse_mate(&p), "not crazyhouse mate: %s", fens[i]);
        CHECK_EQ_INT(fens[i], BH_STATUS_MATE, bh_status(&p));
    }
    /* Double check with empty squares between rook and king: still mate, no single drop
     * blocks both. Without the knight the same rook check is not mate (P-MATE). */
    bh_pos p;
    if (load(&p, "7k/8/8/8/8/6n1/6PP/r6K[QRBN] w - - 0 1", &OPT_BUG))
        CHECK(bh_is_bughouse_mate(&p));
    if (load(&p, "7k/8/8/8/8/8/6PP/r6K[QRBN] w - - 0 1", &OPT_BUG)) {
        CHECK(!bh_is_bughouse_mate(&p));
        CHECK_EQ_INT("status", BH_STATUS_CHECK, bh_status(&p));
    }
}

static void p_wait_no_board_move(void)
{
    bh_pos p;
    if (!load(&p, "b3k3/8/8/8/8/7p/6PP/r5BK[] w - - 0 1", &OPT_BUG))
        return;
    bh_move mv[BH_MAX_MOVES];
    CHECK(!bh_in_check(&p));
    CHECK_EQ_INT("legal moves", 0, bh_gen_legal(&p, mv));
    CHECK(!bh_is_crazyhouse_mate(&p));
    CHECK(!bh_is_bughouse_mate(&p));
    CHECK_EQ_INT("status", BH_STATUS_WAITING, bh_status(&p));
    CHECK_EQ_STR("status name", "waiting", bh_status_name(bh_status(&p)));
    if (!load(&p, "b3k3/8/8/8/8/7p/6PP/r5BK[N] w - - 0 1", &OPT_BUG))
        return;
    CHECK(has_move(&p, "N@e4"));
    CHECK_EQ_INT("only drops", 56, bh_gen_legal(&p, mv));
    CHECK_EQ_INT("status", BH_STATUS_PLAYING, bh_status(&p));
}

static void p_drop_pawn_ranks(void)
{
    bh_pos p;
    if (!load(&p, "4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1", &OPT_BUG))
        return;
    CHECK(!has_move(&p, "P@a1"));
    CHECK(!has_move(&p, "P@h8"));
    CHECK(has_move(&p, "P@a2"));
    CHECK(has_move(&p, "P@h7"));
    play(&p, "P@d3");
    CHECK(!has_move(&p, "P@a1"));
    CHECK(!has_move(&p, "P@h8"));
    CHECK(has_move(&p, "P@a2"));
    bh_move m;
    CHECK_EQ_INT("san P@h8", BH_EILLEGAL, bh_parse_san(&p, "P@h8", &m));
    /* P-DROP: no drop of a piece one does not hold, nor on an occupied square. */
    CHECK(!has_move(&p, "N@c3"));
    CHECK(!has_move(&p, "P@d3"));
}

static void p_promo_dropped_pawn(void)
{
    bh_pos p;
    if (!load(&p, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", &OPT_ZH))
        return;
    play(&p, "P@b7");
    play(&p, "e8d8");
    CHECK(has_move(&p, "b7b8q"));
    CHECK(has_move(&p, "b7b8n"));
    CHECK(!has_move(&p, "b7b8"));
    play(&p, "b7b8r");
    CHECK(bh_is_promoted_at(&p, 57));
    CHECK_EQ_STR("fen", "1R~1k4/8/8/8/8/8/8/4K3[] b - - 0 2", fen_of(&p));
    CHECK(bh_in_check(&p));
    /* P-PROMO: the promoted rook captured counts as a pawn. */
    if (!load(&p, "1R~k5/8/8/8/8/8/8/4K3[] b - - 0 2", &OPT_BUG))
        return;
    bh_move m;
    bh_undo u;
    CHECK_EQ_INT("parse", BH_OK, bh_parse_uci(&p, "c8b8", &m));
    char san[BH_SAN_MAX];
    bh_move_to_san(&p, m, san);
    CHECK_EQ_STR("san", "Kxb8", san);
    bh_make(&p, m, &u);
    CHECK_EQ_INT("handed as pawn", BH_PAWN, bh_undo_handed(&u));
    CHECK_EQ_INT("bughouse: not kept", 0, bh_reserve_count(&p, BH_BLACK, BH_PAWN));
    bh_unmake(&p, &u);
    CHECK(bh_is_promoted_at(&p, 57));
}

static void p_promo_captured_queen(void)
{
    /* promoted-queen vs unpromoted-queen of perft.epd, one capture. */
    static const struct {
        const char *fen;
        const bh_options *o;
        int handed, bpawns, bqueens;
    } cases[] = {
        {"4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1", &OPT_ZH, BH_PAWN, 1, 0},
        {"4k3/1Q6/8/8/4b3/8/Kpp5/8[] b - - 0 1", &OPT_ZH, BH_QUEEN, 0, 1},
        {"4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1", &OPT_BUG, BH_PAWN, 0, 0},
        {"4k3/1Q6/8/8/4b3/8/Kpp5/8[] b - - 0 1", &OPT_BUG, BH_QUEEN, 0, 0},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(cases); i++) {
        bh_pos p;
        if (!load(&p, cases[i].fen, cases[i].o))
            continue;
        bh_move m;
        bh_undo u;
        CHECK_EQ_INT("parse Bxb7", BH_OK, bh_parse_san(&p, "Bxb7", &m));
        bh_make(&p, m, &u);
        CHECK_EQ_INT(cases[i].fen, cases[i].handed, bh_undo_handed(&u));
        CHECK_EQ_INT("black pawns held", cases[i].bpawns, bh_reserve_count(&p, BH_BLACK, BH_PAWN));
        CHECK_EQ_INT("black queens held", cases[i].bqueens,
                     bh_reserve_count(&p, BH_BLACK, BH_QUEEN));
    }
}

static void p_pawn_2nd_dropped_double_step_ep(void)
{
    bh_pos p;
    if (!load(&p, "4k3/8/8/8/3p4/8/8/4K3[P] w - - 0 1", &OPT_BUG))
        return;
    play(&p, "P@e2");
    play(&p, "e8d8");
    CHECK(has_move(&p, "e2e4"));
    play(&p, "e2e4");
    CHECK_EQ_STR("ep square", "3k4/8/8/8/3pP3/8/8/4K3[] b - e3 0 2", fen_of(&p));
    CHECK(has_move(&p, "d4e3"));
    bh_move m;
    bh_undo u;
    CHECK_EQ_INT("san", BH_OK, bh_parse_san(&p, "dxe3", &m));
    bh_make(&p, m, &u);
    CHECK_EQ_INT("handed", BH_PAWN, bh_undo_handed(&u));
    CHECK_EQ_STR("after ep", "3k4/8/8/8/8/4p3/8/4K3[] w - - 0 3", fen_of(&p));
    /* Black's own second rank is rank 7. */
    if (!load(&p, "4k3/8/8/8/8/8/8/4K3[p] b - - 0 1", &OPT_BUG))
        return;
    play(&p, "P@d7");
    play(&p, "e1e2");
    CHECK(has_move(&p, "d7d5"));
}

static void p_castle_drop(void)
{
    static const char *start = "4k3/8/8/8/8/8/8/4K2R[R] w K - 0 1";
    for (int on = 0; on < 2; on++) {
        const bh_options *o = on ? &OPT_BUG_DRC : &OPT_BUG;
        bh_pos p;
        if (!load(&p, start, o))
            continue;
        play(&p, "h1h5"); /* the original rook leaves: right lost */
        play(&p, "e8d8");
        play(&p, "R@h1");
        CHECK_EQ_STR(on ? "right regained" : "right not regained",
                     on ? "3k4/8/8/7R/8/8/8/4K2R[] b K - 3 2" : "3k4/8/8/7R/8/8/8/4K2R[] b - - 3 2",
                     fen_of(&p));
        bh_pos q = p;
        play(&p, "d8c8");
        CHECK_MSG(has_move(&p, "e1g1") == on, "O-O with dropped rook, option %d", on);
        bh_move m;
        CHECK_EQ_INT("san O-O", on ? BH_OK : BH_EILLEGAL, bh_parse_san(&p, "O-O", &m));
        /* A piece dropped between king and rook blocks castling. */
        if (on) {
            CHECK_EQ_INT("transfer", BH_OK, bh_reserve_add(&q, BH_BLACK, BH_KNIGHT));
            play(&q, "N@f1");
            CHECK(!has_move(&q, "e1g1"));
            CHECK(has_move(&q, "e1f2"));
        }
    }
    /* A king that has moved never regains the right, even back on e1. */
    bh_pos p;
    if (!load(&p, "4k3/8/8/8/8/8/8/4K3[R] w - - 0 1", &OPT_BUG_DRC))
        return;
    play(&p, "e1f1");
    play(&p, "e8d8");
    play(&p, "f1e1");
    play(&p, "d8e8");
    play(&p, "R@h1");
    CHECK_EQ_STR("moved king", "4k3/8/8/8/8/8/8/4K2R[] b - - 5 3", fen_of(&p));
    /* Castling through an attacked square is illegal with a dropped rook too. */
    if (!load(&p, "4k3/8/8/8/8/8/8/4K2R[] w K - 0 1", &OPT_BUG_DRC))
        return;
    CHECK(has_move(&p, "e1g1"));
    if (load(&p, "4k3/8/8/8/8/8/8/4K2R[b] b K - 0 1", &OPT_BUG_DRC)) {
        play(&p, "B@h3");
        CHECK(!has_move(&p, "e1g1"));
    }
}

static void p_drop_check_and_mate_san(void)
{
    bh_pos p;
    if (!load(&p, "6rk/6pp/8/8/8/8/8/K7[N] w - - 0 1", &OPT_BUG))
        return;
    bh_move m;
    char san[BH_SAN_MAX];
    CHECK_EQ_INT("parse", BH_OK, bh_parse_san(&p, "N@f7#", &m));
    bh_move_to_san(&p, m, san);
    CHECK_EQ_STR("smothered drop mate", "N@f7#", san);
    CHECK_EQ_INT("parse", BH_OK, bh_parse_uci(&p, "N@g6", &m));
    bh_move_to_san(&p, m, san);
    CHECK_EQ_STR("drop check", "N@g6+", san);
    /* Crazyhouse mate that is not bughouse mate: SAN says "+" (P-MATE). */
    if (!load(&p, "7k/r7/8/8/8/8/6PP/7K[] b - - 0 1", &OPT_BUG))
        return;
    CHECK_EQ_INT("parse", BH_OK, bh_parse_san(&p, "Ra1", &m));
    bh_move_to_san(&p, m, san);
    CHECK_EQ_STR("blockable back-rank", "Ra1+", san);
}

/* ---- notation ------------------------------------------------------------------------- */

static void san_round_trip_and_errors(void)
{
    static const struct {
        const char *fen, *in, *uci, *out;
        int rc;
    } cases[] = {
        {"r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R[] w KQkq - 4 4", "Nd5", "c3d5",
         "Nd5", BH_OK},
        {"rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[] b KQkq - 3 3", "Nbd7", NULL, NULL,
         BH_EILLEGAL},
        {"r1bqkb1r/pppn1ppp/5n2/3pp3/4P3/3P1N2/PPP2PPP/RNBQKB1R[] b KQkq - 0 5", "Nb6", "d7b6",
         "Nb6", BH_OK},
        {"r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R[] b KQkq - 0 3", "exd4", "e5d4",
         "exd4", BH_OK},
        {"4k3/P7/8/8/8/8/8/4K3[] w - - 0 1", "a8=Q+", "a7a8q", "a8=Q+", BH_OK},
        {"4k3/P7/8/8/8/8/8/4K3[] w - - 0 1", "a8Q", "a7a8q", "a8=Q+", BH_OK},
        {"4k3/P7/8/8/8/8/8/4K3[] w - - 0 1", "a8=N", "a7a8n", "a8=N", BH_OK},
        {"4k3/P7/8/8/8/8/8/4K3[] w - - 0 1", "a8", NULL, NULL, BH_EMOVE}, /* no piece: incomplete */
        {"r3k2r/8/8/8/8/8/8/R3K2R[] b KQkq - 0 1", "O-O-O", "e8c8", "O-O-O", BH_OK},
        {"r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1", "0-0", "e1g1", "O-O", BH_OK},
        {"4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", "@e4", "P@e4", "P@e4", BH_OK},
        {"4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "N@f3", "N@f3", "N@f3", BH_OK},
        {"rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR[] b KQkq - 1 4", "Nbd7", "b8d7",
         "Nbd7", BH_OK},
        {"rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR[] b KQkq - 1 4", "Nfd7", "f6d7",
         "Nfd7", BH_OK},
        {"rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR[] b KQkq - 1 4", "Nd7", NULL, NULL,
         BH_EAMBIGUOUS},
        {"4k3/8/8/8/8/8/4K3/R6R[] w - - 0 1", "Rad1", "a1d1", "Rad1", BH_OK},
        {"4k3/8/8/8/8/8/4K3/R6R[] w - - 0 1", "Rhd1", "h1d1", "Rhd1", BH_OK},
        {"4k3/8/8/8/8/8/4K3/R6R[] w - - 0 1", "Rd1", NULL, NULL, BH_EAMBIGUOUS},
        {"4k3/8/8/8/8/8/4K3/R6R[] w - - 0 1", "Rh1d1", "h1d1", "Rhd1", BH_OK},
        {"4k3/8/8/8/8/R7/8/R3K3[] w - - 0 1", "R1a2", "a1a2", "R1a2", BH_OK},
        {"4k3/8/8/8/8/R7/8/R3K3[] w - - 0 1", "Ra2", NULL, NULL, BH_EAMBIGUOUS},
        {"4k3/8/8/8/8/8/8/4K3[] w - - 0 1", "Kf2!?", "e1f2", "Kf2", BH_OK},
        {"4k3/8/8/8/8/8/8/4K3[] w - - 0 1", "Kz9", NULL, NULL, BH_EMOVE},
        {"4k3/8/8/8/8/8/8/4K3[] w - - 0 1", "", NULL, NULL, BH_EMOVE},
        {"4k3/8/8/8/8/8/8/4K3[] w - - 0 1", "K@e2", NULL, NULL, BH_EMOVE},
        {"4k3/8/8/8/8/8/8/4K3[] w - - 0 1", "hello", NULL, NULL, BH_EMOVE},
        {"4k3/8/8/8/8/8/8/4K3[] w - - 0 1", "N@f3", NULL, NULL, BH_EILLEGAL},
        {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR[] w KQkq f6 0 3", "exf6 e.p.", "e5f6",
         "exf6", BH_OK},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(cases); i++) {
        bh_pos p;
        if (!load(&p, cases[i].fen, &OPT_BUG))
            continue;
        bh_move m = BH_MOVE_NONE;
        int rc = bh_parse_san(&p, cases[i].in, &m);
        CHECK_EQ_STR(cases[i].in, bh_errname(cases[i].rc), bh_errname(rc));
        if (rc != BH_OK || !cases[i].uci)
            continue;
        char uci[BH_UCI_MAX], san[BH_SAN_MAX];
        bh_move_to_uci(m, uci);
        CHECK_EQ_STR(cases[i].in, cases[i].uci, uci);
        CHECK(bh_move_to_san(&p, m, san) > 0);
        CHECK_EQ_STR(cases[i].in, cases[i].out, san);
    }
}

static void uci_errors(void)
{
    bh_pos p;
    bh_pos_start(&p, &OPT_BUG);
    bh_move m;
    CHECK_EQ_INT("e2e4", BH_OK, bh_parse_uci(&p, "e2e4", &m));
    CHECK_EQ_INT("e2e5", BH_EILLEGAL, bh_parse_uci(&p, "e2e5", &m));
    CHECK_EQ_INT("e3e4", BH_EILLEGAL, bh_parse_uci(&p, "e3e4", &m));
    CHECK_EQ_INT("e2e4x", BH_EMOVE, bh_parse_uci(&p, "e2e4x", &m));
    CHECK_EQ_INT("i2e4", BH_EMOVE, bh_parse_uci(&p, "i2e4", &m));
    CHECK_EQ_INT("N@f3 empty", BH_EILLEGAL, bh_parse_uci(&p, "N@f3", &m));
    CHECK_EQ_INT("K@f3", BH_EMOVE, bh_parse_uci(&p, "K@f3", &m));
    CHECK_EQ_INT("empty", BH_EMOVE, bh_parse_uci(&p, "", &m));
    /* A promotion without its piece is incomplete text (BH_EMOVE), not an illegal move: the
     * piece is the player's choice (FIDE Laws 3.7.e). With the piece it parses. */
    bh_pos q;
    if (load(&q, "8/4P1k1/8/8/8/8/6K1/8[] w - - 0 1", &OPT_BUG)) {
        CHECK_EQ_INT("e7e8 no piece", BH_EMOVE, bh_parse_uci(&q, "e7e8", &m));
        CHECK_EQ_INT("e8 no piece", BH_EMOVE, bh_parse_san(&q, "e8", &m));
        CHECK_EQ_INT("e7e8n", BH_OK, bh_parse_uci(&q, "e7e8n", &m));
        CHECK_EQ_INT("e8=N", BH_OK, bh_parse_san(&q, "e8=N", &m));
        CHECK_EQ_INT("promotes to knight", BH_KNIGHT, bh_move_promo(m));
        CHECK_EQ_INT("e7e6 backwards", BH_EILLEGAL, bh_parse_uci(&q, "e7e6", &m));
    }
    char san[BH_SAN_MAX];
    CHECK_EQ_INT("san of illegal", BH_EILLEGAL, bh_move_to_san(&p, bh_move_drop(BH_PAWN, 20), san));
    CHECK_EQ_STR("san buf cleared", "", san);
    CHECK(!bh_is_legal(&p, BH_MOVE_NONE));
    CHECK(!bh_is_legal(&p, 0xFFFF));
}

static void fen_errors_name_the_field(void)
{
    static const struct {
        const char *fen;
        bh_fen_field field;
    } cases[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX[] w KQkq - 0 1", BH_FEN_FIELD_BOARD},
        {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", BH_FEN_FIELD_BOARD},
        {"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", BH_FEN_FIELD_BOARD},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR[] w KQkq - 0 1", BH_FEN_FIELD_BOARD},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK~BNR[] w KQkq - 0 1", BH_FEN_FIELD_BOARD},
        {"~nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", BH_FEN_FIELD_BOARD},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] w KQkq - 0 1", BH_FEN_FIELD_RESERVE},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qx] w KQkq - 0 1", BH_FEN_FIELD_RESERVE},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q w KQkq - 0 1", BH_FEN_FIELD_RESERVE},
        {"4k3/8/8/8/8/8/8/4K3[PPPPPPPPPPPPPPPPP] w - - 0 1", BH_FEN_FIELD_RESERVE},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] x KQkq - 0 1", BH_FEN_FIELD_SIDE},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[]", BH_FEN_FIELD_SIDE},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkX - 0 1", BH_FEN_FIELD_CASTLING},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KK - 0 1", BH_FEN_FIELD_CASTLING},
        {"4k3/8/8/8/8/8/8/4K3[] w K - 0 1", BH_FEN_FIELD_CASTLING},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq e9 0 1", BH_FEN_FIELD_EP},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq e6 0 1", BH_FEN_FIELD_EP},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - x 1", BH_FEN_FIELD_HALFMOVE},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 99999 1", BH_FEN_FIELD_HALFMOVE},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 0", BH_FEN_FIELD_FULLMOVE},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 extra", BH_FEN_FIELD_POSITION},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR[] w kq - 0 1", BH_FEN_FIELD_POSITION},
        {"4k3/8/8/8/8/8/8/P3K3[] w - - 0 1", BH_FEN_FIELD_POSITION},
        {"4k3/8/8/8/8/8/8/4K2r[] b - - 0 1", BH_FEN_FIELD_POSITION},
        {"", BH_FEN_FIELD_BOARD},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(cases); i++) {
        bh_pos p;
        bh_pos_start(&p, &OPT_BUG);
        uint64_t key = bh_pos_key(&p);
        bh_fen_error e;
        int rc = bh_pos_from_fen(&p, cases[i].fen, &OPT_BUG, &e);
        CHECK_EQ_STR(cases[i].fen, "bad_fen", bh_errname(rc));
        CHECK_EQ_STR(cases[i].fen, bh_fen_field_name(cases[i].field), bh_fen_field_name(e.field));
        CHECK_MSG(bh_pos_key(&p) == key, "position changed by a bad FEN: %s", cases[i].fen);
    }
    bh_pos p;
    CHECK_EQ_INT("NULL fen", BH_EINVAL, bh_pos_from_fen(&p, NULL, NULL, NULL));
    char small[8];
    bh_pos_start(&p, NULL);
    CHECK_EQ_INT("small buffer", BH_ELIMIT, bh_pos_to_fen(&p, small, sizeof small));
    CHECK_EQ_STR("small buffer cleared", "", small);
}

static void fen_round_trip_and_lenient_forms(void)
{
    static const struct {
        const char *in, *out;
    } cases[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", NULL},
        {"r4rk1/p2bppbp/6p1/2qpP3/5P2/2NBPQPp/PPP4P/R1B3K1[NNNrp] b - - 39 20", NULL},
        {"4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1", NULL},
        {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR[] w KQkq f6 0 3", NULL},
        {"2k5/8/8/8/8/8/8/4K3[PNBRQpnbrq] w - - 0 1", "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1"},
        {"2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1", "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1"},
        {"2k5/8/8/8/8/8/8/4K3 w - -", "2k5/8/8/8/8/8/8/4K3[] w - - 0 1"},
        {"2k5/8/8/8/8/8/8/4K3[-] b - - 5 9", "2k5/8/8/8/8/8/8/4K3[] b - - 5 9"},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(cases); i++) {
        bh_pos p;
        if (!load(&p, cases[i].in, &OPT_BUG))
            continue;
        CHECK_EQ_STR(cases[i].in, cases[i].out ? cases[i].out : cases[i].in, fen_of(&p));
        CHECK(bh_pos_ok(&p));
    }
}

/* Hostile FENs: random byte edits of valid FENs must give BH_EFEN with a named field, or a
 * position that passes bh_pos_ok, round-trips and generates/prints its moves (under ASan:
 * no crash, no overflow). Deterministic generator; the count of accepted FENs is a sanity
 * check that the edits are not all rejected. */
static void fen_mutations_never_crash(void)
{
    static const char *const seeds[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        "r4rk1/p2bppbp/6p1/2qpP3/5P2/2NBPQPp/PPP4P/R1B3K1[NNNrp] b - - 39 20",
        "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR[] w KQkq f6 0 3",
    };
    static const char alphabet[] = "pnbrqkPNBRQK12345678/~[]-wbKQkqa3e6 0x@";
    uint64_t s = 0x1234567;
    int accepted = 0, rejected = 0;
    for (int iter = 0; iter < 20000; iter++) {
        char fen[128];
        snprintf(fen, sizeof fen, "%s", seeds[iter % BH_ARRAY_LEN(seeds)]);
        size_t len = strlen(fen);
        int edits = 1 + iter % 3;
        for (int e = 0; e < edits; e++) {
            s = s * 6364136223846793005ULL + 1442695040888963407ULL;
            size_t at = (size_t)(s >> 33) % len;
            int op = (int)((s >> 20) % 4);
            if (op == 0)
                fen[at] = alphabet[(s >> 40) % (sizeof alphabet - 1)];
            else if (op == 1)
                fen[len = at] = '\0'; /* truncate */
            else if (op == 2 && len > 1)
                memmove(fen + at, fen + at + 1, len-- - at); /* delete */
            else if (len + 1 < sizeof fen) {
                memmove(fen + at + 1, fen + at, len++ - at + 1); /* insert */
                fen[at] = alphabet[(s >> 40) % (sizeof alphabet - 1)];
            }
            if (len == 0)
                break;
        }
        bh_pos p;
        bh_fen_error err;
        int rc = bh_pos_from_fen(&p, fen, &OPT_ZH, &err);
        if (rc != BH_OK) {
            rejected++;
            CHECK_MSG(rc == BH_EFEN && err.field != BH_FEN_FIELD_NONE && err.what && err.what[0],
                      "bad error for %s", fen);
            continue;
        }
        accepted++;
        CHECK_MSG(bh_pos_ok(&p), "accepted but not ok: %s", fen);
        char out[BH_FEN_MAX];
        bh_pos_to_fen(&p, out, sizeof out);
        bh_pos q;
        CHECK_MSG(bh_pos_from_fen(&q, out, &OPT_ZH, NULL) == BH_OK && !strcmp(out, fen_of(&q)),
                  "no round trip: %s -> %s", fen, out);
        bh_move mv[BH_MAX_MOVES];
        int n = bh_gen_legal(&p, mv);
        for (int i = 0; i < n; i++) {
            char san[BH_SAN_MAX];
            bh_move m2;
            CHECK(bh_move_to_san(&p, mv[i], san) > 0);
            CHECK(bh_parse_san(&p, san, &m2) == BH_OK && m2 == mv[i]);
        }
        bh_status(&p);
    }
    CHECK(accepted > 100);
    CHECK(rejected > 100);
}

/* Hostile move text: random strings never crash the parsers; an accepted move is legal and
 * prints back (SAN) to text that parses to the same move. */
static void move_text_fuzz(void)
{
    static const char alphabet[] = "abcdefgh12345678NBRQKPnbrqkpxX=@+#!?O0-. e";
    bh_pos p;
    if (!load(&p, "r3k2r/pP4pp/8/3pP3/8/8/P5PP/R3K2R[QRBNPqrbnp] w KQkq d6 0 1", &OPT_BUG))
        return;
    uint64_t s = 99;
    int ok = 0;
    for (int iter = 0; iter < 20000; iter++) {
        char text[16];
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        int len = (int)((s >> 60) % 8) + 1;
        for (int i = 0; i < len; i++) {
            s = s * 6364136223846793005ULL + 1442695040888963407ULL;
            text[i] = alphabet[(s >> 33) % (sizeof alphabet - 1)];
        }
        text[len] = '\0';
        bh_move m;
        int rc = bh_parse_san(&p, text, &m);
        CHECK(rc == BH_OK || rc == BH_EMOVE || rc == BH_EILLEGAL || rc == BH_EAMBIGUOUS);
        if (rc == BH_OK) {
            ok++;
            char san[BH_SAN_MAX];
            bh_move m2;
            CHECK_MSG(bh_is_legal(&p, m), "%s parsed to an illegal move", text);
            CHECK(bh_move_to_san(&p, m, san) > 0 && bh_parse_san(&p, san, &m2) == BH_OK && m2 == m);
        }
        rc = bh_parse_uci(&p, text, &m);
        CHECK(rc == BH_OK || rc == BH_EMOVE || rc == BH_EILLEGAL);
        if (rc == BH_OK)
            CHECK_MSG(bh_is_legal(&p, m), "%s parsed to an illegal move", text);
    }
    CHECK(ok > 0);
}

static void p_repeat_key(void)
{
    bh_pos a, b;
    /* Reserve order does not matter, content does. */
    if (!load(&a, "4k3/8/8/8/8/8/8/4K3[NPnp] w - - 0 1", &OPT_BUG) ||
        !load(&b, "4k3/8/8/8/8/8/8/4K3[pPnN] w - - 0 1", &OPT_BUG))
        return;
    CHECK_EQ_U64("same reserve, other order", bh_pos_key(&a), bh_pos_key(&b));
    load(&b, "4k3/8/8/8/8/8/8/4K3[] w - - 0 1", &OPT_BUG);
    CHECK_EQ_INT("add", BH_OK, bh_reserve_add(&b, BH_BLACK, BH_PAWN));
    bh_reserve_add(&b, BH_WHITE, BH_PAWN);
    bh_reserve_add(&b, BH_BLACK, BH_KNIGHT);
    bh_reserve_add(&b, BH_WHITE, BH_KNIGHT);
    CHECK_EQ_U64("transfers in any order", bh_pos_key(&a), bh_pos_key(&b));
    CHECK(bh_pos_ok(&b));
    bh_reserve_add(&b, BH_WHITE, BH_KNIGHT);
    CHECK(bh_pos_key(&a) != bh_pos_key(&b));
    CHECK_EQ_INT("remove", BH_OK, bh_reserve_remove(&b, BH_WHITE, BH_KNIGHT));
    CHECK_EQ_U64("removed again", bh_pos_key(&a), bh_pos_key(&b));
    CHECK_EQ_INT("remove none", BH_ESTATE, bh_reserve_remove(&b, BH_WHITE, BH_QUEEN));
    CHECK_EQ_INT("add king", BH_EINVAL, bh_reserve_add(&b, BH_WHITE, BH_KING));
    for (int i = 0; i < BH_RESERVE_CAP - 1; i++)
        CHECK_EQ_INT("add to cap", BH_OK, bh_reserve_add(&b, BH_WHITE, BH_QUEEN));
    CHECK_EQ_INT("over cap", BH_OK, bh_reserve_add(&b, BH_WHITE, BH_QUEEN));
    CHECK_EQ_INT("over cap", BH_ELIMIT, bh_reserve_add(&b, BH_WHITE, BH_QUEEN));
    CHECK_EQ_INT("count", BH_RESERVE_CAP, bh_reserve_count(&b, BH_WHITE, BH_QUEEN));
    /* Side, castling, ep, promoted marks, colour of reserve all change the key. */
    static const char *const differ[][2] = {
        {"4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "4k3/8/8/8/8/8/8/4K3[N] b - - 0 1"},
        {"4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "4k3/8/8/8/8/8/8/4K3[n] w - - 0 1"},
        {"4k3/8/8/8/8/8/8/R3K3[] w Q - 0 1", "4k3/8/8/8/8/8/8/R3K3[] w - - 0 1"},
        {"4k3/8/8/8/8/8/8/Q3K3[] w - - 0 1", "4k3/8/8/8/8/8/8/Q~3K3[] w - - 0 1"},
        {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR[] w KQkq f6 0 3",
         "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR[] w KQkq - 0 3"},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(differ); i++) {
        if (load(&a, differ[i][0], &OPT_BUG) && load(&b, differ[i][1], &OPT_BUG))
            CHECK_MSG(bh_pos_key(&a) != bh_pos_key(&b), "same key: %s", differ[i][1]);
    }
    /* Threefold: knights out and back gives the start key again; clocks do not count. */
    bh_pos_start(&a, &OPT_BUG);
    uint64_t k0 = bh_pos_key(&a);
    play(&a, "g1f3");
    play(&a, "g8f6");
    play(&a, "f3g1");
    play(&a, "f6g8");
    CHECK_EQ_U64("repeated", k0, bh_pos_key(&a));
    CHECK_EQ_INT("ply", 4, bh_ply(&a));
    CHECK_EQ_INT("fullmove", 3, bh_fullmove(&a));
}

/* ---- crazyhouse games --------------------------------------------------------------- */

typedef struct {
    int games, moves, mates, blockable_mates, fen_trips, fails;
} replay_stats;

/* The check mark of a SAN token: '+', '#' or 0 (annotation glyphs skipped). */
static char suffix(const char *san)
{
    size_t len = strlen(san);
    while (len && strchr("!?", san[len - 1]))
        len--;
    return len && (san[len - 1] == '+' || san[len - 1] == '#') ? san[len - 1] : 0;
}

/* Strip "12." / "12..." / "1A." / "1a." move numbers; returns the SAN part ("" if none). */
static const char *strip_number(const char *tok)
{
    const char *s = tok;
    if (*s < '0' || *s > '9')
        return tok;
    while (*s >= '0' && *s <= '9')
        s++;
    if (*s == 'A' || *s == 'a' || *s == 'B' || *s == 'b')
        s++;
    if (*s != '.')
        return tok;
    while (*s == '.')
        s++;
    return s;
}

static bool is_result(const char *t)
{
    return !strcmp(t, "1-0") || !strcmp(t, "0-1") || !strcmp(t, "1/2-1/2") || !strcmp(t, "*");
}

/* Normalise SAN for comparison: drop +#!? and write pawn drops as "P@". */
static void norm_san(const char *in, char *out, size_t len)
{
    size_t n = 0;
    if (in[0] == '@' && n + 1 < len)
        out[n++] = 'P';
    for (; *in && n + 1 < len; in++)
        if (!strchr("+#!?", *in))
            out[n++] = *in;
    out[n] = '\0';
}

static void replay_token(bh_pos *p, const char *tok, const char *file, replay_stats *st)
{
    bh_move m;
    int rc = bh_parse_san(p, tok, &m);
    if (rc != BH_OK) {
        if (st->fails++ < 10)
            fprintf(stderr, "  %s game %d: %s: %s in %s\n", file, st->games, tok, bh_errname(rc),
                    fen_of(p));
        return;
    }
    char san[BH_SAN_MAX], a[BH_SAN_MAX + 2], b[BH_SAN_MAX + 2];
    bh_move_to_san(p, m, san);
    norm_san(tok, a, sizeof a);
    norm_san(san, b, sizeof b);
    if (strcmp(a, b) != 0 && st->fails++ < 10)
        fprintf(stderr, "  %s: SAN %s written back as %s\n", file, tok, san);
    /* Suffixes: the record's "+" is ours; its "#" (crazyhouse mate) is ours "#", or "+" when
     * a drop could still block (P-MATE). */
    char rs = suffix(tok), os = suffix(san);
    if (rs == '#' && os == '+')
        st->blockable_mates++;
    else if (rs != os && st->fails++ < 10)
        fprintf(stderr, "  %s: SAN %s written back as %s\n", file, tok, san);
    bh_undo u;
    bh_make(p, m, &u);
    st->moves++;
    size_t len = strlen(tok);
    while (len && strchr("!?", tok[len - 1]))
        len--;
    if (len && tok[len - 1] == '#') {
        st->mates++;
        if (!bh_is_crazyhouse_mate(p) && st->fails++ < 10)
            fprintf(stderr, "  %s: %s is not crazyhouse mate\n", file, tok);
    } else if (len && tok[len - 1] == '+' && !bh_in_check(p) && st->fails++ < 10) {
        fprintf(stderr, "  %s: %s gives no check\n", file, tok);
    }
    /* FEN round trip of every position. */
    char fen[BH_FEN_MAX];
    bh_pos_to_fen(p, fen, sizeof fen);
    bh_pos q;
    if (bh_pos_from_fen(&q, fen, &OPT_ZH, NULL) != BH_OK || strcmp(fen, fen_of(&q)) != 0 ||
        bh_pos_key(&q) != bh_pos_key(p)) {
        if (st->fails++ < 10)
            fprintf(stderr, "  %s: FEN does not round-trip: %s\n", file, fen);
    } else {
        st->fen_trips++;
    }
}

static void replay_file(const char *name, replay_stats *st)
{
    char rel[256];
    snprintf(rel, sizeof rel, "games/crazyhouse-pgn/%s", name);
    FILE *f = fopen(bh_test_data(rel), "r");
    CHECK_MSG(f != NULL, "cannot open %s", rel);
    if (!f)
        return;
    bh_pos p;
    bool in_game = false;
    int c, depth = 0;
    char tok[64];
    size_t n = 0;
    bool line_start = true;
    while ((c = fgetc(f)) != EOF) {
        if (line_start && c == '[') { /* tag line: a new game starts at the first tag */
            in_game = false;
            while ((c = fgetc(f)) != EOF && c != '\n')
                ;
            continue;
        }
        line_start = c == '\n';
        if (c == '{') {
            while ((c = fgetc(f)) != EOF && c != '}')
                ;
            c = ' ';
        } else if (c == ';') {
            while ((c = fgetc(f)) != EOF && c != '\n')
                ;
            line_start = true;
            c = ' ';
        } else if (c == '(') {
            depth++;
            c = ' ';
            if (depth > 1)
                continue;
            goto flush; /* the token before the variation belongs to the main line */
        } else if (c == ')') {
            depth--;
            c = ' ';
        }
        if (depth > 0)
            continue;
        if (c != ' ' && c != '\n' && c != '\r' && c != '\t' && c != '{') {
            if (n + 1 < sizeof tok)
                tok[n++] = (char)c;
            continue;
        }
    flush:
        if (!n)
            continue;
        tok[n] = '\0';
        n = 0;
        const char *san = strip_number(tok);
        if (!*san || san[0] == '$' || is_result(san))
            continue;
        if (!in_game) {
            bh_pos_start(&p, &OPT_ZH);
            in_game = true;
            st->games++;
        }
        replay_token(&p, san, name, st);
    }
    fclose(f);
}

static void crazyhouse_games_replay(void)
{
    static const char *const files[] = {
        "sample_500_games.pgn",
        "knightvuillaume-jannlee-zh-lichess.pgn",
        "saturs-jannlee-zh-lichess.pgn",
        "lichess_pgn_2018.12.21_JannLee_vs_CrazyAra.j9eQS4TF.pgn",
        "bench.bpgn",
    };
    replay_stats st = {0, 0, 0, 0, 0, 0};
    for (size_t i = 0; i < BH_ARRAY_LEN(files); i++)
        replay_file(files[i], &st);
    printf("  replayed %d games, %d moves, %d mates (%d blockable: not bughouse mate), "
           "%d FEN round trips\n",
           st.games, st.moves, st.mates, st.blockable_mates, st.fen_trips);
    CHECK_EQ_INT("games", 52, st.games);
    CHECK_EQ_INT("failures", 0, st.fails);
    CHECK_EQ_INT("fen round trips", st.moves, st.fen_trips);
    CHECK(st.moves > 2000);
}

/* ---- hostile-input review (regressions) ------------------------------------------------ */

/* The full-move number (uint16_t) wrapped from 65535 to 0 after a Black move, so bh_make's
 * bh_pos_ok assertion aborted (FEN "... b - - 0 65534" and three plies). It now stays at
 * 65535, unmake restores it exactly, and the FEN of such a position parses again. */
static void issue_fullmove_wrap(void)
{
    bh_pos p, start;
    if (!load(&p, "4k3/8/8/8/8/8/8/4K3[] b - - 65534 65534", &OPT_BUG))
        return;
    start = p;
    static const char *const line[] = {"e8d8", "e1d1", "d8e8", "d1e1", "e8d8"};
    bh_undo u[5];
    for (int i = 0; i < 5; i++) {
        bh_move m;
        CHECK_EQ_INT(line[i], BH_OK, bh_parse_uci(&p, line[i], &m));
        bh_make(&p, m, &u[i]);
        CHECK(bh_pos_ok(&p));
    }
    CHECK_EQ_INT("fullmove stays at 65535", 65535, bh_fullmove(&p));
    CHECK_EQ_INT("halfmove stays at 65535", 65535, bh_halfmove(&p));
    CHECK_EQ_STR("fen", "3k4/8/8/8/8/8/8/4K3[] w - - 65535 65535", fen_of(&p));
    bh_pos q;
    CHECK_EQ_INT("own FEN parses", BH_OK, bh_pos_from_fen(&q, fen_of(&p), &OPT_BUG, NULL));
    for (int i = 4; i >= 0; i--)
        bh_unmake(&p, &u[i]);
    CHECK_MSG(memcmp(&p, &start, sizeof p) == 0, "unmake does not restore the position");
    CHECK_EQ_INT("65536 is not a full-move number", BH_EFEN,
                 bh_pos_from_fen(&q, "4k3/8/8/8/8/8/8/4K3[] b - - 0 65536", &OPT_BUG, NULL));
}

/* "e5" was matched against every pawn move to e5, so with e5 occupied it played dxe5 (and with
 * two capturers it was "ambiguous"). In SAN a pawn capture always names its file. */
static void issue_san_pawn_push_is_not_capture(void)
{
    bh_pos p;
    bh_move m;
    if (!load(&p, "4k3/8/8/4p3/3P1P2/8/8/4K3[] w - - 0 1", &OPT_BUG))
        return;
    CHECK_EQ_INT("e5 is a push", BH_EILLEGAL, bh_parse_san(&p, "e5", &m));
    CHECK_EQ_INT("dxe5", BH_OK, bh_parse_san(&p, "dxe5", &m));
    CHECK_EQ_INT("de5", BH_OK, bh_parse_san(&p, "de5", &m));
    CHECK_EQ_INT("f5 push", BH_OK, bh_parse_san(&p, "f5", &m));
    CHECK_EQ_INT("f5 is f4f5", bh_move_make(29, 37, BH_MK_NORMAL), m);
    CHECK_EQ_INT("Pxe5 names no file: two capturers", BH_EAMBIGUOUS, bh_parse_san(&p, "Pxe5", &m));
    if (!load(&p, "4k3/8/8/4p3/5P2/8/8/4K3[] w - - 0 1", &OPT_BUG))
        return;
    CHECK_EQ_INT("one capturer: e5 still a push", BH_EILLEGAL, bh_parse_san(&p, "e5", &m));
    CHECK_EQ_INT("xe5 is the capture", BH_OK, bh_parse_san(&p, "xe5", &m));
}

static const bh_test_case cases[] = {
    {"issue-san-pawn-push-is-not-capture", issue_san_pawn_push_is_not_capture},
    {"issue-fullmove-wrap", issue_fullmove_wrap},
    {"perft_fsf_rows", perft_fsf_rows},
    {"perft_fsf_extra_rows", perft_fsf_extra_rows},
    {"perft_fsf_game_rows", perft_fsf_game_rows},
    {"perft_invariants", perft_invariants},
    {"P-MATE_blockable_check_is_waiting", p_mate_blockable_check_is_waiting},
    {"P-MATE_contact_and_knight", p_mate_contact_and_knight},
    {"P-MATE_bench_bpgn_final_position", p_mate_bench_bpgn_final_position},
    {"P-WAIT_no_board_move", p_wait_no_board_move},
    {"P-DROP-PAWN_ranks", p_drop_pawn_ranks},
    {"P-PROMO_dropped_pawn", p_promo_dropped_pawn},
    {"P-PROMO_captured_queen", p_promo_captured_queen},
    {"P-PAWN-2ND_dropped_double_step_ep", p_pawn_2nd_dropped_double_step_ep},
    {"P-CASTLE-DROP", p_castle_drop},
    {"P-DROP_check_and_mate_san", p_drop_check_and_mate_san},
    {"P-REPEAT_key", p_repeat_key},
    {"san_round_trip_and_errors", san_round_trip_and_errors},
    {"uci_errors", uci_errors},
    {"fen_errors_name_the_field", fen_errors_name_the_field},
    {"fen_round_trip_and_lenient_forms", fen_round_trip_and_lenient_forms},
    {"fen_mutations_never_crash", fen_mutations_never_crash},
    {"move_text_fuzz", move_text_fuzz},
    {"crazyhouse_games_replay", crazyhouse_games_replay},
};

static const bh_test_case slow_cases[] = {
    {"slow_perft_fsf_rows", slow_perft_fsf_rows},
    {"slow_perft_fsf_extra_rows", slow_perft_fsf_extra_rows},
    {"slow_perft_invariants", slow_perft_invariants},
};

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--slow") == 0)
        return bh_test_run(slow_cases, BH_ARRAY_LEN(slow_cases), argc - 1, argv + 1);
    return bh_test_run(cases, BH_ARRAY_LEN(cases), argc, argv);
}
