#!/usr/bin/env bash
# web-deps.sh [--run|--test]: npm packages of the web client and its browser test
# (package-lock.json pins them): chessground, qrcode-generator and uplot for clients/web (copied to clients/web/vendor/,
# which the server serves) and, unless --run, playwright-core for tests/browser. Quiet when
# everything is already in place.
set -euo pipefail
cd "$(dirname "$0")/.."
dirs=(clients/web tests/browser)
[ "${1:-}" = "--run" ] && dirs=(clients/web)
for d in "${dirs[@]}"; do
  if [ ! -d "$d/node_modules" ] || [ "$d/package-lock.json" -nt "$d/node_modules/.package-lock.json" ]; then
    echo "web-deps: npm ci in $d"
    # In the directory, not with --prefix: with --prefix npm reads its global config from
    # $d/etc/npmrc instead of the machine's, and so misses a proxy's cafile set there.
    (cd "$d" && npm ci --no-audit --no-fund --no-update-notifier --loglevel=error >/dev/null)
  fi
done
src=clients/web/node_modules/chessground
dst=clients/web/vendor/chessground
mkdir -p "$dst"
for f in dist/chessground.min.js assets/chessground.base.css assets/chessground.brown.css \
         assets/chessground.cburnett.css LICENSE; do
  cmp -s "$src/$f" "$dst/$(basename "$f")" || cp "$src/$f" "$dst/"
done
# qrcode-generator (MIT, Kazuhiko Arase; its licence is in the file's header): the QR codes of
# the printed team links (links.html). Its ES module is served as .js (the MIME type the
# server's static files know for a module script).
mkdir -p clients/web/vendor/qrcode
cmp -s clients/web/node_modules/qrcode-generator/dist/qrcode.mjs clients/web/vendor/qrcode/qrcode.js ||
  cp clients/web/node_modules/qrcode-generator/dist/qrcode.mjs clients/web/vendor/qrcode/qrcode.js
# uPlot (MIT, Leon Sorokin): the rating chart of the profile page (profile.html). Its ES module
# and stylesheet.
src=clients/web/node_modules/uplot
dst=clients/web/vendor/uplot
mkdir -p "$dst"
for f in dist/uPlot.esm.js dist/uPlot.min.css LICENSE; do
  cmp -s "$src/$f" "$dst/$(basename "$f")" || cp "$src/$f" "$dst/"
done
