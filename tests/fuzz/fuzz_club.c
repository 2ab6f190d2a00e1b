/* fuzz_club.c: proto_club_decode (the club_* messages of seed 004's round robin) on arbitrary
 * bytes, with the contracts of a decoded message (proto_club.h).
 * SPDX-License-Identifier: MIT
 * The input is one frame (not NUL-terminated). A rejected frame returns one of the documented
 * codes with a NUL-terminated err->field (BH_ETYPE: not a club type, proto_decode's); an
 * accepted one has a known type, an id and a club in range, NUL-terminated strings within
 * their limits, each valid UTF-8 without control characters (a protest's text and a decision's
 * reason may break lines), a game 0-based within the wire's ranges, a roster of
 * 1..PCLUB_PLAYERS_MAX players, a line-up of at most PCLUB_BOARDS_MAX ids and an attendance of
 * 1..PCLUB_ATTEND_MAX, every id positive. Decoding is deterministic: the same frame decodes to
 * the same message (its out-of-line parts compared by value). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "fuzz.h"
#include "fuzz_decode.h"
#include "proto.h"
#include "proto_club.h"
#include "utf8.h"

static void check_range(int64_t v, int64_t lo, int64_t hi, const char *what)
{
    FUZZ_CHECK(v >= lo && v <= hi, "%s %lld not in %lld..%lld", what, (long long)v, (long long)lo,
               (long long)hi);
}

/* -1 (absent: the event's default) or within lo..hi. */
static void check_opt(int64_t v, int64_t lo, int64_t hi, const char *what)
{
    if (v != -1)
        check_range(v, lo, hi, what);
}

/* A prose field: 1..max bytes of valid UTF-8 whose only control characters are line breaks. */
static void check_text(const char *s, size_t max, const char *what)
{
    FUZZ_CHECK(s != NULL, "%s missing", what);
    size_t n = strlen(s);
    FUZZ_CHECK(n >= 1 && n <= max, "%s of %zu bytes", what, n);
    FUZZ_CHECK(bh_utf8_valid(s, n, NULL), "%s is not valid UTF-8", what);
    for (size_t i = 0; i < n; i++)
        FUZZ_CHECK((unsigned char)s[i] >= 0x20 || s[i] == '\n' || s[i] == '\r',
                   "%s holds a control character", what);
}

static void check_game(int round, int match, int board)
{
    check_range(round, 1, 64, "round");
    check_range(match, 0, 63, "match");
    check_range(board, 0, PCLUB_BOARDS_MAX - 1, "board");
}

static void check_msg(const pclub_msg *m)
{
    FUZZ_CHECK((unsigned)m->type < PCLUB_TYPE_COUNT_ && proto_club_type_name(m->type), "type %d",
               (int)m->type);
    check_range(m->id, 0, PROTO_ID_MAX, "id");
    if (m->type != PCLUB_CREATE)
        check_range(m->club, 1, PROTO_ID_MAX, "club");
    switch (m->type) {
    case PCLUB_CREATE: {
        const pclub_create_in *c = &m->create;
        fuzz_check_str(c->name, sizeof c->name, 1, "name");
        check_opt(c->boards, 1, PCLUB_BOARDS_MAX, "boards");
        check_opt(c->reserves, 0, PCLUB_PLAYERS_MAX, "reserves");
        check_opt(c->max_subs, 0, PCLUB_PLAYERS_MAX, "max_subs");
        check_opt(c->min_players, 1, PCLUB_BOARDS_MAX, "min_players");
        check_opt(c->base_ms, 1000, PROTO_CLOCK_MAX_MS, "base_ms");
        check_opt(c->inc_ms, 0, PROTO_CLOCK_MAX_MS, "inc_ms");
        check_opt(c->wait_s, 0, 86400, "wait_s");
        check_opt(c->break_s, 0, 86400, "break_s");
        check_opt(c->protest_s, 0, 86400, "protest_s");
        check_opt(c->deposit, 0, 1000000000, "deposit");
        break;
    }
    case PCLUB_TEAM:
        if (m->team.team) /* 0: a new team */
            check_range(m->team.team, 1, PROTO_ID_MAX, "team");
        fuzz_check_str(m->team.name, sizeof m->team.name, 1, "team name");
        check_range(m->team.captain, 1, INT32_MAX, "captain");
        check_range(m->team.n_players, 1, PCLUB_PLAYERS_MAX, "players");
        for (int i = 0; i < m->team.n_players; i++) {
            const proto_player_in *p = &m->team.players[i];
            check_range(p->id, 1, INT32_MAX, "player id");
            check_range(p->rating, 0, 4000, "rating");
            fuzz_check_str(p->name, sizeof p->name, 1, "player name");
        }
        break;
    case PCLUB_TEAM_REMOVE: check_range(m->team.team, 1, PROTO_ID_MAX, "team"); break;
    case PCLUB_LINEUP:
        check_range(m->lineup.round, 1, 64, "round");
        if (m->lineup.team) /* 0: the captain's own team */
            check_range(m->lineup.team, 1, PROTO_ID_MAX, "team");
        check_range(m->lineup.n_ids, 0, PCLUB_BOARDS_MAX, "line-up");
        for (int i = 0; i < m->lineup.n_ids; i++)
            check_range(m->lineup.ids[i], 1, INT32_MAX, "line-up id");
        break;
    case PCLUB_RESULT:
        check_game(m->result.round, m->result.match, m->result.board);
        fuzz_check_str(m->result.result, sizeof m->result.result, 2, "result");
        break;
    case PCLUB_PROTEST:
        check_game(m->protest.round, m->protest.match, m->protest.board);
        check_range(m->protest.deposit, 0, 1000000000, "deposit");
        check_text(m->protest.text, PCLUB_TEXT_MAX, "text");
        break;
    case PCLUB_DECIDE:
        fuzz_check_str(m->decide.token, sizeof m->decide.token, 1, "token");
        check_range(m->decide.protest, 1, INT32_MAX, "protest");
        check_text(m->decide.reason, PCLUB_TEXT_MAX, "reason");
        if (m->decide.upheld)
            fuzz_check_str(m->decide.result, sizeof m->decide.result, 2, "result");
        break;
    case PCLUB_ATTEND:
        check_range(m->attend.round, 1, 64, "round");
        check_range(m->attend.n_attend, 1, PCLUB_ATTEND_MAX, "attendance");
        for (int i = 0; i < m->attend.n_attend; i++)
            check_range(m->attend.attend[i], 1, INT32_MAX, "attendance id");
        break;
    case PCLUB_EXPORT:
        FUZZ_CHECK(strcmp(m->what, "trf") == 0 || strcmp(m->what, "crosstable") == 0 ||
                       strcmp(m->what, "lineups") == 0,
                   "what %.16s", m->what);
        break;
    default: break; /* start, round_start, appeals, get: the club alone */
    }
}

/* Two decodes of one frame are the same message: the same bytes but for the out-of-line parts'
 * addresses, which hold the same values. */
static bool same_msg(const pclub_msg *a, const pclub_msg *b)
{
    pclub_msg x, y;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    switch (a->type) {
    case PCLUB_TEAM:
        x.team.players = y.team.players = NULL;
        return memcmp(&x, &y, sizeof x) == 0 &&
               memcmp(a->team.players, b->team.players,
                      (size_t)a->team.n_players * sizeof *a->team.players) == 0;
    case PCLUB_PROTEST:
        x.protest.text = y.protest.text = NULL;
        return memcmp(&x, &y, sizeof x) == 0 && strcmp(a->protest.text, b->protest.text) == 0;
    case PCLUB_DECIDE:
        x.decide.reason = y.decide.reason = NULL;
        return memcmp(&x, &y, sizeof x) == 0 && strcmp(a->decide.reason, b->decide.reason) == 0;
    case PCLUB_ATTEND:
        x.attend.attend = y.attend.attend = NULL;
        return memcmp(&x, &y, sizeof x) == 0 &&
               memcmp(a->attend.attend, b->attend.attend,
                      (size_t)a->attend.n_attend * sizeof *a->attend.attend) == 0;
    default: return memcmp(&x, &y, sizeof x) == 0;
    }
}

static int decode(const char *buf, size_t len, void *out, proto_err *err)
{
    return proto_club_decode(buf, len, out, err);
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
    proto_club_msg_free(m);
}

int fuzz_club_one(const uint8_t *data, size_t size)
{
    static const fuzz_decoder d = {sizeof(pclub_msg), decode, check, same, release};
    return fuzz_decode_twice(&d, data, size);
}

BH_FUZZ_EXPORT(fuzz_club_one)
