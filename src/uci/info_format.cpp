// info / bestmove formatting.
#include "arbiter/uci/info_format.h"

#include <algorithm>
#include <cmath>

#include "arbiter/core/notation.h"

namespace arbiter::uci {

namespace {
// A logistic curve: +200 cp is about a coin flip between a win and a draw.
constexpr double kWdlCentre = 200.0;
constexpr double kWdlScale = 90.0;
constexpr int kPermille = 1000;
}  // namespace

std::string format_score(int score) {
  if (search::is_mate_score(score))
    return "mate " + std::to_string(search::mate_distance_moves(score));
  return "cp " + std::to_string(score);
}

Wdl wdl_from_score(int score) {
  if (search::is_mate_score(score)) return score > 0 ? Wdl{kPermille, 0, 0} : Wdl{0, 0, kPermille};
  auto p = [](double x) {
    return int(std::lround(kPermille / (1.0 + std::exp((kWdlCentre - x) / kWdlScale))));
  };
  int win = p(score), loss = p(-score);
  return {win, kPermille - win - loss, loss};
}

std::string format_info(const search::SearchInfo& info, const InfoStyle& style, int) {
  std::string s =
      "info depth " + std::to_string(info.depth) + " seldepth " + std::to_string(info.seldepth);
  const uint64_t nps = info.nodes * 1000 / uint64_t(std::max<int64_t>(1, info.time_ms));
  if (info.progress) {
    return s + " nodes " + std::to_string(info.nodes) + " nps " + std::to_string(nps) +
           " hashfull " + std::to_string(info.hashfull) + " time " + std::to_string(info.time_ms) +
           " currmove " + core::to_uci(info.currmove, style.chess960) + " currmovenumber " +
           std::to_string(info.currmovenumber);
  }
  if (style.show_multipv) s += " multipv " + std::to_string(info.multipv);
  s += " score " + format_score(info.score);
  if (info.bound == search::Bound::Lower) s += " lowerbound";
  if (info.bound == search::Bound::Upper) s += " upperbound";
  if (style.show_wdl) {
    Wdl w = wdl_from_score(info.score);
    s += " wdl " + std::to_string(w.win) + " " + std::to_string(w.draw) + " " +
         std::to_string(w.loss);
  }
  s += " nodes " + std::to_string(info.nodes) + " nps " + std::to_string(nps) + " hashfull " +
       std::to_string(info.hashfull) + " time " + std::to_string(info.time_ms) + " pv";
  for (core::Move m : info.pv) {
    s += ' ';
    s += core::to_uci(m, style.chess960);
  }
  return s;
}

std::string format_bestmove(const search::SearchResult& result, bool chess960) {
  std::string s = "bestmove " + core::to_uci(result.best, chess960);
  if (result.ponder) s += " ponder " + core::to_uci(result.ponder, chess960);
  return s;
}

}  // namespace arbiter::uci
