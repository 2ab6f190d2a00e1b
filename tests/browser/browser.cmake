# node FILE ARGS... from the repo root, labelled browser, with its timeout (s).
function(bh_node_test name file timeout)
  add_test(NAME ${name} COMMAND node ${CMAKE_CURRENT_LIST_DIR}/${file} ${ARGN})
  set_tests_properties(${name} PROPERTIES LABELS browser TIMEOUT ${timeout}
                       WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
endfunction()

# A browser test against the server: node FILE SERVER [ARGS...].
function(bh_browser_test name file timeout)
  bh_node_test(${name} ${file} ${timeout} $<TARGET_FILE:bughouse-server> ${ARGN})
endfunction()

# A browser test played by bughouse-bot: node FILE SERVER BOT [ARGS...] (when the bot is built).
function(bh_browser_bot_test name file timeout)
  if(EXISTS ${CMAKE_SOURCE_DIR}/clients/bot/bot_main.c)
    bh_browser_test(${name} ${file} ${timeout} $<TARGET_FILE:bughouse-bot> ${ARGN})
  endif()
endfunction()

# The web client in headless Chromium (tests/browser/play.test.mjs): four player pages, a
# spectator and the director dashboard against a real server (--no-tls, free port, temp db).
# Needs /usr/bin/chromium and the npm packages of scripts/web-deps.sh (scripts/deps.sh).
# Timeouts are a safety net, not a speed check: under ASan with ctest -j2 on a loaded 2-core
# machine browser_play and browser_people took up to ~130 s (measured), about 85 s when quiet.
bh_browser_test(browser_play play.test.mjs 240)

# The browser's move helper against Fairy-Stockfish's perft counts, and the page model
# against protocol/examples (node only, no browser).
bh_node_test(browser_rules rules.test.mjs 60)
# The connection (net.test.mjs): `moved` reconnects to ?node=NAME; jittered, doubling delays.
bh_node_test(browser_net net.test.mjs 60)

# The director dashboard runs a 4-team, 2-round tournament that bughouse-bot plays
# (tests/browser/director.test.mjs): pairings of each round, the live games, standings.
bh_browser_bot_test(browser_director director.test.mjs 180)

# The director's controls (tests/browser/controls.test.mjs): pause/resume a game, adjudicate and
# override, withdraw a team, pair and start rounds by hand, export TRF/BPGN; watch.html's list.
bh_browser_test(browser_controls controls.test.mjs 240)

# The people at the boards (tests/browser/people.test.mjs, issue 13): two tabs on one link,
# phone layouts, notices and bad links.
bh_browser_test(browser_people people.test.mjs 240)

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
bh_browser_test(browser_club club.test.mjs 120)
bh_browser_test(browser_rematch rematch.test.mjs 240)
bh_browser_test(browser_tv tv.test.mjs 240)
# Withdrawals (withdraw.test.mjs, issue 17): the confirmation, game 1 stands and only game 2
# is forfeited, a whole match forfeited before it is played, an override refused with the
# reason, the standings after round 1.
bh_browser_test(browser_withdraw withdraw.test.mjs 180)
# Requested byes (bye.test.mjs, issue 26 item 4, T-REQBYE): asked and taken back from the
# Teams list before the start, the last round refused, the bye kept across the renumbering,
# round 2 gives it (a drawn match) and no PAB; the pairings and the crosstable say so.
bh_browser_test(browser_bye bye.test.mjs 120)
# A scheduled round start (schedule.test.mjs, issue 26 item 4, T-SCHEDULE): a past time
# refused, round 1 set 15 s ahead from the Controls tab, the countdown on the desk, the event
# page and a player's page, no game live before the time, round 2 after round 1.
bh_browser_test(browser_schedule schedule.test.mjs 120)
# Printable team links (qr.test.mjs, issue 26 item 4): every QR code on links.html decoded by
# jsQR equals the link printed under it and the desk's; another browser gets a warning.
bh_browser_test(browser_qr qr.test.mjs 120)
# Links from anywhere (links.test.mjs, issue 17): a director in another browser sees every team
# and reissues a team's link (team_token): the old token refused, the reissue logged.
bh_browser_test(browser_links links.test.mjs 180)
# Late entries (late.test.mjs, issue 17, T-LATE): registered after the start up to late_until,
# 0 for the missed round (no bye), paired from the next, marked in Teams, standings and TRF.
bh_browser_test(browser_late late.test.mjs 180)
# A big field from the desk (import.test.mjs, issue 17): a 40-team CSV list imported on the
# director's connection (no rate_limited), bad rows named; 11 rounds; a TRF's team records.
bh_browser_test(browser_import import.test.mjs 180)
# The spectators' hall (hall.test.mjs, issue 17): watch.html opens on the live matches, follows
# the rounds, shows the standings and the next pairings between rounds.
bh_browser_test(browser_hall hall.test.mjs 180)

# A tournament as its players live it (tournament.test.mjs, issue 13 items 3-6): team links on a
# laptop and a phone, the waiting time and its forfeit, the break before game 2, the round
# change to round 2 (its 20 s wait, 25 s breaks and 15 s choice are real time: ~2.5 min).
bh_browser_test(browser_tournament tournament.test.mjs 420)

# issue 15: a person plays a hosted club board to mate (Fool's mate) on the play page, and
# the result reaches the club standings (tests/browser/club_chess.test.mjs).
bh_browser_test(browser_club_chess club_chess.test.mjs 240)

# The director's script of issue 17 (script.test.mjs): create, 8 teams, start, a link reissued
# from a second browser, a withdrawal after game 1, a late entry, print, export, the finish;
# the desk's standings = bughouse-tourney's recomputation from the exported TRF.
bh_browser_bot_test(browser_script script.test.mjs 180 $<TARGET_FILE:bughouse-tourney>)
# A big round (bigfield.test.mjs, issue 17): 24 teams, 12 live matches on the desk (1920x1080
# at once; 1366x768 without horizontal scrolling, at once with the panel hidden), the hall and
# the projector (every match on its slides, paged pairings and standings, each on one screen).
bh_browser_bot_test(browser_bigfield bigfield.test.mjs 240)

# issue 16: the team league in the browser (tests/browser/league.test.mjs): a player challenges
# from the league page, the other accepts on a phone, both play the chess game on the play page;
# the result on the league page; the director drives a small league (2 groups, 1 board) through
# the semi-finals (one drawn, the lower rating through) and the final: the bracket shows it.
bh_browser_test(browser_league league.test.mjs 180)
# issue 26 item 3: the league director's table (tests/browser/league_desk.test.mjs): each game's
# true phase (waiting for players, double forfeit), an open challenge's deadline extended, the
# knockout's recomputed team ratings, a player's calendar (.ics, .json) over HTTP.
bh_browser_test(browser_league_desk league_desk.test.mjs 180)
# A director sets up the club round robin and the league from the pages (setup.test.mjs, issue
# 26 item 1): the desk's format picker with each regulation's values, the registration panel
# (a team by form, a CSV file with a bad row), a reload, a captain's link, the start.
bh_browser_test(browser_setup setup.test.mjs 120)
# The league as its people run it (league_path.test.mjs, issue 26 "Done when"): created on the
# desk (8 teams, 2 groups, 4 boards), rosters from a CSV file, challenges answered on the players'
# pages and one lapsing twice into a forfeit, a game played, the group tables against art. 6, a
# roster changed before the semi-finals, the knockout to the final on the bracket. ~60 s quiet.
bh_browser_test(browser_league_path league_path.test.mjs 240)
# One person's path through a club round robin (club_path.test.mjs, issue 26's first "Done
# when"): the desk's club format, 6 teams from a CSV, captains' line-ups (one shifted), the
# arbiter's attendance, a forfeit by the 45 s waiting time, a protest upheld, 5 rounds entered
# at the arbiter's table; the page's ranking = bughouse-tourney standings on the page's TRF.
# About 70 s when quiet (the waiting time is 45 s of it).
bh_browser_test(browser_club_path club_path.test.mjs 180 $<TARGET_FILE:bughouse-tourney>)

# The trial's findings (trial.test.mjs, issue 26 item 5): the play page on a laptop, the
# spectator page on a phone between matches, the crosstable's marks, the hall following the
# games, the break after a withdrawal, stale messages on the desk, names and headings.
bh_browser_test(browser_trial trial.test.mjs 240)
# The account page (account.test.mjs): sign up, a reload keeps the session, a name taken by
# case, log out, a wrong password, log in; a guest on a phone.
bh_browser_test(browser_account account.test.mjs 120)
# The lobby (lobby.test.mjs): four guests sit at a private table by its link, ready, and the
# game starts on all four play pages, each at its own seat.
bh_browser_test(browser_lobby lobby.test.mjs 180)

# Premoves on the play page under the online ruleset (tests/browser/premove.test.mjs, issue 28
# items 3 and 6): a premove and a drop premove of a piece not held yet played at the opponent's
# move, two cancelled ones not played, a promoting premove, sounds, the flip and the mute switch.
# Measured: 44 s quiet, 150 s while an ASan build ran on the 2 cores.
bh_browser_test(browser_premove premove.test.mjs 360)

# The profile page (profile.test.mjs, issue 28 item 5): four accounts sign up, play a rated
# lobby game that one resigns, and the profiles show the ratings (1662 / 1338, RD 290), the
# chart, the games list, the BPGN and the replay link.
bh_browser_test(browser_profile profile.test.mjs 180)
# Open play as people do it (open_play.test.mjs, issue 28's "Done when"): four accounts at a
# private rated table by its link, a premove and a drop premove, the profiles' new ratings, the
# rematch with partners swapped, and a spectator on the TV page throughout.
bh_browser_test(browser_open_play open_play.test.mjs 240)
# Five at one lobby table (rotation.test.mjs, docs/rules.md O-ROTATION): one waits, the game
# ends, the rotated next game brings her in and the one who sits out waits.
bh_browser_test(browser_rotation rotation.test.mjs 240)
