/* test_hub_rating.c: the hub rates a bughouse game of four accounts (hub_rate_game; no
 * sockets: hub_fake.h): the stored ratings move as Glicko-2 says, a game is rated once, a
 * guest's or a repeated seat is refused (G-RATED), and the stored games replay into the
 * stored ratings exactly (G-REPLAY), across a restart.
 * SPDX-License-Identifier: MIT */
#include <math.h>
#include <unistd.h>

#include "bh.h"
#include "hub_fake.h"
#include "rating.h"
#include "store_account.h"
#include "store_rating.h"

#define ADMIN "test-admin-token-0123456789"
#define T0 1000000000ull

static fake io;
static store *st;
static hub *h;
static char dbpath[128];
static int64_t acc[5];

static void open_hub(bool fresh)
{
    snprintf(dbpath, sizeof dbpath, "/tmp/bh_test_hub_rating_%d.db", (int)getpid());
    CHECK_EQ_INT("hub", BH_OK, f_open_hub(dbpath, fresh, "online", ADMIN, &io, T0, &st, &h));
}

static void five_accounts(void)
{
    const char *names[] = {"ann", "bob", "cid", "dan", "eve"};
    for (int i = 0; i < 5; i++)
        CHECK_EQ_INT("account", BH_OK, store_account_add(st, names[i], names[i], "h", 1, &acc[i]));
    CHECK_EQ_INT("turn", BH_OK, hub_turn_end(h));
}

/* Four new players (1500, RD 350, volatility 0.06): each team is one opponent 1500/350
 * (G-TEAM: the root mean square of 350 and 350 is 350), so team A's players each get the
 * Glicko-2 update of a new player beating a new player with tau 0.75, which Glickman 2013's
 * steps give as 1662.31, RD 290.32 (worked in a separate transcription of the paper's
 * formulas, not this code), and team B's 1337.69, RD 290.32. */
static void first_game_of_new_players(void)
{
    open_hub(true);
    five_accounts();
    rating r;
    CHECK_EQ_INT("unrated", BH_OK, hub_rating_of(h, acc[0], &r));
    CHECK_EQ_DBL("defaults", 1500, r.r, 0);
    CHECK(rating_is_provisional(&r));
    int64_t four[4] = {acc[0], acc[1], acc[2], acc[3]};
    rating out[4];
    CHECK_EQ_INT("rate", BH_OK, hub_rate_game(h, 11, four, RATING_A_WINS, 5000, out));
    CHECK_EQ_INT("turn", BH_OK, hub_turn_end(h));
    for (int i = 0; i < 4; i++) {
        store_rating s;
        CHECK_EQ_INT("stored", BH_OK, store_rating_get(st, four[i], &s));
        CHECK_EQ_DBL("rating", i < 2 ? 1662.31 : 1337.69, s.g.rating, 0.005);
        CHECK_EQ_DBL("RD", 290.32, s.g.rd, 0.005);
        CHECK_EQ_INT("one game", 1, s.games);
        CHECK(s.g.rating == out[i].r);
    }
    CHECK_EQ_INT("eve unrated", BH_ENOTFOUND, store_rating_get(st, acc[4], &(store_rating){0}));
    CHECK_EQ_INT("rated once", BH_EEXIST, hub_rate_game(h, 11, four, RATING_A_LOSES, 6000, NULL));
    CHECK_EQ_INT("turn", BH_OK, hub_turn_end(h));
    CHECK_EQ_INT("ann's", BH_OK, hub_rating_of(h, acc[0], &r));
    CHECK_EQ_DBL("unchanged by the repeat", 1662.31, r.r, 0.005);
    f_close_hub(&io, st, h);
    bh_test_rm_db(dbpath);
}

/* G-RATED: a guest (no account: 0), one account in two seats, an unknown account, a bad
 * result or game id: refused, nothing stored. */
static void refusals(void)
{
    open_hub(true);
    five_accounts();
    int64_t guest[4] = {acc[0], 0, acc[2], acc[3]};
    CHECK_EQ_INT("guest", BH_EINVAL, hub_rate_game(h, 12, guest, RATING_DRAW, 1, NULL));
    int64_t twice[4] = {acc[0], acc[1], acc[2], acc[0]};
    CHECK_EQ_INT("twice", BH_EINVAL, hub_rate_game(h, 12, twice, RATING_DRAW, 1, NULL));
    int64_t unknown[4] = {acc[0], acc[1], acc[2], 999};
    CHECK_EQ_INT("unknown", BH_ENOTFOUND, hub_rate_game(h, 12, unknown, RATING_DRAW, 1, NULL));
    int64_t ok[4] = {acc[0], acc[1], acc[2], acc[3]};
    CHECK_EQ_INT("result 5", BH_EINVAL, hub_rate_game(h, 12, ok, (rating_result)5, 1, NULL));
    CHECK_EQ_INT("game 0", BH_EINVAL, hub_rate_game(h, 0, ok, RATING_DRAW, 1, NULL));
    CHECK_EQ_INT("turn", BH_OK, hub_turn_end(h));
    for (int i = 0; i < 4; i++)
        CHECK_EQ_INT("nothing stored", BH_ENOTFOUND,
                     store_rating_get(st, acc[i], &(store_rating){0}));
    f_close_hub(&io, st, h);
    bh_test_rm_db(dbpath);
}

typedef struct {
    rating_game games[16];
    size_t n;
} replay_in;

static int collect(void *ctx, const store_rated_game *g)
{
    replay_in *in = ctx;
    if (in->n >= BH_ARRAY_LEN(in->games))
        return 1;
    rating_game *r = &in->games[in->n++];
    for (int i = 0; i < 4; i++)
        r->players[i] = (uint32_t)(g->accounts[i] - 1); /* ids 1..5 -> 0..4 */
    r->result = (rating_result)g->result;
    return 0;
}

/* G-REPLAY: five games among five accounts, rated by the hub, then a restart; the stored
 * games replayed from the defaults give every stored rating bit for bit. */
static void stored_games_replay_into_ratings(void)
{
    open_hub(true);
    five_accounts();
    static const struct {
        int seats[4];
        rating_result result;
    } games[] = {
        {{0, 1, 2, 3}, RATING_A_WINS}, {{4, 0, 1, 2}, RATING_A_LOSES}, {{3, 4, 0, 1}, RATING_DRAW},
        {{2, 0, 4, 3}, RATING_A_WINS}, {{1, 3, 2, 4}, RATING_A_WINS},
    };
    for (size_t k = 0; k < BH_ARRAY_LEN(games); k++) {
        int64_t four[4];
        for (int i = 0; i < 4; i++)
            four[i] = acc[games[k].seats[i]];
        CHECK_EQ_INT("rate", BH_OK,
                     hub_rate_game(h, 100 + (int64_t)k, four, games[k].result, 7000 + k, NULL));
        CHECK_EQ_INT("turn", BH_OK, hub_turn_end(h));
    }
    hub_free(h);
    store_close(st);
    f_clear(&io);
    open_hub(false); /* the restart */
    replay_in in = {.n = 0};
    CHECK_EQ_INT("each", BH_OK, store_each_rated_game(st, 0, collect, &in));
    CHECK_EQ_INT("five games", 5, (int)in.n);
    rating table[5];
    CHECK_EQ_INT("replay", BH_OK, rating_replay(in.games, in.n, RATING_TAU, table, 5));
    for (int i = 0; i < 5; i++) {
        CHECK_EQ_INT("ids 1..5", i + 1, acc[i]);
        rating r;
        CHECK_EQ_INT("stored", BH_OK, hub_rating_of(h, acc[i], &r));
        CHECK_MSG(r.r == table[i].r && r.rd == table[i].rd && r.vol == table[i].vol,
                  "account %d: stored %.17g/%.17g/%.17g, replayed %.17g/%.17g/%.17g", i, r.r, r.rd,
                  r.vol, table[i].r, table[i].rd, table[i].vol);
        CHECK_EQ_INT("games", table[i].games, r.games);
        CHECK(r.r != 1500);
    }
    f_close_hub(&io, st, h);
    bh_test_rm_db(dbpath);
}

static void say(uint64_t c, const char *json)
{
    hub_on_text(h, c, json, strlen(json), T0);
    CHECK_EQ_INT("turn", BH_OK, hub_turn_end(h));
}

/* The rating message (protocol/messages/c2s-rating.md): anyone asks by name, any case;
 * rating and RD rounded, provisional while RD >= 110 (G-PROVISIONAL); an unrated account has
 * the defaults; an unknown name is not_found (field name). */
static void rating_message(void)
{
    open_hub(true);
    five_accounts();
    int64_t four[4] = {acc[0], acc[1], acc[2], acc[3]};
    CHECK_EQ_INT("rate", BH_OK, hub_rate_game(h, 11, four, RATING_A_WINS, 5000, NULL));
    CHECK_EQ_INT("turn", BH_OK, hub_turn_end(h));
    hub_on_open(h, 1);
    say(1, "{\"type\":\"rating\",\"id\":5,\"name\":\"ANN\"}");
    const char *r = f_last(&io, 1, "rating_reply");
    CHECK_MSG(r != NULL, "a rating_reply");
    if (r) {
        CHECK_EQ_INT("id", 5, jint(r, "id"));
        CHECK_EQ_INT("1662.31 rounded", 1662, jint(r, "rating"));
        CHECK_EQ_INT("290.32 rounded", 290, jint(r, "rd"));
        CHECK_EQ_INT("games", 1, jint(r, "games"));
        CHECK(strstr(r, "\"provisional\":true") != NULL);
        char name[32];
        jstr(r, "name", name, sizeof name);
        CHECK_EQ_STR("as signed up", "ann", name);
    }
    say(1, "{\"type\":\"rating\",\"id\":6,\"name\":\"dan\"}");
    CHECK_EQ_INT("team B: 1337.69", 1338, jint(f_last(&io, 1, "\"id\":6"), "rating"));
    say(1, "{\"type\":\"rating\",\"id\":7,\"name\":\"eve\"}");
    CHECK_EQ_INT("unrated: 1500", 1500, jint(f_last(&io, 1, "\"id\":7"), "rating"));
    CHECK_EQ_INT("RD 350", 350, jint(f_last(&io, 1, "\"id\":7"), "rd"));
    say(1, "{\"type\":\"rating\",\"id\":8,\"name\":\"zed\"}");
    const char *e = f_last(&io, 1, "\"id\":8");
    CHECK(e && strstr(e, "\"code\":\"not_found\"") && strstr(e, "\"field\":\"name\""));
    f_close_hub(&io, st, h);
    bh_test_rm_db(dbpath);
}

/* The profile message (protocol/messages/c2s-profile.md): after four new players' first game
 * (ann and bob beat cid and dan: 1662.31 / 1337.69, RD 290.32, as first_game_of_new_players)
 * and a second one that ann and cid lose to bob and eve, ann's profile lists both games newest
 * first with her partner, her opponents, her result and her rating before and after (the
 * second game starts from the first one's 1662), and her chart's two points oldest first; dan
 * lost his one game 1500 -> 1338; eve, asked before her game, has none; zed is not_found. */
static void profile_message(void)
{
    open_hub(true);
    five_accounts();
    hub_on_open(h, 1);
    say(1, "{\"type\":\"profile\",\"id\":4,\"name\":\"Eve\"}");
    const char *e0 = f_last(&io, 1, "\"id\":4");
    CHECK_MSG(e0 && strstr(e0, "\"rating\":1500,\"rd\":350,\"provisional\":true,\"games\":0,"
                               "\"history\":[],\"rated\":[]"),
              "eve unrated: %s", e0 ? e0 : "(none)");
    int64_t first[4] = {acc[0], acc[1], acc[2], acc[3]};
    CHECK_EQ_INT("rate", BH_OK, hub_rate_game(h, 11, first, RATING_A_WINS, 5000, NULL));
    int64_t second[4] = {acc[0], acc[2], acc[1], acc[4]};
    CHECK_EQ_INT("rate", BH_OK, hub_rate_game(h, 12, second, RATING_A_LOSES, 6000, NULL));
    CHECK_EQ_INT("turn", BH_OK, hub_turn_end(h));
    say(1, "{\"type\":\"profile\",\"id\":5,\"name\":\"ANN\"}");
    const char *r = f_last(&io, 1, "profile_reply");
    CHECK_MSG(r != NULL, "a profile_reply");
    if (!r)
        return;
    CHECK_EQ_INT("id", 5, jint(r, "id"));
    CHECK_EQ_INT("two games", 2, jint(r, "games"));
    char name[32];
    jstr(r, "name", name, sizeof name);
    CHECK_EQ_STR("as signed up", "ann", name);
    const char *g12 = strstr(r, "{\"game\":12,\"at_ms\":6000,\"partner\":\"cid\","
                                "\"opponents\":[\"bob\",\"eve\"],\"result\":\"loss\","
                                "\"before\":1662,");
    const char *g11 = strstr(r, "{\"game\":11,\"at_ms\":5000,\"partner\":\"bob\","
                                "\"opponents\":[\"cid\",\"dan\"],\"result\":\"win\","
                                "\"before\":1500,\"after\":1662,\"rd\":290}");
    CHECK_MSG(g12 && g11 && g12 < g11, "game 12 then game 11: %s", r);
    CHECK_MSG(strstr(r, "\"history\":[{\"at_ms\":5000,\"rating\":1662,\"rd\":290},"
                        "{\"at_ms\":6000,\"rating\":"),
              "the chart's points oldest first: %s", r);
    /* the second game's after is the rating now */
    rating now;
    CHECK_EQ_INT("ann", BH_OK, hub_rating_of(h, acc[0], &now));
    CHECK_EQ_INT("rating now", llround(now.r), jint(r, "rating"));
    CHECK(now.r < 1662.31);
    char after[64];
    snprintf(after, sizeof after, "\"result\":\"loss\",\"before\":1662,\"after\":%lld,",
             (long long)llround(now.r));
    CHECK_MSG(strstr(r, after) != NULL, "game 12's after is the rating now (%s): %s", after, r);
    say(1, "{\"type\":\"profile\",\"id\":6,\"name\":\"dan\"}");
    const char *d = f_last(&io, 1, "\"id\":6");
    CHECK_MSG(d && strstr(d, "{\"game\":11,\"at_ms\":5000,\"partner\":\"cid\",\"opponents\":"
                             "[\"ann\",\"bob\"],\"result\":\"loss\",\"before\":1500,"
                             "\"after\":1338,\"rd\":290}"),
              "dan's loss: %s", d ? d : "(none)");
    say(1, "{\"type\":\"profile\",\"id\":7,\"name\":\"zed\"}");
    const char *z = f_last(&io, 1, "\"id\":7");
    CHECK(z && strstr(z, "\"code\":\"not_found\"") && strstr(z, "\"field\":\"name\""));
    f_close_hub(&io, st, h);
    bh_test_rm_db(dbpath);
}

/* A profile holds the last HUB_PROFILE_GAMES (100) rated games: after 102 games, dan's says
 * 102, the list starts with the newest (game 102) and ends with game 3. */
static void profile_keeps_the_last_100(void)
{
    open_hub(true);
    five_accounts();
    int64_t four[4] = {acc[0], acc[1], acc[2], acc[3]};
    for (int64_t k = 1; k <= 102; k++)
        CHECK_EQ_INT(
            "rate", BH_OK,
            hub_rate_game(h, k, four, k % 2 ? RATING_A_WINS : RATING_A_LOSES, 1000 * k, NULL));
    CHECK_EQ_INT("turn", BH_OK, hub_turn_end(h));
    hub_on_open(h, 1);
    say(1, "{\"type\":\"profile\",\"id\":5,\"name\":\"dan\"}");
    const char *r = f_last(&io, 1, "profile_reply");
    CHECK_MSG(r != NULL, "a profile_reply: %d sent, the last %.200s", io.n,
              io.n ? io.msg[io.n - 1] : "");
    if (!r)
        return;
    CHECK_EQ_INT("all games counted", 102, jint(r, "games"));
    const char *list = strstr(r, "\"rated\":[");
    CHECK_MSG(list && strncmp(list, "\"rated\":[{\"game\":102,", 20) == 0, "newest first: %.40s",
              list ? list : "(none)");
    int n = 0;
    for (const char *p = list; p && (p = strstr(p, "{\"game\":")) != NULL; p++)
        n++;
    CHECK_EQ_INT("100 listed", 100, n);
    CHECK(strstr(r, "{\"game\":3,") != NULL && strstr(r, "{\"game\":2,") == NULL);
    n = 0;
    for (const char *p = r; (p = strstr(p, "{\"at_ms\":")) != NULL; p++)
        n++;
    CHECK_EQ_INT("100 points", 100, n);
    f_close_hub(&io, st, h);
    bh_test_rm_db(dbpath);
}

static const bh_test_case cases[] = {
    {"rating_message", rating_message},
    {"profile_message", profile_message},
    {"profile_keeps_the_last_100", profile_keeps_the_last_100},
    {"first_game_of_new_players", first_game_of_new_players},
    {"refusals", refusals},
    {"stored_games_replay_into_ratings", stored_games_replay_into_ratings},
};

BH_TEST_MAIN(cases)
