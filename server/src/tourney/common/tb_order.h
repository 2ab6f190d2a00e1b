/* tb_order.h: the order of a standings table, shared by the Swiss standings (tb.c,
 * T-TIEBREAK) and the team-event ranking (rank.c, F-RR seed 004 art. 4, F-GROUPS seed 003
 * art. 6): match points, then each tie-break in turn, then team number. FIDE C.07 (from 1 Aug
 * 2024) art. 6: a tie-break such as direct encounter is computed only among the teams still
 * tied on everything before it, so each one is computed after the order of the previous
 * ones is known. SPDX-License-Identifier: MIT
 * Pure: no I/O; the caller owns every array. */
#ifndef BH_TB_ORDER_H
#define BH_TB_ORDER_H

#include <stdbool.h>

/* Tie-break k (0..n_tb-1) of every team: fills v[1..n] (higher ranks higher); group[1..n]
 * gives each team a tie-group number, equal for teams equal on match points and on tie-breaks
 * 0..k-1 (the numbers are otherwise meaningless). ctx is the caller's. */
typedef void (*tb_order_fn)(void *ctx, int k, const int *group, int *v);

/* Orders teams 1..n (n >= 0) with match points mp[1..n] (borrowed) by match points, then
 * tie-breaks 0..n_tb-1 computed by fn in turn, then team number. Writes order[0..n-1]: team
 * numbers by place; val[t * n_tb + k]: tie-break k of team t, for t in 1..n (val has
 * (n+1) * n_tb entries); tied[i] (i in 0..n-1): the team at place i+1 is equal on every
 * criterion but the team number to the one after it (false for the last). No error. */
void tb_order(int n, const int *mp, int n_tb, tb_order_fn fn, void *ctx, int *order, int *val,
              bool *tied);

#endif
