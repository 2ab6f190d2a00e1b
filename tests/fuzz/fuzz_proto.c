/* fuzz_proto.c: proto_decode on arbitrary bytes, with the contracts of a decoded message.
 * SPDX-License-Identifier: MIT
 * The input is one frame (not NUL-terminated). A rejected frame returns one of the documented
 * codes with a NUL-terminated err->field; an accepted one has a known type, an id in range,
 * NUL-terminated strings within their limits, each valid UTF-8 without control characters
 * (protocol/README.md "Strings"), and the documented values of its kind's own struct; a
 * signup's or login's password is wiped by proto_msg_free.
 * Decoding is deterministic: the same frame decodes to the same message. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "fuzz.h"
#include "proto.h"
#include "utf8.h"

static void check_id(int64_t v, int64_t lo, const char *what)
{
    FUZZ_CHECK(v >= lo && v <= PROTO_ID_MAX, "%s %lld", what, (long long)v);
}

/* The contracts of m's own struct (proto.h: one per kind). */
static void check_msg(const proto_msg *m)
{
    FUZZ_CHECK((unsigned)m->type < PROTO_TYPE_COUNT_ && proto_type_name(m->type), "type %d",
               (int)m->type);
    FUZZ_CHECK(m->id >= 0 && m->id <= PROTO_ID_MAX, "id %lld", (long long)m->id);
    switch (m->type) {
    case PROTO_AUTH: fuzz_check_str(m->auth.token, sizeof m->auth.token, 1, "token"); break;
    case PROTO_JOIN:
    case PROTO_RESIGN:
    case PROTO_GAME_START: check_id(m->join.game, 1, "game"); break;
    case PROTO_CHAT:
        check_id(m->chat.game, 1, "game");
        fuzz_check_str(m->chat.text, sizeof m->chat.text, 1, "text");
        break;
    case PROTO_ANNOUNCE: check_id(m->announce.team, 0, "team"); break; /* text may hold LF */
    case PROTO_TOURNAMENT_CREATE:
        fuzz_check_str(m->tournament_create.name, sizeof m->tournament_create.name, 1, "name");
        break;
    case PROTO_TEAM_REGISTER:
        fuzz_check_str(m->team_register.name, sizeof m->team_register.name, 1, "name");
        for (int i = 0; i < 2; i++)
            fuzz_check_str(m->team_register.players[i], sizeof m->team_register.players[i], 1,
                           "players");
        break;
    case PROTO_DRAW:
        check_id(m->draw.game, 1, "game");
        FUZZ_CHECK(m->draw.action >= PROTO_DRAW_OFFER && m->draw.action <= PROTO_DRAW_DECLINE,
                   "action %d", m->draw.action);
        break;
    case PROTO_CLAIM:
        check_id(m->claim.game, 1, "game");
        fuzz_check_str(m->claim.move, sizeof m->claim.move, 0, "move");
        break;
    case PROTO_GAME_PAUSE: check_id(m->game_pause.game, 1, "game"); break;
    case PROTO_GAME2_COLORS: check_id(m->game2_colors.game, 1, "game"); break;
    case PROTO_GAME_RESULT: {
        const proto_game_result *x = &m->game_result;
        check_id(x->game, 1, "game");
        fuzz_check_str(x->result, sizeof x->result, 1, "result");
        FUZZ_CHECK(strcmp(x->result, "1-0") == 0 || strcmp(x->result, "0-1") == 0 ||
                       strcmp(x->result, "1/2-1/2") == 0,
                   "result %s", x->result);
        fuzz_check_str(x->reason, sizeof x->reason, 1, "reason");
        break;
    }
    case PROTO_TEAM_WITHDRAW:
        check_id(m->team_withdraw.tournament, 1, "tournament");
        check_id(m->team_withdraw.team, 1, "team");
        break;
    case PROTO_ROUND_PAIR: {
        const proto_round_pair *x = &m->round_pair;
        check_id(x->tournament, 1, "tournament");
        FUZZ_CHECK(x->n_pairs >= 0 && x->n_pairs <= PROTO_PAIRS_MAX && (x->hand || !x->n_pairs),
                   "n_pairs %d", x->n_pairs);
        for (int i = 0; i < x->n_pairs; i++) {
            check_id(x->pairs[i][0], 1, "pairs team");
            check_id(x->pairs[i][1], 0, "pairs team or bye");
        }
        break;
    }
    case PROTO_ROUND_START: check_id(m->round_start.tournament, 1, "tournament"); break;
    case PROTO_EXPORT: {
        const proto_export *x = &m->export_;
        FUZZ_CHECK(x->format == PROTO_EXPORT_BPGN  ? x->game >= 1 && x->game <= PROTO_ID_MAX
                   : x->format == PROTO_EXPORT_TRF ? x->tournament >= 1
                                                   : false,
                   "export %d game %lld tournament %lld", x->format, (long long)x->game,
                   (long long)x->tournament);
        break;
    }
    case PROTO_MOVE:
        check_id(m->move.game, 1, "game");
        FUZZ_CHECK(m->move.board == 0 || m->move.board == 1, "board %d", m->move.board);
        FUZZ_CHECK(m->move.ply >= 0 && m->move.ply <= PROTO_PLY_MAX, "ply %d", m->move.ply);
        fuzz_check_str(m->move.move, sizeof m->move.move, 1, "move");
        break;
    case PROTO_SIGNUP:
    case PROTO_LOGIN:
        fuzz_check_str(m->login.name, sizeof m->login.name, 1, "name");
        fuzz_check_str(m->login.password, sizeof m->login.password, 1, "password");
        break;
    case PROTO_GUEST: fuzz_check_str(m->guest.name, sizeof m->guest.name, 1, "name"); break;
    default: break;
    }
}

/* After proto_msg_free a signup's or login's password is zero bytes, every one. */
static void check_wiped(const proto_msg *m)
{
    if (m->type != PROTO_SIGNUP && m->type != PROTO_LOGIN)
        return;
    for (size_t i = 0; i < sizeof m->login.password; i++)
        FUZZ_CHECK(m->login.password[i] == 0, "password byte %zu not wiped", i);
}

/* Two decodes of one frame are the same message (a hand pairing's pairs compared by value). */
static bool same_msg(const proto_msg *a, const proto_msg *b)
{
    if (a->type != b->type || a->id != b->id)
        return false;
    if (a->type != PROTO_ROUND_PAIR)
        return memcmp(&a->auth, &b->auth, sizeof *a - offsetof(proto_msg, auth)) == 0;
    const proto_round_pair *x = &a->round_pair, *y = &b->round_pair;
    return x->tournament == y->tournament && x->allow_rematch == y->allow_rematch &&
           x->hand == y->hand && x->n_pairs == y->n_pairs &&
           (!x->n_pairs || memcmp(x->pairs, y->pairs, (size_t)x->n_pairs * sizeof *x->pairs) == 0);
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
        FUZZ_CHECK(same_msg(&m[0], &m[1]), "two decodes differ");
        proto_msg_free(&m[0]);
        proto_msg_free(&m[1]);
        check_wiped(&m[0]);
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
