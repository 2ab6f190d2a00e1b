bh_add_test(test_store SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_store.c
            LIBS bh_store SQLite::SQLite3 PostgreSQL::PostgreSQL LABELS unit)
# The same suite on PostgreSQL: pg_cluster.sh starts a throwaway server (initdb in a temporary
# folder, a Unix socket there, no TCP), sets BH_TEST_PG and stops and removes it after. It
# fails when the PostgreSQL server binaries are missing (apt-get install postgresql).
add_test(NAME test_store_pg
         COMMAND ${CMAKE_SOURCE_DIR}/tests/integration/pg_cluster.sh $<TARGET_FILE:test_store>)
set_tests_properties(test_store_pg PROPERTIES LABELS "unit;postgres" TIMEOUT 120
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
