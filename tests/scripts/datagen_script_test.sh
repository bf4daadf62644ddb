#!/usr/bin/env bash
# scripts/datagen as a background habit: start writes a store in the
# background with a copy of the binary, pause stops it (the kernel says
# stopped), resume lets it finish, status says so, and the store checks whole;
# stop ends a paused generator.
#   datagen_script_test.sh ARBITER SCRIPTS_DIR
set -euo pipefail
arbiter="$1" scripts="$2"
scratch="$(mktemp -d)"
trap 'ARBITER_DATA="$scratch/store" "$scripts/datagen" stop >/dev/null 2>&1 || true; rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
passed=0
check() { passed=$((passed + 1)); }
export ARBITER_DATA="$scratch/store" ARBITER_BINARY="$arbiter"
datagen() { "$scripts/datagen" "$@"; }

caller_group=$(cat "/proc/$$/autogroup" 2>/dev/null || true)
out=$(datagen start --generation 7 --seed 3 --nodes 300 --positions 3000) || fail "start: $out"
[[ "$out" == *"generation 7, seed 3, 1 threads"* ]] || fail "start said: $out"
[ -x "$scratch/store/arbiter-gen7-seed3" ] || fail "the binary was not copied into the store"
check
out=$(datagen start --generation 7 --seed 3 2>&1) && fail "a second start was accepted: $out"
[[ "$out" == *"already runs"* ]] || fail "second start said: $out"
check
pid=$(<"$scratch/store/datagen.pid")
# Niced in a session of its own, the caller's scheduling group left alone
# (where the kernel has autogroups at all).
if [ -r "/proc/$pid/autogroup" ]; then
  [ "$(ps -o sid= -p "$pid" | tr -d ' ')" = "$pid" ] || fail "the generator has no session of its own"
  [[ "$(cat "/proc/$pid/autogroup")" == *"nice 19" ]] || fail "autogroup $(cat "/proc/$pid/autogroup")"
  [ "$(cat "/proc/$$/autogroup")" = "$caller_group" ] || fail "the caller's group became $(cat "/proc/$$/autogroup")"
fi
check
datagen pause >/dev/null || fail "pause"
[ "$(awk '{print $3}' "/proc/$pid/stat")" = T ] || fail "the generator is not stopped after pause"
[[ "$(datagen status)" == *"paused (pid $pid)"* ]] || fail "status while paused: $(datagen status)"
check
datagen resume >/dev/null || fail "resume"
for _ in $(seq 2400); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null && fail "the generator did not finish 3000 positions"
[[ "$(datagen status)" == *"not running"* ]] || fail "status after the end: $(datagen status)"
check
out=$("$arbiter" datagen --check "$scratch/store") || fail "check: $out"
[[ "$out" == *"generation 7: "* && "$out" == *" 0 problems"* ]] || fail "check said: $out"
grep -q "^gen7-seed3-0000.bin	7	3	" "$scratch/store/manifest" || fail "manifest: $(cat "$scratch/store/manifest")"
check
# A paused generator is stopped too, and stop returns once it is gone.
datagen start --generation 7 --seed 4 --nodes 300 --positions 100000 >/dev/null || fail "second run"
pid=$(<"$scratch/store/datagen.pid")
datagen pause >/dev/null || fail "pause of the second run"
datagen stop >/dev/null || fail "stop"
kill -0 "$pid" 2>/dev/null && fail "a paused generator outlived stop"
[[ "$(datagen status)" == *"not running"* ]] || fail "status after stop: $(datagen status)"
check
out=$(datagen bogus 2>&1) && fail "an unknown action was accepted"
check
echo "datagen script checks: $passed passed, 0 failed"
