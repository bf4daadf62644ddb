// Match results as counted by the match runner, from the first engine's point
// of view: single games (WDL, a trinomial sample) and game pairs played from the
// same opening with colours reversed (Pentanomial). Both reduce to a ScoreSample,
// the common input of the Elo estimates (elo.h) and the SPRT (sprt.h).
#pragma once

#include <array>
#include <vector>

namespace arbiter::match {

// The score of an even match, and of an empty sample.
inline constexpr double kNeutralScore = 0.5;
// A pair is one opening played twice, colours reversed.
inline constexpr int kGamesPerPair = 2;

// Game results from the first engine's point of view.
struct WDL {
  int wins = 0;
  int draws = 0;
  int losses = 0;

  int games() const;
  // Points per game (win 1, draw 1/2); 0.5 for an empty sample.
  double score() const;
};

// Results of game pairs (same opening, colours reversed), counted by the pair's
// score for the first engine:
//   counts[0] = 0 points (LL), [1] = 0.5 (LD), [2] = 1 (WL or DD),
//   [3] = 1.5 (WD), [4] = 2 (WW).
struct Pentanomial {
  std::array<int, 5> counts{};

  int pairs() const;
  int games() const { return kGamesPerPair * pairs(); }
  // Points per game over all pairs; 0.5 for an empty sample.
  double score() const;
  // Each game score should be 0, 0.5 or 1; anything else is rounded to the
  // nearest of those (so floating-point noise in a caller's sum still counts).
  void add_pair(double first_game_score, double second_game_score);
};

// A sample as a discrete distribution: the score of each outcome category (per
// game for WDL, the pair's points / 2 for a pentanomial, so always in [0, 1])
// and how often it occurred. Counts are doubles so that the SPRT can regularize
// empty categories with a fractional count.
struct ScoreSample {
  std::vector<double> scores;
  std::vector<double> counts;

  double total() const;     // number of units (games or pairs)
  double mean() const;      // mean score per unit; 0.5 when empty
  double variance() const;  // population variance of the unit score; 0 when empty
};

// Categories loss, draw, win with scores 0, 0.5, 1.
ScoreSample to_sample(const WDL& wdl);
// Categories LL..WW with scores 0, 0.25, 0.5, 0.75, 1 (pair points / 2).
ScoreSample to_sample(const Pentanomial& penta);

}  // namespace arbiter::match
