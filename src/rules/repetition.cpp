// Repetition counting over the window since the last irreversible ply.
#include "arbiter/rules/repetition.h"

namespace arbiter::rules {

namespace {

// The same side has the move two plies apart; and a position two plies back can
// never recur (each side moved one of its own pieces, and neither move was a
// capture), so the first candidate is four plies back.
constexpr long kSameSideStride = 2;
constexpr long kFirstCandidateDistance = 4;

}  // namespace

void RepetitionHistory::reset(core::Key start_key) {
  keys_.clear();
  keys_.push_back(start_key);
  window_start_ = 0;
  current_occurrences_ = 1;
  repeated_[0].clear();
  repeated_[1].clear();
}

int RepetitionHistory::count_from(core::Key key, long from) const {
  int count = 0;
  for (long i = from; i >= window_start_; i -= kSameSideStride)
    if (keys_[static_cast<size_t>(i)] == key) ++count;
  return count;
}

int RepetitionHistory::push(core::Key key, bool irreversible) {
  const long index = static_cast<long>(keys_.size());
  keys_.push_back(key);
  if (irreversible) {
    window_start_ = index;
    repeated_[0].clear();
    repeated_[1].clear();
    current_occurrences_ = 1;
    return 1;
  }
  current_occurrences_ = 1 + count_from(key, index - kFirstCandidateDistance);
  if (current_occurrences_ == 2) repeated_[index & 1].push_back(key);
  return current_occurrences_;
}

bool RepetitionHistory::occurrences_evenly_spaced() const {
  const long current = static_cast<long>(keys_.size()) - 1;
  const core::Key key = keys_.back();
  long later = current, period = 0;
  for (long i = current - kFirstCandidateDistance; i >= window_start_; i -= kSameSideStride) {
    if (keys_[static_cast<size_t>(i)] != key) continue;
    if (period == 0) period = later - i;
    if (later - i != period) return false;
    later = i;
  }
  return true;
}

int RepetitionHistory::occurrences_after_reversible_move(core::Key key) const {
  const long next = static_cast<long>(keys_.size());
  return count_from(key, next - kFirstCandidateDistance);
}

}  // namespace arbiter::rules
