/* bench_perft.c: perft nodes per second of bh_rules on fixed rows of tests/data/perft/perft.epd,
 * and, when fairy-stockfish is installed, its nodes per second on the same rows in the same run.
 * SPDX-License-Identifier: MIT
 * Two ratios: "count" is our bh_perft (the last ply counted, drops by arithmetic) against
 * Fairy-Stockfish's perft; "list" is ours generating every leaf move as a list, which is what
 * Fairy-Stockfish's perft does (MoveList<LEGAL> at depth 1): the like-for-like one. Each figure
 * is the median of --repeat runs (default 5) with its range. Fairy-Stockfish runs as a child
 * over pipes: variant and position are set and "isready" answered before the clock starts, so
 * only "go perft N" is timed. Its build is printed first: the UCI id name, the Debian package
 * that owns it if any, large-board ("LB" in the id: 128-bit bitboards, several times slower on
 * 8x8) or 8x8, and the compiler and instruction sets the engine reports to "compiler" (current
 * builds), or else the arch suffix of an old id ("64", "POPCNT", "BMI2"), or "arch not
 * reported". The engine is --engine PATH (or --fsf PATH), else $BH_FSF, else the first of
 * /usr/games, /usr/bin, /usr/local/bin/fairy-stockfish.
 * Usage: bench_perft [--no-fsf] [--engine PATH] [--repeat N] */
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench_stats.h"
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

/* The engine's "id name" (e.g. "Fairy-Stockfish 11.1 LB 64") into out, "?" if it gives none. */
static void engine_id(engine *e, char *out, size_t cap)
{
    char line[512];
    snprintf(out, cap, "?");
    fprintf(e->to, "uci\n");
    fflush(e->to);
    while (fgets(line, sizeof line, e->from) && strncmp(line, "uciok", 5) != 0)
        if (strncmp(line, "id name ", 8) == 0) {
            line[strcspn(line, "\r\n")] = '\0';
            snprintf(out, cap, "%.100s", line + 8);
        }
}

/* What the engine says of its build to "compiler": the "Compiled by ..." line into by and the
 * instruction sets of "Compilation settings include: ..." into with ("" where it says nothing;
 * Fairy-Stockfish 11.1 names its compiler but not the instruction sets). */
static void engine_compiler(engine *e, char *by, size_t by_cap, char *with, size_t with_cap)
{
    static const char by_tag[] = "Compiled by ", with_tag[] = "Compilation settings include:";
    char line[512];
    by[0] = with[0] = '\0';
    fprintf(e->to, "compiler\nisready\n");
    fflush(e->to);
    while (fgets(line, sizeof line, e->from) && strncmp(line, "readyok", 7) != 0) {
        line[strcspn(line, "\r\n")] = '\0';
        if (strncmp(line, by_tag, strlen(by_tag)) == 0)
            snprintf(by, by_cap, "%.100s", line + strlen(by_tag));
        else if (strncmp(line, with_tag, strlen(with_tag)) == 0)
            snprintf(with, with_cap, "%.100s",
                     line + strlen(with_tag) + strspn(line + strlen(with_tag), " "));
    }
}

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), t = strlen(tail);
    return n >= t && strcmp(s + n - t, tail) == 0;
}

/* The build in words from the id and the compiler lines: board size, then the instruction
 * sets as the engine reports them. Ids of Fairy-Stockfish 11 end in " 64", " 64 POPCNT" or
 * " 64 BMI2" (the x86-64 level it was built for); current ids carry no arch, so without a
 * "Compilation settings" line the arch is not known. */
static void describe_build(const char *id, const char *by, const char *with, char *out, size_t cap)
{
    if (strcmp(id, "?") == 0) {
        snprintf(out, cap, "no UCI id: build not known");
        return;
    }
    const char *board = strstr(id, " LB") ? "large-board build (LB: 128-bit bitboards)"
                                          : "8x8 build (no LB in its id)";
    char arch[200];
    if (with[0])
        snprintf(arch, sizeof arch, "instruction sets it reports: %.100s", with);
    else if (ends_with(id, " BMI2"))
        snprintf(arch, sizeof arch, "x86-64 with BMI2 (its id says)");
    else if (ends_with(id, " POPCNT"))
        snprintf(arch, sizeof arch, "x86-64 with POPCNT, no BMI2 (its id says)");
    else if (ends_with(id, " 64"))
        snprintf(arch, sizeof arch, "generic x86-64: no POPCNT or BMI2 (its id ends in \"64\")");
    else
        snprintf(arch, sizeof arch, "arch not reported");
    snprintf(out, cap, "%s; %s%s%.100s", board, arch, by[0] ? "; compiled by " : "", by);
}

/* Version and architecture of the Debian package that owns path ("11.1-1+b1 amd64"), or
 * "not from a package". */
static void package_of(const char *path, char *out, size_t cap)
{
    char cmd[600], pkg[128] = "", line[256] = "";
    snprintf(out, cap, "not from a package");
    snprintf(cmd, sizeof cmd, "dpkg -S '%s' 2>/dev/null", path);
    FILE *f = popen(cmd, "r");
    if (!f)
        return;
    if (fgets(line, sizeof line, f) && strchr(line, ':'))
        snprintf(pkg, sizeof pkg, "%.*s", (int)(strchr(line, ':') - line), line);
    pclose(f);
    if (!pkg[0])
        return;
    snprintf(cmd, sizeof cmd, "dpkg-query -W -f='${Version} ${Architecture}' '%s' 2>/dev/null",
             pkg);
    f = popen(cmd, "r");
    /* Fields bounded (a name of 63, a version and architecture of 111 characters: longer
     * than any Debian's) so that the label always fits the caller's 192 bytes. */
    if (f && fgets(line, sizeof line, f))
        snprintf(out, cap, "Debian package %.63s %.111s", pkg, line);
    if (f)
        pclose(f);
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

/* "123.4 [120.1-125.0]", right-aligned in 20 columns, in out (cap >= 48). */
static const char *fmt_spread(char *out, size_t cap, bench_spread x)
{
    char t[48];
    snprintf(t, sizeof t, "%.1f [%.1f-%.1f]", x.med, x.lo, x.hi);
    snprintf(out, cap, "%20s", t);
    return out;
}

#ifdef BH_NATIVE_BUILD
#define BUILD_KIND "native (-march=native)"
#else
#define BUILD_KIND "portable"
#endif

int main(int argc, char **argv)
{
    const char *env = getenv("BH_FSF");
    const char *fsf_path = env && env[0] ? env : find_fsf();
    int repeat = 5;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--no-fsf") == 0)
            fsf_path = NULL;
        else if ((strcmp(argv[i], "--engine") == 0 || strcmp(argv[i], "--fsf") == 0) &&
                 i + 1 < argc)
            fsf_path = argv[++i];
        else if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc)
            repeat = atoi(argv[++i]) > 0 ? atoi(argv[i]) : 1;
        else {
            fprintf(stderr, "usage: bench_perft [--no-fsf] [--engine PATH] [--repeat N]\n"
                            "  the engine: --engine (or --fsf), else $BH_FSF, else "
                            "fairy-stockfish in /usr/games, /usr/bin or /usr/local/bin\n");
            return 2;
        }
    }
    if (repeat > 100)
        repeat = 100;
    signal(SIGPIPE, SIG_IGN);
    engine fsf = {0, NULL, NULL};
    if (fsf_path && (access(fsf_path, X_OK) != 0 || engine_start(&fsf, fsf_path) != 0)) {
        fprintf(stderr, "bench_perft: cannot start %s; timing ours only\n", fsf_path);
        fsf_path = NULL;
    }
    char la[64], id[128], pkg[192], by[128], with[128], build[512];
    printf("bench_perft: ours %s build (%s), Mnps = median [min-max] of %d runs, load average "
           "%s\n",
           BUILD_KIND, __VERSION__, repeat, bench_loadavg(la, sizeof la));
    if (fsf_path) {
        engine_id(&fsf, id, sizeof id);
        engine_compiler(&fsf, by, sizeof by, with, sizeof with);
        describe_build(id, by, with, build, sizeof build);
        package_of(fsf_path, pkg, sizeof pkg);
        printf("Fairy-Stockfish: %s (%s, %s); %s\n", id, fsf_path, pkg, build);
    } else {
        printf("Fairy-Stockfish: not run (not found, or --no-fsf)\n");
    }
    printf("count: ours counting the last ply (bh_perft); list: ours generating every leaf move "
           "as a list, as Fairy-Stockfish's perft does (like for like)\n");
    printf("%-20s %-10s %2s %12s %20s %20s %20s %8s %8s\n", "row", "variant", "D", "nodes",
           "count Mnps", "list Mnps", "FSF Mnps", "count/F", "list/F");
    int mismatches = 0, ngeo = 0;
    double geo = 0, geo_list = 0;
    double *tc = calloc((size_t)repeat, sizeof *tc), *tl = calloc((size_t)repeat, sizeof *tl),
           *tf = calloc((size_t)repeat, sizeof *tf);
    for (size_t i = 0; i < BH_ARRAY_LEN(rows); i++) {
        bh_options o = {strcmp(rows[i].variant, "crazyhouse") == 0 ? BH_MODEL_CRAZYHOUSE
                                                                   : BH_MODEL_BUGHOUSE,
                        false};
        bh_pos p;
        if (bh_pos_from_fen(&p, rows[i].fen, &o, NULL) != BH_OK) {
            fprintf(stderr, "bench_perft: bad FEN in row %s\n", rows[i].name);
            return 1;
        }
        uint64_t nodes = 0, lnodes = 0;
        unsigned long long fnodes = 0;
        bool fsf_ok = fsf_path != NULL;
        /* The three interleaved, so that a noisy moment of the machine hits all of them. */
        for (int r = 0; r < repeat; r++) {
            uint64_t t0 = now_mono_us();
            nodes = bh_perft(&p, rows[i].depth);
            uint64_t t1 = now_mono_us();
            lnodes = perft_list(&p, rows[i].depth);
            uint64_t t2 = now_mono_us();
            tc[r] = (double)nodes / (double)(t1 > t0 ? t1 - t0 : 1);
            tl[r] = (double)lnodes / (double)(t2 > t1 ? t2 - t1 : 1);
            if (fsf_ok) {
                double fs = fsf_perft(&fsf, rows[i].variant, rows[i].fen, rows[i].depth, &fnodes);
                fsf_ok = fs >= 0;
                tf[r] = (double)fnodes / (fs > 0 ? fs * 1e6 : 1.0);
            }
        }
        mismatches += lnodes != nodes;
        char a[48], b[48], c[48];
        bench_spread sc = bench_stats(tc, repeat), sl = bench_stats(tl, repeat);
        printf("%-20s %-10s %2d %12llu %s %s", rows[i].name, rows[i].variant, rows[i].depth,
               (unsigned long long)nodes, fmt_spread(a, sizeof a, sc), fmt_spread(b, sizeof b, sl));
        if (fsf_ok) {
            bench_spread sf = bench_stats(tf, repeat);
            printf(" %s %7.1fx %7.1fx%s\n", fmt_spread(c, sizeof c, sf), sc.med / sf.med,
                   sl.med / sf.med, fnodes == nodes ? "" : "  NODE COUNT DIFFERS");
            mismatches += fnodes != nodes;
            geo += log(sc.med / sf.med);
            geo_list += log(sl.med / sf.med);
            ngeo++;
        } else {
            printf(fsf_path ? " %20s\n" : "\n", "error");
        }
        fflush(stdout);
    }
    if (ngeo)
        printf("geometric mean over %d rows: count %.1fx, list (like for like) %.1fx "
               "Fairy-Stockfish's nodes/s\n",
               ngeo, exp(geo / ngeo), exp(geo_list / ngeo));
    printf("node count mismatches: %d\n", mismatches);
    free(tc);
    free(tl);
    free(tf);
    engine_stop(&fsf);
    return mismatches ? 1 : 0;
}
