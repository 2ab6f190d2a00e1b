/* rules_test.h: helpers of the rules tests (test_rules, test_rules_chess): FEN loading, the
 * perft EPD rows of tests/data/perft ("name;variant;FEN;D1 n;D2 n...") and the full-width
 * invariant walk.
 * SPDX-License-Identifier: MIT */
#ifndef BH_RULES_TEST_H
#define BH_RULES_TEST_H

#include "bh_test.h"
#include "rules.h"

typedef struct {
    char name[64];
    char variant[32];
    char fen[256];
    int ndepth;
    int depth[8];
    uint64_t nodes[8];
} perft_row;

/* Read rows "name;variant;fen;D1 n;D2 n..." from a tests/data file. Returns the count. */
static inline int read_rows(const char *rel, perft_row *rows, int max)
{
    FILE *f = fopen(bh_test_data(rel), "r");
    CHECK_MSG(f != NULL, "cannot open %s", rel);
    if (!f)
        return 0;
    char line[1024];
    int n = 0;
    while (n < max && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        perft_row *r = &rows[n];
        memset(r, 0, sizeof *r);
        char *save = NULL, *tok = strtok_r(line, ";\n", &save);
        int field = 0;
        for (; tok; tok = strtok_r(NULL, ";\n", &save), field++) {
            if (field == 0)
                snprintf(r->name, sizeof r->name, "%s", tok);
            else if (field == 1)
                snprintf(r->variant, sizeof r->variant, "%s", tok);
            else if (field == 2)
                snprintf(r->fen, sizeof r->fen, "%s", tok);
            else if (r->ndepth < 8 && tok[0] == 'D') {
                r->depth[r->ndepth] = atoi(tok + 1);
                r->nodes[r->ndepth] = strtoull(strchr(tok, ' ') + 1, NULL, 10);
                r->ndepth++;
            }
        }
        n++;
    }
    fclose(f);
    return n;
}

static inline bh_options row_options(const perft_row *r)
{
    bh_model m = strstr(r->variant, "crazyhouse")   ? BH_MODEL_CRAZYHOUSE
                 : strcmp(r->variant, "chess") == 0 ? BH_MODEL_CHESS
                                                    : BH_MODEL_BUGHOUSE;
    bh_options o = {m, strstr(r->variant, "+drc") != NULL};
    return o;
}

static inline bool load(bh_pos *p, const char *fen, const bh_options *o)
{
    bh_fen_error e;
    int rc = bh_pos_from_fen(p, fen, o, &e);
    CHECK_MSG(rc == BH_OK, "FEN %s rejected: %s (%s)", fen, e.what, bh_fen_field_name(e.field));
    return rc == BH_OK;
}

static inline const char *fen_of(const bh_pos *p)
{
    static char buf[BH_FEN_MAX];
    bh_pos_to_fen(p, buf, sizeof buf);
    return buf;
}

static inline int material(const bh_pos *p)
{
    int n = 0;
    for (int sq = 0; sq < 64; sq++)
        n += bh_piece_at(p, sq, NULL) != BH_NO_PIECE;
    for (int c = 0; c < 2; c++)
        for (int pt = BH_PAWN; pt <= BH_QUEEN; pt++)
            n += bh_reserve_count(p, (bh_color)c, pt);
    return n;
}

#define UNIT_NODES 500000ULL /* rows above this many nodes run under --slow */

static inline void perft_file(const char *rel, bool slow)
{
    static perft_row rows[160];
    int n = read_rows(rel, rows, 160), checked = 0;
    CHECK(n > 0);
    for (int i = 0; i < n; i++) {
        bh_options o = row_options(&rows[i]);
        for (int d = 0; d < rows[i].ndepth; d++) {
            if ((rows[i].nodes[d] > UNIT_NODES) != slow)
                continue;
            bh_pos p;
            if (!load(&p, rows[i].fen, &o))
                continue;
            char what[160];
            snprintf(what, sizeof what, "%.63s %.31s D%d", rows[i].name, rows[i].variant,
                     rows[i].depth[d]);
            CHECK_EQ_U64(what, rows[i].nodes[d], bh_perft(&p, rows[i].depth[d]));
            CHECK_EQ_STR(what, rows[i].fen, fen_of(&p));
            checked++;
        }
    }
    CHECK(checked > 0);
}

/* Full-width walk: make/unmake every move at every ply, check invariants after each
 * (STYLE.md 6): bh_pos_ok, material conserved (crazyhouse) or reduced by exactly the handed
 * piece (bughouse), key and FEN restored, list size equal to the bulk count. */
typedef struct {
    long fails;
    long moves;
} walk_stats;

static inline uint64_t walk(bh_pos *p, int depth, walk_stats *st)
{
    if (depth == 0)
        return 1;
    bh_move mv[BH_MAX_MOVES];
    int n = bh_gen_legal(p, mv);
    if ((uint64_t)n != bh_perft(p, 1))
        st->fails++;
    uint64_t key = bh_pos_key(p), total = 0;
    int mat = material(p);
    char fen[BH_FEN_MAX];
    bh_pos_to_fen(p, fen, sizeof fen);
    for (int i = 0; i < n; i++) {
        bh_undo u;
        bh_make(p, mv[i], &u);
        st->moves++;
        int handed = bh_undo_handed(&u);
        int want =
            bh_pos_options(p)->model == BH_MODEL_CRAZYHOUSE ? mat : mat - (handed != BH_NO_PIECE);
        if (!bh_pos_ok(p) || material(p) != want) {
            if (st->fails++ < 5)
                fprintf(stderr, "  invariant broken after %d in %s\n", mv[i], fen);
        }
        total += walk(p, depth - 1, st);
        bh_unmake(p, &u);
        if (!bh_pos_ok(p) || bh_pos_key(p) != key || strcmp(fen_of(p), fen) != 0) {
            if (st->fails++ < 5)
                fprintf(stderr, "  unmake did not restore %s\n", fen);
        }
    }
    return total;
}

static inline void walk_file(const char *rel, uint64_t max_nodes)
{
    static perft_row rows[160];
    int n = read_rows(rel, rows, 160);
    for (int i = 0; i < n; i++) {
        bh_options o = row_options(&rows[i]);
        int d = 0;
        while (d + 1 < rows[i].ndepth && rows[i].nodes[d + 1] <= max_nodes)
            d++;
        bh_pos p;
        if (!load(&p, rows[i].fen, &o))
            continue;
        walk_stats st = {0, 0};
        char what[160];
        snprintf(what, sizeof what, "walk %.63s %.31s D%d", rows[i].name, rows[i].variant,
                 rows[i].depth[d]);
        CHECK_EQ_U64(what, rows[i].nodes[d], walk(&p, rows[i].depth[d], &st));
        CHECK_EQ_INT(what, 0, st.fails);
    }
}

#endif
