/* demo.c: the demo tournament driver (demo.h): server process, director connection, bot
 * pool, progress lines, final files. SPDX-License-Identifier: MIT
 * Progress comes from the server's round and standings broadcasts (T-AUTO runs the event;
 * the director only creates, registers and starts). */
#include "demo.h"

#include <cjson/cJSON.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

/* The demo's own tournament timing (issue 13): its bots join at once, so the clocks start
 * when the four are connected; a short break between games and rounds, so that the pages show
 * their countdowns without slowing the demo (the server's defaults are for people). */
#define DEMO_WAIT_S 30
#define DEMO_BREAK_S 2
#include <unistd.h>

#include "bot.h"

static const char *const team_names[] = {
    "Alfa",    "Bravo", "Charlie", "Delta",  "Echo",     "Foxtrot", "Golf",   "Hotel",  "India",
    "Juliett", "Kilo",  "Lima",    "Mike",   "November", "Oscar",   "Papa",   "Quebec", "Romeo",
    "Sierra",  "Tango", "Uniform", "Victor", "Whiskey",  "Xray",    "Yankee", "Zulu",
};

static double mono_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static long rss_kb(pid_t pid)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    long kb = -1;
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "VmRSS:", 6) == 0)
            kb = strtol(line + 6, NULL, 10);
    if (f)
        fclose(f);
    return kb;
}

pid_t demo_start_server(const demo_opts *o, const char *db, const char *log, const char *admin,
                        int *port)
{
    char portarg[16];
    snprintf(portarg, sizeof portarg, "%d", o->port);
    const char *argv[20];
    int n = 0;
    argv[n++] = o->server;
    argv[n++] = "--no-tls";
    argv[n++] = "--iface";
    argv[n++] = "127.0.0.1";
    argv[n++] = "--port";
    argv[n++] = portarg;
    argv[n++] = "--db";
    argv[n++] = db;
    argv[n++] = "--admin-token";
    argv[n++] = admin;
    if (o->web) {
        argv[n++] = "--web";
        argv[n++] = o->web;
    }
    argv[n] = NULL;
    FILE *lf = fopen(log, "w");
    if (!lf)
        return -1;
    fclose(lf);
    pid_t pid = fork();
    if (pid == 0) {
        if (!freopen(log, "a", stderr) || !freopen("/dev/null", "w", stdout))
            _exit(127);
        execv(o->server, (char *const *)argv);
        _exit(127);
    }
    for (int tries = 0; pid > 0 && tries < 1000; tries++) {
        sleep_ms(20);
        FILE *f = fopen(log, "r");
        char line[512];
        while (f && fgets(line, sizeof line, f)) {
            const char *p = strstr(line, "listening on ");
            if (p && (p = strstr(p, "127.0.0.1:")))
                *port = atoi(p + 10);
        }
        if (f)
            fclose(f);
        if (*port > 0)
            return pid;
        int st;
        if (waitpid(pid, &st, WNOHANG) == pid)
            return -1;
    }
    if (pid > 0) {
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
    }
    return -1;
}

int demo_make_dirs(const char *path)
{
    char p[700];
    if (snprintf(p, sizeof p, "%s", path) >= (int)sizeof p || !p[0]) {
        errno = ENAMETOOLONG;
        return -1;
    }
    for (char *s = strchr(p + 1, '/');; s = strchr(s + 1, '/')) {
        if (s)
            *s = '\0';
        struct stat st;
        if (mkdir(p, 0755) != 0 && (errno != EEXIST || stat(p, &st) != 0 || !S_ISDIR(st.st_mode))) {
            if (errno == EEXIST)
                errno = ENOTDIR;
            return -1;
        }
        if (!s)
            return 0;
        *s = '/';
    }
}

/* A fresh event numbers its games from 1 again: a longer earlier run's out/games/game-NNNN.bpgn
 * files would stand beside this one's under the same event name, so they go. */
static void clear_old_games(const char *out)
{
    char path[700];
    snprintf(path, sizeof path, "%s/games", out);
    DIR *dir = opendir(path);
    for (struct dirent *e; dir && (e = readdir(dir)) != NULL;) {
        size_t n = strlen(e->d_name);
        if (strncmp(e->d_name, "game-", 5) == 0 && n > 10 &&
            strcmp(e->d_name + n - 5, ".bpgn") == 0) {
            char f[1000];
            snprintf(f, sizeof f, "%s/%s", path, e->d_name);
            unlink(f);
        }
    }
    if (dir)
        closedir(dir);
}

pid_t demo_start_fresh(const demo_opts *o, const char *dbname, const char *prefix, uint64_t seed,
                       char *admin, size_t admin_len, char *log, size_t log_len, int *port)
{
    char path[800], db[700];
    snprintf(path, sizeof path, "%s/games", o->out);
    if (demo_make_dirs(path) != 0) {
        snprintf(log, log_len, "%s: %s", path, strerror(errno));
        return -1;
    }
    snprintf(db, sizeof db, "%s/%s", o->out, dbname);
    static const char *const ext[] = {"", "-wal", "-shm"};
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s%s", db, ext[i]);
        unlink(path);
    }
    snprintf(log, log_len, "%s/server.log", o->out);
    snprintf(admin, admin_len, "%s-%llx", prefix,
             (unsigned long long)seed ^ (unsigned long long)time(NULL));
    return demo_start_server(o, db, log, admin, port);
}

static double num(const cJSON *o, const char *k, double def)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    return cJSON_IsNumber(v) ? v->valuedouble : def;
}

static const char *str(const cJSON *o, const char *k)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    return cJSON_IsString(v) ? v->valuestring : "";
}

/* Standings message -> text table. */
static void format_standings(const cJSON *o, char *buf, size_t cap)
{
    size_t len = 0;
    const cJSON *tbs = cJSON_GetObjectItemCaseSensitive(o, "tiebreaks");
    len += (size_t)snprintf(buf + len, cap - len, "  %-3s %-10s %4s %5s", "#", "team", "MP", "GP");
    const cJSON *t;
    cJSON_ArrayForEach(t, tbs)
    {
        if (len < cap)
            len += (size_t)snprintf(buf + len, cap - len, " %7s", t->valuestring);
    }
    if (len < cap)
        len += (size_t)snprintf(buf + len, cap - len, "   (* prize place)\n");
    const cJSON *r;
    cJSON_ArrayForEach(r, cJSON_GetObjectItemCaseSensitive(o, "rows"))
    {
        if (len >= cap)
            break;
        len += (size_t)snprintf(buf + len, cap - len, "  %-3d %-10s %4d %5.1f",
                                (int)num(r, "place", 0), str(r, "name"), (int)num(r, "mp", 0),
                                num(r, "gp", 0));
        const cJSON *v;
        cJSON_ArrayForEach(v, cJSON_GetObjectItemCaseSensitive(r, "tb"))
        {
            if (len < cap)
                len += (size_t)snprintf(buf + len, cap - len, " %7g", v->valuedouble);
        }
        /* T-PRIZES as the pages mark it (tourdata.js rowMarks): before the final standings a
         * team on 0 MP is on no prize place yet (round 1 paired, nothing played). */
        bool prize =
            cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(r, "prize")) &&
            (num(r, "mp", 0) > 0 || cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "final")));
        /* Ties matter for places only in the final standings (T-PRIZES). */
        bool tied = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(r, "tied_next")) &&
                    cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "final"));
        /* A play-off is played only for prize places (T-PRIZES); other ties stay as they are,
         * in pairing-number order. */
        if (len < cap)
            len += (size_t)snprintf(buf + len, cap - len, "%s%s\n", prize ? "  *" : "   ",
                                    !tied   ? ""
                                    : prize ? "  = next (a play-off decides, T-ARMAGEDDON)"
                                            : "  = next (tied; not a prize place: no play-off)");
    }
}

typedef struct {
    int64_t game;
    bool printed;         /* its result line is out (play-off games: once it ended) */
    int64_t team1, team2; /* play-off games: White on board A, Black on board A */
} seen_game;

typedef struct {
    const demo_opts *o;
    demo_report *rep;
    pid_t pid;
    seen_game seen[4096];
    int nseen;
    bool final;
    int rounds_planned;
    int last_announced; /* last round whose pairings were printed */
    double t0;
    wsc *dir;        /* the director's connection, for the play-off results */
    int64_t next_id; /* next request id on it */
    bool in_call;    /* a request on dir is waiting for its reply */
    struct {
        int64_t team;
        char name[48];
    } names[DEMO_MAX_TEAMS]; /* team names from the standings rows */
    int nnames;
    /* The director's requests are paced (issue 17): a bucket of DEMO_PACE_BURST requests
     * refilled at DEMO_PACE_PER_S, under the budget a server gives any connection (20/s,
     * burst 40), so that a big field's setup never meets rate_limited, whatever the server. */
    double pace_tokens, pace_at;
    char why[320]; /* why the last request failed: its error, a violation, the closing, no reply */
} demo_state;

#define DEMO_PACE_BURST 30.0
#define DEMO_PACE_PER_S 15.0

static cJSON *call(demo_state *d, wsc *c, const char *text, int64_t id);

static const char *team_name(const demo_state *d, int64_t team)
{
    for (int i = 0; i < d->nnames; i++)
        if (d->names[i].team == team)
            return d->names[i].name;
    return "?";
}

/* Print the result of each play-off game that ended (T-ARMAGEDDON games are in no round
 * message: their results come from the director's `games` list). */
static void print_playoffs(demo_state *d)
{
    bool pending = false;
    for (int i = 0; i < d->nseen; i++)
        pending |= !d->seen[i].printed;
    if (!pending || d->in_call || !d->dir)
        return;
    char buf[64];
    int64_t id = d->next_id++;
    snprintf(buf, sizeof buf, "{\"type\":\"games\",\"id\":%lld}", (long long)id);
    d->in_call = true;
    cJSON *r = call(d, d->dir, buf, id);
    d->in_call = false;
    const cJSON *g, *list = r ? cJSON_GetObjectItemCaseSensitive(r, "games") : NULL;
    cJSON_ArrayForEach(g, list)
    {
        int64_t gid = (int64_t)num(g, "game", 0);
        for (int i = 0; i < d->nseen; i++) {
            seen_game *s = &d->seen[i];
            if (s->game != gid || s->printed || strcmp(str(g, "status"), "finished") != 0)
                continue;
            s->printed = true;
            if (!d->o->quiet)
                printf("[%6.1fs] play-off game %lld: %s %s %s (%s; White 3:00 v Black 2:00; "
                       "a draw counts for %s)\n",
                       mono_s() - d->t0, (long long)gid, team_name(d, s->team1), str(g, "result"),
                       team_name(d, s->team2), str(g, "reason"), team_name(d, s->team2));
        }
    }
    cJSON_Delete(r);
}

/* A `round` or `round_delta` push (s2c-round_delta.md), or a round of a snapshot: counts and
 * prints each game result not seen yet, and announces a round's pairing once. */
static void on_round(demo_state *d, const cJSON *o)
{
    int r = (int)num(o, "round", 0);
    const cJSON *m;
    cJSON_ArrayForEach(m, cJSON_GetObjectItemCaseSensitive(o, "matches"))
    {
        const cJSON *games = cJSON_GetObjectItemCaseSensitive(m, "games");
        const cJSON *res = cJSON_GetObjectItemCaseSensitive(m, "results");
        const cJSON *why = cJSON_GetObjectItemCaseSensitive(m, "reasons");
        for (int k = 0; k < cJSON_GetArraySize(games); k++) {
            const cJSON *g = cJSON_GetArrayItem(games, k), *x = cJSON_GetArrayItem(res, k);
            const cJSON *y = cJSON_GetArrayItem(why, k);
            if (!cJSON_IsNumber(g) || !cJSON_IsString(x))
                continue;
            int64_t id = (int64_t)g->valuedouble;
            bool found = false;
            for (int i = 0; i < d->nseen; i++)
                found |= d->seen[i].game == id;
            if (found || d->nseen == (int)(sizeof d->seen / sizeof d->seen[0]))
                continue;
            d->seen[d->nseen++] = (seen_game){id, true, 0, 0};
            d->rep->games++;
            if (!d->o->quiet)
                /* protocol/README.md "Results": the names around the score they read it by
                 * (the round's results are from team1's side: name1 first) */
                printf("[%6.1fs] round %d match %d game %d (game %lld): %s %s %s (%s)\n",
                       mono_s() - d->t0, r, (int)num(m, "match", 0) + 1, k + 1, (long long)id,
                       str(m, "name1"), x->valuestring, str(m, "name2"),
                       cJSON_IsString(y) ? y->valuestring : "");
        }
    }
    /* a pairing is announced from a whole round (a `round`, or a snapshot's round without a
     * type); a round_delta carries only the matches that changed */
    if (strcmp(str(o, "type"), "round_delta") != 0 && strcmp(str(o, "status"), "playing") == 0 &&
        !d->o->quiet) {
        int byes = 0, n = 0;
        cJSON_ArrayForEach(m, cJSON_GetObjectItemCaseSensitive(o, "matches"))
        {
            n++;
            byes += strcmp(str(m, "status"), "bye") == 0;
        }
        if (r != d->last_announced) {
            d->last_announced = r;
            printf("[%6.1fs] round %d of %d paired: %d match%s%s\n", mono_s() - d->t0, r,
                   (int)num(o, "rounds", 0), n - byes, n - byes == 1 ? "" : "es",
                   byes ? " + a bye" : "");
            cJSON_ArrayForEach(m, cJSON_GetObjectItemCaseSensitive(o, "matches"))
            {
                if (strcmp(str(m, "status"), "bye") == 0)
                    printf("           %s: bye (T-BYE)\n", str(m, "name1"));
                else
                    printf("           %s - %s\n", str(m, "name1"), str(m, "name2"));
            }
        }
    }
}

static void on_standings(demo_state *d, const cJSON *o)
{
    int r = (int)num(o, "round", 0);
    bool final = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "final"));
    if (r == 1 && d->rep->rss_round1_kb <= 0)
        d->rep->rss_round1_kb = rss_kb(d->pid);
    if (r > d->rep->rounds)
        d->rep->rounds = r;
    const cJSON *row;
    cJSON_ArrayForEach(row, cJSON_GetObjectItemCaseSensitive(o, "rows"))
    {
        int64_t team = (int64_t)num(row, "team", 0);
        int k = 0;
        while (k < d->nnames && d->names[k].team != team)
            k++;
        if (k == d->nnames && k < DEMO_MAX_TEAMS)
            d->nnames++;
        if (k < DEMO_MAX_TEAMS) {
            d->names[k].team = team;
            snprintf(d->names[k].name, sizeof d->names[k].name, "%s", str(row, "name"));
        }
    }
    print_playoffs(d); /* standings follow each play-off game: its result first */
    char buf[8192];
    format_standings(o, buf, sizeof buf);
    if (!d->o->quiet && !final) /* the final table comes once, with the summary */
        printf("[%6.1fs] standings after round %d%s:\n%s", mono_s() - d->t0, r,
               final ? " (final)" : "", buf);
    fflush(stdout);
    if (final) {
        d->final = true;
        snprintf(d->rep->standings, sizeof d->rep->standings, "%s", buf);
        d->rep->n_rows = 0;
        cJSON_ArrayForEach(row, cJSON_GetObjectItemCaseSensitive(o, "rows"))
        {
            if (d->rep->n_rows == DEMO_MAX_TEAMS)
                break;
            d->rep->team[d->rep->n_rows] = (int64_t)num(row, "team", 0);
            d->rep->mp[d->rep->n_rows] = (int)num(row, "mp", 0);
            d->rep->gp[d->rep->n_rows] = num(row, "gp", 0);
            d->rep->n_rows++;
        }
    }
}

/* An Armageddon play-off game (T-ARMAGEDDON: round 0 of assign) is in no `round` message:
 * count it from its assign (the final standings come only after the last one ends). */
static void on_assign(demo_state *d, const cJSON *o)
{
    if (num(o, "round", -1) != 0)
        return;
    int64_t id = (int64_t)num(o, "game", 0);
    for (int i = 0; i < d->nseen; i++)
        if (d->seen[i].game == id)
            return;
    if (d->nseen == (int)(sizeof d->seen / sizeof d->seen[0]))
        return;
    d->seen[d->nseen++] =
        (seen_game){id, false, (int64_t)num(o, "team1", 0), (int64_t)num(o, "team2", 0)};
    d->rep->games++;
    if (!d->o->quiet)
        printf("[%6.1fs] play-off game %lld (T-ARMAGEDDON): %s - %s\n", mono_s() - d->t0,
               (long long)id, team_name(d, (int64_t)num(o, "team1", 0)),
               team_name(d, (int64_t)num(o, "team2", 0)));
}

static void handle(demo_state *d, const cJSON *e)
{
    const char *type = e ? str(e, "type") : "";
    if (strcmp(type, "round") == 0 || strcmp(type, "round_delta") == 0)
        on_round(d, e);
    else if (strcmp(type, "assign") == 0)
        on_assign(d, e);
    else if (strcmp(type, "standings") == 0)
        on_standings(d, e);
}

/* Send a request and wait for its reply (same id); NULL on timeout. Other messages (round,
 * standings) are handled on the way. */
static cJSON *call(demo_state *d, wsc *c, const char *text, int64_t id)
{
    double now = mono_s();
    if (d->pace_at == 0) {
        d->pace_tokens = DEMO_PACE_BURST;
        d->pace_at = now;
    }
    d->pace_tokens += (now - d->pace_at) * DEMO_PACE_PER_S;
    if (d->pace_tokens > DEMO_PACE_BURST)
        d->pace_tokens = DEMO_PACE_BURST;
    d->pace_at = now;
    if (d->pace_tokens < 1.0) { /* wait for the next token */
        double wait = (1.0 - d->pace_tokens) / DEMO_PACE_PER_S;
        struct timespec ts = {(time_t)wait, (long)((wait - (double)(time_t)wait) * 1e9)};
        nanosleep(&ts, NULL);
        d->pace_tokens = 1.0;
        d->pace_at = mono_s();
    }
    d->pace_tokens -= 1.0;
    d->why[0] = '\0';
    wsc_send(c, text);
    for (int i = 0; i < 500; i++) {
        char *m = wsc_recv(c, 20);
        if (!m) {
            if (wsc_closed(c)) {
                snprintf(d->why + strlen(d->why), sizeof d->why - strlen(d->why),
                         "%sthe server closed the connection (%s)", d->why[0] ? "; " : "",
                         wsc_close_reason(c) ? wsc_close_reason(c) : "no reason");
                return NULL;
            }
            continue;
        }
        cJSON *o = cJSON_Parse(m);
        free(m);
        const cJSON *v = o ? cJSON_GetObjectItemCaseSensitive(o, "id") : NULL;
        bool err = o && strcmp(str(o, "type"), "error") == 0;
        if (err && (!v || (cJSON_IsNumber(v) && (int64_t)v->valuedouble == id)))
            snprintf(d->why, sizeof d->why, "the server answered %s%s%s%s%s", str(o, "code"),
                     str(o, "field")[0] ? " (field " : "", str(o, "field"),
                     str(o, "field")[0] ? ")" : "", str(o, "message")[0] ? ": " : "");
        if (err && str(o, "message")[0])
            snprintf(d->why + strlen(d->why), sizeof d->why - strlen(d->why), "%s",
                     str(o, "message"));
        if (cJSON_IsNumber(v) && (int64_t)v->valuedouble == id)
            return o;
        handle(d, o);
        cJSON_Delete(o);
    }
    snprintf(d->why + strlen(d->why), sizeof d->why - strlen(d->why), "%sno reply within 10 s",
             d->why[0] ? "; " : "");
    return NULL;
}

/* The reason a setup step failed: its error reply, else what call() saw. */
static const char *why_failed(demo_state *d, const cJSON *r)
{
    if (r && strcmp(str(r, "type"), "error") != 0 && !d->why[0])
        snprintf(d->why, sizeof d->why, "an unexpected reply (%s)", str(r, "type"));
    return d->why[0] ? d->why : "no reply";
}

bool demo_write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    bool ok = fputs(text, f) >= 0;
    return fclose(f) == 0 && ok;
}

/* The text of an export reply to request json (id), or NULL; caller frees. */
/* The director's connection again after the server closed it (a reader too slow for its
 * queue, as a loaded machine makes this one process of many bots): a new connection signs
 * in and catches up from the snapshot, every paired round and the standings (games already
 * counted are not counted again). NULL if it cannot. */
static wsc *redial(demo_state *d, wsc_ctx *x, const wsc_opts *wo, const char *admin, int64_t tid,
                   int64_t *id)
{
    wsc *c = wsc_connect(x, wo, 3000);
    if (!c)
        return NULL;
    char buf[256];
    snprintf(buf, sizeof buf, "{\"type\":\"auth\",\"id\":%lld,\"token\":\"%s\"}", (long long)*id,
             admin);
    cJSON *r = call(d, c, buf, (*id)++);
    bool ok = r && strcmp(str(r, "role"), "director") == 0;
    cJSON_Delete(r);
    snprintf(buf, sizeof buf, "{\"type\":\"tournament_get\",\"id\":%lld,\"tournament\":%lld}",
             (long long)*id, (long long)tid);
    r = ok ? call(d, c, buf, (*id)++) : NULL;
    if (!r || strcmp(str(r, "type"), "tournament") != 0) {
        cJSON_Delete(r);
        wsc_free(c);
        return NULL;
    }
    const cJSON *rd;
    cJSON_ArrayForEach(rd, cJSON_GetObjectItemCaseSensitive(r, "history"))
    {
        on_round(d, rd);
    }
    const cJSON *st = cJSON_GetObjectItemCaseSensitive(r, "standings");
    if (cJSON_IsObject(st))
        on_standings(d, st);
    cJSON_Delete(r);
    return c;
}

static char *export_text(demo_state *d, wsc *dir, const char *json, int64_t id)
{
    cJSON *r = call(d, dir, json, id);
    const cJSON *t = r ? cJSON_GetObjectItemCaseSensitive(r, "text") : NULL;
    char *text = cJSON_IsString(t) ? strdup(t->valuestring) : NULL;
    cJSON_Delete(r);
    return text;
}

/* Write games/game-<id>.bpgn of every finished game and tournament.trf through the director's
 * connection (the protocol's games and export), while the server runs. 0, or -1 if a reply
 * is missing; *ngames gets the games written. */
static int dump_files(demo_state *d, wsc *dir, int64_t tid, const char *out, int *ngames)
{
    char path[700], buf[160];
    snprintf(path, sizeof path, "%s/games", out);
    mkdir(path, 0755);
    *ngames = 0;
    int64_t id = d->next_id++;
    snprintf(buf, sizeof buf, "{\"type\":\"games\",\"id\":%lld}", (long long)id);
    cJSON *r = call(d, dir, buf, id);
    const cJSON *g, *list = r ? cJSON_GetObjectItemCaseSensitive(r, "games") : NULL;
    int rc = list ? 0 : -1, nreq = 1;
    cJSON_ArrayForEach(g, list)
    {
        if (strcmp(str(g, "status"), "finished") != 0)
            continue;
        long long gid = (long long)num(g, "game", 0);
        /* The server's rate limit (net.h: 40 messages at once, then 20 a second; more closes
         * the connection as a flood): past the first 30 requests, one per 60 ms. */
        if (++nreq > 30)
            sleep_ms(60);
        id = d->next_id++;
        /* Engine teams talk to their partners: their games carry the partner chat as
         * comments ({[%chat WhiteB 61.5] ...}, c2s-export.md; the director may ask for it). */
        snprintf(buf, sizeof buf,
                 "{\"type\":\"export\",\"id\":%lld,\"format\":\"bpgn\","
                 "\"game\":%lld%s}",
                 (long long)id, gid, d->o->ncecp ? ",\"chat\":true" : "");
        char *text = export_text(d, dir, buf, id);
        snprintf(path, sizeof path, "%s/games/game-%04lld.bpgn", out, gid);
        if (text && demo_write_file(path, text))
            (*ngames)++;
        else
            rc = -1;
        free(text);
    }
    cJSON_Delete(r);
    id = d->next_id++;
    snprintf(buf, sizeof buf,
             "{\"type\":\"export\",\"id\":%lld,\"format\":\"trf\","
             "\"tournament\":%lld}",
             (long long)id, (long long)tid);
    char *trf = export_text(d, dir, buf, id);
    snprintf(path, sizeof path, "%s/tournament.trf", out);
    if (!trf || !demo_write_file(path, trf))
        rc = -1;
    free(trf);
    return rc;
}

static void print_end(const demo_opts *o, const demo_report *rep, int n)
{
    if (o->quiet)
        return;
    printf("\nfinal standings (%d rounds, %d games, %.1f s wall):\n%s", rep->rounds, rep->games,
           rep->wall_s, rep->standings);
    printf("MP match points (T-SCORE), GP game points; tie-breaks (T-TIEBREAK): DE direct "
           "encounter, BH-C1 Buchholz Cut-1, PO Armageddon play-off wins; * prize place\n");
    printf("BPGN of all %d games: %s/games/*.bpgn\n", n, o->out);
    printf("TRF of the tournament: %s/tournament.trf\n", o->out);
    printf("server memory: VmRSS %ld kB after round 1, %ld kB at the end\n", rep->rss_round1_kb,
           rep->rss_end_kb);
    fflush(stdout);
}

int demo_run(const demo_opts *o, demo_report *rep)
{
    memset(rep, 0, sizeof *rep);
    if (o->teams < 2 || o->teams > DEMO_MAX_TEAMS) {
        fprintf(stderr, "demo: --teams wants 2..%d\n", DEMO_MAX_TEAMS);
        return -1;
    }
    if (demo_make_dirs(o->out) != 0) {
        perror(o->out);
        return -1;
    }
    char db[560], log[560], admin[64];
    snprintf(db, sizeof db, "%s/demo.db", o->out);
    snprintf(log, sizeof log, "%s/server.log", o->out);
    snprintf(rep->db, sizeof rep->db, "%s", db);
    /* A fresh event: the database of an earlier run is moved aside, never reused. */
    char old[600];
    snprintf(old, sizeof old, "%s.old", db);
    rename(db, old);
    snprintf(old, sizeof old, "%s-wal", db);
    unlink(old);
    snprintf(old, sizeof old, "%s-shm", db);
    unlink(old);
    clear_old_games(o->out);
    snprintf(admin, sizeof admin, "demo-director-%llx-%d", (unsigned long long)o->seed,
             (int)getpid());
    demo_state d = {.o = o, .rep = rep, .t0 = mono_s()};
    d.pid = demo_start_server(o, db, log, admin, &rep->port);
    if (d.pid < 0) {
        fprintf(stderr, "demo: the server did not start (see %s)\n", log);
        return -1;
    }
    int rc = -1, ndumped = 0;
    wsc_ctx *x = wsc_ctx_new();
    bot_pool *bots = NULL, *ebots[DEMO_MAX_ENGINES] = {NULL};
    wsc_opts wo = {.host = "127.0.0.1", .port = rep->port, .tls = false};
    wsc *dir = x ? wsc_connect(x, &wo, 3000) : NULL;
    if (!dir) {
        fprintf(stderr,
                "demo: the director could not connect to the server on 127.0.0.1:%d "
                "within 3 s (server log: %s)\n",
                rep->port, log);
        goto done;
    }
    if (!o->quiet) {
        printf("server: pid %d, log %s, database %s (--no-tls on 127.0.0.1)\n", (int)d.pid, log,
               db);
        printf("spectators:         http://127.0.0.1:%d/watch.html  (all pages: /)\n", rep->port);
        printf("director dashboard: http://127.0.0.1:%d/director.html  (token %s)\n", rep->port,
               admin);
    }
    char buf[1024];
    int64_t id = 1;
    snprintf(buf, sizeof buf, "{\"type\":\"auth\",\"id\":%lld,\"token\":\"%s\"}", (long long)id,
             admin);
    const char *step = "auth as the director";
    char stepbuf[96];
    cJSON *r = call(&d, dir, buf, id++);
    if (!r || strcmp(str(r, "role"), "director") != 0)
        goto fail_r;
    cJSON_Delete(r);
    char rounds[32] = "";
    if (o->rounds > 0)
        snprintf(rounds, sizeof rounds, ",\"rounds\":%d", o->rounds);
    snprintf(buf, sizeof buf,
             "{\"type\":\"tournament_create\",\"id\":%lld,\"name\":\"Demo Swiss\",\"base_ms\":%d,"
             "\"inc_ms\":%d,\"ruleset\":\"%s\"%s,\"wait_s\":%d,\"break_s\":%d}",
             (long long)id, o->base_ms, o->inc_ms, o->ruleset ? o->ruleset : "regulation", rounds,
             DEMO_WAIT_S, DEMO_BREAK_S);
    step = "tournament_create";
    r = call(&d, dir, buf, id++);
    int64_t tid = r ? (int64_t)num(r, "tournament", 0) : 0;
    if (!tid)
        goto fail_r;
    cJSON_Delete(r);
    bot_opts bo = {.server = wo,
                   .pace_ms = o->pace_ms,
                   .seed = o->seed ? o->seed : 42,
                   .uci = o->uci,
                   .movetime_ms = o->movetime_ms};
    bots = bot_pool_new(x, &bo);
    for (int e = 0; e < o->ncecp && e < DEMO_MAX_ENGINES; e++) {
        bot_opts eo = bo;
        eo.uci = NULL;
        eo.cecp = o->cecp[e];
        ebots[e] = bot_pool_new(x, &eo);
    }
    int engine_teams = o->ncecp > 0 ? (o->engine_teams > 0 ? o->engine_teams : o->teams) : 0;
    for (int i = 0; i < o->teams; i++) {
        const char *nm = team_names[i % (int)(sizeof team_names / sizeof team_names[0])];
        char name[40];
        if (i < (int)(sizeof team_names / sizeof team_names[0]))
            snprintf(name, sizeof name, "%s", nm);
        else
            snprintf(name, sizeof name, "%s-%d", nm, i);
        int rc_ = 2150 - 40 * i + (i % 3) * 25, rp = 1950 - 30 * i + (i % 2) * 40;
        snprintf(buf, sizeof buf,
                 "{\"type\":\"team_register\",\"id\":%lld,\"tournament\":%lld,\"name\":\"%s\","
                 "\"players\":[\"%s.captain\",\"%s.partner\"],\"ratings\":[%d,%d]}",
                 (long long)id, (long long)tid, name, name, name, rc_, rp);
        snprintf(stepbuf, sizeof stepbuf, "team_register of team %d of %d (%s)", i + 1, o->teams,
                 name);
        step = stepbuf;
        r = call(&d, dir, buf, id++);
        const char *tok = r ? str(r, "token") : "";
        if (!tok[0])
            goto fail_r;
        const char *engine = i < engine_teams ? o->cecp[i % o->ncecp] : NULL;
        if (!o->quiet)
            printf("team %-9s ratings %d/%d registered (team id %lld)%s%s\n", name, rc_, rp,
                   (long long)num(r, "team", 0), engine ? ", played by the engine " : "",
                   engine ? engine : "");
        bot_pool_add_team(engine ? ebots[i % o->ncecp] : bots, tok);
        cJSON_Delete(r);
    }
    snprintf(buf, sizeof buf, "{\"type\":\"tournament_start\",\"id\":%lld,\"tournament\":%lld}",
             (long long)id, (long long)tid);
    step = "tournament_start";
    r = call(&d, dir, buf, id++);
    if (!r || strcmp(str(r, "type"), "tournament") != 0)
        goto fail_r;
    d.rounds_planned = (int)num(r, "rounds", 0);
    if (!o->quiet)
        printf("tournament %lld started: %d teams, %d rounds, %s%s, %d+%d ms, ruleset %s, %s "
               "bots\n",
               (long long)tid, o->teams, d.rounds_planned, str(r, "format"),
               cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(r, "fallback"))
                   ? " (T-ROUNDS: too few teams for a rematch-free Swiss: round robin)"
                   : "",
               o->base_ms, o->inc_ms, str(r, "ruleset"),
               o->ncecp ? (engine_teams < o->teams ? "CECP engine and random" : "CECP engine")
               : o->uci ? "UCI"
                        : "random");
    cJSON_Delete(r);
    r = NULL;
    d.dir = dir;
    d.next_id = id;
    double limit =
        o->timeout_s > 0
            ? o->timeout_s
            : d.rounds_planned * 2.0 * (2.0 * o->base_ms / 1000.0 + 10 + o->inc_ms / 1000.0 * 150) +
                  60;
    bool stopped = false;
    int redials = 0;
    while (!d.final && mono_s() - d.t0 < limit && !(stopped = o->stop && *o->stop)) {
        wsc_pump(x, 5);
        bot_pool_step(bots);
        for (int e = 0; e < o->ncecp; e++)
            bot_pool_step(ebots[e]);
        char *m;
        while ((m = wsc_recv(dir, 0)) != NULL) {
            cJSON *e = cJSON_Parse(m);
            free(m);
            handle(&d, e);
            cJSON_Delete(e);
        }
        if (wsc_closed(dir)) {
            fprintf(stderr, "demo: the server closed the director's connection (%s)%s\n",
                    wsc_close_reason(dir) ? wsc_close_reason(dir) : "no reason",
                    redials < 3 ? ": connecting again" : "");
            wsc *again = redials++ < 3 ? redial(&d, x, &wo, admin, tid, &id) : NULL;
            if (!again)
                break;
            wsc_free(dir);
            d.dir = dir = again;
        }
    }
    rep->wall_s = mono_s() - d.t0;
    rep->rss_end_kb = rss_kb(d.pid);
    if (!d.final) {
        if (stopped)
            fprintf(stderr,
                    "demo: stopped by a signal during round %d of %d; the server's "
                    "database (every game so far) is %s\n",
                    d.last_announced, d.rounds_planned, db);
        else if (!wsc_closed(dir))
            fprintf(stderr, "demo: the tournament did not finish within %.0f s\n", limit);
        goto done;
    }
    rc = dump_files(&d, dir, tid, o->out, &ndumped); /* the event is over: its files */
    if (o->keep_until) {
        print_end(o, rep, ndumped);
        printf("\nThe server keeps running for the browser: http://127.0.0.1:%d/ "
               "(Ctrl-C stops it).\n",
               rep->port);
        fflush(stdout);
        while (!*o->keep_until && !wsc_closed(dir)) {
            wsc_pump(x, 100);
            bot_pool_step(bots);
            for (int e = 0; e < o->ncecp; e++)
                bot_pool_step(ebots[e]);
            char *m;
            while ((m = wsc_recv(dir, 0)) != NULL)
                free(m);
        }
        rep->ok = rc == 0;
    }
    goto done;
fail_r:
    fprintf(stderr, "demo: the director's setup failed at %s: %s (server log: %s)\n", step,
            why_failed(&d, r), log);
    cJSON_Delete(r);
done:
    bot_pool_free(bots);
    for (int e = 0; e < DEMO_MAX_ENGINES; e++)
        bot_pool_free(ebots[e]);
    wsc_free(dir);
    wsc_ctx_free(x);
    kill(d.pid, SIGTERM);
    int st = 0;
    waitpid(d.pid, &st, 0);
    rep->server_exit = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    if (rc == 0 && !o->keep_until) {
        rep->ok = true;
        print_end(o, rep, ndumped);
    }
    return rc;
}
