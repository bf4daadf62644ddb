// The alpha-beta search of one thread. Each numbered step says why it is there.
// The iterative deepening around it, the root and the path state are in worker.cpp.
//
// Measured in games (arbiter match, 1 thread, 16 MB, 8moves_v3, colours reversed):
// batch 1 = steps marked [b1], with the TT age fix and the time management of
// worker.cpp: +177.7 +/- 32.1 Elo at 5+0.05 against the search before it (SPRT
// [0, 10] accepted after 209 games). The steps in it are not yet measured one by one.
// batch 2 = steps marked [b2]: +45.6 +/- 22.0 Elo at 5+0.05 against batch 1 (SPRT
// [0, 10] accepted after 445 games).
// All of it (fdc6545) against the search before batch 1 (dd756d0), same net:
// +263.4 +/- 24.6 Elo at 10+0.1 in 600 games (+394 =196 -10).
// Step by step, measured by removal: a tuning build switches each step off
// (tunables.h, ARBITER_STEP) and scripts/step-elo plays it against itself. A step's
// "Elo:" line gives what it is worth (with it against without it), its 95% error bar,
// the time control and the games; "16 cores" marks runs of 16 games at once on a
// 16-core machine, the rest ran 2 at once on the 2-core one.
#include "arbiter/search/search.h"

#include <algorithm>
#include <cmath>

#include "arbiter/search/move_picker.h"
#include "arbiter/search/see.h"
#include "arbiter/search/tunables.h"

namespace arbiter::search {

using core::Move;
using core::PieceType;
using core::Position;
using core::UndoInfo;

namespace {

constexpr int kMaxMoves = 64;
constexpr int kQuietsTracked = 64;
constexpr int kNoisiesTracked = 32;
constexpr int kSingularDepthMargin = 3;  // the TT result may be this much shallower
constexpr int kProbcutDepthMargin = 3;   // a probcut result stands for this much less depth

// Late-move reductions by depth and move number: log-log, as reductions should
// grow slowly with both.
struct ReductionTable {
  int r[kMaxPly + 1][kMaxMoves];
  ReductionTable() { compute(); }
  void compute() {
    constexpr double kPercent = 100.0;
    const double base = tune::kLmrBasePercent / kPercent;
    const double divisor = tune::kLmrDivisorPercent / kPercent;
    for (int d = 0; d <= kMaxPly; ++d)
      for (int m = 0; m < kMaxMoves; ++m)
        r[d][m] = (d == 0 || m == 0)
                      ? 0
                      : int(base + std::log(double(d)) * std::log(double(m)) / divisor);
  }
  int get(int depth, int move_count) const {
    return r[std::min(depth, kMaxPly)][std::min(move_count, kMaxMoves - 1)];
  }
};
ReductionTable g_reductions;  // recomputed when a tuning build changes its inputs

bool has_non_pawn_material(const Position& pos, core::Color c) {
  return pos.pieces(c) & ~pos.pieces(PieceType::Pawn, PieceType::King);
}

int history_bonus(int depth) {
  return std::min(tune::kHistoryBonusMul * depth - tune::kHistoryBonusSub, tune::kHistoryBonusMax);
}

// Whether a TT score with this bound says the true score is at least / at most `score`.
bool tt_cuts(Bound bound, int tt_score, int alpha, int beta) {
  return bound == Bound::Exact || (bound == Bound::Lower && tt_score >= beta) ||
         (bound == Bound::Upper && tt_score <= alpha);
}

}  // namespace

void refresh_tuned_tables() { g_reductions.compute(); }

OrderingContext Worker::ordering_context(int ply) const {
  OrderingContext context;
  context.history = &history_;
  if (tune::kStepContinuationHistory)
    for (int i = 0; i < kContinuationCount; ++i)
      context.continuation[i] = at(ply - kContinuationPlies[i]).continuation;
  context.killers[0] = history_.killer(ply, 0);
  context.killers[1] = history_.killer(ply, 1);
  context.threat_aware = shared_.options.strength.limited();
  const PlyState& previous = at(ply - 1);
  if (previous.move.is_ok())
    context.counter = history_.counter(previous.moved_piece, previous.move.to());
  return context;
}

int Worker::move_history(Move m, bool quiet, const OrderingContext& context) const {
  if (quiet) return MovePicker::quiet_history(pos_, m, context);
  return history_.capture(pos_.moved_piece(m), m.to(), pos_.captured_type(m));
}

void Worker::update_continuations(int ply, core::Piece piece, core::Square to, int bonus) {
  if (!tune::kStepContinuationHistory) return;
  for (int i = 0; i < kContinuationCount; ++i)
    if (PieceToHistory* slice = at(ply - kContinuationPlies[i]).continuation)
      update_history_value((*slice)[core::index(piece)][core::index(to)], bonus);
}

void Worker::reward_quiet(int ply, Move m, int bonus, core::Color side, core::Piece piece) {
  history_.update_butterfly(side, m, bonus);
  update_continuations(ply, piece, m.to(), bonus);
}

void Worker::update_histories(int ply, int depth, Move best, bool best_quiet, const Move* quiets,
                              int quiet_count, const Move* noisies, int noisy_count) {
  const int bonus = history_bonus(depth);
  const core::Color us = pos_.side_to_move();
  if (best_quiet) {
    history_.add_killer(ply, best);
    const PlyState& previous = at(ply - 1);
    if (previous.move.is_ok()) history_.set_counter(previous.moved_piece, previous.move.to(), best);
    history_.update_butterfly(us, best, bonus);
    update_continuations(ply, pos_.moved_piece(best), best.to(), bonus);
    for (int i = 0; i < quiet_count; ++i) {
      history_.update_butterfly(us, quiets[i], -bonus);
      update_continuations(ply, pos_.moved_piece(quiets[i]), quiets[i].to(), -bonus);
    }
  } else {
    history_.update_capture(pos_.moved_piece(best), best.to(), pos_.captured_type(best), bonus);
  }
  for (int i = 0; i < noisy_count; ++i)
    history_.update_capture(pos_.moved_piece(noisies[i]), noisies[i].to(),
                            pos_.captured_type(noisies[i]), -bonus);
}

template <Worker::Node N>
int Worker::search(int alpha, int beta, int depth, int ply, bool cut_node) {
  constexpr bool kPv = N == Node::PV;
  // 1. At the horizon, settle the captures first (no stand-pat blunders).
  if (depth <= 0) return qsearch<N>(alpha, beta, ply);

  if (!enter_node(ply, kPv)) return 0;
  const bool in_check = pos_.in_check();
  if (ply >= kMaxPly) return in_check ? kDrawScore : eval_.evaluate(pos_);
  PlyState& ss = at(ply);
  const Move excluded = ss.excluded;

  // 2. Draws by repetition, the fifty-move rule or material end the line here.
  if (is_draw(ply)) return kDrawScore;

  // 3. Mate distance pruning: no line from here beats a mate already found closer to the root.
  alpha = std::max(alpha, mated_in(ply));
  beta = std::min(beta, mate_in(ply + 1));
  if (alpha >= beta) return alpha;

  // 4. Transposition table: reuse a deep enough result, and its move for ordering. A
  // singular search (a move excluded) reads the entry of its own node but never cuts on it.
  TTData tt;
  const bool tt_hit = shared_.tt->probe(pos_.key(), tt);
  const Move tt_move = tt_hit ? tt.move : Move::none();
  const int tt_score = tt_hit ? score_from_tt(tt.score, ply) : kNoScore;
  if (!excluded) ss.tt_pv = kPv || (tt_hit && tt.pv);
  if (!kPv && !excluded && tt_hit && tt.depth >= depth && tt_score != kNoScore &&
      tt_cuts(tt.bound, tt_score, alpha, beta)) {
    // No history reward for a quiet TT move that cuts here: it gained nothing (-2.6 +/- 20.7
    // Elo at 5+0.05 in 400 games, by removal) and was taken out.
    return tt_score;
  }

  // 5. [b1] Static evaluation, corrected by what searches found for this pawn structure, then
  // sharpened by the TT score when its bound allows.
  // Elo (the correction, 5 and 17): +4.8 +/- 35.6 at 5+0.05, 148 games, 16 cores.
  int raw_eval = kNoScore, static_eval = kNoScore, eval = kNoScore;
  if (excluded) {
    static_eval = eval = ss.static_eval;
  } else if (!in_check) {
    raw_eval = (tt_hit && tt.eval != kNoScore) ? tt.eval : eval_.evaluate(pos_);
    static_eval = eval = correction_.corrected(pos_, raw_eval);
    if (tt_score != kNoScore &&
        (tt.bound == Bound::Exact || (tt.bound == Bound::Lower) == (tt_score > eval)))
      eval = tt_score;
  }
  ss.static_eval = static_eval;
  const int earlier_eval =
      at(ply - 2).static_eval != kNoScore ? at(ply - 2).static_eval : at(ply - 4).static_eval;
  const bool improving = !in_check && earlier_eval != kNoScore && static_eval > earlier_eval;

  // 6. No reverse futility pruning (returning when the static evaluation stands a margin
  // per ply left above beta, at depth 7 or less): it has never won at a clock here.
  // Before, with evaluations sharpened by the TT score: `return eval` off PV nodes -32.5
  // +/- 39.9 Elo in 152 games and -17.9 +/- 27.6 in 257 (5+0.05, 16 cores), `return
  // (eval + beta) / 2` off TT-PV nodes -20.9 +/- 22.9 in 400 (5+0.05); `git show 9ac22f9`
  // has that code. Tried again with gen6 (2026-11-29, margin 75, against none, 8moves_v3,
  // 1 thread). At 10,000 nodes a move, sharpened: -54.6 +/- 18.5 (1,000 games; margin
  // 120 -38.4 +/- 19.3; returning beta -76.5 +/- 25.8 in 600; up to depth 5 +11.3 +/-
  // 29.6, depth 3 +58.5 +/- 25.4, depth 2 +54.3 +/- 29.3). With the plain static
  // evaluation in the test and as the value returned: +65.6 +/- 25.1 at 10,000 nodes (600),
  // +37.5 +/- 27.2 at 40,000 (400), and at 10+0.1 +3.5 +/- 29.0 (200 games, +43 =116 -41, SPRT
  // [0, 10] LLR -0.07 when stopped), though it searched a ply deeper (median depth 18
  // against 17 at the same time a move): the gain fades as the searches get deeper, as
  // the sharpened form's up-to-depth-3 did (+3.5 +/- 25.2 at 40,000 nodes). The pruning
  // errors cost about what the extra ply gains; a net whose large evaluations are more
  // often right should change that. Null move (7) searches those nodes instead.

  // 7. Null move pruning: if passing still fails high, a real move surely would (not in
  // zugzwang-prone endings).
  // Elo: +54.4 +/- 40.7 at 5+0.05, 148 games, 16 cores.
  if (tune::kStepNullMove && !kPv && !in_check && !excluded && depth >= tune::kNullMoveMinDepth &&
      eval >= beta && static_eval >= beta && !ss.null_move && !is_mate_score(beta) &&
      has_non_pawn_material(pos_, pos_.side_to_move())) {
    const int r =
        tune::kNullMoveBaseReduction + depth / tune::kNullMoveDepthDivisor +
        std::min((eval - beta) / tune::kNullMoveEvalDivisor, tune::kNullMoveMaxEvalReduction);
    UndoInfo undo;
    make_null(undo, ply);
    const int score = -search<Node::NonPV>(-beta, -beta + 1, depth - r, ply + 1, !cut_node);
    unmake_null(undo);
    if (stop_requested()) return 0;
    if (score >= beta) return is_mate_score(score) ? beta : score;
  }

  // 8. Internal iterative reduction: without a TT move this node is probably less important.
  // Elo: +6.9 +/- 19.1 at 5+0.05, 400 games on 2 cores (+73 =262 -65); -23.5 +/- 34.3 and
  // -22.0 +/- 29.0 in 148 and 160 games, 16 cores. Kept: the 16-core figures are not
  // confirmed where the games are not crowded.
  if (tune::kStepIir && depth >= tune::kIirMinDepth && !tt_move && (kPv || cut_node)) --depth;

  // 9. [b1] ProbCut: a good capture that beats beta by a margin in a shallow search refutes this
  // node, unless the TT already says it does not.
  // Elo: +4.9 +/- 37.3 at 5+0.05, 144 games, 16 cores; +17.7 +/- 30.8 in 216 more
  // (+53 =121 -42, 16 cores).
  const int probcut_beta = beta + tune::kProbcutMargin - tune::kProbcutImproving * improving;
  if (tune::kStepProbcut && !kPv && !in_check && !excluded && depth >= tune::kProbcutMinDepth &&
      !is_mate_score(beta) &&
      !(tt_hit && tt.depth >= depth - kProbcutDepthMargin && tt_score != kNoScore &&
        tt_score < probcut_beta)) {
    const OrderingContext context = ordering_context(ply);
    MovePicker picker(pos_, tt_move, context, MovePicker::Mode::Noisy, probcut_beta - static_eval);
    for (Move m = picker.next(); m; m = picker.next()) {
      UndoInfo undo;
      make(m, undo, ply);
      int score = -qsearch<Node::NonPV>(-probcut_beta, -probcut_beta + 1, ply + 1);
      if (score >= probcut_beta)
        score = -search<Node::NonPV>(-probcut_beta, -probcut_beta + 1,
                                     depth - tune::kProbcutReduction, ply + 1, !cut_node);
      unmake(m, undo);
      if (stop_requested()) return 0;
      if (score >= probcut_beta) {
        shared_.tt->store(pos_.key(), m, score_to_tt(score, ply), raw_eval,
                          depth - kProbcutDepthMargin, Bound::Lower, ss.tt_pv);
        return score;
      }
    }
  }

  // 10. [b1] The move loop, best-ordered first by the staged picker.
  // Elo (continuation histories in ordering, 10 and 15): +63.7 +/- 39.7 at 5+0.05, 161 games,
  // 16 cores.
  const OrderingContext context = ordering_context(ply);
  MovePicker picker(pos_, tt_move, context, MovePicker::Mode::All);
  history_.clear_killers(ply + 1);
  const bool tt_capture = tt_move && pos_.is_noisy(tt_move);
  const Position::CheckInfo check_info = pos_.check_info();
  int best = -kInfinite, move_count = 0;
  Move best_move = Move::none();
  Move quiets[kQuietsTracked], noisies[kNoisiesTracked];
  int quiet_count = 0, noisy_count = 0;

  for (Move m = picker.next(); m; m = picker.next()) {
    if (m == excluded) continue;
    const bool quiet = picker.last_was_quiet();
    const bool gives_check = pos_.gives_check(m, check_info);
    ++move_count;

    // 11. Prune late moves at low depth once a non-losing move is in hand (never checks).
    const bool may_prune = best > -kMateInMaxPly && !in_check && !gives_check;
    if (may_prune && quiet) {
      // Late move pruning: past this count the remaining quiets are hopeless (but a
      // quiet check further down may still mate, so they are skipped one by one).
      // Elo: +38.0 +/- 34.7 at 5+0.05, 156 games, 16 cores.
      if (tune::kStepLateMovePruning && depth <= tune::kLmpMaxDepth &&
          move_count > tune::kLmpBase + depth * depth / (improving ? 1 : 2))
        continue;
      // Futility: a quiet move cannot lift a hopeless static evaluation to alpha.
      // Elo: +25.2 +/- 19.1 at 5+0.05, 400 games.
      if (tune::kStepFutility && depth <= tune::kFutilityMaxDepth &&
          static_eval + tune::kFutilityBase + tune::kFutilityPerDepth * depth <= alpha)
        continue;
    }
    // Looked up only for the moves that get this far: four table reads, often cache
    // misses, which the moves pruned above used to pay too.
    const int history = move_history(m, quiet, context);
    if (may_prune) {
      if (quiet) {
        // [b1] History pruning: moves that kept failing here are not worth a look.
        // Elo: +7.8 +/- 19.9 at 5+0.05, 400 games; -4.8 +/- 31.0 in 148 games, 16 cores.
        if (tune::kStepHistoryPruning && depth <= tune::kHistoryPruneMaxDepth &&
            history < -tune::kHistoryPruneMargin * depth)
          continue;
        // SEE pruning (quiets here, captures below): moves that lose material at once.
        // Elo (both): +15.2 +/- 31.5 at 5+0.05, 162 games, 16 cores.
        if (tune::kStepSeePruning && depth <= tune::kSeePruneMaxDepth &&
            !see_at_least(pos_, m, -tune::kSeeQuietMargin * depth))
          continue;
      } else if (tune::kStepSeePruning && depth <= tune::kSeePruneMaxDepth &&
                 !see_at_least(pos_, m, -tune::kSeeCaptureMargin * depth)) {
        continue;
      }
    }

    // 12. [b1] Extensions. Singular: when the TT move alone holds the score (every other move
    // fails well below it), it is searched deeper; by far more it gets two or three plies.
    // Multi-cut: when another move also holds beta, the node fails high at once. Negative:
    // when the TT move is not singular but expected to cut anyway, it is searched shallower.
    // Elo (singular, with multi-cut and negative extensions): +16.9 +/- 40.5 at 5+0.05,
    // 144 games, 16 cores. No check extension: a ply for every check lost -18.3 +/- 18.3
    // at 5+0.05 in 400 games on 2 cores (+61 =257 -82), and -27.9 +/- 34.9 and -15.8 +/-
    // 34.5 in 151 and 157 games on 16 cores. Checks are reduced less instead (13).
    int extension = 0;
    if (ply < 2 * root_depth_) {
      if (tune::kStepSingularExtension && !excluded && m == tt_move &&
          depth >= tune::kSingularMinDepth && tt.depth >= depth - kSingularDepthMargin &&
          (tt.bound == Bound::Lower || tt.bound == Bound::Exact) && tt_score != kNoScore &&
          !is_mate_score(tt_score)) {
        const int singular_beta = tt_score - tune::kSingularMarginPer16Depth * depth / 16;
        ss.excluded = m;
        const int score =
            search<Node::NonPV>(singular_beta - 1, singular_beta, (depth - 1) / 2, ply, cut_node);
        ss.excluded = Move::none();
        if (stop_requested()) return 0;
        if (score < singular_beta) {
          extension = 1;
          if (!kPv && ss.double_extensions < tune::kSingularMaxDoubleExtensions &&
              score < singular_beta - tune::kSingularDoubleMargin)
            extension = 2 + (quiet && score < singular_beta - tune::kSingularTripleMargin);
        } else if (singular_beta >= beta) {
          return singular_beta;
        } else if (tt_score >= beta) {
          extension = kPv ? -1 : -2;
        } else if (cut_node) {
          extension = -2;
        } else if (tt_score <= alpha) {
          extension = -1;
        }
      }
    }

    UndoInfo undo;
    make(m, undo, ply);
    at(ply + 1).double_extensions = ss.double_extensions + (extension >= 2);
    // A child searched only with a null window writes no PV: never copy an older one.
    if (kPv) pv_length_[ply + 1] = 0;
    const int new_depth = depth - 1 + extension;
    int score;
    if (move_count == 1) {
      score = -search<N>(-beta, -alpha, new_depth, ply + 1, kPv ? false : !cut_node);
    } else {
      // 13. [b1] Late move reductions: later quiet moves are searched shallower first; less
      // on (once) principal variations, for checks and for moves with a good history;
      // more at expected cut nodes, when not improving and after a capturing TT move.
      // [b2] Late noisy moves are reduced too, by capture history, off TT-PV nodes.
      // Elo (all of LMR): +169.6 +/- 37.9 at 5+0.05, 149 games, 16 cores. Elo (less for a
      // good history, more for a bad one): +35.8 +/- 37.2, 147 games, 16 cores. Elo (late
      // noisy moves reduced): +30.5 +/- 21.2, 400 games. Taken out: one more ply when the
      // children kept cutting (+6.9 +/- 18.6 in 400 games, -11.0 +/- 31.4 in 221 on 16 cores).
      int r = 0;
      if (tune::kStepLateMoveReductions && depth >= tune::kLmrMinDepth &&
          (quiet || (tune::kStepNoisyReductions && !ss.tt_pv))) {
        r = g_reductions.get(depth, move_count) + cut_node - gives_check;
        if (quiet)
          r += !improving + tt_capture - kPv - (ss.tt_pv && !kPv) -
               (tune::kStepReductionByHistory ? history / tune::kLmrHistoryDivisor : 0);
        else
          r -= 1 + history / tune::kLmrCaptureHistoryDivisor;
        r = std::max(0, std::min(r, new_depth - 1));
      }
      score = -search<Node::NonPV>(-alpha - 1, -alpha, new_depth - r, ply + 1, true);
      if (score > alpha && r > 0) {
        // [b2] How far the reduced search beat alpha decides the depth of the re-search.
        // Elo: +25.7 +/- 33.3 at 5+0.05, 217 games, 16 cores (+64 =105 -48).
        const int full_depth =
            !tune::kStepReSearchDepth
                ? new_depth
                : new_depth +
                      (score >
                       best + tune::kLmrDeeperMargin + tune::kLmrDeeperPerDepth * new_depth) -
                      (score < best + tune::kLmrDeeperPerDepth * new_depth && new_depth > 1);
        score = -search<Node::NonPV>(-alpha - 1, -alpha, full_depth, ply + 1, !cut_node);
      }
      // 14. PVS: a move that beats alpha in a PV node earns a full-window search.
      if (kPv && score > alpha && score < beta)
        score = -search<Node::PV>(-beta, -alpha, new_depth, ply + 1, false);
    }
    unmake(m, undo);
    if (stop_requested()) return 0;

    if (score > best) {
      best = score;
      if (score > alpha) {
        best_move = m;
        if (kPv) update_pv(ply, m);
        if (score >= beta) {
          // 15. [b1] A cutoff teaches the histories (butterfly, continuation, capture), the
          // killers and the counter move; the moves tried before it lose credit. Not taken:
          // a butterfly history apart by whether the move leaves or enters an attacked square
          // (-19.3 +/- 28.9 Elo at 5+0.05, 199 games; branch threat-history).
          update_histories(ply, depth, m, quiet, quiets, quiet_count, noisies, noisy_count);
          break;
        }
        alpha = score;
      }
    }
    if (m != best_move) {
      if (quiet && quiet_count < kQuietsTracked) quiets[quiet_count++] = m;
      if (!quiet && noisy_count < kNoisiesTracked) noisies[noisy_count++] = m;
    }
  }

  // 16. No legal move: mate or stalemate (a singular search: only the excluded move).
  if (move_count == 0) return excluded ? alpha : in_check ? mated_in(ply) : kDrawScore;

  // 17. [b1] Remember the result (a fail-low has no best move worth storing), and teach the
  // correction history how far the static evaluation was off, when the bound says so.
  const Bound bound = best >= beta         ? Bound::Lower
                      : (kPv && best_move) ? Bound::Exact
                                           : Bound::Upper;
  if (!excluded) {
    // [b2] Every move failed low: the opponent's quiet move that led here was a good one.
    // Elo: +7.9 +/- 28.8 at 5+0.05, 221 games, 16 cores (+46 =134 -41).
    const PlyState& previous = at(ply - 1);
    if (tune::kStepPriorMoveReward && bound == Bound::Upper && previous.move.is_ok() &&
        !previous.noisy_move)
      reward_quiet(ply - 1, previous.move, history_bonus(depth), ~pos_.side_to_move(),
                   previous.moved_piece);
    shared_.tt->store(pos_.key(), best_move, score_to_tt(best, ply), raw_eval, depth, bound,
                      ss.tt_pv);
    if (!in_check && !is_mate_score(best) && !(best_move && pos_.is_noisy(best_move)) &&
        !(bound == Bound::Lower && best <= static_eval) &&
        !(bound == Bound::Upper && best >= static_eval))
      correction_.update(pos_, best, raw_eval, depth);
  }
  return best;
}

template <Worker::Node N>
int Worker::qsearch(int alpha, int beta, int ply) {
  constexpr bool kPv = N == Node::PV;
  if (!enter_node(ply, kPv)) return 0;
  const bool in_check = pos_.in_check();
  if (ply >= kMaxPly) return in_check ? kDrawScore : eval_.evaluate(pos_);
  // Rule draws end a line here too: a quiet move into a repetition (or the 100th
  // halfmove) at the horizon must not be scored, or reported, as if play went on.
  if (is_draw(ply)) return kDrawScore;

  // 1. The TT may already know this position.
  TTData tt;
  const bool tt_hit = shared_.tt->probe(pos_.key(), tt);
  const int tt_score = tt_hit ? score_from_tt(tt.score, ply) : kNoScore;
  const bool tt_pv = kPv || (tt_hit && tt.pv);
  if (!kPv && tt_hit && tt_score != kNoScore && tt_cuts(tt.bound, tt_score, alpha, beta))
    return tt_score;

  // 2. Stand pat: the side to move may decline every capture (not when in check). The
  // corrected static evaluation, sharpened by the TT score when its bound allows.
  int best = -kInfinite, raw_eval = kNoScore, static_eval = kNoScore;
  if (!in_check) {
    raw_eval = (tt_hit && tt.eval != kNoScore) ? tt.eval : eval_.evaluate(pos_);
    static_eval = best = correction_.corrected(pos_, raw_eval);
    if (tt_score != kNoScore && !is_mate_score(tt_score) &&
        (tt.bound == Bound::Exact || (tt.bound == Bound::Lower) == (tt_score > best)))
      best = tt_score;
    if (best >= beta) return best;
    alpha = std::max(alpha, best);
  }

  // 3. Captures and queen promotions that do not lose material (every evasion when in check).
  const OrderingContext context = ordering_context(ply);
  MovePicker picker(pos_, tt_hit ? tt.move : Move::none(), context, MovePicker::Mode::Noisy);
  const int futility_base = static_eval + tune::kQsearchFutilityMargin;
  Move best_move = Move::none();
  int move_count = 0;
  for (Move m = picker.next(); m; m = picker.next()) {
    ++move_count;
    if (!in_check && !m.is_promotion()) {
      // Delta pruning: even winning this piece cannot lift the score to alpha.
      if (static_eval + kSeeValue[core::index(pos_.captured_type(m))] + tune::kQsearchDeltaMargin <=
          alpha)
        continue;
      // Futility: far below alpha, a capture that wins nothing cannot help.
      // Elo: +10.4 +/- 20.3 at 5+0.05, 400 games.
      if (tune::kStepQsearchFutility && futility_base <= alpha && !see_at_least(pos_, m, 1))
        continue;
    }
    UndoInfo undo;
    make(m, undo, ply);
    const int score = -qsearch<N>(-beta, -alpha, ply + 1);
    unmake(m, undo);
    if (stop_requested()) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        best_move = m;
        if (kPv) update_pv(ply, m);
        if (score >= beta) break;
        alpha = score;
      }
    }
  }
  if (in_check && move_count == 0) return mated_in(ply);
  const Bound bound = best >= beta ? Bound::Lower : Bound::Upper;
  shared_.tt->store(pos_.key(), best_move, score_to_tt(best, ply), raw_eval, 0, bound, tt_pv);
  return best;
}

// The root search (worker.cpp) calls both kinds of node.
template int Worker::search<Worker::Node::PV>(int, int, int, int, bool);
template int Worker::search<Worker::Node::NonPV>(int, int, int, int, bool);

}  // namespace arbiter::search
