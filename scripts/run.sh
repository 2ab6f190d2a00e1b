#!/usr/bin/env bash
# run.sh: the README's first command: install what is missing, build the release binaries,
# make a development certificate if none exists, and run the server (extra args pass on).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
scripts/build.sh release
[ -f certs/dev-cert.pem ] || certs/gen-dev-certs.sh
exec build/release/server/bughouse-server "$@"
