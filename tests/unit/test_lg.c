/* test_lg.c: the team league of seed 003 as one event (league.h): the regulation's numbers (art.
 * 1-9: 20 teams, 4 groups of 5, 10 boards, 3 invited players, challenges valid 10 and 5 days,
 * 5+1 or 10+1 by agreement, the bracket 1A-2B, 2A-1B, 1C-2D, 2C-1D), the group fixtures in
 * the order of the published Berger tables (tests/data/berger/fide-c05-annex1.txt, FIDE C.05
 * Annex 1), each player 2 White and 2 Black (art. 3), the ranking chain of art. 6 on a table
 * worked out by hand, the bracket from the group results, the drawn-match rule with ratings
 * recomputed from new rosters (art. 7), every challenge path of art. 5 through the event, every
 * deadline once at its instant across save/load, and seeded whole leagues (20 teams of 10 with
 * drawn ratings; 8 teams in 2 groups on 4 boards, semi-finals and final).
 * SPDX-License-Identifier: MIT
 * After every event the state is saved, loaded and saved again (the same text), and the run
 * goes on with the loaded copy. Team t is id 100+t; its players 1000t+1 .. in rating order,
 * the captain 1000t+1; the last two players are reserves rated below the board players. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "bh_test.h"
#include "league.h"
#include "rng.h"
#include "trf_cols.h"

#define LID 9
#define T0 1109635200000000LL /* 1 March 2005 00:00 UTC in µs (art. 10: the group stage) */
#define DAY CHAL_DAY_US
#define HOUR (3600LL * 1000000)

static int64_t team_id(int t)
{
    return 100 + t;
}

static int pid(int t, int i) /* player i (1-based) of team t */
{
    return 1000 * t + i;
}

static tfmt_key K(int s, int mi, int g, int b)
{
    return (tfmt_key){s, mi, g, b};
}

/* Team t's roster: boards players rated rating[i] (descending), then two reserves. */
static void make_roster(roster *r, int t, const int *rating, int boards)
{
    roster_init(r);
    for (int i = 0; i < boards + 2; i++) {
        char name[24];
        snprintf(name, sizeof name, "Player %d", pid(t, i + 1));
        int rt = i < boards ? rating[i] : rating[boards - 1] - 10 * (i - boards + 1);
        int rc = roster_add(r, pid(t, i + 1), name, rt, i == 1, NULL);
        if (rc != BH_OK) {
            fprintf(stderr, "fixture roster refused\n");
            abort();
        }
    }
}

/* Save, load, save: the same text; the loaded copy replaces l. */
static league *rt(league *l)
{
    char *a = league_save(l);
    league *m = NULL;
    int line = -1;
    int rc = league_load(LID, a, &m, &line);
    if (rc != BH_OK) {
        CHECK_MSG(false, "load refused its own save: rc %d line %d", rc, line);
        free(a);
        return l;
    }
    char *b = league_save(m);
    if (strcmp(a, b) != 0)
        CHECK_MSG(false, "save -> load -> save differs");
    free(a);
    free(b);
    league_free(l);
    return m;
}

/* A league of n teams in `groups` groups on `boards` boards; team t's board ratings all
 * rating[t-1] (flat: the team rating is exactly that). Not started. */
static league *make_league(int n, int groups, int boards, const int *rating)
{
    league_config c;
    league_config_default(&c);
    c.teams = n;
    c.groups = groups;
    c.boards = boards;
    CHECK_EQ_INT("config", BH_OK, league_config_check(&c, NULL));
    league *l = league_new(LID, &c);
    for (int t = 1; t <= n; t++) {
        int r[LEAGUE_MAX_BOARDS];
        for (int i = 0; i < boards; i++)
            r[i] = rating[t - 1];
        roster ro;
        make_roster(&ro, t, r, boards);
        char name[32];
        snprintf(name, sizeof name, "Team %d (100%% ok)", t);
        CHECK_EQ_INT("team", BH_OK, league_add_team(l, team_id(t), name, &ro, pid(t, 1), NULL));
    }
    return l;
}

static int count_note(const tfmt_acts *a, int note, int to)
{
    int k = 0;
    for (int i = 0; i < a->n; i++)
        k += a->v[i].kind == TFMT_ACT_NOTICE && a->v[i].notice.note == note &&
             (!to || a->v[i].notice.to == to);
    return k;
}

static int count_kind(const tfmt_acts *a, int kind)
{
    int k = 0;
    for (int i = 0; i < a->n; i++)
        k += a->v[i].kind == kind;
    return k;
}

static const tfmt_act *find_kind(const tfmt_acts *a, int kind)
{
    for (int i = 0; i < a->n; i++)
        if (a->v[i].kind == kind)
            return &a->v[i];
    return NULL;
}

static int count_str(const char *s, const char *what)
{
    int k = 0;
    for (const char *p = s; (p = strstr(p, what)) != NULL; p++)
        k++;
    return k;
}

static int tid_of(const league *l, int64_t id)
{
    return league_team_tid(l, id);
}

/* Decide match mi of stage s by the director: pts2[b] the first-named team's game points x2
 * on board b (game 1; in the knockout game 2 takes the same). */
static league *decide_match(league *l, int s, int mi, const int *pts2, int64_t now)
{
    int64_t first, second;
    CHECK(league_match(l, s, mi, &first, &second, NULL, NULL));
    int boards = league_config_get(l)->boards, games = league_games_per_match(l, s) / boards;
    for (int g = 0; g < games; g++)
        for (int b = 0; b < boards; b++) { /* (l is replaced by its loaded copy each time) */
            const league_game *x = league_game_get(l, K(s, mi, g, b));
            int p = x->team[0] == first ? pts2[b] : 2 - pts2[b]; /* White's points */
            bh_result res = p == 2 ? BH_RES_WIN1 : p == 1 ? BH_RES_DRAW : BH_RES_WIN2;
            tfmt_acts a;
            tfmt_acts_init(&a);
            int rc = league_director_result(l, K(s, mi, g, b), res, now, &a, NULL);
            CHECK_EQ_INT("director result", BH_OK, rc);
            tfmt_acts_fini(&a);
            l = rt(l);
        }
    return l;
}

/* The group-stage match between numbers i and j of group g (either order). */
static int find_group_match(const league *l, int g, int i, int j)
{
    const groups_draw *d = league_draw(l);
    int64_t ti = team_id(d->team[g][i - 1] + 1), tj = team_id(d->team[g][j - 1] + 1);
    for (int mi = 0; mi < league_n_matches(l, LEAGUE_STAGE_GROUPS); mi++) {
        int64_t a, b;
        league_match(l, LEAGUE_STAGE_GROUPS, mi, &a, &b, NULL, NULL);
        if ((a == ti && b == tj) || (a == tj && b == ti))
            return mi;
    }
    return -1;
}

/* Match (numbers i, j of group g) with number i's game points x2 per board. */
static league *group_result(league *l, int g, int i, int j, const int *pts2_i, int64_t now)
{
    int mi = find_group_match(l, g, i, j);
    int64_t first, second;
    league_match(l, LEAGUE_STAGE_GROUPS, mi, &first, &second, NULL, NULL);
    const groups_draw *d = league_draw(l);
    int p[LEAGUE_MAX_BOARDS];
    for (int b = 0; b < league_config_get(l)->boards; b++)
        p[b] = first == team_id(d->team[g][i - 1] + 1) ? pts2_i[b] : 2 - pts2_i[b];
    return decide_match(l, LEAGUE_STAGE_GROUPS, mi, p, now);
}

/* ---- config and registration -------------------------------------------------------------- */

static void config_seed003_and_refusals(void)
{
    league_config c;
    league_config_default(&c);
    /* the regulation's numbers: art. 1 (20 teams, 4 groups), art. 2 (10 boards, 3 invited,
     * 15 February), art. 4 (5+1, 10+1), art. 5 (10 days, 5 days) */
    CHECK_EQ_INT("teams", 20, c.teams);
    CHECK_EQ_INT("groups", 4, c.groups);
    CHECK_EQ_INT("boards", 10, c.boards);
    CHECK_EQ_INT("invited", 3, c.max_invited);
    CHECK_EQ_INT("rating date", 20050215, c.rating_date);
    CHECK(c.cr.first_valid_us == 10 * 86400LL * 1000000);
    CHECK(c.cr.second_valid_us == 5 * 86400LL * 1000000);
    CHECK_EQ_INT("5+1 base", 300, c.cr.base_s);
    CHECK_EQ_INT("5+1 inc", 1, c.cr.inc_s);
    CHECK_EQ_INT("10+1 base", 600, c.cr.alt_base_s);
    CHECK_EQ_INT("10+1 inc", 1, c.cr.alt_inc_s);
    CHECK_EQ_INT("seed003 ok", BH_OK, league_config_check(&c, NULL));
    static const struct {
        const char *rule, *field;
    } bad[] = {
        {"F-KNOCKOUT", "groups"},
        {"F-GROUPS", "teams"},
        {"F-GROUPS", "teams"},
        {"F-GROUPS", "teams"},
        {"F-GROUPS", "boards"},
        {"F-GROUPS", "boards"},
        {"F-TEAMRATING", "max_invited"},
        {"F-TEAMRATING", "rating_date"},
        {"F-CHALLENGE", "first_valid_us"},
        {"F-CHALLENGE", "second_valid_us"},
        {"F-CHESS", "base_s"},
        {"F-CHESS", "alt_inc_s"},
        {"F-CHESS", "ruleset"},
        {"F-GROUPS", "name"},
        {"T-WAIT", "wait_s"},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(bad); i++) {
        league_config_default(&c);
        switch (i) {
        case 0: c.groups = 3; break; /* the brackets are of 4 or 2 groups */
        case 1: c.teams = 18; break; /* not 4 groups of equal size */
        case 2: c.teams = 4; break;  /* groups of 1: nobody is second */
        case 3: c.teams = 36; break; /* over LEAGUE_MAX_TEAMS */
        case 4: c.boards = 0; break;
        case 5: c.boards = 17; break;
        case 6: c.max_invited = 11; break;       /* more than the boards */
        case 7: c.rating_date = 20050230; break; /* 30 February */
        case 8: c.cr.first_valid_us = 0; break;
        case 9: c.cr.second_valid_us = -1; break;
        case 10: c.cr.base_s = 0; break;
        case 11: c.cr.alt_inc_s = -1; break;
        case 12: c.ruleset[0] = 0; break;
        case 13: c.name[0] = 0; break;
        case 14: c.wait_s = 100000; break;
        }
        refusal why = {0};
        CHECK_EQ_INT(bad[i].field, BH_EINVAL, league_config_check(&c, &why));
        CHECK_EQ_STR("rule", bad[i].rule, why.rule ? why.rule : "");
        CHECK_EQ_STR("field", bad[i].field, why.field ? why.field : "");
    }
    league_config_default(&c);
    c.rating_date = 20040229; /* a leap day is a date */
    CHECK_EQ_INT("29 Feb 2004", BH_OK, league_config_check(&c, NULL));
}

static void registration_refusals(void)
{
    league_config c;
    league_config_default(&c);
    league *l = league_new(LID, &c);
    int r10[10] = {2300, 2250, 2200, 2150, 2100, 2050, 2000, 1950, 1900, 1850};
    roster ro;
    make_roster(&ro, 1, r10, 10);
    refusal why = {0};
    CHECK_EQ_INT("captain off the roster", BH_ENOTFOUND,
                 league_add_team(l, team_id(1), "A", &ro, 77, &why));
    CHECK_EQ_STR("captain", "captain", why.field);
    /* art. 2: at most 3 invited players (the fixture flags one) */
    roster inv = ro;
    for (int i = 0; i < 4; i++)
        inv.p[i].invited = true;
    CHECK_EQ_INT("4 invited", BH_ELIMIT,
                 league_add_team(l, team_id(1), "A", &inv, pid(1, 1), &why));
    CHECK_EQ_STR("invited rule", "F-TEAMRATING", why.rule);
    CHECK_EQ_STR("invited", "invited", why.field);
    roster short9;
    make_roster(&short9, 1, r10, 7); /* 9 players for 10 boards */
    CHECK_EQ_INT("9 players", BH_ESHORT,
                 league_add_team(l, team_id(1), "A", &short9, pid(1, 1), &why));
    CHECK_EQ_STR("players", "players", why.field);
    /* the roster is ordered strictly by rating (art. 2), whatever order it came in */
    roster rev;
    roster_init(&rev);
    for (int i = ro.n - 1; i >= 0; i--)
        roster_add(&rev, ro.p[i].id, ro.p[i].name, ro.p[i].rating, ro.p[i].invited, NULL);
    CHECK_EQ_INT("team 1", BH_OK, league_add_team(l, team_id(1), "A", &rev, pid(1, 1), NULL));
    const roster *got = league_team_roster(l, 1);
    CHECK_EQ_INT("board 1 is the best rated", 2300, got->p[0].rating);
    CHECK_EQ_INT("board 10", 1850, got->p[9].rating);
    roster_rating tr;
    CHECK_EQ_INT("team rating", BH_OK, roster_team_rating(got, 10, &tr, NULL));
    CHECK_EQ_INT("average of the 10 board players", 2075, tr.avg); /* (2300+1850)/2 */
    CHECK_EQ_INT("id again", BH_EEXIST, league_add_team(l, team_id(1), "B", &ro, pid(1, 1), &why));
    CHECK_EQ_INT("name again", BH_EEXIST,
                 league_add_team(l, team_id(2), "A", &ro, pid(1, 1), &why));
    CHECK_EQ_STR("name", "name", why.field);
    CHECK_EQ_INT("player on another team", BH_EEXIST,
                 league_add_team(l, team_id(2), "B", &ro, pid(1, 1), &why));
    CHECK_EQ_STR("players", "players", why.field);
    tfmt_acts a;
    tfmt_acts_init(&a);
    CHECK_EQ_INT("1 of 20 teams", BH_EINVAL, league_start(l, T0, &a, &why));
    CHECK_EQ_STR("teams", "teams", why.field);
    CHECK_EQ_INT("no action", 0, a.n);
    CHECK_EQ_INT("a new roster while registering", BH_OK,
                 league_set_roster(l, team_id(1), &ro, NULL));
    tfmt_acts_fini(&a);
    league_free(l);
}

/* In registration a team leaves (the teams after it move up, its players may register again
 * elsewhere); after the draw it cannot (the groups are made). */
static void team_removed(void)
{
    league_config c;
    league_config_default(&c);
    c.teams = 4;
    c.groups = 2;
    c.boards = 2;
    league *l = league_new(LID, &c);
    int r[3] = {2300, 2200, 2100};
    for (int t = 1; t <= 3; t++) {
        roster ro;
        make_roster(&ro, t, r, 2);
        char name[24];
        snprintf(name, sizeof name, "T%d", t);
        CHECK_EQ_INT("registered", BH_OK,
                     league_add_team(l, team_id(t), name, &ro, pid(t, 1), NULL));
    }
    refusal why = {0};
    CHECK_EQ_INT("T1 leaves", BH_OK, league_remove_team(l, team_id(1), &why));
    CHECK_EQ_INT("two left", 2, league_n_teams(l));
    CHECK_EQ_INT("T2 is number 1", 1, league_team_tid(l, team_id(2)));
    CHECK_EQ_INT("not twice", BH_ENOTFOUND, league_remove_team(l, team_id(1), &why));
    CHECK_EQ_STR("field", "team", why.field);
    for (int t = 1; t <= 4; t += 3) { /* T1's players again (a new team id), and a fourth */
        roster ro;
        make_roster(&ro, t, r, 2);
        CHECK_EQ_INT(
            "a team in its place", BH_OK,
            league_add_team(l, team_id(t + 10), t == 1 ? "T1b" : "T4", &ro, pid(t, 1), NULL));
    }
    tfmt_acts a;
    tfmt_acts_init(&a);
    CHECK_EQ_INT("the draw", BH_OK, league_start(l, T0, &a, &why));
    CHECK_EQ_INT("no leaving after the draw", BH_ESTATE, league_remove_team(l, team_id(2), &why));
    CHECK_EQ_STR("field", "tournament", why.field);
    tfmt_acts_fini(&a);
    league_free(l);
}

/* ---- the group stage's schedule ------------------------------------------------------------ */

static const int R20[20] = {2250, 2210, 2180, 2150, 2120, 2100, 2095, 2080, 2040, 2010,
                            2005, 1990, 1985, 1960, 1950, 1930, 1900, 1880, 1850, 1800};

static void seed003_schedule(void)
{
    league *l = make_league(20, 4, 10, R20);
    tfmt_acts a;
    tfmt_acts_init(&a);
    CHECK_EQ_INT("start", BH_OK, league_start(l, T0, &a, NULL));
    l = rt(l);
    CHECK_EQ_STR("a name with spaces and %% back from the stored text", "Team 1 (100% ok)",
                 league_team_name(l, 1));
    const groups_draw *d = league_draw(l);
    CHECK(d != NULL);
    /* art. 1: the 4 best head the groups */
    for (int g = 0; g < 4; g++)
        CHECK_EQ_INT("head", g, d->team[g][0]);
    /* 4 groups x 10 matches (5 teams, single round robin) x 10 boards, one game a board */
    CHECK_EQ_INT("matches", 40, league_n_matches(l, LEAGUE_STAGE_GROUPS));
    CHECK_EQ_INT("games a match", 10, league_games_per_match(l, LEAGUE_STAGE_GROUPS));
    CHECK_EQ_INT("a send notice per game", 400, count_note(&a, LEAGUE_N_SEND, 0));
    CHECK_EQ_INT("stage action", 1, count_kind(&a, TFMT_ACT_ROUND));
    int64_t at;
    CHECK_MSG(!league_next_instant(l, &at), "nothing sent: no deadline runs");
    /* the order of the published Berger table for 6 (5 teams, 6 the bye) in each group */
    char *tab = bh_test_data_file("berger/fide-c05-annex1.txt", NULL);
    CHECK(tab != NULL);
    int want[10][2], nw = 0;
    for (char *p = tab; p && *p && nw < 10;) {
        int n, r, off;
        if (sscanf(p, "%d %d:%n", &n, &r, &off) == 2 && n == 6) {
            char *q = p + off;
            int w, b, o;
            while (sscanf(q, " %d-%d%n", &w, &b, &o) == 2) {
                if (w != 6 && b != 6) {
                    want[nw][0] = w;
                    want[nw][1] = b;
                    nw++;
                }
                q += o;
            }
        }
        p = strchr(p, '\n');
        p = p ? p + 1 : NULL;
    }
    free(tab);
    CHECK_EQ_INT("pairs in the table of 6 without the bye", 10, nw);
    int wcount[21][10] = {{0}}, bcount[21][10] = {{0}}, matches[21] = {0};
    for (int g = 0; g < 4; g++) {
        int k = 0;
        for (int mi = 0; mi < 40; mi++) {
            int64_t f, s;
            int grp, rnd;
            league_match(l, LEAGUE_STAGE_GROUPS, mi, &f, &s, &grp, &rnd);
            if (grp != g)
                continue;
            int nf = 0, ns = 0;
            for (int n = 0; n < 5; n++) {
                nf = d->team[g][n] + 1 == tid_of(l, f) ? n + 1 : nf;
                ns = d->team[g][n] + 1 == tid_of(l, s) ? n + 1 : ns;
            }
            CHECK_MSG(k < 10 && nf == want[k][0] && ns == want[k][1],
                      "group %c match %d: %d-%d, table %d-%d", 'A' + g, k, nf, ns, want[k][0],
                      want[k][1]);
            k++;
            matches[tid_of(l, f)]++;
            matches[tid_of(l, s)]++;
            for (int b = 0; b < 10; b++) {
                const league_game *x = league_game_get(l, K(LEAGUE_STAGE_GROUPS, mi, 0, b));
                CHECK(x->c.sender == CHAL_WHITE); /* art. 5: White sends */
                CHECK(x->c.state == CHAL_NEW);
                wcount[tid_of(l, x->team[0])][b]++;
                bcount[tid_of(l, x->team[1])][b]++;
                int to = 0;
                for (int i = 0; i < a.n; i++)
                    if (a.v[i].kind == TFMT_ACT_NOTICE && a.v[i].notice.note == LEAGUE_N_SEND &&
                        a.v[i].key.match == mi && a.v[i].key.board == b)
                        to = a.v[i].notice.to;
                CHECK_EQ_INT("send notice to White", x->c.player[CHAL_WHITE], to);
            }
        }
    }
    /* art. 3: each player 4 games, 2 White and 2 Black */
    for (int t = 1; t <= 20; t++) {
        CHECK_EQ_INT("4 matches a team", 4, matches[t]);
        for (int b = 0; b < 10; b++)
            CHECK_MSG(wcount[t][b] == 2 && bcount[t][b] == 2, "team %d board %d: %dW %dB", t, b + 1,
                      wcount[t][b], bcount[t][b]);
    }
    refusal why = {0};
    CHECK_EQ_INT("again", BH_ESTATE, league_start(l, T0, &a, &why));
    CHECK_EQ_INT("roster change in the group stage", BH_ESTATE,
                 league_set_roster(l, team_id(1), league_team_roster(l, 1), &why));
    tfmt_acts_fini(&a);
    league_free(l);
}

/* ---- the ranking chain (art. 6) and the bracket from it ------------------------------------ */

/* 8 teams rated 2400, 2350, ... 2050: the draw puts 1, 4, 5, 8 in A and 2, 3, 6, 7 in B (pot 2
 * crosswise: both sums 4650; pot 3: 2200 to A; pot 4 crosswise again: 8900 each). */
static const int R8[8] = {2400, 2350, 2300, 2250, 2200, 2150, 2100, 2050};

static league *small_started(void)
{
    league *l = make_league(8, 2, 4, R8);
    tfmt_acts a;
    tfmt_acts_init(&a);
    CHECK_EQ_INT("start", BH_OK, league_start(l, T0, &a, NULL));
    tfmt_acts_fini(&a);
    return rt(l);
}

static void ranking_chain_and_bracket(void)
{
    league *l = small_started();
    const groups_draw *d = league_draw(l);
    const int A[4] = {1, 4, 5, 8}, Bg[4] = {2, 3, 6, 7};
    for (int n = 0; n < 4; n++) {
        CHECK_EQ_INT("group A by hand", A[n], d->team[0][n] + 1);
        CHECK_EQ_INT("group B by hand", Bg[n], d->team[1][n] + 1);
    }
    /* group A, number i's points x2 per board (4 boards). Worked out by hand:
     * 1-2 2:2, 1-3 2.5:1.5, 1-4 2.5:1.5, 2-3 3.5:0.5, 2-4 3.5:0.5, 3-4 2:2.
     * MP: 1 = 5, 2 = 5, 3 = 1, 4 = 1; GP: 1 = 7, 2 = 9, 3 = 4, 4 = 4.
     * So 2 before 1 (art. 6 a: game points), 4 (2050) before 3 (2200) (art. 6 b: the LOWER
     * rating). Expected: team 4, team 1, team 8, team 5. */
    const int draw2[4] = {2, 1, 1, 0}, win25[4] = {2, 2, 1, 0}, win35[4] = {2, 2, 2, 1};
    l = group_result(l, 0, 1, 2, draw2, T0 + DAY);
    l = group_result(l, 0, 1, 3, win25, T0 + DAY);
    l = group_result(l, 0, 1, 4, win25, T0 + DAY);
    l = group_result(l, 0, 2, 3, win35, T0 + DAY);
    l = group_result(l, 0, 2, 4, win35, T0 + DAY);
    l = group_result(l, 0, 3, 4, draw2, T0 + DAY);
    league_row rows[GROUPS_MAX_S];
    CHECK_EQ_INT("rows", 4, league_group_table(l, 0, rows, GROUPS_MAX_S));
    const int orderA[4] = {4, 1, 8, 5}, mpA[4] = {5, 5, 1, 1}, gp2A[4] = {18, 14, 8, 8};
    for (int i = 0; i < 4; i++) {
        CHECK_EQ_INT("A order", orderA[i], rows[i].tid);
        CHECK_EQ_INT("A MP", mpA[i], rows[i].mp);
        CHECK_EQ_INT("A GP x2", gp2A[i], rows[i].gp2);
        CHECK_EQ_INT("A played", 3, rows[i].played);
    }
    CHECK(league_bracket(l) == NULL); /* group B still open */
    /* group B: every match 2:2, so MP 3 and GP 6 each: the lower rating first */
    for (int i = 1; i <= 4; i++)
        for (int j = i + 1; j <= 4; j++)
            l = group_result(l, 1, i, j, draw2, T0 + 2 * DAY);
    league_group_table(l, 1, rows, GROUPS_MAX_S);
    const int orderB[4] = {7, 6, 3, 2};
    for (int i = 0; i < 4; i++) {
        CHECK_EQ_INT("B order by the lower rating", orderB[i], rows[i].tid);
        CHECK_EQ_INT("B MP", 3, rows[i].mp);
        CHECK_EQ_INT("B GP x2", 12, rows[i].gp2);
    }
    CHECK_EQ_INT("between stages", LEAGUE_BETWEEN, league_status(l));
    const bracket *kb = league_bracket(l);
    CHECK(kb != NULL);
    /* two groups: semi-finals 1A-2B (team 4 - team 6) and 2A-1B (team 1 - team 7) */
    CHECK_EQ_INT("SF1 1A", 4, kb->m[BRACKET_SF1].team[0]);
    CHECK_EQ_INT("SF1 2B", 6, kb->m[BRACKET_SF1].team[1]);
    CHECK_EQ_INT("SF2 2A", 1, kb->m[BRACKET_SF2].team[0]);
    CHECK_EQ_INT("SF2 1B", 7, kb->m[BRACKET_SF2].team[1]);
    CHECK_EQ_INT("no QF", 0, kb->m[BRACKET_QF1].team[0]);
    /* the TRF of the group stage: a 310 record per team with its MP and GP, and team 4
     * (first in A: MP 5, GP 9) */
    char *trf = league_trf_groups(l);
    CHECK_EQ_INT("310 records", 8, count_str(trf, "\n310 "));
    CHECK_EQ_INT("001 records: 8 teams of 6", 48, count_str(trf, "\n001 "));
    const char *t4 = strstr(trf, "310   4 Team 4");
    CHECK(t4 != NULL);
    if (t4) {
        double mpv = 0, gpv = 0;
        int pl = 0, rat = 0;
        CHECK_EQ_INT("310 fields", 4, sscanf(t4 + 41, "%d %lf %lf %d", &rat, &mpv, &gpv, &pl));
        CHECK_EQ_INT("rating", 2250, rat);
        CHECK_EQ_DBL("MP", 5.0, mpv, 1e-9);
        CHECK_EQ_DBL("GP", 9.0, gpv, 1e-9);
        CHECK_EQ_INT("place", 1, pl);
    }
    free(trf);
    char *tables = league_tables_text(l);
    CHECK(strstr(tables, "Group A") && strstr(tables, "Team 4"));
    free(tables);
    league_free(l);
}

static void exact_tie_by_number(void)
{
    const int eq[8] = {2000, 2000, 2000, 2000, 2000, 2000, 2000, 2000};
    league *l = make_league(8, 2, 4, eq);
    tfmt_acts a;
    tfmt_acts_init(&a);
    CHECK_EQ_INT("start", BH_OK, league_start(l, T0, &a, NULL));
    tfmt_acts_fini(&a);
    const int draw2[4] = {2, 1, 1, 0};
    for (int g = 0; g < 2; g++)
        for (int i = 1; i <= 4; i++)
            for (int j = i + 1; j <= 4; j++)
                l = group_result(l, g, i, j, draw2, T0 + DAY);
    league_row rows[GROUPS_MAX_S];
    league_group_table(l, 0, rows, GROUPS_MAX_S);
    /* all equal: the number in the group table decides (our rule) */
    for (int i = 0; i < 4; i++)
        CHECK_EQ_INT("by number", i + 1, rows[i].number);
    league_free(l);
}

/* ---- the knockout through the event: the drawn match and recomputed ratings (art. 7) ------- */

static void knockout_drawn_by_recomputed_rating(void)
{
    league *l = small_started();
    const int draw2[4] = {2, 1, 1, 0}, win25[4] = {2, 2, 1, 0}, win35[4] = {2, 2, 2, 1};
    l = group_result(l, 0, 1, 2, draw2, T0 + DAY);
    l = group_result(l, 0, 1, 3, win25, T0 + DAY);
    l = group_result(l, 0, 1, 4, win25, T0 + DAY);
    l = group_result(l, 0, 2, 3, win35, T0 + DAY);
    l = group_result(l, 0, 2, 4, win35, T0 + DAY);
    l = group_result(l, 0, 3, 4, draw2, T0 + DAY);
    for (int i = 1; i <= 4; i++)
        for (int j = i + 1; j <= 4; j++)
            l = group_result(l, 1, i, j, draw2, T0 + 2 * DAY);
    /* SF1 is team 4 (2250) - team 6 (2150). Before the semi-finals team 6's roster is
     * re-rated to 2300 (art. 7: ratings change; recomputed before the stage), so in a drawn
     * SF1 team 4 is now the LOWER rated and goes through. */
    int r[4] = {2300, 2300, 2300, 2300};
    roster ro;
    make_roster(&ro, 6, r, 4);
    refusal why = {0};
    CHECK_EQ_INT("new roster between stages", BH_OK, league_set_roster(l, team_id(6), &ro, &why));
    tfmt_acts a;
    tfmt_acts_init(&a);
    CHECK_EQ_INT("semi-finals", BH_OK, league_stage_start(l, T0 + 180 * DAY, &a, &why));
    l = rt(l);
    CHECK_EQ_INT("stage", LEAGUE_STAGE_SF, league_stage(l));
    roster_rating g6, s6;
    CHECK(league_team_rating(l, 6, LEAGUE_STAGE_GROUPS, &g6) && g6.avg == 2150);
    CHECK(league_team_rating(l, 6, LEAGUE_STAGE_SF, &s6) && s6.avg == 2300);
    /* art. 7: two games a board, colours reversed in game 2; art. 5.1 (our reading for the
     * first stage of a 2-group bracket): the second-placed team's players send */
    CHECK_EQ_INT("games a match", 8, league_games_per_match(l, LEAGUE_STAGE_SF));
    for (int b = 0; b < 4; b++) {
        const league_game *g1 = league_game_get(l, K(LEAGUE_STAGE_SF, BRACKET_SF1, 0, b));
        const league_game *g2 = league_game_get(l, K(LEAGUE_STAGE_SF, BRACKET_SF1, 1, b));
        CHECK(g1->team[0] == g2->team[1] && g1->team[1] == g2->team[0]);
        CHECK_EQ_INT("board b's players meet twice", g1->c.player[0], g2->c.player[1]);
        /* team 6 is 2B: its player sends in both games */
        CHECK_EQ_INT("2B sends game 1", (int)(6 * 1000 + b + 1), g1->c.player[g1->c.sender]);
        CHECK_EQ_INT("2B sends game 2", (int)(6 * 1000 + b + 1), g2->c.player[g2->c.sender]);
        CHECK_MSG(b % 2 != 0 || g1->team[0] == team_id(4), "odd board %d: 1A White in game 1",
                  b + 1);
    }
    tfmt_acts_fini(&a);
    const int all_draw[4] = {1, 1, 1, 1}, sf2[4] = {2, 2, 1, 1};
    l = decide_match(l, LEAGUE_STAGE_SF, BRACKET_SF1, all_draw, T0 + 181 * DAY);
    const bracket *kb = league_bracket(l);
    CHECK_EQ_INT("drawn 8:8", 8, kb->m[BRACKET_SF1].gp2[0]);
    CHECK_EQ_INT("by rating", BRACKET_BY_RATING, kb->m[BRACKET_SF1].by);
    CHECK_EQ_INT("the lower (recomputed) goes through", 4, bracket_winner(kb, BRACKET_SF1));
    l = decide_match(l, LEAGUE_STAGE_SF, BRACKET_SF2, sf2, T0 + 181 * DAY);
    kb = league_bracket(l);
    CHECK_EQ_INT("SF2 on points", BRACKET_BY_POINTS, kb->m[BRACKET_SF2].by);
    CHECK_EQ_INT("SF2 winner 2A", 1, bracket_winner(kb, BRACKET_SF2));
    CHECK_EQ_INT("between", LEAGUE_BETWEEN, league_status(l));
    tfmt_acts_init(&a);
    CHECK_EQ_INT("final", BH_OK, league_stage_start(l, T0 + 200 * DAY, &a, NULL));
    tfmt_acts_fini(&a);
    l = rt(l);
    CHECK_EQ_INT("final: W(SF1) first", 4, league_bracket(l)->m[BRACKET_FINAL].team[0]);
    CHECK_EQ_INT("final: W(SF2) second", 1, league_bracket(l)->m[BRACKET_FINAL].team[1]);
    /* a drawn final between team 4 (2250) and team 1 (2400): team 4 (art. 7: also the final) */
    const int fd[4] = {2, 0, 1, 1};
    l = decide_match(l, LEAGUE_STAGE_FINAL, BRACKET_FINAL, fd, T0 + 201 * DAY);
    CHECK_EQ_INT("finished", LEAGUE_FINISHED, league_status(l));
    CHECK_EQ_INT("winner", 4, bracket_winner(league_bracket(l), BRACKET_FINAL));
    char *br = league_bracket_text(l);
    CHECK(strstr(br, "lower rating") != NULL);
    free(br);
    league_free(l);
}

static void knockout_equal_ratings_lot(void)
{
    const int eq[8] = {2000, 2000, 2000, 2000, 2000, 2000, 2000, 2000};
    league *l = make_league(8, 2, 4, eq);
    tfmt_acts a;
    tfmt_acts_init(&a);
    league_start(l, T0, &a, NULL);
    const int draw2[4] = {2, 1, 1, 0}, all_draw[4] = {1, 1, 1, 1};
    for (int g = 0; g < 2; g++)
        for (int i = 1; i <= 4; i++)
            for (int j = i + 1; j <= 4; j++)
                l = group_result(l, g, i, j, draw2, T0 + DAY);
    CHECK_EQ_INT("semi-finals", BH_OK, league_stage_start(l, T0 + 2 * DAY, &a, NULL));
    tfmt_acts_fini(&a);
    l = decide_match(l, LEAGUE_STAGE_SF, BRACKET_SF1, all_draw, T0 + 3 * DAY);
    CHECK_EQ_INT("lot due", BRACKET_LOT_DUE, league_bracket(l)->m[BRACKET_SF1].by);
    tfmt_acts_init(&a);
    refusal why;
    CHECK_EQ_INT("lot", BH_OK, league_lot(l, BRACKET_SF1, 1, T0 + 3 * DAY, &a, &why));
    CHECK_EQ_INT("lot again", BH_ESTATE, league_lot(l, BRACKET_SF1, 0, T0 + 3 * DAY, &a, &why));
    tfmt_acts_fini(&a);
    l = rt(l); /* the lot is stored */
    CHECK_EQ_INT("by lot", BRACKET_BY_LOT, league_bracket(l)->m[BRACKET_SF1].by);
    CHECK_EQ_INT("winner by lot", league_bracket(l)->m[BRACKET_SF1].team[1],
                 bracket_winner(league_bracket(l), BRACKET_SF1));
    league_free(l);
}

/* ---- challenges through the event (art. 4, 5) ---------------------------------------------- */

/* Game K(groups, mi 0, board b) and its players. */
static void players(const league *l, tfmt_key k, int *w, int *b)
{
    const league_game *g = league_game_get(l, k);
    *w = g->c.player[CHAL_WHITE];
    *b = g->c.player[CHAL_BLACK];
}

static void challenge_accepted_and_countered(void)
{
    league *l = small_started();
    tfmt_key k = K(LEAGUE_STAGE_GROUPS, 0, 0, 0);
    int w, b;
    players(l, k, &w, &b);
    tfmt_acts a;
    tfmt_acts_init(&a);
    refusal why = {0};
    int64_t t = T0 + HOUR;
    CHECK_EQ_INT("a stranger sends", BH_ESEAT, league_send(l, k, 4242, 0, t, &a, &why));
    CHECK_EQ_STR("rule", "F-CHALLENGE", why.rule);
    CHECK_EQ_STR("field", "player", why.field);
    CHECK_EQ_INT("Black sends", BH_ETURN, league_send(l, k, b, 0, t, &a, &why));
    CHECK_EQ_INT("unknown game", BH_ENOTFOUND,
                 league_send(l, K(LEAGUE_STAGE_GROUPS, 99, 0, 0), w, 0, t, &a, &why));
    CHECK_EQ_STR("game", "game", why.field);
    CHECK_EQ_INT("no action", 0, a.n);
    int64_t start = t + 2 * DAY;
    CHECK_EQ_INT("White sends", BH_OK, league_send(l, k, w, start, t, &a, &why));
    char *fx = league_fixtures_text(l, t + DAY);
    char want[160];
    snprintf(want, sizeof want,
             "board 1: Player %d (%d) (White) - Player %d (%d), sent by White: proposed", w, w, b,
             b);
    CHECK_MSG(strstr(fx, want) != NULL, "fixtures: %s", fx);
    CHECK_MSG(strstr(fx, "(in 9d 0h)") != NULL, "a day after sending, 9 days left: %s", fx);
    /* the deadline as a date (ISO 8601, UTC), not raw µs: sent 1 March 2005 01:00 + 10 days */
    CHECK_MSG(strstr(fx, "to answer by 2005-03-11T01:00Z (in 9d 0h)") != NULL, "fixtures: %s", fx);
    free(fx);
    CHECK_EQ_INT("notice to Black", 1, count_note(&a, LEAGUE_N_PROPOSED, b));
    for (int i = 0; i < a.n; i++)
        if (a.v[i].notice.note == LEAGUE_N_PROPOSED)
            CHECK(a.v[i].notice.deadline_us ==
                  (uint64_t)(t + 10 * DAY)); /* art. 5: valid 10 days */
    l = rt(l);
    int64_t at;
    CHECK(league_next_instant(l, &at) && at == t + 10 * DAY);
    CHECK_EQ_INT("White accepts his own", BH_ETURN, league_accept(l, k, w, t + HOUR, &a, &why));
    /* art. 4: 10+1 by agreement of both */
    CHECK_EQ_INT("tc White", BH_OK, league_agree_tc(l, k, w, true, t + HOUR, &a, NULL));
    CHECK_EQ_INT("tc stranger", BH_ESEAT, league_agree_tc(l, k, 5555, true, t + HOUR, &a, &why));
    l = rt(l);
    tfmt_acts_fini(&a);
    tfmt_acts_init(&a);
    CHECK_EQ_INT("Black accepts", BH_OK, league_accept(l, k, b, t + DAY, &a, NULL));
    CHECK_EQ_INT("agreed to both", 2, count_note(&a, LEAGUE_N_AGREED, 0));
    CHECK_EQ_INT("no game before its time", 0, count_kind(&a, TFMT_ACT_CREATE_GAME));
    l = rt(l);
    CHECK(league_next_instant(l, &at) && at == start);
    CHECK_EQ_INT("tc Black (before the game)", BH_OK,
                 league_agree_tc(l, k, b, true, t + DAY, &a, NULL));
    tfmt_acts_fini(&a);
    tfmt_acts_init(&a);
    CHECK_EQ_INT("nothing a µs early", 0, league_on_time(l, start - 1, &a));
    CHECK_EQ_INT("the game at its start", 1, league_on_time(l, start, &a));
    const tfmt_act *cg = find_kind(&a, TFMT_ACT_CREATE_GAME);
    CHECK(cg != NULL);
    if (cg) {
        CHECK_EQ_INT("White", w, cg->create.player[0]);
        CHECK_EQ_INT("Black", b, cg->create.player[1]);
        CHECK_EQ_INT("10 min", 600000, (int)cg->create.base_ms);
        CHECK_EQ_INT("+1 s", 1000, (int)cg->create.inc_ms);
        CHECK_EQ_STR("ruleset", "fide", cg->create.ruleset);
        CHECK_EQ_INT("waiting time", 600, (int)cg->create.wait_s);
    }
    l = rt(l);
    CHECK_EQ_INT("once", 0, league_on_time(l, start + DAY, &a));
    CHECK_EQ_INT("tc after the start", BH_ESTATE, league_agree_tc(l, k, b, false, start, &a, &why));
    CHECK_EQ_INT("result", BH_OK, league_game_over(l, k, BH_RES_DRAW, start + HOUR, &a, NULL));
    CHECK_EQ_INT("result twice", BH_ESTATE,
                 league_game_over(l, k, BH_RES_WIN1, start + HOUR, &a, &why));
    l = rt(l);
    CHECK_EQ_INT("stored", BH_RES_DRAW, league_game_get(l, k)->res);

    /* countered: board 2, Black proposes another time, White accepts; 5+1 by default */
    tfmt_key k2 = K(LEAGUE_STAGE_GROUPS, 0, 0, 1);
    players(l, k2, &w, &b);
    tfmt_acts_fini(&a);
    tfmt_acts_init(&a);
    CHECK_EQ_INT("send now", BH_OK, league_send(l, k2, w, 0, t, &a, NULL));
    l = rt(l);
    CHECK_EQ_INT("White counters", BH_ETURN,
                 league_counter(l, k2, w, t + 5 * DAY, t + DAY, &a, &why));
    CHECK_EQ_INT("Black counters", BH_OK, league_counter(l, k2, b, t + 5 * DAY, t + DAY, &a, NULL));
    CHECK_EQ_INT("counter to White", 1, count_note(&a, LEAGUE_N_PROPOSED, w));
    l = rt(l);
    /* the counter-proposal opens a fresh 10-day window for White (chal.h) */
    CHECK(league_next_instant(l, &at));
    CHECK_EQ_INT("Black accepts his own", BH_ETURN, league_accept(l, k2, b, t + 2 * DAY, &a, &why));
    CHECK_EQ_INT("White accepts", BH_OK, league_accept(l, k2, w, t + 2 * DAY, &a, NULL));
    l = rt(l);
    tfmt_acts_fini(&a);
    tfmt_acts_init(&a);
    league_on_time(l, t + 5 * DAY, &a);
    cg = find_kind(&a, TFMT_ACT_CREATE_GAME);
    CHECK(cg && cg->create.base_ms == 300000 && cg->create.inc_ms == 1000); /* art. 4: 5+1 */
    tfmt_acts_fini(&a);
    league_free(l);
}

static void challenge_lapsed_substituted_and_forfeit(void)
{
    league *l = small_started();
    tfmt_acts a;
    tfmt_acts_init(&a);
    refusal why = {0};
    tfmt_key k = K(LEAGUE_STAGE_GROUPS, 0, 0, 0);
    int w, b;
    players(l, k, &w, &b);
    const league_game *g = league_game_get(l, k);
    int bt = tid_of(l, g->team[1]), wt = tid_of(l, g->team[0]);
    int64_t t = T0 + HOUR;
    CHECK_EQ_INT("send", BH_OK, league_send(l, k, w, 0, t, &a, NULL));
    l = rt(l);
    tfmt_acts_fini(&a);
    tfmt_acts_init(&a);
    CHECK_EQ_INT("a µs before 10 days", 0, league_on_time(l, t + 10 * DAY - 1, &a));
    /* an answer at the deadline is too late: the call applies the time first, the lapse
     * fires in it, and the answer finds the challenge lapsed */
    CHECK_EQ_INT("answer at the deadline", BH_ESTATE,
                 league_accept(l, k, b, t + 10 * DAY, &a, &why));
    CHECK_EQ_INT("the lapse fired in that call", 1, count_note(&a, LEAGUE_N_LAPSED, w));
    tfmt_acts_fini(&a);
    l = rt(l);
    tfmt_acts_init(&a);
    g = league_game_get(l, k);
    CHECK_EQ_INT("lapsed", CHAL_LAPSED, g->c.state);
    CHECK_EQ_INT("fires once", 0, league_on_time(l, t + 11 * DAY, &a));
    /* art. 5: the non-answering team's captain substitutes; rated not above the replaced */
    int reserve = pid(bt, 5), other_board = pid(bt, 2);
    CHECK_EQ_INT("a stranger", BH_ENOTCAPTAIN,
                 league_substitute(l, k, 31337, reserve, t + 10 * DAY + HOUR, &a, &why));
    CHECK_EQ_STR("captain", "captain", why.field);
    CHECK_EQ_INT(
        "the sender's captain", BH_ESTATE,
        league_substitute(l, k, league_team_captain(l, wt), pid(wt, 5), t + 10 * DAY, &a, &why));
    CHECK_EQ_INT(
        "not on the roster", BH_ENOTFOUND,
        league_substitute(l, k, league_team_captain(l, bt), 999999, t + 10 * DAY, &a, &why));
    CHECK_EQ_INT(
        "plays another board", BH_EEXIST,
        league_substitute(l, k, league_team_captain(l, bt), other_board, t + 10 * DAY, &a, &why));
    /* make board 1's Black the one rated lowest? board 1 is rated as everyone (flat 4-board
     * fixture): the reserve is 10 below, accepted; nobody is above a flat board 1 on the
     * roster, so the rating refusal is tested on a re-rated roster below */
    CHECK_EQ_INT("substitute", BH_OK,
                 league_substitute(l, k, league_team_captain(l, bt), reserve, t + 10 * DAY + HOUR,
                                   &a, NULL));
    CHECK_EQ_INT("told", 1, count_note(&a, LEAGUE_N_SUBSTITUTED, reserve));
    l = rt(l);
    g = league_game_get(l, k);
    CHECK_EQ_INT("the substitute plays", reserve, g->c.player[CHAL_BLACK]);
    int64_t t2 = t + 11 * DAY;
    CHECK_EQ_INT("the replaced player answers no more", BH_ESEAT,
                 league_send(l, k, b, 0, t2, &a, &why));
    CHECK_EQ_INT("second challenge", BH_OK, league_send(l, k, w, 0, t2, &a, NULL));
    l = rt(l);
    int64_t at;
    CHECK(league_next_instant(l, &at) && at == t2 + 5 * DAY); /* art. 5: valid 5 days */
    CHECK_EQ_INT("the substitute accepts", BH_OK, league_accept(l, k, reserve, t2 + DAY, &a, NULL));
    CHECK_EQ_INT("created at once (now)", 1, count_kind(&a, TFMT_ACT_CREATE_GAME));
    l = rt(l);

    /* expired twice -> forfeit: board 2 */
    tfmt_key k2 = K(LEAGUE_STAGE_GROUPS, 0, 0, 1);
    players(l, k2, &w, &b);
    tfmt_acts_fini(&a);
    tfmt_acts_init(&a);
    CHECK_EQ_INT("send", BH_OK, league_send(l, k2, w, 0, t, &a, NULL));
    l = rt(l);
    tfmt_acts_fini(&a);
    tfmt_acts_init(&a);
    CHECK_EQ_INT("lapse", 1, league_on_time(l, t + 10 * DAY, &a));
    CHECK_EQ_INT("sender told", 1, count_note(&a, LEAGUE_N_LAPSED, w));
    CHECK_EQ_INT("captain told", 1,
                 count_note(&a, LEAGUE_N_SUBST,
                            league_team_captain(l, tid_of(l, league_game_get(l, k2)->team[1]))));
    l = rt(l);
    CHECK_EQ_INT("second", BH_OK, league_send(l, k2, w, 0, t + 12 * DAY, &a, NULL));
    l = rt(l);
    tfmt_acts_fini(&a);
    tfmt_acts_init(&a);
    CHECK_EQ_INT("a µs before 5 days", 0, league_on_time(l, t + 17 * DAY - 1, &a));
    l = rt(l);
    CHECK_EQ_INT("forfeit at 5 days", 1, league_on_time(l, t + 17 * DAY, &a));
    CHECK_EQ_INT("both told", 2, count_note(&a, LEAGUE_N_FORFEIT, 0));
    for (int i = 0; i < a.n; i++)
        if (a.v[i].notice.note == LEAGUE_N_FORFEIT)
            CHECK(a.v[i].notice.at_us == (uint64_t)(t + 17 * DAY));
    l = rt(l);
    CHECK_EQ_INT("Black loses by forfeit", BH_RES_FF_W, league_game_get(l, k2)->res);
    CHECK_EQ_INT("once", 0, league_on_time(l, t + 30 * DAY, &a));
    CHECK_EQ_INT("decided", BH_EDECIDED, league_send(l, k2, w, 0, t + 30 * DAY, &a, &why));
    int x, y;
    league_match_score(l, LEAGUE_STAGE_GROUPS, 0, &x, &y);
    int64_t first, second;
    league_match(l, LEAGUE_STAGE_GROUPS, 0, &first, &second, NULL, NULL);
    CHECK_EQ_INT("the forfeit scores a point for White's team", 2,
                 league_game_get(l, k2)->team[0] == first ? x : y);
    tfmt_acts_fini(&a);
    league_free(l);
}

static void substitute_rated_above_refused(void)
{
    /* boards are ordered by rating, so a free reserve is never rated above a board player;
     * but a second substitution is measured against the first substitute (art. 5: "rated
     * not above the replaced player") */
    league *l = small_started();
    tfmt_acts a;
    tfmt_acts_init(&a);
    refusal why = {0};
    tfmt_key k = K(LEAGUE_STAGE_GROUPS, 0, 0, 3);
    int w, b;
    players(l, k, &w, &b);
    int bt = tid_of(l, league_game_get(l, k)->team[1]);
    int cap = league_team_captain(l, bt), res1 = pid(bt, 5), res2 = pid(bt, 6);
    CHECK_EQ_INT("before a lapse", BH_ESTATE, league_substitute(l, k, cap, res2, T0, &a, &why));
    CHECK_EQ_INT("send", BH_OK, league_send(l, k, w, 0, T0, &a, NULL));
    league_on_time(l, T0 + 10 * DAY, &a);
    CHECK_EQ_INT("reserve 2 (20 below)", BH_OK,
                 league_substitute(l, k, cap, res2, T0 + 10 * DAY, &a, NULL));
    l = rt(l);
    CHECK_EQ_INT("reserve 1 (10 below) is above reserve 2", BH_ERATING,
                 league_substitute(l, k, cap, res1, T0 + 10 * DAY, &a, &why));
    CHECK_EQ_STR("rule", "F-CHALLENGE", why.rule);
    CHECK_EQ_STR("field", "rating", why.field);
    CHECK_EQ_INT("the player replaced, rated above too", BH_ERATING,
                 league_substitute(l, k, cap, b, T0 + 10 * DAY, &a, &why));
    CHECK_EQ_INT("still reserve 2", res2, league_game_get(l, k)->c.player[CHAL_BLACK]);
    tfmt_acts_fini(&a);
    league_free(l);
}

static void director_extends(void)
{
    league *l = small_started();
    tfmt_acts a;
    tfmt_acts_init(&a);
    refusal why = {0};
    tfmt_key k = K(LEAGUE_STAGE_GROUPS, 1, 0, 2);
    int w, b;
    players(l, k, &w, &b);
    int64_t t = T0 + 3 * HOUR;
    CHECK_EQ_INT("nothing to extend", BH_ESTATE, league_extend(l, k, t + 12 * DAY, t, &a, &why));
    CHECK_EQ_INT("send", BH_OK, league_send(l, k, w, 0, t, &a, NULL));
    CHECK_EQ_INT("not later", BH_EINVAL, league_extend(l, k, t + 9 * DAY, t, &a, &why));
    CHECK_EQ_INT("extend to 12 days", BH_OK, league_extend(l, k, t + 12 * DAY, t + DAY, &a, NULL));
    CHECK_EQ_INT("Black told", 1, count_note(&a, LEAGUE_N_EXTENDED, b));
    l = rt(l);
    int64_t at;
    CHECK(league_next_instant(l, &at) && at == t + 12 * DAY);
    tfmt_acts_fini(&a);
    tfmt_acts_init(&a);
    CHECK_EQ_INT("not at 10 days", 0, league_on_time(l, t + 10 * DAY, &a));
    CHECK_EQ_INT("an answer on day 11 is in time", BH_OK,
                 league_counter(l, k, b, t + 13 * DAY, t + 11 * DAY, &a, NULL));
    l = rt(l);
    CHECK(league_next_instant(l, &at) && at == t + 21 * DAY); /* a fresh 10 days from day 11 */
    CHECK_EQ_INT("White lets it lapse", 1, league_on_time(l, t + 21 * DAY, &a));
    CHECK_EQ_INT("White is the non-answering side", CHAL_WHITE, league_game_get(l, k)->c.defaulter);
    tfmt_acts_fini(&a);
    league_free(l);
}

/* ---- every deadline once at its instant, across save/load ---------------------------------- */

typedef struct {
    int note, to;
    tfmt_key k;
    int64_t at;
} fired_t;

static int collect(const tfmt_acts *a, fired_t *out, int n, int cap)
{
    for (int i = 0; i < a->n && n < cap; i++)
        if (a->v[i].kind == TFMT_ACT_NOTICE &&
            (a->v[i].notice.note == LEAGUE_N_LAPSED || a->v[i].notice.note == LEAGUE_N_SUBST ||
             a->v[i].notice.note == LEAGUE_N_FORFEIT))
            out[n++] = (fired_t){a->v[i].notice.note, a->v[i].notice.to, a->v[i].key,
                                 a->v[i].notice.at_us};
    return n;
}

/* Run the time out on *lp: tick at each next instant + late (a timer that fires late, or a
 * server that was down), and the sender of a lapsed challenge sends the second one a day
 * after the lapse's instant; restart: save and load after every step. Returns the fired
 * notices in *out; *most the most deadlines one tick fired. */
static int drive(league **lp, int64_t late, bool restart, fired_t *out, int cap, int *most)
{
    struct {
        tfmt_key k;
        int to;
        int64_t at;
    } pend[32];
    int n = 0, np = 0;
    *most = 0;
    for (;;) {
        int64_t at = 0;
        bool have = league_next_instant(*lp, &at);
        int pi = -1;
        for (int i = 0; i < np; i++)
            if (pi < 0 || pend[i].at < pend[pi].at)
                pi = i;
        if (!have && pi < 0)
            break;
        tfmt_acts a;
        tfmt_acts_init(&a);
        if (pi >= 0 && (!have || pend[pi].at <= at + late)) {
            CHECK_EQ_INT("second challenge", BH_OK,
                         league_send(*lp, pend[pi].k, pend[pi].to, 0, pend[pi].at, &a, NULL));
            pend[pi] = pend[--np];
        } else {
            int f = league_on_time(*lp, at + late, &a);
            CHECK_MSG(f >= 1, "the instant told fires something");
            *most = f > *most ? f : *most;
        }
        n = collect(&a, out, n, cap);
        for (int i = 0; i < a.n; i++)
            if (a.v[i].kind == TFMT_ACT_NOTICE && a.v[i].notice.note == LEAGUE_N_LAPSED && np < 32)
                pend[np].k = a.v[i].key, pend[np].to = a.v[i].notice.to,
                pend[np++].at = a.v[i].notice.at_us + DAY;
        tfmt_acts_fini(&a);
        if (restart)
            *lp = rt(*lp);
    }
    return n;
}

static void deadlines_once_across_restarts(void)
{
    /* two copies of one league: `plain` ticks at every instant; `re` is saved and loaded
     * after every step and ticks 3 hours late (several deadlines due at once) */
    league *plain = small_started(), *re = small_started();
    enum { CAP = 256 };
    static fired_t fp[CAP], fr[CAP];
    /* first challenges on the 8 boards of the first two matches, one an hour apart */
    for (int i = 0; i < 8; i++) {
        tfmt_key k = K(LEAGUE_STAGE_GROUPS, i / 4, 0, i % 4);
        int w, b;
        players(plain, k, &w, &b);
        tfmt_acts a;
        tfmt_acts_init(&a);
        CHECK_EQ_INT("send p", BH_OK, league_send(plain, k, w, 0, T0 + i * HOUR, &a, NULL));
        CHECK_EQ_INT("send r", BH_OK, league_send(re, k, w, 0, T0 + i * HOUR, &a, NULL));
        tfmt_acts_fini(&a);
        re = rt(re);
    }
    int most_p, most_r;
    int np = drive(&plain, 0, false, fp, CAP, &most_p);
    int nr = drive(&re, 3 * HOUR, true, fr, CAP, &most_r);
    CHECK_EQ_INT("on time: one deadline a tick", 1, most_p);
    CHECK_MSG(most_r > 1, "late ticks fire several deadlines at once (%d)", most_r);
    /* the same deadlines fired, each once, dated at their instants: 10 days after each
     * first challenge, then 5 days after each second one (art. 5) */
    CHECK_EQ_INT("as many", np, nr);
    int lapses = 0, forfeits = 0;
    for (int i = 0; i < np; i++) {
        int found = 0;
        for (int j = 0; j < nr; j++)
            found += fp[i].note == fr[j].note && fp[i].to == fr[j].to && fp[i].at == fr[j].at &&
                     fp[i].k.match == fr[j].k.match && fp[i].k.board == fr[j].k.board;
        CHECK_MSG(found == 1, "notice %d (note %d) fired %d times after the restarts", i,
                  fp[i].note, found);
        int idx = fp[i].k.match * 4 + fp[i].k.board;
        if (fp[i].note == LEAGUE_N_LAPSED) {
            lapses++;
            CHECK(fp[i].at == T0 + idx * HOUR + 10 * DAY);
        }
        if (fp[i].note == LEAGUE_N_FORFEIT) {
            forfeits++;
            CHECK(fp[i].at == T0 + idx * HOUR + 10 * DAY + DAY + 5 * DAY);
        }
    }
    CHECK_EQ_INT("8 lapses", 8, lapses);
    CHECK_EQ_INT("8 forfeits, both players told", 16, forfeits);
    for (int i = 0; i < 8; i++) {
        tfmt_key k = K(LEAGUE_STAGE_GROUPS, i / 4, 0, i % 4);
        CHECK_EQ_INT("same result", league_game_get(plain, k)->res, league_game_get(re, k)->res);
        CHECK_EQ_INT("Black lost by forfeit", BH_RES_FF_W, league_game_get(re, k)->res);
    }
    league_free(plain);
    league_free(re);
}

/* ---- seeded whole leagues ------------------------------------------------------------------ */

/* What the opponent of a first challenge does (drawn per game). */
enum { PLAN_ACCEPT, PLAN_COUNTER, PLAN_LAPSE, PLAN_FORFEIT };
enum { DO_SEND, DO_ACCEPT, DO_COUNTER, DO_SUBST, DO_RESULT, DO_STAGE, DO_LOT };

#define KEYS (5 * 64 * 2 * LEAGUE_MAX_BOARDS)

typedef struct {
    int64_t at;
    int what;
    tfmt_key k;
    int arg;
} todo_t;

typedef struct {
    league *l;
    uint64_t rng;
    int64_t now;
    todo_t q[4096];
    int nq;
    uint8_t plan[KEYS];
    uint8_t lapses[KEYS], forfeits[KEYS];
    int n_counter, n_lapse, n_forfeit, n_subst, n_created, n_results, n_alt_tc;
    int rerated;  /* the team re-rated before the first knockout stage */
    int drawn_mi; /* the knockout match whose games are all drawn */
    bool finished;
    int64_t winner;
} world_t;

static int kidx(tfmt_key k)
{
    return ((k.round * 64 + k.match) * 2 + k.game) * LEAGUE_MAX_BOARDS + k.board;
}

static uint64_t rnd(world_t *w, uint64_t n)
{
    return bh_splitmix64(&w->rng) % n;
}

static void later(world_t *w, int64_t at, int what, tfmt_key k, int arg)
{
    if (w->nq >= (int)BH_ARRAY_LEN(w->q)) {
        CHECK_MSG(false, "todo queue full");
        return;
    }
    w->q[w->nq++] = (todo_t){at, what, k, arg};
}

/* The players, captains and director react to what the league did. */
static void react(world_t *w, const tfmt_acts *a)
{
    for (int i = 0; i < a->n; i++) {
        const tfmt_act *x = &a->v[i];
        int ix = kidx(x->key);
        const league_game *g = x->kind == TFMT_ACT_NOTICE ? league_game_get(w->l, x->key) : NULL;
        switch (x->kind) {
        case TFMT_ACT_NOTICE:
            if (x->notice.note == LEAGUE_N_SEND) {
                uint64_t p = rnd(w, 100);
                w->plan[ix] = p < 55   ? PLAN_ACCEPT
                              : p < 75 ? PLAN_COUNTER
                              : p < 90 ? PLAN_LAPSE
                                       : PLAN_FORFEIT;
                later(w, w->now + (int64_t)rnd(w, 2 * DAY), DO_SEND, x->key, 0);
            } else if (x->notice.note == LEAGUE_N_PROPOSED && g) {
                bool to_sender = x->notice.to == g->c.player[g->c.sender];
                int plan = w->plan[ix];
                if (to_sender || (g->c.stage == 2 && plan != PLAN_FORFEIT) || plan == PLAN_ACCEPT ||
                    (plan == PLAN_COUNTER && g->c.counters > 0))
                    later(w, w->now + DAY, DO_ACCEPT, x->key, 0);
                else if (plan == PLAN_COUNTER)
                    later(w, w->now + DAY, DO_COUNTER, x->key, 0);
                /* PLAN_LAPSE, PLAN_FORFEIT: no answer */
            } else if (x->notice.note == LEAGUE_N_LAPSED) {
                w->lapses[ix]++;
                w->n_lapse++;
                later(w, w->now + DAY, DO_SEND, x->key, 0);
            } else if (x->notice.note == LEAGUE_N_SUBST) {
                if (rnd(w, 2))
                    later(w, w->now + HOUR, DO_SUBST, x->key, x->notice.to);
            } else if (x->notice.note == LEAGUE_N_FORFEIT) {
                w->forfeits[ix]++;
            }
            break;
        case TFMT_ACT_CREATE_GAME:
            w->n_created++;
            later(w, w->now + HOUR, DO_RESULT, x->key, 0);
            if (x->create.base_ms == 600000)
                w->n_alt_tc++;
            break;
        case LEAGUE_ACT_STAGE_OVER: later(w, w->now + DAY, DO_STAGE, x->key, 0); break;
        case LEAGUE_ACT_LOT_DUE: later(w, w->now, DO_LOT, x->key, 0); break;
        case TFMT_ACT_FINISH:
            w->finished = true;
            w->winner = league_winner(w->l);
            break;
        default: break;
        }
    }
}

static void act(world_t *w, const todo_t *t, tfmt_acts *a)
{
    const league_game *g = t->what <= DO_RESULT ? league_game_get(w->l, t->k) : NULL;
    refusal why = {0};
    int rc = BH_OK;
    switch (t->what) {
    case DO_SEND:
        rc = league_send(w->l, t->k, g->c.player[g->c.sender], 0, w->now, a, &why);
        if (rc == BH_OK && rnd(w, 4) == 0) { /* now and then both want 10+1 (art. 4) */
            league_agree_tc(w->l, t->k, g->c.player[0], true, w->now, a, NULL);
            league_agree_tc(w->l, t->k, g->c.player[1], true, w->now, a, NULL);
        }
        break;
    case DO_ACCEPT: rc = league_accept(w->l, t->k, g->c.player[g->c.turn], w->now, a, &why); break;
    case DO_COUNTER:
        rc = league_counter(w->l, t->k, g->c.player[g->c.turn], w->now + 3 * DAY, w->now, a, &why);
        w->n_counter += rc == BH_OK;
        break;
    case DO_SUBST: {
        /* the captain puts in a reserve (rated below every board player), the first who does
         * not play another board of the match */
        int tid = tid_of(w->l, g->team[g->c.defaulter]), nb = league_config_get(w->l)->boards;
        const roster *r = league_team_roster(w->l, tid);
        for (int i = nb; i < r->n; i++) {
            rc = league_substitute(w->l, t->k, t->arg, r->p[i].id, w->now, a, &why);
            if (rc != BH_EEXIST)
                break;
        }
        CHECK_MSG(rc == BH_OK || rc == BH_EEXIST, "substitute: rc %d (%s)", rc,
                  why.field ? why.field : "");
        w->n_subst += rc == BH_OK;
        rc = BH_OK;
        break;
    }
    case DO_RESULT: {
        bh_result res = (bh_result)(BH_RES_WIN1 + rnd(w, 3));
        if (t->k.round != LEAGUE_STAGE_GROUPS && t->k.match == w->drawn_mi)
            res = BH_RES_DRAW; /* one knockout match drawn on every game */
        rc = league_game_over(w->l, t->k, res, w->now, a, &why);
        w->n_results += rc == BH_OK;
        break;
    }
    case DO_STAGE:
        if (league_stage(w->l) == LEAGUE_STAGE_GROUPS) {
            /* art. 7: before the knockout a team's players are re-rated (+100 each): its team
             * rating is recomputed from the new roster */
            const bracket *kb = league_bracket(w->l);
            w->drawn_mi = bracket_first_match(kb);
            w->rerated = kb->m[w->drawn_mi].team[0];
            roster r = *league_team_roster(w->l, w->rerated);
            for (int i = 0; i < r.n; i++)
                r.p[i].rating += 100;
            rc = league_set_roster(w->l, league_team_id(w->l, w->rerated), &r, &why);
            CHECK_EQ_INT("re-rated roster", BH_OK, rc);
        }
        rc = league_stage_start(w->l, w->now, a, &why);
        break;
    case DO_LOT: rc = league_lot(w->l, t->k.match, 0, w->now, a, &why); break;
    }
    CHECK_MSG(rc == BH_OK, "todo %d at %lld: rc %d (%s %s)", t->what, (long long)t->at, rc,
              why.rule ? why.rule : "", why.field ? why.field : "");
}

/* A whole league: n teams in `groups` groups on `boards` boards, ratings drawn from seed. */
/* Knockout stage st's TRF-2026 (league_trf_stage) read back by the format's own columns
 * (TRF-2026: points at 81-84, a round's opponent, colour and result at 92-95, 97, 99, ten
 * columns a round): every game seen from both players alike (the opponent's record names
 * this player, the other colour, the other result), a team's 001 points add up to its 310
 * game points, which are the match's, and place 1 is the bracket's winner. As the FIDE
 * tie-break checker (TieBreakServer's trf2json.py) reads it: the 162 and 362 point systems
 * at their columns, the stage's teams numbered 1..k without a gap (in league number order),
 * start numbers 1.. without a gap, one round (the match: its two games a board are two
 * records of each team), and the 310 match points 2 / 1 / 0 of the match. */
static void check_ko_trf(const league *l, int st)
{
    char *trf = league_trf_stage(l, st);
    enum { MAXR = LEAGUE_MAX_TEAMS * (LEAGUE_MAX_BOARDS + 4) + 1 };
    static char opp_col[MAXR][2], res[MAXR][2];
    static int opp[MAXR][2], team_of[MAXR];
    static double pts[MAXR];
    memset(opp, 0, sizeof opp);
    memset(team_of, 0, sizeof team_of);
    int n001 = 0, n310 = 0;
    double team_pts[LEAGUE_MAX_TEAMS + 1] = {0};
    for (const char *ln = trf; *ln;) {
        const char *e = strchr(ln, '\n');
        size_t len = e ? (size_t)(e - ln) : strlen(ln);
        if (len > 84 && strncmp(ln, "001 ", 4) == 0) {
            int rank = atoi(ln + 4);
            CHECK(rank > 0 && rank < MAXR);
            if (rank <= 0 || rank >= MAXR)
                break;
            n001++;
            pts[rank] = atof(ln + 80);
            for (int r = 0; r < 2; r++) {
                size_t at = 91 + 10 * (size_t)r;
                if (len > at + 7 && ln[at + 5] != ' ') {
                    opp[rank][r] = atoi(ln + at);
                    opp_col[rank][r] = ln[at + 5];
                    res[rank][r] = ln[at + 7];
                }
            }
        } else if (strncmp(ln, "310 ", 4) == 0) {
            n310++;
            CHECK_EQ_INT("310 numbers 1..k in order", n310, atoi(ln + 4));
            int tid = 0, rat = 0, place = -1;
            CHECK_EQ_INT("310 name: Team <league number>", 1, sscanf(ln + 8, "Team %d", &tid));
            CHECK(tid >= 1 && tid <= LEAGUE_MAX_TEAMS);
            if (tid < 1 || tid > LEAGUE_MAX_TEAMS)
                break;
            double mpv = -1, gpv = -1;
            CHECK_EQ_INT("310 fields", 4,
                         sscanf(ln + 41, "%d %lf %lf %d", &rat, &mpv, &gpv, &place));
            const char *q = ln + 41;
            for (int f = 0; f < 4; f++) { /* past rating, MP, GP, place: the players */
                while (*q == ' ')
                    q++;
                while (*q && *q != ' ' && *q != '\n')
                    q++;
            }
            while (*q && *q != '\n') {
                char *end;
                long r = strtol(q, &end, 10);
                if (end == q)
                    break;
                if (r > 0 && r < MAXR)
                    team_of[r] = tid;
                q = end;
            }
            /* the match of this team in stage st */
            for (int mi = 0; mi < league_n_matches(l, st); mi++) {
                int64_t f, sc;
                if (!league_match(l, st, mi, &f, &sc, NULL, NULL))
                    continue;
                int side = f == league_team_id(l, tid) ? 0 : sc == league_team_id(l, tid) ? 1 : -1;
                if (side < 0)
                    continue;
                int x, y;
                league_match_score(l, st, mi, &x, &y);
                CHECK_EQ_DBL("310 GP = the match's game points", (side ? y : x) / 2.0, gpv, 1e-9);
                int own = side ? y : x, other = side ? x : y;
                CHECK_EQ_DBL("310 MP: 2 / 1 / 0 of the match", own > other ? 2 : own == other, mpv,
                             1e-9);
                CHECK_EQ_INT("310 place 1 = the bracket's winner",
                             league_bracket(l)->m[mi].winner == side ? 1 : 2, place);
                roster_rating rr;
                CHECK(league_team_rating(l, tid, st, &rr));
                CHECK_EQ_INT("310 rating = the stage's recomputed team rating", rr.avg, rat);
            }
            team_pts[tid] += gpv;
        }
        ln = e ? e + 1 : ln + len;
    }
    CHECK_EQ_INT("a 310 record per team of the stage",
                 2 * (st == LEAGUE_STAGE_QF   ? 4
                      : st == LEAGUE_STAGE_SF ? 2
                                              : 1),
                 n310);
    double sum001[LEAGUE_MAX_TEAMS + 1] = {0};
    int games = 0;
    for (int a = 1; a < MAXR; a++) {
        if (team_of[a])
            sum001[team_of[a]] += pts[a];
        for (int r = 0; r < 2; r++) {
            int b = opp[a][r];
            if (!b)
                continue;
            games++;
            CHECK_MSG(b < MAXR && opp[b][r] == a, "round %d: %d's opponent %d names %d", r + 1, a,
                      b, opp[b][r]);
            CHECK_MSG(opp_col[a][r] != opp_col[b][r], "round %d: %d and %d on other colours", r + 1,
                      a, b);
            const char pair[] = {res[a][r], res[b][r], 0};
            CHECK_MSG(strcmp(pair, "10") == 0 || strcmp(pair, "01") == 0 ||
                          strcmp(pair, "==") == 0 || strcmp(pair, "+-") == 0 ||
                          strcmp(pair, "-+") == 0,
                      "round %d: %d-%d results %s", r + 1, a, b, pair);
        }
    }
    CHECK_EQ_INT("every board game twice (each side), two games a board",
                 2 * 2 * league_games_per_match(l, st) / 2 * (n310 / 2), games);
    for (int t = 1; t <= league_n_teams(l); t++)
        if (team_pts[t] > 0)
            CHECK_EQ_DBL("a team's 001 points add up to its game points", team_pts[t], sum001[t],
                         1e-9);
    CHECK(n001 > 0);
    static tc_file f;
    tc_read(trf, &f);
    tc_check_points(&f);
    tc_check_teams_and_games(&f);
    for (int s = 1; s <= n001 && s < TC_MAX_PLAYERS; s++)
        CHECK_MSG(f.by_sno[s] != 0, "start number %d missing", s);
    for (int i = 0; i < f.n_pl; i++)
        CHECK_MSG(f.pl[i].rounds == 1, "001 %d: %d rounds, not one (the match)", f.pl[i].sno,
                  f.pl[i].rounds);
    free(trf);
}

/* The group stage's TRF (league_trf_groups) as the FIDE tie-break checker (TieBreakServer's
 * trf2json.py) reads it: the 162 and 362 point systems at their columns, the 310 teams
 * numbered 1..n, every roster player a 001 record (start numbers 1.. without a gap), every
 * game the same from both sides, and each 310 record's match points, game points and place
 * (columns 55-60, 62-67, 69-71) those of its group's table; a team's game points are its
 * players' 001 points (81-84). */
static void check_groups_trf(const league *l)
{
    char *trf = league_trf_groups(l);
    static tc_file f;
    tc_read(trf, &f);
    tc_check_points(&f);
    tc_check_teams_and_games(&f);
    int n = league_n_teams(l), players = 0;
    CHECK_EQ_INT("a 310 record per team", n, f.n_tm);
    for (int t = 1; t <= n; t++)
        players += league_team_roster(l, t)->n;
    CHECK_EQ_INT("a 001 record per roster player", players, f.n_pl);
    for (int s = 1; s <= players && s < TC_MAX_PLAYERS; s++)
        CHECK_MSG(f.by_sno[s] != 0, "start number %d missing", s);
    const groups_draw *d = league_draw(l);
    for (int g = 0; d && g < d->g; g++) {
        league_row rows[GROUPS_MAX_S];
        int k = league_group_table(l, g, rows, GROUPS_MAX_S);
        for (int i = 0; i < k; i++) {
            CHECK(rows[i].tid >= 1 && rows[i].tid <= f.n_tm);
            if (rows[i].tid < 1 || rows[i].tid > f.n_tm)
                continue;
            const tc_team *tm = &f.tm[rows[i].tid - 1];
            CHECK_EQ_DBL("310 MP (55-60)", rows[i].mp, tm->mp, 1e-9);
            CHECK_EQ_DBL("310 GP (62-67)", rows[i].gp2 / 2.0, tm->gp, 1e-9);
            CHECK_EQ_INT("310 place (69-71)", rows[i].place, tm->rank);
            CHECK_EQ_DBL("the players' 001 points add up to the GP", rows[i].gp2 / 2.0,
                         tc_team_pts(&f, rows[i].tid - 1), 1e-9);
        }
    }
    free(trf);
}

static void whole_league(int n, int groups, int boards, uint64_t seed)
{
    static world_t w;
    memset(&w, 0, sizeof w);
    w.rng = seed;
    w.drawn_mi = -1;
    league_config c;
    league_config_default(&c);
    c.teams = n;
    c.groups = groups;
    c.boards = boards;
    w.l = league_new(LID, &c);
    for (int t = 1; t <= n; t++) {
        int r[LEAGUE_MAX_BOARDS];
        for (int i = 0; i < boards; i++)
            r[i] = 1600 + (int)rnd(&w, 900);
        for (int i = 1; i < boards; i++) /* descending, so the reserves are below them */
            for (int j = i; j > 0 && r[j] > r[j - 1]; j--) {
                int x = r[j];
                r[j] = r[j - 1];
                r[j - 1] = x;
            }
        roster ro;
        make_roster(&ro, t, r, boards);
        char name[32];
        snprintf(name, sizeof name, "Team %d (100%% ok)", t);
        CHECK_EQ_INT("team", BH_OK, league_add_team(w.l, team_id(t), name, &ro, pid(t, 1), NULL));
    }
    w.now = T0;
    tfmt_acts a;
    tfmt_acts_init(&a);
    CHECK_EQ_INT("start", BH_OK, league_start(w.l, w.now, &a, NULL));
    w.l = rt(w.l);
    /* art. 3 with groups of 5: each board player 2 White and 2 Black */
    int s = n / groups, nb = boards;
    if (s == 5) {
        static int wc[LEAGUE_MAX_TEAMS + 1][LEAGUE_MAX_BOARDS],
            bc[LEAGUE_MAX_TEAMS + 1][LEAGUE_MAX_BOARDS];
        memset(wc, 0, sizeof wc);
        memset(bc, 0, sizeof bc);
        for (int mi = 0; mi < league_n_matches(w.l, LEAGUE_STAGE_GROUPS); mi++)
            for (int b = 0; b < nb; b++) {
                const league_game *g = league_game_get(w.l, K(LEAGUE_STAGE_GROUPS, mi, 0, b));
                wc[tid_of(w.l, g->team[0])][b]++;
                bc[tid_of(w.l, g->team[1])][b]++;
            }
        for (int t = 1; t <= n; t++)
            for (int b = 0; b < nb; b++)
                CHECK_MSG(wc[t][b] == 2 && bc[t][b] == 2, "team %d board %d", t, b + 1);
    }
    react(&w, &a);
    tfmt_acts_fini(&a);
    int steps = 0;
    int stage_first[LEAGUE_STAGE_FINAL + 1] = {0};
    while (!w.finished && steps++ < 200000) {
        int64_t at = 0;
        bool have = league_next_instant(w.l, &at);
        int qi = -1;
        for (int i = 0; i < w.nq; i++)
            if (qi < 0 || w.q[i].at < w.q[qi].at)
                qi = i;
        if (!have && qi < 0)
            break;
        tfmt_acts_init(&a);
        if (qi >= 0 && (!have || w.q[qi].at < at)) {
            todo_t t = w.q[qi];
            w.q[qi] = w.q[--w.nq];
            w.now = t.at > w.now ? t.at : w.now;
            act(&w, &t, &a);
        } else {
            w.now = at > w.now ? at : w.now;
            CHECK_MSG(league_on_time(w.l, w.now, &a) >= 1, "the instant told fires something");
        }
        int st = league_stage(w.l);
        if (!stage_first[st])
            stage_first[st] = steps;
        react(&w, &a);
        tfmt_acts_fini(&a);
        w.l = rt(w.l);
    }
    CHECK_MSG(w.finished, "the league finished (%d steps)", steps);
    CHECK_EQ_INT("finished", LEAGUE_FINISHED, league_status(w.l));
    const bracket *kb = league_bracket(w.l);
    CHECK(w.winner == league_team_id(w.l, bracket_winner(kb, BRACKET_FINAL)));
    /* the stages played: 4 groups -> QF, SF, final; 2 groups -> SF, final */
    CHECK_EQ_INT("QF played iff 4 groups", groups == 4, stage_first[LEAGUE_STAGE_QF] != 0);
    CHECK(stage_first[LEAGUE_STAGE_SF] && stage_first[LEAGUE_STAGE_FINAL]);
    /* every game decided, every match's points add up (no double forfeits here), each
     * deadline fired at most once a game */
    int games = 0;
    for (int st = LEAGUE_STAGE_GROUPS; st <= LEAGUE_STAGE_FINAL; st++)
        for (int mi = 0; mi < league_n_matches(w.l, st); mi++) {
            int64_t f, sc;
            if (!league_match(w.l, st, mi, &f, &sc, NULL, NULL))
                continue;
            int x, y, per = league_games_per_match(w.l, st);
            CHECK(league_match_score(w.l, st, mi, &x, &y));
            CHECK_MSG(x + y == 2 * per, "stage %d match %d: %d + %d of %d games", st, mi, x, y,
                      per);
            for (int gi = 0; gi < per; gi++) {
                tfmt_key k = K(st, mi, gi / nb, gi % nb);
                const league_game *g = league_game_get(w.l, k);
                games++;
                CHECK(g->res != BH_RES_NONE);
                CHECK(w.lapses[kidx(k)] <= 1 && w.forfeits[kidx(k)] <= 2);
                bool forfeit = g->res == BH_RES_FF_W || g->res == BH_RES_FF_B;
                CHECK_MSG(forfeit == (w.forfeits[kidx(k)] == 2), "forfeit iff told");
            }
        }
    check_groups_trf(w.l);
    for (int st = groups == 4 ? LEAGUE_STAGE_QF : LEAGUE_STAGE_SF; st <= LEAGUE_STAGE_FINAL; st++)
        check_ko_trf(w.l, st);
    if (groups == 2) {
        char *qf = league_trf_stage(w.l, LEAGUE_STAGE_QF);
        CHECK_MSG(qf[0] == '\0', "no quarter-finals in a two-group league");
        free(qf);
    }
    int ko_matches = groups == 4 ? 7 : 3;
    CHECK_EQ_INT("every game", n / groups * (s - 1) / 2 * groups * nb + ko_matches * 2 * nb, games);
    /* art. 7: the bracket from the group tables, 1A-2B, 2A-1B (, 1C-2D, 2C-1D) */
    int m0 = bracket_first_match(kb);
    league_row rows[GROUPS_MAX_S][GROUPS_MAX_S];
    for (int g = 0; g < groups; g++)
        league_group_table(w.l, g, rows[g], GROUPS_MAX_S);
    for (int p = 0; p < groups; p++) {
        int ga = p / 2 * 2, gb = ga + 1; /* QF1 1A-2B, QF2 2A-1B, QF3 1C-2D, QF4 2C-1D */
        const int first = p % 2 == 0 ? rows[ga][0].tid : rows[ga][1].tid;
        const int second = p % 2 == 0 ? rows[gb][1].tid : rows[gb][0].tid;
        CHECK_EQ_INT("bracket first", first, kb->m[m0 + p].team[0]);
        CHECK_EQ_INT("bracket second", second, kb->m[m0 + p].team[1]);
    }
    /* ratings recomputed before each knockout stage from the current rosters (the average
     * of the board players), the drawn match to the lower rated */
    roster_rating gr, kr;
    CHECK(league_team_rating(w.l, w.rerated, LEAGUE_STAGE_GROUPS, &gr));
    CHECK(league_team_rating(w.l, w.rerated,
                             (m0 == BRACKET_QF1 ? LEAGUE_STAGE_QF : LEAGUE_STAGE_SF), &kr));
    CHECK_EQ_INT("re-rated by +100", (int)gr.sum + 100 * nb, (int)kr.sum);
    int drawn = 0;
    for (int mi = m0; mi < BRACKET_MATCHES; mi++) {
        const bracket_match *m = &kb->m[mi];
        if (m->gp2[0] != m->gp2[1])
            continue;
        drawn++;
        long sum[2] = {0, 0};
        for (int i = 0; i < 2; i++)
            for (int b = 0; b < nb; b++)
                sum[i] += league_team_roster(w.l, m->team[i])->p[b].rating;
        if (sum[0] != sum[1])
            CHECK_EQ_INT("drawn: the lower rated goes through", sum[0] < sum[1] ? 0 : 1, m->winner);
    }
    CHECK_MSG(drawn >= 1, "a drawn knockout match");
    CHECK_MSG(w.n_counter > 0 && w.n_lapse > 0 && w.n_subst > 0 && w.n_alt_tc > 0,
              "every path: %d counters, %d lapses, %d substitutions, %d at 10+1", w.n_counter,
              w.n_lapse, w.n_subst, w.n_alt_tc);
    int ff = 0;
    for (int i = 0; i < KEYS; i++)
        ff += w.forfeits[i] == 2;
    CHECK_MSG(ff > 0, "forfeits after two lapses");
    CHECK_EQ_INT("every created game has its result", w.n_created, w.n_results);
    CHECK_EQ_INT("decided over the board or by forfeit", games, w.n_results + ff);
    printf("  %d teams: %d games, %d created, %d counters, %d lapses, %d substitutions, %d "
           "forfeits, %d steps\n",
           n, games, w.n_created, w.n_counter, w.n_lapse, w.n_subst, ff, steps);
    league_free(w.l);
}

static void seed003_whole_league(void)
{
    whole_league(20, 4, 10, 0x5eed003);
}

static void small_league_semis_final(void)
{
    whole_league(8, 2, 4, 0x8a2b4);
}

static char *xstrdup_test(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    memcpy(d, s, n);
    return d;
}

static void load_refuses_bad_text(void)
{
    league *l = small_started();
    char *t = league_save(l);
    league *m = NULL;
    int line = 0;
    CHECK_EQ_INT("empty", BH_EPARSE, league_load(LID, "", &m, &line));
    CHECK_EQ_INT("other header", BH_EPARSE, league_load(LID, "CLUB 1\n", &m, &line));
    /* cut before the status line (fuzz_state found it: the last team read, never checked) */
    char *cut = xstrdup_test(t);
    char *st = strstr(cut, "\nstatus ");
    CHECK(st != NULL);
    if (st) {
        st[1] = '\0';
        CHECK_EQ_INT("no status line", BH_EPARSE, league_load(LID, cut, &m, &line));
        CHECK(m == NULL);
    }
    free(cut);
    /* a game line broken */
    char *g = strstr(t, "\ngame ");
    CHECK(g != NULL);
    char *bad = xstrdup_test(t);
    bad[g - t + 6] = 'x';
    CHECK_EQ_INT("bad game line", BH_EPARSE, league_load(LID, bad, &m, &line));
    CHECK(m == NULL);
    free(bad);
    /* a game line missing: the schedule is incomplete */
    bad = xstrdup_test(t);
    char *e = strchr(bad + (g - t) + 1, '\n');
    memmove(bad + (g - t), e, strlen(e) + 1);
    CHECK_EQ_INT("missing game", BH_EPARSE, league_load(LID, bad, &m, &line));
    CHECK_EQ_INT("named as the whole", 0, line);
    free(bad);
    free(t);
    league_free(l);
}

static const bh_test_case cases[] = {
    {"config_seed003_and_refusals", config_seed003_and_refusals},
    {"registration_refusals", registration_refusals},
    {"team_removed", team_removed},
    {"seed003_schedule", seed003_schedule},
    {"ranking_chain_and_bracket", ranking_chain_and_bracket},
    {"exact_tie_by_number", exact_tie_by_number},
    {"knockout_drawn_by_recomputed_rating", knockout_drawn_by_recomputed_rating},
    {"knockout_equal_ratings_lot", knockout_equal_ratings_lot},
    {"challenge_accepted_and_countered", challenge_accepted_and_countered},
    {"challenge_lapsed_substituted_and_forfeit", challenge_lapsed_substituted_and_forfeit},
    {"substitute_rated_above_refused", substitute_rated_above_refused},
    {"director_extends", director_extends},
    {"deadlines_once_across_restarts", deadlines_once_across_restarts},
    {"seed003_whole_league", seed003_whole_league},
    {"small_league_semis_final", small_league_semis_final},
    {"load_refuses_bad_text", load_refuses_bad_text},
};

BH_TEST_MAIN(cases)
