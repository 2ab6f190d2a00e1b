#!/usr/bin/env bash
# format.sh [--check]: clang-format (the repository's .clang-format) on every C file git
# tracks (server/, clients/bot/, tests/, bench/, tools/). --check changes nothing and fails,
# naming each file and line, where a file differs from its formatted self (ctest
# clang_format, label unit). Debian 12's clang-format 14 is the reference; scripts/deps.sh
# installs it.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || { echo "format.sh: clang-format not found (apt-get install clang-format)" >&2; exit 1; }
mapfile -t files < <(git ls-files '*.c' '*.h')
if [ "${1:-}" = "--check" ]; then
  clang-format --dry-run --Werror "${files[@]}"
  echo "format.sh: ${#files[@]} files formatted as .clang-format says"
else
  clang-format -i "${files[@]}"
fi
