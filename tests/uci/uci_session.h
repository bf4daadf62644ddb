// The arbiter binary under test, spoken to in UCI over pipes.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "arbiter/core/fen.h"
#include "arbiter/core/movegen.h"
#include "arbiter/core/notation.h"
#include "child_process.h"
#include "test_support.h"

namespace arbiter::test {

inline constexpr int kReplyTimeoutMs = kSanitizedTimeoutScale * 5000;

// The engine under test: ARBITER_UCI_COMMAND when set (words split on spaces, e.g.
// "wine /path/arbiter.exe" for the Windows build, tests/scripts/windows_wine_test.sh),
// else the arbiter built with these tests.
inline std::vector<std::string> uci_command() {
  const char* command = std::getenv("ARBITER_UCI_COMMAND");
  if (command == nullptr || *command == '\0') return {ARBITER_BINARY};
  std::vector<std::string> argv;
  std::istringstream words(command);
  for (std::string word; words >> word;) argv.push_back(word);
  return argv;
}

class UciSession {
 public:
  UciSession() : engine_(uci_command()) {}

  ChildProcess& process() { return engine_; }
  void send(const std::string& line) { engine_.send(line); }

  std::vector<std::string> handshake() {
    send("uci");
    bool ok = false;
    auto lines =
        engine_.read_until([](const std::string& l) { return l == "uciok"; }, kReplyTimeoutMs, &ok);
    EXPECT_TRUE(ok) << "no uciok";
    return lines;
  }
  void sync() {
    send("isready");
    bool ok = false;
    engine_.read_until([](const std::string& l) { return l == "readyok"; }, kReplyTimeoutMs, &ok);
    EXPECT_TRUE(ok) << "no readyok";
  }
  // Sends a go command and returns every line up to and including bestmove.
  std::vector<std::string> go(const std::string& command, int timeout_ms = kReplyTimeoutMs) {
    send(command);
    return until_bestmove(timeout_ms);
  }
  std::vector<std::string> until_bestmove(int timeout_ms = kReplyTimeoutMs) {
    bool ok = false;
    auto lines = engine_.read_until([](const std::string& l) { return starts_with(l, "bestmove"); },
                                    timeout_ms, &ok);
    EXPECT_TRUE(ok) << "no bestmove within " << timeout_ms << " ms";
    return lines;
  }
  // Lines printed in reply to a command that answers with info strings only.
  std::vector<std::string> replies_to(const std::string& command) {
    send(command);
    send("isready");
    auto lines =
        engine_.read_until([](const std::string& l) { return l == "readyok"; }, kReplyTimeoutMs);
    if (!lines.empty()) lines.pop_back();
    return lines;
  }
  // The FEN the engine reports for its current position ("d").
  std::string current_fen() {
    for (const std::string& l : replies_to("d"))
      if (starts_with(l, "Fen: ")) return l.substr(5);
    return {};
  }

 private:
  ChildProcess engine_;
};

inline std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> w;
  for (std::string s; in >> s;) w.push_back(s);
  return w;
}

inline std::string bestmove_of(const std::vector<std::string>& lines) {
  if (lines.empty()) return {};
  auto w = words(lines.back());
  return w.size() >= 2 && w[0] == "bestmove" ? w[1] : std::string();
}

// The value following `key` in an info line, or "" if absent.
inline std::string field(const std::string& line, const std::string& key) {
  auto w = words(line);
  for (size_t i = 0; i + 1 < w.size(); ++i)
    if (w[i] == key) return w[i + 1];
  return {};
}

inline std::vector<std::string> pv_of(const std::string& line) {
  auto w = words(line);
  for (size_t i = 0; i < w.size(); ++i)
    if (w[i] == "pv") return std::vector<std::string>(w.begin() + long(i) + 1, w.end());
  return {};
}

// Replays UCI moves from a position; false at the first illegal one.
inline bool legal_line(core::Position pos, const std::vector<std::string>& moves, bool chess960,
                       core::Position* end = nullptr) {
  for (const std::string& text : moves) {
    auto m = core::parse_uci_move(pos, text, chess960);
    if (!m) return false;
    core::UndoInfo undo;
    pos.make_move(m.value(), undo);
  }
  if (end) *end = pos;
  return true;
}

}  // namespace arbiter::test
