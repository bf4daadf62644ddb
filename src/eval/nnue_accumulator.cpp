// Lazy accumulator stack: deltas on push, vector work only on evaluate.
#include "arbiter/eval/nnue_accumulator.h"

#include "arbiter/core/bitboard.h"

namespace arbiter::eval::nnue {

namespace {
// Enough for the search's deepest line, so pushes rarely allocate.
constexpr size_t kInitialEntries = 256;
}  // namespace

void AccumulatorStack::reset(const Network& net, const core::Position& pos) {
  net_ = &net;
  if (entries_.size() < kInitialEntries) entries_.resize(kInitialEntries);
  top_ = 0;
  net_->refresh(pos, entries_[0].acc);
  entries_[0].computed = {true, true};
}

AccumulatorStack::Entry& AccumulatorStack::push_entry() {
  if (++top_ == entries_.size()) entries_.resize(entries_.size() * 2);
  Entry& e = entries_[top_];
  e.computed = {false, false};
  e.frame_changed = {false, false};
  return e;
}

void AccumulatorStack::push_move(const core::Position& before, core::Move m) {
  Entry& e = push_entry();
  e.delta = feature_delta(before, m);
  e.frame_changed[core::index(before.side_to_move())] = net_->changes_frame(before, m);
}

void AccumulatorStack::push_null() { push_entry().delta = FeatureDelta{}; }

const Accumulator& AccumulatorStack::materialise(const core::Position& pos) {
  Entry& top = entries_[top_];
  // Replaying deltas is worth it while cheaper than a refresh, which costs one
  // row per man on the board.
  const int refresh_cost = core::popcount(pos.pieces());
  for (core::Color persp : {core::Color::White, core::Color::Black}) {
    const int c = core::index(persp);
    if (top.computed[c]) continue;
    // Walk down to the last entry holding this half; a frame change on the way
    // means the rows below do not apply to the top.
    size_t base = top_;
    int cost = 0;
    bool refresh = false;
    while (!entries_[base].computed[c]) {
      cost += entries_[base].delta.size();
      if (entries_[base].frame_changed[c] || cost > refresh_cost) {
        refresh = true;
        break;
      }
      --base;  // entry 0 is always computed (reset)
    }
    if (refresh) {
      net_->refresh(pos, top.acc, persp);
    } else {
      const InputFrame frame = net_->frame(pos, persp);
      for (size_t i = base + 1; i <= top_; ++i) {
        net_->update(entries_[i - 1].acc, entries_[i].acc, entries_[i].delta, persp, frame);
        entries_[i].computed[c] = true;
      }
    }
    top.computed[c] = true;
  }
  return top.acc;
}

int AccumulatorStack::evaluate(const core::Position& pos) {
  const Accumulator& acc = materialise(pos);
  return net_->output(acc, pos.side_to_move(), core::popcount(pos.pieces()));
}

}  // namespace arbiter::eval::nnue
