// Training-data files: what is written is read back; an interrupted write is
// cut at the last whole game; other settings and other files are refused.
#include "arbiter/datagen/data_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "test_support.h"

namespace arbiter::datagen {
namespace {

std::vector<PackedPosition> some_records(int n, int offset) {
  std::vector<PackedPosition> out;
  const auto positions = test::random_walk_positions(1, 8);
  for (int i = 0; i < n; ++i)
    out.push_back(PackedPosition::pack(positions[size_t(offset + i) % positions.size()], offset + i,
                                       WdlResult(i % 3)));
  return out;
}

TEST(DataFile, WritesAndReadsWholeGames) {
  const std::string path = test::temp_file("data-rw") + ".bin";
  std::filesystem::remove(path);
  const auto game1 = some_records(5, 0), game2 = some_records(7, 100);
  {
    auto w = DataWriter::open(path, "nodes=5000 seed=1");
    ASSERT_TRUE(w.ok()) << w.error();
    ASSERT_TRUE(w.value().append_game(game1, WdlResult::Win).ok());
    ASSERT_TRUE(w.value().append_game(game2, WdlResult::Draw).ok());
  }
  EXPECT_EQ(std::filesystem::file_size(path), kFileHeaderSize + 12 * sizeof(PackedPosition));
  auto h = read_data_header(path);
  ASSERT_TRUE(h.ok()) << h.error();
  EXPECT_EQ(h->games, 2u);
  EXPECT_EQ(h->positions, 12u);
  EXPECT_EQ(h->wins, 1u);
  EXPECT_EQ(h->draws, 1u);
  EXPECT_EQ(h->losses, 0u);
  EXPECT_EQ(h->settings_text(), "nodes=5000 seed=1");
  std::vector<PackedPosition> all;
  ASSERT_TRUE(read_data_file(path, all).ok());
  std::vector<PackedPosition> expected = game1;
  expected.insert(expected.end(), game2.begin(), game2.end());
  EXPECT_EQ(all, expected);
  // The streaming reader gives the same records in chunks.
  auto r = DataReader::open(path);
  ASSERT_TRUE(r.ok());
  std::vector<PackedPosition> streamed;
  for (auto c = r.value().next(5); !c.empty(); c = r.value().next(5))
    streamed.insert(streamed.end(), c.begin(), c.end());
  EXPECT_EQ(streamed, expected);
  std::filesystem::remove(path);
}

TEST(DataFile, ResumesAfterAnInterruptedWrite) {
  const std::string path = test::temp_file("data-resume") + ".bin";
  std::filesystem::remove(path);
  const auto game1 = some_records(4, 0);
  {
    auto w = DataWriter::open(path, "s");
    ASSERT_TRUE(w.ok());
    ASSERT_TRUE(w.value().append_game(game1, WdlResult::Loss).ok());
  }
  {  // A crash after part of the next game's records reached the disk.
    std::ofstream tail(path, std::ios::binary | std::ios::app);
    tail << std::string(3 * sizeof(PackedPosition) + 5, 'x');
  }
  std::vector<PackedPosition> read;
  ASSERT_TRUE(read_data_file(path, read).ok());  // the reader ignores the tail
  EXPECT_EQ(read, game1);
  {
    auto w = DataWriter::open(path, "s");
    ASSERT_TRUE(w.ok()) << w.error();
    EXPECT_EQ(w->header().games, 1u);
    ASSERT_TRUE(w.value().append_game(some_records(2, 50), WdlResult::Win).ok());
  }
  EXPECT_EQ(std::filesystem::file_size(path), kFileHeaderSize + 6 * sizeof(PackedPosition));
  read.clear();
  ASSERT_TRUE(read_data_file(path, read).ok());
  ASSERT_EQ(read.size(), 6u);
  EXPECT_EQ(read[4], some_records(2, 50)[0]);
  std::filesystem::remove(path);
}

TEST(DataFile, RefusesOtherSettingsOtherFilesAndTruncation) {
  const std::string path = test::temp_file("data-bad") + ".bin";
  std::filesystem::remove(path);
  {
    auto w = DataWriter::open(path, "nodes=5000");
    ASSERT_TRUE(w.ok());
    ASSERT_TRUE(w.value().append_game(some_records(3, 0), WdlResult::Draw).ok());
  }
  auto other = DataWriter::open(path, "nodes=8000");
  ASSERT_FALSE(other.ok());
  EXPECT_NE(other.error().find("other settings"), std::string::npos);

  std::filesystem::resize_file(path, kFileHeaderSize + sizeof(PackedPosition));
  std::vector<PackedPosition> read;
  auto truncated = read_data_file(path, read);
  ASSERT_FALSE(truncated.ok());
  EXPECT_NE(truncated.error().find("truncated"), std::string::npos);

  {
    std::ofstream(path, std::ios::binary)
        << "this is a PGN file, not training data" << std::string(300, ' ');
  }
  auto not_data = read_data_header(path);
  ASSERT_FALSE(not_data.ok());
  EXPECT_NE(not_data.error().find("not an Arbiter training-data file"), std::string::npos);
  EXPECT_FALSE(DataWriter::open(path, "nodes=5000").ok());  // never overwritten

  auto missing = read_data_header(path + ".missing");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().find("cannot open"), std::string::npos);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace arbiter::datagen
