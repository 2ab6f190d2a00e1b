/* test_rules_chess.c: the chess model of the rules module (BH_MODEL_CHESS, docs/rules.md F-CHESS)
 * against outside references: the published perft counts (tests/data/perft/perft-chess.epd,
 * chessprogramming.org), and positions for the FIDE Laws articles they illustrate.
 * SPDX-License-Identifier: MIT
 * `test_rules_chess` runs the unit cases; `test_rules_chess --slow` the deep perft rows. */
#include "bh_test.h"
#include "rules.h"
#include "rules_test.h"

static const bh_options OPT_CHESS = {BH_MODEL_CHESS, false};
static const bh_options OPT_BUG = {BH_MODEL_BUGHOUSE, false};

static bh_move uci(const bh_pos *p, const char *text)
{
    bh_move m = BH_MOVE_NONE;
    int rc = bh_parse_uci(p, text, &m);
    CHECK_MSG(rc == BH_OK, "move %s: %s", text, bh_errname(rc));
    return m;
}

/* ---- perft (chessprogramming.org "Perft Results") --------------------------------- */

static void perft_chess_rows(void)
{
    perft_file("perft/perft-chess.epd", false);
}
static void slow_perft_chess_rows(void)
{
    perft_file("perft/perft-chess.epd", true);
}
/* make/unmake invariants (no reserve, no promoted marks, key restored) on every row. */
static void perft_chess_invariants(void)
{
    walk_file("perft/perft-chess.epd", 100000);
}

/* ---- FEN ---------------------------------------------------------------------------- */

static void fen_plain_round_trip(void)
{
    static const char *const fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 3",
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(fens); i++) {
        bh_pos p;
        if (load(&p, fens[i], &OPT_CHESS))
            CHECK_EQ_STR(fens[i], fens[i], fen_of(&p));
    }
    /* An empty reserve (our own bughouse FEN) is accepted and not written back. */
    bh_pos p;
    if (load(&p, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", &OPT_CHESS))
        CHECK_EQ_STR("[] dropped", fens[0], fen_of(&p));
}

static void fen_chess_errors(void)
{
    static const struct {
        const char *fen;
        bh_fen_field field;
    } bad[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w KQkq - 0 1", BH_FEN_FIELD_RESERVE},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/n w KQkq - 0 1", BH_FEN_FIELD_RESERVE},
        {"4k3/8/8/8/8/8/8/Q~3K3 w - - 0 1", BH_FEN_FIELD_BOARD},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(bad); i++) {
        bh_pos p;
        bh_fen_error e;
        CHECK_EQ_INT(bad[i].fen, BH_EFEN, bh_pos_from_fen(&p, bad[i].fen, &OPT_CHESS, &e));
        CHECK_EQ_STR(bad[i].fen, bh_fen_field_name(bad[i].field), bh_fen_field_name(e.field));
    }
}

/* FIDE art. 9.2.2: positions differ only if "the possible moves" differ, so an en-passant
 * square whose capture is illegal (here the b5 pawn is pinned along the fifth rank) is no
 * right in chess: not in the FEN, not in the key. Bughouse keeps Stockfish's convention. */
static void fide_9_2_2_ep_right_only_when_legal(void)
{
    const char *before = "8/2p5/8/KP5r/8/8/8/7k b - - 0 1";
    bh_pos c, b, ref;
    if (!load(&c, before, &OPT_CHESS) || !load(&b, before, &OPT_BUG))
        return;
    bh_undo u;
    bh_make(&c, uci(&c, "c7c5"), &u);
    bh_make(&b, uci(&b, "c7c5"), &u);
    CHECK_EQ_STR("chess: no ep right", "8/8/8/KPp4r/8/8/8/7k w - - 0 2", fen_of(&c));
    CHECK_EQ_STR("bughouse: pseudo-legal ep", "8/8/8/KPp4r/8/8/8/7k[] w - c6 0 2", fen_of(&b));
    if (load(&ref, "8/8/8/KPp4r/8/8/8/7k w - c6 0 2", &OPT_CHESS)) {
        CHECK_EQ_STR("FEN ep dropped", "8/8/8/KPp4r/8/8/8/7k w - - 0 2", fen_of(&ref));
        CHECK_EQ_U64("same key as the played position", bh_pos_key(&c), bh_pos_key(&ref));
    }
    /* A legal capture keeps its square. */
    if (load(&c, "8/2p5/8/1P5r/8/8/K7/7k b - - 0 1", &OPT_CHESS)) {
        bh_make(&c, uci(&c, "c7c5"), &u);
        CHECK_EQ_STR("legal ep kept", "8/8/8/1Pp4r/8/8/K7/7k w - c6 0 2", fen_of(&c));
        bh_unmake(&c, &u);
        CHECK_EQ_STR("unmake", "8/2p5/8/1P5r/8/8/K7/7k b - - 0 1", fen_of(&c));
    }
}

/* FIDE art. 3.7.5.3: a promoted pawn becomes a queen like any other (no '~', same key). */
static void promotion_is_a_plain_queen(void)
{
    bh_pos p, q;
    if (!load(&p, "8/P6k/8/8/8/8/8/K7 w - - 0 1", &OPT_CHESS) ||
        !load(&q, "Q7/7k/8/8/8/8/8/K7 b - - 0 1", &OPT_CHESS))
        return;
    bh_undo u;
    bh_make(&p, uci(&p, "a7a8q"), &u);
    CHECK_EQ_STR("FEN", "Q7/7k/8/8/8/8/8/K7 b - - 0 1", fen_of(&p));
    CHECK_EQ_U64("key", bh_pos_key(&q), bh_pos_key(&p));
    CHECK(!bh_is_promoted_at(&p, 56));
}

/* No drops and no reserve in chess: drop text is not a chess move (BH_EMOVE, never an
 * illegal move), and the reserve cannot be filled. */
static void no_drops(void)
{
    bh_pos p;
    bh_pos_start(&p, &OPT_CHESS);
    bh_move m;
    CHECK_EQ_INT("uci drop", BH_EMOVE, bh_parse_uci(&p, "N@f3", &m));
    CHECK_EQ_INT("san drop", BH_EMOVE, bh_parse_san(&p, "N@f3", &m));
    CHECK_EQ_INT("reserve add", BH_EINVAL, bh_reserve_add(&p, BH_WHITE, BH_KNIGHT));
    CHECK_EQ_INT("reserve remove", BH_EINVAL, bh_reserve_remove(&p, BH_WHITE, BH_KNIGHT));
    CHECK_EQ_INT("20 moves", 20, (int)bh_perft(&p, 1));
}

/* ---- status: FIDE Laws art. 5 ------------------------------------------------------- */

static void fide_5_1_1_checkmate_even_if_blockable(void)
{
    /* Back-rank mate: a drop could block in bughouse (P-MATE), nothing can in chess. */
    const char *fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    bh_pos c, b;
    if (!load(&c, fen, &OPT_CHESS) || !load(&b, fen, &OPT_BUG))
        return;
    char san[BH_SAN_MAX];
    bh_move_to_san(&c, uci(&c, "a1a8"), san);
    CHECK_EQ_STR("chess SAN", "Ra8#", san);
    bh_move_to_san(&b, uci(&b, "a1a8"), san);
    CHECK_EQ_STR("bughouse SAN", "Ra8+", san);
    bh_undo u;
    bh_make(&c, uci(&c, "a1a8"), &u);
    bh_make(&b, uci(&b, "a1a8"), &u);
    CHECK_EQ_STR("chess", "mate", bh_status_name(bh_status(&c)));
    CHECK(bh_is_mate(&c));
    CHECK_EQ_STR("bughouse", "waiting", bh_status_name(bh_status(&b)));
    CHECK(!bh_is_mate(&b));
}

static void fide_5_2_1_stalemate(void)
{
    /* Black Kh8, White Qf7 Kg6: no legal move, not in check. Bughouse: waiting (P-WAIT). */
    const char *fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    bh_pos c, b;
    if (!load(&c, fen, &OPT_CHESS) || !load(&b, fen, &OPT_BUG))
        return;
    CHECK_EQ_INT("chess", BH_STATUS_STALEMATE, bh_status(&c));
    CHECK_EQ_STR("name", "stalemate", bh_status_name(bh_status(&c)));
    CHECK(!bh_is_mate(&c));
    CHECK_EQ_INT("bughouse", BH_STATUS_WAITING, bh_status(&b));
}

/* FIDE art. 5.2.2 on one chess position: bh_is_dead_position says dead and the status is
 * DEAD, or neither (PLAYING). The position stays in dead_pos; false if the FEN did not load. */
static bh_pos dead_pos;
static bool check_dead(const char *what, const char *fen, bool dead)
{
    if (!load(&dead_pos, fen, &OPT_CHESS))
        return false;
    CHECK_MSG(bh_is_dead_position(&dead_pos) == dead, "%s: dead %d expected", what, dead);
    CHECK_EQ_INT(what, dead ? BH_STATUS_DEAD : BH_STATUS_PLAYING, bh_status(&dead_pos));
    return true;
}

static void fide_5_2_2_dead_positions(void)
{
    static const struct {
        const char *what, *fen;
        bool dead;
    } cases[] = {
        {"K v K", "8/8/8/4k3/8/8/8/4K3 w - - 0 1", true},
        {"K+N v K", "8/8/8/4k3/8/8/8/3NK3 b - - 0 1", true},
        {"K+B v K", "8/8/8/4k3/8/8/8/2B1K3 b - - 0 1", true},
        {"K+B v K+B, both dark", "5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1", true},
        {"K+BB v K, both dark", "4k3/8/8/8/8/8/8/B1B1K3 b - - 0 1", true},
        {"K+B v K+B, opposite colours", "2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1", false},
        {"K+N v K+N", "8/8/8/4k1n1/8/8/8/3NK3 w - - 0 1", false},
        {"K+NN v K", "8/8/8/4k3/8/8/8/2NNK3 w - - 0 1", false},
        {"K+N v K+B", "8/8/8/4k1b1/8/8/8/3NK3 w - - 0 1", false},
        {"K+P v K", "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", false},
        {"K+R v K", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1", false},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(cases); i++)
        check_dead(cases[i].what, cases[i].fen, cases[i].dead);
    /* Bughouse never reports a dead position (a piece can always arrive, P-WAIT). */
    bh_pos b;
    if (load(&b, "8/8/8/4k3/8/8/8/4K3[] w - - 0 1", &OPT_BUG))
        CHECK_EQ_INT("bughouse K v K", BH_STATUS_PLAYING, bh_status(&b));
    /* Mate is mate, whatever is left (art. 5.1.1 before 5.2.2): none of the dead material
     * can give it, so a dead status never hides one. Stalemate comes before dead: */
    if (load(&b, "k7/2K5/1B6/8/8/8/8/8 b - - 0 1", &OPT_CHESS))
        CHECK_EQ_STR("K+B stalemate", "stalemate", bh_status_name(bh_status(&b)));
}

/* issue-25: FIDE art. 5.2.2 for kings and pawns. A wall where no pawn can ever move and no
 * king can ever reach an enemy pawn is dead; each change below lets something move. */
static void issue_25_pawn_walls(void)
{
    static const struct {
        const char *what, *fen;
        bool dead;
    } cases[] = {
        {"the wall", "k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 0 1", true},
        {"the wall, Black to move", "k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 b - - 0 1", true},
        {"adjacent files: d4xe5 and e4xd5", "k7/8/8/p2pp1p1/P2PP1P1/8/8/K7 w - - 0 1", false},
        {"a gap at h4: Kh4-h5-g6xf5", "k7/8/8/p1p2p2/P1P2P2/8/8/K7 w - - 0 1", false},
        {"f5xg6 en passant", "k7/8/5p2/p1p1pPp1/P1P1P1P1/8/8/K7 w - g6 0 1", false},
        {"the same, no en passant", "k7/8/5p2/p1p1pPp1/P1P1P1P1/8/8/K7 w - - 0 1", true},
        {"h2-h3-h4xg5", "k7/8/8/p1p1p1p1/P1P1P1P1/8/7P/K7 w - - 0 1", false},
        {"the wall and Bc1: Bf4xe5", "k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K1B5 w - - 0 1", false},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(cases); i++)
        if (check_dead(cases[i].what, cases[i].fen, cases[i].dead))
            CHECK_MSG(bh_can_checkmate(&dead_pos, BH_WHITE) == !cases[i].dead, "%s: white",
                      cases[i].what);
    /* Each king walled in next to enemy pawns only: Kh4 beside g4 and h3 (defended by f5 and
     * g4), Ka5 beside a6 and b5 (defended by b5 and c4). Taking one would be moving into
     * check: dead. Neither king can move, so stalemate comes first (art. 5.2.1). */
    bh_pos d;
    if (load(&d, "8/p7/Pp4p1/kPp2pP1/1pP2PpK/1P4Pp/7P/8 b - - 0 1", &OPT_CHESS)) {
        CHECK_MSG(bh_is_dead_position(&d), "kings beside defended pawns: dead");
        CHECK_EQ_INT("kings beside defended pawns", BH_STATUS_STALEMATE, bh_status(&d));
    }
    /* Bughouse: the partner can hand a piece over at any time (P-MOVE). */
    bh_pos b;
    if (load(&b, "k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7[] w - - 0 1", &OPT_BUG)) {
        CHECK_MSG(!bh_is_dead_position(&b), "bughouse wall: not dead");
        CHECK_EQ_INT("bughouse wall", BH_STATUS_PLAYING, bh_status(&b));
    }
}

/* FIDE art. 6.9: after a flag, can the opponent still checkmate by any series of legal moves? */
static void fide_6_9_can_checkmate(void)
{
    static const struct {
        const char *what, *fen;
        bool white, black;
    } cases[] = {
        {"K+Q v K", "7k/8/8/8/8/8/8/4K1Q1 w - - 0 1", true, false},
        {"K+N v K", "7k/8/8/8/8/8/8/4K2N w - - 0 1", false, false},
        {"K+N v K+P: helpmate exists", "7k/7p/8/8/8/8/8/4K2N w - - 0 1", true, true},
        {"K+B v K+B same colour", "5b1k/8/8/8/8/8/8/2B1K3 w - - 0 1", false, false},
        {"K+B v K+B opposite", "2b4k/8/8/8/8/8/8/2B1K3 w - - 0 1", true, true},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(cases); i++) {
        bh_pos p;
        if (!load(&p, cases[i].fen, &OPT_CHESS))
            continue;
        CHECK_MSG(bh_can_checkmate(&p, BH_WHITE) == cases[i].white, "%s: white", cases[i].what);
        CHECK_MSG(bh_can_checkmate(&p, BH_BLACK) == cases[i].black, "%s: black", cases[i].what);
    }
}

static const bh_test_case cases[] = {
    {"perft_chess_rows", perft_chess_rows},
    {"perft_chess_invariants", perft_chess_invariants},
    {"fen_plain_round_trip", fen_plain_round_trip},
    {"fen_chess_errors", fen_chess_errors},
    {"FIDE-9.2.2_ep_right_only_when_legal", fide_9_2_2_ep_right_only_when_legal},
    {"FIDE-3.7_promotion_is_a_plain_queen", promotion_is_a_plain_queen},
    {"no_drops", no_drops},
    {"FIDE-5.1.1_checkmate_even_if_blockable", fide_5_1_1_checkmate_even_if_blockable},
    {"FIDE-5.2.1_stalemate", fide_5_2_1_stalemate},
    {"FIDE-5.2.2_dead_positions", fide_5_2_2_dead_positions},
    {"FIDE-6.9_can_checkmate", fide_6_9_can_checkmate},
    {"issue-25_pawn_walls", issue_25_pawn_walls},
};

static const bh_test_case slow_cases[] = {
    {"slow_perft_chess_rows", slow_perft_chess_rows},
};

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--slow") == 0)
        return bh_test_run(slow_cases, BH_ARRAY_LEN(slow_cases), argc - 1, argv + 1);
    return bh_test_run(cases, BH_ARRAY_LEN(cases), argc, argv);
}
