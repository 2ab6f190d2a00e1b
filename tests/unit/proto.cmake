bh_add_test(test_proto SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_proto.c LIBS bh_proto LABELS unit)
# The generated documents are current (protocol/gen.py --check): gen.py writes into a temporary
# directory and every protocol/messages/*.md and protocol/examples/*.json, and the C name tables
# server/src/proto/proto_names.h, must equal its output byte for byte, so that a hand edit of a
# generated file (which the next run of gen.py would silently revert) fails here with the list
# of differing files.
find_program(BH_PYTHON3 python3)
if(BH_PYTHON3)
  add_test(NAME protocol_docs_current COMMAND ${BH_PYTHON3} ${CMAKE_SOURCE_DIR}/protocol/gen.py --check)
else()
  message(WARNING "python3 not found: the test protocol_docs_current will fail")
  add_test(NAME protocol_docs_current COMMAND ${CMAKE_COMMAND} -E false)
endif()
set_tests_properties(protocol_docs_current PROPERTIES LABELS unit WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
