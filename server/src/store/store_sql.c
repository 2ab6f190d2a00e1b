/* store_sql.c: the store's statement layer (store_sql.h): a sqlite driver and a libpq one.
 * SPDX-License-Identifier: MIT
 * The only files that include sqlite3.h and libpq-fe.h are the store's. PostgreSQL
 * statements are prepared on the server once per connection and text (SQL) and reused by
 * name: the store's other files prepare and finalize per call, which costs no round trip
 * after the first. Parameters and rows travel as text. */
#include "store_sql.h"

#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "log.h"
#include "xalloc.h"

typedef struct {
    char *sql;     /* the statement as sent to PostgreSQL ($N parameters) */
    char name[16]; /* its prepared statement's name on the connection */
    int nparams;
} pg_prepared;

struct sql_db {
    sqlite3 *lite;   /* sqlite; NULL on PostgreSQL */
    PGconn *pg;      /* PostgreSQL; NULL on sqlite */
    char err[256];   /* PostgreSQL: the last failure's message */
    pg_prepared **p; /* PostgreSQL: the statements prepared so far (each owned) */
    int np, cap;
    sqlite3_stmt *begin, *commit; /* sqlite: prepared once, run every turn */
};

struct sql_stmt {
    sql_db *db;
    int flags;
    sqlite3_stmt *q;       /* sqlite */
    const pg_prepared *pp; /* PostgreSQL: the prepared statement */
    char **vals;           /* PostgreSQL: parameter values as text (owned), NULL: SQL NULL */
    PGresult *res;         /* PostgreSQL: the rows of the run, NULL before it */
    int row, nrows;        /* PostgreSQL: the current row of res, -1 before the first */
    int64_t changes, id;
};

bool sql_target_is_pg(const char *target)
{
    return strncmp(target, "postgres://", 11) == 0 || strncmp(target, "postgresql://", 13) == 0;
}

bool sql_is_pg(const sql_db *db)
{
    return db->pg != NULL;
}

sqlite3 *sql_sqlite(sql_db *db)
{
    return db->lite;
}

const char *sql_errmsg(sql_db *db)
{
    return db->lite ? sqlite3_errmsg(db->lite) : db->err;
}

/* PostgreSQL's message into db->err, without its trailing newline. */
static void pg_err(sql_db *db, const char *msg)
{
    snprintf(db->err, sizeof db->err, "%s", msg && *msg ? msg : "no answer from the server");
    size_t n = strlen(db->err);
    while (n > 0 && (db->err[n - 1] == '\n' || db->err[n - 1] == ' '))
        db->err[--n] = '\0';
}

/* NOTICEs ("relation already exists, skipping") are not errors: dropped. */
static void pg_notice(void *arg, const char *msg)
{
    (void)arg;
    (void)msg;
}

int sql_open(const char *target, sql_db **out)
{
    sql_db *db = xcalloc(1, sizeof *db);
    if (sql_target_is_pg(target)) {
        db->pg = PQconnectdb(target);
        if (!db->pg || PQstatus(db->pg) != CONNECTION_OK) {
            pg_err(db, db->pg ? PQerrorMessage(db->pg) : "no memory");
            log_error("store: cannot connect to PostgreSQL: %s", db->err);
            PQfinish(db->pg);
            free(db);
            return BH_ESTORE;
        }
        PQsetNoticeProcessor(db->pg, pg_notice, NULL);
    } else if (sqlite3_open_v2(target, &db->lite, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                               NULL) != SQLITE_OK) {
        log_error("store_open %s: %s", target, db->lite ? sqlite3_errmsg(db->lite) : "no memory");
        sqlite3_close(db->lite);
        free(db);
        return BH_ESTORE;
    }
    *out = db;
    return BH_OK;
}

void sql_close(sql_db *db)
{
    if (!db)
        return;
    sqlite3_finalize(db->begin);
    sqlite3_finalize(db->commit);
    sqlite3_close(db->lite);
    if (db->pg)
        PQfinish(db->pg);
    for (int i = 0; i < db->np; i++) {
        free(db->p[i]->sql);
        free(db->p[i]);
    }
    free(db->p);
    free(db);
}

/* Run s on PostgreSQL, expecting no rows or rows to ignore. BH_OK or BH_ESTORE (db->err). */
static int pg_run(sql_db *db, const char *s)
{
    PGresult *r = PQexec(db->pg, s);
    ExecStatusType t = PQresultStatus(r);
    int rc = t == PGRES_COMMAND_OK || t == PGRES_TUPLES_OK ? BH_OK : BH_ESTORE;
    if (rc != BH_OK)
        pg_err(db, r ? PQresultErrorMessage(r) : PQerrorMessage(db->pg));
    PQclear(r);
    return rc;
}

int sql_exec(sql_db *db, const char *script)
{
    if (db->pg) {
        if (pg_run(db, script) == BH_OK)
            return BH_OK;
        log_error("store: %.60s...: %s", script, db->err);
        return BH_ESTORE;
    }
    char *err = NULL;
    if (sqlite3_exec(db->lite, script, NULL, NULL, &err) != SQLITE_OK) {
        log_error("store: %.60s...: %s", script, err ? err : "?");
        sqlite3_free(err);
        return BH_ESTORE;
    }
    return BH_OK;
}

/* text with every `from` replaced by `to` (malloc'd). */
static char *replace_all(const char *text, const char *from, const char *to)
{
    size_t nf = strlen(from), nt = strlen(to), n = 0;
    for (const char *p = text; (p = strstr(p, from)); p += nf)
        n++;
    char *out = xmalloc(strlen(text) + n * (nt > nf ? nt - nf : 0) + 1), *o = out;
    const char *p = text, *hit;
    while ((hit = strstr(p, from))) {
        memcpy(o, p, (size_t)(hit - p));
        o += hit - p;
        memcpy(o, to, nt);
        o += nt;
        p = hit + nf;
    }
    strcpy(o, p);
    return out;
}

int sql_ddl(sql_db *db, const char *script)
{
    if (!db->pg)
        return sql_exec(db, script);
    /* BIGSERIAL first, as a word no later rule matches. */
    char *a = replace_all(script, "INTEGER PRIMARY KEY", "BIGSERIAL PRIMARY KEY");
    char *b = replace_all(a, "INTEGER", "BIGINT");
    char *c = replace_all(b, " WITHOUT ROWID", "");
    char *d = replace_all(c, " AUTOINCREMENT", ""); /* a BIGSERIAL never reuses an id */
    int rc = sql_exec(db, d);
    free(a);
    free(b);
    free(c);
    free(d);
    return rc;
}

/* Run the statement text on sqlite, prepared at its first use into *s and kept: the loop
 * begins and commits a transaction every turn, and sqlite3_exec parses its text each time.
 * BH_OK, or BH_ESTORE (logged). */
static int lite_once(sql_db *db, sqlite3_stmt **s, const char *text)
{
    if (!*s &&
        sqlite3_prepare_v3(db->lite, text, -1, SQLITE_PREPARE_PERSISTENT, s, NULL) != SQLITE_OK) {
        log_error("store: %s: %s", text, sqlite3_errmsg(db->lite));
        return BH_ESTORE;
    }
    int r = sqlite3_step(*s);
    sqlite3_reset(*s);
    if (r == SQLITE_DONE)
        return BH_OK;
    log_error("store: %s: %s", text, sqlite3_errmsg(db->lite));
    return BH_ESTORE;
}

int sql_begin(sql_db *db)
{
    return db->pg ? sql_exec(db, "BEGIN") : lite_once(db, &db->begin, "BEGIN IMMEDIATE");
}

int sql_commit(sql_db *db)
{
    if (!db->pg)
        return lite_once(db, &db->commit, "COMMIT");
    PGresult *r = PQexec(db->pg, "COMMIT");
    /* A transaction aborted by a failed statement answers COMMIT with ROLLBACK. */
    int rc = PQresultStatus(r) == PGRES_COMMAND_OK && strcmp(PQcmdStatus(r), "COMMIT") == 0
                 ? BH_OK
                 : BH_ESTORE;
    if (rc != BH_OK) {
        pg_err(db, PQresultStatus(r) == PGRES_COMMAND_OK
                       ? "the transaction was aborted by an earlier failure: rolled back"
                       : (r ? PQresultErrorMessage(r) : PQerrorMessage(db->pg)));
        log_error("store: COMMIT: %s", db->err);
    }
    PQclear(r);
    return rc;
}

void sql_rollback(sql_db *db)
{
    if (db->lite) {
        if (!sqlite3_get_autocommit(db->lite))
            sql_exec(db, "ROLLBACK");
    } else if (PQtransactionStatus(db->pg) != PQTRANS_IDLE) {
        sql_exec(db, "ROLLBACK");
    }
}

/* sql with ?N as $N (a bare ? numbered after the highest so far), quoted text left alone,
 * and the flags' clauses appended; *nparams: the highest number. malloc'd. */
static char *pg_text(const char *sql, int flags, int *nparams)
{
    size_t n = strlen(sql);
    char *out = xmalloc(2 * n + 64), *o = out;
    int most = 0;
    bool quoted = false;
    for (const char *p = sql; *p; p++) {
        if (*p == '\'')
            quoted = !quoted;
        if (*p != '?' || quoted) {
            *o++ = *p;
            continue;
        }
        int k = 0;
        while (p[1] >= '0' && p[1] <= '9')
            k = 10 * k + (*++p - '0');
        if (k == 0)
            k = most + 1;
        most = k > most ? k : most;
        o += sprintf(o, "$%d", k);
    }
    *o = '\0';
    if (flags & SQL_UNIQUE)
        strcat(out, " ON CONFLICT DO NOTHING");
    if (flags & SQL_ID)
        strcat(out, " RETURNING id");
    *nparams = most;
    return out;
}

static const pg_prepared *pg_prepare(sql_db *db, const char *sql, int flags)
{
    int nparams = 0;
    char *text = pg_text(sql, flags, &nparams);
    for (int i = 0; i < db->np; i++)
        if (strcmp(db->p[i]->sql, text) == 0) {
            free(text);
            return db->p[i];
        }
    char name[16];
    snprintf(name, sizeof name, "bh%d", db->np);
    PGresult *r = PQprepare(db->pg, name, text, nparams, NULL);
    if (PQresultStatus(r) != PGRES_COMMAND_OK) {
        pg_err(db, r ? PQresultErrorMessage(r) : PQerrorMessage(db->pg));
        PQclear(r);
        free(text);
        return NULL;
    }
    PQclear(r);
    if (db->np == db->cap) {
        db->cap = db->cap ? 2 * db->cap : 32;
        db->p = xrealloc(db->p, (size_t)db->cap * sizeof *db->p);
    }
    pg_prepared *pp = xcalloc(1, sizeof *pp);
    db->p[db->np++] = pp;
    pp->sql = text;
    pp->nparams = nparams;
    memcpy(pp->name, name, sizeof name);
    return pp;
}

sql_stmt *sql_prepare(sql_db *db, const char *sql, int flags)
{
    sql_stmt *s = xcalloc(1, sizeof *s);
    s->db = db;
    s->flags = flags;
    if (db->lite) {
        if (sqlite3_prepare_v2(db->lite, sql, -1, &s->q, NULL) != SQLITE_OK) {
            free(s);
            return NULL;
        }
        return s;
    }
    if (!(s->pp = pg_prepare(db, sql, flags))) {
        free(s);
        return NULL;
    }
    s->vals = xcalloc((size_t)s->pp->nparams + 1, sizeof *s->vals);
    s->row = -1;
    return s;
}

static void pg_set(sql_stmt *s, int i, char *v)
{
    if (i < 1 || i > s->pp->nparams) {
        free(v);
        return;
    }
    free(s->vals[i - 1]);
    s->vals[i - 1] = v;
}

void sql_bind_int64(sql_stmt *s, int i, int64_t v)
{
    if (s->q) {
        sqlite3_bind_int64(s->q, i, v);
        return;
    }
    char buf[24];
    snprintf(buf, sizeof buf, "%lld", (long long)v);
    pg_set(s, i, xstrdup(buf));
}

void sql_bind_text(sql_stmt *s, int i, const char *v)
{
    if (s->q) {
        if (v)
            sqlite3_bind_text(s->q, i, v, -1, SQLITE_TRANSIENT);
        else
            sqlite3_bind_null(s->q, i);
        return;
    }
    pg_set(s, i, v ? xstrdup(v) : NULL);
}

void sql_bind_double(sql_stmt *s, int i, double v)
{
    if (s->q) {
        sqlite3_bind_double(s->q, i, v);
        return;
    }
    char buf[40];
    snprintf(buf, sizeof buf, "%.17g", v);
    pg_set(s, i, xstrdup(buf));
}

static int lite_step(sql_stmt *s)
{
    int rc = sqlite3_step(s->q);
    if (rc == SQLITE_ROW)
        return SQL_ROW;
    if (rc == SQLITE_DONE) {
        s->changes = sqlite3_changes(s->db->lite);
        s->id = sqlite3_last_insert_rowid(s->db->lite);
        return SQL_DONE;
    }
    int ext = sqlite3_extended_errcode(s->db->lite);
    return ext == SQLITE_CONSTRAINT_PRIMARYKEY || ext == SQLITE_CONSTRAINT_UNIQUE ? SQL_EXISTS
                                                                                  : SQL_ERROR;
}

static int pg_step(sql_stmt *s)
{
    if (s->res) {
        s->row++;
        return s->row < s->nrows ? SQL_ROW : SQL_DONE;
    }
    sql_db *db = s->db;
    s->res = PQexecPrepared(db->pg, s->pp->name, s->pp->nparams, (const char *const *)s->vals, NULL,
                            NULL, 0);
    ExecStatusType t = PQresultStatus(s->res);
    if (t != PGRES_COMMAND_OK && t != PGRES_TUPLES_OK) {
        const char *state = PQresultErrorField(s->res, PG_DIAG_SQLSTATE);
        bool unique = state && strcmp(state, "23505") == 0; /* unique_violation */
        pg_err(db, s->res ? PQresultErrorMessage(s->res) : PQerrorMessage(db->pg));
        PQclear(s->res);
        s->res = NULL;
        return unique ? SQL_EXISTS : SQL_ERROR;
    }
    s->nrows = PQntuples(s->res);
    s->changes = strtoll(PQcmdTuples(s->res), NULL, 10);
    if (t == PGRES_COMMAND_OK || (s->flags & SQL_ID)) { /* a write (with RETURNING id) */
        if ((s->flags & SQL_ID) && s->nrows > 0)
            s->id = strtoll(PQgetvalue(s->res, 0, 0), NULL, 10);
        s->nrows = 0;
        return (s->flags & SQL_UNIQUE) && s->changes == 0 ? SQL_EXISTS : SQL_DONE;
    }
    s->row = 0;
    return s->nrows > 0 ? SQL_ROW : SQL_DONE;
}

int sql_step(sql_stmt *s)
{
    return s->q ? lite_step(s) : pg_step(s);
}

int64_t sql_int64(sql_stmt *s, int i)
{
    if (s->q)
        return sqlite3_column_int64(s->q, i);
    if (!s->res || s->row < 0 || s->row >= s->nrows || PQgetisnull(s->res, s->row, i))
        return 0;
    return strtoll(PQgetvalue(s->res, s->row, i), NULL, 10);
}

double sql_double(sql_stmt *s, int i)
{
    if (s->q)
        return sqlite3_column_double(s->q, i);
    if (!s->res || s->row < 0 || s->row >= s->nrows || PQgetisnull(s->res, s->row, i))
        return 0;
    return strtod(PQgetvalue(s->res, s->row, i), NULL);
}

const char *sql_text(sql_stmt *s, int i)
{
    if (s->q)
        return (const char *)sqlite3_column_text(s->q, i);
    if (!s->res || s->row < 0 || s->row >= s->nrows || PQgetisnull(s->res, s->row, i))
        return NULL;
    return PQgetvalue(s->res, s->row, i);
}

int64_t sql_changes(sql_stmt *s)
{
    return s->changes;
}

int64_t sql_id(sql_stmt *s)
{
    return s->id;
}

void sql_reset(sql_stmt *s)
{
    s->changes = s->id = 0;
    if (s->q) {
        sqlite3_reset(s->q);
        sqlite3_clear_bindings(s->q);
        return;
    }
    PQclear(s->res);
    s->res = NULL;
    s->row = -1;
    s->nrows = 0;
    for (int i = 0; i < s->pp->nparams; i++) {
        free(s->vals[i]);
        s->vals[i] = NULL;
    }
}

void sql_finalize(sql_stmt *s)
{
    if (!s)
        return;
    if (s->q) {
        sqlite3_finalize(s->q);
    } else {
        sql_reset(s);
        free(s->vals);
    }
    free(s);
}
