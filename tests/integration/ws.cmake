# WebSocket integration tests: each starts bughouse-server on 127.0.0.1 (kernel-chosen port,
# temp database) and drives it with bh_wsclient connections.
foreach(t test_ws_play test_ws_hostile test_ws_recovery test_ws_idle test_ws_limits test_ws_shell
        test_ws_chat)
  if(EXISTS ${CMAKE_CURRENT_LIST_DIR}/${t}.c)
    bh_add_test(${t} SOURCES ${CMAKE_CURRENT_LIST_DIR}/${t}.c
                LIBS bh_wsclient bh_store bh_game LABELS integration TIMEOUT 60)
    target_include_directories(${t} PRIVATE ${CMAKE_CURRENT_LIST_DIR})
    set_tests_properties(${t} PROPERTIES ENVIRONMENT "BH_SERVER=$<TARGET_FILE:bughouse-server>")
    add_dependencies(${t} bughouse-server)
  endif()
endforeach()

# Pairing off the loop (issue 14 item 3): a server on a deep Swiss (test_ws_pairing.c).
bh_add_test(test_ws_pairing SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ws_pairing.c
            ${CMAKE_CURRENT_LIST_DIR}/tour_db.c
            LIBS bh_wsclient bh_store bh_runner LABELS integration ARGS shutdown TIMEOUT 120)
target_include_directories(test_ws_pairing PRIVATE ${CMAKE_CURRENT_LIST_DIR})
set_tests_properties(test_ws_pairing PROPERTIES ENVIRONMENT "BH_SERVER=$<TARGET_FILE:bughouse-server>")
add_dependencies(test_ws_pairing bughouse-server)
# Its case budget_spent_pauses: the time budget (issue 30 item 4) over the same deep round.
add_test(NAME test_ws_pairing_budget COMMAND test_ws_pairing budget
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(test_ws_pairing_budget PROPERTIES LABELS integration TIMEOUT 300
  ENVIRONMENT "BH_SERVER=$<TARGET_FILE:bughouse-server>")
# Its case slow_deep_pairs (the deep pairing runs to its end: about 40 s in a release build,
# minutes under ASan) is run by hand: BH_SERVER=build/release/server/bughouse-server
# build/release/tests/test_ws_pairing slow_deep_pairs.
# test_ws_shell runs bughouse-bot too (a replaced seat is given up, issue 13 item 1).
if(EXISTS ${CMAKE_SOURCE_DIR}/clients/bot/bot_main.c)
  set_tests_properties(test_ws_shell PROPERTIES ENVIRONMENT
    "BH_SERVER=$<TARGET_FILE:bughouse-server>;BH_BOT=$<TARGET_FILE:bughouse-bot>")
  add_dependencies(test_ws_shell bughouse-bot)
endif()
# issue 13 item 2: every string field at its limit in every output, checked with iconv.
bh_add_test(test_ws_utf8 SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ws_utf8.c
            LIBS bh_wsclient PkgConfig::CJSON LABELS integration TIMEOUT 60)
target_include_directories(test_ws_utf8 PRIVATE ${CMAKE_CURRENT_LIST_DIR})
set_tests_properties(test_ws_utf8 PROPERTIES ENVIRONMENT "BH_SERVER=$<TARGET_FILE:bughouse-server>")
add_dependencies(test_ws_utf8 bughouse-server)

# The club round robin of seed 004 over real sockets with a SIGKILL (issue 15, test_ws_club.c).
bh_add_test(test_ws_club SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ws_club.c
            LIBS bh_wsclient bh_store bh_runner LABELS integration TIMEOUT 120)
target_include_directories(test_ws_club PRIVATE ${CMAKE_CURRENT_LIST_DIR})
set_tests_properties(test_ws_club PROPERTIES ENVIRONMENT "BH_SERVER=$<TARGET_FILE:bughouse-server>")
add_dependencies(test_ws_club bughouse-server)
# Tokens do not pile up (issue 13 item 10): 300 team logins leave the tokens table as it was.
bh_add_test(test_ws_tokens SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ws_tokens.c
            LIBS bh_wsclient SQLite::SQLite3 LABELS integration TIMEOUT 120)
target_include_directories(test_ws_tokens PRIVATE ${CMAKE_CURRENT_LIST_DIR})
set_tests_properties(test_ws_tokens PROPERTIES ENVIRONMENT "BH_SERVER=$<TARGET_FILE:bughouse-server>")
add_dependencies(test_ws_tokens bughouse-server)

# issue 15: the bot pool plays a hosted chess game, Fairy-Stockfish (UCI_Variant chess)
# against random moves (test_ws_chess_bot.c; skipped without fairy-stockfish).
if(EXISTS ${CMAKE_SOURCE_DIR}/clients/bot/bot.c)
  bh_add_test(test_ws_chess_bot SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ws_chess_bot.c
              LIBS bh_bot bh_wsclient LABELS integration TIMEOUT 120)
  target_include_directories(test_ws_chess_bot PRIVATE ${CMAKE_CURRENT_LIST_DIR})
  set_tests_properties(test_ws_chess_bot PROPERTIES SKIP_RETURN_CODE 77
                       ENVIRONMENT "BH_SERVER=$<TARGET_FILE:bughouse-server>")
  add_dependencies(test_ws_chess_bot bughouse-server)
endif()
# The league of seed 003 over real sockets with a SIGKILL in a challenge window (issue 16,
# test_ws_league.c).
bh_add_test(test_ws_league SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ws_league.c
            LIBS bh_wsclient bh_core PkgConfig::CJSON LABELS integration TIMEOUT 120)
target_include_directories(test_ws_league PRIVATE ${CMAKE_CURRENT_LIST_DIR})
set_tests_properties(test_ws_league PROPERTIES ENVIRONMENT "BH_SERVER=$<TARGET_FILE:bughouse-server>")
add_dependencies(test_ws_league bughouse-server)
# The league attacked as a hostile client would: typed errors, state unchanged, kill -9
# (test_ws_league_hostile.c).
bh_add_test(test_ws_league_hostile SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ws_league_hostile.c
            LIBS bh_wsclient bh_core PkgConfig::CJSON LABELS integration TIMEOUT 60)
target_include_directories(test_ws_league_hostile PRIVATE ${CMAKE_CURRENT_LIST_DIR})
set_tests_properties(test_ws_league_hostile PROPERTIES
                     ENVIRONMENT "BH_SERVER=$<TARGET_FILE:bughouse-server>")
add_dependencies(test_ws_league_hostile bughouse-server)

# The league's pushes under load (issue 16 at full size, issue 14: the loop never stalls):
# coalesced, the last equal to league_get's reply (test_ws_league_push.c; BH_PUSH_SUBS and
# BH_PUSH_SENDS scale it for a measurement).
bh_add_test(test_ws_league_push SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ws_league_push.c
            LIBS bh_wsclient bh_core PkgConfig::CJSON LABELS integration TIMEOUT 120)
target_include_directories(test_ws_league_push PRIVATE ${CMAKE_CURRENT_LIST_DIR})
set_tests_properties(test_ws_league_push PROPERTIES ENVIRONMENT "BH_SERVER=$<TARGET_FILE:bughouse-server>")
add_dependencies(test_ws_league_push bughouse-server)
# Accounts: sign-up, login, sessions across a restart, expiry, revocation, rate limits.
bh_add_test(test_ws_accounts SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ws_accounts.c
            LIBS bh_wsclient SQLite::SQLite3 LABELS integration TIMEOUT 120)
target_include_directories(test_ws_accounts PRIVATE ${CMAKE_CURRENT_LIST_DIR})
set_tests_properties(test_ws_accounts PROPERTIES ENVIRONMENT "BH_SERVER=$<TARGET_FILE:bughouse-server>")
add_dependencies(test_ws_accounts bughouse-server)

# The CECP bridge (clients/bot/bot_cecp.c): Sjeng and Fairy-Stockfish bots as partners, and
# fake engines that crash, hang or print garbage (test_ws_cecp.c, cecp_fake.sh; it fails
# without the engines, which scripts/deps.sh installs).
if(EXISTS ${CMAKE_SOURCE_DIR}/clients/bot/bot_cecp.c)
  bh_add_test(test_ws_cecp SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ws_cecp.c
              LIBS bh_wsclient LABELS integration slow TIMEOUT 400)
  target_include_directories(test_ws_cecp PRIVATE ${CMAKE_CURRENT_LIST_DIR})
  set_tests_properties(test_ws_cecp PROPERTIES ENVIRONMENT
    "BH_SERVER=$<TARGET_FILE:bughouse-server>;BH_BOT=$<TARGET_FILE:bughouse-bot>;BH_CECP_FAKE=${CMAKE_CURRENT_LIST_DIR}/cecp_fake.sh")
  add_dependencies(test_ws_cecp bughouse-server bughouse-bot)
endif()

# The Python bot of docs/bots.md plays a whole game against random bots (test_ws_python_bot.c;
# it fails without python3-websockets or fairy-stockfish, which scripts/deps.sh installs).
if(EXISTS ${CMAKE_SOURCE_DIR}/clients/bot/python/bughouse_bot.py)
  bh_add_test(test_ws_python_bot SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ws_python_bot.c
              LIBS bh_wsclient LABELS integration TIMEOUT 240)
  target_include_directories(test_ws_python_bot PRIVATE ${CMAKE_CURRENT_LIST_DIR})
  set_tests_properties(test_ws_python_bot PROPERTIES ENVIRONMENT
    "BH_SERVER=$<TARGET_FILE:bughouse-server>;BH_BOT=$<TARGET_FILE:bughouse-bot>;BH_PYBOT=${CMAKE_SOURCE_DIR}/clients/bot/python/bughouse_bot.py")
  add_dependencies(test_ws_python_bot bughouse-server bughouse-bot)
endif()

# The same cases with the server on PostgreSQL (--db postgres://...): pg_cluster.sh starts a
# throwaway server and sets BH_TEST_PG, which itest_init uses (it fails without the
# PostgreSQL binaries): the recovery cases (SIGKILL, restart on the same database), a Swiss
# tournament, a club event, a league and the accounts.
foreach(t test_ws_recovery test_ws_tour test_ws_club test_ws_league test_ws_accounts)
  add_test(NAME ${t}_pg
           COMMAND ${CMAKE_SOURCE_DIR}/tests/integration/pg_cluster.sh $<TARGET_FILE:${t}>)
  set_tests_properties(${t}_pg PROPERTIES LABELS "integration;postgres" TIMEOUT 180
                       WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
                       ENVIRONMENT "BH_SERVER=$<TARGET_FILE:bughouse-server>")
endforeach()

# Two server nodes on one PostgreSQL database (--node): a node killed with SIGKILL and one
# paused with SIGSTOP past its lease; their game is taken over, every acknowledged move kept
# once, the outage not charged to the clocks, and the paused node stops, fenced.
# It runs only there: the binary is built here, not registered on its own.
add_executable(test_ws_nodes ${CMAKE_CURRENT_LIST_DIR}/test_ws_nodes.c)
target_include_directories(test_ws_nodes PRIVATE ${CMAKE_SOURCE_DIR}/tests ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(test_ws_nodes PRIVATE bh_wsclient bh_core)
add_dependencies(test_ws_nodes bughouse-server)
add_test(NAME test_ws_nodes_pg
         COMMAND ${CMAKE_SOURCE_DIR}/tests/integration/pg_cluster.sh $<TARGET_FILE:test_ws_nodes>)
set_tests_properties(test_ws_nodes_pg PROPERTIES LABELS "integration;postgres" TIMEOUT 180
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
                     ENVIRONMENT "BH_SERVER=$<TARGET_FILE:bughouse-server>")

# The lobby: four sit at a private table by its link, ready, get their seat tokens, play; a
# bot (bughouse-bot --lobby) sits at a table and plays its seat.
bh_add_test(test_ws_lobby SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ws_lobby.c
            LIBS bh_wsclient LABELS integration TIMEOUT 120)
target_include_directories(test_ws_lobby PRIVATE ${CMAKE_CURRENT_LIST_DIR})
set_tests_properties(test_ws_lobby PROPERTIES ENVIRONMENT
  "BH_SERVER=$<TARGET_FILE:bughouse-server>;BH_BOT=$<TARGET_FILE:bughouse-bot>")
add_dependencies(test_ws_lobby bughouse-server bughouse-bot)
