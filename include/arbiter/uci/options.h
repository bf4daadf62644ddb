// The UCI options: declared once, printed in the grammar GUIs parse, and set
// only with valid values (anything else leaves the option unchanged).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "arbiter/core/result.h"

namespace arbiter::uci {

enum class OptionType { Check, Spin, Button, String };

struct Option {
  std::string name;
  OptionType type;
  std::string default_value;  // "true"/"false" for checks, digits for spins
  int64_t min = 0, max = 0;   // spins only
  std::string value;          // current value (buttons: empty)
};

class Options {
 public:
  Options();
  // The "option name ... type ..." lines, in declaration order.
  std::vector<std::string> declarations() const;
  // Validates and stores; returns the option's canonical name on success.
  Result<std::string> set(const std::string& name, const std::string& value);

  int64_t spin(const std::string& name) const;
  bool check(const std::string& name) const;
  std::string string(const std::string& name) const;  // any option's current value

 private:
  const Option* find(const std::string& name) const;
  std::vector<Option> options_;
};

// Option names used by the engine.
namespace option {
inline constexpr const char* kHash = "Hash";
inline constexpr const char* kThreads = "Threads";
inline constexpr const char* kClearHash = "Clear Hash";
inline constexpr const char* kMultiPv = "MultiPV";
inline constexpr const char* kPonder = "Ponder";
inline constexpr const char* kMoveOverhead = "Move Overhead";
inline constexpr const char* kChess960 = "UCI_Chess960";
inline constexpr const char* kShowWdl = "UCI_ShowWDL";
inline constexpr const char* kEvalFile = "EvalFile";
inline constexpr const char* kUseNnue = "UseNNUE";
inline constexpr const char* kLimitStrength = "UCI_LimitStrength";
inline constexpr const char* kElo = "UCI_Elo";
}  // namespace option

}  // namespace arbiter::uci
