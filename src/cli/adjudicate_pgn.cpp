// arbiter adjudicate FILE.pgn ...: the PGN mode's edge: standard streams, the
// progress line, the summary and the exit code. The work itself is the
// library's (arbiter/adjudicate/pipeline.h).
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "adjudicate_settings.h"
#include "arbiter/adjudicate/pipeline.h"

namespace arbiter::cli {

namespace {

constexpr int kSomeInputUnread = 1;
constexpr auto kProgressInterval = std::chrono::milliseconds(250);

// One line on stderr, rewritten in place, at most every kProgressInterval; only
// when stderr is a terminal (never in logs, never on stdout).
class ProgressLine {
 public:
  using Clock = std::chrono::steady_clock;

  explicit ProgressLine(bool enabled) : enabled_(enabled), start_(Clock::now()), last_(start_) {}

  void update(uint64_t games) {
    if (!enabled_) return;
    std::lock_guard lock(mutex_);
    const auto now = Clock::now();
    if (now - last_ < kProgressInterval) return;
    last_ = now;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    std::fprintf(stderr, "\r%llu games, %.0f games/s\033[K", static_cast<unsigned long long>(games),
                 seconds > 0 ? double(games) / seconds : 0.0);
    shown_ = true;
  }

  // A message on its own line, the progress line cleared first.
  void message(std::string_view text) {
    std::lock_guard lock(mutex_);
    clear_locked();
    std::cerr << kAdjudicateName << ": " << text << "\n";
  }

  void clear() {
    std::lock_guard lock(mutex_);
    clear_locked();
  }

 private:
  void clear_locked() {
    if (!shown_) return;
    std::fputs("\r\033[K", stderr);
    shown_ = false;
  }

  const bool enabled_;
  std::mutex mutex_;
  Clock::time_point start_, last_;
  bool shown_ = false;
};

}  // namespace

int adjudicate_pgn_files(const AdjudicateSettings& settings,
                         const std::vector<std::string>& files) {
  std::vector<std::string> inputs = files;
  if (inputs.empty()) {
    // Waiting for someone to type PGN is never what was meant.
    if (isatty(STDIN_FILENO))
      return adjudicate_usage_error(
          "give PGN files, or PGN on standard input, or --fen FEN (see --help)");
    inputs.emplace_back(adjudicate::kStdinName);
  }

  adjudicate::PipelineOptions options;
  options.judge.game = settings.options;
  options.format = settings.json ? adjudicate::OutputFormat::Json : adjudicate::OutputFormat::Text;
  options.threads = settings.threads;
  options.batch_games = size_t(settings.batch_games);

  ProgressLine progress(settings.progress && isatty(STDERR_FILENO));
  adjudicate::PipelineIo io;
  io.write = [](std::string_view text) { std::fwrite(text.data(), 1, text.size(), stdout); };
  io.error = [&](std::string_view message) { progress.message(message); };
  io.progress = [&](const adjudicate::Summary& s) { progress.update(s.games); };

  const adjudicate::Summary summary = adjudicate::adjudicate_pgn(inputs, options, io);
  progress.clear();
  const std::string text =
      settings.json ? adjudicate::summary_json(summary) + "\n" : adjudicate::summary_text(summary);
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
  return summary.errors > 0 || summary.unreadable_files > 0 ? kSomeInputUnread : 0;
}

}  // namespace arbiter::cli
