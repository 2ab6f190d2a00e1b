#!/usr/bin/env bash
# bench/run-all.sh [SECTION...]: every performance figure the README and bench/load/README.md
# quote, each printed under the command that produced it and the machine's load average, so
# a figure can be traced to its command and judged against the load it was taken under.
# SPDX-License-Identifier: MIT
# Sections (default: all, in this order; about an hour on 2 quiet cores):
#   perft    bench_perft: ours (counting and list) against Fairy-Stockfish, median of 5: first
#            against the 8x8 build at $BH_FSF_8X8 when set (README, "Benchmarks": how to
#            build one), then against the installed one (or $BH_FSF)
#   game     bench_game: the real games through the full game model, median of 5 rounds
#   pairing  bench_pairing: one Swiss round of 50-4,000 teams, median of 5
#   ramp     bench_load --ramp, wss and ws, 3 runs per N (median and range)
#   load10   bench_load at 4,900 wss games, 10 runs (none may fail)
#   long     bench_load at 1,500 ws games over a 15-minute window, a row a minute
# Figures are only as good as the machine is quiet: run it with nothing else busy (uptime's
# load average should stay well under the number of cores) and quote medians with their
# range. Builds the release preset first (BH_PRESET=native for the -march=native build).
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${BH_PRESET:-release}
sections=("$@")
[ ${#sections[@]} -gt 0 ] || sections=(perft game pairing ramp load10 long)
for s in "${sections[@]}"; do
  case $s in
    perft | game | pairing | ramp | load10 | long) ;;
    *)
      echo "run-all.sh: unknown section $s (perft game pairing ramp load10 long)" >&2
      exit 2
      ;;
  esac
done

scripts/build.sh "$preset" >/dev/null
bin=build/$preset/bench

# run CMD...: print the command, the time and load average, then run it. A failing bench
# (bench_load exits 1 when a run lost a connection or a move) is reported, not fatal.
run() {
  echo
  echo "\$ $*"
  echo "# $(date -u +%FT%TZ), load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
  local rc=0
  "$@" || rc=$?
  [ "$rc" -eq 0 ] || echo "# exit status $rc"
}

echo "# bench/run-all.sh ${sections[*]}: $(git rev-parse --short HEAD 2>/dev/null || echo '?'), preset $preset"
echo "# $(uname -srm); $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
for s in "${sections[@]}"; do
  case $s in
    perft)
      [ -z "${BH_FSF_8X8:-}" ] || run "$bin/perft/bench_perft" --engine "$BH_FSF_8X8" --repeat 5
      run "$bin/perft/bench_perft" --repeat 5
      ;;
    game) run "$bin/game/bench_game" 50 --rounds 5 ;;
    pairing) run "$bin/pairing/bench_pairing" ;;
    ramp)
      run "$bin/load/bench_load" --ramp 1000,2500,4000,4900 --rate-ms 2000 --runs 3
      run "$bin/load/bench_load" --ramp 1000,2500,4000,4900 --rate-ms 2000 --runs 3 --no-tls
      ;;
    load10) run "$bin/load/bench_load" --games 4900 --rate-ms 2000 --runs 10 ;;
    long)
      run "$bin/load/bench_load" --games 1500 --rate-ms 2000 --no-tls --seconds 900 \
        --report-s 60
      ;;
  esac
done
