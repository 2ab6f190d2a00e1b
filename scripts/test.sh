#!/usr/bin/env bash
# test.sh: the README's second command: install what is missing, build the ASan+UBSan build
# with warnings as errors, and run the whole ctest suite. Extra args go to ctest (-L unit ...).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
scripts/build.sh asan
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
ctest --test-dir build/asan --output-on-failure -j "$(nproc)" "$@"
