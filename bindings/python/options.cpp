// The option names shared with the command line ('arbiter adjudicate --rules
// fide-2018 --mode proxy-claim'), so that a script and a shell line read alike.
#include <string>

#include "bindings.h"

namespace arbiter::python {

namespace py = pybind11;

namespace {

std::string edition_list() {
  std::string names;
  for (int i = 0; i < rules::kNumEditions; ++i) {
    if (i > 0) names += ", ";
    names += rules::edition_name(static_cast<rules::Edition>(i));
  }
  return names;
}

}  // namespace

rules::Edition edition_from_name(std::string_view name) {
  const auto edition = rules::parse_edition(name);
  if (!edition)
    throw py::value_error("unknown rules '" + std::string(name) + "' (" + edition_list() + ")");
  return *edition;
}

rules::ClaimMode claim_mode_from_name(std::string_view name) {
  const auto mode = rules::parse_claim_mode(name);
  if (!mode)
    throw py::value_error("unknown mode '" + std::string(name) + "' (strict, proxy-claim)");
  return *mode;
}

void bind_options(py::module_& m) {
  m.def(
      "editions",
      [] {
        py::list names;
        for (int i = 0; i < rules::kNumEditions; ++i)
          names.append(std::string(rules::edition_name(static_cast<rules::Edition>(i))));
        return names;
      },
      "The rules names, newest first: 'fide-2023' ... 'fide-2001'.");
  m.attr("DEFAULT_RULES") = std::string(rules::edition_name(rules::kDefaultEdition));
}

}  // namespace arbiter::python
