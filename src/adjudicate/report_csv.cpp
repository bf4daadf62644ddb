#include "arbiter/adjudicate/report_csv.h"

#include <string>

#include "arbiter/rules/verdict_format.h"

namespace arbiter::adjudicate {

namespace {

std::string_view boolean(bool value) { return value ? "true" : "false"; }

void append_row(std::string& out, const GameLabel& label, Inference inferred,
                const rules::Verdict& v) {
  const rules::Outcome& o = v.outcome;
  const std::string fields[] = {
      std::to_string(label.number),
      std::string(label.source),
      std::to_string(label.line),
      std::string(label.white),
      std::string(label.black),
      std::to_string(label.plies),
      std::string(inference_name(inferred)),
      std::string(rules::result_name(o.result)),
      std::string(rules::reason_name(o.reason)),
      std::string(o.article),
      std::to_string(o.ply),
      o.move_san,
      std::string(v.rules),
      std::to_string(v.claims.size()),
      std::to_string(v.penalties.size()),
      v.recorded.value_or(""),
      v.agrees ? std::string(boolean(*v.agrees)) : "",
      std::string(boolean(o.undecided)),
      std::string(boolean(o.ambiguous_wording)),
      v.error.value_or(""),
  };
  bool first = true;
  for (const std::string& field : fields) {
    if (!first) out += ',';
    first = false;
    append_csv_field(out, field);
  }
  out += '\n';
}

}  // namespace

std::string_view csv_header() {
  return "game,source,line,white,black,plies,inferred,result,reason,article,ply,move,rules,"
         "claims,penalties,recorded,agrees,undecided,ambiguous,error\n";
}

void append_csv_field(std::string& out, std::string_view field) {
  if (field.find_first_of(",\"\r\n") == std::string_view::npos) {
    out += field;
    return;
  }
  out += '"';
  for (char c : field) {
    if (c == '"') out += '"';  // a quote inside a quoted field is doubled
    out += c;
  }
  out += '"';
}

void append_game_csv(std::string& out, const GameLabel& label, const Judgement& judgement) {
  append_row(out, label, judgement.inferred, judgement.verdict);
}

void append_error_csv(std::string& out, const GameLabel& label, std::string_view rules,
                      const pgn::ParseError& error) {
  append_row(out, label, Inference::None, rules::error_verdict(rules, error.to_string()));
}

}  // namespace arbiter::adjudicate
