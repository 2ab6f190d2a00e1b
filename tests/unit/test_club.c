/* test_club.c: the club round robin of seed 004 run by the pure core (club.h): the Berger
 * schedule as published in FIDE C.05 Annex 1 (tests/data/berger/fide-c05-annex1.txt), the
 * colours of F-CHESS, line-ups by F-LINEUP (shifting, at most 4 changes, the first six by
 * default), short teams (F-SHORT), forfeits by waiting time (T-WAIT), match points 2/1/0 from
 * the board points, protests and appeals (F-PROTEST), the ranking of seed 004 art. 4 (F-RR),
 * the exports and the stored form. SPDX-License-Identifier: MIT
 * Teams are ids 1001.. (pairing numbers 1..); team t's roster is players 100t+1 .. 100t+10
 * in board order (the first six main, 7..10 reserves), its captain 100t+1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "bh_test.h"
#include "club.h"
#include "formats_fixture.h"
#include "rng.h"
#include "trf_cols.h"

#define T0 1000000000ull /* the start instant (µs) */
#define MIN_US 60000000ull

static club_config cfg;

static int64_t team_id(int t)
{
    return 1000 + t;
}

static int pid(int t, int i) /* player i (1-based board order) of team t */
{
    return 100 * t + i;
}

/* An event of n teams with `players` each (NULL: 10), started at T0. */
static club *event(int n, const int *players, bool dbl)
{
    club_config_default(&cfg);
    cfg.double_rr = dbl;
    club *c = club_new(7, &cfg);
    for (int t = 1; t <= n; t++) {
        roster r;
        fx_roster(&r, players ? players[t - 1] : 10, pid(t, 1), NULL);
        char name[16];
        snprintf(name, sizeof name, "Club %d", t);
        refusal why;
        int rc = club_add_team(c, team_id(t), name, &r, pid(t, 1), &why);
        CHECK_EQ_INT("team registered", BH_OK, rc);
    }
    tfmt_acts a;
    tfmt_acts_init(&a);
    CHECK_EQ_INT("start", BH_OK, club_start(c, T0, &a, NULL));
    tfmt_acts_fini(&a);
    return c;
}

static int count_kind(const tfmt_acts *a, int kind)
{
    int n = 0;
    for (int i = 0; i < a->n; i++)
        n += a->v[i].kind == kind;
    return n;
}

/* Start the round that waits (at its deadline); every seat present unless absent(k, seat). */
static uint64_t start_round(club *c, tfmt_acts *a, bool (*absent)(tfmt_key, int))
{
    uint64_t at = club_deadline(c);
    club_on_time(c, at, a);
    for (int i = 0; i < a->n; i++)
        if (a->v[i].kind == TFMT_ACT_CREATE_GAME)
            for (int s = 0; s < 2; s++)
                if (!absent || !absent(a->v[i].key, s))
                    club_seat_present(c, a->v[i].key, s);
    return at;
}

/* Play every live board of round rnd with res(key) (from White's seat). */
static void play_round(club *c, int rnd, uint64_t now, tfmt_res (*res)(tfmt_key), tfmt_acts *a)
{
    for (int mi = 0; mi < club_n_matches(c, rnd); mi++)
        for (int b = 0; b < 6; b++) {
            tfmt_key k = {rnd, mi, 0, b};
            const club_board *x = club_board_get(c, k);
            if (x && x->live)
                club_game_over(c, k, res(k), now, a);
        }
}

static tfmt_res all_draw(tfmt_key k)
{
    (void)k;
    return TFMT_DRAW;
}

/* ---- the schedule ---------------------------------------------------------------------- */

/* The published table for m players, round r: pairs (white-black) in board order. */
static int published(int m, int r, int (*pairs)[2], int cap)
{
    FILE *f = fopen(bh_test_data("berger/fide-c05-annex1.txt"), "r");
    if (!f)
        return -1;
    char line[256];
    int n = -1;
    while (fgets(line, sizeof line, f)) {
        int pm, pr, used;
        if (line[0] == '#' || sscanf(line, "%d %d:%n", &pm, &pr, &used) != 2 || pm != m || pr != r)
            continue;
        n = 0;
        char *s = line + used;
        int w, b, k;
        while (n < cap && sscanf(s, " %d-%d%n", &w, &b, &k) == 2) {
            pairs[n][0] = w;
            pairs[n][1] = b;
            n++;
            s += k;
        }
    }
    fclose(f);
    return n;
}

/* F-RR: 6 teams play the 6-player Berger table of C.05 Annex 1, round by round and in its
 * board order; the team named first is White's (home) team. */
static void schedule_six(void)
{
    club *c = event(6, NULL, false);
    CHECK_EQ_INT("rounds (n-1)", 5, club_rounds(c));
    for (int r = 1; r <= 5; r++) {
        int p[8][2];
        int n = published(6, r, p, 8);
        CHECK_EQ_INT("published round read", 3, n);
        CHECK_EQ_INT("matches", 3, club_n_matches(c, r));
        for (int mi = 0; mi < n && mi < club_n_matches(c, r); mi++) {
            int64_t h, w;
            CHECK(club_match(c, r, mi, &h, &w));
            CHECK_MSG(h == team_id(p[mi][0]) && w == team_id(p[mi][1]),
                      "round %d match %d: published %d-%d, got %lld-%lld", r, mi + 1, p[mi][0],
                      p[mi][1], (long long)(h - 1000), (long long)(w - 1000));
        }
    }
    club_free(c);
}

/* F-RR with an odd count: 5 teams use the 6-player table, number 6 being the bye: 5 rounds
 * of 2 matches, and the team drawn against 6 rests. */
static void schedule_five_bye(void)
{
    club *c = event(5, NULL, false);
    CHECK_EQ_INT("rounds (n)", 5, club_rounds(c));
    for (int r = 1; r <= 5; r++) {
        int p[8][2];
        CHECK_EQ_INT("published", 3, published(6, r, p, 8));
        CHECK_EQ_INT("matches", 2, club_n_matches(c, r));
        int mi = 0;
        for (int k = 0; k < 3; k++) {
            if (p[k][0] == 6 || p[k][1] == 6)
                continue;
            int64_t h, w;
            CHECK(club_match(c, r, mi, &h, &w));
            CHECK(h == team_id(p[k][0]) && w == team_id(p[k][1]));
            mi++;
        }
    }
    club_free(c);
}

/* C.05 Annex 1: in a double round robin every pair meets twice, with colours reversed. */
static void schedule_double(void)
{
    club *c = event(4, NULL, true);
    CHECK_EQ_INT("rounds", 6, club_rounds(c));
    int home[5][5] = {{0}};
    for (int r = 1; r <= 6; r++)
        for (int mi = 0; mi < club_n_matches(c, r); mi++) {
            int64_t h, w;
            club_match(c, r, mi, &h, &w);
            home[h - 1000][w - 1000]++;
        }
    for (int a = 1; a <= 4; a++)
        for (int b = 1; b <= 4; b++)
            if (a != b)
                CHECK_MSG(home[a][b] == 1, "%d at home to %d: %d times", a, b, home[a][b]);
    club_free(c);
}

/* F-CHESS: in every game of a match the team named first has White on boards 1, 3, 5; the
 * games are "fide" chess at seed 004's 10 min + 5 s. */
static void colours_and_games(void)
{
    club *c = event(6, NULL, false);
    tfmt_acts a;
    tfmt_acts_init(&a);
    CHECK_EQ_U64("round 1 at the line-up deadline (10 min)", T0 + 10 * MIN_US, club_deadline(c));
    start_round(c, &a, NULL);
    CHECK_EQ_INT("games created: 3 matches x 6 boards", 18, count_kind(&a, TFMT_ACT_CREATE_GAME));
    for (int i = 0; i < a.n; i++) {
        const tfmt_act *x = &a.v[i];
        if (x->kind != TFMT_ACT_CREATE_GAME)
            continue;
        int64_t h, w;
        club_match(c, 1, x->key.match, &h, &w);
        bool odd_board = (x->key.board + 1) % 2 == 1;
        CHECK_MSG(x->create.team[0] == (odd_board ? h : w), "board %d: White's team",
                  x->key.board + 1);
        CHECK_EQ_STR("ruleset", "fide", x->create.ruleset);
        CHECK_EQ_INT("base", 600000, x->create.base_ms);
        CHECK_EQ_INT("increment", 5000, x->create.inc_ms);
        /* default line-ups: board b is each team's player b */
        int th = (int)(h - 1000), tw = (int)(w - 1000), b = x->key.board + 1;
        CHECK_EQ_INT("White's player", odd_board ? pid(th, b) : pid(tw, b), x->create.player[0]);
        CHECK_EQ_INT("Black's player", odd_board ? pid(tw, b) : pid(th, b), x->create.player[1]);
    }
    tfmt_acts_fini(&a);
    club_free(c);
}

/* ---- line-ups ----------------------------------------------------------------------------- */

/* F-LINEUP: a line-up that leaves out players 2 and 5 and brings reserves 7 and 8 shifts
 * everyone below up: boards 1,3,4,6,7,8; the other team plays its first six by default. */
static void lineup_shifting(void)
{
    club *c = event(2, NULL, false);
    tfmt_acts a;
    tfmt_acts_init(&a);
    int ids[6] = {pid(1, 1), pid(1, 3), pid(1, 4), pid(1, 6), pid(1, 7), pid(1, 8)};
    refusal why;
    CHECK_EQ_INT("line-up by the captain", BH_OK,
                 club_lineup(c, team_id(1), pid(1, 1), false, 1, ids, 6, T0 + 1, &a, &why));
    start_round(c, &a, NULL);
    bool sub = false;
    const lineup *l = club_lineup_get(c, team_id(1), 1, &sub);
    CHECK(l && sub);
    CHECK_EQ_INT("substitutions", 2, l ? l->subs : -1);
    for (int b = 0; b < 6; b++) {
        const club_board *x = club_board_get(c, (tfmt_key){1, 0, 0, b});
        int64_t h, w;
        club_match(c, 1, 0, &h, &w);
        int side = x->team[0] == team_id(1) ? 0 : 1;
        CHECK_MSG(x->player[side] == ids[b], "board %d: team 1 plays %d", b + 1, x->player[side]);
        CHECK_MSG(x->player[1 - side] == pid(2, b + 1), "board %d: team 2 default", b + 1);
    }
    l = club_lineup_get(c, team_id(2), 1, &sub);
    CHECK(l && !sub);
    tfmt_acts_fini(&a);
    club_free(c);
}

/* Every refusal of a line-up, typed with its rule and field. */
static void lineup_refusals(void)
{
    club *c = event(4, NULL, false);
    tfmt_acts a;
    tfmt_acts_init(&a);
    refusal why;
    int six[6] = {pid(1, 1), pid(1, 2), pid(1, 3), pid(1, 4), pid(1, 5), pid(1, 6)};
    CHECK_EQ_INT("not the captain", BH_ENOTCAPTAIN,
                 club_lineup(c, team_id(1), pid(1, 2), false, 1, six, 6, T0, &a, &why));
    CHECK_EQ_STR("field", "captain", why.field);
    CHECK_EQ_INT("unknown team", BH_ENOTFOUND,
                 club_lineup(c, 999, 1, false, 1, six, 6, T0, &a, &why));
    CHECK_EQ_INT("another round", BH_EROUND,
                 club_lineup(c, team_id(1), pid(1, 1), false, 1 + 1, six, 6, T0, &a, &why));
    CHECK_EQ_STR("field", "round", why.field);
    int order[6] = {pid(1, 2), pid(1, 1), pid(1, 3), pid(1, 4), pid(1, 5), pid(1, 6)};
    CHECK_EQ_INT("order broken", BH_EORDER,
                 club_lineup(c, team_id(1), pid(1, 1), false, 1, order, 6, T0, &a, &why));
    CHECK_EQ_STR("rule", "F-LINEUP", why.rule);
    CHECK_EQ_INT("index", 1, why.index);
    int five_subs[6] = {pid(1, 1), pid(1, 7), pid(1, 8), pid(1, 9), pid(1, 10), pid(2, 1)};
    CHECK_EQ_INT("a player of another team", BH_ENOTFOUND,
                 club_lineup(c, team_id(1), pid(1, 1), false, 1, five_subs, 6, T0, &a, &why));
    int subs5[6] = {pid(1, 1), pid(1, 6), pid(1, 7), pid(1, 8), pid(1, 9), pid(1, 10)};
    CHECK_EQ_INT("four substitutions is the limit (art. 3)", BH_OK,
                 club_lineup(c, team_id(1), pid(1, 1), false, 1, subs5, 6, T0, &a, &why));
    /* five substitutions cannot happen with 4 reserves (lineup_limit checks the limit) */
    int two[2] = {pid(1, 1), pid(1, 2)};
    CHECK_EQ_INT("two players (art. 2: at least 3)", BH_ESHORT,
                 club_lineup(c, team_id(1), pid(1, 1), false, 1, two, 2, T0, &a, &why));
    CHECK_EQ_STR("rule", "F-SHORT", why.rule);
    start_round(c, &a, NULL);
    CHECK_EQ_INT(
        "after the round started", BH_ELATE,
        club_lineup(c, team_id(1), pid(1, 1), false, 1, six, 6, T0 + 11 * MIN_US, &a, &why));
    CHECK_EQ_STR("field", "submitted_at", why.field);
    CHECK_EQ_INT(
        "the next round before this one ends (art. 3)", BH_ESTATE,
        club_lineup(c, team_id(1), pid(1, 1), false, 2, six, 6, T0 + 11 * MIN_US, &a, &why));
    CHECK_EQ_INT("the director may", BH_OK,
                 club_lineup(c, team_id(1), 0, true, 2, six, 6, T0 + 11 * MIN_US, &a, &why));
    tfmt_acts_fini(&a);
    club_free(c);
}

/* At most K substitutions a round (art. 3; here K = 3 in an event configured so, since seed
 * 004's 4 reserves can never make a fifth): a fourth reserve is refused, naming the first
 * player over the limit. */
static void lineup_limit(void)
{
    club_config_default(&cfg);
    cfg.lr.max_subs = 3;
    club *c = club_new(8, &cfg);
    for (int t = 1; t <= 2; t++) {
        roster r;
        fx_roster(&r, 10, pid(t, 1), NULL);
        char name[8] = {'T', (char)('0' + t), 0};
        CHECK_EQ_INT("team", BH_OK, club_add_team(c, team_id(t), name, &r, pid(t, 1), NULL));
    }
    tfmt_acts a;
    tfmt_acts_init(&a);
    club_start(c, T0, &a, NULL);
    refusal why;
    int four[6] = {pid(1, 1), pid(1, 2), pid(1, 7), pid(1, 8), pid(1, 9), pid(1, 10)};
    CHECK_EQ_INT("four substitutions over a limit of 3", BH_ESUBS,
                 club_lineup(c, team_id(1), pid(1, 1), false, 1, four, 6, T0, &a, &why));
    CHECK_EQ_STR("field", "players", why.field);
    CHECK_EQ_INT("the first one over", 5, why.index);
    CHECK_EQ_INT("three", BH_OK,
                 club_lineup(c, team_id(1), pid(1, 1), false, 1, four, 5, T0, &a, &why));
    tfmt_acts_fini(&a);
    club_free(c);
}

/* ---- short teams, waiting time, match points -------------------------------------------- */

static bool absent_b2_black(tfmt_key k, int seat)
{
    return k.board == 1 && seat == 1;
}

/* F-SHORT and T-WAIT: team 1 brings 4 players (boards 5 and 6 lost by forfeit at once); on
 * board 2 Black (team 1, board 2 being even) is absent: nothing happens before the 10 minutes
 * of art. 2, then the board is lost by forfeit (+ -) and its game ended. Team 2 wins the
 * match 4.5-1.5 with the remaining boards drawn: match points 2 and 0. */
static void short_team_and_wait(void)
{
    club *c = event(2, NULL, false);
    tfmt_acts a;
    tfmt_acts_init(&a);
    int four[4] = {pid(1, 1), pid(1, 2), pid(1, 3), pid(1, 4)};
    CHECK_EQ_INT("four players", BH_OK,
                 club_lineup(c, team_id(1), pid(1, 1), false, 1, four, 4, T0, &a, NULL));
    uint64_t t = start_round(c, &a, absent_b2_black);
    CHECK_EQ_INT("games on boards 1-4 only", 4, count_kind(&a, TFMT_ACT_CREATE_GAME));
    int64_t h, w;
    club_match(c, 1, 0, &h, &w);
    CHECK_EQ_INT("Berger 2 teams: 1 is home", team_id(1), h);
    CHECK_EQ_INT("board 5: team 1 White, empty: -+", BH_RES_FF_B,
                 club_board_get(c, (tfmt_key){1, 0, 0, 4})->res);
    CHECK_EQ_INT("board 6: team 2 White: +-", BH_RES_FF_W,
                 club_board_get(c, (tfmt_key){1, 0, 0, 5})->res);
    CHECK_EQ_U64("waiting time ends 10 min after the start", t + 10 * MIN_US, club_deadline(c));
    tfmt_acts_fini(&a);
    tfmt_acts_init(&a);
    club_on_time(c, t + 10 * MIN_US - 1, &a);
    CHECK_EQ_INT("not yet", 0, count_kind(&a, TFMT_ACT_END_GAME));
    club_on_time(c, t + 10 * MIN_US, &a);
    CHECK_EQ_INT("board 2 ended", 1, count_kind(&a, TFMT_ACT_END_GAME));
    CHECK_EQ_INT("board 2: +- (team 2 White present)", BH_RES_FF_W,
                 club_board_get(c, (tfmt_key){1, 0, 0, 1})->res);
    play_round(c, 1, t + 20 * MIN_US, all_draw, &a);
    int gh, gw;
    CHECK(club_match_score(c, 1, 0, &gh, &gw));
    CHECK_EQ_INT("team 1: 3 draws = 1.5", 3, gh);
    CHECK_EQ_INT("team 2: 3 forfeits + 3 draws = 4.5", 9, gw);
    rank_table rt;
    CHECK_EQ_INT("rank", BH_OK, club_rank(c, &rt));
    CHECK_EQ_INT("first: team 2", 2, rt.rows[0].team);
    CHECK_EQ_INT("MP 2", 2, rt.rows[0].mp);
    CHECK_EQ_INT("MP 0", 0, rt.rows[1].mp);
    rank_table_fini(&rt);
    CHECK_EQ_INT("finished (one round)", TFMT_FINISHED, club_status(c));
    char *trf = club_trf(c);
    /* team 1's board-5 player (start rank 5) did not play; its board-4 player drew with team
     * 2's board-4 player (start rank 14) as Black (board 4 even: team 2 White) */
    CHECK_MSG(strstr(trf, "   14 b =") != NULL, "TRF draw entry:\n%s", trf);
    CHECK_MSG(strstr(trf, "    2 w +") != NULL, "TRF forfeit win of board 2:\n%s", trf);
    CHECK_MSG(strstr(trf, "   12 b -") != NULL, "TRF forfeit loss of board 2:\n%s", trf);
    CHECK_MSG(strstr(trf, "  0000 - +") != NULL, "TRF empty board:\n%s", trf);
    free(trf);
    tfmt_acts_fini(&a);
    club_free(c);
}

/* Absent: team 1's players on boards 3 to 6 (team 1 is home: White on the odd boards). */
static bool team1_absent_from_board3(tfmt_key k, int seat)
{
    bool team1 = (k.board % 2 == 0) == (seat == 0);
    return team1 && k.board >= 2;
}

/* F-SHORT at the boards (seed 004 art. 2: "a team may start a match with at least 3 players
 * at the boards"): team 1 submitted six but only two come. At the end of the waiting time it
 * cannot start the match: every board is lost by it by forfeit, the two being played
 * included, and team 2 wins 6-0 (match points 2 and 0). With three present it plays on
 * (short_team_and_wait). */
static void short_at_the_boards(void)
{
    club *c = event(2, NULL, false);
    tfmt_acts a;
    tfmt_acts_init(&a);
    uint64_t t = start_round(c, &a, team1_absent_from_board3);
    CHECK_EQ_INT("six games", 6, count_kind(&a, TFMT_ACT_CREATE_GAME));
    tfmt_acts_fini(&a);
    tfmt_acts_init(&a);
    club_on_time(c, t + 10 * MIN_US - 1, &a);
    CHECK_EQ_INT("not before the waiting time's end", 0, count_kind(&a, TFMT_ACT_END_GAME));
    club_on_time(c, t + 10 * MIN_US, &a);
    CHECK_EQ_INT("all six boards ended", 6, count_kind(&a, TFMT_ACT_END_GAME));
    for (int b = 0; b < 6; b++)
        CHECK_EQ_INT("lost by team 1: -+ on its White boards, +- on its Black ones",
                     b % 2 == 0 ? BH_RES_FF_B : BH_RES_FF_W,
                     club_board_get(c, (tfmt_key){1, 0, 0, b})->res);
    int gh, gw;
    CHECK(club_match_score(c, 1, 0, &gh, &gw));
    CHECK_EQ_INT("team 1: 0", 0, gh);
    CHECK_EQ_INT("team 2: 6", 12, gw);
    bool cited = false;
    for (int i = 0; i < a.n; i++)
        cited |= a.v[i].kind == TFMT_ACT_END_GAME &&
                 strstr(a.v[i].end.reason, "fewer than the players") != NULL;
    CHECK_MSG(cited, "the reason says why");
    tfmt_acts_fini(&a);
    club_free(c);
}

static bool all_absent(tfmt_key k, int seat)
{
    (void)k, (void)seat;
    return true;
}

/* T-WAIT over the board (seed 004 art. 2: 10 minutes): the arbiter's attendance check marks
 * everyone but team 1's board-3 player (White: odd board, home team); at the waiting time's
 * end that board alone is lost by forfeit (-+), the others play on. The check is all or
 * nothing and names the first unknown player. */
static void attendance(void)
{
    club *c = event(2, NULL, false);
    tfmt_acts a;
    tfmt_acts_init(&a);
    uint64_t t = start_round(c, &a, all_absent);
    int ids[11], n = 0;
    for (int i = 1; i <= 6; i++) {
        if (i != 3)
            ids[n++] = pid(1, i);
        ids[n++] = pid(2, i);
    }
    refusal why;
    int bad[2] = {pid(1, 1), pid(1, 9)}; /* a reserve who does not play */
    CHECK_EQ_INT("a player on no board", BH_ENOTFOUND, club_attend(c, 1, bad, 2, &why));
    CHECK_EQ_STR("field", "players", why.field);
    CHECK_EQ_INT("index", 1, why.index);
    CHECK(!club_board_get(c, (tfmt_key){1, 0, 0, 0})->present[0]); /* nothing marked */
    CHECK_EQ_INT("another round", BH_EROUND, club_attend(c, 2, ids, n, &why));
    CHECK_EQ_INT("attendance", BH_OK, club_attend(c, 1, ids, n, &why));
    CHECK_EQ_U64("the waiting time's end", t + 10 * MIN_US, club_deadline(c));
    tfmt_acts_fini(&a);
    tfmt_acts_init(&a);
    club_on_time(c, t + 10 * MIN_US, &a);
    CHECK_EQ_INT("one board ended", 1, count_kind(&a, TFMT_ACT_END_GAME));
    CHECK_EQ_INT("board 3: White absent: -+", BH_RES_FF_B,
                 club_board_get(c, (tfmt_key){1, 0, 0, 2})->res);
    for (int b = 0; b < 6; b++)
        if (b != 2)
            CHECK_MSG(club_board_get(c, (tfmt_key){1, 0, 0, b})->live, "board %d plays", b + 1);
    CHECK_EQ_U64("no more waiting", 0, club_deadline(c));
    tfmt_acts_fini(&a);
    club_free(c);
}

/* Who is at a live board is part of the stored state: after a restart (club_load at a later
 * instant) the players seen or marked present are still present, and only the absent seat's
 * waiting time starts again: at its end that board alone is forfeited (a restart once cost
 * every board marked present a double forfeit). */
static void attendance_stored(void)
{
    club *c = event(2, NULL, false);
    tfmt_acts a;
    tfmt_acts_init(&a);
    uint64_t t = start_round(c, &a, absent_b2_black);
    char *s = club_save(c);
    club *d = NULL;
    int line = 0;
    uint64_t later = t + 5 * MIN_US;
    CHECK_EQ_INT("load", BH_OK, club_load(7, s, later, &d, &line));
    CHECK(club_board_get(d, (tfmt_key){1, 0, 0, 0})->present[0]);
    CHECK(club_board_get(d, (tfmt_key){1, 0, 0, 0})->present[1]);
    CHECK(club_board_get(d, (tfmt_key){1, 0, 0, 1})->present[0]);
    CHECK(!club_board_get(d, (tfmt_key){1, 0, 0, 1})->present[1]);
    CHECK_EQ_INT("a seat that reconnects changes nothing", BH_EEXIST,
                 club_seat_present(d, (tfmt_key){1, 0, 0, 0}, 0));
    char *s2 = club_save(d);
    CHECK_EQ_STR("save, load, save: the same text", s, s2);
    tfmt_acts_fini(&a);
    tfmt_acts_init(&a);
    club_on_time(d, later + 10 * MIN_US, &a);
    CHECK_EQ_INT("one board forfeited after the restarted waiting time", 1,
                 count_kind(&a, TFMT_ACT_END_GAME));
    CHECK_EQ_INT("board 2: Black absent: +-", BH_RES_FF_W,
                 club_board_get(d, (tfmt_key){1, 0, 0, 1})->res);
    free(s);
    free(s2);
    tfmt_acts_fini(&a);
    club_free(c);
    club_free(d);
}

/* A player plays for one team: an id on two rosters is refused (F-LINEUP). */
static void one_team_per_player(void)
{
    club_config_default(&cfg);
    club *c = club_new(9, &cfg);
    roster r1, r2;
    fx_roster(&r1, 6, 1, NULL);
    fx_roster(&r2, 6, 6, NULL); /* player 6 again */
    CHECK_EQ_INT("first", BH_OK, club_add_team(c, 1, "A", &r1, 1, NULL));
    refusal why;
    CHECK_EQ_INT("second", BH_EEXIST, club_add_team(c, 2, "B", &r2, 7, &why));
    CHECK_EQ_STR("field", "players", why.field);
    CHECK_EQ_INT("index", 0, why.index);
    club_free(c);
}

/* Before the start a team is corrected in its place or leaves: a replacement is checked like
 * a new team but against the others only (its own players and name may stay), a refused one
 * changes nothing, and a team that leaves gives its place to those after it, whose pairing
 * numbers (Berger's) move up. After the start neither is possible. */
static void registration_edits(void)
{
    club_config_default(&cfg);
    club *c = club_new(11, &cfg);
    for (int t = 1; t <= 3; t++) {
        roster r;
        fx_roster(&r, 6, pid(t, 1), NULL);
        char name[24];
        snprintf(name, sizeof name, "Club %d", t);
        CHECK_EQ_INT("registered", BH_OK, club_add_team(c, team_id(t), name, &r, pid(t, 1), NULL));
    }
    roster r;
    refusal why;
    fx_roster(&r, 7, pid(2, 1), NULL); /* its six and a seventh */
    CHECK_EQ_INT("team 2 corrected: its own players, one more, a new name", BH_OK,
                 club_replace_team(c, team_id(2), "Druzhba", &r, pid(2, 2), &why));
    CHECK_EQ_STR("the new name", "Druzhba", club_team_name(c, 2));
    CHECK_EQ_INT("in its place", 7, club_team_roster(c, 2)->n);
    CHECK_EQ_INT("its captain", pid(2, 2), club_team_captain(c, 2));
    CHECK_EQ_INT("another team's name", BH_EEXIST,
                 club_replace_team(c, team_id(2), "Club 3", &r, pid(2, 2), &why));
    CHECK_EQ_STR("field", "name", why.field);
    fx_roster(&r, 6, pid(1, 1), NULL); /* team 1's players */
    CHECK_EQ_INT("another team's players", BH_EEXIST,
                 club_replace_team(c, team_id(2), "Druzhba", &r, pid(1, 1), &why));
    CHECK_EQ_STR("field", "players", why.field);
    CHECK_EQ_STR("a refusal changes nothing", "Druzhba", club_team_name(c, 2));
    CHECK_EQ_INT("nothing changed", 7, club_team_roster(c, 2)->n);
    CHECK_EQ_INT("no such team", BH_ENOTFOUND,
                 club_replace_team(c, team_id(9), "X", &r, pid(1, 1), &why));
    CHECK_EQ_INT("team 1 leaves", BH_OK, club_remove_team(c, team_id(1), &why));
    CHECK_EQ_INT("two teams", 2, club_n_teams(c));
    CHECK_EQ_INT("Druzhba is number 1", team_id(2), club_team_id(c, 1));
    CHECK_EQ_INT("Club 3 is number 2", team_id(3), club_team_id(c, 2));
    CHECK_EQ_INT("gone", 0, club_team_tid(c, team_id(1)));
    CHECK_EQ_INT("not twice", BH_ENOTFOUND, club_remove_team(c, team_id(1), &why));
    fx_roster(&r, 6, pid(1, 1), NULL);
    CHECK_EQ_INT("its players may register again", BH_OK,
                 club_add_team(c, team_id(4), "Club 4", &r, pid(1, 1), &why));
    tfmt_acts a;
    tfmt_acts_init(&a);
    CHECK_EQ_INT("start", BH_OK, club_start(c, T0, &a, NULL));
    CHECK_EQ_INT("three rounds for three teams (Berger)", 3, club_rounds(c));
    CHECK_EQ_INT("no leaving after the start", BH_ESTATE, club_remove_team(c, team_id(3), &why));
    CHECK_EQ_INT(
        "no replacing after the start", BH_ESTATE,
        club_replace_team(c, team_id(3), "Club 3", club_team_roster(c, 2), pid(3, 1), &why));
    tfmt_acts_fini(&a);
    club_free(c);
}

/* ---- a whole event, protests, the ranking, storage ------------------------------------- */

/* Board 1 won by White, the rest drawn: a 3.5-2.5 win for the home team. */
static tfmt_res seeded(tfmt_key k)
{
    return k.board == 0 ? TFMT_WIN1 : TFMT_DRAW;
}

/* F-PROTEST: a protest about board 1 of a round-1 match, upheld (0-1 instead of 1-0: the
 * match 3.5-2.5 becomes 2.5-3.5, the match points swap), one rejected; late, duplicate,
 * non-captain, other-round and in-progress protests refused. */
static void protests(void)
{
    club *c = event(4, NULL, false);
    tfmt_acts a;
    tfmt_acts_init(&a);
    uint64_t t = start_round(c, &a, NULL);
    tfmt_key b1 = {1, 0, 0, 0}, b2 = {1, 0, 0, 1};
    int64_t h, w;
    club_match(c, 1, 0, &h, &w);
    int ch = pid((int)(h - 1000), 1), cw = pid((int)(w - 1000), 1);
    refusal why;
    int id = 0;
    CHECK_EQ_INT("a game in progress", BH_ESTATE,
                 club_protest(c, w, cw, 1, b1, "x", 20000, t, &id, &a, &why));
    club_game_over(c, b1, TFMT_WIN1, t + MIN_US, &a);
    CHECK_EQ_INT(
        "during the round, once the game ended", BH_OK,
        club_protest(c, w, cw, 1, b1, "the flag fell first", 20000, t + MIN_US, &id, &a, &why));
    CHECK_EQ_INT("id", 1, id);
    CHECK_EQ_INT("duplicate", BH_EEXIST,
                 club_protest(c, w, cw, 1, b1, "again", 20000, t + MIN_US, NULL, &a, &why));
    CHECK_EQ_INT("not a captain", BH_ENOTCAPTAIN,
                 club_protest(c, h, ch + 1, 1, b1, "x", 20000, t + MIN_US, NULL, &a, &why));
    CHECK_EQ_STR("field", "filer", why.field);
    int64_t oh, ow; /* a team of the other match */
    club_match(c, 1, 1, &oh, &ow);
    CHECK_EQ_INT("a team not in the match", BH_ENOTCAPTAIN,
                 club_protest(c, oh, pid((int)(oh - 1000), 1), 1, b1, "x", 20000, t + MIN_US, NULL,
                              &a, &why));
    CHECK_EQ_STR("field", "team", why.field);
    /* another event's captain (his team token names a team this club does not have): the
     * documented not_captain (filer), as for any token that is not this event's team's */
    CHECK_EQ_INT("another event's team", BH_ENOTCAPTAIN,
                 club_protest(c, 999999, 1, 1, b1, "x", 20000, t + MIN_US, NULL, &a, &why));
    CHECK_EQ_STR("field", "filer", why.field);
    CHECK_EQ_INT("wrong deposit (200 UAH)", BH_EINVAL,
                 club_protest(c, h, ch, 1, b1, "x", 100, t + MIN_US, NULL, &a, &why));
    CHECK_EQ_STR("field", "deposit", why.field);
    CHECK_EQ_INT("round named wrongly", BH_EROUND,
                 club_protest(c, h, ch, 2, b1, "x", 20000, t + MIN_US, NULL, &a, &why));
    play_round(c, 1, t + 30 * MIN_US, seeded, &a);
    uint64_t end = t + 30 * MIN_US;
    int gh, gw;
    club_match_score(c, 1, 0, &gh, &gw);
    CHECK_EQ_INT("match 1: 3.5 (1-0 on board 1, 5 draws)", 7, gh);
    int p2 = 0;
    CHECK_EQ_INT("protest 2 within 10 min of the end", BH_OK,
                 club_protest(c, h, ch, 1, b2, "illegal move unnoticed", 20000, end + 10 * MIN_US,
                              &p2, &a, &why));
    CHECK_EQ_INT("after the window", BH_ELATE,
                 club_protest(c, w, cw, 1, b2, "x", 20000, end + 10 * MIN_US + 1, NULL, &a, &why));
    CHECK_EQ_INT("upheld without a result", BH_EINVAL,
                 club_protest_decide(c, 1, true, 0, "reason", end, &a, &why));
    CHECK_EQ_STR("field", "result", why.field);
    tfmt_acts_fini(&a);
    tfmt_acts_init(&a);
    CHECK_EQ_INT("upheld", BH_OK,
                 club_protest_decide(c, 1, true, BH_RES_WIN2, "the flag fell first", end + MIN_US,
                                     &a, &why));
    CHECK_EQ_INT("standings republished", 1, count_kind(&a, TFMT_ACT_STANDINGS));
    CHECK_EQ_INT("decided twice", BH_EDECIDED,
                 club_protest_decide(c, 1, false, 0, "no", end + MIN_US, &a, &why));
    CHECK_EQ_INT("rejected", BH_OK,
                 club_protest_decide(c, p2, false, 0, "not proven", end + MIN_US, &a, &why));
    const protest *p = protest_find(club_protests(c), 1);
    CHECK(p && p->deposit_returned && p->state == PROTEST_UPHELD);
    p = protest_find(club_protests(c), p2);
    CHECK(p && !p->deposit_returned && p->state == PROTEST_REJECTED);
    club_match_score(c, 1, 0, &gh, &gw);
    CHECK_EQ_INT("match 1 after the protest: 2.5", 5, gh);
    CHECK_EQ_INT("away 3.5", 7, gw);
    rank_table rt;
    club_rank(c, &rt);
    for (int i = 0; i < rt.n; i++)
        if (rt.rows[i].team == (int)(w - 1000))
            CHECK_EQ_INT("the away team has the match's 2 MP", 2, rt.rows[i].mp);
    rank_table_fini(&rt);
    tfmt_acts_fini(&a);
    club_free(c);
}

/* Board 1 goes to the team with the smaller pairing number, the other boards are drawn: it
 * wins every match 3.5-2.5. */
static club *g_event;
static tfmt_res lower_wins(tfmt_key k)
{
    int64_t h, w;
    club_match(g_event, k.round, k.match, &h, &w);
    if (k.board != 0)
        return TFMT_DRAW;
    return h < w ? TFMT_WIN1 : TFMT_WIN2; /* board 1: the home team is White */
}

/* A whole event of 6 teams (5 rounds, the Berger table) where the smaller pairing number wins
 * every match 3.5-2.5: team k wins 6-k matches and loses k-1, so it has 2(6-k) match points and
 * 3.5(6-k) + 2.5(k-1) game points, and the places are 1..6 in order. The state is saved and
 * loaded in round 3 (a restart); the text saved again is the same. */
static void whole_event(void)
{
    club *c = event(6, NULL, false);
    tfmt_acts a;
    tfmt_acts_init(&a);
    for (int r = 1; r <= 5; r++) {
        uint64_t t = start_round(c, &a, NULL);
        if (r == 3) {
            char *s = club_save(c);
            club *d = NULL;
            int line = -1;
            CHECK_EQ_INT("load", BH_OK, club_load(7, s, t, &d, &line));
            CHECK(d != NULL);
            if (!d) {
                free(s);
                break;
            }
            char *s2 = club_save(d);
            CHECK_EQ_STR("saved again: the same text", s, s2);
            free(s);
            free(s2);
            club_free(c);
            c = d;
        }
        g_event = c;
        play_round(c, r, t + 40 * MIN_US, lower_wins, &a);
    }
    CHECK_EQ_INT("finished", TFMT_FINISHED, club_status(c));
    rank_table rt;
    CHECK_EQ_INT("rank", BH_OK, club_rank(c, &rt));
    for (int i = 0; i < rt.n; i++) {
        int k = i + 1;
        CHECK_EQ_INT("place k: team k", k, rt.rows[i].team);
        CHECK_EQ_INT("match points 2(6-k)", 2 * (6 - k), rt.rows[i].mp);
        CHECK_EQ_INT("game points x2: 7(6-k) + 5(k-1)", 7 * (6 - k) + 5 * (k - 1), rt.rows[i].gp2);
    }
    rank_table_fini(&rt);
    char *x = club_crosstable(c);
    /* team 1 beat team 2: its row has "3.5(2)" in column 2, team 2's row "2.5(0)" */
    CHECK_MSG(strstr(x, "3.5(2)") && strstr(x, "2.5(0)"), "crosstable:\n%s", x);
    free(x);
    char *trf = club_trf(c);
    CHECK_MSG(strstr(trf, "310   1 Club 1") != NULL, "TRF 310:\n%s", trf);
    free(trf);
    tfmt_acts_fini(&a);
    club_free(c);
}

/* The stored text is read back only when it is whole and consistent: every truncation at a
 * line end past the header gives BH_OK or BH_EPARSE, byte mutations never crash (ASan) and
 * give BH_OK or BH_EPARSE, and named inconsistencies are refused with their line. */
static uint64_t xs = 88172645463325252ull; /* bh_splitmix64's state: the mutations' seed */

static void load_refusals(void)
{
    club *c = event(4, NULL, false);
    tfmt_acts a;
    tfmt_acts_init(&a);
    uint64_t t = start_round(c, &a, NULL);
    play_round(c, 1, t + MIN_US, seeded, &a);
    int id = 0;
    club_protest(c, club_team_id(c, 1), pid(1, 1), 1, (tfmt_key){1, 0, 0, 0}, "x y\nz%", 20000,
                 t + MIN_US, &id, &a, NULL);
    tfmt_acts_fini(&a);
    char *s = club_save(c);
    club *d = NULL;
    int line = 0;
    CHECK_EQ_INT("whole", BH_OK, club_load(1, s, 0, &d, &line));
    const protest *p = d ? protest_find(club_protests(d), 1) : NULL;
    CHECK_MSG(p && strcmp(p->text, "x y\nz%") == 0, "the protest's text escaped and back");
    club_free(d);
    d = (club *)1; /* club_load sets *out to NULL on an error */
    size_t n = strlen(s);
    char *buf = malloc(n + 1);
    for (size_t k = 0; k < n; k++) {
        if (s[k] != '\n')
            continue;
        memcpy(buf, s, k + 1);
        buf[k + 1] = 0;
        int rc = club_load(1, buf, 0, &d, &line);
        CHECK_MSG(rc == BH_OK || rc == BH_EPARSE, "truncated at %zu: %d", k, rc);
        CHECK(rc == BH_OK || d == NULL);
        if (rc == BH_OK) { /* what loads saves, and that save loads to the same save */
            char *s1 = club_save(d), *s2 = NULL;
            club *e = NULL;
            CHECK_MSG(club_load(1, s1, 0, &e, &line) == BH_OK, "its own save, cut at %zu", k);
            if (e)
                s2 = club_save(e);
            CHECK_MSG(s2 && strcmp(s1, s2) == 0, "save, load, save differ, cut at %zu", k);
            free(s1);
            free(s2);
            club_free(e);
        }
        /* fuzz_state found: cut before the status line, the last team unchecked */
        if (!strstr(buf, "\nstatus "))
            CHECK_MSG(rc == BH_EPARSE, "cut before the status line at %zu: loaded", k);
        club_free(d);
        d = NULL;
    }
    for (int i = 0; i < 3000; i++) {
        memcpy(buf, s, n + 1);
        int flips = 1 + (int)(bh_splitmix64(&xs) % 4);
        for (int f = 0; f < flips; f++)
            buf[bh_splitmix64(&xs) % n] = (char)(" 0123456789-x%\n"[bh_splitmix64(&xs) % 15]);
        int rc = club_load(1, buf, 0, &d, &line);
        CHECK_MSG(rc == BH_OK || rc == BH_EPARSE, "mutant %d: %d", i, rc);
        club_free(d);
        d = NULL;
    }
    free(buf);
    CHECK_EQ_INT("another version", BH_EPARSE, club_load(1, "CLUB 2\n", 0, &d, &line));
    CHECK_EQ_INT("line", 1, line);
    char *bad = malloc(n + 64);
    snprintf(bad, n + 64, "%sboard 9 0 0 1\n", s); /* a round that does not exist */
    CHECK_EQ_INT("a board of round 9", BH_EPARSE, club_load(1, bad, 0, &d, &line));
    free(bad);
    free(s);
    club_free(c);
}

/* Characters of a UTF-8 string: bytes that are not continuation bytes (10xxxxxx), counted
 * here by the definition (RFC 3629), not by our utf8.h. */
static size_t utf8_chars(const char *s, size_t bytes)
{
    size_t n = 0;
    for (size_t i = 0; i < bytes; i++)
        n += ((unsigned char)s[i] & 0xC0) != 0x80;
    return n;
}

/* Byte offset of character k of s (or its end). */
static size_t utf8_at(const char *s, size_t k)
{
    size_t i = 0, n = 0;
    for (; s[i]; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80 && n++ == k)
            return i;
    return i;
}

/* The TRF of an event with Cyrillic names longer than their fields: TRF-2026 counts a column
 * a character (001: name in columns 15-47, rating 49-52; 310: team name 9-40), so a long name
 * is cut at a character boundary and the next field keeps its column; the text stays valid
 * UTF-8 (issue 13 item 2: every export). */
static void trf_names_by_character(void)
{
    /* a player: 23 x "Ж" (2 bytes each), 46 bytes, 23 characters: shorter than 33 columns in
     * characters although longer in bytes; a team: 33 characters, 51 bytes, over its 32 */
    static const char *const player = "ЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖ";
    club_config_default(&cfg);
    club *c = club_new(7, &cfg);
    for (int t = 1; t <= 2; t++) {
        roster r;
        roster_init(&r);
        for (int i = 0; i < 10; i++)
            CHECK_EQ_INT("player", BH_OK,
                         roster_add(&r, pid(t, i + 1), player, 2000 + i, false, NULL));
        char name[80];
        snprintf(name, sizeof name, "ШахтарШахтарШахтар Donetsk-Club-%d", t);
        CHECK_EQ_INT("team", BH_OK, club_add_team(c, team_id(t), name, &r, pid(t, 1), NULL));
    }
    tfmt_acts a;
    tfmt_acts_init(&a);
    CHECK_EQ_INT("start", BH_OK, club_start(c, T0, &a, NULL));
    char *trf = club_trf(c);
    int lines001 = 0, lines310 = 0;
    for (char *line = trf, *end; line && *line; line = end ? end + 1 : NULL) {
        end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        char ln[512];
        snprintf(ln, sizeof ln, "%.*s", (int)len, line);
        /* no character cut: the line ends on a lead byte's whole sequence */
        size_t last = strlen(ln);
        CHECK_MSG(last == 0 || ((unsigned char)ln[last - 1] & 0xC0) != 0xC0, "cut: %s", ln);
        if (strncmp(ln, "001", 3) == 0) {
            lines001++;
            /* column 48 is a space, 49-52 the rating (characters 47 and 48-51, 0-based) */
            size_t at = utf8_at(ln, 47);
            CHECK_MSG(ln[at] == ' ' && atoi(ln + at + 1) >= 2000 && atoi(ln + at + 1) <= 2009,
                      "001 rating at column 49: %s", ln);
            CHECK_EQ_INT("name field: 33 characters", 33,
                         (int)utf8_chars(ln + utf8_at(ln, 14), utf8_at(ln, 47) - utf8_at(ln, 14)));
        } else if (strncmp(ln, "310", 3) == 0) {
            lines310++;
            size_t at = utf8_at(ln, 40); /* column 41: the space after the 32-column name */
            CHECK_MSG(ln[at] == ' ' && ln[at - 1] != ' ', "310 name cut to 32 columns: %s", ln);
        }
    }
    CHECK_EQ_INT("001 lines: 2 x 10 players", 20, lines001);
    CHECK_EQ_INT("310 lines", 2, lines310);
    free(trf);
    tfmt_acts_fini(&a);
    club_free(c);
}

/* Board 1 to the home team in odd rounds, to the away team in even ones; boards 2 and 3
 * drawn, the rest to the home team: matches won, lost and drawn, and ties on match points. */
static tfmt_res mixed(tfmt_key k)
{
    if (k.board == 0)
        return k.round % 2 ? TFMT_WIN1 : TFMT_WIN2;
    if (k.board < 3 || (k.board == 5 && k.match == 1))
        return TFMT_DRAW;
    return k.board % 2 ? TFMT_WIN2 : TFMT_WIN1; /* colours alternate: the home team wins */
}

/* The club TRF as the FIDE tie-break checker (TieBreakServer's trf2json.py) reads it: the 162
 * and 362 point systems at their columns, the 310 teams numbered 1..6 with each roster's 10
 * players, every game the same from both sides, start numbers 1..60 without a gap, and each
 * 310 record's match points, game points and rank (columns 55-60, 62-67, 69-71) those of
 * club_rank; a team's game points are its players' 001 points (81-84), the empty boards of a
 * short team (round 1: team 1 brings 4 players) included. */
static void trf_as_the_checker_reads(void)
{
    club *c = event(6, NULL, false);
    g_event = c;
    tfmt_acts a;
    tfmt_acts_init(&a);
    int four[4] = {pid(1, 1), pid(1, 2), pid(1, 3), pid(1, 4)};
    CHECK_EQ_INT("four players", BH_OK,
                 club_lineup(c, team_id(1), pid(1, 1), false, 1, four, 4, T0, &a, NULL));
    for (int r = 1; r <= 5; r++) {
        uint64_t t = start_round(c, &a, NULL);
        play_round(c, r, t + 20 * MIN_US, mixed, &a);
    }
    CHECK_EQ_INT("finished", TFMT_FINISHED, club_status(c));
    char *trf = club_trf(c);
    static tc_file f;
    tc_read(trf, &f);
    tc_check_points(&f);
    tc_check_teams_and_games(&f);
    CHECK_EQ_INT("001 records: 6 rosters of 10", 60, f.n_pl);
    for (int s = 1; s <= 60; s++)
        CHECK_MSG(f.by_sno[s] != 0, "start number %d missing", s);
    CHECK_EQ_INT("310 records", 6, f.n_tm);
    rank_table rt;
    CHECK_EQ_INT("rank", BH_OK, club_rank(c, &rt));
    bool tie = false;
    for (int i = 0; i < rt.n; i++) {
        const rank_row *row = &rt.rows[i];
        tie |= i > 0 && rt.rows[i - 1].mp == row->mp;
        CHECK(row->team >= 1 && row->team <= f.n_tm);
        if (row->team < 1 || row->team > f.n_tm)
            continue;
        const tc_team *tm = &f.tm[row->team - 1];
        CHECK_EQ_INT("310 roster: 10 players", 10, tm->n);
        CHECK_EQ_DBL("310 MP (55-60)", row->mp, tm->mp, 1e-9);
        CHECK_EQ_DBL("310 GP (62-67)", row->gp2 / 2.0, tm->gp, 1e-9);
        CHECK_EQ_INT("310 rank (69-71)", row->place, tm->rank);
        CHECK_EQ_DBL("the players' 001 points add up to the GP", row->gp2 / 2.0,
                     tc_team_pts(&f, row->team - 1), 1e-9);
    }
    CHECK_MSG(tie, "a tie on match points (the order is the tie-breaks')");
    rank_table_fini(&rt);
    free(trf);
    tfmt_acts_fini(&a);
    club_free(c);
}

/* The director's one ranking choice (club_create's sb): team SB with Cut-1 as the last
 * tie-break is kept across a save and load (an "sb SB-C1" line; a text without it is the
 * default SB), named SB-C1 in the ranking, and written to the TRF's 212 under TieBreakServer's
 * code EMGSB/C1 (EMGSB for the default); another last tie-break is refused ("sb"). */
static void sb_cut1_choice(void)
{
    club_config_default(&cfg);
    CHECK_EQ_INT("default last", RANK_TB_SB, cfg.rk.tb[cfg.rk.n_tb - 1]);
    club *c = club_new(7, &cfg);
    char *trf = club_trf(c), *s = club_save(c);
    CHECK_MSG(strstr(trf, "\n212 PTS MPVGP DE WIN EMGSB\n") != NULL, "212:\n%s", trf);
    CHECK_MSG(strstr(s, "\nsb ") == NULL, "default saved with an sb line:\n%s", s);
    free(trf);
    free(s);
    club_free(c);
    cfg.rk.tb[cfg.rk.n_tb - 1] = RANK_TB_SB_C1;
    CHECK_EQ_INT("SB-C1 accepted", BH_OK, club_config_check(&cfg, NULL));
    club_config_default(&cfg);
    cfg.rk.tb[cfg.rk.n_tb - 1] = RANK_TB_SB_C1;
    c = club_new(7, &cfg);
    for (int t = 1; t <= 4; t++) {
        roster r;
        fx_roster(&r, 10, pid(t, 1), NULL);
        char name[24];
        snprintf(name, sizeof name, "Club %d", t);
        CHECK_EQ_INT("team", BH_OK, club_add_team(c, team_id(t), name, &r, pid(t, 1), NULL));
    }
    s = club_save(c);
    CHECK_MSG(strstr(s, "\nsb SB-C1\n") != NULL, "saved:\n%s", s);
    club *d = NULL;
    int line = -1;
    CHECK_EQ_INT("load", BH_OK, club_load(7, s, T0, &d, &line));
    if (d) {
        const club_config *g = club_config_get(d);
        CHECK_EQ_STR("loaded last", "SB-C1", rank_tb_name(g->rk.tb[g->rk.n_tb - 1]));
        char *s2 = club_save(d);
        CHECK_EQ_STR("saved again: the same text", s, s2);
        free(s2);
        trf = club_trf(d);
        CHECK_MSG(strstr(trf, "\n212 PTS MPVGP DE WIN EMGSB/C1\n") != NULL, "212:\n%s", trf);
        free(trf);
        club_free(d);
    }
    free(s);
    club_free(c);
    club_config_default(&cfg);
    cfg.rk.tb[cfg.rk.n_tb - 1] = RANK_TB_BH;
    refusal why = {0};
    CHECK_EQ_INT("BH last", BH_EINVAL, club_config_check(&cfg, &why));
    CHECK_EQ_STR("field", "sb", why.field);
}

static const bh_test_case cases[] = {
    {"sb_cut1_choice", sb_cut1_choice},
    {"trf_as_the_checker_reads", trf_as_the_checker_reads},
    {"trf_names_by_character", trf_names_by_character},
    {"load_refusals", load_refusals},
    {"schedule_six", schedule_six},
    {"schedule_five_bye", schedule_five_bye},
    {"schedule_double", schedule_double},
    {"colours_and_games", colours_and_games},
    {"lineup_shifting", lineup_shifting},
    {"lineup_refusals", lineup_refusals},
    {"lineup_limit", lineup_limit},
    {"short_team_and_wait", short_team_and_wait},
    {"short_at_the_boards", short_at_the_boards},
    {"registration_edits", registration_edits},
    {"attendance_stored", attendance_stored},
    {"protests", protests},
    {"attendance", attendance},
    {"one_team_per_player", one_team_per_player},
    {"whole_event", whole_event},
};

BH_TEST_MAIN(cases)
