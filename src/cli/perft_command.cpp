// arbiter perft: one position (optionally divided by root move) or a whole suite.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cxxopts.hpp>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "arbiter/core/fen.h"
#include "arbiter/core/notation.h"
#include "arbiter/core/perft.h"
#include "commands.h"

namespace arbiter::cli {

namespace {

using core::Position;
using Clock = std::chrono::steady_clock;

constexpr int kMaxDepth = 20;
constexpr double kMega = 1e6;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

int perft_one(const std::string& fen, int depth, bool divide, bool chess960) {
  auto parsed = core::parse_fen(fen, chess960);
  if (!parsed) {
    std::cerr << "arbiter perft: invalid FEN: " << parsed.error() << "\n";
    return kUsageError;
  }
  Position pos = parsed.value();
  auto start = Clock::now();
  uint64_t nodes = 0;
  if (divide) {
    for (auto [move, count] : core::perft_divide(pos, depth)) {
      std::cout << core::to_uci(move, chess960) << ": " << count << "\n";
      nodes += count;
    }
    std::cout << "\n";
  } else {
    nodes = core::perft(pos, depth);
  }
  double elapsed = seconds_since(start);
  std::cout << "Nodes searched: " << nodes << "\n"
            << "Time: " << std::fixed << std::setprecision(3) << elapsed << " s ("
            << std::setprecision(1) << (elapsed > 0 ? nodes / elapsed / kMega : 0.0) << " Mnps)\n";
  return 0;
}

struct SuiteLine {
  int line_number;
  std::string text;
  std::string failures;  // filled by the workers
};

std::string check_line(const std::string& text, int line_number, int max_depth) {
  auto parsed = core::parse_perft_line(text);
  std::string where = "line " + std::to_string(line_number);
  if (!parsed) return "FAIL " + where + ": " + parsed.error() + "\n";
  const core::PerftCase& c = parsed.value();
  auto pos = core::parse_fen(c.fen, c.chess960);
  if (!pos) return "FAIL " + where + ": invalid FEN: " + pos.error() + "\n";
  std::string failures;
  for (auto [depth, expected] : c.expected) {
    if (depth > max_depth) continue;
    Position p = pos.value();
    uint64_t got = core::perft(p, depth);
    if (got != expected)
      failures += "FAIL " + where + " D" + std::to_string(depth) + ": expected " +
                  std::to_string(expected) + ", got " + std::to_string(got) + "  " + c.fen + "\n";
  }
  return failures;
}

int perft_suite(const std::string& path, int max_depth, int threads) {
  std::ifstream in(path);
  if (!in) {
    std::cerr << "arbiter perft: cannot open '" << path << "'\n";
    return kUsageError;
  }
  std::vector<SuiteLine> lines;
  std::string text;
  for (int n = 1; std::getline(in, text); ++n) {
    if (text.find_first_not_of(" \t\r") == std::string::npos || text[0] == '#') continue;
    lines.push_back({n, text, {}});
  }
  auto start = Clock::now();
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i; (i = next.fetch_add(1)) < lines.size();)
      lines[i].failures = check_line(lines[i].text, lines[i].line_number, max_depth);
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
  for (auto& t : pool) t.join();

  int failed = 0;
  for (const SuiteLine& l : lines) {
    if (l.failures.empty()) continue;
    ++failed;
    std::cout << l.failures;
  }
  std::cerr << "checked " << lines.size() << " positions in " << std::fixed << std::setprecision(1)
            << seconds_since(start) << " s\n";
  std::cout << (lines.size() - failed) << " passed, " << failed << " failed" << std::endl;
  return failed == 0 ? 0 : 1;
}

}  // namespace

int run_perft(int argc, char** argv) {
  cxxopts::Options options("arbiter perft", "Count the leaves of the legal move tree");
  options.positional_help("DEPTH");
  options.add_options()("depth", "depth in plies", cxxopts::value<int>())(
      "fen", "position to count from (default: the start position)",
      cxxopts::value<std::string>()->default_value(std::string(core::kStartFen)))(
      "divide", "print the count below each root move")(
      "chess960",
      "read the FEN's castling rights as Chess960 and print castling as king-takes-rook")(
      "epd", "check every line of a suite 'FEN ;D1 n ;D2 n ... [;960]'",
      cxxopts::value<std::string>())("max-depth", "with --epd: skip depths beyond this",
                                     cxxopts::value<int>()->default_value("99"))(
      "threads", "with --epd: positions checked in parallel",
      cxxopts::value<int>()->default_value(std::to_string(
          std::max(1u, std::thread::hardware_concurrency()))))("h,help", "print this help");
  options.parse_positional({"depth"});
  try {
    auto args = options.parse(argc, argv);
    if (args.count("help")) {
      std::cout << options.help() << "\n";
      return 0;
    }
    if (args.count("epd"))
      return perft_suite(args["epd"].as<std::string>(), args["max-depth"].as<int>(),
                         std::max(1, args["threads"].as<int>()));
    if (!args.count("depth")) {
      std::cerr << "arbiter perft: give a DEPTH or --epd FILE\n" << options.help() << "\n";
      return kUsageError;
    }
    int depth = args["depth"].as<int>();
    if (depth < 0 || depth > kMaxDepth) {
      std::cerr << "arbiter perft: depth must be between 0 and " << kMaxDepth << "\n";
      return kUsageError;
    }
    return perft_one(args["fen"].as<std::string>(), depth, args.count("divide") > 0,
                     args.count("chess960") > 0);
  } catch (const cxxopts::exceptions::exception& e) {
    std::cerr << "arbiter perft: " << e.what() << "\n";
    return kUsageError;
  }
}

}  // namespace arbiter::cli
