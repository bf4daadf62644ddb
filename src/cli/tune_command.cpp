// arbiter tune: SPSA over the search's tunable constants (tune/spsa.h), each
// iteration a short match of the engine at theta+ against itself at theta-
// through our own match runner. Needs a tuning build (-DARBITER_TUNE=ON), whose
// registry names the parameters, their ranges and steps; scripts/spsa builds one
// and runs this.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <cxxopts.hpp>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "arbiter/core/text.h"
#include "arbiter/match/match.h"
#include "arbiter/match/match_options.h"
#include "arbiter/search/tunable.h"
#include "arbiter/tune/spsa.h"
#include "commands.h"
#include "platform/console.h"

namespace arbiter::cli {

namespace {

constexpr int kInterrupted = 130;

std::atomic<bool> g_tune_stop{false};
void stop_tuning() {
  if (g_tune_stop.exchange(true)) std::_Exit(kInterrupted);
}

// The tunables SPSA may move (step switches aside), all or those named.
Result<std::vector<tune::SpsaParameter>> chosen_parameters(const std::string& names) {
  std::vector<tune::SpsaParameter> all;
  for (const search::Tunable& t : search::tunables())
    if (t.spsa) all.push_back({t.name, double(*t.value), t.min, t.max, double(t.step)});
  if (all.empty())
    return Error{"this build has no tunables: build with -DARBITER_TUNE=ON (scripts/spsa does)"};
  if (names.empty() || names == "all") return all;
  std::vector<tune::SpsaParameter> chosen;
  std::istringstream list(names);
  for (std::string name; std::getline(list, name, ',');) {
    auto it = std::find_if(all.begin(), all.end(), [&](const tune::SpsaParameter& p) {
      return core::iequals(p.name, name);
    });
    if (it == all.end()) return Error{"--params: no tunable named '" + name + "'"};
    chosen.push_back(*it);
  }
  return chosen;
}

Result<bool> save_state(const std::string& path, const tune::SpsaState& state) {
  const std::string temporary = path + ".new";
  {
    std::ofstream out(temporary, std::ios::binary);
    out << tune::format_state(state);
    if (!out.flush()) return Error{temporary + ": cannot write"};
  }
  std::error_code ec;
  std::filesystem::rename(temporary, path, ec);
  if (ec) return Error{path + ": cannot replace: " + ec.message()};
  return true;
}

// "Name=value" per parameter, rounded: what the engine plays.
std::string rounded_values(const tune::SpsaState& state, const char* prefix) {
  std::string words;
  for (const tune::SpsaParameter& p : state.parameters) {
    if (!words.empty()) words += ' ';
    words += prefix;
    words += p.name;
    words += '=';
    words += std::to_string(int(std::lround(p.value)));
  }
  return words;
}

}  // namespace

int run_tune(int argc, char** argv) {
  tune::SpsaSettings defaults;
  cxxopts::Options spec(
      "arbiter tune",
      "SPSA over the search's tunables with games of the engine against itself (a tuning "
      "build). The state file is written after every iteration; run the same command again "
      "to resume.");
  // clang-format off
  spec.add_options()
    ("state", "state FILE (created, then resumed; it keeps the run's settings)", cxxopts::value<std::string>())
    ("log", "append one line per iteration to FILE", cxxopts::value<std::string>())
    ("iterations", "iterations of the run (N)", cxxopts::value<int>()->default_value(std::to_string(defaults.iterations)))
    ("until", "stop after this many iterations are done (default: all)", cxxopts::value<int>()->default_value("0"))
    ("pairs", "game pairs per iteration (same opening, colours reversed)", cxxopts::value<int>()->default_value("1"))
    ("params", "tunables to move, comma separated (default: all)", cxxopts::value<std::string>()->default_value("all"))
    ("seed", "seed of the perturbation signs", cxxopts::value<uint64_t>()->default_value("1"))
    ("alpha", "", cxxopts::value<double>()->default_value("0.602"))
    ("gamma", "", cxxopts::value<double>()->default_value("0.101"))
    ("a-ratio", "A as a share of the iterations", cxxopts::value<double>()->default_value("0.1"))
    ("r-end", "learning rate at the last iteration", cxxopts::value<double>()->default_value("0.002"))
    ("engine", "the engine to tune (default: this program)", cxxopts::value<std::string>())
    ("tc", "time control of the games", cxxopts::value<std::string>()->default_value("5+0.05"))
    ("nodes", "nodes a move instead of --tc: games the load does not change (N)", cxxopts::value<int64_t>())
    ("hash", "hash MB of each engine", cxxopts::value<int>()->default_value("16"))
    ("openings", "openings FILE (EPD or PGN), played in order through the run", cxxopts::value<std::string>())
    ("concurrency", "games at once", cxxopts::value<int>()->default_value("1"))
    ("h,help", "this help");
  // clang-format on
  cxxopts::ParseResult args;
  try {
    args = spec.parse(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "arbiter tune: " << e.what() << "\n" << spec.help();
    return kUsageError;
  }
  if (args.count("help")) {
    std::cout << spec.help();
    return 0;
  }
  if (!args.count("state")) {
    std::cerr << "arbiter tune: --state FILE is required\n";
    return kUsageError;
  }
  const std::string state_path = args["state"].as<std::string>();
  const int pairs = args["pairs"].as<int>();
  // A node budget replaces the clock: the same probe plays the same games
  // whatever else the machine runs, so a run can share the cores with other work.
  std::string limit = "tc=" + args["tc"].as<std::string>();
  if (args.count("nodes")) {
    if (args.count("tc")) {
      std::cerr << "arbiter tune: give --tc or --nodes, not both\n";
      return kUsageError;
    }
    if (args["nodes"].as<int64_t>() < 1) {
      std::cerr << "arbiter tune: --nodes must be positive\n";
      return kUsageError;
    }
    limit = "nodes=" + std::to_string(args["nodes"].as<int64_t>());
  }
  if (pairs < 1 || args["iterations"].as<int>() < 1 || args["until"].as<int>() < 0) {
    std::cerr << "arbiter tune: --pairs and --iterations must be positive\n";
    return kUsageError;
  }

  // The state: resumed when the file exists (its settings win), else new.
  tune::SpsaState state;
  std::error_code ec;
  if (std::filesystem::exists(state_path, ec)) {
    std::ifstream in(state_path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    auto loaded = tune::parse_state(text.str());
    if (!loaded) {
      std::cerr << "arbiter tune: " << state_path << ": " << loaded.error() << "\n";
      return kFailure;
    }
    state = loaded.value();
    std::cerr << "arbiter tune: resuming " << state_path << " after iteration " << state.iteration
              << " of " << state.settings.iterations << "\n";
  } else {
    auto chosen = chosen_parameters(args["params"].as<std::string>());
    if (!chosen) {
      std::cerr << "arbiter tune: " << chosen.error() << "\n";
      return kUsageError;
    }
    state.parameters = chosen.value();
    state.settings = {args["iterations"].as<int>(), args["alpha"].as<double>(),
                      args["gamma"].as<double>(),   args["a-ratio"].as<double>(),
                      args["r-end"].as<double>(),   args["seed"].as<uint64_t>()};
  }

  std::string engine;
  if (args.count("engine")) {
    engine = args["engine"].as<std::string>();
  } else {
    engine = std::filesystem::read_symlink("/proc/self/exe", ec).string();
    if (ec) {
      std::cerr << "arbiter tune: cannot tell this program's path: give --engine PATH\n";
      return kUsageError;
    }
  }
  std::vector<std::string> openings_warnings;
  const bool have_openings = args.count("openings") > 0;
  Result<match::OpeningBook> book =
      have_openings
          ? match::OpeningBook::load(args["openings"].as<std::string>(), &openings_warnings)
          : match::OpeningBook::start_position_only();
  for (const std::string& w : openings_warnings)
    std::cerr << "arbiter tune: openings: " << w << "\n";
  if (!book) {
    std::cerr << "arbiter tune: " << book.error() << "\n";
    return kFailure;
  }
  std::ofstream log;
  if (args.count("log")) log.open(args["log"].as<std::string>(), std::ios::app);

  // One iteration: `pairs` game pairs of theta+ against theta-, the openings
  // going on where the last iteration's stopped.
  auto match_of = [&](const tune::SpsaProbe& probe) -> Result<match::MatchConfig> {
    std::vector<std::string> words = {"--engine", "cmd=" + engine, "name=plus"};
    for (size_t i = 0; i < state.parameters.size(); ++i)
      words.push_back("option." + state.parameters[i].name + "=" + std::to_string(probe.plus[i]));
    words.insert(words.end(), {"--engine", "cmd=" + engine, "name=minus"});
    for (size_t i = 0; i < state.parameters.size(); ++i)
      words.push_back("option." + state.parameters[i].name + "=" + std::to_string(probe.minus[i]));
    const size_t first = (size_t(probe.iteration - 1) * size_t(pairs)) % book->size();
    words.insert(words.end(),
                 {"--each", limit, "option.Hash=" + std::to_string(args["hash"].as<int>()),
                  "option.Threads=1", "--games", std::to_string(2 * pairs), "--concurrency",
                  std::to_string(args["concurrency"].as<int>()), "--start",
                  std::to_string(first + 1), "--quiet"});
    auto command = match::parse_match_command(words);
    if (!command) return Error{command.error()};
    return command->config;
  };

  platform::on_interrupt(stop_tuning);
  const int until = args["until"].as<int>() ? args["until"].as<int>() : state.settings.iterations;
  std::string failure;
  std::ostringstream quiet;  // the per-game lines of each iteration's match
  const bool finished = tune::run_spsa(
      state, until,
      [&](const tune::SpsaProbe& probe) -> std::optional<int> {
        auto config = match_of(probe);
        if (!config) {
          failure = config.error();
          return std::nullopt;
        }
        const match::MatchSummary summary = match::run_match(*config, *book, quiet, &g_tune_stop);
        quiet.str("");
        if (!summary.error.empty() || summary.interrupted || summary.pairings.empty()) {
          failure = summary.error.empty() ? "interrupted" : summary.error;
          return std::nullopt;
        }
        const match::WDL& wdl = summary.pairings[0].wdl;
        return wdl.wins - wdl.losses;
      },
      [&](const tune::SpsaState& now, const tune::SpsaProbe& probe, int result) {
        auto saved = save_state(state_path, now);
        if (!saved) {
          failure = saved.error();
          return false;
        }
        std::ostringstream line;
        line << "iteration " << probe.iteration << "/" << now.settings.iterations << ": "
             << std::showpos << result << std::noshowpos << " (theta+ against theta-, " << 2 * pairs
             << " games);" << std::fixed << std::setprecision(2);
        for (const tune::SpsaParameter& p : now.parameters) line << " " << p.name << " " << p.value;
        std::cout << line.str() << "\n" << std::flush;
        if (log) log << line.str() << "\n" << std::flush;
        return true;
      });
  if (!finished) {
    std::cerr << "arbiter tune: stopped after iteration " << state.iteration << ": " << failure
              << "\n";
    return failure == "interrupted" ? kInterrupted : kFailure;
  }
  std::cout << "tuned after " << state.iteration << " of " << state.settings.iterations
            << " iterations: " << rounded_values(state, "option.") << "\n"
            << "accept them only after an SPRT against the untuned build: arbiter match --engine "
               "cmd=ENGINE name=tuned "
            << rounded_values(state, "option.")
            << " --engine cmd=ENGINE name=base --each tc=10+0.1 --sprt elo0=0 elo1=5\n";
  return 0;
}

}  // namespace arbiter::cli
