/* store_int.h: what store.c shares with the store's other files (store_tour.c, store_state.c).
 * SPDX-License-Identifier: MIT */
#ifndef BH_STORE_INT_H
#define BH_STORE_INT_H

#include <sqlite3.h>

#include "store.h"

/* Log what failed with SQLite's message; returns BH_ESTORE. */
int store__fail(store *st, const char *what);
/* The open database handle (borrowed; valid until store_close). */
sqlite3 *store__db(store *st);
/* Open the turn's transaction if none is open (store_flush commits it). BH_OK or BH_ESTORE. */
int store__begin(store *st);
/* Bind v (copied) to parameter i of s, or NULL when v is NULL. */
void store__bind_text(sqlite3_stmt *s, int i, const char *v);

#endif
