// Board state changes: set-up, make/unmake, and the attack queries they need.
#include "arbiter/core/position.h"

#include <cstdlib>

#include "arbiter/core/movegen.h"
#include "core/attacks.h"

namespace arbiter::core {

namespace zb = zobrist;

Position Position::start_position() {
  static constexpr PieceType kBackRank[8] = {
      PieceType::Rook, PieceType::Knight, PieceType::Bishop, PieceType::Queen,
      PieceType::King, PieceType::Bishop, PieceType::Knight, PieceType::Rook};
  Position pos;
  for (int f = 0; f < 8; ++f) {
    pos.put_piece(make_piece(Color::White, kBackRank[f]), make_square(f, kRank1));
    pos.put_piece(make_piece(Color::White, PieceType::Pawn), make_square(f, kRank2));
    pos.put_piece(make_piece(Color::Black, PieceType::Pawn), make_square(f, kRank7));
    pos.put_piece(make_piece(Color::Black, kBackRank[f]), make_square(f, kRank8));
  }
  for (Color c : {Color::White, Color::Black}) {
    pos.add_castling_right(c, relative_square(c, Square::H1));
    pos.add_castling_right(c, relative_square(c, Square::A1));
  }
  pos.finish_setup();
  return pos;
}

void Position::clear() { *this = Position(); }

void Position::put_piece(Piece p, Square s) {
  Bitboard b = square_bb(s);
  board_[index(s)] = p;
  by_type_[index(type_of(p))] |= b;
  by_color_[index(color_of(p))] |= b;
}

void Position::remove_piece(Square s) {
  Piece p = board_[index(s)];
  Bitboard b = square_bb(s);
  by_type_[index(type_of(p))] ^= b;
  by_color_[index(color_of(p))] ^= b;
  board_[index(s)] = Piece::None;
}

void Position::move_piece(Square from, Square to) {
  Piece p = board_[index(from)];
  Bitboard b = square_bb(from) | square_bb(to);
  by_type_[index(type_of(p))] ^= b;
  by_color_[index(color_of(p))] ^= b;
  board_[index(from)] = Piece::None;
  board_[index(to)] = p;
}

void Position::add_castling_right(Color c, Square rook) {
  Square king = king_square(c);
  CastlingSide side = castling_side(king, rook);
  int i = castling_index(c, side);
  Square king_to = castled_king_square(c, side);
  Square rook_to = castled_rook_square(c, side);
  castling_rights_ |= castling_bit(c, side);
  castling_rook_[i] = rook;
  Bitboard movers = square_bb(king) | square_bb(rook);
  castling_path_[i] =
      (between(king, king_to) | square_bb(king_to) | between(rook, rook_to) | square_bb(rook_to)) &
      ~movers;
  castling_king_path_[i] = between(king, king_to) | square_bb(king_to) | square_bb(king);
  castling_loss_[index(king)] |= castling_bits_of(c);
  castling_loss_[index(rook)] |= castling_bit(c, side);
}

Key Position::castling_key(uint8_t rights) const {
  Key k = 0;
  for (int i = 0; i < kNumCastlingRights; ++i)
    if (rights & (1u << i)) k ^= zb::castling(Color(i / 2), file_of(castling_rook_[i]));
  return k;
}

void Position::finish_setup() {
  key_ = side_ == Color::Black ? zb::side_to_move() : 0;
  for (Square s : squares(pieces())) key_ ^= zb::piece_square(piece_on(s), s);
  key_ ^= castling_key(castling_rights_);
  checkers_ = compute_checkers();
  if (en_passant_ != Square::None && !has_legal_en_passant(en_passant_)) en_passant_ = Square::None;
  if (en_passant_ != Square::None) key_ ^= zb::en_passant(en_passant_);
}

// The large slider tables are looked up only when some slider stands on a
// line through s (they miss the cache more often than not).
Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
  Bitboard attackers = (pawn_attacks(Color::Black, s) & pieces(Color::White, PieceType::Pawn)) |
                       (pawn_attacks(Color::White, s) & pieces(Color::Black, PieceType::Pawn)) |
                       (knight_attacks(s) & pieces(PieceType::Knight)) |
                       (king_attacks(s) & pieces(PieceType::King));
  if (const Bitboard diagonal = bishop_rays(s) & pieces(PieceType::Bishop, PieceType::Queen))
    attackers |= bishop_attacks(s, occupied) & diagonal;
  if (const Bitboard straight = rook_rays(s) & pieces(PieceType::Rook, PieceType::Queen))
    attackers |= rook_attacks(s, occupied) & straight;
  return attackers;
}

bool Position::castling_is_legal(CastlingSide s) const {
  const Color us = side_;
  if (in_check() || !can_castle(us, s)) return false;
  const Bitboard occupied = pieces();
  if (castling_path(us, s) & occupied) return false;
  // King and rook lifted off: an attack the castling rook used to block still counts.
  const Bitboard lifted = occupied ^ square_bb(king_square(us)) ^ square_bb(castling_rook(us, s));
  for (Square sq : squares(castling_king_path(us, s)))
    if (attacked_by(~us, sq, lifted)) return false;
  return true;
}

bool Position::attacked_by(Color attacker, Square s, Bitboard occupied) const {
  const Bitboard theirs = pieces(attacker);
  if ((pawn_attacks(~attacker, s) & pieces(PieceType::Pawn) & theirs) ||
      (knight_attacks(s) & pieces(PieceType::Knight) & theirs) ||
      (king_attacks(s) & pieces(PieceType::King) & theirs))
    return true;
  const Bitboard diagonal = bishop_rays(s) & pieces(PieceType::Bishop, PieceType::Queen) & theirs;
  if (diagonal && (bishop_attacks(s, occupied) & diagonal)) return true;
  const Bitboard straight = rook_rays(s) & pieces(PieceType::Rook, PieceType::Queen) & theirs;
  return straight && (rook_attacks(s, occupied) & straight);
}

// attackers_to(king) & pieces(them), only the opponent's sliders tested (this
// runs after every move made).
Bitboard Position::compute_checkers() const {
  const Color us = side_, them = ~us;
  const Square king = king_square(us);
  Bitboard checkers = (pawn_attacks(us, king) & pieces(PieceType::Pawn)) |
                      (knight_attacks(king) & pieces(PieceType::Knight)) |
                      (king_attacks(king) & pieces(PieceType::King));
  const Bitboard sliders = (rook_rays(king) & pieces(PieceType::Rook, PieceType::Queen)) |
                           (bishop_rays(king) & pieces(PieceType::Bishop, PieceType::Queen));
  checkers |= unblocked(king, sliders & pieces(them), pieces());
  return checkers & pieces(them);
}

Bitboard Position::pinned(Color owner, Color king_color) const {
  Square king = king_square(king_color);
  Bitboard snipers = ((rook_rays(king) & pieces(PieceType::Rook, PieceType::Queen)) |
                      (bishop_rays(king) & pieces(PieceType::Bishop, PieceType::Queen))) &
                     pieces(~king_color);
  Bitboard occupied = pieces();
  Bitboard result = 0;
  for (Square sniper : squares(snipers)) {
    Bitboard blockers = between(king, sniper) & occupied;
    if (blockers && !more_than_one(blockers)) result |= blockers & pieces(owner);
  }
  return result;
}

bool Position::en_passant_is_legal(Square from, Square to) const {
  Color us = side_, them = ~us;
  Square captured = to - pawn_push(us);
  Bitboard occupied = (pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(to);
  Square king = king_square(us);
  // Every attack on our king once both pawns have moved: this covers pins along
  // the rank and checks the capture fails to resolve.
  Bitboard attackers =
      (bishop_attacks(king, occupied) & pieces(them, PieceType::Bishop, PieceType::Queen)) |
      (rook_attacks(king, occupied) & pieces(them, PieceType::Rook, PieceType::Queen)) |
      (knight_attacks(king) & pieces(them, PieceType::Knight)) |
      (pawn_attacks(us, king) & pieces(them, PieceType::Pawn) & ~square_bb(captured));
  return attackers == 0;
}

bool Position::has_legal_en_passant(Square ep) const {
  Bitboard capturers = pawn_attacks(~side_, ep) & pieces(side_, PieceType::Pawn);
  for (Square from : squares(capturers))
    if (en_passant_is_legal(from, ep)) return true;
  return false;
}

bool Position::gives_check(Move m) const {
  const Color us = side_, them = ~us;
  const Square king = king_square(them);
  const Square from = m.from(), to = m.to();
  Bitboard occupied = pieces() ^ square_bb(from);
  Square lands = to;  // where the checking candidate ends up
  PieceType moved = m.is_promotion() ? m.promotion() : type_of(piece_on(from));
  if (m.is_castling()) {
    CastlingSide side = castling_side(from, to);
    occupied ^= square_bb(to);  // the rook leaves its square too
    occupied |= square_bb(castled_king_square(us, side));
    lands = castled_rook_square(us, side);
    moved = PieceType::Rook;
  } else if (m.is_en_passant()) {
    occupied ^= square_bb(to - pawn_push(us));
  }
  occupied |= square_bb(lands);
  // Direct check by the piece where it lands.
  Bitboard direct =
      moved == PieceType::Pawn ? pawn_attacks(us, lands) : piece_attacks(moved, lands, occupied);
  if (contains(direct, king)) return true;
  // Discovered check by a slider the move uncovered (the moving piece itself excluded).
  // The king was not in check, so only a man leaving a line through it that one of
  // our sliders shares can uncover one; castling and en passant move a second man,
  // so they always look. Most moves skip both slider look-ups.
  const bool two_men = m.is_castling() || m.is_en_passant();
  const Bitboard diagonal_sliders =
      bishop_rays(king) & pieces(us, PieceType::Bishop, PieceType::Queen);
  const Bitboard straight_sliders = rook_rays(king) & pieces(us, PieceType::Rook, PieceType::Queen);
  Bitboard sliders = 0;
  if (diagonal_sliders && (two_men || contains(bishop_rays(king), from)))
    sliders |= bishop_attacks(king, occupied) & diagonal_sliders;
  if (straight_sliders && (two_men || contains(rook_rays(king), from)))
    sliders |= rook_attacks(king, occupied) & straight_sliders;
  sliders &= ~square_bb(from);
  if (m.is_castling()) sliders &= ~square_bb(to);
  return sliders != 0;
}

Position::CheckInfo Position::check_info() const {
  const Color them = ~side_;
  const Square king = king_square(them);
  const Bitboard occupied = pieces();
  CheckInfo info{};
  info.squares[index(PieceType::Pawn)] = pawn_attacks(them, king);
  info.squares[index(PieceType::Knight)] = knight_attacks(king);
  info.squares[index(PieceType::Bishop)] = bishop_attacks(king, occupied);
  info.squares[index(PieceType::Rook)] = rook_attacks(king, occupied);
  info.squares[index(PieceType::Queen)] =
      info.squares[index(PieceType::Bishop)] | info.squares[index(PieceType::Rook)];
  info.discoverers = pinned(side_, them);
  return info;
}

bool Position::gives_check(Move m, const CheckInfo& info) const {
  // Promotions, castling and en passant move or change a second thing: the full test.
  if (m.is_promotion() || m.is_castling() || m.is_en_passant()) return gives_check(m);
  const Square from = m.from(), to = m.to();
  if (contains(info.squares[index(type_of(piece_on(from)))], to)) return true;
  // A discoverer uncovers its slider unless it stays on the line to the king.
  return contains(info.discoverers, from) && !contains(line_through(from, king_square(~side_)), to);
}

bool Position::is_legal(Move m) const {
  MoveList moves;
  generate_legal(*this, moves);
  return moves.contains(m);
}

void Position::make_move(Move m, UndoInfo& undo) {
  undo = {key_, checkers_, halfmove_clock_, castling_rights_, en_passant_, Piece::None};
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  const Piece piece = piece_on(from);
  Key k = key_ ^ zb::side_to_move();
  if (en_passant_ != Square::None) k ^= zb::en_passant(en_passant_);
  en_passant_ = Square::None;
  ++halfmove_clock_;
  if (us == Color::Black) ++fullmove_number_;
  Square double_push_crossed = Square::None;

  if (m.is_castling()) {
    CastlingSide side = castling_side(from, to);
    Square king_to = castled_king_square(us, side), rook_to = castled_rook_square(us, side);
    Piece rook = piece_on(to);
    remove_piece(from);
    remove_piece(to);
    put_piece(piece, king_to);
    put_piece(rook, rook_to);
    k ^= zb::piece_square(piece, from) ^ zb::piece_square(piece, king_to) ^
         zb::piece_square(rook, to) ^ zb::piece_square(rook, rook_to);
  } else {
    Square captured_square = m.is_en_passant() ? to - pawn_push(us) : to;
    Piece captured = piece_on(captured_square);
    if (captured != Piece::None) {
      remove_piece(captured_square);
      k ^= zb::piece_square(captured, captured_square);
      halfmove_clock_ = 0;
      undo.captured = captured;
    }
    move_piece(from, to);
    k ^= zb::piece_square(piece, from) ^ zb::piece_square(piece, to);
    if (type_of(piece) == PieceType::Pawn) {
      halfmove_clock_ = 0;
      if (m.is_promotion()) {
        Piece promoted = make_piece(us, m.promotion());
        remove_piece(to);
        put_piece(promoted, to);
        k ^= zb::piece_square(piece, to) ^ zb::piece_square(promoted, to);
      } else if (std::abs(index(to) - index(from)) == 16) {
        double_push_crossed = from + pawn_push(us);
      }
    }
  }

  uint8_t lost = castling_rights_ & (castling_loss_[index(from)] | castling_loss_[index(to)]);
  if (lost) {
    k ^= castling_key(lost);
    castling_rights_ &= uint8_t(~lost);
  }
  side_ = ~us;
  if (double_push_crossed != Square::None && has_legal_en_passant(double_push_crossed)) {
    en_passant_ = double_push_crossed;
    k ^= zb::en_passant(en_passant_);
  }
  key_ = k;
  checkers_ = compute_checkers();
}

UndoInfo Position::undo_info(Move m) const {
  const Square captured_square = m.is_en_passant() ? m.to() - pawn_push(side_) : m.to();
  const Piece captured = m.is_castling() ? Piece::None : piece_on(captured_square);
  return {key_, checkers_, halfmove_clock_, castling_rights_, en_passant_, captured};
}

void Position::unmake_move(Move m, const UndoInfo& undo) {
  side_ = ~side_;
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  if (m.is_castling()) {
    CastlingSide side = castling_side(from, to);
    Square king_to = castled_king_square(us, side), rook_to = castled_rook_square(us, side);
    Piece king = piece_on(king_to), rook = piece_on(rook_to);
    remove_piece(king_to);
    remove_piece(rook_to);
    put_piece(king, from);
    put_piece(rook, to);
  } else {
    if (m.is_promotion()) {
      remove_piece(to);
      put_piece(make_piece(us, PieceType::Pawn), to);
    }
    move_piece(to, from);
    if (undo.captured != Piece::None)
      put_piece(undo.captured, m.is_en_passant() ? to - pawn_push(us) : to);
  }
  if (us == Color::Black) --fullmove_number_;
  key_ = undo.key;
  checkers_ = undo.checkers;
  halfmove_clock_ = undo.halfmove_clock;
  castling_rights_ = undo.castling_rights;
  en_passant_ = undo.en_passant;
}

void Position::make_null_move(UndoInfo& undo) {
  undo = {key_, checkers_, halfmove_clock_, castling_rights_, en_passant_, Piece::None};
  key_ = key_after_null();
  en_passant_ = Square::None;
  ++halfmove_clock_;
  side_ = ~side_;
  checkers_ = 0;  // the side that passed was not in check, so the mover's king is safe
}

void Position::unmake_null_move(const UndoInfo& undo) {
  side_ = ~side_;
  key_ = undo.key;
  checkers_ = undo.checkers;
  halfmove_clock_ = undo.halfmove_clock;
  en_passant_ = undo.en_passant;
}

}  // namespace arbiter::core
