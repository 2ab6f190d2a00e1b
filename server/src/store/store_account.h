/* store_account.h: accounts (a name, its key and a password hash) and their login sessions.
 * SPDX-License-Identifier: MIT
 * Tables accounts and sessions, schema version 8 of store.c's migrations, and the links of
 * tournament entries to accounts, version 9. A session is a
 * random token given once to its owner; only its hash (auth_hash: hex SHA-256) is stored, as
 * every other token of the server, with its expiry and its revocation, so a copy of the
 * database opens no account. Writes join the turn's transaction (store_flush commits), so a
 * session is on disk before its token is sent. Strings passed in are copied. The tables are
 * the same on sqlite and PostgreSQL (store_sql.h). */
#ifndef BH_STORE_ACCOUNT_H
#define BH_STORE_ACCOUNT_H

#include <stdint.h>

#include "store.h"

#define STORE_ACCOUNT_NAME_MAX 64  /* bytes of a stored name or key, without the NUL */
#define STORE_ACCOUNT_HASH_MAX 128 /* bytes of a stored password hash, with the NUL */

/* One account as read back. */
typedef struct {
    int64_t id;                            /* id, 1.. */
    char name[STORE_ACCOUNT_NAME_MAX + 1]; /* as its owner typed it */
    char key[STORE_ACCOUNT_NAME_MAX + 1];  /* its normalised name (auth_name_key): unique */
    char pw_hash[STORE_ACCOUNT_HASH_MAX];  /* encoded password hash (auth_pw_hash) */
    int64_t created_ms;                    /* wall clock, ms since the epoch */
} store_account;

/* Add an account: name as typed, key its normalised name, pw_hash its encoded password hash
 * (each NUL-terminated, borrowed; name and key at most STORE_ACCOUNT_NAME_MAX bytes, pw_hash
 * less than STORE_ACCOUNT_HASH_MAX). *id receives its id. BH_OK, BH_EEXIST (an account of
 * that key exists), BH_ELIMIT (a string too long) or BH_ESTORE. */
int store_account_add(store *st, const char *name, const char *key, const char *pw_hash,
                      int64_t created_ms, int64_t *id);

/* The account of key (NUL-terminated, borrowed) into *out. BH_OK, BH_ENOTFOUND or
 * BH_ESTORE; *out is written only on BH_OK. */
int store_account_find(store *st, const char *key, store_account *out);

/* The same by id. BH_OK, BH_ENOTFOUND or BH_ESTORE. */
int store_account_get(store *st, int64_t id, store_account *out);

/* Remember a session of account: hash is the hex SHA-256 of its token (auth_hash), valid
 * from created_ms until expires_ms (wall clock, ms since the epoch). *id receives the
 * session's id. BH_OK, BH_EEXIST (same hash twice), BH_ENOTFOUND (no such account) or
 * BH_ESTORE. */
int store_session_add(store *st, const char *hash, int64_t account, int64_t created_ms,
                      int64_t expires_ms, int64_t *id);

/* A session that opens its account at now_ms (wall clock): the one whose token hashes to
 * hash, not revoked and with now_ms < expires_ms. On BH_OK: *id the session's id,
 * *account its account, *expires_ms its expiry (any of them may be NULL). BH_ENOTFOUND (no
 * such hash, revoked or expired: one answer for all three) or BH_ESTORE. */
int store_session_find(store *st, const char *hash, int64_t now_ms, int64_t *id, int64_t *account,
                       int64_t *expires_ms);

/* Revoke session id (an id of store_session_add) at now_ms: from then on it opens nothing.
 * BH_OK (also when it was revoked already), BH_ENOTFOUND (no such session) or BH_ESTORE. */
int store_session_revoke(store *st, int64_t id, int64_t now_ms);

/* Revoke every session of account at now_ms (a password change, a "log out everywhere").
 * *n (may be NULL) receives how many were still open. BH_OK or BH_ESTORE. */
int store_session_revoke_all(store *st, int64_t account, int64_t now_ms, int *n);

/* Link board (0 A, 1 B) of tournament entry team (a teams.id) to account at now_ms (schema
 * v9), so that the entry's games are the account's. Linking the same account again is BH_OK
 * (nothing changes). BH_OK, BH_EEXIST (the board is another account's), BH_ENOTFOUND (no
 * such account) or BH_ESTORE. */
int store_entry_link(store *st, int64_t team, int board, int64_t account, int64_t now_ms);

/* The account linked to board of team into *account. BH_OK, BH_ENOTFOUND or BH_ESTORE. */
int store_entry_account(store *st, int64_t team, int board, int64_t *account);

/* Every entry linked to account, in team order: fn(ctx, team, board); fn returning non-zero
 * stops the walk and that value is returned. BH_OK after a full walk, or BH_ESTORE. */
int store_each_entry(store *st, int64_t account, int (*fn)(void *ctx, int64_t team, int board),
                     void *ctx);

/* Delete the sessions that expired or were revoked before before_ms (housekeeping: they open
 * nothing). *n (may be NULL) receives how many. BH_OK or BH_ESTORE. */
int store_session_prune(store *st, int64_t before_ms, int *n);

#endif
