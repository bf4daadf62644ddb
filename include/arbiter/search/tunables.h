// Every search constant in one place, named for what it does, with the range and
// step SPSA may explore (ARBITER_TUNABLE: name, default, min, max, step; see
// tunable.h). A tuning build exposes them as UCI options; their Elo comes from
// SPRT tests, not from feel.
#pragma once

#include "arbiter/search/tunable.h"

namespace arbiter::search::tune {

ARBITER_TUNABLE(kAspirationMinDepth, 4, 2, 8, 1)
ARBITER_TUNABLE(kAspirationDelta, 20, 5, 60, 4)

ARBITER_TUNABLE(kNullMoveMinDepth, 3, 1, 6, 1)
ARBITER_TUNABLE(kNullMoveBaseReduction, 3, 1, 6, 1)
ARBITER_TUNABLE(kNullMoveDepthDivisor, 3, 2, 8, 1)
ARBITER_TUNABLE(kNullMoveEvalDivisor, 200, 80, 400, 20)
ARBITER_TUNABLE(kNullMoveMaxEvalReduction, 3, 0, 6, 1)

ARBITER_TUNABLE(kIirMinDepth, 4, 2, 8, 1)

ARBITER_TUNABLE(kLmpMaxDepth, 6, 2, 12, 1)
ARBITER_TUNABLE(kLmpBase, 3, 1, 8, 1)

ARBITER_TUNABLE(kFutilityMaxDepth, 6, 2, 12, 1)
ARBITER_TUNABLE(kFutilityBase, 100, 0, 250, 12)
ARBITER_TUNABLE(kFutilityPerDepth, 100, 30, 200, 10)

ARBITER_TUNABLE(kSeePruneMaxDepth, 6, 2, 12, 1)
ARBITER_TUNABLE(kSeeQuietMargin, 60, 10, 150, 8)      // per depth
ARBITER_TUNABLE(kSeeCaptureMargin, 100, 30, 200, 10)  // per depth

// Reduction = base + ln(depth) ln(move number) / divisor, both in hundredths.
ARBITER_TUNABLE(kLmrMinDepth, 3, 1, 6, 1)
ARBITER_TUNABLE(kLmrBasePercent, 75, 0, 200, 10)
ARBITER_TUNABLE(kLmrDivisorPercent, 225, 100, 400, 15)

ARBITER_TUNABLE(kLmrHistoryDivisor, 16384, 4096, 32768, 1024)  // history per ply of reduction

// History pruning: quiet moves with a history this bad per depth are not tried.
ARBITER_TUNABLE(kHistoryPruneMaxDepth, 4, 1, 8, 1)
ARBITER_TUNABLE(kHistoryPruneMargin, 4096, 1024, 12288, 512)  // per depth

// History bonus for a cutoff: min(mul * depth - sub, max); the malus for the moves before it too.
ARBITER_TUNABLE(kHistoryBonusMul, 300, 100, 600, 25)
ARBITER_TUNABLE(kHistoryBonusSub, 250, 0, 600, 25)
ARBITER_TUNABLE(kHistoryBonusMax, 2400, 800, 4000, 100)

// Singular extensions: the TT move alone holds above tt score - margin x depth / 16.
ARBITER_TUNABLE(kSingularMinDepth, 7, 4, 10, 1)
ARBITER_TUNABLE(kSingularMarginPer16Depth, 20, 8, 48, 2)
ARBITER_TUNABLE(kSingularDoubleMargin, 20, 0, 60, 4)
ARBITER_TUNABLE(kSingularTripleMargin, 100, 40, 200, 10)
ARBITER_TUNABLE(kSingularMaxDoubleExtensions, 8, 2, 16, 1)

// ProbCut: a capture that beats beta + margin in a shallow search refutes the node.
ARBITER_TUNABLE(kProbcutMinDepth, 5, 3, 8, 1)
ARBITER_TUNABLE(kProbcutMargin, 200, 80, 350, 15)
ARBITER_TUNABLE(kProbcutImproving, 50, 0, 120, 10)
ARBITER_TUNABLE(kProbcutReduction, 4, 3, 5, 1)

// Correction history: weight of each table in percent (the pawn table, and each
// side's non-pawn table).
ARBITER_TUNABLE(kCorrectionPawnWeight, 60, 0, 150, 10)
ARBITER_TUNABLE(kCorrectionNonPawnWeight, 25, 0, 100, 5)

// Reductions of late noisy moves (outside TT-PV nodes): capture history per ply.
ARBITER_TUNABLE(kLmrCaptureHistoryDivisor, 6144, 2048, 16384, 512)
// A reduced move that came back far above the best searches one ply deeper.
ARBITER_TUNABLE(kLmrDeeperMargin, 40, 10, 100, 5)
ARBITER_TUNABLE(kLmrDeeperPerDepth, 2, 0, 6, 1)

ARBITER_TUNABLE(kQsearchDeltaMargin, 200, 50, 400, 20)
ARBITER_TUNABLE(kQsearchFutilityMargin, 150, 50, 300, 15)

// The steps of search.cpp (numbered there) that a tuning build can switch off, so
// that each one's Elo is measured by removal: scripts/step-elo StepProbcut plays the
// search against itself without that step. Never SPSA inputs.
ARBITER_STEP(kStepAspiration)           // worker.cpp 1
ARBITER_STEP(kStepCorrectionHistory)    // 5 and 17 (asked in correction.h)
ARBITER_STEP(kStepNullMove)             // 7
ARBITER_STEP(kStepIir)                  // 8
ARBITER_STEP(kStepProbcut)              // 9
ARBITER_STEP(kStepContinuationHistory)  // 10 and 15
ARBITER_STEP(kStepLateMovePruning)      // 11
ARBITER_STEP(kStepFutility)             // 11
ARBITER_STEP(kStepHistoryPruning)       // 11
ARBITER_STEP(kStepSeePruning)           // 11
ARBITER_STEP(kStepSingularExtension)    // 12
ARBITER_STEP(kStepLateMoveReductions)   // 13
ARBITER_STEP(kStepReductionByHistory)   // 13
ARBITER_STEP(kStepNoisyReductions)      // 13
ARBITER_STEP(kStepReSearchDepth)        // 13
ARBITER_STEP(kStepPriorMoveReward)      // 17
ARBITER_STEP(kStepQsearchFutility)      // qsearch 3

// Not for SPSA: they set how the search reads the clock, not how it prunes.
inline constexpr int kTimeCheckInterval = 1024;  // nodes between clock reads
// Past this share of the soft limit (scaled by stability), no new iteration. 0.7
// against 0.5: +25.3 +/- 18.4 Elo at 5+0.05 (523 games); 0.5 left a third of the
// clock unused at the end of a game, and 0.7 spends it in moves 10 to 30.
// 0.85 against 0.7: +7.8 +/- 21.5 in 357 games, within its error bar: not taken.
inline constexpr double kSoftStopFraction = 0.7;

}  // namespace arbiter::search::tune
