/* test_game_chess.c: the chess game kind (docs/rules.md F-CHESS) against outside references: real
 * chess.com games (tests/data/games/chess, SOURCES.md) replayed move by move with their clocks
 * to their published ends, FIDE Laws article examples (5, 6.9, 7.5.5, 9.2 - 9.6), the Fischer
 * increment of seed 004, event replay, and a hand-checkable PGN export in lichess's format.
 * SPDX-License-Identifier: MIT
 * Times are written in ms from the game start (T0). */
#include <stdlib.h>
#include <string.h>

#include "bh_test.h"
#include "game.h"
#include "pgn.h"

#define T0 1000000ULL
#define T(ms) (T0 + (uint64_t)(ms)*1000ULL)
#define W GAME_A_WHITE
#define B GAME_A_BLACK

static game *mk_fen(const char *ruleset, uint32_t base_ms, uint32_t inc_ms, const char *fen)
{
    game_rules r;
    if (game_rules_by_name(ruleset, &r) != BH_OK)
        abort();
    game_setup s;
    game_setup_init(&s, &r, base_ms, inc_ms);
    s.kind = GAME_KIND_CHESS;
    strcpy(s.players[0], "Anna");
    strcpy(s.players[1], "Boris");
    if (fen)
        snprintf(s.fen[0], sizeof s.fen[0], "%s", fen);
    game *g = NULL;
    if (game_new(&s, T0, &g) != BH_OK)
        abort();
    return g;
}

static game *mk(const char *ruleset)
{
    return mk_fen(ruleset, 600000, 5000, NULL); /* seed 004: 10 min + 5 s (F-RR) */
}

/* Play "e4 e5 Nf3 ..." alternately from the side to move, one move per second after at_ms. */
static int play(game *g, const char *moves, uint64_t at_ms)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", moves);
    int rc = BH_OK;
    for (char *save = NULL, *tok = strtok_r(buf, " ", &save); tok && rc == BH_OK;
         tok = strtok_r(NULL, " ", &save)) {
        int seat = (int)bh_side_to_move(game_pos(g, 0));
        at_ms += 1000;
        rc = game_move(g, seat, tok, GAME_PLY_ANY, T(at_ms), NULL);
        CHECK_MSG(rc == BH_OK, "move %s: %s", tok, bh_errname(rc));
    }
    return rc;
}

/* game_replay rebuilds g exactly from its events (the store's crash recovery). */
static void check_replay(const game *g, const char *what)
{
    size_t n;
    const game_event *ev = game_events(g, &n);
    game *h = NULL;
    int rc = game_replay(game_get_setup(g), ev, n, &h);
    CHECK_MSG(rc == BH_OK, "%s: replay: %s", what, bh_errname(rc));
    if (rc != BH_OK)
        return;
    size_t m;
    game_events(h, &m);
    CHECK_EQ_INT(what, (long long)n, (long long)m);
    CHECK_EQ_INT(what, game_state(g), game_state(h));
    const game_result *a = game_get_result(g), *b = game_get_result(h);
    if (a && b) {
        CHECK_EQ_INT(what, a->winner, b->winner);
        CHECK_EQ_INT(what, a->reason, b->reason);
        CHECK_EQ_U64(what, a->end_us, b->end_us);
    }
    char fa[BH_FEN_MAX], fb[BH_FEN_MAX];
    bh_pos_to_fen(game_pos(g, 0), fa, sizeof fa);
    bh_pos_to_fen(game_pos(h, 0), fb, sizeof fb);
    CHECK_EQ_STR(what, fa, fb);
    for (int s = 0; s < 2; s++)
        CHECK_EQ_INT(what, game_clock_us(g, s, game_last_us(g)),
                     game_clock_us(h, s, game_last_us(g)));
    game_free(h);
}

static void check_end(const game *g, const char *what, int winner, game_end reason)
{
    const game_result *r = game_get_result(g);
    CHECK_MSG(r != NULL, "%s: game not over", what);
    if (!r)
        return;
    CHECK_EQ_INT(what, winner, r->winner);
    CHECK_EQ_STR(what, game_end_name(reason), game_end_name(r->reason));
}

/* ---- real games (tests/data/games/chess, chess.com) -------------------------------- */

static const struct {
    const char *file;
    int plies, winner;
    game_end reason;
    int seat; /* result seat */
} real[] = {
    {"chesscom-stalemate-600.pgn", 112, GAME_DRAW, GAME_END_STALEMATE, B},
    {"chesscom-repetition-600+5.pgn", 121, GAME_DRAW, GAME_END_REPEAT, B},
    {"chesscom-checkmate-600+5.pgn", 52, GAME_TEAM_2, GAME_END_MATE, W},
    {"chesscom-timeout-600+5.pgn", 58, GAME_TEAM_2, GAME_END_FLAG, W},
    {"chesscom-insufficient-180.pgn", 105, GAME_DRAW, GAME_END_DEAD, W},
};

static game *load_real(const char *file, bpgn_game *bg)
{
    char rel[256];
    snprintf(rel, sizeof rel, "games/chess/%s", file);
    size_t len = 0;
    char *text = bh_test_data_file(rel, &len);
    game *g = NULL;
    memset(bg, 0, sizeof *bg);
    if (!text)
        return NULL;
    int rc = pgn_parse(text, len, bg, NULL);
    CHECK_MSG(rc == BH_OK, "%s: parse: %s", file, bh_errname(rc));
    size_t bad = 0;
    if (rc == BH_OK)
        rc = pgn_import(bg, NULL, T0, &g, &bad);
    CHECK_MSG(rc == BH_OK, "%s: import: %s at item %zu (%s)", file, bh_errname(rc), bad,
              bad < bg->nitems ? bg->items[bad].text : "the ending");
    free(text);
    return rc == BH_OK ? g : NULL;
}

/* Every game replays move by move with its clocks to the end chess.com published: stalemate
 * (5.2.1), a threefold repetition that the side to move claims (9.2), checkmate (5.1.1), a flag
 * with mating material left (6.9), and K+B v K, a dead position (5.2.2). */
static void real_games_end_as_published(void)
{
    for (size_t i = 0; i < BH_ARRAY_LEN(real); i++) {
        bpgn_game bg;
        game *g = load_real(real[i].file, &bg);
        if (g) {
            CHECK_EQ_INT(real[i].file, real[i].plies, game_board_plies(g, 0));
            check_end(g, real[i].file, real[i].winner, real[i].reason);
            CHECK_EQ_INT(real[i].file, real[i].seat, game_get_result(g)->seat);
            const char *res = bpgn_get_tag(&bg, "Result");
            char *pgn = pgn_export(g, NULL);
            CHECK_MSG(res && strstr(pgn, res), "%s: result %s not in the export", real[i].file,
                      res ? res : "?");
            free(pgn);
            check_replay(g, real[i].file);
        }
        game_free(g);
        bpgn_game_fini(&bg);
    }
}

/* The stalemate game's clocks: 10+0, so Black's last recorded clock (12.8 s) is what the model
 * shows; and the repetition is incorrect to claim one move early (59... Kh5: twice). */
static void real_games_clocks_and_early_claim(void)
{
    bpgn_game bg;
    game *g = load_real("chesscom-stalemate-600.pgn", &bg);
    if (g)
        CHECK_EQ_INT("Black after 56... Kxf4", 12800000, game_clock_us(g, B, game_last_us(g)));
    game_free(g);
    bpgn_game_fini(&bg);
    g = load_real("chesscom-repetition-600+5.pgn", &bg);
    if (!g)
        return;
    /* Rebuild it to 60... Kg6 (120 plies), White to move: that position has been seen twice
     * (58... Kg6, 60... Kg6), the one 61. Bc7 makes twice before (57. Kg3, 59. Bc7). */
    game *h = mk_fen("online", 600000, 5000, NULL);
    for (size_t i = 0; i < 120; i++)
        game_move_recorded(h, bg.items[i].seat, bg.items[i].text, bg.items[i].clock_ms, NULL);
    CHECK_EQ_INT("rebuilt", 120, game_board_plies(h, 0));
    CHECK(!game_can_claim(h, W, GAME_CLAIM_REPETITION));
    CHECK_EQ_INT("claim on the second occurrence", BH_ESTATE,
                 game_claim_draw(h, W, GAME_CLAIM_REPETITION, NULL, game_last_us(h), NULL));
    CHECK_EQ_INT("Black does not have the move", BH_ETURN,
                 game_claim_draw(h, B, GAME_CLAIM_REPETITION, NULL, game_last_us(h), NULL));
    /* 9.2.1.1: White writes 61. Bc7, which makes the third occurrence: correct. */
    CHECK_EQ_INT("intended 61. Bc7 is the third", BH_OK,
                 game_claim_draw(h, W, GAME_CLAIM_REPETITION, "Bc7", game_last_us(h), NULL));
    check_end(h, "intended", GAME_DRAW, GAME_END_REPEAT);
    CHECK_EQ_INT("the intended move is not played", 120, game_board_plies(h, 0));
    check_replay(h, "intended claim");
    game_free(h);
    game_free(g);
    bpgn_game_fini(&bg);
}

/* ---- FIDE Laws examples ------------------------------------------------------------ */

/* 9.2: knights out and back. The initial position occurs the third time after 4... Ng8;
 * only the player having the move (White) may claim; earlier claims are incorrect. */
static void fide_9_2_threefold_claim(void)
{
    game *g = mk("online");
    play(g, "Nf3 Nf6 Ng1 Ng8", 0);
    CHECK_EQ_INT("second occurrence", BH_ESTATE,
                 game_claim_draw(g, W, GAME_CLAIM_REPETITION, NULL, T(5000), NULL));
    size_t n0, n1;
    game_events(g, &n0);
    play(g, "Nf3 Nf6 Ng1 Ng8", 5000);
    game_events(g, &n1);
    CHECK_EQ_INT("the refused claim left no event", (long long)n0 + 4, (long long)n1);
    CHECK_EQ_INT("Black does not have the move", BH_ETURN,
                 game_claim_draw(g, B, GAME_CLAIM_REPETITION, NULL, T(10000), NULL));
    CHECK(game_can_claim(g, W, GAME_CLAIM_REPETITION));
    CHECK(!game_can_claim(g, W, GAME_CLAIM_FIFTY));
    CHECK_EQ_INT("third occurrence", BH_OK, game_claim_repetition(g, W, T(10000), NULL));
    check_end(g, "threefold", GAME_DRAW, GAME_END_REPEAT);
    CHECK_EQ_STR("reason", "repetition", game_result_reason(game_get_result(g)));
    check_replay(g, "threefold");
    game_free(g);
}

/* 9.2.2.1: positions are not the same if a pawn could be captured en passant in one of them.
 * After 2... d5 White may take on d6: that position does not count with the later ones. */
static void fide_9_2_2_en_passant_differs(void)
{
    game *g = mk("online");
    play(g, "e4 Nc6 e5 d5 Nf3 Nb8 Ng1 Nc6 Nf3 Nb8 Ng1 Nc6", 0);
    CHECK_MSG(!game_can_claim(g, W, GAME_CLAIM_REPETITION), "ep position counted");
    play(g, "Nf3 Nb8 Ng1 Nc6", 20000);
    CHECK(game_can_claim(g, W, GAME_CLAIM_REPETITION));
    game_free(g);
}

/* 9.3: 50 moves each without pawn move or capture. Halfmove 99: the claim now is incorrect;
 * with the intended move Rd3 (9.3.1) it is correct; at 100 the side to move claims (9.3.2). */
static void fide_9_3_fifty_moves(void)
{
    game *g = mk_fen("online", 600000, 0, "8/8/8/4k3/8/8/3R4/4K3 w - - 99 80");
    CHECK_EQ_INT("99 plies", BH_ESTATE,
                 game_claim_draw(g, W, GAME_CLAIM_FIFTY, NULL, T(1000), NULL));
    CHECK_EQ_INT("intended pawn-less move", BH_OK,
                 game_claim_draw(g, W, GAME_CLAIM_FIFTY, "Rd3", T(2000), NULL));
    check_end(g, "fifty", GAME_DRAW, GAME_END_FIFTY);
    CHECK_EQ_STR("reason", "fifty_moves", game_result_reason(game_get_result(g)));
    char *pgn = pgn_export(g, NULL);
    CHECK_MSG(strstr(pgn, "80. Rd3 { intended move of the claim, not played }"), "%s", pgn);
    CHECK_MSG(strstr(pgn, "[FEN \"8/8/8/4k3/8/8/3R4/4K3 w - - 99 80\"]"), "%s", pgn);
    free(pgn);
    check_replay(g, "fifty intended");
    game_free(g);
    g = mk_fen("online", 600000, 0, "8/8/8/4k3/8/8/3R4/4K3 w - - 99 80");
    play(g, "Rd3", 0);
    CHECK_EQ_INT("White does not have the move", BH_ETURN,
                 game_claim_draw(g, W, GAME_CLAIM_FIFTY, NULL, T(2000), NULL));
    CHECK_EQ_INT("Black claims at 100", BH_OK,
                 game_claim_draw(g, B, GAME_CLAIM_FIFTY, NULL, T(2000), NULL));
    check_replay(g, "fifty");
    game_free(g);
}

/* 9.5.3 with the rapid appendix: an incorrect claim gives the opponent one minute (ruleset
 * fide), is recorded, and its intended move is then made. */
static void fide_9_5_3_incorrect_claim_penalty(void)
{
    game *g = mk("fide");
    play(g, "Nf3 Nf6", 0); /* White 600-1+5 = 604 s, Black 600-1+5 = 604 s at 2 s */
    int64_t black = game_clock_us(g, B, T(2000));
    CHECK_EQ_INT("incorrect", BH_ESTATE,
                 game_claim_draw(g, W, GAME_CLAIM_REPETITION, "Ng1", T(2000), NULL));
    CHECK_EQ_INT("Black +60 s", black + 60000000, game_clock_us(g, B, T(2000)));
    CHECK_EQ_INT("the intended move was made", 3, game_board_plies(g, 0));
    CHECK_EQ_INT("Black to move", BH_BLACK, bh_side_to_move(game_pos(g, 0)));
    size_t n;
    const game_event *ev = game_events(g, &n);
    CHECK_EQ_INT("claim event", GAME_EV_CLAIM, ev[n - 2].type);
    CHECK_EQ_INT("rejected", GAME_CLAIM_REPETITION | GAME_CLAIM_REJECTED, ev[n - 2].arg);
    check_replay(g, "penalty");
    char *pgn = pgn_export(g, NULL);
    CHECK_MSG(strstr(pgn, "{ White claims a draw by repetition: incorrect (FIDE 9.5.3). } "
                          "2. Ng1"),
              "%s", pgn);
    free(pgn);
    game_free(g);
}

/* 9.6: fivefold repetition ends the game by itself, the fourth occurrence does not. */
static void fide_9_6_1_fivefold(void)
{
    game *g = mk("online");
    play(g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", 0);
    CHECK_EQ_INT("fourth occurrence: still playing", GAME_PLAYING, game_state(g));
    play(g, "Nf3 Nf6 Ng1 Ng8", 20000);
    check_end(g, "fivefold", GAME_DRAW, GAME_END_FIVEFOLD);
    CHECK_EQ_INT("after 8... Ng8", 16, game_board_plies(g, 0));
    check_replay(g, "fivefold");
    game_free(g);
}

/* 9.6.2: 75 moves each (150 plies) end the game, unless the last move mates. */
static void fide_9_6_2_seventy_five(void)
{
    game *g = mk_fen("online", 600000, 0, "7k/8/6K1/8/8/8/8/R7 w - - 149 100");
    play(g, "Ra2", 0);
    check_end(g, "75 moves", GAME_DRAW, GAME_END_SEVENTYFIVE);
    game_free(g);
    g = mk_fen("online", 600000, 0, "7k/8/6K1/8/8/8/8/R7 w - - 149 100");
    play(g, "Ra8", 0);
    check_end(g, "mate first", GAME_TEAM_1, GAME_END_MATE);
    check_replay(g, "mate at 150");
    game_free(g);
}

/* 5.1.1, 5.2.1, 5.2.2 in play: the move that makes the position ends the game at once. */
static void fide_5_automatic_ends(void)
{
    game *g = mk_fen("online", 600000, 0, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    play(g, "Ra8", 0);
    check_end(g, "back-rank mate (a drop could block in bughouse)", GAME_TEAM_1, GAME_END_MATE);
    game_free(g);
    g = mk_fen("online", 600000, 0, "7k/8/5K2/6Q1/8/8/8/8 w - - 0 1");
    play(g, "Qg6", 0);
    check_end(g, "stalemate", GAME_DRAW, GAME_END_STALEMATE);
    CHECK_EQ_INT("the mover", W, game_get_result(g)->seat);
    game_free(g);
    g = mk_fen("online", 600000, 0, "8/8/8/4k3/8/8/4r3/4KB2 w - - 0 1");
    play(g, "Kxe2", 0);
    check_end(g, "K+B v K", GAME_DRAW, GAME_END_DEAD);
    check_replay(g, "dead");
    game_free(g);
}

/* 6.9: a flag loses, unless the opponent cannot checkmate by any series of legal moves. */
static void fide_6_9_flag(void)
{
    /* White (K+Q) lets its clock run out: Black has a lone king, so it is a draw. */
    game *g = mk_fen("online", 1000, 0, "7k/8/8/8/8/8/8/4K1Q1 w - - 0 1");
    game_tick(g, T(1000), NULL);
    check_end(g, "K+Q flags v K", GAME_DRAW, GAME_END_FLAG_DRAW);
    CHECK_EQ_STR("reason", "flag_insufficient", game_result_reason(game_get_result(g)));
    CHECK_EQ_U64("at the exact instant", T(1000), game_get_result(g)->t_us);
    check_replay(g, "flag draw");
    char *pgn = pgn_export(g, NULL);
    CHECK_MSG(strstr(pgn, "[Termination \"Time forfeit\"]"), "%s", pgn);
    free(pgn);
    game_free(g);
    /* Black (K+P) flags against K+N: a mate exists with Black's help (pawn blocks): loss. */
    g = mk_fen("online", 1000, 0, "7k/7p/8/8/8/8/8/4K2N b - - 0 1");
    game_tick(g, T(5000), NULL);
    check_end(g, "K+P flags v K+N", GAME_TEAM_1, GAME_END_FLAG);
    game_free(g);
}

/* issue-25: art. 5.2.2 and 6.9 in a blocked pawn wall (no pawn can move, no king can reach an
 * enemy pawn): the move that closes it ends the game, and a flag there is a draw. */
static void issue_25_pawn_wall(void)
{
    game *g = mk_fen("online", 600000, 0, "k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 0 1");
    game_tick(g, T(600000), NULL);
    check_end(g, "White flags in the wall", GAME_DRAW, GAME_END_FLAG_DRAW);
    game_free(g);
    g = mk_fen("online", 600000, 0, "k7/8/8/p1p1p1p1/P1P1P3/6P1/8/K7 w - - 0 1");
    play(g, "g4", 0);
    check_end(g, "g3-g4 closes the wall", GAME_DRAW, GAME_END_DEAD);
    game_free(g);
}

/* 7.5.5 (ruleset fide): the first illegal move gives the opponent one minute, the second
 * loses; against a lone king it is a draw. Ruleset online: rejected, nothing recorded. */
static void fide_7_5_5_illegal_moves(void)
{
    game *g = mk("online");
    CHECK_EQ_INT("online", BH_EILLEGAL, game_move(g, W, "e5", GAME_PLY_ANY, T(1000), NULL));
    size_t n;
    game_events(g, &n);
    CHECK_EQ_INT("nothing recorded", 1, (long long)n);
    game_free(g);
    g = mk("fide");
    CHECK_EQ_INT("first", BH_EILLEGAL, game_move(g, W, "e5", GAME_PLY_ANY, T(1000), NULL));
    CHECK_EQ_INT("Black +60 s", 660000000, game_clock_us(g, B, T(1000)));
    CHECK_EQ_INT("playing", GAME_PLAYING, game_state(g));
    CHECK_EQ_INT("then a legal move", BH_OK, game_move(g, W, "e4", GAME_PLY_ANY, T(2000), NULL));
    CHECK_EQ_INT("Black's first is free too", BH_EILLEGAL,
                 game_move(g, B, "Ke7", GAME_PLY_ANY, T(3000), NULL));
    CHECK_EQ_INT("White +60 s", 663000000, game_clock_us(g, W, T(3000)));
    play(g, "e5", 3000);
    CHECK_EQ_INT("second", BH_EILLEGAL, game_move(g, W, "Ke3", GAME_PLY_ANY, T(5000), NULL));
    check_end(g, "second illegal", GAME_TEAM_2, GAME_END_ILLEGAL);
    check_replay(g, "illegal");
    game_free(g);
    g = mk_fen("fide", 600000, 0, "7k/8/8/8/8/8/8/4K1Q1 w - - 0 1");
    CHECK_EQ_INT("not a move", BH_EMOVE, game_move(g, W, "xyz", GAME_PLY_ANY, T(1000), NULL));
    CHECK_EQ_INT("not a move: no penalty", 600000000, game_clock_us(g, B, T(1000)));
    game_move(g, W, "e1e3", GAME_PLY_ANY, T(2000), NULL);
    CHECK_EQ_INT("first: Black +60 s", 660000000, game_clock_us(g, B, T(2000)));
    game_move(g, W, "e1e4", GAME_PLY_ANY, T(3000), NULL);
    check_end(g, "second illegal v lone king", GAME_DRAW, GAME_END_ILLEGAL_DRAW);
    game_free(g);
}

/* F-CHESS, seed 004: Fischer increment from move 1; resignation; agreement. */
static void f_chess_increment_resign_agree(void)
{
    game *g = mk("online");
    CHECK_EQ_INT("1. e4 at 3 s", BH_OK, game_move(g, W, "e2e4", 0, T(3000), NULL));
    CHECK_EQ_INT("600 - 3 + 5", 602000000, game_clock_us(g, W, T(3000)));
    CHECK_EQ_INT("Black runs", 599000000, game_clock_us(g, B, T(4000)));
    CHECK_EQ_INT("resign", BH_OK, game_resign(g, B, T(4000), NULL));
    check_end(g, "resign", GAME_TEAM_1, GAME_END_RESIGN);
    check_replay(g, "resign");
    game_free(g);
    g = mk("online");
    play(g, "e4 e5", 0);
    CHECK_EQ_INT("offer", BH_OK, game_offer_draw(g, W, T(3000), NULL));
    CHECK_EQ_INT("own offer", BH_ESTATE, game_accept_draw(g, W, T(3000), NULL));
    CHECK_EQ_INT("accept", BH_OK, game_accept_draw(g, B, T(3500), NULL));
    check_end(g, "agreement", GAME_DRAW, GAME_END_AGREE);
    check_replay(g, "agreement");
    game_free(g);
}

/* Bad input: seats of the other board, drops, claims that do not exist, moves out of turn. */
static void chess_bad_input(void)
{
    game *g = mk("online");
    CHECK_EQ_INT("kind", GAME_KIND_CHESS, game_get_kind(g));
    CHECK_EQ_INT("seats", 2, game_seats(g));
    CHECK_EQ_INT("boards", 1, game_boards(g));
    CHECK(game_pos(g, 1) == NULL);
    CHECK_EQ_INT("seat 2", BH_EINVAL, game_move(g, 2, "e4", GAME_PLY_ANY, T(1000), NULL));
    CHECK_EQ_INT("seat 3 resign", BH_EINVAL, game_resign(g, 3, T(1000), NULL));
    CHECK_EQ_INT("drop", BH_EMOVE, game_move(g, W, "N@f3", GAME_PLY_ANY, T(1000), NULL));
    CHECK_EQ_INT("out of turn", BH_ETURN, game_move(g, B, "e5", GAME_PLY_ANY, T(1000), NULL));
    CHECK_EQ_INT("claim kind", BH_EINVAL,
                 game_claim_draw(g, W, (game_claim)7, NULL, T(1000), NULL));
    CHECK_EQ_INT("intended junk", BH_EMOVE,
                 game_claim_draw(g, W, GAME_CLAIM_REPETITION, "xyz", T(1000), NULL));
    CHECK_EQ_INT("intended illegal", BH_EILLEGAL,
                 game_claim_draw(g, W, GAME_CLAIM_REPETITION, "e5", T(1000), NULL));
    CHECK_EQ_INT("clock of seat 2", 0, game_clock_us(g, 2, T(1000)));
    game_free(g);
    game_rules r;
    game_rules_online(&r);
    game_setup s;
    game_setup_init(&s, &r, 60000, 0);
    game *b = NULL;
    if (game_new(&s, T0, &b) == BH_OK) {
        CHECK_EQ_INT("bughouse: no fifty-move claim", BH_EINVAL,
                     game_claim_draw(b, 0, GAME_CLAIM_FIFTY, NULL, T(1000), NULL));
        CHECK_EQ_INT("bughouse: no intended move", BH_EINVAL,
                     game_claim_draw(b, 0, GAME_CLAIM_REPETITION, "e4", T(1000), NULL));
    }
    game_free(b);
    s.kind = (game_kind)5;
    CHECK_EQ_INT("unknown kind", BH_EINVAL, game_new(&s, T0, &b));
    s.kind = GAME_KIND_CHESS;
    strcpy(s.fen[0], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 0 1");
    CHECK_EQ_INT("reserve in a chess FEN", BH_EFEN, game_new(&s, T0, &b));
    game_kind k;
    CHECK_EQ_INT("kind name", BH_OK, game_kind_by_name("chess", &k));
    CHECK_EQ_STR("kind", "chess", game_kind_name(k));
    CHECK_EQ_INT("kind name", BH_ENOTFOUND, game_kind_by_name("shogi", &k));
}

/* The export as lichess writes it, checkable by hand: 10+5, seconds rounded half up. */
static void pgn_export_lichess_format(void)
{
    game *g = mk("online");
    game_move(g, W, "f3", 0, T(2000), NULL);   /* 600 - 2 + 5 = 603 */
    game_move(g, B, "e5", 1, T(4500), NULL);   /* 600 - 2.5 + 5 = 602.5 -> 603 */
    game_move(g, W, "g4", 2, T(5500), NULL);   /* 603 - 1 + 5 = 607 */
    game_move(g, B, "Qh4", 3, T(10000), NULL); /* 602.5 - 4.5 + 5 = 603 */
    const pgn_meta meta = {
        .event = "Club championship", .site = "Kyiv", .date = "2026.12.01", .round = "1.3"};
    char *pgn = pgn_export(g, &meta);
    CHECK_EQ_STR("pgn",
                 "[Event \"Club championship\"]\n[Site \"Kyiv\"]\n[Date \"2026.12.01\"]\n"
                 "[Round \"1.3\"]\n[White \"Anna\"]\n[Black \"Boris\"]\n[Result \"0-1\"]\n"
                 "[TimeControl \"600+5\"]\n[Termination \"Normal\"]\n\n"
                 "1. f3 { [%clk 0:10:03] } 1... e5 { [%clk 0:10:03] } 2. g4 { [%clk 0:10:07] } "
                 "2... Qh4# { [%clk 0:10:03] } { White is checkmated (FIDE 5.1.1). Black wins. } "
                 "0-1\n",
                 pgn);
    /* Our own export reads back into the same game. */
    bpgn_game bg;
    game *h = NULL;
    int rc = pgn_parse(pgn, strlen(pgn), &bg, NULL);
    if (rc == BH_OK)
        rc = pgn_import(&bg, NULL, T0, &h, NULL);
    CHECK_MSG(rc == BH_OK, "import of own export: %s", bh_errname(rc));
    if (h) {
        check_end(h, "round trip", GAME_TEAM_2, GAME_END_MATE);
        char *again = pgn_export(h, &meta);
        CHECK_EQ_STR("round trip", pgn, again);
        free(again);
    }
    game_free(h);
    bpgn_game_fini(&bg);
    free(pgn);
    /* bpgn_export of a chess game is its PGN; a bughouse game has none. */
    char *via = bpgn_export(g, NULL);
    CHECK_MSG(via && strstr(via, "[Result \"0-1\"]"), "bpgn_export: %s", via ? via : "NULL");
    free(via);
    game_free(g);
}

/* A board of a team match (the club round robin, seed 004): the PGN standard's Round and the
 * Board, WhiteTeam and BlackTeam tags of team events (as ChessBase and lichess broadcasts
 * write them), in that order; an arbiter's forfeit the game model does not know (the board
 * ended with 1. e4 played, Black absent after the waiting time, T-WAIT) is the Result, with
 * the standard's Termination "abandoned" and a comment; an adjudication "Adjudication". A
 * '}' in the arbiter's reason does not end the comment early. */
static void pgn_export_team_board(void)
{
    game *g = mk("online");
    game_move(g, W, "e4", 0, T(2000), NULL);
    const pgn_meta m = {.event = "Chornomorsk 2016",
                        .site = "Chornomorsk",
                        .date = "2016.05.14",
                        .round = "3.2",
                        .board = "4",
                        .white_team = "Shakhtar",
                        .black_team = "Chornomorets",
                        .result = "1-0",
                        .reason = "forfeit"};
    char *pgn = pgn_export(g, &m);
    CHECK_EQ_STR("team board",
                 "[Event \"Chornomorsk 2016\"]\n[Site \"Chornomorsk\"]\n[Date \"2016.05.14\"]\n"
                 "[Round \"3.2\"]\n[Board \"4\"]\n[White \"Anna\"]\n[Black \"Boris\"]\n"
                 "[WhiteTeam \"Shakhtar\"]\n[BlackTeam \"Chornomorets\"]\n[Result \"1-0\"]\n"
                 "[TimeControl \"600+5\"]\n[Termination \"Abandoned\"]\n\n"
                 "1. e4 { [%clk 0:10:03] } { The arbiter's result: 1-0 (forfeit). } 1-0\n",
                 pgn);
    free(pgn);
    pgn_meta adj = m;
    adj.result = "1/2-1/2";
    adj.reason = "agreed}\n";
    pgn = pgn_export(g, &adj);
    CHECK_MSG(strstr(pgn, "[Termination \"Adjudication\"]") &&
                  strstr(pgn, "{ The arbiter's result: 1/2-1/2 (agreed) ). } 1/2-1/2\n"),
              "adjudicated: %s", pgn);
    free(pgn);
    game_free(g);
}

static void pgn_parse_errors(void)
{
    static const char *const bad[] = {
        "1. e4 { [%clk 0:61:00] } e5 *", /* minutes over 59 */
        "1. e4 { unclosed",
        "1. e4 ( 1. d4 d5 *",
        "[White \"unclosed] 1. e4 *",
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(bad); i++) {
        bpgn_game bg;
        CHECK_EQ_INT(bad[i], BH_EPARSE, pgn_parse(bad[i], strlen(bad[i]), &bg, NULL));
    }
    const char *ok = "1. e4 $1 (1. d4 {x} d5) 1... e5 {[%clk 1:02:03.4]} ; line\n2. Nf3 *";
    bpgn_game bg;
    CHECK_EQ_INT("ok", BH_OK, pgn_parse(ok, strlen(ok), &bg, NULL));
    CHECK_EQ_INT("moves", 3, (long long)bg.nitems);
    if (bg.nitems == 3) {
        CHECK_EQ_INT("clock", 3723400, bg.items[1].clock_ms);
        CHECK_EQ_INT("side", B, bg.items[1].seat);
        CHECK_EQ_INT("number", 2, bg.items[2].number);
    }
    bpgn_game_fini(&bg);
}

static const bh_test_case cases[] = {
    {"real_games_end_as_published", real_games_end_as_published},
    {"real_games_clocks_and_early_claim", real_games_clocks_and_early_claim},
    {"FIDE-5_automatic_ends", fide_5_automatic_ends},
    {"FIDE-6.9_flag", fide_6_9_flag},
    {"issue-25_pawn_wall", issue_25_pawn_wall},
    {"FIDE-7.5.5_illegal_moves", fide_7_5_5_illegal_moves},
    {"FIDE-9.2_threefold_claim", fide_9_2_threefold_claim},
    {"FIDE-9.2.2_en_passant_differs", fide_9_2_2_en_passant_differs},
    {"FIDE-9.3_fifty_moves", fide_9_3_fifty_moves},
    {"FIDE-9.5.3_incorrect_claim_penalty", fide_9_5_3_incorrect_claim_penalty},
    {"FIDE-9.6.1_fivefold", fide_9_6_1_fivefold},
    {"FIDE-9.6.2_seventy_five", fide_9_6_2_seventy_five},
    {"F-CHESS_increment_resign_agree", f_chess_increment_resign_agree},
    {"chess_bad_input", chess_bad_input},
    {"pgn_export_lichess_format", pgn_export_lichess_format},
    {"pgn_export_team_board", pgn_export_team_board},
    {"pgn_parse_errors", pgn_parse_errors},
};

int main(int argc, char **argv)
{
    return bh_test_run(cases, BH_ARRAY_LEN(cases), argc, argv);
}
