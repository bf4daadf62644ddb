// The command line of `arbiter match`, parsed into a MatchConfig. Engines are
// given as groups of key=value words after --engine (and --each for all):
//
//   arbiter match --engine cmd=./arbiter name=new option.Hash=16
//                 --engine cmd=stockfish name=sf option.Threads=1
//                 --each tc=10+0.1 --games 200 --concurrency 2
//                 --openings 8moves_v3.pgn --order random --seed 7 --pgnout out.pgn
//                 --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "arbiter/core/result.h"
#include "arbiter/match/match.h"

namespace arbiter::match {

struct MatchCommand {
  MatchConfig config;
  std::string openings_path;  // empty: the standard starting position
  bool help = false;
};

// Every error names the offending word; nothing is guessed.
Result<MatchCommand> parse_match_command(const std::vector<std::string>& args);

// The --help text.
std::string match_usage();

// "-u --foo 'a b'": words split on blanks, with '...' and "..." grouping.
Result<std::vector<std::string>> split_arguments(std::string_view text);

}  // namespace arbiter::match
