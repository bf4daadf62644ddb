// The staged move picker: each stage generates and scores only when reached.
#include "arbiter/search/move_picker.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <limits>

#include "arbiter/search/see.h"
#include "core/attacks.h"

namespace arbiter::search {

using core::Move;
using core::PieceType;

namespace {
constexpr int kMvvWeight = 16;  // victim value x this, so history reorders only near-equal victims
// Above every history-ordered quiet move (see the bounds before pick_best).
constexpr int kKillerScore = 1 << 22;
constexpr int kCounterScore = kKillerScore - 2;
constexpr int kEvasionCaptureBase = 1 << 22;
// The move four plies back says less about this one than the last two do.
constexpr int kFarContinuationShift = 1;
// A piece attacked by a lesser one must usually move now: its escapes come before
// what history alone would order, even at low depth where late quiets are pruned.
// Walking into such an attack is as bad. Indexed by piece type (none for pawns and kings).
constexpr int kThreatEscapeBonus[core::kNumPieceTypes] = {0, 0, 12000, 12000, 20000, 32000, 0};
}  // namespace

MovePicker::Threats MovePicker::Threats::of(const core::Position& pos) {
  using core::Bitboard;
  const core::Color them = ~pos.side_to_move();
  const Bitboard occupied = pos.pieces();
  Threats t;
  t.by_pawns = core::pawn_attacks_bb(them, pos.pieces(them, PieceType::Pawn));
  Bitboard minors = t.by_pawns;
  for (core::Square s : core::squares(pos.pieces(them, PieceType::Knight)))
    minors |= core::knight_attacks(s);
  for (core::Square s : core::squares(pos.pieces(them, PieceType::Bishop)))
    minors |= core::bishop_attacks(s, occupied);
  t.by_minors = minors;
  Bitboard rooks = minors;
  for (core::Square s : core::squares(pos.pieces(them, PieceType::Rook)))
    rooks |= core::rook_attacks(s, occupied);
  t.by_rooks = rooks;
  return t;
}

// The first remaining move of the highest score, found as the maximum of keys
// that hold the score above the index reversed (so that among equal scores the
// first move wins): a loop without branches that the compiler turns into SIMD.
// Tracking the index with a compare and branch per move took 15% of `bench`.
// The keys are 32-bit, so that a vector holds twice as many as with 64-bit keys
// (and AVX2 has a 32-bit maximum, none for 64 bits): every score fits in
// kScoreBits, as the bounds below check.
constexpr int kIndexBits = 8;
static_assert(core::MoveList::kCapacity <= (size_t(1) << kIndexBits));
constexpr int32_t kLastIndex = (int32_t(1) << kIndexBits) - 1;
constexpr int kScoreBits = 32 - kIndexBits;
constexpr int kScoreLimit = 1 << (kScoreBits - 1);  // scores lie in [-limit, limit)

// The largest magnitudes the scores can take: histories are int16 tables.
constexpr int kMaxHistoryValue = -int(std::numeric_limits<int16_t>::min());
constexpr int kMaxThreatBonus =
    *std::max_element(std::begin(kThreatEscapeBonus), std::end(kThreatEscapeBonus));
constexpr int kMaxQuietScore = kMaxHistoryValue * (1 + kContinuationCount) + kMaxThreatBonus;
constexpr int kMaxSeeValue = *std::max_element(std::begin(kSeeValue), std::end(kSeeValue));
constexpr int kMaxNoisyScore =
    kMaxSeeValue * kMvvWeight +
    (kSeeValue[core::index(PieceType::Queen)] - kSeeValue[core::index(PieceType::Pawn)]) *
        kMvvWeight +
    kMaxHistoryValue;
// Killers and the counter move come before every other quiet move, captures
// before every other evasion, and nothing leaves the key's score bits.
static_assert(kCounterScore > kMaxQuietScore);
static_assert(kEvasionCaptureBase - kMaxNoisyScore > kMaxQuietScore);
static_assert(kEvasionCaptureBase + kMaxNoisyScore < kScoreLimit);
static_assert(kKillerScore < kScoreLimit && kMaxNoisyScore < kScoreLimit);
static_assert(-kMaxQuietScore >= -kScoreLimit && -kMaxNoisyScore >= -kScoreLimit);

void MovePicker::ScoredList::set_score(size_t i, int score) {
  keys[i] = int32_t(uint32_t(score) << kIndexBits) | (kLastIndex - int32_t(i));
}

Move MovePicker::ScoredList::pick_best() {
  const size_t size = moves.size();
  if (next >= size) return Move::none();
  int32_t best_key = std::numeric_limits<int32_t>::min();
  for (size_t i = next; i < size; ++i) best_key = std::max(best_key, keys[i]);
  const size_t best = size_t(kLastIndex - (best_key & kLastIndex));
  // The move at `next` takes the best one's place: its key keeps its score and
  // takes the index of that place, as a sort of (score, index) would see it.
  std::swap(moves[next], moves[best]);
  keys[best] = (keys[next] & ~kLastIndex) | (kLastIndex - int32_t(best));
  return moves[next++];
}

int MovePicker::quiet_history(const core::Position& pos, Move m, const OrderingContext& context) {
  const core::Piece piece = pos.moved_piece(m);
  int score = context.history->butterfly(pos.side_to_move(), m);
  for (int i = 0; i < kContinuationCount; ++i) {
    const PieceToHistory* slice = context.continuation[i];
    if (!slice) continue;
    const int value = (*slice)[core::index(piece)][core::index(m.to())];
    score += kContinuationPlies[i] >= 4 ? value >> kFarContinuationShift : value;
  }
  return score;
}

int MovePicker::quiet_score(const core::Position& pos, Move m, const OrderingContext& context,
                            const Threats* threats) {
  int score = quiet_history(pos, m, context);
  if (!threats) return score;
  const PieceType type = core::type_of(pos.moved_piece(m));
  const core::Bitboard threatened = type == PieceType::Queen  ? threats->by_rooks
                                    : type == PieceType::Rook ? threats->by_minors
                                    : type == PieceType::Knight || type == PieceType::Bishop
                                        ? threats->by_pawns
                                        : 0;
  const bool was_threatened = core::contains(threatened, m.from());
  const bool is_threatened = core::contains(threatened, m.to());
  if (was_threatened != is_threatened)
    score += is_threatened ? -kThreatEscapeBonus[core::index(type)]
                           : kThreatEscapeBonus[core::index(type)];
  return score;
}

int MovePicker::noisy_score(const core::Position& pos, Move m, const OrderingContext& context) {
  const PieceType victim = pos.captured_type(m);
  int score = kSeeValue[core::index(victim)] * kMvvWeight;
  if (m.is_promotion())
    score += (kSeeValue[core::index(m.promotion())] - kSeeValue[core::index(PieceType::Pawn)]) *
             kMvvWeight;
  return score + context.history->capture(pos.moved_piece(m), m.to(), victim);
}

MovePicker::MovePicker(const core::Position& pos, Move tt_move, const OrderingContext& context,
                       Mode mode, int see_threshold)
    : pos_(pos), context_(context), mode_(mode), see_threshold_(see_threshold) {
  if (pos.in_check()) {
    generate_evasions();
    tt_move_ = tt_move && noisy_.moves.contains(tt_move) ? tt_move : Move::none();
    stage_ = tt_move_ ? Stage::TTMove : Stage::Evasions;
    return;
  }
  generate_noisy();
  // The TT move is trusted only once it is found among the legal moves: a
  // stale or torn entry may hold anything.
  if (tt_move) {
    if (noisy_.moves.contains(tt_move)) {
      if (mode == Mode::All ||
          (!is_underpromotion(tt_move) && see_at_least(pos, tt_move, see_threshold)))
        tt_move_ = tt_move;
    } else if (mode == Mode::All) {
      generate_quiets();
      if (quiets_.moves.contains(tt_move)) tt_move_ = tt_move;
    }
  }
  stage_ = tt_move_ ? Stage::TTMove : Stage::GoodNoisy;
}

void MovePicker::generate_noisy() {
  core::generate<core::GenType::Noisy>(pos_, noisy_.moves);
  for (size_t i = 0; i < noisy_.moves.size(); ++i)
    noisy_.set_score(i, noisy_score(pos_, noisy_.moves[i], context_));
}

void MovePicker::generate_quiets() {
  if (quiets_generated_) return;
  quiets_generated_ = true;
  core::generate<core::GenType::Quiet>(pos_, quiets_.moves);
}

const MovePicker::Threats* MovePicker::threats() {
  if (!context_.threat_aware) return nullptr;
  if (!threats_) threats_ = Threats::of(pos_);
  return &*threats_;
}

void MovePicker::score_quiets() {
  generate_quiets();
  quiets_scored_ = true;
  for (size_t i = 0; i < quiets_.moves.size(); ++i) {
    const Move m = quiets_.moves[i];
    quiets_.set_score(i, m == context_.killers[0]   ? kKillerScore
                         : m == context_.killers[1] ? kKillerScore - 1
                         : m == context_.counter    ? kCounterScore
                                                    : quiet_score(pos_, m, context_, threats()));
  }
}

void MovePicker::generate_evasions() {
  core::generate_legal(pos_, noisy_.moves);
  for (size_t i = 0; i < noisy_.moves.size(); ++i) {
    const Move m = noisy_.moves[i];
    noisy_.set_score(i, pos_.is_noisy(m) ? kEvasionCaptureBase + noisy_score(pos_, m, context_)
                                         : quiet_score(pos_, m, context_, threats()));
  }
}

Move MovePicker::next() {
  for (;;) {
    switch (stage_) {
      case Stage::TTMove:
        stage_ = pos_.in_check() ? Stage::Evasions : Stage::GoodNoisy;
        last_quiet_ = !pos_.is_noisy(tt_move_);
        return tt_move_;

      case Stage::GoodNoisy: {
        const Move m = noisy_.pick_best();
        if (!m) {
          stage_ = mode_ == Mode::Noisy ? Stage::Done : Stage::Quiets;
          continue;
        }
        if (m == tt_move_) continue;
        // Losing captures and underpromotions wait for the end (or, in quiescence, never come).
        if (is_underpromotion(m) || !see_at_least(pos_, m, see_threshold_)) {
          if (mode_ == Mode::All) bad_noisy_.push_back(m);
          continue;
        }
        last_quiet_ = false;
        return m;
      }

      case Stage::Quiets: {
        if (!quiets_scored_) score_quiets();
        const Move m = quiets_.pick_best();
        if (!m) {
          stage_ = Stage::BadNoisy;
          continue;
        }
        if (m == tt_move_) continue;
        last_quiet_ = true;
        return m;
      }

      case Stage::BadNoisy:
        if (bad_next_ >= bad_noisy_.size()) {
          stage_ = Stage::Done;
          continue;
        }
        last_quiet_ = false;
        return bad_noisy_[bad_next_++];

      case Stage::Evasions: {
        const Move m = noisy_.pick_best();
        if (!m) {
          stage_ = Stage::Done;
          continue;
        }
        if (m == tt_move_) continue;
        last_quiet_ = !pos_.is_noisy(m);
        return m;
      }

      case Stage::Done:
        return Move::none();
    }
  }
}

}  // namespace arbiter::search
