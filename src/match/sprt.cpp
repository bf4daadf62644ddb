#include "arbiter/match/sprt.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <numbers>
#include <vector>

#include "arbiter/match/elo.h"

namespace arbiter::match {

namespace {

ScoreSample regularized(ScoreSample sample) {
  for (double& c : sample.counts) c = std::max(c, kRegularizationCount);
  return sample;
}

// The mean score per unit that elo means under the configured model.
double hypothesis_score(double elo, EloModel model, const ScoreSample& sample,
                        double games_per_unit) {
  double s = kNeutralScore;
  if (model == EloModel::Logistic) {
    s = elo_to_score(elo);
  } else {
    const double sigma = std::sqrt(games_per_unit * sample.variance());
    s = kNeutralScore + elo / kNormalizedEloScale * sigma;
  }
  // Strictly inside (0, 1), where the constrained MLE exists.
  return std::clamp(s, kMinScore, 1 - kMinScore);
}

// The distribution q over the sample's categories with mean `target` that
// maximises sum p_i ln q_i (p the sample frequencies, all > 0): by Lagrange,
// q_i = p_i / (1 + lambda (a_i - target)) where lambda solves
// f(lambda) = sum p_i (a_i - target) / (1 + lambda (a_i - target)) = 0.
// f falls strictly from +inf to -inf on the interval where every q_i > 0, so
// bisection on that open interval always converges.
std::vector<double> constrained_mle(const ScoreSample& sample, double target) {
  const double n = sample.total();
  const auto [min_it, max_it] = std::minmax_element(sample.scores.begin(), sample.scores.end());
  double lo = -1 / (*max_it - target);
  double hi = 1 / (target - *min_it);
  auto f = [&](double lambda) {
    double sum = 0;
    for (std::size_t i = 0; i < sample.scores.size(); ++i) {
      const double d = sample.scores[i] - target;
      sum += sample.counts[i] / n * d / (1 + lambda * d);
    }
    return sum;
  };
  // Halve until the midpoint is no longer distinct from an end (about 60 steps
  // in double precision); the endpoints themselves are never evaluated.
  for (;;) {
    const double mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;
    if (f(mid) > 0) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  const double lambda = lo + (hi - lo) / 2;
  std::vector<double> q(sample.scores.size());
  double sum = 0;
  for (std::size_t i = 0; i < q.size(); ++i) {
    q[i] = sample.counts[i] / n / (1 + lambda * (sample.scores[i] - target));
    sum += q[i];
  }
  for (double& x : q) x /= sum;  // exact normalization despite the rounding of lambda
  return q;
}

double gsprt_llr(const SprtConfig& config, const ScoreSample& sample, double games_per_unit) {
  if (sample.total() <= 0) return 0;
  const ScoreSample reg = regularized(sample);
  const double s0 = hypothesis_score(config.elo0, config.model, reg, games_per_unit);
  const double s1 = hypothesis_score(config.elo1, config.model, reg, games_per_unit);
  const std::vector<double> q0 = constrained_mle(reg, s0);
  const std::vector<double> q1 = constrained_mle(reg, s1);
  double llr = 0;
  for (std::size_t i = 0; i < sample.counts.size(); ++i) {
    if (sample.counts[i] > 0) llr += sample.counts[i] * std::log(q1[i] / q0[i]);
  }
  return llr;
}

double normal_llr(const SprtConfig& config, const ScoreSample& sample, double games_per_unit) {
  const double n = sample.total();
  const double var = sample.variance();
  if (n <= 0 || var <= 0) return 0;
  const double s = sample.mean();
  const double s0 = hypothesis_score(config.elo0, config.model, sample, games_per_unit);
  const double s1 = hypothesis_score(config.elo1, config.model, sample, games_per_unit);
  return n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var);
}

SprtStatus status(const SprtConfig& config, const ScoreSample& sample, double games_per_unit) {
  SprtStatus st;
  if (!sprt_config_error(config).empty()) return st;
  st.lower_bound = std::log(config.beta / (1 - config.alpha));
  st.upper_bound = std::log((1 - config.beta) / config.alpha);
  st.llr = gsprt_llr(config, sample, games_per_unit);
  if (st.llr >= st.upper_bound) {
    st.decision = SprtDecision::AcceptH1;
  } else if (st.llr <= st.lower_bound) {
    st.decision = SprtDecision::AcceptH0;
  }
  return st;
}

}  // namespace

std::string sprt_config_error(const SprtConfig& c) {
  if (!(c.alpha > 0 && c.alpha < 1)) return "alpha must lie strictly between 0 and 1";
  if (!(c.beta > 0 && c.beta < 1)) return "beta must lie strictly between 0 and 1";
  if (!(c.alpha + c.beta < 1)) return "alpha + beta must be below 1";
  if (!std::isfinite(c.elo0) || !std::isfinite(c.elo1)) return "elo0 and elo1 must be finite";
  if (!(c.elo0 < c.elo1)) return "elo0 must be below elo1";
  return "";
}

SprtStatus sprt_status(const SprtConfig& config, const Pentanomial& penta) {
  return status(config, to_sample(penta), kGamesPerPair);
}

SprtStatus sprt_status(const SprtConfig& config, const WDL& wdl) {
  return status(config, to_sample(wdl), 1);
}

double sprt_llr_normal_approximation(const SprtConfig& config, const Pentanomial& penta) {
  return normal_llr(config, to_sample(penta), kGamesPerPair);
}

double sprt_llr_normal_approximation(const SprtConfig& config, const WDL& wdl) {
  return normal_llr(config, to_sample(wdl), 1);
}

const char* elo_model_name(EloModel model) {
  return model == EloModel::Logistic ? "logistic" : "normalized";
}

const char* sprt_decision_name(SprtDecision decision) {
  switch (decision) {
    case SprtDecision::AcceptH0:
      return "H0 accepted";
    case SprtDecision::AcceptH1:
      return "H1 accepted";
    case SprtDecision::Continue:
      break;
  }
  return "continue";
}

std::string format_sprt(const SprtConfig& config, const SprtStatus& st) {
  char buffer[160];
  std::snprintf(buffer, sizeof buffer, "LLR %.2f (%.2f, %.2f) [%.2f, %.2f] %s", st.llr,
                st.lower_bound, st.upper_bound, config.elo0, config.elo1,
                elo_model_name(config.model));
  return buffer;
}

}  // namespace arbiter::match
