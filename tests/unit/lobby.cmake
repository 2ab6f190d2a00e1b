bh_add_test(test_lobby SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_lobby.c LIBS bh_lobby LABELS unit)
