// What this binary is: the version, the commit it was built from, the compiler,
// the CPUs it was built for and the back ends chosen when it was built.
// `arbiter --version` prints all of it with the embedded net; the UCI `id name`
// carries the version, commit, target and back ends, so that a GUI's engine
// list and a match PGN say which build played.
#pragma once

#include <string>

namespace arbiter::uci {

struct BuildInfo {
  std::string version;   // the project version, "0.1.0"
  std::string commit;    // short git hash of HEAD at build time; "unknown" outside git
  std::string compiler;  // "GCC 14.2.0", "Clang 19.1.7"
  std::string target;    // the CPUs it was built for: "x86-64-v3", "native", "armv8", ...
  std::string cpu;       // what this CPU is: "x86-64-v4", "aarch64", ...
  std::string sliders;   // sliding-attack back end: "pext" or "magic"
  std::string simd;      // NNUE back end: "avx512", "avx2", "sse2", "neon" or "scalar"
  bool tuning = false;   // a tuning build (search constants as UCI options)
};

// Fixed at build time; thread-safe.
const BuildInfo& build_info();

// "Arbiter 0.1.0 (0123456789ab) x86-64-v3 avx2 magic": the version, the commit
// (left out when unknown), the target and the back ends that run.
std::string engine_id_name();

// One "key: value" line per field, then the embedded net (its description and
// content hash) or why there is none. Ends with a newline.
std::string version_report();

}  // namespace arbiter::uci
