#!/usr/bin/env bash
# The installed library is complete: `cmake --install` into a scratch prefix, then
# the programs of examples/ built against it, once through the CMake package
# (find_package(arbiter CONFIG)) and once through pkg-config, and run.
#   installed_library_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build="$1" source="$2"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
expect_line() {  # FILE LINE
  grep -qxF "$2" "$1" || { cat "$1" >&2; fail "missing line '$2'"; }
}
mate_in_one="6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
games="$source/tests/data/adjudicate-errors.pgn"

cmake --install "$build" --prefix "$scratch/prefix" >"$scratch/install.log"
[ -f "$scratch/prefix/lib/libarbiter.a" ] || fail "no libarbiter.a installed"
[ -x "$scratch/prefix/bin/arbiter" ] || fail "no arbiter program installed"

# Through the CMake package.
cmake -S "$source/examples" -B "$scratch/examples" -DCMAKE_PREFIX_PATH="$scratch/prefix" \
  >"$scratch/configure.log" 2>&1 || { cat "$scratch/configure.log" >&2; fail "configure"; }
cmake --build "$scratch/examples" >"$scratch/build.log" 2>&1 || { cat "$scratch/build.log" >&2; fail "build"; }
"$scratch/examples/best_move" "$mate_in_one" 4 >"$scratch/best.txt"
grep -q "^bestmove a1a8 " "$scratch/best.txt" || { cat "$scratch/best.txt" >&2; fail "best_move"; }
"$scratch/examples/judge_pgn" "$games" >"$scratch/judged.txt"
expect_line "$scratch/judged.txt" "1: A - B: 1-0, checkmate, FIDE 5.1.1"
expect_line "$scratch/judged.txt" "3: E - F: 1/2-1/2, agreement, FIDE 5.2.3"
grep -q "^2: unreadable: .*illegal SAN 'Ke3'" "$scratch/judged.txt" || fail "judge_pgn error line"

# Through pkg-config (skipped with a message where it is not installed).
if command -v pkg-config >/dev/null; then
  export PKG_CONFIG_PATH="$scratch/prefix/lib/pkgconfig"
  read -r -a flags <<<"$(pkg-config --cflags --libs arbiter)"
  "${CXX:-c++}" -O1 "$source/examples/best_move.cpp" -o "$scratch/best_pc" "${flags[@]}" ||
    fail "pkg-config build"
  "$scratch/best_pc" "$mate_in_one" 4 | grep -q "^bestmove a1a8 " || fail "pkg-config best_move"
  pkg_config="and pkg-config"
else
  echo "pkg-config is not installed: its check is skipped" >&2
  pkg_config="(pkg-config skipped)"
fi
echo "installed library: examples built and run through the CMake package $pkg_config"
