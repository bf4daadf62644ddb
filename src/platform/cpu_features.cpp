// Compiled for plain x86-64 whatever the build's level (CMakeLists.txt sets the
// flag for this file alone): it must run on the CPUs it is there to turn away.
#include "platform/cpu_features.h"

#include <cstdio>
#include <cstdlib>

namespace arbiter::platform {

namespace {

#ifndef ARBITER_X86_LEVEL
#define ARBITER_X86_LEVEL 0
#endif
#ifndef ARBITER_TARGET_NAME
#define ARBITER_TARGET_NAME "unknown"
#endif
constexpr int kBuildX86Level = ARBITER_X86_LEVEL;
constexpr int kExitWrongCpu = 1;

// What each level adds, for the message to a user whose CPU lacks it.
constexpr const char* kLevelNeeds[] = {"", "SSE2", "POPCNT and SSE4.2", "AVX2 and BMI2", "AVX-512"};
constexpr const char* kLevelNames[] = {"", "x86-64", "x86-64-v2", "x86-64-v3", "x86-64-v4"};

// Before every other static initialiser (priorities up to 100 are the toolchain's),
// since those are compiled for the build's level and may already use it.
[[gnu::constructor(101)]] void check_cpu_at_start_up() { require_build_cpu(); }

}  // namespace

int cpu_x86_level() {
#if defined(__x86_64__)
  // Feature by feature: GCC 12 knows the level names ("x86-64-v3"), Clang 14
  // does not. The features each level adds that a compiler uses for our code.
  __builtin_cpu_init();  // constructors may run before libgcc's own initialisation
  const bool v2 = __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("ssse3") &&
                  __builtin_cpu_supports("sse4.1") && __builtin_cpu_supports("sse4.2");
  const bool v3 = v2 && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
                  __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("fma");
  const bool v4 = v3 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                  __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl");
  return v4 ? 4 : v3 ? 3 : v2 ? 2 : 1;
#else
  return 0;
#endif
}

std::string cpu_name() {
#if defined(__x86_64__)
  return kLevelNames[cpu_x86_level()];
#elif defined(__aarch64__)
  return "aarch64";
#elif defined(__wasm__)
  return "wasm32";  // whatever CPU runs the WebAssembly engine, it cannot tell
#else
  return "unknown";
#endif
}

const char* build_target_name() { return ARBITER_TARGET_NAME; }

void require_build_cpu() {
  if constexpr (kBuildX86Level > 1) {
    const int have = cpu_x86_level();
    if (have >= kBuildX86Level) return;
    std::fprintf(stderr,
                 "arbiter: this build is for %s CPUs (it needs %s), and this CPU is %s: "
                 "take the arbiter build named %s instead\n",
                 ARBITER_TARGET_NAME, kLevelNeeds[kBuildX86Level], kLevelNames[have],
                 kLevelNames[have]);
    std::fflush(stderr);
    std::_Exit(kExitWrongCpu);
  }
}

}  // namespace arbiter::platform
