// Random bytes and mutations of valid input never crash the parsers, and
// whatever they accept is a consistent position (run under ASan/UBSan too).
#include <gtest/gtest.h>

#include <random>

#include "arbiter/core/notation.h"
#include "test_support.h"

namespace arbiter::core {
namespace {

constexpr std::string_view kFenAlphabet = "pnbrqkPNBRQK12345678/ wb-KQkqABCDEFGHabcdefgh0123456789";
constexpr std::string_view kSanAlphabet = "NBRQKabcdefgh12345678xO0-=+#!?:@ ";

std::string random_bytes(std::mt19937& rng, size_t max_len) {
  std::string s(rng() % (max_len + 1), '\0');
  for (char& c : s) c = char(rng() & 0xFF);
  return s;
}

std::string mutate(std::string s, std::mt19937& rng, std::string_view alphabet) {
  int edits = 1 + int(rng() % 4);
  for (int e = 0; e < edits; ++e) {
    size_t at = s.empty() ? 0 : rng() % s.size();
    char c = alphabet[rng() % alphabet.size()];
    switch (rng() % 4) {
      case 0:
        if (!s.empty()) s[at] = c;
        break;
      case 1:
        s.insert(s.begin() + at, c);
        break;
      case 2:
        if (!s.empty()) s.erase(at, 1);
        break;
      case 3:
        if (!s.empty()) s[at] = char(rng() & 0xFF);
        break;
    }
  }
  return s;
}

// An accepted FEN must describe a position that survives a write/read round trip
// and a full move generation.
void check_accepted(const std::string& fen, bool chess960) {
  auto r = parse_fen(fen, chess960);
  if (!r) {
    EXPECT_FALSE(r.error().empty());
    return;
  }
  Position pos = r.value();
  auto again = parse_fen(to_fen(pos), chess960);
  ASSERT_TRUE(again.ok()) << fen << " -> " << to_fen(pos) << ": " << again.error();
  EXPECT_EQ(again->key(), pos.key());
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves) {
    UndoInfo undo;
    pos.make_move(m, undo);
    pos.unmake_move(m, undo);
  }
}

TEST(Fuzz, FenParserSurvivesRandomBytes) {
  std::mt19937 rng(1);
  for (int i = 0; i < 20000; ++i) check_accepted(random_bytes(rng, 100), i % 2);
}

TEST(Fuzz, FenParserSurvivesMutatedFens) {
  std::mt19937 rng(2);
  const int rounds = test::kSanitized ? 20 : 100;
  for (int round = 0; round < rounds; ++round)
    for (const PerftCase& c : test::perft_suite())
      check_accepted(mutate(c.fen, rng, kFenAlphabet), c.chess960);
}

TEST(Fuzz, SanAndUciParsersSurviveGarbage) {
  std::mt19937 rng(3);
  std::vector<Position> positions = test::random_walk_positions(1, 10);
  for (int i = 0; i < 50000; ++i) {
    const Position& pos = positions[rng() % positions.size()];
    std::string text = (i % 2) ? random_bytes(rng, 12) : mutate("Nbxd7=Q+", rng, kSanAlphabet);
    auto san = parse_san(pos, text);
    if (san) {
      EXPECT_TRUE(pos.is_legal(san.value())) << text;
    }
    auto u = parse_uci_move(pos, text, i % 3 == 0);
    if (u) {
      EXPECT_TRUE(pos.is_legal(u.value())) << text;
    }
  }
}

TEST(Fuzz, MutatedLegalSanNeverYieldsAnIllegalMove) {
  std::mt19937 rng(4);
  for (const Position& pos : test::random_walk_positions(1, 8)) {
    MoveList moves;
    generate_legal(pos, moves);
    if (moves.empty()) continue;
    std::string san = to_san(pos, moves[rng() % moves.size()]);
    for (int k = 0; k < 5; ++k) {
      auto r = parse_san(pos, mutate(san, rng, kSanAlphabet));
      if (r) {
        EXPECT_TRUE(pos.is_legal(r.value()));
      }
    }
  }
}

TEST(Fuzz, PerftLineParserSurvivesGarbage) {
  std::mt19937 rng(5);
  for (int i = 0; i < 20000; ++i) {
    std::string line = mutate(std::string(kStartFen) + " ;D1 20 ;D2 400", rng, ";D0123456789 960");
    auto r = parse_perft_line(line);
    if (!r) {
      EXPECT_FALSE(r.error().empty());
    }
    (void)random_bytes(rng, 40);
  }
}

}  // namespace
}  // namespace arbiter::core
