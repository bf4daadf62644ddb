// What a byte of movetext is to the scanners that cut games (splitter.cpp) and
// read them (parser.cpp): one table lookup instead of a chain of comparisons,
// since both run over every byte outside comments.
#pragma once

#include <array>
#include <cstdint>

namespace arbiter::pgn::detail {

enum class ByteClass : uint8_t {
  Token,        // part of a move, move number, result, glyph...
  Space,        // ' ', '\t', '\r', '\n', '\v', '\f'
  OpenComment,  // '{'
  LineComment,  // ';'
  Open,         // '(' opens a variation
  Close,        // ')'
  Other,        // '}' and '$': delimiters that are not space
};

inline constexpr std::array<ByteClass, 256> kByteClasses = [] {
  std::array<ByteClass, 256> classes{};  // Token by default
  for (char c : {' ', '\t', '\r', '\n', '\v', '\f'}) classes[uint8_t(c)] = ByteClass::Space;
  classes[uint8_t('{')] = ByteClass::OpenComment;
  classes[uint8_t(';')] = ByteClass::LineComment;
  classes[uint8_t('(')] = ByteClass::Open;
  classes[uint8_t(')')] = ByteClass::Close;
  classes[uint8_t('}')] = ByteClass::Other;
  classes[uint8_t('$')] = ByteClass::Other;
  return classes;
}();

inline ByteClass byte_class(char c) { return kByteClasses[static_cast<unsigned char>(c)]; }
// Ends a token: space or one of {}();$ (PGN standard 8.2).
inline bool is_token_byte(char c) { return byte_class(c) == ByteClass::Token; }
inline bool is_space(char c) { return byte_class(c) == ByteClass::Space; }
inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
// A byte of a tag name: a letter, a digit or '_' (PGN standard 8.1.1).
inline bool is_name_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || is_digit(c) || c == '_';
}

}  // namespace arbiter::pgn::detail
