#!/usr/bin/env bash
# scripts/lib/setup.sh's arbiter_build, on a scratch build folder (only the tiny
# arbiter_commit target is built): CMake options that change reconfigure, options
# left out go back to their defaults, and two concurrent builds of one folder
# configure it once (the second waits for the lock).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/setup.sh"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
export ARBITER_TARGET=arbiter_commit
fail() { echo "FAIL: $*" >&2; exit 1; }
configures() { grep -c "Configuring done" "$1" || true; }
slider_option() { grep "^ARBITER_SLIDERS:" "$dir/b/CMakeCache.txt" | cut -d= -f2; }

# Two starts at once: one configures, the other waits and finds nothing to do.
arbiter_build "$dir/b" -DCMAKE_BUILD_TYPE=Release >"$dir/one.log" 2>&1 &
arbiter_build "$dir/b" -DCMAKE_BUILD_TYPE=Release >"$dir/two.log" 2>&1 &
wait
total=$(($(configures "$dir/one.log") + $(configures "$dir/two.log")))
[ "$total" -eq 1 ] || fail "concurrent builds configured $total times"

arbiter_build "$dir/b" -DCMAKE_BUILD_TYPE=Release >"$dir/same.log" 2>&1
[ "$(configures "$dir/same.log")" -eq 0 ] || fail "unchanged options reconfigured"

ARBITER_CMAKE_ARGS="-DARBITER_SLIDERS=magic" arbiter_build "$dir/b" -DCMAKE_BUILD_TYPE=Release \
  >"$dir/magic.log" 2>&1
[ "$(configures "$dir/magic.log")" -eq 1 ] || fail "a new option did not reconfigure"
[ "$(slider_option)" = magic ] || fail "ARBITER_SLIDERS is $(slider_option), not magic"

arbiter_build "$dir/b" -DCMAKE_BUILD_TYPE=Release >"$dir/back.log" 2>&1
[ "$(slider_option)" = auto ] || fail "a dropped option stayed: ARBITER_SLIDERS=$(slider_option)"
[ -f "$dir/b/generated/arbiter_commit.h" ] || fail "the target was not built"
echo "arbiter_build: 4 checks passed"
