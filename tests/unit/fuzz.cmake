# Hostile-input review: the libFuzzer drivers of tests/fuzz/ on deterministic inputs (every
# build), and, with -DBH_FUZZ=ON under clang, the libFuzzer binaries themselves.
set(BH_FUZZ_DRIVERS ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_fen.c ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_move.c
    ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_bpgn.c ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_game.c
    ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_proto.c ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_league.c
    ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_club.c ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_state.c
    ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_trf.c)
bh_add_test(test_fuzz_smoke SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_fuzz_smoke.c
            ${BH_FUZZ_DRIVERS} LIBS bh_runner bh_game bh_proto LABELS unit TIMEOUT 120)
include(${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz.cmake)
