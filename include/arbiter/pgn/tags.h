// Meaning of the tags and comment commands the adjudicator needs: TimeControl,
// Termination, Variant, and the "[%clk h:mm:ss]" clock command.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/core/result.h"

namespace arbiter::pgn {

// One period of a TimeControl tag (PGN standard 9.6.1).
struct TimePeriod {
  int moves = 0;             // moves to make in this period; 0: the rest of the game
  int64_t base_ms = 0;       // time given for the period
  int64_t increment_ms = 0;  // added after each move
  bool sandclock = false;    // "*seconds": the sandclock (hourglass) form
  bool operator==(const TimePeriod&) const = default;
};

struct TimeControl {
  enum class Kind : uint8_t {
    Unknown,  // "?"
    Untimed,  // "-"
    Timed,    // one or more periods
  };
  Kind kind = Kind::Unknown;
  std::vector<TimePeriod> periods;
  bool operator==(const TimeControl&) const = default;
};

// "60+0", "180+2", "40/7200:3600", "300", "*180", "-", "?". Seconds are whole
// numbers; a malformed field gives an error naming it.
Result<TimeControl> parse_time_control(std::string_view text);

// The Termination tag's values (PGN standard 9.8.1, with lichess's spellings).
enum class Termination : uint8_t {
  Unknown,
  Normal,
  TimeForfeit,
  Abandoned,
  Adjudication,
  Death,
  Emergency,
  RulesInfraction,
  Unterminated,
};

// Case-insensitive; "Time forfeit" and "time forfeit" alike; details after a
// colon are ignored ("time forfeit: FIDE 6.9", as arbiter match writes). Unknown otherwise.
Termination parse_termination(std::string_view text);

// The Variant tag: standard chess, Chess960, or something this module cannot play.
enum class Variant : uint8_t { Standard, Chess960, Unsupported };
// "Standard", "From Position", "" -> Standard; "Chess960", "Chess 960",
// "Fischerandom", "Fischer Random" -> Chess960 (case-insensitive).
Variant parse_variant(std::string_view text);

// The clock of a "[%clk h:mm:ss(.f)]" command inside comment text, in
// milliseconds, or nullopt if there is none or it is malformed.
std::optional<int64_t> find_clock_ms(std::string_view comment);

// "h:mm:ss", with as many decimals as the milliseconds need ("0:00:05.3"):
// what the writer puts in "[%clk ...]".
std::string format_clock(int64_t ms);

}  // namespace arbiter::pgn
