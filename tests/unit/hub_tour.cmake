bh_add_test(test_hub_tour SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_hub_tour.c LIBS bh_hub bh_auth bh_store PkgConfig::CJSON LABELS unit)
