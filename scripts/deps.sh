#!/usr/bin/env bash
# deps.sh [--run] [PACKAGE...]: install the Debian packages the build and tests need, if any
# is missing. Runs as root (or through sudo). Prints what it installs; silent when all are
# present. Then scripts/web-deps.sh: the npm packages (npm ci) of clients/web and
# tests/browser. --run (scripts/run.sh): only what building and running need: no chromium,
# no clang, no browser-test packages, any Node.js. PACKAGEs are added (run.sh: fairy-stockfish for
# --bot uci).
set -euo pipefail
mode=test
if [ "${1:-}" = "--run" ]; then
  mode=run
  shift
fi
pkgs=(build-essential cmake pkg-config libwebsockets-dev libwebsockets-evlib-ev libev-dev
      libssl-dev openssl libsqlite3-dev sqlite3 libpq-dev libcjson-dev libsodium-dev curl ca-certificates nodejs)
# Tests: chromium for the browser tests, poppler-utils (pdftoppm, pdfinfo) for the print test;
# clang (and its sanitizer/libFuzzer runtime) for the second compiler's build in scripts/test.sh;
# clang-format for ctest clang_format (tools/format.sh --check).
# python3 runs protocol/gen.py --check (ctest protocol_docs_current) and league_demo.sh.
# sjeng and fairy-stockfish: the CECP bridge's engines (test_ws_cecp: two of each as partners);
# python3-websockets: the Python bot of docs/bots.md (ctest test_ws_python_bot, run by /usr/bin/python3).
# postgresql: the server binaries tests/integration/pg_cluster.sh runs for the store suite on
# PostgreSQL (ctest test_store_pg); missing, that test fails. haproxy: the cluster's front
# (scripts/haproxy-cfg.sh; ctest test_ws_nodes_pg runs one).
[ "$mode" = run ] || pkgs+=(chromium poppler-utils clang clang-format libclang-rt-dev python3
                            sjeng fairy-stockfish python3-websockets postgresql haproxy)
pkgs+=("$@")
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
command -v npm >/dev/null || missing+=(npm) # Debian's nodejs comes without npm
if [ ${#missing[@]} -gt 0 ]; then
  echo "deps: installing ${missing[*]}"
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# playwright-core (tests/browser) needs Node.js >= 20; Debian 12's own nodejs is 18. The
# project's machines come with NodeSource's nodejs 20; anywhere else, say what is missing.
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$mode" = test ] && [ "$node_major" -lt 20 ]; then
  echo "deps: Node.js >= 20 is needed for the browser tests (found: $(node --version 2>/dev/null || echo none))." >&2
  echo "deps: install NodeSource's nodejs 20 (node_20.x apt source), then run this again." >&2
  exit 1
fi
# npm packages of the web client and the browser test (chessground, playwright-core).
"$(dirname "$0")/web-deps.sh" "--$mode"
