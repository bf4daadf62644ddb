// EngineProcess: the pipes, deadlines and process handling under a UCI engine.
#include "arbiter/match/engine_process.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "test_support.h"

namespace arbiter::match {
namespace {

using std::chrono::milliseconds;

constexpr milliseconds kShortWait{50};
// Room for scheduling (and the sanitizers) around a deadline: on a loaded
// machine a process may wait a few hundred ms for a core (50 ms failed under
// a parallel build), and the bound still tells a timeout at the deadline from
// a read that waits for kGenerous or for ever.
const milliseconds kSlack{500 * test::kSanitizedTimeoutScale};
const milliseconds kGenerous{3000 * test::kSanitizedTimeoutScale};

Clock::time_point soon() { return Clock::now() + kGenerous; }

using test::ms_since;

TEST(EngineProcess, EchoesLinesThroughCatFoundInPath) {
  EngineProcess p;
  auto started = p.start({"cat"});
  ASSERT_TRUE(started.ok()) << started.error();
  EXPECT_GT(p.pid(), 0);
  EXPECT_TRUE(p.running());
  ASSERT_TRUE(p.write_line("hello engine"));
  std::string line;
  ASSERT_EQ(p.read_line(line, soon()), ReadStatus::Line);
  EXPECT_EQ(line, "hello engine");
}

TEST(EngineProcess, ReadTimesOutAtTheDeadline) {
  EngineProcess p;
  ASSERT_TRUE(p.start({"cat"}).ok());
  std::string line;
  auto t0 = Clock::now();
  EXPECT_EQ(p.read_line(line, t0 + kShortWait), ReadStatus::Timeout);
  EXPECT_GE(ms_since(t0), kShortWait.count());
  EXPECT_LT(ms_since(t0), (kShortWait + kSlack).count());
}

TEST(EngineProcess, SplitsLinesStripsCarriageReturnsAndReportsTheEnd) {
  EngineProcess p;
  ASSERT_TRUE(p.start({"sh", "-c", "printf 'one\\r\\ntwo\\n\\nlast-without-newline'"}).ok());
  std::vector<std::string> lines;
  std::string line;
  ReadStatus status;
  while ((status = p.read_line(line, soon())) == ReadStatus::Line) lines.push_back(line);
  EXPECT_EQ(status, ReadStatus::Closed);
  EXPECT_EQ(lines, (std::vector<std::string>{"one", "two", "", "last-without-newline"}));
  EXPECT_EQ(p.read_line(line, soon()), ReadStatus::Closed);
  EXPECT_TRUE(p.wait_exit(kGenerous));
  EXPECT_EQ(p.exit_description(), "exited with code 0");
}

TEST(EngineProcess, CutsOverlongLines) {
  EngineProcess p;
  ASSERT_TRUE(
      p.start({"sh", "-c", "head -c 3000000 /dev/zero | tr '\\0' x; echo; echo after"}).ok());
  std::string line;
  ASSERT_EQ(p.read_line(line, soon()), ReadStatus::Line);
  EXPECT_EQ(line.size(), EngineProcess::kMaxLineBytes);
  ASSERT_EQ(p.read_line(line, soon()), ReadStatus::Line);
  EXPECT_EQ(line, "after");
  EXPECT_EQ(p.read_line(line, soon()), ReadStatus::Closed);
}

TEST(EngineProcess, ChattyStderrNeverBlocksTheChild) {
  EngineProcess p;
  // Far more than a pipe holds: this would stall if stderr were a pipe nobody reads.
  ASSERT_TRUE(p.start({"sh", "-c", "head -c 2000000 /dev/zero >&2; echo done"}).ok());
  std::string line;
  ASSERT_EQ(p.read_line(line, soon()), ReadStatus::Line);
  EXPECT_EQ(line, "done");
}

TEST(EngineProcess, MissingProgramIsAnError) {
  EngineProcess p;
  auto by_path = p.start({"/nonexistent/engine"});
  ASSERT_FALSE(by_path.ok());
  EXPECT_NE(by_path.error().find("cannot run '/nonexistent/engine'"), std::string::npos)
      << by_path.error();
  auto by_name = p.start({"no-such-engine-on-the-path"});
  ASSERT_FALSE(by_name.ok());
  EXPECT_NE(by_name.error().find("not found"), std::string::npos) << by_name.error();
  EXPECT_FALSE(p.running());
  EXPECT_FALSE(p.start({}).ok());
}

TEST(EngineProcess, NonExecutableFileIsAnError) {
  EngineProcess p;
  auto r = p.start({test::data_path("perft.epd")});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("cannot run"), std::string::npos) << r.error();
}

TEST(EngineProcess, RunsInTheWorkingDirectory) {
  EngineProcess p;
  ASSERT_TRUE(p.start({"pwd"}, "/").ok());
  std::string line;
  ASSERT_EQ(p.read_line(line, soon()), ReadStatus::Line);
  EXPECT_EQ(line, "/");
  auto bad = p.start({"pwd"}, "/nonexistent/dir");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("working directory"), std::string::npos) << bad.error();
}

TEST(EngineProcess, WritingToAnExitedChildFailsWithoutSigpipe) {
  EngineProcess p;
  ASSERT_TRUE(p.start({"true"}).ok());
  ASSERT_TRUE(p.wait_exit(kGenerous));
  EXPECT_FALSE(p.running());
  EXPECT_FALSE(p.write_line("anyone there?"));  // EPIPE, and we are still alive
}

TEST(EngineProcess, KillEndsTheChildAndWaitExitTimesOut) {
  EngineProcess p;
  ASSERT_TRUE(p.start({"sleep", "30"}).ok());
  auto t0 = Clock::now();
  EXPECT_FALSE(p.wait_exit(kShortWait));
  EXPECT_GE(ms_since(t0), kShortWait.count());
  EXPECT_TRUE(p.running());
  p.kill();
  EXPECT_FALSE(p.running());
  EXPECT_EQ(p.exit_description(), "killed by signal 9");
  std::string line;
  EXPECT_EQ(p.read_line(line, soon()), ReadStatus::Closed);
  EXPECT_FALSE(p.write_line("x"));
}

// Children started from many threads at once must not inherit one another's pipe
// ends: a leaked write end of a stdout pipe would keep its reader from ever seeing EOF.
TEST(EngineProcess, ConcurrentStartsLeakNoPipes) {
  constexpr int kThreads = 8;
  constexpr int kRounds = 4;
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&failures, t] {
      EngineProcess keeper;  // long-lived: would hold whatever leaked into it
      if (!keeper.start({"cat"}).ok()) ++failures;
      for (int round = 0; round < kRounds; ++round) {
        EngineProcess once;
        if (!once.start({"head", "-n", "1"}).ok()) {
          ++failures;
          continue;
        }
        std::string sent = "thread " + std::to_string(t) + " round " + std::to_string(round);
        std::string line;
        if (!once.write_line(sent) || once.read_line(line, soon()) != ReadStatus::Line ||
            line != sent || once.read_line(line, soon()) != ReadStatus::Closed)
          ++failures;
      }
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
}

}  // namespace
}  // namespace arbiter::match
