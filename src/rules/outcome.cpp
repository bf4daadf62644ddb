// Names of results and reasons, as they appear in PGN and in the JSON verdicts.
#include "arbiter/rules/outcome.h"

#include <array>

namespace arbiter::rules {

namespace {

constexpr std::array<std::string_view, 4> kResultNames = {"*", "1-0", "0-1", "1/2-1/2"};

constexpr std::array<std::string_view, kNumReasons> kReasonNames = {
    "none",
    "checkmate",
    "stalemate",
    "dead-position",
    "fivefold-repetition",
    "seventyfive-moves",
    "threefold-claim",
    "fifty-moves-claim",
    "time-forfeit",
    "illegal-move",
    "resignation",
    "agreement",
};

}  // namespace

std::string_view result_name(GameResult result) { return kResultNames[static_cast<int>(result)]; }

std::optional<GameResult> parse_result(std::string_view name) {
  for (size_t i = 0; i < kResultNames.size(); ++i)
    if (kResultNames[i] == name) return GameResult(i);
  return std::nullopt;
}

std::string_view reason_name(Reason reason) { return kReasonNames[static_cast<int>(reason)]; }

std::optional<Reason> parse_reason(std::string_view name) {
  for (size_t i = 0; i < kReasonNames.size(); ++i)
    if (kReasonNames[i] == name) return Reason(i);
  return std::nullopt;
}

}  // namespace arbiter::rules
