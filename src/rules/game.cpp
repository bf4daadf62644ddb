// The game and its verdicts: the evaluation order of spec 3.1 after every ply,
// and the events of 3.2-3.5. Edition differences come from the RuleSet only.
#include "arbiter/rules/game.h"

#include <cassert>

#include "arbiter/core/fen.h"
#include "arbiter/core/movegen.h"
#include "arbiter/core/notation.h"

namespace arbiter::rules {

using core::Color;
using core::Move;
using core::Position;

std::optional<ClaimMode> parse_claim_mode(std::string_view name) {
  if (name == "strict") return ClaimMode::Strict;
  if (name == "proxy-claim") return ClaimMode::ProxyClaim;
  return std::nullopt;
}

std::optional<IllegalMovePolicy> parse_illegal_move_policy(std::string_view name) {
  if (name == "fide") return IllegalMovePolicy::Fide;
  if (name == "forfeit") return IllegalMovePolicy::Forfeit;
  return std::nullopt;
}

Game::Game(const GameOptions& options) : Game(Position::start_position(), options) {}

Game::Game(const Position& setup, const GameOptions& options)
    : options_(options), rules_(&rule_set(options.edition)) {
  reset(setup);
}

Result<Game> Game::from_fen(std::string_view fen, const GameOptions& options, bool chess960) {
  auto parsed = core::parse_fen(fen, chess960);
  if (!parsed) return Error{parsed.error()};
  return Game(parsed.value(), options);
}

void Game::reset(const Position& setup) {
  start_ = setup;
  if (!options_.trust_fen_halfmove_clock)
    start_.set_counters(0, start_.fullmove_number());  // counters are not part of the key
  pos_ = start_;
  history_.reset(pos_.key());
  helpmate_memory_.clear();
  moves_.clear();
  claim_records_.clear();
  claim_recorded_ = {};
  penalties_.clear();
  illegal_moves_ = {};
  moves_made_ = {};
  pending_offer_.reset();
  plies_after_end_ = 0;
  outcome_ = Outcome{};
  // A set-up position may already be over (mate, stalemate, dead, 150 plies).
  conclude_position(Move::none(), nullptr);
}

// --- Moves ---------------------------------------------------------------------

const Outcome& Game::play(Move m) {
  if (finished()) {
    ++plies_after_end_;
    return outcome_;
  }
  if (!m.is_ok() || !pos_.is_legal(m)) return illegal_move(pos_.side_to_move());
  return play_legal(m);
}

const Outcome& Game::play_legal(Move m) {
  if (finished()) {
    ++plies_after_end_;
    return outcome_;
  }
  const Color mover = pos_.side_to_move();
  const uint8_t rights = pos_.castling_rights();
  core::UndoInfo undo;
  pos_.make_move(m, undo);
  record_ply(m, mover, rights, undo);
  return outcome_;
}

const Outcome& Game::play_legal(Move m, const Position& after) {
  if (finished()) {
    ++plies_after_end_;
    return outcome_;
  }
#ifndef NDEBUG
  Position made = pos_;
  core::UndoInfo check;
  made.make_move(m, check);
  assert(made.key() == after.key() && "play_legal: `after` is not the position after the move");
#endif
  const Color mover = pos_.side_to_move();
  const uint8_t rights = pos_.castling_rights();
  // finish() steps back with it to spell the move.
  const core::UndoInfo undo = pos_.undo_info(m);
  // The caller's count may include a FEN counter this game ignores; zeroing
  // plies are the same for both.
  const int halfmove_clock = after.halfmove_clock() == 0 ? 0 : pos_.halfmove_clock() + 1;
  pos_ = after;
  pos_.set_counters(halfmove_clock, after.fullmove_number());
  record_ply(m, mover, rights, undo);
  return outcome_;
}

void Game::record_ply(Move m, Color mover, uint8_t rights_before, const core::UndoInfo& undo) {
  moves_.push_back(m);
  ++moves_made_[core::index(mover)];
  // Zeroing plies and lost castling rights close the repetition window.
  const bool irreversible = pos_.halfmove_clock() == 0 || pos_.castling_rights() != rights_before;
  history_.push(pos_.key(), irreversible);
  // Moving instead of accepting declines the opponent's offer (9.1.2.3).
  if (pending_offer_ == ~mover) pending_offer_.reset();
  conclude_position(m, &undo);
}

// Spec 3.1: mate first (it beats 9.6.2 and any claim), then the automatic draws
// in a fixed order, then claims.
void Game::conclude_position(Move last, const core::UndoInfo* undo) {
  const Articles& art = rules_->articles;
  // Up to two: none is mate or stalemate, one a forced reply for the dead check.
  const uint64_t legal_moves = core::count_legal_moves_capped(pos_, 1);
  if (legal_moves == 0) {
    if (pos_.in_check())
      finish(win_for(~pos_.side_to_move()), Reason::Checkmate, art.checkmate, last, undo);
    else
      finish(GameResult::Draw, Reason::Stalemate, art.stalemate, last, undo);
    return;
  }
  const DeadPositionResult dead =
      analyse_dead_position(pos_, legal_moves, options_.winnability, &helpmate_memory_);
  if (dead.undecided) outcome_.undecided = true;
  if (dead.dead) {
    finish(GameResult::Draw, Reason::DeadPosition, art.dead_position, last, undo);
    return;
  }
  if (rules_->automatic_fivefold && history_.occurrences() >= rules_->fivefold_occurrences) {
    // Occurrences in one uninterrupted cycle satisfy even the strict reading.
    outcome_.ambiguous_wording =
        rules_->fivefold_wording_ambiguous && !history_.occurrences_evenly_spaced();
    finish(GameResult::Draw, Reason::FivefoldRepetition, art.fivefold, last, undo);
    return;
  }
  if (rules_->automatic_seventy_five && pos_.halfmove_clock() >= rules_->seventy_five_plies) {
    finish(GameResult::Draw, Reason::SeventyFiveMoves, art.seventy_five, last, undo);
    return;
  }
  if (options_.record_claims) record_claims();
  if (options_.claim_mode == ClaimMode::ProxyClaim) proxy_claim(last, undo);
}

void Game::record_claims() {
  const bool threefold_done = claim_recorded_[static_cast<int>(ClaimType::Threefold)];
  const bool fifty_done = claim_recorded_[static_cast<int>(ClaimType::FiftyMoves)];
  if (threefold_done && fifty_done) return;
  // Most plies open no claim: skip building the availability (and its move list).
  const int hmc = pos_.halfmove_clock();
  if (history_.occurrences() < rules_->threefold_occurrences &&
      !history_.next_side_has_repeated_position() && hmc + 1 < rules_->fifty_plies)
    return;
  const ClaimAvailability open = claimable();
  auto add = [&](ClaimType type, Move move) {
    claim_recorded_[static_cast<int>(type)] = true;
    claim_records_.push_back({type, ply(), pos_.side_to_move(), move,
                              move.is_ok() ? core::to_san(pos_, move) : std::string()});
  };
  if (!threefold_done && open.threefold())
    add(ClaimType::Threefold, open.threefold_now ? Move::none() : open.threefold_moves[0]);
  if (!fifty_done && open.fifty()) add(ClaimType::FiftyMoves, open.fifty_move);
}

// The arbiter claims for the player who could: the mover, with the move just
// played (9.2.1, 9.3.1), or at the start the side to move (9.3.2). Mate on that
// ply has already been handled: the mover chose to mate rather than claim.
bool Game::proxy_claim(Move last, const core::UndoInfo* undo) {
  const Articles& art = rules_->articles;
  const bool after_move = last.is_ok();
  if (history_.occurrences() >= rules_->threefold_occurrences) {
    finish(GameResult::Draw, Reason::ThreefoldClaim,
           after_move ? art.threefold_with_move : art.threefold_now, last, undo);
    return true;
  }
  if (pos_.halfmove_clock() >= rules_->fifty_plies) {
    finish(GameResult::Draw, Reason::FiftyMovesClaim,
           after_move ? art.fifty_with_move : art.fifty_now, last, undo);
    return true;
  }
  return false;
}

void Game::finish(GameResult result, Reason reason, std::string_view article, Move move,
                  const core::UndoInfo* undo) {
  outcome_.result = result;
  outcome_.reason = reason;
  outcome_.article = article;
  outcome_.ply = ply();
  outcome_.move = move;
  outcome_.move_san.clear();
  if (move.is_ok()) {
    if (undo) {
      // The move is on the board: SAN needs the position before it.
      Position before = pos_;
      before.unmake_move(move, *undo);
      outcome_.move_san = core::to_san(before, move);
    } else {
      outcome_.move_san = core::to_san(pos_, move);  // an announced, unplayed move
    }
  }
}

// --- Events other than moves ------------------------------------------------------

void Game::lose_unless_opponent_cannot_mate(Color loser, Reason reason, std::string_view article,
                                            bool proviso) {
  if (proviso) {
    const WinnabilityResult r = analyse_winnability(pos_, ~loser, options_.winnability);
    if (r.verdict == Winnability::Unwinnable) {
      finish(GameResult::Draw, reason, article);
      return;
    }
    // Undecided counts as "can still mate" (spec 8.5), and the verdict says so.
    if (r.verdict == Winnability::Undecided) outcome_.undecided = true;
  }
  finish(win_for(~loser), reason, article);
}

void Game::add_penalty(PenaltyCause cause, Color offender, int bonus_seconds, int cut_max_seconds,
                       std::string_view article) {
  penalties_.push_back({cause, ply(), offender, bonus_seconds, cut_max_seconds, article});
}

const Outcome& Game::illegal_move(Color offender) {
  if (finished()) return outcome_;
  const IllegalMoveRule& rule = rules_->illegal_move_rule(options_.time_control);
  const bool forfeit = options_.illegal_moves == IllegalMovePolicy::Forfeit;
  const int strikes = ++illegal_moves_[core::index(offender)];
  const int strikes_to_lose = forfeit ? 1 : rule.strikes_to_lose;
  if (strikes >= strikes_to_lose)
    lose_unless_opponent_cannot_mate(offender, Reason::IllegalMove, rule.article,
                                     forfeit || rule.opponent_cannot_mate_draws);
  else
    add_penalty(PenaltyCause::IllegalMove, offender, rule.penalty_seconds, 0, rule.article);
  return outcome_;
}

const Outcome& Game::flag(Color flagged) {
  // A game already ended (mate, dead position, 9.6 ...) stays ended (6.9 excepts it).
  if (finished()) return outcome_;
  lose_unless_opponent_cannot_mate(flagged, Reason::TimeForfeit, rules_->articles.time_forfeit,
                                   true);
  return outcome_;
}

const Outcome& Game::both_flags(bool last_period) {
  if (finished() || !last_period) return outcome_;
  finish(GameResult::Draw, Reason::TimeForfeit, rules_->articles.both_flags);
  return outcome_;
}

const Outcome& Game::resign(Color player) {
  if (finished()) return outcome_;
  lose_unless_opponent_cannot_mate(player, Reason::Resignation, rules_->articles.resignation,
                                   rules_->resignation_proviso);
  return outcome_;
}

void Game::offer_draw(Color player) {
  if (!finished()) pending_offer_ = player;
}

const Outcome& Game::accept_draw(Color player) {
  if (finished() || pending_offer_ != ~player) return outcome_;
  pending_offer_.reset();
  if (rules_->agreement_needs_a_move_each &&
      (moves_made_[core::index(Color::White)] == 0 || moves_made_[core::index(Color::Black)] == 0))
    return outcome_;  // 5.2.3: no agreement before each player has moved
  finish(GameResult::Draw, Reason::Agreement, rules_->articles.agreement);
  return outcome_;
}

ClaimResponse Game::claim_draw(Color claimant, Move announced) {
  ClaimResponse response;
  if (finished()) return response;  // GameOver
  const bool has_move = claimant == pos_.side_to_move();
  if (announced && has_move && (!announced.is_ok() || !pos_.is_legal(announced))) {
    response.status = ClaimStatus::IllegalAnnouncedMove;
    return response;
  }
  if (has_move)
    response.finding = judge_claim(pos_, history_, pos_.halfmove_clock(), *rules_, announced);
  if (response.finding.correct) {
    response.status = ClaimStatus::Correct;
    const Reason reason = response.finding.type == ClaimType::Threefold ? Reason::ThreefoldClaim
                                                                        : Reason::FiftyMovesClaim;
    finish(GameResult::Draw, reason, response.finding.article,
           response.finding.with_move ? announced : Move::none());
    return response;
  }
  // Incorrect (or not the claimant's turn: 9.2 lets only the player having the
  // move claim). The opponent gets time; the claim stands as a draw offer
  // (9.1.2.3); an announced move must then be played.
  response.status = ClaimStatus::Incorrect;
  response.finding.article = rules_->articles.incorrect_claim;
  const ClaimPenalty& penalty = rules_->claim_penalty(options_.time_control);
  add_penalty(PenaltyCause::IncorrectClaim, claimant, penalty.opponent_bonus_seconds,
              penalty.claimant_cut_max_seconds, rules_->articles.incorrect_claim);
  pending_offer_ = claimant;
  if (announced && has_move) play_legal(announced);
  return response;
}

ClaimAvailability Game::claimable() const {
  return available_claims(pos_, history_, pos_.halfmove_clock(), *rules_);
}

}  // namespace arbiter::rules
