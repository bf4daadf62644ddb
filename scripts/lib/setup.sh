# Shared by scripts/arbiter and scripts/test: install what is missing, configure, build.
# Everything here prints to stderr, so that scripts/arbiter's stdout stays pure UCI.

ARBITER_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
ARBITER_PACKAGES=(cmake ninja-build g++ libgtest-dev libbenchmark-dev libcxxopts-dev)

arbiter_log() { echo "[arbiter] $*" >&2; }

# The builds made whole for a check or a release, not edited and rebuilt, compile
# as unity builds: a few sources per compiler run, about half the compile time
# (the x86-64-v3 program: 153 s -> 78 s on two cores). The Release build that
# scripts/arbiter and scripts/test make stays one source per run, so that a
# source missing an #include still fails to compile there.
ARBITER_UNITY=-DCMAKE_UNITY_BUILD=ON

# Installs the Debian packages the build needs (apt-get as root; otherwise says how).
arbiter_ensure_packages() {
  local missing=() pkg
  for pkg in "${ARBITER_PACKAGES[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -eq 0 ]; then
    arbiter_log "installing: ${missing[*]}"
    { DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; } >&2 || {
      arbiter_log "apt-get failed"; return 1; }
  else
    arbiter_log "missing packages: ${missing[*]}"
    arbiter_log "install them with: sudo apt-get install -y ${missing[*]}"
    return 1
  fi
}

# The generation of BINARY's embedded net (its name is 'gen<N>'), or nothing.
arbiter_net_generation() {
  "$1" --version | sed -n "s/^net: NNUE 'gen\([0-9]*\)'.*/\1/p"
}

# arbiter_build DIR [cmake options...]: configure, then rebuild whatever changed.
#   ARBITER_TARGET=arbiter   build only that target (default: everything)
#   ARBITER_CMAKE_ARGS="-DARBITER_SLIDERS=magic"   the user's own CMake options
# CMake runs again whenever the options differ from the last configure of DIR; an
# option given before and left out now goes back to its default (-U), rather than
# lingering in the cache. A lock per folder makes a second start (a GUI starting
# two engines at once) wait for the first instead of building into the same folder.
arbiter_build() {
  local dir="$1"; shift
  local options=("$@")
  if [ -n "${ARBITER_CMAKE_ARGS:-}" ]; then
    local user_options
    read -r -a user_options <<<"$ARBITER_CMAKE_ARGS"
    options+=("${user_options[@]}")
  fi
  mkdir -p "$dir"
  (
    flock 9
    local stamp="$dir/.arbiter-cmake-options" wanted previous name unset=()
    wanted="$(printf '%s\n' "${options[@]}")"
    previous="$(cat "$stamp" 2>/dev/null || true)"
    if [ ! -f "$dir/build.ninja" ] || [ "$wanted" != "$previous" ]; then
      while IFS= read -r name; do  # -DNAME=... given last time, not now
        name="${name#-D}"; name="${name%%=*}"; name="${name%%:*}"
        if [[ -n "$name" && "$wanted" != *"-D$name"[=:]* ]]; then unset+=("-U$name"); fi
      done < <(grep -E '^-D' <<<"$previous" || true)
      cmake -S "$ARBITER_ROOT" -B "$dir" -G Ninja "${unset[@]}" "${options[@]}" >&2 || exit 1
      printf '%s\n' "$wanted" >"$stamp"
    fi
    cmake --build "$dir" --parallel "$(nproc)" ${ARBITER_TARGET:+--target "$ARBITER_TARGET"} >&2
  ) 9>"$dir/.arbiter-build-lock"
}

# The opening book of engine tests: 8moves_v3 from ../shared where it is, else
# the 200 of its openings kept in tests/data (a clone without ../shared).
arbiter_default_openings() {
  local shared="$ARBITER_ROOT/../shared/data/openings/8moves_v3.pgn"
  if [ -f "$shared" ]; then echo "$shared"; else echo "$ARBITER_ROOT/tests/data/openings-8moves-200.pgn"; fi
}

# The short revision of HEAD, with "-dirty" when the working tree differs from it:
# the name of a binary built from the working tree.
arbiter_tree_stamp() {
  local stamp
  stamp="$(git -C "$ARBITER_ROOT" rev-parse --short HEAD)"
  git -C "$ARBITER_ROOT" diff --quiet HEAD || stamp="$stamp-dirty"
  echo "$stamp"
}
