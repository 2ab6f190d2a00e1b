bh_add_test(test_clock SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_clock.c LIBS bh_clock LABELS unit)
