// Hand-written evaluation: incrementally summed material and piece-square
// values, plus terms computed on demand from the bitboards (mobility, pawn
// structure, king safety, piece bonuses), blended by game phase.
#include "arbiter/eval/evaluator.h"

#include <algorithm>

#include "arbiter/eval/nnue_current.h"
#include "arbiter/eval/psqt.h"
#include "core/attacks.h"

namespace arbiter::eval {

namespace {

using core::Bitboard;
using core::Color;
using core::PieceType;
using core::Position;
using core::Square;

constexpr TaperedScore kTempo = {15, 5};
constexpr TaperedScore kBishopPair = {30, 50};
constexpr TaperedScore kRookOpenFile = {25, 10};
constexpr TaperedScore kRookSemiOpenFile = {12, 6};
constexpr TaperedScore kDoubledPawn = {-10, -20};
constexpr TaperedScore kIsolatedPawn = {-10, -14};
constexpr TaperedScore kBackwardPawn = {-6, -8};
// Passed pawn bonus by relative rank (index 1 = second rank).
constexpr TaperedScore kPassedPawn[8] = {{0, 0},   {2, 8},   {4, 12},   {10, 24},
                                         {24, 48}, {48, 90}, {80, 140}, {0, 0}};
// Mobility: per attacked square not held by own pieces nor attacked by enemy pawns,
// centred on a typical count so a normal piece scores about zero.
constexpr TaperedScore kMobilityWeight[core::kNumPieceTypes] = {{0, 0}, {0, 0}, {4, 4}, {4, 5},
                                                                {2, 4}, {1, 2}, {0, 0}};
constexpr int kMobilityCentre[core::kNumPieceTypes] = {0, 0, 4, 6, 6, 12, 0};
constexpr int kShieldPawnBonus = 10;
// King danger: weighted attackers on the king zone, squared then scaled.
constexpr int kAttackerWeight[core::kNumPieceTypes] = {0, 0, 2, 2, 3, 5, 0};
constexpr int kKingDangerDivisor = 8;
constexpr int kMaxKingDanger = 500;
// Scale down when the side ahead has no pawns and too little to mate easily.
constexpr int kScaleFull = 64, kScaleNoPawnsMinorUp = 8;

Bitboard adjacent_files(int f) {
  return (f > 0 ? core::file_bb(f - 1) : 0) | (f < 7 ? core::file_bb(f + 1) : 0);
}

// Ranks strictly in front of square s from colour c's side.
Bitboard ranks_ahead(Color c, Square s) {
  Bitboard span = 0;
  for (int r = 0; r < 8; ++r)
    if (c == Color::White ? r > core::rank_of(s) : r < core::rank_of(s)) span |= core::rank_bb(r);
  return span;
}

// Pawn-structure masks per colour and square, built once.
struct PawnMasks {
  Bitboard passed[core::kNumColors][core::kNumSquares];      // enemy pawns here stop a passer
  Bitboard file_ahead[core::kNumColors][core::kNumSquares];  // own file in front
  Bitboard support[core::kNumColors][core::kNumSquares];     // adjacent files, not ahead
  PawnMasks() {
    for (Color c : {Color::White, Color::Black}) {
      for (int i = 0; i < core::kNumSquares; ++i) {
        Square s = Square(i);
        Bitboard ahead = ranks_ahead(c, s);
        Bitboard files = core::file_bb(s) | adjacent_files(core::file_of(s));
        passed[core::index(c)][i] = ahead & files;
        file_ahead[core::index(c)][i] = ahead & core::file_bb(s);
        support[core::index(c)][i] = adjacent_files(core::file_of(s)) & ~ahead;
      }
    }
  }
};

const PawnMasks g_masks;

TaperedScore pawn_structure(const Position& pos, Color us) {
  TaperedScore s;
  const Bitboard ours = pos.pieces(us, PieceType::Pawn);
  const Bitboard theirs = pos.pieces(~us, PieceType::Pawn);
  for (Square sq : core::squares(ours)) {
    int f = core::file_of(sq);
    int rel_rank = core::relative_rank(us, core::rank_of(sq));
    const int c = core::index(us), i = core::index(sq);
    if (!(theirs & g_masks.passed[c][i])) s += kPassedPawn[rel_rank];
    if (!(ours & adjacent_files(f))) s += kIsolatedPawn;
    if (ours & g_masks.file_ahead[c][i]) s += kDoubledPawn;
    // Backward: no friendly pawn beside or behind on adjacent files, and the stop square is hit.
    Square stop = sq + core::pawn_push(us);
    if (!(ours & g_masks.support[c][i]) && (core::pawn_attacks(us, stop) & theirs))
      s += kBackwardPawn;
  }
  return s;
}

struct SideTerms {
  TaperedScore score;
  int king_attack = 0;  // weighted attacks on the enemy king zone
};

SideTerms pieces_and_mobility(const Position& pos, Color us) {
  SideTerms t;
  const Color them = ~us;
  const Bitboard occupied = pos.pieces();
  const Bitboard enemy_pawn_attacks =
      core::pawn_attacks_bb(them, pos.pieces(them, PieceType::Pawn));
  const Bitboard safe = ~pos.pieces(us) & ~enemy_pawn_attacks;
  const Square enemy_king = pos.king_square(them);
  const Bitboard king_zone = core::king_attacks(enemy_king) | core::square_bb(enemy_king);
  const Bitboard all_pawns = pos.pieces(PieceType::Pawn);
  for (PieceType pt : {PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen}) {
    for (Square sq : core::squares(pos.pieces(us, pt))) {
      Bitboard attacks = core::piece_attacks(pt, sq, occupied);
      int mobility = core::popcount(attacks & safe);
      t.score += kMobilityWeight[core::index(pt)] * (mobility - kMobilityCentre[core::index(pt)]);
      if (attacks & king_zone)
        t.king_attack += kAttackerWeight[core::index(pt)] * core::popcount(attacks & king_zone);
      if (pt == PieceType::Rook) {
        Bitboard file = core::file_bb(sq);
        if (!(file & all_pawns))
          t.score += kRookOpenFile;
        else if (!(file & pos.pieces(us, PieceType::Pawn)))
          t.score += kRookSemiOpenFile;
      }
    }
  }
  if (pos.count(us, PieceType::Bishop) >= 2) t.score += kBishopPair;
  return t;
}

int pawn_shield(const Position& pos, Color us) {
  Square king = pos.king_square(us);
  Bitboard shield = core::king_attacks(king) | core::square_bb(king);
  shield |= us == Color::White ? shield << 8 : shield >> 8;
  return core::popcount(shield & pos.pieces(us, PieceType::Pawn) & ~core::rank_bb(king)) *
         kShieldPawnBonus;
}

// How much of the score the side ahead can expect to convert (out of kScaleFull).
int endgame_scale(const Position& pos, int eg_score) {
  Color strong = eg_score >= 0 ? Color::White : Color::Black;
  if (pos.count(strong, PieceType::Pawn) > 0) return kScaleFull;
  auto material = [&](Color c) {
    int m = 0;
    for (PieceType pt : {PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen})
      m += pos.count(c, pt) * kPieceValues[core::index(pt)].eg;
    return m;
  };
  // Without pawns, a lead smaller than a rook rarely wins (K+minor v K, K+R v K+minor...).
  int lead = material(strong) - material(~strong);
  return lead < kPieceValues[core::index(PieceType::Rook)].eg ? kScaleNoPawnsMinorUp : kScaleFull;
}

}  // namespace

void Evaluator::add(Accumulator& a, core::Piece p, Square s) const {
  a.psqt += piece_square_value(p, s);
  a.phase += kPhaseWeight[core::index(core::type_of(p))];
}

void Evaluator::remove(Accumulator& a, core::Piece p, Square s) const {
  a.psqt -= piece_square_value(p, s);
  a.phase -= kPhaseWeight[core::index(core::type_of(p))];
}

void Evaluator::reset(const Position& pos) {
  net_ = active_network();
  stack_.clear();
  if (net_) {
    nnue_.reset(*net_, pos);
    return;
  }
  Accumulator a;
  for (Square s : core::squares(pos.pieces())) add(a, pos.piece_on(s), s);
  stack_.push_back(a);
}

void Evaluator::push_move(const Position& before, core::Move m) {
  if (net_) {
    nnue_.push_move(before, m);
    return;
  }
  // The same decomposition of the move (castling, en passant, promotion) as the
  // network's accumulators use.
  Accumulator a = stack_.back();
  const nnue::FeatureDelta delta = nnue::feature_delta(before, m);
  for (int i = 0; i < delta.n_removed; ++i)
    remove(a, delta.removed[i].piece, delta.removed[i].square);
  for (int i = 0; i < delta.n_added; ++i) add(a, delta.added[i].piece, delta.added[i].square);
  stack_.push_back(a);
}

void Evaluator::push_null() {
  if (net_)
    nnue_.push_null();
  else
    stack_.push_back(stack_.back());
}

int Evaluator::evaluate(const Position& pos) const {
  if (net_) return std::clamp(nnue_.evaluate(pos), -kMaxNnueEval, kMaxNnueEval);
  return evaluate_hand_written(pos);
}

int Evaluator::evaluate_hand_written(const Position& pos) const {
  const Accumulator& a = stack_.back();
  TaperedScore score = a.psqt;
  score += pawn_structure(pos, Color::White) - pawn_structure(pos, Color::Black);
  SideTerms white = pieces_and_mobility(pos, Color::White);
  SideTerms black = pieces_and_mobility(pos, Color::Black);
  score += white.score - black.score;
  score.mg += pawn_shield(pos, Color::White) - pawn_shield(pos, Color::Black);
  auto danger = [](int attack) {
    return std::min(attack * attack / kKingDangerDivisor, kMaxKingDanger);
  };
  score.mg += danger(white.king_attack) - danger(black.king_attack);
  score += pos.side_to_move() == Color::White ? kTempo : kTempo * -1;

  int phase = std::clamp(a.phase, 0, kMaxPhase);
  int eg = score.eg * endgame_scale(pos, score.eg) / kScaleFull;
  int blended = (score.mg * phase + eg * (kMaxPhase - phase)) / kMaxPhase;
  return pos.side_to_move() == Color::White ? blended : -blended;
}

}  // namespace arbiter::eval
