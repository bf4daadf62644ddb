// The editions' data (spec section 9 and its numbering note). Each field says
// what one edition's text says; nothing here is computed.
#include "arbiter/rules/edition.h"

namespace arbiter::rules {

namespace {

constexpr int kOneMinute = 60;
constexpr int kTwoMinutes = 2 * kOneMinute;
constexpr int kThreeMinutes = 3 * kOneMinute;
constexpr int kSecondsPerMinute = 60;
// T = base + 60 * increment: the increment counts for 60 moves.
constexpr int kMovesPerIncrement = 60;

constexpr RuleSet kFide2023{
    .edition = Edition::Fide2023,
    .name = "fide-2023",
    .automatic_fivefold = true,
    .fivefold_wording_ambiguous = false,
    .automatic_seventy_five = true,
    .resignation_proviso = true,
    .agreement_needs_a_move_each = true,
    // 7.5.5; A.3 and B.3 make the penalty one minute in rapid and blitz.
    .illegal_move = {{{2, true, kTwoMinutes, "7.5.5"},
                      {2, true, kOneMinute, "7.5.5"},
                      {2, true, kOneMinute, "7.5.5"}}},
    .incorrect_claim = {{{kTwoMinutes, 0}, {kOneMinute, 0}, {kOneMinute, 0}}},
    .blitz_max_minutes = 10,
    .blitz_max_inclusive = true,
    .standard_min_minutes = 60,
    .articles = {.checkmate = "5.1.1",
                 .resignation = "5.1.2",
                 .stalemate = "5.2.1",
                 .dead_position = "5.2.2",
                 .agreement = "5.2.3",
                 .threefold_with_move = "9.2.1",
                 .threefold_now = "9.2.2",
                 .fifty_with_move = "9.3.1",
                 .fifty_now = "9.3.2",
                 .fivefold = "9.6.1",
                 .seventy_five = "9.6.2",
                 .time_forfeit = "6.9",
                 .both_flags = "III.3.1",
                 .incorrect_claim = "9.5.3"},
};

constexpr RuleSet kFide2018{
    .edition = Edition::Fide2018,
    .name = "fide-2018",
    .automatic_fivefold = true,
    .fivefold_wording_ambiguous = false,
    .automatic_seventy_five = true,
    .resignation_proviso = false,
    .agreement_needs_a_move_each = true,
    // A.4.2 treats rapid like standard; B.3: one minute in blitz.
    .illegal_move = {{{2, true, kTwoMinutes, "7.5.5"},
                      {2, true, kTwoMinutes, "7.5.5"},
                      {2, true, kOneMinute, "7.5.5"}}},
    .incorrect_claim = {{{kTwoMinutes, 0}, {kTwoMinutes, 0}, {kOneMinute, 0}}},
    .blitz_max_minutes = 10,
    .blitz_max_inclusive = true,
    .standard_min_minutes = 60,
    .articles = {.checkmate = "5.1.1",
                 .resignation = "5.1.2",
                 .stalemate = "5.2.1",
                 .dead_position = "5.2.2",
                 .agreement = "5.2.3",
                 .threefold_with_move = "9.2.1.1",
                 .threefold_now = "9.2.1.2",
                 .fifty_with_move = "9.3.1",
                 .fifty_now = "9.3.2",
                 .fivefold = "9.6.1",
                 .seventy_five = "9.6.2",
                 .time_forfeit = "6.9",
                 .both_flags = "III.3.1",
                 .incorrect_claim = "9.5.3"},
};

constexpr RuleSet kFide2014{
    .edition = Edition::Fide2014,
    .name = "fide-2014",
    .automatic_fivefold = true,
    .fivefold_wording_ambiguous = true,  // 9.6a: "five consecutive alternate moves"
    .automatic_seventy_five = true,
    .resignation_proviso = false,
    .agreement_needs_a_move_each = false,
    // A.4b: in rapid and blitz the first illegal move loses once claimed.
    .illegal_move = {{{2, true, kTwoMinutes, "7.5b"}, {1, true, 0, "A.4b"}, {1, true, 0, "A.4b"}}},
    .incorrect_claim = {{{kTwoMinutes, 0}, {kTwoMinutes, 0}, {kOneMinute, 0}}},
    .blitz_max_minutes = 10,
    .blitz_max_inclusive = true,
    .standard_min_minutes = 60,
    .articles = {.checkmate = "5.1a",
                 .resignation = "5.1b",
                 .stalemate = "5.2a",
                 .dead_position = "9.7",
                 .agreement = "5.2c",
                 .threefold_with_move = "9.2a",
                 .threefold_now = "9.2b",
                 .fifty_with_move = "9.3a",
                 .fifty_now = "9.3b",
                 .fivefold = "9.6a",
                 .seventy_five = "9.6b",
                 .time_forfeit = "6.9",
                 .both_flags = "6.11",
                 .incorrect_claim = "9.5b"},
};

constexpr RuleSet kFide2009{
    .edition = Edition::Fide2009,
    .name = "fide-2009",
    .automatic_fivefold = false,
    .fivefold_wording_ambiguous = false,
    .automatic_seventy_five = false,
    .resignation_proviso = false,
    .agreement_needs_a_move_each = false,
    // 7.4(b): the third illegal move loses; blitz: the first, on claim.
    .illegal_move = {{{3, true, kTwoMinutes, "7.4(b)"},
                      {3, true, kTwoMinutes, "7.4(b)"},
                      {1, true, 0, "Appendix B"}}},
    .incorrect_claim = {{{kThreeMinutes, 0}, {kThreeMinutes, 0}, {kThreeMinutes, 0}}},
    .blitz_max_minutes = 10,
    .blitz_max_inclusive = true,
    .standard_min_minutes = 60,
    .articles = {.checkmate = "5.1(a)",
                 .resignation = "5.1(b)",
                 .stalemate = "5.2(a)",
                 .dead_position = "9.6",
                 .agreement = "5.2(c)",
                 .threefold_with_move = "9.2(a)",
                 .threefold_now = "9.2(b)",
                 .fifty_with_move = "9.3(a)",
                 .fifty_now = "9.3(b)",
                 .fivefold = "",
                 .seventy_five = "",
                 .time_forfeit = "6.9",
                 .both_flags = "6.11",
                 .incorrect_claim = "9.5(b)"},
};

constexpr RuleSet kFide2001{
    .edition = Edition::Fide2001,
    .name = "fide-2001",
    .automatic_fivefold = false,
    .fivefold_wording_ambiguous = false,
    .automatic_seventy_five = false,
    .resignation_proviso = false,
    .agreement_needs_a_move_each = false,
    // 7.4(b) as read has no proviso; blitz C3 lets the opponent claim the win
    // (only a draw if he cannot mate).
    .illegal_move = {{{3, false, kTwoMinutes, "7.4(b)"},
                      {3, false, kTwoMinutes, "7.4(b)"},
                      {1, true, 0, "C3"}}},
    .incorrect_claim = {{{kThreeMinutes, kThreeMinutes},
                         {kThreeMinutes, kThreeMinutes},
                         {kThreeMinutes, kThreeMinutes}}},
    .blitz_max_minutes = 15,
    .blitz_max_inclusive = false,
    .standard_min_minutes = 60,
    .articles = {.checkmate = "5.1(a)",
                 .resignation = "5.1(b)",
                 .stalemate = "5.2(a)",
                 .dead_position = "9.6",
                 .agreement = "5.2(c)",
                 .threefold_with_move = "9.2(a)",
                 .threefold_now = "9.2(b)",
                 .fifty_with_move = "9.3(a)",
                 .fifty_now = "9.3(b)",
                 .fivefold = "",
                 .seventy_five = "",
                 .time_forfeit = "6.10",
                 .both_flags = "10.3",
                 .incorrect_claim = "9.5(b)"},
};

constexpr const RuleSet* kRuleSets[kNumEditions] = {&kFide2023, &kFide2018, &kFide2014, &kFide2009,
                                                    &kFide2001};

constexpr std::string_view kTimeControlNames[kNumTimeControlClasses] = {"standard", "rapid",
                                                                        "blitz"};

}  // namespace

const RuleSet& rule_set(Edition edition) { return *kRuleSets[static_cast<int>(edition)]; }

std::string_view edition_name(Edition edition) { return rule_set(edition).name; }

std::optional<Edition> parse_edition(std::string_view name) {
  for (const RuleSet* rules : kRuleSets)
    if (rules->name == name) return rules->edition;
  return std::nullopt;
}

std::string_view time_control_name(TimeControlClass tc) {
  return kTimeControlNames[static_cast<int>(tc)];
}

std::optional<TimeControlClass> parse_time_control_class(std::string_view name) {
  for (int i = 0; i < kNumTimeControlClasses; ++i)
    if (kTimeControlNames[i] == name) return TimeControlClass(i);
  return std::nullopt;
}

TimeControlClass classify_time_control(const RuleSet& rules, int base_seconds,
                                       int increment_seconds) {
  // Compare in seconds so that fractions of a minute are not rounded away.
  const long long total = static_cast<long long>(base_seconds) +
                          static_cast<long long>(kMovesPerIncrement) * increment_seconds;
  const long long blitz_limit = static_cast<long long>(rules.blitz_max_minutes) * kSecondsPerMinute;
  const bool blitz = rules.blitz_max_inclusive ? total <= blitz_limit : total < blitz_limit;
  if (blitz) return TimeControlClass::Blitz;
  if (total < static_cast<long long>(rules.standard_min_minutes) * kSecondsPerMinute)
    return TimeControlClass::Rapid;
  return TimeControlClass::Standard;
}

}  // namespace arbiter::rules
