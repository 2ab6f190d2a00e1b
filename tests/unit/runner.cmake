# The tournament runner (issue 14): runner_golden_gen plays seeded whole events through the
# hub (JSON, sqlite) and writes or checks tests/data/runner/golden.txt.
add_executable(runner_golden_gen ${CMAKE_CURRENT_LIST_DIR}/runner_golden_gen.c
               ${CMAKE_CURRENT_LIST_DIR}/runner_script.c)
target_include_directories(runner_golden_gen PRIVATE ${CMAKE_SOURCE_DIR}/tests)
target_link_libraries(runner_golden_gen PRIVATE bh_hub bh_auth bh_store bh_tourney bh_core
                      PkgConfig::CJSON)

bh_add_test(test_runner
            SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_runner.c ${CMAKE_CURRENT_LIST_DIR}/runner_world.c
                    ${CMAKE_CURRENT_LIST_DIR}/runner_script.c
            LIBS bh_runner LABELS unit)
bh_add_test_run(test_runner_slow test_runner LABELS slow ARGS slow_golden_all TIMEOUT 600)

# The hub itself against the golden file (JSON + sqlite: slower than test_runner's replay).
add_test(NAME runner_golden_hub
         COMMAND runner_golden_gen --check ${CMAKE_SOURCE_DIR}/tests/data/runner/golden.txt 100)
set_tests_properties(runner_golden_hub PROPERTIES LABELS slow TIMEOUT 900
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
