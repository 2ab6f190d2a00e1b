#!/usr/bin/env bash
# server_http.sh SERVER_BINARY: the server starts on a kernel-chosen port, answers an HTTPS
# request for / with the web client's index page, and exits 0 on SIGTERM.
set -euo pipefail
bin=$1
tmp=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$tmp"' EXIT
certs/gen-dev-certs.sh "$tmp" >/dev/null
: >"$tmp/log" # exists before the background job opens it (sed below races otherwise)
"$bin" --port 0 --db "$tmp/server.db" --cert "$tmp/dev-cert.pem" --key "$tmp/dev-key.pem" \
  >"$tmp/log" 2>&1 &
pid=$!
port=""
for _ in $(seq 1 100); do
  port=$(sed -n 's/.*listening on https:\/\/127.0.0.1:\([0-9]*\)\/.*/\1/p' "$tmp/log")
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { echo "FAIL: server did not report a port"; cat "$tmp/log"; exit 1; }
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
