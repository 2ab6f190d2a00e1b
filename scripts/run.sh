#!/usr/bin/env bash
# run.sh: the README's first command: install what is missing, build the release binaries and
#   scripts/run.sh                  run the demo: the server (--no-tls, 127.0.0.1:8080, embedded
#                                   database in demo-out/) plays a 5-round Swiss tournament of 8
#                                   bot teams at 1+0 to the end (each round paired from the results
#                                   so far; T-ROUNDS' default would make 8 teams a round robin),
#                                   then keeps serving the pages until Ctrl-C
#   scripts/run.sh demo [FLAGS]     the same with bughouse-demo's flags (--help lists them)
#   scripts/run.sh demo --format club-rr [FLAGS]
#                                   the club round robin of seed 004 (bughouse-club-demo: 6 bot
#                                   teams, 6 boards + 4 reserves, line-ups, a short team, a
#                                   forfeit, protests; PGN, TRF, crosstable in demo-out/club)
#   scripts/run.sh demo --format league [FLAGS]
#                                   the team league of seed 003 (bughouse-league-demo: 20 bot
#                                   teams of 10 boards in 4 groups, challenges with compressed
#                                   deadlines: accepted, countered, lapsed, substituted,
#                                   forfeited; the knockout with a drawn match decided by
#                                   rating, the final; group tables, bracket, TRF and PGN in
#                                   demo-out/league; --exit ends it with the league)
#   scripts/run.sh server [FLAGS]   only the server (TLS with a development certificate made on
#   scripts/run.sh --FLAG ...       first start); flags pass on to bughouse-server
set -euo pipefail
cd "$(dirname "$0")/.."
extra=()
for a in "$@"; do # --bot uci plays through Fairy-Stockfish (Debian's fairy-stockfish),
    # --bot cecp through xboard engines (Debian's sjeng and fairy-stockfish)
    [ "$a" = uci ] && extra=(fairy-stockfish)
    [ "$a" = cecp ] && extra=(sjeng fairy-stockfish)
done
scripts/deps.sh --run "${extra[@]}"
scripts/build.sh release
if [ $# -eq 0 ]; then
    exec build/release/clients/bot/bughouse-demo --keep --rounds 5
fi
case "$1" in
demo)
    shift
    if [ "${1:-}" = --format ] && [ "${2:-}" = club-rr ]; then
        shift 2
        exec build/release/clients/bot/bughouse-club-demo "$@"
    fi
    if [ "${1:-}" = --format ] && [ "${2:-}" = league ]; then
        shift 2
        exec build/release/clients/bot/bughouse-league-demo "$@"
    fi
    exec build/release/clients/bot/bughouse-demo "$@"
    ;;
server) shift ;;
esac
exec build/release/server/bughouse-server "$@"
