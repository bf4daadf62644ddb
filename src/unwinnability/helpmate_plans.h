// The plans the helpmate search (helpmate.cpp) follows. In sparse positions the
// loser's king is led to a corner, one plan per corner it may be mated in; where
// the winner's king is shut in behind the pawns, one plan more, in which the loser
// opens the wall; where the loser must make its own blocker, one plan more, in
// which it frees a pawn to promote (helpmate_plan_count in helpmate.h counts
// them). Internal to src/unwinnability.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "arbiter/core/bitboard.h"
#include "arbiter/core/position.h"

namespace arbiter::rules::plans {

// King-step distance between two squares, from a table: the search asks for it
// several times per move it scores.
inline constexpr auto kKingDistance = [] {
  std::array<std::array<uint8_t, core::kNumSquares>, core::kNumSquares> table{};
  constexpr int kFiles = 8;
  for (int a = 0; a < core::kNumSquares; ++a)
    for (int b = 0; b < core::kNumSquares; ++b) {
      const int files = a % kFiles - b % kFiles, ranks = a / kFiles - b / kFiles;
      table[a][b] = uint8_t(std::max(files < 0 ? -files : files, ranks < 0 ? -ranks : ranks));
    }
  return table;
}();

inline int distance(core::Square a, core::Square b) {
  return kKingDistance[core::index(a)][core::index(b)];
}

// The squares at most d king steps from s (d from 0 to 7), from a table: the
// search screens king steps with it instead of scoring each.
inline constexpr int kMaxKingDistance = 7;
inline constexpr auto kWithinDistance = [] {
  std::array<std::array<core::Bitboard, kMaxKingDistance + 1>, core::kNumSquares> table{};
  for (int s = 0; s < core::kNumSquares; ++s)
    for (int t = 0; t < core::kNumSquares; ++t)
      for (int d = kKingDistance[s][t]; d <= kMaxKingDistance; ++d)
        table[s][d] |= core::Bitboard(1) << t;
  return table;
}();

// The squares within d king steps of s; none for a negative d.
inline core::Bitboard within_distance(core::Square s, int d) {
  return d < 0 ? 0 : kWithinDistance[core::index(s)][size_t(std::min(d, kMaxKingDistance))];
}

// The square of `squares` nearest to `from` in king steps (the first in square
// order among equals), or None when there is none.
inline core::Square nearest_square(core::Square from, core::Bitboard squares) {
  core::Square best = core::Square::None;
  for (core::Square s : core::squares(squares))
    if (best == core::Square::None || distance(from, s) < distance(from, best)) best = s;
  return best;
}

// The squares ahead of a pawn of colour c on s, on its file.
inline core::Bitboard file_ahead(core::Color c, core::Square s) {
  const core::Bitboard file = core::file_bb(s);
  return c == core::Color::White ? file & ~((core::square_bb(s) << 1) - 1)
                                 : file & (core::square_bb(s) - 1);
}

// Whether the loser's king is led to a corner (few pieces besides kings and pawns)
// rather than mated where it stands.
bool uses_corner_plan(const core::Position& pos, core::Color winner);

// The corners the loser's king may head for: all four, or those of the colour of
// the winner's bishops when bishops are all the winner has to mate with; with
// bishops of one colour (and pawns at most) and the winner's king shut in on the
// edge, also the edge squares of that colour two steps from it (the "corners" of
// the plans are the squares the loser's king is led to).
core::Bitboard candidate_corners(const core::Position& pos, core::Color winner);

// The corner of a plan: plan 0 the nearest to the loser's king (see the .cpp).
core::Square target_corner(const core::Position& pos, core::Color winner, int plan);

// c's pieces (kings and pawns aside) with no square to move to: a bishop behind its
// own pawns stands as fixed as they do, until something moves.
core::Bitboard stuck_pieces(const core::Position& pos, core::Color c);

// Whether c has a piece (kings and pawns aside) that can move.
bool has_mobile_piece(const core::Position& pos, core::Color c);

// The squares c's king can ever walk to while the pawns and c's pieces that cannot
// move stand as they do, when they are few enough to call it shut in; none otherwise.
core::Bitboard king_prison(const core::Position& pos, core::Color c);

// The winner's pawns and stuck pieces that wall its king in, when it is shut in;
// none otherwise.
core::Bitboard prison_walls(const core::Position& pos, core::Color winner);

// The walls the loser's king can hope to take: those its king does not guard
// from every square of its prison (all of them when it guards each). The prison
// plan leads the loser's king to the nearest (k1b5/1p1p4/1P1Pb3/B7/8/8/8/K7 w:
// White's king takes the bishop on c8, which Black's king on a8 leaves
// unguarded, never the pawn on b7, guarded from a8 and b8 alike).
core::Bitboard walls_to_take(const core::Position& pos, core::Color winner);

// The plans of a position for one winner: the corner plans (one per candidate
// corner in the corner plans, else one), then at most one more, the last: the
// prison plan where the winner's king is shut in, else the blocker plan where it
// applies (see has_blocker_plan). Computed once by whoever asks about several.
struct PlanSet {
  enum class Last : uint8_t { Corner, Prison, Blocker };
  int corners = 1;
  Last last = Last::Corner;

  int count() const { return corners + (last == Last::Corner ? 0 : 1); }
  bool is_prison(int plan) const { return last == Last::Prison && plan == corners; }
  bool is_blocker(int plan) const { return last == Last::Blocker && plan == corners; }
};
PlanSet plan_set(const core::Position& pos, core::Color winner);

// The loser's front pawns with no man ahead on their files (free to promote), and
// the winner's men (kings aside) standing first in front of one of the others:
// the loser's king takes such a man to free a pawn.
struct LoserLanes {
  core::Bitboard runners = 0;
  core::Bitboard blockers = 0;
};
LoserLanes loser_lanes(const core::Position& pos, core::Color winner);

// Whether the blocker plan applies: the winner has pieces, those of them that can
// move are bishops of one colour, its pawns cannot run, and its king is free; the
// loser has only its king, pawns none of which can run, and pieces that cannot
// move. The bishops mate only with the loser's own men blocking its king, and the
// loser has none to move: its king first takes a man of the winner in front of
// one of its pawns, which then promotes into a blocker
// (2B1B1B1/pBpBpBp1/P1P1P1P1/8/8/8/8/k1K5 w), or into a piece offered to a pawn
// of the winner's, which then runs and queens where the winner's pieces are all
// shut in (1nk5/1p1p4/bPpP4/BpP5/1P6/8/8/7K w: White's king takes the knight on
// b8 and the pawn on d7, and the d-pawn queens and is given to c6xd5). The last
// plan when it applies.
bool has_blocker_plan(const core::Position& pos, core::Color winner);

}  // namespace arbiter::rules::plans
