#!/usr/bin/env bash
# gen-dev-certs.sh [DIR]: make a self-signed development certificate for localhost with the
# openssl command line: DIR/dev-cert.pem and DIR/dev-key.pem (default DIR: this folder).
# Development only: browsers will warn. The key is git-ignored; never commit it.
set -euo pipefail
dir=${1:-$(dirname "$0")}
mkdir -p "$dir"
openssl req -x509 -newkey rsa:2048 -nodes -sha256 -days 365 \
  -subj "/CN=localhost" \
  -addext "subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1" \
  -keyout "$dir/dev-key.pem" -out "$dir/dev-cert.pem" 2>/dev/null
chmod 600 "$dir/dev-key.pem"
echo "certs: wrote $dir/dev-cert.pem and $dir/dev-key.pem (self-signed, 365 days)"
