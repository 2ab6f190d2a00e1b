/* proto_names.h: the wire name of every client message kind, by its enum constant.
 * SPDX-License-Identifier: MIT
 * Written by protocol/gen.py from its message table, the one source of the documents in
 * protocol/messages/: do not edit (python3 protocol/gen.py rewrites it; the ctest
 * protocol_docs_current fails while it differs). */
#ifndef BH_PROTO_NAMES_H
#define BH_PROTO_NAMES_H

/* The layout is gen.py's (aligned columns): tools/format.sh leaves it as it is. */
/* clang-format off */

/* PROTO_WIRE(kind): the wire name of one kind, a string literal (a constant expression,
 * for static tables): PROTO_WIRE(PROTO_MOVE) is "move". */
#define PROTO_WIRE(kind) PROTO_WIRE_##kind
#define PROTO_WIRE_PROTO_AUTH              "auth"
#define PROTO_WIRE_PROTO_JOIN              "join"
#define PROTO_WIRE_PROTO_MOVE              "move"
#define PROTO_WIRE_PROTO_PREMOVE_CANCEL    "premove_cancel"
#define PROTO_WIRE_PROTO_RESIGN            "resign"
#define PROTO_WIRE_PROTO_DRAW              "draw"
#define PROTO_WIRE_PROTO_CLAIM             "claim"
#define PROTO_WIRE_PROTO_CHAT              "chat"
#define PROTO_WIRE_PROTO_PING              "ping"
#define PROTO_WIRE_PROTO_TOURNAMENT_CREATE "tournament_create"
#define PROTO_WIRE_PROTO_TEAM_REGISTER     "team_register"
#define PROTO_WIRE_PROTO_TOURNAMENT_START  "tournament_start"
#define PROTO_WIRE_PROTO_TOURNAMENT_PAUSE  "tournament_pause"
#define PROTO_WIRE_PROTO_GAME2_COLORS      "game2_colors"
#define PROTO_WIRE_PROTO_TOURNAMENT_GET    "tournament_get"
#define PROTO_WIRE_PROTO_GAME_CREATE       "game_create"
#define PROTO_WIRE_PROTO_GAME_START        "game_start"
#define PROTO_WIRE_PROTO_GAMES             "games"
#define PROTO_WIRE_PROTO_GAME_PAUSE        "game_pause"
#define PROTO_WIRE_PROTO_GAME_RESULT       "game_result"
#define PROTO_WIRE_PROTO_TEAM_WITHDRAW     "team_withdraw"
#define PROTO_WIRE_PROTO_RESULT_LOG        "result_log"
#define PROTO_WIRE_PROTO_TEAM_REMOVE       "team_remove"
#define PROTO_WIRE_PROTO_BYE_REQUEST       "bye_request"
#define PROTO_WIRE_PROTO_ROUND_SCHEDULE    "round_schedule"
#define PROTO_WIRE_PROTO_ROUND_PAIR        "round_pair"
#define PROTO_WIRE_PROTO_ROUND_START       "round_start"
#define PROTO_WIRE_PROTO_EXPORT            "export"
#define PROTO_WIRE_PROTO_TEAM_TOKEN        "team_token"
#define PROTO_WIRE_PROTO_ANNOUNCE          "announce"
#define PROTO_WIRE_PROTO_LIVE              "live"
#define PROTO_WIRE_PROTO_SIGNUP            "signup"
#define PROTO_WIRE_PROTO_LOGIN             "login"
#define PROTO_WIRE_PROTO_LOGOUT            "logout"
#define PROTO_WIRE_PROTO_GUEST             "guest"
#define PROTO_WIRE_PROTO_ENTRY_LINK        "entry_link"
#define PROTO_WIRE_PROTO_LOBBY             "lobby"
#define PROTO_WIRE_PROTO_TABLE             "table"
#define PROTO_WIRE_PROTO_RATING            "rating"
#define PROTO_WIRE_PROTO_PROFILE           "profile"
#define PROTO_WIRE_PCLUB_CREATE            "club_create"
#define PROTO_WIRE_PCLUB_TEAM              "club_team"
#define PROTO_WIRE_PCLUB_TEAM_REMOVE       "club_team_remove"
#define PROTO_WIRE_PCLUB_START             "club_start"
#define PROTO_WIRE_PCLUB_LINEUP            "club_lineup"
#define PROTO_WIRE_PCLUB_ROUND_START       "club_round_start"
#define PROTO_WIRE_PCLUB_RESULT            "club_result"
#define PROTO_WIRE_PCLUB_PROTEST           "club_protest"
#define PROTO_WIRE_PCLUB_APPEALS           "club_appeals"
#define PROTO_WIRE_PCLUB_DECIDE            "club_decide"
#define PROTO_WIRE_PCLUB_GET               "club_get"
#define PROTO_WIRE_PCLUB_EXPORT            "club_export"
#define PROTO_WIRE_PCLUB_ATTEND            "club_attend"
#define PROTO_WIRE_PLEAGUE_CREATE          "league_create"
#define PROTO_WIRE_PLEAGUE_TEAM            "league_team"
#define PROTO_WIRE_PLEAGUE_TEAM_REMOVE     "league_team_remove"
#define PROTO_WIRE_PLEAGUE_ROSTER          "league_roster"
#define PROTO_WIRE_PLEAGUE_START           "league_start"
#define PROTO_WIRE_PLEAGUE_STAGE_START     "league_stage_start"
#define PROTO_WIRE_PLEAGUE_GET             "league_get"
#define PROTO_WIRE_PLEAGUE_SEND            "league_send"
#define PROTO_WIRE_PLEAGUE_ACCEPT          "league_accept"
#define PROTO_WIRE_PLEAGUE_COUNTER         "league_counter"
#define PROTO_WIRE_PLEAGUE_TC              "league_tc"
#define PROTO_WIRE_PLEAGUE_SUBSTITUTE      "league_substitute"
#define PROTO_WIRE_PLEAGUE_EXTEND          "league_extend"
#define PROTO_WIRE_PLEAGUE_RESULT          "league_result"
#define PROTO_WIRE_PLEAGUE_LOT             "league_lot"
#define PROTO_WIRE_PLEAGUE_NOTICES         "league_notices"
#define PROTO_WIRE_PLEAGUE_EXPORT          "league_export"

/* X(kind, wire name) for each kind of proto.h proto_type: the core's kinds. */
#define PROTO_C2S_TYPES(X)                                         \
    X(PROTO_AUTH, PROTO_WIRE_PROTO_AUTH)                           \
    X(PROTO_JOIN, PROTO_WIRE_PROTO_JOIN)                           \
    X(PROTO_MOVE, PROTO_WIRE_PROTO_MOVE)                           \
    X(PROTO_PREMOVE_CANCEL, PROTO_WIRE_PROTO_PREMOVE_CANCEL)       \
    X(PROTO_RESIGN, PROTO_WIRE_PROTO_RESIGN)                       \
    X(PROTO_DRAW, PROTO_WIRE_PROTO_DRAW)                           \
    X(PROTO_CLAIM, PROTO_WIRE_PROTO_CLAIM)                         \
    X(PROTO_CHAT, PROTO_WIRE_PROTO_CHAT)                           \
    X(PROTO_PING, PROTO_WIRE_PROTO_PING)                           \
    X(PROTO_TOURNAMENT_CREATE, PROTO_WIRE_PROTO_TOURNAMENT_CREATE) \
    X(PROTO_TEAM_REGISTER, PROTO_WIRE_PROTO_TEAM_REGISTER)         \
    X(PROTO_TOURNAMENT_START, PROTO_WIRE_PROTO_TOURNAMENT_START)   \
    X(PROTO_TOURNAMENT_PAUSE, PROTO_WIRE_PROTO_TOURNAMENT_PAUSE)   \
    X(PROTO_GAME2_COLORS, PROTO_WIRE_PROTO_GAME2_COLORS)           \
    X(PROTO_TOURNAMENT_GET, PROTO_WIRE_PROTO_TOURNAMENT_GET)       \
    X(PROTO_GAME_CREATE, PROTO_WIRE_PROTO_GAME_CREATE)             \
    X(PROTO_GAME_START, PROTO_WIRE_PROTO_GAME_START)               \
    X(PROTO_GAMES, PROTO_WIRE_PROTO_GAMES)                         \
    X(PROTO_GAME_PAUSE, PROTO_WIRE_PROTO_GAME_PAUSE)               \
    X(PROTO_GAME_RESULT, PROTO_WIRE_PROTO_GAME_RESULT)             \
    X(PROTO_TEAM_WITHDRAW, PROTO_WIRE_PROTO_TEAM_WITHDRAW)         \
    X(PROTO_RESULT_LOG, PROTO_WIRE_PROTO_RESULT_LOG)               \
    X(PROTO_TEAM_REMOVE, PROTO_WIRE_PROTO_TEAM_REMOVE)             \
    X(PROTO_BYE_REQUEST, PROTO_WIRE_PROTO_BYE_REQUEST)             \
    X(PROTO_ROUND_SCHEDULE, PROTO_WIRE_PROTO_ROUND_SCHEDULE)       \
    X(PROTO_ROUND_PAIR, PROTO_WIRE_PROTO_ROUND_PAIR)               \
    X(PROTO_ROUND_START, PROTO_WIRE_PROTO_ROUND_START)             \
    X(PROTO_EXPORT, PROTO_WIRE_PROTO_EXPORT)                       \
    X(PROTO_TEAM_TOKEN, PROTO_WIRE_PROTO_TEAM_TOKEN)               \
    X(PROTO_ANNOUNCE, PROTO_WIRE_PROTO_ANNOUNCE)                   \
    X(PROTO_LIVE, PROTO_WIRE_PROTO_LIVE)                           \
    X(PROTO_SIGNUP, PROTO_WIRE_PROTO_SIGNUP)                       \
    X(PROTO_LOGIN, PROTO_WIRE_PROTO_LOGIN)                         \
    X(PROTO_LOGOUT, PROTO_WIRE_PROTO_LOGOUT)                       \
    X(PROTO_GUEST, PROTO_WIRE_PROTO_GUEST)                         \
    X(PROTO_ENTRY_LINK, PROTO_WIRE_PROTO_ENTRY_LINK)               \
    X(PROTO_LOBBY, PROTO_WIRE_PROTO_LOBBY)                         \
    X(PROTO_TABLE, PROTO_WIRE_PROTO_TABLE)                         \
    X(PROTO_RATING, PROTO_WIRE_PROTO_RATING)                       \
    X(PROTO_PROFILE, PROTO_WIRE_PROTO_PROFILE)

/* X(kind, wire name) for each kind of proto_club.h pclub_type: the club round robin's. */
#define PCLUB_C2S_TYPES(X)                             \
    X(PCLUB_CREATE, PROTO_WIRE_PCLUB_CREATE)           \
    X(PCLUB_TEAM, PROTO_WIRE_PCLUB_TEAM)               \
    X(PCLUB_TEAM_REMOVE, PROTO_WIRE_PCLUB_TEAM_REMOVE) \
    X(PCLUB_START, PROTO_WIRE_PCLUB_START)             \
    X(PCLUB_LINEUP, PROTO_WIRE_PCLUB_LINEUP)           \
    X(PCLUB_ROUND_START, PROTO_WIRE_PCLUB_ROUND_START) \
    X(PCLUB_RESULT, PROTO_WIRE_PCLUB_RESULT)           \
    X(PCLUB_PROTEST, PROTO_WIRE_PCLUB_PROTEST)         \
    X(PCLUB_APPEALS, PROTO_WIRE_PCLUB_APPEALS)         \
    X(PCLUB_DECIDE, PROTO_WIRE_PCLUB_DECIDE)           \
    X(PCLUB_GET, PROTO_WIRE_PCLUB_GET)                 \
    X(PCLUB_EXPORT, PROTO_WIRE_PCLUB_EXPORT)           \
    X(PCLUB_ATTEND, PROTO_WIRE_PCLUB_ATTEND)

/* X(kind, wire name) for each kind of proto_league.h pleague_type: the league's. */
#define PLEAGUE_C2S_TYPES(X)                               \
    X(PLEAGUE_CREATE, PROTO_WIRE_PLEAGUE_CREATE)           \
    X(PLEAGUE_TEAM, PROTO_WIRE_PLEAGUE_TEAM)               \
    X(PLEAGUE_TEAM_REMOVE, PROTO_WIRE_PLEAGUE_TEAM_REMOVE) \
    X(PLEAGUE_ROSTER, PROTO_WIRE_PLEAGUE_ROSTER)           \
    X(PLEAGUE_START, PROTO_WIRE_PLEAGUE_START)             \
    X(PLEAGUE_STAGE_START, PROTO_WIRE_PLEAGUE_STAGE_START) \
    X(PLEAGUE_GET, PROTO_WIRE_PLEAGUE_GET)                 \
    X(PLEAGUE_SEND, PROTO_WIRE_PLEAGUE_SEND)               \
    X(PLEAGUE_ACCEPT, PROTO_WIRE_PLEAGUE_ACCEPT)           \
    X(PLEAGUE_COUNTER, PROTO_WIRE_PLEAGUE_COUNTER)         \
    X(PLEAGUE_TC, PROTO_WIRE_PLEAGUE_TC)                   \
    X(PLEAGUE_SUBSTITUTE, PROTO_WIRE_PLEAGUE_SUBSTITUTE)   \
    X(PLEAGUE_EXTEND, PROTO_WIRE_PLEAGUE_EXTEND)           \
    X(PLEAGUE_RESULT, PROTO_WIRE_PLEAGUE_RESULT)           \
    X(PLEAGUE_LOT, PROTO_WIRE_PLEAGUE_LOT)                 \
    X(PLEAGUE_NOTICES, PROTO_WIRE_PLEAGUE_NOTICES)         \
    X(PLEAGUE_EXPORT, PROTO_WIRE_PLEAGUE_EXPORT)

/* clang-format on */

#endif
