// Search constants that SPSA may tune. Each is declared once, with its default,
// range and step, by ARBITER_TUNABLE in tunables.h:
//   - a normal build makes it a compile-time constant (no cost, no option);
//   - a tuning build (cmake -DARBITER_TUNE=ON) makes it a variable registered
//     here, and the UCI engine offers it as a spin option of the same name
//     (without the k), so OpenBench or any SPSA driver can set it per game.
#pragma once

#include <string>
#include <vector>

namespace arbiter::search {

struct Tunable {
  std::string name;  // the UCI option name: the constant's name without its leading k
  int* value;
  int default_value, min, max, step;
  bool spsa = true;  // false for a step switch: on or off, never tuned
};

// Every registered tunable, in registration order (empty in a normal build).
// Not thread safe against a running search: set options between searches.
const std::vector<Tunable>& tunables();

// Adds one; called by the tuning-build form of ARBITER_TUNABLE at static init.
bool register_tunable(const char* constant_name, int* value, int default_value, int min, int max,
                      int step);

// Adds a step switch (value 1 = the step is on); called by the tuning-build form
// of ARBITER_STEP. A switch is an option like a tunable, but not an SPSA input.
bool register_step_switch(const char* constant_name, int* value);

// Sets a registered tunable (clamped to its range) and recomputes what derives
// from the tunables. False when no tunable has this name (case-insensitive).
bool set_tunable(const std::string& name, int value);

// One line per tunable in the SPSA input format OpenBench reads:
// "name, int, default, min, max, step, 0.002".
std::vector<std::string> spsa_inputs();

}  // namespace arbiter::search

// The tuning form; usable in any build (the tests register their own).
#define ARBITER_REGISTERED_TUNABLE(name, value, min, max, step) \
  inline int name = value;                                      \
  inline const bool name##Registered =                          \
      ::arbiter::search::register_tunable(#name, &name, value, min, max, step);

// A search step that a tuning build can switch off (option StepName = 0), so that
// each step's Elo can be measured by removal (scripts/step-elo). On by default.
#define ARBITER_REGISTERED_STEP(name) \
  inline int name = 1;                \
  inline const bool name##Registered = ::arbiter::search::register_step_switch(#name, &name);

#ifdef ARBITER_TUNE
#define ARBITER_TUNABLE(name, value, min, max, step) \
  ARBITER_REGISTERED_TUNABLE(name, value, min, max, step)
#define ARBITER_STEP(name) ARBITER_REGISTERED_STEP(name)
#else
#define ARBITER_TUNABLE(name, value, min, max, step) inline constexpr int name = value;
#define ARBITER_STEP(name) inline constexpr int name = 1;
#endif
