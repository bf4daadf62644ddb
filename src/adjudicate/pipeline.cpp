// The parallel PGN adjudicator: one reader (the calling thread), N workers, a
// fixed pool of batches and a reorder ring (pipeline.h says why).
#include "arbiter/adjudicate/pipeline.h"

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <thread>

#include "arbiter/adjudicate/report_csv.h"
#include "arbiter/pgn/parser.h"
#include "arbiter/pgn/splitter.h"

namespace arbiter::adjudicate {

namespace {

constexpr int kMinBatchesInFlight = 2;
constexpr std::string_view kStdinSource = "<stdin>";

struct Batch {
  uint64_t seq = 0;           // batch number, in input order
  uint64_t first_number = 0;  // number of its first game
  size_t count = 0;           // raws[0, count) are this batch's games
  size_t bytes = 0;
  std::vector<pgn::RawGame> raws;  // kept between uses for their buffers
  std::string output;
  Summary summary;
};

// What one thread needs to judge games, reused from game to game.
class Worker {
 public:
  explicit Worker(const PipelineOptions& options) : options_(options), judge_(options.judge) {}

  void process(Batch& batch) {
    batch.output.clear();
    batch.summary = Summary{};
    for (size_t i = 0; i < batch.count; ++i) process_one(batch, i);
  }

 private:
  void process_one(Batch& batch, size_t i) {
    const pgn::RawGame& raw = batch.raws[i];
    // The judge follows the moves as they are read; verdicts need no comments.
    const bool ok = pgn::parse_game_into(
        raw, game_, error_, {.comments = false, .san_text = false, .observer = &judge_});
    GameLabel label;
    label.number = batch.first_number + i;
    label.source = raw.source;
    label.line = raw.first_line;
    // A broken game keeps the tags read before the error.
    label.white = game_.tag("White").value_or("");
    label.black = game_.tag("Black").value_or("");
    label.plies = static_cast<int>(game_.ply_count());
    if (!ok) {
      switch (options_.format) {
        case OutputFormat::Json:
          append_error_json(batch.output, label, judge_.game().ruleset().name, error_);
          break;
        case OutputFormat::Csv:
          append_error_csv(batch.output, label, judge_.game().ruleset().name, error_);
          break;
        case OutputFormat::Text:
          append_error_text(batch.output, label, error_);
          break;
      }
      batch.summary.add_error();
      return;
    }
    const Judgement& j = judge_.conclude(game_);
    switch (options_.format) {
      case OutputFormat::Json:
        append_game_json(batch.output, label, j);
        break;
      case OutputFormat::Csv:
        append_game_csv(batch.output, label, j);
        break;
      case OutputFormat::Text:
        append_game_text(batch.output, label, j);
        break;
    }
    batch.summary.add(j);
  }

  const PipelineOptions& options_;
  Judge judge_;
  pgn::Game game_;
  pgn::ParseError error_;
};

class Pipeline {
 public:
  Pipeline(const PipelineOptions& options, const PipelineIo& io)
      : options_(options), io_(io), threads_(resolve_threads(options.threads)) {
    const int pool = threads_ == 1 ? 1
                                   : std::max(kMinBatchesInFlight,
                                              threads_ * std::max(1, options.batches_per_thread));
    pool_.resize(size_t(pool));
    ring_.assign(size_t(pool), nullptr);
    for (auto& b : pool_) {
      b = std::make_unique<Batch>();
      free_.push_back(b.get());
    }
    if (threads_ == 1) {
      inline_worker_ = std::make_unique<Worker>(options_);
      return;
    }
    for (int t = 0; t < threads_; ++t) workers_.emplace_back([this] { work(); });
  }
  ~Pipeline() { stop(); }

  // Every game of `in`, appended to the current batch and the ones after it.
  void read(std::istream& in, const std::string& source) {
    ++read_summary_.files;
    pgn::GameSplitter splitter(in, source);
    for (;;) {
      if (!current_) current_ = acquire();
      Batch& b = *current_;
      if (b.raws.size() <= b.count) b.raws.emplace_back();
      if (!splitter.next(b.raws[b.count])) break;
      b.bytes += b.raws[b.count].text.size();
      ++b.count;
      if (b.count >= options_.batch_games || b.bytes >= options_.batch_bytes) submit();
    }
    if (in.bad()) unreadable("cannot read '" + source + "': read error");
  }

  void unreadable(const std::string& message) {
    ++read_summary_.unreadable_files;
    if (io_.error) io_.error(message);
  }

  Summary finish() {
    if (current_ && current_->count > 0) submit();
    stop();
    Summary total = written_;
    total.merge(read_summary_);
    return total;
  }

 private:
  Batch* acquire() {
    std::unique_lock lock(mutex_);
    free_cv_.wait(lock, [&] { return !free_.empty(); });
    Batch* b = free_.front();
    free_.pop_front();
    b->seq = next_seq_++;
    b->first_number = next_number_;
    b->count = 0;
    b->bytes = 0;
    return b;
  }

  void submit() {
    Batch* b = current_;
    current_ = nullptr;
    next_number_ += b->count;
    if (inline_worker_) {
      inline_worker_->process(*b);
      complete(b);
      return;
    }
    {
      std::lock_guard lock(mutex_);
      work_.push_back(b);
    }
    work_cv_.notify_one();
  }

  void work() {
    Worker worker(options_);
    for (;;) {
      Batch* b = nullptr;
      {
        std::unique_lock lock(mutex_);
        work_cv_.wait(lock, [&] { return !work_.empty() || done_; });
        if (work_.empty()) return;
        b = work_.front();
        work_.pop_front();
      }
      worker.process(*b);
      complete(b);
    }
  }

  // Files the batch; the thread that finds the next batch to write ready
  // becomes the writer until the ring has a gap (one writer at a time).
  void complete(Batch* b) {
    {
      std::lock_guard lock(mutex_);
      ring_[b->seq % ring_.size()] = b;
      if (writing_) return;
      writing_ = true;
    }
    for (;;) {
      Batch* next = nullptr;
      {
        std::lock_guard lock(mutex_);
        Batch*& slot = ring_[next_write_ % ring_.size()];
        if (slot == nullptr || slot->seq != next_write_) {
          writing_ = false;
          return;
        }
        next = slot;
        slot = nullptr;
      }
      if (io_.write && !next->output.empty()) io_.write(next->output);
      written_.merge(next->summary);
      written_.bytes += next->bytes;
      if (io_.progress) io_.progress(written_);
      {
        std::lock_guard lock(mutex_);
        ++next_write_;
        free_.push_back(next);
      }
      free_cv_.notify_one();
    }
  }

  void stop() {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    work_cv_.notify_all();
    for (std::thread& t : workers_) t.join();
    workers_.clear();
  }

  const PipelineOptions& options_;
  const PipelineIo& io_;
  const int threads_;
  std::vector<std::unique_ptr<Batch>> pool_;
  std::unique_ptr<Worker> inline_worker_;
  std::vector<std::thread> workers_;

  std::mutex mutex_;
  std::condition_variable free_cv_, work_cv_;
  std::deque<Batch*> free_, work_;
  std::vector<Batch*> ring_;  // completed batches waiting for their turn, by seq
  uint64_t next_write_ = 0;
  bool writing_ = false;
  bool done_ = false;

  // Reader-only state.
  Batch* current_ = nullptr;
  uint64_t next_seq_ = 0;
  uint64_t next_number_ = 1;
  Summary read_summary_;  // files and unreadable files
  Summary written_;       // touched only by the writer of the moment
};

}  // namespace

int resolve_threads(int threads) {
  if (threads > 0) return threads;
  return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

Summary adjudicate_pgn(const std::vector<std::string>& inputs, const PipelineOptions& options,
                       const PipelineIo& io) {
  Pipeline pipeline(options, io);
  for (const std::string& input : inputs) {
    if (input == kStdinName) {
      pipeline.read(std::cin, std::string(kStdinSource));
      continue;
    }
    std::error_code ec;
    if (std::filesystem::is_directory(input, ec)) {
      pipeline.unreadable("cannot read '" + input + "': is a directory");
      continue;
    }
    std::ifstream file(input, std::ios::binary);
    if (!file) {
      pipeline.unreadable("cannot read '" + input + "': " + std::strerror(errno));
      continue;
    }
    pipeline.read(file, input);
  }
  return pipeline.finish();
}

Summary adjudicate_pgn_stream(std::istream& in, std::string source, const PipelineOptions& options,
                              const PipelineIo& io) {
  Pipeline pipeline(options, io);
  pipeline.read(in, source);
  return pipeline.finish();
}

}  // namespace arbiter::adjudicate
