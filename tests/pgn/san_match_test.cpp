// The reader's fast SAN path must agree with core::parse_san and core::to_san.
#include <gtest/gtest.h>

#include <random>
#include <sstream>

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
  size_t checked = 0, castlings = 0;
  for (const Position& pos : test::random_walk_positions(test::kSanitized ? 1 : 2, 40)) {
    core::MoveList moves;
    core::generate_legal(pos, moves);
    for (Move m : moves) {
      std::string san = core::to_san(pos, m);
      EXPECT_EQ(san_without_suffix(pos, m).view(), without_suffix(san)) << core::to_fen(pos);
      Move found;
      SanText text;
      ASSERT_TRUE(match_san(pos, san, found, text)) << core::to_fen(pos) << " " << san;
      castlings += m.is_castling();
      ASSERT_EQ(found, m) << core::to_fen(pos) << " " << san;
      EXPECT_EQ(text.view(), without_suffix(san)) << core::to_fen(pos);
      Move unspelled;
      ASSERT_TRUE(match_san(pos, san, unspelled)) << core::to_fen(pos) << " " << san;
      EXPECT_EQ(unspelled, m) << core::to_fen(pos) << " " << san;
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
  EXPECT_GT(castlings, 0u);
}

// Castling the fast path must decline: not allowed here (in check, through an
// attacked square, rights lost, path blocked) or not castling at all.
TEST(PgnSanMatch, DeclinesIllegalCastling) {
  const char* cases[][2] = {
      {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ""},
      {"r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", "O-O O-O-O"},       // no rights
      {"r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1", "O-O"},         // path blocked
      {"r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "O-O"},        // f1 attacked
      {"r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", "O-O O-O-O"},  // in check
      {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O-O Oo"},   // not castling
  };
  for (const auto& [fen, illegal] : cases) {
    const Position pos = test::must_parse(fen);
    std::istringstream words(illegal);
    for (std::string san; words >> san;) {
      Move found;
      SanText text;
      EXPECT_FALSE(match_san(pos, san, found, text)) << fen << " " << san;
      EXPECT_FALSE(match_san(pos, san, found)) << fen << " " << san;
      EXPECT_FALSE(core::parse_san(pos, san).ok()) << fen << " " << san;
    }
  }
  const Position both = test::must_parse(cases[0][0]);
  const char* spellings[][2] = {
      {"O-O", "O-O"}, {"0-0+", "O-O"}, {"O-O-O", "O-O-O"}, {"0-0-0", "O-O-O"}};
  for (const auto& [san, normal] : spellings) {
    Move found;
    SanText text;
    ASSERT_TRUE(match_san(both, san, found, text)) << san;
    EXPECT_EQ(found, core::parse_san(both, san).value()) << san;
    EXPECT_EQ(text.view(), normal);
  }
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
        Move unspelled;
        EXPECT_EQ(match_san(pos, mangled, unspelled), answered) << core::to_fen(pos) << mangled;
        if (answered) {
          EXPECT_EQ(unspelled, fast) << core::to_fen(pos) << " '" << mangled << "'";
        }
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
