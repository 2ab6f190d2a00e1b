/* runner_golden_gen.c: the hub world of runner_script.h (JSON messages, the sqlite store,
 * hub_fake.h), and the program that plays events 0..N-1 in it and writes the golden digests
 * tests/data/runner/golden.txt that test_runner compares the pure runner with.
 * SPDX-License-Identifier: MIT
 * Usage: runner_golden_gen [FIRST COUNT]             a line per event: seed steps finished digest
 *        runner_golden_gen --transcript SEED         the steps of one event
 *        runner_golden_gen --check FILE [COUNT]      compare with a golden file (exit 1 if not)
 * The director (connection 1) ends games with game_result, each team's connection (100 + its
 * id) answers game2_colors, a spectator (2) reads the snapshot. */
#include <cjson/cJSON.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bh.h"
#include "hub_fake.h"
#include "runner_script.h"

#define ADMIN "golden-admin-token-0123456789"

typedef struct {
    int64_t id;
    rs_game g;
} hgame;

typedef struct {
    fake io;
    store *st;
    hub *h;
    char db[64];
    int64_t tour;
    int n_teams;
    char tokens[12][80];
    long long next_id;
    hgame *games; /* by hub game id */
    int ngames, cap;
    uint64_t now; /* the last instant a message was sent at */
} hw;

static void collect(hw *w)
{
    for (int i = 0; i < w->io.n; i++) {
        const char *m = w->io.msg[i];
        if (!strstr(m, "\"type\":\"assign\"") || jint(m, "tournament") != w->tour)
            continue;
        int64_t id = jint(m, "game");
        int at = 0;
        while (at < w->ngames && w->games[at].id < id)
            at++;
        if (at < w->ngames && w->games[at].id == id)
            continue;
        if (w->ngames == w->cap) {
            w->cap = w->cap ? 2 * w->cap : 64;
            w->games = realloc(w->games, (size_t)w->cap * sizeof *w->games);
        }
        memmove(&w->games[at + 1], &w->games[at], (size_t)(w->ngames - at) * sizeof *w->games);
        w->games[at] = (hgame){id,
                               {(int)jint(m, "round"), (int)jint(m, "match"),
                                (int)jint(m, "game_no"), jint(m, "team1"), jint(m, "team2"), true}};
        w->ngames++;
    }
    f_clear(&w->io);
}

/* Send json (its "id" unique) from conn at now; the reply ("ok" or "code:field") into reply
 * when not NULL; the whole reply message (malloc'd) returned when keep. */
static char *send_msg(hw *w, uint64_t conn, const char *json, uint64_t now, char reply[64],
                      bool keep)
{
    w->now = now;
    hub_on_text(w->h, conn, json, strlen(json), now);
    if (hub_turn_end(w->h) != BH_OK)
        fprintf(stderr, "turn failed: %s\n", json);
    char want[40];
    snprintf(want, sizeof want, "\"id\":%lld", jint(json, "id"));
    const char *m = NULL;
    for (int i = 0; i < w->io.n && !m; i++) {
        const char *p = w->io.conn[i] == conn ? strstr(w->io.msg[i], want) : NULL;
        if (p && (p[strlen(want)] == ',' || p[strlen(want)] == '}'))
            m = w->io.msg[i];
    }
    if (reply && !m) {
        snprintf(reply, 64, "no reply");
    } else if (reply && strstr(m, "\"type\":\"error\"")) {
        const char *c = strstr(m, "\"code\":\""), *f = strstr(m, "\"field\":\"");
        snprintf(reply, 64, "%.*s:%.*s", c ? (int)strcspn(c + 8, "\"") : 0, c ? c + 8 : "",
                 f ? (int)strcspn(f + 9, "\"") : 0, f ? f + 9 : "");
    } else if (reply) {
        snprintf(reply, 64, "ok");
    }
    char *out = keep && m ? strdup(m) : NULL;
    collect(w);
    return out;
}

static long long nid(hw *w)
{
    return ++w->next_id;
}

static void open_conns(hw *w, uint64_t now)
{
    char msg[256];
    hub_on_open(w->h, 1);
    hub_on_open(w->h, 2);
    snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":%lld,\"token\":\"" ADMIN "\"}", nid(w));
    send_msg(w, 1, msg, now, NULL, false);
    for (int i = 0; i < w->n_teams; i++) {
        if (!w->tokens[i][0])
            continue;
        hub_on_open(w->h, 100 + (uint64_t)i + 1);
        snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":%lld,\"token\":\"%s\"}", nid(w),
                 w->tokens[i]);
        send_msg(w, 100 + (uint64_t)i + 1, msg, now, NULL, false);
    }
}

static void open_hub_at(hw *w, bool fresh, bool adjudicate, uint64_t now)
{
    if (fresh)
        bh_test_rm_db(w->db);
    if (store_open(w->db, &w->st) != BH_OK) {
        fprintf(stderr, "store_open %s failed\n", w->db);
        exit(2);
    }
    /* the golden file is the hub before issues 17 and 25: its withdrawals, SB and play-off
     * (hub_config.legacy_withdraw, legacy_tb) */
    hub_config cfg = {.recovery = adjudicate ? HUB_RECOVER_ADJUDICATE : HUB_RECOVER_RESUME,
                      .legacy_withdraw = true,
                      .legacy_tb = true};
    snprintf(cfg.ruleset, sizeof cfg.ruleset, "online");
    auth_hash(ADMIN, cfg.admin_hash);
    hub_io io = {&w->io, f_send, f_close, f_timer, NULL, NULL};
    if (hub_new(w->st, &cfg, &io, now, &w->h) != BH_OK) {
        fprintf(stderr, "hub_new failed\n");
        exit(2);
    }
}

static void w_create(void *ctx, const rs_setup *s, uint64_t now)
{
    hw *w = ctx;
    memset(&w->io, 0, sizeof w->io);
    w->n_teams = 0;
    w->ngames = 0;
    memset(w->tokens, 0, sizeof w->tokens);
    open_hub_at(w, true, false, now);
    open_conns(w, now);
    char msg[512];
    for (int i = 0; i < s->extra_tours; i++) {
        snprintf(msg, sizeof msg, "{\"type\":\"tournament_create\",\"id\":%lld,\"name\":\"X%d\"}",
                 nid(w), i);
        send_msg(w, 1, msg, now, NULL, false);
    }
    size_t len = (size_t)snprintf(msg, sizeof msg,
                                  "{\"type\":\"tournament_create\",\"id\":%lld,\"name\":\"E\","
                                  "\"base_ms\":%d,\"ruleset\":\"%s\"",
                                  nid(w), RS_BASE_MS, s->ruleset);
    if (s->rounds)
        len += (size_t)snprintf(msg + len, sizeof msg - len, ",\"rounds\":%d", s->rounds);
    if (s->small)
        len += (size_t)snprintf(msg + len, sizeof msg - len, ",\"small\":\"%s\"", s->small);
    if (s->tb)
        len += (size_t)snprintf(msg + len, sizeof msg - len, ",\"tiebreaks\":[%s]", s->tb);
    snprintf(msg + len, sizeof msg - len, "}");
    char *r = send_msg(w, 1, msg, now, NULL, true);
    w->tour = jint(r, "tournament");
    free(r);
    for (int i = 0; i < s->n_teams; i++) {
        snprintf(msg, sizeof msg,
                 "{\"type\":\"team_register\",\"id\":%lld,\"tournament\":%lld,\"name\":\"T%d\","
                 "\"players\":[\"c%d\",\"p%d\"],\"ratings\":[%d,%d]}",
                 nid(w), (long long)w->tour, i, i, i, s->ratings[i][0], s->ratings[i][1]);
        r = send_msg(w, 1, msg, now, NULL, true);
        const char *p = r ? strstr(r, "\"token\":\"") : NULL;
        if (jint(r, "team") != i + 1 || !p) {
            fprintf(stderr, "team %d: %s\n", i, r ? r : "(no reply)");
            exit(2);
        }
        snprintf(w->tokens[i], sizeof w->tokens[i], "%.*s", (int)strcspn(p + 9, "\""), p + 9);
        free(r);
        w->n_teams++;
        hub_on_open(w->h, 100 + (uint64_t)i + 1);
        snprintf(msg, sizeof msg, "{\"type\":\"auth\",\"id\":%lld,\"token\":\"%s\"}", nid(w),
                 w->tokens[i]);
        send_msg(w, 100 + (uint64_t)i + 1, msg, now, NULL, false);
    }
}

static int64_t game_id(const hw *w, int r, int mi, int g)
{
    for (int i = 0; i < w->ngames; i++)
        if (w->games[i].g.round == r && w->games[i].g.match == mi && w->games[i].g.game_no == g)
            return w->games[i].id;
    return 999999;
}

static void w_cmd(void *ctx, const rs_cmd *c, uint64_t now, char reply[64])
{
    static const char *const res[] = {"1-0", "0-1", "1/2-1/2"};
    hw *w = ctx;
    char msg[4096];
    long long id = nid(w), tour = (long long)w->tour;
    uint64_t conn = 1;
    switch (c->kind) {
    case RS_START:
        snprintf(msg, sizeof msg, "{\"type\":\"tournament_start\",\"id\":%lld,\"tournament\":%lld}",
                 id, tour);
        break;
    case RS_END:
    case RS_OVERRIDE:
        snprintf(msg, sizeof msg,
                 "{\"type\":\"game_result\",\"id\":%lld,\"game\":%lld,\"result\":\"%s\","
                 "\"reason\":\"rs\"}",
                 id, (long long)game_id(w, c->round, c->match, c->game_no), res[c->result]);
        break;
    case RS_CHOOSE:
        conn = c->team >= 1 && c->team <= w->n_teams ? 100 + (uint64_t)c->team : 2;
        snprintf(msg, sizeof msg,
                 "{\"type\":\"game2_colors\",\"id\":%lld,\"game\":%lld,\"swap\":%s}", id,
                 (long long)game_id(w, c->round, c->match, c->game_no), c->flag ? "true" : "false");
        break;
    case RS_PAUSE:
        snprintf(msg, sizeof msg,
                 "{\"type\":\"tournament_pause\",\"id\":%lld,\"tournament\":%lld,\"paused\":%s}",
                 id, tour, c->flag ? "true" : "false");
        break;
    case RS_WITHDRAW:
        snprintf(msg, sizeof msg,
                 "{\"type\":\"team_withdraw\",\"id\":%lld,\"tournament\":%lld,\"team\":%lld,"
                 "\"keep_current\":%s}",
                 id, tour, (long long)c->team, c->flag ? "true" : "false");
        break;
    case RS_PAIR:
        snprintf(msg, sizeof msg, "{\"type\":\"round_pair\",\"id\":%lld,\"tournament\":%lld}", id,
                 tour);
        break;
    case RS_PAIR_HAND: {
        size_t len = (size_t)snprintf(msg, sizeof msg,
                                      "{\"type\":\"round_pair\",\"id\":%lld,\"tournament\":%lld,"
                                      "\"pairs\":[",
                                      id, tour);
        for (int i = 0; i < c->n_pairs; i++)
            len += (size_t)snprintf(msg + len, sizeof msg - len, "%s[%lld,%lld]", i ? "," : "",
                                    (long long)c->pairs[i][0], (long long)c->pairs[i][1]);
        snprintf(msg + len, sizeof msg - len, "],\"allow_rematch\":%s}",
                 c->flag ? "true" : "false");
        break;
    }
    case RS_ROUND_START:
        snprintf(msg, sizeof msg, "{\"type\":\"round_start\",\"id\":%lld,\"tournament\":%lld}", id,
                 tour);
        break;
    default:
        snprintf(msg, sizeof msg,
                 "{\"type\":\"team_register\",\"id\":%lld,\"tournament\":%lld,\"name\":\"%s\","
                 "\"players\":[\"x\",\"y\"]}",
                 id, tour, c->name);
        break;
    }
    send_msg(w, conn, msg, now, reply, false);
}

static void w_advance(void *ctx, uint64_t now)
{
    hw *w = ctx;
    for (int i = 0; i < 1000 && w->io.timer_at && w->io.timer_at <= now; i++) {
        uint64_t at = w->io.timer_at;
        w->io.timer_at = 0;
        hub_on_timer(w->h, at);
        hub_turn_end(w->h);
        collect(w);
    }
}

static void w_restart(void *ctx, bool adjudicate, uint64_t now)
{
    hw *w = ctx;
    hub_free(w->h);
    store_close(w->st);
    f_clear(&w->io);
    w->io.timer_at = 0;
    open_hub_at(w, false, adjudicate, now);
    open_conns(w, now);
    char msg[128];
    snprintf(msg, sizeof msg, "{\"type\":\"tournament_get\",\"id\":%lld,\"tournament\":%lld}",
             nid(w), (long long)w->tour);
    send_msg(w, 1, msg, now, NULL, false); /* a director's: fresh tokens of the live games */
}

static void w_observe(void *ctx, rs_obs *o)
{
    hw *w = ctx;
    static const char *const names[] = {"registering", "running", "finished", "paused"};
    char msg[160];
    snprintf(msg, sizeof msg, "{\"type\":\"tournament_get\",\"id\":%lld,\"tournament\":%lld}",
             nid(w), (long long)w->tour);
    char *r = send_msg(w, 2, msg, w->now, NULL, true);
    cJSON *j = r ? cJSON_Parse(r) : NULL;
    free(r);
    const cJSON *stv = cJSON_GetObjectItemCaseSensitive(j, "status");
    o->status = -1;
    for (int i = 0; i < 4; i++)
        if (cJSON_IsString(stv) && strcmp(stv->valuestring, names[i]) == 0)
            o->status = i;
    const cJSON *t;
    cJSON_ArrayForEach(t, cJSON_GetObjectItemCaseSensitive(j, "teams"))
    {
        int no = cJSON_GetObjectItemCaseSensitive(t, "no")->valueint;
        if (no >= 1 && no <= 12)
            o->team_of[no] = (int64_t)cJSON_GetObjectItemCaseSensitive(t, "team")->valuedouble;
    }
    cJSON_Delete(j);
    snprintf(msg, sizeof msg,
             "{\"type\":\"export\",\"id\":%lld,\"format\":\"trf\",\"tournament\":%lld}", nid(w),
             (long long)w->tour);
    r = send_msg(w, 1, msg, w->now, NULL, true);
    j = r ? cJSON_Parse(r) : NULL;
    free(r);
    const cJSON *text = cJSON_GetObjectItemCaseSensitive(j, "text");
    o->trf = cJSON_IsString(text) ? strdup(text->valuestring) : NULL;
    cJSON_Delete(j);
    snprintf(msg, sizeof msg, "{\"type\":\"games\",\"id\":%lld}", nid(w));
    r = send_msg(w, 1, msg, w->now, NULL, true);
    j = r ? cJSON_Parse(r) : NULL;
    free(r);
    o->games = calloc((size_t)w->ngames + 1, sizeof *o->games);
    o->ngames = w->ngames;
    for (int i = 0; i < w->ngames; i++) {
        o->games[i] = w->games[i].g;
        o->games[i].live = false;
        const cJSON *g;
        cJSON_ArrayForEach(g, cJSON_GetObjectItemCaseSensitive(j, "games"))
        {
            const cJSON *st = cJSON_GetObjectItemCaseSensitive(g, "status");
            if ((int64_t)cJSON_GetObjectItemCaseSensitive(g, "game")->valuedouble ==
                    w->games[i].id &&
                cJSON_IsString(st))
                o->games[i].live = strcmp(st->valuestring, "live") == 0;
        }
    }
    cJSON_Delete(j);
}

static void w_destroy(void *ctx)
{
    hw *w = ctx;
    hub_free(w->h);
    store_close(w->st);
    f_clear(&w->io);
    bh_test_rm_db(w->db);
    w->h = NULL;
    w->st = NULL;
}

int main(int argc, char **argv)
{
    hw w;
    memset(&w, 0, sizeof w);
    snprintf(w.db, sizeof w.db, "/tmp/bh_runner_golden_%d.db", (int)getpid());
    rs_world world = {&w, w_create, w_cmd, w_advance, w_restart, w_observe, w_destroy};
    if (argc >= 3 && strcmp(argv[1], "--transcript") == 0) {
        int steps;
        bool fin;
        uint64_t d = rs_run(&world, strtoull(argv[2], NULL, 10), &steps, &fin, stdout);
        printf("digest %016" PRIx64 "\n", d);
        w_destroy(&w);
        free(w.games);
        return 0;
    }
    FILE *golden = NULL;
    uint64_t first = 0, count = 500;
    if (argc >= 3 && strcmp(argv[1], "--check") == 0) {
        golden = fopen(argv[2], "r");
        if (!golden) {
            fprintf(stderr, "cannot open %s\n", argv[2]);
            return 2;
        }
        count = argc >= 4 ? strtoull(argv[3], NULL, 10) : 500;
    } else if (argc >= 3) {
        first = strtoull(argv[1], NULL, 10);
        count = strtoull(argv[2], NULL, 10);
    }
    int bad = 0;
    char line[256];
    for (uint64_t seed = first; seed < first + count; seed++) {
        int steps;
        bool fin;
        uint64_t d = rs_run(&world, seed, &steps, &fin, NULL);
        w_destroy(&w);
        char mine[96];
        snprintf(mine, sizeof mine, "%" PRIu64 " %d %d %016" PRIx64, seed, steps, fin ? 1 : 0, d);
        if (!golden) {
            printf("%s\n", mine);
            fflush(stdout);
            continue;
        }
        do {
            if (!fgets(line, sizeof line, golden))
                line[0] = '\0';
        } while (line[0] == '#');
        line[strcspn(line, "\n")] = '\0';
        if (strcmp(line, mine) != 0) {
            fprintf(stderr, "event %" PRIu64 ": golden \"%s\", hub \"%s\"\n", seed, line, mine);
            bad++;
        }
    }
    if (golden) {
        fclose(golden);
        printf("%d of %" PRIu64 " events differ from the golden file\n", bad, count);
    }
    free(w.games);
    return bad ? 1 : 0;
}
