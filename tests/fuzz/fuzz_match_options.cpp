// `arbiter match` option parsing: a command line as one text (split as a shell
// would, with quotes), and as NUL-separated words. Anything may come in; nothing
// may crash, and a rejected command says why.
#include <string>
#include <vector>

#include "arbiter/match/match_options.h"
#include "fuzz_support.h"

namespace {

void parse(const std::vector<std::string>& args) {
  auto command = arbiter::match::parse_match_command(args);
  if (!command) arbiter::fuzz::require(!command.error().empty(), "a rejected command says why");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace arbiter;
  const std::string_view text = fuzz::as_text(data, size);
  if (auto words = match::split_arguments(text)) parse(words.value());

  std::vector<std::string> words;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == '\0') {
      words.emplace_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  parse(words);
  return 0;
}
