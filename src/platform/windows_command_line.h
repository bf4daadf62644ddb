// The command line a Windows program receives is one string, which its C runtime
// splits back into argv. These build that string so that the MSVCRT / UCRT rules
// (CommandLineToArgvW) give back exactly our arguments. Portable code, so that the
// native tests check it too.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace arbiter::platform {

// One argument, quoted only when needed (empty, or holding a space, tab, newline,
// vertical tab or '"'): backslashes are literal except before a '"', where 2n
// backslashes and \" stand for n backslashes and a quote.
std::string quote_windows_argument(std::string_view argument);

// The arguments quoted and joined by single spaces.
std::string windows_command_line(const std::vector<std::string>& argv);

}  // namespace arbiter::platform
