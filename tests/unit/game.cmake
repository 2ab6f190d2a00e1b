bh_add_test(test_game SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_game.c LIBS bh_game LABELS unit)
# The chess kind (issue 15): real chess.com games, FIDE Laws examples, replay, PGN.
bh_add_test(test_game_chess SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_game_chess.c LIBS bh_game
            LABELS unit)
# The start gate (issue 13 item 3): waiting time, break, absences combined (R-FLAG-FLAG).
bh_add_test(test_game_gate SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_game_gate.c LIBS bh_game
            LABELS unit)
