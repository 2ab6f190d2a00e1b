# The web client in headless Chromium (tests/browser/play.test.mjs): four player pages, a
# spectator and the director dashboard against a real server (--no-tls, free port, temp db).
# Needs /usr/bin/chromium and the npm packages of scripts/web-deps.sh (scripts/deps.sh).
add_test(NAME browser_play
         COMMAND node ${CMAKE_CURRENT_LIST_DIR}/play.test.mjs $<TARGET_FILE:bughouse-server>)
set_tests_properties(browser_play PROPERTIES LABELS browser TIMEOUT 120
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})

# The browser's move helper against Fairy-Stockfish's perft counts, and the page model
# against protocol/examples (node only, no browser).
add_test(NAME browser_rules COMMAND node ${CMAKE_CURRENT_LIST_DIR}/rules.test.mjs)
set_tests_properties(browser_rules PROPERTIES LABELS browser TIMEOUT 60
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})

# The director dashboard runs a 4-team, 2-round tournament that bughouse-bot plays
# (tests/browser/director.test.mjs): pairings of each round, the live games, standings.
if(EXISTS ${CMAKE_SOURCE_DIR}/clients/bot/bot_main.c)
  add_test(NAME browser_director
           COMMAND node ${CMAKE_CURRENT_LIST_DIR}/director.test.mjs $<TARGET_FILE:bughouse-server> $<TARGET_FILE:bughouse-bot>)
  set_tests_properties(browser_director PROPERTIES LABELS browser TIMEOUT 180
                       WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
endif()

# The director's controls (tests/browser/controls.test.mjs): pause/resume a game, adjudicate and
# override, withdraw a team, pair and start rounds by hand, export TRF/BPGN; watch.html's list.
add_test(NAME browser_controls
         COMMAND node ${CMAKE_CURRENT_LIST_DIR}/controls.test.mjs $<TARGET_FILE:bughouse-server>)
set_tests_properties(browser_controls PROPERTIES LABELS browser TIMEOUT 120
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})

# The club round robin page (tests/browser/club.test.mjs, issue 15): a captain's line-up by
# shifting and its typed refusal, the director's results, a protest filed and upheld.
add_test(NAME browser_club
         COMMAND node ${CMAKE_CURRENT_LIST_DIR}/club.test.mjs $<TARGET_FILE:bughouse-server>)
set_tests_properties(browser_club PROPERTIES LABELS browser TIMEOUT 120
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
