# The club round robin of seed 004 (issue 15) in the pure core: club.h over the format modules.
bh_add_test(test_club SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_club.c LIBS bh_runner LABELS unit
            TIMEOUT 60)
target_include_directories(test_club PRIVATE ${CMAKE_CURRENT_LIST_DIR})

# The same event through the hub's club_* messages (no sockets: hub_fake.h), with a restart.
bh_add_test(test_hub_club SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_hub_club.c
            LIBS bh_hub bh_auth bh_store bh_runner LABELS unit TIMEOUT 120)

# The club messages against their golden files (protocol/gen.py) and hostile inputs.
bh_add_test(test_proto_club SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_proto_club.c LIBS bh_proto
            LABELS unit)

# The seam a format plugs into (tfmt.h): key slots, formats by magic word, the club through
# its ops only (no sqlite, no JSON).
bh_add_test(test_tfmt SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tfmt.c LIBS bh_runner LABELS unit)
target_include_directories(test_tfmt PRIVATE ${CMAKE_CURRENT_LIST_DIR})
