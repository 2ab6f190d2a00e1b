/* test_chal.c: challenges with deadlines of seed 003 art. 5 (F-CHALLENGE): a challenge
 * valid 10 days; unanswered, the non-answering team's captain may put in a substitute rated
 * no higher; a second challenge valid 5 days; unanswered, the non-answering player loses by
 * forfeit; art. 5.1 (the sender in the quarter-finals); art. 4 (5+1, 10+1 by agreement).
 * Every path, on a clock that is just a number; each deadline fires once, also after a
 * save and restore. SPDX-License-Identifier: MIT */
#include <string.h>

#include "bh.h"
#include "bh_test.h"
#include "chal.h"

#define DAY CHAL_DAY_US
#define T0 (1000 * DAY) /* any origin */

static chal_rules cr;

static void fresh(chal *c, chal_side sender)
{
    chal_rules_default(&cr);
    CHECK_EQ_INT("init", BH_OK, chal_init(c, sender, 11, 2100, 21, 2050));
}

/* Save, load into a second copy, and check both say the same (the text is the contract). */
static void round_trip(const chal *c, chal *out)
{
    char a[CHAL_TEXT_MAX], b[CHAL_TEXT_MAX];
    CHECK(chal_save(c, a, sizeof a) > 0);
    CHECK_EQ_INT("load", BH_OK, chal_load(out, a));
    CHECK(chal_save(out, b, sizeof b) > 0);
    CHECK_EQ_STR("round trip", a, b);
}

static void seed003_rules(void)
{
    chal_rules_default(&cr);
    CHECK_EQ_INT("first challenge: 10 days", 10 * DAY, cr.first_valid_us);
    CHECK_EQ_INT("second: 5 days", 5 * DAY, cr.second_valid_us);
    CHECK(cr.base_s == 300 && cr.inc_s == 1 && cr.alt_base_s == 600 && cr.alt_inc_s == 1);
}

/* White challenges for a time two days ahead; Black accepts on day 3; the game starts. */
static void accepted(void)
{
    chal c;
    fresh(&c, CHAL_WHITE);
    int64_t at;
    CHECK(!chal_next_deadline(&c, &at));
    CHECK_EQ_INT("send", BH_OK, chal_send(&c, &cr, CHAL_WHITE, T0 + 2 * DAY, T0, NULL));
    CHECK(chal_next_deadline(&c, &at) && at == T0 + 10 * DAY);
    CHECK_EQ_INT("turn", CHAL_BLACK, c.turn);
    CHECK_EQ_INT("accept", BH_OK, chal_accept(&c, CHAL_BLACK, T0 + 3 * DAY, NULL));
    CHECK_EQ_INT("agreed", CHAL_AGREED, c.state);
    CHECK_EQ_INT("start", T0 + 2 * DAY, c.start_us);
    CHECK(!chal_next_deadline(&c, &at));
    CHECK_EQ_INT("no tick", 0, chal_tick(&c, T0 + 30 * DAY, NULL));
    CHECK_EQ_INT("started", BH_OK, chal_start(&c, NULL));
    CHECK_EQ_INT("twice", BH_ESTATE, chal_start(&c, NULL));
}

/* Black answers on day 9 with another time: the answer is now White's, within 10 days of the
 * counter-proposal; White accepts. A counter "now" is accepted the same way. */
static void countered(void)
{
    chal c;
    fresh(&c, CHAL_WHITE);
    refusal why;
    chal_send(&c, &cr, CHAL_WHITE, 0, T0, NULL);
    CHECK_EQ_INT("white cannot answer itself", BH_ETURN,
                 chal_accept(&c, CHAL_WHITE, T0 + DAY, &why));
    CHECK_EQ_STR("field", "side", why.field);
    CHECK_EQ_INT("counter", BH_OK,
                 chal_counter(&c, &cr, CHAL_BLACK, T0 + 12 * DAY, T0 + 9 * DAY, NULL));
    int64_t at;
    CHECK(chal_next_deadline(&c, &at) && at == T0 + 19 * DAY);
    CHECK_EQ_INT("turn", CHAL_WHITE, c.turn);
    CHECK_EQ_INT("old deadline passes quietly", 0, chal_tick(&c, T0 + 10 * DAY, NULL));
    CHECK_EQ_INT("black cannot accept its own", BH_ETURN,
                 chal_accept(&c, CHAL_BLACK, T0 + 11 * DAY, NULL));
    CHECK_EQ_INT("accept", BH_OK, chal_accept(&c, CHAL_WHITE, T0 + 11 * DAY, NULL));
    CHECK_EQ_INT("start as countered", T0 + 12 * DAY, c.start_us);
    CHECK_EQ_INT("counters", 1, c.counters);
    CHECK_EQ_INT("nothing open to counter", BH_ESTATE,
                 chal_counter(&c, &cr, CHAL_BLACK, T0 + 20 * DAY, T0 + 12 * DAY, NULL));
}

/* A counter-proposal left unanswered: the sender is the non-answering side. */
static void counter_expires(void)
{
    chal c;
    fresh(&c, CHAL_WHITE);
    chal_send(&c, &cr, CHAL_WHITE, 0, T0, NULL);
    chal_counter(&c, &cr, CHAL_BLACK, T0 + 5 * DAY, T0 + DAY, NULL);
    chal_event ev;
    CHECK_EQ_INT("fires", 1, chal_tick(&c, T0 + 11 * DAY, &ev));
    CHECK_EQ_INT("lapsed", CHAL_LAPSED, c.state);
    CHECK_EQ_INT("white did not answer", CHAL_WHITE, ev.side);
    CHECK_EQ_INT("defaulter", CHAL_WHITE, c.defaulter);
}

/* The first challenge expires unanswered: exactly at day 10, once; Black's captain puts in a
 * substitute (not one rated higher); White's second challenge, valid 5 days, is accepted. */
static void expired_once_then_substituted(void)
{
    chal c;
    fresh(&c, CHAL_WHITE);
    refusal why;
    chal_event ev;
    chal_send(&c, &cr, CHAL_WHITE, 0, T0, NULL);
    CHECK_EQ_INT("a µs before", 0, chal_tick(&c, T0 + 10 * DAY - 1, &ev));
    CHECK_EQ_INT("late answer", BH_ELATE, chal_accept(&c, CHAL_BLACK, T0 + 10 * DAY, &why));
    CHECK_EQ_STR("field", "deadline", why.field);
    CHECK_EQ_INT("at the deadline", 1, chal_tick(&c, T0 + 10 * DAY, &ev));
    CHECK(ev.kind == CHAL_EV_LAPSED && ev.side == CHAL_BLACK && ev.stage == 1 &&
          ev.at_us == T0 + 10 * DAY);
    CHECK_EQ_INT("once", 0, chal_tick(&c, T0 + 10 * DAY, &ev));
    CHECK_EQ_INT("nothing", CHAL_EV_NONE, ev.kind);
    int64_t at;
    CHECK(!chal_next_deadline(&c, &at)); /* waits for the second challenge */
    CHECK_EQ_INT("white's captain has no right", BH_ESTATE,
                 chal_substitute(&c, CHAL_WHITE, 12, 2000, &why));
    CHECK_EQ_INT("rated higher", BH_ERATING, chal_substitute(&c, CHAL_BLACK, 22, 2051, &why));
    CHECK_EQ_STR("rule", "F-CHALLENGE", why.rule);
    CHECK_EQ_INT("the same player", BH_EINVAL, chal_substitute(&c, CHAL_BLACK, 21, 2000, NULL));
    CHECK_EQ_INT("rated equal", BH_OK, chal_substitute(&c, CHAL_BLACK, 22, 2050, NULL));
    CHECK(c.player[CHAL_BLACK] == 22 && c.rating[CHAL_BLACK] == 2050 && c.subs[CHAL_BLACK] == 1);
    CHECK_EQ_INT("black cannot send", BH_ETURN,
                 chal_send(&c, &cr, CHAL_BLACK, 0, T0 + 11 * DAY, NULL));
    CHECK_EQ_INT("second challenge", BH_OK, chal_send(&c, &cr, CHAL_WHITE, 0, T0 + 11 * DAY, NULL));
    CHECK(chal_next_deadline(&c, &at) && at == T0 + 16 * DAY);
    CHECK_EQ_INT("stage", 2, c.stage);
    CHECK_EQ_INT("another substitute while unanswered", BH_OK,
                 chal_substitute(&c, CHAL_BLACK, 23, 1990, NULL));
    CHECK_EQ_INT("the substitute accepts", BH_OK, chal_accept(&c, CHAL_BLACK, T0 + 12 * DAY, NULL));
    CHECK_EQ_INT("agreed", CHAL_AGREED, c.state);
    CHECK_EQ_INT("no substitute now", BH_ESTATE, chal_substitute(&c, CHAL_BLACK, 24, 1900, NULL));
}

/* Both challenges unanswered: the non-answering player loses by forfeit, dated at the second
 * deadline even when the tick comes two days late. */
static void expired_twice_forfeit(void)
{
    chal c;
    fresh(&c, CHAL_WHITE);
    chal_event ev;
    chal_send(&c, &cr, CHAL_WHITE, 0, T0, NULL);
    chal_tick(&c, T0 + 10 * DAY, NULL);
    chal_send(&c, &cr, CHAL_WHITE, 0, T0 + 10 * DAY, NULL);
    CHECK_EQ_INT("fires late", 1, chal_tick(&c, T0 + 17 * DAY, &ev));
    CHECK(ev.kind == CHAL_EV_FORFEIT && ev.side == CHAL_BLACK && ev.stage == 2 &&
          ev.at_us == T0 + 15 * DAY);
    CHECK_EQ_INT("forfeit", CHAL_FORFEIT, c.state);
    CHECK_EQ_INT("black loses", CHAL_BLACK, c.defaulter);
    CHECK_EQ_INT("once", 0, chal_tick(&c, T0 + 18 * DAY, NULL));
    CHECK_EQ_INT("no third challenge", BH_ESTATE,
                 chal_send(&c, &cr, CHAL_WHITE, 0, T0 + 18 * DAY, NULL));
    CHECK_EQ_INT("tc after the end", BH_ESTATE, chal_agree_tc(&c, CHAL_WHITE, true, NULL));
}

/* The director extends a running deadline: the old instant passes, the new one fires. */
static void extended_by_director(void)
{
    chal c;
    fresh(&c, CHAL_WHITE);
    refusal why;
    CHECK_EQ_INT("nothing to extend", BH_ESTATE, chal_extend(&c, T0 + DAY, T0, &why));
    chal_send(&c, &cr, CHAL_WHITE, 0, T0, NULL);
    CHECK_EQ_INT("earlier", BH_EINVAL, chal_extend(&c, T0 + 9 * DAY, T0 + DAY, &why));
    CHECK_EQ_STR("field", "deadline", why.field);
    CHECK_EQ_INT("extend", BH_OK, chal_extend(&c, T0 + 12 * DAY, T0 + 9 * DAY, NULL));
    int64_t at;
    CHECK(chal_next_deadline(&c, &at) && at == T0 + 12 * DAY);
    CHECK_EQ_INT("old deadline", 0, chal_tick(&c, T0 + 10 * DAY, NULL));
    CHECK_EQ_INT("answer in the extension", BH_OK,
                 chal_accept(&c, CHAL_BLACK, T0 + 11 * DAY, NULL));
    chal d;
    fresh(&d, CHAL_WHITE);
    chal_send(&d, &cr, CHAL_WHITE, 0, T0, NULL);
    chal_extend(&d, T0 + 12 * DAY, T0 + DAY, NULL);
    chal_event ev;
    CHECK_EQ_INT("new deadline fires", 1, chal_tick(&d, T0 + 12 * DAY, &ev));
    CHECK_EQ_INT("at", T0 + 12 * DAY, ev.at_us);
    CHECK_EQ_INT("extensions", 1, d.extensions);
}

/* A restart in the middle of a challenge window: the saved state is restored after its
 * deadline has passed; the first tick fires it (dated at the deadline), later ones do not, and
 * a state saved after firing does not fire again. */
static void restart_fires_once(void)
{
    chal c, r, r2;
    fresh(&c, CHAL_WHITE);
    chal_send(&c, &cr, CHAL_WHITE, T0 + DAY, T0, NULL);
    chal_agree_tc(&c, CHAL_BLACK, true, NULL);
    round_trip(&c, &r);
    chal_event ev;
    CHECK_EQ_INT("fires after restart", 1, chal_tick(&r, T0 + 20 * DAY, &ev));
    CHECK_EQ_INT("dated", T0 + 10 * DAY, ev.at_us);
    round_trip(&r, &r2);
    CHECK_EQ_INT("not again", 0, chal_tick(&r2, T0 + 21 * DAY, &ev));
    CHECK_EQ_INT("lapsed", CHAL_LAPSED, r2.state);
    CHECK(r2.want_alt[CHAL_BLACK] && !r2.want_alt[CHAL_WHITE]);
    /* every state survives the text form */
    chal s;
    fresh(&s, CHAL_BLACK);
    round_trip(&s, &r);
    chal_send(&s, &cr, CHAL_BLACK, 0, T0, NULL);
    chal_counter(&s, &cr, CHAL_WHITE, T0 + 3 * DAY, T0 + DAY, NULL);
    chal_extend(&s, T0 + 30 * DAY, T0 + 2 * DAY, NULL);
    round_trip(&s, &r);
    CHECK(r.counters == 1 && r.extensions == 1 && r.deadline_us == T0 + 30 * DAY);
    chal_accept(&s, CHAL_BLACK, T0 + 2 * DAY, NULL);
    chal_start(&s, NULL);
    round_trip(&s, &r);
    CHECK_EQ_INT("started", CHAL_STARTED, r.state);
}

/* Art. 4: 5+1, or 10+1 when both agree before the game; not after it started. */
static void time_control_by_agreement(void)
{
    chal c;
    fresh(&c, CHAL_WHITE);
    int base, inc;
    chal_agree_tc(&c, CHAL_WHITE, true, NULL);
    chal_time_control(&c, &cr, &base, &inc);
    CHECK(base == 300 && inc == 1);
    chal_agree_tc(&c, CHAL_BLACK, true, NULL);
    chal_time_control(&c, &cr, &base, &inc);
    CHECK(base == 600 && inc == 1);
    chal_agree_tc(&c, CHAL_WHITE, false, NULL); /* withdrawn before the start */
    chal_time_control(&c, &cr, &base, &inc);
    CHECK(base == 300);
    chal_agree_tc(&c, CHAL_WHITE, true, NULL);
    chal_send(&c, &cr, CHAL_WHITE, 0, T0, NULL);
    chal_accept(&c, CHAL_BLACK, T0, NULL);
    chal_start(&c, NULL);
    CHECK_EQ_INT("after the start", BH_ESTATE, chal_agree_tc(&c, CHAL_WHITE, false, NULL));
    chal_time_control(&c, &cr, &base, &inc);
    CHECK(base == 600);
}

/* Art. 5.1: in the quarter-finals the second-placed team's player sends, also for the game in
 * which it has Black. */
static void quarter_final_sender_black(void)
{
    chal c;
    fresh(&c, CHAL_BLACK);
    refusal why;
    CHECK_EQ_INT("white may not send", BH_ETURN, chal_send(&c, &cr, CHAL_WHITE, 0, T0, &why));
    CHECK_EQ_INT("black sends", BH_OK, chal_send(&c, &cr, CHAL_BLACK, 0, T0, NULL));
    CHECK_EQ_INT("white answers", CHAL_WHITE, c.turn);
    CHECK_EQ_INT("again", BH_ESTATE, chal_send(&c, &cr, CHAL_BLACK, 0, T0, &why));
    CHECK_EQ_INT("in the past", BH_EINVAL, chal_counter(&c, &cr, CHAL_WHITE, T0 - 1, T0, &why));
    CHECK_EQ_STR("field", "proposal", why.field);
}

static void bad_text(void)
{
    chal c, x;
    fresh(&c, CHAL_WHITE);
    char t[CHAL_TEXT_MAX];
    char small[10];
    CHECK_EQ_INT("too small", BH_ELIMIT, chal_save(&c, small, sizeof small));
    chal_save(&c, t, sizeof t);
    static const char *const bad[] = {
        "",
        "chal v2 state=new",
        "chal v1 state=nope sender=w stage=1 turn=w defaulter=w alt=00 deadline=0 proposal=0 "
        "start=0 white=11:2100:0 black=21:2050:0 counters=0 ext=0",
        "chal v1 state=new sender=x stage=1 turn=w defaulter=w alt=00 deadline=0 proposal=0 "
        "start=0 white=11:2100:0 black=21:2050:0 counters=0 ext=0",
        "chal v1 state=new sender=w stage=1 turn=w defaulter=w alt=00 deadline=0 proposal=0 "
        "start=0 white=11:2100:0 black=21:2050:0 counters=0 ext=0 junk",
        "chal v1 state=new sender=w stage=1 turn=w defaulter=w alt=00 deadline=0 proposal=0 "
        "start=0 white=11:2100 black=21:2050:0 counters=0 ext=0",
        "chal v1 state=new sender=w stage=1 turn=w defaulter=w alt=00 deadline=99999999999999"
        "999999999 proposal=0 start=0 white=11:2100:0 black=21:2050:0 counters=0 ext=0",
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(bad); i++)
        CHECK_MSG(chal_load(&x, bad[i]) == BH_EPARSE, "bad text %zu parsed", i);
    const char *incons = "chal v1 state=proposed sender=w stage=1 turn=b defaulter=w alt=00 "
                         "deadline=0 proposal=0 start=0 white=11:2100:0 black=21:2050:0 "
                         "counters=0 ext=0";
    CHECK_EQ_INT("proposed without deadline", BH_EINVAL, chal_load(&x, incons));
    CHECK_EQ_INT("good", BH_OK, chal_load(&x, t));
    CHECK_EQ_INT("bad init", BH_EINVAL, chal_init(&x, CHAL_WHITE, 0, 2000, 2, 2000));
}

static const bh_test_case cases[] = {
    {"seed003_rules", seed003_rules},
    {"accepted", accepted},
    {"countered", countered},
    {"counter_expires", counter_expires},
    {"expired_once_then_substituted", expired_once_then_substituted},
    {"expired_twice_forfeit", expired_twice_forfeit},
    {"extended_by_director", extended_by_director},
    {"restart_fires_once", restart_fires_once},
    {"time_control_by_agreement", time_control_by_agreement},
    {"quarter_final_sender_black", quarter_final_sender_black},
    {"bad_text", bad_text},
};

BH_TEST_MAIN(cases)
