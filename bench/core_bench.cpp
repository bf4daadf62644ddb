// Micro-benchmarks of the core: sliding attacks per back end, move generation
// by category, make/unmake, gives_check, and perft.
#include <benchmark/benchmark.h>

#include <random>

#include "arbiter/core/movegen.h"
#include "arbiter/core/perft.h"
#include "bench_positions.h"
#include "core/attacks.h"

namespace arbiter::bench {
namespace {

using namespace core;

std::vector<std::pair<Square, Bitboard>> random_queries() {
  std::mt19937_64 rng(7);
  std::vector<std::pair<Square, Bitboard>> q(4096);
  for (auto& [s, occ] : q) {
    s = Square(rng() % 64);
    occ = rng() & rng();
  }
  return q;
}

template <Bitboard (*Rook)(Square, Bitboard), Bitboard (*Bishop)(Square, Bitboard)>
void BM_SliderAttacks(benchmark::State& state) {
  auto queries = random_queries();
  for (auto _ : state) {
    Bitboard acc = 0;
    for (auto [s, occ] : queries) acc ^= Rook(s, occ) ^ Bishop(s, occ);
    benchmark::DoNotOptimize(acc);
  }
  state.SetItemsProcessed(state.iterations() * queries.size() * 2);
}
BENCHMARK(BM_SliderAttacks<slider_backends::magic_rook, slider_backends::magic_bishop>)
    ->Name("SliderAttacks/magic");
BENCHMARK(BM_SliderAttacks<rook_attacks, bishop_attacks>)->Name("SliderAttacks/active");

void BM_SliderAttacksPext(benchmark::State& state) {
  if (!slider_backends::pext_available()) {
    state.SkipWithError("no BMI2 in this build");
    return;
  }
  BM_SliderAttacks<slider_backends::pext_rook, slider_backends::pext_bishop>(state);
}
BENCHMARK(BM_SliderAttacksPext)->Name("SliderAttacks/pext");

template <GenType Type>
void BM_Generate(benchmark::State& state) {
  auto positions = bench_positions();
  for (auto _ : state) {
    for (const Position& pos : positions) {
      MoveList moves;
      generate<Type>(pos, moves);
      benchmark::DoNotOptimize(moves.size());
    }
  }
  state.SetItemsProcessed(state.iterations() * positions.size());
}
BENCHMARK(BM_Generate<GenType::All>)->Name("Generate/all");
BENCHMARK(BM_Generate<GenType::Noisy>)->Name("Generate/noisy");
BENCHMARK(BM_Generate<GenType::Quiet>)->Name("Generate/quiet");

void BM_CountLegalMoves(benchmark::State& state) {
  auto positions = bench_positions();
  for (auto _ : state)
    for (const Position& pos : positions) benchmark::DoNotOptimize(count_legal_moves(pos));
  state.SetItemsProcessed(state.iterations() * positions.size());
}
BENCHMARK(BM_CountLegalMoves);

// The legal moves of each position, generated once before the timed loop.
std::vector<MoveList> legal_move_lists(const std::vector<Position>& positions) {
  std::vector<MoveList> lists(positions.size());
  for (size_t i = 0; i < positions.size(); ++i) generate_legal(positions[i], lists[i]);
  return lists;
}

void BM_MakeUnmake(benchmark::State& state) {
  auto positions = bench_positions();
  const std::vector<MoveList> lists = legal_move_lists(positions);
  size_t moves = 0;
  for (auto _ : state) {
    for (size_t i = 0; i < positions.size(); ++i) {
      for (Move m : lists[i]) {
        UndoInfo undo;
        positions[i].make_move(m, undo);
        positions[i].unmake_move(m, undo);
      }
      moves += lists[i].size();
    }
  }
  state.SetItemsProcessed(int64_t(moves));
}
BENCHMARK(BM_MakeUnmake);

// gives_check for every legal move of each position: the standalone test, and the
// search's form (check_info() once per position, then a bitboard test or two per move).
void BM_GivesCheck(benchmark::State& state) {
  const bool per_node_info = state.range(0) != 0;
  const auto positions = bench_positions();
  const std::vector<MoveList> lists = legal_move_lists(positions);
  size_t moves = 0;
  for (auto _ : state) {
    for (size_t i = 0; i < positions.size(); ++i) {
      int checks = 0;
      if (per_node_info) {
        const Position::CheckInfo info = positions[i].check_info();
        for (Move m : lists[i]) checks += positions[i].gives_check(m, info);
      } else {
        for (Move m : lists[i]) checks += positions[i].gives_check(m);
      }
      benchmark::DoNotOptimize(checks);
      moves += lists[i].size();
    }
  }
  state.SetItemsProcessed(int64_t(moves));
}
BENCHMARK(BM_GivesCheck)->Arg(0)->Arg(1)->ArgName("check_info");

void BM_Perft(benchmark::State& state) {
  const int depth = int(state.range(0));
  Position pos = parse_fen(kBenchFens[state.range(1)]).value();
  uint64_t nodes = 0;
  for (auto _ : state) nodes += perft(pos, depth);
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Perft)->Args({5, 0})->Args({4, 1})->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace arbiter::bench
