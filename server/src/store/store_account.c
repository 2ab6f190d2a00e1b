/* store_account.c: tables accounts and sessions (store_account.h; made by store.c's v8) and
 * entry_accounts (v9), on either engine through the statement layer (store_sql.h).
 * SPDX-License-Identifier: MIT
 * A few writes per login or sign-up: each statement is prepared for its call. A taken unique
 * key is an answer (SQL_UNIQUE), and a write naming an account first reads that the account
 * exists: on PostgreSQL a failed statement (a foreign key's) would abort the whole turn. */
#include "store_account.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "bh.h"
#include "log.h"
#include "store_int.h"

static void copy_col(sql_stmt *s, int i, char *out, size_t cap)
{
    const char *v = sql_text(s, i);
    snprintf(out, cap, "%s", v ? v : "");
}

int store_account_add(store *st, const char *name, const char *key, const char *pw_hash,
                      int64_t created_ms, int64_t *id)
{
    if (strlen(name) > STORE_ACCOUNT_NAME_MAX || strlen(key) > STORE_ACCOUNT_NAME_MAX ||
        strlen(pw_hash) >= STORE_ACCOUNT_HASH_MAX)
        return BH_ELIMIT;
    if (store__begin(st) != BH_OK)
        return BH_ESTORE;
    sql_stmt *s = sql_prepare(
        store__sql(st),
        "INSERT INTO accounts(name, name_key, pw_hash, created_ms) VALUES(?1, ?2, ?3, ?4)",
        SQL_ID | SQL_UNIQUE);
    if (!s)
        return store__fail(st, "account_add prepare");
    sql_bind_text(s, 1, name);
    sql_bind_text(s, 2, key);
    sql_bind_text(s, 3, pw_hash);
    sql_bind_int64(s, 4, created_ms);
    int64_t new_id = 0;
    int rc = store__write_once(st, s, "account_add", NULL, &new_id);
    if (rc == BH_OK)
        *id = new_id;
    return rc;
}

/* The account whose key (when key is not NULL) or id matches, by sql. */
static int account_row(store *st, const char *sql, const char *key, int64_t id, store_account *out)
{
    sql_stmt *s = sql_prepare(store__sql(st), sql, 0);
    if (!s)
        return store__fail(st, "account_find prepare");
    if (key)
        sql_bind_text(s, 1, key);
    else
        sql_bind_int64(s, 1, id);
    int rc = sql_step(s), out_rc = BH_ENOTFOUND;
    if (rc == SQL_ROW) {
        out->id = sql_int64(s, 0);
        copy_col(s, 1, out->name, sizeof out->name);
        copy_col(s, 2, out->key, sizeof out->key);
        copy_col(s, 3, out->pw_hash, sizeof out->pw_hash);
        out->created_ms = sql_int64(s, 4);
        out_rc = BH_OK;
    } else if (rc != SQL_DONE) {
        out_rc = store__fail(st, "account_find");
    }
    sql_finalize(s);
    return out_rc;
}

int store_account_find(store *st, const char *key, store_account *out)
{
    return account_row(st,
                       "SELECT id, name, name_key, pw_hash, created_ms FROM accounts"
                       " WHERE name_key = ?1",
                       key, 0, out);
}

int store_account_get(store *st, int64_t id, store_account *out)
{
    return account_row(st,
                       "SELECT id, name, name_key, pw_hash, created_ms FROM accounts WHERE id = ?1",
                       NULL, id, out);
}

int store_session_add(store *st, const char *hash, int64_t account, int64_t created_ms,
                      int64_t expires_ms, int64_t *id)
{
    if (store__begin(st) != BH_OK)
        return BH_ESTORE;
    int rc = store__account_exists(st, account);
    if (rc != BH_OK)
        return rc;
    sql_stmt *s = sql_prepare(store__sql(st),
                              "INSERT INTO sessions(hash, account_id, created_ms, expires_ms)"
                              " VALUES(?1, ?2, ?3, ?4)",
                              SQL_ID | SQL_UNIQUE);
    if (!s)
        return store__fail(st, "session_add prepare");
    sql_bind_text(s, 1, hash);
    sql_bind_int64(s, 2, account);
    sql_bind_int64(s, 3, created_ms);
    sql_bind_int64(s, 4, expires_ms);
    int64_t new_id = 0;
    rc = store__write_once(st, s, "session_add", NULL, &new_id);
    if (rc == BH_OK)
        *id = new_id;
    return rc;
}

int store_session_find(store *st, const char *hash, int64_t now_ms, int64_t *id, int64_t *account,
                       int64_t *expires_ms)
{
    sql_stmt *s = sql_prepare(store__sql(st),
                              "SELECT id, account_id, expires_ms FROM sessions"
                              " WHERE hash = ?1 AND revoked_ms = 0 AND expires_ms > ?2",
                              0);
    if (!s)
        return store__fail(st, "session_find prepare");
    sql_bind_text(s, 1, hash);
    sql_bind_int64(s, 2, now_ms);
    int rc = sql_step(s), out = BH_ENOTFOUND;
    if (rc == SQL_ROW) {
        if (id)
            *id = sql_int64(s, 0);
        if (account)
            *account = sql_int64(s, 1);
        if (expires_ms)
            *expires_ms = sql_int64(s, 2);
        out = BH_OK;
    } else if (rc != SQL_DONE) {
        out = store__fail(st, "session_find");
    }
    sql_finalize(s);
    return out;
}

int store_session_revoke(store *st, int64_t id, int64_t now_ms)
{
    if (store__begin(st) != BH_OK)
        return BH_ESTORE;
    sql_stmt *s = sql_prepare(store__sql(st),
                              "UPDATE sessions SET revoked_ms = CASE WHEN revoked_ms = 0 THEN ?2"
                              " ELSE revoked_ms END WHERE id = ?1",
                              0);
    if (!s)
        return store__fail(st, "session_revoke prepare");
    sql_bind_int64(s, 1, id);
    sql_bind_int64(s, 2, now_ms > 0 ? now_ms : 1); /* 0 is "open" */
    int64_t changes = 0;
    int rc = store__write_once(st, s, "session_revoke", &changes, NULL);
    if (rc == BH_OK && changes == 0)
        rc = BH_ENOTFOUND;
    return rc;
}

int store_session_revoke_all(store *st, int64_t account, int64_t now_ms, int *n)
{
    if (store__begin(st) != BH_OK)
        return BH_ESTORE;
    sql_stmt *s = sql_prepare(
        store__sql(st),
        "UPDATE sessions SET revoked_ms = ?2 WHERE account_id = ?1 AND revoked_ms = 0", 0);
    if (!s)
        return store__fail(st, "session_revoke_all prepare");
    sql_bind_int64(s, 1, account);
    sql_bind_int64(s, 2, now_ms > 0 ? now_ms : 1);
    int64_t changes = 0;
    int rc = store__write_once(st, s, "session_revoke_all", &changes, NULL);
    if (rc == BH_OK && n)
        *n = (int)changes;
    return rc;
}

int store_session_prune(store *st, int64_t before_ms, int *n)
{
    if (store__begin(st) != BH_OK)
        return BH_ESTORE;
    sql_stmt *s = sql_prepare(store__sql(st),
                              "DELETE FROM sessions WHERE expires_ms < ?1"
                              " OR (revoked_ms <> 0 AND revoked_ms < ?1)",
                              0);
    if (!s)
        return store__fail(st, "session_prune prepare");
    sql_bind_int64(s, 1, before_ms);
    int64_t changes = 0;
    int rc = store__write_once(st, s, "session_prune", &changes, NULL);
    if (rc == BH_OK && n)
        *n = (int)changes;
    return rc;
}

int store_entry_link(store *st, int64_t team, int board, int64_t account, int64_t now_ms)
{
    int64_t have = 0;
    int rc = store_entry_account(st, team, board, &have);
    if (rc == BH_OK)
        return have == account ? BH_OK : BH_EEXIST;
    if (rc != BH_ENOTFOUND)
        return rc;
    if (store__begin(st) != BH_OK)
        return BH_ESTORE;
    if ((rc = store__account_exists(st, account)) != BH_OK)
        return rc;
    sql_stmt *s = sql_prepare(store__sql(st),
                              "INSERT INTO entry_accounts(team_id, board, account_id, linked_ms)"
                              " VALUES(?1, ?2, ?3, ?4)",
                              SQL_UNIQUE);
    if (!s)
        return store__fail(st, "entry_link prepare");
    sql_bind_int64(s, 1, team);
    sql_bind_int64(s, 2, board);
    sql_bind_int64(s, 3, account);
    sql_bind_int64(s, 4, now_ms);
    return store__write_once(st, s, "entry_link", NULL, NULL);
}

int store_entry_account(store *st, int64_t team, int board, int64_t *account)
{
    sql_stmt *s = sql_prepare(store__sql(st),
                              "SELECT account_id FROM entry_accounts"
                              " WHERE team_id = ?1 AND board = ?2",
                              0);
    if (!s)
        return store__fail(st, "entry_account prepare");
    sql_bind_int64(s, 1, team);
    sql_bind_int64(s, 2, board);
    int rc = sql_step(s), out = BH_ENOTFOUND;
    if (rc == SQL_ROW) {
        *account = sql_int64(s, 0);
        out = BH_OK;
    } else if (rc != SQL_DONE) {
        out = store__fail(st, "entry_account");
    }
    sql_finalize(s);
    return out;
}

int store_each_entry(store *st, int64_t account, int (*fn)(void *ctx, int64_t team, int board),
                     void *ctx)
{
    sql_stmt *s = sql_prepare(store__sql(st),
                              "SELECT team_id, board FROM entry_accounts WHERE account_id = ?1"
                              " ORDER BY team_id, board",
                              0);
    if (!s)
        return store__fail(st, "each_entry prepare");
    sql_bind_int64(s, 1, account);
    int rc, out = BH_OK;
    while ((rc = sql_step(s)) == SQL_ROW)
        if ((out = fn(ctx, sql_int64(s, 0), (int)sql_int64(s, 1))) != 0)
            break;
    if (out == BH_OK && rc != SQL_DONE)
        out = store__fail(st, "each_entry");
    sql_finalize(s);
    return out;
}
