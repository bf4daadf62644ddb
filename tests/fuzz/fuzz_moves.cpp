// SAN and UCI move text, read against a handful of positions chosen by the first
// byte (standard, Chess960, promotions, en passant, checks): anything may come in;
// what is accepted is a legal move whose own notation reads back as the same move.
#include <array>

#include "arbiter/core/fen.h"
#include "arbiter/core/notation.h"
#include "fuzz_support.h"

namespace {

struct Case {
  const char* fen;
  bool chess960;
};
constexpr std::array<Case, 6> kPositions = {{
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
    {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", false},
    {"8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 3", false},
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
    {"1r2k2r/8/8/8/8/8/8/R3K1R1 w GAkb - 0 1", true},
}};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace arbiter;
  if (size == 0) return 0;
  const Case& c = kPositions[data[0] % kPositions.size()];
  const core::Position pos = core::parse_fen(c.fen, c.chess960).value();
  const std::string_view text = fuzz::as_text(data + 1, size - 1);

  if (auto san = core::parse_san(pos, text)) {
    fuzz::require(pos.is_legal(san.value()), "an accepted SAN move is legal");
    auto again = core::parse_san(pos, core::to_san(pos, san.value()));
    fuzz::require(again && again.value() == san.value(), "a move's SAN reads back as the move");
  }
  if (auto uci = core::parse_uci_move(pos, text, c.chess960)) {
    fuzz::require(pos.is_legal(uci.value()), "an accepted UCI move is legal");
    auto again = core::parse_uci_move(pos, core::to_uci(uci.value(), c.chess960), c.chess960);
    fuzz::require(again && again.value() == uci.value(), "a move's UCI text reads back");
  }
  return 0;
}
