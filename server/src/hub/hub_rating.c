/* hub_rating.c: rating a bughouse game when it ends, and an account's rating and profile (its
 * last rated games) for a reply.
 * SPDX-License-Identifier: MIT
 * The store holds the truth (store_rating.h); the numbers come from the pure core
 * (rating.h): read the four ratings, compute, write the game with the ratings before and
 * after. Rated games come from the lobby (issue 28 item 2); this file decides nothing about
 * which games are rated beyond G-RATED's four different accounts. */
#include <stdlib.h>
#include <string.h>

#include "auth_pw.h"
#include "bh.h"
#include "hub_int.h"
#include "log.h"
#include "now.h"
#include "result.h"
#include "rating.h"
#include "store_account.h"
#include "store_rating.h"
#include "xalloc.h"

int hub_rating_of(hub *h, int64_t account, rating *out)
{
    store_rating r;
    int rc = store_rating_get(h->st, account, &r);
    if (rc == BH_ENOTFOUND) {
        *out = rating_default(); /* no rated game yet: G-GLICKO2's defaults */
        return BH_OK;
    }
    if (rc != BH_OK)
        return rc;
    *out = (rating){r.g.rating, r.g.rd, r.g.vol, (uint32_t)r.games};
    return BH_OK;
}

int hub_rate_game(hub *h, int64_t game_id, const int64_t accounts[4], rating_result result,
                  int64_t at_ms, rating out[4])
{
    if (game_id <= 0 ||
        (result != RATING_A_LOSES && result != RATING_DRAW && result != RATING_A_WINS))
        return BH_EINVAL;
    /* G-RATED: four accounts, four different ones (a guest has none: 0). */
    for (int i = 0; i < 4; i++) {
        if (accounts[i] <= 0)
            return BH_EINVAL;
        for (int j = 0; j < i; j++)
            if (accounts[i] == accounts[j])
                return BH_EINVAL;
    }
    rating before[4], after[4];
    for (int i = 0; i < 4; i++) {
        int rc = hub_rating_of(h, accounts[i], &before[i]);
        if (rc != BH_OK) {
            h->store_failed = true;
            return rc;
        }
    }
    int rc = rating_game_update(before, result, RATING_TAU, after);
    if (rc != BH_OK)
        return rc;
    store_rated_game g = {.game_id = game_id, .result = (int)result, .at_ms = at_ms};
    for (int i = 0; i < 4; i++) {
        g.accounts[i] = accounts[i];
        g.before[i] = (store_glicko){before[i].r, before[i].rd, before[i].vol};
        g.after[i] = (store_glicko){after[i].r, after[i].rd, after[i].vol};
    }
    rc = store_rating_record(h->st, &g);
    if (rc != BH_OK) {
        h->store_failed |= rc == BH_ESTORE;
        return rc;
    }
    log_info("hub: game %lld rated (team A %s): %lld %.0f -> %.0f, %lld %.0f -> %.0f,"
             " %lld %.0f -> %.0f, %lld %.0f -> %.0f",
             (long long)game_id,
             result == RATING_A_WINS ? "won"
             : result == RATING_DRAW ? "drew"
                                     : "lost",
             (long long)accounts[0], before[0].r, after[0].r, (long long)accounts[1], before[1].r,
             after[1].r, (long long)accounts[2], before[2].r, after[2].r, (long long)accounts[3],
             before[3].r, after[3].r);
    if (out)
        for (int i = 0; i < 4; i++)
            out[i] = after[i];
    return BH_OK;
}

void hub__rated_start(hub *h, int64_t game_id, const int64_t accounts[4])
{
    /* store_rating.h's order: team A (seats 0 and 3), then team B (seats 1 and 2) */
    const int64_t teams[4] = {accounts[0], accounts[3], accounts[1], accounts[2]};
    int rc = store_rated_start(h->st, game_id, teams);
    if (rc == BH_ESTORE)
        h->store_failed = true;
    else if (rc != BH_OK)
        log_error("hub: game %lld: its rated start was not kept (%s)", (long long)game_id,
                  bh_errname(rc));
}

int hub__rated_accounts(hub *h, int64_t game_id, int64_t accounts[4])
{
    int64_t t[4];
    int rc = store_rated_start_get(h->st, game_id, t);
    if (rc == BH_OK) { /* stored team A (seats 0, 3) then team B (seats 1, 2) */
        accounts[0] = t[0], accounts[3] = t[1], accounts[1] = t[2], accounts[2] = t[3];
    }
    return rc;
}

bool hub__rated_seats(hub *h, int64_t game_id, rating out[4])
{
    int64_t acc[4];
    if (hub__rated_accounts(h, game_id, acc) != BH_OK)
        return false;
    for (int i = 0; i < 4; i++)
        if (hub_rating_of(h, acc[i], &out[i]) != BH_OK)
            return false;
    return true;
}

void hub__rated_end(hub *h, int64_t game_id, const char *result)
{
    int64_t acc[4];
    int rc = store_rated_start_get(h->st, game_id, acc);
    if (rc == BH_ENOTFOUND)
        return; /* a casual game, an event's game */
    bh_result r;
    /* G-RATED: a game played over the board; a forfeit (seats left empty) rates nobody */
    if (rc == BH_OK && (bh_result_parse(result, strlen(result), &r) != BH_OK ||
                        (r != BH_RES_WIN1 && r != BH_RES_WIN2 && r != BH_RES_DRAW)))
        rc = BH_EINVAL;
    if (rc == BH_OK)
        rc = hub_rate_game(h, game_id, acc,
                           r == BH_RES_WIN1   ? RATING_A_WINS
                           : r == BH_RES_WIN2 ? RATING_A_LOSES
                                              : RATING_DRAW,
                           now_wall_ms(), NULL);
    if (rc == BH_ESTORE)
        h->store_failed = true;
    else if (rc != BH_OK)
        log_error("hub: game %lld ended %s but is not rated (%s)", (long long)game_id, result,
                  bh_errname(rc));
}

/* The account named name and its rating into *a, *r; false after answering the request m
 * with the error (BH_ENOTFOUND naming "name", or the store's). */
static bool named_rating(hub *h, hub_sess *s, const proto_msg *m, const char *name,
                         store_account *a, rating *r)
{
    char key[AUTH_NAME_MAX + 1];
    /* A name that breaks the account rules is no account's. */
    int rc = auth_name_key(name, key) == BH_OK ? store_account_find(h->st, key, a) : BH_ENOTFOUND;
    if (rc == BH_OK)
        rc = hub_rating_of(h, a->id, r);
    if (rc != BH_OK)
        hub__error(h, s->conn, true, m->id, rc, rc == BH_ENOTFOUND ? "name" : NULL);
    return rc == BH_OK;
}

void hub__rating_get(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    (void)now_us;
    store_account a;
    rating r;
    if (!named_rating(h, s, m, m->rating.name, &a, &r))
        return;
    hub__queue(
        h, s->conn,
        proto_enc_rating_reply(m->id, a.name, r.r, r.rd, rating_is_provisional(&r), r.games));
}

/* The last HUB_PROFILE_GAMES rated games of an account: a ring, the next one at next. */
typedef struct {
    store_rated_game ring[HUB_PROFILE_GAMES];
    size_t n;    /* games seen (all of them) */
    size_t next; /* where the next one goes */
} profile_walk;

static int profile_keep(void *ctx, const store_rated_game *g)
{
    profile_walk *w = ctx;
    w->ring[w->next] = *g;
    w->next = (w->next + 1) % HUB_PROFILE_GAMES;
    w->n++;
    return 0;
}

/* The name of account id into out (STORE_ACCOUNT_NAME_MAX + 1 bytes); BH_OK or the store's
 * error. */
static int account_name(hub *h, int64_t id, char *out)
{
    store_account a;
    int rc = store_account_get(h->st, id, &a);
    if (rc == BH_OK)
        memcpy(out, a.name, sizeof a.name);
    return rc;
}

/* One walk of the account's rated games (store_each_rated_game: every one, keeping the last
 * HUB_PROFILE_GAMES in a fixed ring) and three name reads per game kept; a read only. */
void hub__profile_get(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    (void)now_us;
    store_account a;
    rating r;
    if (!named_rating(h, s, m, m->profile.name, &a, &r))
        return;
    profile_walk *w = xcalloc(1, sizeof *w);
    int rc = store_each_rated_game(h->st, a.id, profile_keep, w);
    size_t n = w->n < HUB_PROFILE_GAMES ? w->n : HUB_PROFILE_GAMES;
    proto_profile_game *games = xcalloc(n ? n : 1, sizeof *games);
    char(*names)[3][STORE_ACCOUNT_NAME_MAX + 1] = xcalloc(n ? n : 1, sizeof *names);
    /* newest first: the ring's newest is just before next */
    for (size_t i = 0; rc == BH_OK && i < n; i++) {
        const store_rated_game *g =
            &w->ring[(w->next + 2 * HUB_PROFILE_GAMES - 1 - i) % HUB_PROFILE_GAMES];
        int me = 0;
        while (me < 4 && g->accounts[me] != a.id)
            me++;
        if (me == 4) {
            rc = BH_ESTORE; /* the store's filter gave a game without the account */
            break;
        }
        /* store_rating.h's order: team A [0], [1]; team B [2], [3] */
        int partner = me ^ 1, opp = me < 2 ? 2 : 0;
        proto_profile_game *p = &games[i];
        rc = account_name(h, g->accounts[partner], names[i][0]);
        for (int k = 0; rc == BH_OK && k < 2; k++)
            rc = account_name(h, g->accounts[opp + k], names[i][1 + k]);
        p->game = g->game_id;
        p->at_ms = g->at_ms;
        p->partner = names[i][0];
        p->opponents[0] = names[i][1];
        p->opponents[1] = names[i][2];
        p->result = me < 2 ? g->result : 2 - g->result; /* team A's result, turned */
        p->before = g->before[me].rating;
        p->after = g->after[me].rating;
        p->rd = g->after[me].rd;
    }
    if (rc == BH_OK)
        hub__queue(h, s->conn,
                   proto_enc_profile_reply(m->id, a.name, r.r, r.rd, rating_is_provisional(&r),
                                           r.games, games, n));
    else /* its games or a player of them unread: a read, nothing to roll back */
        hub__error(h, s->conn, true, m->id, BH_ESTORE, NULL);
    free(names);
    free(games);
    free(w);
}
