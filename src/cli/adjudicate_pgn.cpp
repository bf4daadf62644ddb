// arbiter adjudicate FILE.pgn ...: the PGN mode's edge: standard streams, the
// progress line, the summary and the exit code. The work itself is the
// library's (arbiter/adjudicate/pipeline.h).
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "adjudicate_settings.h"
#include "arbiter/adjudicate/pipeline.h"
#include "arbiter/adjudicate/report_csv.h"
#include "arbiter/adjudicate/summary_merge.h"
#include "platform/console.h"

namespace arbiter::cli {

namespace {

constexpr int kSomeInputUnread = 1;
constexpr auto kProgressInterval = std::chrono::milliseconds(250);
constexpr double kBytesPerMegabyte = 1e6;

// One line on stderr, rewritten in place, at most every kProgressInterval; only
// when stderr is a terminal (never in logs, never on stdout).
class ProgressLine {
 public:
  using Clock = std::chrono::steady_clock;

  explicit ProgressLine(bool enabled) : enabled_(enabled), start_(Clock::now()), last_(start_) {}

  void update(uint64_t games, uint64_t bytes) {
    if (!enabled_) return;
    std::lock_guard lock(mutex_);
    const auto now = Clock::now();
    if (now - last_ < kProgressInterval) return;
    last_ = now;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    const double rate = seconds > 0 ? 1.0 / seconds : 0.0;
    std::fprintf(stderr, "\r%llu games, %.0f games/s, %.1f MB/s\033[K",
                 static_cast<unsigned long long>(games), double(games) * rate,
                 double(bytes) / kBytesPerMegabyte * rate);
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

// The files, or standard input when none is given; false when that input would
// be a terminal (waiting for someone to type is never what was meant).
bool inputs_or_stdin(const std::vector<std::string>& files, std::vector<std::string>& inputs) {
  inputs = files;
  if (!inputs.empty()) return true;
  if (platform::is_terminal(platform::StandardStream::Input)) return false;
  inputs.emplace_back(adjudicate::kStdinName);
  return true;
}

void write_stdout(std::string_view text) { std::fwrite(text.data(), 1, text.size(), stdout); }

}  // namespace

int adjudicate_pgn_files(const AdjudicateSettings& settings,
                         const std::vector<std::string>& files) {
  std::vector<std::string> inputs;
  if (!inputs_or_stdin(files, inputs))
    return adjudicate_usage_error(
        "give PGN files, or PGN on standard input, or --fen FEN (see --help)");

  adjudicate::PipelineOptions options;
  options.judge.game = settings.options;
  options.format = settings.format;
  options.threads = settings.threads;
  options.batch_games = size_t(settings.batch_games);

  ProgressLine progress(settings.progress &&
                        platform::is_terminal(platform::StandardStream::Error));
  adjudicate::PipelineIo io;
  io.write = write_stdout;
  io.error = [&](std::string_view message) { progress.message(message); };
  io.progress = [&](const adjudicate::Summary& s) { progress.update(s.games, s.bytes); };

  if (settings.format == adjudicate::OutputFormat::Csv) write_stdout(adjudicate::csv_header());
  const adjudicate::Summary summary = adjudicate::adjudicate_pgn(inputs, options, io);
  progress.clear();
  switch (settings.format) {
    case adjudicate::OutputFormat::Json:
      write_stdout(adjudicate::summary_json(summary) + "\n");
      break;
    case adjudicate::OutputFormat::Text:
      write_stdout(adjudicate::summary_text(summary));
      break;
    case adjudicate::OutputFormat::Csv:  // stdout holds rows only: a spreadsheet reads it whole
      std::fflush(stdout);
      std::cerr << adjudicate::summary_text(summary);
      break;
  }
  std::fflush(stdout);
  return summary.errors > 0 || summary.unreadable_files > 0 ? kSomeInputUnread : 0;
}

int merge_summary_files(const AdjudicateSettings& settings, const std::vector<std::string>& files) {
  std::vector<std::string> inputs;
  if (!inputs_or_stdin(files, inputs))
    return adjudicate_usage_error("give the JSON outputs to merge, as files or on standard input");
  adjudicate::Summary total;
  uint64_t merged = 0;
  for (const std::string& name : inputs) {
    std::ifstream file;
    const bool from_stdin = name == adjudicate::kStdinName;
    if (!from_stdin) {
      file.open(name);
      if (!file) {
        std::cerr << kAdjudicateName << ": cannot open " << name << "\n";
        return kSomeInputUnread;
      }
    }
    std::istream& in = from_stdin ? std::cin : file;
    auto count = adjudicate::merge_summaries(in, from_stdin ? "<stdin>" : name, total);
    if (!count) {
      std::cerr << kAdjudicateName << ": " << count.error() << "\n";
      return kSomeInputUnread;
    }
    merged += count.value();
  }
  if (merged == 0) {
    std::cerr << kAdjudicateName << ": no summary line ({\"summary\":...}) in the input\n";
    return kSomeInputUnread;
  }
  write_stdout(settings.format == adjudicate::OutputFormat::Json
                   ? adjudicate::summary_json(total) + "\n"
                   : adjudicate::summary_text(total));
  std::fflush(stdout);
  return 0;
}

}  // namespace arbiter::cli
