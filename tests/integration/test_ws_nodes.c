/* test_ws_nodes.c: two server nodes on one PostgreSQL database (bughouse-server --node), the
 * scenarios of issue "past one machine" item 2. Node a owns a game and is killed with SIGKILL:
 * node b takes it over once a's lease ran out, with every acknowledged move, the clocks as
 * they stood at the last stored event (the outage not charged to the player on move), and the
 * players go on there. Then b is paused with SIGSTOP past its lease: a (restarted) takes the
 * game over, and b, resumed, acknowledges nothing more and stops with status 3 (fenced). A
 * last node replays the game from the database: each acknowledged move once, nothing else.
 * haproxy_routes: the same two nodes behind HAProxy (scripts/haproxy-cfg.sh, TLS at HAProxy and
 * at the nodes): a player who lands on the wrong node is sent to the right one by `moved` and
 * ?node=NAME, and when that node is killed, the same URL reaches the other node, which takes
 * the game over.
 * Run by ctest test_ws_nodes_pg under pg_cluster.sh (BH_TEST_PG). SPDX-License-Identifier: MIT */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "itest_proc.h"

static const char *bin;

/* Long enough that a loop turn stalled on a busy machine does not fence a node (it fences
 * itself after three quarters of it without a renewal). */
#define LEASE_MS 3000
#define LEASE_ARG "3000"

static int start_node(itest_srv *s, const char *name, const char *key)
{
    const char *extra[] = {"--node", name, "--lease-ms", LEASE_ARG, "--seat-key", key, NULL};
    return itest_start(s, extra);
}

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Seat of g connects to s (into g->p[seat]), then authenticates and joins every 100 ms until
 * it holds its seat of the game, live there, for up to 30 s. Returns the state (caller frees)
 * or NULL. */
static char *seat_when_live(wsc_ctx *x, const itest_srv *s, itest_game *g, int seat)
{
    wsc_free(g->p[seat]);
    g->p[seat] = itest_connect(x, s, NULL);
    if (!g->p[seat])
        return NULL;
    char msg[160];
    for (int i = 0; i < 300; i++) {
        snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":%d,\"token\":\"%s\"}", 1000 + i,
                 g->tokens[seat]);
        free(itest_call(g->p[seat], msg));
        snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":%d,\"game\":%lld}", 11 + i, g->game);
        char *r = itest_call(g->p[seat], msg);
        if (r && strstr(r, "\"status\":\"live\"") && jint(r, "you", -1) == seat)
            return r;
        free(r);
        itest_sleep_ms(100);
    }
    return NULL;
}

/* A director's connection to s sets game's result (its reply checked to be an ack). */
static void set_result(wsc_ctx *x, const itest_srv *s, int id, long long game, const char *result,
                       const char *reason)
{
    wsc *dir = itest_connect(x, s, NULL);
    free(itest_call(dir, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ITEST_ADMIN "\"}"));
    char msg[192];
    snprintf(msg, sizeof msg,
             "{\"type\":\"game_result\",\"id\":%d,\"game\":%lld,\"result\":\"%s\","
             "\"reason\":\"%s\"}",
             id, game, result, reason);
    CHECK_CALL_TYPE(dir, msg, "ack");
    wsc_free(dir);
}

/* Wait up to ms for s's process to exit by itself: its status as itest_stop, or -1 (still
 * running: then killed). */
static int exit_within(itest_srv *s, int ms)
{
    int st = 0;
    for (int t = 0; t < ms; t += 50) {
        if (waitpid(s->pid, &st, WNOHANG) == s->pid) {
            s->pid = 0;
            return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
        }
        itest_sleep_ms(50);
    }
    itest_stop(s, SIGKILL);
    return -1;
}

static void kill_and_stop(void)
{
    if (!getenv("BH_TEST_PG")) {
        fprintf(stderr, "test_ws_nodes: run it under tests/integration/pg_cluster.sh\n");
        CHECK_MSG(0, "BH_TEST_PG is not set");
        return;
    }
    itest_srv a, b;
    itest_init(&a, bin);
    itest_init(&b, bin); /* the same database: both emptied it, before either started */
    char key[160];
    snprintf(key, sizeof key, "%s/seat.key", a.dir); /* one key for the cluster's tokens */
    CHECK_MSG(start_node(&a, "a", key) == 0, "node a did not start");
    CHECK_MSG(start_node(&b, "b", key) == 0, "node b did not start");
    wsc_ctx *x = wsc_ctx_new();
    itest_game g = {0};
    char e[64], buf[64];

    /* On a: a game, four players, three acknowledged moves. */
    CHECK_EQ_INT("create on a", 0, itest_create_game(x, &a, &g, 60000, false));
    for (int seat = 0; seat < 4; seat++)
        free(itest_seat(x, &a, &g, seat));
    long long black_a_ms = itest_three_moves(&g, NULL);
    char *r;

    /* a dies; b takes the game over. */
    CHECK_EQ_INT("a killed", 128 + SIGKILL, itest_stop(&a, SIGKILL));
    long long t0 = now_ms();
    for (int i = 0; i < 4; i++) /* a's connections: closed with it */
        wsc_free(g.p[i]), g.p[i] = NULL;
    wsc_free(g.dir);
    g.dir = NULL;
    r = seat_when_live(x, &b, &g, 3);
    long long took = now_ms() - t0;
    CHECK_MSG(r != NULL, "b never took the game over");
    printf("takeover of a killed node: %lld ms (lease %d ms)\n", took, LEASE_MS);
    fflush(stdout); /* before a child's freopen of stdout could flush it again */
    /* a had renewed less than 3/4 of a lease before it was killed (else it would have fenced
     * itself): its lease held at least a quarter more */
    CHECK_MSG(took >= LEASE_MS / 4, "taken over %lld ms after the kill, inside a's lease", took);
    CHECK_EQ_STR("resumed on b", "resumed", jstr(r, "recovery", buf, sizeof buf));
    CHECK_EQ_INT("the three acknowledged moves", 3, itest_count(r, "\"kind\":\"move\""));
    CHECK_EQ_INT("black A's stopped clock kept", black_a_ms, itest_clock_ms(r, 1));
    long long black_b_ms = itest_clock_ms(r, 3);
    CHECK_MSG(black_b_ms > 59000, "black B (on move) charged the outage of %lld ms: %lld", took,
              black_b_ms);
    printf("clock credit: black B on move at %lld ms after an outage of %lld ms\n", black_b_ms,
           took);
    fflush(stdout);
    free(r);
    for (int seat = 0; seat < 3; seat++)
        free(seat_when_live(x, &b, &g, seat));
    r = itest_move(g.p[3], g.game, 30, "B", 1, "d7d5");
    CHECK_EQ_STR("d5 on b", "ack", jstr(r, "type", e, sizeof e));
    free(r);

    /* A server without --node does not start beside a live node: it would run b's game too. */
    itest_srv plain = b; /* b's folder and database; its own process */
    plain.pid = 0;
    CHECK_MSG(itest_start(&plain, NULL) != 0, "a server without --node started beside node b");
    char *blog = itest_slurp(b.log);
    CHECK_MSG(strstr(blog, "start this server with --node too") != NULL, "no reason logged");
    free(blog);

    /* a comes back: a seat token or a join for b's game there is told where it runs (the
     * web page then connects again with ?node=b, which HAProxy routes to b; a node takes that
     * path as it takes "/"). */
    CHECK_MSG(start_node(&a, "a", key) == 0, "node a did not restart");
    wsc *lost = itest_connect(x, &a, NULL);
    char msg[160];
    snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":50,\"token\":\"%s\"}", g.tokens[0]);
    r = itest_call(lost, msg);
    CHECK_EQ_STR("a seat token on a: moved", "moved", ecode(r, e));
    CHECK_EQ_STR("to b", "b", jstr(r, "node", buf, sizeof buf));
    free(r);
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":51,\"game\":%lld}", g.game);
    r = itest_call(lost, msg);
    CHECK_EQ_STR("a join on a: moved", "moved", ecode(r, e));
    CHECK_EQ_STR("to b too", "b", jstr(r, "node", buf, sizeof buf));
    CHECK_EQ_STR("naming the field", "game", jstr(r, "field", buf, sizeof buf));
    free(r);
    wsc_free(lost);
    wsc_opts to_b = {.host = "127.0.0.1", .port = b.port, .tls = true, .path = "/?node=b"};
    wsc *routed = wsc_connect(x, &to_b, 3000);
    r = routed ? itest_call(routed, msg) : NULL;
    CHECK_MSG(r && strstr(r, "\"status\":\"live\""), "join on b by /?node=b: %s", r ? r : "(none)");
    free(r);
    wsc_free(routed);

    /* b is paused past its lease: a takes the game over. */
    kill(b.pid, SIGSTOP);
    t0 = now_ms();
    itest_game on_a = g; /* the tokens; its connections are opened by seat_when_live */
    for (int i = 0; i < 4; i++)
        on_a.p[i] = NULL;
    r = seat_when_live(x, &a, &on_a, 2);
    took = now_ms() - t0;
    CHECK_MSG(r != NULL, "a never took the game over from the paused b");
    printf("takeover of a paused node: %lld ms (lease %d ms)\n", took, LEASE_MS);
    fflush(stdout);
    CHECK_EQ_INT("four moves", 4, itest_count(r, "\"kind\":\"move\""));
    free(r);
    r = itest_move(on_a.p[2], g.game, 40, "B", 2, "c1f4");
    CHECK_EQ_STR("Bf4 on a", "ack", jstr(r, "type", e, sizeof e));
    free(r);

    /* b wakes: a move sent to it is not acknowledged, and it stops, fenced. */
    kill(b.pid, SIGCONT);
    snprintf(msg, sizeof msg,
             "{\"type\":\"move\",\"id\":41,\"game\":%lld,\"board\":\"A\",\"ply\":2,"
             "\"move\":\"g1f3\"}",
             g.game);
    r = itest_call_via(g.p[0], msg, 20, 5000, wsc_recv);
    CHECK_MSG(!r || !strstr(r, "\"type\":\"ack\""), "the paused node acknowledged: %s", r);
    free(r);
    CHECK_EQ_INT("b stops, fenced", 3, exit_within(&b, 10000));
    itest_game_free(&g);

    /* a stops cleanly and gives up its lease; a last node takes the game over at its start
     * and replays it from the database. */
    CHECK_EQ_INT("a stops", 0, itest_stop(&a, SIGTERM));
    char cmd[512];
    snprintf(cmd, sizeof cmd,
             "test \"$(psql -qAtX '%s' -c \"SELECT lease_until_ms FROM nodes WHERE name = 'a'\")\""
             " = 0",
             a.db);
    CHECK_EQ_INT("a's lease given up", 0, itest_sh(cmd));
    CHECK_MSG(start_node(&a, "c", key) == 0, "node c did not start");
    t0 = now_ms();
    r = seat_when_live(x, &a, &on_a, 1);
    printf("takeover after a clean stop, from the new node's start: %lld ms\n", now_ms() - t0);
    fflush(stdout);
    CHECK_EQ_INT("every acknowledged move once", 5, itest_count(r, "\"kind\":\"move\""));
    CHECK_MSG(r && strstr(r, "\"text\":\"c1f4\"") && !strstr(r, "\"text\":\"g1f3\""), "moves: %s",
              r ? r : "(none)");
    free(r);

    /* The director ends the game on c; on node d, started after c stopped, the director sets
     * its result again: a finished game is any node's to show and to correct (d never owned
     * it), and d goes on. */
    set_result(x, &a, 80, on_a.game, "1-0", "adjudicated");
    CHECK_EQ_INT("c stops", 0, itest_stop(&a, SIGTERM));
    CHECK_MSG(start_node(&a, "d", key) == 0, "node d did not start");
    set_result(x, &a, 81, on_a.game, "0-1", "appeal");
    wsc *viewer = itest_connect(x, &a, NULL);
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":82,\"game\":%lld}", on_a.game);
    r = itest_call(viewer, msg);
    CHECK_MSG(r && strstr(r, "\"status\":\"finished\"") && strstr(r, "\"result\":\"0-1\""),
              "the game on d: %s", r ? r : "(none)");
    free(r);
    wsc_free(viewer);
    itest_game_free(&on_a);
    wsc_ctx_free(x);
    if (bh_test_failures_)
        itest_dump_log(&b);
    itest_cleanup(&b);
    ITEST_FINISH(&a);
}

/* A free TCP port on 127.0.0.1 (bound, read, released: HAProxy binds it just after). */
static int free_port(void)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in sa = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t n = sizeof sa;
    int port = -1;
    if (fd >= 0 && bind(fd, (struct sockaddr *)&sa, sizeof sa) == 0 &&
        getsockname(fd, (struct sockaddr *)&sa, &n) == 0)
        port = ntohs(sa.sin_port);
    if (fd >= 0)
        close(fd);
    return port;
}

/* A connection through HAProxy at port to path ("/", "/?node=a"); NULL if none within 3 s. */
static wsc *via(wsc_ctx *x, int port, const char *path)
{
    wsc_opts o = {.host = "127.0.0.1", .port = port, .tls = true, .path = path};
    return wsc_connect(x, &o, 3000);
}

/* What the web page does (clients/web/js/net.js): connect through HAProxy (path first),
 * authenticate with the seat's token and, on `moved`, connect again with ?node=NAME; a refused
 * or dropped connection is tried again. Up to 30 s. Returns the connection holding the seat
 * (its authed reply checked) and the node it was sent to last in node ("" when never moved),
 * or NULL. */
static wsc *seat_via(wsc_ctx *x, int port, const char *first, const char *token, char node[64],
                     int *moves)
{
    char path[96], msg[160];
    snprintf(path, sizeof path, "%s", first);
    node[0] = '\0';
    *moves = 0;
    for (int i = 0; i < 150; i++) {
        wsc *c = via(x, port, path);
        snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":%d,\"token\":\"%s\"}", 60 + i, token);
        char *r = c ? itest_call(c, msg) : NULL;
        char e[32];
        if (r && strstr(r, "\"role\":\"player\"")) {
            free(r);
            return c;
        }
        if (r && strcmp(ecode(r, e), "moved") == 0) {
            jstr(r, "node", node, 64);
            snprintf(path, sizeof path, "/?node=%s", node);
            (*moves)++;
        }
        free(r);
        wsc_free(c);
        itest_sleep_ms(200);
    }
    return NULL;
}

static void haproxy_routes(void)
{
    if (!getenv("BH_TEST_PG")) {
        CHECK_MSG(0, "BH_TEST_PG is not set: run it under tests/integration/pg_cluster.sh");
        return;
    }
    itest_srv a, b;
    itest_init(&a, bin);
    itest_init(&b, bin);
    char key[160], pem[160], cfg[160], hlog[160], cmd[1024];
    snprintf(key, sizeof key, "%s/seat.key", a.dir);
    CHECK_MSG(start_node(&a, "a", key) == 0, "node a did not start");
    CHECK_MSG(start_node(&b, "b", key) == 0, "node b did not start");
    /* HAProxy's certificate: node a's development one (made at its start), key appended */
    snprintf(pem, sizeof pem, "%s/haproxy.pem", a.dir);
    snprintf(cfg, sizeof cfg, "%s/haproxy.cfg", a.dir);
    snprintf(hlog, sizeof hlog, "%s/haproxy.log", a.dir);
    int port = free_port();
    snprintf(cmd, sizeof cmd,
             "cat %s/certs/dev-cert.pem %s/certs/dev-key.pem > %s && scripts/haproxy-cfg.sh "
             "--bind 127.0.0.1:%d --pem %s --tls-nodes --maxconn 1000 a=127.0.0.1:%d "
             "b=127.0.0.1:%d > %s",
             a.dir, a.dir, pem, port, pem, a.port, b.port, cfg);
    CHECK_EQ_INT("haproxy.cfg", 0, itest_sh(cmd));
    const char *hap[] = {"/usr/sbin/haproxy", "-db", "-f", cfg, NULL};
    pid_t hp = itest_spawn(hap, hlog);
    wsc_ctx *x = wsc_ctx_new();
    wsc *probe = NULL;
    for (int i = 0; i < 100 && !probe; i++) {
        itest_sleep_ms(50);
        probe = via(x, port, "/");
    }
    CHECK_MSG(probe != NULL, "HAProxy does not answer on port %d", port);
    wsc_free(probe);

    /* The director creates a game through HAProxy (on a or b: round robin); its seats come in
     * through "/" too, and those that land on the other node are moved. */
    itest_game g = {0};
    itest_srv on_a = a;
    on_a.port = port; /* itest_create_game connects to on_a.port: HAProxy */
    CHECK_EQ_INT("create through HAProxy", 0, itest_create_game(x, &on_a, &g, 60000, false));
    char node[64];
    int moves = 0, moved_total = 0;
    char msg[96], owner[64] = "";
    /* seat 0 asks for a, seat 1 for b: one of them is sent on */
    static const char *const first[] = {"/?node=a", "/?node=b", "/", "/"};
    for (int seat = 0; seat < 4; seat++) {
        g.p[seat] = seat_via(x, port, first[seat], g.tokens[seat], node, &moves);
        CHECK_MSG(g.p[seat] != NULL, "seat %d never reached its game", seat);
        moved_total += moves;
        if (moves && !owner[0])
            snprintf(owner, sizeof owner, "%s", node);
        CHECK_MSG(moves == 0 || strcmp(node, owner) == 0, "seat %d sent to node %s, not %s", seat,
                  node, owner);
        snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":70,\"game\":%lld}", g.game);
        free(g.p[seat] ? itest_call(g.p[seat], msg) : NULL);
    }
    if (!g.p[0] || !g.p[1] || !g.p[2] || !g.p[3])
        goto done;
    /* the seat that asked for the other node was moved (and those that landed there) */
    printf("through HAProxy: %d of 4 seats were sent to node %s by moved\n", moved_total, owner);
    fflush(stdout);
    CHECK_MSG(moved_total >= 1, "no seat landed on the other node (round robin over a and b)");
    if (!owner[0])
        goto done;
    char e[64];
    char *r = itest_move(g.p[0], g.game, 20, "A", 0, "e2e4");
    CHECK_EQ_STR("e4 through HAProxy", "ack", jstr(r, "type", e, sizeof e));
    free(r);

    /* The owner dies: the seats' URL (?node=owner) now reaches the other node, which takes
     * the game over. */
    itest_srv *dead = strcmp(owner, "b") == 0 ? &b : &a;
    CHECK_EQ_INT("the owner killed", 128 + SIGKILL, itest_stop(dead, SIGKILL));
    for (int seat = 0; seat < 4; seat++)
        wsc_free(g.p[seat]), g.p[seat] = NULL;
    wsc_free(g.dir);
    g.dir = NULL;
    char again[80];
    snprintf(again, sizeof again, "/?node=%s", owner); /* the page's URL since it was moved */
    g.p[1] = seat_via(x, port, again, g.tokens[1], node, &moves);
    CHECK_MSG(g.p[1] != NULL, "seat 1 never reached its game after %s died", owner);
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":71,\"game\":%lld}", g.game);
    r = g.p[1] ? itest_call(g.p[1], msg) : NULL;
    CHECK_MSG(r && strstr(r, "\"status\":\"live\"") && strstr(r, "\"text\":\"e2e4\""),
              "the game on the other node: %s", r ? r : "(none)");
    free(r);
    r = g.p[1] ? itest_move(g.p[1], g.game, 21, "A", 1, "e7e5") : NULL;
    CHECK_EQ_STR("e5 on the other node through HAProxy", "ack", jstr(r, "type", e, sizeof e));
    free(r);

done:
    itest_game_free(&g);
    wsc_ctx_free(x);
    CHECK_MSG(itest_reap(hp) >= 0, "HAProxy");
    if (bh_test_failures_) {
        snprintf(cmd, sizeof cmd, "tail -n 20 %s >&2", hlog);
        itest_sh(cmd);
        itest_dump_log(&a);
    }
    itest_srv *gone = strcmp(owner, "b") == 0 ? &b : &a; /* killed, or a after a failure */
    itest_cleanup(gone);
    ITEST_FINISH(gone == &a ? &b : &a);
}

static const bh_test_case cases[] = {
    {"kill_and_stop", kill_and_stop},
    {"haproxy_routes", haproxy_routes},
};

ITEST_MAIN(cases)
