#include "arbiter/uci/build_info.h"

#include <string>

#include "arbiter/eval/nnue_current.h"
#include "arbiter/eval/nnue_network.h"
#include "arbiter_commit.h"  // generated at build time (cmake/BuildInfo.cmake)
#include "platform/cpu_features.h"

namespace arbiter::uci {

namespace {

std::string compiler_name() {
#if defined(__clang__)
  return "Clang " + std::to_string(__clang_major__) + "." + std::to_string(__clang_minor__) + "." +
         std::to_string(__clang_patchlevel__);
#elif defined(__GNUC__)
  return "GCC " + std::to_string(__GNUC__) + "." + std::to_string(__GNUC_MINOR__) + "." +
         std::to_string(__GNUC_PATCHLEVEL__);
#else
  return "unknown compiler";
#endif
}

BuildInfo make_build_info() {
  BuildInfo info;
  info.version = ARBITER_VERSION;
  info.commit = ARBITER_COMMIT;
  info.compiler = compiler_name();
  info.sliders = ARBITER_USE_PEXT ? "pext" : "magic";
  info.target = platform::build_target_name();
  info.cpu = platform::cpu_name();
  info.simd = eval::nnue::default_simd_backend();
#ifdef ARBITER_TUNE
  info.tuning = true;
#endif
  return info;
}

}  // namespace

const BuildInfo& build_info() {
  static const BuildInfo info = make_build_info();
  return info;
}

std::string engine_id_name() {
  const BuildInfo& info = build_info();
  std::string name = "Arbiter " + info.version;
  if (info.commit != "unknown") name += " (" + info.commit + ")";
  return name + " " + info.target + " " + info.simd + " " + info.sliders;
}

std::string version_report() {
  const BuildInfo& info = build_info();
  std::string out = "Arbiter " + info.version + "\n";
  out += "commit: " + info.commit + "\n";
  out += "compiler: " + info.compiler + "\n";
  out += "target: " + info.target + "\n";
  out += "cpu: " + info.cpu + "\n";
  out += "sliders: " + info.sliders + "\n";
  out += "simd: " + info.simd + "\n";
  out += std::string("tuning build: ") + (info.tuning ? "yes" : "no") + "\n";
  if (auto net = eval::embedded_network())
    out += "net: " + net->summary() + "\n";
  else
    out += "net: none (" + eval::embedded_network_problem() + "); hand-written evaluation\n";
  return out;
}

}  // namespace arbiter::uci
