// The alpha-beta search of one thread. Each numbered step says why it is there.
#include "arbiter/search/search.h"

#include <algorithm>
#include <cmath>

#include "arbiter/core/movegen.h"
#include "arbiter/search/move_picker.h"
#include "arbiter/search/see.h"
#include "arbiter/search/tunables.h"

namespace arbiter::search {

using core::Move;
using core::PieceType;
using core::Position;
using core::UndoInfo;

namespace {

constexpr int kMaxMoves = 64;
constexpr int kQuietsTracked = 64;
constexpr int kFiftyMovePlies = 100;
constexpr int64_t kReportBoundsAfterMs = 3000;

// Late-move reductions by depth and move number: log-log, as reductions should
// grow slowly with both.
struct ReductionTable {
  int r[kMaxPly + 1][kMaxMoves];
  ReductionTable() { compute(); }
  void compute() {
    constexpr double kPercent = 100.0;
    const double base = tune::kLmrBasePercent / kPercent;
    const double divisor = tune::kLmrDivisorPercent / kPercent;
    for (int d = 0; d <= kMaxPly; ++d)
      for (int m = 0; m < kMaxMoves; ++m)
        r[d][m] = (d == 0 || m == 0)
                      ? 0
                      : int(base + std::log(double(d)) * std::log(double(m)) / divisor);
  }
  int get(int depth, int move_count) const {
    return r[std::min(depth, kMaxPly)][std::min(move_count, kMaxMoves - 1)];
  }
};
ReductionTable g_reductions;  // recomputed when a tuning build changes its inputs

bool has_non_pawn_material(const Position& pos, core::Color c) {
  return pos.pieces(c) & ~pos.pieces(PieceType::Pawn, PieceType::King);
}

}  // namespace

void refresh_tuned_tables() { g_reductions.compute(); }

bool draw_by_material(const Position& pos) {
  core::Bitboard others = pos.pieces() & ~pos.pieces(PieceType::King);
  if (!others) return true;
  if (!core::more_than_one(others) && (others & pos.pieces(PieceType::Knight, PieceType::Bishop)))
    return true;
  return others == pos.pieces(PieceType::Bishop) &&
         (!(others & core::kLightSquares) || !(others & core::kDarkSquares));
}

uint64_t SharedSearch::total_nodes() const {
  uint64_t n = 0;
  for (const auto& w : *workers) n += w->nodes();
  return n;
}

void Worker::set_root(const Position& root, const std::vector<core::Key>& history) {
  root_ = pos_ = root;
  keys_ = history;
  root_key_index_ = int(keys_.size());
  keys_.push_back(root.key());
  eval_.reset(root);
  nodes_.store(0, std::memory_order_relaxed);
  completed_depth_ = 0;
  root_moves_.clear();
  completed_root_moves_.clear();
  core::MoveList moves;
  core::generate_legal(root, moves);
  const auto& wanted = shared_.limits.searchmoves;
  for (Move m : moves)
    if (wanted.empty() || std::find(wanted.begin(), wanted.end(), m) != wanted.end())
      root_moves_.push_back(RootMove{m, -kInfinite, -kInfinite, Bound::Exact, 0, {m}});
  // With no (remaining) move the GUI still needs a sensible answer: fall back to all moves.
  if (root_moves_.empty())
    for (Move m : moves)
      root_moves_.push_back(RootMove{m, -kInfinite, -kInfinite, Bound::Exact, 0, {m}});
  for (auto& s : stack_) s = PlyState{};
}

const std::vector<RootMove>& Worker::best_root_moves() const {
  return completed_root_moves_.empty() ? root_moves_ : completed_root_moves_;
}

void Worker::count_node() {
  nodes_.store(nodes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  if (id_ == 0 && nodes() % tune::kTimeCheckInterval == 0) check_limits();
}

bool Worker::enter_node(int ply, bool pv) {
  count_node();
  if (pv) {
    pv_length_[ply] = 0;
    seldepth_ = std::max(seldepth_, ply);
  }
  return !shared_.stop.load(std::memory_order_relaxed);
}

void Worker::check_limits() {
  if (shared_.clock.past_hard_limit() ||
      (shared_.limits.nodes && shared_.total_nodes() >= shared_.limits.nodes))
    shared_.stop.store(true, std::memory_order_relaxed);
}

void Worker::make(Move m, UndoInfo& undo, int ply) {
  eval_.push_move(pos_, m);
  pos_.make_move(m, undo);
  keys_.push_back(pos_.key());
  stack_[ply + 1].null_move = false;
  stack_[ply + 1].repetition_floor = stack_[ply].repetition_floor;
  shared_.tt->prefetch(pos_.key());
}

void Worker::unmake(Move m, const UndoInfo& undo) {
  keys_.pop_back();
  pos_.unmake_move(m, undo);
  eval_.pop();
}

bool Worker::is_draw(int ply) const {
  if (pos_.halfmove_clock() >= kFiftyMovePlies &&
      (!pos_.in_check() || core::count_legal_moves(pos_) > 0))
    return true;
  if (draw_by_material(pos_)) return true;
  // Repetition: once inside the search path, or twice counting the game before the root.
  const int current = int(keys_.size()) - 1;
  const int floor = std::max(stack_[ply].repetition_floor, current - pos_.halfmove_clock());
  int earlier = 0;
  for (int i = current - 4; i >= floor; i -= 2) {
    if (keys_[i] != pos_.key()) continue;
    if (i >= root_key_index_ || ++earlier == 2) return true;
  }
  return false;
}

void Worker::update_pv(int ply, Move m) {
  pv_[ply][0] = m;
  for (int i = 0; i < pv_length_[ply + 1]; ++i) pv_[ply][i + 1] = pv_[ply + 1][i];
  pv_length_[ply] = pv_length_[ply + 1] + 1;
}

void Worker::run() {
  if (root_moves_.empty()) return;
  int previous_score = 0;
  for (int depth = 1; depth < kMaxPly; ++depth) {
    if (shared_.stop.load(std::memory_order_relaxed)) break;
    // Helpers search odd depths ahead now and then, so threads spread over the tree.
    if (id_ != 0 && depth > 1 && (id_ + depth) % 3 == 0) continue;
    root_depth_ = depth;
    for (RootMove& rm : root_moves_) rm.previous_score = rm.score;
    const size_t lines = std::min<size_t>(std::max(1, shared_.options.multipv), root_moves_.size());

    for (pv_index_ = 0; pv_index_ < lines; ++pv_index_) {
      seldepth_ = 0;
      // 1. Aspiration window around the last score: most iterations confirm it cheaply.
      int delta = tune::kAspirationDelta;
      int alpha = -kInfinite, beta = kInfinite;
      int center = pv_index_ == 0 ? previous_score : root_moves_[pv_index_].previous_score;
      if (depth >= tune::kAspirationMinDepth && !is_mate_score(center) && center > -kInfinite) {
        alpha = std::max(center - delta, -kInfinite);
        beta = std::min(center + delta, kInfinite);
      }
      for (;;) {
        int score = root_search(alpha, beta, depth);
        std::stable_sort(root_moves_.begin() + pv_index_, root_moves_.end(),
                         [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
        if (shared_.stop.load(std::memory_order_relaxed)) break;
        // 2. A fail outside the window widens it on that side and searches again.
        if (score <= alpha) {
          beta = (alpha + beta) / 2;
          alpha = std::max(score - delta, -kInfinite);
        } else if (score >= beta) {
          beta = std::min(score + delta, kInfinite);
        } else {
          break;
        }
        if (id_ == 0 && shared_.clock.elapsed_ms() > kReportBoundsAfterMs) report(depth);
        delta += delta / 2;
      }
      std::stable_sort(root_moves_.begin(), root_moves_.begin() + pv_index_ + 1,
                       [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
      if (shared_.stop.load(std::memory_order_relaxed)) break;
    }
    if (shared_.stop.load(std::memory_order_relaxed)) break;
    completed_depth_ = depth;
    completed_root_moves_ = root_moves_;
    previous_score = root_moves_[0].score;
    if (id_ == 0) {
      report(depth);
      if (main_thread_should_stop(depth)) break;
    }
  }
}

bool Worker::main_thread_should_stop(int depth) const {
  const SearchLimits& limits = shared_.limits;
  if (limits.depth && depth >= limits.depth) return true;
  int best = completed_root_moves_[0].score;
  if (limits.mate && best >= kMateInMaxPly && mate_distance_moves(best) <= limits.mate) return true;
  if (shared_.clock.past_soft_limit(tune::kSoftStopFraction)) return true;
  if (limits.soft_nodes && shared_.total_nodes() >= limits.soft_nodes) return true;
  // A single legal move needs no thought when the clock is running.
  if (root_moves_.size() == 1 && shared_.clock.budget().limited && !shared_.clock.pondering())
    return true;
  return false;
}

void Worker::report(int depth) const {
  if (!shared_.on_info) return;
  const std::vector<RootMove>& moves = root_moves_;
  const size_t lines = std::min<size_t>(std::max(1, shared_.options.multipv), moves.size());
  for (size_t i = 0; i < lines; ++i) {
    const RootMove& rm = moves[i];
    bool searched = rm.score != -kInfinite;
    SearchInfo info;
    info.depth = searched ? depth : std::max(1, depth - 1);
    info.seldepth = std::max(rm.seldepth, info.depth);
    info.multipv = int(i) + 1;
    info.score = searched ? rm.score : rm.previous_score;
    if (info.score == -kInfinite) continue;  // never searched yet: nothing true to say
    info.bound = searched ? rm.bound : Bound::Exact;
    info.nodes = shared_.total_nodes();
    info.time_ms = shared_.clock.elapsed_ms();
    info.hashfull = shared_.tt->hashfull();
    info.pv = rm.pv;
    shared_.on_info(info);
  }
}

int Worker::root_search(int alpha, int beta, int depth) {
  int best = -kInfinite;
  pv_length_[0] = 0;
  for (size_t i = pv_index_; i < root_moves_.size(); ++i) {
    RootMove& rm = root_moves_[i];
    UndoInfo undo;
    count_node();
    make(rm.move, undo, 0);
    pv_length_[1] = 0;  // a child that only gets a null window leaves no line behind
    const int new_depth = depth - 1 + (pos_.in_check() ? 1 : 0);
    int score;
    if (i == pv_index_) {
      score = -search<Node::PV>(-beta, -alpha, new_depth, 1, false);
    } else {
      score = -search<Node::NonPV>(-alpha - 1, -alpha, new_depth, 1, true);
      if (score > alpha && score < beta)
        score = -search<Node::PV>(-beta, -alpha, new_depth, 1, false);
    }
    unmake(rm.move, undo);
    if (shared_.stop.load(std::memory_order_relaxed)) return best;

    if (i == pv_index_ || score > alpha) {
      rm.score = score;
      rm.seldepth = seldepth_;
      rm.bound = score >= beta ? Bound::Lower : score <= alpha ? Bound::Upper : Bound::Exact;
      rm.pv.assign(1, rm.move);
      for (int k = 0; k < pv_length_[1]; ++k) rm.pv.push_back(pv_[1][k]);
    } else {
      rm.score = -kInfinite;  // only known to be worse than the best: sort it behind
    }
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        if (score >= beta) break;
      }
    }
  }
  return best;
}

template <Worker::Node N>
int Worker::search(int alpha, int beta, int depth, int ply, bool cut_node) {
  constexpr bool kPv = N == Node::PV;
  // 1. At the horizon, settle the captures first (no stand-pat blunders).
  if (depth <= 0) return qsearch<N>(alpha, beta, ply);

  if (!enter_node(ply, kPv)) return 0;
  const bool in_check = pos_.in_check();
  if (ply >= kMaxPly) return in_check ? kDrawScore : eval_.evaluate(pos_);

  // 2. Draws by repetition, the fifty-move rule or material end the line here.
  if (is_draw(ply)) return kDrawScore;

  // 3. Mate distance pruning: no line from here beats a mate already found closer to the root.
  alpha = std::max(alpha, mated_in(ply));
  beta = std::min(beta, mate_in(ply + 1));
  if (alpha >= beta) return alpha;

  // 4. Transposition table: reuse a deep enough result, and its move for ordering.
  TTData tt;
  const bool tt_hit = shared_.tt->probe(pos_.key(), tt);
  const Move tt_move = tt_hit ? tt.move : Move::none();
  const int tt_score = tt_hit ? score_from_tt(tt.score, ply) : kNoScore;
  if (!kPv && tt_hit && tt.depth >= depth && tt_score != kNoScore &&
      (tt.bound == Bound::Exact || (tt.bound == Bound::Lower && tt_score >= beta) ||
       (tt.bound == Bound::Upper && tt_score <= alpha)))
    return tt_score;

  // 5. Static evaluation, sharpened by the TT score when its bound allows.
  int static_eval = kNoScore, eval = kNoScore;
  bool improving = false;
  if (!in_check) {
    static_eval = (tt_hit && tt.eval != kNoScore) ? tt.eval : eval_.evaluate(pos_);
    eval = static_eval;
    if (tt_score != kNoScore &&
        (tt.bound == Bound::Exact || (tt.bound == Bound::Lower) == (tt_score > eval)))
      eval = tt_score;
    improving = ply >= 2 && stack_[ply - 2].static_eval != kNoScore &&
                static_eval > stack_[ply - 2].static_eval;
  }
  stack_[ply].static_eval = static_eval;

  // 6. Reverse futility pruning: far above beta at low depth, the opponent will not catch up.
  if (!kPv && !in_check && depth <= tune::kRfpMaxDepth && !is_mate_score(beta) &&
      eval - tune::kRfpMargin * (depth - improving) >= beta)
    return eval;

  // 7. Null move pruning: if passing still fails high, a real move surely would (not in
  // zugzwang-prone endings).
  if (!kPv && !in_check && depth >= tune::kNullMoveMinDepth && eval >= beta &&
      static_eval >= beta && !stack_[ply].null_move && !is_mate_score(beta) &&
      has_non_pawn_material(pos_, pos_.side_to_move())) {
    int r = tune::kNullMoveBaseReduction + depth / tune::kNullMoveDepthDivisor +
            std::min((eval - beta) / tune::kNullMoveEvalDivisor, tune::kNullMoveMaxEvalReduction);
    UndoInfo undo;
    eval_.push_null();
    pos_.make_null_move(undo);
    keys_.push_back(pos_.key());
    stack_[ply + 1].null_move = true;
    stack_[ply + 1].repetition_floor = int(keys_.size()) - 1;
    int score = -search<Node::NonPV>(-beta, -beta + 1, depth - r, ply + 1, !cut_node);
    keys_.pop_back();
    pos_.unmake_null_move(undo);
    eval_.pop();
    if (shared_.stop.load(std::memory_order_relaxed)) return 0;
    if (score >= beta) return is_mate_score(score) ? beta : score;
  }

  // 8. Internal iterative reduction: without a TT move this node is probably less important.
  if (depth >= tune::kIirMinDepth && !tt_move && (kPv || cut_node)) --depth;

  // 9. The move loop, best-ordered first.
  MovePicker picker(pos_, tt_move, history_, ply, MovePicker::Mode::All);
  if (picker.legal_count() == 0) return in_check ? mated_in(ply) : kDrawScore;
  history_.clear_killers(ply + 1);
  const core::Color us = pos_.side_to_move();
  int best = -kInfinite, move_count = 0;
  Move best_move = Move::none();
  Move quiets[kQuietsTracked];
  int quiet_count = 0;

  for (Move m = picker.next(); m; m = picker.next()) {
    const bool quiet = picker.last_was_quiet();
    const bool gives_check = pos_.gives_check(m);
    ++move_count;
    // 10. Prune late moves at low depth once a non-losing move is in hand (never checks).
    if (best > -kMateInMaxPly && !in_check && !gives_check) {
      if (quiet) {
        if (depth <= tune::kLmpMaxDepth &&
            move_count > tune::kLmpBase + depth * depth / (improving ? 1 : 2))
          continue;
        if (depth <= tune::kFutilityMaxDepth &&
            static_eval + tune::kFutilityBase + tune::kFutilityPerDepth * depth <= alpha)
          continue;
        if (depth <= tune::kSeePruneMaxDepth &&
            !see_at_least(pos_, m, -tune::kSeeQuietMargin * depth))
          continue;
      } else if (depth <= tune::kSeePruneMaxDepth &&
                 !see_at_least(pos_, m, -tune::kSeeCaptureMargin * depth)) {
        continue;
      }
    }

    UndoInfo undo;
    make(m, undo, ply);
    // A child searched only with a null window writes no PV: never copy an older one.
    if (kPv) pv_length_[ply + 1] = 0;
    // 11. Check extension: checks are forcing, so look one ply deeper.
    const int new_depth = depth - 1 + (gives_check && ply < 2 * root_depth_ ? 1 : 0);
    int score;
    if (move_count == 1) {
      score = -search<N>(-beta, -alpha, new_depth, ply + 1, kPv ? false : !cut_node);
    } else {
      // 12. Late move reductions: later quiet moves are searched shallower first.
      int r = 0;
      if (depth >= tune::kLmrMinDepth && quiet) {
        r = g_reductions.get(depth, move_count) - kPv + !improving + cut_node - gives_check;
        r -= history_.quiet(us, m) / (History::kMax / 2);
        r = std::clamp(r, 0, new_depth - 1);
      }
      score = -search<Node::NonPV>(-alpha - 1, -alpha, new_depth - r, ply + 1, true);
      if (score > alpha && r > 0)
        score = -search<Node::NonPV>(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
      // 13. PVS: a move that beats alpha in a PV node earns a full-window search.
      if (kPv && score > alpha && score < beta)
        score = -search<Node::PV>(-beta, -alpha, new_depth, ply + 1, false);
    }
    unmake(m, undo);
    if (shared_.stop.load(std::memory_order_relaxed)) return 0;

    if (score > best) {
      best = score;
      if (score > alpha) {
        best_move = m;
        if (kPv) update_pv(ply, m);
        if (score >= beta) {
          // 14. A quiet cutoff teaches the killer and history tables; the quiets tried before it
          // lose credit.
          if (quiet) {
            history_.add_killer(ply, m);
            int bonus = History::bonus(depth);
            history_.update_quiet(us, m, bonus);
            for (int i = 0; i < quiet_count; ++i) history_.update_quiet(us, quiets[i], -bonus);
          }
          break;
        }
        alpha = score;
      }
    }
    if (quiet && quiet_count < kQuietsTracked) quiets[quiet_count++] = m;
  }

  // 15. Remember the result; a fail-low has no best move worth storing.
  Bound bound = best >= beta ? Bound::Lower : (kPv && best_move) ? Bound::Exact : Bound::Upper;
  shared_.tt->store(pos_.key(), best_move, score_to_tt(best, ply), static_eval, depth, bound);
  return best;
}

template <Worker::Node N>
int Worker::qsearch(int alpha, int beta, int ply) {
  constexpr bool kPv = N == Node::PV;
  if (!enter_node(ply, kPv)) return 0;
  const bool in_check = pos_.in_check();
  if (ply >= kMaxPly) return in_check ? kDrawScore : eval_.evaluate(pos_);
  if (draw_by_material(pos_)) return kDrawScore;

  // 1. The TT may already know this position.
  TTData tt;
  const bool tt_hit = shared_.tt->probe(pos_.key(), tt);
  const int tt_score = tt_hit ? score_from_tt(tt.score, ply) : kNoScore;
  if (!kPv && tt_hit && tt_score != kNoScore &&
      (tt.bound == Bound::Exact || (tt.bound == Bound::Lower && tt_score >= beta) ||
       (tt.bound == Bound::Upper && tt_score <= alpha)))
    return tt_score;

  // 2. Stand pat: the side to move may decline every capture (not when in check).
  int best = -kInfinite, static_eval = kNoScore;
  if (!in_check) {
    static_eval = (tt_hit && tt.eval != kNoScore) ? tt.eval : eval_.evaluate(pos_);
    best = static_eval;
    if (best >= beta) return best;
    alpha = std::max(alpha, best);
  }

  // 3. Captures and promotions (every evasion when in check), losing captures skipped.
  MovePicker picker(pos_, tt_hit ? tt.move : Move::none(), history_, ply, MovePicker::Mode::Noisy);
  if (in_check && picker.legal_count() == 0) return mated_in(ply);
  Move best_move = Move::none();
  for (Move m = picker.next(); m; m = picker.next()) {
    if (!in_check) {
      if (!see_at_least(pos_, m, 0)) continue;
      // Delta pruning: even winning this piece cannot lift the score to alpha.
      PieceType victim = m.is_en_passant() ? PieceType::Pawn : core::type_of(pos_.piece_on(m.to()));
      if (!m.is_promotion() &&
          static_eval + kSeeValue[core::index(victim)] + tune::kQsearchDeltaMargin <= alpha)
        continue;
    }
    UndoInfo undo;
    make(m, undo, ply);
    int score = -qsearch<N>(-beta, -alpha, ply + 1);
    unmake(m, undo);
    if (shared_.stop.load(std::memory_order_relaxed)) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        best_move = m;
        if (kPv) update_pv(ply, m);
        if (score >= beta) break;
        alpha = score;
      }
    }
  }
  Bound bound = best >= beta ? Bound::Lower : Bound::Upper;
  shared_.tt->store(pos_.key(), best_move, score_to_tt(best, ply), static_eval, 0, bound);
  return best;
}

}  // namespace arbiter::search
