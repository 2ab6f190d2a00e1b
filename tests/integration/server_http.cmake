add_test(NAME server_http
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/server_http.sh $<TARGET_FILE:bughouse-server>)
set_tests_properties(server_http PROPERTIES LABELS integration TIMEOUT 60
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
