// Hands out a node's legal moves in stages, best first, doing only the work the
// search reaches: the TT move; captures and queen promotions by victim value
// plus capture history, each checked by SEE only when its turn comes (losers
// wait until the end); quiet moves (generated only now) with killers and the
// counter move first, then by butterfly and continuation histories (plus, for
// the limited strength levels, the threats a move escapes or walks into); the losing
// captures and underpromotions last. In check, all evasions in one stage.
#pragma once

#include <optional>

#include "arbiter/core/movegen.h"
#include "arbiter/search/history.h"

namespace arbiter::search {

// Plies back whose moves' continuation histories score quiet moves: 1, 2 and 4.
inline constexpr int kContinuationPlies[] = {1, 2, 4};
inline constexpr int kContinuationCount = 3;

// What the search knows about a node that orders its moves.
struct OrderingContext {
  const History* history = nullptr;
  // The continuation slices of the moves 1, 2 and 4 plies back (null: none).
  const PieceToHistory* continuation[kContinuationCount] = {};
  core::Move killers[2];
  core::Move counter;
  // Quiet moves also ordered by the threats they escape or walk into. Shallow
  // searches need it: late move pruning at depth 1-2 keeps only the first few
  // quiets, and without it an attacked queen's escapes were not among them, so
  // MultiPV lines 2-4 claimed to win the queen too. UCI_LimitStrength chooses
  // among exactly those shallow lines, so it sets this. At full strength it
  // gained nothing (-4.6 +- 25.4 Elo, 304 games at 5+0.05) and stays off.
  bool threat_aware = false;
};

class MovePicker {
 public:
  // All: every legal move. Noisy: captures and queen promotions whose SEE is at
  // least `see_threshold` (quiescence, probcut), or every evasion when in check.
  enum class Mode { All, Noisy };

  MovePicker(const core::Position& pos, core::Move tt_move, const OrderingContext& context,
             Mode mode, int see_threshold = 0);

  // The next move, or Move::none() when all are out.
  core::Move next();
  // Whether the last move returned is quiet (no capture, no promotion).
  bool last_was_quiet() const { return last_quiet_; }

  // The squares the side not to move attacks with pawns; with pawns and minor
  // pieces; with pawns, minors and rooks: where a knight or bishop, a rook, a
  // queen of the side to move may be taken by a lesser piece.
  struct Threats {
    core::Bitboard by_pawns = 0, by_minors = 0, by_rooks = 0;
    static Threats of(const core::Position& pos);
  };

  // What the histories say of a quiet move: butterfly plus continuation.
  static int quiet_history(const core::Position& pos, core::Move m, const OrderingContext& context);
  // The order of a quiet move: its history, plus (given threats) a bonus for
  // taking a piece out of a lesser piece's attack, minus one for putting it into one.
  static int quiet_score(const core::Position& pos, core::Move m, const OrderingContext& context,
                         const Threats* threats);
  // The capture score of a move: victim value (and promotion gain) plus capture history.
  static int noisy_score(const core::Position& pos, core::Move m, const OrderingContext& context);

 private:
  enum class Stage { TTMove, GoodNoisy, Quiets, BadNoisy, Evasions, Done };
  struct ScoredList {
    core::MoveList moves;
    // Per move its sort key: the score above the move's index reversed (see
    // move_picker.cpp), so that the best remaining move is a plain maximum.
    int32_t keys[core::MoveList::kCapacity];
    size_t next = 0;
    void set_score(size_t i, int score);
    // Selection of the best remaining move: cheap, as a cutoff usually comes early.
    core::Move pick_best();
  };

  void generate_noisy();
  void generate_quiets();
  void score_quiets();
  void generate_evasions();
  // The threats, found once per node and only where ordering uses them (else null).
  const Threats* threats();
  bool is_underpromotion(core::Move m) const {
    return m.is_promotion() && m.promotion() != core::PieceType::Queen;
  }

  const core::Position& pos_;
  const OrderingContext& context_;
  const Mode mode_;
  const int see_threshold_;
  core::Move tt_move_;
  Stage stage_;
  bool quiets_generated_ = false, quiets_scored_ = false;
  ScoredList noisy_, quiets_;
  core::MoveList bad_noisy_;
  size_t bad_next_ = 0;
  bool last_quiet_ = false;
  std::optional<Threats> threats_;
};

}  // namespace arbiter::search
