// Checking and reusing helpmate lines (see helpmate_witness.h).
#include "unwinnability/helpmate_witness.h"

#include "arbiter/core/movegen.h"

namespace arbiter::rules {

using core::Bitboard;
using core::Color;
using core::Move;
using core::PieceType;
using core::Position;
using core::Square;

namespace {

// How many leading moves of a remembered line may have been overtaken by the
// game: 0 (same position), 1 (one ply later), 2 (two plies later).
constexpr size_t kMaxSkippedMoves = 2;
// A line grows by the three plies of a detour each time it is carried over; past
// this length a fresh search is cheaper than re-checking the line.
constexpr size_t kMaxDetourLine = 240;
// Tempo moves of the side to move tried for a detour: the first few that work.
constexpr int kMaxTempoTries = 8;

// Whether `pos` is `root` after one reversible move (no capture, pawn move,
// castling or promotion) by root's side to move; that move, if so.
std::optional<Move> reversible_move_between(const Position& root, const Position& pos) {
  if (pos.side_to_move() == root.side_to_move()) return std::nullopt;
  const Bitboard changed = root.pieces() ^ pos.pieces();
  if (core::popcount(changed) != 2) return std::nullopt;
  const Bitboard from_bb = changed & root.pieces();
  const Bitboard to_bb = changed & pos.pieces();
  if (!from_bb || !to_bb) return std::nullopt;
  const Square from = core::lsb(from_bb), to = core::lsb(to_bb);
  const core::Piece piece = root.piece_on(from);
  if (pos.piece_on(to) != piece || core::type_of(piece) == PieceType::Pawn) return std::nullopt;
  // Every other man where it was.
  for (Color c : {Color::White, Color::Black}) {
    for (int t = 0; t < core::kNumPieceTypes; ++t) {
      const auto pt = static_cast<PieceType>(t);
      if ((root.pieces(c, pt) ^ pos.pieces(c, pt)) & ~changed) return std::nullopt;
    }
  }
  return Move(from, to);
}

// A detour back to the remembered root: the side to move makes a tempo move,
// the other side takes its last move back, the tempo move is taken back; then
// the remembered line. Verified move by move like any other line.
std::optional<std::vector<Move>> recall_by_detour(const Position& pos, Color winner,
                                                  const Position& root,
                                                  std::span<const Move> old_line) {
  if (old_line.size() > kMaxDetourLine) return std::nullopt;
  const std::optional<Move> last = reversible_move_between(root, pos);
  if (!last) return std::nullopt;
  const Move back(last->to(), last->from());
  core::MoveList tempo_moves;
  core::generate_legal(pos, tempo_moves);
  int tries = 0;
  for (Move tempo : tempo_moves) {
    if (tempo.kind() != core::MoveKind::Normal || pos.is_capture(tempo) ||
        core::type_of(pos.moved_piece(tempo)) == PieceType::Pawn)
      continue;
    if (++tries > kMaxTempoTries) break;
    std::vector<Move> line = {tempo, back, Move(tempo.to(), tempo.from())};
    line.insert(line.end(), old_line.begin(), old_line.end());
    if (is_helpmate_line(pos, winner, line)) return line;
  }
  return std::nullopt;
}

}  // namespace

bool is_helpmate_line(const Position& pos, Color winner, std::span<const Move> line) {
  Position p = pos;
  for (Move m : line) {
    if (!p.is_legal(m)) return false;
    core::UndoInfo undo;
    p.make_move(m, undo);
  }
  return p.side_to_move() == ~winner && core::is_checkmate(p);
}

std::optional<std::vector<Move>> HelpmateMemory::recall(const Position& pos, Color winner) const {
  const Line& recent = side_[core::index(winner)];
  const std::vector<Move>& line = recent.moves;
  for (size_t skip = 0; skip <= kMaxSkippedMoves && skip < line.size(); ++skip) {
    std::span<const Move> rest(line.data() + skip, line.size() - skip);
    if (is_helpmate_line(pos, winner, rest)) return std::vector<Move>(rest.begin(), rest.end());
  }
  if (!recent.has_root) return std::nullopt;
  return recall_by_detour(pos, winner, recent.root, line);
}

std::span<const Move> HelpmateMemory::recent(Color winner) const {
  return side_[core::index(winner)].moves;
}

void HelpmateMemory::remember(const Position& root, Color winner, std::vector<Move> line) {
  Line& recent = side_[core::index(winner)];
  recent.root = root;
  recent.has_root = true;
  recent.moves = std::move(line);
}

void HelpmateMemory::clear() {
  for (Line& line : side_) line = Line{};
  static_failed_.reset();
  search_gave_up_.reset();
}

HelpmateMemory::StaticKey HelpmateMemory::static_key(const Position& pos) {
  StaticKey key;
  for (Color c : {Color::White, Color::Black}) {
    key.pawns[core::index(c)] = pos.pieces(c, core::PieceType::Pawn);
    for (core::CastlingSide side : {core::CastlingSide::King, core::CastlingSide::Queen})
      if (pos.can_castle(c, side))
        key.castling_rooks |= core::square_bb(pos.castling_rook(c, side));
  }
  key.men = core::popcount(pos.pieces());
  return key;
}

bool HelpmateMemory::static_proofs_failed_before(const Position& pos) const {
  return static_failed_ && *static_failed_ == static_key(pos);
}

void HelpmateMemory::note_static_proofs_failed(const Position& pos) {
  if (pos.in_check() || pos.en_passant_square() != Square::None) {
    static_failed_.reset();
    return;
  }
  static_failed_ = static_key(pos);
}

bool HelpmateMemory::search_gave_up_before(const Position& pos) const {
  return search_gave_up_ && *search_gave_up_ == static_key(pos);
}

void HelpmateMemory::note_search_gave_up(const Position& pos) { search_gave_up_ = static_key(pos); }

}  // namespace arbiter::rules
