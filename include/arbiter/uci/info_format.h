// The text of "info" and "bestmove" lines, in the field order GUIs expect.
#pragma once

#include <string>

#include "arbiter/search/search.h"

namespace arbiter::uci {

struct InfoStyle {
  bool chess960 = false;
  bool show_multipv = false;  // MultiPV > 1
  bool show_wdl = false;
};

std::string format_info(const search::SearchInfo& info, const InfoStyle& style,
                        int side_to_move_sign = 1);
std::string format_bestmove(const search::SearchResult& result, bool chess960);
// "cp 35" or "mate -3".
std::string format_score(int score);

// Win/draw/loss expectation in permille from the side to move's score.
struct Wdl {
  int win, draw, loss;
};
Wdl wdl_from_score(int score);

}  // namespace arbiter::uci
