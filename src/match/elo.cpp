#include "arbiter/match/elo.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

namespace arbiter::match {

namespace {

constexpr double kEloScale = 400;  // logistic Elo: 400 points = 10:1 odds
constexpr double kPercent = 100;

// The estimate shared by both sample kinds; games_per_unit is 1 for WDL and 2
// for pentanomials (see the header for the conventions).
EloEstimate estimate(const ScoreSample& sample, double games_per_unit, double draw_ratio) {
  EloEstimate e;
  const double n = sample.total();
  if (n <= 0) return e;

  const double s = sample.mean();
  const double var = sample.variance();
  const double se = std::sqrt(var / n);

  e.score = s;
  e.draw_ratio = draw_ratio;
  e.elo = score_to_elo(s);
  if (se > 0) {
    e.error95 = (score_to_elo(s + kZ95 * se) - score_to_elo(s - kZ95 * se)) / 2;
    e.los = normal_cdf((s - kNeutralScore) / se);
  } else {
    // No spread: the sample leaves no doubt about the sign of s - 0.5.
    e.los = s > kNeutralScore ? 1.0 : (s < kNeutralScore ? 0.0 : kNeutralScore);
  }
  const double sigma = std::sqrt(games_per_unit * var);
  if (sigma > 0) {
    e.normalized_elo = (s - kNeutralScore) / sigma * kNormalizedEloScale;
    e.normalized_error95 = kZ95 * se / sigma * kNormalizedEloScale;
  }
  return e;
}

}  // namespace

double score_to_elo(double score) {
  const double s = std::clamp(score, kMinScore, 1 - kMinScore);
  // -400 * log10(1/s - 1), written so that s = 0.5 gives +0 (not -0).
  return kEloScale * std::log10(s / (1 - s));
}

double elo_to_score(double elo) { return 1 / (1 + std::pow(10.0, -elo / kEloScale)); }

double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::numbers::sqrt2); }

EloEstimate estimate_from_wdl(const WDL& wdl) {
  const int games = wdl.games();
  const double draw_ratio = games > 0 ? static_cast<double>(wdl.draws) / games : 0;
  return estimate(to_sample(wdl), 1, draw_ratio);
}

EloEstimate estimate_from_pentanomial(const Pentanomial& penta) {
  constexpr int kDrawnPair = 2;  // 1 point of 2: WL or DD
  const int pairs = penta.pairs();
  const double draw_ratio = pairs > 0 ? static_cast<double>(penta.counts[kDrawnPair]) / pairs : 0;
  // A pair's score (points / 2) has half the variance of one game when the games
  // are independent, so the per-game sigma is sqrt(2 * var_pair).
  return estimate(to_sample(penta), kGamesPerPair, draw_ratio);
}

std::string format_estimate(const EloEstimate& e) {
  char buffer[160];
  std::snprintf(buffer, sizeof buffer,
                "Elo %.1f +/- %.1f, nElo %.1f +/- %.1f, LOS %.1f%%, draws %.1f%%", e.elo, e.error95,
                e.normalized_elo, e.normalized_error95, e.los * kPercent, e.draw_ratio * kPercent);
  return buffer;
}

}  // namespace arbiter::match
