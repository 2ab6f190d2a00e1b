/* bracket.c: seed 003's group colours, knockout bracket and challenge senders.
 * SPDX-License-Identifier: MIT
 * The bracket is a fixed tree of seven matches: a decided match writes its winner into the
 * slot of the match it feeds (NEXT/SLOT below), so results may arrive in any order. */
#include "bracket.h"

#include <string.h>

#include "bh.h"

int bracket_group_white(int i, int j, int board)
{
    if (i < 1 || j < 1 || board < 1 || i == j)
        return BH_EINVAL;
    bool low_white = (i + j + board) % 2 == 0;
    return i < j ? low_white : !low_white;
}

/* Match fed by each match's winner, and the slot (0 first-named, 1 second) it takes. */
static const int NEXT[BRACKET_MATCHES] = {BRACKET_SF1,   BRACKET_SF2,   BRACKET_SF1, BRACKET_SF2,
                                          BRACKET_FINAL, BRACKET_FINAL, -1};
static const int SLOT[BRACKET_MATCHES] = {0, 0, 1, 1, 0, 1, -1};

/* The bracket's teams first[g], second[g] of `groups` groups (A first, then its second, B, ...):
 * BH_OK if each is > 0 and none twice; then kb is empty (no team, no winner). */
static int bracket_start(bracket *kb, int groups, const int *first, const int *second, refusal *why)
{
    int ids[8];
    for (int g = 0; g < groups; g++) {
        ids[2 * g] = first[g];
        ids[2 * g + 1] = second[g];
    }
    for (int i = 0; i < 2 * groups; i++) {
        if (ids[i] < 1)
            return refusal_set(why, BH_EINVAL, "F-KNOCKOUT", "teams", i);
        for (int j = 0; j < i; j++)
            if (ids[j] == ids[i])
                return refusal_set(why, BH_EINVAL, "F-KNOCKOUT", "teams", i);
    }
    memset(kb, 0, sizeof *kb);
    for (int i = 0; i < BRACKET_MATCHES; i++)
        kb->m[i].winner = -1;
    kb->groups = groups;
    return BH_OK;
}

int bracket_init(bracket *kb, const int first[4], const int second[4], refusal *why)
{
    int rc = bracket_start(kb, 4, first, second, why);
    if (rc != BH_OK)
        return rc;
    /* art. 7: 1A-2B, 2A-1B, 1C-2D, 2C-1D */
    const int pair[4][2] = {
        {first[0], second[1]}, {second[0], first[1]}, {first[2], second[3]}, {second[2], first[3]}};
    for (int i = 0; i < 4; i++) {
        kb->m[i].team[0] = pair[i][0];
        kb->m[i].team[1] = pair[i][1];
    }
    return BH_OK;
}

int bracket_init2(bracket *kb, const int first[2], const int second[2], refusal *why)
{
    int rc = bracket_start(kb, 2, first, second, why);
    if (rc != BH_OK)
        return rc;
    kb->m[BRACKET_SF1].team[0] = first[0]; /* 1A-2B */
    kb->m[BRACKET_SF1].team[1] = second[1];
    kb->m[BRACKET_SF2].team[0] = second[0]; /* 2A-1B */
    kb->m[BRACKET_SF2].team[1] = first[1];
    return BH_OK;
}

int bracket_first_match(const bracket *kb)
{
    return kb->groups == 2 ? BRACKET_SF1 : BRACKET_QF1;
}

static void advance(bracket *kb, int mi, int winner, unsigned char by)
{
    bracket_match *m = &kb->m[mi];
    m->winner = winner;
    m->by = by;
    if (NEXT[mi] >= 0)
        kb->m[NEXT[mi]].team[SLOT[mi]] = m->team[winner];
}

int bracket_result(bracket *kb, int mi, int boards, int gp2_first, int gp2_second,
                   const roster_rating *rating_first, const roster_rating *rating_second,
                   refusal *why)
{
    if (mi < 0 || mi >= BRACKET_MATCHES)
        return refusal_set(why, BH_EINVAL, "F-KNOCKOUT", "match", -1);
    if (boards < 1)
        return refusal_set(why, BH_EINVAL, "F-KNOCKOUT", "boards", -1);
    bracket_match *m = &kb->m[mi];
    if (!m->team[0] || !m->team[1])
        return refusal_set(why, BH_ESTATE, "F-KNOCKOUT", "match", -1);
    if (m->by != BRACKET_OPEN)
        return refusal_set(why, BH_EDECIDED, "F-KNOCKOUT", "match", -1);
    if (gp2_first < 0 || gp2_second < 0 || gp2_first + gp2_second > 4 * boards)
        return refusal_set(why, BH_EINVAL, "F-KNOCKOUT", "result", -1);
    m->gp2[0] = gp2_first;
    m->gp2[1] = gp2_second;
    m->rating[0] = *rating_first;
    m->rating[1] = *rating_second;
    if (gp2_first != gp2_second) {
        advance(kb, mi, gp2_first > gp2_second ? 0 : 1, BRACKET_BY_POINTS);
        return BH_OK;
    }
    int c = roster_rating_cmp(rating_first, rating_second); /* art. 7: the lower goes on */
    if (c != 0)
        advance(kb, mi, c < 0 ? 0 : 1, BRACKET_BY_RATING);
    else
        m->by = BRACKET_LOT_DUE;
    return BH_OK;
}

int bracket_lot(bracket *kb, int mi, int winner, refusal *why)
{
    if (mi < 0 || mi >= BRACKET_MATCHES || winner < 0 || winner > 1)
        return refusal_set(why, BH_EINVAL, "F-KNOCKOUT",
                           mi < 0 || mi >= BRACKET_MATCHES ? "match" : "winner", -1);
    if (kb->m[mi].by != BRACKET_LOT_DUE)
        return refusal_set(why, BH_ESTATE, "F-KNOCKOUT", "match", -1);
    advance(kb, mi, winner, BRACKET_BY_LOT);
    return BH_OK;
}

int bracket_winner(const bracket *kb, int mi)
{
    if (mi < 0 || mi >= BRACKET_MATCHES || kb->m[mi].winner < 0)
        return 0;
    return kb->m[mi].team[kb->m[mi].winner];
}

int bracket_ko_white(int b, int g)
{
    if (b < 1 || g < 1 || g > 2)
        return BH_EINVAL;
    int first_white = (b % 2 == 1) == (g == 1); /* odd boards in game 1, even in game 2 */
    return first_white ? 0 : 1;
}

int bracket_ko_sender(int mi, int b, int g)
{
    if (mi < 0 || mi >= BRACKET_MATCHES)
        return BH_EINVAL;
    int w = bracket_ko_white(b, g);
    if (w < 0)
        return w;
    /* QF1 1A-2B and QF3 1C-2D: the second-placed team is named second; QF2 2A-1B and QF4
     * 2C-1D: named first */
    if (mi <= BRACKET_QF4)
        return mi == BRACKET_QF1 || mi == BRACKET_QF3 ? 1 : 0;
    return w;
}

int bracket_ko_sender_in(const bracket *kb, int mi, int b, int g)
{
    if (kb->groups == 2 && (mi == BRACKET_SF1 || mi == BRACKET_SF2))
        return bracket_ko_sender(mi == BRACKET_SF1 ? BRACKET_QF1 : BRACKET_QF2, b, g);
    return bracket_ko_sender(mi, b, g);
}
