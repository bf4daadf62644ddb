# Shared by scripts/arbiter and scripts/test: install what is missing, configure, build.
# Everything here prints to stderr, so that scripts/arbiter's stdout stays pure UCI.

ARBITER_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
ARBITER_PACKAGES=(cmake ninja-build g++ libgtest-dev libbenchmark-dev libcxxopts-dev)

arbiter_log() { echo "[arbiter] $*" >&2; }

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

# arbiter_build DIR [cmake options...]: configure once, then rebuild whatever changed.
arbiter_build() {
  local dir="$1"; shift
  if [ ! -f "$dir/build.ninja" ]; then
    cmake -S "$ARBITER_ROOT" -B "$dir" -G Ninja "$@" >&2 || return 1
  fi
  cmake --build "$dir" --parallel "$(nproc)" >&2
}
