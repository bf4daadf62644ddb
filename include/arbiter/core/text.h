// ASCII case folding for names that protocols and files compare without case
// (UCI option names, PGN tag values, tuning parameters). Locale-independent on
// purpose: a Turkish or German locale must not change what "Hash" matches.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>

namespace arbiter::core {

inline char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

inline std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = ascii_lower(c);
  return out;
}

inline bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return ascii_lower(x) == ascii_lower(y);
         });
}

}  // namespace arbiter::core
