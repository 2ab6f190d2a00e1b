/* tourney_ref.h: brute-force reference pairer for the Swiss tests (not a copy of swiss.c).
 * SPDX-License-Identifier: MIT */
#ifndef BH_TOURNEY_REF_H
#define BH_TOURNEY_REF_H

#include "tour.h"

/* Pair round tour_n_rounds(t)+1 by enumerating every legal pairing. partner[id] = partner id,
 * 0 for the PAB, -1 for a team that is not paired (inactive or a requested bye); partner has
 * tour_n_teams(t)+1 entries. Returns 0, or -1 if no legal pairing exists. Small fields only. */
int ref_pair(const tour *t, int *partner);

#endif
