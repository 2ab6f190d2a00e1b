#!/usr/bin/env bash
# deps.sh: install the Debian packages the build and tests need, if any is missing.
# Runs as root (or through sudo). Prints what it installs; silent when all are present.
set -euo pipefail
pkgs=(build-essential cmake pkg-config libwebsockets-dev libwebsockets-evlib-ev libev-dev
      libssl-dev openssl libsqlite3-dev sqlite3 libcjson-dev curl ca-certificates)
pkgs+=("$@")
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "deps: installing ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
