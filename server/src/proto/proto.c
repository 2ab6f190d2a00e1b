/* proto.c: decoding and validation of client messages (protocol/messages/).
 * SPDX-License-Identifier: MIT
 * A frame is parsed once, every field is checked against its documented type and limits,
 * copied into a proto_msg, and the cJSON tree is freed before returning: nothing from
 * cJSON escapes this file (STYLE.md section 7). Lookups are case-sensitive. */
#include "proto.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "proto_any.h"
#include "proto_int.h"
#include "proto_names.h"
#include "result.h"
#include "utf8.h"
#include "xalloc.h"

/* The wire names (proto_names.h, written by protocol/gen.py): one for every kind. */
static const char *const type_names[PROTO_TYPE_COUNT_] = {PROTO_C2S_TYPES(PROTO__NAME)};
_Static_assert(0 PROTO_C2S_TYPES(PROTO__ONE) == PROTO_TYPE_COUNT_,
               "proto_names.h names every kind");

const char *proto_type_name(proto_type t)
{
    return (unsigned)t < PROTO_TYPE_COUNT_ ? type_names[t] : NULL;
}

int proto__bad(proto_err *err, int code, const char *field)
{
    snprintf(err->field, sizeof err->field, "%s", field);
    return code;
}

/* An integer value in [lo, hi]; name is the field the error names. */
int proto__int_val(const cJSON *v, const char *name, int64_t lo, int64_t hi, int64_t *out,
                   proto_err *err)
{
    if (!cJSON_IsNumber(v))
        return proto__bad(err, BH_EFIELD, name);
    double d = v->valuedouble;
    /* Huge, fractional, infinite (1e400 parses as inf) or out-of-range values are rejected
     * before any conversion, so no cast below is undefined. */
    if (!isfinite(d) || d != floor(d) || d < (double)lo || d > (double)hi)
        return proto__bad(err, BH_EFIELD, name);
    *out = (int64_t)d;
    return BH_OK;
}

/* An integer field in [lo, hi]. Absent: BH_ENOTFOUND (the caller decides if optional). */
static int get_int(const cJSON *o, const char *name, int64_t lo, int64_t hi, int64_t *out,
                   proto_err *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
    if (!v)
        return BH_ENOTFOUND;
    return proto__int_val(v, name, lo, hi, out, err);
}

int proto__need_int(const cJSON *o, const char *name, int64_t lo, int64_t hi, int64_t *out,
                    proto_err *err)
{
    int rc = get_int(o, name, lo, hi, out, err);
    return rc == BH_ENOTFOUND ? proto__bad(err, BH_EFIELD, name) : rc;
}

int proto__opt_int(const cJSON *o, const char *name, int64_t lo, int64_t hi, int64_t *out,
                   proto_err *err)
{
    int rc = get_int(o, name, lo, hi, out, err);
    return rc == BH_ENOTFOUND ? BH_OK : rc;
}

int proto__int(const cJSON *o, const char *name, bool optional, int64_t lo, int64_t hi, int dflt,
               int *out, proto_err *err)
{
    int64_t v = dflt;
    int rc = optional ? proto__opt_int(o, name, lo, hi, &v, err)
                      : proto__need_int(o, name, lo, hi, &v, err);
    *out = (int)v;
    return rc;
}

/* True when the valid UTF-8 string s holds a control character (general category Cc:
 * U+0000..U+001F, U+007F..U+009F): none belongs in a name, a reason or a chat line (a line
 * break would also end a BPGN tag or a TRF record). */
static bool has_control(const char *s, bool lf_ok)
{
    for (const unsigned char *u = (const unsigned char *)s; *u; u++)
        if (*u == '\n' && lf_ok)
            continue;
        else if (*u < 0x20 || *u == 0x7F || (*u == 0xC2 && u[1] >= 0x80 && u[1] <= 0x9F))
            return true;
    return false;
}

/* Copy a string value of 1..max bytes into out (max + 1 bytes): longer is refused
 * (too_large), never cut; the frame is valid UTF-8 already (text_ok), so only control
 * characters are left to refuse (bad_text). */
int proto__str_val_lf(const cJSON *v, const char *name, size_t max, bool lf_ok, char *out,
                      proto_err *err)
{
    if (!cJSON_IsString(v) || !v->valuestring || !v->valuestring[0])
        return proto__bad(err, BH_EFIELD, name);
    size_t n = strlen(v->valuestring);
    if (n > max)
        return proto__bad(err, BH_ELIMIT, name);
    if (has_control(v->valuestring, lf_ok))
        return proto__bad(err, BH_ETEXT, name);
    memcpy(out, v->valuestring, n + 1);
    return BH_OK;
}

int proto__str_val(const cJSON *v, const char *name, size_t max, char *out, proto_err *err)
{
    return proto__str_val_lf(v, name, max, false, out, err);
}

/* The frame's text as the envelope requires (protocol/README.md): JSON text is UTF-8 (RFC
 * 8259 section 8.1), checked here and not by the transport, so that a bad byte gets a typed
 * error naming its field instead of a closed connection; no string holds the escape \u0000
 * or a raw control character (U+0000 to U+001F must be escaped: RFC 8259 section 7; cJSON
 * takes them, and ends the string at a raw or escaped NUL: a silent cut). buf parsed as JSON
 * already, so outside strings it is ASCII. On a problem returns false with field = the top-level
 * key whose value holds it ("" for a key or the envelope itself). */
bool proto__text_ok(const char *buf, size_t len, char *field, size_t cap)
{
    int depth = 0;
    bool in_str = false, is_key = false, want_key = false;
    size_t key_at = 0, key_len = 0; /* the current top-level key, raw */
    field[0] = '\0';
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)buf[i];
        if (!in_str) {
            if (c == '"') {
                in_str = true;
                is_key = depth == 1 && want_key;
                if (is_key)
                    key_at = i + 1;
            } else if (c == '{' || c == '[') {
                depth++;
                want_key = depth == 1 && c == '{';
            } else if (c == '}' || c == ']') {
                depth--;
            } else if (c == ',' && depth == 1) {
                want_key = true;
            }
            continue;
        }
        size_t k = 1;
        if (c == '"') {
            in_str = false;
            if (is_key) {
                key_len = i - key_at;
                want_key = false;
            }
        } else if (c == '\\') {
            k = 2;
            if (i + 5 < len && buf[i + 1] == 'u' && memcmp(buf + i + 2, "0000", 4) == 0)
                goto bad;
        } else if (c < 0x20 || (c >= 0x80 && (k = bh_utf8_seq(buf + i, len - i, NULL)) == 0)) {
            goto bad;
        }
        i += k - 1;
    }
    return true;
bad:
    if (!is_key && depth >= 1 && key_len < cap)
        snprintf(field, cap, "%.*s", (int)key_len, buf + key_at);
    return false;
}

cJSON *proto__parse(const char *buf, size_t len, proto_err *err, int *rc)
{
    memset(err, 0, sizeof *err);
    if (len > PROTO_MAX_FRAME) {
        *rc = proto__bad(err, BH_ELIMIT, "");
        return NULL;
    }
    /* One JSON object a frame: anything after it but white space (a second object, bytes
     * past a NUL) refuses the frame, as a bad byte anywhere does, rather than being ignored. */
    const char *end = NULL;
    cJSON *x = cJSON_ParseWithLengthOpts(buf, len, &end, false);
    while (x && end && end < buf + len &&
           (*end == ' ' || *end == '\t' || *end == '\n' || *end == '\r'))
        end++;
    if (!x || !cJSON_IsObject(x) || !end || end != buf + len) {
        cJSON_Delete(x);
        *rc = BH_EJSON;
        return NULL;
    }
    *rc = BH_OK;
    return x;
}

int proto__family_obj(const cJSON *x, const char *buf, size_t len, const char *const *names, int n,
                      int *kind, int64_t *id, proto_err *err)
{
    memset(err, 0, sizeof *err);
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(x, "type");
    int k = n, rc;
    if (cJSON_IsString(t) && t->valuestring)
        for (k = 0; k < n && strcmp(t->valuestring, names[k]) != 0; k++)
            ;
    if (k == n) {
        rc = BH_ETYPE;
    } else if ((rc = proto__int_val(cJSON_GetObjectItemCaseSensitive(x, "id"), "id", 0,
                                    PROTO_ID_MAX, id, err)) == BH_OK) {
        err->has_id = true;
        err->id = *id;
        if (!proto__text_ok(buf, len, err->field, sizeof err->field))
            rc = BH_ETEXT;
    }
    if (rc == BH_OK)
        *kind = k;
    return rc;
}

int proto__need_str(const cJSON *o, const char *name, size_t max, char *out, proto_err *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
    if (!v)
        return proto__bad(err, BH_EFIELD, name);
    return proto__str_val(v, name, max, out, err);
}

int proto__need_result(const cJSON *o, const char *name, bool forfeit_ok, char out[8],
                       proto_err *err)
{
    int rc = proto__need_str(o, name, 7, out, err);
    if (rc != BH_OK)
        return rc;
    bh_result r;
    if (bh_result_parse(out, strlen(out), &r) != BH_OK || r == BH_RES_NONE ||
        (!forfeit_ok && bh_result_is_forfeit(r)))
        return proto__bad(err, BH_EFIELD, name);
    return BH_OK;
}

/* An array of exactly n non-empty name strings. */
static int need_names(const cJSON *o, const char *name, int n, char out[][PROTO_NAME_MAX + 1],
                      proto_err *err)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, name);
    if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != n)
        return proto__bad(err, BH_EFIELD, name);
    int i = 0, rc;
    const cJSON *v;
    cJSON_ArrayForEach(v, a)
    {
        if ((rc = proto__str_val(v, name, PROTO_NAME_MAX, out[i++], err)) != BH_OK)
            return rc;
    }
    return BH_OK;
}

int proto__word(const cJSON *o, const char *name, const char *const *words, int n, int *out,
                proto_err *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
    if (!v)
        return BH_ENOTFOUND;
    for (int i = 0; cJSON_IsString(v) && v->valuestring && i < n; i++)
        if (strcmp(v->valuestring, words[i]) == 0) {
            *out = i;
            return BH_OK;
        }
    return proto__bad(err, BH_EFIELD, name);
}

/* proto__word, absent: BH_EFIELD. */
static int need_word(const cJSON *o, const char *name, const char *const *words, int n, int *out,
                     proto_err *err)
{
    int rc = proto__word(o, name, words, n, out, err);
    return rc == BH_ENOTFOUND ? proto__bad(err, BH_EFIELD, name) : rc;
}

/* proto__word, absent: BH_OK with *out untouched (the caller's default). */
static int opt_word(const cJSON *o, const char *name, const char *const *words, int n, int *out,
                    proto_err *err)
{
    int rc = proto__word(o, name, words, n, out, err);
    return rc == BH_ENOTFOUND ? BH_OK : rc;
}

static int need_board(const cJSON *o, int *board, proto_err *err)
{
    static const char *const ab[] = {"A", "B"};
    return need_word(o, "board", ab, 2, board, err);
}

/* team_register "ratings": optional [captain, partner], integers 0..4000. */
static int decode_ratings(const cJSON *o, proto_team_register *m, proto_err *err)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, "ratings");
    if (!a)
        return BH_OK;
    if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != 2)
        return proto__bad(err, BH_EFIELD, "ratings");
    for (int i = 0; i < 2; i++) {
        const cJSON *v = cJSON_GetArrayItem(a, i);
        if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble) ||
            v->valuedouble != floor(v->valuedouble) || v->valuedouble < 0 || v->valuedouble > 4000)
            return proto__bad(err, BH_EFIELD, "ratings");
        m->ratings[i] = (int)v->valuedouble;
    }
    return BH_OK;
}

/* tournament_create options (protocol/messages/c2s-tournament_create.md); all optional. */
static int decode_tour_opts(const cJSON *o, proto_tournament_create *m, proto_err *err)
{
    int rc;
    if ((rc = proto__opt_int(o, "base_ms", 1000, PROTO_CLOCK_MAX_MS, &m->base_ms, err)) != BH_OK ||
        (rc = proto__opt_int(o, "inc_ms", 0, PROTO_CLOCK_MAX_MS, &m->inc_ms, err)) != BH_OK ||
        (rc = proto__int(o, "rounds", true, 1, 64, 0, &m->rounds, err)) != BH_OK ||
        (rc = proto__int(o, "late_until", true, 1, 64, 0, &m->late_until, err)) != BH_OK ||
        (rc = proto__int(o, "bye_requests", true, 0, 64, 0, &m->bye_requests, err)) != BH_OK)
        return rc;
    static const char *const bye_kinds[] = {"half", "zero"}, *const smalls[] = {"rr", "cap"};
    if ((rc = opt_word(o, "bye_kind", bye_kinds, 2, &m->bye_kind, err)) != BH_OK)
        return rc;
    m->wait_s = m->break_s = -1; /* absent: the server's --wait-s / --break-s */
    if ((rc = proto__opt_int(o, "wait_s", 0, PROTO_WAIT_MAX_S, &m->wait_s, err)) != BH_OK ||
        (rc = proto__opt_int(o, "break_s", 0, PROTO_BREAK_MAX_S, &m->break_s, err)) != BH_OK)
        return rc;
    const cJSON *r = cJSON_GetObjectItemCaseSensitive(o, "ruleset");
    if (r && (rc = proto__str_val(r, "ruleset", sizeof m->ruleset - 1, m->ruleset, err)) != BH_OK)
        return rc;
    int small = -1; /* m->small: 0 absent, 1 "rr", 2 "cap" */
    if ((rc = opt_word(o, "small", smalls, 2, &small, err)) != BH_OK)
        return rc;
    m->small = small + 1;
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, "tiebreaks");
    if (!a)
        return BH_OK;
    if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) < 1 || cJSON_GetArraySize(a) > 8)
        return proto__bad(err, BH_EFIELD, "tiebreaks");
    const cJSON *t;
    cJSON_ArrayForEach(t, a)
    {
        if ((rc = proto__str_val(t, "tiebreaks", sizeof m->tiebreaks[0] - 1,
                                 m->tiebreaks[m->n_tiebreaks], err)) != BH_OK)
            return rc;
        m->n_tiebreaks++;
    }
    return BH_OK;
}

/* A boolean field into *out (1 / 0); absent: BH_ENOTFOUND. */
int proto__get_bool(const cJSON *o, const char *name, int *out, proto_err *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
    if (!v)
        return BH_ENOTFOUND;
    if (!cJSON_IsBool(v))
        return proto__bad(err, BH_EFIELD, name);
    *out = cJSON_IsTrue(v) ? 1 : 0;
    return BH_OK;
}

int proto__need_bool(const cJSON *o, const char *name, int *out, proto_err *err)
{
    int rc = proto__get_bool(o, name, out, err);
    return rc == BH_ENOTFOUND ? proto__bad(err, BH_EFIELD, name) : rc;
}

/* proto__need_bool into a bool. */
static int need_flag(const cJSON *o, const char *name, bool *out, proto_err *err)
{
    int v = 0, rc = proto__need_bool(o, name, &v, err);
    *out = v != 0;
    return rc;
}

/* An optional boolean into a bool (absent: false). */
static int opt_flag(const cJSON *o, const char *name, bool *out, proto_err *err)
{
    int v = 0, rc = proto__get_bool(o, name, &v, err);
    *out = v != 0;
    return rc == BH_ENOTFOUND ? BH_OK : rc;
}

/* round_pair (protocol/messages/c2s-round_pair.md): the tournament, and optionally a pairing
 * by hand, "pairs": [[team, team or 0], ...] (at most PROTO_PAIRS_MAX), "allow_rematch". Only
 * the shape is checked here; the hub checks the teams. */
static int decode_round_pair(const cJSON *o, proto_round_pair *m, proto_err *err)
{
    int rc = PROTO__NEED_ID(o, "tournament", &m->tournament, err);
    if (rc != BH_OK || (rc = opt_flag(o, "allow_rematch", &m->allow_rematch, err)) != BH_OK ||
        (rc = proto__opt_int(o, "budget_s", 1, PROTO_BUDGET_S_MAX, &m->budget_s, err)) != BH_OK)
        return rc;
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, "pairs");
    if (!a)
        return BH_OK;
    if (!cJSON_IsArray(a))
        return proto__bad(err, BH_EFIELD, "pairs");
    int n = cJSON_GetArraySize(a);
    if (n > PROTO_PAIRS_MAX)
        return proto__bad(err, BH_ELIMIT, "pairs");
    m->hand = true;
    /* Freed by proto_msg_free (proto_decode's caller, or proto_decode on an error). */
    if (n > 0)
        m->pairs = xmalloc((size_t)n * sizeof *m->pairs);
    const cJSON *p;
    cJSON_ArrayForEach(p, a)
    {
        char name[24];
        snprintf(name, sizeof name, "pairs[%d]", m->n_pairs);
        if (!cJSON_IsArray(p) || cJSON_GetArraySize(p) != 2)
            return proto__bad(err, BH_EFIELD, name);
        int64_t *ab = m->pairs[m->n_pairs++];
        /* team ids from 1; the second may be 0: the pairing-allocated bye */
        if ((rc = proto__int_val(cJSON_GetArrayItem(p, 0), name, 1, PROTO_ID_MAX, &ab[0], err)) !=
                BH_OK ||
            (rc = proto__int_val(cJSON_GetArrayItem(p, 1), name, 0, PROTO_ID_MAX, &ab[1], err)) !=
                BH_OK)
            return rc;
    }
    return BH_OK;
}

/* The director's messages (protocol/messages/c2s-game_pause.md ... c2s-export.md). */
static int decode_director(const cJSON *o, proto_msg *m, proto_err *err)
{
    int rc;
    switch (m->type) {
    case PROTO_GAME_PAUSE: {
        proto_game_pause *x = &m->game_pause;
        if ((rc = PROTO__NEED_ID(o, "game", &x->game, err)) != BH_OK)
            return rc;
        return need_flag(o, "paused", &x->paused, err);
    }
    case PROTO_GAME_RESULT: {
        proto_game_result *x = &m->game_result;
        if ((rc = PROTO__NEED_ID(o, "game", &x->game, err)) != BH_OK ||
            (rc = proto__need_result(o, "result", false, x->result, err)) != BH_OK)
            return rc;
        return proto__need_str(o, "reason", PROTO_REASON_MAX, x->reason, err);
    }
    case PROTO_TEAM_WITHDRAW: {
        proto_team_withdraw *x = &m->team_withdraw;
        if ((rc = PROTO__NEED_ID(o, "tournament", &x->tournament, err)) != BH_OK ||
            (rc = PROTO__NEED_ID(o, "team", &x->team, err)) != BH_OK)
            return rc;
        if ((rc = opt_flag(o, "keep_current", &x->keep_current, err)) != BH_OK ||
            (rc = opt_flag(o, "undo", &x->undo, err)) != BH_OK)
            return rc;
        if (x->undo && x->keep_current) /* an undo has no current match to keep */
            return proto__bad(err, BH_EINVAL, "keep_current");
        return BH_OK;
    }
    case PROTO_RESULT_LOG: return PROTO__NEED_ID(o, "game", &m->result_log.game, err);
    case PROTO_TEAM_REMOVE:
        if ((rc = PROTO__NEED_ID(o, "tournament", &m->team_remove.tournament, err)) != BH_OK)
            return rc;
        return PROTO__NEED_ID(o, "team", &m->team_remove.team, err);
    case PROTO_BYE_REQUEST: {
        proto_bye_request *x = &m->bye_request;
        if ((rc = PROTO__NEED_ID(o, "tournament", &x->tournament, err)) != BH_OK ||
            (rc = PROTO__NEED_ID(o, "team", &x->team, err)) != BH_OK ||
            (rc = proto__int(o, "round", false, 1, 64, 0, &x->round, err)) != BH_OK)
            return rc;
        return opt_flag(o, "cancel", &x->cancel, err);
    }
    case PROTO_ROUND_SCHEDULE: {
        proto_round_schedule *x = &m->round_schedule;
        if ((rc = PROTO__NEED_ID(o, "tournament", &x->tournament, err)) != BH_OK ||
            (rc = proto__int(o, "round", false, 1, 64, 0, &x->round, err)) != BH_OK)
            return rc;
        return proto__need_int(o, "start_ms", 0, 253402300799999LL, &x->start_ms, err);
    }
    case PROTO_ROUND_PAIR: return decode_round_pair(o, &m->round_pair, err);
    case PROTO_ROUND_START: return PROTO__NEED_ID(o, "tournament", &m->round_start.tournament, err);
    case PROTO_EXPORT: {
        proto_export *x = &m->export_;
        static const char *const formats[] = {"bpgn", "trf"}; /* PROTO_EXPORT_* */
        if ((rc = need_word(o, "format", formats, 2, &x->format, err)) != BH_OK)
            return rc;
        if (x->format == PROTO_EXPORT_TRF)
            return PROTO__NEED_ID(o, "tournament", &x->tournament, err);
        if ((rc = opt_flag(o, "chat", &x->chat, err)) != BH_OK) /* "chat" optional, false */
            return rc;
        return PROTO__NEED_ID(o, "game", &x->game, err);
    }
    default: return BH_OK; /* live: no field */
    }
}

static int decode_table(const cJSON *o, proto_table *x, proto_err *err);

static int decode_fields(const cJSON *o, proto_msg *m, proto_err *err)
{
    int rc = BH_OK;
    switch (m->type) {
    case PROTO_AUTH: return proto__need_str(o, "token", PROTO_TOKEN_MAX, m->auth.token, err);
    case PROTO_PING:
    case PROTO_GAMES: return BH_OK;
    case PROTO_DRAW: {
        if ((rc = PROTO__NEED_ID(o, "game", &m->draw.game, err)) != BH_OK)
            return rc;
        static const char *const actions[] = {"offer", "accept", "decline"};
        return need_word(o, "action", actions, 3, &m->draw.action, err);
    }
    case PROTO_CLAIM: {
        proto_claim *x = &m->claim;
        if ((rc = PROTO__NEED_ID(o, "game", &x->game, err)) != BH_OK)
            return rc;
        static const char *const claims[] = {"repetition", "fifty"}; /* PROTO_CLAIM_* */
        if ((rc = opt_word(o, "claim", claims, 2, &x->claim, err)) != BH_OK)
            return rc;
        if (cJSON_GetObjectItemCaseSensitive(o, "move"))
            return proto__need_str(o, "move", PROTO_MOVE_MAX, x->move, err);
        return BH_OK;
    }
    case PROTO_JOIN:
    case PROTO_RESIGN:
    case PROTO_GAME_START: /* one layout: proto_game_ref */
        return PROTO__NEED_ID(o, "game", &m->join.game, err);
    case PROTO_CHAT:
        if ((rc = PROTO__NEED_ID(o, "game", &m->chat.game, err)) != BH_OK)
            return rc;
        return proto__need_str(o, "text", PROTO_TEXT_MAX, m->chat.text, err);
    case PROTO_PREMOVE_CANCEL:
        if ((rc = PROTO__NEED_ID(o, "game", &m->premove_cancel.game, err)) != BH_OK)
            return rc;
        return need_board(o, &m->premove_cancel.board, err);
    case PROTO_MOVE: {
        proto_move *x = &m->move;
        if ((rc = PROTO__NEED_ID(o, "game", &x->game, err)) != BH_OK ||
            (rc = need_board(o, &x->board, err)) != BH_OK ||
            (rc = proto__int(o, "ply", false, 0, PROTO_PLY_MAX, 0, &x->ply, err)) != BH_OK)
            return rc;
        return proto__need_str(o, "move", PROTO_MOVE_MAX, x->move, err);
    }
    case PROTO_TOURNAMENT_CREATE:
        if ((rc = proto__need_str(o, "name", PROTO_NAME_MAX, m->tournament_create.name, err)) !=
            BH_OK)
            return rc;
        return decode_tour_opts(o, &m->tournament_create, err);
    case PROTO_TOURNAMENT_START:
        return PROTO__NEED_ID(o, "tournament", &m->tournament_start.tournament, err);
    case PROTO_TOURNAMENT_GET:
        return PROTO__OPT_ID(o, "tournament", &m->tournament_get.tournament, err);
    case PROTO_TOURNAMENT_PAUSE: {
        proto_tournament_pause *x = &m->tournament_pause;
        if ((rc = PROTO__NEED_ID(o, "tournament", &x->tournament, err)) != BH_OK)
            return rc;
        return need_flag(o, "paused", &x->paused, err);
    }
    case PROTO_GAME2_COLORS: {
        proto_game2_colors *x = &m->game2_colors;
        if ((rc = PROTO__NEED_ID(o, "game", &x->game, err)) != BH_OK)
            return rc;
        return need_flag(o, "swap", &x->swap, err);
    }
    case PROTO_TEAM_REGISTER: {
        proto_team_register *x = &m->team_register;
        if ((rc = PROTO__NEED_ID(o, "tournament", &x->tournament, err)) != BH_OK ||
            (rc = proto__need_str(o, "name", PROTO_NAME_MAX, x->name, err)) != BH_OK ||
            (rc = need_names(o, "players", 2, x->players, err)) != BH_OK ||
            (rc = PROTO__OPT_ID(o, "team", &x->team, err)) != BH_OK)
            return rc;
        return decode_ratings(o, x, err);
    }
    case PROTO_GAME_CREATE: {
        proto_game_create *x = &m->game_create;
        if ((rc = PROTO__OPT_ID(o, "tournament", &x->tournament, err)) != BH_OK ||
            (rc = PROTO__OPT_ID(o, "team1", &x->team1, err)) != BH_OK ||
            (rc = PROTO__OPT_ID(o, "team2", &x->team2, err)) != BH_OK ||
            (rc = proto__need_int(o, "base_ms", 1000, PROTO_CLOCK_MAX_MS, &x->base_ms, err)) !=
                BH_OK ||
            (rc = proto__opt_int(o, "inc_ms", 0, PROTO_CLOCK_MAX_MS, &x->inc_ms, err)) != BH_OK)
            return rc;
        static const char *const kinds[] = {"bughouse", "chess"}; /* PROTO_KIND_* */
        if ((rc = opt_word(o, "kind", kinds, 2, &x->kind, err)) != BH_OK)
            return rc;
        /* A chess game has two players and no bughouse teams (P-TEAM pairs). */
        if (x->kind == PROTO_KIND_CHESS && (x->team1 || x->team2))
            return proto__bad(err, BH_EFIELD, x->team1 ? "team1" : "team2");
        if (cJSON_GetObjectItemCaseSensitive(o, "players"))
            return need_names(o, "players", x->kind == PROTO_KIND_CHESS ? 2 : 4, x->players, err);
        return BH_OK;
    }
    case PROTO_GAME_PAUSE:
    case PROTO_GAME_RESULT:
    case PROTO_TEAM_WITHDRAW:
    case PROTO_RESULT_LOG:
    case PROTO_TEAM_REMOVE:
    case PROTO_BYE_REQUEST:
    case PROTO_ROUND_SCHEDULE:
    case PROTO_ROUND_PAIR:
    case PROTO_ROUND_START:
    case PROTO_EXPORT:
    case PROTO_LIVE: return decode_director(o, m, err);
    case PROTO_ANNOUNCE: {
        if ((rc = PROTO__OPT_ID(o, "team", &m->announce.team, err)) != BH_OK)
            return rc;
        /* An announcement may have several lines (LF); no other control character. */
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(o, "text");
        return t ? proto__str_val_lf(t, "text", PROTO_TEXT_MAX, true, m->announce.text, err)
                 : proto__bad(err, BH_EFIELD, "text");
    }
    case PROTO_TEAM_TOKEN: return PROTO__NEED_ID(o, "team", &m->team_token.team, err);
    case PROTO_SIGNUP:
    case PROTO_LOGIN: /* one layout: proto_login; the account rules are the hub's (auth_pw.h) */
        if ((rc = proto__need_str(o, "name", PROTO_NAME_MAX, m->login.name, err)) != BH_OK)
            return rc;
        return proto__need_str(o, "password", PROTO_PASSWORD_MAX, m->login.password, err);
    case PROTO_GUEST: return proto__need_str(o, "name", PROTO_NAME_MAX, m->guest.name, err);
    case PROTO_LOGOUT: return BH_OK;
    case PROTO_ENTRY_LINK: return need_board(o, &m->entry_link.board, err);
    case PROTO_LOBBY: return BH_OK;
    case PROTO_TABLE: return decode_table(o, &m->table, err);
    case PROTO_RATING: return proto__need_str(o, "name", PROTO_NAME_MAX, m->rating.name, err);
    case PROTO_PROFILE: return proto__need_str(o, "name", PROTO_NAME_MAX, m->profile.name, err);
    case PROTO_TYPE_COUNT_: break;
    }
    return proto__bad(err, BH_ETYPE, "type");
}

/* table (c2s-table.md): the action, then the fields it needs. */
static int decode_table(const cJSON *o, proto_table *x, proto_err *err)
{
    static const char *const actions[] = {"create",  "sit",     "stand", "ready",
                                          "unready", "kick",    "seek",  "unseek",
                                          "partner", "rematch", "queue", "unqueue"};
    x->action = -1;
    x->seat = -1;
    int rc = need_word(o, "action", actions, (int)BH_ARRAY_LEN(actions), &x->action, err);
    if (rc != BH_OK)
        return rc;
    bool where = x->action == PROTO_TABLE_SIT || x->action == PROTO_TABLE_KICK ||
                 x->action == PROTO_TABLE_QUEUE;
    if (where) {
        if ((rc = PROTO__NEED_ID(o, "table", &x->table, err)) != BH_OK)
            return rc;
        if (x->action != PROTO_TABLE_QUEUE &&
            (rc = proto__int(o, "seat", false, 0, 3, -1, &x->seat, err)) != BH_OK)
            return rc;
        if (cJSON_GetObjectItemCaseSensitive(o, "link") &&
            (rc = proto__need_str(o, "link", PROTO_TOKEN_MAX, x->link, err)) != BH_OK)
            return rc;
        return BH_OK;
    }
    if (x->action == PROTO_TABLE_REMATCH) {
        if ((rc = PROTO__NEED_ID(o, "table", &x->table, err)) != BH_OK ||
            (rc = PROTO__NEED_ID(o, "game", &x->game, err)) != BH_OK)
            return rc;
        if ((rc = opt_flag(o, "swap", &x->swap, err)) != BH_OK)
            return rc;
        return opt_flag(o, "rotate", &x->rotate, err);
    }
    if (x->action == PROTO_TABLE_PARTNER &&
        (rc = PROTO__NEED_ID(o, "seek", &x->seek, err)) != BH_OK)
        return rc;
    if (x->action != PROTO_TABLE_CREATE && x->action != PROTO_TABLE_PARTNER)
        return BH_OK;
    if ((rc = proto__need_int(o, "base_ms", 0, PROTO_CLOCK_MAX_MS, &x->base_ms, err)) != BH_OK ||
        (rc = proto__opt_int(o, "inc_ms", 0, PROTO_CLOCK_MAX_MS, &x->inc_ms, err)) != BH_OK ||
        (rc = opt_flag(o, "rated", &x->rated, err)) != BH_OK ||
        (rc = opt_flag(o, "private", &x->priv, err)) != BH_OK)
        return rc;
    snprintf(x->ruleset, sizeof x->ruleset, "online");
    if (cJSON_GetObjectItemCaseSensitive(o, "ruleset"))
        return proto__need_str(o, "ruleset", sizeof x->ruleset - 1, x->ruleset, err);
    return BH_OK;
}

void proto_msg_free(proto_msg *m)
{
    if (m->type == PROTO_SIGNUP || m->type == PROTO_LOGIN)
        xwipe(m->login.password, sizeof m->login.password);
    if (m->type == PROTO_ROUND_PAIR) {
        free(m->round_pair.pairs);
        m->round_pair.pairs = NULL;
        m->round_pair.n_pairs = 0;
    }
}

/* proto_decode after the parse: o, a JSON object, stays the caller's. */
static int decode_obj(const cJSON *o, const char *buf, size_t len, proto_msg *out, proto_err *err)
{
    memset(err, 0, sizeof *err);
    int rc = BH_OK;
    proto_msg m;
    memset(&m, 0, sizeof m);
    if ((rc = proto__need_int(o, "id", 0, PROTO_ID_MAX, &m.id, err)) != BH_OK)
        goto done;
    err->has_id = true;
    err->id = m.id;
    if (!proto__text_ok(buf, len, err->field, sizeof err->field)) {
        rc = BH_ETEXT;
        goto done;
    }
    /* Optional protocol version: absent or 1 (protocol/README.md "Envelope"). */
    int64_t v = 1;
    if ((rc = proto__opt_int(o, "v", 1, 1, &v, err)) != BH_OK)
        goto done;
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(o, "type");
    if (!cJSON_IsString(t) || !t->valuestring) {
        rc = proto__bad(err, BH_EFIELD, "type");
        goto done;
    }
    rc = proto__bad(err, BH_ETYPE, "type");
    for (int i = 0; i < PROTO_TYPE_COUNT_; i++)
        if (strcmp(t->valuestring, type_names[i]) == 0) {
            m.type = (proto_type)i;
            err->field[0] = '\0';
            rc = decode_fields(o, &m, err);
            break;
        }
    if (rc == BH_OK) {
        memcpy(out, &m, sizeof m); /* every byte, the unused union bytes zero */
        if (m.type == PROTO_SIGNUP || m.type == PROTO_LOGIN)
            xwipe(m.login.password, sizeof m.login.password); /* out holds the one copy */
    } else {
        proto_msg_free(&m);
    }
done:
    return rc;
}

int proto_decode(const char *buf, size_t len, proto_msg *out, proto_err *err)
{
    int rc;
    cJSON *o = proto__parse(buf, len, err, &rc);
    if (!o)
        return rc;
    rc = decode_obj(o, buf, len, out, err);
    cJSON_Delete(o);
    return rc;
}

/* Which family a type name is of: a club_* or league_* name of proto_club.c's or
 * proto_league.c's tables, else the core's (whose decoder answers an unknown one). */
static proto_family family_of(const cJSON *o)
{
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(o, "type");
    if (!cJSON_IsString(t) || !t->valuestring)
        return PROTO_FAM_CORE;
    for (int k = 0; k < PCLUB_TYPE_COUNT_; k++)
        if (strcmp(t->valuestring, proto_club_type_name((pclub_type)k)) == 0)
            return PROTO_FAM_CLUB;
    for (int k = 0; k < PLEAGUE_TYPE_COUNT_; k++)
        if (strcmp(t->valuestring, proto_league_type_name((pleague_type)k)) == 0)
            return PROTO_FAM_LEAGUE;
    return PROTO_FAM_CORE;
}

int proto_decode_any(const char *buf, size_t len, proto_any *out, proto_err *err)
{
    out->fam = PROTO_FAM_CORE;
    int rc;
    cJSON *o = proto__parse(buf, len, err, &rc);
    if (!o)
        return rc;
    out->fam = family_of(o);
    switch (out->fam) {
    case PROTO_FAM_CLUB: rc = proto__club_decode_obj(o, buf, len, &out->club, err); break;
    case PROTO_FAM_LEAGUE: rc = proto__league_decode_obj(o, buf, len, &out->league, err); break;
    default: rc = decode_obj(o, buf, len, &out->core, err); break;
    }
    cJSON_Delete(o);
    return rc;
}

void proto_any_free(proto_any *a)
{
    switch (a->fam) {
    case PROTO_FAM_CLUB: proto_club_msg_free(&a->club); break;
    case PROTO_FAM_LEAGUE: proto_league_msg_free(&a->league); break;
    default: proto_msg_free(&a->core); break;
    }
}

int proto__roster(const cJSON *o, int max, bool invited, proto_player_in **out, int *n,
                  proto_err *err)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, "players");
    if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) < 1)
        return proto__bad(err, BH_EFIELD, "players");
    if (cJSON_GetArraySize(a) > max)
        return proto__bad(err, BH_ELIMIT, "players");
    *out = xcalloc((size_t)cJSON_GetArraySize(a), sizeof **out);
    const cJSON *p;
    int rc;
    cJSON_ArrayForEach(p, a)
    {
        proto_player_in *x = &(*out)[(*n)++];
        int64_t id, rating = 0;
        int inv = 0;
        if (!cJSON_IsObject(p))
            return proto__bad(err, BH_EFIELD, "players");
        if ((rc = proto__need_int(p, "id", 1, INT32_MAX, &id, err)) != BH_OK ||
            (rc = proto__opt_int(p, "rating", 0, 4000, &rating, err)) != BH_OK ||
            (rc = proto__need_str(p, "name", PROTO_PNAME_MAX, x->name, err)) != BH_OK)
            return rc;
        x->id = (int)id;
        x->rating = (int)rating;
        if (invited && proto__get_bool(p, "invited", &inv, err) == BH_EFIELD)
            return BH_EFIELD;
        x->invited = inv == 1;
    }
    return BH_OK;
}
