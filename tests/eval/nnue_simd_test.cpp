// Every SIMD back end compiled for this target gives the scalar back end's
// integers, on random accumulators that cross both clamp bounds and wrap.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "arbiter/eval/nnue_network.h"
#include "eval/nnue_simd.h"

namespace arbiter::eval::nnue::simd {
namespace {

constexpr int kRounds = 2000;
constexpr int kMaxRows = 32;

struct alignas(kSimdAlignment) Row {
  int16_t v[kHidden];
};

// Values over the whole int16 range half the time, near the clamp otherwise.
void fill(Row& r, std::mt19937& rng) {
  const bool wide = rng() % 2;
  std::uniform_int_distribution<int> full(-32768, 32767), near(-2 * kQA, 2 * kQA);
  for (int16_t& x : r.v) x = int16_t(wide ? full(rng) : near(rng));
}

template <class Update, class Dot>
void check_against_scalar(Update update, Dot dot) {
  std::mt19937 rng(42);
  std::vector<Row> rows(2 * kMaxRows + 1);
  Row expected, got, weights;
  for (int round = 0; round < kRounds; ++round) {
    for (Row& r : rows) fill(r, rng);
    const int n_add = int(rng() % kMaxRows), n_sub = int(rng() % 3);
    const int16_t* add[kMaxRows];
    const int16_t* sub[kMaxRows];
    for (int k = 0; k < n_add; ++k) add[k] = rows[size_t(1 + k)].v;
    for (int k = 0; k < n_sub; ++k) sub[k] = rows[size_t(1 + kMaxRows + k)].v;
    scalar::update(expected.v, rows[0].v, add, n_add, sub, n_sub);
    update(got.v, rows[0].v, add, n_add, sub, n_sub);
    for (int i = 0; i < kHidden; ++i) ASSERT_EQ(got.v[i], expected.v[i]) << "lane " << i;

    std::uniform_int_distribution<int> w(-kMaxOutputWeight, kMaxOutputWeight);
    for (int16_t& x : weights.v) x = int16_t(w(rng));
    ASSERT_EQ(dot(rows[1].v, weights.v), scalar::screlu_dot(rows[1].v, weights.v));
  }
}

TEST(NnueSimd, ScalarDotMatchesTheFormula) {
  Row acc, w;
  for (int i = 0; i < kHidden; ++i) {
    acc.v[i] = int16_t(i * 5 - 100);  // below 0, inside, above kQA
    w.v[i] = int16_t(i % 2 ? 3 : -2);
  }
  int64_t expected = 0;
  for (int i = 0; i < kHidden; ++i) {
    const int64_t c = std::clamp<int64_t>(acc.v[i], 0, kQA);
    expected += c * c * w.v[i];
  }
  EXPECT_EQ(scalar::screlu_dot(acc.v, w.v), expected);
}

// Every compiled back end against scalar: SSE2, AVX2, AVX-512 or NEON, whichever
// the target allows (the release builds cover each of them between them).
TEST(NnueSimd, EveryCompiledBackendMatchesScalar) {
  for (const Kernels& k : kCompiled) {
    SCOPED_TRACE(backend_name(k.backend));
    check_against_scalar(k.update, k.screlu_dot);
  }
}

TEST(NnueSimd, TheBuildCompilesTheBackendsItsTargetAllows) {
  std::vector<std::string> names;
  for (const Kernels& k : kCompiled) names.emplace_back(backend_name(k.backend));
  EXPECT_EQ(names.front(), "scalar");
#if defined(__x86_64__)
  EXPECT_NE(std::find(names.begin(), names.end(), "sse2"), names.end());
#endif
#if defined(__AVX2__)
  EXPECT_NE(std::find(names.begin(), names.end(), "avx2"), names.end());
#endif
#if defined(__aarch64__)
  EXPECT_NE(std::find(names.begin(), names.end(), "neon"), names.end());
#endif
  EXPECT_EQ(names, simd_backends());
}

TEST(NnueSimd, BuildBackendIsTheConfiguredOne) {
  RecordProperty("backend", backend_name(kBuildBackend));
  EXPECT_EQ(int(kBuildBackend), ARBITER_SIMD_LEVEL);
  EXPECT_EQ(kBuildKernels.backend, kBuildBackend);
  EXPECT_EQ(default_simd_backend(), backend_name(kBuildBackend));
}

TEST(NnueSimd, BackendNamesAreDistinct) {
  for (Backend a : kAllBackends)
    for (Backend b : kAllBackends)
      if (a != b) {
        EXPECT_STRNE(backend_name(a), backend_name(b));
      }
}

}  // namespace
}  // namespace arbiter::eval::nnue::simd
