// A program run as a child process with its stdin and stdout on pipes: the
// transport under a UCI engine. Lines go in, lines come out with deadlines;
// the child's stderr goes to /dev/null so it can never block on a full pipe.
//
// Several EngineProcess objects may be used from different threads at once
// (each object by one thread at a time): every descriptor is opened close-on-exec,
// so a child forked by another thread never inherits (and keeps open) our pipe
// ends, and nothing but async-signal-safe calls run between fork and exec.
// The child stays in our process group, so a terminal's Ctrl-C reaches it too.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/core/result.h"

namespace arbiter::match {

using Clock = std::chrono::steady_clock;

enum class ReadStatus { Line, Timeout, Closed };

class EngineProcess {
 public:
  // Longer lines are cut here (the rest up to the newline is dropped): memory stays bounded.
  static constexpr size_t kMaxLineBytes = size_t{1} << 20;

  EngineProcess() = default;
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  // argv[0] is the program, looked up in PATH if it has no '/'; an empty working_dir
  // inherits ours. An error if the program cannot be run (not found, not executable,
  // bad working directory): exec failures are reported back over a status pipe.
  // A process already running is killed first.
  Result<bool> start(const std::vector<std::string>& argv, const std::string& working_dir = "");

  // Started and not exited (reaps it without waiting once it has exited).
  bool running();

  // Writes line + '\n'. False if the child no longer reads (broken pipe, closed, or
  // its input pipe stayed full for kWriteTimeout). Never raises SIGPIPE.
  bool write_line(std::string_view line);

  // The next line without its '\n' (and without a trailing '\r'); Timeout once
  // `deadline` passes; Closed at end of output (after any final unterminated line).
  ReadStatus read_line(std::string& line, Clock::time_point deadline);

  // SIGKILLs the child if it still runs, reaps it and closes the pipes.
  void kill();

  // True if the child exited (and was reaped) within `timeout`.
  bool wait_exit(std::chrono::milliseconds timeout);

  // The child's pid, or -1 before start().
  int pid() const { return pid_; }

  // How the child ended ("exited with code 3", "killed by signal 9"), or "" while it runs.
  std::string exit_description() const;

 private:
  static constexpr std::chrono::milliseconds kWriteTimeout{5000};

  bool try_reap(bool block);
  void close_pipes();
  // Moves one complete line (if any) from buffer_ into `line`.
  bool take_buffered_line(std::string& line);

  pid_t pid_ = -1;
  bool reaped_ = false;
  int wait_status_ = 0;
  int stdin_fd_ = -1;      // our write end of the child's stdin
  int stdout_fd_ = -1;     // our read end of the child's stdout
  std::string buffer_;     // bytes read but not yet returned as lines
  size_t scanned_ = 0;     // buffer_[0, scanned_) holds no '\n'
  bool dropping_ = false;  // inside an over-long line: discard up to the next '\n'
  bool eof_ = false;
};

}  // namespace arbiter::match
