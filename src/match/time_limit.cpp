#include "arbiter/match/time_limit.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace arbiter::match {

namespace {

constexpr int64_t kMsPerSecond = 1000;
constexpr int64_t kSecondsPerMinute = 60;
// Longer than any real game; keeps the millisecond arithmetic far from overflow.
constexpr double kMaxSeconds = 1e9;

std::string seconds_text(int64_t ms) {
  std::string out = std::to_string(ms / kMsPerSecond);
  if (int64_t frac = ms % kMsPerSecond; frac != 0) {
    std::string digits = std::to_string(frac + kMsPerSecond).substr(1);  // zero-padded
    while (digits.back() == '0') digits.pop_back();
    out += "." + digits;
  }
  return out;
}

Result<int> parse_count(std::string_view text, std::string_view what) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value <= 0)
    return Error{"bad " + std::string(what) + " '" + std::string(text) + "'"};
  return value;
}

}  // namespace

Result<int64_t> parse_seconds_ms(std::string_view text) {
  // Digits with at most one '.', nothing else (no signs, exponents or spaces).
  bool seen_dot = false, seen_digit = false;
  for (char c : text) {
    if (c == '.' && !seen_dot) {
      seen_dot = true;
    } else if (c >= '0' && c <= '9') {
      seen_digit = true;
    } else {
      return Error{"bad time '" + std::string(text) + "' (seconds, e.g. 10 or 0.1)"};
    }
  }
  if (!seen_digit) return Error{"bad time '" + std::string(text) + "' (seconds, e.g. 10 or 0.1)"};
  double seconds = std::stod(std::string(text));
  if (seconds > kMaxSeconds) return Error{"time '" + std::string(text) + "' is too large"};
  return static_cast<int64_t>(std::llround(seconds * kMsPerSecond));
}

Result<TimeLimit> parse_time_control(std::string_view text) {
  TimeLimit limit;
  if (text == "inf" || text == "infinite") return limit;
  std::string_view rest = text;
  // Moves per period: "40/..."
  if (size_t slash = rest.find('/'); slash != std::string_view::npos) {
    Result<int> moves = parse_count(rest.substr(0, slash), "moves per period");
    if (!moves) return Error{moves.error() + " in time control '" + std::string(text) + "'"};
    limit.moves_per_period = *moves;
    rest.remove_prefix(slash + 1);
  }
  // Increment: "...+0.1"
  if (size_t plus = rest.find('+'); plus != std::string_view::npos) {
    Result<int64_t> inc = parse_seconds_ms(rest.substr(plus + 1));
    if (!inc) return Error{inc.error() + " in time control '" + std::string(text) + "'"};
    limit.increment_ms = *inc;
    rest = rest.substr(0, plus);
  }
  // Base: seconds, or minutes:seconds.
  int64_t base_ms = 0;
  if (size_t colon = rest.find(':'); colon != std::string_view::npos) {
    Result<int> minutes = parse_count(rest.substr(0, colon), "minutes");
    Result<int64_t> seconds = parse_seconds_ms(rest.substr(colon + 1));
    if (!minutes || !seconds)
      return Error{"bad base time '" + std::string(rest) + "' in time control '" +
                   std::string(text) + "'"};
    base_ms = *minutes * kSecondsPerMinute * kMsPerSecond + *seconds;
  } else {
    Result<int64_t> seconds = parse_seconds_ms(rest);
    if (!seconds) return Error{seconds.error() + " in time control '" + std::string(text) + "'"};
    base_ms = *seconds;
  }
  if (base_ms <= 0 && limit.increment_ms <= 0)
    return Error{"time control '" + std::string(text) + "' gives no time"};
  limit.base_ms = base_ms;
  return limit;
}

std::string TimeLimit::pgn_tag() const {
  if (has_clock()) {
    std::string out;
    if (moves_per_period > 0) out += std::to_string(moves_per_period) + "/";
    out += seconds_text(*base_ms);
    if (increment_ms > 0) out.append("+").append(seconds_text(increment_ms));
    return out;
  }
  // PGN standard 9.6.1: "*N" is a sandclock; a fixed time per move has no
  // standard form, so it is written as moves/seconds with one move per period.
  if (has_movetime()) return "1/" + seconds_text(*movetime_ms);
  return "-";
}

std::string TimeLimit::describe() const {
  std::string out;
  auto add = [&out](const std::string& s) { out += (out.empty() ? "" : " ") + s; };
  if (has_clock()) add(pgn_tag());
  if (has_movetime()) add("st=" + seconds_text(*movetime_ms));
  if (nodes) add("nodes=" + std::to_string(*nodes));
  if (depth) add("depth=" + std::to_string(*depth));
  return out.empty() ? "inf" : out;
}

rules::TimeControlClass fide_time_control_class(const TimeLimit& limit, rules::Edition edition) {
  if (!limit.has_clock() || limit.moves_per_period > 0) return rules::TimeControlClass::Standard;
  int base_s = static_cast<int>(*limit.base_ms / kMsPerSecond);
  int increment_s = static_cast<int>(limit.increment_ms / kMsPerSecond);
  return rules::classify_time_control(rules::rule_set(edition), base_s, increment_s);
}

GameClock::GameClock(const TimeLimit& limit) : limit_(limit) {
  timed_ = limit.has_clock() || limit.has_movetime();
  if (limit.has_clock())
    remaining_ms_ = *limit.base_ms;
  else if (limit.has_movetime())
    remaining_ms_ = *limit.movetime_ms;
}

std::optional<int> GameClock::moves_to_go() const {
  if (!limit_.has_clock() || limit_.moves_per_period == 0) return std::nullopt;
  return limit_.moves_per_period - moves_made_ % limit_.moves_per_period;
}

bool GameClock::charge(int64_t elapsed_ms, int64_t margin_ms) {
  if (!timed_) return true;
  if (elapsed_ms > remaining_ms_ + margin_ms) {
    remaining_ms_ -= elapsed_ms;
    return false;
  }
  ++moves_made_;
  // Within the margin but past zero: the clock shows zero, not a debt.
  remaining_ms_ = std::max<int64_t>(remaining_ms_ - elapsed_ms, 0) + elapsed_ms;
  if (limit_.has_movetime() && !limit_.has_clock()) {
    remaining_ms_ = *limit_.movetime_ms;  // refilled: every move has the same time
    return true;
  }
  remaining_ms_ += limit_.increment_ms - elapsed_ms;
  // A new period starts after every moves_per_period moves (FIDE 6.2 style).
  if (limit_.moves_per_period > 0 && moves_made_ % limit_.moves_per_period == 0)
    remaining_ms_ += *limit_.base_ms;
  return true;
}

}  // namespace arbiter::match
