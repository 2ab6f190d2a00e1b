/* test_ws_league_push.c: the `league` push under load (seed 003 at full size: 20
 * teams in 4 groups, 10 boards; the loop never stalls). K connections (env
 * BH_PUSH_SUBS, default 20) sent league_get and so take the league's pushes; the director
 * starts the group stage (one action list: 4 groups' round robins, 400 challenges), then a
 * storm of S league_send messages (env BH_PUSH_SENDS, default 40) arrives from the
 * subscribers at once. Counted per subscriber: `league` pushes and their bytes; the longest
 * ping round trip of a probe connection during the storm (a stalled loop shows there).
 * Asserted: the pushes are coalesced (protocol/README.md "Server pushes": at most one per league
 * every 250 ms, the last state always sent): the league start is at most 2 pushes, two pushes
 * of the storm are 250 ms apart at least by their server_ms, and the last push equals
 * league_get's reply (without its id and server_ms).
 * The figures go to stdout ("PUSH ..." lines).
 * SPDX-License-Identifier: MIT */
#include <cjson/cJSON.h>

#include "itest.h"
#include "now.h"

static const char *bin;

#define NT 20
#define NB 10
#define NP 12 /* players a team: 10 boards + 2 reserves */
#define MAXK 200

typedef struct {
    wsc *c;
    int pushes;
    long long bytes;
    char *last; /* the last league push */
    int acks;
    long long prev_ms, min_gap_ms; /* server_ms of the last push; the least gap between two */
} sub;

static sub subs[MAXK];
static int K;
static int next_id = 1000000; /* above every player id (their ids are in the frames) */

static int env_int(const char *name, int def, int lo, int hi)
{
    const char *v = getenv(name);
    int n = v && *v ? atoi(v) : def;
    return n < lo ? lo : n > hi ? hi : n;
}

static bool is_push(const char *f)
{
    return strncmp(f, "{\"type\":\"league\",", 17) == 0 && strncmp(f + 17, "\"id\":", 5) != 0;
}

/* Read what sub i has now (each frame within ms): pushes counted, acks counted. */
static void drain(int i, int ms)
{
    char *f;
    while ((f = wsc_recv(subs[i].c, ms))) {
        if (getenv("BH_PUSH_DEBUG") && i == 0)
            fprintf(stderr, "sub0 %.60s\n", f);
        if (is_push(f)) {
            subs[i].pushes++;
            subs[i].bytes += (long long)strlen(f);
            long long at = jint(f, "server_ms", 0); /* the first: the snapshot's own */
            if (subs[i].prev_ms &&
                (subs[i].min_gap_ms < 0 || at - subs[i].prev_ms < subs[i].min_gap_ms))
                subs[i].min_gap_ms = at - subs[i].prev_ms;
            subs[i].prev_ms = at;
            free(subs[i].last);
            subs[i].last = f;
            continue;
        }
        if (strstr(f, "\"type\":\"ack\""))
            subs[i].acks++;
        else if (getenv("BH_PUSH_DEBUG") || strstr(f, "\"type\":\"error\""))
            fprintf(stderr, "subscriber %d: %s\n", i, f);
        free(f);
        ms = 0;
    }
}

static void reset(void)
{
    for (int i = 0; i < K; i++)
        subs[i].pushes = 0, subs[i].bytes = 0, subs[i].acks = 0, subs[i].min_gap_ms = -1;
}

/* Drain every subscriber until quiet_ms pass without a frame anywhere (or until_ms). */
static void drain_all(int quiet_ms, int64_t until_ms)
{
    int64_t last = now_wall_ms();
    while (now_wall_ms() - last < quiet_ms && now_wall_ms() < until_ms) {
        int before = 0, after = 0;
        for (int i = 0; i < K; i++)
            before += subs[i].pushes + subs[i].acks;
        for (int i = 0; i < K; i++)
            drain(i, i == 0 ? 20 : 0);
        for (int i = 0; i < K; i++)
            after += subs[i].pushes + subs[i].acks;
        if (after != before)
            last = now_wall_ms();
    }
}

static void figures(const char *what, int64_t ms)
{
    int mx = 0, mn = 1 << 30;
    long long bytes = 0, bmax = 0;
    for (int i = 0; i < K; i++) {
        mx = subs[i].pushes > mx ? subs[i].pushes : mx;
        mn = subs[i].pushes < mn ? subs[i].pushes : mn;
        bytes += subs[i].bytes;
        bmax = subs[i].bytes > bmax ? subs[i].bytes : bmax;
    }
    printf("PUSH %s: %d subscribers, pushes/sub min %d max %d, bytes/sub max %lld (all %lld), "
           "%lld ms\n",
           what, K, mn, mx, bmax, bytes, (long long)ms);
}

/* The reply's JSON without "id" equals the push's JSON (server_ms aside)? */
static bool same_as_get(const char *push, const char *reply)
{
    cJSON *a = push ? cJSON_Parse(push) : NULL, *b = reply ? cJSON_Parse(reply) : NULL;
    if (b)
        cJSON_DeleteItemFromObject(b, "id");
    if (a && b) { /* the instant of the encoding */
        cJSON_DeleteItemFromObject(a, "server_ms");
        cJSON_DeleteItemFromObject(b, "server_ms");
    }
    bool eq = a && b && cJSON_Compare(a, b, true);
    cJSON_Delete(a);
    cJSON_Delete(b);
    return eq;
}

static char *call(wsc *c, const char *body)
{
    char json[8192];
    snprintf(json, sizeof json, "{\"id\":%d,%s", next_id++, body);
    return itest_call_via(c, json, 100000, 10000, wsc_recv);
}

static void league_push(void)
{
    K = env_int("BH_PUSH_SUBS", 20, 1, MAXK);
    int S = env_int("BH_PUSH_SENDS", 40, 1, 400);
    itest_srv s;
    itest_init(&s, bin);
    CHECK_MSG(itest_start(&s, NULL) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    wsc *dir = itest_connect(x, &s, NULL), *probe = itest_connect(x, &s, NULL);
    char body[8192], tokv[NT + 1][NP + 1][40];
    snprintf(body, sizeof body, "\"type\":\"auth\",\"token\":\"%s\"}", ITEST_ADMIN);
    free(call(dir, body));
    char *r = call(dir, "\"type\":\"league_create\",\"name\":\"Seed 003 League\","
                        "\"first_valid_ms\":3600000,\"second_valid_ms\":3600000}");
    long long L = jint(r, "league", -1);
    free(r);
    CHECK_MSG(L > 0, "league_create");
    for (int t = 1; t <= NT; t++) {
        char pl[4096];
        size_t n = 0;
        for (int i = 1; i <= NP; i++)
            n += (size_t)snprintf(pl + n, sizeof pl - n,
                                  "%s{\"id\":%d,\"name\":\"Player %d.%d\",\"rating\":%d}",
                                  i > 1 ? "," : "", t * 100 + i, t, i, 2500 - 7 * t - 11 * i);
        snprintf(body, sizeof body,
                 "\"type\":\"league_team\",\"league\":%lld,\"name\":\"Team %d\","
                 "\"captain\":%d,\"players\":[%s]}",
                 L, t, t * 100 + 1, pl);
        r = call(dir, body);
        for (int i = 1; i <= NP; i++) {
            char k[32];
            snprintf(k, sizeof k, "\"player\":%d,", t * 100 + i);
            jstr(r ? strstr(r, k) : NULL, "token", tokv[t][i], sizeof tokv[0][0]);
        }
        CHECK_MSG(tokv[t][1][0], "team %d: %s", t, r ? r : "(none)");
        free(r);
    }
    snprintf(body, sizeof body, "\"type\":\"league_get\",\"league\":%lld}", L);
    for (int i = 0; i < K; i++) {
        subs[i].c = itest_connect(x, &s, NULL);
        CHECK_MSG(subs[i].c != NULL, "subscriber %d", i);
        free(call(subs[i].c, body));
    }
    wsc_pump(x, 300); /* the registration's pushes, if any, are read and dropped */
    for (int i = 0; i < K; i++)
        drain(i, 0);

    /* 1. the group stage starts: one message, one action list */
    reset();
    int64_t t0 = now_wall_ms();
    snprintf(body, sizeof body, "\"type\":\"league_start\",\"league\":%lld}", L);
    r = call(dir, body);
    int64_t ack_ms = now_wall_ms() - t0;
    CHECK_MSG(r && strstr(r, "\"ack\""), "league_start: %s", r ? r : "(none)");
    free(r);
    drain_all(600, t0 + 90000);
    figures("league_start", now_wall_ms() - t0);
    printf("PUSH league_start: ack after %lld ms\n", (long long)ack_ms);
    for (int i = 0; i < K; i++)
        CHECK_MSG(subs[i].pushes >= 1 && subs[i].pushes <= 2,
                  "subscriber %d: %d pushes for one stage start", i, subs[i].pushes);
    snprintf(body, sizeof body, "\"type\":\"league_get\",\"league\":%lld}", L);
    r = call(dir, body);
    CHECK_MSG(same_as_get(subs[K - 1].last, r), "the last push is league_get's reply");

    /* 2. the storm: S challenges sent at once (the senders' tokens, from the subscribers) */
    cJSON *sn = cJSON_Parse(r);
    free(r);
    char(*msgs)[512] = calloc((size_t)S, sizeof *msgs);
    int ns = 0;
    const cJSON *m, *g;
    cJSON_ArrayForEach(m, cJSON_GetObjectItem(sn, "fixtures"))
    {
        cJSON_ArrayForEach(g, cJSON_GetObjectItem(m, "games"))
        {
            const char *side = cJSON_GetStringValue(cJSON_GetObjectItem(g, "sender"));
            int p = (int)cJSON_GetNumberValue(
                cJSON_GetObjectItem(g, side && strcmp(side, "white") == 0 ? "white" : "black"));
            if (ns == S || p / 100 < 1 || p / 100 > NT || p % 100 < 1 || p % 100 > NP)
                continue;
            snprintf(msgs[ns], sizeof msgs[0],
                     "{\"id\":%d,\"type\":\"league_send\",\"league\":%lld,\"token\":\"%s\","
                     "\"stage\":1,\"match\":%d,\"board\":%d,\"start_ms\":%lld}",
                     next_id++, L, tokv[p / 100][p % 100],
                     (int)cJSON_GetNumberValue(cJSON_GetObjectItem(m, "match")),
                     (int)cJSON_GetNumberValue(cJSON_GetObjectItem(g, "board")),
                     (long long)now_wall_ms() + 86400000LL);
            ns++;
        }
    }
    cJSON_Delete(sn);
    CHECK_EQ_INT("challenges to send", S, ns);
    reset();
    t0 = now_wall_ms();
    for (int i = 0; i < ns; i++)
        wsc_send(subs[i % K].c, msgs[i]);
    free(msgs);
    /* the probe pings while the storm runs: the longest round trip */
    int64_t worst = 0;
    int acks = 0, pings = 0;
    while (now_wall_ms() - t0 < 60000) {
        char ping[64];
        snprintf(ping, sizeof ping, "{\"id\":%d,\"type\":\"ping\"}", next_id++);
        int64_t p0 = now_wall_ms();
        char *pr = itest_call_via(probe, ping, 100, 10000, wsc_recv);
        int64_t rtt = now_wall_ms() - p0;
        free(pr);
        pings++;
        worst = rtt > worst ? rtt : worst;
        for (int i = 0; i < K; i++)
            drain(i, 0);
        acks = 0;
        for (int i = 0; i < K; i++)
            acks += subs[i].acks;
        if (acks >= ns)
            break;
        wsc_pump(x, 5);
    }
    int64_t storm_ms = now_wall_ms() - t0;
    drain_all(600, t0 + 90000);
    acks = 0;
    for (int i = 0; i < K; i++)
        acks += subs[i].acks;
    CHECK_EQ_INT("every league_send acknowledged", ns, acks);
    figures("storm", storm_ms);
    printf("PUSH storm: least gap between two pushes %lld ms (subscriber 0)\n", subs[0].min_gap_ms);
    printf(
        "PUSH storm: %d league_send acked in %lld ms, longest ping round trip %lld ms (%d pings)\n",
        acks, (long long)storm_ms, (long long)worst, pings);
    /* At most one push every 250 ms, whatever the client's speed. By the pushes' server_ms
     * (read at the encoding, up to a turn's length after the turn's instant the gap counts
     * from: slack for a loaded machine); one push per change, as before, is 0-15 ms apart. */
    int cap = 2 + (int)(storm_ms / 250);
    for (int i = 0; i < K; i++) {
        CHECK_MSG(subs[i].pushes >= 1 && subs[i].pushes <= cap,
                  "subscriber %d: %d pushes in a storm of %lld ms (at most %d)", i, subs[i].pushes,
                  (long long)storm_ms, cap);
        CHECK_MSG(subs[i].min_gap_ms < 0 || subs[i].min_gap_ms >= 100,
                  "subscriber %d: two pushes %lld ms apart (at least 250)", i, subs[i].min_gap_ms);
    }
    r = call(dir, body);
    for (int i = 0; i < K; i++)
        CHECK_MSG(same_as_get(subs[i].last, r), "subscriber %d: the last push is league_get's", i);
    free(r);
    for (int i = 0; i < K; i++) {
        free(subs[i].last);
        wsc_free(subs[i].c);
    }
    wsc_free(probe);
    wsc_free(dir);
    wsc_ctx_free(x);
    ITEST_FINISH(&s);
}

static const bh_test_case cases[] = {
    {"league_push", league_push},
};

ITEST_MAIN(cases)
