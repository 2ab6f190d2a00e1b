add_test(NAME tourney_cli
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/tourney_cli.sh $<TARGET_FILE:bughouse-tourney>
                 $<TARGET_FILE:test_tourney>)
set_tests_properties(tourney_cli PROPERTIES LABELS integration TIMEOUT 60
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
