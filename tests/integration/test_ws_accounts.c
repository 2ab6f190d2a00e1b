/* test_ws_accounts.c: accounts over real sockets: sign up, log in and out, a session token
 * used again on another connection and after a restart, an expired or revoked session, a
 * wrong password, names that differ only by case or lookalikes, guests, the rate limits per
 * account and per address; every refusal a typed error naming its field, with the connection
 * still serving; no password or session token in the server's log, nor on the wire but in its
 * owner's session reply (every frame read is checked); a team's players linking
 * their boards to their accounts.
 * SPDX-License-Identifier: MIT */
#include <sqlite3.h>

#include "itest.h"
#include "now.h"

static const char *bin;

/* The wire check: every frame any connection of these tests reads goes through recv_watched,
 * which fails the test when a frame holds a secret it may not: a password never (no owner),
 * a session token only in the `session` reply on the connection that asked for it. */
typedef struct {
    char text[80];
    const wsc *owner; /* NULL: nobody may receive it */
} secret;
static secret secrets[16];
static int nsecrets, frames_read;

static void watch_secret(const char *text, const wsc *owner)
{
    if (nsecrets < 16 && text && text[0]) {
        snprintf(secrets[nsecrets].text, sizeof secrets[nsecrets].text, "%s", text);
        secrets[nsecrets++].owner = owner;
    }
}

static char *recv_watched(wsc *c, int ms)
{
    char *f = wsc_recv(c, ms);
    for (int i = 0; f && i < nsecrets; i++) {
        bool own = secrets[i].owner == c && strstr(f, "\"type\":\"session\"");
        CHECK_MSG(!strstr(f, secrets[i].text) || own, "a secret on the wire to the wrong place: %s",
                  f);
    }
    frames_read += f != NULL;
    return f;
}

static char *call(wsc *c, const char *text)
{
    return itest_call_via(c, text, 200, ITEST_REPLY_MS, recv_watched);
}

/* The code and field of reply r, as "code/field" ("" code: not an error). */
static const char *refusal(const char *r, char out[80])
{
    char code[32], field[32];
    ecode(r, code);
    jstr(r, "field", field, sizeof field);
    snprintf(out, 80, "%s/%s", code, field);
    return out;
}

#define CHECK_REFUSED(c, text, want)                                                               \
    do {                                                                                           \
        char *r_ = call((c), (text));                                                              \
        char b_[80];                                                                               \
        CHECK_EQ_STR(text, (want), refusal(r_, b_));                                               \
        free(r_);                                                                                  \
    } while (0)

#define CHECK_TYPE(c, text, want)                                                                  \
    do {                                                                                           \
        char *r_ = call((c), (text));                                                              \
        char t_[32];                                                                               \
        CHECK_EQ_STR(text, (want), jstr(r_, "type", t_, sizeof t_));                               \
        free(r_);                                                                                  \
    } while (0)

/* Read what c still has for it (ms per frame), through the wire check. */
static void drain(wsc *c, int ms)
{
    char *f;
    while ((f = recv_watched(c, ms)) != NULL)
        free(f);
}

/* The connection still serves: a ping gets its pong. */
static void check_alive(wsc *c, const char *what)
{
    char *r = call(c, "{\"type\":\"ping\",\"id\":999}");
    CHECK_MSG(r && strstr(r, "\"type\":\"pong\""), "%s: no pong after it: %s", what,
              r ? r : "(none)");
    free(r);
}

/* signup or login of name with password on c: the session's token into tok (cap bytes, "" on
 * a refusal); the reply returned (caller frees). */
static char *session(wsc *c, const char *type, int id, const char *name, const char *password,
                     char *tok, size_t cap)
{
    char buf[512];
    snprintf(buf, sizeof buf, "{\"type\":\"%s\",\"id\":%d,\"name\":\"%s\",\"password\":\"%s\"}",
             type, id, name, password);
    char *r = call(c, buf);
    tok[0] = '\0';
    if (r && strstr(r, "\"type\":\"session\""))
        jstr(r, "token", tok, cap);
    return r;
}

/* auth with tok on a new connection of x: the reply (caller frees); *out the connection. */
static char *auth_new(wsc_ctx *x, const itest_srv *s, const char *tok, wsc **out)
{
    char buf[256];
    *out = itest_connect(x, s, NULL);
    snprintf(buf, sizeof buf, "{\"type\":\"auth\",\"id\":50,\"token\":\"%s\"}", tok);
    return call(*out, buf);
}

/* Whether the file at path holds needle. */
static bool file_has(const char *path, const char *needle)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    static char text[1 << 20];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    return strstr(text, needle) != NULL;
}

static void signup_login_logout(void)
{
    itest_srv s;
    itest_init(&s, bin);
    CHECK_MSG(itest_start(&s, NULL) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    wsc *a = itest_connect(x, &s, NULL);
    char tok[80], tok2[80];
    nsecrets = frames_read = 0;
    watch_secret("correct horse", NULL);

    char *r = session(a, "signup", 1, "Ann_Lee", "correct horse", tok, sizeof tok);
    CHECK_MSG(strlen(tok) == 32, "signup: a session: %s", r ? r : "(none)");
    watch_secret(tok, a);
    CHECK_MSG(r && strstr(r, "\"name\":\"Ann_Lee\"") && jint(r, "expires_ms", 0) > 0,
              "signup reply: %s", r ? r : "(none)");
    free(r);

    /* the same name by case, by lookalikes; names and passwords out of the rules */
    CHECK_REFUSED(a,
                  "{\"type\":\"signup\",\"id\":2,\"name\":\"ANN_LEE\",\"password\":\"12345678\"}",
                  "exists/name");
    CHECK_REFUSED(a,
                  "{\"type\":\"signup\",\"id\":3,\"name\":\"Ann_1ee\",\"password\":\"12345678\"}",
                  "exists/name");
    CHECK_REFUSED(a, "{\"type\":\"signup\",\"id\":4,\"name\":\"ab\",\"password\":\"12345678\"}",
                  "invalid/name");
    CHECK_REFUSED(
        a, "{\"type\":\"signup\",\"id\":5,\"name\":\"\xd0\x90nna\",\"password\":\"12345678\"}",
        "invalid/name");
    CHECK_REFUSED(a, "{\"type\":\"signup\",\"id\":6,\"name\":\"Bob_Ray\",\"password\":\"1234567\"}",
                  "invalid/password");
    char big[400];
    snprintf(big, sizeof big,
             "{\"type\":\"signup\",\"id\":7,\"name\":\"Bob_Ray\",\"password\":\"%0129d\"}", 0);
    CHECK_REFUSED(a, big, "too_large/password");
    CHECK_REFUSED(a, "{\"type\":\"signup\",\"id\":8,\"name\":\"Bob_Ray\"}",
                  "missing_field/password");
    check_alive(a, "signup refusals");

    /* a wrong password and an unknown name: one refusal */
    wsc *b = itest_connect(x, &s, NULL);
    CHECK_REFUSED(b,
                  "{\"type\":\"login\",\"id\":9,\"name\":\"ann_lee\",\"password\":\"wrong horse\"}",
                  "unauthorized/password");
    CHECK_REFUSED(b,
                  "{\"type\":\"login\",\"id\":10,\"name\":\"nobody\",\"password\":\"wrong horse\"}",
                  "unauthorized/password");
    check_alive(b, "login refusals");
    r = session(b, "login", 11, "ann_lee", "correct horse", tok2, sizeof tok2);
    CHECK_MSG(strlen(tok2) == 32 && strcmp(tok, tok2) != 0, "login: a new session: %s",
              r ? r : "(none)");
    watch_secret(tok2, b);
    CHECK_MSG(r && strstr(r, "\"name\":\"Ann_Lee\""), "the name as signed up: %s", r ? r : "");
    free(r);

    /* the signup's session on another connection */
    wsc *c;
    r = auth_new(x, &s, tok, &c);
    CHECK_MSG(r && strstr(r, "\"role\":\"account\"") && strstr(r, "\"name\":\"Ann_Lee\""),
              "auth with the session token: %s", r ? r : "(none)");
    free(r);

    /* logout revokes the connection's session: c (same session) stops, tok2 stays good */
    CHECK_TYPE(a, "{\"type\":\"logout\",\"id\":12}", "ack");
    CHECK_REFUSED(a, "{\"type\":\"logout\",\"id\":13}", "bad_state/session");
    CHECK_REFUSED(c, "{\"type\":\"logout\",\"id\":14}", "bad_state/session");
    wsc *d;
    r = auth_new(x, &s, tok, &d);
    CHECK_EQ_STR("a revoked session", "unauthorized/token", refusal(r, big));
    free(r);
    check_alive(d, "a revoked session");
    wsc *e;
    r = auth_new(x, &s, tok2, &e);
    CHECK_MSG(r && strstr(r, "\"role\":\"account\""), "the login's session still opens: %s",
              r ? r : "(none)");
    free(r);

    /* guests: a free name, not an account's */
    CHECK_TYPE(d, "{\"type\":\"guest\",\"id\":15,\"name\":\"Visitor7\"}", "authed");
    CHECK_REFUSED(d, "{\"type\":\"guest\",\"id\":16,\"name\":\"ANN_LEE\"}", "exists/name");
    CHECK_REFUSED(d, "{\"type\":\"guest\",\"id\":17,\"name\":\"x\"}", "invalid/name");
    CHECK_TYPE(d, "{\"type\":\"logout\",\"id\":18}", "ack");

    /* nothing secret on the wire but each token in its own session reply, nor in the log */
    wsc *all[] = {a, b, c, d, e};
    for (int i = 0; i < 5; i++)
        drain(all[i], 200);
    CHECK_MSG(frames_read > 20, "the wire check read %d frames", frames_read);
    nsecrets = 0; /* the other cases' connections are others */
    CHECK_MSG(!file_has(s.log, "correct horse"), "the password is in the server's log");
    CHECK_MSG(!file_has(s.log, tok) && !file_has(s.log, tok2), "a session token is in the log");
    wsc_free(a);
    wsc_free(b);
    wsc_free(c);
    wsc_free(d);
    wsc_free(e);
    wsc_ctx_free(x);
    ITEST_FINISH(&s);
}

/* Run sql on the server's database db (a sqlite file, or BH_TEST_PG's PostgreSQL URI through
 * psql) while the server runs, and put the first column of every row, concatenated, into out
 * (cap bytes). Returns 0, or -1 when the database could not be asked. */
static int db_text(const char *db, const char *sql, char *out, size_t cap)
{
    out[0] = '\0';
    if (strncmp(db, "postgres", 8) == 0) {
        char cmd[1024], line[512];
        if (strpbrk(sql, "\"$`\\") || strchr(db, '\''))
            return -1;
        snprintf(cmd, sizeof cmd, "psql -qAtX '%s' -c \"%s\"", db, sql);
        FILE *p = popen(cmd, "r");
        if (!p)
            return -1;
        while (fgets(line, sizeof line, p)) {
            line[strcspn(line, "\n")] = '\0';
            size_t n = strlen(out);
            snprintf(out + n, cap - n, "%s", line);
        }
        return pclose(p) == 0 ? 0 : -1;
    }
    sqlite3 *q = NULL;
    sqlite3_stmt *st = NULL;
    int rc = -1;
    if (sqlite3_open(db, &q) == SQLITE_OK && sqlite3_busy_timeout(q, 2000) == SQLITE_OK &&
        sqlite3_prepare_v2(q, sql, -1, &st, NULL) == SQLITE_OK) {
        int r;
        while ((r = sqlite3_step(st)) == SQLITE_ROW) {
            const char *v = (const char *)sqlite3_column_text(st, 0);
            size_t n = strlen(out);
            snprintf(out + n, cap - n, "%s", v ? v : "");
        }
        rc = r == SQLITE_DONE ? 0 : -1;
    }
    sqlite3_finalize(st);
    sqlite3_close(q);
    return rc;
}

/* Set every session's expiry to 1 (long past) in the server's database. */
static void expire_sessions(const char *db)
{
    char out[8];
    CHECK_EQ_INT("expire", 0, db_text(db, "UPDATE sessions SET expires_ms = 1", out, sizeof out));
}

/* Rows of the sessions table, or -1 when the database could not be asked. */
static long long session_rows(const char *db)
{
    char out[32];
    if (db_text(db, "SELECT COUNT(*) FROM sessions", out, sizeof out) != 0 || !out[0])
        return -1;
    return atoll(out);
}

static void sessions_survive_restart_until_expired(void)
{
    itest_srv s;
    itest_init(&s, bin);
    CHECK_MSG(itest_start(&s, NULL) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    wsc *a = itest_connect(x, &s, NULL);
    char tok[80];
    free(session(a, "signup", 1, "Cid-7", "pass word 7", tok, sizeof tok));
    CHECK_MSG(strlen(tok) == 32, "signup");
    wsc_free(a);
    wsc_ctx_free(x);
    CHECK_EQ_INT("clean exit", 0, itest_stop(&s, SIGTERM));

    CHECK_MSG(itest_start(&s, NULL) == 0, "server did not restart");
    x = wsc_ctx_new();
    wsc *b;
    char *r = auth_new(x, &s, tok, &b);
    CHECK_MSG(r && strstr(r, "\"role\":\"account\"") && strstr(r, "\"name\":\"Cid-7\""),
              "the session after a restart: %s", r ? r : "(none)");
    free(r);
    r = itest_call(b,
                   "{\"type\":\"login\",\"id\":2,\"name\":\"CID-7\",\"password\":\"pass word 7\"}");
    CHECK_MSG(r && strstr(r, "\"type\":\"session\""), "login after a restart: %s", r ? r : "");
    free(r);

    expire_sessions(s.db);
    wsc *c;
    char buf[80];
    r = auth_new(x, &s, tok, &c);
    CHECK_EQ_STR("an expired session", "unauthorized/token", refusal(r, buf));
    free(r);
    check_alive(c, "an expired session");
    wsc_free(b);
    wsc_free(c);
    wsc_ctx_free(x);
    /* a restart deletes the ended sessions: no row is left */
    CHECK_EQ_INT("clean exit", 0, itest_stop(&s, SIGTERM));
    CHECK_MSG(itest_start(&s, NULL) == 0, "server did not restart");
    CHECK_EQ_INT("sessions left", 0, session_rows(s.db));
    ITEST_FINISH(&s);
}

static void login_rate_limits(void)
{
    itest_srv s;
    itest_init(&s, bin);
    /* the tests' client is on loopback, which only this flag limits per address */
    static const char *const extra[] = {"--login-limit-loopback", NULL};
    CHECK_MSG(itest_start(&s, extra) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    wsc *a = itest_connect(x, &s, NULL);
    char tok[80], buf[256];
    uint64_t t0 = now_mono_us(); /* the address's budget counts from try 1 */
    free(session(a, "signup", 1, "Dan_9", "right password", tok, sizeof tok)); /* try 1 */
    CHECK_MSG(strlen(tok) == 32, "signup");
    for (int i = 0; i < 5; i++) { /* tries 2..6: the name's 5 refusals */
        snprintf(buf, sizeof buf,
                 "{\"type\":\"login\",\"id\":%d,\"name\":\"dan_9\",\"password\":\"guess %d\"}",
                 10 + i, i);
        CHECK_REFUSED(a, buf, "unauthorized/password");
    }
    /* try 7: even the right password waits now */
    char *r = itest_call(a, "{\"type\":\"login\",\"id\":20,\"name\":\"Dan_9\","
                            "\"password\":\"right password\"}");
    CHECK_EQ_STR("the name's budget", "rate_limited/name", refusal(r, buf));
    CHECK_MSG(jint(r, "retry_ms", 0) > 0 && jint(r, "retry_ms", 0) <= 30000, "retry_ms: %s",
              r ? r : "");
    free(r);
    check_alive(a, "rate_limited");
    /* tries 8..13: a name no account has is limited the same way (nothing tells them apart) */
    for (int i = 0; i < 5; i++) {
        snprintf(buf, sizeof buf,
                 "{\"type\":\"login\",\"id\":%d,\"name\":\"Ghost_1\",\"password\":\"g %d\"}",
                 30 + i, i);
        CHECK_REFUSED(a, buf, "unauthorized/password");
    }
    CHECK_REFUSED(a, "{\"type\":\"login\",\"id\":35,\"name\":\"ghost_1\",\"password\":\"g\"}",
                  "rate_limited/name");
    /* then the address's budget: 30 at once, one more every 2 s, so the refusal comes at try
     * 31 or, on a slow machine, one try later for every 2 s the tries took. The tries are
     * sign-ups of the taken name: counted, and refused before any hash (a login hashes even an
     * unknown name, seconds each on a loaded machine, and the budget refilled as fast) */
    int tries = 13;
    char code[80] = "";
    while (tries < 60 && strcmp(code, "rate_limited/address") != 0) {
        snprintf(buf, sizeof buf,
                 "{\"type\":\"signup\",\"id\":%d,\"name\":\"dan_9\","
                 "\"password\":\"another one\"}",
                 100 + tries);
        r = itest_call(a, buf);
        refusal(r, code);
        free(r);
        tries++;
    }
    CHECK_EQ_STR("the address's budget", "rate_limited/address", code);
    int refilled = (int)((now_mono_us() - t0) / 2000000u); /* at most, in the time it took */
    CHECK_MSG(tries >= 31 && tries <= 31 + refilled + 1,
              "refused at try %d (31: none refilled; %d refills in the time taken)", tries,
              refilled);
    wsc *b = itest_connect(x, &s, NULL); /* a new connection from the same address */
    r = itest_call(b, "{\"type\":\"signup\",\"id\":60,\"name\":\"Eve_5\","
                      "\"password\":\"another one\"}");
    CHECK_EQ_STR("and on another connection", "rate_limited/address", refusal(r, buf));
    CHECK_MSG(jint(r, "retry_ms", 0) > 0 && jint(r, "retry_ms", 0) <= 2000, "retry_ms: %s",
              r ? r : "");
    free(r);
    check_alive(b, "rate_limited address");
    /* the session made before stays good */
    wsc *c;
    r = auth_new(x, &s, tok, &c);
    CHECK_MSG(r && strstr(r, "\"role\":\"account\""), "the session: %s", r ? r : "(none)");
    free(r);
    wsc_free(a);
    wsc_free(b);
    wsc_free(c);
    wsc_ctx_free(x);
    ITEST_FINISH(&s);
}

/* Without --login-limit-loopback a loopback address (a local reverse proxy) has no address
 * budget: 32 refused logins of 32 names, then a signup that works. */
static void loopback_not_limited_by_default(void)
{
    itest_srv s;
    itest_init(&s, bin);
    CHECK_MSG(itest_start(&s, NULL) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    wsc *a = itest_connect(x, &s, NULL);
    char buf[256], tok[80];
    for (int i = 0; i < 32; i++) {
        snprintf(buf, sizeof buf,
                 "{\"type\":\"login\",\"id\":%d,\"name\":\"user_%d\",\"password\":\"g\"}", 10 + i,
                 i);
        CHECK_REFUSED(a, buf, "unauthorized/password");
    }
    free(session(a, "signup", 50, "Fay_3", "a password", tok, sizeof tok));
    CHECK_MSG(strlen(tok) == 32, "the signup after 32 tries");
    wsc_free(a);
    wsc_ctx_free(x);
    ITEST_FINISH(&s);
}

/* Rows of entry_accounts as "team/board:account ..." in team and board order. */
static void entry_rows(const char *db, char *out, size_t cap)
{
    CHECK_EQ_INT("entry rows", 0,
                 db_text(db,
                         "SELECT e.team_id || '/' || CASE e.board WHEN 0 THEN 'A' ELSE 'B' END"
                         " || ':' || a.name || ' ' FROM entry_accounts e"
                         " JOIN accounts a ON a.id = e.account_id ORDER BY e.team_id, e.board",
                         out, cap));
}

/* A team's two players each link their board to their account through the team link. */
static void entries_link_to_accounts(void)
{
    itest_srv s;
    itest_init(&s, bin);
    CHECK_MSG(itest_start(&s, NULL) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    wsc *d = itest_connect(x, &s, NULL);
    free(itest_call(d, "{\"type\":\"auth\",\"id\":1,\"token\":\"" ITEST_ADMIN "\"}"));
    char *r = itest_call(d, "{\"type\":\"tournament_create\",\"id\":2,\"name\":\"Linked\","
                            "\"rounds\":1,\"base_ms\":600000}");
    long long tid = jint(r, "tournament", -1);
    free(r);
    char buf[512], team_tok[80];
    snprintf(buf, sizeof buf,
             "{\"type\":\"team_register\",\"id\":3,\"tournament\":%lld,\"name\":\"Knights\","
             "\"players\":[\"ann\",\"bob\"]}",
             tid);
    r = itest_call(d, buf);
    jstr(r, "token", team_tok, sizeof team_tok);
    long long team = jint(r, "team", -1);
    free(r);
    CHECK_MSG(team_tok[0] && team > 0, "the team's token");

    wsc *a = itest_connect(x, &s, NULL), *b = itest_connect(x, &s, NULL);
    snprintf(buf, sizeof buf, "{\"type\":\"auth\",\"id\":4,\"token\":\"%s\"}", team_tok);
    CHECK_CALL_TYPE(a, buf, "authed");
    CHECK_CALL_TYPE(b, buf, "authed");
    CHECK_REFUSED(a, "{\"type\":\"entry_link\",\"id\":5,\"board\":\"A\"}", "bad_state/session");
    CHECK_REFUSED(d, "{\"type\":\"entry_link\",\"id\":6,\"board\":\"A\"}", "unauthorized/");
    char tok[80];
    free(session(a, "signup", 7, "Ann_Lee", "correct horse", tok, sizeof tok));
    free(session(b, "signup", 8, "Bob_Ray", "battery staple", tok, sizeof tok));
    CHECK_REFUSED(a, "{\"type\":\"entry_link\",\"id\":9,\"board\":\"C\"}", "missing_field/board");
    CHECK_CALL_TYPE(a, "{\"type\":\"entry_link\",\"id\":10,\"board\":\"A\"}", "ack");
    CHECK_CALL_TYPE(a, "{\"type\":\"entry_link\",\"id\":11,\"board\":\"A\"}", "ack");
    CHECK_REFUSED(b, "{\"type\":\"entry_link\",\"id\":12,\"board\":\"A\"}", "exists/board");
    CHECK_CALL_TYPE(b, "{\"type\":\"entry_link\",\"id\":13,\"board\":\"B\"}", "ack");
    char rows[200], want[200];
    entry_rows(s.db, rows, sizeof rows);
    snprintf(want, sizeof want, "%lld/A:Ann_Lee %lld/B:Bob_Ray ", team, team);
    CHECK_EQ_STR("the links stored", want, rows);
    wsc_free(a);
    wsc_free(b);
    wsc_free(d);
    wsc_ctx_free(x);
    ITEST_FINISH(&s);
}

static const bh_test_case cases[] = {
    {"entries_link_to_accounts", entries_link_to_accounts},
    {"signup_login_logout", signup_login_logout},
    {"sessions_survive_restart_until_expired", sessions_survive_restart_until_expired},
    {"login_rate_limits", login_rate_limits},
    {"loopback_not_limited_by_default", loopback_not_limited_by_default},
};

ITEST_MAIN(cases)
