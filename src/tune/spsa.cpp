// SPSA over the search's tunables (see spsa.h).
#include "arbiter/tune/spsa.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "arbiter/core/split_mix.h"

namespace arbiter::tune {

namespace {

constexpr const char* kStateMagic = "arbiter-spsa-state 1";
// Decorrelates the (seed, iteration, parameter) triples that pick the signs.
constexpr uint64_t kIterationStride = 0x9e3779b97f4a7c15ULL;
constexpr uint64_t kParameterStride = 0xd1b54a32d192ed03ULL;

double big_a(const SpsaSettings& s) { return s.a_ratio * s.iterations; }

// +1 or -1 for parameter i at iteration k.
int sign(const SpsaSettings& s, int k, size_t i) {
  core::SplitMix64 bits(s.seed + uint64_t(k) * kIterationStride + uint64_t(i) * kParameterStride);
  return (bits.next() & 1) ? 1 : -1;
}

int rounded_within(double v, const SpsaParameter& p) {
  return std::clamp(int(std::lround(v)), p.min, p.max);
}

}  // namespace

SpsaProbe next_probe(const SpsaState& state) {
  const SpsaSettings& s = state.settings;
  SpsaProbe probe;
  probe.iteration = state.iteration + 1;
  const double k = probe.iteration, n = s.iterations;
  for (size_t i = 0; i < state.parameters.size(); ++i) {
    const SpsaParameter& p = state.parameters[i];
    const double c = p.c_end * std::pow(n, s.gamma);
    const double a = s.r_end * p.c_end * p.c_end * std::pow(big_a(s) + n, s.alpha);
    const double c_k = c / std::pow(k, s.gamma);
    const double a_k = a / std::pow(big_a(s) + k, s.alpha);
    const int d = sign(s, probe.iteration, i);
    probe.c.push_back(c_k);
    probe.a.push_back(a_k);
    probe.delta.push_back(d);
    probe.plus.push_back(rounded_within(p.value + c_k * d, p));
    probe.minus.push_back(rounded_within(p.value - c_k * d, p));
  }
  return probe;
}

void apply_result(SpsaState& state, const SpsaProbe& probe, int wins_minus_losses) {
  for (size_t i = 0; i < state.parameters.size(); ++i) {
    SpsaParameter& p = state.parameters[i];
    const double step = probe.a[i] * wins_minus_losses * probe.delta[i] / probe.c[i];
    p.value = std::clamp(p.value + step, double(p.min), double(p.max));
  }
  state.iteration = probe.iteration;
}

bool run_spsa(SpsaState& state, int until,
              const std::function<std::optional<int>(const SpsaProbe&)>& play,
              const std::function<bool(const SpsaState&, const SpsaProbe&, int)>& after) {
  until = std::min(until, state.settings.iterations);
  while (state.iteration < until) {
    const SpsaProbe probe = next_probe(state);
    const std::optional<int> result = play(probe);
    if (!result) return false;
    apply_result(state, probe, *result);
    if (after && !after(state, probe, *result)) return false;
  }
  return true;
}

namespace {

// The shortest text of at least 15 significant digits that reads back as the
// same double (printf and strtod: floating-point to_chars is missing from
// Emscripten's library).
std::string exact(double v) {
  constexpr int kMinDigits = 15, kRoundTripDigits = 17;
  char buf[40];
  for (int digits = kMinDigits; digits < kRoundTripDigits; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    if (std::strtod(buf, nullptr) == v) return buf;
  }
  std::snprintf(buf, sizeof buf, "%.*g", kRoundTripDigits, v);
  return buf;
}

}  // namespace

std::string format_state(const SpsaState& state) {
  const SpsaSettings& s = state.settings;
  std::ostringstream out;
  out << kStateMagic << "\n"
      << "iterations " << s.iterations << "\n"
      << "alpha " << exact(s.alpha) << "\n"
      << "gamma " << exact(s.gamma) << "\n"
      << "a_ratio " << exact(s.a_ratio) << "\n"
      << "r_end " << exact(s.r_end) << "\n"
      << "seed " << s.seed << "\n"
      << "done " << state.iteration << "\n";
  for (const SpsaParameter& p : state.parameters)
    out << "param " << p.name << " " << exact(p.value) << " " << p.min << " " << p.max << " "
        << exact(p.c_end) << "\n";
  return out.str();
}

Result<SpsaState> parse_state(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  if (!std::getline(in, line) || line != kStateMagic)
    return Error{"line 1: not an SPSA state ('" + std::string(kStateMagic) + "' expected)"};
  SpsaState state;
  SpsaSettings& s = state.settings;
  int number = 1;
  int fields_seen = 0;
  constexpr int kSettingFields = 7;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty()) continue;
    std::istringstream words(line);
    std::string key;
    words >> key;
    bool ok = true;
    if (key == "param") {
      SpsaParameter p;
      ok = bool(words >> p.name >> p.value >> p.min >> p.max >> p.c_end) && p.min <= p.max &&
           p.c_end > 0;
      state.parameters.push_back(p);
    } else {
      ++fields_seen;
      if (key == "iterations")
        ok = bool(words >> s.iterations) && s.iterations > 0;
      else if (key == "alpha")
        ok = bool(words >> s.alpha);
      else if (key == "gamma")
        ok = bool(words >> s.gamma);
      else if (key == "a_ratio")
        ok = bool(words >> s.a_ratio) && s.a_ratio >= 0;
      else if (key == "r_end")
        ok = bool(words >> s.r_end) && s.r_end > 0;
      else if (key == "seed")
        ok = bool(words >> s.seed);
      else if (key == "done")
        ok = bool(words >> state.iteration) && state.iteration >= 0;
      else
        return Error{"line " + std::to_string(number) + ": unknown field '" + key + "'"};
    }
    std::string extra;
    if (!ok || words >> extra)
      return Error{"line " + std::to_string(number) + ": malformed '" + line + "'"};
  }
  if (fields_seen != kSettingFields) return Error{"the state lacks some of its settings"};
  if (state.parameters.empty()) return Error{"the state has no parameter"};
  return state;
}

}  // namespace arbiter::tune
