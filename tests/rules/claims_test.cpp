// Draw claims (9.2, 9.3, 9.5): who may claim, announced moves, penalties, and
// the arbiter claiming on an engine's behalf (proxy-claim mode).
#include <gtest/gtest.h>

#include "arbiter/rules/claims.h"
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

constexpr const char* kSevenPliesOfShuffle = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1";  // G02
constexpr const char* kFiftyDueWithMove = "8/8/4k3/8/8/3K4/P7/R7 w - - 99 80";

// 9.2: only the player having the move may claim; the opponent, having just
// moved, lost the chance (G11). The claim costs time and stands as a draw offer.
TEST(Claims, OnlyThePlayerHavingTheMoveMayClaim_9_2) {
  Game game;
  play(game, test::repeat(kKnightShuffle, 2));
  ClaimResponse response = game.claim_draw(Color::Black);
  EXPECT_EQ(response.status, ClaimStatus::Incorrect);
  EXPECT_FALSE(game.finished());
  ASSERT_EQ(game.penalties().size(), 1u);
  EXPECT_EQ(game.penalties()[0].offender, Color::Black);
  EXPECT_EQ(game.penalties()[0].opponent_bonus_seconds, 120);
  EXPECT_EQ(game.penalties()[0].ply, 8);
  EXPECT_EQ(game.pending_draw_offer(), Color::Black);  // 9.1.2.3: a claim is also an offer
  // White, who has the move, claims correctly (G12).
  response = game.claim_draw(Color::White);
  EXPECT_EQ(response.status, ClaimStatus::Correct);
  EXPECT_EQ(reason_of(game), "threefold-claim");
  EXPECT_EQ(game.outcome().article, "9.2.2");
  EXPECT_EQ(game.outcome().ply, 8);
  EXPECT_EQ(game.claim_draw(Color::White).status, ClaimStatus::GameOver);
}

// 9.2.1: the claimant announces the move that produces the third occurrence.
TEST(Claims, ThreefoldWithAnnouncedMove_9_2_1) {
  Game game;
  play(game, kSevenPliesOfShuffle);
  const ClaimAvailability open = game.claimable();
  EXPECT_FALSE(open.threefold_now);
  ASSERT_EQ(open.threefold_moves.size(), 1u);
  EXPECT_EQ(open.threefold_moves[0], uci(game, "f6g8"));
  ClaimResponse response = game.claim_draw(Color::Black, uci(game, "f6g8"));
  EXPECT_EQ(response.status, ClaimStatus::Correct);
  EXPECT_TRUE(response.finding.with_move);
  EXPECT_EQ(reason_of(game), "threefold-claim");
  EXPECT_EQ(game.outcome().article, "9.2.1");
  EXPECT_EQ(game.outcome().ply, 7);  // the announced move is not played
  EXPECT_EQ(game.outcome().move_san, "Ng8");
}

// 9.5.3: an incorrect claim with an announced move: penalty, and the move is played.
TEST(Claims, IncorrectClaimWithMoveCostsTimeAndTheMoveIsPlayed_9_5_3) {
  Game game;
  play(game, kSevenPliesOfShuffle);
  ClaimResponse response = game.claim_draw(Color::Black, uci(game, "e7e5"));
  EXPECT_EQ(response.status, ClaimStatus::Incorrect);
  EXPECT_EQ(game.ply(), 8);
  EXPECT_EQ(game.penalties().size(), 1u);
  EXPECT_FALSE(game.finished());
  // An announced move that is not legal is refused and changes nothing.
  response = game.claim_draw(Color::White, core::Move(core::Square::E1, core::Square::E3));
  EXPECT_EQ(response.status, ClaimStatus::IllegalAnnouncedMove);
  EXPECT_EQ(game.ply(), 8);
  EXPECT_EQ(game.penalties().size(), 1u);
}

// 9.3.2 now at 100 plies (H01); 9.3.1 at 99 with a non-zeroing move (H02).
TEST(Claims, FiftyMovesNowAndWithAnnouncedMove_9_3) {
  Game now = game_from("8/8/4k3/8/8/3K4/8/R7 w - - 100 80");
  EXPECT_EQ(now.claim_draw(Color::White).status, ClaimStatus::Correct);
  EXPECT_EQ(reason_of(now), "fifty-moves-claim");
  EXPECT_EQ(now.outcome().article, "9.3.2");

  Game with_move = game_from(kFiftyDueWithMove);
  ClaimAvailability open = with_move.claimable();
  EXPECT_FALSE(open.fifty_now);
  EXPECT_TRUE(open.fifty_move.is_ok());
  EXPECT_EQ(with_move.claim_draw(Color::White).status, ClaimStatus::Incorrect);
  EXPECT_EQ(with_move.claim_draw(Color::White, uci(with_move, "d3e3")).status,
            ClaimStatus::Correct);
  EXPECT_EQ(with_move.outcome().article, "9.3.1");
  EXPECT_EQ(with_move.outcome().move_san, "Ke3");

  // A pawn move resets the count: the claim is wrong and the move is played.
  Game zeroing = game_from(kFiftyDueWithMove);
  EXPECT_EQ(zeroing.claim_draw(Color::White, uci(zeroing, "a2a3")).status, ClaimStatus::Incorrect);
  EXPECT_EQ(zeroing.halfmove_clock(), 0);
}

// The report of draws that could have been claimed: first ply and side per type.
TEST(Claims, RecordsTheFirstMomentEachClaimWasOpen) {
  Game game = game_from("8/8/4k3/8/8/3K4/8/R7 w - - 97 80");
  play(game, "a1a2 e6e7 a2a1 e7e6 a1a2 e6e7 a2a1 e7e6");
  const auto records = game.claim_records();
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].type, ClaimType::FiftyMoves);
  EXPECT_EQ(records[0].ply, 2);  // count at 99, White to move, with a move
  EXPECT_EQ(records[0].side, Color::White);
  EXPECT_TRUE(records[0].move.is_ok());
  EXPECT_EQ(records[1].type, ClaimType::Threefold);
  EXPECT_EQ(records[1].ply, 7);
  EXPECT_EQ(records[1].side, Color::Black);
  EXPECT_EQ(records[1].move_san, "Ke6");
  EXPECT_FALSE(game.finished());  // strict mode: nobody claimed
}

TEST(Claims, NoRecordsWhenDisabled) {
  Game game({.record_claims = false});
  play(game, test::repeat(kKnightShuffle, 2));
  EXPECT_TRUE(game.claim_records().empty());
  EXPECT_TRUE(game.claimable().threefold_now);
}

// Proxy-claim: the arbiter claims for the mover at the third occurrence (9.2.1).
TEST(ProxyClaim, EndsTheGameAtTheThirdOccurrence_9_2_1) {
  Game game({.claim_mode = ClaimMode::ProxyClaim});
  play(game, test::repeat(kKnightShuffle, 2));
  EXPECT_EQ(result_of(game), "1/2-1/2");
  EXPECT_EQ(reason_of(game), "threefold-claim");
  EXPECT_EQ(game.outcome().article, "9.2.1");
  EXPECT_EQ(game.outcome().ply, 8);
  EXPECT_EQ(game.outcome().move_san, "Ng8");
}

// Proxy-claim at the 100th ply (9.3.1), and at the start when the count is already
// 100 (9.3.2).
TEST(ProxyClaim, EndsTheGameAtTheHundredthPly_9_3) {
  Game game = game_from("8/8/4k3/8/8/3K4/8/R7 w - - 99 80", {.claim_mode = ClaimMode::ProxyClaim});
  EXPECT_FALSE(game.finished());
  play(game, "a1a2");
  EXPECT_EQ(reason_of(game), "fifty-moves-claim");
  EXPECT_EQ(game.outcome().article, "9.3.1");
  EXPECT_EQ(game.outcome().ply, 1);

  Game at_start =
      game_from("8/8/4k3/8/8/3K4/8/R7 w - - 100 80", {.claim_mode = ClaimMode::ProxyClaim});
  EXPECT_EQ(reason_of(at_start), "fifty-moves-claim");
  EXPECT_EQ(at_start.outcome().article, "9.3.2");
  EXPECT_EQ(at_start.outcome().ply, 0);
}

// A mate on the 100th ply wins even with the arbiter claiming (A08).
TEST(ProxyClaim, MateOnTheHundredthPlyStillWins_5_1_1) {
  Game game =
      game_from("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 120", {.claim_mode = ClaimMode::ProxyClaim});
  play(game, "a1a8");
  EXPECT_EQ(result_of(game), "1-0");
  EXPECT_EQ(reason_of(game), "checkmate");
}

// White could claim a third occurrence by announcing Ra1, but mates instead.
TEST(ProxyClaim, MateInsteadOfARepeatingMoveStillWins_5_1_1) {
  const char* fen = "6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1";
  const char* moves = "g8h8 a1b1 h8g8 b1a1 g8h8 a1b1 h8g8";
  Game strict = game_from(fen);
  play(strict, moves);
  ASSERT_EQ(strict.claimable().threefold_moves.size(), 1u);
  EXPECT_EQ(strict.claimable().threefold_moves[0], uci(strict, "b1a1"));

  Game proxy = game_from(fen, {.claim_mode = ClaimMode::ProxyClaim});
  play(proxy, moves);
  EXPECT_FALSE(proxy.finished());
  play(proxy, "b1b8");
  EXPECT_EQ(result_of(proxy), "1-0");
  EXPECT_EQ(reason_of(proxy), "checkmate");
  EXPECT_EQ(proxy.outcome().move_san, "Rb8#");
}

// Repetition counting over a game from a set-up position: it counts as occurrence 1.
TEST(Claims, SetUpPositionCountsAsTheFirstOccurrence_9_2_3) {
  Game game = game_from("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  play(game, "a1a2 e8e7 a2a1 e7e8 a1a2 e8e7 a2a1 e7e8");
  EXPECT_EQ(game.occurrences(), 3);
  EXPECT_TRUE(game.claimable().threefold_now);
}

}  // namespace
}  // namespace arbiter::rules
