# The league's messages (issue 16) against their golden files (protocol/gen.py) and hostile
# inputs.
bh_add_test(test_proto_league SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_proto_league.c LIBS bh_proto
            LABELS unit)
