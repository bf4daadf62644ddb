// The NNUE accumulators: lazy incremental updates along random search-like
// lines (moves, take-backs, null moves; castling in standard and Chess960
// positions, en passant, promotions) equal the from-scratch reference at every
// evaluated node, colour-flipped positions score the same, and the Evaluator
// switches between the network and the hand-written evaluation.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "arbiter/core/fen.h"
#include "arbiter/core/movegen.h"
#include "arbiter/eval/evaluator.h"
#include "arbiter/eval/nnue_accumulator.h"
#include "eval/nnue_test_net.h"
#include "test_support.h"

namespace arbiter::eval::nnue {
namespace {

using core::Move;
using core::Position;

constexpr int kScharnaglStandard = 518;  // RNBQKBNR
constexpr int kMaxLine = 80;             // plies kept on the stack before forced take-backs

// The Chess960 back rank numbered n (0..959) in Scharnagl's scheme.
std::string chess960_back_rank(int n) {
  std::string r(8, ' ');
  r[size_t(2 * (n % 4) + 1)] = 'B';  // light-squared bishop: b, d, f or h
  n /= 4;
  r[size_t(2 * (n % 4))] = 'B';  // dark-squared bishop: a, c, e or g
  n /= 4;
  auto place_on_empty = [&](int nth, char piece) {
    for (char& c : r)
      if (c == ' ' && nth-- == 0) {
        c = piece;
        return;
      }
  };
  place_on_empty(n % 6, 'Q');
  n /= 6;
  static constexpr int kKnights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                          {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
  place_on_empty(kKnights[n][1], 'N');  // the later square first keeps the earlier index valid
  place_on_empty(kKnights[n][0], 'N');
  place_on_empty(0, 'R');
  place_on_empty(0, 'K');
  place_on_empty(0, 'R');
  return r;
}

Position chess960_start(int n) {
  const std::string white = chess960_back_rank(n);
  std::string black = white;
  for (char& c : black) c = char(c - 'A' + 'a');
  return test::must_parse(black + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w KQkq - 0 1", true);
}

struct WalkCounts {
  int evaluations = 0, castles = 0, en_passants = 0, promotions = 0, nulls = 0, takebacks = 0;
  int frame_changes = 0;  // king moves into another input frame
};

// Prefers the rare moves (castling, en passant, promotion) so that every line
// exercises them, else any legal move.
Move pick_move(const core::MoveList& moves, std::mt19937& rng) {
  std::vector<Move> special;
  for (Move m : moves)
    if (m.is_castling() || m.is_en_passant() || m.is_promotion()) special.push_back(m);
  if (!special.empty() && rng() % 2) return special[rng() % special.size()];
  return moves[rng() % moves.size()];
}

// A search-like line: pushes, pops and null moves, evaluating at random nodes.
void walk(const QuantisedNet& qnet, const Network& net, Position pos, uint32_t seed, int steps,
          WalkCounts& counts) {
  std::mt19937 rng(seed);
  AccumulatorStack stack;
  stack.reset(net, pos);
  struct Played {
    Move move;  // none(): a null move
    core::UndoInfo undo;
  };
  std::vector<Played> line;
  auto take_back = [&] {
    Played p = line.back();
    line.pop_back();
    if (p.move == Move::none())
      pos.unmake_null_move(p.undo);
    else
      pos.unmake_move(p.move, p.undo);
    stack.pop();
    ++counts.takebacks;
  };
  for (int step = 0; step < steps; ++step) {
    const unsigned roll = rng() % 10;
    core::MoveList moves;
    core::generate_legal(pos, moves);
    if (!line.empty() && (roll < 3 || moves.empty() || line.size() >= kMaxLine)) {
      take_back();
    } else if (roll == 3 && !pos.in_check() && (line.empty() || line.back().move != Move::none())) {
      Played p{Move::none(), {}};
      stack.push_null();
      pos.make_null_move(p.undo);
      line.push_back(p);
      ++counts.nulls;
    } else if (!moves.empty()) {
      Played p{pick_move(moves, rng), {}};
      counts.castles += p.move.is_castling();
      counts.en_passants += p.move.is_en_passant();
      counts.promotions += p.move.is_promotion();
      counts.frame_changes += net.changes_frame(pos, p.move);
      stack.push_move(pos, p.move);
      pos.make_move(p.move, p.undo);
      line.push_back(p);
    } else {
      break;  // mate or stalemate at the root
    }
    if (rng() % 2) {
      ASSERT_EQ(stack.evaluate(pos), evaluate_reference(qnet, pos)) << core::to_fen(pos);
      ++counts.evaluations;
    }
  }
}

TEST(NnueAccumulator, Chess960BackRanksAreRight) {
  EXPECT_EQ(chess960_back_rank(kScharnaglStandard), "RNBQKBNR");
  EXPECT_EQ(chess960_back_rank(0), "BBQNNRKR");
}

// Every input layout: king moves between frames (mirrored and kings4) refresh
// the mover's half while the other half is updated.
TEST(NnueAccumulator, IncrementalMatchesReferenceOnPerftSuiteLines) {
  for (InputLayout layout : kInputLayouts) {
    SCOPED_TRACE(layout_name(layout));
    const QuantisedNet qnet = test::random_net(11, layout);
    const auto net = make_network(qnet, "test");
    WalkCounts counts;
    uint32_t seed = 1;
    for (const core::PerftCase& c : test::perft_suite())
      walk(qnet, *net, test::must_parse(c.fen, c.chess960), seed++, 300, counts);
    EXPECT_GT(counts.castles, 100);
    EXPECT_GT(counts.en_passants, 20);
    EXPECT_GT(counts.promotions, 50);
    EXPECT_GT(counts.nulls, 1000);
    EXPECT_GT(counts.evaluations, 10000);
    if (layout == InputLayout::Plain)
      EXPECT_EQ(counts.frame_changes, 0);
    else
      EXPECT_GT(counts.frame_changes, 200);
  }
}

TEST(NnueAccumulator, IncrementalMatchesReferenceFromChess960Starts) {
  for (InputLayout layout : kInputLayouts) {
    SCOPED_TRACE(layout_name(layout));
    const QuantisedNet qnet = test::random_net(12, layout);
    const auto net = make_network(qnet, "test");
    WalkCounts counts;
    constexpr int kStartStride = 7;  // 138 of the 960 starts, every king and rook layout kind
    for (int n = 0; n < 960; n += kStartStride) walk(qnet, *net, chess960_start(n), n, 400, counts);
    walk(qnet, *net, chess960_start(kScharnaglStandard), 5, 2000, counts);
    EXPECT_GT(counts.castles, 200);
    EXPECT_GT(counts.evaluations, 20000);
    if (layout != InputLayout::Plain) {
      EXPECT_GT(counts.frame_changes, 200);
    }
  }
}

TEST(NnueAccumulator, LongLinesRefreshInsteadOfReplaying) {
  // Many unevaluated plies, then one evaluation: the refresh path must agree too.
  const QuantisedNet qnet = test::random_net(13);
  const auto net = make_network(qnet, "test");
  std::mt19937 rng(3);
  Position pos = Position::start_position();
  AccumulatorStack stack;
  stack.reset(*net, pos);
  for (int ply = 0; ply < 60; ++ply) {
    core::MoveList moves;
    core::generate_legal(pos, moves);
    if (moves.empty()) break;
    const Move m = moves[rng() % moves.size()];
    stack.push_move(pos, m);
    core::UndoInfo undo;
    pos.make_move(m, undo);
  }
  EXPECT_EQ(stack.evaluate(pos), evaluate_reference(qnet, pos));
}

// The same position with ranks mirrored, colours swapped and the other side to move.
Position colour_flipped(const Position& pos) {
  Position flipped;
  flipped.clear();
  for (core::Square s : core::squares(pos.pieces())) {
    const core::Piece p = pos.piece_on(s);
    flipped.put_piece(core::make_piece(~core::color_of(p), core::type_of(p)), core::flip_rank(s));
  }
  flipped.set_side_to_move(~pos.side_to_move());
  flipped.finish_setup();
  return flipped;
}

// The same position with files reflected a <-> h (castling rights dropped).
Position file_mirrored(const Position& pos) {
  Position mirrored;
  mirrored.clear();
  for (core::Square s : core::squares(pos.pieces()))
    mirrored.put_piece(pos.piece_on(s), core::Square(core::index(s) ^ kFileFlip));
  mirrored.set_side_to_move(pos.side_to_move());
  mirrored.finish_setup();
  return mirrored;
}

TEST(NnueAccumulator, ColourFlippedPositionsScoreTheSame) {
  for (InputLayout layout : kInputLayouts) {
    SCOPED_TRACE(layout_name(layout));
    const QuantisedNet qnet = test::random_net(14, layout);
    const auto net = make_network(qnet, "test");
    int checked = 0;
    for (const Position& pos : test::random_walk_positions(1, 40)) {
      const Position flipped = colour_flipped(pos);
      const int score = evaluate_reference(qnet, pos);
      ASSERT_EQ(score, evaluate_reference(qnet, flipped)) << core::to_fen(pos);
      AccumulatorStack stack;
      stack.reset(*net, flipped);
      ASSERT_EQ(stack.evaluate(flipped), score) << core::to_fen(pos);
      ++checked;
    }
    EXPECT_GT(checked, 1000);
  }
}

// The king-mirrored layouts see a position and its a <-> h reflection alike
// (that is what mirroring means); a plain random net does not.
TEST(NnueAccumulator, MirroredLayoutsScoreFileReflectedPositionsTheSame) {
  for (InputLayout layout : kInputLayouts) {
    SCOPED_TRACE(layout_name(layout));
    const QuantisedNet qnet = test::random_net(16, layout);
    const auto net = make_network(qnet, "test");
    int checked = 0, differing = 0;
    for (const Position& pos : test::random_walk_positions(2, 40)) {
      const Position mirrored = file_mirrored(pos);
      const int score = evaluate_reference(qnet, pos);
      differing += score != evaluate_reference(qnet, mirrored);
      AccumulatorStack stack;
      stack.reset(*net, mirrored);
      ASSERT_EQ(stack.evaluate(mirrored), evaluate_reference(qnet, mirrored)) << core::to_fen(pos);
      ++checked;
    }
    EXPECT_GT(checked, 1000);
    if (layout == InputLayout::Plain)
      EXPECT_GT(differing, checked / 2);
    else
      EXPECT_EQ(differing, 0);
  }
}

TEST(NnueAccumulator, EvaluatorUsesTheActiveNetworkOrTheHandWrittenEval) {
  const QuantisedNet qnet = test::random_net(15);
  test::ScopedNetwork scoped(make_network(qnet, "test"));
  Position pos = Position::start_position();
  Evaluator e;
  e.reset(pos);
  ASSERT_NE(e.network(), nullptr);
  core::MoveList moves;
  core::generate_legal(pos, moves);
  for (Move m : moves) {
    e.push_move(pos, m);
    core::UndoInfo undo;
    pos.make_move(m, undo);
    EXPECT_EQ(e.evaluate(pos), evaluate_reference(qnet, pos));
    pos.unmake_move(m, undo);
    e.pop();
    EXPECT_EQ(e.evaluate(pos), evaluate_reference(qnet, pos));
  }
  set_nnue_enabled(false);
  e.reset(pos);
  EXPECT_EQ(e.network(), nullptr);
}

}  // namespace
}  // namespace arbiter::eval::nnue
