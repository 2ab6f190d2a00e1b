/* test_fuzz_smoke.c: the libFuzzer drivers of tests/fuzz/ run on deterministic inputs.
 * SPDX-License-Identifier: MIT
 * Each case feeds one driver its seed inputs, byte-level mutations of them (flip, insert,
 * delete, splice) and random bytes from a fixed seed, so the normal ctest exercises the same
 * entry points and contract checks as the fuzzers. A driver aborts on a contract breach. */
#include <dirent.h>

#include "bh_test.h"
#include "../fuzz/fuzz.h"
#include "bh.h"

static uint64_t rng_state;

static uint64_t rng(void)
{
    uint64_t x = rng_state; /* xorshift64 */
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return rng_state = x;
}

typedef int (*fuzz_fn)(const uint8_t *, size_t);

/* With BH_FUZZ_DUMP=path in the environment, each input is written there before it runs, so
 * the one that aborts can be replayed with a libFuzzer binary (tests/fuzz/README.md). */
static void call(fuzz_fn fn, const uint8_t *data, size_t n)
{
    const char *dump = getenv("BH_FUZZ_DUMP");
    if (dump) {
        FILE *f = fopen(dump, "wb");
        if (f) {
            fwrite(data, 1, n, f);
            fclose(f);
        }
    }
    fn(data, n);
}

typedef struct {
    const char *s;
    size_t n; /* seeds may hold NUL bytes */
} seed;
#define SEED(x)                                                                                    \
    {                                                                                              \
        x, sizeof(x) - 1                                                                           \
    }

/* Run fn on each seed, then on iters mutants of random seeds. Returns the number of runs. */
static long run(fuzz_fn fn, const seed *seeds, size_t nseeds, int iters, uint64_t rng_seed)
{
    rng_state = rng_seed;
    static uint8_t buf[1 << 16]; /* the saved states of fuzz_state run to a few kB */
    long runs = 0;
    for (size_t i = 0; i < nseeds; i++, runs++)
        call(fn, (const uint8_t *)seeds[i].s, seeds[i].n);
    for (int it = 0; it < iters; it++, runs++) {
        const seed *sd = &seeds[rng() % nseeds];
        const char *s = sd->s;
        size_t n = sd->n, sn = sd->n;
        if (n > sizeof buf - 64)
            n = sizeof buf - 64;
        memcpy(buf, s, n);
        int edits = 1 + (int)(rng() % 4);
        for (int e = 0; e < edits; e++) {
            size_t at = n ? rng() % n : 0;
            switch (rng() % 5) {
            case 0: /* random byte */
                if (n)
                    buf[at] = (uint8_t)rng();
                break;
            case 1: /* printable byte from the input's own alphabet */
                if (n)
                    buf[at] = (uint8_t)s[rng() % sn];
                break;
            case 2: /* insert */
                if (n < sizeof buf - 1) {
                    memmove(buf + at + 1, buf + at, n - at);
                    buf[at] = (uint8_t)(rng() % 2 && sn ? s[rng() % sn] : (char)rng());
                    n++;
                }
                break;
            case 3: /* delete */
                if (n) {
                    memmove(buf + at, buf + at + 1, n - at - 1);
                    n--;
                }
                break;
            default: /* splice in a piece of another seed */ {
                const seed *os = &seeds[rng() % nseeds];
                const char *o = os->s;
                size_t on = os->n, k = on ? rng() % on : 0, len = rng() % 16;
                for (size_t j = 0; j < len && k + j < on && at + j < n; j++)
                    buf[at + j] = (uint8_t)o[k + j];
                break;
            }
            }
        }
        call(fn, buf, n);
    }
    /* Random bytes. */
    for (int it = 0; it < iters / 4; it++, runs++) {
        size_t n = rng() % 200;
        for (size_t j = 0; j < n; j++)
            buf[j] = (uint8_t)rng();
        call(fn, buf, n);
    }
    return runs;
}

static const seed fen_seeds[] = {
    SEED("@rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"),
    SEED("Ar3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[QRBNPqrbnp] w KQkq - 0 1"),
    SEED("Br2qk2r/8/8/3pP3/8/8/8/R3K2R/PPNNbbq b KQkq - 12 40"),
    SEED("C4k3/1P6/8/3pP3/8/8/6p1/4K2R[NNbb] w K d6 0 1"),
    SEED("@7k/8/8/8/8/8/5nPP/6RK[QRBN] w - - 0 1"),
    SEED("AQ~Q~Q~Q~Q~Q~Q~k/Q~Q~Q~Q~Q~Q~Q~Q~/8/8/8/8/8/K7[QQQQQQQQQQQQQQQQqqqqqqqqqqqqqqqq] w - - "
         "0 1"),
    SEED("@4k3/8/8/8/8/8/8/4K3[] b - - 65535 65534"),
};

static const seed move_seeds[] = {
    SEED("x\ne4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7"),
    SEED("x\ne2e4 d7d5 e4d5 d8d5 P@e4 N@f3"),
    SEED("\x01\nO-O-O 0-0 exd6e.p. e8=Q+ b8Q N@f3# @e4 Nbd7 R1a3"),
    SEED("\x02\ne8=Q b8=N gxh1=Q+ Kd1 O-O #a #b #c #d"),
    SEED("4k3/8/8/8/8/8/8/4K3[] b - - 0 65534\nKd8 Kd1 Ke8 Ke1 Kd8 Kd1 Ke8 Ke1"),
    SEED("\x05\n#\x01 #\x02 #\x03 #\x04 #\x05 #\x06 #\x07 #\x08 #\x09 #\x0a"),
};

static const seed bpgn_seeds[] = {
    SEED("[WhiteA \"a\"][BlackA \"b\"][WhiteB \"c\"][BlackB \"d\"][TimeControl \"180+0\"]\n"
         "1A. e4{179.5} 1B. d4{179.2} 1a. e5{178.1} 1b. d5{178} 2A. Nf3{177} 2a. Nc6{176.9}\n"
         "{b resigns} 1-0"),
    SEED("[TimeControl \"60+1\"][Winner \"draw\"][Result \"1/2-1/2\"]\n"
         "1A. e4{60} 1a. d5{59} 2A. exd5{58} 1B. P@e4{59} {WhiteA offers a draw} "
         "{BlackA accepts the draw} {Game drawn by agreement} 1/2-1/2"),
    SEED("1A. e4 1a. e5 1B. d4 1b. d5 2A. Qh5 2a. Nc6 3A. Bc4 3a. Nf6 4A. Qxf7# "
         "{BlackA checkmated} 1-0"),
    SEED("[FENA \"4k3/8/8/8/8/8/8/4K3[] b - - 0 65534\"][Winner \"*\"]\n"
         "1a. Kd8 1A. Kd1 2a. Ke8 *"),
    SEED("[TimeControl \"1+0\"]\n1A. e4{0.5} 1a. e5{0.1} {WhiteA forfeits on time} 0-1"),
};

/* fuzz_game.c input: header (rules, time control, FENs, start), then acts of 3+ bytes. */
static const seed game_seeds[] = {
    SEED("\x00\x00\x00\x00"
         "\x00\x10\x00\x00\x05\x01\x10\x01\x00\x07\x00\x10\x02\x00\x01"),
    SEED("\x01\x00\x00\x00"
         "\x00\x03\x01\x00\x00\x05\x02\x00\x00\x02\x03\x00\x01"),
    SEED("\x02\x00\x00\x00"
         "\x00\x00\x02\x00\x00\x00\x00\x01\x00\x00\x0b\x00\x01\x00\x00"
         "\x00\x01\x02\x00\x00\x09\x00\x00"),
    SEED("\x09\x03\x00\x02"
         "\x06\x00\x01\x07\x00\x02\x08\x00\x03\x00\x05\x01\x00\x00"),
    SEED("\x1b\x13\x21\x00"
         "\x00\x03\x01\x00\x01\x10\x03\x02\x04\x01\x00\x00\x00"),
};

/* fuzz_proto.c input: one client frame; the director's controls, live, game2_colors and the
 * account messages. */
static const seed proto_seeds[] = {
    SEED("{\"type\":\"game_pause\",\"id\":20,\"game\":7,\"paused\":true}"),
    SEED("{\"type\":\"game_result\",\"id\":21,\"game\":7,\"result\":\"1/2-1/2\","
         "\"reason\":\"adjudicated\"}"),
    SEED("{\"type\":\"team_withdraw\",\"id\":22,\"tournament\":1,\"team\":3,"
         "\"keep_current\":false}"),
    SEED("{\"type\":\"round_pair\",\"id\":23,\"tournament\":1}"),
    SEED("{\"type\":\"round_pair\",\"id\":28,\"tournament\":1,\"pairs\":[[1,4],[2,3],[5,0]],"
         "\"allow_rematch\":true}"),
    SEED("{\"type\":\"round_start\",\"id\":24,\"tournament\":1,\"v\":1}"),
    SEED("{\"type\":\"export\",\"id\":25,\"format\":\"bpgn\",\"game\":9007199254740991}"),
    SEED("{\"type\":\"export\",\"id\":26,\"format\":\"trf\",\"tournament\":1}"),
    SEED("{\"type\":\"live\",\"id\":27}"),
    SEED("{\"type\":\"game2_colors\",\"id\":15,\"game\":9,\"swap\":false}"),
    SEED("{\"type\":\"move\",\"id\":3,\"game\":7,\"board\":\"A\",\"ply\":0,\"move\":\"e7e8\"}"),
    SEED("{\"type\":\"signup\",\"id\":70,\"name\":\"Ann_Lee\",\"password\":\"correct horse\"}"),
    SEED("{\"type\":\"login\",\"id\":71,\"name\":\"ann_lee\",\"password\":\"\\u00e9t\u00e9 "
         "\\\"x\\\"\"}"),
    SEED("{\"type\":\"guest\",\"id\":73,\"name\":\"Visitor7\"}"),
    SEED("{\"type\":\"logout\",\"id\":72}"),
};

/* fuzz_league.c input: one league_* frame (protocol/examples/c2s-league_*.json's shapes). */
static const seed league_seeds[] = {
    SEED("{\"type\":\"league_create\",\"id\":1,\"name\":\"Open League\",\"teams\":8,"
         "\"groups\":2,\"boards\":4,\"first_valid_ms\":4000,\"wait_s\":60}"),
    SEED("{\"type\":\"league_team\",\"id\":2,\"league\":7,\"name\":\"Kaissa\",\"captain\":101,"
         "\"players\":[{\"id\":101,\"name\":\"Orlov\",\"rating\":2210},"
         "{\"id\":102,\"name\":\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\",\"rating\":2150,"
         "\"invited\":true}]}"),
    SEED("{\"type\":\"league_roster\",\"id\":3,\"league\":7,\"team\":12,"
         "\"players\":[{\"id\":101,\"name\":\"Orlov\"}]}"),
    SEED("{\"type\":\"league_send\",\"id\":4,\"league\":7,\"token\":\"t\",\"stage\":1,"
         "\"match\":1,\"board\":1,\"start_ms\":253402300799999}"),
    SEED("{\"type\":\"league_counter\",\"id\":5,\"league\":7,\"token\":\"t\",\"stage\":2,"
         "\"match\":1,\"board\":16,\"game\":2,\"start_ms\":0}"),
    SEED("{\"type\":\"league_tc\",\"id\":6,\"league\":7,\"token\":\"t\",\"stage\":1,"
         "\"match\":1,\"board\":1,\"want\":false}"),
    SEED("{\"type\":\"league_substitute\",\"id\":7,\"league\":7,\"token\":\"t\",\"stage\":1,"
         "\"match\":1,\"board\":3,\"player\":105}"),
    SEED("{\"type\":\"league_extend\",\"id\":8,\"league\":7,\"stage\":1,\"match\":2,"
         "\"board\":1,\"deadline_ms\":1764600000000}"),
    SEED("{\"type\":\"league_result\",\"id\":9,\"league\":7,\"stage\":4,\"match\":7,"
         "\"board\":1,\"result\":\"1/2-1/2\"}"),
    SEED("{\"type\":\"league_lot\",\"id\":10,\"league\":7,\"match\":5,\"winner\":2}"),
    SEED("{\"type\":\"league_notices\",\"id\":11,\"league\":7,\"token\":\"t\","
         "\"since\":9007199254740991}"),
    SEED("{\"type\":\"league_export\",\"id\":12,\"league\":7,\"what\":\"fixtures\"}"),
    SEED("{\"type\":\"league_get\",\"id\":9007199254740991,\"league\":1}"),
};

static void smoke_league(void)
{
    long n = run(fuzz_league_one, league_seeds, BH_ARRAY_LEN(league_seeds), 3000, 0x1ea9e);
    CHECK(n > 3000);
}

/* fuzz_club.c input: one club_* frame (protocol/examples/c2s-club_*.json). */
static const seed club_seeds[] = {
    SEED("{\"type\":\"club_appeals\",\"id\":47,\"club\":3}"),
    SEED(
        "{\"type\":\"club_attend\",\"id\":51,\"club\":3,\"round\":1,\"players\":[11,12,13,21,22]}"),
    SEED("{\"type\":\"club_create\",\"id\":40,\"name\":\"Chornomorsk "
         "2016\",\"break_s\":600,\"protest_s\":600}"),
    SEED("{\"type\":\"club_decide\",\"id\":48,\"club\":3,\"token\":"
         "\"9b1c0a9be2d84c51a07e6b2f9d3c4e15\",\"protest\":1,\"upheld\":true,\"result\":\"0-1\","
         "\"reason\":\"the flag fell after the mate\"}"),
    SEED("{\"type\":\"club_export\",\"id\":50,\"club\":3,\"what\":\"crosstable\"}"),
    SEED("{\"type\":\"club_get\",\"id\":49,\"club\":3}"),
    SEED("{\"type\":\"club_lineup\",\"id\":43,\"club\":3,\"round\":1,\"players\":[11,13,14,15,16,"
         "17]}"),
    SEED("{\"type\":\"club_protest\",\"id\":46,\"club\":3,\"round\":1,\"match\":1,\"board\":2,"
         "\"text\":\"the flag fell after the mate\",\"deposit\":20000}"),
    SEED("{\"type\":\"club_result\",\"id\":45,\"club\":3,\"round\":1,\"match\":1,\"board\":2,"
         "\"result\":\"1/2-1/2\"}"),
    SEED("{\"type\":\"club_round_start\",\"id\":44,\"club\":3}"),
    SEED("{\"type\":\"club_start\",\"id\":42,\"club\":3}"),
    SEED("{\"type\":\"club_team\",\"id\":41,\"club\":3,\"name\":\"Portovik\",\"captain\":11,"
         "\"players\":[{\"id\":11,\"name\":\"Ivanenko\",\"rating\":2350},{\"id\":12,\"name\":"
         "\"Petrenko\",\"rating\":2290},{\"id\":13,\"name\":\"Sydorenko\",\"rating\":2210}]}"),
    SEED("{\"type\":\"club_team_remove\",\"id\":43,\"club\":3,\"team\":4}"),
};

static void smoke_club(void)
{
    long n = run(fuzz_club_one, club_seeds, BH_ARRAY_LEN(club_seeds), 3000, 0xc1ab);
    CHECK(n > 3000);
}

/* fuzz_trf.c input: the TRF files of tests/fuzz/corpus/trf (a BH-record export and a file of
 * FIDE's standard records only). */
static void smoke_trf(void)
{
    static seed seeds[8];
    size_t n = 0;
    static const char *const files[] = {"tests/fuzz/corpus/trf/event12.trf",
                                        "tests/fuzz/corpus/trf/round1-std.trf"};
    for (size_t i = 0; i < BH_ARRAY_LEN(files); i++) {
        FILE *f = fopen(files[i], "rb");
        CHECK_MSG(f != NULL, "%s: run from the repository root", files[i]);
        if (!f)
            continue;
        char *buf = malloc(1 << 16);
        size_t len = fread(buf, 1, (1 << 16) - 1, f);
        fclose(f);
        seeds[n++] = (seed){buf, len};
    }
    if (n) {
        long runs = run(fuzz_trf_one, seeds, n, 600, 0x7f);
        CHECK(runs > 600);
    }
    for (size_t i = 0; i < n; i++)
        free((void *)seeds[i].s);
}

/* fuzz_state.c input: the saved states of tests/fuzz/corpus/state (a format byte, then what
 * the demos' servers stored: a Swiss, a club round robin and a league at several stages). */
static void smoke_state(void)
{
    static seed seeds[64];
    size_t n = 0;
    DIR *d = opendir("tests/fuzz/corpus/state");
    CHECK_MSG(d != NULL, "tests/fuzz/corpus/state: run from the repository root");
    for (struct dirent *e; d && n < BH_ARRAY_LEN(seeds) && (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        char path[512];
        snprintf(path, sizeof path, "tests/fuzz/corpus/state/%s", e->d_name);
        FILE *f = fopen(path, "rb");
        char *buf = malloc(1 << 16);
        size_t len = f ? fread(buf, 1, (1 << 16) - 1, f) : 0;
        if (f)
            fclose(f);
        seeds[n++] = (seed){buf, len};
    }
    if (d)
        closedir(d);
    CHECK_MSG(n >= 3, "%zu saved states in tests/fuzz/corpus/state", n);
    if (n) {
        long runs = run(fuzz_state_one, seeds, n, 1500, 0x57a7e);
        CHECK(runs > 1500);
    }
    for (size_t i = 0; i < n; i++)
        free((char *)seeds[i].s);
}

static void smoke_fen(void)
{
    long n = run(fuzz_fen_one, fen_seeds, BH_ARRAY_LEN(fen_seeds), 1000, 0x1234567);
    CHECK(n > 1000);
}

static void smoke_move(void)
{
    long n = run(fuzz_move_one, move_seeds, BH_ARRAY_LEN(move_seeds), 3000, 0xabcdef1);
    CHECK(n > 3000);
}

static void smoke_bpgn(void)
{
    long n = run(fuzz_bpgn_one, bpgn_seeds, BH_ARRAY_LEN(bpgn_seeds), 2000, 0x5eed);
    CHECK(n > 2000);
}

static void smoke_game(void)
{
    long n = run(fuzz_game_one, game_seeds, BH_ARRAY_LEN(game_seeds), 1200, 0xb00b5);
    CHECK(n > 1200);
}

static void smoke_proto(void)
{
    long n = run(fuzz_proto_one, proto_seeds, BH_ARRAY_LEN(proto_seeds), 3000, 0x9a05e);
    CHECK(n > 3000);
}

static const bh_test_case cases[] = {
    {"smoke_proto", smoke_proto}, {"smoke_league", smoke_league}, {"smoke_club", smoke_club},
    {"smoke_trf", smoke_trf},     {"smoke_fen", smoke_fen},       {"smoke_state", smoke_state},
    {"smoke_move", smoke_move},   {"smoke_bpgn", smoke_bpgn},     {"smoke_game", smoke_game},
};

BH_TEST_MAIN(cases)
