// fake_uci_engine: a scripted UCI engine for the match tests. It plays the first
// legal move (or, with --seed, a deterministic pseudo-random one) at once, and
// misbehaves on cue. "Move N" counts every "go" since the process started
// (across games), from 1.
//
//   --name NAME          id name (default "Fake Engine")
//   --seed S             pick a pseudo-random legal move, deterministic in S
//   --score CP           report "score cp CP" (default 0)
//   --mate N             report "score mate N" instead
//   --info-line TEXT     also print TEXT before every bestmove (repeatable)
//   --move-ms T          think T ms per move, but answer "stop" at once
//   --slow-ms T          every move takes T ms, "stop" or not
//   --crash-at N         exit(3) abruptly when asked for move N
//   --hang-at N          never answer move N; ignore everything but "quit" from then on
//   --stall-at N --stall-ms T   sleep T ms before answering move N (answers, ignores stop)
//   --illegal-at N       answer move N with an illegal move (a legal one played backwards)
//   --null-at N          answer move N with "bestmove 0000"
//   --garbage            print non-UCI lines around every reply
//   --no-uciok, --no-readyok    never send uciok / readyok
//   --ignore-quit        keep running after "quit" (until stdin closes)
//   --flood-kb K         print K kilobytes of info lines before every bestmove
//   --close-stdout-at N  close stdout when asked for move N, then live on, deaf and mute
//   --ignore-sigterm     ignore SIGTERM (only SIGKILL ends it)
#include <poll.h>
#include <unistd.h>

#include <csignal>

#include <cctype>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "arbiter/core/fen.h"
#include "arbiter/core/movegen.h"
#include "arbiter/core/notation.h"
#include "arbiter/match/uci_engine.h"

namespace {

using namespace arbiter;
using Clock = std::chrono::steady_clock;

constexpr int kCrashExitCode = 3;
constexpr int kUsageExitCode = 2;
constexpr int kGarbageLinesPerReply = 2;
constexpr size_t kReadChunkBytes = 4096;
constexpr size_t kBytesPerKilobyte = 1024;
constexpr int kMuteSleepSeconds = 3600;

struct Script {
  std::string name = "Fake Engine";
  std::optional<unsigned> seed;
  int score_cp = 0;
  std::optional<int> score_mate;
  std::vector<std::string> info_lines;
  int move_ms = 0, slow_ms = 0, stall_ms = 0;
  int crash_at = 0, hang_at = 0, stall_at = 0, illegal_at = 0, null_at = 0;
  int flood_kb = 0, close_stdout_at = 0;
  bool garbage = false, no_uciok = false, no_readyok = false, ignore_quit = false;
  bool ignore_sigterm = false;
};

bool parse_args(int argc, char** argv, Script& s) {
  const std::pair<const char*, bool Script::*> switches[] = {
      {"--garbage", &Script::garbage},
      {"--no-uciok", &Script::no_uciok},
      {"--no-readyok", &Script::no_readyok},
      {"--ignore-quit", &Script::ignore_quit},
      {"--ignore-sigterm", &Script::ignore_sigterm}};
  const std::pair<const char*, int Script::*> numbers[] = {
      {"--score", &Script::score_cp},
      {"--move-ms", &Script::move_ms},
      {"--slow-ms", &Script::slow_ms},
      {"--stall-ms", &Script::stall_ms},
      {"--crash-at", &Script::crash_at},
      {"--hang-at", &Script::hang_at},
      {"--stall-at", &Script::stall_at},
      {"--illegal-at", &Script::illegal_at},
      {"--null-at", &Script::null_at},
      {"--flood-kb", &Script::flood_kb},
      {"--close-stdout-at", &Script::close_stdout_at}};
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    bool known = false;
    for (const auto& [name, member] : switches)
      if (flag == name) known = s.*member = true;
    if (known) continue;
    if (i + 1 >= argc) return false;
    const std::string value = argv[++i];
    for (const auto& [name, member] : numbers)
      if (flag == name) {
        s.*member = std::atoi(value.c_str());
        known = true;
      }
    if (known) continue;
    if (flag == "--name") {
      s.name = value;
    } else if (flag == "--seed") {
      s.seed = unsigned(std::strtoul(value.c_str(), nullptr, 10));
    } else if (flag == "--mate") {
      s.score_mate = std::atoi(value.c_str());
    } else if (flag == "--info-line") {
      s.info_lines.push_back(value);
    } else {
      return false;
    }
  }
  return true;
}

// Unbuffered, so nothing is lost when we crash on purpose.
void say(const std::string& text) {
  std::string line = text + "\n";
  const char* p = line.data();
  size_t left = line.size();
  while (left > 0) {
    ssize_t n = ::write(STDOUT_FILENO, p, left);
    if (n <= 0) std::exit(0);  // nobody listens any more
    p += n;
    left -= size_t(n);
  }
}

// Lines from stdin with an optional timeout (std::cin cannot be polled).
class Input {
 public:
  enum Status { kLine, kTimeout, kEof };
  // timeout_ms < 0: wait for ever.
  Status next(std::string& line, int timeout_ms = -1) {
    const Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
    for (;;) {
      size_t newline = buffer_.find('\n');
      if (newline != std::string::npos) {
        line = buffer_.substr(0, newline);
        buffer_.erase(0, newline + 1);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return kLine;
      }
      if (eof_) return kEof;
      int wait = -1;
      if (timeout_ms >= 0) {
        auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0) return kTimeout;
        wait = int(left);
      }
      pollfd pfd{STDIN_FILENO, POLLIN, 0};
      if (::poll(&pfd, 1, wait) <= 0) continue;
      char chunk[kReadChunkBytes];
      ssize_t n = ::read(STDIN_FILENO, chunk, sizeof chunk);
      if (n <= 0)
        eof_ = true;
      else
        buffer_.append(chunk, size_t(n));
    }
  }

 private:
  std::string buffer_;
  bool eof_ = false;
};

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string_view> words = match::split_words(line);
  return {words.begin(), words.end()};
}

class FakeEngine {
 public:
  explicit FakeEngine(Script script)
      : s_(std::move(script)), rng_(s_.seed.value_or(0)), garbage_rng_(s_.seed.value_or(0)) {}

  int run() {
    std::string line;
    while (input_.next(line) == Input::kLine) {
      std::vector<std::string> words = split(line);
      if (words.empty()) continue;
      const std::string& cmd = words[0];
      if (cmd == "uci") {
        garbage();
        say("id name " + s_.name);
        say("id author Arbiter Developers");
        say("option name Hash type spin default 16 min 1 max 1024");
        say("option name Threads type spin default 1 min 1 max 64");
        say("option name UCI_Chess960 type check default false");
        if (!s_.no_uciok) say("uciok");
        garbage();
      } else if (cmd == "isready") {
        if (!s_.no_readyok) say("readyok");
      } else if (cmd == "setoption") {
        if (words.size() >= 5 && words[2] == "UCI_Chess960") chess960_ = words[4] == "true";
      } else if (cmd == "position") {
        set_position(words);
      } else if (cmd == "go") {
        if (!go(words)) return 0;
      } else if (cmd == "quit" && !s_.ignore_quit) {
        return 0;
      }
      // "ucinewgame", "stop" while idle, and anything unknown: nothing to do.
    }
    return 0;
  }

 private:
  void garbage() {
    if (!s_.garbage) return;
    for (int i = 0; i < kGarbageLinesPerReply; ++i)
      say("fake engine says hello #" + std::to_string(garbage_rng_() % 1000));
  }

  // Megabytes of well-formed but useless output, as some engines print in debug mode.
  void flood() {
    const std::string line = "info string " + std::string(100, 'x');
    const size_t lines = size_t(s_.flood_kb) * kBytesPerKilobyte / (line.size() + 1);
    std::string block;
    for (size_t i = 0; i < lines; ++i) block += line + "\n";
    if (!block.empty()) say(block.substr(0, block.size() - 1));
  }

  void set_position(const std::vector<std::string>& words) {
    size_t moves_at = words.size();
    for (size_t i = 1; i < words.size(); ++i)
      if (words[i] == "moves") moves_at = i;
    pos_ = core::Position::start_position();
    if (words.size() > 2 && words[1] == "fen") {
      std::string fen;
      for (size_t i = 2; i < moves_at; ++i) fen += (fen.empty() ? "" : " ") + words[i];
      auto parsed = core::parse_fen(fen, chess960_);
      if (!parsed) {
        say("info string bad fen: " + parsed.error());
        return;
      }
      pos_ = parsed.value();
    }
    for (size_t i = moves_at + 1; i < words.size(); ++i) {
      auto move = core::parse_uci_move(pos_, words[i], chess960_);
      if (!move) {
        say("info string bad move " + words[i]);
        return;
      }
      core::UndoInfo undo;
      pos_.make_move(move.value(), undo);
    }
  }

  // Waits up to ms (or for ever if infinite) for "stop"; false if told to quit.
  bool think(int ms, bool infinite) {
    const Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(ms);
    std::string line;
    for (;;) {
      int left = int(std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count());
      if (!infinite && left <= 0) return true;
      Input::Status status = input_.next(line, infinite ? -1 : left);
      if (status == Input::kEof) return false;
      if (status == Input::kTimeout) continue;
      std::vector<std::string> words = split(line);
      if (words.empty()) continue;
      if (words[0] == "stop") return true;
      if (words[0] == "quit" && !s_.ignore_quit) return false;
      if (words[0] == "isready") say("readyok");  // answered while searching, as UCI asks
    }
  }

  // A hung engine: deaf to all but "quit".
  void hang() {
    std::string line;
    while (input_.next(line) == Input::kLine)
      if (line == "quit" && !s_.ignore_quit) return;
  }

  bool go(const std::vector<std::string>& words) {
    const int n = ++moves_asked_;
    bool infinite = false;
    for (const std::string& w : words) infinite = infinite || w == "infinite";
    if (n == s_.crash_at) std::_Exit(kCrashExitCode);
    if (n == s_.close_stdout_at) {
      // Alive but mute: the runner sees its output end and must not wait for an exit.
      ::close(STDOUT_FILENO);
      for (;;) std::this_thread::sleep_for(std::chrono::seconds(kMuteSleepSeconds));
    }
    if (n == s_.hang_at) {
      hang();
      return false;
    }
    if (n == s_.stall_at) std::this_thread::sleep_for(std::chrono::milliseconds(s_.stall_ms));
    if (s_.slow_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(s_.slow_ms));
    if ((s_.move_ms > 0 || infinite) && !think(s_.move_ms, infinite)) return false;

    core::MoveList moves;
    core::generate_legal(pos_, moves);
    std::string best = "(none)";
    if (!moves.empty()) {
      core::Move move = s_.seed ? moves[rng_() % moves.size()] : moves[0];
      best = core::to_uci(move, chess960_);
      std::string score = s_.score_mate ? "mate " + std::to_string(*s_.score_mate)
                                        : "cp " + std::to_string(s_.score_cp);
      say("info depth 1 score " + score + " nodes 1 pv " + best);
      if (n == s_.illegal_at) best = core::to_uci(core::Move(move.to(), move.from()), chess960_);
    }
    if (n == s_.illegal_at && moves.empty()) best = "a1a1";
    if (n == s_.null_at) best = "0000";
    for (const std::string& info : s_.info_lines) say(info);
    flood();
    garbage();
    say("bestmove " + best);
    garbage();
    return true;
  }

  Script s_;
  Input input_;
  core::Position pos_ = core::Position::start_position();
  bool chess960_ = false;
  int moves_asked_ = 0;
  std::mt19937 rng_;
  std::mt19937 garbage_rng_;
};

}  // namespace

int main(int argc, char** argv) {
  Script script;
  if (!parse_args(argc, argv, script)) {
    std::cerr << "fake_uci_engine: bad arguments (see the comment at the top of the source)\n";
    return kUsageExitCode;
  }
  if (script.ignore_sigterm) std::signal(SIGTERM, SIG_IGN);
  return FakeEngine(std::move(script)).run();
}
