#include "platform/windows_command_line.h"

namespace arbiter::platform {

namespace {

bool needs_quotes(std::string_view argument) {
  return argument.empty() || argument.find_first_of(" \t\n\v\"") != std::string_view::npos;
}

}  // namespace

std::string quote_windows_argument(std::string_view argument) {
  if (!needs_quotes(argument)) return std::string(argument);
  std::string quoted = "\"";
  size_t backslashes = 0;
  for (char c : argument) {
    if (c == '\\') {
      ++backslashes;
      continue;
    }
    if (c == '"') {
      // The backslashes before a quote are doubled, and the quote escaped.
      quoted.append(2 * backslashes + 1, '\\');
    } else {
      quoted.append(backslashes, '\\');
    }
    backslashes = 0;
    quoted += c;
  }
  // Before the closing quote, backslashes are doubled so that it stays a quote.
  quoted.append(2 * backslashes, '\\');
  quoted += '"';
  return quoted;
}

std::string windows_command_line(const std::vector<std::string>& argv) {
  std::string line;
  for (size_t i = 0; i < argv.size(); ++i) {
    if (i > 0) line += ' ';
    line += quote_windows_argument(argv[i]);
  }
  return line;
}

}  // namespace arbiter::platform
