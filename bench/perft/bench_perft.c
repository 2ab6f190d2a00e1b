/* bench_perft.c: perft nodes per second of bh_rules on fixed rows of tests/data/perft/perft.epd,
 * and, when fairy-stockfish is installed, its nodes per second on the same rows in the same run.
 * SPDX-License-Identifier: MIT
 * Fairy-Stockfish runs as a child over pipes: variant and position are set and "isready"
 * answered before the clock starts, so only "go perft N" is timed. Usage:
 *   bench_perft [--no-fsf] [--fsf PATH] [--repeat N] */
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "now.h"
#include "rules.h"

static const struct {
    const char *name;
    const char *variant; /* "bughouse" or "crazyhouse": our model and FSF's UCI_Variant */
    const char *fen;
    int depth;
} rows[] = {
    {"start", "bughouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", 5},
    {"start", "crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", 5},
    {"italian-castles", "bughouse",
     "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1", 4},
    {"italian-castles", "crazyhouse",
     "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1", 4},
    {"scid-middlegame", "bughouse",
     "r4rk1/p2bppbp/6p1/2qpP3/5P2/2NBPQPp/PPP4P/R1B3K1[NNNrp] b - - 39 20", 4},
    {"scid-middlegame", "crazyhouse",
     "r4rk1/p2bppbp/6p1/2qpP3/5P2/2NBPQPp/PPP4P/R1B3K1[NNNrp] b - - 39 20", 4},
    {"kiwipete-pawns", "bughouse",
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[Pp] w KQkq - 0 1", 4},
    {"kiwipete-pawns", "crazyhouse",
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[Pp] w KQkq - 0 1", 4},
    {"pawns-in-hand", "bughouse", "4k3/8/8/8/8/8/8/4K3[PPpp] w - - 0 1", 4},
    {"promotion-with-hand", "crazyhouse", "8/P1k5/8/8/8/8/5Kp1/8[Nn] w - - 0 1", 4},
    {"all-in-hand", "crazyhouse", "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1", 3},
};

typedef struct {
    pid_t pid;
    FILE *to;   /* child's stdin */
    FILE *from; /* child's stdout */
} engine;

/* Perft without bulk counting: the last ply is generated as a list (bh_gen_legal), as
 * Fairy-Stockfish's own perft does; shows what the arithmetic drop count is worth. */
static uint64_t perft_list(bh_pos *p, int depth)
{
    bh_move moves[BH_MAX_MOVES];
    int n = bh_gen_legal(p, moves);
    if (depth <= 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        bh_undo u;
        bh_make(p, moves[i], &u);
        total += perft_list(p, depth - 1);
        bh_unmake(p, &u);
    }
    return total;
}

static int engine_start(engine *e, const char *path)
{
    int in[2], out[2];
    if (pipe(in) != 0)
        return -1;
    if (pipe(out) != 0) {
        close(in[0]);
        close(in[1]);
        return -1;
    }
    e->pid = fork();
    if (e->pid < 0)
        return -1;
    if (e->pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        int devnull = open("/dev/null", O_WRONLY);
        if (devnull >= 0)
            dup2(devnull, 2);
        close(in[1]);
        close(out[0]);
        execl(path, path, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    e->to = fdopen(in[1], "w");
    e->from = fdopen(out[0], "r");
    return e->to && e->from ? 0 : -1;
}

/* Read lines until one starts with prefix; copy it to line. Returns 0, or -1 at EOF. */
static int engine_wait(engine *e, const char *prefix, char *line, size_t len)
{
    while (fgets(line, (int)len, e->from))
        if (strncmp(line, prefix, strlen(prefix)) == 0)
            return 0;
    return -1;
}

static void engine_stop(engine *e)
{
    if (e->to) {
        fputs("quit\n", e->to);
        fclose(e->to);
    }
    if (e->from)
        fclose(e->from);
    if (e->pid > 0)
        waitpid(e->pid, NULL, 0);
}

/* FSF perft of one row: nodes in *nodes, seconds returned (< 0 on failure). */
static double fsf_perft(engine *e, const char *variant, const char *fen, int depth,
                        unsigned long long *nodes)
{
    char line[512];
    fprintf(e->to, "setoption name UCI_Variant value %s\nposition fen %s\nisready\n", variant, fen);
    fflush(e->to);
    if (engine_wait(e, "readyok", line, sizeof line) != 0)
        return -1;
    uint64_t t0 = now_mono_us();
    fprintf(e->to, "go perft %d\n", depth);
    fflush(e->to);
    if (engine_wait(e, "Nodes searched", line, sizeof line) != 0)
        return -1;
    double secs = (double)(now_mono_us() - t0) / 1e6;
    *nodes = strtoull(strchr(line, ':') + 1, NULL, 10);
    return secs;
}

static const char *find_fsf(void)
{
    static const char *const paths[] = {"/usr/games/fairy-stockfish", "/usr/bin/fairy-stockfish",
                                        "/usr/local/bin/fairy-stockfish"};
    for (size_t i = 0; i < BH_ARRAY_LEN(paths); i++)
        if (access(paths[i], X_OK) == 0)
            return paths[i];
    return NULL;
}

int main(int argc, char **argv)
{
    const char *fsf_path = find_fsf();
    int repeat = 3;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--no-fsf") == 0)
            fsf_path = NULL;
        else if (strcmp(argv[i], "--fsf") == 0 && i + 1 < argc)
            fsf_path = argv[++i];
        else if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc)
            repeat = atoi(argv[++i]) > 0 ? atoi(argv[i]) : 1;
        else {
            fprintf(stderr, "usage: bench_perft [--no-fsf] [--fsf PATH] [--repeat N]\n");
            return 2;
        }
    }
    signal(SIGPIPE, SIG_IGN);
    engine fsf = {0, NULL, NULL};
    if (fsf_path && engine_start(&fsf, fsf_path) != 0) {
        fprintf(stderr, "bench_perft: cannot start %s; timing ours only\n", fsf_path);
        fsf_path = NULL;
    }
    printf("%-20s %-10s %2s %12s %9s %9s %9s %7s %7s %s\n", "row", "variant", "D", "nodes",
           "our Mnps", "list Mnps", "FSF Mnps", "ratio", "list/FSF",
           fsf_path ? "" : "(fairy-stockfish not run)");
    int mismatches = 0;
    double geo = 0;
    int ngeo = 0;
    for (size_t i = 0; i < BH_ARRAY_LEN(rows); i++) {
        bh_options o = {strcmp(rows[i].variant, "crazyhouse") == 0 ? BH_MODEL_CRAZYHOUSE
                                                                   : BH_MODEL_BUGHOUSE,
                        false};
        bh_pos p;
        if (bh_pos_from_fen(&p, rows[i].fen, &o, NULL) != BH_OK) {
            fprintf(stderr, "bench_perft: bad FEN in row %s\n", rows[i].name);
            return 1;
        }
        uint64_t nodes = 0;
        double best = 1e30;
        for (int r = 0; r < repeat; r++) {
            uint64_t t0 = now_mono_us();
            nodes = bh_perft(&p, rows[i].depth);
            double s = (double)(now_mono_us() - t0) / 1e6;
            if (s < best)
                best = s;
        }
        double ours = (double)nodes / (best > 0 ? best : 1e-9) / 1e6;
        uint64_t t0 = now_mono_us(), lnodes = perft_list(&p, rows[i].depth);
        double ls = (double)(now_mono_us() - t0) / 1e6;
        double list = (double)lnodes / (ls > 0 ? ls : 1e-9) / 1e6;
        mismatches += lnodes != nodes;
        printf("%-20s %-10s %2d %12llu %9.1f %9.1f", rows[i].name, rows[i].variant, rows[i].depth,
               (unsigned long long)nodes, ours, list);
        if (fsf_path) {
            unsigned long long fnodes = 0;
            double fs = fsf_perft(&fsf, rows[i].variant, rows[i].fen, rows[i].depth, &fnodes);
            if (fs < 0) {
                printf(" %9s\n", "error");
                continue;
            }
            double theirs = (double)fnodes / (fs > 0 ? fs : 1e-9) / 1e6;
            printf(" %9.1f %6.1fx %6.1fx%s\n", theirs, ours / theirs, list / theirs,
                   fnodes == nodes ? "" : "  NODE COUNT DIFFERS");
            mismatches += fnodes != nodes;
            geo += log(ours / theirs);
            ngeo++;
        } else {
            printf("\n");
        }
        fflush(stdout);
    }
    if (ngeo)
        printf("geometric mean ratio %.1fx over %d rows; node count mismatches: %d\n",
               exp(geo / ngeo), ngeo, mismatches);
    engine_stop(&fsf);
    return mismatches ? 1 : 0;
}
