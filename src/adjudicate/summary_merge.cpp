#include "arbiter/adjudicate/summary_merge.h"

#include <charconv>
#include <map>
#include <string>

#include "arbiter/rules/outcome.h"

namespace arbiter::adjudicate {

namespace {

constexpr std::string_view kSummaryPrefix = "{\"summary\":";

// Reads our own JSON (objects of objects and non-negative integers, keys
// without escapes) into "path.to.key" -> count.
class CountReader {
 public:
  explicit CountReader(std::string_view text) : text_(text) {}

  Result<std::map<std::string, uint64_t>> read() {
    std::map<std::string, uint64_t> counts;
    if (!object("", counts)) return Error{error_};
    skip_space();
    if (pos_ != text_.size()) return fail_at("trailing text");
    return counts;
  }

 private:
  bool object(const std::string& path, std::map<std::string, uint64_t>& counts) {
    if (!expect('{')) return false;
    skip_space();
    if (peek() == '}') return ++pos_, true;
    for (;;) {
      std::string key;
      if (!string(key) || !expect(':')) return false;
      const std::string child = path.empty() ? key : path + "." + key;
      skip_space();
      if (peek() == '{') {
        if (!object(child, counts)) return false;
      } else {
        uint64_t value = 0;
        const auto [end, error] =
            std::from_chars(text_.data() + pos_, text_.data() + text_.size(), value);
        if (error != std::errc()) return fail(child + " is not a count");
        pos_ = size_t(end - text_.data());
        if (!counts.emplace(child, value).second) return fail(child + " appears twice");
      }
      skip_space();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      return expect('}');
    }
  }

  bool string(std::string& out) {
    if (!expect('"')) return false;
    const size_t end = text_.find('"', pos_);
    if (end == std::string_view::npos) return fail("unterminated key");
    out.assign(text_.substr(pos_, end - pos_));
    if (out.find('\\') != std::string::npos) return fail("unexpected escape in key " + out);
    pos_ = end + 1;
    return true;
  }

  bool expect(char c) {
    skip_space();
    if (peek() != c) return fail(std::string("expected '") + c + "'");
    ++pos_;
    return true;
  }

  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  void skip_space() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\r'))
      ++pos_;
  }
  bool fail(std::string message) {
    error_ = message + " at offset " + std::to_string(pos_);
    return false;
  }
  Error fail_at(std::string message) {
    fail(std::move(message));
    return Error{error_};
  }

  std::string_view text_;
  size_t pos_ = 0;
  std::string error_;
};

// Takes `key` out of `counts` into `value`; false (and names it) when missing.
bool take(std::map<std::string, uint64_t>& counts, const std::string& key, uint64_t& value,
          std::string& missing) {
  auto it = counts.find(key);
  if (it == counts.end()) {
    missing = key;
    return false;
  }
  value = it->second;
  counts.erase(it);
  return true;
}

}  // namespace

bool is_summary_line(std::string_view line) { return line.starts_with(kSummaryPrefix); }

Result<Summary> parse_summary_json(std::string_view line) {
  auto read = CountReader(line).read();
  if (!read) return Error{"not a summary line: " + read.error()};
  std::map<std::string, uint64_t> counts = std::move(read.value());
  Summary s;
  std::string missing;
  uint64_t derived = 0;
  bool ok = take(counts, "summary.games", s.games, missing) &&
            take(counts, "summary.judged", derived, missing) &&
            take(counts, "summary.errors", s.errors, missing) &&
            take(counts, "summary.agreements", s.agreements, missing) &&
            take(counts, "summary.disagreements", s.disagreements, missing) &&
            take(counts, "summary.unrecorded", s.unrecorded, missing) &&
            take(counts, "summary.undecided", s.undecided, missing) &&
            take(counts, "summary.time_forfeits.recorded", derived, missing) &&
            take(counts, "summary.time_forfeits.wins", s.flag_wins, missing) &&
            take(counts, "summary.time_forfeits.draws", s.flag_draws, missing) &&
            take(counts, "summary.time_forfeits.ended_before", s.flag_after_end, missing) &&
            take(counts, "summary.files", s.files, missing) &&
            take(counts, "summary.unreadable_files", s.unreadable_files, missing);
  for (size_t r = 0; ok && r < s.results.size(); ++r)
    ok = take(
        counts,
        "summary.results." + std::string(rules::result_name(static_cast<rules::GameResult>(r))),
        s.results[r], missing);
  for (size_t r = 0; ok && r < s.reasons.size(); ++r)
    ok = take(counts,
              "summary.reasons." + std::string(rules::reason_name(static_cast<rules::Reason>(r))),
              s.reasons[r], missing);
  for (size_t i = 0; ok && i < s.inferred.size(); ++i)
    ok = take(counts, "summary.inferred." + std::string(inference_name(static_cast<Inference>(i))),
              s.inferred[i], missing);
  if (!ok) return Error{"summary line without " + missing};
  if (!counts.empty()) return Error{"summary line with an unknown field " + counts.begin()->first};
  if (s.errors > s.games) return Error{"summary line with more errors than games"};
  return s;
}

Result<uint64_t> merge_summaries(std::istream& in, std::string_view source, Summary& total) {
  uint64_t merged = 0;
  std::string line;
  for (uint64_t number = 1; std::getline(in, line); ++number) {
    if (!is_summary_line(line)) continue;
    auto summary = parse_summary_json(line);
    if (!summary)
      return Error{std::string(source) + ":" + std::to_string(number) + ": " + summary.error()};
    total.merge(summary.value());
    ++merged;
  }
  return merged;
}

}  // namespace arbiter::adjudicate
