// FEN reading in all three dialects (standard, X-FEN, Shredder-FEN): anything may
// come in; what is accepted must be a possible position that writes back, in each
// notation, to a FEN that reads as the same position.
#include "arbiter/core/fen.h"
#include "fuzz_support.h"

using arbiter::core::CastlingNotation;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace arbiter;
  const std::string_view text = fuzz::as_text(data, size);
  for (bool chess960 : {false, true}) {
    auto parsed = core::parse_fen(text, chess960);
    if (!parsed) {
      fuzz::require(!parsed.error().empty(), "a rejected FEN says why");
      continue;
    }
    const core::Position& pos = parsed.value();
    fuzz::require(core::impossibility(pos).empty(), "an accepted FEN is a possible position");
    for (CastlingNotation notation :
         {CastlingNotation::Auto, CastlingNotation::XFen, CastlingNotation::Shredder}) {
      if (!chess960 && notation != CastlingNotation::Auto) continue;
      auto again = core::parse_fen(core::to_fen(pos, notation), chess960);
      fuzz::require(bool(again), "a written FEN reads back");
      fuzz::require(again.value().key() == pos.key(), "a written FEN reads as the same position");
      fuzz::require(core::to_fen(again.value(), notation) == core::to_fen(pos, notation),
                    "writing is stable");
    }
  }
  return 0;
}
