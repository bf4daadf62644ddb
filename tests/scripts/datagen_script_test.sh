#!/usr/bin/env bash
# scripts/datagen as a background habit: start writes a store in the
# background with a copy of the binary, pause stops it (the kernel says
# stopped), resume lets it finish, status says so, and the store checks whole;
# save and restore keep the store's games in the checkout and make them again;
# import adds another store's chunks, also those of scripts/device-datagen
# stopped by its time limit; stop ends a paused generator.
#   datagen_script_test.sh ARBITER SCRIPTS_DIR
set -euo pipefail
arbiter="$1" scripts="$2"
scratch="$(mktemp -d)"
trap 'ARBITER_DATA="$scratch/store" "$scripts/datagen" stop >/dev/null 2>&1 || true; rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
passed=0
check() { passed=$((passed + 1)); }
export ARBITER_DATA="$scratch/store" ARBITER_BINARY="$arbiter" ARBITER_ARCHIVE="$scratch/archive"
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
# save keeps the store's games as xz'd archives with a manifest; restore makes a
# new machine's store from them, byte for byte; a run that went on replaces its
# archive and a store behind it, and a different chunk of the same name is refused.
out=$(datagen save) || fail "save: $out"
[[ "$out" == *"1 archives written, 0 unchanged"* ]] || fail "save said: $out"
grep -q "^gen7-seed3-0000.games.xz	7	3	" "$scratch/archive/manifest" ||
  fail "archive manifest: $(cat "$scratch/archive/manifest")"
out=$(datagen save) || fail "second save: $out"
[[ "$out" == *"0 archives written, 1 unchanged"* ]] || fail "second save said: $out"
check
out=$(ARBITER_DATA="$scratch/new" datagen restore) || fail "restore: $out"
[[ "$out" == *"1 chunks made from archives, 0 already in the store"* ]] || fail "restore said: $out"
cmp -s "$scratch/store/gen7-seed3-0000.bin" "$scratch/new/gen7-seed3-0000.bin" ||
  fail "the restored chunk differs"
out=$(ARBITER_DATA="$scratch/new" datagen restore) || fail "second restore: $out"
[[ "$out" == *"0 chunks made from archives, 1 already in the store"* ]] ||
  fail "second restore said: $out"
check
"$arbiter" datagen --store "$scratch/new" --generation 7 --seed 3 --nodes 300 \
  --positions 3500 --eval embedded >/dev/null 2>&1 || fail "the run going on"
out=$(ARBITER_DATA="$scratch/new" datagen save) || fail "save of the longer run: $out"
[[ "$out" == *"1 archives written"* ]] || fail "save of the longer run said: $out"
out=$(datagen restore) || fail "restore over a store behind: $out"
[[ "$out" == *"1 chunks made from archives"* ]] || fail "restore over a store behind said: $out"
cmp -s "$scratch/store/gen7-seed3-0000.bin" "$scratch/new/gen7-seed3-0000.bin" ||
  fail "the store behind was not brought up to the archive"
# start on a new machine restores first: the run finds its games there, and
# with its target reached plays none.
out=$(ARBITER_DATA="$scratch/fresh" datagen start --generation 7 --seed 3 --nodes 300 \
  --positions 3000) || fail "start on a fresh store: $out"
[[ "$out" == *"1 chunks made from archives"* ]] || fail "start on a fresh store said: $out"
for _ in $(seq 600); do
  [[ "$(ARBITER_DATA="$scratch/fresh" datagen status)" == *"not running"* ]] && break
  sleep 0.1
done
cmp -s "$scratch/new/gen7-seed3-0000.bin" "$scratch/fresh/gen7-seed3-0000.bin" ||
  fail "the fresh store's run did not go on from the restored chunk"
"$arbiter" datagen --store "$scratch/conflict" --generation 7 --seed 3 --nodes 301 \
  --positions 200 --eval embedded >/dev/null 2>&1 || fail "the conflicting store"
out=$(ARBITER_DATA="$scratch/conflict" datagen restore 2>&1) && fail "a conflicting restore passed"
[[ "$out" == *"is not the beginning of"* ]] || fail "conflicting restore said: $out"
check
# Another store's chunks (a device run's) are imported once they check whole, also
# while a generator runs in the store (paused for the check, running again after),
# a second time as a no-op, and never over a different chunk of the same name.
"$arbiter" datagen --store "$scratch/device" --generation 7 --seed 9 --nodes 300 \
  --positions 400 --eval embedded >/dev/null 2>&1 || fail "the device store"
datagen start --generation 7 --seed 4 --nodes 300 --positions 100000 >/dev/null || fail "second run"
pid=$(<"$scratch/store/datagen.pid")
out=$(datagen restore 2>&1) && fail "restore ran beside a generator: $out"
[[ "$out" == *"stop it first"* ]] || fail "restore beside a generator said: $out"
out=$(datagen import "$scratch/device") || fail "import: $out"
[[ "$out" == *"1 chunks added, 0 already there"* ]] || fail "import said: $out"
grep -q "^gen7-seed9-0000.bin	7	9	" "$scratch/store/manifest" || fail "manifest after import"
[ "$(awk '{print $3}' "/proc/$pid/stat")" != T ] || fail "import left the generator paused"
out=$(datagen import "$scratch/device") || fail "second import: $out"
[[ "$out" == *"0 chunks added, 1 already there"* ]] || fail "second import said: $out"
check
"$arbiter" datagen --store "$scratch/other" --generation 7 --seed 9 --nodes 300 \
  --positions 200 --eval embedded >/dev/null 2>&1 || fail "the other store"
out=$(datagen import "$scratch/other" 2>&1) && fail "a different chunk of the same name was imported"
[[ "$out" == *"differs from the store's chunk"* ]] || fail "conflicting import said: $out"
cmp -s "$scratch/device/gen7-seed9-0000.bin" "$scratch/store/gen7-seed9-0000.bin" ||
  fail "the conflicting import changed the store"
check
# scripts/device-datagen, as a device session runs it: stopped by its time limit
# in the middle of games, it leaves a store that checks whole, and imports.
out=$("$scripts/device-datagen" --binary "$arbiter" --seed 11 --generation 7 --seconds 2 \
  --nodes 300 --out "$scratch/timed" 2>&1) || fail "device-datagen: $out"
[[ "$out" == *"generation 7, seed 11, "* && "$out" == *" 0 problems"* ]] ||
  fail "device-datagen said: $out"
ls "$scratch/timed"/*.bin >/dev/null 2>&1 && fail "device-datagen left chunks to bring back"
ls "$scratch/timed"/gen7-seed11-0000.games >/dev/null || fail "device-datagen left no archive"
out=$(datagen import "$scratch/timed") || fail "import of the timed store: $out"
[[ "$out" == *"1 chunks added"* ]] || fail "import of the timed store said: $out"
check
# A paused generator is stopped too, and stop returns once it is gone.
datagen pause >/dev/null || fail "pause of the second run"
datagen stop >/dev/null || fail "stop"
kill -0 "$pid" 2>/dev/null && fail "a paused generator outlived stop"
[[ "$(datagen status)" == *"not running"* ]] || fail "status after stop: $(datagen status)"
check
out=$(datagen bogus 2>&1) && fail "an unknown action was accepted"
check
echo "datagen script checks: $passed passed, 0 failed"
