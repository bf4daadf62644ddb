#include "platform/windows/pipe_threads.h"

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace arbiter::platform::windows {

namespace {

constexpr DWORD kReadChunkBytes = 16384;
// What the reader holds before it stops reading: as much as a Linux pipe holds.
constexpr size_t kMaxBufferedBytes = size_t{64} << 10;
// How long stop() waits for a thread whose pipe should break at once (the child
// was just ended) before leaving it to end on its own.
constexpr std::chrono::milliseconds kStopWait{2000};
// WriteFile takes a DWORD count.
constexpr size_t kMaxWriteBytes = size_t{1} << 30;

// Joins a thread that reported `finished` within kStopWait; otherwise detaches it
// (it keeps its shared state alive and ends when its pipe breaks).
template <typename Shared>
void finish_thread(Shared& shared, std::thread& thread) {
  if (!thread.joinable()) return;
  bool finished = false;
  {
    std::unique_lock lock(shared.mutex);
    shared.stop_requested = true;
    shared.changed.notify_all();
    finished = shared.changed.wait_for(lock, kStopWait, [&] { return shared.finished; });
  }
  if (finished)
    thread.join();
  else
    thread.detach();
}

}  // namespace

// --- PipeReader ------------------------------------------------------------------

struct PipeReader::Shared {
  HANDLE pipe = INVALID_HANDLE_VALUE;
  std::mutex mutex;
  std::condition_variable changed;  // data arrived, room freed, stop asked, thread ended
  std::string buffer;
  bool closed = false;  // the pipe broke: nothing more will arrive
  bool stop_requested = false;
  bool finished = false;
};

PipeReader::PipeReader(HANDLE pipe) : shared_(std::make_shared<Shared>()) {
  shared_->pipe = pipe;
  thread_ = std::thread(run, shared_);
}

PipeReader::~PipeReader() { stop(); }

void PipeReader::run(std::shared_ptr<Shared> shared) {
  char chunk[kReadChunkBytes];
  for (;;) {
    {
      std::unique_lock lock(shared->mutex);
      shared->changed.wait(lock, [&] {
        return shared->buffer.size() < kMaxBufferedBytes || shared->stop_requested;
      });
      if (shared->stop_requested) break;
    }
    DWORD got = 0;
    const BOOL ok = ReadFile(shared->pipe, chunk, sizeof chunk, &got, nullptr);
    if (!ok) break;          // ERROR_BROKEN_PIPE: every writer is gone (or another error: same end)
    if (got == 0) continue;  // a zero-byte write on the other side, not the end
    std::lock_guard lock(shared->mutex);
    shared->buffer.append(chunk, got);
    shared->changed.notify_all();
  }
  CloseHandle(shared->pipe);
  std::lock_guard lock(shared->mutex);
  shared->closed = true;
  shared->finished = true;
  shared->changed.notify_all();
}

ReadOutcome PipeReader::read_some(std::string& out, ChildProcess::Clock::time_point deadline) {
  std::unique_lock lock(shared_->mutex);
  const bool ready = shared_->changed.wait_until(
      lock, deadline, [&] { return !shared_->buffer.empty() || shared_->closed; });
  if (!shared_->buffer.empty()) {
    out.append(shared_->buffer);
    shared_->buffer.clear();
    shared_->changed.notify_all();  // room for the reader thread
    return ReadOutcome::Data;
  }
  return ready ? ReadOutcome::Closed : ReadOutcome::Timeout;
}

void PipeReader::stop() { finish_thread(*shared_, thread_); }

// --- PipeWriter ------------------------------------------------------------------

struct PipeWriter::Shared {
  HANDLE pipe = INVALID_HANDLE_VALUE;
  std::mutex mutex;
  std::condition_variable changed;  // data queued, bytes written, stop asked, thread ended
  std::string pending;              // queued, not yet handed to WriteFile
  uint64_t queued = 0;              // bytes ever queued
  uint64_t written = 0;             // bytes ever written
  bool failed = false;              // the pipe broke, or a write timed out
  bool stop_requested = false;
  bool finished = false;
};

PipeWriter::PipeWriter(HANDLE pipe) : shared_(std::make_shared<Shared>()) {
  shared_->pipe = pipe;
  thread_ = std::thread(run, shared_);
}

PipeWriter::~PipeWriter() { stop(); }

void PipeWriter::run(std::shared_ptr<Shared> shared) {
  std::string batch;
  bool broken = false;
  while (!broken) {
    {
      std::unique_lock lock(shared->mutex);
      shared->changed.wait(lock,
                           [&] { return !shared->pending.empty() || shared->stop_requested; });
      if (shared->stop_requested) break;  // the child is being ended: the rest is moot
      batch.clear();
      batch.swap(shared->pending);
    }
    const char* p = batch.data();
    size_t left = batch.size();
    while (left > 0) {
      DWORD wrote = 0;
      if (!WriteFile(shared->pipe, p, DWORD(std::min(left, kMaxWriteBytes)), &wrote, nullptr)) {
        broken = true;  // ERROR_NO_DATA / ERROR_BROKEN_PIPE: the child no longer reads
        break;
      }
      p += wrote;
      left -= wrote;
      std::lock_guard lock(shared->mutex);
      shared->written += wrote;
      shared->changed.notify_all();
    }
  }
  CloseHandle(shared->pipe);
  std::lock_guard lock(shared->mutex);
  shared->failed = true;
  shared->finished = true;
  shared->changed.notify_all();
}

bool PipeWriter::write_all(std::string_view data, std::chrono::milliseconds timeout) {
  std::unique_lock lock(shared_->mutex);
  if (shared_->failed || shared_->finished) return false;
  if (data.empty()) return true;
  shared_->pending.append(data);
  shared_->queued += data.size();
  const uint64_t target = shared_->queued;
  shared_->changed.notify_all();
  const bool done = shared_->changed.wait_for(
      lock, timeout, [&] { return shared_->written >= target || shared_->failed; });
  if (done && shared_->written >= target) return true;
  shared_->failed = true;  // timed out: the child stopped reading
  return false;
}

void PipeWriter::stop() { finish_thread(*shared_, thread_); }

}  // namespace arbiter::platform::windows
