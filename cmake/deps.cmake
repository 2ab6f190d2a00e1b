# System dependencies. Each missing one stops the configure step naming the Debian package.
find_package(PkgConfig)
if(NOT PKG_CONFIG_FOUND)
  message(FATAL_ERROR "pkg-config not found: apt-get install pkg-config")
endif()

find_package(OpenSSL)
if(NOT OPENSSL_FOUND)
  message(FATAL_ERROR "OpenSSL not found: apt-get install libssl-dev")
endif()

find_package(SQLite3)
if(NOT SQLite3_FOUND)
  message(FATAL_ERROR "sqlite3 not found: apt-get install libsqlite3-dev")
endif()

find_package(PostgreSQL)
if(NOT PostgreSQL_FOUND)
  message(FATAL_ERROR "libpq not found: apt-get install libpq-dev")
endif()

pkg_check_modules(LWS IMPORTED_TARGET libwebsockets)
if(NOT LWS_FOUND)
  message(FATAL_ERROR "libwebsockets not found: apt-get install libwebsockets-dev libwebsockets-evlib-ev")
endif()

pkg_check_modules(CJSON IMPORTED_TARGET libcjson)
if(NOT CJSON_FOUND)
  message(FATAL_ERROR "cJSON not found: apt-get install libcjson-dev")
endif()

pkg_check_modules(SODIUM IMPORTED_TARGET libsodium)
if(NOT SODIUM_FOUND)
  message(FATAL_ERROR "libsodium not found: apt-get install libsodium-dev")
endif()
