#include "arbiter/match/termination.h"

namespace arbiter::match {

namespace {

// The PGN standard's Termination value for a reason of the Laws.
std::string_view standard_value(rules::Reason reason) {
  switch (reason) {
    case rules::Reason::TimeForfeit:
      return "time forfeit";
    case rules::Reason::IllegalMove:
      return "rules infraction";
    case rules::Reason::None:
      return "unterminated";
    default:
      return "normal";
  }
}

std::string readable_reason(rules::Reason reason) {
  if (reason == rules::Reason::TimeForfeit) return "flag fall";
  std::string name(rules::reason_name(reason));
  for (char& c : name)
    if (c == '-') c = ' ';
  return name;
}

std::string fide_article(const rules::Outcome& outcome) {
  return outcome.article.empty() ? "" : ", FIDE " + std::string(outcome.article);
}

// A 6.9 or 7.5.5 draw: the loser's opponent could not checkmate.
bool proviso_draw(const rules::Outcome& outcome) {
  return outcome.result == rules::GameResult::Draw &&
         (outcome.reason == rules::Reason::TimeForfeit ||
          outcome.reason == rules::Reason::IllegalMove ||
          outcome.reason == rules::Reason::Resignation);
}

}  // namespace

TerminationText describe_termination(const rules::Outcome& outcome, rules::Edition edition,
                                     std::string_view abandoned, std::string_view convenience,
                                     bool convenience_ended) {
  TerminationText text;
  std::string edition_note = " (" + std::string(rules::edition_name(edition)) + ")";
  if (convenience_ended) {
    text.summary = std::string(convenience) + " (not FIDE)";
    text.tag = "adjudication: " + text.summary;
    return text;
  }
  std::string reason = readable_reason(outcome.reason);
  if (proviso_draw(outcome)) reason += ", drawn: the opponent cannot checkmate";
  text.summary = reason + fide_article(outcome) + edition_note;
  if (!abandoned.empty()) {
    text.summary = std::string(abandoned) + "; taken as a flag fall, " + text.summary;
    text.tag = "abandoned: " + text.summary;
  } else if (!convenience.empty()) {
    text.summary = std::string(convenience) + " (not FIDE), scored as " + text.summary;
    text.tag = "adjudication: " + text.summary;
  } else {
    text.tag = std::string(standard_value(outcome.reason)) + ": " + text.summary;
  }
  return text;
}

std::string rules_description(const rules::GameOptions& options) {
  std::string out(rules::edition_name(options.edition));
  out += options.claim_mode == rules::ClaimMode::ProxyClaim ? ", claims: proxy-claim"
                                                            : ", claims: strict";
  out += options.illegal_moves == rules::IllegalMovePolicy::Forfeit ? ", illegal moves: forfeit"
                                                                    : ", illegal moves: fide";
  out += ", " + std::string(rules::time_control_name(options.time_control));
  return out;
}

}  // namespace arbiter::match
