// The FIDE adjudication cases of tests/data/fide-cases.tsv, and the verdicts
// the 'ed' column gives for other editions, shared by the library and CLI tests.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "arbiter/core/notation.h"
#include "arbiter/rules/game.h"
#include "test_support.h"

namespace arbiter::test {

struct FideCase {
  std::string id, group, fen, moves, event, expected, expected_claim, art, why, ed;
};

// One verdict to check: a case under one edition.
struct FideCaseRun {
  FideCase c;
  rules::Edition edition = rules::Edition::Fide2023;
  std::string expected;        // result
  std::string expected_claim;  // "W now", "B with move", ... ("" = not checked unless ongoing)
  bool expect_ambiguous = false;
};

// Keeps gtest from dumping the struct's bytes in failure messages.
inline void PrintTo(const FideCaseRun& run, std::ostream* os) {
  *os << run.c.id << " under " << rules::edition_name(run.edition);
}

inline std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> fields;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, '\t')) fields.push_back(field);
  if (!line.empty() && line.back() == '\t') fields.push_back("");
  return fields;
}

inline const std::vector<FideCase>& fide_cases() {
  static const std::vector<FideCase> cases = [] {
    std::vector<FideCase> out;
    std::ifstream in(data_path("fide-cases.tsv"));
    std::string line;
    bool header_seen = false;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      if (!header_seen) {  // the column names
        header_seen = true;
        continue;
      }
      auto f = split_tabs(line);
      f.resize(10);
      out.push_back({f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9]});
    }
    return out;
  }();
  return cases;
}

struct EditionVariant {
  const char* id;
  rules::Edition edition;
  const char* expected;
  const char* expected_claim;
  bool ambiguous;
};

// What the 'ed' column says for editions other than 2023 (read by hand: the
// column is prose).
inline constexpr EditionVariant kEditionVariants[] = {
    {"A07", rules::Edition::Fide2009, "1-0", "", false},  // pre-2014: still mate
    {"A07", rules::Edition::Fide2014, "1-0", "", false},
    {"F19", rules::Edition::Fide2014, "1/2-1/2", "", false},
    {"F19", rules::Edition::Fide2009, "1-0", "", false},  // no 75-move rule: Black's flag loses
    {"F19", rules::Edition::Fide2001, "1-0", "", false},
    {"G08", rules::Edition::Fide2014, "1/2-1/2", "", false},  // consecutive cycles: unambiguous
    {"G08", rules::Edition::Fide2009, "*", "W now", false},   // pre-2014: only claimable
    {"G08", rules::Edition::Fide2001, "*", "W now", false},
    {"G09", rules::Edition::Fide2018, "1/2-1/2", "", false},
    {"G09", rules::Edition::Fide2014, "1/2-1/2", "", true},  // 'consecutive alternate moves'
    {"G09", rules::Edition::Fide2009, "*", "W now", false},
    {"H03", rules::Edition::Fide2014, "1/2-1/2", "", false},
    {"H03", rules::Edition::Fide2009, "*", "B now", false},
    {"H03", rules::Edition::Fide2001, "*", "B now", false},
    {"H05", rules::Edition::Fide2018, "1/2-1/2", "", false},
    {"H05", rules::Edition::Fide2009, "*", "B now", false},
    {"H07", rules::Edition::Fide2014, "1/2-1/2", "", false},
    {"H07", rules::Edition::Fide2009, "*", "W now", false},
    {"H07", rules::Edition::Fide2001, "*", "W now", false},
    {"I01", rules::Edition::Fide2018, "0-1", "", false},  // resignation always loses before 2023
    {"I01", rules::Edition::Fide2014, "0-1", "", false},
    {"I01", rules::Edition::Fide2009, "0-1", "", false},
    {"I01", rules::Edition::Fide2001, "0-1", "", false},
    {"I03", rules::Edition::Fide2018, "1/2-1/2", "", false},
    {"I03", rules::Edition::Fide2014, "1/2-1/2", "", false},
    {"I03", rules::Edition::Fide2009, "*", "", false},  // standard: the third illegal move loses
    {"I03", rules::Edition::Fide2001, "*", "", false},
    {"I04", rules::Edition::Fide2014, "1-0", "", false},
    {"I04", rules::Edition::Fide2009, "*", "", false},
};

inline std::vector<FideCaseRun> fide_case_runs() {
  std::vector<FideCaseRun> runs;
  for (const FideCase& c : fide_cases()) {
    runs.push_back({c, rules::Edition::Fide2023, c.expected, c.expected_claim, false});
    for (const EditionVariant& v : kEditionVariants)
      if (c.id == v.id) runs.push_back({c, v.edition, v.expected, v.expected_claim, v.ambiguous});
  }
  return runs;
}

inline std::string run_name(const testing::TestParamInfo<FideCaseRun>& info) {
  std::string name = info.param.c.id + "_" + std::string(rules::edition_name(info.param.edition));
  for (char& ch : name)
    if (ch == '-') ch = '_';
  return name;
}

// Plays the case's moves and event through the library; fails the test on bad
// data. Moves are read on a board of their own: the game ignores moves made after
// it ended, but they must still be legal.
inline rules::Game play_case(const FideCase& c, const rules::GameOptions& options) {
  core::Position board = must_parse(c.fen);
  rules::Game game(board, options);
  std::istringstream moves(c.moves);
  for (std::string uci; moves >> uci;) {
    auto m = core::parse_uci_move(board, uci, false);
    EXPECT_TRUE(m.ok()) << c.id << ": " << uci;
    if (!m.ok()) return game;
    game.play_legal(m.value());
    core::UndoInfo undo;
    board.make_move(m.value(), undo);
  }
  if (c.event.empty()) return game;
  const std::string kind = c.event.substr(0, c.event.find(':'));
  const core::Color side = c.event.back() == 'w' ? core::Color::White : core::Color::Black;
  if (kind == "flag") {
    game.flag(side);
  } else if (kind == "resign") {
    game.resign(side);
  } else if (kind == "illegal2") {
    game.illegal_move(side);
    game.illegal_move(side);
  } else if (kind == "claim") {
    game.claim_draw(side);
  } else {
    ADD_FAILURE() << c.id << ": unknown event " << c.event;
  }
  return game;
}

// "W now", "B with move" or "" for the side to move's claims.
inline std::string describe_claims(const rules::Game& game) {
  const rules::ClaimAvailability open = game.claimable();
  if (!open.any()) return "";
  const std::string side = game.position().side_to_move() == core::Color::White ? "W" : "B";
  return side + (open.any_now() ? " now" : " with move");
}

}  // namespace arbiter::test
