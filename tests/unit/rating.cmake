# Glicko-2 against Glickman's worked example and the bughouse team rule (pure: no store).
bh_add_test(test_rating SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_rating.c LIBS bh_rating
            LABELS unit)
