// FEN reader and writer. The reader checks syntax field by field, then asks
// whether the position could arise in a game (position_validation.cpp).
#include "arbiter/core/fen.h"

#include <cctype>

#include <charconv>
#include <string>
#include <vector>

#include "arbiter/core/notation.h"
#include "core/attacks.h"

namespace arbiter::core {

namespace {

constexpr int kMinFields = 4, kMaxFields = 6;
// A halfmove clock beyond this cannot come from a real game (no game lasts that long).
constexpr int kMaxHalfmoveClock = 100000;
constexpr int kMaxFullmoveNumber = 1000000;

constexpr std::string_view kPieceLetters = " PNBRQK  pnbrqk";

std::vector<std::string_view> split_fields(std::string_view text) {
  std::vector<std::string_view> fields;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > start) fields.push_back(text.substr(start, i - start));
  }
  return fields;
}

Piece piece_from_letter(char c) {
  size_t i = kPieceLetters.find(c);
  return (i == std::string_view::npos || c == ' ') ? Piece::None : Piece(i);
}

std::string parse_placement(std::string_view field, Position& pos) {
  int rank = kRank8, file = 0;
  for (size_t i = 0; i < field.size(); ++i) {
    char c = field[i];
    if (c == '/') {
      if (file != 8) return "rank " + std::to_string(rank + 1) + " does not have 8 squares";
      if (--rank < kRank1) return "more than 8 ranks in the piece placement";
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > 8) return "rank " + std::to_string(rank + 1) + " has more than 8 squares";
    } else {
      Piece p = piece_from_letter(c);
      if (p == Piece::None) return std::string("bad piece letter '") + c + "'";
      if (file >= 8) return "rank " + std::to_string(rank + 1) + " has more than 8 squares";
      pos.put_piece(p, make_square(file++, rank));
    }
  }
  if (rank != kRank1)
    return "the piece placement has " + std::to_string(8 - rank) + " ranks, not 8";
  if (file != 8) return "rank 1 does not have 8 squares";
  return {};
}

// The square of the rook that castles for one castling letter, or None.
Square castling_rook_for(const Position& pos, Color c, char letter, std::string& error) {
  Bitboard back_rank = rank_bb(relative_rank(c, kRank1));
  Bitboard rooks = pos.pieces(c, PieceType::Rook) & back_rank;
  Square king = pos.king_square(c);
  std::string side_name = c == Color::White ? "White" : "Black";
  if (!contains(back_rank, king)) {
    error = std::string("castling right '") + letter + "' but " + side_name +
            "'s king is not on its first rank";
    return Square::None;
  }
  char upper = char(std::toupper(static_cast<unsigned char>(letter)));
  Square rook = Square::None;
  if (upper == 'K') {  // the outermost rook on the king's h-side
    for (int f = kFileH; f > file_of(king); --f) {
      Square s = make_square(f, relative_rank(c, kRank1));
      if (contains(rooks, s)) {
        rook = s;
        break;
      }
    }
  } else if (upper == 'Q') {  // the outermost rook on the king's a-side
    for (int f = kFileA; f < file_of(king); ++f) {
      Square s = make_square(f, relative_rank(c, kRank1));
      if (contains(rooks, s)) {
        rook = s;
        break;
      }
    }
  } else {
    Square s = make_square(upper - 'A', relative_rank(c, kRank1));
    if (contains(rooks, s)) rook = s;
  }
  if (rook == Square::None)
    error = std::string("castling right '") + letter + "' but " + side_name +
            " has no rook on the square it needs";
  return rook;
}

std::string parse_castling(std::string_view field, Position& pos, bool chess960) {
  if (field == "-") return {};
  for (char letter : field) {
    bool white = std::isupper(static_cast<unsigned char>(letter));
    char upper = char(std::toupper(static_cast<unsigned char>(letter)));
    if (!(upper == 'K' || upper == 'Q' || (upper >= 'A' && upper <= 'H')))
      return std::string("bad castling letter '") + letter + "'";
    Color c = white ? Color::White : Color::Black;
    std::string error;
    Square rook = castling_rook_for(pos, c, letter, error);
    if (!error.empty()) return error;
    Square king = pos.king_square(c);
    CastlingSide side = castling_side(king, rook);
    if (pos.can_castle(c, side))
      return std::string("castling right '") + letter + "' repeats a right already given";
    if (!chess960) {
      Square want_king = relative_square(c, Square::E1);
      Square want_rook = relative_square(c, side == CastlingSide::King ? Square::H1 : Square::A1);
      if (king != want_king || rook != want_rook)
        return std::string("castling right '") + letter + "' needs the king on " +
               square_name(want_king) + " and a rook on " + square_name(want_rook) +
               " (other squares only in Chess960)";
    }
    pos.add_castling_right(c, rook);
  }
  return {};
}

std::string parse_en_passant(std::string_view field, Position& pos) {
  if (field == "-") return {};
  if (field.size() != 2 || field[0] < 'a' || field[0] > 'h' || field[1] < '1' || field[1] > '8')
    return "bad en passant square '" + std::string(field) + "'";
  Square ep = make_square(field[0] - 'a', field[1] - '1');
  Color us = pos.side_to_move(), them = ~us;
  // The opponent's pawn crossed ep on its double step: it now stands one square further.
  if (rank_of(ep) != relative_rank(us, kRank6))
    return "en passant square " + square_name(ep) + " is on the wrong rank for the side to move";
  Square pawn = ep - pawn_push(us);
  Square origin = ep + pawn_push(us);
  if (pos.piece_on(pawn) != make_piece(them, PieceType::Pawn) || !pos.empty(ep) ||
      !pos.empty(origin))
    return "en passant square " + square_name(ep) + " could not come from a double pawn push";
  // A check must come from the pawn that just moved or be discovered through its start square.
  Square king = pos.king_square(us);
  Bitboard checkers = pos.attackers_to(king) & pos.pieces(them);
  for (Square checker : squares(checkers))
    if (checker != pawn && !contains(between(king, checker), origin))
      return "check by " + square_name(checker) + " is impossible after the double push to " +
             square_name(pawn);
  pos.set_en_passant_candidate(ep);
  return {};
}

// Strict non-negative integer; nullopt-like -1 for anything else.
long parse_counter(std::string_view text, long max_value) {
  long value = -1;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < 0 || value > max_value)
    return -1;
  return value;
}

}  // namespace

Result<Position> parse_fen(std::string_view fen, bool chess960) {
  std::vector<std::string_view> fields = split_fields(fen);
  if (fields.size() < kMinFields || fields.size() > kMaxFields)
    return Error{"FEN needs 4 to 6 fields, found " + std::to_string(fields.size())};

  Position pos;
  pos.set_chess960(chess960);
  if (std::string e = parse_placement(fields[0], pos); !e.empty()) return Error{e};

  if (fields[1] != "w" && fields[1] != "b")
    return Error{"side to move must be 'w' or 'b', not '" + std::string(fields[1]) + "'"};
  pos.set_side_to_move(fields[1] == "w" ? Color::White : Color::Black);

  if (std::string e = impossibility(pos); !e.empty()) return Error{e};
  if (std::string e = parse_castling(fields[2], pos, chess960); !e.empty()) return Error{e};
  if (std::string e = parse_en_passant(fields[3], pos); !e.empty()) return Error{e};

  long halfmove = 0, fullmove = 1;
  if (fields.size() > 4) {
    halfmove = parse_counter(fields[4], kMaxHalfmoveClock);
    if (halfmove < 0) return Error{"bad halfmove clock '" + std::string(fields[4]) + "'"};
  }
  if (fields.size() > 5) {
    fullmove = parse_counter(fields[5], kMaxFullmoveNumber);
    if (fullmove < 1) return Error{"bad fullmove number '" + std::string(fields[5]) + "'"};
  }
  pos.set_counters(int(halfmove), int(fullmove));
  pos.finish_setup();
  return pos;
}

std::string to_fen(const Position& pos, CastlingNotation notation) {
  std::string fen;
  for (int rank = kRank8; rank >= kRank1; --rank) {
    int empty_run = 0;
    for (int file = 0; file < 8; ++file) {
      Piece p = pos.piece_on(make_square(file, rank));
      if (p == Piece::None) {
        ++empty_run;
        continue;
      }
      if (empty_run) fen += char('0' + empty_run);
      empty_run = 0;
      fen += kPieceLetters[index(p)];
    }
    if (empty_run) fen += char('0' + empty_run);
    if (rank > kRank1) fen += '/';
  }
  fen += pos.side_to_move() == Color::White ? " w " : " b ";

  if (notation == CastlingNotation::Auto)
    notation = pos.is_chess960() ? CastlingNotation::Shredder : CastlingNotation::XFen;
  std::string rights;
  for (Color c : {Color::White, Color::Black}) {
    for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
      if (!pos.can_castle(c, side)) continue;
      Square rook = pos.castling_rook(c, side);
      char letter = char('A' + file_of(rook));
      if (notation == CastlingNotation::XFen) {
        // The letter K/Q means the outermost rook; name the file only when it is an inner one.
        Bitboard rooks = pos.pieces(c, PieceType::Rook) & rank_bb(rook);
        Bitboard beyond = side == CastlingSide::King ? rooks & ~(square_bb(rook) * 2 - 1)
                                                     : rooks & (square_bb(rook) - 1);
        if (!beyond) letter = side == CastlingSide::King ? 'K' : 'Q';
      }
      rights += c == Color::White ? letter : char(std::tolower(letter));
    }
  }
  fen += rights.empty() ? "-" : rights;
  fen += ' ';
  fen += pos.en_passant_square() == Square::None ? "-" : square_name(pos.en_passant_square());
  fen += ' ' + std::to_string(pos.halfmove_clock()) + ' ' + std::to_string(pos.fullmove_number());
  return fen;
}

std::string board_fen(std::string_view board, Color side_to_move) {
  std::string fen;
  for (int rank = kRank8; rank >= kRank1; --rank) {
    int empty = 0;
    for (int file = kFileA; file <= kFileH; ++file) {
      const char c = board[size_t(rank * 8 + file)];
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) fen += char('0' + empty);
      empty = 0;
      fen += c;
    }
    if (empty) fen += char('0' + empty);
    if (rank != kRank1) fen += '/';
  }
  return fen + (side_to_move == Color::White ? " w - - 0 1" : " b - - 0 1");
}

}  // namespace arbiter::core
