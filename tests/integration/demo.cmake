# issue 8: the end-to-end test: a short demo tournament (bughouse-server + bots + director)
# checked from the database it leaves (test_demo_e2e.c).
if(EXISTS ${CMAKE_SOURCE_DIR}/clients/bot/demo.c)
  bh_add_test(test_demo_e2e SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_demo_e2e.c
              LIBS bh_demo bh_store bh_game bh_tourney LABELS integration ARGS e2e TIMEOUT 180)
  set_tests_properties(test_demo_e2e PROPERTIES ENVIRONMENT "BH_SERVER=$<TARGET_FILE:bughouse-server>")
  add_dependencies(test_demo_e2e bughouse-server)
  # issue 17 item 5: a 40-team, 11-round demo to the end (minutes: slow)
  bh_add_test_run(test_demo_40_teams test_demo_e2e LABELS slow integration ARGS slow_demo_40_teams
                  TIMEOUT 1200)
  set_tests_properties(test_demo_40_teams PROPERTIES ENVIRONMENT "BH_SERVER=$<TARGET_FILE:bughouse-server>")
endif()
if(EXISTS ${CMAKE_SOURCE_DIR}/clients/bot/bot.c)
  bh_add_test(test_ws_tour SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ws_tour.c
              LIBS bh_bot bh_wsclient PkgConfig::CJSON LABELS integration TIMEOUT 120)
  target_include_directories(test_ws_tour PRIVATE ${CMAKE_CURRENT_LIST_DIR})
  set_tests_properties(test_ws_tour PROPERTIES ENVIRONMENT "BH_SERVER=$<TARGET_FILE:bughouse-server>")
  add_dependencies(test_ws_tour bughouse-server)
endif()

# issue 15: the club round robin demo to its end (club_demo.sh).
if(EXISTS ${CMAKE_SOURCE_DIR}/clients/bot/club_demo.c)
  add_test(NAME club_demo
           COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/club_demo.sh $<TARGET_FILE:bughouse-club-demo>
                   $<TARGET_FILE:bughouse-server>)
  # Two seeds of ~45 s each (bots play every board over the wire; measured 90 s under load).
  set_tests_properties(club_demo PROPERTIES LABELS integration TIMEOUT 360
                       WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
endif()

# issue 16: the league demo, small (league_demo.sh): 8 teams, 2 groups, 2 boards, to the final;
# its printed tables and bracket against the server's league_get.
if(EXISTS ${CMAKE_SOURCE_DIR}/clients/bot/league_demo.c)
  add_test(NAME league_demo
           COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/league_demo.sh $<TARGET_FILE:bughouse-league-demo>
                   $<TARGET_FILE:bughouse-server> $<TARGET_FILE:bughouse-tourney>)
  set_tests_properties(league_demo PROPERTIES LABELS integration TIMEOUT 180
                       WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
endif()

# The Swiss demo with engine teams (demo_cecp.sh): Sjeng, Fairy-Stockfish and a random team;
# skipped without the engines.
if(EXISTS ${CMAKE_SOURCE_DIR}/clients/bot/bot_cecp.c)
  add_test(NAME demo_cecp
           COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/demo_cecp.sh $<TARGET_FILE:bughouse-demo>
                   $<TARGET_FILE:bughouse-server>)
  set_tests_properties(demo_cecp PROPERTIES LABELS "integration;slow" TIMEOUT 400
                       SKIP_RETURN_CODE 77 WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
endif()
