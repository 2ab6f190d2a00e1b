# Every C file git tracks is formatted as .clang-format says (tools/format.sh --check).
find_program(BH_BASH bash)
add_test(NAME clang_format COMMAND ${BH_BASH} ${CMAKE_SOURCE_DIR}/tools/format.sh --check)
set_tests_properties(clang_format PROPERTIES LABELS unit)
