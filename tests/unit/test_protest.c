/* test_protest.c: protests and appeals of seed 004 art. 5 (F-PROTEST): in writing within 10
 * minutes of the round's end, a 200-hryvnia deposit returned when the protest is upheld;
 * every refusal with its code, rule and field. SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "bh_test.h"
#include "protest.h"

#define MIN_US (60LL * 1000000)
#define T_END (5000 * MIN_US) /* round 3 ended here */

static const protest_game G31 = {301, 3, 1, 2}; /* a game of round 3: teams 1 and 2 */
static const protest_game G21 = {201, 2, 1, 4}; /* a game of round 2 */
static const protest_round R3 = {3, T_END};
static const protest_filer CAP1 = {11, 1, true}, CAP2 = {21, 2, true};

static void seed004_rules(void)
{
    protest_rules pr;
    protest_rules_seed004(&pr);
    CHECK_EQ_INT("10 minutes", 10 * MIN_US, pr.window_us);
    CHECK_EQ_INT("200 UAH in kopiyky", 20000, pr.deposit_minor);
    CHECK_EQ_STR("currency", "UAH", pr.currency);
}

static protest_desk *desk(void)
{
    protest_rules pr;
    protest_rules_seed004(&pr);
    return protest_desk_new(&pr);
}

/* "not later than 10 minutes after the end of the round": 10:00 is in time, a microsecond
 * more is late. */
static void window(void)
{
    protest_desk *d = desk();
    refusal why;
    int id = 0;
    CHECK_EQ_INT("at 10:00", BH_OK,
                 protest_file(d, &R3, &G31, &CAP1, "board 3: flag not seen", 20000,
                              T_END + 10 * MIN_US, &id, NULL));
    CHECK_EQ_INT("id", 1, id);
    CHECK_EQ_INT("at 10:00.000001", BH_ELATE,
                 protest_file(d, &R3, &G31, &CAP2, "x", 20000, T_END + 10 * MIN_US + 1, &id, &why));
    CHECK_EQ_STR("rule", "F-PROTEST", why.rule);
    CHECK_EQ_STR("field", "filed_at", why.field);
    protest_round playing = {3, 0}; /* round still on: a finished game may be protested */
    CHECK_EQ_INT("during the round", BH_OK,
                 protest_file(d, &playing, &G31, &CAP2, "x", 20000, T_END - MIN_US, &id, NULL));
    CHECK_EQ_INT("count", 2, protest_count(d));
    protest_desk_free(d);
}

static void refusals(void)
{
    protest_desk *d = desk();
    refusal why;
    const protest_filer player = {12, 1, false}, cap3 = {31, 3, true};
    CHECK_EQ_INT("ok", BH_OK,
                 protest_file(d, &R3, &G31, &CAP1, "text", 20000, T_END + MIN_US, NULL, NULL));
    static const struct {
        const char *name, *field;
        int rc;
    } want[] = {
        {"unknown game", "game", BH_ENOTFOUND},     {"another round", "game", BH_EROUND},
        {"not a captain", "filer", BH_ENOTCAPTAIN}, {"another team", "team", BH_ENOTCAPTAIN},
        {"duplicate", "game", BH_EEXIST},           {"empty text", "text", BH_EINVAL},
        {"long text", "text", BH_ELIMIT},           {"no deposit", "deposit", BH_EINVAL},
    };
    char *longtext = malloc(PROTEST_TEXT_MAX + 2);
    memset(longtext, 'a', PROTEST_TEXT_MAX + 1);
    longtext[PROTEST_TEXT_MAX + 1] = '\0';
    int rc[8];
    int64_t t = T_END + MIN_US;
    rc[0] = protest_file(d, &R3, NULL, &CAP1, "x", 20000, t, NULL, &why);
    CHECK_EQ_STR(want[0].name, want[0].field, why.field);
    rc[1] = protest_file(d, &R3, &G21, &CAP1, "x", 20000, t, NULL, &why);
    CHECK_EQ_STR(want[1].name, want[1].field, why.field);
    rc[2] = protest_file(d, &R3, &G31, &player, "x", 20000, t, NULL, &why);
    CHECK_EQ_STR(want[2].name, want[2].field, why.field);
    rc[3] = protest_file(d, &R3, &G31, &cap3, "x", 20000, t, NULL, &why);
    CHECK_EQ_STR(want[3].name, want[3].field, why.field);
    rc[4] = protest_file(d, &R3, &G31, &CAP1, "again", 20000, t, NULL, &why);
    CHECK_EQ_STR(want[4].name, want[4].field, why.field);
    rc[5] = protest_file(d, &R3, &G31, &CAP2, "", 20000, t, NULL, &why);
    CHECK_EQ_STR(want[5].name, want[5].field, why.field);
    rc[6] = protest_file(d, &R3, &G31, &CAP2, longtext, 20000, t, NULL, &why);
    CHECK_EQ_STR(want[6].name, want[6].field, why.field);
    rc[7] = protest_file(d, &R3, &G31, &CAP2, "x", 10000, t, NULL, &why);
    CHECK_EQ_STR(want[7].name, want[7].field, why.field);
    for (int i = 0; i < 8; i++)
        CHECK_EQ_INT(want[i].name, want[i].rc, rc[i]);
    CHECK_EQ_INT("nothing added", 1, protest_count(d));
    free(longtext);
    protest_desk_free(d);
}

/* Upheld: the new result is recorded, the deposit returned; a second decision is refused. */
static void upheld_and_rejected(void)
{
    protest_desk *d = desk();
    refusal why;
    int a, b;
    protest_file(d, &R3, &G31, &CAP1, "board 2: illegal move", 20000, T_END + MIN_US, &a, NULL);
    protest_file(d, &R3, &G31, &CAP2, "board 5: clock", 20000, T_END + 2 * MIN_US, &b, NULL);
    CHECK_EQ_INT("upheld", BH_OK,
                 protest_decide(d, a, true, 7, "the move was illegal", T_END + 30 * MIN_US, NULL));
    const protest *p = protest_find(d, a);
    CHECK(p && p->state == PROTEST_UPHELD && p->deposit_returned && p->new_result == 7);
    CHECK(p && p->decided_us == T_END + 30 * MIN_US &&
          strcmp(p->reason, "the move was illegal") == 0);
    CHECK_EQ_INT("again", BH_EDECIDED, protest_decide(d, a, false, 0, "no", T_END, &why));
    CHECK_EQ_STR("field", "protest", why.field);
    CHECK_EQ_INT("no reason", BH_EINVAL, protest_decide(d, b, false, 0, "", T_END, &why));
    CHECK_EQ_STR("field", "reason", why.field);
    CHECK_EQ_INT("upheld without result", BH_EINVAL,
                 protest_decide(d, b, true, -1, "yes", T_END, &why));
    CHECK_EQ_STR("field", "result", why.field);
    CHECK_EQ_INT("rejected", BH_OK,
                 protest_decide(d, b, false, 3, "the clock was right", T_END + 31 * MIN_US, NULL));
    p = protest_find(d, b);
    CHECK(p && p->state == PROTEST_REJECTED && !p->deposit_returned && p->new_result == -1);
    CHECK_EQ_INT("unknown", BH_ENOTFOUND, protest_decide(d, 99, true, 1, "x", T_END, &why));
    protest_desk_free(d);
}

/* A restart: every protest, decided or not, is put back from its stored fields; new ones
 * continue the ids. */
static void load_round_trip(void)
{
    protest_desk *d = desk(), *e = desk();
    int a, b, c;
    protest_file(d, &R3, &G31, &CAP1, "one", 20000, T_END, &a, NULL);
    protest_file(d, &R3, &G31, &CAP2, "two", 20000, T_END, &b, NULL);
    protest_decide(d, a, true, 1, "yes", T_END + MIN_US, NULL);
    for (int i = 0; i < protest_count(d); i++)
        CHECK_EQ_INT("load", BH_OK, protest_load(e, protest_get(d, i)));
    CHECK_EQ_INT("load twice", BH_EEXIST, protest_load(e, protest_get(d, 0)));
    protest bad = *protest_get(d, 1);
    bad.id = 9;
    bad.deposit_returned = true; /* FILED with a returned deposit */
    CHECK_EQ_INT("inconsistent", BH_EINVAL, protest_load(e, &bad));
    const protest *x = protest_find(e, a), *y = protest_find(e, b);
    CHECK(x && x->state == PROTEST_UPHELD && strcmp(x->reason, "yes") == 0 && x->deposit_returned);
    CHECK(y && y->state == PROTEST_FILED && strcmp(y->text, "two") == 0);
    const protest_game g32 = {302, 3, 1, 2};
    CHECK_EQ_INT("new", BH_OK, protest_file(e, &R3, &g32, &CAP1, "three", 20000, T_END, &c, NULL));
    CHECK_EQ_INT("next id", 3, c);
    CHECK_EQ_INT("decide loaded", BH_OK, protest_decide(e, b, false, 0, "no", T_END, NULL));
    protest_desk_free(d);
    protest_desk_free(e);
    protest_desk_free(NULL);
}

static const bh_test_case cases[] = {
    {"seed004_rules", seed004_rules},
    {"window", window},
    {"refusals", refusals},
    {"upheld_and_rejected", upheld_and_rejected},
    {"load_round_trip", load_round_trip},
};

BH_TEST_MAIN(cases)
