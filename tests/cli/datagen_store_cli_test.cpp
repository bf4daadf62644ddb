// `arbiter datagen --store DIR --generation N` and `--check DIR`: chunks and a
// manifest from the command line, a check that fails on damage, and clear
// usage errors.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

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
  EXPECT_NE(run.out.find("1 chunks (1 with archives), "), std::string::npos) << run.out;
  EXPECT_TRUE(fs::exists(fs::path(dir) / "gen2-seed9-0000.games"));
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

TEST(DatagenStoreCli, ExportsAChunksArchiveAndExpandsItBack) {
  const std::string dir = scratch_path("store-archive");
  ArbiterRun run =
      run_arbiter_args("datagen --store " + quote(dir) + " --generation 2 --games 3" + kSmallRun);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const std::string chunk = dir + "/gen2-seed9-0000.bin";
  const std::string archive = dir + "/exported.games", expanded = dir + "/expanded.bin";
  run = run_arbiter_args("datagen --export-archive " + quote(chunk) + " --out " + quote(archive));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find(" bytes"), std::string::npos) << run.out;
  run = run_arbiter_args("datagen --expand " + quote(archive) + " --out " + quote(expanded));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find(": 3 games, "), std::string::npos) << run.out;
  std::ifstream a(chunk, std::ios::binary), b(expanded, std::ios::binary);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(a), {}),
            std::string(std::istreambuf_iterator<char>(b), {}));

  // Never over an existing file; --out is needed; not an archive: said, exit 1.
  run = run_arbiter_args("datagen --expand " + quote(archive) + " --out " + quote(expanded));
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("exists already"), std::string::npos) << run.err;
  run = run_arbiter_args("datagen --expand " + quote(archive));
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("need --out FILE"), std::string::npos) << run.err;
  run = run_arbiter_args("datagen --expand " + quote(chunk) + " --out " + quote(dir + "/x.bin"));
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("not a game archive"), std::string::npos) << run.err;
  EXPECT_FALSE(fs::exists(dir + "/x.bin"));
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
