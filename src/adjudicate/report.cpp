// Per-game output of the PGN mode (JSON line or text block) and the run summary.
#include "arbiter/adjudicate/report.h"

#include <charconv>
#include <iterator>
#include <limits>

#include "arbiter/rules/verdict_format.h"

namespace arbiter::adjudicate {

namespace {

void append_key(std::string& out, std::string_view key) {
  out += '"';
  out += key;  // keys are ours: nothing to escape
  out += "\":";
}

void append_count(std::string& out, std::string_view key, uint64_t value, bool comma = true) {
  if (comma) out += ',';
  append_key(out, key);
  char digits[std::numeric_limits<uint64_t>::digits10 + 1];
  const auto [end, error] = std::to_chars(std::begin(digits), std::end(digits), value);
  out.append(digits, end);
}

void append_name_or_null(std::string& out, std::string_view value) {
  if (value.empty())
    out += "null";
  else
    rules::append_json_string(out, value);
}

// The game's identity: {"game":..,"source":..,"line":..,"white":..,"black":..,"plies":..,
void append_identity_json(std::string& out, const GameLabel& label, Inference inferred) {
  out += '{';
  append_count(out, "game", label.number, false);
  out += ',';
  append_key(out, "source");
  rules::append_json_string(out, label.source);
  append_count(out, "line", uint64_t(label.line));
  out += ',';
  append_key(out, "white");
  append_name_or_null(out, label.white);
  out += ',';
  append_key(out, "black");
  append_name_or_null(out, label.black);
  append_count(out, "plies", uint64_t(label.plies));
  out += ',';
  append_key(out, "inferred");
  rules::append_json_string(out, inference_name(inferred));
  out += ',';
}

// rules::to_json's object after the identity's fields (the identity opened it).
void append_verdict_fields(std::string& out, const rules::Verdict& verdict) {
  rules::append_json_fields(out, verdict);
  out += '}';
}

std::string_view or_unknown(std::string_view name) { return name.empty() ? "?" : name; }

void append_identity_text(std::string& out, const GameLabel& label) {
  out += "game ";
  out += std::to_string(label.number);
  out += ": ";
  out += or_unknown(label.white);
  out += " - ";
  out += or_unknown(label.black);
  out += " (";
  out += label.source;
  out += ':';
  out += std::to_string(label.line);
  out += ")\n";
}

void append_inference_text(std::string& out, const Judgement& j) {
  const std::string side(rules::color_name(j.inferred_side));
  const std::string recorded = j.verdict.recorded.value_or("*");
  switch (j.inferred) {
    case Inference::None:
      break;
    case Inference::TimeForfeit:
      out += "inferred: " + side + " lost on time (Termination time forfeit, " + side +
             " to move at the end)\n";
      break;
    case Inference::Resignation:
      out += "inferred: " + side + " resigned (recorded ";
      out += recorded;
      out += ", nothing else ended the game)\n";
      break;
    case Inference::Agreement:
      out += "inferred: draw agreed (recorded 1/2-1/2, nothing else ended the game)\n";
      if (j.agreement_refused)
        out += "note: not a valid agreement: each player must have moved first (5.2.3)\n";
      break;
    case Inference::Claim:
      out += "inferred: " + side + " claimed the draw (recorded 1/2-1/2, a claim was open)\n";
      break;
  }
  if (j.flag_after_end)
    out += "note: the record says time forfeit, but the game had already ended (6.9)\n";
  const int after_end = j.plies - j.verdict.outcome.ply;
  if (j.verdict.outcome.finished() && after_end > 0)
    out += "note: " + std::to_string(after_end) + " plies were played after the end\n";
}

}  // namespace

void append_game_json(std::string& out, const GameLabel& label, const Judgement& judgement) {
  append_identity_json(out, label, judgement.inferred);
  append_verdict_fields(out, judgement.verdict);
  out += '\n';
}

void append_game_text(std::string& out, const GameLabel& label, const Judgement& judgement) {
  append_identity_text(out, label);
  out += rules::to_text(judgement.verdict);
  append_inference_text(out, judgement);
  out += '\n';
}

void append_error_json(std::string& out, const GameLabel& label, std::string_view rules,
                       const pgn::ParseError& error) {
  append_identity_json(out, label, Inference::None);
  append_verdict_fields(out, rules::error_verdict(rules, error.to_string()));
  out += '\n';
}

void append_error_text(std::string& out, const GameLabel& label, const pgn::ParseError& error) {
  append_identity_text(out, label);
  out += "error: ";
  out += error.to_string();
  out += "\n\n";
}

// --- Summary -----------------------------------------------------------------------

void Summary::add(const Judgement& j) {
  ++games;
  const rules::Outcome& o = j.verdict.outcome;
  ++reasons[static_cast<size_t>(o.reason)];
  ++results[static_cast<size_t>(o.result)];
  if (!j.verdict.agrees)
    ++unrecorded;
  else if (*j.verdict.agrees)
    ++agreements;
  else
    ++disagreements;
  if (o.undecided) ++undecided;
  ++inferred[static_cast<size_t>(j.inferred)];
  if (j.flag_after_end) ++flag_after_end;
  if (j.inferred == Inference::TimeForfeit) {
    if (o.result == rules::GameResult::Draw)
      ++flag_draws;
    else
      ++flag_wins;
  }
}

void Summary::add_error() {
  ++games;
  ++errors;
}

void Summary::merge(const Summary& o) {
  games += o.games;
  errors += o.errors;
  for (size_t i = 0; i < reasons.size(); ++i) reasons[i] += o.reasons[i];
  for (size_t i = 0; i < results.size(); ++i) results[i] += o.results[i];
  agreements += o.agreements;
  disagreements += o.disagreements;
  unrecorded += o.unrecorded;
  undecided += o.undecided;
  flag_wins += o.flag_wins;
  flag_draws += o.flag_draws;
  flag_after_end += o.flag_after_end;
  for (size_t i = 0; i < inferred.size(); ++i) inferred[i] += o.inferred[i];
  bytes += o.bytes;
  files += o.files;
  unreadable_files += o.unreadable_files;
}

namespace {

constexpr rules::GameResult kResults[] = {rules::GameResult::WhiteWins,
                                          rules::GameResult::BlackWins, rules::GameResult::Draw,
                                          rules::GameResult::Ongoing};

}  // namespace

std::string summary_json(const Summary& s) {
  std::string out = "{\"summary\":{";
  append_count(out, "games", s.games, false);
  append_count(out, "judged", s.judged());
  append_count(out, "errors", s.errors);
  append_count(out, "agreements", s.agreements);
  append_count(out, "disagreements", s.disagreements);
  append_count(out, "unrecorded", s.unrecorded);
  append_count(out, "undecided", s.undecided);
  out += ",\"results\":{";
  bool first = true;
  for (rules::GameResult r : kResults) {
    append_count(out, rules::result_name(r), s.results[static_cast<size_t>(r)], !first);
    first = false;
  }
  out += "},\"reasons\":{";
  for (int i = 0; i < rules::kNumReasons; ++i)
    append_count(out, rules::reason_name(static_cast<rules::Reason>(i)), s.reasons[size_t(i)],
                 i > 0);
  out += "},\"inferred\":{";
  for (int i = 0; i < kNumInferences; ++i)
    append_count(out, inference_name(static_cast<Inference>(i)), s.inferred[size_t(i)], i > 0);
  out += "},\"time_forfeits\":{";
  append_count(out, "recorded", s.flag_wins + s.flag_draws + s.flag_after_end, false);
  append_count(out, "wins", s.flag_wins);
  append_count(out, "draws", s.flag_draws);
  append_count(out, "ended_before", s.flag_after_end);
  out += '}';
  append_count(out, "files", s.files);
  append_count(out, "unreadable_files", s.unreadable_files);
  out += "}}";
  return out;
}

std::string summary_text(const Summary& s) {
  std::string out = "summary: " + std::to_string(s.games) + " games, " +
                    std::to_string(s.judged()) + " judged, " + std::to_string(s.errors) +
                    " with errors\n";
  out += "results:";
  for (rules::GameResult r : kResults) {
    out += ' ';
    out += rules::result_name(r);
    out += ' ' + std::to_string(s.results[static_cast<size_t>(r)]);
  }
  out += "\nreasons:";
  bool any = false;
  for (int i = 0; i < rules::kNumReasons; ++i) {
    if (s.reasons[size_t(i)] == 0) continue;
    out += any ? ", " : " ";
    out += rules::reason_name(static_cast<rules::Reason>(i));
    out += ' ' + std::to_string(s.reasons[size_t(i)]);
    any = true;
  }
  if (!any) out += " none";
  out += "\nrecorded results: " + std::to_string(s.agreements) + " agree, " +
         std::to_string(s.disagreements) + " disagree, " + std::to_string(s.unrecorded) +
         " unfinished (*)\n";
  out +=
      "time forfeits recorded: " + std::to_string(s.flag_wins + s.flag_draws + s.flag_after_end) +
      " (6.9: " + std::to_string(s.flag_wins) + " won, " + std::to_string(s.flag_draws) +
      " drawn; ended before the flag: " + std::to_string(s.flag_after_end) + ")\n";
  if (s.undecided) out += "undecided unwinnability analyses: " + std::to_string(s.undecided) + "\n";
  out += "files: " + std::to_string(s.files) + " read, " + std::to_string(s.unreadable_files) +
         " unreadable\n";
  return out;
}

}  // namespace arbiter::adjudicate
