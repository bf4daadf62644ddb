// The Windows command line built for CreateProcessW: the C runtime of the child
// (CommandLineToArgvW rules) must split it back into exactly our arguments.
#include "platform/windows_command_line.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace arbiter::platform {
namespace {

TEST(WindowsCommandLine, PlainArgumentsStayAsTheyAre) {
  EXPECT_EQ(quote_windows_argument("arbiter.exe"), "arbiter.exe");
  EXPECT_EQ(quote_windows_argument(R"(C:\engines\sf.exe)"), R"(C:\engines\sf.exe)");
  EXPECT_EQ(quote_windows_argument(R"(trailing\)"), R"(trailing\)");
}

TEST(WindowsCommandLine, EmptyAndSpacedArgumentsAreQuoted) {
  EXPECT_EQ(quote_windows_argument(""), R"("")");
  EXPECT_EQ(quote_windows_argument("a b"), R"("a b")");
  EXPECT_EQ(quote_windows_argument("tab\there"), "\"tab\there\"");
  EXPECT_EQ(quote_windows_argument("line\nfeed"), "\"line\nfeed\"");
}

TEST(WindowsCommandLine, QuotesAndTheBackslashesBeforeThemAreEscaped) {
  EXPECT_EQ(quote_windows_argument(R"(say "hi")"), R"("say \"hi\"")");
  // One backslash before a quote: it doubles, and the quote gets its own.
  EXPECT_EQ(quote_windows_argument(R"(a\"b)"), R"("a\\\"b")");
  // Backslashes not before a quote are literal, even inside quotes.
  EXPECT_EQ(quote_windows_argument(R"(C:\Program Files\x)"), R"("C:\Program Files\x")");
}

TEST(WindowsCommandLine, BackslashesBeforeTheClosingQuoteDouble) {
  EXPECT_EQ(quote_windows_argument(R"(C:\Program Files\)"), R"("C:\Program Files\\")");
  EXPECT_EQ(quote_windows_argument(R"(x y\\)"), R"("x y\\\\")");
}

TEST(WindowsCommandLine, JoinsQuotedArgumentsWithSpaces) {
  const std::vector<std::string> argv{R"(C:\My Engines\sf.exe)", "--threads", "2", "", "a\"b"};
  EXPECT_EQ(windows_command_line(argv), R"("C:\My Engines\sf.exe" --threads 2 "" "a\"b")");
  EXPECT_EQ(windows_command_line({}), "");
}

}  // namespace
}  // namespace arbiter::platform
