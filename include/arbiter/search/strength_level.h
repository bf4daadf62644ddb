// What a limited playing strength is made of (UCI_LimitStrength / UCI_Elo);
// search/strength.h makes one from an Elo and applies it.
#pragma once

namespace arbiter::search {

inline constexpr int kMinLimitedElo = 1320;
inline constexpr int kMaxLimitedElo = 3190;  // UCI_Elo at this or above: full strength

struct StrengthLevel {
  int elo = kMaxLimitedElo;
  int depth = 0;       // the deepest iteration (0: no limit)
  int candidates = 1;  // root moves scored exactly (MultiPV) to choose from
  int error_cp = 0;    // standard deviation of the error added to each candidate's score
  bool limited() const { return depth > 0; }
};

}  // namespace arbiter::search
