// arbiter._arbiter: the compiled part of the Python package arbiter
// (python/arbiter/__init__.py imports it and wraps it in typed classes).
#include "bindings.h"

PYBIND11_MODULE(_arbiter, m) {
  m.doc() = "Arbiter's FIDE verdicts, compiled (use the package arbiter, not this module).";
  arbiter::python::bind_options(m);
  arbiter::python::bind_game(m);
  arbiter::python::bind_pgn(m);
}
