// The edition differences of spec section 9, one test per automatable row of its
// table, each through rules::Game under every edition the row distinguishes.
#include <gtest/gtest.h>

#include "arbiter/rules/edition.h"
#include "arbiter/rules/game.h"
#include "game_helpers.h"

namespace arbiter::rules {
namespace {

using core::Color;
using test::game_from;
using test::play;
using test::reason_of;
using test::result_of;

constexpr Edition kAllEditions[] = {Edition::Fide2023, Edition::Fide2018, Edition::Fide2014,
                                    Edition::Fide2009, Edition::Fide2001};

bool from_2014(Edition e) {
  return e == Edition::Fide2023 || e == Edition::Fide2018 || e == Edition::Fide2014;
}

constexpr const char* kRookVersusKing = "8/8/4k3/8/8/8/8/R3K3 w - - 0 1";
constexpr const char* kSeventyFiveDue = "8/8/4k3/8/8/3K4/8/R7 w - - 149 120";  // H03

TEST(EditionTable, NamesRoundTripAndDefaultIs2023) {
  for (Edition e : kAllEditions) EXPECT_EQ(parse_edition(edition_name(e)), e);
  EXPECT_FALSE(parse_edition("fide-2005").has_value());
  EXPECT_EQ(kDefaultEdition, Edition::Fide2023);
  EXPECT_EQ(Game().ruleset().name, "fide-2023");
}

// 9.6.1 (2014: 9.6a): fivefold occurrence is automatic from 2014; before, only a claim.
TEST(EditionTable, FivefoldRepetitionAutomaticFrom2014_9_6_1) {
  for (Edition e : kAllEditions) {
    Game game({.edition = e});
    play(game, test::repeat(test::kKnightShuffle, 4));  // G08
    EXPECT_EQ(game.occurrences(), 5);
    if (from_2014(e)) {
      EXPECT_EQ(reason_of(game), "fivefold-repetition") << edition_name(e);
      EXPECT_EQ(game.outcome().article, e == Edition::Fide2014 ? "9.6a" : "9.6.1");
      EXPECT_EQ(game.outcome().ply, 16);
    } else {
      EXPECT_FALSE(game.finished()) << edition_name(e);
      EXPECT_TRUE(game.claimable().threefold_now);
    }
  }
}

// 9.6.2 (2014: 9.6b): 150 plies without a pawn move or capture end the game from 2014.
TEST(EditionTable, SeventyFiveMovesAutomaticFrom2014_9_6_2) {
  for (Edition e : kAllEditions) {
    Game game = game_from(kSeventyFiveDue, {.edition = e});
    play(game, "a1a2");
    if (from_2014(e)) {
      EXPECT_EQ(reason_of(game), "seventyfive-moves") << edition_name(e);
      EXPECT_EQ(game.outcome().article, e == Edition::Fide2014 ? "9.6b" : "9.6.2");
    } else {
      EXPECT_FALSE(game.finished()) << edition_name(e);
      EXPECT_TRUE(game.claimable().fifty_now);
    }
  }
}

// 9.2 and 9.3 are claims in every edition: three occurrences or 100 plies never
// end the game by themselves.
TEST(EditionTable, ThreefoldAndFiftyMovesAreClaimsInEveryEdition_9_2_9_3) {
  for (Edition e : kAllEditions) {
    Game threefold({.edition = e});
    play(threefold, test::repeat(test::kKnightShuffle, 2));
    EXPECT_FALSE(threefold.finished()) << edition_name(e);
    EXPECT_EQ(threefold.occurrences(), 3);
    Game fifty = game_from("8/8/4k3/8/8/3K4/8/R7 w - - 99 80", {.edition = e});
    play(fifty, "a1a2");
    EXPECT_FALSE(fifty.finished()) << edition_name(e);
    EXPECT_TRUE(fifty.claimable().fifty_now);
  }
}

// 9.2.3 (2018: 9.2.2; 2001: "right to castle changed"): a position with castling
// rights differs from the same placement without them, in every edition (G03, G04);
// so does one where en passant was possible (G05).
TEST(EditionTable, PositionIdentityCastlingAndEnPassant_9_2_3) {
  for (Edition e : kAllEditions) {
    Game castling({.edition = e});
    play(castling, "e2e4 e7e5 e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1 e7e8");  // G03
    EXPECT_EQ(castling.occurrences(), 2) << edition_name(e);
    play(castling, "e1e2 e8e7 e2e1 e7e8");  // G04
    EXPECT_EQ(castling.occurrences(), 3) << edition_name(e);
    Game en_passant({.edition = e});
    play(en_passant, "e2e4 g8f6 e4e5 d7d5 b1c3 b8c6 c3b1 c6b8 g1f3 c8d7 f3g1 d7c8");  // G05
    EXPECT_EQ(en_passant.occurrences(), 2) << edition_name(e);
  }
}

// 5.2.2 (2014: 5.2b/9.7; 2001-2009: 5.2(b)/9.6): a dead position ends the game at once.
TEST(EditionTable, DeadPositionEndsTheGameInEveryEdition_5_2_2) {
  const std::pair<Edition, const char*> articles[] = {{Edition::Fide2023, "5.2.2"},
                                                      {Edition::Fide2018, "5.2.2"},
                                                      {Edition::Fide2014, "9.7"},
                                                      {Edition::Fide2009, "9.6"},
                                                      {Edition::Fide2001, "9.6"}};
  for (auto [e, article] : articles) {
    Game game = game_from("8/8/8/4k3/8/8/3r4/2B1K3 w - - 0 1", {.edition = e});  // C06
    play(game, "c1d2");
    EXPECT_EQ(reason_of(game), "dead-position") << edition_name(e);
    EXPECT_EQ(result_of(game), "1/2-1/2");
    EXPECT_EQ(game.outcome().article, article);
    EXPECT_EQ(game.outcome().move_san, "Bxd2");
  }
}

// 6.9 (2001: 6.10): a flag loses unless the opponent cannot mate, in every edition.
TEST(EditionTable, FlagFallLosesUnlessOpponentCannotMate_6_9) {
  for (Edition e : kAllEditions) {
    Game rook_side_flags = game_from(kRookVersusKing, {.edition = e});  // F01
    rook_side_flags.flag(Color::White);
    EXPECT_EQ(result_of(rook_side_flags), "1/2-1/2") << edition_name(e);
    EXPECT_EQ(reason_of(rook_side_flags), "time-forfeit");
    EXPECT_EQ(rook_side_flags.outcome().article, e == Edition::Fide2001 ? "6.10" : "6.9");
    Game king_flags = game_from("8/8/4k3/8/8/8/8/R3K3 b - - 0 1", {.edition = e});  // F02
    king_flags.flag(Color::Black);
    EXPECT_EQ(result_of(king_flags), "1-0") << edition_name(e);
  }
}

// 5.1.2: from 2023 a resignation is a draw when the opponent cannot mate; before,
// always a loss (I01).
TEST(EditionTable, ResignationProvisoOnlyIn2023_5_1_2) {
  for (Edition e : kAllEditions) {
    Game game = game_from(kRookVersusKing, {.edition = e});
    game.resign(Color::White);
    EXPECT_EQ(reason_of(game), "resignation");
    EXPECT_EQ(result_of(game), e == Edition::Fide2023 ? "1/2-1/2" : "0-1") << edition_name(e);
    EXPECT_EQ(game.outcome().article,
              from_2014(e) ? (e == Edition::Fide2014 ? "5.1b" : "5.1.2") : "5.1(b)");
  }
}

// 5.2.3: from 2018 a draw may be agreed only after each player has made a move.
TEST(EditionTable, DrawAgreementNeedsAMoveEachFrom2018_5_2_3) {
  for (Edition e : kAllEditions) {
    const bool restricted = e == Edition::Fide2023 || e == Edition::Fide2018;
    Game game({.edition = e});
    game.offer_draw(Color::White);
    game.accept_draw(Color::Black);
    EXPECT_EQ(game.finished(), !restricted) << edition_name(e);
    if (!restricted) continue;
    play(game, "e2e4");
    game.offer_draw(Color::White);
    game.accept_draw(Color::Black);
    EXPECT_FALSE(game.finished()) << "Black has not moved yet";
    play(game, "e7e5");
    game.offer_draw(Color::Black);
    game.accept_draw(Color::White);
    EXPECT_EQ(reason_of(game), "agreement");
    EXPECT_EQ(game.outcome().article, "5.2.3");
  }
}

// 7.5.5 (2014: 7.5b; 2001-2009: 7.4(b)), standard play: the second illegal move
// loses from 2014, the third before; 2001 has no "cannot mate" proviso.
TEST(EditionTable, IllegalMovesInStandardPlay_7_5_5) {
  struct Row {
    Edition edition;
    int strikes_to_end;
    const char* result;  // White, the rook side, makes the illegal moves
    const char* article;
  };
  const Row rows[] = {{Edition::Fide2023, 2, "1/2-1/2", "7.5.5"},
                      {Edition::Fide2018, 2, "1/2-1/2", "7.5.5"},
                      {Edition::Fide2014, 2, "1/2-1/2", "7.5b"},
                      {Edition::Fide2009, 3, "1/2-1/2", "7.4(b)"},
                      {Edition::Fide2001, 3, "0-1", "7.4(b)"}};
  for (const Row& row : rows) {
    Game game = game_from(kRookVersusKing, {.edition = row.edition});
    for (int i = 1; i < row.strikes_to_end; ++i) game.illegal_move(Color::White);
    EXPECT_FALSE(game.finished()) << edition_name(row.edition);
    ASSERT_EQ(game.penalties().size(), size_t(row.strikes_to_end - 1));
    EXPECT_EQ(game.penalties()[0].opponent_bonus_seconds, 120);
    game.illegal_move(Color::White);
    EXPECT_EQ(reason_of(game), "illegal-move") << edition_name(row.edition);
    EXPECT_EQ(result_of(game), row.result) << edition_name(row.edition);
    EXPECT_EQ(game.outcome().article, row.article);
  }
}

// Rapid and blitz: 2014 (A.4b) and earlier blitz: the first illegal move loses;
// 2018 and 2023 treat them like standard play with a smaller penalty (A.3, B.3).
TEST(EditionTable, IllegalMovesInRapidAndBlitz_A_4) {
  struct Row {
    Edition edition;
    TimeControlClass tc;
    int strikes_to_end;
    int penalty_seconds;
  };
  const Row rows[] = {
      {Edition::Fide2023, TimeControlClass::Rapid, 2, 60},
      {Edition::Fide2023, TimeControlClass::Blitz, 2, 60},
      {Edition::Fide2018, TimeControlClass::Rapid, 2, 120},
      {Edition::Fide2018, TimeControlClass::Blitz, 2, 60},
      {Edition::Fide2014, TimeControlClass::Rapid, 1, 0},
      {Edition::Fide2014, TimeControlClass::Blitz, 1, 0},
      {Edition::Fide2009, TimeControlClass::Blitz, 1, 0},
      {Edition::Fide2001, TimeControlClass::Blitz, 1, 0},
  };
  for (const Row& row : rows) {
    // The lone king errs: the rook side can mate, so the loss stands.
    Game game = game_from("8/8/4k3/8/8/8/8/R3K3 b - - 0 1",
                          {.edition = row.edition, .time_control = row.tc});
    for (int i = 1; i < row.strikes_to_end; ++i) game.illegal_move(Color::Black);
    EXPECT_FALSE(game.finished());
    if (row.strikes_to_end > 1) {
      ASSERT_EQ(game.penalties().size(), 1u);
      EXPECT_EQ(game.penalties()[0].opponent_bonus_seconds, row.penalty_seconds)
          << edition_name(row.edition) << " " << time_control_name(row.tc);
    }
    game.illegal_move(Color::Black);
    EXPECT_EQ(result_of(game), "1-0")
        << edition_name(row.edition) << " " << time_control_name(row.tc);
  }
  // 2014 rapid with the rook side erring: the claimant cannot mate, a draw.
  Game game = game_from(kRookVersusKing,
                        {.edition = Edition::Fide2014, .time_control = TimeControlClass::Rapid});
  game.illegal_move(Color::White);
  EXPECT_EQ(result_of(game), "1/2-1/2");
  EXPECT_EQ(game.outcome().article, "A.4b");
}

// The engine-match policy: the first illegal move loses, keeping the proviso.
TEST(EditionTable, ForfeitPolicyLosesOnTheFirstIllegalMoveWithTheProviso_7_5_5) {
  for (Edition e : kAllEditions) {
    Game rook_side =
        game_from(kRookVersusKing, {.edition = e, .illegal_moves = IllegalMovePolicy::Forfeit});
    rook_side.illegal_move(Color::White);
    EXPECT_EQ(result_of(rook_side), "1/2-1/2") << edition_name(e);  // even under 2001
    Game king_side = game_from("8/8/4k3/8/8/8/8/R3K3 b - - 0 1",
                               {.edition = e, .illegal_moves = IllegalMovePolicy::Forfeit});
    king_side.play(core::Move::null());  // "bestmove 0000" is an illegal move
    EXPECT_EQ(result_of(king_side), "1-0") << edition_name(e);
    EXPECT_EQ(king_side.illegal_moves(Color::Black), 1);
  }
}

// 9.5.3 and predecessors: what an incorrect claim costs, by edition and class.
TEST(EditionTable, IncorrectDrawClaimPenalty_9_5_3) {
  struct Row {
    Edition edition;
    TimeControlClass tc;
    int bonus;
    int cut;
    const char* article;
  };
  const Row rows[] = {
      {Edition::Fide2023, TimeControlClass::Standard, 120, 0, "9.5.3"},
      {Edition::Fide2023, TimeControlClass::Rapid, 60, 0, "9.5.3"},
      {Edition::Fide2023, TimeControlClass::Blitz, 60, 0, "9.5.3"},
      {Edition::Fide2018, TimeControlClass::Rapid, 120, 0, "9.5.3"},
      {Edition::Fide2018, TimeControlClass::Blitz, 60, 0, "9.5.3"},
      {Edition::Fide2014, TimeControlClass::Standard, 120, 0, "9.5b"},
      {Edition::Fide2014, TimeControlClass::Blitz, 60, 0, "9.5b"},
      {Edition::Fide2009, TimeControlClass::Standard, 180, 0, "9.5(b)"},
      {Edition::Fide2001, TimeControlClass::Standard, 180, 180, "9.5(b)"},
  };
  for (const Row& row : rows) {
    Game game({.edition = row.edition, .time_control = row.tc});
    ClaimResponse response = game.claim_draw(Color::White);
    EXPECT_EQ(response.status, ClaimStatus::Incorrect);
    EXPECT_FALSE(game.finished());
    ASSERT_EQ(game.penalties().size(), 1u);
    const TimePenalty& p = game.penalties()[0];
    EXPECT_EQ(p.cause, PenaltyCause::IncorrectClaim);
    EXPECT_EQ(p.offender, Color::White);
    EXPECT_EQ(p.opponent_bonus_seconds, row.bonus) << edition_name(row.edition);
    EXPECT_EQ(p.offender_cut_max_seconds, row.cut) << edition_name(row.edition);
    EXPECT_EQ(p.article, row.article);
  }
}

// Both flags down, order unknown (2014: 6.11; 2018+: Guidelines III.3.1; 2001:
// 10.3): the game goes on, except in the last period where it is drawn.
TEST(EditionTable, BothFlagsOrderUnknownDrawnOnlyInTheLastPeriod_III_3_1) {
  const std::pair<Edition, const char*> articles[] = {{Edition::Fide2023, "III.3.1"},
                                                      {Edition::Fide2018, "III.3.1"},
                                                      {Edition::Fide2014, "6.11"},
                                                      {Edition::Fide2009, "6.11"},
                                                      {Edition::Fide2001, "10.3"}};
  for (auto [e, article] : articles) {
    Game game({.edition = e});
    game.both_flags(false);
    EXPECT_FALSE(game.finished());
    game.both_flags(true);
    EXPECT_EQ(result_of(game), "1/2-1/2");
    EXPECT_EQ(reason_of(game), "time-forfeit");
    EXPECT_EQ(game.outcome().article, article);
  }
}

// A.1/B.1: T = base + 60 x increment; blitz T <= 10 min, standard T >= 60 (2009
// on); 2001: blitz under 15 minutes.
TEST(EditionTable, RapidAndBlitzLimitsFromBasePlusSixtyIncrements_A_1_B_1) {
  const RuleSet& r2023 = rule_set(Edition::Fide2023);
  EXPECT_EQ(classify_time_control(r2023, 3 * 60, 2), TimeControlClass::Blitz);    // T = 5
  EXPECT_EQ(classify_time_control(r2023, 10 * 60, 0), TimeControlClass::Blitz);   // T = 10
  EXPECT_EQ(classify_time_control(r2023, 5 * 60, 5), TimeControlClass::Blitz);    // T = 10
  EXPECT_EQ(classify_time_control(r2023, 5 * 60, 6), TimeControlClass::Rapid);    // T = 11
  EXPECT_EQ(classify_time_control(r2023, 15 * 60, 10), TimeControlClass::Rapid);  // T = 25
  EXPECT_EQ(classify_time_control(r2023, 59 * 60, 0), TimeControlClass::Rapid);
  EXPECT_EQ(classify_time_control(r2023, 30 * 60, 30), TimeControlClass::Standard);  // T = 60
  EXPECT_EQ(classify_time_control(r2023, 90 * 60, 30), TimeControlClass::Standard);
  const RuleSet& r2001 = rule_set(Edition::Fide2001);
  EXPECT_EQ(classify_time_control(r2001, 14 * 60, 0), TimeControlClass::Blitz);
  EXPECT_EQ(classify_time_control(r2001, 15 * 60, 0), TimeControlClass::Rapid);
  EXPECT_EQ(classify_time_control(rule_set(Edition::Fide2009), 14 * 60, 0),
            TimeControlClass::Rapid);
}

// Article numbering: 2001/2009 "5.1(a)", 2014 "5.1a", 2018/2023 "5.1.1".
TEST(EditionTable, CheckmateArticlePerEditionNumbering_5_1_1) {
  const std::pair<Edition, const char*> articles[] = {{Edition::Fide2023, "5.1.1"},
                                                      {Edition::Fide2018, "5.1.1"},
                                                      {Edition::Fide2014, "5.1a"},
                                                      {Edition::Fide2009, "5.1(a)"},
                                                      {Edition::Fide2001, "5.1(a)"}};
  for (auto [e, article] : articles) {
    Game game({.edition = e});
    play(game, "f2f3 e7e5 g2g4 d8h4");
    EXPECT_EQ(reason_of(game), "checkmate");
    EXPECT_EQ(game.outcome().article, article);
  }
}

// Chess960 (Guidelines II): same identity, castling rights per rook.
TEST(EditionTable, Chess960CastlingRightsArePartOfThePosition_II) {
  Game game(test::must_parse("rk6/8/8/8/8/8/8/RK6 w Aa - 0 1", true), {});
  play(game, "a1a2 a8a7 a2a1 a7a8");  // the rooks moved: rights gone
  EXPECT_EQ(game.occurrences(), 1);
  play(game, "a1a2 a8a7 a2a1 a7a8 a1a2 a8a7 a2a1 a7a8");
  EXPECT_EQ(game.occurrences(), 3);
  EXPECT_TRUE(game.claimable().threefold_now);
}

}  // namespace
}  // namespace arbiter::rules
