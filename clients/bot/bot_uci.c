/* bot_uci.c: a UCI engine child process (Fairy-Stockfish with UCI_Variant crazyhouse):
 * "position fen <FEN with [reserve]>", "go movetime N", read "bestmove". SPDX-License-Identifier:
 * MIT The bughouse position is given to the engine as crazyhouse: it does not know that pieces can
 * arrive from the partner, so its move is a suggestion that the bot checks for legality. */
#include "bot_int.h"

#include <poll.h>
#include <stdbool.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct bot_engine {
    pid_t pid;
    int in;  /* write end: engine stdin */
    int out; /* read end: engine stdout */
    char buf[8192];
    size_t len;
    bool chess; /* UCI_Variant set to chess (a chess board, F-CHESS), else crazyhouse */
};

static long long mono_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int say(bot_engine *e, const char *s)
{
    size_t n = strlen(s);
    return write(e->in, s, n) == (ssize_t)n ? 0 : -1;
}

/* Read lines until one starts with prefix (copied into line) or timeout. 0 or -1. */
static int wait_for(bot_engine *e, const char *prefix, char *line, size_t cap, int timeout_ms)
{
    long long end = mono_ms() + timeout_ms;
    for (;;) {
        char *nl;
        while ((nl = memchr(e->buf, '\n', e->len)) != NULL) {
            size_t n = (size_t)(nl - e->buf);
            bool hit = n >= strlen(prefix) && strncmp(e->buf, prefix, strlen(prefix)) == 0;
            if (hit && line) {
                size_t k = n < cap - 1 ? n : cap - 1;
                memcpy(line, e->buf, k);
                line[k] = '\0';
            }
            memmove(e->buf, nl + 1, e->len - n - 1);
            e->len -= n + 1;
            if (hit)
                return 0;
        }
        long long left = end - mono_ms();
        if (left <= 0 || e->len == sizeof e->buf)
            return -1;
        struct pollfd pf = {e->out, POLLIN, 0};
        if (poll(&pf, 1, (int)left) <= 0)
            return -1;
        ssize_t r = read(e->out, e->buf + e->len, sizeof e->buf - e->len);
        if (r <= 0)
            return -1;
        e->len += (size_t)r;
    }
}

bot_engine *bot_engine_open(const char *cmd)
{
    int to[2], from[2];
    if (pipe(to) != 0)
        return NULL;
    if (pipe(from) != 0) {
        close(to[0]);
        close(to[1]);
        return NULL;
    }
    signal(SIGPIPE, SIG_IGN);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(to[0], 0);
        dup2(from[1], 1);
        close(to[1]);
        close(from[0]);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    close(to[0]);
    close(from[1]);
    bot_engine *e = calloc(1, sizeof *e);
    if (!e)
        abort();
    e->pid = pid;
    e->in = to[1];
    e->out = from[0];
    if (pid < 0 || say(e, "uci\n") || wait_for(e, "uciok", NULL, 0, 5000) ||
        say(e, "setoption name UCI_Variant value crazyhouse\nisready\n") ||
        wait_for(e, "readyok", NULL, 0, 5000)) {
        bot_engine_close(e);
        return NULL;
    }
    return e;
}

void bot_engine_close(bot_engine *e)
{
    if (!e)
        return;
    if (e->pid > 0) {
        say(e, "quit\n");
        close(e->in);
        close(e->out);
        kill(e->pid, SIGTERM);
        waitpid(e->pid, NULL, 0);
    }
    free(e);
}

bh_move bot_engine_move(bot_engine *e, const bh_pos *pos, int movetime_ms)
{
    char fen[BH_FEN_MAX], cmd[BH_FEN_MAX + 64], line[256];
    if (bh_pos_to_fen(pos, fen, sizeof fen) < 0) /* it returns the length written */
        return BH_MOVE_NONE;
    /* The variant follows the board: a chess game's plain FEN is UCI_Variant chess. */
    bool chess = bh_pos_options(pos)->model == BH_MODEL_CHESS;
    if (chess != e->chess) {
        snprintf(cmd, sizeof cmd, "setoption name UCI_Variant value %s\nisready\n",
                 chess ? "chess" : "crazyhouse");
        if (say(e, cmd) || wait_for(e, "readyok", NULL, 0, 5000))
            return BH_MOVE_NONE;
        e->chess = chess;
    }
    snprintf(cmd, sizeof cmd, "position fen %s\ngo movetime %d\n", fen,
             movetime_ms > 0 ? movetime_ms : 50);
    if (say(e, cmd) || wait_for(e, "bestmove ", line, sizeof line, movetime_ms + 2000))
        return BH_MOVE_NONE;
    char mv[16] = "";
    if (sscanf(line, "bestmove %15s", mv) != 1)
        return BH_MOVE_NONE;
    bh_move m;
    return bh_parse_uci(pos, mv, &m) == 0 ? m : BH_MOVE_NONE;
}
