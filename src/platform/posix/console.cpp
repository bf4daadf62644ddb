#include <signal.h>
#include <unistd.h>

#include <atomic>

#include "platform/console.h"

namespace arbiter::platform {

namespace {

std::atomic<void (*)()> g_interrupt_handler{nullptr};

void forward_signal(int) {
  if (auto handler = g_interrupt_handler.load()) handler();
}

}  // namespace

bool is_terminal(StandardStream stream) {
  switch (stream) {
    case StandardStream::Input:
      return isatty(STDIN_FILENO);
    case StandardStream::Output:
      return isatty(STDOUT_FILENO);
    case StandardStream::Error:
      return isatty(STDERR_FILENO);
  }
  return false;
}

void on_interrupt(void (*handler)()) {
  g_interrupt_handler.store(handler);
  struct sigaction action {};
  action.sa_handler = forward_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

void set_stdout_line_ends_lf() {}  // POSIX writes what it is given

}  // namespace arbiter::platform
