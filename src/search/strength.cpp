#include "arbiter/search/strength.h"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "arbiter/search/score.h"

namespace arbiter::search {

namespace {

// The anchors: depth, evaluation error and candidates of a player of this Elo, on the scale
// of Stockfish's own levels (CCRL 40/4), which our calibration plays against.
// Depth is the lever: probes of our plain fixed-depth search against Stockfish's
// levels (16-20 games each, +-150-200 Elo) put depth 3 near 1550, 5 near 1700,
// 9 near 2000, 11 near 2150, 12 near 2350, 14 near 2450 and 16 near 2550. The
// error costs strength too (sd 130 cp at depth 2 scored 0.5/13 against 1500),
// so it stays small, enough to vary the play, and each anchor sits about a ply
// deeper than the probe to pay for it. Above 2000 the levels are bound by the
// clock, not the depth: four MultiPV lines at 10+0.1 reached only depth 12-15,
// and the 2500 level of b4386a8 (4 candidates, sd 25) played about 300 Elo
// below its label. The strong levels weigh fewer candidates, with less error.
// The 1500 level of b4386a8 (depth 3, sd 50) played 123 +- 71 below: a ply more.
// The gen-6 net made every ply stronger: at b03a478 (100 games a level, 10+0.1)
// 1500 (depth 4) scored +70 +- 70 on 8moves_v3 and on UHO_4060_v3 alike, 2000
// (depth 10) +164 +- 72 and +168 +- 71, 2500 -17 +- 60: a ply off 1500, two off
// 2000, and 1800 and 2200 between, by the same 50-100 Elo a ply.
// scripts/calibrate-elo checks the result.
struct Anchor {
  int elo;
  int depth;
  int error_cp;
  int candidates;
};
constexpr Anchor kAnchors[] = {
    {1320, 1, 50, 4},  {1500, 3, 40, 4},  {1800, 6, 40, 4}, {2000, 8, 35, 4},
    {2200, 12, 25, 3}, {2500, 24, 15, 2}, {2800, 30, 8, 2}, {3100, 40, 3, 2},
};

int interpolate(int x, int x0, int x1, int y0, int y1) {
  return int(std::lround(y0 + double(y1 - y0) * (x - x0) / double(x1 - x0)));
}

}  // namespace

StrengthLevel strength_for_elo(int elo) {
  StrengthLevel level;
  level.elo = std::clamp(elo, kMinLimitedElo, kMaxLimitedElo);
  if (level.elo >= kMaxLimitedElo) return level;  // full strength
  const Anchor* upper = std::find_if(std::begin(kAnchors), std::end(kAnchors),
                                     [&](const Anchor& a) { return a.elo >= level.elo; });
  if (upper == std::end(kAnchors)) upper = std::end(kAnchors) - 1;
  const Anchor* lower = upper == std::begin(kAnchors) ? upper : upper - 1;
  if (lower == upper || level.elo >= upper->elo) {
    level.depth = upper->depth;
    level.error_cp = upper->error_cp;
    level.candidates = upper->candidates;
  } else {
    level.depth = interpolate(level.elo, lower->elo, upper->elo, lower->depth, upper->depth);
    level.error_cp =
        interpolate(level.elo, lower->elo, upper->elo, lower->error_cp, upper->error_cp);
    level.candidates =
        interpolate(level.elo, lower->elo, upper->elo, lower->candidates, upper->candidates);
  }
  return level;
}

const RootMove& choose_root_move(const std::vector<RootMove>& moves, const StrengthLevel& level,
                                 std::mt19937_64& rng) {
  const size_t count = std::min<size_t>(moves.size(), size_t(std::max(1, level.candidates)));
  if (!level.limited() || count == 1 || level.error_cp <= 0) return moves[0];
  std::normal_distribution<double> error(0.0, double(level.error_cp));
  size_t chosen = 0;
  double best = 0;
  for (size_t i = 0; i < count; ++i) {
    const int score = moves[i].score;
    // A mate, for or against, is seen whatever the error.
    const double judged = is_mate_score(score) ? double(score) : score + error(rng);
    if (i == 0 || judged > best) {
      best = judged;
      chosen = i;
    }
  }
  return moves[chosen];
}

}  // namespace arbiter::search
