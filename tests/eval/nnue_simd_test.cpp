// Every SIMD back end compiled for this target gives the scalar back end's
// integers, on random accumulators that cross both clamp bounds and wrap.
#include <gtest/gtest.h>

#include <random>

#include "arbiter/eval/nnue_network.h"
#include "arbiter/eval/nnue_simd.h"

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

#if defined(__AVX2__)
TEST(NnueSimd, Avx2MatchesScalar) { check_against_scalar(avx2::update, avx2::screlu_dot); }
#endif

#if defined(__AVX512BW__)
TEST(NnueSimd, Avx512MatchesScalar) { check_against_scalar(avx512::update, avx512::screlu_dot); }
#endif

TEST(NnueSimd, ActiveBackendIsTheConfiguredOne) {
  RecordProperty("backend", backend_name(active::kBackend));
  EXPECT_EQ(int(active::kBackend), ARBITER_SIMD_LEVEL);
}

}  // namespace
}  // namespace arbiter::eval::nnue::simd
