// The dead-position and flag rows (groups C, D, E, F) of tests/data/fide-cases.tsv,
// through the unwinnability module alone (rules::Game has its own verdict tests).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "arbiter/core/movegen.h"
#include "arbiter/core/notation.h"
#include "arbiter/unwinnability/unwinnability.h"
#include "test_support.h"
#include "unwinnability/helpmate.h"
#include "unwinnability/helpmate_witness.h"

namespace arbiter::rules {
namespace {

using core::Color;

struct CaseRow {
  std::string id, fen, moves, event, expected;
};

void PrintTo(const CaseRow& row, std::ostream* os) { *os << row.id << " " << row.fen; }

// Rows whose live side's helpmate the 5.2.2 check's budget does not find: the
// check must not call them dead, and undecided is the right answer (the game goes
// on). White's mate there needs three bishop manoeuvres behind a pawn wall; U(c),
// with its larger budget, finds one of 46 plies (F08's flag fall: White wins).
bool dead_check_undecided(const std::string& id) { return id == "F08" || id == "F09"; }

std::vector<std::string> split(const std::string& line, char sep) {
  std::vector<std::string> out;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, sep)) out.push_back(field);
  return out;
}

std::vector<CaseRow> dead_and_flag_rows() {
  std::vector<CaseRow> rows;
  std::ifstream in(test::data_path("fide-cases.tsv"));
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    auto f = split(line, '\t');
    if (f.size() < 6 || f[0].size() < 2) continue;
    const char group = f[0][0];
    if (f[0] == "id" || (group != 'C' && group != 'D' && group != 'E' && group != 'F')) continue;
    rows.push_back({f[0], f[2], f[3], f[4], f[5]});
  }
  return rows;
}

core::Position final_position(const CaseRow& row) {
  core::Position pos = test::must_parse(row.fen);
  std::istringstream moves(row.moves);
  std::string text;
  while (moves >> text) {
    auto m = core::parse_uci_move(pos, text, false);
    EXPECT_TRUE(m.ok()) << row.id << ": " << text;
    if (!m.ok()) break;
    core::UndoInfo undo;
    pos.make_move(m.value(), undo);
  }
  return pos;
}

class FideCase : public ::testing::TestWithParam<CaseRow> {};

TEST_P(FideCase, DeadPositionAndFlagProviso) {
  const CaseRow& row = GetParam();
  const core::Position pos = final_position(row);
  const DeadPositionResult dead = analyse_dead_position(pos);
  const char group = row.id[0];

  if (core::is_checkmate(pos)) {  // the game ended by mate (F18): never dead
    EXPECT_FALSE(dead.dead) << row.id;
    return;
  }
  // Rows whose game had already ended (5.2.2 or 9.6.2) before the flag fell.
  const bool ended_earlier = row.id == "F10" || row.id == "F15" || row.id == "F16";
  if (group == 'C' || group == 'D' || ended_earlier) {
    EXPECT_TRUE(dead.dead) << row.id << " should be dead";
    return;
  }
  EXPECT_FALSE(dead.dead) << row.id;
  if (!dead_check_undecided(row.id)) {
    EXPECT_FALSE(dead.undecided) << row.id;
  }
  if (group == 'E' || row.id == "F19") return;

  ASSERT_EQ(row.event.rfind("flag:", 0), 0u) << row.id;
  const Color flagged = row.event == "flag:w" ? Color::White : Color::Black;
  const Color opponent = ~flagged;
  const WinnabilityResult w = analyse_winnability(pos, opponent);
  if (row.expected == "1/2-1/2") {
    EXPECT_EQ(w.verdict, Winnability::Unwinnable) << row.id;
  } else {
    ASSERT_EQ(w.verdict, Winnability::Winnable) << row.id;
    EXPECT_TRUE(is_helpmate_line(pos, opponent, w.helpmate)) << row.id;
  }
}

INSTANTIATE_TEST_SUITE_P(UnwinnabilityCases, FideCase, ::testing::ValuesIn(dead_and_flag_rows()),
                         [](const ::testing::TestParamInfo<CaseRow>& info) {
                           return info.param.id;
                         });

TEST(UnwinnabilityCasesData, AllGroupsPresent) {
  EXPECT_EQ(dead_and_flag_rows().size(), 43u);  // C01-C06, D01-D08, E01-E10, F01-F19
}

// Crowded positions from lichess timeouts where an easy helpmate exists but the
// search used to wander (up to 200,000 nodes, or Undecided): each must now be
// found well inside the budget, with a line that verifies.
TEST(UnwinnabilityCrowded, EasyHelpmatesAreFoundQuickly) {
  const char* const fens[] = {
      "rnbqkb1r/pppppppp/5n2/8/8/1P6/P1PPPPPP/RNBQKBNR w KQkq - 1 2",
      "6k1/5Rp1/2n4p/2Npb3/1p1Pp3/2B5/6Q1/7K w - - 1 36",
      "5rk1/p4p1p/4p3/PP1p4/1K6/1BP5/5q2/5bn1 b - - 4 39",
      "4r3/pp2rpkp/2p1p1p1/8/3P4/2PB1R2/PP4PP/4R1K1 w - - 3 28",
      "r2q1rk1/ppp2p1p/2b1p3/8/2Pb4/3P1P2/P1R1BP1P/1R4K1 b - - 8 17",
  };
  constexpr uint64_t kMaxNodes = 50000;
  for (const char* fen : fens) {
    const core::Position pos = test::must_parse(fen);
    const Color winner = ~pos.side_to_move();
    const WinnabilityResult w = analyse_winnability(pos, winner);
    EXPECT_EQ(w.verdict, Winnability::Winnable) << fen;
    EXPECT_LE(w.nodes, kMaxNodes) << fen;
    EXPECT_TRUE(is_helpmate_line(pos, winner, w.helpmate)) << fen;
  }
}

// Middlegame positions from lichess-sample (resignations and flag falls) whose
// helpmate starts with the loser's king stepping towards the mating net. Outside
// the corner plans such a step is a natural move, so the search finds each on
// its free line (no units to spend) within a few dozen nodes; when king steps
// cost a unit it needed a wider pass first.
TEST(UnwinnabilityCrowded, LosersKingStepsAreNatural) {
  const struct {
    const char* fen;
    Color winner;
  } cases[] = {
      {"r1b1r3/p2nq2k/1pp3pp/8/3PN3/2Q2RN1/PP4PP/5RK1 w - - 0 21", Color::White},
      {"5bk1/5p1p/p2P1N2/8/r4Q2/2P3P1/4rPK1/8 b - - 2 40", Color::White},
      {"1k1r3r/p1p2ppp/8/3PN3/2PPN1b1/4P3/1P1K1PPP/R7 b - - 2 18", Color::White},
      {"r5k1/p1p5/1p5P/4p1B1/n3b3/q1P5/2P2P1P/K2Q2R1 w - - 0 23", Color::Black},
      {"r5k1/ppp2ppp/3b1q2/3P4/6P1/7r/PP3P2/R1BQ1RK1 w - - 0 20", Color::Black},
      {"B5bk/3n2b1/1p1p3p/4p3/2P2pp1/B1NP2P1/4PP1P/4R1K1 b - - 0 27", Color::White},
  };
  constexpr HelpmateLimits kFreeLineOnly{.node_budget = 60, .max_units = 0, .max_plies = 40};
  for (const auto& c : cases) {
    const core::Position pos = test::must_parse(c.fen);
    ASSERT_EQ(helpmate_plan_count(pos, c.winner), 1) << c.fen;  // not a corner plan
    const HelpmateResult r = find_helpmate(pos, c.winner, kFreeLineOnly);
    EXPECT_TRUE(r.found) << c.fen;
    EXPECT_TRUE(is_helpmate_line(pos, c.winner, r.line)) << c.fen;
  }
}

}  // namespace
}  // namespace arbiter::rules
