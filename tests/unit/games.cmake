# Real games through the game model (tests/data/games). cJSON is linked into the test only.
bh_add_test(test_games SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_games.c
            ${CMAKE_CURRENT_LIST_DIR}/game_corpus.c LIBS bh_game PkgConfig::CJSON
            LABELS unit TIMEOUT 120)
