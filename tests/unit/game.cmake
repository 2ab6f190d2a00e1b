bh_add_test(test_game SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_game.c LIBS bh_game LABELS unit)
