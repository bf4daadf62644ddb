# Whether this machine's CPU runs a program built for an Arbiter target, from the
# flags in /proc/cpuinfo (the x86-64 psABI levels). Sourced by the release checks:
# a build for x86-64-v4 refuses to start on a CPU without AVX-512 (it says so and
# exits), so its program is checked only where the CPU has the level.
#   cpu_runs_target TARGET    TARGET: x86-64, x86-64-v2, x86-64-v3, x86-64-v4,
#                             native or armv8
# shellcheck shell=bash

# The flags each x86-64 level adds to the one below it, as /proc/cpuinfo names them.
readonly CPU_LEVEL_V2_FLAGS="cx16 lahf_lm popcnt pni sse4_1 sse4_2 ssse3"
readonly CPU_LEVEL_V3_FLAGS="abm avx avx2 bmi1 bmi2 f16c fma movbe xsave"
readonly CPU_LEVEL_V4_FLAGS="avx512bw avx512cd avx512dq avx512f avx512vl"

cpu_has_flags() {  # FLAG...: every one is in the first processor's flags
  local flags flag
  flags=" $(sed -n 's/^flags[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1) "
  for flag in "$@"; do
    [[ "$flags" == *" $flag "* ]] || return 1
  done
}

cpu_runs_target() {  # TARGET
  local machine
  machine="$(uname -m)"
  case "$1" in
    native) return 0 ;;
    armv8) [ "$machine" = aarch64 ] ;;
    x86-64) [ "$machine" = x86_64 ] ;;
    # shellcheck disable=SC2086  # the lists split into flags
    x86-64-v2) [ "$machine" = x86_64 ] && cpu_has_flags $CPU_LEVEL_V2_FLAGS ;;
    # shellcheck disable=SC2086
    x86-64-v3) [ "$machine" = x86_64 ] && cpu_has_flags $CPU_LEVEL_V2_FLAGS $CPU_LEVEL_V3_FLAGS ;;
    # shellcheck disable=SC2086
    x86-64-v4)
      [ "$machine" = x86_64 ] &&
        cpu_has_flags $CPU_LEVEL_V2_FLAGS $CPU_LEVEL_V3_FLAGS $CPU_LEVEL_V4_FLAGS
      ;;
    *) return 1 ;;
  esac
}
