// Anonymous pipes on Windows have no overlapped I/O and no non-blocking mode we
// may rely on, so one thread per pipe end does the blocking ReadFile/WriteFile
// and hands bytes over through a buffer under a mutex and condition variable.
// A read with a deadline then wakes the moment data arrives (polling with Sleep
// would add its ~15 ms tick to every engine reply, and cost games on time), and
// a write waits for the writer thread with a timeout, so it can never hang for
// ever on an engine that stopped reading its input.
#pragma once

#include <windows.h>

#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <thread>

#include "platform/child_process.h"

namespace arbiter::platform::windows {

// Reads the child's stdout into a bounded buffer (the thread stops reading when
// the buffer is full, so a chatty child blocks as it would on a POSIX pipe).
class PipeReader {
 public:
  explicit PipeReader(HANDLE pipe);  // takes ownership of the handle
  ~PipeReader();
  PipeReader(const PipeReader&) = delete;
  PipeReader& operator=(const PipeReader&) = delete;

  ReadOutcome read_some(std::string& out, ChildProcess::Clock::time_point deadline);

  // Ends the thread: at once once the pipe broke (the child is gone); if something
  // still holds the pipe open, after a bounded wait the thread is left to end alone.
  void stop();

 private:
  struct Shared;
  static void run(std::shared_ptr<Shared> shared);
  std::shared_ptr<Shared> shared_;
  std::thread thread_;
};

// Writes to the child's stdin from a thread of its own; write_all waits for it
// with a timeout.
class PipeWriter {
 public:
  explicit PipeWriter(HANDLE pipe);  // takes ownership of the handle
  ~PipeWriter();
  PipeWriter(const PipeWriter&) = delete;
  PipeWriter& operator=(const PipeWriter&) = delete;

  // False when the pipe broke, or the data was not all written within `timeout`
  // (then every later write fails too: a line may have been cut).
  bool write_all(std::string_view data, std::chrono::milliseconds timeout);

  // Closes our end (the child sees the end of its input) and ends the thread, as stop()
  // of PipeReader does.
  void stop();

 private:
  struct Shared;
  static void run(std::shared_ptr<Shared> shared);
  std::shared_ptr<Shared> shared_;
  std::thread thread_;
};

}  // namespace arbiter::platform::windows
