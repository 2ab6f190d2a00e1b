/* fuzz_league.c: proto_league_decode (the league_* messages of issue 16) on arbitrary bytes,
 * with the contracts of a decoded message (proto_league.h).
 * SPDX-License-Identifier: MIT
 * The input is one frame (not NUL-terminated). A rejected frame returns one of the documented
 * codes with a NUL-terminated err->field (BH_ETYPE: not a league type, proto_decode's); an
 * accepted one has a known type, an id and a league in range, NUL-terminated strings within
 * their limits, each valid UTF-8 without control characters, a game key 0-based within the
 * wire's ranges, a roster of 1..PLEAGUE_PLAYERS_MAX players, instants within
 * 0..PLEAGUE_INSTANT_MAX_MS. Decoding is deterministic: the same frame decodes to the same bytes
 * (a roster, out of line, to the same players). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "fuzz.h"
#include "fuzz_decode.h"
#include "proto.h"
#include "proto_league.h"
#include "utf8.h"

static void check_range(int64_t v, int64_t lo, int64_t hi, const char *what)
{
    FUZZ_CHECK(v >= lo && v <= hi, "%s %lld not in %lld..%lld", what, (long long)v, (long long)lo,
               (long long)hi);
}

static void check_key(const pleague_key *k)
{
    check_range(k->stage, 1, 4, "stage");
    check_range(k->match, 0, 511, "match");
    check_range(k->board, 0, PLEAGUE_BOARDS_MAX - 1, "board");
    check_range(k->game, 0, 1, "game");
}

static void check_roster(const pleague_team *t)
{
    check_range(t->n_players, 1, PLEAGUE_PLAYERS_MAX, "players");
    for (int i = 0; i < t->n_players; i++) {
        check_range(t->players[i].id, 1, INT32_MAX, "player id");
        check_range(t->players[i].rating, 0, 4000, "rating");
        fuzz_check_str(t->players[i].name, sizeof t->players[i].name, 1, "player name");
    }
}

static void check_create(const pleague_create *c)
{
    fuzz_check_str(c->name, sizeof c->name, 1, "name");
    fuzz_check_str(c->ruleset, sizeof c->ruleset, 0, "ruleset");
    FUZZ_CHECK(c->teams == -1 || (c->teams >= 4 && c->teams <= PLEAGUE_TEAMS_MAX), "teams %d",
               c->teams);
    FUZZ_CHECK(c->groups == -1 || c->groups == 2 || c->groups == 4, "groups %d", c->groups);
    FUZZ_CHECK(c->boards == -1 || (c->boards >= 1 && c->boards <= PLEAGUE_BOARDS_MAX), "boards %d",
               c->boards);
    FUZZ_CHECK(c->first_valid_ms == -1 ||
                   (c->first_valid_ms >= 1 && c->first_valid_ms <= PLEAGUE_VALID_MAX_MS),
               "first_valid_ms");
    FUZZ_CHECK(c->second_valid_ms == -1 ||
                   (c->second_valid_ms >= 1 && c->second_valid_ms <= PLEAGUE_VALID_MAX_MS),
               "second_valid_ms");
}

static void check_msg(const pleague_msg *m)
{
    FUZZ_CHECK((unsigned)m->type < PLEAGUE_TYPE_COUNT_ && proto_league_type_name(m->type),
               "type %d", (int)m->type);
    check_range(m->id, 0, PROTO_ID_MAX, "id");
    if (m->type != PLEAGUE_CREATE)
        check_range(m->league, 1, PROTO_ID_MAX, "league");
    const pleague_game *g = &m->game;
    switch (m->type) {
    case PLEAGUE_CREATE: check_create(&m->create); break;
    case PLEAGUE_TEAM:
        fuzz_check_str(m->team.name, sizeof m->team.name, 1, "team name");
        check_range(m->team.captain, 1, INT32_MAX, "captain");
        check_roster(&m->team);
        break;
    case PLEAGUE_ROSTER:
        check_range(m->team.team, 1, PROTO_ID_MAX, "team");
        check_roster(&m->team);
        break;
    case PLEAGUE_SEND:
    case PLEAGUE_COUNTER:
        check_range(g->start_ms, 0, PLEAGUE_INSTANT_MAX_MS, "start_ms");
        /* fall through */
    case PLEAGUE_ACCEPT:
    case PLEAGUE_TC:
        fuzz_check_str(g->token, sizeof g->token, 1, "token");
        check_key(&g->key);
        break;
    case PLEAGUE_SUBSTITUTE:
        fuzz_check_str(g->token, sizeof g->token, 1, "token");
        check_key(&g->key);
        check_range(g->player, 1, INT32_MAX, "player");
        break;
    case PLEAGUE_EXTEND:
        check_key(&g->key);
        check_range(g->deadline_ms, 1, PLEAGUE_INSTANT_MAX_MS, "deadline_ms");
        break;
    case PLEAGUE_RESULT:
        check_key(&g->key);
        fuzz_check_str(g->result, sizeof g->result, 2, "result");
        break;
    case PLEAGUE_LOT:
        check_range(m->lot.match, 0, 6, "lot match");
        check_range(m->lot.winner, 0, 1, "lot winner");
        break;
    case PLEAGUE_NOTICES:
        fuzz_check_str(m->notices.token, sizeof m->notices.token, 1, "token");
        check_range(m->notices.since, 0, PROTO_ID_MAX, "since");
        break;
    case PLEAGUE_EXPORT:
        FUZZ_CHECK(strcmp(m->what, "tables") == 0 || strcmp(m->what, "bracket") == 0 ||
                       strcmp(m->what, "fixtures") == 0 || strcmp(m->what, "trf") == 0,
                   "what %.16s", m->what);
        break;
    default: break;
    }
}

/* Two decodes of one frame are the same message: the same bytes, a roster's players (out of
 * line) compared by value. */
static bool same_msg(const pleague_msg *a, const pleague_msg *b)
{
    bool roster = a->type == PLEAGUE_TEAM || a->type == PLEAGUE_ROSTER;
    pleague_msg x, y;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    if (roster)
        x.team.players = y.team.players = NULL;
    return memcmp(&x, &y, sizeof x) == 0 &&
           (!roster || memcmp(a->team.players, b->team.players,
                              (size_t)a->team.n_players * sizeof *a->team.players) == 0);
}

static int decode(const char *buf, size_t len, void *out, proto_err *err)
{
    return proto_league_decode(buf, len, out, err);
}

static void check(const void *m)
{
    check_msg(m);
}

static bool same(const void *a, const void *b)
{
    return same_msg(a, b);
}

static void release(void *m)
{
    proto_league_msg_free(m);
}

int fuzz_league_one(const uint8_t *data, size_t size)
{
    static const fuzz_decoder d = {sizeof(pleague_msg), decode, check, same, release};
    return fuzz_decode_twice(&d, data, size);
}

BH_FUZZ_EXPORT(fuzz_league_one)
