// Replaying a record through rules::Game and reading into it the event that
// ended it (judge.h lists the inferences and why).
#include "arbiter/adjudicate/judge.h"

#include "arbiter/pgn/tags.h"

namespace arbiter::adjudicate {

using core::Color;

std::string_view inference_name(Inference inference) {
  switch (inference) {
    case Inference::None:
      break;
    case Inference::TimeForfeit:
      return "time-forfeit";
    case Inference::Resignation:
      return "resignation";
    case Inference::Agreement:
      return "agreement";
    case Inference::Claim:
      return "claim";
  }
  return "none";
}

rules::GameResult to_rules_result(pgn::GameResult result) {
  switch (result) {
    case pgn::GameResult::WhiteWins:
      return rules::GameResult::WhiteWins;
    case pgn::GameResult::BlackWins:
      return rules::GameResult::BlackWins;
    case pgn::GameResult::Draw:
      return rules::GameResult::Draw;
    case pgn::GameResult::Unfinished:
      break;
  }
  return rules::GameResult::Ongoing;
}

pgn::GameResult to_pgn_result(rules::GameResult result) {
  switch (result) {
    case rules::GameResult::WhiteWins:
      return pgn::GameResult::WhiteWins;
    case rules::GameResult::BlackWins:
      return pgn::GameResult::BlackWins;
    case rules::GameResult::Draw:
      return pgn::GameResult::Draw;
    case rules::GameResult::Ongoing:
      break;
  }
  return pgn::GameResult::Unfinished;
}

Judge::Judge(const JudgeOptions& options) : options_(options), game_(options.game) {}

const Judgement& Judge::judge(const pgn::Game& record) {
  // The parser has checked every move; later plies after an automatic end
  // change nothing (the game ended when it ended), so they are not replayed.
  game_.reset(record.start_position());
  for (size_t i = 0; i < record.ply_count() && !game_.finished(); ++i)
    game_.play_legal(record.move(i));
  return conclude(record);
}

void Judge::start(const core::Position& start) { game_.reset(start); }

void Judge::ply(core::Move move, const core::Position& after) {
  if (!game_.finished()) game_.play_legal(move, after);
}

const Judgement& Judge::conclude(const pgn::Game& record) {
  Judgement& j = judgement_;
  j.inferred = Inference::None;
  j.inferred_side = Color::White;
  j.agreement_refused = false;
  j.flag_after_end = false;
  j.plies = static_cast<int>(record.ply_count());
  if (options_.infer_events) infer_event(record);
  fill_verdict(record);
  return j;
}

void Judge::infer_event(const pgn::Game& record) {
  Judgement& j = judgement_;
  const pgn::Termination termination = record.termination();
  const Color to_move = game_.position().side_to_move();
  if (termination == pgn::Termination::TimeForfeit) {
    if (game_.finished()) {
      j.flag_after_end = true;  // 6.9: the earlier end stands
      return;
    }
    // Only the side to move has its clock running.
    j.inferred = Inference::TimeForfeit;
    j.inferred_side = to_move;
    game_.flag(to_move);
    return;
  }
  if (game_.finished()) return;
  if (termination != pgn::Termination::Normal && termination != pgn::Termination::Unknown) return;
  switch (record.result()) {
    case pgn::GameResult::WhiteWins:
    case pgn::GameResult::BlackWins: {
      const Color loser =
          record.result() == pgn::GameResult::WhiteWins ? Color::Black : Color::White;
      j.inferred = Inference::Resignation;
      j.inferred_side = loser;
      game_.resign(loser);
      return;
    }
    case pgn::GameResult::Draw: {
      // A claim that was correct at the end explains the draw better than an
      // agreement (lichess, for one, lets the player to move claim).
      if (game_.claimable().any_now()) {
        j.inferred = Inference::Claim;
        j.inferred_side = to_move;
        game_.claim_draw(to_move);
        return;
      }
      j.inferred = Inference::Agreement;
      j.inferred_side = ~to_move;  // the offer: which side made it is not recorded
      game_.offer_draw(~to_move);
      game_.accept_draw(to_move);
      j.agreement_refused = !game_.finished();
      return;
    }
    case pgn::GameResult::Unfinished:
      return;
  }
}

void Judge::fill_verdict(const pgn::Game& record) {
  rules::Verdict& v = judgement_.verdict;
  // Assigned field by field so that the buffers of the last verdict are reused.
  v.labels.clear();
  v.rules = game_.ruleset().name;
  v.outcome = game_.outcome();
  if (!v.outcome.finished()) v.outcome.ply = game_.ply();
  v.claims.assign(game_.claim_records().begin(), game_.claim_records().end());
  v.penalties.assign(game_.penalties().begin(), game_.penalties().end());
  v.error.reset();
  const pgn::GameResult recorded = record.result();
  v.recorded = std::string(pgn::result_token(recorded));
  if (recorded == pgn::GameResult::Unfinished)
    v.agrees.reset();
  else
    v.agrees = to_rules_result(recorded) == v.outcome.result;
}

}  // namespace arbiter::adjudicate
