/* test_hub_perm.c: who may send what, the hub without sockets. It walks the
 * hub's dispatch table (hub_dispatch_at) and, for every kind in it and every role (no token,
 * spectator, player, team, director), sends a valid message of that kind from a fresh
 * connection of that role. The roles that may send a kind come from protocol/README.md's
 * "who" column, read here, not from the table: a cell the documentation allows must not be
 * refused (it may answer not_found, bad_state ...: the message is valid, the act need not
 * be); a cell it does not allow must get exactly the refusal (unauthorized, no field; a club
 * captain's message: not_captain with the field the message's page names) and change nothing
 * the director can see (games, the tournament, the club event). The export exception ("anyone:
 * the BPGN of a finished game") is tried as a second row with a finished game, and so is
 * game2_colors' (not_found for anyone while no choice is open), whose first row answers an
 * open choice (P-GAME2).
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "auth.h"
#include "bh.h"
#include "bh_test.h"
#include "hub.h"
#include "proto.h"
#include "store.h"

#define ADMIN "perm-admin-token-0123456789"
#define T0 1000000000ULL /* monotonic µs of every turn: the time plays no part here */

#include "hub_fake.h"

enum { R_NONE, R_SPECTATOR, R_PLAYER, R_TEAM, R_DIRECTOR, R_N };
static const char *const ROLE_NAME[R_N] = {"no token", "spectator", "player", "team", "director"};

static char dbpath[64];
static store *st;
static hub *h;
static fake io_log;

#define DIR 1 /* the director's connection, open throughout */
static uint64_t next_conn = 100;
static long long next_id = 700000; /* message ids: unique, so a reply is found by its id */

/* The fixture: tournament T with teams KA (token ka_tok) and KB, club event C with two teams
 * (club_tok: a captain's token of C), a finished game F (f_tok: a seat token of F, which
 * authenticates as a spectator), and C's appeals token. */
static long long T, KA, C, F;
static char ka_tok[AUTH_TOKEN_LEN + 1], club_tok[AUTH_TOKEN_LEN + 1], f_tok[AUTH_TOKEN_LEN + 1],
    ap_tok[AUTH_TOKEN_LEN + 1];
/* And an open game-2 choice (P-GAME2): game 1 (CG1) of tournament "Choice" ended 1-0, so its
 * runner asks the loser, team 2 (token loser_tok), whose captain plays board A Black: the
 * player connection cap_conn, authenticated before the end. */
static long long CG1;
/* And league L (issue 16) with one team of 4, whose captain 501's league token is league_tok (a
 * league player's kinds carry it in the message: any connection may send them). */
static long long LG;
static char league_tok[AUTH_TOKEN_LEN + 1];
static uint64_t cap_conn;
static char loser_tok[AUTH_TOKEN_LEN + 1];

/* The reply to message id on conn (the message naming that id), or NULL. */
static const char *reply_to(uint64_t conn, long long id)
{
    char k[40];
    snprintf(k, sizeof k, "\"id\":%lld", id);
    for (int i = io_log.n - 1; i >= 0; i--) {
        const char *p = io_log.conn[i] == conn ? strstr(io_log.msg[i], k) : NULL;
        if (p && (p[strlen(k)] == ',' || p[strlen(k)] == '}'))
            return io_log.msg[i];
    }
    return NULL;
}

/* One loop turn: json from conn (the recorded messages forgotten first); its reply. */
static const char *send_raw(uint64_t conn, const char *json, long long id)
{
    f_clear(&io_log);
    hub_on_text(h, conn, json, strlen(json), T0);
    hub_turn_end(h);
    return reply_to(conn, id);
}

/* printf-style message from conn (fmt opens the object: "{\"type\":..."), sent with a fresh
 * id inserted first; its reply. */
__attribute__((format(printf, 2, 3))) static const char *say(uint64_t conn, const char *fmt, ...)
{
    char body[2048], json[2100];
    long long id = next_id++;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(body, sizeof body, fmt, ap);
    va_end(ap);
    snprintf(json, sizeof json, "{\"id\":%lld,%s", id, body + 1);
    return send_raw(conn, json, id);
}

/* A new bughouse game, started (live); its id and seat-0 token into tok. */
static long long live_game(char tok[AUTH_TOKEN_LEN + 1])
{
    const char *r = say(DIR, "{\"type\":\"game_create\",\"base_ms\":60000}");
    long long g = jint(r, "game");
    CHECK_MSG(g > 0, "game_create: %s", r ? r : "(none)");
    const char *t = r ? strstr(r, "\"tokens\":[\"") : NULL;
    if (t)
        snprintf(tok, AUTH_TOKEN_LEN + 1, "%.*s", AUTH_TOKEN_LEN, t + 11);
    r = say(DIR, "{\"type\":\"game_start\",\"game\":%lld}", g);
    CHECK_MSG(r && strstr(r, "\"ack\""), "game_start: %s", r ? r : "(none)");
    return g;
}

static void roster(char *out, size_t cap, int base)
{
    size_t n = 0;
    for (int i = 1; i <= 6; i++)
        n += (size_t)snprintf(out + n, cap - n, "%s{\"id\":%d,\"name\":\"P%d\",\"rating\":2000}",
                              i > 1 ? "," : "", base + i, base + i);
}

static void fixture(void)
{
    snprintf(dbpath, sizeof dbpath, "/tmp/bh_test_hub_perm_%d.db", (int)getpid());
    memset(&io_log, 0, sizeof io_log);
    CHECK_EQ_INT("hub", BH_OK, f_open_hub(dbpath, true, "online", ADMIN, &io_log, T0, &st, &h));
    hub_on_open(h, DIR);
    CHECK_MSG(strstr(say(DIR, "{\"type\":\"auth\",\"token\":\"%s\"}", ADMIN), "director"),
              "director auth");
    T = jint(say(DIR, "{\"type\":\"tournament_create\",\"name\":\"Perm Open\"}"), "tournament");
    const char *r = say(DIR,
                        "{\"type\":\"team_register\",\"tournament\":%lld,\"name\":\"Alfa\","
                        "\"players\":[\"a1\",\"a2\"]}",
                        T);
    KA = jint(r, "team");
    jstr(r, "token", ka_tok, sizeof ka_tok);
    say(DIR,
        "{\"type\":\"team_register\",\"tournament\":%lld,\"name\":\"Bravo\","
        "\"players\":[\"b1\",\"b2\"]}",
        T);
    C = jint(say(DIR, "{\"type\":\"club_create\",\"name\":\"Perm Club\"}"), "club");
    for (int t = 1; t <= 2; t++) {
        char players[600];
        roster(players, sizeof players, 100 * t);
        r = say(DIR,
                "{\"type\":\"club_team\",\"club\":%lld,\"name\":\"Club %d\",\"players\":[%s],"
                "\"captain\":%d}",
                C, t, players, 100 * t + 1);
        if (t == 1)
            jstr(r, "token", club_tok, sizeof club_tok);
    }
    jstr(say(DIR, "{\"type\":\"club_appeals\",\"club\":%lld}", C), "token", ap_tok, sizeof ap_tok);
    LG = jint(say(DIR, "{\"type\":\"league_create\",\"name\":\"Perm League\",\"teams\":4,"
                       "\"groups\":2,\"boards\":2}"),
              "league");
    r = say(DIR,
            "{\"type\":\"league_team\",\"league\":%lld,\"name\":\"L1\",\"captain\":501,"
            "\"players\":[{\"id\":501,\"name\":\"p1\",\"rating\":2000},"
            "{\"id\":502,\"name\":\"p2\",\"rating\":1990}]}",
            LG);
    const char *lt = r ? strstr(r, "\"player\":501,") : NULL;
    jstr(lt, "token", league_tok, sizeof league_tok);
    /* The open choice. */
    long long t2 = jint(say(DIR, "{\"type\":\"tournament_create\",\"name\":\"Choice\","
                                 "\"wait_s\":0,\"break_s\":0}"),
                        "tournament");
    say(DIR,
        "{\"type\":\"team_register\",\"tournament\":%lld,\"name\":\"C1\","
        "\"players\":[\"c1\",\"c2\"]}",
        t2);
    jstr(say(DIR,
             "{\"type\":\"team_register\",\"tournament\":%lld,\"name\":\"C2\","
             "\"players\":[\"d1\",\"d2\"]}",
             t2),
         "token", loser_tok, sizeof loser_tok);
    say(DIR, "{\"type\":\"tournament_start\",\"tournament\":%lld}", t2);
    const char *as = f_last(&io_log, DIR, "\"type\":\"assign\"");
    CG1 = jint(as, "game");
    const char *s1 = as ? strstr(as, "\"seat\":1,") : NULL;
    char cap_tok[AUTH_TOKEN_LEN + 1];
    jstr(s1, "token", cap_tok, sizeof cap_tok);
    say(DIR, "{\"type\":\"game_start\",\"game\":%lld}", CG1); /* if it waits still */
    cap_conn = next_conn++;
    hub_on_open(h, cap_conn);
    r = say(cap_conn, "{\"type\":\"auth\",\"token\":\"%s\"}", cap_tok);
    CHECK_MSG(r && strstr(r, "\"player\""), "captain: %s", r ? r : "(none)");
    r = say(DIR, "{\"type\":\"game_result\",\"game\":%lld,\"result\":\"1-0\",\"reason\":\"x\"}",
            CG1);
    CHECK_MSG(f_last(&io_log, cap_conn, "\"game2_choice\"") != NULL, "no game2_choice: %s",
              r ? r : "(none)");
    F = live_game(f_tok);
    r = say(DIR, "{\"type\":\"game_result\",\"game\":%lld,\"result\":\"1-0\",\"reason\":\"x\"}", F);
    CHECK_MSG(T > 0 && KA > 0 && C > 0 && LG > 0 && league_tok[0] && ka_tok[0] && club_tok[0] &&
                  ap_tok[0] && f_tok[0] && r && strstr(r, "\"ack\""),
              "fixture: T %lld KA %lld C %lld", T, KA, C);
}

/* ---- the documentation ------------------------------------------------------------------- */

typedef struct {
    char type[40];
    unsigned roles;     /* 1 << R_* */
    bool anyone_also;   /* "(anyone: ...)": the exception (export) */
    char refusal[24];   /* "unauthorized", or "not_captain" for a club captain's message */
    char ref_field[24]; /* the refusal's field ("" none) */
} doc_row;

static doc_row rows[96];
static int nrows;

#define ALL ((1u << R_N) - 1)

/* Who may send it, read from the "who" column's words: "anyone" (with or without a token)
 * is every role; "director", "player" and "team token" name roles; "the appeals committee"
 * and a league player ("token in the message") carry their token in the message, so any
 * connection may send it. */
static unsigned roles_of(const char *who, bool *also)
{
    *also = strstr(who, "(anyone") != NULL;
    if (strncmp(who, "anyone", 6) == 0 || strstr(who, "appeals committee") ||
        strstr(who, "token in the message"))
        return ALL;
    unsigned r = 0;
    if (strstr(who, "director"))
        r |= 1u << R_DIRECTOR;
    if (strstr(who, "player"))
        r |= 1u << R_PLAYER;
    if (strstr(who, "team token"))
        r |= 1u << R_TEAM;
    return r;
}

/* A club captain's message is refused with its page's not_captain and that field. */
static void refusal_of(doc_row *d, const char *who)
{
    snprintf(d->refusal, sizeof d->refusal, "unauthorized");
    d->ref_field[0] = '\0';
    if (!strstr(who, "captain (team token)"))
        return;
    char path[128];
    snprintf(path, sizeof path, "protocol/messages/c2s-%s.md", d->type);
    char *page = bh_test_slurp(path, NULL);
    const char *p = page ? strstr(page, "`not_captain (field ") : NULL;
    CHECK_MSG(p != NULL, "%s: not_captain not documented", path);
    if (p) {
        snprintf(d->refusal, sizeof d->refusal, "not_captain");
        p += strlen("`not_captain (field ");
        size_t n = strcspn(p, ":) ");
        snprintf(d->ref_field, sizeof d->ref_field, "%.*s", (int)n, p);
    }
    free(page);
}

static void read_docs(void)
{
    char *md = bh_test_slurp("protocol/README.md", NULL);
    const char *p = md ? strstr(md, "| client -> server | reply | who |") : NULL;
    CHECK_MSG(p != NULL, "protocol/README.md: no who table");
    if (!p) {
        free(md);
        return;
    }
    p = strchr(p, '\n') + 1;
    p = strchr(p, '\n') + 1; /* the |---| line */
    while (*p == '|' && nrows < (int)BH_ARRAY_LEN(rows)) {
        char line[256], type[40] = "", reply[40] = "", who[160] = "";
        size_t n = strcspn(p, "\n");
        snprintf(line, sizeof line, "%.*s", (int)n, p);
        p += n + (p[n] == '\n');
        if (sscanf(line, "| %39[^ |] | %39[^ |] | %159[^|]|", type, reply, who) != 3)
            break;
        for (char *e = who + strlen(who); e > who && e[-1] == ' ';)
            *--e = '\0';
        doc_row *d = &rows[nrows++];
        snprintf(d->type, sizeof d->type, "%s", type);
        d->roles = roles_of(who, &d->anyone_also);
        refusal_of(d, who);
    }
    free(md);
}

static const doc_row *doc_of(const char *type)
{
    for (int i = 0; i < nrows; i++)
        if (strcmp(rows[i].type, type) == 0)
            return &rows[i];
    return NULL;
}

/* ---- one cell ------------------------------------------------------------------------------ */

/* What the director can see, with the wall clock's server_ms left out. */
static char *snapshot(void)
{
    size_t cap = 1 << 16, n = 0;
    char *out = calloc(1, cap);
    const char *q[4] = {"{\"type\":\"games\",\"id\":1}", NULL, NULL, NULL};
    char t[96], c[96], l[96];
    snprintf(t, sizeof t, "{\"type\":\"tournament_get\",\"id\":1,\"tournament\":%lld}", T);
    snprintf(c, sizeof c, "{\"type\":\"club_get\",\"id\":1,\"club\":%lld}", C);
    snprintf(l, sizeof l, "{\"type\":\"league_get\",\"id\":1,\"league\":%lld}", LG);
    q[1] = t;
    q[2] = c;
    q[3] = l;
    for (int i = 0; i < 4; i++) {
        const char *r = send_raw(DIR, q[i], 1);
        for (const char *s = r ? r : "(none)"; *s && n + 1 < cap; s++) {
            if (strncmp(s, "\"server_ms\":", 12) == 0) {
                s += 12;
                while (s[1] >= '0' && s[1] <= '9')
                    s++;
                continue;
            }
            out[n++] = *s;
        }
    }
    return out;
}

/* A fresh connection with role r for a message of kind type; game g's seat-0 token gtok for
 * a player. Returns the connection. */
static uint64_t connect_as(int r, const char *type, long long g, const char *gtok)
{
    bool choice = strcmp(type, "game2_colors") == 0 && g == CG1;
    if (choice && r == R_PLAYER)
        return cap_conn; /* the captain asked, connected before game 1 ended */
    uint64_t c = next_conn++;
    hub_on_open(h, c);
    const char *tok = r == R_SPECTATOR  ? f_tok
                      : r == R_PLAYER   ? gtok
                      : r == R_TEAM     ? (choice                           ? loser_tok
                                           : strncmp(type, "club_", 5) == 0 ? club_tok
                                                                            : ka_tok)
                      : r == R_DIRECTOR ? ADMIN
                                        : NULL;
    static const char *const want[R_N] = {NULL, "\"spectator\"", "\"player\"", "\"team",
                                          "\"director\""};
    if (tok) {
        const char *a = say(c, "{\"type\":\"auth\",\"token\":\"%s\"}", tok);
        CHECK_MSG(a && strstr(a, want[r]), "%s: auth as %s: %s", type, ROLE_NAME[r],
                  a ? a : "(none)");
    }
    return c;
}

/* A valid message of kind type into json: message id id, game g. In the templates $I is the
 * id, $G the game, $T the tournament, $K its team Alfa, $C the club event, $P a roster, $A
 * the appeals token, $D the director's token, $L the league, $Q its captain's league token. */
static void message(char *json, size_t cap, const char *type, long long id, long long g)
{
    static const struct {
        const char *type, *tmpl;
    } M[] = {
        {"auth", "{\"type\":\"auth\",\"id\":$I,\"token\":\"$D\"}"},
        {"join", "{\"type\":\"join\",\"id\":$I,\"game\":$G}"},
        {"move", "{\"type\":\"move\",\"id\":$I,\"game\":$G,\"board\":\"A\",\"ply\":0,"
                 "\"move\":\"e2e4\"}"},
        {"premove_cancel", "{\"type\":\"premove_cancel\",\"id\":$I,\"game\":$G,\"board\":\"A\"}"},
        {"resign", "{\"type\":\"resign\",\"id\":$I,\"game\":$G}"},
        {"chat", "{\"type\":\"chat\",\"id\":$I,\"game\":$G,\"text\":\"hello\"}"},
        {"ping", "{\"type\":\"ping\",\"id\":$I}"},
        {"tournament_create", "{\"type\":\"tournament_create\",\"id\":$I,\"name\":\"New\"}"},
        {"team_register",
         "{\"type\":\"team_register\",\"id\":$I,\"tournament\":$T,\"name\":\"Late\","
         "\"players\":[\"l1\",\"l2\"]}"},
        {"game_create", "{\"type\":\"game_create\",\"id\":$I,\"base_ms\":60000}"},
        {"game_start", "{\"type\":\"game_start\",\"id\":$I,\"game\":$G}"},
        {"games", "{\"type\":\"games\",\"id\":$I}"},
        {"draw", "{\"type\":\"draw\",\"id\":$I,\"game\":$G,\"action\":\"offer\"}"},
        {"claim", "{\"type\":\"claim\",\"id\":$I,\"game\":$G}"},
        {"tournament_start", "{\"type\":\"tournament_start\",\"id\":$I,\"tournament\":$T}"},
        {"tournament_get", "{\"type\":\"tournament_get\",\"id\":$I,\"tournament\":$T}"},
        {"tournament_pause",
         "{\"type\":\"tournament_pause\",\"id\":$I,\"tournament\":$T,\"paused\":true}"},
        {"game_pause", "{\"type\":\"game_pause\",\"id\":$I,\"game\":$G,\"paused\":true}"},
        {"game_result", "{\"type\":\"game_result\",\"id\":$I,\"game\":$G,\"result\":\"1-0\","
                        "\"reason\":\"adjudicated\"}"},
        {"team_withdraw", "{\"type\":\"team_withdraw\",\"id\":$I,\"tournament\":$T,\"team\":$K}"},
        {"result_log", "{\"type\":\"result_log\",\"id\":$I,\"game\":$G}"},
        {"team_remove", "{\"type\":\"team_remove\",\"id\":$I,\"tournament\":$T,\"team\":$K}"},
        {"bye_request",
         "{\"type\":\"bye_request\",\"id\":$I,\"tournament\":$T,\"team\":$K,\"round\":2}"},
        {"round_schedule",
         "{\"type\":\"round_schedule\",\"id\":$I,\"tournament\":$T,\"round\":2,\"start_ms\":0}"},
        {"round_pair", "{\"type\":\"round_pair\",\"id\":$I,\"tournament\":$T}"},
        {"round_start", "{\"type\":\"round_start\",\"id\":$I,\"tournament\":$T}"},
        {"export", "{\"type\":\"export\",\"id\":$I,\"format\":\"bpgn\",\"game\":$G}"},
        {"live", "{\"type\":\"live\",\"id\":$I}"},
        {"game2_colors", "{\"type\":\"game2_colors\",\"id\":$I,\"game\":$G,\"swap\":true}"},
        {"announce", "{\"type\":\"announce\",\"id\":$I,\"text\":\"Round 2 soon\"}"},
        {"team_token", "{\"type\":\"team_token\",\"id\":$I,\"team\":$K}"},
        /* the first signup makes the account (one hash); the others are exists, a login of
         * the right password a session: none of them a role's refusal */
        {"signup", "{\"type\":\"signup\",\"id\":$I,\"name\":\"Perm_1\",\"password\":\"12345678\"}"},
        {"login", "{\"type\":\"login\",\"id\":$I,\"name\":\"perm_1\",\"password\":\"12345678\"}"},
        {"logout", "{\"type\":\"logout\",\"id\":$I}"},
        {"guest", "{\"type\":\"guest\",\"id\":$I,\"name\":\"Visitor7\"}"},
        /* a team's connection that is not logged in: bad_state (session), not a refusal */
        {"entry_link", "{\"type\":\"entry_link\",\"id\":$I,\"board\":\"A\"}"},
        {"lobby", "{\"type\":\"lobby\",\"id\":$I}"},
        /* a connection that is neither an account nor a guest: bad_state (session), not a
         * refusal */
        {"table", "{\"type\":\"table\",\"id\":$I,\"action\":\"stand\"}"},
        /* the account made by the signup above: its rating, 1500 (none rated) */
        {"rating", "{\"type\":\"rating\",\"id\":$I,\"name\":\"perm_1\"}"},
        {"profile", "{\"type\":\"profile\",\"id\":$I,\"name\":\"perm_1\"}"},
        {"club_create", "{\"type\":\"club_create\",\"id\":$I,\"name\":\"Another\"}"},
        {"club_team", "{\"type\":\"club_team\",\"id\":$I,\"club\":$C,\"name\":\"Club 3\","
                      "\"captain\":901,\"players\":[$P]}"},
        {"club_team_remove",
         "{\"type\":\"club_team_remove\",\"id\":$I,\"club\":$C,\"team\":999999}"},
        {"club_start", "{\"type\":\"club_start\",\"id\":$I,\"club\":$C}"},
        {"club_lineup",
         "{\"type\":\"club_lineup\",\"id\":$I,\"club\":$C,\"round\":1,\"players\":[101,"
         "102,103,104,105,106]}"},
        {"club_round_start", "{\"type\":\"club_round_start\",\"id\":$I,\"club\":$C}"},
        {"club_result", "{\"type\":\"club_result\",\"id\":$I,\"club\":$C,\"round\":1,\"match\":1,"
                        "\"board\":2,\"result\":\"1/2-1/2\"}"},
        {"club_protest",
         "{\"type\":\"club_protest\",\"id\":$I,\"club\":$C,\"round\":1,\"match\":1,"
         "\"board\":2,\"text\":\"the flag fell after the mate\",\"deposit\":20000}"},
        {"club_appeals", "{\"type\":\"club_appeals\",\"id\":$I,\"club\":$C}"},
        {"club_decide",
         "{\"type\":\"club_decide\",\"id\":$I,\"club\":$C,\"token\":\"$A\",\"protest\":1,"
         "\"upheld\":false,\"reason\":\"no\"}"},
        {"club_get", "{\"type\":\"club_get\",\"id\":$I,\"club\":$C}"},
        {"club_export", "{\"type\":\"club_export\",\"id\":$I,\"club\":$C,\"what\":\"trf\"}"},
        {"club_attend",
         "{\"type\":\"club_attend\",\"id\":$I,\"club\":$C,\"round\":1,\"players\":[101,"
         "201]}"},
        {"league_create", "{\"type\":\"league_create\",\"id\":$I,\"name\":\"Another\"}"},
        {"league_team",
         "{\"type\":\"league_team\",\"id\":$I,\"league\":$L,\"name\":\"L9\",\"captain\":901,"
         "\"players\":[$P]}"},
        {"league_team_remove",
         "{\"type\":\"league_team_remove\",\"id\":$I,\"league\":$L,\"team\":999999}"},
        {"league_roster",
         "{\"type\":\"league_roster\",\"id\":$I,\"league\":$L,\"team\":1,\"players\":[$P]}"},
        {"league_start", "{\"type\":\"league_start\",\"id\":$I,\"league\":$L}"},
        {"league_stage_start", "{\"type\":\"league_stage_start\",\"id\":$I,\"league\":$L}"},
        {"league_get", "{\"type\":\"league_get\",\"id\":$I,\"league\":$L}"},
        {"league_send",
         "{\"type\":\"league_send\",\"id\":$I,\"league\":$L,\"token\":\"$Q\",\"stage\":1,"
         "\"match\":1,\"board\":1}"},
        {"league_accept",
         "{\"type\":\"league_accept\",\"id\":$I,\"league\":$L,\"token\":\"$Q\",\"stage\":1,"
         "\"match\":1,\"board\":1}"},
        {"league_counter",
         "{\"type\":\"league_counter\",\"id\":$I,\"league\":$L,\"token\":\"$Q\",\"stage\":1,"
         "\"match\":1,\"board\":1}"},
        {"league_tc",
         "{\"type\":\"league_tc\",\"id\":$I,\"league\":$L,\"token\":\"$Q\",\"stage\":1,"
         "\"match\":1,\"board\":1}"},
        {"league_substitute",
         "{\"type\":\"league_substitute\",\"id\":$I,\"league\":$L,\"token\":\"$Q\","
         "\"stage\":1,\"match\":1,\"board\":1,\"player\":502}"},
        {"league_extend",
         "{\"type\":\"league_extend\",\"id\":$I,\"league\":$L,\"stage\":1,\"match\":1,"
         "\"board\":1,\"deadline_ms\":4102444800000}"},
        {"league_result",
         "{\"type\":\"league_result\",\"id\":$I,\"league\":$L,\"stage\":1,\"match\":1,"
         "\"board\":1,\"result\":\"1-0\"}"},
        {"league_lot",
         "{\"type\":\"league_lot\",\"id\":$I,\"league\":$L,\"match\":5,\"winner\":1}"},
        {"league_notices",
         "{\"type\":\"league_notices\",\"id\":$I,\"league\":$L,\"token\":\"$Q\"}"},
        {"league_export",
         "{\"type\":\"league_export\",\"id\":$I,\"league\":$L,\"what\":\"tables\"}"},
    };
    char players[600];
    roster(players, sizeof players, 900);
    json[0] = '\0';
    for (size_t i = 0; i < BH_ARRAY_LEN(M); i++) {
        if (strcmp(M[i].type, type) != 0)
            continue;
        size_t n = 0;
        for (const char *t = M[i].tmpl; *t && n + 1 < cap; t++) {
            char v[700];
            if (*t != '$') {
                json[n++] = *t;
                continue;
            }
            switch (*++t) {
            case 'I': snprintf(v, sizeof v, "%lld", id); break;
            case 'G': snprintf(v, sizeof v, "%lld", g); break;
            case 'T': snprintf(v, sizeof v, "%lld", T); break;
            case 'K': snprintf(v, sizeof v, "%lld", KA); break;
            case 'C': snprintf(v, sizeof v, "%lld", C); break;
            case 'P': snprintf(v, sizeof v, "%s", players); break;
            case 'A': snprintf(v, sizeof v, "%s", ap_tok); break;
            case 'L': snprintf(v, sizeof v, "%lld", LG); break;
            case 'Q': snprintf(v, sizeof v, "%s", league_tok); break;
            default: snprintf(v, sizeof v, "%s", ADMIN); break;
            }
            int k = snprintf(json + n, cap - n, "%s", v);
            n = k > 0 && n + (size_t)k < cap ? n + (size_t)k : cap - 1;
        }
        json[n] = '\0';
    }
    CHECK_MSG(json[0], "no test message for kind %s", type);
}

/* The code of an error reply ("" for any other reply). */
static void code_of(const char *r, char *out, size_t cap)
{
    out[0] = '\0';
    if (r && strncmp(r, "{\"type\":\"error\"", 15) == 0)
        jstr(r, "code", out, cap);
}

static int cells, refused_cells;

/* Kind d->type about game g from a fresh connection of role r (a player: seat 0 of the game
 * of token gtok), which d allows or not. */
static void cell(const doc_row *d, int r, long long g, const char *gtok, bool allowed)
{
    uint64_t c = connect_as(r, d->type, g, gtok);
    char json[2048];
    long long id = next_id++;
    message(json, sizeof json, d->type, id, g);
    char *before = allowed ? NULL : snapshot();
    const char *rep = send_raw(c, json, id);
    char code[32], *copy = rep ? strdup(rep) : NULL;
    code_of(copy, code, sizeof code);
    CHECK_MSG(copy != NULL, "%s from %s: no reply", d->type, ROLE_NAME[r]);
    cells++;
    if (allowed) {
        /* Not the role's refusal; a club captain's message may still be not_captain for
         * what its page names besides (a team not in that match: field team). */
        char field[32];
        jstr(copy, "field", field, sizeof field);
        CHECK_MSG(strcmp(code, "unauthorized") != 0 &&
                      !(strcmp(code, d->refusal) == 0 && strcmp(field, d->ref_field) == 0),
                  "%s from %s (documented as allowed) was refused: %s", d->type, ROLE_NAME[r],
                  copy ? copy : "");
        if (strcmp(d->type, "team_token") == 0 && copy) /* the old team token is revoked */
            jstr(copy, "token", ka_tok, sizeof ka_tok);
    } else {
        refused_cells++;
        if (strcmp(d->refusal, "unauthorized") == 0) {
            /* unauthorized with no field, its message naming the message refused:
             * "move needs a player's token; this connection holds none" */
            char field[32] = "", msg[200] = "", want[64];
            jstr(copy, "field", field, sizeof field);
            jstr(copy, "message", msg, sizeof msg);
            snprintf(want, sizeof want, "%s needs ", d->type);
            CHECK_MSG(strcmp(code, "unauthorized") == 0 && !field[0] &&
                          strncmp(msg, want, strlen(want)) == 0 &&
                          strstr(msg, "; this connection holds ") != NULL,
                      "%s from %s: got %s", d->type, ROLE_NAME[r], copy ? copy : "(none)");
        } else {
            char field[32];
            jstr(copy, "field", field, sizeof field);
            CHECK_MSG(strcmp(code, d->refusal) == 0 && strcmp(field, d->ref_field) == 0,
                      "%s from %s: want %s (field %s), got %s", d->type, ROLE_NAME[r], d->refusal,
                      d->ref_field, copy ? copy : "(none)");
        }
        char *after = snapshot();
        CHECK_MSG(strcmp(before, after) == 0, "%s from %s: refused, yet the state changed", d->type,
                  ROLE_NAME[r]);
        free(after);
    }
    free(before);
    free(copy);
    if (c != cap_conn)
        hub_on_close(h, c);
}

static void every_role_every_kind(void)
{
    read_docs();
    fixture();
    size_t n = hub_dispatch_count();
    CHECK_EQ_INT("one documented row per kind", (int)n, nrows);
    CHECK_MSG(hub_dispatch_at(n) == NULL, "past the table's end");
    for (size_t i = 0; i < n; i++) {
        const hub_perm *p = hub_dispatch_at(i);
        const doc_row *d = doc_of(p->type);
        CHECK_MSG(d != NULL, "kind %s is not in protocol/README.md's who table", p->type);
        if (!d)
            continue;
        if (i < PROTO_TYPE_COUNT_)
            CHECK_EQ_STR("the table's kind is proto.h's", proto_type_name((proto_type)i), p->type);
        CHECK_MSG(d->anyone_also == (p->also != NULL), "%s: the exception", p->type);
        /* The refused roles first (they change nothing), then the allowed ones. */
        for (int pass = 0; pass < 2; pass++)
            for (int r = 0; r < R_N; r++) {
                bool allowed = (d->roles >> r & 1) != 0;
                if (allowed != (pass == 1))
                    continue;
                char gtok[AUTH_TOKEN_LEN + 1] = "";
                long long g = live_game(gtok);
                if (strcmp(d->type, "game2_colors") == 0)
                    g = CG1; /* the choice is open: only its captain may answer */
                cell(d, r, g, gtok, allowed);
            }
        /* The exceptions: a finished game's BPGN is anyone's (export); without an open choice
         * game2_colors is not_found for anyone (a live game outside tournaments). */
        if (d->anyone_also)
            for (int r = 0; r < R_N; r++) {
                char gtok[AUTH_TOKEN_LEN + 1] = "";
                /* the player's own seat: a finished game's token is a spectator's */
                long long g = live_game(gtok);
                cell(d, r, strcmp(d->type, "export") == 0 ? F : g, gtok, true);
            }
    }
    CHECK_MSG(cells >= 5 * 38 && refused_cells > 0, "%d cells, %d refused", cells, refused_cells);
    f_close_hub(&io_log, st, h);
    bh_test_rm_db(dbpath);
}

/* One feed's status (hub_on_http), its body kept in out (may be NULL). */
static int feed(const char *path, char *out, size_t cap)
{
    hub_http_reply r;
    hub_on_http(h, path, T0, &r);
    if (out)
        snprintf(out, cap, "%.*s", r.body ? (int)r.len : 0, r.body ? r.body : "");
    free(r.body);
    return r.status;
}

/* The calendar feeds (GET /feed/league/L/player/P.ics and .json): a roster player's calendar
 * (the league not started: no entry yet, so its one component is the UTC zone, as RFC 5545
 * 3.4 wants at least one), 404 for every other path, never a crash on a hostile one. */
static void feeds(void)
{
    fixture();
    char path[128], body[2048];
    snprintf(path, sizeof path, "/feed/league/%lld/player/501.ics", LG);
    CHECK_EQ_INT("a roster player's .ics", 200, feed(path, body, sizeof body));
    CHECK_MSG(strncmp(body, "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n", 30) == 0 &&
                  strstr(body, "END:VCALENDAR\r\n") && !strstr(body, "VEVENT") &&
                  strstr(body, "\r\nBEGIN:VTIMEZONE\r\nTZID:UTC\r\nBEGIN:STANDARD\r\n"),
              "%s", body);
    snprintf(path, sizeof path, "/feed/league/%lld/player/502.json", LG);
    CHECK_EQ_INT("his .json", 200, feed(path, body, sizeof body));
    CHECK_MSG(strstr(body, "\"player\":502") && strstr(body, "\"name\":\"p2\"") &&
                  strstr(body, "\"events\":[]"),
              "%s", body);
    const char *bad[] = {NULL,
                         "",
                         "/",
                         "/feed/",
                         "/feed/league/",
                         "/feed/league/x/player/501.ics",
                         "/feed/league/0/player/501.ics",
                         "/feed/league/-1/player/501.ics",
                         "/feed/league/1234567890123456789/player/501.ics",
                         "/feed/league/999/player/501.ics",
                         "/feed/league/{L}/player/999.ics",
                         "/feed/league/{L}/player/501.ICS",
                         "/feed/league/{L}/player/501.ics/x",
                         "/feed/league/{L}/player/501",
                         "/feed/league/{L}/player/.ics",
                         "/feed/league/{L}/player/99999999999.ics",
                         "/feed/league/{L}//player/501.ics",
                         "/feed/league/{L}/player/501.ics%00"};
    char lg[24];
    snprintf(lg, sizeof lg, "%lld", LG);
    for (size_t i = 0; i < BH_ARRAY_LEN(bad); i++) {
        const char *at = bad[i] ? strstr(bad[i], "{L}") : NULL; /* the league's id there */
        if (bad[i])
            snprintf(path, sizeof path, "%.*s%s%s", at ? (int)(at - bad[i]) : (int)strlen(bad[i]),
                     bad[i], at ? lg : "", at ? at + 3 : "");
        CHECK_MSG(feed(bad[i] ? path : NULL, NULL, 0) == 404, "not 404: %s",
                  bad[i] ? path : "(NULL)");
    }
    snprintf(path, sizeof path, "/feed/league/%lld/player/501.ics", T);
    CHECK_EQ_INT("a Swiss is no league", 404, feed(path, NULL, 0));
    f_close_hub(&io_log, st, h);
    bh_test_rm_db(dbpath);
}

int main(int argc, char **argv)
{
    static const bh_test_case cases[] = {
        {"every_role_every_kind", every_role_every_kind},
        {"feeds", feeds},
    };
    return bh_test_run(cases, BH_ARRAY_LEN(cases), argc, argv);
}
