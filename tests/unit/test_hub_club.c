/* test_hub_club.c: the club round robin of seed 004 through the hub's messages (no
 * sockets: hub_fake.h). Six teams of 6 boards + 4 reserves, 5 rounds by the Berger table: the
 * director creates the event and the teams (each gets its captain's token), captains submit
 * line-ups with shifting substitutions (F-LINEUP) and one team plays short (F-SHORT), the
 * rounds start at the line-up deadline, the arbiter enters the boards' results and a forfeit
 * by waiting time (T-WAIT), one protest is upheld and one rejected by the appeals committee's
 * token (F-PROTEST), the server restarts in the middle (its state from the store), and the
 * final ranking it publishes equals the ranking recomputed from the stored state (F-RR).
 * Every bad input gets its typed error naming the field and the rule.
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "auth.h"
#include "bh.h"
#include "bh_test.h"
#include "club.h"
#include "hub.h"
#include "store.h"
#include "store_state.h"

#define ADMIN "unit-admin-token-0123456789"
#define T0 1000000000ULL
#define S 1000000ULL

#include "hub_fake.h"

static char dbpath[64];
static store *st;
static hub *h;
static fake io;
static int64_t club_id;
static int64_t team[7];
static char token[7][80];
static char appeals[80];

enum { DIR = 1, SPECTATOR = 99 };

static uint64_t team_conn(int t)
{
    return 10 + (uint64_t)t;
}

static void open_hub(bool fresh)
{
    snprintf(dbpath, sizeof dbpath, "/tmp/bh_test_hub_club_%d.db", (int)getpid());
    CHECK_EQ_INT("hub", BH_OK, f_open_hub(dbpath, fresh, "regulation", ADMIN, &io, T0, &st, &h));
}

/* Send json from conn at now; the last message to conn afterwards that is not a `club` push
 * (the reply: the push of the change follows it, hub_event.h). */
static const char *say(uint64_t conn, uint64_t now, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static const char *say(uint64_t conn, uint64_t now, const char *fmt, ...)
{
    char buf[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    int before = io.n;
    hub_on_text(h, conn, buf, strlen(buf), now);
    CHECK_EQ_INT(buf, BH_OK, hub_turn_end(h));
    for (int i = io.n - 1; i >= before; i--)
        if (io.conn[i] == conn && strncmp(io.msg[i], "{\"type\":\"club\",\"club\":", 22) != 0)
            return io.msg[i];
    return "";
}

/* The reply is an error with this code, field and rule (NULL: not asked). */
static void refused(const char *reply, const char *code, const char *field, const char *rule)
{
    char want[96];
    snprintf(want, sizeof want, "\"code\":\"%s\"", code);
    CHECK_MSG(strstr(reply, want) != NULL, "want %s, got %s", want, reply);
    if (field) {
        snprintf(want, sizeof want, "\"field\":\"%s\"", field);
        CHECK_MSG(strstr(reply, want) != NULL, "want %s, got %s", want, reply);
    }
    if (rule) {
        snprintf(want, sizeof want, "\"rule\":\"%s\"", rule);
        CHECK_MSG(strstr(reply, want) != NULL, "want %s, got %s", want, reply);
    }
}

static void acked(const char *reply)
{
    CHECK_MSG(strstr(reply, "\"type\":\"ack\"") != NULL, "want ack, got %s", reply);
}

static void str_after(const char *json, const char *key, char *out, size_t cap)
{
    char k[64];
    snprintf(k, sizeof k, "\"%s\":\"", key);
    const char *p = strstr(json, k);
    out[0] = 0;
    if (!p)
        return;
    p += strlen(k);
    size_t n = strcspn(p, "\"");
    snprintf(out, cap, "%.*s", (int)(n < cap ? n : cap - 1), p);
}

static int pid(int t, int i)
{
    return 100 * t + i;
}

/* The six teams registered at now (the loop's µs; each registration pushes the snapshot). */
static void register_teams_at(uint64_t now)
{
    for (int t = 1; t <= 6; t++) {
        char players[1200];
        size_t n = 0;
        for (int i = 1; i <= 10; i++)
            n += (size_t)snprintf(players + n, sizeof players - n,
                                  "%s{\"id\":%d,\"name\":\"P%d\",\"rating\":%d}", i > 1 ? "," : "",
                                  pid(t, i), pid(t, i), 2300 - 10 * i);
        const char *r = say(DIR, now,
                            "{\"type\":\"club_team\",\"id\":%d,\"club\":%lld,\"name\":\"Club %d\","
                            "\"players\":[%s],\"captain\":%d}",
                            10 + t, (long long)club_id, t, players, pid(t, 1));
        team[t] = jint(r, "team");
        CHECK_MSG(team[t] > 0, "team %d: %s", t, r);
        str_after(r, "token", token[t], sizeof token[t]);
        CHECK_MSG(token[t][0], "team token %d", t);
    }
}

static void register_teams(void)
{
    register_teams_at(T0);
}

static void auth_all(void)
{
    say(DIR, T0, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", ADMIN);
    for (int t = 1; t <= 6; t++)
        say(team_conn(t), T0, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", token[t]);
}

/* The match of round r in which team t plays: its index (0-based) and whether t is home, from
 * the snapshot's schedule as the club core has it (the Berger table: tested in test_club). */
static const char *snapshot(uint64_t now)
{
    return say(SPECTATOR, now, "{\"type\":\"club_get\",\"id\":5,\"club\":%lld}",
               (long long)club_id);
}

/* Enter every undecided board of round r: (r + match + board) % 3 -> 1-0, 1/2-1/2, 0-1. */
static void play_round(int r, uint64_t now)
{
    static const char *const res[] = {"1-0", "1/2-1/2", "0-1"};
    for (int m = 1; m <= 3; m++)
        for (int b = 1; b <= 6; b++) {
            const char *x = say(DIR, now,
                                "{\"type\":\"club_result\",\"id\":7,\"club\":%lld,\"round\":%d,"
                                "\"match\":%d,\"board\":%d,\"result\":\"%s\"}",
                                (long long)club_id, r, m, b, res[(r + m + b) % 3]);
            CHECK_MSG(strstr(x, "\"type\":\"ack\"") || strstr(x, "already_decided"),
                      "round %d match %d board %d: %s", r, m, b, x);
        }
}

/* The team ids of the standings of a snapshot, in place order. */
static int standings_of(const char *json, int64_t *out, int cap)
{
    const char *p = strstr(json, "\"standings\":[");
    int n = 0;
    while (p && n < cap && (p = strstr(p, "{\"place\":")) != NULL) {
        out[n++] = jint(p, "team");
        p++;
    }
    return n;
}

static char *stored_state;
static int keep_state(void *ctx, int64_t id, const char *state)
{
    (void)ctx;
    if (id == club_id) {
        free(stored_state);
        stored_state = strdup(state);
    }
    return 0;
}

static void wire_event(void)
{
    open_hub(true);
    say(DIR, T0, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", ADMIN);
    refused(say(DIR, T0, "{\"type\":\"club_create\",\"id\":2,\"name\":\"x\",\"boards\":0}"),
            "missing_field", "boards", NULL);
    refused(
        say(DIR, T0,
            "{\"type\":\"club_create\",\"id\":2,\"name\":\"x\",\"break_s\":5,\"protest_s\":60}"),
        "invalid", "break_s", "F-PROTEST");
    refused(say(SPECTATOR, T0, "{\"type\":\"club_create\",\"id\":2,\"name\":\"x\"}"),
            "unauthorized", NULL, NULL);
    const char *r = say(DIR, T0,
                        "{\"type\":\"club_create\",\"id\":3,\"name\":\"Chornomorsk 2016\","
                        "\"break_s\":60,\"protest_s\":60,\"wait_s\":0}");
    club_id = jint(r, "club");
    CHECK_MSG(club_id > 0, "created: %s", r);
    refused(say(DIR, T0,
                "{\"type\":\"club_team\",\"id\":4,\"club\":%lld,\"name\":\"Bad\",\"players\":"
                "[{\"id\":1,\"name\":\"a\"},{\"id\":2,\"name\":\"b\"},{\"id\":3,\"name\":\"c\"}],"
                "\"captain\":9}",
                (long long)club_id),
            "not_found", "captain", "F-LINEUP");
    refused(say(DIR, T0,
                "{\"type\":\"club_team\",\"id\":4,\"club\":%lld,\"name\":\"Bad\",\"players\":"
                "[{\"id\":1,\"name\":\"a\"},{\"id\":1,\"name\":\"b\"},{\"id\":3,\"name\":\"c\"}],"
                "\"captain\":1}",
                (long long)club_id),
            "exists", "players", "F-LINEUP");
    refused(say(DIR, T0, "{\"type\":\"club_get\",\"id\":4,\"club\":999999}"), "not_found", "club",
            NULL);
    /* The same with the type's "_" as a JSON escape: the same string (RFC 8259 section 7), so
     * the club's answer, not unknown_type (the hub decodes each frame once, proto_any.h). */
    refused(say(DIR, T0, "{\"type\":\"club\\u005fget\",\"id\":4,\"club\":999999}"), "not_found",
            "club", NULL);
    register_teams();
    auth_all();
    acked(say(DIR, T0, "{\"type\":\"club_start\",\"id\":8,\"club\":%lld}", (long long)club_id));
    refused(say(DIR, T0, "{\"type\":\"club_start\",\"id\":8,\"club\":%lld}", (long long)club_id),
            "bad_state", "tournament", "F-RR");

    /* round 1 line-ups: team 1 leaves out board 2 and brings reserve 7 (shifting); team 2
     * brings four players (boards 5, 6 lost by forfeit); bad ones refused by rule */
    acked(say(team_conn(1), T0 + S,
              "{\"type\":\"club_lineup\",\"id\":9,\"club\":%lld,\"round\":1,\"players\":"
              "[%d,%d,%d,%d,%d,%d]}",
              (long long)club_id, pid(1, 1), pid(1, 3), pid(1, 4), pid(1, 5), pid(1, 6),
              pid(1, 7)));
    acked(say(
        team_conn(2), T0 + S,
        "{\"type\":\"club_lineup\",\"id\":9,\"club\":%lld,\"round\":1,\"players\":[%d,%d,%d,%d]}",
        (long long)club_id, pid(2, 1), pid(2, 2), pid(2, 3), pid(2, 4)));
    refused(
        say(team_conn(3), T0 + S,
            "{\"type\":\"club_lineup\",\"id\":9,\"club\":%lld,\"round\":1,\"players\":[%d,%d,%d]}",
            (long long)club_id, pid(3, 2), pid(3, 1), pid(3, 3)),
        "board_order", "players", "F-LINEUP");
    refused(say(team_conn(3), T0 + S,
                "{\"type\":\"club_lineup\",\"id\":9,\"club\":%lld,\"round\":1,\"players\":[%d,%d]}",
                (long long)club_id, pid(3, 1), pid(3, 2)),
            "too_few_players", "players", "F-SHORT");
    refused(
        say(team_conn(3), T0 + S,
            "{\"type\":\"club_lineup\",\"id\":9,\"club\":%lld,\"round\":1,\"players\":[%d,%d,%d]}",
            (long long)club_id, pid(3, 1), pid(4, 2), pid(3, 3)),
        "not_found", "players", "F-LINEUP");
    refused(
        say(team_conn(3), T0 + S,
            "{\"type\":\"club_lineup\",\"id\":9,\"club\":%lld,\"round\":2,\"players\":[%d,%d,%d]}",
            (long long)club_id, pid(3, 1), pid(3, 2), pid(3, 3)),
        "wrong_round", "round", "F-LINEUP");
    refused(say(SPECTATOR, T0 + S,
                "{\"type\":\"club_lineup\",\"id\":9,\"club\":%lld,\"round\":1,\"players\":[1,2,3]}",
                (long long)club_id),
            "not_captain", "captain", "F-LINEUP");
    refused(say(team_conn(3), T0 + S,
                "{\"type\":\"club_lineup\",\"id\":9,\"club\":%lld,\"round\":1,\"players\":\"x\"}",
                (long long)club_id),
            "missing_field", "players", NULL);
    r = snapshot(T0 + S);
    CHECK_MSG(strstr(r, "\"status\":\"lineups\"") && jint(r, "starts_in_ms") == 59000,
              "round 1 waits for its deadline 59 s from now: %s", r);

    /* the deadline: round 1 starts by itself (the line-ups not submitted are the first six) */
    f_run_timers(&io, h, T0 + 60 * S);
    r = snapshot(T0 + 61 * S);
    CHECK_MSG(strstr(r, "\"status\":\"playing\""), "round 1 plays: %s", r);
    refused(
        say(team_conn(4), T0 + 61 * S,
            "{\"type\":\"club_lineup\",\"id\":9,\"club\":%lld,\"round\":1,\"players\":[%d,%d,%d]}",
            (long long)club_id, pid(4, 1), pid(4, 2), pid(4, 3)),
        "too_late", "submitted_at", "F-LINEUP");

    /* T-WAIT: the arbiter forfeits board 1 of match 1 (Black absent after the waiting time) */
    acked(say(DIR, T0 + 70 * S,
              "{\"type\":\"club_result\",\"id\":7,\"club\":%lld,\"round\":1,\"match\":1,"
              "\"board\":1,\"result\":\"+-\"}",
              (long long)club_id));
    refused(say(DIR, T0 + 70 * S,
                "{\"type\":\"club_result\",\"id\":7,\"club\":%lld,\"round\":1,\"match\":1,"
                "\"board\":1,\"result\":\"1-0\"}",
                (long long)club_id),
            "already_decided", "board", "F-RR");
    refused(say(DIR, T0 + 70 * S,
                "{\"type\":\"club_result\",\"id\":7,\"club\":%lld,\"round\":1,\"match\":1,"
                "\"board\":2,\"result\":\"2-0\"}",
                (long long)club_id),
            "missing_field", "result", NULL);
    play_round(1, T0 + 600 * S);
    r = snapshot(T0 + 600 * S);
    CHECK_MSG(strstr(r, "\"result\":\"+-\""), "the forfeit is recorded as such: %s", r);
    /* match 1 (1-6): boards 1 +- (team 1 White), 2 = , 3 0-1, 4 1-0 (team 6 White), 5 =,
     * 6 0-1 (team 6 White): 3-3, a drawn match, 1 MP each */
    CHECK_MSG(strstr(r, "\"gp\":[3,3],\"mp\":[1,1]"), "match 1 drawn 3-3: %s", r);

    /* F-PROTEST: the captain of the team that lost board 2 of match 1 protests; appeals */
    const char *a = say(DIR, T0 + 601 * S, "{\"type\":\"club_appeals\",\"id\":12,\"club\":%lld}",
                        (long long)club_id);
    str_after(a, "token", appeals, sizeof appeals);
    CHECK(appeals[0]);
    int home = 0;
    for (int t = 1; t <= 6; t++) { /* Berger 6, round 1, match 1: 1-6 */
        char k[48];
        snprintf(k, sizeof k, "\"home\":%lld", (long long)team[t]);
        if (strstr(r, k) && !home)
            home = t;
    }
    CHECK_EQ_INT("match 1 of round 1: team 1 at home (C.05: 1-6)", 1, home);
    r = say(
        team_conn(6), T0 + 602 * S,
        "{\"type\":\"club_protest\",\"id\":13,\"club\":%lld,\"round\":1,\"match\":1,\"board\":2,"
        "\"text\":\"the arbiter stopped the clock late\",\"deposit\":20000}",
        (long long)club_id);
    int p1 = (int)jint(r, "protest");
    CHECK_MSG(p1 == 1, "protest: %s", r);
    r = say(
        team_conn(1), T0 + 603 * S,
        "{\"type\":\"club_protest\",\"id\":13,\"club\":%lld,\"round\":1,\"match\":1,\"board\":3,"
        "\"text\":\"illegal move\",\"deposit\":20000}",
        (long long)club_id);
    int p2 = (int)jint(r, "protest");
    CHECK_MSG(p2 == 2, "protest: %s", r);
    refused(say(team_conn(6), T0 + 603 * S,
                "{\"type\":\"club_protest\",\"id\":13,\"club\":%lld,\"round\":1,\"match\":1,"
                "\"board\":2,\"text\":\"again\",\"deposit\":20000}",
                (long long)club_id),
            "exists", "game", "F-PROTEST");
    refused(say(team_conn(2), T0 + 603 * S,
                "{\"type\":\"club_protest\",\"id\":13,\"club\":%lld,\"round\":1,\"match\":1,"
                "\"board\":2,\"text\":\"x\",\"deposit\":20000}",
                (long long)club_id),
            "not_captain", "team", "F-PROTEST");
    refused(say(SPECTATOR, T0 + 603 * S,
                "{\"type\":\"club_protest\",\"id\":13,\"club\":%lld,\"round\":1,\"match\":1,"
                "\"board\":2,\"text\":\"x\",\"deposit\":20000}",
                (long long)club_id),
            "not_captain", "filer", "F-PROTEST");
    refused(say(team_conn(6), T0 + 603 * S,
                "{\"type\":\"club_protest\",\"id\":13,\"club\":%lld,\"round\":1,\"match\":1,"
                "\"board\":4,\"text\":\"x\",\"deposit\":100}",
                (long long)club_id),
            "invalid", "deposit", "F-PROTEST");
    refused(say(DIR, T0 + 604 * S,
                "{\"type\":\"club_decide\",\"id\":14,\"club\":%lld,\"token\":\"wrong\","
                "\"protest\":1,\"upheld\":true,\"result\":\"0-1\",\"reason\":\"r\"}",
                (long long)club_id),
            "unauthorized", "token", "F-PROTEST");
    /* board 2 is White = team 6 (even board: the away team); (1+1+2)%3 = 1: drawn -> 0-1
     * would be team 6's loss: the committee gives team 6 the win, 1-0 from White's side */
    acked(say(DIR, T0 + 605 * S,
              "{\"type\":\"club_decide\",\"id\":14,\"club\":%lld,\"token\":\"%s\",\"protest\":1,"
              "\"upheld\":true,\"result\":\"1-0\",\"reason\":\"the flag fell after the win\"}",
              (long long)club_id, appeals));
    acked(say(DIR, T0 + 605 * S,
              "{\"type\":\"club_decide\",\"id\":14,\"club\":%lld,\"token\":\"%s\",\"protest\":2,"
              "\"upheld\":false,\"reason\":\"not proven\"}",
              (long long)club_id, appeals));
    refused(say(DIR, T0 + 605 * S,
                "{\"type\":\"club_decide\",\"id\":14,\"club\":%lld,\"token\":\"%s\",\"protest\":2,"
                "\"upheld\":false,\"reason\":\"again\"}",
                (long long)club_id, appeals),
            "already_decided", "protest", "F-PROTEST");
    r = snapshot(T0 + 606 * S);
    CHECK_MSG(strstr(r, "\"gp\":[2.5,3.5],\"mp\":[0,2]"), "match 1 after the protest: %s", r);
    CHECK_MSG(strstr(r, "\"state\":\"upheld\"") && strstr(r, "\"deposit_returned\":true") &&
                  strstr(r, "\"state\":\"rejected\""),
              "protests in the snapshot: %s", r);
    refused(say(team_conn(1), T0 + 700 * S,
                "{\"type\":\"club_protest\",\"id\":13,\"club\":%lld,\"round\":1,\"match\":1,"
                "\"board\":5,\"text\":\"late\",\"deposit\":20000}",
                (long long)club_id),
            "too_late", "filed_at", "F-PROTEST");

    /* rounds 2-5; a restart (the hub and its store closed and opened) in round 3 */
    uint64_t now = T0 + 700 * S;
    for (int rnd = 2; rnd <= 5; rnd++) {
        f_run_timers(&io, h, now);
        if (rnd == 3) {
            char *before = strdup(snapshot(now));
            CHECK_MSG(strstr(before, "\"type\":\"club\""), "snapshot: %s", before);
            f_close_hub(&io, st, h);
            open_hub(false);
            auth_all();
            r = snapshot(now);
            CHECK_MSG(strcmp(before, r) == 0, "after the restart the same event:\n%s\n%s", before,
                      r);
            /* the event's id is a tournament of the store: a bughouse team is refused */
            refused(say(DIR, now,
                        "{\"type\":\"team_register\",\"id\":30,\"tournament\":%lld,"
                        "\"name\":\"Stray\",\"players\":[\"a\",\"b\"]}",
                        (long long)club_id),
                    "bad_state", "tournament", NULL);
            free(before);
        }
        play_round(rnd, now + 100 * S);
        now += 300 * S;
    }
    r = snapshot(now);
    CHECK_MSG(strstr(r, "\"status\":\"finished\""), "finished: %s", r);
    int64_t got[6];
    CHECK_EQ_INT("standings rows", 6, standings_of(r, got, 6));

    /* F-RR: the ranking recomputed from the stored state equals the published one */
    store_flush(st);
    CHECK_EQ_INT("stored", BH_OK, store_each_state(st, keep_state, NULL));
    club *c = NULL;
    int line = 0;
    CHECK_EQ_INT("stored state loads", BH_OK, club_load(club_id, stored_state, now, &c, &line));
    rank_table rt;
    CHECK_EQ_INT("rank", BH_OK, c ? club_rank(c, &rt) : BH_EINVAL);
    for (int i = 0; c && i < rt.n && i < 6; i++)
        CHECK_MSG(club_team_id(c, rt.rows[i].team) == got[i], "place %d: stored %lld, server %lld",
                  i + 1, (long long)club_team_id(c, rt.rows[i].team), (long long)got[i]);
    if (c)
        rank_table_fini(&rt);
    club_free(c);
    free(stored_state);
    stored_state = NULL;

    /* exports */
    r = say(DIR, now, "{\"type\":\"club_export\",\"id\":15,\"club\":%lld,\"what\":\"trf\"}",
            (long long)club_id);
    CHECK_MSG(strstr(r, "XXR 5") && strstr(r, "310   1 Club 1"), "TRF: %.300s", r);
    r = say(DIR, now, "{\"type\":\"club_export\",\"id\":15,\"club\":%lld,\"what\":\"lineups\"}",
            (long long)club_id);
    CHECK_MSG(strstr(r, "round 1 Club 2 (submitted): 1. P201 (201) 2. P202 (202) 3. P203 (203) "
                        "4. P204 (204) 5. (empty) 6. (empty)"),
              "line-ups: %.400s", r);
    refused(say(DIR, now, "{\"type\":\"club_export\",\"id\":15,\"club\":%lld,\"what\":\"pdf\"}",
                (long long)club_id),
            "missing_field", "what", NULL);
    f_close_hub(&io, st, h);
    bh_test_rm_db(dbpath);
}

/* Teams T1 and T2 of six unrated players each (ids pid(t, 1..6), captain pid(t, 1)) registered
 * in club_id at T0, their tokens in token[], each captain's connection signed in. */
static void two_teams_of_six(void)
{
    for (int t = 1; t <= 2; t++) {
        char players[600];
        size_t n = 0;
        for (int i = 1; i <= 6; i++)
            n += (size_t)snprintf(players + n, sizeof players - n, "%s{\"id\":%d,\"name\":\"P%d\"}",
                                  i > 1 ? "," : "", pid(t, i), pid(t, i));
        const char *r = say(DIR, T0,
                            "{\"type\":\"club_team\",\"id\":4,\"club\":%lld,\"name\":\"T%d\","
                            "\"players\":[%s],\"captain\":%d}",
                            (long long)club_id, t, players, pid(t, 1));
        str_after(r, "token", token[t], sizeof token[t]);
        say(team_conn(t), T0, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", token[t]);
    }
}

/* T-WAIT with the server's timer, wait_s not given: the default is the regulation's waiting
 * time (seed 004 art. 2: "Очікування суперника при спізненні – 10 хвилин"; before, no timer
 * at all). The arbiter's attendance check marks every player of round 1 but team 2's board-2
 * player (White: even board, the away team); 10 minutes after the start that board alone is
 * lost by forfeit (-+ from White's side: Black wins), pushed in the snapshot; bad checks get
 * typed errors. */
static void wire_attendance(void)
{
    open_hub(true);
    say(DIR, T0, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", ADMIN);
    const char *r = say(DIR, T0,
                        "{\"type\":\"club_create\",\"id\":3,\"name\":\"Waiting\","
                        "\"break_s\":60,\"protest_s\":60,\"base_ms\":3600000}");
    /* 60 min: the boards are hosted games whose clocks run; none may flag in the waiting time */
    club_id = jint(r, "club");
    two_teams_of_six();
    refused(
        say(DIR, T0,
            "{\"type\":\"club_team\",\"id\":4,\"club\":%lld,\"name\":\"T3\",\"players\":"
            "[{\"id\":101,\"name\":\"x\"},{\"id\":301,\"name\":\"y\"},{\"id\":302,\"name\":\"z\"}],"
            "\"captain\":301}",
            (long long)club_id),
        "exists", "players", "F-LINEUP");
    acked(say(DIR, T0, "{\"type\":\"club_start\",\"id\":5,\"club\":%lld}", (long long)club_id));
    acked(say(DIR, T0 + S, "{\"type\":\"club_round_start\",\"id\":6,\"club\":%lld}",
              (long long)club_id));
    refused(
        say(DIR, T0 + 2 * S,
            "{\"type\":\"club_attend\",\"id\":7,\"club\":%lld,\"round\":1,\"players\":[101,999]}",
            (long long)club_id),
        "not_found", "players", "T-WAIT");
    refused(say(DIR, T0 + 2 * S,
                "{\"type\":\"club_attend\",\"id\":7,\"club\":%lld,\"round\":2,\"players\":[101]}",
                (long long)club_id),
            "wrong_round", "round", "T-WAIT");
    refused(say(team_conn(1), T0 + 2 * S,
                "{\"type\":\"club_attend\",\"id\":7,\"club\":%lld,\"round\":1,\"players\":[101]}",
                (long long)club_id),
            "unauthorized", NULL, NULL);
    acked(say(DIR, T0 + 2 * S,
              "{\"type\":\"club_attend\",\"id\":7,\"club\":%lld,\"round\":1,\"players\":"
              "[101,102,103,104,105,106,201,203,204,205,206]}",
              (long long)club_id));
    /* the arbiter's table: who is at each board, and for an absent seat the time left of the
     * 600 s waiting time that started with the round at T0 + S; the attendance is pushed */
    f_run_timers(&io, h, T0 + 2 * S + S / 2);
    const char *push = f_last(&io, DIR, "{\"type\":\"club\",\"club\":");
    CHECK_MSG(push && strstr(push, "\"white\":101,\"black\":201,\"result\":\"*\",\"live\":true,"
                                   "\"present\":[true,true]}"),
              "the attendance pushed to the director: %s", push ? push : "(none)");
    r = snapshot(T0 + 2 * S);
    CHECK_MSG(strstr(r, "\"white\":101,\"black\":201,\"result\":\"*\",\"live\":true,"
                        "\"present\":[true,true]}"),
              "board 1: both present, no countdown: %s", r);
    CHECK_MSG(strstr(r, "\"white\":202,\"black\":102,\"result\":\"*\",\"live\":true,"
                        "\"present\":[false,true],\"wait_ms\":599000}"),
              "board 2: White absent, 599 s left: %s", r);
    f_run_timers(&io, h, T0 + S + 600 * S - 1);
    r = snapshot(T0 + S + 600 * S - 1);
    CHECK_MSG(!strstr(r, "\"result\":\"-+\""), "not before the waiting time's end: %s", r);
    f_run_timers(&io, h, T0 + S + 600 * S);
    r = snapshot(T0 + S + 600 * S);
    CHECK_MSG(strstr(r, "{\"board\":2,\"white_team\":") &&
                  strstr(r, "\"white\":202,\"black\":102,"
                            "\"result\":\"-+\",\"live\":false"),
              "board 2 forfeited at the waiting time's end: %s", r);
    CHECK_MSG(strstr(r, "\"white\":101,\"black\":201,\"result\":\"*\",\"live\":true"),
              "board 1 plays on: %s", r);
    /* the round's end opens the protest window (protest_s 60): its countdown on every page */
    uint64_t end = T0 + 700 * S;
    for (int b = 1; b <= 6; b++)
        if (b != 2)
            acked(say(DIR, end,
                      "{\"type\":\"club_result\",\"id\":8,\"club\":%lld,\"round\":1,"
                      "\"match\":1,\"board\":%d,\"result\":\"1/2-1/2\"}",
                      (long long)club_id, b));
    CHECK_MSG(strstr(snapshot(end), "\"status\":\"done\",\"protest_ms\":60000,"),
              "the window: 60 s at the end");
    CHECK_MSG(strstr(snapshot(end + 45 * S), "\"status\":\"done\",\"protest_ms\":15000,"),
              "15 s left 45 s later");
    CHECK_MSG(!strstr(snapshot(end + 61 * S), "protest_ms"), "closed after 60 s");
    f_close_hub(&io, st, h);
    bh_test_rm_db(dbpath);
}

/* Seed 004's own numbers, 10 min + 5 s and a 10 min waiting time, end at the same instant: at
 * it the waiting time decides, not White's flag. Nobody comes to round 1's boards: every board
 * is lost by both (--), none 0-1 on time (found in a browser trial: White flagged first). */
static void wait_beats_flag(void)
{
    open_hub(true);
    say(DIR, T0, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", ADMIN);
    club_id = jint(say(DIR, T0,
                       "{\"type\":\"club_create\",\"id\":3,\"name\":\"Default clocks\","
                       "\"break_s\":60,\"protest_s\":60}"),
                   "club");
    two_teams_of_six();
    acked(say(DIR, T0, "{\"type\":\"club_start\",\"id\":5,\"club\":%lld}", (long long)club_id));
    acked(say(DIR, T0 + S, "{\"type\":\"club_round_start\",\"id\":6,\"club\":%lld}",
              (long long)club_id));
    f_run_timers(&io, h, T0 + S + 600 * S);
    const char *r = snapshot(T0 + S + 600 * S);
    CHECK_MSG(!strstr(r, "\"result\":\"0-1\"") && !strstr(r, "\"result\":\"1-0\""),
              "no board decided on time: %s", r);
    int both = 0;
    for (const char *p = r; (p = strstr(p, "\"result\":\"--\"")) != NULL; p++)
        both++;
    CHECK_EQ_INT("six boards lost by both", 6, both);
    f_close_hub(&io, st, h);
    bh_test_rm_db(dbpath);
}

/* The last assign to conn for board b (game_no, 0-based) of the event: its game id and the
 * token of seat (0 White, 1 Black); false if none. */
static bool assign_of(uint64_t conn, int b, int seat, int64_t *game, char tok[80])
{
    char want[32], seat_key[32];
    snprintf(want, sizeof want, "\"game_no\":%d,", b);
    snprintf(seat_key, sizeof seat_key, "{\"seat\":%d,", seat);
    for (int i = io.n - 1; i >= 0; i--) {
        const char *m = io.msg[i];
        const char *p = io.conn[i] == conn && strstr(m, "\"type\":\"assign\"") && strstr(m, want)
                            ? strstr(m, seat_key)
                            : NULL;
        if (p) {
            *game = jint(m, "game");
            str_after(p, "token", tok, 80);
            return true;
        }
    }
    return false;
}

/* Issue 15: the boards are hosted chess games. Two teams of 2, one round: at the round's start
 * each board is a live chess game (10+5, F-CHESS) and each captain's connection gets the
 * tokens of its team's seats (`assign`). Board 1 (101 White v 201) is played to Fool's mate,
 * 1. f3 e5 2. g4 Qh4#: the event records 0-1 without any arbiter entry. On board 2 (202 White,
 * the away team on the even board, v 102) only White comes: when the waiting time (60 s)
 * passes, Black loses by forfeit (+-, T-WAIT), decided by club.h, and the hosted game ends
 * 1-0 "forfeit". Team 2 wins the match 2-0 (match points 2). */
static void hosted_boards(void)
{
    open_hub(true);
    say(DIR, T0, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", ADMIN);
    const char *r = say(DIR, T0,
                        "{\"type\":\"club_create\",\"id\":3,\"name\":\"Hosted\",\"boards\":2,"
                        "\"reserves\":0,\"min_players\":1,\"wait_s\":60,\"break_s\":60,"
                        "\"protest_s\":60,\"base_ms\":600000,\"inc_ms\":5000}");
    club_id = jint(r, "club");
    for (int t = 1; t <= 2; t++) {
        r = say(DIR, T0,
                "{\"type\":\"club_team\",\"id\":4,\"club\":%lld,\"name\":\"T%d\",\"players\":"
                "[{\"id\":%d,\"name\":\"P%d\"},{\"id\":%d,\"name\":\"P%d\"}],\"captain\":%d}",
                (long long)club_id, t, 100 * t + 1, 100 * t + 1, 100 * t + 2, 100 * t + 2,
                100 * t + 1);
        str_after(r, "token", token[t], sizeof token[t]);
        say(team_conn(t), T0, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", token[t]);
        say(team_conn(t), T0, "{\"type\":\"club_get\",\"id\":2,\"club\":%lld}", (long long)club_id);
    }
    acked(say(DIR, T0, "{\"type\":\"club_start\",\"id\":5,\"club\":%lld}", (long long)club_id));
    acked(say(DIR, T0 + S, "{\"type\":\"club_round_start\",\"id\":6,\"club\":%lld}",
              (long long)club_id));
    int64_t g1 = 0, g1b = 0, g2 = 0, gx = 0;
    char w1[80] = "", b1[80] = "", w2[80] = "", none[80] = "";
    CHECK_MSG(assign_of(team_conn(1), 0, 0, &g1, w1), "team 1: no token for board 1 White");
    CHECK_MSG(assign_of(team_conn(2), 0, 1, &g1b, b1), "team 2: no token for board 1 Black");
    CHECK_MSG(assign_of(team_conn(2), 1, 0, &g2, w2), "team 2: no token for board 2 White");
    CHECK_MSG(!assign_of(team_conn(1), 0, 1, &gx, none), "team 1 got team 2's seat");
    CHECK_EQ_INT("one game for board 1", g1, g1b);
    CHECK_MSG(g1 > 0 && g2 > 0 && g1 != g2, "games %lld %lld", (long long)g1, (long long)g2);
    /* Issue 13 item 10: the captain's page shown again hands out the seat's own token again
     * (hub__seat_token), not a new one beside it. */
    say(team_conn(1), T0 + S, "{\"type\":\"club_get\",\"id\":7,\"club\":%lld}", (long long)club_id);
    char again[80] = "";
    CHECK_MSG(assign_of(team_conn(1), 0, 0, &gx, again) && strcmp(again, w1) == 0,
              "board 1 White's token again: %s, first %s", again, w1);
    const char *tok[3] = {w1, b1, w2};
    int64_t gid[3] = {g1, g1, g2};
    for (int i = 0; i < 3; i++) {
        say(60 + (uint64_t)i, T0 + 2 * S, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", tok[i]);
        r = say(60 + (uint64_t)i, T0 + 2 * S, "{\"type\":\"join\",\"id\":2,\"game\":%lld}",
                (long long)gid[i]);
        CHECK_MSG(strstr(r, "\"status\":\"live\"") && strstr(r, "\"kind\":\"chess\"") &&
                      strstr(r, "\"base_ms\":600000,\"inc_ms\":5000"),
                  "a live chess board: %s", r);
    }
    CHECK_MSG(strstr(r, "{\"seat\":0,\"name\":\"P202\"") &&
                  strstr(r, "{\"seat\":1,\"name\":\"P102\""),
              "board 2's players by colour: %s", r);
    static const char *const fool[] = {"f2f3", "e7e5", "g2g4", "d8h4"};
    for (int p = 0; p < 4; p++) {
        r = say(60 + (uint64_t)(p & 1), T0 + (3 + (uint64_t)p) * S,
                "{\"type\":\"move\",\"id\":%d,\"game\":%lld,\"board\":\"A\",\"ply\":%d,"
                "\"move\":\"%s\"}",
                10 + p, (long long)g1, p, fool[p]);
        CHECK_MSG(strstr(r, "\"type\":\"ack\"") || strstr(r, "\"type\":\"result\""), "move %d: %s",
                  p, r);
    }
    r = snapshot(T0 + 8 * S);
    CHECK_MSG(strstr(r, "\"white\":101,\"black\":201,\"result\":\"0-1\",\"live\":false"),
              "board 1's mate in the event: %s", r);
    CHECK_MSG(strstr(r, "\"white\":202,\"black\":102,\"result\":\"*\",\"live\":true"),
              "board 2 waits: %s", r);
    f_run_timers(&io, h, T0 + S + 60 * S);
    r = snapshot(T0 + 62 * S);
    CHECK_MSG(strstr(r, "\"white\":202,\"black\":102,\"result\":\"+-\",\"live\":false"),
              "board 2 forfeited by the absent Black: %s", r);
    CHECK_MSG(strstr(r, "\"gp\":[0,2],\"mp\":[0,2]"), "team 2 wins 2-0: %s", r);
    r = say(62, T0 + 63 * S, "{\"type\":\"join\",\"id\":3,\"game\":%lld}", (long long)g2);
    CHECK_MSG(strstr(r, "\"result\":\"1-0\",\"reason\":\"forfeit\""), "board 2's game: %s", r);
    /* a finished board changes only through the club (club_result, club_decide): game_result
     * on it would leave the game saying 1-0 and the board 0-1 (an attack session found it) */
    refused(say(DIR, T0 + 63 * S,
                "{\"type\":\"game_result\",\"id\":9,\"game\":%lld,\"result\":\"1-0\","
                "\"reason\":\"appeal\"}",
                (long long)g1),
            "bad_state", "game", NULL);
    /* The boards' PGN (the director's export): the event's name, Round round.match, Board and
     * the teams (PGN standard 8.1.1, the team tags of ChessBase); board 2's forfeit is its
     * Result ("abandoned", 8.2.5), not the "*" of a game nobody finished. In the JSON reply a
     * tag reads [Event \"Hosted\"] and a newline \n. */
    r = say(DIR, T0 + 63 * S, "{\"type\":\"export\",\"id\":8,\"format\":\"bpgn\",\"game\":%lld}",
            (long long)g1);
    CHECK_MSG(
        strstr(r, "[Event \\\"Hosted\\\"]\\n") &&
            strstr(r, "[Round \\\"1.1\\\"]\\n[Board \\\"1\\\"]") &&
            strstr(r, "[WhiteTeam \\\"T1\\\"]\\n[BlackTeam \\\"T2\\\"]\\n[Result \\\"0-1\\\"]"),
        "board 1's PGN: %s", r);
    r = say(DIR, T0 + 63 * S, "{\"type\":\"export\",\"id\":9,\"format\":\"bpgn\",\"game\":%lld}",
            (long long)g2);
    CHECK_MSG(
        strstr(r, "[Event \\\"Hosted\\\"]\\n") &&
            strstr(r, "[Round \\\"1.1\\\"]\\n[Board \\\"2\\\"]") &&
            strstr(r, "[WhiteTeam \\\"T2\\\"]\\n[BlackTeam \\\"T1\\\"]\\n[Result \\\"1-0\\\"]") &&
            strstr(r, "[Termination \\\"Abandoned\\\"]"),
        "board 2's PGN: %s", r);
    f_close_hub(&io, st, h);
    bh_test_rm_db(dbpath);
}

/* The club's pushes are coalesced (hub_event.h, protocol/README.md "Server pushes"): the first
 * change pushes at its turn's end, after the reply; changes within 250 ms of that push wait
 * for the timer, which sends one push with all of them, equal to club_get's reply. */
static void push_coalesced(void)
{
    open_hub(true);
    say(DIR, T0, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", ADMIN);
    club_id = jint(say(DIR, T0 - 2 * S,
                       "{\"type\":\"club_create\",\"id\":3,\"name\":\"Coalesced\","
                       "\"break_s\":60,\"protest_s\":60,\"wait_s\":0}"),
                   "club");
    register_teams_at(T0 - S); /* their pushes are out by T0: the start's is not held */
    f_run_timers(&io, h, T0 - S / 2);
    auth_all();
    snapshot(T0); /* SPECTATOR takes the pushes */
    const char *PUSH = "{\"type\":\"club\",\"club\":";
    f_clear(&io);
    acked(say(DIR, T0, "{\"type\":\"club_start\",\"id\":8,\"club\":%lld}", (long long)club_id));
    CHECK_EQ_INT("the start: one push", 1, f_count(&io, SPECTATOR, PUSH));
    int ack_at = -1, push_at = -1; /* DIR created the club: it takes the pushes too */
    for (int i = 0; i < io.n; i++)
        if (io.conn[i] == DIR && strstr(io.msg[i], "\"type\":\"ack\""))
            ack_at = i;
        else if (io.conn[i] == DIR && strstr(io.msg[i], PUSH) && push_at < 0)
            push_at = i;
    CHECK_MSG(ack_at >= 0 && push_at > ack_at, "the ack (%d), then the push (%d)", ack_at, push_at);
    uint64_t t1 = T0 + 100000, t2 = T0 + 200000, gap = 250000; /* µs */
    f_clear(&io);
    acked(say(team_conn(1), t1,
              "{\"type\":\"club_lineup\",\"id\":9,\"club\":%lld,\"round\":1,\"players\":"
              "[%d,%d,%d,%d,%d,%d]}",
              (long long)club_id, pid(1, 1), pid(1, 2), pid(1, 3), pid(1, 4), pid(1, 5),
              pid(1, 6)));
    acked(say(team_conn(2), t2,
              "{\"type\":\"club_lineup\",\"id\":9,\"club\":%lld,\"round\":1,\"players\":"
              "[%d,%d,%d,%d,%d,%d]}",
              (long long)club_id, pid(2, 1), pid(2, 2), pid(2, 3), pid(2, 4), pid(2, 5),
              pid(2, 6)));
    CHECK_EQ_INT("two line-ups within 250 ms: held", 0, f_count(&io, SPECTATOR, PUSH));
    CHECK_EQ_INT("the timer at the gap's end", (long long)(T0 + gap), (long long)io.timer_at);
    f_run_timers(&io, h, T0 + gap);
    CHECK_EQ_INT("one push for both", 1, f_count(&io, SPECTATOR, PUSH));
    const char *p = f_last(&io, SPECTATOR, PUSH);
    char *push = strdup(p ? p : "");
    CHECK_MSG(strstr(push, "\"team\":1,\"submitted\":true") &&
                  strstr(push, "\"team\":2,\"submitted\":true"),
              "both line-ups in it: %s", push);
    const char *get = snapshot(T0 + gap);
    const char *body = strstr(get, ",\"club\":"); /* the reply without its type and id */
    CHECK_MSG(body && strcmp(body, push + strlen("{\"type\":\"club\"")) == 0,
              "the push is club_get's reply: %s", get);
    free(push);
    f_close_hub(&io, st, h);
    bh_test_rm_db(dbpath);
}

/* A team registered before the start reaches every page watching the event (the director's
 * registration panel, a second desk, a spectator): the snapshot is pushed with the team in it,
 * as after every other change. */
static void team_pushed(void)
{
    open_hub(true);
    say(DIR, T0, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", ADMIN);
    club_id = jint(say(DIR, T0, "{\"type\":\"club_create\",\"id\":3,\"name\":\"Pushed\"}"), "club");
    snapshot(T0); /* SPECTATOR takes the pushes */
    f_clear(&io);
    register_teams();
    f_run_timers(&io, h, T0 + 1000000);
    const char *p = f_last(&io, SPECTATOR, "{\"type\":\"club\",\"club\":");
    CHECK_MSG(p && strstr(p, "\"name\":\"Club 1\"") && strstr(p, "\"name\":\"Club 6\""),
              "the spectator's last push has all six teams: %s", p ? p : "(none)");
    f_close_hub(&io, st, h);
    bh_test_rm_db(dbpath);
}

/* A submitted line-up is its team's and the arbiter's until the round starts (F-LINEUP): the
 * public snapshot and the other captain's say only that it was submitted; after the start
 * everyone sees who plays. Pushes and club_get alike. */
static void lineup_private(void)
{
    open_hub(true);
    say(DIR, T0, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", ADMIN);
    club_id = jint(say(DIR, T0,
                       "{\"type\":\"club_create\",\"id\":3,\"name\":\"Private\","
                       "\"break_s\":60,\"protest_s\":60,\"wait_s\":0}"),
                   "club");
    register_teams();
    auth_all();
    snapshot(T0);
    say(team_conn(2), T0, "{\"type\":\"club_get\",\"id\":6,\"club\":%lld}", (long long)club_id);
    acked(say(DIR, T0, "{\"type\":\"club_start\",\"id\":8,\"club\":%lld}", (long long)club_id));
    acked(say(team_conn(1), T0 + S,
              "{\"type\":\"club_lineup\",\"id\":9,\"club\":%lld,\"round\":1,\"players\":"
              "[%d,%d,%d,%d,%d,%d]}",
              (long long)club_id, pid(1, 1), pid(1, 3), pid(1, 4), pid(1, 5), pid(1, 6),
              pid(1, 7)));
    f_run_timers(&io, h, T0 + 2 * S);
    char shown[96], hidden[64];
    snprintf(shown, sizeof shown, "\"team\":%lld,\"submitted\":true,\"players\":[%d,%d,",
             (long long)team[1], pid(1, 1), pid(1, 3));
    snprintf(hidden, sizeof hidden, "\"team\":%lld,\"submitted\":true,\"players\":[]",
             (long long)team[1]);
    const char *PUSH = "{\"type\":\"club\",\"club\":";
    static const struct {
        uint64_t conn;
        const char *who;
        bool sees;
    } views[] = {{DIR, "the director", true},
                 {10 + 1, "the team's captain", true},
                 {10 + 2, "the other captain", false},
                 {SPECTATOR, "a spectator", false}};
    for (size_t i = 0; i < sizeof views / sizeof views[0]; i++) {
        const char *p = f_last(&io, views[i].conn, PUSH);
        CHECK_MSG(p && strstr(p, views[i].sees ? shown : hidden), "%s's push: %s", views[i].who,
                  p ? p : "(none)");
    }
    CHECK_MSG(strstr(snapshot(T0 + 2 * S), hidden) != NULL, "a spectator's club_get hides it");
    CHECK_MSG(strstr(say(team_conn(1), T0 + 2 * S, "{\"type\":\"club_get\",\"id\":6,\"club\":%lld}",
                         (long long)club_id),
                     shown) != NULL,
              "the captain's club_get shows it");
    acked(say(DIR, T0 + 3 * S, "{\"type\":\"club_round_start\",\"id\":10,\"club\":%lld}",
              (long long)club_id));
    f_run_timers(&io, h, T0 + 4 * S);
    const char *p = f_last(&io, SPECTATOR, PUSH);
    CHECK_MSG(p && strstr(p, shown), "after the start everyone sees it: %s", p ? p : "(none)");
    f_close_hub(&io, st, h);
    bh_test_rm_db(dbpath);
}

/* Before the start the director corrects a team in its place (club_team with `team`: its
 * token stays) or removes one (club_team_remove: its token stops working); both are pushed,
 * both are refused after the start. */
static void registration_edits(void)
{
    open_hub(true);
    say(DIR, T0, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", ADMIN);
    club_id = jint(say(DIR, T0, "{\"type\":\"club_create\",\"id\":3,\"name\":\"Edits\"}"), "club");
    register_teams();
    snapshot(T0);
    acked(say(DIR, T0,
              "{\"type\":\"club_team\",\"id\":4,\"club\":%lld,\"team\":%lld,\"name\":"
              "\"Renamed\",\"players\":[{\"id\":%d,\"name\":\"A\"},{\"id\":%d,\"name\":\"B\"},"
              "{\"id\":%d,\"name\":\"C\"}],\"captain\":%d}",
              (long long)club_id, (long long)team[2], pid(2, 1), pid(2, 2), pid(2, 3), pid(2, 2)));
    refused(say(DIR, T0,
                "{\"type\":\"club_team\",\"id\":4,\"club\":%lld,\"team\":%lld,\"name\":"
                "\"Club 3\",\"players\":[{\"id\":%d,\"name\":\"A\"},{\"id\":%d,\"name\":\"B\"},"
                "{\"id\":%d,\"name\":\"C\"}],\"captain\":%d}",
                (long long)club_id, (long long)team[2], pid(2, 1), pid(2, 2), pid(2, 3), pid(2, 2)),
            "exists", "name", "F-RR");
    acked(say(DIR, T0, "{\"type\":\"club_team_remove\",\"id\":5,\"club\":%lld,\"team\":%lld}",
              (long long)club_id, (long long)team[1]));
    refused(say(DIR, T0, "{\"type\":\"club_team_remove\",\"id\":5,\"club\":%lld,\"team\":%lld}",
                (long long)club_id, (long long)team[1]),
            "not_found", "team", "F-RR");
    refused(say(team_conn(1), T0, "{\"type\":\"auth\",\"id\":6,\"token\":\"%s\"}", token[1]),
            "unauthorized", NULL, NULL);
    CHECK_MSG(
        strstr(say(team_conn(2), T0, "{\"type\":\"auth\",\"id\":6,\"token\":\"%s\"}", token[2]),
               "\"role\":\"team\"") != NULL,
        "the corrected team's token still works");
    f_run_timers(&io, h, T0 + S);
    const char *p = f_last(&io, SPECTATOR, "{\"type\":\"club\",\"club\":");
    CHECK_MSG(p && !strstr(p, "\"name\":\"Club 1\"") && !strstr(p, "\"name\":\"Club 2\"") &&
                  strstr(p, "\"teams\":[{\"team\":2,\"name\":\"Renamed\",\"captain\":202,"),
              "pushed: Club 1 gone, Renamed first: %s", p ? p : "(none)");
    acked(say(DIR, T0 + S, "{\"type\":\"club_start\",\"id\":7,\"club\":%lld}", (long long)club_id));
    refused(say(DIR, T0 + S, "{\"type\":\"club_team_remove\",\"id\":8,\"club\":%lld,\"team\":%lld}",
                (long long)club_id, (long long)team[3]),
            "bad_state", "tournament", "F-RR");
    f_close_hub(&io, st, h);
    bh_test_rm_db(dbpath);
}

/* A game created for an event of any format (game_create's "tournament") is that event's: the
 * hub knows the event by its id from its creation on, as it does after a restart (the club's
 * and the league's ids once answered not_found until the next start). */
static void event_names(void)
{
    open_hub(true);
    say(DIR, T0, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", ADMIN);
    long long c =
        jint(say(DIR, T0, "{\"type\":\"club_create\",\"id\":2,\"name\":\"Names Club\"}"), "club");
    long long l = jint(say(DIR, T0,
                           "{\"type\":\"league_create\",\"id\":3,\"name\":\"Names League\","
                           "\"teams\":4,\"groups\":2,\"boards\":2}"),
                       "league");
    CHECK_MSG(c > 0 && l > 0, "created: club %lld, league %lld", c, l);
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1) { /* the same after a restart */
            f_close_hub(&io, st, h);
            open_hub(false);
            say(DIR, T0, "{\"type\":\"auth\",\"id\":1,\"token\":\"%s\"}", ADMIN);
        }
        long long ev[2] = {c, l};
        for (int i = 0; i < 2; i++) {
            const char *r =
                say(DIR, T0,
                    "{\"type\":\"game_create\",\"id\":4,\"tournament\":%lld,\"base_ms\":60000,"
                    "\"kind\":\"chess\",\"players\":[\"ann\",\"bob\"]}",
                    ev[i]);
            CHECK_MSG(strstr(r, "\"type\":\"game_created\"") != NULL,
                      "%s, pass %d: game_create for event %lld: %s", i ? "league" : "club", pass,
                      ev[i], r);
        }
        CHECK_MSG(
            strstr(say(DIR, T0,
                       "{\"type\":\"game_create\",\"id\":5,\"tournament\":%lld,\"base_ms\":60000,"
                       "\"kind\":\"chess\",\"players\":[\"ann\",\"bob\"]}",
                       l + 100),
                   "\"field\":\"tournament\"") != NULL,
            "no such event: not_found (tournament)");
    }
    f_close_hub(&io, st, h);
    bh_test_rm_db(dbpath);
}

static const bh_test_case cases[] = {
    {"hosted_boards", hosted_boards},     {"wire_event", wire_event},
    {"wire_attendance", wire_attendance}, {"push_coalesced", push_coalesced},
    {"event_names", event_names},         {"team_pushed", team_pushed},
    {"lineup_private", lineup_private},   {"registration_edits", registration_edits},
    {"wait_beats_flag", wait_beats_flag},
};

BH_TEST_MAIN(cases)
