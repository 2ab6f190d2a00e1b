/* bh.h: error codes and small helpers shared by every module.
 * SPDX-License-Identifier: MIT
 * Errors are defined once in an X-macro (as libuv's UV_ERRNO_MAP): the C code uses the
 * negative BH_E* values, the wire carries the snake_case names from bh_errname(). */
#ifndef BH_BH_H
#define BH_BH_H

#include <stddef.h>

#define BH_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* X(NAME, wire name, message). Append only: numbers are never reused. */
#define BH_ERR_MAP(X)                                                                              \
    X(EINVAL, "invalid", "invalid argument")                                                       \
    X(ENOMEM, "no_memory", "out of memory")                                                        \
    X(ELIMIT, "too_large", "a size or count is over its limit")                                    \
    X(EPARSE, "parse_error", "input could not be parsed")                                          \
    X(EFEN, "bad_fen", "bad FEN")                                                                  \
    X(EMOVE, "bad_move", "move text could not be parsed")                                          \
    X(EILLEGAL, "illegal_move", "the move is not legal in this position")                          \
    X(EAMBIGUOUS, "ambiguous_move", "the move text matches more than one legal move")              \
    X(ESTATE, "bad_state", "the object is not in a state that allows this")                        \
    X(ETURN, "not_your_turn", "it is not this side's turn")                                        \
    X(ESEAT, "not_your_seat", "the seat is not the caller's")                                      \
    X(EOVER, "game_over", "the game or board has ended")                                           \
    X(ESTALE, "stale_ply", "the move was made for a ply that is not the current one")              \
    X(ENOTFOUND, "not_found", "no such object")                                                    \
    X(EEXIST, "exists", "the object exists already")                                               \
    X(EJSON, "bad_json", "the frame is not valid JSON")                                            \
    X(ETYPE, "unknown_type", "unknown message type")                                               \
    X(EFIELD, "missing_field", "a field is missing or has the wrong type")                         \
    X(EAUTH, "unauthorized", "missing or bad token")                                               \
    X(ERATE, "rate_limited", "too many messages")                                                  \
    X(ESTORE, "store_error", "the database failed")                                                \
    X(EIO, "io_error", "an I/O call failed")                                                       \
    X(EPAIR, "no_pairing", "no legal pairing exists")                                              \
    X(EREPLACED, "session_replaced", "a newer connection authenticated with the same token")       \
    X(ELATE, "too_late", "the deadline or window for this has passed")                             \
    X(EORDER, "board_order", "the line-up breaks the roster's fixed board order")                  \
    X(ESUBS, "too_many_changes", "more substitutions than a round allows")                         \
    X(ESHORT, "too_few_players", "fewer players than a match requires")                            \
    X(ENOTCAPTAIN, "not_captain", "only a team captain may do this")                               \
    X(EROUND, "wrong_round", "the game or line-up belongs to another round")                       \
    X(EDECIDED, "already_decided", "the matter was decided already")                               \
    X(ERATING, "rating_too_high", "the substitute is rated above the player replaced")             \
    X(ETEXT, "bad_text", "a string is not valid UTF-8 or holds a control character")               \
    X(ETHROTTLED, "replace_throttled", "the seat changed connections moments ago; retry later")    \
    X(EFENCED, "fenced", "this server node no longer owns the game or its lease")                  \
    X(EMOVED, "moved", "another server node runs this game: connect to that node")

enum {
    BH_OK = 0,
#define BH_ERR_ENUM(name, wire, msg) BH_##name,
    BH_ERR_FIRST_ = -1000,
    BH_ERR_MAP(BH_ERR_ENUM)
#undef BH_ERR_ENUM
        BH_ERR_LAST_
};

/* Wire name of an error code ("illegal_move"); "ok" for BH_OK, "unknown" for anything else.
 * The returned string is static. */
const char *bh_errname(int rc);

/* Human message of an error code; static string. */
const char *bh_strerror(int rc);

#endif
