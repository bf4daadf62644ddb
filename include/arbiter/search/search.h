// One search thread: iterative deepening over a negamax PVS with quiescence.
// Threads share only the transposition table and the stop flag (Lazy SMP).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "arbiter/core/position.h"
#include "arbiter/eval/evaluator.h"
#include "arbiter/search/correction.h"
#include "arbiter/search/history.h"
#include "arbiter/search/limits.h"
#include "arbiter/search/move_picker.h"
#include "arbiter/search/score.h"
#include "arbiter/search/strength_level.h"
#include "arbiter/search/timeman.h"
#include "arbiter/search/tt.h"

namespace arbiter::search {

// A legal move at the root and what the search found for it. Scores are in
// centipawns from the side to move's view, or mate scores (score.h).
struct RootMove {
  core::Move move;
  int score = -kInfinite;           // this iteration; -kInfinite: only known to be worse
  int previous_score = -kInfinite;  // the last iteration's
  Bound bound = Bound::Exact;       // Lower/Upper: score is a bound (an aspiration fail)
  int seldepth = 0;
  std::vector<core::Move> pv;  // starts with move; legal from the root, cut at the game's end
  uint64_t nodes = 0;          // spent below this move during the whole search (time management)
};

// One "info" report: a principal variation with its score. Handed to the
// on_info callback on the main search thread; copy what you keep.
struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  int multipv = 1;  // counted from 1
  int score = 0;    // centipawns or a mate score (score.h), side to move's view
  Bound bound = Bound::Exact;
  uint64_t nodes = 0;   // all threads together
  int64_t time_ms = 0;  // since the search started
  int hashfull = 0;     // per mille of the TT in use by this search
  std::vector<core::Move> pv;
  // A progress report in a long iteration: no score or PV, the root move being
  // searched instead (currmove, counted from 1 as currmovenumber).
  bool progress = false;
  core::Move currmove;
  int currmovenumber = 0;
};

// What a finished search returns: the move to play and the expected reply.
struct SearchResult {
  core::Move best;    // none only when the root has no legal move
  core::Move ponder;  // may be none
  int score = 0;      // as in SearchInfo
  int depth = 0;      // the last completed iteration
  uint64_t nodes = 0;
  int64_t time_ms = 0;
};

struct SearchOptions {
  int multipv = 1;
  int64_t move_overhead_ms = 30;
  // A long iteration reports the root move it is on this often: GUIs take a silent
  // engine for a hung one.
  int64_t progress_interval_ms = 1000;
  // UCI_LimitStrength: searched no deeper than the level's depth, with at least its
  // candidates as MultiPV lines, and the best move chosen as that player would.
  StrengthLevel strength;
  uint64_t strength_seed = 0;  // 0: a random seed (the same game twice differs)
};

class Worker;

// What all threads of one search share.
struct SharedSearch {
  TranspositionTable* tt = nullptr;
  std::atomic<bool> stop{false};
  SearchClock clock;
  SearchLimits limits;
  SearchOptions options;
  std::function<void(const SearchInfo&)> on_info;
  std::vector<std::unique_ptr<Worker>>* workers = nullptr;

  uint64_t total_nodes() const;
};

// Thread safety: a Worker is driven by one thread (threads.h owns them); only
// nodes() may be read from another thread while it runs.
class Worker {
 public:
  Worker(int id, SharedSearch& shared) : id_(id), shared_(shared) {}

  // history: keys of the game's positions before the root, oldest first.
  void set_root(const core::Position& root, const std::vector<core::Key>& history);
  // Iterative deepening until the stop flag (helpers) or a limit (main thread).
  void run();
  void clear_history() {
    history_.clear();
    correction_.clear();
  }

  uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
  int completed_depth() const { return completed_depth_; }
  // Root moves as of the last completed iteration (best first).
  const std::vector<RootMove>& best_root_moves() const;
  const core::Position& root() const { return root_; }

 private:
  struct PlyState {
    int static_eval = kNoScore;  // corrected; kNoScore in check
    bool null_move = false;      // this node was reached by a null move
    int repetition_floor = 0;    // keys below this index are across a null move
    core::Move move;             // the move made from this node (null move: Move::null())
    core::Piece moved_piece = core::Piece::None;
    bool noisy_move = false;                 // that move captured or promoted
    PieceToHistory* continuation = nullptr;  // that move's continuation slice
    core::Move excluded;                     // singular search: the TT move left out
    bool tt_pv = false;                      // on (or once on) a principal variation
    int double_extensions = 0;               // along the path to this node
  };
  enum class Node { PV, NonPV };
  // Plies before the root that continuation histories may look back at.
  static constexpr int kStackOffset = 4;
  PlyState& at(int ply) { return stack_[ply + kStackOffset]; }
  const PlyState& at(int ply) const { return stack_[ply + kStackOffset]; }

  int root_search(int alpha, int beta, int depth);
  template <Node N>
  int search(int alpha, int beta, int depth, int ply, bool cut_node);
  template <Node N>
  int qsearch(int alpha, int beta, int ply);

  void make(core::Move m, core::UndoInfo& undo, int ply);
  void unmake(core::Move m, const core::UndoInfo& undo);
  void make_null(core::UndoInfo& undo, int ply);
  // Sets up the child's ply state once the move (or null move) from `ply` is made.
  void enter_child(int ply, bool by_null_move);
  void unmake_null(const core::UndoInfo& undo);
  OrderingContext ordering_context(int ply) const;
  // History of a move before it is made: quiet (butterfly + continuation) or capture.
  int move_history(core::Move m, bool quiet, const OrderingContext& context) const;
  // After a cutoff by best: rewards it, and punishes the moves tried before it.
  void update_histories(int ply, int depth, core::Move best, bool best_quiet,
                        const core::Move* quiets, int quiet_count, const core::Move* noisies,
                        int noisy_count);
  // Rewards (or punishes) a quiet move made from `ply` by `side`.
  void reward_quiet(int ply, core::Move m, int bonus, core::Color side, core::Piece piece);
  void update_continuations(int ply, core::Piece piece, core::Square to, int bonus);
  bool stop_requested() const { return shared_.stop.load(std::memory_order_relaxed); }
  bool is_draw(int ply) const;
  void count_node();
  // Counts the node and resets its PV; false when the search must unwind.
  bool enter_node(int ply, bool pv);
  void check_limits();
  bool main_thread_should_stop(int depth, int score_drop) const;
  void report(int depth);
  // A long iteration still shows life: the root move being searched, once a second.
  void report_progress();
  void update_pv(int ply, core::Move m);

  const int id_;
  SharedSearch& shared_;
  core::Position root_, pos_;
  eval::Evaluator eval_;
  History history_;
  CorrectionHistory correction_;
  std::vector<core::Key> keys_;  // game history, root, then the current search path
  int root_key_index_ = 0;
  std::vector<RootMove> root_moves_, completed_root_moves_;
  size_t pv_index_ = 0;
  size_t root_move_index_ = 0;  // the root move being searched
  int64_t last_report_ms_ = 0;  // when the main thread last sent an info line
  int root_depth_ = 0;
  int completed_depth_ = 0;
  int seldepth_ = 0;
  // Time management: iterations in a row with the same best move, and the last score.
  int best_move_stability_ = 0;
  int last_iteration_score_ = kNoScore;
  std::atomic<uint64_t> nodes_{0};
  PlyState stack_[kMaxPly + kStackOffset + 4];
  core::Move pv_[kMaxPly + 2][kMaxPly + 2];
  int pv_length_[kMaxPly + 2] = {};
};

// True when neither side has enough material to mate in any legal way, by the
// exact material rules (the cheap equivalent of rules::dead_by_material).
bool draw_by_material(const core::Position& pos);

// Recomputes the tables derived from tunables (tunables.h) after one changed.
void refresh_tuned_tables();

}  // namespace arbiter::search
