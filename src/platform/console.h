// The terminal around the program: whether a standard stream is one (progress
// lines are drawn only there), and what to do on Ctrl-C.
#pragma once

namespace arbiter::platform {

enum class StandardStream { Input, Output, Error };

// True when the stream is an interactive terminal (on Windows: a console, not the
// NUL device or a pipe). An output stream found to be a Windows console also gets
// ANSI escape processing switched on, since a caller that asks is about to draw
// progress lines with "\r" and "\033[K".
bool is_terminal(StandardStream stream);

// Calls `handler` on every Ctrl-C or termination request (POSIX: SIGINT and
// SIGTERM; Windows: the console's Ctrl-C, Ctrl-Break and close events) instead of
// ending the process. The handler runs in a signal handler on POSIX and on a
// thread of its own on Windows: it may only set atomics or call std::_Exit.
void on_interrupt(void (*handler)());

// Standard output ends lines with "\n" alone (POSIX: always so; Windows: stdout
// leaves text mode). For UCI: match runners on Linux driving a Windows engine
// under Wine (fastchess, cutechess-cli) read "\r" as part of the move, and every
// GUI reads bare "\n" lines. Call before anything is written.
void set_stdout_line_ends_lf();

}  // namespace arbiter::platform
