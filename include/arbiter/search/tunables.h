// Every search constant in one place, named for what it does. A tuning build can
// expose these as UCI options; their Elo comes from SPRT tests, not from feel.
#pragma once

namespace arbiter::search::tune {

inline constexpr int kAspirationMinDepth = 4;
inline constexpr int kAspirationDelta = 20;

inline constexpr int kRfpMaxDepth = 7;
inline constexpr int kRfpMargin = 75;  // per depth

inline constexpr int kNullMoveMinDepth = 3;
inline constexpr int kNullMoveBaseReduction = 3;
inline constexpr int kNullMoveDepthDivisor = 3;
inline constexpr int kNullMoveEvalDivisor = 200;
inline constexpr int kNullMoveMaxEvalReduction = 3;

inline constexpr int kIirMinDepth = 4;

inline constexpr int kLmpMaxDepth = 6;
inline constexpr int kLmpBase = 3;

inline constexpr int kFutilityMaxDepth = 6;
inline constexpr int kFutilityBase = 100;
inline constexpr int kFutilityPerDepth = 100;

inline constexpr int kSeePruneMaxDepth = 6;
inline constexpr int kSeeQuietMargin = 60;     // per depth
inline constexpr int kSeeCaptureMargin = 100;  // per depth

inline constexpr int kLmrMinDepth = 3;
inline constexpr double kLmrBase = 0.75;
inline constexpr double kLmrDivisor = 2.25;

inline constexpr int kQsearchDeltaMargin = 200;

inline constexpr int kTimeCheckInterval = 1024;   // nodes between clock reads
inline constexpr double kSoftStopFraction = 0.5;  // past this share of soft, no new iteration

}  // namespace arbiter::search::tune
