// Small helpers for driving rules::Game from UCI move strings in tests.
#pragma once

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "arbiter/core/notation.h"
#include "arbiter/rules/game.h"
#include "test_support.h"

namespace arbiter::test {

inline constexpr const char* kKnightShuffle = "g1f3 g8f6 f3g1 f6g8";

inline core::Move uci(const rules::Game& game, const std::string& text) {
  auto m = core::parse_uci_move(game.position(), text, game.position().is_chess960());
  EXPECT_TRUE(m.ok()) << text << ": " << (m.ok() ? "" : m.error());
  return m.ok() ? m.value() : core::Move::none();
}

// Plays space-separated UCI moves; the game must not have ended before them.
inline void play(rules::Game& game, const std::string& moves) {
  std::istringstream in(moves);
  for (std::string text; in >> text;) {
    ASSERT_FALSE(game.finished()) << "game over before " << text;
    game.play_legal(uci(game, text));
  }
}

inline std::string repeat(const std::string& moves, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) out += moves + " ";
  return out;
}

inline rules::Game game_from(const std::string& fen, const rules::GameOptions& options = {}) {
  return rules::Game(must_parse(fen, false), options);
}

inline std::string result_of(const rules::Game& game) {
  return std::string(rules::result_name(game.outcome().result));
}

inline std::string reason_of(const rules::Game& game) {
  return std::string(rules::reason_name(game.outcome().reason));
}

}  // namespace arbiter::test
