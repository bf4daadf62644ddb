// Statistics for the match runner (arbiter match), in one include:
//   results.h  WDL, Pentanomial (game pairs) and their ScoreSample form;
//   elo.h      Elo / nElo estimates with 95% error bars and LOS;
//   sprt.h     the sequential probability ratio test (GSPRT, fishtest style).
//
//   match::Pentanomial penta;
//   penta.add_pair(1.0, 0.5);                            // won, then drew
//   match::SprtStatus st = match::sprt_status({.elo0 = 0, .elo1 = 5}, penta);
//   std::puts(match::format_estimate(match::estimate_from_pentanomial(penta)).c_str());
#pragma once

#include "arbiter/match/elo.h"
#include "arbiter/match/results.h"
#include "arbiter/match/sprt.h"
