# Ratings in the hub: a game of four accounts rated and stored, replayed from the store
# (hub_fake.h; G-RATED, G-REPLAY).
bh_add_test(test_hub_rating SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_hub_rating.c
            LIBS bh_hub bh_auth bh_store bh_rating LABELS unit)
