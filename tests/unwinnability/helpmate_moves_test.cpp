// The helpmate search's move classification (helpmate_moves_inline.h): the
// screens that let a node skip classifying most moves at units 0 must never skip
// a move the classification would make natural, or the search would follow other
// lines than its plan (the verdicts stay proven, but lines are lost). Checked
// over every legal move of many positions, for both sides and every plan, with the
// screens' per-man masks built as the search builds them (moves in generation
// order) and in reverse order.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <vector>

#include "arbiter/core/fen.h"
#include "arbiter/core/movegen.h"
#include "arbiter/core/notation.h"
#include "core/attacks.h"
#include "test_support.h"
#include "unwinnability/helpmate.h"
#include "unwinnability/helpmate_moves_inline.h"

namespace arbiter::rules::helpmate {
namespace {

using core::Bitboard;
using core::Color;
using core::Move;
using core::PieceType;
using core::Position;
using core::Square;

// Sparse endings, walls and lone bishops: the corner, prison and blocker plans.
constexpr const char* kEndings[] = {
    "8/8/8/5n2/5kN1/8/8/6K1 b - - 0 74",
    "7k/3N4/4B3/3K4/8/8/8/8 b - - 0 1",
    "8/8/p7/1p1b4/1P4k1/5p1p/8/6K1 b - - 1 71",
    "6k1/5R2/8/6PK/p7/P1B5/8/8 w - - 2 59",
    "k7/1b6/2b5/8/8/1pB5/pP6/K7 w - - 0 1",
    "8/8/4k1Q1/5p2/8/6P1/5PKP/8 b - - 0 1",
    "2b5/1p6/pPp3k1/2Pp3p/P2PpBpP/4P1P1/5K2/8 w - - 0 1",
    "8/8/8/6p1/6P1/4p1PK/3pPp1p/4Rnkr b - - 0 1",
    "r1b2bnr/pk4pp/1p6/8/3p3P/5PP1/5q2/5R1K b - - 0 35",
};

std::vector<Position> positions() {
  std::vector<Position> out = test::random_walk_positions(test::kSanitized ? 1 : 2, 40);
  std::vector<Position> endings;
  for (const char* fen : kEndings) endings.push_back(test::must_parse(fen));
  const std::vector<Position> walks = test::random_walks_from(endings, 4, 30, 7);
  out.insert(out.end(), walks.begin(), walks.end());
  return out;
}

// Obstruction sets to build the nodes with: none, every man but the kings, every
// man (a king may stand between a line piece and the far side of its own zone;
// the screens and the classification read the same node, so any set will do).
std::vector<Bitboard> obstruction_sets(const Position& pos) {
  return {0, pos.pieces() & ~pos.pieces(PieceType::King), pos.pieces()};
}

struct Tally {
  int classified_natural = 0;
  int screened_out = 0;
};

// Every move the screen rules out of `node` is classified as costly, with the
// moves met in `order`.
template <class Node, class Classify>
void check_node(const MoveClassifier& classifier, Node& node, Classify classify,
                const std::vector<Move>& order, const Position& pos, Color winner, int plan,
                Tally& tally) {
  for (const Move m : order) {
    const bool passes = classifier.may_be_natural(m, node);
    const ScoredMove s = classify(m, node);
    tally.classified_natural += s.cost == int(MoveCost::Natural);
    tally.screened_out += !passes;
    if (!passes) {
      ASSERT_NE(s.cost, int(MoveCost::Natural))
          << core::to_fen(pos) << " winner " << int(winner) << " plan " << plan << " "
          << core::to_uci(m, false);
    }
  }
}

void check_moves(const Position& pos, Color winner, int plan, const std::vector<Move>& order,
                 Tally& tally) {
  const MoveClassifier classifier(pos, winner, plan);
  for (const Bitboard obstructions : obstruction_sets(pos)) {
    if (pos.side_to_move() == winner) {
      const CheckInfo info(pos, winner);
      MoveClassifier::WinnerNode node = classifier.winner_node(info, obstructions);
      auto classify = [&](Move m, MoveClassifier::WinnerNode& n) {
        return classifier.classify_winner_move(m, n);
      };
      check_node(classifier, node, classify, order, pos, winner, plan, tally);
    } else {
      const MoveClassifier::LoserNode node = classifier.loser_node(obstructions);
      auto classify = [&](Move m, const MoveClassifier::LoserNode& n) {
        return classifier.classify_loser_move(m, n);
      };
      check_node(classifier, node, classify, order, pos, winner, plan, tally);
    }
  }
}

TEST(HelpmateMoveScreens, NeverRuleOutAMoveTheClassificationMakesNatural) {
  Tally tally;
  for (const Position& pos : positions()) {
    core::MoveList list;
    core::generate_legal(pos, list);
    std::vector<Move> moves(list.begin(), list.end());
    std::vector<Move> reversed(moves.rbegin(), moves.rend());
    for (const Color winner : {Color::White, Color::Black}) {
      const int plans = helpmate_plan_count(pos, winner);
      for (int plan = 0; plan < plans; ++plan) {
        check_moves(pos, winner, plan, moves, tally);
        check_moves(pos, winner, plan, reversed, tally);
        if (HasFatalFailure()) return;
      }
    }
  }
  // The screens rule out a good share of the moves, and many are natural.
  EXPECT_GT(tally.screened_out, 10000);
  EXPECT_GT(tally.classified_natural, 10000);
}

// kZoneReach holds, for each piece kind, king square and pressure p, exactly the
// squares from which that piece meets more than p squares of the king's zone.
TEST(HelpmateMoveScreens, ZoneReachTableMatchesTheCountsItStandsFor) {
  const PieceType kinds[] = {PieceType::Knight, PieceType::Bishop, PieceType::Rook,
                             PieceType::Queen};
  for (int kind = 0; kind < 4; ++kind) {
    const PieceType pt = kinds[kind];
    for (int k = 0; k < core::kNumSquares; ++k) {
      const Bitboard zone = core::king_attacks(Square(k)) | core::square_bb(Square(k));
      for (int s = 0; s < core::kNumSquares; ++s) {
        const Bitboard reach = pt == PieceType::Knight ? core::knight_attacks(Square(s))
                                                       : empty_board_lines(pt, Square(s));
        const int met = std::popcount(reach & zone);
        for (int p = 0; p <= kZoneSquares; ++p)
          ASSERT_EQ(core::contains(kZoneReach.masks[kind][k][p], Square(s)), met > p)
              << "kind " << kind << " king " << k << " square " << s << " pressure " << p;
      }
    }
  }
}

}  // namespace
}  // namespace arbiter::rules::helpmate
