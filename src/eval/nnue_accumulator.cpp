// Lazy accumulator stack: deltas on push, vector work only on evaluate.
#include "arbiter/eval/nnue_accumulator.h"

#include <algorithm>
#include <array>

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
  if (top.computed[0] && top.computed[1]) return top.acc;
  // Replaying deltas is worth it while cheaper than a refresh, which costs one
  // row per man on the board.
  const int refresh_cost = core::popcount(pos.pieces());
  constexpr core::Color kBoth[] = {core::Color::White, core::Color::Black};
  // Per perspective, the last entry holding its half (top_: nothing to do), or
  // a refresh when a frame change lies on the way or replaying costs more.
  std::array<size_t, core::kNumColors> base{};
  std::array<bool, core::kNumColors> replay{};
  std::array<InputFrame, core::kNumColors> frame{};
  size_t lowest = top_;
  for (core::Color persp : kBoth) {
    const int c = core::index(persp);
    size_t b = top_;
    int cost = 0;
    bool refresh = false;
    while (!entries_[b].computed[c]) {
      cost += entries_[b].delta.size();
      if (entries_[b].frame_changed[c] || cost > refresh_cost) {
        refresh = true;
        break;
      }
      --b;  // entry 0 is always computed (reset)
    }
    if (refresh) {
      net_->refresh(pos, top.acc, persp);
      top.computed[c] = true;
      continue;
    }
    base[c] = b;
    replay[c] = b < top_;
    frame[c] = net_->frame(pos, persp);
    if (replay[c]) lowest = std::min(lowest, b);
  }
  // Both halves in one pass over the entries (the usual case: they share a base).
  for (size_t i = lowest + 1; i <= top_; ++i)
    for (core::Color persp : kBoth) {
      const int c = core::index(persp);
      if (!replay[c] || i <= base[c]) continue;
      net_->update(entries_[i - 1].acc, entries_[i].acc, entries_[i].delta, persp, frame[c]);
      entries_[i].computed[c] = true;
    }
  return top.acc;
}

int AccumulatorStack::evaluate(const core::Position& pos) {
  const Accumulator& acc = materialise(pos);
  return net_->output(acc, pos.side_to_move(), core::popcount(pos.pieces()));
}

}  // namespace arbiter::eval::nnue
