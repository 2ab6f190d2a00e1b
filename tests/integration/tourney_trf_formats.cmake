add_test(NAME tourney_trf_formats
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/tourney_trf_formats.sh
                 $<TARGET_FILE:bughouse-tourney>)
set_tests_properties(tourney_trf_formats PROPERTIES LABELS integration TIMEOUT 60
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
