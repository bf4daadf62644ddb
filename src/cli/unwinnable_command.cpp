// arbiter unwinnable: U(White), U(Black) and the per-ply 5.2.2 check for a list of
// positions, one FEN per line. A line may start with a label in the format of
// the public unwinnability test vectors ("WB", "W-", "-B" or "--": which sides
// can still mate); labelled input is checked and summarised, so the command is
// also how the analysis is measured on a suite.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cxxopts.hpp>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "arbiter/core/fen.h"
#include "arbiter/core/notation.h"
#include "arbiter/unwinnability/unwinnability.h"
#include "commands.h"
#include "unwinnability/suite.h"

namespace arbiter::cli {

namespace {

using core::Color;
using rules::Winnability;
using Clock = std::chrono::steady_clock;

constexpr int kReadError = 1;
constexpr double kMicro = 1e6;

// A FEN has six fields at most: what follows them on a line is a name for the
// position (the public lichess lists give each a game id), echoed, not read.
constexpr size_t kFenFields = 6;

// Which questions each position gets: both sides' U(c) and the 5.2.2 check, or
// one side's U(c) alone ("waiting": the side not to move, whose opponent's flag
// fell; the question 6.9 asks, and the one the unwinnability analyzers answer).
enum class Sides { Both, White, Black, Waiting };

struct Query {
  int line_number = 0;
  std::string fen;
  std::string name;                                // after the FEN's fields, if any
  std::optional<bool> can_mate[core::kNumColors];  // from the label, when given
};

struct Answer {
  bool parsed = false;
  std::string error;
  bool asked[core::kNumColors] = {};
  rules::WinnabilityResult side[core::kNumColors];
  double side_us[core::kNumColors] = {};
  bool dead_asked = false;
  rules::DeadPositionResult dead;
  double dead_us = 0;
};

std::optional<Sides> parse_sides(const std::string& s) {
  if (s == "both") return Sides::Both;
  if (s == "white") return Sides::White;
  if (s == "black") return Sides::Black;
  if (s == "waiting") return Sides::Waiting;
  return std::nullopt;
}

// Splits "FEN [name]": the first kFenFields fields are the FEN.
void split_name(std::string& line, std::string& name) {
  size_t at = 0;
  for (size_t field = 0; field < kFenFields && at != std::string::npos; ++field) {
    at = line.find_first_not_of(" \t", at);
    if (at != std::string::npos) at = line.find_first_of(" \t", at);
  }
  if (at == std::string::npos) return;
  const size_t name_start = line.find_first_not_of(" \t", at);
  if (name_start == std::string::npos) return;
  name = line.substr(name_start);
  line.resize(at);
}

std::optional<Query> parse_line(const std::string& raw, int line_number) {
  std::string line = raw;
  if (auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
  line.erase(0, line.find_first_not_of(" \t"));
  line.erase(line.find_last_not_of(" \t\r") + 1);
  if (line.empty()) return std::nullopt;
  Query q;
  q.line_number = line_number;
  if (line.size() > 3 && line[2] == ' ' && (line[0] == 'W' || line[0] == '-') &&
      (line[1] == 'B' || line[1] == '-')) {
    q.can_mate[core::index(Color::White)] = line[0] == 'W';
    q.can_mate[core::index(Color::Black)] = line[1] == 'B';
    line.erase(0, 3);
  }
  split_name(line, q.name);
  q.fen = line;
  return q;
}

double micros(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count() * kMicro;
}

Answer analyse(const Query& q, const rules::WinnabilityOptions& options, Sides sides) {
  Answer a;
  auto pos = core::parse_fen(q.fen);
  if (!pos) {
    a.error = pos.error();
    return a;
  }
  a.parsed = true;
  const Color waiting = ~pos.value().side_to_move();
  for (Color c : {Color::White, Color::Black}) {
    a.asked[core::index(c)] =
        sides == Sides::Both || (sides == Sides::White && c == Color::White) ||
        (sides == Sides::Black && c == Color::Black) || (sides == Sides::Waiting && c == waiting);
    if (!a.asked[core::index(c)]) continue;
    auto start = Clock::now();
    a.side[core::index(c)] = rules::analyse_winnability(pos.value(), c, options);
    a.side_us[core::index(c)] = micros(start);
  }
  a.dead_asked = sides == Sides::Both;
  if (!a.dead_asked) return a;
  auto start = Clock::now();
  a.dead = rules::analyse_dead_position(pos.value(), options);
  a.dead_us = micros(start);
  return a;
}

std::string describe(const rules::WinnabilityResult& r) {
  std::ostringstream out;
  out << rules::to_string(r.verdict) << " (" << rules::to_string(r.method) << ")";
  if (!r.helpmate.empty()) {
    out << " [";
    for (size_t i = 0; i < r.helpmate.size(); ++i)
      out << (i ? " " : "") << core::to_uci(r.helpmate[i], false);
    out << "]";
  }
  return out.str();
}

struct Summary {
  int positions = 0, labelled = 0, questions = 0;
  int undecided = 0, wrong = 0, false_unwinnable = 0;
  int dead_labelled = 0, dead_found = 0, false_dead = 0;
  int verdicts[3] = {};  // winnable, unwinnable, undecided: every question asked
  std::vector<double> side_us, dead_us;
  // Nodes searched: unlike the times, the same on every machine and every run,
  // so two builds compare exactly.
  uint64_t side_nodes = 0, dead_nodes = 0;

  void add(const Query& q, const Answer& a, std::ostream& err) {
    ++positions;
    for (Color c : {Color::White, Color::Black}) {
      if (!a.asked[core::index(c)]) continue;
      side_us.push_back(a.side_us[core::index(c)]);
      side_nodes += a.side[core::index(c)].nodes;
      ++verdicts[static_cast<int>(a.side[core::index(c)].verdict)];
    }
    if (a.dead_asked) {
      dead_us.push_back(a.dead_us);
      dead_nodes += a.dead.nodes;
    }
    if (!q.can_mate[0]) return;
    ++labelled;
    bool dead = true;
    for (Color c : {Color::White, Color::Black}) {
      const bool can = *q.can_mate[core::index(c)];
      dead = dead && !can;
      if (!a.asked[core::index(c)]) continue;
      const Winnability w = a.side[core::index(c)].verdict;
      ++questions;
      if (w == Winnability::Undecided) ++undecided;
      if ((w == Winnability::Winnable && !can) || (w == Winnability::Unwinnable && can)) {
        ++wrong;
        err << "line " << q.line_number << ": " << (c == Color::White ? "White" : "Black")
            << " labelled " << (can ? "winnable" : "unwinnable") << ", analysed "
            << rules::to_string(w) << "\n";
      }
      if (w == Winnability::Unwinnable && can) ++false_unwinnable;
    }
    if (!a.dead_asked) return;
    if (dead) ++dead_labelled;
    if (dead && a.dead.dead) ++dead_found;
    if (!dead && a.dead.dead) {
      ++false_dead;
      err << "line " << q.line_number << ": called dead, labelled live\n";
    }
  }

  static double at(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, size_t(q * double(v.size())))];
  }

  void print(std::ostream& out) const {
    out << "positions: " << positions << " (labelled " << labelled << ")\n";
    out << std::fixed << std::setprecision(1);
    out << "U(c) time us: p50 " << at(side_us, 0.5) << ", p99 " << at(side_us, 0.99) << ", max "
        << at(side_us, 1.0) << "\n";
    if (!dead_us.empty())
      out << "5.2.2 check time us: p50 " << at(dead_us, 0.5) << ", p99 " << at(dead_us, 0.99)
          << ", max " << at(dead_us, 1.0) << "\n";
    out << "nodes: U(c) " << side_nodes << ", 5.2.2 check " << dead_nodes << "\n";
    out << "U(c) verdicts: winnable " << verdicts[0] << ", unwinnable " << verdicts[1]
        << ", undecided " << verdicts[2] << "\n";
    if (!labelled) return;
    auto pct = [](int a, int b) { return b ? 100.0 * a / b : 0.0; };
    out << std::setprecision(2);
    out << "U(c) questions: " << questions << ", undecided " << undecided << " ("
        << pct(undecided, questions) << "%), wrong " << wrong << " (false unwinnable "
        << false_unwinnable << ")\n";
    if (dead_us.empty()) return;  // --side: no 5.2.2 check asked
    out << "dead positions: " << dead_labelled << ", found by the 5.2.2 check " << dead_found
        << " (" << pct(dead_found, dead_labelled) << "%), false dead " << false_dead << "\n";
  }
};

// --label: one line per decided position, in input order.
int label_all(const std::vector<Query>& queries, uint64_t budget, int threads) {
  std::vector<std::string> labels(queries.size());
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i; (i = next++) < queries.size();) {
      auto pos = core::parse_fen(queries[i].fen);
      labels[i] = pos ? rules::label_position(pos.value(), budget) : "";
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  bool unreadable = false;
  for (size_t i = 0; i < queries.size(); ++i) {
    if (labels[i].empty()) {
      std::cerr << "line " << queries[i].line_number << ": invalid FEN\n";
      unreadable = true;
    } else if (labels[i].find('?') != std::string::npos) {
      std::cerr << "undecided " << labels[i] << " " << queries[i].fen << "\n";
    } else {
      std::cout << labels[i] << " " << queries[i].fen << "\n";
    }
  }
  return unreadable ? kReadError : 0;
}

}  // namespace

int run_unwinnable(int argc, char** argv) {
  cxxopts::Options opts(
      "arbiter unwinnable",
      "Which sides can still checkmate (U(c), FIDE 6.9 and 5.1.2) and whether the position is\n"
      "dead (5.2.2, the check a game runs after every ply), one FEN per line from FILEs or\n"
      "standard input. A line may start with a label 'WB', 'W-', '-B' or '--' (the sides that\n"
      "can mate, as in the public unwinnability test vectors): labelled input is checked, each\n"
      "disagreement goes to stderr, and a summary with timings ends the output. After the\n"
      "FEN's six fields a line may name the position (a game id): it is echoed.\n"
      "Exit code: 0, or 1 when a wrong verdict or an unreadable line was found, 2 for bad usage.");
  opts.add_options()("files", "input files", cxxopts::value<std::vector<std::string>>())(
      "budget", "node budget of each analysis of U(c), and of --label",
      cxxopts::value<uint64_t>()->default_value(
          std::to_string(rules::WinnabilityOptions{}.node_budget)))(
      "dead-check-budget", "node budget of each 5.2.2 check",
      cxxopts::value<uint64_t>()->default_value(
          std::to_string(rules::WinnabilityOptions{}.dead_check_node_budget)))(
      "threads", "positions analysed at once", cxxopts::value<int>()->default_value("1"))(
      "side",
      "the questions: both (U(White), U(Black) and the 5.2.2 check), white, black, or "
      "waiting (U of the side not to move alone: can it still mate when its opponent's "
      "flag falls, 6.9)",
      cxxopts::value<std::string>()->default_value("both"))("quiet", "the summary only")(
      "generate", "print N generated hard positions (see --seed) and stop", cxxopts::value<int>())(
      "seed", "seed of --generate", cxxopts::value<uint64_t>()->default_value("1"))(
      "label",
      "label each input position instead ('WB', 'W-', '-B' or '--' and the FEN) by a "
      "replayed helpmate or an exhaustive walk of --budget nodes that uses no static proof; "
      "positions left undecided go to stderr")("h,help", "this help");
  opts.parse_positional({"files"});
  opts.positional_help("[FILE ...]");
  cxxopts::ParseResult args;
  try {
    args = opts.parse(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "arbiter unwinnable: " << e.what() << "\n";
    return kUsageError;
  }
  if (args.count("help")) {
    std::cout << opts.help() << "\n";
    return 0;
  }
  const int threads = args["threads"].as<int>();
  if (threads < 1 || threads > 256) {
    std::cerr << "arbiter unwinnable: --threads must be 1 to 256\n";
    return kUsageError;
  }
  const std::optional<Sides> sides = parse_sides(args["side"].as<std::string>());
  if (!sides) {
    std::cerr << "arbiter unwinnable: --side must be both, white, black or waiting\n";
    return kUsageError;
  }
  rules::WinnabilityOptions options;
  options.node_budget = args["budget"].as<uint64_t>();
  options.dead_check_node_budget = args["dead-check-budget"].as<uint64_t>();
  if (args.count("generate")) {
    const int count = args["generate"].as<int>();
    if (count < 0) {
      std::cerr << "arbiter unwinnable: --generate must not be negative\n";
      return kUsageError;
    }
    for (const std::string& fen :
         rules::generate_hard_positions(count, args["seed"].as<uint64_t>()))
      std::cout << fen << "\n";
    return 0;
  }

  std::vector<Query> queries;
  auto read = [&](std::istream& in) {
    std::string line;
    int number = 0;
    while (std::getline(in, line))
      if (auto q = parse_line(line, ++number)) queries.push_back(std::move(*q));
  };
  std::vector<std::string> files;
  if (args.count("files")) files = args["files"].as<std::vector<std::string>>();
  if (files.empty() || (files.size() == 1 && files[0] == "-")) {
    read(std::cin);
  } else {
    for (const std::string& name : files) {
      std::ifstream in(name);
      if (!in) {
        std::cerr << "arbiter unwinnable: cannot read " << name << "\n";
        return kReadError;
      }
      read(in);
    }
  }

  if (args.count("label")) return label_all(queries, options.node_budget, threads);

  std::vector<Answer> answers(queries.size());
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i; (i = next++) < queries.size();)
      answers[i] = analyse(queries[i], options, *sides);
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();

  Summary summary;
  bool unreadable = false;
  const bool quiet = args.count("quiet") > 0;
  for (size_t i = 0; i < queries.size(); ++i) {
    const Query& q = queries[i];
    const Answer& a = answers[i];
    if (!a.parsed) {
      std::cerr << "line " << q.line_number << ": invalid FEN: " << a.error << "\n";
      unreadable = true;
      continue;
    }
    summary.add(q, a, std::cerr);
    if (quiet) continue;
    std::cout << q.fen << (q.name.empty() ? "" : " ") << q.name << "\n";
    if (a.asked[0]) std::cout << "  white: " << describe(a.side[0]) << "\n";
    if (a.asked[1]) std::cout << "  black: " << describe(a.side[1]) << "\n";
    if (a.dead_asked)
      std::cout << "  dead (5.2.2): "
                << (a.dead.dead        ? "yes"
                    : a.dead.undecided ? "undecided"
                                       : "no")
                << " (" << rules::to_string(a.dead.method) << ")\n";
  }
  summary.print(std::cout);
  return unreadable || summary.wrong ? kReadError : 0;
}

}  // namespace arbiter::cli
