#!/usr/bin/env bash
# The installed library stands on its own for the plainest user: tests/consumer
# (find_package, one target, no language standard, no flags) includes every
# installed public header, judges a game and prints one line, compared exactly.
# Built twice: with no flags, and with -DCMAKE_CXX_FLAGS=-march=x86-64 (x86-64
# hosts) while the library may be built for another level (ARBITER_ARCH=native,
# x86-64-v3, ...): the public headers must mean the same whatever instruction set
# the user compiles for. The compile command must get C++20 from the target and
# no instruction-set flag of the library's.
#   consumer_test.sh BUILD_DIR SOURCE_DIR          cmake --install BUILD_DIR into a scratch prefix
#   consumer_test.sh --prefix PREFIX SOURCE_DIR    an existing install (an unpacked .deb's usr)
set -euo pipefail
usage() { echo "usage: $0 BUILD_DIR SOURCE_DIR | $0 --prefix PREFIX SOURCE_DIR" >&2; exit 2; }
fail() { echo "FAIL: consumer: $*" >&2; exit 1; }

[ $# -ge 2 ] || usage
if [ "$1" = "--prefix" ]; then
  [ $# -eq 3 ] || usage
  build="" prefix="$2" source="$3"
else
  [ $# -eq 2 ] || usage
  build="$1" prefix="" source="$2"
fi
[ -f "$source/tests/consumer/CMakeLists.txt" ] || fail "$source is not Arbiter's source folder"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

if [ -n "$build" ]; then
  prefix="$scratch/prefix"
  cmake --install "$build" --prefix "$prefix" >"$scratch/install.log" 2>&1 ||
    { cat "$scratch/install.log" >&2; fail "cmake --install $build"; }
fi
compgen -G "$prefix/lib*/cmake/arbiter/arbiterConfig.cmake" >/dev/null ||
  compgen -G "$prefix/lib/*/cmake/arbiter/arbiterConfig.cmake" >/dev/null ||
  fail "no CMake package (lib/cmake/arbiter/arbiterConfig.cmake) under $prefix"
library_target="$("$prefix/bin/arbiter" --version | sed -n 's/^target: //p')"
echo "library: $prefix (target: ${library_target:-unknown})"

expected="fool's mate: 0-1, checkmate, FIDE 5.1.1, ply 4, Qh4# (fide-2023)"
passed=0
# NAME [CMAKE ARGUMENTS...]: configure, build and run the consumer; check its line
# and its compile command.
consume() {
  local name="$1" dir="$scratch/$1"
  shift
  cmake -S "$source/tests/consumer" -B "$dir" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "$@" >"$dir.configure.log" 2>&1 ||
    { cat "$dir.configure.log" >&2; fail "$name: configure"; }
  cmake --build "$dir" >"$dir.build.log" 2>&1 || { cat "$dir.build.log" >&2; fail "$name: build"; }
  local command
  command="$(grep -m1 '"command"' "$dir/compile_commands.json")"
  grep -Eq -- '-std=(gnu|c)\+\+(20|2a)' <<<"$command" ||
    fail "$name: C++20 does not come from arbiter::arbiter: $command"
  if grep -Eq -- '-march=native|-mavx|-mbmi|-msse4|-mpopcnt' <<<"$command"; then
    fail "$name: the library's instruction set leaks into its user: $command"
  fi
  local status=0
  "$dir/app" >"$dir.out" 2>&1 || status=$?
  [ "$status" -eq 0 ] || { cat "$dir.out" >&2; fail "$name: app exited with status $status"; }
  [ "$(cat "$dir.out")" = "$expected" ] ||
    { cat "$dir.out" >&2; fail "$name: printed the above instead of '$expected'"; }
  local headers installed
  headers="$(grep -c '^#include "arbiter/' "$dir/app.cpp")"
  installed="$(find "$prefix/include/arbiter" -name '*.h' | wc -l)"
  [ "$headers" -eq "$installed" ] || fail "$name: app.cpp includes $headers of the $installed public headers"
  echo "consumer ($name): $headers public headers, $(cat "$dir.out")"
  passed=$((passed + 1))
}

consume plain
if [ "$(uname -m)" = "x86_64" ]; then
  consume march-x86-64 -DCMAKE_CXX_FLAGS=-march=x86-64
else
  echo "consumer: not an x86-64 host: the -march=x86-64 build is skipped" >&2
fi
echo "consumer checks: $passed passed, 0 failed"
