# The team league of seed 003 (issue 16) in the pure core: lg.h over the format modules. Its
# seeded whole leagues save and load the state after every event (about 7 s in a Debug build,
# 20 s of CPU under ASan): the timeout leaves room for a loaded machine.
bh_add_test(test_lg SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_lg.c LIBS bh_runner LABELS unit
            TIMEOUT 300)

# The league as a format on the seam (tfmt_league, lg_fmt.h): through its operations only.
bh_add_test(test_lg_fmt SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_lg_fmt.c LIBS bh_runner LABELS unit)

# What the pages and feeds show of a league (league_view.h, issue 26 item 3): each game's phase,
# a player's calendar entries and their iCalendar text (RFC 5545).
bh_add_test(test_lg_view SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_lg_view.c LIBS bh_runner LABELS unit)
