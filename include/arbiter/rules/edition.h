// Editions of the FIDE Laws of Chess as data: one RuleSet value per edition,
// chosen at run time (spec section 9). Game reads these fields and never
// branches on the edition itself.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace arbiter::rules {

enum class Edition : uint8_t { Fide2023, Fide2018, Fide2014, Fide2009, Fide2001 };
inline constexpr int kNumEditions = 5;
inline constexpr Edition kDefaultEdition = Edition::Fide2023;

// Time-control class of a game (spec section 6): sets the penalties of Articles 7
// and 9 and, in some editions, the illegal-move rule.
enum class TimeControlClass : uint8_t { Standard, Rapid, Blitz };
inline constexpr int kNumTimeControlClasses = 3;

// Article numbers as printed in the edition (2001/2009 "5.1(a)", 2014 "5.1a",
// 2018/2023 "5.1.1").
struct Articles {
  std::string_view checkmate;
  std::string_view resignation;
  std::string_view stalemate;
  std::string_view dead_position;
  std::string_view agreement;
  std::string_view threefold_with_move;  // the claimant announces the move that repeats
  std::string_view threefold_now;        // the position has just appeared a third time
  std::string_view fifty_with_move;
  std::string_view fifty_now;
  std::string_view fivefold;      // empty where the edition has no such rule
  std::string_view seventy_five;  // empty where the edition has no such rule
  std::string_view time_forfeit;
  std::string_view both_flags;  // both flags down, order unknown
  std::string_view incorrect_claim;
};

// What a completed illegal move costs (7.5 and its predecessors).
struct IllegalMoveRule {
  int strikes_to_lose = 2;          // this completed illegal move of a player loses
  bool opponent_cannot_mate_draws;  // the U(opponent) proviso turns that loss into a draw
  int penalty_seconds;  // added to the opponent for each illegal move that does not lose
  std::string_view article;
};

// What an incorrect 9.2/9.3 claim costs the claimant.
struct ClaimPenalty {
  int opponent_bonus_seconds;
  // 2001: the arbiter may also cut the claimant's remaining time by up to half,
  // at most this much (0: no cut).
  int claimant_cut_max_seconds;
};

struct RuleSet {
  Edition edition;
  std::string_view name;  // "fide-2023", as on the command line

  // Automatic endings (9.6) and their thresholds, in occurrences and plies.
  bool automatic_fivefold;
  // 2014 9.6a reads "five consecutive alternate moves"; we count any five
  // occurrences and mark such verdicts as resting on an ambiguous wording (spec 8.3).
  bool fivefold_wording_ambiguous;
  bool automatic_seventy_five;
  int fivefold_occurrences = 5;
  int seventy_five_plies = 150;
  // Claims (9.2, 9.3).
  int threefold_occurrences = 3;
  int fifty_plies = 100;

  bool resignation_proviso;          // 2023 5.1.2: draw if the opponent cannot mate
  bool agreement_needs_a_move_each;  // 2018 5.2.3: both players must have moved

  std::array<IllegalMoveRule, kNumTimeControlClasses> illegal_move;  // by TimeControlClass
  std::array<ClaimPenalty, kNumTimeControlClasses> incorrect_claim;  // by TimeControlClass

  // Time-control limits on T = base + 60 * increment, in minutes (spec section 6).
  int blitz_max_minutes;     // T below this (or equal, see next) is blitz
  bool blitz_max_inclusive;  // 2009+: T <= 10; 2001: T < 15
  int standard_min_minutes;  // T at or above this is standard

  Articles articles;

  const IllegalMoveRule& illegal_move_rule(TimeControlClass tc) const {
    return illegal_move[static_cast<int>(tc)];
  }
  const ClaimPenalty& claim_penalty(TimeControlClass tc) const {
    return incorrect_claim[static_cast<int>(tc)];
  }
};

const RuleSet& rule_set(Edition edition);
std::string_view edition_name(Edition edition);
// "fide-2023" ... "fide-2001"; nullopt for anything else.
std::optional<Edition> parse_edition(std::string_view name);

std::string_view time_control_name(TimeControlClass tc);
std::optional<TimeControlClass> parse_time_control_class(std::string_view name);
// The class of a control of `base_seconds` plus `increment_seconds` per move:
// T = base + 60 * increment (in minutes), against the edition's limits.
TimeControlClass classify_time_control(const RuleSet& rules, int base_seconds,
                                       int increment_seconds);

}  // namespace arbiter::rules
