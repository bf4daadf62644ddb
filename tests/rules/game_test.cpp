// rules::Game: the order of checks after a ply (spec 3.1), events after the end,
// offers, set-up positions, long games and reuse.
#include <gtest/gtest.h>

#include <chrono>

#include "arbiter/core/movegen.h"
#include "arbiter/rules/game.h"
#include "game_helpers.h"

namespace arbiter::rules {
namespace {

using core::Color;
using test::game_from;
using test::kKnightShuffle;
using test::play;
using test::reason_of;
using test::result_of;
using test::uci;

TEST(Game, StartsOngoingFromTheInitialArray) {
  Game game;
  EXPECT_FALSE(game.finished());
  EXPECT_EQ(game.ply(), 0);
  EXPECT_EQ(game.occurrences(), 1);
  EXPECT_EQ(result_of(game), "*");
  EXPECT_EQ(reason_of(game), "none");
}

TEST(Game, FromFenReportsBadInputAsAValue) {
  auto bad = Game::from_fen("8/8/8/8/8/8/8/8 w - - 0 1");
  EXPECT_FALSE(bad.ok());
  auto good = Game::from_fen("k7/8/8/8/8/8/8/KQ6 w - - 0 1");
  ASSERT_TRUE(good.ok());
  EXPECT_FALSE(good->finished());
}

// 3.1: mate is tested before the 75-move rule (A07) and stalemate before it (B05).
TEST(Game, MateOnTheHundredFiftiethPlyWins_9_6_2) {
  Game game = game_from("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120");
  play(game, "a1a8");
  EXPECT_EQ(reason_of(game), "checkmate");
  EXPECT_EQ(game.outcome().move_san, "Ra8#");
  EXPECT_EQ(game.outcome().ply, 1);
  Game stalemate = game_from("7k/8/6K1/8/8/8/8/5Q2 w - - 149 150");
  play(stalemate, "f1f7");
  EXPECT_EQ(reason_of(stalemate), "stalemate");
}

// A set-up position that is already over ends the game at ply 0 (A03, B01, C01, H07).
TEST(Game, SetUpPositionAlreadyOverEndsAtPlyZero) {
  EXPECT_EQ(reason_of(game_from("6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1")), "checkmate");
  EXPECT_EQ(result_of(game_from("6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1")), "1-0");
  EXPECT_EQ(reason_of(game_from("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")), "stalemate");
  EXPECT_EQ(reason_of(game_from("8/8/8/4k3/8/8/8/4K3 w - - 0 1")), "dead-position");
  Game h07 = game_from("8/8/4k3/8/8/3K4/8/R7 w - - 150 120");
  EXPECT_EQ(reason_of(h07), "seventyfive-moves");
  EXPECT_EQ(h07.outcome().ply, 0);
  EXPECT_TRUE(h07.outcome().move_san.empty());
}

// Spec 8.2: the FEN's counter counts by default; the option starts it at 0.
TEST(Game, FenHalfmoveClockCanBeIgnored_9_6_2) {
  Game trusted = game_from("8/8/4k3/8/8/3K4/8/R7 w - - 149 120");
  play(trusted, "a1a2");
  EXPECT_TRUE(trusted.finished());
  Game ignored =
      game_from("8/8/4k3/8/8/3K4/8/R7 w - - 149 120", {.trust_fen_halfmove_clock = false});
  play(ignored, "a1a2");
  EXPECT_FALSE(ignored.finished());
  EXPECT_EQ(ignored.halfmove_clock(), 1);
}

// A flag after the game ended changes nothing (F10, F18, F19); nor does a move.
TEST(Game, EventsAfterTheEndChangeNothing_6_9) {
  Game game = game_from("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  play(game, "a1a8");
  game.flag(Color::White);
  game.resign(Color::White);
  game.illegal_move(Color::White);
  game.offer_draw(Color::White);
  game.accept_draw(Color::Black);
  game.both_flags(true);
  EXPECT_EQ(reason_of(game), "checkmate");
  EXPECT_EQ(result_of(game), "1-0");
  game.play(core::Move(core::Square::G1, core::Square::H1));
  EXPECT_EQ(game.plies_after_end(), 1);
  EXPECT_EQ(game.ply(), 1);
}

// F17: the flag falls before Ra8# is on the board: Black (K+3P) can still mate.
TEST(Game, FlagBeforeTheMateLoses_6_9) {
  Game game = game_from("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  game.flag(Color::White);
  EXPECT_EQ(result_of(game), "0-1");
  EXPECT_EQ(reason_of(game), "time-forfeit");
  EXPECT_EQ(game.outcome().ply, 0);
}

// 7.5: play() of an illegal move is a completed illegal move; the position is kept.
TEST(Game, IllegalMoveThroughPlayIsRestoredAndCounted_7_5_5) {
  Game game;
  const core::Position before = game.position();
  game.play(core::Move(core::Square::E2, core::Square::E5));
  EXPECT_EQ(game.ply(), 0);
  EXPECT_EQ(game.position().key(), before.key());
  EXPECT_EQ(game.illegal_moves(Color::White), 1);
  ASSERT_EQ(game.penalties().size(), 1u);
  EXPECT_EQ(game.penalties()[0].cause, PenaltyCause::IllegalMove);
  game.play(core::Move::null());
  EXPECT_EQ(reason_of(game), "illegal-move");
  EXPECT_EQ(result_of(game), "0-1");  // Black can still mate (or is undecided: a win)
}

// 9.1.2: an offer lapses when the opponent moves instead of accepting, and an
// acceptance without an offer does nothing.
TEST(Game, DrawOfferLapsesWhenTheOpponentMoves_9_1_2) {
  Game game;
  play(game, "e2e4 e7e5");
  game.accept_draw(Color::White);
  EXPECT_FALSE(game.finished());
  game.offer_draw(Color::White);
  play(game, "g1f3");  // the offerer's own move keeps the offer open
  EXPECT_EQ(game.pending_draw_offer(), Color::White);
  play(game, "b8c6");  // Black moves instead of accepting
  EXPECT_FALSE(game.pending_draw_offer().has_value());
  game.accept_draw(Color::Black);
  EXPECT_FALSE(game.finished());
  game.offer_draw(Color::White);
  game.accept_draw(Color::Black);
  EXPECT_EQ(reason_of(game), "agreement");
  EXPECT_EQ(game.outcome().ply, 4);
}

// No fixed caps: a 2,000-ply game under 2001 rules (no automatic repetition draw)
// keeps counting occurrences, and stays cheap.
TEST(Game, TwoThousandPlyGame) {
  constexpr int kCycles = 500;  // four plies each
  Game game({.edition = Edition::Fide2001});
  const auto start = std::chrono::steady_clock::now();
  play(game, test::repeat(kKnightShuffle, kCycles));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_FALSE(game.finished());
  EXPECT_EQ(game.ply(), 4 * kCycles);
  EXPECT_EQ(game.occurrences(), kCycles + 1);
  EXPECT_EQ(game.halfmove_clock(), 4 * kCycles);
  ASSERT_EQ(game.claim_records().size(), 2u);
  EXPECT_EQ(game.claim_records()[0].ply, 7);   // threefold, Black with Ng8
  EXPECT_EQ(game.claim_records()[1].ply, 99);  // fifty moves, Black with a move
  EXPECT_LT(seconds, test::kSanitized ? 5.0 : 0.5);
}

// Random legal games under 2023: every game ends by 9.6.2 at the latest, the ply
// count matches, and reset reuses the object.
TEST(Game, RandomGamesAlwaysEndAndResetReuses) {
  std::mt19937 rng(2023);
  Game game;
  const int games = test::kSanitized ? 5 : 40;
  for (int g = 0; g < games; ++g) {
    game.reset(core::Position::start_position());
    EXPECT_EQ(game.ply(), 0);
    while (!game.finished()) {
      core::MoveList moves;
      core::generate_legal(game.position(), moves);
      ASSERT_FALSE(moves.empty());
      game.play(moves[rng() % moves.size()]);
      ASSERT_LE(game.ply(), 6000);
    }
    EXPECT_EQ(game.outcome().ply, game.ply());
    EXPECT_NE(game.outcome().reason, Reason::None);
    EXPECT_FALSE(game.outcome().move_san.empty());
  }
}

TEST(Game, ProxyClaimDoesNotEndAGameBeforeTheThirdOccurrence) {
  Game game({.claim_mode = ClaimMode::ProxyClaim});
  play(game, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
  EXPECT_FALSE(game.finished());
  EXPECT_EQ(game.occurrences(), 2);
}

}  // namespace
}  // namespace arbiter::rules
