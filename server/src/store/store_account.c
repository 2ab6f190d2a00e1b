/* store_account.c: tables accounts and sessions (store_account.h; made by store.c's v8) and
 * entry_accounts (v9).
 * SPDX-License-Identifier: MIT
 * A few writes per login or sign-up: each statement is prepared for its call. */
#include "store_account.h"

#include <stdio.h>
#include <string.h>

#include "bh.h"
#include "log.h"
#include "store_int.h"

static int prepare(store *st, const char *sql, sqlite3_stmt **s, const char *what)
{
    if (sqlite3_prepare_v2(store__db(st), sql, -1, s, NULL) != SQLITE_OK) {
        *s = NULL;
        return store__fail(st, what);
    }
    return BH_OK;
}

/* Step a bound write once and finalize it: BH_OK, BH_EEXIST (a unique key), BH_ENOTFOUND (a
 * foreign key: no such account) or BH_ESTORE (logged). */
static int write_once(store *st, sqlite3_stmt *s, const char *what)
{
    int rc = sqlite3_step(s);
    int ext = sqlite3_extended_errcode(store__db(st));
    int out = BH_OK;
    if (rc != SQLITE_DONE) {
        if (ext == SQLITE_CONSTRAINT_UNIQUE || ext == SQLITE_CONSTRAINT_PRIMARYKEY)
            out = BH_EEXIST;
        else if (ext == SQLITE_CONSTRAINT_FOREIGNKEY)
            out = BH_ENOTFOUND;
        else
            out = store__fail(st, what);
    }
    sqlite3_finalize(s);
    return out;
}

static void copy_col(sqlite3_stmt *s, int i, char *out, size_t cap)
{
    const char *v = (const char *)sqlite3_column_text(s, i);
    snprintf(out, cap, "%s", v ? v : "");
}

int store_account_add(store *st, const char *name, const char *key, const char *pw_hash,
                      int64_t created_ms, int64_t *id)
{
    if (strlen(name) > STORE_ACCOUNT_NAME_MAX || strlen(key) > STORE_ACCOUNT_NAME_MAX ||
        strlen(pw_hash) >= STORE_ACCOUNT_HASH_MAX)
        return BH_ELIMIT;
    sqlite3_stmt *s;
    if (store__begin(st) != BH_OK ||
        prepare(st,
                "INSERT INTO accounts(name, name_key, pw_hash, created_ms) VALUES(?1, ?2, ?3, ?4)",
                &s, "account_add prepare") != BH_OK)
        return BH_ESTORE;
    store__bind_text(s, 1, name);
    store__bind_text(s, 2, key);
    store__bind_text(s, 3, pw_hash);
    sqlite3_bind_int64(s, 4, created_ms);
    int rc = write_once(st, s, "account_add");
    if (rc == BH_OK)
        *id = sqlite3_last_insert_rowid(store__db(st));
    return rc;
}

static int account_row(store *st, const char *sql, const char *key, int64_t id, store_account *out)
{
    sqlite3_stmt *s;
    if (prepare(st, sql, &s, "account_find prepare") != BH_OK)
        return BH_ESTORE;
    if (key)
        store__bind_text(s, 1, key);
    else
        sqlite3_bind_int64(s, 1, id);
    int rc = sqlite3_step(s), out_rc = BH_ENOTFOUND;
    if (rc == SQLITE_ROW) {
        out->id = sqlite3_column_int64(s, 0);
        copy_col(s, 1, out->name, sizeof out->name);
        copy_col(s, 2, out->key, sizeof out->key);
        copy_col(s, 3, out->pw_hash, sizeof out->pw_hash);
        out->created_ms = sqlite3_column_int64(s, 4);
        out_rc = BH_OK;
    } else if (rc != SQLITE_DONE) {
        out_rc = store__fail(st, "account_find");
    }
    sqlite3_finalize(s);
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
    sqlite3_stmt *s;
    if (store__begin(st) != BH_OK ||
        prepare(st,
                "INSERT INTO sessions(hash, account_id, created_ms, expires_ms)"
                " VALUES(?1, ?2, ?3, ?4)",
                &s, "session_add prepare") != BH_OK)
        return BH_ESTORE;
    store__bind_text(s, 1, hash);
    sqlite3_bind_int64(s, 2, account);
    sqlite3_bind_int64(s, 3, created_ms);
    sqlite3_bind_int64(s, 4, expires_ms);
    int rc = write_once(st, s, "session_add");
    if (rc == BH_OK)
        *id = sqlite3_last_insert_rowid(store__db(st));
    return rc;
}

int store_session_find(store *st, const char *hash, int64_t now_ms, int64_t *id, int64_t *account,
                       int64_t *expires_ms)
{
    sqlite3_stmt *s;
    if (prepare(st,
                "SELECT id, account_id, expires_ms FROM sessions"
                " WHERE hash = ?1 AND revoked_ms = 0 AND expires_ms > ?2",
                &s, "session_find prepare") != BH_OK)
        return BH_ESTORE;
    store__bind_text(s, 1, hash);
    sqlite3_bind_int64(s, 2, now_ms);
    int rc = sqlite3_step(s), out = BH_ENOTFOUND;
    if (rc == SQLITE_ROW) {
        if (id)
            *id = sqlite3_column_int64(s, 0);
        if (account)
            *account = sqlite3_column_int64(s, 1);
        if (expires_ms)
            *expires_ms = sqlite3_column_int64(s, 2);
        out = BH_OK;
    } else if (rc != SQLITE_DONE) {
        out = store__fail(st, "session_find");
    }
    sqlite3_finalize(s);
    return out;
}

int store_session_revoke(store *st, int64_t id, int64_t now_ms)
{
    sqlite3_stmt *s;
    if (store__begin(st) != BH_OK ||
        prepare(st,
                "UPDATE sessions SET revoked_ms = CASE WHEN revoked_ms = 0 THEN ?2"
                " ELSE revoked_ms END WHERE id = ?1",
                &s, "session_revoke prepare") != BH_OK)
        return BH_ESTORE;
    sqlite3_bind_int64(s, 1, id);
    sqlite3_bind_int64(s, 2, now_ms > 0 ? now_ms : 1); /* 0 is "open" */
    int rc = write_once(st, s, "session_revoke");
    if (rc == BH_OK && sqlite3_changes(store__db(st)) == 0)
        rc = BH_ENOTFOUND;
    return rc;
}

int store_session_revoke_all(store *st, int64_t account, int64_t now_ms, int *n)
{
    sqlite3_stmt *s;
    if (store__begin(st) != BH_OK ||
        prepare(st, "UPDATE sessions SET revoked_ms = ?2 WHERE account_id = ?1 AND revoked_ms = 0",
                &s, "session_revoke_all prepare") != BH_OK)
        return BH_ESTORE;
    sqlite3_bind_int64(s, 1, account);
    sqlite3_bind_int64(s, 2, now_ms > 0 ? now_ms : 1);
    int rc = write_once(st, s, "session_revoke_all");
    if (rc == BH_OK && n)
        *n = sqlite3_changes(store__db(st));
    return rc;
}

int store_session_prune(store *st, int64_t before_ms, int *n)
{
    sqlite3_stmt *s;
    if (store__begin(st) != BH_OK || prepare(st,
                                             "DELETE FROM sessions WHERE expires_ms < ?1"
                                             " OR (revoked_ms != 0 AND revoked_ms < ?1)",
                                             &s, "session_prune prepare") != BH_OK)
        return BH_ESTORE;
    sqlite3_bind_int64(s, 1, before_ms);
    int rc = write_once(st, s, "session_prune");
    if (rc == BH_OK && n)
        *n = sqlite3_changes(store__db(st));
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
    sqlite3_stmt *s;
    if (store__begin(st) != BH_OK ||
        prepare(st,
                "INSERT INTO entry_accounts(team_id, board, account_id, linked_ms)"
                " VALUES(?1, ?2, ?3, ?4)",
                &s, "entry_link prepare") != BH_OK)
        return BH_ESTORE;
    sqlite3_bind_int64(s, 1, team);
    sqlite3_bind_int(s, 2, board);
    sqlite3_bind_int64(s, 3, account);
    sqlite3_bind_int64(s, 4, now_ms);
    return write_once(st, s, "entry_link");
}

int store_entry_account(store *st, int64_t team, int board, int64_t *account)
{
    sqlite3_stmt *s;
    if (prepare(st, "SELECT account_id FROM entry_accounts WHERE team_id = ?1 AND board = ?2", &s,
                "entry_account prepare") != BH_OK)
        return BH_ESTORE;
    sqlite3_bind_int64(s, 1, team);
    sqlite3_bind_int(s, 2, board);
    int rc = sqlite3_step(s), out = BH_ENOTFOUND;
    if (rc == SQLITE_ROW) {
        *account = sqlite3_column_int64(s, 0);
        out = BH_OK;
    } else if (rc != SQLITE_DONE) {
        out = store__fail(st, "entry_account");
    }
    sqlite3_finalize(s);
    return out;
}

int store_each_entry(store *st, int64_t account, int (*fn)(void *ctx, int64_t team, int board),
                     void *ctx)
{
    sqlite3_stmt *s;
    if (prepare(st,
                "SELECT team_id, board FROM entry_accounts WHERE account_id = ?1"
                " ORDER BY team_id, board",
                &s, "each_entry prepare") != BH_OK)
        return BH_ESTORE;
    sqlite3_bind_int64(s, 1, account);
    int rc, out = BH_OK;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW)
        if ((out = fn(ctx, sqlite3_column_int64(s, 0), sqlite3_column_int(s, 1))) != 0)
            break;
    if (out == BH_OK && rc != SQLITE_DONE)
        out = store__fail(st, "each_entry");
    sqlite3_finalize(s);
    return out;
}
