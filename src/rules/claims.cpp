// Draw claims: availability for the player having the move, and judging a claim.
#include "arbiter/rules/claims.h"

#include "arbiter/core/movegen.h"

namespace arbiter::rules {

using core::Move;
using core::MoveList;
using core::PieceType;
using core::Position;

namespace {

constexpr std::string_view kClaimTypeNames[kNumClaimTypes] = {"threefold", "fifty-moves"};

bool is_zeroing(const Position& pos, Move m) {
  return pos.is_capture(m) || core::type_of(pos.moved_piece(m)) == PieceType::Pawn;
}

// The key after a non-zeroing move that keeps the castling rights, as
// make_move would leave it: the piece changes square, the turn passes, and an
// en passant square lapses (a piece move creates none).
core::Key key_after_quiet_move(const Position& pos, Move m) {
  namespace zobrist = core::zobrist;
  const core::Piece piece = pos.moved_piece(m);
  core::Key key = pos.key() ^ zobrist::side_to_move() ^ zobrist::piece_square(piece, m.from()) ^
                  zobrist::piece_square(piece, m.to());
  if (pos.en_passant_square() != core::Square::None)
    key ^= zobrist::en_passant(pos.en_passant_square());
  return key;
}

// Whether the announced move `m` produces a position occurring for the claimed
// number of times. `scratch` is a copy of the current position, left unchanged.
bool repeats_after(Position& scratch, const RepetitionHistory& history, const RuleSet& rules,
                   Move m) {
  // A zeroing move or a loss of castling rights (castling always loses them)
  // makes a position never seen before.
  if (is_zeroing(scratch, m) || m.is_castling()) return false;
  // Most moves lead to a position not seen often enough, which the computed
  // key shows without making them; the others are made, to see whether they
  // lose a castling right (the computed key would then be wrong, but the
  // answer is no anyway).
  if (history.occurrences_after_reversible_move(key_after_quiet_move(scratch, m)) + 1 <
      rules.threefold_occurrences)
    return false;
  const uint8_t rights = scratch.castling_rights();
  core::UndoInfo undo;
  scratch.make_move(m, undo);
  const bool repeats =
      scratch.castling_rights() == rights &&
      history.occurrences_after_reversible_move(scratch.key()) + 1 >= rules.threefold_occurrences;
  scratch.unmake_move(m, undo);
  return repeats;
}

bool completes_fifty(const Position& pos, int halfmove_clock, const RuleSet& rules, Move m) {
  return halfmove_clock + 1 >= rules.fifty_plies && !is_zeroing(pos, m);
}

}  // namespace

std::string_view claim_type_name(ClaimType type) { return kClaimTypeNames[static_cast<int>(type)]; }

ClaimAvailability available_claims(const Position& pos, const RepetitionHistory& history,
                                   int halfmove_clock, const RuleSet& rules) {
  ClaimAvailability out;
  out.threefold_now = history.occurrences() >= rules.threefold_occurrences;
  out.fifty_now = halfmove_clock >= rules.fifty_plies;
  // Announced-move claims need move generation: only where one can succeed. A
  // third occurrence needs a position (with the other side to move) that has
  // already occurred twice; 9.3.1 needs the count at exactly one short.
  const bool threefold_possible = rules.threefold_occurrences == 3
                                      ? history.next_side_has_repeated_position()
                                      : history.plies() > 0;
  const bool fifty_possible = !out.fifty_now && halfmove_clock + 1 == rules.fifty_plies;
  if (!threefold_possible && !fifty_possible) return out;

  MoveList moves;
  core::generate_legal(pos, moves);
  Position scratch = pos;
  for (Move m : moves) {
    if (threefold_possible && repeats_after(scratch, history, rules, m))
      out.threefold_moves.push_back(m);
    if (fifty_possible && !out.fifty_move && completes_fifty(pos, halfmove_clock, rules, m))
      out.fifty_move = m;
  }
  return out;
}

ClaimFinding judge_claim(const Position& pos, const RepetitionHistory& history, int halfmove_clock,
                         const RuleSet& rules, Move announced) {
  const Articles& art = rules.articles;
  if (history.occurrences() >= rules.threefold_occurrences)
    return {true, ClaimType::Threefold, false, art.threefold_now};
  if (announced.is_ok()) {
    Position scratch = pos;
    if (repeats_after(scratch, history, rules, announced))
      return {true, ClaimType::Threefold, true, art.threefold_with_move};
  }
  if (halfmove_clock >= rules.fifty_plies)
    return {true, ClaimType::FiftyMoves, false, art.fifty_now};
  if (announced.is_ok() && completes_fifty(pos, halfmove_clock, rules, announced))
    return {true, ClaimType::FiftyMoves, true, art.fifty_with_move};
  return {false, ClaimType::Threefold, false, art.incorrect_claim};
}

}  // namespace arbiter::rules
