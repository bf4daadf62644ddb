#!/usr/bin/env bash
# WebAssembly against native on this machine, measured back to back: the
# adjudicator's games per second on PGN files (one thread each) and the
# engine's nodes per second (bench), native and WebAssembly with the SIMD128
# and the scalar NNUE back end, in Node.
#   bench/wasm/compare.sh [FILE.pgn ...]
#   (default: tests/data/lichess-timeouts-200.pgn, and ../shared/data/games/lichess-timeouts.pgn
#   where it is)
# Needs build/release/arbiter (scripts/test or scripts/arbiter builds it; or
# ARBITER_NATIVE_BIN), build/wasm and build/wasm-scalar, which it builds when
# they are missing (scripts/lib/wasm-build.sh).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/wasm-build.sh"
cd "$ARBITER_ROOT"

native="${ARBITER_NATIVE_BIN:-build/release/arbiter}"
[ -x "$native" ] || { arbiter_log "no native arbiter at $native"; exit 1; }
[ -f build/wasm/arbiter.js ] || arbiter_wasm_build build/wasm
[ -f build/wasm-scalar/arbiter.js ] || arbiter_wasm_build build/wasm-scalar -DARBITER_SIMD=scalar

files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  files=(tests/data/lichess-timeouts-200.pgn)
  shared=../shared/data/games/lichess-timeouts.pgn
  [ -f "$shared" ] && files+=("$shared")
fi

out="$(mktemp)"
trap 'rm -f "$out"' EXIT
for file in "${files[@]}"; do
  start=$(date +%s.%N)
  "$native" adjudicate --format json --no-progress --threads 1 "$file" >"$out" || true
  end=$(date +%s.%N)
  games=$(tail -1 "$out" | sed -E 's/.*"games":([0-9]+).*/\1/')
  awk -v f="$file" -v g="$games" -v a="$start" -v b="$end" \
    'BEGIN { printf "%-48s %-15s %8.0f games/s  (%d games, %.2f s)\n", f, "native", g / (b - a), g, b - a }'
  for build in wasm wasm-scalar; do
    node bench/wasm/adjudicate-rate.mjs "build/$build/module/arbiter.mjs" "$file" |
      node -e 'const r = JSON.parse(require("fs").readFileSync(0, "utf8"));
               console.log(`${process.argv[1].padEnd(48)} ${process.argv[2].padEnd(15)} ` +
                           `${r.gamesPerSecond.toFixed(0).padStart(8)} games/s  (${r.games} games, ${r.seconds.toFixed(2)} s)`);' \
        "$file" "$build"
  done
done

nps_of() { "$@" 2>&1 | sed -nE 's/^([0-9]+) nodes ([0-9]+) nps$/\1 nodes \2 nps/p'; }
echo "bench native:                 $(nps_of "$native" bench)"
echo "bench wasm (simd128, Node):   $(nps_of node build/wasm/arbiter.js bench)"
echo "bench wasm (scalar, Node):    $(nps_of node build/wasm-scalar/arbiter.js bench)"
