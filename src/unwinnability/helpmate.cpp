// Heuristic helpmate search (see helpmate.h). Only the line it finds is a proof;
// ordering, the beam and the table merely decide how fast a mate turns up.
#include "unwinnability/helpmate.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdlib>
#include <optional>

#include "arbiter/core/movegen.h"
#include "arbiter/unwinnability/unwinnability.h"
#include "core/attacks.h"
#include "unwinnability/helpmate_moves_inline.h"

namespace arbiter::rules {

using core::Bitboard;
using core::Color;
using core::Key;
using core::Move;
using core::PieceType;
using core::Position;
using core::Square;

namespace {

using helpmate::CheckInfo;
using helpmate::MoveClassifier;
using helpmate::MoveCost;
using helpmate::ScoredMove;

// Table sizes in entries (powers of two). Screens and short searches keep theirs
// in L2; a search of many nodes (a U(c) analysis of a hard position) gets a larger
// one: on the 400 set U(c) undecided 10 -> 9 of 800, while the per-ply screens of
// real games, where one table for all cost 7-9% of the adjudication time, keep
// the small one.
constexpr size_t kSmallTableSize = 1 << 14;
constexpr size_t kLargeTableSize = 1 << 17;
constexpr uint64_t kLargeTableMinBudget = 1 << 16;  // nodes
// The sort key of a scored move: cost, score, generation index and the move
// itself packed into one integer (a move list never holds more than 256 moves;
// scores stay far below the bias). Sorting the keys orders the moves by cost,
// then score (best first), then generation order.
constexpr int kScoreBias = 1 << 24;
constexpr int kMoveBits = 16;
constexpr int kIndexShift = kMoveBits;
constexpr int kScoreShift = kIndexShift + 8;
constexpr int kCostShift = kScoreShift + 26;
constexpr uint64_t kMoveMask = (uint64_t(1) << kMoveBits) - 1;
static_assert(core::MoveList::kCapacity <= (1 << (kScoreShift - kIndexShift)));
using MoveKey = uint64_t;

int key_cost(MoveKey key) { return int(key >> kCostShift); }
int key_score(MoveKey key) {
  constexpr uint64_t kScoreMask = (uint64_t(1) << (kCostShift - kScoreShift)) - 1;
  return kScoreBias - int((key >> kScoreShift) & kScoreMask);
}
// A waiting move scores kWaitingScore plus a bonus or two (a king that also
// clears a line), far below any move that makes progress.
bool is_waiting(MoveKey key) { return key_score(key) <= helpmate::kWaitingScore / 2; }
Move key_move(MoveKey key) { return Move::from_bits(uint16_t(key & kMoveMask)); }

// How many natural moves per node are free; the others cost like ordinary ones.
constexpr size_t kFreeNaturalMoves = 2;
// The same where the loser's best natural move is its king waiting next to its
// corner (helpmate_moves_inline.h, kWaitingScore): every natural move is then a
// step back and forth beside the corner while the winner's men come, and one is
// enough for a line to follow; the other costs a unit. Public vectors: U(c)
// undecided 28 -> 25 of 3,508 and nodes -1.7%; 400 set unchanged (6 of 800),
// nodes -1.5%; the first 3,000 final positions of lichess-timeouts 318,531 ->
// 308,629 nodes, verdicts of both lichess files byte-identical. One free waiting
// move of the winner's king as well: 400 set undecided 6 -> 8, vectors 28 -> 29.
constexpr size_t kFreeWaitingMoves = 1;

constexpr size_t kHintWindow = 3;  // hinted moves looked at: this many from the current depth
constexpr int kHintBonus = 2000;   // the move is in the hinted line: before checks

// The search made after the winner queens: a queen mates quickly with help.
constexpr HelpmateLimits kPromotionProbe{.node_budget = 2000, .max_units = 4, .max_plies = 30};

constexpr int kEntryKeyShift = 32;
uint32_t entry_key(Key key) { return uint32_t(key >> kEntryKeyShift); }

}  // namespace

// Eight bytes, so that the table stays in L2: the upper half of the key (the
// lower bits pick the slot) and a 16-bit generation. A false match only prunes a
// line, which the search may do anyway: the table orders, it proves nothing.
// Outside the anonymous namespace, as HelpmateTable (declared in helpmate.h) holds it.
struct HelpmateEntry {
  uint32_t key = 0;
  uint16_t generation = 0;
  int8_t units = 0;  // searched with this many units ...
  int8_t plies = 0;  // ... and plies left, without a mate
};

class HelpmateTable {
 public:
  HelpmateTable() = default;
  explicit HelpmateTable(size_t size) : size_(size) {}

  HelpmateEntry& slot(Key key) {
    if (slots_.empty()) slots_.assign(size_, HelpmateEntry{});  // on first use only
    return slots_[key & (size_ - 1)];
  }
  void prefetch(Key key) const {
    if (!slots_.empty()) __builtin_prefetch(&slots_[key & (size_ - 1)]);
  }
  uint16_t generation() const { return generation_; }
  // Makes every entry stale at once.
  void new_generation() {
    if (++generation_ == 0) {
      std::fill(slots_.begin(), slots_.end(), HelpmateEntry{});
      generation_ = 1;
    }
  }

 private:
  size_t size_ = kLargeTableSize;
  std::vector<HelpmateEntry> slots_;
  uint16_t generation_ = 0;
};

HelpmateTable* plan_table(int plan) {
  assert(plan >= 0 && plan < kMaxHelpmatePlans);
  thread_local std::array<HelpmateTable, kMaxHelpmatePlans> tables;  // filled on first use
  return &tables[size_t(plan)];
}

namespace {

thread_local HelpmateTable tl_small_table(kSmallTableSize);
thread_local HelpmateTable tl_large_table(kLargeTableSize);

// What rules out a mate without making the checking move: a square next to the
// loser's king, free of its own men, that the winner does not attack after the
// move, or a promotion that gives no check. The winner's attacks are taken with
// the loser's king lifted (a slider checking along a line covers the square
// behind the king). The moved man's old attacks are left out: only a man among
// `obstructions` (line_obstructions), which the screen never rules on, stands
// on a line from a long-range piece to a square around the loser's king, so
// leaving any other square changes no other man's attacks there, and the square
// entered can only block some (which hides a flight, never invents one). On the
// first 3,000 final positions of lichess-timeouts, 26,000 of the 72,000 checks
// probed left the king a flight hidden by the checker's own old attacks, and
// 12,000 the checker to take.
class FlightScreen {
 public:
  FlightScreen(const Position& pos, Color winner, Bitboard obstructions, const CheckInfo& info)
      : winner_(winner), lines_(obstructions), discoverers_(info.discoverers) {
    king_ = pos.king_square(~winner);
    occupied_ = pos.pieces() ^ core::square_bb(king_);
    loser_ = pos.pieces(~winner);
    flights_ = core::king_attacks(king_);
    pawns_ = pos.pieces(winner, PieceType::Pawn);
    for (Square s : core::squares(pos.pieces(winner) & ~pawns_)) {
      if (pieces_ == kMaxScreenedPieces) {  // not a position of chess: rule out nothing
        lines_ = ~Bitboard(0);
        return;
      }
      from_[pieces_] = s;
      attacks_[pieces_++] = core::piece_attacks(core::type_of(pos.piece_on(s)), s, occupied_);
    }
  }

  // True only when the move surely does not mate: it leaves the loser's king a
  // square to step to, or it promotes without giving check (castling, en passant
  // and moves that may open a line are never ruled out).
  bool rules_out_mate(const Position& pos, Move m) const {
    const core::MoveKind kind = m.kind();
    const Square from = m.from();
    if ((kind != core::MoveKind::Normal && kind != core::MoveKind::Promotion) ||
        core::contains(lines_, from))
      return false;
    const Bitboard to = core::square_bb(m.to());
    const Bitboard after = (occupied_ ^ core::square_bb(from)) | to;
    const PieceType pt =
        kind == core::MoveKind::Promotion ? m.promotion() : core::type_of(pos.moved_piece(m));
    const Bitboard attacks = pt == PieceType::Pawn ? core::pawn_attacks(winner_, m.to())
                                                   : core::piece_attacks(pt, m.to(), after);
    // A promotion checks only from its square or by uncovering a line.
    if (kind == core::MoveKind::Promotion && !core::contains(attacks, king_) &&
        !core::contains(discoverers_, from))
      return true;
    Bitboard covered = core::pawn_attacks_bb(winner_, pawns_ & ~core::square_bb(from));
    for (int i = 0; i < pieces_; ++i)
      if (from_[i] != from) covered |= attacks_[i];
    const Bitboard free = flights_ & ~(loser_ & ~to);
    return (free & ~(covered | attacks)) != 0;
  }

 private:
  Color winner_;
  Square king_ = Square::None;  // the loser's
  Bitboard occupied_ = 0;       // without the loser's king
  Bitboard loser_ = 0;
  Bitboard flights_ = 0;
  Bitboard pawns_ = 0;  // the winner's
  Bitboard lines_;
  Bitboard discoverers_;
  // The winner's pieces (not pawns) and what each attacks now.
  static constexpr int kMaxScreenedPieces = 16;  // a side's men in a legal position
  Square from_[kMaxScreenedPieces] = {};
  Bitboard attacks_[kMaxScreenedPieces] = {};
  int pieces_ = 0;
};

// Men standing between one of the winner's long-range pieces and the loser's
// king or a square next to it: moving them away opens a line for a mate.
Bitboard line_obstructions(const Position& pos, Color winner) {
  const Square king = pos.king_square(~winner);
  const Bitboard zone = core::king_attacks(king) | core::square_bb(king);
  const Bitboard occupied = pos.pieces();
  Bitboard lines = 0;
  const Bitboard sliders = pos.pieces(winner) & ~pos.pieces(PieceType::King, PieceType::Knight) &
                           ~pos.pieces(PieceType::Pawn);
  for (Square s : core::squares(sliders)) {
    const PieceType pt = core::type_of(pos.piece_on(s));
    for (Square z : core::squares(helpmate::empty_board_lines(pt, s) & zone))
      lines |= core::between(s, z);
  }
  return lines & occupied;
}

class Searcher {
 public:
  Searcher(const Position& root, Color winner, const HelpmateLimits& limits)
      : pos_(root),
        winner_(winner),
        loser_(~winner),
        limits_(limits),
        table_(limits.table                                 ? *limits.table
               : limits.node_budget >= kLargeTableMinBudget ? tl_large_table
                                                            : tl_small_table),
        classifier_(pos_, winner, limits.plan) {}

  HelpmateResult run() {
    HelpmateResult r;
    if (pos_.side_to_move() == loser_ && pos_.in_check() && core::has_no_legal_moves(pos_)) {
      r.found = true;  // already mate
      return r;
    }
    if (limits_.max_plies < 1) return r;  // no ply to play (find_helpmate's validation)
    // The line grows a ply at a time up to its cap: one allocation, not one per doubling.
    line_.reserve(size_t(limits_.max_plies));
    path_.reserve(size_t(limits_.max_plies) + 1);
    path_.push_back(pos_.key());
    if (search_pass(limits_.max_plies, limits_.max_units)) {
      r.found = true;
      r.line = line_;
    }
    r.nodes = nodes_;
    return r;
  }

 private:
  // Iterative deepening over units with a fixed ply cap. A resumed search keeps
  // the table: the iterations and subtrees an earlier slice finished are cut at
  // their first lookup.
  bool search_pass(int plies, int max_units) {
    if (!limits_.table || !limits_.resume) new_generation();  // a shared table never resumes
    for (int units = 0; units <= max_units && !aborted_; ++units)
      if (search(units, plies)) return true;
    return false;
  }

  void new_generation() { table_.new_generation(); }

  // Whether the position just reached stands earlier on the current line (only
  // the plies since the last capture or pawn move can hold it, and of those only
  // every other one: the key says who is to move, and path_ ends with the parent).
  bool repeats_on_line() const {
    const Key key = pos_.key();
    const size_t back = std::min(path_.size(), size_t(pos_.halfmove_clock()));
    for (size_t i = 2; i <= back; i += 2)
      if (path_[path_.size() - i] == key) return true;
    return false;
  }

  bool count_node() {
    if (++nodes_ > limits_.node_budget) aborted_ = true;
    return !aborted_;
  }

  // The winner to move with no units left: only a checking move may still mate.
  bool winner_mates_now(const core::MoveList& moves, const CheckInfo& info, Bitboard obstructions) {
    std::optional<FlightScreen> screen;
    for (Move m : moves) {
      if (!info.may_check(pos_, m)) continue;
      if (!count_node()) return false;
      if (!screen) screen.emplace(pos_, winner_, obstructions, info);
      if (screen->rules_out_mate(pos_, m)) continue;
      core::UndoInfo undo;
      pos_.make_move(m, undo);
      bool mate = pos_.in_check() && core::has_no_legal_moves(pos_);
      pos_.unmake_move(m, undo);
      if (mate) {
        line_.push_back(m);
        return true;
      }
    }
    return false;
  }

  // The winner has just queened. The plan chosen at the root (which corner, whether
  // the loser needs blockers) was made for the material before the promotion, so a
  // short search with a plan made for the new material, and units of its own, gets
  // the first try at the mate. Its table entries are dropped afterwards: they were
  // made under another plan (a plan's own table, which the probe never shares,
  // keeps them).
  bool probe_after_promotion(int plies) {
    if (plies <= 1 || limits_.node_budget <= nodes_) return false;
    HelpmateLimits probe = kPromotionProbe;
    probe.max_plies = std::min(probe.max_plies, plies);
    probe.node_budget = std::min(probe.node_budget, limits_.node_budget - nodes_);
    HelpmateResult r = Searcher(pos_, winner_, probe).run();
    nodes_ += r.nodes;
    if (!limits_.table) new_generation();
    if (!r.found) return false;
    line_.insert(line_.end(), r.line.begin(), r.line.end());
    return true;
  }

  // Whether `m` is one of the next moves of the hinted line, counted from how
  // deep the search is (the old line is followed in order, with some slack for
  // the moves the game played differently).
  bool in_hint(Move m) const {
    const size_t first = line_.size();
    const size_t last = std::min(limits_.hint.size(), first + kHintWindow);
    for (size_t i = first; i < last; ++i)
      if (limits_.hint[i].from() == m.from() && limits_.hint[i].to() == m.to()) return true;
    return false;
  }

  // Writes the sort key of a move that `units` lets the node try (see order).
  void keep_key(ScoredMove s, uint64_t index, int units, MoveKey* out, size_t& kept) const {
    if (!limits_.hint.empty() && in_hint(s.move())) {
      s.cost = int(MoveCost::Natural);
      s.score += kHintBonus;
    }
    if (s.cost <= units) {
      const int score = std::clamp(s.score, -kScoreBias + 1, kScoreBias - 1);
      out[kept++] = uint64_t(s.cost) << kCostShift | uint64_t(kScoreBias - score) << kScoreShift |
                    index << kIndexShift | s.bits;
    }
  }

  // Writes the keys of the moves `units` lets the node try, each classified by
  // `classify` (with `natural_only`, those may_be_natural rules out are skipped
  // unclassified). Returns whether one of them is natural.
  template <class Node, class Classify>
  bool keep_classified(const core::MoveList& moves, Node& node, Classify classify,
                       bool natural_only, int units, MoveKey* out, size_t& kept) const {
    bool natural = false;
    for (size_t i = 0; i < moves.size(); ++i) {
      if (natural_only && !classifier_.may_be_natural(moves[i], node)) continue;
      const ScoredMove s = classify(moves[i]);
      natural |= s.cost == int(MoveCost::Natural);
      keep_key(s, i, units, out, kept);
    }
    return natural;
  }

  // A node with no natural move: the side's best ordinary move (never the man on
  // `fixed`'s) is made free, so that it waits while the other side's plan goes on,
  // as a line of natural moves needs. Its key at ordinary cost, if kept, gives
  // way. Out of line: few nodes need it, and inlined it kept order() out of the
  // search (+0.5% of adjudicate's instructions).
  template <class Classify>
  [[gnu::noinline]] void free_waiting_move(const core::MoveList& moves, Classify classify,
                                           Square fixed, int units, MoveKey* out,
                                           size_t& kept) const {
    std::optional<size_t> best;
    ScoredMove waiting{};
    for (size_t i = 0; i < moves.size(); ++i) {
      // The fixed man's moves are never chosen: classifying them (the loser's
      // king steps) was a third of this function's instructions.
      if (moves[i].from() == fixed) continue;
      const ScoredMove s = classify(moves[i]);
      if (s.cost == int(MoveCost::Ordinary) && (!best || s.score > waiting.score)) {
        best = i;
        waiting = s;
      }
    }
    if (!best) return;
    MoveKey* end = out + kept;
    kept = size_t(
        std::remove_if(out, end, [&](MoveKey k) { return (k & kMoveMask) == waiting.bits; }) - out);
    waiting.cost = int(MoveCost::Natural);
    keep_key(waiting, *best, units, out, kept);
  }

  // Scores and sorts the moves that `units` lets the node try: cheapest first,
  // then best score. Returns how many keys it wrote to `out`. `info` is the
  // winner's CheckInfo when the winner is to move.
  size_t order(const core::MoveList& moves, const std::optional<CheckInfo>& info,
               Bitboard obstructions, int units, MoveKey* out) const {
    // A move costing more than `units` is never tried, so it gets no key; the
    // keys are distinct, so the moves kept are tried in the order a sort of every
    // move would give them. One integer per move: comparing fields one by one was
    // the costliest part of a node.
    size_t kept = 0;
    // With no units to spend only natural moves are kept: the others are screened
    // out by bit tests before they are classified (a hint makes any move natural).
    const bool natural_only = units == 0 && limits_.hint.empty();
    if (info) {
      MoveClassifier::WinnerNode node = classifier_.winner_node(*info, obstructions);
      auto classify = [&](Move m) { return classifier_.classify_winner_move(m, node); };
      // A winner whose king is shut in (and cannot step to keep its distance,
      // which would be natural) and none of whose men follow the plan waits too:
      // k7/1b6/2b5/8/8/1pB5/pP6/K7 w, where only the bishop can move while the
      // loser's king walks to c1 and its bishops to d1 and c2.
      if (!keep_classified(moves, node, classify, natural_only, units, out, kept) &&
          classifier_.winner_waits())
        free_waiting_move(moves, classify, Square::None, units, out, kept);
    } else {
      const MoveClassifier::LoserNode node = classifier_.loser_node(obstructions);
      auto classify = [&](Move m) { return classifier_.classify_loser_move(m, node); };
      // In the corner plans, with no natural move, the loser's best ordinary move
      // of a man other than its king is free: the loser waits (a piece shuffles
      // out of the way) while the winner's plan goes on, as a line of natural
      // moves needs. On the 400 set U(c) undecided falls from 53 to 48 of 800,
      // and the U(c) nodes on the final positions of lichess-timeouts by 20%.
      // Free king steps as well sent the king of K+Q v K away from its corner;
      // outside the corner plans the waiting move took the free line of
      // middlegame helpmates; a free waiting move for any winner (not only a shut-in
      // one, above), or for the loser whenever it has fewer than two natural
      // moves, lost both ways.
      if (!keep_classified(moves, node, classify, natural_only, units, out, kept) &&
          classifier_.corner_mode())
        free_waiting_move(moves, classify, node.king, units, out, kept);
    }
    if (units == 0 && kept > kFreeNaturalMoves) {
      // Only the free natural moves can be tried: pick them, sort nothing else.
      std::partial_sort(out, out + kFreeNaturalMoves, out + kept);
      kept = kFreeNaturalMoves;
    } else {
      std::sort(out, out + kept);
    }
    // Only the best natural moves are free: the planned line stays narrow.
    const bool loser_waits =
        !info && kept > 0 && key_cost(out[0]) == int(MoveCost::Natural) && is_waiting(out[0]);
    const size_t free_moves = loser_waits ? kFreeWaitingMoves : kFreeNaturalMoves;
    if (units == 0) kept = std::min(kept, free_moves);
    constexpr MoveKey kOrdinary = MoveKey(MoveCost::Ordinary) << kCostShift;
    for (size_t i = free_moves; i < kept && key_cost(out[i]) == int(MoveCost::Natural); ++i)
      out[i] |= kOrdinary;
    return kept;
  }

  // `new_material`: the move that led here captured or promoted (or this is the
  // root), so the material may have become one that cannot mate.
  bool search(int units, int plies, bool new_material = true) {
    const bool winner_to_move = pos_.side_to_move() == winner_;
    // 1. Cheap refusals before any move is generated: material that cannot mate,
    //    or a table entry saying this node was searched as deep without a mate
    //    (that search made the same probe for a mate in one).
    //    On the last ply only the winner's probe below is left to make.
    HelpmateEntry* entry = nullptr;
    if (plies > 1) {
      if (new_material && unwinnable_by_material(pos_, winner_)) return false;
      entry = &table_.slot(pos_.key());
      if (entry->generation == table_.generation() && entry->key == entry_key(pos_.key()) &&
          entry->units >= units && entry->plies >= plies)
        return false;
    } else if (!winner_to_move) {
      return false;
    }
    // 2. The moves, the winner's CheckInfo and the men on lines to the loser's
    //    king, made once per node for the probe for a mate in one and for the
    //    ordering both.
    core::MoveList moves;
    core::generate_legal(pos_, moves);
    std::optional<CheckInfo> info;
    if (winner_to_move) info.emplace(pos_, winner_);
    const Bitboard obstructions = line_obstructions(pos_, winner_);
    // 3. With no units left (or one ply), only a check that mates can still win.
    if (winner_to_move && (units == 0 || plies == 1)) {
      if (winner_mates_now(moves, *info, obstructions)) return true;
      if (plies == 1 || units > 0) return false;
      // Natural moves are still free: go on and follow them.
    }
    if (moves.empty()) return false;  // mates are caught when the move is made

    MoveKey keys[core::MoveList::kCapacity];
    const size_t n = order(moves, info, obstructions, units, keys);
    size_t tried = 0;
    for (size_t i = 0; i < n; ++i) {
      const int cost = key_cost(keys[i]);
      if (cost > units) break;  // sorted by cost: the rest cost too much
      if (limits_.width > 0 && cost > 0 && tried >= size_t(limits_.width)) break;
      ++tried;
      if (!count_node()) return false;
      const Move m = key_move(keys[i]);
      const bool noisy = pos_.is_noisy(m);
      core::UndoInfo undo;
      pos_.make_move(m, undo);
      if (repeats_on_line()) {
        // A line through a position it has already passed has a shorter twin.
        pos_.unmake_move(m, undo);
        continue;
      }
      // Brings the slot into the cache while the move is checked for mate, before
      // the node looks it up (a miss there was the costliest instruction of a node).
      table_.prefetch(pos_.key());
      line_.push_back(m);
      path_.push_back(pos_.key());
      bool found =
          (pos_.side_to_move() == loser_ && pos_.in_check() && core::has_no_legal_moves(pos_)) ||
          (winner_to_move && m.is_promotion() && m.promotion() == PieceType::Queen &&
           probe_after_promotion(plies - 1)) ||
          search(units - cost, plies - 1, noisy);
      if (found) return true;
      line_.pop_back();
      path_.pop_back();
      pos_.unmake_move(m, undo);
      if (aborted_) return false;
    }
    *entry = {entry_key(pos_.key()), table_.generation(), int8_t(units), int8_t(plies)};
    return false;
  }

  Position pos_;
  const Color winner_, loser_;
  const HelpmateLimits limits_;
  HelpmateTable& table_;
  const MoveClassifier classifier_;  // reads pos_: declared after it
  uint64_t nodes_ = 0;
  bool aborted_ = false;
  std::vector<Move> line_;
  std::vector<Key> path_;  // keys of the positions on the line, the root first
};

}  // namespace

HelpmateResult find_helpmate(const Position& pos, Color winner, const HelpmateLimits& limits) {
  // Limits outside their range search nothing rather than misbehave: a line needs a ply
  // and a non-negative number of units; the plan counts from 0.
  HelpmateLimits valid = limits;
  valid.plan = std::max(0, limits.plan);
  if (limits.max_units < 0) valid.max_plies = 0;  // run() then searches nothing
  return Searcher(pos, winner, valid).run();
}

}  // namespace arbiter::rules
