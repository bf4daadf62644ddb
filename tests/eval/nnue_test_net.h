// A deterministic random network with trained-like magnitudes, for tests and
// benchmarks that must not depend on a real net being present.
#pragma once

#include <algorithm>
#include <cstring>
#include <memory>
#include <random>
#include <string>

#include "arbiter/eval/nnue_current.h"
#include "arbiter/eval/nnue_net_file.h"

namespace arbiter::test {

// Feature weights about +-0.25 in float (x kQA), biases so that accumulators
// fall on both sides of the clamp, output weights over the whole legal range.
inline constexpr int kTestFeatureWeight = 64;
inline constexpr int kTestBiasLow = -40, kTestBiasHigh = 160;
inline constexpr int kTestOutputBias = eval::nnue::kQA * eval::nnue::kQB / 4;

inline eval::nnue::QuantisedNet random_net(
    uint32_t seed, eval::nnue::InputLayout layout = eval::nnue::InputLayout::Plain) {
  using namespace eval::nnue;
  std::mt19937 rng(seed);
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  QuantisedNet net = QuantisedNet::zeroed(kHidden, kOutputBuckets, layout);
  const std::string desc = "test net " + std::to_string(seed);
  std::memcpy(net.header.description.data(), desc.data(),
              std::min(desc.size(), net.header.description.size() - 1));
  for (int16_t& w : net.feature_weights)
    w = int16_t(uniform(-kTestFeatureWeight, kTestFeatureWeight));
  for (int16_t& b : net.feature_bias) b = int16_t(uniform(kTestBiasLow, kTestBiasHigh));
  for (int16_t& w : net.output_weights) w = int16_t(uniform(-kMaxOutputWeight, kMaxOutputWeight));
  for (int32_t& b : net.output_bias) b = uniform(-kTestOutputBias, kTestOutputBias);
  return net;
}

// Makes a network current and enabled for one test, then restores what was there.
class ScopedNetwork {
 public:
  explicit ScopedNetwork(std::shared_ptr<const eval::nnue::Network> net)
      : saved_(eval::current_network()), saved_enabled_(eval::nnue_enabled()) {
    eval::set_current_network(std::move(net));
    eval::set_nnue_enabled(true);
  }
  ~ScopedNetwork() {
    eval::set_current_network(saved_);
    eval::set_nnue_enabled(saved_enabled_);
  }
  ScopedNetwork(const ScopedNetwork&) = delete;
  ScopedNetwork& operator=(const ScopedNetwork&) = delete;

 private:
  std::shared_ptr<const eval::nnue::Network> saved_;
  bool saved_enabled_;
};

// Turns the network off for one test of the hand-written evaluation, whatever
// net the build embedded.
class ScopedHandWritten {
 public:
  ScopedHandWritten() : saved_enabled_(eval::nnue_enabled()) { eval::set_nnue_enabled(false); }
  ~ScopedHandWritten() { eval::set_nnue_enabled(saved_enabled_); }
  ScopedHandWritten(const ScopedHandWritten&) = delete;
  ScopedHandWritten& operator=(const ScopedHandWritten&) = delete;

 private:
  bool saved_enabled_;
};

}  // namespace arbiter::test
