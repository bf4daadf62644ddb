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

std::vector<std::string> sample_positions(size_t every) {
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
  for (const std::string& fen : sample_positions(every)) {
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

}  // namespace
}  // namespace arbiter::search
