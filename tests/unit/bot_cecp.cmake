# The CECP bridge's pure parts (clients/bot/bot_cecp.h): engine lines, engine moves, partner
# words, holding commands. No engine runs here (test_ws_cecp plays real ones).
if(EXISTS ${CMAKE_SOURCE_DIR}/clients/bot/bot_cecp.c)
  bh_add_test(test_bot_cecp SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_bot_cecp.c LIBS bh_bot
              LABELS unit)
endif()
