// The PGN mode's verdicts as CSV (RFC 4180) for spreadsheets: a header line,
// then one row per game, the same fields as the JSON line with the claims and
// penalties as counts. Fields holding a comma, a quote or a line break are quoted.
//   game,source,line,white,black,plies,inferred,result,reason,article,ply,move,
//   rules,claims,penalties,recorded,agrees,undecided,ambiguous,error
#pragma once

#include <string>
#include <string_view>

#include "arbiter/adjudicate/judge.h"
#include "arbiter/adjudicate/report.h"
#include "arbiter/pgn/parser.h"

namespace arbiter::adjudicate {

// The header line, with its newline.
std::string_view csv_header();
void append_game_csv(std::string& out, const GameLabel& label, const Judgement& judgement);
// A game that could not be read: result "*", reason "none", the error located.
void append_error_csv(std::string& out, const GameLabel& label, std::string_view rules,
                      const pgn::ParseError& error);
// Appends `field` as one CSV field (quoted only when it must be).
void append_csv_field(std::string& out, std::string_view field);

}  // namespace arbiter::adjudicate
