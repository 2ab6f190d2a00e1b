/* load.c: load generator: N concurrent games of four player connections (plus a director)
 * over wss against a bughouse-server it starts itself; every board plays knight shuffles
 * (legal forever, no captures) as fast as the acks come back. Prints throughput and the
 * move -> ack latency percentiles. SPDX-License-Identifier: MIT
 * Usage (repo root): build/release/bench/load/bench_load [GAMES [PLIES_PER_BOARD [THINK_MS]]]
 * THINK_MS = 0 (default) is a closed loop: each board sends its next move as soon as the
 * previous one is acknowledged, so the latency includes queueing at saturation; with a think
 * time the boards move like players and the latency is the service time at that load.
 * The client is one thread on the same machine: on a small box it shares the CPU with the
 * server, so the figures are a floor, not the server's ceiling. */
#include <stdint.h>

#include "itest.h"

static const char *const shuffle[2][4] = {
    {"g1f3", "g8f6", "f3g1", "f6g8"}, /* board A */
    {"b1c3", "b8c6", "c3b1", "c6b8"}, /* board B */
};

typedef struct {
    itest_game g;
    int ply[2];           /* next ply per board */
    long long sent_us[2]; /* when the outstanding move was sent, 0 if none */
    long long due_us[2];  /* when the next move is to be sent, 0 if none is waiting */
} bgame;

static long long now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static int cmp_ll(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

/* Send the next move of board b of game bg. */
static void send_next(bgame *bg, int b)
{
    int ply = bg->ply[b];
    int seat = 2 * b + (ply & 1); /* White on even plies */
    char msg[200];
    snprintf(msg, sizeof msg,
             "{\"type\":\"move\",\"id\":%d,\"game\":%lld,\"board\":\"%c\","
             "\"ply\":%d,\"move\":\"%s\"}",
             ply, bg->g.game, b ? 'B' : 'A', ply, shuffle[b][ply % 4]);
    bg->sent_us[b] = now_us();
    wsc_send(bg->g.p[seat], msg);
}

int main(int argc, char **argv)
{
    int ngames = argc > 1 ? atoi(argv[1]) : 25;
    int plies = argc > 2 ? atoi(argv[2]) : 40;
    long long think_us = argc > 3 ? atoll(argv[3]) * 1000 : 0;
    const char *bin = getenv("BH_SERVER") ? getenv("BH_SERVER") : BH_SERVER_PATH;
    signal(SIGPIPE, SIG_IGN);
    itest_srv srv;
    itest_init(&srv, bin);
    const char *args[] = {"--rules", "online", "--rate", "1000", "--burst", "1000", NULL};
    if (itest_start(&srv, args) != 0) {
        fprintf(stderr, "server did not start\n");
        itest_dump_log(&srv);
        return 1;
    }
    wsc_ctx *x = wsc_ctx_new();
    bgame *games = calloc((size_t)ngames, sizeof *games);
    long long t_setup = now_us();
    for (int i = 0; i < ngames; i++) {
        games[i].g.dir = i ? games[0].g.dir : NULL;
        if (itest_create_game(x, &srv, &games[i].g, 600000, i > 0) != 0) {
            fprintf(stderr, "game %d: create failed\n", i);
            return 1;
        }
        for (int s = 0; s < 4; s++)
            free(itest_seat(x, &srv, &games[i].g, s));
    }
    printf("setup: %d games, %d connections in %.2f s\n", ngames, 4 * ngames + 1,
           (double)(now_us() - t_setup) / 1e6);
    size_t cap = (size_t)ngames * 2 * (size_t)plies, nlat = 0;
    long long *lat = malloc(cap * sizeof *lat);
    long long t0 = now_us();
    for (int i = 0; i < ngames; i++)
        for (int b = 0; b < 2; b++)
            send_next(&games[i], b);
    int active = 2 * ngames, errors = 0;
    while (active > 0) {
        wsc_pump(x, 0);
        for (int i = 0; i < ngames; i++) {
            for (int s = 0; s < 4; s++) {
                char *m;
                while ((m = wsc_recv(games[i].g.p[s], 0))) {
                    if (strstr(m, "\"type\":\"ack\"") || strstr(m, "\"type\":\"error\"")) {
                        int b = s >> 1;
                        if (strstr(m, "\"type\":\"error\"")) {
                            if (errors++ < 5)
                                fprintf(stderr, "error: %s\n", m);
                        }
                        if (nlat < cap)
                            lat[nlat++] = now_us() - games[i].sent_us[b];
                        if (++games[i].ply[b] < plies && think_us == 0)
                            send_next(&games[i], b);
                        else if (games[i].ply[b] < plies)
                            games[i].due_us[b] = now_us() + think_us;
                        else
                            active--;
                    }
                    free(m);
                }
            }
        }
        long long t = now_us();
        for (int i = 0; think_us && i < ngames; i++)
            for (int b = 0; b < 2; b++)
                if (games[i].due_us[b] && games[i].due_us[b] <= t) {
                    games[i].due_us[b] = 0;
                    send_next(&games[i], b);
                }
        if (now_us() - t0 > 120000000LL) {
            fprintf(stderr, "timeout with %d boards still playing\n", active);
            break;
        }
    }
    double el = (double)(now_us() - t0) / 1e6;
    qsort(lat, nlat, sizeof *lat, cmp_ll);
    printf("moves: %zu in %.2f s = %.0f moves/s, errors %d\n", nlat, el, (double)nlat / el, errors);
    if (nlat)
        printf("move->ack latency: p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
               (double)lat[nlat / 2] / 1000, (double)lat[nlat * 99 / 100] / 1000,
               (double)lat[nlat - 1] / 1000);
    for (int i = 0; i < ngames; i++) {
        if (i)
            games[i].g.dir = NULL;
        itest_game_free(&games[i].g);
    }
    wsc_ctx_free(x);
    itest_stop(&srv, SIGTERM);
    itest_cleanup(&srv);
    free(lat);
    free(games);
    return errors ? 1 : 0;
}
