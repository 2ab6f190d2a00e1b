/* demo.h: the demo tournament (issue 8): start bughouse-server, register bot teams, create a
 * Swiss tournament, start it and let T-AUTO run it to the end with bots playing every seat;
 * then write the BPGN of every game and the TRF of the tournament. SPDX-License-Identifier: MIT
 * The director is a wsclient connection with the admin token; the bots are a bot_pool in
 * the same process (one connection per team plus one per seat). */
#ifndef BH_DEMO_H
#define BH_DEMO_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#define DEMO_MAX_TEAMS 64
#define DEMO_MAX_ENGINES 4 /* distinct CECP engine commands in one event */

typedef struct {
    const char *server;  /* bughouse-server binary */
    const char *web;     /* static files dir for --web, NULL = the server's default */
    const char *out;     /* output directory (database, log, games/, tournament.trf) */
    int port;            /* 0 = any free port */
    int teams;           /* 2..DEMO_MAX_TEAMS */
    int rounds;          /* 0 = T-ROUNDS (with the small-field fallback) */
    int base_ms, inc_ms; /* time control */
    const char *ruleset; /* game ruleset: "regulation" (default) or "online" */
    int pace_ms;         /* bot think time */
    const char *uci;     /* engine command for UCI bots, NULL = random bots */
    int movetime_ms;     /* engine think time */
    /* CECP engine teams (bot_cecp.h): team i (registration order) with i < engine_teams plays
     * cecp[i % ncecp], each seat its own engine process; the other teams are random (or UCI)
     * bots. ncecp 0: none. engine_teams 0: every team. Strings borrowed. */
    const char *cecp[DEMO_MAX_ENGINES];
    int ncecp;
    int engine_teams;
    uint64_t seed;
    bool quiet;    /* no progress lines */
    int timeout_s; /* give up after this long (0 = a bound from the clocks) */
    /* When non-NULL: after the end keep the server running (the pages stay up) until
     * *stop becomes non-zero (a signal handler sets it). */
    volatile int *keep_until;
    /* When non-NULL: a non-zero *stop (a signal handler) ends the run before the end. */
    volatile int *stop;
} demo_opts;

typedef struct {
    int ok; /* 1 when the tournament finished */
    int port;
    int rounds;         /* played */
    int games;          /* finished games seen */
    double wall_s;      /* from the start to the final standings */
    long rss_round1_kb; /* server VmRSS when round 1 ended */
    long rss_end_kb;    /* server VmRSS at the end (before it stops) */
    int server_exit;    /* the server's exit status after SIGTERM (128 + signal if killed) */
    char db[600];       /* database path */
    /* final standings as the server sent them, by place */
    int n_rows;
    int64_t team[DEMO_MAX_TEAMS];
    int mp[DEMO_MAX_TEAMS];
    double gp[DEMO_MAX_TEAMS];
    char standings[8192]; /* the final standings table as printed */
} demo_report;

/* Run the whole demo; progress goes to stdout unless quiet. Returns 0 when the tournament
 * ran to its end and the files were written, -1 otherwise (*rep filled as far as it got). */
int demo_run(const demo_opts *o, demo_report *rep);

/* Start o->server (--no-tls on 127.0.0.1, port o->port or any with 0) on database db with the
 * admin token, its stderr to log; wait for its port (*port). Returns the child's pid, or -1.
 * (The club demo, club_demo.c, starts its server this way too.) */
pid_t demo_start_server(const demo_opts *o, const char *db, const char *log, const char *admin,
                        int *port);

/* mkdir -p: path and every missing parent (0755). 0, or -1 with errno (ENOTDIR: a part is
 * not a directory; ENAMETOOLONG: over 699 bytes). */
int demo_make_dirs(const char *path);

/* A fresh run in o->out for a format's demo (club_demo.c, league_demo.c): makes o->out and
 * o->out/games (with their missing parents; nothing else), removes the database o->out/dbname left
 * by an earlier run (with its -wal and -shm files), picks a director token "<prefix>-<hex of seed
 * and the time>" (into admin, admin_len bytes), and starts the server as demo_start_server does,
 * its log o->out/server.log (into log, log_len bytes). Returns the server's pid and sets *port, or
 * -1 (log names the log to read, or the folder that could not be made and why). */
pid_t demo_start_fresh(const demo_opts *o, const char *dbname, const char *prefix, uint64_t seed,
                       char *admin, size_t admin_len, char *log, size_t log_len, int *port);

/* Write text to path (created or truncated). Returns true when every byte was written and the
 * file closed, false otherwise (the file may then be partial). */
bool demo_write_file(const char *path, const char *text);

#endif
