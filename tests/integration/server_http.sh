#!/usr/bin/env bash
# server_http.sh SERVER_BINARY: the server starts on a kernel-chosen port, answers an HTTPS
# request for / with the web client's index page, and exits 0 on SIGTERM.
set -euo pipefail
bin=$1
. "$(dirname "$0")/tls_server.sh"
start_tls_server "$bin"
body=$(curl -sk --max-time 5 "https://127.0.0.1:$port/")
if ! grep -q "<title>" <<<"$body"; then
  echo "FAIL: expected the index page on port $port, got: ${body:0:200}"; exit 1
fi
# No file outside the web root, however the path is spelled.
for path in "/../../../../etc/passwd" "/%2e%2e/%2e%2e/%2e%2e/etc/passwd" "/..%2f..%2f..%2fetc/passwd"; do
  out=$(curl -sk --path-as-is --max-time 5 "https://127.0.0.1:$port$path" || true)
  if grep -q "root:" <<<"$out"; then echo "FAIL: $path escaped the web root"; exit 1; fi
done
kill -TERM "$pid"
wait "$pid"; rc=$?
[ "$rc" -eq 0 ] || { echo "FAIL: exit status $rc after SIGTERM"; exit 1; }
echo "2 passed, 0 failed"
