// Perft and the perft-suite line format.
#include "arbiter/core/perft.h"

#include <charconv>

#include "arbiter/core/movegen.h"

namespace arbiter::core {

uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return count_legal_moves(pos);
  MoveList moves;
  generate_legal(pos, moves);
  uint64_t nodes = 0;
  UndoInfo undo;
  for (Move m : moves) {
    pos.make_move(m, undo);
    nodes += perft(pos, depth - 1);
    pos.unmake_move(m, undo);
  }
  return nodes;
}

std::vector<std::pair<Move, uint64_t>> perft_divide(Position& pos, int depth) {
  std::vector<std::pair<Move, uint64_t>> result;
  MoveList moves;
  generate_legal(pos, moves);
  UndoInfo undo;
  for (Move m : moves) {
    pos.make_move(m, undo);
    result.emplace_back(m, perft(pos, depth - 1));
    pos.unmake_move(m, undo);
  }
  return result;
}

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

}  // namespace

Result<PerftCase> parse_perft_line(std::string_view line) {
  PerftCase c;
  size_t semi = line.find(';');
  c.fen = std::string(trim(line.substr(0, semi)));
  if (c.fen.empty()) return Error{"no FEN before the first ';'"};
  while (semi != std::string_view::npos) {
    size_t next = line.find(';', semi + 1);
    std::string_view field = trim(line.substr(
        semi + 1, next == std::string_view::npos ? std::string_view::npos : next - semi - 1));
    semi = next;
    if (field == "960") {
      c.chess960 = true;
      continue;
    }
    int depth = 0;
    uint64_t count = 0;
    size_t space = field.find(' ');
    if (field.size() < 2 || field[0] != 'D' || space == std::string_view::npos)
      return Error{"bad field '" + std::string(field) + "' (expected 'D<depth> <count>')"};
    std::string_view d = field.substr(1, space - 1), n = trim(field.substr(space + 1));
    auto r1 = std::from_chars(d.data(), d.data() + d.size(), depth);
    auto r2 = std::from_chars(n.data(), n.data() + n.size(), count);
    if (r1.ec != std::errc() || r2.ec != std::errc() || r1.ptr != d.data() + d.size() ||
        r2.ptr != n.data() + n.size() || depth < 1)
      return Error{"bad field '" + std::string(field) + "' (expected 'D<depth> <count>')"};
    c.expected.emplace_back(depth, count);
  }
  return c;
}

}  // namespace arbiter::core
