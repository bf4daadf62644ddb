// A real client: a complete short game through polyglot's UCI-to-xboard adapter
// (Debian package polyglot), as an xboard GUI would play it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "arbiter/core/notation.h"
#include "child_process.h"
#include "test_support.h"
#include "uci/uci_session.h"

namespace arbiter::test {
namespace {

constexpr const char* kPolyglot = "/usr/games/polyglot";
constexpr int kMaxFullMoves = 40;

std::string write_ini() {
  auto path = std::filesystem::temp_directory_path() /
              ("arbiter-polyglot-" + std::to_string(getpid()) + ".ini");
  std::ofstream ini(path);
  std::string command;  // polyglot splits it on spaces again
  for (const std::string& word : uci_command()) command += (command.empty() ? "" : " ") + word;
  ini << "[PolyGlot]\nEngineCommand = " << command
      << "\nEngineDir = " << std::filesystem::temp_directory_path().string()
      << "\nLog = false\nBook = false\n[Engine]\nHash = 16\n";
  return path.string();
}

TEST(Polyglot, PlaysACompleteGameInXboardMode) {
  if (!std::filesystem::exists(kPolyglot))
    GTEST_SKIP() << "polyglot is not installed (apt-get install polyglot)";
  const std::string ini = write_ini();
  ChildProcess gui({kPolyglot, ini});
  ASSERT_TRUE(gui.started());
  gui.send("xboard");
  gui.send("protover 2");
  bool ok = false;
  gui.read_until([](const std::string& l) { return l.find("done=1") != std::string::npos; }, 10000,
                 &ok);
  ASSERT_TRUE(ok) << "no feature done=1 from polyglot";
  gui.send("accepted usermove");
  gui.send("new");
  gui.send("sd 4");
  gui.send("go");  // the engine plays White

  core::Position pos = core::Position::start_position();
  std::mt19937 rng(2024);
  int engine_moves = 0;
  std::string ending;
  for (int move = 0; move < kMaxFullMoves; ++move) {
    // The engine's move.
    std::string reply;
    gui.read_until(
        [&](const std::string& l) {
          if (starts_with(l, "move ")) reply = l.substr(5);
          return !reply.empty();
        },
        10000 * kSanitizedTimeoutScale);
    ASSERT_FALSE(reply.empty()) << "no move from the engine at move " << move + 1;
    auto m = core::parse_uci_move(pos, reply, false);
    ASSERT_TRUE(m.ok()) << "illegal engine move '" << reply << "' in " << core::to_fen(pos);
    core::UndoInfo undo;
    pos.make_move(m.value(), undo);
    ++engine_moves;
    core::MoveList moves;
    core::generate_legal(pos, moves);
    if (moves.empty()) {
      ending = pos.in_check() ? "checkmate" : "stalemate";
      break;
    }
    // Our move: a random legal one, captures preferred (so the game ends decisively).
    core::Move ours = moves[rng() % moves.size()];
    for (core::Move c : moves)
      if (pos.is_capture(c) && rng() % 2) ours = c;
    gui.send("usermove " + core::to_uci(ours, false));
    pos.make_move(ours, undo);
    core::MoveList replies;
    core::generate_legal(pos, replies);
    if (replies.empty()) {
      ending = "engine has no move";
      break;
    }
  }
  gui.send("quit");
  std::filesystem::remove(ini);
  EXPECT_GE(engine_moves, 5);
  // Against random moves the engine should have mated long before move 40.
  EXPECT_EQ(ending, "checkmate") << "final position " << core::to_fen(pos);
}

}  // namespace
}  // namespace arbiter::test
