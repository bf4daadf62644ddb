// Helpers shared by the tests: the data folder, the perft suite, random walks,
// PGN files read whole.
#pragma once

#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "arbiter/core/fen.h"
#include "arbiter/core/movegen.h"
#include "arbiter/core/perft.h"
#include "arbiter/pgn/reader.h"

namespace arbiter::test {

inline std::string data_path(const std::string& name) {
  return std::string(ARBITER_TEST_DATA_DIR) + "/" + name;
}

// A whole file's bytes ("" when it cannot be read).
inline std::string file_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Milliseconds on the steady clock since `t`.
inline int64_t ms_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t)
      .count();
}

// A file in the temporary directory, named by the process so that parallel
// test processes never share one.
inline std::string temp_file(const std::string& name) {
  return (std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid())))
      .string();
}

// A folder of the temporary directory for one test, named by the process so
// that parallel test processes never share one; gone before and after.
struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& name)
      : path(std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(path);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string str() const { return path.string(); }
  std::string file(const std::string& name) const { return (path / name).string(); }
};

// Sanitized builds run ~10x slower: heavy loops scale down there.
#ifdef ARBITER_SANITIZED_BUILD
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
// Timeouts stretch under the sanitizers.
inline constexpr int kSanitizedTimeoutScale = kSanitized ? 5 : 1;

inline const std::vector<core::PerftCase>& perft_suite() {
  static const std::vector<core::PerftCase> cases = [] {
    std::vector<core::PerftCase> out;
    std::ifstream in(data_path("perft.epd"));
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      auto c = core::parse_perft_line(line);
      if (c) out.push_back(c.value());
    }
    return out;
  }();
  return cases;
}

inline core::Position must_parse(const std::string& fen, bool chess960 = false) {
  auto r = core::parse_fen(fen, chess960);
  EXPECT_TRUE(r.ok()) << fen << ": " << (r.ok() ? "" : r.error());
  return r.ok() ? r.value() : core::Position::start_position();
}

// Positions reached by random legal moves from each of `starts`, `walks_per_start`
// walks of at most `max_plies` each (every position on the way is kept).
inline std::vector<core::Position> random_walks_from(const std::vector<core::Position>& starts,
                                                     int walks_per_start, int max_plies,
                                                     unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<core::Position> out;
  for (const core::Position& start : starts) {
    for (int w = 0; w < walks_per_start; ++w) {
      core::Position pos = start;
      for (int ply = 0; ply < max_plies; ++ply) {
        out.push_back(pos);
        core::MoveList moves;
        core::generate_legal(pos, moves);
        if (moves.empty()) break;
        core::UndoInfo undo;
        pos.make_move(moves[rng() % moves.size()], undo);
      }
    }
  }
  return out;
}

// Positions reached by random legal moves from every suite position: varied
// material, checks, promotions, en passant and castling states.
inline std::vector<core::Position> random_walk_positions(int walks_per_case, int max_plies,
                                                         unsigned seed = 12345) {
  std::vector<core::Position> starts;
  for (const core::PerftCase& c : perft_suite()) starts.push_back(must_parse(c.fen, c.chess960));
  return random_walks_from(starts, walks_per_case, max_plies, seed);
}

// A FEN from a 64-character board (index a1 = 0, '.' empty), no castling or
// en passant, counters 0 1.
inline std::string board_fen(const std::string& board, core::Color side_to_move) {
  return core::board_fen(board, side_to_move);
}

// Every game of a PGN file; a game that does not parse fails the test.
inline std::vector<pgn::Game> read_pgn_file(const std::string& path) {
  std::ifstream file(path);
  pgn::Reader reader(file, path);
  std::vector<pgn::Game> games;
  for (const pgn::ParsedGame& parsed : reader) {
    EXPECT_TRUE(parsed.ok()) << (parsed.ok() ? "" : parsed.error().to_string());
    if (parsed.ok()) games.push_back(parsed.game());
  }
  return games;
}

// The one game of a PGN text; anything else fails the test.
inline pgn::Game read_one_game(std::string_view text) {
  std::vector<pgn::ParsedGame> games = pgn::read_games(text, "t.pgn");
  EXPECT_EQ(games.size(), 1u) << text;
  if (games.empty() || !games[0].ok()) {
    ADD_FAILURE() << (games.empty() ? "no game" : games[0].error().to_string()) << "\n" << text;
    return pgn::Game();
  }
  return games[0].game();
}

// The exit code of every arbiter subcommand given a bad command line.
inline constexpr int kUsageErrorExit = 2;

}  // namespace arbiter::test
