// A program run as a child process with its stdin and stdout on pipes: the
// transport under a UCI engine. Lines go in, lines come out with deadlines;
// the child's stderr goes to the null device so it can never block on a full pipe.
//
// Several EngineProcess objects may be used from different threads at once
// (each object by one thread at a time): a child started by another thread never
// inherits (and keeps open) our pipe ends. The child runs in a process group (on
// Windows a job) of its own: a terminal's Ctrl-C meant for the match runner does
// not reach it, and kill() ends whatever it started. The operating system's side
// is the platform layer's (src/platform/child_process.h); this header includes no
// system header.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/core/result.h"

namespace arbiter::platform {
class ChildProcess;
}

namespace arbiter::match {

using Clock = std::chrono::steady_clock;

enum class ReadStatus { Line, Timeout, Closed };

class EngineProcess {
 public:
  // Longer lines are cut here (the rest up to the newline is dropped): memory stays bounded.
  static constexpr size_t kMaxLineBytes = size_t{1} << 20;

  EngineProcess();
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  // argv[0] is the program, looked up in PATH if it names no folder (on Windows also
  // in our own folder and the current one, with .exe, .com, .bat or .cmd added when
  // it has no extension); an empty working_dir inherits ours. An error if the program cannot be run
  // (not found, not executable, bad working directory), with the system's reason. A process already
  // running is killed first.
  Result<bool> start(const std::vector<std::string>& argv, const std::string& working_dir = "");

  // Started and not exited (reaps it without waiting once it has exited).
  bool running();

  // Writes line + '\n'. False if the child no longer reads (broken pipe, closed, or
  // its input pipe stayed full for kWriteTimeout). Never raises SIGPIPE.
  bool write_line(std::string_view line);

  // The next line without its '\n' (and without a trailing '\r'); Timeout once
  // `deadline` passes; Closed at end of output (after any final unterminated line).
  ReadStatus read_line(std::string& line, Clock::time_point deadline);

  // Kills the child (SIGKILL to its process group; on Windows its job is terminated)
  // if it still runs, waits for its end and closes the pipes.
  void kill();

  // True if the child exited (and was reaped) within `timeout`.
  bool wait_exit(std::chrono::milliseconds timeout);

  // The child's process id, or -1 before start().
  int64_t pid() const;

  // How the child ended ("exited with code 3", "killed by signal 9"; on Windows
  // "killed", "crashed with 0xC0000005 (access violation)"), or "" while it runs.
  std::string exit_description() const;

 private:
  static constexpr std::chrono::milliseconds kWriteTimeout{5000};

  // Moves one complete line (if any) from buffer_ into `line`.
  bool take_buffered_line(std::string& line);

  std::unique_ptr<platform::ChildProcess> child_;
  std::string buffer_;     // bytes read but not yet returned as lines
  size_t scanned_ = 0;     // buffer_[0, scanned_) holds no '\n'
  bool dropping_ = false;  // inside an over-long line: discard up to the next '\n'
  bool eof_ = false;
};

}  // namespace arbiter::match
