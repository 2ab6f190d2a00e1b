bh_add_test(test_store SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_store.c LIBS bh_store SQLite::SQLite3 LABELS unit)
