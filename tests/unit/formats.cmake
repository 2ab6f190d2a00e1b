# The format modules of seeds 003 and 004 (server/src/tourney, library bh_formats): one test
# binary per module, each linking only bh_formats (STYLE.md section 9).
foreach(m berger chal groups league lineup protest rank roster)
  bh_add_test(test_${m} SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_${m}.c LIBS bh_formats
              LABELS unit TIMEOUT 60)
endforeach()
