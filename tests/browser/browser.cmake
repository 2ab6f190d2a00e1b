# The web client in headless Chromium (tests/browser/play.test.mjs): four player pages, a
# spectator and the director dashboard against a real server (--no-tls, free port, temp db).
# Needs /usr/bin/chromium and the npm packages of scripts/web-deps.sh (scripts/deps.sh).
add_test(NAME browser_play
         COMMAND node ${CMAKE_CURRENT_LIST_DIR}/play.test.mjs $<TARGET_FILE:bughouse-server>)
set_tests_properties(browser_play PROPERTIES LABELS browser TIMEOUT 240
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
set_tests_properties(browser_controls PROPERTIES LABELS browser TIMEOUT 240
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})

# The director's desk on a laptop (tests/browser/desk.test.mjs): a 16-team round played by
# bughouse-bot, all eight matches on screen at 1920x1080 and 1366x768, the status flags, the
# tabs, the log, announcements to a team and to everyone.
if(EXISTS ${CMAKE_SOURCE_DIR}/clients/bot/bot_main.c)
  add_test(NAME browser_desk
           COMMAND node ${CMAKE_CURRENT_LIST_DIR}/desk.test.mjs $<TARGET_FILE:bughouse-server> $<TARGET_FILE:bughouse-bot>)
  set_tests_properties(browser_desk PROPERTIES LABELS browser TIMEOUT 240
                       WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
endif()

# Paper and files (tests/browser/print.test.mjs): a 6-team, 3-round Swiss played by
# bughouse-bot; CSV of standings and crosstable, the TRF re-read by bughouse-tourney, the BPGN
# of a round with its tags, and A4 print previews (page.pdf, pdfinfo, pdftotext, pdftoppm).
if(EXISTS ${CMAKE_SOURCE_DIR}/clients/bot/bot_main.c)
  add_test(NAME browser_print
           COMMAND node ${CMAKE_CURRENT_LIST_DIR}/print.test.mjs $<TARGET_FILE:bughouse-server> $<TARGET_FILE:bughouse-bot> $<TARGET_FILE:bughouse-tourney>)
  set_tests_properties(browser_print PROPERTIES LABELS browser TIMEOUT 300
                       WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
endif()

# Finished games watched again (tests/browser/replay.test.mjs): every position and clock of a
# bot game's replay against the server's move pushes, the controls, the BPGN download, the links
# from the event page and the desk.
if(EXISTS ${CMAKE_SOURCE_DIR}/clients/bot/bot_main.c)
  add_test(NAME browser_replay
           COMMAND node ${CMAKE_CURRENT_LIST_DIR}/replay.test.mjs $<TARGET_FILE:bughouse-server> $<TARGET_FILE:bughouse-bot>)
  set_tests_properties(browser_replay PROPERTIES LABELS browser TIMEOUT 180
                       WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
endif()

# The hall (tests/browser/projector.test.mjs): projector.html at 1920x1080 turning through the
# live matches, the pairings and the standings of an 8-team event bughouse-bot plays; an
# announcement on it; the public event page following the event.
if(EXISTS ${CMAKE_SOURCE_DIR}/clients/bot/bot_main.c)
  add_test(NAME browser_projector
           COMMAND node ${CMAKE_CURRENT_LIST_DIR}/projector.test.mjs $<TARGET_FILE:bughouse-server> $<TARGET_FILE:bughouse-bot>)
  set_tests_properties(browser_projector PROPERTIES LABELS browser TIMEOUT 240
                       WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
endif()
