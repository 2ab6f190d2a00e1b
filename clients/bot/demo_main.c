/* demo_main.c: bughouse-demo: options -> demo_run (demo.h). SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "demo.h"

#include <signal.h>

static volatile int stop_flag;

static void on_signal(int sig)
{
    (void)sig;
    stop_flag = 1;
}

static void usage(void)
{
    printf(
        "usage: bughouse-demo [options]\n"
        "  --teams N        bot teams (default 8)\n"
        "  --rounds N       rounds (default: T-ROUNDS; with 8 teams a round robin of 7)\n"
        "  --base-ms MS     clock per player per board (default 60000)\n"
        "  --inc-ms MS      increment (default 0)\n"
        "  --ruleset NAME   regulation (default) or online\n"
        "  --bot KIND       random (default), uci (fairy-stockfish, crazyhouse) or cecp\n"
        "                   (xboard bughouse engines: one process per seat, partner talk)\n"
        "  --engine CMD     UCI engine command (default /usr/games/fairy-stockfish)\n"
        "  --engine-cmd CMD --bot cecp: an engine command; give it up to 4 times and the\n"
        "                   engine teams take them in turn (Sjeng against Fairy-Stockfish)\n"
        "  --engine-teams N --bot cecp: the first N teams play engines, the rest random\n"
        "                   (default: all)\n"
        "  --movetime MS    engine think time (default 100)\n"
        "  --pace-ms MS     random bot think time (default 400)\n"
        "  --port N         server port (default 8080; 0 = any free port)\n"
        "  --out DIR        output directory (default demo-out)\n"
        "  --server PATH    bughouse-server binary (default build/release/server/bughouse-server)\n"
        "  --web DIR        static files (default clients/web)\n"
        "  --seed N         bots' random seed\n"
        "  --keep           after the end keep the server running until Ctrl-C\n"
        "  --quiet          no progress lines\n");
}

int main(int argc, char **argv)
{
    demo_opts o = {.server = "build/release/server/bughouse-server",
                   .web = "clients/web",
                   .out = "demo-out",
                   .port = 8080,
                   .teams = 8,
                   .base_ms = 60000,
                   .ruleset = "regulation",
                   .pace_ms = 400,
                   .movetime_ms = 100,
                   .seed = 42};
    const char *engine = "/usr/games/fairy-stockfish";
    bool uci = false, cecp = false;
    static const struct option opts[] = {{"teams", required_argument, NULL, 't'},
                                         {"rounds", required_argument, NULL, 'r'},
                                         {"base-ms", required_argument, NULL, 'b'},
                                         {"inc-ms", required_argument, NULL, 'i'},
                                         {"ruleset", required_argument, NULL, 'R'},
                                         {"bot", required_argument, NULL, 'k'},
                                         {"engine", required_argument, NULL, 'e'},
                                         {"movetime", required_argument, NULL, 'm'},
                                         {"pace-ms", required_argument, NULL, 'p'},
                                         {"port", required_argument, NULL, 'P'},
                                         {"out", required_argument, NULL, 'o'},
                                         {"server", required_argument, NULL, 's'},
                                         {"web", required_argument, NULL, 'w'},
                                         {"seed", required_argument, NULL, 'S'},
                                         {"quiet", no_argument, NULL, 'q'},
                                         {"help", no_argument, NULL, 'h'},
                                         {"keep", no_argument, NULL, 'K'},
                                         {"engine-cmd", required_argument, NULL, 'c'},
                                         {"engine-teams", required_argument, NULL, 'T'},
                                         {NULL, 0, NULL, 0}};
    int c;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 't': o.teams = atoi(optarg); break;
        case 'r': o.rounds = atoi(optarg); break;
        case 'b': o.base_ms = atoi(optarg); break;
        case 'i': o.inc_ms = atoi(optarg); break;
        case 'R': o.ruleset = optarg; break;
        case 'k':
            if (strcmp(optarg, "uci") == 0)
                uci = true;
            else if (strcmp(optarg, "cecp") == 0)
                cecp = true;
            else if (strcmp(optarg, "random") != 0) {
                fprintf(stderr, "bughouse-demo: --bot wants random, uci or cecp\n");
                return 2;
            }
            break;
        case 'e': engine = optarg; break;
        case 'c':
            if (o.ncecp == DEMO_MAX_ENGINES) {
                fprintf(stderr, "bughouse-demo: at most %d --engine-cmd\n", DEMO_MAX_ENGINES);
                return 2;
            }
            o.cecp[o.ncecp++] = optarg;
            break;
        case 'T': o.engine_teams = atoi(optarg); break;
        case 'm': o.movetime_ms = atoi(optarg); break;
        case 'p': o.pace_ms = atoi(optarg); break;
        case 'P': o.port = atoi(optarg); break;
        case 'o': o.out = optarg; break;
        case 's': o.server = optarg; break;
        case 'w': o.web = optarg; break;
        case 'S': o.seed = strtoull(optarg, NULL, 10); break;
        case 'q': o.quiet = true; break;
        case 'K': o.keep_until = &stop_flag; break;
        case 'h': usage(); return 0;
        default: usage(); return 2;
        }
    }
    if (uci) { /* a missing engine is an error here, not random moves in every game */
        char first[512];
        snprintf(first, sizeof first, "%s", engine);
        first[strcspn(first, " \t")] = '\0';
        if (strchr(first, '/') && access(first, X_OK) != 0) {
            fprintf(stderr,
                    "bughouse-demo: --bot uci: engine \"%s\" not found (Debian: "
                    "apt-get install fairy-stockfish; or --engine CMD)\n",
                    first);
            return 2;
        }
        o.uci = engine;
    }
    if (cecp && o.ncecp == 0) {
        fprintf(stderr, "bughouse-demo: --bot cecp wants --engine-cmd CMD (Debian: "
                        "/usr/games/sjeng, /usr/games/fairy-stockfish)\n");
        return 2;
    }
    if (!cecp)
        o.ncecp = 0;
    o.stop = &stop_flag;
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    setvbuf(stdout, NULL, _IOLBF, 0); /* progress lines show at once, also into a file */
    demo_report rep;
    return demo_run(&o, &rep) == 0 ? 0 : 1;
}
