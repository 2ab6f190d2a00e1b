/* test_rating.c: Glicko-2 checked against Glickman's "Example of the Glicko-2 system" (2013,
 * glicko.net/glicko/glicko2.pdf), and the bughouse team rule (G-GLICKO2, G-TEAM, G-PERIOD,
 * G-PROVISIONAL, G-REPLAY).
 * SPDX-License-Identifier: MIT
 * The paper prints 4 decimals on the Glicko-2 scale and 2 on the Glicko scale; a check's
 * tolerance is half a unit of the last printed digit where the paper computed the value from
 * exact inputs. The paper carries its rounded numbers forward: E to 3 decimals gives its
 * v = 1.7785 and delta = -0.4834 (unrounded 1.77898 and -0.48393: tolerance 0.001), those
 * give sigma' = 0.05999 (unrounded 0.059996: tolerance 0.00001), and mu' = -0.2069 gives
 * r' = 1464.06 (unrounded 1464.05: tolerance 0.01). */
#include <math.h>

#include "bh_test.h"
#include "rating.h"

/* The paper's player and three opponents (its step 1 and 2), tau 0.5. */
static const rating paper_player = {1500, 200, 0.06, 0};
static const rating_opp paper_games[] = {{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}};
#define PAPER_TAU 0.5

static void paper_worked_example(void)
{
    rating out;
    rating_detail d;
    CHECK_EQ_INT("update", BH_OK,
                 rating_update(&paper_player, paper_games, 3, PAPER_TAU, &out, &d));
    CHECK_EQ_DBL("r' = 1464.06", 1464.06, out.r, 0.01);
    CHECK_EQ_DBL("RD' = 151.52", 151.52, out.rd, 0.005);
    CHECK_EQ_DBL("sigma' = 0.05999", 0.05999, out.vol, 0.00001);
    CHECK_EQ_DBL("mu' = -0.2069", -0.2069, d.mu, 0.00005);
    CHECK_EQ_DBL("phi' = 0.8722", 0.8722, d.phi, 0.00005);
    CHECK_EQ_INT("three games counted", 3, out.games);
}

/* The paper's step 5.1 f(x), written here from the paper, not taken from rating.c. */
static double paper_f(double x, double delta, double phi, double v, double a, double tau)
{
    double ex = exp(x), den = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2 * den * den) - (x - a) / (tau * tau);
}

/* Step 5: sigma' = e^(A/2) where A is the root of f (to the paper's tolerance 0.000001).
 * The printed 0.05999 cannot tell a kept 0.06 from the root (0.059996): f changes sign
 * within 0.00001 of ln(sigma'^2), and at ln(0.06^2) it does not. */
static void paper_volatility_is_root(void)
{
    rating out;
    rating_detail d;
    CHECK_EQ_INT("update", BH_OK,
                 rating_update(&paper_player, paper_games, 3, PAPER_TAU, &out, &d));
    double phi = paper_player.rd / RATING_SCALE, a = log(0.06 * 0.06);
    double x = log(out.vol * out.vol);
    double lo = paper_f(x - 0.00001, d.delta, phi, d.v, a, PAPER_TAU);
    double hi = paper_f(x + 0.00001, d.delta, phi, d.v, a, PAPER_TAU);
    CHECK_MSG(lo > 0 && hi < 0, "f(%.6f +- 1e-5) = %g, %g: no root there", x, lo, hi);
    CHECK(paper_f(a - 0.00001, d.delta, phi, d.v, a, PAPER_TAU) < 0);
}

static void paper_intermediate_values(void)
{
    rating out;
    rating_detail d;
    CHECK_EQ_INT("update", BH_OK,
                 rating_update(&paper_player, paper_games, 3, PAPER_TAU, &out, &d));
    CHECK_EQ_DBL("step 3: v = 1.7785", 1.7785, d.v, 0.001);
    CHECK_EQ_DBL("step 4: delta = -0.4834", -0.4834, d.delta, 0.001);
    /* The paper's step 3 table: g(phi_j) to 4 decimals, E(mu, mu_j, phi_j) to 3. */
    static const double g_j[] = {0.9955, 0.9531, 0.7242}, e_j[] = {0.639, 0.432, 0.303};
    double mu = (paper_player.r - 1500) / RATING_SCALE;
    for (int j = 0; j < 3; j++) {
        double mu_j = (paper_games[j].r - 1500) / RATING_SCALE;
        double phi_j = paper_games[j].rd / RATING_SCALE;
        CHECK_EQ_DBL("g(phi_j)", g_j[j], rating_g(phi_j), 0.00005);
        CHECK_EQ_DBL("E(mu, mu_j, phi_j)", e_j[j], rating_e(mu, mu_j, phi_j), 0.0005);
    }
}

/* Paper step 6: a player who does not compete keeps rating and volatility, and
 * phi' = sqrt(phi^2 + sigma^2): with the paper's phi = 1.1513 (its step 2) and sigma 0.06,
 * phi' = 1.15286, RD' = 173.7178 * 1.15286 = 200.27. */
static void inactive_period_widens_rd(void)
{
    rating out;
    rating_detail d;
    CHECK_EQ_INT("no games", BH_OK, rating_update(&paper_player, NULL, 0, PAPER_TAU, &out, &d));
    CHECK_EQ_DBL("phi' = 1.1529", 1.1529, d.phi, 0.00005);
    CHECK_EQ_DBL("RD' = 200.27", 200.27, out.rd, 0.005);
    CHECK_EQ_DBL("rating kept", 1500, out.r, 0);
    CHECK_EQ_DBL("volatility kept", 0.06, out.vol, 0);
    CHECK_EQ_INT("no game counted", 0, out.games);
}

/* G-TEAM by hand: 1400/30 and 1600/100 are one opponent 1500, sqrt((900 + 10000) / 2)
 * = 73.824. */
static void team_is_one_opponent(void)
{
    rating a = {1400, 30, 0.06, 5}, b = {1600, 100, 0.06, 5};
    rating_opp t = rating_team(&a, &b);
    CHECK_EQ_DBL("team rating", 1500, t.r, 1e-9);
    CHECK_EQ_DBL("team RD", 73.824, t.rd, 0.0005);
    /* The paper's player in a bughouse game against that team (partner anyone): the same
     * update as one game against the single opponent 1500/73.824. */
    rating four[4] = {paper_player, {1800, 60, 0.06, 9}, a, b}, out[4], alone;
    CHECK_EQ_INT("game", BH_OK, rating_game_update(four, RATING_A_WINS, PAPER_TAU, out));
    rating_opp won = t;
    won.score = 1;
    CHECK_EQ_INT("alone", BH_OK, rating_update(&paper_player, &won, 1, PAPER_TAU, &alone, NULL));
    CHECK_EQ_DBL("player 0 as against one opponent", alone.r, out[0].r, 1e-9);
    CHECK_EQ_DBL("player 0 RD", alone.rd, out[0].rd, 1e-9);
    CHECK(out[0].r > paper_player.r);
    CHECK(out[1].r > 1800);
    CHECK(out[2].r < 1400 && out[3].r < 1600);
    CHECK_EQ_INT("game counted", 6, out[3].games);
}

/* Team expected score: symmetric (E(A) + E(B) = 1), 0.5 for equal teams, and the Glicko
 * (1999) expected outcome: 1700/0 against 1500/0 is 1 / (1 + 10^(-0.5)) = 0.75975. */
static void team_expected_score(void)
{
    rating p[4] = {
        {1500, 80, 0.06, 0}, {1500, 200, 0.06, 0}, {1400, 50, 0.06, 0}, {1650, 120, 0.06, 0}};
    double ea = rating_team_expected(&p[0], &p[1], &p[2], &p[3]);
    double eb = rating_team_expected(&p[2], &p[3], &p[0], &p[1]);
    CHECK_EQ_DBL("E(A) + E(B) = 1", 1.0, ea + eb, 1e-12);
    CHECK(ea < 0.5); /* team B's mean is 1525 */
    rating q[4] = {
        {1600, 50, 0.06, 0}, {1400, 90, 0.06, 0}, {1450, 90, 0.06, 0}, {1550, 50, 0.06, 0}};
    CHECK_EQ_DBL("equal teams: 0.5", 0.5, rating_team_expected(&q[0], &q[1], &q[2], &q[3]), 1e-12);
    CHECK_EQ_DBL("Elo limit", 0.75975, rating_expected(1700, 0, 1500, 0), 0.000005);
    /* Uncertainty pulls towards 0.5: g(sqrt(2) * 350) < 1. */
    CHECK(rating_expected(1700, 350, 1500, 350) < 0.75975);
    CHECK(rating_expected(1700, 350, 1500, 350) > 0.5);
}

/* G-REPLAY: replaying the games from the defaults gives the ratings the game-by-game
 * updates gave, bit for bit. */
static void replay_equals_incremental(void)
{
    static const rating_game games[] = {
        {{0, 1, 2, 3}, RATING_A_WINS}, {{0, 2, 1, 3}, RATING_A_LOSES}, {{4, 0, 3, 1}, RATING_DRAW},
        {{2, 3, 4, 0}, RATING_A_WINS}, {{1, 4, 0, 2}, RATING_A_WINS},
    };
    rating live[5];
    for (int i = 0; i < 5; i++)
        live[i] = rating_default();
    for (size_t k = 0; k < BH_ARRAY_LEN(games); k++) {
        rating four[4], out[4];
        for (int i = 0; i < 4; i++)
            four[i] = live[games[k].players[i]];
        CHECK_EQ_INT("game", BH_OK, rating_game_update(four, games[k].result, RATING_TAU, out));
        for (int i = 0; i < 4; i++)
            live[games[k].players[i]] = out[i];
    }
    rating replayed[5];
    CHECK_EQ_INT("replay", BH_OK,
                 rating_replay(games, BH_ARRAY_LEN(games), RATING_TAU, replayed, 5));
    for (int i = 0; i < 5; i++) {
        CHECK(live[i].r == replayed[i].r && live[i].rd == replayed[i].rd);
        CHECK(live[i].vol == replayed[i].vol && live[i].games == replayed[i].games);
        CHECK(live[i].r != RATING_DEFAULT); /* every player moved */
    }
    CHECK_EQ_INT("player 0 played 5", 5, replayed[0].games);
    CHECK_EQ_INT("player 4 played 3", 3, replayed[4].games);
}

/* G-PROVISIONAL: "?" while RD >= 110 (scalachess provisionalDeviation); a new player is
 * provisional, and a few games against established players end it. */
static void provisional_threshold(void)
{
    rating r = rating_default();
    CHECK(rating_is_provisional(&r));
    r.rd = 110;
    CHECK(rating_is_provisional(&r));
    r.rd = 109.99;
    CHECK(!rating_is_provisional(&r));
    rating four[4] = {
        rating_default(), {1500, 50, 0.06, 0}, {1500, 50, 0.06, 0}, {1500, 50, 0.06, 0}};
    int games = 0;
    while (rating_is_provisional(&four[0]) && games < 100) {
        rating_result res = games % 2 ? RATING_A_WINS : RATING_A_LOSES;
        CHECK_EQ_INT("game", BH_OK, rating_game_update(four, res, RATING_TAU, four));
        games++;
    }
    CHECK(games > 1 && games < 30);
}

static void bad_input_refused(void)
{
    rating out = {1, 2, 3, 4}, p = paper_player;
    rating_opp bad = {1500, 100, 1.5};
    CHECK_EQ_INT("score 1.5", BH_EINVAL, rating_update(&p, &bad, 1, 0.5, &out, NULL));
    bad.score = NAN;
    CHECK_EQ_INT("score NaN", BH_EINVAL, rating_update(&p, &bad, 1, 0.5, &out, NULL));
    bad = (rating_opp){1500, 0, 1};
    CHECK_EQ_INT("opponent RD 0", BH_EINVAL, rating_update(&p, &bad, 1, 0.5, &out, NULL));
    CHECK_EQ_INT("tau 0", BH_EINVAL, rating_update(&p, paper_games, 3, 0, &out, NULL));
    p.vol = -1;
    CHECK_EQ_INT("volatility < 0", BH_EINVAL, rating_update(&p, paper_games, 3, 0.5, &out, NULL));
    p = paper_player;
    p.r = INFINITY;
    CHECK_EQ_INT("rating inf", BH_EINVAL, rating_update(&p, paper_games, 3, 0.5, &out, NULL));
    CHECK_EQ_INT("opps NULL", BH_EINVAL, rating_update(&paper_player, NULL, 2, 0.5, &out, NULL));
    CHECK_EQ_DBL("out untouched", 1, out.r, 0);
    rating four[4] = {rating_default(), rating_default(), rating_default(), rating_default()};
    CHECK_EQ_INT("result 3", BH_EINVAL, rating_game_update(four, (rating_result)3, 0.5, four));
    rating table[4];
    rating_game g = {{0, 1, 2, 4}, RATING_DRAW};
    CHECK_EQ_INT("index past table", BH_EINVAL, rating_replay(&g, 1, 0.5, table, 4));
    g = (rating_game){{0, 1, 2, 0}, RATING_DRAW};
    CHECK_EQ_INT("one player twice", BH_EINVAL, rating_replay(&g, 1, 0.5, table, 4));
}

static const bh_test_case cases[] = {
    {"paper_worked_example", paper_worked_example},
    {"paper_intermediate_values", paper_intermediate_values},
    {"paper_volatility_is_root", paper_volatility_is_root},
    {"inactive_period_widens_rd", inactive_period_widens_rd},
    {"team_is_one_opponent", team_is_one_opponent},
    {"team_expected_score", team_expected_score},
    {"replay_equals_incremental", replay_equals_incremental},
    {"provisional_threshold", provisional_threshold},
    {"bad_input_refused", bad_input_refused},
};

BH_TEST_MAIN(cases)
