// What 'arbiter adjudicate' read from its command line, shared by its two modes:
// one game given by --fen/--moves/--event (adjudicate_single.cpp), or PGN files
// or standard input (adjudicate_pgn.cpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "arbiter/adjudicate/pipeline.h"
#include "arbiter/rules/game.h"
#include "commands.h"

namespace arbiter::cli {

inline constexpr std::string_view kAdjudicateName = "arbiter adjudicate";

struct AdjudicateSettings {
  rules::GameOptions options;
  bool chess960 = false;
  adjudicate::OutputFormat format = adjudicate::OutputFormat::Text;
  int threads = 1;        // PGN mode: 0 = one per hardware thread
  int batch_games = 256;  // PGN mode: games per batch
  bool progress = true;   // PGN mode: a progress line on stderr when it is a terminal
};

// The message on stderr, and the usage exit code.
int adjudicate_usage_error(const std::string& message);

// The --fen mode: one game, its moves and closing events.
int adjudicate_single(const AdjudicateSettings& settings, std::string fen, const std::string& moves,
                      const std::vector<std::string>& events);

// The PGN mode: every game of every file ("-" or none: standard input).
int adjudicate_pgn_files(const AdjudicateSettings& settings, const std::vector<std::string>& files);

// --merge-summaries: the summary lines of earlier JSON runs added into one.
int merge_summary_files(const AdjudicateSettings& settings, const std::vector<std::string>& files);

}  // namespace arbiter::cli
