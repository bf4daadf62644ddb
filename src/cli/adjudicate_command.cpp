// arbiter adjudicate: the command line, shared by the single-game mode (--fen)
// and the PGN mode (files, or standard input).
#include <cxxopts.hpp>
#include <iostream>
#include <string>
#include <vector>

#include "adjudicate_settings.h"
#include "commands.h"

namespace arbiter::cli {

namespace {

constexpr std::string_view kDescription =
    "The FIDE verdict on games: PGN files (standard input when none is given, or '-'),\n"
    "or one game given by --fen, --moves and --event.\n"
    "\n"
    "PGN mode: one verdict per game, in input order whatever --threads, then a\n"
    "summary (text: a block; json: a last line {\"summary\":{...}}; csv: rows only,\n"
    "the summary as text on stderr). The moves decide\n"
    "first (mate, stalemate, dead position, and from fide-2014 fivefold and 75 moves;\n"
    "with --mode proxy-claim also threefold and fifty moves at the first chance).\n"
    "A PGN records no other event, so after the last move the judge infers one, and\n"
    "says so (JSON \"inferred\"):\n"
    "  Termination \"Time forfeit\": the side to move at the end lost on time, 6.9:\n"
    "    a draw if the opponent cannot mate;\n"
    "  a decisive result with Termination \"Normal\" or none: the loser resigned,\n"
    "    5.1.2 (fide-2023: a draw if the opponent cannot mate);\n"
    "  1/2-1/2 with Termination \"Normal\" or none: a draw claim by the side to move\n"
    "    if one was correct at the end, else an agreement (5.2.3; from fide-2018\n"
    "    only after a move by each player).\n"
    "Other Termination values and '*' infer nothing; moves after an automatic end\n"
    "change nothing (JSON \"plies\" counts them, \"ply\" is where the game ended).\n"
    "Exit code: 0 when every game was read (disagreements included), 1 when a game\n"
    "or a file could not be read, 2 for bad usage. A progress line goes to stderr\n"
    "when it is a terminal (never to stdout).\n";

int read_settings(const cxxopts::ParseResult& args, AdjudicateSettings& s) {
  const std::string rules = args["rules"].as<std::string>();
  auto edition = rules::parse_edition(rules);
  if (!edition) return adjudicate_usage_error("unknown --rules '" + rules + "'");
  s.options.edition = *edition;
  const std::string mode = args["mode"].as<std::string>();
  auto claim_mode = rules::parse_claim_mode(mode);
  if (!claim_mode)
    return adjudicate_usage_error("unknown --mode '" + mode + "' (strict, proxy-claim)");
  s.options.claim_mode = *claim_mode;
  const std::string illegal = args["illegal"].as<std::string>();
  auto illegal_moves = rules::parse_illegal_move_policy(illegal);
  if (!illegal_moves)
    return adjudicate_usage_error("unknown --illegal '" + illegal + "' (fide, forfeit)");
  s.options.illegal_moves = *illegal_moves;
  const std::string halfmove = args["fen-halfmove"].as<std::string>();
  if (halfmove != "trust" && halfmove != "ignore")
    return adjudicate_usage_error("unknown --fen-halfmove '" + halfmove + "' (trust, ignore)");
  s.options.trust_fen_halfmove_clock = halfmove == "trust";
  const std::string tc = args["time-control"].as<std::string>();
  auto tc_class = rules::parse_time_control_class(tc);
  if (!tc_class)
    return adjudicate_usage_error("unknown --time-control '" + tc + "' (standard, rapid, blitz)");
  s.options.time_control = *tc_class;
  const std::string format = args["format"].as<std::string>();
  if (format == "text")
    s.format = adjudicate::OutputFormat::Text;
  else if (format == "json")
    s.format = adjudicate::OutputFormat::Json;
  else if (format == "csv")
    s.format = adjudicate::OutputFormat::Csv;
  else
    return adjudicate_usage_error("unknown --format '" + format + "' (text, json, csv)");
  s.chess960 = args.count("chess960") > 0;
  s.threads = args["threads"].as<int>();
  if (s.threads < 0) return adjudicate_usage_error("--threads must be 0 (all) or more");
  s.batch_games = args["batch-games"].as<int>();
  if (s.batch_games < 1) return adjudicate_usage_error("--batch-games must be 1 or more");
  s.progress = args.count("no-progress") == 0;
  return 0;
}

// Options that only mean something for one game given on the command line.
constexpr const char* kSingleGameOptions[] = {"moves", "event", "chess960", "illegal",
                                              "time-control"};

}  // namespace

int adjudicate_usage_error(const std::string& message) {
  std::cerr << kAdjudicateName << ": " << message << "\n";
  return kUsageError;
}

int run_adjudicate(int argc, char** argv) {
  cxxopts::Options options{std::string(kAdjudicateName), std::string(kDescription)};
  options.custom_help("[FILE.pgn ...] [options] | --fen FEN [--moves MOVES] [--event EVENT]");
  options.positional_help("");
  options.add_options()("fen", "one game: its start position (FEN, or 'startpos')",
                        cxxopts::value<std::string>())(
      "moves", "one game: moves played from --fen, UCI or SAN, separated by spaces",
      cxxopts::value<std::string>()->default_value(""))(
      "event",
      "one game, after the moves: flag:w|b, resign:w|b, illegal2:w|b, illegal:w|b, "
      "claim:w|b[:MOVE], offer:w|b, accept:w|b, both-flags[:last] (repeat or separate by commas)",
      cxxopts::value<std::vector<std::string>>())(
      "rules", "fide-2023, fide-2018, fide-2014, fide-2009 or fide-2001",
      cxxopts::value<std::string>()->default_value("fide-2023"))(
      "mode",
      "strict (claims only when made; PGN: listed, not applied) or proxy-claim (the arbiter "
      "claims at the first chance)",
      cxxopts::value<std::string>()->default_value("strict"))(
      "illegal", "one game: fide (the edition's strikes) or forfeit (the first illegal move loses)",
      cxxopts::value<std::string>()->default_value("fide"))(
      "fen-halfmove", "trust or ignore the halfmove counter of a start FEN (50/75 moves)",
      cxxopts::value<std::string>()->default_value("trust"))(
      "time-control", "one game: standard, rapid or blitz (penalty sizes, illegal-move rule)",
      cxxopts::value<std::string>()->default_value("standard"))(
      "format", "text, json (one object per line) or csv (PGN: a header line, a row per game)",
      cxxopts::value<std::string>()->default_value("text"))(
      "threads", "PGN: worker threads (0: one per hardware thread)",
      cxxopts::value<int>()->default_value("1"))(
      "batch-games", "PGN: games per batch handed to a thread (tuning, tests)",
      cxxopts::value<int>()->default_value("256"))("no-progress",
                                                   "PGN: no progress line on stderr")(
      "chess960", "one game: read FEN castling rights and UCI castling as Chess960")(
      "merge-summaries",
      "read earlier --format json outputs (files or standard input) and print their summary "
      "lines added up")("files", "PGN files ('-': standard input)",
                        cxxopts::value<std::vector<std::string>>())("h,help", "print this help");
  options.parse_positional({"files"});
  try {
    auto args = options.parse(argc, argv);
    if (args.count("help")) {
      std::cout << options.help() << "\n";
      return 0;
    }
    if (!args.unmatched().empty())
      return adjudicate_usage_error("unexpected argument '" + args.unmatched().front() + "'");
    AdjudicateSettings settings;
    if (const int rc = read_settings(args, settings); rc != 0) return rc;
    std::vector<std::string> files;
    if (args.count("files")) files = args["files"].as<std::vector<std::string>>();

    if (args.count("merge-summaries")) {
      if (args.count("fen"))
        return adjudicate_usage_error("--merge-summaries reads files, not --fen");
      if (settings.format == adjudicate::OutputFormat::Csv)
        return adjudicate_usage_error("--merge-summaries prints text or json");
      return merge_summary_files(settings, files);
    }
    if (args.count("fen")) {
      if (settings.format == adjudicate::OutputFormat::Csv)
        return adjudicate_usage_error("--format csv is for PGN input (one row per game)");
      if (!files.empty())
        return adjudicate_usage_error("give either --fen or PGN files, not both ('" +
                                      files.front() + "')");
      std::vector<std::string> events;
      if (args.count("event"))
        for (const std::string& e : args["event"].as<std::vector<std::string>>())
          if (!e.empty()) events.push_back(e);
      return adjudicate_single(settings, args["fen"].as<std::string>(),
                               args["moves"].as<std::string>(), events);
    }
    for (const char* name : kSingleGameOptions)
      if (args.count(name))
        return adjudicate_usage_error(std::string("--") + name +
                                      " needs --fen (it describes one game, not PGN input)");
    return adjudicate_pgn_files(settings, files);
  } catch (const cxxopts::exceptions::exception& e) {
    return adjudicate_usage_error(e.what());
  }
}

}  // namespace arbiter::cli
