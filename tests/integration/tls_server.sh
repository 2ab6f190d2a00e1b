# tls_server.sh: sourced by server_http.sh and server_tls.sh. start_tls_server BIN starts the
# server with a fresh development certificate on a kernel-chosen port in a new temporary
# folder: sets tmp, pid and port, and removes the folder and stops the server on exit.
start_tls_server() {
  tmp=$(mktemp -d)
  trap 'kill "$pid" 2>/dev/null || true; rm -rf "$tmp"' EXIT
  certs/gen-dev-certs.sh "$tmp" >/dev/null
  : >"$tmp/log" # exists before the background job opens it (sed below races otherwise)
  "$1" --port 0 --db "$tmp/server.db" --cert "$tmp/dev-cert.pem" --key "$tmp/dev-key.pem" \
    >"$tmp/log" 2>&1 &
  pid=$!
  port=""
  for _ in $(seq 1 100); do
    port=$(sed -n 's/.*listening on https:\/\/127.0.0.1:\([0-9]*\)\/.*/\1/p' "$tmp/log")
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ] || { echo "FAIL: server did not report a port"; cat "$tmp/log"; exit 1; }
}
