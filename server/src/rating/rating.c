/* rating.c: Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013) and the bughouse
 * team rule on top of it.
 * SPDX-License-Identifier: MIT
 * Every step is numbered as in the paper; the volatility is found with the paper's
 * Illinois iteration (step 5) to its convergence tolerance 0.000001. */
#include "rating.h"

#include <math.h>

#define PI 3.14159265358979323846
#define EPSILON 0.000001 /* step 5's convergence tolerance */
#define MAX_ITERATIONS 1000

rating rating_default(void)
{
    return (rating){RATING_DEFAULT, RATING_DEFAULT_RD, RATING_DEFAULT_VOL, 0};
}

double rating_g(double phi)
{
    return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (PI * PI));
}

double rating_e(double mu, double mu_j, double phi_j)
{
    return 1.0 / (1.0 + exp(-rating_g(phi_j) * (mu - mu_j)));
}

static bool finite_pos(double x)
{
    return isfinite(x) && x > 0;
}

/* Step 5.1's f(x). */
static double f(double x, double delta, double phi, double v, double a, double tau)
{
    double ex = exp(x), d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
}

/* Step 5: the new volatility sigma'. */
static double new_vol(double sigma, double delta, double phi, double v, double tau)
{
    double a = log(sigma * sigma);
    double A = a, B;
    if (delta * delta > phi * phi + v) {
        B = log(delta * delta - phi * phi - v);
    } else {
        double k = 1;
        while (f(a - k * tau, delta, phi, v, a, tau) < 0 && k < MAX_ITERATIONS)
            k++;
        B = a - k * tau;
    }
    double fA = f(A, delta, phi, v, a, tau), fB = f(B, delta, phi, v, a, tau);
    /* The Illinois iteration converges in a few dozen steps; the cap only keeps a
     * pathological input (ratings far outside any real range) from spinning forever. */
    for (int it = 0; it < MAX_ITERATIONS && fabs(B - A) > EPSILON; it++) {
        double C = A + (A - B) * fA / (fB - fA), fC = f(C, delta, phi, v, a, tau);
        if (fC * fB <= 0) {
            A = B;
            fA = fB;
        } else {
            fA /= 2.0;
        }
        B = C;
        fB = fC;
    }
    return exp(A / 2.0);
}

int rating_update(const rating *p, const rating_opp *opps, size_t n, double tau, rating *out,
                  rating_detail *detail)
{
    if (!p || !out || (n > 0 && !opps) || !isfinite(p->r) || !finite_pos(p->rd) ||
        !finite_pos(p->vol) || !finite_pos(tau))
        return BH_EINVAL;
    for (size_t j = 0; j < n; j++)
        if (!isfinite(opps[j].r) || !finite_pos(opps[j].rd) || !(opps[j].score >= 0) ||
            !(opps[j].score <= 1))
            return BH_EINVAL;
    /* Step 2: to the Glicko-2 scale. */
    double mu = (p->r - RATING_DEFAULT) / RATING_SCALE, phi = p->rd / RATING_SCALE;
    rating res = *p;
    rating_detail d = {0, 0, mu, 0};
    if (n == 0) {
        /* Step 6 alone: a period without games only widens the deviation. */
        d.phi = sqrt(phi * phi + p->vol * p->vol);
    } else {
        /* Steps 3 and 4. */
        double inv_v = 0, sum = 0;
        for (size_t j = 0; j < n; j++) {
            double mu_j = (opps[j].r - RATING_DEFAULT) / RATING_SCALE;
            double phi_j = opps[j].rd / RATING_SCALE;
            double e = rating_e(mu, mu_j, phi_j), gj = rating_g(phi_j);
            inv_v += gj * gj * e * (1.0 - e);
            sum += gj * (opps[j].score - e);
        }
        d.v = 1.0 / inv_v;
        d.delta = d.v * sum;
        /* Steps 5 to 7. */
        res.vol = new_vol(p->vol, d.delta, phi, d.v, tau);
        double phi_star = sqrt(phi * phi + res.vol * res.vol);
        d.phi = 1.0 / sqrt(1.0 / (phi_star * phi_star) + 1.0 / d.v);
        d.mu = mu + d.phi * d.phi * sum;
    }
    /* Step 8: back to the Glicko scale. */
    res.r = RATING_SCALE * d.mu + RATING_DEFAULT;
    res.rd = RATING_SCALE * d.phi;
    if (!isfinite(res.r) || !finite_pos(res.rd) || !finite_pos(res.vol))
        return BH_EINVAL;
    res.games = p->games + (uint32_t)n;
    *out = res;
    if (detail)
        *detail = d;
    return BH_OK;
}

rating_opp rating_team(const rating *a, const rating *b)
{
    return (rating_opp){(a->r + b->r) / 2.0, sqrt((a->rd * a->rd + b->rd * b->rd) / 2.0), 0};
}

double rating_expected(double r_a, double rd_a, double r_b, double rd_b)
{
    /* Glicko (1999): q = ln 10 / 400, g(RD) = 1 / sqrt(1 + 3 q^2 RD^2 / pi^2); q RD is
     * exactly the Glicko-2 phi when the scale is 400 / ln 10, so rating_g serves both. */
    double q = log(10.0) / 400.0;
    double gg = rating_g(q * sqrt(rd_a * rd_a + rd_b * rd_b));
    return 1.0 / (1.0 + pow(10.0, -gg * (r_a - r_b) / 400.0));
}

double rating_team_expected(const rating *a0, const rating *a1, const rating *b0, const rating *b1)
{
    rating_opp a = rating_team(a0, a1), b = rating_team(b0, b1);
    return rating_expected(a.r, a.rd, b.r, b.rd);
}

int rating_game_update(const rating players[4], rating_result result, double tau, rating out[4])
{
    if (result != RATING_A_LOSES && result != RATING_DRAW && result != RATING_A_WINS)
        return BH_EINVAL;
    /* Both teams are taken from the ratings before the game: nobody's update sees another
     * player's new rating (one rating period, G-PERIOD). */
    rating_opp team[2] = {rating_team(&players[0], &players[1]),
                          rating_team(&players[2], &players[3])};
    team[1].score = (double)result / 2.0;       /* what A scored against B */
    team[0].score = 1.0 - (double)result / 2.0; /* what B scored against A */
    rating next[4];
    for (int i = 0; i < 4; i++) {
        int rc = rating_update(&players[i], &team[i < 2 ? 1 : 0], 1, tau, &next[i], NULL);
        if (rc != BH_OK)
            return rc;
    }
    for (int i = 0; i < 4; i++)
        out[i] = next[i];
    return BH_OK;
}

bool rating_is_provisional(const rating *r)
{
    return r->rd >= RATING_PROVISIONAL_RD;
}

int rating_replay(const rating_game *games, size_t n, double tau, rating *table, size_t n_players)
{
    for (size_t i = 0; i < n_players; i++)
        table[i] = rating_default();
    for (size_t k = 0; k < n; k++) {
        const uint32_t *ix = games[k].players;
        rating four[4];
        for (int i = 0; i < 4; i++) {
            if (ix[i] >= n_players)
                return BH_EINVAL;
            for (int j = 0; j < i; j++)
                if (ix[j] == ix[i])
                    return BH_EINVAL;
            four[i] = table[ix[i]];
        }
        int rc = rating_game_update(four, games[k].result, tau, four);
        if (rc != BH_OK)
            return rc;
        for (int i = 0; i < 4; i++)
            table[ix[i]] = four[i];
    }
    return BH_OK;
}
