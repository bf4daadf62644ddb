// The store of training data: chunks that are complete files within the size
// limit, holding exactly the records one file would, resumable, and a check that
// finds every kind of damage and writes the manifest.
#include "arbiter/datagen/data_store.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "small_datagen.h"
#include "test_support.h"

namespace arbiter::datagen {
namespace {

namespace fs = std::filesystem;

DatagenOptions store_test_options() { return small_datagen_options(21); }

// Room for about two games of the small options per chunk.
constexpr uint64_t kSmallChunk = kFileHeaderSize + 150 * sizeof(PackedPosition);
constexpr int kGeneration = 3;

using test::TempDir;

using test::file_bytes;

std::vector<PackedPosition> records_of(const fs::path& path) {
  std::vector<PackedPosition> out;
  EXPECT_TRUE(read_data_file(path.string(), out).ok()) << path;
  return out;
}

// The store's chunks of the run, in order.
std::vector<fs::path> chunks_of(const TempDir& dir, uint64_t seed) {
  std::vector<fs::path> chunks;
  for (int i = 0;; ++i) {
    const fs::path p = dir.path / chunk_file_name({kGeneration, seed, i});
    if (!fs::exists(p)) return chunks;
    chunks.push_back(p);
  }
}

Result<DatagenSummary> run_into_store(const TempDir& dir, const DatagenOptions& o) {
  auto store = StoreWriter::open(dir.str(), kGeneration, o.settings_text(), o.seed, kSmallChunk);
  if (!store) return Error{store.error()};
  std::ostringstream log;
  return run_datagen(o, store.value(), log);
}

TEST(DataStore, ChunkNamesHaveOneSpelling) {
  const ChunkName name{5, 101, 3};
  EXPECT_EQ(chunk_file_name(name), "gen5-seed101-0003.bin");
  EXPECT_EQ(parse_chunk_file_name("gen5-seed101-0003.bin"), name);
  EXPECT_EQ(parse_chunk_file_name("gen12-seed7-12345.bin"), (ChunkName{12, 7, 12345}));
  for (const char* other :
       {"manifest", "gen5-seed101-003.bin", "gen05-seed101-0003.bin", "gen5-seed101-0003.bin.new",
        "gen5-seed-0003.bin", "gen5.bin", "gen-1-seed1-0000.bin", "x-gen5-seed101-0003.bin"})
    EXPECT_FALSE(parse_chunk_file_name(other).has_value()) << other;
}

TEST(DataStore, ChunksHoldWhatOneFileWouldWithinTheLimitAndResume) {
  DatagenOptions o = store_test_options();
  o.games = 6;
  const TempDir single("store-single"), straight("store-straight"), resumed("store-resumed");
  fs::create_directories(single.path);
  std::ostringstream log;
  ASSERT_TRUE(run_datagen(o, (single.path / "all.bin").string(), log).ok());
  const std::vector<PackedPosition> expected = records_of(single.path / "all.bin");

  auto summary = run_into_store(straight, o);
  ASSERT_TRUE(summary.ok()) << summary.error();
  EXPECT_EQ(summary->games, 6u);
  EXPECT_EQ(summary->positions, expected.size());
  const std::vector<fs::path> chunks = chunks_of(straight, o.seed);
  ASSERT_GE(chunks.size(), 2u) << "six games cannot fit one small chunk";
  std::vector<PackedPosition> joined;
  uint64_t games = 0;
  for (const fs::path& chunk : chunks) {
    EXPECT_LE(fs::file_size(chunk), kSmallChunk) << chunk;
    auto header = read_data_header(chunk.string());
    ASSERT_TRUE(header.ok());
    EXPECT_GE(header->games, 1u);  // whole games, each chunk a file of its own
    games += header->games;
    for (const PackedPosition& p : records_of(chunk)) joined.push_back(p);
  }
  EXPECT_EQ(games, 6u);
  EXPECT_EQ(joined, expected);

  // The manifest names every chunk completed so far, without a --check: a run
  // that is killed leaves it up to date but for the chunk in writing.
  std::ifstream manifest(straight.path / kManifestName);
  ASSERT_TRUE(manifest.good()) << "no manifest after a chunk was completed";
  std::stringstream listed;
  listed << manifest.rdbuf();
  for (size_t i = 0; i + 1 < chunks.size(); ++i) {
    const auto header = read_data_header(chunks[i].string());
    ASSERT_TRUE(header.ok());
    const std::string line = chunks[i].filename().string() + "\t" + std::to_string(kGeneration) +
                             "\t" + std::to_string(o.seed) + "\t" +
                             std::to_string(header->positions) + "\t" +
                             std::to_string(header->games) + "\t";
    EXPECT_NE(listed.str().find(line), std::string::npos) << line << " not in\n" << listed.str();
  }

  // Stopped after three games and resumed on two threads: the same chunks.
  DatagenOptions first = o;
  first.games = 3;
  ASSERT_TRUE(run_into_store(resumed, first).ok());
  o.threads = 2;
  auto rest = run_into_store(resumed, o);
  ASSERT_TRUE(rest.ok()) << rest.error();
  EXPECT_EQ(rest->new_games, 3u);
  const std::vector<fs::path> again = chunks_of(resumed, o.seed);
  ASSERT_EQ(again.size(), chunks.size());
  for (size_t i = 0; i < chunks.size(); ++i) EXPECT_EQ(file_bytes(again[i]), file_bytes(chunks[i]));

  // Other settings under the same generation and seed are refused.
  o.soft_nodes = 301;
  EXPECT_FALSE(run_into_store(resumed, o).ok());
}

TEST(DataStore, CheckWritesTheManifestAndFindsDamage) {
  DatagenOptions o = store_test_options();
  o.games = 5;
  const TempDir dir("store-check");
  ASSERT_TRUE(run_into_store(dir, o).ok());
  o.seed = 22;
  o.games = 2;
  ASSERT_TRUE(run_into_store(dir, o).ok());

  StoreCheck check = check_store(dir.str());
  ASSERT_TRUE(check.ok()) << check.problems.front();
  EXPECT_EQ(check.games, 7u);
  const size_t chunks = chunks_of(dir, 21).size() + chunks_of(dir, 22).size();
  EXPECT_EQ(check.chunks.size(), chunks);
  ASSERT_TRUE(write_manifest(dir.str(), check).ok());
  std::ifstream manifest(dir.path / kManifestName);
  std::string line;
  std::vector<std::string> rows;
  while (std::getline(manifest, line))
    if (!line.starts_with("#")) rows.push_back(line);
  ASSERT_EQ(rows.size(), chunks);
  EXPECT_TRUE(rows[0].starts_with("gen3-seed21-0000.bin\t3\t21\t")) << rows[0];
  EXPECT_NE(rows[0].find("eval=classical nodes=300"), std::string::npos) << rows[0];

  // A record whose result is no result.
  const fs::path first = dir.path / chunk_file_name({kGeneration, 21, 0});
  {
    std::fstream f(first, std::ios::in | std::ios::out | std::ios::binary);
    const auto result_byte = offsetof(PackedPosition, result);
    f.seekp(std::streamoff(kFileHeaderSize + sizeof(PackedPosition) + result_byte));
    f.put(char(7));
  }
  check = check_store(dir.str());
  ASSERT_EQ(check.problems.size(), 1u);
  EXPECT_NE(check.problems[0].find("gen3-seed21-0000.bin: record 1"), std::string::npos)
      << check.problems[0];
  EXPECT_EQ(check.chunks.size(), chunks - 1);  // the damaged chunk stays out of the manifest

  // A chunk cut short, and one missing from its run.
  fs::remove(first);
  const fs::path second = dir.path / chunk_file_name({kGeneration, 21, 1});
  fs::resize_file(second, fs::file_size(second) - 1);
  check = check_store(dir.str());
  auto reported = [&](const std::string& what) {
    return std::any_of(check.problems.begin(), check.problems.end(),
                       [&](const std::string& p) { return p.find(what) != std::string::npos; });
  };
  EXPECT_TRUE(reported("gen3-seed21-0001.bin: chunk 0 of its run is missing"));
  EXPECT_TRUE(reported("gen3-seed21-0001.bin: " + std::to_string(fs::file_size(second)) +
                       " bytes where the header's"));
  EXPECT_FALSE(reported("seed22"));  // the other run is whole
}

}  // namespace
}  // namespace arbiter::datagen
