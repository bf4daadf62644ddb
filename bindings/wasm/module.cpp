// The embind declarations of the JavaScript module (js/dist/arbiter.mjs). The
// classes here are the raw ones: js/index.mjs wraps them into the documented
// API (options objects, parsed verdicts, Errors thrown for rejected input).
#include <emscripten/bind.h>

#include <string>

#include "arbiter/uci/build_info.h"
#include "engine_binding.h"
#include "game_binding.h"
#include "options.h"
#include "stream_adjudicator.h"

namespace arbiter::wasm {

namespace {

JsOptions js_options(const std::string& rules, const std::string& mode, bool infer_events) {
  return JsOptions{rules, mode, infer_events};
}

// Why these options cannot be used; empty when they can.
std::string options_error(const std::string& rules, const std::string& mode) {
  auto options = read_judge_options(js_options(rules, mode, true));
  return options ? std::string() : options.error();
}

StreamAdjudicator* make_adjudicator(const std::string& rules, const std::string& mode,
                                    bool infer_events, const std::string& source, bool with_moves) {
  auto judge = read_judge_options(js_options(rules, mode, infer_events));
  StreamOptions options;
  if (judge) options.judge = judge.value();  // js/index.mjs checked them first
  if (!source.empty()) options.source = source;
  options.with_moves = with_moves;
  return new StreamAdjudicator(std::move(options));
}

GameBinding* make_game(const std::string& fen, bool chess960, const std::string& rules,
                       const std::string& mode) {
  return new GameBinding(fen, chess960, js_options(rules, mode, true));
}

EngineBinding* make_engine(emscripten::val on_line) { return new EngineBinding(on_line); }

std::string version_report() { return uci::version_report(); }
std::string engine_name() { return uci::engine_id_name(); }

}  // namespace

EMSCRIPTEN_BINDINGS(arbiter) {
  using emscripten::allow_raw_pointers;
  emscripten::function("versionReport", &version_report);
  emscripten::function("engineName", &engine_name);
  emscripten::function("optionsError", &options_error);

  emscripten::class_<StreamAdjudicator>("StreamAdjudicator")
      .constructor(&make_adjudicator, allow_raw_pointers())
      .function("push",
                emscripten::optional_override(
                    [](StreamAdjudicator& a, const std::string& chunk) { return a.push(chunk); }))
      .function("finish", &StreamAdjudicator::finish)
      .function("summaryJson", &StreamAdjudicator::summary_json);

  emscripten::class_<GameBinding>("GameBinding")
      .constructor(&make_game, allow_raw_pointers())
      .function("error", &GameBinding::error)
      .function("pushSan", &GameBinding::push_san)
      .function("pushUci", &GameBinding::push_uci)
      .function("fen", &GameBinding::fen)
      .function("legalMoves", &GameBinding::legal_moves)
      .function("ply", &GameBinding::ply)
      .function("turn", &GameBinding::turn)
      .function("outcome", &GameBinding::outcome)
      .function("flag", &GameBinding::flag)
      .function("resign", &GameBinding::resign)
      .function("claimDraw", &GameBinding::claim_draw)
      .function("isDeadPosition", &GameBinding::is_dead_position)
      .function("canCheckmate", &GameBinding::can_checkmate);

  emscripten::class_<EngineBinding>("EngineBinding")
      .constructor(&make_engine, allow_raw_pointers())
      .function("send", &EngineBinding::send);
}

}  // namespace arbiter::wasm
