bh_add_test(test_theap SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_theap.c LIBS bh_core LABELS unit)
