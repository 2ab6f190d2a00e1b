/* fuzz_proto.c: proto_decode on arbitrary bytes, with the contracts of a decoded message.
 * SPDX-License-Identifier: MIT
 * The input is one frame (not NUL-terminated). A rejected frame returns one of the documented
 * codes with a NUL-terminated err->field; an accepted one has a known type, an id in range,
 * NUL-terminated strings within their limits, each valid UTF-8 without control characters
 * (protocol/README.md "Strings"), and, for the director's messages, P-GAME2 and
 * live (protocol/messages/c2s-game_pause.md ... c2s-game2_colors.md), the documented values.
 * Decoding is deterministic: the same frame decodes to the same message. */
#include <string.h>

#include "bh.h"
#include "fuzz.h"
#include "proto.h"
#include "utf8.h"

static void check_str(const char *s, size_t cap, size_t min, const char *what)
{
    size_t n = strnlen(s, cap);
    FUZZ_CHECK(n < cap, "%s not terminated", what);
    FUZZ_CHECK(n >= min, "%s shorter than %zu", what, min);
    FUZZ_CHECK(bh_utf8_valid(s, n, NULL), "%s is not valid UTF-8", what);
    for (size_t i = 0; i < n; i++)
        FUZZ_CHECK((unsigned char)s[i] >= 0x20 && s[i] != 0x7F, "%s holds a control character",
                   what);
}

static void check_msg(const proto_msg *m)
{
    FUZZ_CHECK((unsigned)m->type < PROTO_TYPE_COUNT_ && proto_type_name(m->type), "type %d",
               (int)m->type);
    FUZZ_CHECK(m->id >= 0 && m->id <= PROTO_ID_MAX, "id %lld", (long long)m->id);
    check_str(m->move, sizeof m->move, 0, "move");
    check_str(m->token, sizeof m->token, 0, "token");
    check_str(m->text, sizeof m->text, 0, "text");
    check_str(m->name, sizeof m->name, 0, "name");
    check_str(m->result, sizeof m->result, 0, "result");
    check_str(m->reason, sizeof m->reason, 0, "reason");
    switch (m->type) {
    case PROTO_GAME_PAUSE:
    case PROTO_GAME2_COLORS:
        FUZZ_CHECK(m->game >= 1 && m->game <= PROTO_ID_MAX, "game %lld", (long long)m->game);
        FUZZ_CHECK(m->action == 0 || m->action == 1, "action %d", m->action);
        break;
    case PROTO_GAME_RESULT:
        FUZZ_CHECK(m->game >= 1 && m->game <= PROTO_ID_MAX, "game %lld", (long long)m->game);
        FUZZ_CHECK(strcmp(m->result, "1-0") == 0 || strcmp(m->result, "0-1") == 0 ||
                       strcmp(m->result, "1/2-1/2") == 0,
                   "result %s", m->result);
        check_str(m->reason, sizeof m->reason, 1, "reason");
        break;
    case PROTO_TEAM_WITHDRAW:
        FUZZ_CHECK(m->tournament >= 1 && m->team >= 1 && m->team <= PROTO_ID_MAX,
                   "tournament %lld team %lld", (long long)m->tournament, (long long)m->team);
        FUZZ_CHECK(m->action == 0 || m->action == 1, "keep_current %d", m->action);
        break;
    case PROTO_ROUND_PAIR:
    case PROTO_ROUND_START:
        FUZZ_CHECK(m->tournament >= 1 && m->tournament <= PROTO_ID_MAX, "tournament %lld",
                   (long long)m->tournament);
        break;
    case PROTO_EXPORT:
        FUZZ_CHECK(m->action == PROTO_EXPORT_BPGN ? m->game >= 1 && m->game <= PROTO_ID_MAX
                   : m->action == PROTO_EXPORT_TRF ? m->tournament >= 1
                                                   : false,
                   "export %d game %lld tournament %lld", m->action, (long long)m->game,
                   (long long)m->tournament);
        break;
    case PROTO_MOVE:
        FUZZ_CHECK(m->board == 0 || m->board == 1, "board %d", m->board);
        FUZZ_CHECK(m->ply >= 0 && m->ply <= PROTO_PLY_MAX, "ply %d", m->ply);
        check_str(m->move, sizeof m->move, 1, "move");
        break;
    default: break;
    }
}

int fuzz_proto_one(const uint8_t *data, size_t size)
{
    /* A heap copy of exactly size bytes: ASan catches a read past the frame. */
    char *buf = malloc(size ? size : 1);
    if (!buf)
        abort();
    memcpy(buf, data, size);
    proto_msg *m = malloc(2 * sizeof *m);
    if (!m)
        abort();
    memset(m, 0xA5, 2 * sizeof *m);
    proto_err err, err2;
    int rc = proto_decode(buf, size, &m[0], &err);
    int rc2 = proto_decode(buf, size, &m[1], &err2);
    FUZZ_CHECK(rc == rc2, "not deterministic: %d then %d", rc, rc2);
    if (rc == BH_OK) {
        check_msg(&m[0]);
        FUZZ_CHECK(m[0].type == m[1].type && m[0].id == m[1].id && m[0].game == m[1].game &&
                       m[0].action == m[1].action && m[0].tournament == m[1].tournament,
                   "two decodes differ");
    } else {
        FUZZ_CHECK(rc == BH_ELIMIT || rc == BH_EJSON || rc == BH_EFIELD || rc == BH_ETYPE ||
                       rc == BH_ETEXT,
                   "undocumented code %d", rc);
        FUZZ_CHECK(strnlen(err.field, sizeof err.field) < sizeof err.field, "field");
        FUZZ_CHECK(!err.has_id || (err.id >= 0 && err.id <= PROTO_ID_MAX), "err id");
    }
    free(m);
    free(buf);
    return 0;
}

BH_FUZZ_EXPORT(fuzz_proto_one)
