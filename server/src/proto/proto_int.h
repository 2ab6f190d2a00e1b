/* proto_int.h: the encoder helpers proto_enc.c shares with proto_tour.c (cJSON stays inside
 * the proto module). Out of memory aborts (STYLE.md section 6): none of these fails.
 * SPDX-License-Identifier: MIT */
#ifndef BH_PROTO_INT_H
#define BH_PROTO_INT_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdint.h>

/* A new empty object (the caller owns it). */
cJSON *proto__obj(void);
/* A new message object starting {"type": type[, "id": id]}. */
cJSON *proto__head(const char *type, bool has_id, int64_t id);
/* o as compact JSON text (malloc'd, the caller frees it); o is freed. */
char *proto__done(cJSON *o);
/* o[k] = v, or null when v is NULL. */
void proto__str_or_null(cJSON *o, const char *k, const char *v);
/* o[k] = the n numbers of v as an array. */
void proto__ints(cJSON *o, const char *k, const int *v, int n);

#endif
