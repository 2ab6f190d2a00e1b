bh_add_test(test_proto_tour SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_proto_tour.c LIBS bh_proto LABELS unit)
