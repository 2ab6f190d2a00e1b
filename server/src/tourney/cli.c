/* cli.c: bughouse-tourney, the command line over a TRF file (trf.h).
 * SPDX-License-Identifier: MIT
 *   bughouse-tourney pair FILE [SEED]   next round in the JaVaFo/bbpPairings output format:
 *                                       the number of pairs, then "WHITE BLACK" team ids per
 *                                       line (White = captain White on board A, game 1),
 *                                       "N 0" for a bye
 *   bughouse-tourney standings FILE     standings with tie-breaks, then the crosstable
 * The only file I/O of the module lives here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "swiss.h"
#include "tb.h"
#include "tour.h"
#include "trf.h"
#include "xalloc.h"

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, len = 0;
    char *buf = xmalloc(cap);
    size_t k;
    while ((k = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += k;
        if (cap - len < 2)
            buf = xrealloc(buf, cap *= 2);
    }
    buf[len] = '\0';
    fclose(f);
    return buf;
}

static int usage(FILE *f)
{
    fprintf(f, "usage: bughouse-tourney pair FILE [SEED] | standings FILE\n"
               "  pair       the next round of the TRF file FILE, JaVaFo format: the number of\n"
               "             pairs, then one pair per line (first team has White on board A in\n"
               "             game 1), \"N 0\" for the pairing-allocated bye\n"
               "  standings  standings with tie-breaks and the crosstable\n");
    return f == stdout ? 0 : 2;
}

/* The legend of `standings` (the columns of tb_format and the crosstable's cells). */
static void legend(void)
{
    printf("\nMP match points (T-SCORE), GP game points; tie-breaks (T-TIEBREAK): DE direct "
           "encounter, BH-C1 Buchholz Cut-1, PO Armageddon play-off wins (when chosen: BH "
           "Buchholz, GP game points, WON matches won, SB Sonneborn-Berger, SB-C1 its Cut-1; "
           "unplayed rounds "
           "by C.07 art. 16); * prize place.\n"
           "Crosstable: per round the opponent's No, w/b the colour of the team's captain on "
           "board A in game 1, then the team's game points; +F/-F a match won/lost by forfeit "
           "against No; PAB pairing-allocated bye; HPB/ZPB half/zero-point bye (requested); FPB "
           "full-point bye; "
           "- not paired.\n");
}

int main(int argc, char **argv)
{
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")))
        return usage(stdout);
    if (argc >= 2 && strcmp(argv[1], "pair") != 0 && strcmp(argv[1], "standings") != 0) {
        fprintf(stderr, "bughouse-tourney: unknown command \"%s\"\n", argv[1]);
        return usage(stderr);
    }
    if (argc >= 3 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h")))
        return usage(stdout); /* a subcommand's help, not a file named --help */
    if (argc < 3 || argc > (strcmp(argv[1], "pair") == 0 ? 4 : 3))
        return usage(stderr);
    uint64_t seed = 0;
    if (argc > 3) { /* the seed of the round-1 colour lot: a decimal number */
        char *end = NULL;
        seed = strtoull(argv[3], &end, 10);
        if (!argv[3][0] || *end || argv[3][0] == '-') {
            fprintf(stderr, "bughouse-tourney: SEED \"%s\" is not a decimal number\n", argv[3]);
            return 2;
        }
    }
    char *text = slurp(argv[2]);
    if (!text) {
        perror(argv[2]);
        return 1;
    }
    tour *t = NULL;
    int line = 0, rc = trf_import(text, &t, &line);
    free(text);
    if (rc != BH_OK) {
        fprintf(stderr, "%s:%d: %s\n", argv[2], line, bh_strerror(rc));
        return 1;
    }
    if (tour_n_teams(t) == 0) {
        fprintf(stderr, "%s: not a tournament: no team records (013, 310 or BHT)\n", argv[2]);
        tour_free(t);
        return 1;
    }
    int status = 0;
    if (strcmp(argv[1], "pair") == 0) {
        swiss_pairing p = {0, NULL};
        if (tour_planned_rounds(t) > 0 && tour_n_rounds(t) >= tour_planned_rounds(t)) {
            fprintf(stderr, "pair: the event is finished: all %d rounds are paired\n",
                    tour_planned_rounds(t));
            tour_free(t);
            return 1;
        }
        rc = tour_format(t) == TOUR_ROUND_ROBIN ? swiss_pair_rr(t, seed, &p)
                                                : swiss_pair(t, seed, &p);
        if (rc != BH_OK) {
            fprintf(stderr, "pair: %s\n", bh_strerror(rc));
            status = 1;
        } else {
            printf("%d\n", p.n);
            for (int i = 0; i < p.n; i++) {
                const tour_match *m = &p.m[i];
                if (m->b == 0)
                    printf("%d 0\n", m->a);
                else
                    printf("%d %d\n", m->white, m->white == m->a ? m->b : m->a);
            }
        }
        swiss_pairing_fini(&p);
    } else if (strcmp(argv[1], "standings") == 0) {
        tb_standings s = {0, NULL, 0, {0}};
        tb_standings_compute(t, &s);
        char *txt = tb_format(t, &s);
        fputs(txt, stdout);
        free(txt);
        tb_standings_fini(&s);
        legend();
    }
    tour_free(t);
    return status;
}
