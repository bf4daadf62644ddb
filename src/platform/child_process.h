// A program run as a child process with its stdin and stdout on pipes and its
// stderr on the null device (so it can never block on a full pipe nobody reads).
// The byte transport under match::EngineProcess, which adds the lines; one
// interface with a POSIX (posix/child_process.cpp: fork, exec, a process group)
// and a Windows implementation (windows/child_process.cpp: CreateProcessW, a job
// object, reader and writer threads).
//
// Several ChildProcess objects may be used from different threads at once (each
// object by one thread at a time): a child never inherits the pipe ends of
// another one started meanwhile, which would keep those pipes open.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/core/result.h"

namespace arbiter::platform {

enum class ReadOutcome { Data, Timeout, Closed };

class ChildProcess {
 public:
  using Clock = std::chrono::steady_clock;

  ChildProcess();
  ~ChildProcess();  // kills the child if it still runs
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // argv[0] is the program, looked up in PATH if it names no folder; an empty
  // working_dir inherits ours, and a relative program path is taken from the working
  // directory. An error with the system's reason if the program cannot be run (not
  // found, not executable, bad working directory). A process already running is
  // killed first.
  Result<bool> start(const std::vector<std::string>& argv, const std::string& working_dir);

  // Started and not exited.
  bool running();

  // Writes all of `data` to the child's stdin. False if the child no longer reads
  // (it closed its input or exited) or the pipe stayed full for `timeout`.
  bool write_all(std::string_view data, std::chrono::milliseconds timeout);

  // Appends what the child has written (at least one byte) to `out`, waiting until
  // `deadline` at most; Closed once its output has ended and everything was read.
  // Returns as soon as data arrives: an engine's move is timed from our clock.
  ReadOutcome read_some(std::string& out, Clock::time_point deadline);

  // Ends the child and everything it started, waits for its end, closes the pipes.
  void kill();

  // True if the child exited within `timeout` (at once if it never started).
  bool wait_exit(std::chrono::milliseconds timeout);

  // The operating system's process id, or -1 before start().
  int64_t id() const;

  // How the child ended ("exited with code 3", "killed by signal 9"), or "" while
  // it runs or before start().
  std::string exit_description() const;

 private:
  struct State;  // the descriptors or handles, per operating system
  std::unique_ptr<State> state_;
};

}  // namespace arbiter::platform
