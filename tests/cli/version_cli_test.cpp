// `arbiter --version` and the UCI id name: which build is this.
#include <gtest/gtest.h>

#include <regex>

#include "arbiter/eval/nnue_current.h"
#include "arbiter/eval/nnue_simd.h"
#include "arbiter/uci/build_info.h"
#include "cli/arbiter_run.h"
#include "test_support.h"
#include "uci/uci_session.h"

namespace arbiter::test {
namespace {

TEST(Version, ReportNamesTheBuildAndTheNet) {
  ArbiterRun run = run_arbiter_args("--version");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, uci::version_report());
  const std::vector<std::string> lines = split_lines(run.out);
  ASSERT_EQ(lines.size(), 7u) << run.out;
  EXPECT_EQ(lines[0], "Arbiter " + uci::build_info().version);
  EXPECT_TRUE(std::regex_match(uci::build_info().version, std::regex("[0-9]+\\.[0-9]+\\.[0-9]+")));
  EXPECT_TRUE(std::regex_match(lines[1], std::regex("commit: ([0-9a-f]{12}|unknown)"))) << lines[1];
  EXPECT_TRUE(
      std::regex_match(lines[2], std::regex("compiler: (GCC|Clang) [0-9]+\\.[0-9]+\\.[0-9]+")))
      << lines[2];
  EXPECT_EQ(lines[3], ARBITER_USE_PEXT ? "sliders: pext" : "sliders: magic");
  EXPECT_EQ(lines[4], std::string("simd: ") +
                          eval::nnue::simd::backend_name(eval::nnue::simd::active::kBackend));
#ifdef ARBITER_TUNE
  EXPECT_EQ(lines[5], "tuning build: yes");
#else
  EXPECT_EQ(lines[5], "tuning build: no");
#endif
  if (eval::embedded_network()) {
    EXPECT_TRUE(starts_with(lines[6], "net: NNUE ")) << lines[6];
    EXPECT_NE(lines[6].find(", hash "), std::string::npos) << lines[6];
  } else {
    EXPECT_TRUE(starts_with(lines[6], "net: none (")) << lines[6];
  }
}

TEST(Version, UciIdNameCarriesTheVersionAndCommit) {
  const uci::BuildInfo& info = uci::build_info();
  const std::string expected = info.commit == "unknown"
                                   ? "Arbiter " + info.version
                                   : "Arbiter " + info.version + " (" + info.commit + ")";
  EXPECT_EQ(uci::engine_id_name(), expected);
  UciSession s;
  auto lines = s.handshake();
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0], "id name " + expected);
}

}  // namespace
}  // namespace arbiter::test
