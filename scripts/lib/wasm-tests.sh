#!/usr/bin/env bash
# The WebAssembly stage of scripts/test: installs Emscripten and Node where they
# are missing, builds the JavaScript module and the Node command line
# (scripts/lib/wasm-build.sh), then runs the Node tests of js/test/ (node --test),
# which compare every verdict with the native command line's
# (ARBITER_NATIVE_BIN: build/release/arbiter, from scripts/test's Release stage;
# those tests are skipped, with a message, where it does not exist).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/wasm-build.sh"
arbiter_ensure_packages emscripten nodejs

started=$SECONDS
arbiter_log "WebAssembly build (Emscripten, SIMD128)"
arbiter_wasm_build "$ARBITER_ROOT/build/wasm"
arbiter_wasm_install "$ARBITER_ROOT/build/wasm"
arbiter_log "WebAssembly build: $((SECONDS - started)) s"

native="${ARBITER_NATIVE_BIN:-$ARBITER_ROOT/build/release/arbiter}"
if [ -x "$native" ]; then
  export ARBITER_NATIVE_BIN="$native"
else
  unset ARBITER_NATIVE_BIN
  arbiter_log "no native arbiter at $native: the comparisons with it are skipped"
fi
export ARBITER_WASM_CLI="$ARBITER_ROOT/build/wasm/arbiter.js"
tested=$SECONDS
(cd "$ARBITER_ROOT/js" && node --test test/*.test.mjs)
arbiter_log "WebAssembly tests: $((SECONDS - tested)) s (stage: $((SECONDS - started)) s)"
