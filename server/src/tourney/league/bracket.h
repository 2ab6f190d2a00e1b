/* bracket.h: the formats of the seed 003 team league: group-stage colours (art. 3), the
 * knockout bracket of the eight best (art. 7-9, F-KNOCKOUT) with its drawn-match rule, and
 * who sends the challenges (art. 5, 5.1). SPDX-License-Identifier: MIT
 * Pure: team ratings and results come in, decisions go out; the bracket is a value type. */
#ifndef BH_BRACKET_H
#define BH_BRACKET_H

#include <stdbool.h>

#include "refusal.h"
#include "roster.h"

/* Group stage (art. 3): in the match between the teams numbered i and j (1-based) in the
 * group table, on board b (1-based), returns 1 if team i has White, 0 if Black, BH_EINVAL
 * for i == j or a number < 1. The rule: the lower-numbered team has White on board b iff
 * i + j + b is even. So the boards of a match alternate colours (each team 5 White of 10),
 * and in a group of an odd number S of teams each player (a team's board) gets (S-1)/2
 * Whites and as many Blacks over the round robin: 2 and 2 in the groups of 5 (art. 3). The
 * challenge of a group game is sent by its White player (art. 5). */
int bracket_group_white(int i, int j, int board);

/* The knockout: quarter-finals 1A-2B, 2A-1B, 1C-2D, 2C-1D (art. 7), semi-finals
 * W(1A-2B) v W(1C-2D) and W(2A-1B) v W(2C-1D) (art. 8), the final (art. 9). */
enum {
    BRACKET_QF1 = 0, /* 1A-2B */
    BRACKET_QF2,     /* 2A-1B */
    BRACKET_QF3,     /* 1C-2D */
    BRACKET_QF4,     /* 2C-1D */
    BRACKET_SF1,     /* W(QF1) - W(QF3) */
    BRACKET_SF2,     /* W(QF2) - W(QF4) */
    BRACKET_FINAL,   /* W(SF1) - W(SF2) */
    BRACKET_MATCHES
};

/* How a knockout match was decided. */
typedef enum {
    BRACKET_OPEN = 0,  /* no result yet */
    BRACKET_BY_POINTS, /* more game points over both games on all boards */
    BRACKET_BY_RATING, /* drawn match: the lower team rating goes through (art. 7) */
    BRACKET_LOT_DUE,   /* drawn match between equally rated teams: a lot decides (our
                        * choice, as C.07 art. 4.2 ends every tie) */
    BRACKET_BY_LOT,    /* the lot was drawn */
} bracket_by;

typedef struct {
    int team[2];             /* team ids (the caller's, > 0), the first-named first; 0 until
                              * the match before it is decided */
    int gp2[2];              /* game points x2 over both games of all boards */
    roster_rating rating[2]; /* team ratings as recomputed before this stage (art. 7) */
    int winner;              /* 0 or 1 (index into team) once decided, else -1 */
    unsigned char by;        /* bracket_by */
} bracket_match;

typedef struct {
    bracket_match m[BRACKET_MATCHES];
    int groups; /* 4 (bracket_init: quarter-finals first) or 2 (bracket_init2:
                 * semi-finals first, the quarter-finals stay empty) */
} bracket;

/* A bracket from the group results: first[g] and second[g] are the teams placed first and
 * second in group g (A = 0 .. D = 3), borrowed. BH_EINVAL (rule F-KNOCKOUT, field "teams")
 * if an id is < 1 or appears twice. */
int bracket_init(bracket *kb, const int first[4], const int second[4], refusal *why);

/* A bracket of two groups (our extension for a smaller league, e.g. 8 teams in 2
 * groups; the regulation has four): semi-finals 1A-2B (BRACKET_SF1) and 2A-1B (BRACKET_SF2),
 * pairing the groups as art. 7 pairs them in the quarter-finals, then the final (art. 9);
 * the quarter-finals stay empty (teams 0, never played). Refusals as bracket_init. */
int bracket_init2(bracket *kb, const int first[2], const int second[2], refusal *why);

/* The first match of kb's first knockout stage: BRACKET_QF1 (4 groups) or BRACKET_SF1 (2). */
int bracket_first_match(const bracket *kb);

/* The result of match mi (BRACKET_QF1..BRACKET_FINAL): game points x2 of the first- and the
 * second-named team over both games on every board (0..4 x boards each, at most 4 x boards
 * together) and their team ratings as recomputed before the stage (borrowed). Decides the
 * winner (BRACKET_BY_POINTS or BRACKET_BY_RATING) and puts it into the next match; or, for a
 * drawn match between exactly equal ratings, sets BRACKET_LOT_DUE and waits for
 * bracket_lot. Refusals (F-KNOCKOUT): BH_EINVAL mi out of range ("match"), bad game points
 * ("result"), boards < 1 ("boards"); BH_ESTATE its teams are not known yet ("match");
 * BH_EDECIDED it has a result ("match"). */
int bracket_result(bracket *kb, int mi, int boards, int gp2_first, int gp2_second,
                   const roster_rating *rating_first, const roster_rating *rating_second,
                   refusal *why);

/* The lot for match mi in BRACKET_LOT_DUE: winner 0 or 1. BH_ESTATE if no lot is due,
 * BH_EINVAL for a bad mi or winner. */
int bracket_lot(bracket *kb, int mi, int winner, refusal *why);

/* Team id that won match mi, 0 while undecided. */
int bracket_winner(const bracket *kb, int mi);

/* Colours in a knockout match (art. 7: two games on each board): returns the index (0 first-
 * named, 1 second) of the team with White on board b (1-based) in game g (1 or 2): the
 * first-named team has White on the odd boards in game 1 (F-CHESS; our choice where the
 * regulation is silent) and colours are reversed in game 2. BH_EINVAL for b < 1 or g not 1-2. */
int bracket_ko_white(int b, int g);

/* Index (0 or 1) of the team whose player sends the challenge for board b, game g of match mi:
 * in the quarter-finals always the team placed second in its group (art. 5.1: the second-
 * placed teams send both challenges, for the White and the Black game), later the team with
 * White in that game (art. 5; our reading for the semi-finals and the final). BH_EINVAL for a
 * bad mi, b or g. */
int bracket_ko_sender(int mi, int b, int g);

/* bracket_ko_sender for the bracket kb: with 2 groups the semi-finals are the first knockout
 * stage and pair the groups as the quarter-finals do (1A-2B, 2A-1B), so art. 5.1 applies to
 * them (our reading: the second-placed teams send, as bracket_ko_sender's BRACKET_QF1 and
 * BRACKET_QF2); with 4 groups it is bracket_ko_sender. Same errors. */
int bracket_ko_sender_in(const bracket *kb, int mi, int b, int g);

#endif
