/* test_berger.c: the Berger tables (F-RR, F-GROUPS) against the published FIDE C.05 Annex 1
 * tables (tests/data/berger/fide-c05-annex1.txt) and the rules printed with them: the highest
 * number is the bye for an odd count, the second cycle reverses colours, and swapping the last
 * two rounds of the first cycle avoids three consecutive games with the same colour.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "berger.h"
#include "bh.h"
#include "bh_test.h"

typedef struct {
    int m, r, n;
    berger_pair p[8];
} pub_round;

/* The published rounds; returns how many were read (0 if the file is missing). */
static int load_published(pub_round *out, int cap)
{
    FILE *f = fopen(bh_test_data("berger/fide-c05-annex1.txt"), "r");
    if (!f)
        return 0;
    char line[256];
    int n = 0;
    while (n < cap && fgets(line, sizeof line, f)) {
        pub_round *x = &out[n];
        int used;
        if (line[0] == '#' || sscanf(line, "%d %d:%n", &x->m, &x->r, &used) != 2)
            continue;
        char *s = line + used;
        x->n = 0;
        int w, b, k;
        while (x->n < 8 && sscanf(s, " %d-%d%n", &w, &b, &k) == 2) {
            x->p[x->n].white = w;
            x->p[x->n].black = b;
            x->n++;
            s += k;
        }
        n++;
    }
    fclose(f);
    return n;
}

/* Every published round, board by board and colour by colour. */
static void published_tables(void)
{
    pub_round pub[64];
    int n = load_published(pub, 64);
    CHECK_EQ_INT("published rounds read (4..14 players)", 3 + 5 + 7 + 9 + 11 + 13, n);
    for (int i = 0; i < n; i++) {
        berger_pair got[8];
        int k = berger_round(pub[i].m, pub[i].r, 0, got, 8);
        CHECK_EQ_INT("boards", pub[i].n, k);
        for (int j = 0; j < pub[i].n && j < k; j++)
            CHECK_MSG(got[j].white == pub[i].p[j].white && got[j].black == pub[i].p[j].black,
                      "%d players round %d board %d: published %d-%d, got %d-%d", pub[i].m,
                      pub[i].r, j + 1, pub[i].p[j].white, pub[i].p[j].black, got[j].white,
                      got[j].black);
        CHECK_EQ_INT("rounds", pub[i].m - 1, berger_rounds(pub[i].m, 0));
    }
}

/* An odd count plays the next even table with the highest number as the bye (C.05 Annex 1:
 * "for an odd number of players the highest number counts as a bye"). */
static void odd_count_bye(void)
{
    pub_round pub[64];
    int n = load_published(pub, 64);
    CHECK(n > 0);
    for (int i = 0; i < n; i++) {
        int odd = pub[i].m - 1;
        berger_pair got[8];
        int k = berger_round(odd, pub[i].r, 0, got, 8);
        CHECK_EQ_INT("boards incl. the bye", pub[i].n, k);
        CHECK_EQ_INT("rounds", pub[i].m - 1, berger_rounds(odd, 0));
        for (int j = 0; j < pub[i].n && j < k; j++) {
            int w = pub[i].p[j].white == pub[i].m ? 0 : pub[i].p[j].white;
            int b = pub[i].p[j].black == pub[i].m ? 0 : pub[i].p[j].black;
            CHECK_MSG(got[j].white == w && got[j].black == b,
                      "%d players round %d board %d: want %d-%d, got %d-%d", odd, pub[i].r, j + 1,
                      w, b, got[j].white, got[j].black);
        }
    }
}

/* berger_round_of finds each published game in its round with its colours. */
static void round_of_published(void)
{
    pub_round pub[64];
    int n = load_published(pub, 64);
    CHECK(n > 0);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < pub[i].n; j++) {
            bool aw = false, bw = true;
            int w = pub[i].p[j].white, b = pub[i].p[j].black;
            CHECK_EQ_INT("round of white-black", pub[i].r,
                         berger_round_of(pub[i].m, w, b, 1, 0, &aw));
            CHECK_EQ_INT("round of black-white", pub[i].r,
                         berger_round_of(pub[i].m, b, w, 1, 0, &bw));
            CHECK(aw && !bw);
            CHECK_EQ_INT("second cycle", pub[i].m - 1 + pub[i].r,
                         berger_round_of(pub[i].m, w, b, 2, BERGER_DOUBLE, &aw));
            CHECK(!aw);
        }
}

/* For sizes beyond the published tables: every pair meets exactly once, everyone plays (or
 * rests, once, with an odd count) in every round: the defining property of a round robin. */
static void every_pair_once(void)
{
    static int met[BERGER_MAX + 1][BERGER_MAX + 1];
    static berger_pair p[BERGER_MAX / 2];
    for (int n = 2; n <= BERGER_MAX; n += n < 40 ? 1 : 37) {
        memset(met, 0, sizeof met);
        int rounds = berger_rounds(n, 0), bad = 0;
        for (int r = 1; r <= rounds; r++) {
            int seen[BERGER_MAX + 1] = {0};
            int k = berger_round(n, r, 0, p, BERGER_MAX / 2);
            for (int j = 0; j < k; j++) {
                seen[p[j].white]++;
                seen[p[j].black]++;
                met[p[j].white][p[j].black]++;
                met[p[j].black][p[j].white]++;
            }
            for (int x = 1; x <= n; x++)
                bad += seen[x] != 1;
        }
        for (int a = 1; a <= n; a++)
            for (int b = 1; b <= n; b++)
                bad += a != b && met[a][b] != 1;
        CHECK_MSG(bad == 0, "n=%d: %d violations", n, bad);
    }
}

/* Colour sequence of participant x over a double round robin of n (even), 'W'/'B'. */
static void colours(int n, unsigned flags, int x, char *seq)
{
    berger_pair p[8];
    int rounds = berger_rounds(n, flags);
    for (int r = 1; r <= rounds; r++) {
        int k = berger_round(n, r, flags, p, 8);
        for (int j = 0; j < k; j++)
            if (p[j].white == x || p[j].black == x)
                seq[r - 1] = p[j].white == x ? 'W' : 'B';
    }
    seq[rounds] = '\0';
}

/* Double round robin: round (n-1)+t is round t with colours reversed; with the recommended
 * swap of the first cycle's last two rounds nobody has three equal colours in a row, without
 * it somebody does (the reason C.05 Annex 1 gives for the swap). */
static void double_round_robin(void)
{
    for (int n = 4; n <= 14; n += 2) {
        berger_pair a[8], b[8];
        for (int t = 1; t < n; t++) {
            int k = berger_round(n, t, 0, a, 8);
            CHECK_EQ_INT("second cycle boards", k, berger_round(n, n - 1 + t, BERGER_DOUBLE, b, 8));
            for (int j = 0; j < k; j++)
                CHECK(a[j].white == b[j].black && a[j].black == b[j].white);
        }
        int q = n - 1, k = berger_round(n, q - 1, BERGER_DOUBLE | BERGER_SWAP_LAST, b, 8);
        berger_round(n, q, 0, a, 8);
        CHECK_EQ_INT("swapped round = table's last", n / 2, k);
        CHECK(a[0].white == b[0].white && a[0].black == b[0].black);
        int runs3_plain = 0, runs3_swap = 0;
        for (int x = 1; x <= n; x++) {
            char s[32], t[32];
            colours(n, BERGER_DOUBLE, x, s);
            colours(n, BERGER_DOUBLE | BERGER_SWAP_LAST, x, t);
            runs3_plain += strstr(s, "WWW") || strstr(s, "BBB");
            runs3_swap += strstr(t, "WWW") || strstr(t, "BBB");
        }
        CHECK_MSG(runs3_plain > 0, "n=%d: the unswapped double RR has no 3-run", n);
        CHECK_MSG(runs3_swap == 0, "n=%d: %d players with 3 equal colours in a row", n, runs3_swap);
        CHECK_EQ_INT("double rounds", 2 * (n - 1), berger_rounds(n, BERGER_DOUBLE));
    }
}

static void bad_arguments(void)
{
    berger_pair p[8];
    CHECK_EQ_INT("n=1", BH_EINVAL, berger_round(1, 1, 0, p, 8));
    CHECK_EQ_INT("n too big", BH_EINVAL, berger_round(BERGER_MAX + 1, 1, 0, p, 8));
    CHECK_EQ_INT("round 0", BH_EINVAL, berger_round(6, 0, 0, p, 8));
    CHECK_EQ_INT("round 6 of 5", BH_EINVAL, berger_round(6, 6, 0, p, 8));
    CHECK_EQ_INT("cap", BH_ELIMIT, berger_round(6, 1, 0, p, 2));
    CHECK_EQ_INT("swap alone", BH_EINVAL, berger_round(6, 1, BERGER_SWAP_LAST, p, 8));
    CHECK_EQ_INT("unknown flag", BH_EINVAL, berger_round(6, 1, 8u, p, 8));
    CHECK_EQ_INT("rounds of 1", 0, berger_rounds(1, 0));
    CHECK_EQ_INT("self", BH_EINVAL, berger_round_of(6, 2, 2, 1, 0, NULL));
    CHECK_EQ_INT("bye is no number", BH_EINVAL, berger_round_of(5, 2, 6, 1, 0, NULL));
    CHECK_EQ_INT("cycle 2 of single", BH_EINVAL, berger_round_of(6, 1, 2, 2, 0, NULL));
    CHECK_EQ_INT("two teams", 1, berger_round(2, 1, 0, p, 8));
    CHECK(p[0].white == 1 && p[0].black == 2);
}

static const bh_test_case cases[] = {
    {"published_tables", published_tables},     {"odd_count_bye", odd_count_bye},
    {"round_of_published", round_of_published}, {"every_pair_once", every_pair_once},
    {"double_round_robin", double_round_robin}, {"bad_arguments", bad_arguments},
};

BH_TEST_MAIN(cases)
