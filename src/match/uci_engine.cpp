#include "arbiter/match/uci_engine.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "arbiter/core/text.h"

namespace arbiter::match {

namespace {

using core::iequals;
using std::chrono::milliseconds;

// After the output closes, how long we wait to learn how the process ended.
constexpr milliseconds kExitReportWait{100};

// Messages an engine may send to the GUI (UCI 2006, "Engine to GUI"): anything
// else is counted as garbage and ignored.
constexpr std::string_view kEngineCommands[] = {
    "id", "uciok", "readyok", "bestmove", "info", "copyprotection", "registration", "option"};

// words[from, to) joined by single spaces.
std::string join_words(const std::vector<std::string_view>& words, size_t from,
                       size_t to = std::string::npos) {
  std::string out;
  to = std::min(to, words.size());
  for (size_t i = from; i < to; ++i) {
    if (!out.empty()) out += ' ';
    out += words[i];
  }
  return out;
}

template <class Int>
bool parse_int(std::string_view text, Int& out) {
  Int value{};
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return false;
  out = value;
  return true;
}

bool is_engine_command(std::string_view word) {
  return std::find(std::begin(kEngineCommands), std::end(kEngineCommands), word) !=
         std::end(kEngineCommands);
}

int64_t ms_since(Clock::time_point start) {
  return std::chrono::duration_cast<milliseconds>(Clock::now() - start).count();
}

}  // namespace

std::vector<std::string_view> split_words(std::string_view line) {
  std::vector<std::string_view> words;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    size_t start = i;
    while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i > start) words.push_back(line.substr(start, i - start));
  }
  return words;
}

std::optional<InfoLine> parse_info_line(std::string_view line) {
  std::vector<std::string_view> words = split_words(line);
  if (words.empty() || words[0] != "info") return std::nullopt;
  if (words.size() > 1 && words[1] == "string") return std::nullopt;
  InfoLine out;
  SearchInfo& info = out.info;
  for (size_t i = 1; i < words.size(); ++i) {
    std::string_view key = words[i];
    bool has_value = i + 1 < words.size();
    if (key == "string" || key == "refutation" || key == "currline") {
      break;  // the rest of the line belongs to it
    } else if (key == "pv") {
      info.pv = join_words(words, i + 1);
      out.has_depth_or_pv = true;
      break;
    } else if (key == "depth" && has_value) {
      if (parse_int(words[++i], info.depth)) out.has_depth_or_pv = true;
    } else if (key == "multipv" && has_value) {
      parse_int(words[++i], out.multipv);
    } else if (key == "nodes" && has_value) {
      parse_int(words[++i], info.nodes);
    } else if (key == "time" && has_value) {
      parse_int(words[++i], info.time_ms);
    } else if (key == "score" && i + 2 < words.size()) {
      // "score cp N" or "score mate N"; a following lowerbound/upperbound keeps the value.
      std::string_view kind = words[i + 1];
      int value = 0;
      if ((kind == "cp" || kind == "mate") && parse_int(words[i + 2], value)) {
        info.score_cp.reset();
        info.score_mate.reset();
        (kind == "cp" ? info.score_cp : info.score_mate) = value;
        out.has_score = true;
        i += 2;
      }
    }
    // Anything else (seldepth, nps, hashfull, currmove, bounds, ...) is skipped word by word.
  }
  return out;
}

UciEngine::UciEngine(EngineConfig config) : config_(std::move(config)) {}
UciEngine::~UciEngine() = default;  // the process is killed if still running
UciEngine::UciEngine(UciEngine&&) noexcept = default;
UciEngine& UciEngine::operator=(UciEngine&&) noexcept = default;

int64_t UciEngine::pid() const { return process_ ? process_->pid() : -1; }

bool UciEngine::alive() { return process_ && process_->running(); }

const std::string& UciEngine::id_name() const { return id_name_.empty() ? config_.name : id_name_; }

bool UciEngine::declares_option(std::string_view name) const {
  return std::any_of(declared_options_.begin(), declared_options_.end(),
                     [name](const std::string& declared) { return iequals(declared, name); });
}

Result<bool> UciEngine::fail_start(std::string message) {
  if (process_) {
    // An exit code or signal helps the user more than "closed its output".
    if (process_->wait_exit(milliseconds(0))) {
      std::string how = process_->exit_description();
      if (!how.empty()) message += " (" + how + ")";
    }
    process_->kill();
  }
  last_error_ = message;
  return Error{message};
}

Result<bool> UciEngine::start(milliseconds timeout) {
  id_name_.clear();
  declared_options_.clear();
  warnings_.clear();
  last_error_.clear();
  if (!process_) process_ = std::make_unique<EngineProcess>();

  std::vector<std::string> argv{config_.command};
  argv.insert(argv.end(), config_.args.begin(), config_.args.end());
  Result<bool> started = process_->start(argv, config_.working_dir);
  if (!started) {
    last_error_ = started.error();
    return Error{last_error_};
  }
  if (!process_->write_line("uci")) return fail_start("exited before the handshake");

  const std::string timeout_text = std::to_string(timeout.count()) + " ms";
  const Clock::time_point deadline = Clock::now() + timeout;
  std::string line;
  for (bool uciok = false; !uciok;) {
    ReadStatus status = process_->read_line(line, deadline);
    if (status == ReadStatus::Timeout) return fail_start("no uciok within " + timeout_text);
    if (status == ReadStatus::Closed) {
      process_->wait_exit(kExitReportWait);
      return fail_start("exited during the handshake (before uciok)");
    }
    std::vector<std::string_view> words = split_words(line);
    if (words.empty()) continue;
    if (words[0] == "uciok") {
      uciok = true;
    } else if (words[0] == "id" && words.size() > 2 && words[1] == "name") {
      id_name_ = join_words(words, 2);
    } else if (words[0] == "option" && words.size() > 2 && words[1] == "name") {
      auto type = std::find(words.begin() + 2, words.end(), "type");
      std::string name = join_words(words, 2, size_t(type - words.begin()));
      if (!name.empty()) declared_options_.push_back(std::move(name));
    }
  }

  for (const auto& [name, value] : config_.options) {
    if (!declares_option(name))
      warnings_.push_back("option '" + name + "' is not declared by " + id_name() +
                          " (sent anyway)");
    Result<bool> sent = set_option(name, value);
    if (!sent) return fail_start(sent.error());
  }
  Result<bool> ready = sync(timeout);
  if (!ready) return fail_start(ready.error());
  return true;
}

Result<bool> UciEngine::set_option(std::string_view name, std::string_view value) {
  std::string command = "setoption name " + std::string(name);
  if (!value.empty()) command += " value " + std::string(value);
  if (!process_ || !process_->write_line(command))
    return Error{"cannot send '" + command + "': the engine is not running"};
  return true;
}

ReadStatus UciEngine::wait_for(std::string_view token, Clock::time_point deadline) {
  std::string line;
  for (;;) {
    ReadStatus status = process_->read_line(line, deadline);
    if (status != ReadStatus::Line) return status;
    std::vector<std::string_view> words = split_words(line);
    if (!words.empty() && words[0] == token) return ReadStatus::Line;
  }
}

Result<bool> UciEngine::sync(milliseconds timeout) {
  if (!process_ || !process_->write_line("isready")) return Error{"exited before isready"};
  switch (wait_for("readyok", Clock::now() + timeout)) {
    case ReadStatus::Line:
      return true;
    case ReadStatus::Timeout:
      return Error{"no readyok within " + std::to_string(timeout.count()) + " ms"};
    case ReadStatus::Closed:
      break;
  }
  return Error{"exited before readyok"};
}

Result<bool> UciEngine::new_game(milliseconds timeout) {
  if (!process_ || !process_->write_line("ucinewgame")) return Error{"exited before ucinewgame"};
  return sync(timeout);
}

BestMoveReply UciEngine::go(const std::string& position_command, const GoLimits& limits,
                            Clock::time_point deadline) {
  pondering_ = false;
  if (!process_ || !process_->write_line(position_command) ||
      !process_->write_line(format_go(limits))) {
    BestMoveReply reply;
    reply.status = ReplyStatus::Crashed;
    return reply;
  }
  return read_reply(Clock::now(), deadline);
}

bool UciEngine::start_ponder(const std::string& position_command, GoLimits limits) {
  limits.ponder = true;
  pondering_ =
      process_ && process_->write_line(position_command) && process_->write_line(format_go(limits));
  return pondering_;
}

BestMoveReply UciEngine::ponderhit(Clock::time_point deadline) {
  pondering_ = false;
  if (!process_ || !process_->write_line("ponderhit")) {
    BestMoveReply reply;
    reply.status = ReplyStatus::Crashed;
    return reply;
  }
  return read_reply(Clock::now(), deadline);
}

std::optional<int64_t> UciEngine::stop_ponder(milliseconds grace, milliseconds handshake_timeout) {
  if (!pondering_) return std::nullopt;
  pondering_ = false;
  const Clock::time_point stop_sent = Clock::now();
  if (alive() && process_->write_line("stop") &&
      wait_for("bestmove", stop_sent + grace) == ReadStatus::Line)
    return ms_since(stop_sent);
  restart(handshake_timeout);
  return std::nullopt;
}

BestMoveReply UciEngine::read_reply(Clock::time_point go_sent, Clock::time_point deadline) {
  BestMoveReply reply;
  bool have_score = false;
  std::string line;
  for (;;) {
    ReadStatus status = process_->read_line(line, deadline);
    if (status != ReadStatus::Line) {
      reply.status = status == ReadStatus::Timeout ? ReplyStatus::Timeout : ReplyStatus::Crashed;
      reply.elapsed_ms = ms_since(go_sent);
      if (reply.status == ReplyStatus::Crashed && process_->wait_exit(kExitReportWait))
        last_error_ = process_->exit_description();
      return reply;
    }
    std::vector<std::string_view> words = split_words(line);
    if (words.empty()) continue;
    if (words[0] == "bestmove") {
      reply.elapsed_ms = ms_since(go_sent);
      if (words.size() > 1) reply.move = std::string(words[1]);
      if (words.size() > 3 && words[2] == "ponder") reply.ponder = std::string(words[3]);
      return reply;
    }
    if (words[0] == "info") {
      std::optional<InfoLine> info = parse_info_line(line);
      if (!info || info->multipv != 1) continue;
      if (info->has_score) {
        reply.info = info->info;
        have_score = true;
      } else if (!have_score && info->has_depth_or_pv) {
        reply.info = info->info;
      }
      continue;
    }
    if (!is_engine_command(words[0])) ++reply.garbage_lines;
  }
}

bool UciEngine::recover(milliseconds grace, milliseconds handshake_timeout) {
  if (alive() && process_->write_line("stop") &&
      wait_for("bestmove", Clock::now() + grace) == ReadStatus::Line)
    return true;
  return restart(handshake_timeout);
}

bool UciEngine::restart(milliseconds handshake_timeout) {
  pondering_ = false;
  if (process_) process_->kill();
  return start(handshake_timeout).ok();
}

void UciEngine::quit(milliseconds grace) {
  if (!process_) return;
  if (process_->running() && process_->write_line("quit")) process_->wait_exit(grace);
  process_->kill();  // no-op on a process that exited, apart from closing the pipes
}

std::string UciEngine::format_go(const GoLimits& limits) {
  std::string out = limits.ponder ? "go ponder" : "go";
  auto add = [&out](std::string_view key, const auto& value) {
    if (!value) return;
    out += ' ';
    out += key;
    out += ' ';
    out += std::to_string(*value);
  };
  add("wtime", limits.wtime);
  add("btime", limits.btime);
  add("winc", limits.winc);
  add("binc", limits.binc);
  add("movestogo", limits.movestogo);
  add("depth", limits.depth);
  add("nodes", limits.nodes);
  add("movetime", limits.movetime);
  if (limits.infinite) out += " infinite";
  return out;
}

}  // namespace arbiter::match
