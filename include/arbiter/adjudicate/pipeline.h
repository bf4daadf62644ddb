// Adjudicating PGN input in parallel, output in input order.
//
// The calling thread reads: it cuts the input into raw games (GameSplitter) and
// groups them in batches. Worker threads parse and judge whole batches, each
// with its own pgn::Game and Judge, into the batch's output text. Batches come
// from a fixed pool, so memory stays bounded whatever the input size; a batch
// is written as soon as every earlier one has been (a reorder ring indexed by
// batch number), by whichever worker finished the last missing one. With one
// thread the calling thread does everything, without workers.
//
//   adjudicate::PipelineIo io{.write = [](std::string_view s) { fwrite(...); }};
//   adjudicate::Summary s = adjudicate::adjudicate_pgn({"a.pgn", "-"}, options, io);
#pragma once

#include <cstddef>
#include <functional>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/adjudicate/judge.h"
#include "arbiter/adjudicate/report.h"

namespace arbiter::adjudicate {

// The input name that means standard input.
inline constexpr std::string_view kStdinName = "-";

enum class OutputFormat : uint8_t { Text, Json, Csv };  // Csv: rows only (no header)

struct PipelineOptions {
  JudgeOptions judge{};
  OutputFormat format = OutputFormat::Text;
  int threads = 1;  // workers; 0: one per hardware thread
  // A batch closes at this many games or bytes of PGN text, whichever first.
  size_t batch_games = 256;
  size_t batch_bytes = size_t(1) << 20;
  // Batches in flight (queued, being judged or waiting to be written) per thread.
  int batches_per_thread = 4;
};

// The callbacks are called one at a time (never concurrently), but write and
// progress from whichever thread finished a batch; error from the calling thread.
struct PipelineIo {
  // Output, in input order: one or more whole games at a time.
  std::function<void(std::string_view)> write;
  // A message about an input that could not be read (no newline).
  std::function<void(std::string_view)> error;
  // After each write: the totals so far. Optional.
  std::function<void(const Summary&)> progress;
};

// Every game of every input, in order ("-": standard input). Inputs that cannot
// be opened or read are reported through io.error and counted as unreadable.
Summary adjudicate_pgn(const std::vector<std::string>& inputs, const PipelineOptions& options,
                       const PipelineIo& io);

// One stream already open, named `source` in the output and in error locations.
Summary adjudicate_pgn_stream(std::istream& in, std::string source, const PipelineOptions& options,
                              const PipelineIo& io);

// The worker count `threads` stands for (0: the hardware's, at least 1).
int resolve_threads(int threads);

}  // namespace arbiter::adjudicate
