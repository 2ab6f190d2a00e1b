/* test_demo_e2e.c: the demo's end-to-end test. A short demo (6 bot teams, 3 rounds, 10-second
 * clocks, random bots at a fast pace) runs to the end by T-AUTO against a real
 * bughouse-server; then, from the database the server left:
 *   - every tournament game is finished with a result, none by an illegal move (the bots'
 *     moves are legal in the server's position), and its BPGN replays through the game
 *     model (bpgn_import) to the same team result;
 *   - each round has two games per pairing and none for a bye;
 *   - the standings recomputed with the tourney module from the stored game results (a new
 *     tournament fed the same pairings and those results) equal the final standings the server
 *     broadcast, row by row (team, match points, game points);
 *   - no two teams met twice (T-PAIR: no rematch);
 *   - the server's VmRSS at the end is within MEM_BOUND_KB of its VmRSS after round 1;
 *   - each round game's result names the same winner in the server log, the
 *     demo's console, the stored result, the BPGN and the exported TRF (one_result_everywhere).
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

#include "bh.h"
#include "bh_test.h"
#include "bpgn.h"
#include "demo.h"
#include "game.h"
#include "store.h"
#include "store_tour.h"
#include "swiss.h"
#include "tb.h"
#include "tour.h"
#include "trf.h"

/* Growth allowed from the end of round 1 to the end (two more rounds, 12 more games): the
 * finished games stay in memory (their state is served on join), the allocator and, under
 * ASan, the quarantine (capped at 16 MB below) keep freed memory. */
#define MEM_BOUND_KB (40 * 1024)

#define MAXG 256

typedef struct {
    char *trf;
    char *teams;
    int ntour;
    store_tgame tg[MAXG];
    int ntg;
    struct {
        int64_t id;
        int status;
        char result[8];
        char reason[24];
        char *bpgn;
    } g[MAXG];
    int ng;
} db_dump;

static int on_tour(void *ctx, const store_tour *t)
{
    db_dump *d = ctx;
    d->ntour++;
    free(d->trf);
    free(d->teams);
    d->trf = t->trf ? strdup(t->trf) : NULL;
    d->teams = t->teams ? strdup(t->teams) : NULL;
    return 0;
}

static int on_tgame(void *ctx, const store_tgame *g)
{
    db_dump *d = ctx;
    if (d->ntg < MAXG)
        d->tg[d->ntg++] = *g;
    return 0;
}

static int on_game(void *ctx, const store_game *g)
{
    db_dump *d = ctx;
    if (d->ng == MAXG)
        return 0;
    d->g[d->ng].id = g->id;
    d->g[d->ng].status = g->status;
    snprintf(d->g[d->ng].result, sizeof d->g[d->ng].result, "%s", g->result ? g->result : "");
    snprintf(d->g[d->ng].reason, sizeof d->g[d->ng].reason, "%s", g->reason ? g->reason : "");
    d->g[d->ng].bpgn = g->bpgn ? strdup(g->bpgn) : NULL;
    d->ng++;
    return 0;
}

static int game_index(const db_dump *d, int64_t id)
{
    for (int i = 0; i < d->ng; i++)
        if (d->g[i].id == id)
            return i;
    return -1;
}

/* The whole file at path (NUL-terminated; caller frees), or NULL. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t n = 0, cap = 4096;
    char *s = malloc(cap);
    for (size_t k; s && (k = fread(s + n, 1, cap - n - 1, f)) > 0;) {
        n += k;
        if (n + 1 == cap && !(s = realloc(s, cap *= 2)))
            break;
    }
    fclose(f);
    if (s)
        s[n] = '\0';
    return s;
}

/* The winner of "<name1> <result> <name2> (" that follows `after` in text: name1, name2 or
 * "draw" into win (empty when not found); the result token into res; the names into t1, t2. */
static void winner_after(const char *text, const char *after, char win[64], char res[8],
                         char t1[64], char t2[64])
{
    win[0] = res[0] = t1[0] = t2[0] = '\0';
    const char *p = text ? strstr(text, after) : NULL;
    if (!p)
        return;
    p += strlen(after);
    const char *eol = strchr(p, '\n');
    static const char *const toks[] = {" 1-0 ", " 0-1 ", " 1/2-1/2 "};
    for (int i = 0; i < 3; i++) {
        const char *r = strstr(p, toks[i]);
        const char *close = r ? strstr(r + strlen(toks[i]), " (") : NULL;
        if (!r || !close || (eol && close > eol))
            continue;
        snprintf(t1, 64, "%.*s", (int)(r - p), p);
        snprintf(res, 8, "%.*s", (int)strlen(toks[i]) - 2, toks[i] + 1);
        const char *n2 = r + strlen(toks[i]);
        snprintf(t2, 64, "%.*s", (int)(close - n2), n2);
        snprintf(win, 64, "%s", i == 0 ? t1 : i == 1 ? t2 : "draw");
        return;
    }
}

/* Issue 13 item 6: one game's result, written one way, read from every place it is shown:
 * the server log ("hub: game N ended: <seat team 1> R <seat team 2> (...)"), the demo's
 * console ("(game N): <team1 of the round> R <team2> (...)": the round's side), the stored
 * result (seats' notation), the BPGN's Winner tag, and the TRF export the demo wrote
 * (tournament.trf, read back: the game's digit, by team ids). Each names the same winner. */
static void one_result_everywhere(const char *dir, const char *console, const db_dump *d)
{
    char path[128];
    snprintf(path, sizeof path, "%s/server.log", dir);
    char *log = slurp(path);
    snprintf(path, sizeof path, "%s/tournament.trf", dir);
    char *trf = slurp(path);
    tour *t = NULL;
    int line = 0;
    CHECK_MSG(log && console, "server log or console missing");
    CHECK_EQ_INT("exported TRF imports", BH_OK, trf ? trf_import(trf, &t, &line) : -1);
    int checked = 0;
    for (int i = 0; t && log && console && i < d->ntg; i++) {
        const store_tgame *tg = &d->tg[i];
        int k = game_index(d, tg->game);
        if (tg->round == 0 || k < 0) /* play-off games are in no round */
            continue;
        char key[64], wl[64], rl[8], s1[64], s2[64], wc[64], rc[8], c1[64], c2[64];
        snprintf(key, sizeof key, "hub: game %lld ended: ", (long long)tg->game);
        winner_after(log, key, wl, rl, s1, s2);
        snprintf(key, sizeof key, "(game %lld): ", (long long)tg->game);
        winner_after(console, key, wc, rc, c1, c2);
        const tour_match *m = tour_round_match(t, tg->round, tg->match);
        const tour_team *ta = m ? tour_team_get(t, m->a) : NULL,
                        *tb = m ? tour_team_get(t, m->b) : NULL;
        int gr = m ? m->game[tg->game_no] : -1;
        const char *wt = !ta || !tb           ? "?"
                         : gr == TOUR_G_WIN_A ? ta->name
                         : gr == TOUR_G_WIN_B ? tb->name
                         : gr == TOUR_G_DRAW  ? "draw"
                                              : "?";
        const char *res = d->g[k].result;
        const char *ws = !strcmp(res, "1-0") ? s1 : !strcmp(res, "0-1") ? s2 : "draw";
        bpgn_game bg;
        if (d->g[k].bpgn && bpgn_parse(d->g[k].bpgn, strlen(d->g[k].bpgn), &bg, NULL) == BH_OK) {
            const char *w = bpgn_get_tag(&bg, "Winner");
            const char *wb = !w                            ? "?"
                             : !strcmp(w, "WhiteA+BlackB") ? s1
                             : !strcmp(w, "BlackA+WhiteB") ? s2
                                                           : "draw";
            CHECK_MSG(!strcmp(wb, wl), "game %lld: BPGN Winner %s (%s), log %s",
                      (long long)tg->game, w ? w : "none", wb, wl);
            bpgn_game_fini(&bg);
        }
        CHECK_MSG(wl[0] && !strcmp(rl, res), "game %lld: log \"%s %s %s\", stored %s",
                  (long long)tg->game, s1, rl, s2, res);
        CHECK_MSG(!strcmp(wl, ws), "game %lld: log winner %s, stored result names %s",
                  (long long)tg->game, wl, ws);
        CHECK_MSG(wc[0] && !strcmp(wc, wl), "game %lld: console \"%s %s %s\" (winner %s), log %s",
                  (long long)tg->game, c1, rc, c2, wc, wl);
        CHECK_MSG(!strcmp(wt, wl), "game %lld: TRF winner %s, log %s", (long long)tg->game, wt, wl);
        checked++;
    }
    CHECK_MSG(checked >= 12, "only %d games compared", checked);
    tour_free(t);
    free(trf);
    free(log);
}

static void e2e(void)
{
    const char *bin = getenv("BH_SERVER");
    if (!bin) {
        CHECK_MSG(0, "BH_SERVER is not set");
        return;
    }
    /* Keep the ASan quarantine small so VmRSS shows what the server keeps, not what it
     * freed recently (a no-op in builds without ASan). */
    char asan[256];
    const char *prev = getenv("ASAN_OPTIONS");
    snprintf(asan, sizeof asan, "%s%squarantine_size_mb=16", prev ? prev : "", prev ? ":" : "");
    setenv("ASAN_OPTIONS", asan, 1);
    char dir[64] = "/tmp/bh_e2e_XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK_MSG(0, "mkdtemp failed");
        return;
    }
    demo_opts o = {.server = bin,
                   .web = NULL,
                   .out = dir,
                   .port = 0,
                   .teams = 6,
                   .rounds = 3,
                   .base_ms = 10000,
                   .inc_ms = 0,
                   .ruleset = "regulation",
                   .pace_ms = 40,
                   .seed = 7,
                   .quiet = false, /* its console lines are a place results are read */
                   .timeout_s = 150};
    demo_report rep;
    char console_path[96];
    snprintf(console_path, sizeof console_path, "%s/console.txt", dir);
    /* an earlier, longer run's game file: the fresh event's games are numbered from 1 again,
     * so the demo removes it rather than list it among this event's */
    char stale[128];
    snprintf(stale, sizeof stale, "%s/games", dir);
    mkdir(stale, 0755);
    snprintf(stale, sizeof stale, "%s/games/game-9999.bpgn", dir);
    FILE *sf = fopen(stale, "w");
    if (sf)
        fclose(sf);
    fflush(stdout);
    int saved = dup(STDOUT_FILENO), fd = open(console_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (saved >= 0 && fd >= 0)
        dup2(fd, STDOUT_FILENO);
    if (fd >= 0)
        close(fd);
    int rc = demo_run(&o, &rep);
    fflush(stdout);
    if (saved >= 0) {
        dup2(saved, STDOUT_FILENO);
        close(saved);
    }
    char *console = slurp(console_path);
    if (getenv("BH_E2E_VERBOSE") && console)
        fputs(console, stderr);
    CHECK_EQ_INT("demo ran to the end", 0, rc);
    CHECK_MSG(access(stale, F_OK) != 0, "an earlier run's %s is still there", stale);
    CHECK_EQ_INT("rounds", 3, rep.rounds);
    CHECK_EQ_INT("standings rows", 6, rep.n_rows);
    /* A clean shutdown on SIGTERM; under ASan also no leak (LeakSanitizer fails the exit). */
    CHECK_EQ_INT("server exit status", 0, rep.server_exit);
    fprintf(stderr, "e2e: %d games in %.1f s; VmRSS %ld kB after round 1, %ld kB at the end\n",
            rep.games, rep.wall_s, rep.rss_round1_kb, rep.rss_end_kb);
    if (rc != 0)
        goto out;

    db_dump *d = calloc(1, sizeof *d);
    store *st = NULL;
    CHECK_EQ_INT("store_open", BH_OK, store_open(rep.db, &st));
    if (!st) {
        free(d);
        goto out;
    }
    CHECK_EQ_INT("tour_init", BH_OK, store_tour_init(st));
    CHECK_EQ_INT("each_tour", BH_OK, store_each_tour(st, on_tour, d));
    CHECK_EQ_INT("each_tgame", BH_OK, store_each_tgame(st, on_tgame, d));
    CHECK_EQ_INT("each_game", BH_OK, store_each_game(st, on_game, d));
    store_close(st);
    CHECK_EQ_INT("one tournament", 1, d->ntour);

    tour *t1 = NULL;
    int line = 0;
    CHECK_EQ_INT("stored TRF imports", BH_OK, d->trf ? trf_import(d->trf, &t1, &line) : -1);
    if (!t1)
        goto free_d;
    int n = tour_n_teams(t1);
    CHECK_EQ_INT("teams", 6, n);
    CHECK_EQ_INT("rounds paired", 3, tour_n_rounds(t1));
    /* team map "<fallback> <hub team id by tour id>" */
    int64_t map[DEMO_MAX_TEAMS + 1] = {0};
    char *p = d->teams, *end;
    strtol(p, &end, 10);
    for (int i = 1; i <= n; i++, p = end)
        map[i] = strtoll(end, &end, 10);

    /* Every game: finished, a result, its BPGN replays to the same team result. */
    int expected_games = 0;
    for (int r = 1; r <= tour_n_rounds(t1); r++)
        for (int mi = 0; mi < tour_round_size(t1, r); mi++)
            expected_games += tour_round_match(t1, r, mi)->b ? 2 : 0;
    expected_games += tour_n_playoffs(t1); /* T-ARMAGEDDON games of ties on prize places */
    CHECK_EQ_INT("tournament games stored", expected_games, d->ntg);
    /* The director counts the games of the round messages and the play-off games from their
     * assign (demo.c on_assign), so every game once. */
    CHECK_EQ_INT("games seen by the director", expected_games, rep.games);
    int replayed = 0;
    for (int i = 0; i < d->ntg; i++) {
        int k = game_index(d, d->tg[i].game);
        CHECK_MSG(k >= 0, "game %lld missing", (long long)d->tg[i].game);
        if (k < 0)
            continue;
        CHECK_EQ_INT("finished", STORE_FINISHED, d->g[k].status);
        const char *res = d->g[k].result;
        CHECK_MSG(!strcmp(res, "1-0") || !strcmp(res, "0-1") || !strcmp(res, "1/2-1/2"),
                  "game %lld result \"%s\"", (long long)d->g[k].id, res);
        /* The regulation ruleset: an illegal move would lose the game (P-ILLEGAL). The bots
         * only send moves legal in the server's position, so no game ends that way. */
        CHECK_MSG(strcmp(d->g[k].reason, "illegal") != 0, "game %lld: a bot moved illegally",
                  (long long)d->g[k].id);
        bpgn_game bg;
        CHECK_MSG(d->g[k].bpgn != NULL, "game %lld has no BPGN", (long long)d->g[k].id);
        if (!d->g[k].bpgn)
            continue;
        int prc = bpgn_parse(d->g[k].bpgn, strlen(d->g[k].bpgn), &bg, NULL);
        CHECK_EQ_INT("bpgn_parse", BH_OK, prc);
        if (prc != BH_OK)
            continue;
        game *g = NULL;
        size_t bad = 0;
        int irc = bpgn_import(&bg, NULL, 0, &g, &bad);
        CHECK_MSG(irc == BH_OK, "game %lld: bpgn_import %s at item %zu", (long long)d->g[k].id,
                  bh_errname(irc), bad);
        if (irc != BH_OK) /* the record, to reproduce the replay */
            fprintf(stderr, "%s\n", d->g[k].bpgn);
        if (g) {
            const game_result *gr = game_get_result(g);
            int w = gr ? gr->winner : -1;
            const char *want = w == GAME_TEAM_1 ? "1-0" : w == GAME_TEAM_2 ? "0-1" : "1/2-1/2";
            CHECK_MSG(gr && strcmp(want, res) == 0, "game %lld: replayed %s, stored %s",
                      (long long)d->g[k].id, gr ? want : "(not over)", res);
            replayed += gr != NULL;
            game_free(g);
        }
        bpgn_game_fini(&bg);
    }
    CHECK_EQ_INT("games replayed", expected_games, replayed);
    one_result_everywhere(dir, console, d);

    /* Recompute the standings from the stored results: same teams and pairings, results from
     * the games table only. */
    tour *t2 = tour_new(tour_rules(t1));
    for (int i = 1; i <= n; i++) {
        const tour_team *tt = tour_team_get(t1, i);
        int id;
        tour_add_team(t2, tt->name, tt->captain, tt->partner, tt->rating_captain,
                      tt->rating_partner, &id);
    }
    CHECK_EQ_INT("t2 start", BH_OK, tour_start(t2, NULL));
    for (int r = 1; r <= tour_n_rounds(t1); r++) {
        int nm = tour_round_size(t1, r);
        tour_match ms[DEMO_MAX_TEAMS];
        for (int mi = 0; mi < nm; mi++) {
            ms[mi] = *tour_round_match(t1, r, mi);
            memset(ms[mi].game, 0, sizeof ms[mi].game);
        }
        CHECK_EQ_INT("t2 round", BH_OK, tour_add_round(t2, ms, nm));
        for (int i = 0; i < d->ntg; i++) {
            const store_tgame *tg = &d->tg[i];
            int k = game_index(d, tg->game);
            if (tg->round != r || k < 0)
                continue;
            const tour_match *m = tour_round_match(t1, r, tg->match);
            bool team1_is_a = tg->team1 == map[m->a];
            const char *res = d->g[k].result;
            int g = TOUR_G_DRAW;
            if (!strcmp(res, "1-0"))
                g = team1_is_a ? TOUR_G_WIN_A : TOUR_G_WIN_B;
            else if (!strcmp(res, "0-1"))
                g = team1_is_a ? TOUR_G_WIN_B : TOUR_G_WIN_A;
            CHECK_EQ_INT("t2 set", BH_OK, tour_set_game(t2, r, tg->match, tg->game_no, g));
            CHECK_EQ_INT("stored TRF has the game's result", g, m->game[tg->game_no]);
        }
        CHECK_MSG(tour_round_complete(t2, r), "round %d incomplete from stored results", r);
    }
    /* The Armageddon play-off games (round 0; match = the tour id of Black's team): White's
     * team wins with 1-0, Black's team otherwise (a draw counts for Black, T-ARMAGEDDON). */
    for (int i = 0; i < d->ntg; i++) {
        const store_tgame *tg = &d->tg[i];
        int k = game_index(d, tg->game), white = 0;
        for (int id = 1; id <= n; id++)
            white = map[id] == tg->team1 ? id : white;
        if (tg->round != 0 || k < 0)
            continue;
        bool w = !strcmp(d->g[k].result, "1-0");
        CHECK_EQ_INT("t2 play-off", BH_OK,
                     tour_add_playoff(t2, w ? white : tg->match, w ? tg->match : white));
    }
    tb_standings s2 = {0};
    CHECK_EQ_INT("standings", BH_OK, tb_standings_compute(t2, &s2));
    CHECK_EQ_INT("rows", rep.n_rows, s2.n);
    for (int i = 0; i < s2.n && i < rep.n_rows; i++) {
        char what[64];
        snprintf(what, sizeof what, "place %d team", i + 1);
        CHECK_EQ_INT(what, (int)rep.team[i], (int)map[s2.rows[i].id]);
        snprintf(what, sizeof what, "place %d MP", i + 1);
        CHECK_EQ_INT(what, rep.mp[i], s2.rows[i].mp);
        snprintf(what, sizeof what, "place %d GP", i + 1);
        CHECK_EQ_DBL(what, rep.gp[i], s2.rows[i].gp2 / 2.0, 1e-9);
    }
    tb_standings_fini(&s2);

    /* No rematch. */
    int met = 0, pairs = 0;
    for (int r = 1; r <= tour_n_rounds(t1); r++)
        for (int mi = 0; mi < tour_round_size(t1, r); mi++) {
            const tour_match *m = tour_round_match(t1, r, mi);
            if (!m->b)
                continue;
            pairs++;
            for (int r2 = 1; r2 < r; r2++)
                for (int k = 0; k < tour_round_size(t1, r2); k++) {
                    const tour_match *x = tour_round_match(t1, r2, k);
                    met += (x->a == m->a && x->b == m->b) || (x->a == m->b && x->b == m->a);
                }
        }
    CHECK_EQ_INT("rematches", 0, met);
    CHECK_EQ_INT("pairings", 9, pairs);

    /* Memory. */
    CHECK_MSG(rep.rss_round1_kb > 0 && rep.rss_end_kb > 0, "VmRSS not measured");
    CHECK_MSG(rep.rss_end_kb <= rep.rss_round1_kb + MEM_BOUND_KB,
              "VmRSS grew from %ld kB after round 1 to %ld kB (bound +%d kB)", rep.rss_round1_kb,
              rep.rss_end_kb, MEM_BOUND_KB);

    tour_free(t2);
    tour_free(t1);
free_d:
    for (int i = 0; i < d->ng; i++)
        free(d->g[i].bpgn);
    free(d->trf);
    free(d->teams);
    free(d);
out:
    free(console);
    if (bh_test_failures_ == 0 && !getenv("BH_ITEST_KEEP")) {
        char cmd[128];
        snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
        if (system(cmd) != 0)
            fprintf(stderr, "could not remove %s\n", dir);
    } else {
        fprintf(stderr, "kept %s\n", dir);
    }
}

/* A temp dir for a demo's files (removed by rm_out when the test passed). */
static bool mk_out(char dir[64])
{
    snprintf(dir, 64, "/tmp/bh_e2e_XXXXXX");
    return mkdtemp(dir) != NULL;
}

static void rm_out(const char *dir)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (bh_test_failures_ == 0 && !getenv("BH_ITEST_KEEP") && system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
}

/* Issue 17 item 5: a step of the director's setup that fails says which and why (here the
 * server refuses tournament_create: no such game ruleset), instead of "the setup failed". */
static void demo_says_why(void)
{
    const char *bin = getenv("BH_SERVER");
    char dir[64], errf[128];
    if (!bin || !mk_out(dir)) {
        CHECK_MSG(0, "BH_SERVER is not set, or no temp dir");
        return;
    }
    demo_opts o = {.server = bin,
                   .out = dir,
                   .teams = 4,
                   .base_ms = 10000,
                   .ruleset = "nonesuch",
                   .pace_ms = 40,
                   .seed = 7,
                   .quiet = true,
                   .timeout_s = 30};
    snprintf(errf, sizeof errf, "%s/stderr.txt", dir);
    fflush(stderr);
    int saved = dup(2);
    FILE *f = fopen(errf, "w");
    CHECK_MSG(f && saved >= 0, "no stderr file");
    if (!f || saved < 0)
        return;
    dup2(fileno(f), 2);
    demo_report rep;
    int rc = demo_run(&o, &rep);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    fclose(f);
    CHECK_MSG(rc != 0, "the demo ran with no such ruleset");
    char text[2048] = "";
    f = fopen(errf, "r");
    size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
    text[n] = '\0';
    if (f)
        fclose(f);
    CHECK_MSG(strstr(text, "setup failed at tournament_create: the server answered not_found "
                           "(field ruleset)") != NULL,
              "the failure does not say why: %s", text);
    rm_out(dir);
}

/* Issue 17 item 5: a big field in the demo: 40 bot teams (more than 30: T-ROUNDS' 11 rounds),
 * set up on the director's connection (the 39th team_register was rate_limited before) and
 * played to the end: 11 rounds of 20 matches, 440 games at least (play-offs come on top),
 * 40 standings rows. 3-second clocks: minutes of wall time (label slow). */
static void slow_demo_40_teams(void)
{
    const char *bin = getenv("BH_SERVER");
    char dir[64];
    if (!bin || !mk_out(dir)) {
        CHECK_MSG(0, "BH_SERVER is not set, or no temp dir");
        return;
    }
    demo_opts o = {.server = bin,
                   .out = dir,
                   .teams = 40,
                   .base_ms = 3000,
                   .ruleset = "online",
                   .pace_ms = 40,
                   .seed = 11,
                   .quiet = getenv("BH_E2E_VERBOSE") == NULL,
                   .timeout_s = 900};
    demo_report rep;
    int rc = demo_run(&o, &rep);
    CHECK_EQ_INT("the 40-team demo ran to the end", 0, rc);
    CHECK_EQ_INT("T-ROUNDS: 11 rounds", 11, rep.rounds);
    CHECK_EQ_INT("40 standings rows", 40, rep.n_rows);
    CHECK_MSG(rep.games >= 440, "%d games (11 rounds x 20 matches x 2: 440)", rep.games);
    fprintf(stderr, "demo 40 teams: %d games, %d rounds in %.1f s\n", rep.games, rep.rounds,
            rep.wall_s);
    rm_out(dir);
}

static const bh_test_case cases[] = {
    {"e2e_demo_6_teams_3_rounds", e2e},
    {"e2e_demo_says_why", demo_says_why},
    {"slow_demo_40_teams", slow_demo_40_teams},
};

BH_TEST_MAIN(cases)
