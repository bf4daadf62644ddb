// The hand-written evaluation (the NNUE is switched off here, see
// nnue_accumulator_test.cpp for the network): incremental updates equal a fresh computation, and
// colour symmetry (the mirrored position scores the same for the side to move).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <random>
#include <sstream>

#include "arbiter/core/notation.h"
#include "arbiter/eval/evaluator.h"
#include "eval/nnue_test_net.h"
#include "test_support.h"

namespace arbiter::eval {
namespace {

using core::Position;

// The position with colours swapped and the board flipped top to bottom.
std::string mirror_fen(const std::string& fen) {
  std::istringstream in(fen);
  std::string placement, side, castling, ep, half, full;
  in >> placement >> side >> castling >> ep >> half >> full;
  std::vector<std::string> ranks;
  std::string rank;
  for (char c : placement + "/") {
    if (c == '/') {
      ranks.push_back(rank);
      rank.clear();
    } else {
      rank += std::isalpha(static_cast<unsigned char>(c))
                  ? char(std::isupper(static_cast<unsigned char>(c)) ? std::tolower(c)
                                                                     : std::toupper(c))
                  : c;
    }
  }
  std::reverse(ranks.begin(), ranks.end());
  std::string out;
  for (size_t i = 0; i < ranks.size(); ++i) out += (i ? "/" : "") + ranks[i];
  std::string swapped;
  for (char c : castling)
    swapped += c == '-' ? c
                        : char(std::isupper(static_cast<unsigned char>(c)) ? std::tolower(c)
                                                                           : std::toupper(c));
  if (ep != "-") ep[1] = ep[1] == '3' ? '6' : '3';
  return out + (side == "w" ? " b " : " w ") + swapped + " " + ep + " " + half + " " + full;
}

TEST(Evaluator, IncrementalMatchesFreshAlongRandomGames) {
  test::ScopedHandWritten hand_written;
  std::mt19937 rng(99);
  for (const core::PerftCase& c : test::perft_suite()) {
    Position pos = test::must_parse(c.fen, c.chess960);
    Evaluator incremental;
    incremental.reset(pos);
    for (int ply = 0; ply < 30; ++ply) {
      core::MoveList moves;
      core::generate_legal(pos, moves);
      if (moves.empty()) break;
      core::Move m = moves[rng() % moves.size()];
      incremental.push_move(pos, m);
      core::UndoInfo undo;
      pos.make_move(m, undo);
      Evaluator fresh;
      fresh.reset(pos);
      ASSERT_EQ(incremental.evaluate(pos), fresh.evaluate(pos)) << core::to_fen(pos);
    }
  }
}

TEST(Evaluator, PopRestoresThePreviousScore) {
  test::ScopedHandWritten hand_written;
  Position pos = Position::start_position();
  Evaluator e;
  e.reset(pos);
  const int before = e.evaluate(pos);
  core::MoveList moves;
  core::generate_legal(pos, moves);
  for (core::Move m : moves) {
    e.push_move(pos, m);
    core::UndoInfo undo;
    pos.make_move(m, undo);
    pos.unmake_move(m, undo);
    e.pop();
    ASSERT_EQ(e.evaluate(pos), before);
  }
}

TEST(Evaluator, MirroredPositionsScoreTheSame) {
  test::ScopedHandWritten hand_written;
  for (const Position& pos : test::random_walk_positions(1, 30)) {
    if (pos.is_chess960()) continue;  // mirroring Shredder rights by letter is not worth it here
    std::string fen = core::to_fen(pos);
    auto mirrored = core::parse_fen(mirror_fen(fen));
    ASSERT_TRUE(mirrored.ok()) << mirror_fen(fen) << ": " << mirrored.error();
    Evaluator a, b;
    a.reset(pos);
    b.reset(mirrored.value());
    ASSERT_EQ(a.evaluate(pos), b.evaluate(mirrored.value())) << fen;
  }
}

TEST(Evaluator, MaterialAndSenseOfDirection) {
  test::ScopedHandWritten hand_written;
  auto score = [](const char* fen) {
    Position pos = test::must_parse(fen);
    Evaluator e;
    e.reset(pos);
    return e.evaluate(pos);
  };
  EXPECT_NEAR(score("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), 0, 30);
  EXPECT_GT(score("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), 700);  // a queen up
  EXPECT_LT(score("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"),
            -700);  // same, Black to move
  EXPECT_GT(score("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), score("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
  // A passed pawn near promotion is worth more than one at home.
  EXPECT_GT(score("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"), score("4k3/8/8/8/8/8/P7/4K3 w - - 0 1"));
}

}  // namespace
}  // namespace arbiter::eval
