// Chess960 start positions from their number: bishops on each colour, then the
// queen, then the knights on the free squares, and rook-king-rook on the three
// squares left (the numbering every Chess960 program shares).
#include "arbiter/core/chess960.h"

#include <array>
#include <string>

#include "arbiter/core/fen.h"

namespace arbiter::core {

namespace {

constexpr int kBishopSlots = 4, kQueenSlots = 6;
// The ten ways of putting two knights on five free squares, in numbering order.
constexpr std::array<std::array<int, 2>, 10> kKnightPairs = {
    {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}};

// Puts `piece` on the k-th still empty file.
void place_on_free(std::array<char, 8>& rank, int k, char piece) {
  for (char& c : rank)
    if (c == ' ' && k-- == 0) {
      c = piece;
      return;
    }
}

}  // namespace

Position chess960_position(int n) {
  n = ((n % kChess960Positions) + kChess960Positions) % kChess960Positions;
  std::array<char, 8> rank;
  rank.fill(' ');
  rank[2 * (n % kBishopSlots) + 1] = 'B';  // light-squared bishop: b, d, f or h file
  n /= kBishopSlots;
  rank[2 * (n % kBishopSlots)] = 'B';  // dark-squared bishop: a, c, e or g file
  n /= kBishopSlots;
  place_on_free(rank, n % kQueenSlots, 'Q');
  n /= kQueenSlots;
  // The second knight's index counts the squares left after the first is placed.
  place_on_free(rank, kKnightPairs[n][1], 'n');
  place_on_free(rank, kKnightPairs[n][0], 'N');
  for (char& c : rank)
    if (c == 'n') c = 'N';
  place_on_free(rank, 0, 'R');
  place_on_free(rank, 0, 'K');
  place_on_free(rank, 0, 'R');

  std::string white(rank.begin(), rank.end()), black = white;
  for (char& c : black) c = char(c - 'A' + 'a');
  std::string rights;
  for (int f = 7; f >= 0; --f)
    if (rank[f] == 'R') rights += char('A' + f);
  for (int f = 7; f >= 0; --f)
    if (rank[f] == 'R') rights += char('a' + f);
  const std::string fen = black + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w " + rights + " - 0 1";
  return parse_fen(fen, true).value();
}

}  // namespace arbiter::core
