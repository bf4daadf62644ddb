// UTF-8 (our strings) to and from UTF-16 (the W functions of the Windows API),
// and the system's wording of an error code.
#pragma once

#include <windows.h>

#include <string>
#include <string_view>

namespace arbiter::platform::windows {

// Invalid UTF-8 becomes U+FFFD rather than failing: a path that cannot be
// converted then simply is not found.
std::wstring to_utf16(std::string_view utf8);
std::string to_utf8(std::wstring_view utf16);

// FormatMessage's text for a GetLastError() code, without the trailing newline;
// "error N" when the system has none.
std::string system_message(DWORD error);

}  // namespace arbiter::platform::windows
