/* itest_proc.h: child processes for the integration tests that run bots as separate programs
 * (bughouse-bot, the Python bot): start one with its stderr kept in a log file, stop it,
 * wait for a game to finish, read a log back. SPDX-License-Identifier: MIT
 * Header-only (static functions), like itest.h, which it needs. */
#ifndef BH_ITEST_PROC_H
#define BH_ITEST_PROC_H

#include "itest.h"

/* Start argv[0] (a path) with argv (NULL-terminated; borrowed for the call), stdout to
 * /dev/null, stderr to log (truncated). Returns the pid, or -1 if fork failed. The child gets
 * SIGTERM when the test dies (PR_SET_PDEATHSIG), so a crashed test leaves no bot running (a
 * bot stops its engines on SIGTERM). */
static inline pid_t itest_spawn(const char *const *argv, const char *log)
{
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0) {
        if (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0 || getppid() != parent ||
            !freopen(log, "w", stderr) || !freopen("/dev/null", "w", stdout))
            _exit(127);
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    return pid;
}

/* SIGTERM, then up to 10 s for a clean exit (a bot closes its engines), then SIGKILL. Returns
 * the exit status, or 128+signal. A pid <= 0 is a no-op (-1). */
static inline int itest_reap(pid_t pid)
{
    if (pid <= 0)
        return -1;
    int st = 0;
    if (waitpid(pid, &st, WNOHANG) != pid) {
        kill(pid, SIGTERM);
        int i = 0;
        while (i++ < 100 && waitpid(pid, &st, WNOHANG) != pid)
            itest_sleep_ms(100);
        if (i > 100) {
            kill(pid, SIGKILL);
            waitpid(pid, &st, 0);
        }
    }
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* The director's view (dir: a director connection) of game once it is finished, asking every
 * 500 ms for up to timeout_s. Caller frees; NULL if it is not over by then. */
static inline char *itest_wait_finished(wsc *dir, long long game, int timeout_s)
{
    for (int i = 0; i < timeout_s * 2; i++) {
        char msg[96];
        snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":%d,\"game\":%lld}", 100 + i, game);
        char *r = itest_call(dir, msg);
        if (r && strstr(r, "\"status\":\"finished\""))
            return r;
        free(r);
        itest_sleep_ms(500);
    }
    return NULL;
}

/* The whole file (caller frees; "" if unreadable). */
static inline char *itest_slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return calloc(1, 1);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = calloc(1, (size_t)(n > 0 ? n : 0) + 1);
    if (b && n > 0 && fread(b, 1, (size_t)n, f) != (size_t)n)
        b[0] = '\0';
    fclose(f);
    return b;
}

#endif
