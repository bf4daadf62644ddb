#include <fcntl.h>
#include <io.h>

#include <windows.h>
#include <cstdio>

#include <atomic>

#include "platform/console.h"

namespace arbiter::platform {

namespace {

std::atomic<void (*)()> g_interrupt_handler{nullptr};

BOOL WINAPI forward_console_event(DWORD event) {
  switch (event) {
    case CTRL_C_EVENT:
    case CTRL_BREAK_EVENT:
    case CTRL_CLOSE_EVENT:
      if (auto handler = g_interrupt_handler.load()) handler();
      return TRUE;  // handled: the process is not ended by the default handler
    default:
      return FALSE;
  }
}

DWORD standard_handle_id(StandardStream stream) {
  switch (stream) {
    case StandardStream::Input:
      return STD_INPUT_HANDLE;
    case StandardStream::Output:
      return STD_OUTPUT_HANDLE;
    case StandardStream::Error:
      return STD_ERROR_HANDLE;
  }
  return STD_ERROR_HANDLE;
}

}  // namespace

bool is_terminal(StandardStream stream) {
  HANDLE handle = GetStdHandle(standard_handle_id(stream));
  DWORD mode = 0;
  // Only a console has a console mode (_isatty would also say yes for NUL).
  if (handle == nullptr || handle == INVALID_HANDLE_VALUE || !GetConsoleMode(handle, &mode))
    return false;
  if (stream != StandardStream::Input) {
    // Windows 10 and later draw "\033[K" as an escape only when asked; older ones
    // refuse, and the progress line then shows the escape, which is harmless.
    SetConsoleMode(handle, mode | ENABLE_VIRTUAL_TERMINAL_PROCESSING);
  }
  return true;
}

void on_interrupt(void (*handler)()) {
  g_interrupt_handler.store(handler);
  SetConsoleCtrlHandler(forward_console_event, TRUE);
}

void set_stdout_line_ends_lf() {
  std::fflush(stdout);
  _setmode(_fileno(stdout), _O_BINARY);
}

}  // namespace arbiter::platform
