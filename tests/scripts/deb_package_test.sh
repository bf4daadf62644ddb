#!/usr/bin/env bash
# Checks a .deb made by `cpack` (cmake/Packaging.cmake) without installing it
# system-wide: its control fields and file list, then `dpkg -x` into a scratch
# root, where the program runs (--version, bench) and examples/ and
# tests/consumer build against SCRATCH/usr, through the CMake package and
# pkg-config, and run (where the CPU has the package's x86-64 level).
#   deb_package_test.sh DEB_FILE SOURCE_DIR
# Ends with "deb checks: N passed, 0 failed"; exits 1 at the first failure.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 DEB_FILE SOURCE_DIR" >&2; exit 2; }
deb="$1" source="$2"
source "$(dirname "${BASH_SOURCE[0]}")/cpu_level.sh"
passed=0
ok() { passed=$((passed + 1)); echo "ok $passed: $*"; }
fail() {
  echo "FAIL: $*" >&2
  echo "deb checks: $passed passed, 1 failed"
  exit 1
}
for tool in dpkg-deb dpkg cmake; do
  command -v "$tool" >/dev/null || fail "$tool is not installed"
done
[ -f "$deb" ] || fail "no file $deb"
[ -f "$source/examples/CMakeLists.txt" ] || fail "$source is not Arbiter's source folder"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# --- The file name and the control fields ----------------------------------------
# arbiter_<version>_<debarch>[-<target>].deb; the target is the baseline when absent.
name="$(basename "$deb")"
[[ "$name" =~ ^arbiter_([0-9]+\.[0-9]+\.[0-9]+)_(amd64|arm64)(-([a-z0-9-]+))?\.deb$ ]] ||
  fail "$name is not arbiter_<version>_<amd64|arm64>[-<target>].deb"
version="${BASH_REMATCH[1]}" arch="${BASH_REMATCH[2]}" target="${BASH_REMATCH[4]}"
if [ -z "$target" ]; then
  case "$arch" in amd64) target=x86-64 ;; arm64) target=armv8 ;; esac
fi
ok "file name $name: version $version, architecture $arch, target $target"

dpkg-deb --info "$deb" >"$scratch/info.txt" || fail "dpkg-deb --info $deb"
cat "$scratch/info.txt"
field() { dpkg-deb --field "$deb" "$1"; }
[ "$(field Package)" = arbiter ] || fail "Package is '$(field Package)', not arbiter"
[ "$(field Version)" = "$version" ] || fail "Version is '$(field Version)', the file name says $version"
[ "$(field Architecture)" = "$arch" ] || fail "Architecture is '$(field Architecture)', the file name says $arch"
[ "$(field Maintainer)" = "The Arbiter developers" ] || fail "Maintainer is '$(field Maintainer)'"
[ "$(field Section)" = games ] || fail "Section is '$(field Section)', not games"
grep -q '^ Description: UCI chess engine, FIDE Laws' "$scratch/info.txt" || fail "no Description summary"
tr -s ' \n' ' ' <"$scratch/info.txt" | grep -q "for $target CPUs\|(ARBITER_ARCH=native)" ||
  fail "the Description does not name the target $target"
[ -z "$(field Homepage)" ] || fail "a Homepage field: '$(field Homepage)'"
depends="$(field Depends)"
[[ "$depends" == *libc6* ]] || fail "Depends '$depends' lacks libc6 (dpkg-shlibdeps did not run?)"
ok "control: arbiter $version $arch, section games, Depends: $depends"

# --- The files --------------------------------------------------------------------
dpkg-deb --contents "$deb" >"$scratch/contents.txt" || fail "dpkg-deb --contents $deb"
awk '{print $NF}' "$scratch/contents.txt" | sed 's|^\./|/|' >"$scratch/files.txt"
# The library folder is usr/lib, or usr/lib/<triplet> when CMake was configured
# with the prefix /usr (GNUInstallDirs' Debian rule).
libdir="$(sed -n 's|^\(/usr/lib\(/[a-z0-9_-]*\)\?\)/libarbiter\.a$|\1|p' "$scratch/files.txt")"
[ -n "$libdir" ] || { cat "$scratch/contents.txt" >&2; fail "no libarbiter.a in usr/lib"; }
for file in /usr/bin/arbiter /usr/include/arbiter/rules/game.h \
    "$libdir/cmake/arbiter/arbiterConfig.cmake" "$libdir/cmake/arbiter/arbiterConfigVersion.cmake" \
    "$libdir/cmake/arbiter/arbiterTargets.cmake" "$libdir/pkgconfig/arbiter.pc" \
    /usr/share/doc/arbiter/README.md /usr/share/doc/arbiter/LICENSE \
    /usr/share/doc/arbiter/NET-PROVENANCE.md; do
  grep -qxF "$file" "$scratch/files.txt" || { cat "$scratch/contents.txt" >&2; fail "$file is not in the package"; }
done
headers_in_source="$(find "$source/include/arbiter" -name '*.h' | wc -l)"
headers_in_deb="$(grep -c '^/usr/include/arbiter/.*\.h$' "$scratch/files.txt")"
[ "$headers_in_deb" -eq "$headers_in_source" ] ||
  fail "$headers_in_deb headers in the package, $headers_in_source in $source/include/arbiter"
# Tests and benchmarks are never packaged, nor anything outside /usr.
if grep -Eiq 'arbiter_tests|arbiter_bench|fake_uci_engine|gtest|gmock|/tests?/|/bench/' "$scratch/files.txt"; then
  grep -Ei 'arbiter_tests|arbiter_bench|fake_uci_engine|gtest|gmock|/tests?/|/bench/' "$scratch/files.txt" >&2
  fail "test or benchmark files in the package"
fi
outside="$(grep -v '^/usr/' "$scratch/files.txt" | grep -vxF / || true)"
[ -z "$outside" ] || fail "files outside /usr: $outside"
if awk '{print $2}' "$scratch/contents.txt" | grep -vxF root/root; then
  fail "files not owned by root/root"
fi
grep -q '^-rwxr-xr-x .* \./usr/bin/arbiter$' "$scratch/contents.txt" || fail "/usr/bin/arbiter is not mode 755"
ok "contents: program, $libdir/libarbiter.a, $headers_in_deb headers, CMake package, arbiter.pc, docs; nothing of tests/ or bench/; all root/root under /usr"

# --- Unpacked into a scratch root --------------------------------------------------
root="$scratch/root"
dpkg -x "$deb" "$root" || fail "dpkg -x $deb"
prefix="$root/usr"
for doc in README.md LICENSE; do
  cmp -s "$prefix/share/doc/arbiter/$doc" "$source/$doc" || fail "usr/share/doc/arbiter/$doc differs from $source/$doc"
done
cmp -s "$prefix/share/doc/arbiter/NET-PROVENANCE.md" "$source/nets/README.md" ||
  fail "usr/share/doc/arbiter/NET-PROVENANCE.md differs from $source/nets/README.md"
grep -q "Copyright (c) 2026 The Arbiter developers" "$prefix/share/doc/arbiter/LICENSE" || fail "LICENSE lacks the copyright line"
ok "docs in usr/share/doc/arbiter: README.md, LICENSE, NET-PROVENANCE.md (= nets/README.md)"

# The program: run here, or under qemu-user for an arm64 package on another host.
run=()
host="$(dpkg --print-architecture)"
# A build for a higher x86-64 level than this CPU has refuses to start (and its
# library's code would not run): those are checked where the CPU has the level.
if [ "$arch" = "$host" ] && ! cpu_runs_target "$target"; then
  echo "deb checks: the $target program and library are not run on this CPU (below $target)" >&2
  echo "deb checks: $passed passed, 0 failed"
  exit 0
fi
if [ "$arch" != "$host" ]; then
  [ "$arch" = arm64 ] && command -v qemu-aarch64 >/dev/null ||
    fail "cannot run an $arch program on this $host host (qemu-aarch64 missing?)"
  run=(qemu-aarch64 -L /usr/aarch64-linux-gnu)
fi
"${run[@]}" "$prefix/bin/arbiter" --version >"$scratch/version.txt" 2>&1 ||
  { cat "$scratch/version.txt" >&2; fail "arbiter --version"; }
cat "$scratch/version.txt"
grep -qxF "target: $target" "$scratch/version.txt" || fail "no line 'target: $target' in --version"
grep -Eq '^simd: [a-z0-9]+' "$scratch/version.txt" || fail "no 'simd:' line in --version"
grep -qF "$version" "$scratch/version.txt" || fail "--version does not say $version"
ok "usr/bin/arbiter --version: $(grep -E '^(target|simd):' "$scratch/version.txt" | paste -sd ' ')"

"${run[@]}" "$prefix/bin/arbiter" bench 6 >"$scratch/bench.txt" 2>&1 ||
  { tail "$scratch/bench.txt" >&2; fail "arbiter bench 6"; }
last="$(tail -n 1 "$scratch/bench.txt")"
[[ "$last" =~ ^[0-9]+\ nodes\ [0-9]+\ nps$ ]] || fail "bench's last line is '$last', not '<nodes> nodes <nps> nps'"
ok "usr/bin/arbiter bench 6: $last"

# --- The library, used from SCRATCH/usr ------------------------------------------------
if [ "$arch" != "$host" ]; then
  echo "deb checks: the $arch library is not built against on this $host host" >&2
  echo "deb checks: $passed passed, 0 failed"
  exit 0
fi
mate_in_one="6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
examples="$scratch/examples"
cmake -S "$source/examples" -B "$examples" -DCMAKE_PREFIX_PATH="$prefix" >"$scratch/examples.log" 2>&1 ||
  { cat "$scratch/examples.log" >&2; fail "examples/: configure against $prefix"; }
arbiter_dir="$(sed -n 's/^arbiter_DIR:PATH=//p' "$examples/CMakeCache.txt")"
[ "$arbiter_dir" = "$root$libdir/cmake/arbiter" ] || fail "examples/ found arbiter in '$arbiter_dir', not the package's"
cmake --build "$examples" >>"$scratch/examples.log" 2>&1 || { cat "$scratch/examples.log" >&2; fail "examples/: build"; }
"$examples/best_move" "$mate_in_one" 4 >"$scratch/best.txt" || fail "best_move"
grep -q "^bestmove a1a8 " "$scratch/best.txt" || { cat "$scratch/best.txt" >&2; fail "best_move did not find a1a8"; }
"$examples/judge_pgn" "$source/tests/data/adjudicate-errors.pgn" >"$scratch/judged.txt" || fail "judge_pgn"
grep -qxF "1: A - B: 1-0, checkmate, FIDE 5.1.1" "$scratch/judged.txt" ||
  { cat "$scratch/judged.txt" >&2; fail "judge_pgn: no line '1: A - B: 1-0, checkmate, FIDE 5.1.1'"; }
ok "examples/ through the CMake package: $(grep ^bestmove "$scratch/best.txt"); $(head -n 1 "$scratch/judged.txt")"

if command -v pkg-config >/dev/null; then
  # arbiter.pc finds its prefix from its own folder (relocatable), so pointing
  # PKG_CONFIG_PATH at it is enough; --define-prefix would do the same for a
  # .pc with a fixed prefix.
  cflags="$(PKG_CONFIG_PATH="$root$libdir/pkgconfig" pkg-config --cflags arbiter)" || fail "pkg-config --cflags arbiter"
  libs="$(PKG_CONFIG_PATH="$root$libdir/pkgconfig" pkg-config --libs arbiter)" || fail "pkg-config --libs arbiter"
  [[ "$cflags" == *"-I$root/usr/"* ]] ||
    fail "pkg-config --cflags '$cflags' does not point into $prefix"
  read -r -a flags <<<"$cflags $libs"
  "${CXX:-c++}" -O1 "$source/examples/best_move.cpp" -o "$scratch/best_pc" "${flags[@]}" >"$scratch/pc.log" 2>&1 ||
    { cat "$scratch/pc.log" >&2; fail "best_move through pkg-config: build"; }
  "$scratch/best_pc" "$mate_in_one" 4 | grep -q "^bestmove a1a8 " || fail "best_move through pkg-config: run"
  ok "examples/best_move.cpp through pkg-config ($cflags $libs)"
else
  fail "pkg-config is not installed"
fi

bash "$source/tests/scripts/consumer_test.sh" --prefix "$prefix" "$source" >"$scratch/consumer.txt" 2>&1 ||
  { cat "$scratch/consumer.txt" >&2; fail "tests/consumer against $prefix"; }
cat "$scratch/consumer.txt"
ok "tests/consumer against the package: $(tail -n 1 "$scratch/consumer.txt")"

echo "deb checks: $passed passed, 0 failed"
