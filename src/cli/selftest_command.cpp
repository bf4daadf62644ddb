// arbiter selftest: does this binary compute what it should on this machine?
// For a user with an unusual CPU, an emulator (QEMU, Wine) or a new build: every
// NNUE SIMD back end against scalar on the bench positions and their children,
// the sliding-attack back ends against a ray walk, and perft on the six classic
// positions against their published counts. One line per check, then
// "selftest: N passed, M failed"; exit code 0 only when all passed.
#include <cstdint>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "arbiter/core/fen.h"
#include "arbiter/core/perft.h"
#include "arbiter/eval/nnue_current.h"
#include "arbiter/eval/nnue_network.h"
#include "arbiter/uci/bench.h"
#include "commands.h"
#include "core/attacks.h"

namespace arbiter::cli {

namespace {

constexpr int kTestFailed = 1;
// Random occupancies per square and slider: every relevant-bit pattern of the
// magic and PEXT indices is hit many times over.
constexpr int kOccupanciesPerSquare = 2000;
constexpr uint32_t kOccupancySeed = 20261126;

struct PerftFact {
  const char* fen;
  int depth;
  uint64_t nodes;
};
// The published counts (Chess Programming Wiki, "Perft Results"), at depths
// that take a fraction of a second natively and seconds under emulation.
constexpr PerftFact kPerftFacts[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4865609},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422333},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2103487},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, 3894594},
};

class Report {
 public:
  void check(bool ok, const std::string& what) {
    std::cout << (ok ? "ok    " : "FAIL  ") << what << "\n";
    (ok ? passed_ : failed_)++;
  }
  int finish() const {
    std::cout << "selftest: " << passed_ << " passed, " << failed_ << " failed" << std::endl;
    return failed_ == 0 ? 0 : kTestFailed;
  }

 private:
  int passed_ = 0;
  int failed_ = 0;
};

void check_network(Report& report) {
  const auto net = eval::embedded_network();
  if (!net) {
    std::cout << "skip  NNUE: this build has no embedded net\n";
    return;
  }
  std::vector<core::Position> positions;
  for (const uci::BenchFen& bf : uci::bench_fens())
    if (auto pos = core::parse_fen(bf.fen, bf.chess960)) positions.push_back(pos.value());
  const std::vector<int> expected =
      eval::nnue::outputs_around(*net->with_simd_backend("scalar"), positions);
  for (const std::string& name : eval::nnue::simd_backends())
    report.check(eval::nnue::outputs_around(*net->with_simd_backend(name), positions) == expected,
                 "NNUE " + name + " = scalar on " + std::to_string(expected.size()) +
                     " evaluations" +
                     (name == eval::nnue::default_simd_backend() ? " (in use)" : ""));
}

void check_sliders(Report& report) {
  namespace sb = core::slider_backends;
  std::mt19937_64 rng(kOccupancySeed);
  bool magic_ok = true, pext_ok = true;
  for (int s = 0; s < core::kNumSquares; ++s) {
    const core::Square sq = core::Square(s);
    for (int i = 0; i < kOccupanciesPerSquare; ++i) {
      const core::Bitboard occupied = rng() & rng();  // about a quarter of the board
      const core::Bitboard rook = sb::reference_rook(sq, occupied);
      const core::Bitboard bishop = sb::reference_bishop(sq, occupied);
      magic_ok &= sb::magic_rook(sq, occupied) == rook && sb::magic_bishop(sq, occupied) == bishop;
      if (sb::pext_available())
        pext_ok &= sb::pext_rook(sq, occupied) == rook && sb::pext_bishop(sq, occupied) == bishop;
      magic_ok &= core::rook_attacks(sq, occupied) == rook &&
                  core::bishop_attacks(sq, occupied) == bishop;  // the back end in use
    }
  }
  const std::string active = std::string(" (in use: ") + sb::active_name() + ")";
  report.check(magic_ok, "sliders: magic and the back end in use = ray walk" + active);
  if (sb::pext_available()) report.check(pext_ok, "sliders: pext = ray walk");
}

void check_perft(Report& report) {
  for (const PerftFact& fact : kPerftFacts) {
    auto pos = core::parse_fen(fact.fen);
    const uint64_t nodes = pos ? core::perft(pos.value(), fact.depth) : 0;
    report.check(nodes == fact.nodes, "perft " + std::to_string(fact.depth) + " = " +
                                          std::to_string(nodes) + " (published " +
                                          std::to_string(fact.nodes) + "): " + fact.fen);
  }
}

}  // namespace

int run_selftest(int argc, char** /*argv*/) {
  if (argc > 1) {
    std::cerr << "usage: arbiter selftest   (no options)\n";
    return 2;
  }
  Report report;
  check_network(report);
  check_sliders(report);
  check_perft(report);
  return report.finish();
}

}  // namespace arbiter::cli
