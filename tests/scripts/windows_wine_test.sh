#!/usr/bin/env bash
# The Windows build (cross-compiled with MinGW-w64, cmake/toolchains/) checked
# under Wine against a native Linux build of the same source:
#   a. the UCI protocol tests of the native arbiter_tests, run against arbiter.exe
#   b. bench: the same node count as native
#   c. perft --epd on the suite (depth-limited, see kPerftMaxDepth)
#   d. adjudicate of a CRLF copy of a PGN, named by a Windows path: the native
#      verdicts on the LF file (text and JSON)
#   e. match: arbiter.exe starting arbiter.exe engines itself (by nodes, and on a
#      clock); a missing program and an engine that hangs
#   f. datagen with a fixed seed: a byte-identical file
#   g. Wine's start-up time (median of 5 runs of --version)
#   h. UCI lines end in "\n" alone (match runners on Linux read a "\r" as part of
#      the move: fastchess called every move of a CRLF engine illegal)
# Exit 77 (ctest: skipped) without wine.
#   windows_wine_test.sh NATIVE_BUILD_DIR WINDOWS_EXE SOURCE_DIR
# NATIVE_BUILD_DIR is a Linux Release build with its tests (arbiter, tests/arbiter_tests).
set -euo pipefail

if [ $# -ne 3 ]; then
  echo "usage: $0 NATIVE_BUILD_DIR WINDOWS_EXE SOURCE_DIR" >&2
  exit 2
fi
native_dir="$(cd "$1" && pwd)"
exe="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
source_dir="$(cd "$3" && pwd)"

if ! command -v wine >/dev/null 2>&1; then
  echo "wine is not installed (apt-get install wine): skipped"
  exit 77
fi
native="$native_dir/arbiter"
tests="$native_dir/tests/arbiter_tests"
for f in "$native" "$tests" "$exe"; do
  [ -x "$f" ] || [ -f "$f" ] || { echo "FAIL: missing $f" >&2; exit 1; }
done

# Depth 5 checks all 270 lines of the suite under Wine in about 15 s on 2 cores;
# the full depths (ctest perft_suite_full) take many minutes there.
readonly kPerftMaxDepth=5
readonly kMatchNodes=3000
# A clock that Wine's engines (and the runner's reader threads) must keep to.
readonly kMatchClock=2+0.05
readonly kDatagenPositions=300
readonly kDatagenSeed=7
readonly kStartupRuns=5
# The UCI tests that start the engine as a process (tests/uci/uci_session.h), polyglot's
# xboard adapter included. All hold under Wine: none is left out.
readonly kUciSuites='UciProtocol.*:UciEvalFile.*:Strength.EngineObeysUciLimitStrength:Polyglot.*'

export WINEDEBUG=-all
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
passed=0 failed=0
pass() { passed=$((passed + 1)); echo "ok   $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*" >&2; }
strip_cr() { tr -d '\r'; }
nodes_of() { tail -n 1 | strip_cr | awk '{print $1}'; }

# Started once before anything is timed: the first start creates the Wine prefix.
wine "$exe" --version >/dev/null 2>&1 || { echo "FAIL: $exe does not start under wine" >&2; exit 1; }

# --- g. start-up time -------------------------------------------------------------
times=()
for _ in $(seq "$kStartupRuns"); do
  t0=$(date +%s%N)
  wine "$exe" --version >/dev/null
  t1=$(date +%s%N)
  times+=($(((t1 - t0) / 1000000)))
done
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(((kStartupRuns + 1) / 2))p")
echo "wine start-up: median ${median} ms of ${kStartupRuns} runs of --version (${times[*]} ms)"
pass "g. start-up time measured"

# --- a. UCI protocol tests against arbiter.exe ------------------------------------
if ARBITER_UCI_COMMAND="wine $exe" "$tests" --gtest_filter="$kUciSuites" \
  --gtest_brief=1 >"$scratch/uci.log" 2>&1; then
  pass "a. UCI tests under wine: $(grep -E '^\[  PASSED  \]' "$scratch/uci.log" | strip_cr)"
else
  grep -E 'FAILED|Failure' "$scratch/uci.log" | head -20 >&2
  fail "a. UCI tests under wine (filter $kUciSuites)"
fi

# --- b. bench ---------------------------------------------------------------------
backends() { "$@" --version | strip_cr | grep -E '^(sliders|simd):' | paste -sd ' '; }
# A command that fails leaves its value empty (and the check fails), not the script.
native_nodes=$("$native" bench 2>/dev/null | nodes_of) || true
wine_nodes=$(wine "$exe" bench 2>/dev/null | nodes_of) || true
echo "bench nodes: native $native_nodes ($(backends "$native")), wine $wine_nodes ($(backends wine "$exe"))"
# The back ends compute the same integers by design: the counts must match whatever they are.
if [ -n "$native_nodes" ] && [ "$native_nodes" = "$wine_nodes" ]; then
  pass "b. bench: $wine_nodes nodes on both"
else
  fail "b. bench: native $native_nodes nodes, wine $wine_nodes"
fi

# --- c. perft suite ---------------------------------------------------------------
perft_out=$(wine "$exe" perft --epd "$source_dir/tests/data/perft.epd" \
  --max-depth "$kPerftMaxDepth" 2>/dev/null | strip_cr | tail -n 1) || true
if [ "$perft_out" = "270 passed, 0 failed" ]; then
  pass "c. perft --epd --max-depth $kPerftMaxDepth: $perft_out"
else
  fail "c. perft --epd --max-depth $kPerftMaxDepth: '$perft_out'"
fi

# --- d. adjudicate a CRLF file named by a Windows path ----------------------------
mkdir -p "$scratch/lf/data" "$scratch/crlf/data"
cp "$source_dir/tests/data/lichess-timeouts-200.pgn" "$scratch/lf/data/games.pgn"
sed 's/\r*$/\r/' "$scratch/lf/data/games.pgn" >"$scratch/crlf/data/games.pgn"
grep -q $'\r$' "$scratch/crlf/data/games.pgn" || fail "d. the CRLF copy has no CRLF"
# The file is named as given on each command line (JSON escapes the backslash);
# everything else must be equal.
normalise() { sed -e 's|data\\\\games.pgn|data/games.pgn|g' -e 's|data\\games.pgn|data/games.pgn|g' "$1"; }
for format in text json; do
  (cd "$scratch/lf" && "$native" adjudicate --format "$format" --no-progress data/games.pgn \
    >"$scratch/native.$format") || true
  (cd "$scratch/crlf" && wine "$exe" adjudicate --format "$format" --no-progress 'data\games.pgn' \
    | strip_cr >"$scratch/wine.$format") || true
  if [ -s "$scratch/native.$format" ] &&
    cmp -s <(normalise "$scratch/native.$format") <(normalise "$scratch/wine.$format"); then
    pass "d. adjudicate --format $format of a CRLF file by a Windows path: $(wc -l <"$scratch/wine.$format") lines as native"
  else
    diff <(normalise "$scratch/native.$format") <(normalise "$scratch/wine.$format") | head -6 >&2 || true
    fail "d. adjudicate --format $format differs from native"
  fi
done

# --- e. match ---------------------------------------------------------------------
# The ranking rows (Rank Name Games Score % Elo +/- err Draws Time Illegal Crashes)
# of engines 'first' and 'second' that did not play GAMES games or lost any on time,
# by an illegal move or a crash.
ranking_faults() {
  awk -v games="$1" '$1 ~ /^[12]$/ && $2 ~ /^(first|second)$/ &&
    ($3 != games || $(NF-2) != 0 || $(NF-1) != 0 || $NF != 0)' "$2"
}
mkdir -p "$scratch/match"
cp "$exe" "$scratch/match/arbiter.exe"
match_log="$scratch/match/match.log"
(cd "$scratch/match" && wine arbiter.exe match --engine cmd=arbiter.exe name=first \
  --engine cmd=arbiter.exe name=second --each nodes=$kMatchNodes option.Hash=8 --games 4 \
  --concurrency 2 --quiet --pgnout games.pgn 2>&1 | strip_cr >"$match_log") || true
sed -n '/^Rank/,$p' "$match_log"
bad_rows=$(ranking_faults 4 "$match_log")
if grep -q '^Games: 4 played, 4 planned' "$match_log" && [ -z "$bad_rows" ] &&
  [ "$(grep -c '^\[Result ' "$scratch/match/games.pgn")" = 4 ]; then
  pass "e. match: 4 games, no time loss, illegal move or crash"
else
  cat "$match_log" >&2
  fail "e. match of arbiter.exe against arbiter.exe"
fi

clock_log="$scratch/match/clock.log"
(cd "$scratch/match" && wine arbiter.exe match --engine cmd=arbiter.exe name=first \
  --engine cmd=arbiter.exe name=second --each tc=$kMatchClock option.Hash=8 --games 2 \
  --quiet 2>&1 | strip_cr >"$clock_log") || true
sed -n '/^Rank/,$p' "$clock_log"
bad_rows=$(ranking_faults 2 "$clock_log")
if grep -q '^Games: 2 played, 2 planned' "$clock_log" && [ -z "$bad_rows" ]; then
  pass "e. match at tc=$kMatchClock: 2 games, no time loss, illegal move or crash"
else
  cat "$clock_log" >&2
  fail "e. match at tc=$kMatchClock"
fi

# A program path with a space (quoted on the command line), and a relative path
# taken from the engine's working directory (dir=).
mkdir -p "$scratch/match/engine dir"
cp "$exe" "$scratch/match/engine dir/arbiter.exe"
paths_log="$scratch/match/paths.log"
(cd "$scratch/match" && wine arbiter.exe match --engine 'cmd=engine dir\arbiter.exe' name=spaced \
  --engine 'cmd=.\arbiter.exe' 'dir=engine dir' name=in-dir --each nodes=$kMatchNodes \
  --games 2 --quiet 2>&1 | strip_cr >"$paths_log") || true
if grep -q '^Games: 2 played, 2 planned' "$paths_log"; then
  pass "e. engines by a path with a space and from a working directory: 2 games"
else
  cat "$paths_log" >&2
  fail "e. engines by a path with a space and from a working directory"
fi

missing_log="$scratch/match/missing.log"
if (cd "$scratch/match" && wine arbiter.exe match --engine cmd=no-such-engine.exe \
  --engine cmd=arbiter.exe --each nodes=$kMatchNodes --games 2 >"$missing_log" 2>&1); then
  fail "e. a missing engine: the match succeeded"
elif grep -q "no-such-engine.exe' not found" "$missing_log"; then
  pass "e. a missing engine: $(grep -o "engine 'no-such.*" "$missing_log" | strip_cr)"
else
  cat "$missing_log" >&2
  fail "e. a missing engine: no clear error"
fi

# An engine that never answers: a batch file run by cmd.exe that starts a
# grandchild (a loop appending to alive.txt) and then reads its input for ever.
# After the handshake timeout the runner must give up, and the job must end the
# whole tree: alive.txt stops growing (without the job the loop outlived the runner
# by minutes; bounded here to about a minute, should it ever escape).
printf '%s\r\n' '@echo off' 'start /b "" cmd /c "for /l %%i in (1,1,300000) do @echo %%i>>alive.txt"' \
  ':wait' 'set /p line=' 'goto wait' >"$scratch/match/hang.bat"
hang_log="$scratch/match/hang.log"
t0=$(date +%s)
(cd "$scratch/match" && timeout 60 wine arbiter.exe match --engine cmd=hang.bat \
  --engine cmd=arbiter.exe --each nodes=$kMatchNodes --games 2 --handshake-timeout 2000 \
  >"$hang_log" 2>&1) && hang_status=0 || hang_status=$?
took=$(($(date +%s) - t0))
alive_size() { stat -c %s "$scratch/match/alive.txt" 2>/dev/null || echo 0; }
size_at_exit=$(alive_size)
sleep 2
size_later=$(alive_size)
if [ "$hang_status" = 124 ] || ! grep -q "hang.bat' does not start: no uciok within 2000 ms" "$hang_log"; then
  cat "$hang_log" >&2
  fail "e. a hanging engine (status $hang_status after ${took} s)"
elif [ "$size_at_exit" = 0 ] || [ "$size_at_exit" != "$size_later" ]; then
  fail "e. a hanging engine's child: alive.txt $size_at_exit bytes at exit, $size_later bytes 2 s later"
else
  pass "e. a hanging engine: given up after the handshake timeout in ${took} s, its child ended with it"
fi

# --- f. datagen -------------------------------------------------------------------
"$native" datagen --out "$scratch/native.bin" --positions $kDatagenPositions \
  --seed $kDatagenSeed >/dev/null 2>&1 || true
(cd "$scratch" && wine "$exe" datagen --out wine.bin --positions $kDatagenPositions \
  --seed $kDatagenSeed >/dev/null 2>&1) || true
if [ -s "$scratch/native.bin" ] && cmp -s "$scratch/native.bin" "$scratch/wine.bin"; then
  pass "f. datagen --positions $kDatagenPositions --seed $kDatagenSeed: identical files ($(stat -c %s "$scratch/wine.bin") bytes)"
else
  fail "f. datagen files differ ($(stat -c %s "$scratch/native.bin" 2>/dev/null || echo none) vs $(stat -c %s "$scratch/wine.bin" 2>/dev/null || echo none) bytes)"
fi

# --- h. UCI line ends ----------------------------------------------------------------
uci_bytes="$(printf 'uci\nisready\nposition startpos\ngo depth 4\n' | wine "$exe" 2>/dev/null | od -An -c)"
if grep -q 'bestmove' <<<"$(printf 'uci\nisready\nposition startpos\ngo depth 4\n' | wine "$exe" 2>/dev/null)" &&
  ! grep -q '\\r' <<<"$uci_bytes"; then
  pass "h. UCI lines end in \\n alone"
else
  fail "h. UCI output has \\r (CRLF line ends) or no bestmove"
fi

echo "wine checks: $passed passed, $failed failed"
[ "$failed" = 0 ]
