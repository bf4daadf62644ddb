// TimeControl, Termination and Variant tags; the %clk comment command.
#include "arbiter/pgn/tags.h"

#include <array>
#include <cctype>
#include <cstring>
#include <limits>

#include "arbiter/core/text.h"
#include "movetext_bytes.h"

namespace arbiter::pgn {

namespace {

constexpr int64_t kMsPerSecond = 1000;
constexpr int64_t kSecondsPerMinute = 60;
constexpr int64_t kSecondsPerHour = 3600;
// Longer than any game: keeps the arithmetic far from overflow.
constexpr int64_t kMaxSeconds = int64_t(1) << 40;

using detail::is_digit;

// Whole decimal number filling all of `s`.
std::optional<int64_t> parse_number(std::string_view s) {
  if (s.empty()) return std::nullopt;
  int64_t v = 0;
  for (char c : s) {
    if (!is_digit(c)) return std::nullopt;
    v = v * 10 + (c - '0');
    if (v > kMaxSeconds) return std::nullopt;
  }
  return v;
}

std::string trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return std::string(s);
}

Result<TimePeriod> parse_period(std::string_view field) {
  TimePeriod p;
  std::string_view s = field;
  if (!s.empty() && s.front() == '*') {
    p.sandclock = true;
    s.remove_prefix(1);
  }
  if (size_t slash = s.find('/'); slash != std::string_view::npos && !p.sandclock) {
    auto moves = parse_number(s.substr(0, slash));
    if (!moves || *moves == 0 || *moves > std::numeric_limits<int>::max())
      return Error{"bad move count in TimeControl field '" + std::string(field) + "'"};
    p.moves = int(*moves);
    s.remove_prefix(slash + 1);
  }
  std::string_view increment;
  if (size_t plus = s.find('+'); plus != std::string_view::npos && !p.sandclock) {
    increment = s.substr(plus + 1);
    s = s.substr(0, plus);
    auto inc = parse_number(increment);
    if (!inc) return Error{"bad increment in TimeControl field '" + std::string(field) + "'"};
    p.increment_ms = *inc * kMsPerSecond;
  }
  auto base = parse_number(s);
  if (!base) return Error{"bad seconds in TimeControl field '" + std::string(field) + "'"};
  p.base_ms = *base * kMsPerSecond;
  return p;
}

}  // namespace

Result<TimeControl> parse_time_control(std::string_view text) {
  std::string t = trim(text);
  TimeControl tc;
  if (t == "?") return tc;
  if (t == "-") {
    tc.kind = TimeControl::Kind::Untimed;
    return tc;
  }
  if (t.empty()) return Error{"empty TimeControl"};
  tc.kind = TimeControl::Kind::Timed;
  std::string_view rest = t;
  while (true) {
    size_t colon = rest.find(':');
    Result<TimePeriod> p = parse_period(rest.substr(0, colon));
    if (!p) return Error{p.error()};
    tc.periods.push_back(p.value());
    if (colon == std::string_view::npos) break;
    rest.remove_prefix(colon + 1);
  }
  // Only the last period may be open-ended.
  for (size_t i = 0; i + 1 < tc.periods.size(); ++i)
    if (tc.periods[i].moves == 0)
      return Error{"TimeControl '" + t + "': only the last period may lack a move count"};
  return tc;
}

Termination parse_termination(std::string_view text) {
  struct Name {
    std::string_view name;
    Termination value;
  };
  static constexpr std::array<Name, 8> kNames = {{
      {"normal", Termination::Normal},
      {"time forfeit", Termination::TimeForfeit},
      {"abandoned", Termination::Abandoned},
      {"adjudication", Termination::Adjudication},
      {"death", Termination::Death},
      {"emergency", Termination::Emergency},
      {"rules infraction", Termination::RulesInfraction},
      {"unterminated", Termination::Unterminated},
  }};
  // "time forfeit: draw, FIDE 6.9": the standard value, then details after a colon.
  std::string t = core::ascii_lower(trim(text.substr(0, text.find(':'))));
  for (const Name& n : kNames)
    if (t == n.name) return n.value;
  return Termination::Unknown;
}

Variant parse_variant(std::string_view text) {
  std::string t = core::ascii_lower(trim(text));
  if (t.empty() || t == "standard" || t == "from position" || t == "normal")
    return Variant::Standard;
  if (t == "chess960" || t == "chess 960" || t == "fischerandom" || t == "fischer random" ||
      t == "960")
    return Variant::Chess960;
  return Variant::Unsupported;
}

std::optional<int64_t> find_clock_ms(std::string_view comment) {
  // memchr for '%' beats string_view::find here: it runs on every comment.
  constexpr std::string_view kCommand = "[%clk";
  size_t at = 0;
  while (true) {
    const void* p = std::memchr(comment.data() + at, '%', comment.size() - at);
    if (p == nullptr) return std::nullopt;
    at = size_t(static_cast<const char*>(p) - comment.data());
    if (at > 0 && comment.substr(at - 1, kCommand.size()) == kCommand) break;
    ++at;
  }
  std::string_view s = comment.substr(at - 1 + kCommand.size());
  size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  if (i == 0) return std::nullopt;
  // h+ ':' mm ':' ss ('.' f+)?
  int64_t fields[3] = {0, 0, 0};
  for (int f = 0; f < 3; ++f) {
    size_t start = i;
    while (i < s.size() && is_digit(s[i]) && i - start < 12)
      fields[f] = fields[f] * 10 + (s[i++] - '0');
    if (i == start || (f > 0 && i - start != 2)) return std::nullopt;
    if (f < 2) {
      if (i >= s.size() || s[i] != ':') return std::nullopt;
      ++i;
    }
  }
  if (fields[1] >= kSecondsPerMinute || fields[2] >= kSecondsPerMinute) return std::nullopt;
  int64_t ms =
      (fields[0] * kSecondsPerHour + fields[1] * kSecondsPerMinute + fields[2]) * kMsPerSecond;
  if (i < s.size() && s[i] == '.') {
    ++i;
    int64_t scale = 100;
    size_t start = i;
    while (i < s.size() && is_digit(s[i])) {
      ms += (s[i++] - '0') * scale;
      scale /= 10;
    }
    if (i == start) return std::nullopt;
  }
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  if (i >= s.size() || s[i] != ']') return std::nullopt;
  return ms;
}

std::string format_clock(int64_t ms) {
  if (ms < 0) ms = 0;
  int64_t seconds = ms / kMsPerSecond;
  int64_t frac = ms % kMsPerSecond;
  std::string out = std::to_string(seconds / kSecondsPerHour) + ':';
  int64_t minutes = seconds / kSecondsPerMinute % kSecondsPerMinute;
  int64_t secs = seconds % kSecondsPerMinute;
  out += char('0' + minutes / 10);
  out += char('0' + minutes % 10);
  out += ':';
  out += char('0' + secs / 10);
  out += char('0' + secs % 10);
  if (frac != 0) {
    out += '.';
    for (int64_t scale = 100; frac != 0; scale /= 10) {
      out += char('0' + frac / scale);
      frac %= scale;
    }
  }
  return out;
}

}  // namespace arbiter::pgn
