#!/usr/bin/env bash
# The unity builds (scripts/test's sanitizer and tuning builds, scripts/release)
# compile several test files as one translation unit, and which files share one
# changes whenever a file is added. Two test files that each define the same
# helper at file scope (an anonymous-namespace function, constant or type) then
# fail to build, far into scripts/test, and only by chance. This check finds
# every such name in seconds, in every build: each file-scope name must belong
# to one test file of the arbiter_tests program. (Only PrintTo is exempt:
# GoogleTest finds its overloads by argument type.)
#   unity_names_test.sh TESTS_DIR
set -euo pipefail
tests="$1"
cd "$tests"
# Test files of the arbiter_tests program (tests/CMakeLists.txt: the fake engine
# and the fuzz targets are programs of their own).
mapfile -t files < <(find . -name '*.cpp' -not -path './fake_engine/*' -not -path './fuzz/*' | sort)
((${#files[@]} > 0)) || { echo "FAIL: no test files under $tests" >&2; exit 1; }

# Names defined at column 0 (clang-format does not indent namespace bodies), one
# "name file" line each: types, constants, then functions (the identifier before
# the first parenthesis of a line that is a declaration, not a macro or statement).
names_of() {
  grep -hvE '^(TEST|INSTANTIATE|namespace|using|template|#|//|}|extern|friend|return|static_assert)' "$1" |
    perl -ne '
      if (/^(?:struct|class|enum class|enum|union)\s+([A-Za-z_]\w*)/) { print "$1\n"; next; }
      if (/^(?:static |inline )*(?:constexpr|const)\s[^=(]*?[\s*&]([A-Za-z_]\w*)\s*(?:=|\{|\[|;)/) { print "$1\n"; next; }
      if (/^[A-Za-z_][^(=;]*[\s*&]([A-Za-z_]\w*)\(/) { print "$1\n"; }' |
    grep -vxE 'PrintTo|operator.*|main' | sort -u | sed "s|\$| ${1#./}|"
}

duplicates="$(for f in "${files[@]}"; do names_of "$f"; done | sort |
  awk '{ files[$1] = files[$1] " " $2; count[$1]++ }
       END { for (n in count) if (count[n] > 1) print n ":" files[n] }' | sort)"
if [ -n "$duplicates" ]; then
  echo "FAIL: file-scope names defined in more than one test file (a unity build puts such" >&2
  echo "files in one translation unit sooner or later; give each its own name, or share one" >&2
  echo "helper through a header):" >&2
  echo "$duplicates" >&2
  echo "unity name checks: ${#files[@]} files, $(wc -l <<<"$duplicates") duplicate names"
  exit 1
fi
echo "unity name checks: ${#files[@]} files, 0 duplicate names"
