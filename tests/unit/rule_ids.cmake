# The rule ids (docs/rules.md) are one set (tools/rule_ids.py): every id the code, the tests
# and the documents cite is defined in docs/rules.md, and every id defined there is cited;
# an id broken across a line end fails too. The message names the id and the first
# file:line citing it (or the line of docs/rules.md defining it).
find_program(BH_PYTHON3 python3)
if(BH_PYTHON3)
  add_test(NAME rule_ids COMMAND ${BH_PYTHON3} ${CMAKE_SOURCE_DIR}/tools/rule_ids.py)
else()
  message(WARNING "python3 not found: the test rule_ids will fail")
  add_test(NAME rule_ids COMMAND ${CMAKE_COMMAND} -E false)
endif()
set_tests_properties(rule_ids PROPERTIES LABELS unit WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
