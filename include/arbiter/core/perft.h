// Perft: counting the leaf nodes of the legal move tree, the standard check of
// a move generator against published counts.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arbiter/core/move.h"
#include "arbiter/core/position.h"
#include "arbiter/core/result.h"

namespace arbiter::core {

// Leaf count at `depth` (bulk-counted at the last ply). depth 0 counts 1.
uint64_t perft(Position& pos, int depth);

// Per-root-move counts, in generation order.
std::vector<std::pair<Move, uint64_t>> perft_divide(Position& pos, int depth);

// One line of a perft suite: "FEN ;D1 n ;D2 n ... [;960]".
struct PerftCase {
  std::string fen;
  bool chess960 = false;
  std::vector<std::pair<int, uint64_t>> expected;  // (depth, count)
};

Result<PerftCase> parse_perft_line(std::string_view line);

}  // namespace arbiter::core
