// `arbiter selftest`: every check named, all passing on the machine that built it,
// and a summary line a script can read.
#include <gtest/gtest.h>

#include <regex>

#include "arbiter/eval/nnue_current.h"
#include "arbiter/eval/nnue_network.h"
#include "child_process.h"
#include "cli/arbiter_run.h"
#include "test_support.h"

namespace arbiter::test {
namespace {

constexpr int kPerftChecks = 6;

TEST(Selftest, EveryCheckPassesAndIsCounted) {
  ArbiterRun run = run_arbiter_args("selftest");
  ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
  const std::vector<std::string> lines = split_lines(run.out);
  ASSERT_FALSE(lines.empty());
  int ok = 0, fail = 0;
  for (const std::string& l : lines) {
    ok += starts_with(l, "ok    ");
    fail += starts_with(l, "FAIL  ");
  }
  EXPECT_EQ(fail, 0) << run.out;
  EXPECT_EQ(lines.back(), "selftest: " + std::to_string(ok) + " passed, 0 failed");
  const int network_checks = eval::embedded_network() ? int(eval::nnue::simd_backends().size()) : 0;
  EXPECT_GE(ok, network_checks + 1 + kPerftChecks) << run.out;
  if (network_checks > 0) {
    EXPECT_NE(run.out.find("NNUE " + eval::nnue::default_simd_backend() + " = scalar"),
              std::string::npos)
        << run.out;
  }
}

TEST(Selftest, RejectsArguments) {
  ArbiterRun run = run_arbiter_args("selftest --bogus");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("usage: arbiter selftest"), std::string::npos) << run.err;
}

TEST(BenchCli, EverySimdBackendGivesTheSameNodes) {
  std::string first;
  for (const std::string& name : eval::nnue::simd_backends()) {
    ArbiterRun run = run_arbiter_args("bench 5 --simd " + name);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const std::vector<std::string> lines = split_lines(run.out);
    ASSERT_FALSE(lines.empty());
    std::smatch m;
    const std::string last = lines.back();
    ASSERT_TRUE(std::regex_match(last, m, std::regex("([0-9]+) nodes [0-9]+ nps"))) << last;
    if (first.empty()) first = m[1];
    EXPECT_EQ(m[1], first) << name;
  }
}

TEST(BenchCli, AnUnknownSimdBackendIsAnError) {
  ArbiterRun run = run_arbiter_args("bench 1 --simd mmx");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("usage: arbiter bench"), std::string::npos) << run.err;
  EXPECT_TRUE(run.out.empty()) << run.out;
}

}  // namespace
}  // namespace arbiter::test
