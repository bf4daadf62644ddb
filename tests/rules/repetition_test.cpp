// RepetitionHistory: occurrence counting within the window since the last
// irreversible ply (9.2.3), and the period check used for 2014's 9.6a.
#include <gtest/gtest.h>

#include "arbiter/rules/repetition.h"

namespace arbiter::rules {
namespace {

constexpr core::Key kA = 0xA, kB = 0xB, kC = 0xC, kD = 0xD, kE = 0xE;

TEST(RepetitionHistory, CountsOccurrencesOfTheSamePosition) {
  RepetitionHistory h;
  h.reset(kA);
  EXPECT_EQ(h.occurrences(), 1);
  for (core::Key k : {kB, kC, kD}) EXPECT_EQ(h.push(k, false), 1);
  EXPECT_EQ(h.push(kA, false), 2);
  for (core::Key k : {kB, kC, kD}) h.push(k, false);
  EXPECT_EQ(h.push(kA, false), 3);
  EXPECT_EQ(h.plies(), 8);
  EXPECT_EQ(h.key_at(4), kA);
  EXPECT_TRUE(h.occurrences_evenly_spaced());
}

TEST(RepetitionHistory, AnIrreversiblePlyClosesTheWindow) {
  RepetitionHistory h;
  h.reset(kA);
  for (core::Key k : {kB, kC, kD}) h.push(k, false);
  EXPECT_EQ(h.push(kA, false), 2);
  h.push(kB, true);  // e.g. a pawn move: nothing before can recur
  for (core::Key k : {kC, kD}) h.push(k, false);
  EXPECT_EQ(h.push(kA, false), 1);
}

TEST(RepetitionHistory, AnnouncedMoveLookupCountsPositionsWithTheOtherSideToMove) {
  RepetitionHistory h;
  h.reset(kA);
  for (core::Key k : {kB, kC, kD, kA}) h.push(k, false);
  // Index 5 comes next: positions at odd indices have its side to move.
  EXPECT_EQ(h.occurrences_after_reversible_move(kB), 1);
  EXPECT_FALSE(h.next_side_has_repeated_position());      // only kA (even) repeated
  for (core::Key k : {kB, kC, kD, kA}) h.push(k, false);  // indices 5 to 8
  // Index 9 next: kB stands at 1 and 5, kD at 3 and 7; but the position two
  // plies back (7) can never recur after one move each, so it is not counted.
  EXPECT_TRUE(h.next_side_has_repeated_position());
  EXPECT_EQ(h.occurrences_after_reversible_move(kB), 2);
  EXPECT_EQ(h.occurrences_after_reversible_move(kD), 1);
}

TEST(RepetitionHistory, UnevenOccurrencesAreNotOneCycle) {
  RepetitionHistory h;
  h.reset(kA);
  for (core::Key k : {kB, kC, kD, kA, kB, kE, kD, kC, kB, kE, kD, kA}) h.push(k, false);
  EXPECT_EQ(h.occurrences(), 3);  // indices 0, 4, 12
  EXPECT_FALSE(h.occurrences_evenly_spaced());
}

TEST(RepetitionHistory, ResetKeepsNothingOfTheLastGame) {
  RepetitionHistory h;
  h.reset(kA);
  for (core::Key k : {kB, kC, kD, kA}) h.push(k, false);
  h.reset(kA);
  EXPECT_EQ(h.plies(), 0);
  EXPECT_EQ(h.occurrences(), 1);
  EXPECT_FALSE(h.next_side_has_repeated_position());
}

}  // namespace
}  // namespace arbiter::rules
