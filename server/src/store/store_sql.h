/* store_sql.h: the store's statement layer: one connection to sqlite or PostgreSQL (libpq),
 * statements with numbered parameters, rows. The store's files include it (store_int.h too,
 * so test_store and bench_store see it); no other module does.
 * SPDX-License-Identifier: MIT
 * SQL is written once, in the dialect both engines read (?N parameters, ON CONFLICT upserts,
 * IF NOT EXISTS); the PostgreSQL driver rewrites ?N as $N. What differs is asked for by flags
 * (SQL_ID, SQL_UNIQUE) or by a function (sql_begin, sql_ddl), never by a second text.
 * Both drivers are synchronous: a call returns when the engine has answered. */
#ifndef BH_STORE_SQL_H
#define BH_STORE_SQL_H

#include <sqlite3.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct sql_db sql_db;
typedef struct sql_stmt sql_stmt;

/* sql_step's answers. */
enum { SQL_DONE = 0, SQL_ROW = 1, SQL_EXISTS = 2, SQL_ERROR = -1 };

/* sql_prepare's flags. SQL_ID: an INSERT into a table whose key is id (BIGSERIAL on
 * PostgreSQL, INTEGER PRIMARY KEY on sqlite); sql_id gives the new row's id (PostgreSQL: the
 * driver appends RETURNING id). SQL_UNIQUE: an INSERT whose uniqueness conflict is an answer,
 * SQL_EXISTS, not an error (PostgreSQL: the driver appends ON CONFLICT DO NOTHING, so the
 * turn's transaction stays usable, as sqlite's does after a failed statement). */
enum { SQL_ID = 1, SQL_UNIQUE = 2 };

/* True when target names a PostgreSQL database: it starts with "postgres://" or
 * "postgresql://" (a libpq connection URI). Anything else is a sqlite file path. */
bool sql_target_is_pg(const char *target);

/* Open target: a PostgreSQL URI (sql_target_is_pg), or a sqlite file, created if missing.
 * On BH_OK *out owns the connection (sql_close). BH_ESTORE (logged, nothing to close). */
int sql_open(const char *target, sql_db **out);

/* Close; NULL is a no-op. Statements must be finalized first. An open transaction is rolled
 * back (sqlite and PostgreSQL both do that when the connection ends). */
void sql_close(sql_db *db);

/* True on PostgreSQL. */
bool sql_is_pg(const sql_db *db);

/* The sqlite handle (borrowed, valid until sql_close); NULL on PostgreSQL. */
sqlite3 *sql_sqlite(sql_db *db);

/* The engine's message for the last failure (borrowed, valid until the next call on db). */
const char *sql_errmsg(sql_db *db);

/* Run one or more statements separated by ';', no parameters, rows ignored. BH_OK, or
 * BH_ESTORE (logged with the script's first 60 characters). */
int sql_exec(sql_db *db, const char *script);

/* Run a schema script written for sqlite (INTEGER and TEXT columns, INTEGER PRIMARY KEY
 * ids, WITHOUT ROWID tables): as it is on sqlite; on PostgreSQL with INTEGER PRIMARY KEY read
 * as BIGSERIAL PRIMARY KEY, every other INTEGER as BIGINT, and WITHOUT ROWID and
 * AUTOINCREMENT dropped, so both engines hold the same tables with 64-bit integers. Other
 * sqlite-only syntax (COLLATE NOCASE, BLOB) fails on PostgreSQL. BH_OK or BH_ESTORE
 * (logged). */
int sql_ddl(sql_db *db, const char *script);

/* Open a write transaction (sqlite: BEGIN IMMEDIATE, which takes the write lock now).
 * BH_OK or BH_ESTORE (logged). */
int sql_begin(sql_db *db);

/* Commit the open transaction. BH_OK, or BH_ESTORE (logged) when the engine did not commit
 * it (on PostgreSQL also when an earlier statement failed, which aborted the transaction:
 * COMMIT answers ROLLBACK then). After BH_ESTORE nothing of the transaction is stored. */
int sql_commit(sql_db *db);

/* Roll back the open transaction, if any (sqlite rolls back by itself after an I/O error or
 * a full disk; this then does nothing). */
void sql_rollback(sql_db *db);

/* Prepare one statement: ?1, ?2 ... name its parameters (a name may repeat; a bare ? takes
 * the next number). flags: SQL_ID, SQL_UNIQUE or 0. Returns the statement (owned: sql_finalize)
 * or NULL (the reason in sql_errmsg, not logged). */
sql_stmt *sql_prepare(sql_db *db, const char *sql, int flags);

/* Bind parameter i (1-based) until sql_reset: an integer, or a string (copied; NULL binds
 * SQL NULL). */
void sql_bind_int64(sql_stmt *s, int i, int64_t v);
void sql_bind_text(sql_stmt *s, int i, const char *v);
/* ... or a double (for DOUBLE PRECISION columns). PostgreSQL gets it as text with 17
 * significant digits, which reads back as the same double (IEEE 754 binary64 round trip). */
void sql_bind_double(sql_stmt *s, int i, double v);

/* Run the statement, or move to its next row: SQL_ROW (a row to read with sql_int64,
 * sql_text), SQL_DONE (no more rows; a write is done), SQL_EXISTS (SQL_UNIQUE and the row's
 * key is taken: nothing written) or SQL_ERROR (the reason in sql_errmsg; not logged).
 * PostgreSQL runs the statement at the first call and keeps every row in memory. */
int sql_step(sql_stmt *s);

/* Column i (0-based) of the current row: an integer (0 for NULL), or a string (NULL for SQL
 * NULL; borrowed until the next sql_step, sql_reset or sql_finalize). */
int64_t sql_int64(sql_stmt *s, int i);
const char *sql_text(sql_stmt *s, int i);
/* Column i as a double (0 for NULL); PostgreSQL's text is parsed with strtod (its float8
 * output is the shortest text that reads back exactly, PostgreSQL 12 and later). */
double sql_double(sql_stmt *s, int i);

/* After a write's SQL_DONE: the rows it changed; with SQL_ID, the new row's id. */
int64_t sql_changes(sql_stmt *s);
int64_t sql_id(sql_stmt *s);

/* Forget the rows and the bindings: the statement can be bound and run again. */
void sql_reset(sql_stmt *s);

/* Free the statement; NULL is a no-op. */
void sql_finalize(sql_stmt *s);

#endif
