#!/usr/bin/env bash
# Checks a release archive made by `cpack` (cmake/Packaging.cmake):
#   arbiter-<version>-linux-<target>.tar.gz    bin/arbiter, docs in share/doc/arbiter
#   arbiter-<version>-windows-<target>.zip     arbiter.exe, docs beside it
# Lists it; every entry is under one top folder named as the file's stem; the
# program, README.md, LICENSE and NET-PROVENANCE.md are there; nothing of tests/
# or bench/ is. Unpacked, the program's `--version` must name the target the file
# name gives, where it can run: a Linux one for this machine's architecture, a
# Windows one under Wine when `wine` is installed, either only where the CPU has
# the target's x86-64 level (cpu_level.sh).
#   archive_test.sh ARCHIVE
# Ends with "archive checks: N passed, 0 failed"; exits 1 at the first failure.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 ARCHIVE" >&2; exit 2; }
archive="$1"
passed=0
ok() { passed=$((passed + 1)); echo "ok $passed: $*"; }
fail() {
  echo "FAIL: $*" >&2
  echo "archive checks: $passed passed, 1 failed"
  exit 1
}
[ -f "$archive" ] || fail "no file $archive"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

name="$(basename "$archive")"
[[ "$name" =~ ^(arbiter-([0-9]+\.[0-9]+\.[0-9]+)-(linux|windows)-([a-z0-9-]+))\.(tar\.gz|zip)$ ]] ||
  fail "$name is not arbiter-<version>-<linux|windows>-<target>.<tar.gz|zip>"
stem="${BASH_REMATCH[1]}" version="${BASH_REMATCH[2]}" os="${BASH_REMATCH[3]}"
target="${BASH_REMATCH[4]}" kind="${BASH_REMATCH[5]}"
case "$os/$kind" in
  linux/tar.gz | windows/zip) ;;
  *) fail "$name: a $os release comes as a $([ "$os" = linux ] && echo .tar.gz || echo .zip)" ;;
esac
ok "file name $name: version $version, $os, target $target"

# The list of entries, one path a line, folders ending in /.
if [ "$kind" = zip ]; then
  command -v unzip >/dev/null || fail "unzip is not installed"
  unzip -l "$archive" || fail "unzip -l $archive"
  unzip -Z1 "$archive" >"$scratch/files.txt" || fail "unzip -Z1 $archive"
else
  tar -tvzf "$archive" || fail "tar -tvzf $archive"
  tar -tzf "$archive" >"$scratch/files.txt" || fail "tar -tzf $archive"
fi
[ -s "$scratch/files.txt" ] || fail "$name is empty"
outside="$(grep -v "^$stem/" "$scratch/files.txt" || true)"
[ -z "$outside" ] ||
  fail "$(wc -l <<<"$outside") entries outside the top folder $stem/, such as: $(head -n 3 <<<"$outside" | paste -sd ' ')"
ok "$(wc -l <"$scratch/files.txt") entries, all under $stem/"

if [ "$os" = windows ]; then
  program=arbiter.exe docs=""
else
  program=bin/arbiter docs=share/doc/arbiter/
fi
for file in "$program" "${docs}README.md" "${docs}LICENSE" "${docs}NET-PROVENANCE.md"; do
  grep -qxF "$stem/$file" "$scratch/files.txt" || fail "$stem/$file is not in $name"
done
if grep -Eiq 'arbiter_tests|arbiter_bench|fake_uci_engine|gtest|gmock|/tests?/|/bench/' "$scratch/files.txt"; then
  grep -Ei 'arbiter_tests|arbiter_bench|fake_uci_engine|gtest|gmock|/tests?/|/bench/' "$scratch/files.txt" >&2
  fail "test or benchmark files in $name"
fi
ok "$program, ${docs}README.md, ${docs}LICENSE, ${docs}NET-PROVENANCE.md; nothing of tests/ or bench/"

# Unpacked: the documents are whole, and the program runs where it can.
if [ "$kind" = zip ]; then
  unzip -q "$archive" -d "$scratch/x" || fail "unzip $archive"
else
  tar -xzf "$archive" -C "$scratch" --one-top-level=x || fail "tar -xzf $archive"
fi
top="$scratch/x/$stem"
grep -q "Copyright (c) 2026 The Arbiter developers" "$top/${docs}LICENSE" || fail "LICENSE lacks the copyright line"
grep -q "^# nets/" "$top/${docs}NET-PROVENANCE.md" || fail "NET-PROVENANCE.md is not nets/README.md"
ok "documents unpacked whole"

source "$(dirname "${BASH_SOURCE[0]}")/cpu_level.sh"
machine="$(uname -m)"
run=()
why=""
runs_here() {  # a Linux program for this machine's architecture, or Windows' under Wine
  case "$os/$machine/$target" in
    linux/x86_64/x86-64* | linux/x86_64/native | linux/aarch64/armv8) ;;
    windows/x86_64/x86-64*)
      command -v wine >/dev/null || { why="no wine"; return 1; }
      export WINEDEBUG=-all
      run=(wine)
      ;;
    *) why="this is a $machine machine"; return 1 ;;
  esac
  # A build for a higher x86-64 level refuses to start.
  cpu_runs_target "$target" || { why="this CPU is below $target"; return 1; }
}
if runs_here; then
  [ "$os" = windows ] || [ -x "$top/$program" ] || fail "$program is not executable"
  # Windows programs end their text lines with CRLF.
  "${run[@]}" "$top/$program" --version 2>&1 | tr -d '\r' >"$scratch/version.txt" ||
    { cat "$scratch/version.txt" >&2; fail "$program --version"; }
  grep -qxF "target: $target" "$scratch/version.txt" ||
    { cat "$scratch/version.txt" >&2; fail "$program --version does not say 'target: $target'"; }
  ok "$program --version: target: $target, $(grep '^simd:' "$scratch/version.txt")"
else
  echo "archive checks: the $os $target program is not run here ($why)" >&2
fi
echo "archive checks: $passed passed, 0 failed"
