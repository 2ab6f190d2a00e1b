#!/usr/bin/env bash
# deps.sh: install the Debian packages the build and tests need, if any is missing.
# Runs as root (or through sudo). Prints what it installs; silent when all are present.
# Then scripts/web-deps.sh: the npm packages (npm ci) of clients/web and tests/browser.
set -euo pipefail
pkgs=(build-essential cmake pkg-config libwebsockets-dev libwebsockets-evlib-ev libev-dev
      libssl-dev openssl libsqlite3-dev sqlite3 libcjson-dev curl ca-certificates
      nodejs chromium)
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
# npm packages of the web client and the browser test (chessground, playwright-core).
"$(dirname "$0")/web-deps.sh"
