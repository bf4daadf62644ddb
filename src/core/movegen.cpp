// Fully legal move generation: pins, checks and en passant discoveries are
// handled here, so no move needs to be tried and taken back to test legality.
// One generator serves two sinks: a move list, and a counter that only adds up
// popcounts (perft's bulk counting at the last ply).
#include "arbiter/core/movegen.h"
#include "core/attacks.h"

namespace arbiter::core {

namespace {

constexpr int kPromotionPieces = 4;
// From this many king targets on, the opponent's attacks are gathered in one pass.
constexpr int kBulkKingTargets = 3;

class ListSink {
 public:
  explicit ListSink(MoveList& moves) : moves_(moves) {}
  void add(Move m) { moves_.push_back(m); }
  void add_targets(Square from, Bitboard targets) {
    for (Square to : squares(targets)) moves_.push_back(Move(from, to));
  }
  // Pawn moves onto `targets`, each coming from `offset` squares behind.
  void add_pawn_moves(Bitboard targets, int offset) {
    for (Square to : squares(targets)) moves_.push_back(Move(to - offset, to));
  }
  void add_promotions(Bitboard targets, int offset) {
    for (Square to : squares(targets))
      for (PieceType pt : {PieceType::Queen, PieceType::Knight, PieceType::Rook, PieceType::Bishop})
        moves_.push_back(Move(to - offset, to, MoveKind::Promotion, pt));
  }

 private:
  MoveList& moves_;
};

class CountSink {
 public:
  void add(Move) { ++count_; }
  void add_targets(Square, Bitboard targets) { count_ += popcount(targets); }
  void add_pawn_moves(Bitboard targets, int) { count_ += popcount(targets); }
  void add_promotions(Bitboard targets, int) { count_ += kPromotionPieces * popcount(targets); }
  uint64_t count() const { return count_; }

 private:
  uint64_t count_ = 0;
};

template <Color Us, GenType Type, class Sink>
class Generator {
 public:
  Generator(const Position& pos, Sink& sink) : pos_(pos), sink_(sink) {}

  void run() {
    constexpr Color them = ~Us;
    const Square king = pos_.king_square(Us);
    const Bitboard occupied = pos_.pieces();
    const Bitboard checkers = pos_.checkers();
    const Bitboard enemies = pos_.pieces(them);
    // Squares a non-king move may land on, by category.
    Bitboard category = Type == GenType::Noisy   ? enemies
                        : Type == GenType::Quiet ? ~occupied
                                                 : ~pos_.pieces(Us);

    // 1. King moves: to squares not attacked once the king has left its square.
    const Bitboard king_targets = king_attacks(king) & category;
    sink_.add_targets(king, king_targets & ~attacked_among(king_targets));

    // 2. In double check only the king may move.
    if (more_than_one(checkers)) return;

    // 3. In single check, other pieces must capture the checker or block.
    Bitboard evasion = ~Bitboard(0);
    if (checkers) evasion = between(king, lsb(checkers)) | checkers;
    const Bitboard pinned = pos_.pinned(Us, Us);

    // 4. Pawns: unpinned ones in bulk, pinned ones each along its pin line.
    Bitboard pawns = pos_.pieces(Us, PieceType::Pawn);
    generate_pawns(pawns & ~pinned, evasion);
    if (!checkers)
      for (Square from : squares(pawns & pinned))
        generate_pawns(square_bb(from), line_through(king, from));
    if (Type != GenType::Quiet) generate_en_passant();

    // 5. Pieces: a pinned piece may only slide along its pin line (never when in check).
    const Bitboard targets = category & evasion;
    for (Square from : squares(pos_.pieces(Us, PieceType::Knight) & ~pinned))
      sink_.add_targets(from, knight_attacks(from) & targets);
    for (Square from : squares(pos_.pieces(Us, PieceType::Bishop, PieceType::Queen))) {
      Bitboard t = bishop_attacks(from, occupied) & targets;
      if (contains(pinned, from)) t &= line_through(king, from);
      sink_.add_targets(from, t);
    }
    for (Square from : squares(pos_.pieces(Us, PieceType::Rook, PieceType::Queen))) {
      Bitboard t = rook_attacks(from, occupied) & targets;
      if (contains(pinned, from)) t &= line_through(king, from);
      sink_.add_targets(from, t);
    }

    // 6. Castling: quiet, never out of check.
    if (Type != GenType::Noisy && !checkers) {
      generate_castling(CastlingSide::King);
      generate_castling(CastlingSide::Queen);
    }
  }

 private:
  static constexpr Direction kUp = Us == Color::White ? Direction::North : Direction::South;
  static constexpr Direction kUpEast =
      Us == Color::White ? Direction::NorthEast : Direction::SouthEast;
  static constexpr Direction kUpWest =
      Us == Color::White ? Direction::NorthWest : Direction::SouthWest;

  // The squares of `targets` (next to our king) the opponent attacks once the king
  // has left its square. With few targets (most middlegame positions) each is
  // tested; with many (open kings, endings) the opponent's attacks are gathered
  // once: pawns and the king in bulk, knights one by one, and only the long-range
  // pieces whose lines reach a target.
  Bitboard attacked_among(Bitboard targets) const {
    constexpr Color them = ~Us;
    const Bitboard occupied = pos_.pieces() ^ square_bb(pos_.king_square(Us));
    if (popcount(targets) < kBulkKingTargets) {
      Bitboard attacked = 0;
      for (Square to : squares(targets))
        if (pos_.attacked_by(them, to, occupied)) attacked |= square_bb(to);
      return attacked;
    }
    Bitboard attacked = pawn_attacks_bb(them, pos_.pieces(them, PieceType::Pawn)) |
                        king_attacks(pos_.king_square(them));
    for (Square s : squares(pos_.pieces(them, PieceType::Knight))) attacked |= knight_attacks(s);
    for (Square s : squares(pos_.pieces(them, PieceType::Bishop, PieceType::Queen)))
      if (bishop_rays(s) & targets) attacked |= bishop_attacks(s, occupied);
    for (Square s : squares(pos_.pieces(them, PieceType::Rook, PieceType::Queen)))
      if (rook_rays(s) & targets) attacked |= rook_attacks(s, occupied);
    return attacked & targets;
  }

  // Pushes, captures and promotions of `pawns`, landing only inside `allowed`.
  void generate_pawns(Bitboard pawns, Bitboard allowed) {
    if (!pawns) return;
    constexpr Bitboard rank7 = rank_bb(relative_rank(Us, kRank7));
    constexpr Bitboard rank3 = rank_bb(relative_rank(Us, kRank3));
    constexpr int up = int(kUp), up_east = int(kUpEast), up_west = int(kUpWest);
    const Bitboard empty_squares = ~pos_.pieces();
    const Bitboard enemies = pos_.pieces(~Us);
    const Bitboard movers = pawns & ~rank7, promoters = pawns & rank7;

    if (Type != GenType::Noisy) {
      Bitboard single = shift<kUp>(movers) & empty_squares;
      Bitboard twice = shift<kUp>(single & rank3) & empty_squares;
      sink_.add_pawn_moves(single & allowed, up);
      sink_.add_pawn_moves(twice & allowed, 2 * up);
    }
    if (Type != GenType::Quiet) {
      sink_.add_pawn_moves(shift<kUpEast>(movers) & enemies & allowed, up_east);
      sink_.add_pawn_moves(shift<kUpWest>(movers) & enemies & allowed, up_west);
      if (promoters) {
        sink_.add_promotions(shift<kUp>(promoters) & empty_squares & allowed, up);
        sink_.add_promotions(shift<kUpEast>(promoters) & enemies & allowed, up_east);
        sink_.add_promotions(shift<kUpWest>(promoters) & enemies & allowed, up_west);
      }
    }
  }

  void generate_en_passant() {
    const Square ep = pos_.en_passant_square();
    if (ep == Square::None) return;
    Bitboard capturers = pawn_attacks(~Us, ep) & pos_.pieces(Us, PieceType::Pawn);
    for (Square from : squares(capturers))
      if (pos_.en_passant_is_legal(from, ep)) sink_.add(Move(from, ep, MoveKind::EnPassant));
  }

  void generate_castling(CastlingSide side) {
    if (pos_.castling_is_legal(side))
      sink_.add(Move(pos_.king_square(Us), pos_.castling_rook(Us, side), MoveKind::Castling));
  }

  const Position& pos_;
  Sink& sink_;
};

template <GenType Type, class Sink>
void run_generator(const Position& pos, Sink& sink) {
  if (pos.side_to_move() == Color::White)
    Generator<Color::White, Type, Sink>(pos, sink).run();
  else
    Generator<Color::Black, Type, Sink>(pos, sink).run();
}

}  // namespace

template <GenType Type>
void generate(const Position& pos, MoveList& moves) {
  ListSink sink(moves);
  run_generator<Type>(pos, sink);
}

template void generate<GenType::All>(const Position&, MoveList&);
template void generate<GenType::Noisy>(const Position&, MoveList&);
template void generate<GenType::Quiet>(const Position&, MoveList&);

uint64_t count_legal_moves(const Position& pos) {
  CountSink sink;
  run_generator<GenType::All>(pos, sink);
  return sink.count();
}

}  // namespace arbiter::core
