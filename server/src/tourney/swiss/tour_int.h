/* tour_int.h: declarations shared by the files of the tourney module only.
 * SPDX-License-Identifier: MIT
 * bm_*: Edmonds' blossom algorithm (maximum-cardinality matching in a general graph) on a
 * bit-matrix graph; the pairing uses it as its completion test. */
#ifndef BH_TOUR_INT_H
#define BH_TOUR_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "tour.h"
#include "trf.h"

/* trf.c: set the planned rounds and format when importing. */
void tour__set_plan(tour *t, int rounds, int format, bool started);
/* trf.c: set a team's entry and withdrawal rounds as stored. BH_ENOTFOUND bad id. */
int tour__set_team_rounds(tour *t, int id, int entry_round, int withdrawn_round);
/* Tests and measurements: switch the reading of C.04.6 3.6.1 (TOUR_TOP_TPN or TOUR_TOP_RANK,
 * tour.h) of an existing tournament; anything else reads as TOUR_TOP_TPN. */
void tour__set_top_member(tour *t, int top_member);
/* trf.c: requested byes, for export: the i-th request (false past the end). */
bool tour__request_get(const tour *t, int i, int *id, int *round, int *kind);

/* trf_std.c: the tournament from a TRF file without BH* records (trf.h): rs0 and planned
 * from its header records; teams, players and rounds from 001/013/310/320/330. BH_OK with
 * *out (caller frees) and *info (may be NULL) set, or BH_EPARSE with *err_line (may be NULL)
 * the bad line, or another code from the tour.h calls. */
int trf__import_std(const char *text, const tour_ruleset *rs0, int planned, tour **out,
                    int *err_line, trf_info *info);

/* A graph on vertices 0..n-1 as an adjacency bit matrix, with an alive mask (removed vertices
 * take no part) and a matching `mate` (-1 = exposed). */
typedef struct {
    int n, words;      /* vertices; 64-bit words per row */
    uint64_t *adj;     /* n rows of `words` words */
    uint64_t *alive;   /* `words` words */
    int *mate;         /* n */
    int *p, *base, *q; /* work arrays (n each) */
    uint8_t *used, *blossom, *mark;
} bm;

void bm_init(bm *g, int n); /* empty graph, all alive, nothing matched */
void bm_fini(bm *g);
void bm_add_edge(bm *g, int u, int v);
bool bm_has_edge(const bm *g, int u, int v);
void bm_set_alive(bm *g, int v, bool on);
bool bm_is_alive(const bm *g, int v);
/* Grow the matching among alive vertices to maximum cardinality; returns its size. */
int bm_maximize(bm *g);
/* Look for an augmenting path from the exposed alive vertex root and apply it. */
bool bm_augment(bm *g, int root);
/* Remove alive vertices u and v (which may be matched to each other or to others) and repair
 * the matching so that it stays perfect on the alive vertices, if it was. Returns false (and
 * leaves the graph as it was) if the alive rest has no perfect matching. */
bool bm_remove_pair(bm *g, int u, int v);
/* Remove the alive vertices vs[0..m-1] (borrowed) at once and repair the matching, perfect on
 * the alive vertices before, from the partners the removal leaves exposed (one augmenting
 * search each, in the order of vs). Returns false if one of them cannot be matched again (the
 * alive rest has no perfect matching); the vertices stay removed either way. */
bool bm_remove_set(bm *g, const int *vs, int m);

#endif
