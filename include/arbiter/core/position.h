// The board: piece bitboards plus a mailbox, side to move, castling rights as
// rook squares, en passant square, counters and an incrementally updated key.
//
// The key is the FIDE 9.2.3 position identity: the en passant square is stored
// (and hashed) only when an en passant capture is actually legal, and castling
// rights are hashed as rights, per colour and rook file.
//
// A Position is a small value (copy it freely); const member functions may be
// called from several threads at once, make/unmake from one at a time.
#pragma once

#include <cstdint>

#include "arbiter/core/bitboard.h"
#include "arbiter/core/move.h"
#include "arbiter/core/types.h"
#include "arbiter/core/zobrist.h"

namespace arbiter::core {

// What make_move overwrites and unmake_move needs back.
struct UndoInfo {
  Key key;
  Bitboard checkers;
  int halfmove_clock;
  uint8_t castling_rights;
  Square en_passant;
  Piece captured;
};

class Position {
 public:
  // An empty board; use parse_fen (fen.h) or start_position() to get a real one.
  Position() = default;
  static Position start_position();

  // --- Queries ---------------------------------------------------------------
  Bitboard pieces() const { return by_color_[0] | by_color_[1]; }
  Bitboard pieces(Color c) const { return by_color_[index(c)]; }
  Bitboard pieces(PieceType pt) const { return by_type_[index(pt)]; }
  Bitboard pieces(PieceType a, PieceType b) const { return pieces(a) | pieces(b); }
  Bitboard pieces(Color c, PieceType pt) const { return pieces(c) & pieces(pt); }
  Bitboard pieces(Color c, PieceType a, PieceType b) const { return pieces(c) & pieces(a, b); }
  Piece piece_on(Square s) const { return board_[index(s)]; }
  bool empty(Square s) const { return piece_on(s) == Piece::None; }
  Square king_square(Color c) const { return lsb(pieces(c, PieceType::King)); }
  int count(Color c, PieceType pt) const { return popcount(pieces(c, pt)); }

  Color side_to_move() const { return side_; }
  // Set only when the side to move has a legal en passant capture (else Square::None).
  Square en_passant_square() const { return en_passant_; }
  uint8_t castling_rights() const { return castling_rights_; }
  bool can_castle(Color c, CastlingSide s) const { return castling_rights_ & castling_bit(c, s); }
  // The rook that castles for this right (meaningful only while the right exists).
  Square castling_rook(Color c, CastlingSide s) const {
    return castling_rook_[castling_index(c, s)];
  }
  // Squares that must be empty (the castling king and rook themselves excluded).
  Bitboard castling_path(Color c, CastlingSide s) const {
    return castling_path_[castling_index(c, s)];
  }
  // Squares the king stands on, crosses or reaches: none may be attacked.
  Bitboard castling_king_path(Color c, CastlingSide s) const {
    return castling_king_path_[castling_index(c, s)];
  }
  // Whether the side to move may castle on `s` now: the right, not in check, the
  // path empty, and no square the king uses attacked once king and rook have left.
  bool castling_is_legal(CastlingSide s) const;
  int halfmove_clock() const { return halfmove_clock_; }
  int fullmove_number() const { return fullmove_number_; }
  bool is_chess960() const { return chess960_; }

  // FIDE 9.2.3 identity (see the file comment).
  Key key() const { return key_; }
  // The key after the legal move m, for prefetching before the move is made: exact
  // unless m castles, captures en passant, changes a castling right or leaves an en
  // passant square behind.
  Key key_after(Move m) const {
    const Piece piece = piece_on(m.from());
    const Piece landed = m.is_promotion() ? make_piece(side_, m.promotion()) : piece;
    Key k = key_after_null() ^ zobrist::piece_square(piece, m.from()) ^
            zobrist::piece_square(landed, m.to());
    if (!m.is_castling() && !empty(m.to())) k ^= zobrist::piece_square(piece_on(m.to()), m.to());
    return k;
  }
  // The key after passing the turn (make_null_move), exactly.
  Key key_after_null() const {
    Key k = key_ ^ zobrist::side_to_move();
    if (en_passant_ != Square::None) k ^= zobrist::en_passant(en_passant_);
    return k;
  }
  Bitboard checkers() const { return checkers_; }
  bool in_check() const { return checkers_ != 0; }

  // Pieces of either colour attacking s given the occupancy.
  Bitboard attackers_to(Square s, Bitboard occupied) const;
  Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
  // (attackers_to(s, occupied) & pieces(attacker)) != 0, looking at the
  // attacker's pieces only and stopping at the first kind that attacks.
  bool attacked_by(Color attacker, Square s, Bitboard occupied) const;
  // Pieces of colour `owner` that alone stand between king `king_color` and an enemy slider.
  Bitboard pinned(Color owner, Color king_color) const;
  // Whether the side to move may legally capture en passant from `from` onto `to`.
  bool en_passant_is_legal(Square from, Square to) const;

  Piece moved_piece(Move m) const { return piece_on(m.from()); }
  bool is_capture(Move m) const {
    return (!empty(m.to()) && !m.is_castling()) || m.is_en_passant();
  }
  // The type of the piece m captures (None for a non-capture; castling takes no piece).
  PieceType captured_type(Move m) const {
    if (m.is_en_passant()) return PieceType::Pawn;
    return m.is_castling() ? PieceType::None : type_of(piece_on(m.to()));
  }
  // Captures and promotions: the moves quiescence searches and move ordering ranks by material.
  bool is_noisy(Move m) const { return is_capture(m) || m.is_promotion(); }
  // Whether the legal move m checks the opponent (direct, discovered, castling, en passant).
  bool gives_check(Move m) const;
  // What a node needs to answer gives_check for each of its moves cheaply.
  struct CheckInfo {
    Bitboard squares[kNumPieceTypes];  // where a piece of this type would check their king
    Bitboard discoverers;  // our men that alone stand between one of our sliders and their king
  };
  CheckInfo check_info() const;
  // gives_check(m), from the node's check_info(): one or two bitboard tests for most moves.
  bool gives_check(Move m, const CheckInfo& info) const;
  // Legal in this position (full check; meant for untrusted input, not the hot path).
  bool is_legal(Move m) const;

  // --- Making moves ----------------------------------------------------------
  // The move must be legal.
  void make_move(Move m, UndoInfo& undo);
  void unmake_move(Move m, const UndoInfo& undo);
  // What make_move(m, undo) would store in `undo`, for a caller that reaches the
  // position after m by other means (a copy) and may still need to take m back.
  UndoInfo undo_info(Move m) const;
  // Passes the turn (search only: null-move pruning). Not allowed in check.
  void make_null_move(UndoInfo& undo);
  void unmake_null_move(const UndoInfo& undo);

  // --- Set-up (used by the FEN reader and tests) ------------------------------
  void clear();
  void put_piece(Piece p, Square s);
  void set_side_to_move(Color c) { side_ = c; }
  void set_chess960(bool on) { chess960_ = on; }
  // Adds the right to castle with the rook on `rook`; the king must already be placed.
  void add_castling_right(Color c, Square rook);
  // A square a double pawn push just crossed; kept only if en passant is legal.
  void set_en_passant_candidate(Square s) { en_passant_ = s; }
  void set_counters(int halfmove_clock, int fullmove_number) {
    halfmove_clock_ = halfmove_clock;
    fullmove_number_ = fullmove_number;
  }
  // Derives the key, checkers and legal en passant square; call after the setters.
  void finish_setup();

 private:
  void remove_piece(Square s);
  void move_piece(Square from, Square to);
  bool has_legal_en_passant(Square ep) const;
  Key castling_key(uint8_t rights) const;
  Bitboard compute_checkers() const;

  Bitboard by_type_[kNumPieceTypes] = {};
  Bitboard by_color_[kNumColors] = {};
  Piece board_[kNumSquares] = {};
  Key key_ = 0;
  Bitboard checkers_ = 0;
  Color side_ = Color::White;
  Square en_passant_ = Square::None;
  uint8_t castling_rights_ = 0;
  int halfmove_clock_ = 0;
  int fullmove_number_ = 1;
  bool chess960_ = false;
  Square castling_rook_[kNumCastlingRights] = {Square::None, Square::None, Square::None,
                                               Square::None};
  Bitboard castling_path_[kNumCastlingRights] = {};
  Bitboard castling_king_path_[kNumCastlingRights] = {};
  // Rights lost when a move leaves from or lands on each square.
  uint8_t castling_loss_[kNumSquares] = {};
};

// Where king and rook end up after castling on side s (the same in Chess960).
constexpr Square castled_king_square(Color c, CastlingSide s) {
  return relative_square(c, s == CastlingSide::King ? Square::G1 : Square::C1);
}
constexpr Square castled_rook_square(Color c, CastlingSide s) {
  return relative_square(c, s == CastlingSide::King ? Square::F1 : Square::D1);
}
// Castling is encoded king-takes-rook: the rook's side of the king tells which castling.
constexpr CastlingSide castling_side(Square king_from, Square rook_from) {
  return index(rook_from) > index(king_from) ? CastlingSide::King : CastlingSide::Queen;
}

}  // namespace arbiter::core
