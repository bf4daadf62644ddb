// Sequential probability ratio test (SPRT) for engine matches: H0 "the Elo
// difference is elo0" against H1 "it is elo1", stopped as soon as the
// log-likelihood ratio leaves (lower_bound, upper_bound).
//
// Method: the generalized SPRT of fishtest (LLR_logistic): the sample is a
// multinomial over its outcome categories (3 for WDL, 5 for pentanomials); for
// each hypothesis the distribution with the hypothesis' mean score that is most
// likely given the sample (the constrained MLE, q_i = p_i / (1 + lambda (a_i - s)),
// lambda found by bisection) is compared: LLR = sum n_i ln(q1_i / q0_i).
// Empty categories get kRegularizationCount games first (as fishtest does), so
// the constrained MLE exists whatever the sample; they add nothing to the sum.
//
// Elo models (the meaning of elo0 / elo1):
//   - Logistic: the hypothesis score is 1 / (1 + 10^(-elo/400)).
//   - Normalized: nElo as in elo.h; the score is 0.5 + nelo * sigma * ln10/800,
//     sigma the per-game standard deviation of the (regularized) sample itself:
//     sqrt(var) for WDL, sqrt(2 var_pair) for pentanomials. This matches
//     fishtest's normalized LLR to about 1e-3 on real tests (see the tests).
// Bounds: lower = ln(beta / (1 - alpha)), upper = ln((1 - beta) / alpha).
#pragma once

#include <string>

#include "arbiter/match/results.h"

namespace arbiter::match {

// Count given to an empty outcome category before the MLE (fishtest's value).
inline constexpr double kRegularizationCount = 1e-3;

enum class EloModel { Logistic, Normalized };

struct SprtConfig {
  double elo0 = 0;
  double elo1 = 5;
  double alpha = 0.05;  // false positive rate (accepting H1 when H0 holds)
  double beta = 0.05;   // false negative rate
  EloModel model = EloModel::Logistic;
};

enum class SprtDecision { Continue, AcceptH0, AcceptH1 };

struct SprtStatus {
  double llr = 0;
  double lower_bound = 0;
  double upper_bound = 0;
  SprtDecision decision = SprtDecision::Continue;
};

// Why a configuration cannot be tested ("" when it can): alpha and beta in
// (0, 1) with alpha + beta < 1, elo0 < elo1, both finite.
std::string sprt_config_error(const SprtConfig& config);

// Pentanomial GSPRT (paired games). An empty sample gives LLR 0, Continue; an
// invalid configuration (sprt_config_error) gives an all-zero Continue status.
SprtStatus sprt_status(const SprtConfig& config, const Pentanomial& penta);
// Trinomial GSPRT (unpaired games), same conventions.
SprtStatus sprt_status(const SprtConfig& config, const WDL& wdl);

// The classic normal approximation of the same LLR, for comparison:
// N (s1 - s0) (2 s - s0 - s1) / (2 var), N units, s and var per unit. 0 when
// the sample is empty or has no spread.
double sprt_llr_normal_approximation(const SprtConfig& config, const Pentanomial& penta);
double sprt_llr_normal_approximation(const SprtConfig& config, const WDL& wdl);

// "logistic" or "normalized".
const char* elo_model_name(EloModel model);
// "continue", "H0 accepted", "H1 accepted".
const char* sprt_decision_name(SprtDecision decision);

// "LLR 1.23 (-2.94, 2.94) [0.00, 5.00] logistic".
std::string format_sprt(const SprtConfig& config, const SprtStatus& status);

}  // namespace arbiter::match
