/* test_hub_event.c: the hub's one executor (hub_event.h) carrying out a format it does not
 * know: a wall-clock format with two games a board (TFMT_CLOCK_WALL, TFMT_SLOT_PACKED, the
 * shape of seed 003's knockout) and a NOTICE, through the hub with its store (no sockets:
 * hub_fake.h). Its instant becomes the loop's timer on the monotonic clock; at that instant
 * on_time gets the wall-clock time; the created chess game has the format's seats, time
 * control and key (tour_games.game_no = game * TFMT_PACK + board); the NOTICE reaches the
 * format's hook; the state text is in the event table after the turn; the game's forfeit end
 * comes back as TFMT_FF_B with its key; its record names the event, its round and its board.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "bh_test.h"
#include "hub_event.h"
#include "hub_fake.h"
#include "store_state.h"
#include "store_tour.h"

#define T0 5000000000ull
#define ADMIN "admin-secret"

typedef struct {
    uint64_t at; /* the next instant (wall-clock µs), 0 none */
    uint64_t fired_at;
    int overs, notices;
    tfmt_res last;
    tfmt_key last_key;
} fstate;

static const tfmt_key KEY = {2, 0, 1, 3}; /* stage 2, match 0, game 2 of board 4 */

static char *f_save(const void *ev)
{
    const fstate *s = ev;
    char *t = malloc(64);
    snprintf(t, 64, "FAKE 1 %d", s->overs);
    return t;
}

static int f_load(int64_t id, const char *text, uint64_t now_us, void **out, int *line)
{
    (void)id, (void)text, (void)now_us, (void)line;
    *out = NULL;
    return BH_EPARSE;
}

static void f_free(void *ev)
{
    (void)ev; /* the test's */
}

static uint64_t f_next(const void *ev)
{
    return ((const fstate *)ev)->at;
}

static void f_on_time(void *ev, uint64_t now_us, tfmt_acts *a)
{
    fstate *s = ev;
    if (!s->at || now_us < s->at)
        return;
    s->at = 0;
    s->fired_at = now_us;
    tfmt_act *g = tfmt_push(a, TFMT_ACT_CREATE_GAME);
    g->key = KEY;
    g->create.team[0] = 71;
    g->create.team[1] = 72;
    g->create.player[0] = 11;
    g->create.player[1] = 22;
    snprintf(g->create.ruleset, sizeof g->create.ruleset, "fide");
    g->create.base_ms = 300000; /* seed 003 art. 4: 5 min + 1 s */
    g->create.inc_ms = 1000;
    g->create.game_kind = GAME_KIND_CHESS;
    g->create.start_us = now_us; /* on the format's clock */
    tfmt_act *n = tfmt_push(a, TFMT_ACT_NOTICE);
    n->key = KEY;
    n->notice.to = 11;
    n->notice.note = 2;
    tfmt_push(a, TFMT_ACT_PERSIST);
}

static void f_game_over(void *ev, tfmt_key k, tfmt_res res, uint64_t now_us, tfmt_acts *a)
{
    (void)now_us, (void)a;
    fstate *s = ev;
    s->overs++;
    s->last = res;
    s->last_key = k;
}

static const tfmt_ops fake_ops = {
    .kind = "fake",
    .magic = "FAKE",
    .clock = TFMT_CLOCK_WALL,
    .slot = TFMT_SLOT_PACKED,
    .save = f_save,
    .load = f_load,
    .free = f_free,
    .next_instant = f_next,
    .on_time = f_on_time,
    .game_over = f_game_over,
};

static const char *f_seat(hub *h, hub_event *e, const tfmt_act *x, int seat)
{
    (void)h, (void)e, (void)x;
    return seat == 0 ? "White Player" : "Black Player";
}

static void f_act(hub *h, hub_event *e, tfmt_act *x, uint64_t now_us)
{
    (void)h, (void)now_us;
    fstate *s = hub__event_state(e);
    if (x->kind == TFMT_ACT_NOTICE && x->notice.to == 11 && x->notice.note == 2 &&
        tfmt_key_eq(x->key, KEY))
        s->notices++;
}

static bool f_names(hub *h, hub_event *e, tfmt_key k, const char **event, const char *teams[2])
{
    (void)h, (void)e, (void)k;
    *event = "Fake Cup";
    teams[0] = "Alfa";
    teams[1] = "Bravo";
    return true;
}

static const hub_fmt fake_fmt = {
    .core = &fake_ops,
    .label = "fake",
    .seat_name = f_seat,
    .act = f_act,
    .game_names = f_names,
};

static int int67_found;

static int on_tgame(void *ctx, const store_tgame *g)
{
    const int64_t *want = ctx;
    if (g->game == want[0] && g->tournament == want[1] && g->round == KEY.round &&
        g->match == KEY.match && g->game_no == KEY.game * TFMT_PACK + KEY.board && g->team1 == 71)
        int67_found++;
    return 0;
}

static char stored[64];

static int on_club(void *ctx, int64_t id, const char *state)
{
    if (id == *(const int64_t *)ctx)
        snprintf(stored, sizeof stored, "%s", state);
    return 0;
}

static void wall_format(void)
{
    char dbpath[64];
    snprintf(dbpath, sizeof dbpath, "/tmp/bh_test_hub_event_%d.db", (int)getpid());
    fake io = {0};
    store *st;
    hub *h;
    CHECK_EQ_INT("hub", BH_OK, f_open_hub(dbpath, true, "regulation", ADMIN, &io, T0, &st, &h));
    int64_t id;
    CHECK_EQ_INT("event row", BH_OK, store_tournament_add(st, "Fake Cup", 0, &id));
    fstate s = {0};
    hub_event *e = hub__event_add(h, id, &fake_fmt, &s);
    CHECK(hub__event_find(h, id) == e && hub__event_find_fmt(h, id, &hub__club_fmt) == NULL);
    uint64_t wall0 = hub__event_now(h, e, T0);
    CHECK(wall0 > 1500000000000000ull); /* µs since 1970: after 2017 */
    s.at = wall0 + 5000000;             /* 5 s later on the wall clock */
    CHECK_EQ_U64("the loop's timer", T0 + 5000000, hub__event_deadline(h));
    hub_on_timer(h, T0 + 4999999);
    CHECK_EQ_U64("not yet", 0, s.fired_at);
    hub_on_timer(h, T0 + 5000000);
    CHECK_EQ_U64("on_time at its wall instant", wall0 + 5000000, s.fired_at);
    int64_t gid = hub__event_gid(e, KEY);
    CHECK(gid > 0);
    hub_game *hg = hub__game_by_id(h, gid);
    CHECK(hg != NULL);
    if (!hg)
        return;
    CHECK_EQ_INT("chess", GAME_KIND_CHESS, hg->kind);
    CHECK_EQ_INT("live at once (wait_s 0, start_us come)", STORE_LIVE, hg->status);
    CHECK_EQ_STR("White", "White Player", hg->players[0]);
    CHECK_EQ_STR("Black", "Black Player", hg->players[1]);
    CHECK(hg->base_ms == 300000 && hg->inc_ms == 1000);
    CHECK(hg->team[0] == 71 && hg->team[1] == 72);
    CHECK_EQ_INT("notice to the hook", 1, s.notices);
    tfmt_key k;
    CHECK(hub__event_of_game(h, gid, &k) == e && tfmt_key_eq(k, KEY));
    CHECK_EQ_INT("turn", BH_OK, hub_turn_end(h));
    int64_t want[2] = {gid, id};
    CHECK_EQ_INT("tgames", BH_OK, store_each_tgame(st, on_tgame, want));
    CHECK_EQ_INT("map row: game_no 1 * 64 + 3", 1, int67_found);
    CHECK_EQ_INT("states", BH_OK, store_each_state(st, on_club, &id));
    CHECK_EQ_STR("state text", "FAKE 1 0", stored);
    char *pgn = hub__game_bpgn(h, hg, false);
    CHECK_MSG(pgn && strstr(pgn, "[Event \"Fake Cup\"]") && strstr(pgn, "[Round \"2.1\"]") &&
                  strstr(pgn, "[Board \"4\"]"),
              "%.300s", pgn ? pgn : "(none)");
    free(pgn);
    /* the gate's kind of end: Black wins by forfeit */
    CHECK_EQ_INT("result", BH_OK,
                 hub__game_set_result(h, hg, "0-1", "forfeit", "server", "fake", T0 + 6000000));
    CHECK_EQ_INT("game over", 1, s.overs);
    CHECK_EQ_INT("forfeit", TFMT_FF_B, s.last);
    CHECK(tfmt_key_eq(s.last_key, KEY));
    CHECK_EQ_INT("turn", BH_OK, hub_turn_end(h));
    CHECK_EQ_U64("nothing due", 0, hub__event_deadline(h));
    f_close_hub(&io, st, h);
    bh_test_rm_db(dbpath);
}

static const bh_test_case cases[] = {
    {"wall_format", wall_format},
};

BH_TEST_MAIN(cases)
