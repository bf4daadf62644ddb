// Search scores: centipawns, with mate scores at the top of the range.
#pragma once

#include <cstdint>

namespace arbiter::search {

inline constexpr int kMaxPly = 240;
inline constexpr int kMateScore = 32000;
inline constexpr int kInfinite = 32001;
inline constexpr int kNoScore = 32002;  // "no value" marker (TT eval, aspiration)
inline constexpr int kDrawScore = 0;
// Any score beyond this is a mate found within the search horizon.
inline constexpr int kMateInMaxPly = kMateScore - kMaxPly;

constexpr int mated_in(int ply) { return -kMateScore + ply; }
constexpr int mate_in(int ply) { return kMateScore - ply; }
constexpr bool is_mate_score(int score) {
  return score >= kMateInMaxPly || score <= -kMateInMaxPly;
}

// Moves (not plies) to mate, positive when the side to move mates: UCI "score mate N".
constexpr int mate_distance_moves(int score) {
  return score > 0 ? (kMateScore - score + 1) / 2 : -(kMateScore + score) / 2;
}

// The TT stores mate scores relative to the node, the search uses them relative to the root.
constexpr int score_to_tt(int score, int ply) {
  if (score >= kMateInMaxPly) return score + ply;
  if (score <= -kMateInMaxPly) return score - ply;
  return score;
}
constexpr int score_from_tt(int score, int ply) {
  if (score == kNoScore) return score;
  if (score >= kMateInMaxPly) return score - ply;
  if (score <= -kMateInMaxPly) return score + ply;
  return score;
}

}  // namespace arbiter::search
