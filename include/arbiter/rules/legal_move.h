// Whether the side to move has a legal move at all (is it mate or stalemate?),
// answered after the first one found. The arbiter asks this after every ply;
// core::count_legal_moves counts every move instead.
// (A candidate for core/movegen.h: it only needs the position.)
#pragma once

#include "arbiter/core/position.h"

namespace arbiter::rules {

bool has_legal_move(const core::Position& pos);

}  // namespace arbiter::rules
