// The JavaScript options object of the adjudicator and of Game, read on the
// C++ side under the command line's names and values (src/cli/adjudicate_command.cpp):
//   rules  fide-2023 | fide-2018 | fide-2014 | fide-2009 | fide-2001   (--rules)
//   mode          strict | proxy-claim                                 (--mode)
//   inferEvents   true: infer the closing event from the record (default);
//                 false: judge the moves alone (adjudicate::JudgeOptions::infer_events)
// Names come as strings; an empty one means the default.
#pragma once

#include <string>

#include "arbiter/adjudicate/judge.h"
#include "arbiter/core/result.h"
#include "arbiter/rules/game.h"

namespace arbiter::wasm {

struct JsOptions {
  std::string rules;
  std::string mode;
  bool infer_events = true;
};

// The game options the names give, or why they cannot be read.
Result<rules::GameOptions> read_game_options(const JsOptions& js);
Result<adjudicate::JudgeOptions> read_judge_options(const JsOptions& js);

}  // namespace arbiter::wasm
