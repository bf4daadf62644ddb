// Games kept as moves: an archive gives back exactly the records self-play
// wrote (byte for byte once expanded), resumes by cutting to its chunk's games,
// and names the game and byte of any damage.
#include "arbiter/datagen/game_archive.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "arbiter/core/fen.h"
#include "arbiter/core/notation.h"
#include "arbiter/datagen/data_store.h"
#include "arbiter/datagen/self_play.h"
#include "arbiter/search/score.h"
#include "small_datagen.h"
#include "test_support.h"

namespace arbiter::datagen {
namespace {

namespace fs = std::filesystem;

DatagenOptions archive_test_options() { return small_datagen_options(31); }

// A scratch folder that exists.
struct ArchiveScratch : test::TempDir {
  explicit ArchiveScratch(const std::string& name) : test::TempDir(name) {
    fs::create_directories(path);
  }
};

using test::file_bytes;

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}

std::vector<GameRecord> played_games(int n) {
  SelfPlayer player(archive_test_options());
  std::vector<GameRecord> games;
  for (int i = 0; i < n; ++i) games.push_back(player.play(uint64_t(i)));
  return games;
}

// A game with every kind of move the encoding must tell apart (castling both
// ways, en passant, promotions to a queen and to a knight, a capture) and
// scores at the edges (mate, large swings), built by hand.
GameRecord special_game() {
  GameRecord g;
  g.start = core::parse_fen("r3k2r/1P1p4/8/4P3/8/8/6p1/R3K2R b KQkq - 0 30").value();
  const char* moves[] = {"d7d5", "e5d6", "e8g8", "e1c1", "g2g1q", "b7b8n", "g1d1"};
  const int scores[] = {12, -30, 850, -search::kMateScore + 5, 31990, -2, search::kMateScore - 1};
  core::Position pos = g.start;
  for (size_t i = 0; i < std::size(moves); ++i) {
    const core::Move m = core::parse_uci_move(pos, moves[i], false).value();
    g.moves.push_back(m);
    g.scores.push_back(scores[i]);
    core::UndoInfo undo;
    pos.make_move(m, undo);
  }
  g.white_result = WdlResult::Loss;
  g.adjudicated = true;
  g.records = training_records(g.start, g.moves, g.scores, g.white_result);
  return g;
}

void expect_same_record(const GameRecord& a, const GameRecord& b) {
  EXPECT_EQ(core::to_fen(a.start), core::to_fen(b.start));
  EXPECT_EQ(a.moves, b.moves);
  EXPECT_EQ(a.scores, b.scores);
  EXPECT_EQ(a.white_result, b.white_result);
  EXPECT_EQ(a.adjudicated, b.adjudicated);
  EXPECT_EQ(a.records, b.records);
}

TEST(GameArchive, GivesBackEveryGameAndItsRecords) {
  std::vector<GameRecord> games = played_games(4);
  games.push_back(special_game());
  const ArchiveScratch dir("archive-round-trip");
  const std::string path = dir.file("a.games");
  {
    auto w = ArchiveWriter::open(path, "settings text", 0);
    ASSERT_TRUE(w.ok()) << w.error();
    for (const GameRecord& g : games) ASSERT_TRUE(w.value().append_game(g).ok());
    EXPECT_EQ(w->games(), games.size());
  }
  auto r = ArchiveReader::open(path);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->settings(), "settings text");
  for (const GameRecord& expected : games) {
    auto game = r.value().next();
    ASSERT_TRUE(game.ok()) << game.error();
    ASSERT_TRUE(game.value().has_value());
    expect_same_record(*game.value(), expected);
  }
  auto end = r.value().next();
  ASSERT_TRUE(end.ok());
  EXPECT_FALSE(end.value().has_value());
  // The hand-built game keeps the quiet positions only: not the en passant,
  // promotion or capture plies, not the mate scores.
  EXPECT_EQ(games.back().records.size(), 2u);
  // Far smaller than the records it stands for.
  size_t records = 0;
  for (const GameRecord& g : games) records += g.records.size();
  EXPECT_LT(fs::file_size(path), records * sizeof(PackedPosition) / 4);
}

TEST(GameArchive, ExpandsToTheDataFileSelfPlayWrites) {
  const ArchiveScratch dir("archive-expand");
  DatagenOptions o = archive_test_options();
  o.games = 5;
  std::ostringstream log;
  ASSERT_TRUE(run_datagen(o, dir.file("direct.bin"), log).ok());
  {
    auto w = ArchiveWriter::open(dir.file("a.games"), o.settings_text(), 0);
    ASSERT_TRUE(w.ok());
    for (const GameRecord& g : played_games(5)) ASSERT_TRUE(w.value().append_game(g).ok());
  }
  auto header = expand_archive(dir.file("a.games"), dir.file("expanded.bin"));
  ASSERT_TRUE(header.ok()) << header.error();
  EXPECT_EQ(header->games, 5u);
  EXPECT_EQ(file_bytes(dir.file("expanded.bin")), file_bytes(dir.file("direct.bin")));
  // Expanding never appends to or replaces a file.
  EXPECT_FALSE(expand_archive(dir.file("a.games"), dir.file("expanded.bin")).ok());
  // A damaged archive leaves no half of a data file.
  const std::string bytes = file_bytes(dir.file("a.games"));
  write_bytes(dir.file("cut.games"), bytes.substr(0, bytes.size() - 3));
  auto cut = expand_archive(dir.file("cut.games"), dir.file("cut.bin"));
  ASSERT_FALSE(cut.ok());
  EXPECT_NE(cut.error().find("game 4 at byte"), std::string::npos) << cut.error();
  EXPECT_FALSE(fs::exists(dir.file("cut.bin")));
}

TEST(GameArchive, ResumesByCuttingToItsChunksGames) {
  const std::vector<GameRecord> games = played_games(3);
  const ArchiveScratch dir("archive-resume");
  const std::string path = dir.file("a.games");
  std::string two_games;
  {
    auto w = ArchiveWriter::open(path, "s", 0);
    ASSERT_TRUE(w.ok());
    ASSERT_TRUE(w.value().append_game(games[0]).ok());
    ASSERT_TRUE(w.value().append_game(games[1]).ok());
    two_games = file_bytes(path);
    ASSERT_TRUE(w.value().append_game(games[2]).ok());
  }
  // A third game, and half of a fourth, past a chunk that holds two.
  std::string bytes = file_bytes(path);
  write_bytes(path, bytes + bytes.substr(two_games.size(), 9));
  {
    auto w = ArchiveWriter::open(path, "s", 2);
    ASSERT_TRUE(w.ok()) << w.error();
    EXPECT_EQ(w->games(), 2u);
    EXPECT_EQ(file_bytes(path), two_games);
    ASSERT_TRUE(w.value().append_game(games[2]).ok());
  }
  EXPECT_EQ(file_bytes(path), bytes);
  // Fewer games than the chunk, other settings, or no file for a chunk with games: refused.
  EXPECT_FALSE(ArchiveWriter::open(path, "s", 4).ok());
  EXPECT_FALSE(ArchiveWriter::open(path, "other", 1).ok());
  EXPECT_FALSE(ArchiveWriter::open(dir.file("missing.games"), "s", 1).ok());
  EXPECT_EQ(file_bytes(path), bytes);  // a refusal leaves the file alone
}

TEST(GameArchive, NamesTheGameAndByteOfDamage) {
  const std::vector<GameRecord> games = played_games(2);
  const ArchiveScratch dir("archive-damage");
  const std::string path = dir.file("a.games");
  {
    auto w = ArchiveWriter::open(path, "s", 0);
    ASSERT_TRUE(w.ok());
    for (const GameRecord& g : games) ASSERT_TRUE(w.value().append_game(g).ok());
  }
  const std::string good = file_bytes(path);
  std::string second_game;
  ASSERT_TRUE(encode_game(games[1], second_game).ok());
  const size_t second = good.size() - second_game.size();
  ASSERT_LT(games[1].moves.size(), 128u);  // its ply count takes one byte
  auto error_of = [](std::string bytes) -> std::string {
    auto r = ArchiveReader::from_bytes(std::move(bytes), "x.games");
    if (!r) return r.error();
    for (;;) {
      auto g = r.value().next();
      if (!g) return g.error();
      if (!g.value()) return "";
    }
  };
  EXPECT_EQ(error_of(good), "");
  // The second game's tag, its first move beyond the legal moves, and a cut.
  std::string bad_tag = good;
  bad_tag[second] = char(0x13);
  EXPECT_NE(error_of(bad_tag).find("game 1 at byte " + std::to_string(second)), std::string::npos)
      << error_of(bad_tag);
  std::string bad_move = good;
  const size_t first_move = second + 1 + 1 + sizeof(PackedPosition);  // tag, short varint, start
  bad_move[first_move] = char(250);
  EXPECT_NE(error_of(bad_move).find("names move 250"), std::string::npos) << error_of(bad_move);
  EXPECT_NE(error_of(good.substr(0, good.size() - 1)).find("game 1 at byte"), std::string::npos);
  EXPECT_NE(error_of("ARBGAMEX").find("not a game archive"), std::string::npos);
  EXPECT_NE(error_of(good.substr(0, 14)).find("cut short"), std::string::npos);
  // One spelling only: a ply count spelt with a needless zero byte, and a start
  // whose unused byte is set, are not what a writer gives.
  std::string overlong =
      good.substr(0, second + 1) + char(0x80 | good[second + 1]) + '\0' + good.substr(second + 2);
  EXPECT_NE(error_of(overlong).find("malformed"), std::string::npos) << error_of(overlong);
  std::string odd_start = good;
  odd_start[second + 2 + sizeof(PackedPosition) - 1] = 1;  // PackedPosition::reserved
  EXPECT_NE(error_of(odd_start).find("not packed as a writer packs it"), std::string::npos)
      << error_of(odd_start);
}

TEST(GameArchive, RefusesAGameItCouldNotGiveBack) {
  GameRecord game = special_game();
  std::string bytes = "kept";
  GameRecord illegal = game;
  illegal.moves[3] = illegal.moves[2];  // Black's castling again, on White's move
  EXPECT_FALSE(encode_game(illegal, bytes).ok());
  GameRecord unscored = game;
  unscored.scores.pop_back();
  EXPECT_FALSE(encode_game(unscored, bytes).ok());
  EXPECT_EQ(bytes, "kept");  // nothing appended by a refusal
  ASSERT_TRUE(encode_game(game, bytes).ok());
  EXPECT_GT(bytes.size(), 4u + sizeof(PackedPosition));
}

TEST(GameArchive, StoreChunksKeepArchivesThatCheckExportAndExpand) {
  DatagenOptions o = archive_test_options();
  o.games = 5;
  const ArchiveScratch dir("archive-store");
  const std::string store = dir.file("store");
  const uint64_t small_chunk = kFileHeaderSize + 150 * sizeof(PackedPosition);
  {
    auto w = StoreWriter::open(store, 2, o.settings_text(), o.seed, small_chunk);
    ASSERT_TRUE(w.ok()) << w.error();
    std::ostringstream log;
    ASSERT_TRUE(run_datagen(o, w.value(), log).ok());
  }
  StoreCheck check = check_store(store);
  ASSERT_TRUE(check.ok()) << check.problems.front();
  ASSERT_GE(check.chunks.size(), 2u);
  for (const StoreChunk& c : check.chunks) {
    const std::string chunk = store + "/" + c.file;
    EXPECT_EQ(c.archive_bytes, fs::file_size(archive_path_for(chunk))) << c.file;
    // Exported and expanded again: the chunk, byte for byte.
    const std::string exported = dir.file(c.file + ".games");
    auto bytes = export_chunk_archive(chunk, exported);
    ASSERT_TRUE(bytes.ok()) << bytes.error();
    ASSERT_TRUE(expand_archive(exported, dir.file(c.file)).ok());
    EXPECT_EQ(file_bytes(dir.file(c.file)), file_bytes(chunk)) << c.file;
  }
  // A score changed in an archive: the check names the chunk and its archive.
  const std::string chunk = store + "/" + check.chunks[0].file;
  std::string bytes = file_bytes(archive_path_for(chunk));
  bytes[bytes.size() - 1] = char(bytes.back() ^ 0x02);
  write_bytes(archive_path_for(chunk), bytes);
  check = check_store(store);
  ASSERT_EQ(check.problems.size(), 1u);
  EXPECT_NE(check.problems[0].find("its archive"), std::string::npos) << check.problems[0];
  EXPECT_NE(check.problems[0].find(fs::path(chunk).filename().string()), std::string::npos);
  EXPECT_FALSE(export_chunk_archive(chunk, dir.file("refused.games")).ok());
}

}  // namespace
}  // namespace arbiter::datagen
