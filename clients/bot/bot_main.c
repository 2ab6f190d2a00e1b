/* bot_main.c: bughouse-bot: play team or seat tokens against a running server until
 * interrupted. SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
    (void)sig;
    stop = 1;
}

int main(int argc, char **argv)
{
    bot_opts o = {.server = {.host = "127.0.0.1", .port = 8443, .tls = true},
                  .pace_ms = 400,
                  .seed = 1,
                  .movetime_ms = 100,
                  .verbose = true};
    static const struct option opts[] = {{"host", required_argument, NULL, 'H'},
                                         {"port", required_argument, NULL, 'P'},
                                         {"no-tls", no_argument, NULL, 'n'},
                                         {"team", required_argument, NULL, 't'},
                                         {"seat", required_argument, NULL, 's'},
                                         {"pace-ms", required_argument, NULL, 'p'},
                                         {"uci", required_argument, NULL, 'u'},
                                         {"movetime", required_argument, NULL, 'm'},
                                         {"seed", required_argument, NULL, 'S'},
                                         {"engine", required_argument, NULL, 'e'},
                                         {"engine-cmd", required_argument, NULL, 'c'},
                                         {"engine-mem-mb", required_argument, NULL, 'M'},
                                         {"lobby", required_argument, NULL, 'L'},
                                         {"name", required_argument, NULL, 'N'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    const char *teams[256], *seats[256];
    long long seat_games[256];
    int nt = 0, ns = 0, c;
    bot_lobby_seat lobby = {0};
    bool has_lobby = false;
    const char *engine = NULL, *engine_cmd = NULL;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 'H': o.server.host = optarg; break;
        case 'P': o.server.port = atoi(optarg); break;
        case 'n': o.server.tls = false; break;
        case 't':
            if (nt < 256)
                teams[nt++] = optarg;
            break;
        case 's': {
            /* GAME:TOKEN */
            char *colon = strchr(optarg, ':');
            if (!colon || ns == 256) {
                fprintf(stderr, "bughouse-bot: --seat wants GAME:TOKEN\n");
                return 2;
            }
            *colon = '\0';
            seat_games[ns] = atoll(optarg);
            seats[ns++] = colon + 1;
            break;
        }
        case 'L': {
            /* TABLE:SEAT[:LINK] */
            char *a = strchr(optarg, ':'), *b = a ? strchr(a + 1, ':') : NULL;
            if (!a || has_lobby) {
                fprintf(stderr, "bughouse-bot: --lobby wants TABLE:SEAT[:LINK], once\n");
                return 2;
            }
            *a = '\0';
            if (b)
                *b = '\0';
            lobby.table = atoll(optarg);
            lobby.seat = atoi(a + 1);
            lobby.link = b ? b + 1 : NULL;
            has_lobby = true;
            break;
        }
        case 'N': lobby.name = optarg; break;
        case 'p': o.pace_ms = atoi(optarg); break;
        case 'u': o.uci = optarg; break;
        case 'm': o.movetime_ms = atoi(optarg); break;
        case 'S': o.seed = strtoull(optarg, NULL, 10); break;
        case 'e': engine = optarg; break;
        case 'c': engine_cmd = optarg; break;
        case 'M': o.engine_mem_mb = atoi(optarg); break;
        default:
            printf("usage: bughouse-bot [--host H] [--port N] [--no-tls] [--team TOKEN]... "
                   "[--seat GAME:TOKEN]... [--lobby TABLE:SEAT[:LINK] --name NAME]\n"
                   "       [--pace-ms MS] [--uci CMD] [--movetime MS] [--seed N]\n"
                   "       [--engine cecp|uci --engine-cmd CMD [--engine-mem-mb MB]]\n"
                   "  --engine cecp: an xboard/CECP bughouse engine (sjeng, fairy-stockfish)\n"
                   "  plays each seat, one child process per seat (memory limit MB, 1024 by\n"
                   "  default); the bot logs what it tells the engine on stderr.\n"
                   "  --team: a team token from team_register; the bot plays every game the\n"
                   "  tournament gives that team (assign messages). --seat: one seat.\n"
                   "  A seat that another connection takes (its link opened in a browser) is\n"
                   "  given up, never taken back. With only --seat tokens the bot exits when\n"
                   "  every seat is done: status 0 when their games are over, 3 when one\n"
                   "  was given up.\n"
                   "  --lobby: sit at seat SEAT (0 White A, 1 Black A, 2 White B, 3 Black B) of\n"
                   "  lobby table TABLE (LINK: a private table's link token) as the guest NAME,\n"
                   "  say ready, and play that seat once the four are ready (lobby.html).\n");
            return c == 'h' ? 0 : 2;
        }
    }
    if (engine && strcmp(engine, "cecp") != 0 && strcmp(engine, "uci") != 0) {
        fprintf(stderr, "bughouse-bot: --engine is cecp or uci\n");
        return 2;
    }
    if (engine && !engine_cmd) {
        fprintf(stderr, "bughouse-bot: --engine wants --engine-cmd CMD\n");
        return 2;
    }
    if (engine && strcmp(engine, "cecp") == 0)
        o.cecp = engine_cmd;
    else if (engine)
        o.uci = engine_cmd;
    if (has_lobby && (!lobby.name || lobby.table < 1 || lobby.seat < 0 || lobby.seat > 3)) {
        fprintf(stderr, "bughouse-bot: --lobby wants a table from 1, a seat 0..3 and --name\n");
        return 2;
    }
    if (!nt && !ns && !has_lobby) {
        fprintf(stderr, "bughouse-bot: give at least one --team, --seat or --lobby\n");
        return 2;
    }
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    wsc_ctx *x = wsc_ctx_new();
    if (!x)
        return 1;
    static char lobby_token[80];
    if (has_lobby) { /* sit, ready, and wait for the start: then the seat is a --seat */
        wsc *lc = bot_lobby_sit(x, &o.server, &lobby);
        if (!lc) {
            wsc_ctx_free(x);
            return 1;
        }
        fprintf(stderr, "bughouse-bot: seated at table %lld seat %d as %s, ready\n", lobby.table,
                lobby.seat, lobby.name);
        long long game = 0;
        int got = 0;
        while (!stop && got == 0)
            got = bot_lobby_started(lc, 1000, &game, lobby_token, sizeof lobby_token);
        wsc_free(lc);
        if (got != 1) {
            fprintf(stderr, "bughouse-bot: the table %s before its start\n",
                    stop ? "was left" : "closed");
            wsc_ctx_free(x);
            return stop ? 0 : 1;
        }
        fprintf(stderr, "bughouse-bot: table %lld started: game %lld\n", lobby.table, game);
        if (ns < 256) {
            seat_games[ns] = game;
            seats[ns++] = lobby_token;
        }
    }
    bot_pool *p = bot_pool_new(x, &o);
    for (int i = 0; i < nt; i++)
        bot_pool_add_team(p, teams[i]);
    for (int i = 0; i < ns; i++)
        bot_pool_add_seat(p, seats[i], seat_games[i]);
    int rc = 0;
    bot_stats st;
    while (!stop) {
        wsc_pump(x, 5);
        bot_pool_step(p);
        bot_pool_stats(p, &st);
        if (!nt && st.seats_left == 0) {
            /* every --seat is done: its game is over, or it is played from elsewhere (3) */
            if (st.replaced > 0) {
                fprintf(stderr, "bughouse-bot: every seat given is played from another "
                                "connection; exiting\n");
                rc = 3;
            } else {
                fprintf(stderr, "bughouse-bot: every seat's game is over; exiting\n");
            }
            break;
        }
    }
    bot_pool_stats(p, &st);
    fprintf(stderr, "bughouse-bot: %ld moves sent, %ld acked, %ld errors, %ld reconnects\n",
            st.moves_sent, st.moves_acked, st.errors, st.reconnects);
    if (o.cecp)
        fprintf(stderr,
                "bughouse-bot: %ld tells relayed to chat, %ld chat lines to engines, "
                "%ld resignations for engines\n",
                st.ptells_out, st.ptells_in, st.resigned);
    bot_pool_free(p);
    wsc_ctx_free(x);
    return rc;
}
