// Checking and reusing helpmate lines (see helpmate_witness.h).
#include "arbiter/rules/helpmate_witness.h"

#include "arbiter/core/movegen.h"

namespace arbiter::rules {

using core::Color;
using core::Move;
using core::Position;

namespace {

// How many leading moves of a remembered line may have been overtaken by the
// game: 0 (same position), 1 (one ply later), 2 (two plies later).
constexpr size_t kMaxSkippedMoves = 2;

struct RecentLines {
  std::vector<Move> line[core::kNumColors];
};
thread_local RecentLines tl_recent;

}  // namespace

bool is_helpmate_line(const Position& pos, Color winner, std::span<const Move> line) {
  Position p = pos;
  for (Move m : line) {
    if (!p.is_legal(m)) return false;
    core::UndoInfo undo;
    p.make_move(m, undo);
  }
  return p.side_to_move() == ~winner && core::is_checkmate(p);
}

std::optional<std::vector<Move>> recall_helpmate(const Position& pos, Color winner) {
  const std::vector<Move>& line = tl_recent.line[core::index(winner)];
  for (size_t skip = 0; skip <= kMaxSkippedMoves && skip < line.size(); ++skip) {
    std::span<const Move> rest(line.data() + skip, line.size() - skip);
    if (is_helpmate_line(pos, winner, rest)) return std::vector<Move>(rest.begin(), rest.end());
  }
  return std::nullopt;
}

std::span<const Move> recent_helpmate(Color winner) { return tl_recent.line[core::index(winner)]; }

void remember_helpmate(Color winner, std::vector<Move> line) {
  tl_recent.line[core::index(winner)] = std::move(line);
}

}  // namespace arbiter::rules
