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
for seed in 7 1234; do
    rm -rf "$out/run"
    log=$("$demo" --server "$server" --web clients/web --port 0 --out "$out/run" --break-s 3 --base-ms 3000 --pace-ms 20 \
          --seed "$seed") || { echo "demo failed (seed $seed)"; tail -30 "$out/run/server.log"; exit 1; }
    games=$(ls "$out/run/games" | wc -l)
    [ "$games" = 87 ] || { echo "seed $seed: $games games, want 87"; exit 1; }
    for f in "$out/run/games"/*.pgn; do
        grep -q '^\[Result "\(1-0\|0-1\|1/2-1/2\)"\]' "$f" || { echo "no result in $f"; exit 1; }
        grep -q '\[%clk ' "$f" || { echo "no clocks in $f"; exit 1; }
    done
    trf=$out/run/club.trf
    grep -q '^XXR 5$' "$trf" || { echo "TRF rounds"; exit 1; }
    [ "$(grep -c '^001 ' "$trf")" = 60 ] || { echo "TRF players"; exit 1; }
    [ "$(grep -c '^310 ' "$trf")" = 6 ] || { echo "TRF teams"; exit 1; }
    # the three forfeits as TRF + / -: two empty boards (0000 - +) and the absent player (+, -)
    [ "$(grep -o '0000 - +' "$trf" | wc -l)" = 2 ] || { echo "TRF empty boards"; exit 1; }
    [ "$(grep -o ' [wb] -' "$trf" | wc -l)" = 1 ] || { echo "TRF forfeit loss"; exit 1; }
    [ "$(grep -c '^[1-6] ' "$out/run/crosstable.txt")" = 6 ] || { echo "crosstable"; exit 1; }
    grep -q 'final ranking' <<<"$log" || { echo "no ranking printed"; exit 1; }
    grep -q 'protest 1 .* upheld' <<<"$log" || { echo "no protest upheld"; exit 1; }
    grep -q 'Black absent after the waiting time' <<<"$log" || { echo "no T-WAIT forfeit"; exit 1; }
    # no board result came from the arbiter: every game's end reached the event by itself
    # (the server's own forfeit is logged as "adjudicated by the director: 1-0 forfeit")
    ! grep -q 'adjudicated by the director: [^ ]* arbiter' "$out/run/server.log" ||
        { echo "a result was entered by the arbiter"; exit 1; }
done
echo ok
