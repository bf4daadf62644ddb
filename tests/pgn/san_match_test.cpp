// The reader's fast SAN path must agree with core::parse_san and core::to_san.
#include <gtest/gtest.h>

#include <random>

#include "arbiter/core/fen.h"
#include "arbiter/core/movegen.h"
#include "arbiter/core/notation.h"
#include "arbiter/pgn/san_match.h"
#include "test_support.h"

namespace arbiter::pgn {
namespace {

using core::Move;
using core::Position;

std::string without_suffix(std::string san) {
  while (!san.empty() && (san.back() == '+' || san.back() == '#')) san.pop_back();
  return san;
}

// Every legal move of many positions (checks, pins, en passant, promotions,
// Chess960 castling): the fast path reads core's SAN back to the same move and
// spells it the same way, or declines.
TEST(PgnSanMatch, AgreesWithCoreOnEveryLegalMove) {
  size_t checked = 0, declined = 0;
  for (const Position& pos : test::random_walk_positions(test::kSanitized ? 1 : 2, 40)) {
    core::MoveList moves;
    core::generate_legal(pos, moves);
    for (Move m : moves) {
      std::string san = core::to_san(pos, m);
      EXPECT_EQ(san_without_suffix(pos, m).view(), without_suffix(san)) << core::to_fen(pos);
      Move found;
      SanText text;
      if (!match_san(pos, san, found, text)) {
        ++declined;
        EXPECT_TRUE(m.is_castling()) << core::to_fen(pos) << " " << san;
        continue;
      }
      ASSERT_EQ(found, m) << core::to_fen(pos) << " " << san;
      EXPECT_EQ(text.view(), without_suffix(san)) << core::to_fen(pos);
      Position after = pos;
      core::UndoInfo undo;
      after.make_move(m, undo);
      std::string spelled(text.view());
      if (char c = check_suffix(after)) spelled += c;
      EXPECT_EQ(spelled, san);
      ++checked;
    }
  }
  EXPECT_GT(checked, 10000u);
  EXPECT_GT(declined, 0u);
}

// Mangled SAN (wrong or missing disambiguation, wrong piece, pawn captures
// without a file, missing promotion): whenever the fast path answers, core
// gives the same move.
TEST(PgnSanMatch, NeverAcceptsWhatCoreRejects) {
  std::mt19937 rng(99);
  const std::string alphabet = "abcdefgh12345678NBRQKx=+#O-";
  size_t agreed = 0;
  for (const Position& pos : test::random_walk_positions(1, test::kSanitized ? 10 : 30)) {
    core::MoveList moves;
    core::generate_legal(pos, moves);
    for (Move m : moves) {
      std::string san = core::to_san(pos, m);
      for (int k = 0; k < 3; ++k) {
        std::string mangled = san;
        size_t at = rng() % mangled.size();
        switch (rng() % 3) {
          case 0:
            mangled.erase(at, 1);
            break;
          case 1:
            mangled.insert(mangled.begin() + long(at), alphabet[rng() % alphabet.size()]);
            break;
          default:
            mangled[at] = alphabet[rng() % alphabet.size()];
        }
        Move fast;
        SanText text;
        bool answered = match_san(pos, mangled, fast, text);
        Result<Move> slow = core::parse_san(pos, mangled);
        if (!answered) continue;
        ASSERT_TRUE(slow.ok()) << core::to_fen(pos) << " '" << mangled << "': " << slow.error();
        ASSERT_EQ(fast, slow.value()) << core::to_fen(pos) << " '" << mangled << "'";
        ++agreed;
      }
    }
  }
  EXPECT_GT(agreed, 1000u);
}

}  // namespace
}  // namespace arbiter::pgn
