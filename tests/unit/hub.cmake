bh_add_test(test_hub SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_hub.c LIBS bh_hub bh_auth bh_store LABELS unit)

# The hub's one executor of team events (hub_event.h) with a format it does not know: a
# wall-clock one with two games a board and a notice (no sockets: hub_fake.h).
bh_add_test(test_hub_event SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_hub_event.c
            LIBS bh_hub bh_auth bh_store bh_runner LABELS unit)

# Accounts in the hub with the password jobs held as the worker holds them (hub_fake.h).
bh_add_test(test_hub_acct SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_hub_acct.c
            LIBS bh_hub bh_auth bh_store LABELS unit)
