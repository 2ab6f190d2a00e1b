# The team league of seed 003 (issue 16) in the pure core: lg.h over the format modules.
bh_add_test(test_lg SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_lg.c LIBS bh_runner LABELS unit
            TIMEOUT 120)
