// Helpmate lines that must verify whatever the search is told: hints from an
// earlier ply (they only order moves), random sparse placements under every
// plan, and the winner's mate probe, which rules checks out without making them
// and must never rule out a mate.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "arbiter/core/fen.h"
#include "arbiter/core/movegen.h"
#include "arbiter/unwinnability/unwinnability.h"
#include "test_support.h"
#include "unwinnability/helpmate.h"
#include "unwinnability/helpmate_plans.h"
#include "unwinnability/helpmate_witness.h"

namespace arbiter::rules {
namespace {

using core::Color;
using core::Position;

// A hint only orders moves: from a position a ply later, the old line minus its
// first move is found at once; after another move, whatever is found verifies.
TEST(HelpmateHints, OldLineGuidesTheSearch) {
  const Position root = test::must_parse("8/5n2/6k1/8/7N/6K1/8/8 b - - 1 65");
  const WinnabilityResult first = analyse_winnability(root, Color::White);
  ASSERT_EQ(first.verdict, Winnability::Winnable);
  ASSERT_GE(first.helpmate.size(), 2u);
  constexpr uint64_t kHintedBudget = 1500;
  HelpmateLimits limits{.node_budget = kHintedBudget, .max_units = 2, .max_plies = 80};
  limits.hint = first.helpmate;

  Position next = root;
  core::UndoInfo undo;
  next.make_move(first.helpmate[0], undo);
  const HelpmateResult again = find_helpmate(next, Color::White, limits);
  EXPECT_TRUE(again.found);
  EXPECT_TRUE(is_helpmate_line(next, Color::White, again.line));

  core::MoveList moves;
  core::generate_legal(root, moves);
  for (core::Move m : moves) {
    Position other = root;
    other.make_move(m, undo);
    const HelpmateResult r = find_helpmate(other, Color::White, limits);
    if (r.found) {
      EXPECT_TRUE(is_helpmate_line(other, Color::White, r.line));
    }
  }
}

TEST(HelpmateHints, RecentLineIsKeptPerColour) {
  const Position pos = test::must_parse("7k/8/6K1/8/8/8/8/R7 w - - 0 1");
  const core::Move mate = core::Move(core::Square::A1, core::Square::A8);
  ASSERT_TRUE(is_helpmate_line(pos, Color::White, std::vector<core::Move>{mate}));
  HelpmateMemory memory;
  memory.remember(pos, Color::White, {mate});
  memory.remember(pos, Color::Black, {});
  ASSERT_EQ(memory.recent(Color::White).size(), 1u);
  EXPECT_EQ(memory.recent(Color::White)[0], mate);
  EXPECT_TRUE(memory.recent(Color::Black).empty());
  // A memory belongs to one game: another one knows nothing of it, and clear forgets.
  EXPECT_TRUE(HelpmateMemory{}.recent(Color::White).empty());
  EXPECT_FALSE(HelpmateMemory{}.recall(pos, Color::White).has_value());
  EXPECT_TRUE(memory.recall(pos, Color::White).has_value());
  memory.clear();
  EXPECT_TRUE(memory.recent(Color::White).empty());
  EXPECT_FALSE(memory.recall(pos, Color::White).has_value());
}

// The helpmate the full analysis finds, as a search result.
HelpmateResult analysed_line(const Position& pos, Color winner) {
  const WinnabilityResult w = analyse_winnability(pos, winner);
  return {w.verdict == Winnability::Winnable, w.nodes, w.helpmate};
}

// A king steps off the remembered line: the old position is reached again by a
// detour (tempo move, step back, tempo move back), and the recalled line is that
// detour followed by the old line, verified like any other.
TEST(HelpmateHints, ReversibleMoveOffTheLineIsRecalledByDetour) {
  const Position root = test::must_parse("8/8/3k1p2/5p1p/3K1P1P/8/8/8 w - - 0 1");
  const HelpmateResult found = analysed_line(root, Color::White);
  ASSERT_TRUE(found.found);
  HelpmateMemory memory;
  memory.remember(root, Color::White, found.line);
  // A king move that is not the first move of the line.
  core::MoveList moves;
  core::generate_legal(root, moves);
  std::optional<core::Move> aside;
  for (core::Move m : moves)
    if (m != found.line.front()) aside = m;
  ASSERT_TRUE(aside.has_value());
  Position after = root;
  core::UndoInfo undo;
  after.make_move(*aside, undo);
  const auto recalled = memory.recall(after, Color::White);
  ASSERT_TRUE(recalled.has_value());
  EXPECT_TRUE(is_helpmate_line(after, Color::White, *recalled));
  EXPECT_EQ(recalled->size(), found.line.size() + 3);
  EXPECT_EQ((*recalled)[1], core::Move(aside->to(), aside->from()));
}

// After every move from the root, whatever is recalled is a verified helpmate,
// and a pawn move (which cannot be taken back) gets no detour.
TEST(HelpmateHints, RecalledLinesAfterEveryMoveVerify) {
  const Position root = test::must_parse("8/8/3k4/5p1p/3K1P1P/8/8/8 w - - 0 1");
  const HelpmateResult found = analysed_line(root, Color::White);
  ASSERT_TRUE(found.found);
  core::MoveList moves;
  core::generate_legal(root, moves);
  int detours = 0;
  for (core::Move m : moves) {
    HelpmateMemory memory;
    memory.remember(root, Color::White, found.line);
    Position after = root;
    core::UndoInfo undo;
    const bool pawn_move = core::type_of(root.moved_piece(m)) == core::PieceType::Pawn;
    after.make_move(m, undo);
    const auto recalled = memory.recall(after, Color::White);
    if (!recalled) continue;
    EXPECT_TRUE(is_helpmate_line(after, Color::White, *recalled));
    const bool detour = recalled->size() == found.line.size() + 3;
    EXPECT_FALSE(pawn_move && detour);
    detours += detour;
  }
  EXPECT_GT(detours, 0);
}

// Random sparse placements (kings, up to three pieces or pawns, some of them
// pawns about to queen): under every plan, each line returned must be legal and
// end with the loser mated. This covers lines spliced from the search made after
// a promotion.
TEST(HelpmatePlans, RandomPlacementsGiveOnlyVerifiedLines) {
  const int wanted = test::kSanitized ? 30 : 300;
  const std::string kinds = "PPNBRQpnbrq";
  std::mt19937 rng(20261121);
  int made = 0, lines = 0;
  while (made < wanted) {
    std::string board(64, '.');
    auto place = [&](char piece, int lowest, int highest) {
      for (;;) {
        const int sq = lowest + int(rng() % unsigned(highest - lowest));
        if (board[size_t(sq)] == '.') {
          board[size_t(sq)] = piece;
          return;
        }
      }
    };
    place('K', 0, 64);
    place('k', 0, 64);
    place('P', 40, 56);  // a white pawn on the 6th or 7th rank: promotions happen
    const int extra = int(rng() % 3);
    for (int i = 0; i < extra; ++i) place(kinds[rng() % kinds.size()], 8, 56);
    const std::string fen =
        test::board_fen(board, rng() % 2 ? core::Color::White : core::Color::Black);
    auto parsed = core::parse_fen(fen);
    if (!parsed.ok()) continue;  // impossible placement: try another
    ++made;
    const Position& pos = parsed.value();
    for (Color winner : {Color::White, Color::Black}) {
      const int plans = helpmate_plan_count(pos, winner);
      for (int plan = 0; plan < plans; ++plan) {
        HelpmateLimits limits{.node_budget = 3000, .max_units = 6, .max_plies = 40};
        limits.plan = plan;
        const HelpmateResult r = find_helpmate(pos, winner, limits);
        if (!r.found) continue;
        ++lines;
        EXPECT_TRUE(is_helpmate_line(pos, winner, r.line)) << fen << " plan " << plan;
      }
    }
  }
  EXPECT_GT(lines, 0);
}

// The winner's mate probe rules checks out without making them when the loser's
// king keeps a flight square; it must never rule out a mate. With one ply left
// the search finds a mate exactly when a brute-force look at every legal move
// does, on random placements of heavy pieces around the loser's king (many checks,
// some of them mates, some discovered or through the king's line) and on the
// random walks of the perft suite. A pawn about to promote in half the placements
// tries the probe's test for promotions that give no check.
TEST(HelpmateProbe, MateInOneFoundExactlyWhenOneExists) {
  constexpr size_t kFiles = 8;
  constexpr size_t kSeventhRank = 6 * kFiles;  // board_fen's index of a7
  auto mates_in_one = [](const Position& root) {
    Position pos = root;
    core::MoveList moves;
    core::generate_legal(pos, moves);
    for (core::Move m : moves) {
      core::UndoInfo undo;
      pos.make_move(m, undo);
      const bool mate = pos.in_check() && core::has_no_legal_moves(pos);
      pos.unmake_move(m, undo);
      if (mate) return true;
    }
    return false;
  };
  std::vector<Position> positions = test::random_walk_positions(2, 40);
  const std::string attackers = "QQRRBNP";
  const std::string defenders = "pnbr";
  std::mt19937 rng(20261122);
  for (int made = 0; made < (test::kSanitized ? 200 : 2000);) {
    std::string board(64, '.');
    auto place = [&](char piece) {
      for (;;) {
        const size_t sq = rng() % board.size();
        if (board[sq] == '.') {
          board[sq] = piece;
          return;
        }
      }
    };
    place('K');
    place('k');
    for (int i = int(rng() % 3) + 1; i > 0; --i) place(attackers[rng() % attackers.size()]);
    if (rng() % 2) {
      const size_t sq = kSeventhRank + rng() % kFiles;
      if (board[sq] == '.') board[sq] = 'P';
    }
    for (int i = int(rng() % 3); i > 0; --i) place(defenders[rng() % defenders.size()]);
    auto parsed = core::parse_fen(test::board_fen(board, Color::White));
    if (!parsed.ok()) continue;  // impossible placement (a pawn on the edge, a king in check)
    positions.push_back(parsed.value());
    ++made;
  }
  int mates = 0, promotion_mates = 0;
  for (const Position& pos : positions) {
    const Color winner = pos.side_to_move();
    const HelpmateLimits one_ply{.node_budget = 1000, .max_units = 0, .max_plies = 1};
    const HelpmateResult r = find_helpmate(pos, winner, one_ply);
    const bool expected = mates_in_one(pos);
    mates += expected;
    ASSERT_EQ(r.found, expected) << core::to_fen(pos);
    if (r.found) {
      EXPECT_TRUE(is_helpmate_line(pos, winner, r.line)) << core::to_fen(pos);
      promotion_mates += !r.line.empty() && r.line[0].is_promotion();
    }
  }
  EXPECT_GT(mates, 100);  // the placements make mates common enough to test the probe
  EXPECT_GT(promotion_mates, 0) << "no placement tried a mating promotion";
}

}  // namespace
}  // namespace arbiter::rules
