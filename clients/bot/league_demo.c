/* league_demo.c: bughouse-league-demo (scripts/run.sh demo --format league): the team league of
 * seed 003 run by the server (issue 16 item 8; F-GROUPS, F-KNOCKOUT, F-CHALLENGE, F-CHESS). 20
 * bot teams of 10 boards (+ 2 reserves), ratings drawn from the seed; the draw printed with the
 * groups' averages; every group game arranged by a challenge its White player sends "now", most
 * accepted at once, and on purpose: one countered with a later start (then accepted), one agreed
 * at 10+1, one left unanswered until it lapses (the second challenge is then accepted), one whose
 * answerer's captain puts in a substitute after the lapse, and one unanswered twice: a forfeit.
 * The server creates each agreed game; random bots (bot.h) play it with the seat tokens of the
 * players' `game` notices. The knockout: in the first knockout match the director rules every
 * game 1-0 for White (colours reversed in game 2, so the match is drawn) to show art. 7's rule,
 * the lower team rating goes through; the rest is played. At the end: the group tables, the
 * bracket and the winner, and in --out the server's league_get (league.json), its exports (the
 * tables, the bracket, the TRF-2026 of the group stage) and the PGN of every game. The
 * deadlines are compressed (--first-ms, --second-ms) and the clock is fast (--base-s). Unless
 * --exit, the server keeps serving the pages until Ctrl-C. The player's side of every challenge
 * goes over the director's connection with the player's league token (any connection may carry
 * one, protocol/README.md "Leagues"), which then also gets the player's notices.
 * SPDX-License-Identifier: MIT */
#include <cjson/cJSON.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bh.h"
#include "bot.h"
#include "demo.h"
#include "wsclient.h"

#define MAX_TEAMS 32
#define MAX_ROSTER 20
#define MAX_GAMES 4096

static const char *const CLUBS[MAX_TEAMS] = {
    "Kaissa",          "Chigorin",    "Tal Memorial", "Petrosian",     "Dnipro",
    "Portovyk",        "Odesa Rooks", "Lviv Lions",   "Kharkiv Ks",    "Poltava",
    "Chernihiv",       "Vinnytsia",   "Zaporizhzhia", "Sumy Bishops",  "Kherson",
    "Mykolaiv",        "Rivne",       "Lutsk",        "Uzhhorod",      "Ternopil",
    "Ivano-Frankivsk", "Cherkasy",    "Zhytomyr",     "Kropyvnytskyi", "Khmelnytskyi",
    "Chernivtsi",      "Mariupol",    "Kramatorsk",   "Bila Tserkva",  "Kremenchuk",
    "Kamianske",       "Brovary"};
static const char *const SURNAMES[] = {
    "Ivanenko",   "Petrenko",  "Sydorenko",  "Kovalenko", "Bondarenko", "Tkachenko", "Shevchenko",
    "Kravchenko", "Melnyk",    "Boyko",      "Oliynyk",   "Lysenko",    "Moroz",     "Savchenko",
    "Rudenko",    "Marchenko", "Polishchuk", "Karpenko",  "Honchar",    "Koval"};
#define N_SURNAMES ((int)(sizeof SURNAMES / sizeof *SURNAMES))

static volatile int stop_flag;
static void on_signal(int sig)
{
    (void)sig;
    stop_flag = 1;
}

static uint64_t rng = 2005;
static uint32_t rnd(uint32_t n)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)((rng >> 33) % n);
}

static bool quiet;
static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    if (quiet)
        return;
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fflush(stdout);
}

static long long wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ---- the league as the demo set it up ---- */

static int n_teams, n_groups, n_boards, n_roster;
static long long league_id, team_id[MAX_TEAMS + 1];
static char tok[MAX_TEAMS + 1][MAX_ROSTER + 1][40]; /* league tokens by team and roster slot */
static int rating_of[MAX_TEAMS + 1][MAX_ROSTER + 1];

static int pid_of(int t, int i) /* player id of team t's roster slot i (1-based) */
{
    return 100 * t + i;
}
static const char *token_of(int player)
{
    int t = player / 100, i = player % 100;
    return t >= 1 && t <= n_teams && i >= 1 && i <= n_roster ? tok[t][i] : "";
}
static const char *team_name(long long id)
{
    for (int t = 1; t <= n_teams; t++)
        if (team_id[t] == id)
            return CLUBS[t - 1];
    return "?";
}
static char pname_buf[4][48];
static int pname_i;
static const char *pname(int player) /* "Ivanenko, C." */
{
    char *b = pname_buf[pname_i++ & 3];
    int t = player / 100, i = player % 100;
    snprintf(b, sizeof pname_buf[0], "%s, %c.", SURNAMES[(i - 1 + t) % N_SURNAMES],
             'A' + (t - 1) % 26);
    return b;
}

/* ---- the connection ---- */

static wsc *dir;
static wsc_ctx *ctx;
static bot_pool *pool;
static cJSON *snap;      /* the `league` snapshot being acted on */
static cJSON *next_snap; /* a newer one (reply or push), taken between passes (promote) */
static bool snap_new;

static char *next_raw; /* the newest pushed snapshot, unparsed: a busy league pushes one per
                        * change, and only the newest matters (parsing each made the players
                        * answer after their deadlines) */

/* A pushed `league` (no id): kept as text, replacing the one before. Returns true if taken. */
static bool keep_raw(char *s)
{
    static const char pre[] = "{\"type\":\"league\",";
    if (strncmp(s, pre, sizeof pre - 1) != 0 || strncmp(s + sizeof pre - 1, "\"id\":", 5) == 0)
        return false;
    free(next_raw);
    next_raw = s;
    cJSON_Delete(next_snap);
    next_snap = NULL;
    return true;
}

static void promote(void)
{
    if (next_raw) {
        cJSON_Delete(next_snap);
        next_snap = cJSON_Parse(next_raw);
        free(next_raw);
        next_raw = NULL;
    }
    if (!next_snap)
        return;
    cJSON_Delete(snap);
    snap = next_snap;
    next_snap = NULL;
    snap_new = true;
}
static int next_id = 100;

typedef struct {
    long long game_id;
    int seat;
} seat_key;
static seat_key seats_v[MAX_GAMES * 2];
static int n_seats;

/* A `game` notice: its seat goes to a bot. */
static void take_notice(const cJSON *n)
{
    const char *note = cJSON_GetStringValue(cJSON_GetObjectItem(n, "note"));
    if (!note || strcmp(note, "game") != 0)
        return;
    long long g = (long long)cJSON_GetNumberValue(cJSON_GetObjectItem(n, "game_id"));
    int seat = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(n, "seat"));
    const char *t = cJSON_GetStringValue(cJSON_GetObjectItem(n, "token"));
    if (!t || g <= 0)
        return;
    for (int i = 0; i < n_seats; i++)
        if (seats_v[i].game_id == g && seats_v[i].seat == seat)
            return;
    if (n_seats < (int)BH_ARRAY_LEN(seats_v))
        seats_v[n_seats++] = (seat_key){g, seat};
    bot_pool_add_seat(pool, t, g);
}

static void take(cJSON *o)
{
    const char *type = cJSON_GetStringValue(cJSON_GetObjectItem(o, "type"));
    if (type && strcmp(type, "league") == 0) {
        cJSON_Delete(next_snap);
        next_snap = o;
        return;
    }
    if (type && strcmp(type, "league_notice") == 0)
        take_notice(cJSON_GetObjectItem(o, "notice"));
    else if (type && strcmp(type, "league_notices") == 0) {
        const cJSON *n;
        cJSON_ArrayForEach(n, cJSON_GetObjectItem(o, "notices")) take_notice(n);
    }
    cJSON_Delete(o);
}

static void drain(void)
{
    char *s;
    while ((s = wsc_recv(dir, 0)) != NULL) {
        if (keep_raw(s))
            continue;
        cJSON *o = cJSON_Parse(s);
        free(s);
        if (o)
            take(o);
    }
}

/* Send and wait for the reply with the message's id (pushes taken on the way). Returns the
 * reply (caller frees) or NULL. The "id" is added here: fmt starts after the opening brace. */
static cJSON *call(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static cJSON *call(const char *fmt, ...)
{
    char body[6000], buf[6100];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(body, sizeof body, fmt, ap);
    va_end(ap);
    int id = next_id++;
    snprintf(buf, sizeof buf, "{\"id\":%d,%s", id, body);
    if (wsc_send(dir, buf) != 0)
        return NULL;
    for (int i = 0; i < 100000; i++) {
        char *s = wsc_recv(dir, 10000);
        if (!s)
            return NULL;
        if (keep_raw(s))
            continue;
        cJSON *o = cJSON_Parse(s);
        free(s);
        if (!o)
            continue;
        const cJSON *rid = cJSON_GetObjectItem(o, "id");
        if (rid && cJSON_IsNumber(rid) && (int)rid->valuedouble == id) {
            const char *type = cJSON_GetStringValue(cJSON_GetObjectItem(o, "type"));
            if (type && strcmp(type, "league") == 0) { /* league_get's reply is a snapshot too */
                cJSON_Delete(next_snap);
                next_snap = cJSON_Duplicate(o, true);
                free(next_raw);
                next_raw = NULL;
            }
            return o;
        }
        take(o);
    }
    return NULL;
}

/* A reply that is not an error; prints the refusal otherwise. Frees r. */
static bool ok(cJSON *r, const char *what)
{
    const char *t = r ? cJSON_GetStringValue(cJSON_GetObjectItem(r, "type")) : NULL;
    bool good = t && strcmp(t, "error") != 0;
    if (!good) {
        char *s = r ? cJSON_PrintUnformatted(r) : NULL;
        fprintf(stderr, "league-demo: %s: %s\n", what, s ? s : "no reply");
        free(s);
    }
    cJSON_Delete(r);
    return good;
}

static double num(const cJSON *o, const char *k)
{
    return cJSON_GetNumberValue(cJSON_GetObjectItem(o, k));
}
static const char *str(const cJSON *o, const char *k)
{
    const char *s = cJSON_GetStringValue(cJSON_GetObjectItem(o, k));
    return s ? s : "";
}

/* ---- what the players do ---- */

typedef enum {
    SC_ACCEPT = 0, /* the answerer accepts at once */
    SC_COUNTER,    /* the answerer proposes a later start; the sender accepts it */
    SC_ALT,        /* both agree to the alternative time control first (art. 4) */
    SC_LATE,       /* the first challenge lapses unanswered; the second is accepted */
    SC_SUBST,      /* ... and the answering team's captain puts in a substitute first */
    SC_FORFEIT,    /* both challenges lapse unanswered: the answerer loses by forfeit */
    SC_RULED       /* the director enters the result (the knockout's drawn match) */
} scenario;
static const char *const SC_NAME[] = {"accepted",    "countered", "10+1 agreed", "lapsed once",
                                      "substituted", "forfeited", "ruled"};

typedef struct {
    int stage, match, board, game;
    scenario sc;
    char done[96]; /* the state this game was last acted on (one action per state seen) */
    bool tc_sent, counter_sent, subst_sent, told, unplanned_seen;
    long long game_id;
    char label[24]; /* "A1 #2": a group round has several matches; "SF1" */
} gstate;
static gstate gs_v[MAX_GAMES];
static int gs_n;
static int sc_count[7];
static int unplanned; /* lapses no scenario asked for */

static gstate *gs_of(int stage, int match, int board, int game)
{
    for (int i = 0; i < gs_n; i++)
        if (gs_v[i].stage == stage && gs_v[i].match == match && gs_v[i].board == board &&
            gs_v[i].game == game)
            return &gs_v[i];
    if (gs_n == MAX_GAMES)
        return NULL;
    gstate *g = &gs_v[gs_n++];
    memset(g, 0, sizeof *g);
    *g = (gstate){.stage = stage, .match = match, .board = board, .game = game};
    return g;
}

static int stage_no(const char *s)
{
    return strcmp(s, "groups") == 0 ? 1 : strcmp(s, "qf") == 0 ? 2 : strcmp(s, "sf") == 0 ? 3 : 4;
}

#define WHERE "\"league\":%lld,\"stage\":%d,\"match\":%d,\"board\":%d,\"game\":%d"
#define WHERE_ARGS(g) league_id, (g)->stage, (g)->match, (g)->board, (g)->game

/* The captain of the answering team puts in the best-rated player rated not above the one
 * replaced who plays no other board of this match (art. 5). */
static void substitute(gstate *g, const cJSON *fx, int out)
{
    int t = out / 100;
    bool busy[MAX_ROSTER + 1] = {false};
    const cJSON *x;
    cJSON_ArrayForEach(x, cJSON_GetObjectItem(fx, "games"))
    {
        int w = (int)num(x, "white"), b = (int)num(x, "black");
        if (w / 100 == t)
            busy[w % 100] = true;
        if (b / 100 == t)
            busy[b % 100] = true;
    }
    int pick = 0;
    for (int i = 1; i <= n_roster && !pick; i++)
        if (!busy[i] && rating_of[t][i] <= rating_of[t][out % 100])
            pick = i;
    if (!pick) {
        say("  %s board %d: no eligible substitute for %s\n", g->label, g->board, pname(out));
        return;
    }
    if (ok(call("\"type\":\"league_substitute\",\"token\":\"%s\"," WHERE ",\"player\":%d}",
                tok[t][1], WHERE_ARGS(g), pid_of(t, pick)),
           "substitute"))
        say("  %s board %d: the challenge to %s (%d) lapsed unanswered; captain %s puts in %s "
            "(%d, not rated above)\n",
            g->label, g->board, pname(out), rating_of[t][out % 100], pname(pid_of(t, 1)),
            pname(pid_of(t, pick)), rating_of[t][pick]);
}

static int live_limit = 30;

/* One pass over the snapshot's games: each player does what his state asks, once per state. */
static void act(void)
{
    const char *stage = str(snap, "stage");
    const char *status = str(snap, "status");
    if (strcmp(status, "running") != 0)
        return;
    int sn = stage_no(stage);
    int in_flight = 0;
    const cJSON *fx, *x;
    cJSON_ArrayForEach(fx, cJSON_GetObjectItem(snap, "fixtures"))
        cJSON_ArrayForEach(x, cJSON_GetObjectItem(fx, "games"))
    {
        const char *st = str(x, "state");
        if (!strcmp(st, "proposed") || !strcmp(st, "agreed") || !strcmp(st, "started") ||
            !strcmp(st, "lapsed"))
            in_flight++;
    }
    cJSON_ArrayForEach(fx, cJSON_GetObjectItem(snap, "fixtures"))
    {
        int match = (int)num(fx, "match");
        cJSON_ArrayForEach(x, cJSON_GetObjectItem(fx, "games"))
        {
            gstate *g = gs_of(sn, match, (int)num(x, "board"), (int)num(x, "game"));
            if (!g)
                continue;
            if (sn == 1)
                snprintf(g->label, sizeof g->label, "%s #%d", str(fx, "label"), match);
            else
                snprintf(g->label, sizeof g->label, "%s", str(fx, "label"));
            const char *st = str(x, "state");
            const char *result = str(x, "result");
            if (num(x, "game_id") > 0)
                g->game_id = (long long)num(x, "game_id");
            int white = (int)num(x, "white"), black = (int)num(x, "black");
            bool sender_white = strcmp(str(x, "sender"), "white") == 0;
            int sender = sender_white ? white : black, answerer = sender_white ? black : white;
            int turn = strcmp(str(x, "turn"), "white") == 0 ? white : black;
            char sig[96];
            snprintf(sig, sizeof sig, "%s/%d/%d/%.0f/%d", st, (int)num(x, "challenge"), turn,
                     num(x, "deadline_ms"), (int)num(x, "subs"));
            if (!g->unplanned_seen && (!strcmp(st, "lapsed") || !strcmp(st, "forfeit")) &&
                g->sc != SC_LATE && g->sc != SC_SUBST && g->sc != SC_FORFEIT) {
                g->unplanned_seen = true; /* a player answered after the deadline: a slow machine */
                unplanned++;
                say("  %s board %d: lapsed although its player meant to answer (the demo was "
                    "late: a loaded machine?)\n",
                    g->label, g->board);
            }
            if (strcmp(result, "*") != 0) {
                if (!g->told && (g->sc == SC_FORFEIT || !strcmp(st, "forfeit"))) {
                    g->told = true;
                    say("  %s board %d: the second challenge lapsed unanswered too: %s loses by "
                        "forfeit (%s)\n",
                        g->label, g->board, pname(answerer), result);
                }
                continue;
            }
            if (!strcmp(g->done, sig))
                continue;
            if (g->sc == SC_RULED) {
                if (ok(call("\"type\":\"league_result\"," WHERE ",\"result\":\"1-0\"}",
                            WHERE_ARGS(g)),
                       "result"))
                    snprintf(g->done, sizeof g->done, "%s", sig);
                continue;
            }
            if (!strcmp(st, "new")) {
                if (in_flight >= live_limit)
                    continue;
                if (g->sc == SC_ALT && !g->tc_sent) {
                    g->tc_sent = true;
                    ok(call("\"type\":\"league_tc\",\"token\":\"%s\"," WHERE ",\"want\":true}",
                            token_of(white), WHERE_ARGS(g)),
                       "tc");
                    ok(call("\"type\":\"league_tc\",\"token\":\"%s\"," WHERE ",\"want\":true}",
                            token_of(black), WHERE_ARGS(g)),
                       "tc");
                    say("  %s board %d: %s and %s agree to play %s (art. 4)\n", g->label, g->board,
                        pname(white), pname(black), str(snap, "alt_tc"));
                }
                if (ok(call("\"type\":\"league_send\",\"token\":\"%s\"," WHERE ",\"start_ms\":0}",
                            token_of(sender), WHERE_ARGS(g)),
                       "send"))
                    in_flight++;
            } else if (!strcmp(st, "proposed")) {
                int ch = (int)num(x, "challenge");
                bool ignore =
                    (g->sc == SC_FORFEIT) || ((g->sc == SC_LATE || g->sc == SC_SUBST) && ch == 1);
                if (ignore && turn == answerer) {
                    if (ch == 1)
                        say("  %s board %d: %s does not answer %s's challenge (valid %.1f s)\n",
                            g->label, g->board, pname(answerer), pname(sender),
                            num(snap, "first_valid_ms") / 1000.0);
                    snprintf(g->done, sizeof g->done, "%s", sig);
                    continue;
                }
                if (g->sc == SC_COUNTER && !g->counter_sent && turn == answerer) {
                    g->counter_sent = true;
                    long long at = wall_ms() + 1500;
                    if (ok(call("\"type\":\"league_counter\",\"token\":\"%s\"," WHERE
                                ",\"start_ms\":%lld}",
                                token_of(answerer), WHERE_ARGS(g), at),
                           "counter"))
                        say("  %s board %d: %s counter-proposes a start 1.5 s later; %s "
                            "accepts\n",
                            g->label, g->board, pname(answerer), pname(sender));
                } else
                    ok(call("\"type\":\"league_accept\",\"token\":\"%s\"," WHERE "}",
                            token_of(turn), WHERE_ARGS(g)),
                       "accept");
            } else if (!strcmp(st, "lapsed")) {
                if (g->sc == SC_SUBST && !g->subst_sent) {
                    g->subst_sent = true;
                    substitute(g, fx, answerer);
                    continue; /* the snapshot after the substitution names the new answerer */
                }
                if (g->sc == SC_LATE)
                    say("  %s board %d: the first challenge lapsed; %s sends the second (valid "
                        "%.1f s), %s accepts\n",
                        g->label, g->board, pname(sender), num(snap, "second_valid_ms") / 1000.0,
                        pname(answerer));
                if (g->sc == SC_FORFEIT)
                    say("  %s board %d: the first challenge lapsed; %s sends the second, "
                        "unanswered again\n",
                        g->label, g->board, pname(sender));
                ok(call("\"type\":\"league_send\",\"token\":\"%s\"," WHERE ",\"start_ms\":0}",
                        token_of(sender), WHERE_ARGS(g)),
                   "second challenge");
            } else if ((!strcmp(st, "started") || !strcmp(st, "agreed")) && g->game_id > 0) {
                /* the seats normally come as `game` pushes; read the feeds if one is missing */
                int have = 0;
                for (int i = 0; i < n_seats; i++)
                    have += seats_v[i].game_id == g->game_id;
                if (have < 2) {
                    ok(call("\"type\":\"league_notices\",\"league\":%lld,\"token\":\"%s\","
                            "\"since\":0}",
                            league_id, token_of(white)),
                       "notices");
                    ok(call("\"type\":\"league_notices\",\"league\":%lld,\"token\":\"%s\","
                            "\"since\":0}",
                            league_id, token_of(black)),
                       "notices");
                }
            }
            snprintf(g->done, sizeof g->done, "%s", sig);
        }
    }
}

/* The scenarios of a stage's games, by their order in the fixtures: the group stage shows
 * every path of art. 5 once, spread over the groups; the first knockout match is ruled. */
static void plan_stage(void)
{
    static const scenario order[] = {SC_COUNTER, SC_LATE, SC_SUBST, SC_FORFEIT, SC_ALT};
    int sn = stage_no(str(snap, "stage"));
    const cJSON *fx, *x;
    int n_fx = cJSON_GetArraySize(cJSON_GetObjectItem(snap, "fixtures")), k = 0, fi = 0;
    const char *first_ko = n_groups == 2 ? "SF1" : "QF1";
    cJSON_ArrayForEach(fx, cJSON_GetObjectItem(snap, "fixtures"))
    {
        int match = (int)num(fx, "match");
        cJSON_ArrayForEach(x, cJSON_GetObjectItem(fx, "games"))
        {
            gstate *g = gs_of(sn, match, (int)num(x, "board"), (int)num(x, "game"));
            if (!g)
                continue;
            if (sn == 1) {
                /* each path once: on board 1 of the first five fixtures, or on the first five
                 * games when there are fewer fixtures */
                int at = n_fx >= 5 ? (g->board == 1 ? fi : -1) : k;
                if (at >= 0 && at < (int)BH_ARRAY_LEN(order))
                    g->sc = order[at];
            } else if (!strcmp(str(fx, "label"), first_ko))
                g->sc = SC_RULED;
            if (sn == 1 || g->sc == SC_RULED)
                sc_count[g->sc]++;
            k++;
        }
        fi++;
    }
}

/* ---- printing ---- */

static void print_groups(bool tables)
{
    const cJSON *g, *r;
    cJSON_ArrayForEach(g, cJSON_GetObjectItem(snap, "groups"))
    {
        say("Group %s (average rating %.1f)\n", str(g, "group"), num(g, "average"));
        if (tables)
            say("  %-2s %-18s %3s %3s %5s %7s\n", "#", "team", "P", "MP", "GP", "rating");
        cJSON_ArrayForEach(r, cJSON_GetObjectItem(g, "table"))
        {
            long long team = (long long)num(r, "team");
            if (tables)
                say("  %-2d %-18s %3d %3d %5.1f %7.1f\n", (int)num(r, "place"), team_name(team),
                    (int)num(r, "played"), (int)num(r, "mp"), num(r, "gp"), num(r, "rating"));
            else
                say("  %d. %-18s %7.1f\n", (int)num(r, "number"), team_name(team),
                    num(r, "rating"));
        }
    }
}

static void print_bracket(void)
{
    const cJSON *b;
    cJSON_ArrayForEach(b, cJSON_GetObjectItem(snap, "bracket"))
    {
        const cJSON *t = cJSON_GetObjectItem(b, "teams"), *gp = cJSON_GetObjectItem(b, "gp"),
                    *rt = cJSON_GetObjectItem(b, "rating");
        long long t1 = (long long)cJSON_GetNumberValue(cJSON_GetArrayItem(t, 0));
        long long t2 = (long long)cJSON_GetNumberValue(cJSON_GetArrayItem(t, 1));
        long long w = (long long)num(b, "winner");
        const char *by = str(b, "by");
        say("  %-4s %-18s %6.1f %4.1f - %-4.1f %-18s %6.1f  -> %s%s\n", str(b, "label"),
            t1 ? team_name(t1) : "?", cJSON_GetNumberValue(cJSON_GetArrayItem(rt, 0)),
            cJSON_GetNumberValue(cJSON_GetArrayItem(gp, 0)),
            cJSON_GetNumberValue(cJSON_GetArrayItem(gp, 1)), t2 ? team_name(t2) : "?",
            cJSON_GetNumberValue(cJSON_GetArrayItem(rt, 1)), w ? team_name(w) : "open",
            !strcmp(by, "rating") ? " (drawn: the lower team rating, art. 7)"
            : !strcmp(by, "lot")  ? " (drawn, equal ratings: by lot)"
                                  : "");
    }
}

static int progress(int *decided)
{
    int n = 0, d = 0;
    const cJSON *fx, *x;
    cJSON_ArrayForEach(fx, cJSON_GetObjectItem(snap, "fixtures"))
        cJSON_ArrayForEach(x, cJSON_GetObjectItem(fx, "games"))
    {
        n++;
        d += strcmp(str(x, "result"), "*") != 0;
    }
    *decided = d;
    return n;
}

static char *export_text(const char *what)
{
    cJSON *r = call("\"type\":\"league_export\",\"league\":%lld,\"what\":\"%s\"}", league_id, what);
    const char *t = r ? cJSON_GetStringValue(cJSON_GetObjectItem(r, "text")) : NULL;
    char *s = t ? strdup(t) : NULL;
    cJSON_Delete(r);
    return s;
}

static void usage(void)
{
    printf(
        "usage: bughouse-league-demo [options]   (scripts/run.sh demo --format league)\n"
        "  --teams N        teams (default 20; 4..32, a multiple of --groups)\n"
        "  --groups N       2 or 4 (default 4)\n"
        "  --boards N       boards a match (default 10)\n"
        "  --reserves N     roster players beyond the boards (default 2)\n"
        "  --first-ms MS    a first challenge's validity (default 6000; seed 003: 10 days)\n"
        "  --second-ms MS   a second challenge's validity (default 4000; seed 003: 5 days)\n"
        "  --base-s S       each player's time (default 2; seed 003: 300), --inc-s S (0)\n"
        "  --live N         games arranged at once (default 30)\n"
        "  --pace-ms MS     the bots' think time per move (default 20)\n"
        "  --port N         server port (default 8080; 0 = any free port)\n"
        "  --out DIR        output directory (default demo-out/league)\n"
        "  --server PATH    bughouse-server binary (default build/release/server/bughouse-server)\n"
        "  --web DIR        static files (default clients/web)\n"
        "  --seed N         ratings and moves\n"
        "  --exit           end with the league (default: keep serving until Ctrl-C)\n"
        "  --quiet          no progress lines\n");
}

int main(int argc, char **argv)
{
    demo_opts o = {.server = "build/release/server/bughouse-server",
                   .web = "clients/web",
                   .out = "demo-out/league",
                   .port = 8080};
    int first_ms = 6000, second_ms = 4000, base_s = 2, inc_s = 0, pace_ms = 20, reserves = 2;
    bool keep = true;
    n_teams = 20, n_groups = 4, n_boards = 10;
    static const struct option opts[] = {
        {"teams", required_argument, NULL, 'T'},    {"groups", required_argument, NULL, 'G'},
        {"boards", required_argument, NULL, 'N'},   {"reserves", required_argument, NULL, 'R'},
        {"first-ms", required_argument, NULL, '1'}, {"second-ms", required_argument, NULL, '2'},
        {"base-s", required_argument, NULL, 'b'},   {"inc-s", required_argument, NULL, 'i'},
        {"live", required_argument, NULL, 'L'},     {"pace-ms", required_argument, NULL, 'p'},
        {"port", required_argument, NULL, 'P'},     {"out", required_argument, NULL, 'o'},
        {"server", required_argument, NULL, 's'},   {"web", required_argument, NULL, 'w'},
        {"seed", required_argument, NULL, 'S'},     {"exit", no_argument, NULL, 'X'},
        {"no-keep", no_argument, NULL, 'X'},        {"keep", no_argument, NULL, 'K'},
        {"quiet", no_argument, NULL, 'q'},          {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},           {NULL, 0, NULL, 0}};
    int c;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 'T': n_teams = atoi(optarg); break;
        case 'G': n_groups = atoi(optarg); break;
        case 'N': n_boards = atoi(optarg); break;
        case 'R': reserves = atoi(optarg); break;
        case '1': first_ms = atoi(optarg); break;
        case '2': second_ms = atoi(optarg); break;
        case 'b': base_s = atoi(optarg); break;
        case 'i': inc_s = atoi(optarg); break;
        case 'L': live_limit = atoi(optarg); break;
        case 'p': pace_ms = atoi(optarg); break;
        case 'P': o.port = atoi(optarg); break;
        case 'o': o.out = optarg; break;
        case 's': o.server = optarg; break;
        case 'w': o.web = optarg; break;
        case 'S': rng = strtoull(optarg, NULL, 10); break;
        case 'X': keep = false; break;
        case 'K': keep = true; break;
        case 'q': quiet = true; break;
        case 'f':
            if (strcmp(optarg, "league") != 0) {
                fprintf(stderr, "bughouse-league-demo: --format league only\n");
                return 2;
            }
            break;
        case 'h': usage(); return 0;
        default: usage(); return 2;
        }
    }
    n_roster = n_boards + reserves;
    if ((n_groups != 2 && n_groups != 4) || n_teams < 2 * n_groups || n_teams > MAX_TEAMS ||
        n_teams % n_groups || n_boards < 1 || n_boards > 16 || reserves < 1 ||
        n_roster > MAX_ROSTER || first_ms < 200 || second_ms < 200 || base_s < 1 || inc_s < 0 ||
        live_limit < 1) {
        fprintf(stderr,
                "bughouse-league-demo: --groups 2 or 4, --teams a multiple of it (4..32), "
                "--boards 1..16, --reserves 1..%d, --first-ms/--second-ms at least 200, "
                "--base-s at least 1\n",
                MAX_ROSTER - n_boards);
        return 2;
    }
    if (pace_ms < 5)
        pace_ms = 5;
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGPIPE, SIG_IGN);
    char path[800], log[700], admin[48];
    int port = 0, rc = 1, games = 0;
    pid_t srv = demo_start_fresh(&o, "league.db", "league-demo", rng, admin, sizeof admin, log,
                                 sizeof log, &port);
    if (srv < 0) {
        fprintf(stderr, "league-demo: the server did not start (log: %s)\n", log);
        return 1;
    }
    say("server on http://127.0.0.1:%d/ (log %s); director token %s\n", port, log, admin);
    wsc_ctx *x = wsc_ctx_new();
    ctx = x;
    wsc_opts wo = {.host = "127.0.0.1", .port = port, .tls = false};
    bot_opts bo = {.server = {.host = "127.0.0.1", .port = port, .tls = false},
                   .pace_ms = pace_ms,
                   .seed = rng};
    pool = bot_pool_new(x, &bo);
    dir = wsc_connect(x, &wo, 5000);
    if (!dir || !ok(call("\"type\":\"auth\",\"token\":\"%s\"}", admin), "auth"))
        goto out;
    cJSON *r =
        call("\"type\":\"league_create\",\"name\":\"Team league (demo)\",\"teams\":%d,"
             "\"groups\":%d,\"boards\":%d,\"first_valid_ms\":%d,\"second_valid_ms\":%d,"
             "\"base_s\":%d,\"inc_s\":%d,\"alt_base_s\":%d,\"alt_inc_s\":%d,\"wait_s\":10}",
             n_teams, n_groups, n_boards, first_ms, second_ms, base_s, inc_s, 2 * base_s, inc_s);
    league_id = r ? (long long)num(r, "league") : 0;
    if (!r || league_id <= 0) {
        ok(r, "league_create");
        goto out;
    }
    cJSON_Delete(r);
    /* ratings drawn from the seed: a team's strength, its players around it, in board order */
    for (int t = 1; t <= n_teams; t++) {
        int base = 1900 + (int)rnd(450);
        char players[5000];
        size_t n = 0;
        int rt = base + 150;
        for (int i = 1; i <= n_roster; i++) {
            rt -= 5 + (int)rnd(30);
            rating_of[t][i] = rt;
            n += (size_t)snprintf(players + n, sizeof players - n,
                                  "%s{\"id\":%d,\"name\":\"%s\",\"rating\":%d%s}", i > 1 ? "," : "",
                                  pid_of(t, i), pname(pid_of(t, i)), rt,
                                  i == 3 ? ",\"invited\":true" : "");
        }
        r = call("\"type\":\"league_team\",\"league\":%lld,\"name\":\"%s\",\"captain\":%d,"
                 "\"players\":[%s]}",
                 league_id, CLUBS[t - 1], pid_of(t, 1), players);
        team_id[t] = r ? (long long)num(r, "team") : 0;
        const cJSON *tk, *tks = r ? cJSON_GetObjectItem(r, "tokens") : NULL;
        cJSON_ArrayForEach(tk, tks)
        {
            int p = (int)num(tk, "player");
            if (p / 100 == t && p % 100 >= 1 && p % 100 <= n_roster)
                snprintf(tok[t][p % 100], sizeof tok[0][0], "%s", str(tk, "token"));
        }
        if (team_id[t] <= 0 || !tok[t][1][0]) {
            ok(r, "league_team");
            goto out;
        }
        cJSON_Delete(r);
    }
    if (!ok(call("\"type\":\"league_start\",\"league\":%lld}", league_id), "league_start") ||
        !ok(call("\"type\":\"league_get\",\"league\":%lld}", league_id), "league_get"))
        goto out;
    promote();
    say("league %lld: %d teams of %d boards (+%d reserves) in %d groups; challenges valid %.1f s "
        "then %.1f s; %s, %s by agreement\n"
        "watch it at http://127.0.0.1:%d/league.html?league=%lld\n\n"
        "the draw (F-GROUPS: the best-rated teams head the groups, each next pot placed so that "
        "the averages are closest):\n",
        league_id, n_teams, n_boards, reserves, n_groups, first_ms / 1000.0, second_ms / 1000.0,
        str(snap, "tc"), str(snap, "alt_tc"), port, league_id);
    print_groups(false);
    say("\ngroup stage:\n");
    plan_stage();
    char last_stage[16] = "groups";
    int last_decided = -1;
    long long last_print = 0;
    while (!stop_flag) {
        wsc_pump(ctx, 10);
        drain();
        promote();
        bot_pool_step(pool);
        const char *status = str(snap, "status");
        const char *stage = str(snap, "stage");
        if (strcmp(stage, last_stage) != 0) {
            snprintf(last_stage, sizeof last_stage, "%s", stage);
            plan_stage();
        }
        if (!strcmp(status, "finished"))
            break;
        if (!strcmp(status, "between")) {
            if (!strcmp(stage, "groups")) {
                say("\ngroup tables (art. 6: match points, game points, the lower team rating):\n");
                print_groups(true);
            } else {
                say("\nthe bracket after the %s:\n",
                    !strcmp(stage, "qf") ? "quarter-finals" : "semi-finals");
                print_bracket();
            }
            const cJSON *b;
            cJSON_ArrayForEach(
                b, cJSON_GetObjectItem(snap, "bracket")) if (!strcmp(str(b, "by"), "lot_due"))
            {
                ok(call("\"type\":\"league_lot\",\"league\":%lld,\"match\":%d,\"winner\":1}",
                        league_id, (int)num(b, "match")),
                   "lot");
                say("  %s: drawn between equal ratings: the director draws the lot\n",
                    str(b, "label"));
            }
            if (!ok(call("\"type\":\"league_stage_start\",\"league\":%lld}", league_id),
                    "stage start") ||
                !ok(call("\"type\":\"league_get\",\"league\":%lld}", league_id), "league_get"))
                goto out;
            promote();
            const char *ns = str(snap, "stage");
            say("\n%s (team ratings recomputed from the rosters; two games a board):\n",
                !strcmp(ns, "qf")   ? "quarter-finals"
                : !strcmp(ns, "sf") ? "semi-finals"
                                    : "final");
            if ((n_groups == 2 && !strcmp(ns, "sf")) || (n_groups == 4 && !strcmp(ns, "qf")))
                say("  %s: the director rules every game 1-0 for White (colours reversed in game "
                    "2: a drawn match, to show art. 7)\n",
                    str(cJSON_GetArrayItem(cJSON_GetObjectItem(snap, "fixtures"), 0), "label"));
            continue;
        }
        if (snap_new) {
            snap_new = false;
            act();
        }
        int decided, total = progress(&decided);
        if (decided != last_decided && wall_ms() - last_print > 2000) {
            last_print = wall_ms();
            last_decided = decided;
            say("  %s: %d of %d games decided\n", stage, decided, total);
        }
    }
    if (stop_flag)
        goto out;
    say("\nfinal:\n"); /* league_demo.sh reads the bracket below this line */
    print_bracket();
    say("\nthe winner: %s\n", team_name((long long)num(snap, "winner")));
    say("\nthe challenges of the group stage: ");
    for (int i = 0; i < 6; i++)
        say("%s%d %s", i ? ", " : "", sc_count[i], SC_NAME[i]);
    say("; the knockout's drawn match: %d games ruled by the director; %d unplanned lapses\n",
        sc_count[SC_RULED], unplanned);
    /* the files: the server's snapshot, its exports, the PGN of every game played */
    rc = 0;
    {
        char *j = cJSON_Print(snap);
        snprintf(path, sizeof path, "%s/league.json", o.out);
        if (!j || !demo_write_file(path, j))
            rc = 1;
        free(j);
    }
    /* every stage as TRF-2026 (league_export trf, trf_qf, trf_sf, trf_final; a stage not
     * reached, the quarter-finals of a two-group league, is empty and not written) */
    static const char *const what[] = {"tables", "bracket", "trf", "trf_qf", "trf_sf", "trf_final"};
    static const char *const file[] = {"tables.txt",    "bracket.txt",   "league.trf",
                                       "league-qf.trf", "league-sf.trf", "league-final.trf"};
    for (int i = 0; i < 6; i++) {
        char *text = export_text(what[i]);
        snprintf(path, sizeof path, "%s/%s", o.out, file[i]);
        if (!text || (text[0] && !demo_write_file(path, text)))
            rc = 1;
        free(text);
    }
    for (int i = 0; i < gs_n; i++) {
        const gstate *g = &gs_v[i];
        if (g->game_id <= 0)
            continue;
        cJSON *e = call("\"type\":\"export\",\"format\":\"bpgn\",\"game\":%lld}", g->game_id);
        const char *t = e ? cJSON_GetStringValue(cJSON_GetObjectItem(e, "text")) : NULL;
        snprintf(path, sizeof path, "%s/games/s%d-m%02d-b%02d-g%d.pgn", o.out, g->stage, g->match,
                 g->board, g->game);
        if (t && demo_write_file(path, t))
            games++;
        cJSON_Delete(e);
    }
    say("\n%d games played (PGN in %s/games); the group tables %s/tables.txt, the bracket "
        "%s/bracket.txt, the group stage as TRF-2026 %s/league.trf and each knockout stage "
        "%s/league-{qf,sf,final}.trf, the server's league_get %s/league.json\n",
        games, o.out, o.out, o.out, o.out, o.out, o.out);
    if (keep) {
        say("the server keeps running on http://127.0.0.1:%d/league.html?league=%lld (Ctrl-C "
            "ends it)\n",
            port, league_id);
        while (!stop_flag)
            sleep(1);
    }
out:
    cJSON_Delete(snap);
    cJSON_Delete(next_snap);
    free(next_raw);
    bot_pool_free(pool);
    wsc_ctx_free(x);
    kill(srv, SIGTERM);
    waitpid(srv, NULL, 0);
    return rc;
}
