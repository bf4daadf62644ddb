// Shared by the libFuzzer targets: input as text, and a check that aborts with a
// message (libFuzzer then saves the input as a crash) when a property fails.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace arbiter::fuzz {

inline std::string_view as_text(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// A broken property is a finding like a crash: say which, then abort.
inline void require(bool ok, const char* property) {
  if (ok) return;
  std::fprintf(stderr, "fuzz property failed: %s\n", property);
  std::abort();
}

}  // namespace arbiter::fuzz
