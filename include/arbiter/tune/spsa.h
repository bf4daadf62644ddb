// SPSA (simultaneous perturbation stochastic approximation) for the search's
// tunable constants, driven by games.
//
// Each iteration k (from 1) perturbs every parameter at once by +-c_k (the sign
// drawn per parameter), plays the engine at theta+ against itself at theta-, and
// moves theta along the estimated gradient: theta_i += a_k * (W - L) * delta_i /
// c_k, with W - L counted for theta+. The gains follow Spall's schedules,
//   c_k = c / k^gamma,          c = c_end * N^gamma,
//   a_k = a / (A + k)^alpha,    a = r_end * c_end^2 * (A + N)^alpha,
// so that at the last of the N iterations the perturbation is c_end (a
// parameter's step in tunables.h) and the learning rate r_end (OpenBench's
// convention, and its usual values: alpha 0.602, gamma 0.101, A 10% of N,
// r_end 0.002).
//
// Everything a run does follows from its settings, seed and iteration number,
// so a state saved after an iteration resumes exactly (the signs are drawn from
// (seed, iteration, parameter), not from a stream).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "arbiter/core/result.h"

namespace arbiter::tune {

struct SpsaSettings {
  int iterations = 1000;  // N
  double alpha = 0.602;
  double gamma = 0.101;
  double a_ratio = 0.1;  // A = a_ratio * N
  double r_end = 0.002;
  uint64_t seed = 1;
  bool operator==(const SpsaSettings&) const = default;
};

struct SpsaParameter {
  std::string name;
  double value = 0;  // theta: kept fractional between iterations, played rounded
  int min = 0, max = 0;
  double c_end = 1;  // the perturbation at the last iteration (the tunable's step)
  bool operator==(const SpsaParameter&) const = default;
};

struct SpsaState {
  SpsaSettings settings;
  int iteration = 0;  // iterations done
  std::vector<SpsaParameter> parameters;
  bool operator==(const SpsaState&) const = default;
};

// The two engines of one iteration.
struct SpsaProbe {
  int iteration = 0;             // k, from 1
  std::vector<int> plus, minus;  // theta +- c_k * delta, rounded and clamped
  std::vector<int> delta;        // +-1 per parameter
  std::vector<double> c, a;      // c_k and a_k per parameter
};

// The probe of the next iteration (state.iteration + 1).
SpsaProbe next_probe(const SpsaState& state);

// Moves theta by the result of `probe`: wins minus losses of theta+ against
// theta-. Values stay within each parameter's range.
void apply_result(SpsaState& state, const SpsaProbe& probe, int wins_minus_losses);

// Runs iterations until `until` are done (at most settings.iterations), calling
// `play` for each probe (it returns W - L for theta+, or nothing to stop before
// the state moves) and `after` once the state has moved (to save it and log the
// iteration; false stops). True when `until` was reached.
bool run_spsa(SpsaState& state, int until,
              const std::function<std::optional<int>(const SpsaProbe&)>& play,
              const std::function<bool(const SpsaState&, const SpsaProbe&, int)>& after);

// The state as text: the settings, the iteration, then one line per parameter
// ("param NAME VALUE MIN MAX C_END"), values with full precision.
std::string format_state(const SpsaState& state);
// Reads format_state's text back; the error names the line.
Result<SpsaState> parse_state(const std::string& text);

}  // namespace arbiter::tune
