// The adjudication options a page gives, checked as the command line checks them.
#include "options.h"

namespace arbiter::wasm {

Result<rules::GameOptions> read_game_options(const JsOptions& js) {
  rules::GameOptions options;
  if (!js.rules.empty()) {
    auto edition = rules::parse_edition(js.rules);
    if (!edition)
      return Error{"unknown rules '" + js.rules +
                   "' (fide-2023, fide-2018, fide-2014, fide-2009, fide-2001)"};
    options.edition = *edition;
  }
  if (!js.mode.empty()) {
    auto claim_mode = rules::parse_claim_mode(js.mode);
    if (!claim_mode) return Error{"unknown mode '" + js.mode + "' (strict, proxy-claim)"};
    options.claim_mode = *claim_mode;
  }
  return options;
}

Result<adjudicate::JudgeOptions> read_judge_options(const JsOptions& js) {
  auto game = read_game_options(js);
  if (!game) return Error{game.error()};
  adjudicate::JudgeOptions options;
  options.game = game.value();
  options.infer_events = js.infer_events;
  return options;
}

}  // namespace arbiter::wasm
