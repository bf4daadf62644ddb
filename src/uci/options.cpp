// Option declarations and validation.
#include "arbiter/uci/options.h"

#include <algorithm>
#include <charconv>
#include <thread>

#include "arbiter/core/text.h"
#include "arbiter/eval/nnue_current.h"
#include "arbiter/search/strength_level.h"
#include "arbiter/search/tunable.h"

namespace arbiter::uci {

using core::iequals;

namespace {

constexpr int64_t kMaxHashMegabytes = 1 << 20;  // 1 TiB: the allocation itself says no if too much
#ifdef ARBITER_SINGLE_THREADED
constexpr int64_t kMaxThreads = 1;  // a build without threads (search/threads.cpp)
#else
constexpr int64_t kMaxThreads = 1024;
#endif
constexpr int64_t kMaxMultiPv = 256;
constexpr int64_t kDefaultMoveOverhead = 30;
constexpr int64_t kMaxMoveOverhead = 5000;

Option make_spin(const char* name, int64_t def, int64_t min, int64_t max) {
  return {name, OptionType::Spin, std::to_string(def), min, max, std::to_string(def)};
}
Option make_check(const char* name, bool def) {
  return {name, OptionType::Check, def ? "true" : "false", 0, 0, def ? "true" : "false"};
}

}  // namespace

Options::Options() {
  options_ = {
      make_spin(option::kHash, 16, 1, kMaxHashMegabytes),
      make_spin(option::kThreads, 1, 1, kMaxThreads),
      {option::kClearHash, OptionType::Button, "", 0, 0, ""},
      make_spin(option::kMultiPv, 1, 1, kMaxMultiPv),
      make_check(option::kPonder, false),
      make_spin(option::kMoveOverhead, kDefaultMoveOverhead, 0, kMaxMoveOverhead),
      make_check(option::kChess960, false),
      make_check(option::kShowWdl, false),
      // The net to evaluate with; "<embedded>" is the one built into the binary.
      {option::kEvalFile, OptionType::String, eval::kEmbeddedNetName, 0, 0, eval::kEmbeddedNetName},
      // Off: the hand-written evaluation, so one binary can play both.
      make_check(option::kUseNnue, eval::current_network() != nullptr),
      // A weaker player on request (search/strength.h); UCI_Elo counts only when on.
      make_check(option::kLimitStrength, false),
      make_spin(option::kElo, search::kMinLimitedElo, search::kMinLimitedElo,
                search::kMaxLimitedElo),
  };
  // A tuning build's search constants, for SPSA (none in a normal build).
  for (const search::Tunable& t : search::tunables())
    options_.push_back(make_spin(t.name.c_str(), t.default_value, t.min, t.max));
}

std::vector<std::string> Options::declarations() const {
  std::vector<std::string> lines;
  for (const Option& o : options_) {
    std::string line = "option name " + o.name + " type ";
    switch (o.type) {
      case OptionType::Check:
        line += "check default " + o.default_value;
        break;
      case OptionType::Spin:
        line += "spin default " + o.default_value + " min " + std::to_string(o.min) + " max " +
                std::to_string(o.max);
        break;
      case OptionType::Button:
        line += "button";
        break;
      case OptionType::String:
        line += "string default " +
                (o.default_value.empty() ? std::string("<empty>") : o.default_value);
        break;
    }
    lines.push_back(line);
  }
  return lines;
}

const Option* Options::find(const std::string& name) const {
  for (const Option& o : options_)
    if (iequals(o.name, name)) return &o;
  return nullptr;
}

Result<std::string> Options::set(const std::string& name, const std::string& value) {
  const Option* found = find(name);
  if (!found) return Error{"unknown option '" + name + "'"};
  Option& o = const_cast<Option&>(*found);
  switch (o.type) {
    case OptionType::Check:
      if (iequals(value, "true") || iequals(value, "false")) {
        o.value = iequals(value, "true") ? "true" : "false";
        return o.name;
      }
      return Error{"option '" + o.name + "' takes true or false, not '" + value + "'"};
    case OptionType::Spin: {
      int64_t v = 0;
      auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
      if (ec != std::errc() || end != value.data() + value.size() || v < o.min || v > o.max)
        return Error{"option '" + o.name + "' takes an integer from " + std::to_string(o.min) +
                     " to " + std::to_string(o.max) + ", not '" + value + "'"};
      o.value = std::to_string(v);
      return o.name;
    }
    case OptionType::Button:
      return o.name;
    case OptionType::String:
      o.value = value;
      return o.name;
  }
  return o.name;
}

int64_t Options::spin(const std::string& name) const {
  const Option* o = find(name);
  return o ? std::stoll(o->value) : 0;
}

std::string Options::string(const std::string& name) const {
  const Option* o = find(name);
  return o ? o->value : std::string();
}

bool Options::check(const std::string& name) const {
  const Option* o = find(name);
  return o && o->value == "true";
}

}  // namespace arbiter::uci
