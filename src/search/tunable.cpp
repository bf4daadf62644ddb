// The registry of tunable search constants (see tunable.h).
#include "arbiter/search/tunable.h"

#include <algorithm>
#include <cctype>

#include "arbiter/core/text.h"
#include "arbiter/search/search.h"

namespace arbiter::search {

namespace {

// Function-local, so registration from any translation unit's static init
// finds it constructed.
std::vector<Tunable>& registry() {
  static std::vector<Tunable> list;
  return list;
}

constexpr const char* kSpsaLearningRate = "0.002";

}  // namespace

const std::vector<Tunable>& tunables() { return registry(); }

bool register_tunable(const char* constant_name, int* value, int default_value, int min, int max,
                      int step) {
  std::string name = constant_name;
  if (name.size() > 1 && name[0] == 'k' && std::isupper(static_cast<unsigned char>(name[1])))
    name.erase(0, 1);
  registry().push_back(Tunable{name, value, default_value, min, max, step});
  return true;
}

bool register_step_switch(const char* constant_name, int* value) {
  register_tunable(constant_name, value, 1, 0, 1, 1);
  registry().back().spsa = false;
  return true;
}

bool set_tunable(const std::string& name, int value) {
  for (Tunable& t : registry()) {
    if (!core::iequals(t.name, name)) continue;
    *t.value = std::clamp(value, t.min, t.max);
    refresh_tuned_tables();
    return true;
  }
  return false;
}

std::vector<std::string> spsa_inputs() {
  std::vector<std::string> lines;
  for (const Tunable& t : registry())
    if (t.spsa)
      lines.push_back(t.name + ", int, " + std::to_string(t.default_value) + ", " +
                      std::to_string(t.min) + ", " + std::to_string(t.max) + ", " +
                      std::to_string(t.step) + ", " + kSpsaLearningRate);
  return lines;
}

}  // namespace arbiter::search
