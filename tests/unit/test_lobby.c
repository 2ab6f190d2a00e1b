/* test_lobby.c: the lobby's tables (lobby.h): every refusal with its field, and the start
 * condition (four seated, all ready). SPDX-License-Identifier: MIT
 * The seat numbers are game.h's (0 White A, 1 Black A, 2 White B, 3 Black B); the partner
 * pairs 0 + 3 and 1 + 2 are those of the USBCF-style bughouse rules in docs/rules.md (P-TEAM). */
#include <stdio.h>
#include <string.h>

#include "bh.h"
#include "bh_test.h"
#include "lobby.h"

#define LINK "0123456789abcdef0123456789abcdef"

static const lobby_opts CASUAL = {180000, 2000, false, LOBBY_ONLINE, false};

static lobby_person acct(uint64_t c, const char *name)
{
    return (lobby_person){.conn = c, .name = name, .account = true};
}

static lobby_person guest(uint64_t c, const char *name)
{
    return (lobby_person){.conn = c, .name = name, .account = false};
}

static void create_refusals(void)
{
    lobby *l = lobby_new(3, 2);
    lobby_person ann = acct(1, "Ann");
    const char *f = NULL;
    int64_t id = 0;
    lobby_opts o = CASUAL;
    o.base_ms = 14999; /* 15 s is the shortest */
    CHECK_EQ_INT("base too short", BH_EINVAL, lobby_create(l, &ann, &o, NULL, &id, &f));
    CHECK_EQ_STR("field", "base_ms", f);
    o.base_ms = 10800001;
    CHECK_EQ_INT("base too long", BH_EINVAL, lobby_create(l, &ann, &o, NULL, &id, &f));
    CHECK_EQ_STR("field", "base_ms", f);
    o = CASUAL;
    o.inc_ms = -1;
    CHECK_EQ_INT("negative increment", BH_EINVAL, lobby_create(l, &ann, &o, NULL, &id, &f));
    CHECK_EQ_STR("field", "inc_ms", f);
    o.inc_ms = 60001;
    CHECK_EQ_INT("increment over 60 s", BH_EINVAL, lobby_create(l, &ann, &o, NULL, &id, &f));
    CHECK_EQ_STR("field", "inc_ms", f);
    o = CASUAL;
    o.ruleset = 7;
    CHECK_EQ_INT("ruleset", BH_EINVAL, lobby_create(l, &ann, &o, NULL, &id, &f));
    CHECK_EQ_STR("field", "ruleset", f);
    o = CASUAL;
    o.priv = true;
    CHECK_EQ_INT("private without link", BH_EINVAL, lobby_create(l, &ann, &o, NULL, &id, &f));
    CHECK_EQ_STR("field", "link", f);
    CHECK_EQ_INT("link of upper-case hex", BH_EINVAL,
                 lobby_create(l, &ann, &o, "0123456789ABCDEF0123456789abcdef", &id, &f));
    lobby_person nobody = {.conn = 5, .name = "", .account = false};
    CHECK_EQ_INT("no name", BH_EAUTH, lobby_create(l, &nobody, &CASUAL, NULL, &id, &f));
    CHECK_EQ_STR("field", "name", f);
    CHECK_EQ_INT("nothing made", 0, lobby_count(l));
    /* the caps: two per creator, three in all */
    CHECK_EQ_INT("1st", BH_OK, lobby_create(l, &ann, &CASUAL, NULL, &id, &f));
    CHECK_EQ_INT("ids from 1", 1, (int)id);
    CHECK_EQ_INT("2nd", BH_OK, lobby_create(l, &ann, &o, LINK, &id, &f));
    CHECK_EQ_INT("3rd of Ann", BH_ELIMIT, lobby_create(l, &ann, &CASUAL, NULL, &id, &f));
    CHECK_EQ_STR("field", "creator", f);
    lobby_person bob = guest(2, "Bob"), cid = guest(3, "Cid");
    CHECK_EQ_INT("Bob's", BH_OK, lobby_create(l, &bob, &CASUAL, NULL, &id, &f));
    CHECK_EQ_INT("full", BH_ELIMIT, lobby_create(l, &cid, &CASUAL, NULL, &id, &f));
    CHECK_EQ_STR("field", "tables", f);
    CHECK_EQ_INT("three", 3, lobby_count(l));
    CHECK_EQ_STR("private link kept", LINK, lobby_find(l, 2)->link);
    CHECK_EQ_STR("public: no link", "", lobby_find(l, 1)->link);
    lobby_free(l);
}

static void sit_refusals(void)
{
    lobby *l = lobby_new(10, 2);
    lobby_person ann = acct(1, "Ann"), bob = guest(2, "Bob");
    const char *f = NULL;
    int64_t pub = 0, priv = 0, rated = 0;
    lobby_opts o = CASUAL;
    CHECK_EQ_INT("public", BH_OK, lobby_create(l, &ann, &o, NULL, &pub, &f));
    o.priv = true;
    CHECK_EQ_INT("private", BH_OK, lobby_create(l, &ann, &o, LINK, &priv, &f));
    o.priv = false;
    o.rated = true;
    CHECK_EQ_INT("rated", BH_OK, lobby_create(l, &bob, &o, NULL, &rated, &f));
    CHECK_EQ_INT("unknown table", BH_ENOTFOUND, lobby_sit(l, 99, &bob, 0, NULL, &f));
    CHECK_EQ_STR("field", "table", f);
    CHECK_EQ_INT("private without link", BH_ENOTFOUND, lobby_sit(l, priv, &bob, 0, NULL, &f));
    CHECK_EQ_STR("field", "table", f);
    CHECK_EQ_INT("private, wrong link", BH_ENOTFOUND,
                 lobby_sit(l, priv, &bob, 0, "0123456789abcdef0123456789abcdee", &f));
    CHECK_EQ_INT("private with link", BH_OK, lobby_sit(l, priv, &bob, 0, LINK, &f));
    CHECK_EQ_INT("seat 4", BH_EINVAL, lobby_sit(l, pub, &ann, 4, NULL, &f));
    CHECK_EQ_STR("field", "seat", f);
    CHECK_EQ_INT("seat -1", BH_EINVAL, lobby_sit(l, pub, &ann, -1, NULL, &f));
    CHECK_EQ_INT("a guest at a rated table", BH_EAUTH, lobby_sit(l, rated, &bob, 1, NULL, &f));
    CHECK_EQ_STR("field names the rule", "rated", f);
    CHECK_EQ_INT("an account at a rated table", BH_OK, lobby_sit(l, rated, &ann, 1, NULL, &f));
    lobby_person cid = guest(3, "Cid");
    CHECK_EQ_INT("seat taken", BH_EEXIST,
                 lobby_sit(l, rated, &(lobby_person){.conn = 3, .name = "Cid", .account = true}, 1,
                           NULL, &f));
    CHECK_EQ_STR("field", "seat", f);
    CHECK_EQ_INT("Cid sits", BH_OK, lobby_sit(l, pub, &cid, 2, NULL, &f));
    CHECK_EQ_INT("again in one's own seat", BH_OK, lobby_sit(l, pub, &cid, 2, NULL, &f));
    /* one seat at a time: Ann moves from the rated table to the public one */
    CHECK_EQ_INT("Ann moves", BH_OK, lobby_sit(l, pub, &ann, 3, NULL, &f));
    CHECK_EQ_INT("rated table empty", 0, lobby_seated(lobby_find(l, rated)));
    int seat = -1;
    CHECK(lobby_seat_of(l, 1, &seat) == lobby_find(l, pub));
    CHECK_EQ_INT("Ann's seat", 3, seat);
    lobby_free(l);
}

/* Four seated and four ready starts; any change of the line-up drops every ready flag. */
static void start_condition(void)
{
    lobby *l = lobby_new(10, 2);
    lobby_person p[4] = {acct(11, "Ann"), acct(12, "Bob"), guest(13, "Cid"), guest(14, "Dan")};
    const char *f = NULL;
    int64_t id = 0, tid = 0;
    bool start = true;
    CHECK_EQ_INT("create", BH_OK, lobby_create(l, &p[0], &CASUAL, NULL, &id, &f));
    CHECK_EQ_INT("ready before sitting", BH_ESTATE, lobby_ready(l, 11, true, &tid, &start, &f));
    CHECK_EQ_STR("field", "seat", f);
    CHECK_EQ_INT("stand before sitting", BH_ESTATE, lobby_stand(l, 11, &tid, &f));
    for (int i = 0; i < 3; i++) {
        CHECK_EQ_INT("sit", BH_OK, lobby_sit(l, id, &p[i], i, NULL, &f));
        CHECK_EQ_INT("ready", BH_OK, lobby_ready(l, p[i].conn, true, &tid, &start, &f));
        CHECK_MSG(!start, "three seats do not start (%d)", i);
    }
    CHECK_EQ_INT("Dan sits", BH_OK, lobby_sit(l, id, &p[3], 3, NULL, &f));
    CHECK(!lobby_find(l, id)->seat[0].ready); /* a new line-up: agreed afresh */
    for (int i = 0; i < 3; i++) {
        CHECK_EQ_INT("ready", BH_OK, lobby_ready(l, p[i].conn, true, &tid, &start, &f));
        CHECK(!start);
    }
    CHECK_EQ_INT("Dan unready", BH_OK, lobby_ready(l, 14, false, &tid, &start, &f));
    CHECK(!start);
    CHECK_EQ_INT("Dan ready", BH_OK, lobby_ready(l, 14, true, &tid, &start, &f));
    CHECK_MSG(start, "four seated and ready start");
    CHECK_EQ_INT("table", (int)id, (int)tid);
    const lobby_table *t = lobby_find(l, id);
    CHECK_EQ_STR("White A", "Ann", t->seat[0].name);
    CHECK_EQ_STR("Black B, Ann's partner", "Dan", t->seat[3].name);
    /* a stand-up drops the flags again */
    CHECK_EQ_INT("Bob stands", BH_OK, lobby_stand(l, 12, &tid, &f));
    CHECK_EQ_INT("three left", 3, lobby_seated(lobby_find(l, id)));
    CHECK(!lobby_find(l, id)->seat[3].ready);
    CHECK_EQ_INT("removed", BH_OK, lobby_remove(l, id));
    CHECK_EQ_INT("removed twice", BH_ENOTFOUND, lobby_remove(l, id));
    CHECK_EQ_INT("sit at a started table", BH_ENOTFOUND, lobby_sit(l, id, &p[1], 1, NULL, &f));
    lobby_free(l);
}

static void kick_and_gone(void)
{
    lobby *l = lobby_new(10, 2);
    lobby_person ann = acct(1, "Ann"), bob = guest(2, "Bob"), cid = guest(3, "Cid");
    const char *f = NULL;
    int64_t id = 0, other = 0;
    uint64_t kicked = 0;
    CHECK_EQ_INT("create", BH_OK, lobby_create(l, &ann, &CASUAL, NULL, &id, &f));
    CHECK_EQ_INT("Bob's table", BH_OK, lobby_create(l, &bob, &CASUAL, NULL, &other, &f));
    lobby_sit(l, id, &bob, 1, NULL, &f);
    lobby_sit(l, other, &cid, 0, NULL, &f);
    CHECK_EQ_INT("unknown table", BH_ENOTFOUND, lobby_kick(l, 1, 77, 1, &kicked, &f));
    CHECK_EQ_STR("field", "table", f);
    CHECK_EQ_INT("not the creator", BH_EAUTH, lobby_kick(l, 2, id, 1, &kicked, &f));
    CHECK_EQ_STR("field", "creator", f);
    CHECK_EQ_INT("bad seat", BH_EINVAL, lobby_kick(l, 1, id, 9, &kicked, &f));
    CHECK_EQ_STR("field", "seat", f);
    CHECK_EQ_INT("empty seat", BH_ESTATE, lobby_kick(l, 1, id, 0, &kicked, &f));
    CHECK_EQ_STR("field", "seat", f);
    CHECK_EQ_INT("kick Bob", BH_OK, lobby_kick(l, 1, id, 1, &kicked, &f));
    CHECK_EQ_INT("Bob was kicked", 2, (int)kicked);
    CHECK(!lobby_seat_of(l, 2, NULL));
    /* Bob goes: Cid, who sits at his table, takes it over (and may kick) */
    int64_t closed[4];
    int n = 0;
    CHECK_EQ_INT("one table changed", 1, lobby_gone(l, 2, closed, 4, &n));
    CHECK_EQ_INT("none closed", 0, n);
    CHECK_EQ_INT("Cid's now", 3, (int)lobby_find(l, other)->creator);
    CHECK_EQ_STR("by name", "Cid", lobby_find(l, other)->creator_name);
    CHECK_EQ_INT("Cid kicks himself: standing up", BH_OK, lobby_kick(l, 3, other, 0, &kicked, &f));
    /* Cid goes: nobody sits at the table, it closes */
    CHECK_EQ_INT("Cid's table changed", 1, lobby_gone(l, 3, closed, 4, &n));
    CHECK_EQ_INT("one closed", 1, n);
    CHECK_EQ_INT("the table Bob opened", (int)other, (int)closed[0]);
    CHECK_EQ_INT("Ann's stays", 1, lobby_count(l));
    CHECK_EQ_INT("nobody", 0, lobby_gone(l, 42, closed, 4, &n));
    lobby_free(l);
}

/* FICS' `partner`: one seeks, another answers; the two sit as partners (0 + 3) at a new
 * public table the seeker created. */
static void seeks(void)
{
    lobby *l = lobby_new(10, 2);
    lobby_person ann = guest(1, "Ann"), bob = acct(2, "Bob"), cid = acct(3, "Cid");
    const char *f = NULL;
    int64_t s1 = 0, s2 = 0, t = 0;
    CHECK_EQ_INT("Ann seeks", BH_OK, lobby_seek_add(l, &ann, &s1, &f));
    CHECK_EQ_INT("twice", BH_EEXIST, lobby_seek_add(l, &ann, &s2, &f));
    CHECK_EQ_STR("field", "seek", f);
    CHECK_EQ_INT("Bob seeks too", BH_OK, lobby_seek_add(l, &bob, &s2, &f));
    CHECK_EQ_INT("two seeks", 2, lobby_seek_count(l));
    CHECK_EQ_INT("unknown seek", BH_ENOTFOUND, lobby_partner(l, &cid, 99, &CASUAL, &t, &f));
    CHECK_EQ_STR("field", "seek", f);
    CHECK_EQ_INT("one's own seek", BH_EINVAL, lobby_partner(l, &ann, s1, &CASUAL, &t, &f));
    lobby_opts rated = CASUAL;
    rated.rated = true;
    CHECK_EQ_INT("rated with a guest", BH_EAUTH, lobby_partner(l, &cid, s1, &rated, &t, &f));
    CHECK_EQ_STR("field", "rated", f);
    lobby_opts bad = CASUAL;
    bad.base_ms = 1000;
    CHECK_EQ_INT("bad time", BH_EINVAL, lobby_partner(l, &cid, s1, &bad, &t, &f));
    CHECK_EQ_STR("field", "base_ms", f);
    CHECK_EQ_INT("Bob answers Ann", BH_OK, lobby_partner(l, &bob, s1, &CASUAL, &t, &f));
    const lobby_table *x = lobby_find(l, t);
    CHECK_EQ_STR("the seeker White on A", "Ann", x->seat[0].name);
    CHECK_EQ_STR("her partner Black on B", "Bob", x->seat[3].name);
    CHECK_EQ_INT("the seeker's table", 1, (int)x->creator);
    CHECK(!x->priv);
    CHECK_EQ_INT("both seeks closed", 0, lobby_seek_count(l));
    CHECK_EQ_INT("cancel without a seek", BH_ESTATE, lobby_seek_cancel(l, 1, &f));
    CHECK_EQ_INT("Cid seeks", BH_OK, lobby_seek_add(l, &cid, &s1, &f));
    int64_t closed[2];
    int n = 0;
    CHECK_EQ_INT("Cid goes: his seek closes", 1, lobby_gone(l, 3, closed, 2, &n));
    CHECK_EQ_INT("none left", 0, lobby_seek_count(l));
    lobby_free(l);
}

static void rulesets(void)
{
    CHECK_EQ_INT("online", LOBBY_ONLINE, lobby_ruleset_by_name("online"));
    CHECK_EQ_INT("regulation", LOBBY_REGULATION, lobby_ruleset_by_name("regulation"));
    CHECK_EQ_INT("fide is no table's", -1, lobby_ruleset_by_name("fide"));
    CHECK_EQ_STR("name", "regulation", lobby_ruleset_name(LOBBY_REGULATION));
}

/* A full table of Ann (0 White A), Bob (1 Black A), Cat (2 White B), Dan (3 Black B):
 * partners Ann + Dan and Bob + Cat (P-TEAM). Started as game 40; *id the table. */
static lobby *played_table(int64_t *id)
{
    lobby *l = lobby_new(10, 2);
    lobby_person p[4] = {acct(1, "Ann"), acct(2, "Bob"), acct(3, "Cat"), guest(4, "Dan")};
    CHECK_EQ_INT("create", BH_OK, lobby_create(l, &p[0], &CASUAL, NULL, id, NULL));
    for (int i = 0; i < 4; i++)
        CHECK_EQ_INT("sit", BH_OK, lobby_sit(l, *id, &p[i], i, NULL, NULL));
    CHECK_EQ_INT("started", BH_OK, lobby_start(l, *id, 40));
    CHECK_EQ_INT("no longer open", 0, lobby_count(l));
    return l;
}

/* The rematch with partners swapped: each keeps his board, board B's players exchange seats,
 * so Ann (White A) now partners Cat (Black B) and Bob (Black A) partners Dan (White B). */
static void rematch_swapped(void)
{
    int64_t id = 0;
    lobby *l = played_table(&id);
    const char *f = NULL;
    bool start = true;
    lobby_person ann = acct(11, "Ann"), cat = acct(13, "Cat");
    lobby_person dan = guest(14, "Dan");
    CHECK_EQ_INT("before the end", BH_ESTATE,
                 lobby_rematch(l, &ann, -1, id, 40, LOBBY_REMATCH_SWAP, &start, &f));
    CHECK_EQ_STR("field", "game", f);
    CHECK_EQ_INT("not the table's game", BH_ENOTFOUND,
                 lobby_rematch(l, &ann, -1, id, 39, LOBBY_REMATCH_SWAP, &start, &f));
    CHECK_EQ_STR("field", "game", f);
    CHECK_EQ_INT("no such table", BH_ENOTFOUND,
                 lobby_rematch(l, &ann, -1, id + 1, 40, LOBBY_REMATCH_SWAP, &start, &f));
    CHECK_EQ_STR("field", "table", f);
    CHECK_EQ_INT("game over", BH_OK, lobby_over(l, 40, 0, NULL));
    CHECK_EQ_INT("bad variant", BH_EINVAL, lobby_rematch(l, &ann, -1, id, 40, 3, &start, &f));
    CHECK_EQ_STR("field", "rematch", f);
    lobby_person eve = acct(15, "Eve"), dan_acct = acct(16, "Dan");
    CHECK_EQ_INT("not her table", BH_EAUTH,
                 lobby_rematch(l, &eve, -1, id, 40, LOBBY_REMATCH_SWAP, &start, &f));
    CHECK_EQ_STR("field", "table", f);
    CHECK_EQ_INT("an account Dan is not the guest Dan", BH_EAUTH,
                 lobby_rematch(l, &dan_acct, -1, id, 40, LOBBY_REMATCH_SWAP, &start, &f));
    CHECK_EQ_INT("Ann", BH_OK, lobby_rematch(l, &ann, -1, id, 40, LOBBY_REMATCH_SWAP, &start, &f));
    CHECK(!start);
    /* Bob by his seat's token (a play page: no name) */
    lobby_person tok = {.conn = 22, .name = "", .account = false};
    CHECK_EQ_INT("Bob", BH_OK, lobby_rematch(l, &tok, 1, id, 40, LOBBY_REMATCH_SWAP, &start, &f));
    CHECK_EQ_INT("Cat, the other variant", BH_OK,
                 lobby_rematch(l, &cat, -1, id, 40, LOBBY_REMATCH_SAME, &start, &f));
    /* the guest Dan's page (connection 4) is open: another connection naming itself Dan is
     * not him; once his page has closed, his name is all there is */
    CHECK_EQ_INT("a second guest Dan", BH_EAUTH,
                 lobby_rematch(l, &dan, -1, id, 40, LOBBY_REMATCH_SWAP, &start, &f));
    CHECK_EQ_STR("field", "table", f);
    int nclosed = 0;
    int64_t closed[2];
    lobby_gone(l, 4, closed, 2, &nclosed);
    CHECK_EQ_INT("Dan", BH_OK, lobby_rematch(l, &dan, -1, id, 40, LOBBY_REMATCH_SWAP, &start, &f));
    CHECK(!start); /* Cat asked for the other variant */
    CHECK_EQ_INT("Cat changes her mind", BH_OK,
                 lobby_rematch(l, &cat, -1, id, 40, LOBBY_REMATCH_SWAP, &start, &f));
    CHECK(start);
    CHECK_EQ_INT("restart", BH_OK, lobby_restart(l, id, LOBBY_REMATCH_SWAP, 41));
    const lobby_played *p = lobby_played_find(l, id);
    CHECK_EQ_STR("White A", "Ann", p->seat[0].name);
    CHECK_EQ_STR("Black A", "Bob", p->seat[1].name);
    CHECK_EQ_STR("White B", "Dan", p->seat[2].name);
    CHECK_EQ_STR("Black B", "Cat", p->seat[3].name);
    CHECK_EQ_STR("Ann's partner (0 + 3)", "Cat", p->seat[3].name);
    CHECK_EQ_INT("the connection that accepted", 22, (int)p->seat[1].conn);
    CHECK_EQ_INT("game", 41, (int)p->game);
    CHECK(p->seat[2].account == false); /* Dan stays the guest */
    CHECK_EQ_INT("the old game's rematch started", BH_ESTATE,
                 lobby_rematch(l, &ann, -1, id, 40, LOBBY_REMATCH_SWAP, &start, &f));
    CHECK_EQ_STR("field", "started", f);
    CHECK_EQ_INT("the new one is not over", BH_ESTATE,
                 lobby_rematch(l, &ann, -1, id, 41, LOBBY_REMATCH_SWAP, &start, &f));
    CHECK_EQ_STR("field", "game", f);
    lobby_free(l);
}

/* The plain rematch: same seats; the partnerships stay. */
static void rematch_same(void)
{
    int64_t id = 0;
    lobby *l = played_table(&id);
    bool start = false;
    CHECK_EQ_INT("over", BH_OK, lobby_over(l, 40, 0, NULL));
    for (int i = 0; i < 4; i++) {
        lobby_person tok = {.conn = (uint64_t)(30 + i), .name = "", .account = false};
        CHECK_EQ_INT("accept", BH_OK,
                     lobby_rematch(l, &tok, i, id, 40, LOBBY_REMATCH_SAME, &start, NULL));
        CHECK(start == (i == 3));
    }
    CHECK_EQ_INT("restart", BH_OK, lobby_restart(l, id, LOBBY_REMATCH_SAME, 50));
    const lobby_played *p = lobby_played_of_game(l, 50);
    CHECK(p != NULL);
    CHECK_EQ_STR("White A", "Ann", p->seat[0].name);
    CHECK_EQ_STR("Black B, Ann's partner", "Dan", p->seat[3].name);
    CHECK_EQ_STR("White B", "Cat", p->seat[2].name);
    CHECK_EQ_INT("seat map: B-White stays", 2, lobby_rematch_seat(LOBBY_REMATCH_SAME, 2));
    CHECK_EQ_INT("swap: B-White to B-Black", 3, lobby_rematch_seat(LOBBY_REMATCH_SWAP, 2));
    CHECK_EQ_INT("swap: A-Black stays", 1, lobby_rematch_seat(LOBBY_REMATCH_SWAP, 1));
    CHECK_EQ_INT("a game of no table", BH_ENOTFOUND, lobby_over(l, 7, 0, NULL));
    lobby_free(l);
}

/* The played tables are bounded: the 201st start drops the oldest whose game ended (game 5),
 * not the oldest (game 1, still on). */
static void played_bounded(void)
{
    lobby *l = lobby_new(LOBBY_TABLES_MAX, 2);
    char name[16];
    for (int i = 0; i <= LOBBY_PLAYED_MAX; i++) {
        snprintf(name, sizeof name, "P%d", i);
        lobby_person p = acct((uint64_t)(1000 + i), name);
        int64_t id = 0;
        CHECK_EQ_INT("create", BH_OK, lobby_create(l, &p, &CASUAL, NULL, &id, NULL));
        if (i == LOBBY_PLAYED_MAX)
            CHECK_EQ_INT("game 5 ends", BH_OK, lobby_over(l, 5, 0, NULL));
        CHECK_EQ_INT("start", BH_OK, lobby_start(l, id, i + 1));
    }
    CHECK_EQ_INT("kept", LOBBY_PLAYED_MAX, lobby_played_count(l));
    CHECK(lobby_played_of_game(l, 5) == NULL);
    CHECK(lobby_played_of_game(l, 1) != NULL);
    CHECK(lobby_played_of_game(l, LOBBY_PLAYED_MAX + 1) != NULL);
    lobby_free(l);
}

/* Seat i of played table p by name. */
static const char *at(const lobby_played *p, int i)
{
    return p->seat[i].name;
}

/* Accept the rotation of p's game as each of the next game's four (by name), the last starts. */
static void rotate_all(lobby *l, int64_t table, int64_t game, int64_t next_game)
{
    const lobby_played *p = lobby_played_find(l, table);
    bool start = false;
    for (int i = 0; i < 4; i++) {
        int src = p->next[i];
        const lobby_seat *x = src < LOBBY_SEATS ? &p->seat[src] : &p->queue[src - LOBBY_SEATS];
        /* a guest by its own connection, an account by its name from any */
        lobby_person who = {.conn = x->account ? 900 + (uint64_t)x->name[0] : x->conn,
                            .name = x->name,
                            .account = x->account};
        CHECK_EQ_INT("accept", BH_OK,
                     lobby_rematch(l, &who, -1, table, game, LOBBY_REMATCH_ROTATE, &start, NULL));
        CHECK(start == (i == 3));
    }
    CHECK_EQ_INT("restart", BH_OK, lobby_restart(l, table, LOBBY_REMATCH_ROTATE, next_game));
}

/* O-ROTATION with five: Eve waits at the full table of Ann, Bob, Cat and Dan. Each line-up
 * below follows from the rule by hand: fewest games here first, among equals the waiting,
 * then the winners, then the others, each in seat order; the stayers keep their seats and the
 * newcomers take the freed ones.
 *   game 40: Ann Bob Cat Dan (Eve waits); Bob & Cat win: Eve (0 games), then Bob, Cat
 *     (winners, 1), Ann (seat 0 before Dan): Dan sits out, Eve takes seat 3.
 *   game 41: Ann Bob Cat Eve (Dan waits); Bob & Cat win: Dan (waiting, 1) and Eve (1), then
 *     Bob and Cat (winners, 2) before Ann (2): Ann sits out, Dan takes seat 0.
 *   game 42: Dan Bob Cat Eve (Ann waits); Dan & Eve win: Ann (waiting, 2), Dan, Eve (winners,
 *     2), Bob (3, seat 1 before Cat): Cat sits out, Ann takes seat 2.
 *   game 43: Dan Bob Ann Eve (Cat waits): 16 games in four, 4 for Bob and 3 for the others. */
static void rotation_five(void)
{
    lobby *l = lobby_new(10, 2);
    lobby_person p[5] = {acct(1, "Ann"), acct(2, "Bob"), acct(3, "Cat"), guest(4, "Dan"),
                         guest(5, "Eve")};
    int64_t id = 0;
    const char *f = NULL;
    CHECK_EQ_INT("create", BH_OK, lobby_create(l, &p[0], &CASUAL, NULL, &id, NULL));
    for (int i = 0; i < 4; i++)
        CHECK_EQ_INT("sit", BH_OK, lobby_sit(l, id, &p[i], i, NULL, NULL));
    CHECK_EQ_INT("Eve waits", BH_OK, lobby_queue(l, id, &p[4], NULL, &f));
    CHECK_EQ_INT("again: nothing changes", BH_OK, lobby_queue(l, id, &p[4], NULL, &f));
    CHECK_EQ_INT("one waiting", 1, lobby_find(l, id)->nqueue);
    CHECK_EQ_INT("start", BH_OK, lobby_start(l, id, 40));
    const lobby_played *pl = lobby_played_find(l, id);
    CHECK_EQ_INT("the wait moves with the table", 1, pl->nqueue);
    CHECK_EQ_INT("game 40 ends, Bob & Cat win", BH_OK, lobby_over(l, 40, 2, NULL));
    CHECK(pl->rotate);
    bool start = false;
    CHECK_EQ_INT("a plain rematch while Eve waits", BH_EINVAL,
                 lobby_rematch(l, &p[0], -1, id, 40, LOBBY_REMATCH_SAME, &start, &f));
    CHECK_EQ_STR("field", "rematch", f);
    CHECK_EQ_INT("Dan sits out: not his to accept", BH_EAUTH,
                 lobby_rematch(l, &p[3], -1, id, 40, LOBBY_REMATCH_ROTATE, &start, &f));
    CHECK_EQ_STR("field", "table", f);
    rotate_all(l, id, 40, 41);
    pl = lobby_played_find(l, id);
    const char *g41[] = {"Ann", "Bob", "Cat", "Eve"};
    for (int i = 0; i < 4; i++)
        CHECK_EQ_STR("game 41", g41[i], at(pl, i));
    CHECK_EQ_INT("Dan waits", 1, pl->nqueue);
    CHECK_EQ_STR("Dan waits", "Dan", pl->queue[0].name);
    CHECK_EQ_INT("Bob & Cat win", BH_OK, lobby_over(l, 41, 2, NULL));
    rotate_all(l, id, 41, 42);
    const char *g42[] = {"Dan", "Bob", "Cat", "Eve"};
    for (int i = 0; i < 4; i++)
        CHECK_EQ_STR("game 42", g42[i], at(pl, i));
    CHECK_EQ_STR("Ann waits", "Ann", pl->queue[0].name);
    CHECK_EQ_INT("Dan & Eve win", BH_OK, lobby_over(l, 42, 1, NULL));
    rotate_all(l, id, 42, 43);
    const char *g43[] = {"Dan", "Bob", "Ann", "Eve"};
    for (int i = 0; i < 4; i++)
        CHECK_EQ_STR("game 43", g43[i], at(pl, i));
    CHECK_EQ_STR("Cat waits", "Cat", pl->queue[0].name);
    int total = pl->qgames[0];
    for (int i = 0; i < 4; i++)
        total += pl->games[i];
    CHECK_EQ_INT("16 games played in four", 16, total);
    CHECK_EQ_INT("Bob 4", 4, pl->games[1]);
    CHECK_EQ_INT("Cat 3", 3, pl->qgames[0]);
    lobby_free(l);
}

/* Waiting: its refusals, and how a wait ends (a seat, leaving, a closed connection; the
 * rotation then falls back to the rematch of the four). */
static void queue_rules(void)
{
    lobby *l = lobby_new(10, 2);
    lobby_person ann = acct(1, "Ann"), gus = guest(7, "Gus");
    int64_t id = 0, rated = 0, t = 0;
    const char *f = NULL;
    CHECK_EQ_INT("create", BH_OK, lobby_create(l, &ann, &CASUAL, NULL, &id, NULL));
    CHECK_EQ_INT("rated", BH_OK,
                 lobby_create(l, &ann, &(lobby_opts){180000, 0, true, LOBBY_ONLINE, false}, NULL,
                              &rated, NULL));
    CHECK_EQ_INT("a guest at a rated table", BH_EAUTH, lobby_queue(l, rated, &gus, NULL, &f));
    CHECK_EQ_STR("field", "rated", f);
    CHECK_EQ_INT("no such table", BH_ENOTFOUND, lobby_queue(l, 99, &gus, NULL, &f));
    CHECK_EQ_STR("field", "table", f);
    CHECK_EQ_INT("not waiting", BH_ESTATE, lobby_unqueue(l, 7, &t, &f));
    CHECK_EQ_STR("field", "queue", f);
    CHECK_EQ_INT("Gus sits", BH_OK, lobby_sit(l, id, &gus, 1, NULL, NULL));
    CHECK_EQ_INT("Gus waits instead", BH_OK, lobby_queue(l, id, &gus, NULL, &f));
    CHECK_EQ_INT("his seat is free", 0, lobby_seated(lobby_find(l, id)));
    CHECK_EQ_INT("Gus sits again", BH_OK, lobby_sit(l, id, &gus, 2, NULL, NULL));
    CHECK_EQ_INT("the seat ended the wait", 0, lobby_find(l, id)->nqueue);
    for (int i = 0; i < LOBBY_QUEUE_MAX; i++) {
        char name[16];
        snprintf(name, sizeof name, "W%d", i);
        lobby_person w = guest(20 + (uint64_t)i, name);
        CHECK_EQ_INT("waits", BH_OK, lobby_queue(l, id, &w, NULL, &f));
    }
    lobby_person one_more = guest(30, "W9");
    CHECK_EQ_INT("the list is full", BH_ELIMIT, lobby_queue(l, id, &one_more, NULL, &f));
    CHECK_EQ_STR("field", "queue", f);
    CHECK_EQ_INT("W0 leaves", BH_OK, lobby_unqueue(l, 20, &t, &f));
    CHECK(t == id);
    CHECK_EQ_INT("W9 takes the place", BH_OK, lobby_queue(l, id, &one_more, NULL, &f));
    lobby_free(l);

    /* the only one waiting goes while the rotation is offered: the four's rematch again */
    int64_t tb = 0;
    l = lobby_new(10, 2);
    lobby_person p[5] = {acct(1, "Ann"), acct(2, "Bob"), acct(3, "Cat"), guest(4, "Dan"),
                         guest(5, "Eve")};
    CHECK_EQ_INT("create", BH_OK, lobby_create(l, &p[0], &CASUAL, NULL, &tb, NULL));
    for (int i = 0; i < 4; i++)
        CHECK_EQ_INT("sit", BH_OK, lobby_sit(l, tb, &p[i], i, NULL, NULL));
    CHECK_EQ_INT("Eve waits", BH_OK, lobby_queue(l, tb, &p[4], NULL, &f));
    CHECK_EQ_INT("start", BH_OK, lobby_start(l, tb, 40));
    CHECK_EQ_INT("over", BH_OK, lobby_over(l, 40, 1, NULL));
    CHECK(lobby_played_find(l, tb)->rotate);
    int nclosed = 0;
    int64_t closed[2];
    CHECK(lobby_gone(l, 5, closed, 2, &nclosed) > 0);
    CHECK(!lobby_played_find(l, tb)->rotate);
    bool start = false;
    CHECK_EQ_INT("the plain rematch again", BH_OK,
                 lobby_rematch(l, &p[0], -1, tb, 40, LOBBY_REMATCH_SAME, &start, &f));
    lobby_free(l);
}

/* What the attack on the rotation found, each refused or undone: a second guest of a waiting
 * guest's name cannot accept for her while her page is open; an acceptance ends with its
 * connection, so a game never starts for a page that closed; a player who sits out but sits
 * elsewhere meanwhile has left (not put back on the list); one account cannot sit and wait at
 * one table from two connections. */
static void rotation_attacks(void)
{
    lobby *l = lobby_new(10, 2);
    lobby_person p[5] = {acct(1, "Ann"), acct(2, "Bob"), acct(3, "Cat"), guest(4, "Dan"),
                         guest(5, "Que")};
    int64_t id = 0, other = 0;
    const char *f = NULL;
    bool start = false;
    CHECK_EQ_INT("create", BH_OK, lobby_create(l, &p[0], &CASUAL, NULL, &id, NULL));
    for (int i = 0; i < 4; i++)
        CHECK_EQ_INT("sit", BH_OK, lobby_sit(l, id, &p[i], i, NULL, NULL));
    CHECK_EQ_INT("Que waits", BH_OK, lobby_queue(l, id, &p[4], NULL, &f));
    CHECK_EQ_INT("start", BH_OK, lobby_start(l, id, 40));
    CHECK_EQ_INT("Bob & Cat win", BH_OK, lobby_over(l, 40, 2, NULL)); /* Dan sits out */
    lobby_person fake = guest(50, "Que");
    CHECK_EQ_INT("another guest named Que", BH_EAUTH,
                 lobby_rematch(l, &fake, -1, id, 40, LOBBY_REMATCH_ROTATE, &start, &f));
    CHECK_EQ_STR("field", "table", f);
    CHECK_EQ_INT("Ann", BH_OK,
                 lobby_rematch(l, &p[0], -1, id, 40, LOBBY_REMATCH_ROTATE, &start, &f));
    int nclosed = 0;
    int64_t closed[2];
    lobby_gone(l, 1, closed, 2, &nclosed); /* Ann's page closes after she accepted */
    for (int i = 1; i < 5; i++)
        if (i != 3)
            CHECK_EQ_INT("accept", BH_OK,
                         lobby_rematch(l, &p[i], -1, id, 40, LOBBY_REMATCH_ROTATE, &start, &f));
    CHECK(!start); /* Ann's acceptance went with her page */
    lobby_person ann_again = acct(60, "Ann");
    CHECK_EQ_INT("Ann, back", BH_OK,
                 lobby_rematch(l, &ann_again, -1, id, 40, LOBBY_REMATCH_ROTATE, &start, &f));
    CHECK(start);
    lobby_person x = guest(7, "Xav");
    CHECK_EQ_INT("another table", BH_OK, lobby_create(l, &x, &CASUAL, NULL, &other, NULL));
    CHECK_EQ_INT("Dan sits there meanwhile", BH_OK, lobby_sit(l, other, &p[3], 0, NULL, NULL));
    CHECK_EQ_INT("restart", BH_OK, lobby_restart(l, id, LOBBY_REMATCH_ROTATE, 41));
    CHECK_EQ_INT("Dan left: nobody waits", 0, lobby_played_find(l, id)->nqueue);
    lobby_person zed1 = acct(70, "Zed"), zed2 = acct(71, "Zed");
    CHECK_EQ_INT("Zed sits", BH_OK, lobby_sit(l, other, &zed1, 1, NULL, NULL));
    CHECK_EQ_INT("Zed waits there too", BH_EEXIST, lobby_queue(l, other, &zed2, NULL, &f));
    CHECK_EQ_STR("field", "name", f);
    CHECK_EQ_INT("Zed in a second seat", BH_EEXIST, lobby_sit(l, other, &zed2, 2, NULL, &f));
    CHECK_EQ_STR("field", "name", f);
    lobby_free(l);
}

static const bh_test_case cases[] = {
    {"rotation_attacks", rotation_attacks},
    {"rotation_five", rotation_five},
    {"queue_rules", queue_rules},
    {"played_bounded", played_bounded},
    {"rematch_swapped", rematch_swapped},
    {"rematch_same", rematch_same},
    {"create_refusals", create_refusals},
    {"sit_refusals", sit_refusals},
    {"start_condition", start_condition},
    {"kick_and_gone", kick_and_gone},
    {"seeks", seeks},
    {"rulesets", rulesets},
};

BH_TEST_MAIN(cases)
