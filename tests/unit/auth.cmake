bh_add_test(test_auth SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_auth.c LIBS bh_auth LABELS unit)
