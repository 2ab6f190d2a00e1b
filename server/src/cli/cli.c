/* cli.c: bughouse-cli, a command-line front end to the rules module (perft, moves, status) for
 * the bughouse, crazyhouse and chess models.
 * SPDX-License-Identifier: MIT
 * Output is plain text, or JSON with --json (written by hand: nothing is parsed). Exit status:
 * 0 success, 1 bad input (FEN, depth), 2 usage error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "now.h"
#include "rules.h"

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
#define START_FEN_CHESS "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

typedef struct {
    const char *cmd;
    const char *fen;
    int depth;
    bh_options opt;
    bool divide;
    bool json;
} cli_args;

static void usage(FILE *f)
{
    fputs("usage: bughouse-cli perft FEN DEPTH [--model bughouse|crazyhouse|chess] [--drc]"
          " [--divide] [--json]\n"
          "       bughouse-cli moves FEN [--model M] [--drc] [--json]\n"
          "       bughouse-cli status FEN [--model M] [--drc] [--json]\n"
          "FEN has the reserve in brackets (\"...RNBQKBNR[Qn] w KQkq - 0 1\"), or none for chess,\n"
          "or is 'startpos'.\n"
          "--model: capture model (default bughouse: captures leave the board; crazyhouse:\n"
          "         they go to the capturer's reserve; chess: FIDE chess, no reserve, no drops,\n"
          "         stalemate and dead positions). --drc: dropped rooks may castle.\n",
          f);
}

/* Print s as a JSON string literal. */
static void json_str(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

static int parse_args(int argc, char **argv, cli_args *a)
{
    memset(a, 0, sizeof *a);
    a->opt = (bh_options){BH_MODEL_BUGHOUSE, false};
    if (argc < 3)
        return BH_EINVAL;
    a->cmd = argv[1];
    a->fen = strcmp(argv[2], "startpos") == 0 ? START_FEN : argv[2];
    int i = 3;
    if (strcmp(a->cmd, "perft") == 0) {
        if (argc < 4)
            return BH_EINVAL;
        char *end;
        long d = strtol(argv[3], &end, 10);
        if (*end || end == argv[3] || d < 0 || d > 20) {
            fprintf(stderr, "bughouse-cli: depth must be 0..20, got '%s'\n", argv[3]);
            return BH_EPARSE;
        }
        a->depth = (int)d;
        i = 4;
    } else if (strcmp(a->cmd, "moves") != 0 && strcmp(a->cmd, "status") != 0) {
        fprintf(stderr, "bughouse-cli: unknown command '%s'\n", a->cmd);
        return BH_EINVAL;
    }
    for (; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) {
            a->json = true;
        } else if (strcmp(argv[i], "--divide") == 0 && strcmp(a->cmd, "perft") == 0) {
            a->divide = true;
        } else if (strcmp(argv[i], "--drc") == 0) {
            a->opt.dropped_rook_castles = true;
        } else if (strcmp(argv[i], "--model") == 0 && i + 1 < argc) {
            i++;
            if (strcmp(argv[i], "bughouse") == 0)
                a->opt.model = BH_MODEL_BUGHOUSE;
            else if (strcmp(argv[i], "crazyhouse") == 0)
                a->opt.model = BH_MODEL_CRAZYHOUSE;
            else if (strcmp(argv[i], "chess") == 0)
                a->opt.model = BH_MODEL_CHESS;
            else {
                fprintf(stderr, "bughouse-cli: --model must be bughouse, crazyhouse or chess\n");
                return BH_EINVAL;
            }
        } else {
            fprintf(stderr, "bughouse-cli: unknown option '%s'\n", argv[i]);
            return BH_EINVAL;
        }
    }
    if (strcmp(argv[2], "startpos") == 0 && a->opt.model == BH_MODEL_CHESS)
        a->fen = START_FEN_CHESS;
    return BH_OK;
}

static const char *model_name(bh_model m)
{
    return m == BH_MODEL_CRAZYHOUSE ? "crazyhouse" : m == BH_MODEL_CHESS ? "chess" : "bughouse";
}

static int cmd_perft(bh_pos *p, const cli_args *a)
{
    uint64_t t0 = now_mono_us(), total = 0;
    if (a->json) {
        printf("{\"fen\":");
        json_str(a->fen);
        printf(",\"depth\":%d,\"model\":\"%s\"", a->depth, model_name(a->opt.model));
    }
    if (a->divide && a->depth > 0) {
        bh_move moves[BH_MAX_MOVES];
        int n = bh_gen_legal(p, moves);
        if (a->json)
            printf(",\"divide\":{");
        for (int i = 0; i < n; i++) {
            bh_undo u;
            char uci[BH_UCI_MAX];
            bh_move_to_uci(moves[i], uci);
            bh_make(p, moves[i], &u);
            uint64_t c = bh_perft(p, a->depth - 1);
            bh_unmake(p, &u);
            total += c;
            if (a->json)
                printf("%s\"%s\":%llu", i ? "," : "", uci, (unsigned long long)c);
            else
                printf("%s %llu\n", uci, (unsigned long long)c);
        }
        if (a->json)
            printf("}");
    } else {
        total = bh_perft(p, a->depth);
    }
    double secs = (double)(now_mono_us() - t0) / 1e6;
    double nps = secs > 0 ? (double)total / secs : 0;
    if (a->json)
        printf(",\"nodes\":%llu,\"seconds\":%.6f,\"nps\":%.0f}\n", (unsigned long long)total, secs,
               nps);
    else
        printf("nodes %llu\ntime %.3f s\nnps %.0f\n", (unsigned long long)total, secs, nps);
    return 0;
}

static int cmd_moves(const bh_pos *p, const cli_args *a)
{
    bh_move moves[BH_MAX_MOVES];
    int n = bh_gen_legal(p, moves);
    if (a->json)
        printf("{\"count\":%d,\"moves\":[", n);
    for (int i = 0; i < n; i++) {
        char uci[BH_UCI_MAX], san[BH_SAN_MAX];
        bh_move_to_uci(moves[i], uci);
        bh_move_to_san(p, moves[i], san);
        if (a->json)
            printf("%s{\"uci\":\"%s\",\"san\":\"%s\"}", i ? "," : "", uci, san);
        else
            printf("%s %s\n", uci, san);
    }
    if (a->json)
        printf("]}\n");
    return 0;
}

/* Chess (FIDE Laws art. 5): checkmate, stalemate, dead position, and the half-move clock of
 * the 50- and 75-move rules (art. 9.3, 9.6.2). */
static int cmd_status_chess(const bh_pos *p, const cli_args *a, const char *fen, int n)
{
    bh_status_kind st = bh_status(p);
    const char *side = bh_side_to_move(p) == BH_WHITE ? "white" : "black";
    bool check = bh_in_check(p), dead = bh_is_dead_position(p);
    if (a->json) {
        printf("{\"fen\":");
        json_str(fen);
        printf(",\"model\":\"chess\",\"side\":\"%s\",\"status\":\"%s\",\"check\":%s,"
               "\"checkmate\":%s,\"stalemate\":%s,\"dead_position\":%s,\"halfmove\":%d,"
               "\"legal_moves\":%d,\"key\":\"%016llx\"}\n",
               side, bh_status_name(st), check ? "true" : "false",
               st == BH_STATUS_MATE ? "true" : "false",
               st == BH_STATUS_STALEMATE ? "true" : "false", dead ? "true" : "false",
               bh_halfmove(p), n, (unsigned long long)bh_pos_key(p));
    } else {
        printf("fen %s\nmodel chess\nside %s\nstatus %s\ncheck %s\ncheckmate %s\nstalemate %s\n"
               "dead_position %s\nhalfmove %d\nlegal_moves %d\nkey %016llx\n",
               fen, side, bh_status_name(st), check ? "yes" : "no",
               st == BH_STATUS_MATE ? "yes" : "no", st == BH_STATUS_STALEMATE ? "yes" : "no",
               dead ? "yes" : "no", bh_halfmove(p), n, (unsigned long long)bh_pos_key(p));
    }
    return 0;
}

static int cmd_status(const bh_pos *p, const cli_args *a)
{
    bh_move moves[BH_MAX_MOVES];
    int n = bh_gen_legal(p, moves);
    char fen[BH_FEN_MAX];
    bh_pos_to_fen(p, fen, sizeof fen);
    if (a->opt.model == BH_MODEL_CHESS)
        return cmd_status_chess(p, a, fen, n);
    bh_status_kind st = bh_status(p);
    bool check = bh_in_check(p), zh = bh_is_crazyhouse_mate(p), bug = bh_is_bughouse_mate(p);
    if (a->json) {
        printf("{\"fen\":");
        json_str(fen);
        printf(",\"side\":\"%s\",\"status\":\"%s\",\"check\":%s,\"crazyhouse_mate\":%s,"
               "\"bughouse_mate\":%s,\"waiting\":%s,\"legal_moves\":%d,\"key\":\"%016llx\"}\n",
               bh_side_to_move(p) == BH_WHITE ? "white" : "black", bh_status_name(st),
               check ? "true" : "false", zh ? "true" : "false", bug ? "true" : "false",
               st == BH_STATUS_WAITING ? "true" : "false", n, (unsigned long long)bh_pos_key(p));
    } else {
        printf("fen %s\nside %s\nstatus %s\ncheck %s\ncrazyhouse_mate %s\nbughouse_mate %s\n"
               "waiting %s\nlegal_moves %d\nkey %016llx\n",
               fen, bh_side_to_move(p) == BH_WHITE ? "white" : "black", bh_status_name(st),
               check ? "yes" : "no", zh ? "yes" : "no", bug ? "yes" : "no",
               st == BH_STATUS_WAITING ? "yes" : "no", n, (unsigned long long)bh_pos_key(p));
    }
    return 0;
}

int main(int argc, char **argv)
{
    bool help = argc >= 2 && (!strcmp(argv[argc > 2 ? 2 : 1], "--help") ||
                              !strcmp(argv[argc > 2 ? 2 : 1], "-h")); /* or COMMAND --help */
    if (help) {
        usage(stdout);
        return 0;
    }
    cli_args a;
    int rc = parse_args(argc, argv, &a);
    if (rc == BH_EPARSE)
        return 1;
    if (rc != BH_OK) {
        usage(stderr);
        return 2;
    }
    bh_pos p;
    bh_fen_error e;
    if (bh_pos_from_fen(&p, a.fen, &a.opt, &e) != BH_OK) {
        fprintf(stderr, "bughouse-cli: bad FEN: %s field at byte %d: %s\n",
                bh_fen_field_name(e.field), e.offset, e.what);
        if (a.json) {
            printf("{\"error\":\"bad_fen\",\"field\":\"%s\",\"offset\":%d,\"message\":",
                   bh_fen_field_name(e.field), e.offset);
            json_str(e.what);
            printf("}\n");
        }
        return 1;
    }
    if (strcmp(a.cmd, "perft") == 0)
        return cmd_perft(&p, &a);
    if (strcmp(a.cmd, "moves") == 0)
        return cmd_moves(&p, &a);
    return cmd_status(&p, &a);
}
