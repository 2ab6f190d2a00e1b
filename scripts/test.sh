#!/usr/bin/env bash
# test.sh: the README's second command: install what is missing, build the ASan+UBSan build
# (gcc) with warnings as errors, build everything again with clang (warnings as errors, the
# libFuzzer drivers too) and run its unit tests and fuzz corpora, then run the whole ctest
# suite on the ASan build. Extra args go to that last ctest (-L unit ...). BH_TEST_CLANG=0
# skips the clang part (about a minute on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
scripts/build.sh asan
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
if [ "${BH_TEST_CLANG:-1}" != 0 ]; then
  scripts/build.sh clang
  ctest --test-dir build/clang --output-on-failure -j "$(nproc)" -L 'unit|fuzz'
  # what each libFuzzer driver covers of the code under test from its committed corpus
  # (libFuzzer's INITED line: cov = edges, ft = features)
  for d in build/clang/tests/fuzz_*; do
    [ -x "$d" ] || continue
    n=${d##*/fuzz_}
    line=$("$d" -runs=0 "tests/fuzz/corpus/$n" 2>&1 | grep -m1 'INITED' || true)
    echo "fuzz_$n over tests/fuzz/corpus/$n: ${line#*INITED }"
  done
fi
ctest --test-dir build/asan --output-on-failure -j "$(nproc)" "$@"
