// One search thread's frame around the alpha-beta search: the root and its
// moves, iterative deepening with aspiration windows, when to stop, the info
// reports, and the path state (moves, keys, draws) that search.cpp builds on.
#include <algorithm>

#include "arbiter/core/movegen.h"
#include "arbiter/search/search.h"
#include "arbiter/search/tunables.h"

namespace arbiter::search {

using core::Move;
using core::PieceType;
using core::Position;
using core::UndoInfo;

namespace {
constexpr int kFiftyMovePlies = 100;
constexpr int64_t kReportBoundsAfterMs = 3000;
}  // namespace

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
  root_depth_ = 0;
  root_move_index_ = 0;
  last_report_ms_ = 0;
  best_move_stability_ = 0;
  last_iteration_score_ = kNoScore;
  root_moves_.clear();
  completed_root_moves_.clear();
  core::MoveList moves;
  core::generate_legal(root, moves);
  const auto& wanted = shared_.limits.searchmoves;
  auto root_move = [](Move m) { return RootMove{m, -kInfinite, -kInfinite, Bound::Exact, 0, {m}}; };
  for (Move m : moves)
    if (wanted.empty() || std::find(wanted.begin(), wanted.end(), m) != wanted.end())
      root_moves_.push_back(root_move(m));
  // With no (remaining) move the GUI still needs a sensible answer: fall back to all moves.
  if (root_moves_.empty())
    for (Move m : moves) root_moves_.push_back(root_move(m));
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
  return !stop_requested();
}

void Worker::check_limits() {
  if (shared_.clock.past_hard_limit() ||
      (shared_.limits.nodes && shared_.total_nodes() >= shared_.limits.nodes)) {
    shared_.stop.store(true, std::memory_order_relaxed);
    return;
  }
  if (shared_.clock.elapsed_ms() - last_report_ms_ >= shared_.options.progress_interval_ms)
    report_progress();
}

void Worker::make(Move m, UndoInfo& undo, int ply) {
  // The child's TT cluster is fetched while the move and its NNUE update are made.
  shared_.tt->prefetch(pos_.key_after(m));
  PlyState& ss = at(ply);
  ss.move = m;
  ss.moved_piece = pos_.moved_piece(m);
  ss.noisy_move = pos_.is_noisy(m);
  ss.continuation = &history_.continuation(ss.moved_piece, m.to());
  eval_.push_move(pos_, m);
  pos_.make_move(m, undo);
  keys_.push_back(pos_.key());
  enter_child(ply, false);
}

void Worker::enter_child(int ply, bool by_null_move) {
  const PlyState& ss = at(ply);
  PlyState& next = at(ply + 1);
  next.null_move = by_null_move;
  // Repetitions never reach across a null move.
  next.repetition_floor = by_null_move ? int(keys_.size()) - 1 : ss.repetition_floor;
  next.excluded = Move::none();
  next.double_extensions = ss.double_extensions;
}

void Worker::unmake(Move m, const UndoInfo& undo) {
  keys_.pop_back();
  pos_.unmake_move(m, undo);
  eval_.pop();
}

void Worker::make_null(UndoInfo& undo, int ply) {
  PlyState& ss = at(ply);
  ss.move = Move::null();
  ss.moved_piece = core::Piece::None;
  ss.noisy_move = false;
  ss.continuation = nullptr;
  shared_.tt->prefetch(pos_.key_after_null());
  eval_.push_null();
  pos_.make_null_move(undo);
  keys_.push_back(pos_.key());
  enter_child(ply, true);
}

void Worker::unmake_null(const UndoInfo& undo) {
  keys_.pop_back();
  pos_.unmake_null_move(undo);
  eval_.pop();
}

bool Worker::is_draw(int ply) const {
  if (pos_.halfmove_clock() >= kFiftyMovePlies &&
      (!pos_.in_check() || core::count_legal_moves(pos_) > 0))
    return true;
  if (draw_by_material(pos_)) return true;
  // Repetition: once inside the search path, or twice counting the game before the root.
  const int current = int(keys_.size()) - 1;
  const int floor = std::max(at(ply).repetition_floor, current - pos_.halfmove_clock());
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
    if (stop_requested()) break;
    // Helpers search odd depths ahead now and then, so threads spread over the tree.
    if (id_ != 0 && depth > 1 && (id_ + depth) % 3 == 0) continue;
    root_depth_ = depth;
    for (RootMove& rm : root_moves_) rm.previous_score = rm.score;
    const size_t lines = std::min<size_t>(std::max(1, shared_.options.multipv), root_moves_.size());

    for (pv_index_ = 0; pv_index_ < lines; ++pv_index_) {
      seldepth_ = 0;
      // 1. Aspiration window around the last score: most iterations confirm it cheaply.
      // Elo: +76.6 +/- 43.5 at 5+0.05, 152 games, 16 cores.
      int delta = tune::kAspirationDelta;
      int alpha = -kInfinite, beta = kInfinite;
      int center = pv_index_ == 0 ? previous_score : root_moves_[pv_index_].previous_score;
      if (tune::kStepAspiration && depth >= tune::kAspirationMinDepth && !is_mate_score(center) &&
          center > -kInfinite) {
        alpha = std::max(center - delta, -kInfinite);
        beta = std::min(center + delta, kInfinite);
      }
      for (;;) {
        int score = root_search(alpha, beta, depth);
        std::stable_sort(root_moves_.begin() + pv_index_, root_moves_.end(),
                         [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
        if (stop_requested()) break;
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
      if (stop_requested()) break;
    }
    if (stop_requested()) break;
    completed_depth_ = depth;
    // 3. Time management reads how settled the iteration left the best move and score.
    const bool same_best =
        !completed_root_moves_.empty() && completed_root_moves_[0].move == root_moves_[0].move;
    best_move_stability_ = same_best ? best_move_stability_ + 1 : 0;
    const int score = root_moves_[0].score;
    const int score_drop = last_iteration_score_ == kNoScore || is_mate_score(score) ||
                                   is_mate_score(last_iteration_score_)
                               ? 0
                               : last_iteration_score_ - score;
    last_iteration_score_ = score;
    completed_root_moves_ = root_moves_;
    previous_score = score;
    if (id_ == 0) {
      report(depth);
      if (main_thread_should_stop(depth, score_drop)) break;
    }
  }
}

bool Worker::main_thread_should_stop(int depth, int score_drop) const {
  const SearchLimits& limits = shared_.limits;
  if (limits.depth && depth >= limits.depth) return true;
  const RootMove& best = completed_root_moves_[0];
  if (limits.mate && best.score >= kMateInMaxPly && mate_distance_moves(best.score) <= limits.mate)
    return true;
  const uint64_t searched = nodes();
  const double best_share = searched ? double(best.nodes) / double(searched) : 1.0;
  const double scale = soft_limit_scale(best_move_stability_, best_share, score_drop);
  if (shared_.clock.past_soft_limit(tune::kSoftStopFraction * scale)) return true;
  if (limits.soft_nodes && shared_.total_nodes() >= limits.soft_nodes) return true;
  // A single legal move needs no thought when the clock is running.
  if (root_moves_.size() == 1 && shared_.clock.budget().limited && !shared_.clock.pondering())
    return true;
  return false;
}

void Worker::report_progress() {
  if (!shared_.on_info || root_depth_ == 0 || root_move_index_ >= root_moves_.size()) return;
  SearchInfo info;
  info.progress = true;
  info.depth = root_depth_;
  info.seldepth = std::max(seldepth_, root_depth_);
  info.nodes = shared_.total_nodes();
  info.time_ms = last_report_ms_ = shared_.clock.elapsed_ms();
  info.hashfull = shared_.tt->hashfull();
  info.currmove = root_moves_[root_move_index_].move;
  info.currmovenumber = int(root_move_index_) + 1;
  shared_.on_info(info);
}

void Worker::report(int depth) {
  if (!shared_.on_info) return;
  last_report_ms_ = shared_.clock.elapsed_ms();
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
  at(0).tt_pv = true;
  for (size_t i = pv_index_; i < root_moves_.size(); ++i) {
    RootMove& rm = root_moves_[i];
    root_move_index_ = i;
    const uint64_t nodes_before = nodes();
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
    rm.nodes += nodes() - nodes_before;
    if (stop_requested()) return best;

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

}  // namespace arbiter::search
