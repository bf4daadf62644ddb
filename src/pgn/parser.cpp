// Parsing one game's text: the tag section, then the movetext token by token,
// replaying the main line's SAN. Variations are scanned (so that their
// comments and parentheses nest correctly) but not replayed.
#include "arbiter/pgn/parser.h"

#include <algorithm>
#include <cstring>

#include "arbiter/core/fen.h"
#include "arbiter/core/notation.h"
#include "arbiter/pgn/san_match.h"
#include "arbiter/pgn/tags.h"
#include "movetext_bytes.h"

namespace arbiter::pgn {

namespace {

constexpr int kMaxNag = 255;

using detail::is_digit;
using detail::is_name_char;
using detail::is_space;
bool is_delimiter(char c) { return !detail::is_token_byte(c); }

// Traditional move suffix annotations and their NAGs (PGN standard 10).
int glyph_nag(std::string_view g) {
  if (g == "!") return 1;
  if (g == "?") return 2;
  if (g == "!!") return 3;
  if (g == "??") return 4;
  if (g == "!?") return 5;
  if (g == "?!") return 6;
  return 0;
}

std::string describe_byte(char c) {
  auto u = static_cast<unsigned char>(c);
  if (u >= 0x21 && u < 0x7F) return std::string("unexpected character '") + c + "'";
  static constexpr char kHex[] = "0123456789abcdef";
  return std::string("unexpected byte 0x") + kHex[u >> 4] + kHex[u & 15];
}

// Newlines, tabs, other control characters or runs of spaces. Written without
// branches so that it vectorises: it runs over every comment.
bool needs_tidying(std::string_view s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  size_t n = s.size();
  unsigned untidy = 0;
  for (size_t i = 0; i + 1 < n; ++i)
    untidy |= unsigned(p[i] < 0x20) | (unsigned(p[i] == ' ') & unsigned(p[i + 1] == ' '));
  if (n > 0) untidy |= unsigned(p[n - 1] < 0x20);
  return untidy != 0;
}

// Comment text as stored: trimmed, whitespace runs collapsed to one space.
std::string_view tidy_comment(std::string_view s, bool untidy, std::string& scratch) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  if (!untidy) return s;
  scratch.clear();
  for (size_t i = 0; i < s.size(); ++i) {
    if (!is_space(s[i])) {
      scratch.push_back(s[i]);
    } else if (!is_space(s[i - 1])) {  // s does not start with a space
      scratch.push_back(' ');
    }
  }
  return scratch;
}

class GameParser {
 public:
  GameParser(const RawGame& raw, Game& game, ParseError& error, const ParseOptions& options)
      : raw_(raw), game_(game), error_(error), options_(options), s_(raw.text), last_content_(0) {}

  bool parse() {
    game_.clear();
    game_.set_first_line(raw_.first_line);
    game_.reserve(s_.size() + s_.size() / 2, 0);
    if (!parse_tags() || !set_up_position()) return false;
    if (options_.observer) options_.observer->start(game_.start_position());
    return parse_movetext();
  }

 private:
  // Errors name the line of a byte offset, counted only then: the scanners
  // need not count newlines as they go.
  bool fail(size_t at, int ply, std::string message) {
    error_.source = raw_.source;
    error_.line = raw_.first_line + int(std::count(s_.begin(), s_.begin() + long(at), '\n'));
    error_.ply = ply;
    error_.message = std::move(message);
    error_.game_first_line = raw_.first_line;
    error_.game_index = raw_.index;
    return false;
  }
  int plies() const { return int(game_.ply_count()); }
  bool at_end() const { return i_ >= s_.size(); }

  void skip_spaces() {
    while (i_ < s_.size() && is_space(s_[i_])) ++i_;
  }
  // The rest of the line (a ';' comment), the newline left in place.
  std::string_view rest_of_line() {
    size_t start = i_;
    while (i_ < s_.size() && s_[i_] != '\n') ++i_;
    return s_.substr(start, i_ - start);
  }
  // From just after '{' to just after '}'; false (i_ unchanged) if unterminated.
  bool brace_comment(std::string_view& text) {
    const void* close = std::memchr(s_.data() + i_, '}', s_.size() - i_);
    if (close == nullptr) return false;
    size_t end = size_t(static_cast<const char*>(close) - s_.data());
    text = s_.substr(i_, end - i_);
    i_ = end + 1;
    if (options_.comments) comment_untidy_ = needs_tidying(text);
    return true;
  }

  // --- Tag section --------------------------------------------------------------
  bool parse_tags() {
    while (true) {
      skip_spaces();
      if (at_end())
        return fail(last_content_, 0,
                    game_.tag_count() ? "tag section without movetext (no result)" : "empty game");
      last_content_ = i_;
      if (s_[i_] == ';') {
        rest_of_line();
        continue;
      }
      if (s_[i_] != '[') return true;
      if (!tag_pair()) return false;
    }
  }

  bool tag_pair() {
    const size_t at = i_;
    ++i_;  // '['
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t')) ++i_;
    size_t name_start = i_;
    while (i_ < s_.size() && is_name_char(s_[i_])) ++i_;
    std::string_view name = s_.substr(name_start, i_ - name_start);
    if (name.empty()) return fail(at, 0, "malformed tag: no name");
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t')) ++i_;
    if (at_end() || s_[i_] != '"')
      return fail(at, 0, "malformed tag '" + std::string(name) + "': no quoted value");
    ++i_;
    size_t value_start = i_;
    bool escaped = false;
    while (i_ < s_.size() && s_[i_] != '"' && s_[i_] != '\n') {
      if (s_[i_] == '\\' && i_ + 1 < s_.size() && s_[i_ + 1] != '\n') {
        escaped = true;
        ++i_;
      }
      ++i_;
    }
    if (at_end() || s_[i_] != '"')
      return fail(at, 0, "unterminated value of tag '" + std::string(name) + "'");
    std::string_view value = s_.substr(value_start, i_ - value_start);
    ++i_;
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t')) ++i_;
    if (at_end() || s_[i_] != ']')
      return fail(at, 0, "malformed tag '" + std::string(name) + "': no closing ']'");
    ++i_;
    if (escaped) {
      scratch_.clear();
      for (size_t k = 0; k < value.size(); ++k) {
        if (value[k] == '\\' && k + 1 < value.size()) ++k;
        scratch_.push_back(value[k]);
      }
      value = scratch_;
    }
    game_.add_tag(name, value);
    if (name == "FEN") fen_at_ = at;
    if (name == "Variant") variant_at_ = at;
    if (name == "SetUp") setup_at_ = at;
    return true;
  }

  bool set_up_position() {
    bool chess960 = false;
    if (auto v = game_.tag("Variant")) {
      Variant variant = parse_variant(*v);
      if (variant == Variant::Unsupported)
        return fail(variant_at_, 0, "unsupported variant '" + std::string(*v) + "'");
      chess960 = variant == Variant::Chess960;
    }
    auto fen = game_.tag("FEN");
    if (!fen) {
      auto setup = game_.tag("SetUp");
      if (setup && *setup == "1") return fail(setup_at_, 0, "SetUp \"1\" without a FEN tag");
      if (chess960) return start_from(core::kStartFen, true, setup_at_);
      return true;
    }
    return start_from(*fen, chess960, fen_at_);
  }

  bool start_from(std::string_view fen, bool chess960, size_t at) {
    Result<core::Position> pos = core::parse_fen(fen, chess960);
    if (!pos) return fail(at, 0, "invalid FEN '" + std::string(fen) + "': " + pos.error());
    game_.set_start_position(pos.value());
    return true;
  }

  // --- Movetext -----------------------------------------------------------------
  bool parse_movetext() {
    while (true) {
      skip_spaces();
      if (at_end()) return fail(last_content_, plies(), "missing result (1-0, 0-1, 1/2-1/2 or *)");
      last_content_ = i_;
      char c = s_[i_];
      if (c == '{') {
        const size_t at = i_;
        ++i_;
        std::string_view text;
        if (!brace_comment(text)) return fail(at, plies(), "unterminated comment");
        if (options_.comments) add_comment(text);
      } else if (c == ';') {
        ++i_;
        std::string_view text = rest_of_line();
        if (!options_.comments) continue;
        comment_untidy_ = needs_tidying(text);
        add_comment(text);
      } else if (c == '(') {
        if (!skip_variation()) return false;
      } else if (c == ')') {
        return fail(i_, plies(), "')' without a variation to close");
      } else if (c == '}') {
        return fail(i_, plies(), "'}' without a comment to close");
      } else if (c == '$') {
        if (!nag()) return false;
      } else {
        size_t start = i_;
        while (i_ < s_.size() && detail::is_token_byte(s_[i_])) ++i_;
        std::string_view token = s_.substr(start, i_ - start);
        // Results start with '0', '1' or '*'; moves never do.
        if (c == '0' || c == '1' || c == '*') {
          if (auto result = parse_result_token(token)) {
            game_.set_result(*result);
            return after_result();
          }
        }
        if (!word(token)) return false;
      }
    }
  }

  // A token that is not a result: move number, SAN, or a glyph such as "!?".
  bool word(std::string_view token) {
    if (is_digit(token[0]) && !token.starts_with("0-0")) {
      size_t k = 0;
      while (k < token.size() && is_digit(token[k])) ++k;
      size_t digits = k;
      while (k < token.size() && token[k] == '.') ++k;
      if (k == digits && k < token.size()) return fail(i_, plies() + 1, describe_token(token));
      token.remove_prefix(k);  // "12.e4": the move follows the number
      if (token.empty()) return true;
    }
    size_t glyph_start = token.size();
    while (glyph_start > 0 && (token[glyph_start - 1] == '!' || token[glyph_start - 1] == '?'))
      --glyph_start;
    std::string_view glyph = token.substr(glyph_start);
    std::string_view san = token.substr(0, glyph_start);
    if (!san.empty() && !play(san)) return false;
    if (int nag = glyph_nag(glyph); nag != 0 && plies() > 0)
      game_.push_nag(game_.last_ply(), uint8_t(nag));
    return true;
  }

  std::string describe_token(std::string_view token) {
    for (char c : token)
      if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7F)
        return describe_byte(c);
    return "unexpected '" + std::string(token) + "'";
  }

  bool play(std::string_view san) {
    char first = san[0];
    bool plausible = (first >= 'a' && first <= 'h') || first == 'N' || first == 'B' ||
                     first == 'R' || first == 'Q' || first == 'K' || first == 'O' || first == '0';
    if (!plausible) {
      if (san == "--" || san == "Z0")
        return fail(i_, plies() + 1, "null move '" + std::string(san) + "' is not supported");
      return fail(i_, plies() + 1, describe_token(san));
    }
    const core::Position& pos = game_.final_position();
    core::Move move;
    SanText normal;
    const bool spelled = options_.san_text;
    if (spelled ? !match_san(pos, san, move, normal) : !match_san(pos, san, move)) {
      // Castling, or something wrong: core decides, and says what.
      Result<core::Move> m = core::parse_san(pos, san);
      if (!m) return fail(i_, plies() + 1, m.error());
      move = m.value();
      if (spelled) normal = san_without_suffix(pos, move);
    }
    if (spelled) {
      TextSpan written = game_.store(san);
      Ply& ply = game_.push_ply(move, written, written);
      if (char suffix = check_suffix(game_.final_position())) normal.push(suffix);
      if (normal.view() != san) ply.san = game_.store(normal.view());
    } else {
      game_.push_ply(move, {}, {});
    }
    if (options_.observer) options_.observer->ply(move, game_.final_position());
    return true;
  }

  bool nag() {
    const size_t at = i_;
    ++i_;  // '$'
    size_t start = i_;
    int value = 0;
    while (i_ < s_.size() && is_digit(s_[i_]) && value <= kMaxNag)
      value = value * 10 + (s_[i_++] - '0');
    if (i_ == start || value > kMaxNag || (i_ < s_.size() && !is_delimiter(s_[i_])))
      return fail(at, plies(), "malformed NAG");
    if (plies() > 0) game_.push_nag(game_.last_ply(), uint8_t(value));
    return true;
  }

  void add_comment(std::string_view raw_text) {
    std::string_view text = tidy_comment(raw_text, comment_untidy_, scratch_);
    if (text.empty()) return;
    if (plies() == 0) {
      game_.set_leading_comment_span(game_.append_text(game_.leading_comment_span(), text));
      return;
    }
    Ply& ply = game_.last_ply();
    ply.comment = game_.append_text(ply.comment, text);
    if (auto clock = find_clock_ms(text)) ply.clock_ms = *clock;
  }

  // From '(' to its matching ')', through nested variations and comments.
  bool skip_variation() {
    const size_t open_at = i_;
    int depth = 0;
    while (i_ < s_.size()) {
      char c = s_[i_];
      if (c == '(') {
        ++depth;
        ++i_;
      } else if (c == ')') {
        ++i_;
        if (--depth == 0) return true;
      } else if (c == '{') {
        const size_t at = i_;
        ++i_;
        std::string_view text;
        if (!brace_comment(text)) return fail(at, plies(), "unterminated comment in a variation");
      } else if (c == ';') {
        rest_of_line();
      } else {
        ++i_;
      }
    }
    return fail(open_at, plies(), "unterminated variation");
  }

  // Only comments may follow the result.
  bool after_result() {
    while (true) {
      skip_spaces();
      if (at_end()) return true;
      if (s_[i_] == '{') {
        const size_t at = i_;
        ++i_;
        std::string_view text;
        if (!brace_comment(text)) return fail(at, plies(), "unterminated comment");
      } else if (s_[i_] == ';') {
        rest_of_line();
      } else {
        return fail(i_, plies(), "text after the result");
      }
    }
  }

  const RawGame& raw_;
  Game& game_;
  ParseError& error_;
  const ParseOptions& options_;
  std::string_view s_;
  size_t i_ = 0;
  size_t last_content_;  // where the last token started, for errors at the end
  size_t fen_at_ = 0, variant_at_ = 0, setup_at_ = 0;  // offsets of those tags
  std::string scratch_;
  bool comment_untidy_ = false;  // set by whoever read the comment last
};

}  // namespace

std::string ParseError::to_string() const {
  return source + ":" + std::to_string(line) + ": ply " + std::to_string(ply) + ": " + message;
}

bool parse_game_into(const RawGame& raw, Game& out, ParseError& error,
                     const ParseOptions& options) {
  return GameParser(raw, out, error, options).parse();
}

ParsedGame parse_game(const RawGame& raw) {
  Game game;
  ParseError error;
  if (!parse_game_into(raw, game, error)) return error;
  return game;
}

ParsedGame parse_game(std::string_view text, std::string_view source) {
  RawGame raw;
  raw.text = std::string(text);
  raw.source = std::string(source);
  raw.first_line = 1;
  return parse_game(raw);
}

}  // namespace arbiter::pgn
