// Every PV the search reports, in every info line (bounds included), is replayed
// by the rules move by move: each move legal, and nothing after a checkmate, a
// stalemate or a rule draw (the 50-move rule, threefold repetition counting the
// game before the root). GUIs and match runners (fastchess, cutechess-cli) check
// exactly this and warn about engines that break it.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "arbiter/core/movegen.h"
#include "arbiter/core/notation.h"
#include "arbiter/search/threads.h"
#include "test_support.h"

namespace arbiter::search {
namespace {

using core::Position;

constexpr int kFiftyMovePlies = 100;
constexpr int kThreefold = 3;

// The first thing wrong with `pv` played from `root` after `history` (keys of the
// game's earlier positions), or "" when it is a sound line.
std::string pv_problem(const Position& root, std::vector<core::Key> history,
                       const std::vector<core::Move>& pv) {
  Position pos = root;
  history.push_back(pos.key());
  for (size_t i = 0; i < pv.size(); ++i) {
    const std::string where = "move " + std::to_string(i + 1) + " " + core::to_uci(pv[i], false) +
                              " in " + core::to_fen(pos);
    if (core::count_legal_moves(pos) == 0)
      return "the game is over (mate/stalemate) before " + where;
    // The root itself may stand on a draw nobody claimed; the line may not reach one.
    if (i > 0 && pos.halfmove_clock() >= kFiftyMovePlies)
      return "50-move rule draw before " + where;
    int seen = 0;
    for (core::Key k : history) seen += k == pos.key();
    if (i > 0 && seen >= kThreefold) return "threefold repetition before " + where;
    if (!pos.is_legal(pv[i])) return "illegal " + where;
    core::UndoInfo undo;
    pos.make_move(pv[i], undo);
    history.push_back(pos.key());
  }
  return "";
}

std::vector<std::string> pv_sample_fens(size_t every) {
  std::vector<std::string> fens = {
      // Mates in a few moves and endings where lines run long.
      "2k5/8/1K6/8/8/8/8/3R4 w - - 0 1",
      "8/8/8/3k4/8/8/8/4KQ2 w - - 0 1",
      "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
      "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
      "8/8/8/8/8/5k2/7R/5K2 b - - 0 1",
      "7k/8/6K1/8/8/8/8/6Q1 w - - 0 1",
      "8/8/8/8/4k3/8/3K4/2Q5 w - - 98 120",
  };
  std::ifstream in(test::data_path("lichess-sample-plies.fen"));
  std::string line;
  for (size_t n = 0; std::getline(in, line); ++n)
    if (n % every == 0 && !line.empty()) fens.push_back(line);
  return fens;
}

TEST(PrincipalVariation, EveryReportedLineIsPlayableToItsEnd) {
  const int depth = test::kSanitized ? 5 : 9;
  const size_t every = test::kSanitized ? 500 : 50;
  int lines = 0;
  ThreadPool pool;
  for (const std::string& fen : pv_sample_fens(every)) {
    Position root = test::must_parse(fen);
    if (core::count_legal_moves(root) == 0) continue;
    pool.clear();  // each position on its own: a failure replays alone
    SearchLimits limits;
    limits.depth = depth;
    std::vector<SearchInfo> infos;
    SearchResult r = pool.search_sync(root, {}, limits, SearchOptions{},
                                      [&](const SearchInfo& i) { infos.push_back(i); });
    ASSERT_TRUE(root.is_legal(r.best)) << fen;
    for (const SearchInfo& info : infos) {
      ++lines;
      std::string problem = pv_problem(root, {}, info.pv);
      EXPECT_EQ(problem, "") << fen << " depth " << info.depth;
    }
  }
  EXPECT_GT(lines, 100);
}

TEST(PrincipalVariation, EndsAtTheMateItAnnounces) {
  // Mate in 2: the PV has exactly three moves and the position after it is mate.
  Position root = test::must_parse("2k5/8/1K6/8/8/8/8/3R4 w - - 0 1");
  ThreadPool pool;
  SearchLimits limits;
  limits.depth = 10;
  std::vector<SearchInfo> infos;
  pool.search_sync(root, {}, limits, SearchOptions{},
                   [&](const SearchInfo& i) { infos.push_back(i); });
  ASSERT_FALSE(infos.empty());
  const SearchInfo& last = infos.back();
  ASSERT_EQ(mate_distance_moves(last.score), 2);
  ASSERT_EQ(last.pv.size(), 3u);
  Position pos = root;
  for (core::Move m : last.pv) {
    core::UndoInfo undo;
    ASSERT_TRUE(pos.is_legal(m));
    pos.make_move(m, undo);
  }
  EXPECT_TRUE(pos.in_check());
  EXPECT_EQ(core::count_legal_moves(pos), 0);
}

TEST(PrincipalVariation, StopsAtARepetitionTheGameAlreadyHad) {
  // Kings shuffle: after Kg1-h1 Kh8-g8 Kh1-g1 Kg8-h8 the root stands for the second
  // time, so any line that returns to it is a threefold repetition and ends there.
  Position pos = test::must_parse("7k/8/8/8/8/8/8/R5K1 w - - 0 1");
  std::vector<core::Key> history;
  for (const char* text : {"g1h1", "h8g8", "h1g1", "g8h8"}) {
    history.push_back(pos.key());
    core::UndoInfo undo;
    pos.make_move(core::parse_uci_move(pos, text, false).value(), undo);
  }
  ThreadPool pool;
  SearchLimits limits;
  limits.depth = 8;
  std::vector<SearchInfo> infos;
  pool.search_sync(pos, history, limits, SearchOptions{},
                   [&](const SearchInfo& i) { infos.push_back(i); });
  ASSERT_FALSE(infos.empty());
  for (const SearchInfo& info : infos) EXPECT_EQ(pv_problem(pos, history, info.pv), "");
}

TEST(PrincipalVariation, StopsAtARepetitionReachedAtTheHorizon) {
  // From a fastchess game (2+0.02): rooks shuffle, Kh2-h1 repeats a position for the
  // third time. The depth-1 line was "h2h1 d4f2": the child of h2h1 went straight
  // to quiescence, which checked no repetition, and a capture followed the draw
  // (fastchess: "PV continues after threefold repetition"). Every depth, every line.
  const char* moves =
      "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 d2d3 f8e7 e1g1 e8g8 f1e1 d7d6 a2a4 c6d4 f3d4 e5d4 b1d2 "
      "c8e6 c4e6 f7e6 d2f3 c7c5 c2c3 d4c3 b2c3 d8d7 d1b3 f6h5 b3b5 a8d8 f3g5 h7h6 b5d7 d8d7 "
      "g5f3 h5f4 c1f4 f8f4 f3d2 f4f8 a4a5 e7f6 a1a3 d6d5 e1b1 h6h5 h2h3 g7g5 e4d5 e6d5 d2b3 "
      "f8c8 d3d4 c5d4 b3d4 c8c5 a3b3 c5a5 b3b7 d7b7 b1b7 a5a1 g1h2 a1a3 g2g3 a3c3 d4f5 a7a5 "
      "b7a7 c3c2 h2g2 c2a2 f5h6 g8h8 h6f7 h8h7 f7g5 h7g6 g5f3 g6f5 a7f7 f5e6 f7c7 a5a4 c7c6 "
      "e6f7 g3g4 a4a3 g4g5 f6a1 c6a6 a1c3 f3h4 c3d4 g5g6 f7e8 g2h1 a2a1 h1h2 a1a2 h2h1 a2a1 "
      "h1h2 a1a2";
  Position pos = Position::start_position();
  std::vector<core::Key> history;
  size_t start = 0;
  const std::string text = moves;
  while (start < text.size()) {
    const size_t end = std::min(text.find(' ', start), text.size());
    history.push_back(pos.key());
    auto m = core::parse_uci_move(pos, text.substr(start, end - start), false);
    ASSERT_TRUE(m) << text.substr(start, end - start);
    core::UndoInfo undo;
    pos.make_move(m.value(), undo);
    start = end + 1;
  }
  // The move that repeats, searched alone (as the engine did at depth 1), and then
  // every move.
  for (bool only_the_repetition : {true, false}) {
    ThreadPool pool;
    SearchLimits limits;
    limits.depth = test::kSanitized ? 6 : 10;
    if (only_the_repetition)
      limits.searchmoves = {core::parse_uci_move(pos, "h2h1", false).value()};
    std::vector<SearchInfo> infos;
    pool.search_sync(pos, history, limits, SearchOptions{},
                     [&](const SearchInfo& i) { infos.push_back(i); });
    ASSERT_FALSE(infos.empty());
    for (const SearchInfo& info : infos)
      EXPECT_EQ(pv_problem(pos, history, info.pv), "") << "depth " << info.depth;
    if (only_the_repetition) {
      EXPECT_EQ(infos.back().score, 0);  // a draw, nothing else
    }
  }
}

}  // namespace
}  // namespace arbiter::search
