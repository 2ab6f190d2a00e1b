/* proto_int.h: the helpers the proto module's files share (cJSON stays inside the module):
 * proto.c's field readers, used by proto_club.c too, and proto_enc.c's encoder helpers, used by
 * proto_tour.c and proto_club.c. SPDX-License-Identifier: MIT */
#ifndef BH_PROTO_INT_H
#define BH_PROTO_INT_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdint.h>

#include "proto.h"
#include "proto_club.h"
#include "proto_league.h"

/* The X-macro steps of a family's wire names (proto_names.h, written by protocol/gen.py): a
 * table entry by kind, and a count to check that the table names every kind. */
#define PROTO__NAME(kind, wire) [kind] = wire,
#define PROTO__ONE(kind, wire) +1

/* ---- field readers (proto.c). Each refusal names its field in err->field. ---- */

/* err->field = field; returns code. */
int proto__bad(proto_err *err, int code, const char *field);
/* The integer value v in [lo, hi] into *out; not an integer, fractional, infinite or out of
 * range: BH_EFIELD naming name. */
int proto__int_val(const cJSON *v, const char *name, int64_t lo, int64_t hi, int64_t *out,
                   proto_err *err);
/* The integer field o[name] (proto__int_val); absent: BH_EFIELD. */
int proto__need_int(const cJSON *o, const char *name, int64_t lo, int64_t hi, int64_t *out,
                    proto_err *err);
/* The same, absent: BH_OK with *out untouched (the caller's default). */
int proto__opt_int(const cJSON *o, const char *name, int64_t lo, int64_t hi, int64_t *out,
                   proto_err *err);
/* proto__need_int (optional false) or proto__opt_int (optional true, absent: dflt) into an int
 * (lo and hi within int's range); *out is written also on an error. */
int proto__int(const cJSON *o, const char *name, bool optional, int64_t lo, int64_t hi, int dflt,
               int *out, proto_err *err);
/* An id field (1..PROTO_ID_MAX): proto__need_int and proto__opt_int with that range. */
#define PROTO__NEED_ID(o, name, out, err) proto__need_int(o, name, 1, PROTO_ID_MAX, out, err)
#define PROTO__OPT_ID(o, name, out, err) proto__opt_int(o, name, 1, PROTO_ID_MAX, out, err)
/* The boolean field o[name] into *out (1 / 0); not a boolean: BH_EFIELD; absent:
 * BH_ENOTFOUND (nothing named, *out untouched). */
int proto__get_bool(const cJSON *o, const char *name, int *out, proto_err *err);
/* The same, absent: BH_EFIELD. */
int proto__need_bool(const cJSON *o, const char *name, int *out, proto_err *err);
/* Copy the string value v of 1..max bytes into out (max + 1 bytes): not a string or empty:
 * BH_EFIELD; longer: BH_ELIMIT (never cut); a control character (Cc): BH_ETEXT. The frame's
 * UTF-8 is proto__text_ok's. */
int proto__str_val(const cJSON *v, const char *name, size_t max, char *out, proto_err *err);
/* The same, a line feed allowed when lf_ok (a text of several lines). */
int proto__str_val_lf(const cJSON *v, const char *name, size_t max, bool lf_ok, char *out,
                      proto_err *err);
/* The string field o[name] (proto__str_val); absent: BH_EFIELD. */
int proto__need_str(const cJSON *o, const char *name, size_t max, char *out, proto_err *err);
/* The string field o[name], one of words[0..n): its index into *out. Absent: BH_ENOTFOUND
 * (nothing named, *out untouched); not a string or another word: BH_EFIELD. */
int proto__word(const cJSON *o, const char *name, const char *const *words, int n, int *out,
                proto_err *err);
/* The result field o[name] (proto__need_str): a result token of result.h, not the "no result"
 * one, a forfeit only when forfeit_ok; else BH_EFIELD. */
int proto__need_result(const cJSON *o, const char *name, bool forfeit_ok, char out[8],
                       proto_err *err);
/* The frame buf (parsed as JSON already) is valid UTF-8 and no string holds \u0000; false with
 * field (cap bytes) = the top-level key whose value holds the problem ("" for a key or the
 * envelope). */
bool proto__text_ok(const char *buf, size_t len, char *field, size_t cap);

/* A frame (len bytes) parsed as a JSON object, which the caller deletes; NULL with *rc =
 * BH_ELIMIT (over PROTO_MAX_FRAME, err->field "") or BH_EJSON (not a JSON object). err is
 * always written. */
cJSON *proto__parse(const char *buf, size_t len, proto_err *err, int *rc);
/* The envelope of a message of a family with its own type names (the club's, the league's),
 * on a frame already parsed into the object x (which stays the caller's): its type one of
 * names[0..n) (its index into *kind), its id (into *id; err->has_id set), its text checked
 * (proto__text_ok). BH_OK, or BH_ETYPE (another family's type), BH_EFIELD ("id"), BH_ETEXT.
 * err is always written. */
int proto__family_obj(const cJSON *x, const char *buf, size_t len, const char *const *names, int n,
                      int *kind, int64_t *id, proto_err *err);
/* The club's and the league's decoders on a parsed frame (proto_decode_any): as
 * proto_club_decode and proto_league_decode after their parse; o stays the caller's. */
int proto__club_decode_obj(const cJSON *o, const char *buf, size_t len, pclub_msg *out,
                           proto_err *err);
int proto__league_decode_obj(const cJSON *o, const char *buf, size_t len, pleague_msg *out,
                             proto_err *err);

/* ---- encoder helpers (proto_enc.c). Out of memory aborts (STYLE.md section 6): none of
 * these fails. ---- */

/* A new empty object (the caller owns it). */
cJSON *proto__obj(void);
/* A new message object starting {"type": type[, "id": id]}. */
cJSON *proto__head(const char *type, bool has_id, int64_t id);
/* A new error object {"type":"error"[,"id"],"code","message"[,"field"]} (proto_enc_error_msg's
 * shape: message NULL is bh_strerror(code), field NULL or "" omitted) for the caller to extend. */
cJSON *proto__error(bool has_id, int64_t id, int code, const char *field, const char *message);
/* o as compact JSON text (malloc'd, the caller frees it); o is freed. */
char *proto__done(cJSON *o);
/* o[k] = v, or null when v is NULL. */
void proto__str_or_null(cJSON *o, const char *k, const char *v);
/* o[k] = the n numbers of v as an array. */
void proto__ints(cJSON *o, const char *k, const int *v, int n);

/* The "players" array of a team message, [{id, name, rating[, invited]}], 1..max entries,
 * into *out (malloc'd, the caller's message frees it, also after an error) and *n. invited:
 * read each player's optional "invited". Errors: BH_EFIELD "players" (not an array, empty, an
 * entry not an object), BH_ELIMIT "players" (over max), and the fields' own: "id"
 * (1..INT32_MAX), "rating" (0..4000, default 0), "name" (1..PROTO_PNAME_MAX bytes), "invited"
 * (a boolean). */
int proto__roster(const cJSON *o, int max, bool invited, proto_player_in **out, int *n,
                  proto_err *err);

#endif
