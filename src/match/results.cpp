#include "arbiter/match/results.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace arbiter::match {

namespace {

constexpr double kHalfPointsPerPoint = 2;  // game scores count in half points
constexpr int kMaxPairHalfPoints = 4;      // WW: 2 points = 4 half points

// A game score as half points, 0..2, rounded to the nearest legal value.
int half_points(double game_score) {
  const long rounded = std::lround(game_score * kHalfPointsPerPoint);
  return static_cast<int>(std::clamp(rounded, 0L, 2L));
}

}  // namespace

int WDL::games() const { return wins + draws + losses; }

double WDL::score() const {
  const int n = games();
  return n == 0 ? kNeutralScore : (wins + 0.5 * draws) / n;
}

int Pentanomial::pairs() const {
  int n = 0;
  for (int c : counts) n += c;
  return n;
}

double Pentanomial::score() const { return to_sample(*this).mean(); }

void Pentanomial::add_pair(double first_game_score, double second_game_score) {
  const int index = half_points(first_game_score) + half_points(second_game_score);
  ++counts[static_cast<std::size_t>(std::min(index, kMaxPairHalfPoints))];
}

double ScoreSample::total() const {
  double n = 0;
  for (double c : counts) n += c;
  return n;
}

double ScoreSample::mean() const {
  const double n = total();
  if (n <= 0) return kNeutralScore;
  double sum = 0;
  for (std::size_t i = 0; i < scores.size(); ++i) sum += counts[i] * scores[i];
  return sum / n;
}

double ScoreSample::variance() const {
  const double n = total();
  if (n <= 0) return 0;
  const double mu = mean();
  double sum = 0;
  for (std::size_t i = 0; i < scores.size(); ++i) {
    const double d = scores[i] - mu;
    sum += counts[i] * d * d;
  }
  return sum / n;
}

ScoreSample to_sample(const WDL& wdl) {
  return {{0.0, 0.5, 1.0},
          {static_cast<double>(wdl.losses), static_cast<double>(wdl.draws),
           static_cast<double>(wdl.wins)}};
}

ScoreSample to_sample(const Pentanomial& penta) {
  ScoreSample sample;
  for (std::size_t i = 0; i < penta.counts.size(); ++i) {
    sample.scores.push_back(static_cast<double>(i) / kMaxPairHalfPoints);
    sample.counts.push_back(static_cast<double>(penta.counts[i]));
  }
  return sample;
}

}  // namespace arbiter::match
