// A game's verdict as the adjudicate command prints it: human-readable text, or
// one JSON object on one line. Shared by the single-game and PGN modes.
//
//   rules::Verdict v = rules::make_verdict(game);
//   v.recorded = "1-0";  v.agrees = ...;        // PGN mode: the Result tag
//   std::cout << rules::to_json(v) << '\n';
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arbiter/rules/claims.h"
#include "arbiter/rules/game.h"
#include "arbiter/rules/outcome.h"

namespace arbiter::rules {

struct Verdict {
  // Extra string fields printed first, in order (e.g. the PGN mode's game number
  // or tags); keys and values are escaped.
  std::vector<std::pair<std::string, std::string>> labels;
  std::string_view rules;  // edition name, "fide-2023"
  Outcome outcome;         // ply is the plies played so far when the game is ongoing
  std::vector<ClaimRecord> claims;
  std::vector<TimePenalty> penalties;
  std::optional<std::string> recorded;  // the result the game's record gives (PGN), if any
  std::optional<bool> agrees;           // whether it matches ours, if there is a record
  std::optional<std::string> error;     // why no verdict could be given
};

Verdict make_verdict(const Game& game);
// A verdict for input that could not be adjudicated (result "*", reason "none").
Verdict error_verdict(std::string_view rules, std::string message);

// Names used in both formats.
std::string_view color_name(core::Color c);               // "white", "black"
std::string_view penalty_cause_name(PenaltyCause cause);  // "illegal-move", "incorrect-claim"

// One JSON object on one line, without the newline. Fields: labels..., result,
// reason, article, ply, move, rules, claims [{type, ply, side, move}],
// penalties [{type, ply, side, opponent_bonus_seconds, offender_cut_max_seconds,
// article}], recorded, agrees, undecided, ambiguous, error.
std::string to_json(const Verdict& verdict);
// The same object's fields without its braces, appended (for callers that
// write fields of their own first).
void append_json_fields(std::string& out, const Verdict& verdict);
// A few lines for people, each ending in a newline.
std::string to_text(const Verdict& verdict);

// Appends `text` as a JSON string literal (quotes included); bytes that are not
// well-formed UTF-8 become U+FFFD, so the output is always valid JSON.
void append_json_string(std::string& out, std::string_view text);

}  // namespace arbiter::rules
