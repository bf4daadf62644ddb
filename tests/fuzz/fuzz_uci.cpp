// The UCI protocol driven in-process, one input line at a time, as a GUI would
// (position, go, stop, setoption, isready, ucinewgame, anything else). Each `go`
// is stopped at once so that an input costs milliseconds; commands that would
// spend seconds or gigabytes whatever their text (bench, deep perft, a huge hash
// or thread count, a net file path) are left out. Nothing may crash or hang.
#include <algorithm>
#include <charconv>
#include <ostream>
#include <streambuf>
#include <string>

#include "arbiter/core/text.h"
#include "arbiter/uci/protocol.h"
#include "fuzz_support.h"

namespace {

constexpr int kMaxPerftDepth = 3;
constexpr long kMaxNumberForCostlyOptions = 16;  // MB of hash, threads

class NullBuffer : public std::streambuf {
 protected:
  int overflow(int c) override { return c; }
  std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

// The largest number written in the line (0 if none).
long largest_number(std::string_view line) {
  long largest = 0;
  for (size_t i = 0; i < line.size();) {
    if (line[i] < '0' || line[i] > '9') {
      ++i;
      continue;
    }
    long value = 0;
    auto [end, error] = std::from_chars(line.data() + i, line.data() + line.size(), value);
    if (error != std::errc()) return std::numeric_limits<long>::max();
    largest = std::max(largest, value);
    i = size_t(end - line.data());
  }
  return largest;
}

bool too_costly(std::string_view line) {
  const std::string lower = arbiter::core::ascii_lower(line);
  if (lower.find("bench") != std::string::npos || lower.find("evalfile") != std::string::npos)
    return true;
  if (lower.find("perft") != std::string::npos) return largest_number(lower) > kMaxPerftDepth;
  if (lower.find("hash") != std::string::npos || lower.find("thread") != std::string::npos)
    return largest_number(lower) > kMaxNumberForCostlyOptions;
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace arbiter;
  static NullBuffer null_buffer;
  std::ostream out(&null_buffer);
  uci::Protocol protocol(out);
  // The default 16 MB table, allocated and cleared at each input's first `go`, was
  // half of the fuzzer's time; the smallest table tests the same code.
  protocol.handle("setoption name Hash value 1");
  const std::string_view text = fuzz::as_text(data, size);
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    if (too_costly(line)) continue;
    if (!protocol.handle(line)) break;  // quit
    const std::string lower = core::ascii_lower(line);
    if (lower.find("go") != std::string::npos) protocol.handle("stop");
  }
  protocol.handle("stop");
  return 0;
}
