// The search threads (Lazy SMP) and the controller that starts them, holds the
// result back in infinite and ponder modes, and reports it exactly once.
//
// Thread safety: one ThreadPool is driven by one thread (a GUI loop, say);
// stop(), ponderhit(), searching() and waits_for_stop() may also be called from
// other threads while a search runs. Everything else waits for the running
// search first. Several pools may search at once (each owns its table and
// histories); the evaluation's network is process-wide (eval/nnue_current.h).
// Times are in milliseconds (SearchLimits), scores in centipawns from the side
// to move's view, mate scores as search/score.h encodes them.
#pragma once

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

#include "arbiter/search/search.h"
#include "arbiter/search/tt.h"

namespace arbiter::search {

class ThreadPool {
 public:
  using InfoCallback = std::function<void(const SearchInfo&)>;
  using DoneCallback = std::function<void(const SearchResult&)>;

  ThreadPool();
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  // Both wait for a running search to finish first. The table is allocated
  // lazily (ensure_hash_allocated): set_hash only resizes one that exists.
  bool set_hash(size_t megabytes);
  void set_threads(int count);
  int threads() const { return int(workers_.size()); }
  // Forgets everything learnt: TT and move-ordering history (ucinewgame).
  void clear();
  // Allocates the table now if it was deferred (UCI: at isready or go). On
  // failure falls back to the default size and returns false.
  bool ensure_hash_allocated();
  size_t hash_megabytes() const { return hash_megabytes_; }

  // Starts a search in the background (a running one is waited for first).
  // `history` holds the keys of the positions before `root`, oldest first, for
  // repetitions (empty for a bare FEN); root and history are copied. on_info is
  // called from the search thread at each iteration and progress report; on_done
  // exactly once, from the search thread, when the search has ended and, in
  // infinite or ponder mode, stop or ponderhit has come. The callbacks must
  // outlive the search and must not call back into this pool except stop().
  // A build without threads (ARBITER_SINGLE_THREADED: WebAssembly) searches
  // inside start() instead, one worker, infinite and ponder bounded (threads.cpp).
  void start(const core::Position& root, const std::vector<core::Key>& history,
             const SearchLimits& limits, const SearchOptions& options, InfoCallback on_info,
             DoneCallback on_done);
  void stop();
  void ponderhit();
  // Blocks until the running search (if any) has reported its result.
  void wait();
  bool searching() const;
  // True while the running search would only end on stop (infinite or pondering).
  bool waits_for_stop() const {
    return searching() && (shared_.limits.infinite || shared_.clock.pondering());
  }

  // Runs a search to completion on the calling thread (bench, tests, programs
  // that embed the engine); on_info, if given, is called on this thread.
  SearchResult search_sync(const core::Position& root, const std::vector<core::Key>& history,
                           const SearchLimits& limits, const SearchOptions& options,
                           InfoCallback on_info = nullptr);

 private:
  // Common set-up of start and search_sync: limits, clock, roots, running state.
  void prepare(const core::Position& root, const std::vector<core::Key>& history,
               const SearchLimits& limits, const SearchOptions& options, InfoCallback on_info,
               bool pondering);
  SearchResult run(const DoneCallback& on_done);
  SearchResult collect_result();

  TranspositionTable tt_;
  size_t hash_megabytes_ = TranspositionTable::kDefaultMegabytes;
  SharedSearch shared_;
  std::vector<std::unique_ptr<Worker>> workers_;
  std::thread controller_;
  mutable std::mutex mutex_;
  std::condition_variable wakeup_;
  bool running_ = false;
  bool stop_requested_ = false;   // by stop(): ends infinite and ponder searches
  std::mt19937_64 strength_rng_;  // a limited strength's choices
};

}  // namespace arbiter::search
