add_test(NAME server_http
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/server_http.sh $<TARGET_FILE:bughouse-server>)
set_tests_properties(server_http PROPERTIES LABELS integration TIMEOUT 60
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})

# The TLS profile a client is offered (server_tls.sh: ALPN, versions, every TLS 1.2 suite).
add_test(NAME server_tls
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/server_tls.sh $<TARGET_FILE:bughouse-server>)
set_tests_properties(server_tls PROPERTIES LABELS integration TIMEOUT 120
                     WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
