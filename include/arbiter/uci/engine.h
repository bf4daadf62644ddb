// The engine facade the protocol talks to: the game (position and history),
// the options, and searches. Tests drive it without a process.
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

  // Replaces the game only when the FEN and every move are valid.
  Result<bool> set_position(const std::string& fen, const std::vector<std::string>& moves);
  const core::Position& position() const { return position_; }
  const std::vector<core::Key>& history() const { return history_; }
  bool chess960() const { return options_.check(option::kChess960); }

  void new_game();
  void ensure_ready();  // isready: allocate the hash if still pending
  // Starts a search; exactly one bestmove line follows, from the search thread.
  void go(const search::SearchLimits& limits);
  void stop();
  void ponderhit();
  void wait();
  bool searching() const { return pool_.searching(); }

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
