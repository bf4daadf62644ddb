// A UCI engine seen from the GUI side: handshake, options, "go" with deadlines,
// and recovery from engines that hang, crash or talk nonsense. The engine's
// answers are reported as they came (the bestmove token is not checked against
// the position here: the match runner does that).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arbiter/core/result.h"
#include "arbiter/match/engine_process.h"

namespace arbiter::match {

struct EngineConfig {
  std::string name;     // display name (PGN)
  std::string command;  // program path (looked up in PATH if it has no '/')
  std::vector<std::string> args;
  std::string working_dir;
  std::vector<std::pair<std::string, std::string>> options;  // sent in order by start()
};

// From the last "info" line before bestmove that had a score (multipv 1 only);
// before any scored line, from the last line that had a depth or pv.
struct SearchInfo {
  int depth = 0;
  std::optional<int> score_cp;    // from the side to move's point of view
  std::optional<int> score_mate;  // moves, signed
  int64_t nodes = 0;
  int time_ms = 0;
  std::string pv;  // space-separated UCI moves
};

// What "go" carries; unset fields are not sent.
struct GoLimits {
  std::optional<int64_t> wtime, btime, winc, binc;
  std::optional<int> movestogo;
  std::optional<int64_t> movetime, nodes;
  std::optional<int> depth;
  bool infinite = false;
  bool ponder = false;  // "go ponder ...": think on the opponent's time
};

enum class ReplyStatus { BestMove, Timeout, Crashed };

struct BestMoveReply {
  ReplyStatus status = ReplyStatus::BestMove;
  std::string move;  // the bestmove token as sent ("0000", "(none)" or garbage included)
  std::optional<std::string> ponder;
  SearchInfo info;
  int64_t elapsed_ms = 0;  // from just after "go" was written until "bestmove" was read
  int garbage_lines = 0;   // lines that were not UCI (ignored)
};

// One parsed "info" line (exposed for tests and for the match runner's logs).
struct InfoLine {
  SearchInfo info;
  bool has_score = false;
  bool has_depth_or_pv = false;
  int multipv = 1;
};
// Nullopt for "info string ..." and for lines that do not start with "info".
std::optional<InfoLine> parse_info_line(std::string_view line);

// The blank-separated words of a line (UCI allows any amount of whitespace).
std::vector<std::string_view> split_words(std::string_view line);

class UciEngine {
 public:
  explicit UciEngine(EngineConfig config);
  ~UciEngine();  // kills the engine if it still runs: call quit() first for a clean exit
  UciEngine(UciEngine&&) noexcept;
  UciEngine& operator=(UciEngine&&) noexcept;

  const EngineConfig& config() const { return config_; }

  // Spawns the engine, "uci" until "uciok" (reading "id name" and the declared
  // options), sends the configured options (undeclared ones too, with a warning),
  // then "isready" until "readyok". Each wait is bounded by `timeout`; on failure the
  // process is killed and the error says what was missing.
  Result<bool> start(std::chrono::milliseconds timeout);
  bool alive();
  // The engine's "id name", or the configured name if it sent none.
  const std::string& id_name() const;
  // Case-insensitive, as UCI option names are.
  bool declares_option(std::string_view name) const;
  const std::vector<std::string>& warnings() const { return warnings_; }
  // Writes "setoption name N [value V]" (no value when V is empty); does not wait.
  Result<bool> set_option(std::string_view name, std::string_view value);
  // "isready" until "readyok" within timeout.
  Result<bool> sync(std::chrono::milliseconds timeout);
  // "ucinewgame", then sync(timeout).
  Result<bool> new_game(std::chrono::milliseconds timeout);
  // Writes the "position ..." line and a "go" built from limits, and waits for
  // "bestmove" until `deadline`: Timeout leaves the engine searching; Crashed when
  // its output closes or a write fails.
  BestMoveReply go(const std::string& position_command, const GoLimits& limits,
                   Clock::time_point deadline);
  // Pondering, as GUIs do it: after the engine's move with "ponder X", the runner
  // sends the position with X played and "go ponder" (the clocks as they stand).
  // If the opponent plays X, ponderhit() sends "ponderhit" and waits like go(),
  // the time counted from ponderhit; otherwise (or when the game ends)
  // stop_ponder() sends "stop" and drops the bestmove that answers it.
  bool start_ponder(const std::string& position_command, GoLimits limits);
  bool pondering() const { return pondering_; }
  BestMoveReply ponderhit(Clock::time_point deadline);
  // The stop-to-bestmove time in ms; nullopt (and the engine restarted) when no
  // bestmove came within `grace`, or when it was not pondering.
  std::optional<int64_t> stop_ponder(std::chrono::milliseconds grace,
                                     std::chrono::milliseconds handshake_timeout);
  // After a Timeout: "stop", then up to `grace` for its (discarded) bestmove; if none
  // comes, kill and restart. False if the engine could not be brought back.
  bool recover(std::chrono::milliseconds grace, std::chrono::milliseconds handshake_timeout);
  // After a crash (or any time): kill whatever runs and start again.
  bool restart(std::chrono::milliseconds handshake_timeout);
  // "quit", up to `grace` for the process to exit, else kill.
  void quit(std::chrono::milliseconds grace);
  // Why the last start()/restart() failed, or how the process ended ("" if unknown).
  const std::string& last_error() const { return last_error_; }
  int64_t pid() const;

  static std::string format_go(const GoLimits& limits);

 private:
  // Reads info lines until bestmove (or the deadline, or the end of the output).
  BestMoveReply read_reply(Clock::time_point go_sent, Clock::time_point deadline);
  // Reads (and drops) lines until one whose first word is `token`, or the deadline.
  ReadStatus wait_for(std::string_view token, Clock::time_point deadline);
  Result<bool> fail_start(std::string message);

  EngineConfig config_;
  std::unique_ptr<EngineProcess> process_;
  std::string id_name_;
  std::vector<std::string> declared_options_;
  std::vector<std::string> warnings_;
  std::string last_error_;
  bool pondering_ = false;
};

}  // namespace arbiter::match
