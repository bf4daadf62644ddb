// match statistics (stats.h): WDL / pentanomial samples, Elo and nElo with
// their 95% error bars, LOS, and the GSPRT. Expected values are worked out by
// hand in the comments (s = score, var = variance per unit, se = sqrt(var/N),
// k = 800/ln10 = 347.4355, z = 1.959964), or quoted from fishtest/fastchess.
#include "arbiter/match/stats.h"

#include <gtest/gtest.h>

#include <cmath>

namespace arbiter::match {
namespace {

constexpr double kTight = 1e-9;

// --- results.h ------------------------------------------------------------------

TEST(StatsResults, WdlGamesAndScore) {
  const WDL wdl{.wins = 60, .draws = 20, .losses = 20};
  EXPECT_EQ(wdl.games(), 100);
  EXPECT_NEAR(wdl.score(), 0.7, kTight);  // (60 + 20/2) / 100
  EXPECT_EQ(WDL{}.games(), 0);
  EXPECT_EQ(WDL{}.score(), 0.5);  // empty: neutral, not 0/0
}

TEST(Pentanomial, AddPairCountsByPairScore) {
  Pentanomial p;
  p.add_pair(0, 0);      // LL -> [0]
  p.add_pair(0.5, 0);    // DL -> [1]
  p.add_pair(1, 0);      // WL -> [2]
  p.add_pair(0.5, 0.5);  // DD -> [2]
  p.add_pair(0.5, 1);    // DW -> [3]
  p.add_pair(1, 1);      // WW -> [4]
  EXPECT_EQ(p.counts, (std::array<int, 5>{1, 1, 2, 1, 1}));
  EXPECT_EQ(p.pairs(), 6);
  EXPECT_EQ(p.games(), 12);
  EXPECT_NEAR(p.score(), 0.5, kTight);  // 6 points of 12
}

TEST(Pentanomial, AddPairRoundsNoiseToTheNearestHalfPoint) {
  Pentanomial p;
  p.add_pair(0.4999999, 1.0000001);  // DW
  p.add_pair(-1, 7);                 // clamped: LW
  EXPECT_EQ(p.counts, (std::array<int, 5>{0, 0, 1, 1, 0}));
}

TEST(StatsResults, PentanomialSampleVarianceByHand) {
  // {0, 2, 5, 3, 0}: 10 pairs with pair scores (points / 2) 0.25, 0.5, 0.75.
  // mean = (2*0.25 + 5*0.5 + 3*0.75) / 10 = 5.25 / 10 = 0.525
  // var  = (2*0.275^2 + 5*0.025^2 + 3*0.225^2) / 10
  //      = (0.15125 + 0.003125 + 0.151875) / 10 = 0.030625 (sigma_pair 0.175)
  const ScoreSample s = to_sample(Pentanomial{{0, 2, 5, 3, 0}});
  EXPECT_NEAR(s.total(), 10, kTight);
  EXPECT_NEAR(s.mean(), 0.525, kTight);
  EXPECT_NEAR(s.variance(), 0.030625, kTight);
}

// --- elo.h ----------------------------------------------------------------------

TEST(Elo, ScoreEloConversionsAreInverse) {
  EXPECT_EQ(score_to_elo(0.5), 0.0);
  EXPECT_FALSE(std::signbit(score_to_elo(0.5)));  // +0, prints "0.0" not "-0.0"
  // 0.75: -400 log10(1/0.75 - 1) = 400 log10(3) = 190.848
  EXPECT_NEAR(score_to_elo(0.75), 190.848501887865, 1e-9);
  EXPECT_NEAR(elo_to_score(190.848501887865), 0.75, 1e-12);
  EXPECT_NEAR(elo_to_score(-400), 1.0 / 11, 1e-12);  // 10:1 odds against
  // Clamped: 1 - 1e-4 -> 400 log10(9999) = 1599.94.
  EXPECT_NEAR(score_to_elo(1.0), 400 * std::log10(1 / kMinScore - 1), 1e-9);
  EXPECT_NEAR(score_to_elo(0.0), -score_to_elo(1.0), 1e-9);
}

TEST(Elo, Wdl60_20_20ByHand) {
  // s = 0.7; Elo = 400 log10(0.7 / 0.3) = 147.19.
  // var = (60*0.3^2 + 20*0.2^2 + 20*0.7^2) / 100 = (5.4 + 0.8 + 9.8) / 100 = 0.16
  // se = sqrt(0.16 / 100) = 0.04; 95%: 0.7 -/+ 0.0784 = [0.6216, 0.7784]
  // Elo ends: 400 log10(0.6216/0.3784) = 86.22, 400 log10(0.7784/0.2216) = 218.25
  // error95 = (218.25 - 86.22) / 2 = 66.01
  // LOS = Phi(0.2 / 0.04) = Phi(5) = 0.99999971
  // nElo = 0.2 / sqrt(0.16) * k = 0.5 * 347.4355 = 173.72
  // nElo error = z * 0.04 / 0.4 * k = 0.1959964 * 347.4355 = 68.10
  const EloEstimate e = estimate_from_wdl({.wins = 60, .draws = 20, .losses = 20});
  EXPECT_NEAR(e.score, 0.7, kTight);
  EXPECT_NEAR(e.elo, 147.1907, 1e-3);
  EXPECT_NEAR(e.error95, 66.0134, 1e-3);
  EXPECT_NEAR(e.los, 0.9999997133, 1e-9);
  EXPECT_NEAR(e.draw_ratio, 0.2, kTight);
  EXPECT_NEAR(e.normalized_elo, 173.7178, 1e-3);
  EXPECT_NEAR(e.normalized_error95, 68.0961, 1e-3);
}

TEST(Elo, EvenScoreIsZeroEloAndEvenLos) {
  const EloEstimate e = estimate_from_wdl({.wins = 30, .draws = 40, .losses = 30});
  EXPECT_EQ(e.elo, 0.0);
  EXPECT_NEAR(e.los, 0.5, kTight);
  EXPECT_EQ(e.normalized_elo, 0.0);
  EXPECT_GT(e.error95, 0);
  const EloEstimate p = estimate_from_pentanomial({{3, 10, 20, 10, 3}});
  EXPECT_EQ(p.elo, 0.0);
  EXPECT_NEAR(p.los, 0.5, kTight);
}

TEST(Elo, SymmetricSamplesGiveOppositeSigns) {
  const EloEstimate a = estimate_from_wdl({.wins = 60, .draws = 20, .losses = 20});
  const EloEstimate b = estimate_from_wdl({.wins = 20, .draws = 20, .losses = 60});
  EXPECT_NEAR(a.elo, -b.elo, 1e-9);
  EXPECT_NEAR(a.error95, b.error95, 1e-9);
  EXPECT_NEAR(a.los + b.los, 1, 1e-9);
  EXPECT_NEAR(a.normalized_elo, -b.normalized_elo, 1e-9);

  const EloEstimate c = estimate_from_pentanomial({{1, 4, 10, 7, 2}});
  const EloEstimate d = estimate_from_pentanomial({{2, 7, 10, 4, 1}});
  EXPECT_NEAR(c.elo, -d.elo, 1e-9);
  EXPECT_NEAR(c.los + d.los, 1, 1e-9);
}

TEST(Elo, PentanomialByHand) {
  // {0, 2, 5, 3, 0} (see PentanomialSampleVarianceByHand): s = 0.525,
  // var_pair = 0.030625, se = 0.175 / sqrt(10) = 0.0553399.
  // Elo = 400 log10(0.525 / 0.475) = 17.386
  // 95%: 0.525 -/+ 0.108464 = [0.416536, 0.633464] -> [-58.55, 95.04] Elo,
  // error95 = 76.79
  // LOS = Phi(0.025 / 0.0553399) = Phi(0.45175) = 0.67428
  // nElo = 0.025 / (sqrt(2) * 0.175) * k = 0.101015 * 347.4355 = 35.10
  // nElo error = z / sqrt(20 games) * k = 152.27
  // draws: 5 drawn pairs of 10 = 50%
  const EloEstimate e = estimate_from_pentanomial({{0, 2, 5, 3, 0}});
  EXPECT_NEAR(e.score, 0.525, kTight);
  EXPECT_NEAR(e.elo, 17.3863, 1e-3);
  EXPECT_NEAR(e.error95, 76.7935, 1e-3);
  EXPECT_NEAR(e.los, 0.674277, 1e-5);
  EXPECT_NEAR(e.normalized_elo, 35.0963, 1e-3);
  EXPECT_NEAR(e.normalized_error95, 152.2676, 1e-3);
  EXPECT_NEAR(e.draw_ratio, 0.5, kTight);
}

TEST(Elo, PairedGamesWithAntiCorrelationHaveSmallerErrorBars) {
  // 20 games, 10 W 10 L, either as 10 WL pairs or as 5 WW + 5 LL pairs: the
  // same trinomial sample, but WL pairs have no spread at all and WW/LL pairs
  // the full spread of the games.
  const EloEstimate trinomial = estimate_from_wdl({.wins = 10, .draws = 0, .losses = 10});
  const EloEstimate anti = estimate_from_pentanomial({{0, 0, 10, 0, 0}});
  const EloEstimate aligned = estimate_from_pentanomial({{5, 0, 0, 0, 5}});
  EXPECT_EQ(anti.error95, 0.0);
  EXPECT_GT(aligned.error95, trinomial.error95);
}

TEST(Elo, MatchesFastchessNormalizedEloFigure) {
  // fastchess PR #783 ("print sprt/elo from the cli"): pentanomial
  // 379 10170 21828 10640 343 -> "Normalized Elo: 3.05 +/- 2.31".
  const EloEstimate e = estimate_from_pentanomial({{379, 10170, 21828, 10640, 343}});
  EXPECT_NEAR(e.normalized_elo, 3.05, 0.005);
  EXPECT_NEAR(e.normalized_error95, 2.31, 0.005);
}

TEST(Elo, DegenerateSamplesStayFinite) {
  const EloEstimate empty = estimate_from_wdl({});
  EXPECT_EQ(empty.elo, 0.0);
  EXPECT_EQ(empty.error95, 0.0);
  EXPECT_EQ(empty.los, 0.5);
  EXPECT_EQ(empty.score, 0.5);
  EXPECT_EQ(estimate_from_pentanomial({}).los, 0.5);

  const EloEstimate all_wins = estimate_from_wdl({.wins = 7});
  EXPECT_NEAR(all_wins.elo, score_to_elo(1), kTight);  // clamped, about +1600
  EXPECT_EQ(all_wins.error95, 0.0);
  EXPECT_EQ(all_wins.los, 1.0);
  EXPECT_EQ(all_wins.normalized_elo, 0.0);  // undefined without spread

  const EloEstimate all_losses = estimate_from_pentanomial({{4, 0, 0, 0, 0}});
  EXPECT_NEAR(all_losses.elo, score_to_elo(0), kTight);
  EXPECT_EQ(all_losses.los, 0.0);

  const EloEstimate all_draws = estimate_from_wdl({.draws = 9});
  EXPECT_EQ(all_draws.elo, 0.0);
  EXPECT_EQ(all_draws.los, 0.5);
  EXPECT_EQ(all_draws.draw_ratio, 1.0);

  // One loss in many wins: the interval's low end is inside (0, 1), the high
  // end is clamped; still finite.
  const EloEstimate nearly = estimate_from_wdl({.wins = 99, .losses = 1});
  for (const EloEstimate& e : {all_wins, all_losses, all_draws, nearly}) {
    EXPECT_TRUE(std::isfinite(e.elo) && std::isfinite(e.error95) && std::isfinite(e.los) &&
                std::isfinite(e.normalized_elo) && std::isfinite(e.normalized_error95));
  }
}

TEST(Elo, FormatEstimate) {
  EXPECT_EQ(format_estimate(estimate_from_wdl({.wins = 60, .draws = 20, .losses = 20})),
            "Elo 147.2 +/- 66.0, nElo 173.7 +/- 68.1, LOS 100.0%, draws 20.0%");
  EXPECT_EQ(format_estimate(EloEstimate{}),
            "Elo 0.0 +/- 0.0, nElo 0.0 +/- 0.0, LOS 50.0%, draws 0.0%");
}

// --- sprt.h ---------------------------------------------------------------------

TEST(Sprt, BoundsFromAlphaAndBeta) {
  // ln(0.05 / 0.95) = -ln 19 = -2.944439, ln(0.95 / 0.05) = ln 19.
  const SprtStatus st = sprt_status(SprtConfig{}, Pentanomial{});
  EXPECT_NEAR(st.lower_bound, -2.944439, 1e-6);
  EXPECT_NEAR(st.upper_bound, 2.944439, 1e-6);
  // alpha 0.05, beta 0.1: ln(0.1 / 0.95) = -2.251292, ln(0.9 / 0.05) = ln 18 = 2.890372.
  const SprtStatus asym = sprt_status({.alpha = 0.05, .beta = 0.1}, WDL{});
  EXPECT_NEAR(asym.lower_bound, -2.251292, 1e-6);
  EXPECT_NEAR(asym.upper_bound, 2.890372, 1e-6);
}

TEST(Sprt, EmptySampleIsZeroAndContinues) {
  for (EloModel model : {EloModel::Logistic, EloModel::Normalized}) {
    const SprtStatus p = sprt_status({.model = model}, Pentanomial{});
    const SprtStatus w = sprt_status({.model = model}, WDL{});
    EXPECT_EQ(p.llr, 0.0);
    EXPECT_EQ(w.llr, 0.0);
    EXPECT_EQ(p.decision, SprtDecision::Continue);
    EXPECT_EQ(w.decision, SprtDecision::Continue);
  }
}

TEST(Sprt, BinomialLlrByHand) {
  // 60 wins, 40 losses, no draws: the constrained MLE of a win/loss sample with
  // mean s is just (1 - s, s) (the draw category only holds the regularization).
  // s0 = 0.5, s1 = 1 / (1 + 10^(-50/400)) = 0.571463
  // LLR = 60 ln(0.571463 / 0.5) + 40 ln(0.428537 / 0.5)
  //     = 60 * 0.133592 + 40 * (-0.154231) = 8.01551 - 6.16925 = 1.84626
  const SprtStatus st = sprt_status({.elo0 = 0, .elo1 = 50}, WDL{.wins = 60, .losses = 40});
  EXPECT_NEAR(st.llr, 1.846259, 1e-5);
  EXPECT_EQ(st.decision, SprtDecision::Continue);
}

TEST(Sprt, ClearlyStrongSampleAcceptsH1) {
  // 355 pairs scoring 79%: far above elo1 = 5 (LLR about 5.07).
  const SprtStatus st = sprt_status({.elo0 = 0, .elo1 = 5}, Pentanomial{{0, 5, 50, 100, 200}});
  EXPECT_GT(st.llr, st.upper_bound);
  EXPECT_NEAR(st.llr, 5.0721, 1e-3);
  EXPECT_EQ(st.decision, SprtDecision::AcceptH1);
}

TEST(Sprt, ClearlyEqualLargeSampleAcceptsH0) {
  // 8400 pairs scoring exactly 50%: LLR about -5.22 against [0, 5].
  const SprtStatus penta = sprt_status({}, Pentanomial{{200, 2000, 4000, 2000, 200}});
  EXPECT_NEAR(penta.llr, -5.2158, 1e-3);
  EXPECT_EQ(penta.decision, SprtDecision::AcceptH0);
  // Trinomial, 10000 games at 50% with 40% draws: LLR about -1.73, undecided.
  const SprtStatus tri = sprt_status({}, WDL{.wins = 3000, .draws = 4000, .losses = 3000});
  EXPECT_NEAR(tri.llr, -1.7257, 1e-3);
  EXPECT_EQ(tri.decision, SprtDecision::Continue);
  // Twice the games doubles the LLR (same frequencies): past the bound.
  const SprtStatus tri2 = sprt_status({}, WDL{.wins = 6000, .draws = 8000, .losses = 6000});
  EXPECT_NEAR(tri2.llr, 2 * tri.llr, 1e-6);
  EXPECT_EQ(tri2.decision, SprtDecision::AcceptH0);
}

TEST(Sprt, MirroredSampleAndHypothesesNegateTheLlr) {
  const Pentanomial p{{10, 40, 90, 60, 15}};
  const Pentanomial mirrored{{15, 60, 90, 40, 10}};
  const double llr = sprt_status({.elo0 = -2, .elo1 = 3}, p).llr;
  EXPECT_NEAR(sprt_status({.elo0 = -3, .elo1 = 2}, mirrored).llr, -llr, 1e-9);
}

TEST(Sprt, ExactAndNormalApproximationAgreeOnLargeSamples) {
  // fastchess PR #426 case 1's sample (141152 games); the two LLRs differ by
  // the third-order terms only: -33.817 vs -33.822 for [0, 5].
  const Pentanomial penta{{365, 16618, 36229, 16974, 390}};
  const WDL wdl{.wins = 36433, .draws = 68692, .losses = 36027};
  for (const SprtConfig& c : {SprtConfig{.elo0 = 0, .elo1 = 5}, SprtConfig{.elo0 = -1, .elo1 = 3},
                              SprtConfig{.elo0 = 0, .elo1 = 2, .model = EloModel::Normalized}}) {
    const double exact = sprt_status(c, penta).llr;
    const double approx = sprt_llr_normal_approximation(c, penta);
    EXPECT_NEAR(exact, approx, 0.01 * std::abs(exact) + 0.01) << c.elo0 << " " << c.elo1;
    const double exact_tri = sprt_status(c, wdl).llr;
    const double approx_tri = sprt_llr_normal_approximation(c, wdl);
    EXPECT_NEAR(exact_tri, approx_tri, 0.01 * std::abs(exact_tri) + 0.01);
  }
  EXPECT_NEAR(sprt_status({.elo0 = 0, .elo1 = 5}, penta).llr, -33.8170, 1e-3);
  EXPECT_NEAR(sprt_llr_normal_approximation({.elo0 = 0, .elo1 = 5}, penta), -33.8222, 1e-3);
}

TEST(Sprt, MatchesPublishedNormalizedLlrs) {
  const SprtConfig c02{.elo0 = 0, .elo1 = 2, .model = EloModel::Normalized};
  // fastchess PR #426 (test cases, rounded to 2 decimals): bounds [0, 2] nElo,
  // Ptnml 365 16618 36229 16974 390 -> pentanomial LLR 2.25;
  // W 36433 L 36027 D 68692 -> trinomial LLR 0.92.
  EXPECT_NEAR(sprt_status(c02, Pentanomial{{365, 16618, 36229, 16974, 390}}).llr, 2.25, 0.005);
  EXPECT_NEAR(sprt_status(c02, WDL{.wins = 36433, .draws = 68692, .losses = 36027}).llr, 0.92,
              0.005);
  // fastchess PR #783: 379 10170 21828 10640 343, [0, 2] normalized -> LLR 2.94598
  // (our sigma-converted bounds give 2.94539), "H1 was accepted".
  const SprtStatus st = sprt_status(c02, Pentanomial{{379, 10170, 21828, 10640, 343}});
  EXPECT_NEAR(st.llr, 2.94598, 2e-3);
  EXPECT_EQ(st.decision, SprtDecision::AcceptH1);
  // fishtest issue #1737 (stat_util.SPRT_elo output): [93, 18711, 58877, 18739, 100],
  // [-1.75, 0.25] normalized -> 'LLR': 2.9420974720708513.
  const SprtConfig regression{.elo0 = -1.75, .elo1 = 0.25, .model = EloModel::Normalized};
  EXPECT_NEAR(sprt_status(regression, Pentanomial{{93, 18711, 58877, 18739, 100}}).llr, 2.94210,
              1e-3);
}

TEST(Sprt, DegenerateSamplesGiveFiniteLlrs) {
  for (EloModel model : {EloModel::Logistic, EloModel::Normalized}) {
    const SprtConfig c{.model = model};
    for (const Pentanomial& p : {Pentanomial{{0, 0, 0, 0, 10}}, Pentanomial{{10, 0, 0, 0, 0}},
                                 Pentanomial{{0, 0, 10, 0, 0}}, Pentanomial{{0, 1, 0, 0, 0}}}) {
      EXPECT_TRUE(std::isfinite(sprt_status(c, p).llr));
      EXPECT_TRUE(std::isfinite(sprt_llr_normal_approximation(c, p)));
    }
    for (const WDL& w : {WDL{.wins = 5}, WDL{.draws = 5}, WDL{.losses = 5}}) {
      EXPECT_TRUE(std::isfinite(sprt_status(c, w).llr));
    }
  }
  // 10 WW pairs favour H1 a little (about 0.143); far from a decision.
  const SprtStatus ww = sprt_status({}, Pentanomial{{0, 0, 0, 0, 10}});
  EXPECT_NEAR(ww.llr, 0.1429, 1e-3);
  EXPECT_EQ(ww.decision, SprtDecision::Continue);
  // Extreme hypotheses are clamped into (0, 1) rather than failing.
  EXPECT_TRUE(std::isfinite(sprt_status({.elo0 = -1e6, .elo1 = 1e6}, WDL{.wins = 3}).llr));
}

TEST(Sprt, InvalidConfigurationIsReportedAndNeverDecides) {
  EXPECT_EQ(sprt_config_error({}), "");
  EXPECT_NE(sprt_config_error({.elo0 = 5, .elo1 = 0}), "");
  EXPECT_NE(sprt_config_error({.alpha = 0}), "");
  EXPECT_NE(sprt_config_error({.beta = 1}), "");
  EXPECT_NE(sprt_config_error({.alpha = 0.6, .beta = 0.5}), "");
  EXPECT_NE(sprt_config_error({.elo1 = NAN}), "");
  const SprtStatus st = sprt_status({.elo0 = 5, .elo1 = 0}, Pentanomial{{0, 5, 50, 100, 200}});
  EXPECT_EQ(st.llr, 0.0);
  EXPECT_EQ(st.decision, SprtDecision::Continue);
}

TEST(Sprt, FormatSprt) {
  const SprtStatus st = sprt_status({}, Pentanomial{{0, 5, 50, 100, 200}});
  EXPECT_EQ(format_sprt({}, st), "LLR 5.07 (-2.94, 2.94) [0.00, 5.00] logistic");
  const SprtConfig normalized{.elo0 = -1.75, .elo1 = 0.25, .model = EloModel::Normalized};
  EXPECT_EQ(format_sprt(normalized, SprtStatus{}),
            "LLR 0.00 (0.00, 0.00) [-1.75, 0.25] normalized");
  EXPECT_STREQ(sprt_decision_name(SprtDecision::AcceptH1), "H1 accepted");
  EXPECT_STREQ(sprt_decision_name(SprtDecision::AcceptH0), "H0 accepted");
  EXPECT_STREQ(sprt_decision_name(SprtDecision::Continue), "continue");
}

}  // namespace
}  // namespace arbiter::match
