// adjudicate_pgn: output in input order whatever the threads and batch sizes,
// summaries that add up, several inputs numbered as one sequence.
#include "arbiter/adjudicate/pipeline.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include "test_support.h"

namespace arbiter::adjudicate {
namespace {

using test::file_bytes;

struct PipelineRun {
  std::string out;
  std::string errors;
  Summary summary;
};

PipelineRun run_stream(const std::string& text, PipelineOptions options) {
  PipelineRun run;
  PipelineIo io;
  io.write = [&](std::string_view s) { run.out += s; };
  io.error = [&](std::string_view s) { run.errors += std::string(s) + "\n"; };
  std::istringstream in(text);
  run.summary = adjudicate_pgn_stream(in, "corpus.pgn", options, io);
  return run;
}

TEST(Pipeline, SameOutputWhateverTheThreadsAndBatches) {
  const std::string corpus = file_bytes(test::data_path("lichess-sample-80.pgn"));
  ASSERT_FALSE(corpus.empty());
  for (OutputFormat format : {OutputFormat::Json, OutputFormat::Text}) {
    PipelineOptions options;
    options.format = format;
    const PipelineRun reference = run_stream(corpus, options);
    EXPECT_EQ(reference.summary.games, 80u);
    for (int threads : {1, 2, 4, 8}) {
      for (size_t batch : {size_t(1), size_t(7)}) {
        options.threads = threads;
        options.batch_games = batch;
        options.batches_per_thread = 1 + threads % 3;  // 2 slots in flight at least
        const PipelineRun run = run_stream(corpus, options);
        EXPECT_EQ(run.out, reference.out) << threads << " threads, batches of " << batch;
        EXPECT_EQ(summary_json(run.summary), summary_json(reference.summary));
      }
    }
  }
}

TEST(Pipeline, BatchesCloseOnBytesToo) {
  const std::string corpus = file_bytes(test::data_path("lichess-sample-80.pgn"));
  PipelineOptions options;
  options.format = OutputFormat::Json;
  const PipelineRun reference = run_stream(corpus, options);
  options.threads = 3;
  options.batch_bytes = 1;  // one game per batch
  EXPECT_EQ(run_stream(corpus, options).out, reference.out);
}

TEST(Pipeline, InputsAreOneSequenceAndUnreadableOnesAreCounted) {
  PipelineOptions options;
  options.format = OutputFormat::Json;
  options.threads = 2;
  options.batch_games = 2;
  std::string out, errors;
  PipelineIo io;
  io.write = [&](std::string_view s) { out += s; };
  io.error = [&](std::string_view s) { errors += std::string(s) + "\n"; };
  const std::string kinds = test::data_path("adjudicate-kinds.pgn");
  const Summary s =
      adjudicate_pgn({kinds, test::data_path("no-such-file.pgn"), kinds}, options, io);
  EXPECT_EQ(s.games, 24u);
  EXPECT_EQ(s.files, 2u);
  EXPECT_EQ(s.unreadable_files, 1u);
  EXPECT_NE(errors.find("no-such-file.pgn"), std::string::npos) << errors;
  EXPECT_NE(out.find("{\"game\":13,\"source\":\"" + kinds + "\",\"line\":1,"), std::string::npos);
  EXPECT_EQ(out.find("{\"game\":25,"), std::string::npos);
}

TEST(Pipeline, SummaryAddsUp) {
  const PipelineRun run = run_stream(file_bytes(test::data_path("adjudicate-kinds.pgn")), {});
  const Summary& s = run.summary;
  uint64_t by_reason = 0, by_result = 0;
  for (uint64_t n : s.reasons) by_reason += n;
  for (uint64_t n : s.results) by_result += n;
  EXPECT_EQ(by_reason, s.judged());
  EXPECT_EQ(by_result, s.judged());
  EXPECT_EQ(s.agreements + s.disagreements + s.unrecorded, s.judged());
  EXPECT_EQ(s.flag_wins, 1u);
  EXPECT_EQ(s.flag_draws, 1u);
}

}  // namespace
}  // namespace arbiter::adjudicate
