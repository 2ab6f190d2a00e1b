/* test_games.c: every real bughouse game of tests/data/games replays through the game model
 * (legality, drops from the partner's captures in true order, P-MATE on every recorded mate,
 * the recorded end and team result), the event list rebuilds the game exactly, and BPGN
 * export -> import -> export is the identity.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "bh_test.h"
#include "bpgn.h"
#include "game_corpus.h"

/* The CSV record that does not start from the initial position (SOURCES.md). */
#define CSV_BAD_RECORD "fics-csv/bughouse_dataset.csv#24"

static corpus_game *corpus;
static size_t ncorpus;

static void load(void)
{
    if (!corpus)
        ncorpus = corpus_load(bh_test_data("games"), &corpus);
}

static void real_games_replay(void)
{
    load();
    int ok[CORPUS_NSOURCES] = {0}, total[CORPUS_NSOURCES] = {0}, errors = 0;
    int ends[CORPUS_NSOURCES][8] = {{0}};
    for (size_t i = 0; i < ncorpus; i++) {
        const corpus_game *c = &corpus[i];
        char err[256] = "";
        game *g = NULL;
        int rc = corpus_replay(c, &g, err, sizeof err);
        total[c->source]++;
        if (strcmp(c->name, CSV_BAD_RECORD) == 0) {
            /* Reported as an error, not a crash: its first move is not legal. */
            CHECK_MSG(rc == BH_EILLEGAL, "%s: expected illegal_move, got %s (%s)", c->name,
                      bh_errname(rc), err);
            printf("  expected error: %s: %s\n", c->name, err);
            errors++;
            continue;
        }
        CHECK_MSG(rc == BH_OK, "%s: %s", c->name, err);
        if (rc == BH_OK && c->order_tol_ds > 0)
            printf("  %s: cross-board order needed clocks %d.%d s apart\n", c->name,
                   c->order_tol_ds / 10, c->order_tol_ds % 10);
        if (rc == BH_OK && strcmp(c->name, "fics-bpgn/test.bpgn") == 0) {
            /* FORMAT.md: 35b. d1=Q+ 36B. Rxd1: the promoted queen reaches Black-A as a pawn. */
            size_t np;
            const game_ply *pl = game_plies(g, &np);
            int found = 0;
            for (size_t k = 1; k < np; k++)
                if (strcmp(pl[k].san, "Rxd1") == 0 && strcmp(pl[k - 1].san, "d1=Q+") == 0) {
                    CHECK_EQ_INT("promoted queen handed as", BH_PAWN, pl[k].handed);
                    found++;
                }
            CHECK_EQ_INT("d1=Q+ Rxd1 found", 1, found);
        }
        if (rc == BH_OK) {
            ok[c->source]++;
            const game_result *r = game_get_result(g);
            ends[c->source][r ? r->reason : 0]++;
        }
        game_free(g);
    }
    for (int s = 0; s < CORPUS_NSOURCES; s++)
        printf("  replayed %s: %d of %d games (mate %d, flag %d, resign %d, unfinished %d)\n",
               corpus_source_name(s), ok[s], total[s], ends[s][GAME_END_MATE],
               ends[s][GAME_END_FLAG], ends[s][GAME_END_RESIGN], ends[s][GAME_END_NONE]);
    /* SOURCES.md: 6 BPGN files, 64 CSV records (one bad), 43 chess.com pairs. */
    CHECK_EQ_INT("FICS BPGN games", 6, ok[CORPUS_FICS_BPGN]);
    CHECK_EQ_INT("FICS CSV games", 63, ok[CORPUS_FICS_CSV]);
    CHECK_EQ_INT("chess.com pairs", 43, ok[CORPUS_CHESSCOM]);
    CHECK_EQ_INT("reported errors", 1, errors);
    /* SOURCES.md: 48 of 64 CSV games end with a '#' move; chess.com: 24 checkmated boards. */
    CHECK_EQ_INT("CSV mates", 48, ends[CORPUS_FICS_CSV][GAME_END_MATE]);
    CHECK_EQ_INT("chess.com mates", 24, ends[CORPUS_CHESSCOM][GAME_END_MATE]);
    CHECK_EQ_INT("chess.com flags", 7, ends[CORPUS_CHESSCOM][GAME_END_FLAG]);
    CHECK_EQ_INT("chess.com resignations", 12, ends[CORPUS_CHESSCOM][GAME_END_RESIGN]);
}

/* The event list is the record: game_replay rebuilds the same game (same events, same BPGN). */
static void real_games_event_replay(void)
{
    load();
    int n = 0;
    for (size_t i = 0; i < ncorpus; i++) {
        char err[256];
        game *g = NULL;
        if (corpus_replay(&corpus[i], &g, err, sizeof err) != BH_OK)
            continue;
        size_t nev;
        const game_event *ev = game_events(g, &nev);
        game *h = NULL;
        int rc = game_replay(game_get_setup(g), ev, nev, &h);
        CHECK_MSG(rc == BH_OK, "%s: game_replay: %s", corpus[i].name, bh_errname(rc));
        if (rc == BH_OK) {
            char *a = bpgn_export(g, NULL), *b = bpgn_export(h, NULL);
            CHECK_MSG(strcmp(a, b) == 0, "%s: replayed game exports differently", corpus[i].name);
            free(a);
            free(b);
            n++;
        }
        game_free(h);
        game_free(g);
    }
    printf("  rebuilt from events: %d games\n", n);
    CHECK_EQ_INT("rebuilt", 112, n);
}

/* export -> import -> export gives the same BPGN for every replayed real game. */
static void real_games_round_trip(void)
{
    load();
    int n = 0, fics_results = 0;
    for (size_t i = 0; i < ncorpus; i++) {
        char err[256];
        game *g = NULL;
        if (corpus_replay(&corpus[i], &g, err, sizeof err) != BH_OK)
            continue;
        bpgn_meta meta = {.event = "test", .site = "tests/data/games"};
        char *a = bpgn_export(g, &meta);
        bpgn_game bg;
        int rc = bpgn_parse(a, strlen(a), &bg, NULL);
        CHECK_MSG(rc == BH_OK, "%s: parse own export: %s", corpus[i].name, bh_errname(rc));
        game *h = NULL;
        size_t bad = 0;
        if (rc == BH_OK)
            rc = bpgn_import(&bg, NULL, 5000000, &h, &bad);
        CHECK_MSG(rc == BH_OK, "%s: import own export: %s at item %zu", corpus[i].name,
                  bh_errname(rc), bad);
        if (rc == BH_OK) {
            char *b = bpgn_export(h, &meta);
            CHECK_MSG(strcmp(a, b) == 0, "%s: round trip differs:\n%s\n----\n%s", corpus[i].name, a,
                      b);
            const game_result *r1 = game_get_result(g), *r2 = game_get_result(h);
            CHECK_MSG((!r1 && !r2) || (r1 && r2 && r1->winner == r2->winner), "%s: result differs",
                      corpus[i].name);
            int w;
            if (r1 && bpgn_team_result(&bg, &w) == BH_OK)
                CHECK_EQ_INT("Winner tag", r1->winner, w);
            /* We write [Result] in bughousedb's convention: the FICS file's own value. */
            const char *theirs = bpgn_get_tag(&corpus[i].bg, "Result");
            if (corpus[i].source == CORPUS_FICS_BPGN && theirs) {
                CHECK_EQ_STR(corpus[i].name, theirs, bpgn_get_tag(&bg, "Result"));
                fics_results++;
            }
            free(b);
            n++;
        }
        game_free(h);
        bpgn_game_fini(&bg);
        free(a);
        game_free(g);
    }
    printf("  round trips: %d games\n", n);
    CHECK_EQ_INT("FICS [Result] tags equal to ours", 6, fics_results);
    CHECK_EQ_INT("round trips", 112, n);
}

/* Hostile input: 1000 random corruptions of a real BPGN file (bytes replaced, deleted,
 * truncated) never crash the tokenizer or the import; each call returns BH_OK or a BH_E*. */
static void bpgn_hostile_input(void)
{
    FILE *f = fopen(bh_test_data("games/fics-bpgn/1934301.bpgn"), "rb");
    CHECK(f != NULL);
    if (!f)
        return;
    static char orig[1 << 16], buf[1 << 16];
    size_t len = fread(orig, 1, sizeof orig, f);
    fclose(f);
    uint64_t seed = 7;
    int parsed = 0, imported = 0;
    for (int k = 0; k < 1000; k++) {
        memcpy(buf, orig, len);
        size_t n = len;
        for (int m = 0; m < 1 + k % 4; m++) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            size_t at = (size_t)(seed >> 33) % n;
            int op = (int)(seed >> 20) % 3;
            if (op == 0)
                buf[at] = (char)(seed >> 40);
            else if (op == 1 && n > 1)
                memmove(buf + at, buf + at + 1, --n - at);
            else
                n = at + 1;
        }
        bpgn_game bg;
        int rc = bpgn_parse(buf, n, &bg, NULL);
        CHECK_MSG(rc == BH_OK || rc == BH_EPARSE, "parse rc %d", rc);
        if (rc != BH_OK)
            continue;
        parsed++;
        game *g = NULL;
        rc = bpgn_import(&bg, NULL, 1000000, &g, NULL);
        CHECK_MSG(rc <= 0 && (rc == BH_OK) == (g != NULL), "import rc %d", rc);
        if (rc == BH_OK) {
            imported++;
            free(bpgn_export(g, NULL));
        }
        game_free(g);
        bpgn_game_fini(&bg);
    }
    printf("  corrupted files: 1000, parsed %d, imported %d\n", parsed, imported);
}

static void cleanup(void)
{
    corpus_free(corpus, ncorpus);
    corpus = NULL;
    ncorpus = 0;
}

static const bh_test_case cases[] = {
    {"real_games_replay", real_games_replay},
    {"real_games_event_replay", real_games_event_replay},
    {"real_games_round_trip", real_games_round_trip},
    {"bpgn_hostile_input", bpgn_hostile_input},
    {"real_games_zz_cleanup", cleanup},
};

BH_TEST_MAIN(cases)
