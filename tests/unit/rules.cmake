# Rules engine (issue 3): unit cases, plus the deep perft rows under the `slow` label.
bh_add_test(test_rules SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_rules.c LIBS bh_rules
            LABELS unit TIMEOUT 600)
bh_add_test_run(test_rules_slow test_rules LABELS slow ARGS --slow TIMEOUT 600)
# The chess model (issue 15): published perft counts, FIDE Laws examples; deep rows `slow`.
bh_add_test(test_rules_chess SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_rules_chess.c LIBS bh_rules
            LABELS unit TIMEOUT 600)
bh_add_test_run(test_rules_chess_slow test_rules_chess LABELS slow ARGS --slow TIMEOUT 1800)
