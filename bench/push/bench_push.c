/* bench_push.c: the bytes an idle spectator receives while round 1 of an N-team Swiss is
 * played (issue 25 item 4: each result had re-sent the whole round to every connection).
 * SPDX-License-Identifier: MIT
 * The hub runs in-process on a temporary sqlite store with a transport of its own: a director
 * creates the event and registers N teams, nobody connects to the games, so every game flags
 * on the clock (5 s), and round 1 ends when all of them have. The spectator's connection
 * folds each push the way the pages do (tourdata.foldPush): a `round` replaces the round, a
 * `round_delta` replaces the matches it carries. For every round push it also counts the
 * bytes of the whole round as folded at that moment: what the same push cost when every
 * change re-sent the whole round (the reference, in the same run). It prints, per N, the
 * pushes, the bytes received and that reference, and checks that the versions ran without a
 * gap and that the folded round equals the snapshot's (tournament_get) at the end.
 * usage: bench_push [N...]   (default 40 200 1000; run from anywhere: the store is in /tmp) */
#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "auth.h"
#include "bh.h"
#include "hub.h"
#include "store.h"

#define ADMIN "bench-admin-token-0123456789"
#define DIRECTOR 1
#define SPECTATOR 2
#define T0 1000000000ULL

typedef struct {
    uint64_t timer_at;
    long pushes;         /* round, round_delta and standings messages to the spectator */
    long long bytes;     /* all bytes to the spectator */
    long long whole;     /* the reference: each round push as the whole round it makes */
    double v;            /* the last push's version */
    bool gap;            /* a version skipped */
    cJSON *round;        /* round 1 as the spectator holds it */
    char *last_snapshot; /* the last tournament message to the director */
} sink;

static void on_send(void *ctx, uint64_t c, const char *buf, size_t len)
{
    sink *s = ctx;
    if (c == DIRECTOR && len > 24 && strncmp(buf, "{\"type\":\"tournament\"", 20) == 0) {
        free(s->last_snapshot);
        s->last_snapshot = strndup(buf, len);
    }
    if (c != SPECTATOR)
        return;
    s->bytes += (long long)len;
    cJSON *m = cJSON_ParseWithLength(buf, len);
    const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(m, "type"));
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(m, "v");
    if (!type || !cJSON_IsNumber(v)) {
        cJSON_Delete(m);
        return;
    }
    s->pushes++;
    s->gap |= s->v && v->valuedouble != s->v + 1;
    s->v = v->valuedouble;
    const cJSON *rn = cJSON_GetObjectItemCaseSensitive(m, "round");
    if (strcmp(type, "standings") == 0 || !cJSON_IsNumber(rn) || rn->valuedouble != 1) {
        s->whole += (long long)len;
        cJSON_Delete(m);
        return;
    }
    if (strcmp(type, "round") == 0) {
        cJSON_Delete(s->round);
        s->round = m;
    } else {
        cJSON *all = cJSON_GetObjectItemCaseSensitive(s->round, "matches");
        const cJSON *x;
        cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(m, "matches"))
        {
            int at = (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(x, "match"));
            if (all && at >= 0 && at < cJSON_GetArraySize(all))
                cJSON_ReplaceItemInArray(all, at, cJSON_Duplicate(x, true));
        }
        cJSON_ReplaceItemInObjectCaseSensitive(
            s->round, "status",
            cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(m, "status"), true));
        cJSON_Delete(m);
    }
    char *text = s->round ? cJSON_PrintUnformatted(s->round) : NULL;
    s->whole += text ? (long long)strlen(text) : 0;
    free(text);
}

static void on_close(void *ctx, uint64_t c, const char *reason)
{
    (void)ctx, (void)c, (void)reason;
}

static void on_timer(void *ctx, uint64_t at)
{
    ((sink *)ctx)->timer_at = at;
}

static void say(hub *h, uint64_t c, const char *json, uint64_t now)
{
    hub_on_text(h, c, json, strlen(json), now);
    hub_turn_end(h);
}

static int one(int n)
{
    char db[64];
    snprintf(db, sizeof db, "/tmp/bench_push_%d.db", (int)getpid());
    sink s = {0};
    store *st = NULL;
    hub *h = NULL;
    hub_config cfg = {.recovery = HUB_RECOVER_RESUME};
    snprintf(cfg.ruleset, sizeof cfg.ruleset, "online");
    auth_hash(ADMIN, cfg.admin_hash);
    hub_io io = {&s, on_send, on_close, on_timer, NULL, NULL};
    if (store_open(db, &st) != BH_OK || hub_new(st, &cfg, &io, T0, &h) != BH_OK) {
        fprintf(stderr, "bench_push: cannot open a hub on %s\n", db);
        return 1;
    }
    hub_on_open(h, DIRECTOR);
    hub_on_open(h, SPECTATOR);
    say(h, DIRECTOR, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ADMIN "\"}", T0);
    say(h, DIRECTOR,
        "{\"type\":\"tournament_create\",\"id\":2,\"name\":\"Bench\",\"base_ms\":5000,"
        "\"ruleset\":\"online\",\"rounds\":3,\"wait_s\":0,\"break_s\":0}",
        T0);
    char msg[320];
    for (int i = 0; i < n; i++) {
        snprintf(msg, sizeof msg,
                 "{\"type\":\"team_register\",\"id\":%d,\"tournament\":1,\"name\":\"Team %04d\","
                 "\"players\":[\"Captain %04d\",\"Partner %04d\"],\"ratings\":[%d,1800]}",
                 3 + i, i, i, i, 2400 - i);
        say(h, DIRECTOR, msg, T0);
    }
    say(h, DIRECTOR, "{\"type\":\"tournament_start\",\"id\":9,\"tournament\":1}", T0);
    /* the timer at its armed instants until round 1's standings came */
    for (int i = 0; i < 100000 && s.timer_at; i++) {
        uint64_t at = s.timer_at;
        s.timer_at = 0;
        hub_on_timer(h, at);
        hub_turn_end(h);
        if (s.round &&
            strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(s.round, "status")),
                   "done") == 0)
            break;
    }
    say(h, DIRECTOR, "{\"type\":\"tournament_get\",\"id\":10,\"tournament\":1}",
        T0 + 3600000000ULL);
    cJSON *snap = cJSON_Parse(s.last_snapshot ? s.last_snapshot : "");
    const cJSON *hist = cJSON_GetObjectItemCaseSensitive(snap, "history");
    const cJSON *r1 = cJSON_GetArrayItem(hist, 0);
    bool same = r1 && s.round &&
                cJSON_Compare(cJSON_GetObjectItemCaseSensitive(r1, "matches"),
                              cJSON_GetObjectItemCaseSensitive(s.round, "matches"), true);
    printf("%6d teams: %6ld pushes, %12lld bytes received; whole rounds: %13lld bytes (%.1fx); "
           "versions %s; the folded round %s the snapshot's\n",
           n, s.pushes, s.bytes, s.whole, s.bytes ? (double)s.whole / (double)s.bytes : 0.0,
           s.gap ? "WITH A GAP" : "without a gap", same ? "equals" : "DIFFERS FROM");
    cJSON_Delete(snap);
    cJSON_Delete(s.round);
    free(s.last_snapshot);
    hub_free(h);
    store_close(st);
    static const char *const files[] = {"", "-wal", "-shm"};
    for (int i = 0; i < 3; i++) {
        char p[96];
        snprintf(p, sizeof p, "%s%s", db, files[i]);
        unlink(p);
    }
    return s.gap || !same;
}

int main(int argc, char **argv)
{
    static const int dflt[] = {40, 200, 1000};
    int bad = 0;
    if (argc > 1)
        for (int i = 1; i < argc; i++)
            bad |= one(atoi(argv[i]));
    else
        for (size_t i = 0; i < sizeof dflt / sizeof dflt[0]; i++)
            bad |= one(dflt[i]);
    return bad;
}
