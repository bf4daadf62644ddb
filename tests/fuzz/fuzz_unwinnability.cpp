// The unwinnability proofs on any position a FEN can describe: no crash or
// undefined behaviour (the men and pawns of promoted-piece positions, kings in
// check, en passant), and no proof contradicted by a mate within two plies.
#include "arbiter/core/fen.h"
#include "arbiter/core/movegen.h"
#include "arbiter/unwinnability/unwinnability.h"
#include "fuzz_support.h"
#include "unwinnability/fixed_men.h"
#include "unwinnability/structure_proof.h"

namespace {

using arbiter::core::Color;
using arbiter::core::Position;

// Whether `winner` mates within `plies` (any moves of both sides).
bool mate_within(Position& pos, Color winner, int plies) {
  arbiter::core::MoveList moves;
  arbiter::core::generate_legal(pos, moves);
  if (moves.empty()) return pos.in_check() && pos.side_to_move() == ~winner;
  if (plies == 0) return false;
  for (arbiter::core::Move m : moves) {
    arbiter::core::UndoInfo undo;
    pos.make_move(m, undo);
    const bool mate = mate_within(pos, winner, plies - 1);
    pos.unmake_move(m, undo);
    if (mate) return true;
  }
  return false;
}

constexpr int kCheckedPlies = 2;
constexpr uint64_t kBudget = 2000;
constexpr arbiter::rules::StructureProofLimits kStructures{.max_structures = 64};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace arbiter;
  auto parsed = core::parse_fen(fuzz::as_text(data, size));
  if (!parsed) return 0;
  Position pos = parsed.value();
  const rules::FixedMenProof fixed = rules::prove_by_fixed_men(pos);
  const rules::StructureProof structures = rules::prove_by_structures(pos, true, true, kStructures);
  rules::WinnabilityOptions options;
  options.node_budget = kBudget;
  const rules::DeadPositionResult dead = rules::analyse_dead_position(pos, options);
  for (Color c : {Color::White, Color::Black}) {
    const bool proven =
        fixed.unwinnable[core::index(c)] || structures.unwinnable[core::index(c)] || dead.dead;
    if (proven) fuzz::require(!mate_within(pos, c, kCheckedPlies), "no proof denies a short mate");
  }
  return 0;
}
