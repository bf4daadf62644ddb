#!/usr/bin/env bash
# The WebAssembly build (Emscripten): configure and build build/wasm (or DIR),
# then copy the JavaScript module into js/dist/ (arbiter.mjs + arbiter.wasm).
#   scripts/lib/wasm-build.sh                  SIMD128 NNUE, into js/dist/
#   scripts/lib/wasm-build.sh DIR [cmake args] another build, e.g. the scalar one:
#     scripts/lib/wasm-build.sh build/wasm-scalar -DARBITER_SIMD=scalar   (not copied)
#   ARBITER_TARGET=arbiter_js   build one target (default: the module and the Node CLI)
# Debian's emscripten package brings its system libraries prebuilt (a frozen
# cache in /usr/share/emscripten/cache), so a fresh machine builds nothing
# there; an emsdk build keeps its cache in its own folder, or in EM_CACHE.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

# Emscripten runs its JavaScript optimiser (acorn) with this node: Debian's
# node-acorn lives in /usr/share/nodejs, which a node from elsewhere (NodeSource)
# does not search.
arbiter_wasm_env() {
  if [ -d /usr/share/nodejs ]; then export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"; fi
}

# arbiter_wasm_build DIR [cmake options...]
arbiter_wasm_build() {
  local dir="$1"; shift
  arbiter_wasm_env
  command -v emcmake >/dev/null || { arbiter_log "emcmake not found: install emscripten"; return 1; }
  mkdir -p "$dir"
  local stamp="$dir/.arbiter-wasm-options" wanted
  wanted="$(printf '%s\n' "$@")"
  if [ ! -f "$dir/build.ninja" ] || [ "$wanted" != "$(cat "$stamp" 2>/dev/null || true)" ]; then
    emcmake cmake -S "$ARBITER_ROOT" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DARBITER_ARCH=default -DARBITER_BUILD_TESTS=OFF -DARBITER_WASM=ON "$ARBITER_UNITY" "$@" >&2
    printf '%s\n' "$wanted" >"$stamp"
  fi
  if [ -n "${ARBITER_TARGET:-}" ]; then
    cmake --build "$dir" --parallel "$(nproc)" --target "$ARBITER_TARGET" >&2
  else
    cmake --build "$dir" --parallel "$(nproc)" --target arbiter_js arbiter >&2
  fi
}

# The module of DIR into js/dist/, where js/index.mjs imports it.
arbiter_wasm_install() {
  local dir="$1"
  mkdir -p "$ARBITER_ROOT/js/dist"
  cp "$dir/module/arbiter.mjs" "$dir/module/arbiter.wasm" "$ARBITER_ROOT/js/dist/"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  if [ $# -eq 0 ]; then
    arbiter_wasm_build "$ARBITER_ROOT/build/wasm"
    arbiter_wasm_install "$ARBITER_ROOT/build/wasm"
    arbiter_log "js/dist/arbiter.mjs and arbiter.wasm ready; Node CLI: node build/wasm/arbiter.js"
  else
    arbiter_wasm_build "$@"
  fi
fi
