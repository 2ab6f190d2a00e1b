/* test_ws_python_bot.c: the Python bot of docs/bots.md (clients/bot/python/bughouse_bot.py,
 * run by /usr/bin/python3 with Debian's python3-websockets) plays a whole game: it holds seats
 * 0 and 3 (one team, Fairy-Stockfish choosing its moves over UCI) against bughouse-bot's random
 * moves on seats 1 and 2, at 20+0. The game finishes; both Python seats moved; the Python bot
 * saw the result on both seats and exited by itself with status 0, with no error reply and no
 * traceback in its log. It fails without python3-websockets or fairy-stockfish (scripts/deps.sh
 * installs them).
 * SPDX-License-Identifier: MIT */
#include "itest_proc.h"

static const char *bin, *bot, *pybot, *fsf;

/* Moves of seat in a state's event list. */
static int moves_of(const char *state, int seat)
{
    char want[48];
    snprintf(want, sizeof want, "\"kind\":\"move\",\"seat\":%d,", seat);
    int n = 0;
    for (const char *p = state; (p = strstr(p, want)) != NULL; p++)
        n++;
    return n;
}

static void python_bot_plays(void)
{
    itest_srv s;
    itest_init(&s, bin);
    CHECK_MSG(itest_start(&s, NULL) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    itest_game g = {0};
    CHECK_MSG(itest_create_game(x, &s, &g, 20000, false) == 0, "no game");
    char port[16], py_seat[2][80], rnd_seat[2][80], pylog[96], rndlog[96], out[96];
    snprintf(port, sizeof port, "%d", s.port);
    snprintf(py_seat[0], sizeof py_seat[0], "%lld:%s", g.game, g.tokens[0]);
    snprintf(py_seat[1], sizeof py_seat[1], "%lld:%s", g.game, g.tokens[3]);
    snprintf(rnd_seat[0], sizeof rnd_seat[0], "%lld:%s", g.game, g.tokens[1]);
    snprintf(rnd_seat[1], sizeof rnd_seat[1], "%lld:%s", g.game, g.tokens[2]);
    snprintf(pylog, sizeof pylog, "%s/python.log", s.dir);
    snprintf(rndlog, sizeof rndlog, "%s/random.log", s.dir);
    snprintf(out, sizeof out, "%s/python.out", s.dir);
    /* The bot prints its results on stdout: keep them (sh does the redirection). */
    char cmd[512];
    snprintf(cmd, sizeof cmd,
             "exec /usr/bin/python3 %s --port %s --seat %s --seat %s --engine %s >%s", pybot, port,
             py_seat[0], py_seat[1], fsf, out);
    const char *pyargv[] = {"/bin/sh", "-c", cmd, NULL};
    const char *rargv[] = {bot,      "--port",    port,        "--seat", rnd_seat[0],
                           "--seat", rnd_seat[1], "--pace-ms", "200",    NULL};
    pid_t py = itest_spawn(pyargv, pylog), rnd = itest_spawn(rargv, rndlog);
    char *r = itest_wait_finished(g.dir, g.game, 180);
    CHECK_MSG(r != NULL, "the game did not finish");
    char res[16] = "", reason[32] = "";
    jstr(r, "result", res, sizeof res);
    jstr(r, "reason", reason, sizeof reason);
    fprintf(stderr, "result %s (%s); moves by seat: %d %d %d %d\n", res, reason, moves_of(r, 0),
            moves_of(r, 1), moves_of(r, 2), moves_of(r, 3));
    CHECK_MSG(moves_of(r, 0) > 0 && moves_of(r, 3) > 0, "a Python seat never moved");
    /* The bot ends by itself once both its seats have seen the result. */
    int st = -1;
    for (int i = 0; i < 100 && waitpid(py, &st, WNOHANG) != py; i++)
        itest_sleep_ms(100), st = -1;
    CHECK_EQ_INT("the Python bot exits 0 after the result", 0,
                 st >= 0 && WIFEXITED(st) ? WEXITSTATUS(st) : -1);
    if (st < 0)
        itest_reap(py);
    itest_reap(rnd);
    char *log = itest_slurp(pylog), *o = itest_slurp(out);
    CHECK_MSG(!strstr(log, "Traceback") && !strstr(log, "error"), "python log: %.400s", log);
    char want[64];
    snprintf(want, sizeof want, "game %lld: %s (%s)", g.game, res, reason);
    CHECK_MSG(strstr(o, want) && strstr(strstr(o, want) + 1, want),
              "its output does not give the result twice: %.200s", o);
    free(log);
    free(o);
    free(r);
    itest_game_free(&g);
    wsc_ctx_free(x);
    ITEST_FINISH(&s);
}

static const bh_test_case cases[] = {
    {"python_bot_plays", python_bot_plays},
};

int main(int argc, char **argv)
{
    bin = getenv("BH_SERVER");
    bot = getenv("BH_BOT");
    pybot = getenv("BH_PYBOT");
    if (!bin || !bot || !pybot) {
        fprintf(stderr, "set BH_SERVER, BH_BOT and BH_PYBOT (ctest does)\n");
        return 2;
    }
    if (system("/usr/bin/python3 -c 'import websockets' 2>/dev/null") != 0) {
        fprintf(stderr,
                "no python3-websockets for /usr/bin/python3: scripts/deps.sh installs it\n");
        return 1;
    }
    fsf = access("/usr/games/fairy-stockfish", X_OK) == 0 ? "/usr/games/fairy-stockfish" : NULL;
    if (!fsf && system("command -v fairy-stockfish >/dev/null 2>&1") == 0)
        fsf = "fairy-stockfish";
    if (!fsf) {
        fprintf(stderr, "no fairy-stockfish: scripts/deps.sh installs it\n");
        return 1;
    }
    signal(SIGPIPE, SIG_IGN);
    return bh_test_run(cases, BH_ARRAY_LEN(cases), argc, argv);
}
