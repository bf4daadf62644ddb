// Elo estimates from match results, as reported by fishtest and fastchess.
//
// Conventions (s = mean score per game, N = units: games for WDL, pairs for a
// pentanomial, var = population variance of the unit score, where a pair's
// score is its points / 2):
//   - Elo is logistic: elo(s) = -400 * log10(1/s - 1).
//   - The 95% interval is the normal one on the score, s +/- 1.959964 * se with
//     se = sqrt(var / N), with both ends mapped through elo(); error95 is half
//     its width (the interval is not symmetric in Elo, the half-width is).
//   - LOS = Phi((s - 0.5) / se), the same normal approximation and the same se
//     (so draws and, for pentanomials, the pair correlation count).
//   - Normalized Elo (fishtest, fastchess): nElo = (s - 0.5) / sigma * 800/ln10
//     where sigma is the per-game standard deviation: sqrt(var) for WDL and
//     sqrt(2 * var_pair) for a pentanomial (var_pair of the pair score / 2; two
//     independent games would give var_game / 2). Its error is
//     1.959964 * se / sigma * 800/ln10 = 1.959964 / sqrt(games) * 800/ln10.
//   - draw_ratio: draws / games for WDL. A pentanomial cannot tell WL from DD,
//     so there it is the share of drawn pairs, counts[2] / pairs (1 point of 2).
// Degenerate samples never give NaN or infinities:
//   - no games: the defaults (Elo 0 +/- 0, LOS 0.5, score 0.5, nElo 0 +/- 0);
//   - the score is clamped into [kMinScore, 1 - kMinScore] before elo(), so a
//     100% or 0% score reads as +/- kMaxElo (about 1600);
//   - zero variance (all games the same result, or all pairs the same score):
//     se = 0, so error95 = 0, LOS is 1, 0 or 0.5 by the sign of s - 0.5, and
//     nElo (undefined) is reported as 0 +/- 0.
#pragma once

#include <numbers>
#include <string>

#include "arbiter/match/results.h"

namespace arbiter::match {

// nElo per unit of (score - 0.5) / sigma: 800 / ln 10, fishtest's normalization.
inline constexpr double kNormalizedEloScale = 800 / std::numbers::ln10;

// Two-sided 95% quantile of the standard normal distribution.
inline constexpr double kZ95 = 1.959963984540054;
// Scores are clamped this far inside (0, 1) before conversion to Elo.
inline constexpr double kMinScore = 1e-4;

struct EloEstimate {
  double elo = 0;             // logistic Elo difference, first engine minus second
  double error95 = 0;         // half-width of the 95% confidence interval, in Elo
  double los = 0.5;           // likelihood of superiority, 0..1
  double draw_ratio = 0;      // draws / games (pentanomial: drawn pairs / pairs)
  double score = 0.5;         // mean score per game
  double normalized_elo = 0;  // nElo, see above
  double normalized_error95 = 0;
};

// Logistic Elo of a score, the score clamped into [kMinScore, 1 - kMinScore].
double score_to_elo(double score);
// The expected score at a logistic Elo difference: 1 / (1 + 10^(-elo/400)).
double elo_to_score(double elo);
// Standard normal cumulative distribution function.
double normal_cdf(double x);

EloEstimate estimate_from_wdl(const WDL& wdl);
EloEstimate estimate_from_pentanomial(const Pentanomial& penta);

// "Elo 12.3 +/- 20.1, nElo 18.2 +/- 29.8, LOS 88.5%, draws 45.0%".
std::string format_estimate(const EloEstimate& estimate);

}  // namespace arbiter::match
