// The evaluation interface the search sees: a position's score in centipawns
// from the side to move's point of view. The evaluator keeps a stack of
// incrementally updated accumulators, pushed before each make_move and popped
// after each unmake_move: the NNUE's first layer when a network is active
// (nnue_current.h), else the hand-written evaluation's piece-square sums. The
// choice is made at reset(), so the NNUE path does no hand-written work.
#pragma once

#include <memory>
#include <vector>

#include "arbiter/core/move.h"
#include "arbiter/core/position.h"
#include "arbiter/eval/nnue_accumulator.h"

namespace arbiter::eval {

// Middlegame and endgame halves of a term, blended by the game phase.
struct TaperedScore {
  int mg = 0;
  int eg = 0;
  constexpr TaperedScore& operator+=(TaperedScore o) {
    mg += o.mg;
    eg += o.eg;
    return *this;
  }
  constexpr TaperedScore& operator-=(TaperedScore o) {
    mg -= o.mg;
    eg -= o.eg;
    return *this;
  }
  constexpr TaperedScore operator+(TaperedScore o) const { return {mg + o.mg, eg + o.eg}; }
  constexpr TaperedScore operator-(TaperedScore o) const { return {mg - o.mg, eg - o.eg}; }
  constexpr TaperedScore operator*(int k) const { return {mg * k, eg * k}; }
};

// Full material at the start: 4 minors x 1 + 4 rooks x 2 + 2 queens x 4.
inline constexpr int kMaxPhase = 24;
// NNUE scores are clamped well inside the search's mate range.
inline constexpr int kMaxNnueEval = 20000;

class Evaluator {
 public:
  // Recomputes everything from the position (start of a search) and picks up
  // the active network (none: hand-written).
  void reset(const core::Position& pos);
  // Called with the position *before* make_move(m); updates the accumulator.
  void push_move(const core::Position& before, core::Move m);
  void push_null();
  void pop() {
    if (net_)
      nnue_.pop();
    else
      stack_.pop_back();
  }

  // Side-to-move score in centipawns.
  int evaluate(const core::Position& pos) const;
  // The network in use since the last reset, or nullptr for the hand-written one.
  const nnue::Network* network() const { return net_.get(); }

 private:
  // Material plus piece-square values, White minus Black, and the phase.
  struct Accumulator {
    TaperedScore psqt;
    int phase = 0;
  };
  void add(Accumulator& a, core::Piece p, core::Square s) const;
  void remove(Accumulator& a, core::Piece p, core::Square s) const;

  int evaluate_hand_written(const core::Position& pos) const;

  std::vector<Accumulator> stack_;
  std::shared_ptr<const nnue::Network> net_;
  mutable nnue::AccumulatorStack nnue_;  // computed lazily by evaluate()
};

}  // namespace arbiter::eval
