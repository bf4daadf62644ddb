// Soundness of the unwinnability analysis against an independent brute force:
// random sparse positions and random pawn walls must never be declared
// unwinnable for a side that has a short helpmate, and every helpmate line the
// module returns must be legal and end in mate. Also: known dead positions, the
// blockade analysis on its own, and concurrent use.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <thread>
#include <unordered_set>
#include <vector>

#include "arbiter/core/fen.h"
#include "arbiter/core/movegen.h"
#include "arbiter/unwinnability/unwinnability.h"
#include "test_support.h"
#include "unwinnability/blockade.h"
#include "unwinnability/helpmate_witness.h"

namespace arbiter::rules {
namespace {

using core::Color;
using core::Position;

// A plain depth-first helpmate search over every legal move, sharing nothing with
// the module but move generation. Remembers (position, depth) pairs that failed.
class BruteForce {
 public:
  explicit BruteForce(Color winner) : winner_(winner) {}

  bool mate_within(Position pos, int plies) { return search(pos, plies); }

 private:
  bool search(Position& pos, int plies) {
    core::MoveList moves;
    core::generate_legal(pos, moves);
    if (moves.empty()) return pos.in_check() && pos.side_to_move() == ~winner_;
    if (plies == 0) return false;
    const uint64_t id = pos.key() * 131 + uint64_t(plies);
    if (failed_.count(id)) return false;
    for (core::Move m : moves) {
      core::UndoInfo undo;
      pos.make_move(m, undo);
      const bool mate = search(pos, plies - 1);
      pos.unmake_move(m, undo);
      if (mate) return true;
    }
    failed_.insert(id);
    return false;
  }

  Color winner_;
  std::unordered_set<uint64_t> failed_;
};

struct Checked {
  int unwinnable = 0;
  int winnable = 0;
  int mates_seen = 0;
};

// The core property, for both colours: Unwinnable only if the brute force finds
// no mate; Winnable only with a valid line.
void check_position(const Position& pos, int brute_plies, uint64_t budget, Checked& tally) {
  for (Color c : {Color::White, Color::Black}) {
    WinnabilityOptions options;
    options.node_budget = budget;
    const WinnabilityResult r = analyse_winnability(pos, c, options);
    const bool brute_mate = BruteForce(c).mate_within(pos, brute_plies);
    tally.mates_seen += brute_mate;
    if (r.verdict == Winnability::Unwinnable) {
      ++tally.unwinnable;
      EXPECT_FALSE(brute_mate) << "false draw: " << core::to_fen(pos) << " winner "
                               << (c == Color::White ? "white" : "black");
    } else if (r.verdict == Winnability::Winnable) {
      ++tally.winnable;
      EXPECT_TRUE(is_helpmate_line(pos, c, r.helpmate)) << core::to_fen(pos);
    }
  }
}

TEST(UnwinnabilitySoundness, RandomSparsePositions) {
  const int wanted = test::kSanitized ? 40 : 400;
  const std::string kinds = "PNBRQpnbrq";
  std::mt19937 rng(20240601);
  Checked tally;
  int made = 0;
  while (made < wanted) {
    std::string board(64, '.');
    auto place = [&](char piece) {
      for (;;) {
        int sq = int(rng() % 64);
        if (board[size_t(sq)] == '.') {
          board[size_t(sq)] = piece;
          return;
        }
      }
    };
    place('K');
    place('k');
    const int extra = 1 + int(rng() % 3);
    for (int i = 0; i < extra; ++i) place(kinds[rng() % kinds.size()]);
    const Color stm = rng() % 2 ? Color::White : Color::Black;
    auto parsed = core::parse_fen(test::board_fen(board, stm));
    if (!parsed.ok()) continue;  // impossible placement: rejected, try another
    ++made;
    check_position(parsed.value(), 3, 20000, tally);
  }
  EXPECT_GT(tally.unwinnable, 0);
  EXPECT_GT(tally.winnable, 0);
}

// The same 80 walls in every build (the first few dozen happen to hold neither a
// proven wall nor a short mate); only the brute force is shallower under ASan.
TEST(UnwinnabilitySoundness, RandomPawnWalls) {
  const int wanted = 80;
  std::mt19937 rng(7);
  Checked tally;
  int made = 0;
  while (made < wanted) {
    std::string board(64, '.');
    // Locked pawn pairs (a white pawn with a black pawn right in front of it) on
    // most files, around one rank, so that many walls are sealed and some leak.
    const int base = 2 + int(rng() % 3);  // white pawns on rank 3..5
    for (int file = 0; file < 8; ++file) {
      if (rng() % 6 == 0) continue;
      const int rank = base + int(rng() % 4 == 0);
      board[size_t(rank * 8 + file)] = 'P';
      board[size_t((rank + 1) * 8 + file)] = 'p';
    }
    // Pieces go below (White) or above (Black) the wall, mostly on their own side.
    auto place = [&](char piece, int low_rank, int high_rank) {
      for (int tries = 0; tries < 200; ++tries) {
        int sq = (low_rank + int(rng() % unsigned(high_rank - low_rank + 1))) * 8 + int(rng() % 8);
        if (board[size_t(sq)] == '.') {
          board[size_t(sq)] = piece;
          return;
        }
      }
    };
    const bool mixed = rng() % 4 == 0;
    place('K', 0, mixed ? 7 : base - 1);
    place('k', mixed ? 0 : base + 2, 7);
    if (rng() % 2) {
      const char piece = "BbNn"[rng() % 4];
      place(piece, 0, 7);
    }
    const Color stm = rng() % 2 ? Color::White : Color::Black;
    auto parsed = core::parse_fen(test::board_fen(board, stm));
    if (!parsed.ok()) continue;
    ++made;
    check_position(parsed.value(), test::kSanitized ? 4 : 5, 20000, tally);
  }
  EXPECT_GT(tally.unwinnable, 0);  // the walls do get proven
  EXPECT_GT(tally.mates_seen, 0);  // and some had short mates, none declared unwinnable
}

TEST(DeadPosition, KnownBlockedAndForcedPositions) {
  for (const char* fen : {
           "4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/4K3 w - - 0 1",      // sealed wall, kings only
           "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 b - - 0 1",      // the same, shifted
           "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 b - - 0 1",  // bishops on own pawns' colour
           "4k3/3b4/8/1p1p1p1p/1P1P1P1P/8/3B4/4K3 w - - 0 1",  // more of the same
           "7k/8/8/8/8/8/1r6/K7 w - - 0 1",                    // only Kxb2: K v K
           "k7/8/8/8/8/8/6r1/7K w - - 0 1",                    // only Kxg2: K v K
       }) {
    const DeadPositionResult r = analyse_dead_position(test::must_parse(fen));
    EXPECT_TRUE(r.dead) << fen;
    EXPECT_FALSE(r.undecided) << fen;
  }
}

TEST(DeadPosition, OrdinaryPositionsAreAliveAndDecided) {
  for (const char* fen : {
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
           "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
           "8/5k2/8/8/8/8/3K4/7R w - - 0 1",
           "8/8/8/4k3/4p3/4N3/4K3/8 b - - 0 1",
       }) {
    const DeadPositionResult r = analyse_dead_position(test::must_parse(fen));
    EXPECT_FALSE(r.dead) << fen;
    EXPECT_FALSE(r.undecided) << fen;
  }
}

// Alive, decided without a search, and rightly so: some side has a helpmate.
void expect_alive_without_search(const char* fen) {
  const core::Position pos = test::must_parse(fen);
  const DeadPositionResult r = analyse_dead_position(pos);
  EXPECT_FALSE(r.dead) << fen;
  EXPECT_FALSE(r.undecided) << fen;
  EXPECT_EQ(r.nodes, 0u) << fen;
  bool some_side_mates = false;
  for (Color c : {Color::White, Color::Black}) {
    const WinnabilityResult w = analyse_winnability(pos, c);
    if (w.verdict != Winnability::Winnable) continue;
    EXPECT_TRUE(is_helpmate_line(pos, c, w.helpmate)) << fen;
    some_side_mates = true;
  }
  EXPECT_TRUE(some_side_mates) << fen;
}

// Pawnless endings with mating material, from lichess games: the per-ply check
// reports them alive without a search (no exhaustive walk could end in them).
TEST(DeadPosition, PawnlessEndingsAreAliveWithoutSearch) {
  for (const char* fen : {
           "2N5/8/3K4/5n2/4k3/8/8/8 w - - 15 74",  // K+N v K+N
           "5K1b/7n/8/2k5/8/8/8/8 w - - 0 64",     // K v K+B+N
           "8/8/7k/7n/8/5BK1/8/8 w - - 10 66",     // K+B v K+N
       })
    expect_alive_without_search(fen);
}

// Minor-piece endings with pawns, from lichess games, the side to move in check:
// its few legal moves say nothing about how closed the position is, and the side
// giving check roams freely, so no walk is tried (each cost thousands of nodes).
TEST(DeadPosition, CheckGivenByAMobileSideIsAliveWithoutSearch) {
  for (const char* fen : {
           "8/8/6p1/4N3/2k3P1/4b3/2K3P1/8 b - - 6 71",   // knight check
           "8/8/5k2/3K2p1/4NbP1/8/8/8 b - - 6 44",       // knight check
           "8/4b3/5p1p/5PpP/2k3P1/K1N5/8/8 w - - 1 49",  // bishop check
       })
    expect_alive_without_search(fen);
}

// Sparse positions from lichess games whose short helpmate lies towards a corner
// the wide search tried late (about 100,000 nodes each): the short-line round
// finds them within a few thousand.
TEST(UnwinnabilitySparse, ShortHelpmatesTowardsAnyCorner) {
  for (const char* fen : {
           "8/8/6p1/5b1p/6k1/4KN2/8/8 b - - 14 72",
           "8/7p/3b1k2/5p2/5p2/1P3K2/5P1P/8 w - - 0 43",
       }) {
    const core::Position pos = test::must_parse(fen);
    const Color winner = ~pos.side_to_move();
    const WinnabilityResult w = analyse_winnability(pos, winner);
    EXPECT_EQ(w.verdict, Winnability::Winnable) << fen;
    EXPECT_TRUE(is_helpmate_line(pos, winner, w.helpmate)) << fen;
    EXPECT_LE(w.nodes, 20000u) << fen;
  }
}

TEST(Blockade, FixedStructuresAndTheirRegions) {
  // D01: nothing can ever move but the kings, each on its own side of the wall.
  auto fixed = analyse_blockade(test::must_parse("k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 0 1"));
  EXPECT_TRUE(fixed.fixed);
  EXPECT_FALSE(fixed.king[0] & fixed.king[1]);
  // E08: the kings get round the wall and reach the pawns.
  EXPECT_FALSE(analyse_blockade(test::must_parse("k7/8/8/p1p1p3/P1P1P3/8/8/K7 w - - 0 1")).fixed);
  // E09: a light-squared bishop can reach Black's pawns.
  EXPECT_FALSE(
      analyse_blockade(test::must_parse("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/4KB2 w - - 0 1")).fixed);
  // F08/F09: only White's light bishop can reach Black's king, so Black's side
  // of the wall admits a mate (a8) while White's king is out of reach.
  auto f08 = test::must_parse("7b/1k5B/7b/8/1p1p1p1p/1PpP1P1P/2P3K1/N7 b - - 0 1");
  EXPECT_FALSE(blockade_proves_unwinnable(f08, Color::White));
  EXPECT_TRUE(blockade_proves_unwinnable(f08, Color::Black));
}

TEST(UnwinnabilitySoundness, SameVerdictsFromConcurrentThreads) {
  const std::vector<std::string> fens = {
      "8/8/4k3/3n4/8/3N4/8/4K3 w - - 0 1", "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1",
      "8/8/8/4k3/4p3/4N3/4K3/8 b - - 0 1", "Bb1k1b2/bKp1p1p1/1pP1P1P1/1P6/p5P1/P7/8/8 w - - 0 1",
      "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"};
  auto verdicts = [&] {
    std::vector<Winnability> out;
    for (const std::string& fen : fens)
      for (Color c : {Color::White, Color::Black})
        out.push_back(analyse_winnability(test::must_parse(fen), c).verdict);
    return out;
  };
  const std::vector<Winnability> expected = verdicts();
  std::vector<Winnability> a, b;
  std::thread ta([&] { a = verdicts(); });
  std::thread tb([&] { b = verdicts(); });
  ta.join();
  tb.join();
  EXPECT_EQ(a, expected);
  EXPECT_EQ(b, expected);
}

}  // namespace
}  // namespace arbiter::rules
