# The club round robin of seed 004 (issue 15) in the pure core: club.h over the format modules.
bh_add_test(test_club SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_club.c LIBS bh_runner LABELS unit
            TIMEOUT 60)
target_include_directories(test_club PRIVATE ${CMAKE_CURRENT_LIST_DIR})
