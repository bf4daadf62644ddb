// `arbiter datagen --store DIR --generation N` and `--check DIR`: chunks and a
// manifest from the command line, a check that fails on damage, and clear
// usage errors.
#include <gtest/gtest.h>

#include <filesystem>

#include "arbiter/datagen/data_store.h"
#include "cli/arbiter_run.h"

namespace arbiter::test {
namespace {

namespace fs = std::filesystem;

constexpr const char* kSmallRun = " --nodes 300 --seed 9 --eval classical --hash 1";

TEST(DatagenStoreCli, WritesChunksAndAManifestThenChecksThem) {
  const std::string dir = scratch_path("store");
  ArbiterRun run =
      run_arbiter_args("datagen --store " + quote(dir) + " --generation 2 --games 3" + kSmallRun);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(fs::exists(fs::path(dir) / "gen2-seed9-0000.bin"));
  EXPECT_TRUE(fs::exists(fs::path(dir) / datagen::kManifestName));
  EXPECT_NE(run.out.find("generation 2: "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("1 chunks, "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find(" 3 games, 0 problems"), std::string::npos) << run.out;

  // Resumed to five games; --check agrees and exits 0.
  run = run_arbiter_args("datagen --store " + quote(dir) + " --generation 2 --games 5" + kSmallRun);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.err.find("resuming"), std::string::npos) << run.err;
  run = run_arbiter_args("datagen --check " + quote(dir));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find(" 5 games, 0 problems"), std::string::npos) << run.out;

  // A chunk cut short: named on stderr, exit 1.
  const fs::path chunk = fs::path(dir) / "gen2-seed9-0000.bin";
  fs::resize_file(chunk, fs::file_size(chunk) - 5);
  run = run_arbiter_args("datagen --check " + quote(dir));
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("gen2-seed9-0000.bin: "), std::string::npos) << run.err;
  fs::remove_all(dir);
}

TEST(DatagenStoreCli, UsageErrorsSayWhatIsMissing) {
  const std::string dir = scratch_path("store-usage");
  ArbiterRun run = run_arbiter_args("datagen --store " + quote(dir) + " --games 1" + kSmallRun);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("--store needs --generation"), std::string::npos) << run.err;
  run = run_arbiter_args("datagen --store " + quote(dir) + " --out " + quote(dir + ".bin") +
                         " --generation 1 --games 1" + kSmallRun);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("one of --out FILE and --store DIR"), std::string::npos) << run.err;
  EXPECT_FALSE(fs::exists(dir));
  run = run_arbiter_args("datagen --check " + quote(dir));
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("cannot list"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace arbiter::test
