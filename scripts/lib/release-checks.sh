# The checks of scripts/release: every artifact run on this Linux machine, natively,
# under QEMU (older x86-64 CPU models, aarch64) or under Wine, against the native
# build's bench node counts and the published perft counts. Sourced after setup.sh.

# Depths: the bench's own for native and Wine runs, a shallower one under QEMU's
# emulation (tens of times slower); perft suite depths likewise.
RELEASE_EMULATED_BENCH_DEPTH=8
RELEASE_EMULATED_PERFT_DEPTH=3
# QEMU CPU models: the newest each x86-64 level runs on. QEMU emulates no
# AVX-512, so x86-64-v4 is checked natively (where this CPU has it).
declare -A RELEASE_QEMU_MODEL=([x86-64]=qemu64 [x86-64-v2]=Nehalem [x86-64-v3]=Haswell)
# The model without AVX2/BMI2 that must turn an x86-64-v3 build away cleanly.
RELEASE_OLD_CPU=Nehalem
RELEASE_SYSROOT_AARCH64=/usr/aarch64-linux-gnu
# cpu_runs_target: whether this CPU has a level, the same test the archive and .deb
# checks make, so that all of them run or skip a level's programs alike.
source "$ARBITER_ROOT/tests/scripts/cpu_level.sh"

release_passed=0
release_failed=0
release_ok() { release_passed=$((release_passed + 1)); echo "ok    $*" >&2; }
release_fail() { release_failed=$((release_failed + 1)); echo "FAIL  $*" >&2; }
release_check() {  # DESCRIPTION COMMAND...: ok when the command succeeds
  local what="$1"; shift
  if "$@"; then release_ok "$what"; else release_fail "$what"; fi
}

# The node count of a bench run's last line ("<nodes> nodes <nps> nps").
bench_nodes() { tail -n 1 | tr -d '\r' | awk '$2 == "nodes" && $4 == "nps" { print $1 }'; }
bench_nps() { tail -n 1 | tr -d '\r' | awk '$2 == "nodes" && $4 == "nps" { print $3 }'; }

# The bench through the runner, its node count equal to EXPECTED.
# usage: bench_equals EXPECTED "BENCH ARGUMENTS" LABEL RUNNER...   ("" : the default depth)
bench_equals() {
  local expected="$1" label="$3" out nodes args=()
  read -r -a args <<<"$2"
  shift 3
  out="$("$@" bench "${args[@]}" 2>/dev/null)" || true
  nodes="$(bench_nodes <<<"$out")"
  RELEASE_LAST_NPS="$(bench_nps <<<"$out")"
  if [ -n "$nodes" ] && [ "$nodes" = "$expected" ]; then
    release_ok "$label: bench ${args[*]:-(depth 13)} = $nodes nodes ($RELEASE_LAST_NPS nps)"
  else
    release_fail "$label: bench ${args[*]:-(depth 13)} = '${nodes:-no output}', expected $expected"
  fi
}

# A UCI exchange: uciok, readyok, a legal-looking bestmove from a short search.
uci_answers() {  # RUNNER...
  local out
  out="$(printf 'uci\nisready\nposition startpos moves e2e4 e7e5\ngo depth 6\n' | "$@" 2>/dev/null |
    tr -d '\r')" || true
  grep -qx uciok <<<"$out" && grep -qx readyok <<<"$out" &&
    grep -qE '^bestmove [a-h][1-8][a-h][1-8][qrbn]?( ponder [a-h][1-8][a-h][1-8][qrbn]?)?$' <<<"$out"
}

selftest_passes() {  # RUNNER...: on failure, what it printed (stderr too)
  local out code=0
  out="$("$@" selftest 2>&1 | tr -d '\r')" || code=$?
  if [ "$code" -ne 0 ] || ! grep -qE '^selftest: [0-9]+ passed, 0 failed$' <<<"$out"; then
    echo "exit code $code; it printed:" >&2
    tail -n 20 <<<"$out" >&2
    return 1
  fi
}

perft_suite_passes() {  # DEPTH RUNNER...
  local depth="$1"; shift
  "$@" perft --epd "$ARBITER_ROOT/tests/data/perft.epd" --max-depth "$depth" 2>/dev/null |
    tr -d '\r' | grep -q "270 passed, 0 failed"
}

version_says() {  # KEY VALUE RUNNER...: `--version` has the line "KEY: VALUE"
  local key="$1" value="$2"; shift 2
  "$@" --version 2>/dev/null | tr -d '\r' | grep -qx "$key: $value"
}

# The one program inside an archive, unpacked into DIR.
unpack_program() {  # ARCHIVE DIR PROGRAM_NAME
  mkdir -p "$2"
  case "$1" in
    *.zip) unzip -q -o "$1" -d "$2" ;;
    *.tar.gz) tar -xzf "$1" -C "$2" ;;
  esac
  find "$2" -type f -name "$3" | head -n 1
}

level_number() { case "$1" in x86-64-v4) echo 4 ;; x86-64-v3) echo 3 ;; x86-64-v2) echo 2 ;; *) echo 1 ;; esac; }

write_manifest() {  # DIST BUILDS VERSION COMMIT
  local dist="$1" builds="$2" version="$3" commit="$4" first=1 dir cache file
  {
    echo "{"
    echo "  \"version\": \"$version\","
    echo "  \"commit\": \"$commit\","
    echo "  \"artifacts\": ["
    for dir in "$builds"/*/; do
      cache="$dir/CMakeCache.txt"
      [ -d "$dir/packages" ] || continue
      for file in "$dir"/packages/*.tar.gz "$dir"/packages/*.deb "$dir"/packages/*.zip; do
        [ -f "$file" ] || continue
        [ $first -eq 1 ] || echo ","
        first=0
        printf '    {"file": "%s", "bytes": %s, "sha256": "%s", "os": "%s", "target": "%s", "sliders": "%s", "simd": "%s"}' \
          "$(basename "$file")" "$(stat -c %s "$file")" "$(sha256sum "$file" | cut -d' ' -f1)" \
          "$(basename "$dir" | cut -d- -f1)" \
          "$(sed -n 's/^ARBITER_ACTIVE_TARGET:INTERNAL=//p' "$cache")" \
          "$(sed -n 's/^ARBITER_ACTIVE_SLIDERS:INTERNAL=//p' "$cache")" \
          "$(sed -n 's/^ARBITER_ACTIVE_SIMD:INTERNAL=//p' "$cache")"
      done
    done
    echo ""
    echo "  ]"
    echo "}"
  } >"$dist/manifest.json"
}

# run_release_checks DIST BUILDS LEVEL...
run_release_checks() {
  local dist="$1" builds="$2"; shift 2
  local levels=("$@") scratch native ref_full ref_emulated level program archive model
  scratch="$(mktemp -d)"
  # shellcheck disable=SC2064
  trap "rm -rf '$scratch'" RETURN
  arbiter_log "$(date +%H:%M:%S) checks: the native reference build"
  native="$ARBITER_ROOT/build/release"
  arbiter_build "$native" -DCMAKE_BUILD_TYPE=Release
  ref_full="$("$native/arbiter" bench | bench_nodes)"
  ref_emulated="$("$native/arbiter" bench "$RELEASE_EMULATED_BENCH_DEPTH" | bench_nodes)"
  arbiter_log "reference: bench = $ref_full nodes, bench $RELEASE_EMULATED_BENCH_DEPTH = $ref_emulated"

  for archive in "$dist"/*.tar.gz "$dist"/*.zip; do
    [ -f "$archive" ] || continue
    release_check "contents of $(basename "$archive")" \
      bash "$ARBITER_ROOT/tests/scripts/archive_test.sh" "$archive"
  done

  # Linux x86-64 levels: natively, then under the QEMU model of the level.
  for level in "${levels[@]}"; do
    arbiter_log "$(date +%H:%M:%S) checks: linux $level"
    archive="$(ls "$dist"/arbiter-*-linux-"$level".tar.gz)"
    program="$(unpack_program "$archive" "$scratch/linux-$level" arbiter)"
    # A build for a level above this CPU's refuses to start, --version included
    # (under QEMU below, where a model has the level, and refused_cleanly).
    if cpu_runs_target "$level"; then
      release_check "linux $level: --version says target $level" version_says target "$level" "$program"
      bench_equals "$ref_full" "" "linux $level native" "$program"
      release_check "linux $level native: UCI" uci_answers "$program"
    else
      echo "skip  linux $level native (--version, bench, UCI): this CPU is below $level" >&2
    fi
    model="${RELEASE_QEMU_MODEL[$level]:-}"
    if [ -n "$model" ]; then
      release_check "linux $level under qemu -cpu $model: selftest" \
        selftest_passes qemu-x86_64 -cpu "$model" "$program"
      release_check "linux $level under qemu -cpu $model: perft suite to depth $RELEASE_EMULATED_PERFT_DEPTH" \
        perft_suite_passes "$RELEASE_EMULATED_PERFT_DEPTH" qemu-x86_64 -cpu "$model" "$program"
      release_check "linux $level under qemu -cpu $model: UCI" uci_answers qemu-x86_64 -cpu "$model" "$program"
      bench_equals "$ref_emulated" "$RELEASE_EMULATED_BENCH_DEPTH" "linux $level under qemu -cpu $model" \
        qemu-x86_64 -cpu "$model" "$program"
    fi
    if [ "$(level_number "$level")" -ge 3 ]; then
      release_check "linux $level under qemu -cpu $RELEASE_OLD_CPU: turned away with a message" \
        refused_cleanly "$level" qemu-x86_64 -cpu "$RELEASE_OLD_CPU" "$program"
    fi
  done

  # The .deb: unpacked into a scratch root and used there.
  for archive in "$dist"/*.deb; do
    release_check "$(basename "$archive"): unpacked and used" \
      bash "$ARBITER_ROOT/tests/scripts/deb_package_test.sh" "$archive" "$ARBITER_ROOT"
  done

  # Windows: every level's arbiter.exe under Wine, and the whole Wine suite on one.
  # One wineserver for all of them: by default it exits 3 s after its last
  # program, and a program started while it shuts down can fail to start. Its
  # services start with the first program and inherit that program's output:
  # started here on /dev/null, so that no later $(wine ...) waits on them.
  export WINEDEBUG=-all
  wineserver -p </dev/null >/dev/null 2>&1 || true
  wine cmd /c exit </dev/null >/dev/null 2>&1 || true
  for level in "${levels[@]}"; do
    arbiter_log "$(date +%H:%M:%S) checks: windows $level"
    archive="$(ls "$dist"/arbiter-*-windows-"$level".zip)"
    program="$(unpack_program "$archive" "$scratch/windows-$level" arbiter.exe)"
    if cpu_runs_target "$level"; then
      release_check "windows $level: --version says target $level" version_says target "$level" wine "$program"
      bench_equals "$ref_full" "" "windows $level under wine" wine "$program"
      release_check "windows $level under wine: selftest" selftest_passes wine "$program"
      WINE_CHECK_PROGRAM="$program"
    else
      echo "skip  windows $level under wine (--version, bench, selftest): this CPU is below $level" >&2
    fi
  done
  if [ -n "${WINE_CHECK_PROGRAM:-}" ]; then
    release_check "windows: the Wine suite on $WINE_CHECK_PROGRAM" \
      bash "$ARBITER_ROOT/tests/scripts/windows_wine_test.sh" "$native" "$WINE_CHECK_PROGRAM" "$ARBITER_ROOT"
  fi

  wineserver -k >/dev/null 2>&1 || true

  # Linux aarch64 under qemu-aarch64.
  arbiter_log "$(date +%H:%M:%S) checks: linux armv8"
  archive="$(ls "$dist"/arbiter-*-linux-armv8.tar.gz)"
  program="$(unpack_program "$archive" "$scratch/linux-armv8" arbiter)"
  local arm=(qemu-aarch64 -L "$RELEASE_SYSROOT_AARCH64" "$program")
  release_check "linux armv8: --version says target armv8, simd neon, sliders magic" \
    bash -c 'for kv in "target armv8" "simd neon" "sliders magic"; do
      "${@}" --version | grep -qx "${kv% *}: ${kv#* }" || exit 1; done' _ "${arm[@]}"
  release_check "linux armv8 under qemu-aarch64: selftest (NEON = scalar)" selftest_passes "${arm[@]}"
  release_check "linux armv8 under qemu-aarch64: perft suite to depth $RELEASE_EMULATED_PERFT_DEPTH" \
    perft_suite_passes "$RELEASE_EMULATED_PERFT_DEPTH" "${arm[@]}"
  release_check "linux armv8 under qemu-aarch64: UCI" uci_answers "${arm[@]}"
  bench_equals "$ref_emulated" "$RELEASE_EMULATED_BENCH_DEPTH" "linux armv8 under qemu-aarch64" "${arm[@]}"
  bench_equals "$ref_emulated" "$RELEASE_EMULATED_BENCH_DEPTH --simd scalar" \
    "linux armv8 under qemu-aarch64, scalar NNUE" "${arm[@]}"

  echo "release: $release_passed passed, $release_failed failed" >&2
  [ "$release_failed" -eq 0 ]
}

# A build for LEVEL started on an older CPU: exit code 1 and the message naming
# the level, not an illegal instruction (SIGILL: exit code 132).
refused_cleanly() {  # LEVEL RUNNER...
  local level="$1" err code=0; shift
  err="$("$@" --version 2>&1 >/dev/null)" || code=$?
  [ "$code" -eq 1 ] && grep -q "this build is for $level CPUs" <<<"$err"
}
