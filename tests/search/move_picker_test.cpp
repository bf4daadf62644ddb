// The staged move picker: every legal move exactly once whatever the hints
// (TT move, killers, counter; legal, illegal or garbage), the TT move first,
// killers before other quiets, losing captures last, and quiescence's
// captures filtered by SEE.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "arbiter/core/fen.h"
#include "arbiter/core/movegen.h"
#include "arbiter/core/notation.h"
#include "arbiter/search/move_picker.h"
#include "arbiter/search/see.h"
#include "test_support.h"

namespace arbiter::search {
namespace {

using core::Move;
using core::Position;

std::vector<Move> legal_moves(const Position& pos) {
  core::MoveList list;
  core::generate_legal(pos, list);
  return {list.begin(), list.end()};
}

bool is_quiet(const Position& pos, Move m) { return !pos.is_capture(m) && !m.is_promotion(); }

// A hint the search may pass: a legal move, a random (usually illegal) bit pattern, or none.
Move random_hint(const std::vector<Move>& legal, std::mt19937& rng) {
  switch (rng() % 3) {
    case 0:
      return legal.empty() ? Move::none() : legal[rng() % legal.size()];
    case 1:
      return Move::from_bits(uint16_t(rng()));
    default:
      return Move::none();
  }
}

std::vector<Position> random_walk_sample() {
  const int walks = test::kSanitized ? 1 : 3;
  return test::random_walk_positions(walks, 24);
}

TEST(MovePicker, EveryLegalMoveExactlyOnceWhateverTheHints) {
  std::mt19937 rng(7);
  History history;
  history.clear();
  int positions = 0;
  for (const Position& pos : random_walk_sample()) {
    const std::vector<Move> legal = legal_moves(pos);
    OrderingContext context;
    context.history = &history;
    context.killers[0] = random_hint(legal, rng);
    context.killers[1] = random_hint(legal, rng);
    context.counter = random_hint(legal, rng);
    const Move tt_move = random_hint(legal, rng);
    MovePicker picker(pos, tt_move, context, MovePicker::Mode::All);
    std::vector<Move> picked;
    for (Move m = picker.next(); m; m = picker.next()) {
      picked.push_back(m);
      ASSERT_EQ(picker.last_was_quiet(), is_quiet(pos, m)) << core::to_fen(pos);
    }
    std::vector<Move> sorted = picked;
    std::sort(sorted.begin(), sorted.end(), [](Move a, Move b) { return a.bits() < b.bits(); });
    ASSERT_TRUE(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end())
        << "a move twice in " << core::to_fen(pos);
    ASSERT_EQ(picked.size(), legal.size()) << core::to_fen(pos);
    for (Move m : legal)
      ASSERT_TRUE(std::find(picked.begin(), picked.end(), m) != picked.end()) << core::to_fen(pos);
    // A legal TT move comes first.
    if (std::find(legal.begin(), legal.end(), tt_move) != legal.end()) {
      ASSERT_EQ(picked.front(), tt_move) << core::to_fen(pos);
    }
    ++positions;
  }
  EXPECT_GT(positions, 1000);
}

TEST(MovePicker, KillersAndCounterComeBeforeOtherQuiets) {
  // After 1. e4 e5: Nf3 and Bc4 as killers, d4 as counter; no capture is possible.
  Position pos = test::must_parse("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  History history;
  history.clear();
  // A history that favours a3 must not put it above the killers.
  history.update_butterfly(core::Color::White, Move(core::Square::A2, core::Square::A3), 8000);
  OrderingContext context;
  context.history = &history;
  context.killers[0] = Move(core::Square::G1, core::Square::F3);
  context.killers[1] = Move(core::Square::F1, core::Square::C4);
  context.counter = Move(core::Square::D2, core::Square::D4);
  MovePicker picker(pos, Move::none(), context, MovePicker::Mode::All);
  EXPECT_EQ(picker.next(), context.killers[0]);
  EXPECT_EQ(picker.next(), context.killers[1]);
  EXPECT_EQ(picker.next(), context.counter);
  EXPECT_EQ(picker.next(), Move(core::Square::A2, core::Square::A3));
}

// Threat-aware ordering (the limited strength levels): a piece attacked by a
// lesser one goes first to squares where no lesser piece attacks it; with no
// history to say otherwise, before every other quiet move; a quiet move that
// puts a safe piece where a lesser one attacks it comes after them all.
TEST(MovePicker, EscapesFromLesserAttackersComeFirst) {
  // 1.e4 e5 2.Nf3 Qh4 3.Qe2: the knight attacks Black's queen (Qh3, Qg3 and Qg5 stay
  // attacked, so they are no escapes); Bf8-a3 walks into the b2 pawn.
  Position pos =
      test::must_parse("rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPPQPPP/RNB1KB1R b KQkq - 3 3");
  History history;
  history.clear();
  OrderingContext context;
  context.history = &history;
  context.threat_aware = true;
  MovePicker picker(pos, Move::none(), context, MovePicker::Mode::All);
  const MovePicker::Threats threats = MovePicker::Threats::of(pos);
  std::vector<Move> quiets;
  for (Move m = picker.next(); m; m = picker.next())
    if (picker.last_was_quiet()) quiets.push_back(m);
  auto is_queen = [&](Move m) { return pos.piece_on(m.from()) == core::Piece::BlackQueen; };
  auto escapes = [&](Move m) { return is_queen(m) && !core::contains(threats.by_rooks, m.to()); };
  const size_t escape_count = size_t(std::count_if(quiets.begin(), quiets.end(), escapes));
  ASSERT_GE(escape_count, 5u);  // Qh5, Qh6, Qg4, Qg5, Qf6, Qe7, Qd8, ...
  for (size_t i = 0; i < quiets.size(); ++i)
    EXPECT_EQ(escapes(quiets[i]), i < escape_count) << core::to_uci(quiets[i], false);
  EXPECT_EQ(quiets.back(), Move(core::Square::F8, core::Square::A3));
  // Without threat awareness (full strength) the queen gets no such precedence.
  context.threat_aware = false;
  MovePicker plain(pos, Move::none(), context, MovePicker::Mode::All);
  std::vector<Move> plain_quiets;
  for (Move m = plain.next(); m; m = plain.next())
    if (plain.last_was_quiet()) plain_quiets.push_back(m);
  EXPECT_FALSE(
      std::all_of(plain_quiets.begin(), plain_quiets.begin() + long(escape_count), escapes));
}

TEST(MovePicker, GoodCapturesFirstLosingCapturesLast) {
  // Bxg4 wins a free knight; Qxd6 takes a rook defended by the c7 pawn and loses the queen.
  Position pos = test::must_parse("4k3/2p5/3r4/8/6n1/5B2/8/3QK3 w - - 0 1");
  History history;
  history.clear();
  OrderingContext context;
  context.history = &history;
  MovePicker picker(pos, Move::none(), context, MovePicker::Mode::All);
  std::vector<Move> picked;
  for (Move m = picker.next(); m; m = picker.next()) picked.push_back(m);
  ASSERT_EQ(picked.size(), legal_moves(pos).size());
  EXPECT_EQ(picked.front(), Move(core::Square::F3, core::Square::G4));
  EXPECT_EQ(picked.back(), Move(core::Square::D1, core::Square::D6));
}

TEST(MovePicker, QuiescenceGetsOnlyCapturesThatPassSee) {
  std::mt19937 rng(11);
  History history;
  history.clear();
  OrderingContext context;
  context.history = &history;
  for (const Position& pos : random_walk_sample()) {
    const std::vector<Move> legal = legal_moves(pos);
    for (int threshold : {0, 150}) {
      MovePicker picker(pos, random_hint(legal, rng), context, MovePicker::Mode::Noisy, threshold);
      std::set<uint16_t> picked;
      for (Move m = picker.next(); m; m = picker.next()) picked.insert(m.bits());
      if (pos.in_check()) {
        ASSERT_EQ(picked.size(), legal.size()) << "every evasion: " << core::to_fen(pos);
        continue;
      }
      for (Move m : legal) {
        const bool wanted = !is_quiet(pos, m) &&
                            !(m.is_promotion() && m.promotion() != core::PieceType::Queen) &&
                            see_at_least(pos, m, threshold);
        ASSERT_EQ(picked.count(m.bits()) == 1, wanted)
            << core::to_fen(pos) << " " << m.bits() << " threshold " << threshold;
      }
    }
  }
}

}  // namespace
}  // namespace arbiter::search
