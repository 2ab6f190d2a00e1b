# libFuzzer drivers (STYLE.md section 9, label fuzz). Off by default; clang only, and then
# every module is built with coverage and the sanitizers (the top CMakeLists.txt):
#   cmake --preset clang && cmake --build build/clang
#   build/clang/tests/fuzz_game tests/fuzz/corpus/game -max_total_time=300
# (see tests/fuzz/README.md). Each binary is also a ctest (label fuzz) that replays its
# committed corpus once.
if(BH_FUZZ)
  if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "BH_FUZZ=ON needs clang (CC=clang)")
  endif()
  foreach(name fen move bpgn game proto league club state trf)
    add_executable(fuzz_${name} ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_${name}.c)
    target_compile_definitions(fuzz_${name} PRIVATE BH_FUZZ_MAIN)
    target_compile_options(fuzz_${name} PRIVATE -fsanitize=fuzzer,address,undefined)
    target_link_options(fuzz_${name} PRIVATE -fsanitize=fuzzer,address,undefined)
    target_link_libraries(fuzz_${name} PRIVATE bh_runner bh_game bh_proto bh_core)
    add_test(NAME fuzz_${name}_corpus
             COMMAND fuzz_${name} -runs=0 ${CMAKE_SOURCE_DIR}/tests/fuzz/corpus/${name})
    set_tests_properties(fuzz_${name}_corpus PROPERTIES LABELS fuzz
                         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  endforeach()
endif()
