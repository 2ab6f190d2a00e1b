# Rules engine (issue 3): unit cases, plus the deep perft rows under the `slow` label.
bh_add_test(test_rules SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_rules.c LIBS bh_rules
            LABELS unit TIMEOUT 120)
bh_add_test_run(test_rules_slow test_rules LABELS slow ARGS --slow TIMEOUT 600)
