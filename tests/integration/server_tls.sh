#!/usr/bin/env bash
# server_tls.sh SERVER_BINARY: what a TLS client is offered (certs/README.md, issue 25 items 1
# and 2). HTTP/1.1 only: a client that offers h2 first gets http/1.1 by ALPN (an h2 PING flood
# has no h2 to flood: h2_flood.py sends one, and the server's memory stays within 8 MB). TLS 1.2 and 1.3 only. With the RSA development certificate every
# TLS 1.2 suite this openssl knows is tried one by one: exactly Mozilla's intermediate suites
# for an RSA key are accepted (ECDHE with AES-GCM or ChaCha20-Poly1305), so no static RSA
# key exchange, no CBC, no SHA-1 MAC.
set -euo pipefail
bin=$1
. "$(dirname "$0")/tls_server.sh"
start_tls_server "$bin"
# OPENSSL_CONF=/dev/null: the client is not held to the system's own minimum (Debian's
# openssl.cnf refuses TLS 1.0/1.1 itself), so what is refused below is the server's refusal
hello() { echo | OPENSSL_CONF=/dev/null timeout 10 openssl s_client -connect "127.0.0.1:$port" "$@" 2>&1 || true; }
out=$(hello -alpn h2,http/1.1)
grep -q '^ALPN protocol: http/1.1' <<<"$out" || { echo "FAIL: ALPN with h2 offered:"; grep -i alpn <<<"$out"; exit 1; }
grep -q '^New, TLSv1.3, Cipher is' <<<"$out" || { echo "FAIL: no TLS 1.3 by default"; exit 1; }
# an HTTP/2 PING flood by peers that never read leaves the server's memory where it was
python3 "$(dirname "$0")/h2_flood.py" "$port" "$pid" 5 || exit 1
for old in -tls1 -tls1_1; do
  if hello "$old" -cipher 'ALL:@SECLEVEL=0' | grep -q 'Cipher is [A-Z]'; then
    echo "FAIL: $old accepted"; exit 1
  fi
done
accepted=()
for suite in $(openssl ciphers -s -tls1_2 'ALL:@SECLEVEL=0' | tr ':' ' '); do
  if hello -tls1_2 -cipher "$suite:@SECLEVEL=0" | grep -q "Cipher is $suite\$"; then
    accepted+=("$suite")
  fi
done
got=$(printf '%s\n' "${accepted[@]}" | sort | tr '\n' ' ')
want="ECDHE-RSA-AES128-GCM-SHA256 ECDHE-RSA-AES256-GCM-SHA384 ECDHE-RSA-CHACHA20-POLY1305 "
[ "$got" = "$want" ] || { echo "FAIL: TLS 1.2 suites accepted: $got; want $want"; exit 1; }
kill -TERM "$pid"
wait "$pid"
echo "ok: http/1.1 by ALPN, TLS 1.2 and 1.3 only, TLS 1.2 suites: $got"
