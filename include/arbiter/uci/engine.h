// The engine facade the protocol talks to: the game (position and history),
// the options, and searches. Tests and embedding programs drive it without a
// process: every line it would send a GUI ("info ...", "bestmove ...") goes to
// the Output it was given, which must outlive it.
//
// Thread safety: one thread drives an Engine; stop() and ponderhit() may come
// from another while a search runs. Output lines come from the search thread
// during a search, so Output serialises them (uci/output.h).
#pragma once

#include <string>
#include <vector>

#include "arbiter/core/position.h"
#include "arbiter/search/limits.h"
#include "arbiter/search/threads.h"
#include "arbiter/uci/options.h"
#include "arbiter/uci/output.h"

namespace arbiter::uci {

class Engine {
 public:
  explicit Engine(Output& out);
  ~Engine();

  const Options& options() const { return options_; }
  // Applies a setoption; the error says why nothing changed.
  Result<std::string> set_option(const std::string& name, const std::string& value);

  // Replaces the game only when the FEN and every move (UCI notation) are valid;
  // waits for nothing, so call it between searches.
  Result<bool> set_position(const std::string& fen, const std::vector<std::string>& moves);
  const core::Position& position() const { return position_; }
  const std::vector<core::Key>& history() const { return history_; }
  bool chess960() const { return options_.check(option::kChess960); }

  void new_game();      // ucinewgame: waits for a search, forgets table and histories
  void ensure_ready();  // isready: allocate the hash if still pending
  // Starts a search; exactly one bestmove line follows, from the search thread.
  void go(const search::SearchLimits& limits);
  void stop();       // ends the search soon; its bestmove still comes
  void ponderhit();  // the ponder move was played: the clock starts now
  void wait();       // blocks until the running search has sent bestmove
  bool searching() const { return pool_.searching(); }

  // The static evaluation of the current position, centipawns for the side to move.
  int static_eval() const;
  search::ThreadPool& pool() { return pool_; }

 private:
  Result<std::string> set_eval_file(const std::string& path, const std::string& before);
  Result<std::string> set_use_nnue(bool on);

  Output& out_;
  Options options_;
  search::ThreadPool pool_;
  core::Position position_ = core::Position::start_position();
  std::vector<core::Key> history_;  // keys of the positions before the current one
};

}  // namespace arbiter::uci
