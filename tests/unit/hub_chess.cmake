bh_add_test(test_hub_chess SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_hub_chess.c LIBS bh_hub bh_auth bh_store LABELS unit)
