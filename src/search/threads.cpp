// Lazy SMP: every thread searches the same root, sharing the TT; the main thread
// (worker 0) keeps the clock and decides when everyone stops.
#include "arbiter/search/threads.h"

#include <algorithm>
#include <random>

#include "arbiter/core/movegen.h"
#include "arbiter/search/strength.h"

namespace arbiter::search {

ThreadPool::ThreadPool() {
  shared_.tt = &tt_;
  shared_.workers = &workers_;
  set_threads(1);
}

ThreadPool::~ThreadPool() {
  stop();
  wait();
}

bool ThreadPool::set_hash(size_t megabytes) {
  wait();
  if (tt_.megabytes() != 0 && !tt_.resize(megabytes)) return false;
  hash_megabytes_ = megabytes;
  return true;
}

bool ThreadPool::ensure_hash_allocated() {
  if (tt_.megabytes() == hash_megabytes_) return true;
  if (tt_.resize(hash_megabytes_)) return true;
  hash_megabytes_ = TranspositionTable::kDefaultMegabytes;
  tt_.resize(hash_megabytes_);
  return false;
}

void ThreadPool::set_threads(int count) {
  wait();
#ifdef ARBITER_SINGLE_THREADED
  count = 1;  // helpers are threads
#endif
  workers_.clear();
  for (int i = 0; i < std::max(1, count); ++i)
    workers_.push_back(std::make_unique<Worker>(i, shared_));
}

void ThreadPool::clear() {
  wait();
  tt_.clear();
  for (auto& w : workers_) w->clear_history();
}

void ThreadPool::prepare(const core::Position& root, const std::vector<core::Key>& history,
                         const SearchLimits& limits, const SearchOptions& options,
                         InfoCallback on_info, bool pondering) {
  wait();
  ensure_hash_allocated();
  shared_.stop.store(false);
  shared_.limits = limits;
  shared_.options = options;
  // A limited strength searches no deeper than its level, with its candidates scored.
  if (const StrengthLevel& level = options.strength; level.limited()) {
    shared_.limits.depth =
        shared_.limits.depth > 0 ? std::min(shared_.limits.depth, level.depth) : level.depth;
    shared_.options.multipv = std::max(shared_.options.multipv, level.candidates);
    strength_rng_.seed(options.strength_seed != 0 ? options.strength_seed : std::random_device{}());
  }
  shared_.on_info = std::move(on_info);
  shared_.clock.start(plan_time(limits, root.side_to_move(), options.move_overhead_ms), pondering);
  for (auto& w : workers_) w->set_root(root, history);
  std::lock_guard lock(mutex_);
  running_ = true;
  stop_requested_ = false;
}

#ifdef ARBITER_SINGLE_THREADED
namespace {

// A build without threads (WebAssembly without pthreads, which browsers allow
// only on cross-origin isolated pages) searches inside start(), so no stop or
// ponderhit can arrive while it runs: an endless search would never return.
// A search with nothing to end it (`go infinite`, or a bare `go`) searches this
// long instead, and `go ponder` searches at once as if ponderhit had come (its
// clock applies).
constexpr int64_t kSyncEndlessSearchMs = 10000;

SearchLimits bounded(SearchLimits limits, core::Color us) {
  limits.infinite = false;
  limits.ponder = false;
  if (limits.depth == 0 && limits.nodes == 0 && limits.soft_nodes == 0 && limits.mate == 0 &&
      !limits.movetime_ms && !limits.has_clock(us))
    limits.movetime_ms = kSyncEndlessSearchMs;
  return limits;
}

}  // namespace

void ThreadPool::start(const core::Position& root, const std::vector<core::Key>& history,
                       const SearchLimits& limits, const SearchOptions& options,
                       InfoCallback on_info, DoneCallback on_done) {
  prepare(root, history, bounded(limits, root.side_to_move()), options, std::move(on_info), false);
  run(on_done);
}
#else
void ThreadPool::start(const core::Position& root, const std::vector<core::Key>& history,
                       const SearchLimits& limits, const SearchOptions& options,
                       InfoCallback on_info, DoneCallback on_done) {
  prepare(root, history, limits, options, std::move(on_info), limits.ponder);
  controller_ = std::thread([this, done = std::move(on_done)] { run(done); });
}
#endif

SearchResult ThreadPool::run(const DoneCallback& on_done) {
  tt_.new_search();
  std::vector<std::thread> helpers;
  for (size_t i = 1; i < workers_.size(); ++i)
    helpers.emplace_back([w = workers_[i].get()] { w->run(); });
  workers_[0]->run();
  // In infinite and ponder mode the answer waits for stop or ponderhit; helpers
  // keep searching meanwhile. Then the main thread ends the search for everyone.
  {
    std::unique_lock lock(mutex_);
    wakeup_.wait(lock, [this] {
      return stop_requested_ || (!shared_.limits.infinite && !shared_.clock.pondering());
    });
  }
  shared_.stop.store(true);
  for (auto& t : helpers) t.join();
  SearchResult result = collect_result();
  // Idle before the result is reported: a GUI may send setoption the moment it
  // reads bestmove. The thread itself is joined by the next wait().
  {
    std::lock_guard lock(mutex_);
    running_ = false;
  }
  if (on_done) on_done(result);
  return result;
}

SearchResult ThreadPool::collect_result() {
  const Worker& main = *workers_[0];
  SearchResult r;
  r.nodes = shared_.total_nodes();
  r.time_ms = shared_.clock.elapsed_ms();
  r.depth = main.completed_depth();
  const std::vector<RootMove>& moves = main.best_root_moves();
  if (moves.empty()) return r;
  const RootMove& chosen = shared_.options.strength.limited()
                               ? choose_root_move(moves, shared_.options.strength, strength_rng_)
                               : moves[0];
  r.best = chosen.move;
  r.score = chosen.score;
  // A limited level shows its candidates as MultiPV lines, the first line not
  // last, and may play another candidate: the line played is sent again last, so
  // that bestmove starts the last PV (GUIs and runners such as fastchess check it).
  if (shared_.options.strength.limited() && shared_.on_info) {
    SearchInfo info;
    info.depth = std::max(1, r.depth);
    info.seldepth = std::max(chosen.seldepth, info.depth);
    info.score = chosen.score;
    info.bound = chosen.bound;
    info.nodes = r.nodes;
    info.time_ms = r.time_ms;
    info.hashfull = tt_.hashfull();
    info.pv = chosen.pv;
    shared_.on_info(info);
  }
  if (chosen.pv.size() > 1) {
    r.ponder = chosen.pv[1];
  } else {
    // Ask the TT what the opponent was expected to play.
    core::Position after = main.root();
    core::UndoInfo undo;
    after.make_move(r.best, undo);
    TTData tt;
    if (tt_.probe(after.key(), tt) && tt.move && after.is_legal(tt.move)) r.ponder = tt.move;
  }
  return r;
}

void ThreadPool::stop() {
  shared_.stop.store(true);
  std::lock_guard lock(mutex_);
  stop_requested_ = true;
  wakeup_.notify_all();
}

void ThreadPool::ponderhit() {
  shared_.clock.ponderhit();
  std::lock_guard lock(mutex_);
  wakeup_.notify_all();
}

void ThreadPool::wait() {
  if (controller_.joinable()) controller_.join();
}

bool ThreadPool::searching() const {
  std::lock_guard lock(mutex_);
  return running_;
}

SearchResult ThreadPool::search_sync(const core::Position& root,
                                     const std::vector<core::Key>& history,
                                     const SearchLimits& limits, const SearchOptions& options,
                                     InfoCallback on_info) {
  prepare(root, history, limits, options, std::move(on_info), false);
  return run(nullptr);
}

}  // namespace arbiter::search
