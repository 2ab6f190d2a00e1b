# The web client in headless Chromium (tests/browser/play.test.mjs): four player pages, a
# spectator and the director dashboard against a real server (--no-tls, free port, temp db).
# Needs /usr/bin/chromium and the npm packages of scripts/web-deps.sh (scripts/deps.sh).
# Timeouts are a safety net, not a speed check: under ASan with ctest -j2 on a loaded 2-core
# machine browser_play and browser_people took up to ~130 s (measured), about 85 s when quiet.
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

# The people at the boards (tests/browser/people.test.mjs, issue 13): two tabs on one link,
# phone layouts, notices and bad links.
add_test(NAME browser_people
         COMMAND node ${CMAKE_CURRENT_LIST_DIR}/people.test.mjs $<TARGET_FILE:bughouse-server>)
set_tests_properties(browser_people PROPERTIES LABELS browser TIMEOUT 240
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})

# A browser test played by bughouse-bot: node FILE SERVER BOT [ARGS...] from the repo root.
function(bh_browser_bot_test name file timeout)
  if(EXISTS ${CMAKE_SOURCE_DIR}/clients/bot/bot_main.c)
    add_test(NAME ${name} COMMAND node ${CMAKE_CURRENT_LIST_DIR}/${file}
             $<TARGET_FILE:bughouse-server> $<TARGET_FILE:bughouse-bot> ${ARGN})
    set_tests_properties(${name} PROPERTIES LABELS browser TIMEOUT ${timeout}
                         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  endif()
endfunction()

# The director's desk on a laptop (desk.test.mjs): a 16-team round, all eight matches on
# screen at 1920x1080 and 1366x768, the status flags, the tabs, the log, announcements.
bh_browser_bot_test(browser_desk desk.test.mjs 240)
# Paper and files (print.test.mjs): CSV of standings and crosstable, the TRF re-read by
# bughouse-tourney, a round's BPGN with its tags, A4 print previews (page.pdf, pdftoppm).
bh_browser_bot_test(browser_print print.test.mjs 300 $<TARGET_FILE:bughouse-tourney>)
# Finished games watched again (replay.test.mjs): every position and clock of a replay against
# the server's move pushes, the controls, the BPGN download, the links to it.
bh_browser_bot_test(browser_replay replay.test.mjs 180)
# The hall (projector.test.mjs): projector.html at 1920x1080 through the live matches, the
# pairings and the standings; an announcement on it; the public event page.
bh_browser_bot_test(browser_projector projector.test.mjs 240)
# The club round robin page (tests/browser/club.test.mjs, issue 15): a captain's line-up by
# shifting and its typed refusal, the director's results, a protest filed and upheld.
add_test(NAME browser_club
         COMMAND node ${CMAKE_CURRENT_LIST_DIR}/club.test.mjs $<TARGET_FILE:bughouse-server>)
set_tests_properties(browser_club PROPERTIES LABELS browser TIMEOUT 120
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
# Withdrawals (withdraw.test.mjs, issue 17): the confirmation, game 1 stands and only game 2
# is forfeited, a whole match forfeited before it is played, an override refused with the
# reason, the standings after round 1.
add_test(NAME browser_withdraw
         COMMAND node ${CMAKE_CURRENT_LIST_DIR}/withdraw.test.mjs $<TARGET_FILE:bughouse-server>)
set_tests_properties(browser_withdraw PROPERTIES LABELS browser TIMEOUT 180
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
# Links from anywhere (links.test.mjs, issue 17): a director in another browser sees every team
# and reissues a team's link (team_token): the old token refused, the reissue logged.
add_test(NAME browser_links
         COMMAND node ${CMAKE_CURRENT_LIST_DIR}/links.test.mjs $<TARGET_FILE:bughouse-server>)
set_tests_properties(browser_links PROPERTIES LABELS browser TIMEOUT 180
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
# Late entries (late.test.mjs, issue 17, T-LATE): registered after the start up to late_until,
# 0 for the missed round (no bye), paired from the next, marked in Teams, standings and TRF.
add_test(NAME browser_late
         COMMAND node ${CMAKE_CURRENT_LIST_DIR}/late.test.mjs $<TARGET_FILE:bughouse-server>)
set_tests_properties(browser_late PROPERTIES LABELS browser TIMEOUT 180
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
# A big field from the desk (import.test.mjs, issue 17): a 40-team CSV list imported on the
# director's connection (no rate_limited), bad rows named; 11 rounds; a TRF's team records.
add_test(NAME browser_import
         COMMAND node ${CMAKE_CURRENT_LIST_DIR}/import.test.mjs $<TARGET_FILE:bughouse-server>)
set_tests_properties(browser_import PROPERTIES LABELS browser TIMEOUT 180
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
# The spectators' hall (hall.test.mjs, issue 17): watch.html opens on the live matches, follows
# the rounds, shows the standings and the next pairings between rounds.
add_test(NAME browser_hall
         COMMAND node ${CMAKE_CURRENT_LIST_DIR}/hall.test.mjs $<TARGET_FILE:bughouse-server>)
set_tests_properties(browser_hall PROPERTIES LABELS browser TIMEOUT 180
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})

# A tournament as its players live it (tournament.test.mjs, issue 13 items 3-5): team links on a
# laptop and a phone, the waiting time and its forfeit, the break before game 2.
add_test(NAME browser_tournament
         COMMAND node ${CMAKE_CURRENT_LIST_DIR}/tournament.test.mjs $<TARGET_FILE:bughouse-server>)
set_tests_properties(browser_tournament PROPERTIES LABELS browser TIMEOUT 240
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})

# issue 15: a person plays a hosted club board to mate (Fool's mate) on the play page, and
# the result reaches the club standings (tests/browser/club_chess.test.mjs).
add_test(NAME browser_club_chess
         COMMAND node ${CMAKE_CURRENT_LIST_DIR}/club_chess.test.mjs $<TARGET_FILE:bughouse-server>)
set_tests_properties(browser_club_chess PROPERTIES LABELS browser TIMEOUT 240
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
