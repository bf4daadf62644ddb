// Engine facade: options applied to the search, positions validated whole.
#include "arbiter/uci/engine.h"

#include <algorithm>

#include "arbiter/core/fen.h"
#include "arbiter/core/movegen.h"
#include "arbiter/core/notation.h"
#include "arbiter/eval/evaluator.h"
#include "arbiter/eval/nnue_current.h"
#include "arbiter/search/strength.h"
#include "arbiter/search/tunable.h"
#include "arbiter/uci/info_format.h"

namespace arbiter::uci {

namespace {

bool is_tunable(const std::string& option_name) {
  for (const search::Tunable& t : search::tunables())
    if (t.name == option_name) return true;
  return false;
}

}  // namespace

Engine::Engine(Output& out) : out_(out) {}

Engine::~Engine() {
  pool_.stop();
  pool_.wait();
}

Result<std::string> Engine::set_option(const std::string& name, const std::string& value) {
  // Keep the option's old value if the engine cannot apply the new one.
  const std::string before_hash = std::to_string(options_.spin(option::kHash));
  const std::string before_eval_file = options_.string(option::kEvalFile);
  auto set = options_.set(name, value);
  if (!set) return set;
  const std::string& which = set.value();
  if (which == option::kHash) {
    size_t mb = size_t(options_.spin(option::kHash));
    if (!pool_.set_hash(mb)) {
      options_.set(option::kHash, before_hash);
      return Error{"cannot allocate " + std::to_string(mb) + " MB of hash; keeping " + before_hash +
                   " MB"};
    }
  } else if (which == option::kThreads) {
    pool_.set_threads(int(options_.spin(option::kThreads)));
  } else if (which == option::kClearHash) {
    pool_.clear();
  } else if (which == option::kEvalFile) {
    return set_eval_file(value, before_eval_file);
  } else if (which == option::kUseNnue) {
    return set_use_nnue(options_.check(option::kUseNnue));
  } else if (is_tunable(which)) {
    wait();  // a tuning build's search constant: never under a running search
    search::set_tunable(which, int(options_.spin(which)));
  }
  return set;
}

// Like Hash: the network is shared by every search thread, so it changes only
// between searches; a file that cannot be used leaves the current net in place.
Result<std::string> Engine::set_eval_file(const std::string& path, const std::string& before) {
  wait();
  auto net = eval::load_current_network(path.empty() ? eval::kEmbeddedNetName : path);
  if (!net) {
    options_.set(option::kEvalFile, before);
    return Error{"EvalFile not loaded, keeping the current net: " + net.error()};
  }
  // Asking for a net means asking to evaluate with it.
  options_.set(option::kUseNnue, "true");
  eval::set_nnue_enabled(true);
  out_.info_string("EvalFile loaded: " + net.value()->summary());
  return std::string(option::kEvalFile);
}

Result<std::string> Engine::set_use_nnue(bool on) {
  wait();
  if (on && !eval::current_network()) {
    options_.set(option::kUseNnue, "false");
    eval::set_nnue_enabled(false);
    return Error{"UseNNUE needs a net (set EvalFile); keeping the hand-written evaluation"};
  }
  eval::set_nnue_enabled(on);
  return std::string(option::kUseNnue);
}

Result<bool> Engine::set_position(const std::string& fen, const std::vector<std::string>& moves) {
  auto parsed = core::parse_fen(fen, chess960());
  if (!parsed) return Error{"invalid FEN: " + parsed.error()};
  core::Position pos = parsed.value();
  std::vector<core::Key> keys;
  keys.reserve(moves.size());
  for (size_t i = 0; i < moves.size(); ++i) {
    auto m = core::parse_uci_move(pos, moves[i], chess960());
    if (!m)
      return Error{"illegal move " + moves[i] + " at ply " + std::to_string(i + 1) + " (" +
                   m.error() + ")"};
    keys.push_back(pos.key());
    core::UndoInfo undo;
    pos.make_move(m.value(), undo);
  }
  position_ = pos;
  history_ = std::move(keys);
  return true;
}

void Engine::new_game() {
  wait();
  pool_.clear();
}

void Engine::ensure_ready() {
  if (searching()) return;
  if (!pool_.ensure_hash_allocated()) {
    out_.info_string("cannot allocate " + std::to_string(options_.spin(option::kHash)) +
                     " MB of hash; using " + std::to_string(pool_.hash_megabytes()) + " MB");
    options_.set(option::kHash, std::to_string(pool_.hash_megabytes()));
  }
}

void Engine::go(const search::SearchLimits& limits) {
  if (searching()) {
    pool_.stop();
    pool_.wait();
  }
  const bool chess960 = this->chess960();
  core::MoveList moves;
  core::generate_legal(position_, moves);
  if (moves.empty()) {
    out_.info_string(position_.in_check() ? "no legal moves: checkmate"
                                          : "no legal moves: stalemate");
    out_.line("bestmove 0000");
    return;
  }
  search::SearchOptions opts;
  opts.multipv = int(options_.spin(option::kMultiPv));
  opts.move_overhead_ms = options_.spin(option::kMoveOverhead);
  if (options_.check(option::kLimitStrength))
    opts.strength = search::strength_for_elo(int(options_.spin(option::kElo)));
  // A limited strength searches its candidates as MultiPV lines: they are numbered.
  const int lines =
      opts.strength.limited() ? std::max(opts.multipv, opts.strength.candidates) : opts.multipv;
  InfoStyle style{chess960, lines > 1, options_.check(option::kShowWdl)};
  ensure_ready();
  pool_.start(
      position_, history_, limits, opts,
      [this, style](const search::SearchInfo& info) { out_.line(format_info(info, style)); },
      [this, chess960](const search::SearchResult& r) { out_.line(format_bestmove(r, chess960)); });
}

void Engine::stop() { pool_.stop(); }
void Engine::ponderhit() { pool_.ponderhit(); }
void Engine::wait() { pool_.wait(); }

int Engine::static_eval() const {
  eval::Evaluator e;
  e.reset(position_);
  return e.evaluate(position_);
}

}  // namespace arbiter::uci
