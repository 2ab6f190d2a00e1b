# The layout of server/src (issue 24): the include and use graphs have no circle across
# folders, none in the hub or the team events, and no format includes another's header
# (tests/include_graph.py; python3 as for protocol_docs_current).
find_program(BH_PYTHON3 python3)
if(BH_PYTHON3)
  add_test(NAME include_graph COMMAND ${BH_PYTHON3} ${CMAKE_SOURCE_DIR}/tests/include_graph.py
           ${CMAKE_SOURCE_DIR})
else()
  message(WARNING "python3 not found: the test include_graph will fail")
  add_test(NAME include_graph COMMAND ${CMAKE_COMMAND} -E false)
endif()
set_tests_properties(include_graph PROPERTIES LABELS unit)
