// arbiter match: engines against each other under the Laws (src/match).
#include <atomic>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "arbiter/match/match.h"
#include "arbiter/match/match_options.h"
#include "arbiter/match/termination.h"
#include "commands.h"
#include "platform/console.h"

namespace arbiter::cli {

namespace {

constexpr int kInterrupted = 130;  // 128 + SIGINT, as shells report it

std::atomic<bool> g_stop_requested{false};
static_assert(std::atomic<bool>::is_always_lock_free, "used from a signal handler");

// First Ctrl-C: finish cleanly (games in progress are dropped, finished ones are
// already in the PGN file). A second one ends the process at once.
void stop_or_exit() {
  if (g_stop_requested.exchange(true)) std::_Exit(kInterrupted);
}

void print_header(const match::MatchConfig& config, size_t openings) {
  std::cout << "Match:";
  for (size_t i = 0; i < config.engines.size(); ++i)
    std::cout << (i ? "," : "") << " " << config.engines[i].config.name << " ("
              << config.engines[i].limit.describe() << ")";
  std::cout << "\n"
            << config.games_per_pairing << " games per pairing, " << openings
            << " openings, concurrency " << config.concurrency << ", "
            << match::rules_description(config.game.rules) << "\n";
  if (config.game.adjudication.any())
    std::cout << "Not FIDE, on request: " << config.game.adjudication.describe() << "\n";
}

}  // namespace

int run_match(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  Result<match::MatchCommand> command = match::parse_match_command(args);
  if (!command) {
    std::cerr << "arbiter match: " << command.error() << "\n";
    return kUsageError;
  }
  if (command->help) {
    std::cout << match::match_usage();
    return 0;
  }
  const match::MatchConfig& config = command->config;

  std::vector<std::string> warnings;
  Result<match::OpeningBook> book =
      command->openings_path.empty() ? match::OpeningBook::start_position_only()
                                     : match::OpeningBook::load(command->openings_path, &warnings);
  for (const std::string& w : warnings) std::cerr << "arbiter match: openings: " << w << "\n";
  if (!book) {
    std::cerr << "arbiter match: " << book.error() << "\n";
    return kFailure;
  }

  platform::on_interrupt(stop_or_exit);
  print_header(config, book->size());
  match::MatchSummary summary = match::run_match(config, *book, std::cout, &g_stop_requested);
  std::cout << "\n" << match::format_summary(summary, config) << std::flush;
  if (!summary.error.empty()) {
    std::cerr << "arbiter match: " << summary.error << "\n";
    return kFailure;
  }
  return summary.interrupted ? kInterrupted : 0;
}

}  // namespace arbiter::cli
