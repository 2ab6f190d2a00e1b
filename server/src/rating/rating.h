/* rating.h: player ratings from rated bughouse games, Glicko-2 with a team rule.
 * SPDX-License-Identifier: MIT
 * Pure: numbers in, numbers out; no I/O, no clock, no allocation. Replaying the same
 * ordered list of results from the defaults gives the same ratings bit for bit.
 *
 * Why Glicko-2 and not Weng-Lin (bughouse.pro's choice): Glickman's paper "Example of the
 * Glicko-2 system" (2013, glicko.net/glicko/glicko2.pdf) has a worked example the tests
 * reproduce to its printed precision; the update is deterministic (a closed form plus one
 * convergent iteration, no sampling); and its numbers (rating, RD, "?" for provisional) are
 * the ones FICS (Glicko) and lichess (Glicko-2) players already read (G-GLICKO2).
 *
 * Rating periods (G-PERIOD): each rated game is its own rating period, as lichess does, so
 * a rating moves the moment the game ends. No time-based RD growth between games: a
 * replay needs only the ordered results, never the instants.
 * Bughouse (G-TEAM): a team is one Glicko-2 opponent whose rating is the mean of its two
 * players' ratings and whose RD is sqrt((RD1^2 + RD2^2) / 2); each of the four players
 * is updated alone against the opposing team with the team's score. */
#ifndef BH_RATING_H
#define BH_RATING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bh.h"

#define RATING_DEFAULT 1500.0   /* Glickman 2013 step 1: an unrated player's rating */
#define RATING_DEFAULT_RD 350.0 /* ... and rating deviation */
#define RATING_DEFAULT_VOL 0.06 /* ... and volatility */
#define RATING_TAU 0.75 /* system constant: scalachess Tau.default (the paper: 0.3 to 1.2) */
#define RATING_PROVISIONAL_RD 110.0 /* G-PROVISIONAL: scalachess provisionalDeviation */
#define RATING_SCALE 173.7178       /* Glicko-2 scale: mu = (r - 1500) / 173.7178 */

/* One player's rating. Value type; Glicko scale (1500-centred). */
typedef struct rating {
    double r;       /* rating */
    double rd;      /* rating deviation, > 0 */
    double vol;     /* volatility sigma, > 0 */
    uint32_t games; /* rated games counted so far */
} rating;

/* One game of a rating period against one opponent (Glickman 2013 step 2's (r_j, RD_j, s_j)). */
typedef struct rating_opp {
    double r, rd; /* opponent's rating and RD (Glicko scale) */
    double score; /* 1 win, 0.5 draw, 0 loss */
} rating_opp;

/* Intermediate values of an update on the Glicko-2 scale (for checks against the paper). */
typedef struct rating_detail {
    double v;     /* step 3: estimated variance from the games alone */
    double delta; /* step 4: estimated improvement */
    double mu;    /* step 8's mu' (the new rating on the Glicko-2 scale) */
    double phi;   /* step 7's phi' */
} rating_detail;

/* Result of a bughouse game from team A's side (G-TEAM). */
typedef enum rating_result {
    RATING_A_LOSES = 0,
    RATING_DRAW = 1,
    RATING_A_WINS = 2,
} rating_result;

/* A rated bughouse game for rating_replay: players[0..1] are team A, [2..3] team B, each an
 * index into the replay's table of players. */
typedef struct rating_game {
    uint32_t players[4];
    rating_result result;
} rating_game;

/* Glickman 2013 step 3's g(phi) = 1 / sqrt(1 + 3 phi^2 / pi^2) and
 * E(mu, mu_j, phi_j) = 1 / (1 + exp(-g(phi_j) (mu - mu_j))), on the Glicko-2 scale. */
double rating_g(double phi);
double rating_e(double mu, double mu_j, double phi_j);

/* The defaults of Glickman 2013 step 1: 1500, RD 350, volatility 0.06, 0 games. */
rating rating_default(void);

/* One Glicko-2 rating period (Glickman 2013 steps 2-8, G-GLICKO2) for player p with n
 * games opps[0..n-1] and system constant tau. n == 0 is a period without games (step 6:
 * rating and volatility unchanged, RD grows to sqrt(phi^2 + sigma^2) on the Glicko-2
 * scale). out->games = p->games + n. detail, if not NULL, receives v, delta, mu', phi'
 * (v and delta are 0 when n == 0). Returns BH_OK, or BH_EINVAL (out untouched) when a
 * number is not finite, rd, vol or tau is not > 0, a score is outside [0, 1], or opps is
 * NULL with n > 0. */
int rating_update(const rating *p, const rating_opp *opps, size_t n, double tau, rating *out,
                  rating_detail *detail);

/* The single opponent a team of players a and b is (G-TEAM): r = (a.r + b.r) / 2,
 * rd = sqrt((a.rd^2 + b.rd^2) / 2), score left 0. */
rating_opp rating_team(const rating *a, const rating *b);

/* Expected score of a player (or team) rated (r_a, rd_a) against (r_b, rd_b), with the
 * expected-outcome formula of Glickman's "The Glicko system" (1999):
 * 1 / (1 + 10^(-g(sqrt(RD_a^2 + RD_b^2)) (r_a - r_b) / 400)). Symmetric: E(a,b) + E(b,a)
 * = 1, and 0.5 when r_a == r_b. */
double rating_expected(double r_a, double rd_a, double r_b, double rd_b);

/* Expected score of team A (a0, a1) against team B (b0, b1), G-TEAM: rating_expected of
 * the two teams' rating_team. */
double rating_team_expected(const rating *a0, const rating *a1, const rating *b0, const rating *b1);

/* Rate one bughouse game (G-TEAM, G-PERIOD): players[0..1] team A, [2..3] team B, result
 * from A's side; each player's rating_update against the other team as one opponent with
 * tau. out[i] is players[i]'s new rating (out may be players). Returns BH_OK, or BH_EINVAL
 * (out untouched) for a result not in rating_result or a rating rating_update refuses. */
int rating_game_update(const rating players[4], rating_result result, double tau, rating out[4]);

/* True while r's rating deviation is at least RATING_PROVISIONAL_RD (G-PROVISIONAL; shown
 * with a "?", as lichess does). */
bool rating_is_provisional(const rating *r);

/* Replay n games in order from the defaults (G-REPLAY): table[0..n_players-1] is set to
 * rating_default() and each game applied with rating_game_update and tau. The result is
 * the same as applying the games one by one as they ended. Returns BH_OK, or BH_EINVAL
 * when a player index is >= n_players, a game names one player twice, or a result is bad
 * (table then holds the games before the bad one). */
int rating_replay(const rating_game *games, size_t n, double tau, rating *table, size_t n_players);

#endif
