bh_add_test(test_hub_perm SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_hub_perm.c LIBS bh_hub bh_auth bh_store LABELS unit)
