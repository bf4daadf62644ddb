// The fixed-men proof of unwinnability (see the header): a greatest fixpoint over
// which men can never move, then the counting argument on the regions they leave.
#include "unwinnability/fixed_men.h"

#include <array>
#include <span>

#include "arbiter/core/movegen.h"
#include "core/attacks.h"
#include "unwinnability/piece_regions.h"

namespace arbiter::rules {

using core::Bitboard;
using core::Color;
using core::PieceType;
using core::Position;
using core::Square;

namespace {

constexpr int kMaxMen = 32;    // pieces and kings, both sides
constexpr int kMaxPawns = 16;  // both sides
constexpr int kWhite = core::index(Color::White);
constexpr int kBlack = core::index(Color::Black);

struct Man {
  PieceType type;
  Color color;
  Square from;
  Bitboard seed;    // its square, and where castling may take it
  Bitboard region;  // the squares it could ever stand on
  bool fixed;
};

struct Pawn {
  Square from;
  Color color;
  Bitboard reach;  // the squares it could ever stand on
  bool bound;      // never leaves its file and is never taken
};

Bitboard forward(Color c, Bitboard b) {
  return c == Color::White ? core::shift<core::Direction::North>(b)
                           : core::shift<core::Direction::South>(b);
}

// Every square a pawn from `from` could stand on: pushes up to a square in
// `solid`, captures onto `capturable`.
Bitboard pawn_reach(Color c, Square from, Bitboard solid, Bitboard capturable) {
  Bitboard reach = core::square_bb(from);
  if (core::rank_of(from) == core::relative_rank(c, core::kRank2)) {
    const Bitboard one = forward(c, reach) & ~solid;
    reach |= one | (forward(c, one) & ~solid);
  }
  Bitboard frontier = reach;
  while (frontier) {
    const Bitboard next =
        (forward(c, frontier) & ~solid) | (core::pawn_attacks_bb(c, frontier) & capturable);
    frontier = next & ~reach;
    reach |= frontier;
  }
  return reach;
}

// The squares a piece that may be anything (a promoted pawn) attacks from `region`.
Bitboard wild_step(Bitboard region) {
  return regions::step(PieceType::Queen, region) | regions::knight_step(region);
}

class FixedMenAnalysis {
 public:
  explicit FixedMenAnalysis(const Position& pos) {
    for (Color c : {Color::White, Color::Black}) {
      for (Square sq : core::squares(pos.pieces(c, PieceType::Pawn)))
        pawn_[pawn_count_++] = {sq, c, core::square_bb(sq), true};
      for (Square sq : core::squares(pos.pieces(c) & ~pos.pieces(PieceType::Pawn))) {
        const PieceType type = core::type_of(pos.piece_on(sq));
        if (type == PieceType::King) king_[core::index(c)] = men_count_;
        const Bitboard seed = regions::castling_seed(pos, c, sq);
        men_[men_count_++] = {type, c, sq, seed, seed, true};
      }
    }
    // A king in check leaves its square now, by one of its legal moves, and if a
    // fixed man gives the check it can never come back: its region then grows from
    // those moves only (compute_regions).
    if (pos.in_check()) {
      core::MoveList moves;
      core::generate_legal(pos, moves);
      const Square king = pos.king_square(pos.side_to_move());
      for (core::Move m : moves)
        if (m.from() == king) check_exits_ |= core::square_bb(m.to());
      checked_king_ = king_[core::index(pos.side_to_move())];
    }
    // En passant right now: the pawn that passed is not bound, and the square it
    // passed is one where it could be taken.
    const Square ep = pos.en_passant_square();
    const Color mover = pos.side_to_move();
    if (ep != Square::None &&
        (core::pawn_attacks(~mover, ep) & pos.pieces(mover, PieceType::Pawn))) {
      en_passant_zone_[core::index(~mover)] = core::square_bb(ep);
      const Square victim = ep - core::pawn_push(mover);
      for (int i = 0; i < pawn_count_; ++i)
        if (pawn_[i].from == victim) pawn_[i].bound = false;
    }
  }

  // The squares king `c` is assumed never to stand on while the game goes on
  // (see prove_in_pen); they are not in its region, and it takes nothing there.
  void exclude_king(Color c, Bitboard zone) { king_exclusion_[core::index(c)] = zone; }

  FixedMenProof run(bool both_or_none) {
    settle();
    FixedMenProof proof;
    proof.fixed = fixed_;
    for (Color winner : {Color::White, Color::Black}) {
      proof.unwinnable[core::index(winner)] = !mate_conceivable(winner);
      if (both_or_none && !proof.unwinnable[core::index(winner)]) break;
    }
    return proof;
  }

  // After run(): whether every man of `c` but its king is fixed and its king's
  // region is exactly `pen`.
  bool penned(Color c, Bitboard pen) const {
    for (int m = 0; m < men_count_; ++m)
      if (men_[m].color == c && men_[m].type != PieceType::King && !men_[m].fixed) return false;
    for (int i = 0; i < pawn_count_; ++i)
      if (pawn_[i].color == c && !core::contains(fixed_, pawn_[i].from)) return false;
    return men_[king_[core::index(c)]].region == pen;
  }

  // After run(): whether the winner's king could step into `zone` and mate by
  // uncovering a check on the penned king, standing on a square of `pen`: from a
  // square of its region next to the zone that lies on a line from that square
  // (fixed men block the line) along which one of the winner's pieces could check.
  bool entry_may_uncover_check(Color winner, Bitboard pen, Bitboard zone) const {
    const int w = core::index(winner);
    bool diagonal = promotes_[w], orthogonal = promotes_[w];
    for (int m = 0; m < men_count_; ++m) {
      if (men_[m].color != winner) continue;
      const PieceType t = men_[m].type;
      diagonal |= t == PieceType::Bishop || t == PieceType::Queen;
      orthogonal |= t == PieceType::Rook || t == PieceType::Queen;
    }
    const Bitboard region = men_[king_[w]].region;
    for (Square s : core::squares(pen)) {
      const Bitboard landings = zone & ~pen & ~core::king_attacks(s);
      const Bitboard from = regions::step(PieceType::King, landings) & region;
      Bitboard lines = 0;
      if (diagonal) lines |= core::bishop_attacks(s, fixed_);
      if (orthogonal) lines |= core::rook_attacks(s, fixed_);
      if (from & lines) return true;
    }
    return false;
  }

 private:
  void settle() {
    for (bool changed = true; changed;) {
      fixed_ = currently_fixed();
      compute_regions();
      compute_reaches();
      changed = refute() || currently_fixed() != fixed_;
    }
    fixed_ = currently_fixed();
  }

  Bitboard fixed_pawns(int color) const {
    Bitboard b = 0;
    for (int i = 0; i < pawn_count_; ++i)
      if (core::index(pawn_[i].color) == color && pawn_[i].bound &&
          pawn_[i].reach == core::square_bb(pawn_[i].from))
        b |= core::square_bb(pawn_[i].from);
    return b;
  }

  Bitboard currently_fixed() const {
    Bitboard fixed = fixed_pawns(kWhite) | fixed_pawns(kBlack);
    for (int m = 0; m < men_count_; ++m)
      if (men_[m].fixed) fixed |= core::square_bb(men_[m].from);
    return fixed;
  }

  // Regions around the fixed men; a man that turns out able to move is not fixed.
  void compute_regions() {
    for (int c : {kWhite, kBlack}) {
      fixed_pawn_attacks_[c] = core::pawn_attacks_bb(Color(c), fixed_pawns(c));
      guarded_[c] = fixed_pawn_attacks_[c];
    }
    // What a fixed piece attacks with nothing in between (a knight's or king's
    // squares, a slider's neighbours) it attacks for good.
    for (int m = 0; m < men_count_; ++m) {
      const Man& man = men_[m];
      if (!man.fixed) continue;
      const Bitboard attacked = man.type == PieceType::Knight ? core::knight_attacks(man.from)
                                : man.type == PieceType::King
                                    ? core::king_attacks(man.from)
                                    : regions::step(man.type, core::square_bb(man.from));
      guarded_[core::index(man.color)] |= attacked;
    }
    piece_reach_[kWhite] = piece_reach_[kBlack] = 0;
    for (int m = 0; m < men_count_; ++m) {
      Man& man = men_[m];
      Bitboard allowed = ~fixed_;
      if (man.type == PieceType::King)
        allowed &= ~guarded_[core::index(~man.color)] & ~king_exclusion_[core::index(man.color)];
      if (m == checked_king_ && core::contains(guarded_[core::index(~man.color)], man.from))
        man.region = man.seed | regions::flood(man.type, check_exits_ & allowed, allowed);
      else
        man.region = regions::flood(man.type, man.seed, allowed);
      if (man.region != core::square_bb(man.from)) man.fixed = false;
      if (man.type != PieceType::King) piece_reach_[core::index(man.color)] |= man.region;
    }
    for (int c : {kWhite, kBlack}) {
      wild_[c] = promotes_[c] ? ~fixed_ : 0;
      piece_reach_[c] |= wild_[c];
    }
  }

  // Where the men of colour c could be taken by a pawn.
  Bitboard capturable(Color c) const {
    Bitboard zone = piece_reach_[core::index(c)] | en_passant_zone_[core::index(c)];
    for (int i = 0; i < pawn_count_; ++i)
      if (pawn_[i].color == c) zone |= pawn_[i].reach;
    return zone;
  }

  // Each pawn's reach (captures feed each other, so a fixpoint of its own); a
  // pawn reaching its last rank makes its side able to promote.
  void compute_reaches() {
    Bitboard bound_squares[core::kNumColors] = {};
    for (int i = 0; i < pawn_count_; ++i)
      if (pawn_[i].bound)
        bound_squares[core::index(pawn_[i].color)] |= core::square_bb(pawn_[i].from);
    for (bool changed = true; changed;) {
      changed = false;
      const Bitboard takes_on[core::kNumColors] = {capturable(Color::Black),
                                                   capturable(Color::White)};
      for (int i = 0; i < pawn_count_; ++i) {
        Pawn& p = pawn_[i];
        const int us = core::index(p.color), them = core::index(~p.color);
        const Bitboard solid = (fixed_ | bound_squares[them]) & ~core::square_bb(p.from);
        const Bitboard reach = pawn_reach(p.color, p.from, solid, takes_on[us]);
        changed |= reach != p.reach;
        p.reach = reach;
        if ((reach & core::rank_bb(core::relative_rank(p.color, core::kRank8))) && !promotes_[us]) {
          promotes_[us] = true;
          wild_[us] = ~fixed_;
          piece_reach_[us] |= wild_[us];
        }
      }
    }
  }

  // The squares where men of colour c could take an enemy man, and whether a
  // king's capture there is possible (`by_king`: squares its king could take on).
  Bitboard attack_zone(Color c, Bitboard& by_king) const {
    const int us = core::index(c);
    Bitboard zone = wild_step(wild_[us]);
    by_king = 0;
    for (int i = 0; i < pawn_count_; ++i)
      if (pawn_[i].color == c) zone |= core::pawn_attacks_bb(c, pawn_[i].reach);
    for (int m = 0; m < men_count_; ++m) {
      const Man& man = men_[m];
      if (man.color != c) continue;
      const Bitboard hit = regions::step(man.type, man.region);
      if (man.type == PieceType::King)
        by_king |= hit & ~king_exclusion_[us];
      else
        zone |= hit;
    }
    return zone;
  }

  // Drops the assumptions the current regions and reaches refute. True when
  // something changed.
  bool refute() {
    Bitboard zone[core::kNumColors], by_king[core::kNumColors];
    for (int c : {kWhite, kBlack}) zone[c] = attack_zone(Color(c), by_king[c]);
    // What colour c's enemies could take: a king only what no fixed man of c guards.
    Bitboard takeable[core::kNumColors];
    for (int c : {kWhite, kBlack}) takeable[c] = zone[c ^ 1] | (by_king[c ^ 1] & ~guarded_[c]);
    bool changed = false;
    for (int i = 0; i < pawn_count_; ++i) {
      Pawn& p = pawn_[i];
      if (!p.bound) continue;
      if ((p.reach & ~core::file_bb(p.from)) || (p.reach & takeable[core::index(p.color)])) {
        p.bound = false;
        changed = true;
      }
    }
    for (int m = 0; m < men_count_; ++m) {
      Man& man = men_[m];
      if (!man.fixed || man.type == PieceType::King) continue;
      if (core::contains(takeable[core::index(man.color)], man.from)) {
        man.fixed = false;
        changed = true;
      }
    }
    return changed;
  }

  bool mate_conceivable(Color winner) const {
    const int w = core::index(winner);
    std::array<regions::PieceRegion, kMaxMen + kMaxPawns + core::kNumColors> closers;
    int count = 0;
    for (int m = 0; m < men_count_; ++m)
      if (men_[m].type != PieceType::King)
        closers[count++] = {men_[m].type, men_[m].color, men_[m].region};
    Bitboard pawn_checks = fixed_pawn_attacks_[w];
    for (int i = 0; i < pawn_count_; ++i) {
      const Pawn& p = pawn_[i];
      if (core::contains(fixed_, p.from)) continue;
      Bitboard region = p.reach;
      if (p.color == winner) {
        region |= core::pawn_attacks_bb(winner, p.reach);
        pawn_checks |= core::pawn_attacks_bb(winner, p.reach);
      }
      closers[count++] = {PieceType::Pawn, p.color, region, p.reach};
    }
    for (Color c : {Color::White, Color::Black})
      if (wild_[core::index(c)])
        closers[count++] = {PieceType::Queen, c,
                            wild_[core::index(c)] | wild_step(wild_[core::index(c)])};
    const std::span<const regions::PieceRegion> span(closers.data(), count);
    const Bitboard flight_space = ~fixed_ & ~fixed_pawn_attacks_[w];
    for (Square k : core::squares(men_[king_[core::index(~winner)]].region))
      if (regions::mate_conceivable_on(span, winner, k, flight_space, men_[king_[w]].region,
                                       pawn_checks))
        return true;
    return false;
  }

  std::array<Pawn, kMaxPawns> pawn_{};
  int pawn_count_ = 0;
  std::array<Man, kMaxMen> men_{};
  int men_count_ = 0;
  int king_[core::kNumColors] = {};
  Bitboard fixed_ = 0;
  bool promotes_[core::kNumColors] = {};
  Bitboard wild_[core::kNumColors] = {};
  Bitboard en_passant_zone_[core::kNumColors] = {};
  Bitboard fixed_pawn_attacks_[core::kNumColors] = {};
  Bitboard guarded_[core::kNumColors] = {};  // attacked for good by fixed men
  Bitboard king_exclusion_[core::kNumColors] = {};
  int checked_king_ = -1;     // the index of a king in check now
  Bitboard check_exits_ = 0;  // where that king can go now
  Bitboard piece_reach_[core::kNumColors] = {};
};

// The two squares the king of `c` walks between if the men now on the board stay
// where they are (walled in by its own men and by squares that enemy pawns cover,
// enemy men there included), or 0: a guess, which prove_in_pen checks against
// the fixed men.
constexpr int kPenSize = 2;

Bitboard pen_of_two(const Position& pos, Color c) {
  const Square king = pos.king_square(c);
  const Bitboard wall = (pos.pieces(c) ^ core::square_bb(king)) |
                        core::pawn_attacks_bb(~c, pos.pieces(~c, PieceType::Pawn));
  const Bitboard pen = regions::king_pen(king, wall, kPenSize);
  return core::popcount(pen) == kPenSize ? pen : 0;
}

// The pen argument. Say the loser's king can only ever walk between two squares
// and the loser has nothing else that can ever move. Then whenever the winner's
// king steps next to the pen (into `zone`), the loser's king has no square left
// and the loser no move: the game ends there, in stalemate, or in mate if that
// step uncovered a check. So while the game goes on the winner's king stays out
// of the zone, and the fixed men, worked out again with that, hold by the same
// induction as before as long as the pen and the loser's men hold; which the
// result confirms (penned). A mate then has to close the pen's other square
// without the winner's king: 8/2b5/1b5p/b4p1P/5p1K/5Pp1/6P1/5kb1 b, where
// Black's king could take on g2 or h5 only by stepping next to the pen (which
// stalemates White), and h3 is a light square that no dark bishop covers.
void prove_in_pen(const Position& pos, Color loser, bool both_or_none, FixedMenProof& proof) {
  const Color winner = ~loser;
  const Bitboard pen = pen_of_two(pos, loser);
  if (core::popcount(pen) != kPenSize) return;
  if (pos.can_castle(winner, core::CastlingSide::King) ||
      pos.can_castle(winner, core::CastlingSide::Queen))
    return;
  const Bitboard zone = regions::step(PieceType::King, pen) | pen;
  if (core::contains(zone, pos.king_square(winner))) return;
  FixedMenAnalysis analysis(pos);
  analysis.exclude_king(winner, zone);
  const FixedMenProof in_pen = analysis.run(both_or_none);
  if (!analysis.penned(loser, pen)) return;
  const int l = core::index(loser), w = core::index(winner);
  proof.unwinnable[l] = proof.unwinnable[l] || in_pen.unwinnable[l];
  if (in_pen.unwinnable[w] && !analysis.entry_may_uncover_check(winner, pen, zone))
    proof.unwinnable[w] = true;
}

}  // namespace

FixedMenProof prove_by_fixed_men(const Position& pos, bool both_or_none) {
  FixedMenProof proof = FixedMenAnalysis(pos).run(both_or_none);
  for (Color loser : {Color::White, Color::Black}) {
    if (proof.unwinnable[kWhite] && proof.unwinnable[kBlack]) break;
    prove_in_pen(pos, loser, both_or_none, proof);
  }
  return proof;
}

}  // namespace arbiter::rules
