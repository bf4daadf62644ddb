// `arbiter --version` and the UCI id name: which build is this.
#include <gtest/gtest.h>

#include <regex>

#include "arbiter/eval/nnue_current.h"
#include "arbiter/eval/nnue_network.h"
#include "arbiter/uci/build_info.h"
#include "cli/arbiter_run.h"
#include "platform/cpu_features.h"
#include "test_support.h"
#include "uci/uci_session.h"

namespace arbiter::test {
namespace {

TEST(Version, ReportNamesTheBuildAndTheNet) {
  ArbiterRun run = run_arbiter_args("--version");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, uci::version_report());
  const std::vector<std::string> lines = split_lines(run.out);
  ASSERT_EQ(lines.size(), 9u) << run.out;
  EXPECT_EQ(lines[0], "Arbiter " + uci::build_info().version);
  EXPECT_TRUE(std::regex_match(uci::build_info().version, std::regex("[0-9]+\\.[0-9]+\\.[0-9]+")));
  EXPECT_TRUE(std::regex_match(lines[1], std::regex("commit: ([0-9a-f]{12}|unknown)"))) << lines[1];
  EXPECT_TRUE(
      std::regex_match(lines[2], std::regex("compiler: (GCC|Clang) [0-9]+\\.[0-9]+\\.[0-9]+")))
      << lines[2];
  EXPECT_EQ(lines[3], std::string("target: ") + ARBITER_TARGET_NAME);
  EXPECT_EQ(lines[4], "cpu: " + platform::cpu_name());
  EXPECT_EQ(lines[5], ARBITER_USE_PEXT ? "sliders: pext" : "sliders: magic");
  EXPECT_EQ(lines[6], "simd: " + eval::nnue::default_simd_backend());
#ifdef ARBITER_TUNE
  EXPECT_EQ(lines[7], "tuning build: yes");
#else
  EXPECT_EQ(lines[7], "tuning build: no");
#endif
  if (eval::embedded_network()) {
    EXPECT_TRUE(starts_with(lines[8], "net: NNUE ")) << lines[8];
    EXPECT_NE(lines[8].find(", hash "), std::string::npos) << lines[8];
    EXPECT_NE(lines[8].find("simd " + eval::nnue::default_simd_backend()), std::string::npos);
  } else {
    EXPECT_TRUE(starts_with(lines[8], "net: none (")) << lines[8];
  }
}

TEST(Version, CpuNameIsALevelThisCpuRunsAndTheBuildsTarget) {
  const std::string cpu = platform::cpu_name();
#if defined(__x86_64__)
  EXPECT_TRUE(std::regex_match(cpu, std::regex("x86-64(-v[234])?"))) << cpu;
  // This test runs, so this CPU has what the build was compiled for.
  EXPECT_GE(platform::cpu_x86_level(), ARBITER_X86_LEVEL);
#elif defined(__aarch64__)
  EXPECT_EQ(cpu, "aarch64");
#endif
  EXPECT_STREQ(platform::build_target_name(), ARBITER_TARGET_NAME);
}

TEST(Version, UciIdNameCarriesTheVersionCommitTargetAndBackEnds) {
  const uci::BuildInfo& info = uci::build_info();
  const std::string builds = " " + info.target + " " + info.simd + " " + info.sliders;
  const std::string expected = info.commit == "unknown"
                                   ? "Arbiter " + info.version + builds
                                   : "Arbiter " + info.version + " (" + info.commit + ")" + builds;
  EXPECT_EQ(uci::engine_id_name(), expected);
  UciSession s;
  auto lines = s.handshake();
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0], "id name " + expected);
}

}  // namespace
}  // namespace arbiter::test
