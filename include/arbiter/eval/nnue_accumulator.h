// The NNUE accumulators along the search's current line, updated lazily: a
// push records only what the move changes, and evaluate() computes the top
// entry from the nearest computed one below it (or from scratch when that is
// cheaper), so nodes that are never evaluated cost no vector work. Each
// perspective goes its own way: a king move into another input frame
// (nnue_inputs.h) computes the mover's half afresh and updates the other.
#pragma once

#include <array>
#include <vector>

#include "arbiter/core/move.h"
#include "arbiter/core/position.h"
#include "arbiter/eval/nnue_network.h"

namespace arbiter::eval::nnue {

class AccumulatorStack {
 public:
  // The network must outlive every call until the next reset.
  void reset(const Network& net, const core::Position& pos);
  // Called with the position before make_move(m).
  void push_move(const core::Position& before, core::Move m);
  void push_null();
  void pop() { --top_; }

  // Side-to-move centipawns for `pos`, the position at the top of the stack.
  int evaluate(const core::Position& pos);
  // The top accumulator, computed (for tests and benchmarks).
  const Accumulator& materialise(const core::Position& pos);

 private:
  struct Entry {
    Accumulator acc;
    FeatureDelta delta;  // from the entry below to this one
    // Per perspective: whether acc holds its half, and whether that half must be
    // computed afresh because the move put its king in another input frame.
    std::array<bool, core::kNumColors> computed{};
    std::array<bool, core::kNumColors> frame_changed{};
  };
  Entry& push_entry();

  const Network* net_ = nullptr;
  std::vector<Entry> entries_;  // grows to the deepest line seen; never shrinks
  size_t top_ = 0;
};

}  // namespace arbiter::eval::nnue
