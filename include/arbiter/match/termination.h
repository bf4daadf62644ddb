// How a match game's end is written into its PGN: the Termination tag starts
// with one of the PGN standard's values ("normal", "time forfeit", "rules
// infraction", "abandoned", "adjudication"), so that other programs can read
// it, and goes on after a colon with the reason and the FIDE article:
//   [Termination "normal: checkmate, FIDE 5.1.1"]
//   [Termination "time forfeit: flag fall, drawn: the opponent cannot checkmate, FIDE 6.9"]
//   [Termination "adjudication: maximum length of 200 moves (not FIDE)"]
#pragma once

#include <string>
#include <string_view>

#include "arbiter/rules/edition.h"
#include "arbiter/rules/game.h"
#include "arbiter/rules/outcome.h"

namespace arbiter::match {

struct TerminationText {
  std::string tag;      // the Termination tag's value
  std::string summary;  // the part after the colon, also the last comment
};

// `abandoned`: why an engine could not go on (crash, hang), or empty.
// `convenience`: the non-FIDE rule that ended or decided the game, or empty;
// `convenience_ended` when it ended a game the Laws had not ended.
TerminationText describe_termination(const rules::Outcome& outcome, rules::Edition edition,
                                     std::string_view abandoned, std::string_view convenience,
                                     bool convenience_ended);

// The Rules tag: "fide-2023, claims: proxy-claim, illegal moves: forfeit, blitz".
std::string rules_description(const rules::GameOptions& options);

}  // namespace arbiter::match
