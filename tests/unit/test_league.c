/* test_league.c: seed 003's group colours (art. 3: each player 2 White and 2 Black in a
 * group of 5 on 10 boards), the knockout bracket (art. 7-9: 1A-2B, 2A-1B, 1C-2D, 2C-1D, then
 * W(1A-2B)-W(1C-2D), W(2A-1B)-W(2C-1D), the final; a drawn match sends the lower-rated team
 * through), two games a board with colours reversed, and the challenge senders of art. 5.1
 * (the regulation's own list). SPDX-License-Identifier: MIT */
#include <string.h>

#include "berger.h"
#include "bh.h"
#include "bh_test.h"
#include "bracket.h"

/* Art. 3 for a group of 5 on 10 boards, over its Berger schedule (C.05 Annex 1, 5 teams + the
 * bye): every board of every team plays 4 games, 2 with White and 2 with Black; in each match
 * a team has White on 5 boards. Also groups of 3 and 7: (S-1)/2 of each. */
static void group_colours_two_and_two(void)
{
    for (int s = 3; s <= 7; s += 2) {
        int white[8][11] = {{0}}, games[8][11] = {{0}};
        for (int r = 1; r <= berger_rounds(s, 0); r++) {
            berger_pair p[4];
            int k = berger_round(s, r, 0, p, 4);
            for (int j = 0; j < k; j++) {
                int a = p[j].white, b = p[j].black, wa = 0;
                if (!a || !b)
                    continue; /* the team drawn against the bye rests */
                for (int bd = 1; bd <= 10; bd++) {
                    int w = bracket_group_white(a, b, bd);
                    CHECK_EQ_INT("symmetric", !w, bracket_group_white(b, a, bd));
                    white[a][bd] += w;
                    white[b][bd] += !w;
                    games[a][bd]++;
                    games[b][bd]++;
                    wa += w;
                }
                CHECK_EQ_INT("5 Whites of 10 in a match", 5, wa);
            }
        }
        for (int t = 1; t <= s; t++)
            for (int bd = 1; bd <= 10; bd++) {
                CHECK_EQ_INT("games per player", s - 1, games[t][bd]);
                CHECK_MSG(white[t][bd] == (s - 1) / 2, "group of %d: team %d board %d: %d White", s,
                          t, bd, white[t][bd]);
            }
    }
    CHECK_EQ_INT("1 v 2, board 1: 1 White", 1, bracket_group_white(1, 2, 1));
    CHECK_EQ_INT("self", BH_EINVAL, bracket_group_white(2, 2, 1));
    CHECK_EQ_INT("board 0", BH_EINVAL, bracket_group_white(1, 2, 0));
}

/* Art. 5.1 names the quarter-finals by who sends the challenges: Спартак-iGame to Europe,
 * Миротворцы to Чигоринцы, НКВД to Черные Рыцари, Каисса to МиН; the senders are the teams
 * placed second. One group assignment consistent with art. 7 (1A-2B, 2A-1B, 1C-2D, 2C-1D):
 * Europe 1A, Спартак 2B; Миротворцы 2A, Чигоринцы 1B; Черные Рыцари 1C, НКВД 2D; Каисса 2C,
 * МиН 1D. Team ids: 1 Europe, 2 Спартак, 3 Миротворцы, 4 Чигоринцы, 5 Черные Рыцари, 6 НКВД,
 * 7 Каисса, 8 МиН. */
static void quarter_final_senders(void)
{
    const int first[4] = {1, 4, 5, 8}, second[4] = {3, 2, 7, 6};
    bracket kb;
    CHECK_EQ_INT("bracket", BH_OK, bracket_init(&kb, first, second, NULL));
    static const int sender[4] = {2, 3, 6, 7}, receiver[4] = {1, 4, 5, 8};
    for (int mi = BRACKET_QF1; mi <= BRACKET_QF4; mi++) {
        const bracket_match *m = &kb.m[mi];
        CHECK((m->team[0] == sender[mi] && m->team[1] == receiver[mi]) ||
              (m->team[1] == sender[mi] && m->team[0] == receiver[mi]));
        for (int b = 1; b <= 10; b++)
            for (int g = 1; g <= 2; g++) {
                int s = bracket_ko_sender(mi, b, g);
                CHECK_MSG(s >= 0 && m->team[s] == sender[mi], "QF%d board %d game %d", mi + 1, b,
                          g);
            }
    }
    CHECK_EQ_INT("QF1 is 1A-2B", 1, kb.m[BRACKET_QF1].team[0]);
    CHECK_EQ_INT("QF2 is 2A-1B", 3, kb.m[BRACKET_QF2].team[0]);
    CHECK_EQ_INT("QF3 is 1C-2D", 5, kb.m[BRACKET_QF3].team[0]);
    CHECK_EQ_INT("QF4 is 2C-1D", 7, kb.m[BRACKET_QF4].team[0]);
}

/* Art. 7: two games a board, colours reversed in the second: every player has one White and
 * one Black; in each game the boards alternate. Later rounds: the White player sends. */
static void knockout_colours(void)
{
    for (int b = 1; b <= 10; b++) {
        int g1 = bracket_ko_white(b, 1), g2 = bracket_ko_white(b, 2);
        CHECK(g1 >= 0 && g2 >= 0 && g1 != g2);
        CHECK_EQ_INT("first-named White on odd boards in game 1", b % 2 ? 0 : 1, g1);
        CHECK_EQ_INT("semi-final sender = White", g1, bracket_ko_sender(BRACKET_SF1, b, 1));
        CHECK_EQ_INT("final sender = White", g2, bracket_ko_sender(BRACKET_FINAL, b, 2));
    }
    CHECK_EQ_INT("game 3", BH_EINVAL, bracket_ko_white(1, 3));
    CHECK_EQ_INT("match 7", BH_EINVAL, bracket_ko_sender(BRACKET_MATCHES, 1, 1));
}

static roster_rating rr10(long sum)
{
    return (roster_rating){sum, 10, (int)((2 * sum + 10) / 20)};
}

/* The whole bracket: results arrive in any order; winners go where art. 8-9 say; a drawn
 * match goes to the lower team rating as recomputed before the stage (art. 7, also for the
 * semi-finals and the final); equal ratings need a lot. 10 boards x 2 games: 40 game points
 * x2 in all. */
static void bracket_through_final(void)
{
    const int first[4] = {1, 4, 5, 8}, second[4] = {3, 2, 7, 6};
    bracket kb;
    bracket_init(&kb, first, second, NULL);
    roster_rating hi = rr10(21000), lo = rr10(20990), eq = rr10(20500);
    refusal why;
    CHECK_EQ_INT("SF before its teams", BH_ESTATE,
                 bracket_result(&kb, BRACKET_SF1, 10, 22, 18, &hi, &lo, &why));
    CHECK_EQ_INT("QF3 on points", BH_OK,
                 bracket_result(&kb, BRACKET_QF3, 10, 17, 23, &hi, &lo, NULL)); /* 6 wins */
    CHECK_EQ_INT("QF1 drawn: lower rating", BH_OK,
                 bracket_result(&kb, BRACKET_QF1, 10, 20, 20, &hi, &lo, NULL)); /* 2 (lower) */
    CHECK_EQ_INT("by rating", BRACKET_BY_RATING, kb.m[BRACKET_QF1].by);
    CHECK_EQ_INT("QF1 winner", 2, bracket_winner(&kb, BRACKET_QF1));
    CHECK_EQ_INT("QF3 winner", 6, bracket_winner(&kb, BRACKET_QF3));
    CHECK_EQ_INT("SF1: W(QF1) first", 2, kb.m[BRACKET_SF1].team[0]);
    CHECK_EQ_INT("SF1: W(QF3) second", 6, kb.m[BRACKET_SF1].team[1]);
    CHECK_EQ_INT("again", BH_EDECIDED,
                 bracket_result(&kb, BRACKET_QF1, 10, 30, 10, &hi, &lo, &why));
    bracket_result(&kb, BRACKET_QF2, 10, 25, 15, &lo, &hi, NULL); /* 3 */
    CHECK_EQ_INT("QF4 drawn, equal ratings", BH_OK,
                 bracket_result(&kb, BRACKET_QF4, 10, 20, 20, &eq, &eq, NULL));
    CHECK_EQ_INT("lot due", BRACKET_LOT_DUE, kb.m[BRACKET_QF4].by);
    CHECK_EQ_INT("no winner yet", 0, bracket_winner(&kb, BRACKET_QF4));
    CHECK_EQ_INT("SF2 waits", BH_ESTATE,
                 bracket_result(&kb, BRACKET_SF2, 10, 20, 20, &hi, &lo, NULL));
    CHECK_EQ_INT("no lot for QF2", BH_ESTATE, bracket_lot(&kb, BRACKET_QF2, 0, NULL));
    CHECK_EQ_INT("lot", BH_OK, bracket_lot(&kb, BRACKET_QF4, 1, NULL)); /* 8 */
    CHECK_EQ_INT("SF2", 3, kb.m[BRACKET_SF2].team[0]);
    CHECK_EQ_INT("SF2", 8, kb.m[BRACKET_SF2].team[1]);
    /* ratings recomputed before the semi-finals: team 6 is now the lower one */
    roster_rating r2 = rr10(20800), r6 = rr10(20750);
    bracket_result(&kb, BRACKET_SF1, 10, 20, 20, &r2, &r6, NULL);
    CHECK_EQ_INT("SF1 drawn: the recomputed lower rating", 6, bracket_winner(&kb, BRACKET_SF1));
    bracket_result(&kb, BRACKET_SF2, 10, 21, 19, &hi, &lo, NULL);
    CHECK_EQ_INT("final", 6, kb.m[BRACKET_FINAL].team[0]);
    CHECK_EQ_INT("final", 3, kb.m[BRACKET_FINAL].team[1]);
    CHECK_EQ_INT("too many points", BH_EINVAL,
                 bracket_result(&kb, BRACKET_FINAL, 10, 30, 11, &lo, &hi, &why));
    CHECK_EQ_STR("field", "result", why.field);
    bracket_result(&kb, BRACKET_FINAL, 10, 20, 20, &lo, &hi, NULL);
    CHECK_EQ_INT("champion: lower rating", 6, bracket_winner(&kb, BRACKET_FINAL));
}

static void bad_brackets(void)
{
    bracket kb;
    refusal why;
    const int first[4] = {1, 2, 3, 4}, dup[4] = {5, 6, 7, 1}, zero[4] = {5, 6, 0, 8};
    CHECK_EQ_INT("a team twice", BH_EINVAL, bracket_init(&kb, first, dup, &why));
    CHECK_EQ_INT("index", 7, why.index);
    CHECK_EQ_INT("id 0", BH_EINVAL, bracket_init(&kb, first, zero, &why));
    CHECK_EQ_STR("rule", "F-KNOCKOUT", why.rule);
}

/* Two groups (our extension): semi-finals 1A-2B and 2A-1B, then the final; the second-placed
 * teams send both challenges of the semi-finals (art. 5.1 applied to the first knockout
 * stage), the White player in the final. */
static void two_group_bracket(void)
{
    bracket kb;
    const int first[2] = {11, 21}, second[2] = {12, 22};
    refusal why = {0};
    CHECK_EQ_INT("init", BH_OK, bracket_init2(&kb, first, second, &why));
    CHECK_EQ_INT("SF1 1A", 11, kb.m[BRACKET_SF1].team[0]);
    CHECK_EQ_INT("SF1 2B", 22, kb.m[BRACKET_SF1].team[1]);
    CHECK_EQ_INT("SF2 2A", 12, kb.m[BRACKET_SF2].team[0]);
    CHECK_EQ_INT("SF2 1B", 21, kb.m[BRACKET_SF2].team[1]);
    for (int mi = BRACKET_QF1; mi <= BRACKET_QF4; mi++)
        CHECK_EQ_INT("no QF", 0, kb.m[mi].team[0] + kb.m[mi].team[1]);
    CHECK_EQ_INT("first stage", BRACKET_SF1, bracket_first_match(&kb));
    for (int b = 1; b <= 10; b++)
        for (int g = 1; g <= 2; g++) {
            CHECK_EQ_INT("SF1: 2B sends", 1, bracket_ko_sender_in(&kb, BRACKET_SF1, b, g));
            CHECK_EQ_INT("SF2: 2A sends", 0, bracket_ko_sender_in(&kb, BRACKET_SF2, b, g));
            CHECK_EQ_INT("final: White sends", bracket_ko_white(b, g),
                         bracket_ko_sender_in(&kb, BRACKET_FINAL, b, g));
        }
    roster_rating hi = {2200 * 10, 10, 2200}, lo = {2100 * 10, 10, 2100};
    CHECK_EQ_INT("QF1 has no teams", BH_ESTATE,
                 bracket_result(&kb, BRACKET_QF1, 10, 20, 20, &hi, &lo, NULL));
    CHECK_EQ_INT("SF1 drawn", BH_OK, bracket_result(&kb, BRACKET_SF1, 10, 20, 20, &lo, &hi, NULL));
    CHECK_EQ_INT("lower rated 1A through", 11, bracket_winner(&kb, BRACKET_SF1));
    CHECK_EQ_INT("SF2", BH_OK, bracket_result(&kb, BRACKET_SF2, 10, 19, 21, &hi, &lo, NULL));
    CHECK_EQ_INT("final first", 11, kb.m[BRACKET_FINAL].team[0]);
    CHECK_EQ_INT("final second", 21, kb.m[BRACKET_FINAL].team[1]);
    const int dup[2] = {11, 12};
    CHECK_EQ_INT("a team twice", BH_EINVAL, bracket_init2(&kb, first, dup, &why));
    CHECK_EQ_STR("field", "teams", why.field);
    bracket four;
    const int f4[4] = {1, 3, 5, 7}, s4[4] = {2, 4, 6, 8};
    CHECK_EQ_INT("four groups", BH_OK, bracket_init(&four, f4, s4, NULL));
    CHECK_EQ_INT("QF first", BRACKET_QF1, bracket_first_match(&four));
    CHECK_EQ_INT("same as bracket_ko_sender", bracket_ko_sender(BRACKET_QF2, 3, 2),
                 bracket_ko_sender_in(&four, BRACKET_QF2, 3, 2));
    CHECK_EQ_INT("SF with 4 groups: White", bracket_ko_white(3, 2),
                 bracket_ko_sender_in(&four, BRACKET_SF1, 3, 2));
}

static const bh_test_case cases[] = {
    {"group_colours_two_and_two", group_colours_two_and_two},
    {"quarter_final_senders", quarter_final_senders},
    {"knockout_colours", knockout_colours},
    {"bracket_through_final", bracket_through_final},
    {"bad_brackets", bad_brackets},
    {"two_group_bracket", two_group_bracket},
};

BH_TEST_MAIN(cases)
