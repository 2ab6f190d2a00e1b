/* test_ws_shell.c: the shell tells the truth, over real sockets and
 * processes. A flood of 300 messages gets the documented rate_limited and a 1008 close, as a
 * burst of 41 does; --no-tls serves only a loopback address, judged by the address bound, not
 * by the name given (an interface named "127.evil" with address 10.9.9.9, in a network
 * namespace of its own); a port that cannot be bound is an exit with the reason, never
 * "listening"; --idle-s at or below --ping-s is refused with a message; a premove gets the
 * error protocol/messages/c2s-move.md names. And bughouse-bot gives up a seat that a person
 * takes: it exits with a message instead of taking it back.
 * SPDX-License-Identifier: MIT */
#include <sys/socket.h>

#include "itest.h"

static const char *bin;

/* Run the server in the foreground with args (NULL-terminated), through sh in a temp
 * directory of its own (database, certificates), after prefix (a command such as
 * "unshare -n sh -c '...; exec", or ""; suffix closes what prefix opened), its stderr and
 * stdout into out; SIGTERM after timeout_s. Returns its exit status; 124: it was still
 * running at timeout_s (it served). */
static int run_server(const char *prefix, const char *suffix, const char *const *args,
                      int timeout_s, char *out, size_t cap)
{
    char dir[] = "/tmp/bh_shell_XXXXXX", cmd[2048];
    if (!mkdtemp(dir))
        return -1;
    int n = snprintf(cmd, sizeof cmd, "cd %s && %s timeout %d %s --port 0 --db %s/db", dir, prefix,
                     timeout_s, bin, dir);
    for (int i = 0; args[i]; i++)
        n += snprintf(cmd + n, sizeof cmd - (size_t)n, " %s", args[i]);
    snprintf(cmd + n, sizeof cmd - (size_t)n, " >%s/log 2>&1%s", dir, suffix);
    int st = itest_sh(cmd);
    snprintf(cmd, sizeof cmd, "%s/log", dir);
    FILE *f = fopen(cmd, "r");
    size_t len = f ? fread(out, 1, cap - 1, f) : 0;
    out[len] = '\0';
    if (f)
        fclose(f);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    itest_sh(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

#define ADMIN_ARGS "--admin-token", ITEST_ADMIN

/* --no-tls on an address that is not loopback: refused, whatever the name looks like. In a
 * network namespace of its own (root: CI runs as root), an interface named "127.evil" and one
 * named "127.0.0.1", both with the address 10.9.9.9: libwebsockets binds the interface a
 * name names before it reads the name as a number, so both stand for 10.9.9.9 (shown by the
 * TLS server, allowed anywhere, that listens there). */
static void no_tls_judged_by_the_address(void)
{
    char out[8192];
    const char *numeric[] = {"--no-tls", "--iface", "10.9.9.9", ADMIN_ARGS, NULL};
    CHECK_EQ_INT("--no-tls on 10.9.9.9: usage error", 2,
                 run_server("", "", numeric, 5, out, sizeof out));
    CHECK_MSG(strstr(out, "only on a loopback address") && !strstr(out, "listening"), "%s", out);
    const char *lo2[] = {"--no-tls", "--iface", "127.0.0.2", ADMIN_ARGS, NULL};
    CHECK_EQ_INT("--no-tls on 127.0.0.2 serves", 124, run_server("", "", lo2, 2, out, sizeof out));
    CHECK_MSG(strstr(out, "listening on http://127.0.0.2:"), "127.0.0.2: %s", out);
    if (geteuid() != 0) {
        fprintf(stderr, "  skip: a network namespace needs root\n");
        return;
    }
    static const char *const evil[] = {"127.evil", "127.0.0.1"};
    for (int k = 0; k < 2; k++) {
        char prefix[512], what[96];
        snprintf(prefix, sizeof prefix,
                 "unshare -n sh -c 'ip link set lo up && ip link add %s type veth peer name p0 && "
                 "ip addr add 10.9.9.9/32 dev %s && ip link set %s up && ip link set p0 up && exec",
                 evil[k], evil[k], evil[k]);
        const char *plain[] = {"--no-tls", "--iface", evil[k], ADMIN_ARGS, NULL};
        snprintf(what, sizeof what, "--no-tls --iface %s (10.9.9.9): refused", evil[k]);
        CHECK_EQ_INT(what, 2, run_server(prefix, "'", plain, 5, out, sizeof out));
        CHECK_MSG(strstr(out, "10.9.9.9") && !strstr(out, "listening"), "%s: %s", what, out);
        const char *tls[] = {"--iface", evil[k], ADMIN_ARGS, NULL};
        snprintf(what, sizeof what, "TLS on --iface %s serves 10.9.9.9", evil[k]);
        CHECK_EQ_INT(what, 124, run_server(prefix, "'", tls, 3, out, sizeof out));
        CHECK_MSG(strstr(out, "listening on https://10.9.9.9:"), "%s: %s", what, out);
    }
}

/* A port in use: exit 1 with the reason, never "listening". */
static void bind_failure_exits(void)
{
    itest_srv s;
    itest_init(&s, bin);
    const char *no_tls[] = {"--no-tls", NULL};
    CHECK_MSG(itest_start(&s, no_tls) == 0, "server did not start");
    char port[16], out[8192];
    snprintf(port, sizeof port, "%d", s.port);
    /* run_server's own --port 0 comes first; the later --port wins (getopt) */
    const char *args[] = {"--no-tls", "--port", port, ADMIN_ARGS, NULL};
    CHECK_EQ_INT("second server on the same port", 1, run_server("", "", args, 5, out, sizeof out));
    CHECK_MSG(strstr(out, "Address already in use") && !strstr(out, "listening"), "%s", out);
    ITEST_FINISH(&s);
}

/* --idle-s must leave the ping time to be answered. */
static void idle_above_ping(void)
{
    char out[8192];
    const char *dflt[] = {"--no-tls", "--idle-s", "30", ADMIN_ARGS, NULL}; /* ping 30 */
    CHECK_EQ_INT("--idle-s 30 with the default --ping-s 30", 2,
                 run_server("", "", dflt, 5, out, sizeof out));
    CHECK_MSG(strstr(out, "--idle-s (30) must be more than --ping-s (30)"), "%s", out);
    const char *eq[] = {"--no-tls", "--ping-s", "10", "--idle-s", "9", ADMIN_ARGS, NULL};
    CHECK_EQ_INT("--idle-s 9 --ping-s 10", 2, run_server("", "", eq, 5, out, sizeof out));
    CHECK_MSG(strstr(out, "--idle-s (9) must be more than --ping-s (10)"), "%s", out);
    const char *ok[] = {"--no-tls", "--ping-s", "10", "--idle-s", "11", ADMIN_ARGS, NULL};
    CHECK_EQ_INT("--idle-s 11 --ping-s 10 serves", 124, run_server("", "", ok, 2, out, sizeof out));
    CHECK_MSG(strstr(out, "listening on http://127.0.0.1:"), "%s", out);
}

/* protocol/messages/c2s-move.md: "A move for any other ply is stale_ply: a premove sent before
 * the opponent's move is rejected, never queued (P-PREMOVE). A move out of turn is
 * not_your_turn." */
static void premove_error_as_documented(void)
{
    itest_srv s;
    itest_init(&s, bin);
    CHECK_MSG(itest_start(&s, NULL) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    itest_game g = {0};
    CHECK_EQ_INT("a live game", 0, itest_game_live(x, &s, &g, 60000));
    char e[32];
    char *r = itest_move(g.p[0], g.game, 20, "A", 0, "e2e4");
    CHECK_EQ_STR("e4", "", ecode(r, e));
    free(r);
    /* White's next move for ply 2 while Black is to move at ply 1: a premove */
    r = itest_move(g.p[0], g.game, 21, "A", 2, "g1f3");
    CHECK_EQ_STR("premove", "stale_ply", ecode(r, e));
    free(r);
    r = itest_move(g.p[0], g.game, 22, "A", 1, "g1f3");
    CHECK_EQ_STR("out of turn at the current ply", "not_your_turn", ecode(r, e));
    free(r);
    r = itest_move(g.p[1], g.game, 23, "A", 1, "e7e5");
    CHECK_EQ_STR("e5", "", ecode(r, e));
    free(r);
    /* never queued: the board waits for White's move at ply 2, which is accepted now */
    r = itest_move(g.p[0], g.game, 24, "A", 2, "g1f3");
    CHECK_EQ_STR("Nf3 after e5", "ack", jstr(r, "type", e, sizeof e));
    CHECK_EQ_INT("at ply 2", 2, jint(r, "ply", -1));
    free(r);
    itest_game_free(&g);
    wsc_ctx_free(x);
    ITEST_FINISH(&s);
}

/* A flood of count messages written at once on a server that refills one message a second:
 * the client reads the rate_limited error and the 1008 close, however much it sent. */
static void flood(int count)
{
    itest_srv s;
    itest_init(&s, bin);
    const char *args[] = {"--rate", "1", "--burst", "40", NULL};
    CHECK_MSG(itest_start(&s, args) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    wsc *c = itest_connect(x, &s, NULL);
    for (int i = 0; c && i < count; i++)
        wsc_send(c, "{\"type\":\"ping\",\"id\":1}");
    char *r = c ? wsc_recv_type(c, "error", 5000) : NULL, e[32], what[64];
    snprintf(what, sizeof what, "a burst of %d: error", count);
    CHECK_EQ_STR(what, "rate_limited", ecode(r, e));
    free(r);
    snprintf(what, sizeof what, "a burst of %d: closed", count);
    CHECK_MSG(c && itest_wait_closed(x, c, 5000), "%s", what);
    snprintf(what, sizeof what, "a burst of %d: close code", count);
    CHECK_EQ_INT(what, 1008, c ? wsc_close_code(c) : 0);
    snprintf(what, sizeof what, "a burst of %d: close reason", count);
    CHECK_EQ_STR(what, "rate_limited", c ? wsc_close_reason(c) : "");
    wsc_free(c);
    /* The server goes on serving others. */
    c = itest_connect(x, &s, NULL);
    r = c ? itest_call(c, "{\"type\":\"ping\",\"id\":2}") : NULL;
    CHECK_MSG(r && strstr(r, "\"pong\""), "no pong after the flood");
    free(r);
    wsc_free(c);
    wsc_ctx_free(x);
    ITEST_FINISH(&s);
}

static void flood_41(void)
{
    flood(41);
}

static void flood_300(void)
{
    flood(300);
}

static void flood_3000(void)
{
    flood(3000);
}

/* The director's budget (issue 17 item 5: the demo's 39th team_register of a 40-team setup
 * got rate_limited under a player's budget). On a server whose connections get a burst of 40
 * and one message a second: a director writes a tournament_create and 120 team_register at
 * once, every one is answered (team_created), none is rate_limited and the connection stays
 * open; then a spectator's burst of 41 pings is rate_limited as before. */
static void director_budget(void)
{
    itest_srv s;
    itest_init(&s, bin);
    const char *args[] = {"--rate", "1", "--burst", "40", NULL};
    CHECK_MSG(itest_start(&s, args) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    wsc *d = itest_connect(x, &s, NULL);
    char *r =
        d ? itest_call(d, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ITEST_ADMIN "\"}") : NULL;
    char e[32];
    CHECK_MSG(r && strstr(r, "\"director\""), "no director: %s", r ? r : "(none)");
    free(r);
    wsc_send(d, "{\"type\":\"tournament_create\",\"id\":2,\"name\":\"Big\"}");
    char msg[200];
    for (int i = 0; i < 120; i++) {
        snprintf(msg, sizeof msg,
                 "{\"type\":\"team_register\",\"id\":%d,\"tournament\":1,"
                 "\"name\":\"T%d\",\"players\":[\"a%d\",\"b%d\"]}",
                 10 + i, i, i, i);
        wsc_send(d, msg);
    }
    int created = 0, limited = 0;
    for (int i = 0; i < 400 && created < 120; i++) {
        char *m = wsc_recv(d, 5000);
        if (!m)
            break;
        if (strstr(m, "\"token\""))
            created++;
        if (strstr(m, "rate_limited"))
            limited++;
        free(m);
    }
    CHECK_EQ_INT("120 team_register answered at once", 120, created);
    CHECK_EQ_INT("no rate_limited for the director", 0, limited);
    CHECK_MSG(!wsc_closed(d), "the director's connection was closed");
    wsc *c = itest_connect(x, &s, NULL);
    for (int i = 0; c && i < 41; i++)
        wsc_send(c, "{\"type\":\"ping\",\"id\":1}");
    r = c ? wsc_recv_type(c, "error", 5000) : NULL;
    CHECK_EQ_STR("a spectator's 41 at once", "rate_limited", ecode(r, e));
    free(r);
    wsc_free(c);
    wsc_free(d);
    wsc_ctx_free(x);
    ITEST_FINISH(&s);
}

/* Lines of the server's log that contain s. */
static int log_count(const itest_srv *srv, const char *s)
{
    FILE *f = fopen(srv->log, "r");
    char line[1024];
    int n = 0;
    while (f && fgets(line, sizeof line, f))
        n += strstr(line, s) != NULL;
    if (f)
        fclose(f);
    return n;
}

/* A game on s (in *g) with seats 1-3 joined, and bughouse-bot (BH_BOT) started on seat 0 with
 * its --seat token, its stderr in s's bot.log (botlog, 160 bytes). The bot's pid, or -1. */
static pid_t bot_on_seat0(itest_srv *s, wsc_ctx *x, itest_game *g, char botlog[160])
{
    const char *bot = getenv("BH_BOT");
    CHECK_MSG(bot != NULL, "set BH_BOT to the bughouse-bot binary");
    CHECK_EQ_INT("create", 0, itest_create_game(x, s, g, 120000, false));
    if (!bot)
        return -1;
    for (int seat = 1; seat < 4; seat++)
        free(itest_seat(x, s, g, seat));
    char port[16], seat0[96];
    snprintf(port, sizeof port, "%d", s->port);
    snprintf(seat0, sizeof seat0, "%lld:%s", g->game, g->tokens[0]);
    snprintf(botlog, 160, "%s/bot.log", s->dir);
    pid_t pid = fork();
    if (pid == 0) {
        if (!freopen(botlog, "w", stderr) || !freopen("/dev/null", "w", stdout))
            _exit(127);
        execl(bot, bot, "--port", port, "--seat", seat0, "--pace-ms", "50", (char *)NULL);
        _exit(127);
    }
    return pid;
}

/* The exit status of pid within ticks x 50 ms (killed and -1 past that); the text of botlog
 * into text (cap bytes). */
static int bot_exit(pid_t pid, int ticks, const char *botlog, char *text, size_t cap)
{
    int st = -1;
    for (int i = 0; i < ticks && st < 0 && pid > 0; i++) {
        int w;
        if (waitpid(pid, &w, WNOHANG) == pid)
            st = WIFEXITED(w) ? WEXITSTATUS(w) : 128 + WTERMSIG(w);
        else
            itest_sleep_ms(50);
    }
    if (st < 0 && pid > 0) {
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
    }
    FILE *f = fopen(botlog, "r");
    size_t n = f ? fread(text, 1, cap - 1, f) : 0;
    text[n] = '\0';
    if (f)
        fclose(f);
    return st;
}

/* bughouse-bot plays seat 0 with its --seat token; a person opens the seat's link (a new
 * connection authenticates with the token): the bot says so and exits with status 3 instead
 * of taking the seat back, and there is exactly one replacement. */
static void bot_gives_up_a_replaced_seat(void)
{
    itest_srv s;
    itest_init(&s, bin);
    CHECK_MSG(itest_start(&s, NULL) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    itest_game g = {0};
    char botlog[160];
    pid_t pid = bot_on_seat0(&s, x, &g, botlog);
    char *r = wsc_recv_type(g.p[1], "start", 5000); /* the bot's join made the fourth seat */
    CHECK_MSG(r != NULL, "the game did not start with the bot");
    free(r);
    wsc *person = itest_connect(x, &s, NULL);
    char msg[160], t[32];
    snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":5,\"token\":\"%s\"}", g.tokens[0]);
    r = itest_call(person, msg);
    CHECK_EQ_STR("the person takes the seat", "authed", jstr(r, "type", t, sizeof t));
    free(r);
    char text[4096];
    int st = bot_exit(pid, 400, botlog, text, sizeof text); /* 20 s: a loaded machine */
    CHECK_EQ_INT("the bot exits with status 3", 3, st);
    CHECK_MSG(strstr(text, "is played from another connection (session_replaced)"), "bot: %s",
              text);
    itest_sleep_ms(1500);
    CHECK_EQ_INT("one replacement", 1, log_count(&s, "seat 0: connection"));
    wsc_free(person);
    itest_game_free(&g);
    wsc_ctx_free(x);
    ITEST_FINISH(&s);
}

/* bughouse-bot plays seat 0 with its --seat token (only --seat tokens); the opponent on
 * board A resigns: the game is over, so the bot says so and exits with status 0 (it kept
 * running with nothing to play). */
static void bot_exits_when_its_game_is_over(void)
{
    itest_srv s;
    itest_init(&s, bin);
    CHECK_MSG(itest_start(&s, NULL) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    itest_game g = {0};
    char botlog[160];
    pid_t pid = bot_on_seat0(&s, x, &g, botlog);
    char *r = wsc_recv_type(g.p[1], "start", 5000);
    CHECK_MSG(r != NULL, "the game did not start with the bot");
    free(r);
    char msg[160], t[32];
    snprintf(msg, sizeof msg, "{\"type\":\"resign\",\"id\":7,\"game\":%lld}", g.game);
    r = itest_call(g.p[1], msg);
    CHECK_EQ_STR("black on board A resigns", "ack", jstr(r, "type", t, sizeof t));
    free(r);
    char text[4096];
    int st = bot_exit(pid, 400, botlog, text, sizeof text); /* 20 s: a loaded machine */
    CHECK_EQ_INT("the bot exits with status 0", 0, st);
    CHECK_MSG(strstr(text, "every seat's game is over"), "bot: %s", text);
    itest_game_free(&g);
    wsc_ctx_free(x);
    ITEST_FINISH(&s);
}

static const bh_test_case cases[] = {
    {"bot_gives_up_a_replaced_seat", bot_gives_up_a_replaced_seat},
    {"bot_exits_when_its_game_is_over", bot_exits_when_its_game_is_over},
    {"bind_failure_exits", bind_failure_exits},
    {"director_budget", director_budget},
    {"flood_300", flood_300},
    {"flood_3000", flood_3000},
    {"flood_41", flood_41},
    {"idle_above_ping", idle_above_ping},
    {"no_tls_judged_by_the_address", no_tls_judged_by_the_address},
    {"premove_error_as_documented", premove_error_as_documented},
};

ITEST_MAIN(cases)
