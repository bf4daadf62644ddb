// EngineProcess: lines over the platform layer's child process (the pipes, the
// process handling and the operating system's side are in src/platform/).
#include "arbiter/match/engine_process.h"

#include <algorithm>

#include "platform/child_process.h"

namespace arbiter::match {

namespace {

void strip_carriage_return(std::string& line) {
  if (!line.empty() && line.back() == '\r') line.pop_back();
}

}  // namespace

EngineProcess::EngineProcess() : child_(std::make_unique<platform::ChildProcess>()) {}

EngineProcess::~EngineProcess() { kill(); }

Result<bool> EngineProcess::start(const std::vector<std::string>& argv,
                                  const std::string& working_dir) {
  buffer_.clear();
  scanned_ = 0;
  dropping_ = false;
  eof_ = false;
  return child_->start(argv, working_dir);
}

bool EngineProcess::running() { return child_->running(); }

bool EngineProcess::write_line(std::string_view line) {
  std::string data;
  data.reserve(line.size() + 1);
  data.append(line);
  data.push_back('\n');
  return child_->write_all(data, kWriteTimeout);
}

bool EngineProcess::take_buffered_line(std::string& line) {
  size_t newline = buffer_.find('\n', scanned_);
  if (newline == std::string::npos) {
    scanned_ = buffer_.size();
    if (buffer_.size() < kMaxLineBytes) return false;
    // An over-long line: hand out its start, drop the rest as it arrives.
    line.assign(buffer_, 0, kMaxLineBytes);
    buffer_.clear();
    scanned_ = 0;
    dropping_ = true;
    return true;
  }
  line.assign(buffer_, 0, std::min(newline, kMaxLineBytes));
  buffer_.erase(0, newline + 1);
  scanned_ = 0;
  strip_carriage_return(line);
  return true;
}

ReadStatus EngineProcess::read_line(std::string& line, Clock::time_point deadline) {
  std::string chunk;
  for (;;) {
    if (take_buffered_line(line)) return ReadStatus::Line;
    if (eof_) {
      if (buffer_.empty()) return ReadStatus::Closed;
      line = std::move(buffer_);  // the last line had no '\n'
      buffer_.clear();
      scanned_ = 0;
      strip_carriage_return(line);
      return ReadStatus::Line;
    }
    // Checked before reading more: an engine that never stops talking cannot hold us.
    if (Clock::now() >= deadline) return ReadStatus::Timeout;
    chunk.clear();
    switch (child_->read_some(chunk, deadline)) {
      case platform::ReadOutcome::Timeout:
        return ReadStatus::Timeout;
      case platform::ReadOutcome::Closed:
        eof_ = true;
        continue;
      case platform::ReadOutcome::Data:
        break;
    }
    std::string_view data(chunk);
    if (dropping_) {
      size_t newline = data.find('\n');
      if (newline == std::string_view::npos) continue;
      dropping_ = false;
      data.remove_prefix(newline + 1);
    }
    buffer_.append(data);
  }
}

void EngineProcess::kill() { child_->kill(); }

bool EngineProcess::wait_exit(std::chrono::milliseconds timeout) {
  return child_->wait_exit(timeout);
}

int64_t EngineProcess::pid() const { return child_->id(); }

std::string EngineProcess::exit_description() const { return child_->exit_description(); }

}  // namespace arbiter::match
