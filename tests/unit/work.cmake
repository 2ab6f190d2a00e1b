bh_add_test(test_work SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_work.c LIBS bh_work LABELS unit)
