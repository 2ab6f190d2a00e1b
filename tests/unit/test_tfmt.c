/* test_tfmt.c: the seam a format plugs into (tourney/seam/tfmt.h) with no sqlite and no JSON: the
 * stored form of a game's key for each slot (the Swiss's game_no = game, the club's = board,
 * the packed form of two games a board), the format found by its saved text's magic word,
 * the gate's forfeits mapped onto runner results as the hub scores them (forfeit_both is
 * 1/2-1/2), and a whole club round robin of seed 004 driven only through tfmt_club's ops as
 * the executor drives it: the time, the created chess boards with F-CHESS colours (the team
 * named first has White on the odd boards), their ends, and save -> find -> load -> save
 * giving back the same text after every round. SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "bh_test.h"
#include "club.h"
#include "formats_fixture.h"
#include "game.h"
#include "runner.h"
#include "tfmt.h"

static void key_slots(void)
{
    int no = -1;
    tfmt_key k;
    /* The Swiss: game 2 of a double round is game_no 1 (tour_games rows before the seam). */
    CHECK_EQ_INT("swiss pack", BH_OK, tfmt_key_pack(TFMT_SLOT_GAME, (tfmt_key){3, 2, 1, 0}, &no));
    CHECK_EQ_INT("swiss game_no", 1, no);
    CHECK_EQ_INT("swiss board refused", BH_EINVAL,
                 tfmt_key_pack(TFMT_SLOT_GAME, (tfmt_key){3, 2, 0, 1}, &no));
    CHECK_EQ_INT("swiss unpack", BH_OK, tfmt_key_unpack(TFMT_SLOT_GAME, 3, 2, 1, &k));
    CHECK(tfmt_key_eq(k, (tfmt_key){3, 2, 1, 0}));
    /* The club: board 6 of a match is game_no 5 (hub_club.c's rows before the seam). */
    CHECK_EQ_INT("club pack", BH_OK, tfmt_key_pack(TFMT_SLOT_BOARD, (tfmt_key){5, 0, 0, 5}, &no));
    CHECK_EQ_INT("club game_no", 5, no);
    CHECK_EQ_INT("club game refused", BH_EINVAL,
                 tfmt_key_pack(TFMT_SLOT_BOARD, (tfmt_key){5, 0, 1, 5}, &no));
    CHECK_EQ_INT("club unpack", BH_OK, tfmt_key_unpack(TFMT_SLOT_BOARD, 5, 0, 5, &k));
    CHECK(tfmt_key_eq(k, (tfmt_key){5, 0, 0, 5}));
    /* Two games a board (seed 003 art. 7: the knockout): every pair round-trips. */
    for (int g = 0; g < 2; g++)
        for (int b = 0; b < TFMT_PACK; b++) {
            tfmt_key in = {2, 3, g, b};
            CHECK_EQ_INT("packed", BH_OK, tfmt_key_pack(TFMT_SLOT_PACKED, in, &no));
            CHECK_EQ_INT("packed unpack", BH_OK, tfmt_key_unpack(TFMT_SLOT_PACKED, 2, 3, no, &k));
            CHECK_MSG(tfmt_key_eq(k, in), "game %d board %d -> %d -> %d %d", g, b, no, k.game,
                      k.board);
        }
    CHECK_EQ_INT("board past the pack", BH_EINVAL,
                 tfmt_key_pack(TFMT_SLOT_PACKED, (tfmt_key){1, 0, 0, TFMT_PACK}, &no));
    CHECK_EQ_INT("negative", BH_EINVAL,
                 tfmt_key_pack(TFMT_SLOT_PACKED, (tfmt_key){1, 0, -1, 0}, &no));
    CHECK_EQ_INT("unknown slot", BH_EINVAL, tfmt_key_pack(7, (tfmt_key){1, 0, 0, 0}, &no));
    CHECK_EQ_INT("negative game_no", BH_EINVAL, tfmt_key_unpack(TFMT_SLOT_GAME, 1, 0, -1, &k));
}

static const tfmt_ops other = {.kind = "league", .magic = "LEAGUE"};

static void find_by_magic(void)
{
    const tfmt_ops *fmts[] = {&other, &tfmt_club};
    CHECK(tfmt_find(fmts, 2, "CLUB 1\ncfg fide") == &tfmt_club);
    CHECK(tfmt_find(fmts, 2, "LEAGUE 1\n") == &other);
    CHECK(tfmt_find(fmts, 2, "CLUBS 1\n") == NULL); /* the whole first word */
    CHECK(tfmt_find(fmts, 2, "CLU") == NULL);
    CHECK(tfmt_find(fmts, 2, "") == NULL);
    CHECK(tfmt_find(fmts, 2, NULL) == NULL);
}

static void results(void)
{
    CHECK_EQ_INT("win1", TFMT_WIN1, tfmt_res_plain(TFMT_WIN1));
    CHECK_EQ_INT("ff white", TFMT_WIN1, tfmt_res_plain(TFMT_FF_W));
    CHECK_EQ_INT("win2", TFMT_WIN2, tfmt_res_plain(TFMT_WIN2));
    CHECK_EQ_INT("ff black", TFMT_WIN2, tfmt_res_plain(TFMT_FF_B));
    CHECK_EQ_INT("draw", TFMT_DRAW, tfmt_res_plain(TFMT_DRAW));
    /* game_gate_decide: both absent is "1/2-1/2" (reason forfeit_both) */
    CHECK_EQ_INT("ff both", TFMT_DRAW, tfmt_res_plain(TFMT_FF_BOTH));
    CHECK_EQ_INT("void", TFMT_VOID, tfmt_res_plain(TFMT_VOID));
}

/* save -> the format by its magic -> load -> save: the same text (and the state replaced). */
static void *reload(const tfmt_ops *ops, void *ev, uint64_t now_us)
{
    const tfmt_ops *fmts[] = {&other, &tfmt_club};
    char *text = ops->save(ev);
    CHECK(tfmt_find(fmts, 2, text) == ops);
    void *back = NULL;
    int line = -1;
    CHECK_EQ_INT("load", BH_OK, ops->load(7, text, now_us, &back, &line));
    char *again = back ? ops->save(back) : NULL;
    CHECK(again && strcmp(text, again) == 0);
    free(text);
    free(again);
    ops->free(ev);
    return back;
}

/* Four teams (Berger: 3 rounds of 2 matches), 6 boards each, White winning every board: by
 * F-CHESS the first-named team has White on boards 1, 3 and 5, so every match is 3-3, every
 * team ends with 3 MP (three drawn matches) and 9 game points. */
static void club_through_the_ops(void)
{
    const tfmt_ops *ops = &tfmt_club;
    CHECK(ops->clock == TFMT_CLOCK_MONO && ops->slot == TFMT_SLOT_BOARD);
    club_config cfg;
    club_config_default(&cfg);
    club *c = club_new(7, &cfg);
    for (int t = 1; t <= 4; t++) {
        roster r;
        fx_roster(&r, 10, 100 * t + 1, NULL);
        char name[24];
        snprintf(name, sizeof name, "Club %d", t);
        CHECK_EQ_INT("team", BH_OK, club_add_team(c, 1000 + t, name, &r, 100 * t + 1, NULL));
    }
    tfmt_acts a;
    tfmt_acts_init(&a);
    uint64_t now = 1000000000ull;
    CHECK_EQ_INT("start", BH_OK, club_start(c, now, &a, NULL));
    tfmt_acts_fini(&a);
    void *ev = c;
    int rounds = 0, boards = 0;
    for (int guard = 0; guard < 100; guard++) {
        uint64_t at = ops->next_instant(ev);
        if (!at)
            break;
        CHECK(at >= now);
        now = at;
        ops->on_time(ev, now, &a);
        int created = 0;
        for (int i = 0; i < a.n; i++) {
            const tfmt_act *x = &a.v[i];
            if (x->kind != TFMT_ACT_CREATE_GAME)
                continue;
            created++;
            CHECK_EQ_INT("chess", GAME_KIND_CHESS, x->create.game_kind);
            CHECK(x->create.player[0] && x->create.player[1]);
            int64_t home, away;
            CHECK(club_match(ev, x->key.round, x->key.match, &home, &away));
            bool odd = x->key.board % 2 == 0; /* boards 1, 3, 5 */
            CHECK_MSG(x->create.team[0] == (odd ? home : away), "round %d match %d board %d",
                      x->key.round, x->key.match, x->key.board + 1);
            for (int s = 0; s < 2; s++)
                CHECK(ops->seat_present(ev, x->key, s));
        }
        tfmt_acts b;
        tfmt_acts_init(&b);
        for (int i = 0; i < a.n; i++)
            if (a.v[i].kind == TFMT_ACT_CREATE_GAME)
                ops->game_over(ev, a.v[i].key, TFMT_WIN1, now + 1000, &b);
        if (created) {
            rounds++;
            boards += created;
            CHECK_EQ_INT("boards of a round", 12, created);
            /* a board's end comes back (the executor feeds it again at load): ignored */
            tfmt_acts_fini(&b);
            ops->game_over(ev, a.v[0].key, TFMT_WIN2, now + 2000, &b);
            CHECK_EQ_INT("decided board ignored", 0, b.n);
            CHECK(!ops->seat_present(ev, a.v[0].key, 0));
        }
        tfmt_acts_fini(&b);
        tfmt_acts_fini(&a);
        ev = reload(ops, ev, now + 3000);
    }
    CHECK_EQ_INT("rounds", 3, rounds);
    CHECK_EQ_INT("boards", 36, boards);
    CHECK_EQ_INT("finished", TFMT_FINISHED, club_status(ev));
    rank_table rt;
    CHECK_EQ_INT("rank", BH_OK, club_rank(ev, &rt));
    for (int i = 0; i < rt.n; i++) {
        CHECK_EQ_INT("MP", 3, rt.rows[i].mp);
        CHECK_EQ_INT("GP x2", 18, rt.rows[i].gp2);
    }
    rank_table_fini(&rt);
    ops->free(ev);
}

/* The Swiss through tfmt_swiss's ops as the executor drives it: 6 teams, 3 rounds, every
 * game won by team 1 and no P-GAME2 choice made, so the default (swap) applies at each
 * deadline (next_instant, on_time): T-DOUBLE gives 3 x 3 x 2 = 18 round games, each match
 * 1-1; the equal teams then play T-PRIZES' play-off (round 0) until the event is finished.
 * The saved text comes back through the magic word and load unchanged. */
static void swiss_through_the_ops(void)
{
    const tfmt_ops *ops = &tfmt_swiss;
    CHECK(ops->clock == TFMT_CLOCK_MONO && ops->slot == TFMT_SLOT_GAME);
    runner_config c = {.name = "U", .ruleset = "online", .base_ms = 60000, .rounds = 3};
    runner *r = runner_new(1, &c, true);
    tfmt_acts a;
    tfmt_acts_init(&a);
    for (int i = 0; i < 6; i++) {
        char name[24];
        snprintf(name, sizeof name, "T%d", i + 1);
        CHECK_EQ_INT("register", BH_OK,
                     runner_register(r, 101 + i, name, "c", "p", 2000 - 50 * i, 2000 - 50 * i, &a));
    }
    tfmt_acts_fini(&a);
    runner_reply rep;
    uint64_t now = 1000000000ull;
    CHECK_EQ_INT("start", BH_OK, runner_start(r, now, 7, &a, &rep));
    int round_games = 0, playoff = 0;
    for (int guard = 0; guard < 500 && runner_status(r) != TFMT_FINISHED; guard++) {
        tfmt_acts b;
        tfmt_acts_init(&b);
        int created = 0;
        for (int i = 0; i < a.n; i++) {
            const tfmt_act *x = &a.v[i];
            if (x->kind != TFMT_ACT_CREATE_GAME)
                continue;
            created++;
            CHECK_EQ_INT("bughouse", GAME_KIND_BUGHOUSE, x->create.game_kind);
            int no;
            CHECK_EQ_INT("slot", BH_OK, tfmt_key_pack(ops->slot, x->key, &no));
            if (x->key.round > 0)
                round_games++;
            else
                playoff++;
            ops->game_over(r, x->key, TFMT_WIN1, now + 1000, &b);
        }
        tfmt_acts_fini(&a);
        a = b;
        now += 2000;
        if (!created && !a.n) { /* nothing started: the time (a P-GAME2 deadline) */
            uint64_t at = ops->next_instant(r);
            CHECK(at > 0);
            if (!at)
                break;
            now = at > now ? at : now;
            ops->on_time(r, now, &a);
        }
    }
    tfmt_acts_fini(&a);
    CHECK_EQ_INT("finished", TFMT_FINISHED, runner_status(r));
    CHECK_EQ_INT("round games", 18, round_games);
    CHECK(playoff > 0);
    CHECK_EQ_INT("rounds", 3, tour_n_rounds(runner_tour(r)));
    const tfmt_ops *fmts[] = {&tfmt_club, &tfmt_swiss};
    char *text = ops->save(r);
    CHECK(tfmt_find(fmts, 2, text) == &tfmt_swiss);
    void *back = NULL;
    CHECK_EQ_INT("load", BH_OK, ops->load(1, text, now, &back, NULL));
    char *again = back ? ops->save(back) : NULL;
    CHECK(again && strcmp(text, again) == 0);
    void *bad = NULL;
    CHECK_EQ_INT("bad text", BH_EPARSE, ops->load(1, "SWISS 1 x\n", now, &bad, NULL));
    CHECK(bad == NULL);
    free(text);
    free(again);
    ops->free(back);
    ops->free(r);
}

static const bh_test_case cases[] = {
    {"key_slots", key_slots},
    {"find_by_magic", find_by_magic},
    {"results", results},
    {"club_through_the_ops", club_through_the_ops},
    {"swiss_through_the_ops", swiss_through_the_ops},
};

BH_TEST_MAIN(cases)
