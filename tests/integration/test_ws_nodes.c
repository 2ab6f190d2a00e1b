/* test_ws_nodes.c: two server nodes on one PostgreSQL database (bughouse-server --node), the
 * scenarios of issue "past one machine" item 2. Node a owns a game and is killed with SIGKILL:
 * node b takes it over once a's lease ran out, with every acknowledged move, the clocks as
 * they stood at the last stored event (the outage not charged to the player on move), and the
 * players go on there. Then b is paused with SIGSTOP past its lease: a (restarted) takes the
 * game over, and b, resumed, acknowledges nothing more and stops with status 3 (fenced). A
 * last node replays the game from the database: each acknowledged move once, nothing else.
 * Run by ctest test_ws_nodes_pg under pg_cluster.sh (BH_TEST_PG). SPDX-License-Identifier: MIT */
#include "itest.h"

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
    char *r = itest_move(g.p[0], g.game, 20, "A", 0, "e2e4");
    CHECK_EQ_STR("e4", "ack", jstr(r, "type", e, sizeof e));
    free(r);
    r = itest_move(g.p[1], g.game, 21, "A", 1, "e7e5");
    CHECK_EQ_STR("e5", "ack", jstr(r, "type", e, sizeof e));
    free(r);
    r = itest_move(g.p[2], g.game, 22, "B", 0, "d2d4");
    CHECK_EQ_STR("d4", "ack", jstr(r, "type", e, sizeof e));
    free(r);
    char *delta = NULL;
    for (int i = 0; i < 3; i++) {
        free(delta);
        delta = wsc_recv_type(g.p[3], "move", 3000);
    }
    long long black_a_ms = itest_clock_ms(delta, 1);
    free(delta);
    CHECK_MSG(black_a_ms > 50000 && black_a_ms < 60000, "black A clock %lld", black_a_ms);

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

    /* a comes back; b is paused past its lease: a takes the game over. */
    CHECK_MSG(start_node(&a, "a", key) == 0, "node a did not restart");
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
    char msg[160];
    snprintf(msg, sizeof msg,
             "{\"type\":\"move\",\"id\":41,\"game\":%lld,\"board\":\"A\",\"ply\":2,"
             "\"move\":\"g1f3\"}",
             g.game);
    r = itest_call_via(g.p[0], msg, 20, 5000, wsc_recv);
    CHECK_MSG(!r || !strstr(r, "\"type\":\"ack\""), "the paused node acknowledged: %s", r);
    free(r);
    CHECK_EQ_INT("b stops, fenced", 3, exit_within(&b, 10000));
    itest_game_free(&g);

    /* A last node replays the game from the database. */
    CHECK_EQ_INT("a stops", 0, itest_stop(&a, SIGTERM));
    CHECK_MSG(start_node(&a, "c", key) == 0, "node c did not start");
    r = seat_when_live(x, &a, &on_a, 1);
    CHECK_EQ_INT("every acknowledged move once", 5, itest_count(r, "\"kind\":\"move\""));
    CHECK_MSG(r && strstr(r, "\"text\":\"c1f4\"") && !strstr(r, "\"text\":\"g1f3\""),
              "moves: %s", r ? r : "(none)");
    free(r);
    itest_game_free(&on_a);
    wsc_ctx_free(x);
    if (bh_test_failures_)
        itest_dump_log(&b);
    itest_cleanup(&b);
    ITEST_FINISH(&a);
}

static const bh_test_case cases[] = {
    {"kill_and_stop", kill_and_stop},
};

ITEST_MAIN(cases)
