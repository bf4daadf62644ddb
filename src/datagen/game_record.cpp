// Training records derived from a played game (see game_record.h).
#include "arbiter/datagen/game_record.h"

#include "arbiter/search/score.h"

namespace arbiter::datagen {

bool keep_for_training(const core::Position& pos, core::Move best, int score) {
  return !pos.in_check() && !pos.is_capture(best) && !best.is_promotion() &&
         !search::is_mate_score(score);
}

WdlResult result_for(WdlResult white_result, core::Color side) {
  if (side == core::Color::White || white_result == WdlResult::Draw) return white_result;
  return white_result == WdlResult::Win ? WdlResult::Loss : WdlResult::Win;
}

std::vector<PackedPosition> training_records(const core::Position& start,
                                             const std::vector<core::Move>& moves,
                                             const std::vector<int>& scores,
                                             WdlResult white_result) {
  std::vector<PackedPosition> records;
  core::Position pos = start;
  for (size_t i = 0; i < moves.size() && i < scores.size(); ++i) {
    if (keep_for_training(pos, moves[i], scores[i]))
      records.push_back(
          PackedPosition::pack(pos, scores[i], result_for(white_result, pos.side_to_move())));
    if (i + 1 < moves.size()) {  // the last move may not have been played
      core::UndoInfo undo;
      pos.make_move(moves[i], undo);
    }
  }
  return records;
}

}  // namespace arbiter::datagen
