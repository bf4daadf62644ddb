#include "arbiter/match/match_options.h"

#include <charconv>
#include <cmath>
#include <set>

#include "arbiter/rules/edition.h"

namespace arbiter::match {

namespace {

constexpr std::string_view kOptionPrefix = "option.";
constexpr int kMaxConcurrency = 256;

// One engine's key=value words, before they are known complete.
struct EngineWords {
  std::optional<std::string> cmd, name, dir, args;
  std::optional<std::string> tc, st, nodes, depth, ponder;
  std::vector<std::pair<std::string, std::string>> options;
};

template <class T>
Result<T> parse_number(std::string_view text, std::string_view what, T min, T max) {
  T value{};
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < min || value > max)
    return Error{"bad " + std::string(what) + " '" + std::string(text) + "'"};
  return value;
}

Result<double> parse_real(std::string_view text, std::string_view what) {
  std::string s(text);
  char* end = nullptr;
  double value = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(value))
    return Error{"bad " + std::string(what) + " '" + s + "'"};
  return value;
}

// "key=value" into its halves.
Result<std::pair<std::string, std::string>> split_pair(std::string_view word,
                                                       std::string_view after) {
  size_t eq = word.find('=');
  if (eq == std::string_view::npos || eq == 0)
    return Error{"expected key=value after " + std::string(after) + ", got '" + std::string(word) +
                 "'"};
  return std::make_pair(std::string(word.substr(0, eq)), std::string(word.substr(eq + 1)));
}

Result<bool> add_engine_word(EngineWords& e, std::string_view word, std::string_view flag) {
  Result<std::pair<std::string, std::string>> kv = split_pair(word, flag);
  if (!kv) return Error{kv.error()};
  auto& [key, value] = *kv;
  if (key.starts_with(kOptionPrefix)) {
    std::string name = key.substr(kOptionPrefix.size());
    if (name.empty()) return Error{"empty option name in '" + std::string(word) + "'"};
    e.options.emplace_back(name, value);
    return true;
  }
  std::optional<std::string>* slot = key == "cmd"      ? &e.cmd
                                     : key == "name"   ? &e.name
                                     : key == "dir"    ? &e.dir
                                     : key == "args"   ? &e.args
                                     : key == "tc"     ? &e.tc
                                     : key == "st"     ? &e.st
                                     : key == "nodes"  ? &e.nodes
                                     : key == "depth"  ? &e.depth
                                     : key == "ponder" ? &e.ponder
                                                       : nullptr;
  if (!slot) return Error{"unknown engine key '" + key + "' in '" + std::string(word) + "'"};
  *slot = value;
  return true;
}

// --each fills what an engine leaves open; an engine's own words win.
void inherit(EngineWords& e, const EngineWords& each) {
  for (auto [mine, theirs] : {std::pair{&e.cmd, &each.cmd},
                              {&e.dir, &each.dir},
                              {&e.args, &each.args},
                              {&e.tc, &each.tc},
                              {&e.st, &each.st},
                              {&e.nodes, &each.nodes},
                              {&e.depth, &each.depth},
                              {&e.ponder, &each.ponder}})
    if (!*mine && *theirs) *mine = *theirs;
  std::vector<std::pair<std::string, std::string>> options = each.options;
  for (auto& o : e.options) options.push_back(o);  // sent later, so the engine's own win
  e.options = std::move(options);
}

std::string base_name(const std::string& path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

Result<EngineEntry> make_engine(const EngineWords& e, int number) {
  std::string where = "engine " + std::to_string(number);
  if (!e.cmd || e.cmd->empty()) return Error{where + ": cmd=PATH is missing"};
  EngineEntry entry;
  entry.config.command = *e.cmd;
  entry.config.name = e.name ? *e.name : base_name(*e.cmd);
  entry.config.working_dir = e.dir.value_or("");
  entry.config.options = e.options;
  if (e.args) {
    Result<std::vector<std::string>> args = split_arguments(*e.args);
    if (!args) return Error{where + ": " + args.error()};
    entry.config.args = *args;
  }
  TimeLimit& limit = entry.limit;
  if (e.tc) {
    Result<TimeLimit> tc = parse_time_control(*e.tc);
    if (!tc) return Error{where + ": " + tc.error()};
    limit = *tc;
  }
  if (e.st) {
    Result<int64_t> st = parse_seconds_ms(*e.st);
    if (!st || *st <= 0) return Error{where + ": bad st='" + *e.st + "' (seconds per move)"};
    limit.movetime_ms = *st;
  }
  if (e.nodes) {
    auto nodes = parse_number<int64_t>(*e.nodes, "nodes", 1, INT64_MAX);
    if (!nodes) return Error{where + ": " + nodes.error()};
    limit.nodes = *nodes;
  }
  if (e.depth) {
    auto depth = parse_number<int>(*e.depth, "depth", 1, 1000);
    if (!depth) return Error{where + ": " + depth.error()};
    limit.depth = *depth;
  }
  if (e.ponder) {
    if (*e.ponder != "true" && *e.ponder != "false")
      return Error{where + ": bad ponder='" + *e.ponder + "' (true or false)"};
    entry.ponder = *e.ponder == "true";
    // UCI: an engine that declares Ponder is told it may be asked to ponder.
    if (entry.ponder) entry.config.options.emplace_back("Ponder", "true");
  }
  if (!limit.bounded())
    return Error{where + " (" + entry.config.name +
                 "): no limit: give tc=, st=, nodes= or depth= (on --engine or --each)"};
  return entry;
}

Result<SprtConfig> parse_sprt(const std::vector<std::string>& words) {
  SprtConfig sprt;
  for (const std::string& w : words) {
    Result<std::pair<std::string, std::string>> kv = split_pair(w, "--sprt");
    if (!kv) return Error{kv.error()};
    auto& [key, value] = *kv;
    if (key == "model") {
      if (value == "logistic")
        sprt.model = EloModel::Logistic;
      else if (value == "normalized")
        sprt.model = EloModel::Normalized;
      else
        return Error{"--sprt model must be logistic or normalized, got '" + value + "'"};
      continue;
    }
    double* slot = key == "elo0"    ? &sprt.elo0
                   : key == "elo1"  ? &sprt.elo1
                   : key == "alpha" ? &sprt.alpha
                   : key == "beta"  ? &sprt.beta
                                    : nullptr;
    if (!slot) return Error{"unknown --sprt key '" + key + "'"};
    Result<double> v = parse_real(value, "--sprt " + key);
    if (!v) return Error{v.error()};
    *slot = *v;
  }
  if (sprt.elo1 <= sprt.elo0) return Error{"--sprt needs elo1 > elo0"};
  if (sprt.alpha <= 0 || sprt.alpha >= 1 || sprt.beta <= 0 || sprt.beta >= 1)
    return Error{"--sprt alpha and beta must lie between 0 and 1"};
  return sprt;
}

Result<bool> parse_score_rule(const std::vector<std::string>& words, std::string_view flag,
                              ScoreAdjudication& adj) {
  bool draw = flag == "--draw";
  (draw ? adj.draw : adj.resign) = true;
  for (const std::string& w : words) {
    Result<std::pair<std::string, std::string>> kv = split_pair(w, flag);
    if (!kv) return Error{kv.error()};
    auto& [key, value] = *kv;
    if (!draw && key == "twosided") {
      if (value != "true" && value != "false") return Error{"twosided must be true or false"};
      adj.resign_two_sided = value == "true";
      continue;
    }
    int* slot = nullptr;
    if (key == "movecount")
      slot = draw ? &adj.draw_move_count : &adj.resign_move_count;
    else if (key == "score")
      slot = draw ? &adj.draw_score_cp : &adj.resign_score_cp;
    else if (key == "movenumber" && draw)
      slot = &adj.draw_move_number;
    if (!slot) return Error{"unknown " + std::string(flag) + " key '" + key + "'"};
    auto v = parse_number<int>(value, std::string(flag) + " " + key, 0, 100000);
    if (!v) return Error{v.error()};
    *slot = *v;
  }
  return true;
}

}  // namespace

Result<std::vector<std::string>> split_arguments(std::string_view text) {
  std::vector<std::string> words;
  std::string current;
  bool in_word = false;
  char quote = 0;
  for (char c : text) {
    if (quote) {
      if (c == quote)
        quote = 0;
      else
        current += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_word = true;
    } else if (c == ' ' || c == '\t') {
      if (in_word) words.push_back(std::move(current));
      current.clear();
      in_word = false;
    } else {
      current += c;
      in_word = true;
    }
  }
  if (quote) return Error{"unterminated quote in '" + std::string(text) + "'"};
  if (in_word) words.push_back(std::move(current));
  return words;
}

Result<MatchCommand> parse_match_command(const std::vector<std::string>& args) {
  MatchCommand command;
  MatchConfig& config = command.config;
  std::vector<EngineWords> engines;
  EngineWords each;
  std::optional<int> games, rounds;
  size_t i = 0;
  // The words after a flag up to the next "--" flag.
  auto group = [&]() {
    std::vector<std::string> words;
    while (i < args.size() && !args[i].starts_with("--")) words.push_back(args[i++]);
    return words;
  };
  auto value = [&](const std::string& flag) -> Result<std::string> {
    if (i >= args.size()) return Error{flag + " needs a value"};
    return args[i++];
  };
  while (i < args.size()) {
    std::string flag = args[i++];
    if (flag == "--help" || flag == "-h") {
      command.help = true;
      return command;
    }
    if (flag == "--engine" || flag == "--each") {
      EngineWords& target = flag == "--each" ? each : engines.emplace_back();
      std::vector<std::string> words = group();
      if (words.empty()) return Error{flag + " needs key=value words"};
      for (const std::string& w : words) {
        Result<bool> added = add_engine_word(target, w, flag);
        if (!added) return Error{added.error()};
      }
      continue;
    }
    if (flag == "--sprt" || flag == "--draw" || flag == "--resign") {
      std::vector<std::string> words = group();
      if (flag == "--sprt") {
        Result<SprtConfig> sprt = parse_sprt(words);
        if (!sprt) return Error{sprt.error()};
        config.sprt = *sprt;
      } else {
        Result<bool> ok = parse_score_rule(words, flag, config.game.adjudication);
        if (!ok) return Error{ok.error()};
      }
      continue;
    }
    if (flag == "--resume") {
      config.resume = true;
      continue;
    }
    if (flag == "--quiet") {
      config.progress = false;
      continue;
    }
    Result<std::string> v = value(flag);
    if (!v) return Error{v.error()};
    const std::string& text = *v;
    if (flag == "--games" || flag == "--rounds") {
      auto n = parse_number<int>(text, flag, 1, 1 << 24);
      if (!n) return Error{n.error()};
      (flag == "--games" ? games : rounds) = *n;
    } else if (flag == "--concurrency") {
      auto n = parse_number<int>(text, flag, 1, kMaxConcurrency);
      if (!n) return Error{n.error()};
      config.concurrency = *n;
    } else if (flag == "--openings") {
      command.openings_path = text;
    } else if (flag == "--order") {
      if (text == "random")
        config.order = OpeningOrder::Kind::Random;
      else if (text == "sequential")
        config.order = OpeningOrder::Kind::Sequential;
      else
        return Error{"--order must be random or sequential, got '" + text + "'"};
    } else if (flag == "--seed") {
      auto n = parse_number<uint64_t>(text, flag, 0, UINT64_MAX);
      if (!n) return Error{n.error()};
      config.seed = *n;
    } else if (flag == "--start") {
      auto n = parse_number<size_t>(text, flag, 1, SIZE_MAX);
      if (!n) return Error{n.error() + " (openings are numbered from 1)"};
      config.first_opening = *n - 1;
    } else if (flag == "--pgnout") {
      config.pgn_out = text;
    } else if (flag == "--rules") {
      auto edition = rules::parse_edition(text);
      if (!edition)
        return Error{
            "--rules must be fide-2023, fide-2018, fide-2014, fide-2009 or fide-2001, got '" +
            text + "'"};
      config.game.rules.edition = *edition;
    } else if (flag == "--mode") {
      auto mode = rules::parse_claim_mode(text);
      if (!mode) return Error{"--mode must be proxy-claim or strict, got '" + text + "'"};
      config.game.rules.claim_mode = *mode;
    } else if (flag == "--illegal") {
      auto policy = rules::parse_illegal_move_policy(text);
      if (!policy) return Error{"--illegal must be fide or forfeit, got '" + text + "'"};
      config.game.rules.illegal_moves = *policy;
    } else if (flag == "--tournament") {
      if (text == "round-robin")
        config.tournament = Tournament::RoundRobin;
      else if (text == "gauntlet")
        config.tournament = Tournament::Gauntlet;
      else
        return Error{"--tournament must be round-robin or gauntlet, got '" + text + "'"};
    } else if (flag == "--margin") {
      auto n = parse_number<int64_t>(text, flag, 0, INT64_MAX / 4);
      if (!n) return Error{n.error() + " (milliseconds)"};
      config.game.flag_margin_ms = *n;
    } else if (flag == "--hang-timeout" || flag == "--handshake-timeout") {
      auto n = parse_number<int64_t>(text, flag, 1, INT64_MAX / 4);
      if (!n) return Error{n.error() + " (milliseconds)"};
      (flag == "--hang-timeout" ? config.game.hang_timeout : config.game.handshake_timeout) =
          std::chrono::milliseconds(*n);
    } else if (flag == "--maxmoves") {
      auto n = parse_number<int>(text, flag, 1, 1 << 20);
      if (!n) return Error{n.error()};
      config.game.adjudication.max_moves = *n;
    } else if (flag == "--event") {
      config.game.event = text;
    } else if (flag == "--site") {
      config.game.site = text;
    } else {
      return Error{"unknown option '" + flag + "' (see arbiter match --help)"};
    }
  }
  if (engines.size() < 2) return Error{"a match needs at least two --engine"};
  std::set<std::string> names;
  for (size_t e = 0; e < engines.size(); ++e) {
    inherit(engines[e], each);
    Result<EngineEntry> entry = make_engine(engines[e], static_cast<int>(e + 1));
    if (!entry) return Error{entry.error()};
    if (!names.insert(entry->config.name).second)
      return Error{"two engines are named '" + entry->config.name +
                   "': give each a distinct name="};
    config.engines.push_back(*entry);
  }
  if (games && rounds) return Error{"give --games or --rounds, not both"};
  if (!games && !rounds)
    return Error{"give the number of games (--games N) or rounds (--rounds N)"};
  config.games_per_pairing = games ? *games : 2 * *rounds;
  if (config.sprt && config.engines.size() != 2) return Error{"--sprt needs exactly two engines"};
  // For the header; each game sets it again from its White's limit.
  config.game.rules.time_control =
      fide_time_control_class(config.engines[0].limit, config.game.rules.edition);
  return command;
}

std::string match_usage() {
  return R"(usage: arbiter match --engine cmd=PATH [name=NAME] [args="..."] [dir=DIR] [option.NAME=VALUE ...]
                     --engine ... [--each KEY=VALUE ...] --games N | --rounds N [options]
Engine keys (on --engine, or on --each for every engine; an engine's own win):
  cmd=PATH  name=NAME  args="ARGS"  dir=DIR  option.NAME=VALUE
  tc=10+0.1 | tc=40/60 | tc=40/60+1   clock: seconds + increment, moves/seconds
  st=2      fixed seconds per move;  nodes=N;  depth=N
  ponder=true   think on the opponent's time (go ponder, then ponderhit or stop)
Games:
  --games N           games per pairing (an opening is played twice, colours reversed)
  --rounds N          rounds per pairing: 2N games
  --tournament round-robin|gauntlet   (gauntlet: the first engine against each other)
  --concurrency N     games at once (default 1)
  --openings FILE     EPD or PGN openings (default: the starting position)
  --order sequential|random  --seed N  --start N (first opening, from 1)
  --pgnout FILE       every game appended as soon as it ends;  --resume: skip the games already there
Laws (via Arbiter's adjudicator):
  --rules fide-2023|fide-2018|fide-2014|fide-2009|fide-2001   (default fide-2023)
  --mode proxy-claim|strict   (default proxy-claim: 9.2/9.3 draws claimed for the side to move)
  --illegal fide|forfeit      (default fide: the edition's strikes; forfeit: the first loses)
  --margin MS         a flag falls when a move takes more than the time left plus MS (default 0)
  --hang-timeout MS   untimed searches (nodes=, depth=) answering later are abandoned (default 60000)
  --handshake-timeout MS  (default 10000)
Conveniences that are not FIDE (off by default; the PGN says when one is on):
  --draw movenumber=40 movecount=8 score=10     --resign movecount=3 score=1000 [twosided=true]
  --maxmoves N
Statistics:
  --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 [model=logistic|normalized]   (two engines)
  --quiet             no progress line per game
  --event NAME  --site NAME   PGN tags
)";
}

}  // namespace arbiter::match
