/* test_ws_chess_bot.c: bughouse-bot's pool plays a hosted chess game over real sockets:
 * the director makes a chess game (game_create kind chess, 1+0), one pool plays White
 * with Fairy-Stockfish (UCI_Variant chess: bot_uci.c switches the variant to the board's
 * model), another plays Black with random legal moves. The game reaches its end on the server
 * with no error reply to either bot (every move was legal in the server's position), and the
 * engine mates the random moves (1-0, mate). Skipped (77) without fairy-stockfish.
 * SPDX-License-Identifier: MIT */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bot.h"
#include "itest.h"

static const char *bin;
static const char *engine; /* the engine command: $BH_UCI, fairy-stockfish on the PATH, or
                            * Debian's /usr/games/fairy-stockfish */

static void engine_beats_random(void)
{
    itest_srv s;
    itest_init(&s, bin);
    CHECK_MSG(itest_start(&s, NULL) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    wsc *dir = itest_connect(x, &s, NULL);
    char *r =
        dir ? itest_call(dir, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ITEST_ADMIN "\"}") : NULL;
    free(r);
    r = dir ? itest_call(dir,
                         "{\"type\":\"game_create\",\"id\":2,\"base_ms\":60000,\"kind\":\"chess\","
                         "\"players\":[\"Fairy-Stockfish\",\"random\"]}")
            : NULL;
    long long game = jint(r, "game", -1);
    char tok[2][40] = {"", ""};
    const char *t = r ? strstr(r, "\"tokens\":[\"") : NULL;
    if (t) {
        snprintf(tok[0], sizeof tok[0], "%.32s", t + 11);
        snprintf(tok[1], sizeof tok[1], "%.32s", t + 11 + 35);
    }
    free(r);
    CHECK_MSG(game > 0 && strlen(tok[1]) == 32, "no chess game");
    bot_opts eo = {.server = {.host = "127.0.0.1", .port = s.port, .tls = true},
                   .pace_ms = 10,
                   .seed = 1,
                   .uci = engine,
                   .movetime_ms = 20};
    bot_opts ro = eo;
    ro.uci = NULL;
    ro.seed = 2;
    bot_pool *white = bot_pool_new(x, &eo), *black = bot_pool_new(x, &ro);
    bot_pool_add_seat(white, tok[0], game);
    bot_pool_add_seat(black, tok[1], game);
    bot_stats ws = {0}, bs = {0};
    for (int i = 0; i < 6000; i++) { /* 60 s at most: the clocks end it before */
        wsc_pump(x, 10);
        bot_pool_step(white);
        bot_pool_step(black);
        bot_pool_stats(white, &ws);
        bot_pool_stats(black, &bs);
        if (ws.seats_left == 0 && bs.seats_left == 0)
            break;
    }
    CHECK_EQ_INT("both seats done", 0, ws.seats_left + bs.seats_left);
    CHECK_EQ_INT("no error to the engine's seat", 0, (int)ws.errors);
    CHECK_EQ_INT("no error to the random seat", 0, (int)bs.errors);
    CHECK_MSG(ws.moves_acked > 0 && bs.moves_acked > 0, "moves %ld %ld", ws.moves_acked,
              bs.moves_acked);
    char msg[96];
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":3,\"game\":%lld}", game);
    r = itest_call(dir, msg);
    /* Fairy-Stockfish mates random moves: a win, never a draw by dead position (which the
     * random fallback alone reached: bh_pos_to_fen's length was taken for an error) */
    CHECK_MSG(r && strstr(r, "\"status\":\"finished\"") && strstr(r, "\"kind\":\"chess\"") &&
                  strstr(r, "\"result\":\"1-0\",\"reason\":\"mate\""),
              "the engine did not mate: %.300s", r ? r : "(none)");
    if (r && strstr(r, "\"result\""))
        fprintf(stderr, "result: %.60s\n", strstr(r, "\"result\""));
    if (r && getenv("BH_SHOW"))
        fprintf(stderr, "%s\n", r);
    free(r);
    bot_pool_free(white);
    bot_pool_free(black);
    wsc_free(dir);
    wsc_ctx_free(x);
    ITEST_FINISH(&s);
}

static const bh_test_case cases[] = {
    {"engine_beats_random", engine_beats_random},
};

int main(int argc, char **argv)
{
    bin = getenv("BH_SERVER");
    if (!bin) {
        fprintf(stderr, "set BH_SERVER to the bughouse-server binary\n");
        return 2;
    }
    engine = getenv("BH_UCI");
    if (!engine && system("command -v fairy-stockfish >/dev/null 2>&1") == 0)
        engine = "fairy-stockfish";
    if (!engine && access("/usr/games/fairy-stockfish", X_OK) == 0)
        engine = "/usr/games/fairy-stockfish";
    if (!engine) {
        fprintf(stderr, "no fairy-stockfish (PATH, /usr/games, $BH_UCI): skipped\n");
        return 77;
    }
    signal(SIGPIPE, SIG_IGN);
    return bh_test_run(cases, BH_ARRAY_LEN(cases), argc, argv);
}
