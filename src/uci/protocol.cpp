// UCI command parsing. Bad input gets an "info string" and changes nothing.
#include "arbiter/uci/protocol.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <iterator>
#include <sstream>
#include <string_view>

#include "arbiter/core/fen.h"
#include "arbiter/core/notation.h"
#include "arbiter/core/perft.h"
#include "arbiter/eval/nnue_current.h"
#include "arbiter/uci/bench.h"
#include "arbiter/uci/build_info.h"
#include "arbiter/uci/info_format.h"

namespace arbiter::uci {

namespace {

constexpr const char* kEngineAuthor = "the Arbiter developers";
constexpr int kMaxPerftDepth = 12;

std::vector<std::string> tokenize(std::string_view line) {
  std::vector<std::string> tokens;
  std::string current;
  for (char c : line) {
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      if (!current.empty()) tokens.push_back(std::move(current));
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty()) tokens.push_back(std::move(current));
  return tokens;
}

template <class Int>
bool parse_int(const std::string& text, Int& out) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

// The words `go` takes, which end a `searchmoves` list.
bool is_go_keyword(std::string_view word) {
  static constexpr std::string_view kKeywords[] = {
      "wtime", "btime",    "winc",     "binc",   "movestogo", "depth",      "nodes",
      "mate",  "movetime", "infinite", "ponder", "perft",     "searchmoves"};
  return std::find(std::begin(kKeywords), std::end(kKeywords), word) != std::end(kKeywords);
}

// Words from index `from` up to (not including) `stop_word`, joined by spaces.
std::string join_until(const std::vector<std::string>& t, size_t from, std::string_view stop_word,
                       size_t& end) {
  std::string joined;
  for (end = from; end < t.size() && t[end] != stop_word; ++end)
    joined += (joined.empty() ? "" : " ") + t[end];
  return joined;
}

}  // namespace

Protocol::Protocol(std::ostream& out) : out_(out), engine_(out_) {}

Protocol::~Protocol() { finish_search(); }

void Protocol::finish_search() {
  engine_.stop();
  engine_.wait();
}

void Protocol::run(std::istream& in) {
  std::string line;
  while (std::getline(in, line))
    if (!handle(line)) return;
  // End of input: a finite search may finish (piped use); an endless one is stopped.
  if (engine_.pool().waits_for_stop()) engine_.stop();
  engine_.wait();
}

bool Protocol::handle(std::string_view line) {
  Tokens t = tokenize(line);
  if (t.empty()) return true;
  const std::string& cmd = t[0];
  if (cmd == "uci") {
    cmd_uci();
  } else if (cmd == "isready") {
    engine_.ensure_ready();
    out_.line("readyok");
  } else if (cmd == "setoption") {
    cmd_setoption(t);
  } else if (cmd == "ucinewgame") {
    finish_search();
    engine_.new_game();
  } else if (cmd == "position") {
    cmd_position(t);
  } else if (cmd == "go") {
    cmd_go(t);
  } else if (cmd == "stop") {
    engine_.stop();
  } else if (cmd == "ponderhit") {
    engine_.ponderhit();
  } else if (cmd == "quit") {
    finish_search();
    return false;
  } else if (cmd == "d") {
    cmd_display();
  } else if (cmd == "eval") {
    out_.info_string("evaluation: " + eval::describe_evaluation());
    int e = engine_.static_eval();
    int white = engine_.position().side_to_move() == core::Color::White ? e : -e;
    out_.line("info string static eval " + std::to_string(e) + " cp (side to move), " +
              std::to_string(white) + " cp (White)");
  } else if (cmd == "perft") {
    cmd_perft(t.size() > 1 ? t[1] : "");
  } else if (cmd == "bench") {
    cmd_bench(t);
  } else if (cmd == "debug" || cmd == "register") {
    // Accepted and ignored, as the protocol allows.
  } else {
    out_.info_string("unknown command: " + std::string(line.substr(0, 200)));
  }
  return true;
}

void Protocol::cmd_uci() {
  out_.line("id name " + engine_id_name());
  out_.line(std::string("id author ") + kEngineAuthor);
  for (const std::string& decl : engine_.options().declarations()) out_.line(decl);
  out_.line("uciok");
}

void Protocol::cmd_setoption(const Tokens& t) {
  if (t.size() < 3 || t[1] != "name") {
    out_.info_string("usage: setoption name <name> [value <value>]");
    return;
  }
  if (engine_.searching()) {
    out_.info_string("setoption ignored while searching");
    return;
  }
  size_t end = 0;
  std::string name = join_until(t, 2, "value", end);
  std::string value = end < t.size() ? join_until(t, end + 1, "", end) : "";
  auto r = engine_.set_option(name, value);
  if (!r) out_.info_string(r.error());
}

void Protocol::cmd_position(const Tokens& t) {
  std::string fen;
  size_t i = 1;
  if (i < t.size() && t[i] == "startpos") {
    fen = std::string(core::kStartFen);
    ++i;
  } else if (i < t.size() && t[i] == "fen") {
    fen = join_until(t, i + 1, "moves", i);
  } else {
    out_.info_string("usage: position startpos|fen <FEN> [moves <move> ...]");
    return;
  }
  std::vector<std::string> moves;
  if (i < t.size() && t[i] == "moves")
    moves.assign(t.begin() + long(i) + 1, t.end());
  else if (i < t.size()) {
    out_.info_string("unexpected '" + t[i] + "' in position command; position unchanged");
    return;
  }
  finish_search();
  auto r = engine_.set_position(fen, moves);
  if (!r) out_.info_string(r.error() + "; position unchanged");
}

void Protocol::cmd_go(const Tokens& t) {
  search::SearchLimits limits;
  for (size_t i = 1; i < t.size(); ++i) {
    const std::string& key = t[i];
    auto number = [&](auto& field) {
      if (i + 1 >= t.size() || !parse_int(t[i + 1], field)) {
        out_.info_string("go: bad or missing value for '" + key + "'");
        return false;
      }
      ++i;
      return true;
    };
    auto optional_number = [&](std::optional<int64_t>& field) {
      int64_t value = 0;
      if (number(value)) field = value;
    };
    // A depth or mate distance below one still asks for a move: the least search there is.
    auto at_least_one = [&](int& field) {
      if (number(field) && field < 1) {
        out_.info_string("go: " + key + " " + std::to_string(field) + " taken as 1");
        field = 1;
      }
    };
    if (key == "wtime")
      optional_number(limits.time_ms[0]);
    else if (key == "btime")
      optional_number(limits.time_ms[1]);
    else if (key == "winc")
      number(limits.increment_ms[0]);
    else if (key == "binc")
      number(limits.increment_ms[1]);
    else if (key == "movestogo")
      number(limits.moves_to_go);
    else if (key == "depth")
      at_least_one(limits.depth);
    else if (key == "nodes")
      number(limits.nodes);
    else if (key == "movetime")
      optional_number(limits.movetime_ms);
    else if (key == "mate")
      at_least_one(limits.mate);
    else if (key == "infinite")
      limits.infinite = true;
    else if (key == "ponder")
      limits.ponder = true;
    else if (key == "perft") {
      cmd_perft(i + 1 < t.size() ? t[i + 1] : "");
      return;
    } else if (key == "searchmoves") {
      // The list runs to the next keyword; a token there that is no legal move is
      // named and skipped, so that a GUI's typo does not silently widen the search.
      bool skipped = false;
      while (i + 1 < t.size() && !is_go_keyword(t[i + 1])) {
        auto m = core::parse_uci_move(engine_.position(), t[i + 1], engine_.chess960());
        if (m) {
          limits.searchmoves.push_back(m.value());
        } else {
          out_.info_string("go: searchmoves: " + m.error() + "; skipped");
          skipped = true;
        }
        ++i;
      }
      if (skipped && limits.searchmoves.empty())
        out_.info_string("go: no legal move in searchmoves; searching every move");
    }
    // Unknown tokens are ignored, as the protocol asks.
  }
  engine_.go(limits);
}

void Protocol::cmd_display() {
  const core::Position& pos = engine_.position();
  std::ostringstream s;
  for (int rank = 7; rank >= 0; --rank) {
    s << " +---+---+---+---+---+---+---+---+\n";
    for (int file = 0; file < 8; ++file) {
      core::Piece p = pos.piece_on(core::make_square(file, rank));
      s << " | "
        << " PNBRQK  pnbrqk"[core::index(p)];
    }
    s << " | " << (rank + 1) << "\n";
  }
  s << " +---+---+---+---+---+---+---+---+\n   a   b   c   d   e   f   g   h\n";
  std::string board = s.str();
  size_t start = 0;
  for (size_t nl; (nl = board.find('\n', start)) != std::string::npos; start = nl + 1)
    out_.line(board.substr(start, nl - start));
  out_.line("Fen: " + core::to_fen(pos));
  char key[32];
  std::snprintf(key, sizeof key, "%016llX", static_cast<unsigned long long>(pos.key()));
  out_.line(std::string("Key: ") + key);
  std::string checkers;
  for (core::Square sq : core::squares(pos.checkers())) {
    checkers += ' ';
    checkers += core::square_name(sq);
  }
  out_.line("Checkers:" + checkers);
}

void Protocol::cmd_perft(const std::string& depth_text) {
  int depth = 0;
  if (!parse_int(depth_text, depth) || depth < 1 || depth > kMaxPerftDepth) {
    out_.info_string("usage: perft <depth 1-" + std::to_string(kMaxPerftDepth) + ">");
    return;
  }
  finish_search();
  core::Position pos = engine_.position();
  uint64_t total = 0;
  for (auto [move, n] : core::perft_divide(pos, depth)) {
    out_.line(core::to_uci(move, engine_.chess960()) + ": " + std::to_string(n));
    total += n;
  }
  out_.line("");
  out_.line("Nodes searched: " + std::to_string(total));
}

void Protocol::cmd_bench(const Tokens& t) {
  int depth = kDefaultBenchDepth;
  if (t.size() > 1 && (!parse_int(t[1], depth) || depth < 1)) {
    out_.info_string("usage: bench [depth]");
    return;
  }
  finish_search();
  std::ostringstream s;
  run_bench(depth, s);
  std::istringstream lines(s.str());
  for (std::string l; std::getline(lines, l);) out_.line(l);
}

}  // namespace arbiter::uci
