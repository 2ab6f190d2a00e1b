#!/usr/bin/env bash
# build.sh PRESET: configure and build one preset (release, dev, asan) into build/PRESET.
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-release}
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j "$(nproc)"
