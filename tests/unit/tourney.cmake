# The timeouts guard against a hang, not a slow machine: alone test_tourney takes ~75 s on the
# clang build, twice that with the browser suite beside it (a 120 s timeout fired so).
bh_add_test(test_tourney
            SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tourney.c ${CMAKE_CURRENT_LIST_DIR}/tourney_ref.c
            LIBS bh_tourney LABELS unit TIMEOUT 600)
target_include_directories(test_tourney PRIVATE ${CMAKE_SOURCE_DIR}/server/src/tourney)
bh_add_test_run(test_tourney_slow test_tourney LABELS slow ARGS slow_brute_force 5000 TIMEOUT 900)
bh_add_test_run(test_tourney_deep test_tourney LABELS slow ARGS slow_deep TIMEOUT 600)
