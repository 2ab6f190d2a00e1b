/* test_hub_acct.c: the hub's accounts without sockets (hub_fake.h), with the password jobs
 * held as the worker would hold them: a signup or login answers only when its job is
 * delivered; a connection that closes meanwhile gets nothing and the hub goes on; two
 * sign-ups of one name that hash at once make one account; too many waiting hashes are
 * refused; an account never changes a connection's role or seat.
 * SPDX-License-Identifier: MIT */
#include <unistd.h>

#include "bh.h"
#include "hub_fake.h"
#include "store_account.h"

#define ADMIN "test-admin-token-0123456789"
#define T0 1000000000ull

static fake io;
static store *st;
static hub *h;
static char dbpath[128];
static hub_job *held[64];
static int nheld;

static void f_job(void *ctx, hub_job *j)
{
    (void)ctx;
    if (nheld < 64)
        held[nheld++] = j;
    else
        hub_job_free(j);
}

static void open_hub(void)
{
    snprintf(dbpath, sizeof dbpath, "/tmp/bh_test_hub_acct_%d.db", (int)getpid());
    bh_test_rm_db(dbpath);
    CHECK_EQ_INT("store", BH_OK, store_open(dbpath, &st));
    hub_config cfg = {.recovery = HUB_RECOVER_RESUME};
    snprintf(cfg.ruleset, sizeof cfg.ruleset, "online");
    auth_hash(ADMIN, cfg.admin_hash);
    hub_io hio = {&io, f_send, f_close, f_timer, f_job, NULL};
    CHECK_EQ_INT("hub", BH_OK, hub_new(st, &cfg, &hio, T0, &h));
    nheld = 0;
}

static void close_hub(void)
{
    for (int i = 0; i < nheld; i++)
        hub_job_free(held[i]);
    nheld = 0;
    f_close_hub(&io, st, h);
    bh_test_rm_db(dbpath);
}

static void say(uint64_t c, const char *json)
{
    hub_on_text(h, c, json, strlen(json), T0);
    CHECK_EQ_INT("turn", BH_OK, hub_turn_end(h));
}

/* Run and deliver held job i, as the worker and then the loop would. */
static void deliver(int i)
{
    hub_job_run(held[i]);
    hub_on_job(h, held[i], T0);
    held[i] = NULL;
    CHECK_EQ_INT("turn", BH_OK, hub_turn_end(h));
}

static void replies_wait_for_the_job(void)
{
    open_hub();
    hub_on_open(h, 1);
    say(1, "{\"type\":\"signup\",\"id\":1,\"name\":\"Ann_Lee\",\"password\":\"correct horse\"}");
    CHECK_EQ_INT("one job", 1, nheld);
    CHECK_EQ_INT("no reply yet", 0, f_count(&io, 1, "\"id\":1"));
    deliver(0);
    CHECK_EQ_INT("the session", 1, f_count(&io, 1, "\"type\":\"session\""));
    char tok[64];
    jstr(f_last(&io, 1, "session"), "token", tok, sizeof tok);
    CHECK_EQ_INT("a token", AUTH_TOKEN_LEN, (int)strlen(tok));

    /* a login whose connection closes before its job is delivered: no reply, no crash, and
     * the stored session it made opens nothing it was not asked for */
    hub_on_open(h, 2);
    nheld = 0;
    say(2, "{\"type\":\"login\",\"id\":2,\"name\":\"ANN_LEE\",\"password\":\"correct horse\"}");
    CHECK_EQ_INT("a login job", 1, nheld);
    hub_on_close(h, 2);
    int before = io.n;
    deliver(0);
    CHECK_EQ_INT("nothing sent to a closed connection", before, io.n);

    /* the signup's token on another connection: an account, the role unchanged */
    hub_on_open(h, 3);
    char buf[256];
    snprintf(buf, sizeof buf, "{\"type\":\"auth\",\"id\":3,\"token\":\"%s\"}", tok);
    say(3, buf);
    CHECK_EQ_INT("authed account", 1, f_count(&io, 3, "\"role\":\"account\""));
    say(3, "{\"type\":\"auth\",\"id\":4,\"token\":\"" ADMIN "\"}");
    CHECK_EQ_INT("then director", 1, f_count(&io, 3, "\"role\":\"director\""));
    say(3, "{\"type\":\"games\",\"id\":5}");
    CHECK_EQ_INT("a director's message still allowed", 1, f_count(&io, 3, "\"type\":\"games\""));
    close_hub();
}

static void one_account_per_name(void)
{
    open_hub();
    hub_on_open(h, 1);
    hub_on_open(h, 2);
    /* both pass the early check (no such account yet) and hash at once */
    say(1, "{\"type\":\"signup\",\"id\":1,\"name\":\"Bob_Ray\",\"password\":\"12345678\"}");
    say(2, "{\"type\":\"signup\",\"id\":2,\"name\":\"bob_ray\",\"password\":\"87654321\"}");
    CHECK_EQ_INT("two jobs", 2, nheld);
    deliver(1);
    deliver(0);
    CHECK_EQ_INT("the second delivered made it", 1, f_count(&io, 2, "\"type\":\"session\""));
    CHECK_EQ_INT("the first is exists", 1, f_count(&io, 1, "\"code\":\"exists\""));
    store_account a;
    CHECK_EQ_INT("stored", BH_OK, store_account_find(st, "bob_ray", &a));
    CHECK_EQ_STR("as typed by the one that won", "bob_ray", a.name);
    close_hub();
}

static void waiting_hashes_are_bounded(void)
{
    open_hub();
    hub_on_open(h, 1);
    char buf[256];
    for (int i = 0; i < 33; i++) {
        snprintf(buf, sizeof buf,
                 "{\"type\":\"login\",\"id\":%d,\"name\":\"nobody\",\"password\":\"x\"}", 10 + i);
        say(1, buf);
    }
    CHECK_EQ_INT("32 wait", 32, nheld);
    const char *r = f_last(&io, 1, "\"id\":42");
    CHECK_MSG(r && strstr(r, "\"code\":\"rate_limited\"") && strstr(r, "\"field\":\"server\""),
              "the 33rd: %s", r ? r : "(none)");
    deliver(0);
    say(1, "{\"type\":\"login\",\"id\":50,\"name\":\"nobody\",\"password\":\"x\"}");
    CHECK_EQ_INT("one delivered, one more waits", 33, nheld);
    close_hub();
}

static void say_at(uint64_t c, const char *json, uint64_t now)
{
    hub_on_text(h, c, json, strlen(json), now);
    CHECK_EQ_INT("turn", BH_OK, hub_turn_end(h));
}

/* The address budget on the hub's own clock: 30 tries at once from 10.0.0.1, the 31st refused
 * with the time to the next token, one more 2 s later; another address and a loopback one
 * (no --login-limit-loopback) are not touched by it (its logins meet only the bound of 32
 * waiting hashes). */
static void address_budget_refills(void)
{
    open_hub();
    static const unsigned char ten[16] = {[10] = 0xff, [11] = 0xff, [12] = 10, [15] = 1};
    static const unsigned char other[16] = {[10] = 0xff, [11] = 0xff, [12] = 10, [15] = 2};
    static const unsigned char lo[16] = {[10] = 0xff, [11] = 0xff, [12] = 127, [15] = 1};
    hub_on_open(h, 1);
    hub_conn_addr(h, 1, ten);
    hub_on_open(h, 2);
    hub_conn_addr(h, 2, other);
    hub_on_open(h, 3);
    hub_conn_addr(h, 3, lo);
    char buf[256];
    for (int i = 0; i < 30; i++) {
        snprintf(buf, sizeof buf,
                 "{\"type\":\"login\",\"id\":%d,\"name\":\"?\",\"password\":\"x\"}", 100 + i);
        say_at(1, buf, T0);
    }
    CHECK_EQ_INT("no refusal in 30", 0, f_count(&io, 1, "rate_limited"));
    say_at(1, "{\"type\":\"login\",\"id\":200,\"name\":\"?\",\"password\":\"x\"}", T0);
    const char *r = f_last(&io, 1, "\"id\":200");
    CHECK_MSG(r && strstr(r, "\"code\":\"rate_limited\"") && strstr(r, "\"field\":\"address\""),
              "the 31st: %s", r ? r : "(none)");
    CHECK_EQ_INT("retry_ms: a token every 2 s", 2001, jint(r, "retry_ms"));
    say_at(1, "{\"type\":\"login\",\"id\":201,\"name\":\"?\",\"password\":\"x\"}", T0 + 1999000);
    CHECK_EQ_INT("1.999 s later: still refused", 1,
                 f_count(&io, 1, "\"id\":201,\"code\":\"rate_limited\""));
    int before = nheld;
    say_at(1, "{\"type\":\"login\",\"id\":202,\"name\":\"?\",\"password\":\"x\"}", T0 + 4000000);
    CHECK_EQ_INT("4 s later: one more goes to the worker", before + 1, nheld);
    say_at(2, "{\"type\":\"login\",\"id\":203,\"name\":\"?\",\"password\":\"x\"}", T0);
    CHECK_EQ_INT("another address", 0, f_count(&io, 2, "rate_limited"));
    for (int i = 0; i < 31; i++) {
        snprintf(buf, sizeof buf,
                 "{\"type\":\"signup\",\"id\":%d,\"name\":\"ab\",\"password\":\"x\"}", 300 + i);
        say_at(3, buf, T0); /* refused as invalid before any budget */
        snprintf(buf, sizeof buf,
                 "{\"type\":\"login\",\"id\":%d,\"name\":\"?\",\"password\":\"x\"}", 400 + i);
        say_at(3, buf, T0); /* past 32 waiting hashes: rate_limited, field server */
    }
    CHECK_EQ_INT("loopback: no address budget", 0, f_count(&io, 3, "\"field\":\"address\""));
    /* 32 wait already (connection 1's 31, connection 2's 1): each of the 31 meets the bound */
    CHECK_EQ_INT("loopback: the waiting hashes' bound", 31,
                 f_count(&io, 3, "\"field\":\"server\""));
    close_hub();
}

static const bh_test_case cases[] = {
    {"address_budget_refills", address_budget_refills},
    {"replies_wait_for_the_job", replies_wait_for_the_job},
    {"one_account_per_name", one_account_per_name},
    {"waiting_hashes_are_bounded", waiting_hashes_are_bounded},
};

BH_TEST_MAIN(cases)
