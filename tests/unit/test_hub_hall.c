/* test_hub_hall.c: what the hub gives the director's desk and the hall, without
 * sockets (a fake transport records what would be sent; time is passed in). Proves:
 *   - a game's BPGN carries the Seven Tag Roster's Event (the tournament's name), Site (the
 *     server's --site, else PGN's "?"), Date (UTC, of its creation) and Round ("1.2": round
 *     1, pairing 2; MatchGame 1 or 2); a single game's Round is "-"; the stored BPGN too;
 *   - the BPGN of a finished game is open to anyone (a replay's download), a live game's and
 *     the TRF stay the director's;
 *   - a finished game's state carries what a replay needs: the time control and, for each
 *     move, its SAN and the mover's clock after it, equal to base - think time + increment
 *     and to the BPGN's clock comment;
 *   - announce reaches everyone, or one team's connections (its team token's and its seats')
 *     and the directors, never the other team or the spectators; bad input gets a typed error
 *     naming the field and the connection keeps working.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "auth.h"
#include "bh.h"
#include "bh_test.h"
#include "bpgn.h"
#include "hub.h"
#include "now.h"
#include "store.h"

#define ADMIN "unit-admin-token-0123456789"
#define T0 1000000000ULL
#define SEC 1000000ULL
#define BASE_MS 5000
#define SITE "Hall 2, Kyiv UKR"

#include "hub_fake.h"

static char dbpath[64];
static store *st;
static hub *h;
static fake io;

/* A fresh hub (ruleset online) whose config has site; the director on connection 1. */
static void open_hub(const char *site)
{
    snprintf(dbpath, sizeof dbpath, "/tmp/bh_test_hub_hall_%d.db", (int)getpid());
    memset(&io, 0, sizeof io);
    bh_test_rm_db(dbpath);
    CHECK_EQ_INT("store", BH_OK, store_open(dbpath, &st));
    hub_config cfg = {.recovery = HUB_RECOVER_RESUME, .ruleset = "online"};
    snprintf(cfg.site, sizeof cfg.site, "%s", site);
    auth_hash(ADMIN, cfg.admin_hash);
    hub_io hio = {&io,     f_send, f_close,
                  f_timer, NULL,   NULL}; /* no job: pairings inside the calls */
    CHECK_EQ_INT("hub", BH_OK, hub_new(st, &cfg, &hio, T0, &h));
    hub_on_open(h, 1);
    const char *auth = "{\"type\":\"auth\",\"id\":1,\"token\":\"" ADMIN "\"}";
    hub_on_text(h, 1, auth, strlen(auth), T0);
    hub_turn_end(h);
}

static void close_hub(void)
{
    f_close_hub(&io, st, h);
    bh_test_rm_db(dbpath);
}

static void turn(uint64_t conn, const char *json, uint64_t now)
{
    hub_on_text(h, conn, json, strlen(json), now);
    CHECK_EQ_INT(json, BH_OK, hub_turn_end(h));
}

/* The value of BPGN tag name in text (a parsed copy), or "" if absent. */
static void tag(const char *text, const char *name, char *out, size_t cap)
{
    bpgn_game bg;
    out[0] = '\0';
    if (!text || bpgn_parse(text, strlen(text), &bg, NULL) != BH_OK)
        return;
    const char *v = bpgn_get_tag(&bg, name);
    snprintf(out, cap, "%s", v ? v : "");
    bpgn_game_fini(&bg);
}

/* The export reply's text with its JSON escapes (\n, \") undone, into a new string. */
static char *export_text(const char *reply)
{
    const char *p = reply ? strstr(reply, "\"text\":\"") : NULL;
    if (!p)
        return NULL;
    p += 8;
    char *out = calloc(strlen(p) + 1, 1), *o = out;
    for (; *p && *p != '"'; p++) {
        if (*p == '\\' && p[1]) {
            p++;
            *o++ = *p == 'n' ? '\n' : *p;
        } else {
            *o++ = *p;
        }
    }
    return out;
}

/* Create "Spring Cup" (4 teams, 2 rounds, BASE_MS clocks) and start it at T0; team ids 1..4,
 * their team tokens into ttok. */
static void spring_cup(char ttok[4][AUTH_TOKEN_LEN + 1])
{
    char msg[256];
    snprintf(msg, sizeof msg,
             "{\"type\":\"tournament_create\",\"id\":2,\"name\":\"Spring Cup\",\"base_ms\":%d,"
             "\"ruleset\":\"online\",\"rounds\":2}",
             BASE_MS);
    turn(1, msg, T0);
    static const char *const names[] = {"Knights", "Rooks", "Bishops", "Pawns"};
    for (int i = 0; i < 4; i++) {
        snprintf(msg, sizeof msg,
                 "{\"type\":\"team_register\",\"id\":%d,\"tournament\":1,\"name\":\"%s\","
                 "\"players\":[\"c%d\",\"p%d\"],\"ratings\":[%d,1800]}",
                 3 + i, names[i], i, i, 2000 - 100 * i);
        turn(1, msg, T0);
        jstr(f_last(&io, 1, "\"token\":"), "token", ttok[i], AUTH_TOKEN_LEN + 1);
        CHECK_EQ_INT("team token", AUTH_TOKEN_LEN, (int)strlen(ttok[i]));
    }
    turn(1, "{\"type\":\"tournament_start\",\"id\":9,\"tournament\":1}", T0);
}

/* The n-th assign (0-based) to the director: its game, team1, and the token of seat into
 * tok (NULL: skip). Returns the game id or -1. */
static long long assign_of(int n, int seat, char tok[AUTH_TOKEN_LEN + 1], long long *team1)
{
    for (int i = 0; i < io.n; i++) {
        if (io.conn[i] != 1 || !strstr(io.msg[i], "\"type\":\"assign\"") || n--)
            continue;
        if (team1)
            *team1 = jint(io.msg[i], "team1");
        if (tok) {
            char k[32];
            snprintf(k, sizeof k, "{\"seat\":%d,", seat);
            jstr(strstr(io.msg[i], k), "token", tok, AUTH_TOKEN_LEN + 1);
        }
        return jint(io.msg[i], "game");
    }
    return -1;
}

static void export_game(uint64_t conn, long long gid, int id)
{
    char msg[128];
    snprintf(msg, sizeof msg, "{\"type\":\"export\",\"id\":%d,\"format\":\"bpgn\",\"game\":%lld}",
             id, gid);
    turn(conn, msg, T0 + 20 * SEC);
}

static void bpgn_tags_and_public_export(void)
{
    open_hub(SITE);
    char ttok[4][AUTH_TOKEN_LEN + 1];
    int64_t before = now_wall_ms();
    spring_cup(ttok);
    int64_t after = now_wall_ms();
    long long g1 = assign_of(0, 0, NULL, NULL), g2 = assign_of(1, 0, NULL, NULL);
    CHECK_MSG(g1 > 0 && g2 > 0, "no games assigned: %lld %lld", g1, g2);
    hub_on_open(h, 50); /* a spectator */

    /* Live: the director exports it, a spectator may not. */
    export_game(50, g1, 5);
    CHECK_MSG(f_last(&io, 50, "\"code\":\"unauthorized\""),
              "a live game's BPGN given to a spectator");
    turn(50, "{\"type\":\"export\",\"id\":6,\"format\":\"trf\",\"tournament\":1}", T0 + SEC);
    CHECK_EQ_INT("TRF: unauthorized for a spectator", 6,
                 jint(f_last(&io, 50, "unauthorized"), "id"));
    export_game(50, 999, 7);
    CHECK_EQ_INT("unknown game: not_found for anyone", 7, jint(f_last(&io, 50, "not_found"), "id"));

    /* Nobody moves: both White flags fall at BASE_MS, game 1 of both matches is over. */
    f_run_timers(&io, h, T0 + (uint64_t)BASE_MS * 1000);
    f_clear(&io);
    export_game(50, g1, 8);
    const char *r = f_last(&io, 50, "\"type\":\"export\"");
    CHECK_MSG(r != NULL, "a finished game's BPGN refused to a spectator: %s",
              f_last(&io, 50, "error") ? f_last(&io, 50, "error") : "(nothing)");
    char *text = export_text(r);
    char v[128];
    tag(text, "Event", v, sizeof v);
    CHECK_EQ_STR("Event: the tournament's name", "Spring Cup", v);
    tag(text, "Site", v, sizeof v);
    CHECK_EQ_STR("Site: --site", SITE, v);
    char d0[11], d1[11];
    now_pgn_date(before, d0);
    now_pgn_date(after, d1);
    tag(text, "Date", v, sizeof v);
    CHECK_MSG(strcmp(v, d0) == 0 || strcmp(v, d1) == 0, "Date %s, want %s (UTC)", v, d0);
    tag(text, "Round", v, sizeof v);
    CHECK_MSG(strcmp(v, "1.1") == 0 || strcmp(v, "1.2") == 0, "Round %s, want 1.1 or 1.2", v);
    char round1[128];
    snprintf(round1, sizeof round1, "%s", v);
    tag(text, "MatchGame", v, sizeof v);
    CHECK_EQ_STR("MatchGame", "1", v);
    /* The Seven Tag Roster's order: Event, Site, Date, Round before the players. */
    const char *pe = text ? strstr(text, "[Event ") : NULL,
               *ps = text ? strstr(text, "[Site ") : NULL;
    const char *pd = text ? strstr(text, "[Date ") : NULL,
               *pr = text ? strstr(text, "[Round ") : NULL;
    const char *pw = text ? strstr(text, "[WhiteA ") : NULL;
    CHECK_MSG(pe && ps && pd && pr && pw && pe < ps && ps < pd && pd < pr && pr < pw,
              "tag order: %.300s", text ? text : "");
    free(text);
    /* The other match's game 1 is the other pairing. */
    export_game(1, g2, 9);
    text = export_text(f_last(&io, 1, "\"type\":\"export\""));
    tag(text, "Round", v, sizeof v);
    CHECK_MSG((strcmp(v, "1.1") == 0 || strcmp(v, "1.2") == 0) && strcmp(v, round1) != 0,
              "Round of the other match %s (first %s)", v, round1);
    free(text);
    close_hub();
}

/* A single game: Event "bughouse-server game 1", Round "-", Site "?" without --site; the
 * stored BPGN has the same tags. Its state as a finished game carries base_ms, inc_ms and per
 * move SAN and the clock after it. */
static int get_bpgn(void *ctx, const store_game *g)
{
    snprintf(ctx, 4096, "%s", g->bpgn ? g->bpgn : "");
    return 0;
}

static void single_game_state_and_tags(void)
{
    open_hub("");
    turn(1, "{\"type\":\"game_create\",\"id\":2,\"base_ms\":60000,\"inc_ms\":2000}", T0);
    const char *r = f_last(&io, 1, "game_created");
    char tok[4][AUTH_TOKEN_LEN + 1];
    const char *t = r ? strstr(r, "\"tokens\":[") : NULL;
    for (int i = 0; t && i < 4; i++) {
        t = strchr(t + (i ? 1 : 10), '"');
        snprintf(tok[i], sizeof tok[i], "%.*s", AUTH_TOKEN_LEN, t + 1);
        t += AUTH_TOKEN_LEN + 1;
    }
    char msg[256];
    for (int s = 0; s < 4; s++) {
        hub_on_open(h, 10 + (uint64_t)s);
        snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":3,\"token\":\"%s\"}", tok[s]);
        turn(10 + (uint64_t)s, msg, T0);
        turn(10 + (uint64_t)s, "{\"type\":\"join\",\"id\":4,\"game\":1}", T0);
    }
    /* All four seated at T0: the game starts. White B thinks 0.3 s, White A 1.05 s, Black A
     * 2.5 s; then White A resigns. Clocks after a move: 60000 - think + 2000 (increment). */
    turn(12, "{\"type\":\"move\",\"id\":5,\"game\":1,\"board\":\"B\",\"ply\":0,\"move\":\"d2d4\"}",
         T0 + 300000);
    turn(10, "{\"type\":\"move\",\"id\":5,\"game\":1,\"board\":\"A\",\"ply\":0,\"move\":\"e2e4\"}",
         T0 + 1050000);
    turn(11, "{\"type\":\"move\",\"id\":5,\"game\":1,\"board\":\"A\",\"ply\":1,\"move\":\"g8f6\"}",
         T0 + 3550000);
    turn(10, "{\"type\":\"resign\",\"id\":6,\"game\":1}", T0 + 4 * SEC);
    hub_on_open(h, 50);
    f_clear(&io);
    turn(50, "{\"type\":\"join\",\"id\":7,\"game\":1}", T0 + 5 * SEC);
    const char *s = f_last(&io, 50, "\"type\":\"state\"");
    CHECK_MSG(s && strstr(s, "\"status\":\"finished\""), "no finished state: %s", s ? s : "");
    CHECK_MSG(s && strstr(s, "\"base_ms\":60000,\"inc_ms\":2000"), "no time control: %s",
              s ? s : "");
    CHECK_MSG(s && strstr(s, "\"text\":\"e2e4\",\"san\":\"e4\",\"clock_ms\":60950"),
              "e4: SAN, clock 60000 - 1050 + 2000: %s", s ? s : "");
    CHECK_MSG(s && strstr(s, "\"text\":\"g8f6\",\"san\":\"Nf6\",\"clock_ms\":59500"),
              "Nf6: clock 60000 - 2500 + 2000: %s", s ? s : "");
    CHECK_MSG(s && strstr(s, "\"text\":\"d2d4\",\"san\":\"d4\",\"clock_ms\":61700"),
              "d4: clock 60000 - 300 + 2000: %s", s ? s : "");
    export_game(50, 1, 8);
    char *text = export_text(f_last(&io, 50, "\"type\":\"export\""));
    CHECK_MSG(text && strstr(text, "e4{60.95}") && strstr(text, "Nf6{59.5}") &&
                  strstr(text, "d4{61.7}"),
              "the BPGN's clocks differ from the state's: %s", text ? text : "");
    char v[128];
    tag(text, "Event", v, sizeof v);
    CHECK_EQ_STR("single game: Event", "bughouse-server game 1", v);
    tag(text, "Round", v, sizeof v);
    CHECK_EQ_STR("single game: Round", "-", v);
    tag(text, "Site", v, sizeof v);
    CHECK_EQ_STR("no --site: PGN's unknown", "?", v);
    tag(text, "MatchGame", v, sizeof v);
    CHECK_EQ_STR("single game: no MatchGame", "", v);
    char stored[4096] = "";
    store_game_get(st, 1, get_bpgn, stored);
    char sv[128];
    tag(stored, "Round", sv, sizeof sv);
    CHECK_EQ_STR("stored BPGN: Round", "-", sv);
    tag(stored, "Date", sv, sizeof sv);
    tag(text, "Date", v, sizeof v);
    CHECK_MSG(sv[0] && strcmp(sv, v) == 0, "stored Date %s, export %s", sv, v);
    free(text);
    close_hub();
}

static int count_type(uint64_t conn, const char *type)
{
    char k[48];
    snprintf(k, sizeof k, "\"type\":\"%s\"", type);
    return f_count(&io, conn, k);
}

static void announce_reaches_whom_it_should(void)
{
    open_hub(SITE);
    char ttok[4][AUTH_TOKEN_LEN + 1];
    spring_cup(ttok);
    /* Game 1's seats: seat 0 plays for team1, seat 1 for the other team. */
    char tok0[AUTH_TOKEN_LEN + 1], tok1[AUTH_TOKEN_LEN + 1];
    long long team1 = 0;
    long long g = assign_of(0, 0, tok0, &team1);
    assign_of(0, 1, tok1, NULL);
    CHECK_MSG(g > 0 && team1 >= 1 && team1 <= 4, "assign: game %lld team1 %lld", g, team1);
    char msg[256];
    /* 2: a second director; 20: team1's team token; 21: another team's; 30 / 31: the seats
     * 0 and 1 of game g; 40: a spectator. */
    hub_on_open(h, 2);
    turn(2, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ADMIN "\"}", T0);
    const int other = team1 == 1 ? 2 : 1; /* a team that is not team1 (1-based) */
    const struct {
        uint64_t conn;
        const char *token;
    } who[] = {{20, ttok[team1 - 1]}, {21, ttok[other - 1]}, {30, tok0}, {31, tok1}};
    for (size_t i = 0; i < BH_ARRAY_LEN(who); i++) {
        hub_on_open(h, who[i].conn);
        snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", who[i].token);
        turn(who[i].conn, msg, T0);
    }
    hub_on_open(h, 40);
    f_clear(&io);
    snprintf(msg, sizeof msg,
             "{\"type\":\"announce\",\"id\":12,\"text\":\"Team %lld: board A, the clock is yours "
             "\xE2\x8F\xB0\",\"team\":%lld}",
             team1, team1);
    turn(1, msg, T0 + SEC);
    const char *rep = f_last(&io, 1, "\"type\":\"announcement\"");
    CHECK_EQ_INT("reply id", 12, jint(rep, "id"));
    /* The other director, the team token's connection and seat 0's: 3. */
    CHECK_EQ_INT("delivered to the team and the directors", 3, jint(rep, "delivered"));
    CHECK_EQ_INT("other director", 1, count_type(2, "announcement"));
    CHECK_EQ_INT("the team's token connection", 1, count_type(20, "announcement"));
    CHECK_EQ_INT("the team's seat", 1, count_type(30, "announcement"));
    CHECK_EQ_INT("not another team's token", 0, count_type(21, "announcement"));
    CHECK_EQ_INT("not the opponent's seat", 0, count_type(31, "announcement"));
    CHECK_EQ_INT("not a spectator", 0, count_type(40, "announcement"));
    const char *push = f_last(&io, 30, "announcement");
    CHECK_MSG(push && !strstr(push, "\"id\":") && strstr(push, "\xE2\x8F\xB0") &&
                  jint(push, "team") == team1 && strstr(push, "\"name\":\""),
              "the push: no id, the text in UTF-8, the team and its name: %s", push ? push : "");
    /* Everyone: all six other connections. */
    f_clear(&io);
    turn(1, "{\"type\":\"announce\",\"id\":13,\"text\":\"Round 2 in 5 minutes\"}", T0 + SEC);
    CHECK_EQ_INT("everyone: delivered", 6, jint(f_last(&io, 1, "announcement"), "delivered"));
    const uint64_t all[] = {2, 20, 21, 30, 31, 40};
    for (size_t i = 0; i < BH_ARRAY_LEN(all); i++)
        CHECK_EQ_INT("everyone gets it", 1, count_type(all[i], "announcement"));
    CHECK_MSG(strstr(f_last(&io, 40, "announcement"), "\"team\":null,\"name\":null"),
              "to everyone: team and name null");
    /* Bad input: a typed error naming the field; the connection keeps working. */
    f_clear(&io);
    turn(1, "{\"type\":\"announce\",\"id\":14,\"text\":\"x\",\"team\":777}", T0 + SEC);
    CHECK_MSG(f_last(&io, 1, "\"code\":\"not_found\",") &&
                  strstr(f_last(&io, 1, "not_found"), "\"field\":\"team\""),
              "unknown team: not_found team");
    turn(1, "{\"type\":\"announce\",\"id\":15,\"text\":\"caf\xE9\"}", T0 + SEC);
    const char *e = f_last(&io, 1, "\"id\":15");
    CHECK_MSG(e && strstr(e, "bad_text") && strstr(e, "\"field\":\"text\""), "latin-1: %s",
              e ? e : "");
    turn(40, "{\"type\":\"announce\",\"id\":16,\"text\":\"hello\"}", T0 + SEC);
    CHECK_MSG(f_last(&io, 40, "unauthorized"), "a spectator may not announce");
    CHECK_EQ_INT("nobody got the refused ones", 0, count_type(2, "announcement"));
    turn(1, "{\"type\":\"ping\",\"id\":17}", T0 + SEC);
    CHECK_EQ_INT("the director's connection still works", 17, jint(f_last(&io, 1, "pong"), "id"));
    close_hub();
}

static const bh_test_case cases[] = {
    {"bpgn_tags_and_public_export", bpgn_tags_and_public_export},
    {"single_game_state_and_tags", single_game_state_and_tags},
    {"announce_reaches_whom_it_should", announce_reaches_whom_it_should},
};

BH_TEST_MAIN(cases)
