// Builds the sliding-attack tables (magic and, with BMI2, PEXT) and the line
// geometry at program start. Everything here runs once, before main.
#include "core/attacks.h"

#include <array>
#include <cstddef>
#include <vector>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace arbiter::core {

namespace detail {
SliderEntry g_rook_entries[kNumSquares];
SliderEntry g_bishop_entries[kNumSquares];
Bitboard g_between[kNumSquares][kNumSquares];
Bitboard g_line[kNumSquares][kNumSquares];
}  // namespace detail

namespace {

using detail::SliderEntry;

constexpr int kRookDirections[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirections[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
// Total table sizes: the sum over squares of 2^popcount(mask).
constexpr int kRookTableSize = 102400;
constexpr int kBishopTableSize = 5248;

Bitboard ray_walk(Square s, Bitboard occupied, const int (&dirs)[4][2]) {
  Bitboard result = 0;
  for (const auto& d : dirs) {
    int f = file_of(s) + d[0], r = rank_of(s) + d[1];
    while (f >= 0 && f < 8 && r >= 0 && r < 8) {
      Square t = make_square(f, r);
      result |= square_bb(t);
      if (contains(occupied, t)) break;
      f += d[0];
      r += d[1];
    }
  }
  return result;
}

// The occupancy bits that matter for a slider on s: its rays minus the board edge
// squares at their ends (a piece there cannot block anything further).
Bitboard relevant_mask(Square s, const int (&dirs)[4][2]) {
  Bitboard edges = ((rank_bb(kRank1) | rank_bb(kRank8)) & ~rank_bb(s)) |
                   ((file_bb(kFileA) | file_bb(kFileH)) & ~file_bb(s));
  return ray_walk(s, 0, dirs) & ~edges;
}

// Magic multipliers, found once by a random search over sparse 64-bit numbers
// (no destructive collisions with a shift of 64 - popcount(mask)). Start-up only
// fills the tables; the SliderBackends tests check every occupancy of every square.
constexpr Bitboard kRookMagics[kNumSquares] = {
    0x1080004008801020ULL, 0x0840092002C03000ULL, 0x1900200010400900ULL, 0x0880100008000480ULL,
    0x4200100420080200ULL, 0x8100020100080400ULL, 0x0200040110886200ULL, 0x0200008040220411ULL,
    0x0404800084400220ULL, 0x0000401000402000ULL, 0x0086001081220440ULL, 0x0408800800100280ULL,
    0x000A001201040820ULL, 0x8848800200840080ULL, 0x4001000100040200ULL, 0x0442000102105084ULL,
    0x9080010020804100ULL, 0x0040404000201009ULL, 0x0000808010002009ULL, 0x2200090021D00100ULL,
    0x0008008008040080ULL, 0x0004004002010040ULL, 0x0011040008015042ULL, 0x00000A0001768104ULL,
    0x0000800080204009ULL, 0x2010004140002001ULL, 0x9800200280100080ULL, 0x1000100080080080ULL,
    0x0442000A00049020ULL, 0x2100040080020080ULL, 0x0800120400900148ULL, 0x0010040A00128541ULL,
    0x2800804000800030ULL, 0x1010002000400041ULL, 0x4000200011004100ULL, 0x0610008410800800ULL,
    0x0400802402800800ULL, 0xC100020080800400ULL, 0x0002000802000401ULL, 0x0182085882000401ULL,
    0x0220204000808000ULL, 0x2860100040024022ULL, 0x0001002004110040ULL, 0x99101042000A0020ULL,
    0x0004080004008080ULL, 0x0010040002008080ULL, 0x2012004881020004ULL, 0x8300842444820011ULL,
    0x0088403882010200ULL, 0x0820400080210100ULL, 0x0110910040A00300ULL, 0x0801100280080480ULL,
    0x0242009008200600ULL, 0x1002000489500200ULL, 0x0040800200010080ULL, 0x0091800041000080ULL,
    0x0000209300488001ULL, 0x04C1002414824001ULL, 0x020020000B001041ULL, 0x7000100004200901ULL,
    0x8002002004100802ULL, 0x30010002084C0007ULL, 0x0888221800813004ULL, 0x4000002840840112ULL,
};
constexpr Bitboard kBishopMagics[kNumSquares] = {
    0x2048017020910100ULL, 0x0044410424008008ULL, 0x040828A400900000ULL, 0x8002209200022000ULL,
    0x0002021000540002ULL, 0x0021018840000000ULL, 0x00009E8420204002ULL, 0x00A0920110084480ULL,
    0x4003062018010110ULL, 0x0221046812004E09ULL, 0x01E11002958912A0ULL, 0x0000044410804000ULL,
    0x0000821210000080ULL, 0x080201102210A800ULL, 0x0080040411045004ULL, 0x00704A1842021000ULL,
    0x1005061070322800ULL, 0x0018001010410444ULL, 0x0010000800401420ULL, 0x2204002844000800ULL,
    0x2052020412022280ULL, 0x000A020101008208ULL, 0x0040400201042000ULL, 0x03E1082040480410ULL,
    0x1004200004208414ULL, 0x08700400984808C8ULL, 0x0088080004004410ULL, 0x008C0240140100A2ULL,
    0x0008840001822000ULL, 0x0050088001080100ULL, 0x98140840040A2200ULL, 0x3002020900210110ULL,
    0x1004040640206000ULL, 0x1090909000840400ULL, 0x9002444810100020ULL, 0x4000020080080080ULL,
    0x0028020400011010ULL, 0x0290808300020100ULL, 0x8010020882004410ULL, 0x0604010040082C20ULL,
    0x20040104C0801008ULL, 0x6004208424001050ULL, 0x1002840041000800ULL, 0x0200042018000102ULL,
    0xA8002000A0821C00ULL, 0x0040080802201910ULL, 0x0222620444000100ULL, 0x0002080041020088ULL,
    0x1500820110401050ULL, 0x0000492090100080ULL, 0x0900410041100000ULL, 0x0302000420880000ULL,
    0x0010501202020020ULL, 0x0008200490049040ULL, 0x0462080214A40120ULL, 0x2421310102008100ULL,
    0x2400420080884060ULL, 0x0800804406184208ULL, 0x0B0080124A084400ULL, 0x082E082300840412ULL,
    0x6051049040082200ULL, 0xC610211002102101ULL, 0x0000048808010433ULL, 0x0010200804405440ULL,
};

// The eight directions: the rook's four (kRookDirections' order), then the bishop's.
constexpr int kNumDirections = 8;
constexpr int kFirstRookDirection = 0, kFirstBishopDirection = 4;
constexpr int kDirections[kNumDirections][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                                                {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// The squares from s (excluded) to the edge in one direction.
constexpr Bitboard ray(Square s, const int (&d)[2]) {
  Bitboard result = 0;
  for (int f = file_of(s) + d[0], r = rank_of(s) + d[1]; f >= 0 && f < 8 && r >= 0 && r < 8;
       f += d[0], r += d[1])
    result |= square_bb(make_square(f, r));
  return result;
}

constexpr auto kRays = [] {
  std::array<std::array<Bitboard, kNumDirections>, kNumSquares> rays{};
  for (int s = 0; s < kNumSquares; ++s)
    for (int d = 0; d < kNumDirections; ++d) rays[s][d] = ray(Square(s), kDirections[d]);
  return rays;
}();

// The same attacks as ray_walk, a direction at a time from the first blocker
// (the table build's inner loop: about a hundred thousand occupancies).
Bitboard blocked_rays(Square s, Bitboard occupied, int first_direction) {
  Bitboard result = 0;
  for (int d = first_direction; d < first_direction + 4; ++d) {
    Bitboard r = kRays[index(s)][d];
    if (const Bitboard blockers = r & occupied) {
      const int* step = kDirections[d];
      const bool upwards = step[1] > 0 || (step[1] == 0 && step[0] > 0);  // to higher indices
      r ^= kRays[index(upwards ? lsb(blockers) : msb(blockers))][d];
    }
    result |= r;
  }
  return result;
}

struct SliderTables {
  SliderEntry entries[kNumSquares];
  std::vector<Bitboard> storage;
};

// Fills one table; index_of(entry, occupancy) is the back end's lookup index.
template <class IndexOf>
void build_table(SliderTables& t, int table_size, const int (&dirs)[4][2], int first_direction,
                 const Bitboard* magics, IndexOf index_of) {
  t.storage.assign(table_size, 0);
  size_t offset = 0;
  for (int si = 0; si < kNumSquares; ++si) {
    Square s = Square(si);
    SliderEntry& e = t.entries[si];
    e.mask = relevant_mask(s, dirs);
    e.magic = magics ? magics[si] : 0;
    e.shift = unsigned(64 - popcount(e.mask));
    Bitboard* slice = t.storage.data() + offset;
    e.attacks = slice;
    Bitboard subset = 0;
    do {  // carry-rippler trick: visits every subset of mask
      slice[index_of(e, subset)] = blocked_rays(s, subset, first_direction);
      subset = (subset - e.mask) & e.mask;
    } while (subset);
    offset += size_t(1) << popcount(e.mask);
  }
}

size_t magic_index(const SliderEntry& e, Bitboard occupied) {
  return ((occupied & e.mask) * e.magic) >> e.shift;
}

#if defined(__BMI2__)
size_t pext_index(const SliderEntry& e, Bitboard occupied) { return _pext_u64(occupied, e.mask); }
#endif

struct BackEnd {
  SliderTables rook, bishop;
};

// Each back end is built on first use: start-up builds only the active one
// (the other serves the tests and benchmarks that compare them).
const BackEnd& magic_back_end() {
  static const BackEnd tables = [] {
    BackEnd t;
    build_table(t.rook, kRookTableSize, kRookDirections, kFirstRookDirection, kRookMagics,
                magic_index);
    build_table(t.bishop, kBishopTableSize, kBishopDirections, kFirstBishopDirection, kBishopMagics,
                magic_index);
    return t;
  }();
  return tables;
}

#if defined(__BMI2__)
const BackEnd& pext_back_end() {
  static const BackEnd tables = [] {
    BackEnd t;
    build_table(t.rook, kRookTableSize, kRookDirections, kFirstRookDirection, nullptr, pext_index);
    build_table(t.bishop, kBishopTableSize, kBishopDirections, kFirstBishopDirection, nullptr,
                pext_index);
    return t;
  }();
  return tables;
}
#endif

// Lines and betweens: every square b on a ray from a shares the whole line
// with a, and the ray's squares short of b are between them. Pairs not on a
// line keep the zeros of static initialisation.
void build_lines() {
  for (int a = 0; a < kNumSquares; ++a) {
    const Square sa = Square(a);
    for (const auto& d : kDirections) {
      const int back[2] = {-d[0], -d[1]};
      const Bitboard outward = ray(sa, d);
      const Bitboard line = outward | ray(sa, back) | square_bb(sa);
      for (Square sb : squares(outward)) {
        detail::g_line[a][index(sb)] = line;
        detail::g_between[a][index(sb)] = outward & ~ray(sb, d) & ~square_bb(sb);
      }
    }
  }
}

// The active back end and the line geometry, during static initialisation of
// this translation unit, before main.
struct ActiveTables {
  ActiveTables() {
#if ARBITER_USE_PEXT
    const BackEnd& active = pext_back_end();
#else
    const BackEnd& active = magic_back_end();
#endif
    for (int s = 0; s < kNumSquares; ++s) {
      detail::g_rook_entries[s] = active.rook.entries[s];
      detail::g_bishop_entries[s] = active.bishop.entries[s];
    }
    build_lines();
  }
};
const ActiveTables g_active_tables;

Bitboard magic_lookup(const SliderEntry& e, Bitboard occupied) {
  return e.attacks[magic_index(e, occupied)];
}

}  // namespace

namespace slider_backends {
Bitboard reference_rook(Square s, Bitboard occupied) {
  return ray_walk(s, occupied, kRookDirections);
}
Bitboard reference_bishop(Square s, Bitboard occupied) {
  return ray_walk(s, occupied, kBishopDirections);
}
Bitboard magic_rook(Square s, Bitboard occupied) {
  return magic_lookup(magic_back_end().rook.entries[index(s)], occupied);
}
Bitboard magic_bishop(Square s, Bitboard occupied) {
  return magic_lookup(magic_back_end().bishop.entries[index(s)], occupied);
}
#if defined(__BMI2__)
bool pext_available() { return true; }
Bitboard pext_rook(Square s, Bitboard occupied) {
  const SliderEntry& e = pext_back_end().rook.entries[index(s)];
  return e.attacks[pext_index(e, occupied)];
}
Bitboard pext_bishop(Square s, Bitboard occupied) {
  const SliderEntry& e = pext_back_end().bishop.entries[index(s)];
  return e.attacks[pext_index(e, occupied)];
}
#else
bool pext_available() { return false; }
Bitboard pext_rook(Square, Bitboard) { return 0; }
Bitboard pext_bishop(Square, Bitboard) { return 0; }
#endif
const char* active_name() { return ARBITER_USE_PEXT ? "pext" : "magic"; }
}  // namespace slider_backends

}  // namespace arbiter::core
