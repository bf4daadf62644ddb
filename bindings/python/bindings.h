// The parts of the compiled module arbiter._arbiter, one concept per file:
//   game_binding.cpp  one game (rules::Game) with its moves and events
//   pgn_binding.cpp   PGN input judged by the library's pipeline, streamed out
//   options.cpp       the command line's option names ("fide-2023", "proxy-claim")
// The Python package (python/arbiter/) wraps them in typed, documented classes.
#pragma once

#include <pybind11/pybind11.h>

#include <string_view>

#include "arbiter/rules/edition.h"
#include "arbiter/rules/game.h"

namespace arbiter::python {

void bind_game(pybind11::module_& m);
void bind_pgn(pybind11::module_& m);
void bind_options(pybind11::module_& m);

// The names 'arbiter adjudicate' takes (--rules, --mode); ValueError with the
// accepted names for anything else.
rules::Edition edition_from_name(std::string_view name);
rules::ClaimMode claim_mode_from_name(std::string_view name);

}  // namespace arbiter::python
