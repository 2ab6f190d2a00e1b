#!/usr/bin/env bash
# club_demo.sh DEMO SERVER: bughouse-club-demo runs a seed-004 event to its end through the
# server (issue 15). 6 teams, 5 rounds, 3 matches of 6 boards: 90 boards, each a chess game
# hosted by the server and played over the wire by bots with the tokens of the captains'
# assigns (no result entered by the arbiter); the short team of round 2 loses boards 5 and 6
# by forfeit (F-SHORT) and one board of round 3 is forfeited when its Black does not come in
# the waiting time (T-WAIT, decided by the server), so 87 chess games are played (87 PGN files
# as the server exports them, each with a result and clocks). The TRF has 5 rounds, one 001 record per roster player (60) and 6 team records; the
# crosstable has a row per team; the ranking is printed. Seeds vary the games, not the counts.
set -euo pipefail
demo=$1 server=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# The waiting time (4 s) is shorter than the clock (5 s), so the absent Black is forfeited
# before a flag; it is long enough for the in-process bots to reach their boards on a loaded
# machine (with 2 s an ASan run beside the browser suite once forfeited a present bot). The
# break (6 s) is the window for the next line-ups and the protests: with 3 s, six busy loops
# on two cores made team 3's short line-up late, so it played six boards (89 games).
# On any failure the demo's output and the server log's tail are printed.
fail() {
    echo "seed $seed: $*"
    printf '%s\n' "$log" | tail -60
    tail -30 "$out/run/server.log" 2>/dev/null
    exit 1
}
for seed in 7 1234; do
    rm -rf "$out/run"
    log=
    log=$("$demo" --server "$server" --web clients/web --port 0 --out "$out/run" --break-s 6 \
          --base-ms 5000 --wait-s 4 --pace-ms 20 --seed "$seed") || fail "demo failed"
    games=$(ls "$out/run/games" | wc -l) clocked=0
    [ "$games" = 87 ] || fail "$games games, want 87"
    for f in "$out/run/games"/*.pgn; do
        grep -q '^\[Result "\(1-0\|0-1\|1/2-1/2\)"\]' "$f" || fail "no result in $f"
        # a game with a move carries its clocks ([%clk]); on a loaded machine a bot may flag
        # before its first move (a game of no moves has none), so that is counted, not failed
        if grep -Eq '(^| )1\. ' "$f"; then
            grep -q '\[%clk ' "$f" || fail "no clocks in $f: $(cat "$f")"
            clocked=$((clocked + 1))
        fi
    done
    [ "$clocked" -gt 0 ] || fail "no game with moves"
    trf=$out/run/club.trf
    grep -q '^XXR 5$' "$trf" || fail "TRF rounds"
    [ "$(grep -c '^001 ' "$trf")" = 60 ] || fail "TRF players"
    [ "$(grep -c '^310 ' "$trf")" = 6 ] || fail "TRF teams"
    # the three forfeits as TRF + / -: two empty boards (0000 - +) and the absent player (+, -)
    [ "$(grep -o '0000 - +' "$trf" | wc -l)" = 2 ] || fail "TRF empty boards"
    [ "$(grep -o ' [wb] -' "$trf" | wc -l)" = 1 ] || fail "TRF forfeit loss"
    [ "$(grep -c '^[1-6] ' "$out/run/crosstable.txt")" = 6 ] || fail "crosstable"
    grep -q 'final ranking' <<<"$log" || fail "no ranking printed"
    grep -q 'protest 1 .* upheld' <<<"$log" || fail "no protest upheld"
    grep -q 'Black absent after the waiting time' <<<"$log" || fail "no T-WAIT forfeit"
    # no board result came from the arbiter: every game's end reached the event by itself
    # (the server's own forfeit is logged as "adjudicated by the director: 1-0 forfeit")
    ! grep -q 'adjudicated by the director: [^ ]* arbiter' "$out/run/server.log" ||
        fail "a result was entered by the arbiter"
done
echo ok
