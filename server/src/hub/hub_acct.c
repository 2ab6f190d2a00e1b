/* hub_acct.c: accounts in the hub: signup, login, logout, guest, and the session tokens that
 * auth accepts. SPDX-License-Identifier: MIT
 * An account is who a connection is, beside what it may do: a session sets hub_sess.account
 * and name and leaves role and seat alone, so a player or a director logs in without losing
 * a seat. A password is hashed or verified on the worker (a job, hub_io.job: 60-70 ms each,
 * auth_pw.h), never on the loop; the reply follows when the job is delivered. Sessions are
 * random tokens stored hashed (store_account.h). Logins are rate-limited per remote address
 * and per name by token buckets held here (not stored: a restart forgets them). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auth.h"
#include "auth_pw.h"
#include "bh.h"
#include "hub_int.h"
#include "log.h"
#include "now.h"
#include "store_account.h"
#include "xalloc.h"

_Static_assert(PROTO_PASSWORD_MAX == AUTH_PW_MAX, "the wire's password limit is the hash's");
_Static_assert(AUTH_NAME_MAX <= PROTO_NAME_MAX && PROTO_NAME_MAX <= STORE_ACCOUNT_NAME_MAX,
               "an account name fits the wire and the store");
_Static_assert(AUTH_PW_HASH_MAX <= STORE_ACCOUNT_HASH_MAX, "a password hash fits the store");

/* ---- rate limits ------------------------------------------------------------------------- */

/* A bucket's key: a kind byte, then an address (16 bytes) or a name key, zero-padded. */
#define KEY_BYTES 24
_Static_assert(KEY_BYTES >= 1 + 16 && KEY_BYTES >= 1 + AUTH_NAME_MAX, "a key holds either");

/* A bucket of budget: cap tries at once, refilled by one every per_us. */
typedef struct {
    unsigned char key[KEY_BYTES]; /* key[0]: 'a' an address (16 bytes), 'n' a name key (the
                                   * account's, whether it exists or not), zero-padded */
    double tokens;
    uint64_t at_us; /* when tokens was last brought up to date; 0: a free slot */
} bucket;

/* A club's hall behind one NAT address logs in at a round's start: 30 at once. */
#define ADDR_CAP 30.0                /* signups and logins from one address at once */
#define ADDR_PER_US 2000000ull       /* then one more every 2 s */
#define ACCT_CAP 5.0                 /* refused logins of one name key in a row */
#define ACCT_PER_US 30000000ull      /* then one more try every 30 s */
#define BUCKETS 4096                 /* addresses and names remembered; the oldest goes */
#define PENDING_MAX 32               /* hashes waiting for the worker (about 2 s of work) */
#define SESSION_MS (30LL * 86400000) /* a session's life: 30 days */

struct hub_accts {
    bucket b[BUCKETS];
    int pending; /* jobs submitted and not delivered */
};

static hub_accts *accts(hub *h)
{
    if (!h->accts_)
        h->accts_ = xcalloc(1, sizeof *h->accts_);
    return h->accts_;
}

/* The bucket of key, brought up to now_us; a new one starts full (cap). */
static bucket *bucket_of(hub *h, const unsigned char key[KEY_BYTES], double cap, uint64_t per_us,
                         uint64_t now_us)
{
    hub_accts *a = accts(h);
    bucket *free_slot = NULL, *oldest = &a->b[0];
    for (int i = 0; i < BUCKETS; i++) {
        bucket *b = &a->b[i];
        if (b->at_us && memcmp(b->key, key, KEY_BYTES) == 0) {
            double add = (double)(now_us - b->at_us) / (double)per_us;
            b->tokens = b->tokens + add > cap ? cap : b->tokens + add;
            b->at_us = now_us;
            return b;
        }
        if (!b->at_us && !free_slot)
            free_slot = b;
        if (b->at_us < oldest->at_us)
            oldest = b;
    }
    bucket *b = free_slot ? free_slot : oldest;
    memcpy(b->key, key, KEY_BYTES);
    b->tokens = cap;
    b->at_us = now_us ? now_us : 1;
    return b;
}

/* ms until b holds one token (0: it does). */
static int64_t wait_ms(const bucket *b, uint64_t per_us)
{
    return b->tokens >= 1.0 ? 0 : (int64_t)((1.0 - b->tokens) * (double)per_us / 1000.0) + 1;
}

static void addr_key(const hub_sess *s, unsigned char key[KEY_BYTES])
{
    memset(key, 0, KEY_BYTES);
    key[0] = 'a';
    memcpy(key + 1, s->addr, 16);
}

/* The bucket key of a name key (auth_name_key): refused logins are counted by name, whether
 * an account has it or not, so the limit does not tell which names are accounts. */
static void name_bkey(const char *name_key, unsigned char key[KEY_BYTES])
{
    memset(key, 0, KEY_BYTES);
    key[0] = 'n';
    memcpy(key + 1, name_key, strnlen(name_key, AUTH_NAME_MAX));
}

/* 127.0.0.0/8 (v4-mapped) or ::1. */
static bool is_loopback(const unsigned char a[16])
{
    static const unsigned char v4map[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    static const unsigned char one[16] = {[15] = 1};
    return (memcmp(a, v4map, 12) == 0 && a[12] == 127) || memcmp(a, one, 16) == 0;
}

/* Charge one try to s's address: false (the refusal queued) when its budget is spent. An
 * unknown address (no hub_conn_addr: tests) is not limited, nor a loopback one unless
 * cfg.login_limit_loopback (a local reverse proxy: every client's address is 127.0.0.1). */
static bool addr_ok(hub *h, hub_sess *s, int64_t id, uint64_t now_us)
{
    if (!s->has_addr || (is_loopback(s->addr) && !h->cfg.login_limit_loopback))
        return true;
    unsigned char key[KEY_BYTES];
    addr_key(s, key);
    bucket *b = bucket_of(h, key, ADDR_CAP, ADDR_PER_US, now_us);
    if (b->tokens < 1.0) {
        hub__queue(h, s->conn,
                   proto_enc_error_retry(true, id, BH_ERATE, "address",
                                         "too many sign-ups and logins from this address: try "
                                         "again later",
                                         wait_ms(b, ADDR_PER_US)));
        return false;
    }
    b->tokens -= 1.0;
    return true;
}

/* Too many hashes wait for the worker: refuse (queued) rather than queue seconds of them. */
static bool pending_ok(hub *h, uint64_t conn, int64_t id)
{
    if (accts(h)->pending < PENDING_MAX)
        return true;
    hub__queue(h, conn,
               proto_enc_error_retry(true, id, BH_ERATE, "server",
                                     "the server is checking many passwords: try again soon",
                                     1000));
    return false;
}

/* ---- the password jobs ------------------------------------------------------------------ */

enum { JOB_SIGNUP, JOB_LOGIN };

typedef struct {
    hub_job base;
    int kind;                      /* JOB_SIGNUP or JOB_LOGIN */
    uint64_t conn;                 /* who asked; maybe gone when done */
    int64_t id;                    /* the message's id */
    char name[PROTO_NAME_MAX + 1]; /* signup: as typed */
    char key[AUTH_NAME_MAX + 1];   /* the name's key; login: "" for a name outside the rules */
    char password[PROTO_PASSWORD_MAX + 1]; /* wiped by run */
    size_t pw_len;
    char hash[AUTH_PW_HASH_MAX]; /* signup: made by run; login: the account's */
    int64_t account;             /* login: the account of key, 0 none (run verifies against
                                  * auth_pw_dummy_hash) */
    int rc;                      /* run's answer */
} acct_job;

static void job_run(hub_job *base)
{
    acct_job *j = (acct_job *)base;
    if (j->kind == JOB_SIGNUP) {
        j->rc = auth_pw_hash(j->password, j->pw_len, j->hash);
    } else {
        /* No such account: a verify against the dummy hash (made here, off the loop, the
         * first time) takes as long as a real one and fails. */
        const char *hash = j->account ? j->hash : auth_pw_dummy_hash();
        j->rc = hash ? auth_pw_verify(hash, j->password, j->pw_len) : BH_EAUTH;
    }
    xwipe(j->password, sizeof j->password);
}

static void job_free(hub_job *base)
{
    acct_job *j = (acct_job *)base;
    xwipe(j->password, sizeof j->password);
    free(j);
}

/* A new session of account for s (when still open): its token stored hashed, the reply
 * `session` queued, s acting as the account. */
static void open_session(hub *h, uint64_t conn, int64_t id, int64_t account, const char *name)
{
    char token[AUTH_TOKEN_LEN + 1], hash[AUTH_HASH_LEN + 1];
    int64_t now_ms = now_wall_ms(), sid = 0, expires = now_ms + SESSION_MS;
    int rc = auth_token_new(token);
    if (rc == BH_OK)
        rc = auth_hash(token, hash);
    if (rc == BH_OK)
        rc = store_session_add(h->st, hash, account, now_ms, expires, &sid);
    if (rc != BH_OK) {
        h->store_failed |= rc != BH_EIO; /* a write failed: the turn is not acknowledged */
        hub__error(h, conn, true, id, rc == BH_EEXIST ? BH_ESTORE : rc, NULL);
        return;
    }
    hub_sess *s = hub__sess_find(h, conn);
    if (!s)
        return; /* closed meanwhile: the session is stored, its token never sent */
    hub__lobby_who_changed(h, conn); /* a seat is its sitter's: not the new account's */
    s->account = account;
    s->session = sid;
    s->guest = false;
    snprintf(s->name, sizeof s->name, "%s", name);
    hub__queue(h, conn, proto_enc_session(id, token, name, expires));
    xwipe(token, sizeof token);
}

static void signup_done(hub *h, acct_job *j)
{
    if (j->rc != BH_OK) {
        hub__error(h, j->conn, true, j->id, BH_EIO, "password");
        return;
    }
    int64_t account = 0;
    int rc = store_account_add(h->st, j->name, j->key, j->hash, now_wall_ms(), &account);
    if (rc == BH_EEXIST) { /* made by another sign-up while this one hashed */
        hub__error(h, j->conn, true, j->id, BH_EEXIST, "name");
        return;
    }
    if (rc != BH_OK) {
        h->store_failed |= rc == BH_ESTORE;
        hub__error(h, j->conn, true, j->id, rc, NULL);
        return;
    }
    log_info("hub: account %lld (%s) signed up", (long long)account, j->name);
    open_session(h, j->conn, j->id, account, j->name);
}

static void login_done(hub *h, acct_job *j, uint64_t now_us)
{
    store_account a;
    unsigned char key[KEY_BYTES];
    name_bkey(j->key, key);
    if (j->rc == BH_OK && j->account > 0 && store_account_get(h->st, j->account, &a) == BH_OK) {
        bucket_of(h, key, ACCT_CAP, ACCT_PER_US, now_us)->tokens = ACCT_CAP; /* a success */
        open_session(h, j->conn, j->id, j->account, a.name);
        return;
    }
    if (j->key[0]) { /* a name of the rules' shape, an account's or not */
        bucket *b = bucket_of(h, key, ACCT_CAP, ACCT_PER_US, now_us);
        b->tokens = b->tokens >= 1.0 ? b->tokens - 1.0 : 0.0;
    }
    if (j->account > 0)
        log_info("hub: a refused login of account %lld", (long long)j->account);
    hub__error(h, j->conn, true, j->id, BH_EAUTH, "password");
}

static void job_done(hub *h, hub_job *base, uint64_t now_us)
{
    acct_job *j = (acct_job *)base;
    accts(h)->pending--;
    if (j->kind == JOB_SIGNUP)
        signup_done(h, j);
    else
        login_done(h, j, now_us);
    job_free(base);
}

/* Hand j to the worker (io.job), or without one (tests) run it here and deliver it. */
static void submit(hub *h, acct_job *j, uint64_t now_us)
{
    j->base = (hub_job){job_run, NULL, job_free, job_done, false};
    accts(h)->pending++;
    if (h->io.job) {
        h->io.job(h->io.ctx, &j->base);
        return;
    }
    job_run(&j->base);
    job_done(h, &j->base, now_us);
}

static acct_job *job_new(int kind, const hub_sess *s, const proto_msg *m, const char *key)
{
    acct_job *j = xcalloc(1, sizeof *j);
    j->kind = kind;
    j->conn = s->conn;
    j->id = m->id;
    snprintf(j->name, sizeof j->name, "%s", m->login.name);
    snprintf(j->key, sizeof j->key, "%s", key);
    j->pw_len = strlen(m->login.password);
    memcpy(j->password, m->login.password, j->pw_len + 1);
    return j;
}

/* ---- the messages ------------------------------------------------------------------------- */

void hub__acct_signup(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    char key[AUTH_NAME_MAX + 1];
    store_account a;
    if (auth_name_key(m->signup.name, key) != BH_OK) {
        hub__queue(h, s->conn,
                   proto_enc_error_msg(true, m->id, BH_EINVAL, "name",
                                       "a name is 3 to 20 characters A-Z a-z 0-9 _ -, starting "
                                       "with a letter or a digit"));
        return;
    }
    if (strlen(m->signup.password) < AUTH_PW_MIN) {
        hub__queue(h, s->conn,
                   proto_enc_error_msg(true, m->id, BH_EINVAL, "password",
                                       "a password has at least 8 bytes"));
        return;
    }
    if (!addr_ok(h, s, m->id, now_us) || !pending_ok(h, s->conn, m->id))
        return;
    int rc = store_account_find(h->st, key, &a);
    if (rc == BH_OK) { /* before the hash: a taken name costs the worker nothing */
        hub__error(h, s->conn, true, m->id, BH_EEXIST, "name");
        return;
    }
    if (rc != BH_ENOTFOUND) {
        hub__error(h, s->conn, true, m->id, rc, NULL);
        return;
    }
    submit(h, job_new(JOB_SIGNUP, s, m, key), now_us);
}

void hub__acct_login(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    char key[AUTH_NAME_MAX + 1];
    store_account a = {0};
    if (!addr_ok(h, s, m->id, now_us))
        return;
    /* A name that breaks the rules is no account: refused as any unknown name, after a
     * verify like theirs. */
    bool valid = auth_name_key(m->login.name, key) == BH_OK;
    int rc = valid ? store_account_find(h->st, key, &a) : BH_ENOTFOUND;
    if (rc != BH_OK && rc != BH_ENOTFOUND) {
        hub__error(h, s->conn, true, m->id, rc, NULL);
        return;
    }
    if (valid) {
        unsigned char k[KEY_BYTES];
        name_bkey(key, k);
        bucket *b = bucket_of(h, k, ACCT_CAP, ACCT_PER_US, now_us);
        if (b->tokens < 1.0) {
            hub__queue(h, s->conn,
                       proto_enc_error_retry(true, m->id, BH_ERATE, "name",
                                             "too many failed logins of this name: try again "
                                             "later",
                                             wait_ms(b, ACCT_PER_US)));
            return;
        }
    }
    if (!pending_ok(h, s->conn, m->id))
        return;
    acct_job *j = job_new(JOB_LOGIN, s, m, valid ? key : "");
    j->account = rc == BH_OK ? a.id : 0;
    snprintf(j->hash, sizeof j->hash, "%s", rc == BH_OK ? a.pw_hash : "");
    submit(h, j, now_us);
}

void hub__acct_logout(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    (void)now_us;
    if (!s->account && !s->guest) {
        hub__error(h, s->conn, true, m->id, BH_ESTATE, "session");
        return;
    }
    int64_t sid = s->session;
    if (sid) {
        int rc = store_session_revoke(h->st, sid, now_wall_ms());
        if (rc != BH_OK && rc != BH_ENOTFOUND) {
            h->store_failed = true;
            hub__error(h, s->conn, true, m->id, rc, NULL);
            return;
        }
        /* Every connection of that session stops acting as the account. */
        for (int i = 0; i < h->capsess; i++) {
            hub_sess *o = &h->sess[i];
            if (o->conn && o->session == sid) {
                o->account = 0;
                o->session = 0;
                o->name[0] = '\0';
                hub__lobby_who_changed(h, o->conn);
            }
        }
    }
    s->account = 0;
    s->session = 0;
    s->guest = false;
    s->name[0] = '\0';
    hub__lobby_who_changed(h, s->conn);
    hub__queue(h, s->conn, proto_enc_ack(m->id, -1, 0, 0, 0));
}

void hub__acct_guest(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    (void)now_us;
    char key[AUTH_NAME_MAX + 1];
    store_account a;
    if (auth_name_key(m->guest.name, key) != BH_OK) {
        hub__queue(h, s->conn,
                   proto_enc_error_msg(true, m->id, BH_EINVAL, "name",
                                       "a name is 3 to 20 characters A-Z a-z 0-9 _ -, starting "
                                       "with a letter or a digit"));
        return;
    }
    int rc = store_account_find(h->st, key, &a);
    if (rc != BH_ENOTFOUND) {
        hub__error(h, s->conn, true, m->id, rc == BH_OK ? BH_EEXIST : rc, "name");
        return;
    }
    if (s->session) /* a guest is no one's account: the session stays valid elsewhere */
        s->session = 0;
    hub__lobby_who_changed(h, s->conn);
    s->account = 0;
    s->guest = true;
    snprintf(s->name, sizeof s->name, "%s", m->guest.name);
    hub__queue(h, s->conn, proto_enc_authed_name(m->id, "guest", s->name, 0));
}

void hub__acct_entry_link(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    (void)now_us;
    if (!s->account) {
        hub__error(h, s->conn, true, m->id, BH_ESTATE, "session");
        return;
    }
    if (!hub__team_by_id(h, s->team)) {
        hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "team");
        return;
    }
    int rc = store_entry_link(h->st, s->team, m->entry_link.board, s->account, now_wall_ms());
    if (rc != BH_OK) {
        h->store_failed |= rc == BH_ESTORE;
        hub__error(h, s->conn, true, m->id, rc, rc == BH_EEXIST ? "board" : NULL);
        return;
    }
    log_info("hub: team %lld board %c linked to account %lld", (long long)s->team,
             "AB"[m->entry_link.board], (long long)s -> account);
    hub__queue(h, s->conn, proto_enc_ack(m->id, -1, 0, 0, 0));
}

bool hub__acct_auth(hub *h, hub_sess *s, int64_t id, const char *hash)
{
    int64_t sid = 0, account = 0, expires = 0;
    store_account a;
    if (store_session_find(h->st, hash, now_wall_ms(), &sid, &account, &expires) != BH_OK ||
        store_account_get(h->st, account, &a) != BH_OK)
        return false;
    hub__lobby_who_changed(h, s->conn);
    s->account = account;
    s->session = sid;
    s->guest = false;
    snprintf(s->name, sizeof s->name, "%s", a.name);
    hub__queue(h, s->conn, proto_enc_authed_name(id, "account", a.name, expires));
    return true;
}

int hub__acct_load(hub *h)
{
    int n = 0;
    if (store_session_prune(h->st, now_wall_ms(), &n) != BH_OK)
        return BH_ESTORE;
    if (n)
        log_info("hub: %d ended sessions deleted", n);
    return BH_OK;
}

void hub__acct_free(hub *h)
{
    free(h->accts_);
    h->accts_ = NULL;
}

void hub_conn_addr(hub *h, uint64_t c, const unsigned char addr[16])
{
    hub_sess *s = hub__sess_find(h, c);
    if (!s)
        return;
    memcpy(s->addr, addr, 16);
    s->has_addr = true;
}
