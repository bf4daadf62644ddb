// Cutting a PGN stream into games: a line-by-line state machine that knows just
// enough of the movetext (comments, variations, result tokens) to find where a
// game ends, and resynchronises on tag lines when a game is broken.
#include "arbiter/pgn/splitter.h"

#include <array>
#include <cstdint>
#include <cstring>

#include "movetext_bytes.h"

namespace arbiter::pgn {

namespace {

using detail::byte_class;
using detail::ByteClass;

constexpr size_t kChunkBytes = size_t(1) << 20;
constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

using detail::is_name_char;
using detail::is_space;

bool is_blank(std::string_view line) {
  for (char c : line)
    if (!is_space(c)) return false;
  return true;
}

std::string_view skip_spaces(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && is_space(s[i])) ++i;
  return s.substr(i);
}

// "[" followed by a tag name: what a tag section line looks like, even broken.
bool starts_like_tag(std::string_view line) {
  std::string_view s = skip_spaces(line);
  return s.size() >= 2 && s[0] == '[' && is_name_char(s[1]);
}

// A whole tag pair: [Name "value"] (possibly several on the line). Strict enough
// that a comment line such as "[%clk 0:01:00]" never passes.
bool is_tag_pair_line(std::string_view line) {
  std::string_view s = skip_spaces(line);
  if (!starts_like_tag(s)) return false;
  size_t i = 1;
  while (i < s.size() && is_name_char(s[i])) ++i;
  size_t name_end = i;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  if (i == name_end || i >= s.size() || s[i] != '"') return false;
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s.size() >= i + 3 && s.back() == ']' && s[s.size() - 2] == '"';
}

bool is_result_token(std::string_view t) {
  return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*";
}

// Bytes that matter between comments: those that change the scan's state
// ('(', ')', ';') and those every result token contains ('-', '/', '*').
constexpr std::array<uint8_t, 256> kNoteworthy = [] {
  std::array<uint8_t, 256> noteworthy{};
  for (char c : {'(', ')', ';', '-', '/', '*'}) noteworthy[uint8_t(c)] = 1;
  return noteworthy;
}();

// The next '{' from p (end if none), and in `noteworthy` whether a
// noteworthy byte comes before it; without one the stretch holds neither a
// result nor a change of state, and the scan jumps over it. One pass: it runs
// over the move numbers and moves between every two comments.
const char* next_comment(const char* p, const char* end, bool& noteworthy) {
  uint8_t any = 0;
  for (; p < end && *p != '{'; ++p) any |= kNoteworthy[static_cast<unsigned char>(*p)];
  noteworthy = any != 0;
  return p;
}

// Comment and variation state carried from line to line of the movetext.
struct MovetextScan {
  bool in_comment = false;
  int depth = 0;

  // Scans one line; true if it holds the result token outside comments and
  // variations (the game ends with this line).
  bool ends_game(std::string_view line) {
    const char* p = line.data();
    const char* const end = p + line.size();
    while (p < end) {
      if (in_comment) {
        const void* close = std::memchr(p, '}', size_t(end - p));
        if (close == nullptr) return false;
        p = static_cast<const char*>(close) + 1;
        in_comment = false;
        continue;
      }
      // Up to the next comment, if any.
      bool noteworthy;
      const char* open = next_comment(p, end, noteworthy);
      if (noteworthy) {
        switch (scan(p, open)) {
          case Stretch::Plain:
            break;
          case Stretch::Result:
            return true;
          case Stretch::LineComment:
            return false;  // the rest of the line is a comment
        }
      }
      p = open;
      if (p < end) {
        in_comment = true;
        ++p;
      }
    }
    return false;
  }

 private:
  enum class Stretch { Plain, Result, LineComment };

  // Token by token from p to end, where no comment opens.
  Stretch scan(const char* p, const char* end) {
    while (p < end) {
      switch (byte_class(*p)) {
        case ByteClass::Space:
        case ByteClass::Other:
        case ByteClass::OpenComment:  // not in [p, end)
          ++p;
          break;
        case ByteClass::LineComment:
          return Stretch::LineComment;
        case ByteClass::Open:
          ++depth;
          ++p;
          break;
        case ByteClass::Close:
          if (depth > 0) --depth;
          ++p;
          break;
        case ByteClass::Token: {
          const char* start = p;
          while (p < end && byte_class(*p) == ByteClass::Token) ++p;
          if (depth == 0 && is_result_token(std::string_view(start, size_t(p - start))))
            return Stretch::Result;
          break;
        }
      }
    }
    return Stretch::Plain;
  }
};

}  // namespace

GameSplitter::GameSplitter(std::istream& in, std::string source)
    : in_(&in), source_(std::move(source)) {}

GameSplitter::GameSplitter(std::string_view text, std::string source)
    : source_(std::move(source)), data_(text), eof_(true) {}

bool GameSplitter::refill() {
  if (eof_ || in_ == nullptr) return false;
  // The unread tail moves to the front and the next chunk follows it.
  const size_t tail = filled_ - pos_;
  if (pos_ > 0 && tail > 0) std::memmove(buffer_.data(), buffer_.data() + pos_, tail);
  pos_ = 0;
  filled_ = tail;
  if (buffer_.size() < filled_ + kChunkBytes) buffer_.resize(filled_ + kChunkBytes);
  in_->read(buffer_.data() + filled_, std::streamsize(kChunkBytes));
  const size_t got = size_t(in_->gcount());
  filled_ += got;
  if (got == 0) eof_ = true;
  data_ = std::string_view(buffer_.data(), filled_);
  return got > 0;
}

bool GameSplitter::read_line(std::string_view& line) {
  while (true) {
    const char* base = data_.data();
    const void* nl =
        pos_ < data_.size() ? std::memchr(base + pos_, '\n', data_.size() - pos_) : nullptr;
    if (nl != nullptr) {
      size_t end = size_t(static_cast<const char*>(nl) - base);
      line = data_.substr(pos_, end - pos_);
      pos_ = end + 1;
      ++line_number_;
      return true;
    }
    if (eof_ || !refill()) {
      if (pos_ >= data_.size()) return false;
      line = data_.substr(pos_);
      pos_ = data_.size();
      ++line_number_;
      return true;
    }
  }
}

bool GameSplitter::next(RawGame& out) {
  enum class Phase { Idle, Tags, Movetext };
  Phase phase = Phase::Idle;
  bool blank_after_tags = false, seen_event = false;
  MovetextScan scan;
  out.text.clear();
  out.source = source_;

  auto append = [&](std::string_view line) {
    out.text.append(line);
    out.text.push_back('\n');
  };
  // Keeps the line for the next game and ends this one.
  auto carry = [&](std::string_view line, int number) {
    carry_.assign(line);
    carry_line_ = number;
    has_carry_ = true;
    ++games_;
    return true;
  };

  while (true) {
    std::string_view line;
    int number;
    if (has_carry_) {
      has_carry_ = false;
      line = carry_;
      number = carry_line_;
    } else {
      if (!read_line(line)) break;
      number = line_number_;
    }
    if (line.substr(0, kByteOrderMark.size()) == kByteOrderMark)
      line.remove_prefix(kByteOrderMark.size());
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!line.empty() && line.front() == '%') {  // escape line: blank, keeping line numbers
      if (phase != Phase::Idle) out.text.push_back('\n');
      continue;
    }
    bool is_event = skip_spaces(line).starts_with("[Event ");

    switch (phase) {
      case Phase::Idle:
        if (is_blank(line)) continue;
        out.first_line = number;
        out.index = games_;
        append(line);
        if (starts_like_tag(line)) {
          phase = Phase::Tags;
          seen_event = is_event;
          continue;
        }
        phase = Phase::Movetext;
        if (scan.ends_game(line)) return ++games_, true;
        continue;

      case Phase::Tags:
        if (is_blank(line)) {
          blank_after_tags = true;
          append(line);
          continue;
        }
        if (starts_like_tag(line)) {
          // Tags after a blank line, or a second Event: the last game had no movetext.
          if (blank_after_tags || (is_event && seen_event)) return carry(line, number);
          seen_event |= is_event;
          append(line);
          continue;
        }
        phase = Phase::Movetext;
        append(line);
        if (scan.ends_game(line)) return ++games_, true;
        continue;

      case Phase::Movetext:
        // A new tag section: the game lacked its result, or a comment or
        // variation was left open (then only a whole tag pair counts).
        if (scan.in_comment || scan.depth > 0 ? is_tag_pair_line(line) : starts_like_tag(line))
          return carry(line, number);
        append(line);
        if (scan.ends_game(line)) return ++games_, true;
        continue;
    }
  }
  if (phase == Phase::Idle) return false;
  ++games_;
  return true;
}

std::vector<RawGame> split_games(std::string_view text, std::string_view source) {
  GameSplitter splitter(text, std::string(source));
  std::vector<RawGame> games;
  RawGame raw;
  while (splitter.next(raw)) games.push_back(raw);
  return games;
}

}  // namespace arbiter::pgn
