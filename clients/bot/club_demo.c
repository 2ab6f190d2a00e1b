/* club_demo.c: bughouse-club-demo (scripts/run.sh demo --format club-rr): a seed-004-shaped
 * club round robin run by the server (issue 15): 6 bot teams of 6 boards + 4 reserves, the
 * captains' bots submit varying line-ups (shifting substitutions), one team is short in round
 * 2, every board is a chess game hosted by the server (F-CHESS, ruleset fide, a fast clock)
 * and played over the wire by random bots (bot.h) with the player tokens the captains'
 * connections receive (assign); nobody enters a result: each game's end reaches the event. In
 * round 3 one board's Black never comes, and the server forfeits it when the waiting time
 * passes (T-WAIT); one protest is upheld and one rejected by the appeals committee; the rounds
 * start at their line-up deadline (the countdown is in the snapshot). At the end: the club
 * ranking, and in --out the PGN of every game (the server's export), the TRF-2026, the
 * crosstable and the line-ups. SPDX-License-Identifier: MIT */
#include <cjson/cJSON.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bh.h"
#include "bot.h"
#include "demo.h"
#include "wsclient.h"

#define TEAMS 6
#define BOARDS 6
#define ROSTER 10

static const char *const CLUBS[TEAMS] = {"Portovyk",    "Druzhba",  "Chornomorets",
                                         "Illichivets", "Shakhtar", "Dnipro"};
static const char *const SURNAMES[ROSTER] = {"Ivanenko",   "Petrenko",  "Sydorenko",  "Kovalenko",
                                             "Bondarenko", "Tkachenko", "Shevchenko", "Kravchenko",
                                             "Melnyk",     "Boyko"};

static volatile int stop_flag;
static void on_signal(int sig)
{
    (void)sig;
    stop_flag = 1;
}

static uint64_t rng = 42;
static uint32_t rnd(uint32_t n)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)((rng >> 33) % n);
}

static wsc *dir, *cap[TEAMS + 1];
static wsc_ctx *ctx;
static bot_pool *pool;

/* The hosted boards seen in assigns: game id and board key (round, match and board 1-based). */
typedef struct {
    long long game;
    int r, m, b;
} hosted;
static hosted boards_v[TEAMS * TEAMS * BOARDS];
static int n_boards;

/* T-WAIT in the demo: Black of round 3, match 2, board 4 never comes. */
static bool absent_seat(int r, int m, int b, int seat)
{
    return r == 3 && m == 2 && b == 4 && seat == 1;
}

static double num_of(const cJSON *o, const char *k)
{
    return cJSON_GetNumberValue(cJSON_GetObjectItem(o, k));
}

/* A pushed message on a captain's connection: an assign gives its seats to the bots. */
static void take_push(const cJSON *o)
{
    const cJSON *t = cJSON_GetObjectItem(o, "type");
    if (!cJSON_IsString(t) || strcmp(t->valuestring, "assign") != 0)
        return;
    long long game = (long long)num_of(o, "game");
    int r = (int)num_of(o, "round"), m = (int)num_of(o, "match") + 1,
        b = (int)num_of(o, "game_no") + 1;
    bool known = false;
    for (int i = 0; i < n_boards; i++)
        known |= boards_v[i].game == game;
    if (!known && n_boards < (int)(sizeof boards_v / sizeof *boards_v))
        boards_v[n_boards++] = (hosted){game, r, m, b};
    const cJSON *seat;
    cJSON_ArrayForEach(seat, cJSON_GetObjectItem(o, "seats"))
    {
        const cJSON *tok = cJSON_GetObjectItem(seat, "token");
        if (cJSON_IsString(tok) && !absent_seat(r, m, b, (int)num_of(seat, "seat")))
            bot_pool_add_seat(pool, tok->valuestring, game);
    }
}

static void drain_caps(void)
{
    for (int t = 1; t <= TEAMS; t++) {
        char *s;
        while (cap[t] && (s = wsc_recv(cap[t], 0)) != NULL) {
            cJSON *o = cJSON_Parse(s);
            free(s);
            if (o)
                take_push(o);
            cJSON_Delete(o);
        }
    }
}
static long long club_id, team_id[TEAMS + 1];
static char token[TEAMS + 1][64];
static bool quiet;

static void pause_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

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

/* Send and wait for the reply with the message's id (pushes skipped). Caller frees (cJSON). */
static cJSON *call(wsc *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static cJSON *call(wsc *c, const char *fmt, ...)
{
    char buf[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    cJSON *sent = cJSON_Parse(buf);
    double id = sent ? cJSON_GetNumberValue(cJSON_GetObjectItem(sent, "id")) : -1;
    cJSON_Delete(sent);
    if (wsc_send(c, buf) != 0)
        return NULL;
    for (int i = 0; i < 1000; i++) {
        char *s = wsc_recv(c, 5000);
        if (!s)
            return NULL;
        cJSON *o = cJSON_Parse(s);
        free(s);
        cJSON *rid = o ? cJSON_GetObjectItem(o, "id") : NULL;
        if (rid && cJSON_IsNumber(rid) && rid->valuedouble == id)
            return o;
        if (o)
            take_push(o);
        cJSON_Delete(o);
    }
    return NULL;
}

static bool ok(cJSON *r, const char *what)
{
    const cJSON *t = r ? cJSON_GetObjectItem(r, "type") : NULL;
    bool good = t && cJSON_IsString(t) && strcmp(t->valuestring, "error") != 0;
    if (!good) {
        char *s = r ? cJSON_PrintUnformatted(r) : NULL;
        fprintf(stderr, "club-demo: %s: %s\n", what, s ? s : "no reply");
        free(s);
    }
    cJSON_Delete(r);
    return good;
}

static int pid_of(int t, int i) /* roster player i (1-based) of team t */
{
    return 100 * t + i;
}

/* The captain's line-up of team t for round r: k random substitutions by shifting (k of the
 * main players left out, k reserves in), or a short team of `players`. */
static void lineup(int t, int r, int players)
{
    bool in[ROSTER + 1] = {false};
    int k = rnd(5); /* 0..4 substitutions (art. 3: at most four) */
    for (int i = 1; i <= BOARDS; i++)
        in[i] = true;
    for (int j = 0; j < k; j++) {
        int out = 1 + (int)rnd(BOARDS), res = BOARDS + 1 + (int)rnd(ROSTER - BOARDS);
        if (in[out] && !in[res])
            in[out] = false, in[res] = true;
    }
    char list[256] = "";
    size_t n = 0;
    int named = 0;
    for (int i = 1; i <= ROSTER && named < players; i++)
        if (in[i]) {
            n +=
                (size_t)snprintf(list + n, sizeof list - n, "%s%d", named ? "," : "", pid_of(t, i));
            named++;
        }
    if (ok(call(cap[t],
                "{\"type\":\"club_lineup\",\"id\":9,\"club\":%lld,\"round\":%d,"
                "\"players\":[%s]}",
                club_id, r, list),
           "line-up"))
        say("  round %d %-13s line-up [%s]%s\n", r, CLUBS[t - 1], list,
            players < BOARDS ? " (short: its empty boards are lost by forfeit)" : "");
}

static cJSON *snapshot(void)
{
    return call(dir, "{\"type\":\"club_get\",\"id\":5,\"club\":%lld}", club_id);
}

static const char *name_of(long long team)
{
    for (int t = 1; t <= TEAMS; t++)
        if (team_id[t] == team)
            return CLUBS[t - 1];
    return "?";
}

/* Round r is played by the bots on the server's boards: pump them until every board of the
 * round is decided (mates, draws, flags, and the forfeit of the absent Black when the waiting
 * time passes). */
static int play_round(int r)
{
    long long last = 0;
    bool done = false;
    for (int i = 0; i < 30000 && !stop_flag && !done; i++) { /* 10 ms a turn: 5 min at most */
        wsc_pump(ctx, 10);
        drain_caps();
        bot_pool_step(pool);
        if (i - last < 30)
            continue;
        last = i;
        cJSON *s = snapshot();
        const cJSON *rd = s ? cJSON_GetArrayItem(cJSON_GetObjectItem(s, "schedule"), r - 1) : NULL;
        const cJSON *st = rd ? cJSON_GetObjectItem(rd, "status") : NULL;
        done = st && cJSON_IsString(st) && strcmp(st->valuestring, "done") == 0;
        cJSON_Delete(s);
    }
    return done ? 0 : -1;
}

/* The PGN of each game of round r as the server exports it (the absent Black's board has
 * no game played). */
static void export_round(int r, const char *out, int *games)
{
    for (int i = 0; i < n_boards; i++) {
        const hosted *b = &boards_v[i];
        if (b->r != r)
            continue;
        if (absent_seat(b->r, b->m, b->b, 1)) {
            say("  round %d match %d board %d: +- (Black absent after the waiting time, T-WAIT)\n",
                r, b->m, b->b);
            continue;
        }
        cJSON *x =
            call(dir, "{\"type\":\"export\",\"id\":17,\"format\":\"bpgn\",\"game\":%lld}", b->game);
        const cJSON *t = x ? cJSON_GetObjectItem(x, "text") : NULL;
        char path[700];
        snprintf(path, sizeof path, "%s/games/r%d-m%d-b%d.pgn", out, r, b->m, b->b);
        if (cJSON_IsString(t) && demo_write_file(path, t->valuestring))
            (*games)++;
        cJSON_Delete(x);
        pause_ms(60); /* the server's flood limit on the director's connection */
    }
}

/* The captains' line-ups of round r (a third of the teams leave it to the default). */
static void lineups(int r)
{
    if (r == 2)
        lineup(3, r, 4); /* F-SHORT: four players, boards 5 and 6 lost by forfeit (first: the
                          * deadline is break_s after the round's end) */
    for (int t = 1; t <= TEAMS; t++)
        if (!(r == 2 && t == 3) && rnd(3) != 0) /* a third play their first six (art. 3) */
            lineup(t, r, BOARDS);
}

static void print_matches(int r)
{
    cJSON *s = snapshot();
    const cJSON *rd = s ? cJSON_GetArrayItem(cJSON_GetObjectItem(s, "schedule"), r - 1) : NULL;
    const cJSON *m, *ms = rd ? cJSON_GetObjectItem(rd, "matches") : NULL;
    cJSON_ArrayForEach(m, ms)
    {
        const cJSON *gp = cJSON_GetObjectItem(m, "gp");
        say("  round %d: %-13s %4.1f - %-4.1f %s\n", r,
            name_of((long long)cJSON_GetNumberValue(cJSON_GetObjectItem(m, "home"))),
            cJSON_GetNumberValue(cJSON_GetArrayItem(gp, 0)),
            cJSON_GetNumberValue(cJSON_GetArrayItem(gp, 1)),
            name_of((long long)cJSON_GetNumberValue(cJSON_GetObjectItem(m, "away"))));
    }
    cJSON_Delete(s);
}

/* Wait until round r plays (its deadline), printing the countdown once. */
static bool wait_playing(int r)
{
    for (int i = 0; i < 600 && !stop_flag; i++) {
        cJSON *s = snapshot();
        const cJSON *rd = s ? cJSON_GetArrayItem(cJSON_GetObjectItem(s, "schedule"), r - 1) : NULL;
        const cJSON *st = rd ? cJSON_GetObjectItem(rd, "status") : NULL;
        bool playing = st && cJSON_IsString(st) && strcmp(st->valuestring, "lineups") != 0;
        if (i == 0 && !playing && rd)
            say("round %d starts in %.1f s (the line-up deadline)\n", r,
                cJSON_GetNumberValue(cJSON_GetObjectItem(rd, "starts_in_ms")) / 1000.0);
        cJSON_Delete(s);
        if (playing)
            return true;
        pause_ms(100);
    }
    return false;
}

static char *export_text(const char *what)
{
    cJSON *r = call(dir, "{\"type\":\"club_export\",\"id\":16,\"club\":%lld,\"what\":\"%s\"}",
                    club_id, what);
    const cJSON *t = r ? cJSON_GetObjectItem(r, "text") : NULL;
    char *s = t && cJSON_IsString(t) ? strdup(t->valuestring) : NULL;
    cJSON_Delete(r);
    return s;
}

static void usage(void)
{
    printf(
        "usage: bughouse-club-demo [options]   (scripts/run.sh demo --format club-rr)\n"
        "  --port N         server port (default 8080; 0 = any free port)\n"
        "  --out DIR        output directory (default demo-out/club)\n"
        "  --server PATH    bughouse-server binary (default build/release/server/bughouse-server)\n"
        "  --web DIR        static files (default clients/web)\n"
        "  --break-s N      line-up deadline after each round's end = protest window (default 5)\n"
        "  --pace-ms MS     the bots' think time per move (default 25)\n"
        "  --base-ms MS     each player's time on the clock (default 5000; seed 004: 600000)\n"
        "  --inc-ms MS      increment per move (default 0; seed 004: 5000)\n"
        "  --wait-s N       waiting time at the boards (default 2; seed 004: 600)\n"
        "  --seed N         the bots' random seed\n"
        "  --keep           after the end keep the server running until Ctrl-C\n"
        "  --quiet          no progress lines\n");
}

int main(int argc, char **argv)
{
    demo_opts o = {.server = "build/release/server/bughouse-server",
                   .web = "clients/web",
                   .out = "demo-out/club",
                   .port = 8080};
    int break_s = 5, pace_ms = 25, base_ms = 5000, inc_ms = 0, wait_s = 2;
    bool keep = false;
    static const struct option opts[] = {{"port", required_argument, NULL, 'P'},
                                         {"out", required_argument, NULL, 'o'},
                                         {"server", required_argument, NULL, 's'},
                                         {"web", required_argument, NULL, 'w'},
                                         {"break-s", required_argument, NULL, 'B'},
                                         {"pace-ms", required_argument, NULL, 'p'},
                                         {"seed", required_argument, NULL, 'S'},
                                         {"keep", no_argument, NULL, 'K'},
                                         {"quiet", no_argument, NULL, 'q'},
                                         {"format", required_argument, NULL, 'f'},
                                         {"base-ms", required_argument, NULL, 'b'},
                                         {"inc-ms", required_argument, NULL, 'i'},
                                         {"wait-s", required_argument, NULL, 'W'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    int c;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 'P': o.port = atoi(optarg); break;
        case 'o': o.out = optarg; break;
        case 's': o.server = optarg; break;
        case 'w': o.web = optarg; break;
        case 'B': break_s = atoi(optarg); break;
        case 'p': pace_ms = atoi(optarg); break;
        case 'b': base_ms = atoi(optarg); break;
        case 'i': inc_ms = atoi(optarg); break;
        case 'W': wait_s = atoi(optarg); break;
        case 'S': rng = strtoull(optarg, NULL, 10); break;
        case 'K': keep = true; break;
        case 'q': quiet = true; break;
        case 'f':
            if (strcmp(optarg, "club-rr") != 0) {
                fprintf(stderr, "bughouse-club-demo: --format club-rr only\n");
                return 2;
            }
            break;
        case 'h': usage(); return 0;
        default: usage(); return 2;
        }
    }
    if (pace_ms < 10)
        pace_ms = 10;
    if (base_ms < 1000 || inc_ms < 0 || wait_s < 1) {
        fprintf(stderr, "bughouse-club-demo: --base-ms at least 1000, --wait-s at least 1\n");
        return 2;
    }
    if (break_s < 1) {
        fprintf(stderr, "bughouse-club-demo: --break-s must be at least 1\n");
        return 2;
    }
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGPIPE, SIG_IGN);
    char path[700], log[700], admin[40];
    int port = 0, rc = 1, games = 0;
    pid_t srv = demo_start_fresh(&o, "club.db", "club-demo", rng, admin, sizeof admin, log,
                                 sizeof log, &port);
    if (srv < 0) {
        fprintf(stderr, "club-demo: the server did not start (log: %s)\n", log);
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
    if (!dir || !ok(call(dir, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", admin), "auth"))
        goto out;
    cJSON *r = call(dir,
                    "{\"type\":\"club_create\",\"id\":3,\"name\":\"Club championship (demo)\","
                    "\"break_s\":%d,\"protest_s\":%d,\"base_ms\":%d,\"inc_ms\":%d,"
                    "\"wait_s\":%d}",
                    break_s, break_s, base_ms, inc_ms, wait_s);
    club_id = r ? (long long)cJSON_GetNumberValue(cJSON_GetObjectItem(r, "club")) : 0;
    cJSON_Delete(r);
    if (club_id <= 0)
        goto out;
    for (int t = 1; t <= TEAMS; t++) {
        char players[2000];
        size_t n = 0;
        for (int i = 1; i <= ROSTER; i++)
            n += (size_t)snprintf(players + n, sizeof players - n,
                                  "%s{\"id\":%d,\"name\":\"%s, %c.\",\"rating\":%d}",
                                  i > 1 ? "," : "", pid_of(t, i), SURNAMES[i - 1], 'A' + t - 1,
                                  2400 - 15 * i - 10 * t);
        r = call(dir,
                 "{\"type\":\"club_team\",\"id\":%d,\"club\":%lld,\"name\":\"%s\","
                 "\"players\":[%s],\"captain\":%d}",
                 10 + t, club_id, CLUBS[t - 1], players, pid_of(t, 1));
        const cJSON *tk = r ? cJSON_GetObjectItem(r, "token") : NULL;
        team_id[t] = r ? (long long)cJSON_GetNumberValue(cJSON_GetObjectItem(r, "team")) : 0;
        snprintf(token[t], sizeof token[t], "%s", tk && cJSON_IsString(tk) ? tk->valuestring : "");
        cJSON_Delete(r);
        cap[t] = wsc_connect(x, &wo, 5000);
        if (!cap[t] || !token[t][0] ||
            !ok(call(cap[t], "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", token[t]), "captain"))
            goto out;
    }
    r = call(dir, "{\"type\":\"club_appeals\",\"id\":12,\"club\":%lld}", club_id);
    char appeals[64] = "";
    const cJSON *at = r ? cJSON_GetObjectItem(r, "token") : NULL;
    snprintf(appeals, sizeof appeals, "%s", at && cJSON_IsString(at) ? at->valuestring : "");
    cJSON_Delete(r);
    if (!ok(call(dir, "{\"type\":\"club_start\",\"id\":8,\"club\":%lld}", club_id), "start"))
        goto out;
    say("club round robin %lld: %d teams of %d boards + %d reserves, 5 rounds (Berger tables)\n"
        "watch it at http://127.0.0.1:%d/club.html?club=%lld (a captain signs in with a team "
        "token)\n",
        club_id, TEAMS, BOARDS, ROSTER - BOARDS, port, club_id);
    lineups(1);
    for (int rr = 1; rr <= TEAMS - 1 && !stop_flag; rr++) {
        if (!wait_playing(rr))
            goto out;
        if (play_round(rr) != 0)
            goto out;
        print_matches(rr);
        /* The next round's line-ups first, from this round's end (art. 3): the window is the
         * break, which the protests below share (F-PROTEST's window is as long). */
        if (rr < TEAMS - 1)
            lineups(rr + 1);
        if (rr == 1) {
            /* F-PROTEST: the away captain of match 1 protests board 1 (upheld: the result is
             * reversed), the home captain board 2 (rejected) */
            cJSON *s = snapshot();
            const cJSON *m = cJSON_GetArrayItem(
                cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(s, "schedule"), 0),
                                    "matches"),
                0);
            long long home = (long long)cJSON_GetNumberValue(cJSON_GetObjectItem(m, "home"));
            long long away = (long long)cJSON_GetNumberValue(cJSON_GetObjectItem(m, "away"));
            const cJSON *b1 = cJSON_GetArrayItem(cJSON_GetObjectItem(m, "boards"), 0);
            const cJSON *res = cJSON_GetObjectItem(b1, "result");
            char was[8];
            snprintf(was, sizeof was, "%s", res && cJSON_IsString(res) ? res->valuestring : "*");
            const char *now = strcmp(was, "1-0") == 0 ? "0-1" : "1-0";
            int th = 0, ta = 0;
            for (int t = 1; t <= TEAMS; t++) {
                if (team_id[t] == home)
                    th = t;
                if (team_id[t] == away)
                    ta = t;
            }
            cJSON_Delete(s);
            bool filed = th && ta &&
                         ok(call(cap[ta],
                                 "{\"type\":\"club_protest\",\"id\":13,\"club\":%lld,"
                                 "\"round\":1,\"match\":1,\"board\":1,\"text\":\"the "
                                 "result was entered wrongly\",\"deposit\":20000}",
                                 club_id),
                            "protest") &&
                         ok(call(cap[th],
                                 "{\"type\":\"club_protest\",\"id\":13,\"club\":%lld,"
                                 "\"round\":1,\"match\":1,\"board\":2,\"text\":\"a "
                                 "touched piece was not moved\",\"deposit\":20000}",
                                 club_id),
                            "protest");
            if (filed &&
                ok(call(dir,
                        "{\"type\":\"club_decide\",\"id\":14,\"club\":%lld,\"token\":\"%s\","
                        "\"protest\":1,\"upheld\":true,\"result\":\"%s\",\"reason\":\"the "
                        "scoresheets show %s\"}",
                        club_id, appeals, now, now),
                   "decide") &&
                ok(call(dir,
                        "{\"type\":\"club_decide\",\"id\":14,\"club\":%lld,\"token\":\"%s\","
                        "\"protest\":2,\"upheld\":false,\"reason\":\"not proven\"}",
                        club_id, appeals),
                   "decide"))
                say("  protest 1 (%s, board 1: %s) upheld: %s, deposit returned; protest 2 "
                    "rejected\n",
                    CLUBS[ta - 1], was, now);
        }
        export_round(rr, o.out, &games);
    }
    cJSON *s = snapshot();
    const cJSON *st = s ? cJSON_GetObjectItem(s, "status") : NULL;
    if (st && cJSON_IsString(st) && strcmp(st->valuestring, "finished") == 0) {
        say("\nfinal ranking (seed 004 art. 4: MP, GP, direct encounter, matches won, team SB)\n");
        say("%-5s %-13s %4s %5s %4s %4s %6s\n", "place", "team", "MP", "GP", "DE", "WIN", "SB");
        const cJSON *row;
        cJSON_ArrayForEach(row, cJSON_GetObjectItem(s, "standings"))
        {
            const cJSON *tb = cJSON_GetObjectItem(row, "tb");
            /* tb: GP, DE, WIN, SB (the ranking's tie-breaks; GP is the row's gp) */
            say("%-5d %-13s %4d %5.1f %4g %4g %6g\n",
                (int)cJSON_GetNumberValue(cJSON_GetObjectItem(row, "place")),
                cJSON_GetStringValue(cJSON_GetObjectItem(row, "name")),
                (int)cJSON_GetNumberValue(cJSON_GetObjectItem(row, "mp")),
                cJSON_GetNumberValue(cJSON_GetObjectItem(row, "gp")),
                cJSON_GetNumberValue(cJSON_GetArrayItem(tb, 1)),
                cJSON_GetNumberValue(cJSON_GetArrayItem(tb, 2)),
                cJSON_GetNumberValue(cJSON_GetArrayItem(tb, 3)));
        }
        static const char *const what[] = {"trf", "crosstable", "lineups"};
        static const char *const file[] = {"club.trf", "crosstable.txt", "lineups.txt"};
        rc = 0;
        for (int i = 0; i < 3; i++) {
            char *text = export_text(what[i]);
            snprintf(path, sizeof path, "%s/%s", o.out, file[i]);
            if (!text || !demo_write_file(path, text))
                rc = 1;
            if (i == 1 && text)
                say("\n%s", text);
            free(text);
        }
        say("\n%d games (PGN in %s/games), TRF %s/club.trf, crosstable and line-ups in %s\n", games,
            o.out, o.out, o.out);
    }
    cJSON_Delete(s);
    if (keep && rc == 0) {
        say("the server keeps running on http://127.0.0.1:%d/ (Ctrl-C ends it)\n", port);
        while (!stop_flag)
            sleep(1);
    }
out:
    bot_pool_free(pool);
    wsc_ctx_free(x);
    kill(srv, SIGTERM);
    waitpid(srv, NULL, 0);
    return rc;
}
