/* bench_game.c: replay every real bughouse game of tests/data/games N times through the full
 * game model (parse of the move text, legality, partner transfer, clocks, arbiter, event and
 * ply append, SAN of every move) and print moves per second and the time per move.
 * SPDX-License-Identifier: MIT
 * Usage: bench_game [N=50] [data dir=tests/data/games] [--rounds R=5]. Run from the repo root.
 * Prints the median and range of R rounds (the machine is shared), the load average, and a
 * checksum of the results. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_stats.h"
#include "bpgn.h"
#include "game_corpus.h"
#include "now.h"

int main(int argc, char **argv)
{
    int n = 50, rounds = 5;
    const char *dir = "tests/data/games";
    for (int i = 1, pos = 0; i < argc; i++) {
        if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc)
            rounds = atoi(argv[++i]);
        else if (pos++ == 0)
            n = atoi(argv[i]);
        else
            dir = argv[i];
    }
    if (rounds < 1 || rounds > 100) {
        fprintf(stderr, "usage: bench_game [N] [DIR] [--rounds 1..100]\n");
        return 2;
    }
    corpus_game *c;
    size_t nc = corpus_load(dir, &c);
    if (nc == 0 || n <= 0) {
        fprintf(stderr, "bench_game: no games under %s (run from the repo root)\n", dir);
        return 1;
    }
    game_rules online;
    game_rules_online(&online);
    double *mps = calloc((size_t)rounds, sizeof *mps);
    uint64_t moves = 0, check = 0;
    int games = 0;
    char la[64];
    printf("bench_game: load average %s\n", bench_loadavg(la, sizeof la));
    for (int round = 0; round < rounds; round++) {
        uint64_t t0 = now_mono_us();
        moves = check = 0;
        games = 0;
        for (int k = 0; k < n; k++) {
            for (size_t i = 0; i < nc; i++) {
                game *g = NULL;
                if (c[i].load_error || bpgn_import(&c[i].bg, &online, 1000000, &g, NULL) != BH_OK)
                    continue;
                size_t np;
                game_plies(g, &np);
                moves += np;
                games++;
                const game_result *r = game_get_result(g);
                check = check * 31 + np + (r ? (uint64_t)r->winner * 7 + r->reason : 0);
                game_free(g);
            }
        }
        uint64_t dt = now_mono_us() - t0;
        mps[round] = dt ? (double)moves * 1e6 / (double)dt : 0;
    }
    bench_spread x = bench_stats(mps, rounds);
    printf("bench_game: %d games x %d = %d replays, %" PRIu64 " moves per round\n", games / n, n,
           games, moves);
    printf("bench_game: median of %d rounds: %.0f moves/s [%.0f-%.0f], %.3f us per move (full "
           "game model)\n",
           rounds, x.med, x.lo, x.hi, x.med > 0 ? 1e6 / x.med : 0);
    printf("bench_game: checksum %016" PRIx64 "\n", check);
    free(mps);
    corpus_free(c, nc);
    return 0;
}
