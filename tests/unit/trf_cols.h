/* trf_cols.h: a TRF-2026 team file read by the columns the FIDE tie-break checker reads
 * (TieBreakServer's trf2json.py: 001, 162, 310, 362), for the tests of the club's and the
 * league's TRF writers. Columns are 1-based in the comments, 0-based in the code; the files
 * tested have ASCII names, so a column is a byte.
 * SPDX-License-Identifier: MIT */
#ifndef BH_TEST_TRF_COLS_H
#define BH_TEST_TRF_COLS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh_test.h"

enum { TC_MAX_PLAYERS = 1200, TC_MAX_TEAMS = 40, TC_MAX_ROUNDS = 20, TC_MAX_LIST = 40 };

typedef struct {
    int sno;                 /* columns 5-8 */
    double pts;              /* columns 81-84 */
    int rank;                /* columns 86-89 */
    int rounds;              /* round entries read */
    int opp[TC_MAX_ROUNDS];  /* per round k: columns 92-95 + 10k, 0: none */
    char col[TC_MAX_ROUNDS]; /* column 97 + 10k */
    char res[TC_MAX_ROUNDS]; /* column 99 + 10k, ' ' when the entry is blank */
} tc_player;

typedef struct {
    int no;               /* columns 5-7 */
    char name[40];        /* columns 9-40, trailing blanks cut */
    double mp, gp;        /* columns 55-60, 62-67 */
    int rank;             /* columns 69-71 */
    bool gap_blank;       /* columns 72-74 blank: the checker's alignment test */
    int n;                /* players listed */
    int sno[TC_MAX_LIST]; /* from column 74, 4 columns each, one apart */
} tc_team;

typedef struct {
    int n_pl, n_tm;
    tc_player pl[TC_MAX_PLAYERS]; /* in file order */
    tc_team tm[TC_MAX_TEAMS];     /* in file order */
    int by_sno[TC_MAX_PLAYERS];   /* index into pl + 1, 0: no such 001 record */
    char r162[128], r362[128];    /* the records, "" when absent */
} tc_file;

/* Columns [a, b) (0-based) of the line ln (length n) as a number. */
static inline double tc_num(const char *ln, size_t n, size_t a, size_t b)
{
    char tmp[32] = "";
    if (a < n)
        snprintf(tmp, sizeof tmp, "%.*s", (int)((b < n ? b : n) - a), ln + a);
    return atof(tmp);
}

/* Reads text into *f (zeroed first). */
static inline void tc_read(const char *text, tc_file *f)
{
    memset(f, 0, sizeof *f);
    for (const char *ln = text; ln && *ln;) {
        const char *e = strchr(ln, '\n');
        size_t n = e ? (size_t)(e - ln) : strlen(ln);
        if (strncmp(ln, "001", 3) == 0 && f->n_pl < TC_MAX_PLAYERS) {
            tc_player *p = &f->pl[f->n_pl++];
            p->sno = (int)tc_num(ln, n, 4, 8);
            p->pts = tc_num(ln, n, 80, 84);
            p->rank = (int)tc_num(ln, n, 85, 89);
            for (size_t k = 0; k < TC_MAX_ROUNDS && 99 + 10 * k <= n; k++) {
                p->rounds = (int)k + 1;
                p->opp[k] = (int)tc_num(ln, n, 91 + 10 * k, 95 + 10 * k);
                p->col[k] = ln[96 + 10 * k];
                p->res[k] = ln[98 + 10 * k];
            }
            if (p->sno > 0 && p->sno < TC_MAX_PLAYERS)
                f->by_sno[p->sno] = f->n_pl;
        } else if (strncmp(ln, "310", 3) == 0 && f->n_tm < TC_MAX_TEAMS) {
            tc_team *t = &f->tm[f->n_tm++];
            t->no = (int)tc_num(ln, n, 4, 7);
            snprintf(t->name, sizeof t->name, "%.*s", n > 8 ? (int)((n < 40 ? n : 40) - 8) : 0,
                     ln + 8);
            for (size_t k = strlen(t->name); k > 0 && t->name[k - 1] == ' '; k--)
                t->name[k - 1] = '\0';
            t->mp = tc_num(ln, n, 54, 60);
            t->gp = tc_num(ln, n, 61, 67);
            t->rank = (int)tc_num(ln, n, 68, 71);
            t->gap_blank = n > 73 && ln[71] == ' ' && ln[72] == ' ' && ln[73] == ' ';
            for (size_t at = 73; at + 4 <= n && t->n < TC_MAX_LIST; at += 5)
                t->sno[t->n++] = (int)tc_num(ln, n, at, at + 4);
        } else if (strncmp(ln, "162", 3) == 0 || strncmp(ln, "362", 3) == 0) {
            snprintf(ln[0] == '1' ? f->r162 : f->r362, sizeof f->r162, "%.*s", (int)n, ln);
        }
        ln = e ? e + 1 : NULL;
    }
}

/* 162 and 362 as the checker reads a point system: a code letter at column 6 + 9k, its points
 * at 7-10 + 9k; ours: games W 1.0 D 0.5 L 0.0 A 0.0, matches W 2.0 D 1.0 L 0.0 (T-SCORE). */
static inline void tc_check_points(const tc_file *f)
{
    static const char g_sym[] = "WDLA", m_sym[] = "WDL";
    static const double g_pts[] = {1.0, 0.5, 0.0, 0.0}, m_pts[] = {2.0, 1.0, 0.0};
    size_t n162 = strlen(f->r162), n362 = strlen(f->r362);
    for (size_t k = 0; k < 4; k++) {
        CHECK_MSG(n162 > 9 + 9 * k && f->r162[5 + 9 * k] == g_sym[k],
                  "162: %c at column %zu: \"%s\"", g_sym[k], 6 + 9 * k, f->r162);
        CHECK_EQ_DBL("162 points at columns 7-10 + 9k", g_pts[k],
                     tc_num(f->r162, n162, 6 + 9 * k, 10 + 9 * k), 1e-9);
    }
    for (size_t k = 0; k < 3; k++) {
        CHECK_MSG(n362 > 9 + 9 * k && f->r362[5 + 9 * k] == m_sym[k] && f->r362[4 + 9 * k] == 'T',
                  "362: T%c at columns %zu-%zu: \"%s\"", m_sym[k], 5 + 9 * k, 6 + 9 * k, f->r362);
        CHECK_EQ_DBL("362 points at columns 7-10 + 9k", m_pts[k],
                     tc_num(f->r362, n362, 6 + 9 * k, 10 + 9 * k), 1e-9);
    }
}

/* The checker's reading of the teams and games: teams numbered 1..n in order (it indexes
 * them by number), columns 72-74 blank, every listed player a 001 record in one team only, and
 * every game seen alike from both sides: the opponent's entry of that round names this player
 * back, with the other colour and the other half of the result. */
static inline void tc_check_teams_and_games(const tc_file *f)
{
    static int team_of[TC_MAX_PLAYERS];
    memset(team_of, 0, sizeof team_of);
    for (int i = 0; i < f->n_tm; i++) {
        const tc_team *t = &f->tm[i];
        CHECK_EQ_INT("310 team numbers 1..n, in order, no gap", i + 1, t->no);
        CHECK_MSG(t->gap_blank, "310 %d: columns 72-74 not blank", t->no);
        for (int k = 0; k < t->n; k++) {
            int s = t->sno[k];
            CHECK_MSG(s > 0 && s < TC_MAX_PLAYERS && f->by_sno[s], "310 %d: player %d has no 001",
                      t->no, s);
            if (s > 0 && s < TC_MAX_PLAYERS) {
                CHECK_MSG(team_of[s] == 0, "player %d in two teams", s);
                team_of[s] = t->no;
            }
        }
    }
    for (int i = 0; i < f->n_pl; i++) {
        const tc_player *p = &f->pl[i];
        CHECK_MSG(team_of[p->sno] != 0, "001 %d: in no 310 record", p->sno);
        for (int k = 0; k < p->rounds; k++) {
            int o = p->opp[k];
            if (o == 0)
                continue;
            const tc_player *q = o < TC_MAX_PLAYERS && f->by_sno[o] ? &f->pl[f->by_sno[o] - 1] : 0;
            CHECK_MSG(q && q->rounds > k && q->opp[k] == p->sno,
                      "round %d: %d's opponent %d does not name it back", k + 1, p->sno, o);
            if (!q || q->rounds <= k)
                continue;
            CHECK_MSG(team_of[o] != team_of[p->sno], "round %d: %d and %d of one team", k + 1,
                      p->sno, o);
            CHECK_MSG((p->col[k] == 'w' && q->col[k] == 'b') ||
                          (p->col[k] == 'b' && q->col[k] == 'w'),
                      "round %d: %d and %d colours %c %c", k + 1, p->sno, o, p->col[k], q->col[k]);
            const char pair[] = {p->res[k], q->res[k], 0};
            CHECK_MSG(!strcmp(pair, "10") || !strcmp(pair, "01") || !strcmp(pair, "==") ||
                          !strcmp(pair, "+-") || !strcmp(pair, "-+"),
                      "round %d: %d-%d results %s", k + 1, p->sno, o, pair);
        }
    }
}

/* Game points of team i (0-based) by its players' 001 points (columns 81-84). */
static inline double tc_team_pts(const tc_file *f, int i)
{
    double sum = 0;
    for (int k = 0; k < f->tm[i].n; k++) {
        int s = f->tm[i].sno[k];
        if (s > 0 && s < TC_MAX_PLAYERS && f->by_sno[s])
            sum += f->pl[f->by_sno[s] - 1].pts;
    }
    return sum;
}

#endif
