bh_add_test(test_proto SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_proto.c LIBS bh_proto LABELS unit)
