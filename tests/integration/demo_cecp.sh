#!/usr/bin/env bash
# demo_cecp.sh DEMO SERVER: the Swiss demo with engine teams: 3 teams (Sjeng, Fairy-Stockfish,
# random), a 3-round round robin at 10+0. It finishes; the registration lines name each
# engine team's engine; the standings rank all three; every game's BPGN is written, and the
# engine games carry the partner talk as comments ({[%chat ...]}). Skipped (77) without sjeng
# or fairy-stockfish (PATH or /usr/games). SPDX-License-Identifier: MIT
set -euo pipefail
demo=$1 server=$2
for e in sjeng fairy-stockfish; do
    command -v "$e" >/dev/null 2>&1 || [ -x "/usr/games/$e" ] || { echo "no $e: skipped"; exit 77; }
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail() {
    echo "demo_cecp: $*"
    printf '%s\n' "$log" | tail -40
    tail -30 "$out/run/server.log" 2>/dev/null
    exit 1
}
log=$("$demo" --server "$server" --web clients/web --port 0 --out "$out/run" --teams 3 \
      --base-ms 10000 --pace-ms 200 --bot cecp --engine-cmd sjeng \
      --engine-cmd fairy-stockfish --engine-teams 2 2>"$out/bots.err") || fail "demo failed"
grep -q 'registered (team id 1), played by the engine sjeng' <<<"$log" || fail "team 1 not Sjeng's"
grep -q 'registered (team id 2), played by the engine fairy-stockfish' <<<"$log" ||
    fail "team 2 not Fairy-Stockfish's"
grep -q '^final standings' <<<"$log" || fail "no final standings"
rows=$(sed -n '/^final standings/,/^MP match points/p' <<<"$log" | grep -cE '^ +[0-9]+ +[A-Z]')
[ "$rows" -eq 3 ] || fail "$rows standings rows, want 3"
games=$(ls "$out/run/games" | grep -c '\.bpgn$')
[ "$games" -gt 0 ] || fail "no BPGN"
chats=$(grep -l '{\[%chat ' "$out/run/games/"*.bpgn | wc -l)
[ "$chats" -gt 0 ] || fail "no BPGN carries the partner talk"
echo "demo_cecp: $games games, $chats with partner talk; $(grep -c 'the engine loses' "$out/bots.err" || true) engine losses for a bridge reason"
sed -n '/^final standings/,/^MP match points/p' <<<"$log"
