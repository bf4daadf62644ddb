// Move ordering by score bands; selection sort on demand.
#include "arbiter/search/move_picker.h"

#include "arbiter/search/see.h"

namespace arbiter::search {

namespace {
constexpr int kTTMoveScore = 1 << 30;
constexpr int kGoodCaptureBase = 1 << 28;
constexpr int kKillerScore[2] = {1 << 27, (1 << 27) - 1};
constexpr int kBadCaptureBase = -(1 << 28);
constexpr int kMvvFactor = 16;
}  // namespace

MovePicker::MovePicker(const core::Position& pos, core::Move tt_move, const History& history,
                       int ply, Mode mode)
    : pos_(pos) {
  if (mode == Mode::Noisy && !pos.in_check())
    core::generate<core::GenType::Noisy>(pos, moves_);
  else
    core::generate_legal(pos, moves_);
  const core::Color us = pos.side_to_move();
  for (size_t i = 0; i < moves_.size(); ++i) {
    core::Move m = moves_[i];
    int& s = scores_[i];
    if (m == tt_move) {
      s = kTTMoveScore;
    } else if (pos.is_capture(m) || m.is_promotion()) {
      core::PieceType victim =
          m.is_en_passant() ? core::PieceType::Pawn : core::type_of(pos.piece_on(m.to()));
      int mvv_lva = kSeeValue[core::index(victim)] * kMvvFactor -
                    kSeeValue[core::index(core::type_of(pos.moved_piece(m)))] / kMvvFactor;
      if (m.is_promotion()) mvv_lva += kSeeValue[core::index(m.promotion())] * kMvvFactor;
      s = (see_at_least(pos, m, 0) ? kGoodCaptureBase : kBadCaptureBase) + mvv_lva;
    } else if (m == history.killer(ply, 0)) {
      s = kKillerScore[0];
    } else if (m == history.killer(ply, 1)) {
      s = kKillerScore[1];
    } else {
      s = history.quiet(us, m);
    }
  }
}

core::Move MovePicker::next() {
  if (next_ >= moves_.size()) return core::Move::none();
  size_t best = next_;
  for (size_t i = next_ + 1; i < moves_.size(); ++i)
    if (scores_[i] > scores_[best]) best = i;
  std::swap(moves_[next_], moves_[best]);
  std::swap(scores_[next_], scores_[best]);
  core::Move m = moves_[next_++];
  last_quiet_ = !pos_.is_capture(m) && !m.is_promotion();
  return m;
}

}  // namespace arbiter::search
