// arbiter datagen: training data from self-play (see datagen/self_play.h) into
// one file or a store of chunks (datagen/data_store.h), the check of a store,
// and a text dump of a data file.
#include <algorithm>
#include <cstdio>
#include <cxxopts.hpp>
#include <filesystem>
#include <iostream>
#include <map>
#include <string>

#include "arbiter/datagen/data_store.h"
#include "arbiter/datagen/self_play.h"
#include "arbiter/eval/nnue_current.h"
#include "commands.h"

namespace arbiter::cli {

namespace {

// --check DIR: verifies every chunk, rewrites the manifest from what it read,
// and says what the store holds. Exit 1 when anything is wrong.
int check_store_command(const std::string& folder) {
  const datagen::StoreCheck check = datagen::check_store(folder);
  for (const std::string& problem : check.problems)
    std::cerr << "arbiter datagen: " << problem << "\n";
  auto written = datagen::write_manifest(folder, check);
  if (!written) std::cerr << "arbiter datagen: " << written.error() << "\n";
  std::map<int, std::pair<uint64_t, uint64_t>> by_generation;  // positions, games
  for (const datagen::StoreChunk& c : check.chunks) {
    by_generation[c.name.generation].first += c.header.positions;
    by_generation[c.name.generation].second += c.header.games;
  }
  for (const auto& [generation, counts] : by_generation)
    std::cout << "generation " << generation << ": " << counts.first << " positions, "
              << counts.second << " games\n";
  const auto archived = std::count_if(check.chunks.begin(), check.chunks.end(),
                                      [](const datagen::StoreChunk& c) { return c.archive_bytes; });
  std::cout << folder << ": " << check.chunks.size() << " chunks (" << archived
            << " with archives), " << check.positions << " positions, " << check.games << " games, "
            << check.problems.size() << " problems\n";
  return check.ok() && written ? 0 : kFailure;
}

// --expand ARCHIVE --out FILE, or --export-archive CHUNK --out FILE.
int archive_command(const std::string& expand, const std::string& chunk, const std::string& out) {
  if (out.empty() || (!expand.empty() && !chunk.empty())) {
    std::cerr << "arbiter datagen: --expand and --export-archive each need --out FILE, and go "
                 "alone\n";
    return kUsageError;
  }
  if (!expand.empty()) {
    auto header = datagen::expand_archive(expand, out);
    if (!header) {
      std::cerr << "arbiter datagen: " << header.error() << "\n";
      return kFailure;
    }
    std::cout << out << ": " << header->games << " games, " << header->positions << " positions\n";
    return 0;
  }
  auto bytes = datagen::export_chunk_archive(chunk, out);
  if (!bytes) {
    std::cerr << "arbiter datagen: " << bytes.error() << "\n";
    return kFailure;
  }
  std::cout << out << ": " << *bytes << " bytes\n";
  return 0;
}

}  // namespace

int run_datagen(int argc, char** argv) {
  datagen::DatagenOptions o;
  cxxopts::Options spec("arbiter datagen",
                        "Self-play training data. Appends to OUT; an interrupted run resumes.");
  // clang-format off
  spec.add_options()
    ("o,out", "output file (appended to; created if missing)", cxxopts::value<std::string>())
    ("store", "output folder instead: chunks of at most 16 MiB named by generation and seed, and a manifest", cxxopts::value<std::string>())
    ("generation", "with --store: the data's generation, that of the net that plays it (0: classical), as in scripts/train-net", cxxopts::value<int>()->default_value("-1"))
    ("check", "verify every chunk of the store DIR (and its archive of games), rewrite its manifest, and exit", cxxopts::value<std::string>())
    ("expand", "write the data file that the game archive FILE stands for to --out (a new file), and exit", cxxopts::value<std::string>())
    ("export-archive", "write the archive of the store chunk FILE, checked against it and cut to its games, to --out, and exit", cxxopts::value<std::string>())
    ("games", "stop when the file holds this many games", cxxopts::value<uint64_t>()->default_value("0"))
    ("positions", "stop when the file holds this many positions", cxxopts::value<uint64_t>()->default_value("0"))
    ("threads", "generating threads", cxxopts::value<int>()->default_value("1"))
    ("seed", "seed: the same seed gives the same file, whatever --threads", cxxopts::value<uint64_t>()->default_value("1"))
    ("nodes", "soft node budget per move", cxxopts::value<uint64_t>()->default_value(std::to_string(o.soft_nodes)))
    ("random-plies", "random legal plies at the start of each game", cxxopts::value<int>()->default_value(std::to_string(o.random_plies)))
    ("chess960", "start from random Chess960 positions")
    ("max-opening-score", "skip starts scored beyond this (cp)", cxxopts::value<int>()->default_value(std::to_string(o.max_opening_score)))
    ("no-adjudication", "let only the Laws end games (slower)")
    ("win-score", "adjudicate a win after --win-plies plies beyond this (cp)", cxxopts::value<int>()->default_value(std::to_string(o.win_score)))
    ("win-plies", "", cxxopts::value<int>()->default_value(std::to_string(o.win_plies)))
    ("draw-score", "adjudicate a draw after --draw-plies plies within this (cp)", cxxopts::value<int>()->default_value(std::to_string(o.draw_score)))
    ("draw-plies", "", cxxopts::value<int>()->default_value(std::to_string(o.draw_plies)))
    ("draw-min-ply", "no draw adjudication before this ply", cxxopts::value<int>()->default_value(std::to_string(o.draw_min_ply)))
    ("eval", "which evaluation plays: classical (hand-written), embedded (the built-in net) or a net FILE", cxxopts::value<std::string>()->default_value("embedded"))
    ("hash", "hash MB per thread", cxxopts::value<int>()->default_value(std::to_string(o.hash_mb)))
    ("dump", "print FILE's records as 'FEN | score | result' and exit", cxxopts::value<std::string>())
    ("limit", "with --dump: at most this many records", cxxopts::value<uint64_t>()->default_value("0"))
    ("h,help", "this help");
  // clang-format on
  cxxopts::ParseResult args;
  try {
    args = spec.parse(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "arbiter datagen: " << e.what() << "\n" << spec.help();
    return kUsageError;
  }
  if (args.count("help")) {
    std::cout << spec.help();
    return 0;
  }
  if (args.count("dump")) {
    auto n = datagen::dump_data_file(args["dump"].as<std::string>(), std::cout,
                                     args["limit"].as<uint64_t>());
    if (!n) {
      std::cerr << "arbiter datagen: " << n.error() << "\n";
      return kFailure;
    }
    return 0;
  }
  if (args.count("check")) return check_store_command(args["check"].as<std::string>());
  if (args.count("expand") || args.count("export-archive"))
    return archive_command(
        args.count("expand") ? args["expand"].as<std::string>() : "",
        args.count("export-archive") ? args["export-archive"].as<std::string>() : "",
        args.count("out") ? args["out"].as<std::string>() : "");
  if (args.count("out") == args.count("store")) {
    std::cerr << "arbiter datagen: one of --out FILE and --store DIR is required\n" << spec.help();
    return kUsageError;
  }
  if (args.count("store") && args["generation"].as<int>() < 0) {
    std::cerr << "arbiter datagen: --store needs --generation N (N >= 0)\n";
    return kUsageError;
  }
  o.games = args["games"].as<uint64_t>();
  o.positions = args["positions"].as<uint64_t>();
  o.threads = args["threads"].as<int>();
  o.seed = args["seed"].as<uint64_t>();
  o.soft_nodes = args["nodes"].as<uint64_t>();
  o.random_plies = args["random-plies"].as<int>();
  o.chess960 = args.count("chess960") > 0;
  o.max_opening_score = args["max-opening-score"].as<int>();
  o.adjudicate = args.count("no-adjudication") == 0;
  o.win_score = args["win-score"].as<int>();
  o.win_plies = args["win-plies"].as<int>();
  o.draw_score = args["draw-score"].as<int>();
  o.draw_plies = args["draw-plies"].as<int>();
  o.draw_min_ply = args["draw-min-ply"].as<int>();
  o.hash_mb = args["hash"].as<int>();
  o.evaluation = args["eval"].as<std::string>();
  if (o.evaluation == "classical") {
    eval::set_nnue_enabled(false);
  } else {
    auto net = eval::load_current_network(o.evaluation == "embedded" ? eval::kEmbeddedNetName
                                                                     : o.evaluation);
    if (!net) {
      std::cerr << "arbiter datagen: --eval " << o.evaluation << ": " << net.error() << "\n";
      return kFailure;
    }
    eval::set_nnue_enabled(true);
    // The header names the net by file name and content hash, so a resumed run
    // must use the same net.
    char hash[17];
    std::snprintf(hash, sizeof hash, "%016llx",
                  static_cast<unsigned long long>(net.value()->content_hash()));
    o.evaluation = std::filesystem::path(o.evaluation).filename().string() + "@" + hash;
  }
  std::cerr << "arbiter datagen: " << eval::describe_evaluation() << "\n";
  if (o.threads < 1 || o.soft_nodes < 1 || o.random_plies < 0 || o.hash_mb < 1 || o.win_plies < 1 ||
      o.draw_plies < 1) {
    std::cerr << "arbiter datagen: --threads, --nodes, --hash, --win-plies and --draw-plies must "
                 "be positive, --random-plies not negative\n";
    return kUsageError;
  }
  if (args.count("out")) {
    auto summary = datagen::run_datagen(o, args["out"].as<std::string>(), std::cerr);
    if (!summary) {
      std::cerr << "arbiter datagen: " << summary.error() << "\n";
      return kFailure;
    }
    return 0;
  }
  const std::string folder = args["store"].as<std::string>();
  auto store =
      datagen::StoreWriter::open(folder, args["generation"].as<int>(), o.settings_text(), o.seed);
  if (!store) {
    std::cerr << "arbiter datagen: " << store.error() << "\n";
    return kFailure;
  }
  if (store->totals().games)
    std::cerr << "arbiter datagen: resuming " << store->chunk_path() << " at game "
              << store->totals().games << "\n";
  auto summary = datagen::run_datagen(o, store.value(), std::cerr);
  if (!summary) {
    std::cerr << "arbiter datagen: " << summary.error() << "\n";
    return kFailure;
  }
  // The manifest follows the store: every chunk checked again as it stands.
  return check_store_command(folder);
}

}  // namespace arbiter::cli
